//===- Rebuild.h - Rebuild a packaged model's .so ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An instrumented model is built with the package's own recorded commands
// (the `// Compile cmd` / `// Link cmd` trailers of its wrapper.cpp and
// kernel.cpp), adapted to this machine: each is read and adapted an option
// at a time by an adjuster of the kind that adapts the analysis's flags
// (CompileFlags.h: the clang driver's option table, appendIncludeDir()); the
// sources and outputs are the tool's, include and library dirs of the
// generating machine are replaced by local ones, its precompiled prefix
// header is dropped, and the objects that only existed there are replaced
// by what the package holds: the kernel sources are compiled again, the
// weights and embedded cubins are taken out of the original .so
// (EmbeddedData.h) and assembled again. Nothing is regenerated from Python.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_REBUILD_H
#define AOTI_PACKAGE_REBUILD_H

#include "Package/EmbeddedData.h"
#include "Support/Sandbox.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// Where this machine's torch and CUDA live, to replace the generating
/// machine's paths.
struct LocalToolchain {
  /// torch/include to compile against (required).
  std::string TorchIncludeDir;
  /// torch/lib to link against; when empty, torch's libraries are left out
  /// of the link (the process that loads the model has them already).
  std::string TorchLibDir;
  /// CUDA toolkit root ($CUDA_HOME or /usr/local/cuda).
  std::string CudaHome;
  /// The C++ compiler the user chose (--cxx, else $CXX); empty: the
  /// package's recorded one when it may run (chooseCompiler()).
  std::string Compiler;
  /// Where the package was unpacked: nothing in it is ever run.
  std::string UntrustedDir;
  /// Where precompiled prefix headers and compiled kernel objects are kept
  /// between runs (as AOTI keeps its precompiled headers in the inductor
  /// cache); empty: nothing is cached.
  std::string BuildCacheDir;
  /// What the instrumented wrapper carries right after its AOTI include (the
  /// runtime prelude): precompiled together with that include.
  std::string WrapperPrelude;
  /// The runtime's definitions as a file of their own
  /// (runtimeObjectSource()), compiled apart while the wrapper is compiled
  /// with RuntimeSeparateFlag; empty: the wrapper carries them (one TU).
  std::string RuntimeObjectSource;
};

/// The files of one model, extracted from a package.
struct ModelFiles {
  std::string Wrapper;      ///< <hash>.wrapper.cpp
  std::string Kernel;       ///< <hash>.kernel.cpp, or empty
  std::string SharedObject; ///< <hash>.wrapper.so, or empty (cpp-only)
};

/// Picks the model's wrapper, kernel source and .so out of \p Paths.
llvm::Expected<ModelFiles> findModelFiles(llvm::ArrayRef<std::string> Paths,
                                          llvm::StringRef ModelName);

/// One command of a rebuild.
struct BuildStep {
  std::string What; ///< "compile wrapper.cpp", for messages
  std::vector<std::string> Argv;
};

/// The commands that rebuild a model's .so from an instrumented wrapper.
struct RebuildPlan {
  /// Independent of the instrumented wrapper: may start before it exists.
  std::vector<BuildStep> Early;
  /// The index in Early of the step that precompiles the wrapper's prefix
  /// header, when it is not cached yet: CompileWrapper waits for it.
  std::optional<size_t> PrecompileStep;
  /// (built, cached) paths of what this rebuild makes for the cache (a
  /// precompiled header's directory, the kernels' object): publishToCache()
  /// moves them there once the build succeeded.
  std::vector<std::pair<std::string, std::string>> ToCache;
  BuildStep CompileWrapper;
  /// The build cache's key of the wrapper's object without the
  /// instrumented text (written later): what the compile's flags, compiler,
  /// torch and precompiled header make it. Empty: not cached.
  std::string WrapperKeyBase;
  std::string BuildCacheDir;
  /// (being built, cached) directories of the precompiled prefix header
  /// when this rebuild builds it; empty otherwise.
  std::pair<std::string, std::string> PrefixHeaderBuilt;
  BuildStep Link;
  /// The .so the link writes.
  std::string OutputSo;
  /// Data of the original .so, re-created by the link (and appended after).
  EmbeddedData Data;
  /// One line each: what was adapted ("include dir ... replaced by ...").
  std::vector<std::string> Notes;
  /// What the steps may read, run and write (BuildSandbox.h).
  SandboxPolicy Sandbox;
  /// The bytes of Data's blobs (the file size limit grows with them).
  uint64_t dataBytes() const;
};

/// Plans the rebuild of \p Files in \p WorkDir, whose instrumented wrapper
/// will be \p InstrumentedWrapper. Reads the original .so's data now.
llvm::Expected<RebuildPlan> planRebuild(const ModelFiles &Files,
                                        llvm::StringRef InstrumentedWrapper,
                                        llvm::StringRef WorkDir,
                                        const LocalToolchain &Toolchain);

/// Takes the wrapper's object from the build cache when it holds one of
/// \p InstrumentedText compiled as \p Plan compiles it (true: skip
/// CompileWrapper); otherwise plans to cache the object that compile makes.
bool reuseCachedWrapperObject(RebuildPlan &Plan,
                              llvm::StringRef InstrumentedText);

/// Moves what \p Plan built for the cache into it (after a successful
/// build; another process may have put it there first), and forgets it.
void publishToCache(RebuildPlan &Plan);
/// Removes what \p Plan built for the cache in the cache's own directory
/// (a failed rebuild's precompiled header).
void dropUnpublished(RebuildPlan &Plan);

/// Plans only the wrapper's own compile command, adapted as a rebuild would
/// (for --print-compile-command on a wrapper): \p Source and \p Object are
/// the file to compile and the object to write.
llvm::Expected<BuildStep> planWrapperCompile(llvm::StringRef WrapperText,
                                             llvm::StringRef Source,
                                             llvm::StringRef Object,
                                             const LocalToolchain &Toolchain,
                                             std::vector<std::string> &Notes);

/// How one step ran, for --time-report.
struct StepUsage {
  std::string What;
  ProgramExit Exit;
};

/// Runs build steps in \p Box: start() launches one in the background,
/// wait() waits for all launched ones and returns the first failure, naming
/// the step and its command and quoting the end of its output. A step still
/// running when the runner goes is killed.
class BuildRunner {
public:
  BuildRunner(llvm::StringRef LogDir, const Sandbox &Box);
  ~BuildRunner();
  /// Launches \p Step; its index (for waitFor) goes to \p Index.
  llvm::Error start(const BuildStep &Step, size_t *Index = nullptr);
  /// Waits for the step started as \p Index.
  llvm::Error waitFor(size_t Index);
  llvm::Error wait();
  /// start() then wait().
  llvm::Error run(const BuildStep &Step);
  /// How the finished steps ran.
  std::vector<StepUsage> usage() const;

private:
  struct Job;
  llvm::Error waitJobs(size_t Begin, size_t End);
  llvm::Error failure(const Job &J) const;
  std::string LogDir;
  const Sandbox &Box;
  std::vector<std::unique_ptr<Job>> Jobs;
  unsigned Counter = 0;
};

/// The shell-quoted command line of \p Step (shellJoin()).
std::string commandLine(const BuildStep &Step);

} // namespace aoti

#endif // AOTI_PACKAGE_REBUILD_H
