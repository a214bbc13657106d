//===- RuntimeTestUtil.cpp - Fixtures of the runtime tests ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The helpers of RuntimeTestUtil.h that do not use the runtime's types,
// defined once for the whole AOTIRuntimeTests binary (those that need
// neither the runtime nor torch: RuntimeTestFiles.cpp).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

namespace aoti_rt_test {

int Counter = 0;

RAIIAtenTensorHandle blob(void *Data, std::vector<int64_t> Sizes,
                          std::vector<int64_t> Strides, int32_t Dtype,
                          int64_t Offset) {
  AtenTensorHandle H = nullptr;
  AOTITorchError E = aoti_torch_create_tensor_from_blob(
      Data, static_cast<int64_t>(Sizes.size()), Sizes.data(), Strides.data(),
      Offset, Dtype, aoti_torch_device_type_cpu(), 0, &H);
  EXPECT_EQ(E, AOTI_TORCH_SUCCESS);
  return RAIIAtenTensorHandle(H);
}

RAIIAtenTensorHandle undefinedTensor() {
  AtenTensorHandle H = nullptr;
  EXPECT_EQ(aoti_torch_new_uninitialized_tensor(&H), AOTI_TORCH_SUCCESS);
  return RAIIAtenTensorHandle(H);
}

RAIIAtenTensorHandle freshBuffer(std::vector<int64_t> Sizes,
                                 std::vector<int64_t> Strides, int32_t Dtype) {
  AtenTensorHandle H = nullptr;
  EXPECT_EQ(aoti_torch_empty_strided(static_cast<int64_t>(Sizes.size()),
                                     Sizes.data(), Strides.data(), Dtype,
                                     aoti_torch_device_type_cpu(), 0, &H),
            AOTI_TORCH_SUCCESS);
  return RAIIAtenTensorHandle(H);
}

RAIIAtenTensorHandle emptyFloat(std::vector<int64_t> Sizes,
                                std::vector<int64_t> Strides,
                                const std::vector<float> &Values) {
  RAIIAtenTensorHandle H = freshBuffer(std::move(Sizes), std::move(Strides));
  void *Data = nullptr;
  aoti_torch_get_data_ptr(H.get(), &Data);
  std::memcpy(Data, Values.data(), Values.size() * sizeof(float));
  return H;
}

uint16_t bf16(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return static_cast<uint16_t>(U >> 16);
}

SafetensorsFile readSafetensors(const std::string &Path) {
  SafetensorsFile F;
  std::string All = readFile(Path);
  if (All.size() < 8)
    return F;
  uint64_t N = 0;
  for (int I = 7; I >= 0; --I)
    N = (N << 8) | static_cast<unsigned char>(All[I]);
  if (8 + N > All.size())
    return F;
  F.header = All.substr(8, N);
  F.data = All.substr(8 + N);
  F.ok = N % 8 == 0;
  return F;
}

} // namespace aoti_rt_test
