//===- LaunchSite.cpp - Names of the inventory's enums, lookups -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/LaunchSite.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace aoti;

llvm::StringRef aoti::roleName(ArgRole Role) {
  switch (Role) {
  case ArgRole::Input:
    return "in";
  case ArgRole::Output:
    return "out";
  case ArgRole::InOut:
    return "inout";
  case ArgRole::Ret:
    return "ret";
  case ArgRole::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown ArgRole");
}

ArgRole aoti::kernelParamRole(llvm::StringRef Param) {
  if (Param.starts_with(names::InOutPtrPrefix))
    return ArgRole::InOut;
  if (Param.starts_with(names::OutPtrPrefix))
    return ArgRole::Output;
  if (Param.starts_with(names::InPtrPrefix))
    return ArgRole::Input;
  return ArgRole::Unknown;
}

llvm::StringRef aoti::originName(HandleOrigin Origin) {
  switch (Origin) {
  case HandleOrigin::GraphInput:
    return "input";
  case HandleOrigin::Constant:
    return "constant";
  case HandleOrigin::Buffer:
    return "buffer";
  case HandleOrigin::Other:
    return "other";
  }
  llvm_unreachable("unknown HandleOrigin");
}

const KernelHelper *WrapperInventory::helperOf(llvm::StringRef Kernel) const {
  for (const KernelHelper &H : Helpers)
    if (H.Kernel == Kernel)
      return &H;
  return nullptr;
}
