//===- CudaCoreFormat.h - The layout of a CUDA GPU core dump ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the CUDA driver writes when CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1: an
// ELF64 little-endian file of type ET_CORE for machine EM_CUDA, whose
// sections are tables (SHT_LOUSER + kind) linked into a tree: sh_link names
// the parent table's section, sh_info the row of the parent, and sh_entsize
// is a row's size (newer drivers append fields, so a row may be longer than
// the fields read here). The one place that knows these numbers and
// offsets; they follow the public cudacoredump.h that ships with cuda-gdb
// (docs/coredump.md).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_CUDACOREFORMAT_H
#define AOTI_COREDUMP_CUDACOREFORMAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"
#include <cstdint>
#include <optional>

namespace aoti::cudacore {

/// e_ident[EI_OSABI] and e_ident[EI_ABIVERSION] of a CUDA core dump.
constexpr uint8_t OsAbiCuda = 0x33;
constexpr uint8_t AbiVersion = 7;

/// A core dump section's kind: its sh_type less SHT_LOUSER.
constexpr uint32_t SectionTypeBase = 0x80000000;
enum class SectionKind : uint32_t {
  ManagedMemory = 1,
  GlobalMemory = 2,
  LocalMemory = 3,
  SharedMemory = 4,
  Registers = 5,
  ElfImage = 6,          ///< A module's ELF image, unrelocated.
  RelocatedElfImage = 7, ///< The same, at its device addresses.
  Backtrace = 8,
  DeviceTable = 9,
  ContextTable = 10,
  SmTable = 11,
  GridTable = 12,
  CtaTable = 13,
  WarpTable = 14,
  LaneTable = 15,
  ModuleTable = 16,
  Predicates = 17,
  ParamMemory = 18,
  UniformRegisters = 19,
  UniformPredicates = 20,
  ConstBankTable = 21,
  Meta = 22,
  CbuBarriers = 23,
};

/// The kind of section type \p ShType, or 0 when it is no core dump kind.
inline uint32_t sectionKindOf(uint32_t ShType) {
  return ShType > SectionTypeBase ? ShType - SectionTypeBase : 0;
}

/// A table's name for messages ("device table", "lane table").
llvm::StringRef sectionKindName(SectionKind Kind);

/// Byte offsets of the fields read in each kind of row, and the size those
/// fields need (a row's sh_entsize may be larger, never smaller).
namespace device_row {
constexpr unsigned Name = 0, Type = 8, SmType = 16; // u64 .strtab offsets
constexpr unsigned DevId = 24, NumSMs = 36, NumWarpsPerSM = 40,
                   NumLanesPerWarp = 44, SmMajor = 56, SmMinor = 60;
constexpr unsigned Size = 80;
} // namespace device_row
namespace context_row {
constexpr unsigned ContextId = 0, DeviceIdx = 32;
constexpr unsigned Size = 40;
} // namespace context_row
namespace module_row {
constexpr unsigned Handle = 0;
constexpr unsigned Size = 8;
} // namespace module_row
namespace grid_row {
constexpr unsigned GridId = 0, ContextId = 8, FunctionEntry = 24,
                   ModuleHandle = 32;
constexpr unsigned GridDim = 72, BlockDim = 84; // u32 x, y, z each
constexpr unsigned Size = 104;
} // namespace grid_row
namespace sm_row {
constexpr unsigned SmId = 0;
constexpr unsigned Size = 8;
} // namespace sm_row
namespace cta_row {
constexpr unsigned GridId = 0, BlockIdx = 8; // u32 x, y, z
constexpr unsigned Size = 24;
} // namespace cta_row
namespace warp_row {
constexpr unsigned ErrorPC = 0, WarpId = 8, ValidLanes = 12, ErrorPCValid = 24;
constexpr unsigned Size = 32;
} // namespace warp_row
namespace lane_row {
constexpr unsigned VirtualPC = 0, Lane = 16, ThreadIdx = 20, // u32 x, y, z
    Exception = 32;
constexpr unsigned Size = 48;
} // namespace lane_row
/// .cudbg.meta is one record (sh_entsize 0), not a table.
namespace meta_record {
constexpr unsigned DriverMajor = 8, DriverMinor = 12, CudaMajor = 16,
                   CudaMinor = 20;
constexpr unsigned Size = 32;
} // namespace meta_record

/// The bytes a row of table \p Kind needs for the fields read here; 0 when
/// \p Kind is no table (an image, memory, the meta record).
unsigned rowSize(SectionKind Kind);

/// The kind of the section that sh_link of a \p Kind section names (its
/// sh_info is a row of it), when \p Kind hangs in the tree.
std::optional<SectionKind> parentKind(SectionKind Kind);

/// Little-endian fields of one row; the caller has checked its size.
struct Row {
  llvm::StringRef Bytes;
  uint64_t u64(unsigned Offset) const {
    return llvm::support::endian::read64le(Bytes.data() + Offset);
  }
  uint32_t u32(unsigned Offset) const {
    return llvm::support::endian::read32le(Bytes.data() + Offset);
  }
};

/// A lane's exception as cuda-gdb names it ("Warp Illegal Address"), or ""
/// for a code this table does not know. Code 0 is "no exception".
llvm::StringRef exceptionName(uint32_t Code);

} // namespace aoti::cudacore

#endif // AOTI_COREDUMP_CUDACOREFORMAT_H
