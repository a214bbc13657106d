//===- InstallDirs.h - Where the tool's own files are -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tool finds what it ships beside its executable, as clang finds its
// resource dir: <prefix>/bin/aoti-instrument and
// <prefix>/share/aoti-instrument/. The same layout holds in a build tree (CMake
// makes <build>/share), in the wheel (aoti_instrument/data/) and in any install
// prefix.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_INSTALLDIRS_H
#define AOTI_SUPPORT_INSTALLDIRS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace aoti {

/// The running executable's path (/proc/self/exe first).
std::string toolExecutable();

/// <prefix>/share/aoti-instrument/<Sub>, <prefix> being the parent of the
/// executable's directory.
std::string toolDataDir(llvm::StringRef Sub);

} // namespace aoti

#endif // AOTI_SUPPORT_INSTALLDIRS_H
