//===- device_builtins.h - CUDA names over NVPTX builtins -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// stats_kernel.cu is compiled by clang's CUDA front end alone (-nocudainc
// -nocudalib: no CUDA toolkit headers, whose releases clang does not
// follow), so the few CUDA names it uses are defined here over clang's
// NVPTX builtins, as clang's own CUDA headers define them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_DEVICE_BUILTINS_H
#define AOTI_RT_DEVICE_BUILTINS_H

#if !defined(__clang__) || !defined(__CUDA__)
#error                                                                         \
    "stats_kernel.cu is compiled by clang as CUDA (lib/Runtime/Runtime.cmake)"
#endif

#include "__clang_cuda_builtin_vars.h" // threadIdx, blockIdx, blockDim, gridDim

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(N) __attribute__((launch_bounds(N)))
// Clang 19 has no __grid_constant__: a kernel parameter whose every use is
// a load (no pointer to it chosen by `?:`, see the kernels) is read in
// place from parameter memory all the same, without a copy per thread.
#define __grid_constant__

struct __attribute__((aligned(16))) uint4 {
  unsigned x, y, z, w;
};

__device__ __forceinline__ uint4 make_uint4(unsigned X, unsigned Y, unsigned Z,
                                            unsigned W) {
  return uint4{X, Y, Z, W};
}
__device__ __forceinline__ float __int_as_float(int I) {
  return __builtin_bit_cast(float, I);
}
__device__ __forceinline__ double __longlong_as_double(long long I) {
  return __builtin_bit_cast(double, I);
}
__device__ __forceinline__ long long __double_as_longlong(double D) {
  return __builtin_bit_cast(long long, D);
}
__device__ __forceinline__ double fmin(double A, double B) {
  return __builtin_fmin(A, B);
}
__device__ __forceinline__ double fmax(double A, double B) {
  return __builtin_fmax(A, B);
}
__device__ __forceinline__ void __threadfence() { __nvvm_membar_gl(); }

__device__ __forceinline__ unsigned atomicAdd(unsigned *P, unsigned V) {
  return __nvvm_atom_add_gen_i(reinterpret_cast<int *>(P), static_cast<int>(V));
}
__device__ __forceinline__ unsigned long long atomicAdd(unsigned long long *P,
                                                        unsigned long long V) {
  return __nvvm_atom_add_gen_ll(reinterpret_cast<long long *>(P),
                                static_cast<long long>(V));
}
__device__ __forceinline__ double atomicAdd(double *P, double V) {
  return __nvvm_atom_add_gen_d(P, V);
}
__device__ __forceinline__ unsigned long long
atomicCAS(unsigned long long *P, unsigned long long Cmp, unsigned long long V) {
  return __nvvm_atom_cas_gen_ll(reinterpret_cast<long long *>(P),
                                static_cast<long long>(Cmp),
                                static_cast<long long>(V));
}
__device__ __forceinline__ int atomicMin(int *P, int V) {
  return __nvvm_atom_min_gen_i(P, V);
}
__device__ __forceinline__ int atomicMax(int *P, int V) {
  return __nvvm_atom_max_gen_i(P, V);
}
__device__ __forceinline__ long long atomicMin(long long *P, long long V) {
  return __nvvm_atom_min_gen_ll(P, V);
}
__device__ __forceinline__ long long atomicMax(long long *P, long long V) {
  return __nvvm_atom_max_gen_ll(P, V);
}

/// 32-bit shuffles, and 64-bit ones as two of them (as CUDA's headers do).
__device__ __forceinline__ unsigned __shfl_down_sync(unsigned Mask, unsigned V,
                                                     int Delta) {
  return static_cast<unsigned>(
      __nvvm_shfl_sync_down_i32(Mask, static_cast<int>(V), Delta, 0x1f));
}
__device__ __forceinline__ unsigned long long
__shfl_down_sync(unsigned Mask, unsigned long long V, int Delta) {
  unsigned Lo = __shfl_down_sync(Mask, static_cast<unsigned>(V), Delta);
  unsigned Hi = __shfl_down_sync(Mask, static_cast<unsigned>(V >> 32), Delta);
  return (static_cast<unsigned long long>(Hi) << 32) | Lo;
}
__device__ __forceinline__ long long __shfl_down_sync(unsigned Mask,
                                                      long long V, int Delta) {
  return static_cast<long long>(
      __shfl_down_sync(Mask, static_cast<unsigned long long>(V), Delta));
}
__device__ __forceinline__ double __shfl_down_sync(unsigned Mask, double V,
                                                   int Delta) {
  return __longlong_as_double(
      __shfl_down_sync(Mask, __double_as_longlong(V), Delta));
}

/// ld.global.cg: a load that skips L1 (the last block reads what other
/// blocks' atomics wrote).
template <class T> __device__ __forceinline__ T __ldcg(const T *P) {
  static_assert(sizeof(T) == 8, "64-bit loads only");
  unsigned long long V;
  asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(V) : "l"(P));
  return __builtin_bit_cast(T, V);
}

#endif // AOTI_RT_DEVICE_BUILTINS_H
