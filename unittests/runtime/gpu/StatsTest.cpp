//===- StatsTest.cpp - The statistics kernel on a real GPU ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime.StatsKernelMatchesHostPath: the statistics kernel against the
// host path on tensors of 13 dtypes and odd layouts (one sync, one launch),
// again on the same buffers, more tensors than travel inline, the host-copy
// fallback, and saves of CUDA tensors for check_saves.py.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace {

/// The tensors of the comparison, on cuda:0 and on the CPU, with names.
struct StatsTensors {
  std::vector<Twin> Ts;
  std::vector<std::string> Names;
  std::vector<rt::TensorRef> Cuda, Cpu;
  /// The probe's tensor lists, once every tensor is there.
  void makeRefs() {
    for (size_t I = 0; I < Ts.size(); ++I) {
      Cuda.push_back({strdup(Names[I].c_str()), rt::kInOut, Ts[I].cuda});
      Cpu.push_back({strdup(Names[I].c_str()), rt::kInOut, Ts[I].cpu});
    }
  }
  int size() const { return static_cast<int>(Ts.size()); }
};

const float NaN = std::numeric_limits<float>::quiet_NaN();
const float Inf = std::numeric_limits<float>::infinity();

/// Tensors 1-4: big float32 with NaN/Inf, permuted float16, padded
/// bfloat16, float64.
void addFloats(std::vector<Twin> &Ts, std::vector<std::string> &Names) {
  { // 1. big float32, NaN/Inf planted
    std::vector<float> V(1 << 22);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<float>(static_cast<int>(I % 1000) - 500);
    V[7] = V[1 << 20] = V[(1 << 22) - 1] = NaN;
    V[100] = V[200] = Inf;
    V[3000000] = -Inf;
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {1024, 4096}, {4096, 1},
                          bytesOf(V)));
    Names.push_back("big_f32");
  }
  { // 2. float16, permuted [3, 5, 7] over a [7, 3, 5] storage
    std::vector<uint16_t> V(105);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = f16(static_cast<float>(static_cast<int>(I) - 50) / 2);
    Ts.push_back(makeTwin(aoti_torch_dtype_float16(), {3, 5, 7}, {5, 1, 15},
                          bytesOf(V)));
    Names.push_back("f16_perm");
  }
  { // 3. bfloat16 [64, 33] with padded rows (stride 40)
    std::vector<int64_t> Sz = {64, 33}, St = {40, 1};
    std::vector<uint16_t> V(static_cast<size_t>(spanOf(Sz, St)));
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = bf16(static_cast<float>(static_cast<int>(I % 97) - 40));
    V[41] = 0x7FC0; // NaN inside the logical range (row 1, col 1)
    V[38] = 0x7FC0; // NaN in the padding: must not count
    Ts.push_back(makeTwin(aoti_torch_dtype_bfloat16(), Sz, St, bytesOf(V)));
    Names.push_back("bf16_pad");
  }
  { // 4. float64
    std::vector<double> V(1000);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<double>(I) * 0.25 - 3;
    Ts.push_back(makeTwin(aoti_torch_dtype_float64(), {1000}, {1}, bytesOf(V)));
    Names.push_back("f64");
  }
}

/// Tensors 5-11: int64 (transposed, beyond double precision), int32,
/// uint8, bool, int8, every fp8 byte.
void addIntegers(std::vector<Twin> &Ts, std::vector<std::string> &Names) {
  { // 5. int64 transposed, beyond double precision
    std::vector<int64_t> V(51);
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<int64_t>(I) * 1000 - 7;
    V[3] = -123456789012LL;
    Ts.push_back(
        makeTwin(aoti_torch_dtype_int64(), {17, 3}, {1, 17}, bytesOf(V)));
    Names.push_back("i64_t");
    // Beyond double precision: min/max stay exact (the sum is 0 in any order).
    std::vector<int64_t> Big = {9007199254740993LL, -9007199254740993LL};
    Ts.push_back(makeTwin(aoti_torch_dtype_int64(), {2}, {1}, bytesOf(Big)));
    Names.push_back("i64_big");
  }
  { // 6-9. int32, uint8, bool, int8
    std::vector<int32_t> A = {-2147483647 - 1, 5, 2147483647, 0};
    Ts.push_back(makeTwin(aoti_torch_dtype_int32(), {4}, {1}, bytesOf(A)));
    Names.push_back("i32");
    std::vector<uint8_t> B(300);
    for (size_t I = 0; I < B.size(); ++I)
      B[I] = static_cast<uint8_t>(I * 7);
    Ts.push_back(makeTwin(aoti_torch_dtype_uint8(), {300}, {1}, B));
    Names.push_back("u8");
    std::vector<uint8_t> Bo = {1, 0, 0, 1, 1};
    Ts.push_back(makeTwin(aoti_torch_dtype_bool(), {5}, {1}, Bo));
    Names.push_back("mask");
    std::vector<int8_t> I8 = {-128, 127, 3};
    Ts.push_back(makeTwin(aoti_torch_dtype_int8(), {3}, {1}, bytesOf(I8)));
    Names.push_back("i8");
  }
  { // 10-11. every fp8 byte
    std::vector<uint8_t> All(256);
    for (int I = 0; I < 256; ++I)
      All[I] = static_cast<uint8_t>(I);
    Ts.push_back(
        makeTwin(aoti_torch_dtype_float8_e4m3fn(), {16, 16}, {16, 1}, All));
    Names.push_back("fp8_e4m3");
    Ts.push_back(
        makeTwin(aoti_torch_dtype_float8_e5m2(), {16, 16}, {1, 16}, All));
    Names.push_back("fp8_e5m2");
  }
}

/// Tensors 12-18: 10 dims that do not coalesce, contiguous 16-byte loads
/// (and one not 16-byte aligned), expanded, empty.
void addLayouts(std::vector<Twin> &Ts, std::vector<std::string> &Names) {
  { // 12. 10 dims that do not coalesce: host path inside the same probe
    std::vector<int64_t> Sz(10, 2), St(10);
    St[9] = 1;
    for (int I = 8; I >= 0; --I)
      St[I] = St[I + 1] * 3; // 3x, not 2x: no two dims merge
    std::vector<float> V(static_cast<size_t>(spanOf(Sz, St)));
    for (size_t I = 0; I < V.size(); ++I)
      V[I] = static_cast<float>(I % 13);
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), Sz, St, bytesOf(V)));
    Names.push_back("ten_dims");
  }
  { // 15-18. contiguous 16-byte loads: float16 with a tail, bfloat16 over
    // several blocks, int16; and float32 that is not 16-byte aligned
    std::vector<uint16_t> H(1001);
    for (size_t I = 0; I < H.size(); ++I)
      H[I] = f16(static_cast<float>(static_cast<int>(I % 61) - 30) / 2);
    H[3] = 0x7E00;    // NaN
    H[1000] = 0x7C00; // +Inf, in the tail
    H[999] = 0xFC00;  // -Inf
    Ts.push_back(makeTwin(aoti_torch_dtype_float16(), {1001}, {1}, bytesOf(H)));
    Names.push_back("f16_tail");
    std::vector<uint16_t> B(70001);
    for (size_t I = 0; I < B.size(); ++I)
      B[I] = bf16(static_cast<float>(static_cast<int>(I % 1001) - 500) / 4);
    B[12345] = 0x7FC0;
    B[70000] = 0xFF80; // -Inf
    Ts.push_back(
        makeTwin(aoti_torch_dtype_bfloat16(), {70001}, {1}, bytesOf(B)));
    Names.push_back("bf16_contig");
    std::vector<int16_t> S16(37);
    for (size_t I = 0; I < S16.size(); ++I)
      S16[I] = static_cast<int16_t>(static_cast<int>(I) * 1000 - 18000);
    S16[36] = -32768;
    Ts.push_back(makeTwin(aoti_torch_dtype_int16(), {37}, {1}, bytesOf(S16)));
    Names.push_back("i16");
    std::vector<float> U(1004);
    for (size_t I = 0; I < U.size(); ++I)
      U[I] = static_cast<float>(I) * 0.5f - 100;
    U[0] = -1e30f; // before the tensor's start: must not count
    U[500] = std::numeric_limits<float>::quiet_NaN();
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {1003}, {1}, bytesOf(U),
                          /*Offset=*/1));
    Names.push_back("f32_unaligned");
  }
  { // 13. expanded (stride 0); 14. empty
    std::vector<float> V = {1, 2, 3, 4, 5};
    Ts.push_back(
        makeTwin(aoti_torch_dtype_float32(), {400, 5}, {0, 1}, bytesOf(V)));
    Names.push_back("expanded");
    Ts.push_back(makeTwin(aoti_torch_dtype_float32(), {0, 5}, {5, 1}, {}));
    Names.push_back("empty");
  }
}

/// One run of \p Prog with one probe \p P of \p Refs on \p S.
void probeOnce(TestProgram &Prog, cudaStream_t S,
               std::vector<rt::TensorRef> &Refs, const rt::Probe &P) {
  rt::RunScope Run(*Prog.P, S);
  Run.probe(3, rt::kAfter, Refs.data(), static_cast<int>(Refs.size()), P);
}

/// The first probe of the CUDA tensors against the host path: one sync,
/// one launch, the same lines. Returns the host path's lines and the
/// number of the CUDA tensors' lines.
std::pair<std::vector<std::string>, size_t>
compareFirstLaunch(StatsTensors &X, cudaStream_t S, const rt::Probe &P) {
  int N = X.size();
  TestProgram Dev("stats-kernel"), Host("stats-cpu");
  uint64_t Syncs0 = rt::detail::hostSyncCount();
  uint64_t Passes0 = rt::detail::deviceStatsPassCount();
  auto T0 = std::chrono::steady_clock::now();
  probeOnce(Dev, S, X.Cuda, P);
  auto T1 = std::chrono::steady_clock::now();
  EXPECT_TRUE(rt::detail::hostSyncCount() - Syncs0 == 1)
      << "one host sync for " + std::to_string(N) + " CUDA tensors";
  EXPECT_TRUE(rt::detail::deviceStatsPassCount() - Passes0 == 1)
      << "one stats kernel launch for the probe";
  probeOnce(Host, nullptr, X.Cpu, P);
  auto DL = tensorParts(Dev.lines()), HL = tensorParts(Host.lines());
  bool Same = DL == HL && DL.size() >= static_cast<size_t>(2 * N - 2);
  EXPECT_TRUE(Same) << "stats kernel lines equal the host path's (" +
                           std::to_string(DL.size()) + " lines)";
  if (!Same)
    for (size_t I = 0; I < std::max(DL.size(), HL.size()); ++I)
      std::printf("  cuda: %s\n  cpu:  %s\n",
                  I < DL.size() ? DL[I].c_str() : "-",
                  I < HL.size() ? HL[I].c_str() : "-");
  EXPECT_TRUE(contains(Dev.lines(),
                       "big_f32 inout float32 [1024, 4096] strides "
                       "[4096, 1] cuda:0 numel 4194304 min -500 max 499 "))
      << "big_f32 min/max on the GPU";
  EXPECT_TRUE(contains(Dev.lines(), "nan 3 inf 3")) << "big_f32 NaN/Inf counts";
  EXPECT_TRUE(contains(Dev.lines(),
                       "bf16_pad inout bfloat16 [64, 33] strides [40, "
                       "1] cuda:0 numel 2112") &&
              contains(Dev.lines(), "nan 1 inf 0"))
      << "padding NaN not counted";
  EXPECT_TRUE(contains(Dev.lines(),
                       "i64_big inout int64 [2] strides [1] cuda:0 "
                       "numel 2 min -9007199254740993 max "
                       "9007199254740993 mean 0 nan 0 inf 0"))
      << "int64 exact on the GPU";
  EXPECT_TRUE(contains(Dev.lines(),
                       "i64_t inout int64 [17, 3] strides [1, 17] "
                       "cuda:0 numel 51 min -123456789012 max 49993"))
      << "int64 transposed on the GPU";
  std::printf("TIME stats probe of %d CUDA tensors (4.2M + small): %.2f ms\n",
              N, std::chrono::duration<double, std::milli>(T1 - T0).count());
  for (const std::string &L : Dev.lines())
    std::printf("INFO %s\n", L.c_str());
  return {HL, DL.size()};
}

/// More tensors than the launch carries inline (descriptors copied to the
/// device): still one launch, one sync, the host path's lines.
void compareManyTensors(StatsTensors &X, cudaStream_t S, const rt::Probe &P,
                        size_t DevLines) {
  std::vector<rt::TensorRef> ManyCuda, ManyCpu;
  for (int R = 0; R < 2; ++R)
    for (size_t I = 0; I < X.Ts.size(); ++I) {
      ManyCuda.push_back(X.Cuda[I]);
      ManyCpu.push_back(X.Cpu[I]);
    }
  int NM = static_cast<int>(ManyCuda.size());
  TestProgram ManyDev("stats-many"), ManyHost("stats-many-cpu");
  uint64_t Syncs1 = rt::detail::hostSyncCount();
  uint64_t Passes1 = rt::detail::deviceStatsPassCount();
  probeOnce(ManyDev, S, ManyCuda, P);
  EXPECT_TRUE(rt::detail::hostSyncCount() - Syncs1 == 1 &&
              rt::detail::deviceStatsPassCount() - Passes1 == 1)
      << "one launch and one sync for " + std::to_string(NM) +
             " CUDA tensors (more than " +
             std::to_string(rt::detail::kInlineDescs) + " inline)";
  probeOnce(ManyHost, nullptr, ManyCpu, P);
  auto MD = tensorParts(ManyDev.lines()), MH = tensorParts(ManyHost.lines());
  EXPECT_TRUE(MD == MH && MD.size() == 2 * DevLines)
      << "many-tensor launch lines equal the host path's (" +
             std::to_string(MD.size()) + " lines)";
}

/// The host-copy fallback gives the same lines.
void compareFallback(StatsTensors &X, cudaStream_t S, const rt::Probe &P,
                     const std::vector<std::string> &HL) {
  int N = X.size();
  setenv("AOTI_INSTRUMENT_STATS_HOST", "1", 1);
  TestProgram Fallback("stats-fallback");
  {
    rt::RunScope Run(*Fallback.P, S);
    unsetenv("AOTI_INSTRUMENT_STATS_HOST");
    uint64_t Passes = rt::detail::deviceStatsPassCount();
    Run.probe(3, rt::kAfter, X.Cuda.data(), N, P);
    EXPECT_TRUE(rt::detail::deviceStatsPassCount() == Passes)
        << "fallback launches no stats kernel";
  }
  EXPECT_TRUE(tensorParts(Fallback.lines()) == HL)
      << "host-copy fallback lines equal the host path's";
}

/// Saves of the same tensors: compared bitwise by check_saves.py
/// (ctest gpu-saves-equal-cpu-twins).
void saveBoth(StatsTensors &X, cudaStream_t S) {
  rt::Probe Save{};
  Save.save = true;
  Save.save_roles = 3;
  std::vector<rt::TensorRef> CudaSave(X.Cuda.begin() + 1, X.Cuda.end() - 1);
  std::vector<rt::TensorRef> CpuSave(X.Cpu.begin() + 1, X.Cpu.end() - 1);
  TestProgram SaveDev("save-cuda", outDir() + "/saves-cuda"),
      SaveHost("save-cpu", outDir() + "/saves-cpu");
  {
    rt::RunScope Run(*SaveDev.P, S);
    Run.probe(3, rt::kAfter, CudaSave.data(), static_cast<int>(CudaSave.size()),
              Save);
  }
  {
    rt::RunScope Run(*SaveHost.P, nullptr);
    Run.probe(3, rt::kAfter, CpuSave.data(), static_cast<int>(CpuSave.size()),
              Save);
  }
}

TEST_F(GpuRuntime, StatsKernelMatchesHostPath) {
  StatsTensors X;
  addFloats(X.Ts, X.Names);
  addIntegers(X.Ts, X.Names);
  addLayouts(X.Ts, X.Names);
  X.makeRefs();
  rt::Probe P{};
  P.print = rt::kPrintValues;
  P.print_roles = 3;
  const auto [HL, DevLines] = compareFirstLaunch(X, S, P);

  // The same probe again: the kernel left its accumulators clean.
  TestProgram Again("stats-kernel-again");
  probeOnce(Again, S, X.Cuda, P);
  EXPECT_TRUE(tensorParts(Again.lines()) == HL)
      << "a second launch on the same buffers gives the same lines";
  compareManyTensors(X, S, P, DevLines);
  compareFallback(X, S, P, HL);
  saveBoth(X, S);
}

} // namespace
