# Sourced on the GPU machine: unpacks the portable aoti-instrument (built with
# -DAOTI_STATIC_LLVM=ON by scripts/e2e/make_device_bundle.sh, carried in
# .device/), libzip and clang's builtin headers, and
# works around the std::regex crash when loading AOTI .so files there
# (shared/notes/gpu-machine.md).
D=/tmp/aoti-device; mkdir -p $D/clang
# Unpacked once per machine; a half-made file (no .device carried) is not kept.
if [ ! -s $D/aoti-instrument ]; then
  xz -dc .device/aoti-instrument.xz > $D/aoti-instrument.tmp &&
    chmod +x $D/aoti-instrument.tmp && mv $D/aoti-instrument.tmp $D/aoti-instrument
fi
[ -f $D/clang/include/stddef.h ] || tar xJf .device/clang-resource.tar.xz -C $D/clang
mkdir -p $D/lib && cp .device/libzip.so.4 $D/lib/
export AOTI_TOOL="env LD_LIBRARY_PATH=$D/lib $D/aoti-instrument --resource-dir=$D/clang"
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6
export PYTHONUNBUFFERED=1
