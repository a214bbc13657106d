//===- RulesLoader.cpp - Read a YAML rules file ---------------------------===//
//
// The only file that knows YAML. Every problem is reported at the position
// of the offending node, clang-style: `rules.yaml:LINE:COL: error: ...`.
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "Support/AOTINames.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include <yaml-cpp/yaml.h>

using namespace aoti;
using llvm::StringRef;

std::string aoti::formatRulesLocation(StringRef Path, RulesLocation L) {
  if (!L.Line)
    return Path.str();
  return (Path + ":" + llvm::Twine(L.Line) + ":" + llvm::Twine(L.Column)).str();
}

//===----------------------------------------------------------------------===//
// Names of the rules file's words
//===----------------------------------------------------------------------===//

StringRef aoti::phasesName(Phases P) {
  switch (P) {
  case Phases::Before:
    return "before";
  case Phases::After:
    return "after";
  case Phases::Both:
    return "both";
  }
  return "";
}

StringRef aoti::tensorSetName(TensorSet S) {
  switch (S) {
  case TensorSet::Inputs:
    return "inputs";
  case TensorSet::Outputs:
    return "outputs";
  case TensorSet::All:
    return "all";
  }
  return "";
}

StringRef aoti::failActionName(FailAction F) {
  switch (F) {
  case FailAction::Throw:
    return "throw";
  case FailAction::Abort:
    return "abort";
  case FailAction::Warn:
    return "warn";
  }
  return "";
}

StringRef aoti::printDetailName(PrintDetail D) {
  switch (D) {
  case PrintDetail::Names:
    return "names";
  case PrintDetail::Stats:
    return "stats";
  case PrintDetail::Values:
    return "values";
  }
  return "";
}

StringRef aoti::inputCheckName(InputCheck C) {
  switch (C) {
  case InputCheck::Throw:
    return "throw";
  case InputCheck::Abort:
    return "abort";
  case InputCheck::Warn:
    return "warn";
  case InputCheck::Off:
    return "off";
  }
  return "";
}

namespace {

const StringRef TopKeys[] = {"version", "description", "settings",
                             "input_guards", "buffers", "rules"};
const StringRef BufferKeys[] = {"redzone", "poison"};
const StringRef RedzoneKeys[] = {"bytes", "on_fail"};
const StringRef BreadcrumbKeys[] = {"every"};
const StringRef PoisonKeys[] = {"byte"};
const StringRef SettingsKeys[] = {"disable_env", "log_env",  "jsonl_env",
                                  "jsonl",       "save_dir", "calls",
                                  "max_print_values", "check_inputs"};
const StringRef CallsKeys[] = {"first", "every"};
const StringRef RuleKeys[] = {"name",      "match", "sync", "breadcrumb",
                              "nan_check", "print", "save"};
const StringRef MatchKeys[] = {"kernel",       "kernel_regex",
                               "kind",         "source_nodes",
                               "source_nodes_regex", "aten",
                               "aten_regex",   "ordinals",
                               "tensors",      "tensors_regex",
                               "function"};
const StringRef NanKeys[] = {"when",  "tensors", "check",
                             "on_fail", "defer", "batch"};
const StringRef PrintKeys[] = {"level", "when", "tensors", "defer", "batch"};
const StringRef SaveKeys[] = {"when", "tensors"};
const StringRef GuardSectionKeys[] = {"enforce_aoti_checks", "on_fail",
                                      "inputs", "equal_dims"};
const StringRef GuardKeys[] = {"input",      "dtype",   "device", "rank",
                               "dims",       "contiguous", "aligned",
                               "values",     "finite"};
const StringRef Dtypes[] = {"float32", "float16", "bfloat16", "float64",
                            "int64",   "int32",   "int16",    "int8",
                            "uint8",   "bool",    "float8_e4m3fn",
                            "float8_e5m2", "complex64"};
const StringRef Devices[] = {names::CudaDevice, "cpu"};
const StringRef Functions[] = {names::RunImpl, names::ConstRunImpl};
const Phases AllPhases[] = {Phases::Before, Phases::After, Phases::Both};
const TensorSet AllTensorSets[] = {TensorSet::Inputs, TensorSet::Outputs,
                                   TensorSet::All};
const FailAction AllFailActions[] = {FailAction::Throw, FailAction::Abort,
                                     FailAction::Warn};
const InputCheck AllInputChecks[] = {InputCheck::Throw, InputCheck::Abort,
                                     InputCheck::Warn, InputCheck::Off};
const PrintDetail AllPrintDetails[] = {PrintDetail::Names, PrintDetail::Stats,
                                       PrintDetail::Values};

/// How deep flow collections (`[...]`, `{...}`) may nest in a rules file;
/// the schema needs three.
constexpr unsigned MaxNesting = 64;

/// Where flow collections of \p Text first nest deeper than MaxNesting
/// (outside quotes and comments), before yaml-cpp recurses into them.
std::optional<RulesLocation> tooDeep(StringRef Text) {
  unsigned Depth = 0, Line = 1, Column = 0;
  char Quote = 0;
  bool Comment = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    ++Column;
    if (C == '\n') {
      ++Line;
      Column = 0;
      Comment = false;
      continue;
    }
    if (Comment)
      continue;
    if (Quote) {
      if (C == '\\' && Quote == '"')
        ++I, ++Column;
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'')
      Quote = C;
    else if (C == '#' && (I == 0 || llvm::isSpace(Text[I - 1])))
      Comment = true;
    else if ((C == '[' || C == '{') && ++Depth > MaxNesting)
      return RulesLocation{Line, Column};
    else if ((C == ']' || C == '}') && Depth)
      --Depth;
  }
  return std::nullopt;
}

/// The closest of \p Candidates to \p Word, if close enough to be a typo.
std::optional<StringRef> nearest(StringRef Word,
                                 llvm::ArrayRef<StringRef> Candidates) {
  if (Word.size() > 64) // no typo of a key; and edit distance is quadratic
    return std::nullopt;
  std::optional<StringRef> Best;
  unsigned BestDistance = std::max<unsigned>(2, Word.size() / 3) + 1;
  for (StringRef C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true);
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  return Best;
}

std::string joinWords(llvm::ArrayRef<StringRef> Words) {
  return llvm::join(Words.begin(), Words.end(), ", ");
}

class Loader {
public:
  Loader(StringRef Path, StringRef Text) : Path(Path.str()), Text(Text) {}

  llvm::Error load(RuleSet &Out);

private:
  //--- Diagnostics -------------------------------------------------------===//

  static RulesLocation locOf(const YAML::Node &N) {
    YAML::Mark M = N.Mark();
    if (M.is_null())
      return {};
    return {static_cast<unsigned>(M.line + 1),
            static_cast<unsigned>(M.column + 1)};
  }

  std::string where(RulesLocation L) const {
    return formatRulesLocation(Path, L);
  }

  llvm::Error errorAt(RulesLocation L, const llvm::Twine &Message,
                      std::string Hint = "") const {
    return makeToolError(ExitCode::RulesError, where(L), Message.str(),
                         std::move(Hint),
                         formatSourceSnippet(Text, L.Line, L.Column));
  }

  llvm::Error errorAt(const YAML::Node &N, const llvm::Twine &Message,
                      std::string Hint = "") const {
    return errorAt(locOf(N), Message, std::move(Hint));
  }

  //--- Typed accessors ---------------------------------------------------===//

  llvm::Error expectMap(const YAML::Node &N, StringRef What) const {
    if (N.IsMap())
      return llvm::Error::success();
    return errorAt(N, What + " must be a mapping of keys to values");
  }

  /// expectMap, then checkKeys.
  llvm::Error expectMapOf(const YAML::Node &N, StringRef What,
                          llvm::ArrayRef<StringRef> Known,
                          StringRef Context) const {
    if (llvm::Error E = expectMap(N, What))
      return E;
    return checkKeys(N, Known, Context);
  }

  llvm::Error checkKeys(const YAML::Node &Map, llvm::ArrayRef<StringRef> Known,
                        StringRef Context) const {
    for (const auto &KV : Map) {
      std::string Key = KV.first.Scalar();
      if (llvm::is_contained(Known, StringRef(Key)))
        continue;
      std::string Message = "unknown key '" + Key + "' in " + Context.str();
      if (auto Near = nearest(Key, Known))
        Message += "; did you mean '" + Near->str() + "'?";
      return errorAt(KV.first, Message, "known keys: " + joinWords(Known));
    }
    return llvm::Error::success();
  }

  llvm::Error getBool(const YAML::Node &N, StringRef Key, bool &Out) const {
    if (!N.IsScalar() || !YAML::convert<bool>::decode(N, Out))
      return errorAt(N, "'" + Key + "' must be true or false" + got(N));
    return llvm::Error::success();
  }

  /// An integer of at least \p Min and, when \p Max is given, at most Max
  /// (the message then gives the range).
  template <typename T>
  llvm::Error getInt(const YAML::Node &N, StringRef Key, T &Out,
                     long long Min = 0,
                     std::optional<long long> Max = std::nullopt) const {
    long long V;
    if (!N.IsScalar() || !YAML::convert<long long>::decode(N, V) || V < Min ||
        (Max && V > *Max))
      return errorAt(N, "'" + Key + "' must be an integer" +
                            (Max ? " from " + std::to_string(Min) + " to " +
                                       std::to_string(*Max)
                             : Min == 0 ? std::string(" >= 0")
                                        : std::string()) +
                            got(N));
    Out = static_cast<T>(V);
    return llvm::Error::success();
  }

  llvm::Error getDouble(const YAML::Node &N, StringRef Key, double &Out) const {
    if (!N.IsScalar() || !YAML::convert<double>::decode(N, Out))
      return errorAt(N, "'" + Key + "' must be a number" + got(N));
    return llvm::Error::success();
  }

  llvm::Error getString(const YAML::Node &N, StringRef Key,
                        std::string &Out) const {
    if (!N.IsScalar())
      return errorAt(N, "'" + Key + "' must be a string" + got(N));
    Out = N.Scalar();
    return llvm::Error::success();
  }

  llvm::Error getWord(const YAML::Node &N, StringRef Key,
                      llvm::ArrayRef<StringRef> Words, std::string &Out) const {
    if (llvm::Error E = getString(N, Key, Out))
      return E;
    if (llvm::is_contained(Words, StringRef(Out)))
      return llvm::Error::success();
    std::string Message = "invalid value '" + Out + "' for '" + Key.str() + "'";
    if (auto Near = nearest(Out, Words))
      Message += "; did you mean '" + Near->str() + "'?";
    return errorAt(N, Message, "valid values: " + joinWords(Words));
  }

  /// One value of an enum, spelled as \p Name spells it: the same table
  /// serves parsing, messages and the valid values listed in errors.
  template <typename EnumT, size_t Count>
  llvm::Error getEnum(const YAML::Node &N, StringRef Key,
                      const EnumT (&Values)[Count], StringRef (*Name)(EnumT),
                      EnumT &Out) const {
    llvm::SmallVector<StringRef, 4> Words;
    for (EnumT V : Values)
      Words.push_back(Name(V));
    std::string Word;
    if (llvm::Error E = getWord(N, Key, Words, Word))
      return E;
    for (EnumT V : Values)
      if (Name(V) == Word)
        Out = V;
    return llvm::Error::success();
  }

  /// A scalar or a list of scalars.
  llvm::Error getStrings(const YAML::Node &N, StringRef Key,
                         std::vector<std::pair<std::string, YAML::Node>> &Out)
      const {
    if (N.IsScalar()) {
      Out.push_back({N.Scalar(), N});
      return llvm::Error::success();
    }
    if (!N.IsSequence())
      return errorAt(N, "'" + Key + "' must be a string or a list of strings");
    for (const auto &Item : N) {
      if (!Item.IsScalar())
        return errorAt(Item, "'" + Key + "' must list strings" + got(Item));
      Out.push_back({Item.Scalar(), Item});
    }
    return llvm::Error::success();
  }

  static std::string got(const YAML::Node &N) {
    if (N.IsScalar())
      return ", not '" + N.Scalar() + "'";
    if (N.IsSequence())
      return ", not a list";
    if (N.IsMap())
      return ", not a mapping";
    return ", not null";
  }

  llvm::Error getPatterns(const YAML::Node &N, StringRef Key, bool Regex,
                          std::vector<NamePattern> &Out) const {
    std::vector<std::pair<std::string, YAML::Node>> Texts;
    if (llvm::Error E = getStrings(N, Key, Texts))
      return E;
    for (auto &[Text, Node] : Texts) {
      auto P = Regex ? NamePattern::regex(Text) : NamePattern::glob(Text);
      if (!P)
        return errorAt(Node, "invalid " + llvm::Twine(Regex ? "regex" : "glob") +
                                 " '" + Text +
                                 "': " + llvm::toString(P.takeError()));
      Out.push_back(std::move(*P));
    }
    return llvm::Error::success();
  }

  //--- Sections ------------------------------------------------------------===//

  llvm::Error loadSettings(const YAML::Node &N, RuntimeSettings &S);
  llvm::Error loadRule(const YAML::Node &N, unsigned Index, Rule &R);
  llvm::Error loadSelector(const YAML::Node &N, SiteSelector &S);
  llvm::Error loadOrdinals(const YAML::Node &N, SiteSelector &S);
  llvm::Error loadCommon(const YAML::Node &N, StringRef Key, Phases &When,
                         TensorSet &Tensors);
  llvm::Error loadGuards(const YAML::Node &N, InputGuardSection &G);
  llvm::Error loadBuffers(const YAML::Node &N, BufferSection &B);
  llvm::Error loadGuard(const YAML::Node &N, InputGuardRule &G);
  llvm::Error loadFailAction(const YAML::Node &N, FailAction &F);
  llvm::Error loadDimRef(const YAML::Node &N, DimReference &D);

  std::string Path;
  StringRef Text;
};

llvm::Error Loader::loadFailAction(const YAML::Node &N, FailAction &F) {
  return getEnum(N, "on_fail", AllFailActions, failActionName, F);
}

llvm::Error Loader::loadCommon(const YAML::Node &N, StringRef Key,
                               Phases &When, TensorSet &Tensors) {
  if (const YAML::Node W = N["when"])
    if (llvm::Error E = getEnum(W, "when", AllPhases, phasesName, When))
      return E;
  if (const YAML::Node T = N["tensors"])
    if (llvm::Error E =
            getEnum(T, "tensors", AllTensorSets, tensorSetName, Tensors))
      return E;
  return llvm::Error::success();
}

/// `buffers: {redzone: true | {bytes: 64, on_fail: throw}, poison: true |
/// {byte: 0xA5}}`.
llvm::Error Loader::loadBuffers(const YAML::Node &N, BufferSection &B) {
  B.Loc = locOf(N);
  if (llvm::Error E = expectMapOf(N, "'buffers'", BufferKeys, "buffers"))
    return E;
  if (const YAML::Node V = N["redzone"]) {
    bool On = true;
    if (V.IsMap()) {
      if (llvm::Error E = checkKeys(V, RedzoneKeys, "redzone"))
        return E;
      B.RedzoneBytes = 64;
      if (const YAML::Node Bytes = V["bytes"]) {
        if (llvm::Error E = getInt(Bytes, "bytes", B.RedzoneBytes))
          return E;
        // A multiple of 16: the data stays 16-byte aligned (Triton's
        // assumption) and whole elements of every dtype fit.
        if (B.RedzoneBytes < 16 || B.RedzoneBytes > 65536 ||
            B.RedzoneBytes % 16)
          return errorAt(Bytes, "'bytes' must be a multiple of 16 from 16 "
                                "to 65536" + got(Bytes));
      }
      if (const YAML::Node F = V["on_fail"])
        if (llvm::Error E = loadFailAction(F, B.RedzoneOnFail))
          return E;
    } else if (llvm::Error E = getBool(V, "redzone", On)) {
      return E;
    } else {
      B.RedzoneBytes = On ? 64 : 0;
    }
  }
  if (const YAML::Node V = N["poison"]) {
    if (V.IsMap()) {
      if (llvm::Error E = checkKeys(V, PoisonKeys, "poison"))
        return E;
      B.Poison = true;
      if (const YAML::Node Byte = V["byte"]) {
        if (llvm::Error E = getInt(Byte, "byte", B.PoisonByte))
          return E;
        if (B.PoisonByte > 255)
          return errorAt(Byte, "'byte' must be from 0 to 255" + got(Byte));
      }
    } else if (llvm::Error E = getBool(V, "poison", B.Poison)) {
      return E;
    }
  }
  return llvm::Error::success();
}

llvm::Error Loader::loadSettings(const YAML::Node &N, RuntimeSettings &S) {
  if (llvm::Error E = expectMapOf(N, "'settings'", SettingsKeys, "settings"))
    return E;
  std::pair<const char *, std::string *> Strings[] = {
      {"disable_env", &S.DisableEnv}, {"log_env", &S.LogEnv},
      {"jsonl_env", &S.JsonlEnv},     {"jsonl", &S.JsonlPath},
      {"save_dir", &S.SaveDir}};
  for (auto &[Key, Field] : Strings)
    if (const YAML::Node V = N[Key])
      if (llvm::Error E = getString(V, Key, *Field))
        return E;
  if (const YAML::Node V = N["max_print_values"])
    if (llvm::Error E = getInt(V, "max_print_values", S.MaxPrintValues))
      return E;
  if (const YAML::Node V = N["check_inputs"])
    if (llvm::Error E = getEnum(V, "check_inputs", AllInputChecks,
                                inputCheckName, S.CheckInputs))
      return E;
  if (const YAML::Node Calls = N["calls"]) {
    if (llvm::Error E = expectMapOf(Calls, "'calls'", CallsKeys, "calls"))
      return E;
    if (const YAML::Node V = Calls["first"])
      if (llvm::Error E = getInt(V, "first", S.FirstCalls))
        return E;
    if (const YAML::Node V = Calls["every"])
      if (llvm::Error E = getInt(V, "every", S.EveryCalls))
        return E;
  }
  return llvm::Error::success();
}

/// `ordinals: 3`, `"0-10,15"`, `"40-"`, or a list of those.
llvm::Error Loader::loadOrdinals(const YAML::Node &N, SiteSelector &S) {
  std::vector<std::pair<std::string, YAML::Node>> Items;
  if (llvm::Error E = getStrings(N, "ordinals", Items))
    return E;
  for (auto &[Text, Node] : Items) {
    llvm::SmallVector<StringRef, 4> Parts;
    StringRef(Text).split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Part : Parts) {
      Part = Part.trim();
      auto [Lo, Hi] = Part.split('-');
      unsigned First = 0, Last = 0;
      bool Open = Part.contains('-') && Hi.trim().empty();
      if (Lo.trim().getAsInteger(10, First) ||
          (!Open && Part.contains('-') && Hi.trim().getAsInteger(10, Last)))
        return errorAt(Node, "invalid ordinal range '" + Part +
                                 "'; expected N, N-M or N-");
      if (!Part.contains('-'))
        Last = First;
      if (Open)
        Last = ~0u;
      if (Last < First)
        return errorAt(Node, "empty ordinal range '" + Part + "'");
      S.Ordinals.push_back({First, Last});
    }
  }
  return llvm::Error::success();
}

llvm::Error Loader::loadSelector(const YAML::Node &N, SiteSelector &S) {
  if (N.IsNull())
    return llvm::Error::success(); // `match:` with nothing: every site.
  if (llvm::Error E = expectMapOf(N, "'match'", MatchKeys, "match"))
    return E;
  struct PatternKey {
    const char *Key;
    bool Regex;
    std::vector<NamePattern> *Out;
  } PatternKeys[] = {{"kernel", false, &S.Kernel},
                     {"kernel_regex", true, &S.Kernel},
                     {"source_nodes", false, &S.SourceNodes},
                     {"source_nodes_regex", true, &S.SourceNodes},
                     {"aten", false, &S.AtenOps},
                     {"aten_regex", true, &S.AtenOps},
                     {"tensors", false, &S.Tensors},
                     {"tensors_regex", true, &S.Tensors}};
  for (const PatternKey &K : PatternKeys)
    if (const YAML::Node V = N[K.Key])
      if (llvm::Error E = getPatterns(V, K.Key, K.Regex, *K.Out))
        return E;
  if (const YAML::Node V = N["kind"]) {
    std::vector<std::pair<std::string, YAML::Node>> Kinds;
    if (llvm::Error E = getStrings(V, "kind", Kinds))
      return E;
    for (auto &[Text, Node] : Kinds) {
      std::string Word;
      if (llvm::Error E = getWord(Node, "kind", allKindNames(), Word))
        return E;
      S.Kinds.push_back(*parseKindName(Word));
    }
  }
  if (const YAML::Node V = N["ordinals"])
    if (llvm::Error E = loadOrdinals(V, S))
      return E;
  if (const YAML::Node V = N["function"]) {
    std::string Word;
    if (llvm::Error E = getWord(V, "function", Functions, Word))
      return E;
    S.Function = Word;
  }
  return llvm::Error::success();
}

llvm::Error Loader::loadRule(const YAML::Node &N, unsigned Index, Rule &R) {
  R.Loc = locOf(N);
  if (llvm::Error E = expectMapOf(N, "a rule", RuleKeys, "a rule"))
    return E;
  R.Name = "rule " + std::to_string(Index + 1);
  if (const YAML::Node V = N["name"])
    if (llvm::Error E = getString(V, "name", R.Name))
      return E;
  if (const YAML::Node V = N["match"])
    if (llvm::Error E = loadSelector(V, R.Match))
      return E;
  if (const YAML::Node V = N["sync"])
    if (llvm::Error E = getBool(V, "sync", R.Sync))
      return E;
  if (const YAML::Node V = N["breadcrumb"]) {
    // `{fence: false}` once asked for CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER,
    // which the driver's v2 stream memory operations refuse: say so.
    if (V.IsMap() && V["fence"])
      return errorAt(V["fence"],
                     "'breadcrumb: {fence: ...}' is not supported: the "
                     "driver's stream memory operations always order the "
                     "kernel's stores before the breadcrumb",
                     "write 'breadcrumb: true'");
    if (V.IsMap()) {
      if (llvm::Error E = checkKeys(V, BreadcrumbKeys, "breadcrumb"))
        return E;
      R.Breadcrumb = true;
      if (const YAML::Node Every = V["every"])
        if (llvm::Error E = getInt(Every, "every", R.BreadcrumbEvery, 1,
                                   kMaxBreadcrumbEvery))
          return E;
    } else if (llvm::Error E = getBool(V, "breadcrumb", R.Breadcrumb)) {
      return E;
    }
  }

  // Each action is `true`/`false`, or a mapping of its options.
  if (const YAML::Node V = N["nan_check"]) {
    bool On = true;
    if (!V.IsMap()) {
      if (llvm::Error E = getBool(V, "nan_check", On))
        return E;
    }
    if (On) {
      NanCheckAction A;
      if (V.IsMap()) {
        if (llvm::Error E = checkKeys(V, NanKeys, "nan_check"))
          return E;
        if (llvm::Error E = loadCommon(V, "nan_check", A.When, A.Tensors))
          return E;
        std::string Word;
        if (const YAML::Node C = V["check"]) {
          if (llvm::Error E = getWord(C, "check", {"nan", "inf", "both"}, Word))
            return E;
          A.Nan = Word != "inf";
          A.Inf = Word != "nan";
        }
        if (const YAML::Node F = V["on_fail"])
          if (llvm::Error E = loadFailAction(F, A.OnFail))
            return E;
        if (const YAML::Node D = V["defer"])
          if (llvm::Error E = getBool(D, "defer", A.Defer))
            return E;
        if (const YAML::Node B = V["batch"])
          if (llvm::Error E = getBool(B, "batch", A.Batch))
            return E;
      }
      R.NanCheck = A;
    }
  }
  if (const YAML::Node V = N["print"]) {
    PrintAction A;
    bool On = true;
    if (V.IsMap()) {
      if (llvm::Error E = checkKeys(V, PrintKeys, "print"))
        return E;
      if (llvm::Error E = loadCommon(V, "print", A.When, A.Tensors))
        return E;
      if (const YAML::Node L = V["level"])
        if (llvm::Error E =
                getEnum(L, "level", AllPrintDetails, printDetailName, A.Detail))
          return E;
      if (const YAML::Node D = V["defer"])
        if (llvm::Error E = getBool(D, "defer", A.Defer))
          return E;
      if (const YAML::Node B = V["batch"])
        if (llvm::Error E = getBool(B, "batch", A.Batch))
          return E;
    } else if (V.IsScalar() && !YAML::convert<bool>::decode(V, On)) {
      // `print: names` is short for `print: {level: names}`.
      if (llvm::Error E =
              getEnum(V, "print", AllPrintDetails, printDetailName, A.Detail))
        return E;
    } else if (!V.IsScalar()) {
      return errorAt(V, "'print' must be true, false, a level (names, stats, "
                        "values) or a mapping");
    }
    if (On)
      R.Print = A;
  }
  if (const YAML::Node V = N["save"]) {
    bool On = true;
    SaveAction A;
    if (V.IsMap()) {
      if (llvm::Error E = checkKeys(V, SaveKeys, "save"))
        return E;
      if (llvm::Error E = loadCommon(V, "save", A.When, A.Tensors))
        return E;
    } else if (llvm::Error E = getBool(V, "save", On)) {
      return E;
    }
    if (On)
      R.Save = A;
  }
  if (!R.Sync && !R.Breadcrumb && !R.NanCheck && !R.Print && !R.Save)
    return errorAt(N, "rule '" + R.Name + "' has no action",
                   "give it one of: sync, breadcrumb, nan_check, print, save");
  return llvm::Error::success();
}

/// `arg0_1.1` or `#0.1`.
llvm::Error Loader::loadDimRef(const YAML::Node &N, DimReference &D) {
  std::string Text;
  if (llvm::Error E = getString(N, "equal_dims", Text))
    return E;
  auto [Input, Dim] = StringRef(Text).rsplit('.');
  if (Input.empty() || Dim.getAsInteger(10, D.Dim))
    return errorAt(N, "invalid dimension reference '" + Text +
                          "'; expected INPUT.DIM, e.g. arg0_1.0 or #0.1");
  D.Input = Input.str();
  return llvm::Error::success();
}

llvm::Error Loader::loadGuard(const YAML::Node &N, InputGuardRule &G) {
  G.Loc = locOf(N);
  if (llvm::Error E = expectMapOf(N, "an input guard", GuardKeys, "an input guard"))
    return E;
  const YAML::Node In = N["input"];
  if (!In)
    return errorAt(N, "input guard needs 'input' (a name such as arg0_1, or "
                      "an index)");
  unsigned Index;
  if (In.IsScalar() && YAML::convert<unsigned>::decode(In, Index))
    G.Index = Index;
  else if (llvm::Error E = getString(In, "input", G.Name))
    return E;
  std::string Word;
  if (const YAML::Node V = N["dtype"]) {
    if (llvm::Error E = getWord(V, "dtype", Dtypes, Word))
      return E;
    G.Dtype = Word;
  }
  if (const YAML::Node V = N["device"]) {
    if (llvm::Error E = getWord(V, "device", Devices, Word))
      return E;
    G.Device = Word;
  }
  if (const YAML::Node V = N["rank"]) {
    unsigned Rank;
    if (llvm::Error E = getInt(V, "rank", Rank))
      return E;
    G.Rank = Rank;
  }
  if (const YAML::Node V = N["dims"]) {
    // A list (one entry per dimension) or a mapping of dimension to bound.
    // Each bound: N, [MIN, MAX] (null for an open end), or null (any).
    auto AddBound = [&](unsigned Dim, const YAML::Node &B) -> llvm::Error {
      if (B.IsNull())
        return llvm::Error::success();
      int64_t Lo = -1, Hi = -1;
      if (B.IsScalar()) {
        if (llvm::Error E = getInt(B, "dims", Lo))
          return E;
        Hi = Lo;
      } else if (B.IsSequence() && B.size() == 2) {
        if (!B[0].IsNull())
          if (llvm::Error E = getInt(B[0], "dims", Lo))
            return E;
        if (!B[1].IsNull())
          if (llvm::Error E = getInt(B[1], "dims", Hi))
            return E;
        if (Lo >= 0 && Hi >= 0 && Hi < Lo)
          return errorAt(B, "empty dimension range");
      } else {
        return errorAt(B, "a dimension bound must be N, [MIN, MAX] or null");
      }
      G.Dims[Dim] = {Lo, Hi};
      return llvm::Error::success();
    };
    if (V.IsSequence()) {
      // A list names every dimension: it gives the rank too.
      if (G.Rank && *G.Rank != V.size())
        return errorAt(V, "'dims' lists " + std::to_string(V.size()) +
                              " dimensions but 'rank' is " +
                              std::to_string(*G.Rank));
      G.Rank = V.size();
      for (unsigned I = 0; I < V.size(); ++I)
        if (llvm::Error E = AddBound(I, V[I]))
          return E;
    } else if (V.IsMap()) {
      if (!G.Rank)
        return errorAt(V, "'dims' as a mapping needs 'rank' too");
      for (const auto &KV : V) {
        unsigned Dim;
        if (llvm::Error E = getInt(KV.first, "dims", Dim))
          return E;
        if (Dim >= *G.Rank)
          return errorAt(KV.first, "dimension " + std::to_string(Dim) +
                                       " is out of range for rank " +
                                       std::to_string(*G.Rank));
        if (llvm::Error E = AddBound(Dim, KV.second))
          return E;
      }
    } else {
      return errorAt(V, "'dims' must be a list or a mapping" + got(V));
    }
  }
  if (const YAML::Node V = N["contiguous"])
    if (llvm::Error E = getBool(V, "contiguous", G.Contiguous))
      return E;
  if (const YAML::Node V = N["aligned"]) {
    if (llvm::Error E = getInt(V, "aligned", G.Alignment))
      return E;
    if (G.Alignment && (G.Alignment & (G.Alignment - 1)))
      return errorAt(V, "'aligned' must be a power of two");
  }
  if (const YAML::Node V = N["values"]) {
    if (!V.IsSequence() || V.size() != 2)
      return errorAt(V, "'values' must be [MIN, MAX]");
    double Lo, Hi;
    if (llvm::Error E = getDouble(V[0], "values", Lo))
      return E;
    if (llvm::Error E = getDouble(V[1], "values", Hi))
      return E;
    if (Hi < Lo)
      return errorAt(V, "empty value range");
    G.ValueRange = {Lo, Hi};
  }
  if (const YAML::Node V = N["finite"])
    if (llvm::Error E = getBool(V, "finite", G.Finite))
      return E;
  return llvm::Error::success();
}

llvm::Error Loader::loadGuards(const YAML::Node &N, InputGuardSection &G) {
  G.Loc = locOf(N);
  if (llvm::Error E = expectMapOf(N, "'input_guards'", GuardSectionKeys, "input_guards"))
    return E;
  if (const YAML::Node V = N["enforce_aoti_checks"])
    if (llvm::Error E = getBool(V, "enforce_aoti_checks", G.EnforceAotiChecks))
      return E;
  if (const YAML::Node V = N["on_fail"])
    if (llvm::Error E = loadFailAction(V, G.OnFail))
      return E;
  if (const YAML::Node V = N["inputs"]) {
    if (!V.IsSequence())
      return errorAt(V, "'inputs' must be a list of input guards");
    for (const auto &Item : V) {
      InputGuardRule Guard;
      if (llvm::Error E = loadGuard(Item, Guard))
        return E;
      G.Inputs.push_back(std::move(Guard));
    }
  }
  if (const YAML::Node V = N["equal_dims"]) {
    if (!V.IsSequence())
      return errorAt(V, "'equal_dims' must be a list of groups");
    for (const auto &Group : V) {
      if (!Group.IsSequence() || Group.size() < 2)
        return errorAt(Group, "each 'equal_dims' group must list at least "
                              "two dimensions, e.g. [arg0_1.0, arg1_1.0]");
      std::vector<DimReference> Refs;
      for (const auto &Item : Group) {
        DimReference D;
        if (llvm::Error E = loadDimRef(Item, D))
          return E;
        Refs.push_back(std::move(D));
      }
      G.EqualDims.push_back(std::move(Refs));
    }
  }
  return llvm::Error::success();
}

llvm::Error Loader::load(RuleSet &Out) {
  if (Text.trim().empty())
    return makeToolError(ExitCode::RulesError, Path, "rules file is empty",
                         "see yaml-rules/README.md for the format, or start "
                         "from a preset in yaml-rules/");
  if (std::optional<RulesLocation> L = tooDeep(Text))
    return errorAt(*L, "YAML collections nest deeper than " +
                           llvm::Twine(MaxNesting) +
                           " levels; a rules file needs three");
  YAML::Node Root;
  try {
    Root = YAML::Load(Text.str());
  } catch (const YAML::Exception &E) {
    RulesLocation L{static_cast<unsigned>(E.mark.line + 1),
                    static_cast<unsigned>(E.mark.column + 1)};
    return errorAt(L, "malformed YAML: " + E.msg);
  }
  if (Root.IsNull())
    return makeToolError(ExitCode::RulesError, Path,
                         "rules file is empty (only comments)");
  if (!Root.IsMap())
    return errorAt(Root, "a rules file must be a mapping with 'rules' "
                         "and/or 'input_guards'");
  if (llvm::Error E = checkKeys(Root, TopKeys, "the rules file"))
    return E;
  if (const YAML::Node V = Root["version"]) {
    unsigned Version;
    if (llvm::Error E = getInt(V, "version", Version))
      return E;
    if (Version != 1)
      return errorAt(V, "unsupported rules version " + std::to_string(Version) +
                            "; this tool reads version 1");
  }
  if (const YAML::Node V = Root["description"]) {
    if (llvm::Error E = getString(V, "description", Out.Description))
      return E;
    if (StringRef(Out.Description).contains('\n'))
      return errorAt(V, "'description' must be one line (--list-presets "
                        "prints it after the preset's name)");
  }
  if (const YAML::Node V = Root["settings"])
    if (llvm::Error E = loadSettings(V, Out.Settings))
      return E;
  if (const YAML::Node V = Root["input_guards"]) {
    InputGuardSection G;
    if (llvm::Error E = loadGuards(V, G))
      return E;
    Out.Guards = std::move(G);
  }
  if (const YAML::Node V = Root["buffers"]) {
    BufferSection B;
    if (llvm::Error E = loadBuffers(V, B))
      return E;
    Out.Buffers = B;
  }
  if (const YAML::Node V = Root["rules"]) {
    if (!V.IsSequence())
      return errorAt(V, "'rules' must be a list of rules");
    llvm::StringMap<RulesLocation> Names;
    std::map<std::string, RulesLocation> Bodies;
    for (unsigned I = 0; I < V.size(); ++I) {
      Rule R;
      if (llvm::Error E = loadRule(V[I], I, R))
        return E;
      if (V[I]["name"]) {
        auto [It, New] = Names.try_emplace(R.Name, R.Loc);
        if (!New)
          return errorAt(V[I], "duplicate rule name '" + R.Name + "'",
                         "first defined at " + where(It->second));
      }
      // Identical match and actions under another name is a copy-paste slip.
      YAML::Node Body = YAML::Clone(V[I]);
      Body.remove("name");
      auto [It, New] = Bodies.try_emplace(YAML::Dump(Body), R.Loc);
      if (!New)
        return errorAt(V[I], "rule '" + R.Name + "' duplicates the rule at " +
                                 where(It->second));
      Out.Rules.push_back(std::move(R));
    }
  }
  if (Out.Rules.empty() && !Out.Guards && !Out.Buffers)
    return errorAt(Root, "rules file has none of 'rules', 'input_guards' "
                         "and 'buffers'");
  return llvm::Error::success();
}

} // namespace

llvm::Expected<RuleSet> aoti::parseRules(StringRef Text, StringRef Path) {
  RuleSet Out;
  Out.Path = Path.str();
  Out.Text = Text.str();
  Out.Digest = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                           /*LowerCase=*/true);
  Loader L(Path, Out.Text);
  if (llvm::Error E = L.load(Out))
    return std::move(E);
  return Out;
}

llvm::Expected<RuleSet> aoti::loadRules(StringRef Path) {
  // A rules file is a page or two; a bigger one is not read into YAML.
  constexpr uint64_t MaxRulesBytes = 1 << 20;
  uint64_t Size = 0;
  if (!llvm::sys::fs::file_size(Path, Size) && Size > MaxRulesBytes)
    return makeToolError(ExitCode::RulesError, Path.str(),
                         "rules file is " + std::to_string(Size) +
                             " bytes, more than the 1 MiB a rules file may "
                             "have");
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return makeToolError(ExitCode::RulesError, Path.str(),
                         "cannot open rules file: " +
                             Buffer.getError().message());
  return parseRules((*Buffer)->getBuffer(), Path);
}
