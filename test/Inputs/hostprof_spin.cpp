// A program for test/bench/hostprof.test: it spends its time in two named
// functions, about 3:1, so the profile must rank them so.
#include <chrono>
#include <cstdio>

extern "C" void hostprof_write();

static volatile unsigned long Sink;

__attribute__((noinline)) void spinFor(double Seconds) {
  auto T0 = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
             .count() < Seconds)
    Sink = Sink + 1;
}
__attribute__((noinline)) void heavyPart() { spinFor(0.3); }
__attribute__((noinline)) void lightPart() { spinFor(0.1); }

int main() {
  heavyPart();
  lightPart();
  hostprof_write(); // resolved from the preloaded profiler
  std::puts("done");
}
