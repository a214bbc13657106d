//===- CompileFlags.cpp - Flags to parse a wrapper with -------------------===//

#include "Analysis/CompileFlags.h"
#include "Analysis/TorchRelease.h"
#include "Support/ToolError.h"
#include "Support/Trailer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

using namespace aoti;
using llvm::StringRef;

namespace {

constexpr StringRef TorchIncludeMarker = "/torch/include";

bool isDirectory(StringRef Path) { return llvm::sys::fs::is_directory(Path); }

bool providesHeader(StringRef IncludeDir, StringRef Header) {
  llvm::SmallString<256> Path(IncludeDir);
  llvm::sys::path::append(Path, Header);
  return llvm::sys::fs::exists(Path);
}

/// Collects the flags that change what the wrapper means: -D/-U/-I/-include,
/// -std, -m* (they pick vectorized code paths) and -fopenmp. Optimization
/// and warning flags are dropped: the analysis does not need them.
class FlagCollector {
public:
  explicit FlagCollector(const CompileFlagsOptions &Options, StringRef Origin,
                         std::vector<std::string> &Notes)
      : Options(Options), Origin(Origin), Notes(Notes) {}

  void addDefine(StringRef Flag, StringRef Value) {
    Value = Value.trim();
    if (!Value.empty())
      Args.push_back((Flag + Value).str());
  }

  void addIncludeDir(StringRef Dir) {
    Dir = Dir.trim();
    if (Dir.empty())
      return;
    std::string Local = localIncludeDir(Dir);
    if (!Local.empty() && Seen.insert(Local).second)
      Args.push_back("-I" + Local);
  }

  void addPrefixHeader(StringRef Header) {
    if (llvm::sys::fs::exists(Header)) {
      Args.push_back("-include");
      Args.push_back(Header.str());
      return;
    }
    Notes.push_back(("prefix header '" + Header + "' from the " + Origin +
                     " does not exist here; parsing without it")
                        .str());
  }

  void addStd(StringRef Std) { Args.push_back(("-std=" + Std).str()); }

  /// -march/-mavx512f...: they decide which vectorized code the C++ kernels
  /// of package_cpp_only wrappers compile (CPU_CAPABILITY_AVX512 needs them).
  void addTargetFlag(StringRef Flag) {
    if (Flag.size() > 2)
      Args.push_back(Flag.str());
  }

  /// Tokens of a g++ command line (the compiler first).
  void addCommandLine(llvm::ArrayRef<std::string> Tokens) {
    for (size_t I = 1; I < Tokens.size(); ++I) {
      StringRef Tok = Tokens[I];
      auto Next = [&]() -> StringRef {
        return I + 1 < Tokens.size() ? StringRef(Tokens[++I]) : StringRef();
      };
      if (Tok == "-D" || Tok == "-U")
        addDefine(Tok, Next());
      else if (Tok.starts_with("-D") || Tok.starts_with("-U"))
        addDefine(Tok.take_front(2), Tok.drop_front(2));
      else if (Tok == "-I" || Tok == "-isystem" || Tok == "-idirafter")
        addIncludeDir(Next());
      else if (Tok.starts_with("-I"))
        addIncludeDir(Tok.drop_front(2));
      else if (Tok == "-include")
        addPrefixHeader(Next());
      else if (Tok.starts_with("-std="))
        addStd(Tok.drop_front(5));
      else if (Tok == "-fopenmp")
        UsesOpenMP = true;
      else if (Tok.starts_with("-m"))
        addTargetFlag(Tok);
    }
  }

  /// The wrapper was built with -fopenmp (package_cpp_only wrappers carry
  /// their C++ kernels, which include omp.h).
  bool UsesOpenMP = false;

  std::vector<std::string> take() { return std::move(Args); }

private:
  /// The directory to use here for an include dir of the generating
  /// machine: itself when it exists, else the local torch/CUDA equivalent.
  std::string localIncludeDir(StringRef Dir) {
    size_t TorchPos = Dir.find(TorchIncludeMarker);
    bool IsTorch = TorchPos != StringRef::npos;
    // An explicit --torch-include wins over whatever the trailer says.
    if (IsTorch && !Options.TorchIncludeDir.empty()) {
      std::string Local =
          Options.TorchIncludeDir +
          Dir.drop_front(TorchPos + TorchIncludeMarker.size()).str();
      if (Local != Dir)
        Notes.push_back(("include dir '" + Dir + "' from the " + Origin +
                         (isDirectory(Dir) ? " replaced by --torch-include"
                                           : " does not exist here") +
                         "; using '" + Local + "'")
                            .str());
      return Local;
    }
    if (isDirectory(Dir))
      return Dir.str();
    std::string Replacement;
    if (IsTorch) {
      std::string Torch = torchIncludeDir();
      if (!Torch.empty())
        Replacement =
            Torch + Dir.drop_front(TorchPos + TorchIncludeMarker.size()).str();
    } else if (Dir.contains("cuda")) {
      Replacement = cudaIncludeDir(Options);
    }
    if (!Replacement.empty() && isDirectory(Replacement)) {
      Notes.push_back(("include dir '" + Dir + "' from the " + Origin +
                       " does not exist here; using '" + Replacement + "'")
                          .str());
      return Replacement;
    }
    Notes.push_back(("include dir '" + Dir + "' from the " + Origin +
                     " does not exist here; dropped")
                        .str());
    return "";
  }

public:
  std::string torchIncludeDir() {
    if (!Options.TorchIncludeDir.empty())
      return Options.TorchIncludeDir;
    if (!TorchDiscovered) {
      TorchDiscovered = true;
      CachedTorch = findTorchIncludeDir(Options.Python);
    }
    return CachedTorch;
  }

  static std::string cudaIncludeDir(const CompileFlagsOptions &Options) {
    return cudaHome(Options.CudaHome) + "/include";
  }

private:
  const CompileFlagsOptions &Options;
  StringRef Origin;
  std::vector<std::string> &Notes;
  std::vector<std::string> Args;
  llvm::StringSet<> Seen;
  bool TorchDiscovered = false;
  std::string CachedTorch;
};

std::vector<StringRef> includeDirsOf(llvm::ArrayRef<std::string> Args) {
  std::vector<StringRef> Dirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if ((A == "-I" || A == "-isystem" || A == "-idirafter") &&
        I + 1 < Args.size())
      Dirs.push_back(Args[++I]);
    else if (A.starts_with("-I"))
      Dirs.push_back(A.drop_front(2));
    else if (A.starts_with("-isystem"))
      Dirs.push_back(A.drop_front(8));
  }
  return Dirs;
}

bool definesCuda(llvm::ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "-DUSE_CUDA" || Args[I].rfind("-DUSE_CUDA=", 0) == 0)
      return true;
    if (Args[I] == "-D" && I + 1 < Args.size() &&
        StringRef(Args[I + 1]).trim().starts_with("USE_CUDA"))
      return true;
  }
  return false;
}

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

llvm::Error addFlagsFromJson(StringRef JsonPath, FlagCollector &Collector) {
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
  if (const auto *Defs = Root->getArray("definitions"))
    for (const auto &D : *Defs)
      if (auto S = D.getAsString())
        Collector.addDefine("-D", *S);
  if (const auto *Dirs = Root->getArray("include_dirs"))
    for (const auto &D : *Dirs)
      if (auto S = D.getAsString())
        Collector.addIncludeDir(*S);
  if (const auto *CFlags = Root->getArray("cflags"))
    for (const auto &F : *CFlags)
      if (auto S = F.getAsString(); S && S->starts_with("std="))
        Collector.addStd(S->drop_front(4));
      else if (S && *S == "fopenmp")
        Collector.UsesOpenMP = true;
      else if (S && S->starts_with("m"))
        Collector.addTargetFlag(("-" + *S).str());
  if (const auto *Passthrough = Root->getArray("passthrough_args"))
    for (const auto &P : *Passthrough)
      if (auto S = P.getAsString()) {
        llvm::SmallVector<StringRef, 16> Parts;
        S->split(Parts, ' ', -1, /*KeepEmpty=*/false);
        for (StringRef Part : Parts)
          if (Part.starts_with("-m"))
            Collector.addTargetFlag(Part);
      }
  return llvm::Error::success();
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

llvm::Expected<CompileFlags>
aoti::discoverCompileFlags(StringRef WrapperPath, StringRef WrapperText,
                           const CompileFlagsOptions &Options) {
  if (!Options.TorchIncludeDir.empty() && !isDirectory(Options.TorchIncludeDir))
    return makeToolError(ExitCode::Usage, "",
                         "--torch-include: '" + Options.TorchIncludeDir +
                             "' is not a directory");
  CompileFlags Result;
  std::vector<std::string> Trailer;
  std::string JsonPath;
  if (Options.ExplicitFlags) {
    Result.Origin = Options.ExplicitOrigin;
  } else if (!(Trailer = trailerCommand(WrapperText, CompileCmdLabel)).empty()) {
    Result.Origin = "compile command comment";
  } else if (!(JsonPath = findCompileFlagsJson(WrapperPath)).empty()) {
    Result.Origin = llvm::sys::path::filename(JsonPath).str();
  } else {
    Result.Origin = "defaults";
  }

  FlagCollector Collector(Options, Result.Origin, Result.Notes);
  if (Options.ExplicitFlags) {
    Result.Args = *Options.ExplicitFlags;
  } else {
    if (!Trailer.empty()) {
      Collector.addCommandLine(Trailer);
    } else if (!JsonPath.empty()) {
      if (llvm::Error E = addFlagsFromJson(JsonPath, Collector))
        return std::move(E);
    } else {
      // What AOTI passes for every wrapper in torch 2.x; C++20 since 2.12.
      auto Release = oldestReleaseFor(WrapperText);
      Collector.addStd(Release && !(Release->Oldest < FirstCxx20Release)
                           ? "c++20"
                           : "c++17");
      for (StringRef D : {"TORCH_INDUCTOR_CPP_WRAPPER", "STANDALONE_TORCH_HEADER",
                          "C10_USING_CUSTOM_GENERATED_MACROS"})
        Collector.addDefine("-D", D);
      if (WrapperText.contains("aoti_include/cuda.h"))
        Collector.addDefine("-D", "USE_CUDA");
    }
    Result.Args = Collector.take();
  }

  // Fill in torch and CUDA headers when no given include dir provides them.
  std::vector<StringRef> Dirs = includeDirsOf(Result.Args);
  auto Provides = [&](StringRef Header) {
    return llvm::any_of(Dirs,
                        [&](StringRef D) { return providesHeader(D, Header); });
  };
  std::vector<std::string> Extra;
  if (!Provides("torch/csrc/inductor/aoti_runtime/model.h")) {
    std::string Torch = Collector.torchIncludeDir();
    if (!Torch.empty())
      Extra.push_back("-I" + Torch);
  }
  if (definesCuda(Result.Args) && !Provides("cuda.h")) {
    // Not again if it is already there (replacing a missing dir) without
    // providing cuda.h: a second -I would change nothing.
    std::string Cuda = FlagCollector::cudaIncludeDir(Options);
    if (isDirectory(Cuda) && !llvm::is_contained(Dirs, StringRef(Cuda)))
      Extra.push_back("-I" + Cuda);
  }
  // The C++ kernels of package_cpp_only wrappers include omp.h: clang finds
  // it in its resource dir (Debian: libomp-19-dev).
  if (Collector.UsesOpenMP)
    Result.Args.push_back("-fopenmp");
  llvm::append_range(Result.Args, Extra);
  if (!Options.ResourceDir.empty())
    Result.Args.push_back("-resource-dir=" + Options.ResourceDir);
  return Result;
}
