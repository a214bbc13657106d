//===- ExplainCommand.cpp - `aoti-instrument explain` options -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ExplainCommand.h"
#include "Driver/Driver.h"
#include "Driver/ExplainDriver.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;

namespace {

llvm::cl::SubCommand
    Explain(ExplainCommandName,
            "read a CUDA GPU core dump: the fault's kernel, thread, PC, "
            "source line and, with --report, the launch of the "
            "instrumented run that faulted");

llvm::cl::OptionCategory ExplainCategory("aoti-instrument explain options");

llvm::cl::opt<std::string> CorePath(llvm::cl::Positional,
                                    llvm::cl::desc("[<core dump>]"),
                                    llvm::cl::sub(Explain),
                                    llvm::cl::cat(ExplainCategory));

llvm::cl::opt<std::string> ReportPath(
    "report",
    llvm::cl::desc("The stderr or JSON log of the instrumented run (rules "
                   "with breadcrumbs: pinpoint-ima, pinpoint-ima-sparse): "
                   "name the launch that faulted from its breadcrumb report"),
    llvm::cl::value_desc("file"), llvm::cl::sub(Explain),
    llvm::cl::cat(ExplainCategory));

llvm::cl::opt<std::string> PackagePath(
    "package",
    llvm::cl::desc("The .pt2 the model came from: read a kernel's source "
                   "line from its cubins when the dump's image has none"),
    llvm::cl::value_desc("model.pt2"), llvm::cl::sub(Explain),
    llvm::cl::cat(ExplainCategory));

constexpr llvm::StringLiteral HelpText = R"(
explain reads the core dump the CUDA driver writes when a kernel faults in a
process run with CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 (docs/coredump.md) and
prints, one line each: the device and the driver, then for each fault (the
lanes that report the same exception at the same PC) the exception, the
kernel with its grid and block dimensions, the first faulting thread, the
PC as kernel+offset, and its source file:line from the kernel's line table.

--report FILE names the launch of the instrumented run that ran the faulting
kernel, among the launches its breadcrumb report says may hold the fault.
--package PT2 takes the line from the package's cubins when the dump's image
of the kernel has no line table.

A device-side assert (Triton's tl.device_assert, Inductor's index checks)
prints a line per failing thread ("FILE:LINE: ... block: [..], thread: [..]
Assertion `...` failed."). When there is no dump (none given), or the driver
cut it short (driver 580 does when it skips global memory and the faulting
kernel has an assert), explain reads those lines in --report's file instead:
the kernel is the cubin of --package whose line table has that file and
line, and with the run's breadcrumb report, the launch that ran it.

Examples:
  CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 CUDA_COREDUMP_FILE=/tmp/core.%p \
    python run.py 2> run.stderr
  aoti-instrument explain /tmp/core.1234
  aoti-instrument explain /tmp/core.1234 --report run.stderr --package model.pt2
  aoti-instrument explain --report run.stderr --package model.pt2

Exit codes:
  0   explained
  1   bad command line
  2   a file missing, unreadable or empty (the dump, --report, --package), or
      a package that is no readable zip archive or is over a limit
  3   a package without data/aotinductor/<model>/
  8   not a CUDA GPU core dump: not an ELF file, or an ELF file of another
      kind (a host process's core dump, a cubin)
  9   a truncated or malformed dump (a section past the end of the file, a
      bad sh_link or sh_info, a zero or short row size), and --report has no
      device-side assertion to explain instead
  10  no lane of the dump reports an exception
  11  --report holds no breadcrumb report, or one that cannot be read; or,
      with no dump to read, no device-side assertion
)";

} // namespace

llvm::StringRef aoti::explainHelpText() { return HelpText; }

void aoti::hideUnrelatedExplainOptions() {
  llvm::cl::HideUnrelatedOptions(ExplainCategory, Explain);
}

bool aoti::explainCommandGiven() { return static_cast<bool>(Explain); }

int aoti::runExplainCommand() {
  if (CorePath.empty() && ReportPath.empty()) {
    llvm::errs() << "aoti-instrument: error: no core dump and no --report; "
                    "usage: aoti-instrument explain [<core dump>] "
                    "[--report FILE] [--package PT2]\n";
    return static_cast<int>(ExitCode::Usage);
  }
  ExplainOptions Options;
  Options.CorePath = CorePath;
  Options.ReportPath = ReportPath;
  Options.PackagePath = PackagePath;
  if (llvm::Error E = runExplain(Options, llvm::outs()))
    return reportError(std::move(E), llvm::errs());
  return static_cast<int>(ExitCode::Success);
}
