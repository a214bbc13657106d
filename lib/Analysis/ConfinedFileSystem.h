//===- ConfinedFileSystem.h - Reads only the given dirs ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The analysis parses a package's wrapper in the tool's own process, where
// no sandbox applies: a wrapper that includes `/home/me/.ssh/id_rsa`, or a
// recorded flag that names such a file, would have clang read it and quote
// its lines. The parse of a package's wrapper goes through this file
// system: a path outside the readable roots (by real path, links followed,
// as the rebuild's Landlock rules judge) does not exist for clang.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_CONFINEDFILESYSTEM_H
#define AOTI_ANALYSIS_CONFINEDFILESYSTEM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <string>

namespace aoti {

/// The real file system, with only \p Roots (directories or files) and
/// what lies under them visible.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
confinedFileSystem(llvm::ArrayRef<std::string> Roots);

} // namespace aoti

#endif // AOTI_ANALYSIS_CONFINEDFILESYSTEM_H
