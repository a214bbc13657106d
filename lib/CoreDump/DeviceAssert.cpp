//===- DeviceAssert.cpp ---------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/DeviceAssert.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>

using namespace aoti;
using llvm::StringRef;

namespace {

constexpr StringRef AssertionOpen = " Assertion `";
constexpr StringRef AssertionClose = "` failed.";
constexpr StringRef BlockOpen = ": block: [";
constexpr StringRef ThreadOpen = "], thread: [";

/// "x,y,z" of "[x,y,z]" (the opening bracket already taken), up to and
/// with \p Close.
bool takeDim3(StringRef &Text, StringRef Close, Dim3 &D) {
  for (size_t I = 0; I < 3; ++I) {
    size_t End = Text.find_first_not_of("0123456789");
    if (End == 0 || End == StringRef::npos ||
        Text.take_front(End).getAsInteger(10, D[I]))
      return false;
    Text = Text.drop_front(End);
    if (I < 2 && !Text.consume_front(","))
      return false;
  }
  return Text.consume_front(Close);
}

/// "FILE:LINE: FUNCTION" into \p A: the first ": " after ":<digits>".
bool takeLocation(StringRef Text, DeviceAssertion &A) {
  for (size_t P = Text.find(": "); P != StringRef::npos;
       P = Text.find(": ", P + 1)) {
    StringRef Before = Text.take_front(P);
    size_t Colon = Before.rfind(':');
    if (Colon == StringRef::npos || Colon == 0 ||
        Before.drop_front(Colon + 1).getAsInteger(10, A.Line))
      continue;
    A.File = Before.take_front(Colon).str();
    A.Function = Text.drop_front(P + 2).str();
    return true;
  }
  return false;
}

std::optional<DeviceAssertion> parseLine(StringRef L) {
  L = L.rtrim("\r");
  if (!L.consume_back(AssertionClose))
    return std::nullopt;
  size_t Open = L.find(AssertionOpen);
  size_t Block = L.take_front(Open).rfind(BlockOpen);
  if (Open == StringRef::npos || Block == StringRef::npos)
    return std::nullopt;
  DeviceAssertion A;
  A.Message = L.drop_front(Open + AssertionOpen.size()).str();
  StringRef Dims = L.slice(Block + BlockOpen.size(), Open);
  if (!takeDim3(Dims, ThreadOpen, A.Block) || !takeDim3(Dims, "]", A.Thread) ||
      !Dims.empty() || !takeLocation(L.take_front(Block), A))
    return std::nullopt;
  return A;
}

bool sameAssertion(const DeviceAssertion &A, const DeviceAssertion &B) {
  return A.Line == B.Line && A.File == B.File && A.Function == B.Function &&
         A.Message == B.Message;
}

} // namespace

std::vector<DeviceAssertion> aoti::findDeviceAssertions(StringRef Text) {
  std::vector<DeviceAssertion> Found;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [L, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    if (L.size() > MaxAssertionLine || !L.contains(AssertionOpen))
      continue;
    std::optional<DeviceAssertion> A = parseLine(L);
    if (!A)
      continue;
    auto Same = llvm::find_if(
        Found, [&](const DeviceAssertion &B) { return sameAssertion(*A, B); });
    if (Same != Found.end()) {
      ++Same->Threads;
    } else if (Found.size() < MaxDeviceAssertions) {
      A->Threads = 1;
      A->TextLine = LineNo;
      Found.push_back(std::move(*A));
    }
  }
  return Found;
}
