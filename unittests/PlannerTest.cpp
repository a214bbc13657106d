//===- PlannerTest.cpp - planInstrumentation on a hand-made inventory -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/Planner.h"
#include "Runtime/aoti_rt/abi.h" // the rule the runtime's reports suggest
#include "Support/ToolError.h"
#include "TestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <memory>

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

/// A plan and the rules it points into (GuardPlan::Rule): they must outlive
/// it.
struct Planned {
  RuleSet Rules;
  InstrumentationPlan Plan;
};

/// The plan of \p Yaml on the hand-made wrapper; fails the test on errors.
std::unique_ptr<Planned> plan(StringRef Yaml,
                              std::vector<PlanWarning> &Warnings,
                              StringRef Device = "cuda") {
  auto Result = std::make_unique<Planned>();
  HandMadeWrapper W = handMadeWrapper();
  W.Inv.Device = Device.str();
  Result->Rules = rulesFrom(Yaml);
  auto Plan = planInstrumentation(Result->Rules, W.Inv, Warnings);
  if (!Plan)
    ADD_FAILURE() << describe(Plan.takeError());
  else
    Result->Plan = std::move(*Plan);
  return Result;
}

TEST(PlannerTest, RuleAppliesToTheSitesItSelects) {
  std::vector<PlanWarning> Warnings;
  std::unique_ptr<Planned> Result =
      plan("rules:\n  - {match: {kernel: 'triton_*'}, sync: true, "
           "nan_check: true}\n",
           Warnings);
  const InstrumentationPlan &P = Result->Plan;
  EXPECT_THAT(Warnings, IsEmpty());
  EXPECT_THAT(P.RuleMatchCounts, ElementsAre(1u));
  ASSERT_EQ(P.Sites.size(), 1u);
  const SitePlan &SP = P.Sites[0];
  EXPECT_EQ(SP.Site, 0u);
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
  std::unique_ptr<Planned> Result = plan(R"yaml(rules:
  - {match: {kind: extern}, nan_check: {on_fail: warn, defer: true}}
  - {match: {ordinals: "1"}, nan_check: {on_fail: abort, tensors: inputs, check: inf}}
  - {match: {tensors: [w]}, print: {level: values, when: before}}
  - {match: {aten: [aten.mm]}, print: names}
)yaml",
                                         Warnings);
  const InstrumentationPlan &P = Result->Plan;
  EXPECT_THAT(Warnings, IsEmpty());
  ASSERT_EQ(P.Sites.size(), 1u);
  const SitePlan &SP = P.Sites[0];
  EXPECT_EQ(SP.Site, 1u);
  EXPECT_THAT(P.RuleMatchCounts, ElementsAre(1u, 1u, 1u, 1u));
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

TEST(PlannerTest, PrintIsDeferredOnlyIfEveryPrintingRuleDefers) {
  std::vector<PlanWarning> Warnings;
  std::unique_ptr<Planned> Result = plan(R"yaml(rules:
  - {print: {level: stats, defer: true}}
  - {match: {ordinals: "1"}, print: {level: names, when: after}}
)yaml",
                                         Warnings);
  const InstrumentationPlan &P = Result->Plan;
  ASSERT_GE(P.Sites.size(), 2u);
  for (const SitePlan &SP : P.Sites) {
    EXPECT_TRUE(SP.Before.PrintDeferred) << SP.Site;
    EXPECT_EQ(SP.After.PrintDeferred, SP.Site != 1) << SP.Site;
  }
}

TEST(PlannerTest, BreadcrumbIsStreamOrderedOnCuda) {
  std::vector<PlanWarning> Warnings;
  StringRef Yaml = "rules:\n  - {match: {ordinals: '0'}, breadcrumb: true}\n";
  InstrumentationPlan Cuda = std::move(plan(Yaml, Warnings, "cuda")->Plan);
  ASSERT_EQ(Cuda.Sites.size(), 1u);
  EXPECT_FALSE(Cuda.Sites[0].Before.Breadcrumb);
  EXPECT_TRUE(Cuda.Sites[0].After.Breadcrumb);
  InstrumentationPlan Cpu = std::move(plan(Yaml, Warnings, "cpu")->Plan);
  ASSERT_EQ(Cpu.Sites.size(), 1u);
  EXPECT_TRUE(Cpu.Sites[0].Before.Breadcrumb);
  EXPECT_FALSE(Cpu.Sites[0].After.Breadcrumb);
}

TEST(PlannerTest, TheDensestBreadcrumbsWin) {
  std::vector<PlanWarning> Warnings;
  StringRef Yaml = "rules:\n"
                   "  - {breadcrumb: {every: 8}}\n"
                   "  - {match: {ordinals: '0'}, breadcrumb: {every: 2}}\n"
                   "  - {match: {ordinals: '1'}, breadcrumb: {every: 16}}\n";
  InstrumentationPlan P = std::move(plan(Yaml, Warnings, "cuda")->Plan);
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].After.CrumbEvery, 2u); // 8 and 2
  EXPECT_EQ(P.Sites[1].After.CrumbEvery, 8u); // 8 and 16
}

/// A wrapper of run_impl's launches of \p Kernels on its stream (a name
/// starting with "mm" is an extern op; "k_N" a user Triton kernel whose
/// cubin function is "k").
WrapperInventory launchesOf(llvm::ArrayRef<StringRef> Kernels) {
  WrapperInventory Inv;
  Inv.Device = "cuda";
  for (StringRef K : Kernels) {
    LaunchSite &S = Inv.Sites.emplace_back();
    S.Ordinal = Inv.Sites.size() - 1;
    S.Kernel = K.str();
    S.Function = "run_impl";
    S.Kind = K.starts_with("mm")   ? LaunchKind::Extern
             : K.starts_with("k_") ? LaunchKind::UserTriton
                                   : LaunchKind::Triton;
    if (S.Kind == LaunchKind::UserTriton && !Inv.helperOf(S.Kernel)) {
      KernelHelper &H = Inv.Helpers.emplace_back();
      H.Kernel = S.Kernel;
      H.Function = "k";
    }
  }
  return Inv;
}

/// The ordinals whose crumb closes a window in the plan of \p Yaml.
std::vector<unsigned> windowCloses(StringRef Yaml,
                                   const WrapperInventory &Inv) {
  std::vector<PlanWarning> Warnings;
  RuleSet Rules = rulesFrom(Yaml);
  auto Plan = planInstrumentation(Rules, Inv, Warnings);
  if (!Plan) {
    ADD_FAILURE() << describe(Plan.takeError());
    return {};
  }
  std::vector<unsigned> Closes;
  for (const SitePlan &SP : Plan->Sites)
    if (SP.After.CrumbClose)
      Closes.push_back(Inv.Sites[SP.Site].Ordinal);
  return Closes;
}

TEST(PlannerTest, AWindowClosesBeforeAKernelRepeatsOrAtItsMostLaunches) {
  WrapperInventory Inv =
      launchesOf({"triton_a_0", "mm", "triton_b_1", "triton_a_0", "triton_c_2",
                  "mm", "triton_d_3", "k_0", "k_1", "triton_e_4"});
  // #3 runs #0's kernel: #2 closes; #3-#5 make 3 launches: #5 closes; #8
  // runs #7's cubin function (k): #7 closes; the last launch closes.
  EXPECT_THAT(windowCloses("rules:\n  - {breadcrumb: {window: 3}}\n", Inv),
              ElementsAre(2u, 5u, 7u, 9u));
  // A kernel that repeats before the window holds half its launches does
  // not close it: crumbs no denser than one per N / 2 launches.
  EXPECT_THAT(windowCloses("rules:\n  - {breadcrumb: {window: 8}}\n",
                           launchesOf({"triton_a_0", "triton_a_0", "triton_b_1",
                                       "triton_c_2", "triton_d_3", "triton_b_1",
                                       "triton_e_4"})),
              ElementsAre(4u, 6u));
  // Extern ops never repeat for a dump (their kernels are a library's).
  EXPECT_THAT(
      windowCloses("rules:\n  - {breadcrumb: {window: 8}}\n",
                   launchesOf({"mm", "triton_a_0", "mm", "mm", "triton_b_1"})),
      ElementsAre(4u));
}

TEST(PlannerTest, AWindowIsDenserThanEveryAtTheSameCount) {
  WrapperInventory Inv =
      launchesOf({"triton_a_0", "triton_b_1", "triton_c_2", "triton_d_3"});
  std::vector<PlanWarning> Warnings;
  RuleSet Rules = rulesFrom("rules:\n"
                            "  - {breadcrumb: {every: 2}}\n"
                            "  - {match: {ordinals: '0-1'}, breadcrumb: "
                            "{window: 2}}\n"
                            "  - {match: {ordinals: '2'}, breadcrumb: "
                            "{window: 4}}\n"
                            "  - {match: {ordinals: '3'}, breadcrumb: true}\n");
  auto P = planInstrumentation(Rules, Inv, Warnings);
  ASSERT_TRUE(bool(P)) << describe(P.takeError());
  ASSERT_EQ(P->Sites.size(), 4u);
  EXPECT_TRUE(P->Sites[0].After.CrumbWindow); // every 2 and window 2
  EXPECT_EQ(P->Sites[0].After.CrumbEvery, 2u);
  EXPECT_FALSE(P->Sites[2].After.CrumbWindow); // every 2 beats window 4
  EXPECT_EQ(P->Sites[2].After.CrumbEvery, 2u);
  EXPECT_FALSE(P->Sites[3].After.CrumbWindow); // a crumb after each
  EXPECT_EQ(P->Sites[3].After.CrumbEvery, 1u);
  // #1 closes #0-#1 (2 launches); #2's is every 2nd launch's, not placed.
  EXPECT_FALSE(P->Sites[0].After.CrumbClose);
  EXPECT_TRUE(P->Sites[1].After.CrumbClose);
}

TEST(PlannerTest, TheReportsRuleMakesItsWindowExact) {
  // A report of sparse breadcrumbs suggests a rule for the launches the
  // fault is among (aoti_rt::detail::exactWindowRule); added to the sparse
  // rules it loads, and those launches get a crumb each.
  std::vector<PlanWarning> Warnings;
  std::string Yaml = std::string("rules:\n"
                                 "  - {breadcrumb: {every: 4}}\n"
                                 "  - ") +
                     aoti_rt::detail::kExactWindowRuleHead + "1" +
                     aoti_rt::detail::kExactWindowRuleTail + "\n";
  InstrumentationPlan P = std::move(plan(Yaml, Warnings, "cuda")->Plan);
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].After.CrumbEvery, 4u);
  EXPECT_EQ(P.Sites[1].After.CrumbEvery, 1u);
  EXPECT_TRUE(P.Sites[1].After.Breadcrumb);
  EXPECT_THAT(Warnings, IsEmpty());
}

TEST(PlannerTest, TheReportsCaptureRuleCapturesTheLaunch) {
  // A report naming one Triton launch suggests a rule that captures it
  // (aoti_rt::detail::captureHint); it loads and captures that launch,
  // through its kernel's helper. A launch the tool could not read (this
  // hand-made extern op has no shim parameters) is named in a warning.
  HandMadeWrapper W = handMadeWrapper();
  KernelHelper Helper;
  Helper.Kernel = W.Inv.Sites[0].Kernel;
  W.Inv.Helpers.push_back(Helper);
  RuleSet Rules = rulesFrom(
      std::string("rules:\n  - ") + aoti_rt::detail::kCaptureRuleHead + "0" +
      aoti_rt::detail::kCaptureRuleMiddle + "0" +
      aoti_rt::detail::kCaptureRuleTail +
      "\n  - {name: all, match: {ordinals: '1'}, capture: true}\n");
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  ASSERT_TRUE(static_cast<bool>(Plan)) << describe(Plan.takeError());
  ASSERT_EQ(Plan->Sites.size(), 1u);
  EXPECT_EQ(Plan->Sites[0].Site, 0u);
  EXPECT_TRUE(Plan->Sites[0].Capture);
  EXPECT_TRUE(Plan->Sites[0].Before.empty() && Plan->Sites[0].After.empty());
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_THAT(Warnings[0].Message,
              HasSubstr("rule 'all' cannot capture #1 aoti_torch_cuda_mm_out "
                        "(extern): only Triton launches through their call_ "
                        "helper and extern ops are captured"));
}

TEST(PlannerTest, DeferredNanCountsBatchOnOneCudaStream) {
  std::vector<PlanWarning> Warnings;
  StringRef Deferred = "rules:\n  - {nan_check: {defer: true}}\n";
  EXPECT_TRUE(plan(Deferred, Warnings)->Plan.BatchDeferred);
  // Not without a deferred check, not on CPU, not when a rule says no.
  EXPECT_FALSE(
      plan("rules:\n  - {nan_check: true}\n", Warnings)->Plan.BatchDeferred);
  EXPECT_FALSE(plan(Deferred, Warnings, "cpu")->Plan.BatchDeferred);
  EXPECT_FALSE(plan("rules:\n  - {nan_check: {defer: true}}\n"
                    "  - {match: {ordinals: '0'}, nan_check: {defer: true, "
                    "batch: false}}\n",
                    Warnings)
                   ->Plan.BatchDeferred);
  // Not when a launch runs on another stream: its writes are not ordered
  // after the batch's launch on run_impl's stream.
  HandMadeWrapper W = handMadeWrapper();
  W.Inv.Sites[1].Stream = "stream1";
  W.Inv.Sites[1].StreamLane = 1;
  RuleSet Rules = rulesFrom(Deferred);
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  ASSERT_TRUE(bool(Plan)) << describe(Plan.takeError());
  EXPECT_FALSE(Plan->BatchDeferred);
}

TEST(PlannerTest, DeferredStatisticsBatchToo) {
  std::vector<PlanWarning> Warnings;
  EXPECT_TRUE(
      plan("rules:\n  - {print: {level: stats, defer: true}}\n", Warnings)
          ->Plan.BatchDeferred);
  // Statistics taken with a sync per probe, and names, count nothing later.
  EXPECT_FALSE(plan("rules:\n  - {print: {level: stats}}\n", Warnings)
                   ->Plan.BatchDeferred);
  EXPECT_FALSE(
      plan("rules:\n  - {print: {level: names, defer: true}}\n", Warnings)
          ->Plan.BatchDeferred);
  // `batch: false` in a print rule turns batching off for NaN counts too:
  // the two share the guards.
  EXPECT_FALSE(plan("rules:\n  - {nan_check: {defer: true}}\n"
                    "  - {print: {level: stats, defer: true, batch: false}}\n",
                    Warnings)
                   ->Plan.BatchDeferred);
}

TEST(PlannerTest, RuleThatMatchesNothingWarns) {
  std::vector<PlanWarning> Warnings;
  std::unique_ptr<Planned> Result =
      plan("rules:\n  - {match: {kernel: triton_poi_fused_9}, sync: true}\n",
           Warnings);
  const InstrumentationPlan &P = Result->Plan;
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
  std::unique_ptr<Planned> Result = plan(R"yaml(input_guards:
  on_fail: abort
  inputs:
    - {input: 0, finite: true}
    - {input: arg0_1, rank: 2}
  equal_dims: [["arg0_1.1", "#0.0"]]
)yaml",
                                         Warnings);
  const InstrumentationPlan &P = Result->Plan;
  ASSERT_EQ(P.Guards.size(), 2u);
  EXPECT_EQ(P.Guards[0].InputIndex, 0u);
  EXPECT_EQ(P.Guards[0].InputName, "arg0_1");
  EXPECT_TRUE(P.Guards[0].Rule.Finite);
  EXPECT_EQ(P.Guards[1].InputName, "arg0_1");
  EXPECT_EQ(P.GuardOnFail, FailAction::Abort);
  ASSERT_EQ(P.EqualDims.size(), 1u);
  EXPECT_THAT(P.EqualDims[0],
              ElementsAre(std::make_pair(0u, 1u), std::make_pair(0u, 0u)));
}

TEST(PlannerTest, GuardOnAnUnknownInputIsAnError) {
  HandMadeWrapper W = handMadeWrapper();
  RuleSet Rules =
      rulesFrom("input_guards:\n  inputs:\n    - {input: arg9_1, rank: 1}\n");
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  ASSERT_FALSE(bool(Plan));
  ReportedError E = takeApart(Plan.takeError());
  EXPECT_EQ(E.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_EQ(E.Location, "r.yaml:3:7");
  EXPECT_EQ(E.Text, "input 'arg9_1' is not an input of this wrapper");
  EXPECT_EQ(E.Hint, "its inputs are: arg0_1");
  EXPECT_EQ(E.Snippet, "    - {input: arg9_1, rank: 1}\n      ^\n");
}

TEST(PlannerTest, SelectorCriteria) {
  HandMadeWrapper W = handMadeWrapper();
  const LaunchSite &Triton = W.Inv.Sites[0];
  const LaunchSite &Mm = W.Inv.Sites[1];
  auto Selects = [&](StringRef Match, const LaunchSite &Site) {
    RuleSet Rules =
        rulesFrom(("rules:\n  - {match: " + Match + ", sync: true}\n").str());
    return !Rules.Rules.empty() && selectorMatches(Rules.Rules[0].Match, Site);
  };
  // Match, and whether it selects site 0 (Triton) and site 1 (extern).
  const struct {
    const char *Match;
    bool Triton, Extern;
  } Cases[] = {
      {"{}", true, true},
      {"{kind: triton}", true, false},
      {"{kernel_regex: '_mm_'}", false, true},
      {"{source_nodes: [relu]}", true, false},
      {"{tensors_regex: '^arg'}", true, false},
      {"{ordinals: '1-'}", false, true},
      {"{function: _const_run_impl}", false, false},
      // Every criterion must hold.
      {"{kind: extern, source_nodes: [relu]}", false, false},
  };
  for (const auto &C : Cases) {
    EXPECT_EQ(Selects(C.Match, Triton), C.Triton) << C.Match;
    EXPECT_EQ(Selects(C.Match, Mm), C.Extern) << C.Match;
  }
}

} // namespace
