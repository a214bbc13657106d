#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the instrumentation adds to a wrapper's own compile.

    bench_compile.py WRAPPER.cpp [--rules yaml-rules/pinpoint-ima.yaml]
                     [--rounds 3] [--tool build/bin/aoti-instrument]

The wrapper is instrumented two ways, each into its own directory:
  include   the default `-o`: includes aoti_instrument_runtime.h, written
            beside it (built alone with the wrapper's own command; what the
            CMake step, cmake/AOTIInstrument.cmake, compiles too)
  embed     `--embed-runtime`: the runtime pasted in
Then the original and each output are compiled with the wrapper's own
recorded command as `--print-compile-command` adapts it to this machine,
interleaved round by round. Prints medians and each ratio to the original,
and JSON lines on stderr.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

from bench_pt2 import timed  # noqa: E402  (same directory)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("wrapper")
    p.add_argument("--rules", default=os.path.join(REPO, "yaml-rules", "pinpoint-ima.yaml"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--tool", default=os.environ.get(
        "AOTI_TOOL", os.path.join(REPO, "build", "bin", "aoti-instrument")))
    a = p.parse_args()
    tool = shlex.split(a.tool)
    work = tempfile.mkdtemp(prefix="bench-compile-")
    outputs = {"original": None}
    for name, flag in (("include", []), ("embed", ["--embed-runtime"])):
        os.makedirs(os.path.join(work, name))
        outputs[name] = os.path.join(work, name, "wrapper.cpp")
        subprocess.run(tool + [a.wrapper, "-rules", a.rules, "-o", outputs[name]]
                       + flag, check=True, stderr=subprocess.DEVNULL)
    variants = {}
    for name, out in outputs.items():
        extra = ["-o", out] if out else []
        cmd = subprocess.run(tool + [os.path.abspath(a.wrapper),
                                     "--print-compile-command"] + extra,
                             capture_output=True, text=True, check=True).stdout
        argv = shlex.split(cmd.strip())
        argv[argv.index("-o") + 1] = os.path.join(work, name + ".o")
        variants[name] = argv
    times = {k: [] for k in variants}
    for _ in range(a.rounds):
        for k, argv in variants.items():
            times[k].append(timed(argv, cwd=work))
    base = statistics.median(times["original"])
    print(f"{a.wrapper}: {a.rounds} rounds, rules {os.path.basename(a.rules)}")
    for k, t in times.items():
        m = statistics.median(t)
        print(f"  {k:12s} median {m:6.2f} s (min {min(t):.2f}, max {max(t):.2f})"
              f"  {m / base:.2f}x")
        print(json.dumps({"wrapper": a.wrapper, "variant": k, "median_s": round(m, 3),
                          "min_s": round(min(t), 3), "max_s": round(max(t), 3),
                          "x_original": round(m / base, 3), "rounds": a.rounds}),
              file=sys.stderr)


if __name__ == "__main__":
    main()
