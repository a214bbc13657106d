//===- aoti_rt/buffers.h - Redzones and poison of buffers -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope::buffer gives a buffer of run_impl guard bytes (a canary
// pattern) before and after its elements and/or fills it with poison;
// RunScope::reuse poisons a buffer run_impl takes over for a new role.
// Redzones are checked after each launch that writes the buffer: on the CPU
// right away; on CUDA by the runtime's redzone kernel, in stream order, which
// records the first launch that damaged each zone, read once at the end of
// the run (one sync).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_BUFFERS_H
#define AOTI_RT_BUFFERS_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "abi.h"
#include "cuda_api.h"
#include "deferred.h"
#include "tensor.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// A buffer of this run with redzones. Its storage is a 1-D tensor (Base)
/// of Zone + span + Zone bytes; the buffer is a view of it at offset Zone.
/// The run keeps Base until it ends, so the memory is not handed to another
/// buffer while its redzones may still be read.
struct RedzonedBuffer {
  const char *Name;
  AtenTensorHandle Base;
  unsigned char *Start; ///< first byte of the redzone before the elements
  size_t Bytes;         ///< from the first element to the end of the last
  uint32_t Zone;        ///< redzone bytes on each side
  bool Cuda;
  int Device;
  OnFail OnFailure;
  bool Reported;
  std::vector<int> Writers; ///< CUDA: ordinals that wrote it, launch order
  /// CUDA: where the redzone kernel records the first launch that damaged
  /// each zone (ZoneRecords), -1 when there is no room.
  int Record = -1;
  /// CUDA: the last writer whose check is not launched yet (-1: none).
  int PendingSite = -1;
  int32_t Dtype = 0;  ///< the base's dtype code (ZonePool's key)
  int64_t Elems = 0;  ///< the base's elements: zone + span + zone
  bool Clean = false; ///< CUDA: the run's last check found both zones intact
};

/// Redzoned storage kept from one run for the next (CUDA): the bases whose
/// zones the end of their run found intact and that none of the run's
/// outputs uses. A later buffer of the same dtype, device and size takes
/// one instead of an allocation and a canary fill: the canaries are still
/// there (nothing but the pool holds the memory, and the run's last check
/// of them was clean). At most one run's bases: what a run does not take
/// is freed when it ends.
struct ZonePool {
  struct Entry {
    AtenTensorHandle Base;
    unsigned char *Start;
    int32_t Dtype, Device;
    int64_t Elems;
    uint32_t Zone;
    size_t Bytes; ///< of the whole base, zones included
  };
  int Device = -1; ///< DevicePool's key (any: the entries say theirs)
  std::vector<Entry> Entries;

  /// Takes an entry of this kind into \p Out; false when there is none.
  bool take(int32_t Dtype, int32_t DeviceIndex, int64_t Elems, uint32_t Zone,
            Entry &Out) {
    for (size_t I = Entries.size(); I-- > 0;) {
      const Entry &E = Entries[I];
      if (E.Dtype == Dtype && E.Device == DeviceIndex && E.Elems == Elems &&
          E.Zone == Zone) {
        Out = E;
        Entries[I] = Entries.back();
        Entries.pop_back();
        return true;
      }
    }
    return false;
  }
  /// Frees the entries whose memory holds one of the \p N tensors \p Ts
  /// (a run's outputs, which the caller keeps).
  void dropHolders(const AtenTensorHandle *Ts, size_t N) {
    for (size_t K = 0; K < N; ++K) {
      void *P = nullptr;
      if (!dataOf(Ts[K], P))
        continue;
      auto *C = static_cast<const unsigned char *>(P);
      for (size_t I = Entries.size(); I-- > 0;)
        if (C >= Entries[I].Start && C < Entries[I].Start + Entries[I].Bytes) {
          aoti_torch_delete_tensor_object(Entries[I].Base);
          Entries[I] = Entries.back();
          Entries.pop_back();
        }
    }
  }
  void clear() {
    for (Entry &E : Entries)
      aoti_torch_delete_tensor_object(E.Base);
    Entries.clear();
  }
};

#if AOTI_RT_CUDA
/// Mapped host memory holding a ZoneResult per redzoned buffer of a run, which
/// the redzone kernel updates after each writing launch (kZoneAttribute).
/// Kept for the next run (one user at a time).
struct ZoneRecords {
  static constexpr size_t Cap = 4096;      ///< records: buffers of a run
  static constexpr size_t DescCap = 16384; ///< descriptors of a run's checks
  int Device = -1; ///< DevicePool's key; the memory is portable
  ZoneResult *Host = nullptr;
  ZoneResult *Dev = nullptr;
  ZoneDesc *DescsHost = nullptr; ///< never rewritten before the run's sync
  ZoneDesc *DescsDev = nullptr;
};
#endif

struct BufferRun {
  std::vector<RedzonedBuffer> Buffers;
  ZonePool *Pool = nullptr; ///< CUDA: leased at the first CUDA buffer
#if AOTI_RT_CUDA
  ZoneRecords *Records = nullptr; ///< taken at the first CUDA buffer
  size_t Used = 0;                ///< records
  size_t DescsUsed = 0;           ///< descriptors
  std::vector<size_t> Pending;    ///< buffers with a PendingSite
#endif

  /// The buffer whose elements hold \p P, or null.
  RedzonedBuffer *find(const void *P) {
    auto *C = static_cast<const unsigned char *>(P);
    for (RedzonedBuffer &B : Buffers)
      if (C >= B.Start + B.Zone && C < B.Start + B.Zone + B.Bytes)
        return &B;
    return nullptr;
  }
};

/// Fills \p Bytes at \p P with \p Value: memset on the CPU, in stream order
/// on CUDA. False (Err set) when the device refused.
inline bool fillBytes(void *P, size_t Bytes, uint8_t Value, bool Cuda,
                      int Device, void *Stream, std::string &Err) {
  if (!Bytes)
    return true;
#if AOTI_RT_CUDA
  if (Cuda) {
    DeviceGuard Guard(Device);
    cudaError_t E =
        cudaMemsetAsync(P, Value, Bytes, static_cast<cudaStream_t>(Stream));
    if (E != cudaSuccess) {
      Err = cudaErrorText(E);
      return false;
    }
    return true;
  }
#else
  (void)Device, (void)Stream;
  if (Cuda) {
    Err = "a CUDA buffer in a CPU runtime";
    return false;
  }
#endif
  std::memset(P, Value, Bytes);
  return true;
}

/// Fills both redzones of a buffer (\p Zone bytes at \p Start, \p Bytes of
/// the buffer, \p Zone bytes) with the canary: on CUDA one launch of the
/// runtime's redzone kernel (two memsets without it).
inline bool fillZones(ProgramState &S, int64_t Run, unsigned char *Start,
                      size_t Bytes, uint32_t Zone, bool Cuda, int Device,
                      void *Stream, std::string &Err) {
  (void)S, (void)Run; // for the kernel, which CPU builds have not
#if AOTI_RT_CUDA
  const RuntimeKernels *Fns = Cuda ? runtimeKernelsOrWarn(S, Run) : nullptr;
  if (Fns && Fns->RedzonesFn) {
    DeviceGuard Guard(Device);
    ZoneLaunch L;
    std::memset(&L, 0, sizeof L);
    L.n = 1;
    L.canary = kRedzoneCanary;
    L.mode = kZoneFill;
    L.inl = ZoneDesc{reinterpret_cast<uint64_t>(Start), Bytes, Zone, 0, 0, 0};
    void *Args[] = {&L};
    CUresult R =
        cuLaunchKernel(Fns->RedzonesFn, 1, 1, 1, 256, 1, 1, 0,
                       reinterpret_cast<CUstream>(Stream), Args, nullptr);
    if (R != CUDA_SUCCESS)
      Err = cuErrorText(R);
    return R == CUDA_SUCCESS;
  }
#endif
  return fillBytes(Start, Zone, kRedzoneCanary, Cuda, Device, Stream, Err) &&
         fillBytes(Start + Zone + Bytes, Zone, kRedzoneCanary, Cuda, Device,
                   Stream, Err);
}

AOTI_RT_COLD_BEGIN // reports

/// The damaged bytes of one redzone: [First, Last], or false when intact.
inline bool redzoneDamage(const unsigned char *Zone, size_t N, size_t &First,
                          size_t &Last) {
  bool Any = false;
  for (size_t I = 0; I < N; ++I)
    if (Zone[I] != kRedzoneCanary) {
      if (!Any)
        First = I;
      Last = I;
      Any = true;
    }
  return Any;
}

/// The report of a damaged redzone of \p B, which the launch passed as
/// \p Name. \p Before: the zone before the elements (offsets from its
/// start, of zone bytes). \p Writers: the launches that wrote the buffer
/// (one: it is named as the culprit).
inline void reportRedzone(ProgramState &S, const Program &P, int64_t Run,
                          const RedzonedBuffer &B, const char *Name,
                          bool Before, size_t First, size_t Last,
                          const std::vector<int> &Writers, std::string &Line) {
  long long Zone = B.Zone;
  std::string Range =
      Before
          ? "bytes " + std::to_string(static_cast<long long>(First) - Zone) +
                ".." + std::to_string(static_cast<long long>(Last) - Zone) +
                " before its start"
          : "bytes " + std::to_string(static_cast<long long>(First)) + ".." +
                std::to_string(static_cast<long long>(Last)) + " past its end";
  std::string Alias = std::strcmp(Name, B.Name)
                          ? "allocated as " + std::string(B.Name) + "; "
                          : std::string();
  std::string What = std::string(Before ? "wrote before the start of "
                                        : "wrote past the end of ") +
                     Name + " (" + Alias + Range + ", in its " +
                     std::to_string(Zone) + "-byte redzone)";
  std::string RunText =
      " in run " + std::to_string(static_cast<long long>(Run));
  JsonObj J;
  if (Writers.size() == 1) {
    const SiteInfo *SI = findSite(P, Writers[0]);
    Line = "[aoti-instrument] " + siteText(P, Writers[0], SI) + " " + What +
           RunText + captureHint(P, Writers[0]);
    J = siteJson("redzone", P, Run, "after", Writers[0], SI);
  } else {
    Line = "[aoti-instrument] a launch " + What + RunText;
    if (Writers.empty()) {
      Line += "; no instrumented launch wrote it (a launch that is not "
              "probed did)";
    } else {
      Line += "; the launches that wrote it: ";
      for (size_t I = 0; I < Writers.size(); ++I)
        Line +=
            (I ? ", " : "") + siteText(P, Writers[I], findSite(P, Writers[I]));
    }
    J.str("event", "redzone").num("run", Run);
  }
  std::string W = "[";
  for (size_t I = 0; I < Writers.size(); ++I)
    W += (I ? "," : "") + std::to_string(Writers[I]);
  J.str("buffer", Name).str("allocated_as", B.Name);
  J.str("side", Before ? "before" : "after");
  J.num("first", static_cast<long long>(First) - (Before ? Zone : 0));
  J.num("last", static_cast<long long>(Last) - (Before ? Zone : 0));
  J.num("redzone_bytes", Zone).raw("writers", W + "]");
  J.str("message", Line);
  emit(S, Line, J.done());
}

/// The damage of both zones of \p B, from host-readable bytes (the zones
/// themselves on the CPU, copies of them on CUDA without the runtime's
/// kernel), as the redzone kernel reports it.
inline ZoneResult zoneResultOf(const RedzonedBuffer &B,
                               const unsigned char *ZoneBefore,
                               const unsigned char *ZoneAfter) {
  ZoneResult R{-1, -1, -1, -1, -1, -1};
  size_t First = 0, Last = 0;
  if (redzoneDamage(ZoneBefore, B.Zone, First, Last)) {
    R.firstBefore = static_cast<int32_t>(First);
    R.lastBefore = static_cast<int32_t>(Last);
  }
  if (redzoneDamage(ZoneAfter, B.Zone, First, Last)) {
    R.firstAfter = static_cast<int32_t>(First);
    R.lastAfter = static_cast<int32_t>(Last);
  }
  return R;
}

/// Reports the damaged zones of \p B (\p R), and gives the first failure
/// (its on_fail is not kWarn) in \p Failed. A zone whose damage the device
/// attributed to a launch (\p Attributed) names that launch alone, else
/// \p Writers. True when a zone was damaged.
inline bool checkRedzonesOf(ProgramState &S, const Program &P, int64_t Run,
                            const RedzonedBuffer &B, const char *Name,
                            const ZoneResult &R,
                            const std::vector<int> &Writers,
                            std::string &Failed,
                            const ZoneResult *Attributed = nullptr) {
  bool Damaged = false;
  for (bool Before : {true, false}) {
    int32_t First = Before ? R.firstBefore : R.firstAfter;
    int32_t Last = Before ? R.lastBefore : R.lastAfter;
    if (First < 0)
      continue;
    int32_t Site = !Attributed ? -1
                   : Before    ? Attributed->siteBefore
                               : Attributed->siteAfter;
    std::string Line;
    reportRedzone(S, P, Run, B, Name, Before, static_cast<size_t>(First),
                  static_cast<size_t>(Last),
                  Site >= 0 ? std::vector<int>{Site} : Writers, Line);
    if (B.OnFailure != kWarn && Failed.empty())
      Failed = Line;
    Damaged = true;
  }
  return Damaged;
}

#if AOTI_RT_CUDA
/// Mapped host memory for the redzone kernel's descriptors and results,
/// kept for the next run (one user at a time).
struct ZoneScratch {
  int Device = -1; ///< DevicePool's key; the memory is portable
  unsigned char *Host = nullptr;
  size_t Capacity = 0; ///< buffers
};

/// Mapped memory for \p N buffers' descriptors and results, from the pool
/// (grown when too small); null when there is none to be had.
inline ZoneScratch *leaseZoneScratch(size_t N) {
  ZoneScratch *Z = DevicePool<ZoneScratch>::get().take(-1, /*Exact=*/false);
  if (!Z)
    Z = new ZoneScratch();
  const size_t Need = N * (sizeof(ZoneDesc) + sizeof(ZoneResult));
  if (Z->Capacity < N) {
    RelaxedCaptureMode Relaxed;
    if (Z->Host)
      cudaFreeHost(Z->Host);
    Z->Host = nullptr;
    Z->Capacity = 0;
    void *H = nullptr;
    if (cudaHostAlloc(&H, std::max<size_t>(Need, 4096),
                      cudaHostAllocPortable | cudaHostAllocMapped) ==
        cudaSuccess) {
      Z->Host = static_cast<unsigned char *>(H);
      Z->Capacity = std::max<size_t>(Need, 4096) /
                    (sizeof(ZoneDesc) + sizeof(ZoneResult));
    } else {
      cudaGetLastError();
    }
  }
  if (Z->Host)
    return Z;
  DevicePool<ZoneScratch>::get().give(Z);
  return nullptr;
}

/// One launch of the redzone kernel \p Fn on \p Stream for the \p N
/// descriptors at \p Descs of buffers on \p Dev, results at \p Res.
inline cudaError_t launchZoneCheck(CUfunction Fn, int Dev, ZoneDesc *Descs,
                                   ZoneResult *Res, size_t N,
                                   cudaStream_t Stream) {
  DeviceGuard Guard(Dev);
  void *DescsDev = nullptr, *ResDev = nullptr;
  if (cudaHostGetDevicePointer(&DescsDev, Descs, 0) != cudaSuccess ||
      cudaHostGetDevicePointer(&ResDev, Res, 0) != cudaSuccess)
    return cudaGetLastError();
  ZoneLaunch L;
  std::memset(&L, 0, sizeof L);
  L.descs = static_cast<const ZoneDesc *>(DescsDev);
  L.out = static_cast<ZoneResult *>(ResDev);
  L.n = static_cast<int32_t>(N);
  L.canary = kRedzoneCanary;
  void *Args[] = {&L};
  if (cuLaunchKernel(Fn, static_cast<unsigned>(N), 1, 1, 256, 1, 1, 0,
                     reinterpret_cast<CUstream>(Stream), Args,
                     nullptr) != CUDA_SUCCESS)
    return cudaErrorLaunchFailure;
  return cudaSuccess;
}

/// The zones of \p Bs checked by the redzone kernel, one launch per device
/// (nearly always one): Bs[K]'s descriptor and result at \p Slot[K] of
/// \p Z.
inline cudaError_t enqueueZoneChecks(const std::vector<RedzonedBuffer *> &Bs,
                                     CUfunction Fn, ZoneScratch &Z,
                                     std::vector<size_t> &Slot,
                                     cudaStream_t Stream) {
  auto *Descs = reinterpret_cast<ZoneDesc *>(Z.Host);
  auto *Res =
      reinterpret_cast<ZoneResult *>(Z.Host + Z.Capacity * sizeof(ZoneDesc));
  std::vector<bool> Done(Bs.size(), false);
  size_t Next = 0;
  cudaError_t E = cudaSuccess;
  for (size_t I = 0; I < Bs.size() && E == cudaSuccess; ++I) {
    if (Done[I])
      continue;
    const int Dev = Bs[I]->Device;
    const size_t First = Next;
    for (size_t J = I; J < Bs.size(); ++J)
      if (!Done[J] && Bs[J]->Device == Dev) {
        Descs[Next] = ZoneDesc{reinterpret_cast<uint64_t>(Bs[J]->Start),
                               Bs[J]->Bytes,
                               Bs[J]->Zone,
                               0,
                               0,
                               0};
        Slot[J] = Next++;
        Done[J] = true;
      }
    E = launchZoneCheck(Fn, Dev, Descs + First, Res + First, Next - First,
                        Stream);
  }
  return E;
}

/// The zones of \p Bs copied to \p Copies (both zones of each buffer, in
/// order), without the kernel: two copies per buffer.
inline cudaError_t enqueueZoneCopies(const std::vector<RedzonedBuffer *> &Bs,
                                     std::vector<unsigned char> &Copies,
                                     cudaStream_t Stream) {
  size_t Total = 0;
  for (RedzonedBuffer *B : Bs)
    Total += 2 * B->Zone;
  Copies.resize(Total);
  size_t At = 0;
  cudaError_t E = cudaSuccess;
  for (RedzonedBuffer *B : Bs) {
    DeviceGuard Guard(B->Device);
    unsigned char *H = Copies.data() + At;
    At += 2 * B->Zone;
    if (E == cudaSuccess)
      E = cudaMemcpyAsync(H, B->Start, B->Zone, cudaMemcpyDeviceToHost, Stream);
    if (E == cudaSuccess)
      E = cudaMemcpyAsync(H + B->Zone, B->Start + B->Zone + B->Bytes, B->Zone,
                          cudaMemcpyDeviceToHost, Stream);
  }
  return E;
}

/// After the sync: each buffer's result, from the kernel's (\p Z, at
/// \p Slot) or from \p Copies.
inline void takeZoneResults(const std::vector<RedzonedBuffer *> &Bs,
                            const ZoneScratch *Z,
                            const std::vector<size_t> &Slot,
                            const std::vector<unsigned char> &Copies,
                            std::vector<ZoneResult> &Out) {
  if (Z) {
    auto *Res = reinterpret_cast<const ZoneResult *>(
        Z->Host + Z->Capacity * sizeof(ZoneDesc));
    for (size_t K = 0; K < Bs.size(); ++K)
      Out[K] = Res[Slot[K]];
    return;
  }
  size_t At = 0;
  for (size_t K = 0; K < Bs.size(); ++K) {
    const unsigned char *H = Copies.data() + At;
    At += 2 * Bs[K]->Zone;
    Out[K] = zoneResultOf(*Bs[K], H, H + Bs[K]->Zone);
  }
}

/// The zones of the CUDA buffers \p Bs, read after the work enqueued on
/// \p Stream: one launch of the redzone kernel per device and one sync
/// (without the kernel: two copies per buffer). False when the stream
/// failed (its error is reported by the caller).
inline bool readZones(const std::vector<RedzonedBuffer *> &Bs,
                      cudaStream_t Stream, std::vector<ZoneResult> &Out) {
  Out.assign(Bs.size(), ZoneResult{-1, -1, -1, -1, -1, -1});
  std::string Why;
  const RuntimeKernels *Fns = runtimeKernels(Why);
  ZoneScratch *Z =
      Fns && Fns->RedzonesFn ? leaseZoneScratch(Bs.size()) : nullptr;
  std::vector<unsigned char> Copies;
  std::vector<size_t> Slot(Bs.size(), 0);
  cudaError_t E = Z ? enqueueZoneChecks(Bs, Fns->RedzonesFn, *Z, Slot, Stream)
                    : enqueueZoneCopies(Bs, Copies, Stream);
  if (E == cudaSuccess)
    E = cudaStreamSynchronize(Stream);
  global().HostSyncs.fetch_add(1);
  if (E == cudaSuccess)
    takeZoneResults(Bs, Z, Slot, Copies, Out);
  if (Z)
    DevicePool<ZoneScratch>::get().give(Z);
  return E == cudaSuccess;
}

/// A record for the zones of a new CUDA buffer of \p R (its index), or -1
/// when mapped memory is not to be had or all are taken.
inline int newZoneRecord(BufferRun &R) {
  if (!R.Records) {
    ZoneRecords *Z = DevicePool<ZoneRecords>::get().take(-1, /*Exact=*/false);
    if (!Z) {
      Z = new ZoneRecords();
      RelaxedCaptureMode Relaxed;
      void *H = nullptr, *D = nullptr;
      const size_t Records = ZoneRecords::Cap * sizeof(ZoneResult);
      if (cudaHostAlloc(&H, Records + ZoneRecords::DescCap * sizeof(ZoneDesc),
                        cudaHostAllocPortable | cudaHostAllocMapped) ==
              cudaSuccess &&
          cudaHostGetDevicePointer(&D, H, 0) == cudaSuccess) {
        Z->Host = static_cast<ZoneResult *>(H);
        Z->Dev = static_cast<ZoneResult *>(D);
        Z->DescsHost = reinterpret_cast<ZoneDesc *>(
            static_cast<unsigned char *>(H) + Records);
        Z->DescsDev = reinterpret_cast<ZoneDesc *>(
            static_cast<unsigned char *>(D) + Records);
      } else {
        if (H)
          cudaFreeHost(H);
        cudaGetLastError();
      }
    }
    R.Records = Z;
  }
  if (!R.Records->Host || R.Used >= ZoneRecords::Cap)
    return -1;
  R.Records->Host[R.Used] = ZoneResult{-1, -1, -1, -1, -1, -1};
  return static_cast<int>(R.Used++);
}

/// The descriptor of \p B's zones for the attribution of their damage to
/// \p Site.
inline ZoneDesc attributionDesc(const RedzonedBuffer &B, int Site) {
  return ZoneDesc{
      reinterpret_cast<uint64_t>(B.Start), B.Bytes, B.Zone, B.Record, Site, 0};
}

/// In stream order, after the launches enqueued so far: the redzone kernel
/// checks the zones of \p R's buffers \p Which, each attributed to its
/// PendingSite (the last launch that wrote it), one launch for all of them
/// (one per buffer when the run's descriptors are used up). No sync.
inline void launchAttribution(BufferRun &R, const std::vector<size_t> &Which,
                              void *Stream) {
  std::string Why;
  const RuntimeKernels *Fns = runtimeKernels(Why);
  if (!Fns || !Fns->RedzonesFn || Which.empty() || !R.Records)
    return;
  DeviceGuard Guard(R.Buffers[Which[0]].Device);
  ZoneLaunch L;
  std::memset(&L, 0, sizeof L);
  L.out = R.Records->Dev;
  L.canary = kRedzoneCanary;
  L.mode = kZoneAttribute;
  auto Launch = [&](unsigned Blocks) {
    void *Args[] = {&L};
    cuLaunchKernel(Fns->RedzonesFn, Blocks, 1, 1, 256, 1, 1, 0,
                   reinterpret_cast<CUstream>(Stream), Args, nullptr);
  };
  if (Which.size() > 1 && R.DescsUsed + Which.size() <= ZoneRecords::DescCap) {
    for (size_t K = 0; K < Which.size(); ++K) {
      const RedzonedBuffer &B = R.Buffers[Which[K]];
      R.Records->DescsHost[R.DescsUsed + K] = attributionDesc(B, B.PendingSite);
    }
    L.descs = R.Records->DescsDev + R.DescsUsed;
    L.n = static_cast<int32_t>(Which.size());
    R.DescsUsed += Which.size();
    Launch(static_cast<unsigned>(Which.size()));
    return;
  }
  L.n = 1;
  for (size_t I : Which) {
    L.inl = attributionDesc(R.Buffers[I], R.Buffers[I].PendingSite);
    Launch(1);
  }
}

/// Launches the pending checks of \p R (BufferRun::Pending).
inline void flushZones(BufferRun &R, void *Stream) {
  launchAttribution(R, R.Pending, Stream);
  for (size_t I : R.Pending)
    R.Buffers[I].PendingSite = -1;
  R.Pending.clear();
}
#endif // AOTI_RT_CUDA

AOTI_RT_COLD_END

} // namespace detail

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_BUFFERS_H
