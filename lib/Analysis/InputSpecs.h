//===- InputSpecs.h - What a model was compiled for -------------*- C++ -*-===//
//
// AOTI writes one `check_input_N(AtenTensorHandle*)` per graph input
// (torch 2.9+): the input's dtype, its static dims and the bounds of its
// symbolic ones, its static strides and its device type, each compared
// with what the caller passed, throwing on a mismatch. It only runs when
// AOTI_RUNTIME_CHECK_INPUTS is set. This file reads, from the parsed
// function, what it checks: what the model was compiled for, so that the
// instrumentation can check every run's inputs and name a wrong one as the
// cause.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_INPUTSPECS_H
#define AOTI_ANALYSIS_INPUTSPECS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace aoti {

/// What one graph input was compiled for, as its check_input_N says.
struct InputSpec {
  /// Its position in input_handles.
  unsigned Index = 0;
  /// The wrapper's name for it (`arg4_1`).
  std::string Name;
  /// torch's name of its dtype (`float32`, `bfloat16`), from the
  /// `aoti_torch_dtype_<name>()` it is compared with; empty when unchecked.
  std::string Dtype;
  /// c10::DeviceType it must be on (0 cpu, 1 cuda); none when unchecked.
  std::optional<int> DeviceType;
  /// Each dim's bounds (inclusive; -1 when unbounded); a static dim has
  /// Min == Max. As many as the highest dim checked, plus one.
  struct DimBounds {
    int64_t Min = -1, Max = -1;
  };
  std::vector<DimBounds> Dims;
  /// Each static stride; none for a dim whose stride is not checked.
  std::vector<std::optional<int64_t>> Strides;
};

/// What \p CheckInput (a `check_input_N` definition) checks; none when it
/// does not read input_handles[N] as AOTI writes it.
std::optional<InputSpec> readInputSpec(const clang::FunctionDecl &CheckInput);

} // namespace aoti

#endif // AOTI_ANALYSIS_INPUTSPECS_H
