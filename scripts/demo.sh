#!/usr/bin/env bash
# The main job, on bundled real AOTI wrappers (made by torch 2.11):
#   1. list the launch sites of a CUDA MLP;
#   2. instrument a 12-layer transformer with a preset and show what went in;
#   3. on this CPU, end to end: AOTI-compile a model whose log of a negative
#      activation makes NaN, instrument it with nan-hunt.yaml through the CMake
#      step, build it from AOTI's own CMakeLists.txt, run it, and see the
#      report name the kernel that made the NaN.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$REPO/scripts/env.sh"
"$REPO/scripts/bootstrap.sh"
export PATH="$AOTI_VENV/bin:$PATH"   # the tool asks this python3 for torch
export AOTI_TOOL="$AOTI_TOOL"
DEMO=$AOTI_BUILD_DIR/demo
mkdir -p "$DEMO"
cd "$REPO"

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

step aoti-instrument test/Inputs/mlp_cuda/wrapper.cpp --list
"$AOTI_TOOL" test/Inputs/mlp_cuda/wrapper.cpp --list 2>/dev/null

step aoti-instrument test/Inputs/transformer12_cuda_dyn/wrapper.cpp -rules yaml-rules/pinpoint-ima.yaml -o "$DEMO/transformer.wrapper.cpp"
"$AOTI_TOOL" test/Inputs/transformer12_cuda_dyn/wrapper.cpp \
  -rules yaml-rules/pinpoint-ima.yaml -o "$DEMO/transformer.wrapper.cpp" 2>&1 | grep -v 'note:'
echo "--- around the first attention launch:"
grep -m1 -A9 'aoti_torch_cuda__scaled_dot_product_efficient_attention(wrap' \
  "$DEMO/transformer.wrapper.cpp" | cut -c1-150

step "CPU end to end: a model that makes NaN, instrumented with nan-hunt.yaml"
H="python3 scripts/e2e/harness.py"
[ -f "$DEMO/nan_chain/case.json" ] || $H compile --model nan_chain --out "$DEMO/nan_chain" 2>&1 | grep '^\[harness\] compiled'
$H build --dir "$DEMO/nan_chain" 2>&1 | grep '^\[harness\] built' || true
$H run --dir "$DEMO/nan_chain" 2>/dev/null | sed 's/^/plain build: /'
$H build --dir "$DEMO/nan_chain" --variant nan-hunt --rules yaml-rules/nan-hunt.yaml 2>&1 | grep '^\[harness\] built' || true
$H run --dir "$DEMO/nan_chain" --variant nan-hunt --expect-error 2>&1 | grep -E '^\[aoti-instrument\]' | sed 's/^/nan-hunt build: /'
