// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the CUDA driver itself can tell a process about a fault, and what a
// stream memory operation accepts: experiments behind the breadcrumb design
// (lib/Runtime/README.md, docs/benchmarks.md). One mode per process (a
// sticky fault ends the context):
//
//   fault_info memop      cuStreamWriteValue32 (the v2 entry point that
//                         cuda.h maps it to) with each flag: return codes,
//                         whether the word was written
//   fault_info logs       cuLogsRegisterCallback, then a kernel that faults
//                         (illegal address): every driver log message
//   fault_info assert     the same with a device-side assert
//   fault_info coredump   a lightweight core dump asked for at run time
//                         (cuCoredumpSetAttribute on the current context):
//                         time to the error, file size, ELF section names,
//                         and which launched kernels' names the file holds
//   fault_info events     an event recorded after each of 8 launches, the
//                         4th faulting (illegal address): what cuEventQuery
//                         says of each event after the sticky fault
//   fault_info events-assert  the same with a device-side assert
//   fault_info ipc-events     interprocess events (CU_EVENT_INTERPROCESS)
//                         recorded after each of 8 launches, the 4th
//                         faulting: after the sticky fault, a child process
//                         (this program again, `ipc-query HANDLES`) opens
//                         each event's handle in its own context and
//                         queries it; so does a second context of this
//                         process
//   fault_info ipc-events-assert  the same with a device-side assert
//   fault_info coredump-wait  as coredump, then waits up to 10 s for the
//                         file to grow
//   (what an interprocess event costs per launch: launch_cost.py's
//   event-ipc variant)
//
// Build: nvcc -O2 -arch=sm_90 fault_info.cu -o fault_info -lcuda
#include <cuda.h>
#include <cuda_runtime.h>

#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <elf.h>
#include <sys/syscall.h>
#include <unistd.h>

__global__ void kernel_alpha(float *P) { P[threadIdx.x] += 1.0f; }
__global__ void kernel_faulting_beta(float *P, long long Bad) {
  if (threadIdx.x == 0)
    P[Bad] = 1.0f; // far outside any allocation
}
__global__ void kernel_asserting_gamma(const int *Idx, int N) {
  assert(Idx[threadIdx.x] < N);
}
__global__ void kernel_delta(float *P) { P[threadIdx.x] *= 2.0f; }

static void logCallback(void *, CUlogLevel Level, char *Message, size_t Len) {
  std::printf("LOG level=%d: %.*s\n", static_cast<int>(Level),
              static_cast<int>(Len), Message);
  std::fflush(stdout);
}

static const char *errName(CUresult R) {
  const char *S = nullptr;
  cuGetErrorName(R, &S);
  return S ? S : "?";
}

static int memop() {
  cudaFree(nullptr);
  void *Host = nullptr;
  if (cuMemHostAlloc(&Host, 4096, CU_MEMHOSTALLOC_DEVICEMAP) != CUDA_SUCCESS)
    return 1;
  std::memset(Host, 0, 4096);
  CUdeviceptr Dev = 0;
  cuMemHostGetDevicePointer(&Dev, Host, 0);
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  int V1 = -1;
  CUdevice D;
  cuCtxGetDevice(&D);
  cuDeviceGetAttribute(&V1, CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1, D);
  std::printf("CAN_USE_STREAM_MEM_OPS_V1=%d\n", V1);
  struct {
    const char *name;
    unsigned flags;
  } Cases[] = {{"DEFAULT", CU_STREAM_WRITE_VALUE_DEFAULT},
               {"NO_MEMORY_BARRIER", CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER}};
  volatile uint32_t *W = static_cast<volatile uint32_t *>(Host);
  for (int I = 0; I < 2; ++I) {
    CUresult R = cuStreamWriteValue32(reinterpret_cast<CUstream>(S),
                                      Dev + 4 * I, 100 + I, Cases[I].flags);
    cudaStreamSynchronize(S);
    std::printf("MEMOP %s: %s (%d), word=%u\n", Cases[I].name, errName(R),
                static_cast<int>(R), W[I]);
  }
  return 0;
}

static std::vector<std::string> sectionNames(const std::string &Bytes) {
  std::vector<std::string> Names;
  if (Bytes.size() < sizeof(Elf64_Ehdr))
    return Names;
  const auto *H = reinterpret_cast<const Elf64_Ehdr *>(Bytes.data());
  if (std::memcmp(H->e_ident, ELFMAG, SELFMAG) != 0 || !H->e_shoff ||
      H->e_shstrndx >= H->e_shnum)
    return Names;
  const auto *Sh =
      reinterpret_cast<const Elf64_Shdr *>(Bytes.data() + H->e_shoff);
  const char *Str = Bytes.data() + Sh[H->e_shstrndx].sh_offset;
  for (int I = 0; I < H->e_shnum; ++I) {
    char Buf[160];
    std::snprintf(Buf, sizeof Buf, "%s type=%u size=%llu",
                  Str + Sh[I].sh_name, Sh[I].sh_type,
                  static_cast<unsigned long long>(Sh[I].sh_size));
    Names.push_back(Buf);
  }
  return Names;
}

// The first 256 bytes of every section under 4 KB, as 32-bit words: the
// tables (grids, warps, contexts) whose layout the report would read.
static void dumpSmallSections(const std::string &Bytes) {
  const auto *H = reinterpret_cast<const Elf64_Ehdr *>(Bytes.data());
  if (Bytes.size() < sizeof(Elf64_Ehdr) || !H->e_shoff)
    return;
  const auto *Sh =
      reinterpret_cast<const Elf64_Shdr *>(Bytes.data() + H->e_shoff);
  const char *Str = Bytes.data() + Sh[H->e_shstrndx].sh_offset;
  for (int I = 0; I < H->e_shnum; ++I) {
    if (!Sh[I].sh_size || Sh[I].sh_size > 4096 || Sh[I].sh_type == SHT_NOBITS)
      continue;
    std::printf("DUMP %s entsize=%llu link=%u info=%u:", Str + Sh[I].sh_name,
                static_cast<unsigned long long>(Sh[I].sh_entsize),
                Sh[I].sh_link, Sh[I].sh_info);
    const auto *W = reinterpret_cast<const uint32_t *>(Bytes.data() +
                                                        Sh[I].sh_offset);
    for (size_t K = 0; K < Sh[I].sh_size / 4 && K < 64; ++K)
      std::printf(" %x", W[K]);
    std::printf("\n");
  }
}

static int faulting(const char *Mode) {
  cudaFree(nullptr);
  bool Dump = std::strncmp(Mode, "coredump", 8) == 0;
  bool Wait = std::strcmp(Mode, "coredump-wait") == 0;
  const char *Path = "/tmp/fault_info.core";
  if (Dump) {
    std::remove(Path);
    bool On = true;
    size_t Sz = sizeof On;
    CUresult R = cuCoredumpSetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &On,
                                        &Sz);
    std::printf("COREDUMP enable: %s\n", errName(R));
    int Flags = CU_COREDUMP_LIGHTWEIGHT_FLAGS | CU_COREDUMP_SKIP_ABORT;
    Sz = sizeof Flags;
    R = cuCoredumpSetAttribute(CU_COREDUMP_GENERATION_FLAGS, &Flags, &Sz);
    std::printf("COREDUMP flags: %s\n", errName(R));
    char File[1024];
    std::snprintf(File, sizeof File, "%s", Path);
    Sz = std::strlen(File) + 1;
    R = cuCoredumpSetAttribute(CU_COREDUMP_FILE, File, &Sz);
    std::printf("COREDUMP file: %s\n", errName(R));
  } else {
    CUlogsCallbackHandle H;
    CUresult R = cuLogsRegisterCallback(&logCallback, nullptr, &H);
    std::printf("LOGS register: %s\n", errName(R));
  }
  float *P = nullptr;
  int *Idx = nullptr;
  cudaMalloc(&P, 1024 * sizeof(float));
  cudaMalloc(&Idx, 32 * sizeof(int));
  cudaMemset(P, 0, 1024 * sizeof(float));
  cudaMemset(Idx, 0x7f, 32 * sizeof(int)); // huge indices
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  auto T0 = std::chrono::steady_clock::now();
  kernel_alpha<<<1, 32, 0, S>>>(P);
  if (std::strcmp(Mode, "assert") == 0)
    kernel_asserting_gamma<<<1, 32, 0, S>>>(Idx, 8);
  else
    kernel_faulting_beta<<<1, 32, 0, S>>>(P, 1LL << 40);
  kernel_delta<<<1, 32, 0, S>>>(P);
  cudaError_t E = cudaStreamSynchronize(S);
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - T0)
                  .count();
  std::printf("SYNC: %s after %.1f ms\n", cudaGetErrorString(E), Ms);
  if (!Dump) {
    char Buf[25600];
    size_t Size = sizeof Buf;
    CUresult R = cuLogsDumpToMemory(nullptr, Buf, &Size, 0); // all logs
    std::printf("LOGS dump: %s (%zu bytes)\n%.*s\n", errName(R), Size,
                static_cast<int>(Size), Buf);
    return 0;
  }
  if (Wait) {
    // The driver may write the file after the error reaches the host.
    // -1: no file.
    long Last = -2;
    for (int I = 0; I < 200; ++I) {
      std::ifstream F(Path, std::ios::binary | std::ios::ate);
      long Size = F ? static_cast<long>(F.tellg()) : -1;
      if (Size != Last)
        std::printf("WAIT %d ms: %ld bytes\n", I * 50, Size);
      Last = Size;
      usleep(50000);
    }
  }
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  std::string Bytes = SS.str();
  std::printf("COREDUMP file: %zu bytes\n", Bytes.size());
  for (const std::string &N : sectionNames(Bytes))
    std::printf("SECTION %s\n", N.c_str());
  std::printf("THIS THREAD tid=%ld\n", static_cast<long>(::syscall(SYS_gettid)));
  dumpSmallSections(Bytes);
  for (const char *K : {"kernel_alpha", "kernel_faulting_beta",
                        "kernel_asserting_gamma", "kernel_delta"})
    std::printf("NAME %s: %s\n", K,
                Bytes.find(K) != std::string::npos ? "present" : "absent");
  return 0;
}

static std::string hexOf(const void *P, size_t N) {
  static const char *D = "0123456789abcdef";
  std::string S;
  for (size_t I = 0; I < N; ++I) {
    unsigned char C = static_cast<const unsigned char *>(P)[I];
    S += D[C >> 4];
    S += D[C & 15];
  }
  return S;
}

static bool unhex(const char *S, void *P, size_t N) {
  if (std::strlen(S) != 2 * N)
    return false;
  auto Nib = [](char C) {
    return C >= 'a' ? C - 'a' + 10 : C - '0';
  };
  for (size_t I = 0; I < N; ++I)
    static_cast<unsigned char *>(P)[I] =
        static_cast<unsigned char>(Nib(S[2 * I]) << 4 | Nib(S[2 * I + 1]));
  return true;
}

// Opens and queries the interprocess events whose handles (hex) follow, in
// a fresh context of this process: what a helper would see of a faulted
// process's events.
static int ipcQuery(int Argc, char **Argv) {
  CUresult R = cuInit(0);
  CUdevice Dev;
  CUcontext Ctx;
  if (R == CUDA_SUCCESS)
    R = cuDeviceGet(&Dev, 0);
  if (R == CUDA_SUCCESS)
    R = cuDevicePrimaryCtxRetain(&Ctx, Dev);
  if (R == CUDA_SUCCESS)
    R = cuCtxSetCurrent(Ctx);
  std::printf("CHILD init: %s\n", errName(R));
  for (int I = 2; I < Argc; ++I) {
    CUipcEventHandle H;
    if (!unhex(Argv[I], &H, sizeof H)) {
      std::printf("CHILD %d: bad handle\n", I - 2);
      continue;
    }
    CUevent E = nullptr;
    auto T0 = std::chrono::steady_clock::now();
    R = cuIpcOpenEventHandle(&E, H);
    double Us = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
    std::printf("CHILD %d: open %s (%.0f us), query %s\n", I - 2, errName(R),
                Us, R == CUDA_SUCCESS ? errName(cuEventQuery(E)) : "-");
  }
  std::fflush(stdout);
  return 0;
}

// Can events serve as breadcrumbs? An event (no timing) recorded after
// each launch costs the host a third of a stream write and the GPU nothing
// (docs/benchmarks.md); that only helps if, after a sticky fault, each
// event still says whether its launch completed. With \p Ipc the events
// are interprocess ones, queried after the fault from a second context of
// this process and from a child process (this program, `ipc-query`).
static int events(bool Assert, bool Ipc, const char *Self) {
  cudaFree(nullptr);
  float *P = nullptr;
  int *Idx = nullptr;
  cudaMalloc(&P, 1024 * sizeof(float));
  cudaMalloc(&Idx, 32 * sizeof(int));
  cudaMemset(P, 0, 1024 * sizeof(float));
  cudaMemset(Idx, 0x7f, 32 * sizeof(int)); // huge indices
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  constexpr int N = 8, Bad = 3;
  CUevent Ev[N];
  std::vector<std::string> Hex;
  for (CUevent &E : Ev) {
    CUresult R = cuEventCreate(
        &E, CU_EVENT_DISABLE_TIMING | (Ipc ? CU_EVENT_INTERPROCESS : 0));
    if (!Ipc)
      continue;
    CUipcEventHandle H;
    CUresult R2 = R == CUDA_SUCCESS ? cuIpcGetEventHandle(&H, E) : R;
    if (R != CUDA_SUCCESS || R2 != CUDA_SUCCESS)
      std::printf("CREATE: %s, HANDLE: %s\n", errName(R), errName(R2));
    Hex.push_back(hexOf(&H, sizeof H));
  }
  for (int I = 0; I < N; ++I) {
    if (I != Bad)
      kernel_alpha<<<1, 32, 0, S>>>(P);
    else if (Assert)
      kernel_asserting_gamma<<<1, 32, 0, S>>>(Idx, 8);
    else
      kernel_faulting_beta<<<1, 32, 0, S>>>(P, 1LL << 40);
    CUresult R = cuEventRecord(Ev[I], reinterpret_cast<CUstream>(S));
    std::printf("RECORD %d: %s\n", I, errName(R));
  }
  cudaError_t E = cudaStreamSynchronize(S);
  std::printf("SYNC: %s\n", cudaGetErrorString(E));
  for (int I = 0; I < N; ++I)
    std::printf("QUERY %d (%s): %s\n", I, I == Bad ? "faulting" : "alpha",
                errName(cuEventQuery(Ev[I])));
  if (!Ipc) {
    // Re-recording after the fault: does the event keep its old state?
    CUresult R = cuEventRecord(Ev[0], reinterpret_cast<CUstream>(S));
    std::printf("RERECORD 0: %s, then QUERY 0: %s\n", errName(R),
                errName(cuEventQuery(Ev[0])));
    return 0;
  }
  std::fflush(stdout);
  // A second context of this process.
  {
    CUdevice Dev;
    CUcontext Old = nullptr, Ctx = nullptr;
    cuCtxGetCurrent(&Old);
    cuCtxGetDevice(&Dev);
    CUresult R = cuCtxCreate(&Ctx, nullptr, 0, Dev);
    std::printf("SECOND CONTEXT: %s\n", errName(R));
    if (R == CUDA_SUCCESS) {
      for (int I = 0; I < N; ++I) {
        CUipcEventHandle H;
        unhex(Hex[I].c_str(), &H, sizeof H);
        CUevent Ev2 = nullptr;
        R = cuIpcOpenEventHandle(&Ev2, H);
        std::printf("SECOND %d: open %s, query %s\n", I, errName(R),
                    R == CUDA_SUCCESS ? errName(cuEventQuery(Ev2)) : "-");
      }
      cuCtxSetCurrent(Old);
    }
  }
  std::fflush(stdout);
  // A child process, this program again.
  std::string Cmd = std::string(Self) + " ipc-query";
  for (const std::string &H : Hex)
    Cmd += " " + H;
  auto T0 = std::chrono::steady_clock::now();
  int Rc = std::system(Cmd.c_str());
  std::printf("CHILD exit %d after %.0f ms\n", Rc,
              std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - T0)
                  .count());
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(
        stderr,
        "usage: fault_info memop|logs|assert|coredump|coredump-wait|events|"
        "events-assert|ipc-events|ipc-events-assert\n");
    return 2;
  }
  std::string Mode = Argv[1];
  if (Mode == "memop")
    return memop();
  if (Mode == "ipc-query")
    return ipcQuery(Argc, Argv);
  if (Mode == "ipc-events" || Mode == "ipc-events-assert")
    return events(Mode == "ipc-events-assert", true, Argv[0]);
  if (Mode == "events" || Mode == "events-assert")
    return events(Mode == "events-assert", false, Argv[0]);
  return faulting(Argv[1]);
}
