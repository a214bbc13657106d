//===- ReplayTest.cpp - Replayed deferred probes on a real GPU ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime.ReplayedProbes: from a run's second call, deferred probes
// replay the trace the first recorded (replay.h), and still name the launch
// that left a NaN.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

namespace {

/// Element \p I of float32 tensor \p T set to \p V on \p S: a launch
/// that writes it.
void writeElement(const Twin &T, int64_t I, float V, cudaStream_t S) {
  void *D = nullptr;
  EXPECT_TRUE(aoti_torch_get_data_ptr(T.cuda.get(), &D) == AOTI_TORCH_SUCCESS)
      << "writeElement: data pointer";
  CUDART(cudaMemcpyAsync(static_cast<float *>(D) + I, &V, sizeof V,
                         cudaMemcpyHostToDevice, S));
  CUDART(cudaStreamSynchronize(S)); // V is on this stack frame
}

/// One run of replayedProbes' chain: four launches of \p Outs, the first
/// reading \p Inputs; the launch at \p NanAt (-1: none) leaves a NaN.
/// finish()'s exception, "" when none.
std::string runChain(TestProgram &T, cudaStream_t S, AtenTensorHandle *Inputs,
                     Twin *const (&Outs)[4], int NanAt) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  const rt::Probe P = deferredProbe(rt::kThrow);
  const char *Names[] = {"buf0", "buf1", "buf2", "buf3"};
  std::string What;
  rt::RunScope Run(*T.P, S);
  Run.checkInputs(Inputs, 0);
  for (int I = 0; I < 4; ++I) {
    rt::TensorRef W[] = {{Names[I], rt::kOut, Outs[I]->cuda}};
    Run.beforeWrite(I, W, 1);
    writeElement(*Outs[I], 7, I == NanAt ? NaN : 1.0f, S);
    // The third launch also returns a new int64 scalar on the host, as
    // efficient attention returns its philox seed.
    AtenTensorHandle Seed = nullptr;
    EXPECT_TRUE(aoti_torch_empty_strided(0, nullptr, nullptr,
                                         aoti_torch_dtype_int64(),
                                         aoti_torch_device_type_cpu(), 0,
                                         &Seed) == AOTI_TORCH_SUCCESS)
        << "replay: a host scalar";
    RAIIAtenTensorHandle SeedOwner(Seed);
    rt::TensorRef Ts[] = {{Names[I], rt::kOut, Outs[I]->cuda},
                          {I ? Names[I - 1] : "arg0_1", rt::kIn,
                           I ? Outs[I - 1]->cuda.get() : Inputs[0]},
                          {"seed", rt::kOut, Seed}};
    Run.probe(I, rt::kAfter, Ts, I == 2 ? 3 : 2, P);
  }
  try {
    Run.finish();
  } catch (const std::runtime_error &E) {
    What = E.what();
  }
  return What;
}

/// ReplayedProbes' tensors and program, and its runs.
struct ReplayChain {
  std::vector<float> Ones = std::vector<float>(4096, 1.0f);
  Twin X = makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                    bytesOf(std::vector<float>(64, 1.0f)));
  Twin A = make(), B = make(), B2 = make(), C = make(), D = make();
  TestProgram T{"replay"};
  AtenTensorHandle Inputs[1] = {X.cuda.get()};
  cudaStream_t S;
  std::string What; ///< the report of the last run of replayed()

  explicit ReplayChain(cudaStream_t Stream) : S(Stream) {
    T.P->batch_deferred = true;
    pinInput(T);
  }
  Twin make() {
    return makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(Ones));
  }
  /// One run: the launch at NanAt (-1: none) leaves a NaN; Moved: the
  /// second launch writes B2 instead of B.
  std::string runOnce(int NanAt, bool Moved) {
    Twin *const Outs[] = {&A, Moved ? &B2 : &B, &C, &D};
    return runChain(T, S, Inputs, Outs, NanAt);
  }
  static bool named(const std::string &What, const std::string &Launch) {
    return What.find("NaN in ") != std::string::npos &&
           What.find("after " + Launch) != std::string::npos;
  }
  /// One run as runOnce, its report in What: the steps it replayed.
  uint64_t replayed(int NanAt, bool Moved) {
    const uint64_t Before = rt::detail::replayedStepCount();
    What = runOnce(NanAt, Moved);
    return rt::detail::replayedStepCount() - Before;
  }
  /// A run replayed whole (four probes, three guards) that names Launch.
  uint64_t replaysAndNames(int NanAt, bool Moved, const std::string &Launch,
                           const std::string &Why) {
    const uint64_t Steps = replayed(NanAt, Moved);
    EXPECT_TRUE(Steps >= 7)
        << "replay: " + Why + " (" + std::to_string(Steps) + " steps replayed)";
    EXPECT_TRUE(named(What, Launch)) << "replay: " + Why + ", named: " + What;
    return Steps;
  }
};

/// A chain of four launches whose input is pinned, run again and again:
/// from the second run the deferred probes replay the first run's trace,
/// and a NaN a launch leaves is named by that launch in a replayed run; a
/// run whose second launch writes another tensor leaves the replay there
/// (the rest takes the full path, recorded anew) and still names the
/// launch; the run after it replays again. A host int64 scalar a launch
/// returns anew each run (efficient attention's seed) does not stop it.
TEST_F(GpuRuntime, ReplayedProbes) {
  ReplayChain Ch(S);
  EXPECT_TRUE(Ch.runOnce(-1, false).empty())
      << "replay: the recording run is clean";
  const uint64_t Whole = Ch.replaysAndNames(
      2, false, "#2 tiny_after", "the second run replays and names the NaN");
  EXPECT_TRUE(Ch.runOnce(-1, false).empty())
      << "replay: a clean replayed run reports "
         "nothing";
  const uint64_t Part = Ch.replayed(1, true);
  EXPECT_TRUE(Part >= 1 && Part < Whole)
      << "replay: a run whose second launch writes elsewhere leaves the "
         "replay there (" +
             std::to_string(Part) + " steps replayed)";
  EXPECT_TRUE(Ch.named(Ch.What, "#1 bad_kernel"))
      << "replay: after leaving the replay, the launch is named: " + Ch.What;
  Ch.replaysAndNames(3, true, "#3 triton_per_fused_x",
                     "the run after it replays the trace it recorded");
  // A caller that alternates two input tensors (the next one made while
  // the last is still referenced): the first run of the other input
  // records its own trace, and from then on each input replays its own.
  Twin X2 = makeTwin(aoti_torch_dtype_float32(), {64}, {1},
                     bytesOf(std::vector<float>(64, 1.0f)));
  Ch.Inputs[0] = X2.cuda.get();
  EXPECT_TRUE(Ch.replayed(-1, false) == 0 && Ch.What.empty())
      << "replay: another input's first run records, clean";
  Ch.Inputs[0] = Ch.X.cuda.get();
  Ch.replaysAndNames(2, true, "#2 tiny_after",
                     "the first input's trace, kept as the spare, replays when "
                     "that input comes back");
  Ch.Inputs[0] = X2.cuda.get();
  EXPECT_TRUE(Ch.replayed(-1, false) >= 7 && Ch.What.empty())
      << "replay: and the other input's trace replays in turn, clean";
  Ch.Inputs[0] = Ch.X.cuda.get();
  // Inputs that do not match what the model was compiled for: no replay,
  // the full path (the wrong input itself is reported by checkInputs).
  Ch.T.P->inputs_on_fail = rt::kWarn;
  Twin Wrong = makeTwin(aoti_torch_dtype_float32(), {32}, {1},
                        bytesOf(std::vector<float>(32, 1.0f)));
  Ch.Inputs[0] = Wrong.cuda.get();
  EXPECT_TRUE(Ch.replayed(0, false) == 0)
      << "replay: none where an input does not match";
  EXPECT_TRUE(Ch.named(Ch.What, "#0 tiny_ok"))
      << "replay: the full path names it: " + Ch.What;
}

} // namespace
