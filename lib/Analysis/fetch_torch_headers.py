#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fetches one torch release's C++ headers (torch/include) into a cache, once.

    fetch_torch_headers.py X.Y [--cache DIR] [--wheel FILE]

Downloads the newest X.Y.* wheel of torch (cp311, manylinux x86_64, about
0.5-1 GB) with pip, extracts only torch/include/** and deletes the wheel.
The headers land in

    <cache>/torch-headers/<X.Y>/include          (what -I needs)
    <cache>/torch-headers/<X.Y>/fetched.json     (exact version, wheel name)

where <cache> is --cache, else $AOTI_CACHE_DIR, else
${XDG_CACHE_HOME:-~/.cache}/aoti-instrument (as in scripts/env.sh and
aoti-instrument --torch-version). Everything is written to a temporary
directory beside the destination and renamed into place, so a directory that
exists is complete; a second run is a no-op. Concurrent runs for one release
wait for each other (a lock file) instead of downloading twice.

--wheel uses a torch wheel already on disk instead of downloading (kept).

Prints progress on stderr and the include directory on stdout. Exit codes:
0 done (or already there), 1 bad command line, 2 the download failed
(offline, no such release, no pip), 3 the wheel holds no usable headers.
aoti-instrument runs this very file (embedded in it) for --torch-version.
"""

import argparse
import fcntl
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

# The wheel whose headers are fetched. Headers do not depend on the Python
# version; every supported release (2.9-2.15) ships this tag.
WHEEL_TAGS = ["--python-version", "3.11", "--implementation", "cp",
              "--abi", "cp311", "--platform", "manylinux_2_28_x86_64"]
INCLUDE_PREFIX = "torch/include/"
MARKER = "fetched.json"


def log(message):
    print(f"[fetch-torch-headers] {message}", file=sys.stderr, flush=True)


def fail(code, message):
    log(f"error: {message}")
    sys.exit(code)


def default_cache():
    if os.environ.get("AOTI_CACHE_DIR"):
        return os.environ["AOTI_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "aoti-instrument")


def is_complete(release_dir):
    return (os.path.isfile(os.path.join(release_dir, MARKER))
            and os.path.isdir(os.path.join(release_dir, "include")))


def dir_size(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            total += os.path.getsize(os.path.join(root, name))
    return total


def download(release, dest):
    """pip-downloads the newest torch==release.* wheel into dest."""
    if importlib.util.find_spec("pip") is None:
        fail(2, f"{sys.executable} has no pip (Debian: apt-get install "
                "python3-pip, or run this with a virtualenv's python)")
    # --no-cache-dir: the wheel must not stay behind in pip's cache either.
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir",
           "--only-binary=:all:", *WHEEL_TAGS, "--dest", dest,
           f"torch=={release}.*"]
    log(f"downloading torch=={release}.* with pip (about 0.5-1 GB, once)")
    try:
        # pip's progress goes to our stderr; stdout is the result.
        rc = subprocess.call(cmd, stdout=sys.stderr)
    except OSError as e:
        fail(2, f"cannot run {sys.executable} -m pip: {e}")
    if rc != 0:
        fail(2, f"pip could not download torch=={release}.* (exit code {rc}; "
                "offline, or no such release on the package index?)")
    wheels = [f for f in os.listdir(dest) if f.endswith(".whl")]
    if len(wheels) != 1:
        fail(2, f"expected one torch wheel from pip, got {wheels}")
    return os.path.join(dest, wheels[0])


def wheel_version(wheel):
    """'2.13.0' of torch-2.13.0-cp311-...whl (a local +cu tag dropped)."""
    match = re.match(r"torch-([0-9]+\.[0-9]+\.[0-9]+)", os.path.basename(wheel))
    return match.group(1) if match else None


def extract_headers(wheel, include_dir):
    """Extracts torch/include/** of wheel into include_dir; returns a count."""
    count = 0
    root = os.path.realpath(include_dir)
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            name = info.filename
            if not name.startswith(INCLUDE_PREFIX) or name.endswith("/"):
                continue
            target = os.path.realpath(
                os.path.join(include_dir, name[len(INCLUDE_PREFIX):]))
            if not target.startswith(root + os.sep):
                fail(3, f"{wheel}: refusing member outside torch/include: {name}")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with zf.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            count += 1
    return count


def fetch(release, cache, wheel=None):
    """Makes <cache>/torch-headers/<release> complete; returns its include dir."""
    headers_root = os.path.join(cache, "torch-headers")
    release_dir = os.path.join(headers_root, release)
    include_dir = os.path.join(release_dir, "include")
    if is_complete(release_dir):
        return include_dir
    os.makedirs(headers_root, exist_ok=True)
    with open(os.path.join(headers_root, f".{release}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if is_complete(release_dir):  # another run fetched it meanwhile
            return include_dir
        start = time.monotonic()
        work = tempfile.mkdtemp(prefix=f".tmp-{release}-", dir=headers_root)
        try:
            if wheel is None:
                wheel = download(release, os.path.join(work, "wheel"))
            version = wheel_version(wheel)
            if not version or not (version + ".").startswith(release + "."):
                fail(3, f"{os.path.basename(wheel)} is not a torch {release} wheel")
            stage = os.path.join(work, "stage")
            log(f"extracting torch/include of {os.path.basename(wheel)}")
            count = extract_headers(wheel, os.path.join(stage, "include"))
            if count == 0:
                fail(3, f"{os.path.basename(wheel)} holds no {INCLUDE_PREFIX}")
            with open(os.path.join(stage, MARKER), "w") as f:
                json.dump({"version": version,
                           "wheel": os.path.basename(wheel),
                           "files": count}, f, indent=1)
                f.write("\n")
            if os.path.isdir(release_dir):  # a leftover without its marker
                shutil.rmtree(release_dir)
            os.rename(stage, release_dir)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        log(f"torch {version}: {count} headers, "
            f"{dir_size(include_dir) / 2**20:.0f} MiB in {include_dir} "
            f"({time.monotonic() - start:.0f} s)")
    return include_dir


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        fail(1, message)


def main():
    parser = Parser(
        description="Fetch a torch release's torch/include into a cache.")
    parser.add_argument("release", metavar="X.Y",
                        help="torch release, e.g. 2.13 (its newest patch)")
    parser.add_argument("--cache", default=None,
                        help="cache root (default: $AOTI_CACHE_DIR or "
                             "~/.cache/aoti-instrument)")
    parser.add_argument("--wheel", default=None,
                        help="use this torch wheel instead of downloading")
    args = parser.parse_args()
    if not re.fullmatch(r"[0-9]+\.[0-9]+", args.release):
        parser.error(f"expected a release as X.Y (e.g. 2.13), got "
                     f"'{args.release}'")
    if args.wheel and not os.path.isfile(args.wheel):
        parser.error(f"--wheel: no such file: {args.wheel}")
    print(fetch(args.release, args.cache or default_cache(), args.wheel))


if __name__ == "__main__":
    main()
