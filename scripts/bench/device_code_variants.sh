#!/usr/bin/env bash
# The PTX variants scripts/bench/device_code.cpp compares, into DIR:
#   clang-sm75.ptx  what the tool embeds (the build's lib/stats_kernel.ptx:
#                   clang, sm_75, PTX ISA 6.3; lib/Runtime/Runtime.cmake)
#   clang-sm90.ptx  the same source for sm_90 at PTX ISA 7.8 (does the
#                   oldest target cost a newer GPU anything?)
#   nvcc-sm80.ptx   what the tool embedded before (nvcc -ptx
#                   -arch=compute_80 on stats_kernel.cu of revision REV,
#                   default b72790a, the last one built with nvcc)
#
#   scripts/bench/device_code_variants.sh DIR [REV]
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/scripts/env.sh"
DIR=$1
REV=${2:-b72790a}
mkdir -p "$DIR"
cmake --build "$AOTI_BUILD_DIR" --target AOTIRuntimePtx >&2
cp "$AOTI_BUILD_DIR/lib/stats_kernel.ptx" "$DIR/clang-sm75.ptx"
clang=$(grep -o 'AOTI_CLANG_CUDA:FILEPATH=.*' "$AOTI_BUILD_DIR/CMakeCache.txt" | cut -d= -f2)
empty=$(mktemp -d)
old=$(mktemp -d)
trap 'rm -rf "$empty" "$old"' EXIT
"$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib \
  --cuda-path="$empty" -Xclang -target-feature -Xclang +ptx78 -std=c++17 -O3 \
  -S -I "$REPO/lib/Runtime" -o "$DIR/clang-sm90.ptx" "$REPO/lib/Runtime/stats_kernel.cu"
# The old kernel with the headers of its own revision.
git -C "$REPO" archive "$REV" lib/Runtime | tar -x -C "$old"
"${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" -ptx -arch=compute_80 \
  -o "$DIR/nvcc-sm80.ptx" "$old/lib/Runtime/stats_kernel.cu"
grep -H -m2 -E '^\.(version|target)' "$DIR"/*.ptx
