//===- CudaCore.cpp -------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/CudaCore.h"
#include "llvm/ADT/Twine.h"
#include "llvm/BinaryFormat/ELF.h"

using namespace aoti;
using namespace aoti::cudacore;
using llvm::StringRef;
using llvm::Twine;

namespace aoti {

/// Fills a CudaCore from the checked sections: first the shape of every
/// table (row sizes, sh_link, sh_info), then the rows, which can then be
/// followed without further checks.
class CoreReader {
public:
  CoreReader(StringRef Path, CudaCore &Core) : Path(Path), Core(Core) {}

  llvm::Error checkRowSizes() const;
  llvm::Error checkLinks() const;
  llvm::Error readDevices();
  llvm::Error readMeta();
  void readGrids();
  void readImages();
  void readLanes();

private:
  const CoreSection &parentOf(const CoreSection &S) const {
    return Core.Sections[S.Link];
  }
  llvm::Error checkLink(const CoreSection &S, SectionKind Parent) const;
  StringRef string(uint64_t Offset) const;
  void readLaneTable(const CoreSection &Lanes);

  StringRef Path;
  CudaCore &Core;
  StringRef Strings; ///< .strtab, where the device table's names are.
};

} // namespace aoti

namespace {

Dim3 readDim3(const Row &R, unsigned Offset) {
  return {R.u32(Offset), R.u32(Offset + 4), R.u32(Offset + 8)};
}

} // namespace

llvm::Error CoreReader::checkRowSizes() const {
  for (const CoreSection &S : Core.Sections) {
    unsigned Need = rowSize(S.kind());
    if (Need == 0)
      continue;
    if (S.EntSize == 0)
      return coreMalformed(Path, S.describe() + ", a " +
                                     sectionKindName(S.kind()) +
                                     ", has a zero row size (sh_entsize)");
    if (S.EntSize < Need)
      return coreMalformed(Path, S.describe() + ": rows of " +
                                     Twine(S.EntSize) +
                                     " bytes, fewer than the " + Twine(Need) +
                                     " of a " + sectionKindName(S.kind()));
    if (S.Bytes.size() % S.EntSize != 0)
      return coreMalformed(Path, S.describe() + ": " + Twine(S.Bytes.size()) +
                                     " bytes are no whole number of " +
                                     Twine(S.EntSize) + "-byte rows");
  }
  return llvm::Error::success();
}

llvm::Error CoreReader::checkLink(const CoreSection &S,
                                  SectionKind Parent) const {
  if (S.Link >= Core.Sections.size())
    return coreMalformed(Path, S.describe() + ": sh_link " + Twine(S.Link) +
                                   " is no section (the dump has " +
                                   Twine(Core.Sections.size()) + ")");
  const CoreSection &P = parentOf(S);
  if (P.kind() != Parent)
    return coreMalformed(Path,
                         S.describe() + ": sh_link names " + P.describe() +
                             ", whose sh_type 0x" + Twine::utohexstr(P.Type) +
                             " is not that of a " + sectionKindName(Parent));
  if (S.Info >= P.rows())
    return coreMalformed(Path, S.describe() + ": sh_info " + Twine(S.Info) +
                                   " is past the " + Twine(P.rows()) +
                                   " rows of " + P.describe());
  return llvm::Error::success();
}

llvm::Error CoreReader::checkLinks() const {
  for (const CoreSection &S : Core.Sections)
    if (std::optional<SectionKind> Parent = parentKind(S.kind()))
      if (llvm::Error E = checkLink(S, *Parent))
        return E;
  return llvm::Error::success();
}

StringRef CoreReader::string(uint64_t Offset) const {
  if (Offset >= Strings.size())
    return "?";
  return Strings.drop_front(Offset).take_until([](char C) { return !C; });
}

llvm::Error CoreReader::readDevices() {
  const CoreSection *Table = nullptr;
  for (const CoreSection &S : Core.Sections) {
    if (S.Type == llvm::ELF::SHT_STRTAB && S.Name == ".strtab")
      Strings = S.Bytes;
    if (S.kind() == SectionKind::DeviceTable && !Table)
      Table = &S;
  }
  if (!Table || Table->rows() == 0)
    return coreMalformed(Path, "the dump has no device table (.cudbg.devtbl)");
  for (uint64_t I = 0; I < Table->rows(); ++I) {
    Row R = Table->row(I);
    CoreDevice D;
    D.Name = string(R.u64(device_row::Name)).str();
    D.SmType = string(R.u64(device_row::SmType)).str();
    D.DevId = R.u32(device_row::DevId);
    D.NumSMs = R.u32(device_row::NumSMs);
    D.SmMajor = R.u32(device_row::SmMajor);
    D.SmMinor = R.u32(device_row::SmMinor);
    Core.Devices.push_back(std::move(D));
  }
  return llvm::Error::success();
}

llvm::Error CoreReader::readMeta() {
  for (const CoreSection &S : Core.Sections) {
    if (S.kind() != SectionKind::Meta)
      continue;
    if (S.Bytes.size() < meta_record::Size)
      return coreMalformed(Path, S.describe() + ": " + Twine(S.Bytes.size()) +
                                     " bytes, fewer than the " +
                                     Twine(meta_record::Size) +
                                     " of the meta record");
    Row R{S.Bytes};
    Core.Meta = CoreMeta{
        R.u32(meta_record::DriverMajor), R.u32(meta_record::DriverMinor),
        R.u32(meta_record::CudaMajor), R.u32(meta_record::CudaMinor)};
    break;
  }
  return llvm::Error::success();
}

void CoreReader::readGrids() {
  for (const CoreSection &S : Core.Sections) {
    if (S.kind() != SectionKind::GridTable)
      continue;
    for (uint64_t I = 0; I < S.rows(); ++I) {
      Row R = S.row(I);
      CoreGrid G;
      G.Device = S.Info;
      G.GridId = R.u64(grid_row::GridId);
      G.FunctionEntry = R.u64(grid_row::FunctionEntry);
      G.ModuleHandle = R.u64(grid_row::ModuleHandle);
      G.GridDim = readDim3(R, grid_row::GridDim);
      G.BlockDim = readDim3(R, grid_row::BlockDim);
      Core.Grids.push_back(G);
    }
  }
}

void CoreReader::readImages() {
  for (const CoreSection &S : Core.Sections) {
    if (S.kind() != SectionKind::RelocatedElfImage)
      continue;
    const CoreSection &Modules = parentOf(S);
    const CoreSection &Contexts = parentOf(Modules);
    CoreImage Image;
    Image.Section = S.Index;
    Image.Device = Contexts.Info;
    Image.ModuleHandle = Modules.row(S.Info).u64(module_row::Handle);
    Image.Bytes = S.Bytes;
    Core.Images.push_back(Image);
  }
}

void CoreReader::readLaneTable(const CoreSection &Lanes) {
  const CoreSection &Warps = parentOf(Lanes);
  const CoreSection &Ctas = parentOf(Warps);
  const CoreSection &Sms = parentOf(Ctas);
  Row Warp = Warps.row(Lanes.Info);
  Row Cta = Ctas.row(Warps.Info);
  CoreLane Where;
  Where.Device = Sms.Info;
  Where.SmId = Sms.row(Ctas.Info).u32(sm_row::SmId);
  Where.GridId = Cta.u64(cta_row::GridId);
  Where.BlockIdx = readDim3(Cta, cta_row::BlockIdx);
  Where.WarpId = Warp.u32(warp_row::WarpId);
  Where.ErrorPC = Warp.u64(warp_row::ErrorPC);
  Where.ErrorPCValid = Warp.u32(warp_row::ErrorPCValid) != 0;
  uint32_t ValidLanes = Warp.u32(warp_row::ValidLanes);
  bool WarpSeen = false;
  for (uint64_t I = 0; I < Lanes.rows(); ++I) {
    Row R = Lanes.row(I);
    ++Core.LanesRead;
    CoreLane L = Where;
    L.Lane = R.u32(lane_row::Lane);
    L.Exception = R.u32(lane_row::Exception);
    if (L.Lane < 32 && !(ValidLanes >> L.Lane & 1))
      continue;
    L.ThreadIdx = readDim3(R, lane_row::ThreadIdx);
    L.VirtualPC = R.u64(lane_row::VirtualPC);
    if (L.Exception != 0) {
      Core.Faulting.push_back(L);
    } else if (!WarpSeen) {
      L.ErrorPCValid = false; // the warp's error PC is not this lane's
      Core.Resident.push_back(L);
    }
    WarpSeen = true;
  }
}

void CoreReader::readLanes() {
  for (const CoreSection &S : Core.Sections)
    if (S.kind() == SectionKind::LaneTable)
      readLaneTable(S);
}

llvm::Expected<CudaCore> CudaCore::read(StringRef Path, StringRef Bytes) {
  CudaCore Core;
  auto Sections = readCoreSections(Path, Bytes);
  if (!Sections)
    return Sections.takeError();
  Core.Sections = std::move(*Sections);
  CoreReader Reader(Path, Core);
  if (llvm::Error E = Reader.checkRowSizes())
    return std::move(E);
  if (llvm::Error E = Reader.checkLinks())
    return std::move(E);
  if (llvm::Error E = Reader.readDevices())
    return std::move(E);
  if (llvm::Error E = Reader.readMeta())
    return std::move(E);
  Reader.readGrids();
  Reader.readImages();
  Reader.readLanes();
  return Core;
}

const CoreGrid *CudaCore::findGrid(uint32_t Device, uint64_t GridId) const {
  for (const CoreGrid &G : Grids)
    if (G.Device == Device && G.GridId == GridId)
      return &G;
  return nullptr;
}
