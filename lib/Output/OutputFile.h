//===- OutputFile.h - Write results without corrupting inputs ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every file the tool writes for the user goes through here: written whole
// to a temporary file beside the target and renamed over it, never through
// a target that is not a regular file (a device, a FIFO, a directory), and
// an original kept by -i is created anew, never written through whatever
// already has its name.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_OUTPUT_OUTPUTFILE_H
#define AOTI_OUTPUT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace aoti {

/// Refuses \p Path as an output when it exists and is not a regular file
/// (followed through symbolic links: a link to /dev/null is a device).
llvm::Error checkOutputTarget(llvm::StringRef Path);

/// The name -i keeps the original of \p Path under.
std::string originalCopyPath(llvm::StringRef Path);

/// Refuses to rewrite \p Path in place when its original cannot be kept:
/// something of that name exists already (an earlier original, or a link
/// planted to be written through).
llvm::Error checkInPlaceTarget(llvm::StringRef Path);

/// Writes \p Text to \p Path ("-" for stdout) through a temporary file in
/// the same directory renamed over the target: readers never see a partial
/// file, and a failure leaves the old file as it was.
llvm::Error writeOutput(llvm::StringRef Path, llvm::StringRef Text);

/// Copies \p Path to originalCopyPath(Path), which is created: when
/// anything of that name exists, nothing is written.
llvm::Error keepOriginal(llvm::StringRef Path);

/// Rewrites \p Path in place: it is first kept (keepOriginal), then
/// \p Text replaces it atomically.
llvm::Error writeInPlace(llvm::StringRef Path, llvm::StringRef Text);

} // namespace aoti

#endif // AOTI_OUTPUT_OUTPUTFILE_H
