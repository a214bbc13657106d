//===- CudaCrumbSignalTest.cpp - CUDA breadcrumbs on a fatal signal -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime compiled for a CUDA wrapper (AOTI_RT_CUDA), run without a
// GPU: the breadcrumb arena's page is ordinary memory, set as the device
// leaves it after a fault (slot 0: launches 1..Enq enqueued, 1..Done
// completed). Each scenario ends in a child process by SIGABRT, as when
// the CUDA driver aborts after writing a core dump
// (CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1): its report must be the one the
// normal path (crumbReport) gives, once.
//
// AOTIRuntimeCudaHostTests (CMakeLists.txt): the aoti_rt headers included
// directly, linked with the CUDA runtime library (never called into a
// device here). On a GPU: gpu/fault_driver.cpp's ima-abort and ima-coredump.
//
//===----------------------------------------------------------------------===//

#define AOTI_RT_CUDA 1
#include "aoti_rt/fatal_signal.h"

#include "RuntimeTestFiles.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

using namespace aoti_rt_test;
namespace rt = ::aoti_rt;
namespace dt = ::aoti_rt::detail;

namespace {

const rt::SiteInfo kSites[] = {
    {0, "tiny_ok", "triton", 1001, "embedding", ""},
    {1, "bad_kernel", "triton", 1002, "gather", ""},
    {2, "tiny_after", "triton", 1003, "", ""},
};

/// A Program whose log and JSON lines go to files of \p Dir.
struct CudaProgram {
  rt::Program *P;
  std::string Log, Jsonl;
  explicit CudaProgram(const std::string &Dir)
      : Log(Dir + "/events.log"), Jsonl(Dir + "/events.jsonl") {
    static int Counter = 0;
    const std::string N = std::to_string(++Counter);
    const std::string LogEnv = "AOTI_RT_CUDA_TEST_LOG_" + N;
    const std::string JsonlEnv = "AOTI_RT_CUDA_TEST_JSONL_" + N;
    setenv(LogEnv.c_str(), Log.c_str(), 1);
    setenv(JsonlEnv.c_str(), Jsonl.c_str(), 1);
    P = new rt::Program{"/tmp/torchinductor_root/abc/wrapper.cpp",
                        "digest",
                        kSites,
                        3,
                        "AOTI_RT_CUDA_TEST_DISABLE",
                        strdup(LogEnv.c_str()),
                        strdup(JsonlEnv.c_str()),
                        "",
                        strdup((Dir + "/saves").c_str()),
                        0,
                        0,
                        8};
  }
};

/// The arena as the device leaves it: slot \p Index's launches 1..Enq of
/// run 1 are the sites \p Ordinals, each enqueued with crumb_every \p
/// Every; 1..Done completed. Not reported yet.
void setSlot(const rt::Program &P, int Index, uint32_t Done,
             const std::vector<int> &Ordinals, int Every) {
  static uint32_t Page[dt::kCrumbSlots * dt::kCrumbStride];
  dt::CrumbArena &A = dt::crumbArena();
  A.Host = Page;
  A.Ok = true;
  A.Ready.store(true);
  dt::CrumbSlot &S = dt::crumbSlot(Index);
  const uint32_t Enq = static_cast<uint32_t>(Ordinals.size());
  for (uint32_t Seq = 1; Seq <= Enq; ++Seq)
    S.Ring[Seq % dt::kCrumbRing] = dt::CrumbRecord{
        &P,
        Ordinals[Seq - 1],
        1,
        static_cast<uint8_t>(Every),
        false,
        dt::crumbWritten(Seq, 0, dt::CrumbPolicy{static_cast<uint8_t>(Every)})};
  S.Enqueued = Enq;
  S.Reported = 0;
  Page[Index * dt::kCrumbStride] = Done;
}

/// In the child, as in a fresh process: the default actions, the handler
/// installed by the runtime (as a breadcrumb probe of \p P does).
void installFresh(const rt::Program &P) {
  for (int Sig : {SIGABRT, SIGSEGV, SIGBUS})
    std::signal(Sig, SIG_DFL);
  dt::signalState().Installed.store(false);
  dt::signalState().Reporting.store(0);
  dt::installSignalHandler(*dt::stateFor(P));
}

const std::string kHead = "[aoti-instrument] CUDA error 'unknown (not "
                          "queried in a signal handler)' (at SIGABRT): ";

/// The normal path's report of slot \p Index (then marked unreported
/// again).
std::string normalReport(int Index) {
  std::string R = dt::crumbReport(Index, /*Force=*/true);
  dt::crumbSlot(Index).Reported = 0;
  return R;
}

TEST(CudaCrumbSignal, AbortReportsTheFirstLaunchThatDidNotComplete) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  const std::vector<int> Ordinals = {0, 1, 2};
  setSlot(*Prog.P, 0, 1, Ordinals, 1);
  const std::string Report = normalReport(0);
  ASSERT_EQ(Report,
            "first launch that did not complete: #1 bad_kernel "
            "(wrapper.cpp:1002, source nodes [gather]) in run 1; last "
            "completed: #0 tiny_ok (wrapper.cpp:1001, source nodes "
            "[embedding]) in run 1; to replay it alone, add to the rules: "
            "{name: capture-1, match: {ordinals: \"1\"}, capture: true}");
  ChildEnd End = runInChild(Dir + "/stderr", [&] {
    installFresh(*Prog.P);
    setSlot(*Prog.P, 0, 1, Ordinals, 1);
    setSlot(*Prog.P, 1, 3, Ordinals, 1); // all completed: nothing to say
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  EXPECT_EQ(countContaining(End.Stderr, "CUDA error"), 1u)
      << readFile(Dir + "/stderr");
  EXPECT_TRUE(contains(End.Stderr, kHead + Report));
  // This thread made no launch (the driver aborts from a thread of its
  // own): no line of its CPU breadcrumb beside the streams' report.
  EXPECT_EQ(countContaining(End.Stderr, "SIGABRT before any"), 0u)
      << readFile(Dir + "/stderr");
  EXPECT_EQ(countContaining(linesOf(Prog.Log), "CUDA error"), 1u);
  EXPECT_TRUE(contains(linesOf(Prog.Log), kHead + Report))
      << readFile(Prog.Log);
  std::string Json;
  dt::StringSink Out{Json};
  dt::writeCudaErrorJson(Out, "", -1,
                         "unknown (not queried in a signal handler)",
                         "at SIGABRT", (kHead + Report).c_str());
  EXPECT_TRUE(contains(linesOf(Prog.Jsonl), Json)) << readFile(Prog.Jsonl);
}

TEST(CudaCrumbSignal, SparseCrumbsGiveTheWindowAndTheRule) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  // One crumb per 4 launches: #0 completed (crumb 4), the one after #2's
  // second launch (crumb 8) never arrived.
  const std::vector<int> Ordinals = {0, 0, 0, 0, 0, 1, 2, 2};
  setSlot(*Prog.P, 0, 4, Ordinals, 4);
  const std::string Report = normalReport(0);
  ASSERT_EQ(Report,
            "first launch that did not complete: one of #0 tiny_ok "
            "(wrapper.cpp:1001, source nodes [embedding]) in run 1, #1 "
            "bad_kernel (wrapper.cpp:1002, source nodes [gather]) in run 1, "
            "#2 tiny_after (wrapper.cpp:1003) in run 1, #2 tiny_after "
            "(wrapper.cpp:1003) in run 1 (one breadcrumb per 4 launches); "
            "last completed: #0 tiny_ok (wrapper.cpp:1001, source nodes "
            "[embedding]) in run 1; to name it exactly if it comes again, add "
            "to the rules: {name: exact-window, match: {ordinals: \"0-2\"}, "
            "breadcrumb: true}");
  ChildEnd End = runInChild(Dir + "/stderr", [&] {
    installFresh(*Prog.P);
    setSlot(*Prog.P, 0, 4, Ordinals, 4);
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  EXPECT_TRUE(contains(End.Stderr, kHead + Report))
      << readFile(Dir + "/stderr");
  EXPECT_TRUE(contains(linesOf(Prog.Log), kHead + Report))
      << readFile(Prog.Log);
}

TEST(CudaCrumbSignal, TheAbortAfterTheTerminateReportAddsNoCopy) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  ChildEnd End = runInChild(Dir + "/stderr", [&] {
    installFresh(*Prog.P);
    setSlot(*Prog.P, 0, 1, {0, 1, 2}, 1);
    // What crumbAtTerminate reports before its std::abort().
    dt::crumbReportAtEnd(cudaErrorIllegalAddress, "at std::terminate");
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  std::vector<std::string> Log = linesOf(Prog.Log);
  EXPECT_EQ(countContaining(Log, "first launch that did not complete"), 1u)
      << readFile(Prog.Log);
  EXPECT_EQ(countContaining(Log, "(at std::terminate): first launch that did "
                                 "not complete: #1 bad_kernel"),
            1u);
  EXPECT_EQ(countContaining(Log, "(at SIGABRT)"), 0u);
  EXPECT_EQ(countContaining(End.Stderr, "CUDA error"), 0u)
      << readFile(Dir + "/stderr");
}

TEST(CudaCrumbSignal, TheLaunchingThreadsLineFollowsTheStreams) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  ChildEnd End = runInChild(Dir + "/stderr", [&] {
    installFresh(*Prog.P);
    setSlot(*Prog.P, 0, 1, {0, 1}, 1);
    dt::cpuCrumb() = dt::CpuCrumb{Prog.P, dt::findSite(*Prog.P, 1), 1, 1, 2};
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  ASSERT_EQ(End.Stderr.size(), 2u) << readFile(Dir + "/stderr");
  EXPECT_EQ(End.Stderr[0].rfind(kHead, 0), 0u) << End.Stderr[0];
  // On the host the launch returned; whether the device ran it, only the
  // line above says.
  EXPECT_EQ(End.Stderr[1], "[aoti-instrument] SIGABRT after #1 bad_kernel "
                           "(wrapper.cpp:1002, source nodes [gather]) in run "
                           "1 (the last instrumented launch this thread "
                           "enqueued)");
}

TEST(CudaCrumbSignal, EachStreamInFlightHasItsLine) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  ChildEnd End = runInChild(Dir + "/stderr", [&] {
    installFresh(*Prog.P);
    setSlot(*Prog.P, 0, 0, {0}, 1);
    setSlot(*Prog.P, 1, 1, {0, 1}, 1);
    dt::crumbSlot(1).Lane = 1;
    dt::crumbSlot(1).Stream = "stream1";
    std::abort();
  });
  EXPECT_TRUE(End.killedBy(SIGABRT)) << "status " << End.Status;
  EXPECT_EQ(countContaining(End.Stderr, "CUDA error"), 2u)
      << readFile(Dir + "/stderr");
  EXPECT_TRUE(contains(End.Stderr,
                       kHead + "first launch that did not complete: #0 "
                               "tiny_ok (wrapper.cpp:1001, source nodes "
                               "[embedding]) in run 1; last completed: none"));
  EXPECT_TRUE(contains(End.Stderr, kHead +
                                       "on stream1: first launch that did not "
                                       "complete: #1 bad_kernel"));
}

/// The slot's own thread records without a lock: each record, then
/// Enqueued; the first one also names the thread.
TEST(CudaCrumbSlot, RecordsInOrderAndNamesTheThread) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  dt::CrumbSlot S;
  for (int Ordinal : {2, 0, 1})
    dt::crumbRecord(S, *Prog.P, Ordinal, 7, nullptr, 0, nullptr,
                    dt::CrumbPolicy{4});
  EXPECT_EQ(S.Enqueued.load(), 3u);
  EXPECT_EQ(S.Tid, static_cast<long>(::syscall(SYS_gettid)));
  for (uint32_t Seq : {1u, 2u, 3u}) {
    const dt::CrumbRecord &R = S.Ring[Seq % dt::kCrumbRing];
    EXPECT_EQ(R.Prog, Prog.P);
    EXPECT_EQ(R.Run, 7);
    EXPECT_EQ(R.Every, 4);
  }
  EXPECT_EQ(S.Ring[1].Ordinal, 2);
  EXPECT_EQ(S.Ring[3].Ordinal, 1);
  EXPECT_FALSE(S.Shared.load());
}

/// A window's crumb (rules `breadcrumb: {window: N}`) is written where the
/// planner closed the window, or where it reached N launches at run time;
/// the report says how the crumbs were spaced.
TEST(CudaCrumbSlot, AWindowClosesWhereThePlannerSaysOrAtItsMostLaunches) {
  const std::string Dir = testDir();
  CudaProgram Prog(Dir);
  const int Index = 5;
  setSlot(*Prog.P, Index, 0, {}, 1);
  dt::CrumbSlot &S = dt::crumbSlot(Index);
  S.LastWritten = 0;
  const dt::CrumbPolicy Open{3, true, false}, Close{3, true, true};
  std::vector<bool> Written;
  for (const dt::CrumbPolicy &Pol : {Open, Open, Close, Open, Open, Open, Open})
    Written.push_back(
        dt::crumbRecord(S, *Prog.P, 1, 1, nullptr, 0, nullptr, Pol).Written);
  EXPECT_EQ(Written,
            std::vector<bool>({false, false, true, false, false, true, false}));
  EXPECT_EQ(S.LastWritten, 6u);
  dt::crumbArena().Host[Index * dt::kCrumbStride] = 3; // crumb 6 never came
  EXPECT_EQ(normalReport(Index),
            "first launch that did not complete: one of #1 bad_kernel "
            "(wrapper.cpp:1002, source nodes [gather]) in run 1, #1 bad_kernel "
            "(wrapper.cpp:1002, source nodes [gather]) in run 1, #1 bad_kernel "
            "(wrapper.cpp:1002, source nodes [gather]) in run 1 (breadcrumbs "
            "at most 3 launches apart, no Triton kernel twice between two); "
            "last completed: #1 bad_kernel (wrapper.cpp:1002, source nodes "
            "[gather]) in run 1; to name it exactly if it comes again, add to "
            "the rules: {name: exact-window, match: {ordinals: \"1\"}, "
            "breadcrumb: true}");
}

/// Once every slot is taken, a new thread's slot is an earlier one's, and
/// it is marked Shared: its writers then take the lock.
TEST(CudaCrumbSlot, SharedOnceEverySlotIsTaken) {
  const int First = dt::crumbArena().NextSlot.load();
  std::vector<bool> ClaimedAgain(dt::kCrumbSlots, false);
  for (int N = First; N < dt::kCrumbSlots + 3; ++N) {
    const int Index = dt::claimCrumbSlot();
    EXPECT_EQ(Index, N % dt::kCrumbSlots);
    if (N >= dt::kCrumbSlots)
      ClaimedAgain[static_cast<size_t>(Index)] = true;
  }
  for (int I = 0; I < dt::kCrumbSlots; ++I)
    EXPECT_EQ(dt::crumbSlot(I).Shared.load(), ClaimedAgain[I]) << "slot " << I;
}

} // namespace
