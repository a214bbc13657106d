//===- EventsTest.cpp - Selected calls, JSON lines, ranks -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which calls are observed, the JSON-lines events and reports files, and
// what the lines, events and saves of one rank of a distributed job say.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <sys/syscall.h>
#include <unistd.h>

using namespace aoti_rt_test;

namespace {

//--- Which calls are observed -----------------------------------------------//

std::vector<int64_t> observedRuns(TestProgram &T, int Calls) {
  std::vector<int64_t> Observed;
  for (int I = 0; I < Calls; ++I) {
    rt::RunScope Run(*T.P, nullptr);
    EXPECT_EQ(Run.run(), I + 1);
    if (Run.observing())
      Observed.push_back(Run.run());
    Run.probe(0, rt::kAfter, nullptr, 0, probe(rt::kPrintNames));
  }
  return Observed;
}

TEST(Selection, FirstCalls) {
  TestProgram T(testDir(), /*First=*/2);
  EXPECT_EQ(observedRuns(T, 5), (std::vector<int64_t>{1, 2}));
  auto L = T.lines();
  ASSERT_EQ(L.size(), 2u) << T.log();
  EXPECT_TRUE(startsWith(L[0], "[aoti-instrument] run 1 after #0"));
  EXPECT_TRUE(startsWith(L[1], "[aoti-instrument] run 2 after #0"));
}

TEST(Selection, EveryCalls) {
  TestProgram T(testDir(), 0, /*Every=*/3);
  EXPECT_EQ(observedRuns(T, 8), (std::vector<int64_t>{1, 4, 7}));
  EXPECT_EQ(T.lines().size(), 3u) << T.log();
}

TEST(Selection, FirstAndEvery) {
  TestProgram T(testDir(), /*First=*/6, /*Every=*/2);
  EXPECT_EQ(observedRuns(T, 10), (std::vector<int64_t>{1, 3, 5}));
}

TEST(Selection, EveryOneMeansAll) {
  TestProgram T(testDir(), 0, 1);
  EXPECT_EQ(observedRuns(T, 3), (std::vector<int64_t>{1, 2, 3}));
}

TEST(Selection, DisableEnvVar) {
  TestProgram T(testDir());
  setenv(T.DisableEnv.c_str(), "1", 1);
  std::vector<float> B = {kNaN};
  auto Out = blob(B.data(), {1}, {1}, aoti_torch_dtype_float32());
  for (int I = 0; I < 3; ++I) {
    rt::RunScope Run(*T.P, nullptr);
    EXPECT_FALSE(Run.observing());
    rt::TensorRef Ts[] = {{"buf1", rt::kOut, Out}};
    rt::Probe P = nanProbe(rt::kOut, rt::kCheckNan, rt::kThrow);
    P.print = rt::kPrintStats;
    P.print_roles = 3;
    EXPECT_NO_THROW(Run.probe(1, rt::kAfter, Ts, 1, P));
  }
  EXPECT_TRUE(T.lines().empty()) << T.log();
  // Read once: changing it later has no effect on this Program.
  setenv(T.DisableEnv.c_str(), "0", 1);
  rt::RunScope Run(*T.P, nullptr);
  EXPECT_FALSE(Run.observing());
}

TEST(Selection, DisableZeroMeansEnabled) {
  TestProgram T(testDir());
  setenv(T.DisableEnv.c_str(), "0", 1);
  rt::RunScope Run(*T.P, nullptr);
  EXPECT_TRUE(Run.observing());
}

//--- JSON lines -------------------------------------------------------------//

/// One run of \p T with one probe of tensor \p Name ({1, NaN}): its
/// statistics and values printed, a NaN check that warns. \p FirstRun is
/// called once the run began (the Program has read the environment).
void probeValuesAndNan(TestProgram &T, const char *Name,
                       void (*FirstRun)() = nullptr) {
  std::vector<float> D = {1.0f, kNaN};
  auto Buf = blob(D.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::RunScope Run(*T.P, nullptr);
  if (FirstRun)
    FirstRun();
  rt::TensorRef Ts[] = {{Name, rt::kOut, Buf}};
  rt::Probe P = nanProbe(rt::kOut, rt::kCheckNan, rt::kWarn);
  P.print = rt::kPrintValues;
  P.print_roles = 3;
  Run.probe(1, rt::kAfter, Ts, 1, P);
}

TEST(Jsonl, OneObjectPerEvent) {
  TestProgram T(testDir());
  std::string Path = T.Dir + "/events.jsonl";
  setenv(T.JsonlEnv.c_str(), Path.c_str(), 1);
  probeValuesAndNan(T, "buf\"1");
  std::vector<std::string> J = linesOf(Path);
  ASSERT_EQ(J.size(), 4u); // launch, stats, values, nan
  for (const std::string &S : J) {
    EXPECT_EQ(S.front(), '{');
    EXPECT_EQ(S.back(), '}');
    EXPECT_NE(S.find("\"run\":1"), std::string::npos) << S;
  }
  EXPECT_NE(J[0].find("\"event\":\"launch\""), std::string::npos) << J[0];
  EXPECT_NE(J[1].find("\"tensor\":\"buf\\\"1\""), std::string::npos) << J[1];
  EXPECT_NE(J[1].find("\"mean\":1"), std::string::npos) << J[1];
  EXPECT_NE(J[3].find("\"event\":\"nan\""), std::string::npos) << J[3];
  // The text log still has the lines.
  EXPECT_EQ(T.lines().size(), 4u);
}

TEST(Jsonl, TheReportsFileHasTheReportsAloneWithProcessAndThread) {
  TestProgram T(testDir());
  std::string Path = T.Dir + "/reports.jsonl";
  setenv("AOTI_INSTRUMENT_REPORTS", Path.c_str(), 1); // read at the first run
  probeValuesAndNan(T, "buf1", [] { unsetenv("AOTI_INSTRUMENT_REPORTS"); });
  std::vector<std::string> J = linesOf(Path);
  ASSERT_EQ(J.size(), 1u); // the NaN; not the launch, stats and values
  std::string Head = "{\"pid\":" + std::to_string(getpid()) +
                     ",\"tid\":" + std::to_string(syscall(SYS_gettid)) +
                     ",\"event\":\"nan\",";
  EXPECT_TRUE(startsWith(J[0], Head));
  EXPECT_NE(J[0].find("\"message\":\"[aoti-instrument] NaN in buf1 (1 of 2 "
                      "elements) after #1 "),
            std::string::npos)
      << J[0];
  EXPECT_EQ(T.lines().size(), 4u); // the log has every line
}

TEST(Jsonl, FromProgramPath) {
  std::string Dir = testDir();
  std::string Path = Dir + "/rules.jsonl";
  auto *P = new rt::Program{"wrapper.cpp",
                            "",
                            kSites,
                            4,
                            "X_DIS_FROMPATH",
                            "X_LOG_FROMPATH",
                            "X_JSONL_FROMPATH",
                            strdup(Path.c_str()),
                            "",
                            0,
                            0,
                            8};
  setenv("X_LOG_FROMPATH", (Dir + "/log").c_str(), 1);
  {
    rt::RunScope Run(*P, nullptr);
    Run.probe(2, rt::kBefore, nullptr, 0, probe(rt::kPrintNames));
  }
  std::string S = readFile(Path);
  EXPECT_NE(S.find("\"event\":\"launch\",\"run\":1,\"phase\":\"before\","
                   "\"ordinal\":2,\"kernel\":\"triton_per_fused_x\""),
            std::string::npos)
      << S;
}

//--- One process of a distributed job
//----------------------------------------//

TEST(Ranks, LinesEventsAndSavesSayWhichProcess) {
  // RANK and LOCAL_RANK as torchrun sets them, read when the Program's
  // state is made (its first run).
  setenv("RANK", "3", 1);
  setenv("LOCAL_RANK", "1", 1);
  TestProgram T(testDir());
  std::string Json = T.Dir + "/events.jsonl";
  setenv(T.JsonlEnv.c_str(), Json.c_str(), 1);
  std::string Reports = T.Dir + "/reports.jsonl";
  setenv("AOTI_INSTRUMENT_REPORTS", Reports.c_str(), 1);
  std::vector<float> D = {1, kNaN};
  auto Buf = blob(D.data(), {2}, {1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf0", rt::kOut, Buf}};
    rt::Probe P = nanProbe(rt::kOut, rt::kCheckNan, rt::kWarn);
    P.save = true;
    P.save_roles = 3;
    Run.probe(0, rt::kAfter, Ts, 1, P);
  }
  unsetenv("RANK");
  unsetenv("LOCAL_RANK");
  unsetenv("AOTI_INSTRUMENT_REPORTS");
  auto L = T.lines();
  ASSERT_FALSE(L.empty()) << T.log();
  for (const std::string &X : L)
    EXPECT_TRUE(startsWith(X, "[aoti-instrument rank 3 (local 1)] "));
  EXPECT_TRUE(contains(L, "NaN in buf0 (1 of 2 elements) after #0"));
  std::string J = readFile(Json);
  EXPECT_NE(J.find("{\"rank\":3,\"local_rank\":1,\"event\":\"nan\""),
            std::string::npos)
      << J;
  // The report also says which process and thread, then which rank.
  std::string R = readFile(Reports);
  EXPECT_TRUE(
      startsWith(R, "{\"pid\":" + std::to_string(::getpid()) + ",\"tid\":"))
      << R;
  EXPECT_NE(R.find(",\"rank\":3,\"local_rank\":1,\"event\":\"nan\""),
            std::string::npos)
      << R;
  EXPECT_TRUE(fs::is_directory(T.Dir + "/saves/session-0001-rank3"));
  std::string M = readFile(T.Dir + "/saves/session-0001-rank3/manifest.jsonl");
  EXPECT_TRUE(startsWith(M, "{\"rank\":3,\"local_rank\":1,"));
  // Outside a distributed job nothing changes.
  fs::create_directories(T.Dir + "/single");
  TestProgram U(T.Dir + "/single");
  {
    rt::RunScope Run(*U.P, nullptr);
    rt::TensorRef Ts[] = {{"buf0", rt::kOut, Buf}};
    Run.probe(0, rt::kAfter, Ts, 1,
              nanProbe(rt::kOut, rt::kCheckNan, rt::kWarn));
  }
  ASSERT_EQ(U.lines().size(), 1u);
  EXPECT_TRUE(startsWith(U.lines()[0], "[aoti-instrument] NaN in buf0"));
}

} // namespace
