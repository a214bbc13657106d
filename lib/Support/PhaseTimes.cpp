//===- PhaseTimes.cpp - Wall times of the tool's phases -------------------===//

#include "Support/PhaseTimes.h"

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

void PhaseTimes::print(llvm::raw_ostream &OS) {
  if (!Enabled || Timers.empty())
    return;
  Group.print(OS, /*ResetAfterPrint=*/true);
}
