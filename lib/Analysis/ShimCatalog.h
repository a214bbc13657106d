//===- ShimCatalog.h - Every op of a torch release's C shim -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the C-shim headers of a torch (the generated c_shim_<device>.h and
// the hand-written shim*.h of aoti_torch/c/) and reads the call form of each
// op they declare (ShimSignature.h): what --list-shim-ops prints and the
// census (scripts/census/) tabulates, from the same classifier the analysis
// of a wrapper's extern calls uses.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_SHIMCATALOG_H
#define AOTI_ANALYSIS_SHIMCATALOG_H

#include "Analysis/ShimSignature.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace aoti {

/// One op of the shim, where it is declared.
struct ShimOp {
  ShimSignature Signature;
  std::string Header; ///< "c_shim_cuda.h", "shim.h", ...
  /// The device of its name ("cuda" in aoti_torch_cuda_topk); "" for the
  /// device-neutral ops of shim.h and shim_deprecated.h.
  std::string Device;
};

/// The shim headers a catalog reads, relative to the include dir, in order.
llvm::ArrayRef<const char *> shimCatalogHeaders();

/// Every op the shim headers under \p TorchIncludeDir declare, in
/// declaration order, parsed with \p CompilerArgs (include dirs, defines,
/// -std: what a wrapper of that torch is parsed with). Utilities (tensor
/// creation, metadata, guards: names::isShimUtility) are left out.
llvm::Expected<std::vector<ShimOp>>
readShimCatalog(llvm::StringRef TorchIncludeDir,
                const std::vector<std::string> &CompilerArgs);

} // namespace aoti

#endif // AOTI_ANALYSIS_SHIMCATALOG_H
