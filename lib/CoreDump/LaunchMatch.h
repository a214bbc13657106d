//===- LaunchMatch.h - Which reported launch ran the fault ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The crumb report (CrumbReport.h) names the launches that may hold a
// fault; the core dump names the faulting kernel. The launches of the
// report's windows that run that kernel (names::launchesCubinFunction) are
// the candidates: one names the faulting launch, several cannot be told
// apart (the breadcrumbs record no grid), none puts the fault outside the
// window.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_LAUNCHMATCH_H
#define AOTI_COREDUMP_LAUNCHMATCH_H

#include "CoreDump/CrumbReport.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace aoti {

struct LaunchMatch {
  /// The window's launches (each once, whatever the streams and lines that
  /// name it) that run the kernel.
  std::vector<const ReportedLaunch *> Candidates;
  /// How many distinct launches the windows list, and leave out ("... (K
  /// more, through #X)").
  size_t WindowSize = 0;
  uint64_t Unlisted = 0;
  /// A window allows that the fault is in work after its launches.
  bool MayBeAfter = false;
  /// Every window says every instrumented launch completed: the last one.
  const ReportedLaunch *AllCompletedLast = nullptr;
  /// The window's extern ops (shim calls): a fault in a library's kernel
  /// (cuBLAS, cuDNN, ATen's), which no launch is named by, is in one of
  /// them.
  std::vector<const ReportedLaunch *> Externs;
};

/// The launches of \p Report's windows that run the cubin function
/// \p Function.
LaunchMatch matchLaunches(const CrumbReport &Report, llvm::StringRef Function);

/// One line (without "launch: ") saying what \p Match makes of the fault
/// in \p Function.
std::string describeLaunchMatch(const LaunchMatch &Match,
                                llvm::StringRef Function);

} // namespace aoti

#endif // AOTI_COREDUMP_LAUNCHMATCH_H
