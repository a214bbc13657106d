//===- Presets.h - Rules files known by name --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The presets (yaml-rules/*.yaml) ship beside the tool, in
// <prefix>/share/aoti-instrument/yaml-rules (Support/InstallDirs.h), so that
// `-rules nan-hunt` works wherever the tool is installed. In a build tree
// that directory is a link to the checkout's yaml-rules/.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RULES_PRESETS_H
#define AOTI_RULES_PRESETS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace aoti {

/// Where the presets are: <prefix>/share/aoti-instrument/yaml-rules.
std::string presetsDir();

/// The presets' names (their file names without .yaml), sorted.
std::vector<std::string> presetNames(llvm::StringRef Dir);

/// The rules file that `-rules Arg` means: \p Arg itself when such a file
/// exists or it is a path (with a directory), else the preset of that name
/// in \p Dir (`nan-hunt` or `nan-hunt.yaml`). A RulesError naming the
/// presets otherwise.
llvm::Expected<std::string> resolveRules(llvm::StringRef Arg,
                                         llvm::StringRef Dir);

/// --list-presets: each preset's name and its one-line description.
llvm::Error listPresets(llvm::StringRef Dir, llvm::raw_ostream &Out);

} // namespace aoti

#endif // AOTI_RULES_PRESETS_H
