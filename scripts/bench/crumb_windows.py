#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What sparse breadcrumbs cost and what a core dump can resolve with them,
for each spacing, from a package's launch list (docs/benchmarks.md,
"Windows that a core dump can resolve").

    crumb_windows.py PACKAGE... [--spacings 4,5,6,8] [--tool aoti-instrument]
                     [-- TOOL_ARGS...]

For run_impl's launches on its own stream (`aoti-instrument --list=json`),
each spacing N is printed two ways, as crumbs a run writes and the share
of its Triton launches whose fault `explain` could not pin down (another
launch of the same cubin function in the fault's window):

  every N    a crumb after every Nth launch (`breadcrumb: {every: N}`),
             counted across runs, averaged over the N ways the count can
             fall on a run
  window N   `breadcrumb: {window: N}`: the planner's rule restated
             (lib/Instrument/Planner.cpp, WindowPlacer): a window closes at
             N launches, before a Triton kernel it already holds once it
             holds N / 2, and at the last launch; also prints where

The window rule is restated here to ask "what if N were different" of
models the tool has not instrumented; test/bench/crumb_windows.test checks
that it places the crumbs where the tool does. A user Triton kernel's cubin
function is its name less the "_<digits>" AOTI adds.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crumb_placement import launches  # noqa: E402


def dumped_kernel(site):
    """What a core dump names the launch by; None for extern ops."""
    if site["kind"] == "triton":
        return site["kernel"]
    if site["kind"] == "user_triton":
        return re.sub(r"_\d+$", "", site["kernel"])
    return None


def ambiguous(windows):
    """Share of the Triton launches that share their window with another
    launch of their kernel."""
    kernels = [k for w in windows for k in w if k]
    bad = sum(1 for w in windows for k in w if k and w.count(k) > 1)
    return bad / len(kernels) if kernels else 0.0


def every(kernels, n):
    """(crumbs a run writes, ambiguous share) of a crumb per N launches,
    counted across runs (the next run's launches follow the last one), over
    the N ways the count can fall."""
    total = len(kernels)
    bad = count = 0
    for a in range(n):
        for f, k in enumerate(kernels):
            if not k:
                continue
            start = f - (f + a) % n
            block = [kernels[(start + i) % total] for i in range(n)]
            count += 1
            bad += block.count(k) > 1
    return total / n, (bad / count if count else 0.0)


def window(kernels, n):
    """The window rule: the launches whose crumb closes a window."""
    cuts, members = [], []
    for i, k in enumerate(kernels):
        if members and (len(members) >= n or (
                len(members) >= (n + 1) // 2 and k and k in members)):
            cuts.append(i - 1)
            members = []
        members.append(k)
    return cuts + [len(kernels) - 1]


def split(kernels, cuts):
    windows, start = [], 0
    for c in cuts:
        windows.append(kernels[start:c + 1])
        start = c + 1
    return windows


def main():
    argv = sys.argv[1:]
    tool_args = []
    if "--" in argv:
        cut = argv.index("--")
        argv, tool_args = argv[:cut], argv[cut + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("packages", nargs="+")
    p.add_argument("--spacings", default="4,5,6,8")
    p.add_argument("--tool", default="aoti-instrument")
    a = p.parse_args(argv)
    for package in a.packages:
        sites = launches(a.tool, package, tool_args)
        kernels = [dumped_kernel(s) for s in sites]
        ordinals = [s["ordinal"] for s in sites]
        print(f"{package}: {len(sites)} launches")
        for n in (int(x) for x in a.spacings.split(",")):
            w, share = every(kernels, n)
            print(f"  every {n}: {w:.1f} crumbs, "
                  f"{100 * share:.0f}% of Triton faults ambiguous")
            cuts = window(kernels, n)
            share = ambiguous(split(kernels, cuts))
            print(f"  window {n}: {len(cuts)} crumbs, "
                  f"{100 * share:.0f}% of Triton faults ambiguous, closing "
                  f"at {','.join(str(ordinals[c]) for c in cuts)}")


if __name__ == "__main__":
    main()
