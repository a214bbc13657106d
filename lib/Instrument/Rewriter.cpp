//===- Rewriter.cpp - Turn a plan into an instrumented wrapper ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/Rewriter.h"
#include "Instrument/CodeEmitter.h"
#include "Runtime/RuntimeSource.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "Support/Version.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <map>
#include <set>

using namespace aoti;
using llvm::StringRef;

namespace {

using Emit = CodeEmitter;

/// The indentation of run_impl's statements, where the run's scope, its
/// checks and the buffers' calls go.
constexpr llvm::StringLiteral BodyIndent = "    ";

/// Around the emitted tables: C++20 designated initializers in a C++17
/// wrapper built with -pedantic (g++: -Wpedantic, or -Wc++20-extensions
/// from g++ 12; clang: -Wc++20-designator). Unknown names are ignored too.
constexpr const char *DesignatorsBegin =
    "#pragma GCC diagnostic push\n"
    "#pragma GCC diagnostic ignored \"-Wpragmas\"\n"
    "#pragma GCC diagnostic ignored \"-Wunknown-warning-option\"\n"
    "#pragma GCC diagnostic ignored \"-Wpedantic\"\n"
    "#pragma GCC diagnostic ignored \"-Wc++20-extensions\"\n"
    "#pragma GCC diagnostic ignored \"-Wc++20-designator\"\n";
constexpr const char *DesignatorsEnd = "#pragma GCC diagnostic pop\n";

StringRef failName(FailAction F) {
  switch (F) {
  case FailAction::Throw:
    return "::aoti_rt::kThrow";
  case FailAction::Abort:
    return "::aoti_rt::kAbort";
  case FailAction::Warn:
    return "::aoti_rt::kWarn";
  }
  return "::aoti_rt::kThrow";
}

StringRef roleName(uint8_t Bits) {
  switch (Bits) {
  case InputRole:
    return "::aoti_rt::kIn";
  case OutputRole:
    return "::aoti_rt::kOut";
  default:
    return "::aoti_rt::kInOut";
  }
}

std::string probeName(unsigned Ordinal, bool After) {
  return "aoti_rt_probe_" + std::to_string(Ordinal) +
         (After ? "_after" : "_before");
}

/// The breadcrumb's fields of a probe that are not the defaults: sparse
/// crumbs (Probe::crumb_every), a window's (crumb_window, crumb_close).
std::string crumbFields(const ProbePlan &P) {
  if (!P.Breadcrumb || P.CrumbEvery <= 1)
    return "";
  std::string Out = ", .crumb_every = " + std::to_string(P.CrumbEvery);
  if (P.CrumbWindow)
    Out += ", .crumb_window = true, .crumb_close = " +
           std::string(Emit::bool01(P.CrumbClose));
  return Out;
}

std::string probeDefinition(unsigned Ordinal, bool After, const ProbePlan &P) {
  std::string PrintLevel = "::aoti_rt::kPrintNone";
  if (P.Print)
    PrintLevel = *P.Print == PrintDetail::Names   ? "::aoti_rt::kPrintNames"
                 : *P.Print == PrintDetail::Stats ? "::aoti_rt::kPrintStats"
                                                  : "::aoti_rt::kPrintValues";
  std::string Checks =
      std::to_string((P.CheckNan ? 1 : 0) | (P.CheckInf ? 2 : 0));
  return llvm::formatv(
             "constexpr ::aoti_rt::Probe {0} = {{.sync = {1}, .breadcrumb = "
             "{2}, .nan_roles = {3}, .nan_checks = {4}, .nan_on_fail = {5}, "
             ".print = {6}, .print_roles = {7}, .save = {8}, .save_roles = "
             "{9}, .nan_deferred = {10}, .print_deferred = {11}, .redzones = "
             "{12}{13}};\n",
             probeName(Ordinal, After), Emit::bool01(P.Sync),
             Emit::bool01(P.Breadcrumb), unsigned(P.NanRoles), Checks,
             failName(P.NanOnFail), PrintLevel, unsigned(P.PrintRoles),
             Emit::bool01(P.Save), unsigned(P.SaveRoles),
             Emit::bool01(P.NanDeferred), Emit::bool01(P.PrintDeferred),
             Emit::bool01(P.Redzones), crumbFields(P))
      .str();
}

/// A tensor a probe passes to the runtime.
struct ProbeTensor {
  std::string Name;
  uint8_t Bits = 0; ///< roleBits
  /// Every argument naming it may be undefined (TensorArg::mayBeUndefined):
  /// the runtime skips it when it holds no tensor.
  bool MaybeUndefined = true;
};

/// The tensors a probe passes to the runtime: each named handle once, its
/// roles merged (SDPA passes three views of one buffer). Before a launch,
/// what it returns (`&bufN_handle`, a custom op's undefined output) does
/// not exist yet; after it, a temporary handle the call's statement
/// deleted no longer does.
std::vector<ProbeTensor> probeTensors(const LaunchSite &Site, bool After) {
  std::vector<ProbeTensor> Out;
  for (const TensorArg &T : Site.Tensors) {
    if ((T.ViaOutParam || T.Role == ArgRole::Ret) && !After)
      continue;
    if (T.FreedByCall && After)
      continue;
    auto It = llvm::find_if(
        Out, [&](const ProbeTensor &E) { return E.Name == T.Name; });
    if (It == Out.end())
      It = Out.insert(Out.end(), ProbeTensor{T.Name, 0, true});
    It->Bits |= roleBits(T.Role);
    It->MaybeUndefined = It->MaybeUndefined && T.mayBeUndefined();
  }
  return Out;
}

/// The constants no launch of the wrapper writes (by name, views included):
/// their bytes are the same for a whole run, so a deferred NaN check may
/// count them only when a report needs them (TensorRef::stable).
std::set<std::string> stableConstants(const WrapperInventory &Inv) {
  std::set<std::string> Constants, Written;
  for (const LaunchSite &S : Inv.Sites)
    for (const TensorArg &T : S.Tensors) {
      if (T.Origin == HandleOrigin::Constant)
        Constants.insert(T.Name);
      if (roleBits(T.Role) & OutputRole)
        Written.insert(T.Name);
    }
  for (const BufferEvent &Ev : Inv.Buffers)
    Written.insert(Ev.From); // a reuse of its memory
  std::set<std::string> Stable;
  for (const std::string &Name : Constants)
    if (!Written.count(Name))
      Stable.insert(Name);
  return Stable;
}

/// One element of an emitted `::aoti_rt::TensorRef` array. Positional: these
/// arrays sit in run_impl, outside the tables' pragma region, and the
/// fields' types (name, role, handle, stable, presence) differ, so a swap
/// does not compile either.
std::string tensorRef(const ProbeTensor &T, bool Stable = false) {
  std::string Ref = "{" + Emit::quoted(T.Name) + ", " + roleName(T.Bits).str() +
                    ", " + T.Name;
  if (Stable || T.MaybeUndefined)
    Ref += Stable ? ", true" : ", false";
  if (T.MaybeUndefined)
    Ref += ", ::aoti_rt::Presence::MaybeUndefined";
  return Ref + "}";
}

/// A launch on another stream than run_impl's: the probe's syncs,
/// statistics and breadcrumb go on that stream, in its own lane.
std::string streamArgs(const LaunchSite &Site) {
  return Site.Stream.empty() ? ""
                             : ", (void *)(" + Site.Stream + "), " +
                                   std::to_string(Site.StreamLane);
}

/// After a launch, a breadcrumb alone: one call, no tensors.
std::string crumbCall(const LaunchSite &Site) {
  const std::string Ordinal = std::to_string(Site.Ordinal);
  return Emit(Site.Indent)
      .line("aoti_rt_run.crumb(" + Ordinal + ", " +
            probeName(Site.Ordinal, /*After=*/true) + streamArgs(Site) +
            "); // aoti-instrument: after #" + Ordinal + " " + Site.Kernel)
      .take();
}

/// \p Stable: names passed as TensorRef::stable (a deferred NaN check's
/// probe), else empty.
std::string probeCall(const LaunchSite &Site, bool After, const ProbePlan &P,
                      const std::set<std::string> &Stable) {
  if (After && P.crumbOnly())
    return crumbCall(Site);
  auto Tensors = probeTensors(Site, After);
  const std::string Ordinal = std::to_string(Site.Ordinal);
  const char *Phase = After ? "::aoti_rt::kAfter" : "::aoti_rt::kBefore";
  const std::string StreamArgs = streamArgs(Site);
  std::string Refs = Emit::list(Tensors, [&](const ProbeTensor &T) {
    return tensorRef(T, Stable.count(T.Name));
  });
  Emit E(Site.Indent);
  E.open("{ // aoti-instrument: " + llvm::Twine(After ? "after" : "before") +
         " #" + Ordinal + " " + Site.Kernel);
  if (!Tensors.empty())
    E.line("const ::aoti_rt::TensorRef aoti_rt_t[] = {" + Refs + "};");
  E.line("aoti_rt_run.probe(" + Ordinal + ", " + Phase + ", " +
         (Tensors.empty() ? "nullptr, 0"
                          : "aoti_rt_t, " + std::to_string(Tensors.size())) +
         ", " + probeName(Site.Ordinal, After) + StreamArgs + ");");
  return E.close().take();
}

/// Before a launch, with batched counts (Plan.BatchDeferred): the tensors it
/// may write, so that counts of their bytes are launched first. Custom ops
/// (proxy calls) may write any tensor they are given; a launch that names no
/// tensor writes none it could name.
std::string beforeWriteCall(const LaunchSite &Site) {
  const std::string Ordinal = std::to_string(Site.Ordinal);
  auto Guard = [&](const llvm::Twine &Body) {
    return Emit(Site.Indent)
        .line("{ " + Body + " } // aoti-instrument: batched counts before #" +
              Ordinal + " writes")
        .take();
  };
  if (Site.Kind == LaunchKind::Proxy)
    return Guard("aoti_rt_run.beforeWrite(" + Ordinal + ", nullptr, -1);");
  auto Tensors = probeTensors(Site, /*After=*/false);
  size_t N = llvm::count_if(
      Tensors, [](const ProbeTensor &T) { return T.Bits & OutputRole; });
  if (!N)
    return "";
  std::string Refs = Emit::list(Tensors, [](const ProbeTensor &T) {
    return T.Bits & OutputRole ? tensorRef(T) : std::string();
  });
  return Guard("const ::aoti_rt::TensorRef aoti_rt_w[] = {" + Refs +
               "}; aoti_rt_run.beforeWrite(" + Ordinal + ", aoti_rt_w, " +
               std::to_string(N) + ");");
}

/// `constexpr int64_t Name[] = {...};`: the bounds and strides tables of
/// inputs and guards (a zero-length array is not C++: an empty one gets one
/// unused entry).
void int64Array(Emit &E, const llvm::Twine &Name,
                const std::vector<int64_t> &V) {
  E.line("constexpr int64_t " + Name + "[] = {" +
         (V.empty() ? std::string("-1L") : Emit::int64List(V)) + "};");
}

/// OnFail of `settings: {check_inputs: ...}` (not Off).
StringRef inputCheckFail(InputCheck C) {
  return failName(C == InputCheck::Abort  ? FailAction::Abort
                  : C == InputCheck::Warn ? FailAction::Warn
                                          : FailAction::Throw);
}

/// Whether run_impl checks its inputs against what the model was compiled
/// for: unless the rules say off, when the wrapper says what that is.
bool checksCompiledInputs(const WrapperInventory &Inv,
                          const InstrumentationPlan &Plan) {
  return Plan.Settings.CheckInputs != InputCheck::Off &&
         !Inv.InputSpecs.empty();
}

/// The user's name of input \p Index where the package says; "".
std::string exportedName(const WrapperInventory &Inv, unsigned Index) {
  if (const InputSpec *Spec = findInputSpec(Inv.InputSpecs, Index))
    return Spec->Exported;
  return Index < Inv.InputNames.size() &&
                 Inv.InputNames.size() == Inv.Inputs.size() &&
                 isPlainInputName(Inv.InputNames[Index])
             ? Inv.InputNames[Index]
             : "";
}

/// `aoti_rt_inputs[]`: what each input was compiled for (InputSpecs.h), for
/// RunScope::checkInputs; "" when nothing is checked.
std::string compiledInputsTable(const WrapperInventory &Inv,
                                const InstrumentationPlan &Plan) {
  if (!checksCompiledInputs(Inv, Plan))
    return "";
  // Each input's arrays, then the table of them all.
  Emit Arrays, Rows;
  Rows.open("const ::aoti_rt::CompiledInput aoti_rt_inputs[] = {");
  for (size_t I = 0; I < Inv.InputSpecs.size(); ++I) {
    const InputSpec &Spec = Inv.InputSpecs[I];
    unsigned Rank = Spec.rank();
    std::vector<int64_t> Min(Rank, -1), Max(Rank, -1), Strides(Rank, -1);
    for (unsigned D = 0; D < Spec.Dims.size(); ++D)
      Min[D] = Spec.Dims[D].Min, Max[D] = Spec.Dims[D].Max;
    for (unsigned D = 0; D < Spec.Strides.size(); ++D)
      Strides[D] = Spec.Strides[D].value_or(-1);
    std::string Id = "aoti_rt_input_" + std::to_string(I);
    int64Array(Arrays, Id + "_min", Min); // rank 0: one unused entry
    int64Array(Arrays, Id + "_max", Max);
    int64Array(Arrays, Id + "_strides", Strides);
    Rows.line(llvm::formatv(
        "{{.index = {0}, .name = {1}, .exported = {2}, .dtype = {3}, "
        ".device_type = {4}, .rank = {5}, .rank_exact = {6}, .dim_min = "
        "{7}_min, .dim_max = {7}_max, .strides = {7}_strides},",
        Spec.Index, Emit::shown(Spec.Name), Emit::shown(Spec.Exported),
        Spec.Dtype.empty() ? "nullptr" : Emit::quoted(Spec.Dtype),
        Spec.DeviceType.value_or(-1), Rank, Emit::bool01(Spec.rankIsExact()),
        Id));
  }
  return Arrays.take() + Rows.close("};").take();
}

/// `aoti_rt_sites[]`: what the runtime reports of each launch site (one
/// empty entry when there is none: a zero-length array is not C++).
std::string sitesTable(const WrapperInventory &Inv) {
  Emit E;
  E.open("const ::aoti_rt::SiteInfo aoti_rt_sites[] = {");
  for (const LaunchSite &S : Inv.Sites)
    E.line(llvm::formatv(
        "{{.ordinal = {0}, .kernel = {1}, .kind = {2}, .line = {3}, "
        ".source_nodes = {4}, .aten_ops = {5}{6}{7}},",
        S.Ordinal, Emit::quoted(S.Kernel), Emit::quoted(kindName(S.Kind)),
        S.Line, Emit::shown(llvm::join(S.SourceNodes, ", ")),
        Emit::shown(llvm::join(S.AtenOps, ", ")),
        S.Stream.empty() ? "" : ", .stream = " + Emit::quoted(S.Stream),
        S.Subgraph.empty() ? "" : ", .subgraph = " + Emit::shown(S.Subgraph)));
  if (Inv.Sites.empty())
    E.line("{.ordinal = 0, .kernel = \"\", .kind = \"\", .line = 0, "
           ".source_nodes = \"\", .aten_ops = \"\"},");
  return E.close("};").take();
}

/// The run-time name of the watchdog's action (aoti_rt::WatchdogThen).
llvm::StringRef watchdogThen(WatchdogAction Then) {
  return Then == WatchdogAction::Abort  ? "::aoti_rt::kWatchAbort"
         : Then == WatchdogAction::Dump ? "::aoti_rt::kWatchDump"
                                        : "::aoti_rt::kWatchReport";
}

/// `aoti_rt_program`: the wrapper, its rules' settings and its tables;
/// \p Inputs is compiledInputsTable's text.
std::string programTable(StringRef DisplayName, const WrapperInventory &Inv,
                         const InstrumentationPlan &Plan, StringRef Inputs) {
  const RuntimeSettings &RS = Plan.Settings;
  bool HasPackage = !Inv.Package.empty();
  Designated P;
  P.field("wrapper_file", Emit::shown(DisplayName))
      .field("rules_digest", Emit::quoted(Plan.RulesDigest))
      .field("sites", "aoti_rt_sites")
      .field("num_sites", llvm::Twine(Inv.Sites.size()))
      .field("disable_env", Emit::quoted(RS.DisableEnv))
      .field("log_env", Emit::quoted(RS.LogEnv))
      .field("jsonl_env", Emit::quoted(RS.JsonlEnv))
      .field("jsonl_path", Emit::quoted(RS.JsonlPath))
      .field("save_dir", Emit::quoted(RS.SaveDir))
      .field("first_calls", llvm::Twine(RS.FirstCalls))
      .field("every_calls", llvm::Twine(RS.EveryCalls))
      .field("max_print_values", llvm::Twine(RS.MaxPrintValues))
      .field("batch_deferred", Emit::bool01(Plan.BatchDeferred))
      .field("inputs", Inputs.empty() ? "nullptr" : "aoti_rt_inputs")
      .field("num_inputs",
             llvm::Twine(Inputs.empty() ? 0 : Inv.InputSpecs.size()))
      .field("inputs_on_fail", inputCheckFail(RS.CheckInputs))
      .fieldIf(!RS.ReplayProbes, "replay_probes", "false")
      .fieldIf(HasPackage, "package", Emit::shown(Inv.Package))
      .fieldIf(HasPackage, "model", Emit::shown(Inv.Model))
      .fieldIf(RS.WatchdogMs != 0, "watchdog_ms", llvm::Twine(RS.WatchdogMs))
      .fieldIf(RS.WatchdogMs != 0, "watchdog_then",
               watchdogThen(RS.WatchdogThen));
  return "const ::aoti_rt::Program aoti_rt_program = " + P.str() + ";\n";
}

/// `aoti_rt_buffers`: the redzones and poison of the rules' `buffers:`;
/// "" without.
std::string bufferPolicy(const InstrumentationPlan &Plan) {
  const auto &B = Plan.Buffers;
  if (!B)
    return "";
  return llvm::formatv("constexpr ::aoti_rt::BufferPolicy aoti_rt_buffers = "
                       "{{.redzone_bytes = {0}, .redzone_on_fail = {1}, "
                       ".poison = {2}, .poison_byte = {3}};\n",
                       B->RedzoneBytes, failName(B->RedzoneOnFail),
                       Emit::bool01(B->Poison), B->PoisonByte)
      .str();
}

/// Each probe's `aoti_rt_probe_N_before/after`.
std::string probeDefinitions(const WrapperInventory &Inv,
                             const InstrumentationPlan &Plan) {
  std::string Out;
  for (const SitePlan &SP : Plan.Sites) {
    unsigned Ordinal = Inv.Sites[SP.Site].Ordinal;
    if (!SP.Before.empty())
      Out += probeDefinition(Ordinal, false, SP.Before);
    if (!SP.After.empty())
      Out += probeDefinition(Ordinal, true, SP.After);
  }
  return Out;
}

/// `aoti_rt_guard_I`: the input guard \p I of \p Plan, after the bounds of
/// its dims when it has any.
std::string guardDefinition(size_t I, const WrapperInventory &Inv,
                            const InstrumentationPlan &Plan) {
  const GuardPlan &G = Plan.Guards[I];
  const InputGuardRule &R = G.Rule;
  Emit E;
  std::string Id = std::to_string(I);
  int Rank = R.Rank ? int(*R.Rank) : -1;
  std::string MinName = "nullptr", MaxName = "nullptr";
  if (!R.Dims.empty()) {
    // The loader guarantees a rank whenever dims are given.
    unsigned Extent = unsigned(Rank);
    std::vector<int64_t> Min(Extent, -1), Max(Extent, -1);
    for (const auto &[Dim, Bounds] : R.Dims)
      if (Dim < Extent)
        Min[Dim] = Bounds.first, Max[Dim] = Bounds.second;
    MinName = "aoti_rt_guard_" + Id + "_min";
    MaxName = "aoti_rt_guard_" + Id + "_max";
    int64Array(E, MinName, Min);
    int64Array(E, MaxName, Max);
  }
  Designated D;
  D.field("index", llvm::Twine(G.InputIndex))
      .field("name", Emit::shown(G.InputName))
      .field("dtype", R.Dtype ? Emit::quoted(*R.Dtype) : "nullptr")
      .field("device", R.Device ? Emit::quoted(*R.Device) : "nullptr")
      .field("rank", llvm::Twine(Rank))
      .field("dim_min", MinName)
      .field("dim_max", MaxName)
      .field("contiguous", Emit::bool01(R.Contiguous))
      .field("alignment", llvm::Twine(R.Alignment))
      .field("has_value_range", Emit::bool01(R.ValueRange.has_value()))
      .field("value_min",
             R.ValueRange ? Emit::exactDouble(R.ValueRange->first) : "0")
      .field("value_max",
             R.ValueRange ? Emit::exactDouble(R.ValueRange->second) : "0")
      .field("finite", Emit::bool01(R.Finite))
      .field("on_fail", failName(Plan.GuardOnFail))
      .field("exported", Emit::shown(exportedName(Inv, G.InputIndex)))
      .field("rule", Emit::shown(G.Origin));
  E.line("const ::aoti_rt::InputGuard aoti_rt_guard_" + Id + " = " + D.str() +
         ";");
  return E.take();
}

/// `aoti_rt_equal_dims_I[]`: each group of (input, dim) that must be equal.
std::string equalDimsTables(const InstrumentationPlan &Plan) {
  Emit E;
  for (size_t I = 0; I < Plan.EqualDims.size(); ++I) {
    std::string Refs = Emit::list(Plan.EqualDims[I], [](const auto &Ref) {
      return Designated()
          .field("input", llvm::Twine(Ref.first))
          .field("dim", llvm::Twine(Ref.second))
          .str();
    });
    E.line("constexpr ::aoti_rt::DimRef aoti_rt_equal_dims_" +
           std::to_string(I) + "[] = {" + Refs + "};");
  }
  return E.take();
}

/// Tables shared by every probe: sites, probes, guards, the Program.
std::string tables(StringRef DisplayName, const WrapperInventory &Inv,
                   const InstrumentationPlan &Plan) {
  // Designated initializers name every field of aoti_rt/abi.h's tables: a
  // C++20 form that g++ and clang accept in C++17 with a pedantic warning,
  // silenced here and only here.
  std::string Out = "namespace {\n" + std::string(DesignatorsBegin);
  Out += sitesTable(Inv);
  std::string Inputs = compiledInputsTable(Inv, Plan);
  Out += Inputs;
  Out += programTable(DisplayName, Inv, Plan, Inputs);
  Out += bufferPolicy(Plan);
  Out += probeDefinitions(Inv, Plan);
  for (size_t I = 0; I < Plan.Guards.size(); ++I)
    Out += guardDefinition(I, Inv, Plan);
  Out += equalDimsTables(Plan);
  return Out + DesignatorsEnd + "} // namespace\n";
}

/// The run's scope, first in the body: an exception from anything after it
/// (AOTI's own input checks included) is reported with where the run was.
/// With CUDA redzones, run_impl's scope also sees the outputs (read when it
/// ends), so that the redzoned storage it keeps for the next run is none
/// an output holds.
std::string scopeCode(const AnalyzedFunction &F, const WrapperInventory &Inv,
                      const InstrumentationPlan &Plan) {
  std::string Outputs;
  if (F.Name == names::RunImpl && Inv.isCuda() && Plan.Buffers &&
      Plan.Buffers->RedzoneBytes)
    Outputs = ", " + names::OutputHandlesParam.str() + ", this->" +
              names::NumOutputsMethod.str() + "()";
  return Emit(BodyIndent)
      .line("// aoti-instrument: per-call state")
      .line("::aoti_rt::RunScope aoti_rt_run(aoti_rt_program, "
            "(void *)(stream)" +
            Outputs + ");")
      .take();
}

/// run_impl's check of its inputs against what the model was compiled for:
/// right after the run's scope, before AOTI's own checks and any launch.
std::string compiledInputsCheck(const AnalyzedFunction &F,
                                const WrapperInventory &Inv,
                                const InstrumentationPlan &Plan) {
  if (F.Name != names::RunImpl || !checksCompiledInputs(Inv, Plan))
    return "";
  return Emit(BodyIndent)
      .line("aoti_rt_run.checkInputs(" + names::InputHandlesParam + ", this->" +
            names::DeviceIndexMember +
            "); // aoti-instrument: what the model was compiled for")
      .take();
}

/// The input guards of run_impl, after AOTI's own input checks.
std::string guardCode(const AnalyzedFunction &F,
                      const InstrumentationPlan &Plan,
                      const WrapperInventory &Inv) {
  if (F.Name != names::RunImpl)
    return "";
  bool AnyGuard =
      Plan.EnforceAotiChecks || !Plan.Guards.empty() || !Plan.EqualDims.empty();
  if (!AnyGuard)
    return "";
  Emit E(BodyIndent);
  E.open("if (aoti_rt_run.observing()) { // aoti-instrument: input guards");
  // The rules' own guards first: their messages name the input.
  for (size_t I = 0; I < Plan.Guards.size(); ++I)
    E.line("aoti_rt_run.guardInput(aoti_rt_guard_" + std::to_string(I) +
           ", input_handles[" + std::to_string(Plan.Guards[I].InputIndex) +
           "]);");
  for (size_t I = 0; I < Plan.EqualDims.size(); ++I)
    E.line("aoti_rt_run.guardEqualDims(aoti_rt_equal_dims_" +
           std::to_string(I) + ", " + std::to_string(Plan.EqualDims[I].size()) +
           ", input_handles, " + failName(Plan.GuardOnFail) + ");");
  // AOTI's own checks throw a message that names no input: caught, and
  // reported naming it.
  if (Plan.EnforceAotiChecks)
    for (size_t I = 0; I < Inv.InputChecks.size(); ++I) {
      // check_input_N checks input N.
      unsigned Index = I;
      StringRef(Inv.InputChecks[I])
          .drop_front(names::InputCheckPrefix.size())
          .getAsInteger(10, Index);
      const InputSpec *Spec = findInputSpec(Inv.InputSpecs, Index);
      std::string Name = Spec ? Spec->Name : "";
      E.line("try { " + Inv.InputChecks[I] +
             "(input_handles); } "
             "catch (const std::exception &aoti_rt_e) { "
             "aoti_rt_run.aotiCheckFailed(" +
             std::to_string(Index) + ", " + Emit::shown(Name) + ", " +
             Emit::shown(exportedName(Inv, Index)) + ", aoti_rt_e.what(), " +
             failName(Plan.GuardOnFail) + "); }");
    }
  return E.close().take();
}

/// Offset in the original wrapper -> the text inserted there, in the order
/// it must appear.
using InsertionMap = std::map<unsigned, std::string>;

/// \p S escaped for a one-line comment: a newline or a trailing backslash in
/// a package's file name or a rules path must not end the comment.
std::string commentSafe(StringRef S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS.write_escaped(S);
  return Out;
}

/// The first line of an instrumented wrapper: what it is a copy of, and how
/// it was made (isInstrumented looks for it). One comment line: the build
/// cache's key leaves it out (reuseCachedWrapperObject).
std::string instrumentedHeader(StringRef DisplayName,
                               const InstrumentationPlan &Plan) {
  return instrumentedMarker().str() + toolVersion().str() +
         ": instrumented copy of " + commentSafe(DisplayName) + " (rules " +
         commentSafe(Plan.RulesPath) + ", sha256 " + Plan.RulesDigest +
         "). Do not edit: re-run aoti-instrument on the original.\n";
}

/// Gives each function that needs one (run_impl, and any with a probed
/// launch) its run scope, its checks of the inputs and its input guards;
/// the calls that finish it go to \p Exits. Returns the names of the
/// functions given a run scope.
std::set<std::string> insertRunScopes(const WrapperInventory &Inv,
                                      const InstrumentationPlan &Plan,
                                      InsertionMap &Insertions,
                                      InsertionMap &Exits) {
  std::set<std::string> Scoped;
  for (const AnalyzedFunction &F : Inv.Functions) {
    bool Needed = F.Name == names::RunImpl ||
                  llvm::any_of(Plan.Sites, [&](const SitePlan &SP) {
                    return Inv.Sites[SP.Site].Function == F.Name;
                  });
    if (!Needed)
      continue;
    Scoped.insert(F.Name);
    Insertions[F.ScopeOffset] +=
        scopeCode(F, Inv, Plan) + compiledInputsCheck(F, Inv, Plan);
    Insertions[F.EntryOffset] += guardCode(F, Plan, Inv);
    // Deferred NaN checks are read here, before the outputs are released
    // (a failure then throws while RAII still owns every buffer).
    Exits[F.ExitOffset] =
        Emit(BodyIndent)
            .line("aoti_rt_run.finish(); // aoti-instrument: deferred checks")
            .take();
  }
  return Scoped;
}

/// The redzones and poison of each planned buffer event: an allocation's
/// buffer made by the runtime, a reuse poisoned.
void insertBufferEvents(const WrapperInventory &Inv,
                        const InstrumentationPlan &Plan,
                        InsertionMap &Insertions, InstrumentSummary &Summary) {
  for (unsigned I : Plan.BufferEvents) {
    const BufferEvent &Ev = Inv.Buffers[I];
    const bool Covered = llvm::is_contained(Plan.CoveredBufferEvents, I);
    // Covered: the runtime poisons the buffer only where it is not dense.
    const std::string Args = Emit::quoted(Ev.Name) + ", " + Ev.Name +
                             ".get(), aoti_rt_buffers" +
                             (Covered ? ", /*Covered=*/true" : "");
    Emit E(BodyIndent);
    if (Ev.Kind == BufferEvent::Alloc) {
      E.line("if (AtenTensorHandle aoti_rt_h = aoti_rt_run.buffer(" + Args +
             ")) " + Ev.Name +
             " = RAIIAtenTensorHandle(aoti_rt_h); // aoti-instrument: " +
             (Plan.Buffers->RedzoneBytes ? "redzones" : "poison"));
      Summary.RedzonedBuffers += Plan.Buffers->RedzoneBytes != 0;
    } else {
      E.line("aoti_rt_run.reuse(" + Args + "); // aoti-instrument: poison");
    }
    Insertions[Ev.InsertOffset] += E.take();
    Summary.PoisonedBuffers += Plan.Buffers->Poison;
    Summary.CoveredBuffers += Covered;
  }
}

/// Counts what the probes of \p SP do in \p Summary.
void countProbes(const SitePlan &SP, InstrumentSummary &Summary) {
  if (SP.Before.empty() && SP.After.empty())
    return; // a capture alone
  ++Summary.SitesProbed;
  for (const ProbePlan *P : {&SP.Before, &SP.After}) {
    Summary.NanChecks += P->NanRoles != 0;
    Summary.Prints += P->Print.has_value();
    Summary.Saves += P->Save;
  }
  Summary.Syncs += SP.After.Sync;
  Summary.Breadcrumbs += SP.Before.Breadcrumb || SP.After.Breadcrumb;
}

/// Each site's probes, and with batched counts the guard of what each
/// launch of a function in \p Scoped writes.
void insertProbes(const WrapperInventory &Inv, const InstrumentationPlan &Plan,
                  const std::set<std::string> &Scoped, InsertionMap &Insertions,
                  InstrumentSummary &Summary) {
  const std::set<std::string> Stable = stableConstants(Inv), None;
  auto StableFor = [&](const ProbePlan &P) -> const std::set<std::string> & {
    return P.NanRoles && P.NanDeferred ? Stable : None;
  };
  auto Next = Plan.Sites.begin();
  for (unsigned Index = 0; Index < Inv.Sites.size(); ++Index) {
    const LaunchSite &Site = Inv.Sites[Index];
    const SitePlan *SP =
        Next != Plan.Sites.end() && Next->Site == Index ? &*Next++ : nullptr;
    if (SP && !SP->Before.empty())
      Insertions[Site.BeforeOffset] +=
          probeCall(Site, /*After=*/false, SP->Before, StableFor(SP->Before));
    // The batch guard goes right before the launch: after its before-probe,
    // whose counts of what the launch overwrites must go first too.
    if (Plan.BatchDeferred && Scoped.count(Site.Function)) {
      std::string Guard = beforeWriteCall(Site);
      Summary.WriteGuards += !Guard.empty();
      Insertions[Site.BeforeOffset] += Guard;
    }
    if (!SP)
      continue;
    if (!SP->After.empty())
      Insertions[Site.AfterOffset] +=
          probeCall(Site, /*After=*/true, SP->After, StableFor(SP->After));
    countProbes(*SP, Summary);
  }
}

/// Before and after a captured launch: run_impl asks its kernel's helper
/// to capture it (RunScope::capture), and forgets the request after it.
void insertCaptureRequests(const WrapperInventory &Inv, const SitePlan &SP,
                           InsertionMap &Insertions) {
  const LaunchSite &Site = Inv.Sites[SP.Site];
  const std::string Ordinal = std::to_string(Site.Ordinal);
  Insertions[Site.BeforeOffset] +=
      Emit(Site.Indent)
          .line("aoti_rt_run.capture(" + Ordinal +
                "); // aoti-instrument: its helper captures #" + Ordinal)
          .take();
  Insertions[Site.AfterOffset] +=
      Emit(Site.Indent)
          .line("aoti_rt_run.captured(" + Ordinal +
                "); // aoti-instrument: capture of #" + Ordinal + " done")
          .take();
}

/// The capture hook of \p H, before its launchKernel call: the kernel's
/// arguments with their types, its tensors, cubin and configuration.
std::string captureHook(const KernelHelper &H) {
  Emit E(H.Indent);
  E.open("if (::aoti_rt::RunScope::captureRequested()) { // aoti-instrument: "
         "capture");
  std::string Params = Emit::list(H.Slots, [&](const KernelArgSlot &Slot) {
    auto It = llvm::find_if(H.TensorParams, [&](const auto &P) {
      return P.first == Slot.TensorParam;
    });
    int Tensor = Slot.TensorParam.empty() || It == H.TensorParams.end()
                     ? -1
                     : int(It - H.TensorParams.begin());
    return "{" + Emit::quoted(Slot.Name) + ", " + Emit::quoted(Slot.Type) +
           ", sizeof(" + Slot.Name + "), " + std::to_string(Tensor) + "}";
  });
  E.line("static constexpr ::aoti_rt::KernelParam aoti_rt_params[] = {" +
         Params + "};");
  std::string Refs = Emit::list(H.TensorParams, [](const auto &Param) {
    return "{" + Emit::quoted(Param.first) + ", " +
           roleName(roleBits(Param.second)).str() +
           ", static_cast<AtenTensorHandle>(" + Param.first + ")}";
  });
  if (!Refs.empty())
    E.line("const ::aoti_rt::TensorRef aoti_rt_t[] = {" + Refs + "};");
  const auto &A = H.LaunchArgs;
  std::string Grid = "{uint32_t(" + A[1] + "), uint32_t(" + A[2] +
                     "), uint32_t(" + A[3] + ")}";
  Designated K;
  K.field("function", H.Function)
      .field("cubin_path", H.CubinIsPath ? H.Cubin : "nullptr")
      .field("cubin_image",
             H.CubinIsPath ? "nullptr" : "(const void *)(" + H.Cubin + ")")
      .field("cubin_dir", H.CubinDir.empty() ? "nullptr"
                                             : H.CubinDir + " ? " + H.CubinDir +
                                                   "->c_str() : nullptr")
      .field("grid", Grid)
      .field("num_warps", "uint32_t(" + A[4] + ")")
      .field("shared_mem", "uint32_t(" + A[5] + ")")
      .field("args", A[6])
      .field("params", "aoti_rt_params")
      .field("num_params", llvm::Twine(H.Slots.size()))
      .field("tensors", Refs.empty() ? "nullptr" : "aoti_rt_t")
      .field("num_tensors", llvm::Twine(H.TensorParams.size()))
      .field("stream", "(void *)(" + A[7] + ")");
  E.line("::aoti_rt::RunScope::captureKernel(" + K.str() + ");");
  return E.close().take();
}

/// A captured extern op: its shim parameters' table before the statement,
/// and the call made through RunScope::captureCall.
void insertShimCapture(const LaunchSite &Site, InsertionMap &Insertions) {
  const std::string Ordinal = std::to_string(Site.Ordinal);
  const std::string Table = "aoti_rt_shim_" + Ordinal;
  std::string Params = Emit::list(Site.ShimParams, [](const KernelArgSlot &P) {
    return "{" + Emit::quoted(P.Name) + ", " + Emit::quoted(P.Type) + ", " +
           roleName(roleBits(P.Role)).str() + (P.Returned ? ", true}" : "}");
  });
  Insertions[Site.BeforeOffset] +=
      Emit(Site.Indent)
          .line("static constexpr ::aoti_rt::ShimParam " + Table + "[] = {" +
                Params + "}; // aoti-instrument: capture of #" + Ordinal)
          .take();
  Insertions[Site.CalleeOffset] +=
      "aoti_rt_run.captureCall(" + Ordinal + ", " + Table + ", ";
  Insertions[Site.CalleeEndOffset] += ")";
}

/// The capture of each launch a rule captures: an extern op's call wrapped,
/// a Triton launch's request in run_impl and its helper's hooks.
void insertCaptureHooks(const WrapperInventory &Inv,
                        const InstrumentationPlan &Plan,
                        InsertionMap &Insertions, InstrumentSummary &Summary) {
  std::set<std::string> Hooked;
  for (const SitePlan &SP : Plan.Sites) {
    if (!SP.Capture)
      continue;
    ++Summary.Captures;
    if (Inv.Sites[SP.Site].Kind == LaunchKind::Extern) {
      insertShimCapture(Inv.Sites[SP.Site], Insertions);
      continue;
    }
    insertCaptureRequests(Inv, SP, Insertions);
    const KernelHelper *H = Inv.helperOf(Inv.Sites[SP.Site].Kernel);
    if (!H || H->LaunchArgs.size() < 8 || !Hooked.insert(H->Kernel).second)
      continue;
    Insertions[H->LaunchOffset] += captureHook(*H);
    Insertions[H->AfterLaunchOffset] +=
        Emit(H->Indent)
            .line("::aoti_rt::RunScope::captureLaunched((void *)(" +
                  H->LaunchArgs[7] +
                  ")); // aoti-instrument: the capture's after")
            .take();
  }
}

/// Counts the input guards and checks of \p Plan in \p Summary.
void countInputChecks(const WrapperInventory &Inv,
                      const InstrumentationPlan &Plan,
                      InstrumentSummary &Summary) {
  Summary.InputGuards = Plan.Guards.size();
  if (checksCompiledInputs(Inv, Plan))
    Summary.CompiledInputs = Inv.InputSpecs.size();
  Summary.EqualDimGroups = Plan.EqualDims.size();
  Summary.EnforcesAotiChecks = Plan.EnforceAotiChecks;
}

/// \p Original with \p Insertions made.
llvm::Expected<std::string> applyInsertions(StringRef Original,
                                            StringRef DisplayName,
                                            const InsertionMap &Insertions) {
  clang::tooling::Replacements Replaces;
  for (const auto &[Offset, Text] : Insertions)
    if (llvm::Error E = Replaces.add(
            clang::tooling::Replacement(DisplayName, Offset, 0, Text)))
      return makeToolError(ExitCode::OutputError, DisplayName.str(),
                           "internal error: conflicting insertions: " +
                               llvm::toString(std::move(E)));
  auto Result = clang::tooling::applyAllReplacements(Original, Replaces);
  if (!Result)
    return makeToolError(ExitCode::OutputError, DisplayName.str(),
                         "internal error: cannot apply insertions: " +
                             llvm::toString(Result.takeError()));
  return *Result;
}

} // namespace

StringRef aoti::instrumentedMarker() { return "// aoti-instrument "; }

bool aoti::isInstrumented(StringRef Text) {
  return Text.starts_with(instrumentedMarker()) ||
         Text.contains("::aoti_rt::RunScope aoti_rt_run(");
}

std::string InstrumentSummary::describe() const {
  std::vector<std::string> Parts;
  auto Add = [&](unsigned N, StringRef What) {
    if (N)
      Parts.push_back(std::to_string(N) + " " + What.str());
  };
  Add(SitesProbed,
      SitesProbed == 1 ? "launch site probed" : "launch sites probed");
  Add(Syncs, Syncs == 1 ? "sync point" : "sync points");
  Add(Breadcrumbs, Breadcrumbs == 1 ? "breadcrumb" : "breadcrumbs");
  Add(NanChecks, NanChecks == 1 ? "NaN/Inf check" : "NaN/Inf checks");
  Add(Prints, Prints == 1 ? "print" : "prints");
  Add(Saves, Saves == 1 ? "save" : "saves");
  Add(Captures, Captures == 1 ? "launch captured" : "launches captured");
  Add(InputGuards, InputGuards == 1 ? "input guard" : "input guards");
  Add(EqualDimGroups, "equal-dims checks");
  if (EnforcesAotiChecks)
    Parts.push_back("AOTI's own input checks enforced");
  Add(RedzonedBuffers,
      RedzonedBuffers == 1 ? "buffer with redzones" : "buffers with redzones");
  Add(PoisonedBuffers,
      PoisonedBuffers == 1 ? "buffer poisoned" : "buffers poisoned");
  if (CoveredBuffers)
    Parts.back() += " (" + std::to_string(CoveredBuffers) +
                    " only where not dense: their first writer writes every "
                    "element)";
  if (WriteGuards)
    Parts.push_back("deferred checks batched (" + std::to_string(WriteGuards) +
                    (WriteGuards == 1 ? " launch guards its writes)"
                                      : " launches guard their writes)"));
  Add(CompiledInputs, CompiledInputs == 1
                          ? "input checked against what the model was "
                            "compiled for"
                          : "inputs checked against what the model was "
                            "compiled for");
  return Parts.empty() ? "nothing inserted" : llvm::join(Parts, ", ");
}

llvm::Expected<std::string>
aoti::rewriteWrapper(StringRef Original, StringRef DisplayName,
                     const WrapperInventory &Inv,
                     const InstrumentationPlan &Plan, RuntimeMode Runtime,
                     InstrumentSummary &Summary) {
  // Insertions grouped by offset, in the order they must appear: at a shared
  // offset, site k's after-probe comes before site k+1's before-probe.
  InsertionMap Insertions;
  Insertions[0] += instrumentedHeader(DisplayName, Plan);
  Insertions[Inv.PreludeOffset] +=
      "// ===== aoti-instrument: runtime and tables =====\n" +
      runtimeInclusion(Runtime, Inv.isCuda()) + "\n" +
      tables(DisplayName, Inv, Plan) +
      "// ===== aoti-instrument: end of runtime and tables =====\n\n";

  // Added last at their offsets: after any probe that lands there too.
  InsertionMap Exits;
  std::set<std::string> Scoped = insertRunScopes(Inv, Plan, Insertions, Exits);
  // Buffers, before any probe at the same offset (the launch after an
  // allocation sees the buffer as the runtime made it).
  insertBufferEvents(Inv, Plan, Insertions, Summary);
  insertProbes(Inv, Plan, Scoped, Insertions, Summary);
  insertCaptureHooks(Inv, Plan, Insertions, Summary);
  for (const auto &[Offset, Text] : Exits)
    Insertions[Offset] += Text;
  countInputChecks(Inv, Plan, Summary);
  return applyInsertions(Original, DisplayName, Insertions);
}
