//===- aoti_rt/fatal_signal.h - The report of a fatal signal ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A SIGABRT, SIGSEGV or SIGBUS handler that writes what the breadcrumbs
// say (the thread's CPU crumb; on CUDA each stream whose launches did not
// all complete) to stderr, the log and the JSON files, with
// async-signal-safe code only, then chains to the previous action.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_FATAL_SIGNAL_H
#define AOTI_RT_FATAL_SIGNAL_H

#include "cpu_crash.h"
#include "cuda_crumbs.h"
#include "format.h"
#include "state.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN // runs once per process, or when it dies
namespace detail {

/// The signals whose handler reports: the driver's abort after a CUDA core
/// dump (CUDA_ENABLE_COREDUMP_ON_EXCEPTION), std::abort, a fault.
constexpr int kFatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS};
constexpr int kNumFatalSignals = 3;
/// The Programs whose sinks the handler knows (more are reported on
/// stderr only).
constexpr int kFatalPrograms = 64;
/// The longest line the handler writes (a longer one ends with "..."),
/// and its JSON event (which is left out when its escaped text is longer:
/// a cut JSON line would not parse).
constexpr size_t kFatalLineMax = 4096;
constexpr size_t kFatalJsonMax = 3 * kFatalLineMax;

/// Where one Program's reports go when the process dies by a signal: the
/// file descriptors of its sinks (-1: none) and its rank tags (rankTags),
/// taken when its first breadcrumb probe ran.
struct FatalSinks {
  const Program *Prog = nullptr;
  int LogFd = -1, JsonlFd = -1, ReportsFd = -1;
  char TagText[96] = {};
  char TagJson[160] = {};
};

struct SignalState {
  struct sigaction Old[kNumFatalSignals];
  std::atomic<bool> Installed{false};
  /// 0: no fatal signal yet; 1: its report is being written; 2: written.
  /// Only the first fatal signal of the process reports.
  std::atomic<int> Reporting{0};
  std::mutex Mutex; ///< the table's writers (never the handler)
  std::atomic<int> NumSinks{0};
  FatalSinks Sinks[kFatalPrograms];
};

inline SignalState &signalState() {
  static SignalState *S = new SignalState(); // never destroyed
  return *S;
}

inline const char *signalName(int Sig) {
  return Sig == SIGABRT   ? "SIGABRT"
         : Sig == SIGSEGV ? "SIGSEGV"
         : Sig == SIGBUS  ? "SIGBUS"
                          : "signal";
}

/// The sinks of \p Prog, else the first Program's (the log of the first
/// instrumented model; null when none is known).
inline const FatalSinks *fatalSinksOf(const Program *Prog) {
  SignalState &SS = signalState();
  int N = SS.NumSinks.load(std::memory_order_acquire);
  for (int I = 0; I < N; ++I)
    if (SS.Sinks[I].Prog == Prog)
      return &SS.Sinks[I];
  return N ? &SS.Sinks[0] : nullptr;
}

/// All of \p Data to \p Fd (write(2) may write part of it).
inline void writeAll(int Fd, const char *Data, size_t N) {
  while (N > 0) {
    ssize_t W = ::write(Fd, Data, N);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0)
      return;
    Data += W;
    N -= static_cast<size_t>(W);
  }
}

/// The JSON event whose members \p WriteJson writes (it gets the sink and
/// the members to put first) on one line to \p Fd, if it fits.
template <class WriteFn>
void writeFatalJson(int Fd, const char *Members, const WriteFn &WriteJson) {
  if (Fd < 0)
    return;
  FixedSink<kFatalJsonMax> Out;
  WriteJson(Out, Members);
  Out.add('\n');
  if (!Out.Cut)
    writeAll(Fd, Out.Data, Out.N);
}

/// One event of the dying process: \p Line, tagged, to stderr and to the
/// log of \p F (its Program's sinks; null: stderr only); its JSON event
/// (\p WriteJson, as writeFatalJson takes it) to the JSONL file and the
/// reports file, as emit() writes them (the reports' led by "pid" and
/// "tid").
template <class WriteFn>
void writeFatalEvent(const FatalSinks *F, FixedSink<kFatalLineMax> &Line,
                     const WriteFn &WriteJson) {
  Line.text();
  FixedSink<kFatalLineMax + sizeof F->TagText + 1> Text;
  writeTagged(Text, Line.Data, Line.N, F ? F->TagText : "");
  Text.add('\n');
  writeAll(2, Text.Data, Text.N);
  if (!F)
    return;
  if (F->LogFd >= 0 && F->LogFd != 2)
    writeAll(F->LogFd, Text.Data, Text.N);
  writeFatalJson(F->JsonlFd, F->TagJson, WriteJson);
  if (F->ReportsFd < 0)
    return;
  FixedSink<sizeof F->TagJson + 64> Members;
  writeReportMembers(Members, static_cast<long>(::getpid()),
                     static_cast<long>(::syscall(SYS_gettid)), F->TagJson);
  writeFatalJson(F->ReportsFd, Members.text(), WriteJson);
}

/// The thread's CPU breadcrumb (writeCpuCrumbReport), as event `signal`:
/// {"event":"signal","signal":"SIGABRT","message":...}.
inline void reportCpuCrumbOnSignal(const char *SigName) {
  const CpuCrumb &C = cpuCrumb();
  FixedSink<kFatalLineMax> Line;
  writeCpuCrumbReport(Line, SigName, C);
  writeFatalEvent(fatalSinksOf(C.Prog), Line,
                  [&](auto &Out, const char *Members) {
                    Out.add('{');
                    Out.add(Members);
                    bool First = true;
                    writeJsonKey(Out, First, "event");
                    writeJsonString(Out, "signal");
                    writeJsonKey(Out, First, "signal");
                    writeJsonString(Out, SigName);
                    writeJsonKey(Out, First, "message");
                    writeJsonString(Out, Line.text());
                    Out.add('}');
                  });
}

#if AOTI_RT_CUDA
/// The error a fatal signal's breadcrumb report names: a signal handler
/// cannot ask the device which one it holds.
constexpr char kSignalCudaError[] = "unknown (not queried in a signal handler)";

/// Each breadcrumb slot with a launch not known to have completed that no
/// report named yet (crumbReportOnSignal), as the end of the process
/// reports it ("[aoti-instrument] CUDA error '...' (at SIGABRT): first
/// launch that did not complete: ..."), one line per slot; how many lines.
inline int reportCrumbsOnSignal(const char *SigName) {
  if (!crumbArenaReady())
    return 0;
  int Lines = 0;
  FixedSink<32> When;
  When.add("at ");
  When.add(SigName);
  When.text();
  for (int I = 0; I < kCrumbSlots; ++I) {
    FixedSink<kFatalLineMax> Line;
    writeCudaErrorHead(Line, kSignalCudaError, When.Data);
    const Program *Prog = nullptr;
    if (!crumbReportOnSignal(Line, I, Prog))
      continue;
    ++Lines;
    writeFatalEvent(fatalSinksOf(Prog), Line,
                    [&](auto &Out, const char *Members) {
                      writeCudaErrorJson(Out, Members, -1, kSignalCudaError,
                                         When.Data, Line.text());
                    });
  }
  return Lines;
}
#endif

/// The report of fatal signal \p SigName. On CUDA the streams' breadcrumbs
/// first; then the thread's CPU breadcrumb, left out when the thread made
/// no instrumented launch and the streams said something (the driver's
/// abort after a core dump comes from a thread of its own).
inline void reportOnSignal(const char *SigName) {
#if AOTI_RT_CUDA
  if (reportCrumbsOnSignal(SigName) > 0 && cpuCrumb().State == 0)
    return;
#endif
  reportCpuCrumbOnSignal(SigName);
}

/// Waits (up to about 2 s) for the report another thread's fatal signal
/// is writing, so that this one does not end the process in its middle.
inline void waitForFatalReport(const SignalState &SS) {
  for (int I = 0; I < 2000 && SS.Reporting.load() != 2; ++I) {
    struct timespec Ms = {0, 1000000};
    nanosleep(&Ms, nullptr);
  }
}

/// The handler: the report (the first fatal signal of the process only;
/// a later one, as from the previous SIGSEGV handler calling abort(), adds
/// nothing), then the previous action put back and the signal delivered
/// again. The handler's own signal is blocked while it runs: the raise()
/// is delivered, to the previous action, when it returns (for a fault, the
/// faulting instruction faults again). Python's faulthandler, a core dump
/// and the default action still happen; nothing loops.
inline void fatalSignalHandler(int Sig, siginfo_t *, void *) {
  const int SavedErrno = errno;
  SignalState &SS = signalState();
  int None = 0;
  if (SS.Reporting.compare_exchange_strong(None, 1)) {
    reportOnSignal(signalName(Sig));
    SS.Reporting.store(2);
  } else {
    waitForFatalReport(SS);
  }
  for (int I = 0; I < kNumFatalSignals; ++I)
    if (kFatalSignals[I] == Sig)
      sigaction(Sig, &SS.Old[I], nullptr);
  raise(Sig);
  errno = SavedErrno;
}

/// Puts the previous actions back when this runtime's code goes away (its
/// library is unloaded, or the process exits) where ours is still
/// installed: a handler left pointing into an unloaded model would crash
/// the next fatal signal.
struct FatalSignalHook {
  ~FatalSignalHook() {
    SignalState &SS = signalState();
    for (int I = 0; I < kNumFatalSignals; ++I) {
      struct sigaction Now;
      if (sigaction(kFatalSignals[I], nullptr, &Now) == 0 &&
          (Now.sa_flags & SA_SIGINFO) &&
          Now.sa_sigaction == &fatalSignalHandler)
        sigaction(kFatalSignals[I], &SS.Old[I], nullptr);
    }
  }
};

/// \p Src into \p Dst, or "" when it does not fit whole.
template <size_t N> void copyIfFits(char (&Dst)[N], const std::string &Src) {
  const bool Fits = Src.size() < N;
  std::memcpy(Dst, Src.c_str(), Fits ? Src.size() + 1 : 1);
  Dst[Fits ? Src.size() : 0] = '\0';
}

/// Enters the sinks of \p S in the handler's table (once per Program).
inline void registerFatalSinks(ProgramState &S) {
  SignalState &SS = signalState();
  std::lock_guard<std::mutex> Lock(SS.Mutex);
  if (S.SignalSinks.load())
    return;
  const int N = SS.NumSinks.load(std::memory_order_relaxed);
  if (N < kFatalPrograms) {
    FatalSinks &F = SS.Sinks[N];
    F.Prog = S.Prog;
    F.LogFd = S.Log ? fileno(S.Log) : -1;
    F.JsonlFd = S.Jsonl ? fileno(S.Jsonl) : -1;
    F.ReportsFd = S.Reports ? fileno(S.Reports) : -1;
    std::string Text, Json;
    rankTags(S, Text, Json);
    copyIfFits(F.TagText, Text);
    copyIfFits(F.TagJson, Json);
    SS.NumSinks.store(N + 1, std::memory_order_release);
  }
  S.SignalSinks.store(true, std::memory_order_release);
}

/// Installs the handler for SIGABRT, SIGSEGV and SIGBUS (once per
/// process), each signal's previous action kept to chain to.
inline void installFatalHandlers() {
  SignalState &SS = signalState();
  if (SS.Installed.exchange(true))
    return;
#if AOTI_RT_CUDA
  (void)crumbArena(); // made now: the handler must not allocate it
#endif
  struct sigaction SA;
  std::memset(&SA, 0, sizeof SA);
  SA.sa_sigaction = &fatalSignalHandler;
  SA.sa_flags = SA_SIGINFO;
  // The other fatal signals wait while the report is written: a fault in
  // the handler itself ends the process (the kernel's default action).
  sigemptyset(&SA.sa_mask);
  for (int Sig : kFatalSignals)
    sigaddset(&SA.sa_mask, Sig);
  for (int I = 0; I < kNumFatalSignals; ++I)
    sigaction(kFatalSignals[I], &SA, &SS.Old[I]);
  static FatalSignalHook Hook;
  (void)Hook;
}

} // namespace detail
AOTI_RT_COLD_END
namespace detail {

/// What a breadcrumb probe calls: the handler installed and the sinks of
/// \p S known to it. One atomic load once done.
inline void installSignalHandler(ProgramState &S) {
  if (S.SignalSinks.load(std::memory_order_acquire))
    return;
  registerFatalSinks(S);
  installFatalHandlers();
}

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_FATAL_SIGNAL_H
