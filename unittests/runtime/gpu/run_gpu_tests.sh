#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds and runs the runtime's CUDA tests on a GPU machine (no libclang
# there): this folder's CMake project, then `ctest -L gpu`. The prelude comes
# from the build dir here, carried along (.device/prelude_cuda.h, from
# build/unittests/runtime/gen; scripts/e2e/make_device_bundle.sh).
#
#   unittests/runtime/gpu/run_gpu_tests.sh PRELUDE_DIR OUTDIR
#
# Writes OUTDIR/summary.txt (the GPU, each case's OK/FAILED/SKIPPED line and
# the messages of its failed assertions, the TIME lines, check_saves.py's
# PASS/FAIL line, ctest's verdict) and OUTDIR/details.log (ctest's whole
# output); exits non-zero when a test failed.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PRELUDE_DIR="$(cd "$1" && pwd)"
OUT="$2"
mkdir -p "$OUT"
B="$(mktemp -d)"
SUMMARY="$OUT/summary.txt"
DETAILS="$OUT/details.log"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$SUMMARY"
if ! cmake -S "$HERE" -B "$B" -DPRELUDE_DIR="$PRELUDE_DIR" >"$DETAILS" 2>&1 ||
   ! cmake --build "$B" -j 8 >>"$DETAILS" 2>&1; then
  echo "FAIL build (see details.log)" | tee -a "$SUMMARY"
  tail -30 "$DETAILS"
  exit 1
fi
(cd "$B" && ctest -L gpu -V) >>"$DETAILS" 2>&1
RC=$?
# An assertion's failure: its "file:line: Failure" line and the message
# lines after it, up to gtest's next line.
sed -E 's/^[0-9]+: //' "$DETAILS" | awk '
  /: Failure$/ { fail = 1 }
  /^\[ / { fail = 0 }
  fail || /^(PASS|FAIL|TIME) |^\[ +(OK|FAILED|SKIPPED) +\] Gpu|tests passed|tests failed/
' >>"$SUMMARY"
grep -E 'tests passed|tests failed' "$DETAILS"
exit $RC
