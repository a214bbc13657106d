//===- ExternFormsTest.cpp - Extern ops' call forms, hermetic -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each form in which a wrapper passes arguments to an extern op (read from
// the op's declaration: ShimSignature.h) parsed against the stub headers of
// AOTIStub.cpp, in the spelling torch's code generator writes, and what the
// probes around such a launch may touch: nothing the call creates before
// it, nothing a temporary deleted after it, and an undefined tensor never
// without asking first.
//
//===----------------------------------------------------------------------===//

#include "AOTIStub.h"
#include "Instrument/Planner.h"
#include "Instrument/Rewriter.h"
#include "Output/Inventory.h"
#include "TestUtil.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

struct Analyzed {
  std::string Text;
  WrapperInventory Inv;
};

Analyzed analyze(StringRef Launches, StringRef Device = "cuda") {
  Analyzed A{stubWrapper(Device, "", Launches), {}};
  StubAnalysis S = analyzeWithStub(A.Text);
  EXPECT_TRUE(S.Parsed) << S.Diagnostics;
  EXPECT_EQ(S.AnalysisError, "");
  A.Inv = std::move(S.Inv);
  return A;
}

/// `name:role[:opt][:view]` of each tensor argument, as --list prints them.
std::vector<std::string> tensorsOf(const LaunchSite &Site) {
  std::vector<std::string> Out;
  for (const TensorArg &T : Site.Tensors)
    Out.push_back(formatTensorArg(T));
  return Out;
}

/// The instrumented text of \p A with print-all's kind of rule: every
/// tensor of every launch printed before and after it.
std::string printAll(const Analyzed &A) {
  RuleSet Rules = rulesFrom("rules:\n  - {print: stats}\n");
  std::vector<PlanWarning> Warnings;
  auto Plan = planInstrumentation(Rules, A.Inv, Warnings);
  if (!Plan) {
    ADD_FAILURE() << describe(Plan.takeError());
    return "";
  }
  InstrumentSummary Summary;
  auto Text = rewriteWrapper(A.Text, "wrapper.cpp", A.Inv, *Plan,
                             RuntimeMode::Include, Summary);
  if (!Text) {
    ADD_FAILURE() << describe(Text.takeError());
    return "";
  }
  return *Text;
}

/// The TensorRef array of the probe of launch \p Ordinal, before or after.
std::string probeRefs(StringRef Text, unsigned Ordinal, bool After) {
  std::string Marker =
      (llvm::Twine("// aoti-instrument: ") + (After ? "after #" : "before #") +
       llvm::Twine(Ordinal) + " ")
          .str();
  size_t At = Text.find(Marker);
  if (At == StringRef::npos)
    return "";
  StringRef Rest = Text.drop_front(At);
  return Rest.take_until([](char C) { return C == ';'; }).str();
}

TEST(ExternFormsTest, ReturnedTensorsAreMadeByTheCall) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_topk(buf0, 2L, -1L, 1, 1, &buf2_handle, &buf3_handle));
  RAIIAtenTensorHandle buf2(buf2_handle);
  RAIIAtenTensorHandle buf3(buf3_handle);
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  const LaunchSite &Topk = A.Inv.Sites[0];
  EXPECT_THAT(tensorsOf(Topk), ElementsAre("buf0:in", "buf2:ret", "buf3:ret"));
  // The probe after the call sees them only once their owners exist.
  EXPECT_GT(Topk.AfterOffset, A.Text.find("RAIIAtenTensorHandle buf3("));
  std::string Out = printAll(A);
  EXPECT_THAT(probeRefs(Out, 0, false), Not(HasSubstr("buf2")));
  EXPECT_THAT(probeRefs(Out, 0, false), HasSubstr("\"buf0\""));
  // After it, they may come back undefined: the runtime asks.
  EXPECT_THAT(probeRefs(Out, 0, true),
              HasSubstr("{\"buf2\", ::aoti_rt::kOut, buf2, false, "
                        "::aoti_rt::Presence::MaybeUndefined}"));
  EXPECT_THAT(probeRefs(Out, 0, true),
              HasSubstr("{\"buf0\", ::aoti_rt::kIn, buf0}"));
}

TEST(ExternFormsTest, ReturnedTensorsLaterMayBeUndefined) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_topk(buf0, 2L, -1L, 1, 1, &buf2_handle, &buf3_handle));
  RAIIAtenTensorHandle buf2(buf2_handle);
  RAIIAtenTensorHandle buf3(buf3_handle);
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, buf2, w));
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  const LaunchSite &Mm = A.Inv.Sites[1];
  EXPECT_THAT(tensorsOf(Mm), ElementsAre("buf1:out", "buf2:in", "w:in"));
  EXPECT_TRUE(Mm.Tensors[1].mayBeUndefined());
  EXPECT_FALSE(Mm.Tensors[0].mayBeUndefined());
  EXPECT_FALSE(Mm.Tensors[2].mayBeUndefined());
}

TEST(ExternFormsTest, OptionalTensorsAndReturnsLeftOut) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__embedding_bag(w, arg0_1, buf0, 0, 0L, 0, &temporary_reference(buf1.get()), 0, -1L, &buf2_handle, &buf3_handle, nullptr, nullptr));
  RAIIAtenTensorHandle buf2(buf2_handle);
  RAIIAtenTensorHandle buf3(buf3_handle);
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__embedding_bag(w, arg0_1, buf0, 0, 0L, 0, nullptr, 0, -1L, &buf2_handle, &buf3_handle, nullptr, nullptr));
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  // `&temporary_reference(buf1.get())`: buf1, read, optional; the returns
  // not asked for (nullptr) are no tensors.
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("w:in", "arg0_1:in", "buf0:in", "buf1:in:opt",
                          "buf2:ret", "buf3:ret"));
  EXPECT_EQ(A.Inv.Sites[0].Tensors[3].Param, "per_sample_weights");
  EXPECT_FALSE(A.Inv.Sites[0].Tensors[3].ViaOutParam);
  // Left out: nothing for per_sample_weights.
  EXPECT_THAT(
      tensorsOf(A.Inv.Sites[1]),
      ElementsAre("w:in", "arg0_1:in", "buf0:in", "buf2:ret", "buf3:ret"));
  std::string Out = printAll(A);
  EXPECT_THAT(probeRefs(Out, 0, false),
              HasSubstr("{\"buf1\", ::aoti_rt::kIn, buf1, false, "
                        "::aoti_rt::Presence::MaybeUndefined}"));
}

TEST(ExternFormsTest, OptionalTensorThroughALocalHandle) {
  // torch 2.9's spelling: the address of a local that holds the handle.
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle var_0 = buf1.get();
  AtenTensorHandle buf2_handle;
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__embedding_bag(w, arg0_1, buf0, 0, 0L, 0, &var_0, 0, -1L, &buf2_handle, &buf3_handle, nullptr, nullptr));
  RAIIAtenTensorHandle buf2(buf2_handle);
  RAIIAtenTensorHandle buf3(buf3_handle);
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("w:in", "arg0_1:in", "buf0:in", "buf1:in:opt",
                          "buf2:ret", "buf3:ret"));
}

TEST(ExternFormsTest, TensorLists) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_cat(std::array<AtenTensorHandle, 2>{buf0.get(), arg0_1.get()}.cbegin(), 2, 0L, &buf2_handle));
  RAIIAtenTensorHandle buf2(buf2_handle);
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_index_Tensor(w, std::array<const AtenTensorHandle*, 2>{&temporary_reference(buf1.get()), nullptr}.data(), 2, &buf3_handle));
  RAIIAtenTensorHandle buf3(buf3_handle);
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("buf0:in", "arg0_1:in", "buf2:ret"));
  EXPECT_EQ(A.Inv.Sites[0].Tensors[1].Param, "tensors[1]");
  // A list of optional tensors: its null element is no tensor.
  EXPECT_THAT(tensorsOf(A.Inv.Sites[1]),
              ElementsAre("w:in", "buf1:in:opt", "buf3:ret"));
  EXPECT_EQ(A.Inv.Sites[1].Tensors[1].Param, "indices[0]");
}

TEST(ExternFormsTest, ScalarsTheCallReturns) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf3_handle;
  AtenTensorHandle buf4_handle;
  int64_t buf2_4 = 16;
  int64_t buf2_5 = 16;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_flash_attention(buf0, buf1, arg0_1, 0.0, 1, 0, nullptr, &buf3_handle, &buf4_handle, nullptr, nullptr, &buf2_4, &buf2_5, nullptr, nullptr, nullptr));
  RAIIAtenTensorHandle buf3(buf3_handle);
  RAIIAtenTensorHandle buf4(buf4_handle);
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  const LaunchSite &Site = A.Inv.Sites[0];
  EXPECT_THAT(tensorsOf(Site), ElementsAre("buf0:in", "buf1:in", "arg0_1:in",
                                           "buf3:ret", "buf4:ret"));
  std::vector<std::string> Returned;
  for (const ScalarArg &S : Site.Scalars)
    if (S.Returned)
      Returned.push_back(S.Param + "=" + S.Expr);
  EXPECT_THAT(Returned, ElementsAre("ret4=&buf2_4", "ret5=&buf2_5"));
  // The shim parameters a capture records: ret6 is written after the call.
  ASSERT_EQ(Site.ShimParams.size(), 16u);
  EXPECT_FALSE(Site.ShimParams[6].Returned); // scale
  EXPECT_TRUE(Site.ShimParams[13].Returned); // ret6
  EXPECT_EQ(Site.ShimParams[13].Role, ArgRole::Ret);
}

TEST(ExternFormsTest, OutIsWrittenOnlyByOpsThatSaySo) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention_backward(buf0, arg0_1, arg0_1, arg0_1, w, buf1, buf0, buf0, buf0, 0.0, std::array<int32_t, 4>{1, 1, 1, 0}.cbegin(), 4, 0, nullptr, &buf2_handle, nullptr, nullptr, nullptr));
  RAIIAtenTensorHandle buf2(buf2_handle);
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__flash_attention_forward_no_dropout_inplace(buf1, arg0_1, arg0_1, arg0_1, nullptr, nullptr, 16L, 16L, 0.0, 1, 0, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &buf3_handle));
  RAIIAtenTensorHandle buf3(buf3_handle);
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_fill__Scalar(buf0, 1.0));
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 3u);
  // A backward op's `out` is the forward's output: read.
  EXPECT_EQ(A.Inv.Sites[0].Tensors[5].Param, "out");
  EXPECT_EQ(A.Inv.Sites[0].Tensors[5].Role, ArgRole::Input);
  // An op whose name says it writes in place writes its `out`.
  EXPECT_EQ(A.Inv.Sites[1].Tensors[0].Param, "out");
  EXPECT_EQ(A.Inv.Sites[1].Tensors[0].Role, ArgRole::Output);
  // `fill__Scalar`: an in-place overload returns nothing and writes self.
  EXPECT_THAT(tensorsOf(A.Inv.Sites[2]), ElementsAre("buf0:inout"));
}

TEST(ExternFormsTest, TemporaryHandleOfATensorNamesTheTensor) {
  // codegen_reinterpret_view of a view that is the whole tensor: a second
  // handle, taken over (and deleted at the end of the statement) by a
  // temporary RAIIAtenTensorHandle.
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle tmp_arg0_1_0;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_tensor_handle(arg0_1, &tmp_arg0_1_0));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, RAIIAtenTensorHandle(tmp_arg0_1_0), w));
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("buf1:out", "arg0_1:in", "w:in"));
  EXPECT_FALSE(A.Inv.Sites[0].Tensors[1].FreedByCall);
  std::string Out = printAll(A);
  // Neither probe names the handle the statement deletes.
  EXPECT_THAT(Out, Not(HasSubstr("\"tmp_arg0_1_0\"")));
  EXPECT_THAT(probeRefs(Out, 0, true),
              HasSubstr("{\"arg0_1\", ::aoti_rt::kIn, arg0_1}"));
}

TEST(ExternFormsTest, TemporaryHandleOfNothingElseIsNotReadAfterTheCall) {
  // A dtype view made for the call: its handle is the temporary's alone.
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle tmp_buf0_0;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_dtype(buf0, 6, &tmp_buf0_0));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, RAIIAtenTensorHandle(tmp_buf0_0), w));
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  // The view's launch returns it; no RAII handle owns it, so its raw name
  // is what probes use.
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("buf0:in", "tmp_buf0_0:ret"));
  EXPECT_THAT(tensorsOf(A.Inv.Sites[1]),
              ElementsAre("buf1:out", "tmp_buf0_0:in", "w:in"));
  EXPECT_TRUE(A.Inv.Sites[1].Tensors[1].FreedByCall);
  std::string Out = printAll(A);
  EXPECT_THAT(probeRefs(Out, 1, false), HasSubstr("\"tmp_buf0_0\""));
  EXPECT_THAT(probeRefs(Out, 1, true), Not(HasSubstr("tmp_buf0_0")));
}

TEST(ExternFormsTest, UndefinedTensorStandingForNone) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle var_0_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_0_handle));
  RAIIAtenTensorHandle var_0(var_0_handle);
  AtenTensorHandle buf2_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention_backward(buf0, arg0_1, arg0_1, arg0_1, var_0, buf1, buf0, buf0, buf0, 0.0, std::array<int32_t, 4>{1, 1, 1, 0}.cbegin(), 4, 0, nullptr, &buf2_handle, nullptr, nullptr, nullptr));
  RAIIAtenTensorHandle buf2(buf2_handle);
)cpp");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  const TensorArg &Bias = A.Inv.Sites[0].Tensors[4];
  EXPECT_EQ(Bias.Name, "var_0");
  EXPECT_EQ(Bias.Role, ArgRole::Input);
  EXPECT_TRUE(Bias.mayBeUndefined());
  std::string Out = printAll(A);
  EXPECT_THAT(probeRefs(Out, 0, false),
              HasSubstr("{\"var_0\", ::aoti_rt::kIn, var_0, false, "
                        "::aoti_rt::Presence::MaybeUndefined}"));
}

TEST(ExternFormsTest, CustomOpOutputsAreReturns) {
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;  // output buffer
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&buf2_handle));
  RAIIAtenTensorHandle buf2(buf2_handle);
  aoti_torch_proxy_executor_call_function(proxy_executor, 0, 0, std::array<int64_t, 0>{}.data(), 2, std::array<AtenTensorHandle, 2>{arg0_1, buf2}.data());
  aoti_torch_proxy_executor_call_function(proxy_executor, 1, 0, std::array<int64_t, 0>{}.data(), 2, std::array<AtenTensorHandle, 2>{buf2, buf0}.data());
)cpp",
                       "cpu");
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("arg0_1:unknown", "buf2:ret"));
  // Filled by the first call: the second's buf2 is its argument.
  EXPECT_THAT(tensorsOf(A.Inv.Sites[1]),
              ElementsAre("buf2:unknown", "buf0:unknown"));
  std::string Out = printAll(A);
  EXPECT_THAT(probeRefs(Out, 0, false), Not(HasSubstr("buf2")));
  EXPECT_THAT(probeRefs(Out, 0, true), HasSubstr("\"buf2\""));
}

TEST(ExternFormsTest, UnownedReturnIsNamedByItsHandle) {
  // all_reduce_ and wait_tensor: the returned handle is deleted right after
  // the call, never owned.
  Analyzed A = analyze(R"cpp(
  AtenTensorHandle buf2_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu__c10d_functional_all_reduce_(buf0, "sum", "0", &buf2_handle));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_delete_tensor_object(buf2_handle));
)cpp",
                       "cpu");
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  // Declared in shim_cpu.h, in place on its first tensor.
  EXPECT_EQ(A.Inv.Sites[0].Kind, LaunchKind::Extern);
  EXPECT_THAT(tensorsOf(A.Inv.Sites[0]),
              ElementsAre("buf0:inout", "buf2_handle:ret"));
  // The probe after it comes before the delete.
  EXPECT_LT(A.Inv.Sites[0].AfterOffset,
            A.Text.find("aoti_torch_delete_tensor_object"));
}

} // namespace

namespace {

TEST(ExternFormsTest, TheFuzzersSeedsParseWithTheStub) {
  // wrapper-fuzzer starts from these: a seed that no longer parses against
  // the stub headers fuzzes clang's error paths only.
  const std::string Dir = inputPath("../../fuzz/wrapper-fuzzer/corpus");
  std::error_code EC;
  unsigned Seeds = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Path = It->path();
    if (!Path.ends_with(".cpp") || Path.ends_with("no-run-impl.cpp"))
      continue;
    ++Seeds;
    StubAnalysis S = analyzeWithStub(readFile(Path.str()));
    EXPECT_TRUE(S.Parsed) << Path.str() << ": " << S.Diagnostics;
    EXPECT_EQ(S.AnalysisError, "") << Path.str();
    EXPECT_FALSE(S.Inv.Sites.empty()) << Path.str();
  }
  EXPECT_GE(Seeds, 4u);
}

} // namespace
