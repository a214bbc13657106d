#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where a test run's CPU time went, from Linux process accounting: CPU
seconds (user + system) by program, overall and for each ctest test (every
process counted under the ctest child it descends from; a test is shown by
its first program and its elapsed time, which ctest's log also prints).

    touch /tmp/acct && accton /tmp/acct   # as root; Debian package acct
    (cd build && ctest -j2); accton off
    scripts/dev/cpu_by_test.py /tmp/acct [-n 40]

A process's record is written when it exits; the program is its first 15
characters (comm). dump-acct (from acct) reads the file.
"""
import argparse
import collections
import subprocess


def read_processes(path):
    """pid -> (program, CPU seconds, elapsed seconds, parent pid); a reused
    pid keeps its last record."""
    out = subprocess.run(["dump-acct", path], capture_output=True, text=True,
                         check=True).stdout
    procs = {}
    for line in out.splitlines():
        f = [x.strip() for x in line.split("|")]
        if len(f) < 11:
            continue
        # comm|version|utime|stime|etime|uid|gid|mem|io|pid|ppid|...,
        # times in ticks of 1/100 s.
        procs[f[9]] = (f[0], (float(f[2]) + float(f[3])) / 100,
                       float(f[4]) / 100, f[10])
    return procs


def test_of(pid, procs, roots):
    """The ctest child that `pid` descends from, or None."""
    for _ in range(256):
        if pid in roots:
            return pid
        if pid not in procs:
            return None
        pid = procs[pid][3]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("acct", help="the process-accounting file")
    ap.add_argument("-n", type=int, default=40, help="tests to show")
    args = ap.parse_args()
    procs = read_processes(args.acct)
    by_program = collections.Counter()
    for comm, cpu, _, _ in procs.values():
        by_program[comm] += cpu
    print("CPU seconds in all: %.0f" % sum(by_program.values()))
    for comm, cpu in by_program.most_common(25):
        print("%8.0f  %s" % (cpu, comm))
    ctest = {pid for pid, p in procs.items() if p[0] == "ctest"}
    roots = {pid for pid, p in procs.items() if p[3] in ctest}
    per_test = collections.defaultdict(lambda: collections.defaultdict(list))
    for pid, (comm, cpu, _, _) in procs.items():
        root = test_of(pid, procs, roots)
        if root:
            per_test[root][comm].append(cpu)
    print("\ntest (first program, elapsed s), CPU s; its programs as "
          "PROGRAM xPROCESSES CPU s")
    ranked = sorted(per_test.items(),
                    key=lambda kv: -sum(map(sum, kv[1].values())))
    for root, programs in ranked[:args.n]:
        comm, _, elapsed, _ = procs[root]
        top = sorted(programs.items(), key=lambda kv: -sum(kv[1]))[:5]
        print("%-16s %7.1f %7.1f  %s" % (
            comm, elapsed, sum(map(sum, programs.values())),
            ", ".join("%s x%d %.0f s" % (c, len(v), sum(v)) for c, v in top)))


if __name__ == "__main__":
    main()
