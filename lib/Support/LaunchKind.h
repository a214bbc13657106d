//===- LaunchKind.h - The kinds of kernel launch ----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Shared vocabulary of the analysis (which classifies launches) and the
// rules (which select them by kind).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_LAUNCHKIND_H
#define AOTI_SUPPORT_LAUNCHKIND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace aoti {

/// How a kernel is launched from run_impl.
enum class LaunchKind {
  Triton,     ///< Inductor-generated Triton kernel (call_triton_* helper).
  UserTriton, ///< User-defined Triton kernel (call_<name>_N helper).
  Cpp,        ///< Inductor C++ kernel from kernel.cpp (extern "C" cpp_fused_*).
  Extern,     ///< Fallback ATen op through the C shim (aoti_torch_cuda_*).
  Proxy,      ///< Custom op through aoti_torch_proxy_executor_call_function.
};

/// The spelling used in --list, JSON and rules files ("triton", ...).
llvm::StringRef kindName(LaunchKind Kind);
std::optional<LaunchKind> parseKindName(llvm::StringRef Name);
/// Every kind's name, for messages that list the valid ones.
llvm::ArrayRef<llvm::StringRef> allKindNames();

} // namespace aoti

#endif // AOTI_SUPPORT_LAUNCHKIND_H
