//===- RecordedCommand.h - What a rebuild takes from a package --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A package records the commands its .so was built with, and a package may
// come from anyone: its commands are data, never a program to run as given.
// This file says what a rebuild takes from them. The compiler runs only when
// the user chose it or when the recorded one is, by name, a GCC or Clang C++
// driver installed on this machine outside the package; each flag is read
// with the clang driver's option table (as the analysis reads them) and
// kept only when it changes the meaning or the ABI of the code (-D, -U,
// -std, -m, -f code generation, -O, -g, warnings, -shared, -l of torch's,
// CUDA's and the C++ runtime's libraries), or names a directory of this
// machine's torch, CUDA, Python, compiler or system. Everything else (-B,
// -specs, -wrapper, -fplugin, @file, -Wl, -Xclang, -MF, ...) is left out.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_RECORDEDCOMMAND_H
#define AOTI_PACKAGE_RECORDEDCOMMAND_H

#include "Support/TrustedDirs.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm::opt {
class Arg;
} // namespace llvm::opt

namespace aoti {

/// Whether \p Name (a file name, no directory) is a GCC or Clang C++ driver:
/// `g++`, `c++` or `clang++`, with an optional target prefix
/// (`x86_64-linux-gnu-g++`) and version suffix (`g++-13`, `clang++-19`).
bool isCxxDriverName(llvm::StringRef Name);

/// The compiler a rebuild runs for a package whose build used \p Recorded:
/// \p UserChoice (--cxx, else $CXX) when given; else, when \p Recorded is
/// a C++ driver by name, the driver of that name on PATH (\p Recorded
/// itself when it is that same file), unless it lies in \p UntrustedDir
/// (where the package was unpacked); else `c++` on PATH. Nothing is run to
/// find out. \p Note says why the recorded compiler is not used, when it
/// is not.
llvm::Expected<std::string> chooseCompiler(llvm::StringRef Recorded,
                                           llvm::StringRef UserChoice,
                                           llvm::StringRef UntrustedDir,
                                           std::string &Note);

/// Which of a package's recorded commands an option comes from.
enum class RecordedStep { Compile, Link };

/// Whether a rebuild keeps option \p A of a recorded command (read with
/// forEachOption) as it is. Inputs, -o, -include and directory options are
/// not decided here: the rebuild replaces or checks them itself.
bool keepsRecordedFlag(const llvm::opt::Arg &A,
                       llvm::ArrayRef<std::string> Tokens, RecordedStep Step);

} // namespace aoti

#endif // AOTI_PACKAGE_RECORDEDCOMMAND_H
