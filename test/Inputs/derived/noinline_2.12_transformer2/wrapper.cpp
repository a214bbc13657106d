
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
CACHE_TORCH_DTYPE(float32);
CACHE_TORCH_DEVICE(cuda);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1{nullptr};
    CUfunction triton_per_fused_add_addmm_native_layer_norm_view_3{nullptr};
    CUfunction triton_per_fused_add_addmm_native_layer_norm_view_4{nullptr};
    CUfunction triton_per_fused_add_addmm_native_layer_norm_view_5{nullptr};
    CUfunction triton_per_fused_add_arange_embedding_native_layer_norm_0{nullptr};
    CUfunction triton_poi_fused_addmm_gelu_view_2{nullptr};
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
    constants_info_[0].device_type = cached_torch_device_type_cuda;
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
    constants_info_[1].device_type = cached_torch_device_type_cuda;
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
    constants_info_[2].device_type = cached_torch_device_type_cuda;
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
    constants_info_[3].device_type = cached_torch_device_type_cuda;
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
    constants_info_[4].device_type = cached_torch_device_type_cuda;
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
    constants_info_[5].device_type = cached_torch_device_type_cuda;
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
    constants_info_[6].device_type = cached_torch_device_type_cuda;
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
    constants_info_[7].device_type = cached_torch_device_type_cuda;
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
    constants_info_[8].device_type = cached_torch_device_type_cuda;
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
    constants_info_[9].device_type = cached_torch_device_type_cuda;
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
    constants_info_[10].device_type = cached_torch_device_type_cuda;
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
    constants_info_[11].device_type = cached_torch_device_type_cuda;
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
    constants_info_[12].device_type = cached_torch_device_type_cuda;
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
    constants_info_[13].device_type = cached_torch_device_type_cuda;
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
    constants_info_[14].device_type = cached_torch_device_type_cuda;
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
    constants_info_[15].device_type = cached_torch_device_type_cuda;
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
    constants_info_[16].device_type = cached_torch_device_type_cuda;
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
    constants_info_[17].device_type = cached_torch_device_type_cuda;
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
    constants_info_[18].device_type = cached_torch_device_type_cuda;
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
    constants_info_[19].device_type = cached_torch_device_type_cuda;
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
    constants_info_[20].device_type = cached_torch_device_type_cuda;
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
    constants_info_[21].device_type = cached_torch_device_type_cuda;
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
    constants_info_[22].device_type = cached_torch_device_type_cuda;
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
    constants_info_[23].device_type = cached_torch_device_type_cuda;
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
    constants_info_[24].device_type = cached_torch_device_type_cuda;
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
    constants_info_[25].device_type = cached_torch_device_type_cuda;
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
    constants_info_[26].device_type = cached_torch_device_type_cuda;
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
    constants_info_[27].device_type = cached_torch_device_type_cuda;
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
    constants_info_[28].device_type = cached_torch_device_type_cuda;
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
    constants_info_[29].device_type = cached_torch_device_type_cuda;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 4000;
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

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr2_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused_add_arange_embedding_native_layer_norm_0(
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
    async_compile.triton('triton_per_fused_add_arange_embedding_native_layer_norm_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 32, 'r0_': 64},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_arange_embedding_native_layer_norm_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 256, 'r0_': 20992}}
    )
    @triton.jit
    def triton_per_fused_add_arange_embedding_native_layer_norm_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 32
        r0_numel = 64
        R0_BLOCK: tl.constexpr = 64
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
        x0 = (xindex % 16)
        tmp0 = tl.load(in_ptr0 + (x3), xmask, eviction_policy='evict_last')
        tmp7 = tl.load(in_ptr2 + (r0_2 + 64*x0), xmask, eviction_policy='evict_last', other=0.0)
        tmp32 = tl.load(in_ptr3 + (r0_2), None, eviction_policy='evict_last')
        tmp34 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last')
        tmp1 = tl.full([1, 1], 1000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 1000")
        tmp6 = tl.load(in_ptr1 + (r0_2 + 64*tmp4), xmask, other=0.0)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp11 = tl.where(xmask, tmp9, 0)
        tmp12 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp14 = tl.where(xmask, tmp12, 0)
        tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
        tmp16 = tl.full([1, 1], 64, tl.int32)
        tmp17 = tmp16.to(tl.float32)
        tmp18 = (tmp15 / tmp17)
        tmp19 = tmp9 - tmp18
        tmp20 = tmp19 * tmp19
        tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
        tmp23 = tl.where(xmask, tmp21, 0)
        tmp24 = tl.sum(tmp23, 1)[:, None].to(tl.float32)
        tmp25 = tmp8 - tmp18
        tmp26 = tl.full([1, 1], 64.0, tl.float32)
        tmp27 = (tmp24 / tmp26)
        tmp28 = tl.full([1, 1], 1e-05, tl.float32)
        tmp29 = tmp27 + tmp28
        tmp30 = libdevice.rsqrt(tmp29)
        tmp31 = tmp25 * tmp30
        tmp33 = tmp31 * tmp32
        tmp35 = tmp33 + tmp34
        tl.store(out_ptr2 + (r0_2 + 64*x3), tmp35, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (8 - 1)) / (8));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_0 == nullptr) {
        kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_0 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_per_fused_add_arange_embedding_native_layer_norm_0.cubin", "triton_per_fused_add_arange_embedding_native_layer_norm_0", 256, cubin_dir_); 
    }
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_2 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_3 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_4 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_5 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_6 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_7 = xnumel;
    int32_t var_8 = r0_numel;
    CUdeviceptr global_scratch_scratch_9 = 0;
    CUdeviceptr profile_scratch_scratch_10 = 0;
    void* kernel_args_[] = {&var_1, &var_2, &var_3, &var_4, &var_5, &var_6, &var_7, &var_8, &global_scratch_scratch_9, &profile_scratch_scratch_10};
    launchKernel(kernels_.triton_per_fused_add_arange_embedding_native_layer_norm_0, grid_0, grid_1, grid_2, 2, 256, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1(
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
    async_compile.triton('triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 32, 'r0_': 64},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 256, 'r0_': 45824}}
    )
    @triton.jit
    def triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 32
        r0_numel = 64
        R0_BLOCK: tl.constexpr = 64
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
        x0 = (xindex % 16)
        tmp0 = tl.load(in_ptr0 + (x3), xmask, eviction_policy='evict_last')
        tmp7 = tl.load(in_ptr2 + (r0_2 + 64*x0), xmask, eviction_policy='evict_last', other=0.0)
        tmp9 = tl.load(in_ptr3 + (r0_2), None, eviction_policy='evict_last')
        tmp10 = tl.load(in_out_ptr0 + (r0_2 + 64*x3), xmask, other=0.0)
        tmp36 = tl.load(in_ptr4 + (r0_2), None, eviction_policy='evict_last')
        tmp38 = tl.load(in_ptr5 + (r0_2), None, eviction_policy='evict_last')
        tmp1 = tl.full([1, 1], 1000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 1000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 1000")
        tmp6 = tl.load(in_ptr1 + (r0_2 + 64*tmp4), xmask, other=0.0)
        tmp8 = tmp6 + tmp7
        tmp11 = tmp9 + tmp10
        tmp12 = tmp8 + tmp11
        tmp13 = tl.broadcast_to(tmp12, [XBLOCK, R0_BLOCK])
        tmp15 = tl.where(xmask, tmp13, 0)
        tmp16 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
        tmp18 = tl.where(xmask, tmp16, 0)
        tmp19 = tl.sum(tmp18, 1)[:, None].to(tl.float32)
        tmp20 = tl.full([1, 1], 64, tl.int32)
        tmp21 = tmp20.to(tl.float32)
        tmp22 = (tmp19 / tmp21)
        tmp23 = tmp13 - tmp22
        tmp24 = tmp23 * tmp23
        tmp25 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
        tmp27 = tl.where(xmask, tmp25, 0)
        tmp28 = tl.sum(tmp27, 1)[:, None].to(tl.float32)
        tmp29 = tmp12 - tmp22
        tmp30 = tl.full([1, 1], 64.0, tl.float32)
        tmp31 = (tmp28 / tmp30)
        tmp32 = tl.full([1, 1], 1e-05, tl.float32)
        tmp33 = tmp31 + tmp32
        tmp34 = libdevice.rsqrt(tmp33)
        tmp35 = tmp29 * tmp34
        tmp37 = tmp35 * tmp36
        tmp39 = tmp37 + tmp38
        tl.store(in_out_ptr0 + (r0_2 + 64*x3), tmp12, xmask)
        tl.store(out_ptr2 + (r0_2 + 64*x3), tmp39, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1 == nullptr) {
        kernels_.triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1.cubin", "triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1", 8, cubin_dir_); 
    }
    CUdeviceptr var_11 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_12 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_13 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_14 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_15 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_16 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_17 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_18 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_19 = xnumel;
    int32_t var_20 = r0_numel;
    CUdeviceptr global_scratch_scratch_21 = 0;
    CUdeviceptr profile_scratch_scratch_22 = 0;
    void* kernel_args_[] = {&var_11, &var_12, &var_13, &var_14, &var_15, &var_16, &var_17, &var_18, &var_19, &var_20, &global_scratch_scratch_21, &profile_scratch_scratch_22};
    launchKernel(kernels_.triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1, grid_0, grid_1, grid_2, 2, 8, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_poi_fused_addmm_gelu_view_2(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_addmm_gelu_view_2', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 8192}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_addmm_gelu_view_2', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 99328}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_addmm_gelu_view_2(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 8192
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = (xindex % 256)
        x2 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last')
        tmp1 = tl.load(in_out_ptr0 + (x2), None)
        tmp2 = tmp0 + tmp1
        tmp3 = tl.full([1], 0.5, tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tl.full([1], 0.7071067811865476, tl.float32)
        tmp6 = tmp2 * tmp5
        tmp7 = libdevice.erf(tmp6)
        tmp8 = tl.full([1], 1.0, tl.float32)
        tmp9 = tmp7 + tmp8
        tmp10 = tmp4 * tmp9
        tl.store(in_out_ptr0 + (x2), tmp10, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (256 - 1)) / (256));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_addmm_gelu_view_2 == nullptr) {
        kernels_.triton_poi_fused_addmm_gelu_view_2 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_poi_fused_addmm_gelu_view_2.cubin", "triton_poi_fused_addmm_gelu_view_2", 0, cubin_dir_); 
    }
    CUdeviceptr var_23 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_24 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    int32_t var_25 = xnumel;
    CUdeviceptr global_scratch_scratch_26 = 0;
    CUdeviceptr profile_scratch_scratch_27 = 0;
    void* kernel_args_[] = {&var_23, &var_24, &var_25, &global_scratch_scratch_26, &profile_scratch_scratch_27};
    launchKernel(kernels_.triton_poi_fused_addmm_gelu_view_2, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr2_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused_add_addmm_native_layer_norm_view_3(
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
    async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_view_3', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 32, 'r0_': 64},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 33536}}
    )
    @triton.jit
    def triton_per_fused_add_addmm_native_layer_norm_view_3(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 32
        r0_numel = 64
        R0_BLOCK: tl.constexpr = 64
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
        tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp28 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
        tmp30 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp3 = tmp1 + tmp2
        tmp4 = tmp0 + tmp3
        tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        tmp7 = tl.where(xmask, tmp5, 0)
        tmp8 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp10 = tl.where(xmask, tmp8, 0)
        tmp11 = tl.sum(tmp10, 1)[:, None].to(tl.float32)
        tmp12 = tl.full([1, 1], 64, tl.int32)
        tmp13 = tmp12.to(tl.float32)
        tmp14 = (tmp11 / tmp13)
        tmp15 = tmp5 - tmp14
        tmp16 = tmp15 * tmp15
        tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
        tmp19 = tl.where(xmask, tmp17, 0)
        tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
        tmp21 = tmp4 - tmp14
        tmp22 = tl.full([1, 1], 64.0, tl.float32)
        tmp23 = (tmp20 / tmp22)
        tmp24 = tl.full([1, 1], 1e-05, tl.float32)
        tmp25 = tmp23 + tmp24
        tmp26 = libdevice.rsqrt(tmp25)
        tmp27 = tmp21 * tmp26
        tmp29 = tmp27 * tmp28
        tmp31 = tmp29 + tmp30
        tl.store(out_ptr2 + (r0_1 + 64*x0), tmp31, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (8 - 1)) / (8));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_addmm_native_layer_norm_view_3 == nullptr) {
        kernels_.triton_per_fused_add_addmm_native_layer_norm_view_3 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_per_fused_add_addmm_native_layer_norm_view_3.cubin", "triton_per_fused_add_addmm_native_layer_norm_view_3", 1024, cubin_dir_); 
    }
    CUdeviceptr var_28 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_29 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_30 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_31 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_32 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_33 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_34 = xnumel;
    int32_t var_35 = r0_numel;
    CUdeviceptr global_scratch_scratch_36 = 0;
    CUdeviceptr profile_scratch_scratch_37 = 0;
    void* kernel_args_[] = {&var_28, &var_29, &var_30, &var_31, &var_32, &var_33, &var_34, &var_35, &global_scratch_scratch_36, &profile_scratch_scratch_37};
    launchKernel(kernels_.triton_per_fused_add_addmm_native_layer_norm_view_3, grid_0, grid_1, grid_2, 2, 1024, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr2_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused_add_addmm_native_layer_norm_view_4(
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
    async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_view_4', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 32, 'r0_': 64},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_view_4', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 58368}}
    )
    @triton.jit
    def triton_per_fused_add_addmm_native_layer_norm_view_4(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 32
        r0_numel = 64
        R0_BLOCK: tl.constexpr = 64
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
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr0 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tl.load(in_ptr1 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp5 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
        tmp6 = tl.load(in_ptr3 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp32 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp34 = tl.load(in_ptr5 + (r0_1), None, eviction_policy='evict_last')
        tmp3 = tmp1 + tmp2
        tmp4 = tmp0 + tmp3
        tmp7 = tmp5 + tmp6
        tmp8 = tmp4 + tmp7
        tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp11 = tl.where(xmask, tmp9, 0)
        tmp12 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp14 = tl.where(xmask, tmp12, 0)
        tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
        tmp16 = tl.full([1, 1], 64, tl.int32)
        tmp17 = tmp16.to(tl.float32)
        tmp18 = (tmp15 / tmp17)
        tmp19 = tmp9 - tmp18
        tmp20 = tmp19 * tmp19
        tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
        tmp23 = tl.where(xmask, tmp21, 0)
        tmp24 = tl.sum(tmp23, 1)[:, None].to(tl.float32)
        tmp25 = tmp8 - tmp18
        tmp26 = tl.full([1, 1], 64.0, tl.float32)
        tmp27 = (tmp24 / tmp26)
        tmp28 = tl.full([1, 1], 1e-05, tl.float32)
        tmp29 = tmp27 + tmp28
        tmp30 = libdevice.rsqrt(tmp29)
        tmp31 = tmp25 * tmp30
        tmp33 = tmp31 * tmp32
        tmp35 = tmp33 + tmp34
        tl.store(in_out_ptr0 + (r0_1 + 64*x0), tmp8, xmask)
        tl.store(out_ptr2 + (r0_1 + 64*x0), tmp35, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (8 - 1)) / (8));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_addmm_native_layer_norm_view_4 == nullptr) {
        kernels_.triton_per_fused_add_addmm_native_layer_norm_view_4 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_per_fused_add_addmm_native_layer_norm_view_4.cubin", "triton_per_fused_add_addmm_native_layer_norm_view_4", 1024, cubin_dir_); 
    }
    CUdeviceptr var_38 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_39 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_40 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_41 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_42 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_43 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_44 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_45 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    int32_t var_46 = xnumel;
    int32_t var_47 = r0_numel;
    CUdeviceptr global_scratch_scratch_48 = 0;
    CUdeviceptr profile_scratch_scratch_49 = 0;
    void* kernel_args_[] = {&var_38, &var_39, &var_40, &var_41, &var_42, &var_43, &var_44, &var_45, &var_46, &var_47, &global_scratch_scratch_48, &profile_scratch_scratch_49};
    launchKernel(kernels_.triton_per_fused_add_addmm_native_layer_norm_view_4, grid_0, grid_1, grid_2, 2, 1024, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused_add_addmm_native_layer_norm_view_5(
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
    async_compile.triton('triton_per_fused_add_addmm_native_layer_norm_view_5', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 32, 'r0_': 64},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_native_layer_norm_view_5', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 33536}}
    )
    @triton.jit
    def triton_per_fused_add_addmm_native_layer_norm_view_5(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 32
        r0_numel = 64
        R0_BLOCK: tl.constexpr = 64
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
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr0 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tl.load(in_ptr1 + (r0_1 + 64*x0), xmask, other=0.0)
        tmp28 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
        tmp30 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
        tmp3 = tmp1 + tmp2
        tmp4 = tmp0 + tmp3
        tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        tmp7 = tl.where(xmask, tmp5, 0)
        tmp8 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp10 = tl.where(xmask, tmp8, 0)
        tmp11 = tl.sum(tmp10, 1)[:, None].to(tl.float32)
        tmp12 = tl.full([1, 1], 64, tl.int32)
        tmp13 = tmp12.to(tl.float32)
        tmp14 = (tmp11 / tmp13)
        tmp15 = tmp5 - tmp14
        tmp16 = tmp15 * tmp15
        tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
        tmp19 = tl.where(xmask, tmp17, 0)
        tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
        tmp21 = tmp4 - tmp14
        tmp22 = tl.full([1, 1], 64.0, tl.float32)
        tmp23 = (tmp20 / tmp22)
        tmp24 = tl.full([1, 1], 1e-05, tl.float32)
        tmp25 = tmp23 + tmp24
        tmp26 = libdevice.rsqrt(tmp25)
        tmp27 = tmp21 * tmp26
        tmp29 = tmp27 * tmp28
        tmp31 = tmp29 + tmp30
        tl.store(in_out_ptr0 + (r0_1 + 64*x0), tmp31, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (8 - 1)) / (8));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_addmm_native_layer_norm_view_5 == nullptr) {
        kernels_.triton_per_fused_add_addmm_native_layer_norm_view_5 = loadKernel("/tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/triton_per_fused_add_addmm_native_layer_norm_view_5.cubin", "triton_per_fused_add_addmm_native_layer_norm_view_5", 1024, cubin_dir_); 
    }
    CUdeviceptr var_50 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_51 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_52 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_53 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_54 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_55 = xnumel;
    int32_t var_56 = r0_numel;
    CUdeviceptr global_scratch_scratch_57 = 0;
    CUdeviceptr profile_scratch_scratch_58 = 0;
    void* kernel_args_[] = {&var_50, &var_51, &var_52, &var_53, &var_54, &var_55, &var_56, &global_scratch_scratch_57, &profile_scratch_scratch_58};
    launchKernel(kernels_.triton_per_fused_add_addmm_native_layer_norm_view_5, grid_0, grid_1, grid_2, 2, 1024, kernel_args_, stream_);
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

    if (2 != arg30_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg30_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg30_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg30_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg30_1_stride = arg30_1.strides();

    if (16 != arg30_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg30_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg30_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg30_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg30_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg30_1, &arg30_1_device_type));

    int32_t arg30_1_expected_device_type = 1;
    if (arg30_1_expected_device_type != arg30_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg30_1_expected_device_type << "1(cuda), "
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

    if ((reinterpret_cast<std::uintptr_t>(arg30_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg30_1_aligned;
        aoti_torch_clone_preserve_strides(arg30_1, &arg30_1_aligned);
        arg30_1 = std::move(RAIIAtenTensorHandle(arg30_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {2L, 16L, 64L};
    static constexpr int64_t int_array_1[] = {1024L, 64L, 1L};
    AtenTensorHandle buf3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf3_handle));
    RAIIAtenTensorHandle buf3(buf3_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, layer_norm], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_arange_embedding_native_layer_norm_0(arg30_1, tok_weight, pos_weight, blocks_0_ln1_weight, blocks_0_ln1_bias, buf3, 32L, 64L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_2[] = {32L, 192L};
    static constexpr int64_t int_array_3[] = {192L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, layer_norm, linear], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    static constexpr int64_t int_array_4[] = {32L, 64L};
    static constexpr int64_t int_array_5[] = {64L, 1L};
    static constexpr int64_t int_array_6[] = {64L, 192L};
    static constexpr int64_t int_array_7[] = {1L, 64L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf4, blocks_0_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear, split, view, transpose, view_1, transpose_1, view_2, transpose_2, scaled_dot_product_attention], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_efficient_attention]
    static constexpr int64_t int_array_8[] = {2L, 4L, 16L, 16L};
    static constexpr int64_t int_array_9[] = {3072L, 16L, 192L, 1L};
    AtenTensorHandle buf6_handle;
    AtenTensorHandle buf7_handle;
    AtenTensorHandle buf8_handle;
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 64L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_8, int_array_9, 128L)), nullptr, 0, 0.0, 1, nullptr, &buf6_handle, &buf7_handle, &buf8_handle, &buf9_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    RAIIAtenTensorHandle buf7(buf7_handle);
    RAIIAtenTensorHandle buf8(buf8_handle);
    RAIIAtenTensorHandle buf9(buf9_handle);
    buf4.reset();

    static constexpr int64_t int_array_10[] = {32L, 64L};
    static constexpr int64_t int_array_11[] = {64L, 1L};
    auto buf10 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf3, 2, int_array_10, int_array_11, 0L)); buf3.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_3, reshape, linear_1], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    static constexpr int64_t int_array_12[] = {64L, 64L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf10, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_proj_weight, 2, int_array_12, int_array_7, 0L))));
    static constexpr int64_t int_array_13[] = {2L, 16L, 64L};
    static constexpr int64_t int_array_14[] = {1024L, 64L, 1L};
    auto buf11 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf10, 3, int_array_13, int_array_14, 0L)); buf10.reset();  // reuse
    auto buf15 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf6, 3, int_array_13, int_array_14, 0L)); buf6.reset();  // reuse
    // Topologically Sorted Source Nodes: [embedding, arange, embedding_1, add, linear_1, add_1, layer_norm_1], Original ATen: [aten.embedding, aten.arange, aten.add, aten.addmm, aten.view, aten.native_layer_norm]
    call_triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_1(buf11, arg30_1, tok_weight, pos_weight, blocks_0_proj_bias, blocks_0_ln2_weight, blocks_0_ln2_bias, buf15, 32L, 64L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg30_1.reset();
    static constexpr int64_t int_array_15[] = {32L, 256L};
    static constexpr int64_t int_array_16[] = {256L, 1L};
    AtenTensorHandle buf16_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_15, int_array_16, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf16_handle));
    RAIIAtenTensorHandle buf16(buf16_handle);
    // Topologically Sorted Source Nodes: [layer_norm_1, linear_2], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    static constexpr int64_t int_array_17[] = {64L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf16, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf15, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc1_weight, 2, int_array_17, int_array_7, 0L))));
    static constexpr int64_t int_array_18[] = {2L, 16L, 256L};
    static constexpr int64_t int_array_19[] = {4096L, 256L, 1L};
    auto buf17 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf16, 3, int_array_18, int_array_19, 0L)); buf16.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.addmm, aten.view, aten.gelu]
    call_triton_poi_fused_addmm_gelu_view_2(buf17, blocks_0_fc1_bias, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_20[] = {32L, 64L};
    static constexpr int64_t int_array_21[] = {64L, 1L};
    auto buf18 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf15, 2, int_array_20, int_array_21, 0L)); buf15.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2, gelu, linear_3], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
    static constexpr int64_t int_array_22[] = {32L, 256L};
    static constexpr int64_t int_array_23[] = {256L, 1L};
    static constexpr int64_t int_array_24[] = {256L, 64L};
    static constexpr int64_t int_array_25[] = {1L, 256L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf18, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf17, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_0_fc2_weight, 2, int_array_24, int_array_25, 0L))));
    buf17.reset();
    static constexpr int64_t int_array_26[] = {2L, 16L, 64L};
    static constexpr int64_t int_array_27[] = {1024L, 64L, 1L};
    AtenTensorHandle buf22_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_26, int_array_27, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf22_handle));
    RAIIAtenTensorHandle buf22(buf22_handle);
    // Topologically Sorted Source Nodes: [linear_3, add_2, layer_norm_2], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_addmm_native_layer_norm_view_3(buf11, blocks_0_fc2_bias, buf18, blocks_1_ln1_weight, blocks_1_ln1_bias, buf22, 32L, 64L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_28[] = {32L, 192L};
    static constexpr int64_t int_array_29[] = {192L, 1L};
    AtenTensorHandle buf23_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_28, int_array_29, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf23_handle));
    RAIIAtenTensorHandle buf23(buf23_handle);
    // Topologically Sorted Source Nodes: [linear_3, add_2, layer_norm_2, linear_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf23, blocks_1_qkv_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf22, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_qkv_weight, 2, int_array_6, int_array_7, 0L)), 1L, 1L));
    // Topologically Sorted Source Nodes: [linear_4, split_1, view_3, transpose_4, view_4, transpose_5, view_5, transpose_6, scaled_dot_product_attention_1], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_efficient_attention]
    AtenTensorHandle buf25_handle;
    AtenTensorHandle buf26_handle;
    AtenTensorHandle buf27_handle;
    AtenTensorHandle buf28_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 64L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf23, 4, int_array_8, int_array_9, 128L)), nullptr, 0, 0.0, 1, nullptr, &buf25_handle, &buf26_handle, &buf27_handle, &buf28_handle));
    RAIIAtenTensorHandle buf25(buf25_handle);
    RAIIAtenTensorHandle buf26(buf26_handle);
    RAIIAtenTensorHandle buf27(buf27_handle);
    RAIIAtenTensorHandle buf28(buf28_handle);
    buf23.reset();

    static constexpr int64_t int_array_30[] = {32L, 64L};
    static constexpr int64_t int_array_31[] = {64L, 1L};
    auto buf29 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf22, 2, int_array_30, int_array_31, 0L)); buf22.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_7, reshape_1, linear_5], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf29, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf25, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_proj_weight, 2, int_array_12, int_array_7, 0L))));
    auto buf30 = std::move(buf11);  // reuse
    static constexpr int64_t int_array_32[] = {2L, 16L, 64L};
    static constexpr int64_t int_array_33[] = {1024L, 64L, 1L};
    auto buf34 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf25, 3, int_array_32, int_array_33, 0L)); buf25.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_3, add_2, linear_5, add_3, layer_norm_3], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_addmm_native_layer_norm_view_4(buf30, blocks_0_fc2_bias, buf18, blocks_1_proj_bias, buf29, blocks_1_ln2_weight, blocks_1_ln2_bias, buf34, 32L, 64L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf18.reset();
    buf29.reset();
    static constexpr int64_t int_array_34[] = {32L, 256L};
    static constexpr int64_t int_array_35[] = {256L, 1L};
    AtenTensorHandle buf35_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_34, int_array_35, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf35_handle));
    RAIIAtenTensorHandle buf35(buf35_handle);
    // Topologically Sorted Source Nodes: [layer_norm_3, linear_6], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf35, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf34, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc1_weight, 2, int_array_17, int_array_7, 0L))));
    static constexpr int64_t int_array_36[] = {2L, 16L, 256L};
    static constexpr int64_t int_array_37[] = {4096L, 256L, 1L};
    auto buf36 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf35, 3, int_array_36, int_array_37, 0L)); buf35.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6, gelu_1], Original ATen: [aten.addmm, aten.view, aten.gelu]
    call_triton_poi_fused_addmm_gelu_view_2(buf36, blocks_1_fc1_bias, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_38[] = {32L, 64L};
    static constexpr int64_t int_array_39[] = {64L, 1L};
    auto buf37 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf34, 2, int_array_38, int_array_39, 0L)); buf34.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6, gelu_1, linear_7], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf37, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf36, 2, int_array_22, int_array_23, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(blocks_1_fc2_weight, 2, int_array_24, int_array_25, 0L))));
    buf36.reset();
    auto buf41 = std::move(buf30);  // reuse
    // Topologically Sorted Source Nodes: [linear_7, add_4, layer_norm_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_addmm_native_layer_norm_view_5(buf41, blocks_1_fc2_bias, buf37, ln_weight, ln_bias, 32L, 64L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf37.reset();
    static constexpr int64_t int_array_40[] = {32L, 1000L};
    static constexpr int64_t int_array_41[] = {1000L, 1L};
    AtenTensorHandle buf42_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_40, int_array_41, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf42_handle));
    RAIIAtenTensorHandle buf42(buf42_handle);
    // Topologically Sorted Source Nodes: [linear_7, add_4, layer_norm_4, linear_8], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
    static constexpr int64_t int_array_42[] = {64L, 1000L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_addmm_out(buf42, head_bias, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf41, 2, int_array_4, int_array_5, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(head_weight, 2, int_array_42, int_array_7, 0L)), 1L, 1L));
    buf41.reset();
    static constexpr int64_t int_array_43[] = {2L, 16L, 1000L};
    static constexpr int64_t int_array_44[] = {16000L, 1000L, 1L};
    auto var_0 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf42, 3, int_array_43, int_array_44, 0L));
    output_handles[0] = var_0.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor





// Compile cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cnultwxsdwby6qeqpvrhg7wa4kzyl44w634d2a5n42s5g3aiyyyk.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cnultwxsdwby6qeqpvrhg7wa4kzyl44w634d2a5n42s5g3aiyyyk.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cnultwxsdwby6qeqpvrhg7wa4kzyl44w634d2a5n42s5g3aiyyyk.wrapper.o /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cqxs7lmhkentfiecjspshjvcylpzftxu23q7nmawnpc2pgerq5vz.kernel.o /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cnultwxsdwby6qeqpvrhg7wa4kzyl44w634d2a5n42s5g3aiyyyk/csf6vg4a4zsb54hir54nrvabngxcpibiarwesqtczif2avdzld6i.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/torchinductor_root/c4jzvpsjswvzrghbw4fi2ukszif23w4zpguvv3uud2v7ixzw5yr2/cnultwxsdwby6qeqpvrhg7wa4kzyl44w634d2a5n42s5g3aiyyyk.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
