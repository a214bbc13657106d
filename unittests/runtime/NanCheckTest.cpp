//===- NanCheckTest.cpp - NaN checks, immediate and deferred --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// NaN/Inf checks as a probe runs them, and the deferred checks' reports
// (and deferred printing) from counts set by hand.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

using namespace aoti_rt_test;

namespace {

//--- NaN checks -------------------------------------------------------------//

TEST(NanCheck, ThrowsWithTheMessage) {
  TestProgram T(testDir());
  std::vector<float> Out(128, 1.0f);
  Out[5] = Out[77] = Out[127] = kNaN;
  std::vector<float> In = {1, 2, 3, 4};
  auto Buf3 = blob(Out.data(), {4, 32}, {32, 1}, aoti_torch_dtype_float32());
  auto Arg = blob(In.data(), {4}, {1}, aoti_torch_dtype_float32());
  std::string What;
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf3", rt::kOut, Buf3}, {"arg0_1", rt::kIn, Arg}};
    try {
      Run.probe(2, rt::kAfter, Ts, 2,
                nanProbe(rt::kOut, rt::kCheckNan | rt::kCheckInf, rt::kThrow));
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  const std::string Expected =
      "[aoti-instrument] NaN in buf3 (3 of 128 elements) after #2 "
      "triton_per_fused_x (wrapper.cpp:916, source nodes [linear, log]) in "
      "run 1; inputs were clean; to replay it alone, add to the rules: "
      "{name: capture-2, match: {ordinals: \"2\"}, capture: true}";
  EXPECT_EQ(What, Expected);
  EXPECT_TRUE(contains(T.lines(), Expected)) << T.log();
}

TEST(NanCheck, NamesDirtyInputsAndOtherHits) {
  TestProgram T(testDir());
  std::vector<float> A = {kNaN, 1, kInf, 2};
  std::vector<float> B = {kNaN, 1};
  std::vector<float> C = {kInf, kNaN, kNaN};
  auto Arg = blob(A.data(), {4}, {1}, aoti_torch_dtype_float32());
  auto Out1 = blob(B.data(), {2}, {1}, aoti_torch_dtype_float32());
  auto Out2 = blob(C.data(), {3}, {1}, aoti_torch_dtype_float32());
  rt::RunScope Run(*T.P, nullptr);
  rt::TensorRef Ts[] = {{"arg0_1", rt::kIn, Arg},
                        {"buf1", rt::kOut, Out1},
                        {"buf2", rt::kOut, Out2}};
  try {
    Run.probe(1, rt::kAfter, Ts, 3,
              nanProbe(rt::kOut, rt::kCheckNan | rt::kCheckInf, rt::kThrow));
    FAIL() << "no exception";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(),
                 "[aoti-instrument] NaN in buf1 (1 of 2 elements) after #1 "
                 "triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, source "
                 "nodes [linear, relu]) in run 1; also NaN and Inf in buf2 (2 "
                 "NaN, 1 Inf of 3 elements); inputs held NaN/Inf too: arg0_1 "
                 "(1 NaN, 1 Inf)");
  }
}

TEST(NanCheck, WarnModeGoesOn) {
  TestProgram T(testDir());
  std::vector<float> B = {kNaN, 1};
  auto Out = blob(B.data(), {2}, {1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf1", rt::kOut, Out}};
    EXPECT_NO_THROW(Run.probe(1, rt::kAfter, Ts, 1,
                              nanProbe(rt::kOut, rt::kCheckNan, rt::kWarn)));
  }
  EXPECT_TRUE(contains(T.lines(), "[aoti-instrument] NaN in buf1 (1 of 2 "
                                  "elements) after #1"))
      << T.log();
  EXPECT_TRUE(contains(T.lines(), "; no input tensors to compare")) << T.log();
}

TEST(NanCheck, CheckBitsAndRolesSelect) {
  TestProgram T(testDir());
  std::vector<float> B = {kInf, 1, 2, 3};
  std::vector<float> I = {kNaN};
  auto Out = blob(B.data(), {4}, {1}, aoti_torch_dtype_float32());
  auto Arg = blob(I.data(), {1}, {1}, aoti_torch_dtype_float32());
  rt::RunScope Run(*T.P, nullptr);
  rt::TensorRef Ts[] = {{"buf1", rt::kOut, Out}, {"arg0_1", rt::kIn, Arg}};
  // NaN only: the Inf in buf1 is fine, the NaN in arg0_1 is not checked.
  EXPECT_NO_THROW(Run.probe(1, rt::kAfter, Ts, 2,
                            nanProbe(rt::kOut, rt::kCheckNan, rt::kThrow)));
  // Inf: fails, on buf1.
  try {
    Run.probe(1, rt::kAfter, Ts, 2,
              nanProbe(rt::kOut, rt::kCheckInf, rt::kThrow));
    FAIL() << "no exception";
  } catch (const std::runtime_error &E) {
    EXPECT_NE(std::string(E.what()).find("Inf in buf1 (1 of 4 elements) after "
                                         "#1"),
              std::string::npos)
        << E.what();
    EXPECT_NE(std::string(E.what()).find("inputs held NaN/Inf too: arg0_1 (1 "
                                         "NaN)"),
              std::string::npos)
        << E.what();
  }
  // Inputs checked before the launch.
  EXPECT_THROW(Run.probe(1, rt::kBefore, Ts, 2,
                         nanProbe(rt::kIn, rt::kCheckNan, rt::kThrow)),
               std::runtime_error);
}

TEST(NanCheck, IntegerAndBf16) {
  TestProgram T(testDir());
  std::vector<int64_t> Ids = {1, 2, 3};
  std::vector<uint16_t> H = {bf16(1.0f), 0x7FC0 /* NaN */};
  auto TIds = blob(Ids.data(), {3}, {1}, aoti_torch_dtype_int64());
  auto TH = blob(H.data(), {2}, {1}, aoti_torch_dtype_bfloat16());
  rt::RunScope Run(*T.P, nullptr);
  rt::TensorRef Ints[] = {{"ids", rt::kOut, TIds}};
  EXPECT_NO_THROW(
      Run.probe(1, rt::kAfter, Ints, 1,
                nanProbe(3, rt::kCheckNan | rt::kCheckInf, rt::kThrow)));
  rt::TensorRef Halves[] = {{"h", rt::kOut, TH}};
  EXPECT_THROW(Run.probe(1, rt::kAfter, Halves, 1,
                         nanProbe(3, rt::kCheckNan, rt::kThrow)),
               std::runtime_error);
}

TEST(NanCheckDeathTest, AbortMode) {
  TestProgram T(testDir());
  std::vector<float> B = {kNaN};
  auto Out = blob(B.data(), {1}, {1}, aoti_torch_dtype_float32());
  auto Body = [&] {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf1", rt::kOut, Out}};
    Run.probe(1, rt::kAfter, Ts, 1,
              nanProbe(rt::kOut, rt::kCheckNan, rt::kAbort));
  };
  EXPECT_DEATH(Body(), "");
  EXPECT_TRUE(contains(T.lines(), "NaN in buf1 (1 of 1 elements)")) << T.log();
}

//--- Deferred NaN checks: the reporting logic, with made-up counts --------//
//
// On CUDA a deferred check's counts come from the device after the run's
// sync; what is reported from them is this host code, the same in both
// builds, fed here with counts set by hand.

rt::detail::DeferredTensor deferredTensor(const char *Name, uint8_t Role,
                                          int64_t Numel, uint64_t Nan,
                                          uint64_t Inf, bool HaveStats = true) {
  rt::detail::DeferredTensor T;
  T.Gathered.Meta.Name = Name;
  T.Gathered.Meta.RoleBits = Role;
  T.Gathered.Meta.Ok = true;
  T.Gathered.Meta.Numel = Numel;
  T.Gathered.HaveStats = HaveStats;
  T.Gathered.Statistics.nan = Nan;
  T.Gathered.Statistics.inf = Inf;
  return T;
}

void addDeferred(rt::detail::DeferredChecks &C, int Site, rt::Phase Ph,
                 std::vector<rt::detail::DeferredTensor> Ts, rt::OnFail F,
                 uint8_t Checks = rt::kCheckNan,
                 std::vector<rt::detail::LazyInput> Lazy = {}) {
  size_t First = C.Used, LazyFirst = C.Lazies.size();
  for (auto &T : Ts)
    C.addTensor() = T;
  C.Lazies.insert(C.Lazies.end(), Lazy.begin(), Lazy.end());
  C.addRecord(Site, Ph, rt::kOut, Checks, F, rt::kPrintNone, 0, First,
              LazyFirst);
}

/// Two Programs, each logging text and JSON lines to its own directory: A
/// for what the immediate path writes, B for a deferred report of the same
/// data.
struct ImmediateAndDeferred {
  static std::string made(const std::string &Dir) {
    fs::create_directories(Dir);
    return Dir;
  }
  std::string Root = testDir();
  TestProgram A{made(Root + "/immediate")}, B{made(Root + "/deferred")};
  ImmediateAndDeferred() {
    for (TestProgram *T : {&A, &B})
      setenv(T->JsonlEnv.c_str(), jsonlPath(*T).c_str(), 1);
  }
  static std::string jsonlPath(const TestProgram &T) {
    return T.Dir + "/events.jsonl";
  }
  std::string jsonl(const TestProgram &T) const {
    return readFile(jsonlPath(T));
  }
};

TEST(DeferredNan, ReportsTheFirstOffendingLaunchInLaunchOrder) {
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::DeferredChecks C;
  addDeferred(C, 0, rt::kAfter,
              {deferredTensor("buf0", rt::kOut, 64, 0, 0),
               deferredTensor("arg0_1", rt::kIn, 64, 0, 0)},
              rt::kThrow);
  addDeferred(C, 1, rt::kAfter,
              {deferredTensor("buf3", rt::kOut, 524288, 527, 0),
               deferredTensor("arg1_1", rt::kIn, 64, 0, 0)},
              rt::kThrow);
  addDeferred(C, 2, rt::kAfter, {deferredTensor("buf5", rt::kOut, 8, 8, 0)},
              rt::kThrow);
  EXPECT_TRUE(C.pending());
  EXPECT_TRUE(C.has(1, rt::kAfter));
  EXPECT_FALSE(C.has(1, rt::kBefore));
  std::string What;
  try {
    rt::detail::reportDeferred(S, *T.P, 1, C, rt::detail::kEndMayThrow);
  } catch (const std::runtime_error &E) {
    What = E.what();
  }
  const std::string Expected =
      "[aoti-instrument] NaN in buf3 (527 of 524288 elements) after #1 "
      "triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, source nodes [linear, "
      "relu]) in run 1; inputs were clean; to replay it alone, add to the "
      "rules: {name: capture-1, match: {ordinals: \"1\"}, capture: true}";
  EXPECT_EQ(What, Expected);
  EXPECT_EQ(T.lines(), std::vector<std::string>{Expected}) << T.log();
  // Cleared: nothing left to report, marks reset.
  EXPECT_FALSE(C.pending());
  EXPECT_FALSE(C.has(1, rt::kAfter));
  EXPECT_EQ(C.Used, 0u);
}

TEST(DeferredNan, StableInputsAreCountedOnlyForAReport) {
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  std::vector<float> WData = {1, kNaN, 3, 4};
  auto W = blob(WData.data(), {4}, {1}, aoti_torch_dtype_float32());
  // A constant no launch writes (TensorRef::stable): recorded uncounted,
  // by its name and handle alone.
  const rt::detail::LazyInput Lazy{"w", W.get(), rt::kIn};
  rt::detail::DeferredChecks C;
  addDeferred(C, 0, rt::kAfter, {deferredTensor("buf0", rt::kOut, 4, 0, 0)},
              rt::kWarn, rt::kCheckNan, {Lazy});
  addDeferred(C, 1, rt::kAfter, {deferredTensor("buf1", rt::kOut, 4, 2, 0)},
              rt::kWarn, rt::kCheckNan, {Lazy});
  EXPECT_EQ(C.Lazies.size(), 2u);
  EXPECT_EQ(C.Used, 2u); // no tensor record for the constant
  rt::detail::reportDeferred(S, *T.P, 1, C, rt::detail::kEndMayThrow);
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_NE(L[0].find("NaN in buf1 (2 of 4 elements) after #1"),
            std::string::npos)
      << L[0];
  // Counted for the report of #1: #0 reports nothing.
  EXPECT_NE(L[0].find("; inputs held NaN/Inf too: w (1 NaN)"),
            std::string::npos)
      << L[0];
}

TEST(DeferredNan, WarnReportsEveryHitThenAThrowStops) {
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::DeferredChecks C;
  addDeferred(C, 0, rt::kAfter, {deferredTensor("buf0", rt::kOut, 4, 1, 0)},
              rt::kWarn);
  addDeferred(C, 1, rt::kBefore, {deferredTensor("buf1", rt::kOut, 4, 0, 0)},
              rt::kWarn);
  addDeferred(C, 1, rt::kAfter, {deferredTensor("buf1", rt::kOut, 4, 2, 0)},
              rt::kWarn);
  EXPECT_NO_THROW(
      rt::detail::reportDeferred(S, *T.P, 3, C, rt::detail::kEndMayThrow));
  auto L = T.lines();
  ASSERT_EQ(L.size(), 2u) << T.log();
  EXPECT_TRUE(
      startsWith(L[0], "[aoti-instrument] NaN in buf0 (1 of 4 elements) after "
                       "#0 aoti_torch_cpu_addmm_out"));
  EXPECT_TRUE(
      startsWith(L[1], "[aoti-instrument] NaN in buf1 (2 of 4 elements) after "
                       "#1 triton_poi_fused_addmm_relu_0"));
  EXPECT_NE(L[1].find(" in run 3; no input tensors to compare"),
            std::string::npos);
  // warn, throw, then a later hit that the throw stops before.
  addDeferred(C, 0, rt::kAfter, {deferredTensor("buf0", rt::kOut, 4, 1, 0)},
              rt::kWarn);
  addDeferred(C, 2, rt::kAfter, {deferredTensor("buf2", rt::kOut, 4, 0, 3)},
              rt::kThrow, rt::kCheckNan | rt::kCheckInf);
  addDeferred(C, 3, rt::kAfter, {deferredTensor("buf4", rt::kOut, 4, 4, 0)},
              rt::kWarn);
  EXPECT_THROW(
      rt::detail::reportDeferred(S, *T.P, 4, C, rt::detail::kEndMayThrow),
      std::runtime_error);
  L = T.lines();
  ASSERT_EQ(L.size(), 4u) << T.log();
  EXPECT_NE(L[3].find("Inf in buf2 (3 of 4 elements) after #2 "
                      "triton_per_fused_x"),
            std::string::npos);
  EXPECT_FALSE(contains(L, "buf4"));
  EXPECT_FALSE(C.pending());
}

TEST(DeferredNan, SameTextAndJsonAsTheImmediateCheck) {
  // The immediate check of real CPU tensors, then a deferred record with
  // the same counts: identical text line and JSON event.
  ImmediateAndDeferred Both;
  TestProgram &A = Both.A, &B = Both.B;
  std::vector<float> Arg = {kNaN, 1, kInf, 2};
  std::vector<float> Out1 = {kNaN, 1};
  std::vector<float> Out2 = {kInf, kNaN, kNaN};
  std::vector<float> Clean = {1};
  auto TA = blob(Arg.data(), {4}, {1}, aoti_torch_dtype_float32());
  auto T1 = blob(Out1.data(), {2}, {1}, aoti_torch_dtype_float32());
  auto T2 = blob(Out2.data(), {3}, {1}, aoti_torch_dtype_float32());
  auto TC = blob(Clean.data(), {1}, {1}, aoti_torch_dtype_float32());
  std::string Immediate;
  {
    rt::RunScope Run(*A.P, nullptr);
    rt::TensorRef Ts[] = {{"arg0_1", rt::kIn, TA},
                          {"buf1", rt::kOut, T1},
                          {"buf2", rt::kOut, T2},
                          {"arg1_1", rt::kIn, TC}};
    rt::Probe P = nanProbe(rt::kOut, rt::kCheckNan | rt::kCheckInf, rt::kWarn);
    P.nan_deferred = true; // ignored on the CPU: checked right away
    Run.probe(1, rt::kAfter, Ts, 4, P);
    Run.finish(); // a no-op here
  }
  rt::detail::DeferredChecks C;
  addDeferred(C, 1, rt::kAfter,
              {deferredTensor("arg0_1", rt::kIn, 4, 1, 1),
               deferredTensor("buf1", rt::kOut, 2, 1, 0),
               deferredTensor("buf2", rt::kOut, 3, 2, 1),
               deferredTensor("arg1_1", rt::kIn, 1, 0, 0)},
              rt::kWarn, rt::kCheckNan | rt::kCheckInf);
  {
    rt::RunScope Run(*B.P, nullptr); // run 1 of B, as A's was
    rt::detail::reportDeferred(*rt::detail::stateFor(*B.P), *B.P, 1, C,
                               rt::detail::kEndMayThrow);
  }
  ASSERT_EQ(A.lines().size(), 1u) << A.log();
  EXPECT_EQ(A.lines(), B.lines());
  EXPECT_EQ(A.lines()[0],
            "[aoti-instrument] NaN in buf1 (1 of 2 elements) after #1 "
            "triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, source nodes "
            "[linear, relu]) in run 1; also NaN and Inf in buf2 (2 NaN, 1 Inf "
            "of 3 elements); inputs held NaN/Inf too: arg0_1 (1 NaN, 1 Inf)");
  EXPECT_FALSE(Both.jsonl(A).empty());
  EXPECT_EQ(Both.jsonl(A), Both.jsonl(B));
}

TEST(DeferredNan, InputsWithoutCountsAndCleanRuns) {
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::DeferredChecks C;
  // An input without statistics (e.g. complex): not compared.
  addDeferred(C, 1, rt::kAfter,
              {deferredTensor("buf1", rt::kOut, 2, 1, 0),
               deferredTensor("arg0_1", rt::kIn, 2, 0, 0, false)},
              rt::kThrow);
  try {
    rt::detail::reportDeferred(S, *T.P, 1, C, rt::detail::kEndMayThrow);
    FAIL() << "no exception";
  } catch (const std::runtime_error &E) {
    EXPECT_NE(std::string(E.what()).find("; no input tensors to compare"),
              std::string::npos)
        << E.what();
  }
  // Clean records: silent; a negative (unknown) ordinal is tracked too.
  addDeferred(C, -5, rt::kAfter, {deferredTensor("buf1", rt::kOut, 2, 0, 0)},
              rt::kThrow);
  EXPECT_TRUE(C.has(-5, rt::kAfter));
  EXPECT_FALSE(C.has(-5, rt::kBefore));
  // An Inf when only NaN is checked: clean.
  addDeferred(C, 2, rt::kAfter, {deferredTensor("buf2", rt::kOut, 2, 0, 2)},
              rt::kThrow);
  EXPECT_NO_THROW(
      rt::detail::reportDeferred(S, *T.P, 2, C, rt::detail::kEndMayThrow));
  EXPECT_EQ(T.lines().size(), 1u) << T.log();
  EXPECT_FALSE(C.pending());
}

TEST(DeferredNan, UnwindingReportsWithoutFailing) {
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::DeferredChecks C;
  addDeferred(C, 1, rt::kAfter, {deferredTensor("buf1", rt::kOut, 2, 1, 0)},
              rt::kThrow);
  addDeferred(C, 2, rt::kAfter, {deferredTensor("buf2", rt::kOut, 2, 1, 0)},
              rt::kAbort);
  EXPECT_NO_THROW(
      rt::detail::reportDeferred(S, *T.P, 1, C, rt::detail::kEndReportOnly));
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_NE(L[0].find("NaN in buf1 (1 of 2 elements) after #1"),
            std::string::npos);
  EXPECT_FALSE(C.pending());
}

TEST(DeferredPrint, SameLinesAsTheImmediatePrintInLaunchOrder) {
  // Real CPU tensors printed at once, then deferred records holding the
  // same metadata and statistics (as a CUDA run's end reads them): the
  // same text and JSON, in launch order, the NaN report after its launch's
  // lines.
  ImmediateAndDeferred Both;
  TestProgram &A = Both.A, &B = Both.B;
  std::vector<float> In = {1, -2, 3, 4, 5, 6};
  std::vector<int64_t> Idx = {7, 0, 3};
  std::vector<float> Out = {kNaN, 0.5f};
  auto TI = blob(In.data(), {2, 3}, {3, 1}, aoti_torch_dtype_float32());
  auto TX = blob(Idx.data(), {3}, {1}, aoti_torch_dtype_int64());
  auto TO = blob(Out.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::TensorRef Ts[] = {
      {"buf0", rt::kOut, TO}, {"arg0_1", rt::kIn, TI}, {"arg1_1", rt::kIn, TX}};
  rt::Probe Print = probe(rt::kPrintStats);
  rt::Probe Check = nanProbe(rt::kOut, rt::kCheckNan, rt::kWarn);
  Check.print = rt::kPrintStats;
  Check.print_roles = 3;
  {
    rt::RunScope Run(*A.P, nullptr);
    Run.probe(1, rt::kBefore, Ts, 3, Print);
    Run.probe(1, rt::kAfter, Ts, 3, Check);
    Run.finish();
  }
  rt::detail::DeferredChecks C;
  for (rt::Phase Ph : {rt::kBefore, rt::kAfter}) {
    size_t First = C.Used;
    for (const rt::TensorRef &R : Ts) {
      rt::detail::DeferredTensor &T = C.addTensor();
      T.Gathered.Meta.Name = R.name;
      T.Gathered.Meta.RoleBits = R.role;
      T.Gathered.Meta.Handle = R.handle;
      ASSERT_TRUE(rt::detail::readMeta(T.Gathered.Meta));
      T.Gathered.Statistics =
          rt::detail::hostStats(T.Gathered.Meta, T.Gathered.Meta.Data);
      T.Gathered.HaveStats = true;
    }
    C.addRecord(1, Ph, Ph == rt::kAfter ? rt::kOut : 0, rt::kCheckNan,
                rt::kWarn, rt::kPrintStats, 3, First, C.Lazies.size());
  }
  {
    rt::RunScope Run(*B.P, nullptr);
    rt::detail::reportDeferred(*rt::detail::stateFor(*B.P), *B.P, 1, C,
                               rt::detail::kEndMayThrow);
  }
  auto L = A.lines();
  ASSERT_EQ(L.size(), 9u) << A.log(); // 2 x (name + 3 stats) + the NaN
  EXPECT_EQ(L, B.lines());
  EXPECT_NE(L[2].find("arg0_1 in float32 [2, 3] strides [3, 1] cpu numel 6 "
                      "min -2 max 6"),
            std::string::npos)
      << L[2];
  EXPECT_NE(L[8].find("NaN in buf0 (1 of 2 elements) after #1"),
            std::string::npos);
  EXPECT_FALSE(Both.jsonl(A).empty());
  EXPECT_EQ(Both.jsonl(A), Both.jsonl(B));
  EXPECT_FALSE(C.pending());
}

TEST(DeferredPrint, AFailedRunWritesTheLaunchesThatCompleted) {
  // kEndFailed: the records before the first one whose statistics never
  // came (its slot still pending) are written, NaN hits as warnings only;
  // nothing after it.
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::DeferredChecks C;
  rt::detail::Stats Done = rt::detail::statsInit(),
                    Pending = rt::detail::statsInit();
  Done.count = 2;
  Done.nan = 1;
  Pending.count = rt::detail::kStatsPending;
  const rt::detail::Stats *Results[] = {&Done, &Pending, &Done};
  std::vector<float> Buf = {0, 0};
  auto TB = blob(Buf.data(), {2}, {1}, aoti_torch_dtype_float32());
  for (int Site = 0; Site < 3; ++Site) {
    size_t First = C.Used;
    rt::detail::DeferredTensor &D = C.addTensor();
    D.Gathered.Meta.Name = "buf";
    D.Gathered.Meta.RoleBits = rt::kOut;
    D.Gathered.Meta.Handle = TB;
    ASSERT_TRUE(rt::detail::readMeta(D.Gathered.Meta));
    D.Result = Results[Site];
    C.addRecord(Site, rt::kAfter, rt::kOut, rt::kCheckNan, rt::kThrow,
                rt::kPrintStats, 3, First, C.Lazies.size());
  }
  C.collect();
  EXPECT_TRUE(C.complete(C.Records[0]));
  EXPECT_FALSE(C.complete(C.Records[1]));
  EXPECT_NO_THROW(
      rt::detail::reportDeferred(S, *T.P, 1, C, rt::detail::kEndFailed));
  auto L = T.lines();
  ASSERT_EQ(L.size(), 3u) << T.log(); // #0: name, stats, NaN (not thrown)
  EXPECT_NE(L[0].find("run 1 after #0 "), std::string::npos);
  EXPECT_NE(L[2].find("NaN in buf (1 of 2 elements) after #0"),
            std::string::npos);
  EXPECT_FALSE(contains(L, "#1 "));
  EXPECT_FALSE(contains(L, "#2 "));
  EXPECT_FALSE(C.pending());
}

TEST(DeferredNan, CompactRecordsReportAsFullOnes) {
  // A probe that prints nothing keeps CountedTensors: the device's counts
  // are collected from their slots, a slot still pending marks its launch
  // as never run, and the report reads as a full record's.
  TestProgram T(testDir());
  rt::detail::ProgramState &S = *rt::detail::stateFor(*T.P);
  rt::detail::Stats Done = rt::detail::statsInit(),
                    Pending = rt::detail::statsInit();
  Done.count = 2;
  Done.nan = 2;
  Pending.count = rt::detail::kStatsPending;
  std::vector<float> In = {1, 2};
  auto TI = blob(In.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::detail::TensorMeta MIn;
  MIn.Name = "arg0_1";
  MIn.RoleBits = rt::kIn;
  MIn.Handle = TI.get();
  ASSERT_TRUE(rt::detail::readMeta(MIn));
  rt::detail::TensorMeta MOut = MIn;
  MOut.Name = "buf0";
  MOut.RoleBits = rt::kOut;
  rt::detail::DeferredChecks C;
  for (int Site = 0; Site < 2; ++Site) {
    size_t First = C.Counted.size();
    // The host input: counted at the probe; the output: by the device.
    C.Counted.push_back(rt::detail::countedOf(MIn, nullptr, 0));
    C.Counted.push_back(
        rt::detail::countedOf(MOut, Site == 0 ? &Done : &Pending, 0));
    C.addRecord(Site, rt::kAfter, rt::kOut, rt::kCheckNan, rt::kWarn,
                rt::kPrintNone, 0, First, C.Lazies.size(), /*Compact=*/true);
  }
  EXPECT_EQ(C.Used, 0u); // no full record
  EXPECT_TRUE(C.Counted[0].HaveStats);
  EXPECT_FALSE(C.Counted[1].HaveStats);
  C.collect();
  EXPECT_TRUE(C.complete(C.Records[0]));
  EXPECT_FALSE(C.complete(C.Records[1]));
  rt::detail::reportDeferred(S, *T.P, 4, C, rt::detail::kEndFailed);
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_TRUE(startsWith(L[0],
                         "[aoti-instrument] NaN in buf0 (2 of 2 elements) "
                         "after #0 "));
  EXPECT_NE(L[0].find(" in run 4; inputs were clean"), std::string::npos)
      << L[0];
  EXPECT_FALSE(C.pending());
  EXPECT_TRUE(C.Counted.empty());
}

TEST(DeferredNanDeathTest, ThrowWithoutFinishAborts) {
  // ~RunScope cannot throw: without RunScope::finish() a kThrow failure is
  // reported, then the process aborts.
  TestProgram T(testDir());
  auto Body = [&] {
    rt::detail::DeferredChecks C;
    addDeferred(C, 1, rt::kAfter, {deferredTensor("buf1", rt::kOut, 2, 1, 0)},
                rt::kThrow);
    rt::detail::reportDeferred(*rt::detail::stateFor(*T.P), *T.P, 7, C,
                               rt::detail::kEndNoThrow);
  };
  EXPECT_DEATH(Body(), "");
  auto L = T.lines();
  ASSERT_EQ(L.size(), 2u) << T.log();
  EXPECT_NE(L[0].find("NaN in buf1 (1 of 2 elements) after #1 "
                      "triton_poi_fused_addmm_relu_0 (wrapper.cpp:910, source "
                      "nodes [linear, relu]) in run 7"),
            std::string::npos);
  EXPECT_EQ(L[1], "[aoti-instrument] error: the NaN check above cannot throw "
                  "at the end of run 7 (the wrapper does not call "
                  "RunScope::finish()): aborting");
}

TEST(DeferredNan, WarnWithoutFinishGoesOn) {
  TestProgram T(testDir());
  rt::detail::DeferredChecks C;
  addDeferred(C, 1, rt::kAfter, {deferredTensor("buf1", rt::kOut, 2, 1, 0)},
              rt::kWarn);
  rt::detail::reportDeferred(*rt::detail::stateFor(*T.P), *T.P, 1, C,
                             rt::detail::kEndNoThrow);
  EXPECT_EQ(T.lines().size(), 1u) << T.log();
}

} // namespace
