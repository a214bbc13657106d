//===- TimingTest.cpp - What probes cost on a real GPU --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime.Timings (TIME lines: a tiny launch bare and with probes, NaN
// checks immediate and deferred, statistics printed or not) and
// GpuRuntime.DeferredProbeHostCost (nan-hunt's probes in a 57-launch
// forward, full path and replayed).
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace {

/// TIME per launch of a tiny kernel: bare, with an empty probe, with a
/// breadcrumb probe, with a raw cuStreamWriteValue32.
void launchTimings(Kernels &K, cudaStream_t S, TestProgram &Prog) {
  constexpr int N = 20000;
  auto Time = [&](const std::function<void()> &Body) {
    CUDART(cudaStreamSynchronize(S));
    auto T0 = std::chrono::steady_clock::now();
    Body();
    CUDART(cudaStreamSynchronize(S));
    auto T1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(T1 - T0).count() / N;
  };
  rt::Probe Crumb = crumbProbe(), Empty{};
  for (int Warm = 0; Warm < 2; ++Warm) {
    double Base = Time([&] {
      for (int I = 0; I < N; ++I)
        K.launchTiny(S);
    });
    double WithEmpty = Time([&] {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        Run.probe(0, rt::kAfter, nullptr, 0, Empty);
      }
    });
    double WithCrumbs = Time([&] {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        Run.probe(0, rt::kAfter, nullptr, 0, Crumb);
      }
    });
    auto &A = rt::detail::crumbArena();
    CUdeviceptr Slot = A.Dev + 4 * 16 * 255; // a slot no thread uses here
    double RawWrite = Time([&] {
      for (int I = 0; I < N; ++I) {
        K.launchTiny(S);
        CU(cuStreamWriteValue32(reinterpret_cast<CUstream>(S), Slot,
                                static_cast<cuuint32_t>(I), 0));
      }
    });
    if (Warm)
      std::printf("TIME per launch of a tiny kernel: %.2f us bare, %.2f us "
                  "with an empty probe, %.2f us with a breadcrumb probe "
                  "(+%.2f us), %.2f us with a raw cuStreamWriteValue32 "
                  "(+%.2f us)\n",
                  Base, WithEmpty, WithCrumbs, WithCrumbs - Base, RawWrite,
                  RawWrite - Base);
  }
}

/// TIME of a NaN check of a 1M-element float32 tensor, immediate and
/// deferred.
void nanCheckTimings(cudaStream_t S, TestProgram &Prog) {
  std::vector<float> V(1 << 20, 0.5f);
  Twin T = makeTwin(aoti_torch_dtype_float32(), {1 << 20}, {1}, bytesOf(V));
  rt::Probe St{};
  St.nan_roles = 3;
  St.nan_checks = 3;
  rt::TensorRef Ts[] = {{"x", rt::kOut, T.cuda}};
  constexpr int M = 200;
  { // warm: this file's copy of the runtime loads its kernels' PTX first
    rt::RunScope Run(*Prog.P, S);
    Run.probe(0, rt::kAfter, Ts, 1, St);
  }
  CUDART(cudaStreamSynchronize(S));
  auto T0 = std::chrono::steady_clock::now();
  {
    rt::RunScope Run(*Prog.P, S);
    for (int I = 0; I < M; ++I)
      Run.probe(0, rt::kAfter, Ts, 1, St);
  }
  auto T1 = std::chrono::steady_clock::now();
  std::printf(
      "TIME NaN check of a 1M-element float32 tensor: %.1f us per probe "
      "(one kernel, one sync)\n",
      std::chrono::duration<double, std::micro>(T1 - T0).count() / M);
  // Deferred: distinct sites (a repeated one would read the pending ones).
  rt::Probe Def = St;
  Def.nan_deferred = true;
  for (int Warm = 0; Warm < 2; ++Warm) {
    CUDART(cudaStreamSynchronize(S));
    T0 = std::chrono::steady_clock::now();
    double Enqueue = 0;
    {
      rt::RunScope Run(*Prog.P, S);
      for (int I = 0; I < M; ++I)
        Run.probe(100 + I, rt::kAfter, Ts, 1, Def);
      Enqueue = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
      Run.finish();
    }
    T1 = std::chrono::steady_clock::now();
    if (Warm)
      std::printf("TIME deferred NaN check of a 1M-element float32 tensor: "
                  "%.1f us per probe (%.1f us host time per probe), one sync "
                  "per run of %d probes\n",
                  std::chrono::duration<double, std::micro>(T1 - T0).count() /
                      M,
                  Enqueue / M, M);
  }
}

/// A print-all-like probe: 5 tensors of 512K float32 each, stats lines to
/// a file and to /dev/null, and the same work without printing (a NaN
/// check of every tensor): the cost of formatting and writing the lines.
void printTimings(Kernels &K, cudaStream_t S, TestProgram &Prog) {
  std::vector<float> W(1 << 19, 0.25f);
  std::vector<Twin> Five;
  for (int I = 0; I < 5; ++I)
    Five.push_back(makeTwin(aoti_torch_dtype_float32(), {512, 1024}, {1024, 1},
                            bytesOf(W)));
  rt::TensorRef F[5] = {{"buf1", rt::kIn, Five[0].cuda},
                        {"buf2", rt::kIn, Five[1].cuda},
                        {"w", rt::kIn, Five[2].cuda},
                        {"b", rt::kIn, Five[3].cuda},
                        {"buf3", rt::kOut, Five[4].cuda}};
  rt::Probe Print{};
  Print.print = rt::kPrintStats;
  Print.print_roles = 3;
  rt::Probe Check{};
  Check.nan_roles = 3;
  Check.nan_checks = 3;
  Check.nan_on_fail = rt::kWarn;
  setenv("GPU_TEST_LOG_DEVNULL", "/dev/null", 1);
  rt::Program *DevNull = new rt::Program(*Prog.P);
  DevNull->log_env = "GPU_TEST_LOG_DEVNULL";
  TestProgram File("timing-file");
  auto PerProbe = [&](const rt::Program &Pg, const rt::Probe &Pr) {
    CUDART(cudaStreamSynchronize(S));
    auto A = std::chrono::steady_clock::now();
    for (int R = 0; R < 4; ++R) {
      rt::RunScope Run(Pg, S);
      for (int I = 0; I < 50; ++I) {
        K.launchTiny(S);
        Run.probe(I % 4, rt::kAfter, F, 5, Pr);
      }
    }
    CUDART(cudaStreamSynchronize(S));
    return std::chrono::duration<double, std::micro>(
               std::chrono::steady_clock::now() - A)
               .count() /
           200;
  };
  for (int Warm = 0; Warm < 2; ++Warm) {
    double ToFile = PerProbe(*File.P, Print);
    double ToNull = PerProbe(*DevNull, Print);
    double NoPrint = PerProbe(*Prog.P, Check);
    if (Warm)
      std::printf("TIME stats of 5 tensors (512K float32 each) per probe: "
                  "%.1f us printed to a file, %.1f us to /dev/null, %.1f us "
                  "without printing (NaN check of all 5)\n",
                  ToFile, ToNull, NoPrint);
  }
}

TEST_F(GpuRuntime, Timings) {
  TestProgram Prog("timing", "", false);
  launchTimings(*K, S, Prog);
  nanCheckTimings(S, Prog);
  printTimings(*K, S, Prog);
}

/// The host time of nan-hunt's probes in a convnet-like forward of 57
/// launches (batched deferred NaN counts): each launch writes a fresh 64 KB
/// float32 output and reads the previous one and four unchanging constants;
/// a guard before it, a probe after it. Against the same forward with the
/// guards alone: the probes' own host cost per site, count launches
/// included (one per 32 outputs), taken by the full path (a program whose
/// inputs are not pinned) and replayed (one whose input is: replay.h), the
/// three forwards interleaved. GPU_TEST_PROBE_FORWARDS: how many forwards
/// (more for a profile of the loop, scripts/bench/hostprof.cpp).
TEST_F(GpuRuntime, DeferredProbeHostCost) {
  constexpr int Sites = 57;
  std::vector<float> V(16384, 0.5f);
  std::vector<Twin> Outs, Consts;
  for (int I = 0; I < Sites; ++I)
    Outs.push_back(
        makeTwin(aoti_torch_dtype_float32(), {16384}, {1}, bytesOf(V)));
  for (int I = 0; I < 4; ++I)
    Consts.push_back(makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                              bytesOf(std::vector<float>(64, 1.0f))));
  TestProgram Full("probe-cost", "", false),
      Replayed("probe-replay", "", false);
  Full.P->batch_deferred = Replayed.P->batch_deferred = true;
  pinInput(Replayed);
  AtenTensorHandle Inputs[] = {Consts[0].cuda.get()};
  const rt::Probe P = deferredProbe(rt::kThrow);
  const int Forwards = std::atoi(envOr("GPU_TEST_PROBE_FORWARDS", "2000"));
  auto Forward = [&](TestProgram &Prog, bool Probes) {
    rt::RunScope Run(*Prog.P, S);
    Run.checkInputs(Inputs, 0);
    for (int I = 0; I < Sites; ++I) {
      rt::TensorRef W[] = {{"out", rt::kOut, Outs[I].cuda}};
      Run.beforeWrite(I, W, 1);
      if (!Probes)
        continue;
      rt::TensorRef T[] = {{"out", rt::kOut, Outs[I].cuda},
                           {"in", rt::kIn, Outs[I ? I - 1 : Sites - 1].cuda},
                           {"c0", rt::kIn, Consts[0].cuda, true},
                           {"c1", rt::kIn, Consts[1].cuda, true},
                           {"c2", rt::kIn, Consts[2].cuda, true},
                           {"c3", rt::kIn, Consts[3].cuda, true}};
      Run.probe(I, rt::kAfter, T, 6, P);
    }
    Run.finish();
  };
  // Each variant's microseconds per forward, rounds interleaved.
  double Us[3] = {0, 0, 0};
  auto Time = [&](int Variant, int N) {
    CUDART(cudaStreamSynchronize(S));
    auto T0 = std::chrono::steady_clock::now();
    for (int F = 0; F < N; ++F)
      Forward(Variant == 2 ? Replayed : Full, Variant != 0);
    CUDART(cudaStreamSynchronize(S));
    auto T1 = std::chrono::steady_clock::now();
    Us[Variant] += std::chrono::duration<double, std::micro>(T1 - T0).count();
  };
  for (int V = 0; V < 3; ++V) // warm: pools, kernels, capacities, the trace
    Time(V, 20);
  Us[0] = Us[1] = Us[2] = 0;
  const uint64_t R0 = rt::detail::replayedStepCount();
  constexpr int Rounds = 20;
  for (int R = 0; R < Rounds; ++R)
    for (int V = 0; V < 3; ++V)
      Time(V, std::max(1, Forwards / Rounds));
  const int Done = Rounds * std::max(1, Forwards / Rounds);
  const double Guards = Us[0] / Done, Probed = Us[1] / Done,
               Replay = Us[2] / Done;
  std::printf("TIME nan-hunt probes of a 57-launch forward: %.1f us per "
              "forward with the guards alone, %.1f us with the probes: "
              "%.2f us per probe (2 count launches per forward included); "
              "replayed: %.1f us, %.2f us per probe\n",
              Guards, Probed, (Probed - Guards) / Sites, Replay,
              (Replay - Guards) / Sites);
  EXPECT_TRUE(Probed > Guards) << "probe cost: the probes take time";
  EXPECT_TRUE(rt::detail::replayedStepCount() - R0 >=
              static_cast<uint64_t>(Done) * Sites)
      << "probe cost: the pinned program's probes were replayed";
}

} // namespace
