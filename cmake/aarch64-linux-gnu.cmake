# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# CMake toolchain file of the aarch64 wheel's cross build on x86-64 Debian
# bookworm (scripts/build_wheel_aarch64.sh): Debian's cross GCC
# (g++-aarch64-linux-gnu, with its own arm64 glibc and libstdc++ under
# /usr/aarch64-linux-gnu) compiles and links; LLVM/Clang 19, yaml-cpp, the
# codecs and libzip's headers are found only in the sysroot that
# scripts/wheel/arm64_sysroot.sh unpacks from Debian's arm64 packages.
#
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
#         -DAOTI_ARM64_SYSROOT=<sysroot> ...
# (or AOTI_ARM64_SYSROOT in the environment: libzip's own build, which
# takes this file through CMAKE_TOOLCHAIN_FILE, sees only that).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(NOT AOTI_ARM64_SYSROOT)
  set(AOTI_ARM64_SYSROOT "$ENV{AOTI_ARM64_SYSROOT}")
endif()
if(NOT IS_DIRECTORY "${AOTI_ARM64_SYSROOT}/usr/lib/llvm-19")
  message(FATAL_ERROR "aarch64-linux-gnu.cmake needs AOTI_ARM64_SYSROOT, the "
    "sysroot of scripts/wheel/arm64_sysroot.sh (no usr/lib/llvm-19 in "
    "'${AOTI_ARM64_SYSROOT}')")
endif()
set(AOTI_ARM64_SYSROOT "${AOTI_ARM64_SYSROOT}" CACHE PATH
  "arm64 sysroot of scripts/wheel/arm64_sysroot.sh")
# try_compile projects get the sysroot too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES AOTI_ARM64_SYSROOT)

# Packages, libraries and headers from the sysroot (and the cross
# compiler's own directories); programs from the host.
set(CMAKE_FIND_ROOT_PATH "${AOTI_ARM64_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (libzip) reads the sysroot's .pc files, never the host's.
set(ENV{PKG_CONFIG_LIBDIR}
  "${AOTI_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${AOTI_ARM64_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${AOTI_ARM64_SYSROOT}")
set(ENV{PKG_CONFIG_PATH} "")

# The host's clang compiles the runtime's kernels to PTX (lib/Runtime/
# Runtime.cmake): the sysroot's is an arm64 executable. Device code only, so
# the PTX is the x86-64 wheel's.
set(AOTI_CLANG_CUDA "/usr/lib/llvm-19/bin/clang++" CACHE FILEPATH
  "clang (LLVM 19, the host's) that compiles the runtime's kernels to PTX")
