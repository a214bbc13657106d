//===- ElfBuilder.cpp -----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ElfBuilder.h"
#include "llvm/BinaryFormat/ELF.h"

using namespace aoti::test;

Bytes &Bytes::u8(uint8_t V) {
  Data.push_back(static_cast<char>(V));
  return *this;
}

Bytes &Bytes::u16(uint16_t V) { return u8(V & 0xff).u8(V >> 8); }
Bytes &Bytes::u32(uint32_t V) { return u16(V & 0xffff).u16(V >> 16); }
Bytes &Bytes::u64(uint64_t V) { return u32(V & 0xffffffff).u32(V >> 32); }

Bytes &Bytes::str(const std::string &S) {
  Data += S;
  Data.push_back('\0');
  return *this;
}

Bytes &Bytes::zeros(size_t N) {
  Data.append(N, '\0');
  return *this;
}

uint32_t ElfBuilder::add(Section S) {
  Sections.push_back(std::move(S));
  return static_cast<uint32_t>(Sections.size());
}

std::string ElfBuilder::build() const {
  Bytes Names;
  Names.u8(0);
  std::vector<uint32_t> NameAt;
  for (const Section &S : Sections) {
    NameAt.push_back(static_cast<uint32_t>(Names.size()));
    Names.str(S.Name);
  }
  const uint32_t ShstrtabName = static_cast<uint32_t>(Names.size());
  Names.str(".shstrtab");
  // Layout: header, each section's bytes, the names, the section headers.
  std::string Body(64, '\0');
  std::vector<uint64_t> Offsets;
  for (const Section &S : Sections) {
    Body.append(-Body.size() % 8, '\0');
    Offsets.push_back(Body.size());
    Body += S.Data;
  }
  const uint64_t NamesAt = Body.size();
  Body += Names.data();
  Body.append(-Body.size() % 8, '\0');
  const uint64_t ShOff = Body.size();
  const uint16_t Count = static_cast<uint16_t>(Sections.size() + 2);
  Bytes Headers;
  Headers.zeros(64);
  for (size_t I = 0; I < Sections.size(); ++I) {
    const Section &S = Sections[I];
    Headers.u32(NameAt[I]).u32(S.Type).u64(S.Flags).u64(S.Addr);
    Headers.u64(Offsets[I]).u64(S.Data.size()).u32(S.Link).u32(S.Info);
    Headers.u64(1).u64(S.EntSize);
  }
  Headers.u32(ShstrtabName).u32(llvm::ELF::SHT_STRTAB).u64(0).u64(0);
  Headers.u64(NamesAt).u64(Names.size()).u32(0).u32(0).u64(1).u64(0);
  Body += Headers.data();
  Bytes Header;
  Header.u8(0x7f).u8('E').u8('L').u8('F').u8(llvm::ELF::ELFCLASS64);
  Header.u8(llvm::ELF::ELFDATA2LSB).u8(1).u8(OsAbi).zeros(8);
  Header.u16(Type).u16(Machine).u32(1).u64(0).u64(0).u64(ShOff).u32(0);
  Header.u16(64).u16(0).u16(0).u16(64).u16(Count).u16(Count - 1);
  Body.replace(0, 64, Header.data());
  return Body;
}
