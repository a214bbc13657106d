#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What instrumenting a .pt2 costs, next to compiling its wrapper.

    bench_pt2.py PACKAGE.pt2 [--rules yaml-rules/pinpoint-ima.yaml]
                 [--rounds 5] [--tool build/bin/aoti-instrument]

Times, interleaved round by round on this machine:
  compile    the wrapper's own recorded compile command (the package's
             `// Compile cmd`, as aoti-instrument --print-compile-command
             adapts it: local paths, without the generating machine's
             precompiled prefix header, which does not exist elsewhere)
  compile+pch  the recorded command as it is, when its precompiled header
             exists here (the package was made on this machine)
  instrument `aoti-instrument PACKAGE -rules R -o out.pt2`: unpack, analyze,
             instrument, rebuild (kernels, weights, wrapper, link), repack
and prints medians, the ratio instrument / compile, and JSON lines.

The tool's caches (precompiled headers for its clang parse and for g++,
kernel objects) go to a fresh $AOTI_CACHE_DIR: the first instrumentation,
which builds them, is timed on its own ("instrument-first"), before the
rounds. A last run with --time-report gives where the time goes, phase by
phase ("phase" lines).
"""
import argparse
import glob
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(cmd, **kw):
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, **kw)
    return time.perf_counter() - t0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("package")
    p.add_argument("--rules", default=os.path.join(REPO, "yaml-rules", "pinpoint-ima.yaml"))
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--tool", default=os.environ.get(
        "AOTI_TOOL", os.path.join(REPO, "build", "bin", "aoti-instrument")),
        help="the tool, with arguments if any ($AOTI_TOOL by default)")
    a = p.parse_args()
    a.package = os.path.abspath(a.package)
    tool = shlex.split(a.tool)

    work = tempfile.mkdtemp(prefix="bench-pt2-")
    with zipfile.ZipFile(a.package) as z:
        name = next(n for n in z.namelist() if n.endswith("wrapper.cpp"))
        wrapper = os.path.join(work, os.path.basename(name))
        with open(wrapper, "wb") as f:
            f.write(z.read(name))
    text = open(wrapper).read()
    lines = text.count("\n")
    adapted = subprocess.run(tool + [wrapper, "--print-compile-command"],
                             capture_output=True, text=True, check=True).stdout
    variants = {"compile": shlex.split(adapted.strip())}
    recorded = text.split("// Compile cmd\n// ", 1)[1].split("\n", 1)[0]
    rec = shlex.split(recorded)
    if "-include" in rec and os.path.exists(rec[rec.index("-include") + 1]):
        src = next(t for t in rec if t.endswith("wrapper.cpp"))
        rec[rec.index(src)] = wrapper
        rec[rec.index("-o") + 1] = os.path.join(work, "pch.o")
        variants["compile+pch"] = rec
    out = os.path.join(work, "out.pt2")
    variants["instrument"] = tool + [a.package, "-rules", a.rules, "-o", out]

    # The tool's caches, cold at first (the torch headers of --torch-version
    # stay where they are: the tool is not asked to fetch any here).
    os.environ["AOTI_CACHE_DIR"] = os.path.join(work, "cache")
    first = timed(variants["instrument"], cwd=work)
    times = {k: [] for k in variants}
    for _ in range(a.rounds):
        for k, cmd in variants.items():
            # Each run compiles the wrapper: the build cache would otherwise
            # hand back the first run's object (same text, flags, compiler).
            for o in glob.glob(os.path.join(work, "cache", "build-cache",
                                            "wrapper-*.o")):
                os.remove(o)
            times[k].append(timed(cmd, cwd=work))
    base = statistics.median(times["compile"])
    print(f"{a.package}: wrapper of {lines} lines, {a.rounds} rounds, "
          f"rules {os.path.basename(a.rules)}")
    for k, t in times.items():
        m = statistics.median(t)
        print(f"  {k:12s} median {m:6.2f} s  (min {min(t):.2f}, max {max(t):.2f})"
              f"  {m / base:.2f}x compile")
        print(json.dumps({"package": os.path.basename(a.package), "lines": lines,
                          "variant": k, "median_s": round(m, 3),
                          "min_s": round(min(t), 3), "max_s": round(max(t), 3),
                          "x_compile": round(m / base, 3), "rounds": a.rounds}),
              file=sys.stderr)
    print(f"  {'instrument-first':12s} {first:6.2f} s (builds the caches)"
          f"  {first / base:.2f}x compile")
    print(json.dumps({"package": os.path.basename(a.package), "lines": lines,
                      "variant": "instrument-first", "median_s": round(first, 3),
                      "x_compile": round(first / base, 3), "rounds": 1}),
          file=sys.stderr)
    # Where the time goes: LLVM's timer table, "... Wall (pct)  name" rows.
    report = subprocess.run(variants["instrument"] + ["--time-report"], cwd=work,
                            capture_output=True, text=True, check=True).stderr
    row = re.compile(r"^\s*(?:[\d.]+\s+\(\s*[\d.]+%\)\s+){3}([\d.]+)\s+\(\s*[\d.]+%\)\s+(.+)$")
    print("  phases (one more run, --time-report):")
    for line in report.splitlines():
        m = row.match(line)
        if m and m.group(2).strip() != "Total":
            print(f"    {float(m.group(1)):6.2f} s  {m.group(2).strip()}")
            print(json.dumps({"package": os.path.basename(a.package),
                              "variant": "phase", "phase": m.group(2).strip(),
                              "wall_s": round(float(m.group(1)), 3)}),
                  file=sys.stderr)


if __name__ == "__main__":
    main()
