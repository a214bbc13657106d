//===- FuzzCommon.h - What the fuzz targets share ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The sample wrapper the rules fuzzer instruments, and the one way the rules
// and wrapper targets plan, rewrite and check a wrapper; how every target
// drops an expected error and fails a check. A check that fails aborts, so
// that libFuzzer keeps the input as a crash.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_FUZZ_FUZZCOMMON_H
#define AOTI_FUZZ_FUZZCOMMON_H

#include "Analysis/LaunchSite.h"
#include "Rules/Rules.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace aoti::fuzz {

/// wrapper-fuzzer/corpus/cuda-all-kinds.cpp, embedded at build time: every
/// launch kind, graph inputs, a constant, views and an aux stream.
llvm::StringRef sampleWrapper();

/// The sample's inventory, analyzed once against the stub AOTI headers.
const WrapperInventory &sampleInventory();

/// Renders \p E as the driver would (so the diagnostic code runs too) and
/// drops it; an error with an empty message is a bug and aborts.
void consumeReported(llvm::Error E);

/// Plans \p Rules over \p Inventory and rewrites \p Text with the plan, as
/// the driver does. Errors are expected and dropped; a rewrite that breaks
/// the rewriter's contract aborts: the output starts with the marker and
/// keeps every line of \p Text, in order (it only inserts).
void instrumentAndCheck(llvm::StringRef Text, const WrapperInventory &Inventory,
                        const RuleSet &Rules);

/// Prints \p Why and aborts.
[[noreturn]] void fail(const llvm::Twine &Why);

} // namespace aoti::fuzz

#endif // AOTI_FUZZ_FUZZCOMMON_H
