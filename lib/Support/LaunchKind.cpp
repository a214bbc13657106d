//===- LaunchKind.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/LaunchKind.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace aoti;

llvm::StringRef aoti::kindName(LaunchKind Kind) {
  switch (Kind) {
  case LaunchKind::Triton:
    return "triton";
  case LaunchKind::UserTriton:
    return "user_triton";
  case LaunchKind::Cpp:
    return "cpp";
  case LaunchKind::Extern:
    return "extern";
  case LaunchKind::Proxy:
    return "proxy";
  }
  llvm_unreachable("unknown LaunchKind");
}

std::optional<LaunchKind> aoti::parseKindName(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<LaunchKind>>(Name)
      .Case("triton", LaunchKind::Triton)
      .Case("user_triton", LaunchKind::UserTriton)
      .Case("cpp", LaunchKind::Cpp)
      .Case("extern", LaunchKind::Extern)
      .Case("proxy", LaunchKind::Proxy)
      .Default(std::nullopt);
}

llvm::ArrayRef<llvm::StringRef> aoti::allKindNames() {
  static const llvm::StringRef Names[] = {"triton", "user_triton", "cpp",
                                          "extern", "proxy"};
  return Names;
}
