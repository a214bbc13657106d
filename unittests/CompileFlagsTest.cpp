//===- CompileFlagsTest.cpp - Trailer parsing and flag discovery ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/CompileFlags.h"
#include "Support/Trailer.h"
#include "TestUtil.h"
#include "clang/Basic/Version.h"
#include "clang/Driver/Options.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

constexpr StringRef GenTorch =
    "/opt/torch/.venv/lib/python3.12/site-packages/torch/include";

//===----------------------------------------------------------------------===//
// trailerCommand
//===----------------------------------------------------------------------===//

TEST(CompileCmdTrailer, RealWrapper) {
  std::string Text = readFile(inputPath("mlp_cuda/wrapper.cpp"));
  std::vector<std::string> Tokens = trailerCommand(Text, CompileCmdLabel);
  ASSERT_GT(Tokens.size(), 10u);
  EXPECT_EQ(Tokens.front(), "/opt/gcc/bin/g++");
  EXPECT_THAT(Tokens[1], StartsWith("/tmp/torchinductor_root/"));
  EXPECT_TRUE(StringRef(Tokens[1]).ends_with(".wrapper.cpp")) << Tokens[1];
  // "-D  C10_USING_CUSTOM_GENERATED_MACROS": two tokens, spaces gone.
  auto It = llvm::find(Tokens, "C10_USING_CUSTOM_GENERATED_MACROS");
  ASSERT_NE(It, Tokens.end());
  EXPECT_EQ(*std::prev(It), "-D");
  EXPECT_THAT(Tokens, Contains("USE_CUDA"));
  EXPECT_THAT(Tokens, Contains("-std=c++17"));
  EXPECT_THAT(Tokens, Contains("-include"));
  EXPECT_THAT(Tokens, Contains("-I" + GenTorch.str()));
  EXPECT_THAT(Tokens, Contains("-I/usr/local/cuda/include"));
  // The compile command only, ending with its output; not the link command
  // on the lines after it.
  EXPECT_EQ(Tokens[Tokens.size() - 2], "-o");
  EXPECT_TRUE(StringRef(Tokens.back()).ends_with(".wrapper.o"))
      << Tokens.back();
  EXPECT_THAT(Tokens, Not(Contains("-shared")));
  EXPECT_THAT(Tokens, Not(Contains("-ltorch")));
  for (const std::string &T : Tokens)
    EXPECT_THAT(T, Not(HasSubstr("//")));
}

TEST(CompileCmdTrailer, CpuWrapperHasNoCuda) {
  std::vector<std::string> Tokens = trailerCommand(
      readFile(inputPath("mlp_cpu/wrapper.cpp")), CompileCmdLabel);
  ASSERT_FALSE(Tokens.empty());
  EXPECT_THAT(Tokens, Contains("-fopenmp"));
  EXPECT_THAT(Tokens, Not(Contains("USE_CUDA")));
}

TEST(CompileCmdTrailer, NoTrailer) {
  EXPECT_THAT(trailerCommand("", CompileCmdLabel), IsEmpty());
  EXPECT_THAT(trailerCommand("int main() {}\n", CompileCmdLabel), IsEmpty());
  // The marker must be followed by a comment line.
  EXPECT_THAT(trailerCommand("// Compile cmd\nint x;\n", CompileCmdLabel),
              IsEmpty());
  EXPECT_THAT(trailerCommand("// Compile cmd", CompileCmdLabel), IsEmpty());
}

TEST(CompileCmdTrailer, Minimal) {
  StringRef Text = "int x;\n// Compile cmd\n// g++ a.cpp -DX=1 -I /inc -o a.o\n"
                   "// Link cmd\n// g++ a.o -shared -o a.so\n";
  EXPECT_THAT(trailerCommand(Text, CompileCmdLabel),
              ElementsAre("g++", "a.cpp", "-DX=1", "-I", "/inc", "-o", "a.o"));
  EXPECT_THAT(trailerCommand(Text, LinkCmdLabel),
              ElementsAre("g++", "a.o", "-shared", "-o", "a.so"));
}

//===----------------------------------------------------------------------===//
// discoverCompileFlags
//===----------------------------------------------------------------------===//

/// Options that discover nothing on their own: no torch, no python.
CompileFlagsOptions isolatedOptions() {
  CompileFlagsOptions O;
  O.Python = "/nonexistent/python3";
  O.CudaHome = "/nonexistent/cuda";
  return O;
}

/// A directory laid out like torch/include (only the header the tool looks
/// for), and a "python3" that reports its package dir as torch's.
struct FakeTorch {
  TempDir Dir;
  std::string Package; ///< .../site-packages/torch
  std::string Include; ///< .../site-packages/torch/include
  std::string Python;

  FakeTorch() {
    Package = Dir.file("site-packages/torch");
    Include = Package + "/include";
    EXPECT_FALSE(llvm::sys::fs::create_directories(
        Include + "/torch/csrc/inductor/aoti_runtime"));
    EXPECT_FALSE(
        llvm::sys::fs::create_directories(Include + "/torch/csrc/api/include"));
    writeFile(Include + "/torch/csrc/inductor/aoti_runtime/model.h", "");
    Python = Dir.file("python3");
    writeFile(Python, "#!/bin/sh\necho '" + Package + "'\n");
    EXPECT_FALSE(llvm::sys::fs::setPermissions(
        Python,
        llvm::sys::fs::perms::all_read | llvm::sys::fs::perms::owner_all));
  }
};

/// Whether \p Args holds a flag for which \p Pred holds.
template <typename P>
bool anyArg(const std::vector<std::string> &Args, P Pred) {
  return llvm::any_of(Args,
                      [&](const std::string &A) { return Pred(StringRef(A)); });
}

TEST(DiscoverCompileFlags, ExplicitFlagsKeptAsGiven) {
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  clang::tooling::FixedCompilationDatabase Database(
      ".",
      {"-std=c++20", "-DFOO=1", "-O3", "-march=native", "-I" + Torch.Include});
  O.Database = &Database;
  O.DatabaseOrigin = "command line";
  O.ResourceDir = "/res";
  // The wrapper's own trailer is ignored when flags are given.
  std::string Text = readFile(inputPath("mlp_cuda/wrapper.cpp"));
  auto Flags = discoverCompileFlags("wrapper.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "command line");
  EXPECT_THAT(Flags->Args,
              ElementsAre("-std=c++20", "-DFOO=1", "-O3", "-march=native",
                          "-I" + Torch.Include, "-resource-dir=/res"));
  EXPECT_THAT(Flags->Notes, IsEmpty());
}

TEST(DiscoverCompileFlags, ExplicitFlagsGetTorchWhenTheyLackIt) {
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  clang::tooling::FixedCompilationDatabase Database(".", {"-std=c++17"});
  O.Database = &Database;
  O.DatabaseOrigin = "compilation database";
  O.TorchIncludeDir = Torch.Include;
  auto Flags = discoverCompileFlags("wrapper.cpp", "", O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "compilation database");
  EXPECT_THAT(Flags->Args, ElementsAre("-std=c++17", "-I" + Torch.Include));
}

TEST(DiscoverCompileFlags, TrailerKeepsMeaningDropsCodegen) {
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  O.TorchIncludeDir = Torch.Include;
  std::string Text = readFile(inputPath("mlp_cuda/wrapper.cpp"));
  auto Flags = discoverCompileFlags("wrapper.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  const std::vector<std::string> &A = Flags->Args;
  EXPECT_EQ(Flags->Origin, "compile command comment");
  for (const char *Kept :
       {"-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
        "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DCPU_CAPABILITY_AVX512",
        "-DUSE_CUDA", "-DNDEBUG", "-std=c++17"})
    EXPECT_THAT(A, Contains(Kept));
  // Optimization, math modes, warnings, -fPIC, output: not what the code
  // means. Target flags (they pick vectorized code paths) and -fopenmp
  // (kernels include omp.h) are kept, -fopenmp once.
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.starts_with("-O"); }));
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.starts_with("-W"); }));
  EXPECT_FALSE(anyArg(
      A, [](StringRef S) { return S.starts_with("-f") && S != "-fopenmp"; }));
  EXPECT_EQ(llvm::count(A, "-fopenmp"), 1);
  EXPECT_THAT(A, Not(Contains("-pedantic")));
  EXPECT_THAT(A, Contains("-march=native"));
  EXPECT_THAT(A, Contains("-mavx512f"));
  EXPECT_THAT(A, Contains("-mamx-tile"));
  EXPECT_THAT(A, Not(Contains("-c")));
  EXPECT_THAT(A, Not(Contains("-o")));
  EXPECT_FALSE(
      anyArg(A, [](StringRef S) { return S.ends_with(".wrapper.cpp"); }));
  // --torch-include stands in for the generating machine's torch; the
  // python include dir and the prefix header do not exist: dropped, noted.
  EXPECT_THAT(A, Contains("-I" + Torch.Include));
  EXPECT_THAT(A, Contains("-I" + Torch.Include + "/torch/csrc/api/include"));
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.contains("python3.12"); }));
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.contains("/opt/torch"); }));
  EXPECT_THAT(A, Not(Contains("-include")));
  EXPECT_THAT(Flags->Notes,
              Contains(HasSubstr("prefix header '/tmp/torchinductor_root/")));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '/usr/include/python3.12' from the compile "
                       "command comment does not exist here; dropped"));
  // The two torch dirs of the trailer become two distinct flags, each once.
  EXPECT_EQ(llvm::count(A, "-I" + Torch.Include), 1);
}

TEST(DiscoverCompileFlags, MissingTorchDirReplacedFromPythonWithNote) {
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  O.Python = Torch.Python;
  std::string Text = readFile(inputPath("mlp_cpu/wrapper.cpp"));
  auto Flags = discoverCompileFlags("wrapper.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args, Contains("-I" + Torch.Include));
  EXPECT_THAT(Flags->Args,
              Contains("-I" + Torch.Include + "/torch/csrc/api/include"));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '" + GenTorch.str() +
                       "' from the compile command comment does not exist "
                       "here; using '" +
                       Torch.Include + "'"));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '" + GenTorch.str() +
                       "/torch/csrc/api/include' from the compile command "
                       "comment does not exist here; using '" +
                       Torch.Include + "/torch/csrc/api/include'"));
}

TEST(DiscoverCompileFlags, MissingTorchDirWithoutTorchIsDroppedWithNote) {
  CompileFlagsOptions O = isolatedOptions();
  std::string Text = readFile(inputPath("mlp_cpu/wrapper.cpp"));
  auto Flags = discoverCompileFlags("wrapper.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_FALSE(
      anyArg(Flags->Args, [](StringRef S) { return S.starts_with("-I"); }));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '" + GenTorch.str() +
                       "' from the compile command comment does not exist "
                       "here; dropped"));
}

TEST(DiscoverCompileFlags, MissingCudaDirReplacedFromCudaHome) {
  TempDir Cuda;
  ASSERT_FALSE(llvm::sys::fs::create_directories(Cuda.file("include")));
  writeFile(Cuda.file("include/cuda.h"), "");
  CompileFlagsOptions O = isolatedOptions();
  O.CudaHome = Cuda.path();
  std::string Text = "int x;\n// Compile cmd\n// g++ w.cpp -DUSE_CUDA "
                     "-I/nonexistent/cuda-12.8/targets/x86_64-linux/include "
                     "-c -o w.o\n";
  auto Flags = discoverCompileFlags("w.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args,
              ElementsAre("-DUSE_CUDA", "-I" + Cuda.file("include")));
  EXPECT_THAT(Flags->Notes,
              ElementsAre("include dir '/nonexistent/cuda-12.8/targets/"
                          "x86_64-linux/include' from the compile command "
                          "comment does not exist here; using '" +
                          Cuda.file("include") + "'"));
}

/// Flags without a value (-fPIC) beside -DUSE_CUDA: only -D's value is
/// read. It used to read every option's first value, out of bounds for a
/// flag (an assertion in the sanitizer build, scripts/sanitize.sh).
TEST(DiscoverCompileFlags, FlagsWithoutValueBesideUseCuda) {
  TempDir Cuda;
  ASSERT_FALSE(llvm::sys::fs::create_directories(Cuda.file("include")));
  writeFile(Cuda.file("include/cuda.h"), "");
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  O.CudaHome = Cuda.path();
  clang::tooling::FixedCompilationDatabase Database(
      ".", {"-fPIC", "-w", "-DUSE_CUDA", "-I" + Torch.Include});
  O.Database = &Database;
  O.DatabaseOrigin = "command line";
  auto Flags = discoverCompileFlags("wrapper.cpp", "", O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args,
              ElementsAre("-fPIC", "-w", "-DUSE_CUDA", "-I" + Torch.Include,
                          "-I" + Cuda.file("include")));
}

TEST(DiscoverCompileFlags, ExistingIncludeDirKeptWithoutNote) {
  TempDir Inc;
  CompileFlagsOptions O = isolatedOptions();
  std::string Text = "int x;\n// Compile cmd\n// g++ w.cpp -std=c++17 -I" +
                     Inc.path() + " -I " + Inc.path() + " -c -o w.o\n";
  auto Flags = discoverCompileFlags("w.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args, ElementsAre("-std=c++17", "-I" + Inc.path()));
  EXPECT_THAT(Flags->Notes, IsEmpty());
}

TEST(DiscoverCompileFlags, TrailerKeepsEachKindOfIncludeDir) {
  TempDir Inc;
  std::string A = Inc.file("a"), B = Inc.file("b"), C = Inc.file("c"),
              D = Inc.file("d");
  for (const std::string &Dir : {A, B, C, D})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir));
  // Joined and separate spellings; -isystem stays a system dir, -iquote a
  // quote dir, -idirafter after the system dirs.
  std::string Text = "int x;\n// Compile cmd\n// g++ w.cpp -I" + A +
                     " -isystem" + B + " -isystem " + C + " -iquote " + D +
                     " -iquote" + A + " -idirafter " + D + " -c -o w.o\n";
  auto Flags = discoverCompileFlags("w.cpp", Text, isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args,
              ElementsAre("-I" + A, "-isystem", B, "-isystem", C, "-iquote", D,
                          "-iquote", A, "-idirafter", D));
  EXPECT_THAT(Flags->Notes, IsEmpty());
}

TEST(DiscoverCompileFlags, MissingIsystemAndIquoteDirsReplacedOrDropped) {
  FakeTorch Torch;
  CompileFlagsOptions O = isolatedOptions();
  O.TorchIncludeDir = Torch.Include;
  std::string Text = "int x;\n// Compile cmd\n// g++ w.cpp -isystem" +
                     GenTorch.str() + " -iquote /nonexistent/quote -c\n";
  auto Flags = discoverCompileFlags("w.cpp", Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  // The local torch provides the runtime headers: no -I added for it.
  EXPECT_THAT(Flags->Args, ElementsAre("-isystem", Torch.Include));
  EXPECT_THAT(Flags->Notes,
              ElementsAre("include dir '" + GenTorch.str() +
                              "' from the compile command comment does not "
                              "exist here; using '" +
                              Torch.Include + "'",
                          "include dir '/nonexistent/quote' from the compile "
                          "command comment does not exist here; dropped"));
}

TEST(DiscoverCompileFlags, CompilationDatabasePathsAreRelativeToItsDirectory) {
  TempDir Build;
  ASSERT_FALSE(llvm::sys::fs::create_directories(Build.file("inc")));
  clang::tooling::FixedCompilationDatabase Database(
      Build.path(),
      {"-Iinc", "-isystem", "inc", "-c", "-o", "w.o", "-MD", "-MF", "w.d"});
  CompileFlagsOptions O = isolatedOptions();
  O.Database = &Database;
  O.DatabaseOrigin = "compilation database";
  auto Flags = discoverCompileFlags("w.cpp", "", O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args, ElementsAre("-I" + Build.file("inc"), "-isystem",
                                       Build.file("inc")));
}

//===----------------------------------------------------------------------===//
// Adjusting options one by one, and writing them back
//===----------------------------------------------------------------------===//

/// What adapting each include dir of `cc Args...` to /here/<dir> makes of
/// it (the other options left out), and the dirs the callback was given.
std::vector<std::string> withIncludeDirsHere(std::vector<std::string> Args,
                                             std::vector<std::string> &Given) {
  Args.insert(Args.begin(), "cc");
  auto Adjust = eachOptionAdjuster([&](const llvm::opt::Arg &A,
                                       llvm::ArrayRef<std::string>,
                                       std::vector<std::string> &Out) {
    if (isIncludeDirOption(A))
      appendIncludeDir(
          A,
          [&](StringRef Dir) {
            Given.push_back(Dir.str());
            return Dir == "gone" ? std::string() : "/here/" + Dir.str();
          },
          Out);
  });
  return Adjust(Args, "w.cpp");
}

TEST(AppendIncludeDir, EveryKindAndSpellingWrittenOneWay) {
  // -I joined, the others followed by their dir, whatever form or alias
  // they came in; the program name is kept, the rest left out.
  std::vector<std::string> Given;
  EXPECT_THAT(
      withIncludeDirsHere({"-Ia", "-I", "b", "--include-directory=c",
                           "-isystemd", "-isystem", "e", "-iquotef", "-iquote",
                           "g", "-idirafterh", "-idirafter", "i",
                           "--include-directory-after", "j", "-DX", "-O2"},
                          Given),
      ElementsAre("cc", "-I/here/a", "-I/here/b", "-I/here/c", "-isystem",
                  "/here/d", "-isystem", "/here/e", "-iquote", "/here/f",
                  "-iquote", "/here/g", "-idirafter", "/here/h", "-idirafter",
                  "/here/i", "-idirafter", "/here/j"));
  EXPECT_THAT(Given,
              ElementsAre("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"));
}

TEST(AppendIncludeDir, TrimmedAndLeftOutWithoutALocalDir) {
  std::vector<std::string> Given;
  EXPECT_THAT(
      withIncludeDirsHere({"-I", " a ", "-iquote", "gone", "-Igone"}, Given),
      ElementsAre("cc", "-I/here/a"));
  EXPECT_THAT(Given, ElementsAre("a", "gone", "gone"));
}

TEST(AppendMacro, JoinedAndTrimmedNothingWhenEmpty) {
  auto Adjust = eachOptionAdjuster([](const llvm::opt::Arg &A,
                                      llvm::ArrayRef<std::string> Tokens,
                                      std::vector<std::string> &Out) {
    if (A.getOption().matches(clang::driver::options::OPT_D) ||
        A.getOption().matches(clang::driver::options::OPT_U))
      appendMacro(A, Out);
    else
      llvm::append_range(Out, Tokens);
  });
  EXPECT_THAT(Adjust({"cc", "-D", " FOO ", "-DBAR=1", "-U", "BAZ", "-D", "  ",
                      "--define-macro", "Q", "-std=c++17", "-o", "w.o"},
                     "w.cpp"),
              ElementsAre("cc", "-DFOO", "-DBAR=1", "-UBAZ", "-DQ",
                          "-std=c++17", "-o", "w.o"));
}

TEST(AngledIncludeDirs, WhereIncludeWithAngleBracketsLooks) {
  EXPECT_THAT(angledIncludeDirs({"-Ia", "-iquote", "q", "-isystem", "b",
                                 "-idirafterc", "-DX", "-I", "d", "-I"}),
              ElementsAre("a", "b", "c", "d"));
}

TEST(ClangResourceDir, NextToTheExecutable) {
  TempDir Root;
  std::string Builtins =
      Root.file("lib/clang/" CLANG_VERSION_MAJOR_STRING "/include");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Builtins));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Root.file("bin")));
  std::string Exe = Root.file("bin/aoti-instrument");
  // No builtin headers there yet: not a resource dir.
  EXPECT_EQ(resourceDirNextTo(Exe), "");
  writeFile(Builtins + "/stddef.h", "");
  std::string Found = resourceDirNextTo(Exe);
  EXPECT_TRUE(llvm::sys::fs::equivalent(
      Found, Root.file("lib/clang/" CLANG_VERSION_MAJOR_STRING)))
      << Found;
}

TEST(ClangResourceDir, OverrideThenNextToExecutableThenBuild) {
  EXPECT_EQ(clangResourceDir("/res"), "/res");
  // The test binary has no clang next to it: the build's resource dir.
  EXPECT_EQ(clangResourceDir(), AOTI_TEST_RESOURCE_DIR);
}

TEST(LocalIncludeDir, SharedWithTheRebuild) {
  TempDir Cuda;
  ASSERT_FALSE(llvm::sys::fs::create_directories(Cuda.file("include")));
  LocalIncludeDirs Local{"/here/torch/include", nullptr, Cuda.path()};
  EXPECT_EQ(localIncludeDir(GenTorch.str() + "/torch/csrc/api/include", Local),
            "/here/torch/include/torch/csrc/api/include");
  EXPECT_EQ(localIncludeDir("/nonexistent/cuda-12.8/include", Local),
            Cuda.file("include"));
  EXPECT_EQ(localIncludeDir("/nonexistent/python3.12", Local), "");
  // Whether the replacement exists is the caller's business.
  Local.CudaHome = "/nonexistent/cuda";
  EXPECT_EQ(localIncludeDir("/elsewhere/cuda/include", Local),
            "/nonexistent/cuda/include");
  EXPECT_EQ(localIncludeDir(Cuda.path(), Local), Cuda.path());
}

/// The cpponly fixture's wrapper without its trailer, and its flags JSON,
/// copied into \p Dir (the JSON under \p JsonName).
std::string copyCppOnly(const TempDir &Dir, StringRef JsonName) {
  std::string Text = readFile(inputPath("mlp_cuda_cpponly/wrapper.cpp"));
  size_t Trailer = Text.find("// Compile cmd");
  EXPECT_NE(Trailer, std::string::npos);
  Text.resize(Trailer);
  writeFile(Dir.file("wrapper.cpp"), Text);
  writeFile(Dir.file(JsonName),
            readFile(inputPath("mlp_cuda_cpponly/wrapper_compile_flags.json")));
  return Text;
}

TEST(DiscoverCompileFlags, CompileFlagsJsonWhenNoTrailer) {
  FakeTorch Torch;
  TempDir Dir;
  std::string Text = copyCppOnly(Dir, "wrapper_compile_flags.json");
  // The linker flags beside it are not compile flags.
  writeFile(Dir.file("wrapper_linker_flags.json"),
            readFile(inputPath("mlp_cuda_cpponly/wrapper_linker_flags.json")));
  CompileFlagsOptions O = isolatedOptions();
  O.Python = Torch.Python;
  auto Flags = discoverCompileFlags(Dir.file("wrapper.cpp"), Text, O);
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  const std::vector<std::string> &A = Flags->Args;
  EXPECT_EQ(Flags->Origin, "wrapper_compile_flags.json");
  // " C10_USING_CUSTOM_GENERATED_MACROS" and " USE_CUDA" lose their space.
  for (const char *Kept :
       {"-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
        "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DCPU_CAPABILITY_AVX512",
        "-DUSE_CUDA", "-std=c++17"})
    EXPECT_THAT(A, Contains(Kept));
  // cflags: O3, fPIC, Wall... dropped; fopenmp and march=native kept;
  // passthrough_args' -mavx512f... kept.
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.starts_with("-O"); }));
  EXPECT_FALSE(anyArg(A, [](StringRef S) { return S.starts_with("-W"); }));
  EXPECT_FALSE(anyArg(
      A, [](StringRef S) { return S.starts_with("-f") && S != "-fopenmp"; }));
  EXPECT_EQ(llvm::count(A, "-fopenmp"), 1);
  EXPECT_THAT(A, Contains("-march=native"));
  EXPECT_THAT(A, Contains("-mavx512bf16"));
  EXPECT_FALSE(anyArg(A, [](StringRef S) {
    return S.starts_with("-l") || S.starts_with("-L");
  }));
  EXPECT_THAT(A, Contains("-I" + Torch.Include));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '" + GenTorch.str() +
                       "' from the wrapper_compile_flags.json does not exist "
                       "here; using '" +
                       Torch.Include + "'"));
  EXPECT_THAT(Flags->Notes,
              Contains("include dir '/usr/include/python3.12' from the "
                       "wrapper_compile_flags.json does not exist here; "
                       "dropped"));
}

TEST(DiscoverCompileFlags, AnyCompileFlagsJsonBesideTheWrapper) {
  TempDir Dir;
  std::string Text = copyCppOnly(Dir, "cabc123_compile_flags.json");
  auto Flags =
      discoverCompileFlags(Dir.file("wrapper.cpp"), Text, isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "cabc123_compile_flags.json");
  EXPECT_THAT(Flags->Args, Contains("-DUSE_CUDA"));
}

TEST(DiscoverCompileFlags, TrailerBeatsCompileFlagsJson) {
  TempDir Dir;
  copyCppOnly(Dir, "wrapper_compile_flags.json");
  std::string Text = readFile(inputPath("mlp_cuda_cpponly/wrapper.cpp"));
  writeFile(Dir.file("wrapper.cpp"), Text);
  auto Flags =
      discoverCompileFlags(Dir.file("wrapper.cpp"), Text, isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "compile command comment");
}

TEST(DiscoverCompileFlags, BadCompileFlagsJson) {
  TempDir Dir;
  std::string Text = copyCppOnly(Dir, "wrapper_compile_flags.json");
  writeFile(Dir.file("wrapper_compile_flags.json"), "{\"definitions\": [");
  auto Flags =
      discoverCompileFlags(Dir.file("wrapper.cpp"), Text, isolatedOptions());
  ASSERT_FALSE(static_cast<bool>(Flags));
  std::string Message;
  EXPECT_EQ(exitCodeOf(Flags.takeError(), &Message), 2);
  EXPECT_THAT(Message, HasSubstr("wrapper_compile_flags.json"));
  EXPECT_THAT(Message, HasSubstr("not valid JSON"));
}

TEST(DiscoverCompileFlags, Defaults) {
  TempDir Dir;
  writeFile(Dir.file("w.cpp"), "int x;\n");
  auto Flags =
      discoverCompileFlags(Dir.file("w.cpp"), "int x;\n", isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "defaults");
  EXPECT_THAT(Flags->Args,
              ElementsAre("-std=c++17", "-DTORCH_INDUCTOR_CPP_WRAPPER",
                          "-DSTANDALONE_TORCH_HEADER",
                          "-DC10_USING_CUSTOM_GENERATED_MACROS"));
  // A CUDA wrapper also gets USE_CUDA.
  std::string Cuda = "#include <torch/csrc/inductor/aoti_include/cuda.h>\n";
  Flags = discoverCompileFlags(Dir.file("w.cpp"), Cuda, isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args, Contains("-DUSE_CUDA"));
}

TEST(DiscoverCompileFlags, DefaultsToCxx20ForWrappersOf212AndNewer) {
  // AOTI compiles with -std=c++20 since torch 2.12; without a trailer or a
  // flags JSON the release markers decide.
  TempDir Dir;
  writeFile(Dir.file("w.cpp"), "int x;\n");
  for (StringRef Text :
       {"static __attribute__((noinline)) void call_triton_poi_0(\n",
        "container->extract_constants_map_entries(use_inactive);\n"}) {
    auto Flags =
        discoverCompileFlags(Dir.file("w.cpp"), Text, isolatedOptions());
    ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
    EXPECT_EQ(Flags->Origin, "defaults");
    EXPECT_THAT(Flags->Args, Contains("-std=c++20")) << Text.str();
    EXPECT_THAT(Flags->Args, Not(Contains("-std=c++17"))) << Text.str();
  }
  // A 2.11 wrapper stays at C++17.
  auto Flags = discoverCompileFlags(
      Dir.file("w.cpp"),
      "constants_info_[0].device_type = cached_torch_device_type_cpu;\n",
      isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_THAT(Flags->Args, Contains("-std=c++17"));
}

TEST(DiscoverCompileFlags, TrailerKeepsCxx20) {
  // The trailer of a 2.12+ wrapper: its -std=c++20 is kept, once.
  std::string Text =
      "int x;\n// Compile cmd\n// g++ w.cpp -D TORCH_INDUCTOR_CPP_WRAPPER "
      "-O1 -std=c++20 -fPIC -c -o w.o\n";
  auto Flags = discoverCompileFlags("w.cpp", Text, isolatedOptions());
  ASSERT_TRUE(static_cast<bool>(Flags)) << describe(Flags.takeError());
  EXPECT_EQ(Flags->Origin, "compile command comment");
  EXPECT_EQ(llvm::count(Flags->Args, "-std=c++20"), 1);
  EXPECT_THAT(Flags->Args, Not(Contains("-std=c++17")));
}

TEST(DiscoverCompileFlags, TorchIncludeMustBeADirectory) {
  TempDir Dir;
  CompileFlagsOptions O = isolatedOptions();
  O.TorchIncludeDir = Dir.file("nonexistent");
  auto Flags = discoverCompileFlags("w.cpp", "int x;\n", O);
  ASSERT_FALSE(static_cast<bool>(Flags));
  std::string Message;
  EXPECT_EQ(exitCodeOf(Flags.takeError(), &Message), 1);
  EXPECT_EQ(Message, "--torch-include: '" + Dir.file("nonexistent") +
                         "' is not a directory");
}

TEST(FindTorchIncludeDir, FromPython) {
  FakeTorch Torch;
  EXPECT_EQ(findTorchIncludeDir(Torch.Python), Torch.Include);
  EXPECT_EQ(findTorchIncludeDir("/nonexistent/python3"), "");
  // A python that has no torch prints nothing.
  TempDir Dir;
  std::string NoTorch = Dir.file("python3");
  writeFile(NoTorch, "#!/bin/sh\necho\n");
  ASSERT_FALSE(
      llvm::sys::fs::setPermissions(NoTorch, llvm::sys::fs::perms::owner_all));
  EXPECT_EQ(findTorchIncludeDir(NoTorch), "");
}

TEST(FindTorchIncludeDir, RealPython) {
  AOTI_REQUIRE_TORCH();
  // The python CMake asked for torch's location, asked the tool's way.
  if (StringRef(AOTI_TEST_PYTHON).empty())
    GTEST_SKIP() << "no AOTI_PYTHON";
  EXPECT_EQ(findTorchIncludeDir(AOTI_TEST_PYTHON), torchIncludeDir().str());
}

} // namespace
