//===- Trailer.h - The build commands AOTI appends --------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// AOTI ends every wrapper.cpp and kernel.cpp it compiles with two comments,
// `// Compile cmd` and `// Link cmd`, each followed by the exact command on
// one `// ` line (torch's codecache.py). These are the only record of how the
// package's .so was built.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_TRAILER_H
#define AOTI_SUPPORT_TRAILER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace aoti {

constexpr llvm::StringRef CompileCmdLabel = "Compile cmd";
constexpr llvm::StringRef LinkCmdLabel = "Link cmd";

/// The command after the `// <Label>` comment of \p SourceText, tokenized as
/// a shell would (GNU rules); empty when there is none.
std::vector<std::string> trailerCommand(llvm::StringRef SourceText,
                                        llvm::StringRef Label);

/// \p Arg as a POSIX shell word that reads back as \p Arg: as it is when
/// it holds only characters no shell treats specially, else in single
/// quotes (a quote as '\''). A control character other than a newline is
/// written as "$(printf '\ooo')", so the terminal that shows the command
/// never receives it raw; so is every byte of an argument that is not
/// UTF-8.
std::string shellQuote(llvm::StringRef Arg);

/// \p Argv as shellQuote()d words joined by spaces.
std::string shellJoin(llvm::ArrayRef<std::string> Argv);

} // namespace aoti

#endif // AOTI_SUPPORT_TRAILER_H
