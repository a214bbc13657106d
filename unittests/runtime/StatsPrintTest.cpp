//===- StatsPrintTest.cpp - Statistics, printing, formatting --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Tensor metadata, statistics, printed lines and number formatting.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <cmath>
#include <cstdio>

using namespace aoti_rt_test;

namespace {

//--- Statistics -------------------------------------------------------------//

// Sizes and strides: in place up to DimVec::kInline dims, on the heap past
// that; copies and moves keep the dims, and a 9-dim tensor's metadata
// reads whole (torch allows 64 dims).
TEST(TensorMeta, DimVecInlineHeapCopyAndMove) {
  rt::detail::DimVec V;
  EXPECT_TRUE(V.empty());
  const int64_t Three[] = {2, 3, 4};
  V.assign(Three, Three + 3);
  EXPECT_EQ(V, (std::vector<int64_t>{2, 3, 4}));
  std::vector<int64_t> Want;
  for (int64_t I = 1; I <= 10; ++I) { // crosses kInline
    Want.push_back(I);
    V.clear();
    for (int64_t J = 1; J <= I; ++J)
      V.push_back(J);
    EXPECT_EQ(V, Want) << I << " dims";
  }
  rt::detail::DimVec Copy = V, Moved;
  Moved = std::move(Copy);
  EXPECT_EQ(Moved, Want);
  EXPECT_EQ(V, Want);
  Moved = {7, 8};
  EXPECT_EQ(Moved, (std::vector<int64_t>{7, 8}));
  Moved.assign(3, 1);
  EXPECT_EQ(Moved, (std::vector<int64_t>{1, 1, 1}));
  Moved = V; // back to the heap
  EXPECT_EQ(Moved, Want);

  std::vector<int64_t> Sizes(9, 1), Strides(9, 1);
  Sizes[8] = 5;
  AtenTensorHandle H = nullptr;
  ASSERT_EQ(aoti_torch_empty_strided(9, Sizes.data(), Strides.data(),
                                     aoti_torch_dtype_float32(),
                                     aoti_torch_device_type_cpu(), 0, &H),
            AOTI_TORCH_SUCCESS);
  RAIIAtenTensorHandle Owned(H);
  rt::detail::TensorMeta M;
  M.Handle = H;
  ASSERT_TRUE(rt::detail::readMeta(M));
  EXPECT_EQ(M.Sizes, Sizes);
  EXPECT_EQ(M.Strides, Strides);
  EXPECT_EQ(M.CSizes, (std::vector<int64_t>{5})); // size-1 dims dropped
  rt::detail::TensorMeta Kept = M, Taken = std::move(M);
  EXPECT_EQ(Kept.Sizes, Sizes);
  EXPECT_EQ(Taken.Strides, Strides);
}

TEST(Stats, Float32ExactOnKnownData) {
  TestProgram T(testDir());
  std::vector<float> D = {1.0f, -2.0f, 3.5f, kNaN, kInf, 0.0f};
  auto Buf = blob(D.data(), {2, 3}, {3, 1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf1", rt::kInOut, Buf}};
    Run.probe(1, rt::kAfter, Ts, 1, probe(rt::kPrintStats));
  }
  auto L = T.lines();
  ASSERT_EQ(L.size(), 2u) << T.log();
  EXPECT_EQ(L[0], "[aoti-instrument] run 1 after #1 "
                  "triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, source "
                  "nodes [linear, relu])");
  // Finite values: 1, -2, 3.5, 0 -> mean 0.625.
  EXPECT_EQ(L[1], "[aoti-instrument] run 1 after #1 "
                  "triton_poi_fused_addmm_relu_0   buf1 inout float32 [2, 3] "
                  "strides [3, 1] cpu numel 6 min -2 max 3.5 mean 0.625 nan 1 "
                  "inf 1");
}

TEST(Stats, EmptyStridedTensorAndNegativeInf) {
  TestProgram T(testDir());
  auto Buf = emptyFloat({4}, {1}, {-kInf, -kInf, 2.0f, 6.0f});
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf0", rt::kOut, Buf}};
    Run.probe(0, rt::kAfter, Ts, 1, probe(rt::kPrintStats));
  }
  EXPECT_TRUE(contains(T.lines(), "buf0 out float32 [4] strides [1] cpu "
                                  "numel 4 min 2 max 6 mean 4 nan 0 inf 2"))
      << T.log();
}

TEST(Stats, Bf16NonContiguous) {
  TestProgram T(testDir());
  // Storage is the transpose: logical [2, 3] with strides [1, 2].
  // Logical rows: [0.5, 1, -4], [2, 8, -0.25]; storage column-major.
  std::vector<uint16_t> D = {bf16(0.5f), bf16(2.0f),  bf16(1.0f),
                             bf16(8.0f), bf16(-4.0f), bf16(-0.25f)};
  auto Buf = blob(D.data(), {2, 3}, {1, 2}, aoti_torch_dtype_bfloat16());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf2", rt::kIn, Buf}};
    Run.probe(1, rt::kBefore, Ts, 1, probe(rt::kPrintValues));
  }
  auto L = T.lines();
  EXPECT_TRUE(contains(L, "run 1 before #1 triton_poi_fused_addmm_relu_0   "
                          "buf2 in bfloat16 [2, 3] strides [1, 2] cpu numel 6 "
                          "min -4 max 8 mean 1.20833 nan 0 inf 0"))
      << T.log();
  EXPECT_TRUE(contains(L, "buf2 values [0.5, 1, -4, 2, 8, -0.25] (6 of 6)"))
      << T.log();
}

TEST(Stats, Int64ExactBeyondDoublePrecision) {
  TestProgram T(testDir());
  std::vector<int64_t> D = {-5, 9007199254740993LL, 7}; // 2^53 + 1
  auto Buf = blob(D.data(), {3}, {1}, aoti_torch_dtype_int64());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"arg0_1", rt::kIn, Buf}};
    Run.probe(0, rt::kBefore, Ts, 1, probe(rt::kPrintValues));
  }
  auto L = T.lines();
  EXPECT_TRUE(contains(L, "arg0_1 in int64 [3] strides [1] cpu numel 3 min -5 "
                          "max 9007199254740993 mean "))
      << T.log();
  EXPECT_TRUE(contains(L, "nan 0 inf 0")) << T.log();
  EXPECT_TRUE(contains(L, "arg0_1 values [-5, 9007199254740993, 7] (3 of 3)"))
      << T.log();
}

TEST(Stats, StorageOffsetAndBroadcastStrides) {
  TestProgram T(testDir());
  std::vector<float> D = {100.0f, 100.0f, 1.0f, 2.0f, 3.0f};
  // Offset 2, shape [2, 3] with a zero stride: rows repeat [1, 2, 3].
  auto Buf = blob(D.data(), {2, 3}, {0, 1}, aoti_torch_dtype_float32(), 2);
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"view", rt::kIn, Buf}};
    Run.probe(0, rt::kBefore, Ts, 1, probe(rt::kPrintValues));
  }
  auto L = T.lines();
  EXPECT_TRUE(contains(L, "view in float32 [2, 3] strides [0, 1] cpu numel 6 "
                          "min 1 max 3 mean 2 nan 0 inf 0"))
      << T.log();
  EXPECT_TRUE(contains(L, "view values [1, 2, 3, 1, 2, 3] (6 of 6)"))
      << T.log();
}

TEST(Stats, Fp8HalfBoolInt32) {
  TestProgram T(testDir());
  // e4m3fn: 1.0, -2.0, NaN, 0, 2^-9 (subnormal), 448 (max).
  std::vector<uint8_t> E4 = {0x38, 0xC0, 0x7F, 0x00, 0x01, 0x7E};
  // e5m2: 1.0, +inf, -inf, NaN, -0.5.
  std::vector<uint8_t> E5 = {0x3C, 0x7C, 0xFC, 0x7E, 0xB8};
  // float16: 1.5, -65504, 2^-24 (subnormal), +inf.
  std::vector<uint16_t> H = {0x3E00, 0xFBFF, 0x0001, 0x7C00};
  std::vector<uint8_t> B = {1, 0, 1, 1};
  std::vector<int32_t> I = {-7, 3, 2147483647};
  auto TE4 = blob(E4.data(), {6}, {1}, aoti_torch_dtype_float8_e4m3fn());
  auto TE5 = blob(E5.data(), {5}, {1}, aoti_torch_dtype_float8_e5m2());
  auto TH = blob(H.data(), {4}, {1}, aoti_torch_dtype_float16());
  auto TB = blob(B.data(), {4}, {1}, aoti_torch_dtype_bool());
  auto TI = blob(I.data(), {3}, {1}, aoti_torch_dtype_int32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"e4", rt::kIn, TE4},
                          {"e5", rt::kIn, TE5},
                          {"h", rt::kIn, TH},
                          {"b", rt::kIn, TB},
                          {"i", rt::kIn, TI}};
    Run.probe(0, rt::kBefore, Ts, 5, probe(rt::kPrintValues));
  }
  auto L = T.lines();
  EXPECT_TRUE(contains(L, "e4 in float8_e4m3fn [6] strides [1] cpu numel 6 "
                          "min -2 max 448 mean 89.4004 nan 1 inf 0"))
      << T.log();
  EXPECT_TRUE(contains(L, "e4 values [1, -2, nan, 0, 0.00195312, 448]"))
      << T.log();
  EXPECT_TRUE(contains(L, "e5 in float8_e5m2 [5] strides [1] cpu numel 5 "
                          "min -0.5 max 1 mean 0.25 nan 1 inf 2"))
      << T.log();
  EXPECT_TRUE(contains(L, "e5 values [1, inf, -inf, nan, -0.5]")) << T.log();
  EXPECT_TRUE(contains(L, "h in float16 [4] strides [1] cpu numel 4 min "
                          "-65504 max 1.5 mean -21834.2 nan 0 inf 1"))
      << T.log();
  EXPECT_TRUE(contains(L, "h values [1.5, -65504, 5.96046e-08, inf]"))
      << T.log();
  EXPECT_TRUE(contains(L, "b in bool [4] strides [1] cpu numel 4 min 0 max 1 "
                          "mean 0.75 nan 0 inf 0"))
      << T.log();
  EXPECT_TRUE(contains(L, "b values [true, false, true, true]")) << T.log();
  EXPECT_TRUE(contains(L, "i in int32 [3] strides [1] cpu numel 3 min -7 max "
                          "2147483647"))
      << T.log();
}

TEST(Stats, UndefinedEmptyAndUnknownSite) {
  TestProgram T(testDir());
  std::vector<float> D(1);
  auto Empty = blob(D.data(), {0, 4}, {4, 1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"gone", rt::kIn, nullptr}, {"e", rt::kOut, Empty}};
    rt::Probe P = probe(rt::kPrintValues);
    P.nan_roles = 3;
    P.nan_checks = rt::kCheckNan | rt::kCheckInf;
    Run.probe(42, rt::kAfter, Ts, 2, P);
  }
  auto L = T.lines();
  EXPECT_TRUE(contains(L, "run 1 after #42 (unknown site)")) << T.log();
  EXPECT_TRUE(contains(L, "gone in undefined")) << T.log();
  EXPECT_TRUE(contains(L, "after #42 (unknown site)   e out float32 [0, 4] "
                          "strides [4, 1] cpu numel 0 (empty)"))
      << T.log();
  EXPECT_FALSE(contains(L, "e values")) << T.log();
  EXPECT_EQ(L.size(), 3u) << T.log(); // names, gone, e; no NaN report
}

TEST(Stats, MaybeUndefinedTensorsAreLeftOutSilently) {
  // What an extern op returns may be undefined (attention's debug mask),
  // and AOTI passes an undefined tensor for None: a probe says nothing of
  // them, and asks without an exception (the shim would print a c10
  // back-trace for every metadata call on one).
  TestProgram T(testDir());
  std::vector<float> D = {1, 2};
  auto Buf = blob(D.data(), {2}, {1}, aoti_torch_dtype_float32());
  RAIIAtenTensorHandle Undefined = undefinedTensor();
  testing::internal::CaptureStderr();
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {
        {"buf7", rt::kOut, Undefined, false, rt::Presence::MaybeUndefined},
        {"buf8", rt::kOut, Buf, false, rt::Presence::MaybeUndefined},
        {"var_0", rt::kIn, nullptr, false, rt::Presence::MaybeUndefined}};
    rt::Probe P = probe(rt::kPrintValues);
    P.nan_roles = 3;
    P.nan_checks = rt::kCheckNan | rt::kCheckInf;
    P.save = true;
    P.save_roles = 3;
    Run.probe(2, rt::kAfter, Ts, 3, P);
  }
  std::string Err = testing::internal::GetCapturedStderr();
  auto L = T.lines();
  EXPECT_EQ(L.size(), 4u) << T.log(); // names, buf8's stats, values, save
  EXPECT_TRUE(contains(L, "buf8 out float32 [2]")) << T.log();
  EXPECT_TRUE(contains(L, "saved 1 tensor(s)")) << T.log();
  EXPECT_FALSE(contains(L, "buf7")) << T.log();
  EXPECT_FALSE(contains(L, "var_0")) << T.log();
  EXPECT_EQ(Err.find("Exception"), std::string::npos) << Err;
  EXPECT_EQ(Err.find("undefined"), std::string::npos) << Err;
}

TEST(Stats, AnUndefinedTensorNotMarkedSoIsReported) {
  // A tensor the tool did not expect to be undefined is said to be, still
  // without an exception.
  TestProgram T(testDir());
  RAIIAtenTensorHandle Undefined = undefinedTensor();
  testing::internal::CaptureStderr();
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf7", rt::kOut, Undefined}};
    Run.probe(2, rt::kAfter, Ts, 1, probe(rt::kPrintStats));
  }
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(contains(T.lines(), "buf7 out undefined")) << T.log();
  EXPECT_EQ(Err.find("Exception"), std::string::npos) << Err;
}

//--- Printing ---------------------------------------------------------------//

TEST(Print, NamesOnlyIsOneLine) {
  TestProgram T(testDir());
  std::vector<float> D = {1, 2};
  auto Buf = blob(D.data(), {2}, {1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf1", rt::kInOut, Buf}};
    Run.probe(3, rt::kBefore, Ts, 1, probe(rt::kPrintNames));
  }
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  // No source nodes: none printed.
  EXPECT_EQ(
      L[0],
      "[aoti-instrument] run 1 before #3 cpp_fused_relu_0 (wrapper.cpp:920)");
}

TEST(Print, ValuesAreCappedAndRolesFiltered) {
  TestProgram T(testDir(), 0, 0, /*MaxValues=*/4);
  std::vector<float> D = {1.0f, -2.0f, 3.5f, kNaN, kInf, 0.0f};
  std::vector<float> In = {7, 7};
  auto Buf = blob(D.data(), {6}, {1}, aoti_torch_dtype_float32());
  auto Arg = blob(In.data(), {2}, {1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"arg0_1", rt::kIn, Arg}, {"buf3", rt::kOut, Buf}};
    Run.probe(2, rt::kAfter, Ts, 2, probe(rt::kPrintValues, rt::kOut));
  }
  auto L = T.lines();
  EXPECT_EQ(L.size(), 3u) << T.log(); // names, stats, values of buf3 only
  EXPECT_TRUE(contains(L, "buf3 values [1, -2, 3.5, nan] (4 of 6)")) << T.log();
  EXPECT_FALSE(contains(L, "arg0_1")) << T.log();
}

TEST(Print, StderrWhenNoLogIsSet) {
  std::string Dir = testDir();
  auto *P = new rt::Program{"wrapper.cpp",
                            "",
                            kSites,
                            4,
                            "AOTI_RT_TEST_DISABLE_STDERR",
                            "AOTI_RT_TEST_LOG_UNSET_STDERR",
                            "",
                            "",
                            strdup((Dir + "/saves").c_str()),
                            0,
                            0,
                            8};
  unsetenv("AOTI_RT_TEST_LOG_UNSET_STDERR");
  ::testing::internal::CaptureStderr();
  {
    rt::RunScope Run(*P, nullptr);
    Run.probe(0, rt::kAfter, nullptr, 0, probe(rt::kPrintNames));
  }
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err, "[aoti-instrument] run 1 after #0 aoti_torch_cpu_addmm_out "
                 "(wrapper.cpp:906, source nodes [linear])\n");
}

//--- Number formatting ------------------------------------------------------//

TEST(Format, OrdinalRangesAndTheExactWindowRule) {
  using rt::detail::ordinalRanges;
  EXPECT_EQ(ordinalRanges({}), "");
  EXPECT_EQ(ordinalRanges({7}), "7");
  EXPECT_EQ(ordinalRanges({2, 0, 1, 1, 5, 9, 8}), "0-2,5,8-9");
  EXPECT_EQ(ordinalRanges({-1, 0, 1}), "0-1"); // no negative ordinals
  EXPECT_EQ(ordinalRanges({-3}), "");
  // A window that spans two runs: the last launches of one, the first of
  // the next.
  EXPECT_EQ(ordinalRanges({101, 102, 0, 1}), "0-1,101-102");
  EXPECT_EQ(rt::detail::exactWindowRule({3, 4, 5}),
            "{name: exact-window, match: {ordinals: \"3-5\"}, "
            "breadcrumb: true}");
  EXPECT_EQ(rt::detail::exactWindowRule({-1}), "");
}

TEST(Format, FastFormattingEqualsPrintf) {
  // appendG (std::to_chars where the library has it) must spell every finite
  // double exactly as printf's %.6g / %.17g did.
  std::vector<double> Values = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0.5,
                                123456.0,
                                1234567.0,
                                999999.5,
                                9999995,
                                1e-5,
                                1e-4,
                                0.0001234565,
                                1e15,
                                1e16,
                                1e300,
                                -1e-300,
                                5e-324,
                                2.2250738585072014e-308,
                                1.7976931348623157e308,
                                0.1 + 0.2,
                                3.4028234663852886e38,
                                1.0 / 3};
  uint64_t X = 0x9E3779B97F4A7C15ULL;
  for (int I = 0; I < 20000; ++I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    double D;
    std::memcpy(&D, &X, sizeof D);
    if (std::isfinite(D))
      Values.push_back(D);
    Values.push_back(static_cast<double>(
        static_cast<float>(static_cast<int64_t>(X % 2000001) - 1000000) /
        1024.0f));
  }
  for (double V : Values)
    for (int Prec : {6, 17}) {
      char Want[64];
      std::snprintf(Want, sizeof Want, "%.*g", Prec, V);
      std::string Got;
      rt::detail::appendG(Got, V, Prec);
      ASSERT_EQ(Got, Want) << "precision " << Prec;
    }
  std::string S;
  rt::detail::appendInt(S, -9007199254740993LL);
  S += ' ';
  rt::detail::appendUInt(S, 18446744073709551615ULL);
  EXPECT_EQ(S, "-9007199254740993 18446744073709551615");
  EXPECT_EQ(rt::detail::fmtDouble(-kInf), "-inf");
  EXPECT_EQ(rt::detail::fmtDouble(kNaN), "nan");
}

TEST(Format, ScaledFormattingEqualsPrintfOrDeclines) {
  // appendGScaled, the fast path of "%.6g" (three per statistics line):
  // whatever it writes is printf's spelling, and it declines only near a
  // rounding tie or out of its power-of-ten table.
  std::vector<double> Values = {
      1.0,      -1.0,      0.5,       2.5,       1234565.0, 123456.5,
      999999.5, 9999995.0, 999999.4,  0.0001,    0.00001,   0.0001234565,
      0.1,      0.3,       1e-4,      9.999995,  99999.95,  1e22,
      1e-22,    65504.0,   -0.000123, 1.0 / 3.0, 2.0 / 3.0, 1e-300};
  uint64_t X = 0x243F6A8885A308D3ULL;
  for (int I = 0; I < 200000; ++I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    float F; // a float's bits: what the statistics of most tensors are
    uint32_t B = static_cast<uint32_t>(X >> 32);
    std::memcpy(&F, &B, sizeof F);
    if (std::isfinite(F) && F != 0)
      Values.push_back(F);
    // Means: sums of floats over counts.
    Values.push_back(
        static_cast<double>(static_cast<int64_t>(X % 20000001) - 10000000) /
        static_cast<double>(1 + (X >> 40) % 4096));
  }
  size_t Declined = 0, Typical = 0; // of magnitudes 1e-12 to 1e12
  for (double V : Values)
    for (int Prec : {1, 3, 6, 9}) {
      char Want[64];
      std::snprintf(Want, sizeof Want, "%.*g", Prec, V);
      std::string Got;
      const bool IsTypical = std::fabs(V) >= 1e-12 && std::fabs(V) <= 1e12;
      Typical += IsTypical;
      if (!rt::detail::appendGScaled(Got, V, Prec)) {
        EXPECT_TRUE(Got.empty());
        Declined += IsTypical;
        continue;
      }
      ASSERT_EQ(Got, Want) << "precision " << Prec << ", value " << V;
    }
  // It is the path taken: it declines a typical value only near a tie
  // that the double arithmetic cannot settle (about 3 in 10,000 here).
  EXPECT_GT(Typical, 500000u);
  EXPECT_LT(Declined, Typical / 1000) << Declined << " of " << Typical;
  std::string Z;
  EXPECT_FALSE(rt::detail::appendGScaled(Z, 0.0, 6));
  EXPECT_FALSE(rt::detail::appendGScaled(Z, 5e-324, 6));
  EXPECT_FALSE(rt::detail::appendGScaled(Z, 1.0, 17));
  EXPECT_TRUE(Z.empty());
}

} // namespace
