//===- TorchRelease.h - What each torch release generates -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// AOTInductor's wrapper.cpp calls into the torch headers it was generated
// with (torch/csrc/inductor/aoti_runtime/*.h): a wrapper parses with the
// headers of its own release or a newer one, not with older ones (checked
// for 2.9 to 2.15). This file knows which release a torch/include dir is,
// and the oldest release that can have generated a given wrapper, read off
// text that only that release's code generator writes.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_TORCHRELEASE_H
#define AOTI_ANALYSIS_TORCHRELEASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace aoti {

/// A torch release, MAJOR.MINOR: what AOTI generates does not change
/// between patch releases.
struct TorchRelease {
  unsigned Major = 0;
  unsigned Minor = 0;

  /// "2.13" only (a release, not a version such as "2.13.0").
  static std::optional<TorchRelease> parse(llvm::StringRef Text);
  std::string str() const;

  friend bool operator<(TorchRelease A, TorchRelease B) {
    return A.Major != B.Major ? A.Major < B.Major : A.Minor < B.Minor;
  }
  friend bool operator==(TorchRelease A, TorchRelease B) {
    return A.Major == B.Major && A.Minor == B.Minor;
  }
  friend bool operator!=(TorchRelease A, TorchRelease B) { return !(A == B); }
};

/// The exact version of a torch/include dir, e.g. 2.12.1.
struct TorchVersion {
  TorchRelease Release;
  unsigned Patch = 0;
  std::string str() const;
};

/// Reads the version of the torch whose torch/include is \p IncludeDir from
/// the TORCH_VERSION_MAJOR/MINOR/PATCH defines of torch/headeronly/version.h
/// (torch 2.10 and newer) or torch/csrc/api/include/torch/version.h (2.9
/// and older). None when neither exists or they do not say.
std::optional<TorchVersion> readTorchHeadersVersion(llvm::StringRef IncludeDir);

/// The same, from the text of one of those version.h files.
std::optional<TorchVersion> parseTorchVersionHeader(llvm::StringRef Text);

/// Text that the code generator of \c Since and later releases writes into
/// wrappers, and earlier releases never do.
struct ReleaseMarker {
  TorchRelease Since;
  /// Searched for, verbatim.
  llvm::StringRef Text;
  /// What messages call it.
  llvm::StringRef Name;
};

/// Every marker known, oldest release first.
llvm::ArrayRef<ReleaseMarker> releaseMarkers();

/// The oldest release whose AOTI can have generated a wrapper, and the
/// marker that says so (of the newest release found, the first in
/// releaseMarkers() order).
struct WrapperRelease {
  TorchRelease Oldest;
  const ReleaseMarker *Marker = nullptr;
  /// Offset of the marker in the wrapper's text.
  size_t Offset = 0;
};

/// None when \p WrapperText holds no marker (a wrapper of 2.9 or older, or
/// no wrapper at all).
std::optional<WrapperRelease> oldestReleaseFor(llvm::StringRef WrapperText);

/// The first release whose wrappers are compiled with -std=c++20 (AOTI's
/// default; CMakeLists CMAKE_CXX_STANDARD 20 for package_cpp_only).
constexpr TorchRelease FirstCxx20Release{2, 12};

} // namespace aoti

#endif // AOTI_ANALYSIS_TORCHRELEASE_H
