//===- aoti_rt/run_scope_capture.h - RunScope: captures ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A captured launch (rules `capture`; docs/capture.md): run_impl asks for
// it (RunScope::capture), the kernel's call_ helper records it around its
// launchKernel call (captureKernel, captureLaunched).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_CAPTURE_H
#define AOTI_RT_RUN_SCOPE_CAPTURE_H

#include <torch/csrc/inductor/aoti_torch/c/shim.h>

#include "capture.h"
#include "run_scope.h"

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN

namespace detail {

/// "run 3: capture of #7 triton_x (wrapper.cpp:91)" and its JSON fields.
inline std::string captureText(const CaptureRequest &R) {
  return "[aoti-instrument] run " +
         std::to_string(static_cast<long long>(R.Run)) + ": capture of " +
         siteText(*R.Prog, R.Site, findSite(*R.Prog, R.Site));
}

inline void captureEvent(const CaptureRequest &R, const std::string &Line,
                         const char *Status, const std::string &Error) {
  JsonObj J = siteJson("capture", *R.Prog, R.Run, "before", R.Site,
                       findSite(*R.Prog, R.Site));
  J.str("status", Status).str("bundle", R.Dir);
  if (!Error.empty())
    J.str("error", Error);
  emit(*R.State, Line, J.done());
}

/// The bundle's directory in the session's (made once per process).
inline bool makeBundleDir(CaptureRequest &R, std::string &Err) {
  std::lock_guard<std::mutex> Lock(R.State->SaveMutex);
  if (!ensureSession(*R.State, Err))
    return false;
  const SiteInfo *SI = findSite(*R.Prog, R.Site);
  std::string Name =
      "capture-r" + std::to_string(static_cast<long long>(R.Run)) + "-" +
      std::to_string(R.Site) + "-" + fileSafe(SI ? SI->kernel : "kernel", 80);
  std::string Dir = R.State->SessionDir + "/" + Name;
  std::error_code EC;
  if (!std::filesystem::create_directory(Dir, EC)) {
    Err = "cannot create directory '" + Dir + "'";
    return false;
  }
  R.Dir = Dir;
  return true;
}

/// The manifest's members every bundle has, through `device`.
inline JsonObj manifestHead(const CaptureRequest &R, const char *Kind) {
  const SiteInfo *SI = findSite(*R.Prog, R.Site);
  JsonObj J;
  J.str("format", "aoti-instrument-capture").num("version", 1);
  J.str("kind", Kind).str("kernel", SI ? SI->kernel : "");
  J.num("ordinal", R.Site).num("run", R.Run);
  if (R.Prog->package)
    J.str("package", R.Prog->package)
        .str("model", orDefault(R.Prog->model, ""));
  J.str("wrapper", baseName(R.Prog->wrapper_file));
  J.num("wrapper_line", SI ? SI->line : 0);
  J.raw("source_nodes", nodesJson(SI ? SI->source_nodes : ""));
  J.raw("aten_ops", nodesJson(SI ? SI->aten_ops : ""));
  J.str("torch_version", torchVersion()).raw("device", deviceJson());
  std::string Tensors = "[";
  for (size_t I = 0; I < R.Tensors.size(); ++I)
    Tensors += (I ? "," : "") + tensorJson(R.Tensors[I]);
  J.raw("tensors", Tensors + "]");
  return J;
}

/// \p J's members, without its braces.
inline std::string membersOf(const JsonObj &J) {
  std::string Members = J.done();
  return Members.substr(1, Members.size() - 2);
}

/// The manifest's members but `completed` of a Triton launch.
inline std::string manifestMembers(const CaptureRequest &R,
                                   const KernelLaunch &L) {
  JsonObj J = manifestHead(R, "triton");
  J.raw("launch",
        JsonObj()
            .str("cubin", "kernel.cubin")
            .str("function", orDefault(L.function, ""))
            .raw("grid", jsonList(std::vector<int64_t>{L.grid[0], L.grid[1],
                                                       L.grid[2]}))
            .raw("block", "[" + std::to_string(32 * L.num_warps) + ", 1, 1]")
            .num("num_warps", L.num_warps)
            .num("shared_mem_bytes", L.shared_mem)
            .done());
  std::string Params = "[";
  for (int32_t I = 0; I < L.num_params; ++I)
    Params += (I ? "," : "") + paramJson(L.params[I], L.args[I], R.Tensors);
  J.raw("params", Params + "]");
  return membersOf(J);
}

/// manifest.json with \p Completed ("null" before the launch) and \p Error.
inline bool writeManifest(const CaptureRequest &R, const char *Completed,
                          const std::string &Error, std::string &Err) {
  std::string Text = "{" + R.Manifest + ",\"completed\":" + Completed;
  if (!Error.empty()) {
    Text += ",\"error\":";
    jsonString(Text, Error.c_str());
  }
  return writeFileBytes(R.Dir + "/manifest.json", Text + "}\n", Err);
}

/// Adds \p H (an argument of the launch, \p Key in the bundle) to
/// R.Tensors, held (valid after the launch's caller lets it go); its
/// index, or -1 for a null handle.
inline int addCaptureTensor(CaptureRequest &R, AtenTensorHandle H,
                            const std::string &Key, uint8_t Role,
                            std::string &Err) {
  if (!isDefined(H)) // an optional one left out, a return the op did not make
    return -1;
  CaptureTensor T;
  T.Meta.RoleBits = Role;
  if (aoti_torch_new_tensor_handle(H, &T.Held) != AOTI_TORCH_SUCCESS) {
    Err = "cannot hold tensor '" + Key + "'";
    return -1;
  }
  T.Meta.Handle = T.Held;
  R.Keys.push_back(Key);
  T.Meta.Name = R.Keys.back().c_str();
  if (!readMeta(T.Meta)) {
    Err = "cannot read tensor '" + Key + "'";
    aoti_torch_delete_tensor_object(T.Held);
    return -1;
  }
  aoti_torch_get_storage_offset(H, &T.StorageOffset);
  R.Tensors.push_back(std::move(T));
  return static_cast<int>(R.Tensors.size() - 1);
}

/// The tensors of the shim call's arguments into R.Tensors: its inputs
/// (\p After false), or its returns.
inline bool addShimTensors(CaptureRequest &R, const ShimArg *As, int N,
                           bool After, std::string &Err) {
  R.ArgTensors.resize(static_cast<size_t>(N));
  for (int I = 0; I < N; ++I) {
    if (After != R.Params[I].returned)
      continue;
    std::vector<AtenTensorHandle> Hs = argHandles(R.Params, As, I, N, After);
    const bool List = hasLength(R.Params, I, N);
    for (size_t K = 0; K < Hs.size(); ++K) {
      std::string Key = paramName(R.Params[I]);
      if (List)
        Key += "[" + std::to_string(K) + "]";
      int Ix = addCaptureTensor(R, Hs[K], Key, R.Params[I].role, Err);
      if (!Err.empty())
        return false;
      R.ArgTensors[static_cast<size_t>(I)].push_back(Ix);
    }
  }
  return true;
}

/// The helper's tensor arguments into R.Tensors, each held and read.
inline bool readCaptureTensors(CaptureRequest &R, const KernelLaunch &L,
                               std::string &Err) {
  for (int32_t I = 0; I < L.num_tensors; ++I) {
    addCaptureTensor(R, L.tensors[I].handle, orDefault(L.tensors[I].name, "?"),
                     L.tensors[I].role, Err);
    if (!Err.empty())
      return false;
  }
  return true;
}

/// The extents of R.Tensors, as they are now.
inline bool readExtents(const CaptureRequest &R,
                        std::vector<std::vector<unsigned char>> &Data,
                        std::string &Err) {
  Data.resize(R.Tensors.size());
  for (size_t I = 0; I < R.Tensors.size(); ++I)
    if (!readExtent(R.Tensors[I].Meta, Data[I], Err))
      return false;
  return true;
}

/// What the stream's work ended with: "" or the CUDA error.
inline std::string streamFailure(void *Stream) {
#if AOTI_RT_CUDA
  cudaError_t E = cudaStreamSynchronize(static_cast<cudaStream_t>(Stream));
  if (E != cudaSuccess)
    return cudaErrorText(E);
#else
  (void)Stream;
#endif
  return "";
}

/// The bundle up to the launch, R.Tensors known: their extents read, the
/// directory made, before.safetensors and the manifest (its members but
/// `completed` from \p Members) written.
template <class MembersFn>
bool beginBundle(CaptureRequest &R, MembersFn Members, std::string &Err) {
  std::vector<std::vector<unsigned char>> Data;
  if (!readExtents(R, Data, Err) || !makeBundleDir(R, Err))
    return false;
  R.Manifest = Members();
  return writeExtents(R.Dir + "/before.safetensors", R.Tensors, Data, Err) &&
         writeManifest(R, "null", "", Err);
}

/// A capture that could not be made: reported; nothing more is written.
inline void abandonBundle(CaptureRequest &R, const std::string &Err) {
  captureEvent(R, captureText(R) + " failed: " + Err, "failed", Err);
  R.Dir.clear();
}

/// The end of the bundle after the launch (\p What: "launch", "call"):
/// the error it ended with (\p Failure) in the manifest, or the extents
/// after it; reported either way. The report's line when it failed, else
/// "".
inline std::string endBundle(CaptureRequest &R, const std::string &Failure,
                             const char *What) {
  const std::string Replay =
      "; replay it alone: python -m aoti_instrument.replay " + R.Dir;
  std::string Err, Line;
  std::vector<std::vector<unsigned char>> Data;
  if (!Failure.empty()) {
    writeManifest(R, "false", Failure, Err);
    Line =
        captureText(R) + ": the " + What + " failed (" + Failure + ")" + Replay;
    captureEvent(R, Line, "launch failed", Failure);
  } else if (readExtents(R, Data, Err) &&
             writeExtents(R.Dir + "/after.safetensors", R.Tensors, Data, Err) &&
             writeManifest(R, "true", "", Err)) {
    captureEvent(R, captureText(R) + ": completed" + Replay, "completed", "");
  }
  if (!Err.empty())
    captureEvent(R, captureText(R) + " failed: " + Err, "failed", Err);
  return Line;
}

/// The manifest's members but `completed` of an extern op's call.
inline std::string externMembers(const CaptureRequest &R, const ShimArg *As,
                                 int N) {
  const SiteInfo *SI = findSite(*R.Prog, R.Site);
  JsonObj J = manifestHead(R, "extern");
  J.raw("extern", JsonObj()
                      .str("function", SI ? orDefault(SI->kernel, "") : "")
                      .raw("args", shimArgsJson(R, As, N))
                      .done());
  return membersOf(J);
}

/// Takes this thread's capture request (the caller deletes it).
inline CaptureRequest *takeCaptureRequest() {
  CaptureRequest *R = tCaptureRequest;
  tCaptureRequest = nullptr;
  return R;
}

} // namespace detail

AOTI_RT_OUTLINE void RunScope::capture(int Site) {
  delete detail::takeCaptureRequest(); // one the last launch left
  if (!Observing || !detail::firstCapture(*State, Site))
    return;
  auto *R = new detail::CaptureRequest;
  R->State = State;
  R->Prog = Prog;
  R->Run = Run;
  R->Site = Site;
  detail::tCaptureRequest = R;
}

AOTI_RT_OUTLINE bool RunScope::externCaptured(int Site) {
  capture(Site);
  if (!detail::tCaptureRequest)
    return false;
  detail::tCaptureRequest->Made = true;
  return true;
}

AOTI_RT_OUTLINE void RunScope::externBefore(const ShimParam *Params,
                                            const ShimArg *Args, int N) {
  using namespace detail;
  CaptureRequest &R = *tCaptureRequest;
  R.Params = Params;
  std::string Err = streamFailure(StreamPtr);
  if (!Err.empty())
    Err = "an earlier launch failed: " + Err;
  else if (addShimTensors(R, Args, N, false, Err) &&
           beginBundle(R, [&] { return externMembers(R, Args, N); }, Err))
    return;
  abandonBundle(R, Err);
}

AOTI_RT_OUTLINE void RunScope::externAfter(const ShimArg *Args, int N,
                                           AOTITorchError Result) {
  using namespace detail;
  CaptureRequest *R = takeCaptureRequest();
  if (!R->Dir.empty()) {
    std::string Err, Failure = streamFailure(StreamPtr);
    if (Failure.empty() && Result != AOTI_TORCH_SUCCESS)
      Failure = "the shim function returned an error";
    if (Failure.empty() && !addShimTensors(*R, Args, N, true, Err))
      abandonBundle(*R, Err);
    else
      R->Manifest = externMembers(*R, Args, N); // with what it returned
    if (!R->Dir.empty())
      endBundle(*R, Failure, "call");
  }
  delete R;
}

AOTI_RT_OUTLINE void RunScope::captured(int Site) {
  detail::CaptureRequest *R = detail::tCaptureRequest;
  if (!R || R->Site != Site)
    return;
  detail::takeCaptureRequest();
  if (!R->Made)
    detail::captureEvent(*R,
                         detail::captureText(*R) +
                             ": nothing captured, the helper returned "
                             "before its launch (an empty grid)",
                         "not launched", "");
  delete R;
}

AOTI_RT_OUTLINE void RunScope::captureKernel(const KernelLaunch &L) {
  using namespace detail;
  CaptureRequest *R = tCaptureRequest;
  if (!R || R->Made)
    return;
  R->Made = true;
  std::string Err = streamFailure(L.stream);
  if (!Err.empty())
    Err = "an earlier launch failed: " + Err;
  else if (readCaptureTensors(*R, L, Err) &&
           beginBundle(
               *R, [&] { return manifestMembers(*R, L); }, Err) &&
           copyCubin(L, R->Dir, Err))
    return;
  abandonBundle(*R, Err);
}

AOTI_RT_OUTLINE void RunScope::captureLaunched(void *Stream) {
  using namespace detail;
  CaptureRequest *R = tCaptureRequest;
  if (!R || !R->Made || R->Dir.empty())
    return;
  tCaptureRequest = nullptr;
  const std::string Line = endBundle(*R, streamFailure(Stream), "launch");
  delete R;
  if (!Line.empty())
    throwReported(Line);
}

AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_CAPTURE_H
