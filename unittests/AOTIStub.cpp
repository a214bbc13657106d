//===- AOTIStub.cpp - A stand-in for the AOTI headers, for tests ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AOTIStub.h"
#include "Analysis/WrapperAnalysis.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/Twine.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;

namespace {

constexpr StringRef StubRoot = "/aoti-stub";

/// aoti_torch/c/shim.h: handle types, utilities and a few ops declared by
/// hand (the analysis tells them apart by name), and the proxy executor.
constexpr StringRef ShimH = R"cpp(
#pragma once
using int64_t = long;
using int32_t = int;
struct AtenTensorOpaque;
using AtenTensorHandle = AtenTensorOpaque *;
struct ProxyExecutorOpaque;
using AOTIProxyExecutorHandle = ProxyExecutorOpaque *;
using AOTITorchError = int32_t;
struct CUstream_st;
using cudaStream_t = CUstream_st *;
extern "C" {
AOTITorchError aoti_torch_empty_strided(int64_t ndim, const int64_t *sizes,
                                        const int64_t *strides, int32_t dtype,
                                        int32_t device_type,
                                        int32_t device_index,
                                        AtenTensorHandle *ret_new_tensor);
AOTITorchError aoti_torch_get_data_ptr(AtenTensorHandle tensor,
                                       void **ret_data_ptr);
AOTITorchError aoti_torch_copy_(AtenTensorHandle self, AtenTensorHandle src,
                                int32_t non_blocking);
AOTITorchError aoti_torch_new_uninitialized_tensor(AtenTensorHandle *ret);
AOTITorchError aoti_torch_new_tensor_handle(AtenTensorHandle orig_handle,
                                            AtenTensorHandle *new_handle);
AOTITorchError aoti_torch_delete_tensor_object(AtenTensorHandle tensor);
AOTITorchError aoti_torch_proxy_executor_call_function(
    AOTIProxyExecutorHandle proxy_executor, int extern_node_index,
    int num_ints, int64_t *flatten_int_args, int num_tensors,
    AtenTensorHandle *flatten_tensor_args);
}
)cpp";

/// aoti_torch/generated/c_shim_{cpu,cuda}.h: only ops.
constexpr StringRef CShimCpuH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
extern "C" AOTITorchError
aoti_torch_cpu_addmm_out(AtenTensorHandle out, AtenTensorHandle self,
                         AtenTensorHandle mat1, AtenTensorHandle mat2,
                         double beta, double alpha);
)cpp";
constexpr StringRef CShimCudaH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
extern "C" {
AOTITorchError aoti_torch_cuda_mm_out(AtenTensorHandle out,
                                      AtenTensorHandle self,
                                      AtenTensorHandle mat2);
AOTITorchError aoti_torch_cuda_topk(AtenTensorHandle self, int64_t k,
                                    int64_t dim, int32_t largest,
                                    int32_t sorted, AtenTensorHandle *ret0,
                                    AtenTensorHandle *ret1);
AOTITorchError aoti_torch_cuda_cat(const AtenTensorHandle *tensors,
                                   int64_t tensors_len_, int64_t dim,
                                   AtenTensorHandle *ret0);
AOTITorchError aoti_torch_cuda_index_Tensor(AtenTensorHandle self,
                                            const AtenTensorHandle **indices,
                                            int64_t indices_len_,
                                            AtenTensorHandle *ret0);
AOTITorchError aoti_torch_cuda__embedding_bag(
    AtenTensorHandle weight, AtenTensorHandle indices,
    AtenTensorHandle offsets, int32_t scale_grad_by_freq, int64_t mode,
    int32_t sparse, AtenTensorHandle *per_sample_weights,
    int32_t include_last_offset, int64_t padding_idx, AtenTensorHandle *ret0,
    AtenTensorHandle *ret1, AtenTensorHandle *ret2, AtenTensorHandle *ret3);
AOTITorchError aoti_torch_cuda__scaled_dot_product_flash_attention(
    AtenTensorHandle query, AtenTensorHandle key, AtenTensorHandle value,
    double dropout_p, int32_t is_causal, int32_t return_debug_mask,
    double *scale, AtenTensorHandle *ret0, AtenTensorHandle *ret1,
    AtenTensorHandle *ret2, AtenTensorHandle *ret3, int64_t *ret4,
    int64_t *ret5, AtenTensorHandle *ret6, AtenTensorHandle *ret7,
    AtenTensorHandle *ret8);
AOTITorchError aoti_torch_cuda__scaled_dot_product_efficient_attention_backward(
    AtenTensorHandle grad_out_, AtenTensorHandle query, AtenTensorHandle key,
    AtenTensorHandle value, AtenTensorHandle attn_bias, AtenTensorHandle out,
    AtenTensorHandle logsumexp, AtenTensorHandle philox_seed,
    AtenTensorHandle philox_offset, double dropout_p,
    const int32_t *grad_input_mask, int64_t grad_input_mask_len_,
    int32_t is_causal, double *scale, AtenTensorHandle *ret0,
    AtenTensorHandle *ret1, AtenTensorHandle *ret2, AtenTensorHandle *ret3);
AOTITorchError aoti_torch_cuda__flash_attention_forward_no_dropout_inplace(
    AtenTensorHandle out, AtenTensorHandle query, AtenTensorHandle key,
    AtenTensorHandle value, AtenTensorHandle *cum_seq_q,
    AtenTensorHandle *cum_seq_k, int64_t max_q, int64_t max_k,
    double dropout_p, int32_t is_causal, int32_t return_debug_mask,
    double *scale, int64_t *window_size_left, int64_t *window_size_right,
    AtenTensorHandle *seqused_k, AtenTensorHandle *alibi_slopes,
    AtenTensorHandle *block_table, AtenTensorHandle *ret0);
AOTITorchError aoti_torch_cuda_view_dtype(AtenTensorHandle self,
                                          int32_t dtype,
                                          AtenTensorHandle *ret0);
AOTITorchError aoti_torch_cuda_fill__Scalar(AtenTensorHandle self,
                                            double value);
}
)cpp";

/// aoti_torch/c/shim_cpu.h: hand-written CPU ops (oneDNN, collectives).
constexpr StringRef ShimCpuH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
extern "C" AOTITorchError aoti_torch_cpu__c10d_functional_all_reduce_(
    AtenTensorHandle inp, const char *reduce_op, const char *group_name,
    AtenTensorHandle *ret0);
)cpp";

/// aoti_runtime/model.h: the std pieces AOTI's code uses, the handle
/// classes, the wrappers around launch arguments, and the model class.
constexpr StringRef ModelH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
namespace std {
template <class T> struct remove_reference { using type = T; };
template <class T> struct remove_reference<T &> { using type = T; };
template <class T>
typename remove_reference<T>::type &&move(T &&t) {
  return static_cast<typename remove_reference<T>::type &&>(t);
}
template <class T, unsigned long N> struct array {
  T Elems[N];
  T *data() { return Elems; }
  const T *cbegin() const { return Elems; }
};
template <class T> struct unique_ptr {
  unique_ptr() = default;
  unique_ptr(T *);
  unique_ptr &operator=(unique_ptr &&);
  void reset();
};
template <class T, class... A> unique_ptr<T> make_unique(A &&...);
} // namespace std
[[noreturn]] void aoti_stub_fail();
#define AOTI_TORCH_ERROR_CODE_CHECK(call)                                      \
  if ((call) != 0) {                                                           \
    aoti_stub_fail();                                                          \
  }
namespace torch::aot_inductor {
class RAIIAtenTensorHandle {
public:
  RAIIAtenTensorHandle();
  RAIIAtenTensorHandle(AtenTensorHandle);
  RAIIAtenTensorHandle(RAIIAtenTensorHandle &&);
  RAIIAtenTensorHandle &operator=(RAIIAtenTensorHandle &&);
  operator AtenTensorHandle() const;
  AtenTensorHandle get() const;
  AtenTensorHandle release();
  void *data_ptr() const;
  void reset();
};
class ConstantHandle {
public:
  operator AtenTensorHandle() const;
  AtenTensorHandle get() const;
  void *data_ptr() const;
};
struct RAIIHandles {
  RAIIAtenTensorHandle &operator[](unsigned long);
  void clear();
};
RAIIHandles steal_from_raw_handles_to_raii_handles(AtenTensorHandle *,
                                                   unsigned long);
RAIIAtenTensorHandle reinterpret_tensor_wrapper(AtenTensorHandle self,
                                                int64_t ndim,
                                                const int64_t *sizes,
                                                const int64_t *strides,
                                                int64_t storage_offset);
AtenTensorHandle
wrap_with_raii_handle_if_needed(const RAIIAtenTensorHandle &handle);
template <typename T> T &temporary_reference(T &&t) { return t; }
struct ConstantMap {
  ConstantHandle &at(unsigned long);
};
struct ConstantMapPtr {
  ConstantMap *operator->();
};
struct KernelsPtr {
  void *get();
};
using DeviceStreamType = cudaStream_t; // void * in CPU builds
class AOTInductorModel {
public:
  void run_impl(AtenTensorHandle *input_handles,
                AtenTensorHandle *output_handles, DeviceStreamType stream,
                AOTIProxyExecutorHandle proxy_executor);
  void __check_inputs_outputs(AtenTensorHandle *, AtenTensorHandle *);
  ConstantMapPtr constants_;
  KernelsPtr kernels_;
  int32_t device_idx_;
  const char *cubin_dir_;
};
} // namespace torch::aot_inductor
)cpp";

/// aoti_runtime/utils_cuda.h and streams.h: launches and streams.
constexpr StringRef CudaH = R"cpp(
#pragma once
struct CUfunc_st;
using CUfunction = CUfunc_st *;
namespace torch::aot_inductor {
void launchKernel(CUfunction func, unsigned grid_x, unsigned grid_y,
                  unsigned grid_z, unsigned num_warps, unsigned shared_mem,
                  void *args[], cudaStream_t stream);
class AOTICudaStreamGuard {
public:
  AOTICudaStreamGuard(cudaStream_t stream, int32_t device_index);
};
struct AuxStreamCache {
  void ensure(int n, int32_t device_index, cudaStream_t stream);
  cudaStream_t get(int n, int32_t device_index, cudaStream_t stream);
};
static AuxStreamCache _aoti_aux_stream_cache;
} // namespace torch::aot_inductor
)cpp";

constexpr StringRef IncludeCpuH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_runtime/model.h>
#include <torch/csrc/inductor/aoti_torch/c/shim_cpu.h>
#include <torch/csrc/inductor/aoti_torch/generated/c_shim_cpu.h>
)cpp";
constexpr StringRef IncludeCudaH = R"cpp(
#pragma once
#include <torch/csrc/inductor/aoti_runtime/model.h>
#include <torch/csrc/inductor/aoti_runtime/utils_cuda.h>
#include <torch/csrc/inductor/aoti_torch/generated/c_shim_cuda.h>
)cpp";

} // namespace

std::string aoti::test::stubWrapper(StringRef Device, StringRef Before,
                                    StringRef Launches) {
  return (llvm::Twine("#include <torch/csrc/inductor/aoti_include/") + Device +
          R"cpp(.h>
)cpp" + Before +
          R"cpp(
namespace torch::aot_inductor {
void AOTInductorModel::run_impl(AtenTensorHandle *input_handles,
                                AtenTensorHandle *output_handles,
                                DeviceStreamType stream,
                                AOTIProxyExecutorHandle proxy_executor) {
  __check_inputs_outputs(input_handles, output_handles);
  auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
  auto arg0_1 = std::move(inputs[0]);
  [[maybe_unused]] auto &w = constants_->at(0);
  inputs.clear();
  static constexpr int64_t int_array_0[] = {4L, 8L};
  AtenTensorHandle buf0_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_0, 6, 0, this->device_idx_, &buf0_handle));
  RAIIAtenTensorHandle buf0(buf0_handle);
  AtenTensorHandle buf1_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_0, 6, 0, this->device_idx_, &buf1_handle));
  RAIIAtenTensorHandle buf1(buf1_handle);
)cpp" + Launches +
          R"cpp(
  output_handles[0] = buf1.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor
)cpp")
      .str();
}

StubAnalysis aoti::test::analyzeWithStub(StringRef Wrapper) {
  const std::string Inductor = (StubRoot + "/torch/csrc/inductor/").str();
  clang::tooling::FileContentMappings Files = {
      {Inductor + "aoti_torch/c/shim.h", ShimH.str()},
      {Inductor + "aoti_torch/c/shim_cpu.h", ShimCpuH.str()},
      {Inductor + "aoti_torch/generated/c_shim_cpu.h", CShimCpuH.str()},
      {Inductor + "aoti_torch/generated/c_shim_cuda.h", CShimCudaH.str()},
      {Inductor + "aoti_runtime/model.h", ModelH.str()},
      {Inductor + "aoti_runtime/utils_cuda.h", CudaH.str()},
      {Inductor + "aoti_include/cpu.h", IncludeCpuH.str()},
      {Inductor + "aoti_include/cuda.h", IncludeCudaH.str()},
  };
  std::vector<std::string> Args = {"-std=c++17", "-nostdinc", "-nostdinc++",
                                   "-I" + StubRoot.str()};
  clang::TextDiagnosticBuffer Diags;
  StubAnalysis Result;
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          Wrapper, Args, "/aoti-stub/wrapper.cpp", "aoti-stub-test",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(), Files, &Diags);
  for (auto It = Diags.err_begin(); It != Diags.err_end(); ++It)
    Result.Diagnostics += It->second + "\n";
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return Result;
  Result.Parsed = true;
  auto Inv = analyzeParsedWrapper(AST->getASTContext());
  if (Inv)
    Result.Inv = std::move(*Inv);
  else
    Result.AnalysisError = llvm::toString(Inv.takeError());
  return Result;
}
