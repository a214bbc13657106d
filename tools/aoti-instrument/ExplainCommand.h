//===- ExplainCommand.h - `aoti-instrument explain` options -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The explain subcommand's option table (llvm::cl::SubCommand "explain"),
// kept apart from the instrumenting options so that each --help shows its
// own. Argument parsing only; the work is lib/Driver/ExplainDriver.h's.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_TOOLS_EXPLAINCOMMAND_H
#define AOTI_TOOLS_EXPLAINCOMMAND_H

#include "llvm/ADT/StringRef.h"

namespace aoti {

/// The subcommand's name, as argv[1].
constexpr llvm::StringRef ExplainCommandName = "explain";

/// What `aoti-instrument explain --help` ends with (llvm::cl prints every
/// registered extrahelp whatever the subcommand: main registers this one
/// or its own).
llvm::StringRef explainHelpText();

/// Hides every option of the subcommand but its own from its --help.
void hideUnrelatedExplainOptions();

/// Whether the parsed command line was `aoti-instrument explain ...`.
bool explainCommandGiven();

/// Runs the parsed explain command; returns the exit code.
int runExplainCommand();

} // namespace aoti

#endif // AOTI_TOOLS_EXPLAINCOMMAND_H
