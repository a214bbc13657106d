//===- aoti_rt/run_scope.h - The API the wrapper calls ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything an instrumented wrapper sees: the includes, the ABI (abi.h),
// and RunScope, whose hot inline path is all the wrapper compiles when the
// definitions are compiled apart (AOTI_RT_SEPARATE).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_H
#define AOTI_RT_RUN_SCOPE_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "abi.h"
#include "watch_cell.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

AOTI_RT_NAMESPACE_BEGIN

namespace detail {
struct ProgramState;
struct ProbeCtx;
struct DeferredRun;
struct BufferRun;
struct RedzonedBuffer;
struct ZonePool;
struct TensorMeta;
struct RuntimeKernels;
struct CountPlan;
struct TraceStep;
struct TraceWork;
struct CrumbSlot;
struct CpuCrumb;
} // namespace detail

namespace detail {
template <class... P> struct CapturedCall;
} // namespace detail

/// One call of run_impl (or _const_run_impl). Declared as the first
/// statement of the instrumented function body.
class RunScope {
public:
  /// \p Outputs (\p NumOutputs of them): run_impl's output handles, read
  /// when the scope ends (the outputs are set by then), so that redzoned
  /// storage an output holds is not kept for the next run (ZonePool).
  RunScope(const Program &P, void *Stream, AtenTensorHandle *Outputs = nullptr,
           size_t NumOutputs = 0);
  ~RunScope();
  RunScope(const RunScope &) = delete;
  RunScope &operator=(const RunScope &) = delete;

  /// Instrumentation is enabled and this call is selected.
  bool observing() const { return Observing; }
  /// Runs \p Pr for the launch whose ordinal is \p Site in \p Ph on
  /// \p Tensors: print, NaN check, save, sync, breadcrumb, in that order.
  void probe(int Site, Phase Ph, const TensorRef *Tensors, int N,
             const Probe &Pr) {
    LastSite = Site;
    LastPhase = Ph;
    watchStep(Site, Ph);
    probeOn(Site, Ph, Tensors, N, Pr, StreamPtr, 0);
  }
  /// The same for a launch on another stream than run_impl's (multi-stream
  /// AOTI): syncs, statistics and breadcrumbs go on \p Stream; \p Lane
  /// (1 to kCrumbLanes - 1; the analysis's stream lane) selects the
  /// breadcrumb slot, so each stream has its own "last completed".
  void probe(int Site, Phase Ph, const TensorRef *Tensors, int N,
             const Probe &Pr, void *Stream, int Lane) {
    LastSite = Site;
    LastPhase = Ph;
    watchStep(Site, Ph);
    probeOn(Site, Ph, Tensors, N, Pr, Stream, Lane);
  }
  /// A probe that is a breadcrumb alone, after launch \p Site (no tensors:
  /// a crumb reads none): what probe() does for it, in fewer steps.
  void crumb(int Site, const Probe &Pr) {
    LastSite = Site;
    LastPhase = kAfter;
    watchStep(Site, kAfter);
    if (Observing)
      crumbOn(Site, Pr, StreamPtr, 0);
  }
  /// The same for a launch on another stream (probe's \p Stream, \p Lane).
  void crumb(int Site, const Probe &Pr, void *Stream, int Lane) {
    LastSite = Site;
    LastPhase = kAfter;
    watchStep(Site, kAfter);
    if (Observing)
      crumbOn(Site, Pr, Stream, Lane);
  }
  /// Before launch \p Site, which writes \p Written (\p N < 0: it may write
  /// anything): batched counts of the bytes it writes are launched first
  /// (Program::batch_deferred), and the redzone checks of the buffers it
  /// writes again (their last writer is then told apart from this one).
  /// Nothing to do while none is pending.
  void beforeWrite(int Site, const TensorRef *Written, int N) {
    if (BatchPending)
      flushBatchFor(Site, Written, N);
    if (ZonesPending)
      flushZonesFor(Written, N);
  }
  /// Checks every graph input against what the model was compiled for
  /// (Program::inputs): device type and index (\p DeviceIndex, the
  /// model's; -1 for a CPU model), dtype, rank, dims, strides. A mismatch
  /// is reported as the run's cause and fails per Program::inputs_on_fail.
  /// A few shim calls per input when everything matches.
  void checkInputs(AtenTensorHandle *Inputs, int DeviceIndex) {
    if (Observing && Prog->num_inputs > 0)
      checkCompiledInputs(Inputs, DeviceIndex);
  }
  /// AOTI's own check of input \p Index (\p Name, the user's \p Exported)
  /// threw \p What (rules `enforce_aoti_checks`): reported naming the
  /// input; fails per \p F.
  void aotiCheckFailed(int Index, const char *Name, const char *Exported,
                       const char *What, OnFail F);
  /// Checks \p G against \p Input; fails per G.on_fail.
  void guardInput(const InputGuard &G, AtenTensorHandle Input);
  /// Checks that all dims of a group are equal.
  void guardEqualDims(const DimRef *Group, int N, AtenTensorHandle *Inputs,
                      OnFail F);

  /// Called after the RAII handle that owns a buffer of run_impl. With
  /// redzones: a replacement for \p Buf (same dtype, sizes and strides,
  /// device and contents undefined as fresh memory is) whose storage has
  /// P.redzone_bytes of canary before and after it, kept until the run ends;
  /// the caller owns it and swaps it in. With poison, the buffer is filled.
  /// Null: keep \p Buf.
  /// \p Covered: the buffer's first user writes every element of it (an
  /// out= matrix product given the whole buffer), so a dense buffer is not
  /// poisoned: no byte of it can be read unwritten.
  AtenTensorHandle buffer(const char *Name, AtenTensorHandle Buf,
                          const BufferPolicy &P, bool Covered = false);
  /// Called after `auto bufN = ...;  // reuse` when the new buffer's first
  /// user writes it: fills it with poison (P.poison), but a dense one whose
  /// first user writes every element (\p Covered).
  void reuse(const char *Name, AtenTensorHandle Buf, const BufferPolicy &P,
             bool Covered = false);

  /// Before launch \p Site (rules `capture`), the first time it runs in
  /// this process: its call_ helper captures the launch (captureKernel).
  void capture(int Site);
  /// After it: forgets a capture the helper did not make (an empty grid
  /// returns before the launch).
  void captured(int Site);
  /// Extern op \p Site, captured (rules `capture`): `captureCall(N, T,
  /// aoti_torch_cuda_mm_out)(args...)` records the shim call's arguments
  /// (\p Params: the shim's parameters), calls \p Fn, records what it
  /// wrote (detail::CapturedCall).
  template <class... P>
  detail::CapturedCall<P...> captureCall(int Site, const ShimParam *Params,
                                         AOTITorchError (*Fn)(P...));
  /// The halves of a captured shim call: whether to capture it (the first
  /// time it runs), its arguments before the call, what it wrote after.
  bool externCaptured(int Site);
  void externBefore(const ShimParam *Params, const ShimArg *Args, int N);
  void externAfter(const ShimArg *Args, int N, AOTITorchError E);
  /// In a call_ helper: whether run_impl asked to capture this launch.
  static bool captureRequested();
  /// Right before the helper's launchKernel: the bundle (docs/capture.md)
  /// of \p L.
  static void captureKernel(const KernelLaunch &L);
  /// Right after it: synchronizes \p Stream; the tensors after the launch,
  /// or the CUDA error it ended with (then reported and thrown).
  static void captureLaunched(void *Stream);

  /// 1-based number of this call of run_impl for its Program.
  int64_t run() const { return Run; }

  /// The end of the run (the generated code calls it at the end of
  /// run_impl, before the outputs are released): reads the deferred NaN
  /// checks (Probe::nan_deferred) with one sync and reports the first
  /// offending launch; throws or aborts as its nan_on_fail says. Nothing to
  /// do (no sync) when no check was deferred. Without this call ~RunScope
  /// reads them, and a kThrow failure aborts there (a destructor must not
  /// throw).
  void finish();

private:
  /// The watchdog's view of this run (watchdog.h): a launch beyond the
  /// furthest reached is progress; a return to an earlier one (or the same
  /// one again) is a loop's next iteration. Nothing without a watchdog.
  void watchStep(int Site, Phase Ph) {
    if (!Watch)
      return;
    int Last = Watch->LastSite.load(std::memory_order_relaxed);
    int LastPh = Watch->LastPhase.load(std::memory_order_relaxed);
    if (Site < Last || (Site == Last && Ph <= LastPh))
      Watch->Iterations.fetch_add(1, std::memory_order_relaxed);
    Watch->LastSite.store(Site, std::memory_order_relaxed);
    Watch->LastPhase.store(Ph, std::memory_order_relaxed);
    if (Site > Watch->MaxSite.load(std::memory_order_relaxed)) {
      Watch->MaxSite.store(Site, std::memory_order_relaxed);
      Watch->ProgressNs.store(watchNow(), std::memory_order_relaxed);
    }
  }
  static int64_t watchNow();
  void checkCompiledInputs(AtenTensorHandle *Inputs, int DeviceIndex);
  void guardValues(const InputGuard &G, const detail::TensorMeta &M,
                   std::vector<std::string> &Problems);
  void probeOn(int Site, Phase Ph, const TensorRef *Tensors, int N,
               const Probe &Pr, void *Stream, int Lane);
  void probeNow(const TensorRef *Tensors, int N, const Probe &Pr,
                const detail::ProbeCtx &C, int Lane);
  void crumbOn(int Site, const Probe &Pr, void *Stream, int Lane);
  void noteCpuCrumb(const detail::ProbeCtx &C);
  void streamCrumb(const detail::ProbeCtx &C, const Probe &Pr, int Lane);
#if AOTI_RT_CUDA
  detail::CrumbSlot &laneSlot(int Lane, int &Index);
  void writeCrumb(const detail::ProbeCtx &C, int Index, uint32_t Seq);
#endif
  bool deferProbe(int Site, Phase Ph, const TensorRef *Tensors, int N,
                  const Probe &Pr, const detail::ProbeCtx &C);
#if AOTI_RT_CUDA
  bool planCounts(const detail::ProbeCtx &C, detail::CountPlan &Plan);
  void launchUnbatched(const detail::ProbeCtx &C,
                       const detail::RuntimeKernels &Fns,
                       const detail::CountPlan &Plan);
  bool assignSlots(const detail::ProbeCtx &C, const detail::CountPlan &Plan);
  bool deferProbeFull(int Site, Phase Ph, const TensorRef *Tensors, int N,
                      const Probe &Pr, const detail::ProbeCtx &C,
                      const detail::RuntimeKernels &Fns);
  // The run's trace (replay.h, run_scope_replay.h).
  void startTrace();
  bool replayProbe(int Site, Phase Ph, const TensorRef *Tensors, int N,
                   const detail::ProbeCtx &C,
                   const detail::RuntimeKernels &Fns);
  void launchTraceScans(const detail::TraceStep &S,
                        const detail::RuntimeKernels &Fns, detail::Stats *Dev,
                        const detail::ProbeCtx &C);
  void applyTraceStep(uint32_t Step, const TensorRef *Tensors,
                      const detail::TraceWork &W, detail::Stats *Host,
                      const detail::ProbeCtx &C);
  bool replayGuard(int Site, Phase Ph, const TensorRef *Written, int N);
  void recordProbeStep(int Site, Phase Ph, int N, const Probe &Pr,
                       const detail::CountPlan &Plan, size_t CountedFirst);
  void recordGuardStep(int Site, Phase Ph, const TensorRef *Written, int N,
                       bool Hit);
  const detail::TraceStep *nextStep(int Site, Phase Ph, bool Guard,
                                    const TensorRef *Tensors, int N);
  void leaveReplay();
  void stopTrace();
  void endTrace(bool Clean);
#endif
  void resolveDeferred(int End);
  void flushBatchFor(int Site, const TensorRef *Written, int N,
                     Phase Ph = kBefore);
  bool flushBatch(std::string &Err);
  void releaseDeferred();
  void checkRedzones(const TensorRef *Tensors, int N, int Site);
  void flushZonesFor(const TensorRef *Written, int N);
#if AOTI_RT_CUDA
  void zoneWrittenBy(detail::RedzonedBuffer &B, int Site);
  bool mergeFill(const detail::TensorMeta &M, const unsigned char *Data,
                 size_t Bytes, uint8_t Value);
#endif
  void forgetWritten(const void *P, size_t Bytes);
  void endBuffers(bool MayThrow);
  bool redzonedBase(const detail::TensorMeta &M, detail::RedzonedBuffer &B,
                    std::string &Err);
  void releaseKept(bool Unwinding);
  void poison(const detail::TensorMeta &M, unsigned char *Data, size_t Bytes,
              const BufferPolicy &P);
  int currentDevice();
  const detail::RuntimeKernels *kernels(int Device, std::string &Why);

  const Program *Prog;
  detail::ProgramState *State;
  void *StreamPtr;
  int64_t Run = 0;
  detail::WatchCell *Watch = nullptr; ///< null: no watchdog
  int LastSite = -1; ///< the last probe of this run: site and phase
  Phase LastPhase = kAfter;
  int Uncaught = 0;
  bool Observing = false;
  bool Capturing = false;
  bool BatchPending = false; ///< Deferred's batches hold counts not launched
  /// Every graph input matched what the model was compiled for, and that
  /// pins its dtype, device, dims and strides (detail::inputsPinned): this
  /// run may record or replay its deferred probes (replay.h).
  bool InputsPinned = false;
  uint8_t Trace = 0;      ///< detail::TraceMode
  size_t TraceCursor = 0; ///< kTraceReplay: the next recorded step
  /// CUDA: redzone checks of buffers' last writers not launched yet
  /// (Program::batch_deferred; BufferRun::Pending).
  bool ZonesPending = false;
  detail::DeferredRun *Deferred = nullptr; ///< CUDA: this run's deferred checks
  /// CUDA: the current device while run_impl runs (AOTI's device guard
  /// holds it), read at the first probe that needs it; -2: not read yet.
  int CurDevice = -2;
  /// CUDA: the runtime's kernels in CurDevice's context, once looked up.
  const detail::RuntimeKernels *Kernels = nullptr;
  detail::BufferRun *Buffers = nullptr; ///< this run's redzoned buffers
  /// The bases finish() found clean, for the next run unless an output
  /// holds one (~RunScope: releaseKept).
  detail::ZonePool *Kept = nullptr;
  AtenTensorHandle *Outputs = nullptr;
  size_t NumOutputs = 0;
  /// This thread's CPU breadcrumb, looked up (and the fatal-signal
  /// handlers installed) at the run's first probe with a breadcrumb.
  detail::CpuCrumb *Cpu = nullptr;
  /// CUDA: this thread's breadcrumb slot of run_impl's stream (lane 0) and
  /// its index, looked up at the run's first crumb.
  detail::CrumbSlot *Crumbs = nullptr;
  int CrumbIndex = -1;
};

namespace detail {
struct CaptureRequest;
/// The capture run_impl asked of the next helper on this thread.
inline thread_local CaptureRequest *tCaptureRequest = nullptr;
} // namespace detail

inline bool RunScope::captureRequested() {
  return detail::tCaptureRequest != nullptr;
}

namespace detail {
template <class T> struct SameType {
  using type = T;
};
inline ShimArg shimArg(AtenTensorHandle H) { return {kArgTensor, 0, 0, H}; }
inline ShimArg shimArg(const AtenTensorHandle *H) {
  return {kArgTensorPtr, 0, 0, H};
}
inline ShimArg shimArg(int64_t V) { return {kArgInt, V, 0, nullptr}; }
inline ShimArg shimArg(int32_t V) { return {kArgInt, V, 0, nullptr}; }
inline ShimArg shimArg(double V) { return {kArgDouble, 0, V, nullptr}; }
inline ShimArg shimArg(const int64_t *P) { return {kArgInt64Ptr, 0, 0, P}; }
inline ShimArg shimArg(const int32_t *P) { return {kArgInt32Ptr, 0, 0, P}; }
inline ShimArg shimArg(const double *P) { return {kArgDoublePtr, 0, 0, P}; }
inline ShimArg shimArg(const char *S) { return {kArgString, 0, 0, S}; }
// The shim's output and optional parameters are not const.
inline ShimArg shimArg(AtenTensorHandle *H) { return {kArgTensorPtr, 0, 0, H}; }
inline ShimArg shimArg(int64_t *P) { return {kArgInt64Ptr, 0, 0, P}; }
inline ShimArg shimArg(int32_t *P) { return {kArgInt32Ptr, 0, 0, P}; }
inline ShimArg shimArg(double *P) { return {kArgDoublePtr, 0, 0, P}; }
template <class T> ShimArg shimArg(const T &) {
  return {kArgOther, 0, 0, nullptr};
}

/// A shim call that records itself (RunScope::captureCall).
template <class... P> struct CapturedCall {
  RunScope *Scope;
  int Site;
  const ShimParam *Params;
  AOTITorchError (*Fn)(P...);

  AOTITorchError operator()(typename SameType<P>::type... A) const {
    if (!Scope->externCaptured(Site))
      return Fn(A...);
    const ShimArg Args[sizeof...(P) + 1] = {shimArg(A)...};
    const int N = static_cast<int>(sizeof...(P));
    Scope->externBefore(Params, Args, N);
    AOTITorchError E = Fn(A...);
    Scope->externAfter(Args, N, E);
    return E;
  }
};
} // namespace detail

template <class... P>
detail::CapturedCall<P...> RunScope::captureCall(int Site,
                                                 const ShimParam *Params,
                                                 AOTITorchError (*Fn)(P...)) {
  return {this, Site, Params, Fn};
}

AOTI_RT_NAMESPACE_END

#endif // AOTI_RT_RUN_SCOPE_H
