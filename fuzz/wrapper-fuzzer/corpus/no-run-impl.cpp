#include <torch/csrc/inductor/aoti_include/cpu.h>
void f() {}
