#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Rules files that place a model's sparse breadcrumbs by hand, to measure
whether WHERE a crumb is written changes its cost (docs/benchmarks.md,
"Where a crumb goes").

    crumb_placement.py PACKAGE OUTDIR [--gap 4] [--tool aoti-instrument]
                       [-- TOOL_ARGS...]

PACKAGE (a .pt2 or wrapper.cpp) is listed with `aoti-instrument --list=json`;
for run_impl's launches on its own stream, in ordinal order, each policy
picks the launches a crumb follows, at most GAP launches apart (the window
pinpoint-ima-sparse promises), and writes OUTDIR/crumbs-<policy>.yaml:

  before-extern  the last launch of each window that comes just before an
                 extern call (cuDNN, cuBLAS: host-heavy, so the GPU waits
                 for the host anyway while the crumb's memory operation runs)
  after-extern   the last extern call of each window (the crumb queues
                 behind the library's kernel while Triton launches follow)
  static-every   every GAP-th launch by ordinal (the preset's spacing, fixed)

Each file also gives every launch `breadcrumb: {every: 64}`, so that all of
them are recorded for the report (and one crumb per 64 launches is written
by count, in every variant alike). Prints the number of crumbs of each.
"""
import argparse
import json
import os
import subprocess
import sys


def wrappers(listing):
    """The wrapper listings (objects with "sites") in a --list=json of a
    wrapper or of a package (which nests one per model)."""
    if isinstance(listing, dict):
        if "sites" in listing:
            return [listing]
        listing = list(listing.values())
    if isinstance(listing, list):
        return [w for v in listing for w in wrappers(v)]
    return []


def launches(tool, package, tool_args):
    out = subprocess.run([tool, "--list=json", *tool_args, package],
                         check=True,
                         capture_output=True, text=True).stdout
    sites = [s for m in wrappers(json.loads(out)) for s in m["sites"]
             if s["function"] == "run_impl" and s["stream_lane"] == 0]
    return sorted(sites, key=lambda s: s["ordinal"])


def place(sites, gap, good):
    """Ordinals a crumb follows: from each crumb, the furthest launch within
    GAP for which good(i) holds, else the GAP-th; and the last launch."""
    chosen, last = [], -1
    while last + gap < len(sites) - 1:
        window = range(last + 1, last + gap + 1)
        pick = max((i for i in window if good(i)), default=last + gap)
        chosen.append(pick)
        last = pick
    chosen.append(len(sites) - 1)
    return [sites[i]["ordinal"] for i in chosen]


def policies(sites, gap):
    extern = [s["kind"] == "extern" for s in sites]
    n = len(sites)
    return {
        "before-extern": place(sites, gap,
                               lambda i: i + 1 < n and extern[i + 1]),
        "after-extern": place(sites, gap, lambda i: extern[i]),
        "static-every": place(sites, gap, lambda i: False),
    }


def rules_text(policy, ordinals, gap):
    return (
        "version: 1\n"
        f"description: \"sparse crumbs placed {policy} (at most {gap} "
        "launches apart; scripts/bench/crumb_placement.py)\"\n"
        "rules:\n"
        "  - name: recorded\n"
        "    breadcrumb: {every: 64}\n"
        "  - name: placed\n"
        f"    match: {{ordinals: \"{','.join(map(str, ordinals))}\"}}\n"
        "    breadcrumb: true\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package")
    ap.add_argument("outdir")
    ap.add_argument("--gap", type=int, default=4)
    ap.add_argument("--tool", default="aoti-instrument")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    a = ap.parse_args(argv[:cut])
    # After --: more arguments of `--list=json` (e.g. --torch-include=DIR).
    sites = launches(a.tool, a.package, argv[cut + 1:])
    os.makedirs(a.outdir, exist_ok=True)
    for policy, ordinals in policies(sites, a.gap).items():
        path = os.path.join(a.outdir, f"crumbs-{policy}.yaml")
        with open(path, "w") as f:
            f.write(rules_text(policy, ordinals, a.gap))
        print(f"{policy}: {len(ordinals)} crumbs over {len(sites)} "
              f"launches -> {path}")


if __name__ == "__main__":
    main()
