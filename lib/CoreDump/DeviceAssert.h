//===- DeviceAssert.h - The assertions a run printed -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel's failed assert (CUDA C++'s assert, Triton's tl.device_assert and
// Inductor's index checks, all through __assertfail) makes the device print,
// one line per failing thread:
//
//   /tmp/torchinductor_root/nb/cnb...py:41: unknown: block: [3,0,0],
//   thread: [1,0,0] Assertion `index out of bounds: 0 <= tmp4 < 8000` failed.
//
// (one line; Triton's kernels print "unknown" for the function). When the
// core dump of such a fault is lost (driver 580 stops writing it when told to
// skip global memory and the faulting module has an assert;
// docs/coredump.md), these lines still say where: the file and line of the
// kernel's line table, the first thread. This finds them in a run's stderr.
// The text is untrusted: lines and the assertions kept are bounded.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_DEVICEASSERT_H
#define AOTI_COREDUMP_DEVICEASSERT_H

#include "CoreDump/CudaCore.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace aoti {

/// One assertion: the threads that printed the same file, line, function
/// and message.
struct DeviceAssertion {
  std::string File;
  uint32_t Line = 0;
  std::string Function; ///< As printed ("unknown" from Triton).
  std::string Message;  ///< Between the backquotes.
  Dim3 Block{};         ///< The first thread that printed it.
  Dim3 Thread{};
  uint64_t Threads = 0;  ///< How many lines print it.
  unsigned TextLine = 0; ///< The first of them (1-based).
};

/// The most assertions kept, and the longest line read as one.
constexpr size_t MaxDeviceAssertions = 64;
constexpr size_t MaxAssertionLine = 1 << 16;

/// The device-side assertions of \p Text, in the order they first appear.
std::vector<DeviceAssertion> findDeviceAssertions(llvm::StringRef Text);

} // namespace aoti

#endif // AOTI_COREDUMP_DEVICEASSERT_H
