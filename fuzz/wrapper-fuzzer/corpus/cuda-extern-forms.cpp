// Extern ops in the call forms the shim's declarations give (unittests/
// ExternFormsTest.cpp), cut down to parse against the stub AOTI headers
// (unittests/AOTIStub.cpp): returned tensors, optional tensors and lists,
// returned scalars, a temporary second handle of an input, an undefined
// tensor standing for None, a custom op's undefined output.
#include <torch/csrc/inductor/aoti_include/cuda.h>

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
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_0, 6, 1, this->device_idx_, &buf0_handle));
  RAIIAtenTensorHandle buf0(buf0_handle);
  AtenTensorHandle buf2_handle;
  AtenTensorHandle buf3_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_topk(buf0, 2L, -1L, 1, 1, &buf2_handle, &buf3_handle));
  RAIIAtenTensorHandle buf2(buf2_handle);
  RAIIAtenTensorHandle buf3(buf3_handle);
  AtenTensorHandle tmp_arg0_1_0;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_tensor_handle(arg0_1, &tmp_arg0_1_0));
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf0, RAIIAtenTensorHandle(tmp_arg0_1_0), w));
  AtenTensorHandle buf4_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_index_Tensor(w, std::array<const AtenTensorHandle*, 2>{&temporary_reference(buf2.get()), nullptr}.data(), 2, &buf4_handle));
  RAIIAtenTensorHandle buf4(buf4_handle);
  AtenTensorHandle var_0_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_0_handle));
  RAIIAtenTensorHandle var_0(var_0_handle);
  AtenTensorHandle buf5_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention_backward(buf0, arg0_1, arg0_1, arg0_1, var_0, buf4, buf0, buf0, buf0, 0.0, std::array<int32_t, 4>{1, 1, 1, 0}.cbegin(), 4, 0, nullptr, &buf5_handle, nullptr, nullptr, nullptr));
  RAIIAtenTensorHandle buf5(buf5_handle);
  AtenTensorHandle buf7_handle;
  AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_cat(std::array<AtenTensorHandle, 2>{buf5.get(), buf3.get()}.cbegin(), 2, 0L, &buf7_handle));
  RAIIAtenTensorHandle buf7(buf7_handle);
  output_handles[0] = buf7.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor
