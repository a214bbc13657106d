//===- AOTINames.h - Names of AOTI code the analysis uses ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The spelling of what AOTInductor's codegen writes and the analysis looks
// for by name (declarations found in the AST, not text matches), expanded
// from the table in AOTINames.def: a rename upstream is one edit there.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_AOTINAMES_H
#define AOTI_SUPPORT_AOTINAMES_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace aoti::names {

/// Every name of AOTINames.def as a constant: `names::LaunchKernel`, ...
#define AOTI_NAME(Name, Spelling) constexpr llvm::StringRef Name = Spelling;
#include "Support/AOTINames.def"

/// Whether a class of this name holds a tensor handle (RAIIAtenTensorHandle,
/// ConstantHandle, ...). The raw handle is a pointer to RawHandleRecord.
inline bool isTensorHandleRecord(llvm::StringRef RecordName) {
#define AOTI_HANDLE_TYPE(Name, Spelling)                                       \
  if (RecordName == Spelling)                                                  \
    return true;
#include "Support/AOTINames.def"
  return false;
}

/// Whether a parameter of a launch helper (or of run_impl) carries plumbing,
/// not a kernel argument.
inline bool isPlumbingParam(llvm::StringRef ParamName) {
#define AOTI_PLUMBING_PARAM(Name, Spelling)                                    \
  if (ParamName == Spelling)                                                   \
    return true;
#include "Support/AOTINames.def"
  return false;
}

/// Whether a C shim function allocates, wraps or inspects tensors without
/// running an op. Everything else the shim declares runs an op.
inline bool isShimUtility(llvm::StringRef FunctionName) {
#define AOTI_SHIM_UTILITY(Name, Prefix)                                        \
  if (FunctionName.starts_with(Prefix))                                        \
    return true;
#include "Support/AOTINames.def"
  return false;
}

/// Whether `std::array<...>{...}.NAME()` gives the start of the array
/// (how AOTI passes a list of handles).
inline bool isStdArrayStart(llvm::StringRef Method) {
  return Method == StdArrayData || Method == StdArrayCBegin;
}

/// The device part of shim op \p Function's name (`cuda` in
/// `aoti_torch_cuda_topk`); "" for the device-neutral ops of shim.h.
inline llvm::StringRef shimDeviceOf(llvm::StringRef Function) {
  if (!Function.consume_front(ShimPrefix))
    return "";
#define AOTI_SHIM_DEVICE(Name, Spelling)                                       \
  if (Function.starts_with(Spelling "_"))                                      \
    return Spelling;
#include "Support/AOTINames.def"
  return "";
}

/// Whether the launch site named \p Kernel is an extern op (a shim call:
/// aoti_torch_cuda_mm_out), whose kernels are a library's.
inline bool isExternOp(llvm::StringRef Kernel) {
  return Kernel.starts_with(ShimCudaOpPrefix) ||
         Kernel.starts_with(ShimCpuOpPrefix);
}

/// Whether the extern op \p Kernel (a shim function: aoti_torch_cuda_mm_out)
/// writes every element of its `out` tensor (AOTI_WHOLE_OUT_OP).
inline bool writesWholeOut(llvm::StringRef Kernel) {
  if (!Kernel.consume_front(ShimCudaOpPrefix) &&
      !Kernel.consume_front(ShimCpuOpPrefix))
    return false;
#define AOTI_WHOLE_OUT_OP(Name, Spelling)                                      \
  if (Kernel == Spelling)                                                      \
    return true;
#include "Support/AOTINames.def"
  return false;
}

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

/// The device a wrapper (or kernel source) is generated for, from its
/// AOTI include (`aoti_include/cuda.h`: "cuda"); "unknown" without one.
inline std::string wrapperDevice(llvm::StringRef Source) {
  size_t Pos = Source.find(AOTIIncludeDir);
  if (Pos == llvm::StringRef::npos)
    return "unknown";
  llvm::StringRef Rest = Source.drop_front(Pos + AOTIIncludeDir.size());
  return Rest.take_until([](char C) { return C == '.' || C == '>'; }).str();
}

/// Whether \p Device (wrapperDevice's) is CUDA: the one test of it.
inline bool isCudaDevice(llvm::StringRef Device) {
  return Device == CudaDevice;
}

/// Whether \p Source, a wrapper's text, is generated for CUDA.
inline bool isCudaWrapper(llvm::StringRef Source) {
  return isCudaDevice(wrapperDevice(Source));
}

/// Whether a launch of the wrapper's kernel \p WrapperKernel (a launch
/// site's name: "gather_rows_kernel_0", "triton_poi_fused_add_0") runs the
/// cubin function \p Function ("gather_rows_kernel"): the same name, or the
/// name, UserKernelNumberSeparator and digits (a user Triton kernel).
inline bool launchesCubinFunction(llvm::StringRef WrapperKernel,
                                  llvm::StringRef Function) {
  if (Function.empty() || !WrapperKernel.consume_front(Function))
    return false;
  if (WrapperKernel.empty())
    return true;
  return WrapperKernel.consume_front(UserKernelNumberSeparator) &&
         !WrapperKernel.empty() &&
         WrapperKernel.find_first_not_of("0123456789") == llvm::StringRef::npos;
}

} // namespace aoti::names

#endif // AOTI_SUPPORT_AOTINAMES_H
