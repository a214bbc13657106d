//===- RulesMerge.cpp - Several rules files as one ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `-rules pinpoint-ima-sparse -rules window.yaml`: a preset and the rule a
// report gave, without copying the preset. Each file is loaded alone
// (loadRules); mergeRuleSets puts them together.
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "Support/ToolError.h"

using namespace aoti;

namespace {

/// Every location of \p S now counts its file after \p Base earlier ones.
void shiftSources(RuleSet &S, unsigned Base) {
  for (Rule &R : S.Rules)
    R.Loc.Source += Base;
  if (S.SettingsLoc)
    S.SettingsLoc->Source += Base;
  if (S.Guards) {
    S.Guards->Loc.Source += Base;
    for (InputGuardRule &G : S.Guards->Inputs)
      G.Loc.Source += Base;
  }
  if (S.Buffers)
    S.Buffers->Loc.Source += Base;
}

/// The error of a section (or rule name) that two files give: at the
/// second, the first named in the note.
llvm::Error givenTwice(const RuleSet &Out, RulesLocation First,
                       RulesLocation Second, const llvm::Twine &What) {
  return makeToolError(ExitCode::RulesError, Out.where(Second),
                       (What + " is given by two rules files").str(),
                       "first given at " + Out.where(First) +
                           "; keep it in one of the files given with -rules",
                       formatSourceSnippet(Out.sourceOf(Second).Text,
                                           Second.Line, Second.Column));
}

/// Moves section \p Name of \p From (input guards, buffers: each has a
/// Loc) into \p Into unless both have it.
template <class T>
llvm::Error takeSection(const RuleSet &Out, std::optional<T> &Into,
                        std::optional<T> &From, llvm::StringRef Name) {
  if (!From)
    return llvm::Error::success();
  if (Into)
    return givenTwice(Out, Into->Loc, From->Loc, "'" + Name + "'");
  Into = std::move(From);
  return llvm::Error::success();
}

/// Adds \p S (its locations already shifted, its file already among
/// Out.Sources) to \p Out.
llvm::Error mergeInto(RuleSet &Out, RuleSet &S) {
  if (S.SettingsLoc && Out.SettingsLoc)
    return givenTwice(Out, *Out.SettingsLoc, *S.SettingsLoc, "'settings'");
  if (S.SettingsLoc) {
    Out.Settings = S.Settings;
    Out.SettingsLoc = S.SettingsLoc;
  }
  if (llvm::Error E = takeSection(Out, Out.Guards, S.Guards, "input_guards"))
    return E;
  if (llvm::Error E = takeSection(Out, Out.Buffers, S.Buffers, "buffers"))
    return E;
  for (Rule &R : S.Rules) {
    for (const Rule &Earlier : Out.Rules)
      if (Earlier.Name == R.Name)
        return givenTwice(Out, Earlier.Loc, R.Loc,
                          "a rule named '" + R.Name + "'");
    Out.Rules.push_back(std::move(R));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<RuleSet> aoti::mergeRuleSets(std::vector<RuleSet> Sets) {
  if (Sets.empty())
    return RuleSet();
  RuleSet Out = std::move(Sets.front());
  for (size_t I = 1; I < Sets.size(); ++I) {
    RuleSet &S = Sets[I];
    shiftSources(S, static_cast<unsigned>(Out.Sources.size()));
    for (RulesSource &Src : S.Sources)
      Out.Sources.push_back(std::move(Src));
    if (llvm::Error E = mergeInto(Out, S))
      return std::move(E);
    if (!S.Description.empty())
      Out.Description += (Out.Description.empty() ? "" : "; ") + S.Description;
  }
  return Out;
}
