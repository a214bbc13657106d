//===- CoreElf.h - The ELF container of a CUDA GPU core dump ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ELF header and section headers of a CUDA GPU core dump, checked: the
// file must be ELF64 little-endian, e_type ET_CORE, e_machine EM_CUDA, OS/ABI
// ELFOSABI_CUDA (else exit code 8, saying what it is instead), and every
// section header and section must lie inside the file (else exit code 9,
// "truncated: ..."). Also the errors every reader of a dump reports.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_COREELF_H
#define AOTI_COREDUMP_COREELF_H

#include "CoreDump/CudaCoreFormat.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace aoti {

/// One section of the dump, its contents inside the file.
struct CoreSection {
  uint32_t Index = 0;
  llvm::StringRef Name;
  uint32_t Type = 0;
  uint32_t Link = 0;
  uint32_t Info = 0;
  uint64_t EntSize = 0;
  llvm::StringRef Bytes; ///< The contents ("" for SHT_NOBITS).

  cudacore::SectionKind kind() const {
    return static_cast<cudacore::SectionKind>(cudacore::sectionKindOf(Type));
  }
  uint64_t rows() const { return EntSize ? Bytes.size() / EntSize : 0; }
  cudacore::Row row(uint64_t I) const {
    return {Bytes.substr(I * EntSize, EntSize)};
  }
  /// "section 12 (.cudbg.gridtbl.dev0)", for messages.
  std::string describe() const;
};

/// The sections of the dump \p Bytes, named \p Path in errors, after the
/// checks of its ELF header.
llvm::Expected<std::vector<CoreSection>>
readCoreSections(llvm::StringRef Path, llvm::StringRef Bytes);

/// "PATH: error: truncated: WHY" (exit code 9): a part of the dump lies past
/// the end of the file.
llvm::Error coreTruncated(llvm::StringRef Path, const llvm::Twine &Why);
/// "PATH: error: malformed: WHY" (exit code 9): the tables do not hold
/// together.
llvm::Error coreMalformed(llvm::StringRef Path, const llvm::Twine &Why);

} // namespace aoti

#endif // AOTI_COREDUMP_COREELF_H
