//===- BufferTest.cpp - Redzones and poison of CUDA buffers ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// GpuRuntime cases of redzoned buffers on a real GPU: poison, the zones read
// in stream order at the run's end, a write before the start, storage kept
// from one run for the next, poison merged into the count launch.
//
//===----------------------------------------------------------------------===//

#include "GpuTestUtil.h"

#include <algorithm>

namespace {

/// A CUDA int32 buffer of 16 elements that \p Run gave redzones (and
/// poison, as \p P says), as run_impl's allocation becomes one.
RAIIAtenTensorHandle redzonedBuffer(rt::RunScope &Run, const char *Name,
                                    const rt::BufferPolicy &P,
                                    const std::string &Test) {
  AtenTensorHandle H = nullptr;
  int64_t Sizes[] = {16}, Strides[] = {1};
  EXPECT_TRUE(aoti_torch_empty_strided(
                  1, Sizes, Strides, aoti_torch_dtype_int32(),
                  aoti_torch_device_type_cuda(), 0, &H) == AOTI_TORCH_SUCCESS)
      << Test + ": a CUDA int32 buffer";
  RAIIAtenTensorHandle Buf(H);
  AtenTensorHandle R = Run.buffer(Name, Buf.get(), P);
  EXPECT_TRUE(R != nullptr) << Test + ": a replacement with redzones";
  if (R)
    Buf = RAIIAtenTensorHandle(R);
  return Buf;
}

/// Redzones and poison of a CUDA buffer: filled in stream order, the zones
/// read with one sync at the end of the run, the report naming the buffer,
/// the bytes and the launches that wrote it.
void buffersOnCuda(Kernels &K, cudaStream_t S) {
  TestProgram T("buffers");
  rt::BufferPolicy P{64, rt::kThrow, true, 0xA5};
  rt::Probe Check{};
  Check.redzones = true;
  std::string What;
  bool Poisoned = false;
  uint64_t Syncs = 0;
  {
    rt::RunScope Run(*T.P, S);
    RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf4", P, "buffers");
    void *D = nullptr;
    aoti_torch_get_data_ptr(Buf.get(), &D);
    std::vector<uint32_t> Host(16);
    CUDART(cudaStreamSynchronize(S));
    CUDART(cudaMemcpy(Host.data(), D, 64, cudaMemcpyDeviceToHost));
    Poisoned = std::all_of(Host.begin(), Host.end(),
                           [](uint32_t V) { return V == 0xA5A5A5A5u; });
    rt::TensorRef Ts[] = {{"buf4", rt::kOut, Buf.get()}};
    uint64_t Syncs0 = rt::detail::hostSyncCount();
    K.launchStore(S, D, 3); // inside
    Run.probe(1, rt::kAfter, Ts, 1, Check);
    K.launchStore(S, D, 16); // the 4 bytes past the end
    Run.probe(2, rt::kAfter, Ts, 1, Check);
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
    Syncs = rt::detail::hostSyncCount() - Syncs0;
  }
  EXPECT_TRUE(Poisoned)
      << "buffers: the CUDA buffer poisoned with 0xA5 (int32)";
  EXPECT_TRUE(Syncs == 1) << "buffers: one sync for the run's redzones (" +
                                 std::to_string(Syncs) + ")";
  EXPECT_TRUE(What ==
              "[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) wrote "
              "past the end of buf4 (bytes 0..3 past its end, in its "
              "64-byte redzone) in run 1; to replay it alone, add to the "
              "rules: {name: capture-2, match: {ordinals: \"2\"}, "
              "capture: true}")
      << "buffers: finish() names the one launch of the buffer's writers "
         "that damaged its redzone (checked in stream order), the buffer and "
         "the bytes: " +
             What;
}

/// A write before the start of a buffer that an earlier launch wrote well,
/// and a later good writer: the zone is named with the launch that damaged
/// it first, not the last writer.
void bufferStartOnCuda(Kernels &K, cudaStream_t S, bool Batched) {
  TestProgram T(Batched ? "buffers-start-batched" : "buffers-start");
  T.P->batch_deferred = Batched; // the checks wait for the next writer
  rt::BufferPolicy P{64, rt::kThrow, false, 0};
  rt::Probe Check{};
  Check.redzones = true;
  std::string What;
  {
    rt::RunScope Run(*T.P, S);
    RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf7", P, "buffers-start");
    void *D = nullptr;
    aoti_torch_get_data_ptr(Buf.get(), &D);
    rt::TensorRef Ts[] = {{"buf7", rt::kOut, Buf.get()}};
    Run.beforeWrite(1, Ts, 1);
    K.launchStore(S, D, 0); // good
    Run.probe(1, rt::kAfter, Ts, 1, Check);
    Run.beforeWrite(2, Ts, 1);
    K.launchStore(S, static_cast<uint32_t *>(D) - 2, 0); // 8 bytes before
    Run.probe(2, rt::kAfter, Ts, 1, Check);
    Run.beforeWrite(3, Ts, 1);
    K.launchStore(S, D, 5); // good again
    Run.probe(3, rt::kAfter, Ts, 1, Check);
    try {
      Run.finish();
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  EXPECT_TRUE(
      What.rfind("[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) "
                 "wrote before the start of buf7 (bytes -8..-5 before its "
                 "start",
                 0) == 0)
      << (std::string(Batched ? "buffers-start-batched" : "buffers-start") +
          ": the launch that wrote before the start is named, not the "
          "later writers: " +
          What);
}

/// One run of pooledRedzones: a redzoned buf1 written by launch 2 at
/// element \p Offset (16: 4 bytes past its end); its data pointer in
/// \p Data; finish()'s exception in the result. With \p Output, the
/// buffer is handed to the caller as run_impl hands an output.
std::string pooledRun(Kernels &K, cudaStream_t S, TestProgram &T,
                      long long Offset, void *&Data,
                      AtenTensorHandle *Output = nullptr) {
  rt::BufferPolicy P{64, rt::kThrow, false, 0};
  rt::Probe Check{};
  Check.redzones = true;
  AtenTensorHandle Outs[1] = {nullptr};
  rt::RunScope Run(*T.P, S, Outs, 1);
  RAIIAtenTensorHandle Buf = redzonedBuffer(Run, "buf1", P, "buffers-pool");
  aoti_torch_get_data_ptr(Buf.get(), &Data);
  rt::TensorRef Ts[] = {{"buf1", rt::kOut, Buf.get()}};
  Run.beforeWrite(2, Ts, 1);
  K.launchStore(S, Data, Offset);
  Run.probe(2, rt::kAfter, Ts, 1, Check);
  std::string What;
  try {
    Run.finish();
  } catch (const std::runtime_error &E) {
    What = E.what();
  }
  if (Output)
    *Output = Outs[0] = Buf.release();
  return What;
}

/// Redzoned storage kept from one run for the next (ZonePool): a clean
/// base is taken by the next run's buffer of the same kind, with no
/// allocation and no fill, and its canaries still catch a write past the
/// end; a damaged base, and one an output holds, are not kept.
void pooledRedzones(Kernels &K, cudaStream_t S) {
  TestProgram T("buffers-pool");
  T.P->batch_deferred = true;
  const uint64_t Pooled0 = rt::detail::pooledBufferCount();
  void *D1 = nullptr, *D2 = nullptr, *D3 = nullptr, *D4 = nullptr;
  std::string W1 = pooledRun(K, S, T, 0, D1);
  std::string W2 = pooledRun(K, S, T, 16, D2);
  EXPECT_TRUE(W1.empty() && D2 == D1 &&
              rt::detail::pooledBufferCount() == Pooled0 + 1)
      << "buffers-pool: run 2's buffer is run 1's clean storage";
  EXPECT_TRUE(W2 == "[aoti-instrument] #2 tiny_after (wrapper.cpp:1003) wrote "
                    "past the end of buf1 (bytes 0..3 past its end, in its "
                    "64-byte redzone) in run 2; to replay it alone, add to the "
                    "rules: {name: capture-2, match: {ordinals: \"2\"}, "
                    "capture: true}")
      << "buffers-pool: the pooled canaries catch the write past the end: " +
             W2;
  AtenTensorHandle Out = nullptr;
  std::string W3 = pooledRun(K, S, T, 0, D3, &Out);
  EXPECT_TRUE(W3.empty() && rt::detail::pooledBufferCount() == Pooled0 + 1)
      << "buffers-pool: the damaged storage is not kept";
  std::string W4 = pooledRun(K, S, T, 0, D4);
  EXPECT_TRUE(W4.empty() && rt::detail::pooledBufferCount() == Pooled0 + 1 &&
              D4 != D3)
      << "buffers-pool: storage an output holds is not kept";
  if (Out)
    aoti_torch_delete_tensor_object(Out);
}

/// The first bytes of \p D as a 32-bit word, after the work on \p S.
uint32_t firstWord(cudaStream_t S, const void *D) {
  uint32_t W = 0;
  CUDART(cudaStreamSynchronize(S));
  CUDART(cudaMemcpy(&W, D, 4, cudaMemcpyDeviceToHost));
  return W;
}

/// Merged poison (RunScope::reuse with batch_deferred): no memset at the
/// reuse; the fill rides on the count launch the buffer's first user
/// sends, after that launch's count of what was there (a NaN, still
/// reported); the writer's one element then leaves 4095 poisoned ones.
void mergedPoison(Kernels &K, cudaStream_t S) {
  std::vector<float> V(4096, 1.0f);
  V[7] = std::numeric_limits<float>::quiet_NaN();
  Twin A = makeTwin(aoti_torch_dtype_float32(), {4096}, {1}, bytesOf(V));
  void *D = nullptr;
  aoti_torch_get_data_ptr(A.cuda, &D);
  const rt::Probe Nan = deferredProbe(rt::kWarn);
  const rt::BufferPolicy Poison{0, rt::kThrow, true, 0};
  TestProgram T("merged-poison");
  T.P->batch_deferred = true;
  const uint64_t P0 = rt::detail::deviceNanPassCount();
  uint64_t AtReuse = 0, AtWriter = 0;
  uint32_t AfterReuse = 0, BeforeWriter = 0;
  {
    rt::RunScope Run(*T.P, S);
    rt::TensorRef T0[] = {{"buf0", rt::kOut, A.cuda}};
    Run.beforeWrite(0, T0, 1);
    Run.probe(0, rt::kAfter, T0, 1, Nan); // buf0's count pending
    Run.reuse("buf1", A.cuda, Poison);    // buf1 takes buf0's storage
    AtReuse = rt::detail::deviceNanPassCount() - P0;
    AfterReuse = firstWord(S, D);
    rt::TensorRef T1[] = {{"buf1", rt::kOut, A.cuda}};
    Run.beforeWrite(1, T1, 1);
    AtWriter = rt::detail::deviceNanPassCount() - P0;
    BeforeWriter = firstWord(S, D);
    K.launchStore(S, D, 0);
    Run.probe(1, rt::kAfter, T1, 1, Nan);
    Run.finish();
  }
  EXPECT_TRUE(AtReuse == 0 && AfterReuse == 0x3f800000u)
      << "merged-poison: nothing launched at the reuse";
  EXPECT_TRUE(AtWriter == 1 && BeforeWriter == 0xffffffffu)
      << "merged-poison: one count launch before the first user, the fill "
         "in it";
  const std::vector<std::string> L = T.lines();
  EXPECT_TRUE(contains(L, "NaN in buf0 (1 of 4096 elements) after #0"))
      << "merged-poison: what was there counted before the fill";
  EXPECT_TRUE(contains(L, "NaN in buf1 (4095 of 4096 elements) after #1"))
      << "merged-poison: the writer's unwritten elements read as poison";
}

TEST_F(GpuRuntime, Buffers) { buffersOnCuda(*K, S); }
TEST_F(GpuRuntime, BufferStart) { bufferStartOnCuda(*K, S, /*Batched=*/false); }
TEST_F(GpuRuntime, BufferStartBatched) {
  bufferStartOnCuda(*K, S, /*Batched=*/true);
}
TEST_F(GpuRuntime, PooledRedzones) { pooledRedzones(*K, S); }
TEST_F(GpuRuntime, MergedPoison) { mergedPoison(*K, S); }

} // namespace
