//===- CoreDumpTest.cpp - waiting for an armed CUDA core dump -------------===//
//
// coredump.h: the dump file's pattern as the driver expands
// CUDA_COREDUMP_FILE, and the wait while a dump file appears and grows (a
// thread writing a file stands in for the driver).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include <unistd.h>

namespace {

TEST(CoreDump, ThePatternExpandsAsTheDriverDoes) {
  EXPECT_EQ(rt::detail::coredumpPattern("/tmp/core.%p", 42, "gpu7"),
            "/tmp/core.42");
  EXPECT_EQ(rt::detail::coredumpPattern("d/%h-%p-%t-100%%", 7, "gpu7"),
            "d/gpu7-7-*-100%");
  // The driver's default name, in the working directory.
  EXPECT_EQ(rt::detail::coredumpPattern(nullptr, 9, "h"), "core_*_h_9.nvcudmp");
  EXPECT_EQ(rt::detail::coredumpPattern("", 9, "h"), "core_*_h_9.nvcudmp");
  // A lone % at the end stays.
  EXPECT_EQ(rt::detail::coredumpPattern("core%", 9, "h"), "core%");
}

TEST(CoreDump, NoDumpEndsTheWaitSoon) {
  rt::detail::CoreDumpWait W;
  W.Appear = 200;
  long Ms = rt::detail::waitForCoreDumpFile(
      ::testing::TempDir() + "no-such-core.*", W);
  EXPECT_GE(Ms, 200);
  EXPECT_LT(Ms, 2000);
}

TEST(CoreDump, TheWaitLastsWhileTheDumpGrows) {
  const std::string Path = ::testing::TempDir() + "core-grows." +
                           std::to_string(static_cast<long>(getpid()));
  std::remove(Path.c_str());
  std::atomic<bool> Done{false};
  // The driver's stand-in: a byte every 100 ms for 1 s.
  std::thread Writer([&] {
    for (int I = 0; I < 10; ++I) {
      FILE *F = std::fopen(Path.c_str(), "ab");
      std::fputc('x', F);
      std::fclose(F);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    Done = true;
  });
  rt::detail::CoreDumpWait W;
  W.Appear = 1000;
  W.Stable = 400;
  long Ms = rt::detail::waitForCoreDumpFile(Path, W);
  EXPECT_TRUE(Done.load()) << "returned after " << Ms << " ms";
  EXPECT_GE(Ms, 1000 + 400 - 150);
  EXPECT_LT(Ms, 4000);
  Writer.join();
  std::remove(Path.c_str());
}

} // namespace
