//===- CoreFuzzer.cpp - Fuzz the reading of a CUDA core dump --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The input is what `aoti-instrument explain` reads from a stranger: a CUDA
// GPU core dump (the input starts with "\x7fELF"), or the stderr or JSON log
// given to --report (anything else). A dump is read (CudaCore::read) and
// explained (explainCore: its images read with LLVM's Object and DWARF
// libraries, the faulting PCs looked up in them) with a fixed report whose
// window names gather_rows_kernel; a report is parsed (parseCrumbReport) and
// matched against that kernel, and its device-side assertions are read
// (findDeviceAssertions) and explained (explainAssertions, no package).
//
// Errors are expected and dropped (FuzzCommon.h); a check that fails aborts:
// what the reader hands on lies in the input (sections, images), it reports
// no more faulting lanes than it read, explain fails only for want of a
// faulting lane, and a report's windows, launches and names keep within
// their bounds (CrumbReport.h, DeviceAssert.h).
//
// Seeds: core-fuzzer/corpus: the real llama_gather dump of
// test/Inputs/coredump trimmed by scripts/dev/trim_core.py --drop-memory
// (its tables and the image of the faulting kernel), and a real report
// (test/Inputs/coredump/gather_sparse.stderr) as a stderr line and as a
// JSON log event, and a real stderr with device-side assertions
// (llama_ids_assert.stderr); and what it found: timeout-symtab-size.core, a
// dump whose kernel image claims a symbol table of 2^60 bytes (lib/CoreDump/
// DeviceImage.cpp reads tables through ELFFile since).
//
//===----------------------------------------------------------------------===//

#include "CoreDump/CrumbReport.h"
#include "CoreDump/CudaCore.h"
#include "CoreDump/DeviceAssert.h"
#include "CoreDump/Explain.h"
#include "CoreDump/LaunchMatch.h"
#include "FuzzCommon.h"
#include "Support/ToolError.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>

using namespace aoti;
using llvm::StringRef;

namespace {

/// How a dump starts ("\x7fELF" would read as the escape "\x7fE").
constexpr StringRef ElfMagic = "\x7f"
                               "ELF";

/// The report every dump is explained with.
constexpr StringRef FixedReport =
    "[aoti-instrument] CUDA error 'an illegal memory access was "
    "encountered' (at std::terminate): first launch that did not complete: "
    "one of #2 triton_poi_fused_add_0 (m.wrapper.cpp:120) in run 1, #3 "
    "gather_rows_kernel_0 (m.wrapper.cpp:131, source nodes [gather]) in run 1 "
    "(one breadcrumb per 2 launches); last completed: none\n";

bool inside(StringRef Part, StringRef Whole) {
  return Part.empty() ||
         (Part.begin() >= Whole.begin() && Part.end() <= Whole.end());
}

void checkCore(const CudaCore &Core, StringRef Input) {
  for (const CoreSection &S : Core.sections())
    if (!inside(S.Bytes, Input) || !inside(S.Name, Input))
      fuzz::fail("a section outside the input");
  for (const CoreImage &Image : Core.images())
    if (!inside(Image.Bytes, Input))
      fuzz::fail("an image outside the input");
  if (Core.faultingLanes().size() > Core.lanesRead())
    fuzz::fail("more faulting lanes than lanes read");
}

void explainDump(StringRef Input) {
  llvm::Expected<CudaCore> Core = CudaCore::read("fuzz.core", Input);
  if (!Core)
    return fuzz::consumeReported(Core.takeError());
  checkCore(*Core, Input);
  llvm::Expected<CrumbReport> Report =
      parseCrumbReport("fixed.log", FixedReport);
  if (!Report)
    fuzz::fail("the fixed report does not parse");
  ExplainInput In;
  In.CorePath = "fuzz.core";
  In.Core = &*Core;
  In.Report = &*Report;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::Error E = explainCore(In, OS);
  if (!E)
    return;
  llvm::handleAllErrors(std::move(E), [](const ToolError &TE) {
    if (TE.code() != ExitCode::NoFault || TE.text().empty())
      fuzz::fail("explain failed otherwise than for want of a fault");
  });
}

void readAssertions(StringRef Input, const CrumbReport *Report) {
  std::vector<DeviceAssertion> Found = findDeviceAssertions(Input);
  if (Found.size() > MaxDeviceAssertions)
    fuzz::fail("more assertions than the bound");
  for (const DeviceAssertion &A : Found)
    if (A.Threads == 0 || A.File.size() > MaxAssertionLine ||
        A.Message.size() > MaxAssertionLine)
      fuzz::fail("an assertion over the bounds");
  AssertionInput In;
  In.DumpNote = "none given";
  In.ReportPath = "fuzz.log";
  In.Assertions = Found;
  In.Report = Report;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  explainAssertions(In, OS);
}

void parseReport(StringRef Input) {
  llvm::Expected<CrumbReport> Report = parseCrumbReport("fuzz.log", Input);
  readAssertions(Input, Report ? &*Report : nullptr);
  if (!Report)
    return fuzz::consumeReported(Report.takeError());
  if (Report->Windows.size() > MaxReportWindows)
    fuzz::fail("more windows than the bound");
  for (const CrumbWindow &W : Report->Windows) {
    if (W.Launches.size() > MaxWindowLaunches)
      fuzz::fail("more launches than the bound");
    for (const ReportedLaunch &L : W.Launches)
      if (L.Text.empty() || L.Kernel.size() > MaxReportName ||
          L.WrapperFile.size() > MaxReportName ||
          L.SourceNodes.size() > MaxReportNodes)
        fuzz::fail("a launch over the bounds");
  }
  (void)describeLaunchMatch(matchLaunches(*Report, "gather_rows_kernel"),
                            "gather_rows_kernel");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  if (Input.starts_with(ElfMagic))
    explainDump(Input);
  else
    parseReport(Input);
  return 0;
}
