//===- EmbeddedData.h - Data AOTI links into a model's .so ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// AOTI links the model's weights into its .so as a blob between the symbols
// `_binary_constants_bin_start` and `_binary_constants_bin_end` (torch's
// codecache.py, _compile_consts), and with aot_inductor.embed_kernel_binary
// each cubin between `__<kernel>_start` and `__<kernel>_end`. Weights over
// 2 GB are appended to the file after the ELF image instead (the blob then
// holds their size and a magic number; model_base.h maps them at load).
// Rebuilding a model's .so needs these bytes exactly: they are read here
// with LLVM's Object library, never regenerated.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_EMBEDDEDDATA_H
#define AOTI_PACKAGE_EMBEDDEDDATA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aoti {

/// One blob between `<Symbol>_start` and `<Symbol>_end`.
struct EmbeddedBlob {
  /// The name without the `_start`/`_end` suffix (`_binary_constants_bin`).
  std::string Symbol;
  /// The section it lives in (`.lrodata`, `.ldata`, `.rodata`, ...).
  std::string Section;
  bool Writable = false;
  /// Whether `<Symbol>_size` was defined too (objcopy's binary objects).
  bool HasSizeSymbol = false;
  /// The bytes, in the mapped original (EmbeddedData::File) or the
  /// caller's memory; never a copy.
  llvm::StringRef Bytes;
};

struct EmbeddedData {
  std::vector<EmbeddedBlob> Blobs;
  /// Where the bytes after the ELF image (mmap'ed weights and their magic
  /// number, without the padding before them) are in File; size 0 for
  /// models under 2 GB. They are copied in chunks, never read whole.
  uint64_t TrailerOffset = 0, TrailerSize = 0;
  /// The original .so, mapped (read only as far as it is used).
  std::shared_ptr<llvm::MemoryBuffer> File;
  std::string FilePath;
};

/// The weights blob's symbol, always present in an AOTI model .so.
constexpr llvm::StringRef ConstantsSymbol = "_binary_constants_bin";

/// Reads the blobs of \p SoPath: the weights, and every `__X_start` /
/// `__X_end` pair whose name \p WrapperText mentions (embedded cubins).
/// Refuses (exit code 2) a file whose symbol tables do not fit in it,
/// blobs that overlap, symbol and section names that are not plain names
/// (they are written into assembly), and appended weights that do not
/// match what their blob records.
llvm::Expected<EmbeddedData> readEmbeddedData(llvm::StringRef SoPath,
                                              llvm::StringRef WrapperText);

/// Whether \p Name may be written into assembly as a symbol (C identifier
/// characters, `.` and `$`), or with \p Section as a section name (also
/// `-`).
bool isPlainAsmName(llvm::StringRef Name, bool Section = false);

/// Assembly (GNU as, for `cc -c file.S`) defining the blobs again, each
/// `.incbin`'d from `<DataDir>/<Symbol>.bin`, which it also writes.
/// Refuses a name that is not plain (isPlainAsmName).
llvm::Expected<std::string> writeBlobAssembly(const EmbeddedData &Data,
                                              llvm::StringRef DataDir);

/// Appends \p Data's trailer to the linked \p SoPath as torch does: padded
/// to a 16 KiB boundary, then the weights and magic number.
llvm::Error appendTrailer(const EmbeddedData &Data, llvm::StringRef SoPath);

} // namespace aoti

#endif // AOTI_PACKAGE_EMBEDDEDDATA_H
