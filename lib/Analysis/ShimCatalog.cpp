//===- ShimCatalog.cpp - Every op of a torch release's C shim -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/ShimCatalog.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace aoti;
using namespace clang::ast_matchers;
using llvm::StringRef;

namespace {

constexpr const char *Headers[] = {
    "torch/csrc/inductor/aoti_torch/c/shim.h",
    "torch/csrc/inductor/aoti_torch/c/shim_cpu.h",
    "torch/csrc/inductor/aoti_torch/c/shim_deprecated.h",
    "torch/csrc/inductor/aoti_torch/generated/c_shim_aten.h",
    "torch/csrc/inductor/aoti_torch/generated/c_shim_cpu.h",
    "torch/csrc/inductor/aoti_torch/generated/c_shim_cuda.h",
};

/// A translation unit that includes every shim header the release has.
std::string catalogSource(StringRef TorchIncludeDir) {
  std::string Source;
  for (const char *Header : Headers) {
    llvm::SmallString<256> Path(TorchIncludeDir);
    llvm::sys::path::append(Path, Header);
    if (llvm::sys::fs::exists(Path))
      Source += "#include <" + std::string(Header) + ">\n";
  }
  return Source;
}

/// Collects the shim's ops, each declaration once.
class OpCollector : public MatchFinder::MatchCallback {
public:
  std::vector<ShimOp> Ops;

  void run(const MatchFinder::MatchResult &Result) override {
    const auto *FD = Result.Nodes.getNodeAs<clang::FunctionDecl>("op");
    const clang::SourceManager &SM = *Result.SourceManager;
    if (!FD || !FD->getDeclName().isIdentifier() ||
        FD->getName() == names::ProxyExecutorCall)
      return;
    StringRef File = SM.getFilename(SM.getExpansionLoc(FD->getLocation()));
    if (!isShimOp(FD->getName(), File) ||
        !Seen.insert(FD->getCanonicalDecl()).second)
      return;
    ShimOp Op;
    Op.Signature = readShimSignature(*FD);
    Op.Header = llvm::sys::path::filename(File).str();
    Op.Device = shimDevice(FD->getName()).str();
    Ops.push_back(std::move(Op));
  }

private:
  llvm::DenseSet<const clang::Decl *> Seen;
};

} // namespace

llvm::ArrayRef<const char *> aoti::shimCatalogHeaders() { return Headers; }

llvm::Expected<std::vector<ShimOp>>
aoti::readShimCatalog(StringRef TorchIncludeDir,
                      const std::vector<std::string> &CompilerArgs) {
  std::string Source = catalogSource(TorchIncludeDir);
  if (Source.empty())
    return makeToolError(ExitCode::CompileError, TorchIncludeDir.str(),
                         "no C-shim header of torch here "
                         "(torch/csrc/inductor/aoti_torch/c/shim.h)",
                         "pass --torch-include=<site-packages>/torch/include "
                         "or --torch-version=X.Y");
  std::vector<std::string> Args = {"-fsyntax-only", "-w"};
  llvm::append_range(Args, CompilerArgs);
  clang::IgnoringDiagConsumer Quiet;
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          Source, Args, "aoti_shim_catalog.cpp", "clang-tool",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(),
          clang::tooling::FileContentMappings(), &Quiet);
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return makeToolError(ExitCode::CompileError, TorchIncludeDir.str(),
                         "clang could not parse the C-shim headers here",
                         "check that this is a torch/include directory "
                         "(--print-flags on a wrapper shows the flags)");
  OpCollector Collector;
  MatchFinder Finder;
  Finder.addMatcher(functionDecl(matchesName("^::aoti_torch_")).bind("op"),
                    &Collector);
  Finder.matchAST(AST->getASTContext());
  return std::move(Collector.Ops);
}
