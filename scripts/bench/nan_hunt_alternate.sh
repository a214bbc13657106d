#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# nan-hunt where the caller alternates two input tensors (every other
# forward gets a copy of the inputs, both alive: `zoo.py bench --inputs
# alternate`), with its probes replayed (each input replays its own trace:
# lib/Runtime/README.md, "Replayed probes") against the same preset with
# `settings: {replay_probes: false}` (the full path every run), the same
# tool, every variant of a model in one process, round-robin; then the GPU
# tests (ReplayedProbes alternates two inputs).
#
# Here: scripts/e2e/make_device_bundle.sh. On the GPU machine, one call
# (M, ROUNDS, BUDGET optional):
#   bash scripts/bench/nan_hunt_alternate.sh
# Results: $OUT/zoo.jsonl (`python3 scripts/e2e/zoo.py table` here),
# $OUT/gpu/summary.txt.
set -uo pipefail
source scripts/e2e/device_setup.sh >/dev/null
T0=$(date +%s); left() { echo $(( $1 - ($(date +%s) - T0) )); }
W=/tmp/zoo; R=/tmp/alternate-rules; M=${M:-resnet18,mobilenet_v3,llama_decode}
mkdir -p $R
{ sed -n '/^version/,$p' yaml-rules/nan-hunt.yaml
  printf 'settings:\n  replay_probes: false\n'; } > $R/nan-hunt-full.yaml
zoo() { python3 scripts/e2e/zoo.py "$@" --work $W --out $OUT; }
zoo build --models $M --jobs 3 --deadline $(left 240) 2>&1 | tail -1 | cut -c1-120
zoo instrument --models $M --presets nan-hunt,$R/nan-hunt-full.yaml --jobs 8 \
  --deadline $(left 280) 2>&1 | tail -1 | cut -c1-120
bash unittests/runtime/gpu/run_gpu_tests.sh .device $OUT/gpu > $OUT/gpu.log 2>&1
echo "gpu tests rc=$?"
grep -E 'TIME (per launch|nan-hunt)|tests passed' $OUT/gpu/summary.txt
zoo bench --models $M --presets nan-hunt,$R/nan-hunt-full.yaml --inputs alternate \
  --rounds ${ROUNDS:-30} --pin 2-3 --deadline $(left ${BUDGET:-570}) 2>&1 | tail -1 | cut -c1-100
python3 scripts/e2e/zoo.py table $OUT/zoo.jsonl 2>&1 | grep -E '^\| '
