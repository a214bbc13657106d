//===- aoti_rt/watch_cell.h - What the watchdog reads of a run --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// WatchCell: one run in progress as the watchdog (watchdog.h) sees it,
// written by RunScope's inline probe path (run_scope.h) with relaxed
// stores. Below both, so that the watchdog needs not the API header.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_WATCH_CELL_H
#define AOTI_RT_WATCH_CELL_H

#include "abi.h"

#include <atomic>
#include <cstdint>

AOTI_RT_NAMESPACE_BEGIN
namespace detail {
struct ProgramState;

/// What the watchdog (watchdog.h) reads of one run in progress. The run's
/// probes write the progress fields (relaxed stores: no lock, no sync);
/// the rest is set before Busy turns 1 and read after.
struct WatchCell {
  std::atomic<int> Busy{0};           ///< 0 free, 2 being filled, 1 watched
  std::atomic<int64_t> ProgressNs{0}; ///< when MaxSite last grew
  std::atomic<int64_t> ReportedNs{0}; ///< ProgressNs of its last report
  std::atomic<int> MaxSite{-1};       ///< the furthest launch reached
  std::atomic<int> LastSite{-1};      ///< the last probe: site and phase
  std::atomic<int> LastPhase{kAfter};
  std::atomic<int64_t> Iterations{0}; ///< returns to an earlier launch
  const Program *Prog = nullptr;
  ProgramState *State = nullptr;
  int64_t Run = 0;
  long Tid = 0;
  int64_t StartNs = 0;
  int DeadlineMs = 0;
  WatchdogThen Then = kWatchReport;
};
} // namespace detail
AOTI_RT_NAMESPACE_END

#endif // AOTI_RT_WATCH_CELL_H
