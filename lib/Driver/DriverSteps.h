//===- DriverSteps.h - Stages of both flows ---------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to lib/Driver: the steps a wrapper goes through whether it was
// given on the command line or taken out of a .pt2 package.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_DRIVER_DRIVERSTEPS_H
#define AOTI_DRIVER_DRIVERSTEPS_H

#include "Analysis/LaunchSite.h"
#include "Driver/Driver.h"
#include "Instrument/Rewriter.h"
#include "Rules/Rules.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace aoti {

/// Works out compile flags for \p Path (whose text is \p Text) and analyzes
/// it; notes go to \p Err. With \p ReadableRoots (a package's wrapper),
/// the parse reads no file outside them.
llvm::Expected<WrapperInventory>
analyzeWrapperFile(const DriverOptions &Options, llvm::StringRef Path,
                   llvm::StringRef Text, llvm::raw_ostream &Err,
                   llvm::ArrayRef<std::string> ReadableRoots = {});

/// Plans and rewrites \p Original, the runtime given as \p Runtime says;
/// warnings go to \p Err.
llvm::Expected<std::string>
instrumentWrapperText(const RuleSet &Rules, const WrapperInventory &Inventory,
                      llvm::StringRef Original, llvm::StringRef DisplayName,
                      RuntimeMode Runtime, InstrumentSummary &Summary,
                      size_t &SitesMatched, llvm::raw_ostream &Err);

/// "(4 of 4 launch sites matched by 1 rule)", or "" without rules.
std::string describeMatches(const RuleSet &Rules, size_t SitesMatched,
                            size_t Sites);

/// The --time-report timer of phase \p Name, or null.
llvm::Timer *timer(const DriverOptions &Options, llvm::StringRef Name,
                   llvm::StringRef Description);

/// The torch/include a wrapper is parsed and built against.
std::string torchIncludeDirFor(const DriverOptions &Options);

/// The C++ compiler the user chose for rebuilds: --cxx, else $CXX; ""
/// when neither.
std::string userCompiler(const DriverOptions &Options);

/// The package flow (lib/Driver/PackageDriver.cpp).
llvm::Error runPackageDriver(const DriverOptions &Options,
                             const std::optional<RuleSet> &Rules,
                             llvm::raw_ostream &Out, llvm::raw_ostream &Err);

/// --list-shim-ops (lib/Driver/ShimOpsDriver.cpp).
llvm::Error runShimOpsListing(const DriverOptions &Options,
                              llvm::raw_ostream &Out, llvm::raw_ostream &Err);

/// --print-compile-command on a wrapper.
llvm::Error printWrapperCompileCommand(const DriverOptions &Options,
                                       llvm::StringRef Text,
                                       llvm::raw_ostream &Out,
                                       llvm::raw_ostream &Err);

} // namespace aoti

#endif // AOTI_DRIVER_DRIVERSTEPS_H
