//===- RuntimeSource.h - The runtime's text, for pasting --------*- C++ -*-===//
//
// The instrumented wrapper carries its runtime with it: the text of
// aoti_instrument_runtime.h is embedded in the tool at build time.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RUNTIME_RUNTIMESOURCE_H
#define AOTI_RUNTIME_RUNTIMESOURCE_H

#include <string>

namespace aoti {

/// Text to paste into an instrumented wrapper after its #include: defines,
/// embedded PTX (CUDA only, when built with nvcc), and the runtime header.
std::string runtimePrelude(bool Cuda);

} // namespace aoti

#endif // AOTI_RUNTIME_RUNTIMESOURCE_H
