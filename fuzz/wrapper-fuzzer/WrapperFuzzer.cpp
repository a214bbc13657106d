//===- WrapperFuzzer.cpp - Fuzz the analysis and the rewriter -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The input is a wrapper.cpp. It is parsed by clang against the stub AOTI
// headers of the unit tests (unittests/AOTIStub.h: milliseconds, no torch,
// no system headers) and analyzed; a wrapper that analyzes is planned and
// rewritten with two fixed rule sets (every action on every site; input
// guards), with the checks of FuzzCommon.h.
//
// Seeds: wrapper-fuzzer/corpus (stub-style wrappers in the forms AOTI
// writes, and regression inputs). Half of the mutations work on whole lines
// (drop, repeat, swap), which keeps far more inputs valid C++ than byte
// mutations alone: only those reach the analysis.
//
//===----------------------------------------------------------------------===//

#include "AOTIStub.h"
#include "FuzzCommon.h"
#include "Rules/Rules.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>

using namespace aoti;

namespace {

/// Every action on every launch site.
constexpr llvm::StringRef EveryAction = R"yaml(
settings: {calls: {first: 2, every: 1}, max_print_values: 4}
rules:
  - name: all
    sync: true
    breadcrumb: true
    nan_check: {when: both, tensors: all, check: both, on_fail: warn}
    print: {level: values, when: both, tensors: all}
    save: {when: both, tensors: all}
  - name: deferred
    match: {kind: [triton, extern, proxy, cpp, user_triton]}
    nan_check: {when: after, tensors: outputs, defer: true}
)yaml";

/// Input guards of input 0 (planning fails where there is none).
constexpr llvm::StringRef InputGuards = R"yaml(
input_guards:
  enforce_aoti_checks: true
  on_fail: warn
  inputs:
    - {input: 0, dtype: float32, dims: [[1, null], 8], contiguous: true,
       aligned: 16, values: [-1, 1], finite: true}
  equal_dims: [["#0.0", "#0.0"]]
rules:
  - {match: {ordinals: "0-"}, print: names}
)yaml";

const RuleSet &rulesOf(llvm::StringRef Yaml) {
  static std::map<const char *, RuleSet> Loaded;
  auto It = Loaded.find(Yaml.data());
  if (It != Loaded.end())
    return It->second;
  llvm::Expected<RuleSet> Rules = parseRules(Yaml, "fuzz.yaml");
  if (!Rules)
    fuzz::fail("fixed rules do not load: " + llvm::toString(Rules.takeError()));
  return Loaded.emplace(Yaml.data(), std::move(*Rules)).first->second;
}

} // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size,
                                          size_t MaxSize, unsigned Seed) {
  std::minstd_rand Rng(Seed);
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(reinterpret_cast<const char *>(Data), Size)
      .split(Lines, '\n');
  if (Rng() % 2 || Lines.size() < 2)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  size_t A = Rng() % Lines.size(), B = Rng() % Lines.size();
  switch (Rng() % 3) {
  case 0: // Drop a line.
    Lines.erase(Lines.begin() + A);
    break;
  case 1: // Repeat a line elsewhere.
    Lines.insert(Lines.begin() + B, Lines[A]);
    break;
  default: // Swap two lines.
    std::swap(Lines[A], Lines[B]);
    break;
  }
  std::string Out = llvm::join(Lines, "\n");
  if (Out.size() > MaxSize)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  std::memcpy(Data, Out.data(), Out.size());
  return Out.size();
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)rulesOf(EveryAction);
  (void)rulesOf(InputGuards);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  test::StubAnalysis A = test::analyzeWithStub(Text);
  if (!A.Parsed)
    return 0;
  if (!A.AnalysisError.empty())
    return 0;
  for (llvm::StringRef Yaml : {EveryAction, InputGuards})
    fuzz::instrumentAndCheck(Text, A.Inv, rulesOf(Yaml));
  return 0;
}
