//===- PlannerTest.cpp - planInstrumentation on a hand-made inventory -----===//

#include "Instrument/Planner.h"
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using llvm::StringRef;

namespace {

RuleSet rules(StringRef Yaml) {
  auto Rules = parseRules(Yaml, "r.yaml");
  if (!Rules) {
    ADD_FAILURE() << describe(Rules.takeError());
    return RuleSet();
  }
  return std::move(*Rules);
}

/// The plan of \p Yaml on the hand-made wrapper; fails the test on errors.
InstrumentationPlan plan(StringRef Yaml, std::vector<PlanWarning> &Warnings,
                         StringRef Device = "cuda") {
  HandMadeWrapper W = handMadeWrapper();
  W.Inv.Device = Device.str();
  RuleSet Rules = rules(Yaml);
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  if (!Plan) {
    ADD_FAILURE() << describe(Plan.takeError());
    return InstrumentationPlan();
  }
  return std::move(*Plan);
}

TEST(PlannerTest, RuleAppliesToTheSitesItSelects) {
  std::vector<PlanWarning> Warnings;
  InstrumentationPlan P =
      plan("rules:\n  - {match: {kernel: 'triton_*'}, sync: true, "
           "nan_check: true}\n",
           Warnings);
  EXPECT_THAT(Warnings, IsEmpty());
  EXPECT_THAT(P.RuleMatchCounts, ElementsAre(1u));
  ASSERT_EQ(P.Sites.size(), 1u);
  const SitePlan &SP = P.Sites[0];
  EXPECT_EQ(SP.Site, 0u);
  EXPECT_THAT(SP.Rules, ElementsAre(0u));
  // nan_check defaults: after the launch, on its outputs, NaN only, throw.
  EXPECT_TRUE(SP.Before.empty());
  EXPECT_TRUE(SP.After.Sync);
  EXPECT_EQ(SP.After.NanRoles, OutputRole);
  EXPECT_TRUE(SP.After.CheckNan);
  EXPECT_FALSE(SP.After.CheckInf);
  EXPECT_EQ(SP.After.NanOnFail, FailAction::Throw);
}

TEST(PlannerTest, RulesOnOneSiteMerge) {
  std::vector<PlanWarning> Warnings;
  InstrumentationPlan P = plan(R"yaml(rules:
  - {match: {kind: extern}, nan_check: {on_fail: warn, defer: true}}
  - {match: {ordinals: "1"}, nan_check: {on_fail: abort, tensors: inputs, check: inf}}
  - {match: {tensors: [w]}, print: {level: values, when: before}}
  - {match: {aten: [aten.mm]}, print: names}
)yaml",
                               Warnings);
  EXPECT_THAT(Warnings, IsEmpty());
  ASSERT_EQ(P.Sites.size(), 1u);
  const SitePlan &SP = P.Sites[0];
  EXPECT_EQ(SP.Site, 1u);
  EXPECT_THAT(SP.Rules, ElementsAre(0u, 1u, 2u, 3u));
  // The stricter failure action wins; deferred only if every rule defers.
  EXPECT_EQ(SP.After.NanOnFail, FailAction::Abort);
  EXPECT_FALSE(SP.After.NanDeferred);
  EXPECT_EQ(SP.After.NanRoles, InputRole | OutputRole);
  EXPECT_TRUE(SP.After.CheckNan);
  EXPECT_TRUE(SP.After.CheckInf);
  // The most detailed print wins in each phase.
  EXPECT_EQ(SP.Before.Print, PrintDetail::Values);
  EXPECT_EQ(SP.After.Print, PrintDetail::Names);
}

TEST(PlannerTest, BreadcrumbIsStreamOrderedOnCuda) {
  std::vector<PlanWarning> Warnings;
  StringRef Yaml = "rules:\n  - {match: {ordinals: '0'}, breadcrumb: true}\n";
  InstrumentationPlan Cuda = plan(Yaml, Warnings, "cuda");
  ASSERT_EQ(Cuda.Sites.size(), 1u);
  EXPECT_FALSE(Cuda.Sites[0].Before.Breadcrumb);
  EXPECT_TRUE(Cuda.Sites[0].After.Breadcrumb);
  InstrumentationPlan Cpu = plan(Yaml, Warnings, "cpu");
  ASSERT_EQ(Cpu.Sites.size(), 1u);
  EXPECT_TRUE(Cpu.Sites[0].Before.Breadcrumb);
  EXPECT_FALSE(Cpu.Sites[0].After.Breadcrumb);
}

TEST(PlannerTest, RuleThatMatchesNothingWarns) {
  std::vector<PlanWarning> Warnings;
  InstrumentationPlan P = plan(
      "rules:\n  - {match: {kernel: triton_poi_fused_9}, sync: true}\n",
      Warnings);
  EXPECT_THAT(P.Sites, IsEmpty());
  EXPECT_THAT(P.RuleMatchCounts, ElementsAre(0u));
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_EQ(Warnings[0].Location, "r.yaml:2:5");
  EXPECT_THAT(Warnings[0].Message,
              HasSubstr("rule 'rule 1' matches no launch site; closest "
                        "kernel names: triton_poi_fused_0"));
}

TEST(PlannerTest, GuardsResolveInputs) {
  std::vector<PlanWarning> Warnings;
  InstrumentationPlan P = plan(R"yaml(input_guards:
  on_fail: abort
  inputs:
    - {input: 0, finite: true}
    - {input: arg0_1, rank: 2}
  equal_dims: [["arg0_1.1", "#0.0"]]
)yaml",
                               Warnings);
  ASSERT_EQ(P.Guards.size(), 2u);
  EXPECT_EQ(P.Guards[0].InputIndex, 0u);
  EXPECT_EQ(P.Guards[0].InputName, "arg0_1");
  EXPECT_TRUE(P.Guards[0].Rule->Finite);
  EXPECT_EQ(P.Guards[1].InputName, "arg0_1");
  EXPECT_EQ(P.GuardOnFail, FailAction::Abort);
  ASSERT_EQ(P.EqualDims.size(), 1u);
  EXPECT_THAT(P.EqualDims[0],
              ElementsAre(std::make_pair(0u, 1u), std::make_pair(0u, 0u)));
}

TEST(PlannerTest, GuardOnAnUnknownInputIsAnError) {
  HandMadeWrapper W = handMadeWrapper();
  RuleSet Rules =
      rules("input_guards:\n  inputs:\n    - {input: arg9_1, rank: 1}\n");
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  ASSERT_FALSE(bool(Plan));
  bool Seen = false;
  llvm::handleAllErrors(Plan.takeError(), [&](const ToolError &TE) {
    Seen = true;
    EXPECT_EQ(TE.code(), ExitCode::RulesError);
    EXPECT_EQ(TE.location(), "r.yaml:3:7");
    EXPECT_EQ(TE.text(), "input 'arg9_1' is not an input of this wrapper");
    EXPECT_EQ(TE.hint(), "its inputs are: arg0_1");
    EXPECT_EQ(TE.snippet(), "    - {input: arg9_1, rank: 1}\n      ^\n");
  });
  EXPECT_TRUE(Seen);
}

TEST(PlannerTest, SelectorCriteria) {
  HandMadeWrapper W = handMadeWrapper();
  const LaunchSite &Triton = W.Inv.Sites[0];
  const LaunchSite &Mm = W.Inv.Sites[1];
  auto Selects = [&](StringRef Match, const LaunchSite &Site) {
    RuleSet Rules =
        rules(("rules:\n  - {match: " + Match + ", sync: true}\n").str());
    return !Rules.Rules.empty() &&
           selectorMatches(Rules.Rules[0].Match, Site);
  };
  EXPECT_TRUE(Selects("{}", Triton));
  EXPECT_TRUE(Selects("{kind: triton}", Triton));
  EXPECT_FALSE(Selects("{kind: triton}", Mm));
  EXPECT_TRUE(Selects("{kernel_regex: '_mm_'}", Mm));
  EXPECT_TRUE(Selects("{source_nodes: [relu]}", Triton));
  EXPECT_FALSE(Selects("{source_nodes: [relu]}", Mm));
  EXPECT_TRUE(Selects("{tensors_regex: '^arg'}", Triton));
  EXPECT_FALSE(Selects("{tensors_regex: '^arg'}", Mm));
  EXPECT_TRUE(Selects("{ordinals: '1-'}", Mm));
  EXPECT_FALSE(Selects("{ordinals: '1-'}", Triton));
  EXPECT_FALSE(Selects("{function: _const_run_impl}", Triton));
  // Every criterion must hold.
  EXPECT_FALSE(Selects("{kind: extern, source_nodes: [relu]}", Mm));
}

} // namespace
