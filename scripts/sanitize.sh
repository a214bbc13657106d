#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds aoti-instrument with AddressSanitizer + UndefinedBehaviorSanitizer
# (clang-19, -DAOTI_SANITIZE="Address;Undefined") and runs the whole lit
# suite against it (docs/fuzzing.md). Needs what scripts/bootstrap.sh
# installs (run it first).
#
#   scripts/sanitize.sh [--build-dir DIR] [--jobs N] [--unittests] [LIT ARGS...]
#   --build-dir DIR  default <repo>/build-asan
#   --jobs N         ninja -j and lit -j (default 2)
#   --unittests      also build and run the GoogleTest suite under the sanitizers
#
# Every sanitizer report is written to DIR/sanitizer-logs as well, so that a
# report from a run whose failure a test expected (`not aoti-instrument ...`)
# is not lost: the script fails when that directory is not empty.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"

log() { printf '[sanitize] %s\n' "$*" >&2; }

BUILD_DIR=$REPO/build-asan
JOBS=2
UNITTESTS=0
LIT_ARGS=()
while (($#)); do
  case $1 in
    --build-dir) BUILD_DIR=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --unittests) UNITTESTS=1; shift ;;
    -h|--help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) LIT_ARGS+=("$1"); shift ;;
  esac
done

CLANGXX=${AOTI_SANITIZE_CXX:-clang++-19}
command -v "$CLANGXX" >/dev/null || { log "no $CLANGXX"; exit 77; }

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  log "configuring $BUILD_DIR with $CLANGXX, AOTI_SANITIZE=Address;Undefined"
  aoti_configure_clang "$BUILD_DIR" "$CLANGXX" \
    "-DAOTI_SANITIZE=Address;Undefined" \
    -DAOTI_PYTHON="$AOTI_VENV/bin/python" \
    -DAOTI_PYTHON_NEWEST="$AOTI_VENV_NEWEST/bin/python" \
    -DAOTI_CACHE_DIR="$AOTI_CACHE_DIR"
fi
targets=(aoti-instrument)
[ "$UNITTESTS" = 1 ] && targets+=(AOTIInstrumentTests)
log "building ${targets[*]}"
nice ninja -C "$BUILD_DIR" -j"$JOBS" "${targets[@]}" >&2

logs=$BUILD_DIR/sanitizer-logs
rm -rf "$logs"
mkdir -p "$logs"
# Stop at the first report, as a crash, so that `not` cannot take it for the
# expected failure; keep a copy of each report (log_path.<pid>).
# Leaks inside clang itself are suppressed (scripts/lsan.supp says which).
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:log_path=$logs/report${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:log_path=$logs/report${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# print_suppressions=0: the summary of what was suppressed would land in the
# logs too and read as a finding.
export LSAN_OPTIONS="suppressions=$REPO/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export PATH=$AOTI_VENV/bin:$PATH

status=0
start=$SECONDS
if [ "$UNITTESTS" = 1 ]; then
  log "GoogleTest suite"
  nice "$BUILD_DIR/unittests/AOTIInstrumentTests" --gtest_brief=1 || status=1
fi
log "lit suite ($BUILD_DIR/test)"
lit=$(sed -n 's/^AOTI_LIT:FILEPATH=//p' "$BUILD_DIR/CMakeCache.txt")
nice python3 "$lit" -sv -j"$JOBS" "${LIT_ARGS[@]}" "$BUILD_DIR/test" ||
  status=1
log "lit took $((SECONDS - start)) s"
if [ -n "$(ls -A "$logs")" ]; then
  log "sanitizer reports (in $logs):"
  for f in "$logs"/*; do
    echo "== $f" >&2
    head -n 40 "$f" >&2
  done
  status=1
fi
exit $status
