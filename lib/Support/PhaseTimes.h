//===- PhaseTimes.h - Wall times of the tool's phases -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What `--time-report` prints: one LLVM Timer per phase (unpack, analyze,
// rebuild steps, repack), in one TimerGroup, printed in LLVM's usual
// format, then the CPU time and peak memory of each program a rebuild ran.
// Disabled, it hands out null timers, which llvm::TimeRegion ignores.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_PHASETIMES_H
#define AOTI_SUPPORT_PHASETIMES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

namespace aoti {

class PhaseTimes {
public:
  explicit PhaseTimes(bool Enabled) : Enabled(Enabled) {}
  ~PhaseTimes();

  /// The timer of phase \p Name (described by \p Description the first
  /// time), or null when disabled: `llvm::TimeRegion R(Times.get(...))`.
  llvm::Timer *get(llvm::StringRef Name, llvm::StringRef Description);

  /// Records what program \p What used: CPU seconds (its own and its
  /// children's) and the peak resident memory of its largest process.
  void addProgram(llvm::StringRef What, double CpuSeconds,
                  uint64_t PeakRssBytes);

  /// Prints the report to \p OS (nothing when disabled or nothing ran).
  void print(llvm::raw_ostream &OS);

private:
  struct Program {
    std::string What;
    double CpuSeconds;
    uint64_t PeakRssBytes;
  };
  bool Enabled;
  std::vector<Program> Programs;
  llvm::TimerGroup Group{"aoti-instrument", "aoti-instrument phases"};
  llvm::StringMap<std::unique_ptr<llvm::Timer>> Timers;
};

} // namespace aoti

#endif // AOTI_SUPPORT_PHASETIMES_H
