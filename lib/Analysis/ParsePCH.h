//===- ParsePCH.h - The analysis parse's precompiled header -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most of the time clang spends parsing a wrapper goes into the torch (and
// CUDA) headers its first line includes, the same for every wrapper built
// with the same flags. The analysis parse therefore loads a clang
// precompiled header of that one include line, built once per (include,
// flags, clang) and kept in the build cache, as AOTI keeps its own for g++.
// Clang checks on load that the headers it was made from are unchanged; a
// PCH that fails is not used (see analyzeWrapper).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_PARSEPCH_H
#define AOTI_ANALYSIS_PARSEPCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace aoti {

/// Where the analysis keeps its precompiled headers, and who hears about
/// the one-off build of one.
struct ParseCache {
  /// Directory of the cached PCH files; empty: parse without one.
  std::string Dir;
  /// Told "precompiling ..." when a PCH is built, if it is a terminal (may
  /// be null).
  llvm::raw_ostream *Progress = nullptr;
  /// Prefix of that progress line (the file being analyzed).
  std::string Label;
};

/// The path of the cached PCH of \p IncludeLine under the clang driver
/// arguments \p ClangArgs (no program name, no input), building it into
/// \p Cache.Dir first when it is missing. Empty when there is no cache,
/// nothing to precompile, or the build failed (the parse then goes
/// without).
std::string getParsePCH(const ParseCache &Cache, llvm::StringRef IncludeLine,
                        llvm::ArrayRef<std::string> ClangArgs);

} // namespace aoti

#endif // AOTI_ANALYSIS_PARSEPCH_H
