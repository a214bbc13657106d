//===- CompileCheck.cpp - The prelude compiles inside a wrapper -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Laid out like an instrumented wrapper.cpp: AOTI's include, the pasted
// prelude, the rest of AOTI's includes, then tables and calls in the shape
// the code generator emits. Compiled with -fsyntax-only -Werror under the
// wrapper's flags by the runtime-compile-* tests.
//
//===----------------------------------------------------------------------===//

#if AOTI_RT_FLAVOUR_cuda
#include "prelude_cuda.h"
#include <torch/csrc/inductor/aoti_include/cuda.h>
#else
#include "prelude_cpu.h"
#include <torch/csrc/inductor/aoti_include/cpu.h>
#endif

#include <torch/csrc/inductor/aoti_runtime/interface.h>
#include <torch/csrc/inductor/aoti_runtime/model_container.h>

#include <iostream>
#include <vector>

#if AOTI_RT_FLAVOUR_cuda
#if !AOTI_RT_CUDA
#error "the CUDA prelude must define AOTI_RT_CUDA to 1"
#endif
#elif AOTI_RT_CUDA
#error "the CPU prelude must define AOTI_RT_CUDA to 0"
#endif

static const ::aoti_rt::SiteInfo aoti_rt_sites[] = {
    {0, "aoti_torch_cuda_mm_out", "extern", 906, "linear",
     "aten.t, aten.addmm"},
    {1, "triton_poi_fused_addmm_relu_0", "triton", 910, "linear, relu",
     "aten.addmm, aten.relu"},
};
static const ::aoti_rt::Program aoti_rt_program = {"wrapper.cpp",
                                                   "digest",
                                                   aoti_rt_sites,
                                                   2,
                                                   "AOTI_INSTRUMENT_DISABLE",
                                                   "AOTI_INSTRUMENT_LOG",
                                                   "AOTI_INSTRUMENT_JSONL",
                                                   "",
                                                   "aoti-instrument-saves",
                                                   0,
                                                   0,
                                                   16};
static const ::aoti_rt::Probe aoti_rt_probe_1_after = {true,
                                                       true,
                                                       ::aoti_rt::kOut,
                                                       ::aoti_rt::kCheckNan |
                                                           ::aoti_rt::kCheckInf,
                                                       ::aoti_rt::kThrow,
                                                       ::aoti_rt::kPrintStats,
                                                       ::aoti_rt::kInOut,
                                                       true,
                                                       ::aoti_rt::kInOut};
static constexpr int64_t aoti_rt_guard_0_min[] = {1, 16};
static constexpr int64_t aoti_rt_guard_0_max[] = {64, 16};
static const ::aoti_rt::InputGuard aoti_rt_guard_0 = {0,
                                                      "arg4_1",
                                                      "float32",
                                                      "cuda",
                                                      2,
                                                      aoti_rt_guard_0_min,
                                                      aoti_rt_guard_0_max,
                                                      true,
                                                      16,
                                                      false,
                                                      0.0,
                                                      0.0,
                                                      true,
                                                      ::aoti_rt::kThrow};
static const ::aoti_rt::DimRef aoti_rt_dims_0[] = {{0, 1}, {1, 0}};

namespace torch::aot_inductor {

void fake_run_impl(AtenTensorHandle *input_handles,
                   AtenTensorHandle *output_handles, DeviceStreamType stream,
                   AOTIProxyExecutorHandle proxy_executor) {
#if AOTI_RT_CUDA
  ::aoti_rt::RunScope aoti_rt_run(aoti_rt_program, stream);
#else
  ::aoti_rt::RunScope aoti_rt_run(aoti_rt_program, nullptr);
#endif
  if (aoti_rt_run.observing()) {
    aoti_rt_run.guardInput(aoti_rt_guard_0, input_handles[0]);
    aoti_rt_run.guardEqualDims(aoti_rt_dims_0, 2, input_handles,
                               ::aoti_rt::kWarn);
  }
  auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 2);
  auto arg4_1 = std::move(inputs[0]);
  ConstantHandle l1_bias(arg4_1.get());
  RAIIAtenTensorHandle buf1(nullptr);
  {
    ::aoti_rt::TensorRef aoti_rt_t[] = {{"buf1", ::aoti_rt::kInOut, buf1},
                                        {"l1_bias", ::aoti_rt::kIn, l1_bias}};
    aoti_rt_run.probe(1, ::aoti_rt::kAfter, aoti_rt_t, 2,
                      aoti_rt_probe_1_after);
  }
  output_handles[0] = arg4_1.release();
}

} // namespace torch::aot_inductor
