#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares what upstream's intermediate value printer (level 2) prints with
what an aoti-instrument output probes.

    printer-coverage.py UPSTREAM_PRINTER_WRAPPER INSTRUMENTED_WRAPPER

Upstream: `aoti_torch_print_tensor_handle(buf1, "before_launch - K - buf1")`.
Ours: `{ // aoti-instrument: before #1 K` followed by a TensorRef list.
Prints one line per (phase, kernel) that ours covers beyond upstream, then
`covered: N of N upstream (phase, kernel, tensor) triples`, and exits 1 if
any upstream triple is missing from ours.
"""
import re
import sys

UPSTREAM = re.compile(
    r'aoti_torch_print_tensor_handle\(\w+, "(before|after)_launch - (\w+) - (\w+)"\)')
OURS_HEAD = re.compile(r"\{ // aoti-instrument: (before|after) #\d+ (\w+)")
OURS_TENSOR = re.compile(r'\{"(\w+)", ::aoti_rt::k\w+, \w+\}')


def upstream_triples(text):
    return {m.groups() for m in UPSTREAM.finditer(text)}


def our_triples(text):
    triples, current = set(), None
    for line in text.splitlines():
        head = OURS_HEAD.search(line)
        if head:
            current = head.groups()
            continue
        if current and "aoti_rt_t[]" in line:
            for name in OURS_TENSOR.findall(line):
                triples.add(current + (name,))
            current = None
    return triples


def main():
    up = upstream_triples(open(sys.argv[1]).read())
    ours = our_triples(open(sys.argv[2]).read())
    missing = sorted(up - ours)
    extra = sorted(ours - up)
    for phase, kernel, tensor in extra:
        print(f"extra: {phase} {kernel} {tensor}")
    for phase, kernel, tensor in missing:
        print(f"missing: {phase} {kernel} {tensor}")
    print(f"covered: {len(up) - len(missing)} of {len(up)} upstream "
          f"(phase, kernel, tensor) triples; {len(extra)} more")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
