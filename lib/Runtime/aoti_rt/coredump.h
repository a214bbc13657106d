//===- aoti_rt/coredump.h - An armed CUDA core dump -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 the driver writes a GPU core dump
// after a device exception, then aborts the process. When the fault
// surfaces on the host first (a device-side assert does), the process
// would end while the dump is being written (an exception nobody catches,
// std::terminate), leaving it cut short. After its report, the runtime
// waits while the dump file appears and grows, until the driver ends the
// process or the file stops growing (docs/coredump.md). A dump that never
// came, or that the driver left without its section headers (driver 580
// stops a dump made with skip_global_memory when the faulting kernel has an
// assert), is said on stderr, with what explains a device-side assert
// instead.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_COREDUMP_H
#define AOTI_RT_COREDUMP_H

#include "cuda_api.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <elf.h>
#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

/// Whether the driver was asked to dump on a device exception.
inline bool coredumpArmed() {
  static const bool Armed = [] {
    const char *V = std::getenv("CUDA_ENABLE_COREDUMP_ON_EXCEPTION");
    return V && std::strcmp(V, "1") == 0;
  }();
  return Armed;
}

/// The dump file of process \p Pid on \p Host as a glob(3) pattern:
/// \p File, CUDA_COREDUMP_FILE's value (when null or empty, the driver's
/// default core_%t_%h_%p.nvcudmp), with %p the pid, %h the host name, %t
/// any time stamp, %% a %.
inline std::string coredumpPattern(const char *File, long Pid,
                                   const char *Host) {
  std::string In = File && *File ? File : "core_%t_%h_%p.nvcudmp";
  std::string Out;
  for (size_t I = 0; I < In.size(); ++I) {
    if (In[I] != '%' || I + 1 == In.size()) {
      Out += In[I];
      continue;
    }
    char C = In[++I];
    Out += C == 'p'   ? std::to_string(Pid)
           : C == 'h' ? std::string(Host)
           : C == 't' ? std::string("*")
                      : std::string(1, C);
  }
  return Out;
}

/// This process's dump file, as a glob(3) pattern.
inline std::string coredumpPattern() {
  char Host[256] = {0};
  gethostname(Host, sizeof Host - 1);
  return coredumpPattern(std::getenv("CUDA_COREDUMP_FILE"),
                         static_cast<long>(getpid()), Host);
}

/// The files that match \p Pattern, in glob(3)'s order.
inline std::vector<std::string> coredumpFiles(const std::string &Pattern) {
  glob_t G;
  std::memset(&G, 0, sizeof G);
  std::vector<std::string> Files;
  if (glob(Pattern.c_str(), 0, nullptr, &G) == 0)
    Files.assign(G.gl_pathv, G.gl_pathv + G.gl_pathc);
  globfree(&G);
  return Files;
}

/// The size of \p File (0 when it cannot be read).
inline long long fileBytes(const std::string &File) {
  struct stat St;
  return stat(File.c_str(), &St) == 0 ? static_cast<long long>(St.st_size) : 0;
}

/// The bytes written so far to the files that match \p Pattern.
inline long long coredumpBytes(const std::string &Pattern) {
  long long Bytes = 0;
  for (const std::string &File : coredumpFiles(Pattern))
    Bytes += fileBytes(File);
  return Bytes;
}

/// How long waitForCoreDumpFile waits, in milliseconds.
struct CoreDumpWait {
  long Appear = 5000; ///< for a first byte of the dump
  /// With the dump unchanged, before it counts as done.
  long Stable = 10000;
  long Cap = 120000; ///< in all
};

/// Waits while the files that match \p Pattern appear and grow, as \p W
/// says; the milliseconds it waited.
inline long waitForCoreDumpFile(const std::string &Pattern, CoreDumpWait W) {
  using Clock = std::chrono::steady_clock;
  const auto Start = Clock::now();
  auto Since = [](Clock::time_point T) {
    return static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - T)
            .count());
  };
  long long Last = -1;
  auto Changed = Start;
  while (Since(Start) < W.Cap) {
    long long Now = coredumpBytes(Pattern);
    if (Now != Last) {
      Last = Now;
      Changed = Clock::now();
    }
    if ((Last == 0 && Since(Start) > W.Appear) ||
        (Last > 0 && Since(Changed) > W.Stable))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return Since(Start);
}

/// What the driver left of this process's dump.
struct CoreDumpLeft {
  std::string File; ///< The first file that matches ("" when none).
  long long Bytes = 0;
  bool Whole = false; ///< Its ELF section header table is in the file.
};

/// The section header table's end, from an ELF64 header's e_shoff,
/// e_shentsize and e_shnum (0 when \p Header is not an ELF64 header). The
/// dump is this machine's, in its byte order.
inline unsigned long long elfSectionHeadersEnd(const unsigned char *Header,
                                               size_t Size) {
  Elf64_Ehdr H;
  if (Size < sizeof H || std::memcmp(Header, ELFMAG, SELFMAG) != 0 ||
      Header[EI_CLASS] != ELFCLASS64)
    return 0;
  std::memcpy(&H, Header, sizeof H);
  return H.e_shoff + static_cast<unsigned long long>(H.e_shentsize) * H.e_shnum;
}

/// The first file that matches \p Pattern, and whether it is whole.
inline CoreDumpLeft coredumpLeft(const std::string &Pattern) {
  CoreDumpLeft L;
  std::vector<std::string> Files = coredumpFiles(Pattern);
  if (Files.empty())
    return L;
  L.File = Files.front();
  L.Bytes = fileBytes(L.File);
  unsigned char Header[sizeof(Elf64_Ehdr)];
  FILE *F = std::fopen(L.File.c_str(), "rb");
  size_t Read = F ? std::fread(Header, 1, sizeof Header, F) : 0;
  if (F)
    std::fclose(F);
  unsigned long long End = elfSectionHeadersEnd(Header, Read);
  L.Whole = End > 0 && End <= static_cast<unsigned long long>(L.Bytes);
  return L;
}

/// The line that says a dump is missing or cut short ("" for a whole one).
inline std::string coredumpNote(const CoreDumpLeft &L,
                                const std::string &Pattern) {
  if (L.Whole)
    return "";
  std::string Head =
      L.File.empty()
          ? "[aoti-instrument] no CUDA core dump was written (" + Pattern + ")"
          : "[aoti-instrument] the CUDA core dump " + L.File + " stopped at " +
                std::to_string(L.Bytes) + " bytes, without its section headers";
  return Head + ": driver 580 stops a dump made with skip_global_memory "
                "when the faulting kernel has an assert. A device-side "
                "assert is explained from its assertion lines: "
                "aoti-instrument explain --report <this stderr> --package "
                "<the .pt2> (docs/coredump.md)";
}

#if AOTI_RT_CUDA
/// The errors of a device exception, the ones the driver dumps for.
inline bool isDeviceException(cudaError_t E) {
  switch (E) {
  case cudaErrorIllegalAddress:
  case cudaErrorAssert:
  case cudaErrorLaunchFailure:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorHardwareStackError:
    return true;
  default:
    return false;
  }
}

/// After the report of device exception \p E with the dump armed: waits,
/// once per process, for this process's dump to be written. The driver
/// usually aborts the process when it has written the dump: this wait then
/// never returns.
inline void waitForCoreDump(cudaError_t E) {
  static std::atomic<bool> Waited{false};
  if (!coredumpArmed() || !isDeviceException(E) || Waited.exchange(true))
    return;
  const std::string Pattern = coredumpPattern();
  waitForCoreDumpFile(Pattern, CoreDumpWait{});
  std::string Note = coredumpNote(coredumpLeft(Pattern), Pattern);
  if (!Note.empty()) {
    std::fprintf(stderr, "%s\n", Note.c_str());
    std::fflush(stderr);
  }
}
#endif // AOTI_RT_CUDA

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_COREDUMP_H
