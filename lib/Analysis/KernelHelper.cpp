//===- KernelHelper.cpp - What a Triton kernel's call_ helper passes ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A capture (rules `capture`) runs inside the helper, right before its
// launchKernel call: it needs that call's arguments, the cubin loadKernel
// reads, and the kernel's argument array with each element's type.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelHelper.h"
#include "Analysis/SourceText.h"
#include "Support/AOTINames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace aoti;
using namespace clang;
using llvm::StringRef;

namespace {

class HelperReader {
public:
  HelperReader(const FunctionDecl &FD, ASTContext &Ctx)
      : FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Buffer(SM.getBufferData(SM.getMainFileID())) {}

  std::optional<KernelHelper> read(StringRef Kernel) {
    const Stmt *Body = FD.getBody();
    const CallExpr *Launch = findCallTo(Body, names::LaunchKernel);
    const CallExpr *Load = findCallTo(Body, names::LoadKernel);
    const VarDecl *Args = kernelArgs(Body);
    if (!Launch || !Load || !Args || Load->getNumArgs() < 2 ||
        !SM.isInMainFile(SM.getExpansionLoc(Launch->getBeginLoc())))
      return std::nullopt;
    KernelHelper H;
    H.Kernel = Kernel.str();
    placeLaunch(H, *Launch);
    for (const Expr *A : Launch->arguments())
      H.LaunchArgs.push_back(textOf(A));
    readLoad(H, *Load);
    if (!readSlots(H, *Args))
      return std::nullopt;
    readTensorParams(H);
    return H;
  }

private:
  static const VarDecl *kernelArgs(const Stmt *Root) {
    return findFirst(Root, [&](const Stmt *S) -> const VarDecl * {
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getName() == names::KernelArgsVar)
              return VD;
      return nullptr;
    });
  }

  std::string textOf(const Expr *E) const {
    return sourceText(E, SM, Ctx.getLangOpts());
  }

  void placeLaunch(KernelHelper &H, const CallExpr &Launch) const {
    unsigned Begin = fileOffset(SM, Launch.getBeginLoc());
    H.LaunchOffset = lineStart(Buffer, Begin);
    H.Indent = Buffer.slice(H.LaunchOffset, Begin).str();
    H.AfterLaunchOffset = lineEnd(Buffer, fileOffset(SM, Launch.getEndLoc()));
  }

  void readLoad(KernelHelper &H, const CallExpr &Load) const {
    // A path is a literal (made a std::string); an embedded image is the
    // address of a linked-in symbol.
    H.CubinIsPath = findFirst(
        Load.getArg(0), [](const Stmt *S) { return isa<StringLiteral>(S); });
    H.Cubin = textOf(Load.getArg(0));
    H.Function = textOf(Load.getArg(1));
    for (unsigned I = 2; I < Load.getNumArgs(); ++I)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Load.getArg(I)->IgnoreParenImpCasts()))
        if (DRE->getDecl()->getName() == names::HelperCubinDirParam)
          H.CubinDir = DRE->getDecl()->getName().str();
  }

  /// `void* kernel_args_[] = {&var_0, ...}`: each element's local, its
  /// declared type, and the tensor parameter it was read from.
  bool readSlots(KernelHelper &H, const VarDecl &Args) const {
    const auto *List = dyn_cast_or_null<InitListExpr>(Args.getInit());
    if (!List)
      return false;
    for (const Expr *Init : List->inits()) {
      const auto *Addr = dyn_cast<UnaryOperator>(Init->IgnoreParenImpCasts());
      const auto *DRE =
          Addr && Addr->getOpcode() == UO_AddrOf
              ? dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts())
              : nullptr;
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD)
        return false;
      KernelArgSlot Slot;
      Slot.Name = VD->getName().str();
      Slot.Type = typeText(*VD);
      Slot.TensorParam = tensorParamOf(VD->getInit());
      H.Slots.push_back(std::move(Slot));
    }
    return !H.Slots.empty();
  }

  std::string typeText(const VarDecl &VD) const {
    if (TypeSourceInfo *TSI = VD.getTypeSourceInfo()) {
      CharSourceRange Range = CharSourceRange::getTokenRange(
          SM.getFileLoc(TSI->getTypeLoc().getBeginLoc()),
          SM.getFileLoc(TSI->getTypeLoc().getEndLoc()));
      StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
      if (!Text.empty() && Text != "auto")
        return Text.str();
    }
    return VD.getType().getAsString(Ctx.getPrintingPolicy());
  }

  /// `reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr())`: `in_ptr0`.
  static std::string tensorParamOf(const Expr *Init) {
    const ParmVarDecl *P =
        findFirst(Init, [](const Stmt *S) -> const ParmVarDecl * {
          const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
          const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
          if (!MD || !MD->getDeclName().isIdentifier() ||
              MD->getName() != names::DataPtr)
            return nullptr;
          const auto *DRE = dyn_cast<DeclRefExpr>(
              MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
          return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
        });
    return P ? P->getName().str() : "";
  }

  void readTensorParams(KernelHelper &H) const {
    for (const ParmVarDecl *P : FD.parameters()) {
      StringRef Name = P->getName();
      if (llvm::none_of(H.Slots, [&](const KernelArgSlot &S) {
            return S.TensorParam == Name;
          }))
        continue;
      H.TensorParams.push_back({Name.str(), kernelParamRole(Name)});
    }
  }

  const FunctionDecl &FD;
  ASTContext &Ctx;
  const SourceManager &SM;
  StringRef Buffer;
};

} // namespace

std::optional<KernelHelper> aoti::readKernelHelper(const FunctionDecl &FD,
                                                   ASTContext &Ctx,
                                                   StringRef Kernel) {
  return HelperReader(FD, Ctx).read(Kernel);
}
