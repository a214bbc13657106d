#!/usr/bin/env bash
# Builds what the GPU machine needs to run aoti-instrument (it has no LLVM):
# a portable binary (-DAOTI_STATIC_LLVM=ON: LLVM/Clang and libstdc++ linked
# statically), clang's builtin headers, and libzip (Debian's shared library;
# the GPU machine's Ubuntu has its dependencies). Written to .device/ (git
# ignores it), unpacked there by scripts/e2e/device_setup.sh.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/scripts/env.sh"
B=$REPO/build-static
[ -f "$B/build.ninja" ] || cmake -S "$REPO" -B "$B" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DAOTI_STATIC_LLVM=ON -DBUILD_TESTING=OFF >&2
cmake --build "$B" --target aoti-instrument >&2
mkdir -p "$REPO/.device"
xz -T2 -6 -c "$B/bin/aoti-instrument" > "$REPO/.device/aoti-instrument.xz"
RES=$(grep -o 'AOTI_CLANG_RESOURCE_DIR:PATH=.*' "$B/CMakeCache.txt" | cut -d= -f2)
tar cJf "$REPO/.device/clang-resource.tar.xz" -C "$RES" include
cp -L /usr/lib/x86_64-linux-gnu/libzip.so.4 "$REPO/.device/libzip.so.4"
ls -la "$REPO/.device" >&2
