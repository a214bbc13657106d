//===- CompileFlags.h - Flags to parse a wrapper with -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A wrapper.cpp is parsed with the flags it was built with. Every source of
// flags is a clang::tooling::CompilationDatabase: the user's (flags after
// `--`, or compile_commands.json with -p), else the wrapper's own record
// (RecordedFlagsDatabase: the `// Compile cmd` trailer AOTI writes at the end
// of the file, a `*_compile_flags.json` beside it, or built-in defaults). Its
// command goes through one chain of argument adjusters, which read it with
// the clang driver's option table: the user's flags are kept as given, the
// recorded ones reduced to those that change what the wrapper means, with
// torch and CUDA include dirs that do not exist on this machine (the wrapper
// was generated elsewhere) replaced by local discoveries.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_COMPILEFLAGS_H
#define AOTI_ANALYSIS_COMPILEFLAGS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm::opt {
class Arg;
} // namespace llvm::opt

namespace aoti {

struct CompileFlagsOptions {
  /// The user's compilation database (flags after `--`, or -p's
  /// compile_commands.json); when set, its command for the wrapper is used
  /// as given (less the compiler, the inputs, and the output and dependency
  /// file options) and the wrapper's own record is not read.
  const clang::tooling::CompilationDatabase *Database = nullptr;
  /// Where it came from, for notes: "command line", "compilation database".
  std::string DatabaseOrigin;
  /// --torch-include=DIR; when empty, ask the python3 on PATH.
  std::string TorchIncludeDir;
  /// Interpreter asked for torch's location (python3 on PATH by default).
  std::string Python = "python3";
  /// CUDA toolkit root; when empty, $CUDA_HOME, then /usr/local/cuda.
  std::string CudaHome;
  /// Clang resource dir (builtin headers); see clangResourceDir().
  std::string ResourceDir;
};

struct CompileFlags {
  /// Arguments for the clang driver, without program name and input file.
  std::vector<std::string> Args;
  /// Where the base flags came from: "command line", "compile command
  /// comment", "wrapper_compile_flags.json", "defaults".
  std::string Origin;
  /// One line each, printed as "note: ..." (replaced include dirs, ...).
  std::vector<std::string> Notes;
};

/// The flags AOTI recorded for a wrapper, as a database of one command
/// (compiler, flags, file): the `// Compile cmd` trailer at the end of the
/// wrapper, else a `*_compile_flags.json` beside it, else what AOTI passes
/// for every wrapper of its torch release.
class RecordedFlagsDatabase : public clang::tooling::CompilationDatabase {
public:
  /// Fails only on a `*_compile_flags.json` that cannot be read.
  static llvm::Expected<std::unique_ptr<RecordedFlagsDatabase>>
  load(llvm::StringRef WrapperPath, llvm::StringRef WrapperText);

  /// "compile command comment", "<name>_compile_flags.json" or "defaults".
  llvm::StringRef origin() const { return Origin; }

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override;

private:
  RecordedFlagsDatabase(std::string Origin, std::vector<std::string> Command)
      : Origin(std::move(Origin)), Command(std::move(Command)) {}

  std::string Origin;
  /// The compiler and the flags; the recorded source file and output are
  /// left in (a trailer's), for the adjusters to take out.
  std::vector<std::string> Command;
};

/// Whether \p A adds an include dir: -I, -isystem, -iquote, -idirafter.
bool isIncludeDirOption(const llvm::opt::Arg &A);

/// Calls \p Visit for each option of \p Args (no program name), in order,
/// with the tokens it was spelled with, as the clang driver's option table
/// reads them (an unknown option is OPT_UNKNOWN, a response file `@file`
/// an input). An option missing its value at the end is left out.
void forEachOption(llvm::ArrayRef<std::string> Args,
                   llvm::function_ref<void(const llvm::opt::Arg &,
                                           llvm::ArrayRef<std::string> Tokens)>
                       Visit);

/// What an adjuster of eachOptionAdjuster() does with one option of a
/// command: appends what stands for it to \p Out (nothing leaves it out).
using OptionAdjustment = std::function<void(
    const llvm::opt::Arg &, llvm::ArrayRef<std::string> Tokens,
    clang::tooling::CommandLineArguments &Out)>;

/// An argument adjuster that reads a command (program name first) with
/// forEachOption() and keeps the program name and, for each option of the
/// rest, what \p Adjust appends. The analysis's flags and a rebuild's
/// recorded commands are all adapted by adjusters made with it.
clang::tooling::ArgumentsAdjuster eachOptionAdjuster(OptionAdjustment Adjust);

/// Appends the option \p A with \p Value instead of its own value, spelled
/// as the tool passes options on: joined to the value for -D, -U, -I (never
/// a separate word GCC could read as a response file) and options that
/// only take it joined (-std=), followed by it for any other.
void appendWithValue(const llvm::opt::Arg &A, llvm::StringRef Value,
                     std::vector<std::string> &Out);

/// Appends the -D or -U option \p A with its value trimmed; nothing when
/// that leaves no value.
void appendMacro(const llvm::opt::Arg &A, std::vector<std::string> &Out);

/// Appends the include dir option \p A (-I, -isystem, -iquote or
/// -idirafter, joined or separate) with the dir \p LocalDir gives for its
/// own (trimmed) instead, spelled as appendWithValue() spells it; nothing
/// when \p LocalDir gives "". The one way the include dirs of a recorded
/// command are adapted, by the analysis and by a rebuild alike.
void appendIncludeDir(
    const llvm::opt::Arg &A,
    llvm::function_ref<std::string(llvm::StringRef Dir)> LocalDir,
    std::vector<std::string> &Out);

/// The dirs of -I, -isystem and -idirafter in \p Args (no program name),
/// in order: where `#include <...>` looks.
std::vector<std::string> angledIncludeDirs(llvm::ArrayRef<std::string> Args);

/// Works out the flags to parse \p WrapperPath (whose text is
/// \p WrapperText) with.
llvm::Expected<CompileFlags>
discoverCompileFlags(llvm::StringRef WrapperPath, llvm::StringRef WrapperText,
                     const CompileFlagsOptions &Options);

/// Local equivalents of the generating machine's torch and CUDA dirs.
struct LocalIncludeDirs {
  /// torch/include that replaces every `.../torch/include[/...]`, even one
  /// that exists here (--torch-include, or the rebuild's torch).
  std::string TorchOverride;
  /// This machine's torch/include, asked only when a missing torch dir is to
  /// be replaced and there is no TorchOverride; may give "".
  llvm::function_ref<std::string()> FindTorch;
  /// The CUDA toolkit root, for missing dirs whose path names cuda.
  std::string CudaHome;
};

/// The directory to use here for the include dir \p Dir of the machine
/// that generated a wrapper: the torch override (keeping what follows
/// `/torch/include`), else \p Dir itself when it exists, else the local
/// torch or CUDA equivalent (which may not exist either); "" when there is
/// none.
std::string localIncludeDir(llvm::StringRef Dir, const LocalIncludeDirs &Local);

/// The clang resource dir (builtin headers) to parse with: \p Override when
/// given (--resource-dir), else the one next to the running executable
/// (<exe dir>/../lib/clang/<major>, as clang finds its own), else the one
/// the tool was built against.
std::string clangResourceDir(llvm::StringRef Override = "");

/// The resource dir clang would use if it were \p Executable, when it holds
/// builtin headers; "" otherwise.
std::string resourceDirNextTo(llvm::StringRef Executable);

/// The CUDA toolkit root: \p Override, else $CUDA_HOME, else
/// /usr/local/cuda.
std::string cudaHome(llvm::StringRef Override = "");

/// torch/include of the torch that \p Python imports, without importing
/// torch (which takes seconds); empty when \p Python has no torch.
std::string findTorchIncludeDir(llvm::StringRef Python);

} // namespace aoti

#endif // AOTI_ANALYSIS_COMPILEFLAGS_H
