//===- Sandbox.h - Run a program that cannot reach outside ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The programs a rebuild runs (the C++ compiler and the assembler and linker
// it runs in turn) read flags and sources that come from a package, and a
// package may come from anyone. They run here in a sandbox made of the
// kernel's own mechanisms, with no daemon and no setuid helper:
//
// - Landlock (Linux 5.13 and later): the program and everything it runs may
//   read only the directories and files of its SandboxPolicy, write only in
//   its work directory, and run only the policy's programs; with a newer
//   kernel, no TCP (ABI 4) and no signals or abstract sockets to processes
//   outside the sandbox (ABI 6). Where the kernel has no Landlock, nothing
//   of this holds (SandboxMode says what to do then).
// - The working directory is the work directory, TMPDIR a directory in it.
// - rlimits bound each process's CPU time, address space and the size of a
//   file it writes (ResourceLimits); a wall clock bounds the whole program,
//   which runs in a process group of its own, killed as one.
//
// Nothing here runs between fork() and exec() that is not async-signal-safe:
// the Landlock ruleset is built once, before any program starts.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_SANDBOX_H
#define AOTI_SUPPORT_SANDBOX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aoti {

/// What a sandboxed program may touch besides its work directory.
struct SandboxPolicy {
  /// Its working directory, TMPDIR's parent, and the only place it may
  /// create, write or remove files.
  std::string WorkDir;
  /// Directories (with everything under them) and files it may read.
  std::vector<std::string> ReadOnly;
  /// Files (or directories of files) it may run, its ELF interpreters
  /// among them.
  std::vector<std::string> Executable;
  /// Directories outside WorkDir it may write in as in WorkDir (the build
  /// cache's directory of a precompiled header being built).
  std::vector<std::string> Writable;
  /// Device files it may read and write (/dev/null).
  std::vector<std::string> Devices;
};

/// Bounds on each process a sandboxed program is made of.
struct ResourceLimits {
  /// RLIMIT_CPU of each process, seconds (0: none).
  uint64_t CpuSeconds = 0;
  /// RLIMIT_AS of each process, bytes.
  uint64_t MemoryBytes = 0;
  /// RLIMIT_FSIZE: the largest file a process may write, bytes.
  uint64_t FileBytes = 0;
  /// The program's wall-clock limit; 0: twice CpuSeconds plus a minute
  /// (a program that waits on something that never comes).
  uint64_t WallSeconds = 0;

  uint64_t wallSeconds() const {
    return WallSeconds ? WallSeconds : 2 * CpuSeconds + 60;
  }
};

/// What to do where the kernel has no Landlock.
enum class SandboxMode {
  Auto,    ///< Landlock when the kernel has it; else a note, and run anyway.
  Require, ///< Landlock or an error.
  Off,     ///< No Landlock (the rlimits, work directory and TMPDIR stay).
};

/// The Landlock ABI version of the running kernel; 0 when it has none (an
/// older kernel, or Landlock not among its security modules).
int landlockABI();

/// How a sandboxed program ended.
struct ProgramExit {
  int ExitCode = 0;      ///< When it exited.
  int Signal = 0;        ///< When a signal ended it (SIGXCPU, SIGXFSZ, ...).
  bool TimedOut = false; ///< Killed by the wall clock.
  double CpuSeconds = 0; ///< User and system time of it and its children.
  uint64_t PeakRssBytes = 0; ///< The largest of its processes' peaks.

  bool succeeded() const { return !Signal && !TimedOut && ExitCode == 0; }
  /// "exit code 1", "killed by SIGXFSZ: a file grew past the limit ...".
  std::string describe(const ResourceLimits &Limits) const;
};

/// A program started in a sandbox, in a process group of its own.
class SandboxedProgram {
public:
  SandboxedProgram(int Pid, uint64_t WallSeconds);
  ~SandboxedProgram(); ///< Kills the program's group if it still runs.
  SandboxedProgram(const SandboxedProgram &) = delete;
  SandboxedProgram &operator=(const SandboxedProgram &) = delete;

  /// Waits for the program (killing its group at the wall-clock limit).
  ProgramExit wait();
  /// Kills its process group (SIGKILL), then reaps it.
  void kill();
  int pid() const { return Pid; }

private:
  int Pid;
  uint64_t WallSeconds;
  bool Reaped = false;
};

/// A sandbox, made once and used for every program of a rebuild.
class Sandbox {
public:
  /// Makes the sandbox of \p Policy: the Landlock ruleset is built now.
  /// With SandboxMode::Require and no Landlock, an error; \p Note says
  /// (once) when the sandbox is weaker than asked.
  static llvm::Expected<std::unique_ptr<Sandbox>>
  create(const SandboxPolicy &Policy, const ResourceLimits &Limits,
         SandboxMode Mode, std::string &Note);
  ~Sandbox();

  /// Starts \p Argv (Argv[0] an absolute path) in the sandbox: stdin from
  /// /dev/null, stdout and stderr to \p LogPath.
  llvm::Expected<std::unique_ptr<SandboxedProgram>>
  start(llvm::ArrayRef<std::string> Argv, llvm::StringRef LogPath) const;

  /// Whether programs run under Landlock (false: rlimits and directories
  /// only).
  bool confined() const { return RulesetFd >= 0; }
  const ResourceLimits &limits() const { return Limits; }
  const SandboxPolicy &policy() const { return Policy; }

private:
  Sandbox(SandboxPolicy Policy, ResourceLimits Limits)
      : Policy(std::move(Policy)), Limits(Limits) {}
  std::vector<std::string> environment() const;

  SandboxPolicy Policy;
  ResourceLimits Limits;
  int RulesetFd = -1;
  std::string TmpDir;
};

} // namespace aoti

#endif // AOTI_SUPPORT_SANDBOX_H
