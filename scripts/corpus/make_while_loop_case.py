#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates test/Inputs/while_loop_cpu/wrapper.cpp: the CPU wrapper of
test/e2e/watchdog_e2e.py's Loop (a torch.while_loop whose step is an input),
AOT-compiled with the pinned torch; its condition and body are inlined in
run_impl inside `while (1) {`, each opened by a `// subgraph:` comment.

    python scripts/corpus/make_while_loop_case.py [OUT_DIR]
"""
import os
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "e2e"))

import torch  # noqa: E402
from watchdog_e2e import Loop  # noqa: E402


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        HERE, "..", "..", "test", "Inputs", "while_loop_cpu")
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    args = (torch.randn(4, 16), torch.ones((), dtype=torch.int64))
    with tempfile.TemporaryDirectory() as tmp, torch.no_grad():
        ep = torch.export.export(Loop().eval(), args)
        pkg = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(tmp, "loop.pt2"))
        with zipfile.ZipFile(pkg) as z:
            name = next(n for n in z.namelist() if n.endswith(".wrapper.cpp"))
            with open(os.path.join(out, "wrapper.cpp"), "wb") as f:
                f.write(z.read(name))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
