//===- BufferTest.cpp - Redzones, poison, device counting -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Buffers (redzones and poison), what the deferred checks count on the
// device (host logic) and the pool of redzoned buffers.
//
// Part of AOTIRuntimeTests (see RuntimeTestUtil.h for how the runtime is
// compiled in and what each test file shares).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <cmath>

using namespace aoti_rt_test;

//--- Buffers: redzones and poison
//--------------------------------------------//

template <class T> T *dataOf(AtenTensorHandle H) {
  void *P = nullptr;
  EXPECT_EQ(aoti_torch_get_data_ptr(H, &P), AOTI_TORCH_SUCCESS);
  return static_cast<T *>(P);
}

rt::BufferPolicy redzones(uint32_t Bytes, rt::OnFail F = rt::kThrow) {
  return rt::BufferPolicy{Bytes, F, false, 0xA5};
}

rt::Probe redzoneProbe() {
  rt::Probe P = probe();
  P.redzones = true;
  return P;
}

TEST(Buffers, RedzonesKeepTheLayoutAndCatchAWritePastTheEnd) {
  TestProgram T(testDir());
  std::string What;
  {
    rt::RunScope Run(*T.P, nullptr);
    // A transposed [3, 4] buffer: span 12 floats.
    auto Buf = freshBuffer({3, 4}, {1, 3});
    AtenTensorHandle H = Run.buffer("buf0", Buf.get(), redzones(64));
    ASSERT_NE(H, nullptr);
    Buf = RAIIAtenTensorHandle(H);
    rt::detail::TensorMeta M;
    M.Handle = Buf.get();
    ASSERT_TRUE(rt::detail::readMeta(M));
    EXPECT_EQ(M.Sizes, (std::vector<int64_t>{3, 4}));
    EXPECT_EQ(M.Strides, (std::vector<int64_t>{1, 3}));
    EXPECT_EQ(M.Dtype->Code, aoti_torch_dtype_float32());
    float *D = dataOf<float>(Buf.get());
    EXPECT_EQ(reinterpret_cast<uintptr_t>(D) % 16, 0u);
    auto *Bytes = reinterpret_cast<unsigned char *>(D);
    for (int I = 1; I <= 64; ++I) // the canary on both sides
      ASSERT_EQ(Bytes[-I], rt::kRedzoneCanary);
    for (int I = 0; I < 64; ++I)
      ASSERT_EQ(Bytes[48 + I], rt::kRedzoneCanary);
    // A launch that writes its 12 floats: nothing to say.
    for (int I = 0; I < 12; ++I)
      D[I] = static_cast<float>(I);
    rt::TensorRef Ts[] = {{"buf0", rt::kOut, Buf.get()}};
    Run.probe(0, rt::kAfter, Ts, 1, redzoneProbe());
    EXPECT_TRUE(T.lines().empty()) << T.log();
    // A launch that writes two floats past the end, seen as a reuse.
    D[12] = D[13] = 1.0f;
    rt::TensorRef As[] = {{"buf3", rt::kInOut, Buf.get()}};
    try {
      Run.probe(1, rt::kAfter, As, 1, redzoneProbe());
    } catch (const std::runtime_error &E) {
      What = E.what();
    }
  }
  EXPECT_EQ(What, "[aoti-instrument] #1 triton_poi_fused_addmm_relu_0 "
                  "(wrapper.cpp:910, source nodes [linear, relu]) wrote past "
                  "the end of buf3 (allocated as buf0; bytes 0..7 past its "
                  "end, in its 64-byte redzone) in run 1; to replay it "
                  "alone, add to the rules: {name: capture-1, match: "
                  "{ordinals: \"1\"}, capture: true}");
  EXPECT_EQ(T.lines(), std::vector<std::string>{What}) << T.log();
}

TEST(Buffers, AnUndefinedOutputIsPassedOverWithoutAnException) {
  // An op may return an undefined tensor for an output it did not make
  // (attention backward's grad_bias): the redzone check, the zone pool and
  // the replay trace pass over it without asking the shim for its data,
  // which would print a c10 exception with its back-trace on stderr.
  TestProgram T(testDir());
  RAIIAtenTensorHandle Undefined = undefinedTensor();
  testing::internal::CaptureStderr();
  {
    rt::RunScope Run(*T.P, nullptr);
    auto Buf = freshBuffer({4}, {1});
    AtenTensorHandle H = Run.buffer("buf0", Buf.get(), redzones(64));
    ASSERT_NE(H, nullptr);
    Buf = RAIIAtenTensorHandle(H);
    rt::TensorRef Ts[] = {{"buf5", rt::kOut, Undefined.get()},
                          {"buf0", rt::kOut, Buf.get()}};
    Run.probe(0, rt::kAfter, Ts, 2, redzoneProbe());
    rt::detail::ZonePool Pool;
    AtenTensorHandle Outputs[] = {Undefined.get()};
    Pool.dropHolders(Outputs, 1);
    void *Data = nullptr;
    EXPECT_FALSE(rt::detail::dataOf(Undefined.get(), Data));
    EXPECT_TRUE(rt::detail::dataOf(Buf.get(), Data));
  }
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(T.lines().empty()) << T.log();
  EXPECT_EQ(Err.find("Exception"), std::string::npos) << Err;
}

TEST(Buffers, AWriteBeforeTheStartWarnsOnceAndNamesTheBytes) {
  TestProgram T(testDir());
  std::string Json = T.Dir + "/events.jsonl";
  setenv(T.JsonlEnv.c_str(), Json.c_str(), 1);
  {
    rt::RunScope Run(*T.P, nullptr);
    auto Buf = freshBuffer({8}, {1}, aoti_torch_dtype_int64());
    Buf = RAIIAtenTensorHandle(
        Run.buffer("buf2", Buf.get(), redzones(32, rt::kWarn)));
    auto *D = dataOf<int64_t>(Buf.get());
    D[-1] = 7; // bytes -8..-1
    rt::TensorRef Ts[] = {{"buf2", rt::kOut, Buf.get()}};
    EXPECT_NO_THROW(Run.probe(2, rt::kAfter, Ts, 1, redzoneProbe()));
    EXPECT_NO_THROW(Run.probe(3, rt::kAfter, Ts, 1, redzoneProbe()));
    // An input is not checked: it is not written.
    rt::TensorRef In[] = {{"buf2", rt::kIn, Buf.get()}};
    EXPECT_NO_THROW(Run.probe(0, rt::kAfter, In, 1, redzoneProbe()));
    Run.finish();
  }
  auto L = T.lines();
  ASSERT_EQ(L.size(), 1u) << T.log();
  EXPECT_NE(L[0].find("#2 triton_per_fused_x (wrapper.cpp:916, source nodes "
                      "[linear, log]) wrote before the start "
                      "of buf2 (bytes -8..-1 before its start, in its 32-byte "
                      "redzone) in run 1"),
            std::string::npos)
      << L[0];
  std::string J = readFile(Json);
  EXPECT_NE(J.find("\"event\":\"redzone\""), std::string::npos) << J;
  EXPECT_NE(J.find("\"side\":\"before\",\"first\":-8,\"last\":-1"),
            std::string::npos)
      << J;
}

TEST(Buffers, PoisonFillsFloatsWithNaNAndOthersWithTheByte) {
  TestProgram T(testDir());
  rt::RunScope Run(*T.P, nullptr);
  rt::BufferPolicy P{0, rt::kThrow, true, 0x5A};
  auto F = freshBuffer({2, 3}, {3, 1});
  EXPECT_EQ(Run.buffer("buf0", F.get(), P), nullptr); // filled in place
  for (int I = 0; I < 6; ++I)
    EXPECT_TRUE(std::isnan(dataOf<float>(F.get())[I]));
  auto H = freshBuffer({5}, {1}, aoti_torch_dtype_bfloat16());
  Run.buffer("buf1", H.get(), P);
  for (int I = 0; I < 5; ++I)
    EXPECT_EQ(dataOf<uint16_t>(H.get())[I], 0xFFFF); // a bf16 NaN
  auto B = freshBuffer({3}, {1}, aoti_torch_dtype_uint8());
  Run.buffer("buf2", B.get(), P);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(dataOf<uint8_t>(B.get())[I], 0x5A);
  // A reuse: the new role's extent is poisoned.
  std::vector<float> Old(4, 1.0f);
  auto R = blob(Old.data(), {4}, {1}, aoti_torch_dtype_float32());
  Run.reuse("buf3", R.get(), P);
  EXPECT_TRUE(std::isnan(Old[0]) && std::isnan(Old[3]));
  // Redzones and poison together: the view is poisoned, the zones hold
  // the canary.
  rt::BufferPolicy Both{16, rt::kThrow, true, 0};
  auto Z = freshBuffer({4}, {1});
  Z = RAIIAtenTensorHandle(Run.buffer("buf4", Z.get(), Both));
  auto *ZB = reinterpret_cast<unsigned char *>(dataOf<float>(Z.get()));
  EXPECT_TRUE(std::isnan(reinterpret_cast<float *>(ZB)[3]));
  EXPECT_EQ(ZB[-1], rt::kRedzoneCanary);
  EXPECT_EQ(ZB[16], rt::kRedzoneCanary);
  EXPECT_TRUE(T.lines().empty()) << T.log();
}

TEST(Buffers, ABufferItsFirstWriterCoversIsPoisonedOnlyWhereNotDense) {
  // Covered: the first user writes every element (an out= matrix product
  // given the whole buffer). A dense buffer then has no byte to read
  // unwritten and keeps what it held; a padded one still has its holes
  // poisoned.
  TestProgram T(testDir());
  rt::RunScope Run(*T.P, nullptr);
  const rt::BufferPolicy P{0, rt::kThrow, true, 0};
  std::vector<float> Dense(6, 1.0f), Padded(8, 1.0f);
  auto D = blob(Dense.data(), {2, 3}, {3, 1}, aoti_torch_dtype_float32());
  auto Pd = blob(Padded.data(), {2, 3}, {4, 1}, aoti_torch_dtype_float32());
  EXPECT_EQ(Run.buffer("buf0", D.get(), P, /*Covered=*/true), nullptr);
  EXPECT_EQ(Dense[0], 1.0f);
  Run.reuse("buf1", D.get(), P, /*Covered=*/true);
  EXPECT_EQ(Dense[5], 1.0f);
  Run.reuse("buf2", Pd.get(), P, /*Covered=*/true);
  EXPECT_TRUE(std::isnan(Padded[3])); // the hole between the rows
  EXPECT_TRUE(std::isnan(Padded[0]) && std::isnan(Padded[6]));
  Run.reuse("buf3", D.get(), P); // not covered: poisoned as always
  EXPECT_TRUE(std::isnan(Dense[0]) && std::isnan(Dense[5]));
  EXPECT_TRUE(T.lines().empty()) << T.log();
}

TEST(Buffers, NothingChangesWhenDisabledOrEmpty) {
  TestProgram T(testDir());
  setenv(T.DisableEnv.c_str(), "1", 1);
  {
    rt::RunScope Run(*T.P, nullptr);
    auto F = freshBuffer({4}, {1});
    EXPECT_EQ(Run.buffer("buf0", F.get(), redzones(64)), nullptr);
  }
  unsetenv(T.DisableEnv.c_str());
  TestProgram U(testDir() + "/u");
  rt::RunScope Run(*U.P, nullptr);
  auto E = freshBuffer({0, 4}, {4, 1});
  EXPECT_EQ(Run.buffer("buf1", E.get(), redzones(64)), nullptr);
  EXPECT_EQ(Run.buffer("buf2", nullptr, redzones(64)), nullptr);
}

//--- What the deferred checks count on the device, host logic -------------//

/// The metadata of a fresh buffer of these sizes and strides, as a probe
/// reads it.
rt::detail::TensorMeta metaOf(const RAIIAtenTensorHandle &H) {
  rt::detail::TensorMeta M;
  M.Handle = H.get();
  EXPECT_TRUE(rt::detail::readMeta(M)) << M.Error;
  return M;
}

TEST(DeviceCounting, DenseLayoutsGoToTheNaNKernel) {
  using rt::detail::isDense;
  // Contiguous, with size-1 dims, a permutation (a transpose, a channels-
  // last image): every element in [data, data + numel * size).
  EXPECT_TRUE(isDense(metaOf(freshBuffer({4, 8}, {8, 1}))));
  EXPECT_TRUE(isDense(metaOf(freshBuffer({4, 1, 8}, {8, 8, 1}))));
  EXPECT_TRUE(isDense(metaOf(freshBuffer({48, 64}, {1, 48}))));
  EXPECT_TRUE(isDense(metaOf(freshBuffer({2, 3, 4, 5}, {60, 1, 15, 3}))));
  // Gaps (every other column, a padded row), overlap (an expanded dim),
  // nothing at all: the statistics kernel reads those by their strides.
  RAIIAtenTensorHandle Base = freshBuffer({64, 48}, {48, 1});
  AtenTensorHandle View = nullptr;
  int64_t Sizes[] = {64, 24}, Strides[] = {48, 2};
  ASSERT_EQ(
      aoti_torch__reinterpret_tensor(Base.get(), 2, Sizes, Strides, 0, &View),
      AOTI_TORCH_SUCCESS);
  RAIIAtenTensorHandle Strided(View);
  EXPECT_FALSE(isDense(metaOf(Strided)));
  EXPECT_FALSE(isDense(metaOf(freshBuffer({4, 8}, {10, 1}))));
  EXPECT_FALSE(isDense(metaOf(freshBuffer({4, 8}, {0, 1}))));
  EXPECT_FALSE(isDense(metaOf(freshBuffer({0, 8}, {8, 1}))));
}

TEST(DeviceCounting, SeenTensorsAreForgottenOnEveryPossibleWrite) {
  using namespace rt::detail;
  RAIIAtenTensorHandle A = freshBuffer({256}, {1});
  RAIIAtenTensorHandle B = freshBuffer({16, 16}, {16, 1});
  TensorMeta MA = metaOf(A), MB = metaOf(B);
  Stats SlotA, SlotB;
  SeenTensors Seen;
  auto Remember = [&](const TensorMeta &M, Stats *Slot, bool Full) {
    Seen.remember(M, seenShape(M), Slot, Full);
  };
  Seen.probeOf(0);
  Remember(MA, &SlotA, /*Full=*/false);
  Remember(MB, &SlotB, /*Full=*/true);
  // The next launch's probe: both are still what was counted. A NaN count
  // does not stand for statistics; statistics stand for a NaN count.
  Seen.probeOf(1);
  ASSERT_NE(Seen.find(MA, seenShape(MA), false), nullptr);
  EXPECT_EQ(Seen.find(MA, seenShape(MA), false)->Slot, &SlotA);
  EXPECT_EQ(Seen.find(MA, seenShape(MA), /*Full=*/true), nullptr);
  EXPECT_EQ(Seen.find(MB, seenShape(MB), false)->Slot, &SlotB);
  // Another view of A's bytes (another shape) is not A.
  TensorMeta MA2 = MA;
  MA2.CSizes = {16, 16};
  MA2.CStrides = {16, 1};
  EXPECT_EQ(Seen.find(MA2, seenShape(MA2), false), nullptr);
  // A write to one byte of A forgets A, not B.
  uintptr_t At = reinterpret_cast<uintptr_t>(MA.Data) + 100;
  Seen.forget(At, At + 1);
  EXPECT_EQ(Seen.find(MA, seenShape(MA), false), nullptr);
  EXPECT_NE(Seen.find(MB, seenShape(MB), false), nullptr);
  // The bytes just past B's end are not B's.
  uintptr_t End = reinterpret_cast<uintptr_t>(MB.Data) + 256 * 4;
  Seen.forget(End, End + 64);
  EXPECT_NE(Seen.find(MB, seenShape(MB), false), nullptr);
  // The same launch's after-probe keeps the list; a launch with no probe in
  // between (#2 skipped) or a jump back (a loop) clears it.
  Seen.probeOf(1);
  EXPECT_NE(Seen.find(MB, seenShape(MB), false), nullptr);
  Seen.probeOf(3);
  EXPECT_EQ(Seen.find(MB, seenShape(MB), false), nullptr);
  Remember(MB, &SlotB, true);
  Seen.probeOf(1);
  EXPECT_EQ(Seen.find(MB, seenShape(MB), false), nullptr);
  // Remembering a tensor again replaces its entry: statistics now stand
  // for its NaN count too.
  Seen.clear();
  Seen.probeOf(0);
  Remember(MB, &SlotA, false);
  Remember(MB, &SlotB, true);
  ASSERT_EQ(Seen.Entries.size(), 1u);
  EXPECT_EQ(Seen.find(MB, seenShape(MB), true)->Slot, &SlotB);
  // At most kMax entries: the older half goes (fake tensors shaped as B,
  // 64 KB apart, remembered from the highest address down).
  Seen.clear();
  Seen.probeOf(0);
  std::vector<TensorMeta> Fakes(SeenTensors::kMax + 1, MB);
  for (size_t I = 0; I < Fakes.size(); ++I) {
    Fakes[I].Data = MB.Data + 0x10000 * (Fakes.size() - I); // descending
    Fakes[I].Handle = reinterpret_cast<AtenTensorHandle>(I + 1);
    Remember(Fakes[I], &SlotB, false);
    EXPECT_LE(Seen.Entries.size(), SeenTensors::kMax);
  }
  EXPECT_EQ(Seen.find(Fakes[0], seenShape(MB), false), nullptr);
  EXPECT_NE(Seen.find(Fakes.back(), seenShape(MB), false), nullptr);
  EXPECT_NE(Seen.find(Fakes[Fakes.size() / 2 + 1], seenShape(MB), false),
            nullptr);
  EXPECT_TRUE(std::is_sorted(Seen.Entries.begin(), Seen.Entries.end(),
                             [](const SeenTensor &X, const SeenTensor &Y) {
                               return X.Begin < Y.Begin;
                             }));
  // A write is found however far before it its tensor begins: a long
  // tensor (A's 1 KB), then short ones inside it; one byte at A's end.
  Seen.clear();
  Seen.probeOf(0);
  Remember(MA, &SlotA, false);
  TensorMeta Small = MB;
  Small.CSizes = {1};
  Small.CStrides = {1};
  Small.Numel = 1;
  Small.Span = 1;
  for (int I = 0; I < 8; ++I) {
    Small.Data = MA.Data + 4 * I;
    Small.Handle = reinterpret_cast<AtenTensorHandle>(0x100 + I);
    Remember(Small, &SlotB, false);
  }
  ASSERT_EQ(Seen.Entries.size(), 9u);
  uintptr_t Last = reinterpret_cast<uintptr_t>(MA.Data) + 1023;
  Seen.forget(Last, Last + 1);
  EXPECT_EQ(Seen.find(MA, seenShape(MA), false), nullptr);
  EXPECT_EQ(Seen.Entries.size(), 8u); // the small ones end before it
  Seen.forget(reinterpret_cast<uintptr_t>(MA.Data) + 5,
              reinterpret_cast<uintptr_t>(MA.Data) + 9);
  EXPECT_EQ(Seen.Entries.size(), 6u); // the 2nd and 3rd floats
}

/// A ZonePool entry of a fresh 1-D float32 base of \p Elems elements.
rt::detail::ZonePool::Entry poolEntry(int64_t Elems, uint32_t Zone = 64) {
  RAIIAtenTensorHandle Base = freshBuffer({Elems}, {1});
  void *Data = nullptr;
  EXPECT_EQ(aoti_torch_get_data_ptr(Base.get(), &Data), AOTI_TORCH_SUCCESS);
  return rt::detail::ZonePool::Entry{Base.release(),
                                     static_cast<unsigned char *>(Data),
                                     aoti_torch_dtype_float32(),
                                     0,
                                     Elems,
                                     Zone,
                                     static_cast<size_t>(Elems) * 4};
}

TEST(ZonePool, TakesOnlyItsKindAndDropsWhatAnOutputHolds) {
  using rt::detail::ZonePool;
  ZonePool Pool;
  Pool.Entries = {poolEntry(64), poolEntry(96), poolEntry(96, 128)};
  ZonePool::Entry E{};
  // Dtype, device, elements and zone must all match.
  EXPECT_FALSE(Pool.take(aoti_torch_dtype_float32(), 0, 80, 64, E));
  EXPECT_FALSE(Pool.take(aoti_torch_dtype_float16(), 0, 64, 64, E));
  EXPECT_FALSE(Pool.take(aoti_torch_dtype_float32(), 1, 64, 64, E));
  ASSERT_TRUE(Pool.take(aoti_torch_dtype_float32(), 0, 96, 128, E));
  EXPECT_EQ(E.Elems, 96);
  EXPECT_EQ(E.Zone, 128u);
  EXPECT_EQ(Pool.Entries.size(), 2u);
  aoti_torch_delete_tensor_object(E.Base);
  // An output that is a view inside the 64-element base holds it: that
  // base is freed, the other kept.
  AtenTensorHandle View = nullptr;
  int64_t Sizes[] = {8}, Strides[] = {1};
  size_t Held = Pool.Entries[0].Elems == 64 ? 0 : 1;
  ASSERT_EQ(aoti_torch__reinterpret_tensor(Pool.Entries[Held].Base, 1, Sizes,
                                           Strides, 16, &View),
            AOTI_TORCH_SUCCESS);
  RAIIAtenTensorHandle Output(View);
  AtenTensorHandle Outputs[] = {nullptr, Output.get()};
  Pool.dropHolders(Outputs, 2);
  ASSERT_EQ(Pool.Entries.size(), 1u);
  EXPECT_EQ(Pool.Entries[0].Elems, 96);
  void *OutData = nullptr;
  ASSERT_EQ(aoti_torch_get_data_ptr(Output.get(), &OutData),
            AOTI_TORCH_SUCCESS); // the caller's output lives on
  Pool.clear();
  EXPECT_TRUE(Pool.Entries.empty());
}

TEST(DeviceCounting, NanBatchHoldsWhatItCountsAndSaysWhatOverlaps) {
  using namespace rt::detail;
  RAIIAtenTensorHandle A = freshBuffer({256}, {1});
  TensorMeta MA = metaOf(A);
  // The span a guard compares: a transposed view spans its base's bytes; a
  // strided one, from its first element to its last.
  uintptr_t B = 0, E = 0;
  ASSERT_TRUE(spanOf(A.get(), B, E));
  EXPECT_EQ(B, reinterpret_cast<uintptr_t>(MA.Data));
  EXPECT_EQ(E, B + 256 * 4);
  RAIIAtenTensorHandle Base = freshBuffer({8, 8}, {8, 1});
  AtenTensorHandle View = nullptr;
  int64_t Sizes[] = {4}, Strides[] = {2};
  ASSERT_EQ(
      aoti_torch__reinterpret_tensor(Base.get(), 1, Sizes, Strides, 3, &View),
      AOTI_TORCH_SUCCESS);
  RAIIAtenTensorHandle Strided(View);
  uintptr_t VB = 0, VE = 0, BB = 0, BE = 0;
  ASSERT_TRUE(spanOf(Strided.get(), VB, VE));
  ASSERT_TRUE(spanOf(Base.get(), BB, BE));
  EXPECT_EQ(VB, BB + 3 * 4);
  EXPECT_EQ(VE, VB + 7 * 4); // elements 3, 5, 7, 9
  EXPECT_FALSE(spanOf(nullptr, VB, VE));

  Stats Slots[kNanDescs];
  NanBatch Batch;
  Batch.Host = Slots;
  EXPECT_TRUE(Batch.empty());
  // A held reference keeps the storage: the tensor's bytes stay its own
  // after the wrapper lets its handle go, until the batch is cleared.
  AtenTensorHandle Ref = nullptr;
  ASSERT_EQ(aoti_torch_new_tensor_handle(A.get(), &Ref), AOTI_TORCH_SUCCESS);
  Stats *Slot = nullptr;
  Batch.add(B, E, Ref, Slot).numel = 256; // the descriptor to fill
  EXPECT_EQ(Slot, &Slots[0]);
  EXPECT_EQ(Batch.Launch.d[0].numel, 256);
  EXPECT_EQ(Batch.Bytes, 1024u);
  A.reset();
  void *Data = nullptr;
  ASSERT_EQ(aoti_torch_get_data_ptr(Ref, &Data), AOTI_TORCH_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Data), B);
  // Any byte of it overlaps; the bytes just before and after do not.
  EXPECT_TRUE(Batch.overlaps(B + 1000, B + 1001));
  EXPECT_TRUE(Batch.overlaps(B - 8, B + 1));
  EXPECT_FALSE(Batch.overlaps(E, E + 64));
  EXPECT_FALSE(Batch.overlaps(B - 64, B));
  // At most kNanDescs tensors and kMaxBytes bytes.
  EXPECT_TRUE(Batch.fits(kNanDescs - 1, 0));
  EXPECT_FALSE(Batch.fits(kNanDescs, 0));
  EXPECT_FALSE(Batch.fits(1, NanBatch::kMaxBytes));
  EXPECT_TRUE(NanBatch::batchable(kNanDescs, NanBatch::kMaxBytes));
  EXPECT_FALSE(NanBatch::batchable(kNanDescs + 1, 0));
  EXPECT_FALSE(NanBatch::batchable(1, NanBatch::kMaxBytes + 1));
  Batch.add(E, E + 16, nullptr, Slot);
  EXPECT_EQ(Slot, &Slots[1]);
  EXPECT_EQ(Batch.size(), 2);
  Batch.clear(); // lets the reference go
  EXPECT_TRUE(Batch.empty());
  EXPECT_EQ(Batch.Bytes, 0u);
  EXPECT_EQ(Batch.Host, nullptr);
  EXPECT_FALSE(Batch.overlaps(B, E));
  // Merged poison fills are work of the batch's launch too: a batch with a
  // fill and no count is not empty, and clearing it drops the fills.
  Batch.Launch.fills[Batch.Launch.nfills++] = FillDesc{B, 64, 0xFF};
  EXPECT_FALSE(Batch.empty());
  EXPECT_EQ(Batch.size(), 0);
  Batch.clear();
  EXPECT_TRUE(Batch.empty());
  EXPECT_EQ(Batch.Launch.nfills, 0);

  // Statistics batch the same way, up to the statistics kernel's inline
  // descriptors, into the launch's inline ones (no device copy).
  StatsBatch Full;
  Full.Host = Slots;
  EXPECT_TRUE(StatsBatch::batchable(kInlineDescs, 0));
  EXPECT_FALSE(StatsBatch::batchable(kInlineDescs + 1, 0));
  Full.add(VB, VE, nullptr, Slot).ndim = 1;
  EXPECT_EQ(Slot, &Slots[0]);
  EXPECT_EQ(Full.Launch.inl[0].ndim, 1);
  EXPECT_EQ(Full.Launch.descs, nullptr);
  EXPECT_TRUE(Full.overlaps(VB + 4, VB + 5));
  EXPECT_FALSE(Full.overlaps(VE, VE + 4));
  EXPECT_TRUE(Full.fits(kInlineDescs - 1, 0));
  EXPECT_FALSE(Full.fits(kInlineDescs, 0));
  Full.clear();
  EXPECT_TRUE(Full.empty());
}
