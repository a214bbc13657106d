# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Settings shared by every target of the project: LLVM/Clang include dirs and
# the libraries to link, worked out once from the installed LLVM config.

set(AOTI_LLVM_INCLUDE_DIRS ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(AOTI_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")

# Debian ships clang as one shared library (clang-cpp) and LLVM as another;
# clang-cpp does not pull in libLLVM, so link both explicitly. (The wheel's
# fully static tool links the same library objects with LLVM's static
# archives instead: cmake/AOTIPortable.cmake.)
if(LLVM_LINK_LLVM_DYLIB)
  set(AOTI_LLVM_LIBS clang-cpp LLVM)
else()
  # What the code uses directly; the imported targets bring their own
  # dependencies (Parse, Sema, ... behind Frontend).
  llvm_map_components_to_libnames(AOTI_LLVM_COMPONENT_LIBS support option
    object debuginfodwarf demangle)
  # LLVMSupport's link interface names zstd's imported target, which
  # LLVMConfig does not always define (Debian).
  if(NOT TARGET zstd::libzstd_shared)
    add_library(zstd::libzstd_shared INTERFACE IMPORTED)
    set_target_properties(zstd::libzstd_shared PROPERTIES
      INTERFACE_LINK_LIBRARIES -l:libzstd.so.1)
  endif()
  set(AOTI_LLVM_LIBS clangTooling clangToolingCore clangFrontend clangDriver
    clangSerialization clangASTMatchers clangAST clangLex clangBasic
    ${AOTI_LLVM_COMPONENT_LIBS})
endif()
# libzip reads and writes .pt2 packages (Debian: libzip-dev).
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBZIP REQUIRED IMPORTED_TARGET libzip)
set(AOTI_ZIP_LIB PkgConfig::LIBZIP)
set(AOTI_YAML_LIB yaml-cpp)

# The Python that has the pinned torch: used by tests and scripts only, never
# by the tool itself (which finds torch headers on its own at run time).
set(AOTI_PYTHON "$ENV{AOTI_PYTHON}" CACHE FILEPATH
  "python3 with the pinned torch (tests, end-to-end runs)")
if(NOT AOTI_PYTHON)
  find_program(AOTI_PYTHON_FOUND python3)
  set(AOTI_PYTHON "${AOTI_PYTHON_FOUND}" CACHE FILEPATH "" FORCE)
endif()

# The newest torch on PyPI (scripts/env.sh): packages it makes are tested
# end to end too. Optional.
set(AOTI_PYTHON_NEWEST "$ENV{AOTI_PYTHON_NEWEST}" CACHE FILEPATH
  "python3 with the newest torch (end-to-end package tests)")

# The include root of lib/FOLDER alone: BUILD/layers/FOLDER/FOLDER links to
# lib/FOLDER, so that `#include "FOLDER/X.h"` resolves there and nothing
# else of lib/ does. A layer sees the roots of the layers it links, and an
# include of a layer above it (or beside it) fails to build.
function(aoti_layer_root folder out)
  set(_root "${PROJECT_BINARY_DIR}/layers/${folder}")
  file(MAKE_DIRECTORY "${_root}")
  file(CREATE_LINK "${PROJECT_SOURCE_DIR}/lib/${folder}" "${_root}/${folder}"
    SYMBOLIC)
  set_property(GLOBAL APPEND PROPERTY AOTI_LAYER_ROOTS "${_root}")
  set(${out} "${_root}" PARENT_SCOPE)
endfunction()

# aoti_add_layer(NAME FOLDER SOURCES... [DEPENDS LOWER_LAYERS...]): the
# library of one lib/ folder, with LLVM/Clang, linked to the layers below it.
function(aoti_add_layer name folder)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS" ${ARGN})
  aoti_layer_root(${folder} _root)
  add_library(${name} STATIC ${L_SOURCES})
  target_include_directories(${name} PUBLIC "${_root}")
  target_include_directories(${name} SYSTEM PUBLIC ${AOTI_LLVM_INCLUDE_DIRS})
  target_compile_options(${name} PUBLIC ${AOTI_LLVM_DEFINITIONS})
  target_compile_definitions(${name} PRIVATE
    AOTI_INSTRUMENT_VERSION="${PROJECT_VERSION}"
    AOTI_CLANG_RESOURCE_DIR="${AOTI_CLANG_RESOURCE_DIR}")
  target_link_libraries(${name} PUBLIC ${L_DEPENDS})
  set_property(GLOBAL APPEND PROPERTY AOTI_LAYER_LIBRARIES ${name})
endfunction()
