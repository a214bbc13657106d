//===- aoti_rt/cpu_crash.h - CPU breadcrumbs --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The site being run, per thread, and what a fatal signal's handler
// (fatal_signal.h) says of it.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CPU_CRASH_H
#define AOTI_RT_CPU_CRASH_H

#include "state.h"

#include <atomic>
#include <cstdint>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- CPU breadcrumbs: the site being run, named on a fatal signal ----------//

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

/// Set by the watchdog before it asks the CUDA driver for a core dump: the
/// driver then ends the process with SIGABRT from a thread of its own.
inline std::atomic<bool> &userDumpRequested() {
  static std::atomic<bool> Requested{false};
  return Requested;
}

AOTI_RT_COLD_BEGIN // a fatal signal's report
/// "[aoti-instrument] SIGSEGV in #3 k (wrapper.cpp:920) in run 1", "...
/// after #2 ... (the last instrumented launch that completed)" (on CUDA:
/// "... this thread enqueued") or "... before any instrumented launch of
/// this thread": the line of a fatal signal \p SigName on the thread whose
/// crumb is \p C. Async-signal-safe with a FixedSink.
template <class Sink>
void writeCpuCrumbReport(Sink &Out, const char *SigName, const CpuCrumb &C) {
  Out.add(kLineHead);
  Out.add(' ');
  Out.add(SigName);
  if (C.State == 0 || !C.Prog) {
    Out.add(userDumpRequested().load(std::memory_order_relaxed)
                ? " after the watchdog asked the CUDA driver for a core dump "
                  "(the driver ends the process once it is written)"
                : " before any instrumented launch of this thread");
    return;
  }
  Out.add(C.State == 1 ? " in " : " after ");
  writeSiteText(Out, *C.Prog, C.Ordinal, C.Site);
  Out.add(kReportInRun);
  writeInt(Out, C.Run);
  if (C.State == 2)
#if AOTI_RT_CUDA
    // The host's call returned; the device may not have run it yet.
    Out.add(" (the last instrumented launch this thread enqueued)");
#else
    Out.add(" (the last instrumented launch that completed)");
#endif
}
AOTI_RT_COLD_END

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_CPU_CRASH_H
