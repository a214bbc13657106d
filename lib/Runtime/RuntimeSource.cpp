//===- RuntimeSource.cpp - The runtime text given to wrappers -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Runtime/RuntimeSource.h"
#include <cstdint>
#include <cstdio>

namespace aoti {

namespace {

// Generated in the build dir (lib/CMakeLists.txt, lib/Runtime/Runtime.cmake).
#include "RuntimeHeaderText.inc" // RuntimeHeaderText: the runtime header
#include "StatsPtxText.inc"      // StatsPtxText: stats kernel PTX, or empty

std::string join(const char *const *Chunks) {
  std::string S;
  for (; *Chunks; ++Chunks)
    S += *Chunks;
  return S;
}

/// Emits \p Text as raw string literals of at most 12000 characters, one
/// per line, each followed by a comma.
void appendLiterals(std::string &Out, const std::string &Text) {
  const char *Delim = "aoti_rt_ptx";
  for (size_t Pos = 0; Pos < Text.size(); Pos += 12000) {
    Out += "R\"";
    Out += Delim;
    Out += "(";
    Out.append(Text, Pos, 12000);
    Out += ")";
    Out += Delim;
    Out += "\",\n";
  }
}

/// The runtime header's body, between its guard: with \p Ptx, the
/// statistics kernel's PTX (under `#if AOTI_RT_CUDA`).
std::string headerBody(bool Ptx) {
  Ptx = Ptx && runtimeHasStatsPtx();
  std::string S;
  if (Ptx)
    S += "#if defined(AOTI_RT_CUDA) && AOTI_RT_CUDA\n"
         "#define AOTI_RT_HAVE_STATS_PTX 1\n#endif\n";
  S += join(RuntimeHeaderText);
  if (!S.empty() && S.back() != '\n')
    S += '\n';
  if (Ptx) {
    S += "#if AOTI_RT_CUDA && AOTI_RT_DEFINITIONS\nAOTI_RT_NAMESPACE_BEGIN\n"
         "namespace detail {\n"
         "// PTX of lib/Runtime/stats_kernel.cu (clang, sm_75: "
         "lib/Runtime/Runtime.cmake), loaded with cuModuleLoadData.\n"
         "const char *const *statsPtxChunks() {\n"
         "static const char *const Chunks[] = {\n";
    appendLiterals(S, join(StatsPtxText));
    S += "nullptr};\nreturn Chunks;\n}\n} // namespace detail\n"
         "AOTI_RT_NAMESPACE_END\n"
         "#endif // AOTI_RT_CUDA && AOTI_RT_DEFINITIONS\n";
  }
  return S;
}

/// Guarded as a whole: a rebuild may also precompile it, with the
/// wrapper's AOTI include, into a prefix header (lib/Package/Rebuild.cpp).
std::string guarded(const std::string &Body, const std::string &IdCheck) {
  return std::string(runtimeHeaderStamp()) + " " + AOTI_INSTRUMENT_VERSION +
         " (lib/Runtime/aoti_instrument_runtime.h) =====\n"
         "#ifndef AOTI_RT_PRELUDE_INCLUDED\n#define "
         "AOTI_RT_PRELUDE_INCLUDED\n" +
         IdCheck + Body +
         "#endif // AOTI_RT_PRELUDE_INCLUDED\n"
         "// ===== end of aoti-instrument runtime =====\n";
}

/// The header's body with the PTX, made once.
const std::string &fullBody() {
  static const std::string Body = headerBody(true);
  return Body;
}

/// 8 hex digits naming the header's text (FNV-1a): a wrapper that
/// includes it says which one it expects.
const std::string &headerId() {
  static const std::string Id = [] {
    uint64_t H = 14695981039346656037ull;
    for (unsigned char C : fullBody())
      H = (H ^ C) * 1099511628211ull;
    char Buf[16];
    std::snprintf(Buf, sizeof Buf, "0x%08x",
                  static_cast<unsigned>((H ^ (H >> 32)) & 0x7fffffff));
    return std::string(Buf);
  }();
  return Id;
}

std::string cudaDefine(bool Cuda) {
  return Cuda ? "#define AOTI_RT_CUDA 1\n" : "#define AOTI_RT_CUDA 0\n";
}

} // namespace

bool runtimeHasStatsPtx() { return StatsPtxText[0] != nullptr; }

const char *runtimeHeaderStamp() { return "// ===== aoti-instrument runtime"; }

const std::string &runtimeHeader() {
  static const std::string Text = guarded(
      fullBody(),
      "#define AOTI_RT_HEADER_ID " + headerId() +
          "\n#if defined(AOTI_RT_EXPECT_HEADER_ID) && "
          "AOTI_RT_EXPECT_HEADER_ID != AOTI_RT_HEADER_ID\n"
          "#error \"this aoti_instrument_runtime.h is not the one the wrapper "
          "was instrumented with (another aoti-instrument wrote it): "
          "re-run aoti-instrument on the original wrapper\"\n#endif\n");
  return Text;
}

std::string runtimeInclusion(RuntimeMode Mode, bool Cuda) {
  if (Mode == RuntimeMode::Embed)
    return cudaDefine(Cuda) +
           guarded(Cuda ? fullBody() : headerBody(false), "");
  return cudaDefine(Cuda) + "#define AOTI_RT_EXPECT_HEADER_ID " + headerId() +
         "\n#include \"" + RuntimeHeaderName +
         "\" // written beside this file by aoti-instrument\n";
}

std::string runtimePrelude(bool Cuda) {
  return runtimeInclusion(RuntimeMode::Embed, Cuda);
}

std::string runtimeObjectSource(bool Cuda) {
  return "// The aoti-instrument runtime's definitions, compiled once beside\n"
         "// wrappers built with -DAOTI_RT_SEPARATE=1.\n"
         "#define AOTI_RT_SEPARATE 1\n#define AOTI_RT_IMPL 1\n" +
         runtimePrelude(Cuda);
}

} // namespace aoti
