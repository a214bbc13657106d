//===- Planner.h - Decide what to insert where ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Matches a rule set against a wrapper's launch sites and merges the actions
// of every rule that matches a site into one probe per phase.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_INSTRUMENT_PLANNER_H
#define AOTI_INSTRUMENT_PLANNER_H

#include "Analysis/LaunchSite.h"
#include "Rules/Rules.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// Role bits of the runtime (aoti_rt::Role): which tensors an action sees.
enum RoleBits : uint8_t { InputRole = 1, OutputRole = 2 };
uint8_t roleBits(ArgRole Role);
uint8_t roleBits(TensorSet Set);

/// What to do at one site in one phase; mirrors aoti_rt::Probe.
struct ProbePlan {
  bool Sync = false;
  bool Breadcrumb = false;
  /// Write the crumb after every Nth launch only (1: after each); the
  /// densest of the rules that match wins.
  unsigned CrumbEvery = 1;
  /// CrumbEvery is a window's most launches (rules `breadcrumb: {window:
  /// N}`): the crumb is written where CrumbClose says, or where the window
  /// grew to CrumbEvery launches at run time.
  bool CrumbWindow = false;
  /// The crumb after this launch closes its window (placeWindowCrumbs).
  bool CrumbClose = false;
  uint8_t NanRoles = 0;
  bool CheckNan = false;
  bool CheckInf = false;
  FailAction NanOnFail = FailAction::Warn;
  bool NanDeferred = false;
  std::optional<PrintDetail> Print;
  uint8_t PrintRoles = 0;
  bool PrintDeferred = false;
  bool Save = false;
  uint8_t SaveRoles = 0;
  /// After: check the redzones of the buffers the launch writes.
  bool Redzones = false;

  bool empty() const {
    return !Sync && !Breadcrumb && !NanRoles && !Print && !Save && !Redzones;
  }
  /// A breadcrumb and nothing else: the runtime needs none of the launch's
  /// tensors (RunScope::crumb).
  bool crumbOnly() const {
    return Breadcrumb && !Sync && !NanRoles && !Print && !Save && !Redzones;
  }
};

struct SitePlan {
  unsigned Site = 0; ///< index into WrapperInventory::Sites
  ProbePlan Before;
  ProbePlan After;
  /// Rules `capture`: the launch is captured (its kernel's helper,
  /// WrapperInventory::helperOf, records it) the first time it runs.
  bool Capture = false;
  bool empty() const { return Before.empty() && After.empty() && !Capture; }
};

struct GuardPlan {
  unsigned InputIndex = 0;
  std::string InputName;
  InputGuardRule Rule;
  /// "rules.yaml:12:7": where the rule is, for the run-time message.
  std::string Origin;
};

struct InstrumentationPlan {
  std::vector<SitePlan> Sites; ///< only sites with something to do
  std::vector<GuardPlan> Guards;
  /// Groups of (input index, dim) that must be equal.
  std::vector<std::vector<std::pair<unsigned, unsigned>>> EqualDims;
  bool EnforceAotiChecks = false;
  FailAction GuardOnFail = FailAction::Throw;
  /// Redzones and poison of run_impl's buffers (rules `buffers:`).
  std::optional<BufferSection> Buffers;
  /// Into WrapperInventory::Buffers: the allocations that get redzones or
  /// poison, and the reuses that get poison (their first user writes them).
  std::vector<unsigned> BufferEvents;
  /// Those of BufferEvents whose first user writes every element of the
  /// buffer (firstWriterCoversBuffer): their poison is left out at run
  /// time when the buffer is dense, since no byte of it can be read
  /// unwritten.
  std::vector<unsigned> CoveredBufferEvents;
  /// Deferred counts are batched across launches
  /// (aoti_rt::Program::batch_deferred): a CUDA wrapper with deferred NaN
  /// checks or deferred statistics prints, whose launches all run on
  /// run_impl's stream, unless a rule says `batch: false`. Every launch of a
  /// function with a run scope then gets a RunScope::beforeWrite guard.
  bool BatchDeferred = false;
  /// Number of sites each rule matched.
  std::vector<unsigned> RuleMatchCounts;
  /// What the emitted code takes from the rules beside the sites, so that
  /// the plan is the rewriter's only input: the run-time settings (input
  /// checks among them), and the rules' path and digest it names.
  RuntimeSettings Settings;
  std::string RulesPath;
  std::string RulesDigest;
};

/// A warning about the rules, reported clang-style by the driver.
struct PlanWarning {
  std::string Location;
  std::string Message;
};

/// Whether \p Selector selects \p Site.
bool selectorMatches(const SiteSelector &Selector, const LaunchSite &Site);

/// Plans the instrumentation of \p Inventory by \p Rules. Rules that match
/// no site produce warnings naming the closest kernels; guards that name an
/// input the wrapper does not have are errors.
llvm::Expected<InstrumentationPlan>
planInstrumentation(const RuleSet &Rules, const WrapperInventory &Inventory,
                    std::vector<PlanWarning> &Warnings);

} // namespace aoti

#endif // AOTI_INSTRUMENT_PLANNER_H
