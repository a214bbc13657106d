//===- ShimOpsDriver.cpp - --list-shim-ops --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The call form of every op of the C shim of the torch the tool parses
// with (--torch-version, --torch-include, or the python3 on PATH), as the
// analysis reads it.
//
//===----------------------------------------------------------------------===//

#include "Analysis/CompileFlags.h"
#include "Analysis/ShimCatalog.h"
#include "Analysis/TorchHeaders.h"
#include "Driver/DriverSteps.h"
#include "Output/ShimOpsListing.h"
#include "llvm/Support/WithColor.h"

using namespace aoti;

llvm::Error aoti::runShimOpsListing(const DriverOptions &Options,
                                    llvm::raw_ostream &Out,
                                    llvm::raw_ostream &Err) {
  std::string Include = torchIncludeDirFor(Options);
  if (Include.empty())
    return makeToolError(ExitCode::CompileError, "",
                         "--list-shim-ops: no torch headers found",
                         "pass --torch-version=X.Y (fetched once) or "
                         "--torch-include=<site-packages>/torch/include, or "
                         "put a python3 that has torch on PATH");
  // The flags a wrapper of this torch is parsed with, when it records none.
  CompileFlagsOptions FlagOptions;
  FlagOptions.TorchIncludeDir = Include;
  FlagOptions.Python = Options.Python;
  FlagOptions.ResourceDir = clangResourceDir(Options.ResourceDir);
  auto Flags = discoverCompileFlags("aoti_shim_catalog.cpp", "", FlagOptions);
  if (!Flags)
    return Flags.takeError();
  auto Ops = readShimCatalog(Include, Flags->Args);
  if (!Ops)
    return Ops.takeError();
  if (Options.ListShimOps == ListFormat::Json)
    printShimOpsJson(*Ops, Include, Out);
  else
    printShimOpsTable(*Ops, Include, Out);
  return llvm::Error::success();
}
