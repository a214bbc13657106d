//===- CrumbReportTest.cpp - Reading the breadcrumb report ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every form crumbReport (lib/Runtime/aoti_rt/cuda_crumbs.h) writes, read
// back; the launch that ran a kernel (LaunchMatch); and the report as the
// untrusted text it is.
//
//===----------------------------------------------------------------------===//

#include "CoreDump/CrumbReport.h"
#include "CoreDump/LaunchMatch.h"
#include "Runtime/aoti_rt/abi.h" // the report's phrases
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <random>

using namespace aoti;
using ::testing::HasSubstr;

namespace {

constexpr const char *Head =
    "[aoti-instrument] CUDA error 'an illegal memory access was encountered' "
    "(while run 1 unwound): ";
constexpr const char *Gather =
    "#3 gather_rows_kernel_0 (m.wrapper.cpp:131, source nodes [gather, "
    "idx]) in run 1";
constexpr const char *Add = "#2 triton_poi_fused_add_0 (m.wrapper.cpp:120) "
                            "in run 1";

CrumbReport parse(const std::string &Text) {
  auto Report = parseCrumbReport("log", Text);
  if (!Report) {
    ADD_FAILURE() << llvm::toString(Report.takeError());
    return {};
  }
  return std::move(*Report);
}

std::string errorOf(const std::string &Text, ExitCode &Code) {
  auto Report = parseCrumbReport("log", Text);
  std::string Out;
  Code = ExitCode::Success;
  if (!Report)
    llvm::handleAllErrors(Report.takeError(), [&](const ToolError &E) {
      Code = E.code();
      Out = (E.location() + ": " + E.text()).str();
    });
  return Out;
}

TEST(CrumbReport, OneLaunchThatDidNotComplete) {
  CrumbReport R = parse(std::string("noise\n") + Head +
                        "first launch that did not complete: " + Gather +
                        "; last completed: " + Add +
                        "; to replay it alone, add to the rules: {name: "
                        "capture-3, match: {ordinals: \"3\"}, capture: "
                        "true}\n");
  ASSERT_EQ(R.Windows.size(), 1u);
  const CrumbWindow &W = R.Windows[0];
  EXPECT_EQ(W.Kind, CrumbWindow::Form::FirstIncomplete);
  EXPECT_EQ(W.Line, 2u);
  EXPECT_EQ(W.Stream, "");
  ASSERT_EQ(W.Launches.size(), 1u);
  const ReportedLaunch &L = W.Launches[0];
  EXPECT_TRUE(L.Known);
  EXPECT_EQ(L.Ordinal, 3u);
  EXPECT_EQ(L.Kernel, "gather_rows_kernel_0");
  EXPECT_EQ(L.WrapperFile, "m.wrapper.cpp");
  EXPECT_EQ(L.WrapperLine, 131u);
  EXPECT_EQ(L.SourceNodes, "gather, idx");
  EXPECT_EQ(L.Run, 1);
  EXPECT_EQ(L.Text, Gather);
  ASSERT_TRUE(W.LastCompleted.has_value());
  EXPECT_EQ(W.LastCompleted->Kernel, "triton_poi_fused_add_0");
  EXPECT_EQ(W.LastCompleted->SourceNodes, "");
}

TEST(CrumbReport, SparseWindowsOfSeveralStreams) {
  CrumbReport R = parse(
      std::string(Head) +
      "thread 7, stream 0x5a: first launch that did "
      "not complete: one of " +
      Add + ", " + Gather +
      " (one breadcrumb per 4 launches); last completed: none; to name it "
      "exactly if it comes again, add to the rules: {name: exact-window, "
      "match: {ordinals: \"1-3\"}, breadcrumb: true}; in flight on other "
      "threads: thread 8, stream 0x5b: launches not known to have completed: "
      "#9 (unknown site) in run 2, (unknown: too far back), ... (12 more, "
      "through " +
      Add +
      ") (one breadcrumb per 8 launches, none after these: the fault may "
      "also be in work enqueued after them); last completed: (unknown)");
  ASSERT_EQ(R.Windows.size(), 2u);
  EXPECT_EQ(R.Windows[0].Kind, CrumbWindow::Form::OneOf);
  EXPECT_EQ(R.Windows[0].Stream, "thread 7, stream 0x5a");
  EXPECT_EQ(R.Windows[0].Every, 4u);
  EXPECT_EQ(R.Windows[0].Launches.size(), 2u);
  EXPECT_FALSE(R.Windows[0].LastCompleted.has_value());
  const CrumbWindow &Other = R.Windows[1];
  EXPECT_EQ(Other.Kind, CrumbWindow::Form::NotKnownCompleted);
  EXPECT_EQ(Other.Stream, "thread 8, stream 0x5b");
  EXPECT_EQ(Other.Every, 8u);
  EXPECT_EQ(Other.Unlisted, 11u);
  ASSERT_EQ(Other.Launches.size(), 3u);
  EXPECT_FALSE(Other.Launches[0].Known);
  EXPECT_EQ(Other.Launches[0].Ordinal, 9u);
  EXPECT_EQ(Other.Launches[1].Text, "(unknown: too far back)");
  EXPECT_EQ(Other.Launches[2].Kernel, "triton_poi_fused_add_0");
}

TEST(CrumbReport, AWindowsReport) {
  // Crumbs placed by `breadcrumb: {window: 8}` (cuda_crumbs.h
  // writeCrumbSpacing).
  CrumbReport R =
      parse(std::string(Head) + "first launch that did not complete: one of " +
            Add + ", " + Gather + " (" + aoti_rt::detail::kReportWindow + "8" +
            aoti_rt::detail::kReportWindowTail + "); last completed: none");
  ASSERT_EQ(R.Windows.size(), 1u);
  EXPECT_EQ(R.Windows[0].Kind, CrumbWindow::Form::OneOf);
  EXPECT_EQ(R.Windows[0].Every, 8u);
  EXPECT_EQ(R.Windows[0].Launches.size(), 2u);
}

TEST(CrumbReport, EveryLaunchCompletedAndTheJsonLog) {
  std::string Line = std::string(Head) +
                     "on aux: every instrumented launch completed, the last "
                     "was " +
                     Add + ": the fault is in work enqueued after it";
  std::string Json = "{\"event\": \"cuda_error\", \"run\": 1, \"message\": " +
                     llvm::formatv("{0}", llvm::json::Value(Line)).str() + "}";
  for (const std::string &Text : {Line, Json}) {
    CrumbReport R = parse("{\"event\": \"run_start\"}\n" + Text);
    ASSERT_EQ(R.Windows.size(), 1u);
    EXPECT_EQ(R.Windows[0].Kind, CrumbWindow::Form::AllCompleted);
    EXPECT_EQ(R.Windows[0].Stream, "on aux");
    EXPECT_TRUE(R.Windows[0].Launches.empty());
    ASSERT_TRUE(R.Windows[0].LastCompleted.has_value());
    EXPECT_EQ(R.Windows[0].LastCompleted->Ordinal, 2u);
  }
}

/// \p R is one window, on line \p Line: Gather did not complete, Add did.
void expectGatherThenAdd(const CrumbReport &R, unsigned Line) {
  ASSERT_EQ(R.Windows.size(), 1u);
  const CrumbWindow &W = R.Windows[0];
  EXPECT_EQ(W.Kind, CrumbWindow::Form::FirstIncomplete);
  EXPECT_EQ(W.Line, Line);
  ASSERT_EQ(W.Launches.size(), 1u);
  EXPECT_EQ(W.Launches[0].Kernel, "gather_rows_kernel_0");
  ASSERT_TRUE(W.LastCompleted.has_value());
  EXPECT_EQ(W.LastCompleted->Ordinal, 2u);
}

TEST(CrumbReport, TheWatchdogsReportOfAGpuHang) {
  // The line the watchdog prints (watchdog.h) before it dumps or aborts,
  // and its JSON event; a host hang's line carries no window.
  std::string Line =
      std::string("[aoti-instrument] hang: the GPU has not completed a launch "
                  "for 3.0 s (watchdog 3.0 s, then dump): "
                  "first launch that did not complete: ") +
      Gather + "; last completed: " + Add;
  std::string Json = "{\"event\": \"hang\", \"where\": \"device\", "
                     "\"message\": " +
                     llvm::formatv("{0}", llvm::json::Value(Line)).str() + "}";
  std::string HostHang = "[aoti-instrument] hang: run 1 (thread 7) has made "
                         "no progress for 2.0 s (watchdog 2.0 s, then "
                         "report): it is in #3 k (m.wrapper.cpp:1)\n";
  for (const std::string &Text : {Line, Json})
    expectGatherThenAdd(parse(HostHang + "calling\n" + Text), 3);
  ExitCode Code;
  EXPECT_THAT(errorOf(HostHang, Code), HasSubstr("no crumb report in it"));
}

TEST(CrumbReport, WhatCannotBeReadIsAnErrorWithItsLineAndColumn) {
  ExitCode Code;
  EXPECT_EQ(errorOf("nothing here\n", Code),
            "log: no crumb report in it (no '[aoti-instrument] CUDA error' "
            "or 'hang: the GPU' line, no cuda_error or hang event)");
  EXPECT_EQ(Code, ExitCode::BadReport);
  std::string Cut = std::string(Head) +
                    "first launch that did not complete: #3 k (m.cpp:1) in ";
  EXPECT_EQ(errorOf("x\n" + Cut, Code),
            "log:2:" + std::to_string(Cut.size() - 3) +
                ": unreadable crumb report: expected ' in run R' after the "
                "launch");
  EXPECT_THAT(errorOf(std::string(Head) + "first launch that did not "
                                          "complete: one of #1 k (m.cpp:1) in "
                                          "run 1 (one breadcrumb per x",
                      Code),
              HasSubstr("expected the launches per breadcrumb"));
  EXPECT_THAT(errorOf(std::string(Head) +
                          "first launch that did not complete: k (m.cpp:1)",
                      Code),
              HasSubstr("expected a launch"));
}

TEST(CrumbReport, SizesAreBounded) {
  std::string Many = std::string(Head) + "first launch that did not "
                                         "complete: one of ";
  for (size_t I = 0; I <= MaxWindowLaunches; ++I)
    Many += (I ? ", " : "") + std::string(Add);
  ExitCode Code;
  EXPECT_THAT(errorOf(Many, Code), HasSubstr("more than 4096 launches"));
  std::string Long = std::string(Head) +
                     "first launch that did not "
                     "complete: #1 " +
                     std::string(8192, 'k') + " (m.cpp:1) in run 1";
  EXPECT_THAT(errorOf(Long, Code), HasSubstr("expected a kernel name"));
}

TEST(CrumbReport, ArbitraryBytesAreNoCrash) {
  std::mt19937 Random(7);
  const std::string Pieces[] = {Head,
                                "first launch that did not complete: ",
                                "one of ",
                                "#",
                                "3",
                                " (",
                                ":",
                                ")",
                                " in run ",
                                ", ",
                                "; last completed: ",
                                " (one breadcrumb per ",
                                " launches",
                                ", source nodes [",
                                "]",
                                "\n",
                                "{\"event\": \"cuda_error\", \"message\": \"",
                                "\xff"};
  for (int Round = 0; Round < 2000; ++Round) {
    std::string Text;
    for (int I = Random() % 30; I > 0; --I)
      Text += Pieces[Random() % std::size(Pieces)];
    auto Report = parseCrumbReport("log", Text);
    if (!Report)
      llvm::consumeError(Report.takeError());
  }
}

TEST(LaunchMatch, TheWindowsLaunchesOfTheKernel) {
  CrumbReport R =
      parse(std::string(Head) + "first launch that did not complete: one of " +
            Add + ", " + Gather +
            " (one breadcrumb per 4 launches); last completed: "
            "none\n" +
            Head + "first launch that did not complete: " + Gather +
            "; last completed: none\n");
  LaunchMatch M = matchLaunches(R, "gather_rows_kernel");
  ASSERT_EQ(M.Candidates.size(), 1u) << "the same launch in two lines";
  EXPECT_EQ(M.WindowSize, 2u);
  EXPECT_EQ(describeLaunchMatch(M, "gather_rows_kernel"),
            std::string(Gather) + " (the only launch of gather_rows_kernel "
                                  "in the report's window of 2)");
  LaunchMatch None = matchLaunches(R, "gather_rows");
  EXPECT_TRUE(None.Candidates.empty());
  EXPECT_EQ(describeLaunchMatch(None, "gather_rows"),
            "outside the report's window: no launch of the report's window "
            "of 2 runs gather_rows");
}

TEST(LaunchMatch, ALibrarysKernelPointsAtTheWindowsExternOps) {
  // A cuBLAS kernel faulted: no Triton launch of the window runs it, and
  // the extern op that does is named as the other possibility.
  const std::string Mm = "#4 aoti_torch_cuda_mm_out (m.wrapper.cpp:140, "
                         "source nodes [linear]) in run 1";
  CrumbReport R =
      parse(std::string(Head) + "first launch that did not complete: one of " +
            Add + ", " + Mm +
            " (one breadcrumb per 4 launches); last "
            "completed: none");
  LaunchMatch M = matchLaunches(R, "sm90_xmma_gemm_f32f32_tf32f32");
  EXPECT_TRUE(M.Candidates.empty());
  ASSERT_EQ(M.Externs.size(), 1u);
  EXPECT_EQ(describeLaunchMatch(M, "sm90_xmma_gemm_f32f32_tf32f32"),
            "outside the report's window: no launch of the report's window "
            "of 2 runs sm90_xmma_gemm_f32f32_tf32f32; unless "
            "sm90_xmma_gemm_f32f32_tf32f32 is a library's kernel (cuBLAS, "
            "cuDNN, ATen's) run by one of the window's extern ops: " +
                Mm);
}

TEST(AOTINames, WrapperKernelsRunTheirCubinFunction) {
  EXPECT_TRUE(names::launchesCubinFunction("triton_poi_fused_add_0",
                                           "triton_poi_fused_add_0"));
  EXPECT_TRUE(names::launchesCubinFunction("gather_rows_kernel_0",
                                           "gather_rows_kernel"));
  EXPECT_TRUE(names::launchesCubinFunction("gather_rows_kernel_12",
                                           "gather_rows_kernel"));
  EXPECT_FALSE(names::launchesCubinFunction("gather_rows_kernel_",
                                            "gather_rows_kernel"));
  EXPECT_FALSE(names::launchesCubinFunction("gather_rows_kernel_x",
                                            "gather_rows_kernel"));
  EXPECT_FALSE(names::launchesCubinFunction("gather_rows_kernel2_0",
                                            "gather_rows_kernel"));
  EXPECT_FALSE(names::launchesCubinFunction("gather_rows_kernel_0", ""));
}

} // namespace
