#include <torch/csrc/inductor/aoti_include/cpu.h>
extern "C" void cpp_fused_relu_0(const float *in_ptr0, float *out_ptr0);
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
  // Topologically Sorted Source Nodes: [relu], Original ATen: [aten.relu]
  cpp_fused_relu_0((const float *)(arg0_1.data_ptr()), (float *)(buf0.data_ptr()));
  void *ptr;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_data_ptr(buf0, &ptr));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf0, w, arg0_1, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(w, 2, int_array_0, int_array_0, 0L)), 1L, 1L));
  output_handles[0] = buf0.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor
