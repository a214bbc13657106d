//===- TestUtil.cpp - Shared helpers of the unit tests --------------------===//

#include "TestUtil.h"
#include "Analysis/WrapperAnalysis.h"
#include "Support/ToolError.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace aoti;
using namespace aoti::test;
using llvm::StringRef;

std::string aoti::test::inputPath(StringRef Rel) {
  llvm::SmallString<256> Path(AOTI_TEST_INPUTS);
  llvm::sys::path::append(Path, Rel);
  return std::string(Path);
}

std::string aoti::test::readFile(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer) {
    ADD_FAILURE() << "cannot read " << Path.str() << ": "
                  << Buffer.getError().message();
    return "";
  }
  return (*Buffer)->getBuffer().str();
}

void aoti::test::writeFile(StringRef Path, StringRef Bytes) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << "cannot write " << Path.str() << ": " << EC.message();
  OS << Bytes;
}

StringRef aoti::test::torchIncludeDir() { return AOTI_TEST_TORCH_INCLUDE; }

TempDir::TempDir() {
  llvm::SmallString<128> Dir;
  std::error_code EC =
      llvm::sys::fs::createUniqueDirectory("aoti-unittest", Dir);
  EXPECT_FALSE(EC) << EC.message();
  Path = std::string(Dir);
}

TempDir::~TempDir() {
  if (!Path.empty())
    llvm::sys::fs::remove_directories(Path);
}

std::string TempDir::file(StringRef Name) const {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

std::vector<std::string> aoti::test::wrapperArgs(bool Cuda) {
  std::vector<std::string> Args = {
      "-std=c++17", "-w", "-DTORCH_INDUCTOR_CPP_WRAPPER",
      "-DSTANDALONE_TORCH_HEADER", "-DC10_USING_CUSTOM_GENERATED_MACROS"};
  if (Cuda)
    Args.push_back("-DUSE_CUDA");
  Args.push_back("-I" + torchIncludeDir().str());
  if (Cuda)
    Args.push_back(std::string("-I") + AOTI_TEST_CUDA_HOME + "/include");
  Args.push_back(std::string("-resource-dir=") + AOTI_TEST_RESOURCE_DIR);
  return Args;
}

ParsedWrapper aoti::test::parseWrapper(StringRef Code, StringRef FileName,
                                       bool Cuda) {
  ParsedWrapper P;
  P.Text = Code.str();
  P.AST = clang::tooling::buildASTFromCodeWithArgs(Code, wrapperArgs(Cuda),
                                                   FileName);
  if (!P.AST)
    return P;
  P.ParseErrors = P.AST->getDiagnostics().hasErrorOccurred();
  if (P.ParseErrors)
    return P;
  auto Inv = analyzeParsedWrapper(P.AST->getASTContext());
  if (Inv)
    P.Inv = std::move(*Inv);
  else
    P.AnalysisError = describe(Inv.takeError());
  return P;
}

unsigned aoti::test::lineOfOffset(StringRef Text, unsigned Offset) {
  return Text.take_front(Offset).count('\n') + 1;
}

StringRef aoti::test::lineAt(StringRef Text, unsigned Offset) {
  return Text.drop_front(Offset).take_until([](char C) { return C == '\n'; });
}

std::string aoti::test::describe(llvm::Error E) {
  std::string Message;
  int Code = exitCodeOf(std::move(E), &Message);
  if (Code == 0)
    return "success";
  return std::to_string(Code) + ": " + Message;
}

int aoti::test::exitCodeOf(llvm::Error E, std::string *Message) {
  if (!E)
    return 0;
  int Code = -1;
  std::string Text;
  llvm::handleAllErrors(
      std::move(E),
      [&](const ToolError &TE) {
        Code = static_cast<int>(TE.code());
        Text = (TE.location().empty() ? "" : TE.location().str() + ": ") +
               TE.text().str();
      },
      [&](const llvm::ErrorInfoBase &Other) { Text = Other.message(); });
  if (Message)
    *Message = Text;
  return Code;
}
