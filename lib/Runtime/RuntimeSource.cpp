//===- RuntimeSource.cpp - The runtime text pasted into wrappers ----------===//

#include "Runtime/RuntimeSource.h"

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

} // namespace

bool runtimeHasStatsPtx() { return StatsPtxText[0] != nullptr; }

std::string runtimePrelude(bool Cuda) {
  // Guarded as a whole: a rebuild may also precompile it, with the wrapper's
  // AOTI include, into a prefix header (lib/Package/Rebuild.cpp).
  std::string S =
      "// ===== aoti-instrument runtime (lib/Runtime/aoti_instrument_runtime.h)"
      " =====\n#ifndef AOTI_RT_PRELUDE_INCLUDED\n"
      "#define AOTI_RT_PRELUDE_INCLUDED\n";
  bool Ptx = Cuda && runtimeHasStatsPtx();
  S += Cuda ? "#define AOTI_RT_CUDA 1\n" : "#define AOTI_RT_CUDA 0\n";
  if (Ptx)
    S += "#define AOTI_RT_HAVE_STATS_PTX 1\n";
  S += join(RuntimeHeaderText);
  if (!S.empty() && S.back() != '\n')
    S += '\n';
  if (Ptx) {
    S += "#if AOTI_RT_DEFINITIONS\nAOTI_RT_NAMESPACE_BEGIN\nnamespace detail {\n"
         "// PTX of lib/Runtime/stats_kernel.cu (nvcc -ptx "
         "-arch=compute_80), loaded with cuModuleLoadData.\n"
         "const char *const *statsPtxChunks() {\n"
         "static const char *const Chunks[] = {\n";
    appendLiterals(S, join(StatsPtxText));
    S += "nullptr};\nreturn Chunks;\n}\n} // namespace detail\n"
         "AOTI_RT_NAMESPACE_END\n"
         "#endif // AOTI_RT_DEFINITIONS\n";
  }
  S += "#endif // AOTI_RT_PRELUDE_INCLUDED\n"
       "// ===== end of aoti-instrument runtime =====\n";
  return S;
}

std::string runtimeObjectSource(bool Cuda) {
  return "// The aoti-instrument runtime's definitions, compiled once beside\n"
         "// wrappers built with -DAOTI_RT_SEPARATE=1.\n"
         "#define AOTI_RT_SEPARATE 1\n#define AOTI_RT_IMPL 1\n" +
         runtimePrelude(Cuda);
}

} // namespace aoti
