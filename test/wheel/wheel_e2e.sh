#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The wheel end to end with one torch, as a user gets it: a fresh venv that
# sees that torch (a .pth file to its cached venv: no second 2-4 GB
# install), the wheel installed into it with `pip install --no-index`, then
#  1. the .pt2 scenarios through the console script, presets given by name
#     (test/e2e/pt2_e2e.py --presets-by-name: both loaders, bit-identical
#     outputs, nan-hunt names the kernel, guards, --list), and
#  2. the Python API (test/python, pytest) from that venv alone: where
#     `unshare` can, with the checkout and LLVM hidden (bind mounts over
#     them), so nothing but the wheel, torch and a C++ compiler is there.
#
#   wheel_e2e.sh WHEEL_DIR TORCH_PYTHON WORK
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WHEEL=$(ls "$1"/aoti_instrument-*.whl)
TORCH_PY=$2
WORK=$3
mkdir -p "$WORK"
# Outside the checkout, which the API's run hides.
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/aoti-wheel-e2e.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
VENV=$SCRATCH/venv

"$REPO/scripts/wheel/fresh_venv.sh" "$VENV" "$TORCH_PY" "$WHEEL"
"$VENV/bin/aoti-instrument" --version

echo "== 1. the .pt2 scenarios through the console script, presets by name"
PATH="$VENV/bin:$PATH" AOTI_TOOL="$VENV/bin/aoti-instrument" \
  "$VENV/bin/python" "$REPO/test/e2e/pt2_e2e.py" --work "$WORK" \
  --presets-by-name

echo "(the .pt2 scenarios: ${SECONDS} s since the start)"
echo "== 2. the Python API from the venv alone"
torch_ver=$("$VENV/bin/python" -c 'import torch; print(torch.__version__.split("+")[0])')
mkdir -p "$SCRATCH/packages" "$SCRATCH/tests" "$SCRATCH/empty"
for m in mlp nan_chain; do
  mkdir -p "$SCRATCH/packages/$m"
  cp "$WORK/torch-$torch_ver/$m/model.pt2" "$WORK/torch-$torch_ver/$m/inputs.pt" \
     "$SCRATCH/packages/$m/"
done
cp "$REPO"/test/python/*.py "$SCRATCH/tests/"
api=(env "PATH=$VENV/bin:/usr/local/bin:/usr/bin:/bin"
     "AOTI_E2E_PACKAGES=$SCRATCH/packages" "HOME=$HOME"
     "TORCHINDUCTOR_VEC_ISA_OK=${TORCHINDUCTOR_VEC_ISA_OK:-}"
     "$VENV/bin/python" -m pytest -q -p no:cacheprovider --durations=5
     "$SCRATCH/tests")
hide=()
for d in "$REPO" /usr/lib/llvm-19; do [ -d "$d" ] && hide+=("$d"); done
if unshare -m true 2>/dev/null; then
  echo "(hidden: ${hide[*]})"
  cd "$SCRATCH"
  # shellcheck disable=SC2016
  unshare -m sh -c 'empty=$1; shift; n=$1; shift
    while [ "$n" -gt 0 ]; do mount --bind "$empty" "$1" || exit 1; shift; n=$((n-1)); done
    exec "$@"' sh "$SCRATCH/empty" "${#hide[@]}" "${hide[@]}" "${api[@]}"
else
  echo "(unshare is not allowed here: the checkout and LLVM stay visible)"
  (cd "$SCRATCH" && "${api[@]}")
fi
