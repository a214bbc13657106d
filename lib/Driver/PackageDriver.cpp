//===- PackageDriver.cpp - Run a .pt2 package through the tool ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A package goes in and an instrumented package comes out: each model's
// wrapper is taken out, analyzed and instrumented like a wrapper given on the
// command line, its .so is rebuilt with the package's own recorded commands
// (lib/Package/Rebuild.h), and a new archive holds the instrumented wrapper
// and the new .so in place of the old ones. The input is never modified, and
// nothing is written at the output unless every model was rebuilt.
//
//===----------------------------------------------------------------------===//

#include "Analysis/CompileFlags.h"
#include "Driver/DriverSteps.h"
#include "Output/Inventory.h"
#include "Output/OutputFile.h"
#include "Package/BuildSandbox.h"
#include "Package/ExportedProgram.h"
#include "Package/PackageArchive.h"
#include "Package/Rebuild.h"
#include "Runtime/RuntimeSource.h"
#include "Support/AOTINames.h"
#include "Support/CacheDir.h"
#include "Support/Interrupt.h"
#include "Support/Trailer.h"
#include "Support/TrustedDirs.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// A temporary directory removed with everything in it when done, or when
/// a signal stops the tool (Interrupt.h).
class WorkDir {
public:
  llvm::Error create() {
    if (std::error_code EC = fs::createUniqueDirectory("aoti-instrument", Dir))
      return makeToolError(ExitCode::OutputError, "",
                           "cannot create a temporary directory: " +
                               EC.message());
    Keep = std::getenv("AOTI_INSTRUMENT_KEEP_WORK") != nullptr;
    if (!Keep)
      registerDirectory(Dir);
    // The package's files and the objects built from them: the user's only.
    if (std::error_code EC = fs::setPermissions(Dir, fs::owner_all))
      return makeToolError(ExitCode::OutputError, std::string(Dir),
                           "cannot make the temporary directory private: " +
                               EC.message());
    return llvm::Error::success();
  }
  ~WorkDir() {
    if (Dir.empty() || Keep)
      return;
    fs::remove_directories(Dir);
    unregisterDirectory(Dir);
  }
  std::string sub(const llvm::Twine &Name) const { return pathIn(Dir, Name); }
  StringRef path() const { return Dir; }

private:
  llvm::SmallString<128> Dir;
  bool Keep = false;
};

/// A model taken out of the package.
struct ExtractedModel {
  const PackageModel *Model;
  ModelFiles Files;
  std::string WrapperText;
  /// File on disk -> its entry in the archive.
  llvm::StringMap<std::string> EntryOf;
};

/// Takes \p Model out of the package into \p Dir; \p SourcesOnly for
/// listing (the sources and their JSON, not the possibly huge .so).
llvm::Expected<ExtractedModel> extract(const PackageArchive &Archive,
                                       const PackageModel &Model, StringRef Dir,
                                       bool SourcesOnly) {
  std::vector<std::string> Entries;
  auto Paths = Archive.extractModel(Model, Dir, Entries, [&](StringRef Entry) {
    return !SourcesOnly || Entry.ends_with(".cpp") || Entry.ends_with(".json");
  });
  if (!Paths)
    return Paths.takeError();
  ExtractedModel M{&Model, {}, {}, {}};
  for (size_t I = 0; I < Paths->size(); ++I)
    M.EntryOf[(*Paths)[I]] = Entries[I];
  auto Files = findModelFiles(*Paths, Model.Name);
  if (!Files)
    return Files.takeError();
  M.Files = std::move(*Files);
  auto Buffer = readWrapperFile(M.Files.Wrapper);
  if (!Buffer)
    return Buffer.takeError();
  M.WrapperText = (*Buffer)->getBuffer().str();
  return M;
}

/// This machine's torch and CUDA, for rebuilding.
llvm::Expected<LocalToolchain> localToolchain(const DriverOptions &Options) {
  LocalToolchain Toolchain;
  Toolchain.TorchIncludeDir = torchIncludeDirFor(Options);
  if (Toolchain.TorchIncludeDir.empty())
    return makeToolError(
        ExitCode::CompileError, Options.InputPath,
        "no torch found to rebuild the package's models against",
        "pass --torch-include=<torch>/include, or put a python3 that has "
        "torch on PATH (--python)");
  llvm::SmallString<256> Lib(Toolchain.TorchIncludeDir);
  path::remove_filename(Lib);
  path::append(Lib, "lib");
  if (fs::is_directory(Lib))
    Toolchain.TorchLibDir = std::string(Lib);
  Toolchain.CudaHome = cudaHome();
  Toolchain.BuildCacheDir = buildCacheDir();
  Toolchain.Compiler = userCompiler(Options);
  return Toolchain;
}

/// \p Arg as a shell word in which the temporary work dir \p Work is named
/// as the variable $WORK.
std::string wordWithWork(StringRef Arg, StringRef Work) {
  if (Work.empty() || !Arg.contains(Work))
    return shellQuote(Arg);
  std::string Word;
  while (!Arg.empty()) {
    size_t Pos = Arg.find(Work);
    if (Pos == StringRef::npos) {
      Word += shellQuote(Arg);
      break;
    }
    if (Pos)
      Word += shellQuote(Arg.take_front(Pos));
    Word += "\"$WORK\"";
    Arg = Arg.drop_front(Pos + Work.size());
  }
  return Word;
}

void printSteps(const RebuildPlan &Plan, StringRef Work,
                llvm::raw_ostream &Out) {
  auto Print = [&](const BuildStep &Step) {
    Out << "# " << escapeControl(Step.What) << "\n";
    for (size_t I = 0; I < Step.Argv.size(); ++I)
      Out << (I ? " " : "") << wordWithWork(Step.Argv[I], Work);
    Out << "\n";
  };
  for (const BuildStep &Step : Plan.Early)
    Print(Step);
  Print(Plan.CompileWrapper);
  Print(Plan.Link);
}

/// Names \p Inv's inputs as the package's exported program of \p Model
/// does, when the package holds one (reports then name them so).
void nameInputsAsExported(const PackageArchive &Archive,
                          const PackageModel &Model, WrapperInventory &Inv) {
  if (!Model.ExportedProgram)
    return;
  auto Text =
      Archive.readEntry(*Model.ExportedProgram, MaxExportedProgramBytes);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return;
  }
  nameInputs(exportedInputNames(*Text), Inv.Inputs.size(), Inv.InputSpecs);
}

/// One run of the tool over a package's models, in one of its three modes:
/// listing each model's launch sites (--list), printing the commands that
/// would rebuild each one (--print-compile-command), or instrumenting each
/// one, rebuilding its .so and writing the new package.
class PackageRun {
public:
  PackageRun(const DriverOptions &Options, const std::optional<RuleSet> &Rules,
             const PackageArchive &Archive, const WorkDir &Work,
             llvm::raw_ostream &Out, llvm::raw_ostream &Err)
      : Options(Options), Rules(Rules), Archive(Archive), Work(Work), Out(Out),
        Err(Err) {}

  /// --list: every model's launch sites, as tables or as one JSON object.
  llvm::Error listModels();
  /// Every model rebuilt: its commands printed (--print-compile-command),
  /// or the model instrumented and rebuilt, then the new package written.
  llvm::Error rebuildModels();

private:
  llvm::Expected<ExtractedModel> unpack(size_t Index, bool SourcesOnly) const;
  std::string labelOf(const PackageModel &Model) const;
  llvm::Expected<WrapperInventory> analyzeModel(const ExtractedModel &M) const;
  std::vector<std::string> analysisRoots() const;
  llvm::Error listModel(size_t Index, bool Json);
  llvm::Error rebuildModel(size_t Index);
  llvm::Expected<std::optional<RebuildPlan>> planModel(const ExtractedModel &M,
                                                       StringRef Instrumented,
                                                       StringRef Build,
                                                       StringRef Label);
  llvm::Error printCommands(const PackageModel &Model,
                            const std::optional<RebuildPlan> &Plan,
                            StringRef Label);
  llvm::Error instrumentModel(const ExtractedModel &M,
                              std::optional<RebuildPlan> &Plan, StringRef Build,
                              StringRef Instrumented, StringRef Label);
  llvm::Expected<std::unique_ptr<Sandbox>> sandboxFor(const RebuildPlan &Plan,
                                                      StringRef Label);
  llvm::Error startEarlySteps(BuildRunner &Runner, const RebuildPlan &Plan,
                              StringRef Label);
  llvm::Error instrumentWrapper(const ExtractedModel &M, StringRef Instrumented,
                                StringRef Label);
  llvm::Error rebuildSharedObject(BuildRunner &Runner, RebuildPlan &Plan,
                                  StringRef Instrumented, StringRef Label);
  llvm::Error writePackage();

  const DriverOptions &Options;
  const std::optional<RuleSet> &Rules;
  const PackageArchive &Archive;
  const WorkDir &Work;
  llvm::raw_ostream &Out;
  llvm::raw_ostream &Err;
  /// What rebuilds use; not set when listing.
  std::optional<LocalToolchain> Toolchain;
  /// Whether the note that the kernel has no Landlock was printed.
  bool SandboxNoted = false;
  /// Entry of the package -> the file that replaces it in the new one.
  llvm::StringMap<std::string> Replacements;
};

/// Takes model \p Index out of the package into the work dir, timed;
/// \p SourcesOnly for listing.
llvm::Expected<ExtractedModel> PackageRun::unpack(size_t Index,
                                                  bool SourcesOnly) const {
  llvm::TimeRegion Timing(
      timer(Options, "unpack", "take the models out of the package"));
  return extract(Archive, Archive.models()[Index],
                 Work.sub("model" + llvm::Twine(Index)), SourcesOnly);
}

/// What the parse of a package's wrapper may read: this machine's torch,
/// CUDA, Python and system directories (TrustedDirs), clang's builtin
/// headers, the work directory and the tool's caches (its parse PCH, the
/// headers of --torch-version).
std::vector<std::string> PackageRun::analysisRoots() const {
  std::string TorchInclude = torchIncludeDirFor(Options);
  llvm::SmallString<256> TorchLib(TorchInclude);
  path::remove_filename(TorchLib);
  path::append(TorchLib, "lib");
  TrustedDirs Trusted(TorchInclude, TorchLib, cudaHome(), "");
  std::vector<std::string> Roots = Trusted.roots();
  for (StringRef File : compilerSystemFiles())
    Roots.push_back(File.str());
  for (std::string Dir : {clangResourceDir(Options.ResourceDir),
                          Work.path().str(), defaultCacheDir()})
    if (!Dir.empty())
      Roots.push_back(std::move(Dir));
  return Roots;
}

/// How messages name \p Model: its name comes from the package, so it is
/// shown escaped.
std::string PackageRun::labelOf(const PackageModel &Model) const {
  return escapeControl(Options.InputPath + ": model '" + Model.Name + "'");
}

/// Analyzes \p M's wrapper, its inputs named as the package exported them;
/// the parse reads only this machine's toolchain directories, the work
/// directory and the caches.
llvm::Expected<WrapperInventory>
PackageRun::analyzeModel(const ExtractedModel &M) const {
  auto Inventory = analyzeWrapperFile(Options, M.Files.Wrapper, M.WrapperText,
                                      Err, analysisRoots());
  if (!Inventory)
    return Inventory.takeError();
  nameInputsAsExported(Archive, *M.Model, *Inventory);
  return Inventory;
}

llvm::Error PackageRun::listModels() {
  bool Json = Options.List == ListFormat::Json;
  if (Json)
    Out << "{\"package\": " << llvm::json::Value(Options.InputPath)
        << ", \"models\": [";
  for (size_t Index = 0; Index < Archive.models().size(); ++Index)
    if (llvm::Error E = listModel(Index, Json))
      return E;
  if (Json)
    Out << "]}\n";
  return llvm::Error::success();
}

/// Prints the launch sites of model \p Index: an element of the JSON's
/// "models" array when \p Json, else a table.
llvm::Error PackageRun::listModel(size_t Index, bool Json) {
  const PackageModel &Model = Archive.models()[Index];
  auto M = unpack(Index, /*SourcesOnly=*/true);
  if (!M)
    return M.takeError();
  auto Inventory = analyzeModel(*M);
  if (!Inventory)
    return Inventory.takeError();
  Inventory->File = M->EntryOf.lookup(M->Files.Wrapper);
  if (Json) {
    Out << (Index ? ", " : "") << "{\"name\": " << llvm::json::Value(Model.Name)
        << ", \"inventory\": ";
    printInventoryJson(*Inventory, Out);
    Out << "}";
  } else {
    Out << (Index ? "\n" : "") << "model '" << escapeControl(Model.Name)
        << "' (" << escapeControl(Inventory->File) << "):\n";
    printInventoryTable(*Inventory, Out);
  }
  return llvm::Error::success();
}

llvm::Error PackageRun::rebuildModels() {
  auto TC = localToolchain(Options);
  if (!TC)
    return TC.takeError();
  Toolchain = std::move(*TC);
  Toolchain->UntrustedDir = Work.path().str();
  if (Options.PrintCompileCommand)
    Toolchain->BuildCacheDir.clear(); // the commands one would run by hand
  for (size_t Index = 0; Index < Archive.models().size(); ++Index)
    if (llvm::Error E = rebuildModel(Index))
      return E;
  if (Options.PrintCompileCommand)
    return llvm::Error::success();
  return writePackage();
}

/// Model \p Index, unless it is instrumented already: its rebuild planned in
/// a build directory of its own, then its commands printed, or the model
/// instrumented and rebuilt.
llvm::Error PackageRun::rebuildModel(size_t Index) {
  const PackageModel &Model = Archive.models()[Index];
  auto M = unpack(Index, /*SourcesOnly=*/false);
  if (!M)
    return M.takeError();
  std::string Label = labelOf(Model);
  if (isInstrumented(M->WrapperText))
    return makeToolError(ExitCode::OutputError, Options.InputPath,
                         "model '" + Model.Name +
                             "' is already instrumented by aoti-instrument",
                         "run it on the original package");
  std::string Build = Work.sub("build" + llvm::Twine(Index));
  if (std::error_code EC = fs::create_directories(Build))
    return makeToolError(ExitCode::OutputError, Build,
                         "cannot create directory: " + EC.message());
  std::string Instrumented =
      Build + "/" + path::filename(M->Files.Wrapper).str();
  auto Planned = planModel(*M, Instrumented, Build, Label);
  if (!Planned)
    return Planned.takeError();
  std::optional<RebuildPlan> Plan = std::move(*Planned);
  // A precompiled header built for a rebuild that then failed is no use.
  auto DropUnpublished = llvm::make_scope_exit([&] {
    if (Plan)
      dropUnpublished(*Plan);
  });
  if (Options.PrintCompileCommand)
    return printCommands(Model, Plan, Label);
  return instrumentModel(*M, Plan, Build, Instrumented, Label);
}

/// The rebuild of \p M's .so with \p Instrumented as its wrapper, in
/// \p Build, its notes reported; none when the model has no .so
/// (package_cpp_only).
llvm::Expected<std::optional<RebuildPlan>>
PackageRun::planModel(const ExtractedModel &M, StringRef Instrumented,
                      StringRef Build, StringRef Label) {
  if (M.Files.SharedObject.empty())
    return std::nullopt;
  bool Cuda = names::isCudaWrapper(M.WrapperText);
  Toolchain->WrapperPrelude = runtimePrelude(Cuda);
  Toolchain->RuntimeObjectSource = runtimeObjectSource(Cuda);
  auto Plan = planRebuild(M.Files, Instrumented, Build, *Toolchain);
  if (!Plan)
    return Plan.takeError();
  for (const std::string &Note : Plan->Notes)
    llvm::WithColor::note(Err, Label) << printableMessage(Note, false) << "\n";
  return std::move(*Plan);
}

/// --print-compile-command: the commands that would rebuild \p Model.
llvm::Error PackageRun::printCommands(const PackageModel &Model,
                                      const std::optional<RebuildPlan> &Plan,
                                      StringRef Label) {
  if (!Plan)
    return makeToolError(ExitCode::CompileError, Label.str(),
                         "the model has no .so to rebuild "
                         "(package_cpp_only): build it with the "
                         "package's CMakeLists.txt");
  Out << "# model '" << escapeControl(Model.Name) << "'\n";
  printSteps(*Plan, Work.path(), Out);
  return llvm::Error::success();
}

/// Instruments \p M's wrapper into \p Instrumented and rebuilds its .so by
/// \p Plan, if it has one, in \p Build.
llvm::Error PackageRun::instrumentModel(const ExtractedModel &M,
                                        std::optional<RebuildPlan> &Plan,
                                        StringRef Build, StringRef Instrumented,
                                        StringRef Label) {
  if (!Plan) {
    if (llvm::Error E = instrumentWrapper(M, Instrumented, Label))
      return E;
    llvm::WithColor::note(Err, Label)
        << "the model has no .so (package_cpp_only): only its wrapper is "
           "instrumented; build it with the package's CMakeLists.txt\n";
    return llvm::Error::success();
  }
  auto Box = sandboxFor(*Plan, Label);
  if (!Box)
    return Box.takeError();
  // The kernels and the weights do not depend on the instrumentation:
  // they build while the wrapper is analyzed.
  BuildRunner Runner(Build, **Box);
  auto Usage = llvm::make_scope_exit([&] {
    if (Options.Times)
      for (const StepUsage &Step : Runner.usage())
        Options.Times->addProgram(Step.What, Step.Exit.CpuSeconds,
                                  Step.Exit.PeakRssBytes);
  });
  if (llvm::Error E = startEarlySteps(Runner, *Plan, Label))
    return E;
  if (llvm::Error E = instrumentWrapper(M, Instrumented, Label))
    return E;
  if (llvm::Error E = rebuildSharedObject(Runner, *Plan, Instrumented, Label))
    return E;
  Replacements[M.EntryOf.lookup(M.Files.SharedObject)] = Plan->OutputSo;
  return llvm::Error::success();
}

/// The sandbox \p Plan's steps run in, with the user's limits; says once
/// when the kernel has no Landlock.
llvm::Expected<std::unique_ptr<Sandbox>>
PackageRun::sandboxFor(const RebuildPlan &Plan, StringRef Label) {
  ResourceLimits Limits =
      rebuildLimits(Plan.dataBytes(), Options.CompileSeconds,
                    Options.CompileMemory, Options.CompileFileBytes);
  std::string Note;
  auto Box = Sandbox::create(Plan.Sandbox, Limits, Options.Sandbox, Note);
  if (!Box)
    return Box.takeError();
  if (!Note.empty() && !SandboxNoted) {
    llvm::WithColor::note(Err, Label) << Note << "\n";
    SandboxNoted = true;
  }
  return Box;
}

/// Starts the steps of \p Plan that come before the wrapper's compile: the
/// kernels, the weights and the precompiled header.
llvm::Error PackageRun::startEarlySteps(BuildRunner &Runner,
                                        const RebuildPlan &Plan,
                                        StringRef Label) {
  for (const BuildStep &Step : Plan.Early)
    if (llvm::Error E = Runner.start(Step))
      return E;
  if (Plan.PrecompileStep)
    Err << Label << ": " << Plan.Early[*Plan.PrecompileStep].What << ", once\n";
  return llvm::Error::success();
}

/// Analyzes and instruments \p M's wrapper into \p Instrumented, which
/// replaces it in the new package, and reports what was inserted.
llvm::Error PackageRun::instrumentWrapper(const ExtractedModel &M,
                                          StringRef Instrumented,
                                          StringRef Label) {
  StringRef WrapperName = path::filename(M.Files.Wrapper);
  Err << Label << ": analyzing " << WrapperName << "\n";
  auto Inventory = analyzeModel(M);
  if (!Inventory)
    return Inventory.takeError();
  Inventory->Package = path::filename(Options.InputPath).str();
  Inventory->Model = M.Model->Name;
  InstrumentSummary Summary;
  size_t Matched = 0;
  {
    llvm::TimeRegion Timing(
        timer(Options, "instrument", "plan, rewrite and write the wrapper"));
    // A package's wrapper is one self-contained file.
    auto Text =
        instrumentWrapperText(*Rules, *Inventory, M.WrapperText, WrapperName,
                              RuntimeMode::Embed, Summary, Matched, Err);
    if (!Text)
      return Text.takeError();
    if (llvm::Error E = writeOutput(Instrumented, *Text))
      return E;
  }
  Replacements[M.EntryOf.lookup(M.Files.Wrapper)] = Instrumented.str();
  Err << Label << ": " << Summary.describe()
      << describeMatches(*Rules, Matched, Inventory->Sites.size()) << "\n";
  return llvm::Error::success();
}

/// Builds \p Plan's .so once the instrumented wrapper \p Instrumented is
/// written, the early steps started by \p Runner, and publishes what the
/// build cache keeps. The wrapper's object comes from the build cache when
/// it holds one of the same text, flags, compiler and torch.
llvm::Error PackageRun::rebuildSharedObject(BuildRunner &Runner,
                                            RebuildPlan &Plan,
                                            StringRef Instrumented,
                                            StringRef Label) {
  auto Text = llvm::MemoryBuffer::getFile(Instrumented);
  bool Reused = Text && reuseCachedWrapperObject(Plan, (*Text)->getBuffer());
  Err << Label << ": rebuilding " << path::filename(Plan.OutputSo)
      << (Reused ? " (the wrapper's object from the build cache)" : "") << "\n";
  // Early steps are numbered first in the runner.
  if (Plan.PrecompileStep) {
    llvm::TimeRegion Timing(
        timer(Options, "wait-pch", "wait for the precompiled header build"));
    if (llvm::Error E = Runner.waitFor(*Plan.PrecompileStep))
      return E;
  }
  {
    llvm::TimeRegion Timing(
        timer(Options, "compile",
              "compile the wrapper (and wait for the kernels, weights)"));
    if (!Reused)
      if (llvm::Error E = Runner.start(Plan.CompileWrapper))
        return E;
    if (llvm::Error E = Runner.wait())
      return E;
  }
  {
    llvm::TimeRegion Timing(timer(Options, "link", "link the model's .so"));
    if (llvm::Error E = Runner.run(Plan.Link))
      return E;
    if (llvm::Error E = appendTrailer(Plan.Data, Plan.OutputSo))
      return E;
  }
  publishToCache(Plan);
  return llvm::Error::success();
}

/// Writes the package with every replaced entry (the original kept aside
/// when instrumenting in place).
llvm::Error PackageRun::writePackage() {
  std::string Destination =
      Options.InPlace ? Options.InputPath : Options.OutputPath;
  if (Options.InPlace) {
    if (llvm::Error E = keepOriginal(Options.InputPath))
      return E;
  }
  {
    llvm::TimeRegion Timing(timer(Options, "repack", "write the package"));
    if (llvm::Error E =
            Archive.writeWithReplacements(Destination, Replacements))
      return E;
  }
  size_t Models = Archive.models().size();
  Err << Options.InputPath << ": " << Models << " model"
      << (Models == 1 ? "" : "s") << " instrumented -> " << Destination
      << (Options.InPlace ? " (original kept as " + Options.InputPath + ".orig)"
                          : "")
      << "\n";
  return llvm::Error::success();
}

} // namespace

llvm::Error aoti::runPackageDriver(const DriverOptions &Options,
                                   const std::optional<RuleSet> &Rules,
                                   llvm::raw_ostream &Out,
                                   llvm::raw_ostream &Err) {
  ArchiveLimits Limits;
  if (auto Bytes = parseByteSize(Options.MaxUnpackedSize)) {
    Limits.MaxUnpackedBytes = *Bytes;
    Limits.CheckExpansion = false;
  }
  auto Archive = PackageArchive::open(Options.InputPath, Limits);
  if (!Archive)
    return Archive.takeError();
  WorkDir Work;
  if (llvm::Error E = Work.create())
    return E;
  PackageRun Run(Options, Rules, *Archive, Work, Out, Err);
  if (Options.List != ListFormat::None)
    return Run.listModels();
  return Run.rebuildModels();
}
