//===- RulesFuzzer.cpp - Fuzz the rules loader ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The input is a rules file. It is loaded as `-rules` loads one; rules that
// load are then planned over the sample wrapper and rewritten into it, with
// the checks of FuzzCommon.h.
//
// Seeds: rules-fuzzer/corpus (the presets and the rules of test/rules).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "Rules/Rules.h"
#include <cstddef>
#include <cstdint>

using namespace aoti;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)fuzz::sampleInventory(); // Analyzed once, before the first input.
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<RuleSet> Rules = parseRules(Text, "fuzz.yaml");
  if (!Rules) {
    fuzz::consumeReported(Rules.takeError());
    return 0;
  }
  fuzz::instrumentAndCheck(fuzz::sampleWrapper(), fuzz::sampleInventory(),
                           *Rules);
  return 0;
}
