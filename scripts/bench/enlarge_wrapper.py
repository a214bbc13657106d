#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Make a synthetically enlarged AOTInductor wrapper.cpp (stdlib only).

The launch region of AOTInductorModel::run_impl -- the statements after the
input/constant set-up (`inputs.clear();`, the `kernels` reference and the
stream guard) and before the first `output_handles[N] = ...release();` -- is
repeated K times. The first K-1 copies are each wrapped in their own `{ ... }`
block, so the buffers they declare (buf3, int_array_0, ...) do not clash and
go out of scope; the last copy is the original, unwrapped, so the output
lines still see the names they use (var_0, ...). Every copy refers only to
names declared before the region (graph inputs, constants, sizes, kernels,
stream), so the result still parses, and --list must report K times the
launch sites of the original.

    enlarge_wrapper.py IN.cpp OUT.cpp --run-impl-lines 100000
    enlarge_wrapper.py IN.cpp OUT.cpp --copies 128
"""

import argparse
import os
import re
import sys

RUN_IMPL_RE = re.compile(r"^\S.*\bAOTInductorModel::run_impl\(")
SETUP_RE = re.compile(
    r"^\s*$|auto& kernels\s*=|StreamGuard\b|^\s*\[\[maybe_unused\]\] auto& kernels")
OUTPUT_RE = re.compile(r"^\s*output_handles\[\d+\]\s*=")


class Layout:
    """Line indices (0-based) of the parts of run_impl in a wrapper."""

    def __init__(self, lines):
        self.run_impl_begin = next(
            (i for i, l in enumerate(lines) if RUN_IMPL_RE.match(l)), None)
        if self.run_impl_begin is None:
            raise ValueError("no definition of AOTInductorModel::run_impl")
        # AOTI closes the method with `} // AOTInductorModel::run_impl`: the
        # first line at column 0 that starts with a brace.
        self.run_impl_end = next(
            (i for i in range(self.run_impl_begin + 1, len(lines))
             if lines[i].startswith("}")), None)
        if self.run_impl_end is None:
            raise ValueError("cannot find the end of run_impl")
        body = range(self.run_impl_begin, self.run_impl_end)
        clear = [i for i in body if lines[i].strip() == "inputs.clear();"]
        if not clear:
            raise ValueError("run_impl has no `inputs.clear();` (end of the "
                             "input set-up)")
        start = clear[0] + 1
        while start < self.run_impl_end and SETUP_RE.search(lines[start]):
            start += 1
        self.region_begin = start
        self.region_end = next(
            (i for i in range(start, self.run_impl_end)
             if OUTPUT_RE.match(lines[i])), None)
        if self.region_end is None:
            raise ValueError("run_impl has no `output_handles[N] = ...` line")

    @property
    def run_impl_lines(self):
        return self.run_impl_end - self.run_impl_begin + 1

    @property
    def region_lines(self):
        return self.region_end - self.region_begin

    def run_impl_lines_with(self, copies):
        """run_impl's length with the region repeated \\p copies times."""
        return self.run_impl_lines + (copies - 1) * (self.region_lines + 2)

    def copies_for(self, run_impl_lines):
        extra = run_impl_lines - self.run_impl_lines
        return max(1, round(extra / (self.region_lines + 2)) + 1)


def enlarge(text, copies):
    """The wrapper text with run_impl's launch region repeated \\p copies
    times; and the Layout of the original."""
    lines = text.splitlines(keepends=True)
    layout = Layout(lines)
    region = lines[layout.region_begin:layout.region_end]
    out = lines[:layout.region_begin]
    for k in range(copies - 1):
        out.append("    { // aoti-bench copy %d of the launch region\n" % (k + 1))
        out.extend(region)
        out.append("    }\n")
    out.extend(region)
    out.extend(lines[layout.region_end:])
    return "".join(out), layout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--copies", type=int, help="copies K of the launch region")
    g.add_argument("--run-impl-lines", type=int,
                   help="aim for a run_impl of about this many lines")
    args = ap.parse_args(argv)
    with open(args.input, encoding="utf-8") as f:
        text = f.read()
    layout = Layout(text.splitlines(keepends=True))
    copies = args.copies or layout.copies_for(args.run_impl_lines)
    new, _ = enlarge(text, copies)
    if os.path.dirname(args.output):
        os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(new)
    print("%s: run_impl %d lines (launch region %d lines, lines %d-%d); "
          "%d copies -> run_impl %d lines, file %d lines"
          % (args.output, layout.run_impl_lines, layout.region_lines,
             layout.region_begin + 1, layout.region_end,
             copies, layout.run_impl_lines_with(copies), new.count("\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
