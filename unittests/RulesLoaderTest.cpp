//===- RulesLoaderTest.cpp - parseRules / loadRules -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A good rules file read into RuleSet, and one bad file per kind of mistake:
// each is a RulesError at the offending node, with that line quoted and a
// caret under the column. The key tables of yaml-rules/README.md are the
// loader's own (rulesSchemaMarkdown).
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "llvm/ADT/StringExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

/// What a failed parse reported.
ReportedError failureOf(StringRef Yaml) {
  auto Rules = parseRules(Yaml, "r.yaml");
  if (Rules) {
    ADD_FAILURE() << "parsed without error:\n" << Yaml.str();
    return ReportedError();
  }
  return takeApart(Rules.takeError());
}

TEST(RulesLoaderTest, DescriptionIsOneLineOfText) {
  RuleSet R = rulesFrom("version: 1\ndescription: what these are for\n"
                        "rules:\n  - name: s\n    sync: true\n");
  EXPECT_EQ(R.Description, "what these are for");
  EXPECT_EQ(failureOf("description: \"a\\nb\"\nrules:\n  - name: s\n"
                      "    sync: true\n")
                .Text,
            "'description' must be one line (--list-presets prints it after "
            "the preset's name)");
}

TEST(RulesLoaderTest, GoodFile) {
  auto Rules = parseRules(R"yaml(version: 1
settings:
  log_env: MY_LOG
  calls: {first: 3, every: 2}
  max_print_values: 8
input_guards:
  on_fail: warn
  inputs:
    - input: arg0_1
      dtype: float32
      dims: [4, [1, null]]
      values: [-1.5, 2]
    - input: 1
      finite: true
  equal_dims:
    - [arg0_1.0, "#1.0"]
rules:
  - name: nan
    match: {kernel: "triton_*", kind: [triton, extern], ordinals: "0-2, 5-"}
    nan_check: {when: both, check: inf, on_fail: abort, defer: true}
  - match: {kernel_regex: "^aoti_torch_", function: run_impl}
    print: names
    sync: true
)yaml",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_EQ(Rules->path(), "r.yaml");
  EXPECT_EQ(Rules->digest().size(), 64u);
  EXPECT_EQ(Rules->Settings.LogEnv, "MY_LOG");
  EXPECT_EQ(Rules->Settings.DisableEnv, "AOTI_INSTRUMENT_DISABLE");
  EXPECT_EQ(Rules->Settings.FirstCalls, 3u);
  EXPECT_EQ(Rules->Settings.EveryCalls, 2u);
  EXPECT_EQ(Rules->Settings.MaxPrintValues, 8u);

  ASSERT_TRUE(Rules->Guards.has_value());
  EXPECT_EQ(Rules->Guards->OnFail, FailAction::Warn);
  ASSERT_EQ(Rules->Guards->Inputs.size(), 2u);
  const InputGuardRule &G0 = Rules->Guards->Inputs[0];
  EXPECT_EQ(G0.Name, "arg0_1");
  EXPECT_EQ(G0.Dtype, "float32");
  EXPECT_EQ(G0.Rank, 2u);
  using Bounds = std::pair<int64_t, int64_t>;
  EXPECT_EQ(G0.Dims.at(0), Bounds(4, 4));
  EXPECT_EQ(G0.Dims.at(1), Bounds(1, -1));
  EXPECT_EQ(G0.ValueRange, std::make_pair(-1.5, 2.0));
  EXPECT_EQ(G0.Loc.Line, 9u);
  EXPECT_EQ(Rules->Guards->Inputs[1].Index, 1u);
  EXPECT_TRUE(Rules->Guards->Inputs[1].Finite);
  ASSERT_EQ(Rules->Guards->EqualDims.size(), 1u);
  EXPECT_EQ(Rules->Guards->EqualDims[0][1].Input, "#1");

  ASSERT_EQ(Rules->Rules.size(), 2u);
  const Rule &Nan = Rules->Rules[0];
  EXPECT_EQ(Nan.Name, "nan");
  EXPECT_EQ(Nan.Loc.Line, 18u);
  EXPECT_EQ(Nan.Loc.Column, 5u);
  ASSERT_EQ(Nan.Match.Kernel.size(), 1u);
  EXPECT_TRUE(Nan.Match.Kernel[0].matches("triton_poi_fused_0"));
  EXPECT_FALSE(Nan.Match.Kernel[0].matches("aoti_torch_cuda_mm_out"));
  EXPECT_THAT(Nan.Match.Kinds,
              ElementsAre(LaunchKind::Triton, LaunchKind::Extern));
  EXPECT_THAT(Nan.Match.Ordinals,
              ElementsAre(std::make_pair(0u, 2u), std::make_pair(5u, ~0u)));
  ASSERT_TRUE(Nan.NanCheck.has_value());
  EXPECT_EQ(Nan.NanCheck->When, Phases::Both);
  EXPECT_FALSE(Nan.NanCheck->Nan);
  EXPECT_TRUE(Nan.NanCheck->Inf);
  EXPECT_EQ(Nan.NanCheck->OnFail, FailAction::Abort);
  EXPECT_TRUE(Nan.NanCheck->Defer);
  const Rule &Print = Rules->Rules[1];
  EXPECT_EQ(Print.Name, "rule 2");
  EXPECT_TRUE(Print.Match.Kernel[0].isRegex());
  EXPECT_EQ(Print.Match.Function, "run_impl");
  ASSERT_TRUE(Print.Print.has_value());
  EXPECT_EQ(Print.Print->Detail, PrintDetail::Names);
  EXPECT_TRUE(Print.Sync);
  EXPECT_FALSE(Print.Save.has_value());
  EXPECT_FALSE(Print.Print->Defer);
}

TEST(RulesLoaderTest, BufferSection) {
  auto Rules = parseRules("buffers: {redzone: true, poison: true}\n", "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  ASSERT_TRUE(Rules->Buffers.has_value());
  EXPECT_EQ(Rules->Buffers->RedzoneBytes, 64u);
  EXPECT_EQ(Rules->Buffers->RedzoneOnFail, FailAction::Throw);
  EXPECT_TRUE(Rules->Buffers->Poison);
  EXPECT_EQ(Rules->Buffers->PoisonByte, 0xA5u);
  Rules = parseRules("buffers:\n  redzone: {bytes: 256, on_fail: warn}\n"
                     "  poison: {byte: 0}\n",
                     "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_EQ(Rules->Buffers->RedzoneBytes, 256u);
  EXPECT_EQ(Rules->Buffers->RedzoneOnFail, FailAction::Warn);
  EXPECT_TRUE(Rules->Buffers->Poison);
  EXPECT_EQ(Rules->Buffers->PoisonByte, 0u);
  Rules = parseRules("buffers: {redzone: false}\nrules: [{sync: true}]\n",
                     "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_EQ(Rules->Buffers->RedzoneBytes, 0u);
}

TEST(RulesLoaderTest, PrintCanBeDeferred) {
  auto Rules = parseRules("rules:\n  - {print: {level: stats, defer: true}}\n",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  ASSERT_TRUE(Rules->Rules[0].Print.has_value());
  EXPECT_TRUE(Rules->Rules[0].Print->Defer);
  auto Bad = parseRules("rules:\n  - {print: {defer: later}}\n", "r.yaml");
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(describe(Bad.takeError()).find("r.yaml:2:"), std::string::npos);
}

TEST(RulesLoaderTest, NanCountsBatchUnlessARuleSaysNot) {
  auto Rules = parseRules("rules:\n  - {nan_check: {defer: true}}\n"
                          "  - {nan_check: {defer: true, batch: false}}\n",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_TRUE(Rules->Rules[0].NanCheck->Batch);
  EXPECT_FALSE(Rules->Rules[1].NanCheck->Batch);
  ReportedError F = failureOf("rules:\n  - {nan_check: {batch: often}}\n");
  EXPECT_EQ(F.Location, "r.yaml:2:25");
  EXPECT_THAT(F.Text, HasSubstr("'batch' must be true or false, not 'often'"));
}

TEST(RulesLoaderTest, ProbesReplayUnlessTheSettingsSayNot) {
  EXPECT_TRUE(rulesFrom("rules:\n  - {sync: true}\n").Settings.ReplayProbes);
  RuleSet Off = rulesFrom("settings: {replay_probes: false}\n"
                          "rules:\n  - {sync: true}\n");
  EXPECT_FALSE(Off.Settings.ReplayProbes);
  EXPECT_THAT(failureOf("settings: {replay_probes: sometimes}\n"
                        "rules:\n  - {sync: true}\n")
                  .Text,
              HasSubstr("'replay_probes' must be true or false"));
}

TEST(RulesLoaderTest, InputsAreCheckedUnlessTheSettingsSayNot) {
  auto Default = parseRules("rules:\n  - {sync: true}\n", "r.yaml");
  ASSERT_TRUE(bool(Default)) << describe(Default.takeError());
  EXPECT_EQ(Default->Settings.CheckInputs, InputCheck::Throw);
  for (auto [Word, Want] : {std::pair{"warn", InputCheck::Warn},
                            std::pair{"abort", InputCheck::Abort},
                            std::pair{"off", InputCheck::Off}}) {
    auto Rules = parseRules(std::string("settings: {check_inputs: ") + Word +
                                "}\nrules:\n  - {sync: true}\n",
                            "r.yaml");
    ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
    EXPECT_EQ(Rules->Settings.CheckInputs, Want) << Word;
  }
  ReportedError F = failureOf("settings: {check_inputs: maybe}\n"
                              "rules:\n  - {sync: true}\n");
  EXPECT_EQ(F.Location, "r.yaml:1:26");
  EXPECT_THAT(F.Text, HasSubstr("'check_inputs'"));
  EXPECT_THAT(F.Text, HasSubstr("maybe"));
}

TEST(RulesLoaderTest, DeferredStatisticsBatchUnlessARuleSaysNot) {
  auto Rules = parseRules("rules:\n  - {print: {level: stats, defer: true}}\n"
                          "  - {print: {defer: true, batch: false}}\n",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_TRUE(Rules->Rules[0].Print->Batch);
  EXPECT_FALSE(Rules->Rules[1].Print->Batch);
  ReportedError F = failureOf("rules:\n  - {print: {batch: 2}}\n");
  EXPECT_EQ(F.Location, "r.yaml:2:21");
  EXPECT_THAT(F.Text, HasSubstr("'batch' must be true or false, not '2'"));
}

TEST(RulesLoaderTest, BreadcrumbIsABoolOrHowSparse) {
  auto Rules = parseRules("rules:\n  - {breadcrumb: true}\n"
                          "  - {breadcrumb: false, sync: true}\n",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_TRUE(Rules->Rules[0].Breadcrumb);
  EXPECT_FALSE(Rules->Rules[1].Breadcrumb);
  // The unfenced form the driver refuses: named, with what to write instead.
  ReportedError F = failureOf("rules:\n  - breadcrumb: {fence: false}\n");
  EXPECT_EQ(F.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(F.Location, "r.yaml:2:25");
  EXPECT_THAT(F.Text,
              StartsWith("'breadcrumb: {fence: ...}' is not supported"));
  EXPECT_EQ(F.Hint, "write 'breadcrumb: true'");
  F = failureOf("rules:\n  - breadcrumb: {fense: false}\n");
  EXPECT_EQ(F.Location, "r.yaml:2:18");
  EXPECT_THAT(F.Text, StartsWith("unknown key 'fense' in breadcrumb"));
  F = failureOf("rules:\n  - breadcrumb: maybe\n");
  EXPECT_EQ(F.Location, "r.yaml:2:17");
  EXPECT_THAT(F.Text, StartsWith("'breadcrumb' must be true or false"));

  // Sparse crumbs: `{every: N}` turns them on, 1 to kMaxBreadcrumbEvery.
  auto Sparse = parseRules("rules:\n  - {breadcrumb: {every: 4}}\n"
                           "  - {breadcrumb: {}, sync: true}\n",
                           "r.yaml");
  ASSERT_TRUE(bool(Sparse)) << describe(Sparse.takeError());
  EXPECT_TRUE(Sparse->Rules[0].Breadcrumb);
  EXPECT_EQ(Sparse->Rules[0].BreadcrumbEvery, 4u);
  EXPECT_TRUE(Sparse->Rules[1].Breadcrumb);
  EXPECT_EQ(Sparse->Rules[1].BreadcrumbEvery, 1u);
  for (const char *Every : {"0", "65", "-1", "often", "[4]"}) {
    F = failureOf(std::string("rules:\n  - breadcrumb: {every: ") + Every +
                  "}\n");
    EXPECT_EQ(F.Location, "r.yaml:2:25") << Every;
    EXPECT_THAT(F.Text, StartsWith("'every' must be an integer from 1 to 64"))
        << Every;
  }

  // Windows: `{window: N}`, 1 to kMaxBreadcrumbEvery; not with `every`.
  auto Window = parseRules("rules:\n  - {breadcrumb: {window: 8}}\n", "r.yaml");
  ASSERT_TRUE(bool(Window)) << describe(Window.takeError());
  EXPECT_TRUE(Window->Rules[0].Breadcrumb);
  EXPECT_EQ(Window->Rules[0].BreadcrumbWindow, 8u);
  EXPECT_EQ(Window->Rules[0].BreadcrumbEvery, 1u);
  F = failureOf("rules:\n  - breadcrumb: {window: 65}\n");
  EXPECT_EQ(F.Location, "r.yaml:2:26");
  EXPECT_THAT(F.Text, StartsWith("'window' must be an integer from 1 to 64"));
  F = failureOf(
      "rules:\n  - {name: both, breadcrumb: {every: 4, window: 8}}\n");
  EXPECT_EQ(F.Location, "r.yaml:2:5");
  EXPECT_EQ(F.Text, "rule 'both' gives its breadcrumb both 'every' and "
                    "'window'");
}

TEST(RulesLoaderTest, ActionsCanBeTurnedOff) {
  auto Rules = parseRules("rules:\n  - {sync: true, nan_check: false, "
                          "print: false, save: false}\n",
                          "r.yaml");
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_FALSE(Rules->Rules[0].NanCheck.has_value());
  EXPECT_FALSE(Rules->Rules[0].Print.has_value());
  EXPECT_FALSE(Rules->Rules[0].Save.has_value());
}

TEST(RulesLoaderTest, ErrorQuotesTheLineWithACaret) {
  ReportedError F = failureOf("rules:\n  - sync: true\n    breadcrum: true\n");
  EXPECT_EQ(F.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(F.Location, "r.yaml:3:5");
  EXPECT_EQ(F.Text,
            "unknown key 'breadcrum' in a rule; did you mean 'breadcrumb'?");
  EXPECT_THAT(F.Hint, StartsWith("known keys: name, match"));
  EXPECT_EQ(F.Snippet, "    breadcrum: true\n    ^\n");
}

TEST(RulesLoaderTest, MalformedYamlQuotesTheLine) {
  ReportedError F = failureOf("rules:\n  - match: {kernel: [a, b}\n");
  EXPECT_THAT(F.Location, StartsWith("r.yaml:"));
  EXPECT_THAT(F.Text, StartsWith("malformed YAML: "));
  EXPECT_THAT(F.Snippet, HasSubstr("^\n"));
}

/// One bad file per kind of mistake: where, and what is said.
struct BadCase {
  const char *Yaml;
  const char *Location;
  const char *Message;
};

/// What loading \p C.Yaml reports, once checked to be a RulesError at
/// C.Location saying C.Message.
ReportedError expectRulesError(const BadCase &C) {
  ReportedError F = failureOf(C.Yaml);
  EXPECT_EQ(F.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(F.Location, C.Location);
  EXPECT_THAT(F.Text, HasSubstr(C.Message));
  // A position means a quoted line; a file-level error has neither.
  if (StringRef(C.Location).contains(':'))
    EXPECT_THAT(F.Snippet, HasSubstr("^\n"));
  else
    EXPECT_EQ(F.Snippet, "");
  return F;
}

class BadRulesTest : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadRulesTest, IsARulesErrorAtTheNode) { expectRulesError(GetParam()); }

const BadCase BadCases[] = {
    {"", "r.yaml", "rules file is empty"},
    {"# nothing\n", "r.yaml", "rules file is empty (only comments)"},
    {"- sync: true\n", "r.yaml:1:1", "must be a mapping with 'rules'"},
    {"rule: []\n", "r.yaml:1:1",
     "unknown key 'rule' in the rules file; "
     "did you mean 'rules'?"},
    {"version: 2\nrules: [{sync: true}]\n", "r.yaml:1:10",
     "unsupported rules version 2"},
    {"version: one\n", "r.yaml:1:10", "'version' must be an integer"},
    {"rules: {sync: true}\n", "r.yaml:1:8", "'rules' must be a list of rules"},
    {"rules:\n  - sync: sometimes\n", "r.yaml:2:11",
     "'sync' must be true or false, not 'sometimes'"},
    {"rules:\n  - match: {kernal: x}\n    sync: true\n", "r.yaml:2:13",
     "unknown key 'kernal' in match; did you mean 'kernel'?"},
    {"rules:\n  - match: {kernel_regex: 'a(b'}\n    sync: true\n",
     "r.yaml:2:27", "invalid regex 'a(b'"},
    {"rules:\n  - match: {kernel: 'a[b'}\n    sync: true\n", "r.yaml:2:21",
     "invalid glob 'a[b'"},
    {"rules:\n  - match: {kind: triton_user}\n    sync: true\n", "r.yaml:2:19",
     "invalid value 'triton_user' for 'kind'"},
    {"rules:\n  - match: {ordinals: x-3}\n    sync: true\n", "r.yaml:2:23",
     "invalid ordinal range 'x-3'"},
    {"rules:\n  - match: {ordinals: 5-3}\n    sync: true\n", "r.yaml:2:23",
     "empty ordinal range '5-3'"},
    {"rules:\n  - match: {function: main}\n    sync: true\n", "r.yaml:2:23",
     "invalid value 'main' for 'function'"},
    {"rules:\n  - nan_check: {when: afterwards}\n", "r.yaml:2:23",
     "invalid value 'afterwards' for 'when'"},
    {"rules:\n  - print: [stats]\n", "r.yaml:2:12", "'print' must be true"},
    {"rules:\n  - name: idle\n", "r.yaml:2:5", "rule 'idle' has no action"},
    {"rules:\n  - {name: a, sync: true}\n  - {name: a, breadcrumb: true}\n",
     "r.yaml:3:5", "duplicate rule name 'a'"},
    {"rules:\n  - {name: a, sync: true}\n  - {name: b, sync: true}\n",
     "r.yaml:3:5", "rule 'b' duplicates the rule at r.yaml:2:5"},
    {"settings: {calls: {first: -1}}\nrules: [{sync: true}]\n", "r.yaml:1:27",
     "'first' must be an integer"},
    {"settings: []\nrules: [{sync: true}]\n", "r.yaml:1:11",
     "'settings' must be a mapping"},
    {"buffers: {redzone: {bytes: 24}}\n", "r.yaml:1:28",
     "'bytes' must be a multiple of 16 from 16 to 65536"},
    {"buffers: {poison: {byte: 300}}\n", "r.yaml:1:26",
     "'byte' must be from 0 to 255"},
    {"buffers: {redzones: true}\n", "r.yaml:1:11", "unknown key 'redzones'"},
    {"buffers: {redzone: maybe}\n", "r.yaml:1:20",
     "'redzone' must be true or false"},
    {"settings: {log_env: X}\n", "r.yaml:1:1",
     "rules file has none of 'rules', 'input_guards' and 'buffers'"},
    {"input_guards:\n  inputs:\n    - dtype: float32\n", "r.yaml:3:7",
     "input guard needs 'input'"},
    {"input_guards:\n  inputs:\n    - {input: 0, dtype: float}\n",
     "r.yaml:3:25",
     "invalid value 'float' for 'dtype'; did you mean "
     "'float32'?"},
    {"input_guards:\n  inputs:\n    - {input: 0, dims: {0: 4}}\n",
     "r.yaml:3:24", "'dims' as a mapping needs 'rank' too"},
    {"input_guards:\n  inputs:\n    - {input: 0, rank: 1, dims: [1, 2]}\n",
     "r.yaml:3:33", "'dims' lists 2 dimensions but 'rank' is 1"},
    {"input_guards:\n  inputs:\n    - {input: 0, dims: [[5, 2]]}\n",
     "r.yaml:3:25", "empty dimension range"},
    {"input_guards:\n  inputs:\n    - {input: 0, values: [2, 1]}\n",
     "r.yaml:3:26", "empty value range"},
    {"input_guards:\n  inputs:\n    - {input: 0, aligned: 12}\n", "r.yaml:3:27",
     "'aligned' must be a power of two"},
    {"input_guards:\n  equal_dims: [[arg0_1.0]]\n", "r.yaml:2:16",
     "each 'equal_dims' group must list at least two dimensions"},
    {"input_guards:\n  equal_dims: [[arg0_1, arg1_1.0]]\n", "r.yaml:2:17",
     "invalid dimension reference 'arg0_1'"},
};

INSTANTIATE_TEST_SUITE_P(EveryKind, BadRulesTest,
                         ::testing::ValuesIn(BadCases));

//===----------------------------------------------------------------------===//
// The schema tables
//===----------------------------------------------------------------------===//

/// The keys each table of rulesSchemaMarkdown() lists, by the table's Id:
/// "`kernel` / `kernel_regex`" is two keys.
std::map<std::string, std::vector<std::string>> keysOfTables() {
  std::map<std::string, std::vector<std::string>> Keys;
  std::string Id;
  std::string Schema = rulesSchemaMarkdown();
  llvm::SmallVector<StringRef, 0> Lines;
  StringRef(Schema).split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (Line.consume_front("<!-- schema:begin "))
      Id = Line.drop_back(strlen(" -->")).str();
    if (!Line.starts_with("| `"))
      continue;
    llvm::SmallVector<StringRef, 2> Cell;
    Line.drop_front(2).split(" | ").first.split(Cell, " / ");
    for (StringRef Key : Cell)
      Keys[Id].push_back(Key.trim('`').str());
  }
  return Keys;
}

/// A typo of a key of each mapping.
struct TypoCase {
  BadCase Bad;         ///< its Message: the whole text
  const char *TableId; ///< the mapping's table
};

const TypoCase Typos[] = {
    {{"rule: []\n", "r.yaml:1:1",
      "unknown key 'rule' in the rules file; did you mean 'rules'?"},
     "rules-file"},
    {{"settings: {log_evn: X}\nrules: [{sync: true}]\n", "r.yaml:1:12",
      "unknown key 'log_evn' in settings; did you mean 'log_env'?"},
     "settings"},
    {{"settings: {calls: {frist: 2}}\nrules: [{sync: true}]\n", "r.yaml:1:20",
      "unknown key 'frist' in calls; did you mean 'first'?"},
     "settings.calls"},
    {{"settings: {watchdog: {after: 2s, than: abort}}\nrules: [{sync: true}]\n",
      "r.yaml:1:34", "unknown key 'than' in watchdog; did you mean 'then'?"},
     "settings.watchdog"},
    {{"input_guards: {input: [x]}\n", "r.yaml:1:16",
      "unknown key 'input' in input_guards; did you mean 'inputs'?"},
     "input_guards"},
    {{"input_guards:\n  inputs:\n    - {input: 0, dtyp: float32}\n",
      "r.yaml:3:18",
      "unknown key 'dtyp' in an input guard; did you mean 'dtype'?"},
     "input_guards.inputs"},
    {{"buffers: {posion: true}\n", "r.yaml:1:11",
      "unknown key 'posion' in buffers; did you mean 'poison'?"},
     "buffers"},
    {{"buffers: {redzone: {byte: 32}}\n", "r.yaml:1:21",
      "unknown key 'byte' in redzone; did you mean 'bytes'?"},
     "buffers.redzone"},
    {{"buffers: {poison: {bytes: 3}}\n", "r.yaml:1:20",
      "unknown key 'bytes' in poison; did you mean 'byte'?"},
     "buffers.poison"},
    {{"rules:\n  - {sync: true, breadcrum: true}\n", "r.yaml:2:18",
      "unknown key 'breadcrum' in a rule; did you mean 'breadcrumb'?"},
     "rules"},
    {{"rules:\n  - {match: {kernal: x}, sync: true}\n", "r.yaml:2:14",
      "unknown key 'kernal' in match; did you mean 'kernel'?"},
     "rules.match"},
    {{"rules:\n  - breadcrumb: {evry: 2}\n", "r.yaml:2:18",
      "unknown key 'evry' in breadcrumb; did you mean 'every'?"},
     "rules.breadcrumb"},
    {{"rules:\n  - nan_check: {whn: after}\n", "r.yaml:2:17",
      "unknown key 'whn' in nan_check; did you mean 'when'?"},
     "rules.nan_check"},
    {{"rules:\n  - print: {levl: names}\n", "r.yaml:2:13",
      "unknown key 'levl' in print; did you mean 'level'?"},
     "rules.print"},
    {{"rules:\n  - save: {tensor: all}\n", "r.yaml:2:12",
      "unknown key 'tensor' in save; did you mean 'tensors'?"},
     "rules.save"},
};

class KeyTypoTest : public ::testing::TestWithParam<TypoCase> {};

// The known keys of the error are those of the mapping's schema table.
TEST_P(KeyTypoTest, SuggestsTheClosestKeyOfTheMappingsTable) {
  const TypoCase &C = GetParam();
  ReportedError F = expectRulesError(C.Bad);
  EXPECT_EQ(F.Text, C.Bad.Message);
  std::vector<std::string> Keys = keysOfTables()[C.TableId];
  ASSERT_FALSE(Keys.empty()) << C.TableId;
  EXPECT_EQ(F.Hint, "known keys: " + llvm::join(Keys, ", "));
}

INSTANTIATE_TEST_SUITE_P(EveryMapping, KeyTypoTest, ::testing::ValuesIn(Typos));

TEST(RulesSchemaTest, EveryTableHasATypoCase) {
  std::set<std::string> Tested;
  for (const TypoCase &C : Typos)
    Tested.insert(C.TableId);
  for (const auto &[Id, Keys] : keysOfTables())
    EXPECT_TRUE(Tested.count(Id)) << Id;
  EXPECT_EQ(keysOfTables().size(), Tested.size());
}

TEST(RulesSchemaTest, TablesSayWhatTheLoaderAccepts) {
  std::string Schema = rulesSchemaMarkdown();
  // Values and defaults come from the loader's own words and structs.
  EXPECT_THAT(Schema, HasSubstr("| `when` | `before`, `after`, `both` | "
                                "`after` |"));
  EXPECT_THAT(Schema, HasSubstr("| `kind` | `triton`, `user_triton`, `cpp`, "
                                "`extern`, `proxy`, or a list |"));
  EXPECT_THAT(Schema, HasSubstr("| `max_print_values` | values printed per "
                                "tensor at `level: values` | 64 |"));
  EXPECT_THAT(Schema, HasSubstr("| `every` | 1 to 64: "));
  EXPECT_THAT(Schema, HasSubstr("| `byte` | 0 to 255: "));
  EXPECT_THAT(Schema, HasSubstr("| `inputs` | list of guards (below) | |"));
  // A retired key is no row.
  EXPECT_THAT(Schema, Not(HasSubstr("`fence` |")));
}

/// The first line where \p Made and the file's text \p File differ, 1-based,
/// and both versions: \p MadeName's and the file's.
std::string firstDifference(StringRef Made, StringRef File,
                            StringRef MadeName) {
  for (unsigned Line = 1;; ++Line) {
    auto [LineA, RestA] = Made.split('\n');
    auto [LineB, RestB] = File.split('\n');
    if (LineA != LineB || Made.empty() != File.empty())
      return "line " + std::to_string(Line) + ":\n  file: " + LineB.str() +
             "\n  " + MadeName.str() + ": " + LineA.str();
    if (Made.empty())
      return "";
    Made = RestA;
    File = RestB;
  }
}

/// Expects the file \p Path to be what \p Make makes of its text, \p What
/// the loader registers; with AOTI_UPDATE_RULES_SCHEMA set, writes that to
/// it first.
void expectRemade(
    const char *Path,
    llvm::function_ref<llvm::Expected<std::string>(StringRef)> Make,
    StringRef What) {
  std::string File = readFile(Path);
  ASSERT_FALSE(File.empty()) << Path;
  llvm::Expected<std::string> Made = Make(File);
  ASSERT_TRUE(bool(Made)) << llvm::toString(Made.takeError());
  if (std::getenv("AOTI_UPDATE_RULES_SCHEMA")) {
    writeFile(Path, *Made);
    File = *Made;
  }
  EXPECT_TRUE(*Made == File)
      << Path << " differs from the " << What.str()
      << " the loader registers at " << firstDifference(*Made, File, What)
      << "\nremake them with AOTI_UPDATE_RULES_SCHEMA=1 and this test";
}

// The README's key tables are what the loader registers. To remake them:
//   AOTI_UPDATE_RULES_SCHEMA=1 <build>/unittests/AOTIInstrumentTests \
//       --gtest_filter=RulesSchemaTest.ReadmeTablesAreTheLoadersKeys
TEST(RulesSchemaTest, ReadmeTablesAreTheLoadersKeys) {
  expectRemade(AOTI_TEST_RULES_README, withRulesSchema, "tables");
}

/// \p Dict with the lines between its `# keys:begin` and `# keys:end`
/// lines made the quoted \p Keys, one a line; an error without both.
llvm::Expected<std::string> withDictKeys(StringRef Dict,
                                         llvm::ArrayRef<std::string> Keys) {
  constexpr StringRef Begin = "# keys:begin", End = "# keys:end";
  size_t From = Dict.find(Begin), To = Dict.find("\n" + End.str());
  if (From == StringRef::npos || To == StringRef::npos || To < From)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no '" + Begin + "' line, then a '" + End +
                                       "' line");
  std::string Out = Dict.take_front(Dict.find('\n', From) + 1).str();
  for (const std::string &Key : Keys)
    Out += "\"" + Key + "\"\n";
  return Out + Dict.drop_front(To + 1).str();
}

// The keys of the rules fuzzer's dictionary are those the loader registers
// (its values and YAML syntax are written by hand, after them). To remake
// them, as the README's tables:
//   AOTI_UPDATE_RULES_SCHEMA=1 <build>/unittests/AOTIInstrumentTests \
//       --gtest_filter=RulesSchemaTest.FuzzerDictionaryHasTheLoadersKeys
TEST(RulesSchemaTest, FuzzerDictionaryHasTheLoadersKeys) {
  std::vector<std::string> Keys = rulesFileKeys();
  expectRemade(
      AOTI_TEST_RULES_FUZZER_DICT,
      [&](StringRef Dict) { return withDictKeys(Dict, Keys); }, "keys");
  // Every key of every table, and a retired one (its error is code too).
  for (const auto &[Id, TableKeys] : keysOfTables())
    for (const std::string &Key : TableKeys)
      EXPECT_TRUE(llvm::is_contained(Keys, Key)) << Id << ": " << Key;
  EXPECT_TRUE(llvm::is_contained(Keys, "fence"));
  EXPECT_TRUE(llvm::is_sorted(Keys));
  EXPECT_EQ(std::adjacent_find(Keys.begin(), Keys.end()), Keys.end());
}

TEST(RulesSchemaTest, DictKeysNeedTheirMarkers) {
  llvm::Expected<std::string> Made =
      withDictKeys("a\n# keys:begin x\n\"old\"\n# keys:end\nb\n", {"k1", "k2"});
  ASSERT_TRUE(bool(Made)) << llvm::toString(Made.takeError());
  EXPECT_EQ(*Made, "a\n# keys:begin x\n\"k1\"\n\"k2\"\n# keys:end\nb\n");
  for (StringRef Bad : {"", "# keys:begin\n", "# keys:end\n# keys:begin\n"}) {
    llvm::Expected<std::string> Refused = withDictKeys(Bad, {"k"});
    EXPECT_FALSE(bool(Refused)) << Bad.str();
    if (!Refused)
      EXPECT_THAT(llvm::toString(Refused.takeError()), HasSubstr("keys:begin"));
  }
}

TEST(RulesSchemaTest, MarkersMustPairAndNameATable) {
  std::string Schema = rulesSchemaMarkdown();
  EXPECT_TRUE(bool(withRulesSchema(Schema)));
  auto Refused = [](StringRef Markdown) {
    llvm::Expected<std::string> Made = withRulesSchema(Markdown);
    if (Made)
      return std::string("accepted");
    return llvm::toString(Made.takeError());
  };
  EXPECT_THAT(Refused(""), HasSubstr("no '<!-- schema:begin rules-file -->'"));
  EXPECT_THAT(Refused(Schema + "<!-- schema:begin nothing -->\n"),
              HasSubstr("names no table"));
  EXPECT_THAT(Refused(StringRef(Schema).rsplit("<!-- schema:end").first),
              HasSubstr("no '<!-- schema:end "));
  EXPECT_THAT(Refused("<!-- schema:end rules -->\n" + Schema),
              HasSubstr("without its begin marker"));
}

TEST(RulesLoaderTest, MissingFile) {
  TempDir Dir;
  auto Rules = loadRules(Dir.file("none.yaml"));
  ASSERT_FALSE(bool(Rules));
  EXPECT_THAT(describe(Rules.takeError()), HasSubstr("cannot open rules file"));
}

TEST(RulesLoaderTest, LoadsFromDisk) {
  TempDir Dir;
  writeFile(Dir.file("r.yaml"), "rules: [{sync: true}]\n");
  auto Rules = loadRules(Dir.file("r.yaml"));
  ASSERT_TRUE(bool(Rules)) << describe(Rules.takeError());
  EXPECT_EQ(Rules->Rules.size(), 1u);
  ASSERT_EQ(Rules->Sources.size(), 1u);
  EXPECT_EQ(Rules->Sources[0].Text, "rules: [{sync: true}]\n");
  EXPECT_EQ(Rules->Sources[0].Digest, Rules->digest());
}

TEST(SourceSnippetTest, QuotesTheLineWithACaret) {
  EXPECT_EQ(formatSourceSnippet("a\nbcd\n", 2, 3), "bcd\n  ^\n");
  // Tabs are kept so the caret lines up in any tab width.
  EXPECT_EQ(formatSourceSnippet("\tx: 1\n", 1, 2), "\tx: 1\n\t^\n");
  EXPECT_EQ(formatSourceSnippet("x: 1\r\n", 1, 1), "x: 1\n^\n");
  EXPECT_EQ(formatSourceSnippet("x\n", 5, 1), "");
  // The end of the file: nothing to point at.
  EXPECT_EQ(formatSourceSnippet("x\n", 2, 1), "");
  EXPECT_EQ(formatSourceSnippet("x\n", 0, 0), "");
}

TEST(SourceSnippetTest, ALongLineIsCutAroundTheCaret) {
  std::string Line(100000, 'x');
  Line[50000] = 'Y';
  std::string Snippet = formatSourceSnippet(Line + "\n", 1, 50001);
  EXPECT_LT(Snippet.size(), 2 * SnippetWidth + 20);
  auto [Source, Caret] = StringRef(Snippet).split('\n');
  EXPECT_TRUE(Source.starts_with("...") && Source.ends_with("..."));
  EXPECT_EQ(Source[Caret.find('^')], 'Y');
}

TEST(SourceSnippetTest, ControlCharactersAreShownEscaped) {
  std::string Snippet = formatSourceSnippet("a\x1b[31mb: 1\r\n", 1, 7);
  EXPECT_EQ(Snippet.find('\x1b'), std::string::npos);
  auto [Source, Caret] = StringRef(Snippet).split('\n');
  EXPECT_EQ(Source, "a\\x1b[31mb: 1");
  EXPECT_EQ(Source[Caret.find('^')], 'b');
  EXPECT_EQ(escapeControl("a\tb\nc\x7f"), "a\tb\\x0ac\\x7f");
  EXPECT_EQ(escapeControl("a\nb", /*KeepNewlines=*/true), "a\nb");
  std::string Message = printableMessage(std::string(5000, 'z') + "\nok");
  EXPECT_THAT(Message, HasSubstr("... (4000 more characters)\nok"));
}

/// The message of loading \p Yaml, which must fail with exit code 5.
std::string rulesError(StringRef Yaml) {
  auto Rules = parseRules(Yaml, "r.yaml");
  std::string Message;
  EXPECT_EQ(exitCodeOf(Rules.takeError(), &Message), 5) << Yaml.str();
  return Message;
}

TEST(RulesLimitsTest, RegexesThatWouldExplodeAreRefused) {
  EXPECT_THAT(rulesError("rules: [{match: {kernel_regex: "
                         "'((((a{0,255}){0,255}){0,255}){0,255})'}, "
                         "sync: true}]\n"),
              HasSubstr("too complex"));
  EXPECT_THAT(rulesError("rules: [{match: {kernel_regex: 'x{0,20000}'}, "
                         "sync: true}]\n"),
              HasSubstr("too complex"));
  EXPECT_THAT(rulesError("rules: [{match: {kernel_regex: '(a+)\\1'}, "
                         "sync: true}]\n"),
              HasSubstr("back-references"));
  EXPECT_THAT(rulesError("rules: [{match: {kernel_regex: '" +
                         std::string(5000, 'a') + "'}, sync: true}]\n"),
              HasSubstr("longer than 4096"));
  // Real patterns stay well within.
  auto Rules =
      parseRules("rules: [{match: {kernel_regex: "
                 "'^triton_(poi|red|per)_fused_[a-z0-9_]{1,64}[[:digit:]]$'}"
                 ", sync: true}]\n",
                 "r.yaml");
  EXPECT_TRUE(bool(Rules)) << describe(Rules.takeError());
}

TEST(RulesLimitsTest, GlobBracesAreBounded) {
  std::string Glob;
  for (int I = 0; I < 20; ++I)
    Glob += "{a,b}";
  EXPECT_THAT(
      rulesError("rules: [{match: {kernel: '" + Glob + "'}, sync: true}]\n"),
      HasSubstr("invalid glob"));
}

TEST(RulesLimitsTest, DeepNestingHasItsOwnMessage) {
  std::string Deep =
      "rules: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  std::string Message = rulesError(Deep);
  EXPECT_THAT(Message, HasSubstr("nest deeper than 64 levels"));
  EXPECT_THAT(Message, HasSubstr("r.yaml:1:72"));
  // Brackets in quotes and comments do not count.
  auto Rules =
      parseRules("# " + std::string(100, '[') + "\nrules: [{match: {kernel: '" +
                     std::string(100, '[') + "'}, sync: true}]\n",
                 "r.yaml");
  EXPECT_FALSE(bool(Rules)); // the glob is invalid, but not for nesting
  std::string Why = describe(Rules.takeError());
  EXPECT_THAT(Why, Not(HasSubstr("nest deeper")));
}

} // namespace
