//===- BuildSandbox.h - What a rebuild's compiler may touch -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The sandbox (Support/Sandbox.h) every program of a rebuild runs in, made
// for one model's rebuild:
//
// - read: this machine's torch, CUDA, Python and system include and library
//   directories and the compiler's own prefix (TrustedDirs, the same list
//   the flag allowlist keeps -I and -L within), the build cache's entries
//   the rebuild uses, and the few files a compiler and a dynamic loader
//   read besides (the loader's cache, the OS release files clang reads,
//   /proc/cpuinfo for -march=native on aarch64);
// - run: the compiler, the programs it runs (cc1plus, collect2, as, ld, as
//   the compiler names them with -print-prog-name) and their ELF
//   interpreters;
// - write: the model's build directory (and a precompiled header's
//   directory in the build cache while it is built);
// - limits: CPU time, memory and file size, by default well above what the
//   largest real rebuild measured needs (docs/security.md).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_BUILDSANDBOX_H
#define AOTI_PACKAGE_BUILDSANDBOX_H

#include "Support/Sandbox.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace aoti {

class TrustedDirs;

/// The default CPU time of each program of a rebuild, seconds.
constexpr uint64_t DefaultCompileSeconds = 1800;
/// The default address space of each process of a rebuild.
constexpr uint64_t DefaultCompileMemory = 16ULL << 30;
/// The default largest file a rebuild's program writes besides the model's
/// data (weights and cubins, which the link and the data's object hold).
constexpr uint64_t DefaultCompileFileBase = 256ULL << 20;

/// The limits of a rebuild whose embedded data is \p DataBytes: the
/// defaults above, each replaced by the user's when given (0: not given).
ResourceLimits rebuildLimits(uint64_t DataBytes, uint64_t UserSeconds,
                             uint64_t UserMemory, uint64_t UserFileBytes);

/// The programs \p Compiler (an absolute path) runs, by real path: what
/// `-print-prog-name=` names for cc1plus, cc1, collect2, lto-wrapper, as
/// and ld (a bare name looked up on PATH), and the directory of cc1plus
/// (GCC's libexec directory); for a compiler that is a `#!` script (a
/// wrapper), also its interpreter, the executable files it names by
/// absolute path and its own directory. Asked once per compiler.
std::vector<std::string> compilerPrograms(llvm::StringRef Compiler);

/// The ELF interpreter (PT_INTERP) of \p Program, by real path; "" for a
/// static program or anything not ELF.
std::string elfInterpreter(llvm::StringRef Program);

/// What one model's rebuild in \p WorkDir with \p Compiler may touch.
/// \p CacheReads and \p CacheWrites: the build cache's entries it reads
/// (cached objects and precompiled headers) and builds.
SandboxPolicy rebuildSandboxPolicy(const TrustedDirs &Trusted,
                                   llvm::StringRef Compiler,
                                   llvm::StringRef WorkDir,
                                   llvm::ArrayRef<std::string> CacheReads,
                                   llvm::ArrayRef<std::string> CacheWrites);

} // namespace aoti

#endif // AOTI_PACKAGE_BUILDSANDBOX_H
