//===- aoti_rt/decode.h - Element decoding, host and device ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Half, bfloat16 and the four 8-bit float formats decoded to float, written
// once for the host runtime (dtype.h) and the statistics kernel
// (stats_kernel.cu, nvcc), which must agree bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_DECODE_H
#define AOTI_RT_DECODE_H

#include "abi.h"

#include <cstring>

#if defined(__CUDA__) || defined(__CUDACC__)
#define AOTI_RT_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define AOTI_RT_HOST_DEVICE inline
#endif

AOTI_RT_NAMESPACE_BEGIN
namespace detail {

AOTI_RT_HOST_DEVICE float bitsToFloat(uint32_t U) {
#if defined(__CUDA_ARCH__)
  return __int_as_float(static_cast<int>(U));
#else
  float F;
  std::memcpy(&F, &U, sizeof F);
  return F;
#endif
}

AOTI_RT_HOST_DEVICE float halfToFloat(uint16_t H) {
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
AOTI_RT_HOST_DEVICE float fp8ToFloat(uint32_t Byte, int E, int M, int B,
                                     bool Fnuz, bool HasInf) {
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

} // namespace detail
AOTI_RT_NAMESPACE_END

#endif // AOTI_RT_DECODE_H
