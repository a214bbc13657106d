
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
CACHE_TORCH_DTYPE(bfloat16);
CACHE_TORCH_DEVICE(cuda);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0{nullptr};
    CUfunction triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1{nullptr};
    CUfunction triton_poi_fused_ones_2{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(24,
                           20,
                           0,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg0_1";
    inputs_info_[1].name = "arg1_1";
    inputs_info_[2].name = "arg2_1";
    inputs_info_[3].name = "arg3_1";
    inputs_info_[4].name = "arg4_1";
    inputs_info_[5].name = "arg5_1";
    inputs_info_[6].name = "arg6_1";
    inputs_info_[7].name = "arg7_1";
    inputs_info_[8].name = "arg8_1";
    inputs_info_[9].name = "arg9_1";
    inputs_info_[10].name = "arg10_1";
    inputs_info_[11].name = "arg11_1";
    inputs_info_[12].name = "arg12_1";
    inputs_info_[13].name = "arg13_1";
    inputs_info_[14].name = "arg14_1";
    inputs_info_[15].name = "arg15_1";
    inputs_info_[16].name = "arg16_1";
    inputs_info_[17].name = "arg17_1";
    inputs_info_[18].name = "arg18_1";
    inputs_info_[19].name = "arg19_1";
    inputs_info_[20].name = "arg20_1";
    inputs_info_[21].name = "arg21_1";
    inputs_info_[22].name = "arg22_1";
    inputs_info_[23].name = "arg23_1";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
    out_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}])";
    outputs_info_[0].name = "output0";
    outputs_info_[1].name = "output1";
    outputs_info_[2].name = "output2";
    outputs_info_[3].name = "output3";
    outputs_info_[4].name = "output4";
    outputs_info_[5].name = "output5";
    outputs_info_[6].name = "output6";
    outputs_info_[7].name = "output7";
    outputs_info_[8].name = "output8";
    outputs_info_[9].name = "output9";
    outputs_info_[10].name = "output10";
    outputs_info_[11].name = "output11";
    outputs_info_[12].name = "output12";
    outputs_info_[13].name = "output13";
    outputs_info_[14].name = "output14";
    outputs_info_[15].name = "output15";
    outputs_info_[16].name = "output16";
    outputs_info_[17].name = "output17";
    outputs_info_[18].name = "output18";
    outputs_info_[19].name = "output19";
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
static inline void call_triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0(
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 4096}, 
        filename=__file__,
        triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0(out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 4096
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.full([1], 1.0, tl.float32)
        tl.store(out_ptr0 + (x0), tmp0, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (256 - 1)) / (256));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0 == nullptr) {
        kernels_.triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0 = loadKernel("/tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/cqvgplbicnxgq4ihupxfvj5x4iessbueov4c7z6bntcrbox5l5pn.cubin", "triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0", 0, cubin_dir_); 
    }
    CUdeviceptr var_8 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_9 = xnumel;
    CUdeviceptr global_scratch_scratch_10 = 0;
    CUdeviceptr profile_scratch_scratch_11 = 0;
    void* kernel_args_[] = {&var_8, &var_9, &global_scratch_scratch_10, &profile_scratch_scratch_11};
    launchKernel(kernels_.triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1(
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 4096}, 
        filename=__file__,
        triton_meta={'signature': {'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1(out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 4096
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.full([1], 1.0, tl.float32)
        tl.store(out_ptr0 + (x0), tmp0, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (128 - 1)) / (128));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1 == nullptr) {
        kernels_.triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1 = loadKernel("/tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/csnfakw64s4yt5clbqxeloh55kaglvf57q3in7qws2vuxtbslsk6.cubin", "triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1", 0, cubin_dir_); 
    }
    CUdeviceptr var_12 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_13 = xnumel;
    CUdeviceptr global_scratch_scratch_14 = 0;
    CUdeviceptr profile_scratch_scratch_15 = 0;
    void* kernel_args_[] = {&var_12, &var_13, &global_scratch_scratch_14, &profile_scratch_scratch_15};
    launchKernel(kernels_.triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_ones_2(
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_ones_2', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 2}, 
        filename=__file__,
        triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_ones_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_ones_2(out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 2
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.full([1], 1.0, tl.float32)
        tl.store(out_ptr0 + (x0), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (2 - 1)) / (2));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_ones_2 == nullptr) {
        kernels_.triton_poi_fused_ones_2 = loadKernel("/tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c5ddrr2zmonvimgxghebnkik6n6rdjkstn54zpzfgqxgt2snm4cq.cubin", "triton_poi_fused_ones_2", 0, cubin_dir_); 
    }
    CUdeviceptr var_16 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_17 = xnumel;
    CUdeviceptr global_scratch_scratch_18 = 0;
    CUdeviceptr profile_scratch_scratch_19 = 0;
    void* kernel_args_[] = {&var_16, &var_17, &global_scratch_scratch_18, &profile_scratch_scratch_19};
    launchKernel(kernels_.triton_poi_fused_ones_2, grid_0, grid_1, grid_2, 1, 0, kernel_args_, stream_);
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
    ConstantHandle arg0_1 = ConstantHandle(input_handles[0]);
    int32_t arg0_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg0_1, &arg0_1_dtype));

    int32_t arg0_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg0_1_expected_dtype != arg0_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg0_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg0_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg0_1_size = arg0_1.sizes();

    if (6 != arg0_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 6, " << "but got: " << arg0_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg0_1_stride = arg0_1.strides();

    if (1 != arg0_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 1, " << "but got: " << arg0_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg0_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg0_1, &arg0_1_device_type));

    int32_t arg0_1_expected_device_type = 1;
    if (arg0_1_expected_device_type != arg0_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg0_1_expected_device_type << "1(cuda), "
        << "but got: " << arg0_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_1(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg1_1 = ConstantHandle(input_handles[1]);
    int32_t arg1_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg1_1, &arg1_1_dtype));

    int32_t arg1_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg1_1_expected_dtype != arg1_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dtype, "
           << "expected: " << arg1_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg1_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg1_1_size = arg1_1.sizes();

    if (2 != arg1_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg1_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg1_1_stride = arg1_1.strides();

    if (1 != arg1_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched stride value at 0, "
           << "expected: 1, " << "but got: " << arg1_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg1_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg1_1, &arg1_1_device_type));

    int32_t arg1_1_expected_device_type = 1;
    if (arg1_1_expected_device_type != arg1_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched device type, "
        << "expected: " << arg1_1_expected_device_type << "1(cuda), "
        << "but got: " << arg1_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_2(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg2_1 = ConstantHandle(input_handles[2]);
    int32_t arg2_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg2_1, &arg2_1_dtype));

    int32_t arg2_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg2_1_expected_dtype != arg2_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dtype, "
           << "expected: " << arg2_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg2_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg2_1_size = arg2_1.sizes();

    if (2 != arg2_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg2_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg2_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg2_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg2_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg2_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg2_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg2_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg2_1_stride = arg2_1.strides();

    if (2048 != arg2_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg2_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg2_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg2_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg2_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg2_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg2_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg2_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg2_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg2_1, &arg2_1_device_type));

    int32_t arg2_1_expected_device_type = 1;
    if (arg2_1_expected_device_type != arg2_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched device type, "
        << "expected: " << arg2_1_expected_device_type << "1(cuda), "
        << "but got: " << arg2_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_3(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg3_1 = ConstantHandle(input_handles[3]);
    int32_t arg3_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg3_1, &arg3_1_dtype));

    int32_t arg3_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg3_1_expected_dtype != arg3_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dtype, "
           << "expected: " << arg3_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg3_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg3_1_size = arg3_1.sizes();

    if (2 != arg3_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg3_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg3_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg3_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg3_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg3_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg3_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg3_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg3_1_stride = arg3_1.strides();

    if (2048 != arg3_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg3_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg3_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg3_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg3_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg3_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg3_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg3_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg3_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg3_1, &arg3_1_device_type));

    int32_t arg3_1_expected_device_type = 1;
    if (arg3_1_expected_device_type != arg3_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched device type, "
        << "expected: " << arg3_1_expected_device_type << "1(cuda), "
        << "but got: " << arg3_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_4(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg4_1 = ConstantHandle(input_handles[4]);
    int32_t arg4_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg4_1, &arg4_1_dtype));

    int32_t arg4_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg4_1_expected_dtype != arg4_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dtype, "
           << "expected: " << arg4_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg4_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg4_1_size = arg4_1.sizes();

    if (2 != arg4_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg4_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg4_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg4_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg4_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg4_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg4_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg4_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg4_1_stride = arg4_1.strides();

    if (2048 != arg4_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg4_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg4_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg4_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg4_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg4_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg4_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg4_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg4_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg4_1, &arg4_1_device_type));

    int32_t arg4_1_expected_device_type = 1;
    if (arg4_1_expected_device_type != arg4_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched device type, "
        << "expected: " << arg4_1_expected_device_type << "1(cuda), "
        << "but got: " << arg4_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_5(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg5_1 = ConstantHandle(input_handles[5]);
    int32_t arg5_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg5_1, &arg5_1_dtype));

    int32_t arg5_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg5_1_expected_dtype != arg5_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dtype, "
           << "expected: " << arg5_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg5_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg5_1_size = arg5_1.sizes();

    if (2 != arg5_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg5_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg5_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg5_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg5_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg5_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg5_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg5_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg5_1_stride = arg5_1.strides();

    if (2048 != arg5_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg5_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg5_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg5_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg5_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg5_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg5_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg5_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg5_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg5_1, &arg5_1_device_type));

    int32_t arg5_1_expected_device_type = 1;
    if (arg5_1_expected_device_type != arg5_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched device type, "
        << "expected: " << arg5_1_expected_device_type << "1(cuda), "
        << "but got: " << arg5_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_6(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg6_1 = ConstantHandle(input_handles[6]);
    int32_t arg6_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg6_1, &arg6_1_dtype));

    int32_t arg6_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg6_1_expected_dtype != arg6_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dtype, "
           << "expected: " << arg6_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg6_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg6_1_size = arg6_1.sizes();

    if (2 != arg6_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg6_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg6_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg6_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg6_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg6_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg6_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg6_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg6_1_stride = arg6_1.strides();

    if (2048 != arg6_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg6_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg6_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg6_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg6_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg6_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg6_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg6_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg6_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg6_1, &arg6_1_device_type));

    int32_t arg6_1_expected_device_type = 1;
    if (arg6_1_expected_device_type != arg6_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched device type, "
        << "expected: " << arg6_1_expected_device_type << "1(cuda), "
        << "but got: " << arg6_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_7(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg7_1 = ConstantHandle(input_handles[7]);
    int32_t arg7_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg7_1, &arg7_1_dtype));

    int32_t arg7_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg7_1_expected_dtype != arg7_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dtype, "
           << "expected: " << arg7_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg7_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg7_1_size = arg7_1.sizes();

    if (2 != arg7_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg7_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg7_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg7_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg7_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg7_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg7_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg7_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg7_1_stride = arg7_1.strides();

    if (2048 != arg7_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg7_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg7_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg7_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg7_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg7_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg7_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg7_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg7_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg7_1, &arg7_1_device_type));

    int32_t arg7_1_expected_device_type = 1;
    if (arg7_1_expected_device_type != arg7_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched device type, "
        << "expected: " << arg7_1_expected_device_type << "1(cuda), "
        << "but got: " << arg7_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_8(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg8_1 = ConstantHandle(input_handles[8]);
    int32_t arg8_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg8_1, &arg8_1_dtype));

    int32_t arg8_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg8_1_expected_dtype != arg8_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dtype, "
           << "expected: " << arg8_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg8_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg8_1_size = arg8_1.sizes();

    if (2 != arg8_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg8_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg8_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg8_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg8_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg8_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg8_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg8_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg8_1_stride = arg8_1.strides();

    if (2048 != arg8_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg8_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg8_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg8_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg8_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg8_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg8_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg8_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg8_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg8_1, &arg8_1_device_type));

    int32_t arg8_1_expected_device_type = 1;
    if (arg8_1_expected_device_type != arg8_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched device type, "
        << "expected: " << arg8_1_expected_device_type << "1(cuda), "
        << "but got: " << arg8_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_9(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg9_1 = ConstantHandle(input_handles[9]);
    int32_t arg9_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg9_1, &arg9_1_dtype));

    int32_t arg9_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg9_1_expected_dtype != arg9_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dtype, "
           << "expected: " << arg9_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg9_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg9_1_size = arg9_1.sizes();

    if (2 != arg9_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg9_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg9_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg9_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg9_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg9_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg9_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg9_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg9_1_stride = arg9_1.strides();

    if (2048 != arg9_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg9_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg9_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg9_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg9_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg9_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg9_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg9_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg9_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg9_1, &arg9_1_device_type));

    int32_t arg9_1_expected_device_type = 1;
    if (arg9_1_expected_device_type != arg9_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched device type, "
        << "expected: " << arg9_1_expected_device_type << "1(cuda), "
        << "but got: " << arg9_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_10(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg10_1 = ConstantHandle(input_handles[10]);
    int32_t arg10_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg10_1, &arg10_1_dtype));

    int32_t arg10_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg10_1_expected_dtype != arg10_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched dtype, "
           << "expected: " << arg10_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg10_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg10_1_size = arg10_1.sizes();

    if (2 != arg10_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg10_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg10_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg10_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg10_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg10_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg10_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg10_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg10_1_stride = arg10_1.strides();

    if (2048 != arg10_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg10_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg10_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg10_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg10_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg10_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg10_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg10_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg10_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg10_1, &arg10_1_device_type));

    int32_t arg10_1_expected_device_type = 1;
    if (arg10_1_expected_device_type != arg10_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[10]: unmatched device type, "
        << "expected: " << arg10_1_expected_device_type << "1(cuda), "
        << "but got: " << arg10_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_11(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg11_1 = ConstantHandle(input_handles[11]);
    int32_t arg11_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg11_1, &arg11_1_dtype));

    int32_t arg11_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg11_1_expected_dtype != arg11_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched dtype, "
           << "expected: " << arg11_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg11_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg11_1_size = arg11_1.sizes();

    if (2 != arg11_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg11_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg11_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg11_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg11_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg11_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg11_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg11_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg11_1_stride = arg11_1.strides();

    if (2048 != arg11_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg11_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg11_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg11_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg11_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg11_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg11_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg11_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg11_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg11_1, &arg11_1_device_type));

    int32_t arg11_1_expected_device_type = 1;
    if (arg11_1_expected_device_type != arg11_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[11]: unmatched device type, "
        << "expected: " << arg11_1_expected_device_type << "1(cuda), "
        << "but got: " << arg11_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_12(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg12_1 = ConstantHandle(input_handles[12]);
    int32_t arg12_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg12_1, &arg12_1_dtype));

    int32_t arg12_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg12_1_expected_dtype != arg12_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched dtype, "
           << "expected: " << arg12_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg12_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg12_1_size = arg12_1.sizes();

    if (2 != arg12_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg12_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg12_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg12_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg12_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg12_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg12_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg12_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg12_1_stride = arg12_1.strides();

    if (2048 != arg12_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg12_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg12_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg12_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg12_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg12_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg12_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg12_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg12_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg12_1, &arg12_1_device_type));

    int32_t arg12_1_expected_device_type = 1;
    if (arg12_1_expected_device_type != arg12_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[12]: unmatched device type, "
        << "expected: " << arg12_1_expected_device_type << "1(cuda), "
        << "but got: " << arg12_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_13(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg13_1 = ConstantHandle(input_handles[13]);
    int32_t arg13_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg13_1, &arg13_1_dtype));

    int32_t arg13_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg13_1_expected_dtype != arg13_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched dtype, "
           << "expected: " << arg13_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg13_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg13_1_size = arg13_1.sizes();

    if (2 != arg13_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg13_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg13_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg13_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg13_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg13_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg13_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg13_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg13_1_stride = arg13_1.strides();

    if (2048 != arg13_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg13_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg13_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg13_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg13_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg13_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg13_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg13_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg13_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg13_1, &arg13_1_device_type));

    int32_t arg13_1_expected_device_type = 1;
    if (arg13_1_expected_device_type != arg13_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[13]: unmatched device type, "
        << "expected: " << arg13_1_expected_device_type << "1(cuda), "
        << "but got: " << arg13_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_14(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg14_1 = ConstantHandle(input_handles[14]);
    int32_t arg14_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg14_1, &arg14_1_dtype));

    int32_t arg14_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg14_1_expected_dtype != arg14_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched dtype, "
           << "expected: " << arg14_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg14_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg14_1_size = arg14_1.sizes();

    if (2 != arg14_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg14_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg14_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg14_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg14_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg14_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg14_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg14_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg14_1_stride = arg14_1.strides();

    if (2048 != arg14_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg14_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg14_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg14_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg14_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg14_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg14_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg14_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg14_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg14_1, &arg14_1_device_type));

    int32_t arg14_1_expected_device_type = 1;
    if (arg14_1_expected_device_type != arg14_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[14]: unmatched device type, "
        << "expected: " << arg14_1_expected_device_type << "1(cuda), "
        << "but got: " << arg14_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_15(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg15_1 = ConstantHandle(input_handles[15]);
    int32_t arg15_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg15_1, &arg15_1_dtype));

    int32_t arg15_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg15_1_expected_dtype != arg15_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched dtype, "
           << "expected: " << arg15_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg15_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg15_1_size = arg15_1.sizes();

    if (2 != arg15_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg15_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg15_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg15_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg15_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg15_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg15_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg15_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg15_1_stride = arg15_1.strides();

    if (2048 != arg15_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg15_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg15_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg15_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg15_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg15_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg15_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg15_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg15_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg15_1, &arg15_1_device_type));

    int32_t arg15_1_expected_device_type = 1;
    if (arg15_1_expected_device_type != arg15_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[15]: unmatched device type, "
        << "expected: " << arg15_1_expected_device_type << "1(cuda), "
        << "but got: " << arg15_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_16(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg16_1 = ConstantHandle(input_handles[16]);
    int32_t arg16_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg16_1, &arg16_1_dtype));

    int32_t arg16_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg16_1_expected_dtype != arg16_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched dtype, "
           << "expected: " << arg16_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg16_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg16_1_size = arg16_1.sizes();

    if (2 != arg16_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg16_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg16_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg16_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg16_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched dim value at 2, "
           << "expected: 4, " << "but got: " << arg16_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg16_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg16_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg16_1_stride = arg16_1.strides();

    if (2048 != arg16_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg16_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg16_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched stride value at 1, "
           << "expected: 128, " << "but got: " << arg16_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg16_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg16_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg16_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg16_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg16_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg16_1, &arg16_1_device_type));

    int32_t arg16_1_expected_device_type = 1;
    if (arg16_1_expected_device_type != arg16_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[16]: unmatched device type, "
        << "expected: " << arg16_1_expected_device_type << "1(cuda), "
        << "but got: " << arg16_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_17(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg17_1 = ConstantHandle(input_handles[17]);
    int32_t arg17_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg17_1, &arg17_1_dtype));

    int32_t arg17_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg17_1_expected_dtype != arg17_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched dtype, "
           << "expected: " << arg17_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg17_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg17_1_size = arg17_1.sizes();

    if (2 != arg17_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg17_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg17_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg17_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg17_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg17_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg17_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg17_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg17_1_stride = arg17_1.strides();

    if (2048 != arg17_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg17_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg17_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg17_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg17_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg17_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg17_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg17_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg17_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg17_1, &arg17_1_device_type));

    int32_t arg17_1_expected_device_type = 1;
    if (arg17_1_expected_device_type != arg17_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[17]: unmatched device type, "
        << "expected: " << arg17_1_expected_device_type << "1(cuda), "
        << "but got: " << arg17_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_18(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg18_1 = ConstantHandle(input_handles[18]);
    int32_t arg18_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg18_1, &arg18_1_dtype));

    int32_t arg18_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg18_1_expected_dtype != arg18_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched dtype, "
           << "expected: " << arg18_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg18_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg18_1_size = arg18_1.sizes();

    if (2 != arg18_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg18_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg18_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg18_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg18_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg18_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg18_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg18_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg18_1_stride = arg18_1.strides();

    if (2048 != arg18_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg18_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg18_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg18_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg18_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg18_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg18_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg18_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg18_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg18_1, &arg18_1_device_type));

    int32_t arg18_1_expected_device_type = 1;
    if (arg18_1_expected_device_type != arg18_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[18]: unmatched device type, "
        << "expected: " << arg18_1_expected_device_type << "1(cuda), "
        << "but got: " << arg18_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_19(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg19_1 = ConstantHandle(input_handles[19]);
    int32_t arg19_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg19_1, &arg19_1_dtype));

    int32_t arg19_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg19_1_expected_dtype != arg19_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched dtype, "
           << "expected: " << arg19_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg19_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg19_1_size = arg19_1.sizes();

    if (2 != arg19_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg19_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg19_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg19_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg19_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg19_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg19_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg19_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg19_1_stride = arg19_1.strides();

    if (2048 != arg19_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg19_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg19_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg19_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg19_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg19_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg19_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg19_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg19_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg19_1, &arg19_1_device_type));

    int32_t arg19_1_expected_device_type = 1;
    if (arg19_1_expected_device_type != arg19_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[19]: unmatched device type, "
        << "expected: " << arg19_1_expected_device_type << "1(cuda), "
        << "but got: " << arg19_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_20(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg20_1 = ConstantHandle(input_handles[20]);
    int32_t arg20_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg20_1, &arg20_1_dtype));

    int32_t arg20_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg20_1_expected_dtype != arg20_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched dtype, "
           << "expected: " << arg20_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg20_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg20_1_size = arg20_1.sizes();

    if (16 != arg20_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched dim value at 0, "
           << "expected: 16, " << "but got: " << arg20_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg20_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg20_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg20_1_stride = arg20_1.strides();

    if (16 != arg20_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg20_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg20_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg20_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg20_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg20_1, &arg20_1_device_type));

    int32_t arg20_1_expected_device_type = 1;
    if (arg20_1_expected_device_type != arg20_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[20]: unmatched device type, "
        << "expected: " << arg20_1_expected_device_type << "1(cuda), "
        << "but got: " << arg20_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_21(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg21_1 = ConstantHandle(input_handles[21]);
    int32_t arg21_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg21_1, &arg21_1_dtype));

    int32_t arg21_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg21_1_expected_dtype != arg21_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched dtype, "
           << "expected: " << arg21_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg21_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg21_1_size = arg21_1.sizes();

    if (2 != arg21_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg21_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg21_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg21_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg21_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg21_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg21_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg21_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg21_1_stride = arg21_1.strides();

    if (2048 != arg21_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg21_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg21_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg21_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg21_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg21_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg21_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg21_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg21_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg21_1, &arg21_1_device_type));

    int32_t arg21_1_expected_device_type = 1;
    if (arg21_1_expected_device_type != arg21_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[21]: unmatched device type, "
        << "expected: " << arg21_1_expected_device_type << "1(cuda), "
        << "but got: " << arg21_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_22(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg22_1 = ConstantHandle(input_handles[22]);
    int32_t arg22_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg22_1, &arg22_1_dtype));

    int32_t arg22_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg22_1_expected_dtype != arg22_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched dtype, "
           << "expected: " << arg22_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg22_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg22_1_size = arg22_1.sizes();

    if (2 != arg22_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg22_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg22_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg22_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg22_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg22_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg22_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg22_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg22_1_stride = arg22_1.strides();

    if (2048 != arg22_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg22_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg22_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg22_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg22_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg22_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg22_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg22_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg22_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg22_1, &arg22_1_device_type));

    int32_t arg22_1_expected_device_type = 1;
    if (arg22_1_expected_device_type != arg22_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[22]: unmatched device type, "
        << "expected: " << arg22_1_expected_device_type << "1(cuda), "
        << "but got: " << arg22_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_23(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg23_1 = ConstantHandle(input_handles[23]);
    int32_t arg23_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg23_1, &arg23_1_dtype));

    int32_t arg23_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg23_1_expected_dtype != arg23_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched dtype, "
           << "expected: " << arg23_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg23_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg23_1_size = arg23_1.sizes();

    if (2 != arg23_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg23_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (4 != arg23_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg23_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg23_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg23_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg23_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched dim value at 3, "
           << "expected: 32, " << "but got: " << arg23_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg23_1_stride = arg23_1.strides();

    if (2048 != arg23_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched stride value at 0, "
           << "expected: 2048, " << "but got: " << arg23_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (512 != arg23_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched stride value at 1, "
           << "expected: 512, " << "but got: " << arg23_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (32 != arg23_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched stride value at 2, "
           << "expected: 32, " << "but got: " << arg23_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg23_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg23_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg23_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg23_1, &arg23_1_device_type));

    int32_t arg23_1_expected_device_type = 1;
    if (arg23_1_expected_device_type != arg23_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[23]: unmatched device type, "
        << "expected: " << arg23_1_expected_device_type << "1(cuda), "
        << "but got: " << arg23_1_device_type << "\n";
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
    check_input_1(input_handles);
    check_input_2(input_handles);
    check_input_3(input_handles);
    check_input_4(input_handles);
    check_input_5(input_handles);
    check_input_6(input_handles);
    check_input_7(input_handles);
    check_input_8(input_handles);
    check_input_9(input_handles);
    check_input_10(input_handles);
    check_input_11(input_handles);
    check_input_12(input_handles);
    check_input_13(input_handles);
    check_input_14(input_handles);
    check_input_15(input_handles);
    check_input_16(input_handles);
    check_input_17(input_handles);
    check_input_18(input_handles);
    check_input_19(input_handles);
    check_input_20(input_handles);
    check_input_21(input_handles);
    check_input_22(input_handles);
    check_input_23(input_handles);
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

    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 24);
    auto arg0_1 = std::move(inputs[0]);
    auto arg1_1 = std::move(inputs[1]);
    auto arg2_1 = std::move(inputs[2]);
    auto arg3_1 = std::move(inputs[3]);
    auto arg4_1 = std::move(inputs[4]);
    auto arg5_1 = std::move(inputs[5]);
    auto arg6_1 = std::move(inputs[6]);
    auto arg7_1 = std::move(inputs[7]);
    auto arg8_1 = std::move(inputs[8]);
    auto arg9_1 = std::move(inputs[9]);
    auto arg10_1 = std::move(inputs[10]);
    auto arg11_1 = std::move(inputs[11]);
    auto arg12_1 = std::move(inputs[12]);
    auto arg13_1 = std::move(inputs[13]);
    auto arg14_1 = std::move(inputs[14]);
    auto arg15_1 = std::move(inputs[15]);
    auto arg16_1 = std::move(inputs[16]);
    auto arg17_1 = std::move(inputs[17]);
    auto arg18_1 = std::move(inputs[18]);
    auto arg19_1 = std::move(inputs[19]);
    auto arg20_1 = std::move(inputs[20]);
    auto arg21_1 = std::move(inputs[21]);
    auto arg22_1 = std::move(inputs[22]);
    auto arg23_1 = std::move(inputs[23]);

    if ((reinterpret_cast<std::uintptr_t>(arg0_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg0_1_aligned;
        aoti_torch_clone_preserve_strides(arg0_1, &arg0_1_aligned);
        arg0_1 = std::move(RAIIAtenTensorHandle(arg0_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg1_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 1 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg1_1_aligned;
        aoti_torch_clone_preserve_strides(arg1_1, &arg1_1_aligned);
        arg1_1 = std::move(RAIIAtenTensorHandle(arg1_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg2_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 2 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg2_1_aligned;
        aoti_torch_clone_preserve_strides(arg2_1, &arg2_1_aligned);
        arg2_1 = std::move(RAIIAtenTensorHandle(arg2_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg3_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 3 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg3_1_aligned;
        aoti_torch_clone_preserve_strides(arg3_1, &arg3_1_aligned);
        arg3_1 = std::move(RAIIAtenTensorHandle(arg3_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg4_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 4 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg4_1_aligned;
        aoti_torch_clone_preserve_strides(arg4_1, &arg4_1_aligned);
        arg4_1 = std::move(RAIIAtenTensorHandle(arg4_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg5_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 5 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg5_1_aligned;
        aoti_torch_clone_preserve_strides(arg5_1, &arg5_1_aligned);
        arg5_1 = std::move(RAIIAtenTensorHandle(arg5_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg6_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 6 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg6_1_aligned;
        aoti_torch_clone_preserve_strides(arg6_1, &arg6_1_aligned);
        arg6_1 = std::move(RAIIAtenTensorHandle(arg6_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg7_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 7 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg7_1_aligned;
        aoti_torch_clone_preserve_strides(arg7_1, &arg7_1_aligned);
        arg7_1 = std::move(RAIIAtenTensorHandle(arg7_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg8_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 8 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg8_1_aligned;
        aoti_torch_clone_preserve_strides(arg8_1, &arg8_1_aligned);
        arg8_1 = std::move(RAIIAtenTensorHandle(arg8_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg9_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 9 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg9_1_aligned;
        aoti_torch_clone_preserve_strides(arg9_1, &arg9_1_aligned);
        arg9_1 = std::move(RAIIAtenTensorHandle(arg9_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg10_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 10 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg10_1_aligned;
        aoti_torch_clone_preserve_strides(arg10_1, &arg10_1_aligned);
        arg10_1 = std::move(RAIIAtenTensorHandle(arg10_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg11_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 11 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg11_1_aligned;
        aoti_torch_clone_preserve_strides(arg11_1, &arg11_1_aligned);
        arg11_1 = std::move(RAIIAtenTensorHandle(arg11_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg12_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 12 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg12_1_aligned;
        aoti_torch_clone_preserve_strides(arg12_1, &arg12_1_aligned);
        arg12_1 = std::move(RAIIAtenTensorHandle(arg12_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg13_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 13 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg13_1_aligned;
        aoti_torch_clone_preserve_strides(arg13_1, &arg13_1_aligned);
        arg13_1 = std::move(RAIIAtenTensorHandle(arg13_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg14_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 14 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg14_1_aligned;
        aoti_torch_clone_preserve_strides(arg14_1, &arg14_1_aligned);
        arg14_1 = std::move(RAIIAtenTensorHandle(arg14_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg15_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 15 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg15_1_aligned;
        aoti_torch_clone_preserve_strides(arg15_1, &arg15_1_aligned);
        arg15_1 = std::move(RAIIAtenTensorHandle(arg15_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg16_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 16 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg16_1_aligned;
        aoti_torch_clone_preserve_strides(arg16_1, &arg16_1_aligned);
        arg16_1 = std::move(RAIIAtenTensorHandle(arg16_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg17_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 17 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg17_1_aligned;
        aoti_torch_clone_preserve_strides(arg17_1, &arg17_1_aligned);
        arg17_1 = std::move(RAIIAtenTensorHandle(arg17_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg18_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 18 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg18_1_aligned;
        aoti_torch_clone_preserve_strides(arg18_1, &arg18_1_aligned);
        arg18_1 = std::move(RAIIAtenTensorHandle(arg18_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg19_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 19 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg19_1_aligned;
        aoti_torch_clone_preserve_strides(arg19_1, &arg19_1_aligned);
        arg19_1 = std::move(RAIIAtenTensorHandle(arg19_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg20_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 20 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg20_1_aligned;
        aoti_torch_clone_preserve_strides(arg20_1, &arg20_1_aligned);
        arg20_1 = std::move(RAIIAtenTensorHandle(arg20_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg21_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 21 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg21_1_aligned;
        aoti_torch_clone_preserve_strides(arg21_1, &arg21_1_aligned);
        arg21_1 = std::move(RAIIAtenTensorHandle(arg21_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg22_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 22 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg22_1_aligned;
        aoti_torch_clone_preserve_strides(arg22_1, &arg22_1_aligned);
        arg22_1 = std::move(RAIIAtenTensorHandle(arg22_1_aligned));
    }

    if ((reinterpret_cast<std::uintptr_t>(arg23_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 23 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg23_1_aligned;
        aoti_torch_clone_preserve_strides(arg23_1, &arg23_1_aligned);
        arg23_1 = std::move(RAIIAtenTensorHandle(arg23_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    // Topologically Sorted Source Nodes: [_scaled_dot_product_efficient_attention], Original ATen: [aten._scaled_dot_product_efficient_attention]
    AtenTensorHandle buf1_handle;
    AtenTensorHandle buf2_handle;
    AtenTensorHandle buf3_handle;
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(arg2_1, arg3_1, arg4_1, nullptr, 1, 0.0, 0, nullptr, &buf1_handle, &buf2_handle, &buf3_handle, &buf4_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    RAIIAtenTensorHandle buf2(buf2_handle);
    RAIIAtenTensorHandle buf3(buf3_handle);
    RAIIAtenTensorHandle buf4(buf4_handle);

    static constexpr int64_t int_array_0[] = {2L, 4L, 16L, 32L};
    static constexpr int64_t int_array_1[] = {2048L, 32L, 128L, 1L};
    AtenTensorHandle buf5_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    // Topologically Sorted Source Nodes: [ones_like, _scaled_dot_product_efficient_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_efficient_attention_backward]
    call_triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0(buf5, 4096L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones_like, _scaled_dot_product_efficient_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_efficient_attention_backward]
    AtenTensorHandle var_0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_0_handle));
    RAIIAtenTensorHandle var_0(var_0_handle);
    AtenTensorHandle buf7_handle;
    AtenTensorHandle buf8_handle;
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention_backward(buf5, arg2_1, arg3_1, arg4_1, var_0, buf1, buf2, buf3, buf4, 0.0, std::array<int32_t, 4>{1, 1, 1, 0}.cbegin(), 4, 0, nullptr, &buf7_handle, &buf8_handle, &buf9_handle, nullptr));
    RAIIAtenTensorHandle buf7(buf7_handle);
    RAIIAtenTensorHandle buf8(buf8_handle);
    RAIIAtenTensorHandle buf9(buf9_handle);
    arg2_1.reset();
    arg3_1.reset();
    arg4_1.reset();
    buf1.reset();
    buf2.reset();
    buf3.reset();
    buf4.reset();
    buf5.reset();

    // Topologically Sorted Source Nodes: [_scaled_dot_product_flash_attention], Original ATen: [aten._scaled_dot_product_flash_attention]
    AtenTensorHandle buf11_handle;
    AtenTensorHandle buf12_handle;
    int64_t buf10_4 = 16;
    int64_t buf10_5 = 16;
    AtenTensorHandle buf13_handle;
    AtenTensorHandle buf14_handle;
    AtenTensorHandle buf15_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_flash_attention(arg5_1, arg6_1, arg7_1, 0.0, 1, 0, nullptr, &buf11_handle, &buf12_handle, nullptr, nullptr, &buf10_4, &buf10_5, &buf13_handle, &buf14_handle, &buf15_handle));
    RAIIAtenTensorHandle buf11(buf11_handle);
    RAIIAtenTensorHandle buf12(buf12_handle);
    RAIIAtenTensorHandle buf13(buf13_handle);
    RAIIAtenTensorHandle buf14(buf14_handle);
    RAIIAtenTensorHandle buf15(buf15_handle);

    static constexpr int64_t int_array_2[] = {2L, 4L, 16L, 32L};
    static constexpr int64_t int_array_3[] = {2048L, 512L, 32L, 1L};
    AtenTensorHandle buf16_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_2, int_array_3, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf16_handle));
    RAIIAtenTensorHandle buf16(buf16_handle);
    // Topologically Sorted Source Nodes: [ones_like_1, _scaled_dot_product_flash_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_flash_attention_backward]
    call_triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1(buf16, 4096L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones_like_1, _scaled_dot_product_flash_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_flash_attention_backward]
    AtenTensorHandle var_1_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_1_handle));
    RAIIAtenTensorHandle var_1(var_1_handle);
    AtenTensorHandle var_2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_2_handle));
    RAIIAtenTensorHandle var_2(var_2_handle);
    AtenTensorHandle buf18_handle;
    AtenTensorHandle buf19_handle;
    AtenTensorHandle buf20_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_flash_attention_backward(buf16, arg5_1, arg6_1, arg7_1, buf11, buf12, var_1, var_2, 16L, 16L, 0.0, 1, buf13, buf14, nullptr, &buf18_handle, &buf19_handle, &buf20_handle));
    RAIIAtenTensorHandle buf18(buf18_handle);
    RAIIAtenTensorHandle buf19(buf19_handle);
    RAIIAtenTensorHandle buf20(buf20_handle);
    arg5_1.reset();
    arg6_1.reset();
    arg7_1.reset();
    buf11.reset();
    buf12.reset();
    buf13.reset();
    buf14.reset();
    buf16.reset();

    // Topologically Sorted Source Nodes: [_scaled_dot_product_cudnn_attention], Original ATen: [aten._scaled_dot_product_cudnn_attention]
    AtenTensorHandle buf22_handle;
    AtenTensorHandle buf23_handle;
    int64_t buf21_4 = 16;
    int64_t buf21_5 = 16;
    AtenTensorHandle buf24_handle;
    AtenTensorHandle buf25_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention(arg8_1, arg9_1, arg10_1, nullptr, 1, 0.0, 1, 0, nullptr, &buf22_handle, &buf23_handle, nullptr, nullptr, &buf21_4, &buf21_5, &buf24_handle, &buf25_handle, nullptr));
    RAIIAtenTensorHandle buf22(buf22_handle);
    RAIIAtenTensorHandle buf23(buf23_handle);
    RAIIAtenTensorHandle buf24(buf24_handle);
    RAIIAtenTensorHandle buf25(buf25_handle);

    static constexpr int64_t int_array_4[] = {2L, 4L, 16L, 32L};
    static constexpr int64_t int_array_5[] = {2048L, 512L, 32L, 1L};
    AtenTensorHandle buf26_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_4, int_array_5, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf26_handle));
    RAIIAtenTensorHandle buf26(buf26_handle);
    // Topologically Sorted Source Nodes: [ones_like_2, _scaled_dot_product_cudnn_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_cudnn_attention_backward]
    call_triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1(buf26, 4096L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones_like_2, _scaled_dot_product_cudnn_attention_backward], Original ATen: [aten.ones_like, aten._scaled_dot_product_cudnn_attention_backward]
    AtenTensorHandle var_3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_3_handle));
    RAIIAtenTensorHandle var_3(var_3_handle);
    AtenTensorHandle var_4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_4_handle));
    RAIIAtenTensorHandle var_4(var_4_handle);
    AtenTensorHandle var_5_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_5_handle));
    RAIIAtenTensorHandle var_5(var_5_handle);
    AtenTensorHandle buf28_handle;
    AtenTensorHandle buf29_handle;
    AtenTensorHandle buf30_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_cudnn_attention_backward(buf26, arg8_1, arg9_1, arg10_1, buf22, buf23, buf24, buf25, var_3, var_4, var_5, 16L, 16L, 0.0, 1, nullptr, &buf28_handle, &buf29_handle, &buf30_handle));
    RAIIAtenTensorHandle buf28(buf28_handle);
    RAIIAtenTensorHandle buf29(buf29_handle);
    RAIIAtenTensorHandle buf30(buf30_handle);
    arg10_1.reset();
    arg8_1.reset();
    arg9_1.reset();
    buf22.reset();
    buf23.reset();
    buf24.reset();
    buf25.reset();
    buf26.reset();

    // Topologically Sorted Source Nodes: [_efficient_attention_forward], Original ATen: [aten._efficient_attention_forward]
    AtenTensorHandle buf32_handle;
    AtenTensorHandle buf33_handle;
    AtenTensorHandle buf34_handle;
    AtenTensorHandle buf35_handle;
    int64_t buf31_4 = 16;
    int64_t buf31_5 = 16;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__efficient_attention_forward(arg11_1, arg12_1, arg13_1, nullptr, nullptr, nullptr, nullptr, nullptr, 0.0, 0L, 1, nullptr, nullptr, nullptr, &buf32_handle, &buf33_handle, &buf34_handle, &buf35_handle, &buf31_4, &buf31_5));
    RAIIAtenTensorHandle buf32(buf32_handle);
    RAIIAtenTensorHandle buf33(buf33_handle);
    RAIIAtenTensorHandle buf34(buf34_handle);
    RAIIAtenTensorHandle buf35(buf35_handle);

    static constexpr int64_t int_array_6[] = {2L, 16L, 4L, 32L};
    static constexpr int64_t int_array_7[] = {2048L, 128L, 32L, 1L};
    AtenTensorHandle buf36_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_6, int_array_7, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf36_handle));
    RAIIAtenTensorHandle buf36(buf36_handle);
    // Topologically Sorted Source Nodes: [ones_like_3, _efficient_attention_backward], Original ATen: [aten.ones_like, aten._efficient_attention_backward]
    call_triton_poi_fused__scaled_dot_product_efficient_attention_backward_ones_like_0(buf36, 4096L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones_like_3, _efficient_attention_backward], Original ATen: [aten.ones_like, aten._efficient_attention_backward]
    AtenTensorHandle buf38_handle;
    AtenTensorHandle buf39_handle;
    AtenTensorHandle buf40_handle;
    AtenTensorHandle buf41_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__efficient_attention_backward(buf36, arg11_1, arg12_1, arg13_1, nullptr, buf32, nullptr, nullptr, 16L, 16L, buf33, 0.0, buf34, buf35, 0L, 0, nullptr, nullptr, nullptr, 0, &buf38_handle, &buf39_handle, &buf40_handle, &buf41_handle));
    RAIIAtenTensorHandle buf38(buf38_handle);
    RAIIAtenTensorHandle buf39(buf39_handle);
    RAIIAtenTensorHandle buf40(buf40_handle);
    RAIIAtenTensorHandle buf41(buf41_handle);
    arg11_1.reset();
    arg12_1.reset();
    arg13_1.reset();
    buf32.reset();
    buf33.reset();
    buf34.reset();
    buf35.reset();
    buf36.reset();

    // Topologically Sorted Source Nodes: [_flash_attention_forward], Original ATen: [aten._flash_attention_forward]
    AtenTensorHandle buf43_handle;
    AtenTensorHandle buf44_handle;
    AtenTensorHandle buf45_handle;
    AtenTensorHandle buf46_handle;
    AtenTensorHandle buf47_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__flash_attention_forward(arg14_1, arg15_1, arg16_1, nullptr, nullptr, 16L, 16L, 0.0, 1, 0, nullptr, nullptr, nullptr, nullptr, nullptr, &buf43_handle, &buf44_handle, &buf45_handle, &buf46_handle, &buf47_handle));
    RAIIAtenTensorHandle buf43(buf43_handle);
    RAIIAtenTensorHandle buf44(buf44_handle);
    RAIIAtenTensorHandle buf45(buf45_handle);
    RAIIAtenTensorHandle buf46(buf46_handle);
    RAIIAtenTensorHandle buf47(buf47_handle);

    static constexpr int64_t int_array_8[] = {2L, 16L, 4L, 32L};
    static constexpr int64_t int_array_9[] = {2048L, 128L, 32L, 1L};
    AtenTensorHandle buf48_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_8, int_array_9, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf48_handle));
    RAIIAtenTensorHandle buf48(buf48_handle);
    // Topologically Sorted Source Nodes: [ones_like_4, _flash_attention_backward], Original ATen: [aten.ones_like, aten._flash_attention_backward]
    call_triton_poi_fused__scaled_dot_product_flash_attention_backward_ones_like_1(buf48, 4096L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones_like_4, _flash_attention_backward], Original ATen: [aten.ones_like, aten._flash_attention_backward]
    AtenTensorHandle var_6_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_6_handle));
    RAIIAtenTensorHandle var_6(var_6_handle);
    AtenTensorHandle var_7_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&var_7_handle));
    RAIIAtenTensorHandle var_7(var_7_handle);
    AtenTensorHandle buf50_handle;
    AtenTensorHandle buf51_handle;
    AtenTensorHandle buf52_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__flash_attention_backward(buf48, arg14_1, arg15_1, arg16_1, buf43, buf44, var_6, var_7, 16L, 16L, 0.0, 1, buf45, buf46, nullptr, nullptr, nullptr, &buf50_handle, &buf51_handle, &buf52_handle));
    RAIIAtenTensorHandle buf50(buf50_handle);
    RAIIAtenTensorHandle buf51(buf51_handle);
    RAIIAtenTensorHandle buf52(buf52_handle);
    arg14_1.reset();
    arg15_1.reset();
    arg16_1.reset();
    buf43.reset();
    buf44.reset();
    buf45.reset();
    buf46.reset();
    buf48.reset();

    // Topologically Sorted Source Nodes: [expand, _scaled_dot_product_efficient_attention_1], Original ATen: [aten.expand, aten._scaled_dot_product_efficient_attention]
    static constexpr int64_t int_array_10[] = {2L, 4L, 16L, 16L};
    static constexpr int64_t int_array_11[] = {0L, 0L, 16L, 1L};
    AtenTensorHandle buf54_handle;
    AtenTensorHandle buf55_handle;
    AtenTensorHandle buf56_handle;
    AtenTensorHandle buf57_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_efficient_attention(arg17_1, arg18_1, arg19_1, &temporary_reference(wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(arg20_1, 4, int_array_10, int_array_11, 0L)).get()), 0, 0.0, 0, nullptr, &buf54_handle, &buf55_handle, &buf56_handle, &buf57_handle));
    RAIIAtenTensorHandle buf54(buf54_handle);
    RAIIAtenTensorHandle buf55(buf55_handle);
    RAIIAtenTensorHandle buf56(buf56_handle);
    RAIIAtenTensorHandle buf57(buf57_handle);
    arg17_1.reset();
    arg18_1.reset();
    arg19_1.reset();
    arg20_1.reset();

    // Topologically Sorted Source Nodes: [_scaled_dot_product_flash_attention_1], Original ATen: [aten._scaled_dot_product_flash_attention]
    AtenTensorHandle buf59_handle;
    AtenTensorHandle buf60_handle;
    int64_t buf58_4 = 16;
    int64_t buf58_5 = 16;
    AtenTensorHandle buf61_handle;
    AtenTensorHandle buf62_handle;
    AtenTensorHandle buf63_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__scaled_dot_product_flash_attention(arg21_1, arg22_1, arg23_1, 0.0, 1, 0, nullptr, &buf59_handle, &buf60_handle, nullptr, nullptr, &buf58_4, &buf58_5, &buf61_handle, &buf62_handle, &buf63_handle));
    RAIIAtenTensorHandle buf59(buf59_handle);
    RAIIAtenTensorHandle buf60(buf60_handle);
    RAIIAtenTensorHandle buf61(buf61_handle);
    RAIIAtenTensorHandle buf62(buf62_handle);
    RAIIAtenTensorHandle buf63(buf63_handle);
    arg21_1.reset();
    arg22_1.reset();
    arg23_1.reset();

    // Topologically Sorted Source Nodes: [segment_reduce], Original ATen: [aten.segment_reduce]
    AtenTensorHandle buf65_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_segment_reduce(arg0_1, "sum", &temporary_reference(arg1_1.get()), nullptr, nullptr, 0L, 0, nullptr, &buf65_handle));
    RAIIAtenTensorHandle buf65(buf65_handle);

    static constexpr int64_t int_array_12[] = {2L, };
    static constexpr int64_t int_array_13[] = {1L, };
    AtenTensorHandle buf66_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(1, int_array_12, int_array_13, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf66_handle));
    RAIIAtenTensorHandle buf66(buf66_handle);
    // Topologically Sorted Source Nodes: [ones], Original ATen: [aten.ones]
    call_triton_poi_fused_ones_2(buf66, 2L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [ones, _segment_reduce_backward], Original ATen: [aten.ones, aten._segment_reduce_backward]
    AtenTensorHandle buf68_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__segment_reduce_backward(buf66, buf65, arg0_1, "sum", &temporary_reference(arg1_1.get()), nullptr, 0L, nullptr, &buf68_handle));
    RAIIAtenTensorHandle buf68(buf68_handle);
    arg0_1.reset();
    arg1_1.reset();
    buf65.reset();
    buf66.reset();

    output_handles[0] = buf68.release();
    output_handles[1] = buf7.release();
    output_handles[2] = buf8.release();
    output_handles[3] = buf9.release();
    output_handles[4] = buf18.release();
    output_handles[5] = buf19.release();
    output_handles[6] = buf20.release();
    output_handles[7] = buf28.release();
    output_handles[8] = buf29.release();
    output_handles[9] = buf30.release();
    output_handles[10] = buf38.release();
    output_handles[11] = buf39.release();
    output_handles[12] = buf40.release();
    output_handles[13] = buf41.release();
    output_handles[14] = buf50.release();
    output_handles[15] = buf51.release();
    output_handles[16] = buf52.release();
    output_handles[17] = buf54.release();
    output_handles[18] = buf59.release();
    output_handles[19] = buf60.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// /opt/gcc/bin/g++ /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c4aj5zenkmqffhfdi2poqhagoxiyjlzoun37glmnkpsrf2ipl54o.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c4aj5zenkmqffhfdi2poqhagoxiyjlzoun37glmnkpsrf2ipl54o.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c4aj5zenkmqffhfdi2poqhagoxiyjlzoun37glmnkpsrf2ipl54o.wrapper.o /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/cycgp2gbtvwssw4hugmvmhc5cszvior5jkfih6sdl7ib4okq75hl.kernel.o /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c4aj5zenkmqffhfdi2poqhagoxiyjlzoun37glmnkpsrf2ipl54o/cgxre62qccm2hvjt32u3oobekucw5zks6ukxlzod6km7a4telymf.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/aoti-census/census/ce4370e05987/inductor-cache/c4slw3kvezxrhpa7zc6akigpo3skod45hhkyllwvuoczy52yqmrz/c4aj5zenkmqffhfdi2poqhagoxiyjlzoun37glmnkpsrf2ipl54o.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
