//===- CudaCoreFormat.cpp -------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/CudaCoreFormat.h"
#include "llvm/ADT/ArrayRef.h"

using namespace aoti;
using namespace aoti::cudacore;

llvm::StringRef cudacore::sectionKindName(SectionKind Kind) {
  switch (Kind) {
  case SectionKind::DeviceTable:
    return "device table";
  case SectionKind::ContextTable:
    return "context table";
  case SectionKind::SmTable:
    return "SM table";
  case SectionKind::GridTable:
    return "grid table";
  case SectionKind::CtaTable:
    return "CTA table";
  case SectionKind::WarpTable:
    return "warp table";
  case SectionKind::LaneTable:
    return "lane table";
  case SectionKind::ModuleTable:
    return "module table";
  case SectionKind::RelocatedElfImage:
    return "relocated ELF image";
  case SectionKind::Meta:
    return "meta record";
  default:
    return "section";
  }
}

unsigned cudacore::rowSize(SectionKind Kind) {
  switch (Kind) {
  case SectionKind::DeviceTable:
    return device_row::Size;
  case SectionKind::ContextTable:
    return context_row::Size;
  case SectionKind::ModuleTable:
    return module_row::Size;
  case SectionKind::GridTable:
    return grid_row::Size;
  case SectionKind::SmTable:
    return sm_row::Size;
  case SectionKind::CtaTable:
    return cta_row::Size;
  case SectionKind::WarpTable:
    return warp_row::Size;
  case SectionKind::LaneTable:
    return lane_row::Size;
  default:
    return 0;
  }
}

std::optional<SectionKind> cudacore::parentKind(SectionKind Kind) {
  switch (Kind) {
  case SectionKind::ContextTable:
  case SectionKind::GridTable:
  case SectionKind::SmTable:
    return SectionKind::DeviceTable;
  case SectionKind::ModuleTable:
    return SectionKind::ContextTable;
  case SectionKind::RelocatedElfImage:
    return SectionKind::ModuleTable;
  case SectionKind::CtaTable:
    return SectionKind::SmTable;
  case SectionKind::WarpTable:
    return SectionKind::CtaTable;
  case SectionKind::LaneTable:
    return SectionKind::WarpTable;
  default:
    return std::nullopt;
  }
}

llvm::StringRef cudacore::exceptionName(uint32_t Code) {
  // Indexed by the code of CUDBGException_t (cudadebugger.h).
  static constexpr llvm::StringLiteral Names[] = {
      "No Exception",
      "Lane Illegal Address",
      "Lane User Stack Overflow",
      "Device Hardware Stack Overflow",
      "Warp Illegal Instruction",
      "Warp Out-of-range Address",
      "Warp Misaligned Address",
      "Warp Invalid Address Space",
      "Warp Invalid PC",
      "Warp Hardware Stack Overflow",
      "Device Illegal Address",
      "Lane Misaligned Address",
      "Warp Assert",
      "Lane Syscall Error",
      "Warp Illegal Address",
      "Lane Nonmigratable Atomsys",
      "Lane Invalid Atomsys",
      "Cluster Out-of-range Address",
      "Cluster Block Not Present",
      "Warp Stack Canary",
      "Warp Tensor Memory Access Check",
      "Warp Tensor Memory Leak",
      "Warp Call Requires Newer Driver",
  };
  return Code < std::size(Names) ? llvm::StringRef(Names[Code])
                                 : llvm::StringRef();
}
