//===- RecordedCommand.cpp - What a rebuild takes from a package ----------===//

#include "Package/RecordedCommand.h"
#include "Support/ToolError.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace options = clang::driver::options;

namespace {

/// \p Path with links and `..` resolved; "" when it does not exist.
std::string realPath(StringRef Path) {
  llvm::SmallString<256> Real;
  if (Path.empty() || fs::real_path(Path, Real))
    return "";
  return std::string(Real);
}

/// \p Path made absolute, with `.` and `..` taken out by name.
std::string lexicalPath(StringRef Path) {
  llvm::SmallString<256> Lexical(Path);
  fs::make_absolute(Lexical);
  path::remove_dots(Lexical, /*remove_dot_dot=*/true);
  return std::string(Lexical);
}

bool isWithin(StringRef Path, StringRef Dir) {
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() &&
                         Path[Dir.size()] == '/');
}

/// The executable \p Name names: itself when it has a directory part and
/// is absolute, else the program of that name on PATH; "" otherwise (a
/// relative path would be relative to wherever the tool runs).
std::string resolveProgram(StringRef Name) {
  if (Name.contains('/'))
    return path::is_absolute(Name) && fs::can_execute(Name) ? Name.str() : "";
  auto Found = llvm::sys::findProgramByName(Name);
  return Found ? *Found : "";
}

/// Where a value is a file, a directory or a response file: kept values
/// are words (`-march=native`, `-ffp-contract=off`), never paths.
bool isPlainValue(StringRef Value) {
  return llvm::all_of(Value, [](char C) {
    return llvm::isAlnum(C) || StringRef("_-+.,=:").contains(C);
  });
}

/// -f options that load code, write files or read them, whatever their
/// value looks like.
bool isDeniedFeature(StringRef Spelling) {
  StringRef Name = Spelling.drop_front(2); // "-f"
  Name.consume_front("no-");
  for (StringRef Prefix :
       {"plugin", "pass-plugin", "profile", "auto-profile", "use-ld", "dump",
        "save", "crash", "time-trace", "module", "coverage", "record",
        "debug-prefix-map", "file-prefix-map", "macro-prefix-map",
        "sanitize", "embed", "xray", "callgraph", "stack-usage", "opt-record",
        "diagnostics-format", "build-session", "proc-stat-report",
        "ld-path", "cs-profile", "instrument", "ast-dump", "lto"})
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// The libraries a rebuild links: torch's, CUDA's, OpenMP's and the C and
/// C++ runtimes'.
bool isKnownLibrary(StringRef Name) {
  static const llvm::Regex Known(
      "^(torch|torch_cpu|torch_cuda|torch_xpu|c10|c10_cuda|c10_xpu|cuda|"
      "cudart|cudart_static|cublas|cublasLt|cufft|curand|cusparse|cusolver|"
      "cudnn|nvrtc|nvToolsExt|nvtx3interop|gomp|omp|iomp5|stdc\\+\\+|m|dl|"
      "pthread|rt|c)$");
  return Known.match(Name);
}

/// An option the clang driver does not know (GCC's own): kept when it is
/// spelled like a code generation, target or warning flag with a plain
/// value.
bool keepsUnknownFlag(StringRef Spelling) {
  static const llvm::Regex Flag("^-[fmW](no-)?[a-z0-9][a-z0-9_-]*(=.*)?$");
  if (!Flag.match(Spelling) || !isPlainValue(Spelling.drop_front(1)))
    return false;
  if (Spelling.starts_with("-W"))
    return !Spelling.starts_with("-Wl") && !Spelling.starts_with("-Wa") &&
           !Spelling.starts_with("-Wp");
  return !Spelling.starts_with("-f") || !isDeniedFeature(Spelling);
}

/// The option groups whose members change what the code means or its ABI.
bool isMeaningGroup(const llvm::opt::Option &O) {
  return O.matches(options::OPT_f_Group) ||
         O.matches(options::OPT_f_clang_Group) ||
         O.matches(options::OPT_clang_ignored_f_Group) ||
         O.matches(options::OPT_m_Group) || O.matches(options::OPT_O_Group) ||
         O.matches(options::OPT_g_Group) || O.matches(options::OPT_W_Group) ||
         O.matches(options::OPT_W_value_Group) ||
         O.matches(options::OPT_pedantic_Group);
}

} // namespace

bool aoti::isCxxDriverName(StringRef Name) {
  static const llvm::Regex Driver(
      "^([A-Za-z0-9_]+(-[A-Za-z0-9_.]+)*-)?(g|c|clang)\\+\\+(-[0-9]+(\\.[0-9]+)*)?$");
  return Driver.match(Name);
}

llvm::Expected<std::string> aoti::chooseCompiler(StringRef Recorded,
                                                 StringRef UserChoice,
                                                 StringRef UntrustedDir,
                                                 std::string &Note) {
  Note.clear();
  if (!UserChoice.empty()) {
    std::string Chosen = resolveProgram(UserChoice);
    if (Chosen.empty())
      return makeToolError(ExitCode::Usage, "",
                           "C++ compiler '" + UserChoice.str() +
                               "' (--cxx or $CXX) not found");
    if (Chosen != Recorded)
      Note = "compiler '" + Recorded.str() + "' of the package's build " +
             "replaced by '" + Chosen + "' (--cxx or $CXX)";
    return Chosen;
  }
  std::string Untrusted = realPath(UntrustedDir);
  auto Trusted = [&](StringRef Program) {
    std::string Real = realPath(Program);
    return !Real.empty() && (Untrusted.empty() || !isWithin(Real, Untrusted));
  };
  StringRef Name = path::filename(Recorded);
  if (isCxxDriverName(Name)) {
    // The driver of that name the user's PATH finds; a recorded path runs
    // only when it is that same file (anything else could be a script
    // planted under that name, in /tmp say).
    std::string Local = resolveProgram(Name);
    if (!Local.empty() && Trusted(Local)) {
      if (Recorded == Name || fs::equivalent(Recorded, Local))
        return Recorded == Name ? Local : Recorded.str();
      Note = "compiler '" + Recorded.str() + "' of the package's build " +
             (fs::exists(Recorded) ? "is not this machine's " + Name.str() +
                                         " on PATH"
                                   : std::string("does not exist here")) +
             "; using '" + Local + "'";
      return Local;
    }
  }
  std::string Fallback = resolveProgram("c++");
  if (Fallback.empty())
    return makeToolError(ExitCode::CompileError, "",
                         "no C++ compiler found to rebuild the model (the "
                         "package was built with '" +
                             Recorded.str() + "')",
                         "set CXX, or pass --cxx, to a C++ compiler");
  Note = "compiler '" + Recorded.str() + "' of the package's build " +
         (isCxxDriverName(Name)
              ? "does not exist here"
              : "is not a C++ compiler driver of this machine (g++, c++ or "
                "clang++ outside the package)") +
         "; using '" + Fallback + "'";
  return Fallback;
}

TrustedDirs::TrustedDirs(StringRef TorchIncludeDir, StringRef TorchLibDir,
                         StringRef CudaHome, StringRef Compiler) {
  for (StringRef System : {"/usr/include", "/usr/local/include", "/usr/lib",
                           "/usr/lib64", "/usr/local/lib", "/lib", "/lib64"})
    add(System);
  add(TorchIncludeDir);
  add(TorchLibDir);
  add(CudaHome);
  // <prefix>/lib/pythonX.Y/site-packages/torch/include: the prefix's
  // include/ (Python's headers), and a venv's base interpreter's.
  llvm::SmallString<256> Prefix(TorchIncludeDir);
  for (int I = 0; I < 5; ++I)
    path::remove_filename(Prefix);
  if (!Prefix.empty()) {
    add((Prefix + "/include").str());
    if (auto Cfg = llvm::MemoryBuffer::getFile(Prefix + "/pyvenv.cfg")) {
      llvm::SmallVector<StringRef, 8> Lines;
      (*Cfg)->getBuffer().split(Lines, '\n');
      for (StringRef Line : Lines) {
        auto [Key, Value] = Line.split('=');
        if (Key.trim() == "home")
          add((path::parent_path(Value.trim()) + "/include").str());
      }
    }
  }
  // The compiler's own prefix (/opt/gcc/bin/g++: /opt/gcc/{include,lib*}).
  StringRef CompilerPrefix = path::parent_path(path::parent_path(Compiler));
  if (!CompilerPrefix.empty() && CompilerPrefix != "/")
    for (StringRef Sub : {"include", "lib", "lib64"})
      add((CompilerPrefix + "/" + Sub).str());
}

void TrustedDirs::add(StringRef Dir) {
  if (Dir.empty())
    return;
  Roots.push_back(lexicalPath(Dir));
  std::string Real = realPath(Dir);
  if (!Real.empty() && Real != Roots.back())
    Roots.push_back(std::move(Real));
}

bool TrustedDirs::contains(StringRef Dir) const {
  // What exists is judged by where it really is; what does not (a -I that
  // only adds a dir to search) by its name.
  std::string Real = realPath(Dir);
  if (Real.empty())
    Real = lexicalPath(Dir);
  return llvm::any_of(
      Roots, [&](const std::string &Root) { return isWithin(Real, Root); });
}

bool aoti::keepsRecordedFlag(const llvm::opt::Arg &A,
                             llvm::ArrayRef<std::string> Tokens,
                             RecordedStep Step) {
  // A token starting with '@' is a response file to GCC wherever it is.
  if (llvm::any_of(Tokens, [](StringRef T) { return T.starts_with("@"); }))
    return false;
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(options::OPT_D) || O.matches(options::OPT_U) ||
      O.matches(options::OPT_std_EQ) || O.matches(options::OPT_w) ||
      O.matches(options::OPT_pthread) || O.matches(options::OPT_shared) ||
      (O.matches(options::OPT_c) && Step == RecordedStep::Compile))
    return true;
  if (O.matches(options::OPT_l))
    return Step == RecordedStep::Link && isKnownLibrary(A.getValue());
  if (O.getKind() == llvm::opt::Option::UnknownClass)
    return Tokens.size() == 1 && keepsUnknownFlag(Tokens.front());
  if (!isMeaningGroup(O))
    return false;
  if (A.getSpelling().starts_with("-f") && isDeniedFeature(A.getSpelling()))
    return false;
  for (StringRef Value : A.getValues())
    if (!isPlainValue(Value))
      return false;
  return true;
}
