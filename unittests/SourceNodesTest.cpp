//===- SourceNodesTest.cpp - parseSourceNodesComment ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/WrapperAnalysis.h"
#include "gtest/gtest.h"

using namespace aoti;
using Strings = std::vector<std::string>;

namespace {

TEST(SourceNodesComment, TopologicallySorted) {
  Strings Nodes, Aten;
  EXPECT_TRUE(parseSourceNodesComment(
      "    // Topologically Sorted Source Nodes: [linear, relu, linear_1], "
      "Original ATen: [aten.addmm, aten.relu, aten.t]",
      Nodes, Aten));
  EXPECT_EQ(Nodes, (Strings{"linear", "relu", "linear_1"}));
  EXPECT_EQ(Aten, (Strings{"aten.addmm", "aten.relu", "aten.t"}));
}

TEST(SourceNodesComment, SingleItemsAndPrimsOps) {
  Strings Nodes, Aten;
  EXPECT_TRUE(parseSourceNodesComment(
      "// Topologically Sorted Source Nodes: [sum_1], Original ATen: "
      "[aten.sum, prims.prepare_softmax_online]",
      Nodes, Aten));
  EXPECT_EQ(Nodes, (Strings{"sum_1"}));
  EXPECT_EQ(Aten, (Strings{"aten.sum", "prims.prepare_softmax_online"}));
}

TEST(SourceNodesComment, UnsortedWithEmptyLists) {
  // What Inductor writes before kernels it could not attribute
  // (triton_poi_fused_1 of the MLP wrappers).
  Strings Nodes = {"stale"}, Aten = {"stale"};
  EXPECT_TRUE(parseSourceNodesComment(
      "    // Unsorted Source Nodes: [], Original ATen: []", Nodes, Aten));
  EXPECT_TRUE(Nodes.empty()) << Nodes.front();
  EXPECT_TRUE(Aten.empty()) << Aten.front();
}

TEST(SourceNodesComment, WithoutAtenPart) {
  Strings Nodes, Aten;
  EXPECT_TRUE(parseSourceNodesComment("// Source Nodes: [a, b]", Nodes, Aten));
  EXPECT_EQ(Nodes, (Strings{"a", "b"}));
  EXPECT_TRUE(Aten.empty());
}

TEST(SourceNodesComment, NotAComment) {
  Strings Nodes, Aten;
  // Code, even with the words in it.
  EXPECT_FALSE(parseSourceNodesComment(
      "call_triton_poi_fused_1(buf2, 8L); // Source Nodes: [x]", Nodes, Aten));
  EXPECT_FALSE(parseSourceNodesComment(
      "Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t]",
      Nodes, Aten));
  // Comments that are something else.
  EXPECT_FALSE(parseSourceNodesComment("// reuse", Nodes, Aten));
  EXPECT_FALSE(parseSourceNodesComment("", Nodes, Aten));
  // An unterminated list.
  EXPECT_FALSE(
      parseSourceNodesComment("// Source Nodes: [linear, relu", Nodes, Aten));
  EXPECT_TRUE(Nodes.empty());
  EXPECT_TRUE(Aten.empty());
}

TEST(ProvenanceCommentTest, ReadsTheHandle) {
  EXPECT_EQ(parseProvenanceComment(
                "    // [Provenance debug handles] cpp_fused_relu_0:2"),
            "cpp_fused_relu_0:2");
  EXPECT_EQ(parseProvenanceComment(
                "// [Provenance debug handles] aoti_torch_cpu_addmm_out:1  "),
            "aoti_torch_cpu_addmm_out:1");
}

TEST(ProvenanceCommentTest, RefusesWhatIsNoHandle) {
  EXPECT_EQ(parseProvenanceComment("// Source Nodes: [relu]"), "");
  EXPECT_EQ(parseProvenanceComment("x = 1; // [Provenance debug handles] a:1"),
            "");
  EXPECT_EQ(parseProvenanceComment("// [Provenance debug handles] "), "");
  // Package text is data: a handle with anything but a name's characters
  // is not passed on.
  EXPECT_EQ(parseProvenanceComment("// [Provenance debug handles] a\x1b[31m:1"),
            "");
  EXPECT_EQ(parseProvenanceComment("// [Provenance debug handles] a\"b:1"), "");
}

} // namespace
