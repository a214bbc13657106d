//===- Planner.cpp - Decide what to insert where --------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/Planner.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>

using namespace aoti;
using llvm::StringRef;

uint8_t aoti::roleBits(ArgRole Role) {
  switch (Role) {
  case ArgRole::Input:
    return InputRole;
  case ArgRole::Output:
  case ArgRole::Ret: // made by the launch: seen after it only
    return OutputRole;
  case ArgRole::InOut:
  case ArgRole::Unknown:
    // Nothing says a user kernel does not write its pointers: treat unknown
    // tensors as both, so output checks never miss them.
    return InputRole | OutputRole;
  }
  return InputRole | OutputRole;
}

uint8_t aoti::roleBits(TensorSet Set) {
  switch (Set) {
  case TensorSet::Inputs:
    return InputRole;
  case TensorSet::Outputs:
    return OutputRole;
  case TensorSet::All:
    return InputRole | OutputRole;
  }
  return InputRole | OutputRole;
}

namespace {

bool anyMatches(const std::vector<NamePattern> &Patterns,
                llvm::ArrayRef<std::string> Names) {
  return llvm::any_of(Patterns, [&](const NamePattern &P) {
    return llvm::any_of(Names,
                        [&](const std::string &N) { return P.matches(N); });
  });
}

bool inPhase(Phases When, bool After) {
  return When == Phases::Both || (When == Phases::After) == After;
}

/// abort beats throw beats warn: the strictest wins when rules overlap.
FailAction stricter(FailAction A, FailAction B) {
  auto Rank = [](FailAction F) {
    return F == FailAction::Abort ? 2 : F == FailAction::Throw ? 1 : 0;
  };
  return Rank(A) >= Rank(B) ? A : B;
}

/// The densest breadcrumb of \p P's and \p R's: the smaller N; at equal N,
/// a window's (it writes at least every N launches).
void mergeBreadcrumb(const Rule &R, ProbePlan &P) {
  const bool Window = R.BreadcrumbWindow != 0;
  const unsigned N = Window ? R.BreadcrumbWindow : R.BreadcrumbEvery;
  if (!P.Breadcrumb || N < P.CrumbEvery) {
    P.CrumbEvery = N;
    P.CrumbWindow = Window;
  } else if (N == P.CrumbEvery) {
    P.CrumbWindow |= Window;
  }
  P.CrumbWindow &= P.CrumbEvery > 1; // a window of 1: a crumb after each
  P.Breadcrumb = true;
}

/// \p StreamOrdered: a CUDA wrapper, where a breadcrumb is a stream-ordered
/// write after the launch (read back when an error surfaces). On the CPU the
/// launch runs on this thread: the breadcrumb goes before it, so a crash
/// inside the kernel is reported against the right site.
void mergeRule(const Rule &R, ProbePlan &P, bool After, bool StreamOrdered) {
  if (After)
    P.Sync |= R.Sync;
  if (After == StreamOrdered && R.Breadcrumb)
    mergeBreadcrumb(R, P);
  if (R.NanCheck && inPhase(R.NanCheck->When, After)) {
    bool First = !P.NanRoles;
    P.NanRoles |= roleBits(R.NanCheck->Tensors);
    P.CheckNan |= R.NanCheck->Nan;
    P.CheckInf |= R.NanCheck->Inf;
    P.NanOnFail =
        First ? R.NanCheck->OnFail : stricter(P.NanOnFail, R.NanCheck->OnFail);
    // Deferred only if every rule checking here agrees to wait.
    P.NanDeferred =
        First ? R.NanCheck->Defer : P.NanDeferred && R.NanCheck->Defer;
  }
  if (R.Print && inPhase(R.Print->When, After)) {
    // Deferred only if every rule printing here agrees to wait.
    P.PrintDeferred =
        P.Print ? P.PrintDeferred && R.Print->Defer : R.Print->Defer;
    P.Print = P.Print ? std::max(*P.Print, R.Print->Detail) : R.Print->Detail;
    P.PrintRoles |= roleBits(R.Print->Tensors);
  }
  if (R.Save && inPhase(R.Save->When, After)) {
    P.Save = true;
    P.SaveRoles |= roleBits(R.Save->Tensors);
  }
}

/// Whether \p Ev's first user is an extern op that writes every element
/// of its `out` tensor (names::writesWholeOut) and is given the buffer
/// itself (not a view of it) as that tensor.
bool firstWriterCoversBuffer(const BufferEvent &Ev,
                             const WrapperInventory &Inv) {
  if (!Ev.FirstUser || Ev.FirstUse != ArgRole::Output)
    return false;
  const LaunchSite &Site = Inv.Sites[*Ev.FirstUser];
  if (Site.Kind != LaunchKind::Extern || !names::writesWholeOut(Site.Kernel))
    return false;
  return llvm::any_of(Site.Tensors, [&](const TensorArg &T) {
    return T.Name == Ev.Name && T.Param == names::ShimOutParam && !T.IsView &&
           T.Role == ArgRole::Output;
  });
}

/// Text of a glob with its wildcards removed, to measure how close kernel
/// names are to what a rule asked for.
std::string literalPart(StringRef Pattern) {
  std::string Out;
  for (char C : Pattern)
    if (!llvm::is_contained(StringRef("*?[]^$.+()\\{}|"), C))
      Out += C;
  return Out;
}

std::string closestKernels(const Rule &R, const WrapperInventory &Inv) {
  std::vector<std::string> Names;
  for (const LaunchSite &S : Inv.Sites)
    if (!llvm::is_contained(Names, S.Kernel))
      Names.push_back(S.Kernel);
  if (Names.empty())
    return "the wrapper has no launch sites";
  std::string Wanted;
  for (const NamePattern &P : R.Match.Kernel)
    Wanted += literalPart(P.text());
  if (!Wanted.empty())
    llvm::stable_sort(Names, [&](const std::string &A, const std::string &B) {
      return StringRef(Wanted).edit_distance(A) <
             StringRef(Wanted).edit_distance(B);
    });
  if (Names.size() > 3)
    Names.resize(3);
  return "closest kernel names: " + llvm::join(Names, ", ");
}

llvm::Expected<unsigned>
resolveInput(const RuleSet &Rules, const WrapperInventory &Inv,
             RulesLocation Loc, std::optional<unsigned> Index, StringRef Name) {
  std::vector<std::string> Known;
  for (const GraphInput &In : Inv.Inputs) {
    Known.push_back(In.Name);
    if ((Index && In.Index == *Index) || (!Index && In.Name == Name))
      return In.Index;
  }
  std::string Asked =
      Index ? "input " + std::to_string(*Index) : "input '" + Name.str() + "'";
  return makeToolError(
      ExitCode::RulesError, Rules.where(Loc),
      Asked + " is not an input of this wrapper",
      "its inputs are: " +
          (Known.empty() ? std::string("none") : llvm::join(Known, ", ")),
      formatSourceSnippet(Rules.sourceOf(Loc).Text, Loc.Line, Loc.Column));
}

/// Whether a capture can record \p Site: a Triton launch through its
/// kernel's call_ helper, or an extern op whose shim call the tool read.
bool capturable(const WrapperInventory &Inv, const LaunchSite &Site) {
  return Inv.helperOf(Site.Kernel) ||
         (Site.Kind == LaunchKind::Extern && !Site.ShimParams.empty());
}

/// What every rule matching site \p SiteIndex asks for there, and its
/// redzone checks; counts each rule's matches in \p Plan.
SitePlan planSite(const RuleSet &Rules, const WrapperInventory &Inv,
                  unsigned SiteIndex, InstrumentationPlan &Plan) {
  SitePlan SP;
  SP.Site = SiteIndex;
  for (unsigned RuleIndex = 0; RuleIndex < Rules.Rules.size(); ++RuleIndex) {
    const Rule &R = Rules.Rules[RuleIndex];
    if (!selectorMatches(R.Match, Inv.Sites[SiteIndex]))
      continue;
    ++Plan.RuleMatchCounts[RuleIndex];
    bool StreamOrdered = Inv.isCuda();
    mergeRule(R, SP.Before, /*After=*/false, StreamOrdered);
    mergeRule(R, SP.After, /*After=*/true, StreamOrdered);
    SP.Capture |= R.Capture && capturable(Inv, Inv.Sites[SiteIndex]);
  }
  // Redzones: every launch of run_impl that may write a tensor.
  const LaunchSite &Site = Inv.Sites[SiteIndex];
  if (Rules.Buffers && Rules.Buffers->RedzoneBytes &&
      Site.Function == names::RunImpl)
    SP.After.Redzones = llvm::any_of(Site.Tensors, [](const TensorArg &T) {
      return T.Role != ArgRole::Input;
    });
  return SP;
}

/// What a core dump names a Triton launch of \p Site by: its cubin function
/// (the helper's loadKernel reads it by name); empty for other launches,
/// which no dump's kernel name picks out (an extern op runs a library's
/// kernels).
StringRef dumpedKernel(const WrapperInventory &Inv, const LaunchSite &Site) {
  if (Site.Kind != LaunchKind::Triton && Site.Kind != LaunchKind::UserTriton)
    return "";
  const KernelHelper *H = Inv.helperOf(Site.Kernel);
  return H && !H->Function.empty() ? StringRef(H->Function)
                                   : StringRef(Site.Kernel);
}

/// The breadcrumbs of one stream of one function, in launch order, as the
/// runtime records them in one slot: where a window crumb must close its
/// window (ProbePlan::CrumbClose). A window of at most N launches closes
/// before a launch whose kernel it already holds, once it holds at least
/// half of N: its crumbs are never denser than one per N / 2 launches
/// (a kernel repeating sooner leaves that window ambiguous, and `explain`
/// says so).
class WindowPlacer {
public:
  explicit WindowPlacer(const WrapperInventory &Inv) : Inv(Inv) {}

  void add(const LaunchSite &Site, ProbePlan &P) {
    StringRef Kernel = dumpedKernel(Inv, Site);
    if (Last && (Members >= Last->CrumbEvery ||
                 (Members >= (Last->CrumbEvery + 1) / 2 && !Kernel.empty() &&
                  llvm::is_contained(Kernels, Kernel))))
      closeAtLast();
    ++Members;
    if (!Kernel.empty())
      Kernels.push_back(Kernel);
    Last = P.CrumbWindow ? &P : nullptr;
    if (!P.CrumbWindow && P.CrumbEvery == 1)
      restart(); // its crumb is always written
  }
  /// The last launch closes a window too: the next run's launches start
  /// one of their own.
  void finish() { closeAtLast(); }

private:
  void closeAtLast() {
    if (Last)
      Last->CrumbClose = true;
    restart();
  }
  void restart() {
    Members = 0;
    Kernels.clear();
    Last = nullptr;
  }

  const WrapperInventory &Inv;
  unsigned Members = 0;
  std::vector<StringRef> Kernels;
  ProbePlan *Last = nullptr; ///< the last launch, when its crumb is a window's
};

/// Places the crumbs of `breadcrumb: {window: N}` (ProbePlan::CrumbClose):
/// each stream of each function on its own, in launch order.
void placeWindowCrumbs(const WrapperInventory &Inv, InstrumentationPlan &Plan) {
  std::map<std::pair<std::string, unsigned>, WindowPlacer> Placers;
  for (SitePlan &SP : Plan.Sites) {
    if (!SP.After.Breadcrumb)
      continue;
    const LaunchSite &Site = Inv.Sites[SP.Site];
    Placers.try_emplace({Site.Function, Site.StreamLane}, Inv)
        .first->second.add(Site, SP.After);
  }
  for (auto &P : Placers)
    P.second.finish();
}

/// Whether deferred counts are batched across launches
/// (InstrumentationPlan::BatchDeferred). Batching must see every write to a
/// pending tensor in stream order: not with launches on other streams. What
/// is batched: deferred counts, and the redzone checks of CUDA buffers (each
/// before the buffer's next writer).
bool batchesDeferred(const RuleSet &Rules, const WrapperInventory &Inv,
                     const InstrumentationPlan &Plan) {
  auto DeferredCounts = [](const ProbePlan &P) {
    return (P.NanRoles && P.NanDeferred) ||
           (P.Print == PrintDetail::Stats && P.PrintDeferred) || P.Redzones;
  };
  return Inv.isCuda() &&
         llvm::all_of(Rules.Rules,
                      [](const Rule &R) {
                        return (!R.NanCheck || R.NanCheck->Batch) &&
                               (!R.Print || R.Print->Batch);
                      }) &&
         llvm::any_of(Plan.Sites,
                      [&](const SitePlan &SP) {
                        return DeferredCounts(SP.Before) ||
                               DeferredCounts(SP.After);
                      }) &&
         llvm::all_of(Inv.Sites, [](const LaunchSite &S) {
           return S.Stream.empty() && S.StreamLane == 0;
         });
}

/// Warns of each rule that matched no site, naming the closest kernels.
void warnUnmatchedRules(const RuleSet &Rules, const WrapperInventory &Inv,
                        const InstrumentationPlan &Plan,
                        std::vector<PlanWarning> &Warnings) {
  for (unsigned I = 0; I < Rules.Rules.size(); ++I)
    if (!Plan.RuleMatchCounts[I])
      Warnings.push_back({Rules.where(Rules.Rules[I].Loc),
                          "rule '" + Rules.Rules[I].Name +
                              "' matches no launch site; " +
                              closestKernels(Rules.Rules[I], Inv)});
}

/// Warns of each capturing rule that matches launches no capture can
/// record: only a Triton kernel launched through its call_ helper is.
void warnUncapturable(const RuleSet &Rules, const WrapperInventory &Inv,
                      std::vector<PlanWarning> &Warnings) {
  for (const Rule &R : Rules.Rules) {
    if (!R.Capture)
      continue;
    std::vector<std::string> Skipped;
    for (const LaunchSite &S : Inv.Sites)
      if (selectorMatches(R.Match, S) && !capturable(Inv, S))
        Skipped.push_back("#" + std::to_string(S.Ordinal) + " " + S.Kernel +
                          " (" + kindName(S.Kind).str() + ")");
    if (Skipped.empty())
      continue;
    size_t Shown = std::min<size_t>(Skipped.size(), 3);
    std::string List =
        llvm::join(llvm::ArrayRef(Skipped).take_front(Shown), ", ");
    if (Skipped.size() > Shown)
      List += ", and " + std::to_string(Skipped.size() - Shown) + " more";
    Warnings.push_back(
        {Rules.where(R.Loc), "rule '" + R.Name + "' cannot capture " + List +
                                 ": only Triton launches through their call_ "
                                 "helper and extern ops are captured"});
  }
}

/// The buffer events that get redzones or poison (rules `buffers:`), and
/// those of them whose first writer covers the buffer.
void planBuffers(const RuleSet &Rules, const WrapperInventory &Inv,
                 InstrumentationPlan &Plan) {
  const auto &B = Rules.Buffers;
  if (!B || (!B->RedzoneBytes && !B->Poison))
    return;
  Plan.Buffers = *B;
  for (unsigned I = 0; I < Inv.Buffers.size(); ++I) {
    const BufferEvent &Ev = Inv.Buffers[I];
    // A reuse keeps its data when its first user reads it (an in-place
    // update): only a reuse whose first user writes it is poisoned.
    if (Ev.Kind == BufferEvent::Reuse &&
        (!B->Poison || !Ev.FirstUse || *Ev.FirstUse == ArgRole::Input ||
         *Ev.FirstUse == ArgRole::InOut))
      continue;
    Plan.BufferEvents.push_back(I);
    if (B->Poison && firstWriterCoversBuffer(Ev, Inv))
      Plan.CoveredBufferEvents.push_back(I);
  }
}

/// The inputs of one `equal_dims` group of \p G, as (input index, dim).
llvm::Expected<std::vector<std::pair<unsigned, unsigned>>>
resolveEqualDims(const RuleSet &Rules, const WrapperInventory &Inv,
                 const InputGuardSection &G,
                 const std::vector<DimReference> &Group) {
  std::vector<std::pair<unsigned, unsigned>> Refs;
  for (const DimReference &D : Group) {
    StringRef Name = D.Input;
    std::optional<unsigned> Index;
    unsigned N;
    if (Name.consume_front("#") && !Name.getAsInteger(10, N))
      Index = N;
    auto Resolved = resolveInput(Rules, Inv, G.Loc, Index, D.Input);
    if (!Resolved)
      return Resolved.takeError();
    Refs.push_back({*Resolved, D.Dim});
  }
  return Refs;
}

/// The input guards of the rules (`guards:`): AOTI's own checks, each
/// input's guard and the groups of dims that must be equal.
llvm::Error planGuards(const RuleSet &Rules, const WrapperInventory &Inv,
                       InstrumentationPlan &Plan,
                       std::vector<PlanWarning> &Warnings) {
  const auto &G = Rules.Guards;
  if (!G)
    return llvm::Error::success();
  Plan.EnforceAotiChecks = G->EnforceAotiChecks;
  Plan.GuardOnFail = G->OnFail;
  if (G->EnforceAotiChecks && Inv.InputChecks.empty() && !Inv.Inputs.empty())
    Warnings.push_back({Rules.where(G->Loc),
                        "enforce_aoti_checks: this wrapper has no "
                        "check_input_N functions to enforce"});
  for (const InputGuardRule &Guard : G->Inputs) {
    auto Index = resolveInput(Rules, Inv, Guard.Loc, Guard.Index, Guard.Name);
    if (!Index)
      return Index.takeError();
    Plan.Guards.push_back(
        {*Index, Inv.Inputs[0].Name, Guard,
         formatRulesLocation(
             llvm::sys::path::filename(Rules.sourceOf(Guard.Loc).Path),
             Guard.Loc)});
    for (const GraphInput &In : Inv.Inputs)
      if (In.Index == *Index)
        Plan.Guards.back().InputName = In.Name;
  }
  for (const auto &Group : G->EqualDims) {
    auto Refs = resolveEqualDims(Rules, Inv, *G, Group);
    if (!Refs)
      return Refs.takeError();
    Plan.EqualDims.push_back(std::move(*Refs));
  }
  return llvm::Error::success();
}

} // namespace

bool aoti::selectorMatches(const SiteSelector &S, const LaunchSite &Site) {
  if (!S.Kernel.empty() && !anyMatches(S.Kernel, {Site.Kernel}))
    return false;
  if (!S.Kinds.empty() && !llvm::is_contained(S.Kinds, Site.Kind))
    return false;
  if (!S.SourceNodes.empty() && !anyMatches(S.SourceNodes, Site.SourceNodes))
    return false;
  if (!S.AtenOps.empty() && !anyMatches(S.AtenOps, Site.AtenOps))
    return false;
  if (!S.Ordinals.empty() &&
      !llvm::any_of(S.Ordinals, [&](const std::pair<unsigned, unsigned> &R) {
        return R.first <= Site.Ordinal && Site.Ordinal <= R.second;
      }))
    return false;
  if (!S.Tensors.empty()) {
    std::vector<std::string> Names;
    for (const TensorArg &T : Site.Tensors)
      Names.push_back(T.Name);
    if (!anyMatches(S.Tensors, Names))
      return false;
  }
  if (S.Function && *S.Function != Site.Function)
    return false;
  return true;
}

llvm::Expected<InstrumentationPlan>
aoti::planInstrumentation(const RuleSet &Rules, const WrapperInventory &Inv,
                          std::vector<PlanWarning> &Warnings) {
  InstrumentationPlan Plan;
  Plan.RuleMatchCounts.assign(Rules.Rules.size(), 0);
  Plan.Settings = Rules.Settings;
  Plan.RulesPath = Rules.path();
  Plan.RulesDigest = Rules.digest();
  for (unsigned SiteIndex = 0; SiteIndex < Inv.Sites.size(); ++SiteIndex) {
    SitePlan SP = planSite(Rules, Inv, SiteIndex, Plan);
    if (!SP.empty())
      Plan.Sites.push_back(std::move(SP));
  }
  placeWindowCrumbs(Inv, Plan);
  warnUncapturable(Rules, Inv, Warnings);
  Plan.BatchDeferred = batchesDeferred(Rules, Inv, Plan);
  warnUnmatchedRules(Rules, Inv, Plan, Warnings);
  planBuffers(Rules, Inv, Plan);
  if (llvm::Error E = planGuards(Rules, Inv, Plan, Warnings))
    return std::move(E);
  return Plan;
}
