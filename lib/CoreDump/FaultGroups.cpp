//===- FaultGroups.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/FaultGroups.h"
#include <map>
#include <set>
#include <tuple>

using namespace aoti;

std::vector<FaultGroup> aoti::groupFaults(llvm::ArrayRef<CoreLane> Lanes) {
  using Key = std::tuple<uint32_t, uint64_t, uint32_t, uint64_t>;
  using WarpKey = std::tuple<uint32_t, uint32_t, uint32_t>;
  std::vector<FaultGroup> Groups;
  std::map<Key, size_t> IndexOf;
  std::vector<std::set<WarpKey>> WarpsOf;
  for (const CoreLane &L : Lanes) {
    Key K{L.Device, L.GridId, L.Exception, L.pc()};
    auto [It, New] = IndexOf.try_emplace(K, Groups.size());
    if (New) {
      Groups.push_back({L, 0, 0});
      WarpsOf.emplace_back();
    }
    FaultGroup &G = Groups[It->second];
    ++G.Lanes;
    // A warp is its slot: device, SM and warp number.
    if (WarpsOf[It->second].insert({L.Device, L.SmId, L.WarpId}).second)
      ++G.Warps;
  }
  return Groups;
}
