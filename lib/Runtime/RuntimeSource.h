//===- RuntimeSource.h - The runtime text given to wrappers -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The instrumented wrapper's runtime: the text of aoti_instrument_runtime.h
// (and, for CUDA, the PTX of the statistics kernel), embedded into the tool
// when it is built. An output either includes it from a header written
// beside it (the default), or carries it pasted in (--embed-runtime,
// stdout, and every .pt2).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RUNTIME_RUNTIMESOURCE_H
#define AOTI_RUNTIME_RUNTIMESOURCE_H

#include <string>

namespace aoti {

/// How an instrumented wrapper gets its runtime.
enum class RuntimeMode {
  /// `#include "aoti_instrument_runtime.h"`, written beside the output: the
  /// wrapper's own compile command still builds it alone.
  Include,
  /// The runtime pasted into the output: one self-contained file.
  Embed,
};

/// The file the runtime is written to, beside an output.
constexpr const char *RuntimeHeaderName = "aoti_instrument_runtime.h";

/// The header written beside outputs (RuntimeHeaderName): the runtime and,
/// under `#if AOTI_RT_CUDA`, the statistics kernel's PTX. One text for CPU
/// and CUDA wrappers (each defines AOTI_RT_CUDA before including it). It
/// refuses, with #error, to compile into a wrapper that expects another
/// version of it (AOTI_RT_EXPECT_HEADER_ID). Starts with runtimeHeaderStamp().
const std::string &runtimeHeader();

/// First characters of runtimeHeader(): what says a file of that name is
/// ours (an older version may be replaced, anything else is not touched).
/// (RuntimeSource is also built without LLVM, for unittests/runtime.)
const char *runtimeHeaderStamp();

/// What an output puts after the wrapper's AOTI #include, per \p Mode: the
/// defines and the #include, or (Embed) the whole runtime. With \p Cuda it
/// defines AOTI_RT_CUDA as 1, else as 0. Ends with a newline.
std::string runtimeInclusion(RuntimeMode Mode, bool Cuda);

/// The pasted form, runtimeInclusion(RuntimeMode::Embed, Cuda).
std::string runtimePrelude(bool Cuda);

/// The one file that holds the runtime's definitions for wrappers compiled
/// with -DAOTI_RT_SEPARATE=1 (their prelude then declares the API and
/// keeps only the hot path inline): what a rebuild the tool drives
/// compiles once and links beside the wrapper. Self-contained.
std::string runtimeObjectSource(bool Cuda);

/// The macro a wrapper's compile defines to use that object.
constexpr const char *RuntimeSeparateFlag = "-DAOTI_RT_SEPARATE=1";

/// Whether the statistics kernel's PTX was embedded (nvcc found at build
/// time); without it CUDA statistics are computed on host copies.
bool runtimeHasStatsPtx();

} // namespace aoti

#endif // AOTI_RUNTIME_RUNTIMESOURCE_H
