# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What AOTInductor compiled for an end-to-end test, kept across runs.

Compiling a test model with torch (export, Inductor, and for a .pt2 the
C++ build of its wrapper and kernels) is most of a cold run's time and
gives the same files every time for the same torch, CPU and model. So a
compiled fixture is made once into

    $AOTI_CACHE_DIR/e2e-fixtures/torch-<version>-<git>/<isa>/<name>-<key>/

(AOTI_CACHE_DIR as scripts/env.sh: default ~/.cache/aoti-instrument; the
census keeps its models the same way), where <key> hashes the files that
define it (models.py, the test's own compile code: the caller names them),
the caller's options, Python's version and every TORCHINDUCTOR_* variable
but TORCHINDUCTOR_VEC_ISA_OK (scripts/test.sh sets it: it skips a probe
whose answer is the ISA this cache is keyed by already);
and copied from there into the test's work dir, which the test may change
freely. A fixture is made in a temporary dir and renamed into place: an
interrupted one is made again, never half-used. AOTI_E2E_NO_CACHE=1 makes
every fixture afresh (in the work dir only).
"""
import hashlib
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def cache_root():
    base = os.environ.get("AOTI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "aoti-instrument")
    return os.path.join(base, "e2e-fixtures")


def torch_identity():
    """torch's version and commit, and the CPU's vector ISA its Inductor
    compiles for (a package made for AVX-512 dies with SIGILL on AVX2)."""
    import torch
    isa = torch.backends.cpu.get_cpu_capability().lower()
    git = (getattr(torch.version, "git_version", "") or "")[:12]
    return f"torch-{torch.__version__}-{git}", isa


def fixture_key(defining_files, options):
    h = hashlib.sha256()
    for path in sorted(defining_files):
        with open(path, "rb") as f:
            h.update(os.path.basename(path).encode() + b"\0" + f.read())
    env = {k: v for k, v in os.environ.items()
           if k.startswith("TORCHINDUCTOR_") and k != "TORCHINDUCTOR_VEC_ISA_OK"}
    h.update(json.dumps([options, env, sys.version_info[:2]],
                        sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]


def cached(name, dest, make, defining_files, options=None):
    """Fills the directory `dest` (made anew) with fixture `name`:
    `make(dir)` writes it into an empty dir the first time; later calls
    with the same key copy what it wrote. Returns `dest`."""
    files = [os.path.join(HERE, "models.py")] + list(defining_files)
    shutil.rmtree(dest, ignore_errors=True)
    if os.environ.get("AOTI_E2E_NO_CACHE"):
        os.makedirs(dest)
        make(dest)
        return dest
    release, isa = torch_identity()
    entry = os.path.join(cache_root(), release, isa,
                         f"{name}-{fixture_key(files, options)}")
    if not os.path.isdir(entry):
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=f".{name}-", dir=os.path.dirname(entry))
        try:
            make(tmp)
            os.rename(tmp, entry)
        except OSError:
            if not os.path.isdir(entry):  # not another run's rename
                raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(entry, dest, symlinks=True)
    return dest


def cached_file(name, path, make, defining_files, options=None):
    """`path`, one file (a .pt2), made by `make(path)`: kept across runs as
    cached() keeps a directory, and copied from there on every call (a
    file left in a work dir by an earlier run may be of an older key)."""
    base = os.path.basename(path)
    fixture = path + ".fixture"
    cached(name, fixture, lambda d: make(os.path.join(d, base)),
           defining_files, options)
    os.replace(os.path.join(fixture, base), path)  # over an older one
    shutil.rmtree(fixture)
    return path
