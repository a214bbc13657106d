#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a compile check (a compiler command that must succeed, such as
`g++ -fsyntax-only -Werror header.h`) unless the same check passed before,
as test/Inputs/compile-check.py does for the lit tests' outputs.

    cached-compile.py --root DIR --torch-include DIR --inputs PATH... \\
        -- COMPILER ARGS...

A check that passed is remembered in $AOTI_CACHE_DIR/compile-check, keyed
by what decides it (test/result_cache.py): the compiler (path, size, time,
--version), the arguments (with --root, the checkout, written as <root>, so
that every clone of the same tree shares the result), the bytes of every
file under each --inputs path (a directory, recursively, or a file) named
by its path under --root, and the identity of torch's and CUDA's headers.
A change to any input file compiles again; AOTI_TEST_NO_CACHE=1 compiles
every time. The compiler's output is printed and its exit status returned.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from result_cache import CompileChecks  # noqa: E402


def input_files(paths):
    """Every file under each path (a file, or a directory recursively),
    sorted, each once."""
    found = set()
    for p in paths:
        if os.path.isfile(p):
            found.add(os.path.abspath(p))
        for d, _, files in os.walk(p):
            found.update(os.path.abspath(os.path.join(d, f)) for f in files)
    return sorted(found)


def key_of(checks, root, inputs, cmd):
    """The result cache's key of `cmd` over the bytes of `inputs`, the
    checkout written as <root> in arguments and file names."""
    root = os.path.abspath(root) + os.sep
    return checks.key_of(
        cmd[0], [arg.replace(root, "<root>/") for arg in cmd],
        [(f.replace(root, "<root>/"), f) for f in input_files(inputs)])


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="%(prog)s --root DIR --torch-include DIR --inputs PATH... "
              "-- COMPILER ARGS...")
    ap.add_argument("--root", required=True)
    ap.add_argument("--torch-include", required=True)
    ap.add_argument("--inputs", nargs="+", required=True)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("no compiler command after --")
    checks = CompileChecks(a.torch_include, None)
    key = key_of(checks, a.root, a.inputs, cmd)
    if checks.passed(key):
        print("passed before (test/result_cache.py), not compiled again: "
              + " ".join(cmd[:1] + cmd[-1:]))
        return 0
    rc = subprocess.run(cmd).returncode
    if rc == 0:
        checks.remember(key)
    return rc


if __name__ == "__main__":
    sys.exit(main())
