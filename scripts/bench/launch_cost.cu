// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// launch_cost.cu - host time per launch that each runtime action adds.
//
// A launch-bound loop of tiny kernels (<<<1, 32, 0, stream>>> on a
// non-default stream), N launches per "forward" (default 141: an 8-layer
// Llama-style decoder), each variant a forward as an instrumented wrapper
// runs it: one ::aoti_rt::RunScope per forward (a static Program and SiteInfo
// table), TensorRefs of small CUDA float tensors made with the AOTI shim
// (aoti_torch_empty_strided), the probe after (or before and after) each
// launch, run.finish() at the end.
//
//   bare          launches only, no RunScope
//   memop         bare + cuStreamWriteValue32 after each launch (the driver
//                 call a breadcrumb rests on, without the runtime)
//   event-ipc     bare + cuEventRecord of an interprocess event after each
//                 launch (the one event another process can read after a
//                 sticky fault: fault_info ipc-events)
//   scope-only    RunScope + finish(), no probes
//   breadcrumb    breadcrumb after each launch (pinpoint-ima.yaml)
//   nan-deferred  deferred NaN check of the outputs (nan-hunt.yaml)
//   nan-chain     the same, each launch writing a new tensor of a pool of 64
//                 and reading the two before (a model's data flow), one
//                 NaN-count launch per probe
//   nan-batched   nan-chain with the counts batched (Program::batch_deferred,
//   as
//                 the tool emits nan-hunt.yaml): a beforeWrite guard before
//                 each launch, one NaN-count launch per 32 tensors
//   print-names   one name line after each launch (to AOTI_INSTRUMENT_LOG)
//   stats         statistics of every tensor, before and after each launch,
//                 a sync per probe (print-all.yaml without defer), to
//                 AOTI_INSTRUMENT_LOG
//   stats-deferred  the same with print_deferred (print-all.yaml with
//                 `batch: false`): the statistics in stream order, one
//                 statistics launch per probe, the lines at the run's end
//   stats-chain   stats-deferred over nan-chain's data flow
//   stats-batched stats-chain with the statistics batched (print-all.yaml):
//                 a beforeWrite guard before each launch, one statistics
//                 launch per 16 tensors
//
// --spin-us S makes each tiny kernel busy-wait S µs on the GPU, so that the
// GPU, not the host, bounds the loop: what an action costs as a stream
// operation between kernels.
//
// All variants are timed in one process, round-robin over R rounds (order
// shuffled each round), F forwards per variant per round, host clock
// (std::chrono::steady_clock): "wall" = the F forwards and the final
// cudaStreamSynchronize, "enqueue" = the same without that final sync (the
// variants that sync inside a forward, nan-deferred's finish() and stats,
// include those syncs). Both divided by F*N. One JSON line per variant on
// stdout; progress on stderr.
//
// Built by scripts/bench/launch_cost.py (nvcc, against torch's headers and
// libraries); the statistics kernel's PTX is read at run time from
// --stats-ptx (the same text the tool embeds: the build's
// lib/stats_kernel.ptx, lib/Runtime/Runtime.cmake).
//
//   launch_cost --stats-ptx stats_kernel.ptx [--launches 141] [--rounds 25]
//               [--forwards 20] [--warmup 3] [--numel 4096] [--tensors 4]
//               [--variants bare,breadcrumb,...] [--seed 1] [--log /dev/null]
//               [--stats-host] [--spin-us 0]

#define AOTI_RT_CUDA 1
#define AOTI_RT_HAVE_STATS_PTX 1
#include "aoti_instrument_runtime.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include <cuda_runtime.h>

namespace {

std::string gStatsPtxPath; // --stats-ptx

[[noreturn]] void die(const std::string &Msg) {
  std::fprintf(stderr, "launch_cost: %s\n", Msg.c_str());
  std::exit(1);
}

#define CHECK_CUDA(X)                                                          \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess)                                                     \
      die(std::string(#X) + ": " + cudaGetErrorString(E_));                    \
  } while (0)

#define CHECK_AOTI(X)                                                          \
  do {                                                                         \
    if ((X) != AOTI_TORCH_SUCCESS)                                             \
      die(std::string(#X) + " failed");                                        \
  } while (0)

} // namespace

// The statistics kernel's PTX, as the tool's prelude defines it
// (lib/Runtime/RuntimeSource.cpp), but read from a file.
AOTI_RT_NAMESPACE_BEGIN
namespace detail {
const char *const *statsPtxChunks() {
  static std::string Text;
  static const char *Chunks[2] = {nullptr, nullptr};
  static bool Loaded = false;
  if (!Loaded) {
    Loaded = true;
    std::ifstream In(gStatsPtxPath, std::ios::binary);
    if (!In)
      die("cannot read the statistics PTX '" + gStatsPtxPath + "'");
    Text.assign(std::istreambuf_iterator<char>(In),
                std::istreambuf_iterator<char>());
    Chunks[0] = Text.c_str();
  }
  return Chunks;
}
} // namespace detail
AOTI_RT_NAMESPACE_END

namespace {

__global__ void tinyKernel(float *Out, const float *A, const float *B,
                           unsigned long long SpinNs) {
  if (SpinNs) { // busy-wait on the GPU's global timer
    unsigned long long T0, T;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T0));
    do {
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
    } while (T - T0 < SpinNs);
  }
  Out[threadIdx.x] = A[threadIdx.x] + B[threadIdx.x];
}

/// A second launch per launch, to price a kernel's parameter size alone:
/// 800 bytes by value (as the NaN-count kernel's NanLaunch) or a pointer.
struct Param800 {
  float *out;
  unsigned char pad[792];
};
static_assert(sizeof(Param800) == 800, "Param800: 800 bytes");
__global__ void param800Kernel(const __grid_constant__ Param800 P) {
  P.out[threadIdx.x] = P.pad[threadIdx.x];
}
__global__ void param8Kernel(float *Out) { Out[threadIdx.x] = 1.0f; }

enum Variant {
  kBare,
  kScopeOnly,
  kBreadcrumb,
  kNanDeferred,
  kPrintNames,
  kStats,
  kMemop,
  kStatsDeferred,
  kNanChain,
  kNanBatched,
  kParam800,
  kParam8,
  kMemopDevice,
  kMemopBatch,
  kEvent,
  kMemopEvery4,
  kStatsChain,
  kStatsBatched,
  kEventIpc,
  kNumVariants
};
const char *const kVariantNames[kNumVariants] = {
    "bare",         "scope-only",   "breadcrumb", "nan-deferred",
    "print-names",  "stats",        "memop",      "stats-deferred",
    "nan-chain",    "nan-batched",  "param800",   "param8",
    "memop-device", "memop-batch",  "event",      "memop-every4",
    "stats-chain",  "stats-batched", "event-ipc"};

// One Program per variant (as if each were its own instrumented model in
// the process; the runtime keys its state by the Program's address).
/// "" for success (a variant that never failed), else the driver's name.
const char *errorName(CUresult R) {
  const char *S = nullptr;
  if (R == CUDA_SUCCESS || cuGetErrorName(R, &S) != CUDA_SUCCESS || !S)
    return "";
  return S;
}

::aoti_rt::Program gPrograms[kNumVariants];
std::vector<::aoti_rt::SiteInfo> gSites;
std::vector<std::string> gKernelNames;

// The probes each variant's generated code would hold (the emitted
// `constexpr ::aoti_rt::Probe` lines of the presets).
struct VariantProbes {
  bool scope = false;
  bool before = false;
  bool after = false;
  ::aoti_rt::Probe probeBefore{};
  ::aoti_rt::Probe probeAfter{};
};

VariantProbes probesFor(Variant V) {
  VariantProbes P;
  ::aoti_rt::Probe Pr{}; // all off
  Pr.nan_on_fail = ::aoti_rt::kWarn;
  Pr.print = ::aoti_rt::kPrintNone;
  switch (V) {
  case kBare:
    return P;
  case kScopeOnly:
    P.scope = true;
    return P;
  case kBreadcrumb: // pinpoint-ima.yaml
    Pr.breadcrumb = true;
    P.scope = P.after = true;
    P.probeAfter = Pr;
    return P;
  case kNanDeferred: // nan-hunt.yaml: check: nan, outputs, throw, defer
  case kNanChain:
  case kNanBatched:
    Pr.nan_roles = ::aoti_rt::kOut;
    Pr.nan_checks = ::aoti_rt::kCheckNan;
    Pr.nan_on_fail = ::aoti_rt::kThrow;
    Pr.nan_deferred = true;
    P.scope = P.after = true;
    P.probeAfter = Pr;
    return P;
  case kPrintNames: // print: {level: names, when: after}
    Pr.print = ::aoti_rt::kPrintNames;
    P.scope = P.after = true;
    P.probeAfter = Pr;
    return P;
  case kStats: // print-all.yaml without defer: level stats, both, all
  case kStatsDeferred: // print-all.yaml with batch: false
  case kStatsChain:
  case kStatsBatched: // print-all.yaml
    Pr.print = ::aoti_rt::kPrintStats;
    Pr.print_deferred = V != kStats;
    Pr.print_roles = ::aoti_rt::kInOut;
    P.scope = P.before = P.after = true;
    P.probeBefore = Pr;
    P.probeAfter = Pr;
    return P;
  case kMemop: // no runtime: the driver's stream write a breadcrumb rests on
  case kParam800: // no runtime: a second launch, 800 bytes of parameters
  case kParam8:   // no runtime: a second launch, one pointer
  case kMemopDevice:
  case kMemopBatch:
  case kEvent:
  case kEventIpc:
  case kMemopEvery4:
  case kNumVariants:
    break;
  }
  return P;
}

struct Bench {
  int launches = 141;
  int rounds = 25;
  int forwards = 20;
  int warmup = 3;
  int64_t numel = 4096;
  int tensors = 4;
  unsigned seed = 1;
  unsigned long long spinNs = 0; ///< --spin-us, in ns
  cudaStream_t stream = nullptr;
  std::vector<AtenTensorHandle> handles;
  std::vector<float *> data;
  std::vector<std::string> names;
  static constexpr int kChain = 64; ///< the *-chain and *-batched pool
  std::vector<AtenTensorHandle> chainHandles;
  std::vector<float *> chainData;
  std::vector<std::string> chainNames;
  VariantProbes probes[kNumVariants];
  CUdeviceptr memopWord = 0; ///< mapped pinned word the memop variant writes
  CUdeviceptr deviceWord = 0;      ///< device memory word memop-device writes
  std::vector<cudaEvent_t> events; ///< event's ring, one per launch
  std::vector<cudaEvent_t> ipcEvents; ///< event-ipc's ring: interprocess
  CUresult memopErrors[kNumVariants] = {}; ///< a memop variant's refusal

  void launch(int I) {
    int K = tensors;
    tinyKernel<<<1, 32, 0, stream>>>(data[I % K], data[(I + 1) % K],
                                     data[(I + 2) % K], spinNs);
  }

  void forward(Variant V) {
    const VariantProbes &P = probes[V];
    if (V == kMemop) {
      // What one breadcrumb costs the driver alone: cuStreamWriteValue32
      // after each launch, nothing of the runtime.
      for (int I = 0; I < launches; ++I) {
        launch(I);
        CUresult R = cuStreamWriteValue32(reinterpret_cast<CUstream>(stream),
                                          memopWord,
                                          static_cast<uint32_t>(I),
                                          CU_STREAM_WRITE_VALUE_DEFAULT);
        // A refused write is timed as nothing: say so in the results.
        if (R != CUDA_SUCCESS)
          memopErrors[V] = R;
      }
      return;
    }
    // Other forms of a stream-ordered crumb, driver calls alone, to find
    // the cheapest breadcrumb: the same write to device memory (unreadable
    // after a sticky fault), through cuStreamBatchMemOp, an event recorded
    // after each launch, and a crumb after every fourth launch only.
    if (V == kMemopDevice || V == kMemopBatch || V == kMemopEvery4) {
      for (int I = 0; I < launches; ++I) {
        launch(I);
        CUresult R = CUDA_SUCCESS;
        auto Value = static_cast<uint32_t>(I);
        if (V == kMemopDevice)
          R = cuStreamWriteValue32(reinterpret_cast<CUstream>(stream),
                                   deviceWord, Value,
                                   CU_STREAM_WRITE_VALUE_DEFAULT);
        else if (V == kMemopEvery4 && (I % 4 == 3 || I + 1 == launches))
          R = cuStreamWriteValue32(reinterpret_cast<CUstream>(stream),
                                   memopWord, Value,
                                   CU_STREAM_WRITE_VALUE_DEFAULT);
        else if (V == kMemopBatch) {
          CUstreamBatchMemOpParams Op{};
          Op.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
          Op.writeValue.address = memopWord;
          Op.writeValue.value = Value;
          Op.writeValue.flags = CU_STREAM_WRITE_VALUE_DEFAULT;
          R = cuStreamBatchMemOp(reinterpret_cast<CUstream>(stream), 1, &Op, 0);
        }
        if (R != CUDA_SUCCESS)
          memopErrors[V] = R;
      }
      return;
    }
    // event-ipc: interprocess events, the one kind another process can
    // still read after a sticky fault (fault_info ipc-events).
    if (V == kEvent || V == kEventIpc) {
      std::vector<cudaEvent_t> &Ring = V == kEvent ? events : ipcEvents;
      for (int I = 0; I < launches; ++I) {
        launch(I);
        if (cudaEventRecord(Ring[I], stream) != cudaSuccess)
          memopErrors[V] = CUDA_ERROR_UNKNOWN;
      }
      return;
    }
    if (V == kParam800 || V == kParam8) {
      Param800 Big{};
      for (int I = 0; I < launches; ++I) {
        launch(I);
        Big.out = data[I % tensors];
        if (V == kParam800)
          param800Kernel<<<1, 32, 0, stream>>>(Big);
        else
          param8Kernel<<<1, 32, 0, stream>>>(data[I % tensors]);
      }
      return;
    }
    if (!P.scope) {
      for (int I = 0; I < launches; ++I)
        launch(I);
      return;
    }
    ::aoti_rt::RunScope Run(gPrograms[V], (void *)(stream));
    if (V == kNanChain || V == kNanBatched || V == kStatsChain ||
        V == kStatsBatched) {
      const int C = kChain;
      for (int I = 0; I < launches; ++I) {
        int O = I % C, A = (I + C - 1) % C, B = (I + C - 2) % C;
        const ::aoti_rt::TensorRef T[] = {
            {chainNames[O].c_str(), ::aoti_rt::kOut, chainHandles[O]},
            {chainNames[A].c_str(), ::aoti_rt::kIn, chainHandles[A]},
            {chainNames[B].c_str(), ::aoti_rt::kIn, chainHandles[B]}};
        if (P.before)
          Run.probe(I, ::aoti_rt::kBefore, T, 3, P.probeBefore);
        if (gPrograms[V].batch_deferred) // the guard: what the launch writes
          Run.beforeWrite(I, T, 1);
        tinyKernel<<<1, 32, 0, stream>>>(chainData[O], chainData[A],
                                         chainData[B], spinNs);
        Run.probe(I, ::aoti_rt::kAfter, T, 3, P.probeAfter);
      }
      Run.finish();
      return;
    }
    int K = tensors;
    for (int I = 0; I < launches; ++I) {
      // As the generated code passes them: the output, then the inputs.
      const ::aoti_rt::TensorRef T[] = {
          {names[I % K].c_str(), ::aoti_rt::kOut, handles[I % K]},
          {names[(I + 1) % K].c_str(), ::aoti_rt::kIn, handles[(I + 1) % K]},
          {names[(I + 2) % K].c_str(), ::aoti_rt::kIn, handles[(I + 2) % K]}};
      if (P.before)
        Run.probe(I, ::aoti_rt::kBefore, T, 3, P.probeBefore);
      launch(I);
      if (P.after)
        Run.probe(I, ::aoti_rt::kAfter, T, 3, P.probeAfter);
    }
    Run.finish();
  }
};

struct Sample {
  double wall = 0;    // µs per launch, incl. the final sync
  double enqueue = 0; // µs per launch, without it
};

double percentile(std::vector<double> V, double Q) {
  if (V.empty())
    return NAN;
  std::sort(V.begin(), V.end());
  double Pos = Q * (V.size() - 1);
  size_t Lo = static_cast<size_t>(std::floor(Pos));
  size_t Hi = std::min(Lo + 1, V.size() - 1);
  return V[Lo] + (V[Hi] - V[Lo]) * (Pos - Lo);
}

std::string num(double X) {
  if (!std::isfinite(X))
    return "null";
  char B[64];
  std::snprintf(B, sizeof B, "%.4f", X);
  return B;
}

int parseInt(const char *S, const char *Flag) {
  char *End = nullptr;
  long V = std::strtol(S, &End, 10);
  if (!End || *End || V <= 0)
    die(std::string("bad value for ") + Flag + ": '" + S + "'");
  return static_cast<int>(V);
}

void usage() {
  std::fprintf(
      stderr,
      "usage: launch_cost --stats-ptx FILE [--launches N] [--rounds R] "
      "[--forwards F] [--warmup W] [--numel E] [--tensors K] "
      "[--variants a,b,...] [--seed S] [--log FILE] [--stats-host] "
      "[--spin-us S]\n");
}

} // namespace

int main(int Argc, char **Argv) {
  Bench B;
  std::string Log = "/dev/null";
  std::string VariantList;
  bool StatsHost = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Next = [&]() -> const char * {
      if (I + 1 >= Argc)
        die("missing value for " + A);
      return Argv[++I];
    };
    if (A == "--launches")
      B.launches = parseInt(Next(), "--launches");
    else if (A == "--rounds")
      B.rounds = parseInt(Next(), "--rounds");
    else if (A == "--forwards")
      B.forwards = parseInt(Next(), "--forwards");
    else if (A == "--warmup")
      B.warmup = parseInt(Next(), "--warmup");
    else if (A == "--numel")
      B.numel = parseInt(Next(), "--numel");
    else if (A == "--tensors")
      B.tensors = parseInt(Next(), "--tensors");
    else if (A == "--seed")
      B.seed = static_cast<unsigned>(parseInt(Next(), "--seed"));
    else if (A == "--variants")
      VariantList = Next();
    else if (A == "--stats-ptx")
      gStatsPtxPath = Next();
    else if (A == "--log")
      Log = Next();
    else if (A == "--stats-host")
      StatsHost = true;
    else if (A == "--spin-us")
      B.spinNs = 1000ull * static_cast<unsigned>(parseInt(Next(), "--spin-us"));
    else if (A == "-h" || A == "--help") {
      usage();
      return 0;
    } else {
      usage();
      die("unknown argument '" + A + "'");
    }
  }
  if (B.tensors < 3)
    die("--tensors must be at least 3 (one output, two inputs per launch)");
  if (B.numel < 32)
    die("--numel must be at least 32 (the kernel writes 32 floats)");
  if (gStatsPtxPath.empty() && !StatsHost)
    die("--stats-ptx FILE is required (or --stats-host)");

  std::vector<Variant> Variants;
  if (VariantList.empty()) {
    for (int V = 0; V < kNumVariants; ++V)
      Variants.push_back(static_cast<Variant>(V));
  } else {
    std::stringstream SS(VariantList);
    std::string Name;
    while (std::getline(SS, Name, ',')) {
      int Found = -1;
      for (int V = 0; V < kNumVariants; ++V)
        if (Name == kVariantNames[V])
          Found = V;
      if (Found < 0)
        die("unknown variant '" + Name + "'");
      Variants.push_back(static_cast<Variant>(Found));
    }
  }
  bool HaveBare = false;
  for (Variant V : Variants)
    HaveBare |= V == kBare;
  if (!HaveBare)
    Variants.insert(Variants.begin(), kBare); // the baseline

  // The runtime reads these once per Program, at its first run.
  setenv("AOTI_INSTRUMENT_LOG", Log.c_str(), 1);
  unsetenv("AOTI_INSTRUMENT_DISABLE");
  unsetenv("AOTI_INSTRUMENT_JSONL");
  if (StatsHost)
    setenv("AOTI_INSTRUMENT_STATS_HOST", "1", 1);
  else
    unsetenv("AOTI_INSTRUMENT_STATS_HOST");

  // The site table: one site per launch, in ordinal order.
  gKernelNames.reserve(B.launches);
  for (int I = 0; I < B.launches; ++I)
    gKernelNames.push_back("triton_poi_fused_bench_" + std::to_string(I));
  for (int I = 0; I < B.launches; ++I)
    gSites.push_back(::aoti_rt::SiteInfo{I, gKernelNames[I].c_str(), "triton",
                                         1000 + I, "bench", "aten.add",
                                         nullptr});
  for (int V = 0; V < kNumVariants; ++V) {
    ::aoti_rt::Program &P = gPrograms[V];
    P.wrapper_file = "launch_cost.cu";
    P.rules_digest = kVariantNames[V];
    P.sites = gSites.data();
    P.num_sites = B.launches;
    P.disable_env = "AOTI_INSTRUMENT_DISABLE";
    P.log_env = "AOTI_INSTRUMENT_LOG";
    P.jsonl_env = "AOTI_INSTRUMENT_JSONL";
    P.jsonl_path = "";
    P.save_dir = "aoti-instrument-saves";
    P.first_calls = 0;
    P.every_calls = 0;
    P.max_print_values = 64;
    P.batch_deferred = V == kNanBatched || V == kStatsBatched;
    B.probes[V] = probesFor(static_cast<Variant>(V));
  }

  CHECK_CUDA(cudaSetDevice(0));
  CHECK_CUDA(cudaFree(nullptr)); // the primary context
  cudaDeviceProp Prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&Prop, 0));
  {
    void *Host = nullptr;
    if (cuMemHostAlloc(&Host, 64, CU_MEMHOSTALLOC_DEVICEMAP) != CUDA_SUCCESS ||
        cuMemHostGetDevicePointer(&B.memopWord, Host, 0) != CUDA_SUCCESS)
      die("cuMemHostAlloc for the memop variant failed");
    if (cuMemAlloc(&B.deviceWord, 64) != CUDA_SUCCESS)
      die("cuMemAlloc for the memop-device variant failed");
    B.events.resize(B.launches);
    for (cudaEvent_t &E : B.events)
      CHECK_CUDA(cudaEventCreateWithFlags(&E, cudaEventDisableTiming));
    B.ipcEvents.resize(B.launches);
    for (cudaEvent_t &E : B.ipcEvents)
      CHECK_CUDA(cudaEventCreateWithFlags(
          &E, cudaEventDisableTiming | cudaEventInterprocess));
  }
  CHECK_CUDA(cudaStreamCreateWithFlags(&B.stream, cudaStreamNonBlocking));

  // Small CUDA float tensors through the shim, as the wrapper makes buffers:
  // the rotating ones, then nan-chain's pool.
  int64_t Sizes[1] = {B.numel};
  int64_t Strides[1] = {1};
  auto MakeTensors = [&](int N, int FirstName,
                         std::vector<AtenTensorHandle> &Handles,
                         std::vector<float *> &Data,
                         std::vector<std::string> &Names) {
    for (int K = 0; K < N; ++K) {
      AtenTensorHandle H = nullptr;
      CHECK_AOTI(aoti_torch_empty_strided(1, Sizes, Strides,
                                          aoti_torch_dtype_float32(),
                                          aoti_torch_device_type_cuda(), 0,
                                          &H));
      void *Ptr = nullptr;
      CHECK_AOTI(aoti_torch_get_data_ptr(H, &Ptr));
      CHECK_CUDA(cudaMemsetAsync(Ptr, 0, B.numel * sizeof(float), B.stream));
      Handles.push_back(H);
      Data.push_back(static_cast<float *>(Ptr));
      Names.push_back("buf" + std::to_string(FirstName + K));
    }
  };
  MakeTensors(B.tensors, 0, B.handles, B.data, B.names);
  MakeTensors(Bench::kChain, 100, B.chainHandles, B.chainData, B.chainNames);
  CHECK_CUDA(cudaStreamSynchronize(B.stream));

  std::fprintf(stderr,
               "launch_cost: %s, %d launches per forward, %d rounds x %d "
               "forwards, %d tensors of %lld floats, statistics %s\n",
               Prop.name, B.launches, B.rounds, B.forwards, B.tensors,
               static_cast<long long>(B.numel),
               StatsHost ? "from host copies" : "by the PTX kernel");

  using Clock = std::chrono::steady_clock;
  std::vector<std::vector<Sample>> Samples(kNumVariants);
  try {
    // Warm-up: PTX JIT, pinned memory, the breadcrumb arena, log files.
    for (Variant V : Variants) {
      for (int F = 0; F < B.warmup; ++F)
        B.forward(V);
      CHECK_CUDA(cudaStreamSynchronize(B.stream));
    }
    CHECK_CUDA(cudaGetLastError());

    std::mt19937 Rng(B.seed);
    std::vector<Variant> Order = Variants;
    double PerRound = static_cast<double>(B.forwards) * B.launches;
    for (int R = 0; R < B.rounds; ++R) {
      std::shuffle(Order.begin(), Order.end(), Rng);
      for (Variant V : Order) {
        CHECK_CUDA(cudaStreamSynchronize(B.stream));
        auto T0 = Clock::now();
        for (int F = 0; F < B.forwards; ++F)
          B.forward(V);
        auto T1 = Clock::now();
        CHECK_CUDA(cudaStreamSynchronize(B.stream));
        auto T2 = Clock::now();
        Sample S;
        S.enqueue =
            std::chrono::duration<double, std::micro>(T1 - T0).count() /
            PerRound;
        S.wall = std::chrono::duration<double, std::micro>(T2 - T0).count() /
                 PerRound;
        Samples[V].push_back(S);
      }
      CHECK_CUDA(cudaGetLastError());
    }
  } catch (const std::exception &E) {
    die(std::string("exception: ") + E.what());
  }

  // Paired with bare in the same round (rounds keep their index).
  const std::vector<Sample> &Bare = Samples[kBare];
  auto Pick = [](const std::vector<Sample> &S, bool Wall) {
    std::vector<double> V;
    for (const Sample &X : S)
      V.push_back(Wall ? X.wall : X.enqueue);
    return V;
  };
  double BareWall = percentile(Pick(Bare, true), 0.5);
  double BareEnq = percentile(Pick(Bare, false), 0.5);
  for (Variant V : Variants) {
    std::vector<double> W = Pick(Samples[V], true);
    std::vector<double> E = Pick(Samples[V], false);
    std::vector<double> PairW, PairE;
    for (size_t R = 0; R < W.size() && R < Bare.size(); ++R) {
      PairW.push_back(W[R] - Bare[R].wall);
      PairE.push_back(E[R] - Bare[R].enqueue);
    }
    double MW = percentile(W, 0.5), ME = percentile(E, 0.5);
    std::printf(
        "{\"variant\": \"%s\", \"device\": \"%s\", \"launches\": %d, "
        "\"forwards\": %d, \"rounds\": %d, \"tensors\": %d, \"numel\": %lld, "
        "\"stats_host\": %s, \"spin_us\": %s, "
        "\"wall_us_per_launch\": {\"median\": %s, \"p10\": %s, \"p90\": %s}, "
        "\"enqueue_us_per_launch\": {\"median\": %s, \"p10\": %s, \"p90\": "
        "%s}, "
        "\"wall_minus_bare_us\": %s, \"enqueue_minus_bare_us\": %s, "
        "\"wall_minus_bare_paired_us\": {\"median\": %s, \"p10\": %s, "
        "\"p90\": %s}, "
        "\"enqueue_minus_bare_paired_us\": {\"median\": %s, \"p10\": %s, "
        "\"p90\": %s}, "
        "\"wall_ms_per_forward\": %s, \"error\": \"%s\"}\n",
        kVariantNames[V], Prop.name, B.launches, B.forwards, B.rounds,
        B.tensors, static_cast<long long>(B.numel),
        StatsHost ? "true" : "false", num(B.spinNs / 1000.0).c_str(),
        num(MW).c_str(),
        num(percentile(W, 0.1)).c_str(), num(percentile(W, 0.9)).c_str(),
        num(ME).c_str(), num(percentile(E, 0.1)).c_str(),
        num(percentile(E, 0.9)).c_str(), num(MW - BareWall).c_str(),
        num(ME - BareEnq).c_str(), num(percentile(PairW, 0.5)).c_str(),
        num(percentile(PairW, 0.1)).c_str(),
        num(percentile(PairW, 0.9)).c_str(),
        num(percentile(PairE, 0.5)).c_str(),
        num(percentile(PairE, 0.1)).c_str(),
        num(percentile(PairE, 0.9)).c_str(),
        num(MW * B.launches / 1000.0).c_str(), errorName(B.memopErrors[V]));
  }
  std::fflush(stdout);

  for (AtenTensorHandle H : B.handles)
    aoti_torch_delete_tensor_object(H);
  CHECK_CUDA(cudaStreamSynchronize(B.stream));
  CHECK_CUDA(cudaStreamDestroy(B.stream));
  return 0;
}
