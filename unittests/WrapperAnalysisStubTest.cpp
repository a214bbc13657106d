//===- WrapperAnalysisStubTest.cpp - analyzeParsedWrapper, hermetic -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Small wrappers in the forms AOTI writes, parsed against the stub AOTI
// headers of AOTIStub.cpp: no torch, no system headers, milliseconds per
// test. The real-header tests (WrapperAnalysisTest.cpp) stay the reference
// for what torch really generates.
//
//===----------------------------------------------------------------------===//

#include "AOTIStub.h"
#include "Support/AOTINames.h"
#include "llvm/ADT/Twine.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

/// `name:role[:view]` of each tensor argument, as --list prints them.
std::vector<std::string> tensorsOf(const LaunchSite &Site) {
  std::vector<std::string> Out;
  for (const TensorArg &T : Site.Tensors)
    Out.push_back(T.Name + ":" + roleName(T.Role).str() +
                  (T.IsView ? ":view" : ""));
  return Out;
}

/// A Triton launch helper as torch 2.12+ writes it (a noinline template
/// whose body calls launchKernel).
constexpr StringRef TritonHelper = R"cpp(
namespace torch::aot_inductor {
struct AOTInductorModelKernels {
  CUfunction triton_poi_fused_relu_0 = nullptr;
};
template <typename in_out_ptr0_type_, typename in_ptr0_type_,
          typename kernels_type_>
static __attribute__((noinline)) void call_triton_poi_fused_relu_0(
    const in_out_ptr0_type_ &in_out_ptr0, const in_ptr0_type_ &in_ptr0,
    int64_t xnumel, int32_t device_idx_, cudaStream_t stream_,
    kernels_type_ &kernels_, const char *cubin_dir_ = nullptr) {
  void *kernel_args_[] = {(void *)&in_out_ptr0, (void *)&in_ptr0, &xnumel};
  launchKernel(kernels_.triton_poi_fused_relu_0, 1, 1, 1, 4, 0, kernel_args_,
               stream_);
}
} // namespace torch::aot_inductor
)cpp";

constexpr StringRef Kernels = R"cpp(
  [[maybe_unused]] auto &kernels =
      *static_cast<AOTInductorModelKernels *>(this->kernels_.get());
)cpp";

/// Parses and analyzes; fails the test when either step fails.
WrapperInventory analyze(const std::string &Code) {
  StubAnalysis A = analyzeWithStub(Code);
  EXPECT_TRUE(A.Parsed) << A.Diagnostics;
  EXPECT_EQ(A.AnalysisError, "");
  return std::move(A.Inv);
}

TEST(WrapperAnalysisStubTest, CppKernelCall) {
  WrapperInventory Inv = analyze(stubWrapper("cpu", R"cpp(
extern "C" void cpp_fused_relu_0(const float *in_ptr0, float *out_ptr0);
)cpp",
                                             R"cpp(
  // Topologically Sorted Source Nodes: [relu], Original ATen: [aten.relu]
  cpp_fused_relu_0((const float *)(arg0_1.data_ptr()), (float *)(buf0.data_ptr()));
)cpp"));
  EXPECT_EQ(Inv.Device, "cpu");
  ASSERT_EQ(Inv.Inputs.size(), 1u);
  EXPECT_EQ(Inv.Inputs[0].Name, "arg0_1");
  EXPECT_THAT(Inv.Constants, ElementsAre("w"));
  // aoti_torch_empty_strided allocates: it is no launch.
  ASSERT_EQ(Inv.Sites.size(), 1u);
  const LaunchSite &Site = Inv.Sites[0];
  EXPECT_EQ(Site.Kind, LaunchKind::Cpp);
  EXPECT_EQ(Site.Kernel, "cpp_fused_relu_0");
  EXPECT_EQ(Site.Function, "run_impl");
  EXPECT_THAT(tensorsOf(Site), ElementsAre("arg0_1:in", "buf0:out"));
  EXPECT_EQ(Site.Tensors[0].Origin, HandleOrigin::GraphInput);
  EXPECT_EQ(Site.Tensors[1].Origin, HandleOrigin::Buffer);
  EXPECT_THAT(Site.SourceNodes, ElementsAre("relu"));
  EXPECT_THAT(Site.AtenOps, ElementsAre("aten.relu"));
  EXPECT_THAT(Inv.Functions, ::testing::SizeIs(1));
}

TEST(WrapperAnalysisStubTest, TritonHelperCall) {
  WrapperInventory Inv =
      analyze(stubWrapper("cuda", TritonHelper, (Kernels.str() + R"cpp(
  call_triton_poi_fused_relu_0(buf0, w, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
)cpp")));
  EXPECT_EQ(Inv.Device, "cuda");
  ASSERT_EQ(Inv.Sites.size(), 1u);
  const LaunchSite &Site = Inv.Sites[0];
  EXPECT_EQ(Site.Kind, LaunchKind::Triton);
  EXPECT_EQ(Site.Kernel, "triton_poi_fused_relu_0");
  EXPECT_THAT(tensorsOf(Site), ElementsAre("buf0:inout", "w:in"));
  EXPECT_EQ(Site.Tensors[1].Origin, HandleOrigin::Constant);
  // Plumbing (device, stream, kernels, cubin dir) is no kernel argument.
  ASSERT_EQ(Site.Scalars.size(), 1u);
  EXPECT_EQ(Site.Scalars[0].Param, "xnumel");
  EXPECT_EQ(Site.Scalars[0].Expr, "128L");
  EXPECT_EQ(Site.Stream, "");
  EXPECT_EQ(Site.StreamLane, 0u);
}

TEST(WrapperAnalysisStubTest, HelperWithoutLaunchKernelIsNoLaunch) {
  WrapperInventory Inv = analyze(stubWrapper("cuda", R"cpp(
namespace torch::aot_inductor {
static void call_triton_not_a_launch(const RAIIAtenTensorHandle &in_ptr0) {}
} // namespace torch::aot_inductor
)cpp",
                                             R"cpp(
  call_triton_not_a_launch(buf0);
)cpp"));
  EXPECT_THAT(Inv.Sites, IsEmpty());
}

TEST(WrapperAnalysisStubTest, ExternOps) {
  WrapperInventory Inv = analyze(stubWrapper("cpu", "", R"cpp(
  void *ptr;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_data_ptr(buf0, &ptr));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf0, w, arg0_1, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(w, 2, int_array_0, int_array_0, 0L)), 1L, 1L));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_copy_(buf1, buf0, 0));
)cpp"));
  // aoti_torch_get_data_ptr is a shim utility, not an op.
  ASSERT_EQ(Inv.Sites.size(), 2u);
  const LaunchSite &Addmm = Inv.Sites[0];
  EXPECT_EQ(Addmm.Kind, LaunchKind::Extern);
  EXPECT_EQ(Addmm.Kernel, "aoti_torch_cpu_addmm_out");
  EXPECT_THAT(tensorsOf(Addmm),
              ElementsAre("buf0:out", "w:in", "arg0_1:in", "w:in:view"));
  ASSERT_EQ(Addmm.Scalars.size(), 2u);
  EXPECT_EQ(Addmm.Scalars[0].Param, "beta");
  // Declared by hand in shim.h, and in place: `self` is written.
  const LaunchSite &Copy = Inv.Sites[1];
  EXPECT_EQ(Copy.Kind, LaunchKind::Extern);
  EXPECT_EQ(Copy.Kernel, "aoti_torch_copy_");
  EXPECT_THAT(tensorsOf(Copy), ElementsAre("buf1:inout", "buf0:in"));
}

TEST(WrapperAnalysisStubTest, ProxyExecutorCall) {
  WrapperInventory Inv = analyze(stubWrapper("cpu", "", R"cpp(
  aoti_torch_proxy_executor_call_function(proxy_executor, 0, 1, std::array<int64_t, 1>{7L}.data(), 2, std::array<AtenTensorHandle, 2>{buf0, arg0_1}.data());
)cpp"));
  ASSERT_EQ(Inv.Sites.size(), 1u);
  const LaunchSite &Site = Inv.Sites[0];
  EXPECT_EQ(Site.Kind, LaunchKind::Proxy);
  EXPECT_EQ(Site.Kernel, "aoti_torch_proxy_executor_call_function");
  // The tensor list stands for its tensors; what a custom op writes is
  // unknown.
  EXPECT_THAT(tensorsOf(Site), ElementsAre("buf0:unknown", "arg0_1:unknown"));
  EXPECT_EQ(Site.Tensors[0].Param, "flatten_tensor_args[0]");
  for (const ScalarArg &S : Site.Scalars)
    EXPECT_NE(S.Param, "proxy_executor");
}

TEST(WrapperAnalysisStubTest, MultiStream) {
  WrapperInventory Inv =
      analyze(stubWrapper("cuda", TritonHelper, (Kernels.str() + R"cpp(
  AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
  _aoti_aux_stream_cache.ensure(2, this->device_idx_, stream);
  std::unique_ptr<AOTICudaStreamGuard> _aoti_current_stream_guard;
  cudaStream_t stream1 = _aoti_aux_stream_cache.get(1, this->device_idx_, stream);
  call_triton_poi_fused_relu_0(buf0, w, 128L, this->device_idx_, stream1, kernels, this->cubin_dir_);
  _aoti_current_stream_guard = std::make_unique<AOTICudaStreamGuard>(_aoti_aux_stream_cache.get(1, this->device_idx_, stream), this->device_idx_);
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, buf0, w));
  _aoti_current_stream_guard.reset();
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, buf0, w));
)cpp")));
  ASSERT_EQ(Inv.Sites.size(), 3u);
  // The helper's stream argument names aux stream 1.
  EXPECT_EQ(Inv.Sites[0].Kind, LaunchKind::Triton);
  EXPECT_EQ(Inv.Sites[0].Stream, "stream1");
  EXPECT_EQ(Inv.Sites[0].StreamLane, 1u);
  // Extern ops follow the current stream guard...
  EXPECT_EQ(Inv.Sites[1].Kind, LaunchKind::Extern);
  EXPECT_EQ(Inv.Sites[1].Stream, "stream1");
  EXPECT_EQ(Inv.Sites[1].StreamLane, 1u);
  // ...until it is reset to run_impl's stream.
  EXPECT_EQ(Inv.Sites[2].Stream, "");
  EXPECT_EQ(Inv.Sites[2].StreamLane, 0u);
}

TEST(WrapperAnalysisStubTest, NoRunImplIsNotAWrapper) {
  StubAnalysis A = analyzeWithStub(R"cpp(
#include <torch/csrc/inductor/aoti_include/cpu.h>
void f() {}
)cpp");
  ASSERT_TRUE(A.Parsed) << A.Diagnostics;
  EXPECT_THAT(A.AnalysisError, HasSubstr("no definition of "
                                         "AOTInductorModel::run_impl"));
}

TEST(AOTINamesTest, Lookups) {
  EXPECT_TRUE(names::isTensorHandleRecord("RAIIAtenTensorHandle"));
  EXPECT_TRUE(names::isTensorHandleRecord("ConstantHandle"));
  EXPECT_FALSE(names::isTensorHandleRecord(names::RawHandleRecord));
  EXPECT_TRUE(names::isPlumbingParam("stream_"));
  EXPECT_FALSE(names::isPlumbingParam("in_ptr0"));
  EXPECT_TRUE(names::isShimUtility("aoti_torch_get_sizes"));
  EXPECT_FALSE(names::isShimUtility("aoti_torch_cuda_mm_out"));
  EXPECT_EQ(names::aotiIncludeLine("// x\n#include "
                                   "<torch/csrc/inductor/aoti_include/cpu.h> "
                                   "\nint y;"),
            "#include <torch/csrc/inductor/aoti_include/cpu.h>");
}

} // namespace
