// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Concurrent serving of an AOTI model, as a C++ server does it: one model
// container with several model instances (num_models), N threads, each on
// its own CUDA stream, calling AOTInductorModelContainerRun in a loop. One
// thread sends a bad index on one run. Used by gpu_scenarios.py's `serve` part
// on the gather_ima model, instrumented or not.
//
//   serve_threads MODEL_SO CUBIN_DIR THREADS MODELS BAD_THREAD BAD_RUN RUNS
//
// The model takes one int64 tensor of 32 row indices into a table of 1000
// rows. Prints one line per thread: its OS thread id, its stream, the runs
// it completed and how its last run ended; a watchdog ends the process
// with exit code 3 ("DEADLOCK") when the threads are not done in 60 s.
// Exit code 0 when every thread stopped (ran everything or failed).
//
// Built on the GPU machine against the torch there (gpu_scenarios.py):
//   g++ -std=c++17 -O1 serve_threads.cpp -I$TORCH/include -L$TORCH/lib
//       -ltorch -ltorch_cpu -ltorch_cuda -lc10 -lc10_cuda -lcudart -ldl
#include <torch/csrc/inductor/aoti_runtime/interface.h>
#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include <cuda_runtime_api.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

using CreateFn = decltype(&AOTInductorModelContainerCreateWithDevice);
using RunFn = decltype(&AOTInductorModelContainerRun);
using DeleteFn = decltype(&AOTInductorModelContainerDelete);

template <class F> F symbol(void *Lib, const char *Name) {
  void *P = dlsym(Lib, Name);
  if (!P) {
    std::fprintf(stderr, "serve_threads: %s: %s\n", Name, dlerror());
    std::exit(2);
  }
  return reinterpret_cast<F>(P);
}

struct Outcome {
  long tid = 0;
  const void *stream = nullptr;
  int completed = 0;
  bool failed = false;
  bool done = false;
};

std::mutex OutMutex;

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 8) {
    std::fprintf(stderr, "usage: serve_threads MODEL_SO CUBIN_DIR THREADS "
                         "MODELS BAD_THREAD BAD_RUN RUNS\n");
    return 2;
  }
  const char *So = Argv[1], *CubinDir = Argv[2];
  const int Threads = std::atoi(Argv[3]), Models = std::atoi(Argv[4]);
  const int BadThread = std::atoi(Argv[5]), BadRun = std::atoi(Argv[6]);
  const int Runs = std::atoi(Argv[7]);
  void *Lib = dlopen(So, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    std::fprintf(stderr, "serve_threads: dlopen: %s\n", dlerror());
    return 2;
  }
  auto Create = symbol<CreateFn>(Lib, "AOTInductorModelContainerCreateWithDevice");
  auto Run = symbol<RunFn>(Lib, "AOTInductorModelContainerRun");
  auto Delete = symbol<DeleteFn>(Lib, "AOTInductorModelContainerDelete");
  AOTInductorModelContainerHandle Container = nullptr;
  if (Create(&Container, static_cast<size_t>(Models), "cuda", CubinDir) !=
      AOTI_RUNTIME_SUCCESS) {
    std::fprintf(stderr, "serve_threads: cannot create the container\n");
    return 2;
  }

  // Each thread's indices on the device: good ones, and the bad thread's
  // second buffer with one index far outside the table.
  std::vector<void *> Good(static_cast<size_t>(Threads));
  void *Bad = nullptr;
  std::vector<int64_t> Idx(32);
  for (int T = 0; T < Threads; ++T) {
    for (int I = 0; I < 32; ++I)
      Idx[static_cast<size_t>(I)] = (I * 31 + T * 7) % 1000;
    cudaMalloc(&Good[static_cast<size_t>(T)], 32 * sizeof(int64_t));
    cudaMemcpy(Good[static_cast<size_t>(T)], Idx.data(), 32 * sizeof(int64_t),
               cudaMemcpyHostToDevice);
  }
  Idx[7] = 100000000;
  cudaMalloc(&Bad, 32 * sizeof(int64_t));
  cudaMemcpy(Bad, Idx.data(), 32 * sizeof(int64_t), cudaMemcpyHostToDevice);

  std::vector<Outcome> Out(static_cast<size_t>(Threads));
  std::atomic<int> Finished{0};
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      Outcome &O = Out[static_cast<size_t>(T)];
      O.tid = static_cast<long>(::syscall(SYS_gettid));
      cudaStream_t S = nullptr;
      cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
      O.stream = S;
      {
        std::lock_guard<std::mutex> Lock(OutMutex);
        std::printf("THREAD %d tid %ld stream %p%s\n", T, O.tid,
                    static_cast<void *>(S), T == BadThread ? " (bad)" : "");
        std::fflush(stdout);
      }
      int64_t Size = 32, Stride = 1;
      for (int R = 1; R <= Runs && !O.failed; ++R) {
        void *Data = T == BadThread && R == BadRun
                         ? Bad
                         : Good[static_cast<size_t>(T)];
        AtenTensorHandle In = nullptr, OutH = nullptr;
        if (aoti_torch_create_tensor_from_blob(
                Data, 1, &Size, &Stride, 0, aoti_torch_dtype_int64(),
                aoti_torch_device_type_cuda(), 0, &In) != AOTI_TORCH_SUCCESS) {
          O.failed = true;
          break;
        }
        AOTIRuntimeError E =
            Run(Container, &In, 1, &OutH, 1,
                reinterpret_cast<AOTInductorStreamHandle>(S), nullptr);
        if (E != AOTI_RUNTIME_SUCCESS ||
            cudaStreamSynchronize(S) != cudaSuccess) {
          O.failed = true;
        } else {
          ++O.completed;
        }
        if (OutH)
          aoti_torch_delete_tensor_object(OutH);
      }
      O.done = true;
      ++Finished;
    });

  auto Start = std::chrono::steady_clock::now();
  while (Finished.load() < Threads) {
    if (std::chrono::steady_clock::now() - Start > std::chrono::seconds(60)) {
      std::printf("DEADLOCK: %d of %d threads finished after 60 s\n",
                  Finished.load(), Threads);
      std::fflush(stdout);
      std::_Exit(3);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  for (std::thread &Th : Pool)
    Th.join();
  for (int T = 0; T < Threads; ++T) {
    const Outcome &O = Out[static_cast<size_t>(T)];
    std::printf("RESULT %d tid %ld stream %p completed %d %s\n", T, O.tid,
                O.stream, O.completed, O.failed ? "failed" : "ok");
  }
  std::fflush(stdout);
  Delete(Container); // may fail after a sticky fault: nothing to do then
  return 0;
}
