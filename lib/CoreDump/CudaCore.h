//===- CudaCore.h - Read a CUDA GPU core dump -------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tables of a CUDA GPU core dump (CudaCoreFormat.h) as the explain
// command needs them: the devices, the grids, the relocated ELF images of
// the loaded modules, and every lane that reports an exception with where it
// runs (device, SM, CTA, warp). The file is untrusted: every offset, size,
// sh_link and sh_info is checked before it is followed, and what does not
// hold is an error (exit code 8: not a CUDA core dump; 9: truncated or
// malformed) naming the section.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_CUDACORE_H
#define AOTI_COREDUMP_CUDACORE_H

#include "CoreDump/CoreElf.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// x, y, z of a grid, block or thread.
using Dim3 = std::array<uint32_t, 3>;

struct CoreDevice {
  std::string Name;   ///< "NVIDIA H200"
  std::string SmType; ///< "sm_90"
  uint32_t DevId = 0;
  uint32_t NumSMs = 0;
  uint32_t SmMajor = 0;
  uint32_t SmMinor = 0;
};

/// .cudbg.meta: the versions of the driver that wrote the dump.
struct CoreMeta {
  uint32_t DriverMajor = 0;
  uint32_t DriverMinor = 0;
  uint32_t CudaMajor = 0;
  uint32_t CudaMinor = 0;
};

struct CoreGrid {
  uint32_t Device = 0; ///< Row of the device table.
  uint64_t GridId = 0;
  uint64_t FunctionEntry = 0; ///< The kernel's first instruction.
  uint64_t ModuleHandle = 0;
  Dim3 GridDim{};
  Dim3 BlockDim{};
};

/// A relocated ELF image (a cubin whose symbols hold device addresses).
struct CoreImage {
  uint32_t Section = 0;
  uint32_t Device = 0;
  uint64_t ModuleHandle = 0;
  llvm::StringRef Bytes;
};

/// A lane, its exception code (0: none) and where it runs.
struct CoreLane {
  uint32_t Device = 0;
  uint32_t SmId = 0;
  uint32_t WarpId = 0;
  uint32_t Lane = 0;
  uint64_t GridId = 0;
  Dim3 BlockIdx{};
  Dim3 ThreadIdx{};
  uint32_t Exception = 0;
  uint64_t VirtualPC = 0;
  uint64_t ErrorPC = 0;
  bool ErrorPCValid = false; ///< The warp's error PC is known.

  /// The faulting instruction: the warp's error PC when valid, else the
  /// lane's PC.
  uint64_t pc() const { return ErrorPCValid ? ErrorPC : VirtualPC; }
};

class CudaCore {
public:
  /// Reads the dump \p Bytes (named \p Path in errors), which must outlive
  /// the result: sections and images point into it.
  static llvm::Expected<CudaCore> read(llvm::StringRef Path,
                                       llvm::StringRef Bytes);

  const std::vector<CoreSection> &sections() const { return Sections; }
  const std::vector<CoreDevice> &devices() const { return Devices; }
  const std::optional<CoreMeta> &meta() const { return Meta; }
  const std::vector<CoreGrid> &grids() const { return Grids; }
  const std::vector<CoreImage> &images() const { return Images; }
  /// In the order of the dump's lane tables.
  const std::vector<CoreLane> &faultingLanes() const { return Faulting; }
  /// The first valid lane of each warp, when it reports no exception: what
  /// ran when a dump without a fault was made on request (the watchdog's
  /// dump of a hang).
  const std::vector<CoreLane> &residentWarps() const { return Resident; }
  /// Every lane row read, faulting or not.
  uint64_t lanesRead() const { return LanesRead; }

  /// The grid \p GridId of device row \p Device, if the dump has it.
  const CoreGrid *findGrid(uint32_t Device, uint64_t GridId) const;

private:
  friend class CoreReader;
  std::vector<CoreSection> Sections;
  std::vector<CoreDevice> Devices;
  std::optional<CoreMeta> Meta;
  std::vector<CoreGrid> Grids;
  std::vector<CoreImage> Images;
  std::vector<CoreLane> Faulting;
  std::vector<CoreLane> Resident;
  uint64_t LanesRead = 0;
};

} // namespace aoti

#endif // AOTI_COREDUMP_CUDACORE_H
