// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Does the CUDA driver write a whole core dump for a device-side assert, and
// what does it wait for? (Asked because dumps of Inductor's asserts were cut
// at 68,672 bytes under torch.) No torch here: one kernel, one fault, then the
// host does what argv says while it prints the dump file's size over time.
//
//   nvcc -O1 -lineinfo -arch=sm_90 -o probe assert_dump_probe.cu -lcuda
//   (-DPROBE_NO_ASSERT: no assert in the faulting module; -cubin: a module
//   with one, for PROBE_LOAD_CUBIN)
//   CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 CUDA_COREDUMP_FILE=DIR/core.%p \
//     ./probe FAULT AFTER DIR
//
// FAULT: assert | trap | ima.    AFTER: exit (sync, then exit at once) |
// sleep (sync, then only wait) | nosync (no CUDA call after the launch) |
// resync (sync again every 250 ms) | destroy (sync, then cuCtxDestroy).
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
#include <dirent.h>
#include <sys/stat.h>
#include <thread>

#ifndef PROBE_NO_ASSERT
extern "C" __global__ void with_assert(const int *P) { assert(P[0] == 1); }
#endif

__global__ void faulting(int Fault, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I == 333 * 128 + 96) {
#ifndef PROBE_NO_ASSERT
    if (Fault == 0)
      assert(Out[0] < -1.0f && "index out of bounds");
    else
#endif
    if (Fault == 1)
      asm volatile("trap;");
    else
      Out[1ll << 40] = 1.0f;
  }
  if (I < N)
    Out[I] += 1.0f;
}

static long long dumpSize(const char *Dir, char *Name, size_t NameSize) {
  long long Total = -1;
  if (DIR *D = opendir(Dir)) {
    while (dirent *E = readdir(D)) {
      if (strncmp(E->d_name, "core", 4) != 0)
        continue;
      char Path[4096];
      snprintf(Path, sizeof Path, "%s/%s", Dir, E->d_name);
      struct stat St;
      if (stat(Path, &St) == 0) {
        Total = (Total < 0 ? 0 : Total) + St.st_size;
        snprintf(Name, NameSize, "%s", E->d_name);
      }
    }
    closedir(D);
  }
  return Total;
}

int main(int Argc, char **Argv) {
  if (Argc != 4) {
    fprintf(stderr, "usage: %s assert|trap|ima exit|sleep|nosync|resync|destroy DIR\n", Argv[0]);
    return 2;
  }
  int Fault = !strcmp(Argv[1], "assert") ? 0 : !strcmp(Argv[1], "trap") ? 1 : 2;
  const char *After = Argv[2], *Dir = Argv[3];
  using Clock = std::chrono::steady_clock;
  int N = 512 * 128;
  // PROBE_PRINTF_FIFO / PROBE_HEAP: the device's printf buffer and heap,
  // which a dump may keep even when told to skip global memory.
  if (const char *V = getenv("PROBE_PRINTF_FIFO"))
    printf("printf fifo %s: %s\n", V,
           cudaGetErrorString(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, atoll(V))));
  // PROBE_LOAD_CUBIN: a second module loaded (not launched) beside the
  // faulting one, e.g. a kernel with an assert.
  if (const char *V = getenv("PROBE_LOAD_CUBIN")) {
    cudaFree(nullptr);
    CUmodule M;
    CUfunction F;
    int R = cuModuleLoad(&M, V);
    printf("loaded %s: %d, function: %d\n", V, R, R ? -1 : (int)cuModuleGetFunction(&F, M, "with_assert"));
  }
  if (const char *V = getenv("PROBE_HEAP"))
    printf("heap %s: %s\n", V,
           cudaGetErrorString(cudaDeviceSetLimit(cudaLimitMallocHeapSize, atoll(V))));
  float *Out;
  cudaMalloc(&Out, N * sizeof(float));
  cudaMemset(Out, 0, N * sizeof(float));
  cudaDeviceSynchronize();
  auto T0 = Clock::now();
  faulting<<<512, 128>>>(Fault, Out, N);
  printf("launch: %s\n", cudaGetErrorString(cudaGetLastError()));
  bool Sync = strcmp(After, "nosync") != 0;
  if (Sync) {
    cudaError_t E = cudaDeviceSynchronize();
    printf("sync after %.3f s: %s\n",
           std::chrono::duration<double>(Clock::now() - T0).count(), cudaGetErrorString(E));
  }
  fflush(stdout);
  if (!strcmp(After, "exit"))
    return 1;
  if (!strcmp(After, "destroy")) {
    CUcontext C;
    cuCtxGetCurrent(&C);
    printf("cuDevicePrimaryCtxReset: %d\n", (int)cuDevicePrimaryCtxReset(0));
  }
  long long Last = -2;
  char Name[256] = "";
  for (int Tick = 0; Tick < 80; ++Tick) {  // 20 s
    if (!strcmp(After, "resync") || (!strcmp(After, "nosync") && Tick == 40))
      printf("  sync at tick %d: %s\n", Tick, cudaGetErrorString(cudaDeviceSynchronize()));
    long long Size = dumpSize(Dir, Name, sizeof Name);
    if (Size != Last) {
      printf("  %.2f s: %s %lld bytes\n",
             std::chrono::duration<double>(Clock::now() - T0).count(), Name, Size);
      fflush(stdout);
      Last = Size;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  printf("end: %lld bytes\n", Last);
  return 0;
}
