#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates test/Inputs/provenance_cpu/: a CPU MLP AOT-compiled with
torch._inductor.config.trace.provenance_tracking_level = 1, so that the
wrapper carries `// [Provenance debug handles] <kernel>:<N>` comments and
the package its kernel_information.json (each handle's stack traces and
pre-grad nodes). Copies the wrapper and that JSON, file names without
their content hashes.

    python scripts/corpus/make_provenance_case.py [OUT_DIR]

Needs torch (the pinned venv: scripts/env.sh's AOTI_TORCH_PYTHON).
"""
import os
import sys
import tempfile
import zipfile

import torch
import torch._inductor.config as inductor_config


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.fc2 = torch.nn.Linear(64, 16)

    def forward(self, x):
        h = torch.relu(self.fc1(x))  # LINE-FC1
        return self.fc2(h).softmax(-1)  # LINE-FC2


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "test", "Inputs",
        "provenance_cpu")
    os.makedirs(out, exist_ok=True)
    inductor_config.trace.provenance_tracking_level = 1
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp, torch.no_grad():
        ep = torch.export.export(Net().eval(), (torch.randn(8, 32),))
        pkg = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(tmp, "p.pt2"))
        with zipfile.ZipFile(pkg) as z:
            for name in z.namelist():
                base = name.rsplit("/", 1)[-1]
                if base.endswith(".wrapper.cpp"):
                    target = "wrapper.cpp"
                elif base == "kernel_information.json":
                    target = base
                else:
                    continue
                with open(os.path.join(out, target), "wb") as f:
                    f.write(z.read(name))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
