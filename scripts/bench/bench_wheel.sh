#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What a user of the wheel waits for (docs/packaging.md), on this machine:
#  - the wheel's size;
#  - `pip install --no-index` into a fresh venv (3 times, each a new venv);
#  - the first run: `aoti-instrument --version`, then a .pt2 instrumented
#    with -rules nan-hunt with an empty cache (the first run builds the
#    tool's build cache: a clang precompiled header of torch's headers, the
#    runtime's object...), then the same again with the cache made;
#  - aoti_instrument.load_package, before and after the package is cached,
#    beside torch's own aoti_load_package of the original (importing torch
#    and loading a package take most of it).
#
#   scripts/bench/bench_wheel.sh WHEEL_DIR PACKAGE.pt2 [TORCH_PYTHON]
# (PACKAGE.pt2: e.g. build/test/e2e-pt2/torch-2.11.0/mlp/model.pt2, made by
# ctest's e2e_pt2_pinned; TORCH_PYTHON: the pinned venv's by default.)
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/scripts/env.sh"
WHEEL=$(ls "$1"/aoti_instrument-*.whl)
PKG=$2
TORCH_PY=${3:-$AOTI_VENV/bin/python}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(now)"; }

echo "wheel: $(basename "$WHEEL"), $(stat -c %s "$WHEEL") bytes"
for i in 1 2 3; do
  "$REPO/scripts/wheel/fresh_venv.sh" "$T/venv$i" "$TORCH_PY" "$WHEEL"
done
V=$T/venv1
t=$(now); "$V/bin/aoti-instrument" --version >/dev/null
echo "first aoti-instrument --version: $(since "$t") s"
export AOTI_CACHE_DIR=$T/cache PATH="$V/bin:$PATH"
for run in "empty cache" "cache made"; do
  t=$(now)
  aoti-instrument "$PKG" -rules nan-hunt -o "$T/out.pt2" >/dev/null 2>&1
  echo "aoti-instrument $(basename "$PKG") -rules nan-hunt ($run): $(since "$t") s"
  rm -f "$T/out.pt2"
done
t=$(now)
python3 -c "import aoti_instrument, sys; aoti_instrument.load_package(sys.argv[1], 'nan-hunt')" "$PKG" 2>/dev/null
echo "aoti_instrument.load_package (cache made, package not yet cached): $(since "$t") s"
t=$(now)
python3 -c "import aoti_instrument, sys; aoti_instrument.load_package(sys.argv[1], 'nan-hunt')" "$PKG" 2>/dev/null
echo "aoti_instrument.load_package again (package cached): $(since "$t") s"
t=$(now)
python3 -c "import torch, sys; torch._inductor.aoti_load_package(sys.argv[1])" "$PKG" 2>/dev/null
echo "torch._inductor.aoti_load_package of the original (for reference): $(since "$t") s"
