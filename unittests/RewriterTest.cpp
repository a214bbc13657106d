//===- RewriterTest.cpp - rewriteWrapper on a hand-made inventory ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/Rewriter.h"
#include "TestUtil.h"
#include "llvm/ADT/StringExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

struct Rewritten {
  std::string Text;
  InstrumentSummary Summary;
};

Rewritten rewrite(StringRef Yaml, StringRef Package = "") {
  Rewritten R;
  HandMadeWrapper W = handMadeWrapper();
  W.Inv.Package = Package.str();
  W.Inv.Model = Package.empty() ? "" : "model";
  RuleSet Rules = rulesFrom(Yaml);
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, W.Inv, Warnings);
  if (!Plan) {
    ADD_FAILURE() << describe(Plan.takeError());
    return R;
  }
  auto Text = rewriteWrapper(W.Text, "wrapper.cpp", W.Inv, *Plan,
                             RuntimeMode::Embed, R.Summary);
  if (!Text) {
    ADD_FAILURE() << describe(Text.takeError());
    return R;
  }
  R.Text = std::move(*Text);
  return R;
}

/// Offset of \p Needle in \p Text; fails the test when it is not there.
size_t at(StringRef Text, StringRef Needle) {
  size_t Pos = Text.find(Needle);
  EXPECT_NE(Pos, StringRef::npos) << "missing: " << Needle.str();
  return Pos;
}

TEST(RewriterTest, InsertsAroundTheLaunchAndKeepsEveryLine) {
  Rewritten R = rewrite("rules:\n  - {match: {ordinals: '0'}, sync: true}\n");
  StringRef Out = R.Text;
  EXPECT_THAT(R.Text, StartsWith(instrumentedMarker().str()));
  EXPECT_THAT(R.Text, HasSubstr("instrumented copy of wrapper.cpp (rules "
                                "r.yaml, sha256 "));
  EXPECT_TRUE(isInstrumented(Out));

  // Only insertions: the original lines are all there, in order.
  const std::string Original = handMadeWrapper().Text;
  llvm::SmallVector<StringRef> Lines;
  StringRef(Original).split(Lines, '\n');
  size_t From = 0;
  for (StringRef Line : Lines) {
    size_t Pos = Out.find(Line, From);
    ASSERT_NE(Pos, StringRef::npos) << "lost or moved: " << Line.str();
    From = Pos + Line.size();
  }

  // Runtime and tables right after the AOTI include, before run_impl.
  size_t Include = at(Out, "#include <torch/csrc/inductor/aoti_include/");
  size_t Runtime = at(Out, "// ===== aoti-instrument: runtime and tables");
  size_t RunImpl = at(Out, "void AOTInductorModel::run_impl(");
  EXPECT_LT(Include, Runtime);
  EXPECT_LT(Runtime, RunImpl);
  // Per-call state first, before AOTI's input checks (whose exceptions it
  // reports); deferred checks read before the outputs are handed over.
  size_t Checks = at(Out, "__check_inputs_outputs(input_handles");
  size_t Scope = at(Out, "::aoti_rt::RunScope aoti_rt_run(");
  EXPECT_LT(RunImpl, Scope);
  EXPECT_LT(Scope, Checks);
  EXPECT_LT(at(Out, "aoti_rt_run.finish();"), at(Out, "output_handles[0] ="));
  // A sync goes after the launch only, and only on the selected site.
  size_t Launch = at(Out, "    call_triton_poi_fused_0(");
  size_t Probe =
      at(Out, "    { // aoti-instrument: after #0 triton_poi_fused_0");
  EXPECT_LT(Launch, Probe);
  EXPECT_LT(Probe, at(Out, "    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda"));
  EXPECT_THAT(R.Text, Not(HasSubstr("aoti-instrument: before #0")));
  EXPECT_THAT(R.Text, Not(HasSubstr("aoti-instrument: after #1")));

  EXPECT_EQ(R.Summary.SitesProbed, 1u);
  EXPECT_EQ(R.Summary.Syncs, 1u);
  EXPECT_EQ(R.Summary.NanChecks, 0u);
  EXPECT_EQ(R.Summary.describe(), "1 launch site probed, 1 sync point");
}

TEST(RewriterTest, TheProgramNamesItsPackageWhenItHasOne) {
  // A capture's manifest names the package and model (the package driver
  // sets them); a wrapper given alone leaves the fields out.
  EXPECT_THAT(rewrite("rules:\n  - {sync: true}\n", "m.pt2").Text,
              HasSubstr(".inputs_on_fail = ::aoti_rt::kThrow, .package = "
                        "\"m.pt2\", .model = \"model\"};"));
  EXPECT_THAT(rewrite("rules:\n  - {sync: true}\n").Text,
              Not(HasSubstr(".package = ")));
}

TEST(RewriterTest, ProbesOnBothSidesOfEverySite) {
  Rewritten R =
      rewrite("rules:\n  - {print: {when: both}, nan_check: {when: both}}\n");
  StringRef Out = R.Text;
  size_t Before1 =
      at(Out, "{ // aoti-instrument: before #1 aoti_torch_cuda_mm_out");
  size_t After0 = at(Out, "{ // aoti-instrument: after #0 triton_poi_fused_0");
  // At the offset the two sites share, site 0's after-probe comes first.
  EXPECT_LT(After0, Before1);
  EXPECT_LT(at(Out, "before #0"), at(Out, "    call_triton_poi_fused_0("));
  EXPECT_EQ(R.Summary.SitesProbed, 2u);
  EXPECT_EQ(R.Summary.NanChecks, 4u);
  EXPECT_EQ(R.Summary.Prints, 4u);
}

TEST(RewriterTest, BatchedNanCountsGuardEveryLaunchThatWrites) {
  // Only site 1 is checked, yet both launches are guarded: any launch may
  // overwrite a tensor whose count is pending.
  Rewritten R = rewrite(
      "rules:\n  - {match: {ordinals: '1'}, nan_check: {defer: true}}\n");
  StringRef Out = R.Text;
  EXPECT_THAT(R.Text, HasSubstr(".batch_deferred = true,"));
  size_t Guard0 = at(Out, "    { const ::aoti_rt::TensorRef aoti_rt_w[] = "
                          "{{\"buf0\", ::aoti_rt::kInOut, buf0}}; "
                          "aoti_rt_run.beforeWrite(0, aoti_rt_w, 1); } // "
                          "aoti-instrument: batched counts before #0 "
                          "writes\n");
  EXPECT_LT(Guard0, at(Out, "    call_triton_poi_fused_0("));
  // Only what the launch writes: the mm's out, not its inputs.
  size_t Guard1 = at(Out, "{{\"buf1\", ::aoti_rt::kOut, buf1}}; "
                          "aoti_rt_run.beforeWrite(1, aoti_rt_w, 1); }");
  EXPECT_LT(Guard1, at(Out, "    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda"));
  // The constant no launch writes is passed as stable to the deferred check.
  EXPECT_THAT(R.Text, HasSubstr("{\"w\", ::aoti_rt::kIn, w, true}}"));
  EXPECT_EQ(R.Summary.WriteGuards, 2u);
  EXPECT_EQ(R.Summary.describe(),
            "1 launch site probed, 1 NaN/Inf check, deferred checks batched (2 "
            "launches guard their writes)");
  // Not deferred: no guards, no batching.
  Rewritten Now = rewrite("rules:\n  - {nan_check: true}\n");
  EXPECT_THAT(Now.Text, HasSubstr(".batch_deferred = false,"));
  EXPECT_EQ(Now.Text.find("aoti_rt_run.beforeWrite"), std::string::npos);
  EXPECT_THAT(Now.Text, HasSubstr("{\"w\", ::aoti_rt::kIn, w}}"));
}

TEST(RewriterTest, InputGuardsRunAtEntry) {
  Rewritten R = rewrite("input_guards:\n  inputs:\n    - {input: arg0_1, "
                        "rank: 2, dims: {1: [1, 8]}}\n");
  StringRef Out = R.Text;
  EXPECT_THAT(R.Text, HasSubstr("aoti_rt_guard_0_max[] = {-1L, 8L};"));
  size_t Guard =
      at(Out, "aoti_rt_run.guardInput(aoti_rt_guard_0, input_handles[0]);");
  EXPECT_LT(at(Out, "::aoti_rt::RunScope aoti_rt_run("), Guard);
  // After AOTI's own checks: those run first when enabled.
  EXPECT_LT(at(Out, "__check_inputs_outputs(input_handles"), Guard);
  EXPECT_LT(Guard, at(Out, "    call_triton_poi_fused_0("));
  EXPECT_EQ(R.Summary.InputGuards, 1u);
  EXPECT_EQ(R.Summary.SitesProbed, 0u);
}

} // namespace
