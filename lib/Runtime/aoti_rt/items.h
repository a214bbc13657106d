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

/// The items of \p B on the host: their statistics (host copies are the
/// data itself); why those on another device than CPU or CUDA are not
/// read. Whether any item is a readable CUDA tensor.
inline bool readHostItems(Batch &B) {
  bool AnyCuda = false;
  for (Item &It : B.items) {
    TensorMeta &M = It.meta;
    if (!M.ok)
      continue;
    bool Readable = isReadableKind(M.dtype->kind);
    if (It.wantStats && !Readable)
      It.why = std::string("no statistics for ") + M.dtype->name;
    if (M.cuda) {
      AnyCuda = true;
      continue;
    }
    if (M.devType != aoti_torch_device_type_cpu()) {
      It.why =
          "device " + deviceName(M.devType, M.devIndex) + " is not readable";
      continue;
    }
    It.host = M.data;
    if (It.wantStats && Readable) {
      It.stats = hostStats(M, M.data);
      It.haveStats = true;
    }
  }
  return AnyCuda;
}

#if AOTI_RT_CUDA
/// What the device pass does for one CUDA item: statistics by the kernel
/// (slot), and/or a host copy of its first elems elements at hostOff.
struct ItemPlan {
  Item *item;
  bool kernel;
  size_t hostOff; ///< of the copy in the host buffer
  int64_t elems;  ///< copied
  size_t slot;    ///< kernel descriptor index
};

/// Elements of \p It to copy to the host: its whole span for a save or
/// host statistics, up to the last printed value for a values print.
inline int64_t copyElems(const Item &It, bool StatsOnDevice,
                         int64_t MaxValues) {
  const TensorMeta &M = It.meta;
  bool Readable = isReadableKind(M.dtype->kind);
  if (It.wantSave || (It.wantStats && Readable && !StatsOnDevice))
    return M.span;
  if (!It.wantValues)
    return 0;
  int64_t Last = 0;
  forEachOffset(M, MaxValues, [&](int64_t Off) { Last = std::max(Last, Off); });
  return Last + 1;
}

/// The device pass of \p B's CUDA items on \p Device: kernel statistics
/// where \p Fn can take them, host copies for the rest; \p NumKernel and
/// \p CopyBytes: the kernel's tensors and the host buffer's bytes.
inline std::vector<ItemPlan> planItems(Batch &B, int Device, CUfunction Fn,
                                       int64_t MaxValues, size_t &NumKernel,
                                       size_t &CopyBytes) {
  std::vector<ItemPlan> Plans;
  NumKernel = CopyBytes = 0;
  for (Item &It : B.items) {
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
    bool StatsOnDevice = It.wantStats && isReadableKind(M.dtype->kind) &&
                         Fn &&
                         M.csizes.size() <= static_cast<size_t>(kMaxKernelDims);
    int64_t Copy = copyElems(It, StatsOnDevice, MaxValues);
    if (!StatsOnDevice && Copy == 0)
      continue;
    ItemPlan P{&It, StatsOnDevice, 0, Copy, 0};
    if (StatsOnDevice)
      P.slot = NumKernel++;
    if (Copy) {
      P.hostOff = CopyBytes;
      CopyBytes +=
          (static_cast<size_t>(Copy) * M.dtype->size + 255) & ~size_t(255);
    }
    Plans.push_back(P);
  }
  return Plans;
}

/// Enqueues \p Plans on \p St: one statistics launch for the kernel items
/// (results into \p Results, the lease's host buffer, mapped or copied),
/// then the host copies at \p Head. False on a CUDA error (text in Err).
inline bool enqueueItems(ScratchLease &Lease, CUfunction Fn,
                         std::vector<ItemPlan> &Plans, size_t NumKernel,
                         size_t Head, cudaStream_t St, std::string &Err) {
  unsigned char *HostBuf = Lease->host;
  cudaError_t E = cudaSuccess;
  if (NumKernel) {
    std::vector<const TensorMeta *> Ms(NumKernel);
    for (ItemPlan &P : Plans)
      if (P.kernel)
        Ms[P.slot] = &P.item->meta;
    Stats *Out = Lease->hostDev ? reinterpret_cast<Stats *>(Lease->hostDev)
                                : Lease->area.res();
    if (!launchStats(Fn, Lease->area, Ms.data(), NumKernel, Out, St, Err))
      return false;
    if (!Lease->hostDev)
      E = cudaMemcpyAsync(HostBuf, Out, NumKernel * sizeof(Stats),
                          cudaMemcpyDeviceToHost, St);
  }
  for (ItemPlan &P : Plans) {
    if (E != cudaSuccess || !P.elems)
      continue;
    const TensorMeta &M = P.item->meta;
    E = cudaMemcpyAsync(HostBuf + Head + P.hostOff, M.data,
                        static_cast<size_t>(P.elems) * M.dtype->size,
                        cudaMemcpyDeviceToHost, St);
  }
  if (E != cudaSuccess)
    Err = cudaErrorText(E);
  return E == cudaSuccess;
}

/// After the pass's sync: each planned item's host copy and statistics.
inline void takeItemResults(std::vector<ItemPlan> &Plans,
                            unsigned char *HostBuf, size_t Head) {
  const Stats *Results = reinterpret_cast<const Stats *>(HostBuf);
  for (ItemPlan &P : Plans) {
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
}

/// The device of \p B's first readable CUDA item.
inline int firstCudaDevice(const Batch &B) {
  for (const Item &It : B.items)
    if (It.meta.ok && It.meta.cuda)
      return It.meta.devIndex;
  return -1;
}
#endif // AOTI_RT_CUDA

/// Makes statistics (wantStats) and host-readable data (wantValues,
/// wantSave) of every item with one device pass and one host sync.
/// False on a CUDA error (text in Err).
inline bool materialize(ProgramState &S, Batch &B, void *Stream,
                        int64_t MaxValues, int64_t Run, std::string &Err) {
  if (!readHostItems(B))
    return true;
#if !AOTI_RT_CUDA
  (void)S, (void)Stream, (void)MaxValues, (void)Run, (void)Err;
  for (Item &It : B.items)
    if (It.meta.ok && It.meta.cuda)
      It.why = "CUDA tensor in a CPU build of the runtime";
  return true;
#else
  const int Device = firstCudaDevice(B);
  DeviceGuard Guard(Device);
  const RuntimeKernels *Kernels =
      S.statsHost ? nullptr : runtimeKernelsOrWarn(S, Run);
  CUfunction Fn = Kernels ? Kernels->stats : nullptr;
  size_t NumKernel = 0, CopyBytes = 0;
  std::vector<ItemPlan> Plans =
      planItems(B, Device, Fn, MaxValues, NumKernel, CopyBytes);
  if (Plans.empty())
    return true;
  const size_t Head = (NumKernel * sizeof(Stats) + 255) & ~size_t(255);
  B.lease.reset(new ScratchLease(Device));
  ScratchLease &Lease = *B.lease;
  cudaStream_t St = static_cast<cudaStream_t>(Stream);
  cudaError_t E = Lease.reserve(NumKernel, Head + CopyBytes, St);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  if (!enqueueItems(Lease, Fn, Plans, NumKernel, Head, St, Err))
    return false;
  E = cudaStreamSynchronize(St);
  global().hostSyncs.fetch_add(1);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  takeItemResults(Plans, Lease->host, Head);
  return true;
#endif
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_ITEMS_H
