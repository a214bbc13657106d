//===- RegularFile.h - Read an input that may be anything -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A path on the command line may name a FIFO (reading blocks forever), a
// device (/dev/zero never ends), a directory, or a link to any of them; a
// file may report one size and hold another. Every input the tool reads
// goes through here: it must be a regular file once links are followed
// (checked on the open descriptor, so a swap after the check changes
// nothing), and at most a cap is read, whatever size the file reports.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_REGULARFILE_H
#define AOTI_SUPPORT_REGULARFILE_H

#include "Support/ToolError.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <memory>

namespace aoti {

/// Opens \p Path for reading (O_NONBLOCK: a FIFO does not block the open)
/// and checks that it is a regular file. \p What names it in messages
/// ("cannot <Verb> rules file: ..."); errors carry \p Code. The caller
/// closes the descriptor.
llvm::Expected<int> openRegularFile(llvm::StringRef Path, llvm::StringRef What,
                                    ExitCode Code,
                                    llvm::StringRef Verb = "open");

/// Whether \p Path is a regular file (links followed), asked without
/// blocking on a FIFO.
bool isRegularFile(llvm::StringRef Path);

/// Reads \p Path, a regular file of at most \p MaxBytes bytes (more is
/// refused, counted as read, not as reported), NUL-terminated.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(llvm::StringRef Path, uint64_t MaxBytes, llvm::StringRef What,
                ExitCode Code);

/// How a size limit is written in messages: "1 MiB", "64 GiB", "4096 bytes".
std::string describeBytes(uint64_t Bytes);

} // namespace aoti

#endif // AOTI_SUPPORT_REGULARFILE_H
