//===- aoti_rt/guards.h - Input guards --------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Checks of graph inputs before any launch: what the model was compiled for
// (every preset: device, dtype, rank, dims, strides), and the rules' input
// guards (dtype, device, rank, dims, layout, values).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_GUARDS_H
#define AOTI_RT_GUARDS_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "abi.h"
#include "state.h"
#include "tensor.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN

namespace detail {

/// "input 1 (arg1_1, 'idx')": by position, by the wrapper's name and by the
/// user's where the package says it.
inline std::string inputLabel(int Index, const char *Name,
                              const char *Exported) {
  std::string S =
      "input " + std::to_string(Index) + " (" + orDefault(Name, "?");
  if (Exported && *Exported)
    S += std::string(", '") + Exported + "'";
  return S + ")";
}

/// "input guard rules.yaml:12:7 on input 0 (arg0_1, 'x')"
inline std::string inputText(const InputGuard &G) {
  std::string Guard = G.rule && *G.rule
                          ? std::string("input guard ") + G.rule + " on "
                          : std::string("input guard on ");
  return Guard + inputLabel(G.index, G.name, G.exported);
}

inline std::string boundsText(int64_t Lo, int64_t Hi) {
  if (Lo >= 0 && Hi >= 0)
    return Lo == Hi
               ? std::to_string(static_cast<long long>(Lo))
               : "in [" + std::to_string(static_cast<long long>(Lo)) + ", " +
                     std::to_string(static_cast<long long>(Hi)) + "]";
  if (Lo >= 0)
    return ">= " + std::to_string(static_cast<long long>(Lo));
  return "<= " + std::to_string(static_cast<long long>(Hi));
}

inline void guardFailed(ProgramState &S, int64_t Run, const char *Event,
                        const std::string &Subject,
                        const std::vector<std::string> &Problems, OnFail F) {
  std::string Line = "[aoti-instrument] " + Subject + ": ";
  for (size_t I = 0; I < Problems.size(); ++I)
    Line += (I ? "; " : "") + Problems[I];
  Line += " in run " + std::to_string(static_cast<long long>(Run));
  JsonObj J;
  J.str("event", Event).num("run", Run).str("subject", Subject);
  J.raw("problems", jsonList(Problems)).str("message", Line);
  emit(S, Line, J.done());
  fail(F, Line);
}

//===----------------------------------------------------------------------===//
// What the model was compiled for (Program::inputs)
//===----------------------------------------------------------------------===//

// The per-run path (every input, every observed run) keeps the wrapper's
// optimization; only the reports of a mismatch are cold.
AOTI_RT_COLD_END

/// What a graph input is, as the shim says: enough to compare it with a
/// CompiledInput without formatting anything.
struct InputFacts {
  bool Defined = false;
  int32_t DevType = -1, DevIndex = -1, Dtype = -1;
  int64_t Rank = 0;
  const int64_t *Sizes = nullptr, *Strides = nullptr;
};

inline InputFacts inputFacts(AtenTensorHandle H) {
  InputFacts F;
  F.Defined =
      H && aoti_torch_get_device_type(H, &F.DevType) == AOTI_TORCH_SUCCESS &&
      aoti_torch_get_device_index(H, &F.DevIndex) == AOTI_TORCH_SUCCESS &&
      aoti_torch_get_dtype(H, &F.Dtype) == AOTI_TORCH_SUCCESS &&
      aoti_torch_get_dim(H, &F.Rank) == AOTI_TORCH_SUCCESS &&
      aoti_torch_get_sizes(H, const_cast<int64_t **>(&F.Sizes)) ==
          AOTI_TORCH_SUCCESS &&
      aoti_torch_get_strides(H, const_cast<int64_t **>(&F.Strides)) ==
          AOTI_TORCH_SUCCESS;
  return F;
}

inline bool deviceMatches(const CompiledInput &C, const InputFacts &F,
                          int DeviceIndex) {
  if (C.device_type < 0)
    return true;
  if (F.DevType != C.device_type)
    return false;
  // A CUDA model runs on one device: an input on another is as wrong.
  return F.DevType == aoti_torch_device_type_cpu() || DeviceIndex < 0 ||
         F.DevIndex == DeviceIndex;
}

inline bool rankMatches(const CompiledInput &C, const InputFacts &F) {
  return C.rank_exact ? F.Rank == C.rank : F.Rank >= C.rank;
}

inline bool dtypeMatches(const CompiledInput &C, const InputFacts &F) {
  return !C.dtype || std::strcmp(dtypeInfo(F.Dtype).Name, C.dtype) == 0;
}

inline bool sizeMatches(const CompiledInput &C, const InputFacts &F, int D) {
  int64_t V = F.Sizes[D];
  return (C.dim_min[D] < 0 || V >= C.dim_min[D]) &&
         (C.dim_max[D] < 0 || V <= C.dim_max[D]);
}

inline bool strideMatches(const CompiledInput &C, const InputFacts &F, int D) {
  // A size-1 dim has no stride to keep: torch may give it any.
  return C.strides[D] < 0 || F.Sizes[D] == 1 || F.Strides[D] == C.strides[D];
}

/// Whether every input of \p P is checked to one dtype, device, rank, dims
/// and strides (CompiledInput): then a run whose inputs all matched has
/// the shapes the last one had, and its deferred probes' trace may be
/// replayed (replay.h).
inline bool inputsPinned(const Program &P) {
  if (P.num_inputs <= 0)
    return false;
  for (int I = 0; I < P.num_inputs; ++I) {
    const CompiledInput &C = P.inputs[I];
    if (!C.dtype || C.device_type < 0 || !C.rank_exact)
      return false;
    for (int D = 0; D < C.rank; ++D)
      if (C.dim_min[D] < 0 || C.dim_min[D] != C.dim_max[D] || C.strides[D] < 0)
        return false;
  }
  return true;
}

/// Whether input \p F is what \p C says; no allocation, no formatting.
inline bool inputMatches(const CompiledInput &C, const InputFacts &F,
                         int DeviceIndex) {
  if (!F.Defined || !deviceMatches(C, F, DeviceIndex) || !rankMatches(C, F) ||
      !dtypeMatches(C, F))
    return false;
  for (int D = 0; D < C.rank; ++D)
    if (!sizeMatches(C, F, D) || !strideMatches(C, F, D))
      return false;
  return true;
}

AOTI_RT_COLD_BEGIN

/// "8", "1..8", ">= 2", "<= 8"
inline std::string rangeText(int64_t Lo, int64_t Hi) {
  auto Text = [](int64_t V) {
    return std::to_string(static_cast<long long>(V));
  };
  if (Lo >= 0 && Hi >= 0)
    return Lo == Hi ? Text(Lo) : Text(Lo) + ".." + Text(Hi);
  return Lo >= 0 ? ">= " + Text(Lo) : "<= " + Text(Hi);
}

/// Whether \p C's strides are those of a contiguous tensor of \p F's sizes.
inline bool compiledContiguous(const CompiledInput &C, const InputFacts &F) {
  int64_t Expected = 1;
  for (int D = C.rank - 1; D >= 0; --D) {
    if (C.strides[D] >= 0 && F.Sizes[D] != 1 && C.strides[D] != Expected)
      return false;
    Expected *= F.Sizes[D];
  }
  return true;
}

/// The dims and strides of \p F that \p C does not allow.
inline void describeDims(const CompiledInput &C, const InputFacts &F,
                         std::vector<std::string> &Problems) {
  auto Text = [](int64_t V) {
    return std::to_string(static_cast<long long>(V));
  };
  bool Strides = false;
  for (int D = 0; D < C.rank; ++D) {
    if (!sizeMatches(C, F, D))
      Problems.push_back("dim " + Text(D) + " is " + Text(F.Sizes[D]) +
                         ", compiled for " +
                         rangeText(C.dim_min[D], C.dim_max[D]));
    else if (!strideMatches(C, F, D))
      Strides = true;
  }
  if (!Strides)
    return;
  std::string Want = "(";
  for (int D = 0; D < C.rank; ++D)
    Want += (D ? ", " : "") + (C.strides[D] < 0 ? "?" : Text(C.strides[D]));
  Problems.push_back(
      "strides " +
      fmtList(std::vector<int64_t>(F.Strides, F.Strides + F.Rank)) +
      ", compiled for " + Want + ")" +
      (compiledContiguous(C, F)
           ? " (the model assumes a contiguous input: pass .contiguous())"
           : ""));
}

/// Why input \p F is not what \p C says, one phrase per difference.
inline std::vector<std::string>
describeMismatch(const CompiledInput &C, const InputFacts &F, int DeviceIndex) {
  std::vector<std::string> Problems;
  if (!F.Defined)
    return {"no tensor (an undefined handle)"};
  if (!deviceMatches(C, F, DeviceIndex))
    Problems.push_back("on " + deviceName(F.DevType, F.DevIndex) +
                       ", the model runs on " +
                       deviceName(C.device_type, DeviceIndex));
  if (!dtypeMatches(C, F))
    Problems.push_back(std::string("dtype ") + dtypeInfo(F.Dtype).Name +
                       ", compiled for " + C.dtype);
  if (!rankMatches(C, F))
    Problems.push_back(
        std::to_string(static_cast<long long>(F.Rank)) + " dims (sizes " +
        fmtList(std::vector<int64_t>(F.Sizes, F.Sizes + F.Rank)) +
        "), compiled for " + (C.rank_exact ? "" : "at least ") +
        std::to_string(C.rank));
  else
    describeDims(C, F, Problems);
  return Problems;
}

/// Reports a wrong input as the run's cause: a line (event
/// `input_mismatch`) per input.
inline std::string reportWrongInput(ProgramState &S, int64_t Run,
                                    const std::string &Label,
                                    const std::vector<std::string> &Problems,
                                    const char *Detail) {
  std::string Line = "[aoti-instrument] run " +
                     std::to_string(static_cast<long long>(Run)) +
                     ": wrong input: " + Label + ": ";
  for (size_t I = 0; I < Problems.size(); ++I)
    Line += (I ? "; " : "") + Problems[I];
  Line += Detail;
  JsonObj J;
  J.str("event", "input_mismatch").num("run", Run).str("input", Label);
  J.raw("problems", jsonList(Problems)).str("message", Line);
  emit(S, Line, J.done());
  return Line;
}

} // namespace detail

AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_GUARDS_H
