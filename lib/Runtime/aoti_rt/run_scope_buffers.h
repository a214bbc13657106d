//===- aoti_rt/run_scope_buffers.h - RunScope: buffers ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope's members for run_impl's buffers (buffers.h): redzones, poison,
// the checks of their canaries, and the bases kept for the next run.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_BUFFERS_H
#define AOTI_RT_RUN_SCOPE_BUFFERS_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "buffers.h"
#include "cuda_stats.h"
#include "deferred_run.h"
#include "run_scope.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

AOTI_RT_COLD_BEGIN // once per buffer and run
/// The storage of \p B, a buffer like \p M: B.Base, a 1-D tensor of
/// B.Elems elements whose zones hold the canary, and B.Start. On CUDA from
/// the run's ZonePool when it has one of this kind (no allocation, no
/// fill), else new and filled. False (Err set when the device refused the
/// fill) when there is none.
AOTI_RT_OUTLINE bool RunScope::redzonedBase(const detail::TensorMeta &M,
                                            detail::RedzonedBuffer &B,
                                            std::string &Err) {
  using namespace detail;
#if AOTI_RT_CUDA
  if (M.Cuda) {
    if (!Buffers->Pool) {
      Buffers->Pool = DevicePool<ZonePool>::get().take(-1, /*Exact=*/false);
      if (!Buffers->Pool)
        Buffers->Pool = new ZonePool();
    }
    ZonePool::Entry E;
    if (Buffers->Pool->take(B.Dtype, B.Device, B.Elems, B.Zone, E)) {
      B.Base = E.Base;
      B.Start = E.Start;
      global().PooledBuffers.fetch_add(1, std::memory_order_relaxed);
      return true;
    }
  }
#endif
  const int64_t One = 1;
  void *Data = nullptr;
  if (aoti_torch_empty_strided(1, &B.Elems, &One, M.Dtype->Code, M.DevType,
                               M.DevIndex, &B.Base) != AOTI_TORCH_SUCCESS)
    return false;
  if (aoti_torch_get_data_ptr(B.Base, &Data) != AOTI_TORCH_SUCCESS ||
      !fillZones(*State, Run, static_cast<unsigned char *>(Data), B.Bytes,
                 B.Zone, M.Cuda, M.DevIndex, StreamPtr, Err)) {
    aoti_torch_delete_tensor_object(B.Base);
    return false;
  }
  B.Start = static_cast<unsigned char *>(Data);
  return true;
}

AOTI_RT_OUTLINE AtenTensorHandle RunScope::buffer(const char *Name,
                                                  AtenTensorHandle Buf,
                                                  const BufferPolicy &P,
                                                  bool Covered) {
  using namespace detail;
  if (!Observing || Capturing || !Buf || (!P.redzone_bytes && !P.poison))
    return nullptr;
  TensorMeta M;
  M.Name = Name;
  M.Handle = Buf;
  if (!readMeta(M) || M.Numel == 0 || !M.Dtype->Size)
    return nullptr;
  size_t ES = static_cast<size_t>(M.Dtype->Size);
  size_t Bytes = spanBytes(M);
  unsigned char *Data = const_cast<unsigned char *>(M.Data);
  AtenTensorHandle Out = nullptr;
  std::string Err;
  if (P.redzone_bytes && P.redzone_bytes % ES == 0) {
    RedzonedBuffer B;
    B.Name = Name;
    B.Bytes = Bytes;
    B.Zone = P.redzone_bytes;
    B.Cuda = M.Cuda;
    B.Device = M.DevIndex;
    B.OnFailure = P.redzone_on_fail;
    B.Reported = false;
    B.Dtype = M.Dtype->Code;
    B.Elems = M.Span + 2 * static_cast<int64_t>(P.redzone_bytes / ES);
    if (!Buffers)
      Buffers = new BufferRun();
    if (redzonedBase(M, B, Err)) {
      int64_t Zone = static_cast<int64_t>(P.redzone_bytes / ES);
      if (aoti_torch__reinterpret_tensor(
              B.Base, static_cast<int64_t>(M.Sizes.size()), M.Sizes.data(),
              M.Strides.data(), Zone, &Out) != AOTI_TORCH_SUCCESS) {
        aoti_torch_delete_tensor_object(B.Base);
        Out = nullptr;
      }
    }
    if (!Out) {
      warnOnce(*State, State->WarnedBuffers,
               std::string("no redzones for ") + Name +
                   " (and later buffers where it fails too): " +
                   (Err.empty() ? "allocation failed" : Err),
               Run);
    } else {
      Buffers->Buffers.push_back(std::move(B));
#if AOTI_RT_CUDA
      if (M.Cuda)
        Buffers->Buffers.back().Record = newZoneRecord(*Buffers);
#endif
      Data = Buffers->Buffers.back().Start + P.redzone_bytes;
    }
  }
  // (Pending counts of the bytes poisoned go first: a view of an AOTI
  // pool is not fresh memory. The zones are: a fresh or kept base.)
  if (P.poison && !(Covered && isDense(M)))
    poison(M, Data, Bytes, P);
  forgetWritten(Data - (Out ? P.redzone_bytes : 0),
                Bytes + (Out ? 2 * P.redzone_bytes : 0));
  return Out;
}

AOTI_RT_OUTLINE void RunScope::reuse(const char *Name, AtenTensorHandle Buf,
                                     const BufferPolicy &P, bool Covered) {
  using namespace detail;
  if (!Observing || Capturing || !Buf || !P.poison)
    return;
  TensorMeta M;
  M.Name = Name;
  M.Handle = Buf;
  if (!readMeta(M) || M.Numel == 0 || (Covered && isDense(M)))
    return;
  const size_t Bytes = spanBytes(M);
  poison(M, const_cast<unsigned char *>(M.Data), Bytes, P);
  forgetWritten(M.Data, Bytes);
}

/// Fills \p Bytes at \p Data, the storage of \p M, with poison: merged
/// into the run's batched count launch where it can be (mergeFill: after
/// the pending counts of what was there), else after those counts are
/// launched, in stream order.
AOTI_RT_OUTLINE void RunScope::poison(const detail::TensorMeta &M,
                                      unsigned char *Data, size_t Bytes,
                                      const BufferPolicy &P) {
  using namespace detail;
  const uint8_t Value =
      isFloatKind(M.Dtype->Kind) ? kPoisonFloatByte : P.poison_byte;
#if AOTI_RT_CUDA
  if (mergeFill(M, Data, Bytes, Value))
    return;
#endif
  if (BatchPending) { // counts of what was there go first
    const TensorRef Filled{M.Name, kOut, M.Handle};
    flushBatchFor(LastSite, &Filled, 1, kAfter);
  }
  std::string Err;
  if (!fillBytes(Data, Bytes, Value, M.Cuda, M.DevIndex, StreamPtr, Err))
    warnOnce(*State, State->WarnedBuffers,
             std::string("no poison for ") + M.Name + ": " + Err, Run);
}

/// Bytes the runtime wrote itself (poison, canaries): what the deferred
/// probes counted there before is no longer what is there.
AOTI_RT_OUTLINE void RunScope::forgetWritten(const void *P, size_t Bytes) {
#if AOTI_RT_CUDA
  if (Deferred && Bytes) {
    uintptr_t B = reinterpret_cast<uintptr_t>(P);
    Deferred->Seen.forget(B, B + Bytes);
  }
#else
  (void)P, (void)Bytes;
#endif
}
AOTI_RT_COLD_END

/// After a launch (Probe::redzones): the redzones of the buffers it wrote.
AOTI_RT_OUTLINE void RunScope::checkRedzones(const TensorRef *Tensors, int N,
                                             int Site) {
  using namespace detail;
  for (int I = 0; I < N; ++I) {
    if (!(Tensors[I].role & kOut) || !Tensors[I].handle)
      continue;
    void *Data = nullptr;
    if (!dataOf(Tensors[I].handle, Data))
      continue;
    RedzonedBuffer *B = Buffers->find(Data);
    if (!B)
      continue;
    if (B->Cuda) { // checked in stream order, read at the end of the run
      if (B->Writers.empty() || B->Writers.back() != Site)
        B->Writers.push_back(Site);
#if AOTI_RT_CUDA
      if (B->Record >= 0)
        zoneWrittenBy(*B, Site);
#endif
      continue;
    }
    if (B->Reported)
      continue;
    std::string Failed;
    if (checkRedzonesOf(
            *State, *Prog, Run, *B, orDefault(Tensors[I].name, B->Name),
            zoneResultOf(*B, B->Start, B->Start + B->Zone + B->Bytes), {Site},
            Failed)) {
      B->Reported = true;
      if (!Failed.empty())
        fail(B->OnFailure, Failed);
    }
  }
}

#if AOTI_RT_CUDA
/// After launch \p Site wrote \p B: its zones are checked, in stream order,
/// before the next launch that writes \p B (beforeWrite, when the wrapper
/// calls it: Program::batch_deferred) or at the end of the run, all
/// pending checks in one launch; else right now.
AOTI_RT_OUTLINE void RunScope::zoneWrittenBy(detail::RedzonedBuffer &B,
                                             int Site) {
  using namespace detail;
  if (B.PendingSite < 0)
    Buffers->Pending.push_back(
        static_cast<size_t>(&B - Buffers->Buffers.data()));
  B.PendingSite = Site;
  if (Prog->batch_deferred)
    ZonesPending = true;
  else
    flushZones(*Buffers, StreamPtr);
}
#endif

#if AOTI_RT_CUDA
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
  if (!M.Cuda || !Prog->batch_deferred || Capturing || State->StatsHost ||
      Bytes > kMergedFillBytes)
    return false;
  std::string Why;
  if (!kernels(M.DevIndex, Why))
    return false;
  if (!Deferred)
    Deferred = acquireDeferred(currentDevice(), Prog);
  stopTrace(); // the fills are not steps of a trace
  DeferredRun &D = *Deferred;
  DeviceGuard Guard(M.DevIndex, currentDevice());
  if (!D.areaOn(M.DevIndex, 1, static_cast<cudaStream_t>(StreamPtr)))
    return false;
  NanLaunch &L = D.PendingNan.Launch;
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
  D.Launched = true; // its launch comes before the run's sync
  return true;
}
#endif

/// Before a launch that writes \p Written (\p N < 0: anything): the
/// pending checks are launched when it writes a buffer one is pending for.
AOTI_RT_OUTLINE void RunScope::flushZonesFor(const TensorRef *Written, int N) {
#if AOTI_RT_CUDA
  using namespace detail;
  if (!Buffers || Buffers->Pending.empty()) {
    ZonesPending = false;
    return;
  }
  bool Hit = N < 0;
  for (int I = 0; I < N && !Hit; ++I) {
    void *Data = nullptr;
    if (!dataOf(Written[I].handle, Data))
      continue;
    const RedzonedBuffer *B = Buffers->find(Data);
    Hit = B && B->PendingSite >= 0;
  }
  if (Hit) {
    flushZones(*Buffers, StreamPtr);
    ZonesPending = false;
  }
#else
  (void)Written, (void)N;
  ZonesPending = false;
#endif
}

/// The end of the run: the CUDA buffers' redzones, read with one sync, then
/// every buffer's storage given back. \p MayThrow: finish() (a kThrow
/// failure throws); else ~RunScope (it reports, and aborts for kAbort).
AOTI_RT_OUTLINE void RunScope::endBuffers(bool MayThrow) {
  using namespace detail;
  if (!Buffers)
    return;
  std::unique_ptr<BufferRun> Owned(Buffers);
  Buffers = nullptr;
  // Every base goes back, but the clean ones of a run that ends well,
  // which are kept for the next run (Keep, set last).
  struct Release {
    BufferRun &R;
    ZonePool *&Kept;
    bool Keep = false;
    ~Release() {
      ZonePool *Pool = R.Pool;
      if (Pool)
        Pool->clear(); // what this run did not take
      for (RedzonedBuffer &B : R.Buffers) {
        if (Keep && Pool && B.Clean)
          Pool->Entries.push_back(ZonePool::Entry{
              B.Base, B.Start, B.Dtype, B.Device, B.Elems, B.Zone,
              B.Bytes + 2 * static_cast<size_t>(B.Zone)});
        else
          aoti_torch_delete_tensor_object(B.Base);
      }
#if AOTI_RT_CUDA
      if (Pool && Keep && !Pool->Entries.empty())
        Kept = Pool;
      else if (Pool)
        DevicePool<ZonePool>::get().give(Pool);
      // Read after the run's sync (or left for the next run's, in stream
      // order on the same memory: a record is reset before it is used).
      if (R.Records)
        DevicePool<ZoneRecords>::get().give(R.Records);
#endif
    }
  } GiveBack{*Owned, Kept};
  std::string Failed;
  OnFail FailWith = kWarn;
#if AOTI_RT_CUDA
  flushZones(*Owned, StreamPtr);
  ZonesPending = false;
  std::vector<RedzonedBuffer *> Read;
  for (RedzonedBuffer &B : Owned->Buffers)
    if (B.Cuda && !B.Reported)
      Read.push_back(&B);
  if (!Read.empty()) {
    std::vector<ZoneResult> Results;
    if (!readZones(Read, static_cast<cudaStream_t>(StreamPtr), Results))
      return; // ~RunScope or the caller reports the error
    for (size_t K = 0; K < Read.size(); ++K) {
      std::string F;
      const ZoneResult *Attributed =
          Read[K]->Record >= 0 && Owned->Records
              ? Owned->Records->Host + Read[K]->Record
              : nullptr;
      Read[K]->Clean =
          !checkRedzonesOf(*State, *Prog, Run, *Read[K], Read[K]->Name,
                           Results[K], Read[K]->Writers, F, Attributed);
      if (!F.empty() && Failed.empty()) {
        Failed = F;
        FailWith = Read[K]->OnFailure;
      }
    }
  }
#endif
  // Only finish() knows that the run went well so far; ~RunScope, where
  // the outputs are set, drops what they hold (releaseKept).
  GiveBack.Keep = MayThrow && Outputs && Failed.empty();
  if (Failed.empty())
    return;
  if (MayThrow || FailWith == kAbort)
    fail(FailWith, Failed);
}

/// The end of run_impl: the bases finish() kept (endBuffers) go to the
/// next run, but those an output of this run holds; all of them when an
/// exception leaves run_impl (the outputs are not set).
AOTI_RT_OUTLINE void RunScope::releaseKept(bool Unwinding) {
#if AOTI_RT_CUDA
  using namespace detail;
  ZonePool *Pool = Kept;
  Kept = nullptr;
  if (!Pool)
    return;
  if (Unwinding)
    Pool->clear();
  else
    Pool->dropHolders(Outputs, NumOutputs);
  DevicePool<ZonePool>::get().give(Pool);
#else
  (void)Unwinding;
#endif
}

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_BUFFERS_H
