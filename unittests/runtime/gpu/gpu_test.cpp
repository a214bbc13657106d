//===- gpu_test.cpp - The runtime's CUDA paths on a real GPU --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Built like an instrumented CUDA wrapper (AOTI's cuda.h, then the pasted
// prelude with the embedded stats kernel PTX) by this folder's
// CMakeLists.txt on the GPU machine (run_gpu_tests.sh). GoogleTest cases,
// run by `ctest -L gpu`, skipped with a message where there is no GPU:
//   GpuRuntime.*  in-process checks: statistics, NaN checks (immediate,
//                 deferred, batched), prints, guards, buffers and
//                 redzones, graph capture, breadcrumbs, threads, timings
//   GpuFaults.*   each fault scenario in a process of its own (this binary
//                 run with a mode, below), its output checked
// Modes (one scenario, then exit; the context is lost after a fault):
//   gpu_test ima-unwind          fault, then an exception leaves the run
//   gpu_test ima-next-run        fault, then the next run starts
//   gpu_test ima-exit            fault, then the process exits
//   gpu_test ima-later-launches  fault with more launches enqueued after it
//   gpu_test ima-sync            fault, then a sync probe
//   gpu_test ima-sparse          crumbs after every 4th launch: the fault
//                                named among the launches since the last
//   gpu_test ima-sparse-open     the same, no crumb enqueued after the fault
//   gpu_test ima-sparse-window   sparse crumbs but after every launch of the
//                                sites the ima-sparse report's rule names
//   gpu_test ima-window          window crumbs (closed where the planner
//                                placed them): the fault named among the
//                                launches of its window
//   gpu_test ima-hostfn          as ima-exit, breadcrumbs by host functions
//   gpu_test ima-terminate       fault, the caller's sync finds it, then a
//                                destructor throws (std::terminate)
//   gpu_test ima-terminate-unloaded  the same, the handler before ours in a
//                                library unloaded since (GPU_TEST_HANDLER_SO)
//   gpu_test ima-abort           fault, then std::abort() before anything
//                                read it (the SIGABRT handler reports)
//   gpu_test ima-coredump        (with CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1)
//                                fault, then the driver's abort after its
//                                core dump
//   gpu_test ima-threads         4 threads on 4 streams, one faults
//   gpu_test ima-print-deferred  deferred stats prints around a fault
//   gpu_test deferred-abort      a deferred kThrow NaN check without finish()
//   gpu_test no-jit              (with CUDA_DISABLE_PTX_JIT=1) statistics
//                                and NaN checks from host copies
//
// Environment (defaults: the build's, CMakeLists.txt): GPU_TEST_PTX
// (kernels.ptx), GPU_TEST_OUT (a work dir), GPU_TEST_HANDLER_SO
// (first_handler.cpp's library).
//
//===----------------------------------------------------------------------===//

#include <torch/csrc/inductor/aoti_include/cuda.h>

#include "prelude_cuda.h"

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <regex>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace rt = ::aoti_rt;
using torch::aot_inductor::RAIIAtenTensorHandle;

namespace {

/// \p Name from the environment, else \p Default (the build's path).
const char *envOr(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}
#ifndef GPU_TEST_DEFAULT_PTX
#define GPU_TEST_DEFAULT_PTX nullptr
#define GPU_TEST_DEFAULT_OUT nullptr
#define GPU_TEST_DEFAULT_HANDLER_SO nullptr
#endif

int Failures = 0;
bool InGoogleTest = false; ///< checks fail the running test case too

void check(bool Ok, const std::string &What) {
  std::printf("%s %s\n", Ok ? "PASS" : "FAIL", What.c_str());
  if (!Ok)
    ++Failures;
  std::fflush(stdout);
  if (!Ok && InGoogleTest)
    ADD_FAILURE() << What;
}

#define CU(X)                                                                  \
  do {                                                                         \
    CUresult R_ = (X);                                                         \
    if (R_ != CUDA_SUCCESS) {                                                  \
      const char *S_ = nullptr;                                                \
      cuGetErrorString(R_, &S_);                                               \
      throw std::runtime_error(std::string(#X) + ": " + (S_ ? S_ : "?"));      \
    }                                                                          \
  } while (0)

#define CUDART(X)                                                              \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess)                                                     \
      throw std::runtime_error(std::string(#X) + ": " +                        \
                               cudaGetErrorString(E_));                        \
  } while (0)

const rt::SiteInfo kSites[] = {
    {0, "tiny_ok", "triton", 1001, "embedding", ""},
    {1, "bad_kernel", "user_triton", 1002, "gather", ""},
    {2, "tiny_after", "triton", 1003, "", ""},
    {3, "triton_per_fused_x", "triton", 916, "linear, log", "aten.log"},
};

std::string outDir() {
  const char *D = envOr("GPU_TEST_OUT", GPU_TEST_DEFAULT_OUT);
  return D ? D : "/tmp/gpu_test_out";
}

int Counter = 0;

struct TestProgram {
  rt::Program *P;
  std::string LogPath;
  explicit TestProgram(const std::string &Name, const std::string &SaveDir = "",
                       bool LogToFile = true, int MaxValues = 6) {
    int N = ++Counter;
    std::string LogEnv = "GPU_TEST_LOG_" + std::to_string(N);
    LogPath = outDir() + "/" + Name + ".log";
    std::remove(LogPath.c_str());
    if (LogToFile)
      setenv(LogEnv.c_str(), LogPath.c_str(), 1);
    P = new rt::Program{"/x/wrapper.cpp",
                        "",
                        kSites,
                        4,
                        strdup(("GPU_TEST_DISABLE_" + std::to_string(N)).c_str()),
                        strdup(LogEnv.c_str()),
                        strdup(("GPU_TEST_JSONL_" + std::to_string(N)).c_str()),
                        "",
                        strdup((SaveDir.empty() ? outDir() + "/saves" : SaveDir)
                                   .c_str()),
                        0,
                        0,
                        MaxValues};
  }
  std::vector<std::string> lines() const {
    std::ifstream In(LogPath);
    std::vector<std::string> L;
    for (std::string S; std::getline(In, S);)
      L.push_back(S);
    return L;
  }
};

bool contains(const std::vector<std::string> &L, const std::string &S) {
  for (const std::string &X : L)
    if (X.find(S) != std::string::npos)
      return true;
  return false;
}

/// The part of a stats/values line after the site, device name neutral.
std::vector<std::string> tensorParts(const std::vector<std::string> &L) {
  std::vector<std::string> Out;
  for (std::string S : L) {
    size_t P = S.find("   ");
    if (P == std::string::npos)
      continue;
    S = S.substr(P + 3);
    size_t D;
    while ((D = S.find(" cuda:0 ")) != std::string::npos)
      S.replace(D, 8, " cpu ");
    Out.push_back(S);
  }
  return Out;
}

/// A tensor of the given layout on cuda:0 and its twin on the CPU over the
/// same storage bytes.
struct Twin {
  std::vector<unsigned char> storage;
  RAIIAtenTensorHandle cuda, cpu;
};

/// Bytes is the storage; with Offset (in elements) the tensors start there.
Twin makeTwin(int32_t Dtype, std::vector<int64_t> Sizes,
              std::vector<int64_t> Strides, std::vector<unsigned char> Bytes,
              int64_t Offset = 0) {
  Twin T;
  T.storage = std::move(Bytes);
  AtenTensorHandle H = nullptr;
  if (Offset == 0) {
    if (aoti_torch_empty_strided(static_cast<int64_t>(Sizes.size()),
                                 Sizes.data(), Strides.data(), Dtype,
                                 aoti_torch_device_type_cuda(), 0,
                                 &H) != AOTI_TORCH_SUCCESS)
      throw std::runtime_error("aoti_torch_empty_strided(cuda) failed");
  } else {
    int64_t ES = rt::detail::dtypeInfo(Dtype).Size;
    int64_t One = 1, Elems = 0;
    AtenTensorHandle Base = nullptr;
    if (ES <= 0)
      throw std::runtime_error("element size unknown");
    Elems = static_cast<int64_t>(T.storage.size()) / ES;
    if (aoti_torch_empty_strided(1, &Elems, &One, Dtype,
                                 aoti_torch_device_type_cuda(), 0,
                                 &Base) != AOTI_TORCH_SUCCESS ||
        aoti_torch__reinterpret_tensor(Base, static_cast<int64_t>(Sizes.size()),
                                       Sizes.data(), Strides.data(), Offset,
                                       &H) != AOTI_TORCH_SUCCESS)
      throw std::runtime_error("offset CUDA tensor failed");
    aoti_torch_delete_tensor_object(Base); // H keeps the storage
  }
  T.cuda = RAIIAtenTensorHandle(H);
  void *Dev = nullptr;
  aoti_torch_get_data_ptr(H, &Dev);
  if (!T.storage.empty()) {
    int64_t ES = rt::detail::dtypeInfo(Dtype).Size;
    CUDART(cudaMemcpy(static_cast<unsigned char *>(Dev) - Offset * ES,
                      T.storage.data(), T.storage.size(),
                      cudaMemcpyHostToDevice));
  }
  AtenTensorHandle C = nullptr;
  if (aoti_torch_create_tensor_from_blob(
          T.storage.data(), static_cast<int64_t>(Sizes.size()), Sizes.data(),
          Strides.data(), Offset, Dtype, aoti_torch_device_type_cpu(), 0,
          &C) != AOTI_TORCH_SUCCESS)
    throw std::runtime_error("from_blob failed");
  T.cpu = RAIIAtenTensorHandle(C);
  return T;
}

template <class T> std::vector<unsigned char> bytesOf(const std::vector<T> &V) {
  std::vector<unsigned char> B(V.size() * sizeof(T));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}

uint16_t bf16(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return static_cast<uint16_t>(U >> 16);
}
uint16_t f16(float F) { // small integers and halves only
  if (F == 0)
    return 0;
  uint16_t Sign = F < 0 ? 0x8000 : 0;
  F = std::fabs(F);
  int E = 0;
  while (F >= 2) {
    F /= 2;
    ++E;
  }
  while (F < 1) {
    F *= 2;
    --E;
  }
  return static_cast<uint16_t>(Sign | ((E + 15) << 10) |
                               static_cast<uint16_t>((F - 1) * 1024));
}

int64_t spanOf(const std::vector<int64_t> &Sizes,
               const std::vector<int64_t> &Strides) {
  int64_t S = 1;
  for (size_t I = 0; I < Sizes.size(); ++I) {
    if (Sizes[I] == 0)
      return 0;
    S += (Sizes[I] - 1) * Strides[I];
  }
  return S;
}

struct Kernels {
  CUmodule mod = nullptr;
  CUfunction tiny = nullptr, bad = nullptr;
  int *counter = nullptr; // device int
  Kernels() {
    const char *Ptx = envOr("GPU_TEST_PTX", GPU_TEST_DEFAULT_PTX);
    if (!Ptx)
      throw std::runtime_error("GPU_TEST_PTX not set");
    CUDART(cudaFree(nullptr));
    CU(cuModuleLoad(&mod, Ptx));
    CU(cuModuleGetFunction(&tiny, mod, "tiny"));
    CU(cuModuleGetFunction(&bad, mod, "bad"));
    CUDART(cudaMalloc(&counter, 64));
    CUDART(cudaMemset(counter, 0, 64));
  }
  void launchTiny(cudaStream_t S) {
    void *Args[] = {&counter};
    CU(cuLaunchKernel(tiny, 1, 1, 1, 32, 1, 1, 0, S, Args, nullptr));
  }
  void launchBad(cudaStream_t S) { launchStore(S, counter, 1LL << 36); }
  /// The `bad` kernel's store, P[Off] = 1, anywhere.
  void launchStore(cudaStream_t S, void *P, long long Off) {
    void *Args[] = {&P, &Off};
    CU(cuLaunchKernel(bad, 1, 1, 1, 32, 1, 1, 0, S, Args, nullptr));
  }
};

rt::Probe crumbProbe(bool Sync = false) {
  rt::Probe P{};
  P.breadcrumb = true;
  P.sync = Sync;
  return P;
}

//--- basic ------------------------------------------------------------------//

void statsKernelMatchesHostPath(cudaStream_t S) {
  std::vector<Twin> Ts;
  std::vector<std::string> Names;
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  const float Inf = std::numeric_limits<float>::infinity();
  { // 1. big float32, NaN/Inf planted
    std::vector<float> V(1 << 22);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<float>(static_cast<int>(I % 1000) - 500);
    V[7] = V[1 << 20] = V[(1 << 22) - 1] = NaN;
    V[100] = V[200] = Inf;
    V[3000000] = -Inf;
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {1024, 4096}, {4096, 1},
                          bytesOf(V)));
    Names.push_back("big_f32");
  }
  { // 2. float16, permuted [3, 5, 7] over a [7, 3, 5] storage
    std::vector<uint16_t> V(105);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = f16(static_cast<float>(static_cast<int>(I) - 50) / 2);
    Ts.push_back(makeTwin(aoti_torch_dtype_float16(), {3, 5, 7}, {5, 1, 15},
                          bytesOf(V)));
    Names.push_back("f16_perm");
  }
  { // 3. bfloat16 [64, 33] with padded rows (stride 40)
    std::vector<int64_t> Sz = {64, 33}, St = {40, 1};
    std::vector<uint16_t> V(static_cast<size_t>(spanOf(Sz, St)));
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = bf16(static_cast<float>(static_cast<int>(I % 97) - 40));
    V[41] = 0x7FC0; // NaN inside the logical range (row 1, col 1)
    V[38] = 0x7FC0; // NaN in the padding: must not count
    Ts.push_back(makeTwin(aoti_torch_dtype_bfloat16(), Sz, St, bytesOf(V)));
    Names.push_back("bf16_pad");
  }
  { // 4. float64
    std::vector<double> V(1000);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<double>(I) * 0.25 - 3;
    Ts.push_back(makeTwin(aoti_torch_dtype_float64(), {1000}, {1}, bytesOf(V)));
    Names.push_back("f64");
  }
  { // 5. int64 transposed, beyond double precision
    std::vector<int64_t> V(51);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<int64_t>(I) * 1000 - 7;
    V[3] = -123456789012LL;
    Ts.push_back(makeTwin(aoti_torch_dtype_int64(), {17, 3}, {1, 17}, bytesOf(V)));
    Names.push_back("i64_t");
    // Beyond double precision: min/max stay exact (the sum is 0 in any order).
    std::vector<int64_t> Big = {9007199254740993LL, -9007199254740993LL};
    Ts.push_back(makeTwin(aoti_torch_dtype_int64(), {2}, {1}, bytesOf(Big)));
    Names.push_back("i64_big");
  }
  { // 6-9. int32, uint8, bool, int8
    std::vector<int32_t> A = {-2147483647 - 1, 5, 2147483647, 0};
    Ts.push_back(makeTwin(aoti_torch_dtype_int32(), {4}, {1}, bytesOf(A)));
    Names.push_back("i32");
    std::vector<uint8_t> B(300);
    for (size_t I = 0; I < B.size(); ++I)
      B[I] = static_cast<uint8_t>(I * 7);
    Ts.push_back(makeTwin(aoti_torch_dtype_uint8(), {300}, {1}, B));
    Names.push_back("u8");
    std::vector<uint8_t> Bo = {1, 0, 0, 1, 1};
    Ts.push_back(makeTwin(aoti_torch_dtype_bool(), {5}, {1}, Bo));
    Names.push_back("mask");
    std::vector<int8_t> I8 = {-128, 127, 3};
    Ts.push_back(makeTwin(aoti_torch_dtype_int8(), {3}, {1}, bytesOf(I8)));
    Names.push_back("i8");
  }
  { // 10-11. every fp8 byte
    std::vector<uint8_t> All(256);
    for (int I = 0; I < 256; ++I)
      All[I] = static_cast<uint8_t>(I);
    Ts.push_back(makeTwin(aoti_torch_dtype_float8_e4m3fn(), {16, 16}, {16, 1}, All));
    Names.push_back("fp8_e4m3");
    Ts.push_back(makeTwin(aoti_torch_dtype_float8_e5m2(), {16, 16}, {1, 16}, All));
    Names.push_back("fp8_e5m2");
  }
  { // 12. 10 dims that do not coalesce: host path inside the same probe
    std::vector<int64_t> Sz(10, 2), St(10);
    St[9] = 1;
    for (int I = 8; I >= 0; --I)
      St[I] = St[I + 1] * 3; // 3x, not 2x: no two dims merge
    std::vector<float> V(static_cast<size_t>(spanOf(Sz, St)));
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<float>(I % 13);
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), Sz, St, bytesOf(V)));
    Names.push_back("ten_dims");
  }
  { // 15-18. contiguous 16-byte loads: float16 with a tail, bfloat16 over
    // several blocks, int16; and float32 that is not 16-byte aligned
    std::vector<uint16_t> H(1001);
    for (size_t I = 0; I < H.size(); ++I)
      H[I] = f16(static_cast<float>(static_cast<int>(I % 61) - 30) / 2);
    H[3] = 0x7E00;    // NaN
    H[1000] = 0x7C00; // +Inf, in the tail
    H[999] = 0xFC00;  // -Inf
    Ts.push_back(makeTwin(aoti_torch_dtype_float16(), {1001}, {1}, bytesOf(H)));
    Names.push_back("f16_tail");
    std::vector<uint16_t> B(70001);
    for (size_t I = 0; I < B.size(); ++I)
      B[I] = bf16(static_cast<float>(static_cast<int>(I % 1001) - 500) / 4);
    B[12345] = 0x7FC0;
    B[70000] = 0xFF80; // -Inf
    Ts.push_back(makeTwin(aoti_torch_dtype_bfloat16(), {70001}, {1}, bytesOf(B)));
    Names.push_back("bf16_contig");
    std::vector<int16_t> S16(37);
    for (size_t I = 0; I < S16.size(); ++I)
      S16[I] = static_cast<int16_t>(static_cast<int>(I) * 1000 - 18000);
    S16[36] = -32768;
    Ts.push_back(makeTwin(aoti_torch_dtype_int16(), {37}, {1}, bytesOf(S16)));
    Names.push_back("i16");
    std::vector<float> U(1004);
    for (size_t I = 0; I < U.size(); ++I)
      U[I] = static_cast<float>(I) * 0.5f - 100;
    U[0] = -1e30f;       // before the tensor's start: must not count
    U[500] = std::numeric_limits<float>::quiet_NaN();
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {1003}, {1}, bytesOf(U),
                          /*Offset=*/1));
    Names.push_back("f32_unaligned");
  }
  { // 13. expanded (stride 0); 14. empty
    std::vector<float> V = {1, 2, 3, 4, 5};
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {400, 5}, {0, 1}, bytesOf(V)));
    Names.push_back("expanded");
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {0, 5}, {5, 1}, {}));
    Names.push_back("empty");
  }
  std::vector<rt::TensorRef> Cuda, Cpu;
  for (size_t I = 0; I < Ts.size(); ++I) {
    Cuda.push_back({strdup(Names[I].c_str()), rt::kInOut, Ts[I].cuda});
    Cpu.push_back({strdup(Names[I].c_str()), rt::kInOut, Ts[I].cpu});
  }
  int N = static_cast<int>(Ts.size());
  rt::Probe P{};
  P.print = rt::kPrintValues;
  P.print_roles = 3;

  TestProgram Dev("stats-kernel"), Host("stats-cpu");
  uint64_t Syncs0 = rt::detail::hostSyncCount();
  uint64_t Passes0 = rt::detail::deviceStatsPassCount();
  auto T0 = std::chrono::steady_clock::now();
  {
    rt::RunScope Run(*Dev.P, S);
    Run.probe(3, rt::kAfter, Cuda.data(), N, P);
  }
  auto T1 = std::chrono::steady_clock::now();
  check(rt::detail::hostSyncCount() - Syncs0 == 1,
        "one host sync for " + std::to_string(N) + " CUDA tensors");
  check(rt::detail::deviceStatsPassCount() - Passes0 == 1,
        "one stats kernel launch for the probe");
  {
    rt::RunScope Run(*Host.P, nullptr);
    Run.probe(3, rt::kAfter, Cpu.data(), N, P);
  }
  auto DL = tensorParts(Dev.lines()), HL = tensorParts(Host.lines());
  bool Same = DL == HL && DL.size() >= static_cast<size_t>(2 * N - 2);
  check(Same, "stats kernel lines equal the host path's (" +
                  std::to_string(DL.size()) + " lines)");
  if (!Same)
    for (size_t I = 0; I < std::max(DL.size(), HL.size()); ++I)
      std::printf("  cuda: %s\n  cpu:  %s\n",
                  I < DL.size() ? DL[I].c_str() : "-",
                  I < HL.size() ? HL[I].c_str() : "-");
  check(contains(Dev.lines(), "big_f32 inout float32 [1024, 4096] strides "
                              "[4096, 1] cuda:0 numel 4194304 min -500 max 499 "),
        "big_f32 min/max on the GPU");
  check(contains(Dev.lines(), "nan 3 inf 3"), "big_f32 NaN/Inf counts");
  check(contains(Dev.lines(), "bf16_pad inout bfloat16 [64, 33] strides [40, "
                              "1] cuda:0 numel 2112") &&
            contains(Dev.lines(), "nan 1 inf 0"),
        "padding NaN not counted");
  check(contains(Dev.lines(), "i64_big inout int64 [2] strides [1] cuda:0 "
                              "numel 2 min -9007199254740993 max "
                              "9007199254740993 mean 0 nan 0 inf 0"),
        "int64 exact on the GPU");
  check(contains(Dev.lines(), "i64_t inout int64 [17, 3] strides [1, 17] "
                              "cuda:0 numel 51 min -123456789012 max 49993"),
        "int64 transposed on the GPU");
  std::printf("TIME stats probe of %d CUDA tensors (4.2M + small): %.2f ms\n",
              N, std::chrono::duration<double, std::milli>(T1 - T0).count());
  for (const std::string &L : Dev.lines())
    std::printf("INFO %s\n", L.c_str());

  // The same probe again: the kernel left its accumulators clean.
  TestProgram Again("stats-kernel-again");
  {
    rt::RunScope Run(*Again.P, S);
    Run.probe(3, rt::kAfter, Cuda.data(), N, P);
  }
  check(tensorParts(Again.lines()) == HL,
        "a second launch on the same buffers gives the same lines");

  // More tensors than the launch carries inline (descriptors copied to the
  // device): still one launch, one sync, the host path's lines.
  std::vector<rt::TensorRef> ManyCuda, ManyCpu;
  for (int R = 0; R < 2; ++R)
    for (size_t I = 0; I < Ts.size(); ++I) {
      ManyCuda.push_back(Cuda[I]);
      ManyCpu.push_back(Cpu[I]);
    }
  int NM = static_cast<int>(ManyCuda.size());
  TestProgram ManyDev("stats-many"), ManyHost("stats-many-cpu");
  uint64_t Syncs1 = rt::detail::hostSyncCount();
  uint64_t Passes1 = rt::detail::deviceStatsPassCount();
  {
    rt::RunScope Run(*ManyDev.P, S);
    Run.probe(3, rt::kAfter, ManyCuda.data(), NM, P);
  }
  check(rt::detail::hostSyncCount() - Syncs1 == 1 &&
            rt::detail::deviceStatsPassCount() - Passes1 == 1,
        "one launch and one sync for " + std::to_string(NM) +
            " CUDA tensors (more than " +
            std::to_string(rt::detail::kInlineDescs) + " inline)");
  {
    rt::RunScope Run(*ManyHost.P, nullptr);
    Run.probe(3, rt::kAfter, ManyCpu.data(), NM, P);
  }
  auto MD = tensorParts(ManyDev.lines()), MH = tensorParts(ManyHost.lines());
  check(MD == MH && MD.size() == 2 * DL.size(),
        "many-tensor launch lines equal the host path's (" +
            std::to_string(MD.size()) + " lines)");

  // The host-copy fallback gives the same lines.
  setenv("AOTI_INSTRUMENT_STATS_HOST", "1", 1);
  TestProgram Fallback("stats-fallback");
  {
    rt::RunScope Run(*Fallback.P, S);
    unsetenv("AOTI_INSTRUMENT_STATS_HOST");
    uint64_t Passes = rt::detail::deviceStatsPassCount();
    Run.probe(3, rt::kAfter, Cuda.data(), N, P);
    check(rt::detail::deviceStatsPassCount() == Passes,
          "fallback launches no stats kernel");
  }
  check(tensorParts(Fallback.lines()) == HL,
        "host-copy fallback lines equal the host path's");

  // Saves of the same tensors: compared bitwise by run_gpu_tests.sh.
  rt::Probe Save{};
  Save.save = true;
  Save.save_roles = 3;
  std::vector<rt::TensorRef> CudaSave(Cuda.begin() + 1, Cuda.end() - 1);
  std::vector<rt::TensorRef> CpuSave(Cpu.begin() + 1, Cpu.end() - 1);
  TestProgram SaveDev("save-cuda", outDir() + "/saves-cuda"),
      SaveHost("save-cpu", outDir() + "/saves-cpu");
  {
    rt::RunScope Run(*SaveDev.P, S);
    Run.probe(3, rt::kAfter, CudaSave.data(),
              static_cast<int>(CudaSave.size()), Save);
  }
  {
    rt::RunScope Run(*SaveHost.P, nullptr);
    Run.probe(3, rt::kAfter, CpuSave.data(),
              static_cast<int>(CpuSave.size()), Save);
  }
}

void nanCheckOnCuda(cudaStream_t S) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Out(128, 1.0f);
  Out[5] = Out[77] = Out[127] = NaN;
  std::vector<float> In(16, 2.0f);
  Twin Buf3 = makeTwin(aoti_torch_dtype_float32(), {4, 32}, {32, 1}, bytesOf(Out));
  Twin Arg = makeTwin(aoti_torch_dtype_float32(), {16}, {1}, bytesOf(In));
  TestProgram T("nan");
  rt::Probe P{};
  P.nan_roles = rt::kOut;
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  P.nan_on_fail = rt::kThrow;
  std::string What;
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef Ts[] = {{"buf3", rt::kOut, Buf3.cuda}, {"arg0_1", rt::kIn, Arg.cuda}};
    try {
      Run.probe(3, rt::kAfter, Ts, 2, P);
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  check(What == "[aoti-instrument] NaN in buf3 (3 of 128 elements) after #3 "
                "triton_per_fused_x (wrapper.cpp:916, source nodes [linear, "
                "log]) in run 1; inputs were clean; to replay it alone, add "
                "to the rules: {name: capture-3, match: {ordinals: \"3\"}, "
                "capture: true}",
        "NaN check on CUDA: " + What);
  In[3] = std::numeric_limits<float>::infinity();
  Twin Dirty = makeTwin(aoti_torch_dtype_float32(), {16}, {1}, bytesOf(In));
  What.clear();
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef Ts[] = {{"buf3", rt::kOut, Buf3.cuda}, {"arg0_1", rt::kIn, Dirty.cuda}};
    try {
      Run.probe(3, rt::kAfter, Ts, 2, P);
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  check(What.find("in run 2; inputs held NaN/Inf too: arg0_1 (1 Inf)") !=
            std::string::npos,
        "NaN check names the dirty CUDA input: " + What);
}

rt::Probe deferredProbe(rt::OnFail F) {
  rt::Probe P{};
  P.nan_roles = rt::kOut;
  P.nan_checks = rt::kCheckNan;
  P.nan_on_fail = F;
  P.nan_deferred = true;
  return P;
}

void deferredNan(cudaStream_t S) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  constexpr int Big = 524288;
  std::vector<float> Clean(Big, 1.0f), Bad(Big, 1.0f), In(1024, 0.5f);
  for (int I = 0; I < 527; ++I)
    Bad[static_cast<size_t>(I) * 997 % Big] = NaN; // 997 odd: all distinct
  std::vector<float> AllNan(64, NaN);
  Twin Out0 = makeTwin(aoti_torch_dtype_float32(), {512, 1024}, {1024, 1},
                       bytesOf(Clean));
  Twin Out2 = makeTwin(aoti_torch_dtype_float32(), {512, 1024}, {1024, 1},
                       bytesOf(Bad));
  Twin Out3 = makeTwin(aoti_torch_dtype_float32(), {64}, {1}, bytesOf(AllNan));
  Twin Arg = makeTwin(aoti_torch_dtype_float32(), {1024}, {1}, bytesOf(In));
  void *ArgDev = nullptr, *Out2Dev = nullptr;
  aoti_torch_get_data_ptr(Arg.cuda, &ArgDev);
  aoti_torch_get_data_ptr(Out2.cuda, &Out2Dev);
  const std::string Expected =
      "[aoti-instrument] NaN in buf3 (527 of 524288 elements) after #2 "
      "tiny_after (wrapper.cpp:1003) in run 1; inputs were clean; to replay "
      "it alone, add to the rules: {name: capture-2, match: {ordinals: "
      "\"2\"}, capture: true}";

  // 1. finish(): the first offending launch, one sync for the whole run.
  {
    TestProgram T("deferred");
    rt::Probe P = deferredProbe(rt::kThrow);
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    uint64_t Passes0 = rt::detail::deviceStatsPassCount() +
                       rt::detail::deviceNanPassCount();
    uint64_t InProbes = 0, Passes = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(0, rt::kAfter, T0, 2, P);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(2, rt::kAfter, T2, 2, P);
      // Later work overwrites the input with NaN and clears the output: the
      // check saw them as they were right after the launch.
      CUDART(cudaMemsetAsync(ArgDev, 0xff, 1024 * sizeof(float), S));
      CUDART(cudaMemsetAsync(Out2Dev, 0, Big * sizeof(float), S));
      rt::TensorRef T3[] = {{"buf5", rt::kOut, Out3.cuda}};
      Run.probe(3, rt::kAfter, T3, 1, P); // NaN too, but later
      InProbes = rt::detail::hostSyncCount() - Syncs0;
      Passes = rt::detail::deviceStatsPassCount() +
               rt::detail::deviceNanPassCount() - Passes0;
      try {
        Run.finish();
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    check(InProbes == 0, "deferred: no sync in 3 probes (" +
                             std::to_string(InProbes) + ")");
    check(Passes == 3, "deferred: one counting launch per probe (" +
                           std::to_string(Passes) + ")");
    check(rt::detail::hostSyncCount() - Syncs0 == 1,
          "deferred: one sync for the run, in finish()");
    check(What == Expected, "deferred: finish() throws for the first "
                            "offending launch: " + What);
    auto L = T.lines();
    check(L.size() == 1 && L[0] == Expected,
          "deferred: one report (" + std::to_string(L.size()) + " lines)");
  }
  // Put the tensors back.
  CUDART(cudaMemcpy(ArgDev, In.data(), In.size() * sizeof(float),
                    cudaMemcpyHostToDevice));
  CUDART(cudaMemcpy(Out2Dev, Bad.data(), Bad.size() * sizeof(float),
                    cudaMemcpyHostToDevice));

  // 2. kWarn without finish(): ~RunScope reports every hit, in launch
  // order, a CPU tensor's included; one sync.
  {
    TestProgram T("deferred-warn");
    rt::Probe P = deferredProbe(rt::kWarn);
    std::vector<float> HostNan = {1, NaN};
    Twin H = makeTwin(aoti_torch_dtype_float32(), {2}, {1}, bytesOf(HostNan));
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"cpu_out", rt::kOut, H.cpu}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(2, rt::kAfter, T2, 2, P);
      rt::TensorRef T3[] = {{"buf5", rt::kOut, Out3.cuda}};
      Run.probe(3, rt::kAfter, T3, 1, P);
    }
    auto L = T.lines();
    check(rt::detail::hostSyncCount() - Syncs0 == 1,
          "deferred warn: one sync, in ~RunScope");
    check(L.size() == 3 &&
              L[0].find("NaN in cpu_out (1 of 2 elements) after #0 tiny_ok") !=
                  std::string::npos &&
              L[1] == "[aoti-instrument] NaN in buf3 (527 of 524288 elements) "
                      "after #2 tiny_after (wrapper.cpp:1003) in run 1; "
                      "inputs were clean; to replay it alone, add to the "
                      "rules: {name: capture-2, match: {ordinals: \"2\"}, "
                      "capture: true}" &&
              L[2].find("NaN in buf5 (64 of 64 elements) after #3") !=
                  std::string::npos,
          "deferred warn: every hit in launch order (" +
              std::to_string(L.size()) + " lines)");
    for (const std::string &X : L)
      std::printf("INFO %s\n", X.c_str());
  }

  // 3. The same (site, phase) twice in a run: the first check is read (one
  // sync) before the second is launched, and fails there.
  {
    TestProgram T("deferred-repeat");
    rt::Probe P = deferredProbe(rt::kThrow);
    std::string What;
    int Reached = 0;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      try {
        Run.probe(2, rt::kAfter, T2, 2, P);
        Reached = 1;
        Run.probe(2, rt::kAfter, T2, 2, P);
        Reached = 2;
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    check(Reached == 1 && What == Expected,
          "deferred: a repeated site reads the pending checks first: " + What);
  }

  // 4. A probe that syncs anyway (stats print) reads the pending checks
  // first: the earlier launch's report comes before that probe's lines.
  {
    TestProgram T("deferred-then-print");
    rt::Probe Print{};
    Print.print = rt::kPrintStats;
    Print.print_roles = 3;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda}};
      try {
        Run.probe(2, rt::kAfter, T2, 2, deferredProbe(rt::kThrow));
        Run.probe(0, rt::kBefore, T0, 1, Print);
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    auto L = T.lines();
    check(What == Expected && L.size() == 1,
          "deferred: a syncing probe reports the pending failure first (" +
              std::to_string(L.size()) + " lines)");
  }

  // 5. Clean runs, repeated: pooled buffers, no report, one sync each.
  {
    TestProgram T("deferred-clean");
    rt::Probe P = deferredProbe(rt::kThrow);
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    bool Threw = false;
    for (int R = 0; R < 20; ++R) {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      try {
        for (int Site = 0; Site < 4; ++Site)
          Run.probe(Site, rt::kAfter, T0, 2, P);
        Run.finish();
      } catch (const std::exception &) {
        Threw = true;
      }
    }
    check(!Threw && T.lines().empty() &&
              rt::detail::hostSyncCount() - Syncs0 == 20,
          "deferred: 20 clean runs, 20 syncs, no report");
  }
}

/// The NaN-count kernel (dense floating tensors, deferred checks): counts
/// from the bits of every floating kind, at every alignment (a storage
/// offset of one element, a tail shorter than a 16-byte load), a permuted
/// dense layout; a strided view goes to the statistics kernel instead.
void nanCountKernel(cudaStream_t S) {
  struct Kind {
    const char *name;
    int32_t dtype;
    int es;
    uint64_t nan, inf, one; ///< bit patterns (inf 0: the kind has none)
  };
  const Kind Kinds[] = {
      {"float32", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000},
      {"float64", aoti_torch_dtype_float64(), 8, 0xfff8000000000001ull,
       0x7ff0000000000000ull, 0x3ff0000000000000ull},
      {"float16", aoti_torch_dtype_float16(), 2, 0x7e01, 0xfc00, 0x3c00},
      {"bfloat16", aoti_torch_dtype_bfloat16(), 2, 0xffc1, 0x7f80, 0x3f80},
      {"float8_e4m3fn", aoti_torch_dtype_float8_e4m3fn(), 1, 0xff, 0, 0x38},
      {"float8_e5m2", aoti_torch_dtype_float8_e5m2(), 1, 0x7e, 0xfc, 0x3c},
      {"float8_e4m3fnuz", aoti_torch_dtype_float8_e4m3fnuz(), 1, 0x80, 0,
       0x40},
  };
  rt::Probe P = deferredProbe(rt::kWarn);
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  constexpr int64_t N = 1001; // odd: a head and a tail around the loads
  for (const Kind &K : Kinds) {
    for (int64_t Offset : {int64_t(0), int64_t(1)}) {
      std::vector<unsigned char> Bytes(static_cast<size_t>((N + Offset) * K.es));
      auto Put = [&](int64_t I, uint64_t V) {
        std::memcpy(&Bytes[static_cast<size_t>((I + Offset) * K.es)], &V,
                    static_cast<size_t>(K.es));
      };
      for (int64_t I = 0; I < N; ++I)
        Put(I, K.one);
      // The first, the last, and some in between; Inf where the kind has it.
      int64_t Nans[] = {0, 3, 500, 999, 1000};
      int64_t Infs[] = {1, 511, 998};
      for (int64_t I : Nans)
        Put(I, K.nan);
      if (K.inf)
        for (int64_t I : Infs)
          Put(I, K.inf);
      Twin T = makeTwin(K.dtype, {N}, {1}, Bytes, Offset);
      TestProgram Prog(std::string("nancount-") + K.name);
      uint64_t Nan0 = rt::detail::deviceNanPassCount();
      {
        rt::RunScope Run(*Prog.P, S);
        rt::TensorRef Ts[] = {{"buf1", rt::kOut, T.cuda}};
        Run.probe(3, rt::kAfter, Ts, 1, P);
        Run.finish();
      }
      std::string Want =
          K.inf ? "NaN and Inf in buf1 (5 NaN, 3 Inf of 1001 elements)"
                : "NaN in buf1 (5 of 1001 elements)";
      auto L = Prog.lines();
      check(rt::detail::deviceNanPassCount() - Nan0 == 1 && L.size() == 1 &&
                L[0].find(Want) != std::string::npos,
            std::string("NaN-count kernel, ") + K.name + ", offset " +
                std::to_string(Offset) + ": " + (L.empty() ? "-" : L[0]));
    }
  }
  // A permuted dense layout (a transpose): the NaN kernel; a strided view
  // (every other column): the statistics kernel; the same counts as the
  // host.
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> V(64 * 48, 0.25f);
  for (int I = 0; I < 64 * 48; I += 37)
    V[static_cast<size_t>(I)] = NaN;
  Twin Tr = makeTwin(aoti_torch_dtype_float32(), {48, 64}, {1, 48}, bytesOf(V));
  Twin Sl = makeTwin(aoti_torch_dtype_float32(), {64, 24}, {48, 2}, bytesOf(V));
  TestProgram Prog("nancount-layouts");
  uint64_t Nan0 = rt::detail::deviceNanPassCount();
  uint64_t Stats0 = rt::detail::deviceStatsPassCount();
  {
    rt::RunScope Run(*Prog.P, S);
    rt::TensorRef T0[] = {{"buf0", rt::kOut, Tr.cuda}};
    Run.probe(0, rt::kAfter, T0, 1, P);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, Sl.cuda}};
    Run.probe(1, rt::kAfter, T1, 1, P);
    Run.finish();
  }
  rt::detail::TensorMeta M;
  M.Handle = Sl.cpu;
  rt::detail::readMeta(M);
  rt::detail::Stats Host = rt::detail::hostStats(M, M.Data);
  auto L = Prog.lines();
  check(rt::detail::deviceNanPassCount() - Nan0 == 1 &&
            rt::detail::deviceStatsPassCount() - Stats0 == 1,
        "NaN-count kernel for the transpose, statistics for the strided view");
  check(L.size() == 2 &&
            L[0].find("NaN in buf0 (84 of 3072 elements)") != std::string::npos &&
            L[1].find("NaN in buf1 (" + std::to_string(Host.nan) +
                      " of 1536 elements)") != std::string::npos,
        "NaN counts of both layouts: " + (L.size() > 1 ? L[0] + " | " + L[1]
                                                       : std::string("-")));
}

/// The NaN-count kernel's flat grid: tensors of very different sizes,
/// kinds and alignments in one launch, each split into parts (one per
/// block, rt::kNanBlockBytes); NaN and Inf on both sides of every part's
/// boundary, at the ends, and nowhere else: exact counts for each tensor,
/// one count launch.
void nanCountParts(cudaStream_t S) {
  struct Case {
    const char *name;
    int32_t dtype;
    int es;
    uint64_t nan, inf, one;
    int64_t numel, offset;
  };
  const Case Cases[] = {
      {"buf0", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 1000003, 0},
      {"buf1", aoti_torch_dtype_float16(), 2, 0x7e01, 0xfc00, 0x3c00, 2000001,
       1},
      {"buf2", aoti_torch_dtype_bfloat16(), 2, 0xffc1, 0x7f80, 0x3f80, 17, 3},
      {"buf3", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 1, 0},
      {"buf4", aoti_torch_dtype_float64(), 8, 0xfff8000000000001ull,
       0x7ff0000000000000ull, 0x3ff0000000000000ull, 70001, 1},
      {"buf5", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 4096, 2},
  };
  rt::Probe P = deferredProbe(rt::kWarn);
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  std::vector<Twin> Twins;
  std::vector<std::string> Want;
  for (const Case &C : Cases) {
    std::vector<unsigned char> Bytes(
        static_cast<size_t>((C.numel + C.offset) * C.es));
    auto Put = [&](int64_t I, uint64_t V) {
      std::memcpy(&Bytes[static_cast<size_t>((I + C.offset) * C.es)], &V,
                  static_cast<size_t>(C.es));
    };
    for (int64_t I = 0; I < C.numel; ++I)
      Put(I, C.one);
    // The parts as the kernel cuts them (stats_kernel.cu, aoti_rt_nancount).
    int64_t Blocks = std::max<int64_t>(
        1, std::min<int64_t>((C.numel * C.es + rt::detail::kNanBlockBytes - 1) /
                                 rt::detail::kNanBlockBytes,
                             rt::detail::kNanMaxBlocks));
    int64_t Per = ((C.numel + Blocks - 1) / Blocks + 63) / 64 * 64;
    std::set<int64_t> Nans = {0, C.numel - 1}, Infs;
    for (int64_t Lo = Per; Lo < C.numel; Lo += Per) {
      Nans.insert(Lo - 1);
      Nans.insert(Lo);
      if (Lo + 1 < C.numel)
        Infs.insert(Lo + 1);
    }
    for (int64_t I : Nans)
      Infs.erase(I);
    for (int64_t I : Infs)
      Put(I, C.inf);
    for (int64_t I : Nans)
      Put(I, C.nan);
    Twins.push_back(makeTwin(C.dtype, {C.numel}, {1}, Bytes, C.offset));
    Want.push_back(
        Infs.empty()
            ? "NaN in " + std::string(C.name) + " (" +
                  std::to_string(Nans.size()) + " of " +
                  std::to_string(C.numel) + " elements)"
            : "NaN and Inf in " + std::string(C.name) + " (" +
                  std::to_string(Nans.size()) + " NaN, " +
                  std::to_string(Infs.size()) + " Inf of " +
                  std::to_string(C.numel) + " elements)");
  }
  TestProgram Prog("nancount-parts");
  Prog.P->batch_deferred = true;
  uint64_t Nan0 = rt::detail::deviceNanPassCount();
  {
    rt::RunScope Run(*Prog.P, S);
    for (size_t I = 0; I < Twins.size(); ++I) {
      rt::TensorRef T[] = {{Cases[I].name, rt::kOut, Twins[I].cuda}};
      Run.probe(static_cast<int>(I), rt::kAfter, T, 1, P);
    }
    Run.finish();
  }
  auto L = Prog.lines();
  bool Ok = rt::detail::deviceNanPassCount() - Nan0 == 1 &&
            L.size() == Want.size();
  std::string Missing;
  for (const std::string &W : Want)
    if (!contains(L, W)) {
      Ok = false;
      Missing += " [" + W + "]";
    }
  check(Ok, "NaN-count kernel, flat grid: 6 tensors (1 to 2,000,001 "
            "elements, 4 kinds, 4 alignments) in one launch, exact counts "
            "around every part boundary" +
                (Missing.empty() ? std::string() : ": missing" + Missing));
}

/// A tensor counted once per run while nothing writes it: an output read
/// by the next launches, a before-probe's inputs at the after-probe. A
/// launch without a probe in between, a write to it (an in-place launch,
/// poison) and the next run count it again.
void seenTensors(cudaStream_t S) {
  std::vector<float> V(4096, 1.0f);
  Twin A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin B = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin C = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin X = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  V[7] = std::numeric_limits<float>::quiet_NaN();
  Twin D = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  rt::Probe P = deferredProbe(rt::kWarn);
  TestProgram Prog("seen");
  auto Scans = [] { return rt::detail::deviceTensorScanCount(); };
  std::vector<uint64_t> Got;
  {
    rt::RunScope Run(*Prog.P, S);
    uint64_t S0 = Scans();
    rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}, {"arg0_1", rt::kIn, X.cuda}};
    Run.probe(0, rt::kAfter, T0, 2, P); // A, X
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}, {"buf0", rt::kIn, A.cuda},
                          {"arg0_1", rt::kIn, X.cuda}};
    Run.probe(1, rt::kAfter, T1, 3, P); // B only
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T2[] = {{"buf0", rt::kInOut, A.cuda}, {"buf1", rt::kIn, B.cuda}};
    Run.probe(2, rt::kAfter, T2, 2, P); // A again (written in place)
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T4[] = {{"buf2", rt::kOut, C.cuda}, {"buf1", rt::kIn, B.cuda}};
    Run.probe(4, rt::kAfter, T4, 2, P); // #3 had no probe: C and B
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::BufferPolicy Poison{0, rt::kWarn, true, 0xA5};
    Run.reuse("buf1", B.cuda, Poison); // B poisoned (written by the runtime)
    rt::TensorRef T5[] = {{"buf3", rt::kOut, D.cuda}, {"buf1", rt::kIn, B.cuda},
                          {"buf2", rt::kIn, C.cuda}};
    Run.probe(5, rt::kAfter, T5, 3, P); // D and B, not C
    Got.push_back(Scans() - S0);
    Run.finish();
  }
  uint64_t S0 = Scans();
  {
    rt::RunScope Run(*Prog.P, S);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}, {"buf0", rt::kIn, A.cuda}};
    Run.probe(1, rt::kAfter, T1, 2, P); // a new run: both
    Run.finish();
  }
  Got.push_back(Scans() - S0);
  std::vector<uint64_t> Want = {2, 1, 1, 2, 2, 2};
  std::string G;
  for (uint64_t X : Got)
    G += std::to_string(X) + " ";
  check(Got == Want, "seen tensors: scans per probe 2 1 1 2 2 2, got " + G);
  // The poisoned input was counted again: the report names it, and not the
  // clean input seen before.
  auto L = Prog.lines();
  check(contains(L, "NaN in buf3 (1 of 4096 elements) after #5") &&
            contains(L, "inputs held NaN/Inf too: buf1 (4096 NaN)"),
        "seen tensors: the poisoned buffer is counted again: " +
            (L.empty() ? std::string("-") : L[0]));
}

/// Batched NaN counts (Program::batch_deferred): the counts of several launches
/// in one launch at the run's end; a launch that writes a pending tensor,
/// the runtime's poison and a full batch send the batch first; a pending
/// tensor's storage is held until its count ran.
void batchedNan(cudaStream_t S) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Ones(4096, 1.0f), WithNan(4096, 1.0f);
  WithNan[100] = NaN;
  const size_t Bytes = 4096 * sizeof(float);
  Twin A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
  Twin B = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(WithNan));
  Twin C = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
  void *BDev = nullptr, *ADev = nullptr;
  aoti_torch_get_data_ptr(B.cuda, &BDev);
  aoti_torch_get_data_ptr(A.cuda, &ADev);
  rt::Probe P = deferredProbe(rt::kThrow);
  auto Passes = [] {
    return rt::detail::deviceNanPassCount() +
           rt::detail::deviceStatsPassCount();
  };
  auto Finish = [](rt::RunScope &Run) {
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      return std::string(E.what());
    }
    return std::string();
  };
  // 1. Three launches: no count launched during the run, one at its end.
  {
    TestProgram T("batch");
    T.P->batch_deferred = true;
    uint64_t P0 = Passes(), During = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
      Run.beforeWrite(0, T0, 1);
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}, {"buf0", rt::kIn, A.cuda}};
      Run.beforeWrite(1, T1, 1); // writes B: nothing pending there
      Run.probe(1, rt::kAfter, T1, 2, P);
      rt::TensorRef T2[] = {{"buf2", rt::kOut, C.cuda}, {"buf1", rt::kIn, B.cuda}};
      Run.beforeWrite(2, T2, 1);
      Run.probe(2, rt::kAfter, T2, 2, P);
      During = Passes() - P0;
      What = Finish(Run);
    }
    check(During == 0, "batch: no count launched during the run (" +
                           std::to_string(During) + ")");
    check(Passes() - P0 == 1, "batch: one count launch for 3 launches (" +
                                  std::to_string(Passes() - P0) + ")");
    check(What.find("NaN in buf1 (1 of 4096 elements) after #1 bad_kernel") !=
              std::string::npos,
          "batch: finish() names the launch that made the NaN: " + What);
  }
  // 2. A launch that overwrites a pending tensor (in place) sends the batch
  // first: the count sees the NaN the earlier launch left.
  {
    TestProgram T("batch-inplace");
    T.P->batch_deferred = true;
    uint64_t Flushed = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}};
      Run.probe(1, rt::kAfter, T1, 1, P);
      rt::TensorRef T2[] = {{"buf1", rt::kInOut, B.cuda}};
      uint64_t P0 = Passes();
      Run.beforeWrite(2, T2, 1);
      Flushed = Passes() - P0;
      CUDART(cudaMemsetAsync(BDev, 0, Bytes, S)); // the launch writes it
      Run.probe(2, rt::kAfter, T2, 1, P);
      What = Finish(Run);
    }
    check(Flushed == 1, "batch: a launch that writes a pending tensor sends "
                        "the batch first");
    check(What.find("NaN in buf1 (1 of 4096 elements) after #1") !=
              std::string::npos,
          "batch: the count saw the tensor before the in-place write: " +
              What);
    CUDART(cudaMemcpy(BDev, WithNan.data(), Bytes, cudaMemcpyHostToDevice));
  }
  // 3. The wrapper frees a pending tensor and a later allocation (inside an
  // extern op: no guard sees it) writes fresh memory: not its memory.
  {
    TestProgram T("batch-held");
    T.P->batch_deferred = true;
    int64_t Size = 4096, Stride = 1;
    AtenTensorHandle H = nullptr, H2 = nullptr;
    void *D = nullptr, *Again = nullptr;
    aoti_torch_empty_strided(1, &Size, &Stride, aoti_torch_dtype_float32(),
                             aoti_torch_device_type_cuda(), 0, &H);
    aoti_torch_get_data_ptr(H, &D);
    CUDART(cudaMemcpy(D, WithNan.data(), Bytes, cudaMemcpyHostToDevice));
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf4", rt::kOut, H}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      aoti_torch_delete_tensor_object(H); // buf4.reset()
      aoti_torch_empty_strided(1, &Size, &Stride, aoti_torch_dtype_float32(),
                               aoti_torch_device_type_cuda(), 0, &H2);
      aoti_torch_get_data_ptr(H2, &Again);
      CUDART(cudaMemsetAsync(Again, 0, Bytes, S));
      What = Finish(Run);
    }
    aoti_torch_delete_tensor_object(H2);
    check(Again != D, "batch: a pending tensor's memory is not handed out "
                      "again before its count");
    check(What.find("NaN in buf4 (1 of 4096 elements) after #0") !=
              std::string::npos,
          "batch: the freed tensor's NaN is still found: " + What);
  }
  // 4. Poison written by the runtime over a pending buffer: the batch first
  // (the count sees the clean values, not the poison).
  {
    TestProgram T("batch-poison");
    T.P->batch_deferred = true;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::BufferPolicy Poison{0, rt::kWarn, true, 0xA5};
      Run.reuse("buf5", A.cuda, Poison); // NaN poison over A
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}};
      Run.probe(1, rt::kAfter, T1, 1, P); // a real NaN, later
      What = Finish(Run);
    }
    check(What.find("NaN in buf1 (1 of 4096 elements) after #1") !=
              std::string::npos,
          "batch: counts of a buffer go before its poison (the first NaN "
          "is the later launch's): " + What);
    CUDART(cudaMemcpy(ADev, Ones.data(), Bytes, cudaMemcpyHostToDevice));
  }
  // 6. A stable input (a constant no launch writes) is not counted during
  // the run, only when its launch's report needs it (unbatched, so that
  // the other counts are launched at their probes).
  {
    TestProgram T("batch-stable");
    Twin W = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(WithNan));
    uint64_t S0 = rt::detail::deviceTensorScanCount(), During = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda},
                            {"w", rt::kIn, W.cuda, true}};
      Run.probe(0, rt::kAfter, T0, 2, P);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda},
                            {"w", rt::kIn, W.cuda, true}};
      Run.probe(1, rt::kAfter, T1, 2, P);
      During = rt::detail::deviceTensorScanCount() - S0;
      What = Finish(Run);
    }
    check(During == 2, "batch: a stable input is not counted during the run (" +
                           std::to_string(During) + " scans, want 2)");
    check(What.find("after #1 bad_kernel") != std::string::npos &&
              What.find("inputs held NaN/Inf too: w (1 NaN)") !=
                  std::string::npos,
          "batch: the report counts the stable input it names: " + What);
  }
  // 5. 40 tensors: a full batch (32) goes, then the rest at the end.
  {
    TestProgram T("batch-full");
    T.P->batch_deferred = true;
    std::vector<Twin> Many;
    for (int I = 0; I < 40; ++I)
      Many.push_back(makeTwin(aoti_torch_dtype_float32(), {16}, {1},
                              bytesOf(std::vector<float>(16, I == 39 ? NaN : 2.0f))));
    uint64_t P0 = Passes(), AtEnd = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      for (int I = 0; I < 40; ++I) {
        rt::TensorRef TI[] = {{"buf", rt::kOut, Many[I].cuda}};
        Run.probe(I, rt::kAfter, TI, 1, P);
      }
      AtEnd = Passes() - P0;
      What = Finish(Run);
    }
    check(AtEnd == 1 && Passes() - P0 == 2 &&
              What.find("NaN in buf (16 of 16 elements) after #39") !=
                  std::string::npos,
          "batch: 40 tensors in two count launches (" + std::to_string(AtEnd) +
              " during the run, " + std::to_string(Passes() - P0) +
              " in all), the last one's NaN found: " + What);
  }
}

/// Two runs' lines side by side, when they differ.
void printDiff(const std::vector<std::string> &A, const char *NameA,
               const std::vector<std::string> &B, const char *NameB) {
  if (A == B)
    return;
  for (size_t I = 0; I < std::max(A.size(), B.size()); ++I)
    std::printf("  %-9s %s\n  %-9s %s\n", NameA,
                I < A.size() ? A[I].c_str() : "-", NameB,
                I < B.size() ? B[I].c_str() : "-");
}

/// print_deferred: the same lines as the immediate print, no sync in the
/// probes, one at the end; statistics taken in stream order (a before-probe
/// sees what the launch read, not what later work left).
void deferredPrint(cudaStream_t S) {
  std::vector<float> A(4096), Idx(33, 2.0f);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = static_cast<float>(I % 97) - 40.5f;
  A[17] = std::numeric_limits<float>::quiet_NaN();
  Twin X = makeTwin(aoti_torch_dtype_float32(), {64, 64}, {64, 1}, bytesOf(A));
  Twin Y = makeTwin(aoti_torch_dtype_float32(), {33}, {1}, bytesOf(Idx));
  void *YDev = nullptr;
  aoti_torch_get_data_ptr(Y.cuda, &YDev);
  rt::TensorRef Ts[] = {{"buf1", rt::kOut, Y.cuda}, {"arg0_1", rt::kIn, X.cuda}};
  rt::Probe Now{};
  Now.print = rt::kPrintStats;
  Now.print_roles = 3;
  rt::Probe Later = Now;
  Later.print_deferred = true;
  // The "launch" between the probes: buf1 set to 1.0 (0x3f800000).
  auto Body = [&](rt::RunScope &Run, const rt::Probe &P) {
    Run.probe(2, rt::kBefore, Ts, 2, P);
    check(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(YDev), 0x3f800000u,
                           33, reinterpret_cast<CUstream>(S)) == CUDA_SUCCESS,
          "deferred print: cuMemsetD32Async");
    Run.probe(2, rt::kAfter, Ts, 2, P);
  };
  TestProgram A1("print-now"), B1("print-deferred");
  {
    rt::RunScope Run(*A1.P, S);
    Body(Run, Now);
    Run.finish();
  }
  CUDART(cudaMemcpy(YDev, Idx.data(), Idx.size() * sizeof(float),
                    cudaMemcpyHostToDevice));
  uint64_t Syncs0 = rt::detail::hostSyncCount();
  uint64_t InProbes = 0;
  {
    rt::RunScope Run(*B1.P, S);
    Body(Run, Later);
    InProbes = rt::detail::hostSyncCount() - Syncs0;
    Run.finish();
  }
  auto LA = A1.lines(), LB = B1.lines();
  check(InProbes == 0 && rt::detail::hostSyncCount() - Syncs0 == 1,
        "deferred print: no sync in the probes, one in finish()");
  check(LA == LB && LA.size() == 6,
        "deferred print: the same " + std::to_string(LB.size()) +
            " lines as the immediate print");
  check(contains(LB, "before #2 tiny_after   buf1 out float32 [33] strides "
                     "[1] cuda:0 numel 33 min 2 max 2") &&
            contains(LB, "after #2 tiny_after   buf1 out float32 [33] "
                         "strides [1] cuda:0 numel 33 min 1 max 1") &&
            contains(LB, "arg0_1 in float32 [64, 64] strides [64, 1] cuda:0 "
                         "numel 4096 min -40.5 max 55.5"),
        "deferred print: before/after statistics in stream order");
  printDiff(LA, "now", LB, "deferred");

  // Batched (Program::batch_deferred): the launch's guard sends the
  // before-statistics of buf1, which it writes, first; the after-statistics
  // go at the end. The same lines again.
  CUDART(cudaMemcpy(YDev, Idx.data(), Idx.size() * sizeof(float),
                    cudaMemcpyHostToDevice));
  auto Passes = [] { return rt::detail::deviceStatsPassCount(); };
  TestProgram C1("print-batched");
  C1.P->batch_deferred = true;
  uint64_t P0 = Passes(), AtGuard = 0, BeforeFinish = 0;
  {
    rt::RunScope Run(*C1.P, S);
    Run.probe(2, rt::kBefore, Ts, 2, Later);
    rt::TensorRef W[] = {{"buf1", rt::kOut, Y.cuda}};
    uint64_t G0 = Passes();
    Run.beforeWrite(2, W, 1);
    AtGuard = Passes() - G0;
    check(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(YDev), 0x3f800000u, 33,
                           reinterpret_cast<CUstream>(S)) == CUDA_SUCCESS,
          "batched print: cuMemsetD32Async");
    Run.probe(2, rt::kAfter, Ts, 2, Later);
    BeforeFinish = Passes() - P0;
    Run.finish();
  }
  auto LC = C1.lines();
  check(AtGuard == 1 && BeforeFinish == 1 && Passes() - P0 == 2,
        "batched print: the guard sends the pending statistics of what the "
        "launch writes, the rest go at the end (" +
            std::to_string(AtGuard) + " at the guard, " +
            std::to_string(Passes() - P0) + " in all)");
  check(LC == LA, "batched print: the same " + std::to_string(LC.size()) +
                      " lines as the immediate print");
  printDiff(LA, "now", LC, "batched");

  // Launches that write fresh tensors: the statistics of all of them (and
  // a strided view, which the NaN batch cannot take) in one launch.
  std::vector<Twin> Outs;
  for (int I = 0; I < 4; ++I)
    Outs.push_back(makeTwin(aoti_torch_dtype_float32(), {8, 8}, {8, 1},
                            bytesOf(std::vector<float>(64, float(I)))));
  std::vector<float> In(A.begin(), A.begin() + 64);
  Twin T = makeTwin(aoti_torch_dtype_float32(), {8, 8}, {1, 8}, bytesOf(In));
  TestProgram D1("print-batched-many"), E1("print-unbatched-many");
  D1.P->batch_deferred = true;
  uint64_t Counts[2] = {};
  for (TestProgram *Prog : {&D1, &E1}) {
    uint64_t Q0 = Passes();
    {
      rt::RunScope Run(*Prog->P, S);
      for (int I = 0; I < 4; ++I) {
        rt::TensorRef TI[] = {{"out", rt::kOut, Outs[I].cuda},
                              {"t", rt::kIn, T.cuda}};
        Run.beforeWrite(I, TI, 1);
        Run.probe(I, rt::kAfter, TI, 2, Later);
      }
      Run.finish();
    }
    Counts[Prog == &E1] = Passes() - Q0;
  }
  // A head line and two tensor lines per probe.
  check(Counts[0] == 1 && Counts[1] == 4 && D1.lines() == E1.lines() &&
            D1.lines().size() == 12,
        "batched print: 4 launches' statistics in " +
            std::to_string(Counts[0]) +
            " launch (unbatched: " + std::to_string(Counts[1]) +
            "), the same " + std::to_string(D1.lines().size()) + " lines");
}

void deferredThreads() {
  constexpr int NT = 4, Runs = 25;
  TestProgram Prog("deferred-threads");
  std::vector<std::thread> Pool;
  std::atomic<int> Errors{0}, Thrown{0};
  for (int I = 0; I < NT; ++I)
    Pool.emplace_back([&, I] {
      try {
        cudaStream_t S;
        CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
        std::vector<float> V(100000, 1.0f);
        if (I == 2)
          V[123] = std::numeric_limits<float>::quiet_NaN();
        Twin T = makeTwin(aoti_torch_dtype_float32(), {100000}, {1}, bytesOf(V));
        std::vector<float> C(1000, 1.0f);
        Twin U = makeTwin(aoti_torch_dtype_float32(), {1000}, {1}, bytesOf(C));
        std::string Name = "t" + std::to_string(I);
        for (int R = 0; R < Runs; ++R) {
          rt::RunScope Run(*Prog.P, S);
          rt::TensorRef Clean[] = {{"u", rt::kOut, U.cuda}};
          rt::TensorRef Ts[] = {{Name.c_str(), rt::kOut, T.cuda}};
          Run.probe(0, rt::kAfter, Clean, 1, deferredProbe(rt::kThrow));
          Run.probe(2, rt::kAfter, Ts, 1, deferredProbe(rt::kThrow));
          Run.probe(3, rt::kAfter, Clean, 1, deferredProbe(rt::kThrow));
          try {
            Run.finish();
          } catch (const std::runtime_error &) {
            ++Thrown;
          }
        }
        CUDART(cudaStreamSynchronize(S));
      } catch (const std::exception &E) {
        std::printf("INFO thread error: %s\n", E.what());
        ++Errors;
      }
    });
  for (auto &T : Pool)
    T.join();
  auto L = Prog.lines();
  size_t Right = 0;
  for (const std::string &X : L)
    Right += X.find("NaN in t2 (1 of 100000 elements) after #2 tiny_after") !=
             std::string::npos;
  check(Errors == 0 && Thrown == Runs && L.size() == Runs && Right == Runs,
        "deferred, 4 threads on own streams: only thread 2's runs fail (" +
            std::to_string(Thrown.load()) + " throws, " +
            std::to_string(L.size()) + " lines)");
}

/// A CUDA int32 buffer of 16 elements that \p Run gave redzones (and
/// poison, as \p P says), as run_impl's allocation becomes one.
RAIIAtenTensorHandle redzonedBuffer(rt::RunScope &Run, const char *Name,
                                    const rt::BufferPolicy &P,
                                    const std::string &Test) {
  AtenTensorHandle H = nullptr;
  int64_t Sizes[] = {16}, Strides[] = {1};
  check(aoti_torch_empty_strided(1, Sizes, Strides, aoti_torch_dtype_int32(),
                                 aoti_torch_device_type_cuda(), 0,
                                 &H) == AOTI_TORCH_SUCCESS,
        Test + ": a CUDA int32 buffer");
  RAIIAtenTensorHandle Buf(H);
  AtenTensorHandle R = Run.buffer(Name, Buf.get(), P);
  check(R != nullptr, Test + ": a replacement with redzones");
  if (R)
    Buf = RAIIAtenTensorHandle(R);
  return Buf;
}

/// Redzones and poison of a CUDA buffer: filled in stream order, the zones
/// read with one sync at the end of the run, the report naming the buffer,
/// the bytes and the launches that wrote it.
void buffersOnCuda(Kernels &K, cudaStream_t S) {
  TestProgram T("buffers");
  rt::BufferPolicy P{64, rt::kThrow, true, 0xA5};
  rt::Probe Check{};
  Check.redzones = true;
  std::string What;
  bool Poisoned = false;
  uint64_t Syncs = 0;
  {
    rt::RunScope Run(*T.P, S);
    RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf4", P, "buffers");
    void *D = nullptr;
    aoti_torch_get_data_ptr(Buf.get(), &D);
    std::vector<uint32_t> Host(16);
    CUDART(cudaStreamSynchronize(S));
    CUDART(cudaMemcpy(Host.data(), D, 64, cudaMemcpyDeviceToHost));
    Poisoned = std::all_of(Host.begin(), Host.end(),
                           [](uint32_t V) { return V == 0xA5A5A5A5u; });
    rt::TensorRef Ts[] = {{"buf4", rt::kOut, Buf.get()}};
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    K.launchStore(S, D, 3); // inside
    Run.probe(1, rt::kAfter, Ts, 1, Check);
    K.launchStore(S, D, 16); // the 4 bytes past the end
    Run.probe(2, rt::kAfter, Ts, 1, Check);
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
    Syncs = rt::detail::hostSyncCount() - Syncs0;
  }
  check(Poisoned, "buffers: the CUDA buffer poisoned with 0xA5 (int32)");
  check(Syncs == 1, "buffers: one sync for the run's redzones (" +
                        std::to_string(Syncs) + ")");
  check(What == "[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) wrote "
                "past the end of buf4 (bytes 0..3 past its end, in its "
                "64-byte redzone) in run 1; to replay it alone, add to the "
                "rules: {name: capture-2, match: {ordinals: \"2\"}, "
                "capture: true}",
        "buffers: finish() names the one launch of the buffer's writers "
        "that damaged its redzone (checked in stream order), the buffer and "
        "the bytes: " + What);
}

/// A write before the start of a buffer that an earlier launch wrote well,
/// and a later good writer: the zone is named with the launch that damaged
/// it first, not the last writer.
void bufferStartOnCuda(Kernels &K, cudaStream_t S, bool Batched) {
  TestProgram T(Batched ? "buffers-start-batched" : "buffers-start");
  T.P->batch_deferred = Batched; // the checks wait for the next writer
  rt::BufferPolicy P{64, rt::kThrow, false, 0};
  rt::Probe Check{};
  Check.redzones = true;
  std::string What;
  {
    rt::RunScope Run(*T.P, S);
    RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf7", P, "buffers-start");
    void *D = nullptr;
    aoti_torch_get_data_ptr(Buf.get(), &D);
    rt::TensorRef Ts[] = {{"buf7", rt::kOut, Buf.get()}};
    Run.beforeWrite(1, Ts, 1);
    K.launchStore(S, D, 0); // good
    Run.probe(1, rt::kAfter, Ts, 1, Check);
    Run.beforeWrite(2, Ts, 1);
    K.launchStore(S, static_cast<uint32_t *>(D) - 2, 0); // 8 bytes before
    Run.probe(2, rt::kAfter, Ts, 1, Check);
    Run.beforeWrite(3, Ts, 1);
    K.launchStore(S, D, 5); // good again
    Run.probe(3, rt::kAfter, Ts, 1, Check);
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  check(What.rfind("[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) "
                   "wrote before the start of buf7 (bytes -8..-5 before its "
                   "start", 0) == 0,
        std::string(Batched ? "buffers-start-batched" : "buffers-start") +
            ": the launch that wrote before the start is named, not the "
            "later writers: " + What);
}

/// One run of pooledRedzones: a redzoned buf1 written by launch 2 at
/// element \p Offset (16: 4 bytes past its end); its data pointer in
/// \p Data; finish()'s exception in the result. With \p Output, the
/// buffer is handed to the caller as run_impl hands an output.
std::string pooledRun(Kernels &K, cudaStream_t S, TestProgram &T,
                      long long Offset, void *&Data,
                      AtenTensorHandle *Output = nullptr) {
  rt::BufferPolicy P{64, rt::kThrow, false, 0};
  rt::Probe Check{};
  Check.redzones = true;
  AtenTensorHandle Outs[1] = {nullptr};
  rt::RunScope Run(*T.P, S, Outs, 1);
  RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf1", P, "buffers-pool");
  aoti_torch_get_data_ptr(Buf.get(), &Data);
  rt::TensorRef Ts[] = {{"buf1", rt::kOut, Buf.get()}};
  Run.beforeWrite(2, Ts, 1);
  K.launchStore(S, Data, Offset);
  Run.probe(2, rt::kAfter, Ts, 1, Check);
  std::string What;
  try {
    Run.finish();
  } catch (const std::runtime_error &E) {
    What = E.what();
  }
  if (Output)
    *Output = Outs[0] = Buf.release();
  return What;
}

/// Redzoned storage kept from one run for the next (ZonePool): a clean
/// base is taken by the next run's buffer of the same kind, with no
/// allocation and no fill, and its canaries still catch a write past the
/// end; a damaged base, and one an output holds, are not kept.
void pooledRedzones(Kernels &K, cudaStream_t S) {
  TestProgram T("buffers-pool");
  T.P->batch_deferred = true;
  const uint64_t Pooled0 = rt::detail::pooledBufferCount();
  void *D1 = nullptr, *D2 = nullptr, *D3 = nullptr, *D4 = nullptr;
  std::string W1 = pooledRun(K, S, T, 0, D1);
  std::string W2 = pooledRun(K, S, T, 16, D2);
  check(W1.empty() && D2 == D1 &&
            rt::detail::pooledBufferCount() == Pooled0 + 1,
        "buffers-pool: run 2's buffer is run 1's clean storage");
  check(W2 == "[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) wrote "
              "past the end of buf1 (bytes 0..3 past its end, in its "
              "64-byte redzone) in run 2; to replay it alone, add to the "
              "rules: {name: capture-2, match: {ordinals: \"2\"}, "
              "capture: true}",
        "buffers-pool: the pooled canaries catch the write past the end: " +
            W2);
  AtenTensorHandle Out = nullptr;
  std::string W3 = pooledRun(K, S, T, 0, D3, &Out);
  check(W3.empty() && rt::detail::pooledBufferCount() == Pooled0 + 1,
        "buffers-pool: the damaged storage is not kept");
  std::string W4 = pooledRun(K, S, T, 0, D4);
  check(W4.empty() && rt::detail::pooledBufferCount() == Pooled0 + 1 &&
            D4 != D3,
        "buffers-pool: storage an output holds is not kept");
  if (Out)
    aoti_torch_delete_tensor_object(Out);
}

/// The first bytes of \p D as a 32-bit word, after the work on \p S.
uint32_t firstWord(cudaStream_t S, const void *D) {
  uint32_t W = 0;
  CUDART(cudaStreamSynchronize(S));
  CUDART(cudaMemcpy(&W, D, 4, cudaMemcpyDeviceToHost));
  return W;
}

/// Merged poison (RunScope::reuse with batch_deferred): no memset at the
/// reuse; the fill rides on the count launch the buffer's first user
/// sends, after that launch's count of what was there (a NaN, still
/// reported); the writer's one element then leaves 4095 poisoned ones.
void mergedPoison(Kernels &K, cudaStream_t S) {
  std::vector<float> V(4096, 1.0f);
  V[7] = std::numeric_limits<float>::quiet_NaN();
  Twin A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  void *D = nullptr;
  aoti_torch_get_data_ptr(A.cuda, &D);
  const rt::Probe Nan = deferredProbe(rt::kWarn);
  const rt::BufferPolicy Poison{0, rt::kThrow, true, 0};
  TestProgram T("merged-poison");
  T.P->batch_deferred = true;
  const uint64_t P0 = rt::detail::deviceNanPassCount();
  uint64_t AtReuse = 0, AtWriter = 0;
  uint32_t AfterReuse = 0, BeforeWriter = 0;
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
    Run.beforeWrite(0, T0, 1);
    Run.probe(0, rt::kAfter, T0, 1, Nan); // buf0's count pending
    Run.reuse("buf1", A.cuda, Poison);     // buf1 takes buf0's storage
    AtReuse = rt::detail::deviceNanPassCount() - P0;
    AfterReuse = firstWord(S, D);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, A.cuda}};
    Run.beforeWrite(1, T1, 1);
    AtWriter = rt::detail::deviceNanPassCount() - P0;
    BeforeWriter = firstWord(S, D);
    K.launchStore(S, D, 0);
    Run.probe(1, rt::kAfter, T1, 1, Nan);
    Run.finish();
  }
  check(AtReuse == 0 && AfterReuse == 0x3f800000u,
        "merged-poison: nothing launched at the reuse");
  check(AtWriter == 1 && BeforeWriter == 0xffffffffu,
        "merged-poison: one count launch before the first user, the fill "
        "in it");
  const std::vector<std::string> L = T.lines();
  check(contains(L, "NaN in buf0 (1 of 4096 elements) after #0"),
        "merged-poison: what was there counted before the fill");
  check(contains(L, "NaN in buf1 (4095 of 4096 elements) after #1"),
        "merged-poison: the writer's unwritten elements read as poison");
}

/// What guard \p G threw on \p Input ("" when it passed).
std::string guardRefusal(rt::RunScope &Run, const rt::InputGuard &G,
                         AtenTensorHandle Input) {
  try {
    Run.guardInput(G, Input);
  } catch (const std::runtime_error &E) {
    return E.what();
  }
  return "";
}

void guardOnCuda(cudaStream_t S) {
  std::vector<int64_t> Ids = {5, 1000000, 17, 0, 3, 999};
  Twin T = makeTwin(aoti_torch_dtype_int64(), {2, 3}, {3, 1}, bytesOf(Ids));
  TestProgram Prog("guard");
  rt::InputGuard G{};
  G.index = 0;
  G.name = "arg0_1";
  G.dtype = "int64";
  G.device = "cuda";
  G.rank = 2;
  G.has_value_range = true;
  G.value_min = 0;
  G.value_max = 999;
  G.on_fail = rt::kThrow;
  rt::RunScope Run(*Prog.P, S);
  const std::string What = guardRefusal(Run, G, T.cuda);
  check(What == "[aoti-instrument] input guard on input 0 (arg0_1): value "
                "1000000 out of range [0, 999] in run 1",
        "value-range guard on a CUDA input: " + What);
}

/// A finiteness guard on a dense floating CUDA input: one NaN-count pass
/// (not the statistics'), its NaN and Inf counted; a clean input passes.
void guardFiniteOnCuda(cudaStream_t S) {
  const float NaN = std::nanf(""), Inf = INFINITY;
  std::vector<float> Bad = {1.0f, NaN, 2.0f, Inf, NaN, 3.0f, 4.0f, 5.0f};
  std::vector<float> Good = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f};
  Twin TB = makeTwin(aoti_torch_dtype_float32(), {2, 4}, {4, 1}, bytesOf(Bad));
  Twin TG = makeTwin(aoti_torch_dtype_float32(), {2, 4}, {4, 1}, bytesOf(Good));
  TestProgram Prog("guard-finite");
  rt::InputGuard G{};
  G.index = 0;
  G.name = "arg0_1";
  G.rank = -1;
  G.finite = true;
  G.on_fail = rt::kThrow;
  auto &Gl = rt::detail::global();
  const uint64_t Nan0 = Gl.DeviceNanPasses.load(),
                 Stats0 = Gl.DeviceStatsPasses.load();
  rt::RunScope Run(*Prog.P, S);
  Run.guardInput(G, TG.cuda);
  const std::string What = guardRefusal(Run, G, TB.cuda);
  check(What == "[aoti-instrument] input guard on input 0 (arg0_1): holds NaN "
                "(2 of 8 elements); holds Inf (1 of 8 elements) in run 1",
        "finiteness guard on a CUDA input: " + What);
  check(Gl.DeviceNanPasses.load() - Nan0 == 2 &&
            Gl.DeviceStatsPasses.load() == Stats0,
        "finiteness guard: NaN-count passes only (" +
            std::to_string(Gl.DeviceNanPasses.load() - Nan0) + " NaN, " +
            std::to_string(Gl.DeviceStatsPasses.load() - Stats0) +
            " statistics)");
}

void captureSkipsSyncs(Kernels &K) {
  cudaStream_t S;
  CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  std::vector<float> V(64, 1.0f);
  Twin T = makeTwin(aoti_torch_dtype_float32(), {64}, {1}, bytesOf(V));
  TestProgram Prog("capture");
  rt::Probe P{};
  P.sync = true;
  P.breadcrumb = true;
  P.nan_roles = 3;
  P.nan_checks = 3;
  P.print = rt::kPrintValues;
  P.print_roles = 3;
  P.save = true;
  P.save_roles = 3;
  rt::InputGuard G{};
  G.name = "x";
  G.rank = -1;
  G.finite = true;
  bool Threw = false;
  cudaGraph_t Graph = nullptr;
  CUDART(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  try {
    for (int R = 0; R < 2; ++R) {
      rt::RunScope Run(*Prog.P, S);
      Run.guardInput(G, T.cuda);
      K.launchTiny(S);
      rt::TensorRef Ts[] = {{"x", rt::kInOut, T.cuda}};
      Run.probe(0, rt::kAfter, Ts, 1, P);
    }
  } catch (const std::exception &E) {
    Threw = true;
    std::printf("INFO capture threw: %s\n", E.what());
  }
  cudaError_t E = cudaStreamEndCapture(S, &Graph);
  check(!Threw && E == cudaSuccess && Graph,
        std::string("capture survives probes: ") + cudaGetErrorString(E));
  if (Graph) {
    cudaGraphExec_t Exec;
    check(cudaGraphInstantiate(&Exec, Graph, 0) == cudaSuccess &&
              cudaGraphLaunch(Exec, S) == cudaSuccess &&
              cudaStreamSynchronize(S) == cudaSuccess,
          "captured graph runs");
  }
  auto L = Prog.lines();
  size_t Warn = 0, Names = 0;
  for (const std::string &X : L) {
    Warn += X.find("warning: the stream is being captured") != std::string::npos;
    Names += X.find("run ") != std::string::npos &&
             X.find("after #0 tiny_ok (wrapper.cpp:1001") != std::string::npos;
  }
  check(Warn == 1, "one capture warning per Program (" + std::to_string(Warn) + ")");
  check(Names == 2 && L.size() == 3, "only names printed while capturing (" +
                                         std::to_string(L.size()) + " lines)");
  for (const std::string &X : L)
    std::printf("INFO %s\n", X.c_str());
}

void breadcrumbsWithoutFault(Kernels &K, cudaStream_t S) {
  TestProgram Prog("crumbs-ok");
  {
    rt::RunScope Run(*Prog.P, S);
    for (int I = 0; I < 3; ++I) {
      K.launchTiny(S);
      Run.probe(I == 1 ? 2 : 0, rt::kAfter, nullptr, 0, crumbProbe());
    }
  }
  CUDART(cudaStreamSynchronize(S));
  auto &A = rt::detail::crumbArena();
  int Slot = rt::detail::crumbSlotIndex();
  uint32_t Done = A.Host[Slot * rt::detail::kCrumbStride];
  uint32_t Enq = rt::detail::crumbSlot(Slot).Enqueued;
  check(A.Ok && !A.UseHostFn.load(), "breadcrumbs by cuStreamWriteValue32");
  check(Enq >= 3 && Done == Enq, "breadcrumb slot holds the last sequence (" +
                                     std::to_string(Done) + "/" +
                                     std::to_string(Enq) + ")");
  check(Prog.lines().empty(), "no report without a fault");
}

/// Gives \p T one input pinned to float32 [64] on cuda:0 (a CompiledInput
/// with every dim and stride exact): runs that pass it to
/// RunScope::checkInputs may replay their deferred probes (replay.h).
void pinInput(TestProgram &T) {
  static const int64_t Dims[] = {64}, Strides[] = {1};
  static const rt::CompiledInput In{0, "arg0_1", "x",  "float32", 1,
                                    1, true,     Dims, Dims,      Strides};
  T.P->inputs = &In;
  T.P->num_inputs = 1;
}

/// Element \p I of float32 tensor \p T set to \p V on \p S: a launch
/// that writes it.
void writeElement(const Twin &T, int64_t I, float V, cudaStream_t S) {
  void *D = nullptr;
  check(aoti_torch_get_data_ptr(T.cuda.get(), &D) == AOTI_TORCH_SUCCESS,
        "writeElement: data pointer");
  CUDART(cudaMemcpyAsync(static_cast<float *>(D) + I, &V, sizeof V,
                         cudaMemcpyHostToDevice, S));
  CUDART(cudaStreamSynchronize(S)); // V is on this stack frame
}

/// A chain of four launches whose input is pinned, run again and again:
/// from the second run the deferred probes replay the first run's trace,
/// and a NaN a launch leaves is named by that launch in a replayed run; a
/// run whose second launch writes another tensor leaves the replay there
/// (the rest takes the full path, recorded anew) and still names the
/// launch; the run after it replays again. A host int64 scalar a launch
/// returns anew each run (efficient attention's seed) does not stop it.
void replayedProbes(cudaStream_t S) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Ones(4096, 1.0f);
  auto Make = [&] {
    return makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
  };
  Twin X = makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                    bytesOf(std::vector<float>(64, 1.0f)));
  Twin A = Make(), B = Make(), B2 = Make(), C = Make(), D = Make();
  TestProgram T("replay");
  T.P->batch_deferred = true;
  pinInput(T);
  const rt::Probe P = deferredProbe(rt::kThrow);
  AtenTensorHandle Inputs[] = {X.cuda.get()};
  const char *Names[] = {"buf0", "buf1", "buf2", "buf3"};
  // One run: the launch at NanAt (-1: none) leaves a NaN; Moved: the
  // second launch writes B2 instead of B.
  auto RunOnce = [&](int NanAt, bool Moved) {
    Twin *Outs[] = {&A, Moved ? &B2 : &B, &C, &D};
    std::string What;
    rt::RunScope Run(*T.P, S);
    Run.checkInputs(Inputs, 0);
    for (int I = 0; I < 4; ++I) {
      rt::TensorRef W[] = {{Names[I], rt::kOut, Outs[I]->cuda}};
      Run.beforeWrite(I, W, 1);
      writeElement(*Outs[I], 7, I == NanAt ? NaN : 1.0f, S);
      // The third launch also returns a new int64 scalar on the host, as
      // efficient attention returns its philox seed.
      AtenTensorHandle Seed = nullptr;
      check(aoti_torch_empty_strided(
                0, nullptr, nullptr, aoti_torch_dtype_int64(),
                aoti_torch_device_type_cpu(), 0, &Seed) == AOTI_TORCH_SUCCESS,
            "replay: a host scalar");
      RAIIAtenTensorHandle SeedOwner(Seed);
      rt::TensorRef Ts[] = {{Names[I], rt::kOut, Outs[I]->cuda},
                            {I ? Names[I - 1] : "arg0_1", rt::kIn,
                             I ? Outs[I - 1]->cuda.get() : Inputs[0]},
                            {"seed", rt::kOut, Seed}};
      Run.probe(I, rt::kAfter, Ts, I == 2 ? 3 : 2, P);
    }
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
    return What;
  };
  auto Named = [](const std::string &What, const std::string &Launch) {
    return What.find("NaN in ") != std::string::npos &&
           What.find("after " + Launch) != std::string::npos;
  };
  // One run as RunOnce, its report in What: the steps it replayed.
  std::string What;
  auto Replayed = [&](int NanAt, bool Moved) {
    const uint64_t Before = rt::detail::replayedStepCount();
    What = RunOnce(NanAt, Moved);
    return rt::detail::replayedStepCount() - Before;
  };
  // A run replayed whole (four probes, three guards) that names Launch.
  auto ReplaysAndNames = [&](int NanAt, bool Moved, const std::string &Launch,
                             const std::string &Why) {
    const uint64_t Steps = Replayed(NanAt, Moved);
    check(Steps >= 7,
          "replay: " + Why + " (" + std::to_string(Steps) + " steps replayed)");
    check(Named(What, Launch), "replay: " + Why + ", named: " + What);
    return Steps;
  };
  check(RunOnce(-1, false).empty(), "replay: the recording run is clean");
  const uint64_t Whole = ReplaysAndNames(
      2, false, "#2 tiny_after", "the second run replays and names the NaN");
  check(RunOnce(-1, false).empty(), "replay: a clean replayed run reports "
                                    "nothing");
  const uint64_t Part = Replayed(1, true);
  check(Part >= 1 && Part < Whole,
        "replay: a run whose second launch writes elsewhere leaves the "
        "replay there (" +
            std::to_string(Part) + " steps replayed)");
  check(Named(What, "#1 bad_kernel"),
        "replay: after leaving the replay, the launch is named: " + What);
  ReplaysAndNames(3, true, "#3 triton_per_fused_x",
                  "the run after it replays the trace it recorded");
  // A caller that alternates two input tensors (the next one made while
  // the last is still referenced): the first run of the other input
  // records its own trace, and from then on each input replays its own.
  Twin X2 = makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                     bytesOf(std::vector<float>(64, 1.0f)));
  Inputs[0] = X2.cuda.get();
  check(Replayed(-1, false) == 0 && What.empty(),
        "replay: another input's first run records, clean");
  Inputs[0] = X.cuda.get();
  ReplaysAndNames(2, true, "#2 tiny_after",
                  "the first input's trace, kept as the spare, replays when "
                  "that input comes back");
  Inputs[0] = X2.cuda.get();
  check(Replayed(-1, false) >= 7 && What.empty(),
        "replay: and the other input's trace replays in turn, clean");
  Inputs[0] = X.cuda.get();
  // Inputs that do not match what the model was compiled for: no replay,
  // the full path (the wrong input itself is reported by checkInputs).
  T.P->inputs_on_fail = rt::kWarn;
  Twin Wrong = makeTwin(aoti_torch_dtype_float32(), {32}, {1},
                        bytesOf(std::vector<float>(32, 1.0f)));
  Inputs[0] = Wrong.cuda.get();
  check(Replayed(0, false) == 0, "replay: none where an input does not match");
  check(Named(What, "#0 tiny_ok"), "replay: the full path names it: " + What);
}

/// The host time of nan-hunt's probes in a convnet-like forward of 57
/// launches (batched deferred NaN counts): each launch writes a fresh 64 KB
/// float32 output and reads the previous one and four unchanging constants;
/// a guard before it, a probe after it. Against the same forward with the
/// guards alone: the probes' own host cost per site, count launches
/// included (one per 32 outputs), taken by the full path (a program whose
/// inputs are not pinned) and replayed (one whose input is: replay.h), the
/// three forwards interleaved. GPU_TEST_PROBE_FORWARDS: how many forwards
/// (more for a profile of the loop, scripts/bench/hostprof.cpp).
void deferredProbeHostCost(cudaStream_t S) {
  constexpr int Sites = 57;
  std::vector<float> V(16384, 0.5f);
  std::vector<Twin> Outs, Consts;
  for (int I = 0; I < Sites; ++I)
    Outs.push_back(
        makeTwin(aoti_torch_dtype_float32(), {16384}, {1}, bytesOf(V)));
  for (int I = 0; I < 4; ++I)
    Consts.push_back(makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                              bytesOf(std::vector<float>(64, 1.0f))));
  TestProgram Full("probe-cost", "", false),
      Replayed("probe-replay", "", false);
  Full.P->batch_deferred = Replayed.P->batch_deferred = true;
  pinInput(Replayed);
  AtenTensorHandle Inputs[] = {Consts[0].cuda.get()};
  const rt::Probe P = deferredProbe(rt::kThrow);
  const int Forwards = std::atoi(envOr("GPU_TEST_PROBE_FORWARDS", "2000"));
  auto Forward = [&](TestProgram &Prog, bool Probes) {
    rt::RunScope Run(*Prog.P, S);
    Run.checkInputs(Inputs, 0);
    for (int I = 0; I < Sites; ++I) {
      rt::TensorRef W[] = {{"out", rt::kOut, Outs[I].cuda}};
      Run.beforeWrite(I, W, 1);
      if (!Probes)
        continue;
      rt::TensorRef T[] = {{"out", rt::kOut, Outs[I].cuda},
                           {"in", rt::kIn, Outs[I ? I - 1 : Sites - 1].cuda},
                           {"c0", rt::kIn, Consts[0].cuda, true},
                           {"c1", rt::kIn, Consts[1].cuda, true},
                           {"c2", rt::kIn, Consts[2].cuda, true},
                           {"c3", rt::kIn, Consts[3].cuda, true}};
      Run.probe(I, rt::kAfter, T, 6, P);
    }
    Run.finish();
  };
  // Each variant's microseconds per forward, rounds interleaved.
  double Us[3] = {0, 0, 0};
  auto Time = [&](int Variant, int N) {
    CUDART(cudaStreamSynchronize(S));
    auto T0 = std::chrono::steady_clock::now();
    for (int F = 0; F < N; ++F)
      Forward(Variant == 2 ? Replayed : Full, Variant != 0);
    CUDART(cudaStreamSynchronize(S));
    auto T1 = std::chrono::steady_clock::now();
    Us[Variant] += std::chrono::duration<double, std::micro>(T1 - T0).count();
  };
  for (int V = 0; V < 3; ++V) // warm: pools, kernels, capacities, the trace
    Time(V, 20);
  Us[0] = Us[1] = Us[2] = 0;
  const uint64_t R0 = rt::detail::replayedStepCount();
  constexpr int Rounds = 20;
  for (int R = 0; R < Rounds; ++R)
    for (int V = 0; V < 3; ++V)
      Time(V, std::max(1, Forwards / Rounds));
  const int Done = Rounds * std::max(1, Forwards / Rounds);
  const double Guards = Us[0] / Done, Probed = Us[1] / Done,
               Replay = Us[2] / Done;
  std::printf("TIME nan-hunt probes of a 57-launch forward: %.1f us per "
              "forward with the guards alone, %.1f us with the probes: "
              "%.2f us per probe (2 count launches per forward included); "
              "replayed: %.1f us, %.2f us per probe\n",
              Guards, Probed, (Probed - Guards) / Sites, Replay,
              (Replay - Guards) / Sites);
  check(Probed > Guards, "probe cost: the probes take time");
  check(rt::detail::replayedStepCount() - R0 >=
            static_cast<uint64_t>(Done) * Sites,
        "probe cost: the pinned program's probes were replayed");
}

void timings(Kernels &K, cudaStream_t S) {
  constexpr int N = 20000;
  TestProgram Prog("timing", "", false);
  auto Time = [&](const std::function<void()> &Body) {
    CUDART(cudaStreamSynchronize(S));
    auto T0 = std::chrono::steady_clock::now();
    Body();
    CUDART(cudaStreamSynchronize(S));
    auto T1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(T1 - T0).count() / N;
  };
  rt::Probe Crumb = crumbProbe(), Empty{};
  for (int Warm = 0; Warm < 2; ++Warm) {
    double Base = Time([&] {
      for (int I = 0; I < N; ++I)
        K.launchTiny(S);
    });
    double WithEmpty = Time([&] {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        Run.probe(0, rt::kAfter, nullptr, 0, Empty);
      }
    });
    double WithCrumbs = Time([&] {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        Run.probe(0, rt::kAfter, nullptr, 0, Crumb);
      }
    });
    auto &A = rt::detail::crumbArena();
    CUdeviceptr Slot = A.Dev + 4 * 16 * 255; // a slot no thread uses here
    double RawWrite = Time([&] {
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        CU(cuStreamWriteValue32(reinterpret_cast<CUstream>(S), Slot,
                                static_cast<cuuint32_t>(I), 0));
      }
    });
    if (Warm)
      std::printf("TIME per launch of a tiny kernel: %.2f us bare, %.2f us "
                  "with an empty probe, %.2f us with a breadcrumb probe "
                  "(+%.2f us), %.2f us with a raw cuStreamWriteValue32 "
                  "(+%.2f us)\n",
                  Base, WithEmpty, WithCrumbs, WithCrumbs - Base, RawWrite,
                  RawWrite - Base);
  }
  // Stats probe of one 1M-element float32 tensor.
  std::vector<float> V(1 << 20, 0.5f);
  Twin T = makeTwin(aoti_torch_dtype_float32(), {1 << 20}, {1}, bytesOf(V));
  rt::Probe St{};
  St.nan_roles = 3;
  St.nan_checks = 3;
  rt::TensorRef Ts[] = {{"x", rt::kOut, T.cuda}};
  constexpr int M = 200;
  CUDART(cudaStreamSynchronize(S));
  auto T0 = std::chrono::steady_clock::now();
  {
    rt::RunScope Run(*Prog.P, S);
    for (int I = 0; I < M; ++I)
      Run.probe(0, rt::kAfter, Ts, 1, St);
  }
  auto T1 = std::chrono::steady_clock::now();
  std::printf("TIME NaN check of a 1M-element float32 tensor: %.1f us per probe "
              "(one kernel, one sync)\n",
              std::chrono::duration<double, std::micro>(T1 - T0).count() / M);
  // Deferred: distinct sites (a repeated one would read the pending ones).
  rt::Probe Def = St;
  Def.nan_deferred = true;
  for (int Warm = 0; Warm < 2; ++Warm) {
    CUDART(cudaStreamSynchronize(S));
    T0 = std::chrono::steady_clock::now();
    double Enqueue = 0;
    {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < M; ++I)
        Run.probe(100 + I, rt::kAfter, Ts, 1, Def);
      Enqueue = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
      Run.finish();
    }
    T1 = std::chrono::steady_clock::now();
    if (Warm)
      std::printf("TIME deferred NaN check of a 1M-element float32 tensor: "
                  "%.1f us per probe (%.1f us host time per probe), one sync "
                  "per run of %d probes\n",
                  std::chrono::duration<double, std::micro>(T1 - T0).count() /
                      M,
                  Enqueue / M, M);
  }
  // A print-all-like probe: 5 tensors of 512K float32 each, stats lines to
  // a file and to /dev/null, and the same work without printing (a NaN
  // check of every tensor): the cost of formatting and writing the lines.
  std::vector<float> W(1 << 19, 0.25f);
  std::vector<Twin> Five;
  for (int I = 0; I < 5; ++I)
    Five.push_back(makeTwin(aoti_torch_dtype_float32(), {512, 1024},
                            {1024, 1}, bytesOf(W)));
  rt::TensorRef F[5] = {{"buf1", rt::kIn, Five[0].cuda},
                        {"buf2", rt::kIn, Five[1].cuda},
                        {"w", rt::kIn, Five[2].cuda},
                        {"b", rt::kIn, Five[3].cuda},
                        {"buf3", rt::kOut, Five[4].cuda}};
  rt::Probe Print{};
  Print.print = rt::kPrintStats;
  Print.print_roles = 3;
  rt::Probe Check{};
  Check.nan_roles = 3;
  Check.nan_checks = 3;
  Check.nan_on_fail = rt::kWarn;
  setenv("GPU_TEST_LOG_DEVNULL", "/dev/null", 1);
  rt::Program *DevNull = new rt::Program(*Prog.P);
  DevNull->log_env = "GPU_TEST_LOG_DEVNULL";
  TestProgram File("timing-file");
  auto PerProbe = [&](const rt::Program &Pg, const rt::Probe &Pr) {
    CUDART(cudaStreamSynchronize(S));
    auto A = std::chrono::steady_clock::now();
    for (int R = 0; R < 4; ++R) {
      rt::RunScope Run(Pg, S);
      for (int I = 0; I < 50; ++I) {
        K.launchTiny(S);
        Run.probe(I % 4, rt::kAfter, F, 5, Pr);
      }
    }
    CUDART(cudaStreamSynchronize(S));
    return std::chrono::duration<double, std::micro>(
               std::chrono::steady_clock::now() - A)
               .count() /
           200;
  };
  for (int Warm = 0; Warm < 2; ++Warm) {
    double ToFile = PerProbe(*File.P, Print);
    double ToNull = PerProbe(*DevNull, Print);
    double NoPrint = PerProbe(*Prog.P, Check);
    if (Warm)
      std::printf("TIME stats of 5 tensors (512K float32 each) per probe: "
                  "%.1f us printed to a file, %.1f us to /dev/null, %.1f us "
                  "without printing (NaN check of all 5)\n",
                  ToFile, ToNull, NoPrint);
  }
}

void threads() {
  constexpr int NT = 4, Runs = 25;
  TestProgram Prog("threads");
  std::vector<std::thread> Pool;
  std::atomic<int> Errors{0};
  for (int I = 0; I < NT; ++I)
    Pool.emplace_back([&, I] {
      try {
        cudaStream_t S;
        CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
        std::vector<float> V(100000, static_cast<float>(I));
        V[I] = -1;
        Twin T = makeTwin(aoti_torch_dtype_float32(), {100000}, {1}, bytesOf(V));
        std::string Name = "t" + std::to_string(I);
        rt::Probe P{};
        P.print = rt::kPrintStats;
        P.print_roles = 3;
        P.breadcrumb = true;
        for (int R = 0; R < Runs; ++R) {
          rt::RunScope Run(*Prog.P, S);
          rt::TensorRef Ts[] = {{Name.c_str(), rt::kOut, T.cuda}};
          Run.probe(0, rt::kAfter, Ts, 1, P);
        }
        CUDART(cudaStreamSynchronize(S));
      } catch (const std::exception &E) {
        std::printf("INFO thread error: %s\n", E.what());
        ++Errors;
      }
    });
  for (auto &T : Pool)
    T.join();
  auto L = Prog.lines();
  bool Ok = Errors == 0 && L.size() == 2 * NT * Runs;
  for (int I = 0; I < NT; ++I) {
    std::string Want = "t" + std::to_string(I) +
                       " out float32 [100000] strides [1] cuda:0 numel 100000 "
                       "min -1 max " + std::to_string(I);
    size_t N = 0;
    for (const std::string &X : L)
      N += X.find(Want) != std::string::npos;
    Ok = Ok && N == Runs;
  }
  check(Ok, "4 threads, own streams: " + std::to_string(L.size()) +
                " whole lines, right stats");
}

//--- faults -----------------------------------------------------------------//

/// Run 1: tiny (site 0) then the faulting kernel (site 1), each followed by
/// its breadcrumb; nothing synchronizes.
void faultingRun(Kernels &K, rt::RunScope &Run, cudaStream_t S,
                 bool LaterLaunches = false) {
  rt::Probe P = crumbProbe();
  K.launchTiny(S);
  Run.probe(0, rt::kAfter, nullptr, 0, P);
  K.launchBad(S);
  Run.probe(1, rt::kAfter, nullptr, 0, P);
  if (LaterLaunches)
    for (int I = 0; I < 5; ++I) {
      K.launchTiny(S);
      Run.probe(2, rt::kAfter, nullptr, 0, P);
    }
}

/// \p N tiny launches of site \p Site, each followed by its probe \p P.
/// \p N tiny launches of \p Site, each followed by a breadcrumb: the call
/// the instrumenter emits for a probe that is one (RunScope::crumb), or
/// with \p AsProbe the general probe().
void tinyLaunches(Kernels &K, rt::RunScope &Run, cudaStream_t S, int N,
                  int Site, const rt::Probe &P, bool AsProbe = false) {
  for (int I = 0; I < N; ++I) {
    K.launchTiny(S);
    if (AsProbe)
      Run.probe(Site, rt::kAfter, nullptr, 0, P);
    else
      Run.crumb(Site, P);
  }
}

int ima(const std::string &Mode) {
  Kernels K;
  cudaStream_t S;
  CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  TestProgram Prog(Mode, "", /*LogToFile=*/false); // report on stderr
  if (Mode == "ima-hostfn") { // as if the driver refused the memory op
    rt::detail::crumbArena().HostFnCause.store(CUDA_ERROR_NOT_SUPPORTED);
    rt::detail::crumbArena().UseHostFn.store(true);
  }
  try {
    if (Mode == "ima-unwind") {
      rt::RunScope Run(*Prog.P, S);
      faultingRun(K, Run, S);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      // The wrapper's next CUDA_DRIVER_CHECK throws.
      K.launchTiny(S);
      CUDART(cudaStreamSynchronize(S));
    } else if (Mode == "ima-next-run") {
      {
        rt::RunScope Run(*Prog.P, S);
        faultingRun(K, Run, S);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      rt::RunScope Run2(*Prog.P, S);
      std::printf("run 2 started\n");
    } else if (Mode == "ima-exit" || Mode == "ima-hostfn") {
      rt::RunScope Run(*Prog.P, S);
      faultingRun(K, Run, S);
    } else if (Mode == "ima-terminate") {
      // As a serving process dies after a fault that its own sync found
      // (outside run_impl): a CUDA error thrown from a destructor, as the
      // caching allocator's and AOTI's container's do, ends it by
      // std::terminate, before any atexit handler.
      {
        rt::RunScope Run(*Prog.P, S);
        faultingRun(K, Run, S);
        Run.finish();
      }
      cudaError_t E = cudaStreamSynchronize(S);
      std::printf("caller's sync: %s\n", cudaGetErrorString(E));
      std::fflush(stdout);
      struct ThrowsInDestructor {
        ~ThrowsInDestructor() noexcept(false) {
          throw std::runtime_error("CUDA error in a destructor");
        }
      };
      auto Die = []() noexcept { ThrowsInDestructor T; };
      Die(); // noexcept: std::terminate
    } else if (Mode == "ima-terminate-unloaded") {
      // As ima-terminate, but the terminate handler before this runtime's
      // was another model's, whose library is unloaded before the end.
      void *Lib = dlopen(envOr("GPU_TEST_HANDLER_SO", GPU_TEST_DEFAULT_HANDLER_SO), RTLD_NOW);
      if (!Lib) {
        std::printf("dlopen: %s\n", dlerror());
        return 2;
      }
      void *Sym = dlsym(Lib, "install_handler");
      void (*Install)() = nullptr;
      std::memcpy(&Install, &Sym, sizeof Install);
      Install();
      {
        rt::RunScope Run(*Prog.P, S);
        faultingRun(K, Run, S);
        Run.finish();
      }
      dlclose(Lib);
      std::printf("dlclosed GPU_TEST_HANDLER_SO\n");
      std::fflush(stdout);
      cudaStreamSynchronize(S);
      struct ThrowsInDestructor {
        ~ThrowsInDestructor() noexcept(false) {
          throw std::runtime_error("CUDA error in a destructor");
        }
      };
      auto Die = []() noexcept { ThrowsInDestructor T; };
      Die();
    } else if (Mode == "ima-threads") {
      // Concurrent serving: 4 threads, each on its own stream, run after
      // run; thread 2's third run launches the faulting kernel. Every
      // thread must stop (no deadlock) and the report must name the
      // faulting launch's thread and stream, and the others in flight.
      std::vector<std::thread> Pool;
      std::mutex Out;
      for (int I = 0; I < 4; ++I)
        Pool.emplace_back([&, I] {
          cudaStream_t St;
          CUDART(cudaStreamCreateWithFlags(&St, cudaStreamNonBlocking));
          {
            std::lock_guard<std::mutex> L(Out);
            std::fprintf(stderr, "thread %d tid %ld stream %p\n", I,
                         static_cast<long>(::syscall(SYS_gettid)),
                         static_cast<void *>(St));
          }
          try {
            for (int R = 0; R < 50; ++R) {
              rt::RunScope Run(*Prog.P, St);
              K.launchTiny(St);
              Run.probe(0, rt::kAfter, nullptr, 0, crumbProbe());
              bool Bad = I == 2 && R == 2;
              if (Bad)
                K.launchBad(St);
              else
                K.launchTiny(St);
              Run.probe(Bad ? 1 : 2, rt::kAfter, nullptr, 0, crumbProbe());
              CUDART(cudaStreamSynchronize(St));
            }
          } catch (const std::exception &E) {
            std::lock_guard<std::mutex> L(Out);
            std::fprintf(stderr, "thread %d stopped: %s\n", I, E.what());
          }
        });
      for (auto &T : Pool)
        T.join();
      std::fprintf(stderr, "all threads joined\n");
    } else if (Mode == "ima-later-launches") {
      rt::RunScope Run(*Prog.P, S);
      faultingRun(K, Run, S, true);
    } else if (Mode == "ima-abort" || Mode == "ima-coredump") {
      // The process dies by SIGABRT before anything read the fault:
      // std::abort() (ima-abort), or the CUDA driver's own abort after it
      // wrote a core dump (ima-coredump, with
      // CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1), met in the caller's sync. No
      // exception, atexit handler or destructor runs: the SIGABRT handler
      // reports.
      rt::RunScope Run(*Prog.P, S);
      faultingRun(K, Run, S);
      if (Mode == "ima-abort") {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        std::abort();
      }
      cudaError_t E = cudaStreamSynchronize(S);
      std::printf("no abort: the caller's sync returned '%s'\n",
                  cudaGetErrorString(E));
      return 4;
    } else if (Mode == "deferred-abort") {
      // kThrow, deferred, and the wrapper never calls finish(): ~RunScope
      // reports, then aborts (it cannot throw).
      std::vector<float> V = {1, std::numeric_limits<float>::quiet_NaN()};
      Twin T = makeTwin(aoti_torch_dtype_float32(), {2}, {1}, bytesOf(V));
      rt::RunScope Run(*Prog.P, S);
      rt::TensorRef Ts[] = {{"buf3", rt::kOut, T.cuda}};
      Run.probe(3, rt::kAfter, Ts, 1, deferredProbe(rt::kThrow));
      std::fprintf(stderr, "probe returned\n");
    } else if (Mode == "ima-print-deferred") {
      // Deferred stats prints around a faulting launch: finish()'s sync
      // fails; the lines of the launch that completed come first.
      std::vector<float> V(16, 3.0f);
      Twin T = makeTwin(aoti_torch_dtype_float32(), {16}, {1}, bytesOf(V));
      rt::Probe P = crumbProbe();
      P.print = rt::kPrintStats;
      P.print_roles = 3;
      P.print_deferred = true;
      rt::TensorRef Ts[] = {{"buf0", rt::kOut, T.cuda}};
      rt::RunScope Run(*Prog.P, S);
      K.launchTiny(S);
      Run.probe(0, rt::kAfter, Ts, 1, P);
      K.launchBad(S);
      Run.probe(1, rt::kAfter, Ts, 1, P);
      K.launchTiny(S);
      Run.probe(2, rt::kAfter, Ts, 1, P);
      Run.finish();
    } else if (Mode == "ima-sparse" || Mode == "ima-sparse-open") {
      // Sequence numbers 1-4 tiny (a crumb after 4), 5 tiny, 6 the fault,
      // then (ima-sparse) 7 and 8 tiny_after (a crumb after 8, never
      // written): the report lists 5 to 8, or 5 and 6 and says that work
      // after them may hold the fault.
      rt::Probe P = crumbProbe();
      P.crumb_every = 4;
      rt::RunScope Run(*Prog.P, S);
      tinyLaunches(K, Run, S, 5, 0, P);
      K.launchBad(S);
      Run.probe(1, rt::kAfter, nullptr, 0, P);
      tinyLaunches(K, Run, S, Mode == "ima-sparse" ? 2 : 0, 2, P);
    } else if (Mode == "ima-window") {
      // Window crumbs (rules `breadcrumb: {window: 8}`), the windows closed
      // where the planner placed them: after sequence numbers 2 and 5.
      // 3 tiny, 4 the fault, 5 tiny_after (never written): the report
      // lists 3 to 5.
      rt::Probe Open = crumbProbe();
      Open.crumb_every = 8;
      Open.crumb_window = true;
      rt::Probe Close = Open;
      Close.crumb_close = true;
      rt::RunScope Run(*Prog.P, S);
      tinyLaunches(K, Run, S, 1, 0, Open);
      tinyLaunches(K, Run, S, 1, 0, Close);
      tinyLaunches(K, Run, S, 1, 0, Open);
      K.launchBad(S);
      Run.probe(1, rt::kAfter, nullptr, 0, Open);
      tinyLaunches(K, Run, S, 1, 2, Close);
    } else if (Mode == "ima-sparse-window") {
      // What a user runs after adding the rule an ima-sparse report gives
      // (exact-window, ordinals 0-2): sites 0 to 2 crumb after every
      // launch, the others (site 3 here) after every 4th. Sequence numbers
      // 1-6 site 3 (a crumb after 4), 7 site 0, 8 the fault, 9 and 10
      // site 2: the report names the one launch.
      rt::Probe Sparse = crumbProbe();
      Sparse.crumb_every = 4;
      rt::Probe Dense = crumbProbe();
      rt::RunScope Run(*Prog.P, S);
      tinyLaunches(K, Run, S, 6, 3, Sparse);
      tinyLaunches(K, Run, S, 1, 0, Dense);
      K.launchBad(S);
      Run.probe(1, rt::kAfter, nullptr, 0, Dense);
      tinyLaunches(K, Run, S, 2, 2, Dense);
    } else if (Mode == "ima-sync") {
      rt::RunScope Run(*Prog.P, S);
      K.launchTiny(S);
      Run.probe(0, rt::kAfter, nullptr, 0, crumbProbe(true));
      K.launchBad(S);
      Run.probe(1, rt::kAfter, nullptr, 0, crumbProbe(true));
    } else {
      std::fprintf(stderr, "unknown mode %s\n", Mode.c_str());
      return 2;
    }
  } catch (const std::exception &E) {
    std::fprintf(stderr, "caught: %s\n", E.what());
  }
  std::fflush(nullptr);
  return 0; // atexit handlers run
}

/// Run with CUDA_DISABLE_PTX_JIT=1 and CUDA_CACHE_DISABLE=1 (run_gpu_tests.sh;
/// the driver would take what an earlier run JIT-compiled from its cache),
/// as on a driver that cannot JIT the runtime's PTX: statistics and NaN checks still come, from
/// host copies, right; the runtime says why, once for the process, over two
/// Programs and two runs each.
int noJit() {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  Twin X = makeTwin(aoti_torch_dtype_float32(), {4}, {1},
                    bytesOf(std::vector<float>{1.f, -2.f, NaN, 4.f}));
  rt::Probe P = deferredProbe(rt::kWarn); // takes the immediate path here
  P.print = rt::kPrintStats;
  P.print_roles = 3;
  TestProgram A("no-jit"), B("no-jit-b");
  for (TestProgram *T : {&A, &B})
    for (int Run = 0; Run < 2; ++Run) {
      rt::RunScope Scope(*T->P, nullptr);
      rt::TensorRef Ts[] = {{"x", rt::kOut, X.cuda}};
      Scope.probe(3, rt::kAfter, Ts, 1, P);
      Scope.finish();
    }
  CUDART(cudaDeviceSynchronize());
  std::vector<std::string> L = A.lines(), LB = B.lines();
  L.insert(L.end(), LB.begin(), LB.end());
  for (const std::string &Line : L)
    std::printf("INFO %s\n", Line.c_str());
  size_t Warned = 0;
  for (const std::string &Line : L)
    Warned += Line.find("warning: device statistics unavailable: "
                        "cuModuleLoadData: ") != std::string::npos &&
              Line.find("; host copies are used, much slower") !=
                  std::string::npos;
  check(Warned == 1, "no PTX JIT: the runtime says why once, over two "
                     "Programs and four runs (" + std::to_string(Warned) + ")");
  check(contains(L, "x out float32 [4] strides [1] cuda:0 numel 4 min -2 max "
                    "4 mean 1 nan 1 inf 0"),
        "no PTX JIT: the statistics, from host copies, are right");
  check(contains(L, "NaN in x (1 of 4 elements) after #3 triton_per_fused_x"),
        "no PTX JIT: the NaN check names the launch");
  check(rt::detail::deviceStatsPassCount() == 0 &&
            rt::detail::deviceNanPassCount() == 0,
        "no PTX JIT: no pass of the runtime's kernels ran");
  std::printf("DONE\n");
  return Failures ? 1 : 0;
}

//--- GoogleTest -------------------------------------------------------------//

/// Whether a CUDA device is there; the reason when not.
bool haveGpu(std::string &Why) {
  int N = 0;
  cudaError_t E = cudaGetDeviceCount(&N);
  if (E != cudaSuccess || N == 0) {
    Why = E != cudaSuccess ? cudaGetErrorString(E) : "no CUDA device";
    cudaGetLastError();
    return false;
  }
  return true;
}

/// The in-process checks, in the order they always ran: they share the test
/// kernels and one stream (and the runtime's process-wide counters).
class GpuRuntime : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    if (!haveGpu(NoGpu))
      return;
    K = new Kernels();
    CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  }
  void SetUp() override {
    if (!K)
      GTEST_SKIP() << "no GPU here (" << NoGpu
                   << "): run on the GPU machine, ctest -L gpu";
    InGoogleTest = true;
  }
  void TearDown() override { InGoogleTest = false; }
  static Kernels *K;
  static cudaStream_t S;
  static std::string NoGpu;
};
Kernels *GpuRuntime::K = nullptr;
cudaStream_t GpuRuntime::S = nullptr;
std::string GpuRuntime::NoGpu;

TEST_F(GpuRuntime, StatsKernelMatchesHostPath) { statsKernelMatchesHostPath(S); }
TEST_F(GpuRuntime, NanCheck) { nanCheckOnCuda(S); }
TEST_F(GpuRuntime, DeferredNan) { deferredNan(S); }
TEST_F(GpuRuntime, NanCountKernel) { nanCountKernel(S); }
TEST_F(GpuRuntime, NanCountParts) { nanCountParts(S); }
TEST_F(GpuRuntime, SeenTensors) { seenTensors(S); }
TEST_F(GpuRuntime, BatchedNan) { batchedNan(S); }
TEST_F(GpuRuntime, DeferredPrint) { deferredPrint(S); }
TEST_F(GpuRuntime, DeferredThreads) { deferredThreads(); }
TEST_F(GpuRuntime, Guard) { guardOnCuda(S); }
TEST_F(GpuRuntime, GuardFinite) { guardFiniteOnCuda(S); }
TEST_F(GpuRuntime, Buffers) { buffersOnCuda(*K, S); }
TEST_F(GpuRuntime, BufferStart) { bufferStartOnCuda(*K, S, /*Batched=*/false); }
TEST_F(GpuRuntime, BufferStartBatched) {
  bufferStartOnCuda(*K, S, /*Batched=*/true);
}
TEST_F(GpuRuntime, PooledRedzones) { pooledRedzones(*K, S); }
TEST_F(GpuRuntime, MergedPoison) { mergedPoison(*K, S); }
TEST_F(GpuRuntime, BreadcrumbsWithoutFault) { breadcrumbsWithoutFault(*K, S); }
TEST_F(GpuRuntime, CaptureSkipsSyncs) { captureSkipsSyncs(*K); }
TEST_F(GpuRuntime, Threads) { threads(); }
TEST_F(GpuRuntime, Timings) { timings(*K, S); }
TEST_F(GpuRuntime, DeferredProbeHostCost) { deferredProbeHostCost(S); }
TEST_F(GpuRuntime, ReplayedProbes) { replayedProbes(S); }

/// One scenario of this binary in a process of its own (\p Env: variables
/// set for it): its stdout and stderr, and how it ended.
struct ModeRun {
  std::string out;
  int exitCode = -1; ///< the exit status, or 128 + the signal
};
ModeRun runMode(const std::string &Mode, const std::string &Env = "") {
  std::string Cmd = (Env.empty() ? "" : "env " + Env + " ") +
                    "/proc/" + std::to_string(getpid()) + "/exe " + Mode +
                    " 2>&1";
  ModeRun R;
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, P)) > 0)
    R.out.append(Buf, N);
  int St = pclose(P);
  R.exitCode = WIFEXITED(St) ? WEXITSTATUS(St) : 128 + WTERMSIG(St);
  return R;
}

/// Lines of \p Out matching \p Pattern (ECMAScript).
int matches(const std::string &Out, const std::string &Pattern) {
  std::regex Re(Pattern);
  std::istringstream In(Out);
  int N = 0;
  for (std::string L; std::getline(In, L);)
    N += std::regex_search(L, Re);
  return N;
}

#define EXPECT_LINE(R, Pattern, What)                                          \
  EXPECT_GE(matches((R).out, Pattern), 1) << (What) << "\n" << (R).out
#define EXPECT_LINES(R, Pattern, Count, What)                                  \
  EXPECT_EQ(matches((R).out, Pattern), Count) << (What) << "\n" << (R).out

class GpuFaults : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Why;
    if (!haveGpu(Why))
      GTEST_SKIP() << "no GPU here (" << Why
                   << "): run on the GPU machine, ctest -L gpu";
  }
};

/// The report of the faulting launch #1 after #0 completed.
const std::string First =
    "first launch that did not complete: #1 bad_kernel \\(wrapper.cpp:1002, "
    "source nodes \\[gather\\]\\) in run 1; last completed: #0 tiny_ok "
    "\\(wrapper.cpp:1001";
const std::string Ima = "CUDA error 'an illegal memory access was encountered' ";

TEST_F(GpuFaults, ReportedWhenAnExceptionLeavesTheRun) {
  ModeRun R = runMode("ima-unwind");
  EXPECT_LINE(R, Ima + "\\(while run 1 unwound\\): " + First,
              "reported while the exception left run_impl");
  EXPECT_LINES(R, "first launch that did not complete", 1,
               "reported once (not again at exit)");
  EXPECT_LINE(R,
              Ima + "\\(while run 1 unwound\\): " + First +
                  "[^;]*; to replay it alone, add to the rules: "
                  "\\{name: capture-1, match: \\{ordinals: \"1\"\\}, "
                  "capture: true\\}",
              "the rule that captures the named launch");
}

TEST_F(GpuFaults, ReportedWhenTheNextRunStarts) {
  ModeRun R = runMode("ima-next-run");
  EXPECT_LINE(R, Ima + "\\(when run 2 started\\): " + First,
              "reported when the next run started");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
}

TEST_F(GpuFaults, ReportedAtExitByStreamMemops) {
  ModeRun R = runMode("ima-exit");
  EXPECT_LINE(R, Ima + "\\(at process exit\\): " + First,
              "reported at process exit");
  EXPECT_LINES(R, "fall back to host functions", 0,
               "stream memory operations write the breadcrumbs");
}

TEST_F(GpuFaults, NamedWithLaterLaunchesEnqueued) {
  ModeRun R = runMode("ima-later-launches");
  EXPECT_LINE(R, First, "names the faulting launch although later launches "
                        "were enqueued");
}

TEST_F(GpuFaults, SparseCrumbsNameAWindowAndTheRule) {
  ModeRun R = runMode("ima-sparse");
  EXPECT_LINE(R,
              Ima + "\\(at process exit\\): first launch that did not "
                    "complete: one of #0 tiny_ok \\(wrapper.cpp:1001, source "
                    "nodes \\[embedding\\]\\) in run 1, #1 bad_kernel "
                    "\\(wrapper.cpp:1002, source nodes \\[gather\\]\\) in run "
                    "1, #2 tiny_after \\(wrapper.cpp:1003\\) in run 1, #2 "
                    "tiny_after \\(wrapper.cpp:1003\\) in run 1 \\(one "
                    "breadcrumb per 4 launches\\); last completed: #0 tiny_ok",
              "the fault named among the 4 launches after the last crumb");
  EXPECT_LINE(R,
              "last completed: #0 tiny_ok \\(wrapper.cpp:1001[^;]*; to name "
              "it exactly if it comes again, add to the rules: \\{name: "
              "exact-window, match: \\{ordinals: \"0-2\"\\}, breadcrumb: "
              "true\\}",
              "the report gives the rule that makes its launches exact");
}

TEST_F(GpuFaults, WindowCrumbsNameTheWindowTheFaultIsIn) {
  ModeRun R = runMode("ima-window");
  EXPECT_LINE(R,
              Ima + "\\(at process exit\\): first launch that did not "
                    "complete: one of #0 tiny_ok \\(wrapper.cpp:1001, source "
                    "nodes \\[embedding\\]\\) in run 1, #1 bad_kernel "
                    "\\(wrapper.cpp:1002, source nodes \\[gather\\]\\) in run "
                    "1, #2 tiny_after \\(wrapper.cpp:1003\\) in run 1 "
                    "\\(breadcrumbs at most 8 launches apart, no Triton kernel "
                    "twice between two\\); last completed: #0 tiny_ok",
              "the fault named among the launches after the last window");
}

TEST_F(GpuFaults, TheSparseReportsRuleNamesTheLaunchExactly) {
  ModeRun R = runMode("ima-sparse-window");
  EXPECT_LINE(R, Ima + "\\(at process exit\\): " + First,
              "with that rule the faulting launch is named exactly");
  EXPECT_LINES(R, "one of|exact-window", 0, "no list, no rule to add");
}

TEST_F(GpuFaults, SparseCrumbsWithNoneAfterTheFault) {
  ModeRun R = runMode("ima-sparse-open");
  EXPECT_LINE(R,
              "launches not known to have completed: #0 tiny_ok "
              "\\(wrapper.cpp:1001, source nodes \\[embedding\\]\\) in run 1, "
              "#1 bad_kernel \\(wrapper.cpp:1002, source nodes \\[gather\\]\\) "
              "in run 1 \\(one breadcrumb per 4 launches, none after these: "
              "the fault may also be in work enqueued after them\\); last "
              "completed: #0 tiny_ok",
              "says the fault may be later");
  EXPECT_LINE(R,
              "enqueued after them\\); last completed: #0 tiny_ok "
              "\\(wrapper.cpp:1001[^;]*; to name it exactly if it comes "
              "again, add to the rules: \\{name: exact-window, match: "
              "\\{ordinals: \"0-1\"\\}, breadcrumb: true\\}",
              "and gives the rule");
}

TEST_F(GpuFaults, SyncProbeNamesAndThrows) {
  ModeRun R = runMode("ima-sync");
  EXPECT_LINE(R,
              Ima + "at or before #1 bad_kernel \\(wrapper.cpp:1002, source "
                    "nodes \\[gather\\]\\) in run 1; every instrumented launch "
                    "completed, the last was #0 tiny_ok",
              "the sync probe names the launch");
  EXPECT_LINE(R, "caught: \\[aoti-instrument\\] CUDA error",
              "the sync probe throws");
}

TEST_F(GpuFaults, ReportedAtStdTerminate) {
  ModeRun R = runMode("ima-terminate");
  EXPECT_LINE(R, Ima + "\\(at std::terminate\\): " + First,
              "reported when a destructor's throw ends the process");
  EXPECT_LINE(R, "terminate called", "then the previous handler runs");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
}

/// The head of a report a fatal signal's handler gives: the device was not
/// asked which error it holds.
const std::string AtSigabrt = "CUDA error 'unknown \\(not queried in a "
                              "signal handler\\)' \\(at SIGABRT\\): ";

TEST_F(GpuFaults, ReportedAtSigabrt) {
  ModeRun R = runMode("ima-abort");
  EXPECT_LINE(R, AtSigabrt + First, "reported by the SIGABRT handler");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT)
      << "the default action ran after the report\n"
      << R.out;
}

TEST_F(GpuFaults, ReportedWhenTheDriverAbortsAfterACoreDump) {
  ModeRun R = runMode("ima-coredump", "CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 "
                                      "CUDA_ENABLE_LIGHTWEIGHT_COREDUMP=1 "
                                      "CUDA_COREDUMP_FILE=" +
                                          outDir() + "/ima-coredump.%p");
  EXPECT_LINES(R, "^no abort", 0, "the driver aborts after its core dump");
  EXPECT_LINE(R, AtSigabrt + First, "reported by the SIGABRT handler");
  EXPECT_LINES(R, "first launch that did not complete", 1, "reported once");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT) << R.out;
}

TEST_F(GpuFaults, AnUnloadedPreviousHandlerIsNotCalled) {
  const char *So = envOr("GPU_TEST_HANDLER_SO", GPU_TEST_DEFAULT_HANDLER_SO);
  ASSERT_TRUE(So) << "GPU_TEST_HANDLER_SO (first_handler.cpp's library)";
  ModeRun R = runMode("ima-terminate-unloaded",
                      std::string("GPU_TEST_HANDLER_SO=") + So);
  EXPECT_LINE(R, Ima + "\\(at std::terminate\\): " + First,
              "reported after the first handler's library was unloaded");
  EXPECT_EQ(R.exitCode, 128 + SIGABRT)
      << "aborts; 139 is a segfault in the unloaded handler\n" << R.out;
  EXPECT_LINES(R, "first handler", 0, "the unloaded handler is not called");
}

TEST_F(GpuFaults, HostFunctionBreadcrumbs) {
  ModeRun R = runMode("ima-hostfn");
  EXPECT_LINE(R, First, "host-function breadcrumbs name the faulting launch");
  EXPECT_LINE(R,
              "breadcrumbs fall back to host functions "
              "\\(cuStreamWriteValue32: operation not supported",
              "the fallback is said once");
}

TEST_F(GpuFaults, ConcurrentServingNamesTheThreadIn20Of20) {
  int Named = 0;
  std::string Miss;
  for (int I = 0; I < 20; ++I) {
    ModeRun R = runMode("ima-threads");
    std::smatch M;
    std::regex Tid("thread 2 tid ([0-9]+) stream (0x[0-9a-f]+)");
    bool Ok = R.out.find("all threads joined") != std::string::npos &&
              std::regex_search(R.out, M, Tid) &&
              matches(R.out, "thread " + M[1].str() + ", stream " +
                                 M[2].str() +
                                 ": first launch that did not complete: #1 "
                                 "bad_kernel \\(wrapper.cpp:1002, source "
                                 "nodes \\[gather\\]\\) in run [0-9]+") > 0;
    Named += Ok;
    if (!Ok && Miss.empty())
      Miss = R.out;
  }
  EXPECT_EQ(Named, 20) << "the faulting launch named with its thread and "
                          "stream, every thread stopped; a miss:\n"
                       << Miss;
}

TEST_F(GpuFaults, DeferredPrintsAroundAFault) {
  ModeRun R = runMode("ima-print-deferred");
  EXPECT_LINE(R,
              "run 1 after #0 tiny_ok   buf0 out float32 \\[16\\] strides "
              "\\[1\\] cuda:0 numel 16 min 3 max 3",
              "the lines of the launch that completed");
  EXPECT_LINE(R, Ima + "while reading the deferred probes of run 1; " + First,
              "then the error, naming the faulting launch");
  EXPECT_LINES(R, "after #[12] ", 0, "no lines of the launches that did not run");
}

TEST_F(GpuFaults, DeferredThrowWithoutFinishAborts) {
  ModeRun R = runMode("deferred-abort");
  EXPECT_LINE(R, "probe returned", "the deferred probe does not fail at the "
                                   "launch");
  EXPECT_LINE(R,
              "NaN in buf3 \\(1 of 2 elements\\) after #3 triton_per_fused_x "
              "\\(wrapper.cpp:916, source nodes \\[linear, log\\]\\) in run 1; "
              "no input tensors to compare",
              "~RunScope reports the deferred NaN");
  EXPECT_LINE(R,
              "error: the NaN check above cannot throw at the end of run 1 "
              "\\(the wrapper does not call RunScope::finish\\(\\)\\): "
              "aborting",
              "then aborts");
}

TEST_F(GpuFaults, WithoutPtxJitTheChecksComeFromHostCopies) {
  ModeRun R =
      runMode("no-jit", "CUDA_DISABLE_PTX_JIT=1 CUDA_CACHE_DISABLE=1");
  EXPECT_EQ(R.exitCode, 0) << R.out;
  EXPECT_LINES(R, "^FAIL", 0, "every check of the mode passes");
  EXPECT_LINE(R, "^DONE", "the mode finished");
}

} // namespace

/// With a mode (gpu_test ima-exit ...): that scenario alone, as GpuFaults
/// runs it. Otherwise the GoogleTest cases.
int main(int Argc, char **Argv) {
  if (Argc > 1 && Argv[1][0] != '-') {
    const std::string Mode = Argv[1];
    try {
      return Mode == "no-jit" ? noJit() : ima(Mode);
    } catch (const std::exception &E) {
      std::printf("FAIL exception: %s\n", E.what());
      return 1;
    }
  }
  ::testing::InitGoogleTest(&Argc, Argv);
  return RUN_ALL_TESTS();
}
