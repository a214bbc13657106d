//===- TrustedDirs.cpp - This machine's toolchain directories -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/TrustedDirs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace aoti;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// \p Path made absolute, with `.` and `..` taken out by name.
std::string lexicalPath(StringRef Path) {
  llvm::SmallString<256> Lexical(Path);
  fs::make_absolute(Lexical);
  path::remove_dots(Lexical, /*remove_dot_dot=*/true);
  return std::string(Lexical);
}

} // namespace

llvm::ArrayRef<StringRef> aoti::compilerSystemFiles() {
  static constexpr StringRef Files[] = {
      "/etc/ld.so.cache",    "/etc/ld.so.conf",     "/etc/ld.so.conf.d",
      "/etc/os-release",     "/usr/lib/os-release", "/etc/lsb-release",
      "/etc/debian_version", "/etc/redhat-release", "/etc/system-release",
      "/etc/SuSE-release",   "/etc/alpine-release", "/etc/gentoo-release",
      "/proc/cpuinfo"};
  return Files;
}

bool aoti::isWithinDir(StringRef Path, StringRef Dir) {
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() &&
                         Path[Dir.size()] == '/');
}

TrustedDirs::TrustedDirs(StringRef TorchIncludeDir, StringRef TorchLibDir,
                         StringRef CudaHome, StringRef Compiler) {
  for (StringRef System : {"/usr/include", "/usr/local/include", "/usr/lib",
                           "/usr/lib64", "/usr/local/lib", "/lib", "/lib64"})
    add(System);
  add(TorchIncludeDir);
  add(TorchLibDir);
  add(CudaHome);
  // <prefix>/lib/pythonX.Y/site-packages/torch/include: the prefix's
  // include/ (Python's headers), and a venv's base interpreter's.
  llvm::SmallString<256> Prefix(TorchIncludeDir);
  for (int I = 0; I < 5; ++I)
    path::remove_filename(Prefix);
  if (!Prefix.empty()) {
    add((Prefix + "/include").str());
    if (auto Cfg = llvm::MemoryBuffer::getFile(Prefix + "/pyvenv.cfg")) {
      llvm::SmallVector<StringRef, 8> Lines;
      (*Cfg)->getBuffer().split(Lines, '\n');
      for (StringRef Line : Lines) {
        auto [Key, Value] = Line.split('=');
        if (Key.trim() == "home")
          add((path::parent_path(Value.trim()) + "/include").str());
      }
    }
  }
  // The compiler's own prefix (/opt/gcc/bin/g++: /opt/gcc/{include,lib*}).
  StringRef CompilerPrefix = path::parent_path(path::parent_path(Compiler));
  if (!CompilerPrefix.empty() && CompilerPrefix != "/")
    for (StringRef Sub : {"include", "lib", "lib64"})
      add((CompilerPrefix + "/" + Sub).str());
}

void TrustedDirs::add(StringRef Dir) {
  if (Dir.empty())
    return;
  Roots.push_back(lexicalPath(Dir));
  std::string Real = realPathOf(Dir);
  if (!Real.empty() && Real != Roots.back())
    Roots.push_back(std::move(Real));
}

bool TrustedDirs::contains(StringRef Dir) const {
  // What exists is judged by where it really is; what does not (a -I that
  // only adds a dir to search) by its name.
  std::string Real = realPathOf(Dir);
  if (Real.empty())
    Real = lexicalPath(Dir);
  return llvm::any_of(
      Roots, [&](const std::string &Root) { return isWithinDir(Real, Root); });
}

std::string aoti::realPathOf(StringRef Path) {
  llvm::SmallString<256> Real;
  if (Path.empty() || fs::real_path(Path, Real))
    return "";
  return std::string(Real);
}
