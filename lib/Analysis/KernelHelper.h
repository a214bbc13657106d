//===- KernelHelper.h - What a Triton kernel's call_ helper passes -*- C++ -*-//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads a call_ helper's launchKernel and loadKernel calls and its kernel
// argument array (LaunchSite.h, KernelHelper): what a capture of the launch
// records.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_KERNELHELPER_H
#define AOTI_ANALYSIS_KERNELHELPER_H

#include "Analysis/LaunchSite.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace aoti {

/// \p FD: the helper that launches \p Kernel (an instantiation, whose calls
/// are resolved). None when it does not have the shape AOTI generates
/// (a launchKernel call, a loadKernel call, `kernel_args_` of addresses of
/// locals).
std::optional<KernelHelper> readKernelHelper(const clang::FunctionDecl &FD,
                                             clang::ASTContext &Ctx,
                                             llvm::StringRef Kernel);

} // namespace aoti

#endif // AOTI_ANALYSIS_KERNELHELPER_H
