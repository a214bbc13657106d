#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds what the GPU machine needs to run aoti-instrument (it has no LLVM
# and no package registry) into .device/ (git ignores it; carry it):
#  - the wheel (scripts/build_wheel.sh): the tool as users install it;
#  - the CUDA runtime prelude, for unittests/runtime/gpu/run_gpu_tests.sh;
#  - the runtime kernels' PTX, for scripts/bench/launch_cost.py (--stats-ptx).
# scripts/e2e/device_setup.sh installs and uses them there.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/scripts/env.sh"
mkdir -p "$REPO/.device"
"$REPO/scripts/build_wheel.sh" "$REPO/.device" >&2
cmake --build "$AOTI_BUILD_DIR" --target AOTIRuntimePreludes >&2
cp "$AOTI_BUILD_DIR/unittests/runtime/gen/prelude_cuda.h" "$REPO/.device/"
cp "$AOTI_BUILD_DIR/lib/stats_kernel.ptx" "$REPO/.device/"
ls -la "$REPO/.device" >&2
