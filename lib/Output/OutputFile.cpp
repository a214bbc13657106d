//===- OutputFile.cpp - Write results without corrupting inputs -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Output/OutputFile.h"
#include "Support/ToolError.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace aoti;
namespace fs = llvm::sys::fs;

llvm::Error aoti::checkOutputTarget(llvm::StringRef Path) {
  fs::file_status Status;
  if (Path == "-" || fs::status(Path, Status) ||
      Status.type() == fs::file_type::file_not_found ||
      Status.type() == fs::file_type::regular_file)
    return llvm::Error::success();
  return makeToolError(ExitCode::OutputError, Path.str(),
                       "exists and is not a regular file; refusing to "
                       "replace it",
                       "name a file to write (or a new name)");
}

std::string aoti::originalCopyPath(llvm::StringRef Path) {
  return (Path + ".orig").str();
}

llvm::Error aoti::checkInPlaceTarget(llvm::StringRef Path) {
  std::string Orig = originalCopyPath(Path);
  fs::file_status Status;
  // Not followed: a dangling link counts too.
  if (!fs::status(Orig, Status, /*Follow=*/false) &&
      Status.type() != fs::file_type::file_not_found)
    return makeToolError(ExitCode::OutputError, Orig,
                         "exists already; -i keeps the original under this "
                         "name",
                         "move it away first (it may be an earlier original)");
  return checkOutputTarget(Path);
}

llvm::Error aoti::writeOutput(llvm::StringRef Path, llvm::StringRef Text) {
  if (llvm::Error E = checkOutputTarget(Path))
    return E;
  llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
  if (E)
    return makeToolError(ExitCode::OutputError, Path.str(),
                         "cannot write output: " +
                             llvm::toString(std::move(E)));
  return llvm::Error::success();
}

llvm::Error aoti::keepOriginal(llvm::StringRef Path) {
  std::string Orig = originalCopyPath(Path);
  auto Fail = [&](std::error_code EC) {
    return makeToolError(ExitCode::OutputError, Orig,
                         "cannot keep the original: " + EC.message(),
                         EC == std::errc::file_exists
                             ? "move it away first (it may be an earlier "
                               "original)"
                             : "");
  };
  auto In = fs::openNativeFileForRead(Path);
  if (!In)
    return Fail(llvm::errorToErrorCode(In.takeError()));
  // O_CREAT | O_EXCL: never through a link or a file of that name.
  int OutFD;
  if (std::error_code EC =
          fs::openFileForWrite(Orig, OutFD, fs::CD_CreateNew)) {
    fs::closeFile(*In);
    return Fail(EC);
  }
  llvm::raw_fd_ostream Out(OutFD, /*shouldClose=*/true);
  char Chunk[1 << 16];
  std::error_code EC;
  while (true) {
    auto Got = fs::readNativeFile(*In, Chunk);
    if (!Got) {
      EC = llvm::errorToErrorCode(Got.takeError());
      break;
    }
    if (*Got == 0)
      break;
    Out.write(Chunk, *Got);
  }
  fs::closeFile(*In);
  Out.close();
  if (!EC && Out.has_error())
    EC = Out.error();
  if (EC) {
    Out.clear_error();
    fs::remove(Orig);
    return Fail(EC);
  }
  return llvm::Error::success();
}

llvm::Error aoti::writeInPlace(llvm::StringRef Path, llvm::StringRef Text) {
  if (llvm::Error E = keepOriginal(Path))
    return E;
  return writeOutput(Path, Text);
}
