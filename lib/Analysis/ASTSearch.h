//===- ASTSearch.h - Searches of a statement's tree -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one visitor the analysis' searches share: the node itself, then its
// children() in order, depth first (the order the wrapper's text has them),
// instead of a recursion per question.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_ANALYSIS_ASTSEARCH_H
#define AOTI_ANALYSIS_ASTSEARCH_H

#include "clang/AST/Stmt.h"

namespace aoti {

/// The first non-empty value \p Match gives for a node of \p Root's tree
/// (a value, pointer or bool; empty: none), looking inside a node only when
/// \p Descend says so.
template <typename MatchFn, typename DescendFn>
auto findFirst(const clang::Stmt *Root, MatchFn Match, DescendFn Descend)
    -> decltype(Match(Root)) {
  if (!Root)
    return {};
  if (auto Found = Match(Root))
    return Found;
  if (!Descend(Root))
    return {};
  for (const clang::Stmt *Child : Root->children())
    if (auto Found = findFirst(Child, Match, Descend))
      return Found;
  return {};
}

/// The same, looking inside every node.
template <typename MatchFn>
auto findFirst(const clang::Stmt *Root, MatchFn Match)
    -> decltype(Match(Root)) {
  return findFirst(Root, Match, [](const clang::Stmt *) { return true; });
}

/// Calls \p Visit on each node of \p Root's tree in the same order; it
/// returns whether to look inside the node.
template <typename VisitFn>
void walkTree(const clang::Stmt *Root, VisitFn Visit) {
  if (!Root || !Visit(Root))
    return;
  for (const clang::Stmt *Child : Root->children())
    walkTree(Child, Visit);
}

} // namespace aoti

#endif // AOTI_ANALYSIS_ASTSEARCH_H
