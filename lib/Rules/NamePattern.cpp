//===- NamePattern.cpp - Globs and regexes of a rules file ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A rules file may come from anyone: its patterns are compiled only when
// they stay small. llvm::Regex (POSIX regcomp) copies what a bounded
// repetition `{m,n}` repeats n times, so nested bounds multiply:
// `((a{0,255}){0,255}){0,255}` would take gigabytes. Glob brace expansions
// multiply the same way.
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace aoti;
using llvm::StringRef;

namespace {

/// The longest pattern a rules file may hold.
constexpr size_t MaxPatternLength = 4096;
/// The most positions a regex may compile to (after its bounded
/// repetitions are copied out); real kernel-name patterns have tens.
constexpr uint64_t MaxRegexSize = 10000;
/// The most alternatives a glob's braces may expand to.
constexpr size_t MaxGlobAlternatives = 1024;

/// Estimates the size of a POSIX extended regex after regcomp copies its
/// bounded repetitions: a recursive descent over alternations, sequences
/// and quantified atoms, saturating far above any limit.
class RegexSize {
public:
  explicit RegexSize(StringRef Pattern) : P(Pattern) {}

  uint64_t total() {
    uint64_t Size = alternation();
    while (I < P.size()) { // an unmatched ')': regcomp will say
      ++I;
      Size = add(Size, alternation());
    }
    return Size;
  }
  bool hasBackReference() const { return BackReference; }

private:
  static uint64_t add(uint64_t A, uint64_t B) {
    return std::min<uint64_t>(A + B, uint64_t(1) << 40);
  }
  static uint64_t mul(uint64_t A, uint64_t B) {
    return B && A > (uint64_t(1) << 40) / B ? uint64_t(1) << 40 : A * B;
  }

  uint64_t alternation() {
    uint64_t Size = sequence();
    while (I < P.size() && P[I] == '|') {
      ++I;
      Size = add(Size, sequence());
    }
    return Size;
  }

  uint64_t sequence() {
    uint64_t Size = 0;
    while (I < P.size() && P[I] != '|' && P[I] != ')')
      Size = add(Size, quantified());
    return Size;
  }

  uint64_t quantified() {
    uint64_t Size = atom();
    while (I < P.size()) {
      if (StringRef("*+?").contains(P[I])) {
        ++I;
        Size = add(Size, 1);
      } else if (P[I] == '{') {
        Size = mul(Size, std::max<uint64_t>(bound(), 1));
      } else {
        break;
      }
    }
    return Size;
  }

  /// The larger count of `{m}`, `{m,}` or `{m,n}` at I, which it passes.
  uint64_t bound() {
    size_t Close = P.find('}', I);
    StringRef Body = P.slice(I + 1, Close);
    I = Close == StringRef::npos ? P.size() : Close + 1;
    uint64_t Largest = 0;
    llvm::SmallVector<StringRef, 2> Counts;
    Body.split(Counts, ',');
    for (StringRef Count : Counts) {
      uint64_t N = 0;
      if (!Count.trim().getAsInteger(10, N))
        Largest = std::max(Largest, N);
    }
    return Largest;
  }

  uint64_t atom() {
    char C = P[I++];
    if (C == '(') {
      uint64_t Size = alternation();
      if (I < P.size() && P[I] == ')')
        ++I;
      return add(Size, 1);
    }
    if (C == '[') {
      // A bracket expression: `]` first is a member, [:class:] may hold ].
      if (I < P.size() && P[I] == '^')
        ++I;
      if (I < P.size() && P[I] == ']')
        ++I;
      while (I < P.size() && P[I] != ']') {
        size_t ClassEnd =
            P.substr(I).starts_with("[:") ? P.find(":]", I) : StringRef::npos;
        I = ClassEnd == StringRef::npos ? I + 1 : ClassEnd + 2;
      }
      I = std::min(I + 1, P.size());
      return 1;
    }
    if (C == '\\' && I < P.size()) {
      BackReference |= llvm::isDigit(P[I]);
      ++I;
    }
    return 1;
  }

  StringRef P;
  size_t I = 0;
  bool BackReference = false;
};

llvm::Error patternError(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

} // namespace

llvm::Expected<NamePattern> NamePattern::glob(StringRef Text) {
  if (Text.size() > MaxPatternLength)
    return patternError("longer than " + llvm::Twine(MaxPatternLength) +
                        " characters");
  NamePattern P;
  P.Text = std::make_shared<const std::string>(Text.str());
  auto Glob = llvm::GlobPattern::create(*P.Text, MaxGlobAlternatives);
  if (!Glob)
    return Glob.takeError();
  P.Glob = std::make_shared<llvm::GlobPattern>(std::move(*Glob));
  return P;
}

llvm::Expected<NamePattern> NamePattern::regex(StringRef Text) {
  if (Text.size() > MaxPatternLength)
    return patternError("longer than " + llvm::Twine(MaxPatternLength) +
                        " characters");
  RegexSize Size(Text);
  if (uint64_t Total = Size.total(); Total > MaxRegexSize)
    return patternError(
        "too complex: its bounded repetitions ({m,n}) expand to over " +
        llvm::Twine(Total > MaxRegexSize * 1000 ? MaxRegexSize * 1000 : Total) +
        " positions, more than " + llvm::Twine(MaxRegexSize) +
        "; use * or + instead of large or nested bounds");
  if (Size.hasBackReference())
    return patternError("too complex: back-references (\\1 ... \\9) can take "
                        "exponential time to match");
  auto Regex = std::make_shared<llvm::Regex>(Text);
  std::string Error;
  if (!Regex->isValid(Error))
    return patternError(Error);
  NamePattern P;
  P.Text = std::make_shared<const std::string>(Text.str());
  P.Regex = std::move(Regex);
  return P;
}

bool NamePattern::matches(StringRef Name) const {
  return Regex ? Regex->match(Name) : Glob->match(Name);
}
