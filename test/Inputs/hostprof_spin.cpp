// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A program for test/bench/hostprof.test: it spends its CPU time in two
// named functions, 3:1 by work (not by wall time: a loaded machine takes the
// CPU away from a wall-clock loop unevenly), so the profile must rank them
// so.
#include <cstdio>

extern "C" void hostprof_write();

static volatile unsigned long Sink;

__attribute__((noinline)) void spinFor(unsigned long Steps) {
  for (unsigned long I = 0; I < Steps; ++I)
    Sink = Sink + 1;
}
__attribute__((noinline)) void heavyPart() { spinFor(300000000ul); }
__attribute__((noinline)) void lightPart() { spinFor(100000000ul); }

int main() {
  heavyPart();
  lightPart();
  hostprof_write(); // resolved from the preloaded profiler
  std::puts("done");
}
