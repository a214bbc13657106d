//===- aoti_rt/run_scope_impl.h - RunScope: the run, its end, deferred probes ----*- C++ -*-===//
//
// The constructor and destructor of a run of run_impl, finish(), and the
// deferred probes (deferred.h): taken without a sync, read at the end.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_IMPL_H
#define AOTI_RT_RUN_SCOPE_IMPL_H

#include "buffers.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

namespace detail {
AOTI_RT_COLD_BEGIN
/// An exception leaves run \p Run: where the host was, from its last probe
/// (\p Site -1: none yet). Event `run_failed`.
inline void reportUnwind(ProgramState &S, const Program &P, int64_t Run,
                         int Site, Phase Ph) {
  std::string RunText = "run " + std::to_string(static_cast<long long>(Run));
  std::string Line = "[aoti-instrument] " + RunText + " failed: an exception "
                                                      "left run_impl ";
  JsonObj J;
  // The launch the run had not reached (\p What: "first", "next").
  auto NameNext = [&](int Next, const char *What) {
    if (const SiteInfo *SI = findSite(P, Next)) {
      Line += std::string("; the ") + What + " launch is " +
              siteText(P, Next, SI);
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
                                   AtenTensorHandle *Outputs,
                                   size_t NumOutputs)
    : Prog(&P), State(detail::stateFor(P)), StreamPtr(Stream),
      Uncaught(std::uncaught_exceptions()), Outputs(Outputs),
      NumOutputs(NumOutputs) {
  Run = State->calls.fetch_add(1, std::memory_order_relaxed) + 1;
  if (Uncaught == 0)
    detail::reportedUnwindDepth() = -1; // a stale mark of a caught exception
  if (State->disabled)
    return;
  bool Selected =
      (P.first_calls <= 0 || Run <= P.first_calls) &&
      (P.every_calls <= 1 || (Run - 1) % P.every_calls == 0);
#if AOTI_RT_CUDA
  Capturing = detail::streamCapturing(StreamPtr);
  // (b) A sticky error from an earlier run: name its first unfinished
  // launch before this run fails on it.
  if (!Capturing && detail::crumbArenaReady()) {
    cudaError_t E = cudaStreamQuery(static_cast<cudaStream_t>(StreamPtr));
    if (E != cudaSuccess && E != cudaErrorNotReady) {
      std::string When =
          "when run " + std::to_string(static_cast<long long>(Run)) +
          " started";
      detail::reportCudaFailure(State, detail::cudaErrorText(E),
                                When.c_str(), Run);
    }
  }
  if (Selected && Capturing)
    detail::warnOnce(*State, State->warnedCapture,
                     "the stream is being captured into a CUDA graph: "
                     "syncs, statistics, NaN checks, saves and breadcrumbs "
                     "are skipped while capturing",
                     Run);
#endif
  Observing = Selected;
}

AOTI_RT_OUTLINE RunScope::~RunScope() {
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
    try {
      resolveDeferred(Unwinding ? detail::kEndReportOnly
                                : detail::kEndNoThrow);
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
  if (State->disabled || !Unwinding)
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
    cudaError_t E =
        cudaStreamSynchronize(static_cast<cudaStream_t>(StreamPtr));
    if (E != cudaSuccess) {
      std::string When = "while run " +
                         std::to_string(static_cast<long long>(Run)) +
                         " unwound";
      detail::reportCudaFailure(State, detail::cudaErrorText(E),
                                When.c_str(), Run);
    }
  } catch (...) {
  }
#endif
}


AOTI_RT_OUTLINE void RunScope::finish() {
#if AOTI_RT_CUDA
  if (Deferred) {
    resolveDeferred(detail::kEndMayThrow); // may throw: ~RunScope gives back
    releaseDeferred();
  }
#else
  (void)Deferred; // the CPU checks are never deferred
#endif
  endBuffers(/*MayThrow=*/true);
}

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
/// (a host profile of nan-hunt on that decoder, docs/gpu-runs/README.md).
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
AOTI_RT_OUTLINE bool RunScope::deferProbe(int Site, Phase Ph, const TensorRef *Tensors,
                                 int N, const Probe &Pr,
                                 const detail::ProbeCtx &C) {
  using namespace detail;
  ProgramState &S = *State;
  if (S.statsHost)
    return false;
  std::string Why;
  const RuntimeKernels *Fns = kernels(-1, Why);
  if (!Fns)
    return false; // the immediate path warns and uses host copies
  if (!Deferred)
    Deferred = acquireDeferred(currentDevice());
  DeferredRun &D = *Deferred; // this run's, until finish()
  // What each tensor needs; the vectors keep their capacity across probes.
  enum Need : uint8_t { kNone, kHostKnown, kSeen, kScanFull, kScanNan, kLazy };
  ProbeScratch &Scr = D.scratch;
  std::vector<TensorMeta> &Metas = Scr.metas;
  std::vector<uint8_t> &Needs = Scr.needs;
  std::vector<uint64_t> &Shapes = Scr.shapes;
  std::vector<Stats *> &Slots = Scr.slots;
  std::vector<const TensorMeta *> &ScanFull = Scr.scanFull,
                                  &ScanNan = Scr.scanNan;
  const size_t NT = static_cast<size_t>(std::max(N, 0));
  if (Metas.size() < NT)
    Metas.resize(NT);
  Needs.assign(NT, kNone);
  Shapes.assign(NT, 0);
  Slots.assign(NT, nullptr);
  ScanFull.clear();
  ScanNan.clear();
  const bool PrintStats = Pr.print == kPrintStats && Pr.print_deferred;
  auto IsPrinted = [&](uint8_t Role) {
    return PrintStats && (Role & Pr.print_roles);
  };
  // An unchanging input only checked for "inputs were clean": nothing of it
  // is read unless a report needs it (kLazy; countLazy reads it then).
  auto IsLazy = [&](const TensorRef &T) {
    return T.stable && Pr.nan_roles && T.role == kIn &&
           !(T.role & Pr.nan_roles) && !IsPrinted(T.role);
  };
  int Device = -1;
  for (size_t I = 0; I < NT; ++I) {
    TensorMeta &M = Metas[I];
    M.name = orDefault(Tensors[I].name, "?");
    M.role = Tensors[I].role;
    M.handle = Tensors[I].handle;
    if (IsLazy(Tensors[I])) {
      clearMeta(M);
      Needs[I] = kLazy;
      continue;
    }
    readMeta(M);
    if (Device < 0 && M.ok && M.cuda)
      Device = M.devIndex;
  }
  // The checked tensors and the inputs, as the immediate report reads
  // them; the printed ones.
  size_t Counted = 0; // on the device, scanned or seen
  for (size_t I = 0; I < NT; ++I) {
    const TensorMeta &M = Metas[I];
    if (Needs[I] == kLazy)
      continue;
    bool Printed = IsPrinted(M.role);
    bool Checked =
        Pr.nan_roles && ((M.role & Pr.nan_roles) || M.role == kIn);
    if (!Printed && !Checked)
      continue;
    Needs[I] = kHostKnown;
    if (!M.ok || !M.cuda || M.numel <= 0 || M.devIndex != Device ||
        !isReadableKind(M.dtype->kind))
      continue;
    if (!Printed && !isFloatKind(M.dtype->kind))
      continue; // no NaN in it: counted on the host below
    Shapes[I] = seenShape(M);
    if (Printed || !isDense(M)) {
      if (M.csizes.size() > static_cast<size_t>(kMaxKernelDims))
        return false;
      Needs[I] = kScanFull;
    } else {
      Needs[I] = kScanNan;
    }
    ++Counted;
  }
  bool Work = Counted > 0;
  // Another device's launches pending: the immediate path, before the read
  // below would synchronize them (areaOn refuses the move too).
  if (Work && D.device >= 0 && D.device != Device && D.launched)
    return false;
  // A second check of this (site, phase) in the run, or an area too small
  // while launches are pending: read the pending checks first (one sync;
  // reports and fails as the immediate check would have).
  if (D.checks.has(Site, Ph) || (Work && D.launched && Counted > D.area.cap))
    resolveDeferred(kEndMayThrow);
  cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  DeviceGuard Guard(Work ? Device : -1, currentDevice());
  if (Work && !D.areaOn(Device, Counted, St))
    return false;

  // What this run has counted already. Writes: a before-probe's tensors
  // are about to be written (forgotten after their lookup here), an
  // after-probe's were written (forgotten first).
  SeenTensors &Seen = D.seen;
  Seen.probeOf(Site);
  auto ForgetWritten = [&] {
    for (size_t I = 0; I < NT; ++I) {
      const TensorMeta &M = Metas[I];
      if (!(M.role & kOut) || !M.ok || !M.dtype || M.numel <= 0)
        continue;
      uintptr_t B = reinterpret_cast<uintptr_t>(M.data);
      Seen.forget(B, B + spanBytes(M));
    }
  };
  if (Ph == kAfter)
    ForgetWritten();
  for (size_t I = 0; I < NT; ++I) {
    if (Needs[I] != kScanFull && Needs[I] != kScanNan)
      continue;
    if (const SeenTensor *T =
            Seen.find(Metas[I], Shapes[I], Needs[I] == kScanFull)) {
      Needs[I] = kSeen;
      Slots[I] = T->slot;
    } else {
      (Needs[I] == kScanFull ? ScanFull : ScanNan).push_back(&Metas[I]);
    }
  }
  // Counts join the run's batches (Program::batch_deferred) unless they
  // would fill more than one batch alone.
  size_t NanBytes = 0, FullBytes = 0;
  for (const TensorMeta *M : ScanNan)
    NanBytes += spanBytes(*M); // dense: numel elements
  for (const TensorMeta *M : ScanFull)
    FullBytes += spanBytes(*M);
  const bool Batch = Prog->batch_deferred && !ScanNan.empty() &&
                     NanBatch::batchable(ScanNan.size(), NanBytes);
  const bool BatchFull = Prog->batch_deferred && !ScanFull.empty() &&
                         StatsBatch::batchable(ScanFull.size(), FullBytes);
  if ((Batch && !D.nanBatch.fits(ScanNan.size(), NanBytes)) ||
      (BatchFull && !D.statsBatch.fits(ScanFull.size(), FullBytes))) {
    std::string Err;
    if (!flushBatch(Err))
      cudaFailure(C, Err);
  }
  Stats *Host = nullptr, *DevOut = nullptr;
  const size_t Scans =
      (BatchFull ? 0 : ScanFull.size()) + (Batch ? 0 : ScanNan.size());
  if (Scans) {
    Host = D.results(Scans, DevOut);
    if (!Host) {
      Seen.clear(); // this probe goes the immediate way: a gap
      return false;
    }
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
  if ((Batch && !Reserve(D.nanBatch)) ||
      (BatchFull && !Reserve(D.statsBatch))) {
    Seen.clear();
    return false;
  }

  // 1. Print names now, unless the stats lines they head are deferred.
  if (Pr.print == kPrintNames) {
    std::string Line = "[aoti-instrument] run " +
                       std::to_string(static_cast<long long>(Run)) + " " +
                       phaseName(Ph) + " " + siteText(*Prog, Site, C.site);
    emit(S, Line,
         S.jsonl ? siteJson("launch", *Prog, Run, phaseName(Ph), Site, C.site)
                       .done()
                 : std::string());
  }
  // 2. The counts, launched (statistics first, then NaN counts) or batched.
  if (Scans) {
    std::string Err;
    if (!ScanFull.empty() && !BatchFull &&
        !launchStats(Fns->stats, D.area, ScanFull.data(), ScanFull.size(),
                     DevOut, St, Err))
      cudaFailure(C, Err);
    if (!ScanNan.empty() && !Batch &&
        !launchNanCount(Fns->nan, D.area, ScanNan.data(), ScanNan.size(),
                        DevOut + (BatchFull ? 0 : ScanFull.size()), St, Err))
      cudaFailure(C, Err);
    D.launched = true;
  }
  bool Unheld = false; // a tensor of a batch whose storage is not held
  // Into a batch: its storage held until the batch's launch.
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
  size_t KF = 0, KN = BatchFull ? 0 : ScanFull.size();
  for (size_t I = 0; I < NT; ++I) {
    const TensorMeta &M = Metas[I];
    uintptr_t B = 0, E = 0;
    if (Needs[I] == kScanFull && BatchFull) {
      AtenTensorHandle Ref = Hold(M, B, E);
      fillDesc(D.statsBatch.add(B, E, Ref, Slots[I]), M);
    } else if (Needs[I] == kScanNan && Batch) {
      AtenTensorHandle Ref = Hold(M, B, E);
      D.nanBatch.add(B, E, Ref, Slots[I]) = nanDesc(M);
    } else if (Needs[I] == kScanFull || Needs[I] == kScanNan) {
      Slots[I] = Host + (Needs[I] == kScanFull ? KF++ : KN++);
    } else {
      continue;
    }
    Seen.remember(M, Shapes[I], Slots[I], Needs[I] == kScanFull);
  }
  if (Unheld) {
    std::string Err;
    if (!flushBatch(Err))
      cudaFailure(C, Err);
  }
  if (Ph == kBefore)
    ForgetWritten();

  // A probe that prints nothing keeps what its NaN report needs alone.
  const bool Compact = !PrintStats;
  const size_t First = Compact ? D.checks.counted.size() : D.checks.used,
               LazyFirst = D.checks.lazies.size();
  for (size_t I = 0; I < NT; ++I) {
    if (Needs[I] == kNone)
      continue;
    if (Needs[I] == kLazy) { // no metadata, no counts yet
      D.checks.lazies.push_back(
          LazyInput{Metas[I].name, Metas[I].handle, Metas[I].role});
      continue;
    }
    if (Compact) {
      D.checks.counted.push_back(countedOf(Metas[I], Slots[I], Device));
      continue;
    }
    // Moved, not copied (Metas[I] is not read after this; readMeta
    // refills it).
    DeferredTensor &T = D.checks.addTensor();
    T.item.meta = std::move(Metas[I]);
    if (Slots[I])
      T.result = Slots[I];
    else
      knownCounts(T.item, Device); // or none: the report says so
  }
  D.checks.addRecord(Site, Ph, Pr.nan_roles, Pr.nan_checks, Pr.nan_on_fail,
                     PrintStats ? kPrintStats : kPrintNone, Pr.print_roles,
                     First, LazyFirst, Compact);
  return true;
}

#endif // AOTI_RT_CUDA

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_IMPL_H
