//===- ShimSignature.h - What a C-shim op does with its args ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The call form of an extern op, read from its declaration in torch's shim
// headers (c_shim_<device>.h, shim.h, shim_cpu.h, shim_deprecated.h): for
// each parameter, how it is passed (a tensor, an optional tensor, a list,
// a tensor or scalar the call creates and returns, a scalar) and what the
// op does with a tensor passed there. One classifier serves the analysis of
// a wrapper's calls, the capture of an extern launch and --list-shim-ops.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_SHIMSIGNATURE_H
#define AOTI_ANALYSIS_SHIMSIGNATURE_H

#include "Analysis/LaunchSite.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class QualType;
} // namespace clang

namespace aoti {

/// How a shim function takes one parameter, from its type (and for
/// pointers, its name).
enum class ShimForm {
  Tensor,             ///< AtenTensorHandle: a tensor that must be there
  OptionalTensor,     ///< AtenTensorHandle*: a tensor, or null for None
  TensorList,         ///< const AtenTensorHandle* (with a length)
  OptionalTensorList, ///< const AtenTensorHandle**: elements may be null
  RetTensor,          ///< AtenTensorHandle* retN (or out): the call makes it
  Scalar,             ///< int64_t, double, int32_t, bool, ...
  OptionalScalar,     ///< int64_t*, double*, const char**: a value or null
  ScalarList,         ///< const int64_t*, const double**, ... (with a length)
  RetScalar,          ///< int64_t* retN: a scalar the call returns
  Length,             ///< `<list>_len_`: the length of the list before it
  String,             ///< const char*
  Other,              ///< generators, the proxy executor, void*
};

/// Short name of \p Form, as --list-shim-ops prints it ("opt-tensor").
llvm::StringRef shimFormName(ShimForm Form);

/// One parameter of a shim function.
struct ShimParam {
  std::string Name;
  std::string Type; ///< as declared ("AtenTensorHandle *")
  ShimForm Form = ShimForm::Other;
  /// For the tensor forms: what the op does with it (Ret for RetTensor).
  ArgRole Role = ArgRole::Unknown;
};

/// A shim function's parameters, each classified.
struct ShimSignature {
  std::string Name;
  std::vector<ShimParam> Params;
  /// Whether the op writes its first tensor in place (`index_put_`,
  /// `fill__Scalar`): the name says so, or it returns nothing and has no
  /// `out`.
  bool InPlace = false;
};

/// The device part of a shim op's name (`cuda` in `aoti_torch_cuda_topk`;
/// empty for the device-neutral ones of shim.h).
llvm::StringRef shimDevice(llvm::StringRef Function);
/// The op part of a shim op's name (`topk`, `fill__Scalar`, `_mm_plus_mm_out`).
llvm::StringRef shimOpName(llvm::StringRef Function);

/// The form of parameter \p Name of type \p T.
ShimForm shimParamForm(llvm::StringRef Name, clang::QualType T);

/// The signature of shim function \p FD.
ShimSignature readShimSignature(const clang::FunctionDecl &FD);

/// Whether \p File (a header's path) is one of torch's C-shim headers that
/// declare ops: the generated c_shim_<device>.h and the hand-written
/// shim*.h of aoti_torch/c/.
bool isShimHeader(llvm::StringRef File);

/// Whether \p Function, declared in \p File, runs an op of the model (an
/// extern launch): anything the generated per-device headers declare, and
/// what the hand-written ones declare but their utilities
/// (names::isShimUtility: tensor creation, metadata, guards, ...).
bool isShimOp(llvm::StringRef Function, llvm::StringRef File);

} // namespace aoti

#endif // AOTI_ANALYSIS_SHIMSIGNATURE_H
