//===- OutputFile.h - Write results without corrupting inputs ---*- C++ -*-===//

#ifndef AOTI_OUTPUT_OUTPUTFILE_H
#define AOTI_OUTPUT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace aoti {

/// Writes \p Text to \p Path ("-" for stdout) through a temporary file in
/// the same directory renamed over the target: readers never see a partial
/// file, and a failure leaves the old file as it was.
llvm::Error writeOutput(llvm::StringRef Path, llvm::StringRef Text);

/// Rewrites \p Path in place: its current content \p Original is first
/// kept as Path.orig, then \p Text replaces it atomically.
llvm::Error writeInPlace(llvm::StringRef Path, llvm::StringRef Original,
                         llvm::StringRef Text);

} // namespace aoti

#endif // AOTI_OUTPUT_OUTPUTFILE_H
