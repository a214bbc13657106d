//===- WrapperAnalysisTest.cpp - analyzeParsedWrapper on real wrappers ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Real AOTI wrappers from test/Inputs, and snippets made by cutting one at
// run_impl and writing a small run_impl of our own, parsed with the real
// torch headers (never with stand-ins for them).
//
//===----------------------------------------------------------------------===//

#include "Analysis/WrapperAnalysis.h"
#include "Output/Inventory.h"
#include "TestUtil.h"
#include "llvm/ADT/StringExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <map>

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::StartsWith;
using Strings = std::vector<std::string>;

namespace {

/// Text and inventory of a parsed wrapper; the AST is dropped once analyzed.
struct Analyzed {
  bool Ok = false;
  std::string Failure;
  std::string Text;
  WrapperInventory Inv;
};

Analyzed analyze(StringRef Code, StringRef FileName, bool Cuda) {
  Analyzed A;
  ParsedWrapper P = parseWrapper(Code, FileName, Cuda);
  A.Text = std::move(P.Text);
  if (!P.AST)
    A.Failure = "clang could not run";
  else if (P.ParseErrors)
    A.Failure = "clang reported errors (see stderr)";
  else if (!P.AnalysisError.empty())
    A.Failure = "analysis failed: " + P.AnalysisError;
  else
    A.Ok = true;
  A.Inv = std::move(P.Inv);
  return A;
}

/// test/Inputs/<Case>/wrapper.cpp, parsed once per test program.
const Analyzed &fixture(const std::string &Case, bool Cuda) {
  static std::map<std::string, Analyzed> Cache;
  auto It = Cache.find(Case);
  if (It == Cache.end()) {
    std::string Path = inputPath(Case + "/wrapper.cpp");
    It = Cache.emplace(Case, analyze(readFile(Path), Path, Cuda)).first;
  }
  return It->second;
}

#define ASSERT_ANALYZED(A) ASSERT_TRUE((A).Ok) << (A).Failure

Strings kernels(const WrapperInventory &Inv) {
  Strings K;
  for (const LaunchSite &S : Inv.Sites)
    K.push_back(S.Kernel);
  return K;
}

std::vector<LaunchKind> kinds(const WrapperInventory &Inv) {
  std::vector<LaunchKind> K;
  for (const LaunchSite &S : Inv.Sites)
    K.push_back(S.Kind);
  return K;
}

Strings shortTensors(const LaunchSite &S) {
  Strings T;
  for (const TensorArg &A : S.Tensors)
    T.push_back(formatTensorArg(A));
  return T;
}

Strings params(const LaunchSite &S) {
  Strings P;
  for (const TensorArg &A : S.Tensors)
    P.push_back(A.Param);
  for (const ScalarArg &A : S.Scalars)
    P.push_back(A.Param);
  return P;
}

Strings scalars(const LaunchSite &S) {
  Strings R;
  for (const ScalarArg &A : S.Scalars)
    R.push_back(A.Param + "=" + A.Expr +
                (A.Definition.empty() ? "" : "(" + A.Definition + ")"));
  return R;
}

/// What every site of every wrapper must satisfy: its edit anchors are line
/// starts around the launch, in order, not overlapping; Indent is that of the
/// anchor line; ordinals count up; Line/Column point at the kernel's call.
void expectSaneOffsets(const Analyzed &A) {
  StringRef Text = A.Text;
  unsigned PrevAfter = 0;
  for (size_t I = 0; I < A.Inv.Sites.size(); ++I) {
    const LaunchSite &S = A.Inv.Sites[I];
    SCOPED_TRACE("site " + std::to_string(I) + " " + S.Kernel);
    EXPECT_EQ(S.Ordinal, I);
    ASSERT_LT(S.BeforeOffset, S.AfterOffset);
    ASSERT_LE(S.AfterOffset, Text.size());
    EXPECT_TRUE(S.BeforeOffset == 0 || Text[S.BeforeOffset - 1] == '\n');
    EXPECT_EQ(Text[S.AfterOffset - 1], '\n');
    EXPECT_GE(S.BeforeOffset, PrevAfter);
    PrevAfter = S.AfterOffset;
    // The launch is on a line between the two.
    EXPECT_LE(lineOfOffset(Text, S.BeforeOffset), S.Line);
    EXPECT_LT(S.Line, lineOfOffset(Text, S.AfterOffset));
    // The anchored statement is complete: it ends before AfterOffset.
    EXPECT_TRUE(
        Text.slice(S.BeforeOffset, S.AfterOffset).rtrim().ends_with(";"))
        << Text.slice(S.BeforeOffset, S.AfterOffset).str();
    StringRef First = lineAt(Text, S.BeforeOffset);
    EXPECT_EQ(S.Indent,
              First.take_while([](char C) { return C == ' '; }).str());
    // Line/Column name the start of the call (of the helper or shim op).
    unsigned LineStart = S.BeforeOffset;
    for (unsigned L = lineOfOffset(Text, S.BeforeOffset); L < S.Line; ++L)
      LineStart = Text.find('\n', LineStart) + 1;
    StringRef AtCall = Text.drop_front(LineStart + S.Column - 1);
    std::string Callee =
        S.Kind == LaunchKind::Triton || S.Kind == LaunchKind::UserTriton
            ? "call_" + S.Kernel
            : S.Kernel;
    EXPECT_TRUE(AtCall.starts_with(Callee + "("))
        << lineAt(Text, LineStart).str();
  }
}

/// run_impl's entry is just after `__check_inputs_outputs(...);` (else at
/// its opening brace's line), its exit
/// at the first `output_handles[i] = ...` line or at its closing brace, and
/// every launch of run_impl is between them.
void expectRunImplOffsets(const Analyzed &A) {
  StringRef Text = A.Text;
  const AnalyzedFunction *RunImpl = nullptr;
  for (const AnalyzedFunction &F : A.Inv.Functions)
    if (F.Name == "run_impl")
      RunImpl = &F;
  ASSERT_NE(RunImpl, nullptr);
  ASSERT_LT(RunImpl->EntryOffset, Text.size());
  StringRef Entry =
      Text.take_front(RunImpl->EntryOffset).drop_back().rsplit('\n').second;
  // Snippets without the check start at the opening brace's line.
  EXPECT_TRUE(
      Entry.trim() == "__check_inputs_outputs(input_handles, "
                      "output_handles);" ||
      (Entry.ends_with("{") && RunImpl->EntryOffset == RunImpl->ScopeOffset))
      << Entry.str();
  ASSERT_LT(RunImpl->ExitOffset, Text.size());
  StringRef Exit = lineAt(Text, RunImpl->ExitOffset).ltrim();
  EXPECT_TRUE(Exit.starts_with("output_handles[") ||
              Exit == "} // AOTInductorModel::run_impl")
      << Exit.str();
  for (const LaunchSite &S : A.Inv.Sites)
    if (S.Function == "run_impl") {
      EXPECT_GE(S.BeforeOffset, RunImpl->EntryOffset) << S.Kernel;
      EXPECT_LE(S.AfterOffset, RunImpl->ExitOffset) << S.Kernel;
    }
}

//===----------------------------------------------------------------------===//
// Real wrappers
//===----------------------------------------------------------------------===//

TEST(RealWrapper, MlpCuda) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("mlp_cuda", /*Cuda=*/true);
  ASSERT_ANALYZED(A);
  const WrapperInventory &Inv = A.Inv;
  EXPECT_EQ(Inv.Device, "cuda");
  EXPECT_EQ(Inv.RunImplLine, 869u);
  ASSERT_EQ(Inv.Inputs.size(), 1u);
  EXPECT_EQ(Inv.Inputs[0].Name, "arg4_1");
  EXPECT_EQ(Inv.Inputs[0].Index, 0u);
  EXPECT_THAT(Inv.Constants, ElementsAre("l1_weight", "l1_bias", "l2_weight"));
  EXPECT_THAT(kernels(Inv),
              ElementsAre("aoti_torch_cuda_mm_out",
                          "triton_poi_fused_addmm_relu_0", "triton_poi_fused_1",
                          "aoti_torch_cuda_addmm_out"));
  EXPECT_THAT(kinds(Inv), ElementsAre(LaunchKind::Extern, LaunchKind::Triton,
                                      LaunchKind::Triton, LaunchKind::Extern));
  ASSERT_EQ(Inv.Sites.size(), 4u);
  const unsigned Lines[] = {906, 910, 917, 926};
  const unsigned Columns[] = {33, 5, 5, 33};
  for (unsigned I = 0; I < 4; ++I) {
    EXPECT_EQ(Inv.Sites[I].Line, Lines[I]);
    EXPECT_EQ(Inv.Sites[I].Column, Columns[I]);
    EXPECT_EQ(Inv.Sites[I].Function, "run_impl");
    EXPECT_EQ(Inv.Sites[I].Indent, "    ");
  }

  // mm_out(out, self, mat2): a graph input and a view of a constant.
  const LaunchSite &Mm = Inv.Sites[0];
  ASSERT_EQ(Mm.Tensors.size(), 3u);
  EXPECT_EQ(Mm.Tensors[0].Param, "out");
  EXPECT_EQ(Mm.Tensors[0].Name, "buf0");
  EXPECT_EQ(Mm.Tensors[0].Role, ArgRole::Output);
  EXPECT_EQ(Mm.Tensors[0].Origin, HandleOrigin::Buffer);
  EXPECT_FALSE(Mm.Tensors[0].OriginIndex.has_value());
  EXPECT_EQ(Mm.Tensors[1].Param, "self");
  EXPECT_EQ(Mm.Tensors[1].Name, "arg4_1");
  EXPECT_EQ(Mm.Tensors[1].Role, ArgRole::Input);
  EXPECT_EQ(Mm.Tensors[1].Origin, HandleOrigin::GraphInput);
  EXPECT_EQ(Mm.Tensors[1].OriginIndex, std::optional<unsigned>(0));
  EXPECT_FALSE(Mm.Tensors[1].IsView);
  EXPECT_EQ(Mm.Tensors[2].Param, "mat2");
  EXPECT_EQ(Mm.Tensors[2].Name, "l1_weight");
  EXPECT_EQ(Mm.Tensors[2].Origin, HandleOrigin::Constant);
  EXPECT_EQ(Mm.Tensors[2].OriginIndex, std::optional<unsigned>(0));
  EXPECT_TRUE(Mm.Tensors[2].IsView);
  EXPECT_FALSE(Mm.Tensors[2].ViaOutParam);
  EXPECT_EQ(Mm.Tensors[2].Expr,
            "wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper("
            "l1_weight, 2, int_array_2, int_array_3, 0L))");
  EXPECT_THAT(Mm.Scalars, IsEmpty());
  EXPECT_THAT(Mm.SourceNodes, ElementsAre("linear"));
  EXPECT_THAT(Mm.AtenOps, ElementsAre("aten.t", "aten.addmm"));

  // The fused Triton kernel updates the reused buffer in place.
  const LaunchSite &Fused = Inv.Sites[1];
  EXPECT_THAT(shortTensors(Fused), ElementsAre("buf1:inout", "l1_bias:in"));
  EXPECT_THAT(params(Fused), ElementsAre("in_out_ptr0", "in_ptr0", "xnumel"));
  EXPECT_EQ(Fused.Tensors[1].OriginIndex, std::optional<unsigned>(1));
  EXPECT_THAT(scalars(Fused), ElementsAre("xnumel=128L"));
  EXPECT_THAT(Fused.SourceNodes, ElementsAre("linear", "relu"));

  // "Unsorted Source Nodes: [], Original ATen: []": empty, not borrowed.
  const LaunchSite &Fill = Inv.Sites[2];
  EXPECT_THAT(shortTensors(Fill), ElementsAre("buf2:out"));
  EXPECT_THAT(Fill.SourceNodes, IsEmpty());
  EXPECT_THAT(Fill.AtenOps, IsEmpty());

  const LaunchSite &Addmm = Inv.Sites[3];
  EXPECT_THAT(shortTensors(Addmm), ElementsAre("buf3:out", "buf2:in", "buf1:in",
                                               "l2_weight:in:view"));
  EXPECT_THAT(params(Addmm),
              ElementsAre("out", "self", "mat1", "mat2", "beta", "alpha"));
  EXPECT_EQ(Addmm.Tensors[3].OriginIndex, std::optional<unsigned>(2));
  EXPECT_THAT(scalars(Addmm), ElementsAre("beta=1L", "alpha=1L"));

  // Each anchor is exactly the launch's line.
  for (const LaunchSite &S : Inv.Sites)
    EXPECT_EQ(lineOfOffset(A.Text, S.BeforeOffset), S.Line) << S.Kernel;
  for (const LaunchSite &S : Inv.Sites)
    EXPECT_EQ(lineOfOffset(A.Text, S.AfterOffset), S.Line + 1) << S.Kernel;
  EXPECT_EQ(lineAt(A.Text, Mm.AfterOffset), "    arg4_1.reset();");
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, MlpCpu) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("mlp_cpu", /*Cuda=*/false);
  ASSERT_ANALYZED(A);
  const WrapperInventory &Inv = A.Inv;
  EXPECT_EQ(Inv.Device, "cpu");
  EXPECT_EQ(Inv.RunImplLine, 658u);
  EXPECT_THAT(kinds(Inv), ElementsAre(LaunchKind::Extern, LaunchKind::Cpp,
                                      LaunchKind::Extern));
  EXPECT_THAT(kernels(Inv),
              ElementsAre("aoti_torch_cpu_addmm_out", "cpp_fused_relu_0",
                          "aoti_torch_cpu_addmm_out"));
  ASSERT_EQ(Inv.Sites.size(), 3u);
  EXPECT_THAT(
      shortTensors(Inv.Sites[0]),
      ElementsAre("buf0:out", "l1_bias:in", "arg4_1:in", "l1_weight:in:view"));
  EXPECT_THAT(params(Inv.Sites[0]),
              ElementsAre("out", "self", "mat1", "mat2", "beta", "alpha"));

  // The C++ kernel: roles from its extern "C" declaration's parameter names,
  // tensors through the (float*)(bufN.data_ptr()) casts.
  const LaunchSite &Cpp = Inv.Sites[1];
  EXPECT_EQ(Cpp.Line, 694u);
  EXPECT_THAT(shortTensors(Cpp), ElementsAre("buf1:inout", "buf2:out"));
  EXPECT_THAT(params(Cpp), ElementsAre("in_out_ptr0", "out_ptr0"));
  EXPECT_EQ(Cpp.Tensors[0].Expr, "(float*)(buf1.data_ptr())");
  EXPECT_EQ(Cpp.Tensors[0].Origin, HandleOrigin::Buffer); // buf1 = move(buf0)
  EXPECT_EQ(Cpp.Tensors[1].Origin, HandleOrigin::Buffer);
  EXPECT_THAT(Cpp.Scalars, IsEmpty());
  EXPECT_THAT(Cpp.SourceNodes, IsEmpty());
  EXPECT_EQ(lineAt(A.Text, Cpp.BeforeOffset),
            "    cpp_fused_relu_0((float*)(buf1.data_ptr()), "
            "(float*)(buf2.data_ptr()));");

  // Buffers: three allocations and an in-place reuse (its first user,
  // the relu kernel, reads it: the data is live).
  std::vector<std::string> Events;
  for (const BufferEvent &B : Inv.Buffers)
    Events.push_back(
        (B.Kind == BufferEvent::Alloc ? "alloc " : "reuse " + B.From + "->") +
        B.Name + ":" + std::to_string(B.Line) + ":" +
        (B.FirstUse ? roleName(*B.FirstUse).str() : "unused"));
  EXPECT_THAT(Events,
              ElementsAre("alloc buf0:681:out", "reuse buf0->buf1:688:inout",
                          "alloc buf2:692:out", "alloc buf3:698:out"));
  // Code for a buffer goes after the RAII handle that owns it.
  EXPECT_TRUE(
      StringRef(A.Text)
          .take_front(Inv.Buffers[0].InsertOffset)
          .ends_with("\n    RAIIAtenTensorHandle buf0(buf0_handle);\n"));
  EXPECT_TRUE(StringRef(A.Text)
                  .take_front(Inv.Buffers[1].InsertOffset)
                  .ends_with("auto buf1 = std::move(buf0);  // reuse\n"));
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, MlpCudaDynamicShapes) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("mlp_cuda_dyn", /*Cuda=*/true);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 4u);
  const LaunchSite &Fused = A.Inv.Sites[1];
  ASSERT_EQ(Fused.Scalars.size(), 1u);
  EXPECT_EQ(Fused.Scalars[0].Param, "xnumel");
  EXPECT_EQ(Fused.Scalars[0].Expr, "triton_poi_fused_addmm_relu_0_xnumel");
  EXPECT_EQ(Fused.Scalars[0].Definition, "32L*s77");
  // Literal sizes have no definition.
  EXPECT_THAT(scalars(A.Inv.Sites[2]), ElementsAre("xnumel=8L"));
  // The local's declaration is its own statement, before the launch's.
  EXPECT_EQ(lineAt(A.Text, Fused.BeforeOffset).trim(),
            "call_triton_poi_fused_addmm_relu_0(buf1, l1_bias, "
            "triton_poi_fused_addmm_relu_0_xnumel, this->device_idx_, stream, "
            "kernels, this->cubin_dir_);");
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, InputSpecsAreWhatCheckInputChecks) {
  // check_input_0 of the dynamic MLP: float32, dim 0 in [2, 1024], dim 1
  // 16, strides (16, 1), on CUDA.
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("mlp_cuda_dyn", /*Cuda=*/true);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.InputSpecs.size(), 1u);
  const InputSpec &S = A.Inv.InputSpecs[0];
  EXPECT_EQ(S.Index, 0u);
  EXPECT_EQ(S.Name, "arg4_1");
  EXPECT_EQ(S.Dtype, "float32");
  EXPECT_EQ(S.DeviceType, 1);
  ASSERT_EQ(S.Dims.size(), 2u);
  EXPECT_EQ(S.Dims[0].Min, 2);
  EXPECT_EQ(S.Dims[0].Max, 1024);
  EXPECT_EQ(S.Dims[1].Min, 16);
  EXPECT_EQ(S.Dims[1].Max, 16);
  ASSERT_EQ(S.Strides.size(), 2u);
  EXPECT_EQ(S.Strides[0], 16);
  EXPECT_EQ(S.Strides[1], 1);
  EXPECT_EQ(S.rank(), 2u);
  EXPECT_TRUE(S.rankIsExact());
  // A positional input: the wrapper's in_spec_ does not name it.
  ASSERT_EQ(A.Inv.InputNames.size(), 1u);
  EXPECT_EQ(A.Inv.InputNames[0], "");
  EXPECT_EQ(S.Exported, "");
}

TEST(InputNames, KeywordInputsAreNamedByTheSpec) {
  // forward(x, *, mask, cache): (x,) positional, then the kwargs dict,
  // whose `cache` is a list of two tensors.
  const char *Spec =
      R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [)"
      R"({"type": "builtins.tuple", "context": "null", "children_spec": [)"
      R"({"type": null, "context": null, "children_spec": []}]}, )"
      R"({"type": "builtins.dict", "context": "[\"mask\", \"cache\"]", )"
      R"("children_spec": [{"type": null, "context": null, "children_spec": )"
      R"([]}, {"type": "builtins.list", "context": "null", "children_spec": )"
      R"([{"type": null, "context": null, "children_spec": []}, {"type": )"
      R"(null, "context": null, "children_spec": []}]}]}]}])";
  EXPECT_EQ(inputNamesFromSpec(Spec),
            (std::vector<std::string>{"", "mask", "cache[0]", "cache[1]"}));
  // No kwargs, and text that is no spec.
  EXPECT_EQ(inputNamesFromSpec(
                R"([1, {"type": "builtins.tuple", "context": "null", )"
                R"("children_spec": [{"type": "builtins.tuple", "context": )"
                R"("null", "children_spec": []}, {"type": "builtins.dict", )"
                R"("context": "[]", "children_spec": []}]}])"),
            std::vector<std::string>{});
  EXPECT_TRUE(inputNamesFromSpec("not json").empty());
  EXPECT_TRUE(inputNamesFromSpec("[1, 2, 3]").empty());
}

TEST(InputNames, NamesApplyOnlyWhenTheyCountTheInputs) {
  std::vector<InputSpec> Specs(2);
  Specs[0].Index = 0;
  Specs[1].Index = 1;
  nameInputs({"", "mask"}, 2, Specs);
  EXPECT_EQ(Specs[0].Exported, "");
  EXPECT_EQ(Specs[1].Exported, "mask");
  std::vector<InputSpec> Other(2);
  Other[1].Index = 1;
  nameInputs({"x", "mask", "extra"}, 2, Other);
  EXPECT_EQ(Other[1].Exported, "");
  // Text from the package that is no plain name is not taken.
  std::vector<InputSpec> Odd(3);
  Odd[1].Index = 1;
  Odd[2].Index = 2;
  nameInputs({"a\x1b[2Jb", "q'uote", std::string(129, 'n')}, 3, Odd);
  EXPECT_EQ(Odd[0].Exported, "");
  EXPECT_EQ(Odd[1].Exported, "");
  EXPECT_EQ(Odd[2].Exported, "");
  nameInputs({"", "", std::string(128, 'n')}, 3, Odd);
  EXPECT_EQ(Odd[2].Exported, std::string(128, 'n'));
}

TEST(RealWrapper, InputSpecsOfACpuModel) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("mlp_cpu", /*Cuda=*/false);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.InputSpecs.size(), A.Inv.InputChecks.size());
  for (size_t I = 0; I < A.Inv.InputSpecs.size(); ++I) {
    const InputSpec &S = A.Inv.InputSpecs[I];
    EXPECT_EQ(S.Index, I);
    EXPECT_FALSE(S.Name.empty());
    EXPECT_FALSE(S.Dtype.empty());
    EXPECT_EQ(S.DeviceType, 0);
    EXPECT_FALSE(S.Dims.empty());
    for (const InputSpec::DimBounds &D : S.Dims)
      EXPECT_TRUE(D.Min >= 0 || D.Max >= 0);
  }
}

TEST(RealWrapper, UserTritonKernel) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &A = fixture("triton_ok_cuda", /*Cuda=*/true);
  ASSERT_ANALYZED(A);
  const WrapperInventory &Inv = A.Inv;
  EXPECT_THAT(kinds(Inv),
              ElementsAre(LaunchKind::Triton, LaunchKind::UserTriton,
                          LaunchKind::Triton));
  ASSERT_EQ(Inv.Sites.size(), 3u);
  ASSERT_EQ(Inv.Inputs.size(), 2u);
  EXPECT_EQ(Inv.Inputs[1].Name, "arg1_1");
  EXPECT_EQ(Inv.Inputs[1].Index, 1u);
  EXPECT_THAT(Inv.Constants, IsEmpty());
  const LaunchSite &User = Inv.Sites[1];
  EXPECT_EQ(User.Kernel, "add_kernel_0");
  // Nothing says which pointers a user kernel writes.
  EXPECT_THAT(shortTensors(User),
              ElementsAre("buf1:unknown", "arg1_1:unknown", "buf0:unknown"));
  EXPECT_EQ(User.Tensors[1].Origin, HandleOrigin::GraphInput);
  EXPECT_EQ(User.Tensors[1].OriginIndex, std::optional<unsigned>(1));
  EXPECT_THAT(scalars(User),
              ElementsAre("n=1000", "_grid_0=4L", "_grid_1=1L", "_grid_2=1L"));
  // Plumbing parameters are neither tensors nor scalars.
  for (const LaunchSite &S : Inv.Sites)
    for (const std::string &P : params(S))
      EXPECT_TRUE(P != "device_idx_" && P != "stream_" && P != "kernels_" &&
                  P != "cubin_dir_")
          << S.Kernel << ": " << P;
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, UpstreamPrinterCallsAreNotLaunches) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &Plain = fixture("mlp_cuda", /*Cuda=*/true);
  const Analyzed &A = fixture("mlp_cuda_printer2", /*Cuda=*/true);
  ASSERT_ANALYZED(Plain);
  ASSERT_ANALYZED(A);
  EXPECT_EQ(kernels(A.Inv), kernels(Plain.Inv));
  ASSERT_EQ(A.Inv.Sites.size(), Plain.Inv.Sites.size());
  for (size_t I = 0; I < A.Inv.Sites.size(); ++I) {
    const LaunchSite &S = A.Inv.Sites[I];
    EXPECT_EQ(shortTensors(S), shortTensors(Plain.Inv.Sites[I]));
    EXPECT_EQ(S.SourceNodes, Plain.Inv.Sites[I].SourceNodes);
    // The printer's calls surround the launch; the anchors hold only it.
    EXPECT_THAT(lineAt(A.Text, S.AfterOffset).str(),
                StartsWith("    aoti_torch_print_tensor_handle("));
    EXPECT_NE(lineAt(A.Text, S.AfterOffset).find("after_launch - " + S.Kernel),
              StringRef::npos);
    EXPECT_EQ(lineOfOffset(A.Text, S.BeforeOffset), S.Line);
  }
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, UpstreamNanAssertsAreNotLaunches) {
  AOTI_REQUIRE_TORCH();
  const Analyzed &Plain = fixture("nan_cuda", /*Cuda=*/true);
  const Analyzed &A = fixture("nan_cuda_nanasserts", /*Cuda=*/true);
  ASSERT_ANALYZED(Plain);
  ASSERT_ANALYZED(A);
  EXPECT_EQ(kernels(A.Inv), kernels(Plain.Inv));
  ASSERT_EQ(A.Inv.Sites.size(), 3u);
  for (size_t I = 0; I < 3; ++I)
    EXPECT_EQ(shortTensors(A.Inv.Sites[I]), shortTensors(Plain.Inv.Sites[I]));
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

TEST(RealWrapper, NotAWrapper) {
  AOTI_REQUIRE_TORCH();
  // Real torch headers, but no AOTInductorModel::run_impl of our own.
  Analyzed A = analyze("#include <torch/csrc/inductor/aoti_include/cpu.h>\n"
                       "int main() { return 0; }\n",
                       "not_a_wrapper.cpp", /*Cuda=*/false);
  ASSERT_FALSE(A.Ok);
  EXPECT_THAT(A.Failure, StartsWith("analysis failed: 3: "));
  EXPECT_NE(A.Failure.find("AOTInductorModel::run_impl"), std::string::npos)
      << A.Failure;
}

//===----------------------------------------------------------------------===//
// Snippets: the CPU MLP's wrapper up to run_impl, then a run_impl of ours
//===----------------------------------------------------------------------===//

/// mlp_cpu's wrapper.cpp cut just before \p Cut (its includes, kernel
/// declaration, AOTInductorModel constructor, input checks), then \p Body,
/// then the namespace's end.
std::string cpuSnippet(StringRef Cut, StringRef Body) {
  std::string Text = readFile(inputPath("mlp_cpu/wrapper.cpp"));
  size_t Pos = Text.find(Cut.str());
  EXPECT_NE(Pos, std::string::npos) << Cut.str();
  return Text.substr(0, Pos) + Body.str() +
         "} // namespace torch::aot_inductor\n";
}

const char RunImplHead[] = R"(void AOTInductorModel::run_impl(
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
    auto arg4_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& l1_weight = constants_->at(0);
    [[maybe_unused]] auto& l1_bias = constants_->at(1);
    inputs.clear();
    static constexpr int64_t int_array_0[] = {4L, 32L};
    static constexpr int64_t int_array_1[] = {32L, 1L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
)";

/// Offset of the line of \p Text that contains \p Needle.
unsigned lineStartOf(StringRef Text, StringRef Needle) {
  size_t Pos = Text.find(Needle);
  EXPECT_NE(Pos, StringRef::npos) << Needle.str();
  size_t NL = Text.rfind('\n', Pos);
  return NL == StringRef::npos ? 0 : NL + 1;
}
/// Offset just past the line of \p Text that contains \p Needle.
unsigned lineEndOf(StringRef Text, StringRef Needle) {
  return Text.find('\n', Text.find(Needle)) + 1;
}

TEST(Snippet, LaunchInsideIfIsAnchoredInTheIfBody) {
  AOTI_REQUIRE_TORCH();
  std::string Body = std::string(RunImplHead) + R"(    if (int_array_0[0] > 0) {
        // Topologically Sorted Source Nodes: [relu], Original ATen: [aten.relu]
        cpp_fused_relu_0((float*)(buf0.data_ptr()), (float*)(arg4_1.data_ptr()));
    }
    output_handles[0] = buf0.release();
} // AOTInductorModel::run_impl
)";
  Analyzed A = analyze(cpuSnippet("void AOTInductorModel::run_impl(", Body),
                       "if_snippet.cpp", /*Cuda=*/false);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 1u);
  const LaunchSite &S = A.Inv.Sites[0];
  EXPECT_EQ(S.Kind, LaunchKind::Cpp);
  EXPECT_EQ(S.Kernel, "cpp_fused_relu_0");
  EXPECT_THAT(shortTensors(S), ElementsAre("buf0:inout", "arg4_1:out"));
  // The anchor is the statement in the if body, not the whole if.
  EXPECT_EQ(S.BeforeOffset, lineStartOf(A.Text, "        cpp_fused_relu_0("));
  EXPECT_EQ(S.AfterOffset, lineEndOf(A.Text, "        cpp_fused_relu_0("));
  EXPECT_EQ(S.Indent, "        ");
  EXPECT_EQ(lineAt(A.Text, S.AfterOffset), "    }");
  EXPECT_THAT(S.SourceNodes, ElementsAre("relu"));
  EXPECT_THAT(S.AtenOps, ElementsAre("aten.relu"));
  EXPECT_EQ(A.Inv.Inputs.size(), 1u);
  EXPECT_THAT(A.Inv.Constants, ElementsAre("l1_weight", "l1_bias"));
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

const char OutParamBody[] = R"(    AtenTensorHandle buf5_handle;
    // Topologically Sorted Source Nodes: [abs], Original ATen: [aten.abs]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_abs(buf0, &buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    buf0.reset();
    AtenTensorHandle buf6_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_abs(l1_bias, &buf6_handle));
    output_handles[0] = buf5.release();
    output_handles[1] = buf6_handle;
} // AOTInductorModel::run_impl
)";

TEST(Snippet, OutParameterOwnerLineBelongsToTheLaunch) {
  AOTI_REQUIRE_TORCH();
  Analyzed A = analyze(cpuSnippet("void AOTInductorModel::run_impl(",
                                  std::string(RunImplHead) + OutParamBody),
                       "outparam_snippet.cpp", /*Cuda=*/false);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 2u);

  const LaunchSite &Abs = A.Inv.Sites[0];
  EXPECT_EQ(Abs.Kind, LaunchKind::Extern);
  EXPECT_EQ(Abs.Kernel, "aoti_torch_cpu_abs");
  ASSERT_EQ(Abs.Tensors.size(), 2u);
  EXPECT_EQ(Abs.Tensors[0].Param, "self");
  EXPECT_EQ(Abs.Tensors[0].Name, "buf0");
  EXPECT_EQ(Abs.Tensors[0].Role, ArgRole::Input);
  // &buf5_handle: the output is the RAII handle that takes it over; the
  // call makes it (ret0 of the shim's declaration).
  EXPECT_EQ(Abs.Tensors[1].Param, "ret0");
  EXPECT_EQ(Abs.Tensors[1].Name, "buf5");
  EXPECT_EQ(Abs.Tensors[1].Role, ArgRole::Ret);
  EXPECT_TRUE(Abs.Tensors[1].ViaOutParam);
  EXPECT_EQ(Abs.Tensors[1].Origin, HandleOrigin::Buffer);
  EXPECT_EQ(Abs.Tensors[1].Expr, "&buf5_handle");
  EXPECT_THAT(Abs.SourceNodes, ElementsAre("abs"));
  // Instrumentation after the launch must see buf5, so AfterOffset is past
  // `RAIIAtenTensorHandle buf5(buf5_handle);`.
  EXPECT_EQ(Abs.BeforeOffset,
            lineStartOf(A.Text, "aoti_torch_cpu_abs(buf0, &buf5_handle)"));
  EXPECT_EQ(Abs.AfterOffset,
            lineEndOf(A.Text, "    RAIIAtenTensorHandle buf5(buf5_handle);"));
  EXPECT_EQ(lineAt(A.Text, Abs.AfterOffset), "    buf0.reset();");

  // No RAII owner: the raw handle, the one name a probe after the call can
  // use (all_reduce_'s is deleted on the next line), anchored on its line;
  // the [abs] comment belongs to the previous launch.
  const LaunchSite &Bare = A.Inv.Sites[1];
  ASSERT_EQ(Bare.Tensors.size(), 2u);
  EXPECT_EQ(Bare.Tensors[0].Name, "l1_bias");
  EXPECT_EQ(Bare.Tensors[0].Origin, HandleOrigin::Constant);
  EXPECT_EQ(Bare.Tensors[1].Name, "buf6_handle");
  EXPECT_EQ(Bare.Tensors[1].Role, ArgRole::Ret);
  EXPECT_TRUE(Bare.Tensors[1].ViaOutParam);
  // Its origin: see RawOutParamWithoutOwnerIsABuffer.
  EXPECT_EQ(Bare.AfterOffset,
            lineEndOf(A.Text, "aoti_torch_cpu_abs(l1_bias, &buf6_handle)"));
  EXPECT_THAT(Bare.SourceNodes, IsEmpty());
  expectSaneOffsets(A);
  expectRunImplOffsets(A);
}

// Regression test (was a bug in FunctionAnalyzer::makeTensorArg): an extern
// op's output written through `&buf6_handle` with no
// `RAIIAtenTensorHandle buf6(buf6_handle);` owner got origin "other": the
// raw handle is always in Handles (recordHandle stores it as Other). It is
// a buffer, named by its raw handle (the name "buf6" it once had named no
// variable: a probe after the call did not compile).
TEST(Snippet, RawOutParamWithoutOwnerIsABuffer) {
  AOTI_REQUIRE_TORCH();
  Analyzed A = analyze(cpuSnippet("void AOTInductorModel::run_impl(",
                                  std::string(RunImplHead) + OutParamBody),
                       "outparam_snippet.cpp", /*Cuda=*/false);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  ASSERT_EQ(A.Inv.Sites[1].Tensors.size(), 2u);
  const TensorArg &Out = A.Inv.Sites[1].Tensors[1];
  EXPECT_EQ(Out.Name, "buf6_handle");
  EXPECT_EQ(Out.Origin, HandleOrigin::Buffer);
}

const char ConstRunImpl[] = R"(void AOTInductorModel::_const_run_impl(
    std::vector<AtenTensorHandle>& output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    [[maybe_unused]] auto& l1_weight = constants_->at(0);
    static constexpr int64_t int_array_0[] = {16L, 32L};
    static constexpr int64_t int_array_1[] = {32L, 1L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    // Topologically Sorted Source Nodes: [t], Original ATen: [aten.t]
    cpp_fused_relu_0((float*)(l1_weight.data_ptr()), (float*)(buf0.data_ptr()));
    output_handles[0] = buf0.release();
} // AOTInductorModel::_const_run_impl

)";

const char RunImplWithLaunch[] =
    R"(    cpp_fused_relu_0((float*)(buf0.data_ptr()), (float*)(arg4_1.data_ptr()));
    output_handles[0] = buf0.release();
} // AOTInductorModel::run_impl
)";

/// Constant folding: _const_run_impl (which runs first) launches kernels on
/// constants too.
Analyzed constFoldingSnippet() {
  return analyze(
      cpuSnippet("void AOTInductorModel::_const_run_impl(",
                 std::string(ConstRunImpl) + RunImplHead + RunImplWithLaunch),
      "const_snippet.cpp", /*Cuda=*/false);
}

TEST(Snippet, ConstRunImplLaunchesComeFirst) {
  AOTI_REQUIRE_TORCH();
  Analyzed A = constFoldingSnippet();
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 2u);
  const LaunchSite &Fold = A.Inv.Sites[0];
  EXPECT_EQ(Fold.Function, "_const_run_impl");
  EXPECT_EQ(Fold.Kernel, "cpp_fused_relu_0");
  EXPECT_THAT(shortTensors(Fold), ElementsAre("l1_weight:inout", "buf0:out"));
  EXPECT_EQ(Fold.Tensors[0].Origin, HandleOrigin::Constant);
  EXPECT_EQ(Fold.Tensors[0].OriginIndex, std::optional<unsigned>(0));
  EXPECT_THAT(Fold.SourceNodes, ElementsAre("t"));
  const LaunchSite &Run = A.Inv.Sites[1];
  EXPECT_EQ(Run.Function, "run_impl");
  EXPECT_EQ(Run.Ordinal, 1u);
  // buf0 of run_impl is not buf0 of _const_run_impl, and the [t] comment
  // stays with the launch it was written for.
  EXPECT_THAT(shortTensors(Run), ElementsAre("buf0:inout", "arg4_1:out"));
  EXPECT_THAT(Run.SourceNodes, IsEmpty());
  // The entry and exit found are run_impl's, not _const_run_impl's.
  expectRunImplOffsets(A);
}

// Regression test (was a bug in FunctionAnalyzer::recordHandle): every `auto& x
// = constants_->at(N);` of every analyzed function is appended to
// Inv.Constants, so a wrapper with runtime constant folding (whose
// _const_run_impl binds constants the same way) lists them twice ({l1_weight,
// l1_weight, l1_bias} here), and constants[origin_index] no longer names the
// tensor (constants[1] is l1_weight, but l1_bias has index 1).
TEST(Snippet, ConstantsListedOnceEach) {
  AOTI_REQUIRE_TORCH();
  Analyzed A = constFoldingSnippet();
  ASSERT_ANALYZED(A);
  // Both functions bind constants_->at(0); the model has each constant once,
  // in index order, so that constants[origin_index] names the tensor.
  EXPECT_THAT(A.Inv.Constants, ElementsAre("l1_weight", "l1_bias"));
  ASSERT_EQ(A.Inv.Inputs.size(), 1u);
}

} // namespace

//===----------------------------------------------------------------------===//
// Multi-stream AOTI (torch 2.14+): each launch's stream
//===----------------------------------------------------------------------===//

/// The derived 2.12 CUDA MLP (noinline helpers) with upstream's streams.h
/// and per-thread caches spliced after its include, as 2.14 does, cut before
/// run_impl, then \p Body.
std::string multiStreamSnippet(StringRef Body) {
  std::string Text = readFile(inputPath("derived/noinline_2.12/wrapper.cpp"));
  std::string Streams =
      readFile(inputPath("../../scripts/corpus/upstream/streams-2.14.0.h"));
  size_t AfterInclude = Text.find('\n', Text.find("aoti_include/cuda.h>")) + 1;
  Text.insert(AfterInclude,
              Streams + "\nnamespace {\nstatic thread_local "
                        "torch::aot_inductor::AOTIPerThreadEventCache\n    "
                        "_aoti_event_cache;\nstatic thread_local "
                        "torch::aot_inductor::AOTIPerThreadStreamCache\n    "
                        "_aoti_aux_stream_cache;\n}  // namespace\n");
  size_t Pos = Text.find("void AOTInductorModel::run_impl(");
  EXPECT_NE(Pos, std::string::npos);
  return Text.substr(0, Pos) + Body.str() +
         "} // namespace torch::aot_inductor\n";
}

TEST(Snippet, StreamsFromHelperArgumentsAndStreamGuards) {
  AOTI_REQUIRE_TORCH();
  std::string Body = R"(void AOTInductorModel::run_impl(
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
    auto arg4_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& l1_weight = constants_->at(0);
    [[maybe_unused]] auto& l1_bias = constants_->at(1);
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());
    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    _aoti_aux_stream_cache.ensure(3, this->device_idx_, stream);
    std::unique_ptr<AOTICudaStreamGuard> _aoti_current_stream_guard;
    cudaStream_t stream1 = _aoti_aux_stream_cache.get(1, this->device_idx_, stream);
    call_triton_poi_fused_addmm_relu_0(arg4_1, l1_bias, 128L, this->device_idx_, stream1, kernels, this->cubin_dir_);
    _aoti_current_stream_guard = std::make_unique<AOTICudaStreamGuard>(_aoti_aux_stream_cache.get(2, this->device_idx_, stream), this->device_idx_);
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(arg4_1, arg4_1, l1_weight));
    call_triton_poi_fused_1(arg4_1, 8L, this->device_idx_, stream, kernels, this->cubin_dir_);
    _aoti_current_stream_guard.reset();
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(arg4_1, arg4_1, l1_weight));
} // AOTInductorModel::run_impl
)";
  Analyzed A = analyze(multiStreamSnippet(Body), "streams_snippet.cpp",
                       /*Cuda=*/true);
  ASSERT_ANALYZED(A);
  ASSERT_EQ(A.Inv.Sites.size(), 4u);
  // A helper runs on the stream it is given: the variable bound to slot 1.
  EXPECT_EQ(A.Inv.Sites[0].Kind, LaunchKind::Triton);
  EXPECT_EQ(A.Inv.Sites[0].Stream, "stream1");
  EXPECT_EQ(A.Inv.Sites[0].StreamLane, 1u);
  // An extern op runs on the guard's stream: slot 2 has no variable.
  EXPECT_EQ(A.Inv.Sites[1].Kind, LaunchKind::Extern);
  EXPECT_EQ(A.Inv.Sites[1].Stream,
            "_aoti_aux_stream_cache.get(2, this->device_idx_, stream)");
  EXPECT_EQ(A.Inv.Sites[1].StreamLane, 2u);
  // Inside the guard, a helper given run_impl's `stream` runs there.
  EXPECT_EQ(A.Inv.Sites[2].Stream, "");
  EXPECT_EQ(A.Inv.Sites[2].StreamLane, 0u);
  // After reset(), the current stream is run_impl's again.
  EXPECT_EQ(A.Inv.Sites[3].Stream, "");
  EXPECT_EQ(A.Inv.Sites[3].StreamLane, 0u);
  expectSaneOffsets(A);
}
