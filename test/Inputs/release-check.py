#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks aoti-instrument on one real wrapper of a torch release, parsed with
that release's own headers (--torch-version=X.Y, from the cache):

  1. --list=json exits 0 and agrees with launch-oracle.py, kernel by kernel;
  2. -rules PRESET instruments it, for each --preset given;
  3. the instrumented wrapper compiles (COMPILER -fsyntax-only) with the
     language flags of its own compile command (-std, -D, -m*, -fopenmp from
     the // Compile cmd trailer or *_compile_flags.json) against the same
     headers; when it does not, the original is compiled too, to tell a
     problem of the inserted code from one of the wrapper or the compiler.

    release-check.py CASE_DIR --release X.Y --headers INCLUDE --preset RULES
                     [--preset RULES...] [--compiler g++]

Prints one line per step (`list: N sites, oracle agrees`, `instrument:
RULES ok`, `compile: g++ ok`) and exits 1 at the first failure, with the
tool's or the compiler's first lines of diagnostics.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from result_cache import CompileChecks  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, **kwargs)


def fail(step, output):
    print(f"{step}: FAILED")
    print("\n".join(output.strip().splitlines()[:15]))
    sys.exit(1)


def trailer_tokens(text):
    marker = "// Compile cmd\n//"
    pos = text.find(marker)
    if pos < 0:
        return None
    line = text[pos + len(marker):].split("\n", 1)[0]
    return shlex.split(line)


def language_flags(case_dir, text):
    """-std, -D, -m* and -fopenmp of the wrapper's own compile command."""
    flags = []
    tokens = trailer_tokens(text)
    if tokens is not None:
        it = iter(tokens[1:])
        for tok in it:
            if tok in ("-D", "-U"):
                flags.append(tok + next(it, "").strip())
            elif tok.startswith(("-D", "-U", "-std=", "-m")) or tok == "-fopenmp":
                flags.append(tok)
        return flags
    jsons = [f for f in os.listdir(case_dir) if f.endswith("_compile_flags.json")]
    if not jsons:
        return ["-std=c++17", "-DTORCH_INDUCTOR_CPP_WRAPPER",
                "-DSTANDALONE_TORCH_HEADER",
                "-DC10_USING_CUSTOM_GENERATED_MACROS"]
    with open(os.path.join(case_dir, jsons[0])) as f:
        data = json.load(f)
    flags += ["-D" + d.strip() for d in data.get("definitions", [])]
    for c in data.get("cflags", []):
        if c.startswith(("std=", "m")) or c == "fopenmp":
            flags.append("-" + c)
    for p in data.get("passthrough_args", []):
        flags += [a for a in p.split() if a.startswith("-m")]
    return flags


def instrument_and_compile(args, tool, wrapper, text, rules, tmp):
    """Instruments the wrapper with `rules` and compiles the output."""
    preset = os.path.basename(rules)[:-len(".yaml")]
    os.makedirs(os.path.join(tmp, preset))
    out = os.path.join(tmp, preset, "instrumented.wrapper.cpp")
    # The rules named from their directory: the output's first line
    # quotes the path, and a passed check is kept for any clone's path.
    inst = run([os.path.abspath(a) if a == wrapper else a for a in tool] +
               ["-rules", os.path.basename(rules), "-o", out],
               cwd=os.path.dirname(os.path.abspath(rules)))
    if inst.returncode:
        fail("instrument", inst.stderr)
    print(f"instrument: {preset} ok")

    cc = [args.compiler, "-fsyntax-only", "-w"] + language_flags(
        args.case_dir, text) + [
            f"-I{args.headers}",
            f"-I{args.headers}/torch/csrc/api/include"]
    checks = CompileChecks(args.headers, None)
    key = checks.key(args.compiler, cc, os.path.dirname(out), tmp)
    compiled = (subprocess.CompletedProcess(cc, 0) if checks.passed(key)
                else run(cc + [out]))
    if compiled.returncode == 0:
        checks.remember(key)
    if compiled.returncode:
        original = run(cc + [wrapper])
        fail(f"compile: {os.path.basename(args.compiler)} "
             f"({'the original compiles' if original.returncode == 0 else 'the original fails too'})",
             compiled.stderr)
    print(f"compile: {os.path.basename(args.compiler)} ok")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case_dir")
    parser.add_argument("--release", required=True)
    parser.add_argument("--headers", required=True,
                        help="the release's torch/include")
    parser.add_argument("--preset", required=True, action="append",
                        help="rules to instrument with (again for more)")
    parser.add_argument("--compiler", default="g++")
    args = parser.parse_args()
    wrapper = os.path.join(args.case_dir, "wrapper.cpp")
    with open(wrapper) as f:
        text = f.read()
    tool = ["aoti-instrument", wrapper, f"--torch-version={args.release}"]

    with tempfile.TemporaryDirectory() as tmp:
        listed = run(tool + ["--list=json"])
        if listed.returncode:
            fail("list", listed.stderr)
        sites = os.path.join(tmp, "sites.json")
        with open(sites, "w") as f:
            f.write(listed.stdout)
        count = len(json.loads(listed.stdout)["sites"])
        oracle = run([sys.executable, os.path.join(HERE, "launch-oracle.py"),
                      wrapper, sites])
        if oracle.returncode:
            fail("list", oracle.stdout + oracle.stderr)
        print(f"list: {count} sites, oracle agrees")

        for rules in args.preset:
            instrument_and_compile(args, tool, wrapper, text, rules, tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
