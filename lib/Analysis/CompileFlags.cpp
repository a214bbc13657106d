//===- CompileFlags.cpp - Flags to parse a wrapper with -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/CompileFlags.h"
#include "Analysis/TorchRelease.h"
#include "Support/AOTINames.h"
#include "Support/InstallDirs.h"
#include "Support/ToolError.h"
#include "Support/Trailer.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace aoti;
using clang::tooling::ArgumentsAdjuster;
using clang::tooling::CommandLineArguments;
using llvm::StringRef;
namespace options = clang::driver::options;

namespace {

constexpr StringRef TorchIncludeMarker = "/torch/include";

bool isDirectory(StringRef Path) { return llvm::sys::fs::is_directory(Path); }

bool providesHeader(StringRef IncludeDir, StringRef Header) {
  llvm::SmallString<256> Path(IncludeDir);
  llvm::sys::path::append(Path, Header);
  return llvm::sys::fs::exists(Path);
}

} // namespace

bool aoti::isIncludeDirOption(const llvm::opt::Arg &A) {
  const llvm::opt::Option &O = A.getOption();
  return O.matches(options::OPT_I) || O.matches(options::OPT_isystem) ||
         O.matches(options::OPT_iquote) || O.matches(options::OPT_idirafter);
}

//===----------------------------------------------------------------------===//
// Reading a command line with the clang driver's option table
//===----------------------------------------------------------------------===//

void aoti::forEachOption(
    llvm::ArrayRef<std::string> Args,
    llvm::function_ref<void(const llvm::opt::Arg &,
                            llvm::ArrayRef<std::string> Tokens)>
        Visit) {
  std::vector<const char *> Argv;
  Argv.reserve(Args.size());
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  llvm::opt::InputArgList Strings(Argv.data(), Argv.data() + Argv.size());
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned Index = 0;
  while (Index < Argv.size()) {
    unsigned Start = Index;
    std::unique_ptr<llvm::opt::Arg> A = Table.ParseOneArg(
        Strings, Index, llvm::opt::Visibility(options::ClangOption));
    if (!A)
      break;
    Visit(*A, Args.slice(Start, Index - Start));
  }
}

ArgumentsAdjuster aoti::eachOptionAdjuster(OptionAdjustment Adjust) {
  return [Adjust](const CommandLineArguments &Args, StringRef) {
    if (Args.empty())
      return Args;
    CommandLineArguments Adjusted(1, Args.front());
    forEachOption(
        llvm::ArrayRef(Args).drop_front(),
        [&](const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens) {
          Adjust(A, Tokens, Adjusted);
        });
    return Adjusted;
  };
}

//===----------------------------------------------------------------------===//
// Writing options back
//===----------------------------------------------------------------------===//

void aoti::appendWithValue(const llvm::opt::Arg &A, StringRef Value,
                           std::vector<std::string> &Out) {
  const llvm::opt::Option &O = A.getOption();
  if (O.getKind() == llvm::opt::Option::JoinedClass ||
      O.matches(options::OPT_D) || O.matches(options::OPT_U) ||
      O.matches(options::OPT_I)) {
    Out.push_back((A.getSpelling() + Value).str());
  } else {
    Out.push_back(A.getSpelling().str());
    Out.push_back(Value.str());
  }
}

void aoti::appendMacro(const llvm::opt::Arg &A, std::vector<std::string> &Out) {
  StringRef Value = StringRef(A.getValue()).trim();
  if (!Value.empty())
    appendWithValue(A, Value, Out);
}

void aoti::appendIncludeDir(const llvm::opt::Arg &A,
                            llvm::function_ref<std::string(StringRef)> LocalDir,
                            std::vector<std::string> &Out) {
  std::string Local = LocalDir(StringRef(A.getValue()).trim());
  if (!Local.empty())
    appendWithValue(A, Local, Out);
}

std::vector<std::string>
aoti::angledIncludeDirs(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Dirs;
  forEachOption(Args, [&](const llvm::opt::Arg &A,
                          llvm::ArrayRef<std::string>) {
    if (isIncludeDirOption(A) && !A.getOption().matches(options::OPT_iquote))
      Dirs.push_back(A.getValue());
  });
  return Dirs;
}

namespace {

/// Takes out what belongs to building an object rather than to parsing:
/// the inputs (the recorded source file, the one the database appends), -c,
/// -o and the dependency file options (-MD, -MF ...).
ArgumentsAdjuster getStripCompileJobAdjuster() {
  return eachOptionAdjuster([](const llvm::opt::Arg &A,
                               llvm::ArrayRef<std::string> Tokens,
                               CommandLineArguments &Out) {
    const llvm::opt::Option &O = A.getOption();
    if (O.getKind() == llvm::opt::Option::InputClass ||
        O.matches(options::OPT_c) || O.matches(options::OPT_o) ||
        O.matches(options::OPT_M_Group))
      return;
    llvm::append_range(Out, Tokens);
  });
}

/// Resolves relative include dirs and prefix headers against \p Directory,
/// the directory of a compile_commands.json entry, which is not where the
/// tool runs. Nothing changes when \p Directory is itself relative (the
/// command line's database).
ArgumentsAdjuster getAbsolutePathsAdjuster(std::string Directory) {
  return eachOptionAdjuster([Directory](const llvm::opt::Arg &A,
                                        llvm::ArrayRef<std::string> Tokens,
                                        CommandLineArguments &Out) {
    StringRef Value = A.getNumValues() == 1 ? A.getValue() : "";
    if (!(isIncludeDirOption(A) ||
          A.getOption().matches(options::OPT_include)) ||
        Value.empty() || llvm::sys::path::is_absolute(Value) ||
        llvm::sys::path::is_relative(Directory)) {
      llvm::append_range(Out, Tokens);
      return;
    }
    llvm::SmallString<256> Resolved(Directory);
    llvm::sys::path::append(Resolved, Value);
    appendWithValue(A, Resolved, Out);
  });
}

/// Reduces a command AOTI recorded on another machine to the flags that
/// change what the wrapper means: -D/-U, include dirs (-I, -isystem,
/// -iquote, -idirafter, each kept as it was given), -std, -m*
/// (they pick vectorized code paths) and -fopenmp. Optimization and warning
/// flags are dropped: the analysis does not need them. Include dirs that do
/// not exist here are replaced or dropped, and prefix headers (-include)
/// left out, with a note each.
class RecordedFlagsAdapter {
public:
  RecordedFlagsAdapter(const CompileFlagsOptions &Options, StringRef Origin,
                       std::vector<std::string> &Notes)
      : Options(Options), Origin(Origin), Notes(Notes) {}

  ArgumentsAdjuster adjuster() {
    return eachOptionAdjuster(
        [this](const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
               CommandLineArguments &Out) { adapt(A, Tokens, Out); });
  }

  /// This machine's torch/include (--torch-include, else asked of the
  /// python once); "" when there is none.
  std::string torchIncludeDir() {
    if (!Options.TorchIncludeDir.empty())
      return Options.TorchIncludeDir;
    if (!TorchDiscovered) {
      TorchDiscovered = true;
      CachedTorch = findTorchIncludeDir(Options.Python);
    }
    return CachedTorch;
  }

private:
  void adapt(const llvm::opt::Arg &A, llvm::ArrayRef<std::string> Tokens,
             CommandLineArguments &Out) {
    const llvm::opt::Option &O = A.getOption();
    if (O.matches(options::OPT_D) || O.matches(options::OPT_U)) {
      appendMacro(A, Out);
    } else if (isIncludeDirOption(A)) {
      appendIncludeDir(
          A,
          [&](StringRef Dir) -> std::string {
            std::string Local = Dir.empty() ? "" : localDir(Dir);
            // Each dir once per kind of option.
            if (Local.empty() ||
                !Seen.insert(A.getSpelling().str() + Local).second)
              return "";
            return Local;
          },
          Out);
    } else if (O.matches(options::OPT_include)) {
      // AOTI's precompiled prefix header of the generating machine: the
      // wrapper includes the same headers itself. A recorded command never
      // makes the analysis read a file of this machine it names.
      Notes.push_back(("prefix header '" + StringRef(A.getValue()) +
                       "' from the " + Origin +
                       " left out; parsing without it (the wrapper includes "
                       "the same headers itself)")
                          .str());
    } else if (O.matches(options::OPT_std_EQ) ||
               O.matches(options::OPT_fopenmp) ||
               O.matches(options::OPT_m_Group)) {
      llvm::append_range(Out, Tokens);
    }
  }

  /// localIncludeDir() with a note for what it changed.
  std::string localDir(StringRef Dir) {
    auto FindTorch = [this] { return torchIncludeDir(); };
    LocalIncludeDirs Local{Options.TorchIncludeDir, FindTorch,
                           cudaHome(Options.CudaHome)};
    std::string Result = localIncludeDir(Dir, Local);
    // A replacement that does not exist either would only hide the error
    // behind a later one; --torch-include is taken as given.
    bool Overridden =
        !Options.TorchIncludeDir.empty() && Dir.contains(TorchIncludeMarker);
    if (Result != Dir && !Overridden && !isDirectory(Result))
      Result.clear();
    std::string Subject =
        ("include dir '" + Dir + "' from the " + Origin).str();
    if (Result.empty())
      Notes.push_back(Subject + " does not exist here; dropped");
    else if (Result != Dir)
      Notes.push_back(Subject +
                      (isDirectory(Dir) ? " replaced by --torch-include"
                                        : " does not exist here") +
                      "; using '" + Result + "'");
    return Result;
  }

  const CompileFlagsOptions &Options;
  StringRef Origin;
  std::vector<std::string> &Notes;
  llvm::StringSet<> Seen;
  bool TorchDiscovered = false;
  std::string CachedTorch;
};

bool definesCuda(llvm::ArrayRef<std::string> Args) {
  bool Cuda = false;
  forEachOption(Args,
                [&](const llvm::opt::Arg &A, llvm::ArrayRef<std::string>) {
                  // Only -D has a value to read: a flag (-fPIC) has none.
                  if (!A.getOption().matches(options::OPT_D))
                    return;
                  StringRef Macro = StringRef(A.getValue()).trim();
                  if (Macro == "USE_CUDA" || Macro.starts_with("USE_CUDA="))
                    Cuda = true;
                });
  return Cuda;
}

/// Adds torch's and CUDA's include dirs when no given include dir provides
/// their headers.
ArgumentsAdjuster
getTorchAndCudaAdjuster(const CompileFlagsOptions &Options,
                        std::function<std::string()> TorchIncludeDir) {
  return
      [&Options, TorchIncludeDir](const CommandLineArguments &Args, StringRef) {
        llvm::ArrayRef<std::string> Flags = llvm::ArrayRef(Args).drop_front();
        std::vector<std::string> Dirs = angledIncludeDirs(Flags);
        auto Provides = [&](StringRef Header) {
          return llvm::any_of(
              Dirs, [&](StringRef D) { return providesHeader(D, Header); });
        };
        CommandLineArguments Adjusted(Args);
        if (!Provides("torch/csrc/inductor/aoti_runtime/model.h")) {
          std::string Torch = TorchIncludeDir();
          if (!Torch.empty())
            Adjusted.push_back("-I" + Torch);
        }
        if (definesCuda(Flags) && !Provides("cuda.h")) {
          // Not again if it is already there (replacing a missing dir) without
          // providing cuda.h: a second -I would change nothing.
          std::string Cuda = cudaHome(Options.CudaHome) + "/include";
          if (isDirectory(Cuda) && !llvm::is_contained(Dirs, Cuda))
            Adjusted.push_back("-I" + Cuda);
        }
        return Adjusted;
      };
}

//===----------------------------------------------------------------------===//
// The wrapper's recorded flags
//===----------------------------------------------------------------------===//

/// `<stem>_compile_flags.json`, else any `*_compile_flags.json`, beside the
/// wrapper.
std::string findCompileFlagsJson(StringRef WrapperPath) {
  llvm::SmallString<256> Dir(WrapperPath);
  llvm::sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  llvm::SmallString<256> Preferred(Dir);
  llvm::sys::path::append(Preferred, llvm::sys::path::stem(WrapperPath) +
                                         "_compile_flags.json");
  if (llvm::sys::fs::exists(Preferred))
    return std::string(Preferred);
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(It->path()).ends_with("_compile_flags.json"))
      return It->path();
  return "";
}

/// The command a `*_compile_flags.json` (torch's CppBuilder options)
/// stands for.
llvm::Expected<std::vector<std::string>>
commandFromFlagsJson(StringRef JsonPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(JsonPath);
  if (!Buffer)
    return makeToolError(ExitCode::InputFile, JsonPath.str(),
                         "cannot read: " + Buffer.getError().message());
  auto Json = llvm::json::parse((*Buffer)->getBuffer());
  if (!Json)
    return makeToolError(ExitCode::InputFile, JsonPath.str(),
                         "not valid JSON: " + llvm::toString(Json.takeError()));
  const llvm::json::Object *Root = Json->getAsObject();
  if (!Root)
    return makeToolError(ExitCode::InputFile, JsonPath.str(),
                         "expected a JSON object of compile flags");
  std::vector<std::string> Command = {
      Root->getString("compiler").value_or("c++").str()};
  auto AddEach = [&](StringRef Key, StringRef Prefix) {
    if (const auto *Values = Root->getArray(Key))
      for (const auto &V : *Values)
        if (auto S = V.getAsString())
          Command.push_back((Prefix + S->trim()).str());
  };
  AddEach("definitions", "-D");
  AddEach("include_dirs", "-I");
  AddEach("cflags", "-");
  if (const auto *Passthrough = Root->getArray("passthrough_args"))
    for (const auto &P : *Passthrough)
      if (auto S = P.getAsString()) {
        llvm::SmallVector<StringRef, 16> Parts;
        S->split(Parts, ' ', -1, /*KeepEmpty=*/false);
        for (StringRef Part : Parts)
          Command.push_back(Part.str());
      }
  return Command;
}

/// What AOTI passes for every wrapper of the release \p WrapperText was
/// generated by: C++20 since torch 2.12.
std::vector<std::string> defaultCommand(StringRef WrapperText) {
  auto Release = oldestReleaseFor(WrapperText);
  bool Cxx20 = Release && !(Release->Oldest < FirstCxx20Release);
  std::vector<std::string> Command = {
      "c++", Cxx20 ? "-std=c++20" : "-std=c++17",
      "-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
      "-DC10_USING_CUSTOM_GENERATED_MACROS"};
  if (names::isCudaWrapper(WrapperText))
    Command.push_back("-DUSE_CUDA");
  return Command;
}

} // namespace

std::string aoti::cudaHome(StringRef Override) {
  if (!Override.empty())
    return Override.str();
  if (const char *Env = std::getenv("CUDA_HOME"))
    if (*Env)
      return Env;
  return "/usr/local/cuda";
}

std::string aoti::findTorchIncludeDir(StringRef Python) {
  auto Program = llvm::sys::findProgramByName(Python);
  if (!Program)
    return "";
  llvm::SmallString<128> OutFile;
  if (llvm::sys::fs::createTemporaryFile("aoti-torch", "txt", OutFile))
    return "";
  // find_spec locates the package without running torch/__init__.py.
  StringRef Args[] = {*Program, "-c",
                      "import importlib.util as u\n"
                      "s = u.find_spec('torch')\n"
                      "print(s.submodule_search_locations[0] if s else '')"};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutFile),
                                          StringRef("")};
  int RC = llvm::sys::ExecuteAndWait(*Program, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/30);
  std::string Result;
  if (RC == 0)
    if (auto Buffer = llvm::MemoryBuffer::getFile(OutFile)) {
      StringRef Dir = (*Buffer)->getBuffer().trim();
      if (!Dir.empty())
        Result = (Dir + "/include").str();
    }
  llvm::sys::fs::remove(OutFile);
  return isDirectory(Result) ? Result : "";
}

llvm::Expected<std::unique_ptr<RecordedFlagsDatabase>>
RecordedFlagsDatabase::load(StringRef WrapperPath, StringRef WrapperText) {
  std::vector<std::string> Trailer =
      trailerCommand(WrapperText, CompileCmdLabel);
  if (!Trailer.empty())
    return std::unique_ptr<RecordedFlagsDatabase>(new RecordedFlagsDatabase(
        "compile command comment", std::move(Trailer)));
  std::string JsonPath = findCompileFlagsJson(WrapperPath);
  if (!JsonPath.empty()) {
    auto Command = commandFromFlagsJson(JsonPath);
    if (!Command)
      return Command.takeError();
    return std::unique_ptr<RecordedFlagsDatabase>(new RecordedFlagsDatabase(
        llvm::sys::path::filename(JsonPath).str(), std::move(*Command)));
  }
  return std::unique_ptr<RecordedFlagsDatabase>(
      new RecordedFlagsDatabase("defaults", defaultCommand(WrapperText)));
}

std::vector<clang::tooling::CompileCommand>
RecordedFlagsDatabase::getCompileCommands(StringRef FilePath) const {
  std::vector<std::string> CommandLine = Command;
  CommandLine.push_back(FilePath.str());
  // Relative paths of a recorded command are taken from where the tool runs,
  // as the generating machine's directory is not known.
  return {clang::tooling::CompileCommand(".", FilePath, std::move(CommandLine),
                                         /*Output=*/"")};
}

std::string aoti::localIncludeDir(StringRef Dir,
                                  const LocalIncludeDirs &Local) {
  size_t TorchPos = Dir.find(TorchIncludeMarker);
  bool IsTorch = TorchPos != StringRef::npos;
  StringRef TorchSubdir =
      IsTorch ? Dir.drop_front(TorchPos + TorchIncludeMarker.size()) : "";
  if (IsTorch && !Local.TorchOverride.empty())
    return Local.TorchOverride + TorchSubdir.str();
  if (isDirectory(Dir))
    return Dir.str();
  std::string Replacement;
  if (IsTorch) {
    std::string Torch = Local.FindTorch ? Local.FindTorch() : "";
    if (!Torch.empty())
      Replacement = Torch + TorchSubdir.str();
  } else if (Dir.contains("cuda")) {
    Replacement = Local.CudaHome + "/include";
  }
  return Replacement;
}

std::string aoti::resourceDirNextTo(StringRef Executable) {
  std::string Dir = clang::driver::Driver::GetResourcesPath(Executable);
  llvm::SmallString<256> Builtins(Dir);
  llvm::sys::path::append(Builtins, "include", "stddef.h");
  return llvm::sys::fs::exists(Builtins) ? Dir : "";
}

std::string aoti::clangResourceDir(StringRef Override) {
  if (!Override.empty())
    return Override.str();
  std::string Next = resourceDirNextTo(toolExecutable());
  return Next.empty() ? std::string(AOTI_CLANG_RESOURCE_DIR) : Next;
}

llvm::Expected<CompileFlags>
aoti::discoverCompileFlags(StringRef WrapperPath, StringRef WrapperText,
                           const CompileFlagsOptions &Options) {
  if (!Options.TorchIncludeDir.empty() && !isDirectory(Options.TorchIncludeDir))
    return makeToolError(ExitCode::Usage, "",
                         "--torch-include: '" + Options.TorchIncludeDir +
                             "' is not a directory");
  CompileFlags Result;
  const clang::tooling::CompilationDatabase *Database = Options.Database;
  std::unique_ptr<RecordedFlagsDatabase> Recorded;
  if (Database) {
    Result.Origin = Options.DatabaseOrigin;
  } else {
    auto Loaded = RecordedFlagsDatabase::load(WrapperPath, WrapperText);
    if (!Loaded)
      return Loaded.takeError();
    Recorded = std::move(*Loaded);
    Result.Origin = Recorded->origin().str();
    Database = Recorded.get();
  }
  llvm::SmallString<256> Absolute(WrapperPath);
  llvm::sys::fs::make_absolute(Absolute);
  std::vector<clang::tooling::CompileCommand> Commands =
      Database->getCompileCommands(Absolute);
  if (Commands.empty())
    return makeToolError(ExitCode::Usage, "",
                         "the " + Result.Origin + " has no command for '" +
                             WrapperPath.str() + "'");
  const clang::tooling::CompileCommand &Command = Commands.front();

  // The one chain every source goes through. The user's flags are used as
  // given; the recorded ones are adapted to this machine.
  RecordedFlagsAdapter Adapter(Options, Result.Origin, Result.Notes);
  ArgumentsAdjuster Chain = clang::tooling::combineAdjusters(
      getStripCompileJobAdjuster(),
      getAbsolutePathsAdjuster(Command.Directory));
  if (Recorded)
    Chain = clang::tooling::combineAdjusters(Chain, Adapter.adjuster());
  Chain = clang::tooling::combineAdjusters(
      Chain, getTorchAndCudaAdjuster(
                 Options, [&] { return Adapter.torchIncludeDir(); }));
  if (!Options.ResourceDir.empty())
    Chain = clang::tooling::combineAdjusters(
        Chain, clang::tooling::getInsertArgumentAdjuster(
                   ("-resource-dir=" + Options.ResourceDir).c_str(),
                   clang::tooling::ArgumentInsertPosition::END));
  CommandLineArguments Adjusted = Chain(Command.CommandLine, WrapperPath);
  // Without the program name: the parse supplies its own.
  if (!Adjusted.empty())
    Result.Args.assign(Adjusted.begin() + 1, Adjusted.end());
  return Result;
}
