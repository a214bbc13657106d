//===- Sandbox.cpp - Run a program that cannot reach outside --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/Sandbox.h"
#include "Support/Interrupt.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace aoti;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// The kernel's Landlock ABI (include/uapi/linux/landlock.h), spelled here so
// that the tool builds with kernel headers older than the kernels it runs
// on. The system call numbers are the same on every architecture.
//===----------------------------------------------------------------------===//

constexpr long SysCreateRuleset = 444, SysAddRule = 445, SysRestrictSelf = 446;
constexpr unsigned CreateRulesetVersion = 1U << 0;
constexpr int RulePathBeneath = 1;

struct RulesetAttr {
  uint64_t HandledAccessFs;
  uint64_t HandledAccessNet; // ABI 4
  uint64_t Scoped;           // ABI 6
};

struct __attribute__((packed)) PathBeneathAttr {
  uint64_t AllowedAccess;
  int32_t ParentFd;
};

enum : uint64_t {
  FsExecute = 1ULL << 0,
  FsWriteFile = 1ULL << 1,
  FsReadFile = 1ULL << 2,
  FsReadDir = 1ULL << 3,
  FsRemoveDir = 1ULL << 4,
  FsRemoveFile = 1ULL << 5,
  FsMakeChar = 1ULL << 6,
  FsMakeDir = 1ULL << 7,
  FsMakeReg = 1ULL << 8,
  FsMakeSock = 1ULL << 9,
  FsMakeFifo = 1ULL << 10,
  FsMakeBlock = 1ULL << 11,
  FsMakeSym = 1ULL << 12,
  FsRefer = 1ULL << 13,    // ABI 2
  FsTruncate = 1ULL << 14, // ABI 3
  FsIoctlDev = 1ULL << 15, // ABI 5
  NetBindTcp = 1ULL << 0,  // ABI 4
  NetConnectTcp = 1ULL << 1,
  ScopeAbstractUnixSocket = 1ULL << 0, // ABI 6
  ScopeSignal = 1ULL << 1,
};

/// The rights on files (a rule on a file may grant only these).
constexpr uint64_t FileRights =
    FsExecute | FsWriteFile | FsReadFile | FsTruncate | FsIoctlDev;

/// Every file system right the kernel of \p ABI knows: all of them are
/// handled, so whatever no rule grants is denied.
uint64_t handledFsRights(int ABI) {
  uint64_t Rights = (FsMakeSym << 1) - 1;
  if (ABI >= 2)
    Rights |= FsRefer;
  if (ABI >= 3)
    Rights |= FsTruncate;
  if (ABI >= 5)
    Rights |= FsIoctlDev;
  return Rights;
}

/// What the work directory allows: everything but running programs and
/// making devices, sockets and FIFOs.
uint64_t workDirRights(uint64_t Handled) {
  return Handled & ~(FsExecute | FsMakeChar | FsMakeBlock | FsMakeSock |
                     FsMakeFifo | FsIoctlDev);
}

int openPath(const std::string &Path) {
  return ::open(Path.c_str(), O_PATH | O_CLOEXEC);
}

bool isDirectoryFd(int Fd) {
  struct stat St;
  return ::fstat(Fd, &St) == 0 && S_ISDIR(St.st_mode);
}

/// Grants \p Rights beneath \p Path (only the file rights when it is a
/// file); a path that does not exist is skipped.
llvm::Error addRule(int Ruleset, const std::string &Path, uint64_t Rights) {
  int Fd = openPath(Path);
  if (Fd < 0)
    return llvm::Error::success();
  PathBeneathAttr Attr{isDirectoryFd(Fd) ? Rights : Rights & FileRights, Fd};
  long R = ::syscall(SysAddRule, Ruleset, RulePathBeneath, &Attr, 0);
  int Errno = errno;
  ::close(Fd);
  if (R != 0)
    return makeToolError(ExitCode::CompileError, Path,
                         "cannot add the sandbox's rule for this path: " +
                             std::string(std::strerror(Errno)));
  return llvm::Error::success();
}

/// The Landlock ruleset of \p Policy for the kernel of \p ABI.
llvm::Expected<int> buildRuleset(const SandboxPolicy &Policy, int ABI) {
  RulesetAttr Attr{handledFsRights(ABI), 0, 0};
  if (ABI >= 4)
    Attr.HandledAccessNet = NetBindTcp | NetConnectTcp;
  if (ABI >= 6)
    Attr.Scoped = ScopeAbstractUnixSocket | ScopeSignal;
  size_t Size = ABI >= 6   ? sizeof(RulesetAttr)
                : ABI >= 4 ? offsetof(RulesetAttr, Scoped)
                           : offsetof(RulesetAttr, HandledAccessNet);
  long Fd = ::syscall(SysCreateRuleset, &Attr, Size, 0);
  if (Fd < 0)
    return makeToolError(ExitCode::CompileError, "",
                         "cannot create the rebuild's sandbox (Landlock): " +
                             std::string(std::strerror(errno)));
  uint64_t Handled = Attr.HandledAccessFs;
  uint64_t Write = workDirRights(Handled);
  auto Add = [&](const std::vector<std::string> &Paths,
                 uint64_t Rights) -> llvm::Error {
    for (const std::string &Path : Paths)
      if (llvm::Error E = addRule(Fd, Path, Rights & Handled))
        return E;
    return llvm::Error::success();
  };
  llvm::Error E = Add({Policy.WorkDir}, Write);
  if (!E)
    E = Add(Policy.Writable, Write);
  if (!E)
    E = Add(Policy.ReadOnly, FsReadFile | FsReadDir);
  if (!E)
    E = Add(Policy.Executable, FsExecute | FsReadFile | FsReadDir);
  if (!E)
    E = Add(Policy.Devices, FsReadFile | FsWriteFile | FsTruncate);
  if (E) {
    ::close(Fd);
    return std::move(E);
  }
  return static_cast<int>(Fd);
}

//===----------------------------------------------------------------------===//
// The child, between fork() and exec(): async-signal-safe calls only.
//===----------------------------------------------------------------------===//

/// What the child reports through its pipe when it cannot run the program.
struct ChildFailure {
  int Stage; ///< ChildStage
  int Errno;
};

enum ChildStage { StageSetup = 1, StageLandlock, StageExec };

struct ChildPlan {
  const char *Program;
  char *const *Argv;
  char *const *Envp;
  const char *WorkDir;
  int StdinFd, LogFd, ReportFd, RulesetFd;
  ResourceLimits Limits;
};

[[noreturn]] void childFails(const ChildPlan &P, int Stage) {
  ChildFailure F{Stage, errno};
  ssize_t Ignored = ::write(P.ReportFd, &F, sizeof(F));
  (void)Ignored;
  ::_exit(127);
}

void setLimit(int Resource, rlim_t Soft, rlim_t Hard) {
  struct rlimit L{Soft, Hard};
  ::setrlimit(Resource, &L);
}

[[noreturn]] void runChild(const ChildPlan &P) {
  ::setpgid(0, 0);
  sigset_t None;
  sigemptyset(&None);
  ::sigprocmask(SIG_SETMASK, &None, nullptr);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, SIGXFSZ})
    ::signal(Sig, SIG_DFL);
  if (::dup2(P.StdinFd, 0) < 0 || ::dup2(P.LogFd, 1) < 0 ||
      ::dup2(P.LogFd, 2) < 0 || ::chdir(P.WorkDir) != 0)
    childFails(P, StageSetup);
  if (P.Limits.CpuSeconds)
    setLimit(RLIMIT_CPU, P.Limits.CpuSeconds, P.Limits.CpuSeconds + 10);
  if (P.Limits.MemoryBytes)
    setLimit(RLIMIT_AS, P.Limits.MemoryBytes, P.Limits.MemoryBytes);
  if (P.Limits.FileBytes)
    setLimit(RLIMIT_FSIZE, P.Limits.FileBytes, P.Limits.FileBytes);
  setLimit(RLIMIT_CORE, 0, 0);
  if (P.RulesetFd >= 0) {
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        ::syscall(SysRestrictSelf, P.RulesetFd, 0) != 0)
      childFails(P, StageLandlock);
    ::close(P.RulesetFd);
  }
  ::execve(P.Program, P.Argv, P.Envp);
  childFails(P, StageExec);
}

/// NUL-terminated pointers into \p Strings, for execve().
std::vector<char *> cStrings(std::vector<std::string> &Strings) {
  std::vector<char *> Pointers;
  for (std::string &S : Strings)
    Pointers.push_back(S.data());
  Pointers.push_back(nullptr);
  return Pointers;
}

std::string childFailureText(const ChildFailure &F) {
  const char *Stage = F.Stage == StageLandlock ? "cannot enter the sandbox"
                      : F.Stage == StageExec   ? "cannot run it"
                                               : "cannot set it up";
  return std::string(Stage) + ": " + std::strerror(F.Errno);
}

/// The descriptors a child gets: /dev/null, the log, the report pipe.
struct ChildFds {
  int Null = -1, Log = -1, Report[2] = {-1, -1};
  ~ChildFds() {
    for (int Fd : {Null, Log, Report[0], Report[1]})
      if (Fd >= 0)
        ::close(Fd);
  }
};

llvm::Error openChildFds(StringRef LogPath, ChildFds &Fds) {
  Fds.Null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  Fds.Log = ::open(LogPath.str().c_str(),
                   O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (Fds.Null < 0 || Fds.Log < 0 || ::pipe2(Fds.Report, O_CLOEXEC) != 0)
    return makeToolError(ExitCode::CompileError, LogPath.str(),
                         "cannot open a build log: " +
                             std::string(std::strerror(errno)));
  return llvm::Error::success();
}

/// What the child reported before exec(); nothing when exec() succeeded
/// (the report pipe closed on exec).
std::optional<ChildFailure> readChildReport(int Fd) {
  ChildFailure F{};
  ssize_t N;
  do
    N = ::read(Fd, &F, sizeof(F));
  while (N < 0 && errno == EINTR);
  if (N != static_cast<ssize_t>(sizeof(F)))
    return std::nullopt;
  return F;
}

const char *signalName(int Sig) {
  switch (Sig) {
  case SIGXCPU:
    return "SIGXCPU";
  case SIGXFSZ:
    return "SIGXFSZ";
  case SIGKILL:
    return "SIGKILL";
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGTERM:
    return "SIGTERM";
  default:
    return nullptr;
  }
}

} // namespace

int aoti::landlockABI() {
  static const int ABI = [] {
    long V = ::syscall(SysCreateRuleset, nullptr, 0, CreateRulesetVersion);
    return V < 0 ? 0 : static_cast<int>(V);
  }();
  return ABI;
}

std::string ProgramExit::describe(const ResourceLimits &Limits) const {
  if (TimedOut)
    return "killed after " + std::to_string(Limits.wallSeconds()) +
           " s, its wall-clock limit (--compile-time-limit)";
  if (!Signal)
    return "exit code " + std::to_string(ExitCode);
  const char *Name = signalName(Signal);
  std::string Text = std::string("killed by ") +
                     (Name ? Name : "signal " + std::to_string(Signal));
  if (Signal == SIGXCPU)
    Text += ": it reached its CPU time limit (--compile-time-limit)";
  if (Signal == SIGXFSZ)
    Text += ": a file it wrote reached the size limit (--compile-file-limit)";
  return Text;
}

SandboxedProgram::SandboxedProgram(int Pid, uint64_t WallSeconds)
    : Pid(Pid), WallSeconds(WallSeconds) {
  registerProcessGroup(Pid);
}

SandboxedProgram::~SandboxedProgram() {
  if (!Reaped)
    kill();
  unregisterProcessGroup(Pid);
}

void SandboxedProgram::kill() {
  ::kill(-Pid, SIGKILL);
  if (!Reaped) {
    int Status;
    while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
    Reaped = true;
  }
}

ProgramExit SandboxedProgram::wait() {
  using Clock = std::chrono::steady_clock;
  auto Deadline = Clock::now() + std::chrono::seconds(WallSeconds);
  auto Pause = std::chrono::milliseconds(1);
  ProgramExit Exit;
  int Status = 0;
  struct rusage Usage{};
  while (!Reaped) {
    pid_t R = ::wait4(Pid, &Status, WNOHANG, &Usage);
    if (R == Pid)
      break;
    if (R < 0 && errno != EINTR)
      return Reaped = true, Exit.ExitCode = 127, Exit;
    if (Clock::now() >= Deadline) {
      ::kill(-Pid, SIGKILL);
      while (::wait4(Pid, &Status, 0, &Usage) < 0 && errno == EINTR) {
      }
      Exit.TimedOut = true;
      break;
    }
    std::this_thread::sleep_for(Pause);
    Pause = std::min(Pause * 2, std::chrono::milliseconds(20));
  }
  Reaped = true;
  // What is left of its group (a child the program did not wait for).
  ::kill(-Pid, SIGKILL);
  if (WIFSIGNALED(Status) && !Exit.TimedOut)
    Exit.Signal = WTERMSIG(Status);
  else if (WIFEXITED(Status))
    Exit.ExitCode = WEXITSTATUS(Status);
  Exit.CpuSeconds = Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec +
                    (Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec) / 1e6;
  Exit.PeakRssBytes = static_cast<uint64_t>(Usage.ru_maxrss) * 1024;
  return Exit;
}

llvm::Expected<std::unique_ptr<Sandbox>>
Sandbox::create(const SandboxPolicy &Policy, const ResourceLimits &Limits,
                SandboxMode Mode, std::string &Note) {
  Note.clear();
  std::unique_ptr<Sandbox> Box(new Sandbox(Policy, Limits));
  Box->TmpDir = Policy.WorkDir + "/tmp";
  if (std::error_code EC = llvm::sys::fs::create_directories(Box->TmpDir))
    return makeToolError(ExitCode::OutputError, Box->TmpDir,
                         "cannot create directory: " + EC.message());
  if (Mode == SandboxMode::Off)
    return std::move(Box);
  int ABI = landlockABI();
  if (ABI == 0) {
    if (Mode == SandboxMode::Require)
      return makeToolError(
          ExitCode::CompileError, "",
          "the rebuild's sandbox needs Landlock, which this kernel does not "
          "have (Linux 5.13 or later, with landlock among its LSMs)",
          "--sandbox=auto rebuilds without it (flag allowlist and limits "
          "only)");
    Note = "this kernel has no Landlock: the rebuild runs the compiler with "
           "the flag allowlist, a private work directory and resource "
           "limits only (docs/security.md)";
    return std::move(Box);
  }
  auto Fd = buildRuleset(Policy, ABI);
  if (!Fd)
    return Fd.takeError();
  Box->RulesetFd = *Fd;
  return std::move(Box);
}

Sandbox::~Sandbox() {
  if (RulesetFd >= 0)
    ::close(RulesetFd);
}

std::vector<std::string> Sandbox::environment() const {
  std::vector<std::string> Env;
  for (char **E = environ; E && *E; ++E) {
    StringRef Var(*E);
    StringRef Name = Var.split('=').first;
    if (!llvm::is_contained({"TMPDIR", "TMP", "TEMP", "TEMPDIR"}, Name))
      Env.push_back(Var.str());
  }
  for (StringRef Name : {"TMPDIR", "TMP", "TEMP"})
    Env.push_back((Name + "=" + TmpDir).str());
  return Env;
}

llvm::Expected<std::unique_ptr<SandboxedProgram>>
Sandbox::start(llvm::ArrayRef<std::string> Argv, StringRef LogPath) const {
  ChildFds Fds;
  if (llvm::Error E = openChildFds(LogPath, Fds))
    return std::move(E);
  std::vector<std::string> ArgStrings(Argv.begin(), Argv.end());
  std::vector<std::string> EnvStrings = environment();
  std::vector<char *> ArgPointers = cStrings(ArgStrings);
  std::vector<char *> EnvPointers = cStrings(EnvStrings);
  ChildPlan Plan{ArgStrings.front().c_str(),
                 ArgPointers.data(),
                 EnvPointers.data(),
                 Policy.WorkDir.c_str(),
                 Fds.Null,
                 Fds.Log,
                 Fds.Report[1],
                 RulesetFd,
                 Limits};
  pid_t Pid = ::fork();
  if (Pid == 0)
    runChild(Plan);
  if (Pid < 0)
    return makeToolError(ExitCode::CompileError, "",
                         "cannot start '" + ArgStrings.front() +
                             "': " + std::strerror(errno));
  ::setpgid(Pid, Pid); // as the child does: either wins
  auto Program = std::make_unique<SandboxedProgram>(Pid, Limits.wallSeconds());
  ::close(Fds.Report[1]);
  Fds.Report[1] = -1;
  if (std::optional<ChildFailure> F = readChildReport(Fds.Report[0])) {
    Program->wait();
    return makeToolError(ExitCode::CompileError, "",
                         "'" + ArgStrings.front() +
                             "': " + childFailureText(*F));
  }
  return std::move(Program);
}
