#include <torch/csrc/inductor/aoti_include/cuda.h>
namespace torch::aot_inductor {
struct AOTInductorModelKernels {
  CUfunction triton_per_fused_sum_1 = nullptr;
};
void AOTInductorModel::run_impl(AtenTensorHandle *input_handles,
                                AtenTensorHandle *output_handles,
                                DeviceStreamType stream,
                                AOTIProxyExecutorHandle proxy_executor) {
  __check_inputs_outputs(input_handles, output_handles);
  auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
  auto arg0_1 = std::move(inputs[0]);
  inputs.clear();
  [[maybe_unused]] auto &kernels =
      *static_cast<AOTInductorModelKernels *>(this->kernels_.get());
  static constexpr int64_t int_array_0[] = {16L};
  AtenTensorHandle buf0_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(1, int_array_0, int_array_0, 6, 1, this->device_idx_, &buf0_handle));
  RAIIAtenTensorHandle buf0(buf0_handle);
  auto buf1 = std::move(buf0);  // reuse
  void *var_0 = reinterpret_cast<void *>(arg0_1.data_ptr());
  void *var_1 = reinterpret_cast<void *>(buf1.data_ptr());
  int64_t var_2 = 16L;
  void *kernel_args_var_0[] = {&var_0, &var_1, &var_2};
  // Topologically Sorted Source Nodes: [sum_1], Original ATen: [aten.sum]
  launchKernel(kernels.triton_per_fused_sum_1, 1, 1, 1, 2, 0, kernel_args_var_0, stream);
  output_handles[0] = buf1.release();
}
} // namespace torch::aot_inductor
