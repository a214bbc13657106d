//===- DeviceImage.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/DeviceImage.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugLine.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace aoti;
using llvm::StringRef;
using ElfFile = llvm::object::ELF64LEFile;

namespace {

/// The most line tables read from one image (a cubin has one per
/// compilation unit: a few).
constexpr size_t MaxLineTables = 4096;

/// The st_other bit of a kernel's symbol in a CUDA ELF image (ptxas's
/// STO_CUDA_ENTRY; LLVM's ELF.h has no name for it).
constexpr uint8_t StoCudaEntry = 0x10;

void ignoreError(llvm::Error E) { llvm::consumeError(std::move(E)); }

/// A value, or nothing (its error dropped): what a broken part of an image
/// gives.
template <typename T> std::optional<T> orNone(llvm::Expected<T> V) {
  if (V)
    return std::move(*V);
  ignoreError(V.takeError());
  return std::nullopt;
}

/// The STT_FUNC symbols of symbol table \p Table, through ELFFile, which
/// checks the table against the file (ObjectFile's iterators would trust
/// its sh_size).
void readFunctions(const ElfFile &File, const ElfFile::Elf_Shdr &Table,
                   std::vector<ImageFunction> &Functions) {
  auto Symbols = orNone(File.symbols(&Table));
  auto Names = orNone(File.getStringTableForSymtab(Table));
  if (!Symbols || !Names)
    return;
  for (const ElfFile::Elf_Sym &Symbol : *Symbols) {
    if (Symbol.getType() != llvm::ELF::STT_FUNC || Symbol.isUndefined())
      continue;
    std::optional<StringRef> Name = orNone(Symbol.getName(*Names));
    if (Name && !Name->empty())
      Functions.push_back({Name->str(), Symbol.st_value, Symbol.st_size,
                           (Symbol.st_other & StoCudaEntry) != 0});
  }
}

/// The bytes of the image's .debug_line ("" when it has none, or one that
/// is compressed or does not lie in the file).
StringRef lineSection(const ElfFile &File,
                      llvm::ArrayRef<ElfFile::Elf_Shdr> Sections) {
  for (const ElfFile::Elf_Shdr &Section : Sections) {
    if (Section.sh_type == llvm::ELF::SHT_NOBITS ||
        (Section.sh_flags & llvm::ELF::SHF_COMPRESSED))
      continue;
    if (orNone(File.getSectionName(Section)) != StringRef(".debug_line"))
      continue;
    if (auto Bytes = orNone(File.getSectionContents(Section)))
      return llvm::toStringRef(*Bytes);
  }
  return "";
}

} // namespace

struct DeviceImage::Impl {
  std::vector<ImageFunction> Functions;
  /// .debug_line alone: the DWARF reader sees no other section, so nothing
  /// is decompressed or relocated.
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> DwarfSections;
  std::unique_ptr<llvm::DWARFContext> Dwarf;
  std::vector<llvm::DWARFDebugLine::LineTable> LineTables;

  void readLineTables(StringRef Lines);
};

void DeviceImage::Impl::readLineTables(StringRef Lines) {
  // A relocated image already holds its addresses in .debug_line, and
  // LLVM has no relocation resolver for EM_CUDA: none is applied.
  DwarfSections["debug_line"] = llvm::MemoryBuffer::getMemBuffer(
      Lines, "debug_line", /*RequiresNullTerminator=*/false);
  Dwarf = llvm::DWARFContext::create(DwarfSections, /*AddrSize=*/8,
                                     /*isLittleEndian=*/true, ignoreError,
                                     ignoreError);
  const llvm::DWARFObject &Sections = Dwarf->getDWARFObj();
  llvm::DWARFDataExtractor Data(Sections, Sections.getLineSection(),
                                /*IsLittleEndian=*/true, /*AddressSize=*/8);
  llvm::DWARFDebugLine::SectionParser Parser(Data, *Dwarf,
                                             Dwarf->normal_units());
  while (!Parser.done() && LineTables.size() < MaxLineTables) {
    uint64_t Before = Parser.getOffset();
    LineTables.push_back(Parser.parseNext(ignoreError, ignoreError));
    if (Parser.getOffset() <= Before)
      break;
  }
}

DeviceImage::DeviceImage(std::unique_ptr<Impl> I) : I(std::move(I)) {}
DeviceImage::DeviceImage(DeviceImage &&) noexcept = default;
DeviceImage &DeviceImage::operator=(DeviceImage &&) noexcept = default;
DeviceImage::~DeviceImage() = default;

llvm::Expected<DeviceImage> DeviceImage::read(StringRef Bytes) {
  llvm::Expected<ElfFile> File = ElfFile::create(Bytes);
  if (!File)
    return File.takeError();
  auto Sections = File->sections();
  if (!Sections)
    return Sections.takeError();
  auto I = std::make_unique<Impl>();
  for (const ElfFile::Elf_Shdr &Section : *Sections)
    if (Section.sh_type == llvm::ELF::SHT_SYMTAB)
      readFunctions(*File, Section, I->Functions);
  I->readLineTables(lineSection(*File, *Sections));
  return DeviceImage(std::move(I));
}

std::optional<ImageFunction> DeviceImage::functionAt(uint64_t Address) const {
  for (const ImageFunction &F : I->Functions)
    if (Address >= F.Start && Address - F.Start < F.Size)
      return F;
  return std::nullopt;
}

std::optional<ImageFunction> DeviceImage::functionNamed(StringRef Name) const {
  for (const ImageFunction &F : I->Functions)
    if (F.Name == Name)
      return F;
  return std::nullopt;
}

namespace {

/// The file of row \p Row of \p Table, with its directory ("?" when the
/// table has no such file).
std::string rowFile(const llvm::DWARFDebugLine::LineTable &Table,
                    const llvm::DWARFDebugLine::Row &Row) {
  std::string File;
  if (!Table.getFileNameByIndex(
          Row.File, "",
          llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath, File))
    return "?";
  return File;
}

} // namespace

std::optional<SourceLine> DeviceImage::lineAt(uint64_t Address) const {
  for (const llvm::DWARFDebugLine::LineTable &Table : I->LineTables) {
    uint32_t Row = Table.lookupAddress(
        {Address, llvm::object::SectionedAddress::UndefSection});
    if (Row != Table.UnknownRowIndex)
      return SourceLine{rowFile(Table, Table.Rows[Row]), Table.Rows[Row].Line};
  }
  return std::nullopt;
}

bool DeviceImage::hasLine(StringRef File, uint32_t Line) const {
  for (const llvm::DWARFDebugLine::LineTable &Table : I->LineTables)
    for (const llvm::DWARFDebugLine::Row &Row : Table.Rows)
      if (Row.Line == Line && rowFile(Table, Row) == File)
        return true;
  return false;
}

llvm::ArrayRef<ImageFunction> DeviceImage::functions() const {
  return I->Functions;
}
