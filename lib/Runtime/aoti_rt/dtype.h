//===- aoti_rt/dtype.h - Dtypes, decoding, statistics -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime knows of a dtype (torch code, DKind, name, safetensors
// code, size), element decoding on the host (fp8/bf16/half), and the host
// statistics of a tensor.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_DTYPE_H
#define AOTI_RT_DTYPE_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "decode.h"
#include "format.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- Dtypes ----------------------------------------------------------------//

struct DtypeInfo {
  int32_t Code;
  DKind Kind;
  const char *Name;        ///< torch's spelling without "torch."
  const char *Safetensors; ///< dtype code in a safetensors header, or null
  int Size;                ///< bytes per element
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
      {aoti_torch_dtype_float8_e4m3fn(), kDF8E4M3FN, "float8_e4m3fn", "F8_E4M3",
       1},
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
    if (D.Code == Code)
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
  return Index < 0 ? Name : Name + ":" + std::to_string(Index);
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

template <class T> inline T loadAs(const unsigned char *P) {
  T V;
  std::memcpy(&V, P, sizeof V);
  return V;
}

/// Reads one element: true for integer kinds (value in IV), false for
/// floating kinds (value in DV).
inline bool loadElem(DKind K, const unsigned char *P, double &DV, int64_t &IV) {
  switch (K) {
  case kDF32:
    DV = loadAs<float>(P);
    return false;
  case kDF64:
    DV = loadAs<double>(P);
    return false;
  case kDF16:
    DV = halfToFloat(loadAs<uint16_t>(P));
    return false;
  case kDBF16:
    DV = bitsToFloat(static_cast<uint32_t>(loadAs<uint16_t>(P)) << 16);
    return false;
  case kDF8E4M3FN:
    DV = fp8ToFloat(*P, 4, 3, 7, false, false);
    return false;
  case kDF8E5M2:
    DV = fp8ToFloat(*P, 5, 2, 15, false, true);
    return false;
  case kDF8E4M3FNUZ:
    DV = fp8ToFloat(*P, 4, 3, 8, true, false);
    return false;
  case kDF8E5M2FNUZ:
    DV = fp8ToFloat(*P, 5, 2, 16, true, false);
    return false;
  case kDI8:
    IV = loadAs<int8_t>(P);
    return true;
  case kDI16:
    IV = loadAs<int16_t>(P);
    return true;
  case kDI32:
    IV = loadAs<int32_t>(P);
    return true;
  case kDI64:
    IV = loadAs<int64_t>(P);
    return true;
  case kDU8:
    IV = *P;
    return true;
  case kDBool:
    IV = *P != 0;
    return true;
  case kDU16:
    IV = loadAs<uint16_t>(P);
    return true;
  case kDU32:
    IV = loadAs<uint32_t>(P);
    return true;
  case kDU64: {
    uint64_t V = loadAs<uint64_t>(P);
    IV = V > 0x7fffffffffffffffULL ? INT64_MAX : static_cast<int64_t>(V);
    return true;
  }
  default:
    DV = 0;
    return false;
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

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_DTYPE_H
