//===- ConfinedFileSystem.cpp - The analysis reads only given dirs --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Analysis/ConfinedFileSystem.h"
#include "Support/TrustedDirs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace aoti;
using llvm::StringRef;
namespace vfs = llvm::vfs;
namespace path = llvm::sys::path;

namespace {

class ConfinedFileSystem : public vfs::ProxyFileSystem {
public:
  ConfinedFileSystem(llvm::ArrayRef<std::string> Given)
      : ProxyFileSystem(vfs::getRealFileSystem()) {
    for (const std::string &Root : Given) {
      if (Root.empty())
        continue;
      llvm::SmallString<256> Abs(Root);
      llvm::sys::fs::make_absolute(Abs);
      path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Roots.push_back(std::string(Abs));
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(Root, Real) && Real != Abs)
        Roots.push_back(std::string(Real));
    }
  }

  llvm::ErrorOr<vfs::Status> status(const llvm::Twine &Path) override {
    if (!visible(Path, /*Ancestors=*/true))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(Path);
  }

  llvm::ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (!visible(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

  vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                    std::error_code &EC) override {
    if (!visible(Dir, /*Ancestors=*/true)) {
      EC = std::make_error_code(std::errc::no_such_file_or_directory);
      return {};
    }
    return ProxyFileSystem::dir_begin(Dir, EC);
  }

private:
  /// Whether \p Path, by real path (its directory's resolved once, the
  /// file itself when it is a link), lies under a root; with \p Ancestors,
  /// a directory above a root counts too (its entries' names, never their
  /// contents: what a driver walks to find a GCC installation).
  bool visible(const llvm::Twine &Path, bool Ancestors = false) {
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (llvm::sys::fs::make_absolute(Abs))
      return false;
    // `..` is resolved by the kernel after links (/lib/gcc/x/12/../../..
    // under a /lib -> usr/lib link is /usr): never by name.
    StringRef Name = path::filename(Abs);
    llvm::SmallString<256> Full;
    if (Name == "." || Name == "..") {
      if (llvm::sys::fs::real_path(Abs, Full))
        return false;
    } else if (std::string Real = realParent(path::parent_path(Abs));
               !Real.empty()) {
      Full = Real;
      path::append(Full, Name);
      llvm::SmallString<256> Resolved;
      if (llvm::sys::fs::is_symlink_file(Full) &&
          !llvm::sys::fs::real_path(Full, Resolved))
        Full = Resolved;
    } else {
      Full = Abs; // its directory does not exist: neither does it
      path::remove_dots(Full, /*remove_dot_dot=*/true);
    }
    return within(Full) || (Ancestors && above(Full));
  }

  /// Whether \p Dir is a directory above a root.
  bool above(StringRef Dir) const {
    return llvm::any_of(Roots, [&](const std::string &Root) {
      return Dir == "/" || isWithinDir(Root, Dir);
    });
  }

  std::string realParent(StringRef Dir) {
    auto [It, New] = RealDirs.try_emplace(Dir);
    if (New) {
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(Dir, Real))
        It->second = std::string(Real);
    }
    return It->second;
  }

  bool within(StringRef Path) const {
    return llvm::any_of(Roots, [&](const std::string &Root) {
      return isWithinDir(Path, Root);
    });
  }

  std::vector<std::string> Roots;
  llvm::StringMap<std::string> RealDirs;
};

} // namespace

llvm::IntrusiveRefCntPtr<vfs::FileSystem>
aoti::confinedFileSystem(llvm::ArrayRef<std::string> Roots) {
  return llvm::makeIntrusiveRefCnt<ConfinedFileSystem>(Roots);
}
