//===- DeviceAssertTest.cpp - The device-side assertions of a run's log ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lines __assertfail prints (CUDA C++ and Triton), grouped by assertion;
// and the log as the untrusted text it is.
//
//===----------------------------------------------------------------------===//

#include "CoreDump/DeviceAssert.h"
#include "gtest/gtest.h"
#include <string>

using namespace aoti;

namespace {

constexpr const char *Triton =
    "/tmp/torchinductor_root/nb/cnb.py:41: unknown: block: [3,0,0], thread: "
    "[%d,0,0] Assertion `index out of bounds: 0 <= tmp4 < 8000` failed.\n";

std::string tritonLine(int Thread) {
  char Buffer[256];
  snprintf(Buffer, sizeof Buffer, Triton, Thread);
  return Buffer;
}

TEST(DeviceAssertTest, ATritonAssertionPrintedByManyThreadsIsOne) {
  std::string Log = "Starting GPU coredump generation\n";
  for (int T = 1; T < 64; T += 2)
    Log += tritonLine(T);
  Log += "[aoti-instrument] CUDA error 'unspecified launch failure' ...\n";
  std::vector<DeviceAssertion> Found = findDeviceAssertions(Log);
  ASSERT_EQ(Found.size(), 1u);
  const DeviceAssertion &A = Found[0];
  EXPECT_EQ(A.File, "/tmp/torchinductor_root/nb/cnb.py");
  EXPECT_EQ(A.Line, 41u);
  EXPECT_EQ(A.Function, "unknown");
  EXPECT_EQ(A.Message, "index out of bounds: 0 <= tmp4 < 8000");
  EXPECT_EQ(A.Block, (Dim3{3, 0, 0}));
  EXPECT_EQ(A.Thread, (Dim3{1, 0, 0}));
  EXPECT_EQ(A.Threads, 32u);
  EXPECT_EQ(A.TextLine, 2u);
}

TEST(DeviceAssertTest, ACudaFunctionWithColonsAndCarriageReturn) {
  // The line of scripts/dev/assert_dump_probe.cu, as nvcc's assert prints
  // it; the function's signature holds ": " and "::".
  std::vector<DeviceAssertion> Found = findDeviceAssertions(
      "a/b.cu:28: void ns::f(int, float *): block: [333,0,0], thread: "
      "[96,0,0] Assertion `Out[0] < -1.0f && \"x: y\"` failed.\r\n");
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_EQ(Found[0].File, "a/b.cu");
  EXPECT_EQ(Found[0].Line, 28u);
  EXPECT_EQ(Found[0].Function, "void ns::f(int, float *)");
  EXPECT_EQ(Found[0].Message, "Out[0] < -1.0f && \"x: y\"");
  EXPECT_EQ(Found[0].Block, (Dim3{333, 0, 0}));
  EXPECT_EQ(Found[0].Thread, (Dim3{96, 0, 0}));
}

TEST(DeviceAssertTest, DistinctAssertionsInTheOrderTheyAppear) {
  std::string Log =
      tritonLine(5) +
      "k.py:7: unknown: block: [0,0,0], thread: [0,0,0] Assertion `a` "
      "failed.\n" +
      tritonLine(7);
  std::vector<DeviceAssertion> Found = findDeviceAssertions(Log);
  ASSERT_EQ(Found.size(), 2u);
  EXPECT_EQ(Found[0].Line, 41u);
  EXPECT_EQ(Found[0].Threads, 2u);
  EXPECT_EQ(Found[1].File, "k.py");
  EXPECT_EQ(Found[1].TextLine, 2u);
}

TEST(DeviceAssertTest, LinesThatOnlyLookLikeOneAreNot) {
  for (const char *Bad : {
           "x.py:41: unknown: block: [3,0], thread: [1,0,0] Assertion `a` "
           "failed.",
           "x.py:41: unknown: block: [3,0,0], thread: [1,0,0] Assertion `a`",
           "x.py: unknown: block: [3,0,0], thread: [1,0,0] Assertion `a` "
           "failed.",
           "x.py:41: unknown: block: [3,0,0], thread: [-1,0,0] Assertion `a` "
           "failed.",
           "x.py:41: unknown: block: [3,0,0], thread: [99999999999,0,0] "
           "Assertion `a` failed.",
           "Assertion `a` failed.",
           "python: x.c:3: main: Assertion `a' failed.",
       })
    EXPECT_TRUE(findDeviceAssertions(Bad).empty()) << Bad;
}

TEST(DeviceAssertTest, TheLogIsBounded) {
  std::string Log;
  for (int I = 0; I < 200; ++I)
    Log += "k.py:" + std::to_string(I + 1) +
           ": unknown: block: [0,0,0], thread: [0,0,0] Assertion `a` "
           "failed.\n";
  EXPECT_EQ(findDeviceAssertions(Log).size(), MaxDeviceAssertions);
  std::string Long = "k.py:1: unknown: block: [0,0,0], thread: [0,0,0] "
                     "Assertion `" +
                     std::string(MaxAssertionLine, 'x') + "` failed.";
  EXPECT_TRUE(findDeviceAssertions(Long).empty());
}

} // namespace
