// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loads a .pt2 with torch's C++ AOTIModelPackageLoader, as a C++ serving
// program would, runs it on inputs saved by Python (torch.save of a list of
// tensors) and saves its outputs the same way for Python to compare.
//
//   pt2_runner MODEL.pt2 INPUTS.pt OUTPUTS.pt [RUNS]
//
// Exit code 0 when every run succeeded, 1 when a run threw (the message is
// printed on stderr), 2 on bad usage.
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#include <torch/csrc/jit/serialization/pickle.h>

#include <fstream>
#include <iostream>
#include <iterator>

int main(int argc, char **argv) {
  if (argc < 4) {
    std::cerr << "usage: pt2_runner MODEL.pt2 INPUTS.pt OUTPUTS.pt [RUNS]\n";
    return 2;
  }
  std::ifstream In(argv[2], std::ios::binary);
  std::vector<char> Bytes((std::istreambuf_iterator<char>(In)),
                          std::istreambuf_iterator<char>());
  std::vector<at::Tensor> Inputs;
  for (const c10::IValue &V : torch::jit::pickle_load(Bytes).toList())
    Inputs.push_back(V.toTensor());
  int Runs = argc > 4 ? std::atoi(argv[4]) : 1;
  try {
    torch::inductor::AOTIModelPackageLoader Loader(argv[1]);
    std::vector<at::Tensor> Outputs;
    for (int I = 0; I < Runs; ++I)
      Outputs = Loader.run(Inputs);
    c10::List<at::Tensor> List;
    for (const at::Tensor &T : Outputs)
      List.push_back(T.cpu());
    std::vector<char> Saved = torch::jit::pickle_save(c10::IValue(List));
    std::ofstream(argv[3], std::ios::binary).write(Saved.data(), Saved.size());
  } catch (const std::exception &E) {
    std::cerr << "pt2_runner: " << E.what() << "\n";
    return 1;
  }
  return 0;
}
