//===- Trailer.cpp - The build commands AOTI appends to its sources -------===//

#include "Support/Trailer.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

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

std::string aoti::shellJoin(llvm::ArrayRef<std::string> Argv) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  for (size_t I = 0; I < Argv.size(); ++I) {
    if (I)
      OS << ' ';
    StringRef Arg = Argv[I];
    bool Quote = Arg.find_first_of(" \t\"'\\$`*?()<>|&;") != StringRef::npos;
    llvm::sys::printArg(OS, Arg, Quote);
  }
  return Text;
}
