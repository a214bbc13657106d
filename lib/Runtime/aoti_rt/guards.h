//===- aoti_rt/guards.h - Input guards --------------------------*- C++ -*-===//
//
// Checks of graph inputs before any launch: dtype, device, rank, dims,
// layout, values.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_GUARDS_H
#define AOTI_RT_GUARDS_H

#include "probe.h"

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN

namespace detail {

/// "input arg0_1 (input_handles[0])"
inline std::string inputText(const InputGuard &G) {
  return std::string("input ") + orDefault(G.name, "?") + " (input_handles[" +
         std::to_string(G.index) + "])";
}

inline std::string boundsText(int64_t Lo, int64_t Hi) {
  if (Lo >= 0 && Hi >= 0)
    return Lo == Hi ? std::to_string(static_cast<long long>(Lo))
                    : "in [" + std::to_string(static_cast<long long>(Lo)) +
                          ", " + std::to_string(static_cast<long long>(Hi)) +
                          "]";
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
  std::string List = "[";
  for (size_t I = 0; I < Problems.size(); ++I) {
    List += I ? "," : "";
    jsonString(List, Problems[I].c_str());
  }
  J.raw("problems", List + "]").str("message", Line);
  emit(S, Line, J.done());
  fail(F, Line);
}

} // namespace detail

AOTI_RT_OUTLINE void RunScope::guardInput(const InputGuard &G, AtenTensorHandle Input) {
  using namespace detail;
  if (!Observing)
    return;
  ProgramState &S = *State;
  std::vector<std::string> Problems;
  TensorMeta M;
  M.name = orDefault(G.name, "?");
  M.role = kIn;
  M.handle = Input;
  if (!readMeta(M)) {
    Problems.push_back(M.error);
    guardFailed(S, Run, "guard", inputText(G), Problems, G.on_fail);
    return;
  }
  if (G.dtype && *G.dtype && std::strcmp(G.dtype, M.dtype->name) != 0)
    Problems.push_back(std::string("dtype ") + M.dtype->name + ", expected " +
                       G.dtype);
  if (G.device && *G.device &&
      std::strcmp(G.device, deviceTypeName(M.devType)) != 0)
    Problems.push_back("device " + deviceName(M.devType, M.devIndex) +
                       ", expected " + G.device);
  int64_t Rank = static_cast<int64_t>(M.sizes.size());
  if (G.rank >= 0 && Rank != G.rank)
    Problems.push_back("rank " + std::to_string(static_cast<long long>(Rank)) +
                       ", expected " + std::to_string(G.rank));
  if (G.rank >= 0 && Rank == G.rank && (G.dim_min || G.dim_max)) {
    for (int D = 0; D < G.rank; ++D) {
      int64_t Lo = G.dim_min ? G.dim_min[D] : -1;
      int64_t Hi = G.dim_max ? G.dim_max[D] : -1;
      int64_t V = M.sizes[D];
      if ((Lo >= 0 && V < Lo) || (Hi >= 0 && V > Hi))
        Problems.push_back("dim " + std::to_string(D) + " is " +
                           std::to_string(static_cast<long long>(V)) +
                           ", expected " + boundsText(Lo, Hi));
    }
  }
  if (G.contiguous) {
    bool Contig = true;
    if (aoti_torch_is_contiguous(M.handle, &Contig) != AOTI_TORCH_SUCCESS)
      Contig = true;
    if (!Contig)
      Problems.push_back("not contiguous (sizes " + fmtList(M.sizes) +
                         ", strides " + fmtList(M.strides) + ")");
  }
  if (G.alignment > 0) {
    uintptr_t Addr = reinterpret_cast<uintptr_t>(M.data);
    if (Addr % static_cast<uintptr_t>(G.alignment)) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "0x%" PRIxPTR, Addr);
      Problems.push_back(std::string("data pointer ") + Buf + " is not " +
                         std::to_string(G.alignment) + "-byte aligned");
    }
  }
  if ((G.has_value_range || G.finite) && M.numel > 0) {
    if (Capturing) {
      warnOnce(S, S.warnedCapture,
               "the stream is being captured into a CUDA graph: value "
               "checks of inputs are skipped while capturing",
               Run);
    } else if (!isReadableKind(M.dtype->kind)) {
      Problems.push_back(std::string("values of dtype ") + M.dtype->name +
                         " cannot be checked");
    } else {
      Batch B;
      Item It;
      It.meta = M;
      It.wantStats = true;
      B.items.push_back(std::move(It));
      std::string Err;
      if (!materialize(S, B, StreamPtr, 0, Run, Err)) {
        Problems.push_back("CUDA error '" + Err + "' while reading values");
      } else if (B.items[0].haveStats) {
        const Stats &St = B.items[0].stats;
        std::string Of = " of " +
                         std::to_string(static_cast<long long>(M.numel)) +
                         " elements)";
        if (St.nan && (G.finite || G.has_value_range))
          Problems.push_back(
              "holds NaN (" +
              std::to_string(static_cast<unsigned long long>(St.nan)) + Of);
        if (St.inf && (G.finite || G.has_value_range))
          Problems.push_back(
              "holds Inf (" +
              std::to_string(static_cast<unsigned long long>(St.inf)) + Of);
        if (G.has_value_range && St.count) {
          DKind K = M.dtype->kind;
          double Mn = statsMin(St, K), Mx = statsMax(St, K);
          std::string Range = " out of range [" + fmtNumber(G.value_min) +
                              ", " + fmtNumber(G.value_max) + "]";
          auto Val = [&](double V, int64_t IV) {
            return isIntKind(K) ? std::to_string(static_cast<long long>(IV))
                                : fmtNumber(V);
          };
          if (Mn < G.value_min)
            Problems.push_back("value " + Val(Mn, St.imin) + Range);
          if (Mx > G.value_max)
            Problems.push_back("value " + Val(Mx, St.imax) + Range);
        }
      } else if (!B.items[0].why.empty()) {
        Problems.push_back("values not checked: " + B.items[0].why);
      }
    }
  }
  if (!Problems.empty())
    guardFailed(S, Run, "guard", inputText(G), Problems, G.on_fail);
}

AOTI_RT_OUTLINE void RunScope::guardEqualDims(const DimRef *Group, int N,
                                     AtenTensorHandle *Inputs, OnFail F) {
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
                         " (rank " + std::to_string(static_cast<long long>(Dim)) +
                         ")");
      continue;
    }
    Parts.push_back(Who + " is " + std::to_string(static_cast<long long>(Size)));
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

#endif // AOTI_RT_GUARDS_H
