//===- Version.cpp --------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/Version.h"

llvm::StringRef aoti::toolVersion() { return AOTI_INSTRUMENT_VERSION; }
