#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# nan-hunt with its deferred probes replayed (lib/Runtime/aoti_rt/replay.h)
# against the same preset on the runtime before the replay (the full path
# every run), in one process per model, round-robin (scripts/e2e/zoo.py
# bench); then the GPU tests, whose DeferredProbeHostCost times a probe
# both ways and whose Timings give the bare launch for the floor.
#
# Here: scripts/e2e/make_device_bundle.sh (this commit's wheel and prelude
# in .device/), and the wheel of a commit before the replay (59c31ac) in
# .device/base/ (git worktree add /tmp/base 59c31ac; there
# scripts/build_wheel.sh; copy its dist/*.whl). On the GPU machine
# (M, ROUNDS, BUDGET optional):
#   bash scripts/bench/nan_hunt_replay.sh
# Results: $OUT/zoo.jsonl (variants nan-hunt and nan-hunt-full), $OUT/gpu/
# (summary.txt); `python3 scripts/e2e/zoo.py table $OUT/zoo.jsonl` here.
set -uo pipefail
source scripts/e2e/device_setup.sh >/dev/null
T0=$(date +%s)
W=/tmp/zoo; M=${M:-resnet18,mobilenet_v3,llama_decode}
R=/tmp/replay-rules; mkdir -p $R
cp yaml-rules/nan-hunt.yaml $R/nan-hunt-full.yaml # same rules, older tool
zoo() { python3 scripts/e2e/zoo.py "$@" --work $W --out $OUT; }
zoo build --models $M --jobs 3 2>&1 | tail -1 | cut -c1-120
zoo instrument --models $M --jobs 8 --presets nan-hunt 2>&1 | tail -1 | cut -c1-120
rm -rf /tmp/base && mkdir /tmp/base &&
  python3 -m zipfile -e .device/base/*.whl /tmp/base &&
  chmod +x /tmp/base/aoti_instrument/data/bin/aoti-instrument
AOTI_TOOL=/tmp/base/aoti_instrument/data/bin/aoti-instrument \
  zoo instrument --models $M --jobs 8 --presets $R/nan-hunt-full.yaml 2>&1 | tail -1 | cut -c1-120
bash unittests/runtime/gpu/run_gpu_tests.sh .device $OUT/gpu > $OUT/gpu.log 2>&1
echo "gpu tests rc=$?"
grep -E 'TIME (per launch|nan-hunt)|tests passed' $OUT/gpu/summary.txt
LEFT=$(( ${BUDGET:-560} - ($(date +%s) - T0) ))
zoo bench --models $M --presets nan-hunt,$R/nan-hunt-full.yaml \
  --rounds ${ROUNDS:-100} --pin 2-3 --deadline $LEFT 2>&1 | tail -1 | cut -c1-100
python3 scripts/e2e/zoo.py table $OUT/zoo.jsonl 2>&1 | grep -E '^\| '
