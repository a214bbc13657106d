#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Instruments every wrapper in test/Inputs/ (with torch 2.11's headers) and
test/Inputs/releases/ and test/Inputs/derived/ (with each release's own,
--torch-version, from the directory's name) with every
preset in yaml-rules/, and keeps the outputs, so that a refactoring can
show its outputs byte-identical:

    scripts/dev/outputs_snapshot.py snapshot DIR    # before
    scripts/dev/outputs_snapshot.py compare DIR     # after: lists what differs

DIR/<wrapper path>/<preset>.cpp holds each instrumented wrapper, and
DIR/<wrapper path>/<preset>.txt the tool's exit status and its last line
(the summary); DIR/runtime.h the runtime written beside them. The tool is
$AOTI_TOOL, else build/bin/aoti-instrument; torch 2.11's headers come from
the python3 on PATH (scripts/env.sh's venv).
"""
import argparse
import concurrent.futures
import filecmp
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def wrappers():
    """(path relative to the repo, extra tool arguments) of each wrapper."""
    found = []
    for path in sorted(glob.glob(os.path.join(REPO, "test/Inputs/**/*.cpp"),
                                 recursive=True)):
        rel = os.path.relpath(path, REPO)
        with open(path, errors="replace") as f:
            if "run_impl" not in f.read():
                continue  # kernels, test programs
        # releases/torch-X.Y/..., derived/NAME_X.Y[_...]/...: that release
        m = re.search(r"(?:torch-|_)(2\.\d+)(?:_|/)", rel)
        found.append((rel, [f"--torch-version={m.group(1)}"] if m else []))
    return found


def presets():
    return sorted(glob.glob(os.path.join(REPO, "yaml-rules/*.yaml")))


def instrument(job):
    tool, out_dir, rel, extra, rules = job
    name = os.path.basename(rules)[:-len(".yaml")]
    dest = os.path.join(out_dir, rel, name)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.cpp")
        p = subprocess.run([tool, os.path.join(REPO, rel), *extra, "-rules",
                            rules, "-o", out], capture_output=True, text=True)
        last = (p.stderr.strip().splitlines() or [""])[-1]
        with open(dest + ".txt", "w") as f:
            f.write(f"exit {p.returncode}\n{last.replace(tmp, 'OUT')}\n")
        if os.path.exists(out):
            shutil.copy(out, dest + ".cpp")
            runtime = os.path.join(tmp, "aoti_instrument_runtime.h")
            if os.path.exists(runtime):
                shutil.copy(runtime, os.path.join(out_dir, "runtime.h"))
    return dest


def snapshot(out_dir):
    tool = os.environ.get("AOTI_TOOL",
                          os.path.join(REPO, "build/bin/aoti-instrument"))
    jobs = [(tool, out_dir, rel, extra, rules)
            for rel, extra in wrappers() for rules in presets()]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for _ in pool.map(instrument, jobs):
            pass
    print(f"{len(jobs)} outputs in {out_dir}")


def compare(before):
    with tempfile.TemporaryDirectory() as after:
        snapshot(after)
        differ = []
        for root, _, files in os.walk(before):
            for f in files:
                a = os.path.join(root, f)
                b = os.path.join(after, os.path.relpath(a, before))
                if not os.path.exists(b) or not filecmp.cmp(a, b, False):
                    differ.append(os.path.relpath(a, before))
        for d in sorted(differ):
            print("differs:", d)
        print(f"{len(differ)} files differ")
        return 1 if differ else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["snapshot", "compare"])
    p.add_argument("dir")
    a = p.parse_args()
    if a.mode == "snapshot":
        snapshot(os.path.abspath(a.dir))
        return 0
    return compare(os.path.abspath(a.dir))


if __name__ == "__main__":
    sys.exit(main())
