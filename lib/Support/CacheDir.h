//===- CacheDir.h - Where the tool keeps what it fetches --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One cache root for the torch headers of each release (torch-headers/) and
// the objects of package rebuilds (build-cache/), shared with the scripts.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_CACHEDIR_H
#define AOTI_SUPPORT_CACHEDIR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SHA256.h"
#include <string>

namespace aoti {

/// $AOTI_CACHE_DIR, else ${XDG_CACHE_HOME:-~/.cache}/aoti-instrument (as
/// scripts/env.sh); empty when there is no home directory either.
std::string defaultCacheDir();

/// <defaultCacheDir()>/build-cache, where precompiled headers and kernel
/// objects are kept (created when missing); empty when there is no cache
/// root or it cannot be created: then everything is built each time.
std::string buildCacheDir();

/// The name part of a cache entry: the first 24 hex digits of \p Hash
/// (what the entry depends on, hashed by the caller).
std::string cacheKey(llvm::SHA256 &Hash);

/// \p Dir / \p Name.
std::string pathIn(llvm::StringRef Dir, const llvm::Twine &Name);

} // namespace aoti

#endif // AOTI_SUPPORT_CACHEDIR_H
