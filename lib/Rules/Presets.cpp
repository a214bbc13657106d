//===- Presets.cpp --------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Rules/Presets.h"
#include "Rules/Rules.h"
#include "Support/InstallDirs.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <optional>

using namespace aoti;
using llvm::StringRef;

namespace {

constexpr StringRef PresetSuffix = ".yaml";

std::string presetPath(StringRef Dir, StringRef Name) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Name + PresetSuffix);
  return std::string(Path);
}

/// The name within two edits of \p Name, if one is.
std::optional<std::string> nearestName(StringRef Name,
                                       const std::vector<std::string> &Names) {
  std::optional<std::string> Best;
  unsigned BestDistance = 3;
  for (const std::string &Candidate : Names) {
    unsigned D = Name.edit_distance(Candidate, true, BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = Candidate;
    }
  }
  return Best;
}

} // namespace

std::string aoti::presetsDir() { return toolDataDir("yaml-rules"); }

std::vector<std::string> aoti::presetNames(StringRef Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    StringRef File = llvm::sys::path::filename(It->path());
    if (File.consume_back(PresetSuffix) && !File.empty())
      Names.push_back(File.str());
  }
  llvm::sort(Names);
  return Names;
}

llvm::Expected<std::string> aoti::resolveRules(StringRef Arg, StringRef Dir) {
  // A file that exists, or a path (its reader says what is wrong with it).
  if (llvm::sys::fs::exists(Arg) || llvm::sys::path::has_parent_path(Arg))
    return Arg.str();
  StringRef Name = Arg;
  Name.consume_back(PresetSuffix);
  std::vector<std::string> Names = presetNames(Dir);
  if (llvm::is_contained(Names, Name))
    return presetPath(Dir, Name);
  std::string Message = "no such rules file or preset";
  if (std::optional<std::string> Near = nearestName(Name, Names))
    Message += "; did you mean '" + *Near + "'?";
  return makeToolError(ExitCode::RulesError, Arg.str(), Message,
                       (Names.empty()
                            ? "no presets are installed in " + Dir.str()
                            : "the presets are " + llvm::join(Names, ", ")) +
                           " (aoti-instrument --list-presets)");
}

llvm::Error aoti::listPresets(StringRef Dir, llvm::raw_ostream &Out) {
  std::vector<std::string> Names = presetNames(Dir);
  if (Names.empty())
    return makeToolError(ExitCode::RulesError, Dir.str(),
                         "no presets installed here");
  size_t Width = 0;
  for (const std::string &Name : Names)
    Width = std::max(Width, Name.size());
  for (const std::string &Name : Names) {
    auto Rules = loadRules(presetPath(Dir, Name));
    if (!Rules)
      return Rules.takeError();
    Out << llvm::left_justify(Name, Width) << "  " << Rules->Description
        << "\n";
  }
  return llvm::Error::success();
}
