# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# AOTIInstrument.cmake: instrument an AOTInductor model's wrapper.cpp as a
# build step.
#
# In your own CMake project, after the model's target is defined:
#
#   include(/path/to/aoti-instrument/cmake/AOTIInstrument.cmake)
#   aoti_instrument(TARGET aoti_model RULES ${CMAKE_SOURCE_DIR}/rules.yaml)
#
# On the CMakeLists.txt that AOTI writes with aot_inductor.package_cpp_only=True,
# unmodified, pass the module as a project include:
#
#   cmake -S <package>/data/aotinductor/model -B build \
#     -DCMAKE_PREFIX_PATH=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)') \
#     -DCMAKE_PROJECT_INCLUDE=/path/to/aoti-instrument/cmake/AOTIInstrument.cmake \
#     -DAOTI_INSTRUMENT_RULES=/path/to/rules.yaml
#
# The target's *.wrapper.cpp is replaced in its sources by an instrumented
# copy in the build tree (with aoti_instrument_runtime.h beside it); the
# copy is remade when the wrapper, the rules or the tool change. AOTI's CMakeLists.txt asks for CMake 3.27:
# scripts/bootstrap.sh installs a recent CMake from PyPI into the venv.
#
# Options (cache variables):
#   AOTI_INSTRUMENT_TOOL    the aoti-instrument executable
#   AOTI_INSTRUMENT_RULES   rules file; with CMAKE_PROJECT_INCLUDE, enables
#                           the automatic step
#   AOTI_INSTRUMENT_TARGET  target instrumented automatically (aoti_model)
#   AOTI_INSTRUMENT_EXTRA_ARGS  more arguments for the tool (a ;-list)

cmake_minimum_required(VERSION 3.19) # cmake_language(DEFER)

find_program(AOTI_INSTRUMENT_TOOL aoti-instrument
  HINTS "${CMAKE_CURRENT_LIST_DIR}/../build/bin"
  DOC "The aoti-instrument executable")

# aoti_instrument(TARGET <target> RULES <rules.yaml> [WRAPPER <file>]
#                 [TOOL <exe>] [EXTRA_ARGS <args>...])
function(aoti_instrument)
  cmake_parse_arguments(ARG "" "TARGET;RULES;WRAPPER;TOOL" "EXTRA_ARGS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_RULES)
    message(FATAL_ERROR "aoti_instrument: TARGET and RULES are required")
  endif()
  if(NOT TARGET ${ARG_TARGET})
    message(FATAL_ERROR "aoti_instrument: no target named '${ARG_TARGET}'")
  endif()
  set(tool "${ARG_TOOL}")
  if(NOT tool)
    set(tool "${AOTI_INSTRUMENT_TOOL}")
  endif()
  if(NOT tool OR NOT EXISTS "${tool}")
    message(FATAL_ERROR "aoti_instrument: aoti-instrument not found; set "
      "AOTI_INSTRUMENT_TOOL to its path (build it with scripts/bootstrap.sh)")
  endif()
  get_filename_component(rules "${ARG_RULES}" ABSOLUTE)
  if(NOT EXISTS "${rules}")
    message(FATAL_ERROR "aoti_instrument: rules file '${rules}' not found")
  endif()

  # The one source that is AOTI's wrapper, unless named.
  get_target_property(sources ${ARG_TARGET} SOURCES)
  get_target_property(source_dir ${ARG_TARGET} SOURCE_DIR)
  set(wrapper "${ARG_WRAPPER}")
  if(NOT wrapper)
    set(candidates ${sources})
    list(FILTER candidates INCLUDE REGEX "wrapper\\.cpp$")
    list(LENGTH candidates count)
    if(NOT count EQUAL 1)
      message(FATAL_ERROR "aoti_instrument: target '${ARG_TARGET}' has "
        "${count} sources ending in wrapper.cpp (${candidates}); name one "
        "with WRAPPER")
    endif()
    set(wrapper "${candidates}")
  endif()
  set(wrapper_source "${wrapper}")
  if(NOT IS_ABSOLUTE "${wrapper}")
    set(wrapper "${source_dir}/${wrapper}")
  endif()

  get_filename_component(name "${wrapper}" NAME)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/aoti-instrument/${name}")
  # Parse with the torch that find_package(Torch) found, if any.
  set(torch_args)
  if(TORCH_INSTALL_PREFIX AND EXISTS "${TORCH_INSTALL_PREFIX}/include")
    set(torch_args "--torch-include=${TORCH_INSTALL_PREFIX}/include")
  endif()
  # The output includes aoti_instrument_runtime.h, written beside it (left
  # untouched while it does not change).
  get_filename_component(out_dir "${out}" DIRECTORY)
  add_custom_command(OUTPUT "${out}"
    BYPRODUCTS "${out_dir}/aoti_instrument_runtime.h"
    COMMAND "${tool}" "${wrapper}" -rules "${rules}" -o "${out}"
            ${torch_args} ${ARG_EXTRA_ARGS}
    DEPENDS "${wrapper}" "${rules}" "${tool}"
    COMMENT "aoti-instrument: ${name} with ${ARG_RULES}"
    VERBATIM)

  list(TRANSFORM sources REPLACE "^${wrapper_source}$" "${out}")
  list(TRANSFORM sources REPLACE "^${wrapper}$" "${out}")
  set_property(TARGET ${ARG_TARGET} PROPERTY SOURCES ${sources})
  message(STATUS "aoti-instrument: ${ARG_TARGET} compiles ${out} "
    "(rules ${rules})")
endfunction()

# As a CMAKE_PROJECT_INCLUDE: instrument AOTI's target once its CMakeLists.txt
# has been read to the end.
if(AOTI_INSTRUMENT_RULES AND NOT AOTI_INSTRUMENT_DEFERRED)
  set(AOTI_INSTRUMENT_DEFERRED TRUE)
  if(NOT AOTI_INSTRUMENT_TARGET)
    set(AOTI_INSTRUMENT_TARGET aoti_model)
  endif()
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL aoti_instrument
    TARGET "${AOTI_INSTRUMENT_TARGET}" RULES "${AOTI_INSTRUMENT_RULES}"
    EXTRA_ARGS ${AOTI_INSTRUMENT_EXTRA_ARGS})
endif()
