# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced on the GPU machine: installs the aoti-instrument wheel carried in
# .device/ (scripts/e2e/make_device_bundle.sh) with pip --no-index into a
# fresh venv that sees the machine's torch (its python3 is itself a venv,
# /opt/torch/.venv: a .pth file names that venv's site-packages), puts that
# venv first on PATH and sets AOTI_TOOL to its console script; works around
# the std::regex crash when loading AOTI .so files there
# (shared/notes/gpu-machine.md).
V=/tmp/aoti-venv
[ -x $V/bin/aoti-instrument ] ||
  scripts/wheel/fresh_venv.sh $V "$(command -v python3)" .device/aoti_instrument-*.whl
export PATH=$V/bin:$PATH
export AOTI_TOOL=$V/bin/aoti-instrument
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6
export PYTHONUNBUFFERED=1
