//===- TorchHeaders.cpp - Which torch headers to parse a wrapper with -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/TorchHeaders.h"
#include "Analysis/CompileFlags.h"
#include "Support/CacheDir.h"
#include "Support/ToolError.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"

using namespace aoti;
using llvm::StringRef;

namespace {

// lib/Analysis/fetch_torch_headers.py, embedded at build time
// (cmake/EmbedText).
#include "FetchTorchHeadersText.inc"

/// What the fetch script's exit codes mean (see its docstring).
std::string describeFetchFailure(int RC) {
  switch (RC) {
  case 2:
    return "the download failed (offline, no such release on the package "
           "index, or no pip; see the messages above)";
  case 3:
    return "the wheel holds no usable torch/include";
  case -1:
    return "the fetch could not be run or crashed";
  default:
    return "the fetch exited with code " + std::to_string(RC);
  }
}

/// 1-based line and column of \p Offset in \p Text.
std::string lineColumn(StringRef Text, size_t Offset) {
  StringRef Before = Text.take_front(Offset);
  size_t Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  size_t Column =
      LineStart == StringRef::npos ? Offset + 1 : Offset - LineStart;
  return std::to_string(Line) + ":" + std::to_string(Column);
}

} // namespace

std::string aoti::cachedTorchInclude(StringRef CacheDir, TorchRelease Release) {
  llvm::SmallString<256> ReleaseDir(CacheDir);
  llvm::sys::path::append(ReleaseDir, "torch-headers", Release.str());
  llvm::SmallString<256> Marker(ReleaseDir), Include(ReleaseDir);
  llvm::sys::path::append(Marker, "fetched.json");
  llvm::sys::path::append(Include, "include");
  if (llvm::sys::fs::exists(Marker) && llvm::sys::fs::is_directory(Include))
    return std::string(Include);
  return "";
}

llvm::Expected<std::string>
aoti::findOrFetchTorchHeaders(TorchRelease Release, const FetchOptions &Options,
                              llvm::raw_ostream &Err) {
  std::string CacheDir =
      Options.CacheDir.empty() ? defaultCacheDir() : Options.CacheDir;
  std::string What = "torch " + Release.str() + " headers";
  std::string Fix = "fetch them where there is network with "
                    "lib/Analysis/fetch_torch_headers.py " +
                    Release.str() + " --cache " + CacheDir +
                    ", or pass --torch-include=<torch " + Release.str() +
                    ">/include";
  if (CacheDir.empty())
    return makeToolError(ExitCode::HeadersUnavailable, "",
                         "cannot fetch the " + What +
                             ": no cache directory (set AOTI_CACHE_DIR)");
  std::string Include = cachedTorchInclude(CacheDir, Release);
  if (!Include.empty())
    return Include;

  // A path is returned as it is: check that it runs.
  auto Python = llvm::sys::findProgramByName(Options.Python);
  if (!Python || !llvm::sys::fs::can_execute(*Python))
    return makeToolError(ExitCode::HeadersUnavailable, "",
                         "cannot fetch the " + What + ": no '" +
                             Options.Python + "' to run the fetch with",
                         "pass --python=<a python3 that has pip>, or " + Fix);
  llvm::SmallString<128> Script;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createTemporaryFile(
          "aoti-fetch-torch-headers", "py", FD, Script))
    return makeToolError(
        ExitCode::HeadersUnavailable, "",
        "cannot fetch the " + What +
            ": cannot write the fetch script: " + EC.message());
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    for (const char *const *Chunk = FetchTorchHeadersText; *Chunk; ++Chunk)
      Out << *Chunk;
  }

  llvm::WithColor::note(Err, "aoti-instrument")
      << What << " are not in " << CacheDir
      << "/torch-headers: fetching them once (one download of 0.5-1 GB)\n";
  Err.flush();
  std::string ReleaseText = Release.str();
  StringRef Args[] = {*Python, Script, ReleaseText, "--cache", CacheDir};
  // The script's progress (and pip's) goes straight to our stderr; its
  // stdout, the include dir, is worked out here instead.
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(""),
                                          std::nullopt};
  std::string ExecError;
  int RC = llvm::sys::ExecuteAndWait(*Python, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &ExecError);
  llvm::sys::fs::remove(Script);
  if (RC != 0)
    return makeToolError(
        ExitCode::HeadersUnavailable, "",
        "cannot fetch the " + What + ": " +
            (ExecError.empty() ? describeFetchFailure(RC) : ExecError),
        Fix);
  Include = cachedTorchInclude(CacheDir, Release);
  if (Include.empty())
    return makeToolError(ExitCode::HeadersUnavailable, "",
                         "cannot fetch the " + What + ": the fetch left no " +
                             CacheDir + "/torch-headers/" + ReleaseText +
                             "/fetched.json",
                         Fix);
  return Include;
}

std::string aoti::torchIncludeDirOf(llvm::ArrayRef<std::string> CompilerArgs) {
  for (const std::string &Dir : angledIncludeDirs(CompilerArgs)) {
    llvm::SmallString<256> ModelHeader(Dir);
    llvm::sys::path::append(ModelHeader,
                            "torch/csrc/inductor/aoti_runtime/model.h");
    if (llvm::sys::fs::exists(ModelHeader))
      return Dir;
  }
  return "";
}

llvm::Error
aoti::explainParseFailure(llvm::Error ParseError, StringRef WrapperPath,
                          StringRef WrapperText,
                          llvm::ArrayRef<std::string> CompilerArgs) {
  return llvm::handleErrors(
      std::move(ParseError), [&](std::unique_ptr<ToolError> TE) -> llvm::Error {
        if (TE->code() != ExitCode::CompileError)
          return llvm::Error(std::move(TE));
        std::string TorchDir = torchIncludeDirOf(CompilerArgs);
        std::optional<TorchVersion> Headers =
            TorchDir.empty() ? std::nullopt : readTorchHeadersVersion(TorchDir);
        std::optional<WrapperRelease> Needed = oldestReleaseFor(WrapperText);
        if (!Headers || !Needed || !(Headers->Release < Needed->Oldest))
          return llvm::Error(std::move(TE));
        std::string Release = Needed->Oldest.str();
        std::string Location =
            (WrapperPath + ":" + lineColumn(WrapperText, Needed->Offset)).str();
        return makeToolError(
            ExitCode::CompileError, Location,
            "this wrapper was generated by torch " + Release + " or newer ('" +
                Needed->Marker->Name.str() + "' is new in " + Release +
                ") but is parsed with the older headers of torch " +
                Headers->str() + " ('" + TorchDir + "')",
            "parse it with the headers of its release: --torch-version=" +
                Release + " (fetched once into " + defaultCacheDir() +
                "/torch-headers), or --torch-include=<torch " + Release +
                ">/include");
      });
}
