//===- Inventory.h - Print a wrapper's launch sites -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The --list output: a table for people and JSON for scripts.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_OUTPUT_INVENTORY_H
#define AOTI_OUTPUT_INVENTORY_H

#include "Analysis/LaunchSite.h"
#include "llvm/Support/raw_ostream.h"

namespace aoti {

/// One row per launch site, its source nodes on the line below.
void printInventoryTable(const WrapperInventory &Inv, llvm::raw_ostream &OS);

/// The whole inventory as one JSON object (schema in README.md).
void printInventoryJson(const WrapperInventory &Inv, llvm::raw_ostream &OS);

/// "buf1:inout", "l1_weight:in:view": the short form used in the table and
/// in run-time reports.
std::string formatTensorArg(const TensorArg &T);

} // namespace aoti

#endif // AOTI_OUTPUT_INVENTORY_H
