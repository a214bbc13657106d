//===- OutputFile.cpp - Write results without corrupting inputs -----------===//

#include "Output/OutputFile.h"
#include "Support/ToolError.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;

llvm::Error aoti::writeOutput(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
  if (E)
    return makeToolError(ExitCode::OutputError, Path.str(),
                         "cannot write output: " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

llvm::Error aoti::writeInPlace(llvm::StringRef Path, llvm::StringRef Original,
                               llvm::StringRef Text) {
  if (llvm::Error E = writeOutput((Path + ".orig").str(), Original))
    return E;
  return writeOutput(Path, Text);
}
