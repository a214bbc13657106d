//===- TorchReleaseTest.cpp - Releases, header versions, markers, cache ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Hermetic: version.h files are written here in the form each wheel ships
// them, wrappers are snippets of what each release's code generator writes.
//
//===----------------------------------------------------------------------===//

#include "Analysis/TorchRelease.h"
#include "Analysis/TorchHeaders.h"
#include "Support/CacheDir.h"
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

//===----------------------------------------------------------------------===//
// TorchRelease
//===----------------------------------------------------------------------===//

TEST(TorchRelease, Parse) {
  auto R = TorchRelease::parse("2.13");
  ASSERT_TRUE(R.has_value());
  EXPECT_EQ(R->Major, 2u);
  EXPECT_EQ(R->Minor, 13u);
  EXPECT_EQ(R->str(), "2.13");
  EXPECT_EQ(TorchRelease::parse("2.9")->str(), "2.9");
  EXPECT_EQ(TorchRelease::parse("10.0")->str(), "10.0");
}

TEST(TorchRelease, RejectsWhatIsNotMajorDotMinor) {
  for (StringRef Bad :
       {"", "2", "2.", ".13", "2.13.0", "2.13.*", "v2.13", "2.13a", "2,13",
        "-2.13", "2.+13", " 2.13", "2.13 ", "a.b", "2.13+cu130"})
    EXPECT_FALSE(TorchRelease::parse(Bad).has_value())
        << "'" << Bad.str() << "'";
}

TEST(TorchRelease, OrderIsNumeric) {
  auto R = [](StringRef S) { return *TorchRelease::parse(S); };
  EXPECT_TRUE(R("2.9") < R("2.10"));
  EXPECT_TRUE(R("2.10") < R("2.15"));
  EXPECT_FALSE(R("2.13") < R("2.13"));
  EXPECT_TRUE(R("2.15") < R("3.0"));
  EXPECT_TRUE(R("2.13") == R("2.13"));
  EXPECT_TRUE(R("2.13") != R("2.14"));
}

//===----------------------------------------------------------------------===//
// The version of a torch/include dir
//===----------------------------------------------------------------------===//

// torch/csrc/api/include/torch/version.h of the 2.9.1 wheel (abridged).
constexpr StringRef Version291 = R"(#pragma once

/// Indicates the major version of LibTorch.
#define TORCH_VERSION_MAJOR 2

/// Indicates the minor version of LibTorch.
#define TORCH_VERSION_MINOR 9

/// Indicates the patch version of LibTorch.
#define TORCH_VERSION_PATCH 1

/// Indicates the ABI version tag of LibTorch.
#define TORCH_VERSION_ABI_TAG 0

/// Indicates the version of LibTorch as a string literal.
#define TORCH_VERSION \
  "2.9.1"
)";

// torch/headeronly/version.h of the 2.12.1 wheel (abridged).
constexpr StringRef Version2121 = R"(#pragma once

/// Indicates the major version of LibTorch.
#define TORCH_VERSION_MAJOR 2

/// Indicates the minor version of LibTorch.
#define TORCH_VERSION_MINOR 12

/// Indicates the patch version of LibTorch.
#define TORCH_VERSION_PATCH 1

#define TORCH_VERSION_ABI_TAG 0

#define TORCH_VERSION \
  "2.12.1"

#define TORCH_ABI_VERSION ( \
  ((0ULL + TORCH_VERSION_MAJOR) << 56) | \
  ((0ULL + TORCH_VERSION_MINOR) << 48) | \
  ((0ULL + TORCH_VERSION_PATCH) << 40) | \
  ((0ULL + TORCH_VERSION_ABI_TAG) << 0))
)";

// torch/csrc/api/include/torch/version.h of 2.10 and newer: no defines.
constexpr StringRef ApiVersionSince210 =
    R"(#if !defined(TORCH_STABLE_ONLY) && !defined(TORCH_TARGET_VERSION)
#include <torch/headeronly/version.h>
#else
#error "This file should not be included when either TORCH_STABLE_ONLY or TORCH_TARGET_VERSION is defined."
#endif
)";

TEST(TorchVersionHeader, BothLayouts) {
  auto V = parseTorchVersionHeader(Version291);
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(V->str(), "2.9.1");
  EXPECT_EQ(V->Release.str(), "2.9");
  V = parseTorchVersionHeader(Version2121);
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(V->str(), "2.12.1");
  EXPECT_FALSE(parseTorchVersionHeader(ApiVersionSince210).has_value());
}

TEST(TorchVersionHeader, NeedsAllThreeDefines) {
  EXPECT_FALSE(parseTorchVersionHeader("").has_value());
  EXPECT_FALSE(parseTorchVersionHeader("#define TORCH_VERSION_MAJOR 2\n"
                                       "#define TORCH_VERSION_MINOR 13\n")
                   .has_value());
  // A longer name sharing the prefix is not the define.
  EXPECT_FALSE(parseTorchVersionHeader("#define TORCH_VERSION_MAJORITY 2\n"
                                       "#define TORCH_VERSION_MINOR 13\n"
                                       "#define TORCH_VERSION_PATCH 0\n")
                   .has_value());
  auto V = parseTorchVersionHeader("#  define TORCH_VERSION_MAJOR\t2\n"
                                   "#define TORCH_VERSION_MINOR 13\r\n"
                                   "#define TORCH_VERSION_PATCH 0\n");
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(V->str(), "2.13.0");
}

/// A torch/include dir holding only what the tool reads.
std::string makeInclude(const TempDir &Dir, StringRef Name,
                        StringRef HeaderOnly, StringRef Api) {
  std::string Include = Dir.file(Name);
  EXPECT_FALSE(
      llvm::sys::fs::create_directories(Include + "/torch/headeronly"));
  EXPECT_FALSE(llvm::sys::fs::create_directories(
      Include + "/torch/csrc/api/include/torch"));
  EXPECT_FALSE(llvm::sys::fs::create_directories(
      Include + "/torch/csrc/inductor/aoti_runtime"));
  writeFile(Include + "/torch/csrc/inductor/aoti_runtime/model.h", "");
  if (!HeaderOnly.empty())
    writeFile(Include + "/torch/headeronly/version.h", HeaderOnly);
  if (!Api.empty())
    writeFile(Include + "/torch/csrc/api/include/torch/version.h", Api);
  return Include;
}

TEST(ReadTorchHeadersVersion, LayoutsOf29And210Plus) {
  TempDir Dir;
  auto V = readTorchHeadersVersion(makeInclude(Dir, "t29", "", Version291));
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(V->str(), "2.9.1");
  V = readTorchHeadersVersion(
      makeInclude(Dir, "t212", Version2121, ApiVersionSince210));
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(V->str(), "2.12.1");
  EXPECT_FALSE(
      readTorchHeadersVersion(makeInclude(Dir, "none", "", "")).has_value());
  EXPECT_FALSE(readTorchHeadersVersion(Dir.file("nonexistent")).has_value());
}

TEST(ReadTorchHeadersVersion, RealTorch) {
  AOTI_REQUIRE_TORCH();
  auto V = readTorchHeadersVersion(torchIncludeDir());
  ASSERT_TRUE(V.has_value());
  // The pinned torch (scripts/env.sh).
  EXPECT_EQ(V->Release.str(), "2.11");
}

//===----------------------------------------------------------------------===//
// Markers
//===----------------------------------------------------------------------===//

TEST(ReleaseMarkers, OldestFirstAndWithinTheSupportedReleases) {
  llvm::ArrayRef<ReleaseMarker> M = releaseMarkers();
  ASSERT_FALSE(M.empty());
  for (size_t I = 1; I < M.size(); ++I)
    EXPECT_FALSE(M[I].Since < M[I - 1].Since) << M[I].Text.str();
  for (const ReleaseMarker &R : M) {
    EXPECT_FALSE(R.Since < *TorchRelease::parse("2.10")) << R.Text.str();
    EXPECT_FALSE(*TorchRelease::parse("2.15") < R.Since) << R.Text.str();
    EXPECT_FALSE(R.Name.empty());
  }
}

TEST(OldestReleaseFor, NoMarker) {
  EXPECT_FALSE(oldestReleaseFor("").has_value());
  EXPECT_FALSE(oldestReleaseFor("int main() { return 0; }\n").has_value());
  // A 2.9 interface: no AOTInductorConstantMapEntry yet.
  EXPECT_FALSE(
      oldestReleaseFor(
          "AOTIRuntimeError AOTInductorModelContainerGetNumConstants(\n"
          "    AOTInductorModelContainerHandle container_handle,\n")
          .has_value());
}

/// Lines as each release's code generator writes them (from the wheels).
struct Snippet {
  const char *Release;
  const char *Text;
};
const Snippet Snippets[] = {
    {"2.10",
     "      {container->update_constants_from_blob(weight_blob_ptr); })\n"},
    {"2.10", "    const AOTInductorConstantMapEntry* pairs,\n"},
    {"2.11",
     "    constants_info_[0].device_type = cached_torch_device_type_cpu;\n"},
    {"2.12",
     "static __attribute__((noinline)) void call_triton_poi_fused_0(\n"},
    {"2.12", "// g++ w.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -O1 -std=c++20 -c\n"},
    {"2.13",
     "        container->extract_constants_map_entries(use_inactive);\n"},
    {"2.13", "static thread_local std::string g_aoti_last_error;\n"},
    {"2.13", "            cubin_dir_, &kernels_.loaded_modules_);\n"},
    {"2.14", "      { *did_call_load_constants = "
             "container->did_call_load_constants(); })\n"},
    {"2.14", "AOTIRuntimeError "
             "AOTInductorModelContainerCreateWithExternalConstants(\n"},
    {"2.15", "  container->set_use_stream_affinity(use_stream_affinity);\n"},
    {"2.15", "        cudaStream_t stream,\n        bool launchPdl) {\n"},
};

TEST(OldestReleaseFor, EachMarkerAlone) {
  for (const Snippet &S : Snippets) {
    std::string Text = std::string("// before\n") + S.Text;
    auto R = oldestReleaseFor(Text);
    ASSERT_TRUE(R.has_value()) << S.Text;
    EXPECT_EQ(R->Oldest.str(), S.Release) << S.Text;
    ASSERT_NE(R->Marker, nullptr);
    EXPECT_EQ(Text.substr(R->Offset, R->Marker->Text.size()), R->Marker->Text);
  }
}

TEST(OldestReleaseFor, EveryMarkerHasASnippet) {
  for (const ReleaseMarker &M : releaseMarkers())
    EXPECT_TRUE(llvm::any_of(Snippets, [&](const Snippet &S) {
      return StringRef(S.Text).contains(M.Text) && M.Since.str() == S.Release;
    })) << M.Text.str();
}

TEST(OldestReleaseFor, NewestReleaseWinsThenTableOrder) {
  // A 2.13 interface holds the 2.10 markers too; of the 2.13 ones, the name
  // 2.12's headers lack wins over the variable defined in the wrapper.
  std::string Text = std::string(Snippets[1].Text) + Snippets[6].Text +
                     Snippets[0].Text + Snippets[5].Text;
  auto R = oldestReleaseFor(Text);
  ASSERT_TRUE(R.has_value());
  EXPECT_EQ(R->Oldest.str(), "2.13");
  EXPECT_EQ(R->Marker->Text, "extract_constants_map_entries");
  EXPECT_EQ(R->Offset, Text.find("extract_constants_map_entries"));
}

TEST(OldestReleaseFor, RealWrappersOfEachRelease) {
  // test/Inputs/releases/torch-<X.Y>/<case>/wrapper.cpp: never a release
  // newer than the one that generated the wrapper (that would blame good
  // headers), and exactly it where every wrapper holds a marker (the
  // interface functions of 2.10, 2.13, 2.14, 2.15).
  std::error_code EC;
  unsigned Wrappers = 0;
  for (llvm::sys::fs::directory_iterator R(inputPath("releases"), EC), End;
       R != End && !EC; R.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(R->path());
    if (!Name.consume_front("torch-"))
      continue;
    std::optional<TorchRelease> Release = TorchRelease::parse(Name);
    ASSERT_TRUE(Release.has_value()) << R->path();
    for (llvm::sys::fs::directory_iterator C(R->path(), EC); C != End && !EC;
         C.increment(EC)) {
      std::string Wrapper = C->path() + "/wrapper.cpp";
      if (!llvm::sys::fs::exists(Wrapper))
        continue;
      ++Wrappers;
      auto Found = oldestReleaseFor(readFile(Wrapper));
      if (Found)
        EXPECT_FALSE(*Release < Found->Oldest)
            << Wrapper << ": " << Found->Marker->Text.str();
      if (Name == "2.10" || Name == "2.13" || Name == "2.14" ||
          Name == "2.15") {
        ASSERT_TRUE(Found.has_value()) << Wrapper;
        EXPECT_EQ(Found->Oldest, *Release) << Wrapper;
      }
    }
  }
  if (Wrappers == 0)
    GTEST_SKIP() << "no test/Inputs/releases";
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

TEST(CachedTorchInclude, OnlyCompleteFetches) {
  TempDir Cache;
  TorchRelease R = *TorchRelease::parse("2.13");
  EXPECT_EQ(cachedTorchInclude(Cache.path(), R), "");
  std::string Include = Cache.file("torch-headers/2.13/include");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Include));
  // No fetched.json: never renamed into place by the fetch.
  EXPECT_EQ(cachedTorchInclude(Cache.path(), R), "");
  writeFile(Cache.file("torch-headers/2.13/fetched.json"),
            "{\"version\": \"2.13.0\"}\n");
  EXPECT_EQ(cachedTorchInclude(Cache.path(), R), Include);
  EXPECT_EQ(cachedTorchInclude(Cache.path(), *TorchRelease::parse("2.14")), "");
}

/// findOrFetchTorchHeaders of \p Release with \p Python and the cache
/// \p CacheDir; its stderr notes go to \p Err.
llvm::Expected<std::string> fetch(StringRef Release, StringRef Python,
                                  StringRef CacheDir, std::string &Err) {
  FetchOptions O;
  O.CacheDir = CacheDir.str();
  O.Python = Python.str();
  llvm::raw_string_ostream ErrStream(Err);
  return findOrFetchTorchHeaders(*TorchRelease::parse(Release), O, ErrStream);
}

/// An executable "python3" in \p Dir that runs \p Script (sh) instead.
std::string fakePython(const TempDir &Dir, StringRef Script) {
  std::string Python = Dir.file("python3");
  writeFile(Python, "#!/bin/sh\n" + Script.str());
  EXPECT_FALSE(llvm::sys::fs::setPermissions(
      Python,
      llvm::sys::fs::perms::all_read | llvm::sys::fs::perms::owner_all));
  return Python;
}

TEST(FindOrFetchTorchHeaders, CachedNeedsNoPython) {
  TempDir Cache;
  std::string Include = Cache.file("torch-headers/2.12/include");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Include));
  writeFile(Cache.file("torch-headers/2.12/fetched.json"), "{}\n");
  std::string Err;
  auto Dir = fetch("2.12", "/nonexistent/python3", Cache.path(), Err);
  ASSERT_TRUE(static_cast<bool>(Dir)) << describe(Dir.takeError());
  EXPECT_EQ(*Dir, Include);
  EXPECT_EQ(Err, "");
}

TEST(FindOrFetchTorchHeaders, NoPythonToFetchWith) {
  TempDir Cache;
  std::string Err;
  ReportedError R = takeApart(
      fetch("2.12", "/nonexistent/python3", Cache.path(), Err).takeError());
  EXPECT_EQ(R.Code, 7);
  EXPECT_EQ(R.Text, "cannot fetch the torch 2.12 headers: no "
                    "'/nonexistent/python3' to run the fetch with");
  EXPECT_THAT(R.Hint, StartsWith("pass --python=<a python3 that has pip>, or "
                                 "fetch them where there is network"));
}

TEST(FindOrFetchTorchHeaders, FailedFetch) {
  // A "python" that fails the way the script does offline.
  TempDir Dir;
  std::string Python = fakePython(Dir, "echo 'pip: offline' >&2\nexit 2\n");
  std::string Cache = Dir.file("cache"), Err;
  ReportedError R = takeApart(fetch("2.14", Python, Cache, Err).takeError());
  EXPECT_EQ(R.Code, 7);
  EXPECT_EQ(R.Location, "");
  EXPECT_EQ(R.Text, "cannot fetch the torch 2.14 headers: the download failed "
                    "(offline, no such release on the package index, or no "
                    "pip; see the messages above)");
  EXPECT_EQ(R.Hint, "fetch them where there is network with "
                    "lib/Analysis/fetch_torch_headers.py 2.14 --cache " +
                        Cache +
                        ", or pass --torch-include=<torch 2.14>/include");
  EXPECT_THAT(Err, HasSubstr("note: torch 2.14 headers are not in " + Cache +
                             "/torch-headers: fetching them"));
}

TEST(FindOrFetchTorchHeaders, FetchThatLeavesNothing) {
  // Exit 0 without the marker: not trusted.
  TempDir Dir;
  std::string Python = fakePython(Dir, "exit 0\n");
  std::string Err;
  ReportedError R =
      takeApart(fetch("2.14", Python, Dir.file("cache"), Err).takeError());
  EXPECT_EQ(R.Code, 7);
  EXPECT_THAT(R.Text, HasSubstr("the fetch left no"));
}

//===----------------------------------------------------------------------===//
// Explaining a failed parse
//===----------------------------------------------------------------------===//

TEST(TorchIncludeDirOf, FirstDirWithTheRuntimeHeaders) {
  TempDir Dir;
  std::string A = makeInclude(Dir, "a", Version2121, "");
  std::string B = makeInclude(Dir, "b", "", Version291);
  EXPECT_EQ(
      torchIncludeDirOf({"-std=c++17", "-I" + Dir.path(), "-I" + A, "-I", B}),
      A);
  EXPECT_EQ(torchIncludeDirOf({"-isystem", B, "-I" + A}), B);
  // As the option table reads them: -idirafter joined too; -iquote dirs
  // are not searched for <...>.
  EXPECT_EQ(torchIncludeDirOf({"-iquote", A, "-idirafter" + B}), B);
  EXPECT_EQ(torchIncludeDirOf({"--include-directory=" + A}), A);
  EXPECT_EQ(torchIncludeDirOf({"-I" + Dir.path(), "-DFOO"}), "");
}

llvm::Error parseError() {
  return makeToolError(ExitCode::CompileError, "w.cpp:9:20",
                       "no member named 'extract_constants_map_entries' in "
                       "'torch::aot_inductor::AOTInductorModelContainer' "
                       "(and 3 more errors)");
}

constexpr StringRef Wrapper213 =
    "#include <torch/csrc/inductor/aoti_include/cpu.h>\n"
    "    const AOTInductorConstantMapEntry* pairs,\n"
    "    const auto& extracted =\n"
    "        container->extract_constants_map_entries(use_inactive);\n";

TEST(ExplainParseFailure, OlderHeadersSaySo) {
  TempDir Dir;
  std::string Include = makeInclude(Dir, "t211", Version2121, "");
  writeFile(Include + "/torch/headeronly/version.h",
            "#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 11\n"
            "#define TORCH_VERSION_PATCH 0\n");
  ReportedError R = takeApart(explainParseFailure(
      parseError(), "w.cpp", Wrapper213, {"-std=c++17", "-I" + Include}));
  EXPECT_EQ(R.Code, 4);
  // At the marker, in the wrapper.
  EXPECT_EQ(R.Location, "w.cpp:4:20");
  EXPECT_EQ(R.Text, "this wrapper was generated by torch 2.13 or newer "
                    "('extract_constants_map_entries' is new in 2.13) but is "
                    "parsed with the older headers of torch 2.11.0 ('" +
                        Include + "')");
  EXPECT_EQ(R.Hint, "parse it with the headers of its release: "
                    "--torch-version=2.13 (fetched once into " +
                        defaultCacheDir() +
                        "/torch-headers), or --torch-include=<torch "
                        "2.13>/include");
}

TEST(ExplainParseFailure, OtherwiseUnchanged) {
  TempDir Dir;
  std::string Old = makeInclude(Dir, "t29", "", Version291);
  std::string New = makeInclude(Dir, "t212", Version2121, "");
  std::string Unknown = makeInclude(Dir, "unknown", "", "");
  auto Unchanged = [](llvm::Error E) {
    ReportedError R = takeApart(std::move(E));
    return R.Code == 4 && R.Location == "w.cpp:9:20" &&
           StringRef(R.Text).starts_with("no member named");
  };
  // Headers as new as the wrapper, or newer.
  EXPECT_TRUE(Unchanged(explainParseFailure(
      parseError(), "w.cpp", "update_constants_from_blob", {"-I" + New})));
  // Headers of unknown version, or none.
  EXPECT_TRUE(Unchanged(explainParseFailure(parseError(), "w.cpp", Wrapper213,
                                            {"-I" + Unknown})));
  EXPECT_TRUE(Unchanged(
      explainParseFailure(parseError(), "w.cpp", Wrapper213, {"-DFOO"})));
  // A wrapper without markers.
  EXPECT_TRUE(Unchanged(
      explainParseFailure(parseError(), "w.cpp", "int x;\n", {"-I" + Old})));
  // Not a parse failure: passed on as it is.
  std::string Message;
  EXPECT_EQ(exitCodeOf(explainParseFailure(
                           makeToolError(ExitCode::NotAWrapper, "w.cpp", "x"),
                           "w.cpp", Wrapper213, {"-I" + Old}),
                       &Message),
            3);
  EXPECT_EQ(exitCodeOf(explainParseFailure(llvm::Error::success(), "w.cpp",
                                           Wrapper213, {"-I" + Old})),
            0);
}

} // namespace
