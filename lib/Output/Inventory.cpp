//===- Inventory.cpp - Print a wrapper's launch sites ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Output/Inventory.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include <map>

using namespace aoti;

std::string aoti::formatTensorArg(const TensorArg &T) {
  std::string S = T.Name + ":" + roleName(T.Role).str();
  if (T.Optional)
    S += ":opt";
  if (T.IsView)
    S += ":view";
  return S;
}

/// `param=expr(definition)`, `:ret` for a scalar the call returns.
static std::string formatScalarArg(const ScalarArg &A) {
  return (A.Param.empty() ? A.Expr : A.Param + "=" + A.Expr) +
         (A.Definition.empty() ? "" : "(" + A.Definition + ")") +
         (A.Returned ? ":ret" : "");
}

/// The table's head: the file, its inputs, constants and buffers.
static void printInventoryHead(const WrapperInventory &Inv,
                               llvm::raw_ostream &OS) {
  OS << escapeControl(Inv.File) << ": " << Inv.Sites.size() << " launch site"
     << (Inv.Sites.size() == 1 ? "" : "s") << " (device " << Inv.Device
     << ", run_impl at line " << Inv.RunImplLine << ")\n";
  std::vector<std::string> InputNames;
  for (const GraphInput &In : Inv.Inputs)
    InputNames.push_back(escapeControl(In.Name));
  OS << "inputs: " << (InputNames.empty() ? "-" : llvm::join(InputNames, ", "))
     << "\n";
  OS << "constants: "
     << (Inv.Constants.empty() ? "-" : llvm::join(Inv.Constants, ", ")) << "\n";
  unsigned Allocs = 0, Reuses = 0, InPlace = 0;
  for (const BufferEvent &B : Inv.Buffers) {
    bool Alloc = B.Kind == BufferEvent::Alloc;
    Allocs += Alloc;
    Reuses += !Alloc;
    InPlace += !Alloc && B.FirstUse &&
               (*B.FirstUse == ArgRole::InOut || *B.FirstUse == ArgRole::Input);
  }
  OS << "buffers: " << Allocs << " allocated, " << Reuses << " reused ("
     << InPlace << " in place)\n";
}

/// One row per launch site (and its source nodes, function and stream
/// lines), with column widths from the data so long kernel names align.
static void printInventoryRows(const WrapperInventory &Inv,
                               llvm::raw_ostream &OS) {
  size_t KernelWidth = strlen("KERNEL"), TensorWidth = strlen("TENSORS");
  std::vector<std::string> TensorCells;
  for (const LaunchSite &S : Inv.Sites) {
    std::vector<std::string> Parts;
    for (const TensorArg &T : S.Tensors)
      Parts.push_back(formatTensorArg(T));
    TensorCells.push_back(Parts.empty() ? "-" : llvm::join(Parts, " "));
    KernelWidth = std::max(KernelWidth, S.Kernel.size());
    TensorWidth = std::max(TensorWidth, TensorCells.back().size());
  }
  OS << "\n"
     << llvm::format("%4s %6s  %-11s  ", (const char *)"#",
                     (const char *)"LINE", (const char *)"KIND")
     << llvm::left_justify("KERNEL", KernelWidth) << "  "
     << llvm::left_justify("TENSORS", TensorWidth) << "  SCALARS\n";
  for (auto [S, Tensors] : llvm::zip(Inv.Sites, TensorCells)) {
    std::vector<std::string> Scalars;
    for (const ScalarArg &A : S.Scalars)
      Scalars.push_back(formatScalarArg(A));
    OS << llvm::format("%4u %6u  %-11s  ", S.Ordinal, S.Line,
                       kindName(S.Kind).str().c_str())
       << llvm::left_justify(S.Kernel, KernelWidth) << "  "
       << llvm::left_justify(Tensors, TensorWidth) << "  "
       << (Scalars.empty() ? "-" : llvm::join(Scalars, " ")) << "\n";
    if (!S.SourceNodes.empty() || !S.AtenOps.empty())
      OS << "             source nodes: ["
         << escapeControl(llvm::join(S.SourceNodes, ", ")) << "]  aten: ["
         << escapeControl(llvm::join(S.AtenOps, ", ")) << "]\n";
    if (!S.Provenance.empty())
      OS << "             provenance: " << S.Provenance << "\n";
    if (!S.Subgraph.empty())
      OS << "             in subgraph " << S.Subgraph << "\n";
    if (S.Function != names::RunImpl)
      OS << "             in " << S.Function << "\n";
    if (!S.Stream.empty())
      OS << "             stream: " << S.Stream << " (lane " << S.StreamLane
         << ")\n";
  }
}

/// The totals: launches per kind, and per stream when there are several.
static void printInventoryTotals(const WrapperInventory &Inv,
                                 llvm::raw_ostream &OS) {
  std::map<std::string, unsigned> PerKind;
  for (const LaunchSite &S : Inv.Sites)
    ++PerKind[kindName(S.Kind).str()];
  std::vector<std::string> Counts;
  for (const auto &[Kind, N] : PerKind)
    Counts.push_back(std::to_string(N) + " " + Kind);
  OS << "\ntotal: " << Inv.Sites.size() << " (" << llvm::join(Counts, ", ")
     << ")";
  std::map<unsigned, unsigned> PerLane;
  for (const LaunchSite &S : Inv.Sites)
    ++PerLane[S.StreamLane];
  if (PerLane.size() > 1) {
    std::vector<std::string> Lanes;
    for (const auto &[Lane, N] : PerLane)
      Lanes.push_back(std::to_string(N) +
                      (Lane ? " on lane " + std::to_string(Lane)
                            : std::string(" on the main stream")));
    OS << " on " << PerLane.size() << " streams: " << llvm::join(Lanes, ", ");
  }
  OS << "\n";
}

void aoti::printInventoryTable(const WrapperInventory &Inv,
                               llvm::raw_ostream &Out) {
  // Names, comments and paths come from the wrapper and the package: each
  // field is shown on its line, and the whole with its controls escaped.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printInventoryHead(Inv, OS);
  if (!Inv.Sites.empty()) {
    printInventoryRows(Inv, OS);
    printInventoryTotals(Inv, OS);
  }
  OS.flush();
  Out << escapeControl(Text, /*KeepNewlines=*/true);
}

namespace {

/// What the input was compiled for (InputSpecs.h), and the user's name.
void printCompiledFor(const InputSpec &Spec, llvm::json::OStream &J) {
  if (!Spec.Exported.empty())
    J.attribute("exported", Spec.Exported);
  J.attributeObject("compiled_for", [&] {
    if (!Spec.Dtype.empty())
      J.attribute("dtype", Spec.Dtype);
    if (Spec.DeviceType)
      J.attribute("device_type", *Spec.DeviceType);
    J.attributeArray("dims", [&] {
      for (const InputSpec::DimBounds &D : Spec.Dims)
        J.array([&] {
          J.value(D.Min);
          J.value(D.Max);
        });
    });
    J.attributeArray("strides", [&] {
      for (const std::optional<int64_t> &S : Spec.Strides)
        S ? J.value(*S) : J.value(nullptr);
    });
    J.attribute("rank_exact", Spec.rankIsExact());
  });
}

/// Attribute \p Name: an array of \p Values, each printed by
/// `Print(Value, J)`.
template <typename RangeT, typename PrintT>
void printArray(llvm::StringRef Name, const RangeT &Values,
                llvm::json::OStream &J, PrintT Print) {
  J.attributeArray(Name, [&] {
    for (const auto &V : Values)
      Print(V, J);
  });
}

/// One string of an array.
void printString(const std::string &S, llvm::json::OStream &J) { J.value(S); }

/// One graph input, with what it was compiled for when the wrapper says.
void printInputJson(const GraphInput &In, const WrapperInventory &Inv,
                    llvm::json::OStream &J) {
  J.object([&] {
    J.attribute("name", In.Name);
    J.attribute("index", In.Index);
    if (const InputSpec *Spec = findInputSpec(Inv.InputSpecs, In.Index))
      printCompiledFor(*Spec, J);
  });
}

/// One allocation or reuse of a buffer.
void printBufferJson(const BufferEvent &B, llvm::json::OStream &J) {
  J.object([&] {
    J.attribute("name", B.Name);
    J.attribute("kind", B.Kind == BufferEvent::Alloc ? "alloc" : "reuse");
    if (!B.From.empty())
      J.attribute("from", B.From);
    J.attribute("line", B.Line);
    if (B.FirstUse)
      J.attribute("first_use", roleName(*B.FirstUse));
  });
}

/// One tensor argument of a launch.
void printTensorJson(const TensorArg &T, llvm::json::OStream &J) {
  J.object([&] {
    J.attribute("param", T.Param);
    J.attribute("name", T.Name);
    J.attribute("role", roleName(T.Role));
    J.attribute("origin", originName(T.Origin));
    if (T.OriginIndex)
      J.attribute("origin_index", *T.OriginIndex);
    J.attribute("view", T.IsView);
    J.attribute("out_param", T.ViaOutParam);
    J.attribute("optional", T.Optional);
    J.attribute("may_be_undefined", T.mayBeUndefined());
    J.attribute("freed_by_call", T.FreedByCall);
    J.attribute("expr", T.Expr);
  });
}

/// One scalar argument of a launch.
void printScalarJson(const ScalarArg &A, llvm::json::OStream &J) {
  J.object([&] {
    J.attribute("param", A.Param);
    J.attribute("expr", A.Expr);
    if (!A.Definition.empty())
      J.attribute("definition", A.Definition);
    if (A.Returned)
      J.attribute("returned", true);
  });
}

/// One launch site: where it is, what it launches on which stream, and its
/// arguments.
void printSiteJson(const LaunchSite &S, llvm::json::OStream &J) {
  J.object([&] {
    J.attribute("ordinal", S.Ordinal);
    J.attribute("kind", kindName(S.Kind));
    J.attribute("kernel", S.Kernel);
    J.attribute("function", S.Function);
    J.attribute("line", S.Line);
    J.attribute("column", S.Column);
    // run_impl's own stream is "stream"; others as the AST names them.
    J.attribute("stream", S.Stream.empty() ? "stream" : S.Stream);
    J.attribute("stream_lane", S.StreamLane);
    printArray("source_nodes", S.SourceNodes, J, printString);
    printArray("aten_ops", S.AtenOps, J, printString);
    if (!S.Provenance.empty())
      J.attribute("provenance", S.Provenance);
    if (!S.Subgraph.empty())
      J.attribute("subgraph", S.Subgraph);
    printArray("tensors", S.Tensors, J, printTensorJson);
    printArray("scalars", S.Scalars, J, printScalarJson);
  });
}

} // namespace

void aoti::printInventoryJson(const WrapperInventory &Inv,
                              llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("file", Inv.File);
    J.attribute("device", Inv.Device);
    J.attribute("run_impl_line", Inv.RunImplLine);
    printArray("inputs", Inv.Inputs, J,
               [&](const GraphInput &In, llvm::json::OStream &Out) {
                 printInputJson(In, Inv, Out);
               });
    printArray("constants", Inv.Constants, J, printString);
    printArray("buffers", Inv.Buffers, J, printBufferJson);
    printArray("sites", Inv.Sites, J, printSiteJson);
  });
  OS << "\n";
}
