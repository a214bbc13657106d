//===- aoti_rt/replay.h - A run's deferred probes, replayed -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The steady state of a model whose inputs are pinned (every input's dtype,
// device, dims and strides checked exact before the run): each run's
// deferred probes see the same tensors at the same addresses and decide the
// same things. A run records what its deferred probes and batch guards did
// (RunTrace); the next run of the same program replays it, reading two shim
// calls per tensor (its data pointer and element count, checked against the
// recorded ones) instead of its metadata, the seen list and the batch
// planning (only where every input is pinned: inputsPinned, guards.h). At
// the first difference the replay stops: that probe and every later one
// take the full path (the seen list starts empty), recording themselves in
// place of the rest of the trace.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_REPLAY_H
#define AOTI_RT_REPLAY_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "abi.h"
#include "deferred.h"
#include "tensor.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Where a run is with its trace (RunScope::Trace).
enum TraceMode : uint8_t {
  kTraceUnstarted, ///< no deferred probe yet
  kTraceOff,       ///< this run neither records nor replays
  kTraceRecord,    ///< the full path, each step appended
  kTraceReplay,    ///< the recorded steps, while the tensors match
};

/// What a replayed step does with one of its tensors.
enum TraceOp : uint8_t {
  kTraceVerify,  ///< a tensor a guarded launch writes: only compared
  kTraceLazy,    ///< a lazy input: its LazyInput, with this run's handle
  kTraceCounted, ///< its recorded CountedTensor (counts known, or a slot
                 ///< this run filled already)
  kTraceKnown,   ///< a host tensor of a kind without NaN: its counts are its
                 ///< element count, wherever it is (only that compared)
  kTraceBatched, ///< joins the NaN batch: held, described, given a slot
  kTraceBatchedFull, ///< joins the statistics batch (a strided tensor)
  kTraceScanned,     ///< NaN-counted by the probe's own launch
  kTraceScannedFull, ///< in the probe's own statistics launch
};

/// Whether \p Op takes statistics (a StatsDesc) rather than NaN counts.
inline bool traceFull(uint8_t Op) {
  return Op == kTraceBatchedFull || Op == kTraceScannedFull;
}

/// One tensor of a recorded step.
struct TraceTensor {
  uint16_t Index;             ///< in the step's TensorRef array
  uint8_t Op;                 ///< TraceOp
  const void *Data = nullptr; ///< what the tensor must still be (not lazy)
  int64_t Numel = 0;
  CountedTensor Counted{}; ///< all but kTraceVerify, kTraceLazy: its record
  NanDesc Desc{};          ///< kTraceBatched, kTraceScanned: its descriptor
  uint32_t Full = 0;       ///< traceFull: its RunTrace::FullDescs entry
  uintptr_t Begin = 0, End = 0; ///< batched: its bytes
};

/// A deferred probe (RunScope::deferProbe) or a batch guard
/// (RunScope::flushBatchFor) as a run did it.
struct TraceStep {
  int Site;
  Phase ProbePhase;
  bool Guard; ///< a guard; else a probe
  int N;      ///< the call's tensor count
  /// A guard: it launched the batches. A probe: it launched them before
  /// adding its own (they were full).
  bool Flush;
  uint32_t First, Count;   ///< RunTrace::Tensors[First, First + Count)
  uint32_t FullFirst;      ///< RunTrace::FullDescs from here
  DeferredRecord Record{}; ///< a probe's (its ranges are set at replay)
};

/// The steps of the last run of Owner that recorded or replayed them all.
/// The slots they name are the DeferredRun's own result chunks, which a
/// run takes in the same order when it takes the same steps.
struct RunTrace {
  /// Then the run stops recording: a trace holds some 150 bytes a tensor.
  static constexpr size_t kMaxSteps = size_t(1) << 14;
  std::vector<TraceStep> Steps;
  std::vector<TraceTensor> Tensors;
  std::vector<StatsDesc> FullDescs;
  /// A replayed step's own launches: its descriptors, gathered (scratch).
  std::vector<NanDesc> ScanNan;
  std::vector<StatsDesc> ScanFull;
  const void *Owner = nullptr; ///< the Program
  int Device = -1;             ///< the DeferredRun's device when recorded
  bool Valid = false;          ///< whole: a later run may replay it

  void clear() {
    Steps.clear();
    Tensors.clear();
    FullDescs.clear();
    Valid = false;
  }
  /// Drops step \p K and the ones after it.
  void truncate(size_t K) {
    if (K >= Steps.size())
      return;
    Tensors.resize(Steps[K].First);
    FullDescs.resize(Steps[K].FullFirst);
    Steps.resize(K);
  }
  /// Becomes the first \p K steps of \p From (a copy), unfinished: a run
  /// that replayed them records the rest.
  void assignPrefix(const RunTrace &From, size_t K) {
    K = K < From.Steps.size() ? K : From.Steps.size();
    const size_t NT =
        K < From.Steps.size() ? From.Steps[K].First : From.Tensors.size();
    const size_t NF =
        K < From.Steps.size() ? From.Steps[K].FullFirst : From.FullDescs.size();
    Steps.assign(From.Steps.begin(), From.Steps.begin() + K);
    Tensors.assign(From.Tensors.begin(), From.Tensors.begin() + NT);
    FullDescs.assign(From.FullDescs.begin(), From.FullDescs.begin() + NF);
    Owner = From.Owner;
    Device = From.Device;
    Valid = false;
  }
  /// Step \p K if it is this call (a guard or probe of \p Site, \p Ph with
  /// \p N tensors); null otherwise.
  const TraceStep *match(size_t K, int Site, Phase Ph, bool Guard,
                         int N) const {
    if (K >= Steps.size())
      return nullptr;
    const TraceStep &S = Steps[K];
    return S.Site == Site && S.ProbePhase == Ph && S.Guard == Guard && S.N == N
               ? &S
               : nullptr;
  }
  /// A new step; its tensors follow with addTensor. False when the trace
  /// is full.
  bool addStep(int Site, Phase Ph, bool Guard, int N, bool Flush) {
    if (Steps.size() >= kMaxSteps)
      return false;
    TraceStep S{Site,
                Ph,
                Guard,
                N,
                Flush,
                static_cast<uint32_t>(Tensors.size()),
                0,
                static_cast<uint32_t>(FullDescs.size()),
                DeferredRecord{}};
    Steps.push_back(S);
    return true;
  }
  TraceTensor &addTensor(size_t Index, TraceOp Op, const void *Data,
                         int64_t Numel) {
    Tensors.emplace_back();
    TraceTensor &T = Tensors.back();
    T.Index = static_cast<uint16_t>(Index);
    T.Op = Op;
    T.Data = Data;
    T.Numel = Numel;
    ++Steps.back().Count;
    return T;
  }
};

/// What a recorded probe adds to the run's batches and launches itself.
struct TraceWork {
  size_t Nan = 0, NanBytes = 0;     ///< tensors and bytes into the NaN batch
  size_t Full = 0, FullBytes = 0;   ///< into the statistics batch
  size_t ScanNan = 0, ScanFull = 0; ///< counted by the probe's own launches
};

inline TraceWork traceWork(const RunTrace &T, const TraceStep &S) {
  TraceWork W;
  for (uint32_t I = S.First; I < S.First + S.Count; ++I) {
    const TraceTensor &TT = T.Tensors[I];
    const size_t Bytes = TT.End - TT.Begin;
    if (TT.Op == kTraceBatched)
      ++W.Nan, W.NanBytes += Bytes;
    else if (TT.Op == kTraceBatchedFull)
      ++W.Full, W.FullBytes += Bytes;
    else if (TT.Op == kTraceScanned)
      ++W.ScanNan;
    else if (TT.Op == kTraceScannedFull)
      ++W.ScanFull;
  }
  return W;
}

/// Whether the tensors of \p S that are read (all but lazy inputs) still
/// have the recorded first byte and element count: two shim calls each
/// (kTraceKnown: the count alone).
inline bool traceTensorsMatch(const RunTrace &T, const TraceStep &S,
                              const TensorRef *Tensors) {
  for (uint32_t I = S.First; I < S.First + S.Count; ++I) {
    const TraceTensor &TT = T.Tensors[I];
    if (TT.Op == kTraceLazy)
      continue;
    AtenTensorHandle H = Tensors[TT.Index].handle;
    void *Data = nullptr;
    int64_t Numel = -1;
    if (!H || aoti_torch_get_numel(H, &Numel) != AOTI_TORCH_SUCCESS ||
        Numel != TT.Numel)
      return false;
    if (TT.Op != kTraceKnown && (!dataOf(H, Data) || Data != TT.Data))
      return false;
  }
  return true;
}

/// Whether \p T is whole and was recorded by \p Owner on \p Device.
inline bool traceReplayable(const RunTrace &T, const void *Owner, int Device) {
  return T.Valid && T.Owner == Owner && T.Device == Device && Device >= 0;
}

/// Step \p K of \p T if this call replays it: the same call, and its
/// tensors as recorded (a guard that flushed compares none).
inline const TraceStep *replayableStep(const RunTrace &T, size_t K, int Site,
                                       Phase Ph, bool Guard,
                                       const TensorRef *Tensors, int N) {
  const TraceStep *S = T.match(K, Site, Ph, Guard, N);
  if (!S || (Guard && S->Flush) || traceTensorsMatch(T, *S, Tensors))
    return S;
  return nullptr;
}

/// The program's two latest traces on a DeferredRun: the one a run
/// replays, and the one before it, which shares its first Shared steps. A
/// caller that alternates two input tensors (the next one made while the
/// last is still referenced) makes runs that differ from the step where
/// the input is first read: each input replays its own trace.
struct TracePair {
  RunTrace Trace;
  RunTrace Spare;
  size_t Shared = 0; ///< leading steps the two have in common

  /// A run that differs from Trace at step \p K, a call of \p Site,
  /// \p Ph: when Spare has the same steps before it and replays this one,
  /// the two change places.
  bool takeSpare(size_t K, int Site, Phase Ph, bool Guard,
                 const TensorRef *Tensors, int N) {
    if (!Spare.Valid || K > Shared ||
        !replayableStep(Spare, K, Site, Ph, Guard, Tensors, N))
      return false;
    std::swap(Trace, Spare);
    return true;
  }
  /// A run that differs from both at step \p K: Trace, whole, becomes the
  /// spare, and the run records after a copy of its first K steps.
  void fork(size_t K) {
    Spare = std::move(Trace);
    Trace.assignPrefix(Spare, K);
    Shared = Trace.Steps.size();
  }
  /// The run's end replayed only the first \p K steps of Trace.
  void truncate(size_t K) {
    Trace.truncate(K);
    Shared = Shared < K ? Shared : K;
  }
  /// Trace is started anew (Spare stays).
  void restart(const void *Owner) {
    Trace.clear();
    Trace.Owner = Owner;
    Shared = 0;
  }
  /// Only traces \p Owner recorded on \p Device may replay: Spare kept
  /// if it is one, and Trace the one that is, if either is.
  bool select(const void *Owner, int Device) {
    if (!traceReplayable(Spare, Owner, Device)) {
      Spare.clear();
      Shared = 0;
    }
    if (!traceReplayable(Trace, Owner, Device) && Spare.Valid)
      std::swap(Trace, Spare);
    return traceReplayable(Trace, Owner, Device);
  }
};

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_REPLAY_H
