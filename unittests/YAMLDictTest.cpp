//===- YAMLDictTest.cpp - The keys of a YAML mapping, each said once ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// YAMLDict on its own: the order values are read in, unknown, retired and
// required keys, nested mappings and lists, and the schema tables and the
// Markdown sections they are spliced into.
//
//===----------------------------------------------------------------------===//

#include "Rules/YAMLDict.h"
#include "llvm/ADT/StringExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace aoti;
using llvm::StringRef;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

/// "MESSAGE [HINT]" as an error, for the tests to compare.
llvm::Error report(const YAML::Node &, const llvm::Twine &Message,
                   std::string Hint) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Message + " [" + Hint + "]");
}

/// What parsing \p Yaml with \p D says: "ok" or the error.
std::string parsed(const YAMLDict &D, StringRef Yaml) {
  if (llvm::Error E = D.parse(YAML::Load(Yaml.str())))
    return llvm::toString(std::move(E));
  return "ok";
}

/// A dict of keys `size` and `color` that records what it reads.
struct Shape {
  std::vector<std::string> Read;
  YAMLDict D{"a shape", "a shape", report};

  Shape() {
    for (StringRef Key : {"size", "color"})
      D.handle(Key, {"text", "what it is"},
               [this](const YAML::Node &V, StringRef Key) {
                 Read.push_back(Key.str() + "=" + V.Scalar());
                 return llvm::Error::success();
               });
  }
};

TEST(YAMLDictTest, ValuesAreReadInTheOrderKeysAreRegistered) {
  Shape S;
  EXPECT_EQ(parsed(S.D, "{color: red, size: 3}"), "ok");
  EXPECT_THAT(S.Read, ElementsAre("size=3", "color=red"));
}

TEST(YAMLDictTest, AnUnknownKeyIsAnErrorWithTheClosestKnownOne) {
  Shape S;
  EXPECT_EQ(parsed(S.D, "{size: 3, colour: red}"),
            "unknown key 'colour' in a shape; did you mean 'color'? "
            "[known keys: size, color]");
  EXPECT_EQ(parsed(S.D, "{weight: 3}"),
            "unknown key 'weight' in a shape [known keys: size, color]");
  EXPECT_TRUE(S.Read.empty()); // nothing is read before the keys are known
  EXPECT_EQ(parsed(S.D, "[3]"),
            "a shape must be a mapping of keys to values []");
}

TEST(YAMLDictTest, ClosestWordIsATypoOrNothing) {
  StringRef Words[] = {"breadcrumb", "sync", "save"};
  EXPECT_EQ(closestWord("breadcrum", Words), StringRef("breadcrumb"));
  EXPECT_EQ(closestWord("snyc", Words), StringRef("sync"));
  EXPECT_EQ(closestWord("nothing_like_it", Words), std::nullopt);
  EXPECT_EQ(closestWord(std::string(100, 's'), Words), std::nullopt);
}

TEST(YAMLDictTest, ARetiredKeyIsItsOwnErrorFirst) {
  Shape S;
  S.D.retire("colour", "say 'color'", "the hint");
  EXPECT_EQ(parsed(S.D, "{shade: 1, colour: red}"), "say 'color' [the hint]");
  EXPECT_EQ(parsed(S.D, "{shade: 1}"),
            "unknown key 'shade' in a shape [known keys: size, color]");
}

TEST(YAMLDictTest, ARequiredKeyMustBeThere) {
  YAMLDict D("a shape", "a shape", report);
  D.handle("size", {"", ""}, [](const YAML::Node &, StringRef) {
     return llvm::Error::success();
   }).required("a shape needs '{0}'");
  D.handle("color", {"", ""}, [](const YAML::Node &, StringRef) {
    return llvm::Error::success();
  });
  EXPECT_EQ(parsed(D, "{color: red}"), "a shape needs 'size' []");
  EXPECT_EQ(parsed(D, "{size: 1}"), "ok");
}

TEST(YAMLDictTest, NestedMappingsAndListsAreNamedInMessages) {
  YAMLDict D("the file", "the file", report);
  std::vector<std::string> Seen;
  auto Keys = [&](YAMLDict &Inner, const YAML::Node &) {
    Inner.handle("size", {"", ""}, [&](const YAML::Node &V, StringRef Key) {
      Seen.push_back(Key.str() + "=" + V.Scalar());
      return llvm::Error::success();
    });
  };
  D.handle("box", {"mapping", ""}, [](const YAML::Node &, StringRef) {
     return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                    "not a mapping");
   }).mapping(Keys);
  D.handle("shapes", {"list", ""}).items("a shape", Keys);
  EXPECT_EQ(parsed(D, "{box: {size: 1}, shapes: [{size: 2}, {size: 3}]}"),
            "ok");
  EXPECT_THAT(Seen, ElementsAre("size=1", "size=2", "size=3"));
  EXPECT_EQ(parsed(D, "{box: {sise: 1}}"),
            "unknown key 'sise' in box; did you mean 'size'? "
            "[known keys: size]");
  EXPECT_EQ(parsed(D, "{shapes: [{sise: 1}]}"),
            "unknown key 'sise' in a shape; did you mean 'size'? "
            "[known keys: size]");
  EXPECT_EQ(parsed(D, "{shapes: [3]}"),
            "a shape must be a mapping of keys to values []");
  EXPECT_EQ(parsed(D, "{box: 3}"), "not a mapping"); // the handler's say
}

TEST(YAMLDictTest, ChecksRunOnceTheKeysAreRead) {
  Shape S;
  S.D.finally([&](const YAML::Node &) -> llvm::Error {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::join(S.Read, ","));
  });
  EXPECT_EQ(parsed(S.D, "{size: 1, color: red}"), "size=1,color=red");
}

TEST(YAMLDictTest, SchemaIsATablePerMapping) {
  YAMLDict D("the file", "the file", report);
  D.columns("values", "default");
  D.handle("kernel", {"pattern", "any"});
  D.handle("kernel_regex", {}).sameRow();
  D.handle("box", {"mapping", ""})
      .mapping([](YAMLDict &Box, const YAML::Node &) {
        Box.handle("size", {"integer", "`1`"});
        Box.retire("sise", "", "");
      });
  std::vector<SchemaTable> Tables = D.schema("top");
  ASSERT_EQ(Tables.size(), 2u);
  EXPECT_EQ(Tables[0].Id, "top");
  EXPECT_EQ(Tables[0].Markdown,
            "| key | values | default |\n"
            "| --- | --- | --- |\n"
            "| `kernel` / `kernel_regex` | pattern | any |\n"
            "| `box` | mapping | |\n");
  EXPECT_EQ(Tables[1].Id, "box");
  EXPECT_EQ(Tables[1].Markdown, "| key | value | meaning |\n"
                                "| --- | --- | --- |\n"
                                "| `size` | integer | `1` |\n");
}

TEST(YAMLDictTest, AllKeysAreEveryMappingsSortedOnce) {
  YAMLDict D("the file", "the file", report);
  D.handle("when", {});
  auto PrintKeys = [](YAMLDict &Print, const YAML::Node &) {
    Print.handle("when", {});
    Print.retire("fence", "", "");
  };
  D.handle("rules", {})
      .items("a rule", [&](YAMLDict &Rule, const YAML::Node &) {
        Rule.handle("name", {});
        Rule.handle("print", {}).mapping(PrintKeys);
      });
  EXPECT_THAT(D.allKeys(),
              ElementsAre("fence", "name", "print", "rules", "when"));
}

TEST(YAMLDictTest, SectionsAreReplacedBetweenTheirMarkers) {
  SchemaTable Tables[] = {{"a", "| A |\n"}, {"b", "| B |\n"}};
  EXPECT_EQ(schemaSections(Tables),
            "<!-- schema:begin a -->\n\n| A |\n\n<!-- schema:end a -->\n"
            "\n<!-- schema:begin b -->\n\n| B |\n\n<!-- schema:end b -->\n");
  llvm::Expected<std::string> Made = spliceSchema(
      "# Page\n<!-- schema:begin b -->\nold\n<!-- schema:end b -->\ntext\n"
      "<!-- schema:begin a -->\n<!-- schema:end a -->\n",
      Tables);
  ASSERT_TRUE(bool(Made)) << llvm::toString(Made.takeError());
  EXPECT_EQ(*Made, "# Page\n<!-- schema:begin b -->\n\n| B |\n\n"
                   "<!-- schema:end b -->\ntext\n<!-- schema:begin a -->\n\n"
                   "| A |\n\n<!-- schema:end a -->\n");
  llvm::Expected<std::string> Twice = spliceSchema(*Made + *Made, Tables);
  ASSERT_FALSE(bool(Twice));
  EXPECT_THAT(llvm::toString(Twice.takeError()), HasSubstr("already placed"));
}

} // namespace
