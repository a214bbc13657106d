//===- RuntimeTestUtil.cpp - Fixtures of the runtime tests ----------------===//
//
// The helpers of RuntimeTestUtil.h that do not use the runtime's types,
// defined once for the whole AOTIRuntimeTests binary.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include <algorithm>

namespace aoti_rt_test {

std::string outRoot() {
  const char *Env = std::getenv("AOTI_RT_TEST_OUT");
  return Env && *Env ? Env : AOTI_RT_TEST_WORK;
}

std::string testDir() {
  const auto *Info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path Dir = fs::path(outRoot()) /
                 (std::string(Info->test_suite_name()) + "." + Info->name());
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir.string();
}

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

RAIIAtenTensorHandle freshBuffer(std::vector<int64_t> Sizes,
                                 std::vector<int64_t> Strides,
                                 int32_t Dtype) {
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

testing::AssertionResult startsWith(const std::string &Line,
                                    const std::string &Prefix) {
  if (Line.rfind(Prefix, 0) == 0)
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << "'" << Line << "' does not start with '" << Prefix << "'";
}

bool contains(const std::vector<std::string> &Lines, const std::string &S) {
  for (const std::string &L : Lines)
    if (L.find(S) != std::string::npos)
      return true;
  return false;
}

size_t countContaining(const std::vector<std::string> &Lines,
                       const std::string &S) {
  size_t N = 0;
  for (const std::string &L : Lines)
    N += L.find(S) != std::string::npos;
  return N;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

std::vector<std::string> linesOf(const std::string &Path) {
  std::ifstream In(Path);
  std::vector<std::string> L;
  for (std::string S; std::getline(In, S);)
    L.push_back(S);
  return L;
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

std::vector<std::string> listDir(const std::string &Dir) {
  std::vector<std::string> Names;
  if (!fs::is_directory(Dir))
    return Names;
  for (const auto &E : fs::directory_iterator(Dir))
    Names.push_back(E.path().filename().string());
  std::sort(Names.begin(), Names.end());
  return Names;
}

} // namespace aoti_rt_test
