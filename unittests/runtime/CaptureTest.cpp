//===- CaptureTest.cpp - Captured launches --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Captures (rules `capture`; docs/capture.md): the bundle a call_ helper's
// hooks write around its launch, from run_impl's request to the files, on
// CPU tensors (the GPU test and the replay's tests launch real kernels).
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

using namespace aoti_rt_test;

namespace {

/// A helper's launch as the generated hook describes it: two tensors (a
/// transposed view and one with a storage offset), a pointer into the
/// second, an int32 and a null scratch pointer; the "cubin" a file.
struct FakeLaunch {
  std::vector<float> A = {1, 2, 3, 4, 5, 6};
  std::vector<float> B = {10, 20, 30, 40, 50};
  RAIIAtenTensorHandle TA =
      blob(A.data(), {2, 3}, {1, 2}, aoti_torch_dtype_float32());
  RAIIAtenTensorHandle TB =
      blob(B.data(), {3}, {1}, aoti_torch_dtype_float32(), /*Offset=*/2);
  uint64_t Ptr0 = reinterpret_cast<uint64_t>(A.data());
  uint64_t Ptr1 = reinterpret_cast<uint64_t>(B.data() + 3); // 4 bytes in
  int32_t N = 6;
  uint64_t Scratch = 0;
  void *Args[4] = {&Ptr0, &Ptr1, &N, &Scratch};
  rt::KernelParam Params[4] = {{"var_0", "CUdeviceptr", 8, 0},
                               {"var_1", "CUdeviceptr", 8, 1},
                               {"var_2", "int32_t", 4, -1},
                               {"global_scratch_3", "CUdeviceptr", 8, -1}};
  rt::TensorRef Tensors[2] = {{"in_out_ptr0", rt::kInOut, TA},
                              {"in_ptr0", rt::kIn, TB}};
  std::string Cubin;

  explicit FakeLaunch(const std::string &Dir) : Cubin(Dir + "/k.cubin") {
    std::ofstream(Cubin) << "not really a cubin";
  }

  rt::KernelLaunch launch() {
    return {.function = "triton_poi_fused_addmm_relu_0",
            .cubin_path = Cubin.c_str(),
            .cubin_image = nullptr,
            .cubin_dir = nullptr,
            .grid = {3, 1, 1},
            .num_warps = 4,
            .shared_mem = 0,
            .args = Args,
            .params = Params,
            .num_params = 4,
            .tensors = Tensors,
            .num_tensors = 2,
            .stream = nullptr};
  }
};

/// Each of \p Parts is in the manifest \p M.
void expectParts(const std::string &M,
                 std::initializer_list<const char *> Parts) {
  for (const char *Part : Parts)
    EXPECT_NE(M.find(Part), std::string::npos) << Part << "\nin\n" << M;
}

/// A bundle's extents before and after its launch (both must parse).
struct Extents {
  SafetensorsFile Before, After;
  explicit Extents(const std::string &Dir)
      : Before(readSafetensors(Dir + "/before.safetensors")),
        After(readSafetensors(Dir + "/after.safetensors")) {}
  bool ok() const { return Before.ok && After.ok; }
};

const char kBundle[] = "/saves/session-0001/"
                       "capture-r1-1-triton_poi_fused_addmm_relu_0";

TEST(Capture, WritesTheBundleAroundTheLaunch) {
  TestProgram T(testDir());
  FakeLaunch F(T.Dir);
  {
    rt::RunScope Run(*T.P, nullptr);
    Run.capture(1);
    ASSERT_TRUE(rt::RunScope::captureRequested());
    rt::RunScope::captureKernel(F.launch());
    F.A[0] = 100; // the "kernel" writes its in_out tensor
    rt::RunScope::captureLaunched(nullptr);
    Run.captured(1);
    EXPECT_FALSE(rt::RunScope::captureRequested());
  }
  const std::string Dir = T.Dir + kBundle;
  EXPECT_EQ(listDir(Dir),
            (std::vector<std::string>{"after.safetensors", "before.safetensors",
                                      "kernel.cubin", "manifest.json"}));
  EXPECT_EQ(readFile(Dir + "/kernel.cubin"), "not really a cubin");
  expectParts(
      readFile(Dir + "/manifest.json"),
      {"{\"format\":\"aoti-instrument-capture\",\"version\":1,"
       "\"kind\":\"triton\",\"kernel\":\"triton_poi_fused_addmm_relu_0\","
       "\"ordinal\":1,\"run\":1,\"wrapper\":\"wrapper.cpp\","
       "\"wrapper_line\":910,\"source_nodes\":[\"linear\",\"relu\"],"
       "\"aten_ops\":[\"aten.addmm\",\"aten.relu\"]",
       // The transposed view's extent is its 6 elements; the offset
       // tensor's starts at its element 0 (storage element 2).
       "{\"key\":\"in_out_ptr0\",\"role\":\"inout\",\"dtype\":\"float32\","
       "\"sizes\":[2,3],\"strides\":[1,2],\"storage_offset\":0,"
       "\"extent_bytes\":24}",
       "{\"key\":\"in_ptr0\",\"role\":\"in\",\"dtype\":\"float32\","
       "\"sizes\":[3],\"strides\":[1],\"storage_offset\":2,"
       "\"extent_bytes\":12}",
       "\"launch\":{\"cubin\":\"kernel.cubin\",\"function\":"
       "\"triton_poi_fused_addmm_relu_0\",\"grid\":[3,1,1],\"block\":[128, "
       "1, 1],\"num_warps\":4,\"shared_mem_bytes\":0}",
       "{\"name\":\"var_1\",\"type\":\"CUdeviceptr\",\"kind\":\"pointer\","
       "\"tensor\":1,\"offset\":4,",
       "{\"name\":\"var_2\",\"type\":\"int32_t\",\"kind\":\"scalar\","
       "\"value\":6,\"bytes\":\"06000000\"}",
       "{\"name\":\"global_scratch_3\",\"type\":\"CUdeviceptr\",\"kind\":"
       "\"pointer\",\"tensor\":null,\"value\":0,\"bytes\":"
       "\"0000000000000000\"}",
       ",\"completed\":true}"});

  Extents Files(Dir);
  ASSERT_TRUE(Files.ok());
  const SafetensorsFile &Before = Files.Before, &After = Files.After;
  EXPECT_NE(Before.header.find("\"in_out_ptr0\":{\"dtype\":\"F32\",\"shape\":"
                               "[6],\"data_offsets\":[0,24]}"),
            std::string::npos)
      << Before.header;
  EXPECT_NE(Before.header.find("\"in_ptr0\":{\"dtype\":\"F32\",\"shape\":[3],"
                               "\"data_offsets\":[24,36]}"),
            std::string::npos)
      << Before.header;
  // Extents in memory order (not the view's logical order), as the kernel
  // sees them: before and after the launch.
  std::vector<float> BeforeA(6), AfterA(6), BeforeB(3);
  std::memcpy(BeforeA.data(), Before.data.data(), 24);
  std::memcpy(BeforeB.data(), Before.data.data() + 24, 12);
  std::memcpy(AfterA.data(), After.data.data(), 24);
  EXPECT_EQ(BeforeA, (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(BeforeB, (std::vector<float>{30, 40, 50}));
  EXPECT_EQ(AfterA, (std::vector<float>{100, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(contains(T.lines(), "[aoti-instrument] run 1: capture of #1 "
                                  "triton_poi_fused_addmm_relu_0 (wrapper.cpp:"
                                  "910, source nodes [linear, relu]): "
                                  "completed; replay it alone: python -m "
                                  "aoti_instrument.replay " +
                                      Dir))
      << T.log();
}

TEST(Capture, TheManifestNamesThePackageAndModel) {
  TestProgram T(testDir());
  T.P->package = "model.pt2";
  T.P->model = "model";
  FakeLaunch F(T.Dir);
  {
    rt::RunScope Run(*T.P, nullptr);
    Run.capture(1);
    rt::RunScope::captureKernel(F.launch());
    rt::RunScope::captureLaunched(nullptr);
    Run.captured(1);
  }
  expectParts(readFile(T.Dir + kBundle + "/manifest.json"),
              {"\"run\":1,\"package\":\"model.pt2\",\"model\":\"model\","
               "\"wrapper\":\"wrapper.cpp\""});
}

TEST(Capture, OnceBySiteAndOnlyWhenObserved) {
  TestProgram T(testDir());
  FakeLaunch F(T.Dir);
  for (int Call = 0; Call < 2; ++Call) {
    rt::RunScope Run(*T.P, nullptr);
    Run.capture(1);
    EXPECT_EQ(rt::RunScope::captureRequested(), Call == 0) << "call " << Call;
    rt::RunScope::captureKernel(F.launch());
    rt::RunScope::captureLaunched(nullptr);
    Run.captured(1);
  }
  EXPECT_EQ(listDir(T.Dir + "/saves/session-0001").size(), 1u);

  TestProgram Off(testDir() + "/off");
  setenv(Off.DisableEnv.c_str(), "1", 1);
  {
    rt::RunScope Run(*Off.P, nullptr);
    Run.capture(1);
    EXPECT_FALSE(rt::RunScope::captureRequested());
  }
  unsetenv(Off.DisableEnv.c_str());
  EXPECT_TRUE(listDir(Off.Dir + "/saves").empty());
}

TEST(Capture, AHelperThatDoesNotLaunchIsReported) {
  TestProgram T(testDir());
  {
    rt::RunScope Run(*T.P, nullptr);
    Run.capture(2); // the helper returns early: an empty grid
    Run.captured(2);
    EXPECT_FALSE(rt::RunScope::captureRequested());
  }
  EXPECT_TRUE(contains(T.lines(), "capture of #2 triton_per_fused_x "
                                  "(wrapper.cpp:916, source nodes [linear, "
                                  "log]): nothing captured, the helper "
                                  "returned before its launch (an empty "
                                  "grid)"))
      << T.log();
}

TEST(Capture, AMissingCubinIsReportedAndTheRunGoesOn) {
  TestProgram T(testDir());
  FakeLaunch F(T.Dir);
  F.Cubin = T.Dir + "/absent.cubin";
  {
    rt::RunScope Run(*T.P, nullptr);
    Run.capture(1);
    rt::RunScope::captureKernel(F.launch());
    rt::RunScope::captureLaunched(nullptr); // nothing more to write
    Run.captured(1);
  }
  EXPECT_TRUE(contains(T.lines(), "triton_poi_fused_addmm_relu_0 (wrapper.cpp:"
                                  "910, source nodes [linear, relu]) failed: "
                                  "cannot read '" +
                                      F.Cubin + "'"))
      << T.log();
}

TEST(Capture, EmbeddedImageSizeFromItsHeader) {
  // A linked ELF file ends with its section header table: the size the
  // header gives is the file's.
  std::ifstream In("/proc/self/exe", std::ios::binary);
  std::string Exe((std::istreambuf_iterator<char>(In)),
                  std::istreambuf_iterator<char>());
  ASSERT_GT(Exe.size(), 64u);
  EXPECT_EQ(rt::detail::cubinImageSize(Exe.data()), Exe.size());
  const char NotElf[16] = "plain text....";
  EXPECT_EQ(rt::detail::cubinImageSize(NotElf), 0u);
}

} // namespace

namespace {

TEST(Capture, AnExternOpsCallThroughTheRealShim) {
  TestProgram T(testDir());
  std::vector<float> X(16);
  for (int I = 0; I < 16; ++I)
    X[I] = float(I);
  auto Self =
      blob(X.data(), {1, 1, 4, 4}, {16, 16, 4, 1}, aoti_torch_dtype_float32());
  const int64_t Size[] = {2, 2};
  static constexpr rt::ShimParam Params[] = {
      {"self", "AtenTensorHandle", rt::kIn},
      {"output_size", "const int64_t *", rt::kIn},
      {"output_size_len_", "int64_t", rt::kIn},
      {"ret0", "AtenTensorHandle *", rt::kOut, /*returned=*/true}};
  AtenTensorHandle Ret = nullptr;
  AOTITorchError E;
  {
    rt::RunScope Run(*T.P, nullptr);
    // As the tool rewrites `aoti_torch_cpu__adaptive_avg_pool2d(...)`.
    E = Run.captureCall(0, Params, aoti_torch_cpu__adaptive_avg_pool2d)(
        Self, Size, 2, &Ret);
  }
  ASSERT_EQ(E, AOTI_TORCH_SUCCESS);
  RAIIAtenTensorHandle Owned(Ret);
  const std::string Dir = T.Dir + "/saves/session-0001/"
                                  "capture-r1-0-aoti_torch_cpu_addmm_out";
  expectParts(
      readFile(Dir + "/manifest.json"),
      {"\"kind\":\"extern\",\"kernel\":\"aoti_torch_cpu_addmm_out\"",
       "\"device\":{\"type\":\"cpu\"}",
       "{\"key\":\"self\",\"role\":\"in\",\"dtype\":\"float32\",\"sizes\":"
       "[1,1,4,4],\"strides\":[16,16,4,1],\"storage_offset\":0,"
       "\"extent_bytes\":64}",
       "{\"key\":\"ret0\",\"role\":\"out\",\"dtype\":\"float32\",\"sizes\":"
       "[1,1,2,2]",
       // The array and its length as one argument; the return by index.
       "\"extern\":{\"function\":\"aoti_torch_cpu_addmm_out\",\"args\":["
       "{\"name\":\"self\",\"type\":\"AtenTensorHandle\",\"tensor\":0},"
       "{\"name\":\"output_size\",\"type\":\"const int64_t *\",\"value\":"
       "[2,2]},{\"name\":\"ret0\",\"type\":\"AtenTensorHandle *\","
       "\"tensor\":1}]}",
       ",\"completed\":true}"});
  Extents Files(Dir);
  ASSERT_TRUE(Files.ok());
  const SafetensorsFile &Before = Files.Before, &After = Files.After;
  EXPECT_EQ(Before.header.find("ret0"), std::string::npos) << Before.header;
  ASSERT_EQ(After.data.size(), 64u + 16u);
  std::vector<float> Pooled(4);
  std::memcpy(Pooled.data(), After.data.data() + 64, 16);
  // The means of the 2 x 2 blocks of 0..15 laid out 4 x 4.
  EXPECT_EQ(Pooled, (std::vector<float>{2.5f, 4.5f, 10.5f, 12.5f}));
}

} // namespace
