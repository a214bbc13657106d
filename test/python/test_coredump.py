# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arming the CUDA core dump from Python (aoti_instrument.arm_coredump,
load_package(..., coredump=...)): each case in a fresh interpreter, since
arming changes the process's environment and must come before CUDA
initialises. The dump itself is made on the GPU machine
(scripts/e2e/coredump_e2e.py); here, what is set, what is kept, and the
refusal once CUDA is initialised (where there is a GPU)."""

import json
import os
import subprocess
import sys

import pytest
import torch

ARM = """
import json, os, sys
import aoti_instrument
env = aoti_instrument.arm_coredump(sys.argv[1] if len(sys.argv) > 1 else None)
print(json.dumps({"returned": env, "environ": {
    k: os.environ.get(k) for k in ("CUDA_ENABLE_COREDUMP_ON_EXCEPTION",
    "CUDA_COREDUMP_GENERATION_FLAGS", "CUDA_COREDUMP_FILE",
    "CUDA_ENABLE_USER_TRIGGERED_COREDUMP", "CUDA_COREDUMP_PIPE")}}))
"""

ARMING = ("CUDA_ENABLE_COREDUMP_ON_EXCEPTION", "CUDA_COREDUMP_GENERATION_FLAGS",
          "CUDA_COREDUMP_FILE", "CUDA_ENABLE_USER_TRIGGERED_COREDUMP",
          "CUDA_COREDUMP_PIPE", "RANK")


def arm(*args, **env):
    base = {k: v for k, v in os.environ.items() if k not in ARMING}
    p = subprocess.run([sys.executable, "-c", ARM, *map(str, args)],
                       capture_output=True, text=True, env=dict(base, **env))
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_arming_sets_the_dump_file_per_process(tmp_path):
    got = arm(tmp_path / "cores")
    env = got["environ"]
    assert env["CUDA_ENABLE_COREDUMP_ON_EXCEPTION"] == "1"
    assert env["CUDA_COREDUMP_GENERATION_FLAGS"].split(",") == [
        "skip_nonrelocated_elf_images", "skip_global_memory",
        "skip_shared_memory", "skip_local_memory"]
    assert env["CUDA_COREDUMP_FILE"] == str(tmp_path / "cores" /
                                            "cuda-core.%h.%p")
    assert (tmp_path / "cores").is_dir()
    # The watchdog's `then: dump` writes to the pipe the driver makes.
    assert env["CUDA_ENABLE_USER_TRIGGERED_COREDUMP"] == "1"
    assert env["CUDA_COREDUMP_PIPE"] == str(tmp_path / "cores" /
                                            "cuda-corepipe.%h.%p")
    assert got["returned"] == env


def test_the_rank_names_the_dump(tmp_path):
    env = arm(tmp_path, RANK="3")["environ"]
    assert env["CUDA_COREDUMP_FILE"] == str(tmp_path / "cuda-core.rank3.%h.%p")


def test_the_users_own_arming_is_kept(tmp_path):
    mine = str(tmp_path / "mine.%p")
    env = arm(tmp_path / "other", CUDA_ENABLE_COREDUMP_ON_EXCEPTION="1",
              CUDA_COREDUMP_FILE=mine)["environ"]
    assert env["CUDA_COREDUMP_FILE"] == mine
    assert env["CUDA_COREDUMP_GENERATION_FLAGS"] is None
    assert env["CUDA_COREDUMP_PIPE"] is None
    assert not (tmp_path / "other").exists()


def test_a_directory_that_cannot_be_made_is_an_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    p = subprocess.run([sys.executable, "-c", ARM, str(blocker / "cores")],
                       capture_output=True, text=True,
                       env={k: v for k, v in os.environ.items()
                            if k not in ARMING})
    assert p.returncode == 1
    assert "CoreDumpError: cannot make" in p.stderr
    assert str(blocker / "cores") in p.stderr


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_arming_after_cuda_started_is_refused(tmp_path):
    script = ("import torch, aoti_instrument\n"
              "torch.zeros(1, device='cuda')\n"
              f"aoti_instrument.arm_coredump({str(tmp_path)!r})\n")
    p = subprocess.run([sys.executable, "-c", script], capture_output=True,
                       text=True, env={k: v for k, v in os.environ.items()
                                       if k not in ARMING})
    assert p.returncode == 1
    assert "CoreDumpError: cannot arm the CUDA core dump: CUDA is already " \
        "initialised" in p.stderr
