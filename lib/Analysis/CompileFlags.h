//===- CompileFlags.h - Flags to parse a wrapper with -----------*- C++ -*-===//
//
// A wrapper.cpp is parsed with the flags it was built with, found in this
// order: flags given by the user (after `--`, or from compile_commands.json
// with -p); the `// Compile cmd` trailer AOTI writes at the end of the file;
// a `*_compile_flags.json` beside it (package_cpp_only output); built-in
// defaults. Torch and CUDA include dirs that do not exist on this machine
// (the wrapper was generated elsewhere) are replaced by local discoveries.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_COMPILEFLAGS_H
#define AOTI_ANALYSIS_COMPILEFLAGS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace aoti {

struct CompileFlagsOptions {
  /// Flags the user gave (after `--` or from a compilation database),
  /// without the compiler and the source file. When set, used as given.
  std::optional<std::vector<std::string>> ExplicitFlags;
  /// Where they came from, for notes ("command line", a database path).
  std::string ExplicitOrigin;
  /// --torch-include=DIR; when empty, ask the python3 on PATH.
  std::string TorchIncludeDir;
  /// Interpreter asked for torch's location (python3 on PATH by default).
  std::string Python = "python3";
  /// CUDA toolkit root; when empty, $CUDA_HOME, then /usr/local/cuda.
  std::string CudaHome;
  /// Clang resource dir (builtin headers).
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

/// Works out the flags to parse \p WrapperPath (whose text is
/// \p WrapperText) with.
llvm::Expected<CompileFlags>
discoverCompileFlags(llvm::StringRef WrapperPath, llvm::StringRef WrapperText,
                     const CompileFlagsOptions &Options);

/// The CUDA toolkit root: \p Override, else $CUDA_HOME, else
/// /usr/local/cuda.
std::string cudaHome(llvm::StringRef Override = "");

/// torch/include of the torch that \p Python imports, without importing
/// torch (which takes seconds); empty when \p Python has no torch.
std::string findTorchIncludeDir(llvm::StringRef Python);

} // namespace aoti

#endif // AOTI_ANALYSIS_COMPILEFLAGS_H
