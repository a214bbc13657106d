//===- ToolError.cpp ------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/ToolError.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace aoti;

char ToolError::ID = 0;

void ToolError::log(llvm::raw_ostream &OS) const {
  // Locations, messages and hints quote packages and rules files.
  std::string Where = printableMessage(Location, /*KeepNewlines=*/false);
  if (!Where.empty())
    OS << Where << ": ";
  OS << "error: " << printableMessage(Message);
  if (!Snippet.empty())
    OS << "\n" << llvm::StringRef(Snippet).drop_back();
  if (!Hint.empty())
    OS << "\n"
       << (Where.empty() ? "" : Where + ": ")
       << "note: " << printableMessage(Hint);
}

std::string aoti::escapeControl(llvm::StringRef Text, bool KeepNewlines) {
  auto Byte = [&](size_t I) { return static_cast<unsigned char>(Text[I]); };
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char U = Byte(I);
    // C1 controls (U+0080-U+009F) as UTF-8: some terminals obey them too.
    bool C1 = (U == 0xc2 && I + 1 < Text.size() && Byte(I + 1) >= 0x80 &&
               Byte(I + 1) <= 0x9f) ||
              (I > 0 && Byte(I - 1) == 0xc2 && U >= 0x80 && U <= 0x9f);
    if (!C1 && ((U >= 0x20 && U != 0x7f) || U == '\t' ||
                (U == '\n' && KeepNewlines))) {
      Out += Text[I];
      continue;
    }
    Out += "\\x";
    Out += llvm::hexdigit(U >> 4, /*LowerCase=*/true);
    Out += llvm::hexdigit(U & 15, /*LowerCase=*/true);
  }
  return Out;
}

std::string aoti::printableMessage(llvm::StringRef Text, bool KeepNewlines) {
  std::string Out;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    if (Line.size() > MaxMessageLine)
      Out += escapeControl(Line.take_front(MaxMessageLine)) + "... (" +
             std::to_string(Line.size() - MaxMessageLine) + " more characters)";
    else
      Out += escapeControl(Line);
    if (Line.size() < Text.size())
      Out += KeepNewlines ? "\n" : "\\x0a";
    Text = Rest;
  }
  return Out;
}

std::string aoti::formatSourceSnippet(llvm::StringRef Text, unsigned Line,
                                      unsigned Column) {
  if (Line == 0)
    return "";
  llvm::StringRef Rest = Text;
  for (unsigned I = 1; I < Line; ++I) {
    size_t NL = Rest.find('\n');
    if (NL == llvm::StringRef::npos)
      return "";
    Rest = Rest.drop_front(NL + 1);
  }
  llvm::StringRef Source = Rest.take_until([](char C) { return C == '\n'; });
  Source = Source.rtrim("\r");
  if (Source.trim().empty())
    return ""; // nothing to point at (e.g. the end of the file)
  // A window of the line around the caret: a 50 MB line stays one line.
  size_t CaretAt = std::min<size_t>(Column ? Column - 1 : 0, Source.size());
  size_t Begin = CaretAt > SnippetWidth / 2 ? CaretAt - SnippetWidth / 2 : 0;
  llvm::StringRef Before = Source.slice(Begin, CaretAt);
  llvm::StringRef After =
      Source.drop_front(CaretAt).take_front(SnippetWidth - Before.size());
  std::string Shown = (Begin ? "..." : "") + escapeControl(Before);
  std::string Caret;
  for (char C : Shown)
    Caret += C == '\t' ? '\t' : ' ';
  Shown += escapeControl(After);
  if (CaretAt + After.size() < Source.size())
    Shown += "...";
  return Shown + "\n" + Caret + "^\n";
}
