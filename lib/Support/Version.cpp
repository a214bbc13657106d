//===- Version.cpp --------------------------------------------------------===//

#include "Support/Version.h"

llvm::StringRef aoti::toolVersion() { return AOTI_INSTRUMENT_VERSION; }
