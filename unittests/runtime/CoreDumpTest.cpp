//===- CoreDumpTest.cpp - waiting for an armed CUDA core dump -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// coredump.h: the dump file's pattern as the driver expands
// CUDA_COREDUMP_FILE, and the wait while a dump file appears and grows (a
// thread writing a file stands in for the driver), and what is said of a
// dump the driver did not finish.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
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

/// A file of \p Size bytes that starts with an ELF64 header whose section
/// header table (\p Count entries of 64 bytes) starts at \p TableOffset
/// (only its first \p Size bytes when shorter than the header).
std::string writeElf(const std::string &Name, unsigned long long TableOffset,
                     unsigned Count, size_t Size) {
  std::string Bytes(Size < 64 ? 64 : Size, '\0');
  const unsigned char Ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  std::memcpy(&Bytes[0], Ident, sizeof Ident);
  for (int I = 0; I < 8; ++I)
    Bytes[0x28 + I] = static_cast<char>(TableOffset >> (8 * I));
  Bytes[0x3a] = 64;
  Bytes[0x3c] = static_cast<char>(Count & 0xff);
  Bytes[0x3d] = static_cast<char>(Count >> 8);
  const std::string Path = ::testing::TempDir() + Name;
  FILE *F = std::fopen(Path.c_str(), "wb");
  std::fwrite(Bytes.data(), 1, Size, F);
  std::fclose(F);
  return Path;
}

TEST(CoreDump, AWholeDumpIsNotSaidAgain) {
  std::string Path = writeElf("core-whole.1", 128, 2, 256);
  rt::detail::CoreDumpLeft L = rt::detail::coredumpLeft(Path);
  EXPECT_EQ(L.File, Path);
  EXPECT_EQ(L.Bytes, 256);
  EXPECT_TRUE(L.Whole);
  EXPECT_EQ(rt::detail::coredumpNote(L, Path), "");
}

TEST(CoreDump, ADumpTheDriverCutShortIsSaidWithWhatExplainsAnAssert) {
  // As the real ones: 216 headers at 1998709, the file ends at 68672.
  std::string Path = writeElf("core-cut.2", 1998709, 216, 68672);
  rt::detail::CoreDumpLeft L = rt::detail::coredumpLeft(Path);
  EXPECT_FALSE(L.Whole);
  std::string Note = rt::detail::coredumpNote(L, Path);
  EXPECT_EQ(Note.rfind("[aoti-instrument] the CUDA core dump " + Path +
                           " stopped at 68672 bytes, without its section "
                           "headers: driver 580 stops",
                       0),
            0u)
      << Note;
  EXPECT_NE(Note.find("aoti-instrument explain --report <this stderr> "
                      "--package <the .pt2>"),
            std::string::npos);
  // Not an ELF file at all, or shorter than its header: cut too.
  EXPECT_FALSE(
      rt::detail::coredumpLeft(writeElf("core-short.3", 0, 0, 40)).Whole);
}

TEST(CoreDump, NoDumpAtAllIsSaid) {
  std::string Pattern = ::testing::TempDir() + "no-such-core.*";
  rt::detail::CoreDumpLeft L = rt::detail::coredumpLeft(Pattern);
  EXPECT_EQ(L.File, "");
  EXPECT_EQ(rt::detail::coredumpNote(L, Pattern)
                .rfind("[aoti-instrument] no CUDA core dump was written (" +
                           Pattern + "): ",
                       0),
            0u);
}

} // namespace
