# Sourced on the GPU machine: unpacks the portable aoti-instrument (built with
# -DAOTI_STATIC_LLVM=ON by scripts/e2e/make_device_bundle.sh, carried in
# .device/), libzip and clang's builtin headers, and
# works around the std::regex crash when loading AOTI .so files there
# (shared/notes/gpu-machine.md).
D=/tmp/aoti-device; mkdir -p $D/clang
[ -x $D/aoti-instrument ] || xz -dc .device/aoti-instrument.xz > $D/aoti-instrument
chmod +x $D/aoti-instrument
[ -d $D/clang/include ] || tar xJf .device/clang-resource.tar.xz -C $D/clang
mkdir -p $D/lib && cp .device/libzip.so.4 $D/lib/
export AOTI_TOOL="env LD_LIBRARY_PATH=$D/lib $D/aoti-instrument --resource-dir=$D/clang"
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6
export PYTHONUNBUFFERED=1
