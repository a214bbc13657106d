#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One call on the GPU machine (source scripts/e2e/device_setup.sh first):
# the CUDA census (census.py all) and, beside it, the zoo's mixture-of-
# experts and bf16-attention models built, instrumented with every preset
# and checked for fidelity (zoo.py build, instrument, fidelity); then, once
# the census is done and the machine is quiet, each preset's cost on them
# (zoo.py bench). Everything goes under $OUT: census/census.jsonl,
# zoo/zoo.jsonl, the logs, and wrappers.tgz (every model's wrapper.cpp).
#
#   scripts/census/gpu_run.sh
#
# Environment: OUT (required), WORK (default /tmp/aoti-census), DEADLINE
# (seconds for the whole call, default 560), ZOO_MODELS (default
# moe,moe_bf16,llama_bf16), ZOO_PHASES (default build,instrument,fidelity),
# BENCH (0: no bench), CENSUS (0: no census), CENSUS_OPS (only these ops,
# comma-separated), CENSUS_SECONDS (the census's own limit).
# Exit status: the census's when it failed, else 1 when a zoo phase failed.
set -uo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
W=${WORK:-/tmp/aoti-census}
DEADLINE=${DEADLINE:-560}
ZOO_MODELS=${ZOO_MODELS:-moe,moe_bf16,llama_bf16}
ZOO_PHASES=${ZOO_PHASES:-build,instrument,fidelity}
mkdir -p "$W/wrappers" "$OUT/census" "$OUT/zoo"
start=$(date +%s)
left() { echo $((DEADLINE - ($(date +%s) - start))); }
zoo() { # PHASE [ARGS...]
  python3 "$REPO/scripts/e2e/zoo.py" "$1" --models "$ZOO_MODELS" \
    --work "$W/zoo" --out "$OUT/zoo" --deadline $(($(left) - 15)) "${@:2}"
}

census= census_rc=0 zoo_rc=0
if [ "${CENSUS:-1}" != 0 ]; then
  timeout "${CENSUS_SECONDS:-$(($(left) - 10))}" \
    python3 "$REPO/scripts/census/census.py" all \
    --device cuda --work "$W/census" --out "$OUT/census" --jobs 12 \
    --compile-threads 4 --ops-per-model 8 --wrappers "$W/wrappers" \
    ${CENSUS_OPS:+--ops "$CENSUS_OPS"} > "$OUT/census.log" 2>&1 &
  census=$!
fi
for phase in ${ZOO_PHASES//,/ }; do zoo "$phase" || zoo_rc=1; done \
  > "$OUT/zoo.log" 2>&1
if [ -n "$census" ]; then
  wait "$census"
  census_rc=$?
  echo "census exit: $census_rc" >> "$OUT/census.log"
fi
[ "${BENCH:-1}" != 0 ] &&
  zoo bench --rounds 20 --min-round-ms 60 >> "$OUT/zoo.log" 2>&1
for m in ${ZOO_MODELS//,/ }; do
  [ -f "$W/zoo/$m/model.pt2" ] && python3 - "$W/zoo/$m/model.pt2" \
    "$W/wrappers/zoo-$m.wrapper.cpp" <<'EOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
name = [n for n in z.namelist() if n.endswith("wrapper.cpp")][0]
open(sys.argv[2], "wb").write(z.read(name))
EOF
done
tar czf "$OUT/wrappers.tgz" -C "$W" wrappers
ls -la "$OUT" "$OUT"/*
echo "zoo exit: $zoo_rc" >> "$OUT/zoo.log"
((census_rc)) && exit "$census_rc"
exit "$zoo_rc"
