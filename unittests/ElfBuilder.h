//===- ElfBuilder.h - Small ELF64 files for tests ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Writes a little-endian ELF64 file of sections (no segments): the tests of
// lib/CoreDump build synthetic CUDA core dumps and cubins with it, so that
// each table, link and field they check is one they wrote.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_UNITTESTS_ELFBUILDER_H
#define AOTI_UNITTESTS_ELFBUILDER_H

#include <cstdint>
#include <string>
#include <vector>

namespace aoti::test {

/// Little-endian bytes of a row or record, written field by field.
class Bytes {
public:
  Bytes &u8(uint8_t V);
  Bytes &u16(uint16_t V);
  Bytes &u32(uint32_t V);
  Bytes &u64(uint64_t V);
  Bytes &str(const std::string &S); ///< With its NUL.
  Bytes &zeros(size_t N);
  const std::string &data() const { return Data; }
  size_t size() const { return Data.size(); }

private:
  std::string Data;
};

class ElfBuilder {
public:
  struct Section {
    std::string Name;
    uint32_t Type = 0;
    uint32_t Link = 0;
    uint32_t Info = 0;
    uint64_t EntSize = 0;
    uint64_t Addr = 0;
    uint64_t Flags = 0;
    std::string Data;
  };

  /// A file of ELF type \p Type for machine \p Machine with OS/ABI
  /// \p OsAbi.
  ElfBuilder(uint16_t Type, uint16_t Machine, uint8_t OsAbi)
      : Type(Type), Machine(Machine), OsAbi(OsAbi) {}

  /// Adds a section; returns its index (the null section is 0, the section
  /// name table comes last).
  uint32_t add(Section S);
  /// The index the next add() returns.
  uint32_t next() const { return static_cast<uint32_t>(Sections.size() + 1); }
  Section &section(uint32_t Index) { return Sections[Index - 1]; }

  std::string build() const;

private:
  uint16_t Type;
  uint16_t Machine;
  uint8_t OsAbi;
  std::vector<Section> Sections;
};

} // namespace aoti::test

#endif // AOTI_UNITTESTS_ELFBUILDER_H
