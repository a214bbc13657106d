#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Where nan-hunt's cost goes on a launch-bound model: the preset against
# variants of the runtime that leave one part out, all in one process per
# model (scripts/e2e/zoo.py bench, round-robin). The variants come from an
# EXPERIMENTAL build (scripts/bench/nan_hunt_decomposition.patch, never
# shipped: its results are wrong on purpose), selected per package by the
# rules' `settings: save_dir: exp-<mode>`:
#   exp             the patched runtime, nothing left out (its baseline)
#   noscan          the NaN-count kernel reads nothing (GPU scanning)
#   nolaunch        no count launch: the host writes "clean" results
#   noinputs        inputs are not counted for "inputs were clean"
#   nohold          batched tensors' storage is not held until the count
#   noholdnolaunch  both
#   nosync          no sync at the run's end, nothing read
#   nolaunchnosync  neither launches nor the sync: the probes' host work
#
# Here: git apply scripts/bench/nan_hunt_decomposition.patch, then
# scripts/build_wheel.sh .device/exp, git checkout lib/Runtime (the patch
# must not be committed), scripts/e2e/make_device_bundle.sh for the
# shipped wheel. On the GPU machine (MODES, M, ROUNDS optional):
#   bash scripts/bench/nan_hunt_decomposition.sh
# Results: $OUT/all.tar.xz (r/zoo.jsonl; event "bench", x = median vs the
# original).
set -u
T0=$(date +%s); left() { echo $(( ${1} - ($(date +%s) - T0) )); }
source scripts/e2e/device_setup.sh
R=/tmp/r; mkdir -p $R/yaml; M=${M:-resnet18,mobilenet_v3}
MODES=${MODES:-exp noscan nolaunch noinputs}
for m in $MODES; do
  { sed -n '/^version/,$p' yaml-rules/nan-hunt.yaml
    printf 'settings:\n  save_dir: exp-%s\n' "$m"; } > $R/yaml/nh-$m.yaml
done
rm -rf /tmp/exp && mkdir -p /tmp/exp
python3 -m zipfile -e .device/exp/*.whl /tmp/exp
EXPTOOL=/tmp/exp/aoti_instrument/data/bin/aoti-instrument
chmod +x $EXPTOOL
python3 scripts/e2e/zoo.py build --work build-zoo --out $R --models $M --jobs 2 --deadline 250 > $R/build.log 2>&1
rm -f build-zoo/*/nh-*.pt2
python3 scripts/e2e/zoo.py instrument --work build-zoo --out $R --models $M --presets nan-hunt --jobs 4 --deadline $(left 330) > $R/instr.log 2>&1
P=$(ls $R/yaml/nh-*.yaml | paste -sd,)
AOTI_TOOL=$EXPTOOL python3 scripts/e2e/zoo.py instrument --work build-zoo --out $R --models $M --presets $P --jobs 8 --deadline $(left 360) >> $R/instr.log 2>&1
python3 scripts/e2e/zoo.py bench --work build-zoo --out $R --models $M --presets nan-hunt,$P --rounds ${ROUNDS:-30} --iters 30 --deadline $(left 570) > $R/bench.log 2>&1
tar -C /tmp -cJf $OUT/all.tar.xz r
