//===- aoti_rt/run_scope_deferred.h - RunScope: deferred probes -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope's deferred probes (deferred.h): counts taken on the device
// without a sync, batched across launches, read at the end of the run.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_DEFERRED_H
#define AOTI_RT_RUN_SCOPE_DEFERRED_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "cuda_api.h"
#include "cuda_stats.h"
#include "deferred.h"
#include "deferred_run.h"
#include "replay.h"
#include "run_scope.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

#if !AOTI_RT_CUDA
// CPU checks are never deferred: no batch is ever pending.
AOTI_RT_OUTLINE void RunScope::flushBatchFor(int, const TensorRef *, int,
                                             Phase) {
  BatchPending = false;
}
#else

AOTI_RT_OUTLINE void RunScope::releaseDeferred() {
  if (!Deferred)
    return;
  detail::DeferredRun *D = Deferred;
  Deferred = nullptr;
  D->PendingNan.clear(); // resolveDeferred launched them, or never will
  D->PendingStats.clear();
  BatchPending = false;
  if (D->Broken || D->Launched)
    return; // launches may still write into it (or the context is gone)
  D->Checks.clear();
  D->resetResults();
  detail::releaseDeferredRun(D);
}

/// \p Site, \p Ph: where the run is, for a failure's report (before the
/// launch that writes; after the last probe, for the runtime's own writes).
AOTI_RT_OUTLINE void RunScope::flushBatchFor(int Site, const TensorRef *Written,
                                             int N, Phase Ph) {
  using namespace detail;
  if (!Deferred) {
    BatchPending = false;
    return;
  }
  if (Trace == kTraceReplay && replayGuard(Site, Ph, Written, N))
    return;
  // Merged fills go before the next launch, the buffer's first user.
  bool Hit = N < 0 || Deferred->PendingNan.Launch.nfills > 0;
  for (int I = 0; I < N && !Hit; ++I) {
    uintptr_t B = 0, E = 0;
    Hit = !spanOf(Written[I].handle, B, E) ||
          Deferred->PendingNan.overlaps(B, E) ||
          Deferred->PendingStats.overlaps(B, E);
  }
  if (Trace == kTraceRecord)
    recordGuardStep(Site, Ph, Written, N, Hit);
  std::string Err;
  if (Hit && !flushBatch(Err)) {
    ProbeCtx C{State, Prog, Run, Ph, Site, findSite(*Prog, Site), StreamPtr};
    cudaFailure(C, Err);
  }
}

AOTI_RT_COLD_BEGIN // after the run's sync
AOTI_RT_OUTLINE void RunScope::resolveDeferred(int EndMode) {
  using namespace detail;
  stopTrace(); // the run's end ended it first (endTrace)
  if (BatchPending) {
    std::string Err; // a count not launched reads as not taken
    flushBatch(Err);
  }
  // Launches without checks (merged fills) are synchronized too, so that
  // the run's area goes back to the pool idle.
  if (!Deferred || (!Deferred->Checks.pending() && !Deferred->Launched))
    return;
  DeferredRun &D = *Deferred;
  DeferredEnd End = static_cast<DeferredEnd>(EndMode);
  cudaError_t E = cudaSuccess;
  if (D.Launched)
    E = countedSync(static_cast<cudaStream_t>(StreamPtr));
  if (E != cudaSuccess) {
    // What completed before the failure is still worth reading (the
    // results are in host memory): the lines of those launches, their NaN
    // hits as warnings.
    D.Checks.collect();
    reportDeferred(*State, *Prog, Run, D.Checks, kEndFailed, StreamPtr);
    D.Broken = true;
    if (End == kEndReportOnly)
      return; // ~RunScope reports the error (with the breadcrumbs)
    std::string Line = "[aoti-instrument] CUDA error '" + cudaErrorText(E) +
                       "' while reading the deferred probes of run " +
                       std::to_string(static_cast<long long>(Run));
    std::string Crumbs = crumbReportsOfThread(true);
    if (!Crumbs.empty())
      Line += "; " + Crumbs;
    JsonObj J;
    J.str("event", "cuda_error").num("run", Run).str("error", cudaErrorText(E));
    J.str("when", "deferred probes").str("message", Line);
    emit(*State, Line, J.done());
    if (End == kEndMayThrow)
      throwReported(Line);
    return;
  }
  D.Launched = false;
  D.Checks.collect();
  D.resetResults();
  reportDeferred(*State, *Prog, Run, D.Checks, End, StreamPtr);
}

AOTI_RT_COLD_END

namespace detail {

/// Whether a probe of \p Pr prints \p Role's statistics, deferred.
inline bool printsDeferred(const Probe &Pr, uint8_t Role) {
  return Pr.print == kPrintStats && Pr.print_deferred &&
         (Role & Pr.print_roles);
}

/// An unchanging input only checked for "inputs were clean": nothing of it
/// is read unless a report needs it (kLazy; countLazy reads it then).
inline bool isLazyInput(const TensorRef &T, const Probe &Pr) {
  return T.stable && Pr.nan_roles && T.role == kIn &&
         !(T.role & Pr.nan_roles) && !printsDeferred(Pr, T.role);
}

/// The metadata of a deferred probe's \p N tensors into \p Scr (but lazy
/// inputs'), their needs reset; Scr.Device: the first readable CUDA
/// tensor's.
inline void readProbeMetas(ProbeScratch &Scr, const TensorRef *Tensors,
                           size_t N, const Probe &Pr) {
  if (Scr.Metas.size() < N)
    Scr.Metas.resize(N);
  Scr.Needs.assign(N, kNone);
  Scr.Shapes.assign(N, 0);
  Scr.Slots.assign(N, nullptr);
  Scr.ScanFull.clear();
  Scr.ScanNan.clear();
  Scr.Device = -1;
  for (size_t I = 0; I < N; ++I) {
    TensorMeta &M = Scr.Metas[I];
    M.Name = orDefault(Tensors[I].name, "?");
    M.RoleBits = Tensors[I].role;
    M.Handle = Tensors[I].handle;
    if (isLazyInput(Tensors[I], Pr)) {
      clearMeta(M);
      Scr.Needs[I] = kLazy;
      continue;
    }
    readMeta(M);
    if (Scr.Device < 0 && M.Ok && M.Cuda)
      Scr.Device = M.DevIndex;
  }
}

/// What each tensor of \p Scr needs: the checked tensors and the inputs,
/// as the immediate report reads them, and the printed ones; \p Counted:
/// how many the device counts (scanned, or seen). False when one cannot be
/// counted by the runtime's kernels (more dims than they take).
inline bool classifyNeeds(ProbeScratch &Scr, size_t N, const Probe &Pr,
                          size_t &Counted) {
  Counted = 0;
  for (size_t I = 0; I < N; ++I) {
    const TensorMeta &M = Scr.Metas[I];
    if (Scr.Needs[I] == kLazy)
      continue;
    bool Printed = printsDeferred(Pr, M.RoleBits);
    bool Checked =
        Pr.nan_roles && ((M.RoleBits & Pr.nan_roles) || M.RoleBits == kIn);
    if (!Printed && !Checked)
      continue;
    Scr.Needs[I] = kHostKnown;
    if (!M.Ok || !M.Cuda || M.Numel <= 0 || M.DevIndex != Scr.Device ||
        !isReadableKind(M.Dtype->Kind))
      continue;
    if (!Printed && !isFloatKind(M.Dtype->Kind))
      continue; // no NaN in it: counted on the host
    Scr.Shapes[I] = seenShape(M);
    if (Printed || !isDense(M)) {
      if (M.CSizes.size() > static_cast<size_t>(kMaxKernelDims))
        return false;
      Scr.Needs[I] = kScanFull;
    } else {
      Scr.Needs[I] = kScanNan;
    }
    ++Counted;
  }
  return true;
}

/// Forgets what the probe's output tensors cover in \p Seen: they are
/// written (after the launch), or about to be (before it).
inline void forgetOutputs(SeenTensors &Seen, const ProbeScratch &Scr,
                          size_t N) {
  for (size_t I = 0; I < N; ++I) {
    const TensorMeta &M = Scr.Metas[I];
    if (!(M.RoleBits & kOut) || !M.Ok || !M.Dtype || M.Numel <= 0)
      continue;
    uintptr_t B = reinterpret_cast<uintptr_t>(M.Data);
    Seen.forget(B, B + spanBytes(M));
  }
}

/// The tensors this run counted already take their earlier slot (kSeen);
/// the rest go to Scr.ScanFull and Scr.ScanNan.
inline void lookupSeen(const SeenTensors &Seen, ProbeScratch &Scr, size_t N) {
  for (size_t I = 0; I < N; ++I) {
    if (Scr.Needs[I] != kScanFull && Scr.Needs[I] != kScanNan)
      continue;
    const bool Full = Scr.Needs[I] == kScanFull;
    if (const SeenTensor *T = Seen.find(Scr.Metas[I], Scr.Shapes[I], Full)) {
      Scr.Needs[I] = kSeen;
      Scr.Slots[I] = T->Slot;
    } else {
      (Full ? Scr.ScanFull : Scr.ScanNan).push_back(&Scr.Metas[I]);
    }
  }
}

/// Bytes of the tensors \p Ms point to.
inline size_t spanBytesOf(const std::vector<const TensorMeta *> &Ms) {
  size_t Bytes = 0;
  for (const TensorMeta *M : Ms)
    Bytes += spanBytes(*M);
  return Bytes;
}

/// The probe's record: its tensors' compact records (a probe that prints
/// nothing keeps what its NaN report needs alone) or full ones, and its
/// lazy inputs.
inline void recordProbe(DeferredChecks &Checks, ProbeScratch &Scr, size_t N,
                        int Site, Phase Ph, const Probe &Pr) {
  const bool PrintStats = Pr.print == kPrintStats && Pr.print_deferred;
  const bool Compact = !PrintStats;
  const size_t First = Compact ? Checks.Counted.size() : Checks.Used,
               LazyFirst = Checks.Lazies.size();
  for (size_t I = 0; I < N; ++I) {
    if (Scr.Needs[I] == kNone)
      continue;
    if (Scr.Needs[I] == kLazy) { // no metadata, no counts yet
      Checks.Lazies.push_back(LazyInput{Scr.Metas[I].Name, Scr.Metas[I].Handle,
                                        Scr.Metas[I].RoleBits});
      continue;
    }
    if (Compact) {
      Checks.Counted.push_back(
          countedOf(Scr.Metas[I], Scr.Slots[I], Scr.Device));
      continue;
    }
    // Moved, not copied (the meta is not read after this; readMeta
    // refills it).
    DeferredTensor &T = Checks.addTensor();
    T.Gathered.Meta = std::move(Scr.Metas[I]);
    if (Scr.Slots[I])
      T.Result = Scr.Slots[I];
    else
      knownCounts(T.Gathered, Scr.Device); // or none: the report says so
  }
  Checks.addRecord(Site, Ph, Pr.nan_roles, Pr.nan_checks, Pr.nan_on_fail,
                   PrintStats ? kPrintStats : kPrintNone, Pr.print_roles, First,
                   LazyFirst, Compact);
}

} // namespace detail

/// Where this probe's counts go: which scans join the run's batches
/// (Program::batch_deferred; unless they would fill more than one batch
/// alone), the batches flushed first when they do not fit, result slots
/// reserved for the rest (\p Host, \p DevOut). False (nothing launched)
/// when no mapped memory is left: the probe goes the immediate way.
AOTI_RT_OUTLINE bool RunScope::planCounts(const detail::ProbeCtx &C,
                                          detail::CountPlan &Plan) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  ProbeScratch &Scr = D.Scratchpad;
  const size_t NanBytes = spanBytesOf(Scr.ScanNan),
               FullBytes = spanBytesOf(Scr.ScanFull);
  Plan.BatchNan = Prog->batch_deferred && !Scr.ScanNan.empty() &&
                  NanBatch::batchable(Scr.ScanNan.size(), NanBytes);
  Plan.BatchFull = Prog->batch_deferred && !Scr.ScanFull.empty() &&
                   StatsBatch::batchable(Scr.ScanFull.size(), FullBytes);
  if ((Plan.BatchNan && !D.PendingNan.fits(Scr.ScanNan.size(), NanBytes)) ||
      (Plan.BatchFull &&
       !D.PendingStats.fits(Scr.ScanFull.size(), FullBytes))) {
    std::string Err;
    if (!flushBatch(Err))
      cudaFailure(C, Err);
    Plan.Flushed = true;
  }
  Plan.Scans = (Plan.BatchFull ? 0 : Scr.ScanFull.size()) +
               (Plan.BatchNan ? 0 : Scr.ScanNan.size());
  if (Plan.Scans) {
    Plan.Host = D.results(Plan.Scans, Plan.DevOut);
    if (!Plan.Host)
      return false;
  }
  return !(Plan.BatchNan && !D.reserve(D.PendingNan)) &&
         !(Plan.BatchFull && !D.reserve(D.PendingStats));
}

/// The counts \p Plan does not batch, launched now: statistics first, then
/// NaN counts, into the slots it reserved.
AOTI_RT_OUTLINE void
RunScope::launchUnbatched(const detail::ProbeCtx &C,
                          const detail::RuntimeKernels &Fns,
                          const detail::CountPlan &Plan) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  ProbeScratch &Scr = D.Scratchpad;
  const cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  std::string Err;
  if (!Scr.ScanFull.empty() && !Plan.BatchFull &&
      !launchStats(Fns.StatsFn, D.Area, Scr.ScanFull.data(),
                   Scr.ScanFull.size(), Plan.DevOut, St, Err))
    cudaFailure(C, Err);
  if (!Scr.ScanNan.empty() && !Plan.BatchNan &&
      !launchNanCount(Fns.NanFn, D.Area, Scr.ScanNan.data(), Scr.ScanNan.size(),
                      Plan.DevOut + (Plan.BatchFull ? 0 : Scr.ScanFull.size()),
                      St, Err))
    cudaFailure(C, Err);
  D.Launched = true;
}

/// Each counted tensor's slot: in a batch (its storage held until the
/// batch's launch), or of the launch above; remembered as counted. A tensor
/// whose storage could not be held flushes the batches at once: false then.
AOTI_RT_OUTLINE bool RunScope::assignSlots(const detail::ProbeCtx &C,
                                           const detail::CountPlan &Plan) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  ProbeScratch &Scr = D.Scratchpad;
  bool Unheld = false; // a tensor of a batch whose storage is not held
  auto Hold = [&](const TensorMeta &M, uintptr_t &B, uintptr_t &E) {
    AtenTensorHandle Ref = nullptr;
    if (aoti_torch_new_tensor_handle(M.Handle, &Ref) != AOTI_TORCH_SUCCESS)
      Ref = nullptr, Unheld = true;
    B = reinterpret_cast<uintptr_t>(M.Data);
    E = B + spanBytes(M);
    BatchPending = true;
    D.Launched = true; // its launch comes before the run's sync
    return Ref;
  };
  size_t KF = 0, KN = Plan.BatchFull ? 0 : Scr.ScanFull.size();
  for (size_t I = 0; I < Scr.Needs.size(); ++I) {
    const TensorMeta &M = Scr.Metas[I];
    const uint8_t Need = Scr.Needs[I];
    uintptr_t B = 0, E = 0;
    if (Need == kScanFull && Plan.BatchFull) {
      AtenTensorHandle Ref = Hold(M, B, E);
      fillDesc(D.PendingStats.add(B, E, Ref, Scr.Slots[I]), M);
    } else if (Need == kScanNan && Plan.BatchNan) {
      AtenTensorHandle Ref = Hold(M, B, E);
      D.PendingNan.add(B, E, Ref, Scr.Slots[I]) = nanDesc(M);
    } else if (Need == kScanFull || Need == kScanNan) {
      Scr.Slots[I] = Plan.Host + (Need == kScanFull ? KF++ : KN++);
    } else {
      continue;
    }
    D.Seen.remember(M, Scr.Shapes[I], Scr.Slots[I], Need == kScanFull);
  }
  std::string Err;
  if (Unheld && !flushBatch(Err))
    cudaFailure(C, Err);
  return !Unheld;
}

/// A probe without a sync: the checked tensors and the launch's input
/// tensors (for "inputs were clean"), and the printed ones of a deferred
/// stats print, counted on the device into this run's result slots; read by
/// resolveDeferred. Replayed from the last run's trace while its tensors
/// match (replay.h), else the full path (deferProbeFull). False (nothing
/// done) when the probe needs the immediate path: host copies (no kernel,
/// more than 8 dims), another device's launches pending, no mapped memory.
AOTI_RT_OUTLINE bool RunScope::deferProbe(int Site, Phase Ph,
                                          const TensorRef *Tensors, int N,
                                          const Probe &Pr,
                                          const detail::ProbeCtx &C) {
  using namespace detail;
  if (State->StatsHost)
    return false;
  std::string Why;
  const RuntimeKernels *Fns = kernels(-1, Why);
  if (!Fns)
    return false; // the immediate path warns and uses host copies
  if (!Deferred)
    Deferred = acquireDeferred(currentDevice(), Prog);
  if (Trace == kTraceUnstarted)
    startTrace();
  if (Trace == kTraceReplay && replayProbe(Site, Ph, Tensors, N, C, *Fns))
    return true;
  if (deferProbeFull(Site, Ph, Tensors, N, Pr, C, *Fns))
    return true;
  stopTrace(); // the immediate path is no step of a trace
  return false;
}

/// deferProbe's full path: per tensor, its metadata read and its need
/// classified; at most one launch of each runtime kernel (the NaN-count
/// kernel for dense floating tensors that are only checked, the statistics
/// kernel for the rest) unless the run's batches take them. A tensor
/// already counted in this run and not written since (SeenTensors) is not
/// counted again: its probe reads the earlier slot. Recorded as a step of
/// the run's trace (kTraceRecord).
AOTI_RT_OUTLINE bool
RunScope::deferProbeFull(int Site, Phase Ph, const TensorRef *Tensors, int N,
                         const Probe &Pr, const detail::ProbeCtx &C,
                         const detail::RuntimeKernels &Fns) {
  using namespace detail;
  DeferredRun &D = *Deferred; // this run's, until finish()
  ProbeScratch &Scr = D.Scratchpad;
  const size_t NT = static_cast<size_t>(std::max(N, 0));
  readProbeMetas(Scr, Tensors, NT, Pr);
  size_t Counted = 0;
  if (!classifyNeeds(Scr, NT, Pr, Counted))
    return false;
  const bool Work = Counted > 0;
  // Another device's launches pending: the immediate path, before the read
  // below would synchronize them (areaOn refuses the move too).
  if (Work && D.Device >= 0 && D.Device != Scr.Device && D.Launched)
    return false;
  // A second check of this (site, phase) in the run, or an area too small
  // while launches are pending: read the pending checks first (one sync;
  // reports and fails as the immediate check would have).
  if (D.Checks.has(Site, Ph) ||
      (Work && D.Launched && Counted > D.Area.Capacity))
    resolveDeferred(kEndMayThrow);
  DeviceGuard Guard(Work ? Scr.Device : -1, currentDevice());
  if (Work &&
      !D.areaOn(Scr.Device, Counted, static_cast<cudaStream_t>(StreamPtr)))
    return false;
  // What this run has counted already. An after-probe's outputs were
  // written (forgotten first), a before-probe's are about to be
  // (forgotten after their lookup).
  D.Seen.probeOf(Site);
  if (Ph == kAfter)
    forgetOutputs(D.Seen, Scr, NT);
  lookupSeen(D.Seen, Scr, NT);
  CountPlan Plan;
  if (!planCounts(C, Plan)) {
    D.Seen.clear(); // this probe goes the immediate way: a gap
    return false;
  }
  if (Pr.print == kPrintNames) // unless the stats lines they head wait
    emit(*State, launchLine(C), State->Jsonl ? launchEvent(C) : std::string());
  if (Plan.Scans)
    launchUnbatched(C, Fns, Plan);
  if (!assignSlots(C, Plan))
    stopTrace(); // a tensor's storage could not be held
  if (Ph == kBefore)
    forgetOutputs(D.Seen, Scr, NT);
  const size_t CountedFirst = D.Checks.Counted.size();
  recordProbe(D.Checks, Scr, NT, Site, Ph, Pr);
  if (Trace == kTraceRecord)
    recordProbeStep(Site, Ph, N, Pr, Plan, CountedFirst);
  return true;
}

#endif // AOTI_RT_CUDA

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_DEFERRED_H
