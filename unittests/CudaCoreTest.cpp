//===- CudaCoreTest.cpp - The core dump reader's pieces -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Synthetic CUDA core dumps and cubins (ElfBuilder), so that every table,
// link and field checked is one the test wrote. The real dumps are read by
// the lit tests (test/explain).
//
//===----------------------------------------------------------------------===//

#include "CoreDump/CudaCore.h"
#include "CoreDump/DeviceImage.h"
#include "CoreDump/Explain.h"
#include "CoreDump/FaultGroups.h"
#include "ElfBuilder.h"
#include "Support/ToolError.h"
#include "llvm/BinaryFormat/ELF.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using ::testing::HasSubstr;

namespace {

constexpr uint32_t kind(cudacore::SectionKind K) {
  return cudacore::SectionTypeBase + static_cast<uint32_t>(K);
}

/// The kernel's image: `k` at 0x1000 (0x80 bytes), line 18 from 0x1000
/// and line 22 from 0x1020 of /tmp/src/k.py.
std::string makeCubin() {
  ElfBuilder Elf(llvm::ELF::ET_EXEC, llvm::ELF::EM_CUDA, 0x41);
  uint32_t Text = Elf.add({".text.k", llvm::ELF::SHT_PROGBITS, 0, 0, 0, 0x1000,
                           llvm::ELF::SHF_ALLOC | llvm::ELF::SHF_EXECINSTR,
                           std::string(0x80, '\0')});
  uint32_t Str = Elf.add({".strtab", llvm::ELF::SHT_STRTAB, 0, 0, 0, 0, 0,
                          Bytes().u8(0).str("k").data()});
  Bytes Symbols;
  Symbols.zeros(24);
  Symbols.u32(1).u8(0x12).u8(0).u16(Text).u64(0x1000).u64(0x80);
  Elf.add({".symtab", llvm::ELF::SHT_SYMTAB, Str, 1, 24, 0, 0, Symbols.data()});
  Bytes Header; // DWARF 2 line table header, after header_length.
  Header.u8(1).u8(1).u8(0xfb).u8(14).u8(10);
  for (uint8_t Length : {0, 1, 1, 1, 1, 0, 0, 0, 1})
    Header.u8(Length);
  Header.str("/tmp/src").u8(0).str("k.py").u8(1).u8(0).u8(0).u8(0);
  Bytes Program;
  Program.u8(0).u8(9).u8(2).u64(0x1000);    // DW_LNE_set_address
  Program.u8(3).u8(17).u8(1);               // line 18, copy
  Program.u8(2).u8(0x20).u8(3).u8(4).u8(1); // +0x20: line 22, copy
  Program.u8(2).u8(0x60).u8(0).u8(1).u8(1); // +0x60: end_sequence
  Bytes Lines;
  Lines.u32(2 + 4 + Header.size() + Program.size()).u16(2);
  Lines.u32(Header.size());
  Elf.add({".debug_line", llvm::ELF::SHT_PROGBITS, 0, 0, 0, 0, 0,
           Lines.data() + Header.data() + Program.data()});
  return Elf.build();
}

struct Lane {
  uint32_t Index;
  uint32_t ThreadX;
  uint32_t Exception;
  uint64_t PC;
};

/// What a synthetic dump holds; by default one faulting warp of kernel `k`.
struct CoreSpec {
  size_t RowPad = 0; ///< Bytes a newer driver appends to each row.
  uint32_t ValidLanes = 0xffffffff;
  bool ErrorPCValid = true;
  std::vector<Lane> Lanes{{0, 32, 14, 0x1090}, {1, 33, 14, 0x1090}};
  bool Meta = true;
};

Bytes &pad(Bytes &B, const CoreSpec &Spec) { return B.zeros(Spec.RowPad); }

/// Adds the device, context, module tables and the image; returns the
/// device table's index.
uint32_t addDeviceTables(ElfBuilder &Elf, const CoreSpec &Spec) {
  using cudacore::SectionKind;
  Elf.add({".strtab", llvm::ELF::SHT_STRTAB, 0, 0, 0, 0, 0,
           Bytes().u8(0).str("GPU X").str("GA102").str("sm_86").data()});
  Bytes Device;
  Device.u64(1).u64(7).u64(13).u32(0).u32(0).u32(0).u32(84).u32(48).u32(32);
  Device.u32(255).u32(7).u32(8).u32(6).u32(16).u32(0).u32(63).u32(7);
  uint32_t Devices =
      Elf.add({".cudbg.devtbl", kind(SectionKind::DeviceTable), 0, 0,
               80 + Spec.RowPad, 0, 0, pad(Device, Spec).data()});
  Bytes Context;
  Context.u64(0x10).u64(0).u64(0).u64(0).u32(0).u32(1);
  uint32_t Contexts =
      Elf.add({".cudbg.ctxtbl.dev0", kind(SectionKind::ContextTable), Devices,
               0, 40 + Spec.RowPad, 0, 0, pad(Context, Spec).data()});
  Bytes Module;
  Module.u64(0xabc);
  uint32_t Modules =
      Elf.add({".cudbg.modtbl.dev0.ctx0", kind(SectionKind::ModuleTable),
               Contexts, 0, 8 + Spec.RowPad, 0, 0, pad(Module, Spec).data()});
  Elf.add({".cudbg.relfimg.dev0.ctx0", kind(SectionKind::RelocatedElfImage),
           Modules, 0, 0, 0, 0, makeCubin()});
  return Devices;
}

void addGrid(ElfBuilder &Elf, uint32_t Devices, const CoreSpec &Spec) {
  Bytes Grid;
  Grid.u64(5).u64(0x10).u64(0).u64(0x1000).u64(0xabc).u64(0).u64(0);
  Grid.u32(0).u32(0).u32(0).u32(0).u32(4).u32(1).u32(1).u32(64).u32(1);
  Grid.u32(1).u32(0).u32(0);
  Elf.add({".cudbg.gridtbl.dev0", kind(cudacore::SectionKind::GridTable),
           Devices, 0, 104 + Spec.RowPad, 0, 0, pad(Grid, Spec).data()});
}

/// SM 3 (row 1), CTA (2,0,0) of grid 5, warp 1 and its lanes.
void addLaneTables(ElfBuilder &Elf, uint32_t Devices, const CoreSpec &Spec) {
  using cudacore::SectionKind;
  Bytes Sms;
  pad(Sms.u32(0).u32(0), Spec);
  pad(Sms.u32(3).u32(0), Spec);
  uint32_t SmTable = Elf.add({".cudbg.smtbl.dev0", kind(SectionKind::SmTable),
                              Devices, 0, 8 + Spec.RowPad, 0, 0, Sms.data()});
  Bytes Cta;
  Cta.u64(5).u32(2).u32(0).u32(0).u32(0);
  uint32_t Ctas =
      Elf.add({".cudbg.ctatbl.dev0.sm1", kind(SectionKind::CtaTable), SmTable,
               1, 24 + Spec.RowPad, 0, 0, pad(Cta, Spec).data()});
  Bytes Warp;
  Warp.u64(0x1030).u32(1).u32(Spec.ValidLanes).u32(Spec.ValidLanes).u32(0);
  Warp.u32(Spec.ErrorPCValid).u32(0);
  uint32_t Warps =
      Elf.add({".cudbg.wptbl.dev0.sm1.cta0", kind(SectionKind::WarpTable), Ctas,
               0, 32 + Spec.RowPad, 0, 0, pad(Warp, Spec).data()});
  Bytes Lanes;
  for (const Lane &L : Spec.Lanes) {
    Lanes.u64(L.PC).u64(0).u32(L.Index).u32(L.ThreadX).u32(0).u32(0);
    pad(Lanes.u32(L.Exception).u32(0).u32(0).u32(0), Spec);
  }
  Elf.add({".cudbg.lntbl.dev0.sm1.cta0.wp0", kind(SectionKind::LaneTable),
           Warps, 0, 48 + Spec.RowPad, 0, 0, Lanes.data()});
}

ElfBuilder makeCoreElf(const CoreSpec &Spec = {}) {
  ElfBuilder Elf(llvm::ELF::ET_CORE, llvm::ELF::EM_CUDA, cudacore::OsAbiCuda);
  uint32_t Devices = addDeviceTables(Elf, Spec);
  addGrid(Elf, Devices, Spec);
  addLaneTables(Elf, Devices, Spec);
  if (Spec.Meta)
    Elf.add(
        {".cudbg.meta", kind(cudacore::SectionKind::Meta), 0, 0, 0, 0, 0,
         Bytes().u64(0).u32(580).u32(65).u32(12).u32(8).u32(0).u32(0).data()});
  return Elf;
}

/// The exit code and message of an expected error.
ExitCode codeOf(llvm::Error E, std::string &Message) {
  ExitCode Code = ExitCode::Success;
  llvm::handleAllErrors(std::move(E), [&](const ToolError &TE) {
    Code = TE.code();
    Message = TE.text().str();
  });
  return Code;
}

template <typename T>
ExitCode codeOf(llvm::Expected<T> V, std::string &Message) {
  if (V)
    return ExitCode::Success;
  return codeOf(V.takeError(), Message);
}

TEST(CudaCore, ReadsEveryTableOfADump) {
  std::string Bytes = makeCoreElf().build();
  auto Core = CudaCore::read("core", Bytes);
  ASSERT_TRUE(bool(Core)) << llvm::toString(Core.takeError());
  ASSERT_EQ(Core->devices().size(), 1u);
  EXPECT_EQ(Core->devices()[0].Name, "GPU X");
  EXPECT_EQ(Core->devices()[0].SmType, "sm_86");
  EXPECT_EQ(Core->devices()[0].NumSMs, 84u);
  ASSERT_TRUE(Core->meta().has_value());
  EXPECT_EQ(Core->meta()->DriverMajor, 580u);
  EXPECT_EQ(Core->meta()->CudaMinor, 8u);
  ASSERT_EQ(Core->images().size(), 1u);
  EXPECT_EQ(Core->images()[0].ModuleHandle, 0xabcu);
  const CoreGrid *Grid = Core->findGrid(0, 5);
  ASSERT_NE(Grid, nullptr);
  EXPECT_EQ(Grid->GridDim, (Dim3{4, 1, 1}));
  EXPECT_EQ(Grid->BlockDim, (Dim3{64, 1, 1}));
  EXPECT_EQ(Core->findGrid(0, 6), nullptr);
  EXPECT_EQ(Core->lanesRead(), 2u);
  ASSERT_EQ(Core->faultingLanes().size(), 2u);
  const CoreLane &L = Core->faultingLanes()[1];
  EXPECT_EQ(L.SmId, 3u);
  EXPECT_EQ(L.WarpId, 1u);
  EXPECT_EQ(L.Lane, 1u);
  EXPECT_EQ(L.GridId, 5u);
  EXPECT_EQ(L.BlockIdx, (Dim3{2, 0, 0}));
  EXPECT_EQ(L.ThreadIdx, (Dim3{33, 0, 0}));
  EXPECT_EQ(L.Exception, 14u);
  EXPECT_EQ(L.pc(), 0x1030u) << "the warp's error PC, not the lane's";
}

TEST(CudaCore, RowsOfANewerDriverAreLonger) {
  CoreSpec Spec;
  Spec.RowPad = 24;
  std::string Bytes = makeCoreElf(Spec).build();
  auto Core = CudaCore::read("core", Bytes);
  ASSERT_TRUE(bool(Core)) << llvm::toString(Core.takeError());
  ASSERT_EQ(Core->faultingLanes().size(), 2u);
  EXPECT_EQ(Core->faultingLanes()[0].ThreadIdx, (Dim3{32, 0, 0}));
  EXPECT_EQ(Core->findGrid(0, 5)->BlockDim, (Dim3{64, 1, 1}));
}

TEST(CudaCore, LanesWithoutExceptionOrOutsideTheValidMaskAreNoFault) {
  CoreSpec Spec;
  Spec.ValidLanes = 0x1; // lane 1 is not valid
  Spec.Lanes.push_back({2, 34, 0, 0x1090});
  Spec.ErrorPCValid = false;
  Spec.Meta = false;
  std::string Bytes = makeCoreElf(Spec).build();
  auto Core = CudaCore::read("core", Bytes);
  ASSERT_TRUE(bool(Core)) << llvm::toString(Core.takeError());
  EXPECT_EQ(Core->lanesRead(), 3u);
  ASSERT_EQ(Core->faultingLanes().size(), 1u);
  EXPECT_EQ(Core->faultingLanes()[0].pc(), 0x1090u) << "the lane's own PC";
  EXPECT_FALSE(Core->meta().has_value());
}

TEST(CudaCore, FilesOfAnotherKindAreNoCudaCore) {
  std::string Message;
  EXPECT_EQ(codeOf(CudaCore::read("f", "hello"), Message),
            ExitCode::NotACudaCore);
  EXPECT_EQ(Message, "not a CUDA GPU core dump: not an ELF file");
  std::string Cubin = makeCubin();
  EXPECT_EQ(codeOf(CudaCore::read("f", Cubin), Message),
            ExitCode::NotACudaCore);
  EXPECT_THAT(Message, HasSubstr("a CUDA ELF image (a cubin)"));
  std::string Host =
      ElfBuilder(llvm::ELF::ET_CORE, llvm::ELF::EM_X86_64, 0).build();
  EXPECT_EQ(codeOf(CudaCore::read("f", Host), Message), ExitCode::NotACudaCore);
  EXPECT_THAT(Message, HasSubstr("the core dump of a host process"));
}

TEST(CudaCore, ATruncatedDumpSaysWhatLiesPastTheEnd) {
  std::string Bytes = makeCoreElf().build();
  std::string Message;
  EXPECT_EQ(codeOf(CudaCore::read("f", Bytes.substr(0, 100)), Message),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("truncated: the section header table ("));
  EXPECT_EQ(codeOf(CudaCore::read("f", Bytes.substr(0, 10)), Message),
            ExitCode::MalformedCore);
  EXPECT_EQ(Message, "truncated: the ELF header needs 64 bytes, the file "
                     "has 10");
  // The image's bytes past the end: section 5.
  ElfBuilder Elf = makeCoreElf();
  Elf.section(5).Data.clear();
  std::string Moved = Elf.build();
  uint64_t ShOff = llvm::support::endian::read64le(Moved.data() + 40);
  llvm::support::endian::write64le(&Moved[ShOff + 5 * 64 + 32], 1 << 20);
  EXPECT_EQ(codeOf(CudaCore::read("f", Moved), Message),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("truncated: section 5 "
                                 "(.cudbg.relfimg.dev0.ctx0): its 1048576 "
                                 "bytes at offset"));
}

TEST(CudaCore, BrokenLinksAndRowSizesAreMalformed) {
  std::string Message;
  auto Try = [&](auto Edit) {
    ElfBuilder Elf = makeCoreElf();
    Edit(Elf);
    return codeOf(CudaCore::read("f", Elf.build()), Message);
  };
  // Sections: 1 .strtab, 2 devtbl, 3 ctxtbl, 4 modtbl, 5 image, 6 grids,
  // 7 SMs, 8 CTAs, 9 warps, 10 lanes.
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(10).Link = 2; }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("section 10 (.cudbg.lntbl.dev0.sm1.cta0.wp0)"
                                 ": sh_link names section 2 (.cudbg.devtbl), "
                                 "whose sh_type 0x80000009 is not that of a "
                                 "warp table"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(10).Link = 1000; }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("sh_link 1000 is no section"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(8).Info = 2; }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("sh_info 2 is past the 2 rows of section 7"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(6).EntSize = 0; }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("a grid table, has a zero row size"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(9).EntSize = 16; }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("rows of 16 bytes, fewer than the 32 of a "
                                 "warp table"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(2).Data.clear(); }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("past the 0 rows of section 2"));
  EXPECT_EQ(Try([](ElfBuilder &E) { E.section(11).Data.resize(8); }),
            ExitCode::MalformedCore);
  EXPECT_THAT(Message, HasSubstr("fewer than the 32 of the meta record"));
}

TEST(CudaCoreFormat, ExceptionNames) {
  EXPECT_EQ(cudacore::exceptionName(14), "Warp Illegal Address");
  EXPECT_EQ(cudacore::exceptionName(1), "Lane Illegal Address");
  EXPECT_EQ(cudacore::exceptionName(22), "Warp Call Requires Newer Driver");
  EXPECT_EQ(cudacore::exceptionName(23), "");
}

TEST(FaultGroups, LanesOfOneFaultAreCountedOnce) {
  CoreLane A;
  A.Exception = 14;
  A.ErrorPCValid = true;
  A.ErrorPC = 0x100;
  CoreLane B = A; // another lane of the same warp
  B.Lane = 1;
  CoreLane C = A; // another warp, same fault
  C.WarpId = 2;
  CoreLane D = A; // another PC
  D.ErrorPC = 0x200;
  std::vector<FaultGroup> Groups = groupFaults({A, B, C, D});
  ASSERT_EQ(Groups.size(), 2u);
  EXPECT_EQ(Groups[0].Lanes, 3u);
  EXPECT_EQ(Groups[0].Warps, 2u);
  EXPECT_EQ(Groups[0].First.Lane, 0u);
  EXPECT_EQ(Groups[1].Lanes, 1u);
  EXPECT_EQ(Groups[1].First.pc(), 0x200u);
}

TEST(DeviceImage, FunctionsAndLinesOfACubin) {
  std::string Cubin = makeCubin();
  auto Image = DeviceImage::read(Cubin);
  ASSERT_TRUE(bool(Image)) << llvm::toString(Image.takeError());
  std::optional<ImageFunction> F = Image->functionAt(0x1030);
  ASSERT_TRUE(F.has_value());
  EXPECT_EQ(F->Name, "k");
  EXPECT_EQ(F->Start, 0x1000u);
  EXPECT_FALSE(Image->functionAt(0x1080).has_value());
  EXPECT_TRUE(Image->functionNamed("k").has_value());
  EXPECT_FALSE(Image->functionNamed("j").has_value());
  std::optional<SourceLine> Line = Image->lineAt(0x1010);
  ASSERT_TRUE(Line.has_value());
  EXPECT_EQ(Line->File, "/tmp/src/k.py");
  EXPECT_EQ(Line->Line, 18u);
  EXPECT_EQ(Image->lineAt(0x1030)->Line, 22u);
  EXPECT_FALSE(Image->lineAt(0x1080).has_value());
  EXPECT_FALSE(bool(DeviceImage::read("not an ELF")));
}

TEST(DeviceImage, ASymbolTableLargerThanTheFileIsNotRead) {
  // Section 3 is .symtab: its sh_size made 2^60 (a fuzzer's find: LLVM's
  // ObjectFile iterators took it at its word and ran for minutes).
  std::string Cubin = makeCubin();
  uint64_t ShOff = llvm::support::endian::read64le(Cubin.data() + 40);
  llvm::support::endian::write64le(&Cubin[ShOff + 3 * 64 + 32], uint64_t(1)
                                                                    << 60);
  auto Image = DeviceImage::read(Cubin);
  ASSERT_TRUE(bool(Image)) << llvm::toString(Image.takeError());
  EXPECT_FALSE(Image->functionAt(0x1030).has_value());
  EXPECT_EQ(Image->lineAt(0x1030)->Line, 22u) << "the line table still reads";
}

/// What explainCore prints of the dump \p Spec describes, and the code and
/// message of its error.
struct Explained {
  std::string Out, Message;
  ExitCode Code = ExitCode::Success;
};

Explained explainSpec(const CoreSpec &Spec) {
  Explained E;
  std::string Bytes = makeCoreElf(Spec).build();
  auto Core = CudaCore::read("core", Bytes);
  if (!Core) {
    ADD_FAILURE() << llvm::toString(Core.takeError());
    return E;
  }
  ExplainInput In;
  In.CorePath = "core";
  In.Core = &*Core;
  llvm::raw_string_ostream OS(E.Out);
  E.Code = codeOf(explainCore(In, OS), E.Message);
  return E;
}

TEST(Explain, OneLinePerFact) {
  Explained E = explainSpec(CoreSpec());
  EXPECT_EQ(E.Code, ExitCode::Success) << E.Message;
  EXPECT_EQ(E.Out, "device 0: GPU X, sm_86, 84 SMs\n"
                   "driver: 580.65, CUDA 12.8\n"
                   "fault: Warp Illegal Address (exception 14), reported by 2 "
                   "lanes of 1 warp\n"
                   "kernel: k, grid (4,1,1), block dim (64,1,1)\n"
                   "thread: block (2,0,0), thread (32,0,0) (the first; device "
                   "0, SM 3, warp 1, lane 0)\n"
                   "pc: k+0x30 (0x1030, the warp's error PC)\n"
                   "source: /tmp/src/k.py:22\n");
}

TEST(Explain, WithoutAFaultWhatRanIsShown) {
  // A dump made on request (a hang's): one lane per warp, at its own PC.
  CoreSpec Spec;
  Spec.Lanes = {{0, 0, 0, 0x1030}, {1, 1, 0, 0x1040}};
  Explained E = explainSpec(Spec);
  EXPECT_EQ(E.Code, ExitCode::Success) << E.Message;
  EXPECT_EQ(E.Out, "device 0: GPU X, sm_86, 84 SMs\n"
                   "driver: 580.65, CUDA 12.8\n"
                   "no fault: the dump was made on request (a hang's, by the "
                   "watchdog or by hand); what ran on the GPU:\n"
                   "running: k, grid (4,1,1), block dim (64,1,1)\n"
                   "warps: 1 resident, at 1 PC\n"
                   "thread: block (2,0,0), thread (0,0,0) (the first there; "
                   "device 0, SM 3, warp 1)\n"
                   "pc: k+0x30 (0x1030, the lane's PC)\n"
                   "source: /tmp/src/k.py:22\n");
}

TEST(Explain, NoFaultAndNoResidentWarpIsAnError) {
  CoreSpec Spec;
  Spec.ValidLanes = 0; // lanes read, none valid
  Spec.Lanes = {{0, 0, 0, 0x1000}};
  Explained E = explainSpec(Spec);
  EXPECT_EQ(E.Code, ExitCode::NoFault);
  EXPECT_THAT(E.Message, HasSubstr("no lane reports an exception (1 lane "
                                   "read) and none runs"));
  EXPECT_EQ(E.Out, "");
}

} // namespace
