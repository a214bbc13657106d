# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fully static aoti-instrument the wheel ships (scripts/build_wheel.sh,
# docs/packaging.md): the same library objects as bin/aoti-instrument, linked
# with LLVM/Clang, yaml-cpp, libzip (built static without crypto by
# scripts/wheel/static_libzip.sh), its codecs, libstdc++ and glibc all as
# static archives, unused sections dropped, stripped: no NEEDED entry, no
# program interpreter, so it starts on any x86-64 Linux with a kernel from
# 3.2 on (glibc's floor), whatever its libraries. glibc's static getpwuid_r,
# getpwnam_r and dlopen would load that glibc's own NSS modules at run time:
# the tool never reaches them (Support/CacheDir.cpp, the wheel's shim sets
# $HOME).
#
# Enabled with -DAOTI_PORTABLE=ON and -DAOTI_STATIC_LIBZIP=<prefix of
# static_libzip.sh>; makes bin/aoti-instrument-static.

set(AOTI_STATIC_LIBZIP "" CACHE PATH
  "Prefix holding lib/libzip.a (scripts/wheel/static_libzip.sh)")
if(NOT EXISTS "${AOTI_STATIC_LIBZIP}/lib/libzip.a")
  message(FATAL_ERROR "AOTI_PORTABLE needs AOTI_STATIC_LIBZIP=<prefix> with "
    "lib/libzip.a (scripts/wheel/static_libzip.sh makes it; "
    "scripts/bootstrap.sh runs it)")
endif()

# Every archive the link may need: the linker takes only what is used.
file(GLOB _aoti_clang_archives "${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a")
file(GLOB _aoti_llvm_archives "${LLVM_LIBRARY_DIR}/libLLVM[A-Z]*.a")
set(_aoti_static_archives)
foreach(_lib yaml-cpp zstd bz2 lzma z)
  find_library(AOTI_STATIC_${_lib} NAMES lib${_lib}.a REQUIRED
    DOC "static archive of ${_lib} for the portable tool")
  list(APPEND _aoti_static_archives "${AOTI_STATIC_${_lib}}")
endforeach()

# The layers' archives themselves, not the targets: their link interface
# names the shared LLVM of the developer build.
get_property(_aoti_layer_roots GLOBAL PROPERTY AOTI_LAYER_ROOTS)
get_property(_aoti_layers GLOBAL PROPERTY AOTI_LAYER_LIBRARIES)
set(_aoti_layer_archives)
foreach(_layer IN LISTS _aoti_layers)
  list(APPEND _aoti_layer_archives "$<TARGET_FILE:${_layer}>")
endforeach()
add_executable(aoti-instrument-static
  "${PROJECT_SOURCE_DIR}/tools/aoti-instrument/AOTIInstrumentMain.cpp"
  "${PROJECT_SOURCE_DIR}/tools/aoti-instrument/ExplainCommand.cpp")
target_include_directories(aoti-instrument-static PRIVATE ${_aoti_layer_roots})
target_include_directories(aoti-instrument-static SYSTEM PRIVATE
  ${AOTI_LLVM_INCLUDE_DIRS})
target_compile_options(aoti-instrument-static PRIVATE ${AOTI_LLVM_DEFINITIONS})
add_dependencies(aoti-instrument-static ${_aoti_layers})
target_link_options(aoti-instrument-static PRIVATE
  -static -static-libstdc++ -static-libgcc -Wl,--gc-sections -s)
target_link_libraries(aoti-instrument-static PRIVATE
  -Wl,--start-group
  ${_aoti_layer_archives} ${_aoti_clang_archives} ${_aoti_llvm_archives}
  -Wl,--end-group
  "${AOTI_STATIC_LIBZIP}/lib/libzip.a" ${_aoti_static_archives})
set_target_properties(aoti-instrument-static PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bin)
