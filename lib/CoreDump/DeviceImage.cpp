//===- DeviceImage.cpp ----------------------------------------------------===//

#include "CoreDump/DeviceImage.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugLine.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"

using namespace aoti;
using llvm::StringRef;

namespace {

/// The most line tables read from one image (a cubin has one per
/// compilation unit: a few).
constexpr size_t MaxLineTables = 4096;

void ignoreError(llvm::Error E) { llvm::consumeError(std::move(E)); }

std::vector<ImageFunction> readFunctions(const llvm::object::ObjectFile &Obj) {
  std::vector<ImageFunction> Functions;
  for (const llvm::object::SymbolRef &Symbol : Obj.symbols()) {
    llvm::Expected<llvm::object::SymbolRef::Type> Type = Symbol.getType();
    if (!Type || *Type != llvm::object::SymbolRef::ST_Function) {
      if (!Type)
        ignoreError(Type.takeError());
      continue;
    }
    llvm::Expected<StringRef> Name = Symbol.getName();
    llvm::Expected<uint64_t> Address = Symbol.getAddress();
    if (!Name || !Address || Name->empty()) {
      ignoreError(Name.takeError());
      ignoreError(Address.takeError());
      continue;
    }
    uint64_t Size = llvm::object::ELFSymbolRef(Symbol).getSize();
    Functions.push_back({Name->str(), *Address, Size});
  }
  return Functions;
}

} // namespace

struct DeviceImage::Impl {
  std::unique_ptr<llvm::object::ObjectFile> Object;
  std::unique_ptr<llvm::DWARFContext> Dwarf;
  std::vector<ImageFunction> Functions;
  std::vector<llvm::DWARFDebugLine::LineTable> LineTables;

  void readLineTables();
};

void DeviceImage::Impl::readLineTables() {
  // The image is already at its addresses: relocations are left alone (LLVM
  // has no resolver for EM_CUDA's), and so are DWARF's complaints.
  Dwarf = llvm::DWARFContext::create(
      *Object, llvm::DWARFContext::ProcessDebugRelocations::Ignore, nullptr, "",
      ignoreError, ignoreError);
  const llvm::DWARFObject &Sections = Dwarf->getDWARFObj();
  llvm::DWARFDataExtractor Data(Sections, Sections.getLineSection(),
                                Object->isLittleEndian(),
                                Object->getBytesInAddress());
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
  auto Object = llvm::object::ObjectFile::createELFObjectFile(
      llvm::MemoryBufferRef(Bytes, "image"));
  if (!Object)
    return Object.takeError();
  auto I = std::make_unique<Impl>();
  I->Object = std::move(*Object);
  I->Functions = readFunctions(*I->Object);
  I->readLineTables();
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

std::optional<SourceLine> DeviceImage::lineAt(uint64_t Address) const {
  for (const llvm::DWARFDebugLine::LineTable &Table : I->LineTables) {
    uint32_t Row = Table.lookupAddress(
        {Address, llvm::object::SectionedAddress::UndefSection});
    if (Row == Table.UnknownRowIndex)
      continue;
    SourceLine Line;
    Line.Line = Table.Rows[Row].Line;
    if (!Table.getFileNameByIndex(
            Table.Rows[Row].File, "",
            llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
            Line.File))
      Line.File = "?";
    return Line;
  }
  return std::nullopt;
}
