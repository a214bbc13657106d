//===- DriverTest.cpp - readWrapperFile and the version -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Driver/Driver.h"
#include "TestUtil.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;

namespace {

/// The exit code and message readWrapperFile gives for a file holding
/// \p Bytes.
int readCode(const TempDir &Dir, llvm::StringRef Bytes, std::string &Message) {
  std::string Path = Dir.file("wrapper.cpp");
  writeFile(Path, Bytes);
  auto Buffer = readWrapperFile(Path);
  if (Buffer)
    return 0;
  return exitCodeOf(Buffer.takeError(), &Message);
}

TEST(ReadWrapperFile, ReadsText) {
  TempDir Dir;
  std::string Path = Dir.file("wrapper.cpp");
  const std::string Text = "// caf\xc3\xa9\nint main() { return 0; }\n";
  writeFile(Path, Text);
  auto Buffer = readWrapperFile(Path);
  ASSERT_TRUE(static_cast<bool>(Buffer)) << describe(Buffer.takeError());
  EXPECT_EQ((*Buffer)->getBuffer(), Text);
}

TEST(ReadWrapperFile, ReadsARealWrapperUnchanged) {
  std::string Path = inputPath("mlp_cuda/wrapper.cpp");
  auto Buffer = readWrapperFile(Path);
  ASSERT_TRUE(static_cast<bool>(Buffer)) << describe(Buffer.takeError());
  EXPECT_EQ((*Buffer)->getBuffer(), readFile(Path));
}

TEST(ReadWrapperFile, EmptyAndBlank) {
  TempDir Dir;
  for (llvm::StringRef Bytes : {"", "\n", "  \t\r\n\n  "}) {
    std::string Message;
    EXPECT_EQ(readCode(Dir, Bytes, Message), 2) << "'" << Bytes.str() << "'";
    EXPECT_NE(Message.find("file is empty"), std::string::npos) << Message;
  }
}

TEST(ReadWrapperFile, NulByte) {
  TempDir Dir;
  std::string Message;
  EXPECT_EQ(readCode(Dir, llvm::StringRef("int x;\0int y;\n", 14), Message), 2);
  EXPECT_NE(Message.find("NUL byte at offset 6"), std::string::npos) << Message;
  // A lone NUL is not "empty".
  EXPECT_EQ(readCode(Dir, llvm::StringRef("\0", 1), Message), 2);
  EXPECT_NE(Message.find("NUL byte at offset 0"), std::string::npos) << Message;
}

TEST(ReadWrapperFile, InvalidUtf8) {
  TempDir Dir;
  for (llvm::StringRef Bytes :
       {"// caf\xe9\n", "int x; // \x80\n", "// \xe2\x82\n", "\xff\xfe"}) {
    std::string Message;
    EXPECT_EQ(readCode(Dir, Bytes, Message), 2);
    EXPECT_NE(Message.find("invalid UTF-8"), std::string::npos) << Message;
  }
}

TEST(ReadWrapperFile, Directory) {
  TempDir Dir;
  auto Buffer = readWrapperFile(Dir.path());
  ASSERT_FALSE(static_cast<bool>(Buffer));
  std::string Message;
  EXPECT_EQ(exitCodeOf(Buffer.takeError(), &Message), 2);
  EXPECT_EQ(Message,
            Dir.path() +
                ": is a directory; expected an AOTInductor wrapper.cpp");
}

TEST(ReadWrapperFile, Missing) {
  TempDir Dir;
  auto Buffer = readWrapperFile(Dir.file("nope.cpp"));
  ASSERT_FALSE(static_cast<bool>(Buffer));
  std::string Message;
  EXPECT_EQ(exitCodeOf(Buffer.takeError(), &Message), 2);
  EXPECT_NE(Message.find("cannot open file"), std::string::npos) << Message;
}

TEST(ParseByteSize, DigitsAndABinarySuffix) {
  EXPECT_EQ(parseByteSize("0"), 0u);
  EXPECT_EQ(parseByteSize("1234"), 1234u);
  EXPECT_EQ(parseByteSize("1K"), 1024u);
  EXPECT_EQ(parseByteSize("3m"), 3u << 20);
  EXPECT_EQ(parseByteSize("64G"), uint64_t(64) << 30);
  EXPECT_EQ(parseByteSize("2TiB"), uint64_t(2) << 40);
  EXPECT_EQ(parseByteSize("16777215T"), uint64_t(16777215) << 40);
  for (const char *Bad : {"", "K", "-1", "1.5G", "5X", "1 G", "16777216T",
                          "99999999999999999999"})
    EXPECT_FALSE(parseByteSize(Bad)) << Bad;
}

TEST(ToolVersion, IsTheProjectVersion) {
  EXPECT_EQ(toolVersion(), AOTI_TEST_PROJECT_VERSION);
}

} // namespace
