#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds and runs the libFuzzer targets of fuzz/ (docs/fuzzing.md).
#
#   scripts/fuzz.sh [options] [TARGET...]     TARGET: rules-fuzzer,
#                                             wrapper-fuzzer, package-fuzzer,
#                                             core-fuzzer (default: all four,
#                                             one after the other)
#   --time SECS       fuzzing time per target (default 1800)
#   --build-dir DIR   the fuzz build dir, configured here with clang-19 when
#                     it is not yet (default <build>/fuzz-build, <build> as
#                     in env.sh)
#   --work DIR        corpus and crashes, outside the clone (default
#                     $AOTI_CACHE_DIR/fuzz): DIR/<target>/corpus grows from
#                     run to run; crashes land in DIR/<target>/crashes;
#                     package-fuzzer also reads
#                     DIR/package-fuzzer/real-packages: the packages of
#                     $AOTI_CACHE_DIR/packages with their sources cut (made
#                     again each run, when there are any)
#   --fresh           start from the seed corpus alone (empty DIR/<target>)
#   --build-only      configure and build, run nothing
#   --no-build        use the binaries as they are
#   --jobs N          ninja -j (default 2)
#   --keep-going      collect every crash and go on (libFuzzer -fork=1
#                     -ignore_crashes=1 ...) instead of stopping at the first
#   -- ARGS           more libFuzzer flags (e.g. -fork=2)
#
# Exit status: 0 when no target crashed, 1 when one did (its inputs are
# listed), 77 when clang-19 or libFuzzer is missing (nothing is done).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"

log() { printf '[fuzz] %s\n' "$*" >&2; }

TIME=1800
BUILD_DIR=$AOTI_BUILD_DIR/fuzz-build
WORK=$AOTI_CACHE_DIR/fuzz
FRESH=0
BUILD=1
RUN=1
JOBS=2
TARGETS=()
EXTRA=()
EXTRA_KEEP=()
while (($#)); do
  case $1 in
    --time) TIME=$2; shift 2 ;;
    --build-dir) BUILD_DIR=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --fresh) FRESH=1; shift ;;
    --build-only) RUN=0; shift ;;
    --no-build) BUILD=0; shift ;;
    --jobs) JOBS=$2; shift 2 ;;
    --keep-going) EXTRA_KEEP=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); shift ;;
    --) shift; EXTRA=("$@"); break ;;
    -h|--help) sed -n '2,29s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) log "unknown option $1"; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
((${#TARGETS[@]})) || TARGETS=(rules-fuzzer wrapper-fuzzer package-fuzzer core-fuzzer)

# --- Configure and build with clang-19 ---------------------------------------
CLANGXX=${AOTI_FUZZ_CXX:-clang++-19}
if [ "$BUILD" = 1 ]; then
  if ! command -v "$CLANGXX" >/dev/null; then
    log "skipped: no $CLANGXX (the fuzzers need clang-19 with libFuzzer)"
    exit 77
  fi
  resource_dir=$("$CLANGXX" -print-resource-dir)
  if ! ls "$resource_dir"/lib/*/libclang_rt.fuzzer*.a >/dev/null 2>&1; then
    log "skipped: no libFuzzer runtime under $resource_dir/lib"
    exit 77
  fi
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    log "configuring $BUILD_DIR with $CLANGXX (ASan + UBSan + libFuzzer)"
    aoti_configure_clang "$BUILD_DIR" "$CLANGXX" -DAOTI_BUILD_FUZZERS=ON \
      -DBUILD_TESTING=OFF
  fi
  log "building ${TARGETS[*]} in $BUILD_DIR"
  nice ninja -C "$BUILD_DIR" -j"$JOBS" "${TARGETS[@]}" >&2
fi
[ "$RUN" = 1 ] || exit 0

# --- Run ------------------------------------------------------------------------
# Leaks inside clang itself are suppressed (scripts/lsan.supp says which).
export LSAN_OPTIONS="suppressions=$REPO/scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
for target in "${TARGETS[@]}"; do
  bin=$BUILD_DIR/bin/$target
  if [ ! -x "$bin" ]; then
    log "skipped: no $bin (scripts/fuzz.sh --build-only builds it)"
    exit 77
  fi
  seeds=$REPO/fuzz/$target/corpus
  dir=$WORK/$target
  [ "$FRESH" = 1 ] && rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/crashes"
  # The rules are small; wrappers need room for a run_impl; packages for a
  # real model .so (about 500 KB).
  case $target in
    wrapper-fuzzer) max_len=16384 ;;
    package-fuzzer) max_len=1048576 ;;
    core-fuzzer) max_len=65536 ;;
    *) max_len=8192 ;;
  esac
  # New inputs go to the first corpus dir; the others are only read.
  corpora=("$dir/corpus" "$seeds")
  if [ "$target" = package-fuzzer ] && [ -d "$AOTI_CACHE_DIR/packages" ]; then
    rm -rf "$dir/real-packages"
    if python3 "$REPO/fuzz/package-fuzzer/make-seeds.py" --max-size $max_len \
        --from-packages "$AOTI_CACHE_DIR/packages" "$dir/real-packages"; then
      corpora+=("$dir/real-packages")
    else
      log "$target: cannot shrink the packages of $AOTI_CACHE_DIR/packages"
    fi
  fi
  dict=()
  [ -f "$REPO/fuzz/$target/$target.dict" ] &&
    dict=(-dict="$REPO/fuzz/$target/$target.dict")
  log "$target: ${TIME}s, corpus $dir/corpus (seeds ${corpora[*]:1})"
  if ! nice "$bin" "${corpora[@]}" -max_total_time="$TIME" \
      -max_len=$max_len -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$dir/crashes/" "${dict[@]}" "${EXTRA_KEEP[@]}" "${EXTRA[@]}" \
      2> >(tee "$dir/last-run.log" | tail -n 40 >&2); then
    status=1
  fi
  if [ -n "$(ls -A "$dir/crashes")" ]; then
    status=1
    log "$target: crashes in $dir/crashes: $(ls "$dir/crashes" | tr '\n' ' ')"
  fi
  wait
done
exit $status
