//===- EmbeddedData.cpp - Data AOTI links into a model's .so --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Package/EmbeddedData.h"
#include "Support/ToolError.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstring>

using namespace aoti;
using llvm::StringRef;
namespace object = llvm::object;

namespace {

/// Torch aligns the weights blob to 64 bytes (codecache.py, ALIGN_BYTES).
constexpr unsigned BlobAlign = 64;
/// mmap'ed weights start on a 16 KiB boundary (model_base.h checks it).
constexpr uint64_t TrailerAlign = 16384;

struct SymbolPlace {
  object::section_iterator Section;
  uint64_t Address;
};

llvm::Error objectError(StringRef Path, const llvm::Twine &Why) {
  return makeToolError(ExitCode::InputFile, Path.str(), Why.str());
}

/// End of everything the ELF headers describe: what follows is appended.
template <class ELFT> uint64_t imageEnd(const object::ELFFile<ELFT> &File) {
  const auto &Header = File.getHeader();
  uint64_t End = Header.e_shoff + uint64_t(Header.e_shnum) * Header.e_shentsize;
  End = std::max<uint64_t>(End, Header.e_phoff + uint64_t(Header.e_phnum) *
                                                     Header.e_phentsize);
  if (auto Sections = File.sections()) {
    for (const auto &S : *Sections)
      if (S.sh_type != llvm::ELF::SHT_NOBITS)
        End = std::max<uint64_t>(End, S.sh_offset + S.sh_size);
  } else {
    llvm::consumeError(Sections.takeError());
  }
  if (auto Segments = File.program_headers()) {
    for (const auto &P : *Segments)
      End = std::max<uint64_t>(End, P.p_offset + P.p_filesz);
  } else {
    llvm::consumeError(Segments.takeError());
  }
  return End;
}

/// Refuses symbol tables that do not fit in the file: LLVM walks them by
/// their headers' sizes, so one claiming 2^40 bytes would run for hours.
template <class ELFT>
llvm::Error checkSymbolTables(const object::ELFFile<ELFT> &File,
                              StringRef Path) {
  auto Sections = File.sections();
  if (!Sections)
    return objectError(Path, "cannot read the model's shared library: " +
                                 llvm::toString(Sections.takeError()));
  uint64_t Size = File.getBufSize();
  for (const auto &S : *Sections) {
    if (S.sh_type != llvm::ELF::SHT_SYMTAB &&
        S.sh_type != llvm::ELF::SHT_DYNSYM)
      continue;
    if (S.sh_entsize != sizeof(typename ELFT::Sym) || S.sh_offset > Size ||
        S.sh_size > Size - S.sh_offset || S.sh_size % S.sh_entsize)
      return objectError(Path, "cannot read the model's shared library: a "
                               "symbol table does not fit in the file");
  }
  return llvm::Error::success();
}

using SymbolMap = llvm::StringMap<SymbolPlace>;

/// The defined symbols of \p Elf, from the static and the dynamic symbol
/// tables, with their sections; \p Defined gets the absolute ones too
/// (objcopy's _size).
SymbolMap definedSymbols(const object::ELF64LEObjectFile &Elf,
                         llvm::StringSet<> &Defined) {
  SymbolMap Symbols;
  auto Collect = [&](const object::SymbolRef &Sym) {
    auto Flags = Sym.getFlags();
    if (!Flags || (*Flags & object::SymbolRef::SF_Undefined)) {
      if (!Flags)
        llvm::consumeError(Flags.takeError());
      return;
    }
    auto Name = Sym.getName();
    auto Address = Sym.getAddress();
    auto Section = Sym.getSection();
    if (!Name || !Address || !Section) {
      llvm::consumeError(Name.takeError());
      llvm::consumeError(Address.takeError());
      llvm::consumeError(Section.takeError());
      return;
    }
    Defined.insert(*Name);
    if (*Section != Elf.section_end())
      Symbols.try_emplace(*Name, SymbolPlace{*Section, *Address});
  };
  for (const object::SymbolRef &Sym : Elf.symbols())
    Collect(Sym);
  for (const object::SymbolRef &Sym : Elf.getDynamicSymbolIterators())
    Collect(Sym);
  return Symbols;
}

/// The blob \p Name lies in, from \p Start to \p End.
llvm::Expected<EmbeddedBlob>
blobBetween(const object::ELF64LEObjectFile &Elf, StringRef Name,
            const SymbolPlace &Start, const SymbolPlace &End, StringRef Path) {
  // Names from the file: shown escaped (a newline could forge a line).
  std::string Shown = escapeControl(Name);
  if (End.Section != Start.Section || End.Address < Start.Address)
    return objectError(Path, "symbols " + Shown + "_start and " + Shown +
                                 "_end do not bound one range");
  object::SectionRef Section = *Start.Section;
  auto Contents = Section.getContents();
  auto SectionName = Section.getName();
  if (!Contents || !SectionName) {
    llvm::consumeError(SectionName.takeError());
    return objectError(Path,
                       "cannot read the section of " + Shown +
                           "_start: " + llvm::toString(Contents.takeError()));
  }
  uint64_t Offset = Start.Address - Section.getAddress();
  uint64_t Size = End.Address - Start.Address;
  if (Offset > Contents->size() || Size > Contents->size() - Offset)
    return objectError(Path, Shown + " lies outside its section");
  // Both names are written into assembly: nothing but plain names.
  if (!isPlainAsmName(Name))
    return objectError(Path, "symbol '" + Shown +
                                 "_start' is not a plain symbol name");
  if (!isPlainAsmName(*SectionName, /*Section=*/true))
    return objectError(Path, "section '" + escapeControl(*SectionName) +
                                 "' of " + Shown +
                                 "_start is not a plain section name");
  EmbeddedBlob Blob;
  Blob.Symbol = Name.str();
  Blob.Section = SectionName->str();
  Blob.Writable = !Section.isText() &&
                  (Elf.getSection(Section.getRawDataRefImpl())->sh_flags &
                   llvm::ELF::SHF_WRITE);
  Blob.Bytes = Contents->substr(Offset, Size);
  return Blob;
}

/// Refuses blobs that share bytes: each is distinct data (a weights blob,
/// a cubin), and overlapping ones would multiply what is written.
llvm::Error checkDistinct(llvm::ArrayRef<EmbeddedBlob> Blobs, StringRef Path) {
  std::vector<StringRef> Ranges;
  for (const EmbeddedBlob &B : Blobs)
    if (!B.Bytes.empty())
      Ranges.push_back(B.Bytes);
  llvm::sort(Ranges,
             [](StringRef A, StringRef B) { return A.data() < B.data(); });
  for (size_t I = 1; I < Ranges.size(); ++I)
    if (Ranges[I].data() < Ranges[I - 1].data() + Ranges[I - 1].size())
      return objectError(Path, "the embedded data blobs overlap");
  return llvm::Error::success();
}

/// Where torch's appended weights are in \p File, whose ELF image ends at
/// \p ImageEnd, as the 16-byte weights blob \p Blob records them (their
/// size + 8, then a magic number that also ends them).
llvm::Error findTrailer(StringRef Blob, StringRef File, uint64_t ImageEnd,
                        EmbeddedData &Data) {
  uint64_t WeightsSize;
  std::memcpy(&WeightsSize, Blob.data(), sizeof(WeightsSize));
  if (WeightsSize < 8 || WeightsSize > File.size() - ImageEnd)
    return objectError(Data.FilePath, "appended weights are shorter than "
                                      "their recorded size");
  if (File.take_back(8) != Blob.take_back(8))
    return objectError(Data.FilePath,
                       "appended weights do not end with the magic number "
                       "their weights blob records");
  Data.TrailerOffset = File.size() - WeightsSize;
  Data.TrailerSize = WeightsSize;
  return llvm::Error::success();
}

} // namespace

bool aoti::isPlainAsmName(StringRef Name, bool Section) {
  return !Name.empty() && !llvm::isDigit(Name.front()) &&
         llvm::all_of(Name, [&](char C) {
           return llvm::isAlnum(C) || C == '_' || C == '.' || C == '$' ||
                  (Section && C == '-');
         });
}

llvm::Expected<EmbeddedData> aoti::readEmbeddedData(StringRef SoPath,
                                                    StringRef WrapperText) {
  auto Buffer = llvm::MemoryBuffer::getFile(SoPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return objectError(SoPath, "cannot read the model's shared library: " +
                                   Buffer.getError().message());
  EmbeddedData Data;
  Data.File = std::move(*Buffer);
  Data.FilePath = SoPath.str();
  auto Binary = object::ObjectFile::createObjectFile(*Data.File);
  if (!Binary)
    return objectError(SoPath, "cannot read the model's shared library: " +
                                   llvm::toString(Binary.takeError()));
  const auto *Elf = llvm::dyn_cast<object::ELF64LEObjectFile>(Binary->get());
  if (!Elf)
    return objectError(SoPath, "the model's shared library is not a 64-bit "
                               "little-endian ELF file; only Linux x86-64 "
                               "and aarch64 packages can be rebuilt");
  if (llvm::Error E = checkSymbolTables(Elf->getELFFile(), SoPath))
    return std::move(E);

  llvm::StringSet<> Defined;
  SymbolMap Symbols = definedSymbols(*Elf, Defined);
  for (const auto &Entry : Symbols) {
    StringRef Name = Entry.getKey();
    if (!Name.consume_back("_start"))
      continue;
    bool Wanted = Name == ConstantsSymbol ||
                  (Name.starts_with("__") &&
                   WrapperText.contains((Name + "_start").str()));
    auto End = Symbols.find((Name + "_end").str());
    if (!Wanted || End == Symbols.end())
      continue;
    auto Blob =
        blobBetween(*Elf, Name, Entry.getValue(), End->getValue(), SoPath);
    if (!Blob)
      return Blob.takeError();
    Blob->HasSizeSymbol = Defined.contains((Name + "_size").str());
    Data.Blobs.push_back(std::move(*Blob));
  }
  if (llvm::Error E = checkDistinct(Data.Blobs, SoPath))
    return std::move(E);
  auto IsConstants = [](const EmbeddedBlob &B) {
    return B.Symbol == ConstantsSymbol;
  };
  auto Constants = llvm::find_if(Data.Blobs, IsConstants);
  if (Constants == Data.Blobs.end())
    return objectError(SoPath,
                       "no weights found in the model's shared library "
                       "(symbols _binary_constants_bin_start/_end); was it "
                       "stripped?");
  // Deterministic order: the weights first, then by name.
  std::sort(Data.Blobs.begin(), Data.Blobs.end(),
            [&](const EmbeddedBlob &A, const EmbeddedBlob &B) {
              if (IsConstants(A) != IsConstants(B))
                return IsConstants(A);
              return A.Symbol < B.Symbol;
            });
  Constants = Data.Blobs.begin();

  // Weights appended after the image: the blob holds (size + 8, magic).
  uint64_t FileSize = Data.File->getBufferSize();
  uint64_t End = imageEnd(Elf->getELFFile());
  if (End < FileSize && Constants->Bytes.size() == 16)
    if (llvm::Error E =
            findTrailer(Constants->Bytes, Data.File->getBuffer(), End, Data))
      return std::move(E);
  return Data;
}

llvm::Expected<std::string> aoti::writeBlobAssembly(const EmbeddedData &Data,
                                                    StringRef DataDir) {
  std::string Asm;
  llvm::raw_string_ostream OS(Asm);
  OS << "/* Written by aoti-instrument: the data of the original model .so,\n"
        "   under the symbols AOTI gave it. */\n";
  for (const EmbeddedBlob &Blob : Data.Blobs) {
    if (!isPlainAsmName(Blob.Symbol) ||
        !isPlainAsmName(Blob.Section, /*Section=*/true))
      return makeToolError(ExitCode::InputFile, Data.FilePath,
                           "'" + escapeControl(Blob.Symbol) + "' in '" +
                               escapeControl(Blob.Section) +
                               "' is not a plain symbol and section name");
    llvm::SmallString<256> BinPath(DataDir);
    llvm::sys::path::append(BinPath, Blob.Symbol + ".bin");
    std::error_code EC;
    llvm::raw_fd_ostream Bin(BinPath, EC);
    if (EC)
      return makeToolError(ExitCode::OutputError, std::string(BinPath),
                           "cannot write: " + EC.message());
    Bin << Blob.Bytes;
    Bin.close();
    if (Bin.has_error())
      return makeToolError(ExitCode::OutputError, std::string(BinPath),
                           "cannot write: " + Bin.error().message());
    // torch names weights' sections .lrodata/.ldata (large data); keep the
    // original's name and writability.
    OS << "\t.section\t" << Blob.Section << ", \"a"
       << (Blob.Writable ? "w" : "") << "\"\n"
       << "\t.balign " << BlobAlign << "\n"
       << "\t.globl\t" << Blob.Symbol << "_start\n"
       << Blob.Symbol << "_start:\n"
       << "\t.incbin \"";
    OS.write_escaped(BinPath);
    OS << "\"\n"
       << "\t.globl\t" << Blob.Symbol << "_end\n"
       << Blob.Symbol << "_end:\n";
    if (Blob.HasSizeSymbol)
      OS << "\t.globl\t" << Blob.Symbol << "_size\n"
         << "\t.set\t" << Blob.Symbol << "_size, " << Blob.Bytes.size() << "\n";
  }
  OS << "\t.section\t.note.GNU-stack,\"\",@progbits\n";
  return Asm;
}

llvm::Error aoti::appendTrailer(const EmbeddedData &Data, StringRef SoPath) {
  if (!Data.TrailerSize)
    return llvm::Error::success();
  auto Fail = [&](std::error_code EC) {
    return makeToolError(ExitCode::OutputError, SoPath.str(),
                         "cannot append weights: " + EC.message());
  };
  uint64_t Size;
  if (std::error_code EC = llvm::sys::fs::file_size(SoPath, Size))
    return Fail(EC);
  auto In = llvm::sys::fs::openNativeFileForRead(Data.FilePath);
  if (!In)
    return Fail(llvm::errorToErrorCode(In.takeError()));
  std::error_code EC;
  llvm::raw_fd_ostream OS(SoPath, EC, llvm::sys::fs::OF_Append);
  if (EC) {
    llvm::sys::fs::closeFile(*In);
    return Fail(EC);
  }
  OS.indent(TrailerAlign - Size % TrailerAlign);
  // In chunks from the original: weights over 2 GB never sit in memory.
  std::vector<char> Chunk(1 << 20);
  for (uint64_t Done = 0; Done < Data.TrailerSize && !EC;) {
    size_t Want = std::min<uint64_t>(Chunk.size(), Data.TrailerSize - Done);
    auto Got = llvm::sys::fs::readNativeFileSlice(
        *In, llvm::MutableArrayRef(Chunk.data(), Want),
        Data.TrailerOffset + Done);
    if (!Got) {
      EC = llvm::errorToErrorCode(Got.takeError());
    } else if (*Got == 0) {
      EC = std::make_error_code(std::errc::io_error); // the original shrank
    } else {
      OS.write(Chunk.data(), *Got);
      Done += *Got;
    }
  }
  llvm::sys::fs::closeFile(*In);
  OS.close();
  if (!EC && OS.has_error())
    EC = OS.error();
  OS.clear_error();
  return EC ? Fail(EC) : llvm::Error::success();
}
