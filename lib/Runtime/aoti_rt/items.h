//===- aoti_rt/items.h - One probe's tensors --------------------*- C++ -*-===//
//
// What a probe gathers of its tensors (metadata, statistics, values, data to
// save), on the host or with one kernel launch.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_ITEMS_H
#define AOTI_RT_ITEMS_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "cuda_api.h"
#include "cuda_stats.h"
#include "tensor.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN
namespace detail {

//--- One probe's tensors: statistics, values and save data ----------------//

struct Item {
  TensorMeta meta;
  bool wantStats = false, wantValues = false, wantSave = false;
  bool haveStats = false;
  Stats stats = statsInit();
  const unsigned char *host = nullptr; ///< host-readable elements (span)
  std::string why;                     ///< stats unavailable: why
};

/// The tensors of one probe; host copies stay valid while it lives.
struct Batch {
  std::vector<Item> items;
#if AOTI_RT_CUDA
  std::unique_ptr<ScratchLease> lease;
#endif
  /// Gives the device buffers back (the host copies become invalid).
  void release() {
#if AOTI_RT_CUDA
    lease.reset();
#endif
  }
};

/// Makes statistics (wantStats) and host-readable data (wantValues,
/// wantSave) of every item with one device pass and one host sync.
/// False on a CUDA error (text in Err).
inline bool materialize(ProgramState &S, Batch &B, void *Stream,
                        int64_t MaxValues, int64_t Run, std::string &Err) {
  (void)S;
  (void)Stream;
  (void)Err;
  (void)Run;
  std::vector<Item> &Items = B.items;
  bool AnyCuda = false;
  for (Item &It : Items) {
    TensorMeta &M = It.meta;
    if (!M.ok)
      continue;
    bool Readable = isReadableKind(M.dtype->kind);
    if (It.wantStats && !Readable)
      It.why = std::string("no statistics for ") + M.dtype->name;
    if (!M.cuda) {
      if (M.devType != aoti_torch_device_type_cpu()) {
        It.why = "device " + deviceName(M.devType, M.devIndex) +
                 " is not readable";
        continue;
      }
      It.host = M.data;
      if (It.wantStats && Readable) {
        It.stats = hostStats(M, M.data);
        It.haveStats = true;
      }
      continue;
    }
    AnyCuda = true;
  }
  if (!AnyCuda)
    return true;
#if !AOTI_RT_CUDA
  for (Item &It : Items)
    if (It.meta.ok && It.meta.cuda)
      It.why = "CUDA tensor in a CPU build of the runtime";
  (void)MaxValues;
  return true;
#else
  int Device = -1;
  for (Item &It : Items)
    if (It.meta.ok && It.meta.cuda) {
      Device = It.meta.devIndex;
      break;
    }
  DeviceGuard Guard(Device);
  const RuntimeKernels *Kernels =
      S.statsHost ? nullptr : runtimeKernelsOrWarn(S, Run);
  CUfunction Fn = Kernels ? Kernels->stats : nullptr;

  // Plan: kernel items get a descriptor; others a host copy of their span.
  struct Plan {
    Item *item;
    bool kernel;
    size_t hostOff;  ///< of the copy in the host buffer
    int64_t elems;   ///< copied
    size_t slot;     ///< kernel descriptor index
  };
  std::vector<Plan> Plans;
  size_t NumKernel = 0;
  size_t CopyBytes = 0;
  for (Item &It : Items) {
    TensorMeta &M = It.meta;
    if (!M.ok || !M.cuda)
      continue;
    if (M.numel == 0) { // nothing to read: empty statistics
      if (It.wantStats && isReadableKind(M.dtype->kind)) {
        It.stats = statsInit();
        It.haveStats = true;
      }
      continue;
    }
    if (M.devIndex != Device) {
      It.why = "on " + deviceName(M.devType, M.devIndex) +
               ", not the launch's first CUDA device";
      continue;
    }
    bool Readable = isReadableKind(M.dtype->kind);
    bool StatsOnDevice = It.wantStats && Readable && Fn &&
                         M.csizes.size() <= static_cast<size_t>(kMaxKernelDims);
    int64_t Copy = 0;
    if (It.wantSave || (It.wantStats && Readable && !StatsOnDevice)) {
      Copy = M.span;
    } else if (It.wantValues) {
      int64_t Last = 0;
      forEachOffset(M, MaxValues,
                    [&](int64_t Off) { Last = std::max(Last, Off); });
      Copy = Last + 1;
    }
    if (!StatsOnDevice && Copy == 0)
      continue;
    Plan P{&It, StatsOnDevice, 0, Copy, 0};
    if (StatsOnDevice)
      P.slot = NumKernel++;
    if (Copy) {
      P.hostOff = CopyBytes;
      CopyBytes += (static_cast<size_t>(Copy) * M.dtype->size + 255) & ~size_t(255);
    }
    Plans.push_back(P);
  }
  if (Plans.empty())
    return true;

  size_t ResBytes = NumKernel * sizeof(Stats);
  size_t Head = (ResBytes + 255) & ~size_t(255);
  B.lease.reset(new ScratchLease(Device));
  ScratchLease &Lease = *B.lease;
  cudaStream_t St = static_cast<cudaStream_t>(Stream);
  cudaError_t E = Lease.reserve(NumKernel, Head + CopyBytes, St);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  unsigned char *HostBuf = Lease->host;
  Stats *Results = reinterpret_cast<Stats *>(HostBuf);
  if (NumKernel) {
    // One launch for every kernel item; the results land in the (mapped)
    // host buffer directly, else in the area and come back by a copy.
    std::vector<const TensorMeta *> Ms(NumKernel);
    for (Plan &P : Plans)
      if (P.kernel)
        Ms[P.slot] = &P.item->meta;
    Stats *Out = Lease->hostDev ? reinterpret_cast<Stats *>(Lease->hostDev)
                                : Lease->area.res();
    if (!launchStats(Fn, Lease->area, Ms.data(), NumKernel, Out, St, Err))
      return false;
    if (!Lease->hostDev) {
      E = cudaMemcpyAsync(Results, Out, ResBytes, cudaMemcpyDeviceToHost, St);
      if (E != cudaSuccess) {
        Err = cudaErrorText(E);
        return false;
      }
    }
  }
  for (Plan &P : Plans) {
    if (!P.elems)
      continue;
    const TensorMeta &M = P.item->meta;
    E = cudaMemcpyAsync(HostBuf + Head + P.hostOff, M.data,
                        static_cast<size_t>(P.elems) * M.dtype->size,
                        cudaMemcpyDeviceToHost, St);
    if (E != cudaSuccess) {
      Err = cudaErrorText(E);
      return false;
    }
  }
  E = cudaStreamSynchronize(St);
  global().hostSyncs.fetch_add(1);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  for (Plan &P : Plans) {
    Item &It = *P.item;
    if (P.elems)
      It.host = HostBuf + Head + P.hostOff;
    if (P.kernel) {
      It.stats = Results[P.slot];
      It.haveStats = true;
    } else if (It.wantStats && isReadableKind(It.meta.dtype->kind)) {
      It.stats = hostStats(It.meta, It.host);
      It.haveStats = true;
    }
  }
  return true;
#endif
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_ITEMS_H
