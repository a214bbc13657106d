//===- RuntimeTestFiles.h - Test dirs, files, child processes -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The helpers of the runtime tests that need neither the runtime nor torch:
// a test's directory, its files and lines, a scenario in a child process.
// Shared by AOTIRuntimeTests (through RuntimeTestUtil.h) and
// AOTIRuntimeCudaHostTests, which compiles the runtime for a CUDA wrapper.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_UNITTESTS_RUNTIME_RUNTIMETESTFILES_H
#define AOTI_UNITTESTS_RUNTIME_RUNTIMETESTFILES_H

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace aoti_rt_test {

/// Output of the tests: $AOTI_RT_TEST_OUT (set by check_outputs.py) or the
/// build dir's work/.
std::string outRoot();

/// A fresh, empty directory for the current test.
std::string testDir();

/// \p Line starts with \p Prefix (the line is printed when it does not).
testing::AssertionResult startsWith(const std::string &Line,
                                    const std::string &Prefix);

bool contains(const std::vector<std::string> &Lines, const std::string &S);

size_t countContaining(const std::vector<std::string> &Lines,
                       const std::string &S);

std::string readFile(const std::string &Path);

std::vector<std::string> linesOf(const std::string &Path);

/// The names in \p Dir, sorted (none when it is not a directory).
std::vector<std::string> listDir(const std::string &Dir);

/// How a child process (runInChild) ended, and what it wrote to stderr.
struct ChildEnd {
  int Status = -1; ///< waitpid's
  std::vector<std::string> Stderr;
  /// It was killed by signal \p Sig (its default action ran).
  bool killedBy(int Sig) const;
};

/// Runs \p Body in a child process (fork) whose stderr goes to \p ErrPath,
/// and waits for it: Body ends it by a signal, else it exits with status 3.
ChildEnd runInChild(const std::string &ErrPath,
                    const std::function<void()> &Body);

} // namespace aoti_rt_test

#endif // AOTI_UNITTESTS_RUNTIME_RUNTIMETESTFILES_H
