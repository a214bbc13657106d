//===- CoreElf.cpp --------------------------------------------------------===//

#include "CoreDump/CoreElf.h"
#include "Support/ToolError.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/Endian.h"

using namespace aoti;
using llvm::StringRef;
using llvm::Twine;
namespace endian = llvm::support::endian;

namespace {

/// Sizes and field offsets of ELF64 headers (llvm/BinaryFormat/ELF.h has the
/// numbers, Elf64_Ehdr and Elf64_Shdr the layout).
constexpr uint64_t EhdrSize = 64;
constexpr uint64_t ShdrSize = 64;
constexpr unsigned EhType = 16, EhMachine = 18, EhShoff = 40, EhShentsize = 58,
                   EhShnum = 60, EhShstrndx = 62;
constexpr unsigned ShName = 0, ShType = 4, ShOffset = 24, ShSize = 32,
                   ShLink = 40, ShInfo = 44, ShEntsize = 56;

/// A section header as the file says, not yet checked.
struct RawSection {
  uint32_t Name = 0;
  uint32_t Type = 0;
  uint64_t Offset = 0;
  uint64_t Size = 0;
  uint32_t Link = 0;
  uint32_t Info = 0;
  uint64_t EntSize = 0;
};

RawSection readRawSection(StringRef Bytes, uint64_t At) {
  const char *P = Bytes.data() + At;
  RawSection S;
  S.Name = endian::read32le(P + ShName);
  S.Type = endian::read32le(P + ShType);
  S.Offset = endian::read64le(P + ShOffset);
  S.Size = endian::read64le(P + ShSize);
  S.Link = endian::read32le(P + ShLink);
  S.Info = endian::read32le(P + ShInfo);
  S.EntSize = endian::read64le(P + ShEntsize);
  return S;
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
  uint16_t Type = endian::read16le(Bytes.data() + EhType);
  uint16_t Machine = endian::read16le(Bytes.data() + EhMachine);
  uint8_t OsAbi = Ident[llvm::ELF::EI_OSABI];
  if (Type != llvm::ELF::ET_CORE || Machine != llvm::ELF::EM_CUDA ||
      OsAbi != cudacore::OsAbiCuda)
    return notACudaCore(Path, describeForeignElf(Type, Machine, OsAbi));
  return llvm::Error::success();
}

llvm::Expected<std::vector<RawSection>> readRawSections(StringRef Path,
                                                        StringRef Bytes) {
  uint64_t Offset = endian::read64le(Bytes.data() + EhShoff);
  uint16_t EntSize = endian::read16le(Bytes.data() + EhShentsize);
  uint64_t Count = endian::read16le(Bytes.data() + EhShnum);
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
    Count = readRawSection(Bytes, Offset).Size;
    if (Count == 0)
      return coreMalformed(Path, "the section header table is empty");
  }
  // Count * EntSize cannot overflow once Count is under the file's size.
  if (Count > Bytes.size() || Count > UINT32_MAX ||
      !inside(Offset, Count * EntSize, Bytes.size()))
    return PastTheEnd(Twine(Count) + " headers ");
  std::vector<RawSection> Raw;
  Raw.reserve(Count);
  for (uint64_t I = 0; I < Count; ++I)
    Raw.push_back(readRawSection(Bytes, Offset + I * EntSize));
  return Raw;
}

/// The index of the section-name string table (SHN_XINDEX: section 0's
/// sh_link).
uint32_t nameTableIndex(StringRef Bytes, const std::vector<RawSection> &Raw) {
  uint32_t Index = endian::read16le(Bytes.data() + EhShstrndx);
  return Index == llvm::ELF::SHN_XINDEX ? Raw[0].Link : Index;
}

/// The NUL-terminated name at \p Offset of \p Table; "" when it is not in it.
StringRef nameAt(StringRef Table, uint32_t Offset) {
  if (Offset >= Table.size())
    return "";
  StringRef Name = Table.drop_front(Offset);
  return Name.take_until([](char C) { return C == '\0'; });
}

llvm::Expected<StringRef> sectionContents(StringRef Path, StringRef Bytes,
                                          const RawSection &S,
                                          const Twine &Described) {
  if (S.Type == llvm::ELF::SHT_NOBITS || S.Type == llvm::ELF::SHT_NULL)
    return StringRef();
  if (!inside(S.Offset, S.Size, Bytes.size()))
    return coreTruncated(Path, Described + ": its " + Twine(S.Size) +
                                   " bytes at offset " + Twine(S.Offset) +
                                   " lie past the end of the file (" +
                                   Twine(Bytes.size()) + " bytes)");
  return Bytes.substr(S.Offset, S.Size);
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
                       "the process may have died while the driver wrote "
                       "the dump: make it again and let it finish");
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
    const RawSection &R = (*Raw)[I];
    CoreSection &S = Sections[I];
    S.Index = static_cast<uint32_t>(I);
    S.Name = nameAt(*Names, R.Name);
    S.Type = R.Type;
    S.Link = R.Link;
    S.Info = R.Info;
    S.EntSize = R.EntSize;
    auto Contents = sectionContents(Path, Bytes, R, S.describe());
    if (!Contents)
      return Contents.takeError();
    S.Bytes = *Contents;
  }
  return Sections;
}
