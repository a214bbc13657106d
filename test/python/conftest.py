# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fixtures of the Python API's tests (test_api.py).

They run from a fresh venv with the wheel installed and torch visible
(test/wheel/wheel_e2e.sh), on packages that test/e2e/pt2_e2e.py compiled:
$AOTI_E2E_PACKAGES/<model>/model.pt2 and inputs.pt. Where no aoti_instrument
is installed (pytest test/python/test_replay.py from a checkout), the
checkout's python/ is imported: the tests that need no tool nor packages
run from there.
"""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

if importlib.util.find_spec("aoti_instrument") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))

import aoti_instrument  # noqa: E402


@pytest.fixture(scope="session")
def packages() -> Path:
    root = os.environ.get("AOTI_E2E_PACKAGES")
    if not root:
        pytest.fail("AOTI_E2E_PACKAGES is not set (test/wheel/wheel_e2e.sh sets it)")
    return Path(root)


class Model:
    """A compiled package with its example inputs and reference outputs."""

    def __init__(self, root: Path, name: str):
        self.pt2 = root / name / "model.pt2"
        self.inputs = torch.load(root / name / "inputs.pt")
        self.sites = [s for m in json.loads(subprocess.run(
            [str(aoti_instrument.tool_path()), str(self.pt2), "--list=json"],
            capture_output=True, text=True, check=True).stdout)["models"]
            for s in m["inventory"]["sites"]]

    def reference(self):
        out = torch._inductor.aoti_load_package(str(self.pt2))(*self.inputs)
        return [out] if isinstance(out, torch.Tensor) else list(out)


@pytest.fixture(scope="session")
def mlp(packages) -> Model:
    return Model(packages, "mlp")


@pytest.fixture(scope="session")
def nan_chain(packages) -> Model:
    return Model(packages, "nan_chain")


@pytest.fixture(scope="session")
def first_nan_site(nan_chain):
    """The launch that makes the NaN: the first whose ops hold the log."""
    return next(s for s in nan_chain.sites
                if "log" in s["kernel"].split("_") or
                ("aten.log" in s["aten_ops"] and s["kind"] != "extern"))
