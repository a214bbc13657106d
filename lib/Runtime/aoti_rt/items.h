//===- aoti_rt/items.h - One probe's tensors --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
  TensorMeta Meta;
  bool WantStats = false, WantValues = false, WantSave = false;
  bool HaveStats = false;
  Stats Statistics = statsInit();
  const unsigned char *Host = nullptr; ///< host-readable elements (span)
  std::string Why;                     ///< stats unavailable: why
};

/// The tensors of one probe; host copies stay valid while it lives.
struct Batch {
  std::vector<Item> Items;
#if AOTI_RT_CUDA
  std::unique_ptr<ScratchLease> Lease;
#endif
  /// Gives the device buffers back (the host copies become invalid).
  void release() {
#if AOTI_RT_CUDA
    Lease.reset();
#endif
  }
};

/// The items of \p B on the host: their statistics (host copies are the
/// data itself); why those on another device than CPU or CUDA are not
/// read. Whether any item is a readable CUDA tensor.
inline bool readHostItems(Batch &B) {
  bool AnyCuda = false;
  for (Item &It : B.Items) {
    TensorMeta &M = It.Meta;
    if (!M.Ok)
      continue;
    bool Readable = isReadableKind(M.Dtype->Kind);
    if (It.WantStats && !Readable)
      It.Why = std::string("no statistics for ") + M.Dtype->Name;
    if (M.Cuda) {
      AnyCuda = true;
      continue;
    }
    if (M.DevType != aoti_torch_device_type_cpu()) {
      It.Why =
          "device " + deviceName(M.DevType, M.DevIndex) + " is not readable";
      continue;
    }
    It.Host = M.Data;
    if (It.WantStats && Readable) {
      It.Statistics = hostStats(M, M.Data);
      It.HaveStats = true;
    }
  }
  return AnyCuda;
}

#if AOTI_RT_CUDA
/// What the device pass does for one CUDA item: statistics by the kernel
/// (Slot), and/or a host copy of its first Elems elements at HostOff.
struct ItemPlan {
  Item *Target;
  bool Kernel;
  size_t HostOff; ///< of the copy in the host buffer
  int64_t Elems;  ///< copied
  size_t Slot;    ///< kernel descriptor index
};

/// Elements of \p It to copy to the host: its whole span for a save or
/// host statistics, up to the last printed value for a values print.
inline int64_t copyElems(const Item &It, bool StatsOnDevice,
                         int64_t MaxValues) {
  const TensorMeta &M = It.Meta;
  bool Readable = isReadableKind(M.Dtype->Kind);
  if (It.WantSave || (It.WantStats && Readable && !StatsOnDevice))
    return M.Span;
  if (!It.WantValues)
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
  for (Item &It : B.Items) {
    TensorMeta &M = It.Meta;
    if (!M.Ok || !M.Cuda)
      continue;
    if (M.Numel == 0) { // nothing to read: empty statistics
      if (It.WantStats && isReadableKind(M.Dtype->Kind)) {
        It.Statistics = statsInit();
        It.HaveStats = true;
      }
      continue;
    }
    if (M.DevIndex != Device) {
      It.Why = "on " + deviceName(M.DevType, M.DevIndex) +
               ", not the launch's first CUDA device";
      continue;
    }
    bool StatsOnDevice = It.WantStats && isReadableKind(M.Dtype->Kind) && Fn &&
                         M.CSizes.size() <= static_cast<size_t>(kMaxKernelDims);
    int64_t Copy = copyElems(It, StatsOnDevice, MaxValues);
    if (!StatsOnDevice && Copy == 0)
      continue;
    ItemPlan P{&It, StatsOnDevice, 0, Copy, 0};
    if (StatsOnDevice)
      P.Slot = NumKernel++;
    if (Copy) {
      P.HostOff = CopyBytes;
      CopyBytes +=
          (static_cast<size_t>(Copy) * M.Dtype->Size + 255) & ~size_t(255);
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
  unsigned char *HostBuf = Lease->Host;
  cudaError_t E = cudaSuccess;
  if (NumKernel) {
    std::vector<const TensorMeta *> Ms(NumKernel);
    for (ItemPlan &P : Plans)
      if (P.Kernel)
        Ms[P.Slot] = &P.Target->Meta;
    Stats *Out = Lease->HostDev ? reinterpret_cast<Stats *>(Lease->HostDev)
                                : Lease->Area.res();
    if (!launchStats(Fn, Lease->Area, Ms.data(), NumKernel, Out, St, Err))
      return false;
    if (!Lease->HostDev)
      E = cudaMemcpyAsync(HostBuf, Out, NumKernel * sizeof(Stats),
                          cudaMemcpyDeviceToHost, St);
  }
  for (ItemPlan &P : Plans) {
    if (E != cudaSuccess || !P.Elems)
      continue;
    const TensorMeta &M = P.Target->Meta;
    E = cudaMemcpyAsync(HostBuf + Head + P.HostOff, M.Data,
                        static_cast<size_t>(P.Elems) * M.Dtype->Size,
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
    Item &It = *P.Target;
    if (P.Elems)
      It.Host = HostBuf + Head + P.HostOff;
    if (P.Kernel) {
      It.Statistics = Results[P.Slot];
      It.HaveStats = true;
    } else if (It.WantStats && isReadableKind(It.Meta.Dtype->Kind)) {
      It.Statistics = hostStats(It.Meta, It.Host);
      It.HaveStats = true;
    }
  }
}

/// The device of \p B's first readable CUDA item.
inline int firstCudaDevice(const Batch &B) {
  for (const Item &It : B.Items)
    if (It.Meta.Ok && It.Meta.Cuda)
      return It.Meta.DevIndex;
  return -1;
}

/// The NaN and Inf counts of \p M (a dense floating CUDA tensor, isDense)
/// into \p Out, from one launch of the NaN-count kernel and one host sync
/// on \p Stream: what a finiteness check needs, a lighter pass than the
/// statistics' (materialize). False when the runtime's kernels are not
/// available (nothing done) or on a CUDA error (text in \p Err).
inline bool countNonFinite(ProgramState &S, const TensorMeta &M, void *Stream,
                           int64_t Run, Stats &Out, std::string &Err) {
  DeviceGuard Guard(M.DevIndex);
  const RuntimeKernels *Kernels =
      S.StatsHost ? nullptr : runtimeKernelsOrWarn(S, Run);
  if (!Kernels || !Kernels->NanFn)
    return false;
  ScratchLease Lease(M.DevIndex);
  cudaStream_t St = static_cast<cudaStream_t>(Stream);
  cudaError_t E = Lease.reserve(1, sizeof(Stats), St);
  Stats *Dev = Lease->HostDev ? reinterpret_cast<Stats *>(Lease->HostDev)
                              : Lease->Area.res();
  const TensorMeta *Ms[] = {&M};
  if (E == cudaSuccess &&
      !launchNanCount(Kernels->NanFn, Lease->Area, Ms, 1, Dev, St, Err))
    return false;
  if (E == cudaSuccess && !Lease->HostDev)
    E = cudaMemcpyAsync(Lease->Host, Dev, sizeof(Stats), cudaMemcpyDeviceToHost,
                        St);
  if (E == cudaSuccess)
    E = countedSync(St);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  Out = *reinterpret_cast<const Stats *>(Lease->Host);
  return true;
}
#endif // AOTI_RT_CUDA

/// Makes statistics (WantStats) and host-readable data (WantValues,
/// WantSave) of every item with one device pass and one host sync.
/// False on a CUDA error (text in Err).
inline bool materialize(ProgramState &S, Batch &B, void *Stream,
                        int64_t MaxValues, int64_t Run, std::string &Err) {
  if (!readHostItems(B))
    return true;
#if !AOTI_RT_CUDA
  (void)S, (void)Stream, (void)MaxValues, (void)Run, (void)Err;
  for (Item &It : B.Items)
    if (It.Meta.Ok && It.Meta.Cuda)
      It.Why = "CUDA tensor in a CPU build of the runtime";
  return true;
#else
  const int Device = firstCudaDevice(B);
  DeviceGuard Guard(Device);
  const RuntimeKernels *Kernels =
      S.StatsHost ? nullptr : runtimeKernelsOrWarn(S, Run);
  CUfunction Fn = Kernels ? Kernels->StatsFn : nullptr;
  size_t NumKernel = 0, CopyBytes = 0;
  std::vector<ItemPlan> Plans =
      planItems(B, Device, Fn, MaxValues, NumKernel, CopyBytes);
  if (Plans.empty())
    return true;
  const size_t Head = (NumKernel * sizeof(Stats) + 255) & ~size_t(255);
  B.Lease.reset(new ScratchLease(Device));
  ScratchLease &Lease = *B.Lease;
  cudaStream_t St = static_cast<cudaStream_t>(Stream);
  cudaError_t E = Lease.reserve(NumKernel, Head + CopyBytes, St);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  if (!enqueueItems(Lease, Fn, Plans, NumKernel, Head, St, Err))
    return false;
  E = countedSync(St);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  takeItemResults(Plans, Lease->Host, Head);
  return true;
#endif
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_ITEMS_H
