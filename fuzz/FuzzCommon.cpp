//===- FuzzCommon.cpp - What the fuzz targets share -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "FuzzCommon.h"
#include "AOTIStub.h"
#include "Instrument/Planner.h"
#include "Instrument/Rewriter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

#include "SampleWrapperText.inc" // SampleWrapperText: the sample wrapper

using namespace aoti;
using llvm::StringRef;

void fuzz::fail(const llvm::Twine &Why) {
  llvm::errs() << "aoti fuzz check failed: " << Why << "\n";
  llvm::errs().flush();
  std::abort();
}

StringRef fuzz::sampleWrapper() {
  static const std::string Text = [] {
    std::string S;
    for (const char *const *Chunk = SampleWrapperText; *Chunk; ++Chunk)
      S += *Chunk;
    return S;
  }();
  return Text;
}

const WrapperInventory &fuzz::sampleInventory() {
  static const WrapperInventory Inventory = [] {
    test::StubAnalysis A = test::analyzeWithStub(sampleWrapper());
    if (!A.Parsed || !A.AnalysisError.empty())
      fail("the sample wrapper does not analyze: " + A.Diagnostics +
           A.AnalysisError);
    if (A.Inv.Sites.empty())
      fail("the sample wrapper has no launch site");
    return std::move(A.Inv);
  }();
  return Inventory;
}

void fuzz::consumeReported(llvm::Error E) {
  std::string Message = llvm::toString(std::move(E));
  if (StringRef(Message).trim().empty())
    fail("an error with no message");
}

/// Whether the lines of \p Original appear in \p Output in order.
static bool keepsEveryLine(StringRef Original, StringRef Output) {
  llvm::SmallVector<StringRef> Have;
  Output.split(Have, '\n');
  size_t Next = 0;
  llvm::SmallVector<StringRef> Want;
  Original.split(Want, '\n');
  for (StringRef Line : Want) {
    while (Next < Have.size() && Have[Next] != Line)
      ++Next;
    if (Next == Have.size())
      return false;
    ++Next;
  }
  return true;
}

void fuzz::instrumentAndCheck(StringRef Text, const WrapperInventory &Inventory,
                              const RuleSet &Rules) {
  std::vector<PlanWarning> Warnings;
  llvm::Expected<InstrumentationPlan> Plan =
      planInstrumentation(Rules, Inventory, Warnings);
  if (!Plan)
    return consumeReported(Plan.takeError());
  for (const PlanWarning &W : Warnings)
    if (W.Message.empty())
      fail("a planner warning with no message");
  InstrumentSummary Summary;
  llvm::Expected<std::string> Out = rewriteWrapper(
      Text, "wrapper.cpp", Inventory, *Plan, RuntimeMode::Include, Summary);
  if (!Out)
    return consumeReported(Out.takeError());
  (void)Summary.describe();
  if (!isInstrumented(*Out))
    fail("the output does not start with the marker");
  if (!keepsEveryLine(Text, *Out))
    fail("the output lost or changed a line of the wrapper");
}
