//===- aoti_rt/cpu_crash.h - CPU breadcrumbs and the crash handler ----*- C++ -*-===//
//
// The site being run, per thread, named by a SIGSEGV/SIGBUS handler that
// chains to the previous one.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CPU_CRASH_H
#define AOTI_RT_CPU_CRASH_H

#include "state.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <signal.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- CPU breadcrumbs: the site being run, named on SIGSEGV/SIGBUS ----------//

struct CpuCrumb {
  const Program *Prog;
  const SiteInfo *Site;
  int Ordinal;
  int64_t Run;
  int State; ///< 0: none yet, 1: running (before), 2: completed (after)
};

inline CpuCrumb &cpuCrumb() {
  static thread_local CpuCrumb C = {nullptr, nullptr, -1, 0, 0};
  return C;
}

struct SignalState {
  struct sigaction OldSegv, OldBus;
  std::atomic<bool> Installed{false};
  std::atomic<int> LogFd{-1};
};

inline SignalState &signalState() {
  static SignalState *S = new SignalState();
  return *S;
}

// Async-signal-safe text building.
struct SigBuf {
  char Data[1024];
  size_t N = 0;
  void add(const char *S) {
    for (; S && *S && N < sizeof Data - 1; ++S)
      Data[N++] = *S;
  }
  void addInt(long long V) {
    char Tmp[24];
    int K = 0;
    unsigned long long U = V < 0 ? 0ULL - static_cast<unsigned long long>(V)
                                 : static_cast<unsigned long long>(V);
    do {
      Tmp[K++] = static_cast<char>('0' + U % 10);
      U /= 10;
    } while (U && K < 23);
    if (V < 0)
      add("-");
    while (K > 0 && N < sizeof Data - 1)
      Data[N++] = Tmp[--K];
  }
};

inline void crumbSignalHandler(int Sig, siginfo_t *, void *) {
  SignalState &SS = signalState();
  const CpuCrumb &C = cpuCrumb();
  SigBuf B;
  B.add("[aoti-instrument] ");
  B.add(Sig == SIGSEGV ? "SIGSEGV" : Sig == SIGBUS ? "SIGBUS" : "signal");
  if (C.State == 0 || !C.Prog) {
    B.add(" before any instrumented launch of this thread");
  } else {
    B.add(C.State == 1 ? " in #" : " after #");
    B.addInt(C.Ordinal);
    B.add(" ");
    B.add(C.Site ? orDefault(C.Site->kernel, "?") : "(unknown site)");
    if (C.Site) {
      B.add(" (");
      B.add(baseName(C.Prog->wrapper_file));
      B.add(":");
      B.addInt(C.Site->line);
      if (C.Site->source_nodes && *C.Site->source_nodes) {
        B.add(", source nodes [");
        B.add(C.Site->source_nodes);
        B.add("]");
      }
      B.add(")");
    }
    B.add(" in run ");
    B.addInt(C.Run);
    if (C.State == 2)
      B.add(" (the last instrumented launch that completed)");
  }
  B.add("\n");
  ssize_t R = write(2, B.Data, B.N);
  int Fd = SS.LogFd.load();
  if (Fd >= 0)
    R = write(Fd, B.Data, B.N);
  (void)R;
  // Chain: put the previous action back and deliver the signal again.
  sigaction(Sig, Sig == SIGBUS ? &SS.OldBus : &SS.OldSegv, nullptr);
  raise(Sig);
}

inline void installSignalHandler(ProgramState &S) {
  SignalState &SS = signalState();
  if (S.Log && SS.LogFd.load(std::memory_order_relaxed) < 0)
    SS.LogFd.store(fileno(S.Log));
  if (SS.Installed.load(std::memory_order_relaxed) ||
      SS.Installed.exchange(true))
    return;
  struct sigaction SA;
  std::memset(&SA, 0, sizeof SA);
  SA.sa_sigaction = &crumbSignalHandler;
  SA.sa_flags = SA_SIGINFO;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGSEGV, &SA, &SS.OldSegv);
  sigaction(SIGBUS, &SA, &SS.OldBus);
}

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_CPU_CRASH_H
