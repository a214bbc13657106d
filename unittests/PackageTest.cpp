//===- PackageTest.cpp - Unit tests of lib/Package ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Hermetic: the shared libraries are built here with the system compiler
// from assembly shaped like what AOTI links (torch's codecache.py), the zip
// archives with libzip.
//
//===----------------------------------------------------------------------===//

#include "Analysis/CompileFlags.h"
#include "Package/EmbeddedData.h"
#include "Package/ExportedProgram.h"
#include "Package/PackageArchive.h"
#include "Package/Rebuild.h"
#include "TestUtil.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <zip.h>

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

/// Runs the C++ compiler on \p Args; fails the test when it fails.
void compile(std::vector<std::string> Args) {
  auto Cxx = llvm::sys::findProgramByName("g++");
  ASSERT_TRUE(bool(Cxx)) << "no g++";
  std::vector<StringRef> Argv{*Cxx};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::string Err;
  ASSERT_EQ(llvm::sys::ExecuteAndWait(*Cxx, Argv, std::nullopt, {}, 0, 0, &Err),
            0)
      << Err;
}

std::string pattern(size_t N, unsigned Seed) {
  std::string S(N, '\0');
  for (size_t I = 0; I < N; ++I)
    S[I] = char((I * 31 + Seed) & 0xff);
  return S;
}

/// A .so like AOTI's: weights between _binary_constants_bin_start/_end in
/// \p Section, an objcopy-style embedded cubin `__k_start/_end/_size`, and
/// a function.
std::string buildModelSo(const TempDir &Dir, StringRef Weights, StringRef Cubin,
                         StringRef Section = ".lrodata",
                         bool Writable = false) {
  EmbeddedData Data;
  Data.Blobs.push_back(
      {"_binary_constants_bin", Section.str(), Writable, false, Weights});
  if (!Cubin.empty())
    Data.Blobs.push_back({"__triton_k_0", ".rodata", false, true, Cubin});
  auto Asm = writeBlobAssembly(Data, Dir.path());
  EXPECT_TRUE(bool(Asm)) << describe(Asm.takeError());
  std::string AsmPath = Dir.file("model.s");
  writeFile(AsmPath, *Asm + "\t.text\n\t.globl run\nrun:\n\tret\n");
  std::string So = Dir.file("model.so");
  compile({"-shared", "-fPIC", AsmPath, "-o", So});
  return So;
}

} // namespace

//===----------------------------------------------------------------------===//
// EmbeddedData
//===----------------------------------------------------------------------===//

TEST(EmbeddedData, ReadsWeightsAndTheCubinsTheWrapperNames) {
  TempDir Dir;
  std::string Weights = pattern(5000, 1), Cubin = pattern(777, 2);
  std::string So = buildModelSo(Dir, Weights, Cubin);
  auto Data =
      readEmbeddedData(So, "extern const unsigned char __triton_k_0_start[];");
  ASSERT_TRUE(bool(Data)) << describe(Data.takeError());
  ASSERT_EQ(Data->Blobs.size(), 2u);
  EXPECT_EQ(Data->Blobs[0].Symbol, "_binary_constants_bin");
  EXPECT_EQ(Data->Blobs[0].Section, ".lrodata");
  EXPECT_FALSE(Data->Blobs[0].Writable);
  EXPECT_EQ(Data->Blobs[0].Bytes, Weights);
  EXPECT_EQ(Data->Blobs[1].Symbol, "__triton_k_0");
  EXPECT_TRUE(Data->Blobs[1].HasSizeSymbol);
  EXPECT_EQ(Data->Blobs[1].Bytes, Cubin);
  EXPECT_EQ(Data->TrailerSize, 0u);
}

TEST(EmbeddedData, CubinsTheWrapperDoesNotNameAreNotTaken) {
  TempDir Dir;
  std::string So = buildModelSo(Dir, pattern(64, 3), pattern(64, 4));
  auto Data = readEmbeddedData(So, "no kernels named here");
  ASSERT_TRUE(bool(Data)) << describe(Data.takeError());
  ASSERT_EQ(Data->Blobs.size(), 1u);
  EXPECT_EQ(Data->Blobs[0].Symbol, "_binary_constants_bin");
}

TEST(EmbeddedData, WritableWeightsStayWritable) {
  // Models that mutate buffers put their weights in .ldata, "aw".
  TempDir Dir;
  std::string So = buildModelSo(Dir, pattern(100, 5), "", ".ldata", true);
  auto Data = readEmbeddedData(So, "");
  ASSERT_TRUE(bool(Data)) << describe(Data.takeError());
  EXPECT_EQ(Data->Blobs[0].Section, ".ldata");
  EXPECT_TRUE(Data->Blobs[0].Writable);
}

TEST(EmbeddedData, RoundTripsThroughAssemblyAndALink) {
  TempDir Dir, Again;
  std::string Weights = pattern(3000, 6), Cubin = pattern(99, 7);
  auto First =
      readEmbeddedData(buildModelSo(Dir, Weights, Cubin), "__triton_k_0_start");
  ASSERT_TRUE(bool(First)) << describe(First.takeError());
  auto Asm = writeBlobAssembly(*First, Again.path());
  ASSERT_TRUE(bool(Asm)) << describe(Asm.takeError());
  EXPECT_THAT(*Asm, HasSubstr(".incbin"));
  writeFile(Again.file("d.s"), *Asm);
  compile({"-shared", "-fPIC", Again.file("d.s"), "-o", Again.file("d.so")});
  auto Second = readEmbeddedData(Again.file("d.so"), "__triton_k_0_start");
  ASSERT_TRUE(bool(Second)) << describe(Second.takeError());
  ASSERT_EQ(Second->Blobs.size(), 2u);
  EXPECT_EQ(Second->Blobs[0].Bytes, Weights);
  EXPECT_EQ(Second->Blobs[1].Bytes, Cubin);
}

TEST(EmbeddedData, MmapWeightsAfterTheImage) {
  // Over 2 GB torch appends the weights to the .so (page-aligned, then a
  // magic number) and the blob holds (size + 8, magic).
  TempDir Dir;
  std::string Weights = pattern(40000, 8);
  uint64_t Magic = 0x0123456789abcdefULL, Size = Weights.size() + 8;
  std::string Header(16, '\0');
  memcpy(&Header[0], &Size, 8);
  memcpy(&Header[8], &Magic, 8);
  std::string So = buildModelSo(Dir, Header, "");
  std::string Tail = Weights + std::string(reinterpret_cast<char *>(&Magic), 8);
  {
    std::string Text = readFile(So);
    Text.append(16384 - Text.size() % 16384, ' ');
    writeFile(So, Text + Tail);
  }
  auto Data = readEmbeddedData(So, "");
  ASSERT_TRUE(bool(Data)) << describe(Data.takeError());
  EXPECT_EQ(Data->Blobs[0].Bytes, Header);
  EXPECT_EQ(Data->TrailerSize, Tail.size());
  EXPECT_EQ(Data->File->getBuffer().substr(Data->TrailerOffset), Tail);

  // Appended again to a new .so: 16 KiB aligned, the same bytes at the end.
  TempDir Out;
  std::string NewSo = buildModelSo(Out, Header, "");
  uint64_t Before = 0;
  llvm::sys::fs::file_size(NewSo, Before);
  ASSERT_FALSE(bool(appendTrailer(*Data, NewSo)));
  std::string Text = readFile(NewSo);
  EXPECT_EQ((Text.size() - Tail.size()) % 16384, 0u);
  EXPECT_GT(Text.size() - Tail.size(), Before);
  EXPECT_EQ(StringRef(Text).take_back(Tail.size()), Tail);
}

TEST(EmbeddedData, AppendedWeightsMustBeWhatTheBlobRecords) {
  TempDir Dir;
  uint64_t Magic = 0x0123456789abcdefULL;
  auto Build = [&](uint64_t Size, StringRef Tail) {
    std::string Header(16, '\0');
    memcpy(&Header[0], &Size, 8);
    memcpy(&Header[8], &Magic, 8);
    std::string So = buildModelSo(Dir, Header, "");
    std::string Text = readFile(So);
    Text.append(16384 - Text.size() % 16384, ' ');
    writeFile(So, Text + Tail.str());
    return So;
  };
  std::string Message;
  // Ends with other bytes than the magic number.
  std::string So = Build(1000 + 8, std::string(1008, 'w'));
  EXPECT_EQ(exitCodeOf(readEmbeddedData(So, "").takeError(), &Message), 2);
  EXPECT_THAT(Message, HasSubstr("magic number"));
  // Claims more than follows the image (4 GiB here).
  std::string Tail =
      std::string(1000, 'w') + std::string(reinterpret_cast<char *>(&Magic), 8);
  So = Build((uint64_t(1) << 32) + 8, Tail);
  EXPECT_EQ(exitCodeOf(readEmbeddedData(So, "").takeError(), &Message), 2);
  EXPECT_THAT(Message, HasSubstr("shorter than their recorded size"));
  // Claims less than the magic number itself.
  So = Build(4, Tail);
  EXPECT_EQ(exitCodeOf(readEmbeddedData(So, "").takeError(), &Message), 2);
}

TEST(EmbeddedData, RefusesASharedLibraryWithoutWeights) {
  TempDir Dir;
  writeFile(Dir.file("f.s"), "\t.text\n\t.globl f\nf:\n\tret\n");
  compile({"-shared", "-fPIC", Dir.file("f.s"), "-o", Dir.file("f.so")});
  std::string Message;
  EXPECT_EQ(
      exitCodeOf(readEmbeddedData(Dir.file("f.so"), "").takeError(), &Message),
      2);
  EXPECT_THAT(Message, HasSubstr("no weights found"));
}

TEST(EmbeddedData, RefusesWhatIsNoObjectFile) {
  TempDir Dir;
  writeFile(Dir.file("x.so"), "not an ELF file at all");
  std::string Message;
  EXPECT_EQ(
      exitCodeOf(readEmbeddedData(Dir.file("x.so"), "").takeError(), &Message),
      2);
  EXPECT_THAT(Message, HasSubstr("cannot read the model's shared library"));
}

TEST(EmbeddedData, OnlyPlainNamesReachTheAssembly) {
  for (StringRef Name :
       {"_binary_constants_bin", "__triton_k_0", ".lrodata", "$x", "a.b"})
    EXPECT_TRUE(isPlainAsmName(Name)) << Name.str();
  EXPECT_TRUE(isPlainAsmName(".data.rel-ro", /*Section=*/true));
  for (StringRef Name : {"", "0x", "a b", "a\"", "a\n", ".lrodata,\"a\"", "a-b",
                         "a;b", "a#", "a\x1b"})
    EXPECT_FALSE(isPlainAsmName(Name)) << Name.str();
  // A section named to smuggle a directive in is refused, not written.
  TempDir Dir;
  EmbeddedData Data;
  Data.Blobs.push_back({"_binary_constants_bin",
                        ".lrodata,\"a\"\n.incbin \"/etc/passwd\"\n#", false,
                        false, "x"});
  std::string Message;
  EXPECT_EQ(
      exitCodeOf(writeBlobAssembly(Data, Dir.path()).takeError(), &Message), 2);
  EXPECT_THAT(Message, HasSubstr("is not a plain"));
}

/// Sets the sh_size of the section header of type \p Type in the ELF file
/// \p Path to \p Size.
void patchSectionSize(StringRef Path, uint32_t Type, uint64_t Size) {
  std::string Bytes = readFile(Path);
  ASSERT_GT(Bytes.size(), 64u);
  uint64_t ShOff;
  uint16_t ShEntSize, ShNum;
  memcpy(&ShOff, &Bytes[0x28], 8);
  memcpy(&ShEntSize, &Bytes[0x3a], 2);
  memcpy(&ShNum, &Bytes[0x3c], 2);
  bool Patched = false;
  for (unsigned I = 0; I < ShNum; ++I) {
    char *Header = &Bytes[ShOff + I * ShEntSize];
    uint32_t ShType;
    memcpy(&ShType, Header + 4, 4);
    if (ShType == Type) {
      memcpy(Header + 0x20, &Size, 8);
      Patched = true;
    }
  }
  ASSERT_TRUE(Patched);
  writeFile(Path, Bytes);
}

TEST(EmbeddedData, RefusesASymbolTableBiggerThanTheFile) {
  // LLVM walks a symbol table by its header's size: 2^40 bytes would take
  // hours.
  TempDir Dir;
  std::string So = buildModelSo(Dir, pattern(64, 9), "");
  patchSectionSize(So, llvm::ELF::SHT_SYMTAB, uint64_t(1) << 40);
  std::string Message;
  EXPECT_EQ(exitCodeOf(readEmbeddedData(So, "").takeError(), &Message), 2);
  EXPECT_THAT(Message, HasSubstr("symbol table does not fit"));
}

TEST(EmbeddedData, RefusesBlobsThatOverlap) {
  // Many symbol pairs over one range would each be copied: refused before.
  TempDir Dir;
  std::string Asm = "\t.section .lrodata, \"a\"\n";
  std::string Wrapper;
  for (int I = 0; I < 200; ++I) {
    std::string K = "__k" + std::to_string(I);
    Asm += "\t.globl " + K + "_start\n" + K + "_start:\n";
    Wrapper += K + "_start ";
  }
  Asm += "\t.globl _binary_constants_bin_start\n"
         "_binary_constants_bin_start:\n\t.fill 20000, 1, 7\n"
         "\t.globl _binary_constants_bin_end\n_binary_constants_bin_end:\n";
  for (int I = 0; I < 200; ++I)
    Asm += "\t.globl __k" + std::to_string(I) + "_end\n__k" +
           std::to_string(I) + "_end:\n";
  writeFile(Dir.file("o.s"), Asm);
  compile({"-shared", "-fPIC", Dir.file("o.s"), "-o", Dir.file("o.so")});
  std::string Message;
  EXPECT_EQ(exitCodeOf(readEmbeddedData(Dir.file("o.so"), Wrapper).takeError(),
                       &Message),
            2);
  EXPECT_THAT(Message, HasSubstr("overlap"));
}

//===----------------------------------------------------------------------===//
// PackageArchive
//===----------------------------------------------------------------------===//

namespace {

void makeZip(StringRef Path,
             std::vector<std::pair<std::string, std::string>> Entries) {
  int Err = 0;
  zip_t *Z = zip_open(Path.str().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &Err);
  ASSERT_NE(Z, nullptr);
  for (auto &[Name, Bytes] : Entries) {
    zip_source_t *S = zip_source_buffer(Z, Bytes.data(), Bytes.size(), 0);
    ASSERT_GE(zip_file_add(Z, Name.c_str(), S, 0), 0);
  }
  ASSERT_EQ(zip_close(Z), 0);
}

std::string readEntry(StringRef Path, StringRef Entry) {
  int Err = 0;
  zip_t *Z = zip_open(Path.str().c_str(), ZIP_RDONLY, &Err);
  if (!Z)
    return "<no archive>";
  zip_stat_t St;
  std::string Bytes;
  if (zip_stat(Z, Entry.str().c_str(), 0, &St) == 0) {
    Bytes.resize(St.size);
    zip_file_t *F = zip_fopen(Z, Entry.str().c_str(), 0);
    zip_fread(F, Bytes.data(), St.size);
    zip_fclose(F);
  } else {
    Bytes = "<no entry>";
  }
  zip_discard(Z);
  return Bytes;
}

} // namespace

TEST(PackageArchive, FindsEveryModel) {
  TempDir Dir;
  std::string Pt2 = Dir.file("two.pt2");
  makeZip(Pt2, {{"two/data/aotinductor/encoder/a.wrapper.cpp", "A"},
                {"two/data/aotinductor/decoder/b.wrapper.cpp", "B"},
                {"two/data/aotinductor/encoder/a.wrapper.so", "SO"},
                {"two/archive_format", "pt2"}});
  auto Archive = PackageArchive::open(Pt2);
  ASSERT_TRUE(bool(Archive)) << describe(Archive.takeError());
  ASSERT_EQ(Archive->models().size(), 2u);
  EXPECT_EQ(Archive->models()[0].Name, "encoder");
  EXPECT_EQ(Archive->models()[0].Prefix, "two/data/aotinductor/encoder/");
  EXPECT_THAT(Archive->models()[0].Entries,
              ElementsAre("two/data/aotinductor/encoder/a.wrapper.cpp",
                          "two/data/aotinductor/encoder/a.wrapper.so"));
  EXPECT_EQ(Archive->models()[1].Name, "decoder");

  std::vector<std::string> Entries;
  auto Files =
      Archive->extractModel(Archive->models()[0], Dir.file("x"), Entries);
  ASSERT_TRUE(bool(Files)) << describe(Files.takeError());
  ASSERT_EQ(Files->size(), 2u);
  EXPECT_EQ(readFile((*Files)[1]), "SO");
  EXPECT_EQ(Entries, Archive->models()[0].Entries);

  // Only what is wanted (listing needs no .so).
  auto Sources =
      Archive->extractModel(Archive->models()[0], Dir.file("y"), Entries,
                            [](StringRef E) { return E.ends_with(".cpp"); });
  ASSERT_TRUE(bool(Sources)) << describe(Sources.takeError());
  ASSERT_EQ(Sources->size(), 1u);
  EXPECT_THAT(Entries,
              ElementsAre("two/data/aotinductor/encoder/a.wrapper.cpp"));
  EXPECT_FALSE(llvm::sys::fs::exists(Dir.file("y/a.wrapper.so")));
}

/// The signature part of an exported program as torch.export.save writes
/// it (torch 2.11): parameters first, then the user's inputs.
constexpr const char *ExportedProgramJson =
    R"({"graph_module": {"signature": {"input_specs": [)"
    R"({"parameter": {"arg": {"name": "p_l_weight"}, "parameter_name": "l.weight"}}, )"
    R"({"user_input": {"arg": {"as_tensor": {"name": "x"}}}}, )"
    R"({"user_input": {"arg": {"as_tensor": {"name": "bias"}}}}]}}, )"
    R"("schema_version": {"major": 8}})";

TEST(ExportedProgram, NamesTheTensorUserInputsInOrder) {
  EXPECT_THAT(exportedInputNames(ExportedProgramJson),
              ElementsAre("x", "bias"));
  // A user input that is no tensor: the model's inputs cannot be matched.
  EXPECT_TRUE(
      exportedInputNames(R"({"graph_module": {"signature": {"input_specs": [)"
                         R"({"user_input": {"arg": {"as_int": 3}}}]}}})")
          .empty());
  EXPECT_TRUE(exportedInputNames("not json").empty());
  EXPECT_TRUE(exportedInputNames("{}").empty());
}

TEST(PackageArchive, FindsAModelsExportedProgram) {
  TempDir Dir;
  std::string Pt2 = Dir.file("ep.pt2");
  makeZip(Pt2, {{"ep/data/aotinductor/model/a.wrapper.cpp", "A"},
                {"ep/models/model.json", ExportedProgramJson},
                {"ep/models/other.json", "{}"}});
  auto Archive = PackageArchive::open(Pt2);
  ASSERT_TRUE(bool(Archive)) << describe(Archive.takeError());
  const PackageModel &M = Archive->models()[0];
  ASSERT_TRUE(M.ExportedProgram.has_value());
  auto Text = Archive->readEntry(*M.ExportedProgram, 1 << 20);
  ASSERT_TRUE(bool(Text)) << describe(Text.takeError());
  EXPECT_THAT(exportedInputNames(*Text), ElementsAre("x", "bias"));
  // Over the limit: an error, nothing read.
  auto Small = Archive->readEntry(*M.ExportedProgram, 10);
  EXPECT_FALSE(bool(Small));
  llvm::consumeError(Small.takeError());
}

TEST(PackageArchive, ReplacesEntriesAndCopiesTheRest) {
  TempDir Dir;
  std::string Pt2 = Dir.file("m.pt2"), Out = Dir.file("out.pt2");
  makeZip(Pt2, {{"m/data/aotinductor/model/w.wrapper.cpp", "old wrapper"},
                {"m/data/aotinductor/model/w.wrapper.so", "old so"},
                {"m/archive_format", "pt2"}});
  writeFile(Dir.file("new.so"), "new so");
  auto Archive = PackageArchive::open(Pt2);
  ASSERT_TRUE(bool(Archive)) << describe(Archive.takeError());
  llvm::StringMap<std::string> Replace;
  Replace["m/data/aotinductor/model/w.wrapper.so"] = Dir.file("new.so");
  llvm::Error Written = Archive->writeWithReplacements(Out, Replace);
  ASSERT_FALSE(bool(Written)) << describe(std::move(Written));
  EXPECT_EQ(readEntry(Out, "m/data/aotinductor/model/w.wrapper.so"), "new so");
  EXPECT_EQ(readEntry(Out, "m/data/aotinductor/model/w.wrapper.cpp"),
            "old wrapper");
  EXPECT_EQ(readEntry(Out, "m/archive_format"), "pt2");
  EXPECT_EQ(readEntry(Pt2, "m/data/aotinductor/model/w.wrapper.so"), "old so");
}

TEST(PackageArchive, AFailedWriteLeavesNothing) {
  TempDir Dir;
  std::string Pt2 = Dir.file("m.pt2"), Out = Dir.file("out.pt2");
  makeZip(Pt2, {{"m/data/aotinductor/model/w.wrapper.cpp", "w"}});
  auto Archive = PackageArchive::open(Pt2);
  ASSERT_TRUE(bool(Archive)) << describe(Archive.takeError());
  llvm::StringMap<std::string> Replace;
  Replace["m/data/aotinductor/model/w.wrapper.cpp"] = Dir.file("missing");
  std::string Message;
  EXPECT_EQ(exitCodeOf(Archive->writeWithReplacements(Out, Replace), &Message),
            6);
  EXPECT_FALSE(llvm::sys::fs::exists(Out));
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir.path(), EC), End; It != End;
       It.increment(EC))
    EXPECT_THAT(It->path(), Not(HasSubstr("out.pt2"))) << "left behind";
}

TEST(PackageArchive, NotAZipAndNoModel) {
  TempDir Dir;
  writeFile(Dir.file("a.pt2"), "plain text");
  EXPECT_EQ(exitCodeOf(PackageArchive::open(Dir.file("a.pt2")).takeError()), 2);
  makeZip(Dir.file("b.pt2"),
          {{"b/data/other/x.txt", "x"}, {"b/data/aotinductor/loose.txt", "x"}});
  EXPECT_EQ(exitCodeOf(PackageArchive::open(Dir.file("b.pt2")).takeError()), 3);
}

TEST(PackageArchive, LimitsAreCheckedBeforeAnythingIsUnpacked) {
  TempDir Dir;
  // 20 MiB of zeros deflate to ~20 KB: over 100 times, a likely zip bomb.
  makeZip(Dir.file("bomb.pt2"), {{"p/data/aotinductor/m/m.wrapper.cpp", "x"},
                                 {"p/extra/zeros", std::string(20 << 20, 0)}});
  std::string Message;
  EXPECT_EQ(exitCodeOf(PackageArchive::open(Dir.file("bomb.pt2")).takeError(),
                       &Message),
            2);
  EXPECT_THAT(Message, HasSubstr("zip bomb"));
  // Accepted when the user names a size it fits in; refused when it does
  // not.
  ArchiveLimits Limits;
  Limits.CheckExpansion = false;
  Limits.MaxUnpackedBytes = 64 << 20;
  EXPECT_TRUE(bool(PackageArchive::open(Dir.file("bomb.pt2"), Limits)));
  Limits.MaxUnpackedBytes = 1 << 20;
  EXPECT_EQ(
      exitCodeOf(PackageArchive::open(Dir.file("bomb.pt2"), Limits).takeError(),
                 &Message),
      2);
  EXPECT_THAT(Message, HasSubstr("--max-unpacked-size"));
  Limits = ArchiveLimits();
  Limits.MaxEntries = 1;
  EXPECT_EQ(
      exitCodeOf(PackageArchive::open(Dir.file("bomb.pt2"), Limits).takeError(),
                 &Message),
      2);
  EXPECT_THAT(Message, HasSubstr("2 entries, more than the 1"));
}

TEST(PackageArchive, KeptEntriesStayCompressedAsTheyWere) {
  TempDir Dir;
  std::string Text(100000, 'a');
  makeZip(Dir.file("in.pt2"), {{"p/data/aotinductor/m/m.wrapper.cpp", Text},
                               {"p/extra/text", Text}});
  auto Archive = PackageArchive::open(Dir.file("in.pt2"));
  ASSERT_TRUE(bool(Archive)) << describe(Archive.takeError());
  writeFile(Dir.file("new.cpp"), "new");
  llvm::StringMap<std::string> Replacements;
  Replacements["p/data/aotinductor/m/m.wrapper.cpp"] = Dir.file("new.cpp");
  ASSERT_FALSE(
      bool(Archive->writeWithReplacements(Dir.file("out.pt2"), Replacements)));
  int Err = 0;
  zip_t *Z = zip_open(Dir.file("out.pt2").c_str(), ZIP_RDONLY, &Err);
  ASSERT_NE(Z, nullptr);
  zip_stat_t Kept, Replaced;
  ASSERT_EQ(zip_stat(Z, "p/extra/text", 0, &Kept), 0);
  ASSERT_EQ(zip_stat(Z, "p/data/aotinductor/m/m.wrapper.cpp", 0, &Replaced), 0);
  EXPECT_EQ(Kept.comp_method, ZIP_CM_DEFLATE);
  EXPECT_LT(Kept.comp_size, Text.size() / 10);
  EXPECT_EQ(Replaced.comp_method, ZIP_CM_STORE);
  zip_discard(Z);
  EXPECT_EQ(readEntry(Dir.file("out.pt2"), "p/extra/text"), Text);
}

//===----------------------------------------------------------------------===//
// Rebuild
//===----------------------------------------------------------------------===//

TEST(Rebuild, FindModelFiles) {
  auto Files = findModelFiles({"/d/x.wrapper.cpp", "/d/y.kernel.cpp",
                               "/d/x.wrapper.so", "/d/x_metadata.json"},
                              "model");
  ASSERT_TRUE(bool(Files)) << describe(Files.takeError());
  EXPECT_EQ(Files->Wrapper, "/d/x.wrapper.cpp");
  EXPECT_EQ(Files->Kernel, "/d/y.kernel.cpp");
  EXPECT_EQ(Files->SharedObject, "/d/x.wrapper.so");
  std::string Message;
  EXPECT_EQ(exitCodeOf(findModelFiles({"/d/a.wrapper.cpp", "/d/b.wrapper.cpp"},
                                      "model")
                           .takeError(),
                       &Message),
            3);
  EXPECT_THAT(Message, HasSubstr("two wrapper.cpp files"));
}

TEST(Rebuild, PublishingNeverReplacesACacheEntry) {
  // A rebuild running beside this one may hold the entry open for reading
  // through its sandbox, which grants that read to the entry's inode.
  TempDir Work, Cache;
  auto Write = [](const std::string &Path, StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    ASSERT_FALSE(EC) << EC.message();
  };
  std::string Entry = Cache.file("runtime-0123.o");
  Write(Work.file("first.o"), "first");
  RebuildPlan Plan;
  Plan.ToCache = {{Work.file("first.o"), Entry}};
  publishToCache(Plan);
  llvm::sys::fs::UniqueID Published;
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(Entry, Published));
  Write(Work.file("second.o"), "second");
  Plan.ToCache = {{Work.file("second.o"), Entry}};
  publishToCache(Plan);
  llvm::sys::fs::UniqueID After;
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(Entry, After));
  EXPECT_EQ(After, Published);
  EXPECT_EQ(readFile(Entry), "first");
  EXPECT_FALSE(llvm::sys::fs::exists(Work.file("second.o")));
  std::error_code EC;
  size_t Files = 0;
  for (llvm::sys::fs::directory_iterator I(Cache.path(), EC), E; I != E && !EC;
       I.increment(EC))
    ++Files;
  EXPECT_EQ(Files, 1u) << "a temporary file was left in the cache";
}

TEST(Rebuild, WrapperCompileIsTheRecordedOneAdapted) {
  StringRef Text =
      "int x;\n// Compile cmd\n// /nowhere/bin/g++ /gen/abc.wrapper.cpp -D "
      "TORCH_INDUCTOR_CPP_WRAPPER -O1 -include "
      "/gen/precompiled_headers/h.h -I/gen/site-packages/torch/include "
      "-I/gen/cuda/include -I/gen/other -std=c++20 -c -o /gen/abc.wrapper.o\n";
  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = "/local/torch/include";
  Toolchain.CudaHome = "/local/cuda";
  std::vector<std::string> Notes;
  auto Step =
      planWrapperCompile(Text, "/w/out.cpp", "/w/out.o", Toolchain, Notes);
  ASSERT_TRUE(bool(Step)) << describe(Step.takeError());
  ASSERT_FALSE(Step->Argv.empty());
  std::vector<std::string> Args(Step->Argv.begin() + 1, Step->Argv.end());
  EXPECT_THAT(Args,
              ElementsAre("/w/out.cpp", "-DTORCH_INDUCTOR_CPP_WRAPPER", "-O1",
                          "-I/local/torch/include", "-I/local/cuda/include",
                          "-std=c++20", "-c", "-o", "/w/out.o"));
  EXPECT_EQ(Notes.size(), 5u) << llvm::join(Notes, "\n");
}

TEST(Rebuild, IncludeDirsAdaptedAsTheAnalysisAdaptsThem) {
  // Every kind of include dir, joined and separate, naming the generating
  // machine's torch: the rebuild's compile command and the analysis's
  // flags name this machine's torch alike, each option keeping its kind.
  TempDir Dir;
  std::string Local = Dir.file("torch/include");
  ASSERT_FALSE(llvm::sys::fs::create_directories(
      Local + "/torch/csrc/inductor/aoti_runtime"));
  writeFile(Local + "/torch/csrc/inductor/aoti_runtime/model.h", "");
  std::string Gen = "/gen/site-packages/torch/include";
  std::string Text = "int x;\n// Compile cmd\n// g++ /gen/a.wrapper.cpp -I " +
                     Gen + " -I" + Gen + "/i -isystem " + Gen + "/s -isystem" +
                     Gen + "/t -iquote " + Gen + "/q -iquote" + Gen +
                     "/r -idirafter " + Gen + "/a -idirafter" + Gen +
                     "/b -c -o /gen/a.o\n";
  std::vector<std::string> Adapted = {
      "-I" + Local, "-I" + Local + "/i", "-isystem",   Local + "/s",
      "-isystem",   Local + "/t",        "-iquote",    Local + "/q",
      "-iquote",    Local + "/r",        "-idirafter", Local + "/a",
      "-idirafter", Local + "/b"};

  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = Local;
  Toolchain.CudaHome = "/nonexistent/cuda";
  std::vector<std::string> Notes;
  auto Step =
      planWrapperCompile(Text, "/w/out.cpp", "/w/out.o", Toolchain, Notes);
  ASSERT_TRUE(bool(Step)) << describe(Step.takeError());
  ASSERT_GT(Step->Argv.size(), 5u);
  EXPECT_EQ(Step->Argv[1], "/w/out.cpp");
  EXPECT_EQ(
      std::vector<std::string>(Step->Argv.begin() + 2, Step->Argv.end() - 3),
      Adapted);

  CompileFlagsOptions Options;
  Options.TorchIncludeDir = Local;
  Options.Python = "/nonexistent/python3";
  Options.CudaHome = "/nonexistent/cuda";
  auto Flags = discoverCompileFlags(Dir.file("a.wrapper.cpp"), Text, Options);
  ASSERT_TRUE(bool(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Args, Adapted);
}
