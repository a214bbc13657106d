//===- aoti_rt/cuda_crumbs.h - CUDA: stream-ordered breadcrumbs ----*- C++ -*-===//
//
// The pinned, device-mapped breadcrumb arena, its slots per thread and
// stream lane, and the report of the last launch that completed.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CUDA_CRUMBS_H
#define AOTI_RT_CUDA_CRUMBS_H

#include "cpu_crash.h"
#include "cuda_api.h"
#include "cuda_stats.h"
#include "state.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
#if AOTI_RT_CUDA
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Stream-ordered breadcrumbs: one pinned, device-mapped allocation with a
/// slot per thread; after a matched launch the stream writes the launch's
/// sequence number into the slot, and a host-side ring remembers which site
/// each sequence number was.
constexpr int kCrumbSlots = 256;
constexpr int kCrumbRing = 1024;
constexpr int kCrumbStride = 16; ///< uint32 words per slot (64 bytes)
/// Streams per thread with their own slot (lane 0: run_impl's stream).
constexpr int kCrumbLanes = 8;

struct CrumbRecord {
  const Program *Prog;
  int Ordinal;
  int64_t Run;
  uint8_t Every; ///< the probe's crumb_every (crumbEnqueued)
};

/// Whether the launch with sequence number \p Seq has its crumb written
/// (Probe::crumb_every: after every Nth launch of the slot only).
inline bool crumbEnqueued(uint32_t Seq, unsigned Every) {
  return Every <= 1 || Seq % Every == 0;
}

struct CrumbSlot {
  std::mutex Mutex;
  int Lane = 0;
  const char *Stream = nullptr; ///< name of the lane's stream (Lane > 0)
  long Tid = 0;                   ///< the OS thread that writes the slot
  const void *StreamPtr = nullptr; ///< the stream of its last crumb
  uint32_t Enqueued = 0; ///< last sequence number enqueued
  uint32_t Reported = 0; ///< first-not-completed already reported
  CrumbRecord Ring[kCrumbRing];
};

struct CrumbArena {
  std::mutex Mutex;
  std::atomic<bool> Ready{false}; ///< Ok, readable without the Mutex
  bool Tried = false;
  bool Ok = false;
  std::string Why;
  volatile uint32_t *Host = nullptr;
  CUdeviceptr Dev = 0;
  /// The driver refused the stream memory operation (its error in
  /// HostFnCause): crumbs are host functions from then on, which cost a
  /// host-side callback per launch and serialize the stream with the host;
  /// the runtime warns once (RunScope::streamCrumb).
  std::atomic<bool> UseHostFn{false};
  std::atomic<int> HostFnCause{CUDA_SUCCESS};
  /// The first thread that wrote a crumb, and whether another did: reports
  /// then name the thread and stream of each launch in flight.
  std::atomic<long> FirstTid{0};
  std::atomic<bool> ManyThreads{false};
  std::atomic<int> NextSlot{0};
  std::atomic<CrumbSlot *> Slots[kCrumbSlots];
  CrumbArena() {
    for (auto &S : Slots)
      S.store(nullptr);
  }
};

inline CrumbArena &crumbArena() {
  static CrumbArena *A = new CrumbArena();
  return *A;
}

inline bool crumbArenaReady() {
  return crumbArena().Ready.load(std::memory_order_acquire);
}

inline void crumbAtExit();
inline void crumbAtTerminate();

/// std::terminate's handler before crumbAtTerminate was installed.
inline std::terminate_handler &crumbPrevTerminate() {
  static std::terminate_handler H = nullptr;
  return H;
}

/// Puts the previous terminate handler back when this runtime's code goes
/// away (its library is unloaded, or the process exits): a handler left
/// pointing into an unloaded model would crash the next std::terminate.
struct CrumbTerminateHook {
  ~CrumbTerminateHook() {
    if (std::get_terminate() == &crumbAtTerminate)
      std::set_terminate(crumbPrevTerminate());
  }
};

/// Allocates the breadcrumb page on first use.
inline bool crumbArenaInit(std::string &Why) {
  CrumbArena &A = crumbArena();
  if (A.Ready.load(std::memory_order_acquire))
    return true;
  std::lock_guard<std::mutex> Lock(A.Mutex);
  if (A.Tried) {
    Why = A.Why;
    return A.Ok;
  }
  A.Tried = true;
  RelaxedCaptureMode Relaxed;
  CUcontext Ctx = nullptr;
  if (cuCtxGetCurrent(&Ctx) != CUDA_SUCCESS || !Ctx)
    cudaFree(nullptr); // makes the current device's primary context current
  void *Host = nullptr;
  size_t Bytes = sizeof(uint32_t) * kCrumbSlots * kCrumbStride;
  CUresult R = cuMemHostAlloc(
      &Host, Bytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE);
  if (R != CUDA_SUCCESS) {
    A.Why = "cuMemHostAlloc: " + cuErrorText(R);
    Why = A.Why;
    return false;
  }
  std::memset(Host, 0, Bytes);
  R = cuMemHostGetDevicePointer(&A.Dev, Host, 0);
  if (R != CUDA_SUCCESS) {
    A.Why = "cuMemHostGetDevicePointer: " + cuErrorText(R);
    Why = A.Why;
    cuMemFreeHost(Host);
    return false;
  }
  A.Host = static_cast<volatile uint32_t *>(Host);
  A.Ok = true;
  std::atexit(&crumbAtExit);
  // A process that dies by std::terminate (a CUDA error thrown from a
  // destructor, as the caching allocator and AOTI's container do after a
  // sticky fault that the caller's own sync found) never reaches atexit:
  // report there too.
  crumbPrevTerminate() = std::set_terminate(&crumbAtTerminate);
  static CrumbTerminateHook Hook;
  (void)Hook;
  A.Ready.store(true, std::memory_order_release);
  return true;
}

inline int crumbSlotIndex() {
  thread_local int Index = -1;
  if (Index < 0)
    Index = crumbArena().NextSlot.fetch_add(1) % kCrumbSlots;
  return Index;
}

/// This thread's slots of lanes 1.. (lane 0 is crumbSlotIndex()): one per
/// stream, so that each stream's sequence numbers are its own.
inline int *crumbLaneSlots() {
  thread_local int Slots[kCrumbLanes] = {-1, -1, -1, -1, -1, -1, -1, -1};
  return Slots;
}

inline int crumbSlotIndex(int Lane) {
  if (Lane <= 0)
    return crumbSlotIndex();
  int &Index = crumbLaneSlots()[Lane < kCrumbLanes ? Lane : kCrumbLanes - 1];
  if (Index < 0)
    Index = crumbArena().NextSlot.fetch_add(1) % kCrumbSlots;
  return Index;
}

inline CrumbSlot &crumbSlot(int Index) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.Slots[Index].load();
  if (S)
    return *S;
  std::lock_guard<std::mutex> Lock(A.Mutex);
  S = A.Slots[Index].load();
  if (!S) {
    S = new CrumbSlot();
    A.Slots[Index].store(S);
  }
  return *S;
}

inline void crumbHostFn(void *Data) {
  uintptr_t V = reinterpret_cast<uintptr_t>(Data);
  CrumbArena &A = crumbArena();
  A.Host[(V >> 32) * kCrumbStride] = static_cast<uint32_t>(V & 0xffffffffu);
}

AOTI_RT_COLD_BEGIN // reports
/// The capture rule (captureHint) of the launch of breadcrumb \p Seq, the
/// one a report names; "" for one too far back.
inline std::string captureHint(const CrumbSlot &S, uint32_t Seq) {
  const CrumbRecord &R = S.Ring[Seq % kCrumbRing];
  if (S.Enqueued - Seq >= static_cast<uint32_t>(kCrumbRing) || !R.Prog)
    return "";
  return captureHint(*R.Prog, R.Ordinal);
}

/// What a report of sparse crumbs (the fault among launches Done + 1 to
/// Last, or after them when no crumb followed) adds: the rule that puts a
/// breadcrumb after each of them and after the last completed one (Done),
/// so that the fault, if it comes again there, is named exactly (or, if it
/// is after them, said to be after them). "" when a launch is unknown or
/// of another model (the rule's ordinals would not say which).
inline std::string exactWindowHint(const CrumbSlot &S, uint32_t Done,
                                   uint32_t Last) {
  std::vector<int> Ordinals;
  const Program *Prog = nullptr;
  for (uint32_t Seq = Done ? Done : 1; Seq <= Last; ++Seq) {
    const CrumbRecord &R = S.Ring[Seq % kCrumbRing];
    if (S.Enqueued - Seq >= static_cast<uint32_t>(kCrumbRing) || !R.Prog ||
        (Prog && R.Prog != Prog))
      return "";
    Prog = R.Prog;
    Ordinals.push_back(R.Ordinal);
  }
  std::string Rule = exactWindowRule(Ordinals);
  return Rule.empty() ? Rule
                      : "; to name it exactly if it comes again, add to the "
                        "rules: " +
                            Rule;
}

/// "first launch that did not complete: #2 ... in run 1; last completed: #1
/// ... in run 1" ("... one of #2 ..., #3 ... (one breadcrumb per 4
/// launches)", or "launches not known to have completed: ..." when the
/// crumbs are sparse), or "" when every breadcrumb of the slot was written.
/// Marks the report as given; Force repeats an earlier one. OnlyInFlight:
/// "" unless the slot has a launch not known to have completed.
inline std::string crumbReport(int Index, bool Force,
                               bool OnlyInFlight = false) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.Slots[Index].load();
  if (!S || !A.Host)
    return "";
  std::lock_guard<std::mutex> Lock(S->Mutex);
  uint32_t Done = A.Host[Index * kCrumbStride];
  uint32_t Enq = S->Enqueued;
  if (OnlyInFlight && Done >= Enq)
    return "";
  // One thread: lane 0 (run_impl's stream) reads as before, other streams
  // are named. Several threads: each report names its thread and stream.
  const char *Name = S->Lane > 0 ? orDefault(S->Stream, "?") : nullptr;
  std::string On;
  if (A.ManyThreads.load(std::memory_order_relaxed)) {
    char Buf[96];
    std::snprintf(Buf, sizeof Buf, "thread %ld, stream %p%s%s: ", S->Tid,
                  S->StreamPtr, Name ? " " : "", Name ? Name : "");
    On = Buf;
  } else if (Name) {
    On = "on " + std::string(Name) + ": ";
  }
  auto Describe = [&](uint32_t Seq) -> std::string {
    if (Seq == 0 || Enq - Seq >= static_cast<uint32_t>(kCrumbRing))
      return kReportTooFarBack;
    const CrumbRecord &R = S->Ring[Seq % kCrumbRing];
    if (!R.Prog)
      return kReportUnknown;
    return siteText(*R.Prog, R.Ordinal, findSite(*R.Prog, R.Ordinal)) +
           kReportInRun + std::to_string(static_cast<long long>(R.Run));
  };
  if (Done >= Enq) {
    if (!Force && S->Reported == Enq + 1)
      return "";
    S->Reported = Enq + 1;
    return On + kReportAllCompleted + Describe(Enq) + kReportAfterLast;
  }
  if (!Force && S->Reported == Done + 1)
    return "";
  S->Reported = Done + 1;
  // Sparse crumbs (Probe::crumb_every): the fault is in one of the launches
  // after the last crumb that arrived, up to the next crumb enqueued (it did
  // not arrive); when none was enqueued, those launches may all have
  // completed and the fault may be in work enqueued after them.
  uint32_t Last = Done + 1;
  auto Enqueued = [&](uint32_t Seq) {
    return crumbEnqueued(Seq, S->Ring[Seq % kCrumbRing].Every);
  };
  while (Last < Enq && Enq - Last < static_cast<uint32_t>(kCrumbRing) &&
         !Enqueued(Last))
    ++Last;
  const std::string Completed =
      kReportLastCompleted + (Done ? Describe(Done) : std::string(kReportNone));
  const bool Closed = Enqueued(Last);
  if (Enq - Done > static_cast<uint32_t>(kCrumbRing) ||
      (Last == Done + 1 && Closed))
    return On + kReportFirstIncomplete + Describe(Done + 1) + Completed +
           captureHint(*S, Done + 1);
  const std::string Per =
      kReportPer +
      std::to_string(unsigned(S->Ring[(Done + 1) % kCrumbRing].Every)) +
      kReportPerTail;
  constexpr uint32_t kListed = 8;
  std::string Among;
  for (uint32_t Seq = Done + 1; Seq <= Last && Seq - Done <= kListed; ++Seq)
    Among += (Seq == Done + 1 ? "" : ", ") + Describe(Seq);
  if (Last - Done > kListed)
    Among += kReportMoreHead + std::to_string(Last - Done - kListed) +
             kReportMoreThrough + Describe(Last) + ")";
  if (Closed)
    return On + kReportFirstIncomplete + kReportOneOf + Among + " (" + Per +
           ")" + Completed + exactWindowHint(*S, Done, Last);
  return On + kReportNotKnownCompleted + Among + " (" + Per + kReportNoneAfter +
         ")" + Completed + exactWindowHint(*S, Done, Last);
}

AOTI_RT_COLD_END

/// Enqueues the breadcrumb of a launch (the arena is ready: the caller's
/// crumbArenaInit succeeded). False (with the error) when the stream
/// already failed.
inline bool crumbWrite(const Program &P, int Ordinal, int64_t Run,
                       cudaStream_t Stream, int Lane, const char *StreamName,
                       int Every, std::string &Err) {
  CrumbArena &A = crumbArena();
  int Index = crumbSlotIndex(Lane);
  CrumbSlot &S = crumbSlot(Index);
  uint32_t Seq;
  bool Write;
  {
    std::lock_guard<std::mutex> Lock(S.Mutex);
    if (Lane > 0 && !S.Stream) {
      S.Lane = Lane;
      S.Stream = StreamName;
    }
    if (!S.Tid) {
      S.Tid = static_cast<long>(::syscall(SYS_gettid));
      long First = 0;
      if (!A.FirstTid.compare_exchange_strong(First, S.Tid) &&
          First != S.Tid)
        A.ManyThreads.store(true, std::memory_order_relaxed);
    }
    S.StreamPtr = Stream;
    Seq = ++S.Enqueued;
    Write = crumbEnqueued(Seq, static_cast<unsigned>(Every));
    S.Ring[Seq % kCrumbRing] =
        CrumbRecord{&P, Ordinal, Run, static_cast<uint8_t>(Every)};
  }
  if (!Write)
    return true;
  if (!A.UseHostFn.load()) {
    CUresult R = cuStreamWriteValue32(
        reinterpret_cast<CUstream>(Stream),
        A.Dev + sizeof(uint32_t) * static_cast<CUdeviceptr>(Index) *
                    kCrumbStride,
        Seq, CU_STREAM_WRITE_VALUE_DEFAULT);
    if (R == CUDA_SUCCESS)
      return true;
    if (R != CUDA_ERROR_NOT_SUPPORTED && R != CUDA_ERROR_INVALID_VALUE) {
      Err = cuErrorText(R);
      return false;
    }
    A.HostFnCause.store(R);
    A.UseHostFn.store(true);
  }
  uintptr_t Data = (static_cast<uintptr_t>(Index) << 32) | Seq;
  cudaError_t E = cudaLaunchHostFunc(Stream, &crumbHostFn,
                                     reinterpret_cast<void *>(Data));
  if (E != cudaSuccess) {
    Err = cudaErrorText(E);
    return false;
  }
  return true;
}

AOTI_RT_COLD_BEGIN // reports
/// The breadcrumb reports of this thread's streams, run_impl's first, "; "
/// between them ("" when none has anything to say); then, when other
/// threads wrote crumbs, the launches in flight on their streams (a sticky
/// fault stops every stream of the context: which of the launches in
/// flight faulted, the crumbs cannot tell).
inline std::string crumbReportsOfThread(bool Force) {
  std::string Out = crumbReport(crumbSlotIndex(), Force);
  const int *Lanes = crumbLaneSlots();
  for (int L = 1; L < kCrumbLanes; ++L) {
    if (Lanes[L] < 0)
      continue;
    std::string R = crumbReport(Lanes[L], Force);
    if (!R.empty())
      Out += (Out.empty() ? "" : "; ") + R;
  }
  CrumbArena &A = crumbArena();
  if (!A.ManyThreads.load(std::memory_order_relaxed))
    return Out;
  auto Mine = [&](int I) {
    return I == crumbSlotIndex() || std::find(Lanes + 1, Lanes + kCrumbLanes,
                                              I) != Lanes + kCrumbLanes;
  };
  std::string Others;
  for (int I = 0; I < kCrumbSlots; ++I) {
    if (!A.Slots[I].load() || Mine(I))
      continue;
    std::string R = crumbReport(I, /*Force=*/false, /*OnlyInFlight=*/true);
    if (!R.empty())
      Others += (Others.empty() ? "" : "; ") + R;
  }
  if (!Others.empty())
    Out +=
        (Out.empty() ? "" : "; ") + std::string(kReportOtherThreads) + Others;
  return Out;
}

inline void reportCudaFailure(ProgramState *S, const std::string &Error,
                              const char *When, int64_t Run) {
  std::string Crumbs = crumbReportsOfThread(false);
  if (Crumbs.empty())
    return;
  std::string Line = kReportCudaError + Error + "' (" + When + "): " + Crumbs;
  JsonObj J;
  J.str("event", "cuda_error").num("run", Run).str("error", Error);
  J.str("when", When).str("message", Line);
  if (S) {
    emit(*S, Line, J.done());
  } else {
    std::lock_guard<std::mutex> Lock(global().OutMutex);
    std::fprintf(stderr, "%s\n", Line.c_str());
    std::fflush(stderr);
  }
}

/// The end of the process (\p When: "at process exit", "at
/// std::terminate"): with the device holding error \p E, each slot's first
/// launch that never completed is reported, once per process whichever end
/// comes first.
inline void crumbReportAtEnd(cudaError_t E, const char *When) {
  CrumbArena &A = crumbArena();
  static std::atomic<bool> Done{false};
  if (!A.Ok || E == cudaSuccess || E == cudaErrorNotReady ||
      E == cudaErrorCudartUnloading || E == cudaErrorInitializationError ||
      E == cudaErrorNoDevice || Done.exchange(true))
    return;
  // Report on every sink that some Program uses, once per line.
  Global &G = global();
  std::vector<ProgramState *> States;
  {
    std::lock_guard<std::mutex> Lock(G.Mutex);
    States = G.States;
  }
  for (int I = 0; I < kCrumbSlots; ++I) {
    if (!A.Slots[I].load())
      continue;
    std::string Crumbs = crumbReport(I, false);
    if (Crumbs.empty())
      continue;
    std::string Line =
        kReportCudaError + cudaErrorText(E) + "' (" + When + "): " + Crumbs;
    ProgramState *Target = nullptr;
    for (ProgramState *S : States)
      if (!S->Disabled)
        Target = S;
    JsonObj J;
    J.str("event", "cuda_error").str("error", cudaErrorText(E));
    J.str("when", When).str("message", Line);
    if (Target) {
      emit(*Target, Line, J.done());
    } else {
      std::fprintf(stderr, "%s\n", Line.c_str());
      std::fflush(stderr);
    }
  }
}

/// Process exit: a launch that never completed is reported if the device
/// holds an error.
inline void crumbAtExit() {
  if (crumbArena().Ok)
    crumbReportAtEnd(cudaDeviceSynchronize(), "at process exit");
}

/// std::terminate: the same report, from a query that does not wait (the
/// work in flight may never end), then the previous handler.
inline void crumbAtTerminate() {
  try {
    if (crumbArena().Ok)
      crumbReportAtEnd(cudaStreamQuery(nullptr), "at std::terminate");
  } catch (...) {
  }
  // The previous handler may be another instrumented model's, whose library
  // was unloaded since (its hook cannot take itself out of the chain this
  // runtime holds): called only while its code is mapped.
  std::terminate_handler Prev = crumbPrevTerminate();
  void *Code = nullptr;
  std::memcpy(&Code, &Prev, sizeof Code);
  Dl_info Info;
  if (Prev && Prev != &crumbAtTerminate && dladdr(Code, &Info) != 0)
    Prev();
  std::abort();
}

AOTI_RT_COLD_END

inline bool streamCapturing(void *Stream) {
  cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(static_cast<cudaStream_t>(Stream), &Status) !=
      cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return Status != cudaStreamCaptureStatusNone;
}

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_CUDA
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_CUDA_CRUMBS_H
