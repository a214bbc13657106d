//===- InstallDirs.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/InstallDirs.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

std::string aoti::toolExecutable() {
  static int Anchor; // any symbol of the executable will do
  return llvm::sys::fs::getMainExecutable("aoti-instrument", &Anchor);
}

std::string aoti::toolDataDir(llvm::StringRef Sub) {
  llvm::SmallString<256> Dir(toolExecutable());
  llvm::sys::path::remove_filename(Dir); // bin
  llvm::sys::path::remove_filename(Dir); // the prefix
  llvm::sys::path::append(Dir, "share", "aoti-instrument", Sub);
  return std::string(Dir);
}
