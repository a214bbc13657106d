#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Functions of one purpose, checked: clang-tidy's readability-function-size
and readability-function-cognitive-complexity (thresholds in .clang-tidy) over
every translation unit of lib/ and tools/ in BUILD/compile_commands.json, and
over the runtime's headers (lib/Runtime/aoti_rt, header-only: checked through
the umbrella header, for a CPU and a CUDA wrapper). Prints each finding as
clang-tidy does and exits 1 when there is one.

    test/check-function-size.py CLANG_TIDY BUILD TORCH_INCLUDE [CUDA_INCLUDE]
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARNING = re.compile(r"^(/\S+):\d+:\d+: warning: .*\[readability-[a-z-]+\]$")
# The runtime compiled as a wrapper compiles it (unittests/runtime).
WRAPPER_FLAGS = ["-x", "c++", "-std=c++17", "-DTORCH_INDUCTOR_CPP_WRAPPER",
                 "-DSTANDALONE_TORCH_HEADER",
                 "-DC10_USING_CUSTOM_GENERATED_MACROS"]


def ours(path):
    rel = os.path.relpath(path, REPO)
    return rel.startswith(("lib" + os.sep, "tools" + os.sep))


def findings(cmd):
    run = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in run.stdout.splitlines()
             if WARNING.match(l) and ours(WARNING.match(l).group(1))]
    if run.returncode != 0 and not lines:
        sys.stderr.write(f"{' '.join(cmd)} failed:\n{run.stderr[-2000:]}\n")
        lines.append(f"error: clang-tidy failed on {cmd[-1]}")
    return lines


def commands(tidy, build, torch_inc, cuda_inc):
    config = ["--config-file=" + os.path.join(REPO, ".clang-tidy"), "--quiet"]
    with open(os.path.join(build, "compile_commands.json")) as f:
        units = sorted({e["file"] for e in json.load(f) if ours(e["file"])})
    for unit in units:
        yield [tidy, *config, "-p", build, unit]
    umbrella = os.path.join(REPO, "lib/Runtime/aoti_instrument_runtime.h")
    flavours = [[]] + ([["-DUSE_CUDA", "-DAOTI_RT_CUDA=1", "-isystem",
                         cuda_inc]] if cuda_inc else [])
    for extra in flavours:
        yield [tidy, *config, "--header-filter=" + re.escape(
                   os.path.join(REPO, "lib/Runtime")), umbrella, "--",
               *WRAPPER_FLAGS, *extra, "-isystem", torch_inc]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    tidy, build, torch_inc = sys.argv[1:4]
    cuda_inc = sys.argv[4] if len(sys.argv) == 5 else ""
    if not shutil.which(tidy):
        sys.exit(f"error: no clang-tidy at '{tidy}' (scripts/bootstrap.sh "
                 "installs clang-tidy-19)")
    cmds = list(commands(tidy, build, torch_inc, cuda_inc))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        found = sorted({l for ls in pool.map(findings, cmds) for l in ls})
    for line in found:
        print(line)
    print(f"{len(cmds)} clang-tidy runs, {len(found)} findings")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
