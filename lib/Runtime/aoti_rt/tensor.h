//===- aoti_rt/tensor.h - Tensor metadata -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tensor as the AOTI shim describes it (sizes, strides, dtype, device,
// data), offsets over its elements, host statistics and values.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_TENSOR_H
#define AOTI_RT_TENSOR_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "dtype.h"
#include "format.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- Tensor metadata -------------------------------------------------------//

/// A tensor's sizes or strides: up to kInline dims in place, more on the
/// heap. readMeta fills four of them per tensor on every probe, and
/// deferred probes keep them per tensor: in place they cost no allocation
/// and no std::vector call (measured: 35 us per forward of vector assigns
/// on a 103-launch decoder).
class DimVec {
public:
  static constexpr size_t kInline = 8;
  DimVec() = default;
  DimVec(const DimVec &O) { *this = O; }
  DimVec(DimVec &&O) noexcept { *this = std::move(O); }
  /// Copies the dims in use only (a probe's record takes its tensors'
  /// metadata).
  DimVec &operator=(const DimVec &O) {
    if (this != &O)
      assign(O.begin(), O.end());
    return *this;
  }
  DimVec &operator=(DimVec &&O) noexcept {
    if (O.N > kInline)
      Heap.swap(O.Heap);
    else
      copySmall(O.In, O.N, In);
    N = O.N;
    return *this;
  }
  size_t size() const { return N; }
  bool empty() const { return N == 0; }
  const int64_t *data() const { return N > kInline ? Heap.data() : In; }
  int64_t *data() { return N > kInline ? Heap.data() : In; }
  const int64_t *begin() const { return data(); }
  const int64_t *end() const { return data() + N; }
  int64_t operator[](size_t I) const { return data()[I]; }
  int64_t &operator[](size_t I) { return data()[I]; }
  int64_t &back() { return data()[N - 1]; }
  void clear() { N = 0; }
  void assign(const int64_t *B, const int64_t *E) {
    size_t Count = static_cast<size_t>(E - B);
    resize(Count);
    if (Count <= kInline)
      copySmall(B, Count, In);
    else
      std::copy(B, E, Heap.data());
  }
  void assign(size_t Count, int64_t V) {
    resize(Count);
    std::fill(data(), data() + Count, V);
  }
  DimVec &operator=(std::initializer_list<int64_t> L) {
    assign(L.begin(), L.end());
    return *this;
  }
  void push_back(int64_t V) {
    if (N == kInline) // moves to the heap
      Heap.assign(In, In + kInline);
    if (N >= kInline)
      Heap.push_back(V);
    else
      In[N] = V;
    ++N;
  }
  bool operator==(const std::vector<int64_t> &V) const {
    return V.size() == N && std::equal(begin(), end(), V.begin());
  }

private:
  /// Count (at most kInline) dims, inline: no call to memmove for three.
  static void copySmall(const int64_t *From, size_t Count, int64_t *To) {
    switch (Count) {
    case 8:
      To[7] = From[7];
      [[fallthrough]];
    case 7:
      To[6] = From[6];
      [[fallthrough]];
    case 6:
      To[5] = From[5];
      [[fallthrough]];
    case 5:
      To[4] = From[4];
      [[fallthrough]];
    case 4:
      To[3] = From[3];
      [[fallthrough]];
    case 3:
      To[2] = From[2];
      [[fallthrough]];
    case 2:
      To[1] = From[1];
      [[fallthrough]];
    case 1:
      To[0] = From[0];
      [[fallthrough]];
    default:
      break;
    }
  }
  void resize(size_t Count) {
    if (Count > kInline)
      Heap.resize(Count);
    N = Count;
  }
  int64_t In[kInline] = {};
  size_t N = 0;
  std::vector<int64_t> Heap; ///< the dims when there are more than kInline
};

struct TensorMeta {
  const char *Name = "";
  uint8_t RoleBits = 0;
  AtenTensorHandle Handle = nullptr;
  bool Ok = false;   ///< metadata could be read
  std::string Error; ///< why not
  const DtypeInfo *Dtype = nullptr;
  DimVec Sizes, Strides;
  int64_t Numel = 0;
  const unsigned char *Data = nullptr; ///< element 0 (storage offset applied)
  int32_t DevType = 0, DevIndex = 0;
  bool Cuda = false;
  /// Dims with size 1 dropped and mergeable neighbours merged; never empty.
  DimVec CSizes, CStrides;
  int64_t Span = 0; ///< elements from data to the last one, inclusive
};

/// Elements from a tensor's first to its last, inclusive; 0 when it has
/// none. (torch has no negative strides; one would count as 0.)
inline int64_t elementSpan(int64_t Dim, const int64_t *Sizes,
                           const int64_t *Strides) {
  int64_t Span = 1;
  for (int64_t I = 0; I < Dim; ++I) {
    if (Sizes[I] == 0)
      return 0;
    Span += (Sizes[I] - 1) * std::max<int64_t>(Strides[I], 0);
  }
  return Span;
}

/// Bytes from M.Data to the end of its last element (readMeta done).
inline size_t spanBytes(const TensorMeta &M) {
  return static_cast<size_t>(M.Span) * static_cast<size_t>(M.Dtype->Size);
}

/// Whether \p H holds a tensor: not null, not an undefined at::Tensor (what
/// an op returns for an output it did not make). Asked without an
/// exception, which the shim would print with its back-trace.
inline bool isDefined(AtenTensorHandle H) {
  bool Defined = false;
  return H && aoti_torch_is_defined(H, &Defined) == AOTI_TORCH_SUCCESS &&
         Defined;
}

/// The data pointer of \p H, asked only of a defined tensor: the shim
/// throws for an undefined one (an optional output an op did not make) and
/// prints the exception with its back-trace on the model's stderr.
inline bool dataOf(AtenTensorHandle H, void *&Data) {
  return isDefined(H) &&
         aoti_torch_get_data_ptr(H, &Data) == AOTI_TORCH_SUCCESS;
}

/// The bytes [B, E) a launch may write through \p H (its elements' span;
/// what SeenTensors and the batched NaN counts compare): five shim calls
/// against readMeta's eight. False when they cannot be read.
inline bool spanOf(AtenTensorHandle H, uintptr_t &B, uintptr_t &E) {
  int64_t Dim = 0;
  int32_t Dtype = 0;
  int64_t *Sizes = nullptr, *Strides = nullptr;
  void *Data = nullptr;
  if (!dataOf(H, Data) || aoti_torch_get_dim(H, &Dim) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_sizes(H, &Sizes) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_strides(H, &Strides) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_dtype(H, &Dtype) != AOTI_TORCH_SUCCESS)
    return false;
  const int Known = dtypeInfo(Dtype).Size;
  const int64_t Size = Known > 0 ? Known : 16; // unknown: the widest
  B = reinterpret_cast<uintptr_t>(Data);
  E = B + static_cast<uintptr_t>(elementSpan(Dim, Sizes, Strides) * Size);
  return true;
}

/// Forgets what M held but its Name, RoleBits and Handle (M is reused).
inline void clearMeta(TensorMeta &M) {
  M.Ok = false;
  M.Error.clear();
  M.Dtype = nullptr;
  M.Sizes.clear();
  M.Strides.clear();
  M.CSizes.clear();
  M.CStrides.clear();
  M.Numel = 0;
  M.Data = nullptr;
  M.DevType = M.DevIndex = 0;
  M.Cuda = false;
  M.Span = 0;
}

inline bool readMeta(TensorMeta &M) {
  clearMeta(M); // M may be reused (its vectors keep their capacity)
  if (!isDefined(M.Handle)) { // asked first: no exception for the shim to print
    M.Error = "undefined";
    return false;
  }
  int64_t Dim = 0;
  int32_t Dtype = 0;
  int64_t *Sizes = nullptr, *Strides = nullptr;
  void *Data = nullptr;
  if (aoti_torch_get_dim(M.Handle, &Dim) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_dtype(M.Handle, &Dtype) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_sizes(M.Handle, &Sizes) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_strides(M.Handle, &Strides) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_numel(M.Handle, &M.Numel) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_device_type(M.Handle, &M.DevType) != AOTI_TORCH_SUCCESS ||
      aoti_torch_get_device_index(M.Handle, &M.DevIndex) !=
          AOTI_TORCH_SUCCESS ||
      aoti_torch_get_data_ptr(M.Handle, &Data) != AOTI_TORCH_SUCCESS) {
    M.Error = "metadata unreadable";
    return false;
  }
  M.Dtype = &dtypeInfo(Dtype);
  M.Sizes.assign(Sizes, Sizes + Dim);
  M.Strides.assign(Strides, Strides + Dim);
  M.Data = static_cast<const unsigned char *>(Data);
  M.Cuda = M.DevType == aoti_torch_device_type_cuda();
  M.Span = M.Numel > 0 ? elementSpan(Dim, Sizes, Strides) : 0;
  // Coalesce: row-major order, innermost last.
  for (int64_t I = 0; I < Dim; ++I) {
    if (M.Sizes[I] == 1)
      continue;
    if (!M.CSizes.empty() && M.CStrides.back() == M.Strides[I] * M.Sizes[I]) {
      M.CSizes.back() *= M.Sizes[I];
      M.CStrides.back() = M.Strides[I];
    } else {
      M.CSizes.push_back(M.Sizes[I]);
      M.CStrides.push_back(M.Strides[I]);
    }
  }
  if (M.CSizes.empty() || M.Numel == 0) {
    M.CSizes.assign(1, M.Numel);
    M.CStrides.assign(1, 1);
  }
  M.Ok = true;
  return true;
}

/// Whether M's elements fill [Data, Data + Numel * size) exactly, in some
/// order (contiguous, or a permutation of a contiguous layout): the NaN
/// count kernel reads such a tensor as bytes.
inline bool isDense(const TensorMeta &M) {
  if (!M.Ok || M.Numel <= 0)
    return false;
  if (M.CSizes.size() == 1)
    return M.CStrides[0] == 1;
  int64_t S[kMaxKernelDims], Z[kMaxKernelDims];
  size_t N = M.CSizes.size();
  if (N > static_cast<size_t>(kMaxKernelDims))
    return false;
  for (size_t I = 0; I < N; ++I) {
    S[I] = M.CStrides[I];
    Z[I] = M.CSizes[I];
  }
  // Insertion sort by stride (at most 8 dims), then each stride must be
  // the product of the sizes below it.
  for (size_t I = 1; I < N; ++I)
    for (size_t J = I; J > 0 && S[J] < S[J - 1]; --J) {
      std::swap(S[J], S[J - 1]);
      std::swap(Z[J], Z[J - 1]);
    }
  int64_t Want = 1;
  for (size_t I = 0; I < N; ++I) {
    if (S[I] != Want)
      return false;
    Want *= Z[I];
  }
  return true;
}

/// Calls F(offset in elements) for every element in logical order, stopping
/// after Limit elements.
template <class F>
inline void forEachOffset(const TensorMeta &M, int64_t Limit, F &&Fn) {
  int64_t N = std::min(M.Numel, Limit);
  if (N <= 0)
    return;
  size_t D = M.CSizes.size();
  if (D == 1) {
    int64_t S = M.CStrides[0];
    for (int64_t I = 0; I < N; ++I)
      Fn(I * S);
    return;
  }
  std::vector<int64_t> Idx(D, 0);
  int64_t Off = 0;
  for (int64_t I = 0; I < N; ++I) {
    Fn(Off);
    for (size_t K = D; K-- > 0;) {
      if (++Idx[K] < M.CSizes[K]) {
        Off += M.CStrides[K];
        break;
      }
      Off -= (M.CSizes[K] - 1) * M.CStrides[K];
      Idx[K] = 0;
    }
  }
}

/// Statistics of a tensor whose elements are readable at Base on the host.
inline Stats hostStats(const TensorMeta &M, const unsigned char *Base) {
  Stats S = statsInit();
  DKind K = M.Dtype->Kind;
  int64_t ES = M.Dtype->Size;
  forEachOffset(M, M.Numel,
                [&](int64_t Off) { statsAdd(S, K, Base + Off * ES); });
  return S;
}

/// Copies the tensor's elements in logical order (contiguous) to Out.
inline void gatherContiguous(const TensorMeta &M, const unsigned char *Base,
                             unsigned char *Out) {
  int64_t ES = M.Dtype->Size;
  if (M.CSizes.size() == 1 && M.CStrides[0] == 1) {
    std::memcpy(Out, Base, static_cast<size_t>(M.Numel * ES));
    return;
  }
  forEachOffset(M, M.Numel, [&](int64_t Off) {
    std::memcpy(Out, Base + Off * ES, static_cast<size_t>(ES));
    Out += ES;
  });
}

/// Up to \p Limit values of a tensor: `[1, 2.5, nan]` for event lines, or
/// JSON (`[1,2.5,"nan"]`: numbers, true/false, "nan"/"inf"/"-inf").
inline std::string formatValues(const TensorMeta &M, const unsigned char *Base,
                                int64_t Limit, bool Json = false) {
  std::string S = "[";
  DKind K = M.Dtype->Kind;
  int64_t ES = M.Dtype->Size;
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
  case kIn:
    return "in";
  case kOut:
    return "out";
  case kInOut:
    return "inout";
  default:
    return "none";
  }
}

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_TENSOR_H
