//===- Interrupt.cpp - Clean up when the tool is stopped ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/Interrupt.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace aoti;

namespace {

constexpr int MaxGroups = 64;
constexpr int MaxDirs = 8;
constexpr size_t MaxPath = 4096;
/// How deep removeTreeNow() goes (a work directory is a few levels deep).
constexpr int MaxDepth = 32;

std::atomic<int> Groups[MaxGroups];

struct DirSlot {
  std::atomic<bool> Used{false};
  char Path[MaxPath];
};
DirSlot Dirs[MaxDirs];

constexpr int Signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
struct sigaction Previous[sizeof(Signals) / sizeof(Signals[0])];

/// The directory entries of \p Fd, a buffer at a time (getdents64).
struct LinuxDirent {
  uint64_t Ino;
  int64_t Off;
  unsigned short Reclen;
  unsigned char Type;
  char Name[];
};

bool isDotOrDotDot(const char *Name) {
  return Name[0] == '.' && (!Name[1] || (Name[1] == '.' && !Name[2]));
}

bool removeEntries(int DirFd, int Depth);

/// Removes \p Name in \p DirFd: a directory with what it holds, anything
/// else unlinked.
bool removeAt(int DirFd, const char *Name, int Depth) {
  if (::unlinkat(DirFd, Name, 0) == 0 || errno == ENOENT)
    return true;
  if (errno != EISDIR && errno != EPERM)
    return false;
  int Sub =
      ::openat(DirFd, Name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Sub < 0)
    return false;
  bool Ok = Depth < MaxDepth && removeEntries(Sub, Depth + 1);
  ::close(Sub);
  return Ok && ::unlinkat(DirFd, Name, AT_REMOVEDIR) == 0;
}

bool removeEntries(int DirFd, int Depth) {
  alignas(8) char Buffer[2048];
  bool Ok = true;
  for (;;) {
    long N = ::syscall(SYS_getdents64, DirFd, Buffer, sizeof(Buffer));
    if (N <= 0)
      return Ok && N == 0;
    bool Removed = false;
    for (long Pos = 0; Pos < N;) {
      auto *D = reinterpret_cast<LinuxDirent *>(Buffer + Pos);
      Pos += D->Reclen;
      if (isDotOrDotDot(D->Name))
        continue;
      bool Gone = removeAt(DirFd, D->Name, Depth);
      Ok &= Gone;
      Removed |= Gone;
    }
    // Entries removed while reading: read again from the start.
    if (Removed)
      ::lseek(DirFd, 0, SEEK_SET);
    else if (!Ok)
      return false;
  }
}

void cleanUp() {
  for (std::atomic<int> &G : Groups)
    if (int Pgid = G.load())
      ::kill(-Pgid, SIGKILL);
  for (DirSlot &D : Dirs)
    if (D.Used.load())
      removeTreeNow(D.Path);
}

void onInterrupt(int Sig, siginfo_t *Info, void *Context) {
  int SavedErrno = errno;
  cleanUp();
  // Then what was there before: LLVM's handler (it removes its files and
  // raises the signal again with the default action), or the default.
  for (size_t I = 0; I < sizeof(Signals) / sizeof(Signals[0]); ++I) {
    if (Signals[I] != Sig)
      continue;
    ::sigaction(Sig, &Previous[I], nullptr);
    if (Previous[I].sa_flags & SA_SIGINFO) {
      if (Previous[I].sa_sigaction)
        Previous[I].sa_sigaction(Sig, Info, Context);
    } else if (Previous[I].sa_handler != SIG_DFL &&
               Previous[I].sa_handler != SIG_IGN) {
      Previous[I].sa_handler(Sig);
    }
  }
  // Still here (no handler before, or one that returned): the default.
  ::signal(Sig, SIG_DFL);
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, Sig);
  ::sigprocmask(SIG_UNBLOCK, &Set, nullptr);
  ::raise(Sig);
  errno = SavedErrno;
}

} // namespace

void aoti::installInterruptCleanup() {
  static std::atomic<bool> Installed{false};
  if (Installed.exchange(true))
    return;
  for (size_t I = 0; I < sizeof(Signals) / sizeof(Signals[0]); ++I) {
    struct sigaction Action;
    std::memset(&Action, 0, sizeof(Action));
    Action.sa_sigaction = onInterrupt;
    Action.sa_flags = SA_SIGINFO;
    sigfillset(&Action.sa_mask);
    ::sigaction(Signals[I], &Action, &Previous[I]);
    // A signal ignored when the tool started (nohup) stays ignored.
    if (!(Previous[I].sa_flags & SA_SIGINFO) &&
        Previous[I].sa_handler == SIG_IGN)
      ::sigaction(Signals[I], &Previous[I], nullptr);
  }
}

void aoti::registerProcessGroup(int Pgid) {
  for (std::atomic<int> &G : Groups) {
    int Free = 0;
    if (G.compare_exchange_strong(Free, Pgid))
      return;
  }
}

void aoti::unregisterProcessGroup(int Pgid) {
  for (std::atomic<int> &G : Groups) {
    int Expected = Pgid;
    if (G.compare_exchange_strong(Expected, 0))
      return;
  }
}

bool aoti::registerDirectory(llvm::StringRef Path) {
  if (Path.empty() || Path.size() >= MaxPath)
    return false;
  for (DirSlot &D : Dirs) {
    bool Free = false;
    // The slot is filled before it counts as used... and read only then.
    if (D.Used.load() || D.Path[0])
      continue;
    std::memcpy(D.Path, Path.data(), Path.size());
    D.Path[Path.size()] = '\0';
    if (D.Used.compare_exchange_strong(Free, true))
      return true;
    D.Path[0] = '\0';
  }
  return false;
}

void aoti::unregisterDirectory(llvm::StringRef Path) {
  for (DirSlot &D : Dirs)
    if (D.Used.load() && Path == D.Path) {
      D.Used.store(false);
      D.Path[0] = '\0';
      return;
    }
}

bool aoti::removeTreeNow(const char *Path) {
  int Fd = ::open(Path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0)
    return errno == ENOENT;
  bool Ok = removeEntries(Fd, 0);
  ::close(Fd);
  return Ok && ::rmdir(Path) == 0;
}
