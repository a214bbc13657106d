//===- Trailer.cpp - The build commands AOTI appends to its sources -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/Trailer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/StringSaver.h"
#include <cstdio>

using namespace aoti;
using llvm::StringRef;

std::vector<std::string> aoti::trailerCommand(StringRef SourceText,
                                              StringRef Label) {
  std::string Marker = ("// " + Label + "\n").str();
  size_t Pos = SourceText.find(Marker);
  if (Pos == StringRef::npos)
    return {};
  StringRef Line = SourceText.drop_front(Pos + Marker.size());
  Line = Line.take_until([](char C) { return C == '\n'; });
  if (!Line.consume_front("//"))
    return {};
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 64> Tokens;
  llvm::cl::TokenizeGNUCommandLine(Line.trim(), Saver, Tokens);
  return std::vector<std::string>(Tokens.begin(), Tokens.end());
}

namespace {

bool isShellSafe(char C) {
  return llvm::isAlnum(C) || llvm::StringRef("_@%+=:,./-").contains(C);
}

/// Whether byte \p I of \p Arg must not reach a terminal raw: C0 controls
/// but the newline (it is kept inside the quotes), DEL, a C1 control
/// (U+0080-U+009F, both of its bytes), and any byte of a non-UTF-8
/// argument that is not ASCII.
bool isRawUnsafe(StringRef Arg, size_t I, bool Utf8) {
  auto Byte = [&](size_t J) { return static_cast<unsigned char>(Arg[J]); };
  unsigned char C = Byte(I);
  if ((C < 0x20 && C != '\n') || C == 0x7f || (C >= 0x80 && !Utf8))
    return true;
  bool C1Lead = C == 0xc2 && I + 1 < Arg.size() && Byte(I + 1) <= 0x9f;
  bool C1Tail = I > 0 && Byte(I - 1) == 0xc2 && C >= 0x80 && C <= 0x9f;
  return Utf8 && (C1Lead || C1Tail);
}

} // namespace

std::string aoti::shellQuote(StringRef Arg) {
  if (!Arg.empty() && llvm::all_of(Arg, isShellSafe))
    return Arg.str();
  bool Utf8 = llvm::json::isUTF8(Arg);
  std::string Out = "'";
  for (size_t I = 0; I < Arg.size(); ++I) {
    if (Arg[I] == '\'') {
      Out += "'\\''";
    } else if (isRawUnsafe(Arg, I, Utf8)) {
      char Octal[8];
      std::snprintf(Octal, sizeof(Octal), "\\%03o",
                    static_cast<unsigned char>(Arg[I]));
      Out += "'\"$(printf '";
      Out += Octal;
      Out += "')\"'";
    } else {
      Out += Arg[I];
    }
  }
  return Out + "'";
}

std::string aoti::shellJoin(llvm::ArrayRef<std::string> Argv) {
  std::string Text;
  for (size_t I = 0; I < Argv.size(); ++I)
    Text += (I ? " " : "") + shellQuote(Argv[I]);
  return Text;
}
