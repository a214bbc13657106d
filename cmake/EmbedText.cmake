# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DINPUT=file -DOUTPUT=file.inc -DNAME=Symbol -P EmbedText.cmake
# Writes `static const char *const NAME[] = {R"..."(chunk)"...", ..., nullptr};`
# Chunks stay below the 64 KiB string-literal limit some compilers have.
file(READ "${INPUT}" _text)
set(_delim "AOTIEMBED")
set(_out "// Generated from ${INPUT} by cmake/EmbedText.cmake. Do not edit.\n")
string(APPEND _out "static const char *const ${NAME}[] = {\n")
string(LENGTH "${_text}" _len)
set(_pos 0)
while(_pos LESS _len)
  string(SUBSTRING "${_text}" ${_pos} 16000 _chunk)
  string(APPEND _out "R\"${_delim}(${_chunk})${_delim}\",\n")
  math(EXPR _pos "${_pos} + 16000")
endwhile()
string(APPEND _out "nullptr};\n")
file(WRITE "${OUTPUT}.tmp" "${_out}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
