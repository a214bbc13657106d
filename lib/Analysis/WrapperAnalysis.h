//===- WrapperAnalysis.h - The kernel launches of a wrapper -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses an AOTInductor wrapper.cpp with Clang and classifies every kernel
// launch in AOTInductorModel::run_impl (and _const_run_impl), resolving its
// tensor arguments to the named handles of run_impl.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_WRAPPERANALYSIS_H
#define AOTI_ANALYSIS_WRAPPERANALYSIS_H

#include "Analysis/LaunchSite.h"
#include "Analysis/ParsePCH.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace aoti {

/// Parses \p WrapperPath with the clang driver arguments \p CompilerArgs
/// (no program name, no input file) and returns its inventory. Fails with a
/// ToolError: CompileError when clang reports errors (a missing header is
/// named, with a hint on how to pass include dirs), NotAWrapper when the
/// file has no AOTInductorModel::run_impl. With a \p Cache directory, the
/// parse loads a cached precompiled header of the wrapper's AOTI include
/// (Analysis/ParsePCH.h), built there the first time. With
/// \p ReadableRoots, clang sees no file outside them (ConfinedFileSystem.h:
/// a package's wrapper).
llvm::Expected<WrapperInventory>
analyzeWrapper(llvm::StringRef WrapperPath,
               const std::vector<std::string> &CompilerArgs,
               const ParseCache &Cache = {},
               llvm::ArrayRef<std::string> ReadableRoots = {});

/// The analysis proper, on an already parsed translation unit whose main
/// file is the wrapper. Exposed for unit tests.
llvm::Expected<WrapperInventory> analyzeParsedWrapper(clang::ASTContext &Ctx);

/// Splits `// Topologically Sorted Source Nodes: [a, b], Original ATen:
/// [aten.x]` into its two lists; false when \p Line is no such comment.
bool parseSourceNodesComment(llvm::StringRef Line,
                             std::vector<std::string> &SourceNodes,
                             std::vector<std::string> &AtenOps);

/// The handle of `// [Provenance debug handles] cpp_fused_relu_0:2` (the
/// key of the launch in the package's kernel_information.json), or "" when
/// \p Line is not such a comment.
std::string parseProvenanceComment(llvm::StringRef Line);

} // namespace aoti

#endif // AOTI_ANALYSIS_WRAPPERANALYSIS_H
