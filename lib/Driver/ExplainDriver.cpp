//===- ExplainDriver.cpp --------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Driver/ExplainDriver.h"
#include "CoreDump/CrumbReport.h"
#include "CoreDump/CudaCore.h"
#include "CoreDump/DeviceAssert.h"
#include "CoreDump/Explain.h"
#include "Package/PackageArchive.h"
#include "Support/ToolError.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace aoti;
using llvm::StringRef;

namespace {

/// The most bytes of one cubin read from a package.
constexpr uint64_t MaxPackageCubin = uint64_t(1) << 30;

/// The bytes of \p Path (\p What: what it should be, for messages).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readInput(StringRef Path,
                                                              StringRef What) {
  if (llvm::sys::fs::is_directory(Path))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "is a directory; expected " + What.str());
  // A device or a FIFO could be read forever (/dev/zero).
  if (llvm::sys::fs::exists(Path) && !llvm::sys::fs::is_regular_file(Path))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "is not a regular file; expected " + What.str());
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "cannot open file: " + Buffer.getError().message());
  if ((*Buffer)->getBufferSize() == 0)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is empty; expected " + What.str());
  return std::move(*Buffer);
}

/// The cubins of every model of the package \p Path, kept in \p Storage.
llvm::Expected<std::vector<ExtraCubin>>
readPackageCubins(StringRef Path, std::vector<std::string> &Storage) {
  auto Archive = PackageArchive::open(Path);
  if (!Archive)
    return Archive.takeError();
  std::vector<std::pair<std::string, uint64_t>> Wanted;
  for (const PackageModel &Model : Archive->models())
    for (size_t I = 0; I < Model.Entries.size(); ++I)
      if (StringRef(Model.Entries[I]).ends_with(".cubin"))
        Wanted.emplace_back(Model.Entries[I], Model.Indices[I]);
  Storage.reserve(Wanted.size());
  std::vector<ExtraCubin> Cubins;
  for (const auto &[Entry, Index] : Wanted) {
    auto Bytes = Archive->readEntry(Index, MaxPackageCubin);
    if (!Bytes)
      return Bytes.takeError();
    Storage.push_back(std::move(*Bytes));
    Cubins.push_back({Path.str() + ":" + Entry, Storage.back()});
  }
  return Cubins;
}

} // namespace

namespace {

/// What explain reads besides the dump.
struct ExplainFiles {
  std::unique_ptr<llvm::MemoryBuffer> ReportText;
  std::vector<std::string> CubinStorage;
  std::vector<ExtraCubin> Cubins;
};

llvm::Expected<ExplainFiles> readOtherFiles(const ExplainOptions &Options) {
  ExplainFiles Files;
  if (!Options.ReportPath.empty()) {
    auto Text = readInput(Options.ReportPath,
                          "the stderr or JSON log of an instrumented run");
    if (!Text)
      return Text.takeError();
    Files.ReportText = std::move(*Text);
  }
  if (!Options.PackagePath.empty()) {
    auto Read = readPackageCubins(Options.PackagePath, Files.CubinStorage);
    if (!Read)
      return Read.takeError();
    Files.Cubins = std::move(*Read);
  }
  return Files;
}

llvm::Error explainDump(const ExplainOptions &Options, const CudaCore &Core,
                        const ExplainFiles &Files, llvm::raw_ostream &Out) {
  std::optional<CrumbReport> Report;
  if (Files.ReportText) {
    auto Parsed =
        parseCrumbReport(Options.ReportPath, Files.ReportText->getBuffer());
    if (!Parsed)
      return Parsed.takeError();
    Report = std::move(*Parsed);
  }
  ExplainInput In;
  In.CorePath = Options.CorePath;
  In.Core = &Core;
  In.Extra = Files.Cubins;
  In.Report = Report ? &*Report : nullptr;
  return explainCore(In, Out);
}

/// The device-side assertions of the report, when the dump is missing
/// (\p DumpError success) or cut short: an error when there are none, or
/// when the dump is wrong for another reason.
llvm::Error explainFromAssertions(const ExplainOptions &Options,
                                  llvm::Error DumpError,
                                  const ExplainFiles &Files,
                                  llvm::raw_ostream &Out) {
  std::vector<DeviceAssertion> Assertions =
      Files.ReportText ? findDeviceAssertions(Files.ReportText->getBuffer())
                       : std::vector<DeviceAssertion>();
  AssertionInput In;
  In.DumpNote = "none given";
  DumpError = llvm::handleErrors(
      std::move(DumpError), [&](std::unique_ptr<ToolError> E) -> llvm::Error {
        if (E->code() != ExitCode::MalformedCore || Assertions.empty())
          return llvm::Error(std::move(E));
        In.DumpNote = Options.CorePath + ": " + E->text().str();
        return llvm::Error::success();
      });
  if (DumpError)
    return DumpError;
  if (Assertions.empty())
    return makeToolError(
        ExitCode::BadReport, Options.ReportPath,
        "no device-side assertion ('... Assertion `...` failed.') to explain, "
        "and no core dump given",
        "give the core dump the run left, or the run's whole stderr");
  auto Report =
      parseCrumbReport(Options.ReportPath, Files.ReportText->getBuffer());
  if (!Report)
    llvm::consumeError(Report.takeError()); // said as "launch: unknown (...)"
  In.ReportPath = Options.ReportPath;
  In.Assertions = Assertions;
  In.Extra = Files.Cubins;
  In.Report = Report ? &*Report : nullptr;
  explainAssertions(In, Out);
  return llvm::Error::success();
}

} // namespace

llvm::Error aoti::runExplain(const ExplainOptions &Options,
                             llvm::raw_ostream &Out) {
  auto Files = readOtherFiles(Options);
  if (!Files)
    return Files.takeError();
  if (Options.CorePath.empty())
    return explainFromAssertions(Options, llvm::Error::success(), *Files, Out);
  auto CoreFile = readInput(Options.CorePath, "a CUDA GPU core dump");
  if (!CoreFile)
    return CoreFile.takeError();
  auto Core = CudaCore::read(Options.CorePath, (*CoreFile)->getBuffer());
  if (!Core)
    return explainFromAssertions(Options, Core.takeError(), *Files, Out);
  return explainDump(Options, *Core, *Files, Out);
}
