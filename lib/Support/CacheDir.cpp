//===- CacheDir.cpp -------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/CacheDir.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

std::string aoti::defaultCacheDir() {
  if (const char *Env = std::getenv("AOTI_CACHE_DIR"); Env && *Env)
    return Env;
  // $XDG_CACHE_HOME, else $HOME/.cache; with neither, no cache. Not the
  // password database's home: the static binary of the wheel links glibc,
  // whose getpwuid_r would load that glibc's NSS modules at run time.
  if (!std::getenv("XDG_CACHE_HOME") && !std::getenv("HOME"))
    return "";
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "aoti-instrument");
  return std::string(Dir);
}

std::string aoti::buildCacheDir() {
  std::string Root = defaultCacheDir();
  if (Root.empty())
    return "";
  llvm::SmallString<256> Dir(Root);
  llvm::sys::path::append(Dir, "build-cache");
  if (llvm::sys::fs::create_directories(Dir))
    return "";
  return std::string(Dir);
}

std::string aoti::cacheKey(llvm::SHA256 &Hash) {
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);
}

std::string aoti::pathIn(llvm::StringRef Dir, const llvm::Twine &Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}
