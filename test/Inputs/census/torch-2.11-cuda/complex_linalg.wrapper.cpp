
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
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_poi_fused_add_0{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(10,
                           10,
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
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
    out_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}])";
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

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_add_0(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_add_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 128}, 
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1536}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_add_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 128
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), xmask)
        tmp1 = tl.full([1], 1.0, tl.float32)
        tmp2 = tmp0 + tmp1
        tl.store(out_ptr0 + (x0), tmp2, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (128 - 1)) / (128));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_add_0 == nullptr) {
        kernels_.triton_poi_fused_add_0 = loadKernel("/tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/cpjy5qkedzzpvwitumrzbzvz4xmatw3q5dlgfyz7cfrnbjqcmlgb.cubin", "triton_poi_fused_add_0", 0, cubin_dir_); 
    }
    CUdeviceptr var_0 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_2 = xnumel;
    CUdeviceptr global_scratch_scratch_3 = 0;
    CUdeviceptr profile_scratch_scratch_4 = 0;
    void* kernel_args_[] = {&var_0, &var_1, &var_2, &global_scratch_scratch_3, &profile_scratch_scratch_4};
    launchKernel(kernels_.triton_poi_fused_add_0, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
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

    if (4 != arg0_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 4, " << "but got: " << arg0_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg0_1_stride = arg0_1.strides();

    if (4 != arg0_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 4, " << "but got: " << arg0_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg0_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg0_1_stride[1]
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

    int32_t arg1_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg1_1_expected_dtype != arg1_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dtype, "
           << "expected: " << arg1_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg1_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg1_1_size = arg1_1.sizes();

    if (6 != arg1_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dim value at 0, "
           << "expected: 6, " << "but got: " << arg1_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (3 != arg1_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dim value at 1, "
           << "expected: 3, " << "but got: " << arg1_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg1_1_stride = arg1_1.strides();

    if (3 != arg1_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched stride value at 0, "
           << "expected: 3, " << "but got: " << arg1_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg1_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg1_1_stride[1]
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

    if (5 != arg2_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 0, "
           << "expected: 5, " << "but got: " << arg2_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (5 != arg2_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched dim value at 1, "
           << "expected: 5, " << "but got: " << arg2_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg2_1_stride = arg2_1.strides();

    if (5 != arg2_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 0, "
           << "expected: 5, " << "but got: " << arg2_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg2_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[2]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg2_1_stride[1]
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

    if (4 != arg3_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg3_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg3_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg3_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg3_1_stride = arg3_1.strides();

    if (16 != arg3_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg3_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg3_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[3]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg3_1_stride[1]
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

    if (4 != arg4_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg4_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg4_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg4_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg4_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched dim value at 2, "
           << "expected: 2, " << "but got: " << arg4_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg4_1_stride = arg4_1.strides();

    if (32 != arg4_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 0, "
           << "expected: 32, " << "but got: " << arg4_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg4_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 1, "
           << "expected: 2, " << "but got: " << arg4_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg4_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[4]: unmatched stride value at 2, "
           << "expected: 1, " << "but got: " << arg4_1_stride[2]
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

    int32_t arg5_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg5_1_expected_dtype != arg5_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dtype, "
           << "expected: " << arg5_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg5_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg5_1_size = arg5_1.sizes();

    if (4 != arg5_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg5_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg5_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg5_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg5_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched dim value at 2, "
           << "expected: 2, " << "but got: " << arg5_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg5_1_stride = arg5_1.strides();

    if (32 != arg5_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 0, "
           << "expected: 32, " << "but got: " << arg5_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg5_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 1, "
           << "expected: 2, " << "but got: " << arg5_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg5_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[5]: unmatched stride value at 2, "
           << "expected: 1, " << "but got: " << arg5_1_stride[2]
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

    int32_t arg6_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg6_1_expected_dtype != arg6_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dtype, "
           << "expected: " << arg6_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg6_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg6_1_size = arg6_1.sizes();

    if (4 != arg6_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg6_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg6_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg6_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg6_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched dim value at 2, "
           << "expected: 2, " << "but got: " << arg6_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg6_1_stride = arg6_1.strides();

    if (32 != arg6_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 0, "
           << "expected: 32, " << "but got: " << arg6_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg6_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 1, "
           << "expected: 2, " << "but got: " << arg6_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg6_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[6]: unmatched stride value at 2, "
           << "expected: 1, " << "but got: " << arg6_1_stride[2]
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

    int32_t arg7_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg7_1_expected_dtype != arg7_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dtype, "
           << "expected: " << arg7_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg7_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg7_1_size = arg7_1.sizes();

    if (4 != arg7_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg7_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (8 != arg7_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched dim value at 1, "
           << "expected: 8, " << "but got: " << arg7_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg7_1_stride = arg7_1.strides();

    if (8 != arg7_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 0, "
           << "expected: 8, " << "but got: " << arg7_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg7_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[7]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg7_1_stride[1]
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

    int32_t arg8_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg8_1_expected_dtype != arg8_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dtype, "
           << "expected: " << arg8_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg8_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg8_1_size = arg8_1.sizes();

    if (4 != arg8_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg8_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (8 != arg8_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched dim value at 1, "
           << "expected: 8, " << "but got: " << arg8_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg8_1_stride = arg8_1.strides();

    if (8 != arg8_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 0, "
           << "expected: 8, " << "but got: " << arg8_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg8_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[8]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg8_1_stride[1]
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

    int32_t arg9_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg9_1_expected_dtype != arg9_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dtype, "
           << "expected: " << arg9_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg9_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg9_1_size = arg9_1.sizes();

    if (4 != arg9_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg9_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (8 != arg9_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 1, "
           << "expected: 8, " << "but got: " << arg9_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg9_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched dim value at 2, "
           << "expected: 2, " << "but got: " << arg9_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg9_1_stride = arg9_1.strides();

    if (16 != arg9_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg9_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (2 != arg9_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 1, "
           << "expected: 2, " << "but got: " << arg9_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg9_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[9]: unmatched stride value at 2, "
           << "expected: 1, " << "but got: " << arg9_1_stride[2]
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

    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 10);
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
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    // Topologically Sorted Source Nodes: [geqrf], Original ATen: [aten.geqrf]
    AtenTensorHandle buf1_handle;
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_geqrf(arg0_1, &buf1_handle, &buf2_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    RAIIAtenTensorHandle buf2(buf2_handle);
    arg0_1.reset();

    // Topologically Sorted Source Nodes: [linalg_lu_factor], Original ATen: [aten.linalg_lu_factor_ex]
    AtenTensorHandle buf4_handle;  // output buffer
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    AtenTensorHandle buf5_handle;  // output buffer
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    AtenTensorHandle buf6_handle;  // output buffer
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_new_uninitialized_tensor(&buf6_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    aoti_torch_proxy_executor_call_function(proxy_executor, 0, 0, std::array<int64_t, 0>{}.data(), 4, std::array<AtenTensorHandle, 4>{arg2_1, buf4, buf5, buf6}.data());
    arg2_1.reset();

    // Topologically Sorted Source Nodes: [lu_unpack], Original ATen: [aten.lu_unpack]
    AtenTensorHandle buf8_handle;
    AtenTensorHandle buf9_handle;
    AtenTensorHandle buf10_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_lu_unpack(buf4, buf5, 1, 1, &buf8_handle, &buf9_handle, &buf10_handle));
    RAIIAtenTensorHandle buf8(buf8_handle);
    RAIIAtenTensorHandle buf9(buf9_handle);
    RAIIAtenTensorHandle buf10(buf10_handle);
    buf4.reset();
    buf5.reset();

    // Topologically Sorted Source Nodes: [ormqr], Original ATen: [aten.ormqr]
    AtenTensorHandle buf12_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_ormqr(buf1, buf2, arg1_1, 1, 0, &buf12_handle));
    RAIIAtenTensorHandle buf12(buf12_handle);
    arg1_1.reset();
    buf1.reset();
    buf2.reset();

    // Topologically Sorted Source Nodes: [_fft_r2c], Original ATen: [aten._fft_r2c]
    AtenTensorHandle buf14_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__fft_r2c(arg3_1, std::array<int64_t, 1>{1L}.cbegin(), 1, 0L, 1, &buf14_handle));
    RAIIAtenTensorHandle buf14(buf14_handle);
    arg3_1.reset();

    // Topologically Sorted Source Nodes: [view_as_real], Original ATen: [aten.view_as_real]
    AtenTensorHandle buf16_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_real(buf14, &buf16_handle));
    RAIIAtenTensorHandle buf16(buf16_handle);
    // Topologically Sorted Source Nodes: [view_as_complex], Original ATen: [aten.view_as_complex]
    AtenTensorHandle buf18_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_complex(arg4_1, &buf18_handle));
    RAIIAtenTensorHandle buf18(buf18_handle);
    // Topologically Sorted Source Nodes: [_fft_c2c], Original ATen: [aten._fft_c2c]
    AtenTensorHandle buf20_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda__fft_c2c(buf18, std::array<int64_t, 1>{1L}.cbegin(), 1, 0L, 1, &buf20_handle));
    RAIIAtenTensorHandle buf20(buf20_handle);
    arg4_1.reset();

    buf18.reset();

    // Topologically Sorted Source Nodes: [view_as_real_1], Original ATen: [aten.view_as_real]
    AtenTensorHandle buf22_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_real(buf20, &buf22_handle));
    RAIIAtenTensorHandle buf22(buf22_handle);
    // Topologically Sorted Source Nodes: [view_as_complex_1], Original ATen: [aten.view_as_complex]
    AtenTensorHandle buf24_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_complex(arg5_1, &buf24_handle));
    RAIIAtenTensorHandle buf24(buf24_handle);
    // Topologically Sorted Source Nodes: [mul], Original ATen: [aten.mul]
    RAIIAtenTensorHandle scalar_to_tensor_0 = scalar_to_tensor_handle(2L);
    AtenTensorHandle buf26_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mul_Tensor(buf24, scalar_to_tensor_0, &buf26_handle));
    RAIIAtenTensorHandle buf26(buf26_handle);
    arg5_1.reset();

    buf24.reset();

    // Topologically Sorted Source Nodes: [view_as_real_2], Original ATen: [aten.view_as_real]
    AtenTensorHandle buf28_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_real(buf26, &buf28_handle));
    RAIIAtenTensorHandle buf28(buf28_handle);
    // Topologically Sorted Source Nodes: [view_as_complex_2], Original ATen: [aten.view_as_complex]
    AtenTensorHandle buf30_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_complex(arg6_1, &buf30_handle));
    RAIIAtenTensorHandle buf30(buf30_handle);
    // Topologically Sorted Source Nodes: [view_as_real_3], Original ATen: [aten.view_as_real]
    AtenTensorHandle buf32_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_real(buf30, &buf32_handle));
    RAIIAtenTensorHandle buf32(buf32_handle);
    static constexpr int64_t int_array_0[] = {4L, 16L, 2L};
    static constexpr int64_t int_array_1[] = {32L, 2L, 1L};
    AtenTensorHandle buf33_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf33_handle));
    RAIIAtenTensorHandle buf33(buf33_handle);
    // Topologically Sorted Source Nodes: [add], Original ATen: [aten.add]
    call_triton_poi_fused_add_0(buf32, buf33, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg6_1.reset();

    buf30.reset();

    buf32.reset();
    // Topologically Sorted Source Nodes: [polar], Original ATen: [aten.polar]
    AtenTensorHandle buf35_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_polar(arg7_1, arg8_1, &buf35_handle));
    RAIIAtenTensorHandle buf35(buf35_handle);
    arg7_1.reset();
    arg8_1.reset();

    // Topologically Sorted Source Nodes: [view_as_real_4], Original ATen: [aten.view_as_real]
    AtenTensorHandle buf37_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_real(buf35, &buf37_handle));
    RAIIAtenTensorHandle buf37(buf37_handle);
    // Topologically Sorted Source Nodes: [view_as_complex_3], Original ATen: [aten.view_as_complex]
    AtenTensorHandle buf39_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_view_as_complex(arg9_1, &buf39_handle));
    RAIIAtenTensorHandle buf39(buf39_handle);
    // Topologically Sorted Source Nodes: [angle], Original ATen: [aten.angle]
    AtenTensorHandle buf41_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_angle(buf39, &buf41_handle));
    RAIIAtenTensorHandle buf41(buf41_handle);
    arg9_1.reset();

    buf39.reset();

    output_handles[0] = buf12.release();
    output_handles[1] = buf8.release();
    output_handles[2] = buf9.release();
    output_handles[3] = buf10.release();
    output_handles[4] = buf16.release();
    output_handles[5] = buf22.release();
    output_handles[6] = buf28.release();
    output_handles[7] = buf33.release();
    output_handles[8] = buf37.release();
    output_handles[9] = buf41.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// /opt/gcc/bin/g++ /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/chit76wnzw2ls3mbruvm6m53p537ukg5jaxjyw5cghkyebvgsl4b.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/chit76wnzw2ls3mbruvm6m53p537ukg5jaxjyw5cghkyebvgsl4b.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/chit76wnzw2ls3mbruvm6m53p537ukg5jaxjyw5cghkyebvgsl4b.wrapper.o /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/cblbarla4e45miuhzk6sko5qiku3mnglogjieor7qcgpn4fgyqy4.kernel.o /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/chit76wnzw2ls3mbruvm6m53p537ukg5jaxjyw5cghkyebvgsl4b/cgxre62qccm2hvjt32u3oobekucw5zks6ukxlzod6km7a4telymf.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/aoti-census/census/ce4370e05987/inductor-cache/coj6yfogmo3af6uoa3p46curknbrfjlv46zuzx6othb4l2a2hlmi/chit76wnzw2ls3mbruvm6m53p537ukg5jaxjyw5cghkyebvgsl4b.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
