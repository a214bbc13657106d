//===- RuntimeSource.cpp - The runtime's text, for pasting ----------------===//

#include "Runtime/RuntimeSource.h"

namespace {
#include "RuntimeHeaderText.inc"
} // namespace

std::string aoti::runtimePrelude(bool Cuda) {
  std::string Text = Cuda ? "#define AOTI_RT_CUDA 1\n" : "#define AOTI_RT_CUDA 0\n";
  for (const char *const *Chunk = RuntimeHeaderText; *Chunk; ++Chunk)
    Text += *Chunk;
  return Text;
}
