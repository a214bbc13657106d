//===- Driver.cpp - Run one wrapper through the tool's stages -------------===//

#include "Driver/Driver.h"
#include "Analysis/CompileFlags.h"
#include "Analysis/WrapperAnalysis.h"
#include "Output/Inventory.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace aoti;
using llvm::StringRef;

StringRef aoti::toolVersion() { return AOTI_INSTRUMENT_VERSION; }

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
aoti::readWrapperFile(StringRef Path) {
  if (llvm::sys::fs::is_directory(Path))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "is a directory; expected an AOTInductor wrapper.cpp");
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!Buffer)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "cannot open file: " + Buffer.getError().message());
  StringRef Text = (*Buffer)->getBuffer();
  if (Text.trim().empty())
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is empty; expected an AOTInductor wrapper.cpp");
  size_t Nul = Text.find('\0');
  if (Nul != StringRef::npos)
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is not text (NUL byte at offset " +
                             std::to_string(Nul) +
                             "); expected an AOTInductor wrapper.cpp");
  if (!llvm::json::isUTF8(Text))
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "file is not text (invalid UTF-8); expected an "
                         "AOTInductor wrapper.cpp");
  return std::move(*Buffer);
}

namespace {

/// Flags for \p File from the compile_commands.json in \p BuildPath, minus
/// the compiler, the file itself and output options.
llvm::Expected<std::vector<std::string>>
flagsFromDatabase(StringRef BuildPath, StringRef File) {
  std::string Message;
  auto Database =
      clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, Message);
  if (!Database)
    return makeToolError(ExitCode::Usage, BuildPath.str(),
                         "cannot load compilation database: " + Message);
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  auto Commands = Database->getCompileCommands(Absolute);
  if (Commands.empty())
    return makeToolError(ExitCode::Usage, BuildPath.str(),
                         "compile_commands.json has no entry for '" +
                             File.str() + "'");
  const clang::tooling::CompileCommand &Command = Commands.front();
  std::vector<std::string> Flags;
  const std::vector<std::string> &Line = Command.CommandLine;
  for (size_t I = 1; I < Line.size(); ++I) {
    StringRef Arg = Line[I];
    if (Arg == "-o" || Arg == "-MF" || Arg == "-MT" || Arg == "-MQ") {
      ++I;
      continue;
    }
    if (Arg == "-c" || Arg == Command.Filename || Arg == File ||
        Arg == StringRef(Absolute) || Arg.starts_with("-M"))
      continue;
    Flags.push_back(Arg.str());
  }
  return Flags;
}

} // namespace

llvm::Error aoti::runDriver(const DriverOptions &Options,
                            llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  if (Options.List == ListFormat::None)
    return makeToolError(ExitCode::Usage, "",
                         "nothing to do: pass --list (or --list=json)");

  auto Buffer = readWrapperFile(Options.InputPath);
  if (!Buffer)
    return Buffer.takeError();

  CompileFlagsOptions FlagOptions;
  FlagOptions.TorchIncludeDir = Options.TorchIncludeDir;
  FlagOptions.Python = Options.Python;
  FlagOptions.ResourceDir = Options.ResourceDir.empty()
                                ? std::string(AOTI_CLANG_RESOURCE_DIR)
                                : Options.ResourceDir;
  if (Options.ExtraFlags) {
    FlagOptions.ExplicitFlags = *Options.ExtraFlags;
    FlagOptions.ExplicitOrigin = "command line";
  } else if (!Options.BuildPath.empty()) {
    auto Flags = flagsFromDatabase(Options.BuildPath, Options.InputPath);
    if (!Flags)
      return Flags.takeError();
    FlagOptions.ExplicitFlags = std::move(*Flags);
    FlagOptions.ExplicitOrigin = "compilation database";
  }
  auto Flags = discoverCompileFlags(Options.InputPath,
                                    (*Buffer)->getBuffer(), FlagOptions);
  if (!Flags)
    return Flags.takeError();
  for (const std::string &Note : Flags->Notes)
    llvm::WithColor::note(Err, Options.InputPath) << Note << "\n";

  auto Inventory = analyzeWrapper(Options.InputPath, Flags->Args);
  if (!Inventory)
    return Inventory.takeError();
  Inventory->File = Options.InputPath;

  if (Options.List == ListFormat::Json)
    printInventoryJson(*Inventory, Out);
  else
    printInventoryTable(*Inventory, Out);
  return llvm::Error::success();
}

int aoti::reportError(llvm::Error E, llvm::raw_ostream &Err) {
  int Code = static_cast<int>(ExitCode::Usage);
  llvm::handleAllErrors(
      std::move(E),
      [&](const ToolError &TE) {
        StringRef Prefix = TE.location().empty() ? StringRef("aoti-instrument")
                                                 : TE.location();
        llvm::WithColor::error(Err, Prefix) << TE.text() << "\n";
        if (!TE.hint().empty())
          llvm::WithColor::note(Err, Prefix) << TE.hint() << "\n";
        Code = static_cast<int>(TE.code());
      },
      [&](const llvm::ErrorInfoBase &Other) {
        llvm::WithColor::error(Err, "aoti-instrument") << Other.message()
                                                        << "\n";
      });
  return Code;
}
