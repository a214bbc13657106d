//===- ExplainDriver.h - `aoti-instrument explain CORE` ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads the files the explain command names (the core dump, the crumb report
// of --report, the package of --package) and hands them to the CoreDump
// library (CoreDump/Explain.h). The command line tool is a thin shell around
// runExplain().
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_DRIVER_EXPLAINDRIVER_H
#define AOTI_DRIVER_EXPLAINDRIVER_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace aoti {

struct ExplainOptions {
  std::string CorePath;
  /// --report: the stderr or JSON log of the instrumented run ("": none).
  std::string ReportPath;
  /// --package: the .pt2 whose cubins have the line tables ("": none).
  std::string PackagePath;
};

/// Explains the core dump of \p Options on \p Out; errors carry their exit
/// code (ToolError.h).
llvm::Error runExplain(const ExplainOptions &Options, llvm::raw_ostream &Out);

} // namespace aoti

#endif // AOTI_DRIVER_EXPLAINDRIVER_H
