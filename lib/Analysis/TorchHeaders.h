//===- TorchHeaders.h - Which torch headers to parse with -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The headers of each torch release live in a cache,
// <cache>/torch-headers/<X.Y>/include, filled once per release by
// lib/Analysis/fetch_torch_headers.py (embedded in the tool and run for
// --torch-version when a release is missing). When clang cannot parse a
// wrapper with headers older than the release that generated it, the parse
// error is replaced by one that says so.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_TORCHHEADERS_H
#define AOTI_ANALYSIS_TORCHHEADERS_H

#include "Analysis/TorchRelease.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace aoti {

/// <CacheDir>/torch-headers/<Release>/include; empty when that release was
/// never fetched completely (the fetch renames a finished directory into
/// place, with its fetched.json).
std::string cachedTorchInclude(llvm::StringRef CacheDir, TorchRelease Release);

struct FetchOptions {
  /// Cache root (Support/CacheDir.h's defaultCacheDir() when empty).
  std::string CacheDir;
  /// Interpreter that runs the fetch (it needs pip).
  std::string Python = "python3";
};

/// The include dir of \p Release's headers, fetched into the cache first
/// when missing: progress on stderr (pip's, about 0.5-1 GB to download),
/// a note on \p Err first. ExitCode::HeadersUnavailable when the fetch
/// fails (offline, no such release, no pip).
llvm::Expected<std::string> findOrFetchTorchHeaders(TorchRelease Release,
                                                    const FetchOptions &Options,
                                                    llvm::raw_ostream &Err);

/// The torch/include dir among the include dirs of \p CompilerArgs that
/// provides AOTI's runtime headers (the first of angledIncludeDirs(), as
/// the compiler searches); empty when none does.
std::string torchIncludeDirOf(llvm::ArrayRef<std::string> CompilerArgs);

/// Given the error of a failed parse of \p WrapperPath (text
/// \p WrapperText) with \p CompilerArgs: when the torch headers used are
/// older than the oldest release that can have generated the wrapper,
/// returns an error that says so, with a note on how to fix it (same exit
/// code); otherwise returns \p ParseError unchanged.
llvm::Error explainParseFailure(llvm::Error ParseError,
                                llvm::StringRef WrapperPath,
                                llvm::StringRef WrapperText,
                                llvm::ArrayRef<std::string> CompilerArgs);

} // namespace aoti

#endif // AOTI_ANALYSIS_TORCHHEADERS_H
