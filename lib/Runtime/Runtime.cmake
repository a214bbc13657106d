# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Included by lib/CMakeLists.txt: the Runtime layer, AOTIRuntimeSource.
#
# Compiles the runtime's kernels (lib/Runtime/stats_kernel.cu) to PTX with
# clang's CUDA front end and embeds it: for compute_75 (Turing, the oldest
# GPU torch's CUDA 12/13 builds run on) at PTX ISA 6.3, the lowest that
# target has, so that the driver JIT-compiles it on every GPU from Turing to
# Blackwell and on every driver from CUDA 10's on (R410; torch's CUDA 12
# builds need R525). nvcc is not used: CUDA 13's nvcc writes PTX ISA 9.0,
# which drivers before R580 refuse, and has no target below compute_75.
# No CUDA toolkit header is read either (device_builtins.h), so the PTX
# is the same whatever toolkit is installed: clang is given an empty
# --cuda-path, or it would take the PTX ISA version from the toolkit it
# finds. test/instrument/device_code.test checks the embedded PTX with
# ptxas. Also builds RuntimeSource alone (no LLVM) for the runtime's tests.

set(AOTI_RUNTIME_DIR "${CMAKE_CURRENT_SOURCE_DIR}/Runtime")
set(AOTI_STATS_PTX_INC "${CMAKE_CURRENT_BINARY_DIR}/StatsPtxText.inc")

find_program(AOTI_CLANG_CUDA NAMES clang++ clang
  HINTS "${LLVM_TOOLS_BINARY_DIR}" NO_DEFAULT_PATH
  DOC "clang (LLVM ${LLVM_PACKAGE_VERSION}) that compiles the runtime's kernels to PTX")
if(NOT AOTI_CLANG_CUDA)
  message(FATAL_ERROR "No clang++ in ${LLVM_TOOLS_BINARY_DIR}: it compiles "
    "the runtime's kernels (Debian: clang-19; scripts/bootstrap.sh installs it)")
endif()
set(AOTI_DEVICE_ARCH "sm_75" CACHE STRING
  "GPU architecture of the runtime's embedded PTX (the oldest it runs on)")
set(AOTI_DEVICE_PTX_ISA "63" CACHE STRING
  "PTX ISA version of the runtime's embedded PTX, without the dot")
# -O2, not -O3: clang's -O3 made the statistics kernel 25% slower on an H100
# (47 us against nvcc's 38 per launch; -O2: 38; scripts/bench/device_code.cpp,
# docs/benchmarks.md).
set(AOTI_DEVICE_OPT "-O2" CACHE STRING
  "clang optimization level of the runtime's kernels")

set(_aoti_stats_ptx "${CMAKE_CURRENT_BINARY_DIR}/stats_kernel.ptx")
set(_aoti_no_cuda "${CMAKE_CURRENT_BINARY_DIR}/no-cuda-toolkit")
file(MAKE_DIRECTORY "${_aoti_no_cuda}")
add_custom_command(
  OUTPUT "${_aoti_stats_ptx}"
  COMMAND "${AOTI_CLANG_CUDA}" -x cuda --cuda-device-only
    --cuda-gpu-arch=${AOTI_DEVICE_ARCH} -nocudainc -nocudalib
    --cuda-path=${_aoti_no_cuda}
    -Xclang -target-feature -Xclang +ptx${AOTI_DEVICE_PTX_ISA}
    -std=c++17 ${AOTI_DEVICE_OPT} -S -I "${AOTI_RUNTIME_DIR}"
    -o "${_aoti_stats_ptx}" "${AOTI_RUNTIME_DIR}/stats_kernel.cu"
  DEPENDS "${AOTI_RUNTIME_DIR}/stats_kernel.cu"
    "${AOTI_RUNTIME_DIR}/device_builtins.h"
    "${AOTI_RUNTIME_DIR}/aoti_rt/abi.h" "${AOTI_RUNTIME_DIR}/aoti_rt/decode.h"
  COMMENT "Compiling the runtime's kernels to PTX (${AOTI_DEVICE_ARCH}, "
    "PTX ISA ${AOTI_DEVICE_PTX_ISA})"
  VERBATIM)
add_custom_command(
  OUTPUT "${AOTI_STATS_PTX_INC}"
  COMMAND "${CMAKE_COMMAND}" "-DINPUT=${_aoti_stats_ptx}"
    "-DOUTPUT=${AOTI_STATS_PTX_INC}" -DNAME=StatsPtxText
    -P "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
  DEPENDS "${_aoti_stats_ptx}" "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
  COMMENT "Embedding the runtime kernels' PTX"
  VERBATIM)
add_custom_target(AOTIRuntimePtx DEPENDS "${AOTI_STATS_PTX_INC}")

# The Runtime layer: RuntimeSource, without LLVM (unittests/runtime link it
# alone); AOTIRuntimeText (lib/CMakeLists.txt) embeds the runtime header.
aoti_layer_root(Runtime _aoti_runtime_root)
add_library(AOTIRuntimeSource STATIC "${AOTI_RUNTIME_DIR}/RuntimeSource.cpp")
target_include_directories(AOTIRuntimeSource
  PUBLIC "${_aoti_runtime_root}"
  PRIVATE "${CMAKE_CURRENT_BINARY_DIR}")
set_property(GLOBAL APPEND PROPERTY AOTI_LAYER_LIBRARIES AOTIRuntimeSource)
target_compile_definitions(AOTIRuntimeSource PRIVATE
  AOTI_INSTRUMENT_VERSION="${PROJECT_VERSION}")
add_dependencies(AOTIRuntimeSource AOTIRuntimeText AOTIRuntimePtx)
