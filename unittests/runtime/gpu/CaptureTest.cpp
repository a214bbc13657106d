//===- CaptureTest.cpp - Graph capture, breadcrumbs, threads on a GPU -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime cases of breadcrumbs without a fault, probes while a stream is
// captured into a CUDA graph, and 4 threads on 4 streams.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

namespace {

void breadcrumbsWithoutFault(Kernels &K, cudaStream_t S) {
  TestProgram Prog("crumbs-ok");
  {
    rt::RunScope Run(*Prog.P, S);
    for (int I = 0; I < 3; ++I) {
      K.launchTiny(S);
      Run.probe(I == 1 ? 2 : 0, rt::kAfter, nullptr, 0, crumbProbe());
    }
  }
  CUDART(cudaStreamSynchronize(S));
  auto &A = rt::detail::crumbArena();
  int Slot = rt::detail::crumbSlotIndex();
  uint32_t Done = A.Host[Slot * rt::detail::kCrumbStride];
  uint32_t Enq = rt::detail::crumbSlot(Slot).Enqueued;
  EXPECT_TRUE(A.Ok && !A.UseHostFn.load())
      << "breadcrumbs by cuStreamWriteValue32";
  EXPECT_TRUE(Enq >= 3 && Done == Enq)
      << "breadcrumb slot holds the last sequence (" + std::to_string(Done) +
             "/" + std::to_string(Enq) + ")";
  EXPECT_TRUE(Prog.lines().empty()) << "no report without a fault";
}

void captureSkipsSyncs(Kernels &K) {
  cudaStream_t S;
  CUDART(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  std::vector<float> V(64, 1.0f);
  Twin T = makeTwin(aoti_torch_dtype_float32(), {64}, {1}, bytesOf(V));
  TestProgram Prog("capture");
  rt::Probe P{};
  P.sync = true;
  P.breadcrumb = true;
  P.nan_roles = 3;
  P.nan_checks = 3;
  P.print = rt::kPrintValues;
  P.print_roles = 3;
  P.save = true;
  P.save_roles = 3;
  rt::InputGuard G{};
  G.name = "x";
  G.rank = -1;
  G.finite = true;
  bool Threw = false;
  cudaGraph_t Graph = nullptr;
  CUDART(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  try {
    for (int R = 0; R < 2; ++R) {
      rt::RunScope Run(*Prog.P, S);
      Run.guardInput(G, T.cuda);
      K.launchTiny(S);
      rt::TensorRef Ts[] = {{"x", rt::kInOut, T.cuda}};
      Run.probe(0, rt::kAfter, Ts, 1, P);
    }
  } catch (const std::exception &E) {
    Threw = true;
    std::printf("INFO capture threw: %s\n", E.what());
  }
  cudaError_t E = cudaStreamEndCapture(S, &Graph);
  EXPECT_TRUE(!Threw && E == cudaSuccess && Graph)
      << std::string("capture survives probes: ") + cudaGetErrorString(E);
  if (Graph) {
    cudaGraphExec_t Exec;
    EXPECT_TRUE(cudaGraphInstantiate(&Exec, Graph, 0) == cudaSuccess &&
                cudaGraphLaunch(Exec, S) == cudaSuccess &&
                cudaStreamSynchronize(S) == cudaSuccess)
        << "captured graph runs";
  }
  auto L = Prog.lines();
  size_t Warn = 0, Names = 0;
  for (const std::string &X : L) {
    Warn +=
        X.find("warning: the stream is being captured") != std::string::npos;
    Names += X.find("run ") != std::string::npos &&
             X.find("after #0 tiny_ok (wrapper.cpp:1001") != std::string::npos;
  }
  EXPECT_TRUE(Warn == 1) << "one capture warning per Program (" +
                                std::to_string(Warn) + ")";
  EXPECT_TRUE(Names == 2 && L.size() == 3)
      << "only names printed while capturing (" + std::to_string(L.size()) +
             " lines)";
  for (const std::string &X : L)
    std::printf("INFO %s\n", X.c_str());
}

void threads() {
  constexpr int NT = 4, Runs = 25;
  TestProgram Prog("threads");
  int Errors = onThreads(NT, [&](int I, cudaStream_t S) {
    std::vector<float> V(100000, static_cast<float>(I));
    V[I] = -1;
    Twin T = makeTwin(aoti_torch_dtype_float32(), {100000}, {1}, bytesOf(V));
    std::string Name = "t" + std::to_string(I);
    rt::Probe P{};
    P.print = rt::kPrintStats;
    P.print_roles = 3;
    P.breadcrumb = true;
    for (int R = 0; R < Runs; ++R) {
      rt::RunScope Run(*Prog.P, S);
      rt::TensorRef Ts[] = {{Name.c_str(), rt::kOut, T.cuda}};
      Run.probe(0, rt::kAfter, Ts, 1, P);
    }
  });
  auto L = Prog.lines();
  bool Ok = Errors == 0 && L.size() == 2 * NT * Runs;
  for (int I = 0; I < NT; ++I) {
    std::string Want = "t" + std::to_string(I) +
                       " out float32 [100000] strides [1] cuda:0 numel 100000 "
                       "min -1 max " +
                       std::to_string(I);
    size_t N = 0;
    for (const std::string &X : L)
      N += X.find(Want) != std::string::npos;
    Ok = Ok && N == Runs;
  }
  EXPECT_TRUE(Ok) << "4 threads, own streams: " + std::to_string(L.size()) +
                         " whole lines, right stats";
}

TEST_F(GpuRuntime, BreadcrumbsWithoutFault) { breadcrumbsWithoutFault(*K, S); }
TEST_F(GpuRuntime, CaptureSkipsSyncs) { captureSkipsSyncs(*K); }
TEST_F(GpuRuntime, Threads) { threads(); }

} // namespace
