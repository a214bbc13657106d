//===- aoti_rt/run_scope_replay.h - RunScope: replayed probes ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope's trace (replay.h): a run whose inputs are pinned records what
// its deferred probes and batch guards did; the next run of the program
// replays it while each step's tensors keep their recorded addresses and
// element counts, and records itself from the first step that differs.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_REPLAY_H
#define AOTI_RT_RUN_SCOPE_REPLAY_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "cuda_stats.h"
#include "deferred.h"
#include "deferred_run.h"
#include "dtype.h"
#include "replay.h"
#include "run_scope.h"
#include "state.h"
#include "tensor.h"

#include <cstddef>
#include <cstdint>
#include <string>

#if AOTI_RT_DEFINITIONS && AOTI_RT_CUDA
AOTI_RT_NAMESPACE_BEGIN

/// At the run's first deferred probe: replay the trace the last run of
/// this program left on this DeferredRun (or the one before it, when the
/// last run stopped tracing), or record a new one; neither unless the
/// inputs are pinned.
AOTI_RT_OUTLINE void RunScope::startTrace() {
  using namespace detail;
  TracePair &P = Deferred->Traces;
  TraceCursor = 0;
  if (!InputsPinned || Capturing || !Prog->replay_probes) {
    Trace = kTraceOff;
    return;
  }
  const int Cur = currentDevice();
  if (P.select(Prog, Deferred->Device == Cur ? Cur : -1)) {
    Trace = kTraceReplay;
    return;
  }
  P.restart(Prog);
  Trace = kTraceRecord;
}

/// Step TraceCursor if this call (a probe or guard of \p Site, \p Ph over
/// \p N tensors) replays it, or else the spare's (TracePair::takeSpare);
/// null when neither does: the replay is left.
AOTI_RT_OUTLINE const detail::TraceStep *
RunScope::nextStep(int Site, Phase Ph, bool Guard, const TensorRef *Tensors,
                   int N) {
  detail::TracePair &P = Deferred->Traces;
  if (!detail::replayableStep(P.Trace, TraceCursor, Site, Ph, Guard, Tensors,
                              N) &&
      !P.takeSpare(TraceCursor, Site, Ph, Guard, Tensors, N)) {
    leaveReplay();
    return nullptr;
  }
  return &P.Trace.Steps[TraceCursor];
}

/// The run differs from the trace at step TraceCursor, and from the spare
/// (TracePair::takeSpare): the full path from here on (the seen list,
/// which a replay does not keep, starts empty), recorded after the steps
/// it replayed; the trace, whole, is kept as the spare.
AOTI_RT_OUTLINE void RunScope::leaveReplay() {
  Deferred->Traces.fork(TraceCursor);
  Deferred->Seen.clear();
  Trace = detail::kTraceRecord;
}

/// Something no trace can hold (an immediate probe, a mid-run read, a
/// print, a fill, a tensor not held): this run neither replays nor records
/// any more, and the next one replays the spare or records anew (before
/// the run's first deferred probe: the trace stays for a later run).
AOTI_RT_OUTLINE void RunScope::stopTrace() {
  using namespace detail;
  if (Trace == kTraceUnstarted)
    Trace = kTraceOff;
  if (Trace != kTraceRecord && Trace != kTraceReplay)
    return;
  if (Trace == kTraceReplay)
    Deferred->Seen.clear();
  Deferred->Traces.restart(Prog);
  Trace = kTraceOff;
  global().ReplayedSteps.fetch_add(TraceCursor, std::memory_order_relaxed);
}

/// The run's end, before its sync: the trace is whole for the next run
/// when this one recorded or replayed to here and ends normally (\p Clean:
/// finish()). A replay that took fewer steps keeps those.
AOTI_RT_OUTLINE void RunScope::endTrace(bool Clean) {
  using namespace detail;
  if (!Deferred || (Trace != kTraceRecord && Trace != kTraceReplay))
    return;
  TracePair &P = Deferred->Traces;
  if (Trace == kTraceReplay)
    P.truncate(TraceCursor);
  RunTrace &T = P.Trace;
  T.Valid = Clean;
  T.Device = Deferred->Device;
  Trace = kTraceOff;
  global().ReplayedSteps.fetch_add(TraceCursor, std::memory_order_relaxed);
}

/// Step TraceCursor, if it is this probe and its tensors match: its
/// effects applied (replayed). False: the full path takes the probe.
AOTI_RT_OUTLINE bool RunScope::replayProbe(int Site, Phase Ph,
                                           const TensorRef *Tensors, int N,
                                           const detail::ProbeCtx &C,
                                           const detail::RuntimeKernels &Fns) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  const TraceStep *S = nextStep(Site, Ph, /*Guard=*/false, Tensors, N);
  if (!S)
    return false;
  std::string Err;
  if (S->Flush && !flushBatch(Err))
    cudaFailure(C, Err);
  // As planCounts takes them: the probe's own slots, then the batches'.
  const TraceWork W = traceWork(D.Traces.Trace, *S);
  Stats *Host = nullptr, *Dev = nullptr;
  const size_t Scans = W.ScanFull + W.ScanNan;
  if ((Scans && !(Host = D.results(Scans, Dev))) ||
      (W.Nan &&
       (!D.PendingNan.fits(W.Nan, W.NanBytes) || !D.reserve(D.PendingNan))) ||
      (W.Full && (!D.PendingStats.fits(W.Full, W.FullBytes) ||
                  !D.reserve(D.PendingStats)))) {
    leaveReplay(); // not as recorded: the full path plans it
    return false;
  }
  if (Scans)
    launchTraceScans(*S, Fns, Dev, C);
  applyTraceStep(static_cast<uint32_t>(TraceCursor++), Tensors, W, Host, C);
  return true;
}

/// The counts recorded step \p S launched itself (tensors too big for a
/// batch), into \p Dev: statistics first, then NaN counts.
AOTI_RT_OUTLINE void
RunScope::launchTraceScans(const detail::TraceStep &S,
                           const detail::RuntimeKernels &Fns,
                           detail::Stats *Dev, const detail::ProbeCtx &C) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  RunTrace &T = D.Traces.Trace;
  T.ScanNan.clear();
  T.ScanFull.clear();
  for (uint32_t I = S.First; I < S.First + S.Count; ++I) {
    const TraceTensor &TT = T.Tensors[I];
    if (TT.Op == kTraceScanned)
      T.ScanNan.push_back(TT.Desc);
    else if (TT.Op == kTraceScannedFull)
      T.ScanFull.push_back(T.FullDescs[TT.Full]);
  }
  const cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  std::string Err;
  if (!T.ScanFull.empty() &&
      !launchStatsOf(Fns.StatsFn, D.Area, T.ScanFull.data(), T.ScanFull.size(),
                     Dev, St, Err))
    cudaFailure(C, Err);
  if (!T.ScanNan.empty() &&
      !launchNanOf(Fns.NanFn, D.Area, T.ScanNan.data(), T.ScanNan.size(),
                   Dev + T.ScanFull.size(), St, Err))
    cudaFailure(C, Err);
  D.Launched = true;
}

/// What recorded step \p Step did, with this run's handles: lazy inputs
/// noted, batched tensors held and added to their batch, the probe's own
/// counts (\p W) given their slots in \p Host (statistics first), the compact
/// records and the probe's record appended. Every slot comes where it came
/// when recorded; one that does not ends the trace.
AOTI_RT_OUTLINE void RunScope::applyTraceStep(uint32_t Step,
                                              const TensorRef *Tensors,
                                              const detail::TraceWork &W,
                                              detail::Stats *Host,
                                              const detail::ProbeCtx &C) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  const RunTrace &T = D.Traces.Trace;
  const TraceStep &S = T.Steps[Step];
  DeferredChecks &Ch = D.Checks;
  const size_t First = Ch.Counted.size(), LazyFirst = Ch.Lazies.size();
  size_t KF = 0, KN = W.ScanFull;
  bool Unheld = false, Moved = false;
  auto Hold = [&](AtenTensorHandle H) {
    AtenTensorHandle Ref = nullptr;
    if (aoti_torch_new_tensor_handle(H, &Ref) != AOTI_TORCH_SUCCESS)
      Ref = nullptr, Unheld = true;
    BatchPending = true;
    D.Launched = true; // its launch comes before the run's sync
    return Ref;
  };
  for (uint32_t I = S.First; I < S.First + S.Count; ++I) {
    const TraceTensor &TT = T.Tensors[I];
    const TensorRef &R = Tensors[TT.Index];
    if (TT.Op == kTraceLazy) {
      Ch.Lazies.push_back(LazyInput{R.name, R.handle, R.role});
      continue;
    }
    CountedTensor Rec = TT.Counted;
    Stats *Slot = nullptr; // this run's, where the step counts it
    if (TT.Op == kTraceBatched)
      D.PendingNan.add(TT.Begin, TT.End, Hold(R.handle), Slot) = TT.Desc;
    else if (TT.Op == kTraceBatchedFull)
      D.PendingStats.add(TT.Begin, TT.End, Hold(R.handle), Slot) =
          T.FullDescs[TT.Full];
    else if (TT.Op == kTraceScannedFull)
      Slot = Host + KF++;
    else if (TT.Op == kTraceScanned)
      Slot = Host + KN++;
    if (TT.Op == kTraceCounted || TT.Op == kTraceKnown) {
      Ch.Counted.push_back(Rec); // counted earlier this run, or known
      continue;
    }
    Moved = Moved || Slot != Rec.Result;
    Rec.Result = Slot;
    Ch.Counted.push_back(Rec);
  }
  const DeferredRecord &R = S.Record;
  Ch.addRecord(S.Site, S.ProbePhase, R.Roles, R.Checks, R.OnFailure, kPrintNone,
               0, First, LazyFirst, /*Compact=*/true);
  if (!Unheld && !Moved)
    return;
  // Not as recorded (a slot elsewhere: later steps would read wrong ones),
  // or a tensor's storage not held (counted now, as the full path does).
  stopTrace();
  std::string Err;
  if (Unheld && !flushBatch(Err))
    cudaFailure(C, Err);
}

/// A guard of step TraceCursor: flushes where the recorded run flushed;
/// where it did not, only while the written tensors match. False: the full
/// guard runs.
AOTI_RT_OUTLINE bool RunScope::replayGuard(int Site, Phase Ph,
                                           const TensorRef *Written, int N) {
  using namespace detail;
  const TraceStep *S = nextStep(Site, Ph, /*Guard=*/true, Written, N);
  if (!S)
    return false;
  ++TraceCursor;
  std::string Err;
  if (S->Flush && !flushBatch(Err)) {
    ProbeCtx C{State, Prog, Run, Ph, Site, findSite(*Prog, Site), StreamPtr};
    cudaFailure(C, Err);
  }
  return true;
}

/// The full path's probe as a step: what it did with each tensor (the
/// scratchpad's needs, \p Plan, the compact records recordProbe appended
/// from \p CountedFirst). A probe that printed ends the trace.
AOTI_RT_OUTLINE void RunScope::recordProbeStep(int Site, Phase Ph, int N,
                                               const Probe &Pr,
                                               const detail::CountPlan &Plan,
                                               size_t CountedFirst) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  const ProbeScratch &Scr = D.Scratchpad;
  RunTrace &T = D.Traces.Trace;
  const size_t NT = static_cast<size_t>(N < 0 ? 0 : N);
  if (Pr.print != kPrintNone || NT > UINT16_MAX ||
      !T.addStep(Site, Ph, false, N, Plan.Flushed)) {
    stopTrace();
    return;
  }
  T.Steps.back().Record = D.Checks.Records.back();
  size_t K = CountedFirst;
  for (size_t I = 0; I < NT; ++I) {
    const TensorMeta &M = Scr.Metas[I];
    const uint8_t Need = Scr.Needs[I];
    if (Need == kNone)
      continue;
    if (Need == kLazy) {
      T.addTensor(I, kTraceLazy, nullptr, 0);
      continue;
    }
    // Counted on the host: only what needs no data (a CUDA tensor's
    // element count, a host tensor of a kind without NaN: its count alone,
    // wherever it is) is the same next run.
    const bool HostNoNan = M.Ok && !M.Cuda && !isFloatKind(M.Dtype->Kind);
    if (Need == kHostKnown && !(M.Ok && M.Cuda) && !HostNoNan) {
      stopTrace();
      return;
    }
    const TraceOp Op =
        Need == kScanNan ? (Plan.BatchNan ? kTraceBatched : kTraceScanned)
        : Need == kScanFull
            ? (Plan.BatchFull ? kTraceBatchedFull : kTraceScannedFull)
        : Need == kHostKnown && HostNoNan ? kTraceKnown
                                          : kTraceCounted;
    TraceTensor &TT = T.addTensor(I, Op, M.Data, M.Numel);
    TT.Counted = D.Checks.Counted[K++];
    if (Op == kTraceBatched || Op == kTraceBatchedFull) {
      TT.Begin = reinterpret_cast<uintptr_t>(M.Data);
      TT.End = TT.Begin + spanBytes(M);
    }
    if (Op == kTraceBatched || Op == kTraceScanned)
      TT.Desc = nanDesc(M);
    if (!traceFull(Op))
      continue;
    TT.Full = static_cast<uint32_t>(T.FullDescs.size());
    T.FullDescs.emplace_back();
    fillDesc(T.FullDescs.back(), M);
  }
}

/// The full path's guard as a step: whether it flushed, and when it did
/// not, what the written tensors were (a replay compares them).
AOTI_RT_OUTLINE void RunScope::recordGuardStep(int Site, Phase Ph,
                                               const TensorRef *Written, int N,
                                               bool Hit) {
  using namespace detail;
  RunTrace &T = Deferred->Traces.Trace;
  if (!T.addStep(Site, Ph, true, N, Hit)) {
    stopTrace();
    return;
  }
  for (int I = 0; I < N && !Hit; ++I) {
    void *Data = nullptr;
    int64_t Numel = -1;
    if (!dataOf(Written[I].handle, Data) ||
        aoti_torch_get_numel(Written[I].handle, &Numel) != AOTI_TORCH_SUCCESS) {
      stopTrace();
      return;
    }
    T.addTensor(static_cast<size_t>(I), kTraceVerify, Data, Numel);
  }
}

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS && AOTI_RT_CUDA

#endif // AOTI_RT_RUN_SCOPE_REPLAY_H
