#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs everything aoti-instrument needs on Debian bookworm (packages, the
# pinned torch in a virtualenv and the headers of every supported torch
# release, cached outside the clone), then configures and builds the project,
# the fully static tool and the wheel (<build>/dist) included.
# Safe to run again: each step is skipped when done.
#
#   scripts/bootstrap.sh               everything
#   scripts/bootstrap.sh --wheel-only  what the wheel needs (no torch, no
#                                      torch headers, no fuzzers): its build
#                                      (scripts/build_wheel.sh)
#
# Environment: AOTI_CACHE_DIR (default ~/.cache/aoti-instrument),
# AOTI_BUILD_DIR (default <repo>/build).
set -euo pipefail
WHEEL_ONLY=0
[ "${1:-}" = --wheel-only ] && WHEEL_ONLY=1

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"

log() { printf '[bootstrap] %s\n' "$*" >&2; }

# --- Debian packages ---------------------------------------------------------
PACKAGES=(clang-19 clang-tidy-19 clang-format-19 llvm-19-dev libclang-19-dev llvm-19-tools libomp-19-dev libyaml-cpp-dev libzip-dev pkg-config
          libgtest-dev libgmock-dev cmake ninja-build g++ python3
          libclang-rt-19-dev # the sanitizers' and libFuzzer's runtimes (fuzz/)
          # the wheel's static tool: static archives, libzip's source
          libzstd-dev liblzma-dev libbz2-dev zlib1g-dev dpkg-dev
          ccache) # compiles of a fresh clone reuse earlier objects (env.sh)
aoti_install_packages "${PACKAGES[@]}"

# --- The pinned torch and the newest one, in virtualenvs outside the clone --
# Also a CMake new enough for the CMakeLists.txt AOTI writes (it asks for
# 3.27; Debian bookworm has 3.25).
aoti_install_venv "$AOTI_TOOLS_VENV" "$AOTI_TOOLS_REQUIREMENTS"
if ((!WHEEL_ONLY)); then
  aoti_install_venv "$AOTI_VENV" "torch==$AOTI_TORCH_VERSION.* safetensors numpy pytest cmake>=3.27,<3.32"
  aoti_install_venv "$AOTI_VENV_NEWEST" "torch==$AOTI_TORCH_NEWEST.* safetensors numpy pytest"

  # --- Each supported release's torch headers, once ---------------------------
  # About 40 MB each (a 0.5-1 GB wheel downloaded, then deleted); a release
  # already there is skipped. Not fatal: tests of a release whose headers are
  # missing are reported unsupported.
  for release in "${AOTI_TORCH_RELEASES[@]}"; do
    [ -f "$AOTI_CACHE_DIR/torch-headers/$release/fetched.json" ] && continue
    "$AOTI_VENV/bin/python" "$REPO/lib/Analysis/fetch_torch_headers.py" "$release" \
        --cache "$AOTI_CACHE_DIR" >/dev/null ||
      log "warning: no torch $release headers; its tests will be unsupported"
  done
fi

# --- libzip as a static archive, for the wheel's static tool ---------------
[ -f "$AOTI_STATIC_LIBZIP/lib/libzip.a" ] || {
  log "building a static libzip from Debian's source into $AOTI_STATIC_LIBZIP"
  "$REPO/scripts/wheel/static_libzip.sh" "$AOTI_STATIC_LIBZIP"
}

# --- Configure and build ---------------------------------------------------
# Configured every time (quick when nothing changed): a build dir made
# before a venv was added learns of it.
log "configuring $AOTI_BUILD_DIR"
torch_args=()
((WHEEL_ONLY)) || torch_args=(-DAOTI_PYTHON="$AOTI_VENV/bin/python"
                              -DAOTI_PYTHON_NEWEST="$AOTI_VENV_NEWEST/bin/python")
cmake -S "$REPO" -B "$AOTI_BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release "${torch_args[@]}" $(aoti_launcher_args) \
  -DAOTI_PORTABLE=ON -DAOTI_STATIC_LIBZIP="$AOTI_STATIC_LIBZIP" \
  -DAOTI_WHEEL_PYTHON="$AOTI_TOOLS_VENV/bin/python" \
  -DAOTI_CACHE_DIR="$AOTI_CACHE_DIR" >/dev/null
if ((WHEEL_ONLY)); then
  log "building the wheel"
  exec cmake --build "$AOTI_BUILD_DIR" --target wheel >&2
fi
log "building"
cmake --build "$AOTI_BUILD_DIR" >&2

# --- The fuzzers (fuzz/, docs/fuzzing.md) ----------------------------------
# A clang-19 build of their own in <build>/fuzz-build (ASan + UBSan + libFuzzer);
# ctest runs each one briefly. Without clang-19 or libFuzzer, skipped here
# and reported as skipped by ctest.
fuzz_status=0
"$REPO/scripts/fuzz.sh" --build-dir "$AOTI_BUILD_DIR/fuzz-build" --build-only ||
  fuzz_status=$?
case $fuzz_status in
  0) ;;
  77) log "no fuzzers: clang-19 or libFuzzer is missing" ;;
  *) exit "$fuzz_status" ;;
esac
