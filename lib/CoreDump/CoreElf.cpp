//===- CoreElf.cpp --------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/CoreElf.h"
#include "Support/ToolError.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFTypes.h"

#include <cstring>

using namespace aoti;
using llvm::StringRef;
using llvm::Twine;

namespace {

using Ehdr = llvm::object::ELF64LE::Ehdr;
using Shdr = llvm::object::ELF64LE::Shdr;
constexpr uint64_t EhdrSize = sizeof(Ehdr);
constexpr uint64_t ShdrSize = sizeof(Shdr);

/// A header of LLVM's layout copied from \p Bytes at \p At (which holds
/// it whole): the file's offsets need not be aligned.
template <class Header> Header readHeader(StringRef Bytes, uint64_t At) {
  Header H;
  std::memcpy(&H, Bytes.data() + At, sizeof H);
  return H;
}

/// Whether bytes [Offset, Offset + Size) lie inside a file of FileSize bytes.
bool inside(uint64_t Offset, uint64_t Size, uint64_t FileSize) {
  return Offset <= FileSize && Size <= FileSize - Offset;
}

llvm::Error notACudaCore(StringRef Path, const Twine &What) {
  return makeToolError(
      ExitCode::NotACudaCore, Path.str(),
      ("not a CUDA GPU core dump: " + What).str(),
      "the CUDA driver writes one when a kernel faults with "
      "CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 (docs/coredump.md)");
}

/// "EXEC (2)" for e_type 2.
std::string typeText(uint16_t Type) {
  static constexpr llvm::StringLiteral Names[] = {"NONE", "REL", "EXEC", "DYN",
                                                  "CORE"};
  std::string Number = "(" + std::to_string(Type) + ")";
  return Type < std::size(Names) ? Names[Type].str() + " " + Number
                                 : "e_type " + Number;
}

/// What an ELF file that is no CUDA core dump is instead.
std::string describeForeignElf(uint16_t Type, uint16_t Machine, uint8_t OsAbi) {
  const std::string Arch = llvm::ELF::convertEMachineToArchName(Machine).str();
  if (Machine == llvm::ELF::EM_CUDA && Type != llvm::ELF::ET_CORE)
    return "a CUDA ELF image (a cubin) of type " + typeText(Type);
  if (Machine != llvm::ELF::EM_CUDA && Type == llvm::ELF::ET_CORE)
    return "the core dump of a host process (" + Arch + ")";
  if (Machine == llvm::ELF::EM_CUDA)
    return "an EM_CUDA core file with OS/ABI 0x" + llvm::utohexstr(OsAbi) +
           " (a CUDA core dump has 0x" + llvm::utohexstr(cudacore::OsAbiCuda) +
           ")";
  return "an ELF file of type " + typeText(Type) + " for " + Arch;
}

llvm::Error checkElfHeader(StringRef Path, StringRef Bytes) {
  if (!Bytes.starts_with(llvm::ELF::ElfMagic))
    return notACudaCore(Path, "not an ELF file");
  if (Bytes.size() < EhdrSize)
    return coreTruncated(Path, "the ELF header needs " + Twine(EhdrSize) +
                                   " bytes, the file has " +
                                   Twine(Bytes.size()));
  const uint8_t *Ident = Bytes.bytes_begin();
  if (Ident[llvm::ELF::EI_CLASS] != llvm::ELF::ELFCLASS64 ||
      Ident[llvm::ELF::EI_DATA] != llvm::ELF::ELFDATA2LSB)
    return notACudaCore(Path, "an ELF file, but not ELF64 little-endian");
  const Ehdr Header = readHeader<Ehdr>(Bytes, 0);
  uint16_t Type = Header.e_type;
  uint16_t Machine = Header.e_machine;
  uint8_t OsAbi = Ident[llvm::ELF::EI_OSABI];
  if (Type != llvm::ELF::ET_CORE || Machine != llvm::ELF::EM_CUDA ||
      OsAbi != cudacore::OsAbiCuda)
    return notACudaCore(Path, describeForeignElf(Type, Machine, OsAbi));
  return llvm::Error::success();
}

llvm::Expected<std::vector<Shdr>> readRawSections(StringRef Path,
                                                  StringRef Bytes) {
  const Ehdr Header = readHeader<Ehdr>(Bytes, 0);
  uint64_t Offset = Header.e_shoff;
  uint16_t EntSize = Header.e_shentsize;
  uint64_t Count = Header.e_shnum;
  if (Offset == 0)
    return coreMalformed(Path, "the file has no section header table");
  if (EntSize < ShdrSize)
    return coreMalformed(Path, "section headers of " + Twine(EntSize) +
                                   " bytes, fewer than ELF64's " +
                                   Twine(ShdrSize));
  auto PastTheEnd = [&](const Twine &Headers) {
    return coreTruncated(Path, "the section header table (" + Headers +
                                   "at offset " + Twine(Offset) +
                                   ") lies past the end of the file (" +
                                   Twine(Bytes.size()) + " bytes)");
  };
  if (Count == 0) { // More than the ELF header holds: section 0's sh_size.
    if (!inside(Offset, EntSize, Bytes.size()))
      return PastTheEnd("");
    Count = readHeader<Shdr>(Bytes, Offset).sh_size;
    if (Count == 0)
      return coreMalformed(Path, "the section header table is empty");
  }
  // Count * EntSize cannot overflow once Count is under the file's size.
  if (Count > Bytes.size() || Count > UINT32_MAX ||
      !inside(Offset, Count * EntSize, Bytes.size()))
    return PastTheEnd(Twine(Count) + " headers ");
  std::vector<Shdr> Raw;
  Raw.reserve(Count);
  for (uint64_t I = 0; I < Count; ++I)
    Raw.push_back(readHeader<Shdr>(Bytes, Offset + I * EntSize));
  return Raw;
}

/// The index of the section-name string table (SHN_XINDEX: section 0's
/// sh_link).
uint32_t nameTableIndex(StringRef Bytes, const std::vector<Shdr> &Raw) {
  uint32_t Index = readHeader<Ehdr>(Bytes, 0).e_shstrndx;
  return Index == llvm::ELF::SHN_XINDEX ? uint32_t(Raw[0].sh_link) : Index;
}

/// The NUL-terminated name at \p Offset of \p Table; "" when it is not in it.
StringRef nameAt(StringRef Table, uint32_t Offset) {
  if (Offset >= Table.size())
    return "";
  StringRef Name = Table.drop_front(Offset);
  return Name.take_until([](char C) { return C == '\0'; });
}

llvm::Expected<StringRef> sectionContents(StringRef Path, StringRef Bytes,
                                          const Shdr &S,
                                          const Twine &Described) {
  const uint64_t Offset = S.sh_offset, Size = S.sh_size;
  if (S.sh_type == llvm::ELF::SHT_NOBITS || S.sh_type == llvm::ELF::SHT_NULL)
    return StringRef();
  if (!inside(Offset, Size, Bytes.size()))
    return coreTruncated(Path, Described + ": its " + Twine(Size) +
                                   " bytes at offset " + Twine(Offset) +
                                   " lie past the end of the file (" +
                                   Twine(Bytes.size()) + " bytes)");
  return Bytes.substr(Offset, Size);
}

} // namespace

std::string CoreSection::describe() const {
  std::string Out = "section " + std::to_string(Index);
  if (!Name.empty())
    Out += " (" + Name.str() + ")";
  return Out;
}

llvm::Error aoti::coreTruncated(StringRef Path, const Twine &Why) {
  return makeToolError(ExitCode::MalformedCore, Path.str(),
                       ("truncated: " + Why).str(),
                       "the driver stops writing a dump made with "
                       "skip_global_memory when the faulting kernel has an "
                       "assert (driver 580); --report with the run's stderr "
                       "explains it from the device's assertion lines. Or "
                       "the process died while the driver wrote it");
}

llvm::Error aoti::coreMalformed(StringRef Path, const Twine &Why) {
  return makeToolError(ExitCode::MalformedCore, Path.str(),
                       ("malformed: " + Why).str());
}

llvm::Expected<std::vector<CoreSection>>
aoti::readCoreSections(StringRef Path, StringRef Bytes) {
  if (llvm::Error E = checkElfHeader(Path, Bytes))
    return std::move(E);
  auto Raw = readRawSections(Path, Bytes);
  if (!Raw)
    return Raw.takeError();
  uint32_t StrIndex = nameTableIndex(Bytes, *Raw);
  if (StrIndex >= Raw->size())
    return coreMalformed(Path, "the section name table is section " +
                                   Twine(StrIndex) + " of " +
                                   Twine(Raw->size()));
  auto Names = sectionContents(Path, Bytes, (*Raw)[StrIndex],
                               "section " + Twine(StrIndex) +
                                   " (the section name table)");
  if (!Names)
    return Names.takeError();
  std::vector<CoreSection> Sections(Raw->size());
  for (size_t I = 0; I < Raw->size(); ++I) {
    const Shdr &R = (*Raw)[I];
    CoreSection &S = Sections[I];
    S.Index = static_cast<uint32_t>(I);
    S.Name = nameAt(*Names, R.sh_name);
    S.Type = R.sh_type;
    S.Link = R.sh_link;
    S.Info = R.sh_info;
    S.EntSize = R.sh_entsize;
    auto Contents = sectionContents(Path, Bytes, R, S.describe());
    if (!Contents)
      return Contents.takeError();
    S.Bytes = *Contents;
  }
  return Sections;
}
