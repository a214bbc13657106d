// A CUDA wrapper in the forms AOTI writes, cut down to parse against the
// stub AOTI headers (unittests/AOTIStub.cpp): a Triton helper, extern ops,
// a proxy call, views, graph inputs, a constant and an aux stream.
#include <torch/csrc/inductor/aoti_include/cuda.h>

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

namespace torch::aot_inductor {
void AOTInductorModel::run_impl(AtenTensorHandle *input_handles,
                                AtenTensorHandle *output_handles,
                                DeviceStreamType stream,
                                AOTIProxyExecutorHandle proxy_executor) {
  __check_inputs_outputs(input_handles, output_handles);
  auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 2);
  auto arg0_1 = std::move(inputs[0]);
  auto arg1_1 = std::move(inputs[1]);
  [[maybe_unused]] auto &w = constants_->at(0);
  inputs.clear();
  [[maybe_unused]] auto &kernels =
      *static_cast<AOTInductorModelKernels *>(this->kernels_.get());
  static constexpr int64_t int_array_0[] = {4L, 8L};
  AtenTensorHandle buf0_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_0, 6, 1, this->device_idx_, &buf0_handle));
  RAIIAtenTensorHandle buf0(buf0_handle);
  AtenTensorHandle buf1_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_0, 6, 1, this->device_idx_, &buf1_handle));
  RAIIAtenTensorHandle buf1(buf1_handle);
  // Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf0, arg0_1, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(w, 2, int_array_0, int_array_0, 0L))));
  // Topologically Sorted Source Nodes: [relu], Original ATen: [aten.relu]
  call_triton_poi_fused_relu_0(buf0, w, 32L, this->device_idx_, stream, kernels, this->cubin_dir_);
  AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
  _aoti_aux_stream_cache.ensure(2, this->device_idx_, stream);
  std::unique_ptr<AOTICudaStreamGuard> _aoti_current_stream_guard;
  cudaStream_t stream1 = _aoti_aux_stream_cache.get(1, this->device_idx_, stream);
  call_triton_poi_fused_relu_0(buf1, arg1_1, 32L, this->device_idx_, stream1, kernels, this->cubin_dir_);
  _aoti_current_stream_guard = std::make_unique<AOTICudaStreamGuard>(_aoti_aux_stream_cache.get(1, this->device_idx_, stream), this->device_idx_);
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_copy_(buf1, buf0, 0));
  _aoti_current_stream_guard.reset();
  aoti_torch_proxy_executor_call_function(proxy_executor, 0, 1, std::array<int64_t, 1>{7L}.data(), 2, std::array<AtenTensorHandle, 2>{buf1, arg0_1}.data());
  output_handles[0] = buf1.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor
