//===- InputSpecs.cpp - What a model was compiled for ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/InputSpecs.h"
#include "Support/AOTINames.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

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
    const auto *Ref =
        dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
    auto N = literal(E->getIdx());
    if (!SawInput && Ref &&
        Ref->getDecl()->getName() == names::InputHandlesParam && N && *N >= 0) {
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
        if (Ref->getDecl()->getName() == names::InputHandlesParam)
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

/// Finds `in_spec_ = "...";` (std::string's operator=, a string literal).
class InSpecFinder : public RecursiveASTVisitor<InSpecFinder> {
public:
  std::optional<std::string> Spec;

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->getOperator() != OO_Equal || Call->getNumArgs() != 2)
      return true;
    const auto *Member =
        dyn_cast<MemberExpr>(Call->getArg(0)->IgnoreParenImpCasts());
    const auto *Text =
        dyn_cast<StringLiteral>(Call->getArg(1)->IgnoreParenImpCasts());
    if (Member && Text && Text->isOrdinary() &&
        Member->getMemberDecl()->getDeclName().isIdentifier() &&
        Member->getMemberDecl()->getName() == names::InSpecMember)
      Spec = Text->getString().str();
    return !Spec;
  }
};

/// The keys of a dict node's context (`"[\"ids\", \"mask\"]"`), as
/// text; none when the node is no dict.
std::optional<std::vector<std::string>>
dictKeys(const llvm::json::Object &Node) {
  std::optional<StringRef> Type = Node.getString("type");
  if (!Type || !Type->ends_with("dict") && !Type->ends_with("OrderedDict"))
    return std::nullopt;
  std::optional<StringRef> Context = Node.getString("context");
  if (!Context)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Keys = llvm::json::parse(*Context);
  if (!Keys) {
    llvm::consumeError(Keys.takeError());
    return std::nullopt;
  }
  const llvm::json::Array *List = Keys->getAsArray();
  if (!List)
    return std::nullopt;
  std::vector<std::string> Out;
  for (const llvm::json::Value &Key : *List) {
    if (std::optional<StringRef> S = Key.getAsString())
      Out.push_back(S->str());
    else if (std::optional<int64_t> I = Key.getAsInteger())
      Out.push_back(std::to_string(*I));
    else
      return std::nullopt;
  }
  return Out;
}

/// Appends the name of each leaf under \p Node: \p Path and the keys and
/// positions below it when \p Named (a keyword input), else "".
void leafNames(const llvm::json::Object &Node, const std::string &Path,
               bool Named, unsigned Depth, std::vector<std::string> &Out) {
  if (!Node.getString("type")) { // a leaf: one input
    Out.push_back(Named ? Path : "");
    return;
  }
  const llvm::json::Array *Children = Node.getArray("children_spec");
  if (!Children || Depth > 64)
    return; // the caller sees the count is off
  std::optional<std::vector<std::string>> Keys = dictKeys(Node);
  if (Keys && Keys->size() != Children->size())
    Keys.reset();
  for (size_t I = 0; I < Children->size(); ++I) {
    const llvm::json::Object *Child = (*Children)[I].getAsObject();
    std::string Step =
        Keys ? (Path.empty() ? (*Keys)[I] : "['" + (*Keys)[I] + "']")
             : "[" + std::to_string(I) + "]";
    if (Child)
      leafNames(*Child, Path + Step, Named, Depth + 1, Out);
    else
      Out.push_back("");
  }
}

} // namespace

std::optional<std::string> aoti::readInSpec(const CXXConstructorDecl &Ctor) {
  if (!Ctor.hasBody())
    return std::nullopt;
  InSpecFinder Finder;
  Finder.TraverseStmt(Ctor.getBody());
  return Finder.Spec;
}

std::vector<std::string> aoti::inputNamesFromSpec(StringRef InSpec) {
  llvm::Expected<llvm::json::Value> Spec = llvm::json::parse(InSpec);
  if (!Spec) {
    llvm::consumeError(Spec.takeError());
    return {};
  }
  // [protocol, (args, kwargs)]
  const llvm::json::Array *Top = Spec->getAsArray();
  const llvm::json::Object *Root =
      Top && Top->size() == 2 ? (*Top)[1].getAsObject() : nullptr;
  const llvm::json::Array *Call =
      Root ? Root->getArray("children_spec") : nullptr;
  if (!Call || Call->size() != 2 || !(*Call)[0].getAsObject() ||
      !(*Call)[1].getAsObject())
    return {};
  std::vector<std::string> Names;
  leafNames(*(*Call)[0].getAsObject(), "", /*Named=*/false, 0, Names);
  leafNames(*(*Call)[1].getAsObject(), "", /*Named=*/true, 0, Names);
  return Names;
}

std::optional<InputSpec> aoti::readInputSpec(const FunctionDecl &CheckInput) {
  if (!CheckInput.hasBody())
    return std::nullopt;
  SpecReader Reader;
  Reader.TraverseStmt(CheckInput.getBody());
  if (!Reader.SawInput)
    return std::nullopt;
  return std::move(Reader.Spec);
}

const InputSpec *aoti::findInputSpec(llvm::ArrayRef<InputSpec> Specs,
                                     unsigned Index) {
  for (const InputSpec &Spec : Specs)
    if (Spec.Index == Index)
      return &Spec;
  return nullptr;
}

bool aoti::isPlainInputName(StringRef Name) {
  return !Name.empty() && Name.size() <= MaxInputNameLength &&
         llvm::all_of(Name, [](char C) {
           return C >= 0x20 && C < 0x7f && C != '\'' && C != '\\';
         });
}

void aoti::nameInputs(llvm::ArrayRef<std::string> Names, size_t NumInputs,
                      std::vector<InputSpec> &Specs) {
  if (Names.size() != NumInputs)
    return;
  for (InputSpec &Spec : Specs)
    if (Spec.Index < Names.size() && isPlainInputName(Names[Spec.Index]))
      Spec.Exported = Names[Spec.Index];
}
