//===- AOTINames.h - Names in AOTI wrappers the analysis relies on -*- C++ -*-===//
//
// The spelling of what AOTInductor's CUDA codegen writes and the analysis
// looks for by name (declarations found in the AST, not text matches). One
// place, so that a rename upstream is one edit here.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_AOTINAMES_H
#define AOTI_ANALYSIS_AOTINAMES_H

#include "llvm/ADT/StringRef.h"

namespace aoti::names {

/// Triton launch helpers: `call_<kernel>(...)`, whose body calls launchKernel.
constexpr llvm::StringRef HelperPrefix = "call_";
constexpr llvm::StringRef LaunchKernel = "launchKernel";

/// Parameters of the helpers (and of run_impl) that carry plumbing, not
/// kernel arguments.
constexpr llvm::StringRef HelperDeviceParam = "device_idx_";
constexpr llvm::StringRef HelperStreamParam = "stream_";
constexpr llvm::StringRef HelperKernelsParam = "kernels_";
constexpr llvm::StringRef HelperCubinDirParam = "cubin_dir_";
constexpr llvm::StringRef ProxyExecutorParam = "proxy_executor";
/// launchKernel's own stream parameter (older inline launches).
constexpr llvm::StringRef LaunchKernelStreamParam = "stream";

/// run_impl's stream parameter: the caller's (main) stream.
constexpr llvm::StringRef RunImplStreamParam = "stream";

/// Multi-stream AOTI (torch 2.14+, codegen/aoti_runtime/streams.h): aux
/// stream N is `_aoti_aux_stream_cache.get(N, this->device_idx_, stream)`,
/// usually also bound to `cudaStream_t streamN`; extern ops run on the
/// current stream that `_aoti_current_stream_guard =
/// std::make_unique<AOTICudaStreamGuard>(S, ...)` sets and `.reset()` ends.
constexpr llvm::StringRef AuxStreamCache = "_aoti_aux_stream_cache";
constexpr llvm::StringRef AuxStreamGet = "get";
constexpr llvm::StringRef CurrentStreamGuard = "_aoti_current_stream_guard";
constexpr llvm::StringRef StreamGuardClass = "AOTICudaStreamGuard";
constexpr llvm::StringRef MakeUnique = "make_unique";
constexpr llvm::StringRef GuardReset = "reset";

/// The include every wrapper (and kernel source) opens with:
/// `#include <torch/csrc/inductor/aoti_include/{cpu,cuda,xpu,...}.h>`.
constexpr llvm::StringRef AOTIIncludeDirective =
    "#include <torch/csrc/inductor/aoti_include/";

/// The first line of \p Source that is AOTIIncludeDirective (without its
/// newline), or "" when there is none.
inline llvm::StringRef aotiIncludeLine(llvm::StringRef Source) {
  for (llvm::StringRef Rest = Source; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    if (Line.starts_with(AOTIIncludeDirective))
      return Line.rtrim();
    Rest = Next;
  }
  return "";
}

} // namespace aoti::names

#endif // AOTI_ANALYSIS_AOTINAMES_H
