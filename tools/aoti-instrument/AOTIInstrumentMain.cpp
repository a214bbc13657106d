//===- AOTIInstrumentMain.cpp - The aoti-instrument command ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Argument parsing only; everything else is in the library (lib/Driver).
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"
#include "ExplainCommand.h"
#include "Rules/Presets.h"
#include "Support/Interrupt.h"
#include "Support/Sandbox.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;

namespace {

llvm::cl::OptionCategory ToolCategory("aoti-instrument options");

llvm::cl::opt<std::string>
    InputPath(llvm::cl::Positional, llvm::cl::desc("<wrapper.cpp | model.pt2>"),
              llvm::cl::cat(ToolCategory));

/// What a listing option takes: nothing or `table` for a table, `json`.
llvm::cl::ValuesClass listFormats() {
  return llvm::cl::values(
      clEnumValN(ListFormat::Table, "", "a table (the default)"),
      clEnumValN(ListFormat::Table, "table", "a table"),
      clEnumValN(ListFormat::Json, "json", "one JSON object"));
}

llvm::cl::opt<ListFormat>
    List("list", llvm::cl::desc("List the kernel launch sites of the wrapper"),
         llvm::cl::ValueOptional, listFormats(),
         llvm::cl::init(ListFormat::None), llvm::cl::cat(ToolCategory));

llvm::cl::opt<ListFormat> ListShimOps(
    "list-shim-ops",
    llvm::cl::desc("List every op of the C shim of the torch the tool parses "
                   "with (--torch-version, --torch-include, or the python3 "
                   "on PATH) and what it does with each argument, and exit"),
    llvm::cl::ValueOptional, listFormats(), llvm::cl::init(ListFormat::None),
    llvm::cl::cat(ToolCategory));

llvm::cl::list<std::string> RulesPaths(
    "rules",
    llvm::cl::desc("Instrument the wrapper as this YAML rules file says, or "
                   "as the preset of that name (nan-hunt, pinpoint-ima, ...: "
                   "--list-presets); given again, the files' rules together "
                   "(a preset and a rule of your own)"),
    llvm::cl::value_desc("rules.yaml|preset"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> ListPresets(
    "list-presets",
    llvm::cl::desc("List the presets -rules takes by name, each with what "
                   "it is for, and exit"),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> OutputPath(
    "o",
    llvm::cl::desc("Write the instrumented wrapper (default: stdout) or "
                   "package (required) to <file>; written atomically"),
    llvm::cl::value_desc("file"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> InPlace(
    "i",
    llvm::cl::desc("Rewrite the wrapper in place, keeping the original as "
                   "<wrapper>.orig"),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> EmbedRuntime(
    "embed-runtime",
    llvm::cl::desc("Paste the runtime into the output wrapper (one "
                   "self-contained file) instead of writing "
                   "aoti_instrument_runtime.h beside it and including it"),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> PrintCompileCommand(
    "print-compile-command",
    llvm::cl::desc("Print the command(s) that build the wrapper (compiling "
                   "the -o file when given) or rebuild the package's models, "
                   "adapted to this machine, and exit"),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> PrintFlags(
    "print-flags",
    llvm::cl::desc("Print the compiler flags the wrapper is parsed with "
                   "(those of clang++ -fsyntax-only, without the file), "
                   "adapted to this machine, on one line, and exit"),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> BuildPath(
    "p",
    llvm::cl::desc("Build directory holding compile_commands.json; its "
                   "command for the wrapper replaces flag discovery"),
    llvm::cl::value_desc("build-path"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> TorchInclude(
    "torch-include",
    llvm::cl::desc("torch/include directory to parse the wrapper with "
                   "(default: asked of the python3 on PATH)"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> TorchVersion(
    "torch-version",
    llvm::cl::desc("Parse the wrapper with the headers of this torch release "
                   "(e.g. 2.13), fetched once into the cache "
                   "($AOTI_CACHE_DIR or ~/.cache/aoti-instrument)"),
    llvm::cl::value_desc("X.Y"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string>
    Python("python",
           llvm::cl::desc("Python interpreter asked where torch is installed "
                          "(and that runs pip for --torch-version)"),
           llvm::cl::value_desc("exe"), llvm::cl::init("python3"),
           llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string>
    ResourceDir("resource-dir",
                llvm::cl::desc("Clang resource directory (builtin headers; "
                               "default: <exe dir>/../lib/clang/<major> when "
                               "it exists, else the build's)"),
                llvm::cl::value_desc("dir"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> Cxx(
    "cxx",
    llvm::cl::desc("C++ compiler that rebuilds a package's models (default: "
                   "$CXX, else the package's own when it is g++, c++ or "
                   "clang++ of this machine, else c++)"),
    llvm::cl::value_desc("exe"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> MaxUnpackedSize(
    "max-unpacked-size",
    llvm::cl::desc("Accept a package whose entries unpack to up to this many "
                   "bytes (suffix K, M, G, T), whatever their compression "
                   "(default: 32G, and no entry over 100 times its "
                   "compressed size)"),
    llvm::cl::value_desc("size"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<SandboxMode> SandboxChoice(
    "sandbox",
    llvm::cl::desc("Confine the programs that rebuild a package's models "
                   "with Landlock: they read only this machine's compiler, "
                   "torch, CUDA and system directories, write only the work "
                   "directory, run only the compiler's programs "
                   "(docs/security.md)"),
    llvm::cl::values(
        clEnumValN(SandboxMode::Auto, "auto",
                   "when the kernel has Landlock; else a note (default)"),
        clEnumValN(SandboxMode::Require, "require",
                   "refuse to rebuild without Landlock"),
        clEnumValN(SandboxMode::Off, "off",
                   "no Landlock (the flag allowlist, limits and private "
                   "directories stay)")),
    llvm::cl::init(SandboxMode::Auto), llvm::cl::cat(ToolCategory));

llvm::cl::opt<unsigned> CompileTimeLimit(
    "compile-time-limit",
    llvm::cl::desc("CPU seconds each program of a rebuild may use (default: "
                   "1800; the wall clock allows twice that plus a minute)"),
    llvm::cl::value_desc("seconds"), llvm::cl::init(0),
    llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> CompileMemoryLimit(
    "compile-memory-limit",
    llvm::cl::desc("Address space each process of a rebuild may map (suffix "
                   "K, M, G, T; default: 16G)"),
    llvm::cl::value_desc("size"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<std::string> CompileFileLimit(
    "compile-file-limit",
    llvm::cl::desc("Largest file a program of a rebuild may write (suffix "
                   "K, M, G, T; default: 512M plus the model's weights and "
                   "cubins)"),
    llvm::cl::value_desc("size"), llvm::cl::cat(ToolCategory));

llvm::cl::opt<bool> TimeReport(
    "time-report",
    llvm::cl::desc("Print the wall time of each phase (unpack, analyze, "
                   "instrument, compile, link, repack) to stderr"),
    llvm::cl::cat(ToolCategory));

// What --help ends with (explain's is its own: ExplainCommand.h).
constexpr llvm::StringLiteral MoreHelp = R"(
A .pt2 package (torch._inductor.aoti_compile_and_package) is taken whole:
each model's wrapper is instrumented and its .so rebuilt with the package's
own recorded commands (the weights and cubins are reused, taken out of the
original .so), and a new package is written with -o (or -i). The original is
never modified. A package made with package_cpp_only has no .so: only its
wrapper is instrumented.

A package may come from anyone. Its recorded commands keep only flags that
change the code's meaning (a note lists the rest), and the compiler runs in
a sandbox (Landlock, where the kernel has it; --version says): it reads only
this machine's compiler, torch, CUDA, Python and system directories, writes
only the tool's work directory, runs only the compiler's own programs, and
each of its programs has bounded CPU time, memory and file size
(--compile-time-limit, --compile-memory-limit, --compile-file-limit).
docs/security.md says what is enforced and what is not.

An instrumented wrapper written to a file includes the runtime from
aoti_instrument_runtime.h, which the tool writes beside it (left as it is
when unchanged): the wrapper's own compile command still builds it.
--embed-runtime pastes the runtime in instead (as on stdout, and in
packages).

Compile flags are taken from, in order: flags after '--' (used as given);
the compile_commands.json in the -p directory; the '// Compile cmd' comment
AOTI writes at the end of wrapper.cpp; a *_compile_flags.json beside it;
built-in defaults. Torch and CUDA include dirs that do not exist here are
replaced by local ones (--torch-include, --torch-version, the python3 on
PATH, $CUDA_HOME or /usr/local/cuda). --print-flags prints the result.

A wrapper parses with the torch headers of its own release or a newer one.
--torch-version=X.Y uses the headers of release X.Y, downloaded once (pip,
about 0.5-1 GB, only torch/include is kept) into
$AOTI_CACHE_DIR/torch-headers (default ~/.cache/aoti-instrument).

-rules takes a file, or the name of a preset installed with the tool
(<prefix>/share/aoti-instrument/yaml-rules; --list-presets lists them): a
file of that name in the current directory wins.

Examples:
  aoti-instrument model.pt2 -rules nan-hunt -o model.debug.pt2
  aoti-instrument model.pt2 --list
  aoti-instrument model.pt2 --print-compile-command
  aoti-instrument wrapper.cpp -rules pinpoint-ima -o out.cpp
  aoti-instrument wrapper.cpp -rules my-rules.yaml -o out.cpp
  aoti-instrument wrapper.cpp -rules nan-hunt.yaml -i
  aoti-instrument wrapper.cpp -rules nan-hunt.yaml -o out.cpp --embed-runtime
  aoti-instrument wrapper.cpp --list
  aoti-instrument wrapper.cpp --list=json > sites.json
  aoti-instrument wrapper.cpp --list -- -std=c++17 -I/opt/torch/include
  aoti-instrument wrapper.cpp --list --torch-version=2.13
  aoti-instrument wrapper.cpp --print-flags
  aoti-instrument --list-shim-ops --torch-version=2.15

Exit codes:
  0  success
  1  bad command line
  2  input file missing, unreadable, empty or not text, or not a regular
     file (a FIFO, a device); for a package, not a readable zip archive,
     over a limit such as --max-unpacked-size, with an entry name that is
     not a plain path, or with a malformed model .so
  3  not an AOTInductor wrapper (no AOTInductorModel::run_impl), or a
     package without data/aotinductor/<model>/
  4  clang could not parse the wrapper (e.g. torch headers not found), or a
     package's model could not be rebuilt (the failing step and its
     command are printed; a limit it reached, --compile-*-limit, is named)
  5  bad rules file (not a regular file, over 1 MiB, or invalid), or
     neither a rules file nor a preset of that name
  6  cannot write the output (-o names a device, FIFO or directory; -i
     finds <input>.orig already there), or the input is already
     instrumented
  7  the headers of --torch-version cannot be fetched (e.g. offline)
  8-11  explain: see aoti-instrument explain --help
)";

void printVersion(llvm::raw_ostream &OS) {
  OS << "aoti-instrument " << toolVersion() << " (LLVM/Clang "
     << LLVM_VERSION_STRING << ")\n";
  if (int ABI = landlockABI())
    OS << "rebuild sandbox: Landlock ABI " << ABI << "\n";
  else
    OS << "rebuild sandbox: no Landlock in this kernel (flag allowlist and "
          "limits only)\n";
}

/// --compile-memory-limit or --compile-file-limit \p Value (named
/// \p Flag) in bytes; 0 when not given.
llvm::Expected<uint64_t> byteLimit(llvm::StringRef Flag,
                                   llvm::StringRef Value) {
  if (Value.empty())
    return 0;
  std::optional<uint64_t> Bytes = parseByteSize(Value);
  if (!Bytes || *Bytes == 0)
    return makeToolError(ExitCode::Usage, "",
                         "--" + Flag.str() + ": '" + escapeControl(Value) +
                             "' is not a size (digits, then K, M, G or T)");
  return *Bytes;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  // After LLVM's handlers: ours kill a rebuild's compilers and remove the
  // work directory, then LLVM's run.
  installInterruptCleanup();

  // Like every clang tool, everything after `--` is compiler flags.
  std::string DatabaseError;
  std::shared_ptr<const clang::tooling::CompilationDatabase> FlagsDatabase =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
          Argc, Argv, DatabaseError);
  if (!FlagsDatabase && !DatabaseError.empty())
    return reportError(
        makeToolError(ExitCode::Usage, "",
                      "flags after '--': " +
                          llvm::StringRef(DatabaseError).trim().str()),
        llvm::errs());

  const bool Explain = Argc > 1 && ExplainCommandName == Argv[1];
  llvm::cl::extrahelp Help(Explain ? explainHelpText()
                                   : llvm::StringRef(MoreHelp));
  llvm::cl::HideUnrelatedOptions(ToolCategory);
  hideUnrelatedExplainOptions();
  llvm::cl::SetVersionPrinter(printVersion);
  if (!llvm::cl::ParseCommandLineOptions(
          Argc, Argv,
          "aoti-instrument: find and instrument the kernel launches of an "
          "AOTInductor wrapper.cpp\n",
          &llvm::errs()))
    return static_cast<int>(ExitCode::Usage);
  if (explainCommandGiven())
    return runExplainCommand();
  if (ListPresets) {
    if (llvm::Error E = listPresets(presetsDir(), llvm::outs()))
      return reportError(std::move(E), llvm::errs());
    return static_cast<int>(ExitCode::Success);
  }
  if (InputPath.empty() && ListShimOps == ListFormat::None) {
    llvm::errs() << "aoti-instrument: error: no input file; usage: "
                    "aoti-instrument <wrapper.cpp | model.pt2> (--list | "
                    "-rules FILE|PRESET [-o OUT | -i]) [-- <flags>]\n";
    return static_cast<int>(ExitCode::Usage);
  }

  DriverOptions Options;
  Options.InputPath = InputPath;
  Options.List = List;
  Options.ListShimOps = ListShimOps;
  Options.CommandLineDatabase = std::move(FlagsDatabase);
  Options.BuildPath = BuildPath;
  Options.TorchIncludeDir = TorchInclude;
  Options.TorchVersion = TorchVersion;
  Options.Python = Python;
  Options.ResourceDir = ResourceDir;
  Options.RulesPaths.assign(RulesPaths.begin(), RulesPaths.end());
  Options.OutputPath = OutputPath;
  Options.InPlace = InPlace;
  Options.Runtime = EmbedRuntime ? RuntimeMode::Embed : RuntimeMode::Include;
  Options.PrintCompileCommand = PrintCompileCommand;
  Options.PrintFlags = PrintFlags;
  Options.Compiler = Cxx;
  Options.MaxUnpackedSize = MaxUnpackedSize;
  Options.Sandbox = SandboxChoice;
  Options.CompileSeconds = CompileTimeLimit;
  auto Memory = byteLimit("compile-memory-limit", CompileMemoryLimit);
  if (!Memory)
    return reportError(Memory.takeError(), llvm::errs());
  auto FileBytes = byteLimit("compile-file-limit", CompileFileLimit);
  if (!FileBytes)
    return reportError(FileBytes.takeError(), llvm::errs());
  Options.CompileMemory = *Memory;
  Options.CompileFileBytes = *FileBytes;
  PhaseTimes Times(TimeReport);
  Options.Times = &Times;
  llvm::Error E = runDriver(Options, llvm::outs(), llvm::errs());
  Times.print(llvm::errs());
  if (E)
    return reportError(std::move(E), llvm::errs());
  return static_cast<int>(ExitCode::Success);
}
