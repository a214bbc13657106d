//===- aoti_rt/buffers.h - Redzones and poison for run_impl's buffers -*- C++ -*-===//
//
// RunScope::buffer gives a buffer of run_impl guard bytes (a canary
// pattern) before and after its elements and/or fills it with poison;
// RunScope::reuse poisons a buffer run_impl takes over for a new role.
// Redzones are checked after each launch that writes the buffer (CPU) or
// once at the end of the run, naming the launches that wrote it (CUDA).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_BUFFERS_H
#define AOTI_RT_BUFFERS_H

#include "deferred.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// A buffer of this run with redzones. Its storage is a 1-D tensor (base)
/// of zone + span + zone bytes; the buffer is a view of it at offset zone.
/// The run keeps base until it ends, so the memory is not handed to another
/// buffer while its redzones may still be read.
struct RedzonedBuffer {
  const char *name;
  AtenTensorHandle base;
  unsigned char *start; ///< first byte of the redzone before the elements
  size_t bytes;         ///< from the first element to the end of the last
  uint32_t zone;        ///< redzone bytes on each side
  bool cuda;
  int device;
  OnFail onFail;
  bool reported;
  std::vector<int> writers; ///< CUDA: ordinals that wrote it, launch order
};

struct BufferRun {
  std::vector<RedzonedBuffer> buffers;

  /// The buffer whose elements hold \p P, or null.
  RedzonedBuffer *find(const void *P) {
    auto *C = static_cast<const unsigned char *>(P);
    for (RedzonedBuffer &B : buffers)
      if (C >= B.start + B.zone && C < B.start + B.zone + B.bytes)
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
    cudaError_t E = cudaMemsetAsync(P, Value, Bytes,
                                    static_cast<cudaStream_t>(Stream));
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
  long long Zone = B.zone;
  std::string Range =
      Before ? "bytes " + std::to_string(static_cast<long long>(First) - Zone) +
                   ".." + std::to_string(static_cast<long long>(Last) - Zone) +
                   " before its start"
             : "bytes " + std::to_string(static_cast<long long>(First)) +
                   ".." + std::to_string(static_cast<long long>(Last)) +
                   " past its end";
  std::string Alias = std::strcmp(Name, B.name)
                          ? "allocated as " + std::string(B.name) + "; "
                          : std::string();
  std::string What = std::string(Before ? "wrote before the start of "
                                        : "wrote past the end of ") +
                     Name + " (" + Alias + Range + ", in its " +
                     std::to_string(Zone) + "-byte redzone)";
  std::string RunText = " in run " + std::to_string(static_cast<long long>(Run));
  JsonObj J;
  if (Writers.size() == 1) {
    const SiteInfo *SI = findSite(P, Writers[0]);
    Line = "[aoti-instrument] " + siteText(P, Writers[0], SI) + " " + What +
           RunText;
    J = siteJson("redzone", P, Run, "after", Writers[0], SI);
  } else {
    Line = "[aoti-instrument] a launch " + What + RunText;
    if (Writers.empty()) {
      Line += "; no instrumented launch wrote it (a launch that is not "
              "probed did)";
    } else {
      Line += "; the launches that wrote it: ";
      for (size_t I = 0; I < Writers.size(); ++I)
        Line += (I ? ", " : "") +
                siteText(P, Writers[I], findSite(P, Writers[I]));
    }
    J.str("event", "redzone").num("run", Run);
  }
  std::string W = "[";
  for (size_t I = 0; I < Writers.size(); ++I)
    W += (I ? "," : "") + std::to_string(Writers[I]);
  J.str("buffer", Name).str("allocated_as", B.name);
  J.str("side", Before ? "before" : "after");
  J.num("first", static_cast<long long>(First) - (Before ? Zone : 0));
  J.num("last", static_cast<long long>(Last) - (Before ? Zone : 0));
  J.num("redzone_bytes", Zone).raw("writers", W + "]");
  J.str("message", Line);
  emit(S, Line, J.done());
}

/// Checks both redzones of \p B (host-readable copies, or the zones
/// themselves on the CPU), reports the damaged ones, and gives the first
/// failure (its on_fail is not kWarn) in \p Failed. True when a zone was
/// damaged.
inline bool checkRedzonesOf(ProgramState &S, const Program &P, int64_t Run,
                            const RedzonedBuffer &B, const char *Name,
                            const unsigned char *ZoneBefore,
                            const unsigned char *ZoneAfter,
                            const std::vector<int> &Writers,
                            std::string &Failed) {
  bool Damaged = false;
  for (bool Before : {true, false}) {
    const unsigned char *Zone = Before ? ZoneBefore : ZoneAfter;
    size_t First = 0, Last = 0;
    if (!redzoneDamage(Zone, B.zone, First, Last))
      continue;
    std::string Line;
    reportRedzone(S, P, Run, B, Name, Before, First, Last, Writers, Line);
    if (B.onFail != kWarn && Failed.empty())
      Failed = Line;
    Damaged = true;
  }
  return Damaged;
}

AOTI_RT_COLD_END

} // namespace detail

//===----------------------------------------------------------------------===//
// RunScope: buffers
//===----------------------------------------------------------------------===//

AOTI_RT_COLD_BEGIN // once per buffer and run
AOTI_RT_OUTLINE AtenTensorHandle RunScope::buffer(const char *Name,
                                                  AtenTensorHandle Buf,
                                                  const BufferPolicy &P) {
  using namespace detail;
  if (!Observing || Capturing || !Buf || (!P.redzone_bytes && !P.poison))
    return nullptr;
  TensorMeta M;
  M.name = Name;
  M.handle = Buf;
  if (!readMeta(M) || M.numel == 0 || !M.dtype->size)
    return nullptr;
  size_t ES = static_cast<size_t>(M.dtype->size);
  size_t Bytes = static_cast<size_t>(M.span) * ES;
  unsigned char *Data = const_cast<unsigned char *>(M.data);
  AtenTensorHandle Out = nullptr;
  std::string Err;
  if (P.redzone_bytes && P.redzone_bytes % ES == 0) {
    int64_t Zone = static_cast<int64_t>(P.redzone_bytes / ES);
    int64_t Total = M.span + 2 * Zone, One = 1;
    AtenTensorHandle Base = nullptr, View = nullptr;
    void *BaseData = nullptr;
    if (aoti_torch_empty_strided(1, &Total, &One, M.dtype->code, M.devType,
                                 M.devIndex, &Base) != AOTI_TORCH_SUCCESS)
      Base = nullptr;
    if (Base &&
        (aoti_torch__reinterpret_tensor(
             Base, static_cast<int64_t>(M.sizes.size()), M.sizes.data(),
             M.strides.data(), Zone, &View) != AOTI_TORCH_SUCCESS ||
         aoti_torch_get_data_ptr(Base, &BaseData) != AOTI_TORCH_SUCCESS)) {
      if (View)
        aoti_torch_delete_tensor_object(View);
      aoti_torch_delete_tensor_object(Base);
      Base = View = nullptr;
    }
    auto *Start = static_cast<unsigned char *>(BaseData);
    if (Base && (!fillBytes(Start, P.redzone_bytes, kRedzoneCanary, M.cuda,
                            M.devIndex, StreamPtr, Err) ||
                 !fillBytes(Start + P.redzone_bytes + Bytes, P.redzone_bytes,
                            kRedzoneCanary, M.cuda, M.devIndex, StreamPtr,
                            Err))) {
      aoti_torch_delete_tensor_object(View);
      aoti_torch_delete_tensor_object(Base);
      Base = View = nullptr;
    }
    if (!Base) {
      warnOnce(*State, State->warnedBuffers,
               std::string("no redzones for ") + Name +
                   " (and later buffers where it fails too): " +
                   (Err.empty() ? "allocation failed" : Err),
               Run);
    } else {
      if (!Buffers)
        Buffers = new BufferRun();
      Buffers->buffers.push_back(RedzonedBuffer{
          Name, Base, Start, Bytes, P.redzone_bytes, M.cuda, M.devIndex,
          P.redzone_on_fail, false, {}});
      Out = View;
      Data = Start + P.redzone_bytes;
    }
  }
  if (P.poison &&
      !fillBytes(Data, Bytes,
                 isFloatKind(M.dtype->kind) ? kPoisonFloatByte : P.poison_byte,
                 M.cuda, M.devIndex, StreamPtr, Err))
    warnOnce(*State, State->warnedBuffers,
             std::string("no poison for ") + Name + ": " + Err, Run);
  return Out;
}

AOTI_RT_OUTLINE void RunScope::reuse(const char *Name, AtenTensorHandle Buf,
                                     const BufferPolicy &P) {
  using namespace detail;
  if (!Observing || Capturing || !Buf || !P.poison)
    return;
  TensorMeta M;
  M.name = Name;
  M.handle = Buf;
  if (!readMeta(M) || M.numel == 0)
    return;
  std::string Err;
  if (!fillBytes(const_cast<unsigned char *>(M.data),
                 static_cast<size_t>(M.span) * M.dtype->size,
                 isFloatKind(M.dtype->kind) ? kPoisonFloatByte : P.poison_byte,
                 M.cuda, M.devIndex, StreamPtr, Err))
    warnOnce(*State, State->warnedBuffers,
             std::string("no poison for ") + Name + ": " + Err, Run);
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
    if (aoti_torch_get_data_ptr(Tensors[I].handle, &Data) !=
        AOTI_TORCH_SUCCESS)
      continue;
    RedzonedBuffer *B = Buffers->find(Data);
    if (!B)
      continue;
    if (B->cuda) { // read at the end of the run
      if (B->writers.empty() || B->writers.back() != Site)
        B->writers.push_back(Site);
      continue;
    }
    if (B->reported)
      continue;
    std::string Failed;
    if (checkRedzonesOf(*State, *Prog, Run, *B,
                        orDefault(Tensors[I].name, B->name), B->start,
                        B->start + B->zone + B->bytes, {Site}, Failed)) {
      B->reported = true;
      if (!Failed.empty())
        fail(B->onFail, Failed);
    }
  }
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
  struct Release {
    BufferRun &R;
    ~Release() {
      for (RedzonedBuffer &B : R.buffers)
        aoti_torch_delete_tensor_object(B.base);
    }
  } GiveBack{*Owned};
  std::string Failed;
  OnFail FailWith = kWarn;
#if AOTI_RT_CUDA
  std::vector<unsigned char> Host;
  std::vector<size_t> At;
  for (RedzonedBuffer &B : Owned->buffers) {
    if (!B.cuda || B.reported)
      continue;
    At.push_back(Host.size());
    Host.resize(Host.size() + 2 * B.zone);
  }
  if (!At.empty()) {
    cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
    cudaError_t E = cudaSuccess;
    size_t K = 0;
    for (RedzonedBuffer &B : Owned->buffers) {
      if (!B.cuda || B.reported)
        continue;
      DeviceGuard Guard(B.device);
      unsigned char *H = Host.data() + At[K++];
      if (E == cudaSuccess)
        E = cudaMemcpyAsync(H, B.start, B.zone, cudaMemcpyDeviceToHost, St);
      if (E == cudaSuccess)
        E = cudaMemcpyAsync(H + B.zone, B.start + B.zone + B.bytes, B.zone,
                            cudaMemcpyDeviceToHost, St);
    }
    if (E == cudaSuccess)
      E = cudaStreamSynchronize(St);
    global().hostSyncs.fetch_add(1);
    if (E != cudaSuccess)
      return; // ~RunScope or the caller reports the error
    K = 0;
    for (RedzonedBuffer &B : Owned->buffers) {
      if (!B.cuda || B.reported)
        continue;
      const unsigned char *H = Host.data() + At[K++];
      std::string F;
      checkRedzonesOf(*State, *Prog, Run, B, B.name, H, H + B.zone, B.writers,
                      F);
      if (!F.empty() && Failed.empty()) {
        Failed = F;
        FailWith = B.onFail;
      }
    }
  }
#endif
  if (Failed.empty())
    return;
  if (MayThrow || FailWith == kAbort)
    fail(FailWith, Failed);
}

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_BUFFERS_H
