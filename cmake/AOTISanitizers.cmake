# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sanitizer and fuzzer builds (docs/fuzzing.md), in the manner of LLVM's
# LLVM_USE_SANITIZER and LLVM_USE_SANITIZE_COVERAGE: the flags apply to every
# target of the project. LLVM, Clang and yaml-cpp are Debian's, not
# instrumented.

set(AOTI_SANITIZE "" CACHE STRING
  "Sanitizers for every target: Address, Undefined or \"Address;Undefined\"")
option(AOTI_BUILD_FUZZERS
  "Build the libFuzzer targets of fuzz/ (clang only; implies Address;Undefined)"
  OFF)

if(AOTI_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "AOTI_BUILD_FUZZERS needs clang: configure with "
      "-DCMAKE_CXX_COMPILER=clang++-19 (scripts/fuzz.sh does)")
  endif()
  if(NOT AOTI_SANITIZE)
    set(AOTI_SANITIZE "Address;Undefined" CACHE STRING "" FORCE)
  endif()
endif()

set(_aoti_sanitizers)
foreach(_sanitizer IN LISTS AOTI_SANITIZE)
  if(_sanitizer STREQUAL "Address")
    list(APPEND _aoti_sanitizers address)
  elseif(_sanitizer STREQUAL "Undefined")
    list(APPEND _aoti_sanitizers undefined)
  else()
    message(FATAL_ERROR "AOTI_SANITIZE: unknown sanitizer '${_sanitizer}' "
      "(Address, Undefined)")
  endif()
endforeach()
if(_aoti_sanitizers)
  list(JOIN _aoti_sanitizers "," _aoti_sanitize_flag)
  # Every finding stops the process: a test or a fuzz run cannot miss it.
  add_compile_options(-fsanitize=${_aoti_sanitize_flag}
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${_aoti_sanitize_flag})
  message(STATUS "Sanitizers: ${_aoti_sanitize_flag}")
endif()
# Coverage for libFuzzer in every object; only the fuzz targets link the
# fuzzer's runtime (fuzz/CMakeLists.txt), the sanitizers' runtime gives the
# other executables its no-op coverage callbacks.
if(AOTI_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
