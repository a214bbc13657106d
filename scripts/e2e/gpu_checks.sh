#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GPU checks no CPU test covers, in one call on the GPU machine: the
# named checks run side by side (16 cores: their AOT compiles overlap), each
# under its own time limit, then the benchmarks alone on a quiet machine.
# Builds what it needs from the carried .device/ (make_device_bundle.sh), so
# a fresh machine runs it.
#
#   scripts/e2e/gpu_checks.sh OUT DEADLINE CHECK...
#
# Checks (side by side; CHECK:ARG narrows one: compare:twin runs that case,
# console:ima that part, watchdog:dump that case):
#   unit      the runtime's GoogleTest GPU tests (run_gpu_tests.sh)
#   compare   test/e2e/compare_gpu.py: bf16 vs fp32, CUDA vs CPU twin, resnet
#   scale     scripts/bench/compare_scale.py on a 12-layer bf16 decoder
#   watchdog  test/e2e/watchdog_gpu.py: a spinning Triton launch named while
#             it hangs, the dump and `explain` of it, four threads
#   api       gpu_scenarios.py api: the wheel's Python API
#   console   gpu_scenarios.py ima nan failures: the wheel's console script
#   census    scripts/census/gpu_run.sh (the CUDA census; CENSUS_SECONDS)
# Benchmarks (after the checks, alone, only where time is left; with
# BENCH_BESIDE=1 beside them, when time is short):
#   wdcost    scripts/bench/watchdog_cost.py --device cuda
#
# OUT gets summary.txt (each check's exit status and the last lines of its
# log) and logs.tgz (every log and result file, nothing over 16 MiB): the
# GPU machine returns at most 8 files. Exit 0 when every check passed.
set -uo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=$1 DEADLINE=$2
shift 2
cd "$REPO"
source scripts/e2e/device_setup.sh
W=/tmp/gpu-checks L=/tmp/gpu-checks-logs
mkdir -p "$W" "$L" "$OUT"
start=$(date +%s)
left() { echo $((DEADLINE - ($(date +%s) - start))); }

run_check() { # CHECK[:ARG]: runs it in the background, its log in $L/CHECK-ARG.log
  local name=${1//:/-} check=${1%%:*} arg=${1#*:} limit=$(($(left) - 45))
  [ "$arg" = "$1" ] && arg=
  case $check in
  unit) cmd=(bash unittests/runtime/gpu/run_gpu_tests.sh .device "$L/unit") ;;
  compare) cmd=(python3 test/e2e/compare_gpu.py --work "$W/$name"
    ${arg:+--only "$arg"}) ;;
  scale) cmd=(python3 scripts/bench/compare_scale.py --work "$W/scale"
    --device cuda --dtype bfloat16 --rtol 0.05 --atol 0.05) ;;
  watchdog) cmd=(python3 test/e2e/watchdog_gpu.py --work "$W/watchdog"
    --out "$L/$name" ${arg:+--only "$arg"}) ;;
  api) cmd=(python3 scripts/e2e/gpu_scenarios.py api --work "$W/api"
    --out "$L/api") ;;
  console) cmd=(python3 scripts/e2e/gpu_scenarios.py ${arg:-ima nan failures}
    --work "$W/$name" --out "$L/$name") ;;
  census) cmd=(env OUT="$L/census" WORK="$W/census" DEADLINE=$limit BENCH=0
    bash scripts/census/gpu_run.sh) ;;
  wdcost) cmd=(python3 scripts/bench/watchdog_cost.py --work "$W/wdcost"
    --device cuda --rounds 20 ${arg:+--models "$arg"}) ;;
  *) echo "unknown check: $1" >&2; return 2 ;;
  esac
  (timeout -k 10 "$limit" "${cmd[@]}" >"$L/$name.log" 2>&1
   echo $? >"$L/$name.rc") &
}

summarize() { # CHECK[:ARG]
  local name=${1//:/-} rc
  rc=$(cat "$L/$name.rc" 2>/dev/null || echo "not run")
  echo "=== $1: exit $rc"
  grep -E '^(ok|FAIL|PASS|TIME) |^\[ +(OK|FAILED|SKIPPED) +\]|Error|Traceback' \
    "$L/$name.log" 2>/dev/null | tail -60
  echo "--- last lines"
  tail -15 "$L/$name.log" 2>/dev/null
}

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
benches=()
for c in "$@"; do
  case $c in
  wdcost*) [ "${BENCH_BESIDE:-0}" = 1 ] && run_check "$c" || benches+=("$c") ;;
  *) run_check "$c" ;;
  esac
done
wait
for b in "${benches[@]}"; do
  if [ "$(left)" -gt 150 ]; then run_check "$b"; wait; fi
done
status=0
for c in "$@"; do
  summarize "$c"
done | tee "$OUT/summary.txt"
grep -q ': exit [^0]' "$OUT/summary.txt" && status=1
find "$L" -type f -size +2M ! -name "*.gz" -exec gzip -f {} +
find "$L" -type f -size +15M -delete
tar czf "$OUT/logs.tgz" -C "$L" .
exit $status
