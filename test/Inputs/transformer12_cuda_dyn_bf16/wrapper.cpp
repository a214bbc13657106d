
#include <torch/csrc/inductor/aoti_include/cuda.h>
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


#define CUDA_DRIVER_CHECK(EXPR)                    \
do {                                               \
    CUresult code = EXPR;                          \
    const char *msg;                               \
    CUresult code_get_error = cuGetErrorString(code, &msg); \
    if (code_get_error != CUDA_SUCCESS) {          \
        throw std::runtime_error(                  \
            std::string("CUDA driver error: ") +   \
            std::string("invalid error code!"));   \
    }                                              \
    if (code != CUDA_SUCCESS) {                    \
        throw std::runtime_error(                  \
            std::string("CUDA driver error: ") +   \
            std::string(msg));                     \
    }                                              \
} while (0);

static inline CUfunction loadKernel(
        std::string filePath,
        const std::string &funcName,
        uint32_t sharedMemBytes,
        const std::optional<std::string> &cubinDir = std::nullopt) {
    if (cubinDir) {
        std::filesystem::path p1{*cubinDir};
        std::filesystem::path p2{filePath};
        filePath = (p1 / p2.filename()).string();
    }

    CUmodule mod;
    CUfunction func;
    CUDA_DRIVER_CHECK(cuModuleLoad(&mod, filePath.c_str()));
    CUDA_DRIVER_CHECK(cuModuleGetFunction(&func, mod, funcName.c_str()));
    if (sharedMemBytes > 0) {
        CUDA_DRIVER_CHECK(cuFuncSetAttribute(
            func,
            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            sharedMemBytes
        ))
    }
    return func;
}

static inline CUfunction loadKernel(const void* start, const std::string &funcName, uint32_t sharedMemBytes) {
    CUmodule mod;
    CUfunction func;
    CUDA_DRIVER_CHECK(cuModuleLoadData(&mod, start));
    CUDA_DRIVER_CHECK(cuModuleGetFunction(&func, mod, funcName.c_str()));
    if (sharedMemBytes > 0) {
        CUDA_DRIVER_CHECK(cuFuncSetAttribute(
            func,
            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            sharedMemBytes
        ))
    }
    return func;
}

static inline void launchKernel(
        CUfunction func,
        uint32_t gridX,
        uint32_t gridY,
        uint32_t gridZ,
        uint32_t numWarps,
        uint32_t sharedMemBytes,
        void* args[],
        cudaStream_t stream) {
    CUDA_DRIVER_CHECK(cuLaunchKernel(
        func, gridX, gridY, gridZ, 32*numWarps, 1, 1, sharedMemBytes, stream, args, nullptr
    ));
}
CACHE_TORCH_DTYPE(bfloat16);
CACHE_TORCH_DEVICE(cuda);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_per_fused_add_arange_embedding_native_layer_norm_view_1{nullptr};
    CUfunction triton_per_fused_add_arange_embedding_native_layer_norm_view_3{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_4{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_5{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_6{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_7{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_8{nullptr};
    CUfunction triton_poi_fused_gelu_view_2{nullptr};
    CUfunction triton_red_fused_add_arange_embedding_native_layer_norm_0{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           150,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg150_1";
    constants_info_[0].name = "tok_weight";
    constants_info_[0].dtype = cached_torch_dtype_bfloat16;
    constants_info_[0].device_type = cached_torch_device_type_cuda;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 512000;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {1000, 256};
    constants_info_[0].stride = {256, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "tok.weight";
    constants_info_[1].name = "pos_weight";
    constants_info_[1].dtype = cached_torch_dtype_bfloat16;
    constants_info_[1].device_type = cached_torch_device_type_cuda;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 262144;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {512, 256};
    constants_info_[1].stride = {256, 1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "pos.weight";
    constants_info_[2].name = "blocks_0_ln1_weight";
    constants_info_[2].dtype = cached_torch_dtype_bfloat16;
    constants_info_[2].device_type = cached_torch_device_type_cuda;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 512;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {256};
    constants_info_[2].stride = {1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "blocks.0.ln1.weight";
    constants_info_[3].name = "blocks_0_ln1_bias";
    constants_info_[3].dtype = cached_torch_dtype_bfloat16;
    constants_info_[3].device_type = cached_torch_device_type_cuda;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 512;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {256};
    constants_info_[3].stride = {1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "blocks.0.ln1.bias";
    constants_info_[4].name = "blocks_0_qkv_weight";
    constants_info_[4].dtype = cached_torch_dtype_bfloat16;
    constants_info_[4].device_type = cached_torch_device_type_cuda;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 393216;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[4].shape = {768, 256};
    constants_info_[4].stride = {256, 1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "blocks.0.qkv.weight";
    constants_info_[5].name = "blocks_0_qkv_bias";
    constants_info_[5].dtype = cached_torch_dtype_bfloat16;
    constants_info_[5].device_type = cached_torch_device_type_cuda;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 1536;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[5].shape = {768};
    constants_info_[5].stride = {1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "blocks.0.qkv.bias";
    constants_info_[6].name = "blocks_0_proj_weight";
    constants_info_[6].dtype = cached_torch_dtype_bfloat16;
    constants_info_[6].device_type = cached_torch_device_type_cuda;
    constants_info_[6].offset = 0;
    constants_info_[6].data_size = 131072;
    constants_info_[6].from_folded = false;
    constants_info_[6].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[6].shape = {256, 256};
    constants_info_[6].stride = {256, 1};
    constants_info_[6].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[6].original_fqn = "blocks.0.proj.weight";
    constants_info_[7].name = "blocks_0_proj_bias";
    constants_info_[7].dtype = cached_torch_dtype_bfloat16;
    constants_info_[7].device_type = cached_torch_device_type_cuda;
    constants_info_[7].offset = 0;
    constants_info_[7].data_size = 512;
    constants_info_[7].from_folded = false;
    constants_info_[7].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[7].shape = {256};
    constants_info_[7].stride = {1};
    constants_info_[7].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[7].original_fqn = "blocks.0.proj.bias";
    constants_info_[8].name = "blocks_0_ln2_weight";
    constants_info_[8].dtype = cached_torch_dtype_bfloat16;
    constants_info_[8].device_type = cached_torch_device_type_cuda;
    constants_info_[8].offset = 0;
    constants_info_[8].data_size = 512;
    constants_info_[8].from_folded = false;
    constants_info_[8].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[8].shape = {256};
    constants_info_[8].stride = {1};
    constants_info_[8].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[8].original_fqn = "blocks.0.ln2.weight";
    constants_info_[9].name = "blocks_0_ln2_bias";
    constants_info_[9].dtype = cached_torch_dtype_bfloat16;
    constants_info_[9].device_type = cached_torch_device_type_cuda;
    constants_info_[9].offset = 0;
    constants_info_[9].data_size = 512;
    constants_info_[9].from_folded = false;
    constants_info_[9].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[9].shape = {256};
    constants_info_[9].stride = {1};
    constants_info_[9].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[9].original_fqn = "blocks.0.ln2.bias";
    constants_info_[10].name = "blocks_0_fc1_weight";
    constants_info_[10].dtype = cached_torch_dtype_bfloat16;
    constants_info_[10].device_type = cached_torch_device_type_cuda;
    constants_info_[10].offset = 0;
    constants_info_[10].data_size = 524288;
    constants_info_[10].from_folded = false;
    constants_info_[10].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[10].shape = {1024, 256};
    constants_info_[10].stride = {256, 1};
    constants_info_[10].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[10].original_fqn = "blocks.0.fc1.weight";
    constants_info_[11].name = "blocks_0_fc1_bias";
    constants_info_[11].dtype = cached_torch_dtype_bfloat16;
    constants_info_[11].device_type = cached_torch_device_type_cuda;
    constants_info_[11].offset = 0;
    constants_info_[11].data_size = 2048;
    constants_info_[11].from_folded = false;
    constants_info_[11].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[11].shape = {1024};
    constants_info_[11].stride = {1};
    constants_info_[11].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[11].original_fqn = "blocks.0.fc1.bias";
    constants_info_[12].name = "blocks_0_fc2_weight";
    constants_info_[12].dtype = cached_torch_dtype_bfloat16;
    constants_info_[12].device_type = cached_torch_device_type_cuda;
    constants_info_[12].offset = 0;
    constants_info_[12].data_size = 524288;
    constants_info_[12].from_folded = false;
    constants_info_[12].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[12].shape = {256, 1024};
    constants_info_[12].stride = {1024, 1};
    constants_info_[12].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[12].original_fqn = "blocks.0.fc2.weight";
    constants_info_[13].name = "blocks_0_fc2_bias";
    constants_info_[13].dtype = cached_torch_dtype_bfloat16;
    constants_info_[13].device_type = cached_torch_device_type_cuda;
    constants_info_[13].offset = 0;
    constants_info_[13].data_size = 512;
    constants_info_[13].from_folded = false;
    constants_info_[13].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[13].shape = {256};
    constants_info_[13].stride = {1};
    constants_info_[13].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[13].original_fqn = "blocks.0.fc2.bias";
    constants_info_[14].name = "blocks_1_ln1_weight";
    constants_info_[14].dtype = cached_torch_dtype_bfloat16;
    constants_info_[14].device_type = cached_torch_device_type_cuda;
    constants_info_[14].offset = 0;
    constants_info_[14].data_size = 512;
    constants_info_[14].from_folded = false;
    constants_info_[14].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[14].shape = {256};
    constants_info_[14].stride = {1};
    constants_info_[14].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[14].original_fqn = "blocks.1.ln1.weight";
    constants_info_[15].name = "blocks_1_ln1_bias";
    constants_info_[15].dtype = cached_torch_dtype_bfloat16;
    constants_info_[15].device_type = cached_torch_device_type_cuda;
    constants_info_[15].offset = 0;
    constants_info_[15].data_size = 512;
    constants_info_[15].from_folded = false;
    constants_info_[15].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[15].shape = {256};
    constants_info_[15].stride = {1};
    constants_info_[15].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[15].original_fqn = "blocks.1.ln1.bias";
    constants_info_[16].name = "blocks_1_qkv_weight";
    constants_info_[16].dtype = cached_torch_dtype_bfloat16;
    constants_info_[16].device_type = cached_torch_device_type_cuda;
    constants_info_[16].offset = 0;
    constants_info_[16].data_size = 393216;
    constants_info_[16].from_folded = false;
    constants_info_[16].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[16].shape = {768, 256};
    constants_info_[16].stride = {256, 1};
    constants_info_[16].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[16].original_fqn = "blocks.1.qkv.weight";
    constants_info_[17].name = "blocks_1_qkv_bias";
    constants_info_[17].dtype = cached_torch_dtype_bfloat16;
    constants_info_[17].device_type = cached_torch_device_type_cuda;
    constants_info_[17].offset = 0;
    constants_info_[17].data_size = 1536;
    constants_info_[17].from_folded = false;
    constants_info_[17].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[17].shape = {768};
    constants_info_[17].stride = {1};
    constants_info_[17].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[17].original_fqn = "blocks.1.qkv.bias";
    constants_info_[18].name = "blocks_1_proj_weight";
    constants_info_[18].dtype = cached_torch_dtype_bfloat16;
    constants_info_[18].device_type = cached_torch_device_type_cuda;
    constants_info_[18].offset = 0;
    constants_info_[18].data_size = 131072;
    constants_info_[18].from_folded = false;
    constants_info_[18].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[18].shape = {256, 256};
    constants_info_[18].stride = {256, 1};
    constants_info_[18].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[18].original_fqn = "blocks.1.proj.weight";
    constants_info_[19].name = "blocks_1_proj_bias";
    constants_info_[19].dtype = cached_torch_dtype_bfloat16;
    constants_info_[19].device_type = cached_torch_device_type_cuda;
    constants_info_[19].offset = 0;
    constants_info_[19].data_size = 512;
    constants_info_[19].from_folded = false;
    constants_info_[19].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[19].shape = {256};
    constants_info_[19].stride = {1};
    constants_info_[19].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[19].original_fqn = "blocks.1.proj.bias";
    constants_info_[20].name = "blocks_1_ln2_weight";
    constants_info_[20].dtype = cached_torch_dtype_bfloat16;
    constants_info_[20].device_type = cached_torch_device_type_cuda;
    constants_info_[20].offset = 0;
    constants_info_[20].data_size = 512;
    constants_info_[20].from_folded = false;
    constants_info_[20].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[20].shape = {256};
    constants_info_[20].stride = {1};
    constants_info_[20].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[20].original_fqn = "blocks.1.ln2.weight";
    constants_info_[21].name = "blocks_1_ln2_bias";
    constants_info_[21].dtype = cached_torch_dtype_bfloat16;
    constants_info_[21].device_type = cached_torch_device_type_cuda;
    constants_info_[21].offset = 0;
    constants_info_[21].data_size = 512;
    constants_info_[21].from_folded = false;
    constants_info_[21].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[21].shape = {256};
    constants_info_[21].stride = {1};
    constants_info_[21].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[21].original_fqn = "blocks.1.ln2.bias";
    constants_info_[22].name = "blocks_1_fc1_weight";
    constants_info_[22].dtype = cached_torch_dtype_bfloat16;
    constants_info_[22].device_type = cached_torch_device_type_cuda;
    constants_info_[22].offset = 0;
    constants_info_[22].data_size = 524288;
    constants_info_[22].from_folded = false;
    constants_info_[22].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[22].shape = {1024, 256};
    constants_info_[22].stride = {256, 1};
    constants_info_[22].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[22].original_fqn = "blocks.1.fc1.weight";
    constants_info_[23].name = "blocks_1_fc1_bias";
    constants_info_[23].dtype = cached_torch_dtype_bfloat16;
    constants_info_[23].device_type = cached_torch_device_type_cuda;
    constants_info_[23].offset = 0;
    constants_info_[23].data_size = 2048;
    constants_info_[23].from_folded = false;
    constants_info_[23].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[23].shape = {1024};
    constants_info_[23].stride = {1};
    constants_info_[23].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[23].original_fqn = "blocks.1.fc1.bias";
    constants_info_[24].name = "blocks_1_fc2_weight";
    constants_info_[24].dtype = cached_torch_dtype_bfloat16;
    constants_info_[24].device_type = cached_torch_device_type_cuda;
    constants_info_[24].offset = 0;
    constants_info_[24].data_size = 524288;
    constants_info_[24].from_folded = false;
    constants_info_[24].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[24].shape = {256, 1024};
    constants_info_[24].stride = {1024, 1};
    constants_info_[24].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[24].original_fqn = "blocks.1.fc2.weight";
    constants_info_[25].name = "blocks_1_fc2_bias";
    constants_info_[25].dtype = cached_torch_dtype_bfloat16;
    constants_info_[25].device_type = cached_torch_device_type_cuda;
    constants_info_[25].offset = 0;
    constants_info_[25].data_size = 512;
    constants_info_[25].from_folded = false;
    constants_info_[25].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[25].shape = {256};
    constants_info_[25].stride = {1};
    constants_info_[25].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[25].original_fqn = "blocks.1.fc2.bias";
    constants_info_[26].name = "blocks_2_ln1_weight";
    constants_info_[26].dtype = cached_torch_dtype_bfloat16;
    constants_info_[26].device_type = cached_torch_device_type_cuda;
    constants_info_[26].offset = 0;
    constants_info_[26].data_size = 512;
    constants_info_[26].from_folded = false;
    constants_info_[26].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[26].shape = {256};
    constants_info_[26].stride = {1};
    constants_info_[26].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[26].original_fqn = "blocks.2.ln1.weight";
    constants_info_[27].name = "blocks_2_ln1_bias";
    constants_info_[27].dtype = cached_torch_dtype_bfloat16;
    constants_info_[27].device_type = cached_torch_device_type_cuda;
    constants_info_[27].offset = 0;
    constants_info_[27].data_size = 512;
    constants_info_[27].from_folded = false;
    constants_info_[27].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[27].shape = {256};
    constants_info_[27].stride = {1};
    constants_info_[27].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[27].original_fqn = "blocks.2.ln1.bias";
    constants_info_[28].name = "blocks_2_qkv_weight";
    constants_info_[28].dtype = cached_torch_dtype_bfloat16;
    constants_info_[28].device_type = cached_torch_device_type_cuda;
    constants_info_[28].offset = 0;
    constants_info_[28].data_size = 393216;
    constants_info_[28].from_folded = false;
    constants_info_[28].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[28].shape = {768, 256};
    constants_info_[28].stride = {256, 1};
    constants_info_[28].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[28].original_fqn = "blocks.2.qkv.weight";
    constants_info_[29].name = "blocks_2_qkv_bias";
    constants_info_[29].dtype = cached_torch_dtype_bfloat16;
    constants_info_[29].device_type = cached_torch_device_type_cuda;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 1536;
    constants_info_[29].from_folded = false;
    constants_info_[29].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[29].shape = {768};
    constants_info_[29].stride = {1};
    constants_info_[29].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[29].original_fqn = "blocks.2.qkv.bias";
    constants_info_[30].name = "blocks_2_proj_weight";
    constants_info_[30].dtype = cached_torch_dtype_bfloat16;
    constants_info_[30].device_type = cached_torch_device_type_cuda;
    constants_info_[30].offset = 0;
    constants_info_[30].data_size = 131072;
    constants_info_[30].from_folded = false;
    constants_info_[30].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[30].shape = {256, 256};
    constants_info_[30].stride = {256, 1};
    constants_info_[30].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[30].original_fqn = "blocks.2.proj.weight";
    constants_info_[31].name = "blocks_2_proj_bias";
    constants_info_[31].dtype = cached_torch_dtype_bfloat16;
    constants_info_[31].device_type = cached_torch_device_type_cuda;
    constants_info_[31].offset = 0;
    constants_info_[31].data_size = 512;
    constants_info_[31].from_folded = false;
    constants_info_[31].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[31].shape = {256};
    constants_info_[31].stride = {1};
    constants_info_[31].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[31].original_fqn = "blocks.2.proj.bias";
    constants_info_[32].name = "blocks_2_ln2_weight";
    constants_info_[32].dtype = cached_torch_dtype_bfloat16;
    constants_info_[32].device_type = cached_torch_device_type_cuda;
    constants_info_[32].offset = 0;
    constants_info_[32].data_size = 512;
    constants_info_[32].from_folded = false;
    constants_info_[32].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[32].shape = {256};
    constants_info_[32].stride = {1};
    constants_info_[32].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[32].original_fqn = "blocks.2.ln2.weight";
    constants_info_[33].name = "blocks_2_ln2_bias";
    constants_info_[33].dtype = cached_torch_dtype_bfloat16;
    constants_info_[33].device_type = cached_torch_device_type_cuda;
    constants_info_[33].offset = 0;
    constants_info_[33].data_size = 512;
    constants_info_[33].from_folded = false;
    constants_info_[33].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[33].shape = {256};
    constants_info_[33].stride = {1};
    constants_info_[33].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[33].original_fqn = "blocks.2.ln2.bias";
    constants_info_[34].name = "blocks_2_fc1_weight";
    constants_info_[34].dtype = cached_torch_dtype_bfloat16;
    constants_info_[34].device_type = cached_torch_device_type_cuda;
    constants_info_[34].offset = 0;
    constants_info_[34].data_size = 524288;
    constants_info_[34].from_folded = false;
    constants_info_[34].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[34].shape = {1024, 256};
    constants_info_[34].stride = {256, 1};
    constants_info_[34].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[34].original_fqn = "blocks.2.fc1.weight";
    constants_info_[35].name = "blocks_2_fc1_bias";
    constants_info_[35].dtype = cached_torch_dtype_bfloat16;
    constants_info_[35].device_type = cached_torch_device_type_cuda;
    constants_info_[35].offset = 0;
    constants_info_[35].data_size = 2048;
    constants_info_[35].from_folded = false;
    constants_info_[35].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[35].shape = {1024};
    constants_info_[35].stride = {1};
    constants_info_[35].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[35].original_fqn = "blocks.2.fc1.bias";
    constants_info_[36].name = "blocks_2_fc2_weight";
    constants_info_[36].dtype = cached_torch_dtype_bfloat16;
    constants_info_[36].device_type = cached_torch_device_type_cuda;
    constants_info_[36].offset = 0;
    constants_info_[36].data_size = 524288;
    constants_info_[36].from_folded = false;
    constants_info_[36].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[36].shape = {256, 1024};
    constants_info_[36].stride = {1024, 1};
    constants_info_[36].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[36].original_fqn = "blocks.2.fc2.weight";
    constants_info_[37].name = "blocks_2_fc2_bias";
    constants_info_[37].dtype = cached_torch_dtype_bfloat16;
    constants_info_[37].device_type = cached_torch_device_type_cuda;
    constants_info_[37].offset = 0;
    constants_info_[37].data_size = 512;
    constants_info_[37].from_folded = false;
    constants_info_[37].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[37].shape = {256};
    constants_info_[37].stride = {1};
    constants_info_[37].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[37].original_fqn = "blocks.2.fc2.bias";
    constants_info_[38].name = "blocks_3_ln1_weight";
    constants_info_[38].dtype = cached_torch_dtype_bfloat16;
    constants_info_[38].device_type = cached_torch_device_type_cuda;
    constants_info_[38].offset = 0;
    constants_info_[38].data_size = 512;
    constants_info_[38].from_folded = false;
    constants_info_[38].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[38].shape = {256};
    constants_info_[38].stride = {1};
    constants_info_[38].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[38].original_fqn = "blocks.3.ln1.weight";
    constants_info_[39].name = "blocks_3_ln1_bias";
    constants_info_[39].dtype = cached_torch_dtype_bfloat16;
    constants_info_[39].device_type = cached_torch_device_type_cuda;
    constants_info_[39].offset = 0;
    constants_info_[39].data_size = 512;
    constants_info_[39].from_folded = false;
    constants_info_[39].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[39].shape = {256};
    constants_info_[39].stride = {1};
    constants_info_[39].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[39].original_fqn = "blocks.3.ln1.bias";
    constants_info_[40].name = "blocks_3_qkv_weight";
    constants_info_[40].dtype = cached_torch_dtype_bfloat16;
    constants_info_[40].device_type = cached_torch_device_type_cuda;
    constants_info_[40].offset = 0;
    constants_info_[40].data_size = 393216;
    constants_info_[40].from_folded = false;
    constants_info_[40].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[40].shape = {768, 256};
    constants_info_[40].stride = {256, 1};
    constants_info_[40].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[40].original_fqn = "blocks.3.qkv.weight";
    constants_info_[41].name = "blocks_3_qkv_bias";
    constants_info_[41].dtype = cached_torch_dtype_bfloat16;
    constants_info_[41].device_type = cached_torch_device_type_cuda;
    constants_info_[41].offset = 0;
    constants_info_[41].data_size = 1536;
    constants_info_[41].from_folded = false;
    constants_info_[41].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[41].shape = {768};
    constants_info_[41].stride = {1};
    constants_info_[41].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[41].original_fqn = "blocks.3.qkv.bias";
    constants_info_[42].name = "blocks_3_proj_weight";
    constants_info_[42].dtype = cached_torch_dtype_bfloat16;
    constants_info_[42].device_type = cached_torch_device_type_cuda;
    constants_info_[42].offset = 0;
    constants_info_[42].data_size = 131072;
    constants_info_[42].from_folded = false;
    constants_info_[42].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[42].shape = {256, 256};
    constants_info_[42].stride = {256, 1};
    constants_info_[42].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[42].original_fqn = "blocks.3.proj.weight";
    constants_info_[43].name = "blocks_3_proj_bias";
    constants_info_[43].dtype = cached_torch_dtype_bfloat16;
    constants_info_[43].device_type = cached_torch_device_type_cuda;
    constants_info_[43].offset = 0;
    constants_info_[43].data_size = 512;
    constants_info_[43].from_folded = false;
    constants_info_[43].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[43].shape = {256};
    constants_info_[43].stride = {1};
    constants_info_[43].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[43].original_fqn = "blocks.3.proj.bias";
    constants_info_[44].name = "blocks_3_ln2_weight";
    constants_info_[44].dtype = cached_torch_dtype_bfloat16;
    constants_info_[44].device_type = cached_torch_device_type_cuda;
    constants_info_[44].offset = 0;
    constants_info_[44].data_size = 512;
    constants_info_[44].from_folded = false;
    constants_info_[44].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[44].shape = {256};
    constants_info_[44].stride = {1};
    constants_info_[44].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[44].original_fqn = "blocks.3.ln2.weight";
    constants_info_[45].name = "blocks_3_ln2_bias";
    constants_info_[45].dtype = cached_torch_dtype_bfloat16;
    constants_info_[45].device_type = cached_torch_device_type_cuda;
    constants_info_[45].offset = 0;
    constants_info_[45].data_size = 512;
    constants_info_[45].from_folded = false;
    constants_info_[45].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[45].shape = {256};
    constants_info_[45].stride = {1};
    constants_info_[45].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[45].original_fqn = "blocks.3.ln2.bias";
    constants_info_[46].name = "blocks_3_fc1_weight";
    constants_info_[46].dtype = cached_torch_dtype_bfloat16;
    constants_info_[46].device_type = cached_torch_device_type_cuda;
    constants_info_[46].offset = 0;
    constants_info_[46].data_size = 524288;
    constants_info_[46].from_folded = false;
    constants_info_[46].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[46].shape = {1024, 256};
    constants_info_[46].stride = {256, 1};
    constants_info_[46].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[46].original_fqn = "blocks.3.fc1.weight";
    constants_info_[47].name = "blocks_3_fc1_bias";
    constants_info_[47].dtype = cached_torch_dtype_bfloat16;
    constants_info_[47].device_type = cached_torch_device_type_cuda;
    constants_info_[47].offset = 0;
    constants_info_[47].data_size = 2048;
    constants_info_[47].from_folded = false;
    constants_info_[47].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[47].shape = {1024};
    constants_info_[47].stride = {1};
    constants_info_[47].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[47].original_fqn = "blocks.3.fc1.bias";
    constants_info_[48].name = "blocks_3_fc2_weight";
    constants_info_[48].dtype = cached_torch_dtype_bfloat16;
    constants_info_[48].device_type = cached_torch_device_type_cuda;
    constants_info_[48].offset = 0;
    constants_info_[48].data_size = 524288;
    constants_info_[48].from_folded = false;
    constants_info_[48].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[48].shape = {256, 1024};
    constants_info_[48].stride = {1024, 1};
    constants_info_[48].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[48].original_fqn = "blocks.3.fc2.weight";
    constants_info_[49].name = "blocks_3_fc2_bias";
    constants_info_[49].dtype = cached_torch_dtype_bfloat16;
    constants_info_[49].device_type = cached_torch_device_type_cuda;
    constants_info_[49].offset = 0;
    constants_info_[49].data_size = 512;
    constants_info_[49].from_folded = false;
    constants_info_[49].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[49].shape = {256};
    constants_info_[49].stride = {1};
    constants_info_[49].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[49].original_fqn = "blocks.3.fc2.bias";
    constants_info_[50].name = "blocks_4_ln1_weight";
    constants_info_[50].dtype = cached_torch_dtype_bfloat16;
    constants_info_[50].device_type = cached_torch_device_type_cuda;
    constants_info_[50].offset = 0;
    constants_info_[50].data_size = 512;
    constants_info_[50].from_folded = false;
    constants_info_[50].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[50].shape = {256};
    constants_info_[50].stride = {1};
    constants_info_[50].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[50].original_fqn = "blocks.4.ln1.weight";
    constants_info_[51].name = "blocks_4_ln1_bias";
    constants_info_[51].dtype = cached_torch_dtype_bfloat16;
    constants_info_[51].device_type = cached_torch_device_type_cuda;
    constants_info_[51].offset = 0;
    constants_info_[51].data_size = 512;
    constants_info_[51].from_folded = false;
    constants_info_[51].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[51].shape = {256};
    constants_info_[51].stride = {1};
    constants_info_[51].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[51].original_fqn = "blocks.4.ln1.bias";
    constants_info_[52].name = "blocks_4_qkv_weight";
    constants_info_[52].dtype = cached_torch_dtype_bfloat16;
    constants_info_[52].device_type = cached_torch_device_type_cuda;
    constants_info_[52].offset = 0;
    constants_info_[52].data_size = 393216;
    constants_info_[52].from_folded = false;
    constants_info_[52].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[52].shape = {768, 256};
    constants_info_[52].stride = {256, 1};
    constants_info_[52].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[52].original_fqn = "blocks.4.qkv.weight";
    constants_info_[53].name = "blocks_4_qkv_bias";
    constants_info_[53].dtype = cached_torch_dtype_bfloat16;
    constants_info_[53].device_type = cached_torch_device_type_cuda;
    constants_info_[53].offset = 0;
    constants_info_[53].data_size = 1536;
    constants_info_[53].from_folded = false;
    constants_info_[53].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[53].shape = {768};
    constants_info_[53].stride = {1};
    constants_info_[53].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[53].original_fqn = "blocks.4.qkv.bias";
    constants_info_[54].name = "blocks_4_proj_weight";
    constants_info_[54].dtype = cached_torch_dtype_bfloat16;
    constants_info_[54].device_type = cached_torch_device_type_cuda;
    constants_info_[54].offset = 0;
    constants_info_[54].data_size = 131072;
    constants_info_[54].from_folded = false;
    constants_info_[54].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[54].shape = {256, 256};
    constants_info_[54].stride = {256, 1};
    constants_info_[54].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[54].original_fqn = "blocks.4.proj.weight";
    constants_info_[55].name = "blocks_4_proj_bias";
    constants_info_[55].dtype = cached_torch_dtype_bfloat16;
    constants_info_[55].device_type = cached_torch_device_type_cuda;
    constants_info_[55].offset = 0;
    constants_info_[55].data_size = 512;
    constants_info_[55].from_folded = false;
    constants_info_[55].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[55].shape = {256};
    constants_info_[55].stride = {1};
    constants_info_[55].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[55].original_fqn = "blocks.4.proj.bias";
    constants_info_[56].name = "blocks_4_ln2_weight";
    constants_info_[56].dtype = cached_torch_dtype_bfloat16;
    constants_info_[56].device_type = cached_torch_device_type_cuda;
    constants_info_[56].offset = 0;
    constants_info_[56].data_size = 512;
    constants_info_[56].from_folded = false;
    constants_info_[56].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[56].shape = {256};
    constants_info_[56].stride = {1};
    constants_info_[56].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[56].original_fqn = "blocks.4.ln2.weight";
    constants_info_[57].name = "blocks_4_ln2_bias";
    constants_info_[57].dtype = cached_torch_dtype_bfloat16;
    constants_info_[57].device_type = cached_torch_device_type_cuda;
    constants_info_[57].offset = 0;
    constants_info_[57].data_size = 512;
    constants_info_[57].from_folded = false;
    constants_info_[57].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[57].shape = {256};
    constants_info_[57].stride = {1};
    constants_info_[57].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[57].original_fqn = "blocks.4.ln2.bias";
    constants_info_[58].name = "blocks_4_fc1_weight";
    constants_info_[58].dtype = cached_torch_dtype_bfloat16;
    constants_info_[58].device_type = cached_torch_device_type_cuda;
    constants_info_[58].offset = 0;
    constants_info_[58].data_size = 524288;
    constants_info_[58].from_folded = false;
    constants_info_[58].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[58].shape = {1024, 256};
    constants_info_[58].stride = {256, 1};
    constants_info_[58].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[58].original_fqn = "blocks.4.fc1.weight";
    constants_info_[59].name = "blocks_4_fc1_bias";
    constants_info_[59].dtype = cached_torch_dtype_bfloat16;
    constants_info_[59].device_type = cached_torch_device_type_cuda;
    constants_info_[59].offset = 0;
    constants_info_[59].data_size = 2048;
    constants_info_[59].from_folded = false;
    constants_info_[59].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[59].shape = {1024};
    constants_info_[59].stride = {1};
    constants_info_[59].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[59].original_fqn = "blocks.4.fc1.bias";
    constants_info_[60].name = "blocks_4_fc2_weight";
    constants_info_[60].dtype = cached_torch_dtype_bfloat16;
    constants_info_[60].device_type = cached_torch_device_type_cuda;
    constants_info_[60].offset = 0;
    constants_info_[60].data_size = 524288;
    constants_info_[60].from_folded = false;
    constants_info_[60].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[60].shape = {256, 1024};
    constants_info_[60].stride = {1024, 1};
    constants_info_[60].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[60].original_fqn = "blocks.4.fc2.weight";
    constants_info_[61].name = "blocks_4_fc2_bias";
    constants_info_[61].dtype = cached_torch_dtype_bfloat16;
    constants_info_[61].device_type = cached_torch_device_type_cuda;
    constants_info_[61].offset = 0;
    constants_info_[61].data_size = 512;
    constants_info_[61].from_folded = false;
    constants_info_[61].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[61].shape = {256};
    constants_info_[61].stride = {1};
    constants_info_[61].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[61].original_fqn = "blocks.4.fc2.bias";
    constants_info_[62].name = "blocks_5_ln1_weight";
    constants_info_[62].dtype = cached_torch_dtype_bfloat16;
    constants_info_[62].device_type = cached_torch_device_type_cuda;
    constants_info_[62].offset = 0;
    constants_info_[62].data_size = 512;
    constants_info_[62].from_folded = false;
    constants_info_[62].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[62].shape = {256};
    constants_info_[62].stride = {1};
    constants_info_[62].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[62].original_fqn = "blocks.5.ln1.weight";
    constants_info_[63].name = "blocks_5_ln1_bias";
    constants_info_[63].dtype = cached_torch_dtype_bfloat16;
    constants_info_[63].device_type = cached_torch_device_type_cuda;
    constants_info_[63].offset = 0;
    constants_info_[63].data_size = 512;
    constants_info_[63].from_folded = false;
    constants_info_[63].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[63].shape = {256};
    constants_info_[63].stride = {1};
    constants_info_[63].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[63].original_fqn = "blocks.5.ln1.bias";
    constants_info_[64].name = "blocks_5_qkv_weight";
    constants_info_[64].dtype = cached_torch_dtype_bfloat16;
    constants_info_[64].device_type = cached_torch_device_type_cuda;
    constants_info_[64].offset = 0;
    constants_info_[64].data_size = 393216;
    constants_info_[64].from_folded = false;
    constants_info_[64].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[64].shape = {768, 256};
    constants_info_[64].stride = {256, 1};
    constants_info_[64].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[64].original_fqn = "blocks.5.qkv.weight";
    constants_info_[65].name = "blocks_5_qkv_bias";
    constants_info_[65].dtype = cached_torch_dtype_bfloat16;
    constants_info_[65].device_type = cached_torch_device_type_cuda;
    constants_info_[65].offset = 0;
    constants_info_[65].data_size = 1536;
    constants_info_[65].from_folded = false;
    constants_info_[65].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[65].shape = {768};
    constants_info_[65].stride = {1};
    constants_info_[65].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[65].original_fqn = "blocks.5.qkv.bias";
    constants_info_[66].name = "blocks_5_proj_weight";
    constants_info_[66].dtype = cached_torch_dtype_bfloat16;
    constants_info_[66].device_type = cached_torch_device_type_cuda;
    constants_info_[66].offset = 0;
    constants_info_[66].data_size = 131072;
    constants_info_[66].from_folded = false;
    constants_info_[66].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[66].shape = {256, 256};
    constants_info_[66].stride = {256, 1};
    constants_info_[66].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[66].original_fqn = "blocks.5.proj.weight";
    constants_info_[67].name = "blocks_5_proj_bias";
    constants_info_[67].dtype = cached_torch_dtype_bfloat16;
    constants_info_[67].device_type = cached_torch_device_type_cuda;
    constants_info_[67].offset = 0;
    constants_info_[67].data_size = 512;
    constants_info_[67].from_folded = false;
    constants_info_[67].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[67].shape = {256};
    constants_info_[67].stride = {1};
    constants_info_[67].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[67].original_fqn = "blocks.5.proj.bias";
    constants_info_[68].name = "blocks_5_ln2_weight";
    constants_info_[68].dtype = cached_torch_dtype_bfloat16;
    constants_info_[68].device_type = cached_torch_device_type_cuda;
    constants_info_[68].offset = 0;
    constants_info_[68].data_size = 512;
    constants_info_[68].from_folded = false;
    constants_info_[68].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[68].shape = {256};
    constants_info_[68].stride = {1};
    constants_info_[68].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[68].original_fqn = "blocks.5.ln2.weight";
    constants_info_[69].name = "blocks_5_ln2_bias";
    constants_info_[69].dtype = cached_torch_dtype_bfloat16;
    constants_info_[69].device_type = cached_torch_device_type_cuda;
    constants_info_[69].offset = 0;
    constants_info_[69].data_size = 512;
    constants_info_[69].from_folded = false;
    constants_info_[69].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[69].shape = {256};
    constants_info_[69].stride = {1};
    constants_info_[69].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[69].original_fqn = "blocks.5.ln2.bias";
    constants_info_[70].name = "blocks_5_fc1_weight";
    constants_info_[70].dtype = cached_torch_dtype_bfloat16;
    constants_info_[70].device_type = cached_torch_device_type_cuda;
    constants_info_[70].offset = 0;
    constants_info_[70].data_size = 524288;
    constants_info_[70].from_folded = false;
    constants_info_[70].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[70].shape = {1024, 256};
    constants_info_[70].stride = {256, 1};
    constants_info_[70].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[70].original_fqn = "blocks.5.fc1.weight";
    constants_info_[71].name = "blocks_5_fc1_bias";
    constants_info_[71].dtype = cached_torch_dtype_bfloat16;
    constants_info_[71].device_type = cached_torch_device_type_cuda;
    constants_info_[71].offset = 0;
    constants_info_[71].data_size = 2048;
    constants_info_[71].from_folded = false;
    constants_info_[71].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[71].shape = {1024};
    constants_info_[71].stride = {1};
    constants_info_[71].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[71].original_fqn = "blocks.5.fc1.bias";
    constants_info_[72].name = "blocks_5_fc2_weight";
    constants_info_[72].dtype = cached_torch_dtype_bfloat16;
    constants_info_[72].device_type = cached_torch_device_type_cuda;
    constants_info_[72].offset = 0;
    constants_info_[72].data_size = 524288;
    constants_info_[72].from_folded = false;
    constants_info_[72].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[72].shape = {256, 1024};
    constants_info_[72].stride = {1024, 1};
    constants_info_[72].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[72].original_fqn = "blocks.5.fc2.weight";
    constants_info_[73].name = "blocks_5_fc2_bias";
    constants_info_[73].dtype = cached_torch_dtype_bfloat16;
    constants_info_[73].device_type = cached_torch_device_type_cuda;
    constants_info_[73].offset = 0;
    constants_info_[73].data_size = 512;
    constants_info_[73].from_folded = false;
    constants_info_[73].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[73].shape = {256};
    constants_info_[73].stride = {1};
    constants_info_[73].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[73].original_fqn = "blocks.5.fc2.bias";
    constants_info_[74].name = "blocks_6_ln1_weight";
    constants_info_[74].dtype = cached_torch_dtype_bfloat16;
    constants_info_[74].device_type = cached_torch_device_type_cuda;
    constants_info_[74].offset = 0;
    constants_info_[74].data_size = 512;
    constants_info_[74].from_folded = false;
    constants_info_[74].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[74].shape = {256};
    constants_info_[74].stride = {1};
    constants_info_[74].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[74].original_fqn = "blocks.6.ln1.weight";
    constants_info_[75].name = "blocks_6_ln1_bias";
    constants_info_[75].dtype = cached_torch_dtype_bfloat16;
    constants_info_[75].device_type = cached_torch_device_type_cuda;
    constants_info_[75].offset = 0;
    constants_info_[75].data_size = 512;
    constants_info_[75].from_folded = false;
    constants_info_[75].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[75].shape = {256};
    constants_info_[75].stride = {1};
    constants_info_[75].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[75].original_fqn = "blocks.6.ln1.bias";
    constants_info_[76].name = "blocks_6_qkv_weight";
    constants_info_[76].dtype = cached_torch_dtype_bfloat16;
    constants_info_[76].device_type = cached_torch_device_type_cuda;
    constants_info_[76].offset = 0;
    constants_info_[76].data_size = 393216;
    constants_info_[76].from_folded = false;
    constants_info_[76].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[76].shape = {768, 256};
    constants_info_[76].stride = {256, 1};
    constants_info_[76].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[76].original_fqn = "blocks.6.qkv.weight";
    constants_info_[77].name = "blocks_6_qkv_bias";
    constants_info_[77].dtype = cached_torch_dtype_bfloat16;
    constants_info_[77].device_type = cached_torch_device_type_cuda;
    constants_info_[77].offset = 0;
    constants_info_[77].data_size = 1536;
    constants_info_[77].from_folded = false;
    constants_info_[77].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[77].shape = {768};
    constants_info_[77].stride = {1};
    constants_info_[77].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[77].original_fqn = "blocks.6.qkv.bias";
    constants_info_[78].name = "blocks_6_proj_weight";
    constants_info_[78].dtype = cached_torch_dtype_bfloat16;
    constants_info_[78].device_type = cached_torch_device_type_cuda;
    constants_info_[78].offset = 0;
    constants_info_[78].data_size = 131072;
    constants_info_[78].from_folded = false;
    constants_info_[78].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[78].shape = {256, 256};
    constants_info_[78].stride = {256, 1};
    constants_info_[78].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[78].original_fqn = "blocks.6.proj.weight";
    constants_info_[79].name = "blocks_6_proj_bias";
    constants_info_[79].dtype = cached_torch_dtype_bfloat16;
    constants_info_[79].device_type = cached_torch_device_type_cuda;
    constants_info_[79].offset = 0;
    constants_info_[79].data_size = 512;
    constants_info_[79].from_folded = false;
    constants_info_[79].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[79].shape = {256};
    constants_info_[79].stride = {1};
    constants_info_[79].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[79].original_fqn = "blocks.6.proj.bias";
    constants_info_[80].name = "blocks_6_ln2_weight";
    constants_info_[80].dtype = cached_torch_dtype_bfloat16;
    constants_info_[80].device_type = cached_torch_device_type_cuda;
    constants_info_[80].offset = 0;
    constants_info_[80].data_size = 512;
    constants_info_[80].from_folded = false;
    constants_info_[80].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[80].shape = {256};
    constants_info_[80].stride = {1};
    constants_info_[80].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[80].original_fqn = "blocks.6.ln2.weight";
    constants_info_[81].name = "blocks_6_ln2_bias";
    constants_info_[81].dtype = cached_torch_dtype_bfloat16;
    constants_info_[81].device_type = cached_torch_device_type_cuda;
    constants_info_[81].offset = 0;
    constants_info_[81].data_size = 512;
    constants_info_[81].from_folded = false;
    constants_info_[81].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[81].shape = {256};
    constants_info_[81].stride = {1};
    constants_info_[81].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[81].original_fqn = "blocks.6.ln2.bias";
    constants_info_[82].name = "blocks_6_fc1_weight";
    constants_info_[82].dtype = cached_torch_dtype_bfloat16;
    constants_info_[82].device_type = cached_torch_device_type_cuda;
    constants_info_[82].offset = 0;
    constants_info_[82].data_size = 524288;
    constants_info_[82].from_folded = false;
    constants_info_[82].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[82].shape = {1024, 256};
    constants_info_[82].stride = {256, 1};
    constants_info_[82].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[82].original_fqn = "blocks.6.fc1.weight";
    constants_info_[83].name = "blocks_6_fc1_bias";
    constants_info_[83].dtype = cached_torch_dtype_bfloat16;
    constants_info_[83].device_type = cached_torch_device_type_cuda;
    constants_info_[83].offset = 0;
    constants_info_[83].data_size = 2048;
    constants_info_[83].from_folded = false;
    constants_info_[83].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[83].shape = {1024};
    constants_info_[83].stride = {1};
    constants_info_[83].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[83].original_fqn = "blocks.6.fc1.bias";
    constants_info_[84].name = "blocks_6_fc2_weight";
    constants_info_[84].dtype = cached_torch_dtype_bfloat16;
    constants_info_[84].device_type = cached_torch_device_type_cuda;
    constants_info_[84].offset = 0;
    constants_info_[84].data_size = 524288;
    constants_info_[84].from_folded = false;
    constants_info_[84].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[84].shape = {256, 1024};
    constants_info_[84].stride = {1024, 1};
    constants_info_[84].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[84].original_fqn = "blocks.6.fc2.weight";
    constants_info_[85].name = "blocks_6_fc2_bias";
    constants_info_[85].dtype = cached_torch_dtype_bfloat16;
    constants_info_[85].device_type = cached_torch_device_type_cuda;
    constants_info_[85].offset = 0;
    constants_info_[85].data_size = 512;
    constants_info_[85].from_folded = false;
    constants_info_[85].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[85].shape = {256};
    constants_info_[85].stride = {1};
    constants_info_[85].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[85].original_fqn = "blocks.6.fc2.bias";
    constants_info_[86].name = "blocks_7_ln1_weight";
    constants_info_[86].dtype = cached_torch_dtype_bfloat16;
    constants_info_[86].device_type = cached_torch_device_type_cuda;
    constants_info_[86].offset = 0;
    constants_info_[86].data_size = 512;
    constants_info_[86].from_folded = false;
    constants_info_[86].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[86].shape = {256};
    constants_info_[86].stride = {1};
    constants_info_[86].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[86].original_fqn = "blocks.7.ln1.weight";
    constants_info_[87].name = "blocks_7_ln1_bias";
    constants_info_[87].dtype = cached_torch_dtype_bfloat16;
    constants_info_[87].device_type = cached_torch_device_type_cuda;
    constants_info_[87].offset = 0;
    constants_info_[87].data_size = 512;
    constants_info_[87].from_folded = false;
    constants_info_[87].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[87].shape = {256};
    constants_info_[87].stride = {1};
    constants_info_[87].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[87].original_fqn = "blocks.7.ln1.bias";
    constants_info_[88].name = "blocks_7_qkv_weight";
    constants_info_[88].dtype = cached_torch_dtype_bfloat16;
    constants_info_[88].device_type = cached_torch_device_type_cuda;
    constants_info_[88].offset = 0;
    constants_info_[88].data_size = 393216;
    constants_info_[88].from_folded = false;
    constants_info_[88].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[88].shape = {768, 256};
    constants_info_[88].stride = {256, 1};
    constants_info_[88].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[88].original_fqn = "blocks.7.qkv.weight";
    constants_info_[89].name = "blocks_7_qkv_bias";
    constants_info_[89].dtype = cached_torch_dtype_bfloat16;
    constants_info_[89].device_type = cached_torch_device_type_cuda;
    constants_info_[89].offset = 0;
    constants_info_[89].data_size = 1536;
    constants_info_[89].from_folded = false;
    constants_info_[89].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[89].shape = {768};
    constants_info_[89].stride = {1};
    constants_info_[89].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[89].original_fqn = "blocks.7.qkv.bias";
    constants_info_[90].name = "blocks_7_proj_weight";
    constants_info_[90].dtype = cached_torch_dtype_bfloat16;
    constants_info_[90].device_type = cached_torch_device_type_cuda;
    constants_info_[90].offset = 0;
    constants_info_[90].data_size = 131072;
    constants_info_[90].from_folded = false;
    constants_info_[90].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[90].shape = {256, 256};
    constants_info_[90].stride = {256, 1};
    constants_info_[90].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[90].original_fqn = "blocks.7.proj.weight";
    constants_info_[91].name = "blocks_7_proj_bias";
    constants_info_[91].dtype = cached_torch_dtype_bfloat16;
    constants_info_[91].device_type = cached_torch_device_type_cuda;
    constants_info_[91].offset = 0;
    constants_info_[91].data_size = 512;
    constants_info_[91].from_folded = false;
    constants_info_[91].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[91].shape = {256};
    constants_info_[91].stride = {1};
    constants_info_[91].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[91].original_fqn = "blocks.7.proj.bias";
    constants_info_[92].name = "blocks_7_ln2_weight";
    constants_info_[92].dtype = cached_torch_dtype_bfloat16;
    constants_info_[92].device_type = cached_torch_device_type_cuda;
    constants_info_[92].offset = 0;
    constants_info_[92].data_size = 512;
    constants_info_[92].from_folded = false;
    constants_info_[92].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[92].shape = {256};
    constants_info_[92].stride = {1};
    constants_info_[92].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[92].original_fqn = "blocks.7.ln2.weight";
    constants_info_[93].name = "blocks_7_ln2_bias";
    constants_info_[93].dtype = cached_torch_dtype_bfloat16;
    constants_info_[93].device_type = cached_torch_device_type_cuda;
    constants_info_[93].offset = 0;
    constants_info_[93].data_size = 512;
    constants_info_[93].from_folded = false;
    constants_info_[93].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[93].shape = {256};
    constants_info_[93].stride = {1};
    constants_info_[93].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[93].original_fqn = "blocks.7.ln2.bias";
    constants_info_[94].name = "blocks_7_fc1_weight";
    constants_info_[94].dtype = cached_torch_dtype_bfloat16;
    constants_info_[94].device_type = cached_torch_device_type_cuda;
    constants_info_[94].offset = 0;
    constants_info_[94].data_size = 524288;
    constants_info_[94].from_folded = false;
    constants_info_[94].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[94].shape = {1024, 256};
    constants_info_[94].stride = {256, 1};
    constants_info_[94].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[94].original_fqn = "blocks.7.fc1.weight";
    constants_info_[95].name = "blocks_7_fc1_bias";
    constants_info_[95].dtype = cached_torch_dtype_bfloat16;
    constants_info_[95].device_type = cached_torch_device_type_cuda;
    constants_info_[95].offset = 0;
    constants_info_[95].data_size = 2048;
    constants_info_[95].from_folded = false;
    constants_info_[95].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[95].shape = {1024};
    constants_info_[95].stride = {1};
    constants_info_[95].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[95].original_fqn = "blocks.7.fc1.bias";
    constants_info_[96].name = "blocks_7_fc2_weight";
    constants_info_[96].dtype = cached_torch_dtype_bfloat16;
    constants_info_[96].device_type = cached_torch_device_type_cuda;
    constants_info_[96].offset = 0;
    constants_info_[96].data_size = 524288;
    constants_info_[96].from_folded = false;
    constants_info_[96].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[96].shape = {256, 1024};
    constants_info_[96].stride = {1024, 1};
    constants_info_[96].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[96].original_fqn = "blocks.7.fc2.weight";
    constants_info_[97].name = "blocks_7_fc2_bias";
    constants_info_[97].dtype = cached_torch_dtype_bfloat16;
    constants_info_[97].device_type = cached_torch_device_type_cuda;
    constants_info_[97].offset = 0;
    constants_info_[97].data_size = 512;
    constants_info_[97].from_folded = false;
    constants_info_[97].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[97].shape = {256};
    constants_info_[97].stride = {1};
    constants_info_[97].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[97].original_fqn = "blocks.7.fc2.bias";
    constants_info_[98].name = "blocks_8_ln1_weight";
    constants_info_[98].dtype = cached_torch_dtype_bfloat16;
    constants_info_[98].device_type = cached_torch_device_type_cuda;
    constants_info_[98].offset = 0;
    constants_info_[98].data_size = 512;
    constants_info_[98].from_folded = false;
    constants_info_[98].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[98].shape = {256};
    constants_info_[98].stride = {1};
    constants_info_[98].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[98].original_fqn = "blocks.8.ln1.weight";
    constants_info_[99].name = "blocks_8_ln1_bias";
    constants_info_[99].dtype = cached_torch_dtype_bfloat16;
    constants_info_[99].device_type = cached_torch_device_type_cuda;
    constants_info_[99].offset = 0;
    constants_info_[99].data_size = 512;
    constants_info_[99].from_folded = false;
    constants_info_[99].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[99].shape = {256};
    constants_info_[99].stride = {1};
    constants_info_[99].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[99].original_fqn = "blocks.8.ln1.bias";
    constants_info_[100].name = "blocks_8_qkv_weight";
    constants_info_[100].dtype = cached_torch_dtype_bfloat16;
    constants_info_[100].device_type = cached_torch_device_type_cuda;
    constants_info_[100].offset = 0;
    constants_info_[100].data_size = 393216;
    constants_info_[100].from_folded = false;
    constants_info_[100].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[100].shape = {768, 256};
    constants_info_[100].stride = {256, 1};
    constants_info_[100].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[100].original_fqn = "blocks.8.qkv.weight";
    constants_info_[101].name = "blocks_8_qkv_bias";
    constants_info_[101].dtype = cached_torch_dtype_bfloat16;
    constants_info_[101].device_type = cached_torch_device_type_cuda;
    constants_info_[101].offset = 0;
    constants_info_[101].data_size = 1536;
    constants_info_[101].from_folded = false;
    constants_info_[101].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[101].shape = {768};
    constants_info_[101].stride = {1};
    constants_info_[101].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[101].original_fqn = "blocks.8.qkv.bias";
    constants_info_[102].name = "blocks_8_proj_weight";
    constants_info_[102].dtype = cached_torch_dtype_bfloat16;
    constants_info_[102].device_type = cached_torch_device_type_cuda;
    constants_info_[102].offset = 0;
    constants_info_[102].data_size = 131072;
    constants_info_[102].from_folded = false;
    constants_info_[102].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[102].shape = {256, 256};
    constants_info_[102].stride = {256, 1};
    constants_info_[102].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[102].original_fqn = "blocks.8.proj.weight";
    constants_info_[103].name = "blocks_8_proj_bias";
    constants_info_[103].dtype = cached_torch_dtype_bfloat16;
    constants_info_[103].device_type = cached_torch_device_type_cuda;
    constants_info_[103].offset = 0;
    constants_info_[103].data_size = 512;
    constants_info_[103].from_folded = false;
    constants_info_[103].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[103].shape = {256};
    constants_info_[103].stride = {1};
    constants_info_[103].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[103].original_fqn = "blocks.8.proj.bias";
    constants_info_[104].name = "blocks_8_ln2_weight";
    constants_info_[104].dtype = cached_torch_dtype_bfloat16;
    constants_info_[104].device_type = cached_torch_device_type_cuda;
    constants_info_[104].offset = 0;
    constants_info_[104].data_size = 512;
    constants_info_[104].from_folded = false;
    constants_info_[104].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[104].shape = {256};
    constants_info_[104].stride = {1};
    constants_info_[104].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[104].original_fqn = "blocks.8.ln2.weight";
    constants_info_[105].name = "blocks_8_ln2_bias";
    constants_info_[105].dtype = cached_torch_dtype_bfloat16;
    constants_info_[105].device_type = cached_torch_device_type_cuda;
    constants_info_[105].offset = 0;
    constants_info_[105].data_size = 512;
    constants_info_[105].from_folded = false;
    constants_info_[105].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[105].shape = {256};
    constants_info_[105].stride = {1};
    constants_info_[105].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[105].original_fqn = "blocks.8.ln2.bias";
    constants_info_[106].name = "blocks_8_fc1_weight";
    constants_info_[106].dtype = cached_torch_dtype_bfloat16;
    constants_info_[106].device_type = cached_torch_device_type_cuda;
    constants_info_[106].offset = 0;
    constants_info_[106].data_size = 524288;
    constants_info_[106].from_folded = false;
    constants_info_[106].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[106].shape = {1024, 256};
    constants_info_[106].stride = {256, 1};
    constants_info_[106].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[106].original_fqn = "blocks.8.fc1.weight";
    constants_info_[107].name = "blocks_8_fc1_bias";
    constants_info_[107].dtype = cached_torch_dtype_bfloat16;
    constants_info_[107].device_type = cached_torch_device_type_cuda;
    constants_info_[107].offset = 0;
    constants_info_[107].data_size = 2048;
    constants_info_[107].from_folded = false;
    constants_info_[107].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[107].shape = {1024};
    constants_info_[107].stride = {1};
    constants_info_[107].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[107].original_fqn = "blocks.8.fc1.bias";
    constants_info_[108].name = "blocks_8_fc2_weight";
    constants_info_[108].dtype = cached_torch_dtype_bfloat16;
    constants_info_[108].device_type = cached_torch_device_type_cuda;
    constants_info_[108].offset = 0;
    constants_info_[108].data_size = 524288;
    constants_info_[108].from_folded = false;
    constants_info_[108].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[108].shape = {256, 1024};
    constants_info_[108].stride = {1024, 1};
    constants_info_[108].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[108].original_fqn = "blocks.8.fc2.weight";
    constants_info_[109].name = "blocks_8_fc2_bias";
    constants_info_[109].dtype = cached_torch_dtype_bfloat16;
    constants_info_[109].device_type = cached_torch_device_type_cuda;
    constants_info_[109].offset = 0;
    constants_info_[109].data_size = 512;
    constants_info_[109].from_folded = false;
    constants_info_[109].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[109].shape = {256};
    constants_info_[109].stride = {1};
    constants_info_[109].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[109].original_fqn = "blocks.8.fc2.bias";
    constants_info_[110].name = "blocks_9_ln1_weight";
    constants_info_[110].dtype = cached_torch_dtype_bfloat16;
    constants_info_[110].device_type = cached_torch_device_type_cuda;
    constants_info_[110].offset = 0;
    constants_info_[110].data_size = 512;
    constants_info_[110].from_folded = false;
    constants_info_[110].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[110].shape = {256};
    constants_info_[110].stride = {1};
    constants_info_[110].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[110].original_fqn = "blocks.9.ln1.weight";
    constants_info_[111].name = "blocks_9_ln1_bias";
    constants_info_[111].dtype = cached_torch_dtype_bfloat16;
    constants_info_[111].device_type = cached_torch_device_type_cuda;
    constants_info_[111].offset = 0;
    constants_info_[111].data_size = 512;
    constants_info_[111].from_folded = false;
    constants_info_[111].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[111].shape = {256};
    constants_info_[111].stride = {1};
    constants_info_[111].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[111].original_fqn = "blocks.9.ln1.bias";
    constants_info_[112].name = "blocks_9_qkv_weight";
    constants_info_[112].dtype = cached_torch_dtype_bfloat16;
    constants_info_[112].device_type = cached_torch_device_type_cuda;
    constants_info_[112].offset = 0;
    constants_info_[112].data_size = 393216;
    constants_info_[112].from_folded = false;
    constants_info_[112].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[112].shape = {768, 256};
    constants_info_[112].stride = {256, 1};
    constants_info_[112].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[112].original_fqn = "blocks.9.qkv.weight";
    constants_info_[113].name = "blocks_9_qkv_bias";
    constants_info_[113].dtype = cached_torch_dtype_bfloat16;
    constants_info_[113].device_type = cached_torch_device_type_cuda;
    constants_info_[113].offset = 0;
    constants_info_[113].data_size = 1536;
    constants_info_[113].from_folded = false;
    constants_info_[113].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[113].shape = {768};
    constants_info_[113].stride = {1};
    constants_info_[113].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[113].original_fqn = "blocks.9.qkv.bias";
    constants_info_[114].name = "blocks_9_proj_weight";
    constants_info_[114].dtype = cached_torch_dtype_bfloat16;
    constants_info_[114].device_type = cached_torch_device_type_cuda;
    constants_info_[114].offset = 0;
    constants_info_[114].data_size = 131072;
    constants_info_[114].from_folded = false;
    constants_info_[114].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[114].shape = {256, 256};
    constants_info_[114].stride = {256, 1};
    constants_info_[114].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[114].original_fqn = "blocks.9.proj.weight";
    constants_info_[115].name = "blocks_9_proj_bias";
    constants_info_[115].dtype = cached_torch_dtype_bfloat16;
    constants_info_[115].device_type = cached_torch_device_type_cuda;
    constants_info_[115].offset = 0;
    constants_info_[115].data_size = 512;
    constants_info_[115].from_folded = false;
    constants_info_[115].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[115].shape = {256};
    constants_info_[115].stride = {1};
    constants_info_[115].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[115].original_fqn = "blocks.9.proj.bias";
    constants_info_[116].name = "blocks_9_ln2_weight";
    constants_info_[116].dtype = cached_torch_dtype_bfloat16;
    constants_info_[116].device_type = cached_torch_device_type_cuda;
    constants_info_[116].offset = 0;
    constants_info_[116].data_size = 512;
    constants_info_[116].from_folded = false;
    constants_info_[116].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[116].shape = {256};
    constants_info_[116].stride = {1};
    constants_info_[116].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[116].original_fqn = "blocks.9.ln2.weight";
    constants_info_[117].name = "blocks_9_ln2_bias";
    constants_info_[117].dtype = cached_torch_dtype_bfloat16;
    constants_info_[117].device_type = cached_torch_device_type_cuda;
    constants_info_[117].offset = 0;
    constants_info_[117].data_size = 512;
    constants_info_[117].from_folded = false;
    constants_info_[117].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[117].shape = {256};
    constants_info_[117].stride = {1};
    constants_info_[117].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[117].original_fqn = "blocks.9.ln2.bias";
    constants_info_[118].name = "blocks_9_fc1_weight";
    constants_info_[118].dtype = cached_torch_dtype_bfloat16;
    constants_info_[118].device_type = cached_torch_device_type_cuda;
    constants_info_[118].offset = 0;
    constants_info_[118].data_size = 524288;
    constants_info_[118].from_folded = false;
    constants_info_[118].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[118].shape = {1024, 256};
    constants_info_[118].stride = {256, 1};
    constants_info_[118].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[118].original_fqn = "blocks.9.fc1.weight";
    constants_info_[119].name = "blocks_9_fc1_bias";
    constants_info_[119].dtype = cached_torch_dtype_bfloat16;
    constants_info_[119].device_type = cached_torch_device_type_cuda;
    constants_info_[119].offset = 0;
    constants_info_[119].data_size = 2048;
    constants_info_[119].from_folded = false;
    constants_info_[119].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[119].shape = {1024};
    constants_info_[119].stride = {1};
    constants_info_[119].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[119].original_fqn = "blocks.9.fc1.bias";
    constants_info_[120].name = "blocks_9_fc2_weight";
    constants_info_[120].dtype = cached_torch_dtype_bfloat16;
    constants_info_[120].device_type = cached_torch_device_type_cuda;
    constants_info_[120].offset = 0;
    constants_info_[120].data_size = 524288;
    constants_info_[120].from_folded = false;
    constants_info_[120].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[120].shape = {256, 1024};
    constants_info_[120].stride = {1024, 1};
    constants_info_[120].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[120].original_fqn = "blocks.9.fc2.weight";
    constants_info_[121].name = "blocks_9_fc2_bias";
    constants_info_[121].dtype = cached_torch_dtype_bfloat16;
    constants_info_[121].device_type = cached_torch_device_type_cuda;
    constants_info_[121].offset = 0;
    constants_info_[121].data_size = 512;
    constants_info_[121].from_folded = false;
    constants_info_[121].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[121].shape = {256};
    constants_info_[121].stride = {1};
    constants_info_[121].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[121].original_fqn = "blocks.9.fc2.bias";
    constants_info_[122].name = "blocks_10_ln1_weight";
    constants_info_[122].dtype = cached_torch_dtype_bfloat16;
    constants_info_[122].device_type = cached_torch_device_type_cuda;
    constants_info_[122].offset = 0;
    constants_info_[122].data_size = 512;
    constants_info_[122].from_folded = false;
    constants_info_[122].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[122].shape = {256};
    constants_info_[122].stride = {1};
    constants_info_[122].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[122].original_fqn = "blocks.10.ln1.weight";
    constants_info_[123].name = "blocks_10_ln1_bias";
    constants_info_[123].dtype = cached_torch_dtype_bfloat16;
    constants_info_[123].device_type = cached_torch_device_type_cuda;
    constants_info_[123].offset = 0;
    constants_info_[123].data_size = 512;
    constants_info_[123].from_folded = false;
    constants_info_[123].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[123].shape = {256};
    constants_info_[123].stride = {1};
    constants_info_[123].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[123].original_fqn = "blocks.10.ln1.bias";
    constants_info_[124].name = "blocks_10_qkv_weight";
    constants_info_[124].dtype = cached_torch_dtype_bfloat16;
    constants_info_[124].device_type = cached_torch_device_type_cuda;
    constants_info_[124].offset = 0;
    constants_info_[124].data_size = 393216;
    constants_info_[124].from_folded = false;
    constants_info_[124].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[124].shape = {768, 256};
    constants_info_[124].stride = {256, 1};
    constants_info_[124].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[124].original_fqn = "blocks.10.qkv.weight";
    constants_info_[125].name = "blocks_10_qkv_bias";
    constants_info_[125].dtype = cached_torch_dtype_bfloat16;
    constants_info_[125].device_type = cached_torch_device_type_cuda;
    constants_info_[125].offset = 0;
    constants_info_[125].data_size = 1536;
    constants_info_[125].from_folded = false;
    constants_info_[125].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[125].shape = {768};
    constants_info_[125].stride = {1};
    constants_info_[125].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[125].original_fqn = "blocks.10.qkv.bias";
    constants_info_[126].name = "blocks_10_proj_weight";
    constants_info_[126].dtype = cached_torch_dtype_bfloat16;
    constants_info_[126].device_type = cached_torch_device_type_cuda;
    constants_info_[126].offset = 0;
    constants_info_[126].data_size = 131072;
    constants_info_[126].from_folded = false;
    constants_info_[126].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[126].shape = {256, 256};
    constants_info_[126].stride = {256, 1};
    constants_info_[126].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[126].original_fqn = "blocks.10.proj.weight";
    constants_info_[127].name = "blocks_10_proj_bias";
    constants_info_[127].dtype = cached_torch_dtype_bfloat16;
    constants_info_[127].device_type = cached_torch_device_type_cuda;
    constants_info_[127].offset = 0;
    constants_info_[127].data_size = 512;
    constants_info_[127].from_folded = false;
    constants_info_[127].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[127].shape = {256};
    constants_info_[127].stride = {1};
    constants_info_[127].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[127].original_fqn = "blocks.10.proj.bias";
    constants_info_[128].name = "blocks_10_ln2_weight";
    constants_info_[128].dtype = cached_torch_dtype_bfloat16;
    constants_info_[128].device_type = cached_torch_device_type_cuda;
    constants_info_[128].offset = 0;
    constants_info_[128].data_size = 512;
    constants_info_[128].from_folded = false;
    constants_info_[128].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[128].shape = {256};
    constants_info_[128].stride = {1};
    constants_info_[128].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[128].original_fqn = "blocks.10.ln2.weight";
    constants_info_[129].name = "blocks_10_ln2_bias";
    constants_info_[129].dtype = cached_torch_dtype_bfloat16;
    constants_info_[129].device_type = cached_torch_device_type_cuda;
    constants_info_[129].offset = 0;
    constants_info_[129].data_size = 512;
    constants_info_[129].from_folded = false;
    constants_info_[129].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[129].shape = {256};
    constants_info_[129].stride = {1};
    constants_info_[129].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[129].original_fqn = "blocks.10.ln2.bias";
    constants_info_[130].name = "blocks_10_fc1_weight";
    constants_info_[130].dtype = cached_torch_dtype_bfloat16;
    constants_info_[130].device_type = cached_torch_device_type_cuda;
    constants_info_[130].offset = 0;
    constants_info_[130].data_size = 524288;
    constants_info_[130].from_folded = false;
    constants_info_[130].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[130].shape = {1024, 256};
    constants_info_[130].stride = {256, 1};
    constants_info_[130].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[130].original_fqn = "blocks.10.fc1.weight";
    constants_info_[131].name = "blocks_10_fc1_bias";
    constants_info_[131].dtype = cached_torch_dtype_bfloat16;
    constants_info_[131].device_type = cached_torch_device_type_cuda;
    constants_info_[131].offset = 0;
    constants_info_[131].data_size = 2048;
    constants_info_[131].from_folded = false;
    constants_info_[131].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[131].shape = {1024};
    constants_info_[131].stride = {1};
    constants_info_[131].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[131].original_fqn = "blocks.10.fc1.bias";
    constants_info_[132].name = "blocks_10_fc2_weight";
    constants_info_[132].dtype = cached_torch_dtype_bfloat16;
    constants_info_[132].device_type = cached_torch_device_type_cuda;
    constants_info_[132].offset = 0;
    constants_info_[132].data_size = 524288;
    constants_info_[132].from_folded = false;
    constants_info_[132].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[132].shape = {256, 1024};
    constants_info_[132].stride = {1024, 1};
    constants_info_[132].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[132].original_fqn = "blocks.10.fc2.weight";
    constants_info_[133].name = "blocks_10_fc2_bias";
    constants_info_[133].dtype = cached_torch_dtype_bfloat16;
    constants_info_[133].device_type = cached_torch_device_type_cuda;
    constants_info_[133].offset = 0;
    constants_info_[133].data_size = 512;
    constants_info_[133].from_folded = false;
    constants_info_[133].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[133].shape = {256};
    constants_info_[133].stride = {1};
    constants_info_[133].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[133].original_fqn = "blocks.10.fc2.bias";
    constants_info_[134].name = "blocks_11_ln1_weight";
    constants_info_[134].dtype = cached_torch_dtype_bfloat16;
    constants_info_[134].device_type = cached_torch_device_type_cuda;
    constants_info_[134].offset = 0;
    constants_info_[134].data_size = 512;
    constants_info_[134].from_folded = false;
    constants_info_[134].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[134].shape = {256};
    constants_info_[134].stride = {1};
    constants_info_[134].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[134].original_fqn = "blocks.11.ln1.weight";
    constants_info_[135].name = "blocks_11_ln1_bias";
    constants_info_[135].dtype = cached_torch_dtype_bfloat16;
    constants_info_[135].device_type = cached_torch_device_type_cuda;
    constants_info_[135].offset = 0;
    constants_info_[135].data_size = 512;
    constants_info_[135].from_folded = false;
    constants_info_[135].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[135].shape = {256};
    constants_info_[135].stride = {1};
    constants_info_[135].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[135].original_fqn = "blocks.11.ln1.bias";
    constants_info_[136].name = "blocks_11_qkv_weight";
    constants_info_[136].dtype = cached_torch_dtype_bfloat16;
    constants_info_[136].device_type = cached_torch_device_type_cuda;
    constants_info_[136].offset = 0;
    constants_info_[136].data_size = 393216;
    constants_info_[136].from_folded = false;
    constants_info_[136].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[136].shape = {768, 256};
    constants_info_[136].stride = {256, 1};
    constants_info_[136].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[136].original_fqn = "blocks.11.qkv.weight";
    constants_info_[137].name = "blocks_11_qkv_bias";
    constants_info_[137].dtype = cached_torch_dtype_bfloat16;
    constants_info_[137].device_type = cached_torch_device_type_cuda;
    constants_info_[137].offset = 0;
    constants_info_[137].data_size = 1536;
    constants_info_[137].from_folded = false;
    constants_info_[137].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[137].shape = {768};
    constants_info_[137].stride = {1};
    constants_info_[137].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[137].original_fqn = "blocks.11.qkv.bias";
    constants_info_[138].name = "blocks_11_proj_weight";
    constants_info_[138].dtype = cached_torch_dtype_bfloat16;
    constants_info_[138].device_type = cached_torch_device_type_cuda;
    constants_info_[138].offset = 0;
    constants_info_[138].data_size = 131072;
    constants_info_[138].from_folded = false;
    constants_info_[138].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[138].shape = {256, 256};
    constants_info_[138].stride = {256, 1};
    constants_info_[138].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[138].original_fqn = "blocks.11.proj.weight";
    constants_info_[139].name = "blocks_11_proj_bias";
    constants_info_[139].dtype = cached_torch_dtype_bfloat16;
    constants_info_[139].device_type = cached_torch_device_type_cuda;
    constants_info_[139].offset = 0;
    constants_info_[139].data_size = 512;
    constants_info_[139].from_folded = false;
    constants_info_[139].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[139].shape = {256};
    constants_info_[139].stride = {1};
    constants_info_[139].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[139].original_fqn = "blocks.11.proj.bias";
    constants_info_[140].name = "blocks_11_ln2_weight";
    constants_info_[140].dtype = cached_torch_dtype_bfloat16;
    constants_info_[140].device_type = cached_torch_device_type_cuda;
    constants_info_[140].offset = 0;
    constants_info_[140].data_size = 512;
    constants_info_[140].from_folded = false;
    constants_info_[140].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[140].shape = {256};
    constants_info_[140].stride = {1};
    constants_info_[140].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[140].original_fqn = "blocks.11.ln2.weight";
    constants_info_[141].name = "blocks_11_ln2_bias";
    constants_info_[141].dtype = cached_torch_dtype_bfloat16;
    constants_info_[141].device_type = cached_torch_device_type_cuda;
    constants_info_[141].offset = 0;
    constants_info_[141].data_size = 512;
    constants_info_[141].from_folded = false;
    constants_info_[141].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[141].shape = {256};
    constants_info_[141].stride = {1};
    constants_info_[141].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[141].original_fqn = "blocks.11.ln2.bias";
    constants_info_[142].name = "blocks_11_fc1_weight";
    constants_info_[142].dtype = cached_torch_dtype_bfloat16;
    constants_info_[142].device_type = cached_torch_device_type_cuda;
    constants_info_[142].offset = 0;
    constants_info_[142].data_size = 524288;
    constants_info_[142].from_folded = false;
    constants_info_[142].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[142].shape = {1024, 256};
    constants_info_[142].stride = {256, 1};
    constants_info_[142].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[142].original_fqn = "blocks.11.fc1.weight";
    constants_info_[143].name = "blocks_11_fc1_bias";
    constants_info_[143].dtype = cached_torch_dtype_bfloat16;
    constants_info_[143].device_type = cached_torch_device_type_cuda;
    constants_info_[143].offset = 0;
    constants_info_[143].data_size = 2048;
    constants_info_[143].from_folded = false;
    constants_info_[143].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[143].shape = {1024};
    constants_info_[143].stride = {1};
    constants_info_[143].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[143].original_fqn = "blocks.11.fc1.bias";
    constants_info_[144].name = "blocks_11_fc2_weight";
    constants_info_[144].dtype = cached_torch_dtype_bfloat16;
    constants_info_[144].device_type = cached_torch_device_type_cuda;
    constants_info_[144].offset = 0;
    constants_info_[144].data_size = 524288;
    constants_info_[144].from_folded = false;
    constants_info_[144].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[144].shape = {256, 1024};
    constants_info_[144].stride = {1024, 1};
    constants_info_[144].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[144].original_fqn = "blocks.11.fc2.weight";
    constants_info_[145].name = "blocks_11_fc2_bias";
    constants_info_[145].dtype = cached_torch_dtype_bfloat16;
    constants_info_[145].device_type = cached_torch_device_type_cuda;
    constants_info_[145].offset = 0;
    constants_info_[145].data_size = 512;
    constants_info_[145].from_folded = false;
    constants_info_[145].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[145].shape = {256};
    constants_info_[145].stride = {1};
    constants_info_[145].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[145].original_fqn = "blocks.11.fc2.bias";
    constants_info_[146].name = "ln_weight";
    constants_info_[146].dtype = cached_torch_dtype_bfloat16;
    constants_info_[146].device_type = cached_torch_device_type_cuda;
    constants_info_[146].offset = 0;
    constants_info_[146].data_size = 512;
    constants_info_[146].from_folded = false;
    constants_info_[146].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[146].shape = {256};
    constants_info_[146].stride = {1};
    constants_info_[146].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[146].original_fqn = "ln.weight";
    constants_info_[147].name = "ln_bias";
    constants_info_[147].dtype = cached_torch_dtype_bfloat16;
    constants_info_[147].device_type = cached_torch_device_type_cuda;
    constants_info_[147].offset = 0;
    constants_info_[147].data_size = 512;
    constants_info_[147].from_folded = false;
    constants_info_[147].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[147].shape = {256};
    constants_info_[147].stride = {1};
    constants_info_[147].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[147].original_fqn = "ln.bias";
    constants_info_[148].name = "head_weight";
    constants_info_[148].dtype = cached_torch_dtype_bfloat16;
    constants_info_[148].device_type = cached_torch_device_type_cuda;
    constants_info_[148].offset = 0;
    constants_info_[148].data_size = 512000;
    constants_info_[148].from_folded = false;
    constants_info_[148].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[148].shape = {1000, 256};
    constants_info_[148].stride = {256, 1};
    constants_info_[148].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[148].original_fqn = "head.weight";
    constants_info_[149].name = "head_bias";
    constants_info_[149].dtype = cached_torch_dtype_bfloat16;
    constants_info_[149].device_type = cached_torch_device_type_cuda;
    constants_info_[149].offset = 0;
    constants_info_[149].data_size = 2000;
    constants_info_[149].from_folded = false;
    constants_info_[149].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[149].shape = {1000};
    constants_info_[149].stride = {1};
    constants_info_[149].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[149].original_fqn = "head.bias";
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

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_red_fused_add_arange_embedding_native_layer_norm_0(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr2_type_& out_ptr2,
    int64_t ks0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_red_fused_add_arange_embedding_native_layer_norm_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'out_ptr2': '*bf16', 'ks0': 'i64', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_arange_embedding_native_layer_norm_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 2229248}}
    )
    @triton.jit
    def triton_red_fused_add_arange_embedding_native_layer_norm_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, ks0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
        r0_numel = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_base = tl.arange(0, R0_BLOCK)[None, :]
        rbase = r0_base
        x3 = xindex
        tmp0 = tl.load(in_ptr0 + (x3), xmask, eviction_policy='evict_last')
        x0 = (xindex % ks0)
        tl.device_assert((x0 < 512) | ~(xmask), "index out of bounds: x0 < 512")
        tmp12_mean = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
        tmp12_m2 = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
        tmp12_weight = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
        for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
            r0_index = r0_offset + r0_base
            r0_mask = r0_index < r0_numel
            roffset = r0_offset
            rindex = r0_index
            r0_2 = r0_index
            tmp8 = tl.load(in_ptr2 + (r0_2 + 256*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0).to(tl.float32)
            tmp1 = tl.full([1, 1], 1000, tl.int32)
            tmp2 = tmp0 + tmp1
            tmp3 = tmp0 < 0
            tmp4 = tl.where(tmp3, tmp2, tmp0)
            tl.device_assert(((0 <= tmp4) & (tmp4 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 1000")
            tmp6 = tl.load(in_ptr1 + (r0_2 + 256*tmp4), r0_mask & xmask, eviction_policy='evict_last', other=0.0).to(tl.float32)
            tmp9 = tmp6 + tmp8
            tmp10 = tmp9.to(tl.float32)
            tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
            tmp12_mean_next, tmp12_m2_next, tmp12_weight_next = triton_helpers.welford_reduce(
                tmp11, tmp12_mean, tmp12_m2, tmp12_weight, roffset == 0
            )
            tmp12_mean = tl.where(r0_mask & xmask, tmp12_mean_next, tmp12_mean)
            tmp12_m2 = tl.where(r0_mask & xmask, tmp12_m2_next, tmp12_m2)
            tmp12_weight = tl.where(r0_mask & xmask, tmp12_weight_next, tmp12_weight)
        tmp13, tmp14, tmp15 = triton_helpers.welford(tmp12_mean, tmp12_m2, tmp12_weight, 1)
        tmp12 = tmp13[:, None]
        tmp16 = tmp14[:, None]
        tmp17 = tmp15[:, None]
        tl.device_assert((x0 < 512) | ~(xmask), "index out of bounds: x0 < 512")
        for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
            r0_index = r0_offset + r0_base
            r0_mask = r0_index < r0_numel
            roffset = r0_offset
            rindex = r0_index
            r0_2 = r0_index
            tmp25 = tl.load(in_ptr2 + (r0_2 + 256*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0).to(tl.float32)
            tmp35 = tl.load(in_ptr3 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
            tmp38 = tl.load(in_ptr4 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
            tmp18 = tl.full([1, 1], 1000, tl.int32)
            tmp19 = tmp0 + tmp18
            tmp20 = tmp0 < 0
            tmp21 = tl.where(tmp20, tmp19, tmp0)
            tl.device_assert(((0 <= tmp21) & (tmp21 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp21 < 1000")
            tmp23 = tl.load(in_ptr1 + (r0_2 + 256*tmp21), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
            tmp26 = tmp23 + tmp25
            tmp27 = tmp26.to(tl.float32)
            tmp28 = tmp27 - tmp12
            tmp29 = tl.full([1, 1], 256.0, tl.float32)
            tmp30 = (tmp16 / tmp29)
            tmp31 = tl.full([1, 1], 1e-05, tl.float32)
            tmp32 = tmp30 + tmp31
            tmp33 = libdevice.rsqrt(tmp32)
            tmp34 = tmp28 * tmp33
            tmp36 = tmp35.to(tl.float32)
            tmp37 = tmp34 * tmp36
            tmp39 = tmp38.to(tl.float32)
            tmp40 = tmp37 + tmp39
            tmp41 = tmp40.to(tl.float32)
            tl.store(out_ptr2 + (r0_2 + 256*x3), tmp41, r0_mask & xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (2 - 1)) / (2));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_red_fused_add_arange_embedding_native_layer_norm_0 == nullptr) {
        kernels_.triton_red_fused_add_arange_embedding_native_layer_norm_0 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_red_fused_add_arange_embedding_native_layer_norm_0.cubin", "triton_red_fused_add_arange_embedding_native_layer_norm_0", 1024, cubin_dir_); 
    }
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_2 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_3 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_4 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_5 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_6 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int64_t var_7 = ks0;
    int32_t var_8 = xnumel;
    int32_t var_9 = r0_numel;
    CUdeviceptr global_scratch_scratch_10 = 0;
    CUdeviceptr profile_scratch_scratch_11 = 0;
    void* kernel_args_[] = {&var_1, &var_2, &var_3, &var_4, &var_5, &var_6, &var_7, &var_8, &var_9, &global_scratch_scratch_10, &profile_scratch_scratch_11};
    launchKernel(kernels_.triton_red_fused_add_arange_embedding_native_layer_norm_0, grid_0, grid_1, grid_2, 2, 1024, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_arange_embedding_native_layer_norm_view_1(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr2_type_& out_ptr2,
    int64_t ks0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_arange_embedding_native_layer_norm_view_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'out_ptr2': '*bf16', 'ks0': 'i64', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_arange_embedding_native_layer_norm_view_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 3277824}}
    )
    @triton.jit
    def triton_per_fused_add_arange_embedding_native_layer_norm_view_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, ks0, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        x3 = xindex
        r0_2 = r0_index
        x0 = (xindex % ks0)
        tmp0 = tl.load(in_ptr0 + (x3), xmask, eviction_policy='evict_last')
        tl.device_assert((x0 < 512) | ~(xmask), "index out of bounds: x0 < 512")
        tmp8 = tl.load(in_ptr2 + (r0_2 + 256*x0), xmask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp10 = tl.load(in_ptr3 + (r0_2 + 256*x3), xmask, other=0.0).to(tl.float32)
        tmp36 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last').to(tl.float32)
        tmp39 = tl.load(in_ptr5 + (r0_2), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tl.full([1, 1], 1000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 1000")
        tmp6 = tl.load(in_ptr1 + (r0_2 + 256*tmp4), xmask, other=0.0).to(tl.float32)
        tmp9 = tmp6 + tmp8
        tmp11 = tmp9 + tmp10
        tmp12 = tmp11.to(tl.float32)
        tmp13 = tl.broadcast_to(tmp12, [XBLOCK, R0_BLOCK])
        tmp15 = tl.where(xmask, tmp13, 0)
        tmp16 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
        tmp18 = tl.where(xmask, tmp16, 0)
        tmp19 = tl.sum(tmp18, 1)[:, None].to(tl.float32)
        tmp20 = tl.full([1, 1], 256, tl.int32)
        tmp21 = tmp20.to(tl.float32)
        tmp22 = (tmp19 / tmp21)
        tmp23 = tmp13 - tmp22
        tmp24 = tmp23 * tmp23
        tmp25 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
        tmp27 = tl.where(xmask, tmp25, 0)
        tmp28 = tl.sum(tmp27, 1)[:, None].to(tl.float32)
        tmp29 = tmp12 - tmp22
        tmp30 = tl.full([1, 1], 256.0, tl.float32)
        tmp31 = (tmp28 / tmp30)
        tmp32 = tl.full([1, 1], 1e-05, tl.float32)
        tmp33 = tmp31 + tmp32
        tmp34 = libdevice.rsqrt(tmp33)
        tmp35 = tmp29 * tmp34
        tmp37 = tmp36.to(tl.float32)
        tmp38 = tmp35 * tmp37
        tmp40 = tmp39.to(tl.float32)
        tmp41 = tmp38 + tmp40
        tmp42 = tmp41.to(tl.float32)
        tl.store(out_ptr2 + (r0_2 + 256*x3), tmp42, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_1 == nullptr) {
        kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_1 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_arange_embedding_native_layer_norm_view_1.cubin", "triton_per_fused_add_arange_embedding_native_layer_norm_view_1", 0, cubin_dir_); 
    }
    CUdeviceptr var_12 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_13 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_14 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_15 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_16 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_17 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_18 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int64_t var_19 = ks0;
    int32_t var_20 = xnumel;
    int32_t var_21 = r0_numel;
    CUdeviceptr global_scratch_scratch_22 = 0;
    CUdeviceptr profile_scratch_scratch_23 = 0;
    void* kernel_args_[] = {&var_12, &var_13, &var_14, &var_15, &var_16, &var_17, &var_18, &var_19, &var_20, &var_21, &global_scratch_scratch_22, &profile_scratch_scratch_23};
    launchKernel(kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_1, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_gelu_view_2(
    const in_out_ptr0_type_& in_out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_gelu_view_2', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 2097152}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_view_2', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12582912}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_gelu_view_2(in_out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (x0), xmask).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.full([1], 0.5, tl.float32)
        tmp3 = tmp1 * tmp2
        tmp4 = tl.full([1], 0.7071067811865476, tl.float32)
        tmp5 = tmp1 * tmp4
        tmp6 = libdevice.erf(tmp5)
        tmp7 = tl.full([1], 1.0, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tmp3 * tmp8
        tmp10 = tmp9.to(tl.float32)
        tl.store(in_out_ptr0 + (x0), tmp10, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_gelu_view_2 == nullptr) {
        kernels_.triton_poi_fused_gelu_view_2 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_poi_fused_gelu_view_2.cubin", "triton_poi_fused_gelu_view_2", 0, cubin_dir_); 
    }
    CUdeviceptr var_24 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    int32_t var_25 = xnumel;
    CUdeviceptr global_scratch_scratch_26 = 0;
    CUdeviceptr profile_scratch_scratch_27 = 0;
    void* kernel_args_[] = {&var_24, &var_25, &global_scratch_scratch_26, &profile_scratch_scratch_27};
    launchKernel(kernels_.triton_poi_fused_gelu_view_2, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_arange_embedding_native_layer_norm_view_3(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr2_type_& out_ptr2,
    int64_t ks0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_arange_embedding_native_layer_norm_view_3', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'out_ptr2': '*bf16', 'ks0': 'i64', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_arange_embedding_native_layer_norm_view_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 6423552}}
    )
    @triton.jit
    def triton_per_fused_add_arange_embedding_native_layer_norm_view_3(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, ks0, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        x3 = xindex
        r0_2 = r0_index
        x0 = (xindex % ks0)
        tmp0 = tl.load(in_ptr0 + (x3), xmask, eviction_policy='evict_last')
        tl.device_assert((x0 < 512) | ~(xmask), "index out of bounds: x0 < 512")
        tmp8 = tl.load(in_ptr2 + (r0_2 + 256*x0), xmask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp10 = tl.load(in_out_ptr0 + (r0_2 + 256*x3), xmask, other=0.0).to(tl.float32)
        tmp12 = tl.load(in_ptr3 + (r0_2 + 256*x3), xmask, other=0.0).to(tl.float32)
        tmp38 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last').to(tl.float32)
        tmp41 = tl.load(in_ptr5 + (r0_2), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tl.full([1, 1], 1000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 1000")
        tmp6 = tl.load(in_ptr1 + (r0_2 + 256*tmp4), xmask, other=0.0).to(tl.float32)
        tmp9 = tmp6 + tmp8
        tmp11 = tmp9 + tmp10
        tmp13 = tmp11 + tmp12
        tmp14 = tmp13.to(tl.float32)
        tmp15 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
        tmp17 = tl.where(xmask, tmp15, 0)
        tmp18 = tl.broadcast_to(tmp15, [XBLOCK, R0_BLOCK])
        tmp20 = tl.where(xmask, tmp18, 0)
        tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
        tmp22 = tl.full([1, 1], 256, tl.int32)
        tmp23 = tmp22.to(tl.float32)
        tmp24 = (tmp21 / tmp23)
        tmp25 = tmp15 - tmp24
        tmp26 = tmp25 * tmp25
        tmp27 = tl.broadcast_to(tmp26, [XBLOCK, R0_BLOCK])
        tmp29 = tl.where(xmask, tmp27, 0)
        tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
        tmp31 = tmp14 - tmp24
        tmp32 = tl.full([1, 1], 256.0, tl.float32)
        tmp33 = (tmp30 / tmp32)
        tmp34 = tl.full([1, 1], 1e-05, tl.float32)
        tmp35 = tmp33 + tmp34
        tmp36 = libdevice.rsqrt(tmp35)
        tmp37 = tmp31 * tmp36
        tmp39 = tmp38.to(tl.float32)
        tmp40 = tmp37 * tmp39
        tmp42 = tmp41.to(tl.float32)
        tmp43 = tmp40 + tmp42
        tmp44 = tmp43.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_2 + 256*x3), tmp13, xmask)
        tl.store(out_ptr2 + (r0_2 + 256*x3), tmp44, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_3 == nullptr) {
        kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_3 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_arange_embedding_native_layer_norm_view_3.cubin", "triton_per_fused_add_arange_embedding_native_layer_norm_view_3", 0, cubin_dir_); 
    }
    CUdeviceptr var_28 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_29 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_30 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_31 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_32 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_33 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_34 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_35 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int64_t var_36 = ks0;
    int32_t var_37 = xnumel;
    int32_t var_38 = r0_numel;
    CUdeviceptr global_scratch_scratch_39 = 0;
    CUdeviceptr profile_scratch_scratch_40 = 0;
    void* kernel_args_[] = {&var_28, &var_29, &var_30, &var_31, &var_32, &var_33, &var_34, &var_35, &var_36, &var_37, &var_38, &global_scratch_scratch_39, &profile_scratch_scratch_40};
    launchKernel(kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_view_3, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_4(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const out_ptr2_type_& out_ptr2,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_4', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 4195328}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_4(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp27 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp30 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = tl.where(xmask, tmp4, 0)
        tmp7 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        tmp9 = tl.where(xmask, tmp7, 0)
        tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
        tmp11 = tl.full([1, 1], 256, tl.int32)
        tmp12 = tmp11.to(tl.float32)
        tmp13 = (tmp10 / tmp12)
        tmp14 = tmp4 - tmp13
        tmp15 = tmp14 * tmp14
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK, R0_BLOCK])
        tmp18 = tl.where(xmask, tmp16, 0)
        tmp19 = tl.sum(tmp18, 1)[:, None].to(tl.float32)
        tmp20 = tmp3 - tmp13
        tmp21 = tl.full([1, 1], 256.0, tl.float32)
        tmp22 = (tmp19 / tmp21)
        tmp23 = tl.full([1, 1], 1e-05, tl.float32)
        tmp24 = tmp22 + tmp23
        tmp25 = libdevice.rsqrt(tmp24)
        tmp26 = tmp20 * tmp25
        tmp28 = tmp27.to(tl.float32)
        tmp29 = tmp26 * tmp28
        tmp31 = tmp30.to(tl.float32)
        tmp32 = tmp29 + tmp31
        tmp33 = tmp32.to(tl.float32)
        tl.store(out_ptr2 + (r0_1 + 256*x0), tmp33, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_4 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_4 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_native_layer_norm_view_4.cubin", "triton_per_fused_add_native_layer_norm_view_4", 0, cubin_dir_); 
    }
    CUdeviceptr var_41 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_42 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_43 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_44 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_45 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_46 = xnumel;
    int32_t var_47 = r0_numel;
    CUdeviceptr global_scratch_scratch_48 = 0;
    CUdeviceptr profile_scratch_scratch_49 = 0;
    void* kernel_args_[] = {&var_41, &var_42, &var_43, &var_44, &var_45, &var_46, &var_47, &global_scratch_scratch_48, &profile_scratch_scratch_49};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_4, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_5(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr2_type_& out_ptr2,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_5', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 5243904}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_5(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp3 = tl.load(in_ptr2 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp29 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp32 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp5 = tmp4.to(tl.float32)
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp8 = tl.where(xmask, tmp6, 0)
        tmp9 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
        tmp11 = tl.where(xmask, tmp9, 0)
        tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
        tmp13 = tl.full([1, 1], 256, tl.int32)
        tmp14 = tmp13.to(tl.float32)
        tmp15 = (tmp12 / tmp14)
        tmp16 = tmp6 - tmp15
        tmp17 = tmp16 * tmp16
        tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
        tmp20 = tl.where(xmask, tmp18, 0)
        tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
        tmp22 = tmp5 - tmp15
        tmp23 = tl.full([1, 1], 256.0, tl.float32)
        tmp24 = (tmp21 / tmp23)
        tmp25 = tl.full([1, 1], 1e-05, tl.float32)
        tmp26 = tmp24 + tmp25
        tmp27 = libdevice.rsqrt(tmp26)
        tmp28 = tmp22 * tmp27
        tmp30 = tmp29.to(tl.float32)
        tmp31 = tmp28 * tmp30
        tmp33 = tmp32.to(tl.float32)
        tmp34 = tmp31 + tmp33
        tmp35 = tmp34.to(tl.float32)
        tl.store(out_ptr2 + (r0_1 + 256*x0), tmp35, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_5 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_5 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_native_layer_norm_view_5.cubin", "triton_per_fused_add_native_layer_norm_view_5", 0, cubin_dir_); 
    }
    CUdeviceptr var_50 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_51 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_52 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_53 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_54 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_55 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_56 = xnumel;
    int32_t var_57 = r0_numel;
    CUdeviceptr global_scratch_scratch_58 = 0;
    CUdeviceptr profile_scratch_scratch_59 = 0;
    void* kernel_args_[] = {&var_50, &var_51, &var_52, &var_53, &var_54, &var_55, &var_56, &var_57, &global_scratch_scratch_58, &profile_scratch_scratch_59};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_5, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_6(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr2_type_& out_ptr2,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_6', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 6292480}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_6(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp3 = tl.load(in_ptr2 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp5 = tl.load(in_ptr3 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp31 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp34 = tl.load(in_ptr5 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp6 = tmp4 + tmp5
        tmp7 = tmp6.to(tl.float32)
        tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
        tmp10 = tl.where(xmask, tmp8, 0)
        tmp11 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp13 = tl.where(xmask, tmp11, 0)
        tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
        tmp15 = tl.full([1, 1], 256, tl.int32)
        tmp16 = tmp15.to(tl.float32)
        tmp17 = (tmp14 / tmp16)
        tmp18 = tmp8 - tmp17
        tmp19 = tmp18 * tmp18
        tmp20 = tl.broadcast_to(tmp19, [XBLOCK, R0_BLOCK])
        tmp22 = tl.where(xmask, tmp20, 0)
        tmp23 = tl.sum(tmp22, 1)[:, None].to(tl.float32)
        tmp24 = tmp7 - tmp17
        tmp25 = tl.full([1, 1], 256.0, tl.float32)
        tmp26 = (tmp23 / tmp25)
        tmp27 = tl.full([1, 1], 1e-05, tl.float32)
        tmp28 = tmp26 + tmp27
        tmp29 = libdevice.rsqrt(tmp28)
        tmp30 = tmp24 * tmp29
        tmp32 = tmp31.to(tl.float32)
        tmp33 = tmp30 * tmp32
        tmp35 = tmp34.to(tl.float32)
        tmp36 = tmp33 + tmp35
        tmp37 = tmp36.to(tl.float32)
        tl.store(out_ptr2 + (r0_1 + 256*x0), tmp37, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_6 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_6 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_native_layer_norm_view_6.cubin", "triton_per_fused_add_native_layer_norm_view_6", 0, cubin_dir_); 
    }
    CUdeviceptr var_60 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_61 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_62 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_63 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_64 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_65 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_66 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_67 = xnumel;
    int32_t var_68 = r0_numel;
    CUdeviceptr global_scratch_scratch_69 = 0;
    CUdeviceptr profile_scratch_scratch_70 = 0;
    void* kernel_args_[] = {&var_60, &var_61, &var_62, &var_63, &var_64, &var_65, &var_66, &var_67, &var_68, &global_scratch_scratch_69, &profile_scratch_scratch_70};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_6, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_7(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr2_type_& out_ptr2,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_7', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 9438208}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_7(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp3 = tl.load(in_ptr1 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp5 = tl.load(in_ptr2 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp7 = tl.load(in_ptr3 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp33 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp36 = tl.load(in_ptr5 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp6 = tmp4 + tmp5
        tmp8 = tmp6 + tmp7
        tmp9 = tmp8.to(tl.float32)
        tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp12 = tl.where(xmask, tmp10, 0)
        tmp13 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
        tmp15 = tl.where(xmask, tmp13, 0)
        tmp16 = tl.sum(tmp15, 1)[:, None].to(tl.float32)
        tmp17 = tl.full([1, 1], 256, tl.int32)
        tmp18 = tmp17.to(tl.float32)
        tmp19 = (tmp16 / tmp18)
        tmp20 = tmp10 - tmp19
        tmp21 = tmp20 * tmp20
        tmp22 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
        tmp24 = tl.where(xmask, tmp22, 0)
        tmp25 = tl.sum(tmp24, 1)[:, None].to(tl.float32)
        tmp26 = tmp9 - tmp19
        tmp27 = tl.full([1, 1], 256.0, tl.float32)
        tmp28 = (tmp25 / tmp27)
        tmp29 = tl.full([1, 1], 1e-05, tl.float32)
        tmp30 = tmp28 + tmp29
        tmp31 = libdevice.rsqrt(tmp30)
        tmp32 = tmp26 * tmp31
        tmp34 = tmp33.to(tl.float32)
        tmp35 = tmp32 * tmp34
        tmp37 = tmp36.to(tl.float32)
        tmp38 = tmp35 + tmp37
        tmp39 = tmp38.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_1 + 256*x0), tmp8, xmask)
        tl.store(out_ptr2 + (r0_1 + 256*x0), tmp39, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_7 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_7 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_native_layer_norm_view_7.cubin", "triton_per_fused_add_native_layer_norm_view_7", 0, cubin_dir_); 
    }
    CUdeviceptr var_71 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_72 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_73 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_74 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_75 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_76 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_77 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_78 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_79 = xnumel;
    int32_t var_80 = r0_numel;
    CUdeviceptr global_scratch_scratch_81 = 0;
    CUdeviceptr profile_scratch_scratch_82 = 0;
    void* kernel_args_[] = {&var_71, &var_72, &var_73, &var_74, &var_75, &var_76, &var_77, &var_78, &var_79, &var_80, &global_scratch_scratch_81, &profile_scratch_scratch_82};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_7, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_8(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_8', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 2048, 'r0_': 256},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_8', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 5243904}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_8(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
        r0_numel = 256
        R0_BLOCK: tl.constexpr = 256
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr0 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp3 = tl.load(in_ptr1 + (r0_1 + 256*x0), xmask, other=0.0).to(tl.float32)
        tmp29 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp32 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp5 = tmp4.to(tl.float32)
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp8 = tl.where(xmask, tmp6, 0)
        tmp9 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
        tmp11 = tl.where(xmask, tmp9, 0)
        tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
        tmp13 = tl.full([1, 1], 256, tl.int32)
        tmp14 = tmp13.to(tl.float32)
        tmp15 = (tmp12 / tmp14)
        tmp16 = tmp6 - tmp15
        tmp17 = tmp16 * tmp16
        tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
        tmp20 = tl.where(xmask, tmp18, 0)
        tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
        tmp22 = tmp5 - tmp15
        tmp23 = tl.full([1, 1], 256.0, tl.float32)
        tmp24 = (tmp21 / tmp23)
        tmp25 = tl.full([1, 1], 1e-05, tl.float32)
        tmp26 = tmp24 + tmp25
        tmp27 = libdevice.rsqrt(tmp26)
        tmp28 = tmp22 * tmp27
        tmp30 = tmp29.to(tl.float32)
        tmp31 = tmp28 * tmp30
        tmp33 = tmp32.to(tl.float32)
        tmp34 = tmp31 + tmp33
        tmp35 = tmp34.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_1 + 256*x0), tmp35, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (4 - 1)) / (4));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_8 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_8 = loadKernel("/tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/triton_per_fused_add_native_layer_norm_view_8.cubin", "triton_per_fused_add_native_layer_norm_view_8", 0, cubin_dir_); 
    }
    CUdeviceptr var_83 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_84 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_85 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_86 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_87 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_88 = xnumel;
    int32_t var_89 = r0_numel;
    CUdeviceptr global_scratch_scratch_90 = 0;
    CUdeviceptr profile_scratch_scratch_91 = 0;
    void* kernel_args_[] = {&var_83, &var_84, &var_85, &var_86, &var_87, &var_88, &var_89, &global_scratch_scratch_90, &profile_scratch_scratch_91};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_8, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

namespace torch::aot_inductor {

void AOTInductorModel::_const_run_impl(
    std::vector<AtenTensorHandle>& output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {}

AOTI_NOINLINE static void check_input_0(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg150_1 = ConstantHandle(input_handles[0]);
    int32_t arg150_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg150_1, &arg150_1_dtype));

    int32_t arg150_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg150_1_expected_dtype != arg150_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg150_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg150_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg150_1_size = arg150_1.sizes();

    if (arg150_1_size[0] < 2) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too small at 0, "
           << "expected it to be >= 2, " << "but got: "
           << arg150_1_size[0] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg150_1_size[0] > 64) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too large at 0, "
           << "expected to be <= 64, " << "but got: "
           << arg150_1_size[0] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg150_1_size[1] < 2) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too small at 1, "
           << "expected it to be >= 2, " << "but got: "
           << arg150_1_size[1] << "\n";
        throw std::runtime_error(ss.str());
    }

    if (arg150_1_size[1] > 512) {
        std::stringstream ss;
        ss << "input_handles[0]: dim value is too large at 1, "
           << "expected to be <= 512, " << "but got: "
           << arg150_1_size[1] << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg150_1_stride = arg150_1.strides();

    if (1 != arg150_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg150_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg150_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg150_1, &arg150_1_device_type));

    int32_t arg150_1_expected_device_type = 1;
    if (arg150_1_expected_device_type != arg150_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg150_1_expected_device_type << "1(cuda), "
        << "but got: " << arg150_1_device_type << "\n";
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
    auto arg150_1 = std::move(inputs[0]);
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
    [[maybe_unused]] auto& blocks_2_ln1_weight = constants_->at(26);
    [[maybe_unused]] auto& blocks_2_ln1_bias = constants_->at(27);
    [[maybe_unused]] auto& blocks_2_qkv_weight = constants_->at(28);
    [[maybe_unused]] auto& blocks_2_qkv_bias = constants_->at(29);
    [[maybe_unused]] auto& blocks_2_proj_weight = constants_->at(30);
    [[maybe_unused]] auto& blocks_2_proj_bias = constants_->at(31);
    [[maybe_unused]] auto& blocks_2_ln2_weight = constants_->at(32);
    [[maybe_unused]] auto& blocks_2_ln2_bias = constants_->at(33);
    [[maybe_unused]] auto& blocks_2_fc1_weight = constants_->at(34);
    [[maybe_unused]] auto& blocks_2_fc1_bias = constants_->at(35);
    [[maybe_unused]] auto& blocks_2_fc2_weight = constants_->at(36);
    [[maybe_unused]] auto& blocks_2_fc2_bias = constants_->at(37);
    [[maybe_unused]] auto& blocks_3_ln1_weight = constants_->at(38);
    [[maybe_unused]] auto& blocks_3_ln1_bias = constants_->at(39);
    [[maybe_unused]] auto& blocks_3_qkv_weight = constants_->at(40);
    [[maybe_unused]] auto& blocks_3_qkv_bias = constants_->at(41);
    [[maybe_unused]] auto& blocks_3_proj_weight = constants_->at(42);
    [[maybe_unused]] auto& blocks_3_proj_bias = constants_->at(43);
    [[maybe_unused]] auto& blocks_3_ln2_weight = constants_->at(44);
    [[maybe_unused]] auto& blocks_3_ln2_bias = constants_->at(45);
    [[maybe_unused]] auto& blocks_3_fc1_weight = constants_->at(46);
    [[maybe_unused]] auto& blocks_3_fc1_bias = constants_->at(47);
    [[maybe_unused]] auto& blocks_3_fc2_weight = constants_->at(48);
    [[maybe_unused]] auto& blocks_3_fc2_bias = constants_->at(49);
    [[maybe_unused]] auto& blocks_4_ln1_weight = constants_->at(50);
    [[maybe_unused]] auto& blocks_4_ln1_bias = constants_->at(51);
    [[maybe_unused]] auto& blocks_4_qkv_weight = constants_->at(52);
    [[maybe_unused]] auto& blocks_4_qkv_bias = constants_->at(53);
    [[maybe_unused]] auto& blocks_4_proj_weight = constants_->at(54);
    [[maybe_unused]] auto& blocks_4_proj_bias = constants_->at(55);
    [[maybe_unused]] auto& blocks_4_ln2_weight = constants_->at(56);
    [[maybe_unused]] auto& blocks_4_ln2_bias = constants_->at(57);
    [[maybe_unused]] auto& blocks_4_fc1_weight = constants_->at(58);
    [[maybe_unused]] auto& blocks_4_fc1_bias = constants_->at(59);
    [[maybe_unused]] auto& blocks_4_fc2_weight = constants_->at(60);
    [[maybe_unused]] auto& blocks_4_fc2_bias = constants_->at(61);
    [[maybe_unused]] auto& blocks_5_ln1_weight = constants_->at(62);
    [[maybe_unused]] auto& blocks_5_ln1_bias = constants_->at(63);
    [[maybe_unused]] auto& blocks_5_qkv_weight = constants_->at(64);
    [[maybe_unused]] auto& blocks_5_qkv_bias = constants_->at(65);
    [[maybe_unused]] auto& blocks_5_proj_weight = constants_->at(66);
    [[maybe_unused]] auto& blocks_5_proj_bias = constants_->at(67);
    [[maybe_unused]] auto& blocks_5_ln2_weight = constants_->at(68);
    [[maybe_unused]] auto& blocks_5_ln2_bias = constants_->at(69);
    [[maybe_unused]] auto& blocks_5_fc1_weight = constants_->at(70);
    [[maybe_unused]] auto& blocks_5_fc1_bias = constants_->at(71);
    [[maybe_unused]] auto& blocks_5_fc2_weight = constants_->at(72);
    [[maybe_unused]] auto& blocks_5_fc2_bias = constants_->at(73);
    [[maybe_unused]] auto& blocks_6_ln1_weight = constants_->at(74);
    [[maybe_unused]] auto& blocks_6_ln1_bias = constants_->at(75);
    [[maybe_unused]] auto& blocks_6_qkv_weight = constants_->at(76);
    [[maybe_unused]] auto& blocks_6_qkv_bias = constants_->at(77);
    [[maybe_unused]] auto& blocks_6_proj_weight = constants_->at(78);
    [[maybe_unused]] auto& blocks_6_proj_bias = constants_->at(79);
    [[maybe_unused]] auto& blocks_6_ln2_weight = constants_->at(80);
    [[maybe_unused]] auto& blocks_6_ln2_bias = constants_->at(81);
    [[maybe_unused]] auto& blocks_6_fc1_weight = constants_->at(82);
    [[maybe_unused]] auto& blocks_6_fc1_bias = constants_->at(83);
    [[maybe_unused]] auto& blocks_6_fc2_weight = constants_->at(84);
    [[maybe_unused]] auto& blocks_6_fc2_bias = constants_->at(85);
    [[maybe_unused]] auto& blocks_7_ln1_weight = constants_->at(86);
    [[maybe_unused]] auto& blocks_7_ln1_bias = constants_->at(87);
    [[maybe_unused]] auto& blocks_7_qkv_weight = constants_->at(88);
    [[maybe_unused]] auto& blocks_7_qkv_bias = constants_->at(89);
    [[maybe_unused]] auto& blocks_7_proj_weight = constants_->at(90);
    [[maybe_unused]] auto& blocks_7_proj_bias = constants_->at(91);
    [[maybe_unused]] auto& blocks_7_ln2_weight = constants_->at(92);
    [[maybe_unused]] auto& blocks_7_ln2_bias = constants_->at(93);
    [[maybe_unused]] auto& blocks_7_fc1_weight = constants_->at(94);
    [[maybe_unused]] auto& blocks_7_fc1_bias = constants_->at(95);
    [[maybe_unused]] auto& blocks_7_fc2_weight = constants_->at(96);
    [[maybe_unused]] auto& blocks_7_fc2_bias = constants_->at(97);
    [[maybe_unused]] auto& blocks_8_ln1_weight = constants_->at(98);
    [[maybe_unused]] auto& blocks_8_ln1_bias = constants_->at(99);
    [[maybe_unused]] auto& blocks_8_qkv_weight = constants_->at(100);
    [[maybe_unused]] auto& blocks_8_qkv_bias = constants_->at(101);
    [[maybe_unused]] auto& blocks_8_proj_weight = constants_->at(102);
    [[maybe_unused]] auto& blocks_8_proj_bias = constants_->at(103);
    [[maybe_unused]] auto& blocks_8_ln2_weight = constants_->at(104);
    [[maybe_unused]] auto& blocks_8_ln2_bias = constants_->at(105);
    [[maybe_unused]] auto& blocks_8_fc1_weight = constants_->at(106);
    [[maybe_unused]] auto& blocks_8_fc1_bias = constants_->at(107);
    [[maybe_unused]] auto& blocks_8_fc2_weight = constants_->at(108);
    [[maybe_unused]] auto& blocks_8_fc2_bias = constants_->at(109);
    [[maybe_unused]] auto& blocks_9_ln1_weight = constants_->at(110);
    [[maybe_unused]] auto& blocks_9_ln1_bias = constants_->at(111);
    [[maybe_unused]] auto& blocks_9_qkv_weight = constants_->at(112);
    [[maybe_unused]] auto& blocks_9_qkv_bias = constants_->at(113);
    [[maybe_unused]] auto& blocks_9_proj_weight = constants_->at(114);
    [[maybe_unused]] auto& blocks_9_proj_bias = constants_->at(115);
    [[maybe_unused]] auto& blocks_9_ln2_weight = constants_->at(116);
    [[maybe_unused]] auto& blocks_9_ln2_bias = constants_->at(117);
    [[maybe_unused]] auto& blocks_9_fc1_weight = constants_->at(118);
    [[maybe_unused]] auto& blocks_9_fc1_bias = constants_->at(119);
    [[maybe_unused]] auto& blocks_9_fc2_weight = constants_->at(120);
    [[maybe_unused]] auto& blocks_9_fc2_bias = constants_->at(121);
    [[maybe_unused]] auto& blocks_10_ln1_weight = constants_->at(122);
    [[maybe_unused]] auto& blocks_10_ln1_bias = constants_->at(123);
    [[maybe_unused]] auto& blocks_10_qkv_weight = constants_->at(124);
    [[maybe_unused]] auto& blocks_10_qkv_bias = constants_->at(125);
    [[maybe_unused]] auto& blocks_10_proj_weight = constants_->at(126);
    [[maybe_unused]] auto& blocks_10_proj_bias = constants_->at(127);
    [[maybe_unused]] auto& blocks_10_ln2_weight = constants_->at(128);
    [[maybe_unused]] auto& blocks_10_ln2_bias = constants_->at(129);
    [[maybe_unused]] auto& blocks_10_fc1_weight = constants_->at(130);
    [[maybe_unused]] auto& blocks_10_fc1_bias = constants_->at(131);
    [[maybe_unused]] auto& blocks_10_fc2_weight = constants_->at(132);
    [[maybe_unused]] auto& blocks_10_fc2_bias = constants_->at(133);
    [[maybe_unused]] auto& blocks_11_ln1_weight = constants_->at(134);
    [[maybe_unused]] auto& blocks_11_ln1_bias = constants_->at(135);
    [[maybe_unused]] auto& blocks_11_qkv_weight = constants_->at(136);
    [[maybe_unused]] auto& blocks_11_qkv_bias = constants_->at(137);
    [[maybe_unused]] auto& blocks_11_proj_weight = constants_->at(138);
    [[maybe_unused]] auto& blocks_11_proj_bias = constants_->at(139);
    [[maybe_unused]] auto& blocks_11_ln2_weight = constants_->at(140);
    [[maybe_unused]] auto& blocks_11_ln2_bias = constants_->at(141);
    [[maybe_unused]] auto& blocks_11_fc1_weight = constants_->at(142);
    [[maybe_unused]] auto& blocks_11_fc1_bias = constants_->at(143);
    [[maybe_unused]] auto& blocks_11_fc2_weight = constants_->at(144);
    [[maybe_unused]] auto& blocks_11_fc2_bias = constants_->at(145);
    [[maybe_unused]] auto& ln_weight = constants_->at(146);
    [[maybe_unused]] auto& ln_bias = constants_->at(147);
    [[maybe_unused]] auto& head_weight = constants_->at(148);
    [[maybe_unused]] auto& head_bias = constants_->at(149);

    if ((reinterpret_cast<std::uintptr_t>(arg150_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg150_1_aligned;
        aoti_torch_clone_preserve_strides(arg150_1, &arg150_1_aligned);
        arg150_1 = std::move(RAIIAtenTensorHandle(arg150_1_aligned));
    }
    auto arg150_1_size = arg150_1.sizes();
    int64_t s23 = arg150_1_size[0];
    int64_t s27 = arg150_1_size[1];
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    const int64_t int_array_0[] = {s23, s27, 256L};
    const int64_t int_array_1[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_0, int_array_1, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf3_handle));
    RAIIAtenTensorHandle buf3(buf3_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, layer_norm], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm]
    int64_t triton_red_fused_add_arange_embedding_native_layer_norm_0_xnumel = s23*s27;
    call_triton_red_fused_add_arange_embedding_native_layer_norm_0(arg150_1, tok_weight, pos_weight, blocks_0_ln1_weight, blocks_0_ln1_bias, buf3, s27, triton_red_fused_add_arange_embedding_native_layer_norm_0_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_2[] = {s23*s27, 768L};
    static constexpr int64_t int_array_3[] = {768L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_2, int_array_3, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, layer_norm, linear], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    const int64_t int_array_4[] = {s23*s27, 256L};
    static constexpr int64_t int_array_5[] = {256L, 1L};
    static constexpr int64_t int_array_6[] = {256L, 768L};
    static constexpr int64_t int_array_7[] = {1L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf4, blocks_0_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear, split, view, transpose, view_1, transpose_1, view_2, transpose_2, scaled_dot_product_attention], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    const int64_t int_array_8[] = {s23, 8L, s27, 32L};
    const int64_t int_array_9[] = {768L*s27, 32L, 768L, 1L};
    AtenTensorHandle buf6_handle;
    AtenTensorHandle buf7_handle;
    auto buf5_4 = s27;
    auto buf5_5 = s27;
    AtenTensorHandle buf8_handle;
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf6_handle, &buf7_handle, nullptr, nullptr, &buf5_4, &buf5_5, &buf8_handle, &buf9_handle, nullptr));
    RAIIAtenTensorHandle buf6(buf6_handle);
    RAIIAtenTensorHandle buf7(buf7_handle);
    RAIIAtenTensorHandle buf8(buf8_handle);
    RAIIAtenTensorHandle buf9(buf9_handle);
    buf4.reset();

    const int64_t int_array_10[] = {s23*s27, 256L};
    static constexpr int64_t int_array_11[] = {256L, 1L};
    auto buf10 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_10, int_array_11, 0L)); buf3.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_3, reshape, linear_1], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    static constexpr int64_t int_array_12[] = {256L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf10, blocks_0_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_13[] = {s23, s27, 256L};
    const int64_t int_array_14[] = {256L*s27, 256L, 1L};
    auto buf14 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 3, int_array_13, int_array_14, 0L)); buf6.reset();  // reuse
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, linear_1, add_1, layer_norm_1], Original ATen: [aten.embedding, aten.arange, aten.add, aten.view, aten.native_layer_norm]
    int64_t triton_per_fused_add_arange_embedding_native_layer_norm_view_1_xnumel = s23*s27;
    call_triton_per_fused_add_arange_embedding_native_layer_norm_view_1(arg150_1, tok_weight, pos_weight, buf10, blocks_0_ln2_weight, blocks_0_ln2_bias, buf14, s27, triton_per_fused_add_arange_embedding_native_layer_norm_view_1_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_15[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_16[] = {1024L, 1L};
    AtenTensorHandle buf15_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_15, int_array_16, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf15_handle));
    RAIIAtenTensorHandle buf15(buf15_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, linear_1, add_1, layer_norm_1, linear_2], Original ATen: [aten.embedding, aten.arange, aten.add, aten.view, aten.native_layer_norm, aten.t, aten.addmm]
    static constexpr int64_t int_array_17[] = {256L, 1024L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf15, blocks_0_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf14, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_18[] = {s23, s27, 1024L};
    const int64_t int_array_19[] = {1024L*s27, 1024L, 1L};
    auto buf16 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf15, 3, int_array_18, int_array_19, 0L)); buf15.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.view, aten.gelu]
    int64_t triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf16, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_20[] = {s23*s27, 256L};
    static constexpr int64_t int_array_21[] = {256L, 1L};
    auto buf17 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf14, 2, int_array_20, int_array_21, 0L)); buf14.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2, gelu, linear_3], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    const int64_t int_array_22[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_23[] = {1024L, 1L};
    static constexpr int64_t int_array_24[] = {1024L, 256L};
    static constexpr int64_t int_array_25[] = {1L, 1024L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf17, blocks_0_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf16, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    const int64_t int_array_26[] = {s23, s27, 256L};
    const int64_t int_array_27[] = {256L*s27, 256L, 1L};
    auto buf18 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf10, 3, int_array_26, int_array_27, 0L)); buf10.reset();  // reuse
    AtenTensorHandle buf22_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_26, int_array_27, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf22_handle));
    RAIIAtenTensorHandle buf22(buf22_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, linear_1, add_1, linear_3, add_2, layer_norm_2], Original ATen: [aten.embedding, aten.arange, aten.add, aten.view, aten.native_layer_norm]
    int64_t triton_per_fused_add_arange_embedding_native_layer_norm_view_3_xnumel = s23*s27;
    call_triton_per_fused_add_arange_embedding_native_layer_norm_view_3(buf18, arg150_1, tok_weight, pos_weight, buf17, blocks_1_ln1_weight, blocks_1_ln1_bias, buf22, s27, triton_per_fused_add_arange_embedding_native_layer_norm_view_3_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg150_1.reset();
    const int64_t int_array_28[] = {s23*s27, 768L};
    static constexpr int64_t int_array_29[] = {768L, 1L};
    AtenTensorHandle buf23_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_28, int_array_29, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf23_handle));
    RAIIAtenTensorHandle buf23(buf23_handle);
    // Topologically Sorted Source Nodes: [layer_norm_2, linear_4], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf23, blocks_1_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf22, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_4, split_1, view_3, transpose_4, view_4, transpose_5, view_5, transpose_6, scaled_dot_product_attention_1], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf25_handle;
    AtenTensorHandle buf26_handle;
    auto buf24_4 = s27;
    auto buf24_5 = s27;
    AtenTensorHandle buf27_handle;
    AtenTensorHandle buf28_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf25_handle, &buf26_handle, nullptr, nullptr, &buf24_4, &buf24_5, &buf27_handle, &buf28_handle, nullptr));
    RAIIAtenTensorHandle buf25(buf25_handle);
    RAIIAtenTensorHandle buf26(buf26_handle);
    RAIIAtenTensorHandle buf27(buf27_handle);
    RAIIAtenTensorHandle buf28(buf28_handle);
    buf23.reset();

    const int64_t int_array_30[] = {s23*s27, 256L};
    static constexpr int64_t int_array_31[] = {256L, 1L};
    auto buf29 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf22, 2, int_array_30, int_array_31, 0L)); buf22.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_7, reshape_1, linear_5], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf29, blocks_1_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf25, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_32[] = {s23, s27, 256L};
    const int64_t int_array_33[] = {256L*s27, 256L, 1L};
    auto buf33 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf25, 3, int_array_32, int_array_33, 0L)); buf25.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_3, layer_norm_3], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    int64_t triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf18, buf29, blocks_1_ln2_weight, blocks_1_ln2_bias, buf33, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_34[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_35[] = {1024L, 1L};
    auto buf34 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf16, 2, int_array_34, int_array_35, 0L)); buf16.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_3, layer_norm_3, linear_6], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf34, blocks_1_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf33, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_36[] = {s23, s27, 1024L};
    const int64_t int_array_37[] = {1024L*s27, 1024L, 1L};
    auto buf35 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf34, 3, int_array_36, int_array_37, 0L)); buf34.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6, gelu_1], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf35, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_38[] = {s23*s27, 256L};
    static constexpr int64_t int_array_39[] = {256L, 1L};
    auto buf36 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf33, 2, int_array_38, int_array_39, 0L)); buf33.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6, gelu_1, linear_7], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf36, blocks_1_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf35, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    const int64_t int_array_40[] = {s23, s27, 256L};
    const int64_t int_array_41[] = {256L*s27, 256L, 1L};
    auto buf40 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf17, 3, int_array_40, int_array_41, 0L)); buf17.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, layer_norm_4], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    int64_t triton_per_fused_add_native_layer_norm_view_5_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_5(buf18, buf29, buf36, blocks_2_ln1_weight, blocks_2_ln1_bias, buf40, triton_per_fused_add_native_layer_norm_view_5_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_42[] = {s23*s27, 768L};
    static constexpr int64_t int_array_43[] = {768L, 1L};
    AtenTensorHandle buf41_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_42, int_array_43, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf41_handle));
    RAIIAtenTensorHandle buf41(buf41_handle);
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, layer_norm_4, linear_8], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf41, blocks_2_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf40, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_2_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_8, split_2, view_6, transpose_8, view_7, transpose_9, view_8, transpose_10, scaled_dot_product_attention_2], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf43_handle;
    AtenTensorHandle buf44_handle;
    auto buf42_4 = s27;
    auto buf42_5 = s27;
    AtenTensorHandle buf45_handle;
    AtenTensorHandle buf46_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf41, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf41, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf41, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf43_handle, &buf44_handle, nullptr, nullptr, &buf42_4, &buf42_5, &buf45_handle, &buf46_handle, nullptr));
    RAIIAtenTensorHandle buf43(buf43_handle);
    RAIIAtenTensorHandle buf44(buf44_handle);
    RAIIAtenTensorHandle buf45(buf45_handle);
    RAIIAtenTensorHandle buf46(buf46_handle);
    buf41.reset();

    const int64_t int_array_44[] = {s23*s27, 256L};
    static constexpr int64_t int_array_45[] = {256L, 1L};
    auto buf47 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf40, 2, int_array_44, int_array_45, 0L)); buf40.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_11, reshape_2, linear_9], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf47, blocks_2_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf43, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_2_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_46[] = {s23, s27, 256L};
    const int64_t int_array_47[] = {256L*s27, 256L, 1L};
    auto buf51 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf43, 3, int_array_46, int_array_47, 0L)); buf43.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, linear_9, add_5, layer_norm_5], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    int64_t triton_per_fused_add_native_layer_norm_view_6_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_6(buf18, buf29, buf36, buf47, blocks_2_ln2_weight, blocks_2_ln2_bias, buf51, triton_per_fused_add_native_layer_norm_view_6_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_48[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_49[] = {1024L, 1L};
    auto buf52 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf35, 2, int_array_48, int_array_49, 0L)); buf35.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, linear_9, add_5, layer_norm_5, linear_10], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf52, blocks_2_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf51, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_2_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    buf51.reset();
    const int64_t int_array_50[] = {s23, s27, 1024L};
    const int64_t int_array_51[] = {1024L*s27, 1024L, 1L};
    auto buf53 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf52, 3, int_array_50, int_array_51, 0L)); buf52.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_10, gelu_2], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf53, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_52[] = {s23*s27, 256L};
    static constexpr int64_t int_array_53[] = {256L, 1L};
    AtenTensorHandle buf54_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_52, int_array_53, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf54_handle));
    RAIIAtenTensorHandle buf54(buf54_handle);
    // Topologically Sorted Source Nodes: [linear_10, gelu_2, linear_11], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf54, blocks_2_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf53, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_2_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf55 = std::move(buf18);  // reuse
    const int64_t int_array_54[] = {s23, s27, 256L};
    const int64_t int_array_55[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf59_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_54, int_array_55, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf59_handle));
    RAIIAtenTensorHandle buf59(buf59_handle);
    // Topologically Sorted Source Nodes: [linear_5, add_3, linear_7, add_4, linear_9, add_5, linear_11, add_6, layer_norm_6], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    int64_t triton_per_fused_add_native_layer_norm_view_7_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_7(buf55, buf29, buf36, buf47, buf54, blocks_3_ln1_weight, blocks_3_ln1_bias, buf59, triton_per_fused_add_native_layer_norm_view_7_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf29.reset();
    buf36.reset();
    buf47.reset();
    const int64_t int_array_56[] = {s23*s27, 768L};
    static constexpr int64_t int_array_57[] = {768L, 1L};
    AtenTensorHandle buf60_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_56, int_array_57, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf60_handle));
    RAIIAtenTensorHandle buf60(buf60_handle);
    // Topologically Sorted Source Nodes: [layer_norm_6, linear_12], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf60, blocks_3_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf59, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_3_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_12, split_3, view_9, transpose_12, view_10, transpose_13, view_11, transpose_14, scaled_dot_product_attention_3], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf62_handle;
    AtenTensorHandle buf63_handle;
    auto buf61_4 = s27;
    auto buf61_5 = s27;
    AtenTensorHandle buf64_handle;
    AtenTensorHandle buf65_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf60, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf60, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf60, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf62_handle, &buf63_handle, nullptr, nullptr, &buf61_4, &buf61_5, &buf64_handle, &buf65_handle, nullptr));
    RAIIAtenTensorHandle buf62(buf62_handle);
    RAIIAtenTensorHandle buf63(buf63_handle);
    RAIIAtenTensorHandle buf64(buf64_handle);
    RAIIAtenTensorHandle buf65(buf65_handle);
    buf60.reset();

    auto buf66 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf59, 2, int_array_30, int_array_31, 0L)); buf59.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_15, reshape_3, linear_13], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf66, blocks_3_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf62, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_3_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_58[] = {s23, s27, 256L};
    const int64_t int_array_59[] = {256L*s27, 256L, 1L};
    auto buf70 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf62, 3, int_array_58, int_array_59, 0L)); buf62.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_7, layer_norm_7], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf55, buf66, blocks_3_ln2_weight, blocks_3_ln2_bias, buf70, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_60[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_61[] = {1024L, 1L};
    auto buf71 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf53, 2, int_array_60, int_array_61, 0L)); buf53.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_7, layer_norm_7, linear_14], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf71, blocks_3_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf70, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_3_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_62[] = {s23, s27, 1024L};
    const int64_t int_array_63[] = {1024L*s27, 1024L, 1L};
    auto buf72 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf71, 3, int_array_62, int_array_63, 0L)); buf71.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_14, gelu_3], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf72, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_64[] = {s23*s27, 256L};
    static constexpr int64_t int_array_65[] = {256L, 1L};
    auto buf73 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf70, 2, int_array_64, int_array_65, 0L)); buf70.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_14, gelu_3, linear_15], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf73, blocks_3_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf72, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_3_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    const int64_t int_array_66[] = {s23, s27, 256L};
    const int64_t int_array_67[] = {256L*s27, 256L, 1L};
    auto buf77 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf54, 3, int_array_66, int_array_67, 0L)); buf54.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_7, linear_15, add_8, layer_norm_8], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_5_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_5(buf55, buf66, buf73, blocks_4_ln1_weight, blocks_4_ln1_bias, buf77, triton_per_fused_add_native_layer_norm_view_5_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_68[] = {s23*s27, 768L};
    static constexpr int64_t int_array_69[] = {768L, 1L};
    AtenTensorHandle buf78_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_68, int_array_69, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf78_handle));
    RAIIAtenTensorHandle buf78(buf78_handle);
    // Topologically Sorted Source Nodes: [linear_13, add_7, linear_15, add_8, layer_norm_8, linear_16], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf78, blocks_4_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf77, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_4_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_16, split_4, view_12, transpose_16, view_13, transpose_17, view_14, transpose_18, scaled_dot_product_attention_4], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf80_handle;
    AtenTensorHandle buf81_handle;
    auto buf79_4 = s27;
    auto buf79_5 = s27;
    AtenTensorHandle buf82_handle;
    AtenTensorHandle buf83_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf78, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf78, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf78, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf80_handle, &buf81_handle, nullptr, nullptr, &buf79_4, &buf79_5, &buf82_handle, &buf83_handle, nullptr));
    RAIIAtenTensorHandle buf80(buf80_handle);
    RAIIAtenTensorHandle buf81(buf81_handle);
    RAIIAtenTensorHandle buf82(buf82_handle);
    RAIIAtenTensorHandle buf83(buf83_handle);
    buf78.reset();

    const int64_t int_array_70[] = {s23*s27, 256L};
    static constexpr int64_t int_array_71[] = {256L, 1L};
    auto buf84 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf77, 2, int_array_70, int_array_71, 0L)); buf77.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_19, reshape_4, linear_17], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf84, blocks_4_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_4_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_72[] = {s23, s27, 256L};
    const int64_t int_array_73[] = {256L*s27, 256L, 1L};
    auto buf88 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 3, int_array_72, int_array_73, 0L)); buf80.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_7, linear_15, add_8, linear_17, add_9, layer_norm_9], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_6_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_6(buf55, buf66, buf73, buf84, blocks_4_ln2_weight, blocks_4_ln2_bias, buf88, triton_per_fused_add_native_layer_norm_view_6_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_74[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_75[] = {1024L, 1L};
    auto buf89 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf72, 2, int_array_74, int_array_75, 0L)); buf72.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_7, linear_15, add_8, linear_17, add_9, layer_norm_9, linear_18], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf89, blocks_4_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf88, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_4_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    buf88.reset();
    const int64_t int_array_76[] = {s23, s27, 1024L};
    const int64_t int_array_77[] = {1024L*s27, 1024L, 1L};
    auto buf90 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf89, 3, int_array_76, int_array_77, 0L)); buf89.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_18, gelu_4], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf90, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_78[] = {s23*s27, 256L};
    static constexpr int64_t int_array_79[] = {256L, 1L};
    AtenTensorHandle buf91_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_78, int_array_79, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf91_handle));
    RAIIAtenTensorHandle buf91(buf91_handle);
    // Topologically Sorted Source Nodes: [linear_18, gelu_4, linear_19], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf91, blocks_4_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf90, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_4_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf92 = std::move(buf55);  // reuse
    const int64_t int_array_80[] = {s23, s27, 256L};
    const int64_t int_array_81[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf96_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_80, int_array_81, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf96_handle));
    RAIIAtenTensorHandle buf96(buf96_handle);
    // Topologically Sorted Source Nodes: [linear_13, add_7, linear_15, add_8, linear_17, add_9, linear_19, add_10, layer_norm_10], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_7_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_7(buf92, buf66, buf73, buf84, buf91, blocks_5_ln1_weight, blocks_5_ln1_bias, buf96, triton_per_fused_add_native_layer_norm_view_7_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf66.reset();
    buf73.reset();
    buf84.reset();
    const int64_t int_array_82[] = {s23*s27, 768L};
    static constexpr int64_t int_array_83[] = {768L, 1L};
    AtenTensorHandle buf97_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_82, int_array_83, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf97_handle));
    RAIIAtenTensorHandle buf97(buf97_handle);
    // Topologically Sorted Source Nodes: [layer_norm_10, linear_20], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf97, blocks_5_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf96, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_5_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_20, split_5, view_15, transpose_20, view_16, transpose_21, view_17, transpose_22, scaled_dot_product_attention_5], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf99_handle;
    AtenTensorHandle buf100_handle;
    auto buf98_4 = s27;
    auto buf98_5 = s27;
    AtenTensorHandle buf101_handle;
    AtenTensorHandle buf102_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf97, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf97, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf97, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf99_handle, &buf100_handle, nullptr, nullptr, &buf98_4, &buf98_5, &buf101_handle, &buf102_handle, nullptr));
    RAIIAtenTensorHandle buf99(buf99_handle);
    RAIIAtenTensorHandle buf100(buf100_handle);
    RAIIAtenTensorHandle buf101(buf101_handle);
    RAIIAtenTensorHandle buf102(buf102_handle);
    buf97.reset();

    auto buf103 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf96, 2, int_array_30, int_array_31, 0L)); buf96.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_23, reshape_5, linear_21], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf103, blocks_5_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf99, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_5_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_84[] = {s23, s27, 256L};
    const int64_t int_array_85[] = {256L*s27, 256L, 1L};
    auto buf107 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf99, 3, int_array_84, int_array_85, 0L)); buf99.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_11, layer_norm_11], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf92, buf103, blocks_5_ln2_weight, blocks_5_ln2_bias, buf107, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_86[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_87[] = {1024L, 1L};
    auto buf108 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf90, 2, int_array_86, int_array_87, 0L)); buf90.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_11, layer_norm_11, linear_22], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf108, blocks_5_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf107, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_5_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_88[] = {s23, s27, 1024L};
    const int64_t int_array_89[] = {1024L*s27, 1024L, 1L};
    auto buf109 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf108, 3, int_array_88, int_array_89, 0L)); buf108.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_22, gelu_5], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf109, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_90[] = {s23*s27, 256L};
    static constexpr int64_t int_array_91[] = {256L, 1L};
    auto buf110 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf107, 2, int_array_90, int_array_91, 0L)); buf107.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_22, gelu_5, linear_23], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf110, blocks_5_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf109, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_5_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    const int64_t int_array_92[] = {s23, s27, 256L};
    const int64_t int_array_93[] = {256L*s27, 256L, 1L};
    auto buf114 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf91, 3, int_array_92, int_array_93, 0L)); buf91.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_11, linear_23, add_12, layer_norm_12], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_5_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_5(buf92, buf103, buf110, blocks_6_ln1_weight, blocks_6_ln1_bias, buf114, triton_per_fused_add_native_layer_norm_view_5_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_94[] = {s23*s27, 768L};
    static constexpr int64_t int_array_95[] = {768L, 1L};
    AtenTensorHandle buf115_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_94, int_array_95, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf115_handle));
    RAIIAtenTensorHandle buf115(buf115_handle);
    // Topologically Sorted Source Nodes: [linear_21, add_11, linear_23, add_12, layer_norm_12, linear_24], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf115, blocks_6_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf114, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_6_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_24, split_6, view_18, transpose_24, view_19, transpose_25, view_20, transpose_26, scaled_dot_product_attention_6], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf117_handle;
    AtenTensorHandle buf118_handle;
    auto buf116_4 = s27;
    auto buf116_5 = s27;
    AtenTensorHandle buf119_handle;
    AtenTensorHandle buf120_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf115, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf115, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf115, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf117_handle, &buf118_handle, nullptr, nullptr, &buf116_4, &buf116_5, &buf119_handle, &buf120_handle, nullptr));
    RAIIAtenTensorHandle buf117(buf117_handle);
    RAIIAtenTensorHandle buf118(buf118_handle);
    RAIIAtenTensorHandle buf119(buf119_handle);
    RAIIAtenTensorHandle buf120(buf120_handle);
    buf115.reset();

    const int64_t int_array_96[] = {s23*s27, 256L};
    static constexpr int64_t int_array_97[] = {256L, 1L};
    auto buf121 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf114, 2, int_array_96, int_array_97, 0L)); buf114.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_27, reshape_6, linear_25], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf121, blocks_6_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf117, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_6_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_98[] = {s23, s27, 256L};
    const int64_t int_array_99[] = {256L*s27, 256L, 1L};
    auto buf125 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf117, 3, int_array_98, int_array_99, 0L)); buf117.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_11, linear_23, add_12, linear_25, add_13, layer_norm_13], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_6_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_6(buf92, buf103, buf110, buf121, blocks_6_ln2_weight, blocks_6_ln2_bias, buf125, triton_per_fused_add_native_layer_norm_view_6_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_100[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_101[] = {1024L, 1L};
    auto buf126 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf109, 2, int_array_100, int_array_101, 0L)); buf109.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_11, linear_23, add_12, linear_25, add_13, layer_norm_13, linear_26], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf126, blocks_6_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf125, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_6_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    buf125.reset();
    const int64_t int_array_102[] = {s23, s27, 1024L};
    const int64_t int_array_103[] = {1024L*s27, 1024L, 1L};
    auto buf127 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf126, 3, int_array_102, int_array_103, 0L)); buf126.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_26, gelu_6], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf127, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_104[] = {s23*s27, 256L};
    static constexpr int64_t int_array_105[] = {256L, 1L};
    AtenTensorHandle buf128_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_104, int_array_105, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf128_handle));
    RAIIAtenTensorHandle buf128(buf128_handle);
    // Topologically Sorted Source Nodes: [linear_26, gelu_6, linear_27], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf128, blocks_6_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_6_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf129 = std::move(buf92);  // reuse
    const int64_t int_array_106[] = {s23, s27, 256L};
    const int64_t int_array_107[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf133_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_106, int_array_107, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf133_handle));
    RAIIAtenTensorHandle buf133(buf133_handle);
    // Topologically Sorted Source Nodes: [linear_21, add_11, linear_23, add_12, linear_25, add_13, linear_27, add_14, layer_norm_14], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_7_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_7(buf129, buf103, buf110, buf121, buf128, blocks_7_ln1_weight, blocks_7_ln1_bias, buf133, triton_per_fused_add_native_layer_norm_view_7_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf103.reset();
    buf110.reset();
    buf121.reset();
    const int64_t int_array_108[] = {s23*s27, 768L};
    static constexpr int64_t int_array_109[] = {768L, 1L};
    AtenTensorHandle buf134_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_108, int_array_109, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf134_handle));
    RAIIAtenTensorHandle buf134(buf134_handle);
    // Topologically Sorted Source Nodes: [layer_norm_14, linear_28], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf134, blocks_7_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf133, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_7_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_28, split_7, view_21, transpose_28, view_22, transpose_29, view_23, transpose_30, scaled_dot_product_attention_7], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf136_handle;
    AtenTensorHandle buf137_handle;
    auto buf135_4 = s27;
    auto buf135_5 = s27;
    AtenTensorHandle buf138_handle;
    AtenTensorHandle buf139_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf134, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf134, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf134, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf136_handle, &buf137_handle, nullptr, nullptr, &buf135_4, &buf135_5, &buf138_handle, &buf139_handle, nullptr));
    RAIIAtenTensorHandle buf136(buf136_handle);
    RAIIAtenTensorHandle buf137(buf137_handle);
    RAIIAtenTensorHandle buf138(buf138_handle);
    RAIIAtenTensorHandle buf139(buf139_handle);
    buf134.reset();

    auto buf140 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf133, 2, int_array_30, int_array_31, 0L)); buf133.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_31, reshape_7, linear_29], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf140, blocks_7_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf136, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_7_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_110[] = {s23, s27, 256L};
    const int64_t int_array_111[] = {256L*s27, 256L, 1L};
    auto buf144 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf136, 3, int_array_110, int_array_111, 0L)); buf136.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_15, layer_norm_15], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf129, buf140, blocks_7_ln2_weight, blocks_7_ln2_bias, buf144, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_112[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_113[] = {1024L, 1L};
    auto buf145 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 2, int_array_112, int_array_113, 0L)); buf127.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_15, layer_norm_15, linear_30], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf145, blocks_7_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf144, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_7_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_114[] = {s23, s27, 1024L};
    const int64_t int_array_115[] = {1024L*s27, 1024L, 1L};
    auto buf146 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf145, 3, int_array_114, int_array_115, 0L)); buf145.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_30, gelu_7], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf146, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_116[] = {s23*s27, 256L};
    static constexpr int64_t int_array_117[] = {256L, 1L};
    auto buf147 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf144, 2, int_array_116, int_array_117, 0L)); buf144.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_30, gelu_7, linear_31], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf147, blocks_7_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf146, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_7_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    const int64_t int_array_118[] = {s23, s27, 256L};
    const int64_t int_array_119[] = {256L*s27, 256L, 1L};
    auto buf151 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf128, 3, int_array_118, int_array_119, 0L)); buf128.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_15, linear_31, add_16, layer_norm_16], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_5_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_5(buf129, buf140, buf147, blocks_8_ln1_weight, blocks_8_ln1_bias, buf151, triton_per_fused_add_native_layer_norm_view_5_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_120[] = {s23*s27, 768L};
    static constexpr int64_t int_array_121[] = {768L, 1L};
    AtenTensorHandle buf152_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_120, int_array_121, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf152_handle));
    RAIIAtenTensorHandle buf152(buf152_handle);
    // Topologically Sorted Source Nodes: [linear_29, add_15, linear_31, add_16, layer_norm_16, linear_32], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf152, blocks_8_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf151, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_8_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_32, split_8, view_24, transpose_32, view_25, transpose_33, view_26, transpose_34, scaled_dot_product_attention_8], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf154_handle;
    AtenTensorHandle buf155_handle;
    auto buf153_4 = s27;
    auto buf153_5 = s27;
    AtenTensorHandle buf156_handle;
    AtenTensorHandle buf157_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf152, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf152, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf152, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf154_handle, &buf155_handle, nullptr, nullptr, &buf153_4, &buf153_5, &buf156_handle, &buf157_handle, nullptr));
    RAIIAtenTensorHandle buf154(buf154_handle);
    RAIIAtenTensorHandle buf155(buf155_handle);
    RAIIAtenTensorHandle buf156(buf156_handle);
    RAIIAtenTensorHandle buf157(buf157_handle);
    buf152.reset();

    const int64_t int_array_122[] = {s23*s27, 256L};
    static constexpr int64_t int_array_123[] = {256L, 1L};
    auto buf158 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf151, 2, int_array_122, int_array_123, 0L)); buf151.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_35, reshape_8, linear_33], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf158, blocks_8_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf154, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_8_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_124[] = {s23, s27, 256L};
    const int64_t int_array_125[] = {256L*s27, 256L, 1L};
    auto buf162 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf154, 3, int_array_124, int_array_125, 0L)); buf154.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_15, linear_31, add_16, linear_33, add_17, layer_norm_17], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_6_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_6(buf129, buf140, buf147, buf158, blocks_8_ln2_weight, blocks_8_ln2_bias, buf162, triton_per_fused_add_native_layer_norm_view_6_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_126[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_127[] = {1024L, 1L};
    auto buf163 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf146, 2, int_array_126, int_array_127, 0L)); buf146.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_15, linear_31, add_16, linear_33, add_17, layer_norm_17, linear_34], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf163, blocks_8_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf162, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_8_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    buf162.reset();
    const int64_t int_array_128[] = {s23, s27, 1024L};
    const int64_t int_array_129[] = {1024L*s27, 1024L, 1L};
    auto buf164 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf163, 3, int_array_128, int_array_129, 0L)); buf163.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_34, gelu_8], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf164, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_130[] = {s23*s27, 256L};
    static constexpr int64_t int_array_131[] = {256L, 1L};
    AtenTensorHandle buf165_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_130, int_array_131, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf165_handle));
    RAIIAtenTensorHandle buf165(buf165_handle);
    // Topologically Sorted Source Nodes: [linear_34, gelu_8, linear_35], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf165, blocks_8_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf164, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_8_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf166 = std::move(buf129);  // reuse
    const int64_t int_array_132[] = {s23, s27, 256L};
    const int64_t int_array_133[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf170_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_132, int_array_133, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf170_handle));
    RAIIAtenTensorHandle buf170(buf170_handle);
    // Topologically Sorted Source Nodes: [linear_29, add_15, linear_31, add_16, linear_33, add_17, linear_35, add_18, layer_norm_18], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_7_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_7(buf166, buf140, buf147, buf158, buf165, blocks_9_ln1_weight, blocks_9_ln1_bias, buf170, triton_per_fused_add_native_layer_norm_view_7_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf140.reset();
    buf147.reset();
    buf158.reset();
    const int64_t int_array_134[] = {s23*s27, 768L};
    static constexpr int64_t int_array_135[] = {768L, 1L};
    AtenTensorHandle buf171_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_134, int_array_135, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf171_handle));
    RAIIAtenTensorHandle buf171(buf171_handle);
    // Topologically Sorted Source Nodes: [layer_norm_18, linear_36], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf171, blocks_9_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf170, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_9_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_36, split_9, view_27, transpose_36, view_28, transpose_37, view_29, transpose_38, scaled_dot_product_attention_9], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf173_handle;
    AtenTensorHandle buf174_handle;
    auto buf172_4 = s27;
    auto buf172_5 = s27;
    AtenTensorHandle buf175_handle;
    AtenTensorHandle buf176_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf171, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf171, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf171, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf173_handle, &buf174_handle, nullptr, nullptr, &buf172_4, &buf172_5, &buf175_handle, &buf176_handle, nullptr));
    RAIIAtenTensorHandle buf173(buf173_handle);
    RAIIAtenTensorHandle buf174(buf174_handle);
    RAIIAtenTensorHandle buf175(buf175_handle);
    RAIIAtenTensorHandle buf176(buf176_handle);
    buf171.reset();

    const int64_t int_array_136[] = {s23*s27, 256L};
    static constexpr int64_t int_array_137[] = {256L, 1L};
    auto buf177 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf170, 2, int_array_136, int_array_137, 0L)); buf170.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_39, reshape_9, linear_37], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf177, blocks_9_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf173, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_9_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_138[] = {s23, s27, 256L};
    const int64_t int_array_139[] = {256L*s27, 256L, 1L};
    auto buf181 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf173, 3, int_array_138, int_array_139, 0L)); buf173.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, add_19, layer_norm_19], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf166, buf177, blocks_9_ln2_weight, blocks_9_ln2_bias, buf181, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_140[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_141[] = {1024L, 1L};
    auto buf182 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf164, 2, int_array_140, int_array_141, 0L)); buf164.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, add_19, layer_norm_19, linear_38], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf182, blocks_9_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf181, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_9_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_142[] = {s23, s27, 1024L};
    const int64_t int_array_143[] = {1024L*s27, 1024L, 1L};
    auto buf183 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf182, 3, int_array_142, int_array_143, 0L)); buf182.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_38, gelu_9], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf183, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_144[] = {s23*s27, 256L};
    static constexpr int64_t int_array_145[] = {256L, 1L};
    auto buf184 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf181, 2, int_array_144, int_array_145, 0L)); buf181.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_38, gelu_9, linear_39], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf184, blocks_9_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf183, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_9_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf188 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf165, 3, int_array_54, int_array_55, 0L)); buf165.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, add_19, linear_39, add_20, layer_norm_20], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_5_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_5(buf166, buf177, buf184, blocks_10_ln1_weight, blocks_10_ln1_bias, buf188, triton_per_fused_add_native_layer_norm_view_5_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_146[] = {s23*s27, 768L};
    static constexpr int64_t int_array_147[] = {768L, 1L};
    AtenTensorHandle buf189_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_146, int_array_147, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf189_handle));
    RAIIAtenTensorHandle buf189(buf189_handle);
    // Topologically Sorted Source Nodes: [linear_37, add_19, linear_39, add_20, layer_norm_20, linear_40], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf189, blocks_10_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf188, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_10_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_40, split_10, view_30, transpose_40, view_31, transpose_41, view_32, transpose_42, scaled_dot_product_attention_10], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf191_handle;
    AtenTensorHandle buf192_handle;
    auto buf190_4 = s27;
    auto buf190_5 = s27;
    AtenTensorHandle buf193_handle;
    AtenTensorHandle buf194_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf189, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf189, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf189, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf191_handle, &buf192_handle, nullptr, nullptr, &buf190_4, &buf190_5, &buf193_handle, &buf194_handle, nullptr));
    RAIIAtenTensorHandle buf191(buf191_handle);
    RAIIAtenTensorHandle buf192(buf192_handle);
    RAIIAtenTensorHandle buf193(buf193_handle);
    RAIIAtenTensorHandle buf194(buf194_handle);
    buf189.reset();

    const int64_t int_array_148[] = {s23*s27, 256L};
    static constexpr int64_t int_array_149[] = {256L, 1L};
    auto buf195 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf188, 2, int_array_148, int_array_149, 0L)); buf188.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_43, reshape_10, linear_41], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf195, blocks_10_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf191, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_10_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_150[] = {s23, s27, 256L};
    const int64_t int_array_151[] = {256L*s27, 256L, 1L};
    auto buf199 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf191, 3, int_array_150, int_array_151, 0L)); buf191.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, add_19, linear_39, add_20, linear_41, add_21, layer_norm_21], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_6_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_6(buf166, buf177, buf184, buf195, blocks_10_ln2_weight, blocks_10_ln2_bias, buf199, triton_per_fused_add_native_layer_norm_view_6_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_152[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_153[] = {1024L, 1L};
    auto buf200 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf183, 2, int_array_152, int_array_153, 0L)); buf183.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, add_19, linear_39, add_20, linear_41, add_21, layer_norm_21, linear_42], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf200, blocks_10_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf199, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_10_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    buf199.reset();
    const int64_t int_array_154[] = {s23, s27, 1024L};
    const int64_t int_array_155[] = {1024L*s27, 1024L, 1L};
    auto buf201 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf200, 3, int_array_154, int_array_155, 0L)); buf200.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_42, gelu_10], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf201, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_156[] = {s23*s27, 256L};
    static constexpr int64_t int_array_157[] = {256L, 1L};
    AtenTensorHandle buf202_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_156, int_array_157, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf202_handle));
    RAIIAtenTensorHandle buf202(buf202_handle);
    // Topologically Sorted Source Nodes: [linear_42, gelu_10, linear_43], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf202, blocks_10_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf201, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_10_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    auto buf203 = std::move(buf166);  // reuse
    const int64_t int_array_158[] = {s23, s27, 256L};
    const int64_t int_array_159[] = {256L*s27, 256L, 1L};
    AtenTensorHandle buf207_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_158, int_array_159, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf207_handle));
    RAIIAtenTensorHandle buf207(buf207_handle);
    // Topologically Sorted Source Nodes: [linear_37, add_19, linear_39, add_20, linear_41, add_21, linear_43, add_22, layer_norm_22], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_7_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_7(buf203, buf177, buf184, buf195, buf202, blocks_11_ln1_weight, blocks_11_ln1_bias, buf207, triton_per_fused_add_native_layer_norm_view_7_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf177.reset();
    buf184.reset();
    buf195.reset();
    buf202.reset();
    const int64_t int_array_160[] = {s23*s27, 768L};
    static constexpr int64_t int_array_161[] = {768L, 1L};
    AtenTensorHandle buf208_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_160, int_array_161, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf208_handle));
    RAIIAtenTensorHandle buf208(buf208_handle);
    // Topologically Sorted Source Nodes: [layer_norm_22, linear_44], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf208, blocks_11_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf207, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_11_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_44, split_11, view_33, transpose_44, view_34, transpose_45, view_35, transpose_46, scaled_dot_product_attention_11], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf210_handle;
    AtenTensorHandle buf211_handle;
    auto buf209_4 = s27;
    auto buf209_5 = s27;
    AtenTensorHandle buf212_handle;
    AtenTensorHandle buf213_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf208, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf208, 4, int_array_8, int_array_9, 256L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf208, 4, int_array_8, int_array_9, 512L)), nullptr, 0, 0.0, 1, 0, nullptr, &buf210_handle, &buf211_handle, nullptr, nullptr, &buf209_4, &buf209_5, &buf212_handle, &buf213_handle, nullptr));
    RAIIAtenTensorHandle buf210(buf210_handle);
    RAIIAtenTensorHandle buf211(buf211_handle);
    RAIIAtenTensorHandle buf212(buf212_handle);
    RAIIAtenTensorHandle buf213(buf213_handle);
    buf208.reset();

    const int64_t int_array_162[] = {s23*s27, 256L};
    static constexpr int64_t int_array_163[] = {256L, 1L};
    auto buf214 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf207, 2, int_array_162, int_array_163, 0L)); buf207.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_47, reshape_11, linear_45], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf214, blocks_11_proj_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf210, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_11_proj_weight, 2, int_array_12, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_164[] = {s23, s27, 256L};
    const int64_t int_array_165[] = {256L*s27, 256L, 1L};
    auto buf218 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf210, 3, int_array_164, int_array_165, 0L)); buf210.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_45, add_23, layer_norm_23], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    triton_per_fused_add_native_layer_norm_view_4_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_4(buf203, buf214, blocks_11_ln2_weight, blocks_11_ln2_bias, buf218, triton_per_fused_add_native_layer_norm_view_4_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_166[] = {s23*s27, 1024L};
    static constexpr int64_t int_array_167[] = {1024L, 1L};
    auto buf219 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf201, 2, int_array_166, int_array_167, 0L)); buf201.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_45, add_23, layer_norm_23, linear_46], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf219, blocks_11_fc1_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf218, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_11_fc1_weight, 2, int_array_17, int_array_7, 0L)), 1L, 1L));
    const int64_t int_array_168[] = {s23, s27, 1024L};
    const int64_t int_array_169[] = {1024L*s27, 1024L, 1L};
    auto buf220 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf219, 3, int_array_168, int_array_169, 0L)); buf219.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_46, gelu_11], Original ATen: [aten.view, aten.gelu]
    triton_poi_fused_gelu_view_2_xnumel = 1024L*s23*s27;
    call_triton_poi_fused_gelu_view_2(buf220, triton_poi_fused_gelu_view_2_xnumel, this->device_idx_, stream, kernels, this->cubin_dir_);
    const int64_t int_array_170[] = {s23*s27, 256L};
    static constexpr int64_t int_array_171[] = {256L, 1L};
    auto buf221 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf218, 2, int_array_170, int_array_171, 0L)); buf218.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_46, gelu_11, linear_47], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf221, blocks_11_fc2_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf220, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_11_fc2_weight, 2, int_array_24, int_array_25, 0L)), 1L, 1L));
    buf220.reset();
    auto buf225 = std::move(buf203);  // reuse
    // Topologically Sorted Source Nodes: [linear_45, add_23, linear_47, add_24, layer_norm_24], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    int64_t triton_per_fused_add_native_layer_norm_view_8_xnumel = s23*s27;
    call_triton_per_fused_add_native_layer_norm_view_8(buf225, buf214, buf221, ln_weight, ln_bias, triton_per_fused_add_native_layer_norm_view_8_xnumel, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf214.reset();
    buf221.reset();
    const int64_t int_array_172[] = {s23*s27, 1000L};
    static constexpr int64_t int_array_173[] = {1000L, 1L};
    AtenTensorHandle buf226_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_172, int_array_173, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf226_handle));
    RAIIAtenTensorHandle buf226(buf226_handle);
    // Topologically Sorted Source Nodes: [linear_45, add_23, linear_47, add_24, layer_norm_24, linear_48], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
    static constexpr int64_t int_array_174[] = {256L, 1000L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf226, head_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf225, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(head_weight, 2, int_array_174, int_array_7, 0L)), 1L, 1L));
    buf225.reset();
    const int64_t int_array_175[] = {s23, s27, 1000L};
    const int64_t int_array_176[] = {1000L*s27, 1000L, 1L};
    auto var_0 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf226, 3, int_array_175, int_array_176, 0L));
    output_handles[0] = var_0.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor





// Compile cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/crknja6hl5fcpncpy56amdxq5pzhjhy435y67gwphww4ijtimvul.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/crknja6hl5fcpncpy56amdxq5pzhjhy435y67gwphww4ijtimvul.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/crknja6hl5fcpncpy56amdxq5pzhjhy435y67gwphww4ijtimvul.wrapper.o /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/c6muj7rkjim6je2or4ug6k557vbzwux3hj4rea4umeu3hl54vgyt.kernel.o /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/crknja6hl5fcpncpy56amdxq5pzhjhy435y67gwphww4ijtimvul/c3onio7qhnrnolntn7tp5p4kktl4j4cigjp3ze5z63qlhpim37ma.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/torchinductor_root/ckmadpjnx7eth4kwk5e326jfpszi6mt4mhii7ljmncfjmh5454ql/crknja6hl5fcpncpy56amdxq5pzhjhy435y67gwphww4ijtimvul.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
