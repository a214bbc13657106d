//===- ParsePCH.cpp - Cached precompiled header for the analysis parse ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/ParsePCH.h"
#include "Support/CacheDir.h"
#include "Support/Version.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

std::string aoti::getParsePCH(const ParseCache &Cache, StringRef IncludeLine,
                              llvm::ArrayRef<std::string> ClangArgs) {
  if (Cache.Dir.empty() || IncludeLine.empty())
    return "";
  // Whatever changes what clang would make of the header: its text, the
  // flags, and this clang (the tool carries its own). Changed torch headers
  // are caught by clang itself when it loads the PCH.
  llvm::SHA256 Hash;
  Hash.update(IncludeLine);
  for (const std::string &Arg : ClangArgs)
    Hash.update(Arg + '\0');
  Hash.update(LLVM_VERSION_STRING);
  Hash.update(toolVersion());
  std::string Key = cacheKey(Hash);
  std::string Pch = pathIn(Cache.Dir, "parse-" + Key + ".pch");
  if (fs::exists(Pch))
    return Pch;

  if (fs::create_directories(Cache.Dir))
    return "";
  std::string Tmp =
      Pch + ".tmp-" + std::to_string(llvm::sys::Process::getProcessId());
  // The PCH names the header it was made from, and clang checks that file
  // when it loads the PCH: it stays beside it, written once.
  std::string Header = pathIn(Cache.Dir, "parse-" + Key + ".h");
  if (!fs::exists(Header)) {
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Tmp + ".h", EC);
      if (EC)
        return "";
      OS << IncludeLine << "\n";
    }
    if (fs::rename(Tmp + ".h", Header))
      return "";
  }
  // Progress for a person watching, not a diagnostic: scripts and tests
  // that read stderr see the same output with a cold cache as a warm one.
  if (Cache.Progress && Cache.Progress->is_displayed())
    *Cache.Progress << Cache.Label << ": precompiling the torch headers "
                    << "for the analysis (cached in " << Cache.Dir
                    << "), once\n";
  // Templates instantiated in the PCH are not instantiated again by each
  // parse: 2.8 -> 0.8 s on a 12-layer transformer's wrapper.
  std::vector<std::string> Argv = {"clang++", "-w"};
  Argv.insert(Argv.end(), ClangArgs.begin(), ClangArgs.end());
  Argv.insert(Argv.end(), {"-fpch-instantiate-templates", "-xc++-header",
                           Header, "-o", Tmp});
  clang::IgnoringDiagConsumer Quiet;
  auto Files =
      llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions());
  clang::tooling::ToolInvocation Invocation(
      Argv, std::make_unique<clang::GeneratePCHAction>(), Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  bool Ok = Invocation.run();
  // Another process may have put the same PCH there first: either is good.
  if (!Ok || fs::rename(Tmp, Pch)) {
    fs::remove(Tmp);
    return fs::exists(Pch) ? Pch : "";
  }
  return Pch;
}
