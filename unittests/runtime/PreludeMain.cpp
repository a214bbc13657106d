//===- PreludeMain.cpp - Write runtimePrelude() to a file -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// aoti-rt-prelude cpu|cuda OUT: the text the tool pastes into wrappers, for
// the runtime's tests (they compile against exactly that text).
//
//===----------------------------------------------------------------------===//

#include "Runtime/RuntimeSource.h"

#include <cstdio>
#include <cstring>
#include <fstream>

int main(int Argc, char **Argv) {
  if (Argc != 3 ||
      (std::strcmp(Argv[1], "cpu") != 0 && std::strcmp(Argv[1], "cuda") != 0)) {
    std::fprintf(stderr, "usage: aoti-rt-prelude cpu|cuda OUT\n");
    return 1;
  }
  std::ofstream Out(Argv[2], std::ios::binary);
  Out << aoti::runtimePrelude(std::strcmp(Argv[1], "cuda") == 0);
  return Out.good() ? 0 : 1;
}
