//===- SandboxTest.cpp - The rebuild's sandbox, on real programs ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each test runs a real program (/bin/sh and the coreutils it runs) in a
// sandbox whose policy names exactly what it may touch, and checks what the
// kernel let through. Tests of the Landlock rules are skipped on a kernel
// without Landlock; the limits, the process group and the cleanup are
// tested everywhere.
//
//===----------------------------------------------------------------------===//

#include "Support/Sandbox.h"
#include "Package/BuildSandbox.h"
#include "Support/Interrupt.h"
#include "Support/TrustedDirs.h"
#include "TestUtil.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace aoti;
using namespace aoti::test;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

/// A program of PATH by real path (the sandbox's rules are by real path).
std::string program(llvm::StringRef Name) {
  auto Found = llvm::sys::findProgramByName(Name);
  if (!Found)
    return "";
  llvm::SmallString<256> Real;
  llvm::sys::fs::real_path(*Found, Real);
  return std::string(Real);
}

/// A policy that lets /bin/sh and the coreutils run and read the system's
/// libraries, and nothing else besides \p Work.
SandboxPolicy shellPolicy(llvm::StringRef Work) {
  SandboxPolicy Policy;
  Policy.WorkDir = Work.str();
  Policy.ReadOnly = {"/usr/lib", "/lib", "/lib64", "/usr/lib64",
                     "/etc/ld.so.cache"};
  for (llvm::StringRef Name : {"sh", "cat", "head", "ls", "sleep", "touch"}) {
    std::string P = program(Name);
    if (P.empty())
      continue;
    Policy.Executable.push_back(P);
    std::string Interp = elfInterpreter(P);
    if (!Interp.empty())
      Policy.Executable.push_back(Interp);
  }
  Policy.Devices = {"/dev/null"};
  return Policy;
}

/// Whether process \p Pid runs (a zombie, killed and not reaped yet by the
/// init it was left to, does not).
bool isRunning(pid_t Pid) {
  std::string Stat;
  if (auto Buffer = llvm::MemoryBuffer::getFile(
          "/proc/" + std::to_string(Pid) + "/stat", /*IsText=*/true))
    Stat = (*Buffer)->getBuffer().str();
  size_t Close = Stat.rfind(')');
  return Close != std::string::npos && Close + 2 < Stat.size() &&
         Stat[Close + 2] != 'Z';
}

struct ShellRun {
  ProgramExit Exit;
  std::string Log;
};

/// Runs `sh -c Script` in a sandbox of \p Policy and \p Limits.
ShellRun runShell(const SandboxPolicy &Policy, const ResourceLimits &Limits,
                  llvm::StringRef Script,
                  SandboxMode Mode = SandboxMode::Require) {
  std::string Note;
  auto Box = Sandbox::create(Policy, Limits, Mode, Note);
  EXPECT_TRUE(static_cast<bool>(Box)) << describe(Box.takeError());
  if (!Box)
    return {};
  std::string Log = Policy.WorkDir + "/log";
  auto P = (*Box)->start({program("sh"), "-c", Script.str()}, Log);
  EXPECT_TRUE(static_cast<bool>(P)) << describe(P.takeError());
  if (!P)
    return {};
  ShellRun R;
  R.Exit = (*P)->wait();
  R.Log = readFile(Log);
  return R;
}

#define REQUIRE_LANDLOCK()                                                     \
  if (landlockABI() == 0)                                                      \
  GTEST_SKIP() << "this kernel has no Landlock"

TEST(Sandbox, ReadsOutsideThePolicyAreDenied) {
  REQUIRE_LANDLOCK();
  TempDir Work, Outside;
  writeFile(Outside.file("secret"), "the secret\n");
  writeFile(Work.file("mine"), "my file\n");
  ShellRun R =
      runShell(shellPolicy(Work.path()), {},
               "cat mine; cat " + Outside.file("secret") + "; echo rc=$?");
  EXPECT_THAT(R.Log, HasSubstr("my file"));
  EXPECT_THAT(R.Log, HasSubstr("Permission denied"));
  EXPECT_THAT(R.Log, Not(HasSubstr("the secret")));
  EXPECT_THAT(R.Log, HasSubstr("rc=1"));
}

TEST(Sandbox, WritesOnlyInTheWorkDirectory) {
  REQUIRE_LANDLOCK();
  TempDir Work, Outside;
  ShellRun R = runShell(shellPolicy(Work.path()), {},
                        "touch made && touch " + Outside.file("planted") +
                            "; echo rc=$?; echo $TMPDIR; pwd");
  EXPECT_TRUE(llvm::sys::fs::exists(Work.file("made")));
  EXPECT_FALSE(llvm::sys::fs::exists(Outside.file("planted")));
  EXPECT_THAT(R.Log, HasSubstr("rc=1"));
  // Its own directory and a private TMPDIR in it.
  EXPECT_THAT(R.Log, HasSubstr(Work.path() + "/tmp\n" + Work.path() + "\n"));
}

TEST(Sandbox, RunsOnlyThePolicysPrograms) {
  REQUIRE_LANDLOCK();
  TempDir Work;
  // A program planted in the work directory, and one of the system's that
  // the policy does not name.
  writeFile(Work.file("planted"), "#!/bin/sh\necho PLANTED\n");
  ::chmod(Work.file("planted").c_str(), 0755);
  std::string Id = program("id");
  ASSERT_FALSE(Id.empty());
  ShellRun R = runShell(shellPolicy(Work.path()), {},
                        "./planted; echo planted=$?; " + Id + "; echo id=$?");
  EXPECT_THAT(R.Log, Not(HasSubstr("PLANTED")));
  EXPECT_THAT(R.Log, HasSubstr("planted=126"));
  EXPECT_THAT(R.Log, HasSubstr("id=126"));
}

TEST(Sandbox, WithoutLandlockTheLimitsStillHold) {
  TempDir Work;
  ResourceLimits Limits;
  Limits.FileBytes = 1 << 20;
  ShellRun R =
      runShell(shellPolicy(Work.path()), Limits,
               "exec head -c 4194304 /dev/zero > big", SandboxMode::Off);
  EXPECT_EQ(R.Exit.Signal, SIGXFSZ) << R.Log;
  uint64_t Size = 0;
  llvm::sys::fs::file_size(Work.file("big"), Size);
  EXPECT_LE(Size, 1u << 20);
  EXPECT_THAT(R.Exit.describe(Limits), HasSubstr("--compile-file-limit"));
}

TEST(Sandbox, CpuTimeIsBounded) {
  TempDir Work;
  ResourceLimits Limits;
  Limits.CpuSeconds = 1;
  ShellRun R = runShell(shellPolicy(Work.path()), Limits, "while :; do :; done",
                        SandboxMode::Off);
  EXPECT_EQ(R.Exit.Signal, SIGXCPU);
  EXPECT_GE(R.Exit.CpuSeconds, 0.9);
  EXPECT_THAT(R.Exit.describe(Limits), HasSubstr("--compile-time-limit"));
}

TEST(Sandbox, TheWallClockKillsTheWholeGroup) {
  TempDir Work;
  ResourceLimits Limits;
  Limits.WallSeconds = 1;
  // A child that outlives its parent would keep the group alive.
  ShellRun R = runShell(shellPolicy(Work.path()), Limits,
                        "sleep 300 & echo $! > pid; wait", SandboxMode::Off);
  EXPECT_TRUE(R.Exit.TimedOut);
  pid_t Child = std::stoi(readFile(Work.file("pid")));
  usleep(100000);
  EXPECT_FALSE(isRunning(Child)) << "sleep still runs";
}

TEST(Sandbox, ARunningProgramIsKilledWhenItsObjectGoes) {
  TempDir Work;
  std::string Note;
  auto Box =
      Sandbox::create(shellPolicy(Work.path()), {}, SandboxMode::Off, Note);
  ASSERT_TRUE(static_cast<bool>(Box));
  pid_t Pid;
  {
    auto P = (*Box)->start({program("sh"), "-c", "sleep 300"}, Work.file("l"));
    ASSERT_TRUE(static_cast<bool>(P));
    Pid = (*P)->pid();
  }
  EXPECT_FALSE(isRunning(Pid));
}

TEST(Sandbox, AProgramThatCannotRunIsAnError) {
  TempDir Work;
  std::string Note;
  auto Box =
      Sandbox::create(shellPolicy(Work.path()), {}, SandboxMode::Off, Note);
  ASSERT_TRUE(static_cast<bool>(Box));
  auto P = (*Box)->start({Work.file("nothing-here")}, Work.file("l"));
  ASSERT_FALSE(static_cast<bool>(P));
  EXPECT_THAT(describe(P.takeError()),
              HasSubstr("cannot run it: No such file or directory"));
}

TEST(RebuildSandbox, TheCompilerCompilesInItsSandbox) {
  REQUIRE_LANDLOCK();
  std::string Cxx = program("c++");
  if (Cxx.empty())
    GTEST_SKIP() << "no c++";
  TempDir Work;
  writeFile(Work.file("a.cpp"), "#include <vector>\nint f() { return "
                                "std::vector<int>(3).size(); }\n");
  TrustedDirs Trusted("", "", "", Cxx);
  SandboxPolicy Policy =
      rebuildSandboxPolicy(Trusted, Cxx, Work.path(), {}, {});
  std::string Note;
  auto Box = Sandbox::create(Policy, rebuildLimits(0, 0, 0, 0),
                             SandboxMode::Require, Note);
  ASSERT_TRUE(static_cast<bool>(Box)) << describe(Box.takeError());
  auto P = (*Box)->start(
      {Cxx, "-O1", "-c", Work.file("a.cpp"), "-o", Work.file("a.o")},
      Work.file("log"));
  ASSERT_TRUE(static_cast<bool>(P));
  ProgramExit Exit = (*P)->wait();
  EXPECT_TRUE(Exit.succeeded()) << readFile(Work.file("log"));
  EXPECT_TRUE(llvm::sys::fs::exists(Work.file("a.o")));
  EXPECT_GT(Exit.PeakRssBytes, 0u);
}

TEST(RebuildSandbox, TheCompilerCannotIncludeAFileOutside) {
  REQUIRE_LANDLOCK();
  std::string Cxx = program("c++");
  if (Cxx.empty())
    GTEST_SKIP() << "no c++";
  TempDir Work, Outside;
  writeFile(Outside.file("secret.h"), "int secret = 42;\n");
  writeFile(Work.file("a.cpp"), "#include \"" + Outside.file("secret.h") +
                                    "\"\nasm(\".incbin \\\"" +
                                    Outside.file("secret.h") + "\\\"\");\n");
  TrustedDirs Trusted("", "", "", Cxx);
  SandboxPolicy Policy =
      rebuildSandboxPolicy(Trusted, Cxx, Work.path(), {}, {});
  std::string Note;
  auto Box = Sandbox::create(Policy, rebuildLimits(0, 0, 0, 0),
                             SandboxMode::Require, Note);
  ASSERT_TRUE(static_cast<bool>(Box));
  auto P =
      (*Box)->start({Cxx, "-c", Work.file("a.cpp"), "-o", Work.file("a.o")},
                    Work.file("log"));
  ASSERT_TRUE(static_cast<bool>(P));
  ProgramExit Exit = (*P)->wait();
  EXPECT_FALSE(Exit.succeeded());
  EXPECT_THAT(readFile(Work.file("log")), HasSubstr("Permission denied"));
}

/// The GPU machine's g++ is a script: `#!/bin/sh` `exec
/// /opt/gcc/bin/g++-real -B/opt/gcc/bin/ ... "$@"`. Its interpreter and the
/// program it runs (a sibling) are the compiler's programs too.
TEST(RebuildSandbox, ACompilerThatIsAScriptRunsInItsSandbox) {
  REQUIRE_LANDLOCK();
  std::string Cxx = program("c++");
  if (Cxx.empty())
    GTEST_SKIP() << "no c++";
  TempDir Prefix, Work;
  ASSERT_FALSE(llvm::sys::fs::create_directories(Prefix.file("bin")));
  std::string Real = Prefix.file("bin/g++-real");
  ASSERT_EQ(::symlink(Cxx.c_str(), Real.c_str()), 0);
  std::string Wrapper = Prefix.file("bin/g++");
  writeFile(Wrapper, "#!/bin/sh\nexec " + Real + " \"$@\"\n");
  ASSERT_EQ(::chmod(Wrapper.c_str(), 0755), 0);
  std::vector<std::string> Programs = compilerPrograms(Wrapper);
  EXPECT_THAT(Programs, Contains(program("sh")));
  EXPECT_THAT(Programs, Contains(Cxx));

  writeFile(Work.file("a.cpp"), "#include <vector>\nint f() { return "
                                "std::vector<int>(3).size(); }\n");
  TrustedDirs Trusted("", "", "", Wrapper);
  SandboxPolicy Policy =
      rebuildSandboxPolicy(Trusted, Wrapper, Work.path(), {}, {});
  std::string Note;
  auto Box = Sandbox::create(Policy, rebuildLimits(0, 0, 0, 0),
                             SandboxMode::Require, Note);
  ASSERT_TRUE(static_cast<bool>(Box)) << describe(Box.takeError());
  auto P =
      (*Box)->start({Wrapper, "-c", Work.file("a.cpp"), "-o", Work.file("a.o")},
                    Work.file("log"));
  ASSERT_TRUE(static_cast<bool>(P)) << describe(P.takeError());
  ProgramExit Exit = (*P)->wait();
  EXPECT_TRUE(Exit.succeeded()) << readFile(Work.file("log"));
  EXPECT_TRUE(llvm::sys::fs::exists(Work.file("a.o")));
}

TEST(RebuildSandbox, CompilerProgramsAreTheDriversOwn) {
  std::string Gxx = program("g++");
  if (Gxx.empty())
    GTEST_SKIP() << "no g++";
  std::vector<std::string> Programs = compilerPrograms(Gxx);
  EXPECT_THAT(Programs, Contains(Gxx));
  EXPECT_THAT(Programs, Contains(HasSubstr("cc1plus")));
  EXPECT_THAT(Programs, Contains(program("as")));
  EXPECT_THAT(Programs, Contains(program("ld")));
  EXPECT_THAT(Programs, Not(Contains(program("sh"))));
  EXPECT_FALSE(elfInterpreter(Gxx).empty());
  EXPECT_EQ(elfInterpreter("/etc/passwd"), "");
}

TEST(RebuildLimits, DefaultsGrowWithTheModelsData) {
  ResourceLimits L = rebuildLimits(3ULL << 30, 0, 0, 0);
  EXPECT_EQ(L.CpuSeconds, DefaultCompileSeconds);
  EXPECT_EQ(L.MemoryBytes, DefaultCompileMemory);
  EXPECT_EQ(L.FileBytes, DefaultCompileFileBase + (3ULL << 30));
  ResourceLimits U = rebuildLimits(3ULL << 30, 5, 1 << 30, 1 << 20);
  EXPECT_EQ(U.CpuSeconds, 5u);
  EXPECT_EQ(U.MemoryBytes, 1u << 30);
  EXPECT_EQ(U.FileBytes, 1u << 20);
  EXPECT_EQ(U.wallSeconds(), 70u);
}

TEST(Interrupt, RemoveTreeNowRemovesEverythingAndFollowsNoLink) {
  TempDir Base, Kept;
  std::string Root = Base.file("work");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/a/b/c"));
  writeFile(Root + "/a/b/c/f", "x");
  writeFile(Root + "/top", "y");
  writeFile(Kept.file("keep"), "z");
  ASSERT_EQ(::symlink(Kept.path().c_str(), (Root + "/a/link").c_str()), 0);
  for (int I = 0; I < 300; ++I)
    writeFile(Root + "/a/many" + std::to_string(I), "m");
  EXPECT_TRUE(removeTreeNow(Root.c_str()));
  EXPECT_FALSE(llvm::sys::fs::exists(Root));
  EXPECT_TRUE(llvm::sys::fs::exists(Kept.file("keep")));
  EXPECT_TRUE(removeTreeNow(Root.c_str())); // gone already: nothing to do
}

} // namespace
