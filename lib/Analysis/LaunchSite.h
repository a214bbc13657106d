//===- LaunchSite.h - What the analysis knows about a wrapper ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Plain data, no AST pointers: the inventory of a wrapper.cpp outlives the
// parse, is printed by --list, and is what instrumentation plans from.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_LAUNCHSITE_H
#define AOTI_ANALYSIS_LAUNCHSITE_H

#include "Analysis/InputSpecs.h"
#include "Support/AOTINames.h"
#include "Support/LaunchKind.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// What a launch does with a tensor argument, as far as the callee's
/// declaration tells (parameter names, constness, out-parameters): reads
/// it, writes it (it exists before the call: an `out=`), both, or creates
/// it (Ret: an extern op returns it through `AtenTensorHandle* retN`, a
/// custom op fills a tensor that starts undefined; before the call there is
/// nothing to read, and after it the tensor may be undefined).
enum class ArgRole { Input, Output, InOut, Ret, Unknown };
llvm::StringRef roleName(ArgRole Role);
/// What Inductor's name of a kernel parameter says of it (`in_out_ptr0`,
/// `out_ptr1`, `in_ptr2`); Unknown for any other name.
ArgRole kernelParamRole(llvm::StringRef Param);

/// Where a named tensor handle in run_impl comes from.
enum class HandleOrigin { GraphInput, Constant, Buffer, Other };
llvm::StringRef originName(HandleOrigin Origin);

struct TensorArg {
  std::string Param; ///< Callee's parameter name ("in_out_ptr0", "self").
  std::string Name;  ///< Named handle it resolves to ("buf1", "l1_weight").
  ArgRole Role = ArgRole::Unknown;
  HandleOrigin Origin = HandleOrigin::Other;
  /// Index into the model's inputs or constants, when Origin says so.
  std::optional<unsigned> OriginIndex;
  /// Made by reinterpret_tensor_wrapper(Name, ...): a view of Name.
  bool IsView = false;
  /// Written through `&Name_handle`: a fresh output of an extern op.
  bool ViaOutParam = false;
  /// Passed where the op takes an optional tensor (`AtenTensorHandle*
  /// bias`, an element of `const AtenTensorHandle** indices`).
  bool Optional = false;
  /// Passed as `RAIIAtenTensorHandle(tmp)` of a handle that is nothing
  /// else's (a dtype view made for the call): deleted when the call's
  /// statement ends, so a probe after the launch cannot read it.
  bool FreedByCall = false;
  /// An earlier launch returned it, or AOTI made it undefined
  /// (`aoti_torch_new_uninitialized_tensor`) to stand for None.
  bool MaybeUndefined = false;
  std::string Expr; ///< The argument as written.

  /// Whether the handle may hold no tensor when a probe reads it: an
  /// optional argument, a tensor the call returns (attention's debug mask
  /// and philox state come back undefined), or MaybeUndefined.
  bool mayBeUndefined() const {
    return Optional || Role == ArgRole::Ret || MaybeUndefined;
  }
};

struct ScalarArg {
  std::string Param;
  std::string Expr;
  /// When Expr names a local of run_impl (`xnumel_3`), its initializer
  /// (`32L*s77`): how symbolic sizes reach a launch.
  std::string Definition;
  /// An extern op's scalar result, written through the pointer passed
  /// (`int64_t* ret4`: `&buf5_4`).
  bool Returned = false;
};

/// One element of a call_ helper's `void* kernel_args_[]` (what the kernel
/// is passed, in order), or one parameter of a shim function.
struct KernelArgSlot {
  std::string Name; ///< The local it points to: `var_0`, `global_scratch_3`.
  std::string Type; ///< Its type as declared: `CUdeviceptr`, `int32_t`.
  /// The helper parameter whose `data_ptr()` it holds (`in_out_ptr0`); empty
  /// for a scalar or a pointer that is no tensor's (Triton's scratch).
  std::string TensorParam;
  /// A shim parameter's: what the op does with a tensor passed there.
  ArgRole Role = ArgRole::Unknown;
  /// A shim parameter the call writes its result through (`retN`): read
  /// after the call only.
  bool Returned = false;
};

struct LaunchSite {
  unsigned Ordinal = 0;
  LaunchKind Kind = LaunchKind::Triton;
  std::string Kernel;   ///< Kernel or op name ("triton_poi_fused_1").
  std::string Function; ///< "run_impl" or "_const_run_impl".
  unsigned Line = 0;    ///< Of the launch call in the wrapper.
  unsigned Column = 0;
  /// From `// Topologically Sorted Source Nodes: [..], Original ATen: [..]`.
  std::vector<std::string> SourceNodes;
  std::vector<std::string> AtenOps;
  /// From `// [Provenance debug handles] <kernel>:<N>`: the key of the
  /// launch in the package's kernel_information.json; empty without one.
  std::string Provenance;
  /// The torch.while_loop / torch.cond subgraph the launch is in
  /// (`while_loop_body_graph_0`), from `// subgraph:`; empty outside one.
  std::string Subgraph;
  std::vector<TensorArg> Tensors;
  std::vector<ScalarArg> Scalars;

  /// The CUDA stream the launch runs on, from the AST: the stream argument
  /// of a call_ helper (or launchKernel), else (extern and proxy ops) the
  /// current stream an AOTICudaStreamGuard set. Empty: run_impl's own
  /// `stream` (and CPU launches). Otherwise an expression valid where probes
  /// go: the `cudaStream_t streamN` bound to aux stream N when there is one.
  std::string Stream;
  /// 0 for run_impl's stream; N for `_aoti_aux_stream_cache` slot N; other
  /// stream expressions are numbered after the largest slot.
  unsigned StreamLane = 0;

  /// Byte offsets in the wrapper, for planning edits: start of the line of
  /// the statement holding the launch, and the end of the last line that
  /// belongs to it (including the RAIIAtenTensorHandle lines that take
  /// ownership of its out-parameters).
  unsigned BeforeOffset = 0;
  unsigned AfterOffset = 0;
  /// Indentation of the anchoring statement, reused for inserted code.
  std::string Indent;

  /// Extern ops: the shim function's parameters (name and type as
  /// declared), and where its name is in the call (from its first
  /// character to the one after it): a capture (rules `capture`) wraps it.
  std::vector<KernelArgSlot> ShimParams;
  unsigned CalleeOffset = 0;
  unsigned CalleeEndOffset = 0;
};

/// A Triton kernel's call_ helper, as a capture of its launch (rules
/// `capture`) needs it: where its launchKernel call is, and the arguments
/// of that call and of its loadKernel call, as written.
struct KernelHelper {
  std::string Kernel; ///< As LaunchSite::Kernel.
  /// Start of the line of the launchKernel statement, and the end of its
  /// last line; the statement's indentation.
  unsigned LaunchOffset = 0;
  unsigned AfterLaunchOffset = 0;
  std::string Indent;
  /// launchKernel's arguments: the kernel, grid x, y, z, warps, dynamic
  /// shared memory, the argument array, the stream (2.15 adds launchPdl).
  std::vector<std::string> LaunchArgs;
  /// loadKernel's: the cubin (a path literal, or an embedded image's start
  /// when CubinIsPath is false), the kernel's name in it (a literal), and
  /// the helper's cubin directory (empty when not passed).
  std::string Cubin;
  bool CubinIsPath = true;
  std::string Function;
  std::string CubinDir;
  std::vector<KernelArgSlot> Slots;
  /// The helper's tensor parameters, in order, and the role their name says.
  std::vector<std::pair<std::string, ArgRole>> TensorParams;
};

/// A buffer of run_impl that is allocated
/// (`aoti_torch_empty_strided(..., &bufN_handle)`, Kind Alloc) or that takes
/// over an earlier buffer's memory (`auto bufN = std::move(bufM);  // reuse`,
/// Kind Reuse).
struct BufferEvent {
  enum EventKind { Alloc, Reuse };
  EventKind Kind = Alloc;
  std::string Name; ///< bufN
  std::string From; ///< Reuse: bufM
  unsigned Line = 0;
  /// Start of the line after the statement (after the RAII handle that owns
  /// an allocation): where code that sees the buffer goes.
  unsigned InsertOffset = 0;
  /// The role of the buffer at the first launch after InsertOffset that
  /// passes it; nullopt when none does. A reuse whose first user reads it
  /// (InOut, Input) is an in-place update: its data is live.
  std::optional<ArgRole> FirstUse;
  /// The index in WrapperInventory::Sites of that first launch.
  std::optional<size_t> FirstUser;
};

/// A graph input of run_impl (`auto arg0_1 = std::move(inputs[0]);`).
struct GraphInput {
  std::string Name;
  unsigned Index = 0;
};

/// A function whose launches are analyzed (run_impl, _const_run_impl).
struct AnalyzedFunction {
  std::string Name;
  /// The end of the opening brace's line: the first thing the function
  /// does goes here.
  unsigned ScopeOffset = 0;
  /// Where set-up that reads the inputs may go: after
  /// `__check_inputs_outputs(...);` in run_impl, else ScopeOffset.
  unsigned EntryOffset = 0;
  /// Where per-call work can finish before the function hands its outputs
  /// over: the start of the first `output_handles[i] = ...;` line at the top
  /// of the body, else the line of the closing brace.
  unsigned ExitOffset = 0;
};

/// Everything --list reports about one wrapper.
struct WrapperInventory {
  std::string File;
  /// The package the wrapper came from and its model's name there (set by
  /// the package driver; empty for a wrapper given alone): what a capture's
  /// manifest names.
  std::string Package, Model;
  std::string Device; ///< "cuda", "cpu", ... from the aoti_include header.
  bool isCuda() const { return names::isCudaDevice(Device); }
  unsigned RunImplLine = 0;
  std::vector<GraphInput> Inputs;
  std::vector<std::string> Constants;
  std::vector<LaunchSite> Sites;
  /// End of the line `#include <torch/csrc/inductor/aoti_include/...>`
  /// (else the start of the first declaration): where code that needs the
  /// AOTI headers can go, above any of the wrapper's own code.
  unsigned PreludeOffset = 0;
  std::vector<AnalyzedFunction> Functions;
  /// The wrapper's own input checks (`check_input_0`, ...), in order.
  std::vector<std::string> InputChecks;
  /// What each of them checks (InputSpecs.h): what the model was compiled
  /// for, input by input.
  std::vector<InputSpec> InputSpecs;
  /// The user's name of each input, by position, where the package says
  /// (InputSpecs.h, inputNamesFromSpec; "" for one it does not name); empty
  /// when unknown.
  std::vector<std::string> InputNames;
  /// run_impl's allocations and reuses, in order.
  std::vector<BufferEvent> Buffers;
  /// The call_ helpers of the Triton kernels launched, each once.
  std::vector<KernelHelper> Helpers;
  const KernelHelper *helperOf(llvm::StringRef Kernel) const;
};

} // namespace aoti

#endif // AOTI_ANALYSIS_LAUNCHSITE_H
