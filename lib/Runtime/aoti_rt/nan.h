//===- aoti_rt/nan.h - NaN/Inf reports --------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
  const char *Name;
  uint8_t RoleBits;
  bool Ok;        ///< metadata readable
  bool HaveStats; ///< nan and inf hold its counts
  int64_t Numel;
  uint64_t Nan, Inf;
};

inline NanView nanView(const Item &It) {
  return NanView{It.Meta.Name,     It.Meta.RoleBits, It.Meta.Ok,
                 It.HaveStats,     It.Meta.Numel,    It.Statistics.nan,
                 It.Statistics.inf};
}

/// Whether V is checked (its role in Roles) and holds what Checks asks for.
inline bool nanHit(const NanView &V, uint8_t Roles, uint8_t Checks,
                   bool *Nan = nullptr, bool *Inf = nullptr) {
  if (!(V.RoleBits & Roles) || !V.HaveStats)
    return false;
  bool N = (Checks & kCheckNan) && V.Nan;
  bool I = (Checks & kCheckInf) && V.Inf;
  if (Nan)
    *Nan = N;
  if (Inf)
    *Inf = I;
  return N || I;
}

/// "NaN in buf3 (3 of 128 elements)"
inline std::string nanText(const NanView &V, bool Nan, bool Inf) {
  std::string N = std::to_string(static_cast<unsigned long long>(V.Nan));
  std::string I = std::to_string(static_cast<unsigned long long>(V.Inf));
  std::string Of =
      " of " + std::to_string(static_cast<long long>(V.Numel)) + " elements)";
  if (Nan && Inf)
    return std::string("NaN and Inf in ") + V.Name + " (" + N + " NaN, " + I +
           " Inf" + Of;
  if (Nan)
    return std::string("NaN in ") + V.Name + " (" + N + Of;
  return std::string("Inf in ") + V.Name + " (" + I + Of;
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
    if (It.RoleBits != kIn || !It.Ok || !It.HaveStats ||
        std::find(Hits.begin(), Hits.end(), I) != Hits.end())
      continue;
    ++Checked;
    if (!It.Nan && !It.Inf)
      continue;
    Dirty += Dirty.empty() ? "" : ", ";
    Dirty += std::string(It.Name) + " (";
    if (It.Nan)
      Dirty += std::to_string(static_cast<unsigned long long>(It.Nan)) + " NaN";
    if (It.Nan && It.Inf)
      Dirty += ", ";
    if (It.Inf)
      Dirty += std::to_string(static_cast<unsigned long long>(It.Inf)) + " Inf";
    Dirty += ")";
  }
  if (!Dirty.empty())
    Line += "; inputs held NaN/Inf too: " + Dirty;
  else if (Checked)
    Line += "; inputs were clean" + captureHint(P, Site);
  else
    Line += "; no input tensors to compare";
  JsonObj J = siteJson("nan", P, Run, phaseName(Ph), Site, SI);
  std::string Names = "[";
  for (size_t I = 0; I < Hits.size(); ++I) {
    const NanView &H = V[Hits[I]];
    JsonObj T;
    T.str("name", H.Name);
    T.num("nan", static_cast<long long>(H.Nan));
    T.num("inf", static_cast<long long>(H.Inf));
    T.num("numel", H.Numel);
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
