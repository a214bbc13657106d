//===- PackageArchive.cpp - Read and write .pt2 packages ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Package/PackageArchive.h"
#include "Support/Interrupt.h"
#include "Support/RegularFile.h"
#include "Support/ToolError.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <unistd.h>
#include <zip.h>

using namespace aoti;
using llvm::StringRef;

namespace {

constexpr StringRef AOTIDir = "data/aotinductor/";
constexpr StringRef ModelsDir = "models/";

std::string zipErrorText(int Code) {
  zip_error_t E;
  zip_error_init_with_code(&E, Code);
  std::string Text = zip_error_strerror(&E);
  zip_error_fini(&E);
  return Text;
}

/// What follows \p Dir in \p Entry when \p Dir starts the name or follows
/// the archive's top folder (`[<archive>/]<Dir>...`).
std::optional<StringRef> afterArchiveRoot(StringRef Entry, StringRef Dir) {
  if (Entry.starts_with(Dir))
    return Entry.drop_front(Dir.size());
  size_t Slash = Entry.find('/');
  if (Slash != StringRef::npos && Entry.drop_front(Slash + 1).starts_with(Dir))
    return Entry.drop_front(Slash + 1 + Dir.size());
  return std::nullopt;
}

/// Splits an entry name into (model prefix, model name) when it lies in a
/// model folder: `[<archive>/]data/aotinductor/<model>/<file>`.
bool modelOf(StringRef Entry, StringRef &Prefix, StringRef &Model) {
  std::optional<StringRef> Rest = afterArchiveRoot(Entry, AOTIDir);
  if (!Rest)
    return false;
  size_t Slash = Rest->find('/');
  if (Slash == StringRef::npos || Slash == 0 || Slash + 1 == Rest->size())
    return false;
  Model = Rest->take_front(Slash);
  Prefix = Entry.take_front(Entry.size() - Rest->size() + Slash + 1);
  return true;
}

/// Whether \p Entry is an exported program (`[archive/]models/<name>.json`),
/// and of which model.
bool exportedProgramOf(StringRef Entry, StringRef &Model) {
  std::optional<StringRef> Rest = afterArchiveRoot(Entry, ModelsDir);
  if (!Rest)
    return false;
  Model = *Rest;
  return Model.consume_back(".json") && !Model.empty() && !Model.contains('/');
}

/// The sizes of a package's entries, as its directory states them, checked
/// against ArchiveLimits before anything is unpacked.
class SizeBudget {
public:
  SizeBudget(StringRef Path, const ArchiveLimits &Limits)
      : Path(Path), Limits(Limits) {}

  llvm::Error add(const zip_stat_t &Stat) {
    uint64_t Size = (Stat.valid & ZIP_STAT_SIZE) ? Stat.size : 0;
    uint64_t Packed = (Stat.valid & ZIP_STAT_COMP_SIZE) ? Stat.comp_size : 0;
    std::string Hint = "pass --max-unpacked-size=SIZE (e.g. 64G) to accept "
                       "a package of real weights that big";
    if (Limits.CheckExpansion && Size > ArchiveLimits::ExpansionFloor &&
        Size / ArchiveLimits::MaxExpansion > Packed)
      return makeToolError(
          ExitCode::InputFile, Path.str(),
          "entry '" + escapeControl(Stat.name) + "' expands from " +
              std::to_string(Packed) + " to " + std::to_string(Size) +
              " bytes, over " + std::to_string(ArchiveLimits::MaxExpansion) +
              " times its compressed size: refusing a likely zip bomb",
          "pass --max-unpacked-size=SIZE to accept entries up to SIZE "
          "whatever their compression");
    if (Size > Limits.MaxUnpackedBytes - Total)
      return makeToolError(ExitCode::InputFile, Path.str(),
                           "the package unpacks to more than " +
                               std::to_string(Limits.MaxUnpackedBytes) +
                               " bytes (--max-unpacked-size)",
                           Hint);
    Total += Size;
    return llvm::Error::success();
  }

private:
  StringRef Path;
  const ArchiveLimits &Limits;
  uint64_t Total = 0;
};

/// Whether \p Name, an entry's name, is a plain path: UTF-8 with no
/// control character (C0, DEL, C1), no backslash and no bidirectional
/// override (it would show a name other than the one used). Entry and
/// model names reach messages, listings, build commands and the runtime's
/// reports.
bool isPlainEntryName(StringRef Name) {
  if (Name.empty() || !llvm::json::isUTF8(Name))
    return false;
  for (size_t I = 0; I < Name.size(); ++I) {
    unsigned char C = static_cast<unsigned char>(Name[I]);
    unsigned char Next = I + 1 < Name.size() ? Name[I + 1] : 0;
    unsigned char Third = I + 2 < Name.size() ? Name[I + 2] : 0;
    if (C < 0x20 || C == 0x7f || C == '\\' ||
        (C == 0xc2 && Next >= 0x80 && Next <= 0x9f))
      return false;
    bool Bidi =
        C == 0xe2 && ((Next == 0x80 && Third >= 0xaa && Third <= 0xae) ||
                      (Next == 0x81 && Third >= 0xa6 && Third <= 0xa9));
    if (Bidi)
      return false;
  }
  return true;
}

} // namespace

struct PackageArchive::Impl {
  zip_t *Zip = nullptr;
  ~Impl() {
    if (Zip)
      zip_discard(Zip);
  }
};

PackageArchive::PackageArchive(std::unique_ptr<Impl> I) : I(std::move(I)) {}
PackageArchive::PackageArchive(PackageArchive &&) noexcept = default;
PackageArchive::~PackageArchive() = default;

bool PackageArchive::looksLikeZip(StringRef Path) {
  // Not a FIFO or a device: reading those could block or never end.
  if (!isRegularFile(Path))
    return false;
  auto Buffer = llvm::MemoryBuffer::getFileSlice(Path, 4, 0);
  return Buffer && (*Buffer)->getBuffer() == StringRef("PK\3\4", 4);
}

llvm::Expected<PackageArchive>
PackageArchive::open(StringRef Path, const ArchiveLimits &Limits) {
  // A regular file, checked on the descriptor libzip then reads.
  auto Fd = openRegularFile(Path, "package", ExitCode::InputFile, "read");
  if (!Fd)
    return Fd.takeError();
  int Err = 0;
  zip_t *Zip = zip_fdopen(*Fd, ZIP_CHECKCONS, &Err);
  if (!Zip) {
    ::close(*Fd);
    return makeToolError(ExitCode::InputFile, Path.str(),
                         "cannot read package: " + zipErrorText(Err));
  }
  auto I = std::make_unique<Impl>();
  I->Zip = Zip;
  PackageArchive Archive(std::move(I));
  Archive.Path = Path.str();

  zip_int64_t N = zip_get_num_entries(Zip, 0);
  if (N < 0 || uint64_t(N) > Limits.MaxEntries)
    return makeToolError(
        ExitCode::InputFile, Path.str(),
        "the package has " + std::to_string(N) + " entries, more than the " +
            std::to_string(Limits.MaxEntries) + " a package may have");
  SizeBudget Budget(Path, Limits);
  llvm::StringMap<size_t> ModelOfPrefix;
  llvm::StringMap<uint64_t> ProgramOfModel; // models/<model>.json
  for (zip_int64_t Index = 0; Index < N; ++Index) {
    zip_stat_t Stat;
    if (zip_stat_index(Zip, Index, ZIP_FL_ENC_RAW, &Stat) != 0 || !Stat.name)
      return makeToolError(ExitCode::InputFile, Path.str(),
                           "cannot read package: " +
                               std::string(zip_strerror(Zip)));
    if (llvm::Error E = Budget.add(Stat))
      return std::move(E);
    StringRef Entry(Stat.name), Prefix, Model;
    if (!isPlainEntryName(Entry))
      return makeToolError(ExitCode::InputFile, Path.str(),
                           "refusing entry '" + escapeControl(Entry) +
                               "': its name is not a plain path (control "
                               "characters, a backslash, a bidirectional "
                               "override or invalid UTF-8)");
    if (exportedProgramOf(Entry, Model))
      ProgramOfModel[Model] = Index;
    if (Entry.ends_with("/") || !modelOf(Entry, Prefix, Model))
      continue;
    auto [It, New] = ModelOfPrefix.try_emplace(Prefix, Archive.Models.size());
    if (New)
      Archive.Models.push_back({Model.str(), {}, {}, Prefix.str()});
    PackageModel &M = Archive.Models[It->second];
    M.Entries.push_back(Entry.str());
    M.Indices.push_back(Index);
  }
  for (PackageModel &M : Archive.Models)
    if (auto It = ProgramOfModel.find(M.Name); It != ProgramOfModel.end())
      M.ExportedProgram = It->second;
  if (Archive.Models.empty())
    return makeToolError(ExitCode::NotAWrapper, Path.str(),
                         "not an AOTInductor package: no "
                         "data/aotinductor/<model>/ folder in the archive");
  return std::move(Archive);
}

llvm::Expected<std::vector<std::string>>
PackageArchive::extractModel(const PackageModel &Model, StringRef Dir,
                             std::vector<std::string> &Entries,
                             llvm::function_ref<bool(StringRef)> Wanted) const {
  std::vector<std::string> Written;
  Entries.clear();
  for (size_t E = 0; E < Model.Entries.size(); ++E) {
    const std::string &Entry = Model.Entries[E];
    if (Wanted && !Wanted(Entry))
      continue;
    StringRef Relative = StringRef(Entry).drop_front(Model.Prefix.size());
    // Never write outside Dir, whatever the archive says.
    for (auto It = llvm::sys::path::begin(Relative),
              End = llvm::sys::path::end(Relative);
         It != End; ++It)
      if (*It == ".." || llvm::sys::path::is_absolute(Relative))
        return makeToolError(ExitCode::InputFile, Path,
                             "refusing entry '" + escapeControl(Entry) +
                                 "': its path leaves the model folder");
    llvm::SmallString<256> Out(Dir);
    llvm::sys::path::append(Out, Relative);
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Out)))
      return makeToolError(ExitCode::OutputError, std::string(Out),
                           "cannot create directory: " + EC.message());

    // By index: a lookup by name is linear in the archive's entries.
    zip_uint64_t Index = Model.Indices[E];
    zip_stat_t Stat;
    zip_file_t *File = nullptr;
    if (zip_stat_index(I->Zip, Index, 0, &Stat) != 0 ||
        !(File = zip_fopen_index(I->Zip, Index, 0)))
      return makeToolError(ExitCode::InputFile, Path,
                           "cannot read entry '" + escapeControl(Entry) +
                               "': " + zip_strerror(I->Zip));
    std::error_code EC;
    llvm::raw_fd_ostream OS(Out, EC);
    if (EC) {
      zip_fclose(File);
      return makeToolError(ExitCode::OutputError, std::string(Out),
                           "cannot write: " + EC.message());
    }
    char Chunk[1 << 16];
    zip_uint64_t Total = 0;
    zip_int64_t Got = 0;
    // Never more than the size open() checked against the limits.
    while (Total <= Stat.size &&
           (Got = zip_fread(File, Chunk, sizeof(Chunk))) > 0) {
      OS.write(Chunk, Got);
      Total += Got;
    }
    std::string Why = Got < 0 ? zip_file_strerror(File) : "";
    zip_fclose(File);
    if (Got < 0 || Total != Stat.size)
      return makeToolError(ExitCode::InputFile, Path,
                           "cannot read entry '" + escapeControl(Entry) +
                               "': " +
                               (!Why.empty()        ? Why
                                : Total < Stat.size ? "truncated"
                                                    : "longer than its "
                                                      "recorded size"));
    Written.push_back(std::string(Out));
    Entries.push_back(Entry);
  }
  return Written;
}

llvm::Expected<std::string> PackageArchive::readEntry(uint64_t Index,
                                                      uint64_t MaxBytes) const {
  zip_stat_t Stat;
  zip_file_t *File = nullptr;
  if (zip_stat_index(I->Zip, Index, 0, &Stat) != 0 ||
      !(Stat.valid & ZIP_STAT_SIZE) || Stat.size > MaxBytes ||
      !(File = zip_fopen_index(I->Zip, Index, 0)))
    return makeToolError(ExitCode::InputFile, Path,
                         "cannot read entry " + std::to_string(Index) +
                             " (missing, or over " + std::to_string(MaxBytes) +
                             " bytes)");
  std::string Out(Stat.size, '\0');
  zip_int64_t Got = zip_fread(File, Out.data(), Stat.size);
  zip_fclose(File);
  if (Got < 0 || uint64_t(Got) != Stat.size)
    return makeToolError(ExitCode::InputFile, Path,
                         "cannot read entry '" + escapeControl(Stat.name) +
                             "': truncated");
  return Out;
}

llvm::Error PackageArchive::writeWithReplacements(
    StringRef OutPath, const llvm::StringMap<std::string> &Replacements) const {
  // A temporary directory beside the output (libzip writes a temporary
  // file of its own beside the archive it closes), removed at exit or on
  // a signal (Interrupt.h); the archive is renamed over the output once
  // complete.
  llvm::SmallString<256> TempDir;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueDirectory(OutPath + ".tmp", TempDir))
    return makeToolError(ExitCode::OutputError, OutPath.str(),
                         "cannot write output: " + EC.message());
  registerDirectory(TempDir);
  auto RemoveTemp = llvm::make_scope_exit([&] {
    llvm::sys::fs::remove_directories(TempDir);
    unregisterDirectory(TempDir);
  });
  std::string Temp = (TempDir + "/" + llvm::sys::path::filename(OutPath)).str();
  auto Fail = [&](const std::string &Why) {
    return makeToolError(ExitCode::OutputError, OutPath.str(),
                         "cannot write package: " + Why);
  };

  int Err = 0;
  zip_t *Out = zip_open(Temp.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &Err);
  if (!Out)
    return Fail(zipErrorText(Err));
  zip_int64_t N = zip_get_num_entries(I->Zip, 0);
  size_t Used = 0;
  for (zip_int64_t Index = 0; Index < N; ++Index) {
    const char *Name = zip_get_name(I->Zip, Index, ZIP_FL_ENC_RAW);
    if (!Name)
      continue;
    auto It = Replacements.find(Name);
    bool Replaced = It != Replacements.end();
    // An entry kept is copied as its compressed bytes: a deflated entry
    // is never expanded on the way.
    zip_source_t *Source =
        Replaced ? zip_source_file(Out, It->second.c_str(), 0, -1)
                 : zip_source_zip(Out, I->Zip, Index, ZIP_FL_COMPRESSED, 0, -1);
    Used += Replaced;
    zip_int64_t NewIndex =
        Source ? zip_file_add(Out, Name, Source, ZIP_FL_ENC_RAW) : -1;
    if (NewIndex < 0) {
      std::string Why = zip_strerror(Out);
      if (Source)
        zip_source_free(Source);
      zip_discard(Out);
      return Fail(Why);
    }
    // Replaced ones as torch writes them: stored, so that loaders may map
    // them; kept ones as they were.
    zip_stat_t Stat;
    zip_int32_t Method = ZIP_CM_STORE;
    if (!Replaced && zip_stat_index(I->Zip, Index, 0, &Stat) == 0 &&
        (Stat.valid & ZIP_STAT_COMP_METHOD))
      Method = Stat.comp_method;
    zip_set_file_compression(Out, NewIndex, Method, 0);
  }
  if (Used != Replacements.size()) {
    zip_discard(Out);
    return Fail("internal error: an entry to replace is not in the archive");
  }
  if (zip_close(Out) != 0) {
    std::string Why = zip_strerror(Out);
    zip_discard(Out);
    return Fail(Why);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, OutPath))
    return Fail(EC.message());
  return llvm::Error::success();
}
