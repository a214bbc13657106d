//===- PackageArchive.h - Read and write .pt2 packages ----------*- C++ -*-===//
//
// A .pt2 (torch._inductor.aoti_compile_and_package) is a zip archive whose
// entries share one top-level folder (the archive name). Each AOTI model sits
// in `<archive>/data/aotinductor/<model>/`: its wrapper.cpp, kernel.cpp (CPU),
// metadata JSON, the compiled .so (weights inside) and, for CUDA, cubins.
// This file opens such an archive, extracts a model's files, and writes a new
// archive that is the original with some entries' contents replaced. It is
// the only code that knows the zip format (through libzip).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_PACKAGEARCHIVE_H
#define AOTI_PACKAGE_PACKAGEARCHIVE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aoti {

/// One AOTI model of a package.
struct PackageModel {
  /// The model's name: the folder under data/aotinductor/ ("model").
  std::string Name;
  /// Entry names (full paths inside the archive) of the model's files.
  std::vector<std::string> Entries;
  /// The entry-name prefix of the model folder, ending with '/'.
  std::string Prefix;
};

class PackageArchive {
public:
  ~PackageArchive();
  PackageArchive(PackageArchive &&) noexcept;
  PackageArchive &operator=(PackageArchive &&) = delete;

  /// Opens \p Path, refusing what is not a zip archive holding at least one
  /// AOTI model (exit code 2 or 3, as for a wrapper).
  static llvm::Expected<PackageArchive> open(llvm::StringRef Path);

  llvm::StringRef path() const { return Path; }
  const std::vector<PackageModel> &models() const { return Models; }

  /// Writes the files of \p Model into \p Dir (created), keeping their paths
  /// relative to the model folder; with \p Wanted, only the entries it
  /// accepts. Returns the paths written, in entry order, and the entry each
  /// came from in \p Entries.
  llvm::Expected<std::vector<std::string>>
  extractModel(const PackageModel &Model, llvm::StringRef Dir,
               std::vector<std::string> &Entries,
               llvm::function_ref<bool(llvm::StringRef)> Wanted = nullptr) const;

  /// Writes a copy of this archive to \p OutPath with the contents of the
  /// entries named in \p Replacements (entry name -> file on disk) taken
  /// from those files; every other entry is copied as it is, in order. The
  /// new archive is written to a temporary file and renamed over \p OutPath:
  /// on failure nothing is left at \p OutPath.
  llvm::Error writeWithReplacements(
      llvm::StringRef OutPath,
      const llvm::StringMap<std::string> &Replacements) const;

  /// Whether \p Path starts like a zip archive ("PK\3\4").
  static bool looksLikeZip(llvm::StringRef Path);

private:
  struct Impl;
  explicit PackageArchive(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> I;
  std::string Path;
  std::vector<PackageModel> Models;
};

} // namespace aoti

#endif // AOTI_PACKAGE_PACKAGEARCHIVE_H
