//===- RuntimeTestFiles.cpp - Test dirs, files, child processes -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The helpers of RuntimeTestFiles.h.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestFiles.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace aoti_rt_test {

std::string outRoot() {
  const char *Env = std::getenv("AOTI_RT_TEST_OUT");
  return Env && *Env ? Env : AOTI_RT_TEST_WORK;
}

std::string testDir() {
  const auto *Info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path Dir = fs::path(outRoot()) /
                 (std::string(Info->test_suite_name()) + "." + Info->name());
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir.string();
}

testing::AssertionResult startsWith(const std::string &Line,
                                    const std::string &Prefix) {
  if (Line.rfind(Prefix, 0) == 0)
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << "'" << Line << "' does not start with '" << Prefix << "'";
}

bool contains(const std::vector<std::string> &Lines, const std::string &S) {
  for (const std::string &L : Lines)
    if (L.find(S) != std::string::npos)
      return true;
  return false;
}

size_t countContaining(const std::vector<std::string> &Lines,
                       const std::string &S) {
  size_t N = 0;
  for (const std::string &L : Lines)
    N += L.find(S) != std::string::npos;
  return N;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

std::vector<std::string> linesOf(const std::string &Path) {
  std::ifstream In(Path);
  std::vector<std::string> L;
  for (std::string S; std::getline(In, S);)
    L.push_back(S);
  return L;
}

std::vector<std::string> listDir(const std::string &Dir) {
  std::vector<std::string> Names;
  if (!fs::is_directory(Dir))
    return Names;
  for (const auto &E : fs::directory_iterator(Dir))
    Names.push_back(E.path().filename().string());
  std::sort(Names.begin(), Names.end());
  return Names;
}

bool ChildEnd::killedBy(int Sig) const {
  return Status != -1 && WIFSIGNALED(Status) && WTERMSIG(Status) == Sig;
}

ChildEnd runInChild(const std::string &ErrPath,
                    const std::function<void()> &Body) {
  std::fflush(nullptr); // the child must not write the parent's buffers
  ChildEnd End;
  pid_t Pid = fork();
  if (Pid == 0) {
    int Fd = open(ErrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (Fd < 0 || dup2(Fd, 2) < 0)
      _exit(2);
    Body();
    _exit(3);
  }
  if (Pid < 0 || waitpid(Pid, &End.Status, 0) != Pid)
    End.Status = -1;
  End.Stderr = linesOf(ErrPath);
  return End;
}

} // namespace aoti_rt_test
