//===- GuardTest.cpp - Input guards and compiled inputs -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Input guards (dtype, device, rank, dims, values) and the check of the
// inputs against what the model was compiled for.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <chrono>
#include <cstdio>

using namespace aoti_rt_test;

namespace {

//--- Input guards -----------------------------------------------------------//

std::string guardMessage(TestProgram &T, const rt::InputGuard &G,
                         AtenTensorHandle H) {
  rt::RunScope Run(*T.P, nullptr);
  try {
    Run.guardInput(G, H);
  } catch (const std::runtime_error &E) {
    return E.what();
  }
  return "";
}

TEST(Guard, PassingGuardIsSilent) {
  TestProgram T(testDir());
  alignas(64) static float D[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  auto In = blob(D, {2, 4}, {4, 1}, aoti_torch_dtype_float32());
  static const int64_t Min[] = {1, 4}, Max[] = {8, -1};
  rt::InputGuard G = guard("float32", 2);
  G.device = "cpu";
  G.dim_min = Min;
  G.dim_max = Max;
  G.contiguous = true;
  G.alignment = 16;
  G.has_value_range = true;
  G.value_min = 0;
  G.value_max = 7;
  G.finite = true;
  EXPECT_EQ(guardMessage(T, G, In), "");
  EXPECT_TRUE(T.lines().empty()) << T.log();
}

TEST(Guard, WrongDtypeDeviceRank) {
  TestProgram T(testDir());
  std::vector<int32_t> D = {1, 2, 3};
  auto In = blob(D.data(), {3}, {1}, aoti_torch_dtype_int32());
  EXPECT_EQ(guardMessage(T, guard("int64"), In),
            "[aoti-instrument] input guard on input 0 (arg0_1): dtype int32, "
            "expected int64 in run 1");
  rt::InputGuard G = guard(nullptr, 2);
  G.device = "cuda";
  G.index = 3;
  EXPECT_EQ(guardMessage(T, G, In),
            "[aoti-instrument] input guard on input 3 (arg0_1): device cpu, "
            "expected cuda; rank 1, expected 2 in run 2");
  EXPECT_EQ(T.lines().size(), 2u);
}

TEST(Guard, DimOutOfRange) {
  TestProgram T(testDir());
  std::vector<float> D(9 * 16);
  auto In = blob(D.data(), {9, 16}, {16, 1}, aoti_torch_dtype_float32());
  static const int64_t Min[] = {1, 32}, Max[] = {8, 32};
  rt::InputGuard G = guard(nullptr, 2);
  G.dim_min = Min;
  G.dim_max = Max;
  EXPECT_EQ(guardMessage(T, G, In),
            "[aoti-instrument] input guard on input 0 (arg0_1): dim 0 is 9, "
            "expected in [1, 8]; dim 1 is 16, expected 32 in run 1");
  static const int64_t Min2[] = {10, -1}, Max2[] = {-1, 8};
  G.dim_min = Min2;
  G.dim_max = Max2;
  EXPECT_EQ(guardMessage(T, G, In),
            "[aoti-instrument] input guard on input 0 (arg0_1): dim 0 is 9, "
            "expected >= 10; dim 1 is 16, expected <= 8 in run 2");
}

TEST(Guard, NonContiguousAndMisaligned) {
  TestProgram T(testDir());
  alignas(64) static float D[12] = {};
  auto Tr = blob(D, {3, 4}, {1, 3}, aoti_torch_dtype_float32());
  rt::InputGuard G = guard();
  G.contiguous = true;
  EXPECT_EQ(guardMessage(T, G, Tr),
            "[aoti-instrument] input guard on input 0 (arg0_1): not contiguous "
            "(sizes [3, 4], strides [1, 3]) in run 1");
  auto Off = blob(D, {4}, {1}, aoti_torch_dtype_float32(), 1); // +4 bytes
  rt::InputGuard A = guard();
  A.alignment = 16;
  std::string Msg = guardMessage(T, A, Off);
  char Ptr[32];
  std::snprintf(Ptr, sizeof Ptr, "0x%" PRIxPTR,
                reinterpret_cast<uintptr_t>(D) + 4);
  EXPECT_EQ(Msg, std::string("[aoti-instrument] input guard on input 0 "
                             "(arg0_1): data pointer ") +
                     Ptr + " is not 16-byte aligned in run 2");
}

TEST(Guard, ValueRangeOfTokenIds) {
  TestProgram T(testDir());
  std::vector<int64_t> Ids = {5, 1000000, 17, 0};
  auto In = blob(Ids.data(), {2, 2}, {2, 1}, aoti_torch_dtype_int64());
  rt::InputGuard G = guard("int64", 2);
  G.has_value_range = true;
  G.value_min = 0;
  G.value_max = 999;
  EXPECT_EQ(guardMessage(T, G, In),
            "[aoti-instrument] input guard on input 0 (arg0_1): value 1000000 "
            "out of range [0, 999] in run 1");
  std::vector<int64_t> Neg = {-1, 3};
  auto In2 = blob(Neg.data(), {2}, {1}, aoti_torch_dtype_int64());
  EXPECT_EQ(guardMessage(T, G, In2),
            "[aoti-instrument] input guard on input 0 (arg0_1): rank 1, "
            "expected 2; value -1 out of range [0, 999] in run 2");
  std::vector<float> F = {0.25f, 1.5f};
  auto In3 = blob(F.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::InputGuard FG = guard();
  FG.has_value_range = true;
  FG.value_min = 0;
  FG.value_max = 1;
  EXPECT_EQ(guardMessage(T, FG, In3),
            "[aoti-instrument] input guard on input 0 (arg0_1): value 1.5 "
            "out of range [0, 1] in run 3");
}

TEST(Guard, FiniteRejectsNaNAndInf) {
  TestProgram T(testDir());
  std::vector<float> D = {1, kNaN, 3, kInf, kNaN};
  auto In = blob(D.data(), {5}, {1}, aoti_torch_dtype_float32());
  rt::InputGuard G = guard();
  G.finite = true;
  EXPECT_EQ(guardMessage(T, G, In),
            "[aoti-instrument] input guard on input 0 (arg0_1): holds NaN (2 "
            "of 5 elements); holds Inf (1 of 5 elements) in run 1");
}

TEST(Guard, WarnGoesOnAndDisabledSkips) {
  TestProgram T(testDir());
  std::vector<int32_t> D = {1};
  auto In = blob(D.data(), {1}, {1}, aoti_torch_dtype_int32());
  rt::InputGuard G = guard("float32");
  G.on_fail = rt::kWarn;
  EXPECT_EQ(guardMessage(T, G, In), "");
  EXPECT_TRUE(contains(T.lines(), "dtype int32, expected float32 in run 1"));

  TestProgram Off(testDir());
  setenv(Off.DisableEnv.c_str(), "yes", 1);
  EXPECT_EQ(guardMessage(Off, guard("float32"), In), "");
  EXPECT_TRUE(Off.lines().empty());
}

TEST(GuardDeathTest, AbortMode) {
  TestProgram T(testDir());
  std::vector<int32_t> D = {1};
  auto In = blob(D.data(), {1}, {1}, aoti_torch_dtype_int32());
  rt::InputGuard G = guard("float32");
  G.on_fail = rt::kAbort;
  EXPECT_DEATH(guardMessage(T, G, In), "");
  EXPECT_TRUE(contains(T.lines(), "dtype int32, expected float32"));
}

//--- What the model was compiled for (Program::inputs) ---------------------//

/// A [2..8, 16] float32 CPU input with strides (16, 1), as check_input_0 of
/// a dynamic-batch model says; the user calls it 'x'.
struct CompiledFor {
  int64_t Min[2] = {2, 16}, Max[2] = {8, 16}, Strides[2] = {16, 1};
  rt::CompiledInput In[2];
  explicit CompiledFor(rt::Program &P, rt::OnFail F = rt::kThrow) {
    In[0] = rt::CompiledInput{0, "arg0_1", "x", "float32", 0,
                              2, true,     Min, Max,       Strides};
    In[1] = In[0];
    In[1].index = 1;
    In[1].name = "arg1_1";
    In[1].exported = "";
    P.inputs = In;
    P.num_inputs = 2;
    P.inputs_on_fail = F;
  }
};

std::string checkMessage(TestProgram &T, AtenTensorHandle A, AtenTensorHandle B,
                         int Device = -1) {
  rt::RunScope Run(*T.P, nullptr);
  AtenTensorHandle Inputs[] = {A, B};
  try {
    Run.checkInputs(Inputs, Device);
  } catch (const std::runtime_error &E) {
    return E.what();
  }
  return "";
}

TEST(CompiledInputs, MatchingInputsAreSilent) {
  TestProgram T(testDir());
  CompiledFor C(*T.P);
  std::vector<float> D(8 * 16);
  auto A = blob(D.data(), {8, 16}, {16, 1}, aoti_torch_dtype_float32());
  auto B = blob(D.data(), {2, 16}, {16, 1}, aoti_torch_dtype_float32());
  // A size-1 dim may have any stride.
  auto One = blob(D.data(), {1, 16}, {7, 1}, aoti_torch_dtype_float32());
  C.Min[0] = 1;
  EXPECT_EQ(checkMessage(T, A, B), "");
  EXPECT_EQ(checkMessage(T, One, B), "");
  EXPECT_TRUE(T.lines().empty()) << T.log();
}

TEST(CompiledInputs, EachMismatchNamesTheInput) {
  TestProgram T(testDir());
  CompiledFor C(*T.P);
  std::vector<double> D(9 * 16);
  auto Good = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float32());
  auto F64 = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float64());
  EXPECT_EQ(checkMessage(T, F64, Good),
            "[aoti-instrument] run 1: wrong input: input 0 (arg0_1, 'x'): "
            "dtype float64, compiled for float32, checked before any launch");
  auto Big = blob(D.data(), {9, 16}, {16, 1}, aoti_torch_dtype_float32());
  EXPECT_EQ(checkMessage(T, Good, Big),
            "[aoti-instrument] run 2: wrong input: input 1 (arg1_1): dim 0 "
            "is 9, compiled for 2..8, checked before any launch");
  auto Tr = blob(D.data(), {4, 16}, {1, 4}, aoti_torch_dtype_float32());
  EXPECT_EQ(checkMessage(T, Tr, Good),
            "[aoti-instrument] run 3: wrong input: input 0 (arg0_1, 'x'): "
            "strides [1, 4], compiled for (16, 1) (the model assumes a "
            "contiguous input: pass .contiguous()), checked before any "
            "launch");
  auto Rank3 =
      blob(D.data(), {1, 4, 16}, {64, 16, 1}, aoti_torch_dtype_float32());
  EXPECT_EQ(checkMessage(T, Rank3, Good),
            "[aoti-instrument] run 4: wrong input: input 0 (arg0_1, 'x'): 3 "
            "dims (sizes [1, 4, 16]), compiled for 2, checked before any "
            "launch");
  // Both wrong: a line each, one exception carrying both.
  std::string Both = checkMessage(T, F64, Big);
  EXPECT_NE(Both.find("input 0 (arg0_1, 'x'): dtype float64"),
            std::string::npos);
  EXPECT_NE(Both.find("\n[aoti-instrument] run 5: wrong input: input 1"),
            std::string::npos);
  EXPECT_EQ(T.lines().size(), 6u) << T.log();
}

TEST(CompiledInputs, ADeviceOtherThanTheModelsIsNamed) {
  TestProgram T(testDir());
  CompiledFor C(*T.P);
  C.In[0].device_type = 1; // compiled for CUDA, the model on cuda:0
  std::vector<float> D(4 * 16);
  auto Cpu = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float32());
  EXPECT_EQ(checkMessage(T, Cpu, Cpu, 0),
            "[aoti-instrument] run 1: wrong input: input 0 (arg0_1, 'x'): on "
            "cpu, the model runs on cuda:0, checked before any launch");
  auto Null = checkMessage(T, Cpu, nullptr, 0);
  EXPECT_NE(Null.find("input 1 (arg1_1): no tensor"), std::string::npos)
      << Null;
}

TEST(CompiledInputs, WarnReportsAndGoesOnAndOffIsSilent) {
  TestProgram T(testDir());
  CompiledFor C(*T.P, rt::kWarn);
  std::vector<float> D(4 * 16);
  auto F = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float32());
  auto I = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_int32());
  EXPECT_EQ(checkMessage(T, I, F), "");
  EXPECT_TRUE(contains(T.lines(), "dtype int32, compiled for float32"));
  T.P->num_inputs = 0; // check_inputs: off emits no table
  EXPECT_EQ(checkMessage(T, I, F), "");
  EXPECT_EQ(T.lines().size(), 1u) << T.log();
}

TEST(CompiledInputs, AotisOwnCheckIsReportedNamingTheInput) {
  TestProgram T(testDir());
  rt::RunScope Run(*T.P, nullptr);
  try {
    Run.aotiCheckFailed(0, "arg4_1", "ids",
                        "input_handles[0]: unmatched dtype, expected: "
                        "6(at::kFloat), but got: 5\n",
                        rt::kThrow);
    FAIL() << "no throw";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(),
                 "[aoti-instrument] run 1: wrong input: input 0 (arg4_1, "
                 "'ids'): AOTI's own input check refused it "
                 "(input_handles[0]: unmatched dtype, expected: "
                 "6(at::kFloat), but got: 5) (input guards: "
                 "enforce_aoti_checks)");
  }
}

/// What the check costs per input when everything matches (the aim: at
/// most 1 us per input; a few shim calls).
TEST(CompiledInputs, CostPerInputIsWellUnderAMicrosecond) {
  TestProgram T(testDir());
  CompiledFor C(*T.P);
  std::vector<float> D(4 * 16);
  auto A = blob(D.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float32());
  rt::RunScope Run(*T.P, nullptr);
  AtenTensorHandle Inputs[] = {A, A};
  constexpr int Rounds = 20000;
  auto T0 = std::chrono::steady_clock::now();
  for (int R = 0; R < Rounds; ++R)
    Run.checkInputs(Inputs, -1);
  double Ns = std::chrono::duration<double, std::nano>(
                  std::chrono::steady_clock::now() - T0)
                  .count() /
              (Rounds * 2.0);
  RecordProperty("ns_per_input", std::to_string(Ns));
  std::printf("[ measure  ] compiled-input check: %.0f ns per input\n", Ns);
  EXPECT_LT(Ns, 1000.0);
}

TEST(Guard, EqualDims) {
  TestProgram T(testDir());
  std::vector<float> A(4 * 16), B(16 * 3), C(9 * 3);
  auto TA = blob(A.data(), {4, 16}, {16, 1}, aoti_torch_dtype_float32());
  auto TB = blob(B.data(), {16, 3}, {3, 1}, aoti_torch_dtype_float32());
  auto TC = blob(C.data(), {9, 3}, {3, 1}, aoti_torch_dtype_float32());
  AtenTensorHandle Inputs[] = {TA, TB, TC};
  rt::RunScope Run(*T.P, nullptr);
  const rt::DimRef Ok[] = {{0, 1}, {1, 0}};
  EXPECT_NO_THROW(Run.guardEqualDims(Ok, 2, Inputs, rt::kThrow));
  const rt::DimRef Neg[] = {{1, -1}, {2, -1}};
  EXPECT_NO_THROW(Run.guardEqualDims(Neg, 2, Inputs, rt::kThrow));
  const rt::DimRef Bad[] = {{0, 1}, {2, 0}};
  try {
    Run.guardEqualDims(Bad, 2, Inputs, rt::kThrow);
    FAIL() << "no exception";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), "[aoti-instrument] input dims differ: "
                           "input_handles[0] dim 1 is 16, input_handles[2] dim "
                           "0 is 9 in run 1");
  }
  const rt::DimRef Missing[] = {{0, 0}, {1, 5}};
  EXPECT_THROW(Run.guardEqualDims(Missing, 2, Inputs, rt::kThrow),
               std::runtime_error);
  EXPECT_NO_THROW(Run.guardEqualDims(Bad, 2, Inputs, rt::kWarn));
  EXPECT_EQ(countContaining(T.lines(), "input dims differ"), 3u) << T.log();
}

} // namespace
