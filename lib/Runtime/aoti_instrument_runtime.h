//===- aoti_instrument_runtime.h - Code the instrumented wrapper calls ----===//
//
// aoti-instrument copies this header verbatim into every instrumented
// wrapper.cpp (after the wrapper's own #include), so the output compiles
// with the wrapper's original command and needs nothing else.
//
// Constraints (AOTI's stable ABI): only the AOTI C shim (aoti_torch_*), the
// CUDA runtime/driver API (when AOTI_RT_CUDA is 1) and the C++17 standard
// library (plus POSIX sigaction/write for the CPU crash handler). No libtorch
// C++ API. Everything has internal linkage (anonymous namespace), so two
// instrumented models in one process do not collide.
//
// Environment variables read at run time (names configurable per Program):
//   AOTI_INSTRUMENT_DISABLE=1   all instrumentation off, no rebuild needed
//   AOTI_INSTRUMENT_LOG=FILE    events go to FILE (appended) instead of stderr
//   AOTI_INSTRUMENT_JSONL=FILE  events also go to FILE as JSON lines
//   AOTI_INSTRUMENT_SAVE_DIR=D  where saves go (overrides the rules file)
//   AOTI_INSTRUMENT_STATS_HOST=1  CUDA statistics by copying to the host
//                               instead of the embedded reduction kernel
//
// lib/Runtime/README.md describes the event formats and the save layout.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_INSTRUMENT_RUNTIME_H
#define AOTI_INSTRUMENT_RUNTIME_H

#ifndef AOTI_RT_CUDA
#define AOTI_RT_CUDA 0
#endif

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "aoti_rt/abi.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <signal.h> // sigaction: chain the CPU crash handler
#include <unistd.h> // write: async-signal-safe output

#if AOTI_RT_CUDA
#include <cuda.h>
#include <cuda_runtime_api.h>
#endif

AOTI_RT_NAMESPACE_BEGIN

namespace detail {
struct ProgramState;
struct ProbeCtx;
struct DeferredRun;
} // namespace detail

/// One call of run_impl (or _const_run_impl). Declared as the first
/// statement of the instrumented function body.
class RunScope {
public:
  RunScope(const Program &P, void *Stream);
  ~RunScope();
  RunScope(const RunScope &) = delete;
  RunScope &operator=(const RunScope &) = delete;

  /// Instrumentation is enabled and this call is selected.
  bool observing() const { return Observing; }
  /// Runs \p Pr for the launch whose ordinal is \p Site in \p Ph on
  /// \p Tensors: print, NaN check, save, sync, breadcrumb, in that order.
  void probe(int Site, Phase Ph, const TensorRef *Tensors, int N,
             const Probe &Pr) {
    probeOn(Site, Ph, Tensors, N, Pr, StreamPtr, 0);
  }
  /// The same for a launch on another stream than run_impl's (multi-stream
  /// AOTI): syncs, statistics and breadcrumbs go on \p Stream; \p Lane
  /// (1 to kCrumbLanes - 1; the analysis's stream lane) selects the
  /// breadcrumb slot, so each stream has its own "last completed".
  void probe(int Site, Phase Ph, const TensorRef *Tensors, int N,
             const Probe &Pr, void *Stream, int Lane) {
    probeOn(Site, Ph, Tensors, N, Pr, Stream, Lane);
  }
  /// Checks \p G against \p Input; fails per G.on_fail.
  void guardInput(const InputGuard &G, AtenTensorHandle Input);
  /// Checks that all dims of a group are equal.
  void guardEqualDims(const DimRef *Group, int N, AtenTensorHandle *Inputs,
                      OnFail F);

  /// 1-based number of this call of run_impl for its Program.
  int64_t run() const { return Run; }

  /// The end of the run (the generated code calls it at the end of
  /// run_impl, before the outputs are released): reads the deferred NaN
  /// checks (Probe::nan_deferred) with one sync and reports the first
  /// offending launch; throws or aborts as its nan_on_fail says. Nothing to
  /// do (no sync) when no check was deferred. Without this call ~RunScope
  /// reads them, and a kThrow failure aborts there (a destructor must not
  /// throw).
  void finish();

private:
  void probeOn(int Site, Phase Ph, const TensorRef *Tensors, int N,
               const Probe &Pr, void *Stream, int Lane);
  bool deferProbe(int Site, Phase Ph, const TensorRef *Tensors, int N,
                  const Probe &Pr, const detail::ProbeCtx &C);
  void resolveDeferred(int End);
  void releaseDeferred();

  const Program *Prog;
  detail::ProgramState *State;
  void *StreamPtr;
  int64_t Run = 0;
  int Uncaught = 0;
  bool Observing = false;
  bool Capturing = false;
  detail::DeferredRun *Deferred = nullptr; ///< CUDA: this run's deferred checks
};

#if AOTI_RT_DEFINITIONS

//===----------------------------------------------------------------------===//
// Implementation
//===----------------------------------------------------------------------===//

namespace detail {

//--- Small utilities -------------------------------------------------------//

inline const char *orDefault(const char *S, const char *Default) {
  return (S && *S) ? S : Default;
}

inline const char *baseName(const char *Path) {
  if (!Path)
    return "";
  const char *Slash = std::strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

// NaN/Inf by bit pattern: immune to -ffinite-math-only in the wrapper flags.
inline bool isNanD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL &&
         (B & 0x000fffffffffffffULL) != 0;
}
inline bool isInfD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7fffffffffffffffULL) == 0x7ff0000000000000ULL;
}

/// Appends finite V as printf's "%.<Prec>g" does (std::to_chars is
/// specified so, and is several times faster; snprintf without it).
inline void appendG(std::string &S, double V, int Prec) {
  char Buf[48];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  std::to_chars_result R =
      std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::general, Prec);
  if (R.ec == std::errc()) {
    S.append(Buf, R.ptr);
    return;
  }
#endif
  int N = std::snprintf(Buf, sizeof Buf, "%.*g", Prec, V);
  S.append(Buf, static_cast<size_t>(std::max(N, 0)));
}

inline void appendInt(std::string &S, long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  S.append(Buf, R.ptr);
}

inline void appendUInt(std::string &S, unsigned long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  S.append(Buf, R.ptr);
}

/// "%.6g", or nan, inf, -inf.
inline void appendDouble(std::string &S, double V) {
  if (isNanD(V))
    S += "nan";
  else if (isInfD(V))
    S += V > 0 ? "inf" : "-inf";
  else
    appendG(S, V, 6);
}

inline std::string fmtDouble(double V) {
  std::string S;
  appendDouble(S, V);
  return S;
}

/// A bound or a value: as an integer when it is one.
inline std::string fmtNumber(double V) {
  if (!isNanD(V) && !isInfD(V) && V == static_cast<double>(
                                           static_cast<long long>(V)) &&
      V < 9.0e15 && V > -9.0e15)
    return std::to_string(static_cast<long long>(V));
  return fmtDouble(V);
}

inline std::string fmtList(const std::vector<int64_t> &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ", ";
    S += std::to_string(static_cast<long long>(V[I]));
  }
  return S + "]";
}

inline void jsonString(std::string &Out, const char *S) {
  Out += '"';
  for (const char *P = S ? S : ""; *P; ++P) {
    unsigned char C = static_cast<unsigned char>(*P);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  Out += '"';
}

inline std::string jsonList(const std::vector<int64_t> &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ',';
    appendInt(S, static_cast<long long>(V[I]));
  }
  return S + "]";
}

/// Builds one JSON object, keys in insertion order.
class JsonObj {
public:
  JsonObj &str(const char *K, const std::string &V) {
    key(K);
    jsonString(S, V.c_str());
    return *this;
  }
  JsonObj &num(const char *K, long long V) {
    key(K);
    appendInt(S, V);
    return *this;
  }
  JsonObj &dbl(const char *K, double V) { // NaN/Inf have no JSON spelling
    key(K);
    if (isNanD(V) || isInfD(V))
      S += "null";
    else
      appendG(S, V, 17);
    return *this;
  }
  JsonObj &boolean(const char *K, bool V) {
    key(K);
    S += V ? "true" : "false";
    return *this;
  }
  JsonObj &raw(const char *K, const std::string &Json) {
    key(K);
    S += Json;
    return *this;
  }
  std::string done() const { return S + "}"; }

private:
  void key(const char *K) {
    S += First ? "" : ",";
    First = false;
    jsonString(S, K);
    S += ':';
  }
  std::string S = "{";
  bool First = true;
};

//--- Dtypes ----------------------------------------------------------------//


struct DtypeInfo {
  int32_t code;
  DKind kind;
  const char *name;        ///< torch's spelling without "torch."
  const char *safetensors; ///< dtype code in a safetensors header, or null
  int size;                ///< bytes per element
};

inline bool isFloatKind(DKind K) { return K >= kDF32 && K <= kDF8E5M2FNUZ; }
inline bool isIntKind(DKind K) { return K >= kDI8 && K <= kDBool; }
/// Kinds whose values this runtime can read (statistics, values).
inline bool isReadableKind(DKind K) { return isFloatKind(K) || isIntKind(K); }

inline const DtypeInfo &dtypeInfo(int32_t Code) {
  static const DtypeInfo Table[] = {
      {aoti_torch_dtype_float32(), kDF32, "float32", "F32", 4},
      {aoti_torch_dtype_bfloat16(), kDBF16, "bfloat16", "BF16", 2},
      {aoti_torch_dtype_float16(), kDF16, "float16", "F16", 2},
      {aoti_torch_dtype_int64(), kDI64, "int64", "I64", 8},
      {aoti_torch_dtype_int32(), kDI32, "int32", "I32", 4},
      {aoti_torch_dtype_bool(), kDBool, "bool", "BOOL", 1},
      {aoti_torch_dtype_float64(), kDF64, "float64", "F64", 8},
      {aoti_torch_dtype_float8_e4m3fn(), kDF8E4M3FN, "float8_e4m3fn",
       "F8_E4M3", 1},
      {aoti_torch_dtype_float8_e5m2(), kDF8E5M2, "float8_e5m2", "F8_E5M2", 1},
      {aoti_torch_dtype_float8_e4m3fnuz(), kDF8E4M3FNUZ, "float8_e4m3fnuz",
       "F8_E4M3FNUZ", 1},
      {aoti_torch_dtype_float8_e5m2fnuz(), kDF8E5M2FNUZ, "float8_e5m2fnuz",
       "F8_E5M2FNUZ", 1},
      {aoti_torch_dtype_int8(), kDI8, "int8", "I8", 1},
      {aoti_torch_dtype_int16(), kDI16, "int16", "I16", 2},
      {aoti_torch_dtype_uint8(), kDU8, "uint8", "U8", 1},
      {aoti_torch_dtype_uint16(), kDU16, "uint16", "U16", 2},
      {aoti_torch_dtype_uint32(), kDU32, "uint32", "U32", 4},
      {aoti_torch_dtype_uint64(), kDU64, "uint64", "U64", 8},
      {aoti_torch_dtype_complex32(), kDC32, "complex32", nullptr, 4},
      {aoti_torch_dtype_complex64(), kDC64, "complex64", "C64", 8},
      {aoti_torch_dtype_complex128(), kDC128, "complex128", nullptr, 16},
  };
  for (const DtypeInfo &D : Table)
    if (D.code == Code)
      return D;
  static const DtypeInfo Unknown = {-1, kDUnknown, "unknown", nullptr, 0};
  return Unknown;
}

inline std::string deviceName(int32_t Type, int32_t Index) {
  if (Type == aoti_torch_device_type_cpu())
    return "cpu";
  std::string Name = Type == aoti_torch_device_type_cuda() ? "cuda"
                     : Type == aoti_torch_device_type_meta()
                         ? "meta"
                         : "device" + std::to_string(Type);
  return Name + ":" + std::to_string(Index);
}

inline const char *deviceTypeName(int32_t Type) {
  if (Type == aoti_torch_device_type_cpu())
    return "cpu";
  if (Type == aoti_torch_device_type_cuda())
    return "cuda";
  if (Type == aoti_torch_device_type_meta())
    return "meta";
  return "other";
}

//--- Element decoding (host side; stats_kernel.cu mirrors it) -------------//

inline float bitsToFloat(uint32_t U) {
  float F;
  std::memcpy(&F, &U, sizeof F);
  return F;
}

inline float halfToFloat(uint16_t H) {
  uint32_t Sign = static_cast<uint32_t>(H & 0x8000u) << 16;
  uint32_t Exp = (H >> 10) & 0x1fu;
  uint32_t Man = H & 0x3ffu;
  if (Exp == 0x1f)
    return bitsToFloat(Sign | 0x7f800000u | (Man << 13));
  if (Exp == 0) {
    float V = static_cast<float>(Man) * 5.9604644775390625e-08f; // 2^-24
    return Sign ? -V : V;
  }
  return bitsToFloat(Sign | ((Exp + 112u) << 23) | (Man << 13));
}

/// 8-bit floats: E exponent bits with bias B, M mantissa bits.
inline float fp8ToFloat(uint32_t Byte, int E, int M, int B, bool Fnuz,
                        bool HasInf) {
  const float QNan = bitsToFloat(0x7fc00000u);
  if (Fnuz && Byte == 0x80u)
    return QNan;
  uint32_t Sign = (Byte & 0x80u) << 24;
  uint32_t Exp = (Byte >> M) & ((1u << E) - 1);
  uint32_t Man = Byte & ((1u << M) - 1);
  uint32_t ExpMax = (1u << E) - 1;
  if (!Fnuz && HasInf && Exp == ExpMax)
    return Man ? QNan : bitsToFloat(Sign | 0x7f800000u);
  if (!Fnuz && !HasInf && Exp == ExpMax && Man == (1u << M) - 1)
    return QNan;
  if (Exp == 0) {
    float V = static_cast<float>(Man) *
              bitsToFloat(static_cast<uint32_t>(127 + 1 - B - M) << 23);
    return Sign ? -V : V;
  }
  return bitsToFloat(Sign | ((Exp - B + 127) << 23) | (Man << (23 - M)));
}

template <class T> inline T loadAs(const unsigned char *P) {
  T V;
  std::memcpy(&V, P, sizeof V);
  return V;
}

/// Reads one element: true for integer kinds (value in IV), false for
/// floating kinds (value in DV).
inline bool loadElem(DKind K, const unsigned char *P, double &DV,
                     int64_t &IV) {
  switch (K) {
  case kDF32: DV = loadAs<float>(P); return false;
  case kDF64: DV = loadAs<double>(P); return false;
  case kDF16: DV = halfToFloat(loadAs<uint16_t>(P)); return false;
  case kDBF16:
    DV = bitsToFloat(static_cast<uint32_t>(loadAs<uint16_t>(P)) << 16);
    return false;
  case kDF8E4M3FN: DV = fp8ToFloat(*P, 4, 3, 7, false, false); return false;
  case kDF8E5M2: DV = fp8ToFloat(*P, 5, 2, 15, false, true); return false;
  case kDF8E4M3FNUZ: DV = fp8ToFloat(*P, 4, 3, 8, true, false); return false;
  case kDF8E5M2FNUZ: DV = fp8ToFloat(*P, 5, 2, 16, true, false); return false;
  case kDI8: IV = loadAs<int8_t>(P); return true;
  case kDI16: IV = loadAs<int16_t>(P); return true;
  case kDI32: IV = loadAs<int32_t>(P); return true;
  case kDI64: IV = loadAs<int64_t>(P); return true;
  case kDU8: IV = *P; return true;
  case kDBool: IV = *P != 0; return true;
  case kDU16: IV = loadAs<uint16_t>(P); return true;
  case kDU32: IV = loadAs<uint32_t>(P); return true;
  case kDU64: {
    uint64_t V = loadAs<uint64_t>(P);
    IV = V > 0x7fffffffffffffffULL ? INT64_MAX : static_cast<int64_t>(V);
    return true;
  }
  default: DV = 0; return false;
  }
}

//--- Statistics ------------------------------------------------------------//


inline Stats statsInit() {
  Stats S;
  S.min = bitsToFloat(0x7f800000u);  // +inf
  S.max = -bitsToFloat(0x7f800000u); // -inf
  S.sum = 0;
  S.imin = INT64_MAX;
  S.imax = INT64_MIN;
  S.nan = S.inf = S.count = 0;
  return S;
}

inline void statsAdd(Stats &S, DKind K, const unsigned char *P) {
  double DV = 0;
  int64_t IV = 0;
  if (loadElem(K, P, DV, IV)) {
    S.imin = std::min(S.imin, IV);
    S.imax = std::max(S.imax, IV);
    S.sum += static_cast<double>(IV);
    ++S.count;
  } else if (isNanD(DV)) {
    ++S.nan;
  } else if (isInfD(DV)) {
    ++S.inf;
  } else {
    S.min = std::min(S.min, DV);
    S.max = std::max(S.max, DV);
    S.sum += DV;
    ++S.count;
  }
}

/// Reported min/max: exact integers for integer kinds.
inline double statsMin(const Stats &S, DKind K) {
  if (isIntKind(K))
    return S.count ? static_cast<double>(S.imin) : 0.0;
  return S.count ? S.min : bitsToFloat(0x7fc00000u);
}
inline double statsMax(const Stats &S, DKind K) {
  if (isIntKind(K))
    return S.count ? static_cast<double>(S.imax) : 0.0;
  return S.count ? S.max : bitsToFloat(0x7fc00000u);
}
inline double statsMean(const Stats &S) {
  return S.count ? S.sum / static_cast<double>(S.count)
                 : static_cast<double>(bitsToFloat(0x7fc00000u));
}

//--- Tensor metadata -------------------------------------------------------//

struct TensorMeta {
  const char *name = "";
  uint8_t role = 0;
  AtenTensorHandle handle = nullptr;
  bool ok = false;   ///< metadata could be read
  std::string error; ///< why not
  const DtypeInfo *dtype = nullptr;
  std::vector<int64_t> sizes, strides;
  int64_t numel = 0;
  const unsigned char *data = nullptr; ///< element 0 (storage offset applied)
  int32_t devType = 0, devIndex = 0;
  bool cuda = false;
  /// Dims with size 1 dropped and mergeable neighbours merged; never empty.
  std::vector<int64_t> csizes, cstrides;
  int64_t span = 0; ///< elements from data to the last one, inclusive
};

inline bool readMeta(TensorMeta &M) {
  // M may be reused (its vectors keep their capacity): no leftovers.
  M.ok = false;
  M.error.clear();
  M.dtype = nullptr;
  M.sizes.clear();
  M.strides.clear();
  M.csizes.clear();
  M.cstrides.clear();
  M.numel = 0;
  M.data = nullptr;
  M.devType = M.devIndex = 0;
  M.cuda = false;
  M.span = 0;
  if (!M.handle) {
    M.error = "undefined";
    return false;
  }
  int64_t Dim = 0;
  int32_t Dtype = 0;
  int64_t *Sizes = nullptr, *Strides = nullptr;
  void *Data = nullptr;
  if (aoti_torch_get_dim(M.handle, &Dim) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_dtype(M.handle, &Dtype) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_sizes(M.handle, &Sizes) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_strides(M.handle, &Strides) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_numel(M.handle, &M.numel) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_device_type(M.handle, &M.devType) !=
          AOTI_TORCH_SUCCESS ||
      aoti_torch_get_device_index(M.handle, &M.devIndex) !=
          AOTI_TORCH_SUCCESS ||
      aoti_torch_get_data_ptr(M.handle, &Data) != AOTI_TORCH_SUCCESS) {
    M.error = "metadata unreadable";
    return false;
  }
  M.dtype = &dtypeInfo(Dtype);
  M.sizes.assign(Sizes, Sizes + Dim);
  M.strides.assign(Strides, Strides + Dim);
  M.data = static_cast<const unsigned char *>(Data);
  M.cuda = M.devType == aoti_torch_device_type_cuda();
  M.span = M.numel > 0 ? 1 : 0;
  for (int64_t I = 0; I < Dim && M.numel > 0; ++I)
    M.span += (M.sizes[I] - 1) * M.strides[I];
  // Coalesce: row-major order, innermost last.
  for (int64_t I = 0; I < Dim; ++I) {
    if (M.sizes[I] == 1)
      continue;
    if (!M.csizes.empty() &&
        M.cstrides.back() == M.strides[I] * M.sizes[I]) {
      M.csizes.back() *= M.sizes[I];
      M.cstrides.back() = M.strides[I];
    } else {
      M.csizes.push_back(M.sizes[I]);
      M.cstrides.push_back(M.strides[I]);
    }
  }
  if (M.csizes.empty() || M.numel == 0) {
    M.csizes.assign(1, M.numel);
    M.cstrides.assign(1, 1);
  }
  M.ok = true;
  return true;
}

/// Calls F(offset in elements) for every element in logical order, stopping
/// after Limit elements.
template <class F>
inline void forEachOffset(const TensorMeta &M, int64_t Limit, F &&Fn) {
  int64_t N = std::min(M.numel, Limit);
  if (N <= 0)
    return;
  size_t D = M.csizes.size();
  if (D == 1) {
    int64_t S = M.cstrides[0];
    for (int64_t I = 0; I < N; ++I)
      Fn(I * S);
    return;
  }
  std::vector<int64_t> Idx(D, 0);
  int64_t Off = 0;
  for (int64_t I = 0; I < N; ++I) {
    Fn(Off);
    for (size_t K = D; K-- > 0;) {
      if (++Idx[K] < M.csizes[K]) {
        Off += M.cstrides[K];
        break;
      }
      Off -= (M.csizes[K] - 1) * M.cstrides[K];
      Idx[K] = 0;
    }
  }
}

/// Statistics of a tensor whose elements are readable at Base on the host.
inline Stats hostStats(const TensorMeta &M, const unsigned char *Base) {
  Stats S = statsInit();
  DKind K = M.dtype->kind;
  int64_t ES = M.dtype->size;
  forEachOffset(M, M.numel,
                [&](int64_t Off) { statsAdd(S, K, Base + Off * ES); });
  return S;
}

/// Copies the tensor's elements in logical order (contiguous) to Out.
inline void gatherContiguous(const TensorMeta &M, const unsigned char *Base,
                             unsigned char *Out) {
  int64_t ES = M.dtype->size;
  if (M.csizes.size() == 1 && M.cstrides[0] == 1) {
    std::memcpy(Out, Base, static_cast<size_t>(M.numel * ES));
    return;
  }
  forEachOffset(M, M.numel, [&](int64_t Off) {
    std::memcpy(Out, Base + Off * ES, static_cast<size_t>(ES));
    Out += ES;
  });
}

/// Up to \p Limit values of a tensor: `[1, 2.5, nan]` for event lines, or
/// JSON (`[1,2.5,"nan"]`: numbers, true/false, "nan"/"inf"/"-inf").
inline std::string formatValues(const TensorMeta &M, const unsigned char *Base,
                                int64_t Limit, bool Json = false) {
  std::string S = "[";
  DKind K = M.dtype->kind;
  int64_t ES = M.dtype->size;
  int64_t N = 0;
  forEachOffset(M, Limit, [&](int64_t Off) {
    if (N++)
      S += Json ? "," : ", ";
    double DV = 0;
    int64_t IV = 0;
    if (loadElem(K, Base + Off * ES, DV, IV)) {
      S += K == kDBool ? (IV ? "true" : "false")
                       : std::to_string(static_cast<long long>(IV));
    } else if (!Json) {
      S += fmtDouble(DV);
    } else if (isNanD(DV) || isInfD(DV)) {
      S += "\"" + fmtDouble(DV) + "\"";
    } else {
      char Buf[40];
      std::snprintf(Buf, sizeof Buf, "%.9g", DV);
      S += Buf;
    }
  });
  return S + "]";
}

inline const char *roleName(uint8_t Role) {
  switch (Role & 3) {
  case kIn: return "in";
  case kOut: return "out";
  case kInOut: return "inout";
  default: return "none";
  }
}

//--- Per-Program state, output ---------------------------------------------//

struct ProgramState {
  const Program *prog = nullptr;
  std::atomic<int64_t> calls{0};
  bool disabled = false;
  FILE *log = nullptr;   ///< null: stderr
  FILE *jsonl = nullptr; ///< null: none
  std::string logPath, jsonlPath, saveDir;
  std::mutex saveMutex; ///< session directory, manifest
  std::string sessionDir; ///< created on the first save
  bool saveBroken = false;
  std::atomic<bool> warnedCapture{false};
  std::atomic<bool> warnedKernel{false};
  std::atomic<bool> warnedCrumbs{false};
  std::atomic<bool> warnedSave{false};
  bool statsHost = false; ///< AOTI_INSTRUMENT_STATS_HOST
};

struct Global {
  std::mutex mutex; ///< states
  std::vector<ProgramState *> states;
  std::mutex outMutex; ///< whole lines, all sinks
  std::atomic<uint64_t> hostSyncs{0};
  std::atomic<uint64_t> deviceStatsPasses{0};
};

inline Global &global() {
  static Global *G = new Global(); // never destroyed: used from atexit
  return *G;
}

inline ProgramState *stateFor(const Program &P) {
  thread_local const Program *CachedProg = nullptr;
  thread_local ProgramState *CachedState = nullptr;
  if (CachedProg == &P)
    return CachedState;
  Global &G = global();
  std::lock_guard<std::mutex> Lock(G.mutex);
  ProgramState *Found = nullptr;
  for (ProgramState *S : G.states)
    if (S->prog == &P)
      Found = S;
  if (!Found) {
    Found = new ProgramState();
    Found->prog = &P;
    const char *Disable =
        std::getenv(orDefault(P.disable_env, "AOTI_INSTRUMENT_DISABLE"));
    Found->disabled = Disable && std::strcmp(Disable, "0") != 0;
    if (const char *Log = std::getenv(orDefault(P.log_env, "AOTI_INSTRUMENT_LOG")))
      if (*Log) {
        Found->logPath = Log;
        Found->log = std::fopen(Log, "a");
      }
    const char *Jsonl =
        std::getenv(orDefault(P.jsonl_env, "AOTI_INSTRUMENT_JSONL"));
    Found->jsonlPath = (Jsonl && *Jsonl) ? Jsonl : orDefault(P.jsonl_path, "");
    if (!Found->jsonlPath.empty() && !Found->disabled)
      Found->jsonl = std::fopen(Found->jsonlPath.c_str(), "a");
    const char *SaveDir = std::getenv("AOTI_INSTRUMENT_SAVE_DIR");
    Found->saveDir = (SaveDir && *SaveDir)
                         ? SaveDir
                         : orDefault(P.save_dir, "aoti-instrument-saves");
    const char *Host = std::getenv("AOTI_INSTRUMENT_STATS_HOST");
    Found->statsHost = Host && std::strcmp(Host, "0") != 0;
    G.states.push_back(Found);
  }
  CachedProg = &P;
  CachedState = Found;
  return Found;
}

/// One event: a text line (to the log or stderr) and, when JSON lines are
/// on, \p Json (an object) to the JSONL file.
inline void emit(ProgramState &S, const std::string &Line,
                 const std::string &Json) {
  Global &G = global();
  std::lock_guard<std::mutex> Lock(G.outMutex);
  FILE *Out = S.log ? S.log : stderr;
  std::string L = Line + "\n";
  std::fwrite(L.data(), 1, L.size(), Out);
  std::fflush(Out);
  if (S.jsonl && !Json.empty()) {
    std::string J = Json + "\n";
    std::fwrite(J.data(), 1, J.size(), S.jsonl);
    std::fflush(S.jsonl);
  }
}

/// Several events written at once (one write and flush per sink): the
/// lines of one probe. JSON is built only when a JSONL file is open.
struct EventBuf {
  explicit EventBuf(const ProgramState &S) : json(S.jsonl != nullptr) {}
  void add(const std::string &Line, const std::string &Json) {
    Text += Line;
    Text += '\n';
    if (json && !Json.empty()) {
      Jsonl += Json;
      Jsonl += '\n';
    }
  }
  bool json; ///< JSON wanted
  std::string Text, Jsonl;
};

inline void emit(ProgramState &S, EventBuf &B) {
  if (B.Text.empty() && B.Jsonl.empty())
    return;
  Global &G = global();
  std::lock_guard<std::mutex> Lock(G.outMutex);
  FILE *Out = S.log ? S.log : stderr;
  std::fwrite(B.Text.data(), 1, B.Text.size(), Out);
  std::fflush(Out);
  if (S.jsonl && !B.Jsonl.empty()) {
    std::fwrite(B.Jsonl.data(), 1, B.Jsonl.size(), S.jsonl);
    std::fflush(S.jsonl);
  }
  B.Text.clear();
  B.Jsonl.clear();
}

inline const SiteInfo *findSite(const Program &P, int Ordinal) {
  if (!P.sites)
    return nullptr;
  if (Ordinal >= 0 && Ordinal < P.num_sites &&
      P.sites[Ordinal].ordinal == Ordinal)
    return &P.sites[Ordinal];
  for (int I = 0; I < P.num_sites; ++I)
    if (P.sites[I].ordinal == Ordinal)
      return &P.sites[I];
  return nullptr;
}

inline const char *phaseName(Phase Ph) {
  return Ph == kBefore ? "before" : "after";
}

/// "#3 triton_x (wrapper.cpp:917, source nodes [linear, relu])"
inline std::string siteText(const Program &P, int Ordinal,
                            const SiteInfo *Site) {
  std::string S = "#" + std::to_string(Ordinal) + " ";
  if (!Site)
    return S + "(unknown site)";
  S += orDefault(Site->kernel, "?");
  S += " (";
  S += baseName(P.wrapper_file);
  S += ":" + std::to_string(Site->line);
  if (Site->source_nodes && *Site->source_nodes) {
    S += ", source nodes [";
    S += Site->source_nodes;
    S += "]";
  }
  return S + ")";
}

/// The fields every site event has in JSON.
inline JsonObj siteJson(const char *Event, const Program &P, int64_t Run,
                        const char *PhaseStr, int Ordinal,
                        const SiteInfo *Site) {
  JsonObj J;
  J.str("event", Event).num("run", Run);
  if (PhaseStr)
    J.str("phase", PhaseStr);
  J.num("ordinal", Ordinal);
  J.str("kernel", Site ? orDefault(Site->kernel, "") : "");
  J.str("kind", Site ? orDefault(Site->kind, "") : "");
  J.str("wrapper", baseName(P.wrapper_file));
  J.num("line", Site ? Site->line : 0);
  J.str("source_nodes", Site ? orDefault(Site->source_nodes, "") : "");
  J.str("aten_ops", Site ? orDefault(Site->aten_ops, "") : "");
  if (Site && Site->stream && *Site->stream)
    J.str("stream", Site->stream);
  return J;
}

[[noreturn]] inline void abortNow() {
  std::fflush(nullptr);
  std::abort();
}

/// After the event was emitted: throw, abort or go on.
inline void fail(OnFail F, const std::string &Message) {
  if (F == kThrow)
    throw std::runtime_error(Message);
  if (F == kAbort)
    abortNow();
}

inline void warnOnce(ProgramState &S, std::atomic<bool> &Flag,
                     const std::string &Message, int64_t Run) {
  if (Flag.exchange(true))
    return;
  emit(S,
       "[aoti-instrument] warning: " + Message + " (run " +
           std::to_string(static_cast<long long>(Run)) + ")",
       JsonObj()
           .str("event", "warning")
           .num("run", Run)
           .str("message", Message)
           .done());
}

//--- CPU breadcrumbs: the site being run, named on SIGSEGV/SIGBUS ----------//

struct CpuCrumb {
  const Program *prog;
  const SiteInfo *site;
  int ordinal;
  int64_t run;
  int state; ///< 0: none yet, 1: running (before), 2: completed (after)
};

inline CpuCrumb &cpuCrumb() {
  static thread_local CpuCrumb C = {nullptr, nullptr, -1, 0, 0};
  return C;
}

struct SignalState {
  struct sigaction oldSegv, oldBus;
  std::atomic<bool> installed{false};
  std::atomic<int> logFd{-1};
};

inline SignalState &signalState() {
  static SignalState *S = new SignalState();
  return *S;
}

// Async-signal-safe text building.
struct SigBuf {
  char data[1024];
  size_t n = 0;
  void add(const char *S) {
    for (; S && *S && n < sizeof data - 1; ++S)
      data[n++] = *S;
  }
  void addInt(long long V) {
    char Tmp[24];
    int K = 0;
    unsigned long long U = V < 0 ? 0ULL - static_cast<unsigned long long>(V)
                                 : static_cast<unsigned long long>(V);
    do {
      Tmp[K++] = static_cast<char>('0' + U % 10);
      U /= 10;
    } while (U && K < 23);
    if (V < 0)
      add("-");
    while (K > 0 && n < sizeof data - 1)
      data[n++] = Tmp[--K];
  }
};

inline void crumbSignalHandler(int Sig, siginfo_t *, void *) {
  SignalState &SS = signalState();
  const CpuCrumb &C = cpuCrumb();
  SigBuf B;
  B.add("[aoti-instrument] ");
  B.add(Sig == SIGSEGV ? "SIGSEGV" : Sig == SIGBUS ? "SIGBUS" : "signal");
  if (C.state == 0 || !C.prog) {
    B.add(" before any instrumented launch of this thread");
  } else {
    B.add(C.state == 1 ? " in #" : " after #");
    B.addInt(C.ordinal);
    B.add(" ");
    B.add(C.site ? orDefault(C.site->kernel, "?") : "(unknown site)");
    if (C.site) {
      B.add(" (");
      B.add(baseName(C.prog->wrapper_file));
      B.add(":");
      B.addInt(C.site->line);
      if (C.site->source_nodes && *C.site->source_nodes) {
        B.add(", source nodes [");
        B.add(C.site->source_nodes);
        B.add("]");
      }
      B.add(")");
    }
    B.add(" in run ");
    B.addInt(C.run);
    if (C.state == 2)
      B.add(" (the last instrumented launch that completed)");
  }
  B.add("\n");
  ssize_t R = write(2, B.data, B.n);
  int Fd = SS.logFd.load();
  if (Fd >= 0)
    R = write(Fd, B.data, B.n);
  (void)R;
  // Chain: put the previous action back and deliver the signal again.
  sigaction(Sig, Sig == SIGBUS ? &SS.oldBus : &SS.oldSegv, nullptr);
  raise(Sig);
}

inline void installSignalHandler(ProgramState &S) {
  SignalState &SS = signalState();
  if (S.log && SS.logFd.load(std::memory_order_relaxed) < 0)
    SS.logFd.store(fileno(S.log));
  if (SS.installed.load(std::memory_order_relaxed) ||
      SS.installed.exchange(true))
    return;
  struct sigaction SA;
  std::memset(&SA, 0, sizeof SA);
  SA.sa_sigaction = &crumbSignalHandler;
  SA.sa_flags = SA_SIGINFO;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGSEGV, &SA, &SS.oldSegv);
  sigaction(SIGBUS, &SA, &SS.oldBus);
}

//--- CUDA: stats kernel, scratch buffers, breadcrumbs ----------------------//

#if AOTI_RT_CUDA


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

/// Sets the current device for a scope.
class DeviceGuard {
public:
  explicit DeviceGuard(int Device) {
    if (Device < 0 || cudaGetDevice(&Prev) != cudaSuccess)
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

/// The stats kernel in the current context, or null (Why says why).
/// Cached per thread for its last context (no lock on the probe path).
inline CUfunction statsKernel(std::string &Why) {
  struct Entry {
    CUcontext ctx;
    CUfunction fn;
    std::string why;
  };
  thread_local CUcontext LastCtx = nullptr;
  thread_local CUfunction LastFn = nullptr;
  thread_local const std::string *LastWhy = nullptr;
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
  if (Ctx == LastCtx && LastWhy) {
    if (!LastFn)
      Why = *LastWhy;
    return LastFn;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  Entry *Found = nullptr;
  for (Entry *E : *Cache)
    if (E->ctx == Ctx)
      Found = E;
  if (!Found) {
    Found = new Entry{Ctx, nullptr, ""}; // never freed: cached pointers
    const char *Ptx = statsPtx();
    if (!Ptx) {
      Found->why =
          "no PTX embedded (nvcc was missing when aoti-instrument was built)";
    } else {
      CUmodule Mod = nullptr;
      CUresult R = cuModuleLoadData(&Mod, Ptx);
      if (R != CUDA_SUCCESS)
        Found->why = "cuModuleLoadData: " + cuErrorText(R);
      else if ((R = cuModuleGetFunction(&Found->fn, Mod, "aoti_rt_stats")) !=
               CUDA_SUCCESS)
        Found->why = "cuModuleGetFunction: " + cuErrorText(R);
    }
    Cache->push_back(Found);
  }
  LastCtx = Ctx;
  LastFn = Found->fn;
  LastWhy = &Found->why;
  Why = Found->why;
  return Found->fn;
}



/// The descriptor of M and the blocks its scan uses: a 256-thread block
/// covers 16 KB of a contiguous tensor (four 16-byte loads in flight per
/// thread) or 1024 elements of any other layout (four element loads in
/// flight per thread); at most 1024 blocks (threads then loop).
inline void fillDesc(StatsDesc &D, const TensorMeta &M) {
  std::memset(&D, 0, sizeof D);
  D.data = reinterpret_cast<uint64_t>(M.data);
  D.numel = M.numel;
  D.kind = M.dtype->kind;
  D.ndim = static_cast<int32_t>(M.csizes.size());
  for (size_t K = 0; K < M.csizes.size(); ++K) {
    D.sizes[K] = M.csizes[K];
    D.strides[K] = M.cstrides[K];
  }
  int64_t ES = M.dtype->size;
  bool Contiguous = (ES == 2 || ES == 4) && D.ndim == 1 &&
                    D.strides[0] == 1 && D.data % 16 == 0;
  D.flags = Contiguous ? kDescContiguous : 0;
  int64_t Blocks = Contiguous ? (M.numel * ES + 16383) / 16384
                              : (M.numel + 1023) / 1024;
  D.blocks = static_cast<int32_t>(std::max<int64_t>(
      1, std::min<int64_t>(Blocks, 1024)));
}

/// The device side of stats launches on one device: per-tensor
/// accumulators, a result area (used when the host buffer is not mapped)
/// and the block counter, all kept in their initial state between launches
/// by the kernel itself; then room for descriptors beyond the inline ones.
/// Launches that share an area must be ordered (one stream, or a sync).
struct StatsArea {
  unsigned char *dev = nullptr;
  size_t cap = 0; ///< tensors
  static size_t accBytes(size_t Cap) { return Cap * sizeof(Stats); }
  static size_t counterOff(size_t Cap) { return 2 * Cap * sizeof(Stats); }
  static size_t descOff(size_t Cap) { return counterOff(Cap) + 256; }
  static size_t bytes(size_t Cap) {
    return descOff(Cap) + Cap * sizeof(StatsDesc);
  }
  Stats *acc() const { return reinterpret_cast<Stats *>(dev); }
  Stats *res() const { return reinterpret_cast<Stats *>(dev + accBytes(cap)); }
  uint32_t *counter() const {
    return reinterpret_cast<uint32_t *>(dev + counterOff(cap));
  }
  StatsDesc *descs() const {
    return reinterpret_cast<StatsDesc *>(dev + descOff(cap));
  }

  /// Room for N tensors; call only when no launch on the area is in flight.
  /// A new area is initialised by a copy on Stream (ordered before the
  /// launches that follow on it).
  cudaError_t reserve(size_t N, cudaStream_t Stream) {
    if (N <= cap && dev)
      return cudaSuccess;
    RelaxedCaptureMode Relaxed;
    if (dev)
      cudaFree(dev);
    dev = nullptr;
    cap = 0;
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
    dev = static_cast<unsigned char *>(D);
    cap = Cap;
    return cudaSuccess;
  }
};

/// One launch of the stats kernel over Ms (all on the current device, at
/// most Area.cap of them), results to Out (device-visible). False with the
/// error in Err.
inline bool launchStats(CUfunction Fn, StatsArea &Area,
                        const TensorMeta *const *Ms, size_t N, Stats *Out,
                        cudaStream_t Stream, std::string &Err) {
  StatsLaunch L;
  L.descs = nullptr;
  L.acc = Area.acc();
  L.counter = Area.counter();
  L.out = Out;
  L.n = static_cast<int32_t>(N);
  L.pad = 0;
  int32_t Blocks = 1;
  std::vector<StatsDesc> Many;
  if (N > static_cast<size_t>(kInlineDescs))
    Many.resize(N);
  for (size_t I = 0; I < N; ++I) {
    StatsDesc &D = Many.empty() ? L.inl[I] : Many[I];
    fillDesc(D, *Ms[I]);
    Blocks = std::max(Blocks, D.blocks);
  }
  if (!Many.empty()) {
    // From pageable memory: staged before the call returns, so Many may go.
    cudaError_t E =
        cudaMemcpyAsync(Area.descs(), Many.data(), N * sizeof(StatsDesc),
                        cudaMemcpyHostToDevice, Stream);
    if (E != cudaSuccess) {
      Err = cudaErrorText(E);
      return false;
    }
    L.descs = Area.descs();
  }
  void *Args[] = {&L};
  CUresult R = cuLaunchKernel(
      Fn, static_cast<unsigned>(Blocks), static_cast<unsigned>(N), 1, 256, 1,
      1, 0,
      reinterpret_cast<CUstream>(Stream), Args, nullptr);
  if (R != CUDA_SUCCESS) {
    Err = cuErrorText(R);
    return false;
  }
  global().deviceStatsPasses.fetch_add(1, std::memory_order_relaxed);
  return true;
}

/// Device and pinned host buffers, reused; one per concurrent probe.
struct Scratch {
  int device = -1;
  StatsArea area;
  unsigned char *host = nullptr;
  size_t hostCap = 0;
  bool hostPinned = false;
  unsigned char *hostDev = nullptr; ///< host buffer as seen by the device
};

struct ScratchPool {
  std::mutex mutex;
  std::vector<Scratch *> free;
};

inline ScratchPool &scratchPool() {
  static ScratchPool *P = new ScratchPool();
  return *P;
}

class ScratchLease {
public:
  explicit ScratchLease(int Device) {
    ScratchPool &P = scratchPool();
    std::lock_guard<std::mutex> Lock(P.mutex);
    for (size_t I = P.free.size(); I-- > 0;)
      if (P.free[I]->device == Device) {
        S = P.free[I];
        P.free.erase(P.free.begin() + static_cast<long>(I));
        return;
      }
    S = new Scratch();
    S->device = Device;
  }
  ~ScratchLease() {
    ScratchPool &P = scratchPool();
    std::lock_guard<std::mutex> Lock(P.mutex);
    P.free.push_back(S);
  }
  ScratchLease(const ScratchLease &) = delete;
  ScratchLease &operator=(const ScratchLease &) = delete;
  Scratch *operator->() { return S; }

  /// Grows the buffers (only between uses: nothing is in flight then).
  cudaError_t reserve(size_t Tensors, size_t HostBytes, cudaStream_t Stream) {
    if (Tensors) {
      cudaError_t E = S->area.reserve(Tensors, Stream);
      if (E != cudaSuccess)
        return E;
    }
    if (HostBytes > S->hostCap) {
      RelaxedCaptureMode Relaxed;
      if (S->host) {
        if (S->hostPinned)
          cudaFreeHost(S->host);
        else
          std::free(S->host);
      }
      S->host = nullptr;
      S->hostDev = nullptr;
      S->hostCap = 0;
      size_t Cap = std::max<size_t>(HostBytes, 64 * 1024);
      void *H = nullptr;
      if (cudaHostAlloc(&H, Cap, cudaHostAllocPortable | cudaHostAllocMapped) ==
          cudaSuccess) {
        S->hostPinned = true;
        void *D = nullptr;
        if (cudaHostGetDevicePointer(&D, H, 0) == cudaSuccess)
          S->hostDev = static_cast<unsigned char *>(D);
        else
          cudaGetLastError(); // not mapped: results come back by a copy
      } else {
        cudaGetLastError(); // pinned memory exhausted: pageable copies
        H = std::malloc(Cap);
        S->hostPinned = false;
        if (!H)
          return cudaErrorMemoryAllocation;
      }
      S->host = static_cast<unsigned char *>(H);
      S->hostCap = Cap;
    }
    return cudaSuccess;
  }

private:
  Scratch *S = nullptr;
};

/// Stream-ordered breadcrumbs: one pinned, device-mapped allocation with a
/// slot per thread; after a matched launch the stream writes the launch's
/// sequence number into the slot, and a host-side ring remembers which site
/// each sequence number was.
constexpr int kCrumbSlots = 256;
constexpr int kCrumbRing = 1024;
constexpr int kCrumbStride = 16; ///< uint32 words per slot (64 bytes)
/// Streams per thread with their own slot (lane 0: run_impl's stream).
constexpr int kCrumbLanes = 8;

struct CrumbRecord {
  const Program *prog;
  int ordinal;
  int64_t run;
};

struct CrumbSlot {
  std::mutex mutex;
  int lane = 0;
  const char *stream = nullptr; ///< name of the lane's stream (lane > 0)
  uint32_t enqueued = 0; ///< last sequence number enqueued
  uint32_t reported = 0; ///< first-not-completed already reported
  CrumbRecord ring[kCrumbRing];
};

struct CrumbArena {
  std::mutex mutex;
  std::atomic<bool> ready{false}; ///< ok, readable without the mutex
  bool tried = false;
  bool ok = false;
  std::string why;
  volatile uint32_t *host = nullptr;
  CUdeviceptr dev = 0;
  std::atomic<bool> useHostFn{false};
  std::atomic<int> nextSlot{0};
  std::atomic<CrumbSlot *> slots[kCrumbSlots];
  CrumbArena() {
    for (auto &S : slots)
      S.store(nullptr);
  }
};

inline CrumbArena &crumbArena() {
  static CrumbArena *A = new CrumbArena();
  return *A;
}

inline bool crumbArenaReady() {
  return crumbArena().ready.load(std::memory_order_acquire);
}

inline void crumbAtExit();

/// Allocates the breadcrumb page on first use.
inline bool crumbArenaInit(std::string &Why) {
  CrumbArena &A = crumbArena();
  if (A.ready.load(std::memory_order_acquire))
    return true;
  std::lock_guard<std::mutex> Lock(A.mutex);
  if (A.tried) {
    Why = A.why;
    return A.ok;
  }
  A.tried = true;
  RelaxedCaptureMode Relaxed;
  CUcontext Ctx = nullptr;
  if (cuCtxGetCurrent(&Ctx) != CUDA_SUCCESS || !Ctx)
    cudaFree(nullptr); // makes the current device's primary context current
  void *Host = nullptr;
  size_t Bytes = sizeof(uint32_t) * kCrumbSlots * kCrumbStride;
  CUresult R = cuMemHostAlloc(
      &Host, Bytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE);
  if (R != CUDA_SUCCESS) {
    A.why = "cuMemHostAlloc: " + cuErrorText(R);
    Why = A.why;
    return false;
  }
  std::memset(Host, 0, Bytes);
  R = cuMemHostGetDevicePointer(&A.dev, Host, 0);
  if (R != CUDA_SUCCESS) {
    A.why = "cuMemHostGetDevicePointer: " + cuErrorText(R);
    Why = A.why;
    cuMemFreeHost(Host);
    return false;
  }
  A.host = static_cast<volatile uint32_t *>(Host);
  A.ok = true;
  std::atexit(&crumbAtExit);
  A.ready.store(true, std::memory_order_release);
  return true;
}

inline int crumbSlotIndex() {
  thread_local int Index = -1;
  if (Index < 0)
    Index = crumbArena().nextSlot.fetch_add(1) % kCrumbSlots;
  return Index;
}

/// This thread's slots of lanes 1.. (lane 0 is crumbSlotIndex()): one per
/// stream, so that each stream's sequence numbers are its own.
inline int *crumbLaneSlots() {
  thread_local int Slots[kCrumbLanes] = {-1, -1, -1, -1, -1, -1, -1, -1};
  return Slots;
}

inline int crumbSlotIndex(int Lane) {
  if (Lane <= 0)
    return crumbSlotIndex();
  int &Index = crumbLaneSlots()[Lane < kCrumbLanes ? Lane : kCrumbLanes - 1];
  if (Index < 0)
    Index = crumbArena().nextSlot.fetch_add(1) % kCrumbSlots;
  return Index;
}

inline CrumbSlot &crumbSlot(int Index) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.slots[Index].load();
  if (S)
    return *S;
  std::lock_guard<std::mutex> Lock(A.mutex);
  S = A.slots[Index].load();
  if (!S) {
    S = new CrumbSlot();
    A.slots[Index].store(S);
  }
  return *S;
}

inline void crumbHostFn(void *Data) {
  uintptr_t V = reinterpret_cast<uintptr_t>(Data);
  CrumbArena &A = crumbArena();
  A.host[(V >> 32) * kCrumbStride] = static_cast<uint32_t>(V & 0xffffffffu);
}

/// "first launch that did not complete: #2 ... in run 1; last completed: #1
/// ... in run 1", or "" when every breadcrumb of the slot was written.
/// Marks the report as given; Force repeats an earlier one.
inline std::string crumbReport(int Index, bool Force) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.slots[Index].load();
  if (!S || !A.host)
    return "";
  std::lock_guard<std::mutex> Lock(S->mutex);
  uint32_t Done = A.host[Index * kCrumbStride];
  uint32_t Enq = S->enqueued;
  // Lane 0 (run_impl's stream) reads as before; other streams are named.
  std::string On = S->lane > 0 ? "on " + std::string(orDefault(S->stream, "?")) +
                                     ": "
                               : "";
  auto Describe = [&](uint32_t Seq) -> std::string {
    if (Seq == 0 || Enq - Seq >= static_cast<uint32_t>(kCrumbRing))
      return "(unknown: too far back)";
    const CrumbRecord &R = S->ring[Seq % kCrumbRing];
    if (!R.prog)
      return "(unknown)";
    return siteText(*R.prog, R.ordinal, findSite(*R.prog, R.ordinal)) +
           " in run " + std::to_string(static_cast<long long>(R.run));
  };
  if (Done >= Enq) {
    if (!Force && S->reported == Enq + 1)
      return "";
    S->reported = Enq + 1;
    return On + "every instrumented launch completed, the last was " +
           Describe(Enq) + ": the fault is in work enqueued after it";
  }
  if (!Force && S->reported == Done + 1)
    return "";
  S->reported = Done + 1;
  return On + "first launch that did not complete: " + Describe(Done + 1) +
         "; last completed: " + (Done ? Describe(Done) : "none");
}

/// Enqueues the breadcrumb of a launch. False (with the error) when the
/// stream already failed.
inline bool crumbWrite(const Program &P, int Ordinal, int64_t Run,
                       cudaStream_t Stream, int Lane, const char *StreamName,
                       std::string &Err) {
  std::string Why;
  if (!crumbArenaInit(Why))
    return true; // not available: nothing recorded (warned by the caller)
  CrumbArena &A = crumbArena();
  int Index = crumbSlotIndex(Lane);
  CrumbSlot &S = crumbSlot(Index);
  uint32_t Seq;
  {
    std::lock_guard<std::mutex> Lock(S.mutex);
    if (Lane > 0 && !S.stream) {
      S.lane = Lane;
      S.stream = StreamName;
    }
    Seq = ++S.enqueued;
    S.ring[Seq % kCrumbRing] = CrumbRecord{&P, Ordinal, Run};
  }
  if (!A.useHostFn.load()) {
    CUresult R = cuStreamWriteValue32(
        reinterpret_cast<CUstream>(Stream),
        A.dev + sizeof(uint32_t) * static_cast<CUdeviceptr>(Index) *
                    kCrumbStride,
        Seq, CU_STREAM_WRITE_VALUE_DEFAULT);
    if (R == CUDA_SUCCESS)
      return true;
    if (R != CUDA_ERROR_NOT_SUPPORTED && R != CUDA_ERROR_INVALID_VALUE) {
      Err = cuErrorText(R);
      return false;
    }
    A.useHostFn.store(true);
  }
  uintptr_t Data = (static_cast<uintptr_t>(Index) << 32) | Seq;
  cudaError_t E = cudaLaunchHostFunc(Stream, &crumbHostFn,
                                     reinterpret_cast<void *>(Data));
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  return true;
}

/// The breadcrumb reports of this thread's streams, run_impl's first, "; "
/// between them ("" when none has anything to say).
inline std::string crumbReportsOfThread(bool Force) {
  std::string Out = crumbReport(crumbSlotIndex(), Force);
  const int *Lanes = crumbLaneSlots();
  for (int L = 1; L < kCrumbLanes; ++L) {
    if (Lanes[L] < 0)
      continue;
    std::string R = crumbReport(Lanes[L], Force);
    if (!R.empty())
      Out += (Out.empty() ? "" : "; ") + R;
  }
  return Out;
}

inline void reportCudaFailure(ProgramState *S, const std::string &Error,
                              const char *When, int64_t Run) {
  std::string Crumbs = crumbReportsOfThread(false);
  if (Crumbs.empty())
    return;
  std::string Line = "[aoti-instrument] CUDA error '" + Error + "' (" + When +
                     "): " + Crumbs;
  JsonObj J;
  J.str("event", "cuda_error").num("run", Run).str("error", Error);
  J.str("when", When).str("message", Line);
  if (S) {
    emit(*S, Line, J.done());
  } else {
    std::lock_guard<std::mutex> Lock(global().outMutex);
    std::fprintf(stderr, "%s\n", Line.c_str());
    std::fflush(stderr);
  }
}

/// Process exit: a launch that never completed is reported if the device
/// holds an error.
inline void crumbAtExit() {
  CrumbArena &A = crumbArena();
  if (!A.ok)
    return;
  cudaError_t E = cudaDeviceSynchronize();
  if (E == cudaSuccess || E == cudaErrorCudartUnloading ||
      E == cudaErrorInitializationError || E == cudaErrorNoDevice)
    return;
  // Report on every sink that some Program uses, once per line.
  Global &G = global();
  std::vector<ProgramState *> States;
  {
    std::lock_guard<std::mutex> Lock(G.mutex);
    States = G.states;
  }
  for (int I = 0; I < kCrumbSlots; ++I) {
    if (!A.slots[I].load())
      continue;
    std::string Crumbs = crumbReport(I, false);
    if (Crumbs.empty())
      continue;
    std::string Line = "[aoti-instrument] CUDA error '" + cudaErrorText(E) +
                       "' (at process exit): " + Crumbs;
    ProgramState *Target = nullptr;
    for (ProgramState *S : States)
      if (!S->disabled)
        Target = S;
    JsonObj J;
    J.str("event", "cuda_error").str("error", cudaErrorText(E));
    J.str("when", "at process exit").str("message", Line);
    if (Target) {
      emit(*Target, Line, J.done());
    } else {
      std::fprintf(stderr, "%s\n", Line.c_str());
      std::fflush(stderr);
    }
  }
}

inline bool streamCapturing(void *Stream) {
  cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(static_cast<cudaStream_t>(Stream), &Status) !=
      cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return Status != cudaStreamCaptureStatusNone;
}

#endif // AOTI_RT_CUDA

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
  std::string KernelWhy;
  CUfunction Fn = S.statsHost ? nullptr : statsKernel(KernelWhy);
  if (!Fn && !S.statsHost)
    warnOnce(S, S.warnedKernel,
             "statistics of CUDA tensors go through host copies: " +
                 KernelWhy,
             Run);

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

//--- Saves: one safetensors file per probe ---------------------------------//

inline std::string fileSafe(const char *S, size_t Max = 120) {
  std::string Out;
  for (const char *P = S ? S : ""; *P && Out.size() < Max; ++P) {
    char C = *P;
    bool Ok = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
              (C >= '0' && C <= '9') || C == '_' || C == '-' || C == '.';
    Out += Ok ? C : '_';
  }
  return Out.empty() ? "_" : Out;
}

/// <save_dir>/session-NNNN, the first number not taken, made once per
/// Program state (so per process). Call with S.saveMutex held.
inline bool ensureSession(ProgramState &S, std::string &Err) {
  namespace fs = std::filesystem;
  if (!S.sessionDir.empty())
    return true;
  if (S.saveBroken) {
    Err = "saving is off after an earlier error";
    return false;
  }
  std::error_code EC;
  fs::create_directories(S.saveDir, EC);
  if (!fs::is_directory(S.saveDir, EC)) {
    Err = "cannot create directory '" + S.saveDir + "'";
    S.saveBroken = true;
    return false;
  }
  for (int N = 1; N < 1000000; ++N) {
    char Name[32];
    std::snprintf(Name, sizeof Name, "session-%04d", N);
    fs::path Dir = fs::path(S.saveDir) / Name;
    EC.clear();
    if (fs::create_directory(Dir, EC)) {
      S.sessionDir = Dir.string();
      return true;
    }
    if (!fs::exists(Dir, EC)) {
      Err = "cannot create directory '" + Dir.string() + "'";
      S.saveBroken = true;
      return false;
    }
  }
  Err = "no free session number in '" + S.saveDir + "'";
  S.saveBroken = true;
  return false;
}

/// Writes Items (data host-readable) as a safetensors file.
inline bool writeSafetensors(const std::string &Path,
                             const std::vector<const Item *> &Items,
                             const std::string &MetadataJson,
                             std::string &Err) {
  JsonObj H;
  H.raw("__metadata__", MetadataJson);
  uint64_t Off = 0;
  for (const Item *It : Items) {
    const TensorMeta &M = It->meta;
    uint64_t Bytes = static_cast<uint64_t>(M.numel) * M.dtype->size;
    std::string Offsets = "[" + std::to_string(Off) + "," +
                          std::to_string(Off + Bytes) + "]";
    H.raw(M.name, JsonObj()
                      .str("dtype", M.dtype->safetensors)
                      .raw("shape", jsonList(M.sizes))
                      .raw("data_offsets", Offsets)
                      .done());
    Off += Bytes;
  }
  std::string Header = H.done();
  while (Header.size() % 8)
    Header += ' ';
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F) {
    Err = "cannot write '" + Path + "'";
    return false;
  }
  unsigned char Len[8];
  uint64_t N = Header.size();
  for (int I = 0; I < 8; ++I)
    Len[I] = static_cast<unsigned char>(N >> (8 * I));
  bool Ok = std::fwrite(Len, 1, 8, F) == 8 &&
            std::fwrite(Header.data(), 1, Header.size(), F) == Header.size();
  std::vector<unsigned char> Buf;
  for (const Item *It : Items) {
    if (!Ok)
      break;
    const TensorMeta &M = It->meta;
    size_t Bytes = static_cast<size_t>(M.numel) * M.dtype->size;
    if (!Bytes)
      continue;
    Buf.resize(Bytes);
    gatherContiguous(M, It->host, Buf.data());
    Ok = std::fwrite(Buf.data(), 1, Bytes, F) == Bytes;
  }
  if (std::fclose(F) != 0)
    Ok = false;
  if (!Ok)
    Err = "error writing '" + Path + "'";
  return Ok;
}

//--- Probe helpers ---------------------------------------------------------//

/// Everything a probe's events name.
struct ProbeCtx {
  ProgramState *state;
  const Program *prog;
  int64_t run;
  Phase phase;
  int ordinal;
  const SiteInfo *site;
  void *stream;
};

inline std::string shortSite(const ProbeCtx &C) {
  return "#" + std::to_string(C.ordinal) + " " +
         (C.site ? orDefault(C.site->kernel, "?") : "(unknown site)");
}

/// A CUDA error seen by a probe: report it (with the breadcrumbs) and throw.
[[noreturn]] inline void cudaFailure(const ProbeCtx &C,
                                     const std::string &Error) {
  std::string Line = "[aoti-instrument] CUDA error '" + Error + "' " +
                     (C.phase == kAfter ? "at or before " : "before ") +
                     siteText(*C.prog, C.ordinal, C.site) + " in run " +
                     std::to_string(static_cast<long long>(C.run));
#if AOTI_RT_CUDA
  std::string Crumbs = crumbReportsOfThread(true);
  if (!Crumbs.empty())
    Line += "; " + Crumbs;
#endif
  JsonObj J = siteJson("cuda_error", *C.prog, C.run, phaseName(C.phase),
                       C.ordinal, C.site);
  J.str("error", Error).str("message", Line);
  emit(*C.state, Line, J.done());
  throw std::runtime_error(Line);
}

/// "[aoti-instrument] run 1 after #3 triton_x": what every line of a
/// probe's tensors starts with.
inline std::string linePrefix(const ProbeCtx &C) {
  std::string L = "[aoti-instrument] run ";
  L += std::to_string(static_cast<long long>(C.run));
  L += ' ';
  L += phaseName(C.phase);
  L += " #";
  L += std::to_string(C.ordinal);
  L += ' ';
  L += C.site ? orDefault(C.site->kernel, "?") : "(unknown site)";
  return L;
}

inline void appendList(std::string &S, const std::vector<int64_t> &V) {
  S += '[';
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ", ";
    appendInt(S, static_cast<long long>(V[I]));
  }
  S += ']';
}

/// The statistics line of a tensor (Prefix from linePrefix) and, when Json
/// is not null, its JSON event.
inline std::string statsLine(const ProbeCtx &C, const std::string &Prefix,
                             const Item &It, std::string *Json) {
  const TensorMeta &M = It.meta;
  std::string L;
  L.reserve(Prefix.size() + 160);
  L += Prefix;
  L += "   ";
  L += M.name;
  L += ' ';
  L += roleName(M.role);
  JsonObj J;
  if (Json) {
    J = siteJson("stats", *C.prog, C.run, phaseName(C.phase), C.ordinal,
                 C.site);
    J.str("tensor", M.name).str("role", roleName(M.role));
  }
  if (!M.ok) {
    L += " " + M.error;
    if (Json) {
      J.str("error", M.error);
      *Json = J.done();
    }
    return L;
  }
  L += ' ';
  L += M.dtype->name;
  L += ' ';
  appendList(L, M.sizes);
  L += " strides ";
  appendList(L, M.strides);
  L += ' ';
  if (M.cuda) { // deviceName's spelling without its temporaries
    L += "cuda:";
    appendInt(L, M.devIndex);
  } else {
    L += deviceName(M.devType, M.devIndex);
  }
  L += " numel ";
  appendInt(L, static_cast<long long>(M.numel));
  if (Json) {
    J.str("dtype", M.dtype->name).raw("shape", jsonList(M.sizes));
    J.raw("strides", jsonList(M.strides))
        .str("device", deviceName(M.devType, M.devIndex));
    J.num("numel", M.numel);
  }
  if (M.numel == 0) {
    L += " (empty)";
  } else if (It.haveStats) {
    DKind K = M.dtype->kind;
    double Mn = statsMin(It.stats, K), Mx = statsMax(It.stats, K);
    double Mean = statsMean(It.stats);
    if (isIntKind(K) && !It.stats.count) {
      L += " min - max -";
    } else if (isIntKind(K)) {
      L += " min ";
      appendInt(L, static_cast<long long>(It.stats.imin));
      L += " max ";
      appendInt(L, static_cast<long long>(It.stats.imax));
    } else {
      L += " min ";
      appendDouble(L, Mn);
      L += " max ";
      appendDouble(L, Mx);
    }
    L += " mean ";
    appendDouble(L, Mean);
    L += " nan ";
    appendUInt(L, static_cast<unsigned long long>(It.stats.nan));
    L += " inf ";
    appendUInt(L, static_cast<unsigned long long>(It.stats.inf));
    if (Json) {
      if (isIntKind(K) && It.stats.count) {
        J.num("min", It.stats.imin).num("max", It.stats.imax);
      } else {
        J.dbl("min", Mn).dbl("max", Mx);
      }
      J.dbl("mean", Mean);
      J.num("nan", static_cast<long long>(It.stats.nan));
      J.num("inf", static_cast<long long>(It.stats.inf));
    }
  } else if (!It.why.empty()) {
    L += " (" + It.why + ")";
    if (Json)
      J.str("note", It.why);
  }
  if (Json)
    *Json = J.done();
  return L;
}

//--- NaN/Inf reports, immediate and deferred ------------------------------//

/// What a NaN/Inf report needs of a tensor.
struct NanView {
  const char *name;
  uint8_t role;
  bool ok;        ///< metadata readable
  bool haveStats; ///< nan and inf hold its counts
  int64_t numel;
  uint64_t nan, inf;
};

inline NanView nanView(const Item &It) {
  return NanView{It.meta.name, It.meta.role,  It.meta.ok,   It.haveStats,
                 It.meta.numel, It.stats.nan, It.stats.inf};
}

/// Whether V is checked (its role in Roles) and holds what Checks asks for.
inline bool nanHit(const NanView &V, uint8_t Roles, uint8_t Checks,
                   bool *Nan = nullptr, bool *Inf = nullptr) {
  if (!(V.role & Roles) || !V.haveStats)
    return false;
  bool N = (Checks & kCheckNan) && V.nan;
  bool I = (Checks & kCheckInf) && V.inf;
  if (Nan)
    *Nan = N;
  if (Inf)
    *Inf = I;
  return N || I;
}

/// "NaN in buf3 (3 of 128 elements)"
inline std::string nanText(const NanView &V, bool Nan, bool Inf) {
  std::string N = std::to_string(static_cast<unsigned long long>(V.nan));
  std::string I = std::to_string(static_cast<unsigned long long>(V.inf));
  std::string Of =
      " of " + std::to_string(static_cast<long long>(V.numel)) + " elements)";
  if (Nan && Inf)
    return std::string("NaN and Inf in ") + V.name + " (" + N + " NaN, " + I +
           " Inf" + Of;
  if (Nan)
    return std::string("NaN in ") + V.name + " (" + N + Of;
  return std::string("Inf in ") + V.name + " (" + I + Of;
}

/// The event of one probe's NaN/Inf check over all its tensors V (the
/// counts of its input tensors known wherever they can be): false when no
/// checked tensor held NaN/Inf. The same text whether the check ran right
/// after the launch or was deferred to the end of the run.
inline bool nanEvent(const Program &P, int64_t Run, Phase Ph, int Site,
                     const SiteInfo *SI, const NanView *V, size_t N,
                     uint8_t Roles, uint8_t Checks, std::string &Line,
                     std::string &Json) {
  std::vector<size_t> Hits;
  std::vector<std::string> Texts;
  for (size_t I = 0; I < N; ++I) {
    bool Nan = false, Inf = false;
    if (!nanHit(V[I], Roles, Checks, &Nan, &Inf))
      continue;
    Hits.push_back(I);
    Texts.push_back(nanText(V[I], Nan, Inf));
  }
  if (Hits.empty())
    return false;
  Line = "[aoti-instrument] " + Texts[0] + " " + phaseName(Ph) + " " +
         siteText(P, Site, SI) + " in run " +
         std::to_string(static_cast<long long>(Run));
  for (size_t I = 1; I < Texts.size(); ++I)
    Line += (I == 1 ? "; also " : ", ") + Texts[I];
  // Were the launch's inputs already bad?
  std::string Dirty;
  size_t Checked = 0;
  for (size_t I = 0; I < N; ++I) {
    const NanView &It = V[I];
    if (It.role != kIn || !It.ok || !It.haveStats ||
        std::find(Hits.begin(), Hits.end(), I) != Hits.end())
      continue;
    ++Checked;
    if (!It.nan && !It.inf)
      continue;
    Dirty += Dirty.empty() ? "" : ", ";
    Dirty += std::string(It.name) + " (";
    if (It.nan)
      Dirty += std::to_string(static_cast<unsigned long long>(It.nan)) + " NaN";
    if (It.nan && It.inf)
      Dirty += ", ";
    if (It.inf)
      Dirty += std::to_string(static_cast<unsigned long long>(It.inf)) + " Inf";
    Dirty += ")";
  }
  if (!Dirty.empty())
    Line += "; inputs held NaN/Inf too: " + Dirty;
  else if (Checked)
    Line += "; inputs were clean";
  else
    Line += "; no input tensors to compare";
  JsonObj J = siteJson("nan", P, Run, phaseName(Ph), Site, SI);
  std::string Names = "[";
  for (size_t I = 0; I < Hits.size(); ++I) {
    const NanView &H = V[Hits[I]];
    JsonObj T;
    T.str("name", H.name);
    T.num("nan", static_cast<long long>(H.nan));
    T.num("inf", static_cast<long long>(H.inf));
    T.num("numel", H.numel);
    Names += (I ? "," : "") + T.done();
  }
  J.raw("tensors", Names + "]");
  J.boolean("inputs_clean", Dirty.empty() && Checked);
  J.str("message", Line);
  Json = J.done();
  return true;
}

/// A tensor of a deferred NaN/Inf check: what its report needs. The counts
/// are known at the probe (host tensors, empty ones) or written by the
/// device into *result, read after the run's sync.
struct DeferredTensor {
  std::string name;
  uint8_t role = 0;
  bool ok = false;
  bool haveStats = false;
  int64_t numel = 0;
  Stats stats = statsInit();
  const Stats *result = nullptr;
};

/// One probe's deferred check.
struct DeferredRecord {
  int site;
  Phase phase;
  uint8_t roles;
  uint8_t checks;
  OnFail onFail;
  size_t first, count; ///< DeferredChecks::tensors[first, first + count)
};

/// The deferred checks of one run, in launch order: at most one per
/// (site, phase) (a second one makes the runtime read the first, see
/// RunScope::probe), so a run holds a bounded number of them.
struct DeferredChecks {
  std::vector<DeferredRecord> records;
  std::vector<DeferredTensor> tensors; ///< the records' tensors
  std::vector<uint8_t> marks;          ///< ordinal * 2 + phase: has a record

  bool pending() const { return !records.empty(); }
  bool has(int Site, Phase Ph) const {
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      return K < marks.size() && marks[K];
    }
    for (const DeferredRecord &R : records)
      if (R.site == Site && R.phase == Ph)
        return true;
    return false;
  }
  DeferredTensor &addTensor() {
    tensors.emplace_back();
    return tensors.back();
  }
  /// A record of the tensors added since First.
  void addRecord(int Site, Phase Ph, uint8_t Roles, uint8_t Checks, OnFail F,
                 size_t First) {
    records.push_back(
        DeferredRecord{Site, Ph, Roles, Checks, F, First, tensors.size() - First});
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      if (K >= marks.size())
        marks.resize(K + 1, 0);
      marks[K] = 1;
    }
  }
  /// After the sync: the device's counts into the tensors.
  void collect() {
    for (DeferredTensor &T : tensors)
      if (T.result) {
        T.stats = *T.result;
        T.result = nullptr;
      }
  }
  void clear() {
    for (const DeferredRecord &R : records)
      if (R.site >= 0)
        marks[static_cast<size_t>(R.site) * 2 + R.phase] = 0;
    records.clear();
    tensors.clear();
  }
};

/// How the end of a deferred report may fail.
enum DeferredEnd : int {
  kEndMayThrow = 0,   ///< as on_fail says (RunScope::finish(), a probe)
  kEndNoThrow = 1,    ///< ~RunScope, finish() not called: cannot throw there;
                      ///< a kThrow check reports, then aborts
  kEndReportOnly = 2, ///< ~RunScope while an exception unwinds: report only
};

/// Reports the deferred checks of run Run in launch order (counts
/// collected): each hit of a kWarn check; the first hit of a kThrow or
/// kAbort check ends the report and fails as End says. Clears Checks.
inline void reportDeferred(ProgramState &S, const Program &P, int64_t Run,
                           DeferredChecks &Checks, DeferredEnd End) {
  std::vector<NanView> Views;
  for (size_t R = 0; R < Checks.records.size(); ++R) {
    const DeferredRecord &Rec = Checks.records[R];
    Views.clear();
    for (size_t I = Rec.first; I < Rec.first + Rec.count; ++I) {
      const DeferredTensor &T = Checks.tensors[I];
      Views.push_back(NanView{T.name.c_str(), T.role, T.ok, T.haveStats,
                              T.numel, T.stats.nan, T.stats.inf});
    }
    std::string Line, Json;
    if (!nanEvent(P, Run, Rec.phase, Rec.site, findSite(P, Rec.site),
                  Views.data(), Views.size(), Rec.roles, Rec.checks, Line,
                  Json))
      continue;
    emit(S, Line, Json);
    OnFail F = Rec.onFail;
    if (F == kWarn)
      continue;
    Checks.clear(); // Rec is gone: the run stops here
    if (End == kEndMayThrow)
      fail(F, Line);
    if (End == kEndNoThrow) {
      if (F == kThrow) {
        std::string Why =
            "the NaN check above cannot throw at the end of run " +
            std::to_string(static_cast<long long>(Run)) +
            " (the wrapper does not call RunScope::finish()): aborting";
        emit(S, "[aoti-instrument] error: " + Why,
             JsonObj()
                 .str("event", "warning")
                 .num("run", Run)
                 .str("message", Why)
                 .done());
      }
      abortNow();
    }
    return;
  }
  Checks.clear();
}

#if AOTI_RT_CUDA

/// Where deferred launches write their results: pinned host memory mapped
/// into the device, read by the host after the run's sync.
struct ResultChunk {
  Stats *host;
  Stats *dev;
  size_t cap, used;
};

/// A run's deferred NaN checks and their device side: a stats area (the
/// run's launches are ordered by its stream) and result chunks. Leased from
/// a pool at a run's first deferred probe and given back after its sync, so
/// later runs reuse the buffers (nothing is allocated once they are big
/// enough).
struct DeferredRun {
  int device = -1; ///< of the area; -1: none yet
  StatsArea area;
  std::vector<ResultChunk> chunks;
  size_t cur = 0;
  bool launched = false; ///< launches not yet synchronized
  bool broken = false;   ///< a sync failed: never reused
  DeferredChecks checks;

  /// Room for N results: the host pointer (Dev: the device's view), or null.
  Stats *results(size_t N, Stats *&Dev) {
    while (cur < chunks.size() && chunks[cur].used + N > chunks[cur].cap)
      ++cur;
    if (cur == chunks.size()) {
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
      chunks.push_back(ResultChunk{static_cast<Stats *>(H),
                                   static_cast<Stats *>(D), Cap, 0});
    }
    ResultChunk &C = chunks[cur];
    Stats *H = C.host + C.used;
    Dev = C.dev + C.used;
    C.used += N;
    return H;
  }
  void resetResults() {
    for (ResultChunk &C : chunks)
      C.used = 0;
    cur = 0;
  }
};

struct DeferredPool {
  std::mutex mutex;
  std::vector<DeferredRun *> free;
};

inline DeferredPool &deferredPool() {
  static DeferredPool *P = new DeferredPool();
  return *P;
}

/// A DeferredRun for Device (-1: any), from the pool or new.
inline DeferredRun *acquireDeferred(int Device) {
  DeferredPool &P = deferredPool();
  std::lock_guard<std::mutex> Lock(P.mutex);
  size_t Pick = P.free.size();
  for (size_t I = 0; I < P.free.size(); ++I)
    if (P.free[I]->device == Device || Device < 0 ||
        P.free[I]->device < 0) {
      Pick = I;
      if (P.free[I]->device == Device)
        break;
    }
  if (Pick == P.free.size())
    return new DeferredRun();
  DeferredRun *D = P.free[Pick];
  P.free.erase(P.free.begin() + static_cast<long>(Pick));
  return D;
}

inline void releaseDeferredRun(DeferredRun *D) {
  DeferredPool &P = deferredPool();
  std::lock_guard<std::mutex> Lock(P.mutex);
  P.free.push_back(D);
}

#endif // AOTI_RT_CUDA

} // namespace detail

//===----------------------------------------------------------------------===//
// RunScope
//===----------------------------------------------------------------------===//

AOTI_RT_OUTLINE RunScope::RunScope(const Program &P, void *Stream)
    : Prog(&P), State(detail::stateFor(P)), StreamPtr(Stream),
      Uncaught(std::uncaught_exceptions()) {
  Run = State->calls.fetch_add(1, std::memory_order_relaxed) + 1;
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
  // (a) An exception leaves run_impl (AOTI_TORCH_ERROR_CODE_CHECK and
  // CUDA_DRIVER_CHECK throw): if the stream failed, name the launch.
  if (State->disabled || !Unwinding)
    return;
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
  if (!Deferred)
    return;
  resolveDeferred(detail::kEndMayThrow); // may throw: ~RunScope gives back
  releaseDeferred();
#else
  (void)Deferred; // the CPU checks are never deferred
#endif
}

#if AOTI_RT_CUDA

AOTI_RT_OUTLINE void RunScope::releaseDeferred() {
  if (!Deferred)
    return;
  detail::DeferredRun *D = Deferred;
  Deferred = nullptr;
  if (D->broken || D->launched)
    return; // launches may still write into it (or the context is gone)
  D->checks.clear();
  D->resetResults();
  detail::releaseDeferredRun(D);
}

AOTI_RT_OUTLINE void RunScope::resolveDeferred(int EndMode) {
  using namespace detail;
  if (!Deferred || !Deferred->checks.pending())
    return;
  DeferredRun &D = *Deferred;
  DeferredEnd End = static_cast<DeferredEnd>(EndMode);
  cudaError_t E = cudaSuccess;
  if (D.launched) {
    E = cudaStreamSynchronize(static_cast<cudaStream_t>(StreamPtr));
    global().hostSyncs.fetch_add(1);
  }
  if (E != cudaSuccess) {
    D.checks.clear();
    D.broken = true;
    if (End == kEndReportOnly)
      return; // ~RunScope reports the error (with the breadcrumbs)
    std::string Line = "[aoti-instrument] CUDA error '" + cudaErrorText(E) +
                       "' while reading the deferred NaN checks of run " +
                       std::to_string(static_cast<long long>(Run));
    std::string Crumbs = crumbReportsOfThread(true);
    if (!Crumbs.empty())
      Line += "; " + Crumbs;
    JsonObj J;
    J.str("event", "cuda_error").num("run", Run).str("error", cudaErrorText(E));
    J.str("when", "deferred NaN checks").str("message", Line);
    emit(*State, Line, J.done());
    if (End == kEndMayThrow)
      throw std::runtime_error(Line);
    return;
  }
  D.launched = false;
  D.checks.collect();
  D.resetResults();
  reportDeferred(*State, *Prog, Run, D.checks, End);
}

/// A NaN/Inf check without a sync: one stats launch over the checked tensors
/// and the launch's input tensors (for "inputs were clean") into this run's
/// result slots; read by resolveDeferred. False (nothing done) when the
/// probe needs the immediate path: host copies (no kernel, more than 8
/// dims), another device's launches pending, no mapped memory.
AOTI_RT_OUTLINE bool RunScope::deferProbe(int Site, Phase Ph, const TensorRef *Tensors,
                                 int N, const Probe &Pr,
                                 const detail::ProbeCtx &C) {
  using namespace detail;
  ProgramState &S = *State;
  if (S.statsHost)
    return false;
  std::string Why;
  CUfunction Fn = statsKernel(Why);
  if (!Fn)
    return false; // the immediate path warns and uses host copies
  // Reused across probes: readMeta keeps the vectors' capacity.
  thread_local std::vector<TensorMeta> Metas;
  thread_local std::vector<const TensorMeta *> OnDevice;
  if (Metas.size() < static_cast<size_t>(std::max(N, 0)))
    Metas.resize(static_cast<size_t>(N));
  OnDevice.clear();
  int Device = -1;
  for (int I = 0; I < N; ++I) {
    TensorMeta &M = Metas[static_cast<size_t>(I)];
    M.name = orDefault(Tensors[I].name, "?");
    M.role = Tensors[I].role;
    M.handle = Tensors[I].handle;
    readMeta(M);
    if (Device < 0 && M.ok && M.cuda)
      Device = M.devIndex;
  }
  // The checked tensors and the inputs, as the immediate report reads them.
  auto Needed = [&](const TensorMeta &M) {
    return (M.role & Pr.nan_roles) || M.role == kIn;
  };
  auto DeviceWork = [&](const TensorMeta &M) {
    return Needed(M) && M.ok && M.cuda && M.numel > 0 &&
           M.devIndex == Device && isReadableKind(M.dtype->kind);
  };
  for (int I = 0; I < N; ++I) {
    const TensorMeta &M = Metas[static_cast<size_t>(I)];
    if (!DeviceWork(M))
      continue;
    if (M.csizes.size() > static_cast<size_t>(kMaxKernelDims))
      return false;
    OnDevice.push_back(&M);
  }
  bool Work = !OnDevice.empty();
  if (Work && Deferred && Deferred->device >= 0 &&
      Deferred->device != Device && Deferred->launched)
    return false; // another device's launches are pending
  // A second check of this (site, phase) in the run, or an area too small
  // while launches are pending: read the pending checks first (one sync;
  // reports and fails as the immediate check would have).
  if (Deferred &&
      (Deferred->checks.has(Site, Ph) ||
       (Work && Deferred->launched && OnDevice.size() > Deferred->area.cap)))
    resolveDeferred(kEndMayThrow);
  if (!Deferred)
    Deferred = acquireDeferred(Work ? Device : -1);
  DeferredRun &D = *Deferred;
  cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  Stats *Host = nullptr, *DevOut = nullptr;
  DeviceGuard Guard(Work ? Device : -1);
  if (Work) {
    if (D.device != Device) { // nothing pending on the old device
      if (D.area.dev) {
        DeviceGuard Old(D.device);
        cudaFree(D.area.dev);
      }
      D.area = StatsArea();
      D.device = Device;
    }
    if (D.area.reserve(OnDevice.size(), St) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    Host = D.results(OnDevice.size(), DevOut);
    if (!Host)
      return false;
  }

  // 1. Print names (the only print of a deferred probe).
  if (Pr.print >= kPrintNames) {
    std::string Line = "[aoti-instrument] run " +
                       std::to_string(static_cast<long long>(Run)) + " " +
                       phaseName(Ph) + " " + siteText(*Prog, Site, C.site);
    emit(S, Line,
         S.jsonl ? siteJson("launch", *Prog, Run, phaseName(Ph), Site, C.site)
                       .done()
                 : std::string());
  }
  // 2. The check, launched.
  if (Work) {
    std::string Err;
    if (!launchStats(Fn, D.area, OnDevice.data(), OnDevice.size(), DevOut, St,
                     Err))
      cudaFailure(C, Err);
    D.launched = true;
  }
  size_t First = D.checks.tensors.size();
  size_t K = 0;
  for (int I = 0; I < N; ++I) {
    const TensorMeta &M = Metas[static_cast<size_t>(I)];
    if (!Needed(M))
      continue;
    DeferredTensor &T = D.checks.addTensor();
    T.name = M.name;
    T.role = M.role;
    T.ok = M.ok;
    T.numel = M.numel;
    if (!M.ok || !isReadableKind(M.dtype->kind))
      continue;
    if (DeviceWork(M)) {
      T.result = Host + K++;
      T.haveStats = true;
    } else if (!M.cuda && M.devType == aoti_torch_device_type_cpu()) {
      T.stats = hostStats(M, M.data);
      T.haveStats = true;
    } else if (M.cuda && M.numel == 0) {
      T.haveStats = true; // empty: no NaN
    }
  }
  D.checks.addRecord(Site, Ph, Pr.nan_roles, Pr.nan_checks, Pr.nan_on_fail,
                     First);
  return true;
}

#endif // AOTI_RT_CUDA

AOTI_RT_OUTLINE void RunScope::probeOn(int Site, Phase Ph, const TensorRef *Tensors,
                              int N, const Probe &Pr, void *Stream,
                              int Lane) {
  using namespace detail;
  if (!Observing)
    return;
  ProgramState &S = *State;
  const Program &P = *Prog;
  ProbeCtx C{State, Prog, Run, Ph, Site, findSite(P, Site), Stream};
  bool Skip = Capturing; // anything that synchronizes

  // Host-side breadcrumb: the crash handler names this site.
  if (Pr.breadcrumb) {
    installSignalHandler(S);
    cpuCrumb() = CpuCrumb{Prog, C.site, Site, Run, Ph == kBefore ? 1 : 2};
  }
  // 5. Breadcrumb in stream order (after everything else below).
  auto StreamCrumb = [&] {
#if AOTI_RT_CUDA
    if (!Pr.breadcrumb || Ph != kAfter || Skip)
      return;
    std::string Why;
    if (!crumbArenaInit(Why)) {
      warnOnce(S, S.warnedCrumbs, "breadcrumbs unavailable: " + Why, Run);
      return;
    }
    std::string Err;
    if (!crumbWrite(P, Site, Run, static_cast<cudaStream_t>(Stream), Lane,
                    C.site ? C.site->stream : nullptr, Err))
      cudaFailure(C, Err);
#endif
  };
  bool NeedData = Pr.print >= kPrintStats || Pr.nan_roles || Pr.save;
  if (!NeedData && Pr.print == kPrintNone && !Pr.sync) {
    StreamCrumb(); // the common cheap case: breadcrumbs only
    return;
  }
#if AOTI_RT_CUDA
  // A deferred NaN check: no sync here (only when nothing else in this
  // probe needs one).
  // Deferred checks are read by syncing run_impl's stream: a launch on
  // another stream checks right away.
  if (!Skip && Lane == 0 && Pr.nan_deferred && Pr.nan_roles && !Pr.sync &&
      !Pr.save &&
      Pr.print < kPrintStats && deferProbe(Site, Ph, Tensors, N, Pr, C)) {
    StreamCrumb();
    return;
  }
  // A probe that synchronizes anyway first reads the checks deferred so
  // far, so reports keep launch order.
  if (!Skip && Deferred && Deferred->checks.pending() && (NeedData || Pr.sync))
    resolveDeferred(kEndMayThrow);
#endif
  const std::string RunText = std::to_string(static_cast<long long>(Run));
  // The probe's items, reused by the thread's next probe (the vectors keep
  // their capacity: no allocation per tensor); the scratch lease goes back
  // when the probe ends, however it ends.
  thread_local Batch Reused;
  struct BatchUse {
    Batch &B;
    ~BatchUse() { B.release(); }
  } Use{Reused};
  Batch &B = Reused;
  B.items.resize(NeedData && !Skip ? static_cast<size_t>(std::max(N, 0)) : 0);
  if (NeedData && !Skip) {
    for (int I = 0; I < N; ++I) {
      Item &It = B.items[static_cast<size_t>(I)];
      It.meta.name = orDefault(Tensors[I].name, "?");
      It.meta.role = Tensors[I].role;
      It.meta.handle = Tensors[I].handle;
      readMeta(It.meta);
      uint8_t R = It.meta.role;
      It.wantStats = (Pr.print >= kPrintStats && (R & Pr.print_roles)) ||
                     (Pr.nan_roles && (R & Pr.nan_roles));
      It.wantValues = Pr.print >= kPrintValues && (R & Pr.print_roles) &&
                      P.max_print_values > 0;
      It.wantSave = Pr.save && (R & Pr.save_roles);
      It.haveStats = false;
      It.stats = statsInit();
      It.host = nullptr;
      It.why.clear();
    }
    std::string Err;
    if (!materialize(S, B, Stream, P.max_print_values, Run, Err))
      cudaFailure(C, Err);
  }

  // 1. Print: the probe's lines in one write.
  if (Pr.print >= kPrintNames) {
    EventBuf Ev(S);
    Ev.add("[aoti-instrument] run " + RunText + " " + phaseName(Ph) + " " +
               siteText(P, Site, C.site),
           Ev.json ? siteJson("launch", P, Run, phaseName(Ph), Site, C.site)
                         .done()
                   : std::string());
    if (Pr.print >= kPrintStats && !Skip) {
      const std::string Prefix = linePrefix(C);
      std::string Json;
      for (const Item &It : B.items) {
        if (!(It.meta.role & Pr.print_roles))
          continue;
        std::string Line = statsLine(C, Prefix, It, Ev.json ? &Json : nullptr);
        Ev.add(Line, Json);
        if (It.wantValues && It.meta.ok && It.host && It.meta.numel > 0 &&
            isReadableKind(It.meta.dtype->kind)) {
          int64_t Shown = std::min<int64_t>(It.meta.numel, P.max_print_values);
          std::string Vals = formatValues(It.meta, It.host, Shown);
          std::string VLine = Prefix + "   " + It.meta.name + " values " +
                              Vals + " (" +
                              std::to_string(static_cast<long long>(Shown)) +
                              " of " +
                              std::to_string(
                                  static_cast<long long>(It.meta.numel)) +
                              ")";
          std::string VJson;
          if (Ev.json) {
            JsonObj J =
                siteJson("values", P, Run, phaseName(Ph), Site, C.site);
            J.str("tensor", It.meta.name)
                .raw("values", formatValues(It.meta, It.host, Shown, /*Json=*/true));
            J.num("shown", Shown).num("numel", It.meta.numel);
            VJson = J.done();
          }
          Ev.add(VLine, VJson);
        }
      }
    }
    emit(S, Ev);
  }

  // 2. NaN/Inf check.
  if (Pr.nan_roles && !Skip) {
    bool Any = false;
    for (const Item &It : B.items)
      Any = Any || nanHit(nanView(It), Pr.nan_roles, Pr.nan_checks);
    if (Any) {
      // The inputs' counts, for "inputs were clean": a second pass only
      // for the inputs whose statistics were not computed above.
      Batch Missing;
      std::vector<Item *> Targets;
      for (Item &It : B.items) {
        if (It.meta.role != kIn || !It.meta.ok || It.haveStats)
          continue;
        Item Copy;
        Copy.meta = It.meta;
        Copy.wantStats = true;
        Missing.items.push_back(std::move(Copy));
        Targets.push_back(&It);
      }
      if (!Missing.items.empty()) {
        std::string Err;
        if (!materialize(S, Missing, Stream, 0, Run, Err))
          cudaFailure(C, Err);
        for (size_t K = 0; K < Targets.size(); ++K) {
          Targets[K]->haveStats = Missing.items[K].haveStats;
          Targets[K]->stats = Missing.items[K].stats;
        }
      }
      std::vector<NanView> Views;
      for (const Item &It : B.items)
        Views.push_back(nanView(It));
      std::string Line, Json;
      if (nanEvent(P, Run, Ph, Site, C.site, Views.data(), Views.size(),
                   Pr.nan_roles, Pr.nan_checks, Line, Json)) {
        emit(S, Line, Json);
        fail(Pr.nan_on_fail, Line);
      }
    }
  }

  // 3. Save.
  if (Pr.save && !Skip) {
    std::vector<const Item *> Saved;
    std::string Skipped;
    for (const Item &It : B.items) {
      if (!It.wantSave)
        continue;
      bool Dup = false;
      for (const Item *O : Saved)
        Dup = Dup || std::strcmp(O->meta.name, It.meta.name) == 0;
      if (Dup)
        continue;
      if (!It.meta.ok || !It.meta.dtype->safetensors ||
          (!It.host && It.meta.numel > 0)) {
        Skipped += (Skipped.empty() ? "" : ", ") + std::string(It.meta.name);
        continue;
      }
      Saved.push_back(&It);
    }
    std::string Err, File;
    bool Ok = true;
    {
      std::lock_guard<std::mutex> Lock(S.saveMutex);
      Ok = ensureSession(S, Err);
      if (Ok) {
        std::string Name = "run" + RunText + "_" + std::to_string(Site) +
                           "_" +
                           fileSafe(C.site ? C.site->kernel : "site") + "_" +
                           phaseName(Ph) + ".safetensors";
        File = S.sessionDir + "/" + Name;
        JsonObj Meta;
        Meta.str("run", RunText).str("ordinal", std::to_string(Site));
        Meta.str("kernel", C.site ? orDefault(C.site->kernel, "") : "");
        Meta.str("phase", phaseName(Ph));
        Meta.str("wrapper", baseName(P.wrapper_file));
        Meta.str("line", std::to_string(C.site ? C.site->line : 0));
        std::string Roles;
        for (const Item *It : Saved)
          Roles += std::string(Roles.empty() ? "" : ",") + It->meta.name +
                   ":" + roleName(It->meta.role);
        Meta.str("roles", Roles);
        Ok = writeSafetensors(File, Saved, Meta.done(), Err);
        if (Ok) {
          JsonObj M = siteJson("save", P, Run, phaseName(Ph), Site, C.site);
          M.str("file", Name);
          std::string Ts = "[";
          for (size_t I = 0; I < Saved.size(); ++I) {
            const TensorMeta &TM = Saved[I]->meta;
            Ts += (I ? "," : "") + JsonObj()
                                       .str("name", TM.name)
                                       .str("role", roleName(TM.role))
                                       .str("dtype", TM.dtype->name)
                                       .raw("shape", jsonList(TM.sizes))
                                       .done();
          }
          M.raw("tensors", Ts + "]");
          if (!Skipped.empty())
            M.str("skipped", Skipped);
          std::string Manifest = M.done() + "\n";
          std::string MPath = S.sessionDir + "/manifest.jsonl";
          if (FILE *F = std::fopen(MPath.c_str(), "a")) {
            std::fwrite(Manifest.data(), 1, Manifest.size(), F);
            std::fclose(F);
          }
        }
      }
    }
    if (Ok) {
      std::string Line = "[aoti-instrument] run " + RunText + " " +
                         phaseName(Ph) + " " + shortSite(C) + " saved " +
                         std::to_string(Saved.size()) + " tensor(s) to " +
                         File;
      if (!Skipped.empty())
        Line += " (not saved: " + Skipped + ")";
      JsonObj J = siteJson("saved", P, Run, phaseName(Ph), Site, C.site);
      J.str("file", File).num("tensors", static_cast<long long>(Saved.size()));
      emit(S, Line, J.done());
    } else {
      warnOnce(S, S.warnedSave, "cannot save tensors: " + Err, Run);
    }
  }

#if AOTI_RT_CUDA
  // 4. Sync: the launch (and everything before it) finished without error.
  if (Pr.sync && !Skip) {
    cudaError_t E = cudaStreamSynchronize(static_cast<cudaStream_t>(Stream));
    global().hostSyncs.fetch_add(1);
    if (E == cudaSuccess)
      E = cudaGetLastError();
    if (E != cudaSuccess)
      cudaFailure(C, cudaErrorText(E));
  }
#endif
  StreamCrumb();
}

namespace detail {

/// "input arg0_1 (input_handles[0])"
inline std::string inputText(const InputGuard &G) {
  return std::string("input ") + orDefault(G.name, "?") + " (input_handles[" +
         std::to_string(G.index) + "])";
}

inline std::string boundsText(int64_t Lo, int64_t Hi) {
  if (Lo >= 0 && Hi >= 0)
    return Lo == Hi ? std::to_string(static_cast<long long>(Lo))
                    : "in [" + std::to_string(static_cast<long long>(Lo)) +
                          ", " + std::to_string(static_cast<long long>(Hi)) +
                          "]";
  if (Lo >= 0)
    return ">= " + std::to_string(static_cast<long long>(Lo));
  return "<= " + std::to_string(static_cast<long long>(Hi));
}

inline void guardFailed(ProgramState &S, int64_t Run, const char *Event,
                        const std::string &Subject,
                        const std::vector<std::string> &Problems, OnFail F) {
  std::string Line = "[aoti-instrument] " + Subject + ": ";
  for (size_t I = 0; I < Problems.size(); ++I)
    Line += (I ? "; " : "") + Problems[I];
  Line += " in run " + std::to_string(static_cast<long long>(Run));
  JsonObj J;
  J.str("event", Event).num("run", Run).str("subject", Subject);
  std::string List = "[";
  for (size_t I = 0; I < Problems.size(); ++I) {
    List += I ? "," : "";
    jsonString(List, Problems[I].c_str());
  }
  J.raw("problems", List + "]").str("message", Line);
  emit(S, Line, J.done());
  fail(F, Line);
}

} // namespace detail

AOTI_RT_OUTLINE void RunScope::guardInput(const InputGuard &G, AtenTensorHandle Input) {
  using namespace detail;
  if (!Observing)
    return;
  ProgramState &S = *State;
  std::vector<std::string> Problems;
  TensorMeta M;
  M.name = orDefault(G.name, "?");
  M.role = kIn;
  M.handle = Input;
  if (!readMeta(M)) {
    Problems.push_back(M.error);
    guardFailed(S, Run, "guard", inputText(G), Problems, G.on_fail);
    return;
  }
  if (G.dtype && *G.dtype && std::strcmp(G.dtype, M.dtype->name) != 0)
    Problems.push_back(std::string("dtype ") + M.dtype->name + ", expected " +
                       G.dtype);
  if (G.device && *G.device &&
      std::strcmp(G.device, deviceTypeName(M.devType)) != 0)
    Problems.push_back("device " + deviceName(M.devType, M.devIndex) +
                       ", expected " + G.device);
  int64_t Rank = static_cast<int64_t>(M.sizes.size());
  if (G.rank >= 0 && Rank != G.rank)
    Problems.push_back("rank " + std::to_string(static_cast<long long>(Rank)) +
                       ", expected " + std::to_string(G.rank));
  if (G.rank >= 0 && Rank == G.rank && (G.dim_min || G.dim_max)) {
    for (int D = 0; D < G.rank; ++D) {
      int64_t Lo = G.dim_min ? G.dim_min[D] : -1;
      int64_t Hi = G.dim_max ? G.dim_max[D] : -1;
      int64_t V = M.sizes[D];
      if ((Lo >= 0 && V < Lo) || (Hi >= 0 && V > Hi))
        Problems.push_back("dim " + std::to_string(D) + " is " +
                           std::to_string(static_cast<long long>(V)) +
                           ", expected " + boundsText(Lo, Hi));
    }
  }
  if (G.contiguous) {
    bool Contig = true;
    if (aoti_torch_is_contiguous(M.handle, &Contig) != AOTI_TORCH_SUCCESS)
      Contig = true;
    if (!Contig)
      Problems.push_back("not contiguous (sizes " + fmtList(M.sizes) +
                         ", strides " + fmtList(M.strides) + ")");
  }
  if (G.alignment > 0) {
    uintptr_t Addr = reinterpret_cast<uintptr_t>(M.data);
    if (Addr % static_cast<uintptr_t>(G.alignment)) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "0x%" PRIxPTR, Addr);
      Problems.push_back(std::string("data pointer ") + Buf + " is not " +
                         std::to_string(G.alignment) + "-byte aligned");
    }
  }
  if ((G.has_value_range || G.finite) && M.numel > 0) {
    if (Capturing) {
      warnOnce(S, S.warnedCapture,
               "the stream is being captured into a CUDA graph: value "
               "checks of inputs are skipped while capturing",
               Run);
    } else if (!isReadableKind(M.dtype->kind)) {
      Problems.push_back(std::string("values of dtype ") + M.dtype->name +
                         " cannot be checked");
    } else {
      Batch B;
      Item It;
      It.meta = M;
      It.wantStats = true;
      B.items.push_back(std::move(It));
      std::string Err;
      if (!materialize(S, B, StreamPtr, 0, Run, Err)) {
        Problems.push_back("CUDA error '" + Err + "' while reading values");
      } else if (B.items[0].haveStats) {
        const Stats &St = B.items[0].stats;
        std::string Of = " of " +
                         std::to_string(static_cast<long long>(M.numel)) +
                         " elements)";
        if (St.nan && (G.finite || G.has_value_range))
          Problems.push_back(
              "holds NaN (" +
              std::to_string(static_cast<unsigned long long>(St.nan)) + Of);
        if (St.inf && (G.finite || G.has_value_range))
          Problems.push_back(
              "holds Inf (" +
              std::to_string(static_cast<unsigned long long>(St.inf)) + Of);
        if (G.has_value_range && St.count) {
          DKind K = M.dtype->kind;
          double Mn = statsMin(St, K), Mx = statsMax(St, K);
          std::string Range = " out of range [" + fmtNumber(G.value_min) +
                              ", " + fmtNumber(G.value_max) + "]";
          auto Val = [&](double V, int64_t IV) {
            return isIntKind(K) ? std::to_string(static_cast<long long>(IV))
                                : fmtNumber(V);
          };
          if (Mn < G.value_min)
            Problems.push_back("value " + Val(Mn, St.imin) + Range);
          if (Mx > G.value_max)
            Problems.push_back("value " + Val(Mx, St.imax) + Range);
        }
      } else if (!B.items[0].why.empty()) {
        Problems.push_back("values not checked: " + B.items[0].why);
      }
    }
  }
  if (!Problems.empty())
    guardFailed(S, Run, "guard", inputText(G), Problems, G.on_fail);
}

AOTI_RT_OUTLINE void RunScope::guardEqualDims(const DimRef *Group, int N,
                                     AtenTensorHandle *Inputs, OnFail F) {
  using namespace detail;
  if (!Observing || N < 2 || !Group || !Inputs)
    return;
  std::vector<std::string> Problems;
  std::vector<std::string> Parts;
  bool Differ = false;
  int64_t First = -1;
  for (int I = 0; I < N; ++I) {
    std::string Who = "input_handles[" + std::to_string(Group[I].input) +
                      "] dim " + std::to_string(Group[I].dim);
    int64_t Dim = 0;
    AtenTensorHandle H = Inputs[Group[I].input];
    if (!H || aoti_torch_get_dim(H, &Dim) != AOTI_TORCH_SUCCESS) {
      Problems.push_back("input_handles[" + std::to_string(Group[I].input) +
                         "] is undefined");
      continue;
    }
    int64_t D = Group[I].dim < 0 ? Group[I].dim + Dim : Group[I].dim;
    int64_t Size = 0;
    if (D < 0 || D >= Dim ||
        aoti_torch_get_size(H, D, &Size) != AOTI_TORCH_SUCCESS) {
      Problems.push_back("input_handles[" + std::to_string(Group[I].input) +
                         "] has no dim " + std::to_string(Group[I].dim) +
                         " (rank " + std::to_string(static_cast<long long>(Dim)) +
                         ")");
      continue;
    }
    Parts.push_back(Who + " is " + std::to_string(static_cast<long long>(Size)));
    if (First < 0)
      First = Size;
    else if (Size != First)
      Differ = true;
  }
  if (Differ) {
    std::string All;
    for (size_t I = 0; I < Parts.size(); ++I)
      All += (I ? ", " : "") + Parts[I];
    Problems.insert(Problems.begin(), All);
  }
  if (!Problems.empty())
    guardFailed(*State, Run, "guard", "input dims differ", Problems, F);
}

namespace detail {
/// For tests: host syncs and device statistics passes made so far.
inline uint64_t hostSyncCount() { return global().hostSyncs.load(); }
inline uint64_t deviceStatsPassCount() {
  return global().deviceStatsPasses.load();
}

} // namespace detail
#endif // AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_END

#endif // AOTI_INSTRUMENT_RUNTIME_H
