//===- InputSafetyTest.cpp - Text and files from elsewhere are data -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the tool prints of a package is escaped or quoted so that neither a
// terminal nor a shell acts on it; what it reads is a regular file read up
// to a cap; what the analysis of a package may read is confined.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ConfinedFileSystem.h"
#include "Support/RegularFile.h"
#include "Support/ToolError.h"
#include "Support/Trailer.h"
#include "TestUtil.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include <chrono>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

using namespace aoti;
using namespace aoti::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

/// What /bin/sh makes of \p Words: each word it reads, NUL-terminated.
std::string shellReadsBack(llvm::StringRef Words) {
  TempDir Dir;
  writeFile(Dir.file("script.sh"),
            "set -- " + Words.str() +
                "\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done\n");
  std::string Out = Dir.file("out"), Err = Dir.file("err");
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Out), llvm::StringRef(Err)};
  auto Sh = llvm::sys::findProgramByName("sh");
  EXPECT_TRUE(static_cast<bool>(Sh));
  std::string Script = Dir.file("script.sh");
  llvm::StringRef Args[] = {*Sh, Script};
  EXPECT_EQ(llvm::sys::ExecuteAndWait(*Sh, Args, std::nullopt, Redirects), 0)
      << readFile(Err);
  return readFile(Out);
}

bool hasRawControl(llvm::StringRef Text) {
  for (unsigned char C : Text)
    if ((C < 0x20 && C != '\n') || C == 0x7f)
      return true;
  return false;
}

TEST(ShellQuote, EveryByteReadsBackAndNoneReachesTheTerminalRaw) {
  std::vector<std::string> Args = {"plain-word_1.0/x:y,z+=@%",
                                   "",
                                   "two words",
                                   "it's",
                                   "`id`",
                                   "$(id)",
                                   "$HOME",
                                   "a\nb",
                                   "\x1b]0;title\x07",
                                   "\x1b[2J",
                                   "tab\there",
                                   "\\",
                                   "\"quoted\"",
                                   "#comment",
                                   "~user",
                                   "*.cpp",
                                   "semi;colon",
                                   "a|b&c",
                                   "\xc2\x9b"
                                   "31m",
                                   "caf\xc3\xa9",
                                   "\xff\xfe bad utf-8",
                                   "\x7f",
                                   "-D X=`touch /tmp/pwned`",
                                   "trailing newline\n"};
  std::mt19937 Rng(47);
  for (int I = 0; I < 200; ++I) {
    std::string Random;
    for (int J = 0; J < 12; ++J)
      Random += static_cast<char>(1 + Rng() % 255);
    Args.push_back(Random);
  }
  std::string Joined = shellJoin(Args);
  EXPECT_FALSE(hasRawControl(Joined));
  std::string Expected;
  for (const std::string &A : Args)
    Expected += A + '\0';
  EXPECT_EQ(shellReadsBack(Joined), Expected);
}

TEST(ShellQuote, PlainWordsStayAsTheyAre) {
  EXPECT_EQ(shellQuote("-O3"), "-O3");
  EXPECT_EQ(shellQuote("/usr/include/python3.12"), "/usr/include/python3.12");
  EXPECT_EQ(shellQuote("a b"), "'a b'");
  EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(shellQuote("`id`"), "'`id`'");
  EXPECT_EQ(shellQuote("\x1b"), "''\"$(printf '\\033')\"''");
}

TEST(EscapeControl, C1ControlsAsWellAsC0) {
  EXPECT_EQ(escapeControl("a\x1b[31mb"), "a\\x1b[31mb");
  EXPECT_EQ(escapeControl("\xc2\x9b"
                          "31m"),
            "\\xc2\\x9b31m");
  EXPECT_EQ(escapeControl("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(escapeControl("a\nb"), "a\\x0ab");
  EXPECT_EQ(escapeControl("a\nb", /*KeepNewlines=*/true), "a\nb");
}

TEST(RegularFile, AFifoIsRefusedWithoutBlocking) {
  TempDir Dir;
  std::string Fifo = Dir.file("fifo");
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  auto Start = std::chrono::steady_clock::now();
  auto Read =
      readRegularFile(Fifo, 1 << 20, "rules file", ExitCode::RulesError);
  ASSERT_FALSE(static_cast<bool>(Read));
  ReportedError E = takeApart(Read.takeError());
  EXPECT_EQ(E.Code, static_cast<int>(ExitCode::RulesError));
  EXPECT_THAT(E.Text,
              HasSubstr("rules file is a FIFO; expected a regular file"));
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5));
}

TEST(RegularFile, DevicesAndLinksToThemAreRefused) {
  TempDir Dir;
  ASSERT_EQ(::symlink("/dev/zero", Dir.file("rules.yaml").c_str()), 0);
  for (std::string Path : {std::string("/dev/zero"), Dir.file("rules.yaml")}) {
    auto Read =
        readRegularFile(Path, 1 << 20, "rules file", ExitCode::RulesError);
    ASSERT_FALSE(static_cast<bool>(Read));
    EXPECT_THAT(takeApart(Read.takeError()).Text,
                HasSubstr("is a character device"));
  }
  auto Dirs = readRegularFile(Dir.path(), 1 << 20, "file", ExitCode::InputFile);
  ASSERT_FALSE(static_cast<bool>(Dirs));
  EXPECT_THAT(takeApart(Dirs.takeError()).Text, HasSubstr("is a directory"));
}

TEST(RegularFile, TheCapIsWhatIsRead) {
  TempDir Dir;
  writeFile(Dir.file("big"), std::string(4097, 'x'));
  auto Big = readRegularFile(Dir.file("big"), 4096, "rules file",
                             ExitCode::RulesError);
  ASSERT_FALSE(static_cast<bool>(Big));
  EXPECT_THAT(takeApart(Big.takeError()).Text,
              HasSubstr("rules file is larger than the 4 KiB it may have"));
  auto Fits = readRegularFile(Dir.file("big"), 8192, "rules file",
                              ExitCode::RulesError);
  ASSERT_TRUE(static_cast<bool>(Fits));
  EXPECT_EQ((*Fits)->getBufferSize(), 4097u);
  EXPECT_EQ(describeBytes(1 << 20), "1 MiB");
  EXPECT_EQ(describeBytes(1000), "1000 bytes");
}

TEST(ConfinedFileSystem, NothingOutsideTheRootsExists) {
  TempDir Root, Outside;
  writeFile(Root.file("in.h"), "int in;\n");
  writeFile(Outside.file("secret.h"), "int secret;\n");
  ASSERT_EQ(
      ::symlink(Outside.file("secret.h").c_str(), Root.file("link.h").c_str()),
      0);
  ASSERT_EQ(::symlink(Outside.path().c_str(), Root.file("dir").c_str()), 0);
  auto FS = confinedFileSystem({Root.path()});
  EXPECT_TRUE(static_cast<bool>(FS->status(Root.file("in.h"))));
  EXPECT_TRUE(static_cast<bool>(FS->openFileForRead(Root.file("in.h"))));
  EXPECT_FALSE(static_cast<bool>(FS->status(Outside.file("secret.h"))));
  EXPECT_FALSE(
      static_cast<bool>(FS->openFileForRead(Outside.file("secret.h"))));
  // Links inside that lead outside, by file and by directory, and `..`.
  EXPECT_FALSE(static_cast<bool>(FS->openFileForRead(Root.file("link.h"))));
  EXPECT_FALSE(
      static_cast<bool>(FS->openFileForRead(Root.file("dir/secret.h"))));
  EXPECT_FALSE(static_cast<bool>(FS->openFileForRead(
      Root.path() + "/../" + llvm::sys::path::filename(Outside.path()).str() +
      "/secret.h")));
}

} // namespace
