//===- TrustedDirs.h - This machine's toolchain directories -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The directories whose files are this machine's own toolchain: torch's,
// CUDA's, the Python prefix torch is installed in, the compiler's prefix
// and the system's include and library directories. A rebuild keeps -I and
// -L of a package's recorded commands only within them, its sandbox lets
// the compiler read only them (and its work directory), and the analysis of
// a package's wrapper reads no file outside them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_TRUSTEDDIRS_H
#define AOTI_SUPPORT_TRUSTEDDIRS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace aoti {

/// The directories of this machine a rebuild may take headers and
/// libraries from: torch's, CUDA's, the Python prefix torch is installed
/// in, the compiler's own prefix and the system's.
class TrustedDirs {
public:
  TrustedDirs(llvm::StringRef TorchIncludeDir, llvm::StringRef TorchLibDir,
              llvm::StringRef CudaHome, llvm::StringRef Compiler);
  /// Whether \p Dir, with symbolic links and `..` resolved, lies in one of
  /// them (one that does not exist: by its name).
  bool contains(llvm::StringRef Dir) const;
  /// The directories, as given and by real path.
  const std::vector<std::string> &roots() const { return Roots; }

private:
  void add(llvm::StringRef Dir);
  std::vector<std::string> Roots;
};

/// Files besides those directories that compilers and the dynamic loader
/// read: the loader's cache and configuration, the release files clang
/// reads to find a distribution's GCC, the CPU's description
/// (-march=native on aarch64).
llvm::ArrayRef<llvm::StringRef> compilerSystemFiles();

/// \p Path with symbolic links and `..` resolved; "" when it does not exist.
std::string realPathOf(llvm::StringRef Path);

/// Whether \p Path lies in \p Dir (is it, or below it), by name.
bool isWithinDir(llvm::StringRef Path, llvm::StringRef Dir);

} // namespace aoti

#endif // AOTI_SUPPORT_TRUSTEDDIRS_H
