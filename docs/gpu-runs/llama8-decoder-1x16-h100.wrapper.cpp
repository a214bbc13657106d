
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
CACHE_TORCH_DTYPE(int64);
CACHE_TORCH_DTYPE(float32);
CACHE_TORCH_DEVICE(cuda);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13{nullptr};
    CUfunction triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9{nullptr};
    CUfunction triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0{nullptr};
    CUfunction triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3{nullptr};
    CUfunction triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4{nullptr};
    CUfunction triton_poi_fused__to_copy_add_arange_unsqueeze_1{nullptr};
    CUfunction triton_poi_fused__unsafe_view_mul_silu_6{nullptr};
    CUfunction triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           76,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg77_1";
    constants_info_[0].name = "lm_model_embed_tokens_weight";
    constants_info_[0].dtype = cached_torch_dtype_float32;
    constants_info_[0].device_type = cached_torch_device_type_cuda;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 65536000;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {32000, 512};
    constants_info_[0].stride = {512, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "lm.model.embed_tokens.weight";
    constants_info_[1].name = "lm_model_layers_0_self_attn_q_proj_weight";
    constants_info_[1].dtype = cached_torch_dtype_float32;
    constants_info_[1].device_type = cached_torch_device_type_cuda;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 1048576;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {512, 512};
    constants_info_[1].stride = {512, 1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "lm.model.layers.0.self_attn.q_proj.weight";
    constants_info_[2].name = "lm_model_layers_0_self_attn_k_proj_weight";
    constants_info_[2].dtype = cached_torch_dtype_float32;
    constants_info_[2].device_type = cached_torch_device_type_cuda;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 1048576;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {512, 512};
    constants_info_[2].stride = {512, 1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "lm.model.layers.0.self_attn.k_proj.weight";
    constants_info_[3].name = "lm_model_layers_0_self_attn_v_proj_weight";
    constants_info_[3].dtype = cached_torch_dtype_float32;
    constants_info_[3].device_type = cached_torch_device_type_cuda;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 1048576;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {512, 512};
    constants_info_[3].stride = {512, 1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "lm.model.layers.0.self_attn.v_proj.weight";
    constants_info_[4].name = "lm_model_layers_0_self_attn_o_proj_weight";
    constants_info_[4].dtype = cached_torch_dtype_float32;
    constants_info_[4].device_type = cached_torch_device_type_cuda;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 1048576;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[4].shape = {512, 512};
    constants_info_[4].stride = {512, 1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "lm.model.layers.0.self_attn.o_proj.weight";
    constants_info_[5].name = "lm_model_layers_0_mlp_gate_proj_weight";
    constants_info_[5].dtype = cached_torch_dtype_float32;
    constants_info_[5].device_type = cached_torch_device_type_cuda;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 2883584;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[5].shape = {1408, 512};
    constants_info_[5].stride = {512, 1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "lm.model.layers.0.mlp.gate_proj.weight";
    constants_info_[6].name = "lm_model_layers_0_mlp_up_proj_weight";
    constants_info_[6].dtype = cached_torch_dtype_float32;
    constants_info_[6].device_type = cached_torch_device_type_cuda;
    constants_info_[6].offset = 0;
    constants_info_[6].data_size = 2883584;
    constants_info_[6].from_folded = false;
    constants_info_[6].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[6].shape = {1408, 512};
    constants_info_[6].stride = {512, 1};
    constants_info_[6].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[6].original_fqn = "lm.model.layers.0.mlp.up_proj.weight";
    constants_info_[7].name = "lm_model_layers_0_mlp_down_proj_weight";
    constants_info_[7].dtype = cached_torch_dtype_float32;
    constants_info_[7].device_type = cached_torch_device_type_cuda;
    constants_info_[7].offset = 0;
    constants_info_[7].data_size = 2883584;
    constants_info_[7].from_folded = false;
    constants_info_[7].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[7].shape = {512, 1408};
    constants_info_[7].stride = {1408, 1};
    constants_info_[7].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[7].original_fqn = "lm.model.layers.0.mlp.down_proj.weight";
    constants_info_[8].name = "lm_model_layers_0_input_layernorm_weight";
    constants_info_[8].dtype = cached_torch_dtype_float32;
    constants_info_[8].device_type = cached_torch_device_type_cuda;
    constants_info_[8].offset = 0;
    constants_info_[8].data_size = 2048;
    constants_info_[8].from_folded = false;
    constants_info_[8].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[8].shape = {512};
    constants_info_[8].stride = {1};
    constants_info_[8].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[8].original_fqn = "lm.model.layers.0.input_layernorm.weight";
    constants_info_[9].name = "lm_model_layers_0_post_attention_layernorm_weight";
    constants_info_[9].dtype = cached_torch_dtype_float32;
    constants_info_[9].device_type = cached_torch_device_type_cuda;
    constants_info_[9].offset = 0;
    constants_info_[9].data_size = 2048;
    constants_info_[9].from_folded = false;
    constants_info_[9].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[9].shape = {512};
    constants_info_[9].stride = {1};
    constants_info_[9].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[9].original_fqn = "lm.model.layers.0.post_attention_layernorm.weight";
    constants_info_[10].name = "lm_model_layers_1_self_attn_q_proj_weight";
    constants_info_[10].dtype = cached_torch_dtype_float32;
    constants_info_[10].device_type = cached_torch_device_type_cuda;
    constants_info_[10].offset = 0;
    constants_info_[10].data_size = 1048576;
    constants_info_[10].from_folded = false;
    constants_info_[10].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[10].shape = {512, 512};
    constants_info_[10].stride = {512, 1};
    constants_info_[10].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[10].original_fqn = "lm.model.layers.1.self_attn.q_proj.weight";
    constants_info_[11].name = "lm_model_layers_1_self_attn_k_proj_weight";
    constants_info_[11].dtype = cached_torch_dtype_float32;
    constants_info_[11].device_type = cached_torch_device_type_cuda;
    constants_info_[11].offset = 0;
    constants_info_[11].data_size = 1048576;
    constants_info_[11].from_folded = false;
    constants_info_[11].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[11].shape = {512, 512};
    constants_info_[11].stride = {512, 1};
    constants_info_[11].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[11].original_fqn = "lm.model.layers.1.self_attn.k_proj.weight";
    constants_info_[12].name = "lm_model_layers_1_self_attn_v_proj_weight";
    constants_info_[12].dtype = cached_torch_dtype_float32;
    constants_info_[12].device_type = cached_torch_device_type_cuda;
    constants_info_[12].offset = 0;
    constants_info_[12].data_size = 1048576;
    constants_info_[12].from_folded = false;
    constants_info_[12].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[12].shape = {512, 512};
    constants_info_[12].stride = {512, 1};
    constants_info_[12].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[12].original_fqn = "lm.model.layers.1.self_attn.v_proj.weight";
    constants_info_[13].name = "lm_model_layers_1_self_attn_o_proj_weight";
    constants_info_[13].dtype = cached_torch_dtype_float32;
    constants_info_[13].device_type = cached_torch_device_type_cuda;
    constants_info_[13].offset = 0;
    constants_info_[13].data_size = 1048576;
    constants_info_[13].from_folded = false;
    constants_info_[13].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[13].shape = {512, 512};
    constants_info_[13].stride = {512, 1};
    constants_info_[13].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[13].original_fqn = "lm.model.layers.1.self_attn.o_proj.weight";
    constants_info_[14].name = "lm_model_layers_1_mlp_gate_proj_weight";
    constants_info_[14].dtype = cached_torch_dtype_float32;
    constants_info_[14].device_type = cached_torch_device_type_cuda;
    constants_info_[14].offset = 0;
    constants_info_[14].data_size = 2883584;
    constants_info_[14].from_folded = false;
    constants_info_[14].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[14].shape = {1408, 512};
    constants_info_[14].stride = {512, 1};
    constants_info_[14].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[14].original_fqn = "lm.model.layers.1.mlp.gate_proj.weight";
    constants_info_[15].name = "lm_model_layers_1_mlp_up_proj_weight";
    constants_info_[15].dtype = cached_torch_dtype_float32;
    constants_info_[15].device_type = cached_torch_device_type_cuda;
    constants_info_[15].offset = 0;
    constants_info_[15].data_size = 2883584;
    constants_info_[15].from_folded = false;
    constants_info_[15].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[15].shape = {1408, 512};
    constants_info_[15].stride = {512, 1};
    constants_info_[15].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[15].original_fqn = "lm.model.layers.1.mlp.up_proj.weight";
    constants_info_[16].name = "lm_model_layers_1_mlp_down_proj_weight";
    constants_info_[16].dtype = cached_torch_dtype_float32;
    constants_info_[16].device_type = cached_torch_device_type_cuda;
    constants_info_[16].offset = 0;
    constants_info_[16].data_size = 2883584;
    constants_info_[16].from_folded = false;
    constants_info_[16].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[16].shape = {512, 1408};
    constants_info_[16].stride = {1408, 1};
    constants_info_[16].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[16].original_fqn = "lm.model.layers.1.mlp.down_proj.weight";
    constants_info_[17].name = "lm_model_layers_1_input_layernorm_weight";
    constants_info_[17].dtype = cached_torch_dtype_float32;
    constants_info_[17].device_type = cached_torch_device_type_cuda;
    constants_info_[17].offset = 0;
    constants_info_[17].data_size = 2048;
    constants_info_[17].from_folded = false;
    constants_info_[17].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[17].shape = {512};
    constants_info_[17].stride = {1};
    constants_info_[17].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[17].original_fqn = "lm.model.layers.1.input_layernorm.weight";
    constants_info_[18].name = "lm_model_layers_1_post_attention_layernorm_weight";
    constants_info_[18].dtype = cached_torch_dtype_float32;
    constants_info_[18].device_type = cached_torch_device_type_cuda;
    constants_info_[18].offset = 0;
    constants_info_[18].data_size = 2048;
    constants_info_[18].from_folded = false;
    constants_info_[18].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[18].shape = {512};
    constants_info_[18].stride = {1};
    constants_info_[18].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[18].original_fqn = "lm.model.layers.1.post_attention_layernorm.weight";
    constants_info_[19].name = "lm_model_layers_2_self_attn_q_proj_weight";
    constants_info_[19].dtype = cached_torch_dtype_float32;
    constants_info_[19].device_type = cached_torch_device_type_cuda;
    constants_info_[19].offset = 0;
    constants_info_[19].data_size = 1048576;
    constants_info_[19].from_folded = false;
    constants_info_[19].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[19].shape = {512, 512};
    constants_info_[19].stride = {512, 1};
    constants_info_[19].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[19].original_fqn = "lm.model.layers.2.self_attn.q_proj.weight";
    constants_info_[20].name = "lm_model_layers_2_self_attn_k_proj_weight";
    constants_info_[20].dtype = cached_torch_dtype_float32;
    constants_info_[20].device_type = cached_torch_device_type_cuda;
    constants_info_[20].offset = 0;
    constants_info_[20].data_size = 1048576;
    constants_info_[20].from_folded = false;
    constants_info_[20].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[20].shape = {512, 512};
    constants_info_[20].stride = {512, 1};
    constants_info_[20].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[20].original_fqn = "lm.model.layers.2.self_attn.k_proj.weight";
    constants_info_[21].name = "lm_model_layers_2_self_attn_v_proj_weight";
    constants_info_[21].dtype = cached_torch_dtype_float32;
    constants_info_[21].device_type = cached_torch_device_type_cuda;
    constants_info_[21].offset = 0;
    constants_info_[21].data_size = 1048576;
    constants_info_[21].from_folded = false;
    constants_info_[21].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[21].shape = {512, 512};
    constants_info_[21].stride = {512, 1};
    constants_info_[21].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[21].original_fqn = "lm.model.layers.2.self_attn.v_proj.weight";
    constants_info_[22].name = "lm_model_layers_2_self_attn_o_proj_weight";
    constants_info_[22].dtype = cached_torch_dtype_float32;
    constants_info_[22].device_type = cached_torch_device_type_cuda;
    constants_info_[22].offset = 0;
    constants_info_[22].data_size = 1048576;
    constants_info_[22].from_folded = false;
    constants_info_[22].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[22].shape = {512, 512};
    constants_info_[22].stride = {512, 1};
    constants_info_[22].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[22].original_fqn = "lm.model.layers.2.self_attn.o_proj.weight";
    constants_info_[23].name = "lm_model_layers_2_mlp_gate_proj_weight";
    constants_info_[23].dtype = cached_torch_dtype_float32;
    constants_info_[23].device_type = cached_torch_device_type_cuda;
    constants_info_[23].offset = 0;
    constants_info_[23].data_size = 2883584;
    constants_info_[23].from_folded = false;
    constants_info_[23].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[23].shape = {1408, 512};
    constants_info_[23].stride = {512, 1};
    constants_info_[23].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[23].original_fqn = "lm.model.layers.2.mlp.gate_proj.weight";
    constants_info_[24].name = "lm_model_layers_2_mlp_up_proj_weight";
    constants_info_[24].dtype = cached_torch_dtype_float32;
    constants_info_[24].device_type = cached_torch_device_type_cuda;
    constants_info_[24].offset = 0;
    constants_info_[24].data_size = 2883584;
    constants_info_[24].from_folded = false;
    constants_info_[24].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[24].shape = {1408, 512};
    constants_info_[24].stride = {512, 1};
    constants_info_[24].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[24].original_fqn = "lm.model.layers.2.mlp.up_proj.weight";
    constants_info_[25].name = "lm_model_layers_2_mlp_down_proj_weight";
    constants_info_[25].dtype = cached_torch_dtype_float32;
    constants_info_[25].device_type = cached_torch_device_type_cuda;
    constants_info_[25].offset = 0;
    constants_info_[25].data_size = 2883584;
    constants_info_[25].from_folded = false;
    constants_info_[25].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[25].shape = {512, 1408};
    constants_info_[25].stride = {1408, 1};
    constants_info_[25].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[25].original_fqn = "lm.model.layers.2.mlp.down_proj.weight";
    constants_info_[26].name = "lm_model_layers_2_input_layernorm_weight";
    constants_info_[26].dtype = cached_torch_dtype_float32;
    constants_info_[26].device_type = cached_torch_device_type_cuda;
    constants_info_[26].offset = 0;
    constants_info_[26].data_size = 2048;
    constants_info_[26].from_folded = false;
    constants_info_[26].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[26].shape = {512};
    constants_info_[26].stride = {1};
    constants_info_[26].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[26].original_fqn = "lm.model.layers.2.input_layernorm.weight";
    constants_info_[27].name = "lm_model_layers_2_post_attention_layernorm_weight";
    constants_info_[27].dtype = cached_torch_dtype_float32;
    constants_info_[27].device_type = cached_torch_device_type_cuda;
    constants_info_[27].offset = 0;
    constants_info_[27].data_size = 2048;
    constants_info_[27].from_folded = false;
    constants_info_[27].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[27].shape = {512};
    constants_info_[27].stride = {1};
    constants_info_[27].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[27].original_fqn = "lm.model.layers.2.post_attention_layernorm.weight";
    constants_info_[28].name = "lm_model_layers_3_self_attn_q_proj_weight";
    constants_info_[28].dtype = cached_torch_dtype_float32;
    constants_info_[28].device_type = cached_torch_device_type_cuda;
    constants_info_[28].offset = 0;
    constants_info_[28].data_size = 1048576;
    constants_info_[28].from_folded = false;
    constants_info_[28].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[28].shape = {512, 512};
    constants_info_[28].stride = {512, 1};
    constants_info_[28].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[28].original_fqn = "lm.model.layers.3.self_attn.q_proj.weight";
    constants_info_[29].name = "lm_model_layers_3_self_attn_k_proj_weight";
    constants_info_[29].dtype = cached_torch_dtype_float32;
    constants_info_[29].device_type = cached_torch_device_type_cuda;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 1048576;
    constants_info_[29].from_folded = false;
    constants_info_[29].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[29].shape = {512, 512};
    constants_info_[29].stride = {512, 1};
    constants_info_[29].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[29].original_fqn = "lm.model.layers.3.self_attn.k_proj.weight";
    constants_info_[30].name = "lm_model_layers_3_self_attn_v_proj_weight";
    constants_info_[30].dtype = cached_torch_dtype_float32;
    constants_info_[30].device_type = cached_torch_device_type_cuda;
    constants_info_[30].offset = 0;
    constants_info_[30].data_size = 1048576;
    constants_info_[30].from_folded = false;
    constants_info_[30].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[30].shape = {512, 512};
    constants_info_[30].stride = {512, 1};
    constants_info_[30].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[30].original_fqn = "lm.model.layers.3.self_attn.v_proj.weight";
    constants_info_[31].name = "lm_model_layers_3_self_attn_o_proj_weight";
    constants_info_[31].dtype = cached_torch_dtype_float32;
    constants_info_[31].device_type = cached_torch_device_type_cuda;
    constants_info_[31].offset = 0;
    constants_info_[31].data_size = 1048576;
    constants_info_[31].from_folded = false;
    constants_info_[31].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[31].shape = {512, 512};
    constants_info_[31].stride = {512, 1};
    constants_info_[31].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[31].original_fqn = "lm.model.layers.3.self_attn.o_proj.weight";
    constants_info_[32].name = "lm_model_layers_3_mlp_gate_proj_weight";
    constants_info_[32].dtype = cached_torch_dtype_float32;
    constants_info_[32].device_type = cached_torch_device_type_cuda;
    constants_info_[32].offset = 0;
    constants_info_[32].data_size = 2883584;
    constants_info_[32].from_folded = false;
    constants_info_[32].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[32].shape = {1408, 512};
    constants_info_[32].stride = {512, 1};
    constants_info_[32].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[32].original_fqn = "lm.model.layers.3.mlp.gate_proj.weight";
    constants_info_[33].name = "lm_model_layers_3_mlp_up_proj_weight";
    constants_info_[33].dtype = cached_torch_dtype_float32;
    constants_info_[33].device_type = cached_torch_device_type_cuda;
    constants_info_[33].offset = 0;
    constants_info_[33].data_size = 2883584;
    constants_info_[33].from_folded = false;
    constants_info_[33].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[33].shape = {1408, 512};
    constants_info_[33].stride = {512, 1};
    constants_info_[33].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[33].original_fqn = "lm.model.layers.3.mlp.up_proj.weight";
    constants_info_[34].name = "lm_model_layers_3_mlp_down_proj_weight";
    constants_info_[34].dtype = cached_torch_dtype_float32;
    constants_info_[34].device_type = cached_torch_device_type_cuda;
    constants_info_[34].offset = 0;
    constants_info_[34].data_size = 2883584;
    constants_info_[34].from_folded = false;
    constants_info_[34].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[34].shape = {512, 1408};
    constants_info_[34].stride = {1408, 1};
    constants_info_[34].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[34].original_fqn = "lm.model.layers.3.mlp.down_proj.weight";
    constants_info_[35].name = "lm_model_layers_3_input_layernorm_weight";
    constants_info_[35].dtype = cached_torch_dtype_float32;
    constants_info_[35].device_type = cached_torch_device_type_cuda;
    constants_info_[35].offset = 0;
    constants_info_[35].data_size = 2048;
    constants_info_[35].from_folded = false;
    constants_info_[35].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[35].shape = {512};
    constants_info_[35].stride = {1};
    constants_info_[35].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[35].original_fqn = "lm.model.layers.3.input_layernorm.weight";
    constants_info_[36].name = "lm_model_layers_3_post_attention_layernorm_weight";
    constants_info_[36].dtype = cached_torch_dtype_float32;
    constants_info_[36].device_type = cached_torch_device_type_cuda;
    constants_info_[36].offset = 0;
    constants_info_[36].data_size = 2048;
    constants_info_[36].from_folded = false;
    constants_info_[36].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[36].shape = {512};
    constants_info_[36].stride = {1};
    constants_info_[36].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[36].original_fqn = "lm.model.layers.3.post_attention_layernorm.weight";
    constants_info_[37].name = "lm_model_layers_4_self_attn_q_proj_weight";
    constants_info_[37].dtype = cached_torch_dtype_float32;
    constants_info_[37].device_type = cached_torch_device_type_cuda;
    constants_info_[37].offset = 0;
    constants_info_[37].data_size = 1048576;
    constants_info_[37].from_folded = false;
    constants_info_[37].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[37].shape = {512, 512};
    constants_info_[37].stride = {512, 1};
    constants_info_[37].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[37].original_fqn = "lm.model.layers.4.self_attn.q_proj.weight";
    constants_info_[38].name = "lm_model_layers_4_self_attn_k_proj_weight";
    constants_info_[38].dtype = cached_torch_dtype_float32;
    constants_info_[38].device_type = cached_torch_device_type_cuda;
    constants_info_[38].offset = 0;
    constants_info_[38].data_size = 1048576;
    constants_info_[38].from_folded = false;
    constants_info_[38].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[38].shape = {512, 512};
    constants_info_[38].stride = {512, 1};
    constants_info_[38].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[38].original_fqn = "lm.model.layers.4.self_attn.k_proj.weight";
    constants_info_[39].name = "lm_model_layers_4_self_attn_v_proj_weight";
    constants_info_[39].dtype = cached_torch_dtype_float32;
    constants_info_[39].device_type = cached_torch_device_type_cuda;
    constants_info_[39].offset = 0;
    constants_info_[39].data_size = 1048576;
    constants_info_[39].from_folded = false;
    constants_info_[39].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[39].shape = {512, 512};
    constants_info_[39].stride = {512, 1};
    constants_info_[39].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[39].original_fqn = "lm.model.layers.4.self_attn.v_proj.weight";
    constants_info_[40].name = "lm_model_layers_4_self_attn_o_proj_weight";
    constants_info_[40].dtype = cached_torch_dtype_float32;
    constants_info_[40].device_type = cached_torch_device_type_cuda;
    constants_info_[40].offset = 0;
    constants_info_[40].data_size = 1048576;
    constants_info_[40].from_folded = false;
    constants_info_[40].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[40].shape = {512, 512};
    constants_info_[40].stride = {512, 1};
    constants_info_[40].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[40].original_fqn = "lm.model.layers.4.self_attn.o_proj.weight";
    constants_info_[41].name = "lm_model_layers_4_mlp_gate_proj_weight";
    constants_info_[41].dtype = cached_torch_dtype_float32;
    constants_info_[41].device_type = cached_torch_device_type_cuda;
    constants_info_[41].offset = 0;
    constants_info_[41].data_size = 2883584;
    constants_info_[41].from_folded = false;
    constants_info_[41].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[41].shape = {1408, 512};
    constants_info_[41].stride = {512, 1};
    constants_info_[41].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[41].original_fqn = "lm.model.layers.4.mlp.gate_proj.weight";
    constants_info_[42].name = "lm_model_layers_4_mlp_up_proj_weight";
    constants_info_[42].dtype = cached_torch_dtype_float32;
    constants_info_[42].device_type = cached_torch_device_type_cuda;
    constants_info_[42].offset = 0;
    constants_info_[42].data_size = 2883584;
    constants_info_[42].from_folded = false;
    constants_info_[42].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[42].shape = {1408, 512};
    constants_info_[42].stride = {512, 1};
    constants_info_[42].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[42].original_fqn = "lm.model.layers.4.mlp.up_proj.weight";
    constants_info_[43].name = "lm_model_layers_4_mlp_down_proj_weight";
    constants_info_[43].dtype = cached_torch_dtype_float32;
    constants_info_[43].device_type = cached_torch_device_type_cuda;
    constants_info_[43].offset = 0;
    constants_info_[43].data_size = 2883584;
    constants_info_[43].from_folded = false;
    constants_info_[43].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[43].shape = {512, 1408};
    constants_info_[43].stride = {1408, 1};
    constants_info_[43].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[43].original_fqn = "lm.model.layers.4.mlp.down_proj.weight";
    constants_info_[44].name = "lm_model_layers_4_input_layernorm_weight";
    constants_info_[44].dtype = cached_torch_dtype_float32;
    constants_info_[44].device_type = cached_torch_device_type_cuda;
    constants_info_[44].offset = 0;
    constants_info_[44].data_size = 2048;
    constants_info_[44].from_folded = false;
    constants_info_[44].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[44].shape = {512};
    constants_info_[44].stride = {1};
    constants_info_[44].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[44].original_fqn = "lm.model.layers.4.input_layernorm.weight";
    constants_info_[45].name = "lm_model_layers_4_post_attention_layernorm_weight";
    constants_info_[45].dtype = cached_torch_dtype_float32;
    constants_info_[45].device_type = cached_torch_device_type_cuda;
    constants_info_[45].offset = 0;
    constants_info_[45].data_size = 2048;
    constants_info_[45].from_folded = false;
    constants_info_[45].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[45].shape = {512};
    constants_info_[45].stride = {1};
    constants_info_[45].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[45].original_fqn = "lm.model.layers.4.post_attention_layernorm.weight";
    constants_info_[46].name = "lm_model_layers_5_self_attn_q_proj_weight";
    constants_info_[46].dtype = cached_torch_dtype_float32;
    constants_info_[46].device_type = cached_torch_device_type_cuda;
    constants_info_[46].offset = 0;
    constants_info_[46].data_size = 1048576;
    constants_info_[46].from_folded = false;
    constants_info_[46].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[46].shape = {512, 512};
    constants_info_[46].stride = {512, 1};
    constants_info_[46].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[46].original_fqn = "lm.model.layers.5.self_attn.q_proj.weight";
    constants_info_[47].name = "lm_model_layers_5_self_attn_k_proj_weight";
    constants_info_[47].dtype = cached_torch_dtype_float32;
    constants_info_[47].device_type = cached_torch_device_type_cuda;
    constants_info_[47].offset = 0;
    constants_info_[47].data_size = 1048576;
    constants_info_[47].from_folded = false;
    constants_info_[47].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[47].shape = {512, 512};
    constants_info_[47].stride = {512, 1};
    constants_info_[47].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[47].original_fqn = "lm.model.layers.5.self_attn.k_proj.weight";
    constants_info_[48].name = "lm_model_layers_5_self_attn_v_proj_weight";
    constants_info_[48].dtype = cached_torch_dtype_float32;
    constants_info_[48].device_type = cached_torch_device_type_cuda;
    constants_info_[48].offset = 0;
    constants_info_[48].data_size = 1048576;
    constants_info_[48].from_folded = false;
    constants_info_[48].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[48].shape = {512, 512};
    constants_info_[48].stride = {512, 1};
    constants_info_[48].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[48].original_fqn = "lm.model.layers.5.self_attn.v_proj.weight";
    constants_info_[49].name = "lm_model_layers_5_self_attn_o_proj_weight";
    constants_info_[49].dtype = cached_torch_dtype_float32;
    constants_info_[49].device_type = cached_torch_device_type_cuda;
    constants_info_[49].offset = 0;
    constants_info_[49].data_size = 1048576;
    constants_info_[49].from_folded = false;
    constants_info_[49].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[49].shape = {512, 512};
    constants_info_[49].stride = {512, 1};
    constants_info_[49].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[49].original_fqn = "lm.model.layers.5.self_attn.o_proj.weight";
    constants_info_[50].name = "lm_model_layers_5_mlp_gate_proj_weight";
    constants_info_[50].dtype = cached_torch_dtype_float32;
    constants_info_[50].device_type = cached_torch_device_type_cuda;
    constants_info_[50].offset = 0;
    constants_info_[50].data_size = 2883584;
    constants_info_[50].from_folded = false;
    constants_info_[50].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[50].shape = {1408, 512};
    constants_info_[50].stride = {512, 1};
    constants_info_[50].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[50].original_fqn = "lm.model.layers.5.mlp.gate_proj.weight";
    constants_info_[51].name = "lm_model_layers_5_mlp_up_proj_weight";
    constants_info_[51].dtype = cached_torch_dtype_float32;
    constants_info_[51].device_type = cached_torch_device_type_cuda;
    constants_info_[51].offset = 0;
    constants_info_[51].data_size = 2883584;
    constants_info_[51].from_folded = false;
    constants_info_[51].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[51].shape = {1408, 512};
    constants_info_[51].stride = {512, 1};
    constants_info_[51].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[51].original_fqn = "lm.model.layers.5.mlp.up_proj.weight";
    constants_info_[52].name = "lm_model_layers_5_mlp_down_proj_weight";
    constants_info_[52].dtype = cached_torch_dtype_float32;
    constants_info_[52].device_type = cached_torch_device_type_cuda;
    constants_info_[52].offset = 0;
    constants_info_[52].data_size = 2883584;
    constants_info_[52].from_folded = false;
    constants_info_[52].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[52].shape = {512, 1408};
    constants_info_[52].stride = {1408, 1};
    constants_info_[52].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[52].original_fqn = "lm.model.layers.5.mlp.down_proj.weight";
    constants_info_[53].name = "lm_model_layers_5_input_layernorm_weight";
    constants_info_[53].dtype = cached_torch_dtype_float32;
    constants_info_[53].device_type = cached_torch_device_type_cuda;
    constants_info_[53].offset = 0;
    constants_info_[53].data_size = 2048;
    constants_info_[53].from_folded = false;
    constants_info_[53].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[53].shape = {512};
    constants_info_[53].stride = {1};
    constants_info_[53].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[53].original_fqn = "lm.model.layers.5.input_layernorm.weight";
    constants_info_[54].name = "lm_model_layers_5_post_attention_layernorm_weight";
    constants_info_[54].dtype = cached_torch_dtype_float32;
    constants_info_[54].device_type = cached_torch_device_type_cuda;
    constants_info_[54].offset = 0;
    constants_info_[54].data_size = 2048;
    constants_info_[54].from_folded = false;
    constants_info_[54].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[54].shape = {512};
    constants_info_[54].stride = {1};
    constants_info_[54].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[54].original_fqn = "lm.model.layers.5.post_attention_layernorm.weight";
    constants_info_[55].name = "lm_model_layers_6_self_attn_q_proj_weight";
    constants_info_[55].dtype = cached_torch_dtype_float32;
    constants_info_[55].device_type = cached_torch_device_type_cuda;
    constants_info_[55].offset = 0;
    constants_info_[55].data_size = 1048576;
    constants_info_[55].from_folded = false;
    constants_info_[55].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[55].shape = {512, 512};
    constants_info_[55].stride = {512, 1};
    constants_info_[55].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[55].original_fqn = "lm.model.layers.6.self_attn.q_proj.weight";
    constants_info_[56].name = "lm_model_layers_6_self_attn_k_proj_weight";
    constants_info_[56].dtype = cached_torch_dtype_float32;
    constants_info_[56].device_type = cached_torch_device_type_cuda;
    constants_info_[56].offset = 0;
    constants_info_[56].data_size = 1048576;
    constants_info_[56].from_folded = false;
    constants_info_[56].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[56].shape = {512, 512};
    constants_info_[56].stride = {512, 1};
    constants_info_[56].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[56].original_fqn = "lm.model.layers.6.self_attn.k_proj.weight";
    constants_info_[57].name = "lm_model_layers_6_self_attn_v_proj_weight";
    constants_info_[57].dtype = cached_torch_dtype_float32;
    constants_info_[57].device_type = cached_torch_device_type_cuda;
    constants_info_[57].offset = 0;
    constants_info_[57].data_size = 1048576;
    constants_info_[57].from_folded = false;
    constants_info_[57].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[57].shape = {512, 512};
    constants_info_[57].stride = {512, 1};
    constants_info_[57].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[57].original_fqn = "lm.model.layers.6.self_attn.v_proj.weight";
    constants_info_[58].name = "lm_model_layers_6_self_attn_o_proj_weight";
    constants_info_[58].dtype = cached_torch_dtype_float32;
    constants_info_[58].device_type = cached_torch_device_type_cuda;
    constants_info_[58].offset = 0;
    constants_info_[58].data_size = 1048576;
    constants_info_[58].from_folded = false;
    constants_info_[58].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[58].shape = {512, 512};
    constants_info_[58].stride = {512, 1};
    constants_info_[58].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[58].original_fqn = "lm.model.layers.6.self_attn.o_proj.weight";
    constants_info_[59].name = "lm_model_layers_6_mlp_gate_proj_weight";
    constants_info_[59].dtype = cached_torch_dtype_float32;
    constants_info_[59].device_type = cached_torch_device_type_cuda;
    constants_info_[59].offset = 0;
    constants_info_[59].data_size = 2883584;
    constants_info_[59].from_folded = false;
    constants_info_[59].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[59].shape = {1408, 512};
    constants_info_[59].stride = {512, 1};
    constants_info_[59].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[59].original_fqn = "lm.model.layers.6.mlp.gate_proj.weight";
    constants_info_[60].name = "lm_model_layers_6_mlp_up_proj_weight";
    constants_info_[60].dtype = cached_torch_dtype_float32;
    constants_info_[60].device_type = cached_torch_device_type_cuda;
    constants_info_[60].offset = 0;
    constants_info_[60].data_size = 2883584;
    constants_info_[60].from_folded = false;
    constants_info_[60].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[60].shape = {1408, 512};
    constants_info_[60].stride = {512, 1};
    constants_info_[60].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[60].original_fqn = "lm.model.layers.6.mlp.up_proj.weight";
    constants_info_[61].name = "lm_model_layers_6_mlp_down_proj_weight";
    constants_info_[61].dtype = cached_torch_dtype_float32;
    constants_info_[61].device_type = cached_torch_device_type_cuda;
    constants_info_[61].offset = 0;
    constants_info_[61].data_size = 2883584;
    constants_info_[61].from_folded = false;
    constants_info_[61].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[61].shape = {512, 1408};
    constants_info_[61].stride = {1408, 1};
    constants_info_[61].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[61].original_fqn = "lm.model.layers.6.mlp.down_proj.weight";
    constants_info_[62].name = "lm_model_layers_6_input_layernorm_weight";
    constants_info_[62].dtype = cached_torch_dtype_float32;
    constants_info_[62].device_type = cached_torch_device_type_cuda;
    constants_info_[62].offset = 0;
    constants_info_[62].data_size = 2048;
    constants_info_[62].from_folded = false;
    constants_info_[62].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[62].shape = {512};
    constants_info_[62].stride = {1};
    constants_info_[62].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[62].original_fqn = "lm.model.layers.6.input_layernorm.weight";
    constants_info_[63].name = "lm_model_layers_6_post_attention_layernorm_weight";
    constants_info_[63].dtype = cached_torch_dtype_float32;
    constants_info_[63].device_type = cached_torch_device_type_cuda;
    constants_info_[63].offset = 0;
    constants_info_[63].data_size = 2048;
    constants_info_[63].from_folded = false;
    constants_info_[63].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[63].shape = {512};
    constants_info_[63].stride = {1};
    constants_info_[63].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[63].original_fqn = "lm.model.layers.6.post_attention_layernorm.weight";
    constants_info_[64].name = "lm_model_layers_7_self_attn_q_proj_weight";
    constants_info_[64].dtype = cached_torch_dtype_float32;
    constants_info_[64].device_type = cached_torch_device_type_cuda;
    constants_info_[64].offset = 0;
    constants_info_[64].data_size = 1048576;
    constants_info_[64].from_folded = false;
    constants_info_[64].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[64].shape = {512, 512};
    constants_info_[64].stride = {512, 1};
    constants_info_[64].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[64].original_fqn = "lm.model.layers.7.self_attn.q_proj.weight";
    constants_info_[65].name = "lm_model_layers_7_self_attn_k_proj_weight";
    constants_info_[65].dtype = cached_torch_dtype_float32;
    constants_info_[65].device_type = cached_torch_device_type_cuda;
    constants_info_[65].offset = 0;
    constants_info_[65].data_size = 1048576;
    constants_info_[65].from_folded = false;
    constants_info_[65].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[65].shape = {512, 512};
    constants_info_[65].stride = {512, 1};
    constants_info_[65].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[65].original_fqn = "lm.model.layers.7.self_attn.k_proj.weight";
    constants_info_[66].name = "lm_model_layers_7_self_attn_v_proj_weight";
    constants_info_[66].dtype = cached_torch_dtype_float32;
    constants_info_[66].device_type = cached_torch_device_type_cuda;
    constants_info_[66].offset = 0;
    constants_info_[66].data_size = 1048576;
    constants_info_[66].from_folded = false;
    constants_info_[66].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[66].shape = {512, 512};
    constants_info_[66].stride = {512, 1};
    constants_info_[66].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[66].original_fqn = "lm.model.layers.7.self_attn.v_proj.weight";
    constants_info_[67].name = "lm_model_layers_7_self_attn_o_proj_weight";
    constants_info_[67].dtype = cached_torch_dtype_float32;
    constants_info_[67].device_type = cached_torch_device_type_cuda;
    constants_info_[67].offset = 0;
    constants_info_[67].data_size = 1048576;
    constants_info_[67].from_folded = false;
    constants_info_[67].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[67].shape = {512, 512};
    constants_info_[67].stride = {512, 1};
    constants_info_[67].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[67].original_fqn = "lm.model.layers.7.self_attn.o_proj.weight";
    constants_info_[68].name = "lm_model_layers_7_mlp_gate_proj_weight";
    constants_info_[68].dtype = cached_torch_dtype_float32;
    constants_info_[68].device_type = cached_torch_device_type_cuda;
    constants_info_[68].offset = 0;
    constants_info_[68].data_size = 2883584;
    constants_info_[68].from_folded = false;
    constants_info_[68].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[68].shape = {1408, 512};
    constants_info_[68].stride = {512, 1};
    constants_info_[68].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[68].original_fqn = "lm.model.layers.7.mlp.gate_proj.weight";
    constants_info_[69].name = "lm_model_layers_7_mlp_up_proj_weight";
    constants_info_[69].dtype = cached_torch_dtype_float32;
    constants_info_[69].device_type = cached_torch_device_type_cuda;
    constants_info_[69].offset = 0;
    constants_info_[69].data_size = 2883584;
    constants_info_[69].from_folded = false;
    constants_info_[69].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[69].shape = {1408, 512};
    constants_info_[69].stride = {512, 1};
    constants_info_[69].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[69].original_fqn = "lm.model.layers.7.mlp.up_proj.weight";
    constants_info_[70].name = "lm_model_layers_7_mlp_down_proj_weight";
    constants_info_[70].dtype = cached_torch_dtype_float32;
    constants_info_[70].device_type = cached_torch_device_type_cuda;
    constants_info_[70].offset = 0;
    constants_info_[70].data_size = 2883584;
    constants_info_[70].from_folded = false;
    constants_info_[70].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[70].shape = {512, 1408};
    constants_info_[70].stride = {1408, 1};
    constants_info_[70].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[70].original_fqn = "lm.model.layers.7.mlp.down_proj.weight";
    constants_info_[71].name = "lm_model_layers_7_input_layernorm_weight";
    constants_info_[71].dtype = cached_torch_dtype_float32;
    constants_info_[71].device_type = cached_torch_device_type_cuda;
    constants_info_[71].offset = 0;
    constants_info_[71].data_size = 2048;
    constants_info_[71].from_folded = false;
    constants_info_[71].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[71].shape = {512};
    constants_info_[71].stride = {1};
    constants_info_[71].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[71].original_fqn = "lm.model.layers.7.input_layernorm.weight";
    constants_info_[72].name = "lm_model_layers_7_post_attention_layernorm_weight";
    constants_info_[72].dtype = cached_torch_dtype_float32;
    constants_info_[72].device_type = cached_torch_device_type_cuda;
    constants_info_[72].offset = 0;
    constants_info_[72].data_size = 2048;
    constants_info_[72].from_folded = false;
    constants_info_[72].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[72].shape = {512};
    constants_info_[72].stride = {1};
    constants_info_[72].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[72].original_fqn = "lm.model.layers.7.post_attention_layernorm.weight";
    constants_info_[73].name = "lm_model_norm_weight";
    constants_info_[73].dtype = cached_torch_dtype_float32;
    constants_info_[73].device_type = cached_torch_device_type_cuda;
    constants_info_[73].offset = 0;
    constants_info_[73].data_size = 2048;
    constants_info_[73].from_folded = false;
    constants_info_[73].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[73].shape = {512};
    constants_info_[73].stride = {1};
    constants_info_[73].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[73].original_fqn = "lm.model.norm.weight";
    constants_info_[74].name = "lm_lm_head_weight";
    constants_info_[74].dtype = cached_torch_dtype_float32;
    constants_info_[74].device_type = cached_torch_device_type_cuda;
    constants_info_[74].offset = 0;
    constants_info_[74].data_size = 65536000;
    constants_info_[74].from_folded = false;
    constants_info_[74].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[74].shape = {32000, 512};
    constants_info_[74].stride = {512, 1};
    constants_info_[74].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[74].original_fqn = "lm.lm_head.weight";
    constants_info_[75].name = "lm_model_rotary_emb_inv_freq";
    constants_info_[75].dtype = cached_torch_dtype_float32;
    constants_info_[75].device_type = cached_torch_device_type_cuda;
    constants_info_[75].offset = 0;
    constants_info_[75].data_size = 128;
    constants_info_[75].from_folded = false;
    constants_info_[75].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[75].shape = {32};
    constants_info_[75].stride = {1};
    constants_info_[75].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[75].original_fqn = "lm.model.rotary_emb.inv_freq";
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

template <typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0(
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton.jit
    def _triton_helper_fn_add0(arg0_0, arg1_0):
        tmp0 = arg0_0 + arg1_0
        return tmp0

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 1, 'r0_': 16},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'out_ptr0': '*i64', 'xnumel': 'constexpr', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {'xnumel': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'r0_': 256}}
    )
    @triton.jit
    def triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0(out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 1
        r0_numel = 16
        R0_BLOCK: tl.constexpr = 16
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_0 = r0_index
        tmp0 = 1 + r0_0
        tmp1 = tl.full([1, 1], 0, tl.int64)
        tmp2 = tmp0 >= tmp1
        tmp3 = tl.full([1, 1], 1, tl.int64)
        tmp4 = tmp0 < tmp3
        tmp5 = tl.broadcast_to((-1) + (1 + r0_0), [XBLOCK, R0_BLOCK])
        tmp6 = tl.full(tmp5.shape, 0.0, tmp5.dtype)
        tmp7 = tl.where(tmp4, tmp5, tmp6)
        tmp8 = tmp0 >= tmp3
        tmp9 = tl.full([1, 1], 17, tl.int64)
        tmp10 = tmp0 < tmp9
        tmp11 = tl.broadcast_to(r0_0, [XBLOCK, R0_BLOCK])
        tmp12 = tl.full(tmp11.shape, 0.0, tmp11.dtype)
        tmp13 = tl.where(tmp8, tmp11, tmp12)
        tmp14 = tl.where(tmp4, tmp7, tmp13)
        tmp15 = r0_0
        tmp16 = tmp15 >= tmp1
        tmp17 = tmp15 < tmp3
        tmp18 = tl.broadcast_to((-1) + (r0_0), [XBLOCK, R0_BLOCK])
        tmp19 = tl.full(tmp18.shape, 0.0, tmp18.dtype)
        tmp20 = tl.where(tmp17, tmp18, tmp19)
        tmp21 = tmp15 >= tmp3
        tmp22 = tmp15 < tmp9
        tmp23 = tl.broadcast_to((-1) + r0_0, [XBLOCK, R0_BLOCK])
        tmp24 = tl.full(tmp23.shape, 0.0, tmp23.dtype)
        tmp25 = tl.where(tmp21, tmp23, tmp24)
        tmp26 = tl.where(tmp17, tmp20, tmp25)
        tmp27 = tmp14 - tmp26
        tmp28 = tmp27 != tmp3
        tmp29 = tmp28.to(tl.int64)
        tmp30 = tmp29.to(tl.int64)
        tmp31 = tl.broadcast_to(tmp30, [XBLOCK, R0_BLOCK])
        tmp32, = tl.associative_scan((tmp31,), 1, _triton_helper_fn_add0)
        tl.store(out_ptr0 + (tl.broadcast_to(r0_0, [XBLOCK, R0_BLOCK])), tmp32, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0 == nullptr) {
        kernels_.triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cksm773tqi64ykqgcovlmam6pjsaae2gqgtkjuq65ks2v2wnjzdq.cubin", "triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0", 0, cubin_dir_); 
    }
    CUdeviceptr var_9 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_10 = r0_numel;
    CUdeviceptr global_scratch_scratch_11 = 0;
    CUdeviceptr profile_scratch_scratch_12 = 0;
    void* kernel_args_[] = {&var_9, &var_10, &global_scratch_scratch_11, &profile_scratch_scratch_12};
    launchKernel(kernels_.triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0, grid_0, grid_1, grid_2, 2, 0, kernel_args_, stream_);
}

template <typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__to_copy_add_arange_unsqueeze_1(
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__to_copy_add_arange_unsqueeze_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 16}, 
        filename=__file__,
        triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_arange_unsqueeze_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 128}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__to_copy_add_arange_unsqueeze_1(out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 16
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = x0
        tmp1 = tmp0.to(tl.float32)
        tl.store(out_ptr0 + (x0), tmp1, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__to_copy_add_arange_unsqueeze_1 == nullptr) {
        kernels_.triton_poi_fused__to_copy_add_arange_unsqueeze_1 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/chjnt52fm4ledwnzl73noo4yp37utiugf3hoslz5auuyzipaipbk.cubin", "triton_poi_fused__to_copy_add_arange_unsqueeze_1", 0, cubin_dir_); 
    }
    CUdeviceptr var_13 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_14 = xnumel;
    CUdeviceptr global_scratch_scratch_15 = 0;
    CUdeviceptr profile_scratch_scratch_16 = 0;
    void* kernel_args_[] = {&var_13, &var_14, &global_scratch_scratch_15, &profile_scratch_scratch_16};
    launchKernel(kernels_.triton_poi_fused__to_copy_add_arange_unsqueeze_1, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 128, 'r0_': 67584}}
    )
    @triton.jit
    def triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2(in_ptr0, in_ptr1, in_ptr2, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = xindex < xnumel
        r0_base = tl.arange(0, R0_BLOCK)[None, :]
        rbase = r0_base
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
        _tmp9 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
        for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
            r0_index = r0_offset + r0_base
            r0_mask = r0_index < r0_numel
            roffset = r0_offset
            rindex = r0_index
            r0_1 = r0_index
            tmp1 = tl.full([1, 1], 32000, tl.int32)
            tmp2 = tmp0 + tmp1
            tmp3 = tmp0 < 0
            tmp4 = tl.where(tmp3, tmp2, tmp0)
            tl.device_assert(((0 <= tmp4) & (tmp4 < 32000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 32000")
            tmp6 = tl.load(in_ptr1 + (r0_1 + 512*tmp4), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
            tmp7 = tmp6 * tmp6
            tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
            tmp10 = _tmp9 + tmp8
            _tmp9 = tl.where(r0_mask & xmask, tmp10, _tmp9)
        tmp9 = tl.sum(_tmp9, 1)[:, None]
        for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
            r0_index = r0_offset + r0_base
            r0_mask = r0_index < r0_numel
            roffset = r0_offset
            rindex = r0_index
            r0_1 = r0_index
            tmp11 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
            tmp12 = tl.full([1, 1], 32000, tl.int32)
            tmp13 = tmp0 + tmp12
            tmp14 = tmp0 < 0
            tmp15 = tl.where(tmp14, tmp13, tmp0)
            tl.device_assert(((0 <= tmp15) & (tmp15 < 32000)) | ~(xmask), "index out of bounds: 0 <= tmp15 < 32000")
            tmp17 = tl.load(in_ptr1 + (r0_1 + 512*tmp15), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
            tmp18 = tl.full([1, 1], 512.0, tl.float32)
            tmp19 = (tmp9 / tmp18)
            tmp20 = tl.full([1, 1], 1e-06, tl.float32)
            tmp21 = tmp19 + tmp20
            tmp22 = libdevice.rsqrt(tmp21)
            tmp23 = tmp17 * tmp22
            tmp24 = tmp11 * tmp23
            tl.store(out_ptr1 + (r0_1 + 512*x0), tmp24, r0_mask & xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (2 - 1)) / (2));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2 == nullptr) {
        kernels_.triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/csinavh3hfcozi4r4k5tzusxok354d7hqnsq2xg7vywmkbjjgahm.cubin", "triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2", 32, cubin_dir_); 
    }
    CUdeviceptr var_17 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_18 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_19 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_20 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_21 = xnumel;
    int32_t var_22 = r0_numel;
    CUdeviceptr global_scratch_scratch_23 = 0;
    CUdeviceptr profile_scratch_scratch_24 = 0;
    void* kernel_args_[] = {&var_17, &var_18, &var_19, &var_20, &var_21, &var_22, &global_scratch_scratch_23, &profile_scratch_scratch_24};
    launchKernel(kernels_.triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2, grid_0, grid_1, grid_2, 4, 32, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename out_ptr0_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const out_ptr0_type_& out_ptr0,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 8192}, 
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 327680}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
        xnumel = 8192
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x3 = xindex
        x0 = (xindex % 64)
        x2 = xindex // 512
        x4 = xindex // 64
        tmp0 = tl.load(in_ptr0 + (x3), None)
        tmp1 = tl.load(in_ptr1 + (x2 + 16*((x0 % 32))), None, eviction_policy='evict_last')
        tmp24 = tl.load(in_ptr2 + (x3), None)
        tmp2 = tl_math.cos(tmp1)
        tmp3 = tl.full([1], 1.0, tl.float32)
        tmp4 = tmp2 * tmp3
        tmp5 = tmp0 * tmp4
        tmp6 = x0
        tmp7 = tl.full([1], 0, tl.int64)
        tmp8 = tmp6 >= tmp7
        tmp9 = tl.full([1], 32, tl.int64)
        tmp10 = tmp6 < tmp9
        tmp11 = tl.load(in_ptr0 + (32 + 64*x4 + (x0)), tmp10, eviction_policy='evict_last', other=0.0)
        tmp12 = -tmp11
        tmp13 = tl.full(tmp12.shape, 0.0, tmp12.dtype)
        tmp14 = tl.where(tmp10, tmp12, tmp13)
        tmp15 = tmp6 >= tmp9
        tmp16 = tl.full([1], 64, tl.int64)
        tmp17 = tmp6 < tmp16
        tmp18 = tl.load(in_ptr0 + (64*x4 + ((-32) + x0)), tmp15, eviction_policy='evict_last', other=0.0)
        tmp19 = tl.where(tmp10, tmp14, tmp18)
        tmp20 = tl_math.sin(tmp1)
        tmp21 = tmp20 * tmp3
        tmp22 = tmp19 * tmp21
        tmp23 = tmp5 + tmp22
        tmp25 = tmp24 * tmp4
        tmp26 = tl.load(in_ptr2 + (32 + 64*x4 + (x0)), tmp10, eviction_policy='evict_last', other=0.0)
        tmp27 = -tmp26
        tmp28 = tl.full(tmp27.shape, 0.0, tmp27.dtype)
        tmp29 = tl.where(tmp10, tmp27, tmp28)
        tmp30 = tl.load(in_ptr2 + (64*x4 + ((-32) + x0)), tmp15, eviction_policy='evict_last', other=0.0)
        tmp31 = tl.where(tmp10, tmp29, tmp30)
        tmp32 = tmp31 * tmp21
        tmp33 = tmp25 + tmp32
        tl.store(out_ptr0 + (x3), tmp23, None)
        tl.store(out_ptr1 + (x3), tmp33, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (256 - 1)) / (256));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3 == nullptr) {
        kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cwh5r7dhurg24ueohv3lx6nrteihmlck4dlzkvnjvx7onntvgtuk.cubin", "triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3", 0, cubin_dir_); 
    }
    CUdeviceptr var_25 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_26 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_27 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_28 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr var_29 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_30 = xnumel;
    CUdeviceptr global_scratch_scratch_31 = 0;
    CUdeviceptr profile_scratch_scratch_32 = 0;
    void* kernel_args_[] = {&var_25, &var_26, &var_27, &var_28, &var_29, &var_30, &global_scratch_scratch_31, &profile_scratch_scratch_32};
    launchKernel(kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename out_ptr1_type_, typename out_ptr2_type_, typename out_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    const out_ptr1_type_& out_ptr1,
    const out_ptr2_type_& out_ptr2,
    const out_ptr3_type_& out_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 256}, 
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 4, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8320}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4(in_ptr0, out_ptr0, out_ptr1, out_ptr2, out_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 256
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = (xindex % 16)
        x1 = xindex // 16
        x2 = xindex
        tmp5 = tl.load(in_ptr0 + (x1), xmask, eviction_policy='evict_last')
        tmp6 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
        tmp0 = x0
        tmp1 = x1
        tmp2 = tmp0 <= tmp1
        tmp3 = tl.full([1], True, tl.int1)
        tmp4 = tmp3 & tmp2
        tmp7 = tmp5 == tmp6
        tmp8 = tmp4 & tmp7
        tmp9 = tl.full([1], 0.0, tl.float32)
        tmp10 = tl.full([1], float("-inf"), tl.float32)
        tmp11 = tl.where(tmp8, tmp9, tmp10)
        tl.store(out_ptr0 + (x2), tmp11, xmask)
        tl.store(out_ptr1 + (x2), tmp11, xmask)
        tl.store(out_ptr2 + (x2), tmp11, xmask)
        tl.store(out_ptr3 + (x2), tmp11, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (256 - 1)) / (256));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4 == nullptr) {
        kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/ckm33ackkajnjbnvv6gukxavolmblqrdb3n2sntws6vl6dfx45mp.cubin", "triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4", 0, cubin_dir_); 
    }
    CUdeviceptr var_33 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_34 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr var_35 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    CUdeviceptr var_36 = reinterpret_cast<CUdeviceptr>(out_ptr2.data_ptr());
    CUdeviceptr var_37 = reinterpret_cast<CUdeviceptr>(out_ptr3.data_ptr());
    int32_t var_38 = xnumel;
    CUdeviceptr global_scratch_scratch_39 = 0;
    CUdeviceptr profile_scratch_scratch_40 = 0;
    void* kernel_args_[] = {&var_33, &var_34, &var_35, &var_36, &var_37, &var_38, &global_scratch_scratch_39, &profile_scratch_scratch_40};
    launchKernel(kernels_.triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 128, 'r0_': 100352}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        x0 = xindex
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
        tmp7 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp14 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
        tmp1 = tl.full([1, 1], 32000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 32000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 32000")
        tmp6 = tl.load(in_ptr1 + (r0_1 + 512*tmp4), xmask, other=0.0)
        tmp8 = tmp6 + tmp7
        tmp9 = tmp8 * tmp8
        tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp12 = tl.where(xmask, tmp10, 0)
        tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
        tmp15 = tl.full([1, 1], 512.0, tl.float32)
        tmp16 = (tmp13 / tmp15)
        tmp17 = tl.full([1, 1], 1e-06, tl.float32)
        tmp18 = tmp16 + tmp17
        tmp19 = libdevice.rsqrt(tmp18)
        tmp20 = tmp8 * tmp19
        tmp21 = tmp14 * tmp20
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp21, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cx52kqjg4wsmeiwg3yuuw6q4xwzzx5vfxrnij6r2tomrs2um5crz.cubin", "triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5", 16, cubin_dir_); 
    }
    CUdeviceptr var_41 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_42 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_43 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_44 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_45 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_46 = xnumel;
    int32_t var_47 = r0_numel;
    CUdeviceptr global_scratch_scratch_48 = 0;
    CUdeviceptr profile_scratch_scratch_49 = 0;
    void* kernel_args_[] = {&var_41, &var_42, &var_43, &var_44, &var_45, &var_46, &var_47, &global_scratch_scratch_48, &profile_scratch_scratch_49};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__unsafe_view_mul_silu_6(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__unsafe_view_mul_silu_6', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 32768}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_mul_silu_6', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 360448}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__unsafe_view_mul_silu_6(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 22528
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (x0), xmask)
        tmp6 = tl.load(in_ptr0 + (x0), xmask)
        tmp1 = -tmp0
        tmp2 = libdevice.exp(tmp1)
        tmp3 = tl.full([1], 1.0, tl.float32)
        tmp4 = tmp2 + tmp3
        tmp5 = (tmp0 / tmp4)
        tmp7 = tmp5 * tmp6
        tl.store(in_out_ptr0 + (x0), tmp7, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (128 - 1)) / (128));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__unsafe_view_mul_silu_6 == nullptr) {
        kernels_.triton_poi_fused__unsafe_view_mul_silu_6 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/co7yiv7jykc2e62w6qskjplfht46lhl2irjx2kuyngcvz3yeeeae.cubin", "triton_poi_fused__unsafe_view_mul_silu_6", 0, cubin_dir_); 
    }
    CUdeviceptr var_50 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_51 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    int32_t var_52 = xnumel;
    CUdeviceptr global_scratch_scratch_53 = 0;
    CUdeviceptr profile_scratch_scratch_54 = 0;
    void* kernel_args_[] = {&var_50, &var_51, &var_52, &global_scratch_scratch_53, &profile_scratch_scratch_54};
    launchKernel(kernels_.triton_poi_fused__unsafe_view_mul_silu_6, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 128, 'r0_': 133120}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        x0 = xindex
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
        tmp7 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp9 = tl.load(in_ptr3 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp16 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp1 = tl.full([1, 1], 32000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 32000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 32000")
        tmp6 = tl.load(in_ptr1 + (r0_1 + 512*tmp4), xmask, other=0.0)
        tmp8 = tmp6 + tmp7
        tmp10 = tmp8 + tmp9
        tmp11 = tmp10 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = tl.where(xmask, tmp12, 0)
        tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
        tmp17 = tl.full([1, 1], 512.0, tl.float32)
        tmp18 = (tmp15 / tmp17)
        tmp19 = tl.full([1, 1], 1e-06, tl.float32)
        tmp20 = tmp18 + tmp19
        tmp21 = libdevice.rsqrt(tmp20)
        tmp22 = tmp10 * tmp21
        tmp23 = tmp16 * tmp22
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp23, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/ccejlgqszot6vtrrzapqkydrzlafxjpxwg2hpj7fbtm4ljymg27t.cubin", "triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7", 16, cubin_dir_); 
    }
    CUdeviceptr var_55 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_56 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_57 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_58 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_59 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_60 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_61 = xnumel;
    int32_t var_62 = r0_numel;
    CUdeviceptr global_scratch_scratch_63 = 0;
    CUdeviceptr profile_scratch_scratch_64 = 0;
    void* kernel_args_[] = {&var_55, &var_56, &var_57, &var_58, &var_59, &var_60, &var_61, &var_62, &global_scratch_scratch_63, &profile_scratch_scratch_64};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 128, 'r0_': 231424}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        x0 = xindex
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
        tmp7 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp9 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp11 = tl.load(in_ptr3 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp18 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp1 = tl.full([1, 1], 32000, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert(((0 <= tmp4) & (tmp4 < 32000)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 32000")
        tmp6 = tl.load(in_ptr1 + (r0_1 + 512*tmp4), xmask, other=0.0)
        tmp8 = tmp6 + tmp7
        tmp10 = tmp8 + tmp9
        tmp12 = tmp10 + tmp11
        tmp13 = tmp12 * tmp12
        tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
        tmp16 = tl.where(xmask, tmp14, 0)
        tmp17 = tl.sum(tmp16, 1)[:, None].to(tl.float32)
        tmp19 = tl.full([1, 1], 512.0, tl.float32)
        tmp20 = (tmp17 / tmp19)
        tmp21 = tl.full([1, 1], 1e-06, tl.float32)
        tmp22 = tmp20 + tmp21
        tmp23 = libdevice.rsqrt(tmp22)
        tmp24 = tmp12 * tmp23
        tmp25 = tmp18 * tmp24
        tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp12, xmask)
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp25, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c4jevif7uxoagpfzwl7g2ayaseel6nsuy7s5mrag22swhxlihq6w.cubin", "triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8", 16, cubin_dir_); 
    }
    CUdeviceptr var_65 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_66 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_67 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_68 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_69 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_70 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_71 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_72 = xnumel;
    int32_t var_73 = r0_numel;
    CUdeviceptr global_scratch_scratch_74 = 0;
    CUdeviceptr profile_scratch_scratch_75 = 0;
    void* kernel_args_[] = {&var_65, &var_66, &var_67, &var_68, &var_69, &var_70, &var_71, &var_72, &var_73, &global_scratch_scratch_74, &profile_scratch_scratch_75};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 133120}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9(in_ptr0, in_ptr1, in_ptr2, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp8 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tmp0 + tmp1
        tmp3 = tmp2 * tmp2
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = tl.where(xmask, tmp4, 0)
        tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
        tmp9 = tl.full([1, 1], 512.0, tl.float32)
        tmp10 = (tmp7 / tmp9)
        tmp11 = tl.full([1, 1], 1e-06, tl.float32)
        tmp12 = tmp10 + tmp11
        tmp13 = libdevice.rsqrt(tmp12)
        tmp14 = tmp2 * tmp13
        tmp15 = tmp8 * tmp14
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp15, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cdkjdp3hv3toiqdbaoxsuox44oqvcnmp35xwpys7qzt2ewfpckvh.cubin", "triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9", 16, cubin_dir_); 
    }
    CUdeviceptr var_76 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_77 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_78 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_79 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_80 = xnumel;
    int32_t var_81 = r0_numel;
    CUdeviceptr global_scratch_scratch_82 = 0;
    CUdeviceptr profile_scratch_scratch_83 = 0;
    void* kernel_args_[] = {&var_76, &var_77, &var_78, &var_79, &var_80, &var_81, &global_scratch_scratch_82, &profile_scratch_scratch_83};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 165888}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp3 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp10 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp5 = tmp4 * tmp4
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp8 = tl.where(xmask, tmp6, 0)
        tmp9 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
        tmp11 = tl.full([1, 1], 512.0, tl.float32)
        tmp12 = (tmp9 / tmp11)
        tmp13 = tl.full([1, 1], 1e-06, tl.float32)
        tmp14 = tmp12 + tmp13
        tmp15 = libdevice.rsqrt(tmp14)
        tmp16 = tmp4 * tmp15
        tmp17 = tmp10 * tmp16
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp17, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/chh2ue5zmsziefwtrtpoziboikl4pcznwdwlxy2uq7jmmyqrfrvq.cubin", "triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10", 16, cubin_dir_); 
    }
    CUdeviceptr var_84 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_85 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_86 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_87 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_88 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_89 = xnumel;
    int32_t var_90 = r0_numel;
    CUdeviceptr global_scratch_scratch_91 = 0;
    CUdeviceptr profile_scratch_scratch_92 = 0;
    void* kernel_args_[] = {&var_84, &var_85, &var_86, &var_87, &var_88, &var_89, &var_90, &global_scratch_scratch_91, &profile_scratch_scratch_92};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 198656}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        tmp0 = tl.load(in_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp3 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp5 = tl.load(in_ptr3 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp12 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp6 = tmp4 + tmp5
        tmp7 = tmp6 * tmp6
        tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
        tmp10 = tl.where(xmask, tmp8, 0)
        tmp11 = tl.sum(tmp10, 1)[:, None].to(tl.float32)
        tmp13 = tl.full([1, 1], 512.0, tl.float32)
        tmp14 = (tmp11 / tmp13)
        tmp15 = tl.full([1, 1], 1e-06, tl.float32)
        tmp16 = tmp14 + tmp15
        tmp17 = libdevice.rsqrt(tmp16)
        tmp18 = tmp6 * tmp17
        tmp19 = tmp12 * tmp18
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp19, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c7k3a6p3ucmo6w2emniypndep4b6lr4ujzz63pvetmiuhus7gzpr.cubin", "triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11", 16, cubin_dir_); 
    }
    CUdeviceptr var_93 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_94 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_95 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_96 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_97 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_98 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_99 = xnumel;
    int32_t var_100 = r0_numel;
    CUdeviceptr global_scratch_scratch_101 = 0;
    CUdeviceptr profile_scratch_scratch_102 = 0;
    void* kernel_args_[] = {&var_93, &var_94, &var_95, &var_96, &var_97, &var_98, &var_99, &var_100, &global_scratch_scratch_101, &profile_scratch_scratch_102};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 296960}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp3 = tl.load(in_ptr1 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp5 = tl.load(in_ptr2 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp7 = tl.load(in_ptr3 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp14 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 + tmp3
        tmp6 = tmp4 + tmp5
        tmp8 = tmp6 + tmp7
        tmp9 = tmp8 * tmp8
        tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp12 = tl.where(xmask, tmp10, 0)
        tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
        tmp15 = tl.full([1, 1], 512.0, tl.float32)
        tmp16 = (tmp13 / tmp15)
        tmp17 = tl.full([1, 1], 1e-06, tl.float32)
        tmp18 = tmp16 + tmp17
        tmp19 = libdevice.rsqrt(tmp18)
        tmp20 = tmp8 * tmp19
        tmp21 = tmp14 * tmp20
        tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp8, xmask)
        tl.store(out_ptr1 + (r0_1 + 512*x0), tmp21, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cykwnx47w33j5dciuv7cmlfpl5rsjuw2orp6ipiibxwrgypnzt33.cubin", "triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12", 16, cubin_dir_); 
    }
    CUdeviceptr var_103 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_104 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_105 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_106 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_107 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_108 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_109 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_110 = xnumel;
    int32_t var_111 = r0_numel;
    CUdeviceptr global_scratch_scratch_112 = 0;
    CUdeviceptr profile_scratch_scratch_113 = 0;
    void* kernel_args_[] = {&var_103, &var_104, &var_105, &var_106, &var_107, &var_108, &var_109, &var_110, &var_111, &global_scratch_scratch_112, &profile_scratch_scratch_113};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 16, 'r0_': 512},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 133120}}
    )
    @triton.jit
    def triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13(in_out_ptr0, in_ptr0, in_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 16
        r0_numel = 512
        R0_BLOCK: tl.constexpr = 512
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
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp1 = tl.load(in_ptr0 + (r0_1 + 512*x0), xmask, other=0.0)
        tmp8 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
        tmp2 = tmp0 + tmp1
        tmp3 = tmp2 * tmp2
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = tl.where(xmask, tmp4, 0)
        tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
        tmp9 = tl.full([1, 1], 512.0, tl.float32)
        tmp10 = (tmp7 / tmp9)
        tmp11 = tl.full([1, 1], 1e-06, tl.float32)
        tmp12 = tmp10 + tmp11
        tmp13 = libdevice.rsqrt(tmp12)
        tmp14 = tmp2 * tmp13
        tmp15 = tmp8 * tmp14
        tl.store(in_out_ptr0 + (r0_1 + 512*x0), tmp15, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13 == nullptr) {
        kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13 = loadKernel("/tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c3li3llzkbcvz6vpx2z45m5a3cl4bm2k5biyqnynjkms5l7dp7fm.cubin", "triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13", 16, cubin_dir_); 
    }
    CUdeviceptr var_114 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_115 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_116 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    int32_t var_117 = xnumel;
    int32_t var_118 = r0_numel;
    CUdeviceptr global_scratch_scratch_119 = 0;
    CUdeviceptr profile_scratch_scratch_120 = 0;
    void* kernel_args_[] = {&var_114, &var_115, &var_116, &var_117, &var_118, &global_scratch_scratch_119, &profile_scratch_scratch_120};
    launchKernel(kernels_.triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13, grid_0, grid_1, grid_2, 4, 16, kernel_args_, stream_);
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
    ConstantHandle arg77_1 = ConstantHandle(input_handles[0]);
    int32_t arg77_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg77_1, &arg77_1_dtype));

    int32_t arg77_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg77_1_expected_dtype != arg77_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg77_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg77_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg77_1_size = arg77_1.sizes();

    if (1 != arg77_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 1, " << "but got: " << arg77_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg77_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg77_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg77_1_stride = arg77_1.strides();

    if (16 != arg77_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg77_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg77_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg77_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg77_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg77_1, &arg77_1_device_type));

    int32_t arg77_1_expected_device_type = 1;
    if (arg77_1_expected_device_type != arg77_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg77_1_expected_device_type << "1(cuda), "
        << "but got: " << arg77_1_device_type << "\n";
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
    auto arg77_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& lm_model_embed_tokens_weight = constants_->at(0);
    [[maybe_unused]] auto& lm_model_layers_0_self_attn_q_proj_weight = constants_->at(1);
    [[maybe_unused]] auto& lm_model_layers_0_self_attn_k_proj_weight = constants_->at(2);
    [[maybe_unused]] auto& lm_model_layers_0_self_attn_v_proj_weight = constants_->at(3);
    [[maybe_unused]] auto& lm_model_layers_0_self_attn_o_proj_weight = constants_->at(4);
    [[maybe_unused]] auto& lm_model_layers_0_mlp_gate_proj_weight = constants_->at(5);
    [[maybe_unused]] auto& lm_model_layers_0_mlp_up_proj_weight = constants_->at(6);
    [[maybe_unused]] auto& lm_model_layers_0_mlp_down_proj_weight = constants_->at(7);
    [[maybe_unused]] auto& lm_model_layers_0_input_layernorm_weight = constants_->at(8);
    [[maybe_unused]] auto& lm_model_layers_0_post_attention_layernorm_weight = constants_->at(9);
    [[maybe_unused]] auto& lm_model_layers_1_self_attn_q_proj_weight = constants_->at(10);
    [[maybe_unused]] auto& lm_model_layers_1_self_attn_k_proj_weight = constants_->at(11);
    [[maybe_unused]] auto& lm_model_layers_1_self_attn_v_proj_weight = constants_->at(12);
    [[maybe_unused]] auto& lm_model_layers_1_self_attn_o_proj_weight = constants_->at(13);
    [[maybe_unused]] auto& lm_model_layers_1_mlp_gate_proj_weight = constants_->at(14);
    [[maybe_unused]] auto& lm_model_layers_1_mlp_up_proj_weight = constants_->at(15);
    [[maybe_unused]] auto& lm_model_layers_1_mlp_down_proj_weight = constants_->at(16);
    [[maybe_unused]] auto& lm_model_layers_1_input_layernorm_weight = constants_->at(17);
    [[maybe_unused]] auto& lm_model_layers_1_post_attention_layernorm_weight = constants_->at(18);
    [[maybe_unused]] auto& lm_model_layers_2_self_attn_q_proj_weight = constants_->at(19);
    [[maybe_unused]] auto& lm_model_layers_2_self_attn_k_proj_weight = constants_->at(20);
    [[maybe_unused]] auto& lm_model_layers_2_self_attn_v_proj_weight = constants_->at(21);
    [[maybe_unused]] auto& lm_model_layers_2_self_attn_o_proj_weight = constants_->at(22);
    [[maybe_unused]] auto& lm_model_layers_2_mlp_gate_proj_weight = constants_->at(23);
    [[maybe_unused]] auto& lm_model_layers_2_mlp_up_proj_weight = constants_->at(24);
    [[maybe_unused]] auto& lm_model_layers_2_mlp_down_proj_weight = constants_->at(25);
    [[maybe_unused]] auto& lm_model_layers_2_input_layernorm_weight = constants_->at(26);
    [[maybe_unused]] auto& lm_model_layers_2_post_attention_layernorm_weight = constants_->at(27);
    [[maybe_unused]] auto& lm_model_layers_3_self_attn_q_proj_weight = constants_->at(28);
    [[maybe_unused]] auto& lm_model_layers_3_self_attn_k_proj_weight = constants_->at(29);
    [[maybe_unused]] auto& lm_model_layers_3_self_attn_v_proj_weight = constants_->at(30);
    [[maybe_unused]] auto& lm_model_layers_3_self_attn_o_proj_weight = constants_->at(31);
    [[maybe_unused]] auto& lm_model_layers_3_mlp_gate_proj_weight = constants_->at(32);
    [[maybe_unused]] auto& lm_model_layers_3_mlp_up_proj_weight = constants_->at(33);
    [[maybe_unused]] auto& lm_model_layers_3_mlp_down_proj_weight = constants_->at(34);
    [[maybe_unused]] auto& lm_model_layers_3_input_layernorm_weight = constants_->at(35);
    [[maybe_unused]] auto& lm_model_layers_3_post_attention_layernorm_weight = constants_->at(36);
    [[maybe_unused]] auto& lm_model_layers_4_self_attn_q_proj_weight = constants_->at(37);
    [[maybe_unused]] auto& lm_model_layers_4_self_attn_k_proj_weight = constants_->at(38);
    [[maybe_unused]] auto& lm_model_layers_4_self_attn_v_proj_weight = constants_->at(39);
    [[maybe_unused]] auto& lm_model_layers_4_self_attn_o_proj_weight = constants_->at(40);
    [[maybe_unused]] auto& lm_model_layers_4_mlp_gate_proj_weight = constants_->at(41);
    [[maybe_unused]] auto& lm_model_layers_4_mlp_up_proj_weight = constants_->at(42);
    [[maybe_unused]] auto& lm_model_layers_4_mlp_down_proj_weight = constants_->at(43);
    [[maybe_unused]] auto& lm_model_layers_4_input_layernorm_weight = constants_->at(44);
    [[maybe_unused]] auto& lm_model_layers_4_post_attention_layernorm_weight = constants_->at(45);
    [[maybe_unused]] auto& lm_model_layers_5_self_attn_q_proj_weight = constants_->at(46);
    [[maybe_unused]] auto& lm_model_layers_5_self_attn_k_proj_weight = constants_->at(47);
    [[maybe_unused]] auto& lm_model_layers_5_self_attn_v_proj_weight = constants_->at(48);
    [[maybe_unused]] auto& lm_model_layers_5_self_attn_o_proj_weight = constants_->at(49);
    [[maybe_unused]] auto& lm_model_layers_5_mlp_gate_proj_weight = constants_->at(50);
    [[maybe_unused]] auto& lm_model_layers_5_mlp_up_proj_weight = constants_->at(51);
    [[maybe_unused]] auto& lm_model_layers_5_mlp_down_proj_weight = constants_->at(52);
    [[maybe_unused]] auto& lm_model_layers_5_input_layernorm_weight = constants_->at(53);
    [[maybe_unused]] auto& lm_model_layers_5_post_attention_layernorm_weight = constants_->at(54);
    [[maybe_unused]] auto& lm_model_layers_6_self_attn_q_proj_weight = constants_->at(55);
    [[maybe_unused]] auto& lm_model_layers_6_self_attn_k_proj_weight = constants_->at(56);
    [[maybe_unused]] auto& lm_model_layers_6_self_attn_v_proj_weight = constants_->at(57);
    [[maybe_unused]] auto& lm_model_layers_6_self_attn_o_proj_weight = constants_->at(58);
    [[maybe_unused]] auto& lm_model_layers_6_mlp_gate_proj_weight = constants_->at(59);
    [[maybe_unused]] auto& lm_model_layers_6_mlp_up_proj_weight = constants_->at(60);
    [[maybe_unused]] auto& lm_model_layers_6_mlp_down_proj_weight = constants_->at(61);
    [[maybe_unused]] auto& lm_model_layers_6_input_layernorm_weight = constants_->at(62);
    [[maybe_unused]] auto& lm_model_layers_6_post_attention_layernorm_weight = constants_->at(63);
    [[maybe_unused]] auto& lm_model_layers_7_self_attn_q_proj_weight = constants_->at(64);
    [[maybe_unused]] auto& lm_model_layers_7_self_attn_k_proj_weight = constants_->at(65);
    [[maybe_unused]] auto& lm_model_layers_7_self_attn_v_proj_weight = constants_->at(66);
    [[maybe_unused]] auto& lm_model_layers_7_self_attn_o_proj_weight = constants_->at(67);
    [[maybe_unused]] auto& lm_model_layers_7_mlp_gate_proj_weight = constants_->at(68);
    [[maybe_unused]] auto& lm_model_layers_7_mlp_up_proj_weight = constants_->at(69);
    [[maybe_unused]] auto& lm_model_layers_7_mlp_down_proj_weight = constants_->at(70);
    [[maybe_unused]] auto& lm_model_layers_7_input_layernorm_weight = constants_->at(71);
    [[maybe_unused]] auto& lm_model_layers_7_post_attention_layernorm_weight = constants_->at(72);
    [[maybe_unused]] auto& lm_model_norm_weight = constants_->at(73);
    [[maybe_unused]] auto& lm_lm_head_weight = constants_->at(74);
    [[maybe_unused]] auto& lm_model_rotary_emb_inv_freq = constants_->at(75);

    if ((reinterpret_cast<std::uintptr_t>(arg77_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg77_1_aligned;
        aoti_torch_clone_preserve_strides(arg77_1, &arg77_1_aligned);
        arg77_1 = std::move(RAIIAtenTensorHandle(arg77_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {1L, 16L};
    static constexpr int64_t int_array_1[] = {16L, 1L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_1, cached_torch_dtype_int64, cached_torch_device_type_cuda, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    // Topologically Sorted Source Nodes: [arange, add, unsqueeze, slice_1, sub, diff, ne, cumsum], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.slice, aten.sub, aten.cat, aten.ne, aten.cumsum]
    call_triton_per_fused_add_arange_cat_cumsum_ne_slice_sub_unsqueeze_0(buf0, 1L, 16L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_2[] = {1L, 1L, 16L};
    static constexpr int64_t int_array_3[] = {16L, 16L, 1L};
    AtenTensorHandle buf1_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf1_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    // Topologically Sorted Source Nodes: [arange, add, unsqueeze, unsqueeze_15, to_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten._to_copy]
    call_triton_poi_fused__to_copy_add_arange_unsqueeze_1(buf1, 16L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_4[] = {32L, 16L};
    static constexpr int64_t int_array_5[] = {16L, 1L};
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_4, int_array_5, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf2_handle));
    RAIIAtenTensorHandle buf2(buf2_handle);
    // Topologically Sorted Source Nodes: [arange, add, unsqueeze, unsqueeze_13, unsqueeze_14, expand_1, unsqueeze_15, matmul, to_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.expand, aten.bmm, aten._to_copy]
    static constexpr int64_t int_array_6[] = {32L, 1L};
    static constexpr int64_t int_array_7[] = {1L, 1L};
    static constexpr int64_t int_array_8[] = {1L, 16L};
    static constexpr int64_t int_array_9[] = {0L, 1L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf2, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_rotary_emb_inv_freq, 2, int_array_6, int_array_7, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf1, 2, int_array_8, int_array_9, 0L))));
    buf1.reset();
    static constexpr int64_t int_array_10[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_11[] = {8192L, 512L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_10, int_array_11, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [embedding, pow_1, mean, add_3, rsqrt, mul_2, mul_3], Original ATen: [aten.embedding, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul]
    call_triton_red_fused_add_embedding_mean_mul_pow_rsqrt_2(arg77_1, lm_model_embed_tokens_weight, lm_model_layers_0_input_layernorm_weight, buf4, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_12[] = {16L, 512L};
    static constexpr int64_t int_array_13[] = {512L, 1L};
    AtenTensorHandle buf5_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_12, int_array_13, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    // Topologically Sorted Source Nodes: [embedding, pow_1, mean, add_3, rsqrt, mul_2, mul_3, linear], Original ATen: [aten.embedding, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    static constexpr int64_t int_array_14[] = {16L, 512L};
    static constexpr int64_t int_array_15[] = {512L, 1L};
    static constexpr int64_t int_array_16[] = {512L, 512L};
    static constexpr int64_t int_array_17[] = {1L, 512L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf5, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_18[] = {16L, 512L};
    static constexpr int64_t int_array_19[] = {512L, 1L};
    AtenTensorHandle buf6_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_18, int_array_19, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf6_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    // Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf6, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_20[] = {16L, 512L};
    static constexpr int64_t int_array_21[] = {512L, 1L};
    AtenTensorHandle buf7_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_20, int_array_21, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf7_handle));
    RAIIAtenTensorHandle buf7(buf7_handle);
    // Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf7, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_22[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_23[] = {8192L, 64L, 512L, 1L};
    auto buf8 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf4, 4, int_array_22, int_array_23, 0L)); buf4.reset();  // reuse
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_22, int_array_23, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf9_handle));
    RAIIAtenTensorHandle buf9(buf9_handle);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, linear, view, transpose_1, unsqueeze_16, mul_4, slice_3, neg, slice_2, cat_1, unsqueeze_17, mul_5, add_4, linear_1, view_1, transpose_2, mul_6, slice_5, neg_1, slice_4, cat_2, mul_7, add_5, linear_2, view_2, transpose_3, new_ones, and_1, and_2, expand, scaled_dot_product_attention], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.new_ones, aten.bitwise_and, aten.expand, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf5, buf2, buf6, buf8, buf9, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_24[] = {1L, 1L, 16L, 16L};
    static constexpr int64_t int_array_25[] = {256L, 0L, 16L, 1L};
    AtenTensorHandle buf10_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_24, int_array_25, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf10_handle));
    RAIIAtenTensorHandle buf10(buf10_handle);
    AtenTensorHandle buf30_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_24, int_array_25, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf30_handle));
    RAIIAtenTensorHandle buf30(buf30_handle);
    AtenTensorHandle buf51_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_24, int_array_25, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf51_handle));
    RAIIAtenTensorHandle buf51(buf51_handle);
    AtenTensorHandle buf71_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_24, int_array_25, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf71_handle));
    RAIIAtenTensorHandle buf71(buf71_handle);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, linear, view, transpose_1, unsqueeze_16, mul_4, slice_3, neg, slice_2, cat_1, unsqueeze_17, mul_5, add_4, linear_1, view_1, transpose_2, mul_6, slice_5, neg_1, slice_4, cat_2, mul_7, add_5, linear_2, view_2, transpose_3, new_ones, and_1, and_2, expand, scaled_dot_product_attention, linear_7, view_3, transpose_5, unsqueeze_18, mul_13, slice_7, neg_2, slice_6, cat_3, unsqueeze_19, mul_14, add_10, linear_8, view_4, transpose_6, mul_15, slice_9, neg_3, slice_8, cat_4, mul_16, add_11, linear_9, view_5, transpose_7, scaled_dot_product_attention_1, linear_14, view_6, transpose_9, unsqueeze_20, mul_22, slice_11, neg_4, slice_10, cat_5, unsqueeze_21, mul_23, add_16, linear_15, view_7, transpose_10, mul_24, slice_13, neg_5, slice_12, cat_6, mul_25, add_17, linear_16, view_8, transpose_11, scaled_dot_product_attention_2, linear_21, view_9, transpose_13, unsqueeze_22, mul_31, slice_15, neg_6, slice_14, cat_7, unsqueeze_23, mul_32, add_22, linear_22, view_10, transpose_14, mul_33, slice_17, neg_7, slice_16, cat_8, mul_34, add_23, linear_23, view_11, transpose_15, scaled_dot_product_attention_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.new_ones, aten.bitwise_and, aten.expand, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4(buf0, buf10, buf30, buf51, buf71, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, linear, view, transpose_1, unsqueeze_16, mul_4, slice_3, neg, slice_2, cat_1, unsqueeze_17, mul_5, add_4, linear_1, view_1, transpose_2, mul_6, slice_5, neg_1, slice_4, cat_2, mul_7, add_5, linear_2, view_2, transpose_3, new_ones, and_1, and_2, expand, scaled_dot_product_attention], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.new_ones, aten.bitwise_and, aten.expand, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    static constexpr int64_t int_array_26[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_27[] = {8192L, 64L, 512L, 1L};
    static constexpr int64_t int_array_28[] = {1L, 8L, 16L, 16L};
    static constexpr int64_t int_array_29[] = {256L, 0L, 16L, 1L};
    double var_0 = 0.125;
    AtenTensorHandle buf12_handle;
    AtenTensorHandle buf13_handle;
    AtenTensorHandle buf14_handle;
    AtenTensorHandle buf15_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf8, buf9, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf7, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf10, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_0, &buf12_handle, &buf13_handle, &buf14_handle, &buf15_handle));
    RAIIAtenTensorHandle buf12(buf12_handle);
    RAIIAtenTensorHandle buf13(buf13_handle);
    RAIIAtenTensorHandle buf14(buf14_handle);
    RAIIAtenTensorHandle buf15(buf15_handle);

    static constexpr int64_t int_array_30[] = {16L, 512L};
    static constexpr int64_t int_array_31[] = {512L, 1L};
    auto buf16 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf9, 2, int_array_30, int_array_31, 0L)); buf9.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_4, reshape, linear_3], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf16, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf12, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_32[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_33[] = {8192L, 512L, 1L};
    auto buf18 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf12, 3, int_array_32, int_array_33, 0L)); buf12.reset();  // reuse
    // Topologically Sorted Source Nodes: [embedding, linear_3, add_6, pow_2, mean_1, add_7, rsqrt_1, mul_8, mul_9], Original ATen: [aten.embedding, aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_5(arg77_1, lm_model_embed_tokens_weight, buf16, lm_model_layers_0_post_attention_layernorm_weight, buf18, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_34[] = {16L, 1408L};
    static constexpr int64_t int_array_35[] = {1408L, 1L};
    AtenTensorHandle buf19_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_34, int_array_35, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf19_handle));
    RAIIAtenTensorHandle buf19(buf19_handle);
    // Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten.view, aten.t, aten.mm]
    static constexpr int64_t int_array_36[] = {512L, 1408L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf19, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf18, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_37[] = {16L, 1408L};
    static constexpr int64_t int_array_38[] = {1408L, 1L};
    AtenTensorHandle buf20_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_37, int_array_38, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf20_handle));
    RAIIAtenTensorHandle buf20(buf20_handle);
    // Topologically Sorted Source Nodes: [linear_5], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf20, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf18, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_39[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_40[] = {22528L, 1408L, 1L};
    auto buf21 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf19, 3, int_array_39, int_array_40, 0L)); buf19.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf21, buf20, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf20.reset();
    static constexpr int64_t int_array_41[] = {16L, 512L};
    static constexpr int64_t int_array_42[] = {512L, 1L};
    auto buf22 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf18, 2, int_array_41, int_array_42, 0L)); buf18.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_4, silu, linear_5, mul_10, linear_6], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    static constexpr int64_t int_array_43[] = {16L, 1408L};
    static constexpr int64_t int_array_44[] = {1408L, 1L};
    static constexpr int64_t int_array_45[] = {1408L, 512L};
    static constexpr int64_t int_array_46[] = {1L, 1408L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf22, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf21, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_0_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf21.reset();
    static constexpr int64_t int_array_47[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_48[] = {8192L, 512L, 1L};
    auto buf24 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf8, 3, int_array_47, int_array_48, 0L)); buf8.reset();  // reuse
    // Topologically Sorted Source Nodes: [embedding, linear_3, add_6, linear_6, add_8, pow_3, mean_2, add_9, rsqrt_2, mul_11, mul_12], Original ATen: [aten.embedding, aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_7(arg77_1, lm_model_embed_tokens_weight, buf16, buf22, lm_model_layers_1_input_layernorm_weight, buf24, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf25 = std::move(buf7);  // reuse
    // Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf25, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf24, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf26 = std::move(buf6);  // reuse
    // Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf26, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf24, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf27 = std::move(buf5);  // reuse
    // Topologically Sorted Source Nodes: [linear_9], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf27, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf24, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_49[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_50[] = {8192L, 64L, 512L, 1L};
    auto buf28 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf24, 4, int_array_49, int_array_50, 0L)); buf24.reset();  // reuse
    static constexpr int64_t int_array_51[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_52[] = {8192L, 64L, 512L, 1L};
    AtenTensorHandle buf29_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_51, int_array_52, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf29_handle));
    RAIIAtenTensorHandle buf29(buf29_handle);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_7, view_3, transpose_5, unsqueeze_18, mul_13, slice_7, neg_2, slice_6, cat_3, unsqueeze_19, mul_14, add_10, linear_8, view_4, transpose_6, mul_15, slice_9, neg_3, slice_8, cat_4, mul_16, add_11, linear_9, view_5, transpose_7, scaled_dot_product_attention_1], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf25, buf2, buf26, buf28, buf29, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_7, view_3, transpose_5, unsqueeze_18, mul_13, slice_7, neg_2, slice_6, cat_3, unsqueeze_19, mul_14, add_10, linear_8, view_4, transpose_6, mul_15, slice_9, neg_3, slice_8, cat_4, mul_16, add_11, linear_9, view_5, transpose_7, scaled_dot_product_attention_1], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_1 = 0.125;
    AtenTensorHandle buf32_handle;
    AtenTensorHandle buf33_handle;
    AtenTensorHandle buf34_handle;
    AtenTensorHandle buf35_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf28, buf29, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf27, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf30, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_1, &buf32_handle, &buf33_handle, &buf34_handle, &buf35_handle));
    RAIIAtenTensorHandle buf32(buf32_handle);
    RAIIAtenTensorHandle buf33(buf33_handle);
    RAIIAtenTensorHandle buf34(buf34_handle);
    RAIIAtenTensorHandle buf35(buf35_handle);

    static constexpr int64_t int_array_53[] = {16L, 512L};
    static constexpr int64_t int_array_54[] = {512L, 1L};
    auto buf36 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf29, 2, int_array_53, int_array_54, 0L)); buf29.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_8, reshape_1, linear_10], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf36, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf32, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_55[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_56[] = {8192L, 512L, 1L};
    auto buf37 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf16, 3, int_array_55, int_array_56, 0L)); buf16.reset();  // reuse
    auto buf39 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf32, 3, int_array_55, int_array_56, 0L)); buf32.reset();  // reuse
    // Topologically Sorted Source Nodes: [embedding, linear_3, add_6, linear_6, add_8, linear_10, add_12, pow_4, mean_3, add_13, rsqrt_3, mul_17, mul_18], Original ATen: [aten.embedding, aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_embedding_mean_mul_pow_rsqrt_8(buf37, arg77_1, lm_model_embed_tokens_weight, buf22, buf36, lm_model_layers_1_post_attention_layernorm_weight, buf39, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg77_1.reset();
    static constexpr int64_t int_array_57[] = {16L, 1408L};
    static constexpr int64_t int_array_58[] = {1408L, 1L};
    AtenTensorHandle buf40_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_57, int_array_58, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf40_handle));
    RAIIAtenTensorHandle buf40(buf40_handle);
    // Topologically Sorted Source Nodes: [pow_4, mean_3, add_13, rsqrt_3, mul_17, mul_18, linear_11], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf40, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf39, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_59[] = {16L, 1408L};
    static constexpr int64_t int_array_60[] = {1408L, 1L};
    AtenTensorHandle buf41_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_59, int_array_60, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf41_handle));
    RAIIAtenTensorHandle buf41(buf41_handle);
    // Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf41, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf39, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_61[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_62[] = {22528L, 1408L, 1L};
    auto buf42 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf40, 3, int_array_61, int_array_62, 0L)); buf40.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf42, buf41, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf41.reset();
    static constexpr int64_t int_array_63[] = {16L, 512L};
    static constexpr int64_t int_array_64[] = {512L, 1L};
    auto buf43 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf39, 2, int_array_63, int_array_64, 0L)); buf39.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_11, silu_1, linear_12, mul_19, linear_13], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf43, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf42, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_1_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf42.reset();
    static constexpr int64_t int_array_65[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_66[] = {8192L, 512L, 1L};
    auto buf45 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf36, 3, int_array_65, int_array_66, 0L)); buf36.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_14, pow_5, mean_4, add_15, rsqrt_4, mul_20, mul_21], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9(buf37, buf43, lm_model_layers_2_input_layernorm_weight, buf45, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf46 = std::move(buf22);  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_14, pow_5, mean_4, add_15, rsqrt_4, mul_20, mul_21, linear_14], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf46, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf45, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_67[] = {16L, 512L};
    static constexpr int64_t int_array_68[] = {512L, 1L};
    auto buf47 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf28, 2, int_array_67, int_array_68, 0L)); buf28.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_15], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf47, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf45, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf48 = std::move(buf27);  // reuse
    // Topologically Sorted Source Nodes: [linear_16], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf48, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf45, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_69[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_70[] = {8192L, 64L, 512L, 1L};
    auto buf49 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf45, 4, int_array_69, int_array_70, 0L)); buf45.reset();  // reuse
    auto buf50 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf26, 4, int_array_69, int_array_70, 0L)); buf26.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_14, view_6, transpose_9, unsqueeze_20, mul_22, slice_11, neg_4, slice_10, cat_5, unsqueeze_21, mul_23, add_16, linear_15, view_7, transpose_10, mul_24, slice_13, neg_5, slice_12, cat_6, mul_25, add_17, linear_16, view_8, transpose_11, scaled_dot_product_attention_2], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf46, buf2, buf47, buf49, buf50, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_14, view_6, transpose_9, unsqueeze_20, mul_22, slice_11, neg_4, slice_10, cat_5, unsqueeze_21, mul_23, add_16, linear_15, view_7, transpose_10, mul_24, slice_13, neg_5, slice_12, cat_6, mul_25, add_17, linear_16, view_8, transpose_11, scaled_dot_product_attention_2], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_2 = 0.125;
    AtenTensorHandle buf53_handle;
    AtenTensorHandle buf54_handle;
    AtenTensorHandle buf55_handle;
    AtenTensorHandle buf56_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf49, buf50, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf48, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf51, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_2, &buf53_handle, &buf54_handle, &buf55_handle, &buf56_handle));
    RAIIAtenTensorHandle buf53(buf53_handle);
    RAIIAtenTensorHandle buf54(buf54_handle);
    RAIIAtenTensorHandle buf55(buf55_handle);
    RAIIAtenTensorHandle buf56(buf56_handle);

    static constexpr int64_t int_array_71[] = {16L, 512L};
    static constexpr int64_t int_array_72[] = {512L, 1L};
    auto buf57 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf50, 2, int_array_71, int_array_72, 0L)); buf50.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_12, reshape_2, linear_17], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf57, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf53, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_73[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_74[] = {8192L, 512L, 1L};
    auto buf59 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf53, 3, int_array_73, int_array_74, 0L)); buf53.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_14, linear_17, add_18, pow_6, mean_5, add_19, rsqrt_5, mul_26, mul_27], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10(buf37, buf43, buf57, lm_model_layers_2_post_attention_layernorm_weight, buf59, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    AtenTensorHandle buf60_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_59, int_array_60, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf60_handle));
    RAIIAtenTensorHandle buf60(buf60_handle);
    // Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf60, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf59, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_75[] = {16L, 1408L};
    static constexpr int64_t int_array_76[] = {1408L, 1L};
    AtenTensorHandle buf61_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_75, int_array_76, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf61_handle));
    RAIIAtenTensorHandle buf61(buf61_handle);
    // Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf61, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf59, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_77[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_78[] = {22528L, 1408L, 1L};
    auto buf62 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf60, 3, int_array_77, int_array_78, 0L)); buf60.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf62, buf61, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf61.reset();
    static constexpr int64_t int_array_79[] = {16L, 512L};
    static constexpr int64_t int_array_80[] = {512L, 1L};
    auto buf63 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf59, 2, int_array_79, int_array_80, 0L)); buf59.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_18, silu_2, linear_19, mul_28, linear_20], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf63, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf62, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_2_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf62.reset();
    static constexpr int64_t int_array_81[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_82[] = {8192L, 512L, 1L};
    auto buf65 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf49, 3, int_array_81, int_array_82, 0L)); buf49.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_14, linear_17, add_18, linear_20, add_20, pow_7, mean_6, add_21, rsqrt_6, mul_29, mul_30], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11(buf37, buf43, buf57, buf63, lm_model_layers_3_input_layernorm_weight, buf65, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf66 = std::move(buf48);  // reuse
    // Topologically Sorted Source Nodes: [linear_21], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf66, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf65, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf67 = std::move(buf47);  // reuse
    // Topologically Sorted Source Nodes: [linear_22], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf67, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf65, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf68 = std::move(buf46);  // reuse
    // Topologically Sorted Source Nodes: [linear_23], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf68, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf65, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_83[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_84[] = {8192L, 64L, 512L, 1L};
    auto buf69 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf65, 4, int_array_83, int_array_84, 0L)); buf65.reset();  // reuse
    auto buf70 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf25, 4, int_array_83, int_array_84, 0L)); buf25.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_21, view_9, transpose_13, unsqueeze_22, mul_31, slice_15, neg_6, slice_14, cat_7, unsqueeze_23, mul_32, add_22, linear_22, view_10, transpose_14, mul_33, slice_17, neg_7, slice_16, cat_8, mul_34, add_23, linear_23, view_11, transpose_15, scaled_dot_product_attention_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf66, buf2, buf67, buf69, buf70, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf66.reset();
    buf67.reset();
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_21, view_9, transpose_13, unsqueeze_22, mul_31, slice_15, neg_6, slice_14, cat_7, unsqueeze_23, mul_32, add_22, linear_22, view_10, transpose_14, mul_33, slice_17, neg_7, slice_16, cat_8, mul_34, add_23, linear_23, view_11, transpose_15, scaled_dot_product_attention_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_3 = 0.125;
    AtenTensorHandle buf73_handle;
    AtenTensorHandle buf74_handle;
    AtenTensorHandle buf75_handle;
    AtenTensorHandle buf76_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf69, buf70, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf68, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf71, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_3, &buf73_handle, &buf74_handle, &buf75_handle, &buf76_handle));
    RAIIAtenTensorHandle buf73(buf73_handle);
    RAIIAtenTensorHandle buf74(buf74_handle);
    RAIIAtenTensorHandle buf75(buf75_handle);
    RAIIAtenTensorHandle buf76(buf76_handle);

    static constexpr int64_t int_array_85[] = {16L, 512L};
    static constexpr int64_t int_array_86[] = {512L, 1L};
    auto buf77 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf70, 2, int_array_85, int_array_86, 0L)); buf70.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_16, reshape_3, linear_24], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf77, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf73, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf78 = std::move(buf37);  // reuse
    static constexpr int64_t int_array_87[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_88[] = {8192L, 512L, 1L};
    auto buf80 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf73, 3, int_array_87, int_array_88, 0L)); buf73.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, add_14, linear_17, add_18, linear_20, add_20, linear_24, add_24, pow_8, mean_7, add_25, rsqrt_7, mul_35, mul_36], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12(buf78, buf43, buf57, buf63, buf77, lm_model_layers_3_post_attention_layernorm_weight, buf80, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_89[] = {16L, 1408L};
    static constexpr int64_t int_array_90[] = {1408L, 1L};
    AtenTensorHandle buf81_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_89, int_array_90, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf81_handle));
    RAIIAtenTensorHandle buf81(buf81_handle);
    // Topologically Sorted Source Nodes: [pow_8, mean_7, add_25, rsqrt_7, mul_35, mul_36, linear_25], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf81, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_91[] = {16L, 1408L};
    static constexpr int64_t int_array_92[] = {1408L, 1L};
    AtenTensorHandle buf82_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_91, int_array_92, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf82_handle));
    RAIIAtenTensorHandle buf82(buf82_handle);
    // Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf82, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_93[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_94[] = {22528L, 1408L, 1L};
    auto buf83 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf81, 3, int_array_93, int_array_94, 0L)); buf81.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf83, buf82, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf82.reset();
    static constexpr int64_t int_array_95[] = {16L, 512L};
    static constexpr int64_t int_array_96[] = {512L, 1L};
    auto buf84 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 2, int_array_95, int_array_96, 0L)); buf80.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_25, silu_3, linear_26, mul_37, linear_27], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf84, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf83, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_3_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf83.reset();
    static constexpr int64_t int_array_97[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_98[] = {8192L, 512L, 1L};
    auto buf86 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf77, 3, int_array_97, int_array_98, 0L)); buf77.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_26, pow_9, mean_8, add_27, rsqrt_8, mul_38, mul_39], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9(buf78, buf84, lm_model_layers_4_input_layernorm_weight, buf86, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf87 = std::move(buf63);  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_26, pow_9, mean_8, add_27, rsqrt_8, mul_38, mul_39, linear_28], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf87, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf86, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf88 = std::move(buf57);  // reuse
    // Topologically Sorted Source Nodes: [linear_29], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf88, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf86, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf89 = std::move(buf43);  // reuse
    // Topologically Sorted Source Nodes: [linear_30], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf89, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf86, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_99[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_100[] = {8192L, 64L, 512L, 1L};
    auto buf90 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf86, 4, int_array_99, int_array_100, 0L)); buf86.reset();  // reuse
    auto buf91 = std::move(buf69);  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_28, view_12, transpose_17, unsqueeze_24, mul_40, slice_19, neg_8, slice_18, cat_9, unsqueeze_25, mul_41, add_28, linear_29, view_13, transpose_18, mul_42, slice_21, neg_9, slice_20, cat_10, mul_43, add_29, linear_30, view_14, transpose_19, scaled_dot_product_attention_4], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf87, buf2, buf88, buf90, buf91, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf92 = std::move(buf71);  // reuse
    auto buf112 = std::move(buf51);  // reuse
    auto buf133 = std::move(buf30);  // reuse
    auto buf153 = std::move(buf10);  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_28, view_12, transpose_17, unsqueeze_24, mul_40, slice_19, neg_8, slice_18, cat_9, unsqueeze_25, mul_41, add_28, linear_29, view_13, transpose_18, mul_42, slice_21, neg_9, slice_20, cat_10, mul_43, add_29, linear_30, view_14, transpose_19, scaled_dot_product_attention_4, linear_35, view_15, transpose_21, unsqueeze_26, mul_49, slice_23, neg_10, slice_22, cat_11, unsqueeze_27, mul_50, add_34, linear_36, view_16, transpose_22, mul_51, slice_25, neg_11, slice_24, cat_12, mul_52, add_35, linear_37, view_17, transpose_23, scaled_dot_product_attention_5, linear_42, view_18, transpose_25, unsqueeze_28, mul_58, slice_27, neg_12, slice_26, cat_13, unsqueeze_29, mul_59, add_40, linear_43, view_19, transpose_26, mul_60, slice_29, neg_13, slice_28, cat_14, mul_61, add_41, linear_44, view_20, transpose_27, scaled_dot_product_attention_6, linear_49, view_21, transpose_29, unsqueeze_30, mul_67, slice_31, neg_14, slice_30, cat_15, unsqueeze_31, mul_68, add_46, linear_50, view_22, transpose_30, mul_69, slice_33, neg_15, slice_32, cat_16, mul_70, add_47, linear_51, view_23, transpose_31, scaled_dot_product_attention_7], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_4(buf0, buf92, buf112, buf133, buf153, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf0.reset();
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_28, view_12, transpose_17, unsqueeze_24, mul_40, slice_19, neg_8, slice_18, cat_9, unsqueeze_25, mul_41, add_28, linear_29, view_13, transpose_18, mul_42, slice_21, neg_9, slice_20, cat_10, mul_43, add_29, linear_30, view_14, transpose_19, scaled_dot_product_attention_4], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_4 = 0.125;
    AtenTensorHandle buf94_handle;
    AtenTensorHandle buf95_handle;
    AtenTensorHandle buf96_handle;
    AtenTensorHandle buf97_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf90, buf91, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf89, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf92, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_4, &buf94_handle, &buf95_handle, &buf96_handle, &buf97_handle));
    RAIIAtenTensorHandle buf94(buf94_handle);
    RAIIAtenTensorHandle buf95(buf95_handle);
    RAIIAtenTensorHandle buf96(buf96_handle);
    RAIIAtenTensorHandle buf97(buf97_handle);
    buf92.reset();

    auto buf98 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf91, 2, int_array_85, int_array_86, 0L)); buf91.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_20, reshape_4, linear_31], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf98, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf94, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_101[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_102[] = {8192L, 512L, 1L};
    auto buf100 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf94, 3, int_array_101, int_array_102, 0L)); buf94.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_26, linear_31, add_30, pow_10, mean_9, add_31, rsqrt_9, mul_44, mul_45], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10(buf78, buf84, buf98, lm_model_layers_4_post_attention_layernorm_weight, buf100, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_103[] = {16L, 1408L};
    static constexpr int64_t int_array_104[] = {1408L, 1L};
    AtenTensorHandle buf101_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_103, int_array_104, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf101_handle));
    RAIIAtenTensorHandle buf101(buf101_handle);
    // Topologically Sorted Source Nodes: [linear_32], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf101, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf100, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_105[] = {16L, 1408L};
    static constexpr int64_t int_array_106[] = {1408L, 1L};
    AtenTensorHandle buf102_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_105, int_array_106, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf102_handle));
    RAIIAtenTensorHandle buf102(buf102_handle);
    // Topologically Sorted Source Nodes: [linear_33], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf102, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf100, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_107[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_108[] = {22528L, 1408L, 1L};
    auto buf103 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf101, 3, int_array_107, int_array_108, 0L)); buf101.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_32, silu_4, linear_33, mul_46], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf103, buf102, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf102.reset();
    static constexpr int64_t int_array_109[] = {16L, 512L};
    static constexpr int64_t int_array_110[] = {512L, 1L};
    auto buf104 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf100, 2, int_array_109, int_array_110, 0L)); buf100.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_32, silu_4, linear_33, mul_46, linear_34], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf104, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf103, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_4_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf103.reset();
    auto buf106 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf90, 3, int_array_101, int_array_102, 0L)); buf90.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_26, linear_31, add_30, linear_34, add_32, pow_11, mean_10, add_33, rsqrt_10, mul_47, mul_48], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11(buf78, buf84, buf98, buf104, lm_model_layers_5_input_layernorm_weight, buf106, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf107 = std::move(buf89);  // reuse
    // Topologically Sorted Source Nodes: [linear_35], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf107, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf106, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf108 = std::move(buf88);  // reuse
    // Topologically Sorted Source Nodes: [linear_36], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf108, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf106, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf109 = std::move(buf87);  // reuse
    // Topologically Sorted Source Nodes: [linear_37], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf109, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf106, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_111[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_112[] = {8192L, 64L, 512L, 1L};
    auto buf110 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf106, 4, int_array_111, int_array_112, 0L)); buf106.reset();  // reuse
    auto buf111 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf68, 4, int_array_111, int_array_112, 0L)); buf68.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_35, view_15, transpose_21, unsqueeze_26, mul_49, slice_23, neg_10, slice_22, cat_11, unsqueeze_27, mul_50, add_34, linear_36, view_16, transpose_22, mul_51, slice_25, neg_11, slice_24, cat_12, mul_52, add_35, linear_37, view_17, transpose_23, scaled_dot_product_attention_5], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf107, buf2, buf108, buf110, buf111, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf107.reset();
    buf108.reset();
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_35, view_15, transpose_21, unsqueeze_26, mul_49, slice_23, neg_10, slice_22, cat_11, unsqueeze_27, mul_50, add_34, linear_36, view_16, transpose_22, mul_51, slice_25, neg_11, slice_24, cat_12, mul_52, add_35, linear_37, view_17, transpose_23, scaled_dot_product_attention_5], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_5 = 0.125;
    AtenTensorHandle buf114_handle;
    AtenTensorHandle buf115_handle;
    AtenTensorHandle buf116_handle;
    AtenTensorHandle buf117_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf110, buf111, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf109, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf112, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_5, &buf114_handle, &buf115_handle, &buf116_handle, &buf117_handle));
    RAIIAtenTensorHandle buf114(buf114_handle);
    RAIIAtenTensorHandle buf115(buf115_handle);
    RAIIAtenTensorHandle buf116(buf116_handle);
    RAIIAtenTensorHandle buf117(buf117_handle);
    buf112.reset();

    static constexpr int64_t int_array_113[] = {16L, 512L};
    static constexpr int64_t int_array_114[] = {512L, 1L};
    auto buf118 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf111, 2, int_array_113, int_array_114, 0L)); buf111.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_24, reshape_5, linear_38], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf118, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf114, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf119 = std::move(buf78);  // reuse
    static constexpr int64_t int_array_115[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_116[] = {8192L, 512L, 1L};
    auto buf121 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf114, 3, int_array_115, int_array_116, 0L)); buf114.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_26, linear_31, add_30, linear_34, add_32, linear_38, add_36, pow_12, mean_11, add_37, rsqrt_11, mul_53, mul_54], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12(buf119, buf84, buf98, buf104, buf118, lm_model_layers_5_post_attention_layernorm_weight, buf121, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_117[] = {16L, 1408L};
    static constexpr int64_t int_array_118[] = {1408L, 1L};
    AtenTensorHandle buf122_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_117, int_array_118, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf122_handle));
    RAIIAtenTensorHandle buf122(buf122_handle);
    // Topologically Sorted Source Nodes: [pow_12, mean_11, add_37, rsqrt_11, mul_53, mul_54, linear_39], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf122, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf121, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_119[] = {16L, 1408L};
    static constexpr int64_t int_array_120[] = {1408L, 1L};
    AtenTensorHandle buf123_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_119, int_array_120, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf123_handle));
    RAIIAtenTensorHandle buf123(buf123_handle);
    // Topologically Sorted Source Nodes: [linear_40], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf123, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf121, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_121[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_122[] = {22528L, 1408L, 1L};
    auto buf124 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf122, 3, int_array_121, int_array_122, 0L)); buf122.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_39, silu_5, linear_40, mul_55], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf124, buf123, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf123.reset();
    static constexpr int64_t int_array_123[] = {16L, 512L};
    static constexpr int64_t int_array_124[] = {512L, 1L};
    auto buf125 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf121, 2, int_array_123, int_array_124, 0L)); buf121.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_39, silu_5, linear_40, mul_55, linear_41], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf125, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf124, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_5_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf124.reset();
    static constexpr int64_t int_array_125[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_126[] = {8192L, 512L, 1L};
    auto buf127 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf98, 3, int_array_125, int_array_126, 0L)); buf98.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_38, pow_13, mean_12, add_39, rsqrt_12, mul_56, mul_57], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_9(buf119, buf125, lm_model_layers_6_input_layernorm_weight, buf127, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf128 = std::move(buf84);  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_38, pow_13, mean_12, add_39, rsqrt_12, mul_56, mul_57, linear_42], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf128, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf129 = std::move(buf118);  // reuse
    // Topologically Sorted Source Nodes: [linear_43], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf129, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf130 = std::move(buf104);  // reuse
    // Topologically Sorted Source Nodes: [linear_44], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf130, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_127[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_128[] = {8192L, 64L, 512L, 1L};
    auto buf131 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf127, 4, int_array_127, int_array_128, 0L)); buf127.reset();  // reuse
    auto buf132 = std::move(buf110);  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_42, view_18, transpose_25, unsqueeze_28, mul_58, slice_27, neg_12, slice_26, cat_13, unsqueeze_29, mul_59, add_40, linear_43, view_19, transpose_26, mul_60, slice_29, neg_13, slice_28, cat_14, mul_61, add_41, linear_44, view_20, transpose_27, scaled_dot_product_attention_6], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf128, buf2, buf129, buf131, buf132, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_42, view_18, transpose_25, unsqueeze_28, mul_58, slice_27, neg_12, slice_26, cat_13, unsqueeze_29, mul_59, add_40, linear_43, view_19, transpose_26, mul_60, slice_29, neg_13, slice_28, cat_14, mul_61, add_41, linear_44, view_20, transpose_27, scaled_dot_product_attention_6], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_6 = 0.125;
    AtenTensorHandle buf135_handle;
    AtenTensorHandle buf136_handle;
    AtenTensorHandle buf137_handle;
    AtenTensorHandle buf138_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf131, buf132, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf130, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf133, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_6, &buf135_handle, &buf136_handle, &buf137_handle, &buf138_handle));
    RAIIAtenTensorHandle buf135(buf135_handle);
    RAIIAtenTensorHandle buf136(buf136_handle);
    RAIIAtenTensorHandle buf137(buf137_handle);
    RAIIAtenTensorHandle buf138(buf138_handle);
    buf133.reset();

    static constexpr int64_t int_array_129[] = {16L, 512L};
    static constexpr int64_t int_array_130[] = {512L, 1L};
    auto buf139 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf132, 2, int_array_129, int_array_130, 0L)); buf132.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_28, reshape_6, linear_45], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf139, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf135, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_131[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_132[] = {8192L, 512L, 1L};
    auto buf141 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf135, 3, int_array_131, int_array_132, 0L)); buf135.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_38, linear_45, add_42, pow_14, mean_13, add_43, rsqrt_13, mul_62, mul_63], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_10(buf119, buf125, buf139, lm_model_layers_6_post_attention_layernorm_weight, buf141, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_133[] = {16L, 1408L};
    static constexpr int64_t int_array_134[] = {1408L, 1L};
    AtenTensorHandle buf142_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_133, int_array_134, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf142_handle));
    RAIIAtenTensorHandle buf142(buf142_handle);
    // Topologically Sorted Source Nodes: [linear_46], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf142, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf141, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_135[] = {16L, 1408L};
    static constexpr int64_t int_array_136[] = {1408L, 1L};
    AtenTensorHandle buf143_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_135, int_array_136, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf143_handle));
    RAIIAtenTensorHandle buf143(buf143_handle);
    // Topologically Sorted Source Nodes: [linear_47], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf143, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf141, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_137[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_138[] = {22528L, 1408L, 1L};
    auto buf144 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf142, 3, int_array_137, int_array_138, 0L)); buf142.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_46, silu_6, linear_47, mul_64], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf144, buf143, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf143.reset();
    static constexpr int64_t int_array_139[] = {16L, 512L};
    static constexpr int64_t int_array_140[] = {512L, 1L};
    auto buf145 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf141, 2, int_array_139, int_array_140, 0L)); buf141.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_46, silu_6, linear_47, mul_64, linear_48], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf145, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf144, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_6_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf144.reset();
    static constexpr int64_t int_array_141[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_142[] = {8192L, 512L, 1L};
    auto buf147 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf131, 3, int_array_141, int_array_142, 0L)); buf131.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_38, linear_45, add_42, linear_48, add_44, pow_15, mean_14, add_45, rsqrt_14, mul_65, mul_66], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_11(buf119, buf125, buf139, buf145, lm_model_layers_7_input_layernorm_weight, buf147, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf148 = std::move(buf130);  // reuse
    // Topologically Sorted Source Nodes: [linear_49], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf148, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf147, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_self_attn_q_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf149 = std::move(buf129);  // reuse
    // Topologically Sorted Source Nodes: [linear_50], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf149, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf147, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_self_attn_k_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf150 = std::move(buf128);  // reuse
    // Topologically Sorted Source Nodes: [linear_51], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf150, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf147, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_self_attn_v_proj_weight, 2, int_array_16, int_array_17, 0L))));
    static constexpr int64_t int_array_143[] = {1L, 8L, 16L, 64L};
    static constexpr int64_t int_array_144[] = {8192L, 64L, 512L, 1L};
    auto buf151 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf147, 4, int_array_143, int_array_144, 0L)); buf147.reset();  // reuse
    auto buf152 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf109, 4, int_array_143, int_array_144, 0L)); buf109.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_49, view_21, transpose_29, unsqueeze_30, mul_67, slice_31, neg_14, slice_30, cat_15, unsqueeze_31, mul_68, add_46, linear_50, view_22, transpose_30, mul_69, slice_33, neg_15, slice_32, cat_16, mul_70, add_47, linear_51, view_23, transpose_31, scaled_dot_product_attention_7], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    call_triton_poi_fused__scaled_dot_product_efficient_attention__unsafe_view_add_arange_bitwise_and_bmm_cat_cos_eq_expand_index_le_mul_neg_new_ones_scalar_tensor_sin_slice_transpose_unsqueeze_view_where_3(buf148, buf2, buf149, buf151, buf152, 8192L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf148.reset();
    buf149.reset();
    buf2.reset();
    // Topologically Sorted Source Nodes: [arange_4, add_2, unsqueeze_10, unsqueeze_11, unsqueeze_12, arange_3, add_1, unsqueeze_7, unsqueeze_8, unsqueeze_9, le, arange_1, unsqueeze_1, unsqueeze_2, unsqueeze_3, index, index_1, eq, matmul, transpose, cat, cos, mul, sin, mul_1, new_ones, and_1, and_2, expand, linear_49, view_21, transpose_29, unsqueeze_30, mul_67, slice_31, neg_14, slice_30, cat_15, unsqueeze_31, mul_68, add_46, linear_50, view_22, transpose_30, mul_69, slice_33, neg_15, slice_32, cat_16, mul_70, add_47, linear_51, view_23, transpose_31, scaled_dot_product_attention_7], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.index, aten.eq, aten.bmm, aten.transpose, aten.cat, aten.cos, aten.mul, aten.sin, aten.new_ones, aten.bitwise_and, aten.expand, aten._unsafe_view, aten.view, aten.slice, aten.neg, aten.scalar_tensor, aten.where, aten._scaled_dot_product_efficient_attention]
    double var_7 = 0.125;
    AtenTensorHandle buf155_handle;
    AtenTensorHandle buf156_handle;
    AtenTensorHandle buf157_handle;
    AtenTensorHandle buf158_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(buf151, buf152, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf150, 4, int_array_26, int_array_27, 0L)), &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf153, 4, int_array_28, int_array_29, 0L)).get()), 0, 0.0, 0, &var_7, &buf155_handle, &buf156_handle, &buf157_handle, &buf158_handle));
    RAIIAtenTensorHandle buf155(buf155_handle);
    RAIIAtenTensorHandle buf156(buf156_handle);
    RAIIAtenTensorHandle buf157(buf157_handle);
    RAIIAtenTensorHandle buf158(buf158_handle);
    buf150.reset();
    buf151.reset();
    buf153.reset();

    static constexpr int64_t int_array_145[] = {16L, 512L};
    static constexpr int64_t int_array_146[] = {512L, 1L};
    auto buf159 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf152, 2, int_array_145, int_array_146, 0L)); buf152.reset();  // reuse
    // Topologically Sorted Source Nodes: [transpose_32, reshape_7, linear_52], Original ATen: [aten.transpose, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf159, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf155, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_self_attn_o_proj_weight, 2, int_array_16, int_array_17, 0L))));
    auto buf160 = std::move(buf119);  // reuse
    static constexpr int64_t int_array_147[] = {1L, 16L, 512L};
    static constexpr int64_t int_array_148[] = {8192L, 512L, 1L};
    auto buf162 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf155, 3, int_array_147, int_array_148, 0L)); buf155.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_38, linear_45, add_42, linear_48, add_44, linear_52, add_48, pow_16, mean_15, add_49, rsqrt_15, mul_71, mul_72], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_12(buf160, buf125, buf139, buf145, buf159, lm_model_layers_7_post_attention_layernorm_weight, buf162, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf125.reset();
    buf139.reset();
    buf145.reset();
    buf159.reset();
    static constexpr int64_t int_array_149[] = {16L, 1408L};
    static constexpr int64_t int_array_150[] = {1408L, 1L};
    AtenTensorHandle buf163_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_149, int_array_150, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf163_handle));
    RAIIAtenTensorHandle buf163(buf163_handle);
    // Topologically Sorted Source Nodes: [pow_16, mean_15, add_49, rsqrt_15, mul_71, mul_72, linear_53], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf163, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf162, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_mlp_gate_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_151[] = {16L, 1408L};
    static constexpr int64_t int_array_152[] = {1408L, 1L};
    AtenTensorHandle buf164_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_151, int_array_152, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf164_handle));
    RAIIAtenTensorHandle buf164(buf164_handle);
    // Topologically Sorted Source Nodes: [linear_54], Original ATen: [aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf164, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf162, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_mlp_up_proj_weight, 2, int_array_36, int_array_17, 0L))));
    static constexpr int64_t int_array_153[] = {1L, 16L, 1408L};
    static constexpr int64_t int_array_154[] = {22528L, 1408L, 1L};
    auto buf165 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf163, 3, int_array_153, int_array_154, 0L)); buf163.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_53, silu_7, linear_54, mul_73], Original ATen: [aten._unsafe_view, aten.silu, aten.mul]
    call_triton_poi_fused__unsafe_view_mul_silu_6(buf165, buf164, 22528L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf164.reset();
    static constexpr int64_t int_array_155[] = {16L, 512L};
    static constexpr int64_t int_array_156[] = {512L, 1L};
    auto buf166 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf162, 2, int_array_155, int_array_156, 0L)); buf162.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_53, silu_7, linear_54, mul_73, linear_55], Original ATen: [aten._unsafe_view, aten.silu, aten.mul, aten.view, aten.t, aten.mm]
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf166, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf165, 2, int_array_43, int_array_44, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_model_layers_7_mlp_down_proj_weight, 2, int_array_45, int_array_46, 0L))));
    buf165.reset();
    auto buf168 = std::move(buf160);  // reuse
    // Topologically Sorted Source Nodes: [linear_55, add_50, pow_17, mean_16, add_51, rsqrt_16, mul_74, mul_75], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul]
    call_triton_per_fused__unsafe_view_add_mean_mul_pow_rsqrt_13(buf168, buf166, lm_model_norm_weight, 16L, 512L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf166.reset();
    static constexpr int64_t int_array_157[] = {16L, 32000L};
    static constexpr int64_t int_array_158[] = {32000L, 1L};
    AtenTensorHandle buf169_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_157, int_array_158, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf169_handle));
    RAIIAtenTensorHandle buf169(buf169_handle);
    // Topologically Sorted Source Nodes: [linear_55, add_50, pow_17, mean_16, add_51, rsqrt_16, mul_74, mul_75, linear_56], Original ATen: [aten._unsafe_view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.mul, aten.view, aten.t, aten.mm]
    static constexpr int64_t int_array_159[] = {512L, 32000L};
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf169, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf168, 2, int_array_14, int_array_15, 0L)), wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(lm_lm_head_weight, 2, int_array_159, int_array_17, 0L))));
    buf168.reset();
    static constexpr int64_t int_array_160[] = {1L, 16L, 32000L};
    static constexpr int64_t int_array_161[] = {512000L, 32000L, 1L};
    auto var_8 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf169, 3, int_array_160, int_array_161, 0L));
    output_handles[0] = var_8.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c67cvwihsbkagz35smqejoexfm2px37uowp32gf3zwwd4lxt2yvt.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c67cvwihsbkagz35smqejoexfm2px37uowp32gf3zwwd4lxt2yvt.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c67cvwihsbkagz35smqejoexfm2px37uowp32gf3zwwd4lxt2yvt.wrapper.o /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/cqgeipel7v77j7zqbcgiezqtlxslel7tz6qz6msbg7wqta3k54bn.kernel.o /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c67cvwihsbkagz35smqejoexfm2px37uowp32gf3zwwd4lxt2yvt/c7utirmdibkiwdvrnf77ge2ep55xm7n7trav7i5k3dn3cxlsnerq.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/torchinductor_root/cpvca4tys2vlqw65p47yqwtsk45xoabgpp76ybt7dlyet7u47nrf/c67cvwihsbkagz35smqejoexfm2px37uowp32gf3zwwd4lxt2yvt.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
