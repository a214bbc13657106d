// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels the GPU test launches through the driver API (cuLaunchKernel),
// as AOTI's wrapper does. Compiled to PTX by run_gpu_tests.sh.

extern "C" __global__ void tiny(int *p) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    p[0] += 1;
}

// Writes far outside any allocation: an illegal memory access.
extern "C" __global__ void bad(int *p, long long off) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    p[off] = 1;
}
