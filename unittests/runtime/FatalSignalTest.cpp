//===- FatalSignalTest.cpp - The report of a fatal signal, on the CPU -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A process that dies by SIGABRT (std::abort, the CUDA driver's abort
// after a core dump) or by a fault, after instrumented launches: each
// scenario runs in a child process, whose stderr, log and JSON lines are
// checked, and whose end tells that the previous action ran. The CUDA
// breadcrumbs' part: CudaCrumbSignalTest.cpp.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <csignal>
#include <cstdlib>

#include <unistd.h>

using namespace aoti_rt_test;

namespace {

/// In the child, as in a fresh process: the default actions, and the
/// runtime's handler not installed yet (an earlier test of this binary may
/// have installed it), so that the runtime installs it over what the test
/// sets up first.
void freshSignals() {
  for (int Sig : {SIGABRT, SIGSEGV, SIGBUS})
    std::signal(Sig, SIG_DFL);
  rt::detail::SignalState &SS = rt::detail::signalState();
  SS.Installed.store(false);
  SS.Reporting.store(0);
}

/// Launches #1 (completed) and #3 (running) of run 1, with CPU
/// breadcrumbs.
void runUpToSite3(const rt::Program &P) {
  rt::Probe Crumb = probe();
  Crumb.breadcrumb = true;
  rt::RunScope Run(P, nullptr);
  Run.probe(1, rt::kBefore, nullptr, 0, Crumb);
  Run.probe(1, rt::kAfter, nullptr, 0, Crumb);
  Run.probe(3, rt::kBefore, nullptr, 0, Crumb);
}

const char kAbortIn3[] = "SIGABRT in #3 cpp_fused_relu_0 (wrapper.cpp:920) "
                         "in run 1";

TEST(FatalSignal, AbortNamesTheRunningLaunchOnStderrInTheLogAndAsJson) {
  TestProgram T(testDir());
  const std::string Jsonl = T.Dir + "/events.jsonl";
  setenv(T.JsonlEnv.c_str(), Jsonl.c_str(), 1);
  ChildEnd End = runInChild(T.Dir + "/stderr", [&] {
    freshSignals();
    runUpToSite3(*T.P);
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  const std::string Line = std::string("[aoti-instrument] ") + kAbortIn3;
  EXPECT_EQ(countContaining(End.Stderr, Line), 1u)
      << readFile(T.Dir + "/stderr");
  EXPECT_EQ(countContaining(T.lines(), Line), 1u) << T.log();
  EXPECT_TRUE(
      contains(linesOf(Jsonl), "{\"event\":\"signal\",\"signal\":\"SIGABRT\","
                               "\"message\":\"" +
                                   Line + "\"}"))
      << readFile(Jsonl);
}

TEST(FatalSignal, AbortWithRankTags) {
  TestProgram T(testDir());
  const std::string Jsonl = T.Dir + "/events.jsonl";
  setenv(T.JsonlEnv.c_str(), Jsonl.c_str(), 1);
  ChildEnd End = runInChild(T.Dir + "/stderr", [&] {
    freshSignals();
    setenv("RANK", "3", 1); // read when the Program first runs
    runUpToSite3(*T.P);
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  EXPECT_EQ(
      countContaining(T.lines(),
                      std::string("[aoti-instrument rank 3] ") + kAbortIn3),
      1u)
      << T.log();
  EXPECT_TRUE(contains(linesOf(Jsonl), "{\"rank\":3,\"event\":\"signal\""))
      << readFile(Jsonl);
}

/// The test's own SIGABRT handler, installed before the runtime's: it
/// says that it ran and returns (abort() then ends the process).
void previousAbortHandler(int) {
  const char Msg[] = "previous SIGABRT handler ran\n";
  ssize_t R = write(2, Msg, sizeof Msg - 1);
  (void)R;
}

TEST(FatalSignal, ThePreviousHandlerRunsAfterTheReport) {
  TestProgram T(testDir());
  ChildEnd End = runInChild(T.Dir + "/stderr", [&] {
    freshSignals();
    std::signal(SIGABRT, &previousAbortHandler);
    runUpToSite3(*T.P);
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  ASSERT_EQ(End.Stderr.size(), 2u) << readFile(T.Dir + "/stderr");
  EXPECT_EQ(End.Stderr[0], std::string("[aoti-instrument] ") + kAbortIn3);
  EXPECT_EQ(End.Stderr[1], "previous SIGABRT handler ran");
}

/// A SIGSEGV handler before the runtime's that ends the process by
/// abort(), as some crash reporters do.
void previousSegvHandler(int) { std::abort(); }

TEST(FatalSignal, ASecondFatalSignalAddsNoSecondReport) {
  TestProgram T(testDir());
  ChildEnd End = runInChild(T.Dir + "/stderr", [&] {
    freshSignals();
    std::signal(SIGSEGV, &previousSegvHandler);
    runUpToSite3(*T.P);
    std::raise(SIGSEGV);
  });
  EXPECT_TRUE(End.killedBy(SIGABRT))
      << "the SIGSEGV handler before ours ran and aborted; status "
      << End.Status;
  EXPECT_EQ(countContaining(End.Stderr, "[aoti-instrument]"), 1u)
      << readFile(T.Dir + "/stderr");
  EXPECT_EQ(countContaining(End.Stderr,
                            "[aoti-instrument] SIGSEGV in #3 cpp_fused_relu_0"),
            1u);
  EXPECT_EQ(countContaining(T.lines(), "[aoti-instrument]"), 1u) << T.log();
}

TEST(FatalSignal, AbortOnAThreadWithoutLaunches) {
  TestProgram T(testDir());
  ChildEnd End = runInChild(T.Dir + "/stderr", [&] {
    freshSignals();
    runUpToSite3(*T.P);
    rt::detail::cpuCrumb() = rt::detail::CpuCrumb{nullptr, nullptr, -1, 0, 0};
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  EXPECT_EQ(countContaining(End.Stderr, "[aoti-instrument] SIGABRT before any "
                                        "instrumented launch of this thread"),
            1u)
      << readFile(T.Dir + "/stderr");
}

} // namespace
