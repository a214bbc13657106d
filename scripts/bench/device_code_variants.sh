#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The PTX variants scripts/bench/device_code.cpp compares, into DIR:
#   shipped.ptx    what the tool embeds: the build's lib/stats_kernel.ptx
#                  (clang, lib/Runtime/Runtime.cmake's command)
#   clang-O3.ptx   the same command at -O3
#   nvcc-sm80.ptx  what the tool embedded before: nvcc -ptx
#                  -arch=compute_80 on stats_kernel.cu of revision REV
#                  (default b72790a, the last one built with nvcc)
#
#   scripts/bench/device_code_variants.sh DIR [REV]
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/scripts/env.sh"
mkdir -p "$1"
DIR=$(cd "$1" && pwd)
REV=${2:-b72790a}
mkdir -p "$DIR"
cmake --build "$AOTI_BUILD_DIR" --target AOTIRuntimePtx >&2
cp "$AOTI_BUILD_DIR/lib/stats_kernel.ptx" "$DIR/shipped.ptx"
# The build's own command (ninja knows it), at -O3 and written elsewhere.
cmd=$(cd "$AOTI_BUILD_DIR" && ninja -t commands lib/stats_kernel.ptx | grep -- '--cuda-device-only' | tail -1)
cmd=$(sed -e 's/ -O2 / -O3 /' -e "s| -o [^ ]*| -o $DIR/clang-O3.ptx|" <<<"$cmd")
eval "$cmd"
old=$(mktemp -d)
trap 'rm -rf "$old"' EXIT
git -C "$REPO" archive "$REV" lib/Runtime | tar -x -C "$old"
"${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" -ptx -arch=compute_80 \
  -o "$DIR/nvcc-sm80.ptx" "$old/lib/Runtime/stats_kernel.cu"
grep -H -m2 -E '^\.(version|target)' "$DIR"/*.ptx
