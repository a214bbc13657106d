//===- aoti_rt/deferred_run.h - A run's deferred device side ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one run of deferred probes holds on the device side (DeferredRun):
// its result chunks, stats area, records, seen list, pending batches and
// the trace the next run may replay (replay.h); leased from a per-device
// pool.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_DEFERRED_RUN_H
#define AOTI_RT_DEFERRED_RUN_H

#include "cuda_api.h"
#include "cuda_stats.h"
#include "deferred.h"
#include "replay.h"
#include "tensor.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

#if AOTI_RT_CUDA

/// Where deferred launches write their results: pinned host memory mapped
/// into the device, read by the host after the run's sync.
struct ResultChunk {
  Stats *Host;
  Stats *Dev;
  size_t Capacity, Used;
};

/// What a deferred probe does with each of its tensors.
enum ProbeNeed : uint8_t {
  kNone,      ///< neither checked nor printed
  kHostKnown, ///< counted on the host (or not readable): knownCounts
  kSeen,      ///< counted earlier in the run, unwritten since: its slot
  kScanFull,  ///< statistics on the device (printed, or strided)
  kScanNan,   ///< NaN counts on the device (dense, only checked)
  kLazy,      ///< an unchanging input: read only if the record reports
};

/// RunScope::deferProbe's working vectors, kept with the run (no
/// allocation, no thread_local lookup per probe), and its tensors' device.
struct ProbeScratch {
  std::vector<TensorMeta> Metas;
  std::vector<uint8_t> Needs; ///< ProbeNeed
  std::vector<uint64_t> Shapes;
  std::vector<Stats *> Slots;
  std::vector<const TensorMeta *> ScanFull, ScanNan;
  int Device = -1; ///< of the first readable CUDA tensor; -1: none
};

/// Where a deferred probe's device counts go (RunScope::planCounts).
struct CountPlan {
  bool BatchNan = false;   ///< its NaN counts join the run's NaN batch
  bool BatchFull = false;  ///< its statistics join the statistics batch
  size_t Scans = 0;        ///< tensors counted by a launch of its own
  Stats *Host = nullptr;   ///< their slots (host side), statistics first
  Stats *DevOut = nullptr; ///< the same slots, as the device sees them
  bool Flushed = false;    ///< the batches were sent first (they were full)
};

/// A run's deferred probes and their device side: a stats area (the run's
/// launches are ordered by its stream) and result chunks. Leased from a
/// pool at a run's first deferred probe and given back after its sync, so
/// later runs reuse the buffers (nothing is allocated once they are big
/// enough).
struct DeferredRun {
  int Device = -1; ///< of the area; -1: none yet
  ProbeScratch Scratchpad;
  StatsArea Area;
  std::vector<ResultChunk> Chunks;
  size_t CurChunk = 0;
  bool Launched = false; ///< launches not yet synchronized
  bool Broken = false;   ///< a sync failed: never reused
  DeferredChecks Checks;
  SeenTensors Seen;        ///< point into chunks: cleared with them
  NanBatch PendingNan;     ///< Program::batch_deferred: NaN counts not launched
  StatsBatch PendingStats; ///< and statistics not launched
  /// What the last runs of Traces.Trace.Owner's probes did here, for the
  /// next one to replay (their slots are this run's chunks).
  TracePair Traces;

  /// Room for N results, each marked kStatsPending until its launch
  /// writes it: the host pointer (Dev: the device's view), or null.
  Stats *results(size_t N, Stats *&Dev) {
    while (CurChunk < Chunks.size() &&
           Chunks[CurChunk].Used + N > Chunks[CurChunk].Capacity)
      ++CurChunk;
    if (CurChunk == Chunks.size()) {
      RelaxedCaptureMode Relaxed;
      size_t Cap = std::max<size_t>(N, 4096);
      void *H = nullptr, *D = nullptr;
      if (cudaHostAlloc(&H, Cap * sizeof(Stats),
                        cudaHostAllocPortable | cudaHostAllocMapped) !=
          cudaSuccess) {
        cudaGetLastError();
        return nullptr;
      }
      if (cudaHostGetDevicePointer(&D, H, 0) != cudaSuccess) {
        cudaGetLastError();
        cudaFreeHost(H);
        return nullptr;
      }
      Chunks.push_back(ResultChunk{static_cast<Stats *>(H),
                                   static_cast<Stats *>(D), Cap, 0});
    }
    ResultChunk &C = Chunks[CurChunk];
    Stats *H = C.Host + C.Used;
    Dev = C.Dev + C.Used;
    C.Used += N;
    for (size_t I = 0; I < N; ++I)
      H[I].count = kStatsPending;
    return H;
  }
  /// \p B's result slots, reserved when its first tensor comes. False
  /// when no mapped memory is left.
  template <class BatchT> bool reserve(BatchT &B) {
    if (B.Host)
      return true;
    Stats *Dev = nullptr;
    B.Host = results(B.kCap, Dev);
    B.Launch.out = Dev;
    return B.Host != nullptr;
  }
  /// The stats area on device \p DeviceIndex (its context current) with
  /// room for \p N tensors, a new one initialised on \p Stream. Moving to
  /// another device gives the old area back, which only a run with nothing
  /// pending there may do: false then, and when the device refuses the
  /// memory.
  bool areaOn(int DeviceIndex, size_t N, cudaStream_t Stream) {
    if (Device != DeviceIndex) {
      if (Device >= 0 && Launched)
        return false; // another device's launches are pending
      if (Area.Dev) {
        DeviceGuard Old(Device);
        cudaFree(Area.Dev);
      }
      Area = StatsArea();
      Device = DeviceIndex;
      Seen.clear();
    }
    if (Area.reserve(N, Stream) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    return true;
  }
  void resetResults() {
    PendingNan.clear(); // their slots go with the chunks
    PendingStats.clear();
    for (ResultChunk &C : Chunks)
      C.Used = 0;
    CurChunk = 0;
    Seen.clear();
  }
};

/// A DeferredRun for Device (-1: any), from the pool or new: the one whose
/// trace \p Owner (a Program) recorded, if it is free.
inline DeferredRun *acquireDeferred(int Device, const void *Owner) {
  DevicePool<DeferredRun> &Pool = DevicePool<DeferredRun>::get();
  DeferredRun *D = Pool.takeIf(
      [Owner](const DeferredRun &R) { return R.Traces.Trace.Owner == Owner; });
  if (!D)
    D = Pool.take(Device, /*Exact=*/false);
  return D ? D : new DeferredRun();
}

inline void releaseDeferredRun(DeferredRun *D) {
  DevicePool<DeferredRun>::get().give(D);
}

#endif // AOTI_RT_CUDA

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_DEFERRED_RUN_H
