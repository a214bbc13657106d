#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A fresh venv that sees an installed torch without installing it again,
# and the wheel installed into it as a user installs it:
#
#   scripts/wheel/fresh_venv.sh VENV TORCH_PYTHON [WHEEL]
#
# VENV is made anew from TORCH_PYTHON's base interpreter, a .pth file in it
# names TORCH_PYTHON's site-packages (torch and what it needs: 2-4 GB not
# installed twice), then `pip install --no-index WHEEL` (offline, nothing
# else is needed), timed: the last line says how long it took. The venv's
# pip is the one TORCH_PYTHON's site-packages holds, seen through that .pth
# file (ensurepip would take 8 s per venv); where it holds none, ensurepip.
set -euo pipefail
VENV=$1
TORCH_PY=$2
WHEEL=${3:-}
purelib() { "$1" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
rm -rf "$VENV"
"$("$TORCH_PY" -c 'import sys; print(sys._base_executable)')" -m venv --without-pip "$VENV"
purelib "$TORCH_PY" > "$(purelib "$VENV/bin/python")/torch-site.pth"
"$VENV/bin/python" -m pip --version >/dev/null 2>&1 ||
  "$VENV/bin/python" -m ensurepip --upgrade --default-pip >/dev/null
[ -n "$WHEEL" ] || exit 0
start=$(date +%s%N)
"$VENV/bin/python" -m pip install -q --no-index --disable-pip-version-check "$WHEEL"
ms=$((($(date +%s%N) - start) / 1000000))
echo "installed $(basename "$WHEEL") ($(stat -c %s "$WHEEL") bytes) with pip install --no-index in $((ms / 1000)).$(printf %03d $((ms % 1000))) s"
