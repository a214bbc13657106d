//===- PackageArchive.h - Read and write .pt2 packages ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include <optional>
#include <string>
#include <vector>

namespace aoti {

/// One AOTI model of a package.
struct PackageModel {
  /// The model's name: the folder under data/aotinductor/ ("model").
  std::string Name;
  /// Entry names (full paths inside the archive) of the model's files.
  std::vector<std::string> Entries;
  /// The index in the archive of each of Entries.
  std::vector<uint64_t> Indices;
  /// The entry-name prefix of the model folder, ending with '/'.
  std::string Prefix;
  /// The index of the model's exported program (`models/<Name>.json`, as
  /// torch.export's archive writes it beside the AOTI files), if any.
  std::optional<uint64_t> ExportedProgram;
};

/// How much a package may make the tool read and write: a package is
/// refused before anything is unpacked when its entries' sizes say more.
struct ArchiveLimits {
  /// The most entries an archive may have (a real package has tens).
  uint64_t MaxEntries = 65536;
  /// The most bytes all entries hold, uncompressed (--max-unpacked-size).
  uint64_t MaxUnpackedBytes = uint64_t(32) << 30;
  /// Whether an entry that expands far more than real data does (a zip
  /// bomb: over MaxExpansion times its compressed size, and over
  /// ExpansionFloor bytes) is refused. Off when the user named
  /// MaxUnpackedBytes: then any entry within it is accepted.
  bool CheckExpansion = true;
  static constexpr uint64_t MaxExpansion = 100;
  static constexpr uint64_t ExpansionFloor = uint64_t(16) << 20;
};

class PackageArchive {
public:
  ~PackageArchive();
  PackageArchive(PackageArchive &&) noexcept;
  PackageArchive &operator=(PackageArchive &&) = delete;

  /// Opens \p Path, refusing what is not a zip archive holding at least one
  /// AOTI model (exit code 2 or 3, as for a wrapper) and what goes beyond
  /// \p Limits (exit code 2). Linear in the number of entries.
  static llvm::Expected<PackageArchive> open(llvm::StringRef Path,
                                             const ArchiveLimits &Limits = {});

  llvm::StringRef path() const { return Path; }
  const std::vector<PackageModel> &models() const { return Models; }

  /// Writes the files of \p Model into \p Dir (created), keeping their paths
  /// relative to the model folder; with \p Wanted, only the entries it
  /// accepts. Returns the paths written, in entry order, and the entry each
  /// came from in \p Entries.
  llvm::Expected<std::vector<std::string>> extractModel(
      const PackageModel &Model, llvm::StringRef Dir,
      std::vector<std::string> &Entries,
      llvm::function_ref<bool(llvm::StringRef)> Wanted = nullptr) const;

  /// The bytes of entry \p Index; an error when it holds more than
  /// \p MaxBytes or cannot be read.
  llvm::Expected<std::string> readEntry(uint64_t Index,
                                        uint64_t MaxBytes) const;

  /// Writes a copy of this archive to \p OutPath with the contents of the
  /// entries named in \p Replacements (entry name -> file on disk) taken
  /// from those files (stored); every other entry is copied as it is, in
  /// order, still compressed as it was (never expanded on the way). The
  /// new archive is written to a temporary file and renamed over \p OutPath:
  /// on failure nothing is left at \p OutPath.
  llvm::Error
  writeWithReplacements(llvm::StringRef OutPath,
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
