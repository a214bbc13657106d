//===- stats_kernel.cu - One-pass tensor statistics on the GPU ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled at build time to PTX by clang's CUDA front end, for compute_75 at
// the lowest PTX ISA version that target allows (lib/Runtime/Runtime.cmake),
// so that every GPU torch's CUDA builds run on (Turing through Blackwell)
// and every driver from CUDA 10's on can JIT it; embedded into every
// instrumented CUDA wrapper by runtimePrelude(true), and loaded there with
// cuModuleLoadData. No CUDA toolkit header is used: device_builtins.h
// defines the CUDA names used here. One launch of aoti_rt_stats reduces
// every tensor of a probe: blockIdx.y picks the tensor, blocks along x
// stride over its elements.
//
// One launch is the whole device side of a probe: the descriptors travel in
// the kernel's parameters (up to kInlineDescs of them; more are read
// from device memory), every block adds its partial result into per-tensor
// accumulators in device memory, and the last block to finish writes the
// final results to `out` (pinned host memory mapped into the device, or
// device memory) and puts the accumulators and the block counter back into
// their initial state for the next launch on the same buffers. So no copy to
// or from the device is needed per probe: the host reads `out` after a sync.
//
// The layouts of StatsDesc, Stats and StatsLaunch and the DKind numbers
// must match aoti_instrument_runtime.h (namespace aoti_rt::detail).
//
// Semantics (same as the host path): min, max and sum over the finite
// values of floating tensors; nan and inf counts; count = number of finite
// values (all values for integer and bool tensors, whose min and max are
// also kept exactly as 64-bit integers).
//
//===----------------------------------------------------------------------===//

#include "device_builtins.h" // CUDA names, clang builtins: before the rest

#include "aoti_rt/abi.h"    // StatsDesc, StatsLaunch, Stats, DKind
#include "aoti_rt/decode.h" // half, bf16, fp8 decoding, as on the host

typedef long long i64;
typedef unsigned long long u64;

using namespace aoti_rt::detail;

// The CUDA atomics take (unsigned) long long; abi.h's fields are the
// fixed-width types of the same size.
static_assert(sizeof(u64) == sizeof(uint64_t) && sizeof(i64) == sizeof(int64_t),
              "64-bit fields");

struct Acc {
  double minVal, maxVal, sum;
  i64 minInt, maxInt;
  u64 nan, inf, count;
  __device__ void init() {
    minVal = __longlong_as_double(0x7ff0000000000000LL);       // +inf
    maxVal = __longlong_as_double((i64)0xfff0000000000000ULL); // -inf
    sum = 0;
    minInt = 0x7fffffffffffffffLL;
    maxInt = -0x7fffffffffffffffLL - 1;
    nan = inf = count = 0;
  }
};

__device__ __forceinline__ int elemSize(int k) {
  switch (k) {
  case kDF64:
  case kDI64:
  case kDU64:
    return 8;
  case kDF32:
  case kDI32:
  case kDU32:
    return 4;
  case kDF16:
  case kDBF16:
  case kDI16:
  case kDU16:
    return 2;
  default:
    return 1;
  }
}

// Decodes one element from its bits (zero-extended); returns true for
// integer kinds (value in *iv), false for floating kinds (value in *dv).
// ES is the element size: only the kinds of that size are decoded.
template <int ES>
__device__ __forceinline__ bool decode(int k, u64 raw, double *dv, i64 *iv) {
  if (ES == 4) {
    unsigned u = (unsigned)raw;
    if (k == kDF32) {
      *dv = bitsToFloat(u);
      return false;
    }
    if (k == kDI32) {
      *iv = (int)u;
      return true;
    }
    *iv = u; // kDU32
    return true;
  }
  if (ES == 2) {
    unsigned short h = (unsigned short)raw;
    if (k == kDBF16) {
      *dv = bitsToFloat((unsigned)h << 16);
      return false;
    }
    if (k == kDF16) {
      *dv = halfToFloat(h);
      return false;
    }
    if (k == kDI16) {
      *iv = (short)h;
      return true;
    }
    *iv = h; // kDU16
    return true;
  }
  if (ES == 8) {
    if (k == kDF64) {
      *dv = __longlong_as_double((i64)raw);
      return false;
    }
    if (k == kDI64) {
      *iv = (i64)raw;
      return true;
    }
    *iv = raw > 0x7fffffffffffffffULL ? 0x7fffffffffffffffLL : (i64)raw;
    return true; // kDU64
  }
  unsigned b = (unsigned)raw & 0xffu;
  switch (k) {
  case kDF8E4M3FN:
    *dv = fp8ToFloat(b, 4, 3, 7, false, false);
    return false;
  case kDF8E5M2:
    *dv = fp8ToFloat(b, 5, 2, 15, false, true);
    return false;
  case kDF8E4M3FNUZ:
    *dv = fp8ToFloat(b, 4, 3, 8, true, false);
    return false;
  case kDF8E5M2FNUZ:
    *dv = fp8ToFloat(b, 5, 2, 16, true, false);
    return false;
  case kDI8:
    *iv = (signed char)b;
    return true;
  case kDBool:
    *iv = b != 0;
    return true;
  default:
    *iv = b;
    return true; // kDU8
  }
}

template <int ES> __device__ __forceinline__ void add(Acc &a, int k, u64 raw) {
  double v = 0;
  i64 iv = 0;
  if (decode<ES>(k, raw, &v, &iv)) {
    a.minInt = iv < a.minInt ? iv : a.minInt;
    a.maxInt = iv > a.maxInt ? iv : a.maxInt;
    a.sum += (double)iv;
    ++a.count;
  } else if (v != v) {
    ++a.nan;
  } else if (v - v != 0.0) { // +-inf
    ++a.inf;
  } else {
    a.minVal = fmin(a.minVal, v);
    a.maxVal = fmax(a.maxVal, v);
    a.sum += v;
    ++a.count;
  }
}

template <int ES>
__device__ __forceinline__ u64 loadRaw(const unsigned char *p) {
  if (ES == 1)
    return *p;
  if (ES == 2)
    return *(const unsigned short *)p;
  if (ES == 4)
    return *(const unsigned *)p;
  return *(const u64 *)p;
}

// Element i's offset, in index type I: unsigned (kDescIndex32: numel and
// every offset fit) when it can, since the hardware divides 32-bit integers
// in a few instructions and 64-bit ones in a long routine.
template <typename I>
__device__ __noinline__ i64 offsetND(const StatsDesc &d, I i) {
  I rem = i, off = 0;
  for (int k = d.ndim - 1; k >= 0; --k) {
    I sz = (I)d.sizes[k];
    I q = rem / sz;
    off += (rem - q * sz) * (I)d.strides[k];
    rem = q;
  }
  return (i64)off;
}

__device__ __forceinline__ i64 offsetOf(const StatsDesc &d, i64 i) {
  if (d.ndim == 1)
    return i * d.strides[0];
  return (d.flags & kDescIndex32) ? offsetND<unsigned>(d, (unsigned)i)
                                  : offsetND<i64>(d, i);
}

template <class T>
__device__ __forceinline__ T pick(int t, T v0, T v1, T v2, T v3) {
  return t == 0 ? v0 : t == 1 ? v1 : t == 2 ? v2 : v3;
}

// Any layout: elements first, first + step, ... in logical order, four
// loads in flight per thread (the loads are independent; one element at a
// time would wait for memory once per element), then processed in a loop
// that is not unrolled (one copy of the per-element code keeps the PTX
// small). 1-byte kinds (rare, small: masks, fp8) one at a time.
template <int ES>
__device__ void scanStrided(Acc &a, const StatsDesc &d, i64 first, i64 step) {
  const unsigned char *base = (const unsigned char *)d.data;
  const int k = d.kind;
  const i64 n = d.numel;
  i64 i = first;
#pragma unroll 1
  for (; ES > 1 && i + 3 * step < n; i += 4 * step) {
    u64 r0 = loadRaw<ES>(base + offsetOf(d, i) * ES);
    u64 r1 = loadRaw<ES>(base + offsetOf(d, i + step) * ES);
    u64 r2 = loadRaw<ES>(base + offsetOf(d, i + 2 * step) * ES);
    u64 r3 = loadRaw<ES>(base + offsetOf(d, i + 3 * step) * ES);
#pragma unroll 1
    for (int t = 0; t < 4; ++t)
      add<ES>(a, k, pick(t, r0, r1, r2, r3));
  }
#pragma unroll 1
  for (; i < n; i += step)
    add<ES>(a, k, loadRaw<ES>(base + offsetOf(d, i) * ES));
}

// Contiguous and 16-byte aligned 2- and 4-byte elements: four 16-byte loads
// in flight per thread, then the tail element by element.
template <int ES>
__device__ void scanContiguous(Acc &a, const StatsDesc &d, i64 first,
                               i64 step) {
  const unsigned char *base = (const unsigned char *)d.data;
  const int k = d.kind;
  const i64 nv = d.numel * ES / 16;
  const uint4 *vp = (const uint4 *)base;
#pragma unroll 1
  for (i64 j = first; j < nv; j += 4 * step) {
    uint4 q0 = vp[j];
    uint4 q1 = j + step < nv ? vp[j + step] : make_uint4(0, 0, 0, 0);
    uint4 q2 = j + 2 * step < nv ? vp[j + 2 * step] : make_uint4(0, 0, 0, 0);
    uint4 q3 = j + 3 * step < nv ? vp[j + 3 * step] : make_uint4(0, 0, 0, 0);
    int words =
        4 * (1 + (j + step < nv) + (j + 2 * step < nv) + (j + 3 * step < nv));
#pragma unroll 1
    for (int w = 0; w < words; ++w) {
      uint4 q = pick(w >> 2, q0, q1, q2, q3);
      unsigned x = pick(w & 3, q.x, q.y, q.z, q.w);
      if (ES == 4) {
        add<4>(a, k, x);
      } else {
        add<2>(a, k, x & 0xffffu);
        add<2>(a, k, x >> 16);
      }
    }
  }
#pragma unroll 1
  for (i64 i = nv * (16 / ES) + first; i < d.numel; i += step)
    add<ES>(a, k, loadRaw<ES>(base + i * ES));
}

__device__ void scan(Acc &a, const StatsDesc &d, i64 first, i64 step) {
  const bool contiguous = (d.flags & kDescContiguous) != 0;
  switch (elemSize(d.kind)) {
  case 4:
    if (contiguous)
      scanContiguous<4>(a, d, first, step);
    else
      scanStrided<4>(a, d, first, step);
    return;
  case 2:
    if (contiguous)
      scanContiguous<2>(a, d, first, step);
    else
      scanStrided<2>(a, d, first, step);
    return;
  case 8:
    scanStrided<8>(a, d, first, step);
    return;
  default:
    scanStrided<1>(a, d, first, step);
    return;
  }
}

__device__ void atomicMinDouble(double *addr, double v) {
  u64 *p = (u64 *)addr;
  u64 old = *p;
  while (v < __longlong_as_double((i64)old)) {
    u64 assumed = old;
    old = atomicCAS(p, assumed, (u64)__double_as_longlong(v));
    if (old == assumed)
      break;
  }
}

__device__ void atomicMaxDouble(double *addr, double v) {
  u64 *p = (u64 *)addr;
  u64 old = *p;
  while (v > __longlong_as_double((i64)old)) {
    u64 assumed = old;
    old = atomicCAS(p, assumed, (u64)__double_as_longlong(v));
    if (old == assumed)
      break;
  }
}

__device__ __forceinline__ double shflD(double v, int o) {
  return __shfl_down_sync(0xffffffffu, v, o);
}
__device__ __forceinline__ i64 shflL(i64 v, int o) {
  return __shfl_down_sync(0xffffffffu, v, o);
}
__device__ __forceinline__ u64 shflU(u64 v, int o) {
  return __shfl_down_sync(0xffffffffu, v, o);
}

__device__ void combine(Acc &a, const Acc &b) {
  a.minVal = fmin(a.minVal, b.minVal);
  a.maxVal = fmax(a.maxVal, b.maxVal);
  a.sum += b.sum;
  a.minInt = b.minInt < a.minInt ? b.minInt : a.minInt;
  a.maxInt = b.maxInt > a.maxInt ? b.maxInt : a.maxInt;
  a.nan += b.nan;
  a.inf += b.inf;
  a.count += b.count;
}

__device__ __forceinline__ void initResult(Stats *r) {
  r->min = __longlong_as_double(0x7ff0000000000000LL);       // +inf
  r->max = __longlong_as_double((i64)0xfff0000000000000ULL); // -inf
  r->sum = 0;
  r->imin = 0x7fffffffffffffffLL;
  r->imax = -0x7fffffffffffffffLL - 1;
  r->nan = r->inf = r->count = 0;
}

// Whether this block is the last of the grid to be done; every thread of
// the block calls it, after thread 0 added the block's part to the
// accumulators. Then the whole last block publishes the results, a tensor
// per thread: one thread alone would wait for memory once per tensor.
__device__ __forceinline__ bool lastBlockDone(unsigned *counter) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(counter, 1u) == gridDim.x * gridDim.y - 1;
  }
  __syncthreads();
  if (last)
    __threadfence();
  return last;
}

// Launch: grid (blocks per tensor, number of tensors), 256 threads.
// L.acc[] and *L.counter must be in their initial state (the host sets them
// once when it allocates them; every launch leaves them so).
extern "C" __global__ void __launch_bounds__(256)
    aoti_rt_stats(const __grid_constant__ StatsLaunch L) {
  __shared__ StatsDesc d;
  __shared__ Acc warpAcc[8];
  // The block's descriptor, copied by several threads. Not by a struct
  // assignment: clang makes it a byte-by-byte loop of one thread (it
  // lowers memcpy across address spaces so), 1 us a block. The two
  // sources are copied differently, so that clang does not merge the
  // copies into one through a pointer chosen between them: a pointer into
  // the parameter chosen so makes it copy the whole parameter (2.6 KB) to
  // local memory per thread.
  const unsigned t = threadIdx.x;
  if (L.descs) { // more than kInlineDescs: in device memory, word by word
    constexpr unsigned kWords = sizeof(StatsDesc) / sizeof(u64);
    static_assert(sizeof(StatsDesc) % sizeof(u64) == 0, "whole words");
    if (t < kWords)
      ((u64 *)&d)[t] = ((const u64 *)&L.descs[blockIdx.y])[t];
  } else if (t < kMaxKernelDims) { // in the parameter, field by field
    const StatsDesc &s = L.inl[blockIdx.y];
    d.sizes[t] = s.sizes[t];
    d.strides[t] = s.strides[t];
    if (t == 0) {
      d.data = s.data;
      d.numel = s.numel;
      d.kind = s.kind;
      d.ndim = s.ndim;
      d.flags = s.flags;
      d.blocks = s.blocks;
    }
  }
  __syncthreads();
  // The tensor's own number of blocks (the grid has the largest): a block
  // past it has nothing to scan (uniform per block), but still counts
  // itself done below.
  const unsigned nb = d.blocks > 0 ? (unsigned)d.blocks : gridDim.x;
  const bool active = blockIdx.x < nb;
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  Acc a;
  a.init();
  if (active) {
    if (d.kind != kDUnknown)
      scan(a, d, (i64)blockIdx.x * blockDim.x + threadIdx.x,
           (i64)nb * blockDim.x);
    // Warp reduction, then one warp combines the per-warp results.
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
      Acc b;
      b.minVal = shflD(a.minVal, o);
      b.maxVal = shflD(a.maxVal, o);
      b.sum = shflD(a.sum, o);
      b.minInt = shflL(a.minInt, o);
      b.maxInt = shflL(a.maxInt, o);
      b.nan = shflU(a.nan, o);
      b.inf = shflU(a.inf, o);
      b.count = shflU(a.count, o);
      combine(a, b);
    }
    if (lane == 0)
      warpAcc[warp] = a;
  }
  __syncthreads();
  if (threadIdx.x == 0 && active) {
    int nWarps = (blockDim.x + 31) / 32;
    for (int w = 1; w < nWarps; ++w)
      combine(a, warpAcc[w]);
    Stats *r = &L.acc[blockIdx.y];
    if (a.count) {
      atomicMinDouble(&r->min, a.minVal);
      atomicMaxDouble(&r->max, a.maxVal);
      atomicAdd(&r->sum, a.sum);
      atomicAdd((u64 *)&r->count, a.count);
      atomicMin((i64 *)&r->imin, a.minInt);
      atomicMax((i64 *)&r->imax, a.maxInt);
    }
    if (a.nan)
      atomicAdd((u64 *)&r->nan, a.nan);
    if (a.inf)
      atomicAdd((u64 *)&r->inf, a.inf);
  }
  // The last block done publishes the results and resets the accumulators.
  if (!lastBlockDone(L.counter))
    return;
  for (int t = threadIdx.x; t < L.n; t += blockDim.x) {
    Stats *r = &L.acc[t];
    Stats v;
    v.min = __ldcg(&r->min);
    v.max = __ldcg(&r->max);
    v.sum = __ldcg(&r->sum);
    v.imin = __ldcg(&r->imin);
    v.imax = __ldcg(&r->imax);
    v.nan = __ldcg(&r->nan);
    v.inf = __ldcg(&r->inf);
    v.count = __ldcg(&r->count);
    L.out[t] = v;
    initResult(r);
  }
  if (threadIdx.x == 0)
    *L.counter = 0;
}

//===----------------------------------------------------------------------===//
// NaN and Inf counts of dense floating tensors (NanLaunch, abi.h): what a
// deferred NaN check needs, from the bits alone, 16 bytes per load.
//===----------------------------------------------------------------------===//

// One element's bits, masked, against the kind's patterns: NaN when in
// [lo, hi], Inf when equal to inf (an impossible value for kinds without
// Inf). One classification for every floating kind of a size.
struct NanPattern {
  u64 mask, lo, hi, inf;
};

__device__ __forceinline__ NanPattern nanPattern(int k) {
  switch (k) {
  case kDF32:
    return {0x7fffffffULL, 0x7f800001ULL, 0x7fffffffULL, 0x7f800000ULL};
  case kDF64:
    return {0x7fffffffffffffffULL, 0x7ff0000000000001ULL, 0x7fffffffffffffffULL,
            0x7ff0000000000000ULL};
  case kDF16:
    return {0x7fff, 0x7c01, 0x7fff, 0x7c00};
  case kDBF16:
    return {0x7fff, 0x7f81, 0x7fff, 0x7f80};
  case kDF8E4M3FN:
    return {0x7f, 0x7f, 0x7f, ~0ULL}; // no Inf
  case kDF8E5M2:
    return {0x7f, 0x7d, 0x7f, 0x7c}; // float16's upper byte
  case kDF8E4M3FNUZ:                 // NaN is 0x80 alone
  case kDF8E5M2FNUZ:
    return {0xff, 0x80, 0x80, ~0ULL};
  default:
    return {0, 1, 1, ~0ULL}; // nothing matches
  }
}

// Elements of up to 4 bytes compare in 32 bits (the patterns fit).
template <int ES>
__device__ __forceinline__ void nanAdd(const NanPattern &P, u64 b, unsigned &n,
                                       unsigned &f) {
  if constexpr (ES == 8) {
    u64 e = b & P.mask;
    n += e - P.lo <= P.hi - P.lo;
    f += e == P.inf;
  } else {
    unsigned e = (unsigned)b & (unsigned)P.mask;
    n += e - (unsigned)P.lo <= (unsigned)(P.hi - P.lo);
    f += e == (unsigned)P.inf;
  }
}

// The 16 bytes of one load (2- or 4-byte elements), element by element.
template <int ES>
__device__ __forceinline__ void nanAdd16(const NanPattern &P, uint4 q,
                                         unsigned &n, unsigned &f) {
  const unsigned w[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4 / ES; ++j)
      nanAdd<ES>(P, w[i] >> (8 * ES * j), n, f); // P.mask keeps the element
}

// Thread `t` of `nt` over a tensor of 2- or 4-byte elements: the ones
// before the first 16-byte boundary and after the last one singly, the
// rest by 16-byte loads, four in flight.
template <int ES>
__device__ void nanScan(const NanPattern &P, const unsigned char *p, i64 numel,
                        i64 t, i64 nt, unsigned &n, unsigned &f) {
  i64 head = (i64)((16 - ((unsigned long long)p & 15)) & 15) / ES;
  head = head < numel ? head : numel;
  for (i64 e = t; e < head; e += nt)
    nanAdd<ES>(P, loadRaw<ES>(p + e * ES), n, f);
  const uint4 *v = (const uint4 *)(p + head * ES);
  const i64 nv = (numel - head) * ES / 16;
  i64 j = t;
#pragma unroll 1
  for (; j + 3 * nt < nv; j += 4 * nt) {
    uint4 a = v[j], b = v[j + nt], c = v[j + 2 * nt], d = v[j + 3 * nt];
    nanAdd16<ES>(P, a, n, f);
    nanAdd16<ES>(P, b, n, f);
    nanAdd16<ES>(P, c, n, f);
    nanAdd16<ES>(P, d, n, f);
  }
#pragma unroll 1
  for (; j < nv; j += nt)
    nanAdd16<ES>(P, v[j], n, f);
  const unsigned char *tail = (const unsigned char *)(v + nv);
  const i64 rest = numel - head - nv * 16 / ES;
  for (i64 e = t; e < rest; e += nt)
    nanAdd<ES>(P, loadRaw<ES>(tail + e * ES), n, f);
}

// One merged poison fill (FillDesc), by the threads of one block: the
// bytes before the first 16-byte boundary and after the last one singly,
// the rest by 16-byte stores.
__device__ void fillRange(const FillDesc &F) {
  unsigned char *p = (unsigned char *)F.data;
  const unsigned b = F.value & 0xffu, w = b * 0x01010101u;
  unsigned head = (unsigned)((16 - ((unsigned long long)p & 15)) & 15);
  head = head < F.bytes ? head : F.bytes;
  for (unsigned i = threadIdx.x; i < head; i += blockDim.x)
    p[i] = (unsigned char)b;
  uint4 *q = (uint4 *)(p + head);
  const unsigned nq = (F.bytes - head) / 16;
  const uint4 v = make_uint4(w, w, w, w);
  for (unsigned i = threadIdx.x; i < nq; i += blockDim.x)
    q[i] = v;
  unsigned char *t = (unsigned char *)(q + nq);
  const unsigned rest = F.bytes - head - nq * 16;
  for (unsigned i = threadIdx.x; i < rest; i += blockDim.x)
    t[i] = (unsigned char)b;
}

// Launch: a flat grid of 256-thread blocks, tensor t's d[t].blocks blocks
// after those of the tensors before it (so no block is idle whatever the
// sizes, and few blocks share the one counter); a block scans one
// contiguous part of its tensor. As aoti_rt_stats: L.acc[] (nan, inf) and
// *L.counter start and end at 0, the last block done writes the results
// to L.out; then it writes the merged fills.
extern "C" __global__ void __launch_bounds__(256)
    aoti_rt_nancount(const __grid_constant__ NanLaunch L) {
  __shared__ unsigned warpN[8], warpF[8];
  // The block's tensor: at most kNanDescs uniform reads of the parameter.
  int t = 0;
  unsigned first = 0;
  while (t + 1 < L.n && blockIdx.x >= first + (unsigned)L.d[t].blocks)
    first += (unsigned)L.d[t++].blocks;
  const NanDesc &d = L.d[t];
  const i64 nb = d.blocks > 0 ? d.blocks : 1;
  const i64 b = (i64)(blockIdx.x - first);
  unsigned n = 0, f = 0;
  if (b < nb) {
    // Parts of a multiple of 64 elements, so that every part but the
    // first starts as 16-byte aligned as the tensor does.
    const i64 per = ((d.numel + nb - 1) / nb + 63) / 64 * 64;
    const i64 lo = b * per < d.numel ? b * per : d.numel;
    const i64 cnt = (lo + per < d.numel ? lo + per : d.numel) - lo;
    const NanPattern P = nanPattern(d.kind);
    const i64 tid = threadIdx.x, nt = blockDim.x;
    switch (elemSize(d.kind)) {
    case 4:
      nanScan<4>(P, (const unsigned char *)d.data + lo * 4, cnt, tid, nt, n, f);
      break;
    case 2:
      nanScan<2>(P, (const unsigned char *)d.data + lo * 2, cnt, tid, nt, n, f);
      break;
    case 8: { // float64 (rare): one element per load
      const unsigned char *p = (const unsigned char *)d.data + lo * 8;
      for (i64 e = tid; e < cnt; e += nt)
        nanAdd<8>(P, loadRaw<8>(p + e * 8), n, f);
      break;
    }
    default: { // float8
      const unsigned char *p = (const unsigned char *)d.data + lo;
      for (i64 e = tid; e < cnt; e += nt)
        nanAdd<1>(P, loadRaw<1>(p + e), n, f);
      break;
    }
    }
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) { // (redux.sync needs sm_80)
    n += __shfl_down_sync(0xffffffffu, n, o);
    f += __shfl_down_sync(0xffffffffu, f, o);
  }
  if (threadIdx.x % 32 == 0) {
    warpN[threadIdx.x / 32] = n;
    warpF[threadIdx.x / 32] = f;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    u64 bn = 0, bf = 0;
    for (int w = 0; w < (int)(blockDim.x + 31) / 32; ++w) {
      bn += warpN[w];
      bf += warpF[w];
    }
    Stats *r = &L.acc[t];
    if (bn)
      atomicAdd((u64 *)&r->nan, bn);
    if (bf)
      atomicAdd((u64 *)&r->inf, bf);
  }
  // The last block done publishes the counts and resets the accumulators.
  if (!lastBlockDone(L.counter))
    return;
  for (int k = threadIdx.x; k < L.n; k += blockDim.x) {
    Stats *a = &L.acc[k];
    Stats v;
    initResult(&v);
    v.nan = __ldcg(&a->nan);
    v.inf = __ldcg(&a->inf);
    v.count = (u64)L.d[k].numel - v.nan - v.inf;
    L.out[k] = v;
    a->nan = 0;
    a->inf = 0;
  }
  if (threadIdx.x == 0)
    *L.counter = 0;
  // Every block has counted: the merged fills may overwrite counted bytes.
  for (int f = 0; f < L.nfills; ++f)
    fillRange(L.fills[f]);
}

//===----------------------------------------------------------------------===//
// Redzones of run_impl's buffers (ZoneLaunch, abi.h): filled with the
// canary when a buffer is made, checked in stream order after each launch
// that writes the buffer (the first launch that damaged a zone is recorded
// on the device), read once at the end of the run. One block per buffer,
// both zones.
//===----------------------------------------------------------------------===//

extern "C" __global__ void __launch_bounds__(256)
    aoti_rt_redzones(const __grid_constant__ ZoneLaunch L) {
  __shared__ int first[2], last[2];
  // Field by field, not by struct assignment (see aoti_rt_stats).
  uint64_t start = L.inl.start, bytes = L.inl.bytes;
  unsigned zone = L.inl.zone;
  int record = L.inl.record, site = L.inl.site;
  if (L.descs) {
    start = L.descs[blockIdx.x].start;
    bytes = L.descs[blockIdx.x].bytes;
    zone = L.descs[blockIdx.x].zone;
    record = L.descs[blockIdx.x].record;
    site = L.descs[blockIdx.x].site;
  }
  unsigned char *before = (unsigned char *)start;
  unsigned char *after = before + zone + bytes;
  if (L.mode == kZoneFill) {
    for (unsigned i = threadIdx.x; i < 2 * zone; i += blockDim.x)
      (i < zone ? before[i] : after[i - zone]) = L.canary;
    return;
  }
  if (threadIdx.x < 2) {
    first[threadIdx.x] = 0x7fffffff;
    last[threadIdx.x] = -1;
  }
  __syncthreads();
  for (unsigned i = threadIdx.x; i < 2 * zone; i += blockDim.x) {
    int side = i < zone ? 0 : 1;
    int off = (int)(side ? i - zone : i);
    unsigned char b = side ? after[off] : before[off];
    if (b != L.canary) {
      atomicMin(&first[side], off);
      atomicMax(&last[side], off);
    }
  }
  __syncthreads();
  if (threadIdx.x != 0)
    return;
  if (L.mode == kZoneAttribute) {
    // Stream order: the launches before this one are done, the buffer's
    // next writer has not started; the first launch found to damage a zone
    // is kept.
    ZoneResult *out = &L.out[record];
    if (last[0] >= 0 && out->siteBefore < 0) {
      out->firstBefore = first[0];
      out->lastBefore = last[0];
      out->siteBefore = site;
    }
    if (last[1] >= 0 && out->siteAfter < 0) {
      out->firstAfter = first[1];
      out->lastAfter = last[1];
      out->siteAfter = site;
    }
    return;
  }
  ZoneResult *out = &L.out[blockIdx.x];
  out->firstBefore = last[0] < 0 ? -1 : first[0];
  out->lastBefore = last[0];
  out->firstAfter = last[1] < 0 ? -1 : first[1];
  out->lastAfter = last[1];
  out->siteBefore = out->siteAfter = -1;
}
