//===- aoti_rt/capture.h - One launch, saved to run again alone -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bundle of a captured launch (rules `capture`; docs/capture.md): each
// tensor argument's extent before and after the launch (safetensors), the
// kernel's cubin, and a manifest of the launch configuration and of every
// kernel argument with its C++ type.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CAPTURE_H
#define AOTI_RT_CAPTURE_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "safetensors.h"

#if __has_include(<torch/headeronly/version.h>)
#include <torch/headeronly/version.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN
namespace detail {

/// A tensor argument of the captured launch, held until the capture ends.
struct CaptureTensor {
  TensorMeta Meta;
  AtenTensorHandle Held = nullptr;
  int64_t StorageOffset = 0;
};

/// What run_impl asked of the next call_ helper on this thread
/// (tCaptureRequest), and the bundle once the helper made it.
struct CaptureRequest {
  ProgramState *State = nullptr;
  const Program *Prog = nullptr;
  int64_t Run = 0;
  int Site = -1;
  bool Made = false; ///< the helper reached its launch
  /// An extern op's: its shim parameters, and the tensors (indices into
  /// Tensors, -1 for a null handle) each argument passes.
  const ShimParam *Params = nullptr;
  std::vector<std::vector<int>> ArgTensors;
  std::deque<std::string> Keys; ///< the names of its tensors (stable)
  std::string Dir;              ///< the bundle; empty: none was written
  std::string Manifest;         ///< its members but `completed`, without braces
  std::vector<CaptureTensor> Tensors;

  ~CaptureRequest() {
    for (CaptureTensor &T : Tensors)
      if (T.Held)
        aoti_torch_delete_tensor_object(T.Held);
  }
};

/// Whether \p Site of \p S's program is captured for the first time in
/// this process (then remembered).
inline bool firstCapture(const ProgramState &S, int Site) {
  static std::mutex Mutex;
  static std::set<std::pair<const ProgramState *, int>> Done;
  std::lock_guard<std::mutex> Lock(Mutex);
  return Done.insert({&S, Site}).second;
}

inline bool readFileBytes(const std::string &Path, std::string &Out,
                          std::string &Err) {
  FILE *F = std::fopen(Path.c_str(), "rb");
  if (!F) {
    Err = "cannot read '" + Path + "'";
    return false;
  }
  char Buf[65536];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
    Out.append(Buf, N);
  const bool Ok = !std::ferror(F);
  std::fclose(F);
  if (!Ok)
    Err = "error reading '" + Path + "'";
  return Ok;
}

inline bool writeFileBytes(const std::string &Path, const std::string &Bytes,
                           std::string &Err) {
  FILE *F = std::fopen(Path.c_str(), "wb");
  bool Ok = F && std::fwrite(Bytes.data(), 1, Bytes.size(), F) == Bytes.size();
  if (F && std::fclose(F) != 0)
    Ok = false;
  if (!Ok)
    Err = "cannot write '" + Path + "'";
  return Ok;
}

/// The bytes of \p M's extent (its first element to the end of its last),
/// read where the tensor lives; false when they cannot be.
inline bool readExtent(const TensorMeta &M, std::vector<unsigned char> &Out,
                       std::string &Err) {
  Out.resize(spanBytes(M));
  if (Out.empty())
    return true;
#if AOTI_RT_CUDA
  if (M.Cuda) {
    cudaError_t E =
        cudaMemcpy(Out.data(), M.Data, Out.size(), cudaMemcpyDeviceToHost);
    if (E != cudaSuccess)
      Err = "cannot read a tensor: " + cudaErrorText(E);
    return E == cudaSuccess;
  }
#endif
  if (M.DevType != aoti_torch_device_type_cpu()) {
    Err = "a tensor is neither on the CPU nor on CUDA";
    return false;
  }
  std::memcpy(Out.data(), M.Data, Out.size());
  return true;
}

/// Each tensor's extent as a one-dimensional safetensors tensor of its
/// dtype (bytes, `U8`, where safetensors has no code for it).
inline bool writeExtents(const std::string &Path,
                         const std::vector<CaptureTensor> &Tensors,
                         const std::vector<std::vector<unsigned char>> &Data,
                         std::string &Err) {
  JsonObj H;
  H.raw("__metadata__",
        JsonObj().str("format", "aoti-instrument-capture").done());
  uint64_t Off = 0;
  for (size_t I = 0; I < Tensors.size(); ++I) {
    const TensorMeta &M = Tensors[I].Meta;
    const bool Typed = M.Dtype->Safetensors != nullptr;
    const uint64_t Bytes = Data[I].size();
    const uint64_t Elems = Typed ? static_cast<uint64_t>(M.Span) : Bytes;
    H.raw(M.Name,
          JsonObj()
              .str("dtype", Typed ? M.Dtype->Safetensors : "U8")
              .raw("shape", "[" + std::to_string(Elems) + "]")
              .raw("data_offsets", "[" + std::to_string(Off) + "," +
                                       std::to_string(Off + Bytes) + "]")
              .done());
    Off += Bytes;
  }
  std::string Header = H.done();
  while (Header.size() % 8)
    Header += ' ';
  std::string Out(8, '\0');
  for (int I = 0; I < 8; ++I)
    Out[I] = static_cast<char>(static_cast<uint64_t>(Header.size()) >> (8 * I));
  Out += Header;
  for (const auto &D : Data)
    Out.append(reinterpret_cast<const char *>(D.data()), D.size());
  return writeFileBytes(Path, Out, Err);
}

/// The size of an embedded cubin from its header: an ELF image (to the end
/// of its section or program header table, whichever is last) or a fat
/// binary; 0 when it is neither.
inline size_t cubinImageSize(const void *Image) {
  const auto *P = static_cast<const unsigned char *>(Image);
  auto Read = [&](size_t Off, int N) {
    uint64_t V = 0;
    for (int I = N - 1; I >= 0; --I)
      V = (V << 8) | P[Off + I];
    return V;
  };
  if (Read(0, 4) == 0xBA55ED50u) // fatbinary: header size, then payload
    return Read(6, 2) + Read(8, 8);
  if (std::memcmp(P,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      P[4] != 2) // ELF64 only
    return 0;
  uint64_t Sections = Read(0x28, 8) + Read(0x3A, 2) * Read(0x3C, 2);
  uint64_t Programs = Read(0x20, 8) + Read(0x36, 2) * Read(0x38, 2);
  return static_cast<size_t>(Sections > Programs ? Sections : Programs);
}

/// kernel.cubin in \p Dir: the file the helper's loadKernel reads (its
/// name in the cubin directory, when the helper has one), or the image.
inline bool copyCubin(const KernelLaunch &L, const std::string &Dir,
                      std::string &Err) {
  std::string Bytes;
  if (L.cubin_image) {
    size_t Size = cubinImageSize(L.cubin_image);
    if (!Size) {
      Err = "the embedded cubin has no header this runtime reads";
      return false;
    }
    Bytes.assign(static_cast<const char *>(L.cubin_image), Size);
  } else {
    std::string Path = orDefault(L.cubin_path, "");
    if (L.cubin_dir)
      Path = std::string(L.cubin_dir) + "/" + baseName(Path.c_str());
    if (!readFileBytes(Path, Bytes, Err))
      return false;
  }
  return writeFileBytes(Dir + "/kernel.cubin", Bytes, Err);
}

/// The value of a scalar kernel argument of C++ type \p Type from its
/// bytes, as JSON; "null" for a type it does not know (its bytes say it).
inline std::string scalarJson(const std::string &Type, const void *P,
                              uint32_t Size) {
  auto As = [&](auto V) {
    if (sizeof V != Size)
      return std::string("null");
    std::memcpy(&V, P, sizeof V);
    return std::to_string(V);
  };
  if (Type == "int32_t" || Type == "int")
    return As(int32_t());
  if (Type == "int64_t" || Type == "long" || Type == "long long")
    return As(int64_t());
  if (Type == "uint32_t" || Type == "unsigned int")
    return As(uint32_t());
  if (Type == "uint64_t" || Type == "CUdeviceptr")
    return As(uint64_t());
  if (Type == "float" || Type == "double") {
    double D = 0;
    if (Size == 4) {
      float F;
      std::memcpy(&F, P, 4);
      D = F;
    } else if (Size == 8) {
      std::memcpy(&D, P, 8);
    }
    std::string S; // NaN, Inf: null, the bytes say which
    appendJsonDouble(S, D);
    return S;
  }
  if (Type == "bool" && Size == 1)
    return *static_cast<const unsigned char *>(P) ? "true" : "false";
  return "null";
}

/// \p Size bytes at \p P in hex, in memory (little-endian) order.
inline std::string hexBytes(const void *P, uint32_t Size) {
  static const char Digits[] = "0123456789abcdef";
  std::string S;
  for (uint32_t I = 0; I < Size; ++I) {
    unsigned char B = static_cast<const unsigned char *>(P)[I];
    S += Digits[B >> 4];
    S += Digits[B & 15];
  }
  return S;
}

/// One element of the manifest's `params`.
inline std::string paramJson(const KernelParam &KP, const void *Value,
                             const std::vector<CaptureTensor> &Tensors) {
  JsonObj J;
  J.str("name", orDefault(KP.name, "")).str("type", orDefault(KP.type, ""));
  const std::string Type = orDefault(KP.type, "");
  const bool Pointer = KP.tensor >= 0 || Type == "CUdeviceptr" ||
                       (!Type.empty() && Type.back() == '*');
  J.str("kind", Pointer ? "pointer" : "scalar");
  if (Pointer && KP.tensor >= 0 &&
      static_cast<size_t>(KP.tensor) < Tensors.size() && KP.size == 8) {
    uint64_t V = 0;
    std::memcpy(&V, Value, 8);
    const auto Base = reinterpret_cast<uintptr_t>(Tensors[KP.tensor].Meta.Data);
    J.num("tensor", KP.tensor).num("offset", static_cast<long long>(V - Base));
  } else {
    if (Pointer)
      J.raw("tensor", "null");
    J.raw("value", scalarJson(Type, Value, KP.size));
  }
  J.str("bytes", hexBytes(Value, KP.size));
  return J.done();
}

/// One element of the manifest's `tensors`.
inline std::string tensorJson(const CaptureTensor &T) {
  const TensorMeta &M = T.Meta;
  const char *Role = M.RoleBits == kIn    ? "in"
                     : M.RoleBits == kOut ? "out"
                                          : "inout";
  return JsonObj()
      .str("key", M.Name)
      .str("role", Role)
      .str("dtype", M.Dtype->Name)
      .raw("sizes", jsonList(M.Sizes))
      .raw("strides", jsonList(M.Strides))
      .num("storage_offset", static_cast<long long>(T.StorageOffset))
      .num("extent_bytes", static_cast<long long>(spanBytes(M)))
      .done();
}

/// A site's list "a, b" (source nodes, ATen ops) as a JSON list.
inline std::string nodesJson(const char *Nodes) {
  std::vector<std::string> Items;
  std::string Cur;
  for (const char *P = orDefault(Nodes, "");; ++P) {
    if (*P && *P != ',') {
      Cur += *P;
      continue;
    }
    if (size_t B = Cur.find_first_not_of(' '); B != std::string::npos)
      Items.push_back(Cur.substr(B));
    Cur.clear();
    if (!*P)
      return jsonList(Items);
  }
}

/// The device the launch runs on, as the manifest's `device`.
inline std::string deviceJson() {
  JsonObj J;
  J.str("type", AOTI_RT_CUDA ? "cuda" : "cpu");
#if AOTI_RT_CUDA
  int Dev = -1, Driver = 0;
  cudaDeviceProp P;
  if (cudaGetDevice(&Dev) == cudaSuccess &&
      cudaGetDeviceProperties(&P, Dev) == cudaSuccess) {
    J.num("index", Dev).str("name", P.name);
    J.raw("capability",
          "[" + std::to_string(P.major) + ", " + std::to_string(P.minor) + "]");
  }
  if (cudaDriverGetVersion(&Driver) == cudaSuccess)
    J.num("driver_version", Driver);
  cudaGetLastError();
#endif
  return J.done();
}

//--- Extern ops: the shim call's arguments ---------------------------------//

inline std::string paramName(const ShimParam &P) {
  return orDefault(P.name, "?");
}

/// Whether parameter \p I is an array whose length parameter follows it
/// (`stride`, `stride_len_`).
inline bool hasLength(const ShimParam *Ps, int I, int N) {
  return I >= 0 && I + 1 < N &&
         paramName(Ps[I + 1]) == paramName(Ps[I]) + "_len_";
}

/// The handles argument \p I passes: one, a list, an optional one (null
/// when absent); a return only \p After the call.
inline std::vector<AtenTensorHandle>
argHandles(const ShimParam *Ps, const ShimArg *As, int I, int N, bool After) {
  const ShimArg &A = As[I];
  if (A.kind == kArgTensor)
    return {static_cast<AtenTensorHandle>(const_cast<void *>(A.p))};
  if (A.kind != kArgTensorPtr || !A.p || (Ps[I].returned && !After))
    return {};
  const auto *H = static_cast<const AtenTensorHandle *>(A.p);
  if (hasLength(Ps, I, N))
    return std::vector<AtenTensorHandle>(H,
                                         H + std::max<int64_t>(As[I + 1].i, 0));
  return {*H};
}

/// One scalar (or null) of a pointer argument, as JSON.
inline std::string pointedJson(uint8_t Kind, const void *P, int64_t At) {
  if (!P)
    return "null";
  std::string S;
  if (Kind == kArgInt64Ptr)
    appendInt(S, static_cast<const int64_t *>(P)[At]);
  else if (Kind == kArgInt32Ptr)
    appendInt(S, static_cast<const int32_t *>(P)[At]);
  else
    appendJsonDouble(S, static_cast<const double *>(P)[At]);
  return S;
}

/// The value of a non-tensor argument \p I (and its length), as JSON.
inline std::string argValueJson(const ShimParam *Ps, const ShimArg *As, int I,
                                int N) {
  const ShimArg &A = As[I];
  std::string S;
  switch (A.kind) {
  case kArgInt:
    appendInt(S, A.i);
    return S;
  case kArgDouble:
    return pointedJson(kArgDoublePtr, &A.d, 0);
  case kArgString:
    jsonString(S, A.p ? static_cast<const char *>(A.p) : "");
    return A.p ? S : "null";
  case kArgInt64Ptr:
  case kArgInt32Ptr:
  case kArgDoublePtr:
    if (!hasLength(Ps, I, N))
      return pointedJson(A.kind, A.p, 0);
    S = "[";
    for (int64_t J = 0; J < As[I + 1].i; ++J)
      S += (J ? "," : "") + pointedJson(A.kind, A.p, J);
    return S + "]";
  default:
    return "null";
  }
}

/// The manifest's `extern.args`: each parameter (an array and its length
/// as one), a tensor by its index in `tensors`, anything else by value.
inline std::string shimArgsJson(const CaptureRequest &R, const ShimArg *As,
                                int N) {
  std::string Out = "[";
  for (int I = 0; I < N; ++I) {
    if (hasLength(R.Params, I - 1, N))
      continue; // the length of the array before it
    const ShimParam &P = R.Params[I];
    JsonObj J;
    J.str("name", paramName(P)).str("type", orDefault(P.type, ""));
    const bool Tensors =
        As[I].kind == kArgTensor || As[I].kind == kArgTensorPtr;
    if (Tensors) {
      const std::vector<int> &Ix = R.ArgTensors[static_cast<size_t>(I)];
      std::string List;
      for (size_t K = 0; K < Ix.size(); ++K)
        List += (K ? "," : "") +
                (Ix[K] < 0 ? std::string("null") : std::to_string(Ix[K]));
      J.raw("tensor", hasLength(R.Params, I, N) ? "[" + List + "]"
                      : Ix.empty()              ? "null"
                                                : List);
    } else {
      J.raw("value", argValueJson(R.Params, As, I, N));
      if (As[I].kind == kArgOther)
        J.boolean("unsupported", true);
    }
    Out += (I ? "," : "") + J.done();
  }
  return Out + "]";
}

/// The torch release the model was built with (its headers'), or "".
inline std::string torchVersion() {
#ifdef TORCH_VERSION_MAJOR
  return std::to_string(TORCH_VERSION_MAJOR) + "." +
         std::to_string(TORCH_VERSION_MINOR) + "." +
         std::to_string(TORCH_VERSION_PATCH);
#else
  return "";
#endif
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_CAPTURE_H
