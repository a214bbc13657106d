//===- NanTest.cpp - NaN checks and input guards on a real GPU ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime cases of immediate NaN checks on CUDA tensors, the NaN-count
// kernel (every floating kind and alignment, its flat grid), tensors counted
// once per run, and input guards (value range, finiteness).
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <algorithm>
#include <set>

namespace {

void nanCheckOnCuda(cudaStream_t S) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Out(128, 1.0f);
  Out[5] = Out[77] = Out[127] = NaN;
  std::vector<float> In(16, 2.0f);
  Twin Buf3 =
      makeTwin(aoti_torch_dtype_float32(), {4, 32}, {32, 1}, bytesOf(Out));
  Twin Arg = makeTwin(aoti_torch_dtype_float32(), {16}, {1}, bytesOf(In));
  TestProgram T("nan");
  rt::Probe P{};
  P.nan_roles = rt::kOut;
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  P.nan_on_fail = rt::kThrow;
  std::string What;
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef Ts[] = {{"buf3", rt::kOut, Buf3.cuda},
                          {"arg0_1", rt::kIn, Arg.cuda}};
    try {
      Run.probe(3, rt::kAfter, Ts, 2, P);
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  EXPECT_TRUE(What ==
              "[aoti-instrument] NaN in buf3 (3 of 128 elements) after #3 "
              "triton_per_fused_x (wrapper.cpp:916, source nodes [linear, "
              "log]) in run 1; inputs were clean; to replay it alone, add "
              "to the rules: {name: capture-3, match: {ordinals: \"3\"}, "
              "capture: true}")
      << "NaN check on CUDA: " + What;
  In[3] = std::numeric_limits<float>::infinity();
  Twin Dirty = makeTwin(aoti_torch_dtype_float32(), {16}, {1}, bytesOf(In));
  What.clear();
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef Ts[] = {{"buf3", rt::kOut, Buf3.cuda},
                          {"arg0_1", rt::kIn, Dirty.cuda}};
    try {
      Run.probe(3, rt::kAfter, Ts, 2, P);
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  EXPECT_TRUE(What.find("in run 2; inputs held NaN/Inf too: arg0_1 (1 Inf)") !=
              std::string::npos)
      << "NaN check names the dirty CUDA input: " + What;
}

/// nanCountKernel's layouts: a permuted dense layout (a transpose): the NaN
/// kernel; a strided view (every other column): the statistics kernel; the
/// same counts as the host.
void nanCountLayouts(cudaStream_t S, const rt::Probe &P) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> V(64 * 48, 0.25f);
  for (int I = 0; I < 64 * 48; I += 37)
    V[static_cast<size_t>(I)] = NaN;
  Twin Tr = makeTwin(aoti_torch_dtype_float32(), {48, 64}, {1, 48}, bytesOf(V));
  Twin Sl = makeTwin(aoti_torch_dtype_float32(), {64, 24}, {48, 2}, bytesOf(V));
  TestProgram Prog("nancount-layouts");
  uint64_t Nan0 = rt::detail::deviceNanPassCount();
  uint64_t Stats0 = rt::detail::deviceStatsPassCount();
  {
    rt::RunScope Run(*Prog.P, S);
    rt::TensorRef T0[] = {{"buf0", rt::kOut, Tr.cuda}};
    Run.probe(0, rt::kAfter, T0, 1, P);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, Sl.cuda}};
    Run.probe(1, rt::kAfter, T1, 1, P);
    Run.finish();
  }
  rt::detail::TensorMeta M;
  M.Handle = Sl.cpu;
  rt::detail::readMeta(M);
  rt::detail::Stats Host = rt::detail::hostStats(M, M.Data);
  auto L = Prog.lines();
  EXPECT_TRUE(rt::detail::deviceNanPassCount() - Nan0 == 1 &&
              rt::detail::deviceStatsPassCount() - Stats0 == 1)
      << "NaN-count kernel for the transpose, statistics for the strided view";
  EXPECT_TRUE(L.size() == 2 &&
              L[0].find("NaN in buf0 (84 of 3072 elements)") !=
                  std::string::npos &&
              L[1].find("NaN in buf1 (" + std::to_string(Host.nan) +
                        " of 1536 elements)") != std::string::npos)
      << ("NaN counts of both layouts: " +
          (L.size() > 1 ? L[0] + " | " + L[1] : std::string("-")));
}

/// The NaN-count kernel (dense floating tensors, deferred checks): counts
/// from the bits of every floating kind, at every alignment (a storage
/// offset of one element, a tail shorter than a 16-byte load), a permuted
/// dense layout; a strided view goes to the statistics kernel instead.
void nanCountKernel(cudaStream_t S) {
  struct Kind {
    const char *name;
    int32_t dtype;
    int es;
    uint64_t nan, inf, one; ///< bit patterns (inf 0: the kind has none)
  };
  const Kind Kinds[] = {
      {"float32", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000},
      {"float64", aoti_torch_dtype_float64(), 8, 0xfff8000000000001ull,
       0x7ff0000000000000ull, 0x3ff0000000000000ull},
      {"float16", aoti_torch_dtype_float16(), 2, 0x7e01, 0xfc00, 0x3c00},
      {"bfloat16", aoti_torch_dtype_bfloat16(), 2, 0xffc1, 0x7f80, 0x3f80},
      {"float8_e4m3fn", aoti_torch_dtype_float8_e4m3fn(), 1, 0xff, 0, 0x38},
      {"float8_e5m2", aoti_torch_dtype_float8_e5m2(), 1, 0x7e, 0xfc, 0x3c},
      {"float8_e4m3fnuz", aoti_torch_dtype_float8_e4m3fnuz(), 1, 0x80, 0, 0x40},
  };
  rt::Probe P = deferredProbe(rt::kWarn);
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  constexpr int64_t N = 1001; // odd: a head and a tail around the loads
  for (const Kind &K : Kinds) {
    for (int64_t Offset : {int64_t(0), int64_t(1)}) {
      std::vector<unsigned char> Bytes(
          static_cast<size_t>((N + Offset) * K.es));
      auto Put = [&](int64_t I, uint64_t V) {
        std::memcpy(&Bytes[static_cast<size_t>((I + Offset) * K.es)], &V,
                    static_cast<size_t>(K.es));
      };
      for (int64_t I = 0; I < N; ++I)
        Put(I, K.one);
      // The first, the last, and some in between; Inf where the kind has it.
      int64_t Nans[] = {0, 3, 500, 999, 1000};
      int64_t Infs[] = {1, 511, 998};
      for (int64_t I : Nans)
        Put(I, K.nan);
      if (K.inf)
        for (int64_t I : Infs)
          Put(I, K.inf);
      Twin T = makeTwin(K.dtype, {N}, {1}, Bytes, Offset);
      TestProgram Prog(std::string("nancount-") + K.name);
      uint64_t Nan0 = rt::detail::deviceNanPassCount();
      {
        rt::RunScope Run(*Prog.P, S);
        rt::TensorRef Ts[] = {{"buf1", rt::kOut, T.cuda}};
        Run.probe(3, rt::kAfter, Ts, 1, P);
        Run.finish();
      }
      std::string Want =
          K.inf ? "NaN and Inf in buf1 (5 NaN, 3 Inf of 1001 elements)"
                : "NaN in buf1 (5 of 1001 elements)";
      auto L = Prog.lines();
      EXPECT_TRUE(rt::detail::deviceNanPassCount() - Nan0 == 1 &&
                  L.size() == 1 && L[0].find(Want) != std::string::npos)
          << (std::string("NaN-count kernel, ") + K.name + ", offset " +
              std::to_string(Offset) + ": " + (L.empty() ? "-" : L[0]));
    }
  }
  nanCountLayouts(S, P);
}

/// One tensor of nanCountParts.
struct PartsCase {
  const char *name;
  int32_t dtype;
  int es;
  uint64_t nan, inf, one;
  int64_t numel, offset;
};

/// \p C's tensor, NaN and Inf around its parts' boundaries; the report's
/// words for it appended to \p Want.
Twin partsTensor(const PartsCase &C, std::vector<std::string> &Want) {
  std::vector<unsigned char> Bytes(
      static_cast<size_t>((C.numel + C.offset) * C.es));
  auto Put = [&](int64_t I, uint64_t V) {
    std::memcpy(&Bytes[static_cast<size_t>((I + C.offset) * C.es)], &V,
                static_cast<size_t>(C.es));
  };
  for (int64_t I = 0; I < C.numel; ++I)
    Put(I, C.one);
  // The parts as the kernel cuts them (stats_kernel.cu, aoti_rt_nancount).
  int64_t Blocks = std::max<int64_t>(
      1, std::min<int64_t>((C.numel * C.es + rt::detail::kNanBlockBytes - 1) /
                               rt::detail::kNanBlockBytes,
                           rt::detail::kNanMaxBlocks));
  int64_t Per = ((C.numel + Blocks - 1) / Blocks + 63) / 64 * 64;
  std::set<int64_t> Nans = {0, C.numel - 1}, Infs;
  for (int64_t Lo = Per; Lo < C.numel; Lo += Per) {
    Nans.insert(Lo - 1);
    Nans.insert(Lo);
    if (Lo + 1 < C.numel)
      Infs.insert(Lo + 1);
  }
  for (int64_t I : Nans)
    Infs.erase(I);
  for (int64_t I : Infs)
    Put(I, C.inf);
  for (int64_t I : Nans)
    Put(I, C.nan);
  Want.push_back(Infs.empty() ? "NaN in " + std::string(C.name) + " (" +
                                    std::to_string(Nans.size()) + " of " +
                                    std::to_string(C.numel) + " elements)"
                              : "NaN and Inf in " + std::string(C.name) + " (" +
                                    std::to_string(Nans.size()) + " NaN, " +
                                    std::to_string(Infs.size()) + " Inf of " +
                                    std::to_string(C.numel) + " elements)");
  return makeTwin(C.dtype, {C.numel}, {1}, Bytes, C.offset);
}

/// The NaN-count kernel's flat grid: tensors of very different sizes,
/// kinds and alignments in one launch, each split into parts (one per
/// block, rt::kNanBlockBytes); NaN and Inf on both sides of every part's
/// boundary, at the ends, and nowhere else: exact counts for each tensor,
/// one count launch.
void nanCountParts(cudaStream_t S) {
  const PartsCase Cases[] = {
      {"buf0", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 1000003, 0},
      {"buf1", aoti_torch_dtype_float16(), 2, 0x7e01, 0xfc00, 0x3c00, 2000001,
       1},
      {"buf2", aoti_torch_dtype_bfloat16(), 2, 0xffc1, 0x7f80, 0x3f80, 17, 3},
      {"buf3", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 1, 0},
      {"buf4", aoti_torch_dtype_float64(), 8, 0xfff8000000000001ull,
       0x7ff0000000000000ull, 0x3ff0000000000000ull, 70001, 1},
      {"buf5", aoti_torch_dtype_float32(), 4, 0x7fc00000, 0xff800000,
       0x3f800000, 4096, 2},
  };
  rt::Probe P = deferredProbe(rt::kWarn);
  P.nan_checks = rt::kCheckNan | rt::kCheckInf;
  std::vector<Twin> Twins;
  std::vector<std::string> Want;
  for (const PartsCase &C : Cases)
    Twins.push_back(partsTensor(C, Want));
  TestProgram Prog("nancount-parts");
  Prog.P->batch_deferred = true;
  uint64_t Nan0 = rt::detail::deviceNanPassCount();
  {
    rt::RunScope Run(*Prog.P, S);
    for (size_t I = 0; I < Twins.size(); ++I) {
      rt::TensorRef T[] = {{Cases[I].name, rt::kOut, Twins[I].cuda}};
      Run.probe(static_cast<int>(I), rt::kAfter, T, 1, P);
    }
    Run.finish();
  }
  auto L = Prog.lines();
  bool Ok =
      rt::detail::deviceNanPassCount() - Nan0 == 1 && L.size() == Want.size();
  std::string Missing;
  for (const std::string &W : Want)
    if (!contains(L, W)) {
      Ok = false;
      Missing += " [" + W + "]";
    }
  EXPECT_TRUE(Ok)
      << ("NaN-count kernel, flat grid: 6 tensors (1 to 2,000,001 "
          "elements, 4 kinds, 4 alignments) in one launch, exact counts "
          "around every part boundary" +
          (Missing.empty() ? std::string() : ": missing" + Missing));
}

/// A tensor counted once per run while nothing writes it: an output read
/// by the next launches, a before-probe's inputs at the after-probe. A
/// launch without a probe in between, a write to it (an in-place launch,
/// poison) and the next run count it again.
void seenTensors(cudaStream_t S) {
  std::vector<float> V(4096, 1.0f);
  Twin A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin B = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin C = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  Twin X = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  V[7] = std::numeric_limits<float>::quiet_NaN();
  Twin D = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  rt::Probe P = deferredProbe(rt::kWarn);
  TestProgram Prog("seen");
  auto Scans = [] { return rt::detail::deviceTensorScanCount(); };
  std::vector<uint64_t> Got;
  {
    rt::RunScope Run(*Prog.P, S);
    uint64_t S0 = Scans();
    rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda},
                          {"arg0_1", rt::kIn, X.cuda}};
    Run.probe(0, rt::kAfter, T0, 2, P); // A, X
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda},
                          {"buf0", rt::kIn, A.cuda},
                          {"arg0_1", rt::kIn, X.cuda}};
    Run.probe(1, rt::kAfter, T1, 3, P); // B only
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T2[] = {{"buf0", rt::kInOut, A.cuda},
                          {"buf1", rt::kIn, B.cuda}};
    Run.probe(2, rt::kAfter, T2, 2, P); // A again (written in place)
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::TensorRef T4[] = {{"buf2", rt::kOut, C.cuda},
                          {"buf1", rt::kIn, B.cuda}};
    Run.probe(4, rt::kAfter, T4, 2, P); // #3 had no probe: C and B
    Got.push_back(Scans() - S0);
    S0 = Scans();
    rt::BufferPolicy Poison{0, rt::kWarn, true, 0xA5};
    Run.reuse("buf1", B.cuda, Poison); // B poisoned (written by the runtime)
    rt::TensorRef T5[] = {{"buf3", rt::kOut, D.cuda},
                          {"buf1", rt::kIn, B.cuda},
                          {"buf2", rt::kIn, C.cuda}};
    Run.probe(5, rt::kAfter, T5, 3, P); // D and B, not C
    Got.push_back(Scans() - S0);
    Run.finish();
  }
  uint64_t S0 = Scans();
  {
    rt::RunScope Run(*Prog.P, S);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda},
                          {"buf0", rt::kIn, A.cuda}};
    Run.probe(1, rt::kAfter, T1, 2, P); // a new run: both
    Run.finish();
  }
  Got.push_back(Scans() - S0);
  std::vector<uint64_t> Want = {2, 1, 1, 2, 2, 2};
  std::string G;
  for (uint64_t X : Got)
    G += std::to_string(X) + " ";
  EXPECT_TRUE(Got == Want)
      << "seen tensors: scans per probe 2 1 1 2 2 2, got " + G;
  // The poisoned input was counted again: the report names it, and not the
  // clean input seen before.
  auto L = Prog.lines();
  EXPECT_TRUE(contains(L, "NaN in buf3 (1 of 4096 elements) after #5") &&
              contains(L, "inputs held NaN/Inf too: buf1 (4096 NaN)"))
      << ("seen tensors: the poisoned buffer is counted again: " +
          (L.empty() ? std::string("-") : L[0]));
}

/// What guard \p G threw on \p Input ("" when it passed).
std::string guardRefusal(rt::RunScope &Run, const rt::InputGuard &G,
                         AtenTensorHandle Input) {
  try {
    Run.guardInput(G, Input);
  } catch (const std::runtime_error &E) {
    return E.what();
  }
  return "";
}

void guardOnCuda(cudaStream_t S) {
  std::vector<int64_t> Ids = {5, 1000000, 17, 0, 3, 999};
  Twin T = makeTwin(aoti_torch_dtype_int64(), {2, 3}, {3, 1}, bytesOf(Ids));
  TestProgram Prog("guard");
  rt::InputGuard G{};
  G.index = 0;
  G.name = "arg0_1";
  G.dtype = "int64";
  G.device = "cuda";
  G.rank = 2;
  G.has_value_range = true;
  G.value_min = 0;
  G.value_max = 999;
  G.on_fail = rt::kThrow;
  rt::RunScope Run(*Prog.P, S);
  const std::string What = guardRefusal(Run, G, T.cuda);
  EXPECT_TRUE(What ==
              "[aoti-instrument] input guard on input 0 (arg0_1): value "
              "1000000 out of range [0, 999] in run 1")
      << "value-range guard on a CUDA input: " + What;
}

/// A finiteness guard on a dense floating CUDA input: one NaN-count pass
/// (not the statistics'), its NaN and Inf counted; a clean input passes.
void guardFiniteOnCuda(cudaStream_t S) {
  const float NaN = std::nanf(""), Inf = INFINITY;
  std::vector<float> Bad = {1.0f, NaN, 2.0f, Inf, NaN, 3.0f, 4.0f, 5.0f};
  std::vector<float> Good = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f};
  Twin TB = makeTwin(aoti_torch_dtype_float32(), {2, 4}, {4, 1}, bytesOf(Bad));
  Twin TG = makeTwin(aoti_torch_dtype_float32(), {2, 4}, {4, 1}, bytesOf(Good));
  TestProgram Prog("guard-finite");
  rt::InputGuard G{};
  G.index = 0;
  G.name = "arg0_1";
  G.rank = -1;
  G.finite = true;
  G.on_fail = rt::kThrow;
  auto &Gl = rt::detail::global();
  const uint64_t Nan0 = Gl.DeviceNanPasses.load(),
                 Stats0 = Gl.DeviceStatsPasses.load();
  rt::RunScope Run(*Prog.P, S);
  Run.guardInput(G, TG.cuda);
  const std::string What = guardRefusal(Run, G, TB.cuda);
  EXPECT_TRUE(What ==
              "[aoti-instrument] input guard on input 0 (arg0_1): holds NaN "
              "(2 of 8 elements); holds Inf (1 of 8 elements) in run 1")
      << "finiteness guard on a CUDA input: " + What;
  EXPECT_TRUE(Gl.DeviceNanPasses.load() - Nan0 == 2 &&
              Gl.DeviceStatsPasses.load() == Stats0)
      << "finiteness guard: NaN-count passes only (" +
             std::to_string(Gl.DeviceNanPasses.load() - Nan0) + " NaN, " +
             std::to_string(Gl.DeviceStatsPasses.load() - Stats0) +
             " statistics)";
}

TEST_F(GpuRuntime, NanCheck) { nanCheckOnCuda(S); }
TEST_F(GpuRuntime, NanCountKernel) { nanCountKernel(S); }
TEST_F(GpuRuntime, NanCountParts) { nanCountParts(S); }
TEST_F(GpuRuntime, SeenTensors) { seenTensors(S); }
TEST_F(GpuRuntime, Guard) { guardOnCuda(S); }
TEST_F(GpuRuntime, GuardFinite) { guardFiniteOnCuda(S); }

} // namespace
