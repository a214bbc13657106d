//===- RulesMergeTest.cpp - mergeRuleSets ---------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several -rules as one: a preset and a rule of the user's own.
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using ::testing::HasSubstr;

namespace {

RuleSet parsed(llvm::StringRef Yaml, llvm::StringRef Path) {
  auto Rules = parseRules(Yaml, Path);
  EXPECT_TRUE(bool(Rules)) << describe(Rules.takeError());
  return Rules ? std::move(*Rules) : RuleSet();
}

/// What mergeRuleSets of \p A and \p B reported, as "LOCATION: MESSAGE
/// (note: HINT)"; "" when it merged. The error is a rules error.
std::string mergeError(llvm::StringRef A, llvm::StringRef B) {
  std::vector<RuleSet> Sets;
  Sets.push_back(parsed(A, "a.yaml"));
  Sets.push_back(parsed(B, "b.yaml"));
  auto Merged = mergeRuleSets(std::move(Sets));
  if (Merged)
    return "";
  std::string Text;
  llvm::handleAllErrors(Merged.takeError(), [&](const ToolError &E) {
    EXPECT_EQ(E.code(), ExitCode::RulesError);
    Text = (E.location() + ": " + E.text() + " (note: " + E.hint() + ")").str();
  });
  return Text;
}

const char Sparse[] = "description: sparse crumbs\n"
                      "rules:\n"
                      "  - name: breadcrumbs\n"
                      "    breadcrumb: {every: 4}\n";
const char Window[] = "rules:\n"
                      "  - {name: exact-window, match: {ordinals: \"40-44\"},"
                      " breadcrumb: true}\n";

TEST(RulesMergeTest, RulesOfEveryFileInOrderEachAtItsFile) {
  std::vector<RuleSet> Sets;
  Sets.push_back(parsed(Sparse, "sparse.yaml"));
  Sets.push_back(parsed(Window, "window.yaml"));
  const std::string SparseDigest = Sets[0].digest();
  auto Merged = mergeRuleSets(std::move(Sets));
  ASSERT_TRUE(bool(Merged)) << describe(Merged.takeError());
  ASSERT_EQ(Merged->Rules.size(), 2u);
  EXPECT_EQ(Merged->Rules[0].Name, "breadcrumbs");
  EXPECT_EQ(Merged->Rules[0].BreadcrumbEvery, 4u);
  EXPECT_EQ(Merged->Rules[1].Name, "exact-window");
  EXPECT_EQ(Merged->where(Merged->Rules[0].Loc), "sparse.yaml:3:5");
  EXPECT_EQ(Merged->where(Merged->Rules[1].Loc), "window.yaml:2:5");
  EXPECT_THAT(Merged->sourceOf(Merged->Rules[1].Loc).Text,
              HasSubstr("exact-window"));
  EXPECT_EQ(Merged->path(), "sparse.yaml + window.yaml");
  EXPECT_EQ(Merged->Description, "sparse crumbs");
  // The digest is of both files: another second file gives another one.
  EXPECT_EQ(Merged->digest().size(), 64u);
  EXPECT_NE(Merged->digest(), SparseDigest);
  std::vector<RuleSet> Other;
  Other.push_back(parsed(Sparse, "sparse.yaml"));
  Other.push_back(parsed("rules: [{name: w, sync: true}]\n", "window.yaml"));
  auto OtherMerged = mergeRuleSets(std::move(Other));
  ASSERT_TRUE(bool(OtherMerged));
  EXPECT_NE(OtherMerged->digest(), Merged->digest());
}

TEST(RulesMergeTest, OneSetIsKeptAsItIs) {
  std::vector<RuleSet> Sets;
  Sets.push_back(parsed(Sparse, "sparse.yaml"));
  const std::string Digest = Sets[0].digest();
  auto Merged = mergeRuleSets(std::move(Sets));
  ASSERT_TRUE(bool(Merged));
  EXPECT_EQ(Merged->digest(), Digest);
  EXPECT_EQ(Merged->path(), "sparse.yaml");
}

TEST(RulesMergeTest, SectionsComeFromTheOneFileThatHasThem) {
  std::vector<RuleSet> Sets;
  Sets.push_back(parsed(Sparse, "a.yaml"));
  Sets.push_back(parsed("settings: {calls: {first: 3}}\n"
                        "input_guards:\n"
                        "  inputs: [{input: 0, finite: true}]\n",
                        "b.yaml"));
  auto Merged = mergeRuleSets(std::move(Sets));
  ASSERT_TRUE(bool(Merged)) << describe(Merged.takeError());
  EXPECT_EQ(Merged->Settings.FirstCalls, 3u);
  ASSERT_TRUE(Merged->Guards.has_value());
  ASSERT_EQ(Merged->Guards->Inputs.size(), 1u);
  EXPECT_EQ(Merged->where(Merged->Guards->Inputs[0].Loc), "b.yaml:3:12");
}

TEST(RulesMergeTest, ARuleNameOfTwoFilesIsAnError) {
  std::string Message = mergeError(Sparse, "rules:\n"
                                           "  - name: breadcrumbs\n"
                                           "    sync: true\n");
  EXPECT_THAT(Message, HasSubstr("b.yaml:2:5: a rule named "
                                 "'breadcrumbs' is given by two rules files"));
  EXPECT_THAT(Message, HasSubstr("first given at a.yaml:3:5"));
}

TEST(RulesMergeTest, SettingsGuardsOrBuffersInTwoFilesAreAnError) {
  EXPECT_THAT(mergeError("settings: {calls: {first: 1}}\n"
                         "rules: [{name: a, sync: true}]\n",
                         "settings: {calls: {first: 2}}\n"
                         "rules: [{name: b, breadcrumb: true}]\n"),
              HasSubstr("b.yaml:1:11: 'settings' is given by two "
                        "rules files"));
  EXPECT_THAT(mergeError("buffers: {redzone: {bytes: 64}}\n",
                         "buffers: {poison: true}\n"),
              HasSubstr("'buffers' is given by two rules files"));
  const char Guards[] = "input_guards:\n  inputs: [{input: 0, finite: true}]\n";
  EXPECT_THAT(mergeError(Guards, Guards),
              HasSubstr("'input_guards' is given by two rules files"));
}

} // namespace
