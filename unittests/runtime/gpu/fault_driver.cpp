//===- fault_driver.cpp - The GPU fault scenarios, one per process --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gpu_fault_driver MODE: one fault scenario, then exit (the CUDA context is
// lost after a fault, and the runtime's reports come at unwinding, at the
// next run, at exit, at std::terminate, or from its SIGABRT handler).
// GpuFaults (FaultTest.cpp) runs each mode in a process of its own and
// matches its stdout and stderr line by line; this program checks nothing
// itself. Modes:
//   ima-unwind          fault, then an exception leaves the run
//   ima-next-run        fault, then the next run starts
//   ima-exit            fault, then the process exits
//   ima-later-launches  fault with more launches enqueued after it
//   ima-sync            fault, then a sync probe
//   ima-sparse          crumbs after every 4th launch: the fault named among
//                       the launches since the last
//   ima-sparse-open     the same, no crumb enqueued after the fault
//   ima-sparse-window   sparse crumbs but after every launch of the sites
//                       the ima-sparse report's rule names
//   ima-window          window crumbs (closed where the planner placed
//                       them): the fault named among the launches of its
//                       window
//   ima-hostfn          as ima-exit, breadcrumbs by host functions
//   ima-terminate       fault, the caller's sync finds it, then a destructor
//                       throws (std::terminate)
//   ima-terminate-unloaded  the same, the handler before ours in a library
//                       unloaded since (GPU_TEST_HANDLER_SO)
//   ima-abort           fault, then std::abort() before anything read it
//                       (the SIGABRT handler reports)
//   ima-coredump        (with CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1) fault,
//                       then the driver's abort after its core dump
//   ima-threads         4 threads on 4 streams, one faults
//   ima-print-deferred  deferred stats prints around a fault
//   deferred-abort      a deferred kThrow NaN check without finish()
//   no-jit              (with CUDA_DISABLE_PTX_JIT=1) statistics and NaN
//                       checks from host copies: prints the log's lines
//                       (INFO), the passes of the runtime's kernels
//                       (PASSES), then DONE
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <mutex>
#include <thread>

namespace {

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

/// A CUDA error thrown from a destructor, as the caching allocator's and
/// AOTI's container's do, inside a noexcept function: std::terminate.
struct ThrowsInDestructor {
  ~ThrowsInDestructor() noexcept(false) {
    throw std::runtime_error("CUDA error in a destructor");
  }
};
void dieInDestructor() {
  auto Die = []() noexcept { ThrowsInDestructor T; };
  Die(); // noexcept: std::terminate
}

/// Fault, then an exception leaves the run
int imaUnwind(Kernels &K, cudaStream_t S, TestProgram &Prog,
              const std::string &Mode) {
  rt::RunScope Run(*Prog.P, S);
  faultingRun(K, Run, S);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  // The wrapper's next CUDA_DRIVER_CHECK throws.
  K.launchTiny(S);
  CUDART(cudaStreamSynchronize(S));
  return 0;
}

/// Fault, then the next run starts
int imaNextRun(Kernels &K, cudaStream_t S, TestProgram &Prog,
               const std::string &Mode) {
  {
    rt::RunScope Run(*Prog.P, S);
    faultingRun(K, Run, S);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  rt::RunScope Run2(*Prog.P, S);
  std::printf("run 2 started\n");
  return 0;
}

/// Fault, then the process exits (ima-exit; ima-hostfn: breadcrumbs by host
/// functions)
int imaExit(Kernels &K, cudaStream_t S, TestProgram &Prog,
            const std::string &Mode) {
  rt::RunScope Run(*Prog.P, S);
  faultingRun(K, Run, S);
  return 0;
}

/// As a serving process dies after a fault that its own sync found
/// (outside run_impl): a CUDA error thrown from a destructor, as the
/// caching allocator's and AOTI's container's do, ends it by
/// std::terminate, before any atexit handler.
int imaTerminate(Kernels &K, cudaStream_t S, TestProgram &Prog,
                 const std::string &Mode) {
  {
    rt::RunScope Run(*Prog.P, S);
    faultingRun(K, Run, S);
    Run.finish();
  }
  cudaError_t E = cudaStreamSynchronize(S);
  std::printf("caller's sync: %s\n", cudaGetErrorString(E));
  std::fflush(stdout);
  dieInDestructor();
  return 0;
}

/// As ima-terminate, but the terminate handler before this runtime's
/// was another model's, whose library is unloaded before the end.
int imaTerminateUnloaded(Kernels &K, cudaStream_t S, TestProgram &Prog,
                         const std::string &Mode) {
  void *Lib = dlopen(envOr("GPU_TEST_HANDLER_SO", GPU_TEST_DEFAULT_HANDLER_SO),
                     RTLD_NOW);
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
  dieInDestructor();
  return 0;
}

/// Concurrent serving: 4 threads, each on its own stream, run after
/// run; thread 2's third run launches the faulting kernel. Every
/// thread must stop (no deadlock) and the report must name the
/// faulting launch's thread and stream, and the others in flight.
int imaThreads(Kernels &K, cudaStream_t S, TestProgram &Prog,
               const std::string &Mode) {
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
  return 0;
}

/// Fault with more launches enqueued after it
int imaLaterLaunches(Kernels &K, cudaStream_t S, TestProgram &Prog,
                     const std::string &Mode) {
  rt::RunScope Run(*Prog.P, S);
  faultingRun(K, Run, S, true);
  return 0;
}

/// The process dies by SIGABRT before anything read the fault:
/// std::abort() (ima-abort), or the CUDA driver's own abort after it
/// wrote a core dump (ima-coredump, with
/// CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1), met in the caller's sync. No
/// exception, atexit handler or destructor runs: the SIGABRT handler
/// reports.
int imaAbort(Kernels &K, cudaStream_t S, TestProgram &Prog,
             const std::string &Mode) {
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
}

/// kThrow, deferred, and the wrapper never calls finish(): ~RunScope
/// reports, then aborts (it cannot throw).
int deferredAbort(Kernels &K, cudaStream_t S, TestProgram &Prog,
                  const std::string &Mode) {
  std::vector<float> V = {1, std::numeric_limits<float>::quiet_NaN()};
  Twin T = makeTwin(aoti_torch_dtype_float32(), {2}, {1}, bytesOf(V));
  rt::RunScope Run(*Prog.P, S);
  rt::TensorRef Ts[] = {{"buf3", rt::kOut, T.cuda}};
  Run.probe(3, rt::kAfter, Ts, 1, deferredProbe(rt::kThrow));
  std::fprintf(stderr, "probe returned\n");
  return 0;
}

/// Deferred stats prints around a faulting launch: finish()'s sync
/// fails; the lines of the launch that completed come first.
int imaPrintDeferred(Kernels &K, cudaStream_t S, TestProgram &Prog,
                     const std::string &Mode) {
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
  return 0;
}

/// Sequence numbers 1-4 tiny (a crumb after 4), 5 tiny, 6 the fault,
/// then (ima-sparse) 7 and 8 tiny_after (a crumb after 8, never
/// written): the report lists 5 to 8, or 5 and 6 and says that work
/// after them may hold the fault.
int imaSparse(Kernels &K, cudaStream_t S, TestProgram &Prog,
              const std::string &Mode) {
  rt::Probe P = crumbProbe();
  P.crumb_every = 4;
  rt::RunScope Run(*Prog.P, S);
  tinyLaunches(K, Run, S, 5, 0, P);
  K.launchBad(S);
  Run.probe(1, rt::kAfter, nullptr, 0, P);
  tinyLaunches(K, Run, S, Mode == "ima-sparse" ? 2 : 0, 2, P);
  return 0;
}

/// Window crumbs (rules `breadcrumb: {window: 8}`), the windows closed
/// where the planner placed them: after sequence numbers 2 and 5.
/// 3 tiny, 4 the fault, 5 tiny_after (never written): the report
/// lists 3 to 5.
int imaWindow(Kernels &K, cudaStream_t S, TestProgram &Prog,
              const std::string &Mode) {
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
  return 0;
}

/// What a user runs after adding the rule an ima-sparse report gives
/// (exact-window, ordinals 0-2): sites 0 to 2 crumb after every
/// launch, the others (site 3 here) after every 4th. Sequence numbers
/// 1-6 site 3 (a crumb after 4), 7 site 0, 8 the fault, 9 and 10
/// site 2: the report names the one launch.
int imaSparseWindow(Kernels &K, cudaStream_t S, TestProgram &Prog,
                    const std::string &Mode) {
  rt::Probe Sparse = crumbProbe();
  Sparse.crumb_every = 4;
  rt::Probe Dense = crumbProbe();
  rt::RunScope Run(*Prog.P, S);
  tinyLaunches(K, Run, S, 6, 3, Sparse);
  tinyLaunches(K, Run, S, 1, 0, Dense);
  K.launchBad(S);
  Run.probe(1, rt::kAfter, nullptr, 0, Dense);
  tinyLaunches(K, Run, S, 2, 2, Dense);
  return 0;
}

/// Fault, then a sync probe
int imaSync(Kernels &K, cudaStream_t S, TestProgram &Prog,
            const std::string &Mode) {
  rt::RunScope Run(*Prog.P, S);
  K.launchTiny(S);
  Run.probe(0, rt::kAfter, nullptr, 0, crumbProbe(true));
  K.launchBad(S);
  Run.probe(1, rt::kAfter, nullptr, 0, crumbProbe(true));
  return 0;
}

/// A scenario: it runs on the test kernels, a stream, a Program whose
/// reports go to stderr; the mode's name.
using ModeFn = int (*)(Kernels &, cudaStream_t, TestProgram &,
                       const std::string &);
const std::map<std::string, ModeFn> &modes() {
  static const std::map<std::string, ModeFn> M = {
      {"ima-unwind", imaUnwind},
      {"ima-next-run", imaNextRun},
      {"ima-exit", imaExit},
      {"ima-hostfn", imaExit},
      {"ima-terminate", imaTerminate},
      {"ima-terminate-unloaded", imaTerminateUnloaded},
      {"ima-threads", imaThreads},
      {"ima-later-launches", imaLaterLaunches},
      {"ima-abort", imaAbort},
      {"ima-coredump", imaAbort},
      {"deferred-abort", deferredAbort},
      {"ima-print-deferred", imaPrintDeferred},
      {"ima-sparse", imaSparse},
      {"ima-sparse-open", imaSparse},
      {"ima-window", imaWindow},
      {"ima-sparse-window", imaSparseWindow},
      {"ima-sync", imaSync},
  };
  return M;
}

int ima(const std::string &Mode) {
  auto It = modes().find(Mode);
  if (It == modes().end()) {
    std::fprintf(stderr, "unknown mode %s\n", Mode.c_str());
    return 2;
  }

  Kernels K;
  cudaStream_t S;
  CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  TestProgram Prog(Mode, "", /*LogToFile=*/false); // report on stderr
  if (Mode == "ima-hostfn") { // as if the driver refused the memory op
    rt::detail::crumbArena().HostFnCause.store(CUDA_ERROR_NOT_SUPPORTED);
    rt::detail::crumbArena().UseHostFn.store(true);
  }
  try {
    int Rc = It->second(K, S, Prog, Mode);
    if (Rc)
      return Rc;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "caught: %s\n", E.what());
  }
  std::fflush(nullptr);
  return 0; // atexit handlers run
}

/// Run with CUDA_DISABLE_PTX_JIT=1 and CUDA_CACHE_DISABLE=1 (run_gpu_tests.sh;
/// the driver would take what an earlier run JIT-compiled from its cache),
/// as on a driver that cannot JIT the runtime's PTX: statistics and NaN checks
/// still come, from host copies, right; the runtime says why, once for the
/// process, over two Programs and two runs each.
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
  std::printf(
      "PASSES stats %llu nan %llu\n",
      static_cast<unsigned long long>(rt::detail::deviceStatsPassCount()),
      static_cast<unsigned long long>(rt::detail::deviceNanPassCount()));
  std::printf("DONE\n");
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: gpu_fault_driver MODE (fault_driver.cpp)\n");
    return 2;
  }
  const std::string Mode = Argv[1];
  try {
    return Mode == "no-jit" ? noJit() : ima(Mode);
  } catch (const std::exception &E) {
    std::printf("FAIL exception: %s\n", E.what());
    return 1;
  }
}
