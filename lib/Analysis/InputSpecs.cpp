//===- InputSpecs.cpp - What a model was compiled for ---------------------===//

#include "Analysis/InputSpecs.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringRef.h"

using namespace aoti;
using namespace clang;
using llvm::StringRef;

namespace {

/// An integer literal's value, through implicit casts and parentheses.
std::optional<int64_t> literal(const Expr *E) {
  if (const auto *L = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts()))
    return L->getValue().getSExtValue();
  return std::nullopt;
}

/// `<var>_size[D]` or `<var>_stride[D]`: which of the two, and D.
struct DimRef {
  bool Stride = false;
  unsigned Dim = 0;
};

std::optional<DimRef> dimRef(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  // sizes() and strides() are ArrayRefs: `x_size[0]` is an operator[] call.
  const Expr *Base = nullptr, *Index = nullptr;
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E);
      Call && Call->getOperator() == OO_Subscript && Call->getNumArgs() == 2) {
    Base = Call->getArg(0);
    Index = Call->getArg(1);
  } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    Base = Sub->getBase();
    Index = Sub->getIdx();
  }
  if (!Base)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  auto D = literal(Index);
  if (!Ref || !D || *D < 0 || *D > 64)
    return std::nullopt;
  StringRef Name = Ref->getDecl()->getName();
  if (Name.ends_with("_size"))
    return DimRef{false, static_cast<unsigned>(*D)};
  if (Name.ends_with("_stride"))
    return DimRef{true, static_cast<unsigned>(*D)};
  return std::nullopt;
}

/// Reads the checks of one check_input_N body into an InputSpec.
class SpecReader : public RecursiveASTVisitor<SpecReader> {
public:
  InputSpec Spec;
  bool SawInput = false;

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    // `input_handles[N]`, the input this function checks.
    const auto *Ref = dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
    auto N = literal(E->getIdx());
    if (!SawInput && Ref && Ref->getDecl()->getName() == "input_handles" && N &&
        *N >= 0) {
      Spec.Index = static_cast<unsigned>(*N);
      SawInput = true;
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    // `ConstantHandle arg4_1 = ConstantHandle(input_handles[0]);`
    StringRef Name = V->getName();
    if (Spec.Name.empty() && V->hasInit() && containsInputHandle(V->getInit()))
      Spec.Name = Name.str();
    if (Name.ends_with("_expected_device_type") && V->hasInit())
      if (auto Type = literal(V->getInit()))
        Spec.DeviceType = static_cast<int>(*Type);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && F->getDeclName().isIdentifier()) {
      StringRef Name = F->getName();
      if (Name.consume_front("aoti_torch_dtype_") && Spec.Dtype.empty())
        Spec.Dtype = Name.str();
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Op != BO_NE && Op != BO_LT && Op != BO_GT)
      return true;
    const Expr *L = B->getLHS(), *R = B->getRHS();
    std::optional<DimRef> Ref = dimRef(R);
    std::optional<int64_t> Value = literal(L);
    bool LiteralFirst = Ref && Value;
    if (!LiteralFirst) {
      Ref = dimRef(L);
      Value = literal(R);
    }
    if (!Ref || !Value)
      return true;
    if (Ref->Stride) {
      if (Op == BO_NE)
        strideSlot(Ref->Dim) = *Value;
      return true;
    }
    InputSpec::DimBounds &D = dimSlot(Ref->Dim);
    if (Op == BO_NE) {
      D.Min = D.Max = *Value;
    } else if ((Op == BO_LT) != LiteralFirst) {
      D.Min = *Value; // size < N fails: at least N
    } else {
      D.Max = *Value; // size > N fails: at most N
    }
    return true;
  }

private:
  static bool containsInputHandle(const Stmt *S) {
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S))
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
        if (Ref->getDecl()->getName() == "input_handles")
          return true;
    for (const Stmt *Child : S->children())
      if (Child && containsInputHandle(Child))
        return true;
    return false;
  }
  InputSpec::DimBounds &dimSlot(unsigned D) {
    if (Spec.Dims.size() <= D)
      Spec.Dims.resize(D + 1);
    return Spec.Dims[D];
  }
  std::optional<int64_t> &strideSlot(unsigned D) {
    if (Spec.Strides.size() <= D)
      Spec.Strides.resize(D + 1);
    return Spec.Strides[D];
  }
};

} // namespace

std::optional<InputSpec> aoti::readInputSpec(const FunctionDecl &CheckInput) {
  if (!CheckInput.hasBody())
    return std::nullopt;
  SpecReader Reader;
  Reader.TraverseStmt(CheckInput.getBody());
  if (!Reader.SawInput)
    return std::nullopt;
  return std::move(Reader.Spec);
}
