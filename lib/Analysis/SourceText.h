//===- SourceText.h - The wrapper's text around AST nodes -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the analyses share about the text: an expression as written, the
// file offset of a location, where a line starts and ends, the call of a
// named function in a tree.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_SOURCETEXT_H
#define AOTI_ANALYSIS_SOURCETEXT_H

#include "Analysis/ASTSearch.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace aoti {

/// The name of \p Call's direct callee, or "".
inline llvm::StringRef calleeName(const clang::CallExpr *Call) {
  if (const clang::FunctionDecl *FD = Call->getDirectCallee())
    if (FD->getDeclName().isIdentifier())
      return FD->getName();
  return "";
}

/// The first call in \p Root's tree whose direct callee is \p Callee.
inline const clang::CallExpr *findCallTo(const clang::Stmt *Root,
                                         llvm::StringRef Callee) {
  return findFirst(Root, [&](const clang::Stmt *S) -> const clang::CallExpr * {
    const auto *Call = llvm::dyn_cast<clang::CallExpr>(S);
    return Call && calleeName(Call) == Callee ? Call : nullptr;
  });
}

/// \p E as written in the file (a macro argument's spelling).
inline std::string sourceText(const clang::Expr *E,
                              const clang::SourceManager &SM,
                              const clang::LangOptions &LO) {
  clang::CharSourceRange Range = clang::CharSourceRange::getTokenRange(
      SM.getFileLoc(E->getBeginLoc()), SM.getFileLoc(E->getEndLoc()));
  return clang::Lexer::getSourceText(Range, SM, LO).str();
}

/// The file offset of \p Loc (a macro's: where it is expanded).
inline unsigned fileOffset(const clang::SourceManager &SM,
                           clang::SourceLocation Loc) {
  return SM.getFileOffset(SM.getExpansionLoc(Loc));
}

/// The start of the line holding \p Offset.
inline unsigned lineStart(llvm::StringRef Buffer, unsigned Offset) {
  // rfind looks at the characters before Offset only.
  size_t NL = Buffer.rfind('\n', Offset);
  return NL == llvm::StringRef::npos ? 0 : NL + 1;
}

/// The start of the line after the one holding \p Offset (or the end).
inline unsigned lineEnd(llvm::StringRef Buffer, unsigned Offset) {
  size_t NL = Buffer.find('\n', Offset);
  return NL == llvm::StringRef::npos ? Buffer.size() : NL + 1;
}

} // namespace aoti

#endif // AOTI_ANALYSIS_SOURCETEXT_H
