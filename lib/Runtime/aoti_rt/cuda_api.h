//===- aoti_rt/cuda_api.h - The CUDA APIs the runtime calls -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The CUDA driver and runtime APIs, for a CUDA wrapper (AOTI_RT_CUDA 1)
// only: a CPU wrapper's runtime includes nothing of CUDA. dladdr tells
// whether a chained terminate handler's code is still mapped.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_CUDA_API_H
#define AOTI_RT_CUDA_API_H

#include "abi.h"

#if AOTI_RT_CUDA
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#endif

#endif // AOTI_RT_CUDA_API_H
