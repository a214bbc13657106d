//===- aoti_rt/nan.h - NaN/Inf reports, immediate and deferred ----*- C++ -*-===//
//
// NaN/Inf checks of a probe: reported at once, or counted on the device and
// read once at the end of the run.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_NAN_H
#define AOTI_RT_NAN_H

#include "probe_text.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

AOTI_RT_COLD_BEGIN
//--- NaN/Inf reports, immediate and deferred ------------------------------//

/// What a NaN/Inf report needs of a tensor.
struct NanView {
  const char *name;
  uint8_t role;
  bool ok;        ///< metadata readable
  bool haveStats; ///< nan and inf hold its counts
  int64_t numel;
  uint64_t nan, inf;
};

inline NanView nanView(const Item &It) {
  return NanView{It.meta.name, It.meta.role,  It.meta.ok,   It.haveStats,
                 It.meta.numel, It.stats.nan, It.stats.inf};
}

/// Whether V is checked (its role in Roles) and holds what Checks asks for.
inline bool nanHit(const NanView &V, uint8_t Roles, uint8_t Checks,
                   bool *Nan = nullptr, bool *Inf = nullptr) {
  if (!(V.role & Roles) || !V.haveStats)
    return false;
  bool N = (Checks & kCheckNan) && V.nan;
  bool I = (Checks & kCheckInf) && V.inf;
  if (Nan)
    *Nan = N;
  if (Inf)
    *Inf = I;
  return N || I;
}

/// "NaN in buf3 (3 of 128 elements)"
inline std::string nanText(const NanView &V, bool Nan, bool Inf) {
  std::string N = std::to_string(static_cast<unsigned long long>(V.nan));
  std::string I = std::to_string(static_cast<unsigned long long>(V.inf));
  std::string Of =
      " of " + std::to_string(static_cast<long long>(V.numel)) + " elements)";
  if (Nan && Inf)
    return std::string("NaN and Inf in ") + V.name + " (" + N + " NaN, " + I +
           " Inf" + Of;
  if (Nan)
    return std::string("NaN in ") + V.name + " (" + N + Of;
  return std::string("Inf in ") + V.name + " (" + I + Of;
}

/// The event of one probe's NaN/Inf check over all its tensors V (the
/// counts of its input tensors known wherever they can be): false when no
/// checked tensor held NaN/Inf. The same text whether the check ran right
/// after the launch or was deferred to the end of the run.
inline bool nanEvent(const Program &P, int64_t Run, Phase Ph, int Site,
                     const SiteInfo *SI, const NanView *V, size_t N,
                     uint8_t Roles, uint8_t Checks, std::string &Line,
                     std::string &Json) {
  std::vector<size_t> Hits;
  std::vector<std::string> Texts;
  for (size_t I = 0; I < N; ++I) {
    bool Nan = false, Inf = false;
    if (!nanHit(V[I], Roles, Checks, &Nan, &Inf))
      continue;
    Hits.push_back(I);
    Texts.push_back(nanText(V[I], Nan, Inf));
  }
  if (Hits.empty())
    return false;
  Line = "[aoti-instrument] " + Texts[0] + " " + phaseName(Ph) + " " +
         siteText(P, Site, SI) + " in run " +
         std::to_string(static_cast<long long>(Run));
  for (size_t I = 1; I < Texts.size(); ++I)
    Line += (I == 1 ? "; also " : ", ") + Texts[I];
  // Were the launch's inputs already bad?
  std::string Dirty;
  size_t Checked = 0;
  for (size_t I = 0; I < N; ++I) {
    const NanView &It = V[I];
    if (It.role != kIn || !It.ok || !It.haveStats ||
        std::find(Hits.begin(), Hits.end(), I) != Hits.end())
      continue;
    ++Checked;
    if (!It.nan && !It.inf)
      continue;
    Dirty += Dirty.empty() ? "" : ", ";
    Dirty += std::string(It.name) + " (";
    if (It.nan)
      Dirty += std::to_string(static_cast<unsigned long long>(It.nan)) + " NaN";
    if (It.nan && It.inf)
      Dirty += ", ";
    if (It.inf)
      Dirty += std::to_string(static_cast<unsigned long long>(It.inf)) + " Inf";
    Dirty += ")";
  }
  if (!Dirty.empty())
    Line += "; inputs held NaN/Inf too: " + Dirty;
  else if (Checked)
    Line += "; inputs were clean";
  else
    Line += "; no input tensors to compare";
  JsonObj J = siteJson("nan", P, Run, phaseName(Ph), Site, SI);
  std::string Names = "[";
  for (size_t I = 0; I < Hits.size(); ++I) {
    const NanView &H = V[Hits[I]];
    JsonObj T;
    T.str("name", H.name);
    T.num("nan", static_cast<long long>(H.nan));
    T.num("inf", static_cast<long long>(H.inf));
    T.num("numel", H.numel);
    Names += (I ? "," : "") + T.done();
  }
  J.raw("tensors", Names + "]");
  J.boolean("inputs_clean", Dirty.empty() && Checked);
  J.str("message", Line);
  Json = J.done();
  return true;
}

AOTI_RT_COLD_END

/// A tensor of a deferred NaN/Inf check: what its report needs. The counts
/// are known at the probe (host tensors, empty ones) or written by the
/// device into *result, read after the run's sync.
struct DeferredTensor {
  std::string name;
  uint8_t role = 0;
  bool ok = false;
  bool haveStats = false;
  int64_t numel = 0;
  Stats stats = statsInit();
  const Stats *result = nullptr;
};

/// One probe's deferred check.
struct DeferredRecord {
  int site;
  Phase phase;
  uint8_t roles;
  uint8_t checks;
  OnFail onFail;
  size_t first, count; ///< DeferredChecks::tensors[first, first + count)
};

/// The deferred checks of one run, in launch order: at most one per
/// (site, phase) (a second one makes the runtime read the first, see
/// RunScope::probe), so a run holds a bounded number of them.
struct DeferredChecks {
  std::vector<DeferredRecord> records;
  std::vector<DeferredTensor> tensors; ///< the records' tensors
  std::vector<uint8_t> marks;          ///< ordinal * 2 + phase: has a record

  bool pending() const { return !records.empty(); }
  bool has(int Site, Phase Ph) const {
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      return K < marks.size() && marks[K];
    }
    for (const DeferredRecord &R : records)
      if (R.site == Site && R.phase == Ph)
        return true;
    return false;
  }
  DeferredTensor &addTensor() {
    tensors.emplace_back();
    return tensors.back();
  }
  /// A record of the tensors added since First.
  void addRecord(int Site, Phase Ph, uint8_t Roles, uint8_t Checks, OnFail F,
                 size_t First) {
    records.push_back(
        DeferredRecord{Site, Ph, Roles, Checks, F, First, tensors.size() - First});
    if (Site >= 0) {
      size_t K = static_cast<size_t>(Site) * 2 + Ph;
      if (K >= marks.size())
        marks.resize(K + 1, 0);
      marks[K] = 1;
    }
  }
  /// After the sync: the device's counts into the tensors.
  void collect() {
    for (DeferredTensor &T : tensors)
      if (T.result) {
        T.stats = *T.result;
        T.result = nullptr;
      }
  }
  void clear() {
    for (const DeferredRecord &R : records)
      if (R.site >= 0)
        marks[static_cast<size_t>(R.site) * 2 + R.phase] = 0;
    records.clear();
    tensors.clear();
  }
};

/// How the end of a deferred report may fail.
enum DeferredEnd : int {
  kEndMayThrow = 0,   ///< as on_fail says (RunScope::finish(), a probe)
  kEndNoThrow = 1,    ///< ~RunScope, finish() not called: cannot throw there;
                      ///< a kThrow check reports, then aborts
  kEndReportOnly = 2, ///< ~RunScope while an exception unwinds: report only
};

AOTI_RT_COLD_BEGIN
/// Reports the deferred checks of run Run in launch order (counts
/// collected): each hit of a kWarn check; the first hit of a kThrow or
/// kAbort check ends the report and fails as End says. Clears Checks.
inline void reportDeferred(ProgramState &S, const Program &P, int64_t Run,
                           DeferredChecks &Checks, DeferredEnd End) {
  std::vector<NanView> Views;
  for (size_t R = 0; R < Checks.records.size(); ++R) {
    const DeferredRecord &Rec = Checks.records[R];
    Views.clear();
    for (size_t I = Rec.first; I < Rec.first + Rec.count; ++I) {
      const DeferredTensor &T = Checks.tensors[I];
      Views.push_back(NanView{T.name.c_str(), T.role, T.ok, T.haveStats,
                              T.numel, T.stats.nan, T.stats.inf});
    }
    std::string Line, Json;
    if (!nanEvent(P, Run, Rec.phase, Rec.site, findSite(P, Rec.site),
                  Views.data(), Views.size(), Rec.roles, Rec.checks, Line,
                  Json))
      continue;
    emit(S, Line, Json);
    OnFail F = Rec.onFail;
    if (F == kWarn)
      continue;
    Checks.clear(); // Rec is gone: the run stops here
    if (End == kEndMayThrow)
      fail(F, Line);
    if (End == kEndNoThrow) {
      if (F == kThrow) {
        std::string Why =
            "the NaN check above cannot throw at the end of run " +
            std::to_string(static_cast<long long>(Run)) +
            " (the wrapper does not call RunScope::finish()): aborting";
        emit(S, "[aoti-instrument] error: " + Why,
             JsonObj()
                 .str("event", "warning")
                 .num("run", Run)
                 .str("message", Why)
                 .done());
      }
      abortNow();
    }
    return;
  }
  Checks.clear();
}

AOTI_RT_COLD_END

#if AOTI_RT_CUDA

/// Where deferred launches write their results: pinned host memory mapped
/// into the device, read by the host after the run's sync.
struct ResultChunk {
  Stats *host;
  Stats *dev;
  size_t cap, used;
};

/// A run's deferred NaN checks and their device side: a stats area (the
/// run's launches are ordered by its stream) and result chunks. Leased from
/// a pool at a run's first deferred probe and given back after its sync, so
/// later runs reuse the buffers (nothing is allocated once they are big
/// enough).
struct DeferredRun {
  int device = -1; ///< of the area; -1: none yet
  StatsArea area;
  std::vector<ResultChunk> chunks;
  size_t cur = 0;
  bool launched = false; ///< launches not yet synchronized
  bool broken = false;   ///< a sync failed: never reused
  DeferredChecks checks;

  /// Room for N results: the host pointer (Dev: the device's view), or null.
  Stats *results(size_t N, Stats *&Dev) {
    while (cur < chunks.size() && chunks[cur].used + N > chunks[cur].cap)
      ++cur;
    if (cur == chunks.size()) {
      RelaxedCaptureMode Relaxed;
      size_t Cap = std::max<size_t>(N, 4096);
      void *H = nullptr, *D = nullptr;
      if (cudaHostAlloc(&H, Cap * sizeof(Stats),
                        cudaHostAllocPortable | cudaHostAllocMapped) !=
          cudaSuccess) {
        cudaGetLastError();
        return nullptr;
      }
      if (cudaHostGetDevicePointer(&D, H, 0) != cudaSuccess) {
        cudaGetLastError();
        cudaFreeHost(H);
        return nullptr;
      }
      chunks.push_back(ResultChunk{static_cast<Stats *>(H),
                                   static_cast<Stats *>(D), Cap, 0});
    }
    ResultChunk &C = chunks[cur];
    Stats *H = C.host + C.used;
    Dev = C.dev + C.used;
    C.used += N;
    return H;
  }
  void resetResults() {
    for (ResultChunk &C : chunks)
      C.used = 0;
    cur = 0;
  }
};

/// A DeferredRun for Device (-1: any), from the pool or new.
inline DeferredRun *acquireDeferred(int Device) {
  DeferredRun *D = DevicePool<DeferredRun>::get().take(Device, /*Exact=*/false);
  return D ? D : new DeferredRun();
}

inline void releaseDeferredRun(DeferredRun *D) {
  DevicePool<DeferredRun>::get().give(D);
}

#endif // AOTI_RT_CUDA

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_NAN_H
