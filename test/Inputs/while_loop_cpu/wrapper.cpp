
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

extern "C"  void  cpp_fused_zeros_0(int64_t* out_ptr0);
extern "C"  void  cpp_fused_lt_zeros_1(const int64_t* in_ptr0,
                       bool* out_ptr0);
extern "C"  void  cpp_fused_add_tanh_zeros_2(float* in_out_ptr0,
                       const int64_t* in_ptr0,
                       const int64_t* in_ptr1,
                       int64_t* out_ptr0);
extern "C"  void  cpp_fused_mul_3(const float* in_ptr0,
                       float* out_ptr0);
CACHE_TORCH_DTYPE(int64);
CACHE_TORCH_DTYPE(bool);
CACHE_TORCH_DTYPE(float32);
CACHE_TORCH_DEVICE(cpu);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    void* cpp_fused_add_tanh_zeros_2{nullptr};
    void* cpp_fused_lt_zeros_1{nullptr};
    void* cpp_fused_mul_3{nullptr};
    void* cpp_fused_zeros_0{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(2,
                           1,
                           2,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg2_1";
    inputs_info_[1].name = "arg3_1";
    constants_info_[0].name = "fc_weight";
    constants_info_[0].dtype = cached_torch_dtype_float32;
    constants_info_[0].device_type = cached_torch_device_type_cpu;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 1024;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {16, 16};
    constants_info_[0].stride = {16, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "fc.weight";
    constants_info_[1].name = "fc_bias";
    constants_info_[1].dtype = cached_torch_dtype_float32;
    constants_info_[1].device_type = cached_torch_device_type_cpu;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 64;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {16};
    constants_info_[1].stride = {1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "fc.bias";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
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
    ConstantHandle arg2_1 = ConstantHandle(input_handles[0]);
    int32_t arg2_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg2_1, &arg2_1_dtype));

    int32_t arg2_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg2_1_expected_dtype != arg2_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg2_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg2_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg2_1_size = arg2_1.sizes();

    if (4 != arg2_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 4, " << "but got: " << arg2_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (16 != arg2_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 16, " << "but got: " << arg2_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg2_1_stride = arg2_1.strides();

    if (16 != arg2_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 16, " << "but got: " << arg2_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg2_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg2_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg2_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg2_1, &arg2_1_device_type));

    int32_t arg2_1_expected_device_type = 0;
    if (arg2_1_expected_device_type != arg2_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg2_1_expected_device_type << "0(cpu), "
        << "but got: " << arg2_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

AOTI_NOINLINE static void check_input_1(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg3_1 = ConstantHandle(input_handles[1]);
    int32_t arg3_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg3_1, &arg3_1_dtype));

    int32_t arg3_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg3_1_expected_dtype != arg3_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched dtype, "
           << "expected: " << arg3_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg3_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg3_1_size = arg3_1.sizes();
    auto arg3_1_stride = arg3_1.strides();
    int32_t arg3_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg3_1, &arg3_1_device_type));

    int32_t arg3_1_expected_device_type = 0;
    if (arg3_1_expected_device_type != arg3_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[1]: unmatched device type, "
        << "expected: " << arg3_1_expected_device_type << "0(cpu), "
        << "but got: " << arg3_1_device_type << "\n";
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

    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 2);
    auto arg2_1 = std::move(inputs[0]);
    auto arg3_1 = std::move(inputs[1]);
    [[maybe_unused]] auto& fc_weight = constants_->at(0);
    [[maybe_unused]] auto& fc_bias = constants_->at(1);
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());
    static constexpr int64_t *int_array_0=nullptr;
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(0, int_array_0, int_array_0, cached_torch_dtype_int64, cached_torch_device_type_cpu, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    cpp_fused_zeros_0((int64_t*)(buf0.data_ptr()));
    RAIIAtenTensorHandle buf1_cond_result;
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(buf0, &buf2_handle));
    RAIIAtenTensorHandle buf2(buf2_handle);
    AtenTensorHandle buf3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(arg2_1, &buf3_handle));
    RAIIAtenTensorHandle buf3(buf3_handle);
    while (1) {
        // subgraph: while_loop_cond_graph_0
        AtenTensorHandle while_loop_cond_graph_0_arg0_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(buf2, &while_loop_cond_graph_0_arg0_1_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_arg0_1(while_loop_cond_graph_0_arg0_1_handle);
        AtenTensorHandle while_loop_cond_graph_0_arg1_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(buf3, &while_loop_cond_graph_0_arg1_1_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_arg1_1(while_loop_cond_graph_0_arg1_1_handle);
        AtenTensorHandle while_loop_cond_graph_0_arg2_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(fc_bias, &while_loop_cond_graph_0_arg2_1_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_arg2_1(while_loop_cond_graph_0_arg2_1_handle);
        AtenTensorHandle while_loop_cond_graph_0_arg3_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(fc_weight, &while_loop_cond_graph_0_arg3_1_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_arg3_1(while_loop_cond_graph_0_arg3_1_handle);
        AtenTensorHandle while_loop_cond_graph_0_arg4_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(arg3_1, &while_loop_cond_graph_0_arg4_1_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_arg4_1(while_loop_cond_graph_0_arg4_1_handle);
        static constexpr int64_t *int_array_1=nullptr;
        AtenTensorHandle while_loop_cond_graph_0_buf0_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(0, int_array_1, int_array_1, cached_torch_dtype_bool, cached_torch_device_type_cpu, this->device_idx_, &while_loop_cond_graph_0_buf0_handle));
        RAIIAtenTensorHandle while_loop_cond_graph_0_buf0(while_loop_cond_graph_0_buf0_handle);
        cpp_fused_lt_zeros_1((const int64_t*)(while_loop_cond_graph_0_arg0_1.data_ptr()), (bool*)(while_loop_cond_graph_0_buf0.data_ptr()));
        while_loop_cond_graph_0_arg0_1.reset();
        buf1_cond_result.reset();
        buf1_cond_result = std::move(while_loop_cond_graph_0_buf0);
        bool buf1_cond_result_scalar;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_item_bool(buf1_cond_result, &buf1_cond_result_scalar));
        if (!buf1_cond_result_scalar) break;
        // subgraph: while_loop_body_graph_0
        AtenTensorHandle while_loop_body_graph_0_arg0_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(buf2, &while_loop_body_graph_0_arg0_1_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_arg0_1(while_loop_body_graph_0_arg0_1_handle);
        AtenTensorHandle while_loop_body_graph_0_arg1_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(buf3, &while_loop_body_graph_0_arg1_1_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_arg1_1(while_loop_body_graph_0_arg1_1_handle);
        AtenTensorHandle while_loop_body_graph_0_arg2_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(fc_bias, &while_loop_body_graph_0_arg2_1_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_arg2_1(while_loop_body_graph_0_arg2_1_handle);
        AtenTensorHandle while_loop_body_graph_0_arg3_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(fc_weight, &while_loop_body_graph_0_arg3_1_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_arg3_1(while_loop_body_graph_0_arg3_1_handle);
        AtenTensorHandle while_loop_body_graph_0_arg4_1_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_assign_tensors_out(arg3_1, &while_loop_body_graph_0_arg4_1_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_arg4_1(while_loop_body_graph_0_arg4_1_handle);
        static constexpr int64_t int_array_2[] = {4L, 16L};
        static constexpr int64_t int_array_3[] = {16L, 1L};
        AtenTensorHandle while_loop_body_graph_0_buf0_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &while_loop_body_graph_0_buf0_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_buf0(while_loop_body_graph_0_buf0_handle);
        // Unsorted Source Nodes: [while_loop, zeros, linear], Original ATen: [aten.zeros, aten.addmm, aten.t]
        static constexpr int64_t int_array_4[] = {16L, 16L};
        static constexpr int64_t int_array_5[] = {1L, 16L};
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cpu_addmm_out(while_loop_body_graph_0_buf0, while_loop_body_graph_0_arg2_1, while_loop_body_graph_0_arg1_1, wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(while_loop_body_graph_0_arg3_1, 2, int_array_4, int_array_5, 0L)), 1L, 1L));
        while_loop_body_graph_0_arg1_1.reset();
        while_loop_body_graph_0_arg2_1.reset();
        while_loop_body_graph_0_arg3_1.reset();
        auto while_loop_body_graph_0_buf1 = std::move(while_loop_body_graph_0_buf0);  // reuse
        static constexpr int64_t *int_array_6=nullptr;
        AtenTensorHandle while_loop_body_graph_0_buf2_handle;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(0, int_array_6, int_array_6, cached_torch_dtype_int64, cached_torch_device_type_cpu, this->device_idx_, &while_loop_body_graph_0_buf2_handle));
        RAIIAtenTensorHandle while_loop_body_graph_0_buf2(while_loop_body_graph_0_buf2_handle);
        cpp_fused_add_tanh_zeros_2((float*)(while_loop_body_graph_0_buf1.data_ptr()), (const int64_t*)(while_loop_body_graph_0_arg0_1.data_ptr()), (const int64_t*)(while_loop_body_graph_0_arg4_1.data_ptr()), (int64_t*)(while_loop_body_graph_0_buf2.data_ptr()));
        while_loop_body_graph_0_arg0_1.reset();
        while_loop_body_graph_0_arg4_1.reset();
        buf2.reset();
        buf2 = std::move(while_loop_body_graph_0_buf2);
        buf3.reset();
        buf3 = std::move(while_loop_body_graph_0_buf1);
    }
    arg2_1.reset();
    arg3_1.reset();
    buf0.reset();

    static constexpr int64_t int_array_7[] = {4L, 16L};
    static constexpr int64_t int_array_8[] = {16L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_7, int_array_8, cached_torch_dtype_float32, cached_torch_device_type_cpu, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    cpp_fused_mul_3((const float*)(buf3.data_ptr()), (float*)(buf4.data_ptr()));
    output_handles[0] = buf4.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// g++ /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/ch27qnhpetwmadu3o4yhf5oqtbhgxzy34mphtwuvzt4l773asvlj.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/c23hvq6phxtfawhpo7cefni6d2tfpzg63mrfngffyimb2ane2rj3.h -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/venv-torch-2.11/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/venv-torch-2.11/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -c -o /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/ch27qnhpetwmadu3o4yhf5oqtbhgxzy34mphtwuvzt4l773asvlj.wrapper.o
// Link cmd
// g++ /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/ch27qnhpetwmadu3o4yhf5oqtbhgxzy34mphtwuvzt4l773asvlj.wrapper.o /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/citqutsrzkalol5gtz66rgmqpc75tqofg5fqzsp67bwzr6uv3c22.kernel.o /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/ch27qnhpetwmadu3o4yhf5oqtbhgxzy34mphtwuvzt4l773asvlj/csgl3r3mcfp3su2iroq2eoeqnhicqdozphvy3krhhkvrn4hfjxim.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/venv-torch-2.11/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/venv-torch-2.11/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -o /tmp/torchinductor_root/c4yvghglljlfoli5v6w6jhr5525e2hedl25snuzui25cvusqizow/ch27qnhpetwmadu3o4yhf5oqtbhgxzy34mphtwuvzt4l773asvlj.wrapper.so  -ltorch -ltorch_cpu -lgomp  -L/root/.pyenv/versions/3.11.7/lib -L/root/.cache/aoti-instrument/venv-torch-2.11/lib/python3.11/site-packages/torch/lib 
