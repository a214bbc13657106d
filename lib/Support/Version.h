//===- Version.h - The tool's version ---------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef AOTI_SUPPORT_VERSION_H
#define AOTI_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace aoti {

/// The version printed by --version and stamped into every output.
llvm::StringRef toolVersion();

} // namespace aoti

#endif // AOTI_SUPPORT_VERSION_H
