//===- RecordedCommandTest.cpp - What a rebuild takes from a package ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The recorded commands of a package are data: only a C++ driver of this
// machine runs them, and only flags that change the code's meaning or ABI
// are kept (RecordedCommand.h).
//
//===----------------------------------------------------------------------===//

#include "Package/RecordedCommand.h"
#include "Package/Rebuild.h"
#include "TestUtil.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

namespace {

TEST(RecordedCommand, CxxDriverNames) {
  for (StringRef Name :
       {"g++", "c++", "clang++", "g++-13", "clang++-19", "g++-12.2",
        "x86_64-linux-gnu-g++", "x86_64-linux-gnu-g++-12",
        "x86_64-conda-linux-gnu-c++", "aarch64-linux-gnu-clang++-18"})
    EXPECT_TRUE(isCxxDriverName(Name)) << Name.str();
  for (StringRef Name :
       {"sh", "bash", "python3", "gcc", "cc", "clang", "g++evil", "g++-",
        "g++ -c", "evil;g++", "g++-13x", "nvcc", "", "++", "-g++"})
    EXPECT_FALSE(isCxxDriverName(Name)) << Name.str();
}

/// A scratch directory holding an executable script named \p Name.
struct ScriptDir {
  llvm::SmallString<128> Dir;
  std::string Script;
  explicit ScriptDir(StringRef Name) {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("aoti-cmd", Dir));
    Script = (Dir + "/" + Name).str();
    writeFile(Script, "#!/bin/sh\ntouch \"$0.ran\"\n");
    llvm::sys::fs::setPermissions(Script, llvm::sys::fs::all_exe |
                                              llvm::sys::fs::owner_all);
  }
  ~ScriptDir() { llvm::sys::fs::remove_directories(Dir); }
};

std::string cxxOnPath() {
  auto Found = llvm::sys::findProgramByName("c++");
  return Found ? *Found : "";
}

TEST(RecordedCommand, AProgramThatIsNoCxxDriverIsNotRun) {
  if (cxxOnPath().empty())
    GTEST_SKIP() << "no c++ on PATH";
  for (StringRef Recorded : {"/bin/sh", "sh", "python3", "/usr/bin/env"}) {
    std::string Note;
    auto Chosen = chooseCompiler(Recorded, "", "", Note);
    ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
    EXPECT_EQ(*Chosen, cxxOnPath());
    EXPECT_THAT(Note, HasSubstr("is not a C++ compiler driver of this "
                                "machine"));
  }
}

TEST(RecordedCommand, ADriverInThePackageIsNotRun) {
  if (cxxOnPath().empty())
    GTEST_SKIP() << "no c++ on PATH";
  ScriptDir Package("g++");
  std::string Note;
  auto Chosen = chooseCompiler(Package.Script, "", Package.Dir, Note);
  ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
  EXPECT_NE(*Chosen, Package.Script);
  EXPECT_THAT(Note, Not(IsEmpty()));
  // Through a link that hides where it is, too.
  ScriptDir Elsewhere("unused");
  std::string Link = (Elsewhere.Dir + "/g++").str();
  ASSERT_FALSE(llvm::sys::fs::create_link(Package.Script, Link));
  Chosen = chooseCompiler(Link, "", Package.Dir, Note);
  ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
  EXPECT_NE(*Chosen, Link);
}

TEST(RecordedCommand, ADriverPlantedOutsidePathIsNotRun) {
  // A script named g++ in /tmp of a shared machine is no compiler of the
  // user's: only the g++ PATH finds runs.
  auto OnPath = llvm::sys::findProgramByName("g++");
  if (!OnPath)
    GTEST_SKIP() << "no g++ on PATH";
  ScriptDir Planted("g++");
  std::string Note;
  auto Chosen = chooseCompiler(Planted.Script, "", "", Note);
  ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
  EXPECT_EQ(*Chosen, *OnPath);
  EXPECT_THAT(Note, HasSubstr("is not this machine's g++ on PATH"));
}

TEST(RecordedCommand, TheRecordedDriverOfThisMachineRuns) {
  std::string Cxx = cxxOnPath();
  if (Cxx.empty())
    GTEST_SKIP() << "no c++ on PATH";
  ScriptDir Work("unused");
  std::string Note;
  auto Chosen = chooseCompiler(Cxx, "", Work.Dir, Note);
  ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
  EXPECT_EQ(*Chosen, Cxx);
  EXPECT_EQ(Note, "");
}

TEST(RecordedCommand, TheUsersChoiceWins) {
  ScriptDir Mine("my-compiler");
  std::string Note;
  auto Chosen = chooseCompiler("/usr/bin/g++", Mine.Script, "", Note);
  ASSERT_TRUE(bool(Chosen)) << describe(Chosen.takeError());
  EXPECT_EQ(*Chosen, Mine.Script);
  EXPECT_THAT(Note, HasSubstr("(--cxx or $CXX)"));
  std::string Message;
  EXPECT_EQ(
      exitCodeOf(
          chooseCompiler("g++", "/no/such/compiler", "", Note).takeError(),
          &Message),
      1);
  EXPECT_THAT(Message, HasSubstr("not found"));
}

TEST(RecordedCommand, TrustedDirsAreThisMachines) {
  ScriptDir Scratch("unused");
  TrustedDirs Trusted("/opt/venv/lib/python3.12/site-packages/torch/include",
                      "", "/usr/local/cuda", "/opt/gcc/bin/g++");
  EXPECT_TRUE(Trusted.contains("/usr/include"));
  EXPECT_TRUE(Trusted.contains("/usr/lib/x86_64-linux-gnu"));
  EXPECT_TRUE(Trusted.contains(
      "/opt/venv/lib/python3.12/site-packages/torch/include/x"));
  EXPECT_TRUE(Trusted.contains("/opt/venv/include/python3.12"));
  EXPECT_TRUE(Trusted.contains("/opt/gcc/include"));
  EXPECT_FALSE(Trusted.contains(Scratch.Dir));
  EXPECT_FALSE(Trusted.contains("/usr/include/../../tmp"));
  EXPECT_FALSE(Trusted.contains("/usr/includeX"));
  EXPECT_FALSE(Trusted.contains("/opt/venv/lib"));
  // A link from the scratch dir to a trusted one is judged by its target,
  // and one from a trusted name into the scratch dir too.
  std::string Link = (Scratch.Dir + "/inc").str();
  ASSERT_FALSE(llvm::sys::fs::create_link("/usr/include", Link));
  EXPECT_TRUE(Trusted.contains(Link));
}

/// The wrapper's compile command, recorded with \p Flags, as a rebuild runs
/// it; \p Notes get the notes.
std::vector<std::string> adapted(StringRef Flags,
                                 std::vector<std::string> &Notes) {
  std::string Text = ("int x;\n// Compile cmd\n// g++ /gen/abc.wrapper.cpp " +
                      Flags + " -c -o /gen/abc.wrapper.o\n")
                         .str();
  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = "/local/torch/include";
  Toolchain.CudaHome = "/local/cuda";
  Toolchain.Compiler = "/bin/true"; // never run here
  auto Step =
      planWrapperCompile(Text, "/w/out.cpp", "/w/out.o", Toolchain, Notes);
  EXPECT_TRUE(bool(Step)) << describe(Step.takeError());
  return Step ? Step->Argv : std::vector<std::string>();
}

TEST(RecordedCommand, FlagsThatRunOrWriteAreLeftOut) {
  std::vector<std::string> Notes;
  std::vector<std::string> Argv = adapted(
      "-DX=1 -O2 -march=native -fno-math-errno -ffp-contract=off -Wall "
      "-std=c++17 -fPIC -fopenmp -g1 -fno-such-gcc-flag "
      "-wrapper /bin/sh,-c,touch -fplugin=./evil.so -specs=/tmp/s -B /tmp/b/ "
      "@/tmp/rsp.txt -MD -MF /tmp/dep.d -Wl,--plugin,/tmp/p.so "
      "-fuse-ld=/tmp/ld -Xclang -load -Xclang /tmp/e.so -iquote /tmp "
      "-idirafter /tmp -I/tmp -isystem /tmp -save-temps -fprofile-generate "
      "-mllvm -x -D @/tmp/rsp.txt -fdump-tree-all -fplugin-arg-x=y",
      Notes);
  std::string Joined = llvm::join(Argv, " ");
  for (StringRef Kept :
       {"-DX=1", "-O2", "-march=native", "-fno-math-errno", "-ffp-contract=off",
        "-Wall", "-std=c++17", "-fPIC", "-fopenmp", "-g1"})
    EXPECT_THAT(Argv, Contains(Kept.str()));
  for (StringRef Gone :
       {"wrapper", "plugin", "specs", "-B", "@", "-MF", "-MD", "-Wl", "fuse-ld",
        "Xclang", "iquote", "idirafter", "/tmp", "save-temps", "profile",
        "mllvm", "dump", "such-gcc-flag"})
    EXPECT_THAT(Joined, Not(HasSubstr(Gone))) << Gone.str();
  EXPECT_THAT(Notes,
              Contains(AllOf(HasSubstr("left out of the wrapper's compile "
                                       "command"),
                             HasSubstr("-wrapper"), HasSubstr("-fplugin"),
                             HasSubstr("@/tmp/rsp.txt"), HasSubstr("-MF"))));
}

/// Every flag torch 2.9-2.15's cpp_builder.py records in a Linux compile or
/// link command (docs/security.md, "The flags a rebuild keeps"), on x86_64
/// and aarch64, CPU and CUDA, with each ISA's flags.
constexpr StringRef TorchFlags[] = {
    "-O1",
    "-O3",
    "-O0",
    "-DNDEBUG",
    "-g",
    "-g1",
    "-gline-tables-only",
    "-fno-omit-frame-pointer",
    "-fno-trapping-math",
    "-funsafe-math-optimizations",
    "-ffinite-math-only",
    "-fno-signed-zeros",
    "-fno-math-errno",
    "-fmath-errno",
    "-fno-finite-math-only",
    "-fno-unsafe-math-optimizations",
    "-ffp-contract=off",
    "-ffp-contract=fast",
    "-fexcess-precision=fast",
    "-fno-tree-loop-vectorize",
    "-march=native",
    "-mcpu=native",
    "-march=armv8.6-a+sve+sve2+bf16",
    "-march=armv8.6-a+sve+bf16",
    "-march=armv8-a+sve+bf16",
    "-march=armv9-a+sve2+fp16fml+sha3+bf16+i8mm",
    "-msve-vector-bits=256",
    "-msve-vector-bits=128",
    "-mavx2",
    "-mfma",
    "-mf16c",
    "-mavx512f",
    "-mavx512dq",
    "-mavx512vl",
    "-mavx512bw",
    "-mavx512bf16",
    "-mavx512vnni",
    "-mamx-tile",
    "-mamx-bf16",
    "-mamx-int8",
    "-mamx-fp16",
    "-mvsx",
    "-mvx",
    "-mzvector",
    "-fPIC",
    "-shared",
    "-Wall",
    "-std=c++17",
    "-std=c++20",
    "-Wno-unused-variable",
    "-Wno-unknown-pragmas",
    "-Werror=ignored-optimization-argument",
    "-Wno-ignored-optimization-argument",
    "-pedantic",
    "-fopenmp",
    "-Wno-comment"};

TEST(RecordedCommand, EveryFlagTorchRecordsIsKept) {
  std::string Flags =
      llvm::join(llvm::ArrayRef(TorchFlags), " ") +
      " -D TORCH_INDUCTOR_CPP_WRAPPER -D  USE_CUDA "
      "-D CPU_CAPABILITY_AVX512 -D TORCH_INDUCTOR_PRECOMPILE_HEADERS";
  std::vector<std::string> Notes;
  std::vector<std::string> Argv = adapted(Flags, Notes);
  for (StringRef Flag : TorchFlags)
    EXPECT_THAT(Argv, Contains(Flag.str())) << Flag.str();
  for (StringRef Macro :
       {"TORCH_INDUCTOR_CPP_WRAPPER", "USE_CUDA", "CPU_CAPABILITY_AVX512"})
    EXPECT_THAT(Argv, Contains(("-D" + Macro).str()));
  EXPECT_THAT(Notes, Not(Contains(HasSubstr("left out of the wrapper's"))));
}

TEST(RecordedCommand, FlagsThatNameFilesOrRerunTheDriverAreLeftOut) {
  // Each names a file GCC writes or reads, or runs the driver again.
  constexpr StringRef Attacks[] = {"-fopt-info-all=F",
                                   "-fopt-info-vec-missed=F",
                                   "-fcompare-debug=-B.",
                                   "-fcompare-debug-second",
                                   "-foptimization-record-file=F",
                                   "-frewrite-map-file=F",
                                   "-fbasic-block-sections=list=F",
                                   "-fmemory-profile=F",
                                   "-fsave-optimization-record",
                                   "-fstack-usage",
                                   "-fcallgraph-info",
                                   "-fdump-ipa-all",
                                   "-fprofile-use=F",
                                   "-fauto-profile=F",
                                   "-fdebug-prefix-map=a=b",
                                   "-fplugin=F",
                                   "-flto=thin",
                                   "-fuse-ld=lld",
                                   "-Werror",
                                   "-Wl,-rpath,/x",
                                   "-Wa,-adhln=F",
                                   "-Wp,-MD,F",
                                   "-gsplit-dwarf",
                                   "-save-temps=obj",
                                   "-dumpdir",
                                   "-dumpbase",
                                   "-frandom-seed=x",
                                   "-fsanitize=address",
                                   "-fno-such-gcc-flag",
                                   "-mllvm",
                                   "-DX`id`",
                                   "-D1X",
                                   "-Dx-y=1"};
  std::string Flags;
  for (StringRef A : Attacks)
    Flags += A.str() + " ";
  std::vector<std::string> Notes;
  std::vector<std::string> Argv = adapted(Flags, Notes);
  for (StringRef A : Attacks)
    EXPECT_THAT(Argv, Not(Contains(A.str()))) << A.str();
  std::string Joined = llvm::join(Argv, " ");
  for (StringRef Gone :
       {"opt-info", "compare-debug", "record", "map-file", "sections",
        "memory-profile", "lto", "fuse-ld", "split-dwarf", "`"})
    EXPECT_THAT(Joined, Not(HasSubstr(Gone))) << Gone.str();
}

} // namespace
