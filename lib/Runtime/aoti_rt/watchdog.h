//===- aoti_rt/watchdog.h - Hangs named while they hang ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thread of its own watches every run in progress (WatchCell, written by
// the run's probes with a few relaxed stores) and, on CUDA, every stream's
// breadcrumbs (read from the mapped page). A run whose probes reached no
// new launch, or a stream whose crumbs did not advance, for the deadline is
// reported: on stderr, in the JSON events and the reports file (as the
// run's thread, so that Python's call of it gets the report), naming the
// launch it is in or the first one that did not complete, and the loop it
// goes round in. Then the watchdog acts: `report` goes on waiting, `abort`
// ends the process, `dump` first triggers the CUDA driver's user-induced
// core dump (armed before CUDA starts) for `aoti-instrument explain`.
//
// Off unless the rules' `settings: {watchdog: ...}` or
// AOTI_INSTRUMENT_WATCHDOG asks for it; no GPU work and no host sync. The
// clock starts at each run: a first call that autotunes or loads is not a
// hang. A loop's iterations are not progress (the same launches again): the
// deadline must be longer than the longest legitimate while_loop.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_WATCHDOG_H
#define AOTI_RT_WATCHDOG_H

#include "coredump.h"
#include "cpu_crash.h"
#include "cuda_api.h"
#include "state.h"
#include "watch_cell.h"
#if AOTI_RT_CUDA
#include "cuda_crumbs.h"
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Runs watched at once; a run beyond them is not watched (said once).
constexpr int kWatchCells = 256;

/// A deadline and what to do after it; Ms 0: off.
struct WatchConfig {
  int Ms = 0;
  WatchdogThen Then = kWatchReport;
};

inline const char *watchThenName(WatchdogThen T) {
  return T == kWatchAbort ? "abort" : T == kWatchDump ? "dump" : "report";
}

/// AOTI_INSTRUMENT_WATCHDOG's value: seconds (`30`, `2.5`) or with a unit
/// (`500ms`, `30s`, `2m`), then optionally `:report`, `:abort` or `:dump`;
/// `0` or `off`: off. False when \p Text is none of these.
inline bool parseWatchdog(const char *Text, WatchConfig &C) {
  std::string T(Text);
  std::string Then;
  size_t Colon = T.find(':');
  if (Colon != std::string::npos) {
    Then = T.substr(Colon + 1);
    T.resize(Colon);
  }
  C = WatchConfig{};
  if (T == "off" || T == "0")
    return Then.empty();
  char *End = nullptr;
  double V = std::strtod(T.c_str(), &End);
  if (End == T.c_str() || !(V > 0))
    return false;
  std::string Unit(End);
  double Scale = Unit.empty() || Unit == "s" ? 1000.0
                 : Unit == "ms"              ? 1.0
                 : Unit == "m"               ? 60000.0
                                             : -1.0;
  if (Scale < 0 || V * Scale > 86400e3 || V * Scale < 1)
    return false;
  C.Ms = static_cast<int>(V * Scale);
  if (Then.empty() || Then == "report")
    C.Then = kWatchReport;
  else if (Then == "abort")
    C.Then = kWatchAbort;
  else if (Then == "dump")
    C.Then = kWatchDump;
  else
    return false;
  return true;
}

/// The process's AOTI_INSTRUMENT_WATCHDOG, read once: whether it is set
/// (it then overrides every program's rules) and what it says. A value not
/// understood turns the watchdog off, said once on stderr.
inline const std::pair<bool, WatchConfig> &watchEnv() {
  static const std::pair<bool, WatchConfig> Env = [] {
    const char *V = std::getenv("AOTI_INSTRUMENT_WATCHDOG");
    WatchConfig C;
    if (!V || !*V)
      return std::make_pair(false, C);
    if (!parseWatchdog(V, C)) {
      std::string Shown;
      for (const char *P = V; *P && Shown.size() < 64; ++P)
        Shown += (*P >= 0x20 && *P < 0x7f) ? *P : '?';
      std::fprintf(stderr,
                   "[aoti-instrument] warning: AOTI_INSTRUMENT_WATCHDOG='%s' "
                   "is not a deadline (30, 2.5s, 500ms, 2m; then :report, "
                   ":abort or :dump): the watchdog is off\n",
                   Shown.c_str());
      C = WatchConfig{};
    }
    return std::make_pair(true, C);
  }();
  return Env;
}

inline WatchConfig watchConfig(const Program &P) {
  const auto &Env = watchEnv();
  if (Env.first)
    return Env.second;
  WatchConfig C;
  C.Ms = std::max(P.watchdog_ms, 0);
  C.Then = P.watchdog_then;
  return C;
}

inline int64_t steadyNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// What the watchdog thread keeps of one CUDA breadcrumb slot.
struct CrumbWatch {
  uint32_t Done = 0;
  int64_t SinceNs = 0;
  uint32_t Reported = 0; ///< Done + 1 of the last hang reported
};

struct WatchGlobal {
  WatchCell Cells[kWatchCells];
  std::once_flag Started;
  /// The thread, and what stops it: its code is this model's library's,
  /// so it must end before the library is unloaded (WatchStopper).
  std::thread Thread;
  std::mutex Mutex;
  std::condition_variable Wake;
  bool Stop = false;
  /// The shortest deadline and its action among the programs that asked:
  /// what the breadcrumbs of CUDA streams are held to.
  std::atomic<int> CrumbMs{0};
  std::atomic<int> CrumbThen{kWatchReport};
  std::atomic<bool> WarnedFull{false};
#if AOTI_RT_CUDA
  CrumbWatch Crumbs[kCrumbSlots];
#endif
};

inline WatchGlobal &watchGlobal() {
  static WatchGlobal *G = new WatchGlobal(); // never destroyed: its thread
  return *G;
}

inline void watchLoop();

/// Stops the watchdog thread and waits for it when this runtime's code
/// goes away (its model's library is unloaded, or the process exits): a
/// thread left running in an unloaded library would crash the process.
struct WatchStopper {
  ~WatchStopper() {
    WatchGlobal &G = watchGlobal();
    {
      std::lock_guard<std::mutex> Lock(G.Mutex);
      G.Stop = true;
    }
    G.Wake.notify_all();
    if (G.Thread.joinable() && G.Thread.get_id() != std::this_thread::get_id())
      G.Thread.join();
  }
};

inline void watchStart() {
  static WatchStopper Stopper; // destroyed before the library goes
  (void)Stopper;
  WatchGlobal &G = watchGlobal();
  G.Thread = std::thread(watchLoop);
}

/// A cell for run \p Run of \p P, or null when the watchdog is off for it.
inline WatchCell *watchBegin(const Program &P, ProgramState *S, int64_t Run) {
  WatchConfig C = watchConfig(P);
  if (C.Ms <= 0)
    return nullptr;
  WatchGlobal &G = watchGlobal();
  int Old = G.CrumbMs.load();
  while ((Old == 0 || C.Ms < Old) &&
         !G.CrumbMs.compare_exchange_weak(Old, C.Ms)) {
  }
  if (Old == 0 || C.Ms < Old)
    G.CrumbThen.store(C.Then);
  std::call_once(G.Started, watchStart);
  for (WatchCell &W : G.Cells) {
    int Free = 0;
    if (!W.Busy.compare_exchange_strong(Free, 2))
      continue;
    W.Prog = &P;
    W.State = S;
    W.Run = Run;
    W.Tid = static_cast<long>(::syscall(SYS_gettid));
    W.DeadlineMs = C.Ms;
    W.Then = C.Then;
    W.StartNs = steadyNs();
    W.ProgressNs.store(W.StartNs, std::memory_order_relaxed);
    W.ReportedNs.store(0, std::memory_order_relaxed);
    W.MaxSite.store(-1, std::memory_order_relaxed);
    W.LastSite.store(-1, std::memory_order_relaxed);
    W.LastPhase.store(kAfter, std::memory_order_relaxed);
    W.Iterations.store(0, std::memory_order_relaxed);
    W.Busy.store(1, std::memory_order_release);
    return &W;
  }
  if (!G.WarnedFull.exchange(true))
    emit(*S,
         "[aoti-instrument] warning: more runs at once than the watchdog "
         "watches (" +
             std::to_string(kWatchCells) +
             "): the others are not "
             "watched",
         JsonObj()
             .str("event", "warning")
             .num("run", Run)
             .str("message", "more runs at once than the watchdog watches")
             .done());
  return nullptr;
}

inline std::string secondsText(int64_t Ns) {
  char B[32];
  std::snprintf(B, sizeof B, "%.1f s", static_cast<double>(Ns) / 1e9);
  return B;
}

/// The end of a watched run; a run that was reported goes on record as
/// over.
inline void watchEnd(WatchCell *W) {
  if (!W)
    return;
  if (W->ReportedNs.load() != 0) {
    std::string Line = "[aoti-instrument] hang over: run " +
                       std::to_string(static_cast<long long>(W->Run)) +
                       " ended after " + secondsText(steadyNs() - W->StartNs);
    emit(*W->State, Line,
         JsonObj()
             .str("event", "hang_over")
             .num("run", W->Run)
             .str("message", Line)
             .done(),
         W->Tid);
  }
  W->Busy.store(0, std::memory_order_release);
}

/// "hang: run 3 (thread 1234) has made no progress for 2.0 s (watchdog
/// 2.0 s, then report): it is in #2 k (wrapper.cpp:775, source nodes
/// [..]), which started and has not completed", or, in a loop, "it goes
/// round a loop (while_loop_body_graph_0) without reaching a new launch,
/// 10312 times so far; the last launch it reached is #3 ..."; \p SI is
/// launch \p Site's entry (null for none).
inline std::string hangText(const WatchCell &W, int64_t IdleNs, int Site,
                            const SiteInfo *SI, Phase Ph, int64_t Iterations) {
  std::string T = "[aoti-instrument] hang: run " +
                  std::to_string(static_cast<long long>(W.Run)) + " (thread " +
                  std::to_string(W.Tid) + ") has made no progress for " +
                  secondsText(IdleNs) + " (watchdog " +
                  secondsText(int64_t(W.DeadlineMs) * 1000000) + ", then " +
                  watchThenName(W.Then) + "): ";
  const char *Sub = SI && SI->subgraph && *SI->subgraph ? SI->subgraph : "";
  if (Site < 0)
    T += "no instrumented launch has started yet";
  else if (Iterations > 0)
    T += std::string("it goes round a loop") +
         (*Sub ? " (" + std::string(Sub) + ")" : "") +
         " without reaching a new launch, " +
         std::to_string(static_cast<long long>(Iterations)) +
         " times so far; the last launch it reached is " +
         siteText(*W.Prog, Site, SI);
  else if (Ph == kBefore)
    T += "it is in " + siteText(*W.Prog, Site, SI) +
         ", which started and has not completed";
  else
    T += "the last launch it completed is " + siteText(*W.Prog, Site, SI) +
         "; the next has not completed";
  if (Iterations == 0 && *Sub)
    T += std::string("; in ") + Sub;
  return T;
}

/// Triggers the CUDA driver's user-induced core dump (armed by
/// CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1 before CUDA started; the driver
/// made the pipe CUDA_COREDUMP_PIPE names) and waits for the dump; what
/// happened, for the report.
inline bool userCoreDumpArmed() {
  const char *On = std::getenv("CUDA_ENABLE_USER_TRIGGERED_COREDUMP");
  return On && std::strcmp(On, "1") == 0;
}

inline std::string triggerUserCoreDump() {
  if (!userCoreDumpArmed())
    return "the user-triggered CUDA core dump was not armed "
           "(CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1 and CUDA_COREDUMP_PIPE "
           "before CUDA starts, or load_package(..., coredump=True)): no dump";
  const char *Pipe = std::getenv("CUDA_COREDUMP_PIPE");
  char Host[256] = "";
  ::gethostname(Host, sizeof Host - 1);
  std::string Path =
      coredumpPattern(Pipe && *Pipe ? Pipe : "corepipe.cuda.%h.%p",
                      static_cast<long>(::getpid()), Host);
  int Fd = ::open(Path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0)
    return "cannot open the core dump pipe " + Path + ": " +
           std::strerror(errno);
  static const char Zeros[4096] = {};
  ssize_t N = ::write(Fd, Zeros, sizeof Zeros);
  ::close(Fd);
  if (N <= 0)
    return "cannot write to the core dump pipe " + Path;
  std::string Pattern = coredumpPattern();
  waitForCoreDumpFile(Pattern, CoreDumpWait{});
  std::vector<std::string> Files = coredumpFiles(Pattern);
  return Files.empty()
             ? "the core dump was triggered, but no file matches " + Pattern
             : "CUDA core dump " + Files.back() +
                   " (aoti-instrument explain --dump it --package "
                   "<the .pt2>)";
}

/// After a hang's report: what \p Then says.
inline void watchAct(ProgramState &S, WatchdogThen Then, long Tid) {
  if (Then == kWatchReport)
    return;
  std::string Line = "[aoti-instrument] watchdog: ";
#if AOTI_RT_CUDA
  if (Then == kWatchDump && userCoreDumpArmed()) {
    // The driver ends the process (SIGABRT) once the dump is written: this
    // line comes first, and the signal's report says why it came.
    std::string Asking = Line + "asking the CUDA driver for a core dump (" +
                         coredumpPattern() +
                         "); the driver ends the process once it is written";
    emit(S, Asking,
         JsonObj()
             .str("event", "watchdog")
             .str("then", "dump-requested")
             .str("message", Asking)
             .done(),
         Tid);
    userDumpRequested().store(true, std::memory_order_relaxed);
  }
  if (Then == kWatchDump)
    Line += triggerUserCoreDump() + "; ";
#else
  if (Then == kWatchDump)
    Line += "a CPU model has no CUDA core dump; ";
#endif
  Line += "aborting the process";
  emit(S, Line,
       JsonObj()
           .str("event", "watchdog")
           .str("then", watchThenName(Then))
           .str("message", Line)
           .done(),
       Tid);
  abortNow();
}

/// Checks cell \p W at \p Now: reports it once per stall.
inline void watchCheck(WatchCell &W, int64_t Now) {
  if (W.Busy.load(std::memory_order_acquire) != 1)
    return;
  int64_t Progress = W.ProgressNs.load(std::memory_order_relaxed);
  int64_t Idle = Now - Progress;
  if (Idle < int64_t(W.DeadlineMs) * 1000000 ||
      W.ReportedNs.load(std::memory_order_relaxed) == Progress)
    return;
  W.ReportedNs.store(Progress, std::memory_order_relaxed);
  int Site = W.LastSite.load(std::memory_order_relaxed);
  Phase Ph = static_cast<Phase>(W.LastPhase.load(std::memory_order_relaxed));
  int64_t Iterations = W.Iterations.load(std::memory_order_relaxed);
  const SiteInfo *SI = findSite(*W.Prog, Site);
  std::string Line = hangText(W, Idle, Site, SI, Ph, Iterations);
  JsonObj J = siteJson("hang", *W.Prog, W.Run,
                       Site >= 0 ? phaseName(Ph) : nullptr, Site, SI);
  J.dbl("seconds", static_cast<double>(Idle) / 1e9)
      .dbl("watchdog_s", W.DeadlineMs / 1000.0)
      .str("then", watchThenName(W.Then))
      .num("iterations", Iterations)
      .str("subgraph", SI && SI->subgraph ? SI->subgraph : "")
      .str("where", "host")
      .str("message", Line);
  emit(*W.State, Line, J.done(), W.Tid);
  watchAct(*W.State, W.Then, W.Tid);
}

#if AOTI_RT_CUDA
/// Checks the breadcrumbs of CUDA stream slot \p I: a launch enqueued and
/// not completed whose slot's "last completed" has not moved for the
/// deadline is reported, once per stall.
inline void watchCrumbs(int I, int64_t Now, int DeadlineMs, WatchdogThen Then) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.Slots[I].load();
  CrumbWatch &C = watchGlobal().Crumbs[I];
  if (!S || !A.Host)
    return;
  uint32_t Done = A.Host[I * kCrumbStride];
  uint32_t Enq = S->Enqueued.load(std::memory_order_acquire);
  if (Done != C.Done || Done >= Enq) {
    C.Done = Done;
    C.SinceNs = Now;
    return;
  }
  if (Now - C.SinceNs < int64_t(DeadlineMs) * 1000000 || C.Reported == Done + 1)
    return;
  C.Reported = Done + 1;
  std::string Crumbs = crumbReport(I, /*Force=*/true);
  std::string Line = kReportDeviceHang + secondsText(Now - C.SinceNs) +
                     " (watchdog " +
                     secondsText(int64_t(DeadlineMs) * 1000000) + ", then " +
                     watchThenName(Then) + "): " + Crumbs;
  Global &G = global();
  ProgramState *PS = nullptr;
  {
    std::lock_guard<std::mutex> Lock(G.Mutex);
    if (!G.States.empty())
      PS = G.States.front();
  }
  if (!PS)
    return;
  emit(*PS, Line,
       JsonObj()
           .str("event", "hang")
           .str("where", "device")
           .dbl("seconds", static_cast<double>(Now - C.SinceNs) / 1e9)
           .dbl("watchdog_s", DeadlineMs / 1000.0)
           .str("then", watchThenName(Then))
           .str("message", Line)
           .done(),
       S->Tid);
  watchAct(*PS, Then, S->Tid);
}
#endif

/// The watchdog thread: every quarter of the shortest deadline (10 ms to
/// 500 ms), each run in progress and each stream's breadcrumbs; until
/// WatchStopper stops it.
inline void watchLoop() {
  WatchGlobal &G = watchGlobal();
  for (;;) {
    int Ms = G.CrumbMs.load();
    {
      std::unique_lock<std::mutex> Lock(G.Mutex);
      if (G.Wake.wait_for(
              Lock, std::chrono::milliseconds(std::clamp(Ms / 4, 10, 500)),
              [&G] { return G.Stop; }))
        return;
    }
    int64_t Now = steadyNs();
    for (WatchCell &W : G.Cells)
      watchCheck(W, Now);
#if AOTI_RT_CUDA
    if (crumbArenaReady())
      for (int I = 0; I < kCrumbSlots; ++I)
        watchCrumbs(I, Now, Ms, static_cast<WatchdogThen>(G.CrumbThen.load()));
#endif
  }
}

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_WATCHDOG_H
