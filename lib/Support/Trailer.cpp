//===- Trailer.cpp - The build commands AOTI appends to its sources -------===//

#include "Support/Trailer.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"

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
