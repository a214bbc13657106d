//===- Rebuild.cpp - Rebuild a packaged model's .so -----------------------===//

#include "Package/Rebuild.h"
#include "Analysis/CompileFlags.h"
#include "Package/RecordedCommand.h"
#include "Runtime/RuntimeSource.h"
#include "Support/AOTINames.h"
#include "Support/CacheDir.h"
#include "Support/ToolError.h"
#include "Support/Trailer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Driver/Options.h"
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
         llvm::is_contained({"torch", "torch_cpu", "torch_cuda", "c10",
                             "c10_cuda"},
                            StringRef(A.getValue()));
}

bool isCxxSource(StringRef Input) {
  return Input.ends_with(".cpp") || Input.ends_with(".cc") ||
         Input.ends_with(".cxx");
}

/// Adapts the commands of the generating machine to this one, noting what
/// it changed, and keeps of them only what RecordedCommand.h allows.
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

  /// Appends the include dir option \p A, with its dir here, to \p Argv;
  /// nothing when the dir has no local equivalent or is not trusted.
  void includeDir(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                  std::vector<std::string> &Argv) {
    StringRef Dir = StringRef(A.getValue()).trim();
    std::string Local = localIncludeDir(
        Dir, {Toolchain.TorchIncludeDir, nullptr, Toolchain.CudaHome});
    if (Local.empty())
      return missing(Dir, "include dir");
    if (!Trusted->contains(Local))
      return drop(Tokens);
    replaced(Dir, Local);
    if (A.getOption().matches(options::OPT_I))
      Argv.push_back("-I" + Local);
    else
      Argv.insert(Argv.end(), {A.getSpelling().str(), Local});
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

private:
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
           (fs::is_directory(From) ? "replaced by" : "does not exist here; using") +
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

/// The tokens that stand for the kept option \p A: -D and -U joined with
/// their value (never a separate word GCC could read as a response file).
void appendKept(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
                std::vector<std::string> &Argv) {
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(options::OPT_D) || O.matches(options::OPT_U)) {
    StringRef Value = StringRef(A.getValue()).trim();
    if (!Value.empty())
      Argv.push_back((A.getSpelling() + Value).str());
    return;
  }
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

/// The recorded compile command \p Tokens (the \p Which command), compiling
/// \p Source to \p Object.
llvm::Expected<BuildStep> adaptCompile(llvm::ArrayRef<std::string> Tokens,
                                       StringRef What, StringRef Which,
                                       StringRef Source, StringRef Object,
                                       CommandAdapter &Adapter) {
  BuildStep Step;
  Step.What = What.str();
  auto Compiler = Adapter.compiler(Tokens.front());
  if (!Compiler)
    return Compiler.takeError();
  Step.Argv.push_back(*Compiler);
  bool SawSource = false, SawCompileOnly = false;
  forEachOption(Tokens.drop_front(), [&](const llvm::opt::Arg &A,
                                         llvm::ArrayRef<std::string> Toks) {
    const llvm::opt::Option &O = A.getOption();
    if (O.getKind() == llvm::opt::Option::InputClass) {
      if (!SawSource && isCxxSource(A.getValue()) &&
          !StringRef(A.getValue()).starts_with("@")) {
        Step.Argv.push_back(Source.str());
        SawSource = true;
      } else {
        Adapter.drop(Toks);
      }
    } else if (O.matches(options::OPT_o)) {
      // The tool names the output.
    } else if (O.matches(options::OPT_include)) {
      // AOTI's precompiled prefix header (torch >= 2.11) lives in the
      // generating machine's inductor cache; it only includes the header
      // the source includes itself.
      Adapter.note("the package's build used a prefix header of the "
                   "machine that made it (AOTI's precompiled header); left "
                   "out: the sources include the same headers themselves");
    } else if (isIncludeDirOption(A)) {
      Adapter.includeDir(A, Toks, Step.Argv);
    } else if (keepsRecordedFlag(A, Toks, RecordedStep::Compile)) {
      SawCompileOnly |= O.matches(options::OPT_c);
      appendKept(A, Toks, Step.Argv);
    } else {
      Adapter.drop(Toks);
    }
  });
  Adapter.noteDropped(Which);
  if (!SawSource)
    return makeToolError(ExitCode::CompileError, "",
                         "the recorded compile command has no source file: " +
                             llvm::join(Tokens, " "));
  if (!SawCompileOnly)
    Step.Argv.push_back("-c");
  Step.Argv.insert(Step.Argv.end(), {"-o", Object.str()});
  return Step;
}

llvm::Expected<std::string> readText(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "cannot read: " + Buffer.getError().message());
  return (*Buffer)->getBuffer().str();
}

/// What a precompiled header depends on besides its text and flags: the
/// compiler binary and the torch headers (a reinstall at the same path).
void hashEnvironment(llvm::SHA256 &Hash, StringRef Compiler,
                     const LocalToolchain &Toolchain) {
  for (std::string File :
       {Compiler.str(), Toolchain.TorchIncludeDir +
                            "/torch/csrc/inductor/aoti_runtime/model_base.h",
        Toolchain.TorchIncludeDir + "/torch/csrc/api/include/torch/version.h"}) {
    fs::file_status Status;
    Hash.update(File);
    if (!fs::status(File, Status)) {
      Hash.update(std::to_string(Status.getSize()));
      Hash.update(std::to_string(
          Status.getLastModificationTime().time_since_epoch().count()));
    }
  }
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
    for (const std::string &Arg : Compile.Argv)
      if (Arg != Source && Arg != Object)
        Hash.update(Arg + '\0');
    hashEnvironment(Hash, Compile.Argv.front(), Toolchain);
    Cached = pathIn(Toolchain.BuildCacheDir, Kind + "-" + cacheKey(Hash) + ".o");
  }
  if (!Cached.empty() && fs::exists(Cached))
    return Cached;
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
  for (const std::string &Arg : Compile.Argv)
    if (Arg != Source && Arg != Compile.Argv.back())
      Hash.update(Arg + '\0');
  hashEnvironment(Hash, Compile.Argv.front(), Toolchain);
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
  }
  Compile.Argv.insert(Compile.Argv.begin() + 1,
                      {"-include", pathIn(Dir, "prefix.h")});
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

llvm::Expected<RebuildPlan> aoti::planRebuild(const ModelFiles &Files,
                                              StringRef InstrumentedWrapper,
                                              StringRef WorkDir,
                                              const LocalToolchain &Toolchain) {
  RebuildPlan Plan;
  // A plan that fails half-way leaves nothing in the cache.
  auto DropOnError = llvm::make_scope_exit([&] { dropUnpublished(Plan); });
  CommandAdapter Adapter(Toolchain, Plan.Notes);
  auto WrapperText = readText(Files.Wrapper);
  if (!WrapperText)
    return WrapperText.takeError();
  std::vector<std::string> CompileTokens =
      trailerCommand(*WrapperText, CompileCmdLabel);
  std::vector<std::string> LinkTokens =
      trailerCommand(*WrapperText, LinkCmdLabel);
  if (CompileTokens.empty() || LinkTokens.empty())
    return makeToolError(ExitCode::CompileError, Files.Wrapper,
                         "no '// Compile cmd' and '// Link cmd' comments at "
                         "the end of the wrapper: the commands the model was "
                         "built with are unknown");

  std::string WrapperObject = pathIn(WorkDir, "wrapper.o");
  auto Compile =
      adaptCompile(CompileTokens, "compile the wrapper", "wrapper's compile",
                   InstrumentedWrapper, WrapperObject, Adapter);
  if (!Compile)
    return Compile.takeError();
  Plan.CompileWrapper = std::move(*Compile);
  // The runtime's definitions: their own object, compiled with the
  // wrapper's flags once and cached; the wrapper keeps only the hot path.
  std::string RuntimeObject;
  if (!Toolchain.RuntimeObjectSource.empty()) {
    std::string RuntimeSource = pathIn(WorkDir, "aoti_instrument_runtime.cpp");
    std::error_code EC;
    llvm::raw_fd_ostream OS(RuntimeSource, EC);
    if (EC)
      return makeToolError(ExitCode::OutputError, RuntimeSource,
                           "cannot write: " + EC.message());
    OS << Toolchain.RuntimeObjectSource;
    OS.close();
    BuildStep Runtime{"compile the instrumentation runtime" +
                          (Toolchain.BuildCacheDir.empty()
                               ? std::string()
                               : " (cached in " + Toolchain.BuildCacheDir +
                                     ")"),
                      Plan.CompileWrapper.Argv};
    std::replace(Runtime.Argv.begin(), Runtime.Argv.end(),
                 InstrumentedWrapper.str(), RuntimeSource);
    RuntimeObject = pathIn(WorkDir, "aoti_instrument_runtime.o");
    Runtime.Argv.back() = RuntimeObject;
    RuntimeObject =
        cachedObject(std::move(Runtime), "runtime",
                     Toolchain.RuntimeObjectSource, RuntimeSource,
                     RuntimeObject, Toolchain, Plan);
    Plan.CompileWrapper.Argv.insert(Plan.CompileWrapper.Argv.begin() + 1,
                                    RuntimeSeparateFlag);
  }
  usePrecompiledPrefix(Plan.CompileWrapper, InstrumentedWrapper, *WrapperText,
                       Toolchain.WrapperPrelude, Toolchain, Plan);

  std::string KernelObject;
  if (!Files.Kernel.empty()) {
    auto KernelText = readText(Files.Kernel);
    if (!KernelText)
      return KernelText.takeError();
    std::vector<std::string> Tokens =
        trailerCommand(*KernelText, CompileCmdLabel);
    if (Tokens.empty())
      return makeToolError(ExitCode::CompileError, Files.Kernel,
                           "no '// Compile cmd' comment at the end of the "
                           "kernel source");
    KernelObject = pathIn(WorkDir, "kernel.o");
    auto Kernel = adaptCompile(Tokens, "compile the kernels (kernel.cpp)",
                               "kernels' compile", Files.Kernel, KernelObject,
                               Adapter);
    if (!Kernel)
      return Kernel.takeError();
    // The kernels do not change with the instrumentation: one compile per
    // kernel source, flags, compiler and torch.
    KernelObject = cachedObject(std::move(*Kernel), "kernel", *KernelText,
                                Files.Kernel, KernelObject, Toolchain, Plan);
  }

  // The weights (and embedded cubins) of the original .so, assembled again.
  auto Data = readEmbeddedData(Files.SharedObject, *WrapperText);
  if (!Data)
    return Data.takeError();
  Plan.Data = std::move(*Data);
  auto Assembly = writeBlobAssembly(Plan.Data, WorkDir);
  if (!Assembly)
    return Assembly.takeError();
  std::string AsmPath = pathIn(WorkDir, "embedded_data.s");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(AsmPath, EC);
    if (EC)
      return makeToolError(ExitCode::OutputError, AsmPath,
                           "cannot write: " + EC.message());
    OS << *Assembly;
  }
  std::string DataObject = pathIn(WorkDir, "embedded_data.o");
  auto Compiler = Adapter.compiler(CompileTokens.front());
  if (!Compiler)
    return Compiler.takeError();
  Plan.Early.push_back({"assemble the weights taken from the original .so",
                        {*Compiler, "-c", AsmPath, "-o", DataObject}});

  // The link: the recorded objects are, in torch's order, the wrapper, the
  // kernels, the weights, then GPU kernel objects and embedded cubins.
  Plan.OutputSo = pathIn(WorkDir, path::filename(Files.SharedObject));
  Plan.Link.What = "link the model's .so";
  Plan.Link.Argv.push_back(*Compiler);
  LinkObjects Objects{WrapperObject, RuntimeObject, KernelObject, DataObject};
  bool TorchLibsDropped = false;
  llvm::Error Failed = llvm::Error::success();
  forEachOption(llvm::ArrayRef(LinkTokens).drop_front(),
                [&](const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Toks) {
    const llvm::opt::Option &O = A.getOption();
    if (O.getKind() == llvm::opt::Option::InputClass) {
      StringRef Input = A.getValue();
      if (!Input.ends_with(".o") || Input.starts_with("@"))
        return Adapter.drop(Toks);
      llvm::Error E = Objects.add(Input, Files.Wrapper, Plan.Link.Argv);
      if (E && !Failed)
        Failed = std::move(E); // the first one says it
      else
        llvm::consumeError(std::move(E));
    } else if (O.matches(options::OPT_o)) {
      // The tool names the output.
    } else if (O.matches(options::OPT_L)) {
      Adapter.libraryDir(StringRef(A.getValue()).trim(), Toks,
                         Plan.Link.Argv);
    } else if (isIncludeDirOption(A)) {
      Adapter.includeDir(A, Toks, Plan.Link.Argv);
    } else if (isTorchLibrary(A) && Toolchain.TorchLibDir.empty()) {
      TorchLibsDropped = true;
    } else if (keepsRecordedFlag(A, Toks, RecordedStep::Link)) {
      appendKept(A, Toks, Plan.Link.Argv);
    } else {
      Adapter.drop(Toks);
    }
  });
  Adapter.noteDropped("link");
  if (Failed)
    return std::move(Failed);
  bool DataAdded = Objects.DataAdded;
  if (!DataAdded)
    Plan.Link.Argv.push_back(DataObject);
  if (TorchLibsDropped)
    Adapter.note("no local torch/lib found: torch's libraries are left out "
                 "of the link (they are resolved when torch loads the "
                 "model)");
  Plan.Link.Argv.insert(Plan.Link.Argv.end(), {"-o", Plan.OutputSo});
  DropOnError.release();
  return Plan;
}

void aoti::publishToCache(RebuildPlan &Plan) {
  // Used by the build that made them: into the cache for later runs (unless
  // another process put them there first).
  for (const auto &[Built, Cached] : Plan.ToCache)
    if (fs::rename(Built, Cached))
      fs::remove_directories(Built);
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
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  for (size_t I = 0; I < Step.Argv.size(); ++I) {
    if (I)
      OS << ' ';
    StringRef Arg = Step.Argv[I];
    bool Quote = Arg.find_first_of(" \t\"'\\$`*?()<>|&;") != StringRef::npos;
    llvm::sys::printArg(OS, Arg, Quote);
  }
  return Text;
}

struct BuildRunner::Job {
  BuildStep Step;
  std::string Log;
  llvm::sys::ProcessInfo Process;
  bool Finished = false;
};

BuildRunner::~BuildRunner() {
  // Never leave a compiler running behind a failure.
  for (Job *J : Jobs) {
    if (!J->Finished)
      llvm::sys::Wait(J->Process, std::nullopt);
    delete J;
  }
}

llvm::Error BuildRunner::start(const BuildStep &Step, size_t *Index) {
  if (Index)
    *Index = Jobs.size();
  auto *J = new Job{Step, pathIn(LogDir, "step" + std::to_string(Counter++) +
                                            ".log"),
                    {}, false};
  Jobs.push_back(J);
  std::vector<StringRef> Args(Step.Argv.begin(), Step.Argv.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(J->Log),
                                          StringRef(J->Log)};
  std::string ErrMsg;
  bool Failed = false;
  J->Process = llvm::sys::ExecuteNoWait(Step.Argv.front(), Args, std::nullopt,
                                        Redirects, 0, &ErrMsg, &Failed);
  if (Failed) {
    J->Finished = true;
    return makeToolError(ExitCode::CompileError, "",
                         "cannot " + Step.What + ": " + ErrMsg,
                         "command: " + commandLine(Step));
  }
  return llvm::Error::success();
}

llvm::Error BuildRunner::waitFor(size_t Index) {
  return waitJobs(Index, Index + 1);
}

llvm::Error BuildRunner::wait() { return waitJobs(0, Jobs.size()); }

llvm::Error BuildRunner::waitJobs(size_t Begin, size_t End) {
  llvm::Error First = llvm::Error::success();
  for (size_t I = Begin; I < End; ++I) {
    Job *J = Jobs[I];
    if (J->Finished)
      continue;
    std::string ErrMsg;
    llvm::sys::ProcessInfo Done =
        llvm::sys::Wait(J->Process, std::nullopt, &ErrMsg);
    J->Finished = true;
    if (Done.ReturnCode == 0 || First)
      continue;
    // The end of the compiler's output says why.
    std::string Output;
    if (auto Buffer = llvm::MemoryBuffer::getFile(J->Log)) {
      StringRef Text = (*Buffer)->getBuffer().rtrim();
      size_t Lines = 0, Pos = Text.size();
      while (Pos > 0 && Lines < 12)
        if (Text[--Pos] == '\n')
          ++Lines;
      Output = Text.drop_front(Pos).ltrim('\n').str();
    }
    First = makeToolError(
        ExitCode::CompileError, "",
        "cannot " + J->Step.What + " (exit code " +
            std::to_string(Done.ReturnCode) + (ErrMsg.empty() ? "" : ", ") +
            ErrMsg + ")",
        "command: " + commandLine(J->Step) +
            (Output.empty() ? "" : "\n" + Output));
  }
  return First;
}

llvm::Error BuildRunner::run(const BuildStep &Step) {
  if (llvm::Error E = start(Step))
    return E;
  return wait();
}
