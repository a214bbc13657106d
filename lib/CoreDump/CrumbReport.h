//===- CrumbReport.h - Read the breadcrumb report of a CUDA error -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// An instrumented run that hits a CUDA error prints, from its breadcrumbs,
// the launches that may hold the fault (lib/Runtime/aoti_rt/cuda_crumbs.h,
// crumbReport; its phrases are in aoti_rt/abi.h):
//
//   [aoti-instrument] CUDA error 'an illegal memory access was encountered'
//   (while run 1 unwound): first launch that did not complete: one of #2
//   triton_poi_x_0 (m.wrapper.cpp:120, source nodes [a, b]) in run 1, #3
//   gather_rows_kernel_0 (m.wrapper.cpp:131, source nodes [gather]) in run 1
//   (one breadcrumb per 4 launches); last completed: #1 ... in run 1; ...
//
// on stderr, and the same text as the "message" of a cuda_error event in
// the JSON log. This reads every such report of a file (stderr or JSON
// lines) into its windows, one per stream. The file is untrusted: lines,
// names and counts are bounded, and what cannot be read is an error
// (exit code 11) with the line and column.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_CRUMBREPORT_H
#define AOTI_COREDUMP_CRUMBREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// One launch a report names: "#3 gather_rows_kernel_0 (m.wrapper.cpp:131,
/// source nodes [gather]) in run 1".
struct ReportedLaunch {
  /// False for "(unknown)", "(unknown: too far back)" and "#N (unknown
  /// site) ..." (then only Ordinal and Run may be known).
  bool Known = false;
  std::optional<uint64_t> Ordinal;
  std::string Kernel;      ///< The wrapper's name: "gather_rows_kernel_0".
  std::string WrapperFile; ///< "m.wrapper.cpp"
  uint64_t WrapperLine = 0;
  std::string SourceNodes; ///< "gather, mul" (without the brackets).
  std::optional<int64_t> Run;
  std::string Text; ///< As the report wrote it.
};

/// The launches one stream's report says may hold the fault.
struct CrumbWindow {
  enum class Form {
    /// "first launch that did not complete: #3 ...": exactly one.
    FirstIncomplete,
    /// "first launch that did not complete: one of #2 ..., #3 ...".
    OneOf,
    /// "launches not known to have completed: ...": these, or work after.
    NotKnownCompleted,
    /// "every instrumented launch completed, the last was #5 ...": none.
    AllCompleted,
  };
  Form Kind = Form::FirstIncomplete;
  /// Whose launches: "" (run_impl's stream), "on <stream>", "thread T,
  /// stream S", as the report wrote it.
  std::string Stream;
  /// The window, in order ("... (K more, through #X)": the listed ones and
  /// #X; Unlisted counts those between). Empty for AllCompleted.
  std::vector<ReportedLaunch> Launches;
  uint64_t Unlisted = 0;
  /// "one breadcrumb per N launches" (1 when the report does not say).
  uint64_t Every = 1;
  /// "last completed: ..." (AllCompleted: the last launch).
  std::optional<ReportedLaunch> LastCompleted;
  unsigned Line = 0; ///< The report's line (1-based).
};

struct CrumbReport {
  std::vector<CrumbWindow> Windows;
};

/// The most bytes of one line, launches of one window and windows of a
/// report that are read, and the most characters of a kernel or wrapper
/// file name and of a launch's source nodes.
constexpr size_t MaxReportLine = 4 << 20;
constexpr size_t MaxWindowLaunches = 4096;
constexpr size_t MaxReportWindows = 1024;
constexpr size_t MaxReportName = 4096;
constexpr size_t MaxReportNodes = 1 << 16;

/// Every breadcrumb report of \p Text (a run's stderr, or its JSON log),
/// named \p Path in errors. An error (exit code 11) when there is none, or
/// when one cannot be read.
llvm::Expected<CrumbReport> parseCrumbReport(llvm::StringRef Path,
                                             llvm::StringRef Text);

} // namespace aoti

#endif // AOTI_COREDUMP_CRUMBREPORT_H
