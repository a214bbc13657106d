//===- LaunchSite.cpp - Names of the inventory's enums --------------------===//

#include "Analysis/LaunchSite.h"
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

llvm::StringRef aoti::roleName(ArgRole Role) {
  switch (Role) {
  case ArgRole::Input:
    return "in";
  case ArgRole::Output:
    return "out";
  case ArgRole::InOut:
    return "inout";
  case ArgRole::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown ArgRole");
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
