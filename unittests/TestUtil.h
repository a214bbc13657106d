//===- TestUtil.h - Shared helpers of the unit tests ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Fixture paths, temporary files, and parsing a wrapper (a real one from
// test/Inputs, or a snippet built from one) with the real torch headers.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_UNITTESTS_TESTUTIL_H
#define AOTI_UNITTESTS_TESTUTIL_H

#include "Analysis/LaunchSite.h"
#include "Rules/Rules.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace aoti::test {

/// test/Inputs/<Rel>.
std::string inputPath(llvm::StringRef Rel);
/// The whole file; fails the test (and returns "") when it cannot be read.
std::string readFile(llvm::StringRef Path);
void writeFile(llvm::StringRef Path, llvm::StringRef Bytes);

/// torch/include of the pinned torch, "" when CMake found none.
llvm::StringRef torchIncludeDir();

/// A fresh directory, removed with everything in it on destruction.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const std::string &path() const { return Path; }
  /// Path/<Name>.
  std::string file(llvm::StringRef Name) const;

private:
  std::string Path;
};

/// Clang arguments AOTI compiles wrappers with, with this machine's torch
/// (and CUDA) headers.
std::vector<std::string> wrapperArgs(bool Cuda);

/// A wrapper parsed in memory under \p FileName and analyzed.
struct ParsedWrapper {
  std::unique_ptr<clang::ASTUnit> AST;
  bool ParseErrors = true;
  std::string Text;
  WrapperInventory Inv;
  std::string AnalysisError; ///< Set when analyzeParsedWrapper failed.
};
ParsedWrapper parseWrapper(llvm::StringRef Code, llvm::StringRef FileName,
                           bool Cuda);

/// A small CUDA wrapper text and its inventory, written by hand (no
/// analysis): site 0 is Triton kernel triton_poi_fused_0 (buf0 in-out, graph
/// input arg0_1 in), site 1 extern op aoti_torch_cuda_mm_out (buf1 out, buf0
/// and constant w in); offsets point into the text. For the planner and
/// rewriter tests.
struct HandMadeWrapper {
  std::string Text;
  WrapperInventory Inv;
};
HandMadeWrapper handMadeWrapper();

/// \p Yaml read as rules file "r.yaml"; fails the test (and returns an
/// empty set) when it does not load.
RuleSet rulesFrom(llvm::StringRef Yaml);

/// 1-based line of \p Offset in \p Text.
unsigned lineOfOffset(llvm::StringRef Text, unsigned Offset);
/// The line of \p Text that starts at \p Offset, without its newline.
llvm::StringRef lineAt(llvm::StringRef Text, unsigned Offset);

/// A ToolError taken apart (Code -1: another error, 0: success).
struct ReportedError {
  int Code = 0;
  std::string Location, Text, Hint, Snippet;
};
/// \p E taken apart, consuming it.
ReportedError takeApart(llvm::Error E);

/// llvm::Error -> "code: message" (or "success"), consuming it.
std::string describe(llvm::Error E);
/// The ToolError exit code of \p E (-1 for other errors, 0 for success),
/// consuming it; the message goes to \p Message.
int exitCodeOf(llvm::Error E, std::string *Message = nullptr);

} // namespace aoti::test

/// Skips the current test when there are no torch headers to parse with.
#define AOTI_REQUIRE_TORCH()                                                   \
  do {                                                                         \
    if (::aoti::test::torchIncludeDir().empty())                               \
      GTEST_SKIP() << "no torch/include (configure with -DAOTI_PYTHON=...)";   \
  } while (0)

#endif // AOTI_UNITTESTS_TESTUTIL_H
