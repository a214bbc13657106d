
#include <torch/csrc/inductor/aoti_include/cpu.h>
// Definition of AOTI runtime interface functions

#include <torch/csrc/inductor/aoti_runtime/interface.h>
#include <torch/csrc/inductor/aoti_runtime/model_container.h>

#include <iostream>
#include <vector>

#define CONVERT_EXCEPTION_TO_ERROR_CODE(...)      \
  try {                                           \
    __VA_ARGS__                                   \
  } catch (const std::exception& e) {             \
    std::cerr << "Error: " << e.what() << '\n';   \
    return AOTI_RUNTIME_FAILURE;                  \
  } catch (...) {                                 \
    std::cerr << "Unknown exception occurred.\n"; \
    return AOTI_RUNTIME_FAILURE;                  \
  }                                               \
  return AOTI_RUNTIME_SUCCESS;

#define AOTI_VECTOR_SIZE_CHECK(actual_size, expected_size, name)  \
  do {                                                            \
    AOTI_RUNTIME_CHECK(                                           \
        actual_size == expected_size,                             \
        "expected " + std::string(name) + " vector size to be " + \
            std::to_string(expected_size) + ", but got " +        \
            std::to_string(actual_size));                         \
  } while (0)

// AOTInductor uses at::addmm_out, which doesn't supports
// arguments that requires gradient. For this reason, we
// enforce no_grad context for run APIs.
//
// A RAII, thread local (!) guard that enables or disables grad mode upon
// construction, and sets it back to the original value upon destruction.
struct AOTINoGradGuard {
  AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(false);
  }
  AOTINoGradGuard(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard(AOTINoGradGuard&&) noexcept = delete;
  ~AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(prev_mode);
  }
  AOTINoGradGuard& operator=(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard& operator=(AOTINoGradGuard&&) noexcept = delete;
  bool prev_mode{aoti_torch_grad_mode_is_enabled()};
};

extern "C" {

AOTIRuntimeError AOTInductorModelContainerCreate(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    bool is_cpu,
    const char* cubin_dir) {
      return AOTInductorModelContainerCreateWithDevice(
        container_handle,
        num_models,
        is_cpu ? "cpu" : "cuda",
        cubin_dir);
}

AOTIRuntimeError AOTInductorModelContainerCreateWithDevice(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    const char* device_str,
    const char* cubin_dir) {

  if (num_models == 0) {
    std::cerr << "Error: num_models must be positive, but got 0\n";
    return AOTI_RUNTIME_FAILURE;
  }
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    std::optional<std::string> cubin_dir_opt;
    if (cubin_dir != nullptr) {
      cubin_dir_opt.emplace(cubin_dir);
    }
    auto* container = new torch::aot_inductor::AOTInductorModelContainer(
        num_models, std::string(device_str), cubin_dir_opt);
    *container_handle =
        reinterpret_cast<AOTInductorModelContainerHandle>(container);
  })
}


AOTIRuntimeError AOTInductorModelContainerDelete(
    AOTInductorModelContainerHandle container_handle) {
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    auto* container =
        reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
            container_handle);
    delete container;
  });
}

AOTIRuntimeError AOTInductorModelContainerRun(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run(
        input_handles, output_handles, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerRunSingleThreaded(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run_single_threaded(
        input_handles, output_handles, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerGetNumConstants(
    AOTInductorModelContainerHandle container_handle,
    size_t* num_constants) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *num_constants = container->num_constants(); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantName(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** name) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *name = container->constant_name(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantOriginalFQN(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** original_fqn) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *original_fqn = container->constant_original_fqn(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantFromFolded(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    bool* from_folded) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({ *from_folded = container->constant_from_folded(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantType(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* type) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({ *type = container->constant_type(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantDtype(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* dtype) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *dtype = container->constant_dtype(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantDataSize(
  AOTInductorModelContainerHandle container_handle,
  size_t idx,
  size_t* data_size) {
  auto* container =
    reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
        container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *data_size = container->constant_data_size(idx); })
}

AOTIRuntimeError AOTInductorModelContainerExtractConstantsMap(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto constants_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { const auto ret = container->extract_constants_map(use_inactive);
      for (const auto& pair: ret) {
        constants_map->emplace(pair.first, pair.second);
      }
    })
}

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        *input_map, use_inactive, validate_full_update, /* user_managed = */ true);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBufferPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  // Build a local unordered_map inside
  std::unordered_map<std::string, AtenTensorHandle> input_map;
  input_map.reserve(num_pairs);
  for (size_t i = 0; i < num_pairs; ++i) {
      input_map.emplace(pairs[i].name, pairs[i].handle);
  }
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        input_map, use_inactive, validate_full_update, /*user_managed=*/true);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        *input_map, use_inactive, validate_full_update);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle) {
  return AOTInductorModelContainerUpdateConstantBuffer(container_handle,
          constant_map_handle,
          /*use_inactive*/ true,
          /*validate_full_update*/ true);
}

AOTIRuntimeError AOTInductorModelContainerFreeInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->free_inactive_constant_buffer();
  })
}

AOTIRuntimeError AOTInductorModelContainerRunConstantFolding(
    AOTInductorModelContainerHandle container_handle,
    bool use_inactive,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run_const_fold(use_inactive, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerSwapConstantBuffer(
    AOTInductorModelContainerHandle container_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->swap_constant_buffer();
  })
}

AOTIRuntimeError AOTInductorModelContainerGetNumInputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_inputs) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_num_inputs = container->num_inputs(); })
}

AOTIRuntimeError AOTInductorModelContainerGetInputName(
    AOTInductorModelContainerHandle container_handle,
    size_t input_idx,
    const char** ret_input_names) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_input_names = container->input_name(input_idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetNumOutputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_outputs) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_num_outputs = container->num_outputs(); })
}

AOTIRuntimeError AOTInductorModelContainerGetOutputName(
    AOTInductorModelContainerHandle container_handle,
    size_t output_idx,
    const char** ret_output_names) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_output_names = container->output_name(output_idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetCallSpec(
    AOTInductorModelContainerHandle container_handle,
    const char** in_spec,
    const char** out_spec) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    *in_spec = container->get_in_spec();
    *out_spec = container->get_out_spec();
  })
}

AOTIRuntimeError AOTInductorModelCreate(
    AOTInductorModelHandle* model_handle,
    AOTInductorConstantMapHandle constant_map_handle){
    CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
      auto constant_array = std::make_shared<std::vector<torch::aot_inductor::ConstantHandle>>();
      auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);

      auto model = new torch::aot_inductor::AOTInductorModel(
          constant_map,
          constant_array,
          "cpu", // device_str is hardcoded, as AOTInductorModelCreate is only use for CPU models
          ""
      );

      if (input_map) {
        for (auto const& kv : *input_map) {
          constant_map->emplace(kv.first, kv.second);
        }
      } else {
        model->load_constants();
      }

      *model_handle = reinterpret_cast<AOTInductorModelHandle>(model);
    })}

AOTIRuntimeError AOTInductorModelRun(
    AOTInductorModelHandle model_handle,
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) {
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    model->run_impl(
        input_handles,
        output_handles,
        (torch::aot_inductor::DeviceStreamType) nullptr,
        nullptr);
  })
}

AOTIRuntimeError AOTInductorModelDelete(AOTInductorModelHandle model_handle){
    CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto model = reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(
          model_handle);
      delete model;
    })}

AOTIRuntimeError AOTInductorModelGetNumOutputs(
    AOTInductorModelHandle model_handle,
    size_t* ret_num_outputs) {
  CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto model = reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
      *ret_num_outputs = model->num_outputs();
  })
}

AOTIRuntimeError AOTInductorModelUpdateConstantsMap(
    AOTInductorModelHandle model_handle,
    AOTInductorConstantMapHandle constant_map_handle) {
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
    auto input_map =
        reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
            constant_map_handle);

    for (auto const& kv : *input_map) {
      constant_map->emplace(kv.first, kv.second);
    }
    model->update_constants_map(std::move(constant_map));
  })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantsBlobSize(
    AOTInductorModelContainerHandle container_handle,
    uint64_t* ret_size) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_size = container->constant_blob_size(); })
}


// Load weights from a single blob in weight_blob_ptr
AOTIRuntimeError AOTInductorModelUpdateConstantsFromBlob(
    AOTInductorModelContainerHandle container_handle,
    const uint8_t* weight_blob_ptr){
    auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      {container->update_constants_from_blob(weight_blob_ptr); })
    }


} // extern "C"

extern "C"  void  cpp_fused_add_arange_embedding_native_layer_norm_0(float* in_out_ptr0,
                       const int64_t* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       float* out_ptr1,
                       float* out_ptr2,
                       const int64_t ks0,
                       const int64_t ks1);
extern "C"  void  cpp_fused_add_arange_embedding_native_layer_norm_view_1(float* in_out_ptr0,
                       const int64_t* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       float* out_ptr1,
                       float* out_ptr2,
                       const int64_t ks0,
                       const int64_t ks1);
extern "C"  void  cpp_fused_gelu_view_2(float* in_out_ptr0,
                       const int64_t ks0,
                       const int64_t ks1);
extern "C"  void  cpp_fused_add_arange_embedding_native_layer_norm_view_3(float* in_out_ptr0,
                       float* in_out_ptr1,
                       const int64_t* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       float* out_ptr1,
                       float* out_ptr2,
                       const int64_t ks0,
                       const int64_t ks1);
extern "C"  void  cpp_fused_add_native_layer_norm_view_4(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       float* out_ptr1,
                       float* out_ptr2,
                       const int64_t ks0,
                       const int64_t ks1);
extern "C"  void  cpp_fused_add_native_layer_norm_view_5(float* in_out_ptr0,
                       float* in_out_ptr1,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       float* out_ptr1,
                       const int64_t ks0,
                       const int64_t ks1);
CACHE_TORCH_DTYPE(float32);
CACHE_TORCH_DEVICE(cpu);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    void* cpp_fused_add_arange_embedding_native_layer_norm_0{nullptr};
    void* cpp_fused_add_arange_embedding_native_layer_norm_view_1{nullptr};
    void* cpp_fused_add_arange_embedding_native_layer_norm_view_3{nullptr};
    void* cpp_fused_add_native_layer_norm_view_4{nullptr};
    void* cpp_fused_add_native_layer_norm_view_5{nullptr};
    void* cpp_fused_gelu_view_2{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           30,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg30_1";
    constants_info_[0].name = "tok_weight";
    constants_info_[0].dtype = cached_torch_dtype_float32;
    constants_info_[0].device_type = cached_torch_device_type_cpu;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 256000;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {1000, 64};
    constants_info_[0].stride = {64, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "tok.weight";
    constants_info_[1].name = "pos_weight";
    constants_info_[1].dtype = cached_torch_dtype_float32;
    constants_info_[1].device_type = cached_torch_device_type_cpu;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 131072;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {512, 64};
    constants_info_[1].stride = {64, 1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "pos.weight";
    constants_info_[2].name = "blocks_0_ln1_weight";
    constants_info_[2].dtype = cached_torch_dtype_float32;
    constants_info_[2].device_type = cached_torch_device_type_cpu;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 256;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {64};
    constants_info_[2].stride = {1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "blocks.0.ln1.weight";
    constants_info_[3].name = "blocks_0_ln1_bias";
    constants_info_[3].dtype = cached_torch_dtype_float32;
    constants_info_[3].device_type = cached_torch_device_type_cpu;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 256;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {64};
    constants_info_[3].stride = {1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "blocks.0.ln1.bias";
    constants_info_[4].name = "blocks_0_qkv_weight";
    constants_info_[4].dtype = cached_torch_dtype_float32;
    constants_info_[4].device_type = cached_torch_device_type_cpu;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 49152;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[4].shape = {192, 64};
    constants_info_[4].stride = {64, 1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "blocks.0.qkv.weight";
    constants_info_[5].name = "blocks_0_qkv_bias";
    constants_info_[5].dtype = cached_torch_dtype_float32;
    constants_info_[5].device_type = cached_torch_device_type_cpu;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 768;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[5].shape = {192};
    constants_info_[5].stride = {1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "blocks.0.qkv.bias";
    constants_info_[6].name = "blocks_0_proj_weight";
    constants_info_[6].dtype = cached_torch_dtype_float32;
    constants_info_[6].device_type = cached_torch_device_type_cpu;
    constants_info_[6].offset = 0;
    constants_info_[6].data_size = 16384;
    constants_info_[6].from_folded = false;
    constants_info_[6].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[6].shape = {64, 64};
    constants_info_[6].stride = {64, 1};
    constants_info_[6].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[6].original_fqn = "blocks.0.proj.weight";
    constants_info_[7].name = "blocks_0_proj_bias";
    constants_info_[7].dtype = cached_torch_dtype_float32;
    constants_info_[7].device_type = cached_torch_device_type_cpu;
    constants_info_[7].offset = 0;
    constants_info_[7].data_size = 256;
    constants_info_[7].from_folded = false;
    constants_info_[7].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[7].shape = {64};
    constants_info_[7].stride = {1};
    constants_info_[7].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[7].original_fqn = "blocks.0.proj.bias";
    constants_info_[8].name = "blocks_0_ln2_weight";
    constants_info_[8].dtype = cached_torch_dtype_float32;
    constants_info_[8].device_type = cached_torch_device_type_cpu;
    constants_info_[8].offset = 0;
    constants_info_[8].data_size = 256;
    constants_info_[8].from_folded = false;
    constants_info_[8].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[8].shape = {64};
    constants_info_[8].stride = {1};
    constants_info_[8].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[8].original_fqn = "blocks.0.ln2.weight";
    constants_info_[9].name = "blocks_0_ln2_bias";
    constants_info_[9].dtype = cached_torch_dtype_float32;
    constants_info_[9].device_type = cached_torch_device_type_cpu;
    constants_info_[9].offset = 0;
    constants_info_[9].data_size = 256;
    constants_info_[9].from_folded = false;
    constants_info_[9].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[9].shape = {64};
    constants_info_[9].stride = {1};
    constants_info_[9].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[9].original_fqn = "blocks.0.ln2.bias";
    constants_info_[10].name = "blocks_0_fc1_weight";
    constants_info_[10].dtype = cached_torch_dtype_float32;
    constants_info_[10].device_type = cached_torch_device_type_cpu;
    constants_info_[10].offset = 0;
    constants_info_[10].data_size = 65536;
    constants_info_[10].from_folded = false;
    constants_info_[10].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[10].shape = {256, 64};
    constants_info_[10].stride = {64, 1};
    constants_info_[10].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[10].original_fqn = "blocks.0.fc1.weight";
    constants_info_[11].name = "blocks_0_fc1_bias";
    constants_info_[11].dtype = cached_torch_dtype_float32;
    constants_info_[11].device_type = cached_torch_device_type_cpu;
    constants_info_[11].offset = 0;
    constants_info_[11].data_size = 1024;
    constants_info_[11].from_folded = false;
    constants_info_[11].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[11].shape = {256};
    constants_info_[11].stride = {1};
    constants_info_[11].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[11].original_fqn = "blocks.0.fc1.bias";
    constants_info_[12].name = "blocks_0_fc2_weight";
    constants_info_[12].dtype = cached_torch_dtype_float32;
    constants_info_[12].device_type = cached_torch_device_type_cpu;
    constants_info_[12].offset = 0;
    constants_info_[12].data_size = 65536;
    constants_info_[12].from_folded = false;
    constants_info_[12].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[12].shape = {64, 256};
    constants_info_[12].stride = {256, 1};
    constants_info_[12].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[12].original_fqn = "blocks.0.fc2.weight";
    constants_info_[13].name = "blocks_0_fc2_bias";
    constants_info_[13].dtype = cached_torch_dtype_float32;
    constants_info_[13].device_type = cached_torch_device_type_cpu;
    constants_info_[13].offset = 0;
    constants_info_[13].data_size = 256;
    constants_info_[13].from_folded = false;
    constants_info_[13].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[13].shape = {64};
    constants_info_[13].stride = {1};
    constants_info_[13].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[13].original_fqn = "blocks.0.fc2.bias";
    constants_info_[14].name = "blocks_1_ln1_weight";
    constants_info_[14].dtype = cached_torch_dtype_float32;
    constants_info_[14].device_type = cached_torch_device_type_cpu;
    constants_info_[14].offset = 0;
    constants_info_[14].data_size = 256;
    constants_info_[14].from_folded = false;
    constants_info_[14].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[14].shape = {64};
    constants_info_[14].stride = {1};
    constants_info_[14].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[14].original_fqn = "blocks.1.ln1.weight";
    constants_info_[15].name = "blocks_1_ln1_bias";
    constants_info_[15].dtype = cached_torch_dtype_float32;
    constants_info_[15].device_type = cached_torch_device_type_cpu;
    constants_info_[15].offset = 0;
    constants_info_[15].data_size = 256;
    constants_info_[15].from_folded = false;
    constants_info_[15].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[15].shape = {64};
    constants_info_[15].stride = {1};
    constants_info_[15].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[15].original_fqn = "blocks.1.ln1.bias";
    constants_info_[16].name = "blocks_1_qkv_weight";
    constants_info_[16].dtype = cached_torch_dtype_float32;
    constants_info_[16].device_type = cached_torch_device_type_cpu;
    constants_info_[16].offset = 0;
    constants_info_[16].data_size = 49152;
    constants_info_[16].from_folded = false;
    constants_info_[16].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[16].shape = {192, 64};
    constants_info_[16].stride = {64, 1};
    constants_info_[16].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[16].original_fqn = "blocks.1.qkv.weight";
    constants_info_[17].name = "blocks_1_qkv_bias";
    constants_info_[17].dtype = cached_torch_dtype_float32;
    constants_info_[17].device_type = cached_torch_device_type_cpu;
    constants_info_[17].offset = 0;
    constants_info_[17].data_size = 768;
    constants_info_[17].from_folded = false;
    constants_info_[17].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[17].shape = {192};
    constants_info_[17].stride = {1};
    constants_info_[17].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[17].original_fqn = "blocks.1.qkv.bias";
    constants_info_[18].name = "blocks_1_proj_weight";
    constants_info_[18].dtype = cached_torch_dtype_float32;
    constants_info_[18].device_type = cached_torch_device_type_cpu;
    constants_info_[18].offset = 0;
    constants_info_[18].data_size = 16384;
    constants_info_[18].from_folded = false;
    constants_info_[18].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[18].shape = {64, 64};
    constants_info_[18].stride = {64, 1};
    constants_info_[18].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[18].original_fqn = "blocks.1.proj.weight";
    constants_info_[19].name = "blocks_1_proj_bias";
    constants_info_[19].dtype = cached_torch_dtype_float32;
    constants_info_[19].device_type = cached_torch_device_type_cpu;
    constants_info_[19].offset = 0;
    constants_info_[19].data_size = 256;
    constants_info_[19].from_folded = false;
    constants_info_[19].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[19].shape = {64};
    constants_info_[19].stride = {1};
    constants_info_[19].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[19].original_fqn = "blocks.1.proj.bias";
    constants_info_[20].name = "blocks_1_ln2_weight";
    constants_info_[20].dtype = cached_torch_dtype_float32;
    constants_info_[20].device_type = cached_torch_device_type_cpu;
    constants_info_[20].offset = 0;
    constants_info_[20].data_size = 256;
    constants_info_[20].from_folded = false;
    constants_info_[20].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[20].shape = {64};
    constants_info_[20].stride = {1};
    constants_info_[20].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[20].original_fqn = "blocks.1.ln2.weight";
    constants_info_[21].name = "blocks_1_ln2_bias";
    constants_info_[21].dtype = cached_torch_dtype_float32;
    constants_info_[21].device_type = cached_torch_device_type_cpu;
    constants_info_[21].offset = 0;
    constants_info_[21].data_size = 256;
    constants_info_[21].from_folded = false;
    constants_info_[21].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[21].shape = {64};
    constants_info_[21].stride = {1};
    constants_info_[21].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[21].original_fqn = "blocks.1.ln2.bias";
    constants_info_[22].name = "blocks_1_fc1_weight";
    constants_info_[22].dtype = cached_torch_dtype_float32;
    constants_info_[22].device_type = cached_torch_device_type_cpu;
    constants_info_[22].offset = 0;
    constants_info_[22].data_size = 65536;
    constants_info_[22].from_folded = false;
    constants_info_[22].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[22].shape = {256, 64};
    constants_info_[22].stride = {64, 1};
    constants_info_[22].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[22].original_fqn = "blocks.1.fc1.weight";
    constants_info_[23].name = "blocks_1_fc1_bias";
    constants_info_[23].dtype = cached_torch_dtype_float32;
    constants_info_[23].device_type = cached_torch_device_type_cpu;
    constants_info_[23].offset = 0;
    constants_info_[23].data_size = 1024;
    constants_info_[23].from_folded = false;
    constants_info_[23].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[23].shape = {256};
    constants_info_[23].stride = {1};
    constants_info_[23].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[23].original_fqn = "blocks.1.fc1.bias";
    constants_info_[24].name = "blocks_1_fc2_weight";
    constants_info_[24].dtype = cached_torch_dtype_float32;
    constants_info_[24].device_type = cached_torch_device_type_cpu;
    constants_info_[24].offset = 0;
    constants_info_[24].data_size = 65536;
    constants_info_[24].from_folded = false;
    constants_info_[24].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[24].shape = {64, 256};
    constants_info_[24].stride = {256, 1};
    constants_info_[24].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[24].original_fqn = "blocks.1.fc2.weight";
    constants_info_[25].name = "blocks_1_fc2_bias";
    constants_info_[25].dtype = cached_torch_dtype_float32;
    constants_info_[25].device_type = cached_torch_device_type_cpu;
    constants_info_[25].offset = 0;
    constants_info_[25].data_size = 256;
    constants_info_[25].from_folded = false;
    constants_info_[25].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[25].shape = {64};
    constants_info_[25].stride = {1};
    constants_info_[25].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[25].original_fqn = "blocks.1.fc2.bias";
    constants_info_[26].name = "ln_weight";
    constants_info_[26].dtype = cached_torch_dtype_float32;
    constants_info_[26].device_type = cached_torch_device_type_cpu;
    constants_info_[26].offset = 0;
    constants_info_[26].data_size = 256;
    constants_info_[26].from_folded = false;
    constants_info_[26].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[26].shape = {64};
    constants_info_[26].stride = {1};
    constants_info_[26].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[26].original_fqn = "ln.weight";
    constants_info_[27].name = "ln_bias";
    constants_info_[27].dtype = cached_torch_dtype_float32;
    constants_info_[27].device_type = cached_torch_device_type_cpu;
    constants_info_[27].offset = 0;
    constants_info_[27].data_size = 256;
    constants_info_[27].from_folded = false;
    constants_info_[27].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[27].shape = {64};
    constants_info_[27].stride = {1};
    constants_info_[27].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[27].original_fqn = "ln.bias";
    constants_info_[28].name = "head_weight";
    constants_info_[28].dtype = cached_torch_dtype_float32;
    constants_info_[28].device_type = cached_torch_device_type_cpu;
    constants_info_[28].offset = 0;
    constants_info_[28].data_size = 256000;
    constants_info_[28].from_folded = false;
    constants_info_[28].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[28].shape = {1000, 64};
    constants_info_[28].stride = {64, 1};
    constants_info_[28].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[28].original_fqn = "head.weight";
    constants_info_[29].name = "head_bias";
    constants_info_[29].dtype = cached_torch_dtype_float32;
    constants_info_[29].device_type = cached_torch_device_type_cpu;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 4032;
    constants_info_[29].from_folded = false;
    constants_info_[29].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[29].shape = {1000};
    constants_info_[29].stride = {1};
    constants_info_[29].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[29].original_fqn = "head.bias";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
    out_spec_ = R"([1, {"type": null, "context": null, "children_spec": []}])";
    outputs_info_[0].name = "output0";
    this->kernels_ = std::make_unique<AOTInductorModelKernels>();
}

std::unordered_map<std::string, AtenTensorHandle> AOTInductorModel::const_run_impl(
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor,
    bool initialization
) {

    if (!initialization) {
        std::cerr << "[WARNING] Calling constant_folding in model, but compiled with config: "
                  << "aot_inductor.use_runtime_constant_folding=False\n";
    }
    return {};
}
} // namespace torch::aot_inductor
using namespace torch::aot_inductor;
namespace torch::aot_inductor {

void AOTInductorModel::_const_run_impl(
    std::vector<AtenTensorHandle>& output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {}

AOTI_NOINLINE static void check_input_0(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg30_1 = ConstantHandle(input_handles[0]);
    int32_t arg30_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg30_1, &arg30_1_dtype));

    int32_t arg30_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg30_1_expected_dtype != arg30_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg30_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg30_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg30_1_size = arg30_1.sizes();

    if (arg30_1_size[0] < 2) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too small at 0, "
           << "expected it to be >= 2, " << "but got: "
           << arg30_1_size[0] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg30_1_size[0] > 64) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too large at 0, "
           << "expected to be <= 64, " << "but got: "
           << arg30_1_size[0] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg30_1_size[1] < 2) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too small at 1, "
           << "expected it to be >= 2, " << "but got: "
           << arg30_1_size[1] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg30_1_size[1] > 512) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too large at 1, "
           << "expected to be <= 512, " << "but got: "
           << arg30_1_size[1] << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg30_1_stride = arg30_1.strides();

    if (1 != arg30_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg30_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg30_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg30_1, &arg30_1_device_type));

    int32_t arg30_1_expected_device_type = 0;
    if (arg30_1_expected_device_type != arg30_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg30_1_expected_device_type << "0(cpu), "
        << "but got: " << arg30_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

static bool _check_aoti_runtime_check_inputs_env() {
    const static char* env_var_value = getenv("AOTI_RUNTIME_CHECK_INPUTS");
    const static bool result = env_var_value != nullptr && env_var_value[0] != '0';
    return result;
}

AOTI_NOINLINE static void __check_inputs_outputs(
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) {
    if (!_check_aoti_runtime_check_inputs_env()){
        return;
    }
    check_input_0(input_handles);
}

void AOTInductorModel::run_impl(
    AtenTensorHandle*
        input_handles, // array of input AtenTensorHandle; handles
                        // are stolen; the array itself is borrowed
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    __check_inputs_outputs(input_handles, output_handles);

    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
    auto arg30_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& tok_weight = constants_->at(0);
    [[maybe_unused]] auto& pos_weight = constants_->at(1);
    [[maybe_unused]] auto& blocks_0_ln1_weight = constants_->at(2);
    [[maybe_unused]] auto& blocks_0_ln1_bias = constants_->at(3);
    [[maybe_unused]] auto& blocks_0_qkv_weight = constants_->at(4);
    [[maybe_unused]] auto& blocks_0_qkv_bias = constants_->at(5);
    [[maybe_unused]] auto& blocks_0_proj_weight = constants_->at(6);
    [[maybe_unused]] auto& blocks_0_proj_bias = constants_->at(7);
    [[maybe_unused]] auto& blocks_0_ln2_weight = constants_->at(8);
    [[maybe_unused]] auto& blocks_0_ln2_bias = constants_->at(9);
    [[maybe_unused]] auto& blocks_0_fc1_weight = constants_->at(10);
    [[maybe_unused]] auto& blocks_0_fc1_bias = constants_->at(11);
    [[maybe_unused]] auto& blocks_0_fc2_weight = constants_->at(12);
    [[maybe_unused]] auto& blocks_0_fc2_bias = constants_->at(13);
    [[maybe_unused]] auto& blocks_1_ln1_weight = constants_->at(14);
    [[maybe_unused]] auto& blocks_1_ln1_bias = constants_->at(15);
    [[maybe_unused]] auto& blocks_1_qkv_weight = constants_->at(16);
    [[maybe_unused]] auto& blocks_1_qkv_bias = constants_->at(17);
    [[maybe_unused]] auto& blocks_1_proj_weight = constants_->at(18);
    [[maybe_unused]] auto& blocks_1_proj_bias = constants_->at(19);
    [[maybe_unused]] auto& blocks_1_ln2_weight = constants_->at(20);
    [[maybe_unused]] auto& blocks_1_ln2_bias = constants_->at(21);
    [[maybe_unused]] auto& blocks_1_fc1_weight = constants_->at(22);
    [[maybe_unused]] auto& blocks_1_fc1_bias = constants_->at(23);
    [[maybe_unused]] auto& blocks_1_fc2_weight = constants_->at(24);
    [[maybe_unused]] auto& blocks_1_fc2_bias = constants_->at(25);
    [[maybe_unused]] auto& ln_weight = constants_->at(26);
    [[maybe_unused]] auto& ln_bias = constants_->at(27);
    [[maybe_unused]] auto& head_weight = constants_->at(28);
    [[maybe_unused]] auto& head_bias = constants_->at(29);
    auto arg30_1_size = arg30_1.sizes();
    int64_t s23 = arg30_1_size[0];
    int64_t s27 = arg30_1_size[1];
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());
    const int64_t int_array_0[] = {s23, s27, 1L};
    const int64_t int_array_1[] = {s27, 1L, s23*s27};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    auto buf1 = std::move(buf0);  // reuse
    const int64_t int_array_2[] = {s23, s27, 1L};
    const int64_t int_array_3[] = {s27, 1L, s23*s27};
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf2_handle));
    RAIIAtenTensorHandle buf2(buf2_handle);
    const int64_t int_array_4[] = {s23, s27, 64L};
    const int64_t int_array_5[] = {64L*s27, 64L, 1L};
    AtenTensorHandle buf3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_4, int_array_5, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf3_handle));
    RAIIAtenTensorHandle buf3(buf3_handle);
    cpp_fused_add_arange_embedding_native_layer_norm_0((float*)(buf1.data_ptr()), (const int64_t*)(arg30_1.data_ptr()), (const float*)(tok_weight.data_ptr()), (const float*)(pos_weight.data_ptr()), (const float*)(blocks_0_ln1_weight.data_ptr()), (const float*)(blocks_0_ln1_bias.data_ptr()), (float*)(buf2.data_ptr()), (float*)(buf3.data_ptr()), s23, s27);
    const int64_t int_array_6[] = {s23*s27, 192L};
    static constexpr int64_t int_array_7[] = {192L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_6, int_array_7, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, layer_norm, linear], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    const int64_t int_array_8[] = {s23*s27, 64L};
    static constexpr int64_t int_array_9[] = {64L, 1L};
    static constexpr int64_t int_array_10[] = {64L, 192L};
    static constexpr int64_t int_array_11[] = {1L, 64L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf4, blocks_0_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_qkv_weight, 2, int_array_10, int_array_11, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear, split, view, transpose, view_1, transpose_1, view_2, transpose_2, scaled_dot_product_attention], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_flash_attention_for_cpu]
    const int64_t int_array_12[] = {s23, 4L, s27, 16L};
    const int64_t int_array_13[] = {192L*s27, 16L, 192L, 1L};
    AtenTensorHandle buf6_handle;
    AtenTensorHandle buf7_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu__scaled_dot_product_flash_attention_for_cpu(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_12, int_array_13, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_12, int_array_13, 64L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_12, int_array_13, 128L)), 0.0, 1, nullptr, nullptr, &buf6_handle, &buf7_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    RAIIAtenTensorHandle buf7(buf7_handle);
    buf4.reset();

    const int64_t int_array_14[] = {s23*s27, 64L};
    static constexpr int64_t int_array_15[] = {64L, 1L};
    auto buf8 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_14, int_array_15, 0L)); buf3.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_3, reshape, linear_1], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    static constexpr int64_t int_array_16[] = {64L, 64L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf8, blocks_0_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_proj_weight, 2, int_array_16, int_array_11, 0L)), 1L, 1L));
    auto buf9 = std::move(buf2);  // reuse
    auto buf10 = std::move(buf9);  // reuse
    auto buf11 = std::move(buf1);  // reuse
    const int64_t int_array_17[] = {s23, s27, 64L};
    const int64_t int_array_18[] = {64L*s27, 64L, 1L};
    auto buf12 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 3, int_array_17, int_array_18, 0L)); buf6.reset();  // reuse
    cpp_fused_add_arange_embedding_native_layer_norm_view_1((float*)(buf10.data_ptr()), (const int64_t*)(arg30_1.data_ptr()), (const float*)(tok_weight.data_ptr()), (const float*)(pos_weight.data_ptr()), (const float*)(buf8.data_ptr()), (const float*)(blocks_0_ln2_weight.data_ptr()), (const float*)(blocks_0_ln2_bias.data_ptr()), (float*)(buf11.data_ptr()), (float*)(buf12.data_ptr()), s23, s27);
    const int64_t int_array_19[] = {s23*s27, 256L};
    static constexpr int64_t int_array_20[] = {256L, 1L};
    AtenTensorHandle buf13_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_19, int_array_20, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf13_handle));
    RAIIAtenTensorHandle buf13(buf13_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, linear_1, add_1, layer_norm_1, linear_2], Original ATen: [aten.embedding, aten.arange, aten.add, aten.view, aten.native_layer_norm, aten.t, aten.addmm]
    static constexpr int64_t int_array_21[] = {64L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf13, blocks_0_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf12, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc1_weight, 2, int_array_21, int_array_11, 0L)), 1L, 1L));
    const int64_t int_array_22[] = {s23, s27, 256L};
    const int64_t int_array_23[] = {256L*s27, 256L, 1L};
    auto buf14 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf13, 3, int_array_22, int_array_23, 0L)); buf13.reset();  // reuse
    cpp_fused_gelu_view_2((float*)(buf14.data_ptr()), s23, s27);
    const int64_t int_array_24[] = {s23*s27, 64L};
    static constexpr int64_t int_array_25[] = {64L, 1L};
    auto buf15 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf12, 2, int_array_24, int_array_25, 0L)); buf12.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2, gelu, linear_3], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    const int64_t int_array_26[] = {s23*s27, 256L};
    static constexpr int64_t int_array_27[] = {256L, 1L};
    static constexpr int64_t int_array_28[] = {256L, 64L};
    static constexpr int64_t int_array_29[] = {1L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf15, blocks_0_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf14, 2, int_array_26, int_array_27, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc2_weight, 2, int_array_28, int_array_29, 0L)), 1L, 1L));
    buf14.reset();
    const int64_t int_array_30[] = {s23, s27, 64L};
    const int64_t int_array_31[] = {64L*s27, 64L, 1L};
    auto buf16 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf8, 3, int_array_30, int_array_31, 0L)); buf8.reset();  // reuse
    auto buf17 = std::move(buf11);  // reuse
    auto buf18 = std::move(buf17);  // reuse
    auto buf19 = std::move(buf10);  // reuse
    AtenTensorHandle buf20_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_30, int_array_31, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf20_handle));
    RAIIAtenTensorHandle buf20(buf20_handle);
    cpp_fused_add_arange_embedding_native_layer_norm_view_3((float*)(buf16.data_ptr()), (float*)(buf18.data_ptr()), (const int64_t*)(arg30_1.data_ptr()), (const float*)(tok_weight.data_ptr()), (const float*)(pos_weight.data_ptr()), (const float*)(buf15.data_ptr()), (const float*)(blocks_1_ln1_weight.data_ptr()), (const float*)(blocks_1_ln1_bias.data_ptr()), (float*)(buf19.data_ptr()), (float*)(buf20.data_ptr()), s23, s27);
    arg30_1.reset();
    buf15.reset();
    const int64_t int_array_32[] = {s23*s27, 192L};
    static constexpr int64_t int_array_33[] = {192L, 1L};
    AtenTensorHandle buf21_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_32, int_array_33, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf21_handle));
    RAIIAtenTensorHandle buf21(buf21_handle);
    // Topologically Sorted Source Nodes: [layer_norm_2, linear_4], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf21, blocks_1_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf20, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_qkv_weight, 2, int_array_10, int_array_11, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_4, split_1, view_3, transpose_4, view_4, transpose_5, view_5, transpose_6, scaled_dot_product_attention_1], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_flash_attention_for_cpu]
    AtenTensorHandle buf23_handle;
    AtenTensorHandle buf24_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu__scaled_dot_product_flash_attention_for_cpu(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf21, 4, int_array_12, int_array_13, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf21, 4, int_array_12, int_array_13, 64L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf21, 4, int_array_12, int_array_13, 128L)), 0.0, 1, nullptr, nullptr, &buf23_handle, &buf24_handle));
    RAIIAtenTensorHandle buf23(buf23_handle);
    RAIIAtenTensorHandle buf24(buf24_handle);
    buf21.reset();

    const int64_t int_array_34[] = {s23*s27, 64L};
    static constexpr int64_t int_array_35[] = {64L, 1L};
    auto buf25 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf20, 2, int_array_34, int_array_35, 0L)); buf20.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_7, reshape_1, linear_5], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf25, blocks_1_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_proj_weight, 2, int_array_16, int_array_11, 0L)), 1L, 1L));
    auto buf26 = std::move(buf19);  // reuse
    auto buf27 = std::move(buf26);  // reuse
    auto buf28 = std::move(buf18);  // reuse
    const int64_t int_array_36[] = {s23, s27, 64L};
    const int64_t int_array_37[] = {64L*s27, 64L, 1L};
    auto buf29 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 3, int_array_36, int_array_37, 0L)); buf23.reset();  // reuse
    cpp_fused_add_native_layer_norm_view_4((float*)(buf27.data_ptr()), (const float*)(buf16.data_ptr()), (const float*)(buf25.data_ptr()), (const float*)(blocks_1_ln2_weight.data_ptr()), (const float*)(blocks_1_ln2_bias.data_ptr()), (float*)(buf28.data_ptr()), (float*)(buf29.data_ptr()), s23, s27);
    const int64_t int_array_38[] = {s23*s27, 256L};
    static constexpr int64_t int_array_39[] = {256L, 1L};
    AtenTensorHandle buf30_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_38, int_array_39, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf30_handle));
    RAIIAtenTensorHandle buf30(buf30_handle);
    // Topologically Sorted Source Nodes: [linear_5, add_3, layer_norm_3, linear_6], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf30, blocks_1_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf29, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc1_weight, 2, int_array_21, int_array_11, 0L)), 1L, 1L));
    const int64_t int_array_40[] = {s23, s27, 256L};
    const int64_t int_array_41[] = {256L*s27, 256L, 1L};
    auto buf31 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf30, 3, int_array_40, int_array_41, 0L)); buf30.reset();  // reuse
    cpp_fused_gelu_view_2((float*)(buf31.data_ptr()), s23, s27);
    const int64_t int_array_42[] = {s23*s27, 64L};
    static constexpr int64_t int_array_43[] = {64L, 1L};
    auto buf32 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf29, 2, int_array_42, int_array_43, 0L)); buf29.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6, gelu_1, linear_7], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf32, blocks_1_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf31, 2, int_array_26, int_array_27, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc2_weight, 2, int_array_28, int_array_29, 0L)), 1L, 1L));
    buf31.reset();
    auto buf33 = std::move(buf28);  // reuse
    auto buf34 = std::move(buf33);  // reuse
    auto buf35 = std::move(buf27);  // reuse
    auto buf36 = std::move(buf16);  // reuse
    cpp_fused_add_native_layer_norm_view_5((float*)(buf34.data_ptr()), (float*)(buf36.data_ptr()), (const float*)(buf25.data_ptr()), (const float*)(buf32.data_ptr()), (const float*)(ln_weight.data_ptr()), (const float*)(ln_bias.data_ptr()), (float*)(buf35.data_ptr()), s23, s27);
    buf25.reset();
    buf32.reset();
    buf34.reset();
    buf35.reset();
    const int64_t int_array_44[] = {s23*s27, 1000L};
    static constexpr int64_t int_array_45[] = {1000L, 1L};
    AtenTensorHandle buf37_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_44, int_array_45, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf37_handle));
    RAIIAtenTensorHandle buf37(buf37_handle);
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, layer_norm_4, linear_8], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    static constexpr int64_t int_array_46[] = {64L, 1000L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(buf37, head_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf36, 2, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(head_weight, 2, int_array_46, int_array_11, 0L)), 1L, 1L));
    const int64_t int_array_47[] = {s23, s27, 1000L};
    const int64_t int_array_48[] = {1000L*s27, 1000L, 1L};
    auto var_0 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf37, 3, int_array_47, int_array_48, 0L));
    output_handles[0] = var_0.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// g++ /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cgx7u5jektbzmz5sgdexsg2klotjll7hiejxsujv54z6p7w4uvv4.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D TORCH_INDUCTOR_PRECOMPILE_HEADERS -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/aoti-release-gen/torch-2.12/tmp/torchinductor_root/precompiled_headers/chbg46qvbx5ghogjmcbzg353txzl2jvr65q3vkwtxzck57zsyd3h.h -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -c -o /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cgx7u5jektbzmz5sgdexsg2klotjll7hiejxsujv54z6p7w4uvv4.wrapper.o
// Link cmd
// g++ /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cgx7u5jektbzmz5sgdexsg2klotjll7hiejxsujv54z6p7w4uvv4.wrapper.o /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cwh45iehjdtoxptut77npzmown7eewgokyspzkvdlqk3gg5r53dc.kernel.o /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cgx7u5jektbzmz5sgdexsg2klotjll7hiejxsujv54z6p7w4uvv4/c36mjy2lvuu6fvc3isz4tzx4iwxwteawj7mpmhkuui4hyvx3gsrf.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D TORCH_INDUCTOR_PRECOMPILE_HEADERS -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -o /tmp/aoti-release-gen/torch-2.12/inductor/claqlnn5bt6h4pasrm3qlesoolzc77acj35aplp6n7ebgsj2xmso/cgx7u5jektbzmz5sgdexsg2klotjll7hiejxsujv54z6p7w4uvv4.wrapper.so  -ltorch -ltorch_cpu -lgomp  -L/root/.pyenv/versions/3.11.7/lib -L/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/lib 
