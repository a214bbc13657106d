//===- aoti_rt/probe_text.h - Probe reports ---------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The context of one probe and the lines it prints (site prefix, tensor
// statistics and values).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_PROBE_TEXT_H
#define AOTI_RT_PROBE_TEXT_H

#include "cuda_api.h"
#include "cuda_crumbs.h"
#include "items.h"

#include <cstddef>
#include <cstdint>
#include <string>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN
namespace detail {

//--- Probe helpers ---------------------------------------------------------//

/// Everything a probe's events name.
struct ProbeCtx {
  ProgramState *State;
  const Program *Prog;
  int64_t Run;
  Phase ProbePhase;
  int Ordinal;
  const SiteInfo *Site;
  void *Stream;
};

/// The line a probe that prints names writes for its launch
/// ("[aoti-instrument] run 1 after #3 triton_... (wrapper.cpp:916, ...)").
inline std::string launchLine(const ProbeCtx &C) {
  return "[aoti-instrument] run " +
         std::to_string(static_cast<long long>(C.Run)) + " " +
         phaseName(C.ProbePhase) + " " + siteText(*C.Prog, C.Ordinal, C.Site);
}

/// That line's JSON event ("launch").
inline std::string launchEvent(const ProbeCtx &C) {
  return siteJson("launch", *C.Prog, C.Run, phaseName(C.ProbePhase), C.Ordinal,
                  C.Site)
      .done();
}

inline std::string shortSite(const ProbeCtx &C) {
  return "#" + std::to_string(C.Ordinal) + " " +
         (C.Site ? orDefault(C.Site->kernel, "?") : "(unknown site)");
}

/// A CUDA error seen by a probe: report it (with the breadcrumbs) and throw.
[[noreturn]] inline void cudaFailure(const ProbeCtx &C,
                                     const std::string &Error) {
  std::string Line = kReportCudaError + Error + "' " +
                     (C.ProbePhase == kAfter ? "at or before " : "before ") +
                     siteText(*C.Prog, C.Ordinal, C.Site) + kReportInRun +
                     std::to_string(static_cast<long long>(C.Run));
#if AOTI_RT_CUDA
  std::string Crumbs = crumbReportsOfThread(true);
  if (!Crumbs.empty())
    Line += "; " + Crumbs;
#endif
  JsonObj J = siteJson("cuda_error", *C.Prog, C.Run, phaseName(C.ProbePhase),
                       C.Ordinal, C.Site);
  J.str("error", Error).str("message", Line);
  emit(*C.State, Line, J.done());
  throwReported(Line);
}

/// "[aoti-instrument] run 1 after #3 triton_x": what every line of a
/// probe's tensors starts with.
inline std::string linePrefix(const ProbeCtx &C) {
  std::string L = "[aoti-instrument] run ";
  L += std::to_string(static_cast<long long>(C.Run));
  L += ' ';
  L += phaseName(C.ProbePhase);
  L += " #";
  L += std::to_string(C.Ordinal);
  L += ' ';
  L += C.Site ? orDefault(C.Site->kernel, "?") : "(unknown site)";
  return L;
}

/// \p V: std::vector<int64_t> or DimVec.
template <class Dims> void appendList(std::string &S, const Dims &V) {
  S += '[';
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ", ";
    appendInt(S, static_cast<long long>(V[I]));
  }
  S += ']';
}

/// A statistics line's description of \p M (dtype, shape, strides,
/// device, numel) into \p L and, when \p J is not null, its event.
inline void appendTensorFacts(std::string &L, const TensorMeta &M, JsonObj *J) {
  L += ' ';
  L += M.Dtype->Name;
  L += ' ';
  appendList(L, M.Sizes);
  L += " strides ";
  appendList(L, M.Strides);
  L += ' ';
  if (M.Cuda) { // deviceName's spelling without its temporaries
    L += "cuda:";
    appendInt(L, M.DevIndex);
  } else {
    L += deviceName(M.DevType, M.DevIndex);
  }
  L += " numel ";
  appendInt(L, static_cast<long long>(M.Numel));
  if (!J)
    return;
  J->str("dtype", M.Dtype->Name).raw("shape", jsonList(M.Sizes));
  J->raw("strides", jsonList(M.Strides))
      .str("device", deviceName(M.DevType, M.DevIndex));
  J->num("numel", M.Numel);
}

/// A statistics line's numbers (min, max, mean, NaN and Inf counts) of
/// \p St, counted from a tensor of kind \p K, into \p L and \p J.
inline void appendStats(std::string &L, const Stats &St, DKind K, JsonObj *J) {
  double Mn = statsMin(St, K), Mx = statsMax(St, K);
  double Mean = statsMean(St);
  if (isIntKind(K) && !St.count) {
    L += " min - max -";
  } else if (isIntKind(K)) {
    L += " min ";
    appendInt(L, static_cast<long long>(St.imin));
    L += " max ";
    appendInt(L, static_cast<long long>(St.imax));
  } else {
    L += " min ";
    appendDouble(L, Mn);
    L += " max ";
    appendDouble(L, Mx);
  }
  L += " mean ";
  appendDouble(L, Mean);
  L += " nan ";
  appendUInt(L, static_cast<unsigned long long>(St.nan));
  L += " inf ";
  appendUInt(L, static_cast<unsigned long long>(St.inf));
  if (!J)
    return;
  if (isIntKind(K) && St.count)
    J->num("min", St.imin).num("max", St.imax);
  else
    J->dbl("min", Mn).dbl("max", Mx);
  J->dbl("mean", Mean);
  J->num("nan", static_cast<long long>(St.nan));
  J->num("inf", static_cast<long long>(St.inf));
}

/// The statistics line of a tensor (Prefix from linePrefix) and, when Json
/// is not null, its JSON event.
inline std::string statsLine(const ProbeCtx &C, const std::string &Prefix,
                             const Item &It, std::string *Json) {
  const TensorMeta &M = It.Meta;
  std::string L;
  L.reserve(Prefix.size() + 160);
  L += Prefix;
  L += "   ";
  L += M.Name;
  L += ' ';
  L += roleName(M.RoleBits);
  JsonObj J;
  JsonObj *JP = Json ? &J : nullptr;
  if (Json) {
    J = siteJson("stats", *C.Prog, C.Run, phaseName(C.ProbePhase), C.Ordinal,
                 C.Site);
    J.str("tensor", M.Name).str("role", roleName(M.RoleBits));
  }
  if (!M.Ok) {
    L += " " + M.Error;
    if (Json)
      J.str("error", M.Error);
  } else {
    appendTensorFacts(L, M, JP);
    if (M.Numel == 0) {
      L += " (empty)";
    } else if (It.HaveStats) {
      appendStats(L, It.Statistics, M.Dtype->Kind, JP);
    } else if (!It.Why.empty()) {
      L += " (" + It.Why + ")";
      if (Json)
        J.str("note", It.Why);
    }
  }
  if (Json)
    *Json = J.done();
  return L;
}

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_PROBE_TEXT_H
