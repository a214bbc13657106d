//===- WrapperAnalysis.cpp - Find the kernel launches of a wrapper --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/WrapperAnalysis.h"
#include "Analysis/ASTSearch.h"
#include "Analysis/ConfinedFileSystem.h"
#include "Analysis/KernelHelper.h"
#include "Analysis/ParsePCH.h"
#include "Analysis/ShimSignature.h"
#include "Analysis/SourceText.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <set>

using namespace clang;
using namespace aoti;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// Types of run_impl's tensor handles
//===----------------------------------------------------------------------===//

/// `AtenTensorHandle` is `AtenTensorOpaque*`.
bool isRawHandleType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    if (const auto *RD = PT->getPointeeType()->getAsRecordDecl())
      return RD->getName() == names::RawHandleRecord;
  return false;
}

/// RAIIAtenTensorHandle, ConstantHandle and friends, or a raw handle.
bool isTensorHandleType(QualType T) {
  T = T.getNonReferenceType();
  if (isRawHandleType(T))
    return true;
  if (const auto *RD = T->getAsRecordDecl())
    return names::isTensorHandleRecord(RD->getName());
  return false;
}

/// `AtenTensorHandle name[] = {...}`: how AOTI passes tensor lists
/// (proxy-executor arguments, optional tensors).
const InitListExpr *handleArrayInit(const VarDecl *VD) {
  if (!VD || !VD->getType()->isConstantArrayType())
    return nullptr;
  const auto *AT = VD->getASTContext().getAsConstantArrayType(VD->getType());
  if (!AT || !isRawHandleType(AT->getElementType()))
    return nullptr;
  return dyn_cast_or_null<InitListExpr>(VD->getInit());
}

/// An element of a tensor list: a handle, or (a list of optional tensors,
/// `const AtenTensorHandle**`) the address of one.
bool isListElementType(QualType T) {
  if (isRawHandleType(T))
    return true;
  const auto *PT = T->getAs<PointerType>();
  return PT && isRawHandleType(PT->getPointeeType());
}

/// `std::array<AtenTensorHandle, N>{a, b}.data()` (or `.cbegin()`): how
/// torch 2.9 and later pass tensor lists to the proxy executor and to
/// extern ops (`std::array<const AtenTensorHandle*, N>{...}` for optional
/// tensors).
const InitListExpr *handleStdArrayData(const Expr *E) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  if (!Call || !Call->getMethodDecl() ||
      !Call->getMethodDecl()->getDeclName().isIdentifier() ||
      !names::isStdArrayStart(Call->getMethodDecl()->getName()))
    return nullptr;
  const Expr *Object = Call->getImplicitObjectArgument();
  if (!Object)
    return nullptr;
  Object = Object->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Object))
    Object = Cast->getSubExpr()->IgnoreImplicit();
  const auto *List = dyn_cast<InitListExpr>(Object);
  // std::array wraps a C array: its elements are one level down.
  if (List && List->getNumInits() == 1)
    if (const auto *Inner =
            dyn_cast<InitListExpr>(List->getInit(0)->IgnoreImplicit()))
      List = Inner;
  if (!List || List->getNumInits() == 0 ||
      !isListElementType(List->getInit(0)->getType()))
    return nullptr;
  return List;
}

/// The stream argument of a launch call: a helper's `stream_`, or
/// launchKernel's `stream` (older inline launches).
bool isStreamParam(StringRef Callee, StringRef Param) {
  return Param == names::HelperStreamParam ||
         (Callee == names::LaunchKernel &&
          Param == names::LaunchKernelStreamParam);
}

/// Whether \p E names the variable \p Name.
bool namesVar(const Expr *E, StringRef Name) {
  if (const auto *DRE =
          dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return DRE->getDecl()->getDeclName().isIdentifier() &&
           DRE->getDecl()->getName() == Name;
  return false;
}

/// N in `_aoti_aux_stream_cache.get(N, ...)` anywhere inside \p S.
std::optional<unsigned> auxStreamSlotIn(const Stmt *Root,
                                        const ASTContext &Ctx) {
  return findFirst(Root, [&](const Stmt *S) -> std::optional<unsigned> {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *MD = MC->getMethodDecl();
          MD && MD->getDeclName().isIdentifier() &&
          MD->getName() == names::AuxStreamGet && MC->getNumArgs() >= 1 &&
          namesVar(MC->getImplicitObjectArgument(), names::AuxStreamCache)) {
        Expr::EvalResult R;
        if (MC->getArg(0)->EvaluateAsInt(R, Ctx))
          return unsigned(R.Val.getInt().getZExtValue());
      }
    return std::nullopt;
  });
}

//===----------------------------------------------------------------------===//
// Source text helpers
//===----------------------------------------------------------------------===//

std::vector<std::string> splitList(StringRef List) {
  std::vector<std::string> Items;
  llvm::SmallVector<StringRef, 8> Parts;
  List.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts)
    if (!P.trim().empty())
      Items.push_back(P.trim().str());
  return Items;
}

//===----------------------------------------------------------------------===//
// The analysis of one run_impl-like method
//===----------------------------------------------------------------------===//

/// What run_impl's declarations say about one named handle.
struct HandleInfo {
  HandleOrigin Origin = HandleOrigin::Other;
  std::optional<unsigned> Index;
};

struct ResolvedTensor {
  const VarDecl *Var = nullptr;
  bool IsView = false;
  bool ViaOutParam = false;
  /// Passed as `RAIIAtenTensorHandle(Var)`: the temporary deletes the
  /// handle when the call's statement ends.
  bool Consumed = false;
};

class FunctionAnalyzer {
public:
  FunctionAnalyzer(ASTContext &Ctx, WrapperInventory &Inv, StringRef Function)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Inv(Inv), Function(Function),
        Buffer(SM.getBufferData(SM.getMainFileID())) {}

  void run(const CompoundStmt *Body) {
    PrevBoundary = offsetOf(Body->getLBracLoc()) + 1;
    AnalyzedFunction Info;
    Info.Name = Function.str();
    Info.ScopeOffset = Info.EntryOffset = lineEnd(Buffer, PrevBoundary);
    for (const Stmt *S : Body->body())
      if (const auto *Call = dyn_cast<CallExpr>(S))
        if (calleeName(Call) == names::CheckInputsOutputs)
          Info.EntryOffset = lineEnd(Buffer, endOffsetOf(S));
    Info.ExitOffset = lineStart(Buffer, offsetOf(Body->getRBracLoc()));
    for (const Stmt *S : Body->body())
      if (const auto *Assign = dyn_cast<BinaryOperator>(S);
          Assign && Assign->isAssignmentOp())
        if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(
                Assign->getLHS()->IgnoreParenImpCasts()))
          if (const auto *Base = dyn_cast<DeclRefExpr>(
                  Subscript->getBase()->IgnoreParenImpCasts());
              Base && Base->getDecl()->getName() == names::OutputHandlesParam) {
            Info.ExitOffset = lineStart(Buffer, offsetOf(S->getBeginLoc()));
            break;
          }
    size_t SitesBefore = Inv.Sites.size();
    size_t BuffersBefore = Inv.Buffers.size();
    collectHandles(Body);
    collectNewHandles(Body);
    analyzeCompound(Body);
    if (Function == names::RunImpl)
      attachFirstUses(SitesBefore, BuffersBefore);
    else
      Inv.Buffers.resize(BuffersBefore);
    Inv.Functions.push_back(std::move(Info));
  }

private:
  unsigned offsetOf(SourceLocation Loc) const { return fileOffset(SM, Loc); }

  unsigned endOffsetOf(const Stmt *S) const {
    SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
    return SM.getFileOffset(End);
  }

  std::string textOf(const Expr *E) const {
    return sourceText(E, SM, Ctx.getLangOpts());
  }

  //--- Pass 1: where each handle comes from ------------------------------===//

  /// `inputs[N]` inside an initializer: graph input N.
  static std::optional<unsigned> inputIndexIn(const Stmt *Root) {
    return findFirst(Root, [&](const Stmt *S) -> std::optional<unsigned> {
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
        if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
          if (const auto *Base =
                  dyn_cast<DeclRefExpr>(Op->getArg(0)->IgnoreImpCasts()))
            if (Base->getDecl()->getName() == names::InputsParam) {
              Expr::EvalResult R;
              const Expr *IndexExpr = Op->getArg(1);
              if (IndexExpr->EvaluateAsInt(R, Base->getDecl()->getASTContext()))
                return R.Val.getInt().getZExtValue();
            }
      return std::nullopt;
    });
  }

  /// Whether \p E names the data member \p Name, possibly through
  /// smart-pointer operators (`constants_->`).
  static bool refersToMember(const Stmt *Root, StringRef Name) {
    return findFirst(Root, [&](const Stmt *E) -> bool {
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        if (ME->getMemberDecl()->getDeclName().isIdentifier() &&
            ME->getMemberDecl()->getName() == Name)
          return true;
      return false;
    });
  }

  /// `constants_->at(N)` inside an initializer: constant N.
  static std::optional<unsigned> constantIndexIn(const Stmt *Root) {
    return findFirst(
        Root,
        [&](const Stmt *S) -> std::optional<unsigned> {
          if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
            if (const CXXMethodDecl *MD = MC->getMethodDecl())
              if (MD->getDeclName().isIdentifier() &&
                  MD->getName() == names::ConstantsAt && MC->getNumArgs() == 1)
                if (refersToMember(MC->getImplicitObjectArgument(),
                                   names::ConstantsMember)) {
                  Expr::EvalResult R;
                  if (MC->getArg(0)->EvaluateAsInt(R, MD->getASTContext()))
                    return R.Val.getInt().getZExtValue();
                }
          return std::nullopt;
        },
        [](const Stmt *S) { return !isa<CXXMemberCallExpr>(S); });
  }

  /// The raw-handle variable an RAII handle is built from
  /// (`RAIIAtenTensorHandle buf0(buf0_handle);`).
  static const VarDecl *handleSlotIn(const Expr *Init) {
    if (!Init)
      return nullptr;
    const Expr *E = Init->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      if (CE->getNumArgs() >= 1)
        E = CE->getArg(0)->IgnoreImplicit();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (isRawHandleType(VD->getType()))
          return VD;
    return nullptr;
  }

  /// `aoti_torch_new_tensor_handle(x, &tmp_x_0)`: tmp_x_0 is another
  /// handle of x's tensor (AOTI passes it as `RAIIAtenTensorHandle(tmp_x_0)`,
  /// deleted when the call's statement ends).
  void collectNewHandles(const Stmt *Root) {
    walkTree(Root, [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call || calleeName(Call) != names::NewTensorHandle ||
          Call->getNumArgs() != 2)
        return true;
      auto Source = resolveTensor(Call->getArg(0));
      auto Copy = resolveTensor(Call->getArg(1));
      if (Source && Copy && Copy->ViaOutParam && !Source->ViaOutParam)
        NewHandleOf[Copy->Var] = *Source;
      return false;
    });
  }

  void collectHandles(const Stmt *Root) {
    walkTree(Root, [&](const Stmt *S) {
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS)
        return true;
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          recordHandle(VD, DS);
      return false;
    });
  }

  void recordHandle(const VarDecl *VD, const DeclStmt *DS) {
    // `cudaStream_t stream1 = _aoti_aux_stream_cache.get(1, ...);`
    if (!isTensorHandleType(VD->getType())) {
      if (auto Slot = auxStreamSlotIn(VD->getInit(), Ctx)) {
        AuxStreamVars.try_emplace(*Slot, VD->getName().str());
        SlotOfVar[VD] = *Slot;
        NextOtherLane = std::max(NextOtherLane, *Slot + 1);
      }
      return;
    }
    HandleInfo Info;
    const Expr *Init = VD->getInit();
    // run_impl and _const_run_impl both bind the model's constants: list
    // each input and constant once, at its index.
    if (auto I = inputIndexIn(Init)) {
      Info = {HandleOrigin::GraphInput, I};
      if (llvm::none_of(Inv.Inputs,
                        [&](const GraphInput &In) { return In.Index == *I; }))
        Inv.Inputs.push_back({VD->getName().str(), *I});
    } else if (auto C = constantIndexIn(Init)) {
      Info = {HandleOrigin::Constant, C};
      if (Inv.Constants.size() <= *C)
        Inv.Constants.resize(*C + 1);
      Inv.Constants[*C] = VD->getName().str();
    } else if (const VarDecl *Slot = handleSlotIn(Init)) {
      Info.Origin = HandleOrigin::Buffer;
      OwnerOfSlot[Slot] = VD;
      OwnerLineEnd[VD] = lineEnd(Buffer, endOffsetOf(DS));
    } else if (!isRawHandleType(VD->getType())) {
      // `auto buf1 = std::move(buf0);  // reuse` and other RAII buffers.
      Info.Origin = HandleOrigin::Buffer;
      recordReuse(VD, DS);
    }
    Handles[VD] = Info;
  }

  /// `auto bufN = <bufM or a view of it>; [bufM.reset();]  // reuse`.
  void recordReuse(const VarDecl *VD, const DeclStmt *DS) {
    unsigned End = endOffsetOf(DS);
    StringRef Rest = Buffer.slice(End, lineEnd(Buffer, End));
    if (!Rest.contains(names::ReuseMarker))
      return;
    BufferEvent Ev;
    Ev.Kind = BufferEvent::Reuse;
    Ev.Name = VD->getName().str();
    if (const VarDecl *From = firstHandleIn(VD->getInit()))
      Ev.From = From->getName().str();
    Ev.Line = SM.getSpellingLineNumber(SM.getFileLoc(DS->getBeginLoc()));
    Ev.InsertOffset = lineEnd(Buffer, End);
    Inv.Buffers.push_back(std::move(Ev));
  }

  /// The first tensor handle variable that \p S names (`buf0` in
  /// `std::move(buf0)` or in `reinterpret_tensor_wrapper(buf0, ...)`).
  static const VarDecl *firstHandleIn(const Stmt *Root) {
    return findFirst(Root, [&](const Stmt *S) -> const VarDecl * {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (isTensorHandleType(VD->getType()))
            return VD;
      return nullptr;
    });
  }

  /// `aoti_torch_empty_strided(..., &bufN_handle)` whose slot an RAII
  /// handle owns: an allocation.
  bool recordAlloc(const CallExpr *Call) {
    if (calleeName(Call) != names::ShimEmptyStrided || !Call->getNumArgs())
      return false;
    const auto *Addr = dyn_cast<UnaryOperator>(
        Call->getArg(Call->getNumArgs() - 1)->IgnoreParenImpCasts());
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return false;
    const auto *DRE =
        dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts());
    const auto *Slot = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    auto It = Slot ? OwnerOfSlot.find(Slot) : OwnerOfSlot.end();
    if (It == OwnerOfSlot.end())
      return false;
    BufferEvent Ev;
    Ev.Name = It->second->getName().str();
    Ev.Line = SM.getSpellingLineNumber(SM.getFileLoc(Call->getBeginLoc()));
    Ev.InsertOffset = OwnerLineEnd.lookup(It->second);
    Inv.Buffers.push_back(std::move(Ev));
    return true;
  }

  /// Each buffer event's first user, among this function's sites (they and
  /// the events are in source order).
  void attachFirstUses(size_t FirstSite, size_t FirstEvent) {
    // Reuses were found with the handles, allocations with the launches.
    std::stable_sort(Inv.Buffers.begin() + FirstEvent, Inv.Buffers.end(),
                     [](const BufferEvent &A, const BufferEvent &B) {
                       return A.InsertOffset < B.InsertOffset;
                     });
    for (size_t E = FirstEvent; E < Inv.Buffers.size(); ++E) {
      BufferEvent &Ev = Inv.Buffers[E];
      for (size_t S = FirstSite; S < Inv.Sites.size() && !Ev.FirstUse; ++S) {
        if (Inv.Sites[S].BeforeOffset < Ev.InsertOffset)
          continue;
        for (const TensorArg &T : Inv.Sites[S].Tensors)
          if (T.Name == Ev.Name) {
            // A site passing the buffer twice: the most reading role.
            ArgRole R = T.Role;
            if (Ev.FirstUse && *Ev.FirstUse != ArgRole::Output)
              R = *Ev.FirstUse;
            Ev.FirstUse = R;
            Ev.FirstUser = S;
          }
      }
    }
  }

  //--- Pass 2: launches --------------------------------------------------===//

  /// Each direct child of a compound statement written in the file anchors
  /// the launches inside it; nested compound statements (bodies of if/for)
  /// anchor their own children. Compound statements from macro expansions
  /// (AOTI_TORCH_ERROR_CODE_CHECK's `if`) stay inside their anchor.
  void analyzeCompound(const CompoundStmt *CS) {
    for (const Stmt *Child : CS->body())
      findLaunches(Child, Child);
  }

  void findLaunches(const Stmt *Root, const Stmt *Anchor) {
    walkTree(Root, [&](const Stmt *S) {
      if (const auto *CS = dyn_cast<CompoundStmt>(S);
          CS && S != Anchor && CS->getLBracLoc().isFileID()) {
        analyzeCompound(CS);
        return false;
      }
      if (isa<LambdaExpr>(S) || trackStreamGuard(S))
        return false;
      // A launch's arguments hold no further launches.
      const auto *Call = dyn_cast<CallExpr>(S);
      return !Call || (!recordLaunch(Call, Anchor) && !recordAlloc(Call) &&
                       !noteUninitialized(Call));
    });
  }

  /// Kind and kernel name of a call, if it launches something.
  std::optional<std::pair<LaunchKind, std::string>>
  classify(const CallExpr *Call) const {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getDeclName().isIdentifier())
      return std::nullopt;
    StringRef Name = FD->getName();
    if (Name == names::ProxyExecutorCall)
      return std::make_pair(LaunchKind::Proxy, Name.str());
    // Older wrappers launch inline: launchKernel(kernels.triton_x, ...).
    if (Name == names::LaunchKernel && Call->getNumArgs() > 0)
      if (const auto *ME =
              dyn_cast<MemberExpr>(Call->getArg(0)->IgnoreImpCasts())) {
        std::string Kernel = ME->getMemberDecl()->getName().str();
        return std::make_pair(
            StringRef(Kernel).starts_with(names::TritonKernelPrefix)
                ? LaunchKind::Triton
                : LaunchKind::UserTriton,
            Kernel);
      }
    SourceLocation DeclLoc = SM.getExpansionLoc(FD->getLocation());
    if (SM.isInMainFile(DeclLoc)) {
      // call_<kernel>(...) helpers, whose body calls launchKernel: templates
      // (`static inline` up to 2.11, `static __attribute__((noinline))`
      // since 2.12), or plain functions where no argument is a tensor.
      if (Name.starts_with(names::HelperPrefix) &&
          callsLaunchKernel(FD->getBody())) {
        StringRef Kernel = Name.drop_front(names::HelperPrefix.size());
        return std::make_pair(Kernel.starts_with(names::TritonKernelPrefix)
                                  ? LaunchKind::Triton
                                  : LaunchKind::UserTriton,
                              Kernel.str());
      }
      // extern "C" C++ kernels: declared here and compiled from kernel.cpp,
      // or (package_cpp_only) defined further down in the wrapper itself.
      if (FD->isExternC())
        return std::make_pair(LaunchKind::Cpp, Name.str());
      return std::nullopt;
    }
    // Fallback ops of the C shim: the generated per-device headers hold
    // only ops; shim.h, shim_cpu.h (oneDNN, collectives) and
    // shim_deprecated.h mix ops with utilities.
    if (isShimOp(Name, SM.getFilename(DeclLoc)))
      return std::make_pair(LaunchKind::Extern, Name.str());
    return std::nullopt;
  }

  static bool callsLaunchKernel(const Stmt *Root) {
    return findFirst(Root, [&](const Stmt *S) -> bool {
      if (const auto *Call = dyn_cast<CallExpr>(S))
        if (calleeName(Call) == names::LaunchKernel)
          return true;
      return false;
    });
  }

  /// Follows an argument through the wrappers AOTI puts around handles to
  /// the variable it names.
  static std::optional<ResolvedTensor> resolveTensor(const Expr *E) {
    ResolvedTensor R;
    while (E) {
      E = E->IgnoreImplicit()->IgnoreParens();
      if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
        if (Construct->getNumArgs() != 1)
          return std::nullopt;
        E = Construct->getArg(0);
        // `RAIIAtenTensorHandle(tmp)` takes the raw handle over.
        R.Consumed =
            R.Consumed || (!isRawHandleType(Construct->getType()) &&
                           isRawHandleType(E->IgnoreImplicit()->getType()));
      } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
        const CXXMethodDecl *MD = MC->getMethodDecl();
        bool Unwraps = MD && (isa<CXXConversionDecl>(MD) ||
                              (MD->getDeclName().isIdentifier() &&
                               (MD->getName() == names::DataPtr ||
                                MD->getName() == names::HandleGet)));
        if (!Unwraps)
          return std::nullopt;
        E = MC->getImplicitObjectArgument();
      } else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
        E = Cast->getSubExpr();
      } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->getOpcode() != UO_AddrOf)
          return std::nullopt;
        R.ViaOutParam = true;
        E = UO->getSubExpr();
      } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
        StringRef Callee = calleeName(Call);
        if (Call->getNumArgs() == 0)
          return std::nullopt;
        if (Callee == names::ReinterpretTensorWrapper)
          R.IsView = true;
        else if (Callee != names::WrapWithRAIIHandle &&
                 Callee != names::TemporaryReference)
          return std::nullopt;
        E = Call->getArg(0);
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (!VD || !isTensorHandleType(VD->getType()))
          return std::nullopt;
        R.Var = VD;
        return R;
      } else {
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  static ArgRole roleOf(LaunchKind Kind, const ParmVarDecl *Param,
                        bool ViaOutParam) {
    if (ViaOutParam)
      return ArgRole::Output;
    if (!Param)
      return ArgRole::Unknown;
    StringRef P = Param->getName();
    switch (Kind) {
    case LaunchKind::Triton:
    case LaunchKind::Cpp:
      if (ArgRole R = kernelParamRole(P); R != ArgRole::Unknown)
        return R;
      if (Kind == LaunchKind::Cpp && Param->getType()->isPointerType() &&
          Param->getType()->getPointeeType().isConstQualified())
        return ArgRole::Input;
      return ArgRole::Unknown;
    case LaunchKind::Extern: // its signature says (recordShimArgument)
    case LaunchKind::UserTriton:
    case LaunchKind::Proxy:
      // Nothing in the declaration says which pointers a user kernel or a
      // custom op writes.
      return ArgRole::Unknown;
    }
    return ArgRole::Unknown;
  }

  TensorArg makeTensorArg(ResolvedTensor R, std::string Param, ArgRole Role,
                          std::string Expr) const {
    TensorArg T;
    // `RAIIAtenTensorHandle(tmp_x_0)` after `aoti_torch_new_tensor_handle(
    // x, &tmp_x_0)`: x's tensor, under a name that outlives the call.
    if (auto It = NewHandleOf.find(R.Var); It != NewHandleOf.end()) {
      R.IsView = R.IsView || It->second.IsView;
      R.Var = It->second.Var;
      R.Consumed = false;
    }
    T.FreedByCall = R.Consumed;
    const VarDecl *Named = R.Var;
    if (R.ViaOutParam)
      if (auto It = OwnerOfSlot.find(R.Var); It != OwnerOfSlot.end())
        Named = It->second;
    // An out-parameter no RAII handle takes (one deleted right after the
    // call, as all_reduce_'s) is named by its raw handle, the one name a
    // probe after the call can use.
    T.Name = Named->getName().str();
    // An out-parameter is a fresh buffer whether or not an RAII handle
    // takes ownership of it later.
    if (R.ViaOutParam) {
      T.Origin = HandleOrigin::Buffer;
    } else if (auto It = Handles.find(Named); It != Handles.end()) {
      T.Origin = It->second.Origin;
      T.OriginIndex = It->second.Index;
    }
    T.Param = std::move(Param);
    T.Role = Role;
    T.IsView = R.IsView;
    T.ViaOutParam = R.ViaOutParam;
    T.Expr = std::move(Expr);
    return T;
  }

  //--- Streams ----------------------------------------------------------===//

  /// Sets \p Site's stream to the one \p E names.
  void setStream(LaunchSite &Site, const Expr *E) {
    auto [Stream, Lane] = resolveStream(E);
    Site.Stream = std::move(Stream);
    Site.StreamLane = Lane;
  }

  /// The stream expression to use for \p E, and its lane: run_impl's
  /// `stream` is the main one ("", 0); aux slot N is lane N, spelled by the
  /// variable bound to it when there is one.
  std::pair<std::string, unsigned> resolveStream(const Expr *E) {
    if (!E)
      return {"", 0};
    const Expr *Bare = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare)) {
      if (isa<ParmVarDecl>(DRE->getDecl()) &&
          DRE->getDecl()->getName() == names::RunImplStreamParam)
        return {"", 0};
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto It = SlotOfVar.find(VD); It != SlotOfVar.end())
          return {VD->getName().str(), It->second};
    }
    if (auto Slot = auxStreamSlotIn(Bare, Ctx)) {
      auto It = AuxStreamVars.find(*Slot);
      return {It != AuxStreamVars.end() ? It->second : textOf(Bare), *Slot};
    }
    std::string Text = textOf(Bare);
    auto [It, New] = OtherLanes.try_emplace(Text, NextOtherLane);
    if (New)
      ++NextOtherLane;
    return {Text, It->second};
  }

  /// Follows what sets the current stream, in source order:
  /// `AOTICudaStreamGuard g(S, ...);`, `_aoti_current_stream_guard =
  /// std::make_unique<AOTICudaStreamGuard>(S, ...);` and
  /// `_aoti_current_stream_guard.reset();`. True when \p S is one of them.
  bool trackStreamGuard(const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const auto *RD = VD->getType()->getAsCXXRecordDecl();
              RD && RD->getName() == names::StreamGuardClass)
            if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
                    VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
                CE && CE->getNumArgs() >= 1)
              std::tie(GuardStream, GuardLane) = resolveStream(CE->getArg(0));
      return false; // a declaration may hold launches too
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
        Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        namesVar(Op->getArg(0), names::CurrentStreamGuard)) {
      if (const CallExpr *Make = findCallTo(Op->getArg(1), names::MakeUnique);
          Make && Make->getNumArgs() >= 1)
        std::tie(GuardStream, GuardLane) = resolveStream(Make->getArg(0));
      return true;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *MD = MC->getMethodDecl();
          MD && MD->getDeclName().isIdentifier() &&
          MD->getName() == names::GuardReset &&
          namesVar(MC->getImplicitObjectArgument(),
                   names::CurrentStreamGuard)) {
        GuardStream.clear();
        GuardLane = 0;
        return true;
      }
    return false;
  }

  /// Records \p Call as a launch site anchored at \p Anchor when it launches
  /// something: what it launches, on which stream, with which tensors and
  /// scalars, and where its probes go.
  bool recordLaunch(const CallExpr *Call, const Stmt *Anchor) {
    auto Classified = classify(Call);
    if (!Classified)
      return false;
    LaunchSite Site;
    Site.Kind = Classified->first;
    Site.Kernel = Classified->second;
    Site.Function = Function.str();
    Site.Ordinal = Inv.Sites.size();
    SourceLocation CallLoc = SM.getFileLoc(Call->getBeginLoc());
    Site.Line = SM.getSpellingLineNumber(CallLoc);
    Site.Column = SM.getSpellingColumnNumber(CallLoc);

    unsigned AfterOffset = lineEnd(Buffer, endOffsetOf(Anchor));
    // Ops through the C shim run on the current stream.
    if (Site.Kind == LaunchKind::Extern || Site.Kind == LaunchKind::Proxy) {
      Site.Stream = GuardStream;
      Site.StreamLane = GuardLane;
    }
    // Older inline launches pass the kernel object first; skip it.
    unsigned FirstArg = Site.Kind != LaunchKind::Proxy &&
                                calleeName(Call) == names::LaunchKernel
                            ? 1
                            : 0;
    std::optional<ShimSignature> Sig;
    if (Site.Kind == LaunchKind::Extern && Call->getDirectCallee())
      Sig = readShimSignature(*Call->getDirectCallee());
    for (unsigned I = FirstArg; I < Call->getNumArgs(); ++I) {
      if (Sig && I < Sig->Params.size())
        recordShimArgument(Site, Sig->Params[I], Call->getArg(I), AfterOffset);
      else
        recordArgument(Site, Call, I, AfterOffset);
    }
    markUndefinedTensors(Site);

    placeProbes(Site, Anchor, AfterOffset);
    attachSourceNodes(Site);
    attachSubgraph(Site, *Anchor);
    noteHelper(Site, *Call);
    if (Sig)
      readShimCall(Site, *Call, *Sig);
    PrevBoundary = AfterOffset;
    Inv.Sites.push_back(std::move(Site));
    return true;
  }

  /// An extern op's shim parameters, and where its name is in the call.
  void readShimCall(LaunchSite &Site, const CallExpr &Call,
                    const ShimSignature &Sig) const {
    const FunctionDecl *FD = Call.getDirectCallee();
    const auto *Callee =
        dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreImpCasts());
    if (!FD || !Callee)
      return;
    SourceLocation Loc = SM.getFileLoc(Callee->getLocation());
    if (!SM.isInMainFile(Loc))
      return;
    Site.CalleeOffset = SM.getFileOffset(Loc);
    Site.CalleeEndOffset = Site.CalleeOffset + FD->getName().size();
    if (Buffer.substr(Site.CalleeOffset, FD->getName().size()) != FD->getName())
      return; // spelled through a macro: left alone
    // A scalar is read (a capture records its value before the call).
    for (const ShimParam &P : Sig.Params)
      Site.ShimParams.push_back(
          {P.Name, P.Type, "",
           P.Role == ArgRole::Unknown ? ArgRole::Input : P.Role,
           P.Form == ShimForm::RetTensor || P.Form == ShimForm::RetScalar});
  }

  /// A Triton launch through its call_ helper: the helper, once per kernel.
  void noteHelper(const LaunchSite &Site, const CallExpr &Call) {
    const FunctionDecl *FD = Call.getDirectCallee();
    if ((Site.Kind != LaunchKind::Triton &&
         Site.Kind != LaunchKind::UserTriton) ||
        !FD || !FD->getName().starts_with(names::HelperPrefix) ||
        Inv.helperOf(Site.Kernel))
      return;
    if (auto Helper = readKernelHelper(*FD, Ctx, Site.Kernel))
      Inv.Helpers.push_back(std::move(*Helper));
  }

  /// Records argument \p I of \p Call in \p Site: the stream it names, and
  /// the tensors or the scalar it passes unless it is plumbing. A tensor
  /// returned through an out-parameter that an RAII handle then owns moves
  /// \p AfterOffset past the owner's declaration.
  void recordArgument(LaunchSite &Site, const CallExpr *Call, unsigned I,
                      unsigned &AfterOffset) {
    const Expr *Arg = Call->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg))
      return;
    const FunctionDecl *FD = Call->getDirectCallee();
    const ParmVarDecl *Param =
        FD && I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
    std::string ParamName = Param ? Param->getName().str() : "";
    if (isStreamParam(calleeName(Call), ParamName))
      setStream(Site, Arg);
    if (names::isPlumbingParam(ParamName))
      return;
    // A handle array stands for the tensors it lists.
    if (const InitListExpr *List = handleStdArrayData(Arg)) {
      addListedTensors(Site, Param, ParamName, List);
      return;
    }
    auto R = resolveTensor(Arg);
    if (!R) {
      Site.Scalars.push_back(scalarArg(ParamName, Arg));
      return;
    }
    if (const InitListExpr *List = handleArrayInit(R->Var)) {
      addListedTensors(Site, Param, ParamName, List);
      return;
    }
    TensorArg T = makeTensorArg(
        *R, ParamName, roleOf(Site.Kind, Param, R->ViaOutParam), textOf(Arg));
    if (T.ViaOutParam)
      if (auto It = OwnerOfSlot.find(R->Var); It != OwnerOfSlot.end())
        AfterOffset = std::max(AfterOffset, OwnerLineEnd.lookup(It->second));
    Site.Tensors.push_back(std::move(T));
  }

  /// Records argument \p Arg of an extern op, passed as its shim parameter
  /// \p P: the declaration's form of the parameter (ShimSignature.h) says
  /// how to read it.
  void recordShimArgument(LaunchSite &Site, const ShimParam &P, const Expr *Arg,
                          unsigned &AfterOffset) {
    if (isa<CXXDefaultArgExpr>(Arg))
      return;
    switch (P.Form) {
    case ShimForm::Tensor:
    case ShimForm::RetTensor:
    case ShimForm::OptionalTensor:
      recordShimTensor(Site, P, Arg, AfterOffset);
      return;
    case ShimForm::TensorList:
    case ShimForm::OptionalTensorList:
      recordShimList(Site, P, Arg);
      return;
    default: {
      ScalarArg Scalar = scalarArg(P.Name, Arg);
      Scalar.Returned = P.Form == ShimForm::RetScalar;
      Site.Scalars.push_back(std::move(Scalar));
      return;
    }
    }
  }

  /// A tensor argument of an extern op; nothing for a null one (a return
  /// not asked for, an optional tensor left out).
  void recordShimTensor(LaunchSite &Site, const ShimParam &P, const Expr *Arg,
                        unsigned &AfterOffset) {
    if (isNull(Arg))
      return;
    auto R = resolveTensor(Arg);
    if (!R) {
      Site.Scalars.push_back(scalarArg(P.Name, Arg));
      return;
    }
    if (P.Form == ShimForm::OptionalTensor) {
      // `&temporary_reference(buf.get())`, or `&var_N` after `var_N =
      // buf.get()`: the address of a handle the op reads.
      R->ViaOutParam = false;
      followAlias(*R);
    }
    TensorArg T = makeTensorArg(*R, P.Name, P.Role, textOf(Arg));
    T.Optional = P.Form == ShimForm::OptionalTensor;
    if (T.ViaOutParam)
      if (auto It = OwnerOfSlot.find(R->Var); It != OwnerOfSlot.end())
        AfterOffset = std::max(AfterOffset, OwnerLineEnd.lookup(It->second));
    Site.Tensors.push_back(std::move(T));
  }

  /// A tensor list of an extern op (`cat`'s tensors, `index_put`'s
  /// optional indices): each element it holds, as `P.Name[J]`.
  void recordShimList(LaunchSite &Site, const ShimParam &P, const Expr *Arg) {
    const InitListExpr *List = listElements(Arg);
    if (!List) {
      if (!isNull(Arg))
        Site.Scalars.push_back(scalarArg(P.Name, Arg));
      return;
    }
    for (unsigned J = 0; J < List->getNumInits(); ++J) {
      const Expr *Elem = List->getInit(J);
      auto R = isNull(Elem) ? std::nullopt : resolveTensor(Elem);
      if (!R)
        continue;
      R->ViaOutParam = false; // `&var_N`: an element of an optional list
      followAlias(*R);
      TensorArg T = makeTensorArg(*R, P.Name + "[" + std::to_string(J) + "]",
                                  P.Role, textOf(Elem));
      T.Optional = P.Form == ShimForm::OptionalTensorList;
      Site.Tensors.push_back(std::move(T));
    }
  }

  /// The elements of a list argument: `std::array<...>{a, b}.data()`, or a
  /// local array (`AtenTensorHandle var_array_0[] = {a, b};`).
  static const InitListExpr *listElements(const Expr *Arg) {
    if (const InitListExpr *List = handleStdArrayData(Arg))
      return List;
    const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getInit())
      return nullptr;
    if (const auto *List =
            dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit()))
      return List;
    return handleStdArrayData(VD->getInit());
  }

  bool isNull(const Expr *E) const {
    return E->IgnoreParenImpCasts()->isNullPointerConstant(
        Ctx, Expr::NPC_ValueDependentIsNotNull);
  }

  /// `AtenTensorHandle var_N = buf.get();`: a raw-handle local that only
  /// names another tensor stands for it.
  static void followAlias(ResolvedTensor &R) {
    if (!R.Var || !isRawHandleType(R.Var->getType()) || !R.Var->getInit())
      return;
    auto Inner = resolveTensor(R.Var->getInit());
    if (Inner && Inner->Var && Inner->Var != R.Var && !Inner->ViaOutParam) {
      R.Var = Inner->Var;
      R.IsView = R.IsView || Inner->IsView;
    }
  }

  /// Which of \p Site's tensors may hold no tensor: a custom op's outputs
  /// (the tensors it is given that `aoti_torch_new_uninitialized_tensor`
  /// made, undefined until the proxy executor fills them: Ret), such a
  /// tensor given to any other launch (AOTI's None for a Tensor parameter,
  /// as attention backward's attn_bias), and a tensor an earlier launch
  /// returned.
  void markUndefinedTensors(LaunchSite &Site) {
    for (TensorArg &T : Site.Tensors) {
      T.MaybeUndefined = T.MaybeUndefined || Returned.count(T.Name);
      auto It = llvm::find_if(Uninitialized, [&](const VarDecl *VD) {
        return VD->getName() == T.Name;
      });
      if (It == Uninitialized.end())
        continue;
      if (Site.Kind != LaunchKind::Proxy) {
        T.MaybeUndefined = true;
        continue;
      }
      T.Role = ArgRole::Ret;
      Uninitialized.erase(It);
    }
    for (const TensorArg &T : Site.Tensors)
      if (T.Role == ArgRole::Ret)
        Returned.insert(T.Name);
  }

  /// `aoti_torch_new_uninitialized_tensor(&bufN_handle)`: bufN is undefined
  /// until the launch that fills it.
  bool noteUninitialized(const CallExpr *Call) {
    if (calleeName(Call) != names::NewUninitializedTensor ||
        Call->getNumArgs() != 1)
      return false;
    if (auto R = resolveTensor(Call->getArg(0)); R && R->ViaOutParam) {
      auto It = OwnerOfSlot.find(R->Var);
      Uninitialized.push_back(It != OwnerOfSlot.end() ? It->second : R->Var);
    }
    return true;
  }

  /// Adds each tensor of the handle array \p List, passed as \p Param, to
  /// \p Site as `ParamName[J]`.
  void addListedTensors(LaunchSite &Site, const ParmVarDecl *Param,
                        const std::string &ParamName,
                        const InitListExpr *List) const {
    for (unsigned J = 0; J < List->getNumInits(); ++J)
      if (auto Elem = resolveTensor(List->getInit(J)))
        Site.Tensors.push_back(makeTensorArg(
            *Elem, ParamName + "[" + std::to_string(J) + "]",
            roleOf(Site.Kind, Param, false), textOf(List->getInit(J))));
  }

  /// A scalar argument \p Arg passed as \p ParamName, with the initializer
  /// of the local variable it names, if any.
  ScalarArg scalarArg(const std::string &ParamName, const Expr *Arg) const {
    ScalarArg Scalar{ParamName, textOf(Arg), ""};
    // `&var_0` (an optional scalar, `int32_t var_0 = 0;`): its value.
    const Expr *Named = Arg->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Named);
        UO && UO->getOpcode() == UO_AddrOf)
      Named = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Named))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit())
          Scalar.Definition = textOf(VD->getInit());
    return Scalar;
  }

  /// Where \p Site's probes go: before the line of \p Anchor, indented as
  /// it is, and after \p AfterOffset.
  void placeProbes(LaunchSite &Site, const Stmt *Anchor,
                   unsigned AfterOffset) const {
    unsigned AnchorBegin = offsetOf(Anchor->getBeginLoc());
    Site.BeforeOffset = lineStart(Buffer, AnchorBegin);
    Site.AfterOffset = AfterOffset;
    Site.Indent = Buffer.slice(Site.BeforeOffset, AnchorBegin)
                      .take_while([](char C) { return C == ' ' || C == '\t'; })
                      .str();
  }

  /// The last `// ... Source Nodes: ...` and `// [Provenance debug
  /// handles] ...` comments between the previous launch and this one.
  void attachSourceNodes(LaunchSite &Site) const {
    if (PrevBoundary >= Site.BeforeOffset)
      return;
    StringRef Gap = Buffer.slice(PrevBoundary, Site.BeforeOffset);
    if (std::optional<StringRef> Line =
            commentLineWith(Gap, names::SourceNodesMarker))
      parseSourceNodesComment(*Line, Site.SourceNodes, Site.AtenOps);
    if (std::optional<StringRef> Line =
            commentLineWith(Gap, names::ProvenanceMarker))
      Site.Provenance = parseProvenanceComment(*Line);
  }

  /// For a launch inside a `while (1) {...}` (torch.while_loop) or an
  /// `if` (torch.cond) of the function: the last `// subgraph: NAME`
  /// comment between that statement's start and the launch.
  void attachSubgraph(LaunchSite &Site, const Stmt &Anchor) const {
    const Stmt *Outer = nullptr;
    DynTypedNodeList Parents = Ctx.getParents(Anchor);
    for (unsigned Depth = 0; !Parents.empty() && Depth < 64; ++Depth) {
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        break;
      if (isa<WhileStmt, IfStmt, ForStmt, DoStmt>(P))
        Outer = P; // keep the outermost: the subgraph's own control flow
      Parents = Ctx.getParents(*P);
    }
    if (!Outer)
      return;
    unsigned Begin = offsetOf(Outer->getBeginLoc());
    if (Begin >= Site.BeforeOffset)
      return;
    StringRef Span = Buffer.slice(Begin, Site.BeforeOffset);
    std::optional<StringRef> Line =
        commentLineWith(Span, names::SubgraphMarker);
    if (!Line)
      return;
    StringRef Name = Line->substr(Line->find(names::SubgraphMarker) +
                                  names::SubgraphMarker.size())
                         .trim();
    if (!Name.empty() &&
        llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
      Site.Subgraph = Name.str();
  }

  /// The last line of \p Gap that holds \p Marker.
  static std::optional<StringRef> commentLineWith(StringRef Gap,
                                                  StringRef Marker) {
    size_t Pos = Gap.rfind(Marker);
    if (Pos == StringRef::npos)
      return std::nullopt;
    size_t Begin = Gap.rfind('\n', Pos);
    Begin = Begin == StringRef::npos ? 0 : Begin + 1;
    return Gap.slice(Begin, Gap.find('\n', Pos));
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  WrapperInventory &Inv;
  StringRef Function;
  StringRef Buffer;
  unsigned PrevBoundary = 0;
  llvm::DenseMap<const VarDecl *, HandleInfo> Handles;
  llvm::DenseMap<const VarDecl *, const VarDecl *> OwnerOfSlot;
  llvm::DenseMap<const VarDecl *, unsigned> OwnerLineEnd;
  /// Raw handles made by aoti_torch_new_tensor_handle, and of what.
  llvm::DenseMap<const VarDecl *, ResolvedTensor> NewHandleOf;
  /// Handles made undefined (for a custom op to fill, or as None), not yet
  /// filled by one.
  std::vector<const VarDecl *> Uninitialized;
  /// Names of the tensors this function's launches returned so far.
  std::set<std::string> Returned;
  /// Multi-stream AOTI: aux slot -> the variable bound to it, and back.
  std::map<unsigned, std::string> AuxStreamVars;
  llvm::DenseMap<const VarDecl *, unsigned> SlotOfVar;
  /// Lanes of stream expressions that are no aux slot.
  std::map<std::string, unsigned> OtherLanes;
  unsigned NextOtherLane = 1;
  /// The current stream set by the stream guards seen so far.
  std::string GuardStream;
  unsigned GuardLane = 0;
};

//===----------------------------------------------------------------------===//
// Finding run_impl
//===----------------------------------------------------------------------===//

void collectModelMethods(const DeclContext *DC, const SourceManager &SM,
                         std::vector<CXXMethodDecl *> &Methods,
                         WrapperInventory &Inv) {
  // What the main file declares; noload_ leaves a precompiled header's
  // declarations where they are.
  for (Decl *D : DC->noload_decls()) {
    if (!SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      continue;
    if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
      collectModelMethods(NS, SM, Methods, Inv);
    } else if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      collectModelMethods(LS, SM, Methods, Inv);
    } else if (const auto *FD = dyn_cast<FunctionDecl>(D);
               FD && !isa<CXXMethodDecl>(FD) &&
               FD->doesThisDeclarationHaveABody() &&
               FD->getDeclName().isIdentifier() &&
               FD->getName().starts_with(names::InputCheckPrefix)) {
      Inv.InputChecks.push_back(FD->getName().str());
      if (std::optional<InputSpec> Spec = readInputSpec(*FD))
        Inv.InputSpecs.push_back(std::move(*Spec));
    } else if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D)) {
      if (Ctor->getParent()->getName() == names::ModelClass)
        if (std::optional<std::string> Spec = readInSpec(*Ctor))
          Inv.InputNames = inputNamesFromSpec(*Spec);
    } else if (auto *MD = dyn_cast<CXXMethodDecl>(D)) {
      if (!MD->doesThisDeclarationHaveABody() ||
          !MD->getDeclName().isIdentifier() ||
          MD->getParent()->getName() != names::ModelClass)
        continue;
      if (MD->getName() == names::RunImpl ||
          MD->getName() == names::ConstRunImpl)
        Methods.push_back(MD);
    }
  }
}

//===----------------------------------------------------------------------===//
// Running clang
//===----------------------------------------------------------------------===//

/// Keeps clang's errors (warnings in generated code are noise here) so the
/// driver can report them in one line each.
class ErrorCollector : public DiagnosticConsumer {
public:
  struct Entry {
    std::string Location;
    std::string Message;
    bool FileNotFound = false;
  };
  std::vector<Entry> Errors;

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    Entry E;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    E.Message = std::string(Msg);
    E.FileNotFound = Info.getID() == diag::err_pp_file_not_found;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        E.Location =
            (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) +
             ":" + llvm::Twine(P.getColumn()))
                .str();
    }
    Errors.push_back(std::move(E));
  }
};

class AnalysisConsumer : public ASTConsumer {
public:
  explicit AnalysisConsumer(
      std::optional<llvm::Expected<WrapperInventory>> &Out)
      : Out(Out) {}
  void Initialize(ASTContext &Ctx) override { SM = &Ctx.getSourceManager(); }
  /// Asked for each function body the parse reaches (AnalysisAction turns
  /// skipping on): the analysis reads only the wrapper's own functions
  /// (run_impl, the model's constructor, input checks, call_ helpers), so
  /// bodies in headers (cpp_prefix.h, which CPU wrappers include after the
  /// precompiled ones) and of the C++ kernels (extern "C") are skipped.
  /// Clang parses a body it cannot skip anyway (constexpr, deduced type).
  bool shouldSkipFunctionBody(Decl *D) override {
    if (!SM->isInMainFile(SM->getExpansionLoc(D->getLocation())))
      return true;
    const FunctionDecl *FD = D->getAsFunction();
    return FD && FD->isExternC();
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // The driver reports clang's errors instead.
    Out.emplace(analyzeParsedWrapper(Ctx));
  }

private:
  std::optional<llvm::Expected<WrapperInventory>> &Out;
  const SourceManager *SM = nullptr;
};

class AnalysisAction : public ASTFrontendAction {
public:
  explicit AnalysisAction(std::optional<llvm::Expected<WrapperInventory>> &Out)
      : Out(Out) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<AnalysisConsumer>(Out);
  }

private:
  std::optional<llvm::Expected<WrapperInventory>> &Out;
};

} // namespace

bool aoti::parseSourceNodesComment(StringRef Line,
                                   std::vector<std::string> &SourceNodes,
                                   std::vector<std::string> &AtenOps) {
  Line = Line.trim();
  if (!Line.consume_front("//"))
    return false;
  size_t NodesPos = Line.find(names::SourceNodesMarker);
  if (NodesPos == StringRef::npos)
    return false;
  StringRef Rest = Line.drop_front(NodesPos + names::SourceNodesMarker.size());
  size_t Close = Rest.find("]");
  if (Close == StringRef::npos)
    return false;
  SourceNodes = splitList(Rest.take_front(Close));
  Rest = Rest.drop_front(Close + 1);
  size_t AtenPos = Rest.find(names::OriginalAtenMarker);
  if (AtenPos != StringRef::npos) {
    StringRef Ops = Rest.drop_front(AtenPos + names::OriginalAtenMarker.size());
    AtenOps = splitList(Ops.take_until([](char C) { return C == ']'; }));
  }
  return true;
}

std::string aoti::parseProvenanceComment(StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_front("//"))
    return "";
  size_t Pos = Line.find(names::ProvenanceMarker);
  if (Pos == StringRef::npos)
    return "";
  // One handle (`kernel:N`); a name with anything else in it is not one.
  StringRef Handle =
      Line.drop_front(Pos + names::ProvenanceMarker.size())
          .take_until([](char C) { return C == ' ' || C == ','; });
  bool Plain = !Handle.empty() && llvm::all_of(Handle, [](char C) {
    return llvm::isAlnum(C) || C == '_' || C == ':' || C == '.';
  });
  return Plain ? Handle.str() : "";
}

llvm::Expected<WrapperInventory> aoti::analyzeParsedWrapper(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  WrapperInventory Inv;
  if (auto Entry = SM.getFileEntryRefForID(SM.getMainFileID()))
    Inv.File = Entry->getName().str();
  Inv.Device = names::wrapperDevice(SM.getBufferData(SM.getMainFileID()));

  std::vector<CXXMethodDecl *> Methods;
  collectModelMethods(Ctx.getTranslationUnitDecl(), SM, Methods, Inv);
  // Parent lookups (attachSubgraph) build clang's parent map over the
  // traversal scope, the whole translation unit by default: with the
  // precompiled header that deserializes every declaration of torch's
  // headers, more than half of the analysis. Every launch lies in these.
  Ctx.setTraversalScope(std::vector<Decl *>(Methods.begin(), Methods.end()));
  const CXXMethodDecl *RunImpl = nullptr;
  for (const CXXMethodDecl *MD : Methods)
    if (MD->getName() == names::RunImpl)
      RunImpl = MD;
  if (!RunImpl)
    return makeToolError(
        ExitCode::NotAWrapper, Inv.File,
        "no definition of AOTInductorModel::run_impl: this is not an "
        "AOTInductor wrapper.cpp",
        "aoti-instrument works on the wrapper.cpp that "
        "torch._inductor.aoti_compile_and_package generates");
  Inv.RunImplLine = SM.getSpellingLineNumber(RunImpl->getLocation());
  // Code that needs the AOTI headers goes right after the wrapper's
  // `#include <torch/csrc/inductor/aoti_include/...>`; failing that, before
  // its first declaration.
  StringRef MainText = SM.getBufferData(SM.getMainFileID());
  if (StringRef Include = names::aotiIncludeLine(MainText); !Include.empty())
    Inv.PreludeOffset = lineEnd(MainText, Include.data() - MainText.data());
  for (const Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    if (Inv.PreludeOffset)
      break;
    SourceLocation Loc = SM.getExpansionLoc(D->getBeginLoc());
    if (!SM.isInMainFile(Loc))
      continue;
    Inv.PreludeOffset = lineStart(MainText, SM.getFileOffset(Loc));
  }

  // Source order, which is also execution order: constant folding
  // (_const_run_impl) runs before the first run_impl.
  for (const CXXMethodDecl *MD : Methods)
    if (const auto *Body = dyn_cast_or_null<CompoundStmt>(MD->getBody()))
      FunctionAnalyzer(Ctx, Inv, MD->getName()).run(Body);
  llvm::sort(Inv.Inputs, [](const GraphInput &A, const GraphInput &B) {
    return A.Index < B.Index;
  });
  nameInputs(Inv.InputNames, Inv.Inputs.size(), Inv.InputSpecs);
  return Inv;
}

llvm::Expected<WrapperInventory> aoti::analyzeWrapper(
    StringRef WrapperPath, const std::vector<std::string> &CompilerArgs,
    const ParseCache &Cache, llvm::ArrayRef<std::string> ReadableRoots) {
  std::string Pch;
  if (!Cache.Dir.empty()) {
    if (auto Buffer = llvm::MemoryBuffer::getFile(WrapperPath))
      Pch = getParsePCH(Cache, names::aotiIncludeLine((*Buffer)->getBuffer()),
                        CompilerArgs);
  }
  // Warnings in generated code are noise here; -fno-caret-diagnostics also
  // silences clang's "N warnings generated." summary.
  std::optional<llvm::Expected<WrapperInventory>> Result;
  ErrorCollector Errors;
  auto Parse = [&](bool WithPch) {
    std::vector<std::string> Argv = {"clang++", "-fsyntax-only", "-w",
                                     "-fno-caret-diagnostics"};
    llvm::append_range(Argv, CompilerArgs);
    if (WithPch)
      Argv.insert(Argv.end(), {"-include-pch", Pch});
    Argv.push_back("-xc++");
    Argv.push_back(WrapperPath.str());
    Result.reset();
    Errors.clear(); // the counts ToolInvocation::run goes by
    Errors.Errors.clear();
    auto Files = llvm::makeIntrusiveRefCnt<FileManager>(
        FileSystemOptions(),
        ReadableRoots.empty() ? nullptr : confinedFileSystem(ReadableRoots));
    tooling::ToolInvocation Invocation(
        Argv, std::make_unique<AnalysisAction>(Result), Files.get());
    Invocation.setDiagnosticConsumer(&Errors);
    return Invocation.run() && Errors.Errors.empty();
  };
  bool Ok = Parse(!Pch.empty());
  if (!Ok && !Pch.empty()) {
    // A PCH whose headers changed, or any doubt: the plain parse decides,
    // and a PCH it contradicts goes.
    if (Result && !*Result)
      llvm::consumeError(Result->takeError());
    Ok = Parse(false);
    if (Ok)
      llvm::sys::fs::remove(Pch);
  }

  if (!Errors.Errors.empty()) {
    const ErrorCollector::Entry &First = Errors.Errors.front();
    std::string Message = First.Message;
    if (Errors.Errors.size() > 1)
      Message +=
          " (and " + std::to_string(Errors.Errors.size() - 1) + " more errors)";
    std::string Hint;
    if (First.FileNotFound && StringRef(First.Message).contains("'omp.h'"))
      Hint = "the wrapper is built with -fopenmp: clang's omp.h comes with "
             "LLVM's OpenMP runtime (Debian: apt-get install libomp-19-dev)";
    else if (First.FileNotFound)
      Hint = "the wrapper's headers come from torch (and CUDA): pass "
             "--torch-version=X.Y (the release that generated it, fetched "
             "once) or --torch-include=<site-packages>/torch/include, put a "
             "python3 that has torch on PATH, or give flags after '--' "
             "(e.g. -- -I/path/to/torch/include)";
    return makeToolError(ExitCode::CompileError,
                         First.Location.empty() ? WrapperPath.str()
                                                : First.Location,
                         Message, Hint);
  }
  if (!Ok || !Result)
    return makeToolError(ExitCode::CompileError, WrapperPath.str(),
                         "clang could not parse the file");
  return std::move(*Result);
}
