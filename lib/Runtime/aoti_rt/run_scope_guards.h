//===- aoti_rt/run_scope_guards.h - RunScope: input guards ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope's checks of graph inputs (guards.h): what the model was compiled
// for, AOTI's own checks, and the rules' input guards.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_GUARDS_H
#define AOTI_RT_RUN_SCOPE_GUARDS_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "guards.h"
#include "items.h"
#include "run_scope.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

AOTI_RT_OUTLINE void RunScope::checkCompiledInputs(AtenTensorHandle *Inputs,
                                                   int DeviceIndex) {
  using namespace detail;
  std::string Message;
  for (int I = 0; I < Prog->num_inputs; ++I) {
    const CompiledInput &C = Prog->inputs[I];
    InputFacts F = inputFacts(Inputs ? Inputs[C.index] : nullptr);
    if (inputMatches(C, F, DeviceIndex))
      continue;
    std::string Line = reportWrongInput(
        *State, Run, inputLabel(C.index, C.name, C.exported),
        describeMismatch(C, F, DeviceIndex), ", checked before any launch");
    Message += (Message.empty() ? "" : "\n") + Line;
  }
  InputsPinned = Message.empty() && inputsPinned(*Prog);
  if (!Message.empty())
    fail(Prog->inputs_on_fail, Message);
}
AOTI_RT_COLD_BEGIN

AOTI_RT_OUTLINE void RunScope::aotiCheckFailed(int Index, const char *Name,
                                               const char *Exported,
                                               const char *What, OnFail F) {
  using namespace detail;
  std::string Why = orDefault(What, "");
  while (!Why.empty() && (Why.back() == '\n' || Why.back() == ' '))
    Why.pop_back();
  std::string Line =
      reportWrongInput(*State, Run, inputLabel(Index, Name, Exported),
                       {"AOTI's own input check refused it (" + Why + ")"},
                       " (input guards: enforce_aoti_checks)");
  fail(F, Line);
}

namespace detail {

/// \p G's checks of \p M's metadata (dtype, device, rank, dims, layout,
/// alignment): a problem's text each into \p Problems.
inline void guardLayout(const InputGuard &G, const TensorMeta &M,
                        std::vector<std::string> &Problems) {
  if (G.dtype && *G.dtype && std::strcmp(G.dtype, M.Dtype->Name) != 0)
    Problems.push_back(std::string("dtype ") + M.Dtype->Name + ", expected " +
                       G.dtype);
  if (G.device && *G.device &&
      std::strcmp(G.device, deviceTypeName(M.DevType)) != 0)
    Problems.push_back("device " + deviceName(M.DevType, M.DevIndex) +
                       ", expected " + G.device);
  int64_t Rank = static_cast<int64_t>(M.Sizes.size());
  if (G.rank >= 0 && Rank != G.rank)
    Problems.push_back("rank " + std::to_string(static_cast<long long>(Rank)) +
                       ", expected " + std::to_string(G.rank));
  if (G.rank >= 0 && Rank == G.rank && (G.dim_min || G.dim_max)) {
    for (int D = 0; D < G.rank; ++D) {
      int64_t Lo = G.dim_min ? G.dim_min[D] : -1;
      int64_t Hi = G.dim_max ? G.dim_max[D] : -1;
      int64_t V = M.Sizes[D];
      if ((Lo >= 0 && V < Lo) || (Hi >= 0 && V > Hi))
        Problems.push_back("dim " + std::to_string(D) + " is " +
                           std::to_string(static_cast<long long>(V)) +
                           ", expected " + boundsText(Lo, Hi));
    }
  }
  bool Contig = true;
  if (G.contiguous &&
      aoti_torch_is_contiguous(M.Handle, &Contig) == AOTI_TORCH_SUCCESS &&
      !Contig)
    Problems.push_back("not contiguous (sizes " + fmtList(M.Sizes) +
                       ", strides " + fmtList(M.Strides) + ")");
  uintptr_t Addr = reinterpret_cast<uintptr_t>(M.Data);
  if (G.alignment > 0 && Addr % static_cast<uintptr_t>(G.alignment)) {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "0x%" PRIxPTR, Addr);
    Problems.push_back(std::string("data pointer ") + Buf + " is not " +
                       std::to_string(G.alignment) + "-byte aligned");
  }
}

/// \p G's checks of the values of \p M, counted into \p St (finite, value
/// range): a problem's text each into \p Problems.
inline void guardStats(const InputGuard &G, const TensorMeta &M,
                       const Stats &St, std::vector<std::string> &Problems) {
  std::string Of =
      " of " + std::to_string(static_cast<long long>(M.Numel)) + " elements)";
  if (St.nan && (G.finite || G.has_value_range))
    Problems.push_back("holds NaN (" +
                       std::to_string(static_cast<unsigned long long>(St.nan)) +
                       Of);
  if (St.inf && (G.finite || G.has_value_range))
    Problems.push_back("holds Inf (" +
                       std::to_string(static_cast<unsigned long long>(St.inf)) +
                       Of);
  if (!G.has_value_range || !St.count)
    return;
  DKind K = M.Dtype->Kind;
  std::string Range = " out of range [" + fmtNumber(G.value_min) + ", " +
                      fmtNumber(G.value_max) + "]";
  auto Val = [&](double V, int64_t IV) {
    return isIntKind(K) ? std::to_string(static_cast<long long>(IV))
                        : fmtNumber(V);
  };
  const double Min = statsMin(St, K), Max = statsMax(St, K);
  if (Min < G.value_min)
    Problems.push_back("value " + Val(Min, St.imin) + Range);
  if (Max > G.value_max)
    Problems.push_back("value " + Val(Max, St.imax) + Range);
}

} // namespace detail

/// \p G's value checks of \p M (finite, value range), after one device
/// pass over it; skipped, with a warning, while the stream is captured.
AOTI_RT_OUTLINE void RunScope::guardValues(const InputGuard &G,
                                           const detail::TensorMeta &M,
                                           std::vector<std::string> &Problems) {
  using namespace detail;
  ProgramState &S = *State;
  if (Capturing) {
    warnOnce(S, S.WarnedCapture,
             "the stream is being captured into a CUDA graph: value "
             "checks of inputs are skipped while capturing",
             Run);
    return;
  }
  if (!isReadableKind(M.Dtype->Kind)) {
    Problems.push_back(std::string("values of dtype ") + M.Dtype->Name +
                       " cannot be checked");
    return;
  }
  std::string Err;
#if AOTI_RT_CUDA
  // Finiteness alone of a dense floating tensor: NaN and Inf counts, the
  // lighter pass (the statistics' is for value ranges and other layouts).
  if (!G.has_value_range && M.Cuda && isFloatKind(M.Dtype->Kind) &&
      isDense(M)) {
    Stats St = statsInit();
    if (countNonFinite(S, M, StreamPtr, Run, St, Err)) {
      guardStats(G, M, St, Problems);
      return;
    }
    if (!Err.empty()) {
      Problems.push_back("CUDA error '" + Err + "' while reading values");
      return;
    }
  }
#endif
  Batch B;
  Item It;
  It.Meta = M;
  It.WantStats = true;
  B.Items.push_back(std::move(It));
  if (!materialize(S, B, StreamPtr, 0, Run, Err))
    Problems.push_back("CUDA error '" + Err + "' while reading values");
  else if (B.Items[0].HaveStats)
    guardStats(G, M, B.Items[0].Statistics, Problems);
  else if (!B.Items[0].Why.empty())
    Problems.push_back("values not checked: " + B.Items[0].Why);
}

AOTI_RT_OUTLINE void RunScope::guardInput(const InputGuard &G,
                                          AtenTensorHandle Input) {
  using namespace detail;
  if (!Observing)
    return;
  std::vector<std::string> Problems;
  TensorMeta M;
  M.Name = orDefault(G.name, "?");
  M.RoleBits = kIn;
  M.Handle = Input;
  if (!readMeta(M)) {
    Problems.push_back(M.Error);
  } else {
    guardLayout(G, M, Problems);
    if ((G.has_value_range || G.finite) && M.Numel > 0)
      guardValues(G, M, Problems);
  }
  if (!Problems.empty())
    guardFailed(*State, Run, "guard", inputText(G), Problems, G.on_fail);
}

AOTI_RT_OUTLINE void RunScope::guardEqualDims(const DimRef *Group, int N,
                                              AtenTensorHandle *Inputs,
                                              OnFail F) {
  using namespace detail;
  if (!Observing || N < 2 || !Group || !Inputs)
    return;
  std::vector<std::string> Problems;
  std::vector<std::string> Parts;
  bool Differ = false;
  int64_t First = -1;
  for (int I = 0; I < N; ++I) {
    std::string Who = "input_handles[" + std::to_string(Group[I].input) +
                      "] dim " + std::to_string(Group[I].dim);
    int64_t Dim = 0;
    AtenTensorHandle H = Inputs[Group[I].input];
    if (!H || aoti_torch_get_dim(H, &Dim) != AOTI_TORCH_SUCCESS) {
      Problems.push_back("input_handles[" + std::to_string(Group[I].input) +
                         "] is undefined");
      continue;
    }
    int64_t D = Group[I].dim < 0 ? Group[I].dim + Dim : Group[I].dim;
    int64_t Size = 0;
    if (D < 0 || D >= Dim ||
        aoti_torch_get_size(H, D, &Size) != AOTI_TORCH_SUCCESS) {
      Problems.push_back("input_handles[" + std::to_string(Group[I].input) +
                         "] has no dim " + std::to_string(Group[I].dim) +
                         " (rank " +
                         std::to_string(static_cast<long long>(Dim)) + ")");
      continue;
    }
    Parts.push_back(Who + " is " +
                    std::to_string(static_cast<long long>(Size)));
    if (First < 0)
      First = Size;
    else if (Size != First)
      Differ = true;
  }
  if (Differ) {
    std::string All;
    for (size_t I = 0; I < Parts.size(); ++I)
      All += (I ? ", " : "") + Parts[I];
    Problems.insert(Problems.begin(), All);
  }
  if (!Problems.empty())
    guardFailed(*State, Run, "guard", "input dims differ", Problems, F);
}

AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_GUARDS_H
