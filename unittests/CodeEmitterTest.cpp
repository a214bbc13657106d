//===- CodeEmitterTest.cpp - The writer of the inserted C++ ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Instrument/CodeEmitter.h"
#include "gtest/gtest.h"
#include <cstdlib>

using namespace aoti;

namespace {

TEST(CodeEmitterTest, BlocksIndentFourSpacesFromTheStatementsIndent) {
  CodeEmitter E("  ");
  E.open("{ // a probe").line("f();").open("if (x) {").line("g();").close();
  E.close().line("h();");
  EXPECT_EQ(E.take(), "  { // a probe\n"
                      "      f();\n"
                      "      if (x) {\n"
                      "          g();\n"
                      "      }\n"
                      "  }\n"
                      "  h();\n");
  EXPECT_EQ(E.take(), "") << "take() empties it";
}

TEST(CodeEmitterTest, CloseNeverGoesLeftOfColumnZero) {
  EXPECT_EQ(CodeEmitter().close("};").line("x").take(), "};\nx\n");
}

TEST(CodeEmitterTest, TextFromThePackageIsQuotedNeverSpliced) {
  EXPECT_EQ(CodeEmitter::quoted("buf0"), "\"buf0\"");
  // A name that tries to end the literal, a backslash, a newline and a
  // tab, control and non-ASCII bytes: all escaped.
  EXPECT_EQ(CodeEmitter::quoted("a\"); system(\"x"),
            "\"a\\\"); system(\\\"x\"");
  EXPECT_EQ(CodeEmitter::quoted("C:\\x\nl\tt"), "\"C:\\\\x\\nl\\tt\"");
  EXPECT_EQ(CodeEmitter::quoted(llvm::StringRef("\x01\x7f\xc3\xa9", 4)),
            "\"\\001\\177\\303\\251\"");
  // The octal escapes take three digits: a digit after one stays a digit.
  EXPECT_EQ(CodeEmitter::quoted(std::string{'\x01', '7'}), "\"\\0017\"");
}

TEST(CodeEmitterTest, NumbersReadBackExactly) {
  for (double D : {0.0, 1.0, -2.5, 0.1, 1e300, -1e-300, 3.0e9})
    EXPECT_EQ(std::strtod(CodeEmitter::exactDouble(D).c_str(), nullptr), D);
  EXPECT_EQ(CodeEmitter::exactDouble(2), "2.0");
  EXPECT_EQ(CodeEmitter::int64List({1, -1, 8}), "1L, -1L, 8L");
  EXPECT_EQ(CodeEmitter::int64List({}), "");
}

} // namespace
