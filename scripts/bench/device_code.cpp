//===- device_code.cpp - The runtime's kernels, PTX against PTX -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Times the runtime's NaN-count and statistics kernels (lib/Runtime/
// stats_kernel.cu) as two or more PTX texts make them, side by side in one
// process: each variant's module is loaded once (the driver's JIT time is
// reported), then every round launches every variant, in a shuffled order,
// on the same tensors; medians and spread of the per-launch device time
// (CUDA events). The results of every variant must be equal, and the NaN
// and Inf counts equal to the ones seeded.
//
//   g++ -std=c++17 -O2 -I lib/Runtime -I $CUDA_HOME/include
//       scripts/bench/device_code.cpp -o device_code -lcuda
//   ./device_code clang=build/lib/stats_kernel.ptx nvcc=old.ptx
//       [--rounds 30] [--iters 50]
//
// The tensors are those of a transformer layer's probe (8 x 256 tokens,
// d=256, MLP 1024): fp32 and bf16 activations of 2 and 8 MB, a bias, a
// small tensor, and for the statistics kernel a transposed (strided) view
// and an int64 index tensor. Launches are shaped as the runtime shapes
// them (cuda_stats.h: nanDesc, fillDesc, mostBlocks).
//
//===----------------------------------------------------------------------===//

#include "aoti_rt/abi.h"

#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace aoti_rt::detail;

namespace {

void check(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return;
  const char *Text = nullptr;
  cuGetErrorString(R, &Text);
  std::fprintf(stderr, "device_code: %s: %s\n", What, Text ? Text : "?");
  std::exit(1);
}

struct Tensor {
  const char *name;
  int32_t kind;
  int64_t numel, elemSize;
  int64_t nan = 0, inf = 0; ///< seeded
  CUdeviceptr data = 0;
};

struct Variant {
  std::string name;
  CUmodule mod = nullptr;
  CUfunction nan = nullptr, stats = nullptr;
  double jitMs = 0;
  std::vector<double> nanUs, statsUs;
  std::vector<std::vector<double>> oneUs; ///< statistics of one tensor each
  std::vector<Stats> nanOut, statsOut;
};

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    std::fprintf(stderr, "device_code: cannot read %s\n", Path.c_str());
    std::exit(1);
  }
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

uint32_t bf16Bits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return U >> 16;
}

/// Random values with `nan` NaNs and `inf` Infs at random places.
Tensor makeTensor(const char *Name, int32_t Kind, int64_t Numel, int64_t Nan,
                  int64_t Inf, std::mt19937 &Rng) {
  Tensor T{Name, Kind, Numel, Kind == kDBF16 ? 2 : Kind == kDI64 ? 8 : 4};
  T.nan = Nan;
  T.inf = Inf;
  std::vector<unsigned char> Host(static_cast<size_t>(Numel * T.elemSize));
  std::normal_distribution<float> Value(0.f, 1.f);
  std::uniform_int_distribution<int64_t> Where(0, Numel - 1);
  std::vector<float> F(static_cast<size_t>(Numel));
  for (float &V : F)
    V = Value(Rng);
  for (int64_t I = 0; I < Nan; ++I)
    F[static_cast<size_t>(I * (Numel / std::max<int64_t>(Nan, 1)))] = NAN;
  for (int64_t I = 0; I < Inf; ++I)
    F[static_cast<size_t>(I * (Numel / std::max<int64_t>(Inf, 1)) + 1)] =
        INFINITY;
  for (int64_t I = 0; I < Numel; ++I) {
    unsigned char *P = Host.data() + I * T.elemSize;
    if (Kind == kDF32) {
      std::memcpy(P, &F[static_cast<size_t>(I)], 4);
    } else if (Kind == kDBF16) {
      uint16_t B = static_cast<uint16_t>(bf16Bits(F[static_cast<size_t>(I)]));
      std::memcpy(P, &B, 2);
    } else {
      int64_t V = Where(Rng);
      std::memcpy(P, &V, 8);
    }
  }
  check(cuMemAlloc(&T.data, Host.size()), "cuMemAlloc");
  check(cuMemcpyHtoD(T.data, Host.data(), Host.size()), "cuMemcpyHtoD");
  return T;
}

NanLaunch nanLaunch(const std::vector<Tensor> &Ts, Stats *Acc,
                    uint32_t *Counter, Stats *Out, int64_t &Blocks) {
  NanLaunch L;
  std::memset(&L, 0, sizeof L);
  L.acc = Acc;
  L.counter = Counter;
  L.out = Out;
  Blocks = 0;
  for (const Tensor &T : Ts) {
    if (T.kind == kDI64)
      continue;
    NanDesc &D = L.d[L.n++];
    D.data = T.data;
    D.numel = T.numel;
    D.kind = T.kind;
    D.blocks = static_cast<int32_t>(std::max<int64_t>(
        1, std::min<int64_t>((T.numel * T.elemSize + kNanBlockBytes - 1) /
                                 kNanBlockBytes,
                             kNanMaxBlocks)));
    Blocks += D.blocks;
  }
  return L;
}

/// As cuda_stats.h's fillDesc: a contiguous 1-D view, or (Transposed) the
/// tensor as [cols, rows] with strides [1, cols].
StatsDesc statsDesc(const Tensor &T, bool Transposed) {
  StatsDesc D;
  std::memset(&D, 0, sizeof D);
  D.data = T.data;
  D.numel = T.numel;
  D.kind = T.kind;
  if (Transposed) {
    int64_t Cols = 256, Rows = T.numel / Cols;
    D.ndim = 2;
    D.sizes[0] = Cols;
    D.sizes[1] = Rows;
    D.strides[0] = 1;
    D.strides[1] = Cols;
  } else {
    D.ndim = 1;
    D.sizes[0] = T.numel;
    D.strides[0] = 1;
  }
  bool Contiguous = (T.elemSize == 2 || T.elemSize == 4) && !Transposed;
  D.flags = Contiguous ? kDescContiguous : 0;
  int64_t Blocks = Contiguous ? (T.numel * T.elemSize + 16383) / 16384
                              : (T.numel + 1023) / 1024;
  D.blocks = static_cast<int32_t>(
      std::max<int64_t>(1, std::min<int64_t>(Blocks, 1024)));
  return D;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

double quantile(std::vector<double> V, double Q) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[static_cast<size_t>(Q * (V.size() - 1))];
}

/// Equal, but for the sum's last bits: blocks add their parts to it with
/// atomics, in whatever order they finish.
bool sameStats(const Stats &A, const Stats &B) {
  double Scale = std::max(std::fabs(A.sum), 1.0);
  return A.min == B.min && A.max == B.max && A.imin == B.imin &&
         A.imax == B.imax && A.nan == B.nan && A.inf == B.inf &&
         A.count == B.count && std::fabs(A.sum - B.sum) <= 1e-12 * Scale;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<Variant> Vs;
  std::vector<std::string> Paths;
  int Rounds = 30, Iters = 50;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--rounds" && I + 1 < Argc)
      Rounds = std::atoi(Argv[++I]);
    else if (A == "--iters" && I + 1 < Argc)
      Iters = std::atoi(Argv[++I]);
    else if (A.find('=') != std::string::npos) {
      Vs.push_back(Variant{A.substr(0, A.find('='))});
      Paths.push_back(A.substr(A.find('=') + 1));
    } else {
      std::fprintf(stderr, "usage: device_code NAME=PTX... [--rounds R] "
                           "[--iters I]\n");
      return 2;
    }
  }
  if (Vs.empty()) {
    std::fprintf(stderr, "device_code: no PTX variants given\n");
    return 2;
  }
  check(cuInit(0), "cuInit");
  CUdevice Dev;
  CUcontext Ctx;
  check(cuDeviceGet(&Dev, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(Ctx), "cuCtxSetCurrent");
  char DevName[256];
  cuDeviceGetName(DevName, sizeof DevName, Dev);
  int Driver = 0;
  cuDriverGetVersion(&Driver);
  std::printf("device: %s, driver API %d\n", DevName, Driver);

  for (size_t K = 0; K < Vs.size(); ++K) {
    std::string Ptx = readFile(Paths[K]);
    CUevent B, E;
    check(cuEventCreate(&B, CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&E, CU_EVENT_DEFAULT), "cuEventCreate");
    auto T0 = std::chrono::steady_clock::now();
    check(cuModuleLoadData(&Vs[K].mod, Ptx.c_str()), "cuModuleLoadData");
    Vs[K].jitMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - T0)
                      .count();
    check(cuModuleGetFunction(&Vs[K].nan, Vs[K].mod, "aoti_rt_nancount"),
          "aoti_rt_nancount");
    check(cuModuleGetFunction(&Vs[K].stats, Vs[K].mod, "aoti_rt_stats"),
          "aoti_rt_stats");
  }

  std::mt19937 Rng(7);
  std::vector<Tensor> Ts = {
      makeTensor("act fp32 [8,256,256]", kDF32, 8 * 256 * 256, 3, 2, Rng),
      makeTensor("mlp fp32 [8,256,1024]", kDF32, 8 * 256 * 1024, 1, 0, Rng),
      makeTensor("act bf16 [8,256,256]", kDBF16, 8 * 256 * 256, 5, 1, Rng),
      makeTensor("mlp bf16 [8,256,1024]", kDBF16, 8 * 256 * 1024, 0, 0, Rng),
      makeTensor("bias fp32 [1024]", kDF32, 1024, 0, 0, Rng),
      makeTensor("ids int64 [8,256]", kDI64, 8 * 256, 0, 0, Rng),
  };
  CUdeviceptr Acc, Counter, Out;
  check(cuMemAlloc(&Acc, 64 * sizeof(Stats)), "cuMemAlloc");
  check(cuMemAlloc(&Counter, 256), "cuMemAlloc");
  check(cuMemAlloc(&Out, 64 * sizeof(Stats)), "cuMemAlloc");
  check(cuMemsetD8(Counter, 0, 256), "cuMemsetD8");
  // The accumulators' initial state: NaN counts 0; statistics' min +inf...
  std::vector<Stats> Init(64);
  for (Stats &S : Init) {
    std::memset(&S, 0, sizeof S);
    S.min = INFINITY;
    S.max = -INFINITY;
    S.imin = INT64_MAX;
    S.imax = INT64_MIN;
  }
  auto reset = [&] {
    check(cuMemcpyHtoD(Acc, Init.data(), Init.size() * sizeof(Stats)),
          "reset acc");
  };
  int64_t NanBlocks = 0;
  NanLaunch NL = nanLaunch(Ts, reinterpret_cast<Stats *>(Acc),
                           reinterpret_cast<uint32_t *>(Counter),
                           reinterpret_cast<Stats *>(Out), NanBlocks);
  StatsLaunch SL;
  std::memset(&SL, 0, sizeof SL);
  SL.acc = reinterpret_cast<Stats *>(Acc);
  SL.counter = reinterpret_cast<uint32_t *>(Counter);
  SL.out = reinterpret_cast<Stats *>(Out);
  for (const Tensor &T : Ts)
    SL.inl[SL.n++] = statsDesc(T, false);
  SL.inl[SL.n++] = statsDesc(Ts[0], true); // a transposed view
  // The same tensors one per launch: where a variant's time goes.
  std::vector<StatsLaunch> Singles(static_cast<size_t>(SL.n), SL);
  for (int I = 0; I < SL.n; ++I) {
    Singles[static_cast<size_t>(I)].n = 1;
    Singles[static_cast<size_t>(I)].inl[0] = SL.inl[I];
  }
  std::vector<std::string> SingleNames;
  for (const Tensor &T : Ts)
    SingleNames.push_back(T.name);
  SingleNames.push_back(std::string(Ts[0].name) + " transposed");
  int32_t StatsBlocks = 1;
  for (int I = 0; I < SL.n; ++I)
    StatsBlocks = std::max(StatsBlocks, SL.inl[I].blocks);

  CUstream Stream;
  check(cuStreamCreate(&Stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  CUevent Begin, End;
  check(cuEventCreate(&Begin, CU_EVENT_DEFAULT), "cuEventCreate");
  check(cuEventCreate(&End, CU_EVENT_DEFAULT), "cuEventCreate");
  auto timed = [&](CUfunction Fn, void *Param, unsigned GridX, unsigned GridY,
                   int N) {
    void *Args[] = {Param};
    check(cuEventRecord(Begin, Stream), "cuEventRecord");
    for (int I = 0; I < N; ++I)
      check(cuLaunchKernel(Fn, GridX, GridY, 1, 256, 1, 1, 0, Stream, Args,
                           nullptr),
            "cuLaunchKernel");
    check(cuEventRecord(End, Stream), "cuEventRecord");
    check(cuEventSynchronize(End), "cuEventSynchronize");
    float Ms = 0;
    cuEventElapsedTime(&Ms, Begin, End);
    return 1000.0 * Ms / N;
  };
  auto results = [&](int N) {
    std::vector<Stats> R(static_cast<size_t>(N));
    check(cuMemcpyDtoH(R.data(), Out, R.size() * sizeof(Stats)), "results");
    return R;
  };

  // Results first (one launch each from the initial state), then timing.
  for (Variant &V : Vs) {
    reset();
    timed(V.nan, &NL, static_cast<unsigned>(NanBlocks), 1, 1);
    V.nanOut = results(NL.n);
    reset();
    timed(V.stats, &SL, static_cast<unsigned>(StatsBlocks),
          static_cast<unsigned>(SL.n), 1);
    V.statsOut = results(SL.n);
  }
  bool Ok = true;
  int K = 0;
  for (const Tensor &T : Ts) {
    if (T.kind == kDI64)
      continue;
    for (const Variant &V : Vs) {
      const Stats &S = V.nanOut[static_cast<size_t>(K)];
      if (static_cast<int64_t>(S.nan) != T.nan ||
          static_cast<int64_t>(S.inf) != T.inf) {
        std::printf("FAIL %s: %s counts %llu NaN, %llu Inf; seeded %lld, "
                    "%lld\n",
                    V.name.c_str(), T.name,
                    static_cast<unsigned long long>(S.nan),
                    static_cast<unsigned long long>(S.inf),
                    static_cast<long long>(T.nan),
                    static_cast<long long>(T.inf));
        Ok = false;
      }
    }
    ++K;
  }
  for (size_t V = 1; V < Vs.size(); ++V)
    for (int I = 0; I < SL.n; ++I)
      if (!sameStats(Vs[V].statsOut[static_cast<size_t>(I)],
                     Vs[0].statsOut[static_cast<size_t>(I)])) {
        std::printf("FAIL %s: statistics of tensor %d differ from %s's\n",
                    Vs[V].name.c_str(), I, Vs[0].name.c_str());
        Ok = false;
      }
  std::printf("%s results: NaN/Inf counts as seeded, statistics equal "
              "across variants\n", Ok ? "PASS" : "FAIL");

  std::vector<size_t> Order(Vs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  for (int R = 0; R < Rounds + 2; ++R) {
    std::shuffle(Order.begin(), Order.end(), Rng);
    for (size_t I : Order) {
      Variant &V = Vs[I];
      double N = timed(V.nan, &NL, static_cast<unsigned>(NanBlocks), 1, Iters);
      double S = timed(V.stats, &SL, static_cast<unsigned>(StatsBlocks),
                       static_cast<unsigned>(SL.n), Iters);
      V.oneUs.resize(Singles.size());
      for (size_t T = 0; T < Singles.size(); ++T) {
        double One = timed(V.stats, &Singles[T],
                           static_cast<unsigned>(Singles[T].inl[0].blocks), 1,
                           Iters);
        if (R >= 2)
          V.oneUs[T].push_back(One);
      }
      if (R >= 2) { // two warm-up rounds
        V.nanUs.push_back(N);
        V.statsUs.push_back(S);
      }
    }
  }
  std::printf("\n%d rounds x %d launches, per launch (us): median [p10, p90]\n",
              Rounds, Iters);
  std::printf("%-10s %10s  %-28s %-28s\n", "variant", "JIT ms",
              "aoti_rt_nancount (5 tensors)", "aoti_rt_stats (7 tensors)");
  for (const Variant &V : Vs)
    std::printf("%-10s %10.1f  %7.2f [%6.2f, %6.2f]        %7.2f [%6.2f, "
                "%6.2f]\n",
                V.name.c_str(), V.jitMs, median(V.nanUs),
                quantile(V.nanUs, 0.1), quantile(V.nanUs, 0.9),
                median(V.statsUs), quantile(V.statsUs, 0.1),
                quantile(V.statsUs, 0.9));
  std::printf("\naoti_rt_stats of one tensor per launch (us, median):\n%-34s",
              "tensor");
  for (const Variant &V : Vs)
    std::printf(" %10s", V.name.c_str());
  std::printf("\n");
  for (size_t T = 0; T < Singles.size(); ++T) {
    std::printf("%-34s", SingleNames[T].c_str());
    for (const Variant &V : Vs)
      std::printf(" %10.2f", median(V.oneUs[T]));
    std::printf("\n");
  }
  return Ok ? 0 : 1;
}
