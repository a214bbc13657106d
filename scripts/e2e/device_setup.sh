# Sourced on the GPU machine: installs the aoti-instrument wheel carried in
# .device/ (scripts/e2e/make_device_bundle.sh) with pip --no-index into a
# fresh venv that sees the machine's torch (its python3 is itself a venv,
# /opt/torch/.venv: a .pth file names that venv's site-packages), puts that
# venv first on PATH and sets AOTI_TOOL to its console script; works around
# the std::regex crash when loading AOTI .so files there
# (shared/notes/gpu-machine.md).
V=/tmp/aoti-venv
if [ ! -x $V/bin/aoti-instrument ]; then
  aoti_purelib() { "$1" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
  "$(python3 -c 'import sys; print(sys._base_executable)')" -m venv $V &&
    aoti_purelib python3 > "$(aoti_purelib $V/bin/python)/torch-venv.pth" &&
    $V/bin/pip install -q --no-index --disable-pip-version-check .device/aoti_instrument-*.whl
fi
export PATH=$V/bin:$PATH
export AOTI_TOOL=$V/bin/aoti-instrument
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6
export PYTHONUNBUFFERED=1
