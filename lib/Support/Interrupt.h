//===- Interrupt.h - Clean up when the tool is stopped -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tool stopped by Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGPIPE (its output
// piped into `head`, which exits) leaves nothing behind: the handler
// installed by installInterruptCleanup() kills the process group of every
// program still registered (the compilers of a rebuild run in groups of
// their own, Sandbox.h), removes every directory
// still registered (the work directory, the temporary directory of an
// output being written) with everything in it, then lets the signal end
// the tool as it would have (LLVM's handler, which removes the files
// registered with llvm::sys::RemoveFileOnSignal, runs after it). The
// handler does only async-signal-safe work: registration copies paths into
// fixed slots, and directories are removed with openat/getdents64/unlinkat.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_INTERRUPT_H
#define AOTI_SUPPORT_INTERRUPT_H

#include "llvm/ADT/StringRef.h"

namespace aoti {

/// Installs the handler for SIGINT, SIGTERM, SIGHUP and SIGPIPE (once; after
/// llvm::InitLLVM, whose handler it calls in turn).
void installInterruptCleanup();

/// The process group \p Pgid is killed (SIGKILL) if the tool is
/// interrupted while it is registered. At most 64 at a time (more are not
/// registered).
void registerProcessGroup(int Pgid);
void unregisterProcessGroup(int Pgid);

/// The directory \p Path is removed with everything in it if the tool is
/// interrupted while it is registered. At most 8 at a time, each path
/// shorter than 4096 bytes; false when it could not be registered.
bool registerDirectory(llvm::StringRef Path);
void unregisterDirectory(llvm::StringRef Path);

/// Removes the directory \p Path and everything under it, links not
/// followed, with async-signal-safe calls only (what the handler does).
/// Returns false when something could not be removed.
bool removeTreeNow(const char *Path);

} // namespace aoti

#endif // AOTI_SUPPORT_INTERRUPT_H
