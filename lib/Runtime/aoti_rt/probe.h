//===- aoti_rt/probe.h - RunScope::probeOn ----------------------*- C++ -*-===//
//
// What a probe does, in order: print, NaN check, save, sync, breadcrumb.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_PROBE_H
#define AOTI_RT_PROBE_H

#include "run_scope_impl.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

AOTI_RT_OUTLINE void RunScope::probeOn(int Site, Phase Ph,
                                       const TensorRef *Tensors, int N,
                                       const Probe &Pr, void *Stream,
                                       int Lane) {
  using namespace detail;
  if (!Observing)
    return;
  if (Pr.redzones && Buffers && Ph == kAfter)
    checkRedzones(Tensors, N, Site);
  ProbeCtx C{State, Prog, Run, Ph, Site, findSite(*Prog, Site), Stream};
  // Host-side breadcrumb: the crash handler names this site.
  if (Pr.breadcrumb) {
    installSignalHandler(*State);
    cpuCrumb() = CpuCrumb{Prog, C.site, Site, Run, Ph == kBefore ? 1 : 2};
  }
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

/// 5. Breadcrumb in stream order (after everything else the probe does).
AOTI_RT_OUTLINE void RunScope::streamCrumb(const detail::ProbeCtx &C,
                                           const Probe &Pr, int Lane) {
#if AOTI_RT_CUDA
  using namespace detail;
  if (!Pr.breadcrumb || C.phase != kAfter || Capturing)
    return;
  std::string Why;
  if (!crumbArenaInit(Why)) {
    warnOnce(*State, State->warnedCrumbs, "breadcrumbs unavailable: " + Why,
             Run);
    return;
  }
  std::string Err;
  if (!crumbWrite(*Prog, C.ordinal, Run, static_cast<cudaStream_t>(C.stream),
                  Lane, C.site ? C.site->stream : nullptr, Pr.crumb_every, Err))
    cudaFailure(C, Err);
  else if (crumbArena().useHostFn.load(std::memory_order_relaxed))
    warnOnce(*State, State->warnedCrumbHostFn,
             "breadcrumbs fall back to host functions (cuStreamWriteValue32: " +
                 cuErrorText(static_cast<CUresult>(
                     crumbArena().hostFnCause.load())) +
                 "): each costs a host callback per launch",
             Run);
#else
  (void)C, (void)Pr, (void)Lane;
#endif
}

AOTI_RT_COLD_BEGIN // the probe synchronizes anyway
/// Everything but a breadcrumb alone or a deferred check: prints, immediate
/// NaN checks, saves and syncs, each after the tensors' one device pass.
AOTI_RT_OUTLINE void RunScope::probeNow(const TensorRef *Tensors, int N,
                                        const Probe &Pr,
                                        const detail::ProbeCtx &C, int Lane) {
  using namespace detail;
  ProgramState &S = *State;
  const Program &P = *Prog;
  const int Site = C.ordinal;
  const Phase Ph = C.phase;
  void *const Stream = C.stream;
  const bool Skip = Capturing; // anything that synchronizes
  const bool NeedData = Pr.print >= kPrintStats || Pr.nan_roles || Pr.save;
#if AOTI_RT_CUDA
  // A probe that synchronizes anyway first reads the checks deferred so
  // far, so reports keep launch order.
  if (!Skip && Deferred && Deferred->checks.pending() && (NeedData || Pr.sync))
    resolveDeferred(kEndMayThrow);
#endif
  const std::string RunText = std::to_string(static_cast<long long>(Run));
  // The probe's items, reused by the thread's next probe (the vectors keep
  // their capacity: no allocation per tensor); the scratch lease goes back
  // when the probe ends, however it ends.
  thread_local Batch Reused;
  struct BatchUse {
    Batch &B;
    ~BatchUse() { B.release(); }
  } Use{Reused};
  Batch &B = Reused;
  B.items.resize(NeedData && !Skip ? static_cast<size_t>(std::max(N, 0)) : 0);
  if (NeedData && !Skip) {
    for (int I = 0; I < N; ++I) {
      Item &It = B.items[static_cast<size_t>(I)];
      It.meta.name = orDefault(Tensors[I].name, "?");
      It.meta.role = Tensors[I].role;
      It.meta.handle = Tensors[I].handle;
      readMeta(It.meta);
      uint8_t R = It.meta.role;
      It.wantStats = (Pr.print >= kPrintStats && (R & Pr.print_roles)) ||
                     (Pr.nan_roles && (R & Pr.nan_roles));
      It.wantValues = Pr.print >= kPrintValues && (R & Pr.print_roles) &&
                      P.max_print_values > 0;
      It.wantSave = Pr.save && (R & Pr.save_roles);
      It.haveStats = false;
      It.stats = statsInit();
      It.host = nullptr;
      It.why.clear();
    }
    std::string Err;
    if (!materialize(S, B, Stream, P.max_print_values, Run, Err))
      cudaFailure(C, Err);
  }

  // 1. Print: the probe's lines in one write.
  if (Pr.print >= kPrintNames) {
    EventBuf Ev(S);
    Ev.add("[aoti-instrument] run " + RunText + " " + phaseName(Ph) + " " +
               siteText(P, Site, C.site),
           Ev.json ? siteJson("launch", P, Run, phaseName(Ph), Site, C.site)
                         .done()
                   : std::string());
    if (Pr.print >= kPrintStats && !Skip) {
      const std::string Prefix = linePrefix(C);
      std::string Json;
      for (const Item &It : B.items) {
        if (!(It.meta.role & Pr.print_roles))
          continue;
        std::string Line = statsLine(C, Prefix, It, Ev.json ? &Json : nullptr);
        Ev.add(Line, Json);
        if (It.wantValues && It.meta.ok && It.host && It.meta.numel > 0 &&
            isReadableKind(It.meta.dtype->kind)) {
          int64_t Shown = std::min<int64_t>(It.meta.numel, P.max_print_values);
          std::string Vals = formatValues(It.meta, It.host, Shown);
          std::string VLine = Prefix + "   " + It.meta.name + " values " +
                              Vals + " (" +
                              std::to_string(static_cast<long long>(Shown)) +
                              " of " +
                              std::to_string(
                                  static_cast<long long>(It.meta.numel)) +
                              ")";
          std::string VJson;
          if (Ev.json) {
            JsonObj J =
                siteJson("values", P, Run, phaseName(Ph), Site, C.site);
            J.str("tensor", It.meta.name)
                .raw("values", formatValues(It.meta, It.host, Shown, /*Json=*/true));
            J.num("shown", Shown).num("numel", It.meta.numel);
            VJson = J.done();
          }
          Ev.add(VLine, VJson);
        }
      }
    }
    emit(S, Ev);
  }

  // 2. NaN/Inf check.
  if (Pr.nan_roles && !Skip) {
    bool Any = false;
    for (const Item &It : B.items)
      Any = Any || nanHit(nanView(It), Pr.nan_roles, Pr.nan_checks);
    if (Any) {
      // The inputs' counts, for "inputs were clean": a second pass only
      // for the inputs whose statistics were not computed above.
      Batch Missing;
      std::vector<Item *> Targets;
      for (Item &It : B.items) {
        if (It.meta.role != kIn || !It.meta.ok || It.haveStats)
          continue;
        Item Copy;
        Copy.meta = It.meta;
        Copy.wantStats = true;
        Missing.items.push_back(std::move(Copy));
        Targets.push_back(&It);
      }
      if (!Missing.items.empty()) {
        std::string Err;
        if (!materialize(S, Missing, Stream, 0, Run, Err))
          cudaFailure(C, Err);
        for (size_t K = 0; K < Targets.size(); ++K) {
          Targets[K]->haveStats = Missing.items[K].haveStats;
          Targets[K]->stats = Missing.items[K].stats;
        }
      }
      std::vector<NanView> Views;
      for (const Item &It : B.items)
        Views.push_back(nanView(It));
      std::string Line, Json;
      if (nanEvent(P, Run, Ph, Site, C.site, Views.data(), Views.size(),
                   Pr.nan_roles, Pr.nan_checks, Line, Json)) {
        emit(S, Line, Json);
        fail(Pr.nan_on_fail, Line);
      }
    }
  }

  // 3. Save.
  if (Pr.save && !Skip) {
    std::vector<const Item *> Saved;
    std::string Skipped;
    for (const Item &It : B.items) {
      if (!It.wantSave)
        continue;
      bool Dup = false;
      for (const Item *O : Saved)
        Dup = Dup || std::strcmp(O->meta.name, It.meta.name) == 0;
      if (Dup)
        continue;
      if (!It.meta.ok || !It.meta.dtype->safetensors ||
          (!It.host && It.meta.numel > 0)) {
        Skipped += (Skipped.empty() ? "" : ", ") + std::string(It.meta.name);
        continue;
      }
      Saved.push_back(&It);
    }
    std::string Err, File;
    bool Ok = true;
    {
      std::lock_guard<std::mutex> Lock(S.saveMutex);
      Ok = ensureSession(S, Err);
      if (Ok) {
        std::string Name = "run" + RunText + "_" + std::to_string(Site) +
                           "_" +
                           fileSafe(C.site ? C.site->kernel : "site") + "_" +
                           phaseName(Ph) + ".safetensors";
        File = S.sessionDir + "/" + Name;
        JsonObj Meta;
        Meta.str("run", RunText).str("ordinal", std::to_string(Site));
        Meta.str("kernel", C.site ? orDefault(C.site->kernel, "") : "");
        Meta.str("phase", phaseName(Ph));
        Meta.str("wrapper", baseName(P.wrapper_file));
        Meta.str("line", std::to_string(C.site ? C.site->line : 0));
        std::string Roles;
        for (const Item *It : Saved)
          Roles += std::string(Roles.empty() ? "" : ",") + It->meta.name +
                   ":" + roleName(It->meta.role);
        Meta.str("roles", Roles);
        Ok = writeSafetensors(File, Saved, Meta.done(), Err);
        if (Ok) {
          JsonObj M = siteJson("save", P, Run, phaseName(Ph), Site, C.site);
          M.str("file", Name);
          std::string Ts = "[";
          for (size_t I = 0; I < Saved.size(); ++I) {
            const TensorMeta &TM = Saved[I]->meta;
            Ts += (I ? "," : "") + JsonObj()
                                       .str("name", TM.name)
                                       .str("role", roleName(TM.role))
                                       .str("dtype", TM.dtype->name)
                                       .raw("shape", jsonList(TM.sizes))
                                       .done();
          }
          M.raw("tensors", Ts + "]");
          if (!Skipped.empty())
            M.str("skipped", Skipped);
          std::string Manifest = M.done() + "\n", NoText;
          addRankTags(S, NoText, Manifest);
          std::string MPath = S.sessionDir + "/manifest.jsonl";
          if (FILE *F = std::fopen(MPath.c_str(), "a")) {
            std::fwrite(Manifest.data(), 1, Manifest.size(), F);
            std::fclose(F);
          }
        }
      }
    }
    if (Ok) {
      std::string Line = "[aoti-instrument] run " + RunText + " " +
                         phaseName(Ph) + " " + shortSite(C) + " saved " +
                         std::to_string(Saved.size()) + " tensor(s) to " +
                         File;
      if (!Skipped.empty())
        Line += " (not saved: " + Skipped + ")";
      JsonObj J = siteJson("saved", P, Run, phaseName(Ph), Site, C.site);
      J.str("file", File).num("tensors", static_cast<long long>(Saved.size()));
      emit(S, Line, J.done());
    } else {
      warnOnce(S, S.warnedSave, "cannot save tensors: " + Err, Run);
    }
  }

#if AOTI_RT_CUDA
  // 4. Sync: the launch (and everything before it) finished without error.
  if (Pr.sync && !Skip) {
    cudaError_t E = cudaStreamSynchronize(static_cast<cudaStream_t>(Stream));
    global().hostSyncs.fetch_add(1);
    if (E == cudaSuccess)
      E = cudaGetLastError();
    if (E != cudaSuccess)
      cudaFailure(C, cudaErrorText(E));
  }
#endif
  streamCrumb(C, Pr, Lane);
}
AOTI_RT_COLD_END

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_PROBE_H
