//===- SaveTest.cpp - Saves of tensors as safetensors ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Saves: the safetensors layout, the manifest, sessions and save dirs.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

using namespace aoti_rt_test;

namespace {

//--- Saves ------------------------------------------------------------------//

TEST(Save, SafetensorsLayoutAndContiguousData) {
  TestProgram T(testDir());
  std::vector<float> D = {1, 2, 3, 4, 5, 6};
  // Transposed view: logical [[1, 3, 5], [2, 4, 6]].
  auto Buf = blob(D.data(), {2, 3}, {1, 2}, aoti_torch_dtype_float32());
  std::vector<uint16_t> H = {bf16(0.5f), bf16(-1.0f)};
  auto Bias = blob(H.data(), {2}, {1}, aoti_torch_dtype_bfloat16());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"buf1", rt::kInOut, Buf},
                          {"l1_bias", rt::kIn, Bias},
                          {"buf1", rt::kInOut, Buf}}; // duplicate: once
    rt::Probe P = probe();
    P.save = true;
    P.save_roles = 3;
    Run.probe(1, rt::kAfter, Ts, 3, P);
  }
  std::string Session = T.Dir + "/saves/session-0001";
  EXPECT_EQ(listDir(T.Dir + "/saves"),
            std::vector<std::string>{"session-0001"});
  std::string File =
      Session + "/run1_1_triton_poi_fused_addmm_relu_0_after.safetensors";
  SafetensorsFile F = readSafetensors(File);
  ASSERT_TRUE(F.ok) << File;
  EXPECT_NE(F.header.find("\"buf1\":{\"dtype\":\"F32\",\"shape\":[2,3],"
                          "\"data_offsets\":[0,24]}"),
            std::string::npos)
      << F.header;
  EXPECT_NE(F.header.find("\"l1_bias\":{\"dtype\":\"BF16\",\"shape\":[2],"
                          "\"data_offsets\":[24,28]}"),
            std::string::npos)
      << F.header;
  EXPECT_NE(F.header.find("\"__metadata__\":{\"run\":\"1\",\"ordinal\":\"1\","
                          "\"kernel\":\"triton_poi_fused_addmm_relu_0\","
                          "\"phase\":\"after\""),
            std::string::npos)
      << F.header;
  ASSERT_EQ(F.data.size(), 28u);
  float Out[6];
  std::memcpy(Out, F.data.data(), 24);
  EXPECT_EQ(std::vector<float>(Out, Out + 6),
            (std::vector<float>{1, 3, 5, 2, 4, 6}));
  uint16_t OutH[2];
  std::memcpy(OutH, F.data.data() + 24, 4);
  EXPECT_EQ(OutH[0], bf16(0.5f));
  EXPECT_EQ(OutH[1], bf16(-1.0f));
  EXPECT_TRUE(contains(T.lines(), "run 1 after #1 "
                                  "triton_poi_fused_addmm_relu_0 saved 2 "
                                  "tensor(s) to " +
                                      File))
      << T.log();
}

TEST(Save, ManifestAndRoles) {
  TestProgram T(testDir());
  std::vector<float> A = {1, 2};
  std::vector<int64_t> B = {3, 4, 5};
  auto TA = blob(A.data(), {2}, {1}, aoti_torch_dtype_float32());
  auto TB = blob(B.data(), {3, 1}, {1, 1}, aoti_torch_dtype_int64());
  for (int R = 0; R < 2; ++R) {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"arg0_1", rt::kIn, TA}, {"buf0", rt::kOut, TB}};
    rt::Probe P = probe();
    P.save = true;
    P.save_roles = rt::kOut;
    Run.probe(0, rt::kBefore, Ts, 2, P);
    Run.probe(0, rt::kAfter, Ts, 2, P);
  }
  std::string Session = T.Dir + "/saves/session-0001";
  EXPECT_EQ(
      listDir(Session),
      (std::vector<std::string>{
          "manifest.jsonl", "run1_0_aoti_torch_cpu_addmm_out_after.safetensors",
          "run1_0_aoti_torch_cpu_addmm_out_before.safetensors",
          "run2_0_aoti_torch_cpu_addmm_out_after.safetensors",
          "run2_0_aoti_torch_cpu_addmm_out_before.safetensors"}));
  std::ifstream In(Session + "/manifest.jsonl");
  std::vector<std::string> M;
  for (std::string S; std::getline(In, S);)
    M.push_back(S);
  ASSERT_EQ(M.size(), 4u);
  EXPECT_EQ(M[0],
            "{\"event\":\"save\",\"run\":1,\"phase\":\"before\",\"ordinal\":0,"
            "\"kernel\":\"aoti_torch_cpu_addmm_out\",\"kind\":\"extern\","
            "\"wrapper\":\"wrapper.cpp\",\"line\":906,\"source_nodes\":"
            "\"linear\",\"aten_ops\":\"aten.t, aten.addmm\",\"file\":"
            "\"run1_0_aoti_torch_cpu_addmm_out_before.safetensors\","
            "\"tensors\":[{\"name\":\"buf0\",\"role\":\"out\",\"dtype\":"
            "\"int64\",\"shape\":[3,1]}]}");
  EXPECT_NE(M[3].find("\"run\":2,\"phase\":\"after\""), std::string::npos);
}

TEST(Save, NeverOverwritesEarlierSessions) {
  std::string Dir = testDir();
  fs::create_directories(Dir + "/saves/session-0001");
  std::ofstream(Dir + "/saves/session-0001/keep.txt") << "earlier run";
  std::vector<float> A = {1, 2};
  auto TA = blob(A.data(), {2}, {1}, aoti_torch_dtype_float32());
  rt::Probe P = probe();
  P.save = true;
  P.save_roles = 3;
  for (int I = 0; I < 2; ++I) { // two processes' worth of Programs
    TestProgram T(Dir);
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"x", rt::kIn, TA}};
    Run.probe(1, rt::kAfter, Ts, 1, P);
  }
  EXPECT_EQ(listDir(Dir + "/saves"),
            (std::vector<std::string>{"session-0001", "session-0002",
                                      "session-0003"}));
  EXPECT_EQ(listDir(Dir + "/saves/session-0001"),
            std::vector<std::string>{"keep.txt"});
  EXPECT_EQ(readFile(Dir + "/saves/session-0001/keep.txt"), "earlier run");
  EXPECT_EQ(listDir(Dir + "/saves/session-0003").size(), 2u);
}

TEST(Save, EnvVarOverridesProgramDir) {
  std::string Dir = testDir();
  setenv("AOTI_INSTRUMENT_SAVE_DIR", (Dir + "/from-env").c_str(), 1);
  TestProgram T(Dir);
  std::vector<float> A = {1};
  auto TA = blob(A.data(), {1}, {1}, aoti_torch_dtype_float32());
  {
    rt::RunScope Run(*T.P, nullptr);
    unsetenv("AOTI_INSTRUMENT_SAVE_DIR"); // read when the Program first ran
    rt::TensorRef Ts[] = {{"x", rt::kIn, TA}};
    rt::Probe P = probe();
    P.save = true;
    P.save_roles = 3;
    Run.probe(1, rt::kAfter, Ts, 1, P);
  }
  EXPECT_TRUE(fs::exists(Dir + "/from-env/session-0001/"
                               "run1_1_triton_poi_fused_addmm_relu_0_after."
                               "safetensors"));
  EXPECT_FALSE(fs::exists(Dir + "/saves"));
}

TEST(Save, UnwritableDirWarnsOnceAndGoesOn) {
  std::string Dir = testDir();
  std::ofstream(Dir + "/file") << "not a directory";
  setenv("AOTI_INSTRUMENT_SAVE_DIR", (Dir + "/file/sub").c_str(), 1);
  TestProgram T(Dir);
  std::vector<float> A = {1};
  auto TA = blob(A.data(), {1}, {1}, aoti_torch_dtype_float32());
  rt::Probe P = probe();
  P.save = true;
  P.save_roles = 3;
  for (int R = 0; R < 2; ++R) {
    rt::RunScope Run(*T.P, nullptr);
    unsetenv("AOTI_INSTRUMENT_SAVE_DIR");
    rt::TensorRef Ts[] = {{"x", rt::kIn, TA}};
    EXPECT_NO_THROW(Run.probe(1, rt::kAfter, Ts, 1, P));
  }
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_EQ(L[0], "[aoti-instrument] warning: cannot save tensors: cannot "
                  "create directory '" +
                      Dir + "/file/sub' (run 1)");
}

} // namespace
