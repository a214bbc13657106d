#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the aarch64 (linux arm64) aoti-instrument wheel on an x86-64 Debian
# bookworm by cross-compiling, then checks it, and copies it to DIR
# (default dist/, beside an x86-64 wheel there):
#
#   scripts/build_wheel_aarch64.sh [DIR]
#
# 1. Debian packages of the host: the cross GCC (g++-aarch64-linux-gnu, with
#    Debian's arm64 glibc and libstdc++), qemu-user-static (runs the tool in
#    the checks), the host's clang-19 (the runtime's PTX, clang's builtin
#    headers for the wheel), llvm-19 (llvm-readelf), cmake, ninja...
# 2. The arm64 LLVM/Clang 19, yaml-cpp and codec libraries, unpacked from
#    Debian's arm64 packages into $AOTI_CACHE_DIR/sysroot-arm64
#    (scripts/wheel/arm64_sysroot.sh: not installed, since llvm-19-dev and
#    libclang-19-dev are not Multi-Arch), and a static arm64 libzip in
#    $AOTI_CACHE_DIR/static-libzip-aarch64 (scripts/wheel/static_libzip.sh
#    through cmake/aarch64-linux-gnu.cmake).
# 3. The fully static tool and the wheel (cmake/AOTIPortable.cmake,
#    scripts/wheel/make_wheel.py) in build-aarch64 ($AOTI_BUILD_DIR_AARCH64):
#    the wheel target only, no tests, no fuzzers, no torch.
# 4. test/wheel/check_wheel.py on it, the tool under qemu (where torch's
#    headers are cached: the pinned torch's venv or torch-headers/), and,
#    where the host's build has bin/aoti-instrument, `--list` of a wrapper by
#    both tools compared. The tool parses a wrapper for its own target, and
#    test/Inputs' wrappers were compiled on x86-64 (-mavx512f ... in their
#    compile command, which clang refuses for aarch64), so the checks use
#    test/Inputs/mlp_cpu/wrapper.cpp with those x86 flags taken out, as AOTI
#    on aarch64 would have written it.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"
DEST=${1:-$REPO/dist}
BUILD=${AOTI_BUILD_DIR_AARCH64:-$REPO/build-aarch64}
SYSROOT=$AOTI_CACHE_DIR/sysroot-arm64
LIBZIP=$AOTI_CACHE_DIR/static-libzip-aarch64
TOOLCHAIN=$REPO/cmake/aarch64-linux-gnu.cmake
log() { printf '[build_wheel_aarch64] %s\n' "$*" >&2; }
start=$(date +%s)

# --- 1. Debian packages of the host ------------------------------------------
PACKAGES=(g++-aarch64-linux-gnu qemu-user-static clang-19 llvm-19
          cmake ninja-build pkg-config dpkg-dev python3 libzip-dev
          # the license files the wheel carries (/usr/share/doc/*/copyright)
          llvm-19-dev libyaml-cpp-dev libzstd-dev liblzma-dev libbz2-dev zlib1g-dev)
aoti_install_packages "${PACKAGES[@]}"

# auditwheel, which checks the wheel (the venv scripts/bootstrap.sh makes).
aoti_install_venv "$AOTI_TOOLS_VENV" "$AOTI_TOOLS_REQUIREMENTS"

# --- 2. The arm64 sysroot and libzip -----------------------------------------
"$REPO/scripts/wheel/arm64_sysroot.sh" "$SYSROOT"
[ -f "$LIBZIP/lib/libzip.a" ] || {
  log "cross-building a static arm64 libzip into $LIBZIP"
  CMAKE_TOOLCHAIN_FILE=$TOOLCHAIN AOTI_ARM64_SYSROOT=$SYSROOT \
    CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} \
    "$REPO/scripts/wheel/static_libzip.sh" "$LIBZIP"
}

# --- 3. The static tool and the wheel ----------------------------------------
log "configuring $BUILD"
cmake -S "$REPO" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DAOTI_ARM64_SYSROOT="$SYSROOT" $(aoti_launcher_args) \
  -DBUILD_TESTING=OFF -DAOTI_PORTABLE=ON -DAOTI_STATIC_LIBZIP="$LIBZIP" \
  -DAOTI_WHEEL_PYTHON="$AOTI_TOOLS_VENV/bin/python" \
  -DAOTI_CLANG_RESOURCE_DIR=/usr/lib/llvm-19/lib/clang/19 >/dev/null
log "building the wheel (about 6 min on 2 cores)"
cmake --build "$BUILD" --target wheel -j "${CMAKE_BUILD_PARALLEL_LEVEL:-2}" >&2
WHEEL=$(ls "$BUILD"/dist/aoti_instrument-*_aarch64.whl)
built=$(date +%s)

# --- 4. Checks ----------------------------------------------------------------
TOOL=$BUILD/bin/aoti-instrument-static
/usr/lib/llvm-19/bin/llvm-readelf --file-header --program-headers \
  --dynamic-table "$TOOL" | grep -E 'Machine:|INTERP|DYNAMIC|NEEDED' >&2 || true
torch_include=""
for dir in "$AOTI_VENV"/lib/python3*/site-packages/torch/include \
           "$AOTI_CACHE_DIR/torch-headers/$AOTI_TORCH_VERSION/include"; do
  [ -f "$dir/torch/csrc/inductor/aoti_runtime/model.h" ] && { torch_include=$dir; break; }
done
# The MLP's CPU wrapper without its x86-only flags: one the aarch64 tool
# can parse (scripts/wheel/arch_neutral_wrapper.sh).
WRAPPER=$BUILD/aarch64-wrapper/wrapper.cpp
mkdir -p "$(dirname "$WRAPPER")"
"$REPO/scripts/wheel/arch_neutral_wrapper.sh" "$REPO/test/Inputs/mlp_cpu/wrapper.cpp" "$WRAPPER"
if [ -z "$torch_include" ]; then
  log "no torch headers cached (scripts/bootstrap.sh fetches them): the" \
      "tool's runs under qemu (check_wheel.py) are left out"
else
  log "checking the wheel (test/wheel/check_wheel.py; the tool under qemu)"
  "$AOTI_TOOLS_VENV/bin/python" "$REPO/test/wheel/check_wheel.py" "$BUILD/dist" \
    --readelf /usr/lib/llvm-19/bin/llvm-readelf \
    --auditwheel-python "$AOTI_TOOLS_VENV/bin/python" \
    --torch-include "$torch_include" --wrapper "$WRAPPER" >&2
  if [ -x "$AOTI_TOOL" ]; then
    log "--list of $WRAPPER: the aarch64 tool under qemu against $AOTI_TOOL"
    qemu-aarch64-static "$TOOL" --list "$WRAPPER" --torch-include "$torch_include" \
      > "$BUILD/list-aarch64.txt" 2>&1
    "$AOTI_TOOL" --list "$WRAPPER" --torch-include "$torch_include" \
      > "$BUILD/list-x86_64.txt" 2>&1
    diff "$BUILD/list-x86_64.txt" "$BUILD/list-aarch64.txt" >&2 ||
      { log "the two tools' --list differ"; exit 1; }
    log "--list: the same ($(grep -c . "$BUILD/list-aarch64.txt") lines)"
  fi
fi

mkdir -p "$DEST"
rm -f "$DEST"/aoti_instrument-*_aarch64.whl
cp "$WHEEL" "$DEST/"
log "built in $((built - start)) s, checked in $(($(date +%s) - built)) s"
ls -l "$DEST/$(basename "$WHEEL")"
