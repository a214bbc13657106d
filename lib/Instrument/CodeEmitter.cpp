//===- CodeEmitter.cpp - The C++ the rewriter inserts ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/CodeEmitter.h"
#include "Support/ToolError.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>

using namespace aoti;

CodeEmitter &CodeEmitter::line(const llvm::Twine &Text) {
  Out += Indent;
  Out += Text.str();
  Out += '\n';
  return *this;
}

CodeEmitter &CodeEmitter::open(const llvm::Twine &Text) {
  line(Text);
  Indent += "    ";
  return *this;
}

CodeEmitter &CodeEmitter::close(const llvm::Twine &Text) {
  Indent.resize(Indent.size() >= 4 ? Indent.size() - 4 : 0);
  return line(Text);
}

std::string CodeEmitter::take() {
  std::string Result;
  Result.swap(Out);
  return Result;
}

std::string CodeEmitter::quoted(llvm::StringRef S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << '"';
  OS.write_escaped(S);
  OS << '"';
  return Out;
}

std::string CodeEmitter::shown(llvm::StringRef S) {
  return quoted(escapeControl(S));
}

std::string CodeEmitter::exactDouble(double D) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.17g", D);
  std::string S = Buffer;
  if (S.find_first_of(".eEn") == std::string::npos)
    S += ".0";
  return S;
}

std::string CodeEmitter::int64List(const std::vector<int64_t> &Values) {
  return list(Values, [](int64_t V) { return std::to_string(V) + "L"; });
}

Designated &Designated::field(llvm::StringRef Name, const llvm::Twine &Value) {
  Fields.push_back(("." + Name + " = " + Value).str());
  return *this;
}

std::string Designated::str() const {
  return "{" +
         CodeEmitter::list(Fields, [](const std::string &F) { return F; }) +
         "}";
}
