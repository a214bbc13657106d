//===- ToolError.cpp ------------------------------------------------------===//

#include "Support/ToolError.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;

char ToolError::ID = 0;

void ToolError::log(llvm::raw_ostream &OS) const {
  if (!Location.empty())
    OS << Location << ": ";
  OS << "error: " << Message;
  if (!Hint.empty())
    OS << "\n" << (Location.empty() ? "" : Location + ": ") << "note: " << Hint;
}
