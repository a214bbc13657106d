//===- TestUtil.cpp - Shared helpers of the unit tests --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "TestUtil.h"
#include "Analysis/ParsePCH.h"
#include "Analysis/WrapperAnalysis.h"
#include "Support/AOTINames.h"
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

/// Analyzes the parse in \p P (if it parsed without errors).
static ParsedWrapper analyzeParse(ParsedWrapper P) {
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

ParsedWrapper aoti::test::parseWrapper(StringRef Code, StringRef FileName,
                                       bool Cuda) {
  ParsedWrapper P;
  P.Text = Code.str();
  // As the tool parses (analyzeWrapper): from the cached PCH of the
  // wrapper's AOTI include (Analysis/ParsePCH.h), kept in the build dir
  // across test processes. When that parse fails, the plain parse decides,
  // and a PCH it contradicts (torch's headers changed since) goes.
  std::vector<std::string> Args = wrapperArgs(Cuda);
  ParseCache Cache;
  Cache.Dir = AOTI_TEST_PARSE_CACHE;
  std::string Pch = getParsePCH(Cache, names::aotiIncludeLine(Code), Args);
  if (!Pch.empty()) {
    std::vector<std::string> WithPch = Args;
    WithPch.insert(WithPch.end(), {"-include-pch", Pch});
    static clang::IgnoringDiagConsumer Quiet; // outlives the AST
    P.AST = clang::tooling::buildASTFromCodeWithArgs(
        Code, WithPch, FileName, "clang-tool",
        std::make_shared<clang::PCHContainerOperations>(),
        clang::tooling::getClangStripDependencyFileAdjuster(),
        clang::tooling::FileContentMappings(), &Quiet);
    if (P.AST && !P.AST->getDiagnostics().hasErrorOccurred())
      return analyzeParse(std::move(P));
  }
  P.AST = clang::tooling::buildASTFromCodeWithArgs(Code, Args, FileName);
  if (!Pch.empty() && P.AST && !P.AST->getDiagnostics().hasErrorOccurred())
    llvm::sys::fs::remove(Pch);
  return analyzeParse(std::move(P));
}

HandMadeWrapper aoti::test::handMadeWrapper() {
  HandMadeWrapper W;
  W.Text = "#include <torch/csrc/inductor/aoti_include/cuda.h>\n"
           "void AOTInductorModel::run_impl(AtenTensorHandle *input_handles, "
           "AtenTensorHandle *output_handles, DeviceStreamType stream, "
           "AOTIProxyExecutorHandle proxy_executor) {\n"
           "    __check_inputs_outputs(input_handles, output_handles);\n"
           "    call_triton_poi_fused_0(buf0, arg0_1, 16L, this->device_idx_, "
           "stream, kernels, this->cubin_dir_);\n"
           "    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_cuda_mm_out(buf1, buf0, "
           "w));\n"
           "    output_handles[0] = buf1.release();\n"
           "}\n";
  StringRef Text = W.Text;
  auto StartOf = [&](const llvm::Twine &Line) {
    return unsigned(Text.find(Line.str()));
  };
  auto EndOf = [&](StringRef Line) {
    return unsigned(Text.find('\n', Text.find(Line)) + 1);
  };
  auto Tensor = [](StringRef Param, StringRef Name, ArgRole Role,
                   HandleOrigin Origin) {
    TensorArg T;
    T.Param = Param.str();
    T.Name = Name.str();
    T.Expr = Name.str();
    T.Role = Role;
    T.Origin = Origin;
    if (Origin != HandleOrigin::Buffer)
      T.OriginIndex = 0;
    return T;
  };
  WrapperInventory &Inv = W.Inv;
  Inv.File = "wrapper.cpp";
  Inv.Device = "cuda";
  Inv.RunImplLine = 2;
  Inv.Inputs = {{"arg0_1", 0}};
  Inv.Constants = {"w"};
  Inv.PreludeOffset = EndOf("#include");
  AnalyzedFunction RunImpl;
  RunImpl.Name = "run_impl";
  RunImpl.ScopeOffset = EndOf("AOTIProxyExecutorHandle proxy_executor) {");
  RunImpl.EntryOffset = EndOf("__check_inputs_outputs");
  RunImpl.ExitOffset = StartOf("    output_handles[0]");
  Inv.Functions = {RunImpl};

  // The statement of each launch is one line, indented by four spaces.
  Inv.Sites.reserve(2);
  auto Site = [&](LaunchKind Kind, StringRef Kernel, StringRef Statement,
                  std::vector<TensorArg> Tensors) {
    LaunchSite S;
    S.Ordinal = Inv.Sites.size();
    S.Kind = Kind;
    S.Kernel = Kernel.str();
    S.Function = "run_impl";
    S.BeforeOffset = StartOf("    " + Statement.str());
    S.AfterOffset = EndOf(Statement);
    S.Line = lineOfOffset(Text, S.BeforeOffset);
    S.Column = 5;
    S.Indent = "    ";
    S.Tensors = std::move(Tensors);
    Inv.Sites.push_back(std::move(S));
    return &Inv.Sites.back();
  };
  LaunchSite *Triton = Site(
      LaunchKind::Triton, "triton_poi_fused_0", "call_triton",
      {Tensor("in_out_ptr0", "buf0", ArgRole::InOut, HandleOrigin::Buffer),
       Tensor("in_ptr0", "arg0_1", ArgRole::Input, HandleOrigin::GraphInput)});
  Triton->SourceNodes = {"relu"};
  Triton->AtenOps = {"aten.relu"};
  Triton->Scalars = {{"xnumel", "16L", ""}};
  LaunchSite *Mm =
      Site(LaunchKind::Extern, "aoti_torch_cuda_mm_out",
           "AOTI_TORCH_ERROR_CODE_CHECK",
           {Tensor("out", "buf1", ArgRole::Output, HandleOrigin::Buffer),
            Tensor("self", "buf0", ArgRole::Input, HandleOrigin::Buffer),
            Tensor("mat2", "w", ArgRole::Input, HandleOrigin::Constant)});
  Mm->AtenOps = {"aten.mm"};
  return W;
}

RuleSet aoti::test::rulesFrom(StringRef Yaml) {
  auto Rules = parseRules(Yaml, "r.yaml");
  if (!Rules) {
    ADD_FAILURE() << describe(Rules.takeError());
    return RuleSet();
  }
  return std::move(*Rules);
}

unsigned aoti::test::lineOfOffset(StringRef Text, unsigned Offset) {
  return Text.take_front(Offset).count('\n') + 1;
}

StringRef aoti::test::lineAt(StringRef Text, unsigned Offset) {
  return Text.drop_front(Offset).take_until([](char C) { return C == '\n'; });
}

ReportedError aoti::test::takeApart(llvm::Error E) {
  ReportedError R;
  llvm::handleAllErrors(
      std::move(E),
      [&](const ToolError &TE) {
        R = {static_cast<int>(TE.code()), TE.location().str(), TE.text().str(),
             TE.hint().str(), TE.snippet().str()};
      },
      [&](const llvm::ErrorInfoBase &Other) {
        R = {-1, "", Other.message(), "", ""};
      });
  return R;
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
