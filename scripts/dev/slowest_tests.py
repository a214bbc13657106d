#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Names the ten slowest tests of a ctest run (its output, as
scripts/test.sh keeps it) and of lit's suite (lit's .lit_test_times.txt),
so that a suite that grows shows where its time went.

    slowest_tests.py CTEST_LOG [LIT_TIMES] [--wall SECONDS] [-n 10]
"""
import argparse
import os
import re

# "12/540 Test #97: census_cpu ........   Passed  481.30 sec"
CTEST_LINE = re.compile(r"Test +#\d+: (\S+) \.+\s*(?:\*+)?(\w[\w ]*?)\s+"
                        r"([0-9.]+) sec")


def ctest_times(path):
    with open(path, errors="replace") as f:
        return [(float(m.group(3)), m.group(1), m.group(2))
                for m in map(CTEST_LINE.search, f) if m]


def lit_times(path):
    """lit's record: '<seconds> <test path>' per line (a negative time is a
    test that failed)."""
    rows = []
    with open(path) as f:
        for line in f:
            secs, _, name = line.strip().partition(" ")
            try:
                rows.append((abs(float(secs)), name, ""))
            except ValueError:
                pass
    return rows


def show(title, rows, n):
    print(f"{title}:")
    for secs, name, status in sorted(rows, reverse=True)[:n]:
        print(f"  {secs:8.1f} s  {name}{'  ' + status if status else ''}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("ctest_log")
    p.add_argument("lit_times", nargs="?")
    p.add_argument("--wall", type=int, help="the run's wall time, seconds")
    p.add_argument("-n", type=int, default=10)
    a = p.parse_args()
    rows = ctest_times(a.ctest_log)
    wall = f", {a.wall // 60} min {a.wall % 60} s of wall time" if a.wall else ""
    show(f"the {a.n} slowest of {len(rows)} ctest tests "
         f"({sum(r[0] for r in rows):.0f} s in all{wall})", rows, a.n)
    if a.lit_times and os.path.exists(a.lit_times):
        show(f"the {a.n} slowest lit tests (test/.lit_test_times.txt)",
             lit_times(a.lit_times), a.n)


if __name__ == "__main__":
    main()
