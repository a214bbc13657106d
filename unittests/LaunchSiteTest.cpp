//===- LaunchSiteTest.cpp - Enum names and the short tensor form ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/LaunchSite.h"
#include "Output/Inventory.h"
#include "gtest/gtest.h"

using namespace aoti;

namespace {

const LaunchKind AllKinds[] = {LaunchKind::Triton, LaunchKind::UserTriton,
                               LaunchKind::Cpp, LaunchKind::Extern,
                               LaunchKind::Proxy};

TEST(LaunchKindNames, Spellings) {
  // These are the names of --list, JSON and rules files: a public format.
  EXPECT_EQ(kindName(LaunchKind::Triton), "triton");
  EXPECT_EQ(kindName(LaunchKind::UserTriton), "user_triton");
  EXPECT_EQ(kindName(LaunchKind::Cpp), "cpp");
  EXPECT_EQ(kindName(LaunchKind::Extern), "extern");
  EXPECT_EQ(kindName(LaunchKind::Proxy), "proxy");
}

TEST(LaunchKindNames, RoundTrip) {
  for (LaunchKind K : AllKinds) {
    std::optional<LaunchKind> Parsed = parseKindName(kindName(K));
    ASSERT_TRUE(Parsed.has_value()) << kindName(K).str();
    EXPECT_EQ(*Parsed, K) << kindName(K).str();
  }
}

TEST(LaunchKindNames, RejectsOtherSpellings) {
  for (const char *Name : {"", "Triton", "TRITON", "user-triton", "usertriton",
                           " triton", "triton ", "externs", "c++", "all"})
    EXPECT_FALSE(parseKindName(Name).has_value()) << "'" << Name << "'";
}

TEST(EnumNames, RolesAndOrigins) {
  EXPECT_EQ(roleName(ArgRole::Input), "in");
  EXPECT_EQ(roleName(ArgRole::Output), "out");
  EXPECT_EQ(roleName(ArgRole::InOut), "inout");
  EXPECT_EQ(roleName(ArgRole::Unknown), "unknown");
  EXPECT_EQ(originName(HandleOrigin::GraphInput), "input");
  EXPECT_EQ(originName(HandleOrigin::Constant), "constant");
  EXPECT_EQ(originName(HandleOrigin::Buffer), "buffer");
  EXPECT_EQ(originName(HandleOrigin::Other), "other");
}

TensorArg tensor(std::string Name, ArgRole Role, bool IsView = false,
                 bool ViaOutParam = false) {
  TensorArg T;
  T.Name = std::move(Name);
  T.Role = Role;
  T.IsView = IsView;
  T.ViaOutParam = ViaOutParam;
  return T;
}

TEST(FormatTensorArg, NameRoleAndView) {
  EXPECT_EQ(formatTensorArg(tensor("buf1", ArgRole::InOut)), "buf1:inout");
  EXPECT_EQ(formatTensorArg(tensor("arg4_1", ArgRole::Input)), "arg4_1:in");
  EXPECT_EQ(formatTensorArg(tensor("buf2", ArgRole::Output)), "buf2:out");
  EXPECT_EQ(formatTensorArg(tensor("buf0", ArgRole::Unknown)), "buf0:unknown");
  EXPECT_EQ(formatTensorArg(tensor("l1_weight", ArgRole::Input, true)),
            "l1_weight:in:view");
}

TEST(FormatTensorArg, IgnoresWhatTheShortFormDoesNotShow) {
  // Out-parameters, origins, parameter names and expressions are JSON-only.
  TensorArg T = tensor("buf5", ArgRole::Output, false, true);
  T.Param = "ret0";
  T.Origin = HandleOrigin::Buffer;
  T.Expr = "&buf5_handle";
  EXPECT_EQ(formatTensorArg(T), "buf5:out");
  TensorArg C = tensor("l1_bias", ArgRole::Input);
  C.Origin = HandleOrigin::Constant;
  C.OriginIndex = 1;
  EXPECT_EQ(formatTensorArg(C), "l1_bias:in");
}

} // namespace
