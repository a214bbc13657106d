//===- ShimOpsListing.cpp - Print the call forms of the shim's ops --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Output/ShimOpsListing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include <map>

using namespace aoti;

namespace {

/// Whether \p Op returns a tensor it makes (an `AtenTensorHandle* retN`).
bool returnsTensors(const ShimOp &Op) {
  return llvm::any_of(Op.Signature.Params, [](const ShimParam &P) {
    return P.Form == ShimForm::RetTensor;
  });
}

} // namespace

std::string aoti::formatShimParam(const ShimParam &P) {
  switch (P.Form) {
  case ShimForm::Tensor:
  case ShimForm::RetTensor:
    return P.Name + ":" + roleName(P.Role).str();
  case ShimForm::OptionalTensor:
    return P.Name + ":" + roleName(P.Role).str() + ":opt";
  case ShimForm::TensorList:
    return P.Name + ":" + roleName(P.Role).str() + ":list";
  case ShimForm::OptionalTensorList:
    return P.Name + ":" + roleName(P.Role).str() + ":opt-list";
  case ShimForm::Scalar:
    return P.Name;
  case ShimForm::OptionalScalar:
    return P.Name + "?";
  case ShimForm::ScalarList:
    return P.Name + "[]";
  case ShimForm::RetScalar:
    return P.Name + ":ret-scalar";
  case ShimForm::Length:
    return "";
  case ShimForm::String:
    return P.Name + ":str";
  case ShimForm::Other:
    return P.Name + ":other";
  }
  return P.Name;
}

void aoti::printShimOpsTable(const std::vector<ShimOp> &Ops,
                             llvm::StringRef TorchIncludeDir,
                             llvm::raw_ostream &OS) {
  std::map<std::string, std::pair<unsigned, unsigned>> PerHeader;
  size_t Width = strlen("FUNCTION");
  for (const ShimOp &Op : Ops) {
    auto &[All, Returning] = PerHeader[Op.Header];
    ++All;
    Returning += returnsTensors(Op);
    Width = std::max(Width, Op.Signature.Name.size());
  }
  OS << "C-shim ops under " << TorchIncludeDir << ":\n";
  for (const auto &[Header, Counts] : PerHeader)
    OS << "  " << Header << ": " << Counts.first << " ops, " << Counts.second
       << " returning tensors they make\n";
  OS << "\n" << llvm::left_justify("FUNCTION", Width) << "  PARAMETERS\n";
  for (const ShimOp &Op : Ops) {
    std::vector<std::string> Params;
    for (const ShimParam &P : Op.Signature.Params)
      if (std::string S = formatShimParam(P); !S.empty())
        Params.push_back(std::move(S));
    OS << llvm::left_justify(Op.Signature.Name, Width) << "  "
       << llvm::join(Params, " ")
       << (Op.Signature.InPlace ? "  (in place)" : "") << "\n";
  }
}

void aoti::printShimOpsJson(const std::vector<ShimOp> &Ops,
                            llvm::StringRef TorchIncludeDir,
                            llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, /*IndentSize=*/1);
  J.object([&] {
    J.attribute("torch_include", TorchIncludeDir);
    J.attributeArray("ops", [&] {
      for (const ShimOp &Op : Ops)
        J.object([&] {
          J.attribute("function", Op.Signature.Name);
          J.attribute("header", Op.Header);
          J.attribute("device", Op.Device);
          J.attribute("op", shimOpName(Op.Signature.Name));
          J.attribute("in_place", Op.Signature.InPlace);
          J.attribute("returns_tensors", returnsTensors(Op));
          J.attributeArray("params", [&] {
            for (const ShimParam &P : Op.Signature.Params)
              J.object([&] {
                J.attribute("name", P.Name);
                J.attribute("type", P.Type);
                J.attribute("form", shimFormName(P.Form));
                if (P.Role != ArgRole::Unknown)
                  J.attribute("role", roleName(P.Role));
              });
          });
        });
    });
  });
  OS << "\n";
}
