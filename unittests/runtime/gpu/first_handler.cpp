//===- first_handler.cpp - Another model's terminate handler --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A library whose std::terminate handler is installed before the runtime's
// and which is unloaded before the process terminates: the runtime must
// not call into its unmapped code (GpuFaults.AnUnloadedPreviousHandler...).
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <exception>

static void firstHandler() {
  std::fputs("first handler\n", stderr);
  std::abort();
}

extern "C" void install_handler() { std::set_terminate(firstHandler); }
