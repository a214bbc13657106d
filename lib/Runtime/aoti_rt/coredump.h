//===- aoti_rt/coredump.h - Letting an armed CUDA core dump finish -*- C++ -*-===//
//
// With CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 the driver writes a GPU core dump
// after a device exception, then aborts the process. When the fault
// surfaces on the host first (a device-side assert does), the process
// would end while the dump is being written (an exception nobody catches,
// std::terminate), leaving it cut short. After its report, the runtime
// waits while the dump file appears and grows, until the driver ends the
// process or the file stops growing (docs/coredump.md).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_COREDUMP_H
#define AOTI_RT_COREDUMP_H

#include "cuda_api.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

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

/// The bytes written so far to the files that match \p Pattern.
inline long long coredumpBytes(const std::string &Pattern) {
  glob_t G;
  std::memset(&G, 0, sizeof G);
  long long Bytes = 0;
  if (glob(Pattern.c_str(), 0, nullptr, &G) == 0) {
    for (size_t I = 0; I < G.gl_pathc; ++I) {
      struct stat St;
      if (stat(G.gl_pathv[I], &St) == 0)
        Bytes += static_cast<long long>(St.st_size);
    }
  }
  globfree(&G);
  return Bytes;
}

/// How long waitForCoreDumpFile waits, in milliseconds.
struct CoreDumpWait {
  long Appear = 5000; ///< for a first byte of the dump
  /// With the dump unchanged, before it counts as done: the driver pauses
  /// its writing while it gathers the faulting warps' state (seconds when
  /// thousands of warps hit a device-side assert).
  long Stable = 10000;
  long Cap = 120000;  ///< in all
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
  waitForCoreDumpFile(coredumpPattern(), CoreDumpWait{});
}
#endif // AOTI_RT_CUDA

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_COREDUMP_H
