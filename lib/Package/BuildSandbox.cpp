//===- BuildSandbox.cpp - What a rebuild's compiler may touch -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Package/BuildSandbox.h"
#include "Package/RecordedCommand.h"
#include "Support/TrustedDirs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// The programs a C++ driver may run, as -print-prog-name= names them.
constexpr StringRef DriverPrograms[] = {"cc1plus",     "cc1", "collect2",
                                        "lto-wrapper", "as",  "ld"};

/// What `Compiler -print-prog-name=Name` prints, by real path; "" when the
/// compiler does not know it.
std::string programNamed(StringRef Compiler, StringRef Name) {
  llvm::SmallString<128> Out;
  if (fs::createTemporaryFile("aoti-prog-name", "txt", Out))
    return "";
  std::string Arg = ("-print-prog-name=" + Name).str();
  StringRef Args[] = {Compiler, Arg};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef("")};
  int RC = llvm::sys::ExecuteAndWait(Compiler, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/30);
  auto Text = llvm::MemoryBuffer::getFile(Out);
  fs::remove(Out);
  if (RC != 0 || !Text)
    return "";
  StringRef Printed = (*Text)->getBuffer().trim();
  if (Printed.empty())
    return "";
  if (!Printed.contains('/')) {
    // A bare name: the driver looks for it on PATH.
    auto Found = llvm::sys::findProgramByName(Printed);
    return Found ? realPathOf(*Found) : "";
  }
  return realPathOf(Printed);
}

template <class ELFT>
std::string interpreterOf(const llvm::object::ELFObjectFile<ELFT> &Object) {
  const auto &File = Object.getELFFile();
  auto Headers = File.program_headers();
  if (!Headers) {
    llvm::consumeError(Headers.takeError());
    return "";
  }
  for (const auto &Header : *Headers) {
    if (Header.p_type != llvm::ELF::PT_INTERP)
      continue;
    StringRef Data = Object.getData();
    if (Header.p_offset >= Data.size() ||
        Header.p_filesz > Data.size() - Header.p_offset)
      return "";
    StringRef Interp = Data.substr(Header.p_offset, Header.p_filesz);
    return realPathOf(Interp.take_until([](char C) { return C == '\0'; }));
  }
  return "";
}

/// A compiler that is a `#!` script (`exec /opt/gcc/bin/g++-real -B...
/// "$@"`, a ccache or distcc wrapper) is no longer than this; a longer
/// file is not read for the programs it runs.
constexpr size_t ScriptLimit = 64 << 10;

/// The programs a `#!` script \p Text runs: its interpreter (`/usr/bin/env
/// NAME`: NAME on PATH) and every word that is the absolute path of an
/// executable file, by real path.
std::vector<std::string> scriptPrograms(StringRef Text) {
  std::vector<std::string> Programs;
  StringRef Shebang =
      Text.drop_front(2).take_until([](char C) { return C == '\n'; });
  llvm::SmallVector<StringRef, 4> Words;
  Shebang.split(Words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (!Words.empty() && path::filename(Words[0]) == "env" && Words.size() > 1)
    if (auto Found = llvm::sys::findProgramByName(Words[1]))
      Programs.push_back(realPathOf(*Found));
  llvm::SmallVector<StringRef, 64> Tokens;
  llvm::SplitString(Text, Tokens, " \t\r\n=");
  for (StringRef Token : Tokens) {
    Token = Token.trim(" \t\r\n\"'`;|&()<>#!");
    if (!Token.starts_with("/") || fs::is_directory(Token) ||
        !fs::can_execute(Token))
      continue;
    std::string Real = realPathOf(Token);
    if (!Real.empty())
      Programs.push_back(Real);
  }
  return Programs;
}

/// What a compiler that is a `#!` script runs besides the programs its
/// driver names: scriptPrograms, and its own directory (a wrapper runs its
/// siblings, as /opt/gcc/bin/g++ runs g++-real). None for an ELF compiler.
std::vector<std::string> wrapperPrograms(StringRef Compiler) {
  std::string Real = realPathOf(Compiler);
  uint64_t Size = 0;
  if (Real.empty() || fs::file_size(Real, Size) || Size > ScriptLimit)
    return {};
  auto Buffer = llvm::MemoryBuffer::getFile(Real, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer || !(*Buffer)->getBuffer().starts_with("#!"))
    return {};
  std::vector<std::string> Programs = scriptPrograms((*Buffer)->getBuffer());
  Programs.push_back(path::parent_path(Real).str());
  return Programs;
}

} // namespace

ResourceLimits aoti::rebuildLimits(uint64_t DataBytes, uint64_t UserSeconds,
                                   uint64_t UserMemory,
                                   uint64_t UserFileBytes) {
  ResourceLimits Limits;
  Limits.CpuSeconds = UserSeconds ? UserSeconds : DefaultCompileSeconds;
  Limits.MemoryBytes = UserMemory ? UserMemory : DefaultCompileMemory;
  Limits.FileBytes =
      UserFileBytes ? UserFileBytes : DefaultCompileFileBase + DataBytes;
  return Limits;
}

std::vector<std::string> aoti::compilerPrograms(StringRef Compiler) {
  static llvm::StringMap<std::vector<std::string>> Known;
  auto It = Known.find(Compiler);
  if (It != Known.end())
    return It->second;
  std::vector<std::string> Programs;
  if (std::string Real = realPathOf(Compiler); !Real.empty())
    Programs.push_back(Real);
  for (std::string &Program : wrapperPrograms(Compiler))
    if (!llvm::is_contained(Programs, Program))
      Programs.push_back(std::move(Program));
  for (StringRef Name : DriverPrograms) {
    std::string Program = programNamed(Compiler, Name);
    if (Program.empty() || llvm::is_contained(Programs, Program))
      continue;
    Programs.push_back(Program);
    // GCC's libexec directory: cc1plus, collect2, lto1 and its plugin.
    if (Name == "cc1plus")
      Programs.push_back(path::parent_path(Program).str());
  }
  return Known[Compiler] = Programs;
}

std::string aoti::elfInterpreter(StringRef Program) {
  auto Buffer = llvm::MemoryBuffer::getFile(Program, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer || fs::is_directory(Program))
    return "";
  auto Object =
      llvm::object::ObjectFile::createObjectFile((*Buffer)->getMemBufferRef());
  if (!Object) {
    llvm::consumeError(Object.takeError());
    return "";
  }
  using namespace llvm::object;
  if (auto *O = llvm::dyn_cast<ELF64LEObjectFile>(Object->get()))
    return interpreterOf(*O);
  if (auto *O = llvm::dyn_cast<ELF64BEObjectFile>(Object->get()))
    return interpreterOf(*O);
  if (auto *O = llvm::dyn_cast<ELF32LEObjectFile>(Object->get()))
    return interpreterOf(*O);
  if (auto *O = llvm::dyn_cast<ELF32BEObjectFile>(Object->get()))
    return interpreterOf(*O);
  return "";
}

SandboxPolicy
aoti::rebuildSandboxPolicy(const TrustedDirs &Trusted, StringRef Compiler,
                           StringRef WorkDir,
                           llvm::ArrayRef<std::string> CacheReads,
                           llvm::ArrayRef<std::string> CacheWrites) {
  SandboxPolicy Policy;
  Policy.WorkDir = WorkDir.str();
  Policy.ReadOnly = Trusted.roots();
  llvm::append_range(Policy.ReadOnly, CacheReads);
  for (StringRef File : compilerSystemFiles())
    Policy.ReadOnly.push_back(File.str());
  Policy.Writable.assign(CacheWrites.begin(), CacheWrites.end());
  Policy.Executable = compilerPrograms(Compiler);
  for (size_t I = 0, N = Policy.Executable.size(); I < N; ++I) {
    std::string Interp = elfInterpreter(Policy.Executable[I]);
    if (!Interp.empty() && !llvm::is_contained(Policy.Executable, Interp))
      Policy.Executable.push_back(Interp);
  }
  Policy.Devices = {"/dev/null", "/dev/urandom"};
  return Policy;
}
