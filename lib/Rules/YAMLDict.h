//===- YAMLDict.h - A YAML mapping's keys, each said once -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clangd's DictParser (clang-tools-extra/clangd/ConfigYAML.cpp) over
// yaml-cpp: each key of a mapping is registered once, with the handler that
// reads its value and the row of the schema table that documents it. The
// registration is the mapping's only list of keys: the unknown-key errors
// and their "did you mean" suggestions, the order values are read in, and
// the schema tables of yaml-rules/README.md all come from it.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RULES_YAMLDICT_H
#define AOTI_RULES_YAMLDICT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace aoti {

/// The closest of \p Candidates to \p Word by edit distance, if close enough
/// to be a typo of it (as clang's and clangd's suggestions are).
std::optional<llvm::StringRef>
closestWord(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates);

/// "`a`, `b`, `c`": words as a schema table cell lists them.
std::string quotedWords(llvm::ArrayRef<llvm::StringRef> Words);

/// A key's row in its mapping's schema table.
struct KeyDoc {
  std::string Value; ///< what the key takes
  std::string Note;  ///< what it means, or its default (the table's header)
};

/// One mapping's schema table.
struct SchemaTable {
  /// The keys that lead to the mapping, joined by '.': "rules.match".
  std::string Id;
  /// A Markdown table: its header, then a row per key.
  std::string Markdown;
};

/// The keys of one YAML mapping: register each with handle(), then parse()
/// a node, or take the schema().
class YAMLDict {
public:
  /// Reports a problem at a node, with a hint (empty: none).
  using Reporter = std::function<llvm::Error(
      const YAML::Node &At, const llvm::Twine &Message, std::string Hint)>;
  /// Reads the value of a key (a value no nested mapping or list takes).
  using Handler =
      std::function<llvm::Error(const YAML::Node &Value, llvm::StringRef Key)>;
  /// Registers into \p Dict the keys of the mapping \p Node (a null node
  /// when only the schema is wanted).
  using Nested = std::function<void(YAMLDict &Dict, const YAML::Node &Node)>;
  /// A check across the keys of a mapping, once they are read.
  using Check = std::function<llvm::Error(const YAML::Node &Map)>;

  /// A registered key. Its setters chain: `D.handle(...).mapping(...)`.
  class Entry {
  public:
    /// A mapping value is read by a nested dict of the keys \p Keys
    /// registers, named after this key in messages ("unknown key 'x' in
    /// nan_check"); any other value by the handler, or is an error.
    Entry &mapping(Nested Keys);
    /// Each item of a list value is a mapping of the keys \p Keys registers
    /// (called for each item before it is read, once the item before it is
    /// read), \p ItemName in messages ("a rule"); any other value is read
    /// by the handler, or is an error. A key has mapping() or items(), not
    /// both.
    Entry &items(std::string ItemName, Nested Keys);
    /// Without this key the mapping is an error: \p Message, "{0}" in it
    /// standing for the key.
    Entry &required(std::string Message);
    /// Documented in the row of the key registered before it:
    /// "`kernel` / `kernel_regex`".
    Entry &sameRow();

    llvm::StringRef name() const { return Name; }

  private:
    friend class YAMLDict;
    std::string Name;
    KeyDoc Doc;
    Handler Read;
    Nested Mapping;
    Nested Items;
    std::string ItemName;
    std::string Required;
    bool SameRow = false;
  };

  /// \p Name names the mapping in messages ("unknown key 'x' in NAME"),
  /// \p Subject as the subject of a sentence ("SUBJECT must be a mapping").
  YAMLDict(std::string Name, std::string Subject, Reporter Report);

  /// The headers of the schema table's value and note columns.
  void columns(llvm::StringRef Value, llvm::StringRef Note);

  /// Registers \p Key, read by \p Read (for a key with a nested mapping or
  /// list, the values that are not one) and documented by \p Doc.
  Entry &handle(llvm::StringRef Key, KeyDoc Doc, Handler Read = nullptr);

  /// A key that is no more: present, it is the mapping's first error,
  /// \p Message at its value with \p Hint. Neither known nor suggested.
  void retire(llvm::StringRef Key, std::string Message, std::string Hint);

  /// \p C runs once the keys of a mapping are read.
  void finally(Check C);

  /// Reads \p Map: it must be a mapping with no key but those registered
  /// (the error suggests the closest) and every required one; then each
  /// key's value is read, in the order the keys were registered, and the
  /// checks run.
  llvm::Error parse(const YAML::Node &Map) const;

  /// The schema table of this mapping, as \p Id, then those of the mappings
  /// nested in it, depth first, as "KEY" (then "KEY.KEY2", ...).
  std::vector<SchemaTable> schema(llvm::StringRef Id) const;

  /// Every key of this mapping and of those nested in it, retired ones
  /// included, sorted, each once (a key of two mappings is one word): the
  /// words a rules file is made of, for the rules fuzzer's dictionary.
  std::vector<std::string> allKeys() const;

private:
  struct Retired {
    std::string Key;
    std::string Message;
    std::string Hint;
  };

  llvm::Error checkRetired(const YAML::Node &Map) const;
  llvm::Error checkUnknown(const YAML::Node &Map) const;
  llvm::Error checkRequired(const YAML::Node &Map) const;
  llvm::Error read(const Entry &E, const YAML::Node &Value) const;
  llvm::Error readItems(const Entry &E, const YAML::Node &List) const;
  /// The dict of \p E's nested mapping, or of one item of its list.
  YAMLDict nested(const Entry &E) const;
  std::string table() const;
  /// Calls \p Visit on the dict of each mapping nested in this one, depth
  /// first, with its Id: \p Prefix, then the keys that lead to it.
  void forEachNested(
      llvm::StringRef Prefix,
      llvm::function_ref<void(llvm::StringRef Id, const YAMLDict &Dict)> Visit)
      const;

  std::string Name;
  std::string Subject;
  Reporter Report;
  std::string ValueColumn = "value";
  std::string NoteColumn = "meaning";
  std::deque<Entry> Entries; ///< a deque: handle() returns references
  std::vector<Retired> RetiredKeys;
  std::vector<Check> Checks;
};

/// \p Tables as the sections of a Markdown page: each table between a
/// `<!-- schema:begin ID -->` and a `<!-- schema:end ID -->` line, after a
/// blank line and before one.
std::string schemaSections(llvm::ArrayRef<SchemaTable> Tables);

/// \p Markdown with the text between each `<!-- schema:begin ID -->` line
/// and the `<!-- schema:end ID -->` line after it replaced by the table of
/// \p Tables with that Id, as schemaSections places it. An error names a marker
/// without its pair, an Id of no table, and a table without markers.
llvm::Expected<std::string> spliceSchema(llvm::StringRef Markdown,
                                         llvm::ArrayRef<SchemaTable> Tables);

} // namespace aoti

#endif // AOTI_RULES_YAMLDICT_H
