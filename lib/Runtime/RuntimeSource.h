//===- RuntimeSource.h - The runtime text pasted into wrappers --*- C++ -*-===//
//
// The instrumented wrapper carries its own runtime: the text of
// aoti_instrument_runtime.h (and, for CUDA, the PTX of the statistics
// kernel), embedded into the tool when it is built.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RUNTIME_RUNTIMESOURCE_H
#define AOTI_RUNTIME_RUNTIMESOURCE_H

#include <string>

namespace aoti {

/// Text to paste into an instrumented wrapper after its #include: defines,
/// embedded PTX (CUDA only, when built with nvcc), and the runtime header.
/// With \p Cuda it starts with `#define AOTI_RT_CUDA 1`; without, with
/// `#define AOTI_RT_CUDA 0`. Ends with a newline.
std::string runtimePrelude(bool Cuda);

/// The one file that holds the runtime's definitions for wrappers compiled
/// with -DAOTI_RT_SEPARATE=1 (their prelude then declares the API and
/// keeps only the hot path inline): what a rebuild the tool drives
/// compiles once and links beside the wrapper.
std::string runtimeObjectSource(bool Cuda);

/// The macro a wrapper's compile defines to use that object.
constexpr const char *RuntimeSeparateFlag = "-DAOTI_RT_SEPARATE=1";

/// Whether the statistics kernel's PTX was embedded (nvcc found at build
/// time); without it CUDA statistics are computed on host copies.
bool runtimeHasStatsPtx();

} // namespace aoti

#endif // AOTI_RUNTIME_RUNTIMESOURCE_H
