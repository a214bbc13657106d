#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the rebuild's sandbox costs, and what it changes: each package is
instrumented with `--sandbox=require` and `--sandbox=off`, in one process
tree, the two interleaved over rounds (the order flipped each round), with
a warm build cache (so that both rebuild the wrapper and link, as a user's
second run does).

    python3 scripts/bench/sandbox_cost.py --rounds 5 --rules nan-hunt \\
        --out results.jsonl PACKAGE.pt2...

Per run: the tool's wall time and, from `--time-report`, each program of
the rebuild (CPU seconds of it and its children, peak resident memory).
Per package: the median wall time of each variant, their ratio, the largest
CPU time and peak memory of any program (what the default limits of
lib/Package/BuildSandbox.h must stay above), the largest file the rebuild
wrote (the new .so), and whether the two variants' packages hold the same
bytes, entry by entry (a rebuild maps its work directory's random name
away: -ffile-prefix-map, lib/Package/Rebuild.cpp).
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

PROGRAM_LINE = re.compile(r"^\s+([0-9.]+)\s+([0-9.]+)\s+(.*)$")


def run_tool(tool, package, rules, out, sandbox, env):
    command = [tool, package, "-rules", rules, "-o", out, "--time-report",
               f"--sandbox={sandbox}"] + (
                   [f"--python={env['BENCH_PYTHON']}"] if env.get("BENCH_PYTHON")
                   else [])
    start = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{proc.stderr}")
    programs = []
    in_table = False
    for line in proc.stderr.splitlines():
        if "programs of the rebuild" in line:
            in_table = True
            continue
        m = PROGRAM_LINE.match(line) if in_table else None
        if m:
            programs.append({"what": m.group(3), "cpu_s": float(m.group(1)),
                             "peak_mib": float(m.group(2))})
    return wall, programs


def entries(package):
    """The package's entries, name -> bytes (the zip's timestamps aside)."""
    with zipfile.ZipFile(package) as z:
        return {info.filename: z.read(info) for info in z.infolist()}


def largest_so(package):
    with zipfile.ZipFile(package) as z:
        return max((i.file_size for i in z.infolist()
                    if i.filename.endswith(".so")), default=0)


def cache_dir():
    """The tool's cache directory (lib/Support/CacheDir.cpp's rule)."""
    return os.environ.get("AOTI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "aoti-instrument")


def measure(args, package, scratch, log):
    env = dict(os.environ)
    if args.python:
        env["BENCH_PYTHON"] = args.python
    outs = {v: os.path.join(scratch, f"{v}.pt2") for v in ("require", "off")}
    # Warm the build cache: precompiled header, kernels, runtime object.
    run_tool(args.tool, package, args.rules, outs["off"], "off", env)
    walls = {"require": [], "off": []}
    programs = []
    for r in range(args.rounds):
        order = ["require", "off"] if r % 2 == 0 else ["off", "require"]
        for variant in order:
            if os.path.exists(outs[variant]):
                os.remove(outs[variant])
            # Each run compiles the wrapper, as a new package's rebuild does
            # (the build cache would hand back the warm-up's object).
            for o in glob.glob(os.path.join(cache_dir(), "build-cache",
                                            "wrapper-*.o")):
                os.remove(o)
            wall, progs = run_tool(args.tool, package, args.rules,
                                   outs[variant], variant, env)
            walls[variant].append(wall)
            programs += progs
            log.write(json.dumps({"event": "run", "package": package,
                                  "round": r, "sandbox": variant,
                                  "wall_s": round(wall, 3),
                                  "programs": progs}) + "\n")
    same = entries(outs["require"]) == entries(outs["off"])
    summary = {
        "event": "package", "package": package,
        "wall_require_s": round(statistics.median(walls["require"]), 3),
        "wall_off_s": round(statistics.median(walls["off"]), 3),
        "ratio": round(statistics.median(walls["require"]) /
                       statistics.median(walls["off"]), 4),
        "max_cpu_s": max((p["cpu_s"] for p in programs), default=0),
        "max_peak_mib": max((p["peak_mib"] for p in programs), default=0),
        "largest_so_bytes": largest_so(outs["require"]),
        "identical": same,
    }
    log.write(json.dumps(summary) + "\n")
    return summary


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("packages", nargs="+")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--rules", default="nan-hunt")
    p.add_argument("--tool", default="aoti-instrument")
    p.add_argument("--out", default="sandbox-cost.jsonl")
    p.add_argument("--python", help="the python3 whose torch rebuilds the "
                   "packages (--python of the tool; default: PATH's)")
    args = p.parse_args()
    rows = []
    with open(args.out, "w") as log, tempfile.TemporaryDirectory() as scratch:
        for package in args.packages:
            rows.append(measure(args, os.path.abspath(package), scratch, log))
            log.flush()
    print("| package | require (s) | off (s) | ratio | max CPU s | "
          "max peak MiB | largest .so MiB | identical |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {os.path.basename(os.path.dirname(r['package']))}/"
              f"{os.path.basename(r['package'])} | {r['wall_require_s']} | "
              f"{r['wall_off_s']} | {r['ratio']} | {r['max_cpu_s']} | "
              f"{r['max_peak_mib']} | {r['largest_so_bytes'] / 2**20:.1f} | "
              f"{'yes' if r['identical'] else 'NO'} |")
    return 0 if all(r["identical"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
