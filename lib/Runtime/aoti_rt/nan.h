//===- aoti_rt/nan.h - NaN/Inf reports ---------------------------*- C++ -*-===//
//
// The NaN/Inf report of a probe, the same text whether the check ran right
// after the launch or was deferred to the end of the run (deferred.h).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_NAN_H
#define AOTI_RT_NAN_H

#include "probe_text.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

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

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_NAN_H
