//===- DeferredTest.cpp - Deferred and batched probes on a real GPU -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime cases of deferred NaN checks (no sync in the probes, one at the
// run's end, the first offending launch named), batched counts
// (Program::batch_deferred), deferred statistics prints, threads, and the
// replay of a run's deferred probes.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <algorithm>
#include <atomic>

namespace {

/// deferredNan's tensors: clean and NaN outputs, an input; each case
/// leaves them as it found them.
struct DeferredNanCase {
  static constexpr int Big = 524288;
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Clean, Bad, In, AllNan;
  Twin Out0, Out2, Out3, Arg;
  void *ArgDev = nullptr, *Out2Dev = nullptr;
  const std::string Expected =
      "[aoti-instrument] NaN in buf3 (527 of 524288 elements) after #2 "
      "tiny_after (wrapper.cpp:1003) in run 1; inputs were clean; to replay "
      "it alone, add to the rules: {name: capture-2, match: {ordinals: "
      "\"2\"}, capture: true}";

  DeferredNanCase()
      : Clean(Big, 1.0f), Bad(Big, 1.0f), In(1024, 0.5f), AllNan(64, NaN) {
    for (int I = 0; I < 527; ++I)
      Bad[static_cast<size_t>(I) * 997 % Big] = NaN; // 997 odd: all distinct
    Out0 = makeTwin(aoti_torch_dtype_float32(), {512, 1024}, {1024, 1},
                    bytesOf(Clean));
    Out2 = makeTwin(aoti_torch_dtype_float32(), {512, 1024}, {1024, 1},
                    bytesOf(Bad));
    Out3 = makeTwin(aoti_torch_dtype_float32(), {64}, {1}, bytesOf(AllNan));
    Arg = makeTwin(aoti_torch_dtype_float32(), {1024}, {1}, bytesOf(In));
    aoti_torch_get_data_ptr(Arg.cuda, &ArgDev);
    aoti_torch_get_data_ptr(Out2.cuda, &Out2Dev);
  }

  /// 1. finish(): the first offending launch, one sync for the whole run.
  void finishNamesTheFirst(cudaStream_t S) {
    TestProgram T("deferred");
    rt::Probe P = deferredProbe(rt::kThrow);
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    uint64_t Passes0 =
        rt::detail::deviceStatsPassCount() + rt::detail::deviceNanPassCount();
    uint64_t InProbes = 0, Passes = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(0, rt::kAfter, T0, 2, P);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(2, rt::kAfter, T2, 2, P);
      // Later work overwrites the input with NaN and clears the output: the
      // check saw them as they were right after the launch.
      CUDART(cudaMemsetAsync(ArgDev, 0xff, 1024 * sizeof(float), S));
      CUDART(cudaMemsetAsync(Out2Dev, 0, Big * sizeof(float), S));
      rt::TensorRef T3[] = {{"buf5", rt::kOut, Out3.cuda}};
      Run.probe(3, rt::kAfter, T3, 1, P); // NaN too, but later
      InProbes = rt::detail::hostSyncCount() - Syncs0;
      Passes = rt::detail::deviceStatsPassCount() +
               rt::detail::deviceNanPassCount() - Passes0;
      try {
        Run.finish();
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    EXPECT_TRUE(InProbes == 0)
        << "deferred: no sync in 3 probes (" + std::to_string(InProbes) + ")";
    EXPECT_TRUE(Passes == 3) << "deferred: one counting launch per probe (" +
                                    std::to_string(Passes) + ")";
    EXPECT_TRUE(rt::detail::hostSyncCount() - Syncs0 == 1)
        << "deferred: one sync for the run, in finish()";
    EXPECT_TRUE(What == Expected) << "deferred: finish() throws for the first "
                                     "offending launch: " +
                                         What;
    auto L = T.lines();
    EXPECT_TRUE(L.size() == 1 && L[0] == Expected)
        << "deferred: one report (" + std::to_string(L.size()) + " lines)";
    // Put the tensors back.
    CUDART(cudaMemcpy(ArgDev, In.data(), In.size() * sizeof(float),
                      cudaMemcpyHostToDevice));
    CUDART(cudaMemcpy(Out2Dev, Bad.data(), Bad.size() * sizeof(float),
                      cudaMemcpyHostToDevice));
  }
  /// 2. kWarn without finish(): ~RunScope reports every hit, in launch
  /// order, a CPU tensor's included; one sync.
  void warnReportsEveryHit(cudaStream_t S) {
    TestProgram T("deferred-warn");
    rt::Probe P = deferredProbe(rt::kWarn);
    std::vector<float> HostNan = {1, NaN};
    Twin H = makeTwin(aoti_torch_dtype_float32(), {2}, {1}, bytesOf(HostNan));
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"cpu_out", rt::kOut, H.cpu}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      Run.probe(2, rt::kAfter, T2, 2, P);
      rt::TensorRef T3[] = {{"buf5", rt::kOut, Out3.cuda}};
      Run.probe(3, rt::kAfter, T3, 1, P);
    }
    auto L = T.lines();
    EXPECT_TRUE(rt::detail::hostSyncCount() - Syncs0 == 1)
        << "deferred warn: one sync, in ~RunScope";
    EXPECT_TRUE(
        L.size() == 3 &&
        L[0].find("NaN in cpu_out (1 of 2 elements) after #0 tiny_ok") !=
            std::string::npos &&
        L[1] == "[aoti-instrument] NaN in buf3 (527 of 524288 elements) "
                "after #2 tiny_after (wrapper.cpp:1003) in run 1; "
                "inputs were clean; to replay it alone, add to the "
                "rules: {name: capture-2, match: {ordinals: \"2\"}, "
                "capture: true}" &&
        L[2].find("NaN in buf5 (64 of 64 elements) after #3") !=
            std::string::npos)
        << "deferred warn: every hit in launch order (" +
               std::to_string(L.size()) + " lines)";
    for (const std::string &X : L)
      std::printf("INFO %s\n", X.c_str());
  }
  /// 3. The same (site, phase) twice in a run: the first check is read (one
  /// sync) before the second is launched, and fails there.
  void repeatedSiteReadsFirst(cudaStream_t S) {
    TestProgram T("deferred-repeat");
    rt::Probe P = deferredProbe(rt::kThrow);
    std::string What;
    int Reached = 0;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      try {
        Run.probe(2, rt::kAfter, T2, 2, P);
        Reached = 1;
        Run.probe(2, rt::kAfter, T2, 2, P);
        Reached = 2;
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    EXPECT_TRUE(Reached == 1 && What == Expected)
        << "deferred: a repeated site reads the pending checks first: " + What;
  }
  /// 4. A probe that syncs anyway (stats print) reads the pending checks
  /// first: the earlier launch's report comes before that probe's lines.
  void syncingProbeReportsFirst(cudaStream_t S) {
    TestProgram T("deferred-then-print");
    rt::Probe Print{};
    Print.print = rt::kPrintStats;
    Print.print_roles = 3;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T2[] = {{"buf3", rt::kOut, Out2.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda}};
      try {
        Run.probe(2, rt::kAfter, T2, 2, deferredProbe(rt::kThrow));
        Run.probe(0, rt::kBefore, T0, 1, Print);
      } catch (const std::runtime_error &E) {
        What = E.what();
      }
    }
    auto L = T.lines();
    EXPECT_TRUE(What == Expected && L.size() == 1)
        << "deferred: a syncing probe reports the pending failure first (" +
               std::to_string(L.size()) + " lines)";
  }
  /// 5. Clean runs, repeated: pooled buffers, no report, one sync each.
  void cleanRunsRepeated(cudaStream_t S) {
    TestProgram T("deferred-clean");
    rt::Probe P = deferredProbe(rt::kThrow);
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    bool Threw = false;
    for (int R = 0; R < 20; ++R) {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, Out0.cuda},
                            {"arg0_1", rt::kIn, Arg.cuda}};
      try {
        for (int Site = 0; Site < 4; ++Site)
          Run.probe(Site, rt::kAfter, T0, 2, P);
        Run.finish();
      } catch (const std::exception &) {
        Threw = true;
      }
    }
    EXPECT_TRUE(!Threw && T.lines().empty() &&
                rt::detail::hostSyncCount() - Syncs0 == 20)
        << "deferred: 20 clean runs, 20 syncs, no report";
  }
};

TEST_F(GpuRuntime, DeferredNan) {
  DeferredNanCase C;
  C.finishNamesTheFirst(S);
  C.warnReportsEveryHit(S);
  C.repeatedSiteReadsFirst(S);
  C.syncingProbeReportsFirst(S);
  C.cleanRunsRepeated(S);
}

/// BatchedNan: batched NaN counts (Program::batch_deferred): the counts of
/// several launches in one launch at the run's end; a launch that writes a
/// pending tensor, the runtime's poison and a full batch send the batch first;
/// a pending tensor's storage is held until its count ran.
struct BatchedNanCase {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Ones, WithNan;
  const size_t Bytes = 4096 * sizeof(float);
  Twin A, B, C;
  void *BDev = nullptr, *ADev = nullptr;
  rt::Probe P = deferredProbe(rt::kThrow);

  BatchedNanCase() : Ones(4096, 1.0f), WithNan(4096, 1.0f) {
    WithNan[100] = NaN;
    A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
    B = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(WithNan));
    C = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
    aoti_torch_get_data_ptr(B.cuda, &BDev);
    aoti_torch_get_data_ptr(A.cuda, &ADev);
  }
  static uint64_t Passes() {
    return rt::detail::deviceNanPassCount() +
           rt::detail::deviceStatsPassCount();
  }
  static std::string Finish(rt::RunScope &Run) {
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      return std::string(E.what());
    }
    return std::string();
  }

  /// 1. Three launches: no count launched during the run, one at its end.
  void oneCountAtTheEnd(cudaStream_t S) {
    TestProgram T("batch");
    T.P->batch_deferred = true;
    uint64_t P0 = Passes(), During = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
      Run.beforeWrite(0, T0, 1);
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda},
                            {"buf0", rt::kIn, A.cuda}};
      Run.beforeWrite(1, T1, 1); // writes B: nothing pending there
      Run.probe(1, rt::kAfter, T1, 2, P);
      rt::TensorRef T2[] = {{"buf2", rt::kOut, C.cuda},
                            {"buf1", rt::kIn, B.cuda}};
      Run.beforeWrite(2, T2, 1);
      Run.probe(2, rt::kAfter, T2, 2, P);
      During = Passes() - P0;
      What = Finish(Run);
    }
    EXPECT_TRUE(During == 0) << "batch: no count launched during the run (" +
                                    std::to_string(During) + ")";
    EXPECT_TRUE(Passes() - P0 == 1)
        << "batch: one count launch for 3 launches (" +
               std::to_string(Passes() - P0) + ")";
    EXPECT_TRUE(
        What.find("NaN in buf1 (1 of 4096 elements) after #1 bad_kernel") !=
        std::string::npos)
        << "batch: finish() names the launch that made the NaN: " + What;
  }
  /// 2. A launch that overwrites a pending tensor (in place) sends the batch
  /// first: the count sees the NaN the earlier launch left.
  void inPlaceWriteSendsFirst(cudaStream_t S) {
    TestProgram T("batch-inplace");
    T.P->batch_deferred = true;
    uint64_t Flushed = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}};
      Run.probe(1, rt::kAfter, T1, 1, P);
      rt::TensorRef T2[] = {{"buf1", rt::kInOut, B.cuda}};
      uint64_t P0 = Passes();
      Run.beforeWrite(2, T2, 1);
      Flushed = Passes() - P0;
      CUDART(cudaMemsetAsync(BDev, 0, Bytes, S)); // the launch writes it
      Run.probe(2, rt::kAfter, T2, 1, P);
      What = Finish(Run);
    }
    EXPECT_TRUE(Flushed == 1)
        << "batch: a launch that writes a pending tensor sends "
           "the batch first";
    EXPECT_TRUE(What.find("NaN in buf1 (1 of 4096 elements) after #1") !=
                std::string::npos)
        << "batch: the count saw the tensor before the in-place write: " + What;
    CUDART(cudaMemcpy(BDev, WithNan.data(), Bytes, cudaMemcpyHostToDevice));
  }
  /// 3. The wrapper frees a pending tensor and a later allocation (inside an
  /// extern op: no guard sees it) writes fresh memory: not its memory.
  void freedTensorHeld(cudaStream_t S) {
    TestProgram T("batch-held");
    T.P->batch_deferred = true;
    int64_t Size = 4096, Stride = 1;
    AtenTensorHandle H = nullptr, H2 = nullptr;
    void *D = nullptr, *Again = nullptr;
    aoti_torch_empty_strided(1, &Size, &Stride, aoti_torch_dtype_float32(),
                             aoti_torch_device_type_cuda(), 0, &H);
    aoti_torch_get_data_ptr(H, &D);
    CUDART(cudaMemcpy(D, WithNan.data(), Bytes, cudaMemcpyHostToDevice));
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf4", rt::kOut, H}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      aoti_torch_delete_tensor_object(H); // buf4.reset()
      aoti_torch_empty_strided(1, &Size, &Stride, aoti_torch_dtype_float32(),
                               aoti_torch_device_type_cuda(), 0, &H2);
      aoti_torch_get_data_ptr(H2, &Again);
      CUDART(cudaMemsetAsync(Again, 0, Bytes, S));
      What = Finish(Run);
    }
    aoti_torch_delete_tensor_object(H2);
    EXPECT_TRUE(Again != D)
        << "batch: a pending tensor's memory is not handed out "
           "again before its count";
    EXPECT_TRUE(What.find("NaN in buf4 (1 of 4096 elements) after #0") !=
                std::string::npos)
        << "batch: the freed tensor's NaN is still found: " + What;
  }
  /// 4. Poison written by the runtime over a pending buffer: the batch first
  /// (the count sees the clean values, not the poison).
  void poisonAfterCounts(cudaStream_t S) {
    TestProgram T("batch-poison");
    T.P->batch_deferred = true;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
      Run.probe(0, rt::kAfter, T0, 1, P);
      rt::BufferPolicy Poison{0, rt::kWarn, true, 0xA5};
      Run.reuse("buf5", A.cuda, Poison); // NaN poison over A
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda}};
      Run.probe(1, rt::kAfter, T1, 1, P); // a real NaN, later
      What = Finish(Run);
    }
    EXPECT_TRUE(What.find("NaN in buf1 (1 of 4096 elements) after #1") !=
                std::string::npos)
        << "batch: counts of a buffer go before its poison (the first NaN "
           "is the later launch's): " +
               What;
    CUDART(cudaMemcpy(ADev, Ones.data(), Bytes, cudaMemcpyHostToDevice));
  }
  /// 6. A stable input (a constant no launch writes) is not counted during
  /// the run, only when its launch's report needs it (unbatched, so that
  /// the other counts are launched at their probes).
  void stableInputCountedLate(cudaStream_t S) {
    TestProgram T("batch-stable");
    Twin W =
        makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(WithNan));
    uint64_t S0 = rt::detail::deviceTensorScanCount(), During = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda},
                            {"w", rt::kIn, W.cuda, true}};
      Run.probe(0, rt::kAfter, T0, 2, P);
      rt::TensorRef T1[] = {{"buf1", rt::kOut, B.cuda},
                            {"w", rt::kIn, W.cuda, true}};
      Run.probe(1, rt::kAfter, T1, 2, P);
      During = rt::detail::deviceTensorScanCount() - S0;
      What = Finish(Run);
    }
    EXPECT_TRUE(During == 2)
        << "batch: a stable input is not counted during the run (" +
               std::to_string(During) + " scans, want 2)";
    EXPECT_TRUE(What.find("after #1 bad_kernel") != std::string::npos &&
                What.find("inputs held NaN/Inf too: w (1 NaN)") !=
                    std::string::npos)
        << "batch: the report counts the stable input it names: " + What;
  }
  /// 5. 40 tensors: a full batch (32) goes, then the rest at the end.
  void fullBatchGoes(cudaStream_t S) {
    TestProgram T("batch-full");
    T.P->batch_deferred = true;
    std::vector<Twin> Many;
    for (int I = 0; I < 40; ++I)
      Many.push_back(
          makeTwin(aoti_torch_dtype_float32(), {16}, {1},
                   bytesOf(std::vector<float>(16, I == 39 ? NaN : 2.0f))));
    uint64_t P0 = Passes(), AtEnd = 0;
    std::string What;
    {
      rt::RunScope Run(*T.P, S);
      for (int I = 0; I < 40; ++I) {
        rt::TensorRef TI[] = {{"buf", rt::kOut, Many[I].cuda}};
        Run.probe(I, rt::kAfter, TI, 1, P);
      }
      AtEnd = Passes() - P0;
      What = Finish(Run);
    }
    EXPECT_TRUE(AtEnd == 1 && Passes() - P0 == 2 &&
                What.find("NaN in buf (16 of 16 elements) after #39") !=
                    std::string::npos)
        << "batch: 40 tensors in two count launches (" + std::to_string(AtEnd) +
               " during the run, " + std::to_string(Passes() - P0) +
               " in all), the last one's NaN found: " + What;
  }
};

TEST_F(GpuRuntime, BatchedNan) {
  BatchedNanCase C;
  C.oneCountAtTheEnd(S);
  C.inPlaceWriteSendsFirst(S);
  C.freedTensorHeld(S);
  C.poisonAfterCounts(S);
  C.stableInputCountedLate(S);
  C.fullBatchGoes(S);
}

/// Two runs' lines side by side, when they differ.
void printDiff(const std::vector<std::string> &A, const char *NameA,
               const std::vector<std::string> &B, const char *NameB) {
  if (A == B)
    return;
  for (size_t I = 0; I < std::max(A.size(), B.size()); ++I)
    std::printf("  %-9s %s\n  %-9s %s\n", NameA,
                I < A.size() ? A[I].c_str() : "-", NameB,
                I < B.size() ? B[I].c_str() : "-");
}

/// DeferredPrint, print_deferred: the same lines as the immediate print, no
/// sync in the probes, one at the end; statistics taken in stream order (a
/// before-probe sees what the launch read, not what later work left).
struct DeferredPrintCase {
  std::vector<float> A, Idx;
  Twin X, Y;
  void *YDev = nullptr;
  rt::TensorRef Ts[2];
  rt::Probe Now{}, Later{};
  cudaStream_t S;
  std::vector<std::string> LA; ///< the immediate print's lines

  explicit DeferredPrintCase(cudaStream_t Stream)
      : A(4096), Idx(33, 2.0f), S(Stream) {
    for (size_t I = 0; I < A.size(); ++I)
      A[I] = static_cast<float>(I % 97) - 40.5f;
    A[17] = std::numeric_limits<float>::quiet_NaN();
    X = makeTwin(aoti_torch_dtype_float32(), {64, 64}, {64, 1}, bytesOf(A));
    Y = makeTwin(aoti_torch_dtype_float32(), {33}, {1}, bytesOf(Idx));
    aoti_torch_get_data_ptr(Y.cuda, &YDev);
    Ts[0] = {"buf1", rt::kOut, Y.cuda};
    Ts[1] = {"arg0_1", rt::kIn, X.cuda};
    Now.print = rt::kPrintStats;
    Now.print_roles = 3;
    Later = Now;
    Later.print_deferred = true;
  }
  static uint64_t Passes() { return rt::detail::deviceStatsPassCount(); }
  /// The "launch" between the probes: buf1 set to 1.0 (0x3f800000).
  void Body(rt::RunScope &Run, const rt::Probe &P) {
    Run.probe(2, rt::kBefore, Ts, 2, P);
    EXPECT_TRUE(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(YDev),
                                 0x3f800000u, 33,
                                 reinterpret_cast<CUstream>(S)) == CUDA_SUCCESS)
        << "deferred print: cuMemsetD32Async";
    Run.probe(2, rt::kAfter, Ts, 2, P);
  }
  /// The immediate print, then the deferred one: the same lines.
  void deferredEqualsImmediate() {

    TestProgram A1("print-now"), B1("print-deferred");
    {
      rt::RunScope Run(*A1.P, S);
      Body(Run, Now);
      Run.finish();
    }
    CUDART(cudaMemcpy(YDev, Idx.data(), Idx.size() * sizeof(float),
                      cudaMemcpyHostToDevice));
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    uint64_t InProbes = 0;
    {
      rt::RunScope Run(*B1.P, S);
      Body(Run, Later);
      InProbes = rt::detail::hostSyncCount() - Syncs0;
      Run.finish();
    }
    LA = A1.lines();
    auto LB = B1.lines();
    EXPECT_TRUE(InProbes == 0 && rt::detail::hostSyncCount() - Syncs0 == 1)
        << "deferred print: no sync in the probes, one in finish()";
    EXPECT_TRUE(LA == LB && LA.size() == 6)
        << "deferred print: the same " + std::to_string(LB.size()) +
               " lines as the immediate print";
    EXPECT_TRUE(
        contains(LB, "before #2 tiny_after   buf1 out float32 [33] strides "
                     "[1] cuda:0 numel 33 min 2 max 2") &&
        contains(LB, "after #2 tiny_after   buf1 out float32 [33] "
                     "strides [1] cuda:0 numel 33 min 1 max 1") &&
        contains(LB, "arg0_1 in float32 [64, 64] strides [64, 1] cuda:0 "
                     "numel 4096 min -40.5 max 55.5"))
        << "deferred print: before/after statistics in stream order";
    printDiff(LA, "now", LB, "deferred");
  }

  /// Batched (Program::batch_deferred): the launch's guard sends the
  /// before-statistics of buf1, which it writes, first; the after-statistics
  /// go at the end. The same lines again.
  void batchedEqualsImmediate() {
    CUDART(cudaMemcpy(YDev, Idx.data(), Idx.size() * sizeof(float),
                      cudaMemcpyHostToDevice));
    TestProgram C1("print-batched");
    C1.P->batch_deferred = true;
    uint64_t P0 = Passes(), AtGuard = 0, BeforeFinish = 0;
    {
      rt::RunScope Run(*C1.P, S);
      Run.probe(2, rt::kBefore, Ts, 2, Later);
      rt::TensorRef W[] = {{"buf1", rt::kOut, Y.cuda}};
      uint64_t G0 = Passes();
      Run.beforeWrite(2, W, 1);
      AtGuard = Passes() - G0;
      EXPECT_TRUE(
          cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(YDev), 0x3f800000u, 33,
                           reinterpret_cast<CUstream>(S)) == CUDA_SUCCESS)
          << "batched print: cuMemsetD32Async";
      Run.probe(2, rt::kAfter, Ts, 2, Later);
      BeforeFinish = Passes() - P0;
      Run.finish();
    }
    auto LC = C1.lines();
    EXPECT_TRUE(AtGuard == 1 && BeforeFinish == 1 && Passes() - P0 == 2)
        << "batched print: the guard sends the pending statistics of what the "
           "launch writes, the rest go at the end (" +
               std::to_string(AtGuard) + " at the guard, " +
               std::to_string(Passes() - P0) + " in all)";
    EXPECT_TRUE(LC == LA) << "batched print: the same " +
                                 std::to_string(LC.size()) +
                                 " lines as the immediate print";
    printDiff(LA, "now", LC, "batched");
  }

  /// Launches that write fresh tensors: the statistics of all of them (and
  /// a strided view, which the NaN batch cannot take) in one launch.
  void manyLaunchesInOne() {
    std::vector<Twin> Outs;
    for (int I = 0; I < 4; ++I)
      Outs.push_back(makeTwin(aoti_torch_dtype_float32(), {8, 8}, {8, 1},
                              bytesOf(std::vector<float>(64, float(I)))));
    std::vector<float> In(A.begin(), A.begin() + 64);
    Twin T = makeTwin(aoti_torch_dtype_float32(), {8, 8}, {1, 8}, bytesOf(In));
    TestProgram D1("print-batched-many"), E1("print-unbatched-many");
    D1.P->batch_deferred = true;
    uint64_t Counts[2] = {};
    for (TestProgram *Prog : {&D1, &E1}) {
      uint64_t Q0 = Passes();
      {
        rt::RunScope Run(*Prog->P, S);
        for (int I = 0; I < 4; ++I) {
          rt::TensorRef TI[] = {{"out", rt::kOut, Outs[I].cuda},
                                {"t", rt::kIn, T.cuda}};
          Run.beforeWrite(I, TI, 1);
          Run.probe(I, rt::kAfter, TI, 2, Later);
        }
        Run.finish();
      }
      Counts[Prog == &E1] = Passes() - Q0;
    }
    // A head line and two tensor lines per probe.
    EXPECT_TRUE(Counts[0] == 1 && Counts[1] == 4 && D1.lines() == E1.lines() &&
                D1.lines().size() == 12)
        << "batched print: 4 launches' statistics in " +
               std::to_string(Counts[0]) +
               " launch (unbatched: " + std::to_string(Counts[1]) +
               "), the same " + std::to_string(D1.lines().size()) + " lines";
  }
};

TEST_F(GpuRuntime, DeferredPrint) {
  DeferredPrintCase C(S);
  C.deferredEqualsImmediate();
  C.batchedEqualsImmediate();
  C.manyLaunchesInOne();
}

TEST_F(GpuRuntime, DeferredThreads) {
  constexpr int NT = 4, Runs = 25;
  TestProgram Prog("deferred-threads");
  std::atomic<int> Thrown{0};
  int Errors = onThreads(NT, [&](int I, cudaStream_t S) {
    std::vector<float> V(100000, 1.0f);
    if (I == 2)
      V[123] = std::numeric_limits<float>::quiet_NaN();
    Twin T = makeTwin(aoti_torch_dtype_float32(), {100000}, {1}, bytesOf(V));
    std::vector<float> C(1000, 1.0f);
    Twin U = makeTwin(aoti_torch_dtype_float32(), {1000}, {1}, bytesOf(C));
    std::string Name = "t" + std::to_string(I);
    for (int R = 0; R < Runs; ++R) {
      rt::RunScope Run(*Prog.P, S);
      rt::TensorRef Clean[] = {{"u", rt::kOut, U.cuda}};
      rt::TensorRef Ts[] = {{Name.c_str(), rt::kOut, T.cuda}};
      Run.probe(0, rt::kAfter, Clean, 1, deferredProbe(rt::kThrow));
      Run.probe(2, rt::kAfter, Ts, 1, deferredProbe(rt::kThrow));
      Run.probe(3, rt::kAfter, Clean, 1, deferredProbe(rt::kThrow));
      try {
        Run.finish();
      } catch (const std::runtime_error &) {
        ++Thrown;
      }
    }
  });
  auto L = Prog.lines();
  size_t Right = 0;
  for (const std::string &X : L)
    Right += X.find("NaN in t2 (1 of 100000 elements) after #2 tiny_after") !=
             std::string::npos;
  EXPECT_TRUE(Errors == 0 && Thrown == Runs && L.size() == Runs &&
              Right == Runs)
      << "deferred, 4 threads on own streams: only thread 2's runs fail (" +
             std::to_string(Thrown.load()) + " throws, " +
             std::to_string(L.size()) + " lines)";
}

} // namespace
