//===- GpuTestUtil.h - Fixtures and helpers of the GPU tests --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each test file of gpu_test (and gpu_fault_driver) is built like an
// instrumented CUDA wrapper: AOTI's cuda.h, then the pasted prelude with the
// embedded stats kernel PTX (this folder's CMakeLists.txt, on the GPU
// machine: run_gpu_tests.sh).
//
// The pasted runtime lives in an anonymous namespace (as in a wrapper), so
// every test file has its own copy of it, of its types and of its
// process-wide counters (as unittests/runtime/RuntimeTestUtil.h says of the
// CPU tests): a test reads the counters of its own file's copy. What uses
// the runtime's types (kSites, TestProgram, Twin, makeTwin, crumbProbe,
// deferredProbe) is therefore defined here per file, in an anonymous
// namespace; what does not (the GpuRuntime fixture, Kernels, the byte and
// line helpers, Counter) is inline in namespace gpu_test, one for the
// binary.
//
// Environment (defaults: the build's, CMakeLists.txt): GPU_TEST_PTX
// (kernels.ptx), GPU_TEST_OUT (a work dir), GPU_TEST_HANDLER_SO
// (first_handler.cpp's library), GPU_TEST_DRIVER (gpu_fault_driver).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_UNITTESTS_RUNTIME_GPU_GPUTESTUTIL_H
#define AOTI_UNITTESTS_RUNTIME_GPU_GPUTESTUTIL_H

#include <torch/csrc/inductor/aoti_include/cuda.h>

#include "prelude_cuda.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace rt = ::aoti_rt;
using torch::aot_inductor::RAIIAtenTensorHandle;

#ifndef GPU_TEST_DEFAULT_PTX
#define GPU_TEST_DEFAULT_PTX nullptr
#define GPU_TEST_DEFAULT_OUT nullptr
#define GPU_TEST_DEFAULT_HANDLER_SO nullptr
#endif
#ifndef GPU_TEST_DEFAULT_DRIVER
#define GPU_TEST_DEFAULT_DRIVER nullptr
#endif

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

namespace gpu_test {

/// \p Name from the environment, else \p Default (the build's path).
inline const char *envOr(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}

inline std::string outDir() {
  const char *D = envOr("GPU_TEST_OUT", GPU_TEST_DEFAULT_OUT);
  return D ? D : "/tmp/gpu_test_out";
}

/// Numbers the TestPrograms of the whole binary (their env var names).
inline int Counter = 0;

inline bool contains(const std::vector<std::string> &L, const std::string &S) {
  for (const std::string &X : L)
    if (X.find(S) != std::string::npos)
      return true;
  return false;
}

/// The part of a stats/values line after the site, device name neutral.
inline std::vector<std::string> tensorParts(const std::vector<std::string> &L) {
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

template <class T> std::vector<unsigned char> bytesOf(const std::vector<T> &V) {
  std::vector<unsigned char> B(V.size() * sizeof(T));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}

inline uint16_t bf16(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return static_cast<uint16_t>(U >> 16);
}
inline uint16_t f16(float F) { // small integers and halves only
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

inline int64_t spanOf(const std::vector<int64_t> &Sizes,
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

/// Runs \p Body(I, Stream) for I in [0, \p NT), each on a thread and a
/// stream of its own, and joins them; an exception is said (INFO) and
/// counted. Returns the count.
inline int onThreads(int NT,
                     const std::function<void(int, cudaStream_t)> &Body) {
  std::vector<std::thread> Pool;
  std::atomic<int> Errors{0};
  for (int I = 0; I < NT; ++I)
    Pool.emplace_back([&, I] {
      try {
        cudaStream_t S;
        CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
        Body(I, S);
        CUDART(cudaStreamSynchronize(S));
      } catch (const std::exception &E) {
        std::printf("INFO thread error: %s\n", E.what());
        ++Errors;
      }
    });
  for (auto &T : Pool)
    T.join();
  return Errors;
}

/// Whether a CUDA device is there; the reason when not.
inline bool haveGpu(std::string &Why) {
  int N = 0;
  cudaError_t E = cudaGetDeviceCount(&N);
  if (E != cudaSuccess || N == 0) {
    Why = E != cudaSuccess ? cudaGetErrorString(E) : "no CUDA device";
    cudaGetLastError();
    return false;
  }
  return true;
}

/// The in-process cases: they share the test kernels and one stream; each
/// is skipped with a message where there is no GPU.
class GpuRuntime : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    if (K || !haveGpu(NoGpu))
      return;
    K = new Kernels();
    CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  }
  void SetUp() override {
    if (!K)
      GTEST_SKIP() << "no GPU here (" << NoGpu
                   << "): run on the GPU machine, ctest -L gpu";
  }
  static inline Kernels *K = nullptr;
  static inline cudaStream_t S = nullptr;
  static inline std::string NoGpu;
};

} // namespace gpu_test

namespace {

using namespace gpu_test;

const rt::SiteInfo kSites[] = {
    {0, "tiny_ok", "triton", 1001, "embedding", ""},
    {1, "bad_kernel", "user_triton", 1002, "gather", ""},
    {2, "tiny_after", "triton", 1003, "", ""},
    {3, "triton_per_fused_x", "triton", 916, "linear, log", "aten.log"},
};

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
    P = new rt::Program{
        "/x/wrapper.cpp",
        "",
        kSites,
        4,
        strdup(("GPU_TEST_DISABLE_" + std::to_string(N)).c_str()),
        strdup(LogEnv.c_str()),
        strdup(("GPU_TEST_JSONL_" + std::to_string(N)).c_str()),
        "",
        strdup((SaveDir.empty() ? outDir() + "/saves" : SaveDir).c_str()),
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

/// A tensor of the given layout on cuda:0 and its twin on the CPU over the
/// same storage bytes.
struct Twin {
  std::vector<unsigned char> storage;
  RAIIAtenTensorHandle cuda, cpu;
};

/// Bytes is the storage; with Offset (in elements) the tensors start there.
inline Twin makeTwin(int32_t Dtype, std::vector<int64_t> Sizes,
                     std::vector<int64_t> Strides,
                     std::vector<unsigned char> Bytes, int64_t Offset = 0) {
  Twin T;
  T.storage = std::move(Bytes);
  AtenTensorHandle H = nullptr;
  if (Offset == 0) {
    if (aoti_torch_empty_strided(
            static_cast<int64_t>(Sizes.size()), Sizes.data(), Strides.data(),
            Dtype, aoti_torch_device_type_cuda(), 0, &H) != AOTI_TORCH_SUCCESS)
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

inline rt::Probe crumbProbe(bool Sync = false) {
  rt::Probe P{};
  P.breadcrumb = true;
  P.sync = Sync;
  return P;
}

inline rt::Probe deferredProbe(rt::OnFail F) {
  rt::Probe P{};
  P.nan_roles = rt::kOut;
  P.nan_checks = rt::kCheckNan;
  P.nan_on_fail = F;
  P.nan_deferred = true;
  return P;
}

/// Gives \p T one input pinned to float32 [64] on cuda:0 (a CompiledInput
/// with every dim and stride exact): runs that pass it to
/// RunScope::checkInputs may replay their deferred probes (replay.h).
inline void pinInput(TestProgram &T) {
  static const int64_t Dims[] = {64}, Strides[] = {1};
  static const rt::CompiledInput In{0, "arg0_1", "x",  "float32", 1,
                                    1, true,     Dims, Dims,      Strides};
  T.P->inputs = &In;
  T.P->num_inputs = 1;
}

} // namespace

#endif // AOTI_UNITTESTS_RUNTIME_GPU_GPUTESTUTIL_H
