//===- scripts/bench/hostprof.cpp - a sampling profiler of host time ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where the host time of a forward goes, on a machine with neither perf nor
// gdb (the GPU machine): preloaded into a process, it samples the main
// thread's call stack on SIGPROF every HOSTPROF_US microseconds of wall time
// (1000 by default; a CPU-time timer only ticks at the kernel's HZ), waits
// in the driver included, and writes the raw return addresses and
// /proc/self/maps to HOSTPROF_OUT. scripts/bench/hostprof.py turns them into
// self and inclusive time per function, from the modules' symbol tables.
//
//   g++ -O2 -shared -fPIC scripts/bench/hostprof.cpp -o hostprof.so
//   HOSTPROF_OUT=/tmp/p.raw LD_PRELOAD=./hostprof.so python3 ...
//   python3 scripts/bench/hostprof.py /tmp/p.raw
//
// Samples start when the process starts; HOSTPROF_START_FILE, when set,
// holds them off until that file exists (the program creates it when its
// timed loop begins). HOSTPROF_OUT is written when the program calls
// hostprof_write() (ctypes), which it must do while the modules it wants
// named are still on disk (torch deletes a package's extracted .so when the
// package is released); otherwise at exit, as HOSTPROF_OUT.PID (the
// processes the program starts inherit the preload). The timer is a POSIX
// timer, which exec deletes: an ITIMER_PROF would outlive exec and kill the
// new image before its handler is installed.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <csetjmp>
#include <execinfo.h>
#include <ucontext.h>
#include <sys/stat.h>
#include <ctime>
#include <string>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

constexpr int kDepth = 32;
constexpr int kMaxSamples = 1 << 18;

struct Sample {
  int depth;
  void *pcs[kDepth];
};

Sample *Samples = nullptr;
std::atomic<int> Taken{0};
std::atomic<bool> Started{false};
const char *StartFile = nullptr;
timer_t Timer;
bool Armed = false;

// The unwinder can fault on code with broken or missing unwind tables (seen
// once in 3,000 forwards of an instrumented model): while it runs, SIGSEGV
// and SIGBUS jump back here, and the sample keeps its first frame only.
sigjmp_buf UnwindJmp;
void onUnwindFault(int) { siglongjmp(UnwindJmp, 1); }

void onProf(int, siginfo_t *, void *Ctx) {
  int Saved = errno;
  if (!Started.load(std::memory_order_relaxed)) {
    struct stat St;
    if (!StartFile || ::stat(StartFile, &St) != 0) {
      errno = Saved;
      return;
    }
    Started.store(true);
  }
  int I = Taken.fetch_add(1, std::memory_order_relaxed);
  if (I >= kMaxSamples) {
    errno = Saved;
    return;
  }
  Sample &S = Samples[I];
  // Frame 0: the interrupted instruction (the unwinder's first two frames
  // are this handler and the signal trampoline; hostprof.py skips them).
  void *Pc = reinterpret_cast<void *>(
      static_cast<ucontext_t *>(Ctx)->uc_mcontext.gregs[REG_RIP]);
  S.pcs[0] = S.pcs[1] = nullptr;
  S.pcs[2] = Pc;
  S.depth = 3;
  struct sigaction Guard = {}, OldSegv, OldBus;
  Guard.sa_handler = onUnwindFault;
  Guard.sa_flags = SA_NODEFER;
  sigemptyset(&Guard.sa_mask);
  sigaction(SIGSEGV, &Guard, &OldSegv);
  sigaction(SIGBUS, &Guard, &OldBus);
  if (sigsetjmp(UnwindJmp, 1) == 0) {
    void *Pcs[kDepth];
    int D = backtrace(Pcs, kDepth);
    if (D > 2 && Pcs[2] == Pc) { // the unwinder agrees on the first frame
      std::memcpy(S.pcs, Pcs, sizeof(void *) * D);
      S.depth = D;
    }
  }
  sigaction(SIGSEGV, &OldSegv, nullptr);
  sigaction(SIGBUS, &OldBus, nullptr);
  errno = Saved;
}

void writeOut(bool AtExit) {
  static std::atomic<bool> Done{false};
  const char *Env = std::getenv("HOSTPROF_OUT");
  if (!Env || !Samples || Done.exchange(true))
    return;
  if (Armed)
    timer_delete(Timer);
  std::string Out = Env;
  if (AtExit)
    Out += "." + std::to_string(static_cast<long>(getpid()));
  FILE *F = std::fopen(Out.c_str(), "w");
  if (!F)
    return;
  int N = Taken.load();
  if (N > kMaxSamples)
    N = kMaxSamples;
  std::fprintf(F, "samples %d\n", N);
  for (int I = 0; I < N; ++I) {
    for (int J = 0; J < Samples[I].depth; ++J)
      std::fprintf(F, "%s%lx", J ? " " : "",
                   reinterpret_cast<unsigned long>(Samples[I].pcs[J]));
    std::fputc('\n', F);
  }
  std::fprintf(F, "maps\n");
  if (FILE *M = std::fopen("/proc/self/maps", "r")) {
    char Line[4096];
    while (std::fgets(Line, sizeof(Line), M))
      std::fputs(Line, F);
    std::fclose(M);
  }
  std::fclose(F);
}

struct Init {
  Init() {
    if (!std::getenv("HOSTPROF_OUT"))
      return;
    StartFile = std::getenv("HOSTPROF_START_FILE");
    Started = StartFile == nullptr;
    Samples = static_cast<Sample *>(std::calloc(kMaxSamples, sizeof(Sample)));
    void *Warm[4];
    backtrace(Warm, 4); // loads libgcc's unwinder outside the handler
    struct sigaction Sa = {};
    Sa.sa_sigaction = onProf;
    Sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&Sa.sa_mask);
    sigaction(SIGPROF, &Sa, nullptr);
    long Us = 1000;
    if (const char *E = std::getenv("HOSTPROF_US"))
      Us = std::atol(E) > 0 ? std::atol(E) : Us;
    struct sigevent Ev = {};
    Ev.sigev_notify = SIGEV_THREAD_ID; // the main thread: it runs the loop
    Ev.sigev_signo = SIGPROF;
    Ev._sigev_un._tid = static_cast<pid_t>(::syscall(SYS_gettid));
    if (timer_create(CLOCK_MONOTONIC, &Ev, &Timer) != 0)
      return;
    Armed = true;
    struct itimerspec T = {};
    T.it_interval.tv_sec = Us / 1000000;
    T.it_interval.tv_nsec = (Us % 1000000) * 1000;
    T.it_value = T.it_interval;
    timer_settime(Timer, 0, &T, nullptr);
  }
  ~Init() { writeOut(/*AtExit=*/true); }
} TheInit;

} // namespace

extern "C" __attribute__((visibility("default"))) void hostprof_write() {
  writeOut(/*AtExit=*/false);
}
