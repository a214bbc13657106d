//===- aoti_rt/run_scope_impl.h - RunScope: a run and its end ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The constructor and destructor of a run of run_impl, finish(), and the
// deferred probes (deferred.h): taken without a sync, read at the end.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_IMPL_H
#define AOTI_RT_RUN_SCOPE_IMPL_H

#include "coredump.h"
#include "cuda_api.h"
#include "cuda_crumbs.h"
#include "deferred.h"
#include "deferred_run.h"
#include "probe_text.h"
#include "run_scope.h"
#include "watchdog.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

namespace detail {
AOTI_RT_COLD_BEGIN
/// An exception leaves run \p Run: where the host was, from its last probe
/// (\p Site -1: none yet). Event `run_failed`.
inline void reportUnwind(ProgramState &S, const Program &P, int64_t Run,
                         int Site, Phase Ph) {
  std::string RunText = "run " + std::to_string(static_cast<long long>(Run));
  std::string Line = "[aoti-instrument] " + RunText +
                     " failed: an exception "
                     "left run_impl ";
  JsonObj J;
  // The launch the run had not reached (\p What: "first", "next").
  auto NameNext = [&](int Next, const char *What) {
    if (const SiteInfo *SI = findSite(P, Next)) {
      Line +=
          std::string("; the ") + What + " launch is " + siteText(P, Next, SI);
      J.num("next", Next);
    }
  };
  if (Site < 0) {
    // AOTI's input checks (AOTI_RUNTIME_CHECK_INPUTS), an input's alignment
    // copy, or the code before the first launch.
    Line += "before its first instrumented launch";
    J.str("event", "run_failed").num("run", Run);
    NameNext(0, "first");
  } else {
    const SiteInfo *SI = findSite(P, Site);
    J = siteJson("run_failed", P, Run, phaseName(Ph), Site, SI);
    if (Ph == kBefore) {
      Line += "in " + siteText(P, Site, SI) +
              " or after it (the last instrumented point was its "
              "before-probe: the failure is in its launch or in the code "
              "that follows, before the next instrumented launch)";
    } else {
      Line += "after " + siteText(P, Site, SI) +
              " completed on the host, before the next instrumented launch";
      NameNext(Site + 1, "next");
    }
  }
  J.str("message", Line);
  emit(S, Line, J.done());
}
AOTI_RT_COLD_END
} // namespace detail

//===----------------------------------------------------------------------===//
// RunScope
//===----------------------------------------------------------------------===//

AOTI_RT_OUTLINE RunScope::RunScope(const Program &P, void *Stream,
                                   AtenTensorHandle *Outputs, size_t NumOutputs)
    : Prog(&P), State(detail::stateFor(P)), StreamPtr(Stream),
      Uncaught(std::uncaught_exceptions()), Outputs(Outputs),
      NumOutputs(NumOutputs) {
  Run = State->Calls.fetch_add(1, std::memory_order_relaxed) + 1;
  if (Uncaught == 0)
    detail::reportedUnwindDepth() = -1; // a stale mark of a caught exception
  if (State->Disabled)
    return;
  Watch = detail::watchBegin(P, State, Run);
  bool Selected = (P.first_calls <= 0 || Run <= P.first_calls) &&
                  (P.every_calls <= 1 || (Run - 1) % P.every_calls == 0);
#if AOTI_RT_CUDA
  Capturing = detail::streamCapturing(StreamPtr);
  // (b) A sticky error from an earlier run: name its first unfinished
  // launch before this run fails on it.
  if (!Capturing && detail::crumbArenaReady()) {
    cudaError_t E = cudaStreamQuery(static_cast<cudaStream_t>(StreamPtr));
    if (E != cudaSuccess && E != cudaErrorNotReady) {
      std::string When = "when run " +
                         std::to_string(static_cast<long long>(Run)) +
                         " started";
      detail::reportCudaFailure(State, detail::cudaErrorText(E), When.c_str(),
                                Run);
      detail::waitForCoreDump(E);
    }
  }
  if (Selected && Capturing)
    detail::warnOnce(*State, State->WarnedCapture,
                     "the stream is being captured into a CUDA graph: "
                     "syncs, statistics, NaN checks, saves and breadcrumbs "
                     "are skipped while capturing",
                     Run);
#endif
  Observing = Selected;
}

AOTI_RT_OUTLINE int64_t RunScope::watchNow() { return detail::steadyNs(); }

AOTI_RT_OUTLINE RunScope::~RunScope() {
  detail::watchEnd(Watch);
  bool Unwinding = std::uncaught_exceptions() > Uncaught;
  // The exception is one this runtime threw, its report written already.
  bool Reported =
      Unwinding && detail::reportedUnwindDepth() == std::uncaught_exceptions();
  if (Unwinding)
    detail::reportedUnwindDepth() = -1;
#if AOTI_RT_CUDA
  // Deferred checks that finish() did not read: read them now. A kThrow
  // failure cannot throw from here: it reports and aborts (kEndNoThrow);
  // while an exception unwinds, hits are only reported.
  if (Deferred) {
    endTrace(/*Clean=*/false);
    try {
      resolveDeferred(Unwinding ? detail::kEndReportOnly : detail::kEndNoThrow);
    } catch (...) {
    }
    releaseDeferred();
  }
#endif
  try {
    endBuffers(/*MayThrow=*/false); // finish() was not reached
  } catch (...) {
  }
  releaseKept(Unwinding);
  // (a) An exception leaves run_impl (AOTI_TORCH_ERROR_CODE_CHECK and
  // CUDA_DRIVER_CHECK throw): where the host was, from the last probe;
  // then, if the stream failed, the launch the GPU was in.
  if (State->Disabled || !Unwinding)
    return;
  if (Observing && !Reported) {
    try {
      detail::reportUnwind(*State, *Prog, Run, LastSite, LastPhase);
    } catch (...) {
    }
  }
#if AOTI_RT_CUDA
  if (Capturing)
    return;
  try {
    if (!detail::crumbArenaReady())
      return;
    cudaError_t E = cudaStreamSynchronize(static_cast<cudaStream_t>(StreamPtr));
    if (E != cudaSuccess) {
      std::string When = "while run " +
                         std::to_string(static_cast<long long>(Run)) +
                         " unwound";
      detail::reportCudaFailure(State, detail::cudaErrorText(E), When.c_str(),
                                Run);
      detail::waitForCoreDump(E);
    }
  } catch (...) {
  }
#endif
}

AOTI_RT_OUTLINE void RunScope::finish() {
#if AOTI_RT_CUDA
  if (Deferred) {
    endTrace(/*Clean=*/true);
    resolveDeferred(detail::kEndMayThrow); // may throw: ~RunScope gives back
    releaseDeferred();
  }
#else
  (void)Deferred; // the CPU checks are never deferred
#endif
  endBuffers(/*MayThrow=*/true);
}

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_IMPL_H
