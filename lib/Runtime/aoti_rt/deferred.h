//===- aoti_rt/deferred.h - Checks read at a run's end ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Deferred probes (Probe::nan_deferred, Probe::print_deferred): a probe's
// statistics are taken on the device by one stats launch into pinned,
// device-mapped result slots, with no host sync; the run's end (or a probe
// that synchronizes anyway) reads them with one sync and writes the probes'
// lines and NaN reports in launch order.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_DEFERRED_H
#define AOTI_RT_DEFERRED_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "cuda_api.h"
#include "nan.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Stats::count of a result slot whose stats launch has not completed (a
/// real count never reaches it).
constexpr uint64_t kStatsPending = ~0ull;

/// A tensor of a deferred probe: its metadata and counts (Item: what the
/// stats line and the NaN report need). The counts are known at the probe
/// (host tensors, empty ones) or written by the device into *Result, read
/// after the run's sync.
struct DeferredTensor {
  Item Gathered;
  const Stats *Result = nullptr;
  bool Missed = false; ///< its launch never ran (the stream failed first)
};

/// An input of a deferred probe's launch that stays the same all run
/// (TensorRef::stable) and is only checked: its name and handle alone (a
/// DeferredTensor is some 500 bytes, and most inputs of a convnet's probes
/// are such constants), read and counted only if the record reports
/// (countLazy).
struct LazyInput {
  const char *Name;
  AtenTensorHandle Handle;
  uint8_t RoleBits;
};

/// The counts of \p M that need no device pass, into \p Out: a host
/// tensor's (counted here), an empty one's, and those of a CUDA tensor of a
/// kind without NaN on \p Device (-1: any). False when the metadata was
/// not readable (the report says so) or a device pass is needed.
inline bool knownStats(const TensorMeta &M, int Device, Stats &Out) {
  if (!M.Ok || !isReadableKind(M.Dtype->Kind))
    return false;
  if (!M.Cuda && M.DevType == aoti_torch_device_type_cpu()) {
    Out = hostStats(M, M.Data);
    return true;
  }
  if (M.Cuda && (M.Numel == 0 || ((Device < 0 || M.DevIndex == Device) &&
                                  !isFloatKind(M.Dtype->Kind)))) {
    Out = statsInit();
    Out.count = static_cast<uint64_t>(M.Numel);
    return true;
  }
  return false;
}

/// knownStats into \p It's counts.
inline void knownCounts(Item &It, int Device) {
  if (knownStats(It.Meta, Device, It.Statistics))
    It.HaveStats = true;
}

/// A tensor of a deferred probe that only checks (no print): what its NaN
/// report needs, some 60 bytes against a DeferredTensor's 500 (a probe
/// per launch writes them: the fewer bytes, the less of torch's own
/// working set the run's records push out of the host's caches).
struct CountedTensor {
  const char *Name;
  uint8_t RoleBits;
  bool Ok;        ///< metadata readable
  bool HaveStats; ///< nan and inf hold its counts
  bool Missed;    ///< its launch never ran (the stream failed first)
  int64_t Numel;
  const Stats *Result; ///< written by the device, read after the sync
  uint64_t Nan, Inf;

  NanView view() const {
    return NanView{Name, RoleBits, Ok, HaveStats, Numel, Nan, Inf};
  }
};

/// The compact record of \p M: counted by the device into \p Slot, or
/// now when no device pass is needed (knownStats), or not at all (the
/// report says so).
inline CountedTensor countedOf(const TensorMeta &M, const Stats *Slot,
                               int Device) {
  CountedTensor T{M.Name, M.RoleBits, M.Ok, false, false, M.Numel, Slot, 0, 0};
  Stats Known;
  if (!Slot && knownStats(M, Device, Known)) {
    T.HaveStats = true;
    T.Nan = Known.nan;
    T.Inf = Known.inf;
  }
  return T;
}

/// One probe's deferred work: a NaN check (Roles != 0) and/or its print
/// (Print != kPrintNone: its name line and, at kPrintStats, a stats line
/// per tensor of PrintRoles).
struct DeferredRecord {
  int Site;
  Phase ProbePhase;
  uint8_t Roles;
  uint8_t Checks;
  OnFail OnFailure;
  PrintLevel Print;
  uint8_t PrintRoles;
  size_t First, Count; ///< DeferredChecks::Tensors[First, First + Count)
  size_t LazyFirst, LazyCount; ///< DeferredChecks::Lazies[...]
  /// First and Count are of DeferredChecks::Counted (no print).
  bool Compact = false;
};

/// The deferred probes of one run, in launch order: at most one per
/// (site, phase) (a second one makes the runtime read the first, see
/// RunScope::deferProbe), so a run holds a bounded number of them. The
/// tensors' storage is kept from run to run (their shape vectors keep their
/// capacity): a run in the steady state allocates nothing.
struct DeferredChecks {
  std::vector<DeferredRecord> Records;
  std::vector<DeferredTensor> Tensors; ///< [0, Used): the records' tensors
  size_t Used = 0;
  std::vector<LazyInput> Lazies;      ///< the records' lazy inputs
  std::vector<CountedTensor> Counted; ///< compact records' tensors
  std::vector<uint8_t> Marks;         ///< ordinal * 2 + phase: has a record

  bool pending() const { return !Records.empty(); }
  bool has(int Site, Phase Ph) const {
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      return K < Marks.size() && Marks[K];
    }
    for (const DeferredRecord &R : Records)
      if (R.Site == Site && R.ProbePhase == Ph)
        return true;
    return false;
  }
  /// A tensor slot, its metadata as the last run left it: fill it all.
  DeferredTensor &addTensor() {
    if (Used == Tensors.size())
      Tensors.emplace_back();
    DeferredTensor &T = Tensors[Used++];
    T.Gathered.HaveStats = false;
    T.Gathered.Statistics = statsInit();
    T.Gathered.Why.clear();
    T.Result = nullptr;
    T.Missed = false;
    return T;
  }
  /// A record of the tensors and lazy inputs added since First and
  /// LazyFirst (\p Compact: of `Counted`, else of `Tensors`).
  void addRecord(int Site, Phase Ph, uint8_t Roles, uint8_t Checks, OnFail F,
                 PrintLevel Print, uint8_t PrintRoles, size_t First,
                 size_t LazyFirst, bool Compact = false) {
    const size_t End = Compact ? Counted.size() : Used;
    Records.push_back(DeferredRecord{Site, Ph, Roles, Checks, F, Print,
                                     PrintRoles, First, End - First, LazyFirst,
                                     Lazies.size() - LazyFirst, Compact});
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      if (K >= Marks.size())
        Marks.resize(K + 1, 0);
      Marks[K] = 1;
    }
  }
  /// Of \p N pending tensors from \p First: the device's counts, once the
  /// run's sync is done, given to \p Keep, or the tensor marked missed
  /// when its launch never ran (its slot still pending); slots let go.
  template <typename Tensor, typename KeepFn>
  static void collectEach(Tensor *First, size_t N, KeepFn Keep) {
    for (Tensor *T = First; T != First + N; ++T) {
      if (!T->Result)
        continue;
      if (T->Result->count != kStatsPending)
        Keep(*T, *T->Result);
      else
        T->Missed = true;
      T->Result = nullptr;
    }
  }
  /// The device's counts into the tensors: after the run's sync, or after
  /// a failed one, when the slots of launches that never ran still hold
  /// kStatsPending (those tensors get no counts).
  void collect() {
    collectEach(Tensors.data(), Used, [](DeferredTensor &T, const Stats &S) {
      T.Gathered.Statistics = S;
      T.Gathered.HaveStats = true;
    });
    collectEach(Counted.data(), Counted.size(),
                [](CountedTensor &T, const Stats &S) {
                  T.Nan = S.nan;
                  T.Inf = S.inf;
                  T.HaveStats = true;
                });
  }
  /// Whether the record's counts were all taken (its stats launch ran).
  bool complete(const DeferredRecord &R) const {
    for (size_t I = R.First; I < R.First + R.Count; ++I)
      if (R.Compact ? Counted[I].Missed : Tensors[I].Missed)
        return false;
    return true;
  }
  /// The NaN views of \p R's tensors (lazy inputs not included).
  void views(const DeferredRecord &R, std::vector<NanView> &Out) const {
    for (size_t I = R.First; I < R.First + R.Count; ++I)
      Out.push_back(R.Compact ? Counted[I].view()
                              : nanView(Tensors[I].Gathered));
  }
  void clear() {
    for (const DeferredRecord &R : Records)
      if (R.Site >= 0)
        Marks[static_cast<size_t>(R.Site) * 2 + R.ProbePhase] = 0;
    Records.clear();
    Used = 0;
    Lazies.clear();
    Counted.clear();
  }
};

/// How the end of a deferred report may fail.
enum DeferredEnd : int {
  kEndMayThrow = 0,   ///< as on_fail says (RunScope::finish(), a probe)
  kEndNoThrow = 1,    ///< ~RunScope, finish() not called: cannot throw there;
                      ///< a kThrow check reports, then aborts
  kEndReportOnly = 2, ///< ~RunScope while an exception unwinds: report only
  kEndFailed = 3,     ///< the run's sync failed: write what completed (up
                      ///< to the first launch that did not), fail nothing
};

AOTI_RT_COLD_BEGIN
/// The views of a reporting record's lazy inputs (LazyInput), counted now,
/// on \p Stream after the run's sync: they hold what they held at the
/// launch. Those that cannot be counted stay without counts. Appended to
/// \p Views; \p Items keeps the names they point to.
inline void countLazy(ProgramState &S, const DeferredChecks &Checks,
                      const DeferredRecord &Rec, void *Stream, int64_t Run,
                      std::vector<Item> &Items, std::vector<NanView> &Views) {
  Items.assign(Rec.LazyCount, Item());
  Batch B;
  std::vector<size_t> Targets;
  for (size_t K = 0; K < Rec.LazyCount; ++K) {
    const LazyInput &L = Checks.Lazies[Rec.LazyFirst + K];
    Item &It = Items[K];
    It.Meta.Name = L.Name;
    It.Meta.RoleBits = L.RoleBits;
    It.Meta.Handle = L.Handle;
    if (readMeta(It.Meta)) // constants: as they were
      knownCounts(It, -1);
    if (It.HaveStats || !It.Meta.Ok)
      continue;
    Item Copy;
    Copy.Meta = It.Meta;
    Copy.WantStats = true;
    B.Items.push_back(std::move(Copy));
    Targets.push_back(K);
  }
  std::string Err;
  if (!Targets.empty() && materialize(S, B, Stream, 0, Run, Err))
    for (size_t K = 0; K < Targets.size(); ++K) {
      Items[Targets[K]].HaveStats = B.Items[K].HaveStats;
      Items[Targets[K]].Statistics = B.Items[K].Statistics;
    }
  for (const Item &It : Items)
    Views.push_back(nanView(It));
}

/// A deferred record's print lines (print: names or stats) into \p Ev.
inline void addRecordLines(ProgramState &S, const Program &P, int64_t Run,
                           const DeferredChecks &Checks,
                           const DeferredRecord &Rec, EventBuf &Ev) {
  const SiteInfo *SI = findSite(P, Rec.Site);
  ProbeCtx C{&S, &P, Run, Rec.ProbePhase, Rec.Site, SI, nullptr};
  Ev.add(launchLine(C), Ev.WantJson ? launchEvent(C) : std::string());
  if (Rec.Print < kPrintStats)
    return;
  const std::string Prefix = linePrefix(C);
  std::string Json;
  for (size_t I = Rec.First; I < Rec.First + Rec.Count; ++I) {
    const Item &It = Checks.Tensors[I].Gathered;
    if (!(It.Meta.RoleBits & Rec.PrintRoles))
      continue;
    std::string Line = statsLine(C, Prefix, It, Ev.WantJson ? &Json : nullptr);
    Ev.add(Line, Json);
  }
}

/// A deferred kThrow or kAbort hit at the end of run \p Run, its line
/// \p Line written: fails as \p End says (kEndNoThrow: a kThrow check
/// cannot throw from ~RunScope, so it aborts, saying why).
inline void failDeferred(ProgramState &S, int64_t Run, OnFail F,
                         DeferredEnd End, const std::string &Line) {
  if (End == kEndMayThrow)
    fail(F, Line);
  if (End != kEndNoThrow)
    return;
  if (F == kThrow) {
    std::string Why = "the NaN check above cannot throw at the end of run " +
                      std::to_string(static_cast<long long>(Run)) +
                      " (the wrapper does not call RunScope::finish()): "
                      "aborting";
    emit(S, "[aoti-instrument] error: " + Why,
         JsonObj()
             .str("event", "warning")
             .num("run", Run)
             .str("message", Why)
             .done());
  }
  abortNow();
}

/// Writes the deferred probes of run Run in launch order (counts
/// collected): each record's print lines; each hit of a kWarn check; the
/// first hit of a kThrow or kAbort check ends the report and fails as End
/// says. Clears Checks. \p Stream: where lazy inputs are counted (not
/// when End is kEndFailed).
inline void reportDeferred(ProgramState &S, const Program &P, int64_t Run,
                           DeferredChecks &Checks, DeferredEnd End,
                           void *Stream = nullptr) {
  std::vector<NanView> Views;
  EventBuf Ev(S);
  for (size_t R = 0; R < Checks.Records.size(); ++R) {
    const DeferredRecord &Rec = Checks.Records[R];
    if (End == kEndFailed && !Checks.complete(Rec))
      break; // this launch and the later ones may not have run
    if (Rec.Print >= kPrintNames && !Rec.Compact)
      addRecordLines(S, P, Run, Checks, Rec, Ev);
    if (!Rec.Roles)
      continue;
    Views.clear();
    Checks.views(Rec, Views);
    bool Hit = false;
    for (const NanView &V : Views)
      Hit = Hit || nanHit(V, Rec.Roles, Rec.Checks);
    std::vector<Item> Lazy; // the views' names live here
    if (Hit && End != kEndFailed)
      countLazy(S, Checks, Rec, Stream, Run, Lazy, Views);
    std::string Line, Json;
    if (!nanEvent(P, Run, Rec.ProbePhase, Rec.Site, findSite(P, Rec.Site),
                  Views.data(), Views.size(), Rec.Roles, Rec.Checks, Line,
                  Json))
      continue;
    Ev.add(Line, Json);
    const OnFail F = Rec.OnFailure;
    if (F == kWarn || End == kEndFailed)
      continue;
    emit(S, Ev);
    Checks.clear(); // Rec is gone: the run stops here
    failDeferred(S, Run, F, End, Line);
    return;
  }
  emit(S, Ev);
  Checks.clear();
}

AOTI_RT_COLD_END

/// A tensor whose counts this run already took, and nothing has written
/// since: a later probe of the same tensor (an output read by the next
/// launches, the inputs of a before-probe that the after-probe sees again)
/// reads the same result slot instead of scanning it again.
struct SeenTensor {
  AtenTensorHandle Handle;
  const unsigned char *Data;
  uintptr_t Begin, End; ///< the bytes its elements span (Begin: Data)
  uint64_t Shape;       ///< dtype, sizes and strides (seenShape)
  Stats *Slot;          ///< host side of its result
  uint64_t Age;         ///< order of remembering: the oldest go first
  bool Full;            ///< statistics (min, max, ...) and not NaN counts only
};

/// Hash of what makes two views of the same data the same tensor.
inline uint64_t seenShape(const TensorMeta &M) {
  uint64_t H = 1469598103934665603ULL; // FNV-1a
  auto Mix = [&H](int64_t V) {
    H ^= static_cast<uint64_t>(V);
    H *= 1099511628211ULL;
  };
  Mix(M.Dtype->Kind);
  Mix(M.Numel);
  for (size_t I = 0; I < M.CSizes.size(); ++I) {
    Mix(M.CSizes[I]);
    Mix(M.CStrides[I]);
  }
  return H;
}

/// The tensors a run has counted, valid while no write could have touched
/// them. A write is seen only as a launch whose probes came through here:
/// the entries are forgotten when a launch's probe skips one (a launch
/// between two probed ones may have written anything), when the run's
/// results are read (their slots are reused), and for the bytes of every
/// tensor a launch writes.
///
/// Every probe looks its tensors up and forgets the bytes its launch
/// writes, so both are searches, not scans: the entries are kept sorted by
/// their first byte, and an entry that overlaps [B, E) begins at or after
/// B - MaxSpan (the longest entry's span).
struct SeenTensors {
  static constexpr size_t kMax = 128; ///< then the older half goes
  std::vector<SeenTensor> Entries;    ///< sorted by begin
  uintptr_t MaxSpan = 0;              ///< at least every entry's end - begin
  uint64_t NextAge = 0;
  int LastSite = -2; ///< the launch of the last probe that came through

  void clear() {
    Entries.clear();
    MaxSpan = 0;
    LastSite = -2;
  }
  /// A probe of launch \p Site: unless the previous probe was of this
  /// launch or the one before it, nothing seen so far can be trusted.
  void probeOf(int Site) {
    if (Site < 0 || (LastSite != Site && LastSite != Site - 1))
      clear();
    LastSite = Site;
  }
  /// The bytes [B, E) were (or are about to be) written.
  void forget(uintptr_t B, uintptr_t E) {
    auto First = firstFrom(Entries, B > MaxSpan ? B - MaxSpan : 0);
    auto Last = std::partition_point(
        First, Entries.end(), [E](const SeenTensor &T) { return T.Begin < E; });
    Entries.erase(
        std::remove_if(First, Last,
                       [B](const SeenTensor &T) { return B < T.End; }),
        Last);
  }
  const SeenTensor *find(const TensorMeta &M, uint64_t Shape, bool Full) const {
    const SeenTensor *T = entryOf(Entries, M, Shape);
    return T && (T->Full || !Full) ? T : nullptr;
  }
  /// Replaces the entry of the same tensor (a NaN count becoming
  /// statistics): at most one entry per tensor.
  void remember(const TensorMeta &M, uint64_t Shape, Stats *Slot, bool Full) {
    const uintptr_t B = reinterpret_cast<uintptr_t>(M.Data);
    const uintptr_t E = B + spanBytes(M);
    SeenTensor New{M.Handle, M.Data, B, E, Shape, Slot, NextAge++, Full};
    if (SeenTensor *T = entryOf(Entries, M, Shape)) {
      *T = New;
      return;
    }
    if (Entries.size() >= kMax)
      dropOlderHalf();
    Entries.insert(firstFrom(Entries, B), New);
    MaxSpan = std::max(MaxSpan, E - B);
  }

private:
  /// The first entry of \p List that begins at or after \p B.
  template <typename V>
  static auto firstFrom(V &List, uintptr_t B) -> decltype(List.begin()) {
    return std::partition_point(
        List.begin(), List.end(),
        [B](const SeenTensor &T) { return T.Begin < B; });
  }
  /// The entry of M's tensor (its handle, first byte and shape), or null.
  template <typename V>
  static auto entryOf(V &List, const TensorMeta &M, uint64_t Shape)
      -> decltype(&*List.begin()) {
    const uintptr_t B = reinterpret_cast<uintptr_t>(M.Data);
    for (auto I = firstFrom(List, B); I != List.end() && I->Begin == B; ++I)
      if (I->Handle == M.Handle && I->Shape == Shape)
        return &*I;
    return nullptr;
  }
  /// Amortized: one pass per kMax / 2 entries remembered.
  void dropOlderHalf() {
    std::vector<uint64_t> Ages;
    Ages.reserve(Entries.size());
    for (const SeenTensor &T : Entries)
      Ages.push_back(T.Age);
    auto Mid = Ages.begin() + Ages.size() / 2;
    std::nth_element(Ages.begin(), Mid, Ages.end());
    const uint64_t Keep = *Mid; // the younger half: this age and after
    Entries.erase(
        std::remove_if(Entries.begin(), Entries.end(),
                       [Keep](const SeenTensor &T) { return T.Age < Keep; }),
        Entries.end());
    MaxSpan = 0;
    for (const SeenTensor &T : Entries)
      MaxSpan = std::max(MaxSpan, T.End - T.Begin);
  }
};

/// Batched deferred counts (Program::batch_deferred): the tensors that
/// deferred probes count on the device, gathered across launches into one
/// launch of the runtime's kernel (NaN counts of dense floating tensors that
/// are only checked: the NaN-count kernel, up to 32 a launch; statistics of
/// printed tensors and strided ones: the statistics kernel, up to 16). The
/// launch must be on the stream before anything writes their bytes: the
/// wrapper calls RunScope::beforeWrite before every launch (the batches go
/// first when the launch writes pending bytes, or may write anything), the
/// runtime flushes before its own writes (poison), before a probe that
/// reads data now, when a batch is full and at the run's end. Each pending
/// tensor holds a reference to its storage, so its memory cannot be freed
/// and handed to another tensor (or to an allocation inside an extern op,
/// which no guard sees) before the count.
inline NanDesc *descsOf(NanLaunch &L) { return L.d; }
inline StatsDesc *descsOf(StatsLaunch &L) { return L.inl; }
/// Work a launch carries besides its counts: the NaN-count launch's merged
/// poison fills (FillDesc).
inline int extraWork(const NanLaunch &L) { return L.nfills; }
inline int extraWork(const StatsLaunch &) { return 0; }
inline void clearExtraWork(NanLaunch &L) { L.nfills = 0; }
inline void clearExtraWork(StatsLaunch &) {}

template <typename LaunchT, int Cap> struct PendingBatch {
  /// Bytes of pending tensors at most: their storage is held, so this bounds
  /// what a batch can add to a run's peak memory.
  static constexpr size_t kMaxBytes = size_t(16) << 20;
  static constexpr int kCap = Cap;
  LaunchT Launch{};      ///< Launch.n pending descriptors; out: their slots
  size_t Bytes = 0;      ///< of the pending tensors
  Stats *Host = nullptr; ///< Cap result slots (host side); null: none
  uintptr_t Begin[Cap] = {}, End[Cap] = {};
  AtenTensorHandle Refs[Cap] = {};

  int size() const { return Launch.n; }
  bool empty() const { return Launch.n == 0 && !extraWork(Launch); }
  /// Room for \p N more tensors of \p NewBytes in all.
  bool fits(size_t N, size_t NewBytes) const {
    return static_cast<size_t>(Launch.n) + N <= static_cast<size_t>(Cap) &&
           Bytes + NewBytes <= kMaxBytes;
  }
  /// Whether they would fit an empty batch.
  static bool batchable(size_t N, size_t NewBytes) {
    return N <= static_cast<size_t>(Cap) && NewBytes <= kMaxBytes;
  }
  /// Whether [B, E) overlaps a pending tensor's bytes.
  bool overlaps(uintptr_t B, uintptr_t E) const {
    for (int I = 0; I < Launch.n; ++I)
      if (Begin[I] < E && B < End[I])
        return true;
    return false;
  }
  /// Adds a tensor (fits(1); slots reserved): its descriptor to fill, and
  /// its result slot in \p Slot.
  auto &add(uintptr_t B, uintptr_t E, AtenTensorHandle Ref, Stats *&Slot) {
    int I = Launch.n++;
    Begin[I] = B;
    End[I] = E;
    Refs[I] = Ref;
    Bytes += E - B;
    Slot = Host + I;
    return descsOf(Launch)[I];
  }
  /// After the launch (or instead of it): the references go, the slots
  /// are the launch's; the next tensor reserves new ones.
  void clear() {
    for (int I = 0; I < Launch.n; ++I)
      if (Refs[I])
        aoti_torch_delete_tensor_object(Refs[I]);
    Launch.n = 0;
    clearExtraWork(Launch);
    Bytes = 0;
    Host = nullptr;
  }
};
using NanBatch = PendingBatch<NanLaunch, kNanDescs>;
using StatsBatch = PendingBatch<StatsLaunch, kInlineDescs>;

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_DEFERRED_H
