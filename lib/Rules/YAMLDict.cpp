//===- YAMLDict.cpp - The keys of a YAML mapping, each said once ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Rules/YAMLDict.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include <cassert>
#include <set>

using namespace aoti;
using llvm::StringRef;

std::optional<StringRef>
aoti::closestWord(StringRef Word, llvm::ArrayRef<StringRef> Candidates) {
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

std::string aoti::quotedWords(llvm::ArrayRef<StringRef> Words) {
  std::string Out;
  for (StringRef W : Words)
    Out += (Out.empty() ? "`" : ", `") + W.str() + "`";
  return Out;
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

YAMLDict::Entry &YAMLDict::Entry::mapping(Nested Keys) {
  Mapping = std::move(Keys);
  return *this;
}

YAMLDict::Entry &YAMLDict::Entry::items(std::string Name, Nested Keys) {
  ItemName = std::move(Name);
  Items = std::move(Keys);
  return *this;
}

YAMLDict::Entry &YAMLDict::Entry::required(std::string Message) {
  Required = std::move(Message);
  return *this;
}

YAMLDict::Entry &YAMLDict::Entry::sameRow() {
  SameRow = true;
  return *this;
}

YAMLDict::YAMLDict(std::string Name, std::string Subject, Reporter Report)
    : Name(std::move(Name)), Subject(std::move(Subject)),
      Report(std::move(Report)) {}

void YAMLDict::columns(StringRef Value, StringRef Note) {
  ValueColumn = Value.str();
  NoteColumn = Note.str();
}

YAMLDict::Entry &YAMLDict::handle(StringRef Key, KeyDoc Doc, Handler Read) {
  assert(
      llvm::none_of(Entries, [&](const Entry &E) { return E.Name == Key; }) &&
      "a key registered twice");
  Entry &E = Entries.emplace_back();
  E.Name = Key.str();
  E.Doc = std::move(Doc);
  E.Read = std::move(Read);
  return E;
}

void YAMLDict::retire(StringRef Key, std::string Message, std::string Hint) {
  RetiredKeys.push_back({Key.str(), std::move(Message), std::move(Hint)});
}

void YAMLDict::finally(Check C) { Checks.push_back(std::move(C)); }

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

llvm::Error YAMLDict::parse(const YAML::Node &Map) const {
  if (!Map.IsMap())
    return Report(Map, Subject + " must be a mapping of keys to values", "");
  if (llvm::Error E = checkRetired(Map))
    return E;
  if (llvm::Error E = checkUnknown(Map))
    return E;
  if (llvm::Error E = checkRequired(Map))
    return E;
  for (const Entry &E : Entries)
    if (const YAML::Node Value = Map[E.Name])
      if (llvm::Error Err = read(E, Value))
        return Err;
  for (const Check &C : Checks)
    if (llvm::Error E = C(Map))
      return E;
  return llvm::Error::success();
}

llvm::Error YAMLDict::checkRetired(const YAML::Node &Map) const {
  for (const Retired &R : RetiredKeys)
    if (const YAML::Node Value = Map[R.Key])
      return Report(Value, R.Message, R.Hint);
  return llvm::Error::success();
}

llvm::Error YAMLDict::checkUnknown(const YAML::Node &Map) const {
  std::vector<StringRef> Known;
  for (const Entry &E : Entries)
    Known.push_back(E.Name);
  for (const auto &KV : Map) {
    std::string Key = KV.first.Scalar();
    if (llvm::is_contained(Known, StringRef(Key)))
      continue;
    std::string Message = "unknown key '" + Key + "' in " + Name;
    if (std::optional<StringRef> Near = closestWord(Key, Known))
      Message += "; did you mean '" + Near->str() + "'?";
    return Report(KV.first, Message, "known keys: " + llvm::join(Known, ", "));
  }
  return llvm::Error::success();
}

llvm::Error YAMLDict::checkRequired(const YAML::Node &Map) const {
  for (const Entry &E : Entries)
    if (!E.Required.empty() && !Map[E.Name])
      return Report(Map, llvm::formatv(E.Required.c_str(), E.Name).str(), "");
  return llvm::Error::success();
}

llvm::Error YAMLDict::read(const Entry &E, const YAML::Node &Value) const {
  if (E.Mapping && Value.IsMap()) {
    YAMLDict Dict = nested(E);
    E.Mapping(Dict, Value);
    return Dict.parse(Value);
  }
  if (E.Items && Value.IsSequence())
    return readItems(E, Value);
  if (E.Read)
    return E.Read(Value, E.Name);
  assert((E.Mapping || E.Items) && "a key nothing reads");
  return Report(Value,
                "'" + E.Name +
                    (E.Items ? "' must be a list"
                             : "' must be a mapping of keys to values"),
                "");
}

llvm::Error YAMLDict::readItems(const Entry &E, const YAML::Node &List) const {
  for (const YAML::Node &Item : List) {
    YAMLDict Dict = nested(E);
    E.Items(Dict, Item);
    if (llvm::Error Err = Dict.parse(Item))
      return Err;
  }
  return llvm::Error::success();
}

YAMLDict YAMLDict::nested(const Entry &E) const {
  if (E.Items)
    return YAMLDict(E.ItemName, E.ItemName, Report);
  return YAMLDict(E.Name, "'" + E.Name + "'", Report);
}

//===----------------------------------------------------------------------===//
// The schema
//===----------------------------------------------------------------------===//

std::vector<SchemaTable> YAMLDict::schema(StringRef Id) const {
  std::vector<SchemaTable> Out{{Id.str(), table()}};
  forEachNested("", [&](StringRef NestedId, const YAMLDict &Dict) {
    Out.push_back({NestedId.str(), Dict.table()});
  });
  return Out;
}

std::vector<std::string> YAMLDict::allKeys() const {
  std::set<std::string> Keys;
  auto Add = [&](StringRef, const YAMLDict &Dict) {
    for (const Entry &E : Dict.Entries)
      Keys.insert(E.Name);
    for (const Retired &R : Dict.RetiredKeys)
      Keys.insert(R.Key);
  };
  Add("", *this);
  forEachNested("", Add);
  return {Keys.begin(), Keys.end()};
}

void YAMLDict::forEachNested(
    StringRef Prefix,
    llvm::function_ref<void(StringRef Id, const YAMLDict &Dict)> Visit) const {
  for (const Entry &E : Entries) {
    if (!E.Mapping && !E.Items)
      continue;
    YAMLDict Dict = nested(E);
    (E.Items ? E.Items : E.Mapping)(Dict, YAML::Node());
    std::string Id = (Prefix + E.Name).str();
    Visit(Id, Dict);
    Dict.forEachNested(Id + ".", Visit);
  }
}

std::string YAMLDict::table() const {
  std::vector<std::vector<std::string>> Rows;
  for (const Entry &E : Entries) {
    std::string Key = "`" + E.Name + "`";
    if (E.SameRow && !Rows.empty())
      Rows.back()[0] += " / " + Key;
    else
      Rows.push_back({Key, E.Doc.Value, E.Doc.Note});
  }
  auto Line = [](llvm::ArrayRef<std::string> Cells) {
    std::string Text = "|";
    for (const std::string &Cell : Cells)
      Text += Cell.empty() ? " |" : " " + Cell + " |";
    return Text + "\n";
  };
  std::string Out = Line({"key", ValueColumn, NoteColumn});
  Out += Line({"---", "---", "---"});
  for (const std::vector<std::string> &Row : Rows)
    Out += Line(Row);
  return Out;
}

//===----------------------------------------------------------------------===//
// The schema in a Markdown page
//===----------------------------------------------------------------------===//

namespace {

/// The Id of a `<!-- schema:KIND ID -->` line, else "".
StringRef markerId(StringRef Line, StringRef Kind) {
  Line = Line.trim();
  if (!Line.consume_front("<!-- schema:") || !Line.consume_front(Kind) ||
      !Line.consume_back("-->"))
    return "";
  return Line.trim();
}

/// What stands between a table's markers.
std::string sectionBody(const SchemaTable &T) {
  return "\n" + T.Markdown + "\n";
}

llvm::Error spliceError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

} // namespace

std::string aoti::schemaSections(llvm::ArrayRef<SchemaTable> Tables) {
  std::string Out;
  for (const SchemaTable &T : Tables)
    Out += (Out.empty() ? "" : "\n") +
           ("<!-- schema:begin " + T.Id + " -->\n") + sectionBody(T) +
           "<!-- schema:end " + T.Id + " -->\n";
  return Out;
}

llvm::Expected<std::string>
aoti::spliceSchema(StringRef Markdown, llvm::ArrayRef<SchemaTable> Tables) {
  std::string Out;
  llvm::StringSet<> Done;
  StringRef Open; // the Id of the section being replaced
  while (!Markdown.empty()) {
    auto [Line, Rest] = Markdown.split('\n');
    Markdown = Rest;
    StringRef Begin = markerId(Line, "begin "), End = markerId(Line, "end ");
    if (!Open.empty() && End != Open) {
      if (!Begin.empty() || !End.empty() || Markdown.empty())
        return spliceError("no '<!-- schema:end " + Open +
                           " -->' after its "
                           "begin marker");
      continue; // the old table
    }
    Out += Line.str() + "\n";
    if (!End.empty() && Open.empty())
      return spliceError("'" + Line + "' without its begin marker");
    Open = "";
    if (Begin.empty())
      continue;
    const SchemaTable *T = llvm::find_if(
        Tables, [&](const SchemaTable &T) { return T.Id == Begin; });
    if (T == Tables.end() || !Done.insert(Begin).second)
      return spliceError("'" + Line +
                         "' names no table, or one already placed");
    Out += sectionBody(*T);
    Open = Begin;
  }
  for (const SchemaTable &T : Tables)
    if (!Done.contains(T.Id))
      return spliceError("no '<!-- schema:begin " + T.Id + " -->' section");
  return Out;
}
