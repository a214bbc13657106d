//===- aoti_rt/run_scope_deferred.h - RunScope: deferred probes -*- C++ -*-===//
//
// RunScope's deferred probes (deferred.h): counts taken on the device
// without a sync, batched across launches, read at the end of the run.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_DEFERRED_H
#define AOTI_RT_RUN_SCOPE_DEFERRED_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "run_scope.h"
#include "cuda_api.h"
#include "deferred.h"

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
AOTI_RT_OUTLINE bool RunScope::flushBatch(std::string &) {
  BatchPending = false;
  return true;
}
#else

AOTI_RT_OUTLINE void RunScope::releaseDeferred() {
  if (!Deferred)
    return;
  detail::DeferredRun *D = Deferred;
  Deferred = nullptr;
  D->nanBatch.clear(); // resolveDeferred launched them, or never will
  D->statsBatch.clear();
  BatchPending = false;
  if (D->broken || D->launched)
    return; // launches may still write into it (or the context is gone)
  D->checks.clear();
  D->resetResults();
  detail::releaseDeferredRun(D);
}

/// Read once per run: reading the device and the runtime's kernels at
/// every probe cost 28 us per forward of the 8-layer decoder's 206 probes
/// (a host profile of nan-hunt on that decoder; docs/benchmarks.md,
/// "Launch-bound and GPU-bound").
AOTI_RT_OUTLINE int RunScope::currentDevice() {
  if (CurDevice == -2 && cudaGetDevice(&CurDevice) != cudaSuccess) {
    cudaGetLastError();
    CurDevice = -1; // unknown: DeviceGuard reads it each time
  }
  return CurDevice;
}

/// The runtime's kernels for \p Device (< 0: the current one), whose
/// context is current (a DeviceGuard).
AOTI_RT_OUTLINE const detail::RuntimeKernels *
RunScope::kernels(int Device, std::string &Why) {
  const int Cur = currentDevice();
  if (Cur < 0 || (Device >= 0 && Device != Cur))
    return detail::runtimeKernels(Why);
  if (!Kernels)
    Kernels = detail::runtimeKernels(Why);
  return Kernels;
}

/// Launches the batched counts (NanBatch, StatsBatch) and lets their
/// storage go.
AOTI_RT_OUTLINE bool RunScope::flushBatch(std::string &Err) {
  using namespace detail;
  BatchPending = false;
  if (!Deferred || (Deferred->nanBatch.empty() && Deferred->statsBatch.empty()))
    return true;
  DeferredRun &D = *Deferred;
  DeviceGuard Guard(D.device, currentDevice());
  const RuntimeKernels *Fns = kernels(D.device, Err);
  bool Ok = Fns != nullptr;
  const cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  if (Ok && !D.statsBatch.empty()) {
    StatsLaunch &L = D.statsBatch.launch;
    Ok = launchStatsDescs(Fns->stats, D.area, L, mostBlocks(L.inl, L.n), St,
                          Err);
  }
  if (Ok && !D.nanBatch.empty())
    Ok = launchNanDescs(Fns->nan, D.area, D.nanBatch.launch, St, Err);
  // On failure, the slots stay pending: "not counted".
  D.nanBatch.clear();
  D.statsBatch.clear();
  return Ok;
}

/// Poison of \p Bytes bytes of \p Value at \p Data (M's storage, about to
/// get its first user; CUDA), merged into the run's batched NaN-count launch
/// (Program::batch_deferred): written after that launch's counts, so the
/// counts of the bytes' former tensor, still pending, read them first;
/// launched before the next launch with a guard (RunScope::beforeWrite),
/// the buffer's first user. A fill replaces a memset, and often rides on a
/// count launch the first user forces anyway. False (nothing done): fill it
/// now.
AOTI_RT_OUTLINE bool RunScope::mergeFill(const detail::TensorMeta &M,
                                         const unsigned char *Data,
                                         size_t Bytes, uint8_t Value) {
  using namespace detail;
  if (!M.cuda || !Prog->batch_deferred || Capturing || State->statsHost ||
      Bytes > kMergedFillBytes)
    return false;
  std::string Why;
  if (!kernels(M.devIndex, Why))
    return false;
  if (!Deferred)
    Deferred = acquireDeferred(currentDevice());
  DeferredRun &D = *Deferred;
  DeviceGuard Guard(M.devIndex, currentDevice());
  if (!D.areaOn(M.devIndex, 1, static_cast<cudaStream_t>(StreamPtr)))
    return false;
  NanLaunch &L = D.nanBatch.launch;
  size_t Pending = 0;
  for (int I = 0; I < L.nfills; ++I)
    Pending += L.fills[I].bytes;
  if (L.nfills == kNanFills || Pending + Bytes > kMergedFillLaunchBytes) {
    std::string Err;
    if (!flushBatch(Err))
      return false;
  }
  L.fills[L.nfills++] = FillDesc{reinterpret_cast<uint64_t>(Data),
                                 static_cast<uint32_t>(Bytes), Value};
  BatchPending = true;
  D.launched = true; // its launch comes before the run's sync
  return true;
}

/// \p Site, \p Ph: where the run is, for a failure's report (before the
/// launch that writes; after the last probe, for the runtime's own writes).
AOTI_RT_OUTLINE void RunScope::flushBatchFor(int Site,
                                             const TensorRef *Written, int N,
                                             Phase Ph) {
  using namespace detail;
  if (!Deferred) {
    BatchPending = false;
    return;
  }
  // Merged fills go before the next launch, the buffer's first user.
  bool Hit = N < 0 || Deferred->nanBatch.launch.nfills > 0;
  for (int I = 0; I < N && !Hit; ++I) {
    uintptr_t B = 0, E = 0;
    Hit = !spanOf(Written[I].handle, B, E) ||
          Deferred->nanBatch.overlaps(B, E) ||
          Deferred->statsBatch.overlaps(B, E);
  }
  std::string Err;
  if (Hit && !flushBatch(Err)) {
    ProbeCtx C{State, Prog, Run, Ph, Site, findSite(*Prog, Site), StreamPtr};
    cudaFailure(C, Err);
  }
}

AOTI_RT_COLD_BEGIN // after the run's sync
AOTI_RT_OUTLINE void RunScope::resolveDeferred(int EndMode) {
  using namespace detail;
  if (BatchPending) {
    std::string Err; // a count not launched reads as not taken
    flushBatch(Err);
  }
  // Launches without checks (merged fills) are synchronized too, so that
  // the run's area goes back to the pool idle.
  if (!Deferred || (!Deferred->checks.pending() && !Deferred->launched))
    return;
  DeferredRun &D = *Deferred;
  DeferredEnd End = static_cast<DeferredEnd>(EndMode);
  cudaError_t E = cudaSuccess;
  if (D.launched) {
    E = cudaStreamSynchronize(static_cast<cudaStream_t>(StreamPtr));
    global().hostSyncs.fetch_add(1);
  }
  if (E != cudaSuccess) {
    // What completed before the failure is still worth reading (the
    // results are in host memory): the lines of those launches, their NaN
    // hits as warnings.
    D.checks.collect();
    reportDeferred(*State, *Prog, Run, D.checks, kEndFailed, StreamPtr);
    D.broken = true;
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
  D.launched = false;
  D.checks.collect();
  D.resetResults();
  reportDeferred(*State, *Prog, Run, D.checks, End, StreamPtr);
}

AOTI_RT_COLD_END

namespace detail {

/// Whether a probe of \p Pr prints \p Role's statistics, deferred.
inline bool printsDeferred(const Probe &Pr, uint8_t Role) {
  return Pr.print == kPrintStats && Pr.print_deferred && (Role & Pr.print_roles);
}

/// An unchanging input only checked for "inputs were clean": nothing of it
/// is read unless a report needs it (kLazy; countLazy reads it then).
inline bool isLazyInput(const TensorRef &T, const Probe &Pr) {
  return T.stable && Pr.nan_roles && T.role == kIn &&
         !(T.role & Pr.nan_roles) && !printsDeferred(Pr, T.role);
}

/// The metadata of a deferred probe's \p N tensors into \p Scr (but lazy
/// inputs'), their needs reset; Scr.device: the first readable CUDA
/// tensor's.
inline void readProbeMetas(ProbeScratch &Scr, const TensorRef *Tensors,
                           size_t N, const Probe &Pr) {
  if (Scr.metas.size() < N)
    Scr.metas.resize(N);
  Scr.needs.assign(N, kNone);
  Scr.shapes.assign(N, 0);
  Scr.slots.assign(N, nullptr);
  Scr.scanFull.clear();
  Scr.scanNan.clear();
  Scr.device = -1;
  for (size_t I = 0; I < N; ++I) {
    TensorMeta &M = Scr.metas[I];
    M.name = orDefault(Tensors[I].name, "?");
    M.role = Tensors[I].role;
    M.handle = Tensors[I].handle;
    if (isLazyInput(Tensors[I], Pr)) {
      clearMeta(M);
      Scr.needs[I] = kLazy;
      continue;
    }
    readMeta(M);
    if (Scr.device < 0 && M.ok && M.cuda)
      Scr.device = M.devIndex;
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
    const TensorMeta &M = Scr.metas[I];
    if (Scr.needs[I] == kLazy)
      continue;
    bool Printed = printsDeferred(Pr, M.role);
    bool Checked = Pr.nan_roles && ((M.role & Pr.nan_roles) || M.role == kIn);
    if (!Printed && !Checked)
      continue;
    Scr.needs[I] = kHostKnown;
    if (!M.ok || !M.cuda || M.numel <= 0 || M.devIndex != Scr.device ||
        !isReadableKind(M.dtype->kind))
      continue;
    if (!Printed && !isFloatKind(M.dtype->kind))
      continue; // no NaN in it: counted on the host
    Scr.shapes[I] = seenShape(M);
    if (Printed || !isDense(M)) {
      if (M.csizes.size() > static_cast<size_t>(kMaxKernelDims))
        return false;
      Scr.needs[I] = kScanFull;
    } else {
      Scr.needs[I] = kScanNan;
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
    const TensorMeta &M = Scr.metas[I];
    if (!(M.role & kOut) || !M.ok || !M.dtype || M.numel <= 0)
      continue;
    uintptr_t B = reinterpret_cast<uintptr_t>(M.data);
    Seen.forget(B, B + spanBytes(M));
  }
}

/// The tensors this run counted already take their earlier slot (kSeen);
/// the rest go to Scr.scanFull and Scr.scanNan.
inline void lookupSeen(const SeenTensors &Seen, ProbeScratch &Scr, size_t N) {
  for (size_t I = 0; I < N; ++I) {
    if (Scr.needs[I] != kScanFull && Scr.needs[I] != kScanNan)
      continue;
    const bool Full = Scr.needs[I] == kScanFull;
    if (const SeenTensor *T = Seen.find(Scr.metas[I], Scr.shapes[I], Full)) {
      Scr.needs[I] = kSeen;
      Scr.slots[I] = T->slot;
    } else {
      (Full ? Scr.scanFull : Scr.scanNan).push_back(&Scr.metas[I]);
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
  const size_t First = Compact ? Checks.counted.size() : Checks.used,
               LazyFirst = Checks.lazies.size();
  for (size_t I = 0; I < N; ++I) {
    if (Scr.needs[I] == kNone)
      continue;
    if (Scr.needs[I] == kLazy) { // no metadata, no counts yet
      Checks.lazies.push_back(LazyInput{Scr.metas[I].name,
                                        Scr.metas[I].handle,
                                        Scr.metas[I].role});
      continue;
    }
    if (Compact) {
      Checks.counted.push_back(
          countedOf(Scr.metas[I], Scr.slots[I], Scr.device));
      continue;
    }
    // Moved, not copied (the meta is not read after this; readMeta
    // refills it).
    DeferredTensor &T = Checks.addTensor();
    T.item.meta = std::move(Scr.metas[I]);
    if (Scr.slots[I])
      T.result = Scr.slots[I];
    else
      knownCounts(T.item, Scr.device); // or none: the report says so
  }
  Checks.addRecord(Site, Ph, Pr.nan_roles, Pr.nan_checks, Pr.nan_on_fail,
                   PrintStats ? kPrintStats : kPrintNone, Pr.print_roles,
                   First, LazyFirst, Compact);
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
  ProbeScratch &Scr = D.scratch;
  const size_t NanBytes = spanBytesOf(Scr.scanNan),
               FullBytes = spanBytesOf(Scr.scanFull);
  Plan.batchNan = Prog->batch_deferred && !Scr.scanNan.empty() &&
                  NanBatch::batchable(Scr.scanNan.size(), NanBytes);
  Plan.batchFull = Prog->batch_deferred && !Scr.scanFull.empty() &&
                   StatsBatch::batchable(Scr.scanFull.size(), FullBytes);
  if ((Plan.batchNan && !D.nanBatch.fits(Scr.scanNan.size(), NanBytes)) ||
      (Plan.batchFull && !D.statsBatch.fits(Scr.scanFull.size(), FullBytes))) {
    std::string Err;
    if (!flushBatch(Err))
      cudaFailure(C, Err);
  }
  Plan.scans = (Plan.batchFull ? 0 : Scr.scanFull.size()) +
               (Plan.batchNan ? 0 : Scr.scanNan.size());
  if (Plan.scans) {
    Plan.host = D.results(Plan.scans, Plan.devOut);
    if (!Plan.host)
      return false;
  }
  // A batch's result slots, reserved when its first tensor comes.
  auto Reserve = [&](auto &B) {
    if (B.host)
      return true;
    Stats *Dev = nullptr;
    B.host = D.results(B.kCap, Dev);
    B.launch.out = Dev;
    return B.host != nullptr;
  };
  return !(Plan.batchNan && !Reserve(D.nanBatch)) &&
         !(Plan.batchFull && !Reserve(D.statsBatch));
}

/// The counts \p Plan does not batch, launched now: statistics first, then
/// NaN counts, into the slots it reserved.
AOTI_RT_OUTLINE void RunScope::launchUnbatched(const detail::ProbeCtx &C,
                                            const detail::RuntimeKernels &Fns,
                                            const detail::CountPlan &Plan) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  ProbeScratch &Scr = D.scratch;
  const cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  std::string Err;
  if (!Scr.scanFull.empty() && !Plan.batchFull &&
      !launchStats(Fns.stats, D.area, Scr.scanFull.data(),
                   Scr.scanFull.size(), Plan.devOut, St, Err))
    cudaFailure(C, Err);
  if (!Scr.scanNan.empty() && !Plan.batchNan &&
      !launchNanCount(Fns.nan, D.area, Scr.scanNan.data(), Scr.scanNan.size(),
                      Plan.devOut + (Plan.batchFull ? 0 : Scr.scanFull.size()),
                      St, Err))
    cudaFailure(C, Err);
  D.launched = true;
}

/// Each counted tensor's slot: in a batch (its storage held until the
/// batch's launch), or of the launch above; remembered as counted. A tensor
/// whose storage could not be held flushes the batches at once.
AOTI_RT_OUTLINE void RunScope::assignSlots(const detail::ProbeCtx &C,
                                           const detail::CountPlan &Plan) {
  using namespace detail;
  DeferredRun &D = *Deferred;
  ProbeScratch &Scr = D.scratch;
  bool Unheld = false; // a tensor of a batch whose storage is not held
  auto Hold = [&](const TensorMeta &M, uintptr_t &B, uintptr_t &E) {
    AtenTensorHandle Ref = nullptr;
    if (aoti_torch_new_tensor_handle(M.handle, &Ref) != AOTI_TORCH_SUCCESS)
      Ref = nullptr, Unheld = true;
    B = reinterpret_cast<uintptr_t>(M.data);
    E = B + spanBytes(M);
    BatchPending = true;
    D.launched = true; // its launch comes before the run's sync
    return Ref;
  };
  size_t KF = 0, KN = Plan.batchFull ? 0 : Scr.scanFull.size();
  for (size_t I = 0; I < Scr.needs.size(); ++I) {
    const TensorMeta &M = Scr.metas[I];
    const uint8_t Need = Scr.needs[I];
    uintptr_t B = 0, E = 0;
    if (Need == kScanFull && Plan.batchFull) {
      AtenTensorHandle Ref = Hold(M, B, E);
      fillDesc(D.statsBatch.add(B, E, Ref, Scr.slots[I]), M);
    } else if (Need == kScanNan && Plan.batchNan) {
      AtenTensorHandle Ref = Hold(M, B, E);
      D.nanBatch.add(B, E, Ref, Scr.slots[I]) = nanDesc(M);
    } else if (Need == kScanFull || Need == kScanNan) {
      Scr.slots[I] = Plan.host + (Need == kScanFull ? KF++ : KN++);
    } else {
      continue;
    }
    D.seen.remember(M, Scr.shapes[I], Scr.slots[I], Need == kScanFull);
  }
  std::string Err;
  if (Unheld && !flushBatch(Err))
    cudaFailure(C, Err);
}

/// A probe without a sync: the checked tensors and the launch's input
/// tensors (for "inputs were clean"), and the printed ones of a deferred
/// stats print, counted on the device into this run's result slots; read by
/// resolveDeferred. Per probe at most one launch of each runtime kernel:
/// the NaN-count kernel for dense floating tensors that are only checked,
/// the statistics kernel for the rest. A tensor already counted in this run
/// and not written since (SeenTensors) is not counted again: its probe
/// reads the earlier slot. False (nothing done) when the probe needs the
/// immediate path: host copies (no kernel, more than 8 dims), another
/// device's launches pending, no mapped memory.
AOTI_RT_OUTLINE bool RunScope::deferProbe(int Site, Phase Ph,
                                          const TensorRef *Tensors, int N,
                                          const Probe &Pr,
                                          const detail::ProbeCtx &C) {
  using namespace detail;
  if (State->statsHost)
    return false;
  std::string Why;
  const RuntimeKernels *Fns = kernels(-1, Why);
  if (!Fns)
    return false; // the immediate path warns and uses host copies
  if (!Deferred)
    Deferred = acquireDeferred(currentDevice());
  DeferredRun &D = *Deferred; // this run's, until finish()
  ProbeScratch &Scr = D.scratch;
  const size_t NT = static_cast<size_t>(std::max(N, 0));
  readProbeMetas(Scr, Tensors, NT, Pr);
  size_t Counted = 0;
  if (!classifyNeeds(Scr, NT, Pr, Counted))
    return false;
  const bool Work = Counted > 0;
  // Another device's launches pending: the immediate path, before the read
  // below would synchronize them (areaOn refuses the move too).
  if (Work && D.device >= 0 && D.device != Scr.device && D.launched)
    return false;
  // A second check of this (site, phase) in the run, or an area too small
  // while launches are pending: read the pending checks first (one sync;
  // reports and fails as the immediate check would have).
  if (D.checks.has(Site, Ph) || (Work && D.launched && Counted > D.area.cap))
    resolveDeferred(kEndMayThrow);
  DeviceGuard Guard(Work ? Scr.device : -1, currentDevice());
  if (Work && !D.areaOn(Scr.device, Counted,
                        static_cast<cudaStream_t>(StreamPtr)))
    return false;
  // What this run has counted already. An after-probe's outputs were
  // written (forgotten first), a before-probe's are about to be
  // (forgotten after their lookup).
  D.seen.probeOf(Site);
  if (Ph == kAfter)
    forgetOutputs(D.seen, Scr, NT);
  lookupSeen(D.seen, Scr, NT);
  CountPlan Plan;
  if (!planCounts(C, Plan)) {
    D.seen.clear(); // this probe goes the immediate way: a gap
    return false;
  }
  if (Pr.print == kPrintNames) // unless the stats lines they head wait
    emit(*State, launchLine(C), State->jsonl ? launchEvent(C) : std::string());
  if (Plan.scans)
    launchUnbatched(C, *Fns, Plan);
  assignSlots(C, Plan);
  if (Ph == kBefore)
    forgetOutputs(D.seen, Scr, NT);
  recordProbe(D.checks, Scr, NT, Site, Ph, Pr);
  return true;
}

#endif // AOTI_RT_CUDA

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_DEFERRED_H
