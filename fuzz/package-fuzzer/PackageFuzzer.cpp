//===- PackageFuzzer.cpp - Fuzz the reading of a package ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The input is what a stranger may hand over: a .pt2 package, or a model's
// .so. A package (the input starts with "PK") is opened, each of its models
// extracted, its files picked (findModelFiles), the weights and cubins of
// its .so read and written again as assembly (appended weights appended to
// a stand-in for the rebuilt .so), and the archive copied with no
// replacement: what `aoti-instrument` does with a package before and after
// it instruments. A .so (the input starts with "\x7fELF") goes to
// readEmbeddedData with a fixed wrapper text that names an embedded cubin,
// then writeBlobAssembly and appendTrailer. Anything else is ignored.
//
// Errors are expected and dropped (FuzzCommon.h); a check that fails aborts:
// the wrapper's recorded compile command, adapted as a rebuild adapts it,
// keeps no flag that loads code, names a file or reruns the driver, and
// no include dir outside this machine's; nothing is written outside the
// input's work directory, the blobs read are
// disjoint slices of the .so as long as their symbols say, under plain
// names, appended weights are what the weights blob announces, a copy that
// fails leaves nothing behind and one that succeeds opens again with the
// same models. Every input works in a directory of its own under a scratch
// directory of the process (in /dev/shm when there is one), removed before
// the next input.
//
// Seeds: package-fuzzer/corpus, written by package-fuzzer/make-seeds.py
// (tiny packages and .so files in the forms AOTI writes); scripts/fuzz.sh
// adds the end-to-end tests' real packages, their sources cut, when the
// cache has them. libzip and LLVM's Object library are Debian's, without
// coverage: the fuzzer is guided by lib/Package alone.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "Package/EmbeddedData.h"
#include "Package/PackageArchive.h"
#include "Package/Rebuild.h"
#include "Support/CacheDir.h"
#include "Support/Trailer.h"
#include "Support/TrustedDirs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace object = llvm::object;

namespace {

/// How a .so starts ("\x7fELF" would read as the escape "\x7fE").
constexpr StringRef ElfMagic = "\x7f"
                               "ELF";

/// The wrapper text a bare .so is read with: it names one embedded cubin.
constexpr StringRef CubinWrapperText =
    "extern const unsigned char __triton_kernel_0_start[];\n"
    "extern const unsigned char __triton_kernel_0_end[];\n"
    "static void load() { loadKernel(__triton_kernel_0_start); }\n";

/// The start of the name of a scratch directory.
constexpr StringRef ScratchName = "aoti-package-fuzzer-";

/// Where the scratch directories go: /dev/shm when there is one, else the
/// temp dir.
std::string scratchParent() {
  llvm::SmallString<256> Parent("/dev/shm");
  if (!fs::is_directory(Parent))
    path::system_temp_directory(/*ErasedOnReboot=*/true, Parent);
  return std::string(Parent);
}

/// Removes the scratch directories in \p Parent of fuzzer processes that are
/// gone: libFuzzer's -fork jobs end mid-input, without running atexit. Their
/// names carry the process id (ScratchName<pid>-XXXXXX).
void removeStaleScratchDirs(StringRef Parent) {
  std::vector<std::string> Stale;
  std::error_code EC;
  for (fs::directory_iterator It(Parent, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = path::filename(It->path());
    unsigned long long Pid;
    if (Name.consume_front(ScratchName) && !Name.consumeInteger(10, Pid) &&
        Name.starts_with("-") && ::kill(pid_t(Pid), 0) != 0 && errno == ESRCH)
      Stale.push_back(It->path());
  }
  for (const std::string &Dir : Stale)
    fs::remove_directories(Dir);
}

/// The scratch directory of this process, made on first use and removed at
/// exit.
StringRef scratchDir() {
  static const std::string Dir = [] {
    std::string Parent = scratchParent();
    removeStaleScratchDirs(Parent);
    std::string Prefix = pathIn(
        Parent, ScratchName + llvm::Twine(llvm::sys::Process::getProcessId()));
    llvm::SmallString<256> Made;
    if (std::error_code EC = fs::createUniqueDirectory(Prefix, Made))
      fuzz::fail("cannot create a scratch directory at " + Prefix + ": " +
                 EC.message());
    return std::string(Made);
  }();
  static const bool RemovedAtExit = [] {
    return std::atexit([] { fs::remove_directories(Dir); }) == 0;
  }();
  (void)RemovedAtExit;
  return Dir;
}

/// The names in \p Dir, sorted.
std::vector<std::string> listDir(StringRef Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    Names.push_back(path::filename(It->path()).str());
  if (EC)
    fuzz::fail("cannot list " + Dir + ": " + EC.message());
  llvm::sort(Names);
  return Names;
}

/// Aborts unless \p Path lies under \p Dir (lexically: no `..` after it).
void checkUnder(StringRef Path, StringRef Dir, const llvm::Twine &What) {
  StringRef Rest = Path;
  bool Under =
      Rest.consume_front(Dir) && Rest.consume_front("/") && !Rest.empty() &&
      llvm::none_of(llvm::make_range(path::begin(Rest), path::end(Rest)),
                    [](StringRef C) { return C == ".."; });
  if (!Under)
    fuzz::fail(What + " '" + Path + "' is not under '" + Dir + "'");
}

/// Writes \p Bytes to \p Path.
void writeFile(StringRef Path, StringRef Bytes) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    fuzz::fail("cannot write " + Path + ": " + EC.message());
  OS << Bytes;
}

/// The address of \p Name as readEmbeddedData sees it: the first defined
/// symbol of that name in a section, static symbols before dynamic ones.
std::optional<uint64_t> symbolAddress(const object::ELF64LEObjectFile &Elf,
                                      StringRef Name) {
  auto Matches = [&](const object::SymbolRef &Sym) -> std::optional<uint64_t> {
    auto Flags = Sym.getFlags();
    if (!Flags) {
      llvm::consumeError(Flags.takeError());
      return std::nullopt;
    }
    if (*Flags & object::SymbolRef::SF_Undefined)
      return std::nullopt;
    auto SymName = Sym.getName();
    auto Address = Sym.getAddress();
    auto Section = Sym.getSection();
    if (!SymName || !Address || !Section) {
      llvm::consumeError(SymName.takeError());
      llvm::consumeError(Address.takeError());
      llvm::consumeError(Section.takeError());
      return std::nullopt;
    }
    if (*SymName != Name || *Section == Elf.section_end())
      return std::nullopt;
    return *Address;
  };
  for (const object::SymbolRef &Sym : Elf.symbols())
    if (auto Address = Matches(Sym))
      return Address;
  for (const object::SymbolRef &Sym : Elf.getDynamicSymbolIterators())
    if (auto Address = Matches(Sym))
      return Address;
  return std::nullopt;
}

/// Aborts unless every blob of \p Data holds exactly the bytes between its
/// symbols, as a slice of the mapped original, apart from the others, under
/// plain names (they go into assembly).
void checkBlobs(const EmbeddedData &Data) {
  if (Data.Blobs.empty() || Data.Blobs.front().Symbol != ConstantsSymbol)
    fuzz::fail("the weights are not the first blob of " + Data.FilePath);
  auto Binary = object::ObjectFile::createObjectFile(*Data.File);
  if (!Binary)
    fuzz::fail("readEmbeddedData read " + Data.FilePath +
               ", which does not open: " + llvm::toString(Binary.takeError()));
  const auto &Elf = *llvm::cast<object::ELF64LEObjectFile>(Binary->get());
  StringRef File = Data.File->getBuffer();
  std::vector<StringRef> Slices;
  for (const EmbeddedBlob &Blob : Data.Blobs) {
    auto Start = symbolAddress(Elf, Blob.Symbol + "_start");
    auto End = symbolAddress(Elf, Blob.Symbol + "_end");
    if (!Start || !End || *End - *Start != Blob.Bytes.size())
      fuzz::fail("blob " + Blob.Symbol + " of " + Data.FilePath + " holds " +
                 llvm::Twine(Blob.Bytes.size()) +
                 " bytes, not the distance between its symbols");
    if (Blob.Bytes.begin() < File.begin() || Blob.Bytes.end() > File.end())
      fuzz::fail("blob " + Blob.Symbol + " is not a slice of the original");
    if (!isPlainAsmName(Blob.Symbol) ||
        !isPlainAsmName(Blob.Section, /*Section=*/true))
      fuzz::fail("blob '" + Blob.Symbol + "' in '" + Blob.Section +
                 "' has a name that is not plain");
    if (!Blob.Bytes.empty())
      Slices.push_back(Blob.Bytes);
  }
  llvm::sort(Slices,
             [](StringRef A, StringRef B) { return A.begin() < B.begin(); });
  for (size_t I = 1; I < Slices.size(); ++I)
    if (Slices[I].begin() < Slices[I - 1].end())
      fuzz::fail("two blobs of " + Data.FilePath + " overlap");
}

/// Aborts unless the trailer of \p Data is what the weights blob announces:
/// the last bytes of the file, after its start.
void checkTrailer(const EmbeddedData &Data) {
  if (!Data.TrailerSize)
    return;
  StringRef Weights = Data.Blobs.front().Bytes;
  uint64_t Announced;
  if (Weights.size() != sizeof(Announced) * 2)
    fuzz::fail("a trailer without its 16-byte weights blob in " +
               Data.FilePath);
  std::memcpy(&Announced, Weights.data(), sizeof(Announced));
  if (Announced != Data.TrailerSize || Data.TrailerOffset == 0 ||
      Data.TrailerOffset + Data.TrailerSize != Data.File->getBufferSize())
    fuzz::fail("the trailer of " + Data.FilePath +
               " is not the announced end of the file");
}

/// appendTrailer to a small file at \p Path, with checks: it pads it to
/// 16 KiB, then holds the trailer's bytes.
void fuzzAppendTrailer(const EmbeddedData &Data, StringRef Path) {
  constexpr uint64_t Align = 16384;
  constexpr StringRef Linked = "linked";
  writeFile(Path, Linked);
  if (llvm::Error E = appendTrailer(Data, Path))
    return fuzz::consumeReported(std::move(E));
  auto Out = llvm::MemoryBuffer::getFile(Path);
  if (!Out)
    fuzz::fail("cannot read " + Path + " back");
  uint64_t Padded = Linked.size() + Align - Linked.size() % Align;
  StringRef Want =
      Data.File->getBuffer().substr(Data.TrailerOffset, Data.TrailerSize);
  if ((*Out)->getBufferSize() != Padded + Want.size() ||
      (*Out)->getBuffer().drop_front(Padded) != Want)
    fuzz::fail("appendTrailer did not append the trailer of " + Data.FilePath);
}

/// readEmbeddedData, writeBlobAssembly into \p Dir/data and appendTrailer
/// to \p Dir/linked.so, with checks: the blobs and trailer are right, and
/// the blobs' files lie in the data directory and hold them.
void fuzzEmbeddedData(StringRef SoPath, StringRef WrapperText, StringRef Dir) {
  llvm::Expected<EmbeddedData> Data = readEmbeddedData(SoPath, WrapperText);
  if (!Data)
    return fuzz::consumeReported(Data.takeError());
  std::string DataDir = pathIn(Dir, "data");
  if (std::error_code EC = fs::create_directory(DataDir))
    fuzz::fail("cannot create " + DataDir + ": " + EC.message());
  checkBlobs(*Data);
  checkTrailer(*Data);
  // Checked before they are written: writeBlobAssembly names the files after
  // the symbols, which the .so chose.
  for (const EmbeddedBlob &Blob : Data->Blobs)
    checkUnder(pathIn(DataDir, Blob.Symbol + ".bin"), DataDir,
               "the data file of blob " + Blob.Symbol);
  llvm::Expected<std::string> Assembly = writeBlobAssembly(*Data, DataDir);
  if (!Assembly)
    return fuzz::consumeReported(Assembly.takeError());
  for (const EmbeddedBlob &Blob : Data->Blobs) {
    uint64_t Size = 0;
    if (fs::file_size(pathIn(DataDir, Blob.Symbol + ".bin"), Size) ||
        Size != Blob.Bytes.size())
      fuzz::fail("the data file of blob " + Blob.Symbol + " is not its bytes");
    if (!StringRef(*Assembly).contains(Blob.Symbol + "_start:"))
      fuzz::fail("the assembly does not define " + Blob.Symbol + "_start");
  }
  if (Data->TrailerSize)
    fuzzAppendTrailer(*Data, pathIn(Dir, "linked.so"));
}

/// Flags no adapted command may hold, whatever the recorded one says: they
/// load code, name files or run the driver again (RecordedCommand.h).
constexpr StringRef ForbiddenPrefixes[] = {"@",
                                           "-B",
                                           "-wrapper",
                                           "-fplugin",
                                           "-specs",
                                           "-Wl,",
                                           "-Wa,",
                                           "-Wp,",
                                           "-Xclang",
                                           "-Xlinker",
                                           "-mllvm",
                                           "-fopt-info",
                                           "-fcompare-debug",
                                           "-fdump",
                                           "-fprofile",
                                           "-fuse-ld",
                                           "-save-temps",
                                           "-MF",
                                           "-MD",
                                           "-foptimization-record",
                                           "-frewrite-map",
                                           "-fbasic-block-sections",
                                           "-fmemory-profile",
                                           "-fstack-usage",
                                           "-fcallgraph-info",
                                           "-include",
                                           "-iquote",
                                           "-idirafter",
                                           "-imacros",
                                           "-iprefix",
                                           "-isysroot",
                                           "--sysroot"};

/// A torch include dir with the subdirectory recorded commands name
/// (torch/csrc/api/include), made once: a rebuild maps the package's torch
/// dirs onto it, and a dir that does not exist here is left out, so that a
/// fake one would make a second adaptation drop what the first kept.
const std::string &fakeTorchInclude() {
  static const std::string Dir = [] {
    llvm::SmallString<128> Root;
    if (llvm::sys::fs::createUniqueDirectory("aoti-fuzz-torch", Root))
      fuzz::fail("cannot make a temporary torch include dir");
    llvm::sys::path::append(Root, "include");
    llvm::SmallString<128> Api(Root);
    llvm::sys::path::append(Api, "torch", "csrc", "api", "include");
    if (llvm::sys::fs::create_directories(Api))
      fuzz::fail(llvm::Twine("cannot make ") + Api.str());
    return std::string(Root);
  }();
  return Dir;
}

/// The wrapper's recorded compile command as a rebuild adapts it, with
/// checks: no forbidden flag is kept, include dirs lie in this machine's
/// trusted directories, and adapting the result again changes nothing.
void fuzzRecordedCommand(StringRef WrapperText) {
  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = fakeTorchInclude();
  Toolchain.Compiler = "/bin/true"; // never run
  std::vector<std::string> Notes;
  auto Step = planWrapperCompile(WrapperText, "/w/wrapper.cpp", "/w/wrapper.o",
                                 Toolchain, Notes);
  if (!Step)
    return fuzz::consumeReported(Step.takeError());
  TrustedDirs Trusted(Toolchain.TorchIncludeDir, "", "", "/bin/true");
  for (size_t I = 1; I < Step->Argv.size(); ++I) {
    StringRef Arg = Step->Argv[I];
    for (StringRef Bad : ForbiddenPrefixes)
      if (Arg.starts_with(Bad))
        fuzz::fail("the adapted compile command keeps '" + Arg + "'");
    if (Arg.consume_front("-I") || Arg.consume_front("-isystem"))
      if (!Arg.empty() && !Trusted.contains(Arg))
        fuzz::fail("the adapted compile command keeps include dir '" + Arg +
                   "'");
  }
  std::string Again = "int x;\n// Compile cmd\n// " + shellJoin(Step->Argv) +
                      "\n// Link cmd\n// true\n";
  std::vector<std::string> NotesAgain;
  auto Second = planWrapperCompile(Again, "/w/wrapper.cpp", "/w/wrapper.o",
                                   Toolchain, NotesAgain);
  if (!Second)
    fuzz::fail("an adapted command does not adapt again: " +
               llvm::toString(Second.takeError()));
  std::vector<std::string> First = Step->Argv, Then = Second->Argv;
  // The second adds its own -c -o: compare up to them.
  if (!llvm::equal(llvm::ArrayRef(First).drop_back(2),
                   llvm::ArrayRef(Then).take_front(First.size() - 2)))
    fuzz::fail("adapting an adapted command changed it: " + shellJoin(First) +
               " -> " + shellJoin(Then));
}

/// Extracts \p Model into \p Dir/files, picks its files and reads its .so
/// (fuzzEmbeddedData in \p Dir), with checks: every file written lies in
/// the files directory and came from a model entry.
void fuzzModel(const PackageArchive &Archive, const PackageModel &Model,
               StringRef Dir) {
  std::string FilesDir = pathIn(Dir, "files");
  std::vector<std::string> Entries;
  llvm::Expected<std::vector<std::string>> Paths =
      Archive.extractModel(Model, FilesDir, Entries);
  if (!Paths)
    return fuzz::consumeReported(Paths.takeError());
  if (Paths->size() != Entries.size())
    fuzz::fail("extractModel returned " + llvm::Twine(Paths->size()) +
               " paths for " + llvm::Twine(Entries.size()) + " entries");
  for (size_t I = 0; I < Paths->size(); ++I) {
    checkUnder((*Paths)[I], FilesDir, "extracted file");
    if (!llvm::is_contained(Model.Entries, Entries[I]))
      fuzz::fail("extracted entry '" + Entries[I] + "' is not the model's");
  }
  llvm::Expected<ModelFiles> Files = findModelFiles(*Paths, Model.Name);
  if (!Files)
    return fuzz::consumeReported(Files.takeError());
  for (const std::string *Picked :
       {&Files->Wrapper, &Files->Kernel, &Files->SharedObject})
    if (!Picked->empty() && !llvm::is_contained(*Paths, *Picked))
      fuzz::fail("findModelFiles picked '" + *Picked + "', not extracted");
  auto Wrapper = llvm::MemoryBuffer::getFile(Files->Wrapper);
  if (!Wrapper)
    fuzz::fail("cannot read the extracted " + Files->Wrapper);
  fuzzRecordedCommand((*Wrapper)->getBuffer());
  if (Files->SharedObject.empty())
    return;
  fuzzEmbeddedData(Files->SharedObject, (*Wrapper)->getBuffer(), Dir);
}

/// Copies \p Archive to \p Dir/out.pt2 with no replacement, with checks: a
/// failure leaves \p Dir empty, a success only the copy, which opens again
/// with as many models, each with as many entries.
void fuzzRepack(const PackageArchive &Archive, StringRef Dir) {
  std::string Out = pathIn(Dir, "out.pt2");
  if (llvm::Error E = Archive.writeWithReplacements(Out, {})) {
    fuzz::consumeReported(std::move(E));
    if (!listDir(Dir).empty())
      fuzz::fail("a failed writeWithReplacements left files in " + Dir);
    return;
  }
  if (listDir(Dir) != std::vector<std::string>{"out.pt2"})
    fuzz::fail("writeWithReplacements left more than its output in " + Dir);
  llvm::Expected<PackageArchive> Copy = PackageArchive::open(Out);
  if (!Copy)
    fuzz::fail("the copy does not open: " + llvm::toString(Copy.takeError()));
  const std::vector<PackageModel> &Want = Archive.models();
  const std::vector<PackageModel> &Have = Copy->models();
  if (Have.size() != Want.size() ||
      !llvm::all_of(llvm::zip(Have, Want), [](const auto &Pair) {
        return std::get<0>(Pair).Entries.size() ==
               std::get<1>(Pair).Entries.size();
      }))
    fuzz::fail("the copy does not hold the same models");
}

/// Opens the package \p Path, fuzzes each model in a directory of its own in
/// \p Work, then the copy.
void fuzzPackage(StringRef Path, StringRef Work) {
  llvm::Expected<PackageArchive> Archive = PackageArchive::open(Path);
  if (!Archive)
    return fuzz::consumeReported(Archive.takeError());
  const std::vector<PackageModel> &Models = Archive->models();
  for (size_t I = 0; I < Models.size(); ++I)
    fuzzModel(*Archive, Models[I], pathIn(Work, "model-" + llvm::Twine(I)));
  std::string RepackDir = pathIn(Work, "repack");
  if (std::error_code EC = fs::create_directory(RepackDir))
    fuzz::fail("cannot create " + RepackDir + ": " + EC.message());
  fuzzRepack(*Archive, RepackDir);
}

/// Fuzzes \p Bytes as a package or a .so, according to their first bytes,
/// in \p Work.
void fuzzInput(StringRef Bytes, StringRef Work) {
  if (Bytes.starts_with("PK")) {
    std::string Path = pathIn(Work, "input.pt2");
    writeFile(Path, Bytes);
    if (PackageArchive::looksLikeZip(Path) != Bytes.starts_with("PK\3\4"))
      fuzz::fail("looksLikeZip disagrees with the first bytes");
    return fuzzPackage(Path, Work);
  }
  std::string Path = pathIn(Work, "model.wrapper.so");
  writeFile(Path, Bytes);
  fuzzEmbeddedData(Path, CubinWrapperText, Work);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)scratchDir(); // Made once, before the first input.
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  if (!Bytes.starts_with("PK") && !Bytes.starts_with(ElfMagic))
    return 0;
  StringRef Scratch = scratchDir();
  std::string Work = pathIn(Scratch, "input");
  if (std::error_code EC = fs::create_directory(Work, /*IgnoreExisting=*/false))
    fuzz::fail("cannot create " + Work + ": " + EC.message());
  fuzzInput(Bytes, Work);
  if (listDir(Scratch) != std::vector<std::string>{"input"})
    fuzz::fail("files were written in " + Scratch + " outside " + Work);
  // Disk use stays flat: nothing of this input is left for the next.
  if (fs::remove_directories(Work, /*IgnoreErrors=*/false) || fs::exists(Work))
    fuzz::fail("cannot remove " + Work);
  return 0;
}
