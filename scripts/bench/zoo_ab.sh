#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Two runtimes side by side in ONE process (docs/benchmarks.md, "Paired
# rounds"): the zoo's models instrumented with the current wheel (.device/)
# and with an older one (OLD_WHEEL), each preset as itself and as a "-old"
# copy, then `zoo.py bench` over all of them; every package carries its own
# runtime (hidden symbols), so both load together. On the GPU machine, from
# the repository root, in a shell where device_setup.sh is NOT sourced yet:
#
#   scripts/bench/zoo_ab.sh OLD_WHEEL [MODELS] [PRESETS] [ROUNDS]
#
# OLD_WHEEL: e.g. .device/old/aoti_instrument-*.whl, built here from the
# older commit (scripts/build_wheel.sh .device/old). MODELS default
# resnet18,mobilenet_v3,llama_decode; PRESETS pinpoint-ima-sparse,
# input-guards; ROUNDS 100. WORK (default /tmp/zoo) and OUT as zoo.py's.
set -euo pipefail
OLD_WHEEL=$1
MODELS=${2:-resnet18,mobilenet_v3,llama_decode}
PRESETS=${3:-pinpoint-ima-sparse,input-guards}
ROUNDS=${4:-100}
WORK=${WORK:-/tmp/zoo}
OLD_VENV=/tmp/aoti-old
# The old venv from the machine's torch python, before device_setup.sh puts
# the new venv first on PATH: made from that one, pip would take the new
# wheel's aoti-instrument 0.1.0 for installed and install nothing.
[ -x $OLD_VENV/bin/aoti-instrument ] ||
  scripts/wheel/fresh_venv.sh $OLD_VENV "$(command -v python3)" "$OLD_WHEEL"
source scripts/e2e/device_setup.sh >/dev/null
RULES_OLD=$WORK/rules-old
mkdir -p "$RULES_OLD"
OLD_PRESETS=
for p in ${PRESETS//,/ }; do
  cp "yaml-rules/$p.yaml" "$RULES_OLD/$p-old.yaml"
  OLD_PRESETS+="${OLD_PRESETS:+,}$RULES_OLD/$p-old.yaml"
done
zoo() { python3 scripts/e2e/zoo.py "$@" --work "$WORK" --out "$OUT" --models "$MODELS"; }
zoo build --jobs 4
zoo instrument --presets "$PRESETS" --jobs 12
AOTI_TOOL=$OLD_VENV/bin/aoti-instrument zoo instrument --presets "$OLD_PRESETS" --jobs 12
zoo bench --presets "$PRESETS,$OLD_PRESETS" --rounds "$ROUNDS" --pin 2-3
