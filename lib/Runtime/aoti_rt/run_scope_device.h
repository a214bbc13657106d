//===- aoti_rt/run_scope_device.h - RunScope: device, kernels ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The device a run's launches are on and the runtime's kernels in its
// context (cuda_stats.h), looked up once per run (CUDA). The members above
// it (the batches, the trace, deferred probes, buffers) ask it.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_DEVICE_H
#define AOTI_RT_RUN_SCOPE_DEVICE_H

#include "cuda_api.h"
#include "cuda_stats.h"
#include "run_scope.h"

#include <string>

#if AOTI_RT_DEFINITIONS && AOTI_RT_CUDA
AOTI_RT_NAMESPACE_BEGIN

/// Read once per run: reading the device and the runtime's kernels at
/// every probe cost 28 us per forward of the 8-layer decoder's 206 probes
/// (a host profile of nan-hunt on that decoder; docs/benchmarks.md,
/// "Launch-bound and GPU-bound").
AOTI_RT_OUTLINE int RunScope::currentDevice() {
  if (CurDevice == -2 && cudaGetDevice(&CurDevice) != cudaSuccess) {
    cudaGetLastError();
    CurDevice = -1; // unknown: DeviceGuard reads it each time
  }
  return CurDevice;
}

/// The runtime's kernels for \p Device (< 0: the current one), whose
/// context is current (a DeviceGuard).
AOTI_RT_OUTLINE const detail::RuntimeKernels *
RunScope::kernels(int Device, std::string &Why) {
  const int Cur = currentDevice();
  if (Cur < 0 || (Device >= 0 && Device != Cur))
    return detail::runtimeKernels(Why);
  if (!Kernels)
    Kernels = detail::runtimeKernels(Why);
  return Kernels;
}

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS && AOTI_RT_CUDA

#endif // AOTI_RT_RUN_SCOPE_DEVICE_H
