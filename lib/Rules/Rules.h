//===- Rules.h - What a rules file asks for ---------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The rules file's content as plain data. Only RulesLoader.cpp (with
// YAMLDict) knows YAML; the schema is documented in yaml-rules/README.md,
// whose tables of keys the loader makes (rulesSchemaMarkdown).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RULES_RULES_H
#define AOTI_RULES_RULES_H

#include "Support/LaunchKind.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Regex.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// A position in a rules file, for diagnostics.
struct RulesLocation {
  unsigned Line = 0; ///< 1-based; 0 when unknown
  unsigned Column = 0;
  /// Which of the RuleSet's files (RuleSet::Sources; several -rules).
  unsigned Source = 0;
};

/// A name pattern: a glob (`triton_*`) or a regular expression.
class NamePattern {
public:
  static llvm::Expected<NamePattern> glob(llvm::StringRef Text);
  static llvm::Expected<NamePattern> regex(llvm::StringRef Text);

  bool matches(llvm::StringRef Name) const;
  bool isRegex() const { return Regex != nullptr; }
  llvm::StringRef text() const { return *Text; }

private:
  /// Shared and never moved: llvm::GlobPattern points into it.
  std::shared_ptr<const std::string> Text;
  std::shared_ptr<llvm::GlobPattern> Glob;
  std::shared_ptr<llvm::Regex> Regex;
};

/// Which launch sites a rule applies to. Every given criterion must hold;
/// a list criterion holds when any of its patterns matches.
struct SiteSelector {
  std::vector<NamePattern> Kernel;
  std::vector<LaunchKind> Kinds;
  std::vector<NamePattern> SourceNodes; ///< any source node of the site
  std::vector<NamePattern> AtenOps;     ///< any ATen op of the site
  std::vector<std::pair<unsigned, unsigned>> Ordinals; ///< inclusive ranges
  std::vector<NamePattern> Tensors;    ///< any tensor argument's name
  std::optional<std::string> Function; ///< "run_impl", "_const_run_impl"
};

enum class Phases { Before, After, Both };
enum class TensorSet { Inputs, Outputs, All };
enum class FailAction { Throw, Abort, Warn };
enum class PrintDetail { Names, Stats, Values };
/// What happens when a graph input is not what the model was compiled for
/// (`settings: {check_inputs: ...}`): the run fails (throw, abort), the
/// mismatch is reported and the run goes on (warn), or nothing is checked.
enum class InputCheck { Throw, Abort, Warn, Off };

/// What the watchdog does after its report (`settings: {watchdog: {then:
/// ...}}`): go on waiting, abort the process, or trigger the CUDA core dump
/// and then abort.
enum class WatchdogAction { Report, Abort, Dump };

struct NanCheckAction {
  Phases When = Phases::After;
  TensorSet Tensors = TensorSet::Outputs;
  bool Nan = true;
  bool Inf = false;
  FailAction OnFail = FailAction::Throw;
  /// Check on the device without a sync per launch, report at the end of
  /// the run (CUDA); the report still names the first launch that made one.
  bool Defer = false;
  /// With Defer: counts of several launches share one device launch
  /// (aoti_rt::PendingBatch). False in any rule turns batching off.
  bool Batch = true;
};

struct PrintAction {
  PrintDetail Detail = PrintDetail::Stats;
  Phases When = Phases::Both;
  TensorSet Tensors = TensorSet::All;
  /// Statistics taken on the device without a sync per launch, written at
  /// the end of the run (CUDA; `names` and `stats` levels).
  bool Defer = false;
  /// With Defer: statistics of several launches share one device launch
  /// (aoti_rt::PendingBatch). False in any rule turns batching off.
  bool Batch = true;
};

struct SaveAction {
  Phases When = Phases::Both;
  TensorSet Tensors = TensorSet::All;
};

/// The sparsest breadcrumbs a rule may ask for (`breadcrumb: {every: N}`):
/// a report lists the N launches a fault is among, which stays readable,
/// and the runtime remembers the last 1,024 launches of each stream.
constexpr unsigned kMaxBreadcrumbEvery = 64;

struct Rule {
  std::string Name; ///< given, or "rule N"
  RulesLocation Loc;
  SiteSelector Match;
  bool Sync = false;
  bool Breadcrumb = false;
  /// `breadcrumb: {every: N}`: the crumb is written after every Nth launch
  /// only (a report then names the N launches the fault is among).
  unsigned BreadcrumbEvery = 1;
  /// `breadcrumb: {window: N}` (0: not asked): a crumb is written where it
  /// closes a window of at most N launches in which no Triton kernel runs
  /// twice, placed in launch order when the wrapper is instrumented (the
  /// planner's placeWindowCrumbs). A core dump names the faulting kernel,
  /// so `explain` then names the one launch of it in the window.
  unsigned BreadcrumbWindow = 0;
  std::optional<NanCheckAction> NanCheck;
  std::optional<PrintAction> Print;
  std::optional<SaveAction> Save;
  /// Before the launch (a Triton kernel's), everything needed to launch it
  /// again alone: its tensors, scalars, launch configuration and cubin, in
  /// one bundle directory (docs/capture.md); the first time the site runs.
  bool Capture = false;
};

/// Constraints on one graph input.
struct InputGuardRule {
  RulesLocation Loc;
  std::optional<unsigned> Index;     ///< `input: 0`
  std::string Name;                  ///< `input: arg0_1`
  std::optional<std::string> Dtype;  ///< "float32", "int64", ...
  std::optional<std::string> Device; ///< "cuda", "cpu"
  std::optional<unsigned> Rank;
  /// Per dimension: inclusive [min, max]; -1 for an open end.
  std::map<unsigned, std::pair<int64_t, int64_t>> Dims;
  bool Contiguous = false;
  unsigned Alignment = 0;
  std::optional<std::pair<double, double>> ValueRange;
  bool Finite = false;
};

/// `arg0_1.1`: dimension 1 of input arg0_1.
struct DimReference {
  std::string Input; ///< a name, or "#N" for input N
  unsigned Dim = 0;
};

struct InputGuardSection {
  RulesLocation Loc;
  /// Call the wrapper's own check_input_N whatever AOTI_RUNTIME_CHECK_INPUTS
  /// says.
  bool EnforceAotiChecks = false;
  FailAction OnFail = FailAction::Throw;
  std::vector<InputGuardRule> Inputs;
  std::vector<std::vector<DimReference>> EqualDims;
};

/// What happens to the buffers run_impl allocates (`buffers:`).
struct BufferSection {
  RulesLocation Loc;
  /// Guard bytes of a canary pattern before and after each buffer (0: no
  /// redzones), checked after every launch that writes the buffer (CPU) or
  /// at the end of the run (CUDA).
  unsigned RedzoneBytes = 0;
  FailAction RedzoneOnFail = FailAction::Throw;
  /// Fill buffers when allocated and when run_impl takes one over for a new
  /// role: NaN for floating dtypes, PoisonByte for the others.
  bool Poison = false;
  unsigned PoisonByte = 0xA5;
};

/// Run-time controls baked into the instrumented wrapper.
struct RuntimeSettings {
  std::string DisableEnv = "AOTI_INSTRUMENT_DISABLE";
  std::string LogEnv = "AOTI_INSTRUMENT_LOG";
  std::string JsonlEnv = "AOTI_INSTRUMENT_JSONL";
  std::string JsonlPath;
  std::string SaveDir = "aoti-instrument-saves";
  unsigned FirstCalls = 0; ///< observe only the first N calls; 0: all
  unsigned EveryCalls = 0; ///< observe every Nth call; 0 or 1: all
  unsigned MaxPrintValues = 64;
  /// Each input's device, dtype, rank, dims and strides checked against
  /// what the model was compiled for, before any launch of every observed
  /// run.
  InputCheck CheckInputs = InputCheck::Throw;
  /// Deferred probes replayed from the last run's trace where the inputs
  /// are pinned (lib/Runtime/README.md, "Replayed probes").
  bool ReplayProbes = true;
  /// `watchdog: {after: 30s, then: report}`: a run with no progress for
  /// this many milliseconds is reported (0: no watchdog unless
  /// AOTI_INSTRUMENT_WATCHDOG asks at run time).
  unsigned WatchdogMs = 0;
  WatchdogAction WatchdogThen = WatchdogAction::Report;
};

/// One rules file a RuleSet was read from.
struct RulesSource {
  std::string Path;
  std::string Digest; ///< sha256 of the file's bytes, hex
  std::string Text;   ///< the file's bytes, for diagnostics that quote it
};

struct RuleSet {
  /// The files read, in the order given (RulesLocation::Source).
  std::vector<RulesSource> Sources;
  std::string Description; ///< one line: what the rules are for
  RuntimeSettings Settings;
  /// Where `settings:` was, when a file has it.
  std::optional<RulesLocation> SettingsLoc;
  std::optional<InputGuardSection> Guards;
  std::optional<BufferSection> Buffers;
  std::vector<Rule> Rules;

  /// The file of \p Loc, and its bytes (an empty one for a set read from
  /// no file).
  const RulesSource &sourceOf(RulesLocation Loc) const;
  /// "rules.yaml:3:5": \p Loc in its file.
  std::string where(RulesLocation Loc) const;
  /// The file, or the files of several -rules joined with " + "; "" for a
  /// set read from no file.
  std::string path() const;
  /// sha256 of the file's bytes, hex; of several files, of their digests
  /// one per line; "" for a set read from no file.
  std::string digest() const;
};

/// Loads and validates a rules file. Errors are ToolErrors with exit code
/// RulesError, a `file:line:col` location and, where the position is known,
/// a snippet of the offending line with a caret under the column.
llvm::Expected<RuleSet> loadRules(llvm::StringRef Path);
/// The same on text already read.
llvm::Expected<RuleSet> parseRules(llvm::StringRef Text, llvm::StringRef Path);
/// Several rules files as one (`-rules preset -rules more.yaml`), in order:
/// every file's rules, each keeping its file's locations; `settings`,
/// `input_guards` and `buffers` from the one file that has each (in two:
/// an error, as is a rule name two files give). One set is returned as it
/// is.
llvm::Expected<RuleSet> mergeRuleSets(std::vector<RuleSet> Sets);

/// The schema tables of yaml-rules/README.md: for each mapping of a rules
/// file, its keys, what each takes and what it means (or its default), made
/// from the loader's own registration of the keys. Each table stands
/// between `<!-- schema:begin ID -->` and `<!-- schema:end ID -->` lines, ID
/// the keys that lead to the mapping ("rules.match"; the top level is
/// "rules-file").
std::string rulesSchemaMarkdown();
/// Every key of every mapping of a rules file, retired ones included,
/// sorted, each once; from the same registration as the tables. The rules
/// fuzzer's dictionary lists them (fuzz/rules-fuzzer/rules-fuzzer.dict).
std::vector<std::string> rulesFileKeys();
/// \p Readme with the text between each pair of schema markers made the
/// table rulesSchemaMarkdown gives it; an error when a table has no markers
/// or markers name no table.
llvm::Expected<std::string> withRulesSchema(llvm::StringRef Readme);

/// "rules.yaml:3:5", or the path alone when the position is unknown.
std::string formatRulesLocation(llvm::StringRef Path, RulesLocation Loc);

/// How a rules file spells each value (the loader parses with these).
llvm::StringRef phasesName(Phases P);
llvm::StringRef tensorSetName(TensorSet S);
llvm::StringRef failActionName(FailAction F);
llvm::StringRef printDetailName(PrintDetail D);
llvm::StringRef inputCheckName(InputCheck C);
llvm::StringRef watchdogActionName(WatchdogAction A);
/// `30s`, `500ms`, `2m`, or a number of seconds, as milliseconds (1 ms to
/// one day); nullopt for anything else.
std::optional<unsigned> parseWatchdogAfter(llvm::StringRef Text);

} // namespace aoti

#endif // AOTI_RULES_RULES_H
