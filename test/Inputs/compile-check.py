#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Instruments a wrapper with every preset (the default output, which
includes aoti_instrument_runtime.h written beside it; with --all-modes the
first preset also with --embed-runtime) and compiles each output with the
wrapper's own language flags (-std=c++17, AOTI's defines, -Wall -pedantic as
in its compile command) and the real torch headers.

    compile-check.py [--std=c++20] [--overlay=DIR] [--all-modes] WRAPPER PRESETS_DIR TORCH_INCLUDE COMPILER...

--overlay=DIR puts DIR before the torch include dir, for the tool and the
compilers (lit's %derived_overlay: the two 2.13 headers the
2.13+ forms need). Prints `PRESET COMPILER: ok` or the first diagnostics;
exits 1 on any error or any warning in code aoti-instrument inserted.

The torch headers the wrapper includes (its `#include <...>` lines, which
come first in every output) are parsed once per compiler into a
precompiled header (g++'s .gch, clang's .pch) that each output's check
starts from: the same declarations, a third less time. nvcc's host pass
and a compiler that cannot make one parse them every time.

A check that passed is remembered in $AOTI_CACHE_DIR/compile-check, keyed
by what decides it, as ccache keys an object: the compiler (path, size,
time, --version), the flags, the bytes of every file the output's
directory holds (the output and the runtime header beside it) and of the
overlay, and the identity of torch's and CUDA's headers (path, size, time
of their version files). The same output checked again by the same
compiler is not compiled again; any change to what aoti-instrument writes
is. AOTI_TEST_NO_CACHE=1 compiles everything.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from result_cache import CompileChecks  # noqa: E402


def precompiled_prefix(cc, text, flags, tmp):
    """Flags that start a compile of an output of `text` from a
    precompiled header of its angle-bracket includes, or [] when `cc`
    makes none."""
    kind = os.path.basename(cc)
    if kind == "nvcc":
        return []
    d = os.path.join(tmp, "pch-" + kind)
    os.makedirs(d)
    prefix = os.path.join(d, "prefix.h")
    with open(prefix, "w") as f:
        f.writelines(l + "\n" for l in text.splitlines()
                     if re.match(r"\s*#\s*include\s*<", l))
    clang = "clang" in kind
    out = prefix + (".pch" if clang else ".gch")
    base = [f for f in flags if f != "-fsyntax-only"]
    r = subprocess.run([cc, "-x", "c++-header"] + base + [prefix, "-o", out],
                       capture_output=True, text=True)
    if r.returncode:
        print(f"note: {kind} made no precompiled header; parsing in full",
              file=sys.stderr)
        return []
    return ["-include-pch", out] if clang else ["-include", prefix,
                                                "-Winvalid-pch"]


def main():
    args = sys.argv[1:]
    std, overlay, all_modes = "c++17", None, False
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt.startswith("--std="):
            std = opt[len("--std="):]
        elif opt.startswith("--overlay="):
            overlay = opt[len("--overlay="):]
        elif opt == "--all-modes":
            all_modes = True
    wrapper, presets, torch_include = args[0:3]
    compilers = args[3:]
    text = open(wrapper).read()
    includes = ([f"-I{overlay}"] if overlay else []) + [
        f"-I{torch_include}", "-I/usr/local/cuda/include"]
    lang = [f"-std={std}", "-DTORCH_INDUCTOR_CPP_WRAPPER",
            "-DSTANDALONE_TORCH_HEADER", "-DC10_USING_CUSTOM_GENERATED_MACROS"]
    if "aoti_include/cuda.h" in text:
        lang.append("-DUSE_CUDA")
    flags = (["-fsyntax-only"] + lang +
             ["-Wall", "-Wno-unused-variable", "-Wno-unknown-pragmas"] + includes)
    tool_flags = ([f"--torch-include={torch_include}"] if not overlay else
                  ["--"] + lang + includes)
    failed = 0
    cache = CompileChecks(torch_include, overlay)
    with tempfile.TemporaryDirectory() as tmp:
        pch = {}
        jobs = []
        for i, rules in enumerate(sorted(glob.glob(os.path.join(presets, "*.yaml")))):
            name = os.path.basename(rules)[:-5]
            jobs.append((name, rules, []))
            if i == 0 and all_modes:
                jobs.append((name + "+embed", rules, ["--embed-runtime"]))
        for name, rules, mode in jobs:
            os.makedirs(os.path.join(tmp, name))
            out = os.path.join(tmp, name, "model.wrapper.cpp")
            # The rules named from their directory: the output's first line
            # quotes the path, and a result is kept for any clone's path.
            subprocess.run(["aoti-instrument", os.path.abspath(wrapper),
                            "-rules", os.path.basename(rules), "-o", out] +
                           mode + tool_flags, check=True, capture_output=True,
                           cwd=os.path.dirname(os.path.abspath(rules)))
            for cc in compilers:
                cmd = [cc] + flags + [out]
                if os.path.basename(cc) == "nvcc":
                    # nvcc compiles host code with its host compiler; the
                    # check runs there, as -fsyntax-only.
                    cmd = ([cc, "-x", "c++", "-Xcompiler", "-fsyntax-only",
                            "-c", "-o", os.path.join(tmp, "x.o")] +
                           [f for f in flags if f != "-fsyntax-only" and
                            not f.startswith("-W")] + [out])
                key = cache.key(cc, cmd, os.path.dirname(out), tmp)
                if cache.passed(key):
                    print(f"{name} {os.path.basename(cc)}: ok")
                    continue
                if cc not in pch:
                    pch[cc] = precompiled_prefix(cc, text, flags, tmp)
                if os.path.basename(cc) != "nvcc":
                    cmd = [cc] + flags + pch[cc] + [out]
                r = subprocess.run(cmd, capture_output=True, text=True)
                ours = [l for l in r.stderr.splitlines()
                        if "warning" in l and ("aoti_rt" in l or
                                               "aoti_instrument_runtime" in l or
                                               "aoti-instrument" in l)]
                if r.returncode or ours:
                    failed = 1
                    print(f"{name} {os.path.basename(cc)}: FAILED")
                    print("\n".join((ours or r.stderr.splitlines())[:10]))
                else:
                    cache.remember(key)
                    print(f"{name} {os.path.basename(cc)}: ok")
    return failed


if __name__ == "__main__":
    sys.exit(main())
