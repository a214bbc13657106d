//===- stats_kernel.cu - One-pass tensor statistics on the GPU ------------===//
//
// Compiled at build time to PTX (nvcc -ptx -arch=compute_80), embedded into
// every instrumented CUDA wrapper by runtimePrelude(true), and loaded there
// with cuModuleLoadData. One launch reduces every tensor of a probe:
// blockIdx.y picks the tensor, blocks along x stride over its elements.
//
// The layouts of StatsDesc and StatsResult and the DKind numbers must match
// aoti_instrument_runtime.h (namespace aoti_rt::detail).
//
// Semantics (same as the host path): min, max and sum over the finite
// values of floating tensors; nan and inf counts; count = number of finite
// values (all values for integer and bool tensors, whose min and max are
// also kept exactly as 64-bit integers).
//
//===----------------------------------------------------------------------===//

typedef long long i64;
typedef unsigned long long u64;

// Must match aoti_rt::detail::DKind.
enum DKind {
  kUnknown = 0,
  kF32 = 1,
  kF64 = 2,
  kF16 = 3,
  kBF16 = 4,
  kF8E4M3FN = 5,
  kF8E5M2 = 6,
  kF8E4M3FNUZ = 7,
  kF8E5M2FNUZ = 8,
  kI8 = 9,
  kI16 = 10,
  kI32 = 11,
  kI64 = 12,
  kU8 = 13,
  kU16 = 14,
  kU32 = 15,
  kU64 = 16,
  kBool = 17,
};

#define AOTI_RT_MAX_DIMS 8

// Must match aoti_rt::detail::StatsDesc (160 bytes).
struct StatsDesc {
  u64 data;    // address of element 0 (storage offset applied)
  i64 numel;
  int kind;    // DKind
  int ndim;    // after coalescing, 1..8
  int pad0, pad1;
  i64 sizes[AOTI_RT_MAX_DIMS];
  i64 strides[AOTI_RT_MAX_DIMS]; // in elements
};

// Must match aoti_rt::detail::Stats (64 bytes).
struct StatsResult {
  double min, max, sum;
  i64 imin, imax;
  u64 nan, inf, count;
};

__device__ __forceinline__ float bitsToFloat(unsigned u) {
  return __int_as_float((int)u);
}

__device__ __forceinline__ float halfToFloat(unsigned short h) {
  unsigned sign = (unsigned)(h & 0x8000u) << 16;
  unsigned exp = (h >> 10) & 0x1fu;
  unsigned man = h & 0x3ffu;
  if (exp == 0x1f)
    return bitsToFloat(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    float v = (float)man * 5.9604644775390625e-08f; // 2^-24
    return sign ? -v : v;
  }
  return bitsToFloat(sign | ((exp + 112u) << 23) | (man << 13));
}

// 8-bit floats: sign, E exponent bits with bias B, M mantissa bits.
__device__ __forceinline__ float fp8ToFloat(unsigned b, int E, int M, int B,
                                             bool fnuz, bool hasInf) {
  const float qnan = __int_as_float(0x7fc00000);
  if (fnuz && b == 0x80u)
    return qnan;
  unsigned sign = (b & 0x80u) << 24;
  unsigned exp = (b >> M) & ((1u << E) - 1);
  unsigned man = b & ((1u << M) - 1);
  unsigned expMax = (1u << E) - 1;
  if (!fnuz && hasInf && exp == expMax) // e5m2: IEEE-like inf/nan
    return man ? qnan : bitsToFloat(sign | 0x7f800000u);
  if (!fnuz && !hasInf && exp == expMax && man == (1u << M) - 1) // e4m3fn
    return qnan;
  if (exp == 0) { // subnormal: man * 2^(1-B-M)
    float v = (float)man * bitsToFloat((unsigned)(127 + 1 - B - M) << 23);
    return sign ? -v : v;
  }
  return bitsToFloat(sign | ((exp - B + 127) << 23) | (man << (23 - M)));
}

struct Acc {
  double mn, mx, sum;
  i64 imn, imx;
  u64 nan, inf, count;
  __device__ void init() {
    mn = __longlong_as_double(0x7ff0000000000000LL);        // +inf
    mx = __longlong_as_double((i64)0xfff0000000000000ULL);  // -inf
    sum = 0;
    imn = 0x7fffffffffffffffLL;
    imx = -0x7fffffffffffffffLL - 1;
    nan = inf = count = 0;
  }
};

__device__ __forceinline__ int elemSize(int k) {
  switch (k) {
  case kF64: case kI64: case kU64: return 8;
  case kF32: case kI32: case kU32: return 4;
  case kF16: case kBF16: case kI16: case kU16: return 2;
  default: return 1;
  }
}

// Loads one element; returns true for integer kinds (value in *iv), false
// for floating kinds (value in *dv).
__device__ __forceinline__ bool load(int k, const unsigned char *p,
                                     double *dv, i64 *iv) {
  switch (k) {
  case kF32: *dv = *(const float *)p; return false;
  case kF64: *dv = *(const double *)p; return false;
  case kF16: *dv = halfToFloat(*(const unsigned short *)p); return false;
  case kBF16:
    *dv = bitsToFloat((unsigned)*(const unsigned short *)p << 16);
    return false;
  case kF8E4M3FN: *dv = fp8ToFloat(*p, 4, 3, 7, false, false); return false;
  case kF8E5M2: *dv = fp8ToFloat(*p, 5, 2, 15, false, true); return false;
  case kF8E4M3FNUZ: *dv = fp8ToFloat(*p, 4, 3, 8, true, false); return false;
  case kF8E5M2FNUZ: *dv = fp8ToFloat(*p, 5, 2, 16, true, false); return false;
  case kI8: *iv = *(const signed char *)p; return true;
  case kI16: *iv = *(const short *)p; return true;
  case kI32: *iv = *(const int *)p; return true;
  case kI64: *iv = *(const i64 *)p; return true;
  case kU8: *iv = *p; return true;
  case kBool: *iv = *p != 0; return true;
  case kU16: *iv = *(const unsigned short *)p; return true;
  case kU32: *iv = *(const unsigned *)p; return true;
  default: {
    u64 v = *(const u64 *)p;
    *iv = v > 0x7fffffffffffffffULL ? 0x7fffffffffffffffLL : (i64)v;
    return true;
  }
  }
}

__device__ void scan(Acc &a, const StatsDesc &d) {
  const unsigned char *base = (const unsigned char *)d.data;
  const int es = elemSize(d.kind);
  const i64 step = (i64)gridDim.x * blockDim.x;
  for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < d.numel;
       i += step) {
    i64 off;
    if (d.ndim == 1) {
      off = i * d.strides[0];
    } else {
      i64 rem = i;
      off = 0;
      for (int k = d.ndim - 1; k >= 0; --k) {
        i64 sz = d.sizes[k];
        i64 q = rem / sz;
        off += (rem - q * sz) * d.strides[k];
        rem = q;
      }
    }
    double v = 0;
    i64 iv = 0;
    if (load(d.kind, base + off * es, &v, &iv)) {
      a.imn = iv < a.imn ? iv : a.imn;
      a.imx = iv > a.imx ? iv : a.imx;
      a.sum += (double)iv;
      ++a.count;
    } else if (v != v) {
      ++a.nan;
    } else if (v - v != 0.0) { // +-inf
      ++a.inf;
    } else {
      a.mn = fmin(a.mn, v);
      a.mx = fmax(a.mx, v);
      a.sum += v;
      ++a.count;
    }
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
  a.mn = fmin(a.mn, b.mn);
  a.mx = fmax(a.mx, b.mx);
  a.sum += b.sum;
  a.imn = b.imn < a.imn ? b.imn : a.imn;
  a.imx = b.imx > a.imx ? b.imx : a.imx;
  a.nan += b.nan;
  a.inf += b.inf;
  a.count += b.count;
}

// Launch: grid (blocks per tensor, number of tensors), 256 threads.
// results[] must be initialised by the host (min = +inf, ...).
extern "C" __global__ void __launch_bounds__(256)
aoti_rt_stats(const StatsDesc *descs, StatsResult *results) {
  __shared__ StatsDesc d;
  __shared__ Acc warpAcc[8];
  if (threadIdx.x == 0)
    d = descs[blockIdx.y];
  __syncthreads();
  if ((i64)blockIdx.x * blockDim.x >= d.numel)
    return; // the whole block has nothing to do (uniform exit)

  Acc a;
  a.init();
  if (d.kind != kUnknown)
    scan(a, d);

  // Warp reduction, then one warp combines the per-warp results.
  for (int o = 16; o > 0; o >>= 1) {
    Acc b;
    b.mn = shflD(a.mn, o);
    b.mx = shflD(a.mx, o);
    b.sum = shflD(a.sum, o);
    b.imn = shflL(a.imn, o);
    b.imx = shflL(a.imx, o);
    b.nan = shflU(a.nan, o);
    b.inf = shflU(a.inf, o);
    b.count = shflU(a.count, o);
    combine(a, b);
  }
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    warpAcc[warp] = a;
  __syncthreads();
  if (threadIdx.x != 0)
    return;
  int nWarps = (blockDim.x + 31) / 32;
  for (int w = 1; w < nWarps; ++w)
    combine(a, warpAcc[w]);

  StatsResult *r = &results[blockIdx.y];
  if (a.count) {
    atomicMinDouble(&r->min, a.mn);
    atomicMaxDouble(&r->max, a.mx);
    atomicAdd(&r->sum, a.sum);
    atomicAdd(&r->count, a.count);
    atomicMin(&r->imin, a.imn);
    atomicMax(&r->imax, a.imx);
  }
  if (a.nan)
    atomicAdd(&r->nan, a.nan);
  if (a.inf)
    atomicAdd(&r->inf, a.inf);
}
