//===- ToolError.cpp ------------------------------------------------------===//

#include "Support/ToolError.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;

char ToolError::ID = 0;

void ToolError::log(llvm::raw_ostream &OS) const {
  if (!Location.empty())
    OS << Location << ": ";
  OS << "error: " << Message;
  if (!Snippet.empty())
    OS << "\n" << llvm::StringRef(Snippet).drop_back();
  if (!Hint.empty())
    OS << "\n" << (Location.empty() ? "" : Location + ": ") << "note: " << Hint;
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
  std::string Caret;
  for (unsigned I = 0; I + 1 < Column && I < Source.size(); ++I)
    Caret += Source[I] == '\t' ? '\t' : ' ';
  return (Source + "\n" + Caret + "^\n").str();
}
