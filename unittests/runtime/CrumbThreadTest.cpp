//===- CrumbThreadTest.cpp - Breadcrumbs, threads, run scopes -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CPU breadcrumbs (a fault names the running launch), concurrent runs,
// exceptions leaving a run, and the prelude text.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <csignal>
#include <cstdlib>
#include <set>
#include <thread>

using namespace aoti_rt_test;

namespace {

//--- CPU breadcrumbs --------------------------------------------------------//

TEST(CrumbDeathTest, SegvNamesTheRunningSite) {
  TestProgram T(testDir());
  rt::Probe P = probe();
  P.breadcrumb = true;
  EXPECT_DEATH(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.probe(1, rt::kBefore, nullptr, 0, P);
        Run.probe(1, rt::kAfter, nullptr, 0, P);
        Run.probe(3, rt::kBefore, nullptr, 0, P);
        std::raise(SIGSEGV);
      },
      "\\[aoti-instrument\\] SIGSEGV in #3 cpp_fused_relu_0 "
      "\\(wrapper.cpp:920\\) "
      "in run 1");
}

TEST(CrumbDeathTest, RealFaultAfterACompletedSite) {
  TestProgram T(testDir());
  rt::Probe P = probe();
  P.breadcrumb = true;
  EXPECT_DEATH(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.probe(2, rt::kAfter, nullptr, 0, P);
        volatile int *Null = nullptr;
        *Null = 1;
      },
      "SIGSEGV after #2 triton_per_fused_x \\(wrapper.cpp:916, source nodes "
      "\\[linear, log\\]\\) in run 1 \\(the last instrumented launch that "
      "completed\\)");
}

// RunScope::crumb, the call the instrumenter emits for a probe that is a
// breadcrumb alone, leaves the same CPU crumb as probe() does.
TEST(CrumbDeathTest, CrumbAloneNamesTheCompletedSite) {
  TestProgram T(testDir());
  rt::Probe P = probe();
  P.breadcrumb = true;
  P.crumb_every = 4;
  EXPECT_DEATH(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.crumb(0, P);
        Run.crumb(2, P);
        std::raise(SIGSEGV);
      },
      "SIGSEGV after #2 triton_per_fused_x \\(wrapper.cpp:916, source nodes "
      "\\[linear, log\\]\\) in run 1 \\(the last instrumented launch that "
      "completed\\)");
}

TEST(CrumbDeathTest, SigbusToo) {
  TestProgram T(testDir());
  rt::Probe P = probe();
  P.breadcrumb = true;
  EXPECT_DEATH(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.probe(0, rt::kBefore, nullptr, 0, P);
        std::raise(SIGBUS);
      },
      "SIGBUS in #0 aoti_torch_cpu_addmm_out");
}

//--- Threads, exceptions, misc ---------------------------------------------//

TEST(Threads, ConcurrentRunsKeepLinesWholeAndCountOnce) {
  TestProgram T(testDir());
  std::vector<float> D(64, 1.0f);
  auto Buf = blob(D.data(), {64}, {1}, aoti_torch_dtype_float32());
  AtenTensorHandle H = Buf;
  constexpr int Threads = 8, Runs = 40;
  std::vector<std::thread> Pool;
  for (int I = 0; I < Threads; ++I)
    Pool.emplace_back([&] {
      for (int R = 0; R < Runs; ++R) {
        rt::RunScope Run(*T.P, nullptr);
        rt::TensorRef Ts[] = {{"buf1", rt::kInOut, H}};
        Run.probe(1, rt::kAfter, Ts, 1, probe(rt::kPrintStats));
      }
    });
  for (auto &Th : Pool)
    Th.join();
  auto L = T.lines();
  ASSERT_EQ(L.size(), static_cast<size_t>(2 * Threads * Runs));
  std::set<int> RunsSeen;
  for (const std::string &S : L) {
    ASSERT_TRUE(startsWith(S, "[aoti-instrument] run "));
    bool Names = S.find("(wrapper.cpp:910, source nodes [linear, relu])") !=
                 std::string::npos;
    bool Stats = S.find("buf1 inout float32 [64] strides [1] cpu numel 64 "
                        "min 1 max 1 mean 1 nan 0 inf 0") != std::string::npos;
    EXPECT_TRUE(Names != Stats) << S;
    if (Names)
      RunsSeen.insert(std::atoi(S.c_str() + 22));
  }
  EXPECT_EQ(RunsSeen.size(), static_cast<size_t>(Threads * Runs));
  EXPECT_EQ(*RunsSeen.begin(), 1);
  EXPECT_EQ(*RunsSeen.rbegin(), Threads * Runs);
}

TEST(RunScopeTest, AnExceptionLeavingTheRunIsPlacedByItsLastProbe) {
  // Whatever the rules: the report says where the host was, from the last
  // probe of the run (no device work on the CPU).
  TestProgram T(testDir());
  auto Fail = [&](int Site, rt::Phase Ph) {
    EXPECT_THROW(
        {
          rt::RunScope Run(*T.P, nullptr);
          if (Site >= 0)
            Run.probe(Site, Ph, nullptr, 0, probe());
          throw std::runtime_error("from the wrapper");
        },
        std::runtime_error);
  };
  Fail(-1, rt::kAfter);
  Fail(1, rt::kBefore);
  Fail(0, rt::kAfter);
  Fail(3, rt::kAfter); // the last site: no next launch
  auto L = T.lines();
  ASSERT_EQ(L.size(), 4u) << T.log();
  EXPECT_EQ(L[0], "[aoti-instrument] run 1 failed: an exception left run_impl "
                  "before its first instrumented launch; the first launch is "
                  "#0 aoti_torch_cpu_addmm_out (wrapper.cpp:906, source nodes "
                  "[linear])");
  EXPECT_EQ(L[1], "[aoti-instrument] run 2 failed: an exception left run_impl "
                  "in #1 triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, "
                  "source nodes [linear, relu]) or after it (the last "
                  "instrumented point was its before-probe: the failure is in "
                  "its launch or in the code that follows, before the next "
                  "instrumented launch)");
  EXPECT_EQ(L[2], "[aoti-instrument] run 3 failed: an exception left run_impl "
                  "after #0 aoti_torch_cpu_addmm_out (wrapper.cpp:906, source "
                  "nodes [linear]) "
                  "completed on the host, before the next instrumented "
                  "launch; the next launch is #1 triton_poi_fused_addmm_relu_0 "
                  "(wrapper.cpp:910, source nodes [linear, relu])");
  EXPECT_EQ(L[3].find("; the next launch"), std::string::npos);
  EXPECT_EQ(rt::detail::hostSyncCount(), 0u); // CPU: never a device sync
  // A run that ends normally says nothing.
  {
    rt::RunScope Run(*T.P, nullptr);
    Run.probe(0, rt::kAfter, nullptr, 0, probe());
  }
  EXPECT_EQ(T.lines().size(), 4u);
}

TEST(RunScopeTest, ItsOwnFailureLeavesTheRunWithOneReport) {
  // A check that throws has written its report: the exception leaving the
  // run adds no "run failed" line. A later run's exception still does.
  TestProgram T(testDir());
  std::vector<float> B = {kNaN, 1};
  auto Out = blob(B.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::TensorRef Ts[] = {{"buf1", rt::kOut, Out}};
  EXPECT_THROW(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.probe(1, rt::kAfter, Ts, 1,
                  nanProbe(rt::kOut, rt::kCheckNan, rt::kThrow));
      },
      std::runtime_error);
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_TRUE(
      startsWith(L[0], "[aoti-instrument] NaN in buf1 (1 of 2 elements) after "
                       "#1 "));
  EXPECT_THROW(
      {
        rt::RunScope Run(*T.P, nullptr);
        Run.probe(0, rt::kAfter, nullptr, 0, probe());
        throw std::runtime_error("from the wrapper");
      },
      std::runtime_error);
  L = T.lines();
  ASSERT_EQ(L.size(), 2u) << T.log();
  EXPECT_TRUE(startsWith(L[1],
                         "[aoti-instrument] run 2 failed: an exception left "
                         "run_impl after #0 "));
}

TEST(Prelude, TextIsTheHeader) {
  std::string Cpu = aoti::runtimePrelude(false);
  std::string Cuda = aoti::runtimePrelude(true);
  EXPECT_NE(Cpu.find("#define AOTI_RT_CUDA 0\n"), std::string::npos);
  EXPECT_NE(Cuda.find("#define AOTI_RT_CUDA 1\n"), std::string::npos);
  EXPECT_NE(Cpu.find("class RunScope {"), std::string::npos);
  EXPECT_EQ(Cpu.find("kStatsPtxChunks[] = {"), std::string::npos);
  EXPECT_EQ(Cpu.back(), '\n');
  if (aoti::runtimeHasStatsPtx()) {
    EXPECT_NE(Cuda.find(".entry aoti_rt_stats("), std::string::npos);
    EXPECT_NE(Cuda.find("#define AOTI_RT_HAVE_STATS_PTX 1"), std::string::npos);
  }
  // The CPU text is the header itself (plus the define and the markers).
  EXPECT_NE(Cpu.find("#ifndef AOTI_INSTRUMENT_RUNTIME_H"), std::string::npos);
}

} // namespace
