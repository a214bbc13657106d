//===- AOTIStub.h - A stand-in for the AOTI headers, for tests --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The few declarations of torch's AOTI runtime and C shim that the analysis
// looks at, as in-memory files at the paths torch installs them, so that a
// wrapper snippet parses in milliseconds without torch (the idea of
// clang/Testing/TestAST.h's ExtraFiles). Only what the analysis relies on is
// mirrored: type and function names, parameter names, and which header
// declares each shim function.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_UNITTESTS_AOTISTUB_H
#define AOTI_UNITTESTS_AOTISTUB_H

#include "Analysis/LaunchSite.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace aoti::test {

/// A snippet parsed against the stub headers and analyzed.
struct StubAnalysis {
  bool Parsed = false;       ///< clang built an AST without errors
  std::string Diagnostics;   ///< clang's errors, when it did not
  std::string AnalysisError; ///< set when analyzeParsedWrapper failed
  WrapperInventory Inv;
};

/// A wrapper whose run_impl binds graph input arg0_1, constant w and two
/// buffers buf0 and buf1, then runs \p Launches; \p Before goes above
/// run_impl. \p Device: "cpu" or "cuda" (its aoti_include header).
std::string stubWrapper(llvm::StringRef Device, llvm::StringRef Before,
                        llvm::StringRef Launches);

/// Parses \p Wrapper (which includes
/// `<torch/csrc/inductor/aoti_include/{cpu,cuda}.h>`) with the stub headers
/// and no system headers at all (-nostdinc), and analyzes it.
StubAnalysis analyzeWithStub(llvm::StringRef Wrapper);

} // namespace aoti::test

#endif // AOTI_UNITTESTS_AOTISTUB_H
