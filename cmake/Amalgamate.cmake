# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DINPUT=umbrella.h -DOUTPUT=out.h -P Amalgamate.cmake
# Writes INPUT with each include of a runtime header replaced by that
# header's text: `#include "aoti_rt/NAME.h"` in the umbrella, `#include
# "NAME.h"` between the headers of aoti_rt/ (each file once, in the order
# first met; nested includes resolved). The result is the one text the tool
# pastes into wrappers, built from the headers the runtime is written in.
get_filename_component(_dir "${INPUT}" DIRECTORY)
set(_seen "")
function(_aoti_inline FILE OUTVAR)
  file(READ "${FILE}" _text)
  string(REGEX MATCHALL "#include \"(aoti_rt/)?[A-Za-z0-9_]+\\.h\"" _incs
    "${_text}")
  foreach(_inc IN LISTS _incs)
    string(REGEX REPLACE "#include \"(aoti_rt/)?([A-Za-z0-9_]+\\.h)\"" "\\2"
      _name "${_inc}")
    set(_path "${_dir}/aoti_rt/${_name}")
    if(NOT EXISTS "${_path}")
      message(FATAL_ERROR "${FILE}: ${_inc}: no ${_path}")
    endif()
    list(FIND _seen "${_name}" _at)
    if(_at EQUAL -1)
      list(APPEND _seen "${_name}")
      set(_seen "${_seen}" PARENT_SCOPE)
      _aoti_inline("${_path}" _body)
      set(_seen "${_seen}" PARENT_SCOPE)
      set(_body "// ===== aoti_rt/${_name} =====\n${_body}// ===== end of aoti_rt/${_name} =====")
    else()
      set(_body "// (aoti_rt/${_name}: above)")
    endif()
    string(REPLACE "${_inc}" "${_body}" _text "${_text}")
  endforeach()
  set(${OUTVAR} "${_text}" PARENT_SCOPE)
endfunction()
_aoti_inline("${INPUT}" _all)
file(WRITE "${OUTPUT}.tmp" "${_all}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
