//===- ExportedProgram.cpp - What a package's exported program says -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Package/ExportedProgram.h"
#include "llvm/Support/JSON.h"

using namespace aoti;
namespace json = llvm::json;

std::vector<std::string> aoti::exportedInputNames(llvm::StringRef Json) {
  llvm::Expected<json::Value> Program = json::parse(Json);
  if (!Program) {
    llvm::consumeError(Program.takeError());
    return {};
  }
  const json::Object *Root = Program->getAsObject();
  const json::Object *Module = Root ? Root->getObject("graph_module") : nullptr;
  const json::Object *Signature =
      Module ? Module->getObject("signature") : nullptr;
  const json::Array *Specs =
      Signature ? Signature->getArray("input_specs") : nullptr;
  if (!Specs)
    return {};
  std::vector<std::string> Names;
  for (const json::Value &Spec : *Specs) {
    const json::Object *Entry = Spec.getAsObject();
    const json::Object *User = Entry ? Entry->getObject("user_input") : nullptr;
    if (!User)
      continue; // a parameter, buffer, constant: not an input of the model
    const json::Object *Arg = User->getObject("arg");
    const json::Object *Tensor = Arg ? Arg->getObject("as_tensor") : nullptr;
    std::optional<llvm::StringRef> Name =
        Tensor ? Tensor->getString("name") : std::nullopt;
    if (!Name)
      return {};
    Names.push_back(Name->str());
  }
  return Names;
}
