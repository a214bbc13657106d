//===- ReplayTraceTest.cpp - A run's trace of deferred probes -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pieces of a replayed run (aoti_rt/replay.h) that need no GPU: which
// programs may replay (inputsPinned), how a trace matches the next run's
// calls and tensors, and how it is cut where a run leaves it. The replay
// itself runs on the GPU machine (unittests/runtime/gpu: ReplayedProbes,
// DeferredProbeHostCost).
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

using namespace aoti_rt_test;

namespace {

namespace rd = rt::detail;

TEST(ReplayTrace, OnlyProgramsWhoseInputsArePinnedReplay) {
  const int64_t Dims[] = {8, 64}, Max[] = {8, 64}, Open[] = {1, 64},
                Strides[] = {64, 1}, Unchecked[] = {64, -1};
  rt::CompiledInput In{0, "arg0_1", "x",  "float32", 1,
                       2, true,     Dims, Max,       Strides};
  TestProgram T(testDir());
  EXPECT_FALSE(rd::inputsPinned(*T.P)) << "no inputs: nothing pins a shape";
  T.P->inputs = &In;
  T.P->num_inputs = 1;
  EXPECT_TRUE(rd::inputsPinned(*T.P));
  In.dim_min = Open; // a dynamic batch dim, 1..8
  EXPECT_FALSE(rd::inputsPinned(*T.P));
  In.dim_min = Dims;
  In.strides = Unchecked;
  EXPECT_FALSE(rd::inputsPinned(*T.P));
  In.strides = Strides;
  In.rank_exact = false;
  EXPECT_FALSE(rd::inputsPinned(*T.P));
  In.rank_exact = true;
  In.dtype = nullptr;
  EXPECT_FALSE(rd::inputsPinned(*T.P));
}

/// A trace of one guard and one probe over \p Out and \p In.
rd::RunTrace twoSteps(AtenTensorHandle Out, AtenTensorHandle In) {
  auto Facts = [](AtenTensorHandle H, void *&Data, int64_t &Numel) {
    EXPECT_EQ(aoti_torch_get_data_ptr(H, &Data), AOTI_TORCH_SUCCESS);
    EXPECT_EQ(aoti_torch_get_numel(H, &Numel), AOTI_TORCH_SUCCESS);
  };
  void *D = nullptr;
  int64_t N = 0;
  rd::RunTrace T;
  EXPECT_TRUE(T.addStep(3, rt::kBefore, /*Guard=*/true, 1, false));
  Facts(Out, D, N);
  T.addTensor(0, rd::kTraceVerify, D, N);
  EXPECT_TRUE(T.addStep(3, rt::kAfter, /*Guard=*/false, 3, false));
  T.addTensor(0, rd::kTraceBatched, D, N);
  Facts(In, D, N);
  T.addTensor(1, rd::kTraceCounted, D, N);
  T.addTensor(2, rd::kTraceLazy, nullptr, 0);
  return T;
}

TEST(ReplayTrace, AStepMatchesTheSameCallOverTheSameTensors) {
  std::vector<float> A(32, 1.0f), B(16, 1.0f), C(32, 1.0f), W(4, 1.0f);
  auto Out = blob(A.data(), {32}, {1}, aoti_torch_dtype_float32());
  auto In = blob(B.data(), {4, 4}, {4, 1}, aoti_torch_dtype_float32());
  auto Elsewhere = blob(C.data(), {32}, {1}, aoti_torch_dtype_float32());
  auto Fewer = blob(A.data(), {16}, {1}, aoti_torch_dtype_float32());
  auto Const = blob(W.data(), {4}, {1}, aoti_torch_dtype_float32());
  auto OtherConst = blob(B.data(), {2}, {1}, aoti_torch_dtype_float32());
  rd::RunTrace T = twoSteps(Out.get(), In.get());
  ASSERT_EQ(T.Steps.size(), 2u);
  EXPECT_NE(T.match(0, 3, rt::kBefore, true, 1), nullptr);
  EXPECT_EQ(T.match(0, 3, rt::kBefore, false, 1), nullptr) << "a probe";
  EXPECT_EQ(T.match(0, 4, rt::kBefore, true, 1), nullptr) << "another site";
  EXPECT_EQ(T.match(1, 3, rt::kBefore, false, 3), nullptr) << "the phase";
  EXPECT_EQ(T.match(1, 3, rt::kAfter, false, 2), nullptr) << "the count";
  EXPECT_EQ(T.match(2, 3, rt::kAfter, false, 3), nullptr) << "past the end";
  const rd::TraceStep &Probe = *T.match(1, 3, rt::kAfter, false, 3);
  rt::TensorRef Same[] = {{"buf3", rt::kOut, Out.get()},
                          {"buf2", rt::kIn, In.get()},
                          {"w", rt::kIn, Const.get(), true}};
  EXPECT_TRUE(rd::traceTensorsMatch(T, Probe, Same));
  // A lazy input is not read: another constant there still matches.
  Same[2].handle = OtherConst.get();
  EXPECT_TRUE(rd::traceTensorsMatch(T, Probe, Same));
  rt::TensorRef Moved[] = {{"buf3", rt::kOut, Elsewhere.get()},
                           {"buf2", rt::kIn, In.get()},
                           {"w", rt::kIn, Const.get(), true}};
  EXPECT_FALSE(rd::traceTensorsMatch(T, Probe, Moved)) << "another address";
  rt::TensorRef Shorter[] = {{"buf3", rt::kOut, Fewer.get()},
                             {"buf2", rt::kIn, In.get()},
                             {"w", rt::kIn, Const.get(), true}};
  EXPECT_FALSE(rd::traceTensorsMatch(T, Probe, Shorter))
      << "the same first byte, fewer elements";
  rt::TensorRef Undefined[] = {{"buf3", rt::kOut, nullptr},
                               {"buf2", rt::kIn, In.get()},
                               {"w", rt::kIn, Const.get(), true}};
  EXPECT_FALSE(rd::traceTensorsMatch(T, Probe, Undefined));
}

TEST(ReplayTrace, AHostTensorWithoutNanMatchesByItsCountAlone) {
  // Efficient attention's philox seed and offset: int64 scalars on the
  // host, new every run; their counts are their element counts.
  int64_t Seed = 0, Elsewhere = 0;
  auto First = blob(&Seed, {}, {}, aoti_torch_dtype_int64());
  auto Next = blob(&Elsewhere, {}, {}, aoti_torch_dtype_int64());
  std::vector<int64_t> Two(2, 0);
  auto Pair = blob(Two.data(), {2}, {1}, aoti_torch_dtype_int64());
  rd::RunTrace T;
  ASSERT_TRUE(T.addStep(9, rt::kAfter, false, 1, false));
  T.addTensor(0, rd::kTraceKnown, &Seed, 1);
  rt::TensorRef Moved[] = {{"buf14", rt::kOut, Next.get()}};
  EXPECT_TRUE(rd::traceTensorsMatch(T, T.Steps[0], Moved));
  rt::TensorRef More[] = {{"buf14", rt::kOut, Pair.get()}};
  EXPECT_FALSE(rd::traceTensorsMatch(T, T.Steps[0], More));
  // A tensor whose counts need its bytes matches only where it was.
  T.Tensors[0].Op = rd::kTraceCounted;
  EXPECT_FALSE(rd::traceTensorsMatch(T, T.Steps[0], Moved));
  rt::TensorRef Same[] = {{"buf14", rt::kOut, First.get()}};
  EXPECT_TRUE(rd::traceTensorsMatch(T, T.Steps[0], Same));
}

TEST(ReplayTrace, ARunThatLeavesTheTraceKeepsTheStepsBefore) {
  std::vector<float> A(32, 1.0f), B(16, 1.0f);
  auto Out = blob(A.data(), {32}, {1}, aoti_torch_dtype_float32());
  auto In = blob(B.data(), {16}, {1}, aoti_torch_dtype_float32());
  rd::RunTrace T = twoSteps(Out.get(), In.get());
  T.truncate(1);
  ASSERT_EQ(T.Steps.size(), 1u);
  EXPECT_EQ(T.Tensors.size(), 1u) << "the probe's tensors go with it";
  EXPECT_EQ(T.match(1, 3, rt::kAfter, false, 3), nullptr);
  // Recorded again from there: the new step's tensors follow the old ones.
  EXPECT_TRUE(T.addStep(5, rt::kAfter, false, 1, true));
  T.addTensor(0, rd::kTraceCounted, A.data(), 32);
  EXPECT_EQ(T.Steps[1].First, 1u);
  EXPECT_EQ(T.Steps[1].Count, 1u);
  T.truncate(7); // past the end: nothing
  EXPECT_EQ(T.Steps.size(), 2u);
  T.clear();
  EXPECT_TRUE(T.Steps.empty() && T.Tensors.empty() && !T.Valid);
}

/// A whole trace of \p Owner: a probe of site 0 over the constant-made
/// \p Weights (batched), then a probe of site 1 over the input \p In, then
/// a guard that flushed.
rd::RunTrace threeSteps(AtenTensorHandle Weights, AtenTensorHandle In,
                        const void *Owner) {
  rd::RunTrace T;
  for (AtenTensorHandle H : {Weights, In}) {
    void *D = nullptr;
    int64_t N = 0;
    EXPECT_EQ(aoti_torch_get_data_ptr(H, &D), AOTI_TORCH_SUCCESS);
    EXPECT_EQ(aoti_torch_get_numel(H, &N), AOTI_TORCH_SUCCESS);
    EXPECT_TRUE(T.addStep(H == In ? 1 : 0, rt::kAfter, false, 1, false));
    T.addTensor(0, rd::kTraceBatched, D, N);
  }
  EXPECT_TRUE(T.addStep(2, rt::kBefore, /*Guard=*/true, 1, true));
  T.Owner = Owner;
  T.Device = 0;
  T.Valid = true;
  return T;
}

TEST(ReplayTrace, ACallerAlternatingTwoInputsReplaysBoth) {
  // A serving loop that makes the next input while the last is still
  // referenced: its runs differ where the input is first read (step 1).
  std::vector<float> W(64, 1.0f), A(64, 1.0f), B(64, 1.0f), C(64, 1.0f);
  auto Weights = blob(W.data(), {64}, {1}, aoti_torch_dtype_float32());
  auto InA = blob(A.data(), {64}, {1}, aoti_torch_dtype_float32());
  auto InB = blob(B.data(), {64}, {1}, aoti_torch_dtype_float32());
  auto InC = blob(C.data(), {64}, {1}, aoti_torch_dtype_float32());
  rt::TensorRef Step0[] = {{"buf0", rt::kOut, Weights.get()}};
  rt::TensorRef RunA[] = {{"arg0_1", rt::kIn, InA.get()}};
  rt::TensorRef RunB[] = {{"arg0_1", rt::kIn, InB.get()}};
  rt::TensorRef RunC[] = {{"arg0_1", rt::kIn, InC.get()}};
  const int Prog = 0, Other = 0;
  rd::TracePair P;
  P.Trace = threeSteps(Weights.get(), InA.get(), &Prog);
  EXPECT_TRUE(P.select(&Prog, 0));
  EXPECT_FALSE(rd::traceReplayable(P.Trace, &Other, 0)) << "another program's";
  EXPECT_FALSE(rd::traceReplayable(P.Trace, &Prog, 1)) << "another device's";
  EXPECT_FALSE(rd::traceReplayable(P.Trace, &Prog, -1)) << "no device";
  // Input B: step 0 replays, step 1 differs and there is no spare yet.
  ASSERT_NE(rd::replayableStep(P.Trace, 0, 0, rt::kAfter, false, Step0, 1),
            nullptr);
  EXPECT_EQ(rd::replayableStep(P.Trace, 1, 1, rt::kAfter, false, RunB, 1),
            nullptr);
  EXPECT_FALSE(P.takeSpare(1, 1, rt::kAfter, false, RunB, 1));
  P.fork(1); // B's run records after the step it replayed
  EXPECT_EQ(P.Shared, 1u);
  EXPECT_TRUE(P.Spare.Valid && P.Spare.Steps.size() == 3) << "A's, whole";
  ASSERT_EQ(P.Trace.Steps.size(), 1u);
  EXPECT_EQ(P.Trace.Tensors.size(), 1u);
  EXPECT_FALSE(P.Trace.Valid) << "recording";
  rd::RunTrace TB = threeSteps(Weights.get(), InB.get(), &Prog);
  P.Trace.addStep(1, rt::kAfter, false, 1, false);
  P.Trace.Tensors.push_back(TB.Tensors[1]);
  P.Trace.Steps.back().Count = 1;
  P.Trace.Steps.push_back(TB.Steps[2]);
  P.Trace.Steps.back().First = 2;
  P.Trace.Valid = true;
  // A again: step 1 is the spare's; they change places.
  EXPECT_TRUE(P.select(&Prog, 0));
  EXPECT_EQ(rd::replayableStep(P.Trace, 1, 1, rt::kAfter, false, RunA, 1),
            nullptr);
  ASSERT_TRUE(P.takeSpare(1, 1, rt::kAfter, false, RunA, 1));
  EXPECT_EQ(P.Trace.Tensors[1].Data, A.data());
  EXPECT_NE(rd::replayableStep(P.Trace, 2, 2, rt::kBefore, true, RunC, 1),
            nullptr)
      << "a guard that flushed compares no tensor";
  ASSERT_TRUE(P.takeSpare(1, 1, rt::kAfter, false, RunB, 1));
  EXPECT_EQ(P.Trace.Tensors[1].Data, B.data());
  // Neither's input, another call, or past the steps they share.
  EXPECT_FALSE(P.takeSpare(1, 1, rt::kAfter, false, RunC, 1));
  EXPECT_FALSE(P.takeSpare(1, 1, rt::kBefore, false, RunA, 1));
  EXPECT_FALSE(P.takeSpare(2, 1, rt::kAfter, false, RunA, 1));
  EXPECT_EQ(P.Trace.Tensors[1].Data, B.data());
  // A run that replayed one step only keeps that much in common.
  P.truncate(0);
  EXPECT_EQ(P.Shared, 0u);
  EXPECT_FALSE(P.takeSpare(1, 1, rt::kAfter, false, RunA, 1));
  // A trace that stopped: the spare replays next; another program's spare
  // goes.
  P.restart(&Prog);
  EXPECT_TRUE(P.select(&Prog, 0));
  EXPECT_EQ(P.Trace.Tensors[1].Data, A.data());
  EXPECT_FALSE(P.select(&Other, 0));
  EXPECT_TRUE(P.Spare.Steps.empty());
}

} // namespace
