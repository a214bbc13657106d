//===- aoti_rt/probe.h - RunScope::probeOn ----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a probe does, in order: print, NaN check, save, sync, breadcrumb.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_PROBE_H
#define AOTI_RT_PROBE_H

#include "cuda_api.h"
#include "cuda_stats.h"
#include "deferred.h"
#include "deferred_run.h"
#include "fatal_signal.h"
#include "run_scope.h"
#include "safetensors.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Whether a probe reads \p T: it holds a tensor, or cannot be without one.
inline bool probed(const TensorRef &T) {
  return T.presence == Presence::Defined || isDefined(T.handle);
}

/// \p Tensors less those that may be undefined and are (a return the op did
/// not make, an optional tensor left out: a probe says nothing of them);
/// \p N is updated, and \p Kept holds the rest when some are left out.
inline const TensorRef *probedRefs(const TensorRef *Tensors, int &N,
                                   std::vector<TensorRef> &Kept) {
  int I = 0;
  while (I < N && probed(Tensors[I]))
    ++I;
  if (I == N)
    return Tensors;
  Kept.assign(Tensors, Tensors + I);
  for (++I; I < N; ++I)
    if (probed(Tensors[I]))
      Kept.push_back(Tensors[I]);
  N = static_cast<int>(Kept.size());
  return Kept.data();
}

} // namespace detail

AOTI_RT_OUTLINE void RunScope::probeOn(int Site, Phase Ph,
                                       const TensorRef *Tensors, int N,
                                       const Probe &Pr, void *Stream,
                                       int Lane) {
  using namespace detail;
  if (!Observing)
    return;
  std::vector<TensorRef> Kept;
  Tensors = probedRefs(Tensors, N, Kept);
  if (Pr.redzones && Buffers && Ph == kAfter)
    checkRedzones(Tensors, N, Site);
  ProbeCtx C{State, Prog, Run, Ph, Site, findSite(*Prog, Site), Stream};
  if (Pr.breadcrumb)
    noteCpuCrumb(C);
  bool NeedData = Pr.print >= kPrintStats || Pr.nan_roles || Pr.save;
  if (!NeedData && Pr.print == kPrintNone && !Pr.sync) {
    streamCrumb(C, Pr, Lane); // the common cheap case: breadcrumbs only
    return;
  }
#if AOTI_RT_CUDA
  // A deferred NaN check or stats print: no sync here (only when nothing
  // else in this probe needs one). Deferred probes are read by syncing
  // run_impl's stream: a launch on another stream is probed right away.
  const bool NanWaits = Pr.nan_roles && Pr.nan_deferred;
  const bool PrintWaits = Pr.print == kPrintStats && Pr.print_deferred;
  if (!Capturing && Lane == 0 && (NanWaits || PrintWaits) &&
      (!Pr.nan_roles || NanWaits) && (Pr.print < kPrintStats || PrintWaits) &&
      !Pr.sync && !Pr.save && deferProbe(Site, Ph, Tensors, N, Pr, C)) {
    streamCrumb(C, Pr, Lane);
    return;
  }
#endif
  probeNow(Tensors, N, Pr, C, Lane);
}

/// A probe that is a breadcrumb alone (RunScope::crumb): the CPU crumb,
/// then the stream's.
AOTI_RT_OUTLINE void RunScope::crumbOn(int Site, const Probe &Pr, void *Stream,
                                       int Lane) {
  using namespace detail;
  ProbeCtx C{State, Prog, Run, kAfter, Site, findSite(*Prog, Site), Stream};
  noteCpuCrumb(C);
  streamCrumb(C, Pr, Lane);
}

/// The host-side breadcrumb: a crash handler names the launch of \p C.
AOTI_RT_OUTLINE void RunScope::noteCpuCrumb(const detail::ProbeCtx &C) {
  using namespace detail;
  if (!Cpu) { // once per run: the handlers, and this thread's crumb
    installSignalHandler(*State);
    Cpu = &detail::cpuCrumb();
  }
  *Cpu =
      CpuCrumb{Prog, C.Site, C.Ordinal, Run, C.ProbePhase == kBefore ? 1 : 2};
}

/// 5. Breadcrumb in stream order (after everything else the probe does):
/// recorded in this thread's slot of the stream, written there every
/// Pr.crumb_every launches.
AOTI_RT_OUTLINE void RunScope::streamCrumb(const detail::ProbeCtx &C,
                                           const Probe &Pr, int Lane) {
#if AOTI_RT_CUDA
  using namespace detail;
  if (!Pr.breadcrumb || C.ProbePhase != kAfter || Capturing)
    return;
  if (Lane != 0 || !Crumbs) { // (the arena is ready once the run has a slot)
    std::string Why;
    if (!crumbArenaInit(Why)) {
      warnOnce(*State, State->WarnedCrumbs, "breadcrumbs unavailable: " + Why,
               Run);
      return;
    }
  }
  int Index;
  CrumbSlot &Slot = laneSlot(Lane, Index);
  const auto Stream = static_cast<cudaStream_t>(C.Stream);
  const CrumbNoted Noted =
      crumbNote(Slot, *Prog, C.Ordinal, Run, Stream, Lane,
                C.Site ? C.Site->stream : nullptr, crumbPolicy(Pr));
  if (Noted.Written)
    writeCrumb(C, Index, Noted.Seq);
#else
  (void)C, (void)Pr, (void)Lane;
#endif
}

#if AOTI_RT_CUDA
/// Writes breadcrumb \p Seq of slot \p Index on \p C's stream; a failed
/// stream is reported, the host-function fallback warned of once.
AOTI_RT_OUTLINE void RunScope::writeCrumb(const detail::ProbeCtx &C, int Index,
                                          uint32_t Seq) {
  using namespace detail;
  std::string Err;
  if (!crumbStreamWrite(Index, Seq, static_cast<cudaStream_t>(C.Stream), Err))
    cudaFailure(C, Err);
  else if (crumbArena().UseHostFn.load(std::memory_order_relaxed))
    warnOnce(*State, State->WarnedCrumbHostFn,
             "breadcrumbs fall back to host functions (cuStreamWriteValue32: " +
                 cuErrorText(
                     static_cast<CUresult>(crumbArena().HostFnCause.load())) +
                 "): each costs a host callback per launch",
             Run);
}
#endif

#if AOTI_RT_CUDA
/// This thread's breadcrumb slot of \p Lane, and its index: run_impl's
/// stream's (lane 0, the common case) looked up once per run, another
/// stream's at each crumb.
AOTI_RT_OUTLINE detail::CrumbSlot &RunScope::laneSlot(int Lane, int &Index) {
  using namespace detail;
  if (Lane != 0) {
    Index = crumbSlotIndex(Lane);
    return crumbSlot(Index);
  }
  if (!Crumbs) {
    CrumbIndex = crumbSlotIndex(0);
    Crumbs = &crumbSlot(CrumbIndex);
  }
  Index = CrumbIndex;
  return *Crumbs;
}
#endif

AOTI_RT_COLD_BEGIN // the probe synchronizes anyway
namespace detail {

/// The items of a probe that reads its tensors, into \p B: each tensor's
/// metadata and what it is wanted for, then their one device pass.
inline void gatherItems(const ProbeCtx &C, Batch &B, const TensorRef *Tensors,
                        int N, const Probe &Pr) {
  const Program &P = *C.Prog;
  B.Items.resize(static_cast<size_t>(std::max(N, 0)));
  for (int I = 0; I < N; ++I) {
    Item &It = B.Items[static_cast<size_t>(I)];
    It.Meta.Name = orDefault(Tensors[I].name, "?");
    It.Meta.RoleBits = Tensors[I].role;
    It.Meta.Handle = Tensors[I].handle;
    readMeta(It.Meta);
    uint8_t R = It.Meta.RoleBits;
    It.WantStats = (Pr.print >= kPrintStats && (R & Pr.print_roles)) ||
                   (Pr.nan_roles && (R & Pr.nan_roles));
    It.WantValues = Pr.print >= kPrintValues && (R & Pr.print_roles) &&
                    P.max_print_values > 0;
    It.WantSave = Pr.save && (R & Pr.save_roles);
    It.HaveStats = false;
    It.Statistics = statsInit();
    It.Host = nullptr;
    It.Why.clear();
  }
  std::string Err;
  if (!materialize(*C.State, B, C.Stream, P.max_print_values, C.Run, Err))
    cudaFailure(C, Err);
}

/// The values line of \p It (print: values) under \p Prefix, into \p Ev.
inline void addValuesLine(const ProbeCtx &C, EventBuf &Ev,
                          const std::string &Prefix, const Item &It) {
  const Program &P = *C.Prog;
  const TensorMeta &M = It.Meta;
  int64_t Shown = std::min<int64_t>(M.Numel, P.max_print_values);
  std::string Line = Prefix + "   " + M.Name + " values " +
                     formatValues(M, It.Host, Shown) + " (" +
                     std::to_string(static_cast<long long>(Shown)) + " of " +
                     std::to_string(static_cast<long long>(M.Numel)) + ")";
  std::string Json;
  if (Ev.WantJson) {
    JsonObj J = siteJson("values", P, C.Run, phaseName(C.ProbePhase), C.Ordinal,
                         C.Site);
    J.str("tensor", M.Name)
        .raw("values", formatValues(M, It.Host, Shown, /*Json=*/true));
    J.num("shown", Shown).num("numel", M.Numel);
    Json = J.done();
  }
  Ev.add(Line, Json);
}

/// 1. Print: the probe's lines (the site; statistics and values unless
/// \p Skip) in one write.
inline void printProbe(const ProbeCtx &C, const Batch &B, const Probe &Pr,
                       bool Skip) {
  EventBuf Ev(*C.State);
  Ev.add(launchLine(C), Ev.WantJson ? launchEvent(C) : std::string());
  if (Pr.print >= kPrintStats && !Skip) {
    const std::string Prefix = linePrefix(C);
    std::string Json;
    for (const Item &It : B.Items) {
      if (!(It.Meta.RoleBits & Pr.print_roles))
        continue;
      std::string Line =
          statsLine(C, Prefix, It, Ev.WantJson ? &Json : nullptr);
      Ev.add(Line, Json);
      if (It.WantValues && It.Meta.Ok && It.Host && It.Meta.Numel > 0 &&
          isReadableKind(It.Meta.Dtype->Kind))
        addValuesLine(C, Ev, Prefix, It);
    }
  }
  emit(*C.State, Ev);
}

/// The inputs' counts, for "inputs were clean": a second pass only for the
/// inputs of \p B whose statistics were not computed.
inline void countInputs(const ProbeCtx &C, Batch &B) {
  Batch Missing;
  std::vector<Item *> Targets;
  for (Item &It : B.Items) {
    if (It.Meta.RoleBits != kIn || !It.Meta.Ok || It.HaveStats)
      continue;
    Item Copy;
    Copy.Meta = It.Meta;
    Copy.WantStats = true;
    Missing.Items.push_back(std::move(Copy));
    Targets.push_back(&It);
  }
  if (Missing.Items.empty())
    return;
  std::string Err;
  if (!materialize(*C.State, Missing, C.Stream, 0, C.Run, Err))
    cudaFailure(C, Err);
  for (size_t K = 0; K < Targets.size(); ++K) {
    Targets[K]->HaveStats = Missing.Items[K].HaveStats;
    Targets[K]->Statistics = Missing.Items[K].Statistics;
  }
}

/// 2. NaN/Inf check of \p B's tensors; a hit is reported with the inputs'
/// counts and fails per Pr.nan_on_fail.
inline void checkNanNow(const ProbeCtx &C, Batch &B, const Probe &Pr) {
  bool Any = false;
  for (const Item &It : B.Items)
    Any = Any || nanHit(nanView(It), Pr.nan_roles, Pr.nan_checks);
  if (!Any)
    return;
  countInputs(C, B);
  std::vector<NanView> Views;
  for (const Item &It : B.Items)
    Views.push_back(nanView(It));
  std::string Line, Json;
  if (nanEvent(*C.Prog, C.Run, C.ProbePhase, C.Ordinal, C.Site, Views.data(),
               Views.size(), Pr.nan_roles, Pr.nan_checks, Line, Json)) {
    emit(*C.State, Line, Json);
    fail(Pr.nan_on_fail, Line);
  }
}

/// The items of \p B a save writes (each name once), and in \p Skipped
/// those it cannot (unreadable, no safetensors dtype, no host copy).
inline std::vector<const Item *> savedItems(const Batch &B,
                                            std::string &Skipped) {
  std::vector<const Item *> Saved;
  for (const Item &It : B.Items) {
    if (!It.WantSave)
      continue;
    bool Dup = false;
    for (const Item *O : Saved)
      Dup = Dup || std::strcmp(O->Meta.Name, It.Meta.Name) == 0;
    if (Dup)
      continue;
    if (!It.Meta.Ok || !It.Meta.Dtype->Safetensors ||
        (!It.Host && It.Meta.Numel > 0)) {
      Skipped += (Skipped.empty() ? "" : ", ") + std::string(It.Meta.Name);
      continue;
    }
    Saved.push_back(&It);
  }
  return Saved;
}

/// The safetensors header's metadata of a save of \p Saved.
inline std::string saveMetadata(const ProbeCtx &C,
                                const std::vector<const Item *> &Saved) {
  JsonObj Meta;
  Meta.str("run", std::to_string(static_cast<long long>(C.Run)))
      .str("ordinal", std::to_string(C.Ordinal));
  Meta.str("kernel", C.Site ? orDefault(C.Site->kernel, "") : "");
  Meta.str("phase", phaseName(C.ProbePhase));
  Meta.str("wrapper", baseName(C.Prog->wrapper_file));
  Meta.str("line", std::to_string(C.Site ? C.Site->line : 0));
  std::string Roles;
  for (const Item *It : Saved)
    Roles += std::string(Roles.empty() ? "" : ",") + It->Meta.Name + ":" +
             roleName(It->Meta.RoleBits);
  Meta.str("roles", Roles);
  return Meta.done();
}

/// Appends the save of \p Saved, file \p Name, to the session's
/// manifest.jsonl (S.SaveMutex held).
inline void appendSaveManifest(const ProbeCtx &C, const std::string &Name,
                               const std::vector<const Item *> &Saved,
                               const std::string &Skipped) {
  ProgramState &S = *C.State;
  JsonObj M = siteJson("save", *C.Prog, C.Run, phaseName(C.ProbePhase),
                       C.Ordinal, C.Site);
  M.str("file", Name);
  std::string Ts = "[";
  for (size_t I = 0; I < Saved.size(); ++I) {
    const TensorMeta &TM = Saved[I]->Meta;
    Ts += (I ? "," : "") + JsonObj()
                               .str("name", TM.Name)
                               .str("role", roleName(TM.RoleBits))
                               .str("dtype", TM.Dtype->Name)
                               .raw("shape", jsonList(TM.Sizes))
                               .done();
  }
  M.raw("tensors", Ts + "]");
  if (!Skipped.empty())
    M.str("skipped", Skipped);
  std::string Text, Json, Manifest;
  rankTags(S, Text, Json);
  appendWithMembers(Manifest, M.done(), Json);
  Manifest += '\n';
  std::string MPath = S.SessionDir + "/manifest.jsonl";
  if (FILE *F = std::fopen(MPath.c_str(), "a")) {
    std::fwrite(Manifest.data(), 1, Manifest.size(), F);
    std::fclose(F);
  }
}

/// Writes \p Saved to a safetensors file of the session, \p File, and its
/// manifest line. False (\p Err set) when it cannot.
inline bool writeProbeSave(const ProbeCtx &C,
                           const std::vector<const Item *> &Saved,
                           const std::string &Skipped, std::string &File,
                           std::string &Err) {
  ProgramState &S = *C.State;
  std::lock_guard<std::mutex> Lock(S.SaveMutex);
  if (!ensureSession(S, Err))
    return false;
  std::string Name = "run" + std::to_string(static_cast<long long>(C.Run)) +
                     "_" + std::to_string(C.Ordinal) + "_" +
                     fileSafe(C.Site ? C.Site->kernel : "site") + "_" +
                     phaseName(C.ProbePhase) + ".safetensors";
  File = S.SessionDir + "/" + Name;
  if (!writeSafetensors(File, Saved, saveMetadata(C, Saved), Err))
    return false;
  appendSaveManifest(C, Name, Saved, Skipped);
  return true;
}

/// 3. Save: \p B's saved tensors in one safetensors file, and the line
/// that says where.
inline void saveProbe(const ProbeCtx &C, const Batch &B) {
  ProgramState &S = *C.State;
  std::string Skipped, Err, File;
  std::vector<const Item *> Saved = savedItems(B, Skipped);
  if (!writeProbeSave(C, Saved, Skipped, File, Err)) {
    warnOnce(S, S.WarnedSave, "cannot save tensors: " + Err, C.Run);
    return;
  }
  std::string Line = "[aoti-instrument] run " +
                     std::to_string(static_cast<long long>(C.Run)) + " " +
                     phaseName(C.ProbePhase) + " " + shortSite(C) + " saved " +
                     std::to_string(Saved.size()) + " tensor(s) to " + File;
  if (!Skipped.empty())
    Line += " (not saved: " + Skipped + ")";
  JsonObj J = siteJson("saved", *C.Prog, C.Run, phaseName(C.ProbePhase),
                       C.Ordinal, C.Site);
  J.str("file", File).num("tensors", static_cast<long long>(Saved.size()));
  emit(S, Line, J.done());
}

/// 4. Sync: the launch (and everything before it) finished without error.
inline void syncProbe(const ProbeCtx &C) {
#if AOTI_RT_CUDA
  cudaError_t E = countedSync(static_cast<cudaStream_t>(C.Stream));
  if (E == cudaSuccess)
    E = cudaGetLastError();
  if (E != cudaSuccess)
    cudaFailure(C, cudaErrorText(E));
#else
  (void)C;
#endif
}

} // namespace detail

/// Everything but a breadcrumb alone or a deferred check: prints, immediate
/// NaN checks, saves and syncs, each after the tensors' one device pass.
/// While the stream is captured, nothing that synchronizes.
AOTI_RT_OUTLINE void RunScope::probeNow(const TensorRef *Tensors, int N,
                                        const Probe &Pr,
                                        const detail::ProbeCtx &C, int Lane) {
  using namespace detail;
  const bool Skip = Capturing; // anything that synchronizes
  const bool NeedData = Pr.print >= kPrintStats || Pr.nan_roles || Pr.save;
#if AOTI_RT_CUDA
  // A probe that synchronizes anyway first reads the checks deferred so
  // far, so reports keep launch order.
  if (!Skip && Deferred && Deferred->Checks.pending() && (NeedData || Pr.sync))
    resolveDeferred(kEndMayThrow);
#endif
  // The probe's items, reused by the thread's next probe (the vectors keep
  // their capacity: no allocation per tensor); the scratch lease goes back
  // when the probe ends, however it ends.
  thread_local Batch Reused;
  struct BatchUse {
    Batch &B;
    ~BatchUse() { B.release(); }
  } Use{Reused};
  Batch &B = Reused;
  if (NeedData && !Skip)
    gatherItems(C, B, Tensors, N, Pr);
  else
    B.Items.clear();
  if (Pr.print >= kPrintNames)
    printProbe(C, B, Pr, Skip);
  if (Pr.nan_roles && !Skip)
    checkNanNow(C, B, Pr);
  if (Pr.save && !Skip)
    saveProbe(C, B);
  if (Pr.sync && !Skip)
    syncProbe(C);
  streamCrumb(C, Pr, Lane);
}
AOTI_RT_COLD_END

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_PROBE_H
