//===- ShimSignature.cpp - What a C-shim op does with each argument -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/ShimSignature.h"
#include "Support/AOTINames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace aoti;
using clang::QualType;
using llvm::StringRef;

llvm::StringRef aoti::shimFormName(ShimForm Form) {
  switch (Form) {
  case ShimForm::Tensor:
    return "tensor";
  case ShimForm::OptionalTensor:
    return "opt-tensor";
  case ShimForm::TensorList:
    return "tensor-list";
  case ShimForm::OptionalTensorList:
    return "opt-tensor-list";
  case ShimForm::RetTensor:
    return "ret-tensor";
  case ShimForm::Scalar:
    return "scalar";
  case ShimForm::OptionalScalar:
    return "opt-scalar";
  case ShimForm::ScalarList:
    return "scalar-list";
  case ShimForm::RetScalar:
    return "ret-scalar";
  case ShimForm::Length:
    return "length";
  case ShimForm::String:
    return "string";
  case ShimForm::Other:
    return "other";
  }
  llvm_unreachable("unknown ShimForm");
}

namespace {

/// `AtenTensorHandle`, that is `AtenTensorOpaque*`, through any sugar.
bool isHandle(QualType T) {
  if (const auto *PT = T->getAs<clang::PointerType>())
    if (const auto *RD = PT->getPointeeType()->getAsRecordDecl())
      return RD->getName() == names::RawHandleRecord;
  return false;
}

bool isScalarType(QualType T) {
  return T->isArithmeticType() || T->isEnumeralType();
}

bool isCharType(QualType T) { return T->isAnyCharacterType(); }

/// `out`, `out1`: \p Prefix alone or followed by a number.
bool isNumbered(StringRef Param, StringRef Prefix) {
  return Param == Prefix ||
         (Param.starts_with(Prefix) && Param.size() > Prefix.size() &&
          llvm::all_of(Param.drop_front(Prefix.size()), llvm::isDigit));
}

/// A pointer parameter the call writes its result through: `ret`, `ret0`,
/// `ret_new_tensor`, and (shim_cpu.h, shim_deprecated.h) `out`.
bool isReturnName(StringRef Param) {
  return isNumbered(Param, names::ShimReturnParam) ||
         Param.starts_with(names::ShimReturnPrefix) ||
         isNumbered(Param, names::OutParam);
}

/// The form of a pointer parameter whose pointee is \p P.
ShimForm pointerForm(StringRef Name, QualType P) {
  if (isHandle(P))
    return P.isConstQualified() ? ShimForm::TensorList
           : isReturnName(Name) ? ShimForm::RetTensor
                                : ShimForm::OptionalTensor;
  if (const auto *PP = P->getAs<clang::PointerType>()) {
    QualType Inner = PP->getPointeeType();
    if (isHandle(Inner))
      return ShimForm::OptionalTensorList;
    if (isScalarType(Inner) || isCharType(Inner))
      return ShimForm::OptionalScalar; // an optional list or string
    return ShimForm::Other;
  }
  if (isCharType(P) && P.isConstQualified())
    return ShimForm::String;
  if (isScalarType(P))
    return P.isConstQualified() ? ShimForm::ScalarList
           : isReturnName(Name) ? ShimForm::RetScalar
                                : ShimForm::OptionalScalar;
  return ShimForm::Other;
}

/// Whether tensor parameter \p P of \p Sig is what the op writes: `out`
/// of an `_out` op (which returns nothing) or of one whose name says it
/// writes in place (`_flash_attention_forward_no_dropout_inplace`), and
/// `dst`. An op that returns tensors reads its `out` (the attention
/// backward ops' forward output).
bool isWrittenTensor(const ShimSignature &Sig, const ShimParam &P,
                     bool Returns) {
  if (P.Name == names::ShimDestParam)
    return true;
  return isNumbered(P.Name, names::OutParam) &&
         (!Returns || shimOpName(Sig.Name).contains(names::ShimInPlaceWord));
}

/// The roles of \p Sig's tensor parameters: what it writes (isWritten-
/// Tensor), returned tensors made by the call, an in-place op's first
/// tensor read and written, the rest read.
void assignRoles(ShimSignature &Sig) {
  const bool HasRet = llvm::any_of(Sig.Params, [](const ShimParam &P) {
    return P.Form == ShimForm::RetTensor;
  });
  bool HasOut = false;
  for (ShimParam &P : Sig.Params) {
    if (P.Form == ShimForm::RetTensor) {
      P.Role = ArgRole::Ret;
    } else if (P.Form == ShimForm::Tensor && isWrittenTensor(Sig, P, HasRet)) {
      P.Role = ArgRole::Output;
      HasOut = true;
    } else if (P.Form == ShimForm::Tensor || P.Form == ShimForm::TensorList ||
               P.Form == ShimForm::OptionalTensor ||
               P.Form == ShimForm::OptionalTensorList) {
      P.Role = ArgRole::Input;
    }
  }
  // `index_put_`, `copy_`: the name ends in one `_`. `fill__Scalar`,
  // `bernoulli__float`: an in-place overload, which returns nothing.
  StringRef Op = shimOpName(Sig.Name).ltrim('_');
  Sig.InPlace =
      (Op.ends_with("_") && !Op.ends_with("__")) ||
      (!HasRet && !HasOut && llvm::any_of(Sig.Params, [](const ShimParam &P) {
        return P.Form == ShimForm::Tensor;
      }));
  if (!Sig.InPlace || HasOut)
    return;
  for (ShimParam &P : Sig.Params)
    if (P.Form == ShimForm::Tensor) {
      P.Role = ArgRole::InOut; // `self`, or (mkldnn) `other`
      return;
    }
}

} // namespace

llvm::StringRef aoti::shimDevice(llvm::StringRef Function) {
  return names::shimDeviceOf(Function);
}

llvm::StringRef aoti::shimOpName(llvm::StringRef Function) {
  StringRef Device = names::shimDeviceOf(Function);
  if (!Function.consume_front(names::ShimPrefix))
    return Function;
  return Device.empty() ? Function : Function.drop_front(Device.size() + 1);
}

ShimForm aoti::shimParamForm(llvm::StringRef Name, clang::QualType T) {
  T = T.getNonReferenceType();
  if (isHandle(T))
    return ShimForm::Tensor;
  if (const auto *PT = T->getAs<clang::PointerType>())
    return pointerForm(Name, PT->getPointeeType());
  if (isScalarType(T))
    return Name.ends_with(names::ShimLengthSuffix) ? ShimForm::Length
                                                   : ShimForm::Scalar;
  return ShimForm::Other;
}

ShimSignature aoti::readShimSignature(const clang::FunctionDecl &FD) {
  ShimSignature Sig;
  Sig.Name = FD.getNameAsString();
  const clang::PrintingPolicy &Policy = FD.getASTContext().getPrintingPolicy();
  for (const clang::ParmVarDecl *P : FD.parameters()) {
    ShimParam Param;
    Param.Name = P->getNameAsString();
    Param.Type = P->getType().getAsString(Policy);
    Param.Form = shimParamForm(Param.Name, P->getType());
    Sig.Params.push_back(std::move(Param));
  }
  assignRoles(Sig);
  return Sig;
}

bool aoti::isShimHeader(llvm::StringRef File) {
  return File.contains(names::GeneratedShimPath) ||
         File.contains(names::ShimDirPath);
}

bool aoti::isShimOp(llvm::StringRef Function, llvm::StringRef File) {
  if (File.contains(names::GeneratedShimPath))
    return true;
  return isShimHeader(File) && Function.starts_with(names::ShimPrefix) &&
         !names::isShimUtility(Function);
}
