//===- aoti_rt/cuda_stats.h - CUDA errors, statistics kernel ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CUDA error texts, device and capture-mode guards, the embedded statistics
// kernel and its launch, and the scratch buffers probes borrow.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CUDA_STATS_H
#define AOTI_RT_CUDA_STATS_H

#include "cuda_api.h"
#include "state.h"
#include "tensor.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#if AOTI_RT_DEFINITIONS
#if AOTI_RT_CUDA
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

inline std::string cudaErrorText(cudaError_t E) {
  const char *S = cudaGetErrorString(E);
  return S ? S : "unknown CUDA error";
}

inline std::string cuErrorText(CUresult R) {
  const char *S = nullptr;
  if (cuGetErrorString(R, &S) != CUDA_SUCCESS || !S)
    return "CUDA driver error " + std::to_string(static_cast<int>(R));
  return S;
}

/// Sets the current device for a scope (\p Device < 0: leaves it).
/// \p Current, when known (>= 0), saves reading it.
class DeviceGuard {
public:
  explicit DeviceGuard(int Device, int Current = -1) {
    if (Device < 0)
      return;
    Prev = Current;
    if (Prev < 0 && cudaGetDevice(&Prev) != cudaSuccess)
      return;
    if (Prev != Device && cudaSetDevice(Device) == cudaSuccess)
      Changed = true;
  }
  ~DeviceGuard() {
    if (Changed)
      cudaSetDevice(Prev);
  }
  DeviceGuard(const DeviceGuard &) = delete;
  DeviceGuard &operator=(const DeviceGuard &) = delete;

private:
  int Prev = -1;
  bool Changed = false;
};

/// Lets this thread allocate while another thread captures a CUDA graph in
/// global mode (cudaMalloc would otherwise invalidate that capture).
class RelaxedCaptureMode {
public:
  RelaxedCaptureMode() {
    Mode = cudaStreamCaptureModeRelaxed;
    cudaThreadExchangeStreamCaptureMode(&Mode);
  }
  ~RelaxedCaptureMode() { cudaThreadExchangeStreamCaptureMode(&Mode); }
  RelaxedCaptureMode(const RelaxedCaptureMode &) = delete;
  RelaxedCaptureMode &operator=(const RelaxedCaptureMode &) = delete;

private:
  cudaStreamCaptureMode Mode;
};

#if defined(AOTI_RT_HAVE_STATS_PTX) && AOTI_RT_HAVE_STATS_PTX
/// The PTX's pieces, null-terminated: defined after this header by the
/// text the tool pastes (lib/Runtime/RuntimeSource.cpp).
const char *const *statsPtxChunks();
#endif

inline const char *statsPtx() {
#if defined(AOTI_RT_HAVE_STATS_PTX) && AOTI_RT_HAVE_STATS_PTX
  static const std::string *Text = [] {
    std::string *S = new std::string();
    for (const char *const *C = statsPtxChunks(); *C; ++C)
      *S += *C;
    return S;
  }();
  return Text->c_str();
#else
  return nullptr;
#endif
}

/// The runtime's kernels (stats_kernel.cu) in one context.
struct RuntimeKernels {
  CUfunction StatsFn = nullptr; ///< aoti_rt_stats: statistics of any layout
  CUfunction NanFn = nullptr;   ///< aoti_rt_nancount: NaN/Inf of dense tensors
  CUfunction RedzonesFn = nullptr; ///< aoti_rt_redzones: fill or read them
};

/// The runtime's kernels in the current context, or null (Why says why).
/// Cached per thread for its last context (no lock on the probe path).
inline const RuntimeKernels *runtimeKernels(std::string &Why) {
  struct Entry {
    CUcontext Ctx;
    RuntimeKernels Fns;
    std::string Why;
  };
  thread_local CUcontext LastCtx = nullptr;
  thread_local const Entry *Last = nullptr;
  static std::mutex Mutex;
  static std::vector<Entry *> *Cache = new std::vector<Entry *>();
  CUcontext Ctx = nullptr;
  if (cuCtxGetCurrent(&Ctx) != CUDA_SUCCESS || !Ctx) {
    cudaFree(nullptr); // makes the device's primary context current
    if (cuCtxGetCurrent(&Ctx) != CUDA_SUCCESS || !Ctx) {
      Why = "no current CUDA context";
      return nullptr;
    }
  }
  if (Ctx != LastCtx || !Last) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Entry *Found = nullptr;
    for (Entry *E : *Cache)
      if (E->Ctx == Ctx)
        Found = E;
    if (!Found) {
      Found = new Entry{Ctx, {}, ""}; // never freed: cached pointers
      const char *Ptx = statsPtx();
      CUmodule Mod = nullptr;
      CUresult R = CUDA_SUCCESS;
      if (!Ptx)
        Found->Why = "no PTX embedded in this runtime text";
      else if ((R = cuModuleLoadData(&Mod, Ptx)) != CUDA_SUCCESS)
        Found->Why = "cuModuleLoadData: " + cuErrorText(R);
      else if ((R = cuModuleGetFunction(&Found->Fns.StatsFn, Mod,
                                        "aoti_rt_stats")) != CUDA_SUCCESS ||
               (R = cuModuleGetFunction(&Found->Fns.NanFn, Mod,
                                        "aoti_rt_nancount")) != CUDA_SUCCESS ||
               (R = cuModuleGetFunction(&Found->Fns.RedzonesFn, Mod,
                                        "aoti_rt_redzones")) != CUDA_SUCCESS)
        Found->Why = "cuModuleGetFunction: " + cuErrorText(R);
      if (!Found->Why.empty())
        Found->Fns = RuntimeKernels();
      Cache->push_back(Found);
    }
    LastCtx = Ctx;
    Last = Found;
  }
  if (!Last->Fns.StatsFn) {
    Why = Last->Why;
    return nullptr;
  }
  return &Last->Fns;
}

/// The runtime's kernels in the current context, or null after saying
/// why, once per process: the callers then use host copies instead.
inline const RuntimeKernels *runtimeKernelsOrWarn(ProgramState &S,
                                                  int64_t Run) {
  std::string Why;
  const RuntimeKernels *K = runtimeKernels(Why);
  if (!K)
    warnOnce(S, global().WarnedKernels,
             "device statistics unavailable: " + Why +
                 "; host copies are used, much slower",
             Run);
  return K;
}

/// The descriptor of M and the blocks its scan uses: a 256-thread block
/// covers 16 KB of a contiguous tensor (four 16-byte loads in flight per
/// thread) or 1024 elements of any other layout (four element loads in
/// flight per thread); at most 1024 blocks (threads then loop). A dense
/// tensor in any dim order (channels-last, a transpose: isDense) is
/// scanned as the flat range of its elements, since statistics do not
/// depend on the order: one index per element instead of a division per
/// dim. Other layouts whose offsets fit in 32 bits take 32-bit index
/// arithmetic (kDescIndex32).
inline void fillDesc(StatsDesc &D, const TensorMeta &M) {
  std::memset(&D, 0, sizeof D);
  D.data = reinterpret_cast<uint64_t>(M.Data);
  D.numel = M.Numel;
  D.kind = M.Dtype->Kind;
  if (M.CSizes.size() > 1 && isDense(M)) {
    D.ndim = 1;
    D.sizes[0] = M.Numel;
    D.strides[0] = 1;
  } else {
    D.ndim = static_cast<int32_t>(M.CSizes.size());
    for (size_t K = 0; K < M.CSizes.size(); ++K) {
      D.sizes[K] = M.CSizes[K];
      D.strides[K] = M.CStrides[K];
    }
  }
  int64_t ES = M.Dtype->Size;
  bool Contiguous = (ES == 2 || ES == 4) && D.ndim == 1 && D.strides[0] == 1 &&
                    D.data % 16 == 0;
  constexpr int64_t kMax32 = 0x7fffffff;
  D.flags = (Contiguous ? kDescContiguous : 0) |
            (M.Numel <= kMax32 && M.Span <= kMax32 ? kDescIndex32 : 0);
  int64_t Blocks =
      Contiguous ? (M.Numel * ES + 16383) / 16384 : (M.Numel + 1023) / 1024;
  D.blocks = static_cast<int32_t>(
      std::max<int64_t>(1, std::min<int64_t>(Blocks, 1024)));
}

/// The device side of stats launches on one device: per-tensor
/// accumulators, a result area (used when the host buffer is not mapped)
/// and the block counter, all kept in their initial state between launches
/// by the kernel itself; then room for descriptors beyond the inline ones.
/// Launches that share an area must be ordered (one stream, or a sync).
struct StatsArea {
  unsigned char *Dev = nullptr;
  size_t Capacity = 0; ///< tensors
  static size_t accBytes(size_t Cap) { return Cap * sizeof(Stats); }
  static size_t counterOff(size_t Cap) { return 2 * Cap * sizeof(Stats); }
  static size_t descOff(size_t Cap) { return counterOff(Cap) + 256; }
  static size_t bytes(size_t Cap) {
    return descOff(Cap) + Cap * sizeof(StatsDesc);
  }
  Stats *acc() const { return reinterpret_cast<Stats *>(Dev); }
  Stats *res() const {
    return reinterpret_cast<Stats *>(Dev + accBytes(Capacity));
  }
  uint32_t *counter() const {
    return reinterpret_cast<uint32_t *>(Dev + counterOff(Capacity));
  }
  StatsDesc *descs() const {
    return reinterpret_cast<StatsDesc *>(Dev + descOff(Capacity));
  }

  /// Room for N tensors; call only when no launch on the area is in flight.
  /// A new area is initialised by a copy on Stream (ordered before the
  /// launches that follow on it).
  cudaError_t reserve(size_t N, cudaStream_t Stream) {
    if (N <= Capacity && Dev)
      return cudaSuccess;
    RelaxedCaptureMode Relaxed;
    if (Dev)
      cudaFree(Dev);
    Dev = nullptr;
    Capacity = 0;
    size_t Cap = std::max<size_t>(N, 64);
    void *D = nullptr;
    cudaError_t E = cudaMalloc(&D, bytes(Cap));
    if (E != cudaSuccess)
      return E;
    // Accumulators and results at statsInit(), the counter at 0. A copy
    // from pageable memory: staged before the call returns.
    std::vector<Stats> Init(2 * Cap + 256 / sizeof(Stats), statsInit());
    std::memset(&Init[2 * Cap], 0, 256);
    E = cudaMemcpyAsync(D, Init.data(), Init.size() * sizeof(Stats),
                        cudaMemcpyHostToDevice, Stream);
    if (E != cudaSuccess) {
      cudaFree(D);
      return E;
    }
    Dev = static_cast<unsigned char *>(D);
    Capacity = Cap;
    return cudaSuccess;
  }
};

/// Waits for \p Stream: a host sync, counted (global().HostSyncs).
inline cudaError_t countedSync(cudaStream_t Stream) {
  cudaError_t E = cudaStreamSynchronize(Stream);
  global().HostSyncs.fetch_add(1);
  return E;
}

/// Launches one of the runtime's counting kernels (\p L: a StatsLaunch or
/// a NanLaunch, L.n descriptors; acc and counter set here from \p Area) on
/// a grid of \p GridX x \p GridY 256-thread blocks, on \p Stream;
/// \p Passes counts it.
template <typename LaunchT>
bool launchCounts(CUfunction Fn, StatsArea &Area, LaunchT &L, int64_t GridX,
                  int32_t GridY, std::atomic<uint64_t> &Passes,
                  cudaStream_t Stream, std::string &Err) {
  L.acc = Area.acc();
  L.counter = Area.counter();
  void *Args[] = {&L};
  CUresult R = cuLaunchKernel(
      Fn, static_cast<unsigned>(GridX), static_cast<unsigned>(GridY), 1, 256, 1,
      1, 0, reinterpret_cast<CUstream>(Stream), Args, nullptr);
  if (R != CUDA_SUCCESS) {
    Err = cuErrorText(R);
    return false;
  }
  Passes.fetch_add(1, std::memory_order_relaxed);
  global().DeviceTensorScans.fetch_add(static_cast<uint64_t>(L.n),
                                       std::memory_order_relaxed);
  return true;
}

/// The most blocks along x any of the \p N descriptors \p D takes (at
/// least 1): the grid's width for all of them.
template <typename DescT> int32_t mostBlocks(const DescT *D, int32_t N) {
  int32_t Blocks = 1;
  for (int32_t I = 0; I < N; ++I)
    Blocks = std::max(Blocks, D[I].blocks);
  return Blocks;
}

/// The statistics kernel over \p L (descriptors inline or at L.descs).
inline bool launchStatsDescs(CUfunction Fn, StatsArea &Area, StatsLaunch &L,
                             int32_t Blocks, cudaStream_t Stream,
                             std::string &Err) {
  return launchCounts(Fn, Area, L, Blocks, L.n, global().DeviceStatsPasses,
                      Stream, Err);
}

/// One launch of the stats kernel over the \p N descriptors \p Descs (all
/// on the current device, at most Area.Capacity of them), results to Out
/// (device-visible). False with the error in Err.
inline bool launchStatsOf(CUfunction Fn, StatsArea &Area,
                          const StatsDesc *Descs, size_t N, Stats *Out,
                          cudaStream_t Stream, std::string &Err) {
  StatsLaunch L{}; // zeroed: g++ 13 cannot see that the copy sets L.inl
  L.descs = nullptr;
  L.out = Out;
  L.n = static_cast<int32_t>(N);
  L.pad = 0;
  const int32_t Blocks = mostBlocks(Descs, L.n);
  if (N <= static_cast<size_t>(kInlineDescs)) {
    std::copy(Descs, Descs + N, L.inl);
    return launchStatsDescs(Fn, Area, L, Blocks, Stream, Err);
  }
  // From pageable memory: staged before the call returns, so Descs may go.
  cudaError_t E = cudaMemcpyAsync(Area.descs(), Descs, N * sizeof(StatsDesc),
                                  cudaMemcpyHostToDevice, Stream);
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  L.descs = Area.descs();
  return launchStatsDescs(Fn, Area, L, Blocks, Stream, Err);
}

/// launchStatsOf over the descriptors of Ms.
inline bool launchStats(CUfunction Fn, StatsArea &Area,
                        const TensorMeta *const *Ms, size_t N, Stats *Out,
                        cudaStream_t Stream, std::string &Err) {
  StatsDesc Inline[kInlineDescs];
  std::vector<StatsDesc> Many;
  if (N > static_cast<size_t>(kInlineDescs))
    Many.resize(N);
  StatsDesc *Descs = Many.empty() ? Inline : Many.data();
  for (size_t I = 0; I < N; ++I)
    fillDesc(Descs[I], *Ms[I]);
  return launchStatsOf(Fn, Area, Descs, N, Out, Stream, Err);
}

/// The NaN-count kernel's descriptor of a dense floating tensor: one block
/// per kNanBlockBytes (256 threads x 4 loads x 16 bytes: each thread's
/// loads all in flight at once), at most kNanMaxBlocks (threads then loop).
inline NanDesc nanDesc(const TensorMeta &M) {
  NanDesc D;
  D.data = reinterpret_cast<uint64_t>(M.Data);
  D.numel = M.Numel;
  D.kind = M.Dtype->Kind;
  int64_t Bytes = M.Numel * M.Dtype->Size;
  D.blocks = static_cast<int32_t>(std::max<int64_t>(
      1, std::min<int64_t>((Bytes + kNanBlockBytes - 1) / kNanBlockBytes,
                           kNanMaxBlocks)));
  return D;
}

/// Launches \p L (L.n descriptors; acc and counter set here from \p Area)
/// on \p Stream: a flat grid, each tensor's blocks after those of the
/// tensors before it (no block without work, whatever the sizes).
inline bool launchNanDescs(CUfunction Fn, StatsArea &Area, NanLaunch &L,
                           cudaStream_t Stream, std::string &Err) {
  int64_t Blocks = 0;
  for (int32_t I = 0; I < L.n; ++I)
    Blocks += L.d[I].blocks;
  return launchCounts(Fn, Area, L, std::max<int64_t>(Blocks, 1), 1,
                      global().DeviceNanPasses, Stream, Err);
}

/// The NaN counts of the \p N descriptors \p Descs (dense floating
/// tensors), in launches of up to kNanDescs on \p Stream: results to
/// Out[0, N) (nan, inf, count; device-visible), accumulators
/// Area.acc()[0, kNanDescs). False with the error in Err.
inline bool launchNanOf(CUfunction Fn, StatsArea &Area, const NanDesc *Descs,
                        size_t N, Stats *Out, cudaStream_t Stream,
                        std::string &Err) {
  for (size_t First = 0; First < N; First += kNanDescs) {
    NanLaunch L;
    std::memset(&L, 0, sizeof L);
    L.out = Out + First;
    L.n = static_cast<int32_t>(std::min<size_t>(N - First, kNanDescs));
    std::copy(Descs + First, Descs + First + L.n, L.d);
    if (!launchNanDescs(Fn, Area, L, Stream, Err))
      return false;
  }
  return true;
}

/// launchNanOf over the descriptors of Ms (isDense).
inline bool launchNanCount(CUfunction Fn, StatsArea &Area,
                           const TensorMeta *const *Ms, size_t N, Stats *Out,
                           cudaStream_t Stream, std::string &Err) {
  NanDesc Descs[kNanDescs];
  for (size_t First = 0; First < N; First += kNanDescs) {
    const size_t K = std::min<size_t>(N - First, kNanDescs);
    for (size_t I = 0; I < K; ++I)
      Descs[I] = nanDesc(*Ms[First + I]);
    if (!launchNanOf(Fn, Area, Descs, K, Out + First, Stream, Err))
      return false;
  }
  return true;
}

/// Device and pinned host buffers, reused; one per concurrent probe.
struct Scratch {
  int Device = -1;
  StatsArea Area;
  unsigned char *Host = nullptr;
  size_t HostCapacity = 0;
  bool HostPinned = false;
  unsigned char *HostDev = nullptr; ///< host buffer as seen by the device
};

/// Objects kept between uses, one user at a time, per device (T::Device;
/// -1: not tied to a device yet): the probes' scratch buffers and the runs'
/// deferred-check areas. Never freed: they hold pinned and device memory
/// the process keeps until it exits.
template <class T> class DevicePool {
public:
  static DevicePool &get() {
    static DevicePool *P = new DevicePool();
    return *P;
  }
  /// A free object of \p Device; unless \p Exact, else one not tied to a
  /// device (or any, when \p Device is -1). Null when there is none.
  T *take(int Device, bool Exact) {
    std::lock_guard<std::mutex> Lock(Mutex);
    size_t Pick = Free.size();
    for (size_t I = 0; I < Free.size(); ++I) {
      int D = Free[I]->Device;
      if (D == Device) {
        Pick = I;
        break;
      }
      if (!Exact && Pick == Free.size() && (D < 0 || Device < 0))
        Pick = I;
    }
    if (Pick == Free.size())
      return nullptr;
    T *Obj = Free[Pick];
    Free.erase(Free.begin() + static_cast<long>(Pick));
    return Obj;
  }
  /// A free object that \p Pred accepts, or null.
  template <class PredT> T *takeIf(PredT Pred) {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (size_t I = 0; I < Free.size(); ++I) {
      if (!Pred(*Free[I]))
        continue;
      T *Obj = Free[I];
      Free.erase(Free.begin() + static_cast<long>(I));
      return Obj;
    }
    return nullptr;
  }
  void give(T *Obj) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Free.push_back(Obj);
  }

private:
  std::mutex Mutex;
  std::vector<T *> Free;
};

class ScratchLease {
public:
  explicit ScratchLease(int Device) {
    S = DevicePool<Scratch>::get().take(Device, /*Exact=*/true);
    if (!S) {
      S = new Scratch();
      S->Device = Device;
    }
  }
  ~ScratchLease() { DevicePool<Scratch>::get().give(S); }
  ScratchLease(const ScratchLease &) = delete;
  ScratchLease &operator=(const ScratchLease &) = delete;
  Scratch *operator->() { return S; }

  /// Grows the buffers (only between uses: nothing is in flight then).
  cudaError_t reserve(size_t Tensors, size_t HostBytes, cudaStream_t Stream) {
    if (Tensors) {
      cudaError_t E = S->Area.reserve(Tensors, Stream);
      if (E != cudaSuccess)
        return E;
    }
    if (HostBytes > S->HostCapacity) {
      RelaxedCaptureMode Relaxed;
      if (S->Host) {
        if (S->HostPinned)
          cudaFreeHost(S->Host);
        else
          std::free(S->Host);
      }
      S->Host = nullptr;
      S->HostDev = nullptr;
      S->HostCapacity = 0;
      size_t Cap = std::max<size_t>(HostBytes, 64 * 1024);
      void *H = nullptr;
      if (cudaHostAlloc(&H, Cap, cudaHostAllocPortable | cudaHostAllocMapped) ==
          cudaSuccess) {
        S->HostPinned = true;
        void *D = nullptr;
        if (cudaHostGetDevicePointer(&D, H, 0) == cudaSuccess)
          S->HostDev = static_cast<unsigned char *>(D);
        else
          cudaGetLastError(); // not mapped: results come back by a copy
      } else {
        cudaGetLastError(); // pinned memory exhausted: pageable copies
        H = std::malloc(Cap);
        S->HostPinned = false;
        if (!H)
          return cudaErrorMemoryAllocation;
      }
      S->Host = static_cast<unsigned char *>(H);
      S->HostCapacity = Cap;
    }
    return cudaSuccess;
  }

private:
  Scratch *S = nullptr;
};

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_CUDA
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_CUDA_STATS_H
