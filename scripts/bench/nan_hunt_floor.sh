#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# nan-hunt's floor, measured: the preset against variants of its replayed
# runtime that keep only what a NaN hunt that names the launch cannot do
# without (its count launches, at the same points, reading the same bytes)
# or less, every variant of a model loaded in one process and timed
# round-robin (scripts/e2e/zoo.py bench). The variants come from an
# EXPERIMENTAL build (scripts/bench/nan_hunt_floor.patch, never shipped:
# its replayed runs check nothing), chosen per package by the rules'
# `settings: save_dir: exp-<mode>`:
#   exp           the patched runtime, nothing left out (its baseline)
#   floor         replayed runs launch the recorded counts at the recorded
#                 points and do nothing else: no tensor compared, nothing
#                 held, no record kept (the floor: launches and bytes)
#   floornoscan   the floor, its count kernels reading nothing (the
#                 launches alone: the host's part of the floor)
#   noscan        nan-hunt whole, its count kernels reading nothing
# The patched runtime appends, at each package's 30th run, its count
# launches and the bytes they read in that run to /tmp/aoti-exp.txt. The
# runs in docs/benchmarks.md used the patch as of commit bba40d8, against
# ccd302a's runtime (one trace per program); it now applies to the runtime
# with TracePair, where a floor run still takes the spare on another input.
#
# Here: git apply scripts/bench/nan_hunt_floor.patch; scripts/build_wheel.sh
# .device/exp; git checkout lib/Runtime (never commit the patch applied);
# scripts/e2e/make_device_bundle.sh for the shipped wheel. On the GPU
# machine, in two calls (each under 10 minutes; M, OTHERS, ROUNDS optional):
#   bash scripts/bench/nan_hunt_floor.sh build
#   bash scripts/bench/nan_hunt_floor.sh bench
# Results: $OUT/zoo.jsonl (`python3 scripts/e2e/zoo.py table` here),
# $OUT/exp.txt, $OUT/gpu/summary.txt (the bare launch: TIME per launch).
set -uo pipefail
source scripts/e2e/device_setup.sh >/dev/null
T0=$(date +%s); left() { echo $(( $1 - ($(date +%s) - T0) )); }
W=/tmp/zoo; R=/tmp/floor-rules
M=${M:-resnet18,mobilenet_v3,llama_decode,convnext}
OTHERS=${OTHERS:-vit,bert,llama_prefill,transformer12}
MODES="exp floor floornoscan noscan"
zoo() { python3 scripts/e2e/zoo.py "$@" --work $W --out $OUT; }
mkdir -p $R
for m in $MODES; do
  { sed -n '/^version/,$p' yaml-rules/nan-hunt.yaml
    printf 'settings:\n  save_dir: exp-%s\n' "$m"; } > $R/nh-$m.yaml
done
P=$(ls $R/nh-*.yaml | paste -sd,)
case "${1:-}" in
build)
  zoo build --models $M,$OTHERS --jobs 8 --deadline $(left 450) 2>&1 | tail -1 | cut -c1-150
  zoo instrument --models $M,$OTHERS --presets nan-hunt --jobs 12 --deadline $(left 520) 2>&1 | tail -1 | cut -c1-150
  rm -rf /tmp/exp && mkdir /tmp/exp &&
    python3 -m zipfile -e .device/exp/*.whl /tmp/exp &&
    chmod +x /tmp/exp/aoti_instrument/data/bin/aoti-instrument
  AOTI_TOOL=/tmp/exp/aoti_instrument/data/bin/aoti-instrument \
    zoo instrument --models $M --presets $P --jobs 12 --deadline $(left 580) 2>&1 | tail -1 | cut -c1-150
  ls $W/*/*.pt2 | wc -l
  ;;
bench)
  rm -f /tmp/aoti-exp.txt
  GTEST_FILTER='*Timings*' bash unittests/runtime/gpu/run_gpu_tests.sh .device $OUT/gpu > $OUT/gpu.log 2>&1
  grep -E 'TIME per launch' $OUT/gpu/summary.txt
  zoo bench --models $M --presets nan-hunt,$P --rounds ${ROUNDS:-50} \
    --pin 2-3 --deadline $(left 440) 2>&1 | tail -1 | cut -c1-100
  zoo bench --models $OTHERS --presets nan-hunt --rounds 20 \
    --pin 2-3 --deadline $(left 585) 2>&1 | tail -1 | cut -c1-100
  cp /tmp/aoti-exp.txt $OUT/exp.txt 2>/dev/null
  python3 scripts/e2e/zoo.py table $OUT/zoo.jsonl 2>&1 | grep -E '^\| ' | cut -c1-200
  ;;
*) echo "usage: $0 build|bench" >&2; exit 2 ;;
esac
