//===- PhaseTimes.cpp - Wall times of the tool's phases -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Support/PhaseTimes.h"
#include "llvm/Support/Format.h"

using namespace aoti;

PhaseTimes::~PhaseTimes() {
  // Printed by print() or not at all: the group would print what is left
  // when its timers go.
  Group.clear();
  Timers.clear();
}

llvm::Timer *PhaseTimes::get(llvm::StringRef Name,
                             llvm::StringRef Description) {
  if (!Enabled)
    return nullptr;
  std::unique_ptr<llvm::Timer> &T = Timers[Name];
  if (!T)
    T = std::make_unique<llvm::Timer>(Name, Description, Group);
  return T.get();
}

void PhaseTimes::addProgram(llvm::StringRef What, double CpuSeconds,
                            uint64_t PeakRssBytes) {
  if (Enabled)
    Programs.push_back({What.str(), CpuSeconds, PeakRssBytes});
}

void PhaseTimes::print(llvm::raw_ostream &OS) {
  if (!Enabled)
    return;
  if (!Timers.empty())
    Group.print(OS, /*ResetAfterPrint=*/true);
  if (Programs.empty())
    return;
  OS << "===" << std::string(73, '-') << "===\n"
     << "  programs of the rebuild: CPU seconds, peak resident MiB\n";
  for (const Program &P : Programs)
    OS << llvm::format("  %9.2f  %8.1f  ", P.CpuSeconds,
                       P.PeakRssBytes / 1048576.0)
       << P.What << "\n";
  Programs.clear();
}
