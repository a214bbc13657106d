//===- ShimOpsListing.h - The call forms of the shim's ops ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The --list-shim-ops output: each op of the C shim with what the analysis
// reads of each of its parameters (ShimSignature.h), a table for people
// and JSON for scripts (scripts/census/census.py).
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_OUTPUT_SHIMOPSLISTING_H
#define AOTI_OUTPUT_SHIMOPSLISTING_H

#include "Analysis/ShimCatalog.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace aoti {

/// `self:in`, `bias:in:opt`, `tensors:in:list`, `ret0:ret`, `dim`,
/// `scale?` (an optional scalar), `size[]`, `ret4:ret-scalar`: one
/// parameter as the table shows it; "" for a list's length.
std::string formatShimParam(const ShimParam &P);

/// A summary line per header, then one row per op.
void printShimOpsTable(const std::vector<ShimOp> &Ops,
                       llvm::StringRef TorchIncludeDir, llvm::raw_ostream &OS);

/// {"torch_include": ..., "ops": [{"function", "header", "device", "op",
/// "in_place", "returns_tensors", "params": [{"name", "type", "form",
/// "role"}]}]}
void printShimOpsJson(const std::vector<ShimOp> &Ops,
                      llvm::StringRef TorchIncludeDir, llvm::raw_ostream &OS);

} // namespace aoti

#endif // AOTI_OUTPUT_SHIMOPSLISTING_H
