//===- RecordedCommand.cpp - What a rebuild takes from a package ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

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

/// The executable \p Name names: itself when it has a directory part and
/// is absolute, else the program of that name on PATH; "" otherwise (a
/// relative path would be relative to wherever the tool runs).
std::string resolveProgram(StringRef Name) {
  if (Name.contains('/'))
    return path::is_absolute(Name) && fs::can_execute(Name) ? Name.str() : "";
  auto Found = llvm::sys::findProgramByName(Name);
  return Found ? *Found : "";
}

/// The single-token flags a rebuild keeps as they were recorded: each
/// changes what the code means, how it is optimised or which diagnostics
/// it gets, and none names a file, loads code or runs a program. Every
/// flag torch 2.9-2.15's cpp_builder.py records on Linux is here
/// (docs/security.md), except -flto=thin and -fuse-ld=lld (clang with
/// aot_inductor.enable_lto: left out together, the link works without
/// them). Anything not matched is left out with a note.
bool isKeptSpelling(StringRef Flag) {
  static const llvm::Regex Kept(
      "^-("
      // Optimisation and debug information.
      "O[0-3sgz]?|Ofast|g[0-3]?|gline-tables-only|ggdb[0-3]?|"
      // The language.
      "std=(c|gnu)\\+\\+(98|03|0x|11|1y|14|1z|17|2a|20|2b|23|2c|26)|"
      "pedantic|pedantic-errors|w|pthread|"
      // Code generation and floating point, by name.
      "f(no-)?(trapping-math|unsafe-math-optimizations|finite-math-only|"
      "signed-zeros|math-errno|fast-math|associative-math|reciprocal-math|"
      "rounding-math|tree-loop-vectorize|tree-vectorize|tree-slp-vectorize|"
      "vectorize|slp-vectorize|unroll-loops|omit-frame-pointer|PIC|pic|PIE|"
      "pie|openmp|openmp-simd|strict-aliasing|strict-overflow|exceptions|"
      "rtti|common|plt|semantic-interposition|gnu-unique|"
      "stack-protector|stack-protector-strong|stack-protector-all|"
      "stack-clash-protection|function-sections|data-sections|signed-char|"
      "unsigned-char|wrapv|delete-null-pointer-checks|"
      "visibility-inlines-hidden|threadsafe-statics|builtin|inline|"
      "inline-functions|lax-vector-conversions|asynchronous-unwind-tables|"
      "unwind-tables|diagnostics-color|caret-diagnostics)|"
      "ffp-contract=(off|on|fast|fast-honor-pragmas)|"
      "fexcess-precision=(fast|standard|16)|"
      "fvisibility=(default|hidden|protected|internal)|"
      "fdiagnostics-color=(always|never|auto)|fmax-errors=[0-9]+|"
      "fcf-protection(=(full|branch|return|none|check))?|"
      // Target: the architecture, the CPU and its features.
      "m(arch|cpu|tune)=[A-Za-z0-9_.+-]+|msve-vector-bits=[0-9a-z]+|"
      "m(no-)?[a-z0-9][a-z0-9-]*|"
      // Warnings (never -Werror alone: the instrumentation's own code
      // would fail the build on a warning the original did not have).
      "W(no-)?(error=)?[a-z][a-z0-9+-]*"
      ")$");
  return Flag != "-Werror" && Kept.match(Flag);
}

/// Whether a -D or -U value is a macro name, with a value after `=` for
/// -D that holds no control character.
bool isMacroDefinition(StringRef Value) {
  auto [Name, Definition] = Value.trim().split('=');
  bool Printable = llvm::all_of(Definition, [](char C) {
    return static_cast<unsigned char>(C) >= 0x20 && C != 0x7f;
  });
  return Printable && !Name.empty() && !llvm::isDigit(Name.front()) &&
         llvm::all_of(Name,
                      [](char C) { return llvm::isAlnum(C) || C == '_'; });
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

} // namespace

bool aoti::isCxxDriverName(StringRef Name) {
  static const llvm::Regex Driver("^([A-Za-z0-9_]+(-[A-Za-z0-9_.]+)*-)?(g|c|"
                                  "clang)\\+\\+(-[0-9]+(\\.[0-9]+)*)?$");
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
  std::string Untrusted = realPathOf(UntrustedDir);
  auto Trusted = [&](StringRef Program) {
    std::string Real = realPathOf(Program);
    return !Real.empty() &&
           (Untrusted.empty() || !isWithinDir(Real, Untrusted));
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
             (fs::exists(Recorded)
                  ? "is not this machine's " + Name.str() + " on PATH"
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

bool aoti::keepsRecordedFlag(const llvm::opt::Arg &A,
                             llvm::ArrayRef<std::string> Tokens,
                             RecordedStep Step) {
  // A token starting with '@' is a response file to GCC wherever it is.
  if (llvm::any_of(Tokens, [](StringRef T) { return T.starts_with("@"); }))
    return false;
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(options::OPT_D) || O.matches(options::OPT_U))
    return isMacroDefinition(A.getValue());
  if (O.matches(options::OPT_c))
    return Step == RecordedStep::Compile;
  if (O.matches(options::OPT_shared))
    return true;
  if (O.matches(options::OPT_l))
    return Step == RecordedStep::Link && isKnownLibrary(A.getValue());
  return Tokens.size() == 1 && isKeptSpelling(Tokens.front());
}
