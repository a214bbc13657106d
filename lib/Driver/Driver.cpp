//===- Driver.cpp - Run one wrapper through the tool's stages -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Driver/Driver.h"
#include "Analysis/CompileFlags.h"
#include "Analysis/TorchHeaders.h"
#include "Analysis/TorchRelease.h"
#include "Analysis/WrapperAnalysis.h"
#include "Driver/DriverSteps.h"
#include "Instrument/Planner.h"
#include "Instrument/Rewriter.h"
#include "Output/Inventory.h"
#include "Output/OutputFile.h"
#include "Package/PackageArchive.h"
#include "Package/Rebuild.h"
#include "Rules/Presets.h"
#include "Rules/Rules.h"
#include "Support/CacheDir.h"
#include "Support/RegularFile.h"
#include "Support/Trailer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace aoti;
using llvm::StringRef;

/// The largest wrapper.cpp read (the largest AOTI writes are tens of MB).
static constexpr uint64_t MaxWrapperBytes = 1ULL << 30;

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
aoti::readWrapperFile(StringRef Path) {
  if (llvm::sys::fs::is_directory(Path))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "is a directory; expected an AOTInductor wrapper.cpp");
  // A FIFO, a device or a file past the cap is not read.
  auto Buffer =
      readRegularFile(Path, MaxWrapperBytes, "file", ExitCode::InputFile);
  if (!Buffer)
    return Buffer.takeError();
  StringRef Text = (*Buffer)->getBuffer();
  if (Text.trim().empty())
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is empty; expected an AOTInductor wrapper.cpp");
  size_t Nul = Text.find('\0');
  if (Nul != StringRef::npos)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is not text (NUL byte at offset " +
                             std::to_string(Nul) +
                             "); expected an AOTInductor wrapper.cpp");
  if (!llvm::json::isUTF8(Text))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is not text (invalid UTF-8); expected an "
                         "AOTInductor wrapper.cpp");
  return std::move(*Buffer);
}

namespace {

/// The compile_commands.json in \p BuildPath, which must have a command
/// for \p File.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadBuildDatabase(StringRef BuildPath, StringRef File) {
  std::string Message;
  auto Database = clang::tooling::CompilationDatabase::loadFromDirectory(
      BuildPath, Message);
  // clang's own message lists every loader it tried, over several lines.
  if (!Database)
    return makeToolError(ExitCode::Usage, BuildPath.str(),
                         "cannot load compilation database: no "
                         "compile_commands.json in this directory");
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  if (Database->getCompileCommands(Absolute).empty())
    return makeToolError(ExitCode::Usage, BuildPath.str(),
                         "compile_commands.json has no entry for '" +
                             File.str() + "'");
  return std::move(Database);
}

/// The rules of every -rules (a file, or a preset's name), as one set.
llvm::Expected<RuleSet> loadRulesFiles(llvm::ArrayRef<std::string> Paths) {
  std::vector<RuleSet> Sets;
  for (const std::string &Given : Paths) {
    auto Path = resolveRules(Given, presetsDir());
    if (!Path)
      return Path.takeError();
    auto Loaded = loadRules(*Path);
    if (!Loaded)
      return Loaded.takeError();
    Sets.push_back(std::move(*Loaded));
  }
  return mergeRuleSets(std::move(Sets));
}

/// Refuses a command line that asks for no action, or for two.
llvm::Error checkAction(const DriverOptions &Options) {
  if (Options.ListShimOps != ListFormat::None) {
    if (!Options.InputPath.empty() || Options.List != ListFormat::None ||
        !Options.RulesPaths.empty() || !Options.OutputPath.empty() ||
        Options.InPlace || Options.PrintCompileCommand || Options.PrintFlags)
      return makeToolError(ExitCode::Usage, "",
                           "--list-shim-ops takes no input file and no other "
                           "action (only --torch-version, --torch-include, "
                           "--python)");
    return llvm::Error::success();
  }
  bool Listing = Options.List != ListFormat::None;
  bool Rules = !Options.RulesPaths.empty();
  bool Writing = Options.InPlace || !Options.OutputPath.empty();
  if (Options.PrintFlags &&
      (Listing || Rules || Writing || Options.PrintCompileCommand))
    return makeToolError(ExitCode::Usage, "",
                         "--print-flags cannot be combined with --list, "
                         "-rules, -o, -i or --print-compile-command");
  if (Options.PrintFlags && isPackagePath(Options.InputPath))
    return makeToolError(ExitCode::Usage, Options.InputPath,
                         "--print-flags takes a wrapper.cpp, not a package",
                         "run it on a model's wrapper.cpp taken out of the "
                         "package (--print-compile-command prints the "
                         "package's rebuild)");
  if (Options.PrintCompileCommand && (Listing || Options.InPlace))
    return makeToolError(ExitCode::Usage, "",
                         "--print-compile-command cannot be combined with "
                         "--list or -i");
  if (Writing && !Rules && !Options.PrintCompileCommand)
    return makeToolError(ExitCode::Usage, "",
                         "-o and -i write an instrumented wrapper: they need "
                         "-rules FILE");
  if (!Listing && !Rules && !Options.PrintCompileCommand && !Options.PrintFlags)
    return makeToolError(ExitCode::Usage, "",
                         "nothing to do: pass --list, or -rules FILE to "
                         "instrument");
  if (Listing && Rules)
    return makeToolError(ExitCode::Usage, "",
                         "--list and -rules cannot be combined");
  if (Options.InPlace && !Options.OutputPath.empty())
    return makeToolError(ExitCode::Usage, "", "-i and -o cannot be combined");
  return llvm::Error::success();
}

/// Refuses option combinations that cannot mean anything.
llvm::Error checkOptions(const DriverOptions &Options) {
  if (llvm::Error E = checkAction(Options))
    return E;
  if (!Options.TorchVersion.empty() && !Options.TorchIncludeDir.empty())
    return makeToolError(ExitCode::Usage, "",
                         "--torch-version and --torch-include cannot be "
                         "combined");
  if (!Options.TorchVersion.empty() &&
      !TorchRelease::parse(Options.TorchVersion))
    return makeToolError(ExitCode::Usage, "",
                         "--torch-version: expected a torch release as "
                         "MAJOR.MINOR (e.g. 2.13), got '" +
                             Options.TorchVersion + "'");
  if (!Options.MaxUnpackedSize.empty() &&
      !parseByteSize(Options.MaxUnpackedSize))
    return makeToolError(ExitCode::Usage, "",
                         "--max-unpacked-size: expected a byte count with an "
                         "optional suffix K, M, G or T (e.g. 64G), got '" +
                             Options.MaxUnpackedSize + "'");
  if (!Options.OutputPath.empty() && Options.OutputPath != "-" &&
      llvm::sys::fs::equivalent(Options.OutputPath, Options.InputPath))
    return makeToolError(ExitCode::Usage, "",
                         "-o names the input file; use -i to rewrite it in "
                         "place (the original is kept as .orig)");
  // Refused before any work: a device, a FIFO or a directory at -o.
  if (!Options.PrintCompileCommand && !Options.OutputPath.empty())
    if (llvm::Error E = checkOutputTarget(Options.OutputPath))
      return E;
  if (isPackagePath(Options.InputPath) && !Options.RulesPaths.empty() &&
      !Options.PrintCompileCommand && !Options.InPlace &&
      (Options.OutputPath.empty() || Options.OutputPath == "-"))
    return makeToolError(ExitCode::Usage, "",
                         "an instrumented package is a binary file: name it "
                         "with -o FILE.pt2 (or rewrite the package with -i)");
  return llvm::Error::success();
}

/// Writes \p Path (the runtime header) unless it holds
/// \p Text already; a file of that name that aoti-instrument did not write
/// is refused, one an older version wrote is replaced. Returns whether it
/// was written.
llvm::Expected<bool> writeRuntimeFile(StringRef Path, StringRef Text,
                                      llvm::raw_ostream &Err) {
  if (auto Old = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true)) {
    StringRef Existing = (*Old)->getBuffer();
    if (Existing == Text)
      return false;
    if (!Existing.starts_with(runtimeHeaderStamp()))
      return makeToolError(ExitCode::OutputError, Path.str(),
                           "exists and was not written by aoti-instrument; "
                           "the output includes a file of this name: move "
                           "it, or use --embed-runtime");
    llvm::WithColor::note(Err, Path)
        << "replaced: another aoti-instrument version wrote it; outputs "
           "that version made beside it must be instrumented again\n";
  }
  if (llvm::Error E = writeOutput(Path, Text))
    return std::move(E);
  return true;
}

/// Writes the runtime header an output includes into the directory of
/// \p Output. Returns the summary's mention of it.
llvm::Expected<std::string> writeRuntimeBeside(StringRef Output,
                                               llvm::raw_ostream &Err) {
  llvm::SmallString<256> Path(Output);
  llvm::sys::path::remove_filename(Path);
  llvm::sys::path::append(Path, RuntimeHeaderName);
  auto Written = writeRuntimeFile(Path, runtimeHeader(), Err);
  if (!Written)
    return Written.takeError();
  return " (+ " + Path.str().str() + (*Written ? ")" : ", unchanged)");
}

/// Plans, rewrites and writes the instrumented wrapper.
llvm::Error instrument(const DriverOptions &Options, const RuleSet &Rules,
                       const WrapperInventory &Inventory, StringRef Original,
                       llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  llvm::TimeRegion Timing(
      timer(Options, "instrument", "plan, rewrite and write the wrapper"));
  InstrumentSummary Summary;
  size_t Matched = 0;
  bool ToStdout = !Options.InPlace &&
                  (Options.OutputPath.empty() || Options.OutputPath == "-");
  // stdout has no directory to put the runtime in: it gets one file.
  RuntimeMode Runtime = ToStdout ? RuntimeMode::Embed : Options.Runtime;
  auto Text = instrumentWrapperText(
      Rules, Inventory, Original, llvm::sys::path::filename(Options.InputPath),
      Runtime, Summary, Matched, Err);
  if (!Text)
    return Text.takeError();

  std::string Destination;
  std::string RuntimeFiles;
  if (Runtime == RuntimeMode::Include) {
    auto Written = writeRuntimeBeside(
        Options.InPlace ? Options.InputPath : Options.OutputPath, Err);
    if (!Written)
      return Written.takeError();
    RuntimeFiles = std::move(*Written);
  }
  if (Options.InPlace) {
    if (llvm::Error E = writeInPlace(Options.InputPath, *Text))
      return E;
    Destination = Options.InputPath + " (original kept as " +
                  Options.InputPath + ".orig)";
  } else if (Options.OutputPath.empty() || Options.OutputPath == "-") {
    Out << *Text;
    Destination = "stdout";
  } else {
    if (llvm::Error E = writeOutput(Options.OutputPath, *Text))
      return E;
    Destination = Options.OutputPath;
  }
  Err << Options.InputPath << ": " << Summary.describe()
      << describeMatches(Rules, Matched, Inventory.Sites.size()) << " -> "
      << Destination << RuntimeFiles << "\n";
  return llvm::Error::success();
}

} // namespace

bool aoti::isPackagePath(StringRef Path) {
  return Path.ends_with(".pt2") || PackageArchive::looksLikeZip(Path);
}

llvm::Timer *aoti::timer(const DriverOptions &Options, StringRef Name,
                         StringRef Description) {
  return Options.Times ? Options.Times->get(Name, Description) : nullptr;
}

std::string aoti::torchIncludeDirFor(const DriverOptions &Options) {
  if (!Options.TorchIncludeDir.empty())
    return Options.TorchIncludeDir;
  return findTorchIncludeDir(Options.Python);
}

namespace {

/// The flags to parse \p Path (whose text is \p Text) with, from the
/// source the options name; the notes on what was adapted go to \p Err.
llvm::Expected<CompileFlags> wrapperFlags(const DriverOptions &Options,
                                          StringRef Path, StringRef Text,
                                          llvm::raw_ostream &Err) {
  CompileFlagsOptions FlagOptions;
  FlagOptions.TorchIncludeDir = Options.TorchIncludeDir;
  FlagOptions.Python = Options.Python;
  FlagOptions.ResourceDir = clangResourceDir(Options.ResourceDir);
  std::unique_ptr<clang::tooling::CompilationDatabase> BuildDatabase;
  if (Options.CommandLineDatabase) {
    FlagOptions.Database = Options.CommandLineDatabase.get();
    FlagOptions.DatabaseOrigin = "command line";
  } else if (!Options.BuildPath.empty()) {
    auto Loaded = loadBuildDatabase(Options.BuildPath, Path);
    if (!Loaded)
      return Loaded.takeError();
    BuildDatabase = std::move(*Loaded);
    FlagOptions.Database = BuildDatabase.get();
    FlagOptions.DatabaseOrigin = "compilation database";
  }
  auto Flags = discoverCompileFlags(Path, Text, FlagOptions);
  if (!Flags)
    return Flags.takeError();
  for (const std::string &Note : Flags->Notes)
    llvm::WithColor::note(Err, Path) << printableMessage(Note, false) << "\n";
  return Flags;
}

/// --print-flags on a wrapper: the flags analyzeWrapperFile() would parse
/// it with, one shell-quoted line on \p Out; where they came from and what
/// was adapted, as notes on \p Err.
llvm::Error printWrapperFlags(const DriverOptions &Options, StringRef Text,
                              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  auto Flags = wrapperFlags(Options, Options.InputPath, Text, Err);
  if (!Flags)
    return Flags.takeError();
  llvm::WithColor::note(Err, Options.InputPath)
      << "compile flags from the " << Flags->Origin << "\n";
  Out << shellJoin(Flags->Args) << "\n";
  return llvm::Error::success();
}

} // namespace

llvm::Expected<WrapperInventory>
aoti::analyzeWrapperFile(const DriverOptions &Options, StringRef Path,
                         StringRef Text, llvm::raw_ostream &Err,
                         llvm::ArrayRef<std::string> ReadableRoots) {
  llvm::TimeRegion Timing(
      timer(Options, "analyze", "analyze the wrapper (flags, clang parse)"));
  auto Flags = wrapperFlags(Options, Path, Text, Err);
  if (!Flags)
    return Flags.takeError();

  ParseCache Cache{buildCacheDir(), &Err, Path.str()};
  auto Inventory = analyzeWrapper(Path, Flags->Args, Cache, ReadableRoots);
  if (!Inventory)
    return explainParseFailure(Inventory.takeError(), Path, Text, Flags->Args);
  Inventory->File = Path.str();
  return Inventory;
}

llvm::Expected<std::string> aoti::instrumentWrapperText(
    const RuleSet &Rules, const WrapperInventory &Inventory, StringRef Original,
    StringRef DisplayName, RuntimeMode Runtime, InstrumentSummary &Summary,
    size_t &SitesMatched, llvm::raw_ostream &Err) {
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, Inventory, Warnings);
  if (!Plan)
    return Plan.takeError();
  for (const PlanWarning &W : Warnings)
    llvm::WithColor::warning(Err, escapeControl(W.Location))
        << printableMessage(W.Message, /*KeepNewlines=*/false) << "\n";
  SitesMatched = Plan->Sites.size();
  return rewriteWrapper(Original, DisplayName, Inventory, *Plan, Runtime,
                        Summary);
}

std::string aoti::describeMatches(const RuleSet &Rules, size_t SitesMatched,
                                  size_t Sites) {
  if (Rules.Rules.empty())
    return "";
  return " (" + std::to_string(SitesMatched) + " of " + std::to_string(Sites) +
         " launch sites matched by " + std::to_string(Rules.Rules.size()) +
         " rule" + (Rules.Rules.size() == 1 ? "" : "s") + ")";
}

std::string aoti::userCompiler(const DriverOptions &Options) {
  if (!Options.Compiler.empty())
    return Options.Compiler;
  const char *Env = std::getenv("CXX");
  return Env ? Env : "";
}

llvm::Error aoti::printWrapperCompileCommand(const DriverOptions &Options,
                                             StringRef Text,
                                             llvm::raw_ostream &Out,
                                             llvm::raw_ostream &Err) {
  StringRef Source = Options.OutputPath.empty() || Options.OutputPath == "-"
                         ? StringRef(Options.InputPath)
                         : StringRef(Options.OutputPath);
  llvm::SmallString<256> Object(Source);
  llvm::sys::path::replace_extension(Object, "o");
  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = torchIncludeDirFor(Options);
  Toolchain.CudaHome = cudaHome();
  Toolchain.Compiler = userCompiler(Options);
  std::vector<std::string> Notes;
  auto Step = planWrapperCompile(Text, Source, Object, Toolchain, Notes);
  if (!Step)
    return Step.takeError();
  for (const std::string &Note : Notes)
    llvm::WithColor::note(Err, Options.InputPath)
        << printableMessage(Note, false) << "\n";
  Out << commandLine(*Step) << "\n";
  return llvm::Error::success();
}

namespace {

/// \p Run with \p Options whose --torch-version, if any, is replaced by the
/// --torch-include of that release's headers (fetched first when they are
/// not in the cache).
template <typename RunT>
llvm::Error withTorchHeaders(const DriverOptions &Options,
                             llvm::raw_ostream &Err, RunT Run) {
  if (Options.TorchVersion.empty())
    return Run(Options);
  FetchOptions Fetch;
  Fetch.Python = Options.Python;
  auto Include = findOrFetchTorchHeaders(
      *TorchRelease::parse(Options.TorchVersion), Fetch, Err);
  if (!Include)
    return Include.takeError();
  DriverOptions WithHeaders = Options;
  WithHeaders.TorchVersion.clear();
  WithHeaders.TorchIncludeDir = std::move(*Include);
  return Run(WithHeaders);
}

/// runDriver once the input and the rules are read and the torch headers
/// are settled.
llvm::Error runOn(const DriverOptions &Options, bool Package,
                  std::unique_ptr<llvm::MemoryBuffer> Buffer,
                  const std::optional<RuleSet> &Rules, llvm::raw_ostream &Out,
                  llvm::raw_ostream &Err) {
  if (Package)
    return runPackageDriver(Options, Rules, Out, Err);
  if (Options.PrintCompileCommand)
    return printWrapperCompileCommand(Options, Buffer->getBuffer(), Out, Err);
  if (Options.PrintFlags)
    return printWrapperFlags(Options, Buffer->getBuffer(), Out, Err);

  auto Inventory =
      analyzeWrapperFile(Options, Options.InputPath, Buffer->getBuffer(), Err);
  if (!Inventory)
    return Inventory.takeError();
  if (Rules)
    return instrument(Options, *Rules, *Inventory, Buffer->getBuffer(), Out,
                      Err);
  if (Options.List == ListFormat::Json)
    printInventoryJson(*Inventory, Out);
  else
    printInventoryTable(*Inventory, Out);
  return llvm::Error::success();
}

} // namespace

llvm::Error aoti::runDriver(const DriverOptions &Options,
                            llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  if (llvm::Error E = checkOptions(Options))
    return E;
  if (Options.ListShimOps != ListFormat::None)
    return withTorchHeaders(Options, Err, [&](const DriverOptions &O) {
      return runShimOpsListing(O, Out, Err);
    });
  bool Package = isPackagePath(Options.InputPath);

  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  if (!Package) {
    auto Read = readWrapperFile(Options.InputPath);
    if (!Read)
      return Read.takeError();
    Buffer = std::move(*Read);
    if (!Options.RulesPaths.empty() && !Options.PrintCompileCommand &&
        isInstrumented(Buffer->getBuffer()))
      return makeToolError(ExitCode::OutputError, Options.InputPath,
                           "already instrumented by aoti-instrument",
                           "run it on the original wrapper (-i keeps it as "
                           "<file>.orig)");
  }
  // Before any work too: an existing <input>.orig for -i.
  if (Options.InPlace)
    if (llvm::Error E = checkInPlaceTarget(Options.InputPath))
      return E;

  // Rules first: a typo in them should not wait for a parse of the wrapper.
  std::optional<RuleSet> Rules;
  if (!Options.RulesPaths.empty()) {
    auto Loaded = loadRulesFiles(Options.RulesPaths);
    if (!Loaded)
      return Loaded.takeError();
    Rules = std::move(*Loaded);
  }
  // Last before parsing: a typo in the rules should not wait for a
  // download.
  return withTorchHeaders(Options, Err, [&](const DriverOptions &O) {
    return runOn(O, Package, std::move(Buffer), Rules, Out, Err);
  });
}

std::optional<uint64_t> aoti::parseByteSize(StringRef Text) {
  StringRef Digits = Text.take_while(llvm::isDigit);
  StringRef Suffix = Text.drop_front(Digits.size());
  size_t Shift = llvm::StringSwitch<size_t>(Suffix.upper())
                     .Cases("", "B", 0)
                     .Cases("K", "KB", "KIB", 10)
                     .Cases("M", "MB", "MIB", 20)
                     .Cases("G", "GB", "GIB", 30)
                     .Cases("T", "TB", "TIB", 40)
                     .Default(64);
  uint64_t Value;
  if (Digits.empty() || Shift == 64 || Digits.getAsInteger(10, Value) ||
      Value > (UINT64_MAX >> Shift))
    return std::nullopt;
  return Value << Shift;
}

int aoti::reportError(llvm::Error E, llvm::raw_ostream &Err) {
  int Code = static_cast<int>(ExitCode::Usage);
  llvm::handleAllErrors(
      std::move(E),
      [&](const ToolError &TE) {
        // Locations, messages and hints quote packages and rules files.
        std::string Prefix = TE.location().empty()
                                 ? "aoti-instrument"
                                 : printableMessage(TE.location(), false);
        llvm::WithColor::error(Err, Prefix)
            << printableMessage(TE.text()) << "\n";
        Err << TE.snippet();
        if (!TE.hint().empty())
          llvm::WithColor::note(Err, Prefix)
              << printableMessage(TE.hint()) << "\n";
        Code = static_cast<int>(TE.code());
      },
      [&](const llvm::ErrorInfoBase &Other) {
        llvm::WithColor::error(Err, "aoti-instrument")
            << printableMessage(Other.message()) << "\n";
      });
  return Code;
}
