//===- TorchRelease.cpp - What each torch release generates and ships -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/TorchRelease.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace aoti;
using llvm::StringRef;

namespace {

/// Read off the code generators of the torch wheels 2.9.1 to 2.15.0
/// (torch/_inductor/codegen/): each text appears in the generator of its
/// release and of every later one, in no earlier one. The interface
/// functions (codegen/aoti_runtime/interface.cpp) are pasted into every
/// wrapper, CPU or CUDA; the others depend on the model or the device. Most
/// name what older headers lack, which is why such wrappers do not parse
/// there (clang: "no member named 'extract_constants_map_entries' in
/// 'torch::aot_inductor::AOTInductorModelContainer'"); within a release
/// those come first, as messages name the first marker found.
const ReleaseMarker Markers[] = {
    // interface.cpp: AOTInductorModelUpdateConstantsFromBlob.
    {{2, 10}, "update_constants_from_blob", "update_constants_from_blob"},
    // interface.cpp: ...UpdateUserManagedConstantBufferPairs; more in 2.13.
    {{2, 10}, "AOTInductorConstantMapEntry", "AOTInductorConstantMapEntry"},
    // cpp_wrapper_cpu.py, in the model's constructor (models with constants).
    {{2, 11},
     ".device_type = cached_torch_device_type_",
     "constants_info_[i].device_type"},
    // cpp_wrapper_gpu.py: the call_triton_* helpers (CUDA).
    {{2, 12},
     "static __attribute__((noinline)) void call_",
     "noinline call_triton_* helpers"},
    // cpp_builder.py: the // Compile cmd trailer (package_cpp_only wrappers
    // have none; their CMakeLists.txt says CMAKE_CXX_STANDARD 20).
    {{2, 12}, "-std=c++20", "-std=c++20"},
    // interface.cpp: AOTInductorModelContainerExtractConstantsMapEntries.
    {{2, 13}, "extract_constants_map_entries", "extract_constants_map_entries"},
    // interface.cpp: AOTInductorGetLastError.
    {{2, 13}, "g_aoti_last_error", "g_aoti_last_error"},
    // cpp_wrapper_gpu.py: loadKernel(..., &kernels_.loaded_modules_) (CUDA).
    {{2, 13}, "&kernels_.loaded_modules_", "kernels_.loaded_modules_"},
    // interface.cpp: AOTInductorModelContainerDidCallLoadConstants.
    {{2, 14}, "did_call_load_constants", "did_call_load_constants"},
    // interface.cpp.
    {{2, 14},
     "AOTInductorModelContainerCreateWithExternalConstants",
     "AOTInductorModelContainerCreateWithExternalConstants"},
    // interface.cpp: AOTInductorModelContainerSetUseStreamAffinity.
    {{2, 15}, "set_use_stream_affinity", "set_use_stream_affinity"},
    // cuda/device_op_overrides.py: launchKernel's 9th argument (CUDA).
    {{2, 15}, "bool launchPdl", "launchKernel(..., bool launchPdl)"},
};

/// The value of `#define NAME <unsigned>` in \p Text.
std::optional<unsigned> defineValue(StringRef Text, StringRef Name) {
  llvm::SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("define"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front(Name) || Line.empty() ||
        !llvm::isSpace(Line.front()))
      continue;
    unsigned Value;
    if (!Line.trim().getAsInteger(10, Value))
      return Value;
  }
  return std::nullopt;
}

} // namespace

std::optional<TorchRelease> TorchRelease::parse(StringRef Text) {
  StringRef MajorText, MinorText;
  std::tie(MajorText, MinorText) = Text.split('.');
  TorchRelease R;
  if (MajorText.empty() || MinorText.empty() ||
      !llvm::all_of(MajorText, llvm::isDigit) ||
      !llvm::all_of(MinorText, llvm::isDigit) ||
      MajorText.getAsInteger(10, R.Major) ||
      MinorText.getAsInteger(10, R.Minor))
    return std::nullopt;
  return R;
}

std::string TorchRelease::str() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

std::string TorchVersion::str() const {
  return Release.str() + "." + std::to_string(Patch);
}

std::optional<TorchVersion> aoti::parseTorchVersionHeader(StringRef Text) {
  auto Major = defineValue(Text, "TORCH_VERSION_MAJOR");
  auto Minor = defineValue(Text, "TORCH_VERSION_MINOR");
  auto Patch = defineValue(Text, "TORCH_VERSION_PATCH");
  if (!Major || !Minor || !Patch)
    return std::nullopt;
  return TorchVersion{{*Major, *Minor}, *Patch};
}

std::optional<TorchVersion>
aoti::readTorchHeadersVersion(StringRef IncludeDir) {
  // 2.10 moved the defines to the header-only library; the old file then
  // only includes the new one.
  for (StringRef Header : {"torch/headeronly/version.h",
                           "torch/csrc/api/include/torch/version.h"}) {
    llvm::SmallString<256> Path(IncludeDir);
    llvm::sys::path::append(Path, Header);
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buffer)
      continue;
    if (auto Version = parseTorchVersionHeader((*Buffer)->getBuffer()))
      return Version;
  }
  return std::nullopt;
}

llvm::ArrayRef<ReleaseMarker> aoti::releaseMarkers() { return Markers; }

std::optional<WrapperRelease> aoti::oldestReleaseFor(StringRef WrapperText) {
  std::optional<WrapperRelease> Result;
  for (const ReleaseMarker &M : Markers) {
    size_t Offset = WrapperText.find(M.Text);
    if (Offset == StringRef::npos)
      continue;
    // Within a release the table's order: what older headers lack first.
    if (!Result || Result->Oldest < M.Since)
      Result = WrapperRelease{M.Since, &M, Offset};
  }
  return Result;
}
