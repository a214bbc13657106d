//===- Driver.h - Run one wrapper through the tool's stages -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver reads and validates the input, works out compile flags, runs
// the analysis and hands the result to the requested output. The command
// line tool is a thin shell around runDriver().
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_DRIVER_DRIVER_H
#define AOTI_DRIVER_DRIVER_H

#include "Runtime/RuntimeSource.h"
#include "Support/PhaseTimes.h"
#include "Support/Sandbox.h"
#include "Support/ToolError.h"
#include "Support/Version.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
} // namespace clang::tooling

namespace aoti {

enum class ListFormat { None, Table, Json };

struct DriverOptions {
  std::string InputPath;
  ListFormat List = ListFormat::None;
  /// --list-shim-ops: the call form of every op of the torch's C shim (no
  /// input file).
  ListFormat ListShimOps = ListFormat::None;
  /// Flags after `--` (FixedCompilationDatabase::loadFromCommandLine), used
  /// as given; null when there is no `--`.
  std::shared_ptr<const clang::tooling::CompilationDatabase>
      CommandLineDatabase;
  /// -p: directory holding compile_commands.json.
  std::string BuildPath;
  std::string TorchIncludeDir;
  /// --torch-version=X.Y: parse with that release's headers from the cache
  /// (fetched first when missing).
  std::string TorchVersion;
  std::string Python = "python3";
  /// --resource-dir: clang resource dir; by default the one next to the
  /// executable, else the one the tool was built against.
  std::string ResourceDir;
  /// -rules: instrument the wrapper as these rules files (or presets) say,
  /// together (mergeRuleSets), in the order given.
  std::vector<std::string> RulesPaths;
  /// -o: where the instrumented wrapper goes ("-" or empty: stdout).
  std::string OutputPath;
  /// -i: rewrite the input in place, keeping it as <input>.orig.
  bool InPlace = false;
  /// How a wrapper output gets the runtime: by default it includes
  /// aoti_instrument_runtime.h, written beside it (stdout and packages:
  /// embedded).
  RuntimeMode Runtime = RuntimeMode::Include;
  /// --print-compile-command: print the command(s) that would (re)build the
  /// wrapper or the package's models, adapted to this machine.
  bool PrintCompileCommand = false;
  /// --print-flags: print the flags a wrapper is parsed with, as one
  /// shell-quoted line (the adaptations as notes), and parse nothing.
  bool PrintFlags = false;
  /// --cxx: the C++ compiler a package's models are rebuilt with (empty:
  /// $CXX, else the package's own when it may run, else c++).
  std::string Compiler;
  /// --max-unpacked-size: how many bytes a package's entries may unpack to,
  /// as given ("64G"); empty: the default limits (ArchiveLimits).
  std::string MaxUnpackedSize;
  /// --sandbox: Landlock around a rebuild's programs (Sandbox.h).
  SandboxMode Sandbox = SandboxMode::Auto;
  /// --compile-time-limit (seconds), --compile-memory-limit and
  /// --compile-file-limit (bytes) of each program of a rebuild; 0: the
  /// defaults (BuildSandbox.h).
  uint64_t CompileSeconds = 0, CompileMemory = 0, CompileFileBytes = 0;
  /// --time-report: where each phase's wall time goes (may be null).
  PhaseTimes *Times = nullptr;
};

/// Whether \p Path is an AOTI package (.pt2, or any zip archive) rather
/// than a wrapper.cpp.
bool isPackagePath(llvm::StringRef Path);

/// Reads \p Path, refusing what cannot be a wrapper: a missing or
/// unreadable file, a directory, an empty file, binary data.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readWrapperFile(llvm::StringRef Path);

/// Runs the tool; results go to \p Out, notes to \p Err. Returns the
/// ToolError of the first stage that failed.
llvm::Error runDriver(const DriverOptions &Options, llvm::raw_ostream &Out,
                      llvm::raw_ostream &Err);

/// A byte count written as digits with an optional binary suffix (K, M,
/// G, T: 1024-based); none for anything else or an overflow.
std::optional<uint64_t> parseByteSize(llvm::StringRef Text);

/// Prints \p E clang-style to \p Err and returns its exit code.
int reportError(llvm::Error E, llvm::raw_ostream &Err);

} // namespace aoti

#endif // AOTI_DRIVER_DRIVER_H
