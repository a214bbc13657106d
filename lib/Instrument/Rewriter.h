//===- Rewriter.h - Turn a plan into an instrumented wrapper ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits the runtime, the site tables and the probe calls as insertions
// (clang::tooling::Replacements) into the original text. Every insertion is
// at a line start chosen by the analysis (before/after the statement that
// holds a launch), so the wrapper's own lines are never touched.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_INSTRUMENT_REWRITER_H
#define AOTI_INSTRUMENT_REWRITER_H

#include "Analysis/LaunchSite.h"
#include "Instrument/Planner.h"
#include "Runtime/RuntimeSource.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace aoti {

/// What was inserted, for the summary the driver prints.
struct InstrumentSummary {
  unsigned SitesProbed = 0;
  unsigned Syncs = 0;
  unsigned Breadcrumbs = 0;
  unsigned NanChecks = 0; ///< probes (site x phase) with a NaN/Inf check
  unsigned Prints = 0;
  unsigned Saves = 0;
  unsigned Captures = 0;
  unsigned InputGuards = 0;
  /// Inputs checked against what the model was compiled for.
  unsigned CompiledInputs = 0;
  unsigned EqualDimGroups = 0;
  bool EnforcesAotiChecks = false;
  unsigned RedzonedBuffers = 0;
  unsigned PoisonedBuffers = 0; ///< allocations and reuses
  /// Of those, the ones poisoned only where not dense (their first writer
  /// writes every element: Plan.CoveredBufferEvents).
  unsigned CoveredBuffers = 0;
  /// Launches guarded for batched counts (RunScope::beforeWrite).
  unsigned WriteGuards = 0;
  std::string describe() const;
};

/// First characters of every file aoti-instrument writes; an input that
/// starts with them is refused.
llvm::StringRef instrumentedMarker();
bool isInstrumented(llvm::StringRef Text);

/// The instrumented text of \p Original, from \p Plan alone (everything it
/// takes of the rules is in the plan). \p DisplayName names the wrapper
/// in run-time messages; \p Runtime says how it gets the runtime (the
/// caller writes the files it includes).
llvm::Expected<std::string> rewriteWrapper(llvm::StringRef Original,
                                           llvm::StringRef DisplayName,
                                           const WrapperInventory &Inventory,
                                           const InstrumentationPlan &Plan,
                                           RuntimeMode Runtime,
                                           InstrumentSummary &Summary);

} // namespace aoti

#endif // AOTI_INSTRUMENT_REWRITER_H
