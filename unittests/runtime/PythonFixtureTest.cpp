//===- PythonFixtureTest.cpp - Producers for check_outputs.py -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The files check_outputs.py loads from Python (safetensors, json), with
// the checks that hold for them here.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <algorithm>
#include <cstdlib>

using namespace aoti_rt_test;

namespace {

//--- Producers for check_outputs.py ----------------------------------------//

/// \p Path is a safetensors file whose 8-byte header length agrees with its
/// size: a header (a JSON object naming \p Names) and \p DataBytes of data,
/// all of it covered by the tensors' data_offsets.
void expectSafetensors(const std::string &Path,
                       const std::vector<std::string> &Names,
                       size_t DataBytes) {
  std::string All = readFile(Path);
  ASSERT_GE(All.size(), 8u) << Path;
  uint64_t N = 0;
  for (int I = 7; I >= 0; --I)
    N = (N << 8) | static_cast<unsigned char>(All[I]);
  EXPECT_EQ(8 + N + DataBytes, All.size()) << Path;
  SafetensorsFile F = readSafetensors(Path);
  ASSERT_TRUE(F.ok) << Path;
  EXPECT_EQ(F.data.size(), DataBytes) << Path;
  size_t Last = F.header.find_last_not_of(' ');
  ASSERT_NE(Last, std::string::npos) << Path;
  EXPECT_EQ(F.header.front(), '{') << F.header;
  EXPECT_EQ(F.header[Last], '}') << F.header;
  EXPECT_NE(F.header.find("\"__metadata__\":{"), std::string::npos) << F.header;
  for (const std::string &Name : Names)
    EXPECT_NE(F.header.find("\"" + Name + "\":{\"dtype\":"), std::string::npos)
        << Name << " in " << F.header;
  // The largest end of the data_offsets is the end of the data.
  uint64_t End = 0;
  const std::string Key = "\"data_offsets\":[";
  for (size_t At = F.header.find(Key); At != std::string::npos;
       At = F.header.find(Key, At + 1)) {
    size_t Comma = F.header.find(',', At);
    ASSERT_NE(Comma, std::string::npos) << F.header;
    End = std::max<uint64_t>(
        End, std::strtoull(F.header.c_str() + Comma + 1, nullptr, 10));
  }
  EXPECT_EQ(End, DataBytes) << F.header;
}

/// \p Path holds \p Count lines, each one JSON object ('{' ... '}').
void expectJsonLines(const std::string &Path, size_t Count) {
  std::string All = readFile(Path);
  ASSERT_FALSE(All.empty()) << Path;
  EXPECT_EQ(All.back(), '\n') << Path;
  std::vector<std::string> Lines = linesOf(Path);
  EXPECT_EQ(Lines.size(), Count) << All;
  for (const std::string &L : Lines) {
    EXPECT_TRUE(startsWith(L, "{\""));
    EXPECT_EQ(L.back(), '}') << L;
  }
}

/// Writes saves of several dtypes and layouts plus expected.json (the values
/// in logical order) for check_outputs.py to load with safetensors.
TEST(PythonFixture, WriteSaves) {
  std::string Dir = testDir();
  TestProgram T(Dir); // saves go to Dir/saves
  static float F[6] = {1.5f, -2, 3, 4, 5, 6.25f};
  static uint16_t H[4] = {bf16(0.5f), bf16(-3.0f), bf16(1024.0f), 0x7FC0};
  static int64_t I[3] = {-9, 0, 1LL << 40};
  static uint8_t E4[3] = {0x38, 0xC0, 0x01};
  static uint8_t B[2] = {1, 0};
  auto TF = blob(F, {3, 2}, {1, 3}, aoti_torch_dtype_float32()); // transposed
  auto TH = blob(H, {2, 2}, {2, 1}, aoti_torch_dtype_bfloat16());
  auto TI = blob(I, {3}, {1}, aoti_torch_dtype_int64());
  auto TE = blob(E4, {3}, {1}, aoti_torch_dtype_float8_e4m3fn());
  auto TB = blob(B, {2}, {1}, aoti_torch_dtype_bool());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::TensorRef Ts[] = {{"f32_t", rt::kIn, TF},
                          {"bf16", rt::kOut, TH},
                          {"ids", rt::kIn, TI},
                          {"fp8", rt::kInOut, TE},
                          {"mask", rt::kIn, TB}};
    rt::Probe P = probe();
    P.save = true;
    P.save_roles = 3;
    Run.probe(1, rt::kAfter, Ts, 5, P);
    Run.probe(2, rt::kBefore, Ts, 2, P);
  }
  std::ofstream(Dir + "/expected.json")
      << "{\"session\": \"" << Dir << "/saves/session-0001\",\n"
      << "\"files\": {\n"
      << "\"run1_1_triton_poi_fused_addmm_relu_0_after.safetensors\": {\n"
      << "  \"f32_t\": [\"float32\", [3, 2], [1.5, 4, -2, 5, 3, 6.25]],\n"
      << "  \"bf16\": [\"bfloat16\", [2, 2], [0.5, -3, 1024, \"nan\"]],\n"
      << "  \"ids\": [\"int64\", [3], [-9, 0, 1099511627776]],\n"
      << "  \"fp8\": [\"float8_e4m3fn\", [3], [1, -2, 0.001953125]],\n"
      << "  \"mask\": [\"bool\", [2], [true, false]]},\n"
      << "\"run1_2_triton_per_fused_x_before.safetensors\": {\n"
      << "  \"f32_t\": [\"float32\", [3, 2], [1.5, 4, -2, 5, 3, 6.25]],\n"
      << "  \"bf16\": [\"bfloat16\", [2, 2], [0.5, -3, 1024, \"nan\"]]}\n"
      << "}}\n";
  // What check_outputs.py loads is there and consistent here already.
  EXPECT_TRUE(startsWith(readFile(Dir + "/expected.json"), "{\"session\": "));
  std::string Session = Dir + "/saves/session-0001";
  EXPECT_EQ(listDir(Session),
            (std::vector<std::string>{
                "manifest.jsonl",
                "run1_1_triton_poi_fused_addmm_relu_0_after.safetensors",
                "run1_2_triton_per_fused_x_before.safetensors"}));
  expectSafetensors(
      Session + "/run1_1_triton_poi_fused_addmm_relu_0_after.safetensors",
      {"f32_t", "bf16", "ids", "fp8", "mask"}, 6 * 4 + 4 * 2 + 3 * 8 + 3 + 2);
  expectSafetensors(Session + "/run1_2_triton_per_fused_x_before.safetensors",
                    {"f32_t", "bf16"}, 6 * 4 + 4 * 2);
  expectJsonLines(Session + "/manifest.jsonl", 2);
}

/// Writes a JSON-lines file with every kind of event for check_outputs.py.
TEST(PythonFixture, WriteJsonl) {
  std::string Dir = testDir();
  TestProgram T(Dir);
  setenv(T.JsonlEnv.c_str(), (Dir + "/events.jsonl").c_str(), 1);
  std::vector<float> D = {1.0f, kNaN, kInf, -kInf};
  std::vector<int64_t> Ids = {1, 5000, 7};
  auto Buf = blob(D.data(), {2, 2}, {2, 1}, aoti_torch_dtype_float32());
  auto TIds = blob(Ids.data(), {3}, {1}, aoti_torch_dtype_int64());
  {
    rt::RunScope Run(*T.P, nullptr);
    rt::InputGuard G = guard("int64", 1);
    G.has_value_range = true;
    G.value_max = 999;
    G.on_fail = rt::kWarn;
    Run.guardInput(G, TIds);
    AtenTensorHandle Inputs[] = {Buf, TIds};
    const rt::DimRef Dims[] = {{0, 0}, {1, 0}};
    Run.guardEqualDims(Dims, 2, Inputs, rt::kWarn);
    rt::TensorRef Ts[] = {{"buf\"quoted\\name", rt::kOut, Buf},
                          {"ids", rt::kIn, TIds}};
    rt::Probe P = nanProbe(rt::kOut, rt::kCheckNan | rt::kCheckInf, rt::kWarn);
    P.print = rt::kPrintValues;
    P.print_roles = 3;
    P.save = true;
    P.save_roles = 3;
    Run.probe(1, rt::kAfter, Ts, 2, P);
  }
  // Every event of the run, one JSON object a line (parsed by
  // check_outputs.py): guard x2, launch, stats x2, values x2, nan, saved.
  expectJsonLines(Dir + "/events.jsonl", 9);
}

} // namespace
