# cmake -DINPUT=umbrella.h -DOUTPUT=out.h -P Amalgamate.cmake
# Writes INPUT with each `#include "aoti_rt/NAME.h"` line replaced by that
# file's text (relative to INPUT's directory; each file once, nested
# includes of the same form resolved too): the runtime as the one text the
# tool pastes into wrappers (--embed-runtime's single file), built from the
# headers the runtime is written in.
get_filename_component(_dir "${INPUT}" DIRECTORY)
set(_seen "")
function(_aoti_inline FILE OUTVAR)
  file(READ "${FILE}" _text)
  string(REGEX MATCHALL "#include \"aoti_rt/[A-Za-z0-9_]+\\.h\"" _incs "${_text}")
  foreach(_inc IN LISTS _incs)
    string(REGEX REPLACE "#include \"(aoti_rt/[A-Za-z0-9_]+\\.h)\"" "\\1" _rel "${_inc}")
    list(FIND _seen "${_rel}" _at)
    if(_at EQUAL -1)
      list(APPEND _seen "${_rel}")
      set(_seen "${_seen}" PARENT_SCOPE)
      _aoti_inline("${_dir}/${_rel}" _body)
      set(_body "// ===== ${_rel} =====\n${_body}// ===== end of ${_rel} =====")
    else()
      set(_body "// (${_rel}: above)")
    endif()
    string(REPLACE "${_inc}" "${_body}" _text "${_text}")
  endforeach()
  set(${OUTVAR} "${_text}" PARENT_SCOPE)
endfunction()
_aoti_inline("${INPUT}" _all)
file(WRITE "${OUTPUT}.tmp" "${_all}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
