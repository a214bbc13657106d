//===- FaultGroups.h - Faulting lanes that report the same ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A fault is reported by every lane of a warp that meets it (a warp's
// exception by all 32): the lanes of a dump that report the same exception
// at the same PC in the same grid are one fault, shown once with its first
// lane (in the dump's order, which cuda-gdb's focus follows) and how many
// lanes and warps report it.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_FAULTGROUPS_H
#define AOTI_COREDUMP_FAULTGROUPS_H

#include "CoreDump/CudaCore.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <vector>

namespace aoti {

struct FaultGroup {
  CoreLane First;
  uint64_t Lanes = 0;
  uint64_t Warps = 0;
};

/// The faults of \p Lanes, in the order of their first lane.
std::vector<FaultGroup> groupFaults(llvm::ArrayRef<CoreLane> Lanes);

} // namespace aoti

#endif // AOTI_COREDUMP_FAULTGROUPS_H
