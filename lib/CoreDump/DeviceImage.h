//===- DeviceImage.h - Kernels and source lines of a cubin ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A CUDA ELF image (a cubin: a relocated image from a core dump, or a cubin
// of a package) read with LLVM's Object library (ELFFile, which checks every
// table against the file): its functions (STT_FUNC symbols, by address or by
// name, kernels marked) and the source line of an address from its DWARF
// line table (.debug_line, which Triton and nvcc -lineinfo write), or
// whether the table has a given file and line (a device-side assertion's).
// A cubin has line tables but no .debug_info, so the tables are read
// directly (DWARFDebugLine), not through compile units, and the DWARF reader
// is given .debug_line alone: nothing is decompressed, and no relocation is
// applied (a relocated image already holds its device addresses; in a cubin
// of a package each function starts at 0).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_DEVICEIMAGE_H
#define AOTI_COREDUMP_DEVICEIMAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

struct ImageFunction {
  std::string Name; ///< As in the symbol table (mangled when C++).
  uint64_t Start = 0;
  uint64_t Size = 0;
  /// A kernel (a __global__ function, one a launch can start), not a
  /// device function it calls.
  bool Entry = false;
};

struct SourceLine {
  std::string File; ///< With its directory, as the line table says.
  uint32_t Line = 0;
};

class DeviceImage {
public:
  /// Reads the ELF image \p Bytes, which must outlive the result; an error
  /// when LLVM cannot read it as an ELF object.
  static llvm::Expected<DeviceImage> read(llvm::StringRef Bytes);

  DeviceImage(DeviceImage &&) noexcept;
  DeviceImage &operator=(DeviceImage &&) noexcept;
  ~DeviceImage();

  /// The function whose bytes hold \p Address.
  std::optional<ImageFunction> functionAt(uint64_t Address) const;
  /// The function named \p Name.
  std::optional<ImageFunction> functionNamed(llvm::StringRef Name) const;
  /// The source line of the instruction at \p Address.
  std::optional<SourceLine> lineAt(uint64_t Address) const;
  /// Whether a row of its line tables is at \p File:\p Line.
  bool hasLine(llvm::StringRef File, uint32_t Line) const;
  /// Its functions, in the symbol table's order.
  llvm::ArrayRef<ImageFunction> functions() const;

private:
  struct Impl;
  explicit DeviceImage(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> I;
};

} // namespace aoti

#endif // AOTI_COREDUMP_DEVICEIMAGE_H
