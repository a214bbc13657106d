#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job, as a user does it (after scripts/bootstrap.sh, which builds
# everything and the wheel):
#   1. install the wheel with pip into a fresh venv (here: one that sees the
#      pinned torch), as `pip install aoti-instrument` will;
#   2. AOT-compile a model whose log of a negative activation makes NaN into
#      a .pt2 (torch.export + aoti_compile_and_package, on this CPU);
#   3. list its launch sites, instrument it with the nan-hunt preset: a .pt2
#      in, an instrumented .pt2 out;
#   4. load and run that .pt2 with torch: the report names the kernel that
#      made the NaN;
#   5. the same from Python in one line: aoti_instrument.load_package(...)
#      raises ReportError;
#   6. the launch sites of a bundled real CUDA wrapper (torch 2.11, H200).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$REPO/scripts/env.sh"
"$REPO/scripts/bootstrap.sh"
DEMO=$AOTI_BUILD_DIR/demo
mkdir -p "$DEMO"
cd "$DEMO"

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

# 1. A fresh venv, torch from the pinned venv (a .pth file, not a second
# install), the wheel installed offline.
V=$DEMO/venv
step pip install "$(basename "$AOTI_BUILD_DIR"/dist/aoti_instrument-*.whl)"
"$REPO/scripts/wheel/fresh_venv.sh" "$V" "$AOTI_VENV/bin/python" \
  "$AOTI_BUILD_DIR"/dist/aoti_instrument-*.whl
export PATH="$V/bin:$PATH"   # aoti-instrument, and the python3 whose torch rebuilds
aoti-instrument --version

# 2. A model that makes NaN, as a .pt2.
step python3 make_model.py "   # torch.export + aoti_compile_and_package -> model.pt2"
[ -f model.pt2 ] || python3 - "$REPO/test/e2e" <<'PY'
import sys, torch
sys.path.insert(0, sys.argv[1])
import models
m, args, _ = models.build("nan_chain")
ep = torch.export.export(m, args)
torch._inductor.aoti_compile_and_package(ep, package_path="compiling.pt2")
torch.save(list(args), "inputs.pt")
import os; os.replace("compiling.pt2", "model.pt2")
PY
ls -l model.pt2

# 3. The main job: a .pt2 in, an instrumented .pt2 out.
step aoti-instrument model.pt2 --list
aoti-instrument model.pt2 --list 2>/dev/null
step aoti-instrument model.pt2 -rules nan-hunt -o model.nan-hunt.pt2
aoti-instrument model.pt2 -rules nan-hunt -o model.nan-hunt.pt2 2>&1 | grep -v 'note:'

# 4. Loaded and run like the original.
step python3 -c "model = torch._inductor.aoti_load_package('model.nan-hunt.pt2'); model(*torch.load('inputs.pt'))"
python3 -c "
import torch
model = torch._inductor.aoti_load_package('model.nan-hunt.pt2')
try:
    model(*torch.load('inputs.pt'))
except RuntimeError as e:
    print('torch raised RuntimeError:', str(e).splitlines()[0][:100], '...')
" 2>&1 | grep -E '^\[aoti-instrument\]|^torch raised'

# 5. From Python, the report as an exception.
step python3 -c "aoti_instrument.load_package('model.pt2', 'nan-hunt')(*torch.load('inputs.pt'))"
python3 -c "
import torch, aoti_instrument
model = aoti_instrument.load_package('model.pt2', 'nan-hunt')
try:
    model(*torch.load('inputs.pt'))
except aoti_instrument.ReportError as e:
    print(f'aoti_instrument.ReportError: {e}')
    print(f'  kernel={e.kernel!r} ordinal={e.ordinal} (from {type(e.__cause__).__name__})')
" 2>/dev/null

# 6. A real CUDA wrapper (parsing needs no GPU).
step aoti-instrument "$REPO/test/Inputs/mlp_cuda/wrapper.cpp" --list
aoti-instrument "$REPO/test/Inputs/mlp_cuda/wrapper.cpp" --list 2>/dev/null
