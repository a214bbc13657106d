//===- Rebuild.cpp - Rebuild a packaged model's .so -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Package/Rebuild.h"
#include "Analysis/CompileFlags.h"
#include "Package/BuildSandbox.h"
#include "Package/RecordedCommand.h"
#include "Runtime/RuntimeSource.h"
#include "Support/AOTINames.h"
#include "Support/CacheDir.h"
#include "Support/ToolError.h"
#include "Support/Trailer.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace options = clang::driver::options;

namespace {

constexpr StringRef TorchLibSuffix = "/torch/lib";

bool isTorchLibrary(const llvm::opt::Arg &A) {
  return A.getOption().matches(options::OPT_l) &&
         llvm::is_contained(
             {"torch", "torch_cpu", "torch_cuda", "c10", "c10_cuda"},
             StringRef(A.getValue()));
}

bool isCxxSource(StringRef Input) {
  return Input.ends_with(".cpp") || Input.ends_with(".cc") ||
         Input.ends_with(".cxx");
}

/// Adapts the commands of the generating machine to this one, noting what
/// it changed, and keeps of them only what RecordedCommand.h allows.
/// What the work directory is called in the objects a rebuild makes.
constexpr llvm::StringLiteral ReproduciblePrefix = "/aoti-instrument-work";

class CommandAdapter {
public:
  CommandAdapter(const LocalToolchain &Toolchain,
                 std::vector<std::string> &Notes)
      : Toolchain(Toolchain), Notes(Notes) {}

  /// The compiler to run for the recorded \p Recorded.
  llvm::Expected<std::string> compiler(StringRef Recorded) {
    if (!Compiler.empty())
      return Compiler;
    std::string Why;
    auto Chosen = chooseCompiler(Recorded, Toolchain.Compiler,
                                 Toolchain.UntrustedDir, Why);
    if (!Chosen)
      return Chosen.takeError();
    Compiler = std::move(*Chosen);
    if (!Why.empty())
      note(std::move(Why));
    Trusted.emplace(Toolchain.TorchIncludeDir, Toolchain.TorchLibDir,
                    Toolchain.CudaHome, Compiler);
    return Compiler;
  }

  /// Appends the include dir option \p A, with its dir here, to \p Argv
  /// as the analysis adapts one (appendIncludeDir()); nothing when the dir
  /// has no local equivalent or is not trusted.
  void includeDir(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                  std::vector<std::string> &Argv) {
    appendIncludeDir(
        A, [&](StringRef Dir) { return trustedLocal(Dir, Tokens); }, Argv);
  }

  /// Appends -L with the library dir \p Dir here to \p Argv; nothing when
  /// it has no local equivalent or is not trusted.
  void libraryDir(StringRef Dir, llvm::ArrayRef<std::string> Tokens,
                  std::vector<std::string> &Argv) {
    std::optional<std::string> Local = localLibraryDir(Dir);
    if (!Local)
      return missing(Dir, "library dir");
    if (!Trusted->contains(*Local))
      return drop(Tokens);
    replaced(Dir, *Local);
    Argv.push_back("-L" + *Local);
  }

  /// Leaves \p Tokens out of the command being adapted.
  void drop(llvm::ArrayRef<std::string> Tokens) {
    llvm::append_range(Dropped, Tokens);
  }

  /// One note listing what was left out of the \p Which command.
  void noteDropped(StringRef Which) {
    if (Dropped.empty())
      return;
    note("left out of the " + Which.str() +
         " command of the package's build (flags a rebuild does not keep): " +
         commandLine(BuildStep{"", std::move(Dropped)}));
    Dropped.clear();
  }

  void note(std::string Text) {
    if (!llvm::is_contained(Notes, Text))
      Notes.push_back(std::move(Text));
  }

  /// The directories -I and -L may name (once compiler() has run).
  const TrustedDirs &trusted() const { return *Trusted; }

  /// Flags of the tool's own for every compile: the work directory's
  /// random name never enters an object (debug info, __FILE__), so that a
  /// package rebuilt twice gives the same bytes.
  std::vector<std::string> reproducibleFlags() const {
    if (Toolchain.UntrustedDir.empty())
      return {};
    return {"-ffile-prefix-map=" + Toolchain.UntrustedDir + "=" +
            std::string(ReproduciblePrefix)};
  }

private:
  /// The include dir \p Dir (of the option \p Tokens) here; "" when it has
  /// no local equivalent or is not trusted.
  std::string trustedLocal(StringRef Dir, llvm::ArrayRef<std::string> Tokens) {
    std::string Local = localIncludeDir(
        Dir, {Toolchain.TorchIncludeDir, nullptr, Toolchain.CudaHome});
    if (Local.empty()) {
      missing(Dir, "include dir");
      return "";
    }
    if (!Trusted->contains(Local)) {
      drop(Tokens);
      return "";
    }
    replaced(Dir, Local);
    return Local;
  }

  std::optional<std::string> localLibraryDir(StringRef Dir) {
    StringRef Trimmed = Dir.rtrim('/');
    if (Trimmed.ends_with(TorchLibSuffix)) {
      if (Toolchain.TorchLibDir.empty())
        return std::nullopt;
      return Toolchain.TorchLibDir;
    }
    if (fs::is_directory(Dir))
      return Dir.str();
    if (Dir.contains("cuda")) {
      for (StringRef Sub : {"lib64", "targets/x86_64-linux/lib",
                            "targets/sbsa-linux/lib", "lib"}) {
        llvm::SmallString<256> Local(Toolchain.CudaHome);
        path::append(Local, Sub);
        if (Trimmed.ends_with("/stubs"))
          path::append(Local, "stubs");
        if (fs::is_directory(Local))
          return std::string(Local);
      }
    }
    return std::nullopt;
  }
  void replaced(StringRef From, StringRef To) {
    if (From != To)
      note("'" + From.str() + "' of the package's build " +
           (fs::is_directory(From) ? "replaced by"
                                   : "does not exist here; using") +
           " '" + To.str() + "'");
  }
  void missing(StringRef Dir, StringRef Kind) {
    note(Kind.str() + " '" + Dir.str() +
         "' of the package's build does not exist here; left out");
  }

  const LocalToolchain &Toolchain;
  std::vector<std::string> &Notes;
  std::string Compiler;
  std::optional<TrustedDirs> Trusted;
  std::vector<std::string> Dropped;
};

/// The tokens that stand for the kept option \p A: -D and -U as the
/// analysis writes them (appendMacro()), anything else as it was given.
void appendKept(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                std::vector<std::string> &Argv) {
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(options::OPT_D) || O.matches(options::OPT_U))
    appendMacro(A, Argv);
  else
    llvm::append_range(Argv, Tokens);
}

/// The objects of a rebuild's link, put where the recorded link has its
/// own: in torch's order, the wrapper, the kernels, the weights, then GPU
/// kernel objects and embedded cubins.
struct LinkObjects {
  std::string Wrapper, Runtime, Kernel, Data;
  unsigned Count = 0;
  bool DataAdded = false;

  /// Appends to \p Argv what replaces the recorded object \p Recorded of
  /// the link of \p WrapperPath.
  llvm::Error add(StringRef Recorded, StringRef WrapperPath,
                  std::vector<std::string> &Argv) {
    unsigned Position = Count++;
    if (Recorded.ends_with(".wrapper.o") || Position == 0) {
      Argv.push_back(Wrapper);
      if (!Runtime.empty())
        Argv.push_back(Runtime);
    } else if (Recorded.ends_with(".kernel.o") || Position == 1) {
      if (Kernel.empty())
        return makeToolError(ExitCode::CompileError, WrapperPath.str(),
                             "the model was linked with kernels compiled "
                             "from a kernel.cpp the package does not hold");
      Argv.push_back(Kernel);
    } else if (Recorded.ends_with(".weights.o") ||
               Recorded.ends_with(".cubin.o") || Position == 2) {
      if (!DataAdded)
        Argv.push_back(Data);
      DataAdded = true;
    } else {
      return makeToolError(
          ExitCode::CompileError, WrapperPath.str(),
          "the model's .so was linked with '" +
              escapeControl(path::filename(Recorded)) +
              "', an object the package does not hold (a CUDA C++ or "
              "CUTLASS kernel compiled by Inductor?); it cannot be rebuilt "
              "from the package");
    }
    return llvm::Error::success();
  }
};

/// What a rebuild makes of each option of a recorded command, read with the
/// analysis's option table by the adjuster(): its inputs are replaced by
/// the tool's (input()), its output is the tool's, its include dirs are
/// this machine's; then the options a step treats in its own way
/// (adaptOwn()); of the rest, what RecordedCommand.h keeps is kept and
/// anything else left out.
class RecordedOptions {
public:
  RecordedOptions(CommandAdapter &Adapter, RecordedStep Step)
      : Adapter(Adapter), Step(Step) {}
  virtual ~RecordedOptions() = default;

  /// An adjuster of the analysis's kind (eachOptionAdjuster()) that adapts
  /// each option of a command; its program name is kept.
  clang::tooling::ArgumentsAdjuster adjuster() {
    return eachOptionAdjuster(
        [this](const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
               std::vector<std::string> &Out) { adapt(A, Tokens, Out); });
  }

protected:
  /// Appends what stands for the input \p Input here.
  virtual void input(StringRef Input, llvm::ArrayRef<std::string> Tokens,
                     std::vector<std::string> &Out) = 0;
  /// Adapts \p A when this step treats it in its own way; false otherwise.
  virtual bool adaptOwn(const llvm::opt::Arg &A,
                        llvm::ArrayRef<std::string> Tokens,
                        std::vector<std::string> &Out) = 0;

  CommandAdapter &Adapter;

private:
  void adapt(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
             std::vector<std::string> &Out) {
    const llvm::opt::Option &O = A.getOption();
    if (O.getKind() == llvm::opt::Option::InputClass)
      return input(A.getValue(), Tokens, Out);
    if (O.matches(options::OPT_o))
      return; // The tool names the output.
    if (isIncludeDirOption(A))
      return Adapter.includeDir(A, Tokens, Out);
    if (adaptOwn(A, Tokens, Out))
      return;
    if (keepsRecordedFlag(A, Tokens, Step))
      return appendKept(A, Tokens, Out);
    Adapter.drop(Tokens);
  }

  RecordedStep Step;
};

/// A recorded compile command's options: its first C++ source becomes
/// \p Source; the generating machine's prefix header is left out.
class CompileOptions : public RecordedOptions {
public:
  CompileOptions(CommandAdapter &Adapter, StringRef Source)
      : RecordedOptions(Adapter, RecordedStep::Compile), Source(Source) {}

  bool SawSource = false;
  bool SawCompileOnly = false;

private:
  void input(StringRef Input, llvm::ArrayRef<std::string> Tokens,
             std::vector<std::string> &Out) override {
    if (SawSource || !isCxxSource(Input) || Input.starts_with("@"))
      return Adapter.drop(Tokens);
    Out.push_back(Source.str());
    SawSource = true;
  }

  bool adaptOwn(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                std::vector<std::string> &Out) override {
    const llvm::opt::Option &O = A.getOption();
    if (O.matches(options::OPT_c)) {
      SawCompileOnly = true;
      llvm::append_range(Out, Tokens);
      return true;
    }
    if (!O.matches(options::OPT_include))
      return false;
    // AOTI's precompiled prefix header (torch >= 2.11) lives in the
    // generating machine's inductor cache; it only includes the header the
    // source includes itself.
    Adapter.note("the package's build used a prefix header of the machine "
                 "that made it (AOTI's precompiled header); left out: the "
                 "sources include the same headers themselves");
    return true;
  }

  StringRef Source;
};

/// The recorded compile command \p Command (the \p Which command),
/// compiling \p Source to \p Object: read and adapted, option by option, by
/// an adjuster of the kind that adapts the analysis's flags.
llvm::Expected<BuildStep> adaptCompile(const std::vector<std::string> &Command,
                                       StringRef What, StringRef Which,
                                       StringRef Source, StringRef Object,
                                       CommandAdapter &Adapter) {
  auto Compiler = Adapter.compiler(Command.front());
  if (!Compiler)
    return Compiler.takeError();
  CompileOptions Options(Adapter, Source);
  BuildStep Step{What.str(), Options.adjuster()(Command, Source)};
  Step.Argv.front() = *Compiler;
  Adapter.noteDropped(Which);
  if (!Options.SawSource)
    return makeToolError(ExitCode::CompileError, "",
                         "the recorded compile command has no source file: " +
                             llvm::join(Command, " "));
  if (!Options.SawCompileOnly)
    Step.Argv.push_back("-c");
  llvm::append_range(Step.Argv, Adapter.reproducibleFlags());
  Step.Argv.insert(Step.Argv.end(), {"-o", Object.str()});
  return Step;
}

/// The recorded link command's options: its objects become \p Objects, its
/// library dirs this machine's; torch's libraries are left out without a
/// local torch/lib.
class LinkOptions : public RecordedOptions {
public:
  LinkOptions(CommandAdapter &Adapter, const LocalToolchain &Toolchain,
              LinkObjects &Objects, StringRef WrapperPath)
      : RecordedOptions(Adapter, RecordedStep::Link), Toolchain(Toolchain),
        Objects(Objects), WrapperPath(WrapperPath) {}

  /// The first object the link cannot be given.
  llvm::Error Failed = llvm::Error::success();
  bool TorchLibsDropped = false;

private:
  void input(StringRef Input, llvm::ArrayRef<std::string> Tokens,
             std::vector<std::string> &Out) override {
    if (!Input.ends_with(".o") || Input.starts_with("@"))
      return Adapter.drop(Tokens);
    llvm::Error E = Objects.add(Input, WrapperPath, Out);
    if (E && !Failed)
      Failed = std::move(E); // the first one says it
    else
      llvm::consumeError(std::move(E));
  }

  bool adaptOwn(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                std::vector<std::string> &Out) override {
    if (A.getOption().matches(options::OPT_L)) {
      Adapter.libraryDir(StringRef(A.getValue()).trim(), Tokens, Out);
      return true;
    }
    if (!isTorchLibrary(A) || !Toolchain.TorchLibDir.empty())
      return false;
    TorchLibsDropped = true;
    return true;
  }

  const LocalToolchain &Toolchain;
  LinkObjects &Objects;
  StringRef WrapperPath;
};

llvm::Expected<std::string> readText(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "cannot read: " + Buffer.getError().message());
  return (*Buffer)->getBuffer().str();
}

llvm::Error writeText(StringRef Path, StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return makeToolError(ExitCode::OutputError, Path.str(),
                         "cannot write: " + EC.message());
  OS << Text;
  return llvm::Error::success();
}

/// What a precompiled header depends on besides its text and flags: the
/// compiler binary and the torch headers (a reinstall at the same path).
void hashEnvironment(llvm::SHA256 &Hash, StringRef Compiler,
                     const LocalToolchain &Toolchain) {
  for (std::string File : {Compiler.str(),
                           Toolchain.TorchIncludeDir +
                               "/torch/csrc/inductor/aoti_runtime/model_base.h",
                           Toolchain.TorchIncludeDir +
                               "/torch/csrc/api/include/torch/version.h"}) {
    fs::file_status Status;
    Hash.update(File);
    if (!fs::status(File, Status)) {
      Hash.update(std::to_string(Status.getSize()));
      Hash.update(std::to_string(
          Status.getLastModificationTime().time_since_epoch().count()));
    }
  }
}

/// Whether \p Arg is CommandAdapter::reproducibleFlags()'s, which names
/// this run's work directory: a cache key leaves it out (the objects it
/// makes are the same in every work directory).
bool namesWorkDir(StringRef Arg) {
  return Arg.starts_with("-ffile-prefix-map=") &&
         Arg.ends_with(("=" + ReproduciblePrefix).str());
}

/// Hashes what decides the object \p Compile makes besides its source's
/// text: its flags but \p Source, \p Object and the work directory (with
/// \p Renamed.first, a directory being built, named as \p Renamed.second,
/// its cached self), the compiler and torch.
void hashCompile(llvm::SHA256 &Hash, const BuildStep &Compile, StringRef Source,
                 StringRef Object, const LocalToolchain &Toolchain,
                 const std::pair<std::string, std::string> &Renamed = {}) {
  for (const std::string &Arg : Compile.Argv) {
    if (Arg == Source || Arg == Object || namesWorkDir(Arg))
      continue;
    StringRef A(Arg);
    if (!Renamed.first.empty() && A.starts_with(Renamed.first))
      Hash.update(Renamed.second + A.drop_front(Renamed.first.size()).str() +
                  '\0');
    else
      Hash.update(Arg + '\0');
  }
  hashEnvironment(Hash, Compile.Argv.front(), Toolchain);
}

/// Plans \p Compile of \p Source (whose text is \p Text) into \p Object,
/// unless the build cache holds its object already: one compile per source,
/// flags, compiler and torch. Returns the object to link.
std::string cachedObject(BuildStep Compile, StringRef Kind, StringRef Text,
                         StringRef Source, StringRef Object,
                         const LocalToolchain &Toolchain, RebuildPlan &Plan) {
  std::string Cached;
  if (!Toolchain.BuildCacheDir.empty()) {
    llvm::SHA256 Hash;
    Hash.update(Text);
    hashCompile(Hash, Compile, Source, Object, Toolchain);
    Cached =
        pathIn(Toolchain.BuildCacheDir, Kind + "-" + cacheKey(Hash) + ".o");
  }
  if (!Cached.empty() && fs::exists(Cached)) {
    Plan.Sandbox.ReadOnly.push_back(Cached);
    return Cached;
  }
  Plan.Early.push_back(std::move(Compile));
  if (!Cached.empty())
    Plan.ToCache.push_back({Object.str(), Cached});
  return Object.str();
}

/// Makes \p Compile use a cached precompiled header of its source's AOTI
/// include (and \p Extra after it), planning to build it when it is not
/// cached: what AOTI does with its own precompiled_headers (torch >= 2.11),
/// which exist only on the machine that made the package.
void usePrecompiledPrefix(BuildStep &Compile, StringRef Source,
                          StringRef SourceText, StringRef Extra,
                          const LocalToolchain &Toolchain, RebuildPlan &Plan) {
  if (Toolchain.BuildCacheDir.empty())
    return;
  StringRef Include = names::aotiIncludeLine(SourceText);
  auto SourceArg = llvm::find(Compile.Argv, Source);
  if (Include.empty() || SourceArg == Compile.Argv.end())
    return;
  std::string Header = (Include + "\n" + Extra).str();

  llvm::SHA256 Hash;
  Hash.update(Header);
  hashCompile(Hash, Compile, Source, Compile.Argv.back(), Toolchain);
  std::string Key = cacheKey(Hash);
  std::string Cached = pathIn(Toolchain.BuildCacheDir, "pch-" + Key);
  std::string Dir = Cached;
  if (!fs::exists(pathIn(Cached, "prefix.h.gch"))) {
    Dir = Cached + ".tmp-" + std::to_string(llvm::sys::Process::getProcessId());
    if (fs::create_directories(Dir))
      return;
    std::error_code EC;
    llvm::raw_fd_ostream OS(pathIn(Dir, "prefix.h"), EC);
    if (EC)
      return;
    OS << Header;
    BuildStep Build{"precompile the wrapper's headers (cached in " +
                        Toolchain.BuildCacheDir + ")",
                    Compile.Argv};
    auto Pos = Build.Argv.begin() + (SourceArg - Compile.Argv.begin());
    Pos = Build.Argv.erase(Pos);
    Build.Argv.insert(Pos, {"-x", "c++-header", pathIn(Dir, "prefix.h")});
    Build.Argv.back() = pathIn(Dir, "prefix.h.gch");
    Plan.PrecompileStep = Plan.Early.size();
    Plan.Early.push_back(std::move(Build));
    Plan.ToCache.push_back({Dir, Cached});
    Plan.Sandbox.Writable.push_back(Dir);
  } else {
    Plan.Sandbox.ReadOnly.push_back(Cached);
  }
  Compile.Argv.insert(Compile.Argv.begin() + 1,
                      {"-include", pathIn(Dir, "prefix.h")});
  if (Dir != Cached)
    Plan.PrefixHeaderBuilt = {Dir, Cached};
}

/// The wrapper's object's key without its text (RebuildPlan::WrapperKeyBase):
/// the compile's flags but its source, object and work directory, a
/// precompiled header being built named as its cached self, the compiler
/// and torch.
std::string wrapperKeyBase(const BuildStep &Compile, StringRef Source,
                           const std::pair<std::string, std::string> &Prefix,
                           const LocalToolchain &Toolchain) {
  llvm::SHA256 Hash;
  hashCompile(Hash, Compile, Source, Compile.Argv.back(), Toolchain, Prefix);
  return cacheKey(Hash);
}

} // namespace

llvm::Expected<ModelFiles>
aoti::findModelFiles(llvm::ArrayRef<std::string> Paths, StringRef ModelName) {
  ModelFiles Files;
  auto Pick = [&](std::string &Slot, StringRef Path,
                  StringRef Kind) -> llvm::Error {
    if (!Slot.empty())
      return makeToolError(ExitCode::NotAWrapper, "",
                           "model '" + escapeControl(ModelName) +
                               "' holds two " + Kind.str() + " files: '" +
                               escapeControl(Slot) + "' and '" +
                               escapeControl(Path) + "'");
    Slot = Path.str();
    return llvm::Error::success();
  };
  for (StringRef P : Paths) {
    StringRef Name = path::filename(P);
    llvm::Error E = llvm::Error::success();
    if (Name.ends_with("wrapper.cpp"))
      E = Pick(Files.Wrapper, P, "wrapper.cpp");
    else if (Name.ends_with("kernel.cpp"))
      E = Pick(Files.Kernel, P, "kernel.cpp");
    else if (Name.ends_with(".so"))
      E = Pick(Files.SharedObject, P, ".so");
    if (E)
      return std::move(E);
  }
  if (Files.Wrapper.empty())
    return makeToolError(ExitCode::NotAWrapper, "",
                         "model '" + escapeControl(ModelName) +
                             "' of the package has no wrapper.cpp: was it "
                             "made with aot_inductor.package_cpp_only or "
                             "by aoti_compile_and_package?");
  return Files;
}

llvm::Expected<BuildStep>
aoti::planWrapperCompile(StringRef WrapperText, StringRef Source,
                         StringRef Object, const LocalToolchain &Toolchain,
                         std::vector<std::string> &Notes) {
  std::vector<std::string> Tokens =
      trailerCommand(WrapperText, CompileCmdLabel);
  if (Tokens.empty())
    return makeToolError(ExitCode::CompileError, Source.str(),
                         "no '// Compile cmd' comment at the end of the "
                         "wrapper: the command it was built with is unknown");
  CommandAdapter Adapter(Toolchain, Notes);
  return adaptCompile(Tokens, "compile " + path::filename(Source).str(),
                      "wrapper's compile", Source, Object, Adapter);
}

namespace {

/// Plans the rebuild of one model (planRebuild()), a step at a time: the
/// recorded commands, the wrapper's compile (with the runtime's object and
/// the precompiled prefix header), the kernels', the weights' assembly,
/// then the link.
class RebuildPlanner {
public:
  RebuildPlanner(const ModelFiles &Files, StringRef InstrumentedWrapper,
                 StringRef WorkDir, const LocalToolchain &Toolchain,
                 RebuildPlan &Plan)
      : Files(Files), InstrumentedWrapper(InstrumentedWrapper),
        WorkDir(WorkDir), Toolchain(Toolchain), Plan(Plan),
        Adapter(Toolchain, Plan.Notes) {}

  llvm::Error plan() {
    if (llvm::Error E = readRecordedCommands())
      return E;
    if (llvm::Error E = planWrapper())
      return E;
    if (llvm::Error E = planKernels())
      return E;
    if (llvm::Error E = planData())
      return E;
    if (llvm::Error E = planLink())
      return E;
    planSandbox();
    return llvm::Error::success();
  }

private:
  /// The wrapper's text and its `// Compile cmd` and `// Link cmd`.
  llvm::Error readRecordedCommands() {
    auto Text = readText(Files.Wrapper);
    if (!Text)
      return Text.takeError();
    WrapperText = std::move(*Text);
    CompileCommand = trailerCommand(WrapperText, CompileCmdLabel);
    LinkCommand = trailerCommand(WrapperText, LinkCmdLabel);
    if (CompileCommand.empty() || LinkCommand.empty())
      return makeToolError(ExitCode::CompileError, Files.Wrapper,
                           "no '// Compile cmd' and '// Link cmd' comments "
                           "at the end of the wrapper: the commands the "
                           "model was built with are unknown");
    return llvm::Error::success();
  }

  /// The instrumented wrapper's compile, with the runtime's object when
  /// the runtime is compiled apart, and a cached precompiled prefix header.
  llvm::Error planWrapper() {
    Objects.Wrapper = pathIn(WorkDir, "wrapper.o");
    auto Compile =
        adaptCompile(CompileCommand, "compile the wrapper", "wrapper's compile",
                     InstrumentedWrapper, Objects.Wrapper, Adapter);
    if (!Compile)
      return Compile.takeError();
    Plan.CompileWrapper = std::move(*Compile);
    if (!Toolchain.RuntimeObjectSource.empty())
      if (llvm::Error E = planRuntime())
        return E;
    usePrecompiledPrefix(Plan.CompileWrapper, InstrumentedWrapper, WrapperText,
                         Toolchain.WrapperPrelude, Toolchain, Plan);
    if (!Toolchain.BuildCacheDir.empty()) {
      Plan.BuildCacheDir = Toolchain.BuildCacheDir;
      Plan.WrapperKeyBase =
          wrapperKeyBase(Plan.CompileWrapper, InstrumentedWrapper,
                         Plan.PrefixHeaderBuilt, Toolchain);
    }
    return llvm::Error::success();
  }

  /// The runtime's definitions: their own object, compiled with the
  /// wrapper's flags once and cached; the wrapper keeps only the hot path.
  llvm::Error planRuntime() {
    std::string Source = pathIn(WorkDir, "aoti_instrument_runtime.cpp");
    if (llvm::Error E = writeText(Source, Toolchain.RuntimeObjectSource))
      return E;
    BuildStep Runtime{
        "compile the instrumentation runtime" +
            (Toolchain.BuildCacheDir.empty()
                 ? std::string()
                 : " (cached in " + Toolchain.BuildCacheDir + ")"),
        Plan.CompileWrapper.Argv};
    std::replace(Runtime.Argv.begin(), Runtime.Argv.end(),
                 InstrumentedWrapper.str(), Source);
    std::string Object = pathIn(WorkDir, "aoti_instrument_runtime.o");
    Runtime.Argv.back() = Object;
    Objects.Runtime = cachedObject(std::move(Runtime), "runtime",
                                   Toolchain.RuntimeObjectSource, Source,
                                   Object, Toolchain, Plan);
    Plan.CompileWrapper.Argv.insert(Plan.CompileWrapper.Argv.begin() + 1,
                                    RuntimeSeparateFlag);
    return llvm::Error::success();
  }

  /// The kernels' compile, when the package has their source. They do not
  /// change with the instrumentation: one compile per kernel source,
  /// flags, compiler and torch.
  llvm::Error planKernels() {
    if (Files.Kernel.empty())
      return llvm::Error::success();
    auto KernelText = readText(Files.Kernel);
    if (!KernelText)
      return KernelText.takeError();
    std::vector<std::string> Command =
        trailerCommand(*KernelText, CompileCmdLabel);
    if (Command.empty())
      return makeToolError(ExitCode::CompileError, Files.Kernel,
                           "no '// Compile cmd' comment at the end of the "
                           "kernel source");
    std::string Object = pathIn(WorkDir, "kernel.o");
    auto Kernel =
        adaptCompile(Command, "compile the kernels (kernel.cpp)",
                     "kernels' compile", Files.Kernel, Object, Adapter);
    if (!Kernel)
      return Kernel.takeError();
    Objects.Kernel = cachedObject(std::move(*Kernel), "kernel", *KernelText,
                                  Files.Kernel, Object, Toolchain, Plan);
    return llvm::Error::success();
  }

  /// The weights (and embedded cubins) of the original .so, assembled
  /// again.
  llvm::Error planData() {
    auto Data = readEmbeddedData(Files.SharedObject, WrapperText);
    if (!Data)
      return Data.takeError();
    Plan.Data = std::move(*Data);
    auto Assembly = writeBlobAssembly(Plan.Data, WorkDir);
    if (!Assembly)
      return Assembly.takeError();
    std::string AsmPath = pathIn(WorkDir, "embedded_data.s");
    if (llvm::Error E = writeText(AsmPath, *Assembly))
      return E;
    Objects.Data = pathIn(WorkDir, "embedded_data.o");
    auto Compiler = Adapter.compiler(CompileCommand.front());
    if (!Compiler)
      return Compiler.takeError();
    Plan.Early.push_back({"assemble the weights taken from the original .so",
                          {*Compiler, "-c", AsmPath, "-o", Objects.Data}});
    return llvm::Error::success();
  }

  /// The link: the recorded one, read and adapted option by option, with
  /// the objects planned above where it has its own.
  llvm::Error planLink() {
    auto Compiler = Adapter.compiler(CompileCommand.front());
    if (!Compiler)
      return Compiler.takeError();
    Plan.OutputSo = pathIn(WorkDir, path::filename(Files.SharedObject));
    LinkOptions Options(Adapter, Toolchain, Objects, Files.Wrapper);
    Plan.Link = {"link the model's .so",
                 Options.adjuster()(LinkCommand, Plan.OutputSo)};
    Plan.Link.Argv.front() = *Compiler;
    Adapter.noteDropped("link");
    if (Options.Failed)
      return std::move(Options.Failed);
    if (!Objects.DataAdded)
      Plan.Link.Argv.push_back(Objects.Data);
    if (Options.TorchLibsDropped)
      Adapter.note("no local torch/lib found: torch's libraries are left out "
                   "of the link (they are resolved when torch loads the "
                   "model)");
    Plan.Link.Argv.insert(Plan.Link.Argv.end(), {"-o", Plan.OutputSo});
    return llvm::Error::success();
  }

  /// What the steps may touch: the whole work directory (the package's
  /// files are read from where they were unpacked), the cache entries
  /// planned above, this machine's trusted directories.
  void planSandbox() {
    StringRef Root = Toolchain.UntrustedDir.empty()
                         ? WorkDir
                         : StringRef(Toolchain.UntrustedDir);
    Plan.Sandbox =
        rebuildSandboxPolicy(Adapter.trusted(), Plan.Link.Argv.front(), Root,
                             Plan.Sandbox.ReadOnly, Plan.Sandbox.Writable);
  }

  const ModelFiles &Files;
  StringRef InstrumentedWrapper;
  StringRef WorkDir;
  const LocalToolchain &Toolchain;
  RebuildPlan &Plan;
  CommandAdapter Adapter;
  std::string WrapperText;
  std::vector<std::string> CompileCommand, LinkCommand;
  LinkObjects Objects;
};

} // namespace

llvm::Expected<RebuildPlan> aoti::planRebuild(const ModelFiles &Files,
                                              StringRef InstrumentedWrapper,
                                              StringRef WorkDir,
                                              const LocalToolchain &Toolchain) {
  RebuildPlan Plan;
  // A plan that fails half-way leaves nothing in the cache.
  auto DropOnError = llvm::make_scope_exit([&] { dropUnpublished(Plan); });
  if (llvm::Error E =
          RebuildPlanner(Files, InstrumentedWrapper, WorkDir, Toolchain, Plan)
              .plan())
    return std::move(E);
  DropOnError.release();
  return Plan;
}

bool aoti::reuseCachedWrapperObject(RebuildPlan &Plan,
                                    StringRef InstrumentedText) {
  if (Plan.WrapperKeyBase.empty())
    return false;
  // The first line is a comment naming the rules' path, which differs
  // between clones, venvs and work directories and changes no object.
  StringRef Text = InstrumentedText;
  auto [First, Rest] = Text.split('\n');
  if (First.starts_with("//") && !First.ends_with("\\"))
    Text = Rest;
  llvm::SHA256 Hash;
  Hash.update(Plan.WrapperKeyBase);
  Hash.update(Text);
  std::string Cached =
      pathIn(Plan.BuildCacheDir, "wrapper-" + cacheKey(Hash) + ".o");
  const std::string &Object = Plan.CompileWrapper.Argv.back();
  if (fs::exists(Cached) && !fs::copy_file(Cached, Object))
    return true;
  Plan.ToCache.push_back({Object, Cached});
  return false;
}

/// Puts the file \p Built at \p Cached unless an entry is there already. An
/// entry is never replaced: a rebuild running beside this one may read it,
/// and its sandbox grants that read to the entry's inode, so a rename over
/// the entry would take it away from that rebuild mid-build. \p Built may
/// lie on another file system: it is moved (or copied) beside the entry
/// first, then linked in place, which fails when the entry exists.
static void publishFile(StringRef Built, StringRef Cached) {
  if (!fs::exists(Cached)) {
    std::string Beside = Cached.str() + ".tmp-" +
                         std::to_string(llvm::sys::Process::getProcessId());
    if (!fs::rename(Built, Beside) || !fs::copy_file(Built, Beside))
      (void)fs::create_hard_link(Beside, Cached);
    fs::remove(Beside);
  }
  fs::remove(Built);
}

void aoti::publishToCache(RebuildPlan &Plan) {
  // Used by the build that made them: into the cache for later runs (unless
  // another process put them there first). A directory (a precompiled
  // header's) is built beside its entry and renamed, which fails on an
  // existing, non-empty entry.
  for (const auto &[Built, Cached] : Plan.ToCache) {
    if (fs::is_directory(Built)) {
      if (fs::rename(Built, Cached))
        fs::remove_directories(Built);
      continue;
    }
    publishFile(Built, Cached);
  }
  Plan.ToCache.clear();
}

void aoti::dropUnpublished(RebuildPlan &Plan) {
  for (const auto &[Built, Cached] : Plan.ToCache)
    if (StringRef(Built).starts_with(path::parent_path(Cached)))
      fs::remove_directories(Built);
  Plan.ToCache.clear();
}

//===----------------------------------------------------------------------===//
// Running the steps
//===----------------------------------------------------------------------===//

std::string aoti::commandLine(const BuildStep &Step) {
  return shellJoin(Step.Argv);
}

uint64_t RebuildPlan::dataBytes() const {
  uint64_t Bytes = 0;
  for (const EmbeddedBlob &Blob : Data.Blobs)
    Bytes += Blob.Bytes.size();
  return Bytes;
}

struct BuildRunner::Job {
  BuildStep Step;
  std::string Log;
  std::unique_ptr<SandboxedProgram> Program;
  std::optional<ProgramExit> Exit;
};

BuildRunner::BuildRunner(StringRef LogDir, const Sandbox &Box)
    : LogDir(LogDir.str()), Box(Box) {}

// The jobs' programs are killed by their own destructors.
BuildRunner::~BuildRunner() = default;

llvm::Error BuildRunner::start(const BuildStep &Step, size_t *Index) {
  if (Index)
    *Index = Jobs.size();
  auto J = std::make_unique<Job>();
  J->Step = Step;
  J->Log = pathIn(LogDir, "step" + std::to_string(Counter++) + ".log");
  auto Program = Box.start(Step.Argv, J->Log);
  if (!Program)
    return makeToolError(ExitCode::CompileError, "",
                         "cannot " + Step.What + ": " +
                             llvm::toString(Program.takeError()),
                         "command: " + commandLine(Step));
  J->Program = std::move(*Program);
  Jobs.push_back(std::move(J));
  return llvm::Error::success();
}

llvm::Error BuildRunner::waitFor(size_t Index) {
  return waitJobs(Index, Index + 1);
}

llvm::Error BuildRunner::wait() { return waitJobs(0, Jobs.size()); }

llvm::Error BuildRunner::waitJobs(size_t Begin, size_t End) {
  for (size_t I = Begin; I < End; ++I) {
    Job &J = *Jobs[I];
    if (J.Exit)
      continue;
    J.Exit = J.Program->wait();
    if (J.Exit->succeeded())
      continue;
    // The rebuild has failed: what still runs is of no use.
    for (const auto &Other : Jobs)
      if (!Other->Exit)
        Other->Program->kill();
    return failure(J);
  }
  return llvm::Error::success();
}

/// The end of \p Log (the compiler's output says why it failed).
static std::string logTail(StringRef Log) {
  auto Buffer = llvm::MemoryBuffer::getFile(Log);
  if (!Buffer)
    return "";
  StringRef Text = (*Buffer)->getBuffer().rtrim();
  size_t Lines = 0, Pos = Text.size();
  while (Pos > 0 && Lines < 12)
    if (Text[--Pos] == '\n')
      ++Lines;
  return Text.drop_front(Pos).ltrim('\n').str();
}

/// What the compiler's output \p Log says of a limit a program of the step
/// reached (the driver reports its cc1plus, as or ld killed by one), as a
/// note naming the flag that raises it; "" for none.
static std::string limitReached(StringRef Log, const ResourceLimits &Limits) {
  auto Says = [&](std::initializer_list<StringRef> Texts) {
    return llvm::any_of(Texts, [&](StringRef T) { return Log.contains(T); });
  };
  if (Says({"File size limit exceeded", "File too large"}))
    return "a file reached the rebuild's limit of " +
           std::to_string(Limits.FileBytes) +
           " bytes (--compile-file-limit raises it)";
  if (Says({"CPU time limit exceeded"}))
    return "a program reached the rebuild's CPU time limit of " +
           std::to_string(Limits.CpuSeconds) +
           " s (--compile-time-limit raises it)";
  if (Says({"memory exhausted", "Cannot allocate memory", "out of memory"}))
    return "a program ran out of the rebuild's memory limit of " +
           std::to_string(Limits.MemoryBytes) +
           " bytes (--compile-memory-limit raises it)";
  return "";
}

llvm::Error BuildRunner::failure(const Job &J) const {
  std::string Output = logTail(J.Log);
  std::string Limit = limitReached(Output, Box.limits());
  return makeToolError(ExitCode::CompileError, "",
                       "cannot " + J.Step.What + " (" +
                           J.Exit->describe(Box.limits()) + ")" +
                           (Limit.empty() ? "" : ": " + Limit),
                       "command: " + commandLine(J.Step) +
                           (Output.empty() ? "" : "\n" + Output));
}

std::vector<StepUsage> BuildRunner::usage() const {
  std::vector<StepUsage> Usage;
  for (const auto &J : Jobs)
    if (J->Exit)
      Usage.push_back({J->Step.What, *J->Exit});
  return Usage;
}

llvm::Error BuildRunner::run(const BuildStep &Step) {
  if (llvm::Error E = start(Step))
    return E;
  return wait();
}
