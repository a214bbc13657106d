//===- RulesLoader.cpp - Read a YAML rules file ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With YAMLDict, the only code that knows YAML. Each mapping's keys are
// registered once (a function per mapping, `...Keys`), each with its
// handler and its row of the schema tables in yaml-rules/README.md. Every
// problem is reported at the position of the offending node, clang-style:
// `rules.yaml:LINE:COL: error: ...`.
//
//===----------------------------------------------------------------------===//

#include "Rules/Rules.h"
#include "Rules/YAMLDict.h"
#include "Support/AOTINames.h"
#include "Support/RegularFile.h"
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

const RulesSource &RuleSet::sourceOf(RulesLocation Loc) const {
  static const RulesSource None;
  if (Sources.empty())
    return None;
  return Sources[Loc.Source < Sources.size() ? Loc.Source : 0];
}

std::string RuleSet::where(RulesLocation Loc) const {
  return formatRulesLocation(sourceOf(Loc).Path, Loc);
}

std::string RuleSet::path() const {
  std::string Out;
  for (const RulesSource &Src : Sources)
    Out += (Out.empty() ? "" : " + ") + Src.Path;
  return Out;
}

std::string RuleSet::digest() const {
  if (Sources.size() <= 1)
    return Sources.empty() ? "" : Sources.front().Digest;
  std::string Lines;
  for (const RulesSource &Src : Sources)
    Lines += Src.Digest + "\n";
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Lines)),
                     /*LowerCase=*/true);
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

StringRef aoti::watchdogActionName(WatchdogAction A) {
  switch (A) {
  case WatchdogAction::Report:
    return "report";
  case WatchdogAction::Abort:
    return "abort";
  case WatchdogAction::Dump:
    return "dump";
  }
  return "";
}

std::optional<unsigned> aoti::parseWatchdogAfter(StringRef Text) {
  Text = Text.trim();
  double Scale = 1000.0;
  if (Text.consume_back("ms"))
    Scale = 1.0;
  else if (Text.consume_back("s"))
    Scale = 1000.0;
  else if (Text.consume_back("m"))
    Scale = 60000.0;
  double V = 0;
  if (Text.trim().getAsDouble(V) || !(V > 0) || V * Scale < 1 ||
      V * Scale > 86400e3)
    return std::nullopt;
  return static_cast<unsigned>(V * Scale);
}

namespace {

const StringRef Dtypes[] = {
    "float32",       "float16",     "bfloat16", "float64", "int64",
    "int32",         "int16",       "int8",     "uint8",   "bool",
    "float8_e4m3fn", "float8_e5m2", "complex64"};
const StringRef Devices[] = {names::CudaDevice, "cpu"};
const StringRef Functions[] = {names::RunImpl, names::ConstRunImpl};
/// What `nan_check: {check: ...}` counts: NaN, Inf or both.
const StringRef NanCheckWords[] = {"nan", "inf", "both"};
const Phases AllPhases[] = {Phases::Before, Phases::After, Phases::Both};
const TensorSet AllTensorSets[] = {TensorSet::Inputs, TensorSet::Outputs,
                                   TensorSet::All};
const FailAction AllFailActions[] = {FailAction::Throw, FailAction::Abort,
                                     FailAction::Warn};
const InputCheck AllInputChecks[] = {InputCheck::Throw, InputCheck::Abort,
                                     InputCheck::Warn, InputCheck::Off};
const WatchdogAction AllWatchdogActions[] = {
    WatchdogAction::Report, WatchdogAction::Abort, WatchdogAction::Dump};
const PrintDetail AllPrintDetails[] = {PrintDetail::Names, PrintDetail::Stats,
                                       PrintDetail::Values};

/// The canary bytes `redzone: true` puts before and after each buffer.
constexpr unsigned DefaultRedzoneBytes = 64;

//===----------------------------------------------------------------------===//
// The longest notes of the schema tables (yaml-rules/README.md)
//===----------------------------------------------------------------------===//

const char BreadcrumbNote[] =
    "after the launch: record its ordinal in host-mapped memory in stream "
    "order (one `cuStreamWriteValue32`, whose memory barrier orders the "
    "kernel's stores, and a faulting store, before the crumb); a later CUDA "
    "error report names the first launch that did not complete. Where the "
    "driver refuses stream memory operations, the crumbs are host functions "
    "(`cudaLaunchHostFunc`, far dearer on the host) and the runtime warns "
    "once. `{every: N}` (1 to 64) writes the crumb after every Nth launch "
    "of the stream only, a quarter of the cost at N = 4: the report then "
    "lists the launches after the last crumb that completed (up to N), the "
    "faulting one among them, and gives the rule that makes those launches "
    "exact if the fault comes again (`{name: exact-window, match: "
    "{ordinals: \"40-44\"}, breadcrumb: true}`: add it to the rules file "
    "beside the sparse rule, or put it in a file of its own and give both: "
    "`-rules pinpoint-ima-sparse -rules window.yaml`). `{window: N}` (1 to "
    "64) writes a crumb where it closes a window of at most N launches of "
    "the stream in which no Triton kernel runs twice, placed in the "
    "wrapper's launch order when it is instrumented (the last launch of a "
    "function closes one too; a kernel that repeats before the window holds "
    "N/2 launches does not close it, so the crumbs are never denser than "
    "one per N/2 launches): a core dump, which names the faulting kernel, "
    "then picks the one launch of it in the window (`aoti-instrument "
    "explain`), and the windows are longer where kernels do not repeat. "
    "Where rules overlap, the densest wins (at equal N, `window`). An "
    "event per launch would be cheaper still but cannot be read after a "
    "sticky fault (docs/benchmarks.md). `breadcrumb: {fence: false}` (an "
    "unfenced write) is an error: the driver's v2 stream memory operations "
    "refuse `CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER`";

const char NanDeferValue[] =
    "bool. CUDA: count on the device with no host sync per launch; read the "
    "counts once at the end of the run and report the first launch (in "
    "launch order) whose tensors held a NaN, then fail as `on_fail` says. "
    "The report is the same; it comes when the run ends instead of right "
    "after the kernel. If several rules check one site, it is deferred only "
    "if all of them say so";

const char NanBatchValue[] =
    "bool. With `defer`, when every launch runs on run_impl's stream: the "
    "counts of several launches go to the device in one launch (up to 32 "
    "tensors, or 16 MiB of them), sent before any launch that writes their "
    "bytes, before the runtime's own writes and at the end of the run. The "
    "storage of a tensor waiting for its count is held until the count is "
    "launched (a freed buffer is not handed to another tensor before then), "
    "so up to 16 MiB of freed buffers are held a little longer. `false` in "
    "any rule (here or in `print`): one count launch per probe";

const char PrintLevelValue[] =
    "`names` (one line per launch), `stats` (a line per tensor: dtype, "
    "shape, strides, device, numel, min, max, mean, NaN and Inf counts), "
    "`values` (stats plus up to `settings.max_print_values` values)";

const char PrintDeferValue[] =
    "bool. CUDA, `stats` level: take the statistics on the device with no "
    "host sync per launch and write the run's lines at its end, in launch "
    "order (when a kernel faults: the lines of the launches that completed, "
    "then the error). `names` lines are written right away anyway; "
    "`values` prints are never deferred. If several rules print at one "
    "site, it is deferred only if all of them say so";

const char PrintBatchValue[] =
    "bool. With `defer`, when every launch runs on run_impl's stream: the "
    "statistics of several launches go to the device in one launch (up to "
    "16 tensors, or 16 MiB of them), sent before any launch that writes "
    "their bytes (a launch's before-statistics of its outputs go right "
    "before it), before the runtime's own writes and at the end of the run; "
    "their storage is held until then, as for `nan_check`'s `batch`. "
    "`false` in any rule (here or in `nan_check`): one statistics launch "
    "per probe";

const char RedzoneValue[] =
    "`true` (64 bytes), `false`, or `{bytes: N, on_fail: throw}`: N (a "
    "multiple of 16, 16 to 65536) bytes of a canary (0xCB) before and after "
    "each allocated buffer. The buffer becomes a view of a larger storage, "
    "same dtype, sizes and strides, 16-byte aligned: outputs stay "
    "bit-identical. Every launch of `run_impl` that passes a tensor it may "
    "write gets an after-probe: on the CPU it checks the redzones of the "
    "buffers it wrote and reports `#1 cpp_fused_relu_0 (wrapper.cpp:694) "
    "wrote past the end of buf1 (allocated as buf0; bytes 0..31 past its "
    "end, in its 64-byte redzone) in run 1`; on CUDA the probe records the "
    "launch as a writer and all redzones are read at the end of the run "
    "(one sync), the report naming the buffer and the launches that wrote "
    "it (one: named as the culprit). `on_fail` as for `nan_check`. The "
    "storage of every buffer is kept until the run ends, so that a redzone "
    "is not handed to another buffer before it is read: peak memory grows "
    "up to the sum of run_impl's buffers. A write past the end of a reused "
    "buffer's smaller view, or between the buffers of a pool, is not seen";

const char PoisonValue[] =
    "`true`, `false`, or `{byte: B}`: fill each allocated buffer, and each "
    "reused one whose first user writes it (a reuse read by its first user "
    "is an in-place update: its data is live and is left alone), before "
    "that user runs: 0xFF bytes in floating dtypes (a NaN in every one of "
    "them), B (default 0xA5) otherwise; but not a dense buffer whose first "
    "user is an out= matrix product given the whole buffer (`mm_out`, "
    "`addmm_out`, `bmm_out`, `baddbmm_out`: it writes every element; the "
    "summary counts these \"only where not dense\"). A kernel that reads "
    "what no one wrote in this role then makes NaN; pair it with a NaN "
    "check (`catch-uninit.yaml` does) to have the first launch named. "
    "Integer buffers show no NaN: compare outputs with poison on and off";

const char CheckInputsValue[] =
    "what a graph input that is not what the model was compiled for does: "
    "`throw` (the call fails), `abort`, `warn` (reported, the run goes on), "
    "`off` (not checked). Every rules file, every preset: at the start of "
    "each observed run, before any launch, each input's device type and "
    "index, dtype, rank, static dims, dim bounds and static strides are "
    "compared with what the wrapper's `check_input_N` says (whatever "
    "`AOTI_RUNTIME_CHECK_INPUTS` says), in a few shim calls per input "
    "(about 13 ns per input, "
    "`CompiledInputs.CostPerInputIsWellUnderAMicrosecond`). A mismatch is "
    "reported as the cause: `[aoti-instrument] run 1: wrong input: input 1 "
    "(arg1_1, 'bias'): dim 0 is 4, compiled for 8, checked before any "
    "launch` (event `input_mismatch`). The name in quotes is the user's, "
    "where the package says it: a keyword input's keyword (the wrapper's "
    "input spec; positional inputs are not named there); a name that is not "
    "plain printable text of at most 128 characters is left out";

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

std::string joinWords(llvm::ArrayRef<StringRef> Words) {
  return llvm::join(Words.begin(), Words.end(), ", ");
}

/// "`after`": a value as a schema table cell quotes it.
std::string quoted(StringRef Word) { return ("`" + Word + "`").str(); }

/// The words of an enum's values, as \p Name spells them.
template <typename EnumT, size_t Count>
llvm::SmallVector<StringRef, 4> wordsOf(const EnumT (&Values)[Count],
                                        StringRef (*Name)(EnumT)) {
  llvm::SmallVector<StringRef, 4> Words;
  for (EnumT V : Values)
    Words.push_back(Name(V));
  return Words;
}

class Loader {
public:
  Loader(StringRef Path, StringRef Text) : Path(Path.str()), Text(Text) {}

  llvm::Error load(RuleSet &Out);

  /// The keys of a rules file's top level (and, nested, of every mapping
  /// below it), read into \p Out.
  YAMLDict fileDict(RuleSet &Out);

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

  /// A dict whose problems are reported as errorAt reports them.
  YAMLDict dict(std::string Name, std::string Subject) const {
    return YAMLDict(std::move(Name), std::move(Subject),
                    [this](const YAML::Node &At, const llvm::Twine &Message,
                           std::string Hint) {
                      return errorAt(At, Message, std::move(Hint));
                    });
  }

  //--- Typed accessors ---------------------------------------------------===//

  llvm::Error expectMap(const YAML::Node &N, StringRef What) const {
    if (N.IsMap())
      return llvm::Error::success();
    return errorAt(N, What + " must be a mapping of keys to values");
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
    if (auto Near = closestWord(Out, Words))
      Message += "; did you mean '" + Near->str() + "'?";
    return errorAt(N, Message, "valid values: " + joinWords(Words));
  }

  llvm::Error getWord(const YAML::Node &N, StringRef Key,
                      llvm::ArrayRef<StringRef> Words,
                      std::optional<std::string> &Out) const {
    std::string Word;
    if (llvm::Error E = getWord(N, Key, Words, Word))
      return E;
    Out = std::move(Word);
    return llvm::Error::success();
  }

  /// One value of an enum, spelled as \p Name spells it: the same table
  /// serves parsing, messages and the valid values listed in errors.
  template <typename EnumT, size_t Count>
  llvm::Error getEnum(const YAML::Node &N, StringRef Key,
                      const EnumT (&Values)[Count], StringRef (*Name)(EnumT),
                      EnumT &Out) const {
    std::string Word;
    if (llvm::Error E = getWord(N, Key, wordsOf(Values, Name), Word))
      return E;
    for (EnumT V : Values)
      if (Name(V) == Word)
        Out = V;
    return llvm::Error::success();
  }

  /// A scalar or a list of scalars.
  llvm::Error
  getStrings(const YAML::Node &N, StringRef Key,
             std::vector<std::pair<std::string, YAML::Node>> &Out) const {
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
        return errorAt(Node, "invalid " +
                                 llvm::Twine(Regex ? "regex" : "glob") + " '" +
                                 Text + "': " + llvm::toString(P.takeError()));
      Out.push_back(std::move(*P));
    }
    return llvm::Error::success();
  }

  //--- The keys of each mapping: its schema table -----------------------===//

  void fileKeys(YAMLDict &D, RuleSet &Out);
  void settingsKeys(YAMLDict &D, RuntimeSettings &S);
  void watchdogKeys(YAMLDict &D, RuntimeSettings &S);
  void callsKeys(YAMLDict &D, RuntimeSettings &S);
  void guardSectionKeys(YAMLDict &D, InputGuardSection &G);
  void guardKeys(YAMLDict &D, InputGuardRule &G);
  void bufferKeys(YAMLDict &D, BufferSection &B);
  void redzoneKeys(YAMLDict &D, BufferSection &B);
  void poisonKeys(YAMLDict &D, BufferSection &B);
  void ruleKeys(YAMLDict &D, Rule &R);
  void actionKeys(YAMLDict &D, Rule &R);
  /// Reads the value of an action's key that is not a mapping.
  template <typename ActionT>
  using SwitchLoader = llvm::Error (Loader::*)(const YAML::Node &, StringRef,
                                               std::optional<ActionT> &);
  template <typename ActionT>
  void actionKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                 std::optional<ActionT> &Out,
                 void (Loader::*Keys)(YAMLDict &, ActionT &),
                 SwitchLoader<ActionT> Read = &Loader::loadSwitch<ActionT>);
  void selectorKeys(YAMLDict &D, SiteSelector &S);
  void breadcrumbKeys(YAMLDict &D, Rule &R);
  void nanCheckKeys(YAMLDict &D, NanCheckAction &A);
  void printKeys(YAMLDict &D, PrintAction &A);
  void saveKeys(YAMLDict &D, SaveAction &A);

  //--- Keys read by one function ----------------------------------------===//

  YAMLDict::Entry &boolKey(YAMLDict &D, StringRef Name, KeyDoc Doc, bool &Out);
  YAMLDict::Entry &intKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                          unsigned &Out);
  YAMLDict::Entry &wordKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                           llvm::ArrayRef<StringRef> Words,
                           std::optional<std::string> &Out);
  template <typename T>
  YAMLDict::Entry &loadKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                           llvm::Error (Loader::*Load)(const YAML::Node &,
                                                       StringRef, T &),
                           T &Out);
  template <typename EnumT, size_t Count>
  YAMLDict::Entry &enumKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                           const EnumT (&Values)[Count],
                           StringRef (*NameOf)(EnumT), EnumT &Out);

  //--- Keys of several mappings ------------------------------------------===//

  void phaseKeys(YAMLDict &D, Phases &When, TensorSet &Tensors);
  void deferKeys(YAMLDict &D, bool &Defer, bool &Batch, StringRef DeferValue,
                 StringRef BatchValue);
  void onFailKey(YAMLDict &D, FailAction &F, KeyDoc Doc);
  void patternKeys(YAMLDict &D, StringRef Name, StringRef Note,
                   std::vector<NamePattern> &Out);
  void stringKey(YAMLDict &D, StringRef Name, StringRef Value,
                 std::string &Out);

  //--- Values that take more than a typed accessor -----------------------===//

  llvm::Error loadVersion(const YAML::Node &N, StringRef Key);
  llvm::Error loadDescription(const YAML::Node &N, StringRef Key,
                              std::string &Out);
  template <typename ActionT>
  llvm::Error loadSwitch(const YAML::Node &N, StringRef Key,
                         std::optional<ActionT> &Out);
  llvm::Error loadPrintShorthand(const YAML::Node &N, StringRef Key,
                                 std::optional<PrintAction> &Out);
  llvm::Error loadNanCheckWord(const YAML::Node &N, StringRef Key,
                               NanCheckAction &A);
  llvm::Error loadKinds(const YAML::Node &N, StringRef Key,
                        std::vector<LaunchKind> &Out);
  llvm::Error loadOrdinals(const YAML::Node &N, StringRef Key,
                           std::vector<std::pair<unsigned, unsigned>> &Out);
  llvm::Error loadOrdinalRange(StringRef Part, const YAML::Node &N,
                               std::vector<std::pair<unsigned, unsigned>> &Out);
  llvm::Error loadInputRef(const YAML::Node &N, StringRef Key,
                           InputGuardRule &G);
  llvm::Error loadDims(const YAML::Node &N, StringRef Key, InputGuardRule &G);
  llvm::Error loadDimBound(const YAML::Node &N, StringRef Key, unsigned Dim,
                           InputGuardRule &G);
  llvm::Error loadAlignment(const YAML::Node &N, StringRef Key, unsigned &Out);
  llvm::Error loadValueRange(const YAML::Node &N, StringRef Key,
                             InputGuardRule &G);
  llvm::Error loadEqualDims(const YAML::Node &N, StringRef Key,
                            std::vector<std::vector<DimReference>> &Out);
  llvm::Error loadDimRef(const YAML::Node &N, StringRef Key, DimReference &D);
  llvm::Error loadRedzoneBytes(const YAML::Node &N, StringRef Key,
                               unsigned &Out);
  llvm::Error loadPoisonByte(const YAML::Node &N, StringRef Key, unsigned &Out);

  //--- Checks across keys ------------------------------------------------===//

  llvm::Error checkRule(const YAML::Node &N, const Rule &R,
                        const std::string &NameKey);
  llvm::Expected<YAML::Node> readYAML() const;

  std::string Path;
  StringRef Text;
  /// Where each rule name and each rule body (its keys but the name, as
  /// YAML) was first seen: a second one is an error.
  llvm::StringMap<RulesLocation> RuleNames;
  std::map<std::string, RulesLocation> RuleBodies;
};

//===----------------------------------------------------------------------===//
// The keys of each mapping
//===----------------------------------------------------------------------===//

YAMLDict Loader::fileDict(RuleSet &Out) {
  YAMLDict D = dict("the rules file", "a rules file");
  fileKeys(D, Out);
  return D;
}

void Loader::fileKeys(YAMLDict &D, RuleSet &Out) {
  D.handle("version", {"`1`", "optional; the only version is 1"},
           [this](const YAML::Node &V, StringRef Key) {
             return loadVersion(V, Key);
           });
  loadKey(D, "description",
          {"string, one line", "optional: what the rules are for "
                               "(`--list-presets` prints it)"},
          &Loader::loadDescription, Out.Description);
  D.handle("settings", {"mapping", "run-time controls (below)"})
      .mapping([this, &Out](YAMLDict &M, const YAML::Node &N) {
        Out.SettingsLoc = locOf(N);
        settingsKeys(M, Out.Settings);
      });
  D.handle("input_guards", {"mapping", "checks of the model's inputs (below)"})
      .mapping([this, &Out](YAMLDict &M, const YAML::Node &N) {
        InputGuardSection &G = Out.Guards.emplace();
        G.Loc = locOf(N);
        guardSectionKeys(M, G);
      });
  D.handle("buffers", {"mapping", "what happens to the buffers run_impl "
                                  "allocates (below)"})
      .mapping([this, &Out](YAMLDict &M, const YAML::Node &N) {
        BufferSection &B = Out.Buffers.emplace();
        B.Loc = locOf(N);
        bufferKeys(M, B);
      });
  D.handle("rules",
           {"list of rules", "what to do at which launch sites (below)"},
           [this](const YAML::Node &V, StringRef Key) {
             return errorAt(V, "'" + Key + "' must be a list of rules");
           })
      .items("a rule", [this, &Out](YAMLDict &M, const YAML::Node &N) {
        // Read before the next rule is added: R stays where it is.
        Rule &R = Out.Rules.emplace_back();
        R.Loc = locOf(N);
        R.Name = "rule " + std::to_string(Out.Rules.size());
        ruleKeys(M, R);
      });
  D.finally([this, &Out](const YAML::Node &Root) -> llvm::Error {
    if (Out.Rules.empty() && !Out.Guards && !Out.Buffers)
      return errorAt(Root, "rules file has none of 'rules', 'input_guards' "
                           "and 'buffers'");
    return llvm::Error::success();
  });
}

void Loader::settingsKeys(YAMLDict &D, RuntimeSettings &S) {
  D.columns("value", "default");
  stringKey(D, "disable_env",
            "environment variable that turns all instrumentation off at run "
            "time (set to anything but `0`), no rebuild needed",
            S.DisableEnv);
  stringKey(D, "log_env",
            "variable naming a file that receives the events instead of "
            "stderr",
            S.LogEnv);
  stringKey(D, "jsonl_env",
            "variable naming a file that also receives the events as JSON "
            "lines",
            S.JsonlEnv);
  stringKey(D, "jsonl", "a JSON-lines file to write events to", S.JsonlPath);
  stringKey(D, "save_dir",
            "where saves go (`AOTI_INSTRUMENT_SAVE_DIR` overrides)", S.SaveDir);
  D.handle("calls", {"`{first: N}` and/or `{every: M}`: which calls of "
                     "run_impl are observed (probes and input guards)",
                     "every call"})
      .mapping(
          [this, &S](YAMLDict &M, const YAML::Node &) { callsKeys(M, S); });
  intKey(D, "max_print_values",
         {"values printed per tensor at `level: values`",
          std::to_string(S.MaxPrintValues)},
         S.MaxPrintValues);
  enumKey(D, "check_inputs",
          {CheckInputsValue, quoted(inputCheckName(S.CheckInputs))},
          AllInputChecks, inputCheckName, S.CheckInputs);
  boolKey(D, "replay_probes",
          {"bool: where every input is checked to one shape, a run's "
           "deferred NaN checks and prints replay what the last run's "
           "decided (or the run's before, for a caller that alternates two "
           "input tensors) while their tensors stay where they were "
           "(cheaper on the host; lib/Runtime/README.md, \"Replayed "
           "probes\"); `false`: each run plans them anew",
           "`true`"},
          S.ReplayProbes);
  D.handle("watchdog", {"`{after: 30s, then: report}`: a run that makes no "
                        "progress for that long is reported while it hangs "
                        "(below; docs/watchdog.md)",
                        "off (`AOTI_INSTRUMENT_WATCHDOG` turns it on at run "
                        "time)"})
      .mapping(
          [this, &S](YAMLDict &M, const YAML::Node &) { watchdogKeys(M, S); });
}

/// `settings: {watchdog: {after: 30s, then: report}}`.
void Loader::watchdogKeys(YAMLDict &D, RuntimeSettings &S) {
  D.columns("value", "default");
  D.handle("after",
           {"`30s`, `500ms`, `2m` or a number of seconds: no new launch "
            "reached (nor, on CUDA, a breadcrumb completed) for that long",
            "required"},
           [this, &S](const YAML::Node &V, StringRef Key) -> llvm::Error {
             std::string Text;
             if (llvm::Error E = getString(V, Key, Text))
               return E;
             std::optional<unsigned> Ms = parseWatchdogAfter(Text);
             if (!Ms)
               return errorAt(V, "invalid value '" + Text + "' for '" + Key +
                                     "'; expected a duration such as 30s, "
                                     "500ms, 2m or 30 (1 ms to a day)");
             S.WatchdogMs = *Ms;
             return llvm::Error::success();
           })
      .required("watchdog needs '{0}' (a duration such as 30s)");
  enumKey(D, "then",
          {"`report` (go on waiting), `abort` (then abort the process), "
           "`dump` (trigger the CUDA core dump, then abort)",
           quoted(watchdogActionName(S.WatchdogThen))},
          AllWatchdogActions, watchdogActionName, S.WatchdogThen);
}

/// `settings: {calls: {first: N, every: M}}`.
void Loader::callsKeys(YAMLDict &D, RuntimeSettings &S) {
  D.columns("value", "default");
  intKey(D, "first",
         {"integer: observe only the first N calls", "`0`: every call"},
         S.FirstCalls);
  intKey(D, "every", {"integer: observe every Nth call", "`0`: every call"},
         S.EveryCalls);
}

void Loader::guardSectionKeys(YAMLDict &D, InputGuardSection &G) {
  boolKey(D, "enforce_aoti_checks",
          {"bool", "call the wrapper's own `check_input_N` (dtype, static "
                   "dims, dim bounds, strides, device) whatever "
                   "`AOTI_RUNTIME_CHECK_INPUTS` says"},
          G.EnforceAotiChecks);
  onFailKey(D, G.OnFail,
            {quotedWords(wordsOf(AllFailActions, failActionName)),
             "default `throw`: the call fails with a readable error, the "
             "process keeps working"});
  D.handle("inputs", {"list of guards (below)", ""},
           [this](const YAML::Node &V, StringRef Key) {
             return errorAt(V, "'" + Key + "' must be a list of input guards");
           })
      .items("an input guard", [this, &G](YAMLDict &M, const YAML::Node &N) {
        // Read before the next guard is added: Guard stays where it is.
        InputGuardRule &Guard = G.Inputs.emplace_back();
        Guard.Loc = locOf(N);
        guardKeys(M, Guard);
      });
  loadKey(D, "equal_dims",
          {"list of groups, e.g. `[[arg0_1.0, arg1_1.0]]`",
           "the named dimensions (`INPUT.DIM`, INPUT a name or `#N`) must "
           "be equal"},
          &Loader::loadEqualDims, G.EqualDims);
}

/// One guard of `input_guards: {inputs: [...]}`.
void Loader::guardKeys(YAMLDict &D, InputGuardRule &G) {
  loadKey(D, "input",
          {"name (`arg0_1`) or index (`0`)",
           "which input; must exist in the wrapper"},
          &Loader::loadInputRef, G)
      .required("input guard needs '{0}' (a name such as arg0_1, or an "
                "index)");
  wordKey(D, "dtype", {quotedWords(Dtypes), "exact dtype"}, Dtypes, G.Dtype);
  wordKey(D, "device", {quotedWords(Devices), "device type"}, Devices,
          G.Device);
  D.handle("rank", {"integer", "number of dimensions"},
           [this, &G](const YAML::Node &V, StringRef Key) {
             return getInt(V, Key, G.Rank.emplace());
           });
  loadKey(D, "dims",
          {"list, one bound per dimension (gives the rank too), or mapping "
           "`{dim: bound}` (needs `rank`)",
           "each bound is `N`, `[MIN, MAX]` (`null` for an open end) or "
           "`null` (any)"},
          &Loader::loadDims, G);
  boolKey(D, "contiguous", {"bool", "row-major contiguous"}, G.Contiguous);
  loadKey(D, "aligned", {"power of two (bytes)", "data pointer alignment"},
          &Loader::loadAlignment, G.Alignment);
  loadKey(D, "values",
          {"`[MIN, MAX]`", "every value within the range (token ids in "
                           "`[0, vocab-1]`); needs one device pass"},
          &Loader::loadValueRange, G);
  boolKey(D, "finite", {"bool", "no NaN or Inf"}, G.Finite);
}

/// `buffers: {redzone: true | {bytes: 64, on_fail: throw}, poison: true |
/// {byte: 0xA5}}`.
void Loader::bufferKeys(YAMLDict &D, BufferSection &B) {
  D.columns("values", "default");
  D.handle("redzone", {RedzoneValue, "off"},
           [this, &B](const YAML::Node &V, StringRef Key) -> llvm::Error {
             bool On;
             if (llvm::Error E = getBool(V, Key, On))
               return E;
             B.RedzoneBytes = On ? DefaultRedzoneBytes : 0;
             return llvm::Error::success();
           })
      .mapping([this, &B](YAMLDict &M, const YAML::Node &) {
        B.RedzoneBytes = DefaultRedzoneBytes;
        redzoneKeys(M, B);
      });
  boolKey(D, "poison", {PoisonValue, "off"}, B.Poison)
      .mapping([this, &B](YAMLDict &M, const YAML::Node &) {
        B.Poison = true;
        poisonKeys(M, B);
      });
}

void Loader::redzoneKeys(YAMLDict &D, BufferSection &B) {
  D.columns("values", "default");
  loadKey(D, "bytes",
          {"a multiple of 16, 16 to 65536: the canary's length "
           "before and after each buffer",
           quoted(std::to_string(B.RedzoneBytes))},
          &Loader::loadRedzoneBytes, B.RedzoneBytes);
  onFailKey(D, B.RedzoneOnFail,
            {quotedWords(wordsOf(AllFailActions, failActionName)) +
                 ", as for `nan_check`",
             quoted(failActionName(B.RedzoneOnFail))});
}

void Loader::poisonKeys(YAMLDict &D, BufferSection &B) {
  D.columns("values", "default");
  loadKey(D, "byte",
          {"0 to 255: the fill of buffers of other than floating dtypes",
           quoted(llvm::utohexstr(B.PoisonByte).insert(0, "0x"))},
          &Loader::loadPoisonByte, B.PoisonByte);
}

/// One rule of `rules:`: its name, its match and its actions.
void Loader::ruleKeys(YAMLDict &D, Rule &R) {
  const YAMLDict::Entry &Name = D.handle(
      "name", {"string", "used in messages; two rules may not share a name"},
      [this, &R](const YAML::Node &V, StringRef Key) {
        return getString(V, Key, R.Name);
      });
  D.handle("match",
           {"mapping, see below", "omitted or empty: every launch site"},
           [this](const YAML::Node &V, StringRef Key) {
             // `match:` with nothing: every site.
             return V.IsNull() ? llvm::Error::success()
                               : expectMap(V, "'" + Key.str() + "'");
           })
      .mapping([this, &R](YAMLDict &M, const YAML::Node &) {
        selectorKeys(M, R.Match);
      });
  actionKeys(D, R);
  D.finally([this, &R, NameKey = Name.name().str()](const YAML::Node &N) {
    return checkRule(N, R, NameKey);
  });
}

/// A rule's actions, each `true`/`false` or a mapping of its options.
void Loader::actionKeys(YAMLDict &D, Rule &R) {
  boolKey(D, "sync",
          {"bool", "after the launch: synchronize the stream, "
                   "check the CUDA error; the message names kernel, "
                   "ordinal, wrapper line and source nodes"},
          R.Sync);
  boolKey(D, "breadcrumb",
          {"`true`, `false`, `{every: N}` or `{window: N}`", BreadcrumbNote},
          R.Breadcrumb)
      .mapping([this, &R](YAMLDict &M, const YAML::Node &) {
        R.Breadcrumb = true;
        breadcrumbKeys(M, R);
      });
  actionKey(D, "nan_check",
            {"`true` or mapping", "count NaN/Inf in tensors (below)"},
            R.NanCheck, &Loader::nanCheckKeys);
  actionKey(D, "print",
            {"`true`, " +
                 quotedWords(wordsOf(AllPrintDetails, printDetailName)) +
                 " or mapping",
             "print kernel names, tensor statistics, or values (below)"},
            R.Print, &Loader::printKeys, &Loader::loadPrintShorthand);
  actionKey(D, "save",
            {"`true` or mapping", "save tensors as safetensors files (below)"},
            R.Save, &Loader::saveKeys);
  boolKey(D, "capture",
          {"bool", "the first time the launch runs: its tensors, scalars, "
                   "launch configuration and cubin (a Triton kernel's) or "
                   "shim call (an extern op's) in one bundle directory under "
                   "`save_dir`, which `python -m aoti_instrument.replay` "
                   "launches again alone (docs/capture.md)"},
          R.Capture);
}

/// An action of a rule: a mapping of its options, the keys \p Keys
/// registers, or what \p Read reads (`true`: its defaults, `false`: none).
template <typename ActionT>
void Loader::actionKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                       std::optional<ActionT> &Out,
                       void (Loader::*Keys)(YAMLDict &, ActionT &),
                       SwitchLoader<ActionT> Read) {
  loadKey(D, Name, std::move(Doc), Read, Out)
      .mapping([this, &Out, Keys](YAMLDict &M, const YAML::Node &) {
        (this->*Keys)(M, Out.emplace());
      });
}

void Loader::selectorKeys(YAMLDict &D, SiteSelector &S) {
  D.columns("value", "matches a site when");
  patternKeys(D, "kernel",
              "the kernel name matches (`triton_poi_fused_1`, "
              "`aoti_torch_cuda_mm_out`, `add_kernel_0`)",
              S.Kernel);
  loadKey(D, "kind",
          {quotedWords(allKindNames()) + ", or a list",
           "the launch is of that kind"},
          &Loader::loadKinds, S.Kinds);
  patternKeys(D, "source_nodes",
              "any node of its `// ... Source Nodes: [...]` comment matches "
              "(`linear_1`)",
              S.SourceNodes);
  patternKeys(D, "aten",
              "any op of its `Original ATen: [...]` list matches (`aten.log`)",
              S.AtenOps);
  loadKey(D, "ordinals",
          {"`3`, `\"0-10,15\"`, `\"40-\"`, or a list",
           "its ordinal (the `#` of `--list`) is in a range"},
          &Loader::loadOrdinals, S.Ordinals);
  patternKeys(D, "tensors",
              "any tensor argument's name matches (`buf12`, `arg0_1`, "
              "`l1_weight`)",
              S.Tensors);
  wordKey(D, "function", {quotedWords(Functions), "it is in that function"},
          Functions, S.Function);
}

/// `breadcrumb: {every: N}` or `{window: N}`.
void Loader::breadcrumbKeys(YAMLDict &D, Rule &R) {
  D.columns("values", "default");
  // `{fence: false}` once asked for CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER,
  // which the driver's v2 stream memory operations refuse: say so.
  D.retire("fence",
           "'breadcrumb: {fence: ...}' is not supported: the driver's stream "
           "memory operations always order the kernel's stores before the "
           "breadcrumb",
           "write 'breadcrumb: true'");
  D.handle("every",
           {"1 to " + std::to_string(kMaxBreadcrumbEvery) +
                ": a crumb after every Nth launch of the stream only",
            quoted(std::to_string(R.BreadcrumbEvery))},
           [this, &R](const YAML::Node &V, StringRef Key) {
             return getInt(V, Key, R.BreadcrumbEvery, 1, kMaxBreadcrumbEvery);
           });
  D.handle("window",
           {"1 to " + std::to_string(kMaxBreadcrumbEvery) +
                ": a crumb where it closes a window of at most N launches "
                "of the stream with no Triton kernel twice",
            "none"},
           [this, &R](const YAML::Node &V, StringRef Key) {
             return getInt(V, Key, R.BreadcrumbWindow, 1, kMaxBreadcrumbEvery);
           });
}

void Loader::nanCheckKeys(YAMLDict &D, NanCheckAction &A) {
  D.columns("values", "default");
  phaseKeys(D, A.When, A.Tensors);
  loadKey(D, "check",
          {quotedWords(NanCheckWords),
           "`nan` (Inf is a legitimate mask value in attention)"},
          &Loader::loadNanCheckWord, A);
  onFailKey(D, A.OnFail,
            {"`throw` (run_impl fails, the process goes on), `abort`, `warn`",
             quoted(failActionName(A.OnFail))});
  deferKeys(D, A.Defer, A.Batch, NanDeferValue, NanBatchValue);
}

void Loader::printKeys(YAMLDict &D, PrintAction &A) {
  D.columns("values", "default");
  enumKey(D, "level", {PrintLevelValue, quoted(printDetailName(A.Detail))},
          AllPrintDetails, printDetailName, A.Detail);
  phaseKeys(D, A.When, A.Tensors);
  deferKeys(D, A.Defer, A.Batch, PrintDeferValue, PrintBatchValue);
}

void Loader::saveKeys(YAMLDict &D, SaveAction &A) {
  D.columns("values", "default");
  phaseKeys(D, A.When, A.Tensors);
}

//===----------------------------------------------------------------------===//
// Keys read by one function
//===----------------------------------------------------------------------===//

/// A key whose value \p Load reads into \p Out.
template <typename T>
YAMLDict::Entry &Loader::loadKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                                 llvm::Error (Loader::*Load)(const YAML::Node &,
                                                             StringRef, T &),
                                 T &Out) {
  return D.handle(Name, std::move(Doc),
                  [this, Load, &Out](const YAML::Node &V, StringRef Key) {
                    return (this->*Load)(V, Key, Out);
                  });
}

/// A key whose value is true or false.
YAMLDict::Entry &Loader::boolKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                                 bool &Out) {
  return D.handle(Name, std::move(Doc),
                  [this, &Out](const YAML::Node &V, StringRef Key) {
                    return getBool(V, Key, Out);
                  });
}

/// A key whose value is an integer >= 0.
YAMLDict::Entry &Loader::intKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                                unsigned &Out) {
  return D.handle(Name, std::move(Doc),
                  [this, &Out](const YAML::Node &V, StringRef Key) {
                    return getInt(V, Key, Out);
                  });
}

/// A key whose value is one of \p Words (which must outlive the dict).
YAMLDict::Entry &Loader::wordKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                                 llvm::ArrayRef<StringRef> Words,
                                 std::optional<std::string> &Out) {
  return D.handle(Name, std::move(Doc),
                  [this, Words, &Out](const YAML::Node &V, StringRef Key) {
                    return getWord(V, Key, Words, Out);
                  });
}

/// A key whose value is one of an enum's, spelled as \p NameOf spells it.
template <typename EnumT, size_t Count>
YAMLDict::Entry &Loader::enumKey(YAMLDict &D, StringRef Name, KeyDoc Doc,
                                 const EnumT (&Values)[Count],
                                 StringRef (*NameOf)(EnumT), EnumT &Out) {
  return D.handle(
      Name, std::move(Doc),
      [this, &Values, NameOf, &Out](const YAML::Node &V, StringRef Key) {
        return getEnum(V, Key, Values, NameOf, Out);
      });
}

//===----------------------------------------------------------------------===//
// Keys of several mappings
//===----------------------------------------------------------------------===//

/// An action's `when` and `tensors`; their defaults, \p When and \p Tensors
/// as they are.
void Loader::phaseKeys(YAMLDict &D, Phases &When, TensorSet &Tensors) {
  enumKey(
      D, "when",
      {quotedWords(wordsOf(AllPhases, phasesName)), quoted(phasesName(When))},
      AllPhases, phasesName, When);
  enumKey(D, "tensors",
          {quotedWords(wordsOf(AllTensorSets, tensorSetName)),
           quoted(tensorSetName(Tensors))},
          AllTensorSets, tensorSetName, Tensors);
}

/// `defer` and `batch` of `nan_check` and `print`, documented by
/// \p DeferValue and \p BatchValue; their defaults, \p Defer and \p Batch as
/// they are.
void Loader::deferKeys(YAMLDict &D, bool &Defer, bool &Batch,
                       StringRef DeferValue, StringRef BatchValue) {
  boolKey(D, "defer", {DeferValue.str(), quoted(llvm::toStringRef(Defer))},
          Defer);
  boolKey(D, "batch", {BatchValue.str(), quoted(llvm::toStringRef(Batch))},
          Batch);
}

/// What a failed check does: `nan_check`'s, `input_guards`' and `redzone`'s.
void Loader::onFailKey(YAMLDict &D, FailAction &F, KeyDoc Doc) {
  enumKey(D, "on_fail", std::move(Doc), AllFailActions, failActionName, F);
}

/// \p Name (globs) and \p Name`_regex` (regular expressions), one row.
void Loader::patternKeys(YAMLDict &D, StringRef Name, StringRef Note,
                         std::vector<NamePattern> &Out) {
  D.handle(Name, {"pattern or list", Note.str()},
           [this, &Out](const YAML::Node &V, StringRef Key) {
             return getPatterns(V, Key, /*Regex=*/false, Out);
           });
  D.handle((Name + "_regex").str(), {},
           [this, &Out](const YAML::Node &V, StringRef Key) {
             return getPatterns(V, Key, /*Regex=*/true, Out);
           })
      .sameRow();
}

/// A string setting; its default, \p Out as it is.
void Loader::stringKey(YAMLDict &D, StringRef Name, StringRef Value,
                       std::string &Out) {
  D.handle(Name, {Value.str(), Out.empty() ? "none" : quoted(Out)},
           [this, &Out](const YAML::Node &V, StringRef Key) {
             return getString(V, Key, Out);
           });
}

//===----------------------------------------------------------------------===//
// Values that take more than a typed accessor
//===----------------------------------------------------------------------===//

llvm::Error Loader::loadVersion(const YAML::Node &N, StringRef Key) {
  unsigned Version;
  if (llvm::Error E = getInt(N, Key, Version))
    return E;
  if (Version != 1)
    return errorAt(N, "unsupported rules version " + std::to_string(Version) +
                          "; this tool reads version 1");
  return llvm::Error::success();
}

llvm::Error Loader::loadDescription(const YAML::Node &N, StringRef Key,
                                    std::string &Out) {
  if (llvm::Error E = getString(N, Key, Out))
    return E;
  if (StringRef(Out).contains('\n'))
    return errorAt(N, "'" + Key +
                          "' must be one line (--list-presets "
                          "prints it after the preset's name)");
  return llvm::Error::success();
}

/// `KEY: true`: the action with its defaults; `KEY: false`: none.
template <typename ActionT>
llvm::Error Loader::loadSwitch(const YAML::Node &N, StringRef Key,
                               std::optional<ActionT> &Out) {
  bool On;
  if (llvm::Error E = getBool(N, Key, On))
    return E;
  if (On)
    Out.emplace();
  return llvm::Error::success();
}

/// `print: true`, `print: false`, or a level: `print: names` is short for
/// `print: {level: names}`.
llvm::Error Loader::loadPrintShorthand(const YAML::Node &N, StringRef Key,
                                       std::optional<PrintAction> &Out) {
  if (!N.IsScalar())
    return errorAt(N, "'" + Key + "' must be true, false, a level (" +
                          joinWords(wordsOf(AllPrintDetails, printDetailName)) +
                          ") or a mapping");
  bool On = true;
  PrintAction A;
  if (!YAML::convert<bool>::decode(N, On))
    if (llvm::Error E =
            getEnum(N, Key, AllPrintDetails, printDetailName, A.Detail))
      return E;
  if (On)
    Out = A;
  return llvm::Error::success();
}

/// `check: nan`, `inf` or `both`.
llvm::Error Loader::loadNanCheckWord(const YAML::Node &N, StringRef Key,
                                     NanCheckAction &A) {
  std::string Word;
  if (llvm::Error E = getWord(N, Key, NanCheckWords, Word))
    return E;
  A.Nan = Word != "inf";
  A.Inf = Word != "nan";
  return llvm::Error::success();
}

llvm::Error Loader::loadKinds(const YAML::Node &N, StringRef Key,
                              std::vector<LaunchKind> &Out) {
  std::vector<std::pair<std::string, YAML::Node>> Kinds;
  if (llvm::Error E = getStrings(N, Key, Kinds))
    return E;
  for (auto &[Text, Node] : Kinds) {
    std::string Word;
    if (llvm::Error E = getWord(Node, Key, allKindNames(), Word))
      return E;
    Out.push_back(*parseKindName(Word));
  }
  return llvm::Error::success();
}

/// `ordinals: 3`, `"0-10,15"`, `"40-"`, or a list of those.
llvm::Error
Loader::loadOrdinals(const YAML::Node &N, StringRef Key,
                     std::vector<std::pair<unsigned, unsigned>> &Out) {
  std::vector<std::pair<std::string, YAML::Node>> Items;
  if (llvm::Error E = getStrings(N, Key, Items))
    return E;
  for (auto &[Text, Node] : Items) {
    llvm::SmallVector<StringRef, 4> Parts;
    StringRef(Text).split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Part : Parts)
      if (llvm::Error E = loadOrdinalRange(Part.trim(), Node, Out))
        return E;
  }
  return llvm::Error::success();
}

/// `N`, `N-M` or `N-` of the ordinals \p N gives.
llvm::Error
Loader::loadOrdinalRange(StringRef Part, const YAML::Node &N,
                         std::vector<std::pair<unsigned, unsigned>> &Out) {
  auto [Lo, Hi] = Part.split('-');
  unsigned First = 0, Last = 0;
  bool Open = Part.contains('-') && Hi.trim().empty();
  if (Lo.trim().getAsInteger(10, First) ||
      (!Open && Part.contains('-') && Hi.trim().getAsInteger(10, Last)))
    return errorAt(N, "invalid ordinal range '" + Part +
                          "'; expected N, N-M or N-");
  if (!Part.contains('-'))
    Last = First;
  if (Open)
    Last = ~0u;
  if (Last < First)
    return errorAt(N, "empty ordinal range '" + Part + "'");
  Out.push_back({First, Last});
  return llvm::Error::success();
}

/// `input: arg0_1` or `input: 0`.
llvm::Error Loader::loadInputRef(const YAML::Node &N, StringRef Key,
                                 InputGuardRule &G) {
  unsigned Index;
  if (N.IsScalar() && YAML::convert<unsigned>::decode(N, Index)) {
    G.Index = Index;
    return llvm::Error::success();
  }
  return getString(N, Key, G.Name);
}

/// A list (one entry per dimension) or a mapping of dimension to bound.
llvm::Error Loader::loadDims(const YAML::Node &N, StringRef Key,
                             InputGuardRule &G) {
  if (N.IsSequence()) {
    // A list names every dimension: it gives the rank too.
    if (G.Rank && *G.Rank != N.size())
      return errorAt(N, "'" + Key + "' lists " + std::to_string(N.size()) +
                            " dimensions but 'rank' is " +
                            std::to_string(*G.Rank));
    G.Rank = N.size();
    for (unsigned I = 0; I < N.size(); ++I)
      if (llvm::Error E = loadDimBound(N[I], Key, I, G))
        return E;
    return llvm::Error::success();
  }
  if (!N.IsMap())
    return errorAt(N, "'" + Key + "' must be a list or a mapping" + got(N));
  if (!G.Rank)
    return errorAt(N, "'" + Key + "' as a mapping needs 'rank' too");
  for (const auto &KV : N) {
    unsigned Dim;
    if (llvm::Error E = getInt(KV.first, Key, Dim))
      return E;
    if (Dim >= *G.Rank)
      return errorAt(KV.first, "dimension " + std::to_string(Dim) +
                                   " is out of range for rank " +
                                   std::to_string(*G.Rank));
    if (llvm::Error E = loadDimBound(KV.second, Key, Dim, G))
      return E;
  }
  return llvm::Error::success();
}

/// The bound of dimension \p Dim: N, [MIN, MAX] (null for an open end), or
/// null (any).
llvm::Error Loader::loadDimBound(const YAML::Node &N, StringRef Key,
                                 unsigned Dim, InputGuardRule &G) {
  if (N.IsNull())
    return llvm::Error::success();
  int64_t Lo = -1, Hi = -1;
  if (N.IsScalar()) {
    if (llvm::Error E = getInt(N, Key, Lo))
      return E;
    Hi = Lo;
  } else if (N.IsSequence() && N.size() == 2) {
    if (!N[0].IsNull())
      if (llvm::Error E = getInt(N[0], Key, Lo))
        return E;
    if (!N[1].IsNull())
      if (llvm::Error E = getInt(N[1], Key, Hi))
        return E;
    if (Lo >= 0 && Hi >= 0 && Hi < Lo)
      return errorAt(N, "empty dimension range");
  } else {
    return errorAt(N, "a dimension bound must be N, [MIN, MAX] or null");
  }
  G.Dims[Dim] = {Lo, Hi};
  return llvm::Error::success();
}

llvm::Error Loader::loadAlignment(const YAML::Node &N, StringRef Key,
                                  unsigned &Out) {
  if (llvm::Error E = getInt(N, Key, Out))
    return E;
  if (Out && (Out & (Out - 1)))
    return errorAt(N, "'" + Key + "' must be a power of two");
  return llvm::Error::success();
}

/// `values: [MIN, MAX]`.
llvm::Error Loader::loadValueRange(const YAML::Node &N, StringRef Key,
                                   InputGuardRule &G) {
  if (!N.IsSequence() || N.size() != 2)
    return errorAt(N, "'" + Key + "' must be [MIN, MAX]");
  double Lo, Hi;
  if (llvm::Error E = getDouble(N[0], Key, Lo))
    return E;
  if (llvm::Error E = getDouble(N[1], Key, Hi))
    return E;
  if (Hi < Lo)
    return errorAt(N, "empty value range");
  G.ValueRange = {Lo, Hi};
  return llvm::Error::success();
}

/// `equal_dims: [[arg0_1.0, arg1_1.0], ...]`.
llvm::Error Loader::loadEqualDims(const YAML::Node &N, StringRef Key,
                                  std::vector<std::vector<DimReference>> &Out) {
  if (!N.IsSequence())
    return errorAt(N, "'" + Key + "' must be a list of groups");
  for (const auto &Group : N) {
    if (!Group.IsSequence() || Group.size() < 2)
      return errorAt(Group, "each '" + Key +
                                "' group must list at least "
                                "two dimensions, e.g. "
                                "[arg0_1.0, arg1_1.0]");
    std::vector<DimReference> &Refs = Out.emplace_back();
    for (const auto &Item : Group)
      if (llvm::Error E = loadDimRef(Item, Key, Refs.emplace_back()))
        return E;
  }
  return llvm::Error::success();
}

/// `arg0_1.1` or `#0.1`.
llvm::Error Loader::loadDimRef(const YAML::Node &N, StringRef Key,
                               DimReference &D) {
  std::string Text;
  if (llvm::Error E = getString(N, Key, Text))
    return E;
  auto [Input, Dim] = StringRef(Text).rsplit('.');
  if (Input.empty() || Dim.getAsInteger(10, D.Dim))
    return errorAt(N, "invalid dimension reference '" + Text +
                          "'; expected INPUT.DIM, e.g. arg0_1.0 or #0.1");
  D.Input = Input.str();
  return llvm::Error::success();
}

llvm::Error Loader::loadRedzoneBytes(const YAML::Node &N, StringRef Key,
                                     unsigned &Out) {
  if (llvm::Error E = getInt(N, Key, Out))
    return E;
  // A multiple of 16: the data stays 16-byte aligned (Triton's assumption)
  // and whole elements of every dtype fit.
  if (Out < 16 || Out > 65536 || Out % 16)
    return errorAt(N, "'" + Key +
                          "' must be a multiple of 16 from 16 to "
                          "65536" +
                          got(N));
  return llvm::Error::success();
}

llvm::Error Loader::loadPoisonByte(const YAML::Node &N, StringRef Key,
                                   unsigned &Out) {
  if (llvm::Error E = getInt(N, Key, Out))
    return E;
  if (Out > 255)
    return errorAt(N, "'" + Key + "' must be from 0 to 255" + got(N));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Checks across keys, and the whole file
//===----------------------------------------------------------------------===//

/// What a rule needs beyond its keys: an action, and a name (when it gives
/// one, under \p NameKey) and a body that no rule before it has.
llvm::Error Loader::checkRule(const YAML::Node &N, const Rule &R,
                              const std::string &NameKey) {
  if (!R.Sync && !R.Breadcrumb && !R.NanCheck && !R.Print && !R.Save &&
      !R.Capture)
    return errorAt(
        N, "rule '" + R.Name + "' has no action",
        "give it one of: sync, breadcrumb, nan_check, print, save, capture");
  if (R.BreadcrumbWindow && R.BreadcrumbEvery != 1)
    return errorAt(N,
                   "rule '" + R.Name +
                       "' gives its breadcrumb both 'every' and 'window'",
                   "give one: {every: N} writes after every Nth launch, "
                   "{window: N} where a window of at most N launches closes");
  if (N[NameKey]) {
    auto [It, New] = RuleNames.try_emplace(R.Name, R.Loc);
    if (!New)
      return errorAt(N, "duplicate rule name '" + R.Name + "'",
                     "first defined at " + where(It->second));
  }
  // Identical match and actions under another name is a copy-paste slip.
  YAML::Node Body = YAML::Clone(N);
  Body.remove(NameKey);
  auto [It, New] = RuleBodies.try_emplace(YAML::Dump(Body), R.Loc);
  if (!New)
    return errorAt(N, "rule '" + R.Name + "' duplicates the rule at " +
                          where(It->second));
  return llvm::Error::success();
}

/// The file's YAML, once it is known to be some and not too deep to parse.
llvm::Expected<YAML::Node> Loader::readYAML() const {
  if (Text.trim().empty())
    return makeToolError(ExitCode::RulesError, Path, "rules file is empty",
                         "see yaml-rules/README.md for the format, or start "
                         "from a preset in yaml-rules/");
  if (std::optional<RulesLocation> L = tooDeep(Text))
    return errorAt(*L, "YAML collections nest deeper than " +
                           llvm::Twine(MaxNesting) +
                           " levels; a rules file needs three");
  try {
    return YAML::Load(Text.str());
  } catch (const YAML::Exception &E) {
    RulesLocation L{static_cast<unsigned>(E.mark.line + 1),
                    static_cast<unsigned>(E.mark.column + 1)};
    return errorAt(L, "malformed YAML: " + E.msg);
  }
}

llvm::Error Loader::load(RuleSet &Out) {
  llvm::Expected<YAML::Node> Root = readYAML();
  if (!Root)
    return Root.takeError();
  if (Root->IsNull())
    return makeToolError(ExitCode::RulesError, Path,
                         "rules file is empty (only comments)");
  if (!Root->IsMap())
    return errorAt(*Root, "a rules file must be a mapping with 'rules' "
                          "and/or 'input_guards'");
  return fileDict(Out).parse(*Root);
}

/// \p Use's result on the keys of a rules file, registered but not read.
template <typename Fn> auto onFileKeys(Fn Use) {
  Loader L("", "");
  RuleSet Scratch; // what the handlers would read into: they are not called
  return Use(L.fileDict(Scratch));
}

/// The schema tables of every mapping of a rules file.
std::vector<SchemaTable> schemaTables() {
  return onFileKeys([](const YAMLDict &D) { return D.schema("rules-file"); });
}

} // namespace

std::vector<std::string> aoti::rulesFileKeys() {
  return onFileKeys([](const YAMLDict &D) { return D.allKeys(); });
}

std::string aoti::rulesSchemaMarkdown() {
  return schemaSections(schemaTables());
}

llvm::Expected<std::string> aoti::withRulesSchema(StringRef Readme) {
  return spliceSchema(Readme, schemaTables());
}

llvm::Expected<RuleSet> aoti::parseRules(StringRef Text, StringRef Path) {
  RuleSet Out;
  Out.Sources.push_back(
      {Path.str(),
       llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                   /*LowerCase=*/true),
       Text.str()});
  Loader L(Path, Out.Sources.front().Text);
  if (llvm::Error E = L.load(Out))
    return std::move(E);
  return Out;
}

llvm::Expected<RuleSet> aoti::loadRules(StringRef Path) {
  // A rules file is a page or two; a bigger one is not read into YAML, and
  // a FIFO or a device is not read at all.
  constexpr uint64_t MaxRulesBytes = 1 << 20;
  auto Buffer =
      readRegularFile(Path, MaxRulesBytes, "rules file", ExitCode::RulesError);
  if (!Buffer)
    return Buffer.takeError();
  return parseRules((*Buffer)->getBuffer(), Path);
}
