# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arming the CUDA core dump (docs/coredump.md): the driver reads its
environment when CUDA initialises (cuInit), so the variables must be set in
this process before anything initialises CUDA; after that, arming is too
late and says so.

A dump armed this way skips what `aoti-instrument explain` does not need
(global, shared and local memory, unrelocated ELF images): a few hundred
kilobytes to tens of megabytes, written when a kernel faults, after which
the driver aborts the process. The instrumented runtime prints its
breadcrumb report before that abort."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Dict, Optional, Union

PathLike = Union[str, "os.PathLike[str]"]

# The variables that arm the dump, with the values this module sets.
ENABLE = "CUDA_ENABLE_COREDUMP_ON_EXCEPTION"
FLAGS = "CUDA_COREDUMP_GENERATION_FLAGS"
FILE = "CUDA_COREDUMP_FILE"
# The user-induced dump the watchdog's `then: dump` triggers by writing to
# the pipe the driver makes (docs/watchdog.md).
USER_TRIGGER = "CUDA_ENABLE_USER_TRIGGERED_COREDUMP"
PIPE = "CUDA_COREDUMP_PIPE"
SKIP_FLAGS = ("skip_nonrelocated_elf_images,skip_global_memory,"
              "skip_shared_memory,skip_local_memory")
CUDA_ERROR_NOT_INITIALIZED = 3


class CoreDumpError(RuntimeError):
    """The core dump cannot be armed: CUDA is already initialised in this
    process (the driver has read its environment), or the directory for the
    dumps cannot be made."""


def cuda_initialized() -> bool:
    """Whether the CUDA driver of this process has been initialised
    (cuInit called, by torch or anything else). False when there is no
    driver: then there is nothing to arm either, and arming is harmless."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    ctx = ctypes.c_void_p()
    return cuda.cuCtxGetCurrent(ctypes.byref(ctx)) != CUDA_ERROR_NOT_INITIALIZED


def dump_pattern(directory: PathLike) -> str:
    """The CUDA_COREDUMP_FILE pattern: one file per process (%p, the pid)
    and host (%h), with the rank of a distributed job when RANK is set."""
    rank = os.environ.get("RANK")
    stem = f"cuda-core.rank{rank}" if rank is not None else "cuda-core"
    return str(Path(directory) / f"{stem}.%h.%p")


def arm_coredump(directory: Optional[PathLike] = None) -> Dict[str, str]:
    """Arms the CUDA core dump for this process, the dumps going to
    ``directory`` (default: the current directory), and returns the
    variables in force. Variables the user set already are kept. Raises
    CoreDumpError when CUDA is already initialised (too late: the driver
    would ignore them) unless the dump was armed before it was."""
    if os.environ.get(ENABLE) == "1" and FILE in os.environ:
        return {k: os.environ[k] for k in (ENABLE, FLAGS, FILE, USER_TRIGGER,
                                           PIPE) if k in os.environ}
    if cuda_initialized():
        raise CoreDumpError(
            "cannot arm the CUDA core dump: CUDA is already initialised in "
            "this process, and the driver reads CUDA_ENABLE_COREDUMP_ON_"
            "EXCEPTION only when it initialises; call load_package(..., "
            "coredump=True) before anything uses CUDA, or set the variables "
            "before the process starts (docs/coredump.md)")
    where = Path(directory) if directory is not None else Path.cwd()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CoreDumpError(f"cannot make {where} for CUDA core dumps: "
                            f"{e.strerror}") from e
    os.environ[ENABLE] = "1"
    os.environ.setdefault(FLAGS, SKIP_FLAGS)
    os.environ.setdefault(FILE, dump_pattern(where.resolve()))
    os.environ.setdefault(USER_TRIGGER, "1")
    os.environ.setdefault(PIPE, str(where.resolve() / "cuda-corepipe.%h.%p"))
    return {k: os.environ[k] for k in (ENABLE, FLAGS, FILE, USER_TRIGGER,
                                       PIPE)}
