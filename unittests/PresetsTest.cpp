//===- PresetsTest.cpp - Presets by name ----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// resolveRules and listPresets on presets directories made here: a file
// wins, a path is a file, a name (with or without .yaml) is a preset, an
// unknown name is a RulesError with the nearest preset and the list.
//
//===----------------------------------------------------------------------===//

#include "Rules/Presets.h"
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

constexpr char Sync[] =
    "version: 1\ndescription: \"a sync after every launch\"\n"
    "rules:\n  - name: s\n    sync: true\n";

/// A presets directory with nan-hunt.yaml and pinpoint-ima.yaml, and a file
/// that is no preset.
struct Presets : TempDir {
  Presets() {
    writeFile(file("nan-hunt.yaml"), Sync);
    writeFile(file("pinpoint-ima.yaml"),
              "version: 1\ndescription: \"crumbs\"\nrules:\n  - name: c\n"
              "    breadcrumb: true\n");
    writeFile(file("README.md"), "not a preset\n");
  }
};

TEST(PresetsTest, NamesAreTheYamlFilesSorted) {
  Presets P;
  EXPECT_THAT(presetNames(P.path()), ElementsAre("nan-hunt", "pinpoint-ima"));
  EXPECT_TRUE(presetNames(P.file("no-such-dir")).empty());
}

TEST(PresetsTest, ANameWithOrWithoutYamlIsThePreset) {
  Presets P;
  for (const char *Arg : {"nan-hunt", "nan-hunt.yaml"}) {
    auto Path = resolveRules(Arg, P.path());
    ASSERT_TRUE(bool(Path)) << llvm::toString(Path.takeError());
    EXPECT_EQ(*Path, P.file("nan-hunt.yaml"));
  }
}

TEST(PresetsTest, AnExistingFileOrAPathIsAFile) {
  Presets P;
  TempDir Cwd;
  writeFile(Cwd.file("nan-hunt"), Sync);
  auto Path = resolveRules(Cwd.file("nan-hunt"), P.path());
  ASSERT_TRUE(bool(Path));
  EXPECT_EQ(*Path, Cwd.file("nan-hunt"));
  // A path that does not exist stays a path: its reader says why.
  auto Missing = resolveRules("rules/nan-hunt.yaml", P.path());
  ASSERT_TRUE(bool(Missing));
  EXPECT_EQ(*Missing, "rules/nan-hunt.yaml");
}

TEST(PresetsTest, AnUnknownNameNamesTheNearestAndTheList) {
  Presets P;
  auto Path = resolveRules("nan-hnt", P.path());
  ASSERT_FALSE(bool(Path));
  ReportedError E = takeApart(Path.takeError());
  EXPECT_EQ(E.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(E.Location, "nan-hnt");
  EXPECT_EQ(E.Text, "no such rules file or preset; did you mean 'nan-hunt'?");
  EXPECT_EQ(E.Hint, "the presets are nan-hunt, pinpoint-ima "
                    "(aoti-instrument --list-presets)");
  // Nothing within two edits: no suggestion.
  ReportedError Far =
      takeApart(resolveRules("print-all", P.path()).takeError());
  EXPECT_EQ(Far.Text, "no such rules file or preset");
}

TEST(PresetsTest, NoPresetsSaysWhereItLooked) {
  TempDir Empty;
  ReportedError E =
      takeApart(resolveRules("nan-hunt", Empty.path()).takeError());
  EXPECT_THAT(E.Hint, HasSubstr("no presets are installed in " + Empty.path()));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ReportedError L = takeApart(listPresets(Empty.path(), OS));
  EXPECT_EQ(L.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(L.Text, "no presets installed here");
}

TEST(PresetsTest, ListGivesEachNameAndDescription) {
  Presets P;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ASSERT_FALSE(bool(listPresets(P.path(), OS)));
  EXPECT_EQ(OS.str(), "nan-hunt      a sync after every launch\n"
                      "pinpoint-ima  crumbs\n");
}

TEST(PresetsTest, ABrokenPresetIsARulesError) {
  Presets P;
  writeFile(P.file("broken.yaml"), "version: 1\nrulez: []\n");
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ReportedError E = takeApart(listPresets(P.path(), OS));
  EXPECT_EQ(E.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_THAT(E.Location, HasSubstr("broken.yaml:2:1"));
}

TEST(PresetsTest, TheInstalledPresetsAreBesideTheTool) {
  // <prefix>/bin/<test binary> -> <prefix>/share/aoti-instrument/yaml-rules.
  EXPECT_TRUE(llvm::StringRef(presetsDir())
                  .ends_with("/share/aoti-instrument/yaml-rules"));
}

} // namespace
