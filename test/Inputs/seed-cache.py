#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper: fills a test's fresh AOTI_CACHE_DIR with the build cache's
shared entries for the CPU fixture (mlp_cpu), so that each test does not
build them again: the analysis's precompiled header (parse-*), the
rebuild's precompiled header (pch-*) and the runtime's object (runtime-*),
about 25 CPU seconds a test on 2 cores. No object of a wrapper or of
kernels is seeded: a test's rebuild still compiles both.

    seed-cache.py --seed DIR --torch-include INCLUDE DEST_CACHE_DIR

The seed (DIR) is made once, by the aoti-instrument on PATH rebuilding a
package of the fixture, and made again when that tool
(its path, size or time) or the torch headers change; a lock keeps
concurrent tests from making it twice. Copied, not linked: a test may
break what it holds. A seed that no longer matches (another compiler,
flags) costs time only: the tool checks every entry by its key.
"""
import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = ("parse-", "pch-", "runtime-")


def identity(torch_include):
    tool = shutil.which("aoti-instrument")
    if tool is None:
        sys.exit("seed-cache.py: no aoti-instrument on PATH")
    st = os.stat(tool)
    return {"tool": [tool, st.st_size, st.st_mtime_ns],
            "torch_include": torch_include}


def make_seed(seed, torch_include):
    """Builds the seed into a new directory, then puts it in place."""
    tmp = tempfile.mkdtemp(prefix="seed-", dir=os.path.dirname(seed))
    cache = os.path.join(tmp, "cache")
    env = dict(os.environ, AOTI_CACHE_DIR=cache)
    pkg = os.path.join(tmp, "m.pt2")
    fixture = os.path.join(HERE, "mlp_cpu")
    subprocess.run([sys.executable, os.path.join(HERE, "make-package.py"), pkg,
                    "m.wrapper.cpp=" + os.path.join(fixture, "wrapper.cpp"),
                    "m.kernel.cpp=" + os.path.join(fixture, "kernel.cpp"),
                    "m.wrapper.so=so:256"], check=True)
    # The rebuild's analysis makes the same parse-* entry that --list of
    # the wrapper alone would (same include line and flags).
    subprocess.run(["aoti-instrument", pkg, "-rules", "pinpoint-ima", "-o",
                    os.path.join(tmp, "out.pt2"),
                    "--torch-include=" + torch_include], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    build_cache = os.path.join(cache, "build-cache")
    for name in os.listdir(build_cache):
        if not name.startswith(SHARED):
            path = os.path.join(build_cache, name)
            (shutil.rmtree if os.path.isdir(path) else os.remove)(path)
    shutil.rmtree(seed, ignore_errors=True)
    os.rename(cache, seed)
    shutil.rmtree(tmp)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", required=True)
    p.add_argument("--torch-include", required=True)
    p.add_argument("dest")
    a = p.parse_args()
    seed = os.path.abspath(a.seed)
    os.makedirs(os.path.dirname(seed), exist_ok=True)
    want = identity(a.torch_include)
    stamp = seed + ".json"
    with open(seed + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with open(stamp) as f:
                current = json.load(f) == want
        except (OSError, ValueError):
            current = False
        if not current or not os.path.isdir(seed):
            make_seed(seed, a.torch_include)
            with open(stamp, "w") as f:
                json.dump(want, f)
        shutil.copytree(seed, a.dest, dirs_exist_ok=True)


if __name__ == "__main__":
    main()
