//===- InputSpecs.h - What a model was compiled for -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CXXConstructorDecl;
class FunctionDecl;
} // namespace clang

namespace aoti {

/// What one graph input was compiled for, as its check_input_N says.
struct InputSpec {
  /// Its position in input_handles.
  unsigned Index = 0;
  /// The wrapper's name for it (`arg4_1`).
  std::string Name;
  /// The user's name for it, where the package says: the keyword of a
  /// keyword input (the wrapper's `in_spec_`), or the exported program's
  /// name (PackageDriver). Empty when unknown.
  std::string Exported;
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

  /// The dims the checks read: max(Dims, Strides).
  unsigned rank() const {
    return static_cast<unsigned>(std::max(Dims.size(), Strides.size()));
  }
  /// Whether rank() is the compiled rank, not only a lower bound: sizes and
  /// strides are both checked up to the last dim (AOTI checks every static
  /// stride, and a contiguous layout's last stride is static).
  bool rankIsExact() const {
    return !Dims.empty() && Dims.size() == Strides.size() &&
           Strides.back().has_value();
  }
};

/// What \p CheckInput (a `check_input_N` definition) checks; none when it
/// does not read input_handles[N] as AOTI writes it.
std::optional<InputSpec> readInputSpec(const clang::FunctionDecl &CheckInput);

/// The JSON of `in_spec_ = R"(...)";` in the model's constructor; none
/// when it has no such assignment.
std::optional<std::string> readInSpec(const clang::CXXConstructorDecl &Ctor);

/// The user's name of each flattened input of \p InSpec (torch's pytree
/// JSON, `[1, {"type": ..., "context": ..., "children_spec": [...]}]`), in
/// input order: a keyword input's key (`mask`; a nested leaf `cache[0]`),
/// "" for a positional one, which the spec does not name. Empty when the
/// text is not such a spec.
std::vector<std::string> inputNamesFromSpec(llvm::StringRef InSpec);

/// The longest input name from a package that reports print.
constexpr size_t MaxInputNameLength = 128;

/// Whether \p Name, a user's input name from the package, is plain
/// printable text (no control characters, quotes or backslashes) of at most
/// MaxInputNameLength characters: reports may print it.
bool isPlainInputName(llvm::StringRef Name);

/// The spec of input \p Index among \p Specs, or null.
const InputSpec *findInputSpec(llvm::ArrayRef<InputSpec> Specs, unsigned Index);

/// Gives each of \p Specs the non-empty name \p Names has at its position,
/// when \p Names has one per input (\p NumInputs): names of another count
/// do not say which input is which. The names come from the package: one
/// that is not plain printable text of at most MaxInputNameLength
/// characters is left out (reports print it).
void nameInputs(llvm::ArrayRef<std::string> Names, size_t NumInputs,
                std::vector<InputSpec> &Specs);

} // namespace aoti

#endif // AOTI_ANALYSIS_INPUTSPECS_H
