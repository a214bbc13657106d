//===- aoti_rt/cuda_crumbs.h - CUDA: stream-ordered crumbs ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pinned, device-mapped breadcrumb arena, its slots per thread and
// stream lane, and the report of the last launch that completed.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CUDA_CRUMBS_H
#define AOTI_RT_CUDA_CRUMBS_H

#include "coredump.h"
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

/// How a probe's crumb is written (Probe::crumb_every, crumb_window,
/// crumb_close).
struct CrumbPolicy {
  uint8_t Every = 1;
  bool Window = false;
  bool Close = false;
};

inline CrumbPolicy crumbPolicy(const Probe &Pr) {
  return CrumbPolicy{Pr.crumb_every, Pr.crumb_window, Pr.crumb_close};
}

struct CrumbRecord {
  const Program *Prog;
  int Ordinal;
  int64_t Run;
  uint8_t Every; ///< the probe's crumb_every
  bool Window;   ///< Every is a window's most launches (crumb_window)
  bool Written;  ///< its crumb was written (crumbWritten)
};

/// Whether the launch with sequence number \p Seq, in a slot whose last
/// crumb written is \p LastWritten, has its crumb written: after each
/// launch, after every Nth of the slot (Seq % N), or where a window closes
/// (the planner's crumb_close, or N launches since the last crumb).
inline bool crumbWritten(uint32_t Seq, uint32_t LastWritten,
                         const CrumbPolicy &P) {
  if (P.Every <= 1)
    return true;
  if (P.Window)
    return P.Close || Seq - LastWritten >= P.Every;
  return Seq % P.Every == 0;
}

/// A launch recorded in a slot: its sequence number, and whether its crumb
/// is to be written.
struct CrumbNoted {
  uint32_t Seq;
  bool Written;
};

/// One thread's crumbs on one stream. Its thread writes it without a lock
/// (crumbNote: a record, then Enqueued, released) unless the slot is
/// Shared; the reports, which may come from any thread, take Mutex among
/// themselves and read the records up to Enqueued. A report from another
/// thread while the owner enqueues, like a fatal signal's, can at worst
/// misname the launch being recorded if the owner laps the ring meanwhile.
struct CrumbSlot {
  std::mutex Mutex;
  /// More threads (or streams) than slots: another one writes here too, and
  /// every writer takes Mutex (claimCrumbSlot).
  std::atomic<bool> Shared{false};
  int Lane = 0;
  const char *Stream = nullptr;      ///< name of the lane's stream (Lane > 0)
  long Tid = 0;                      ///< the OS thread that writes the slot
  const void *StreamPtr = nullptr;   ///< the stream of its last crumb
  std::atomic<uint32_t> Enqueued{0}; ///< last sequence number enqueued
  uint32_t LastWritten = 0;          ///< the last one whose crumb was written
  uint32_t Reported = 0;             ///< first-not-completed already reported
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

inline CrumbSlot &crumbSlot(int Index);

/// A slot for a new thread or stream lane: the next one, shared with an
/// earlier thread's once all are taken.
inline int claimCrumbSlot() {
  int N = crumbArena().NextSlot.fetch_add(1);
  int Index = N % kCrumbSlots;
  if (N >= kCrumbSlots)
    crumbSlot(Index).Shared.store(true);
  return Index;
}

inline int crumbSlotIndex() {
  thread_local int Index = -1;
  if (Index < 0)
    Index = claimCrumbSlot();
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
    Index = claimCrumbSlot();
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
/// A slot as a report reads it: the last sequence number that completed
/// (Done, from the mapped page) and the last enqueued (Enq), each read once.
struct CrumbView {
  const CrumbSlot &S;
  uint32_t Done, Enq;
  /// The ring still holds breadcrumb \p Seq.
  bool known(uint32_t Seq) const {
    return Enq - Seq < static_cast<uint32_t>(kCrumbRing);
  }
  const CrumbRecord &at(uint32_t Seq) const { return S.Ring[Seq % kCrumbRing]; }
  /// The launch of breadcrumb \p Seq had its crumb written.
  bool written(uint32_t Seq) const { return at(Seq).Written; }
};

/// "#2 k (wrapper.cpp:1002, source nodes [gather]) in run 1": the launch of
/// breadcrumb \p Seq.
template <class Sink>
void writeCrumbLaunch(Sink &Out, const CrumbView &V, uint32_t Seq) {
  if (Seq == 0 || !V.known(Seq)) {
    Out.add(kReportTooFarBack);
    return;
  }
  const CrumbRecord &R = V.at(Seq);
  if (!R.Prog) {
    Out.add(kReportUnknown);
    return;
  }
  writeSiteText(Out, *R.Prog, R.Ordinal, findSite(*R.Prog, R.Ordinal));
  Out.add(kReportInRun);
  writeInt(Out, R.Run);
}

/// The capture rule (writeCaptureHint) of the launch of breadcrumb \p Seq,
/// the one a report names; nothing for one too far back.
template <class Sink>
void writeCrumbCaptureHint(Sink &Out, const CrumbView &V, uint32_t Seq) {
  const CrumbRecord &R = V.at(Seq);
  if (V.known(Seq) && R.Prog)
    writeCaptureHint(Out, *R.Prog, R.Ordinal);
}

/// What a report of sparse crumbs (the fault among launches Done + 1 to
/// Last, or after them when no crumb followed) adds: the rule that puts a
/// breadcrumb after each of them and after the last completed one (Done),
/// so that the fault, if it comes again there, is named exactly (or, if it
/// is after them, said to be after them). Nothing when a launch is unknown
/// or of another model (the rule's ordinals would not say which).
template <class Sink>
void writeExactWindowHint(Sink &Out, const CrumbView &V, uint32_t Last) {
  int Ordinals[kCrumbRing]; // no allocation: a signal handler calls it too
  size_t N = 0;
  const Program *Prog = nullptr;
  for (uint32_t Seq = V.Done ? V.Done : 1; Seq <= Last; ++Seq) {
    const CrumbRecord &R = V.at(Seq);
    if (!V.known(Seq) || !R.Prog || (Prog && R.Prog != Prog) || N == kCrumbRing)
      return;
    Prog = R.Prog;
    Ordinals[N++] = R.Ordinal;
  }
  N = sortOrdinals(Ordinals, N);
  if (!N)
    return;
  Out.add("; to name it exactly if it comes again, add to the rules: ");
  writeExactWindowRule(Out, Ordinals, N);
}

/// "; last completed: #1 ... in run 1" ("none" before the first).
template <class Sink> void writeLastCompleted(Sink &Out, const CrumbView &V) {
  Out.add(kReportLastCompleted);
  if (V.Done)
    writeCrumbLaunch(Out, V, V.Done);
  else
    Out.add(kReportNone);
}

/// The launches after the last completed one, through breadcrumb \p Last:
/// the first 8, then how many more.
template <class Sink>
void writeCrumbWindow(Sink &Out, const CrumbView &V, uint32_t Last) {
  constexpr uint32_t kListed = 8;
  for (uint32_t Seq = V.Done + 1; Seq <= Last && Seq - V.Done <= kListed;
       ++Seq) {
    if (Seq != V.Done + 1)
      Out.add(", ");
    writeCrumbLaunch(Out, V, Seq);
  }
  if (Last - V.Done <= kListed)
    return;
  Out.add(kReportMoreHead);
  writeUInt(Out, Last - V.Done - kListed);
  Out.add(kReportMoreThrough);
  writeCrumbLaunch(Out, V, Last);
  Out.add(')');
}

/// "one breadcrumb per 4 launches", or a window's "breadcrumbs at most 8
/// launches apart, no Triton kernel twice between two": how sparse the
/// crumbs of \p R's launch were.
template <class Sink> void writeCrumbSpacing(Sink &Out, const CrumbRecord &R) {
  Out.add(R.Window ? kReportWindow : kReportPer);
  writeUInt(Out, R.Every);
  Out.add(R.Window ? kReportWindowTail : kReportPerTail);
}

/// The report of a slot with launches not known to have completed (Done <
/// Enq): the first launch that did not complete, or with sparse crumbs
/// (Probe::crumb_every) the launches after the last crumb that arrived up
/// to the next crumb enqueued (it did not arrive: the fault is among them);
/// when none was enqueued, those launches may all have completed and the
/// fault may be in work enqueued after them.
template <class Sink> void writeCrumbsInFlight(Sink &Out, const CrumbView &V) {
  uint32_t Last = V.Done + 1;
  while (Last < V.Enq && V.known(Last) && !V.written(Last))
    ++Last;
  const bool Closed = V.written(Last);
  if (V.Enq - V.Done > static_cast<uint32_t>(kCrumbRing) ||
      (Last == V.Done + 1 && Closed)) {
    Out.add(kReportFirstIncomplete);
    writeCrumbLaunch(Out, V, V.Done + 1);
    writeLastCompleted(Out, V);
    writeCrumbCaptureHint(Out, V, V.Done + 1);
    return;
  }
  if (Closed) {
    Out.add(kReportFirstIncomplete);
    Out.add(kReportOneOf);
  } else {
    Out.add(kReportNotKnownCompleted);
  }
  writeCrumbWindow(Out, V, Last);
  Out.add(" (");
  writeCrumbSpacing(Out, V.at(V.Done + 1));
  if (!Closed)
    Out.add(kReportNoneAfter);
  Out.add(')');
  writeLastCompleted(Out, V);
  writeExactWindowHint(Out, V, Last);
}

/// "first launch that did not complete: #2 ... in run 1; last completed: #1
/// ... in run 1" ("... one of #2 ..., #3 ... (one breadcrumb per 4
/// launches)", or "launches not known to have completed: ..." when the
/// crumbs are sparse), or "every instrumented launch completed, ...": the
/// text of slot \p V's report, led by its thread and stream when several
/// threads wrote crumbs (\p ManyThreads) or it is not lane 0. The one text
/// of both the normal reports (crumbReport) and a fatal signal's
/// (crumbReportOnSignal).
template <class Sink>
void writeCrumbReport(Sink &Out, const CrumbView &V, bool ManyThreads) {
  const char *Name = V.S.Lane > 0 ? orDefault(V.S.Stream, "?") : nullptr;
  if (ManyThreads) {
    Out.add("thread ");
    writeInt(Out, V.S.Tid);
    Out.add(", stream ");
    writePointer(Out, V.S.StreamPtr);
    if (Name) {
      Out.add(' ');
      Out.add(Name);
    }
    Out.add(": ");
  } else if (Name) {
    Out.add("on ");
    Out.add(Name);
    Out.add(": ");
  }
  if (V.Done < V.Enq) {
    writeCrumbsInFlight(Out, V);
    return;
  }
  Out.add(kReportAllCompleted);
  writeCrumbLaunch(Out, V, V.Enq);
  Out.add(kReportAfterLast);
}

/// What CrumbSlot::Reported holds once slot \p V's report was given.
inline uint32_t crumbReportMark(const CrumbView &V) {
  return V.Done >= V.Enq ? V.Enq + 1 : V.Done + 1;
}

/// The report of slot \p Index (writeCrumbReport); "" when it was given
/// already (Force repeats it) or the slot has none. Marks it as given.
/// OnlyInFlight: "" unless the slot has a launch not known to have
/// completed.
inline std::string crumbReport(int Index, bool Force,
                               bool OnlyInFlight = false) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.Slots[Index].load();
  if (!S || !A.Host)
    return "";
  std::lock_guard<std::mutex> Lock(S->Mutex);
  const CrumbView V{*S, A.Host[Index * kCrumbStride],
                    S->Enqueued.load(std::memory_order_acquire)};
  if ((OnlyInFlight && V.Done >= V.Enq) ||
      (!Force && S->Reported == crumbReportMark(V)))
    return "";
  S->Reported = crumbReportMark(V);
  std::string Text;
  StringSink Out{Text};
  writeCrumbReport(Out, V, A.ManyThreads.load(std::memory_order_relaxed));
  return Text;
}

/// crumbReport for a fatal signal's handler (fatal_signal.h): the report
/// of slot \p Index into \p Out, with no lock and no allocation, when the
/// slot has a launch not known to have completed that no report named
/// yet (the normal path's crumbReport, and crumbReportAtEnd before the
/// std::abort of std::terminate, mark what they gave); false, with nothing
/// written, otherwise. \p Prog: the model of the first launch named.
/// The slot and its ring are read without the slot's mutex, while another
/// thread may be enqueueing a crumb: the process is dying, and a record
/// torn by that race can at worst misname one launch of that thread.
template <class Sink>
bool crumbReportOnSignal(Sink &Out, int Index, const Program *&Prog) {
  CrumbArena &A = crumbArena();
  CrumbSlot *S = A.Slots[Index].load();
  if (!S || !A.Host)
    return false;
  const CrumbView V{*S, A.Host[Index * kCrumbStride],
                    S->Enqueued.load(std::memory_order_acquire)};
  if (V.Done >= V.Enq || S->Reported == crumbReportMark(V))
    return false;
  S->Reported = crumbReportMark(V);
  Prog = V.at(V.Done + 1).Prog;
  writeCrumbReport(Out, V, A.ManyThreads.load(std::memory_order_relaxed));
  return true;
}

/// "[aoti-instrument] CUDA error 'E' (When): ", the head of the breadcrumb
/// reports at the end of a run or of the process.
template <class Sink>
void writeCudaErrorHead(Sink &Out, const char *Error, const char *When) {
  Out.add(kReportCudaError);
  Out.add(Error);
  Out.add("' (");
  Out.add(When);
  Out.add("): ");
}

/// Such a report's JSON event, \p Members (`"name":value,` each) first:
/// {"event":"cuda_error","run":R,"error":E,"when":W,"message":M}, without
/// "run" when \p Run is -1 (a report at the end of the process).
template <class Sink>
void writeCudaErrorJson(Sink &Out, const char *Members, int64_t Run,
                        const char *Error, const char *When,
                        const char *Message) {
  Out.add('{');
  Out.add(Members);
  bool First = true;
  writeJsonKey(Out, First, "event");
  writeJsonString(Out, "cuda_error");
  if (Run >= 0) {
    writeJsonKey(Out, First, "run");
    writeInt(Out, Run);
  }
  writeJsonKey(Out, First, "error");
  writeJsonString(Out, Error);
  writeJsonKey(Out, First, "when");
  writeJsonString(Out, When);
  writeJsonKey(Out, First, "message");
  writeJsonString(Out, Message);
  Out.add('}');
}

/// One breadcrumb report at the end of a run or of the process: its line
/// and its JSON event.
inline void cudaErrorEvent(const std::string &Error, const char *When,
                           int64_t Run, const std::string &Crumbs,
                           std::string &Line, std::string &Json) {
  StringSink LineOut{Line};
  writeCudaErrorHead(LineOut, Error.c_str(), When);
  Line += Crumbs;
  StringSink JsonOut{Json};
  writeCudaErrorJson(JsonOut, "", Run, Error.c_str(), When, Line.c_str());
}

AOTI_RT_COLD_END

/// Records the launch of \p P's \p Ordinal in slot \p S (at its first
/// crumb, the thread and the stream lane too), and whether its crumb is
/// written (\p Pol).
inline CrumbNoted crumbRecord(CrumbSlot &S, const Program &P, int Ordinal,
                              int64_t Run, cudaStream_t Stream, int Lane,
                              const char *StreamName, const CrumbPolicy &Pol) {
  if (!S.Tid) {
    CrumbArena &A = crumbArena();
    if (Lane > 0 && !S.Stream) {
      S.Lane = Lane;
      S.Stream = StreamName;
    }
    S.Tid = static_cast<long>(::syscall(SYS_gettid));
    long First = 0;
    if (!A.FirstTid.compare_exchange_strong(First, S.Tid) && First != S.Tid)
      A.ManyThreads.store(true, std::memory_order_relaxed);
  }
  S.StreamPtr = Stream;
  const uint32_t Seq = S.Enqueued.load(std::memory_order_relaxed) + 1;
  const bool Written = crumbWritten(Seq, S.LastWritten, Pol);
  if (Written)
    S.LastWritten = Seq;
  S.Ring[Seq % kCrumbRing] =
      CrumbRecord{&P, Ordinal, Run, Pol.Every, Pol.Window, Written};
  S.Enqueued.store(Seq, std::memory_order_release);
  return CrumbNoted{Seq, Written};
}

/// Records the launch in slot \p S (crumbRecord): without a lock by its own
/// thread, under the slot's mutex while the slot is not owned yet or is
/// Shared.
inline CrumbNoted crumbNote(CrumbSlot &S, const Program &P, int Ordinal,
                            int64_t Run, cudaStream_t Stream, int Lane,
                            const char *StreamName, const CrumbPolicy &Pol) {
  if (!S.Tid || S.Shared.load(std::memory_order_relaxed)) {
    std::lock_guard<std::mutex> Lock(S.Mutex);
    return crumbRecord(S, P, Ordinal, Run, Stream, Lane, StreamName, Pol);
  }
  return crumbRecord(S, P, Ordinal, Run, Stream, Lane, StreamName, Pol);
}

/// Writes breadcrumb \p Seq into slot \p Index in \p Stream's order (the
/// arena is ready: the caller's crumbArenaInit succeeded): one stream
/// memory operation, or a host function where the driver refuses those.
/// False (with the error) when the stream already failed.
inline bool crumbStreamWrite(int Index, uint32_t Seq, cudaStream_t Stream,
                             std::string &Err) {
  CrumbArena &A = crumbArena();
  if (!A.UseHostFn.load()) {
    CUresult R = cuStreamWriteValue32(
        reinterpret_cast<CUstream>(Stream),
        A.Dev +
            sizeof(uint32_t) * static_cast<CUdeviceptr>(Index) * kCrumbStride,
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
  cudaError_t E =
      cudaLaunchHostFunc(Stream, &crumbHostFn, reinterpret_cast<void *>(Data));
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
    return I == crumbSlotIndex() ||
           std::find(Lanes + 1, Lanes + kCrumbLanes, I) != Lanes + kCrumbLanes;
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
  std::string Line, Json;
  cudaErrorEvent(Error, When, Run, Crumbs, Line, Json);
  if (S) {
    emit(*S, Line, Json);
  } else {
    std::lock_guard<std::mutex> Lock(global().OutMutex);
    std::fprintf(stderr, "%s\n", Line.c_str());
    std::fflush(stderr);
  }
}

/// The end of the process (\p When: "at process exit", "at
/// std::terminate"): with the device holding error \p E, each slot's first
/// launch that never completed is reported, once per process whichever end
/// comes first; then, with the core dump armed, the dump is given time to
/// be written (waitForCoreDump).
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
    std::string Line, Json;
    cudaErrorEvent(cudaErrorText(E), When, -1, Crumbs, Line, Json);
    ProgramState *Target = nullptr;
    for (ProgramState *S : States)
      if (!S->Disabled)
        Target = S;
    if (Target) {
      emit(*Target, Line, Json);
    } else {
      std::fprintf(stderr, "%s\n", Line.c_str());
      std::fflush(stderr);
    }
  }
  waitForCoreDump(E);
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
