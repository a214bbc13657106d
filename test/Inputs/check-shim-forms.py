#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the call forms `aoti-instrument --list-shim-ops=json` reads from a
torch release's C-shim headers, op by op (a test helper, not a fixture):

  - every op writes something: an `out`, an in-place first tensor, or a
    tensor it returns (what probes after the launch look at);
  - every parameter has a form the analysis knows, but generators
    (`AtenGeneratorHandle*`, plumbing);
  - what an op returns is named like a return (`retN`, `ret_*`, `out`);
  - in the generated headers, every list is followed by its `<name>_len_`;
  - an in-place op writes exactly one tensor (its first, or `dst`).

Prints, per header, `HEADER: N ops, R return tensors`, then each violation
on a line of its own and `violations: K`; exits 1 when K > 0.

    aoti-instrument --list-shim-ops=json ... | check-shim-forms.py
"""
import json
import re
import sys
from collections import OrderedDict

LISTS = ("tensor-list", "opt-tensor-list", "scalar-list")


def violations(op):
    params, generated = op["params"], op["header"].startswith("c_shim_")
    found = []
    roles = [p.get("role") for p in params]
    if not any(r in ("out", "inout", "ret") for r in roles):
        found.append("writes nothing")
    for i, p in enumerate(params):
        if p["form"] == "other" and "Generator" not in p["type"]:
            found.append(f"{p['name']}: unknown form ({p['type']})")
        if p["form"] in ("ret-tensor", "ret-scalar") and not re.fullmatch(
                r"ret\d*|ret_\w+|out\d*", p["name"]):
            found.append(f"{p['name']}: returned but not named so")
        if generated and p["form"] in LISTS:
            nxt = params[i + 1]["name"] if i + 1 < len(params) else ""
            if nxt != p["name"] + "_len_":
                found.append(f"{p['name']}: a list without its length")
    written = roles.count("inout") + roles.count("out")
    if op["in_place"] and written != 1:
        found.append(f"in place, {written} tensors written")
    return found


def main():
    ops = json.load(sys.stdin)["ops"]
    per_header = OrderedDict()
    bad = 0
    for op in ops:
        n, r = per_header.get(op["header"], (0, 0))
        per_header[op["header"]] = (n + 1, r + op["returns_tensors"])
    for header, (n, r) in per_header.items():
        print(f"{header}: {n} ops, {r} return tensors")
    for op in ops:
        for v in violations(op):
            print(f"{op['function']}: {v}")
            bad += 1
    print(f"violations: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
