//===- RegularFile.cpp - Read an input that may be anything ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/RegularFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace aoti;
using llvm::StringRef;

namespace {

const char *kindOf(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "not a regular file";
}

} // namespace

std::string aoti::describeBytes(uint64_t Bytes) {
  static const char *const Units[] = {"KiB", "MiB", "GiB", "TiB"};
  for (int I = 3; I >= 0; --I) {
    uint64_t Unit = 1ULL << (10 * (I + 1));
    if (Bytes >= Unit && Bytes % Unit == 0)
      return std::to_string(Bytes / Unit) + " " + Units[I];
  }
  return std::to_string(Bytes) + " bytes";
}

bool aoti::isRegularFile(StringRef Path) {
  struct stat St;
  return ::stat(Path.str().c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

llvm::Expected<int> aoti::openRegularFile(StringRef Path, StringRef What,
                                          ExitCode Code, StringRef Verb) {
  int Fd = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0)
    return makeToolError(Code, Path.str(),
                         "cannot " + Verb.str() + " " + What.str() + ": " +
                             std::strerror(errno));
  struct stat St;
  if (::fstat(Fd, &St) != 0 || !S_ISREG(St.st_mode)) {
    const char *Kind =
        ::fstat(Fd, &St) == 0 ? kindOf(St.st_mode) : "not a regular file";
    ::close(Fd);
    return makeToolError(Code, Path.str(),
                         What.str() + " is " + Kind +
                             "; expected a regular file");
  }
  // Reads block again (a regular file never blocks anyway).
  ::fcntl(Fd, F_SETFL, ::fcntl(Fd, F_GETFL) & ~O_NONBLOCK);
  return Fd;
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
aoti::readRegularFile(StringRef Path, uint64_t MaxBytes, StringRef What,
                      ExitCode Code) {
  auto Fd = openRegularFile(Path, What, Code);
  if (!Fd)
    return Fd.takeError();
  std::string Text;
  char Chunk[1 << 16];
  while (true) {
    ssize_t N = ::read(*Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      int Errno = errno;
      ::close(*Fd);
      return makeToolError(Code, Path.str(),
                           "cannot read " + What.str() + ": " +
                               std::strerror(Errno));
    }
    if (N == 0)
      break;
    if (Text.size() + N > MaxBytes) {
      ::close(*Fd);
      return makeToolError(Code, Path.str(),
                           What.str() + " is larger than the " +
                               describeBytes(MaxBytes) + " it may have");
    }
    Text.append(Chunk, N);
  }
  ::close(*Fd);
  return llvm::MemoryBuffer::getMemBufferCopy(Text, Path);
}
