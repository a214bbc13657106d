# Included at the end of lib/CMakeLists.txt (after AOTIInstrument and the
# AOTIRuntimeText target, which embeds the runtime header, are defined).
#
# Adds the PTX of the runtime's statistics kernel (lib/Runtime/stats_kernel.cu,
# compute_80, so it JIT-compiles on Ampere and newer) when nvcc is found;
# without nvcc, instrumented CUDA wrappers compute statistics from host
# copies. Also builds RuntimeSource alone (no LLVM) for the runtime's tests.

set(AOTI_RUNTIME_DIR "${CMAKE_CURRENT_SOURCE_DIR}/Runtime")
set(AOTI_STATS_PTX_INC "${CMAKE_CURRENT_BINARY_DIR}/StatsPtxText.inc")

find_program(AOTI_NVCC nvcc
  HINTS "$ENV{CUDA_HOME}/bin" /usr/local/cuda/bin
  DOC "nvcc that compiles the runtime's statistics kernel to PTX")
set(AOTI_STATS_PTX_ARCH "compute_80" CACHE STRING
  "Virtual architecture of the embedded statistics kernel")

if(AOTI_NVCC)
  set(_aoti_stats_ptx "${CMAKE_CURRENT_BINARY_DIR}/stats_kernel.ptx")
  add_custom_command(
    OUTPUT "${_aoti_stats_ptx}"
    COMMAND "${AOTI_NVCC}" -ptx -arch=${AOTI_STATS_PTX_ARCH}
      -o "${_aoti_stats_ptx}" "${AOTI_RUNTIME_DIR}/stats_kernel.cu"
    DEPENDS "${AOTI_RUNTIME_DIR}/stats_kernel.cu" "${AOTI_RUNTIME_DIR}/aoti_rt/abi.h"
      "${AOTI_RUNTIME_DIR}/aoti_rt/decode.h"
    COMMENT "Compiling the runtime's statistics kernel to PTX"
    VERBATIM)
  add_custom_command(
    OUTPUT "${AOTI_STATS_PTX_INC}"
    COMMAND "${CMAKE_COMMAND}" "-DINPUT=${_aoti_stats_ptx}"
      "-DOUTPUT=${AOTI_STATS_PTX_INC}" -DNAME=StatsPtxText
      -P "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
    DEPENDS "${_aoti_stats_ptx}" "${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake"
    COMMENT "Embedding the statistics kernel's PTX"
    VERBATIM)
else()
  message(STATUS "nvcc not found: instrumented CUDA wrappers will compute "
    "statistics from host copies (no embedded PTX)")
  file(WRITE "${AOTI_STATS_PTX_INC}.tmp"
    "// No nvcc at configure time: no statistics kernel.\n"
    "static const char *const StatsPtxText[] = {nullptr};\n")
  file(COPY_FILE "${AOTI_STATS_PTX_INC}.tmp" "${AOTI_STATS_PTX_INC}"
    ONLY_IF_DIFFERENT)
endif()
add_custom_target(AOTIRuntimePtx DEPENDS "${AOTI_STATS_PTX_INC}")
add_dependencies(AOTIInstrument AOTIRuntimePtx)

# RuntimeSource alone, without LLVM, for unittests/runtime.
add_library(AOTIRuntimeSource STATIC "${AOTI_RUNTIME_DIR}/RuntimeSource.cpp")
target_include_directories(AOTIRuntimeSource
  PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}"
  PRIVATE "${CMAKE_CURRENT_BINARY_DIR}")
target_compile_definitions(AOTIRuntimeSource PRIVATE
  AOTI_INSTRUMENT_VERSION="${PROJECT_VERSION}")
add_dependencies(AOTIRuntimeSource AOTIRuntimeText AOTIRuntimePtx)
