//===- FaultTest.cpp - Fault scenarios, each in a process of its own ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuFaults.*: each scenario of gpu_fault_driver (fault_driver.cpp) run in
// a process of its own (the CUDA context is lost after a fault; some end by
// a signal), its stdout and stderr matched line by line, its exit status
// checked.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <regex>
#include <sstream>

namespace {

/// gpu_fault_driver: GPU_TEST_DRIVER, else the build's, else the one beside
/// this binary.
std::string driverPath() {
  if (const char *D = envOr("GPU_TEST_DRIVER", GPU_TEST_DEFAULT_DRIVER))
    return D;
  char Self[4096];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof Self - 1);
  std::string Dir = N > 0 ? std::string(Self, static_cast<size_t>(N)) : "";
  return Dir.substr(0, Dir.rfind('/') + 1) + "gpu_fault_driver";
}

/// One scenario of gpu_fault_driver in a process of its own (\p Env: variables
/// set for it): its stdout and stderr, and how it ended.
struct ModeRun {
  std::string out;
  int exitCode = -1; ///< the exit status, or 128 + the signal
};
ModeRun runMode(const std::string &Mode, const std::string &Env = "") {
  std::string Cmd = (Env.empty() ? "" : "env " + Env + " ") + "'" +
                    driverPath() + "' " + Mode + " 2>&1";
  ModeRun R;
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, P)) > 0)
    R.out.append(Buf, N);
  int St = pclose(P);
  R.exitCode = WIFEXITED(St) ? WEXITSTATUS(St) : 128 + WTERMSIG(St);
  return R;
}

/// Lines of \p Out matching \p Pattern (ECMAScript).
int matches(const std::string &Out, const std::string &Pattern) {
  std::regex Re(Pattern);
  std::istringstream In(Out);
  int N = 0;
  for (std::string L; std::getline(In, L);)
    N += std::regex_search(L, Re);
  return N;
}

#define EXPECT_LINE(R, Pattern, What)                                          \
  EXPECT_GE(matches((R).out, Pattern), 1) << (What) << "\n" << (R).out
#define EXPECT_LINES(R, Pattern, Count, What)                                  \
  EXPECT_EQ(matches((R).out, Pattern), Count) << (What) << "\n" << (R).out

class GpuFaults : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Why;
    if (!haveGpu(Why))
      GTEST_SKIP() << "no GPU here (" << Why
                   << "): run on the GPU machine, ctest -L gpu";
  }
};

/// The report of the faulting launch #1 after #0 completed.
const std::string First =
    "first launch that did not complete: #1 bad_kernel \\(wrapper.cpp:1002, "
    "source nodes \\[gather\\]\\) in run 1; last completed: #0 tiny_ok "
    "\\(wrapper.cpp:1001";
const std::string Ima =
    "CUDA error 'an illegal memory access was encountered' ";

TEST_F(GpuFaults, ReportedWhenAnExceptionLeavesTheRun) {
  ModeRun R = runMode("ima-unwind");
  EXPECT_LINE(R, Ima + "\\(while run 1 unwound\\): " + First,
              "reported while the exception left run_impl");
  EXPECT_LINES(R, "first launch that did not complete", 1,
               "reported once (not again at exit)");
  EXPECT_LINE(R,
              Ima + "\\(while run 1 unwound\\): " + First +
                  "[^;]*; to replay it alone, add to the rules: "
                  "\\{name: capture-1, match: \\{ordinals: \"1\"\\}, "
                  "capture: true\\}",
              "the rule that captures the named launch");
}

TEST_F(GpuFaults, ReportedWhenTheNextRunStarts) {
  ModeRun R = runMode("ima-next-run");
  EXPECT_LINE(R, Ima + "\\(when run 2 started\\): " + First,
              "reported when the next run started");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
}

TEST_F(GpuFaults, ReportedAtExitByStreamMemops) {
  ModeRun R = runMode("ima-exit");
  EXPECT_LINE(R, Ima + "\\(at process exit\\): " + First,
              "reported at process exit");
  EXPECT_LINES(R, "fall back to host functions", 0,
               "stream memory operations write the breadcrumbs");
}

TEST_F(GpuFaults, NamedWithLaterLaunchesEnqueued) {
  ModeRun R = runMode("ima-later-launches");
  EXPECT_LINE(R, First,
              "names the faulting launch although later launches "
              "were enqueued");
}

TEST_F(GpuFaults, SparseCrumbsNameAWindowAndTheRule) {
  ModeRun R = runMode("ima-sparse");
  EXPECT_LINE(R,
              Ima + "\\(at process exit\\): first launch that did not "
                    "complete: one of #0 tiny_ok \\(wrapper.cpp:1001, source "
                    "nodes \\[embedding\\]\\) in run 1, #1 bad_kernel "
                    "\\(wrapper.cpp:1002, source nodes \\[gather\\]\\) in run "
                    "1, #2 tiny_after \\(wrapper.cpp:1003\\) in run 1, #2 "
                    "tiny_after \\(wrapper.cpp:1003\\) in run 1 \\(one "
                    "breadcrumb per 4 launches\\); last completed: #0 tiny_ok",
              "the fault named among the 4 launches after the last crumb");
  EXPECT_LINE(R,
              "last completed: #0 tiny_ok \\(wrapper.cpp:1001[^;]*; to name "
              "it exactly if it comes again, add to the rules: \\{name: "
              "exact-window, match: \\{ordinals: \"0-2\"\\}, breadcrumb: "
              "true\\}",
              "the report gives the rule that makes its launches exact");
}

TEST_F(GpuFaults, WindowCrumbsNameTheWindowTheFaultIsIn) {
  ModeRun R = runMode("ima-window");
  EXPECT_LINE(R,
              Ima + "\\(at process exit\\): first launch that did not "
                    "complete: one of #0 tiny_ok \\(wrapper.cpp:1001, source "
                    "nodes \\[embedding\\]\\) in run 1, #1 bad_kernel "
                    "\\(wrapper.cpp:1002, source nodes \\[gather\\]\\) in run "
                    "1, #2 tiny_after \\(wrapper.cpp:1003\\) in run 1 "
                    "\\(breadcrumbs at most 8 launches apart, no Triton kernel "
                    "twice between two\\); last completed: #0 tiny_ok",
              "the fault named among the launches after the last window");
}

TEST_F(GpuFaults, TheSparseReportsRuleNamesTheLaunchExactly) {
  ModeRun R = runMode("ima-sparse-window");
  EXPECT_LINE(R, Ima + "\\(at process exit\\): " + First,
              "with that rule the faulting launch is named exactly");
  EXPECT_LINES(R, "one of|exact-window", 0, "no list, no rule to add");
}

TEST_F(GpuFaults, SparseCrumbsWithNoneAfterTheFault) {
  ModeRun R = runMode("ima-sparse-open");
  EXPECT_LINE(R,
              "launches not known to have completed: #0 tiny_ok "
              "\\(wrapper.cpp:1001, source nodes \\[embedding\\]\\) in run 1, "
              "#1 bad_kernel \\(wrapper.cpp:1002, source nodes \\[gather\\]\\) "
              "in run 1 \\(one breadcrumb per 4 launches, none after these: "
              "the fault may also be in work enqueued after them\\); last "
              "completed: #0 tiny_ok",
              "says the fault may be later");
  EXPECT_LINE(R,
              "enqueued after them\\); last completed: #0 tiny_ok "
              "\\(wrapper.cpp:1001[^;]*; to name it exactly if it comes "
              "again, add to the rules: \\{name: exact-window, match: "
              "\\{ordinals: \"0-1\"\\}, breadcrumb: true\\}",
              "and gives the rule");
}

TEST_F(GpuFaults, SyncProbeNamesAndThrows) {
  ModeRun R = runMode("ima-sync");
  EXPECT_LINE(R,
              Ima + "at or before #1 bad_kernel \\(wrapper.cpp:1002, source "
                    "nodes \\[gather\\]\\) in run 1; every instrumented launch "
                    "completed, the last was #0 tiny_ok",
              "the sync probe names the launch");
  EXPECT_LINE(R, "caught: \\[aoti-instrument\\] CUDA error",
              "the sync probe throws");
}

TEST_F(GpuFaults, ReportedAtStdTerminate) {
  ModeRun R = runMode("ima-terminate");
  EXPECT_LINE(R, Ima + "\\(at std::terminate\\): " + First,
              "reported when a destructor's throw ends the process");
  EXPECT_LINE(R, "terminate called", "then the previous handler runs");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
}

/// The head of a report a fatal signal's handler gives: the device was not
/// asked which error it holds.
const std::string AtSigabrt = "CUDA error 'unknown \\(not queried in a "
                              "signal handler\\)' \\(at SIGABRT\\): ";

TEST_F(GpuFaults, ReportedAtSigabrt) {
  ModeRun R = runMode("ima-abort");
  EXPECT_LINE(R, AtSigabrt + First, "reported by the SIGABRT handler");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT)
      << "the default action ran after the report\n"
      << R.out;
}

TEST_F(GpuFaults, ReportedWhenTheDriverAbortsAfterACoreDump) {
  ModeRun R = runMode("ima-coredump", "CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 "
                                      "CUDA_ENABLE_LIGHTWEIGHT_COREDUMP=1 "
                                      "CUDA_COREDUMP_FILE=" +
                                          outDir() + "/ima-coredump.%p");
  EXPECT_LINES(R, "^no abort", 0, "the driver aborts after its core dump");
  EXPECT_LINE(R, AtSigabrt + First, "reported by the SIGABRT handler");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT) << R.out;
}

TEST_F(GpuFaults, AnUnloadedPreviousHandlerIsNotCalled) {
  const char *So = envOr("GPU_TEST_HANDLER_SO", GPU_TEST_DEFAULT_HANDLER_SO);
  ASSERT_TRUE(So) << "GPU_TEST_HANDLER_SO (first_handler.cpp's library)";
  ModeRun R = runMode("ima-terminate-unloaded",
                      std::string("GPU_TEST_HANDLER_SO=") + So);
  EXPECT_LINE(R, Ima + "\\(at std::terminate\\): " + First,
              "reported after the first handler's library was unloaded");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT)
      << "aborts; 139 is a segfault in the unloaded handler\n"
      << R.out;
  EXPECT_LINES(R, "first handler", 0, "the unloaded handler is not called");
}

TEST_F(GpuFaults, HostFunctionBreadcrumbs) {
  ModeRun R = runMode("ima-hostfn");
  EXPECT_LINE(R, First, "host-function breadcrumbs name the faulting launch");
  EXPECT_LINE(R,
              "breadcrumbs fall back to host functions "
              "\\(cuStreamWriteValue32: operation not supported",
              "the fallback is said once");
}

TEST_F(GpuFaults, ConcurrentServingNamesTheThreadIn20Of20) {
  int Named = 0;
  std::string Miss;
  for (int I = 0; I < 20; ++I) {
    ModeRun R = runMode("ima-threads");
    std::smatch M;
    std::regex Tid("thread 2 tid ([0-9]+) stream (0x[0-9a-f]+)");
    bool Ok = R.out.find("all threads joined") != std::string::npos &&
              std::regex_search(R.out, M, Tid) &&
              matches(R.out, "thread " + M[1].str() + ", stream " + M[2].str() +
                                 ": first launch that did not complete: #1 "
                                 "bad_kernel \\(wrapper.cpp:1002, source "
                                 "nodes \\[gather\\]\\) in run [0-9]+") > 0;
    Named += Ok;
    if (!Ok && Miss.empty())
      Miss = R.out;
  }
  EXPECT_EQ(Named, 20) << "the faulting launch named with its thread and "
                          "stream, every thread stopped; a miss:\n"
                       << Miss;
}

TEST_F(GpuFaults, DeferredPrintsAroundAFault) {
  ModeRun R = runMode("ima-print-deferred");
  EXPECT_LINE(R,
              "run 1 after #0 tiny_ok   buf0 out float32 \\[16\\] strides "
              "\\[1\\] cuda:0 numel 16 min 3 max 3",
              "the lines of the launch that completed");
  EXPECT_LINE(R, Ima + "while reading the deferred probes of run 1; " + First,
              "then the error, naming the faulting launch");
  EXPECT_LINES(R, "after #[12] ", 0,
               "no lines of the launches that did not run");
}

TEST_F(GpuFaults, DeferredThrowWithoutFinishAborts) {
  ModeRun R = runMode("deferred-abort");
  EXPECT_LINE(R, "probe returned",
              "the deferred probe does not fail at the "
              "launch");
  EXPECT_LINE(R,
              "NaN in buf3 \\(1 of 2 elements\\) after #3 triton_per_fused_x "
              "\\(wrapper.cpp:916, source nodes \\[linear, log\\]\\) in run 1; "
              "no input tensors to compare",
              "~RunScope reports the deferred NaN");
  EXPECT_LINE(R,
              "error: the NaN check above cannot throw at the end of run 1 "
              "\\(the wrapper does not call RunScope::finish\\(\\)\\): "
              "aborting",
              "then aborts");
}

/// The lines of \p Out that the no-jit mode prefixed with INFO (the
/// runtime's log), without the prefix.
std::vector<std::string> infoLines(const std::string &Out) {
  std::vector<std::string> L;
  std::istringstream In(Out);
  for (std::string S; std::getline(In, S);)
    if (S.rfind("INFO ", 0) == 0)
      L.push_back(S.substr(5));
  return L;
}

TEST_F(GpuFaults, WithoutPtxJitTheChecksComeFromHostCopies) {
  ModeRun R = runMode("no-jit", "CUDA_DISABLE_PTX_JIT=1 CUDA_CACHE_DISABLE=1");
  EXPECT_EQ(R.exitCode, 0) << R.out;
  EXPECT_LINES(R, "^FAIL", 0,
               "every check of the mode passes (the mode checks nothing: no "
               "exception)");
  EXPECT_LINE(R, "^DONE", "the mode finished");
  const std::vector<std::string> L = infoLines(R.out);
  size_t Warned = 0;
  for (const std::string &Line : L)
    Warned +=
        Line.find("warning: device statistics unavailable: "
                  "cuModuleLoadData: ") != std::string::npos &&
        Line.find("; host copies are used, much slower") != std::string::npos;
  EXPECT_TRUE(Warned == 1) << "no PTX JIT: the runtime says why once, over two "
                              "Programs and four runs (" +
                                  std::to_string(Warned) + ")";
  EXPECT_TRUE(contains(L, "x out float32 [4] strides [1] cuda:0 numel 4 min "
                          "-2 max 4 mean 1 nan 1 inf 0"))
      << "no PTX JIT: the statistics, from host copies, are right";
  EXPECT_TRUE(contains(L, "NaN in x (1 of 4 elements) after #3 "
                          "triton_per_fused_x"))
      << "no PTX JIT: the NaN check names the launch";
  unsigned long long Stats = 1, Nan = 1;
  std::smatch M;
  if (std::regex_search(R.out, M,
                        std::regex("PASSES stats ([0-9]+) nan ([0-9]+)"))) {
    Stats = std::stoull(M[1].str());
    Nan = std::stoull(M[2].str());
  }
  EXPECT_TRUE(Stats == 0 && Nan == 0)
      << "no PTX JIT: no pass of the runtime's kernels ran";
}

} // namespace
