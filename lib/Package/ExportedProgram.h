//===- ExportedProgram.h - A package's exported program ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A .pt2 written by torch.export's archive (torch.export.save, or
// package_pt2 with exported_programs) holds, beside the AOTI model, the
// exported program as JSON (`models/<model>.json`). Its graph signature
// names the user's inputs, which the wrapper does not keep (it calls them
// arg0_1, ...): reports name a wrong input by them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_PACKAGE_EXPORTEDPROGRAM_H
#define AOTI_PACKAGE_EXPORTEDPROGRAM_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace aoti {

/// The names of the tensor user inputs of the exported program \p Json
/// (`graph_module.signature.input_specs[*].user_input.arg.as_tensor.name`),
/// in order: the AOTI model's inputs, one by one. Empty when the text is
/// not such a program, or when a user input is not a tensor (then the
/// model's inputs cannot be matched with them).
std::vector<std::string> exportedInputNames(llvm::StringRef Json);

/// The largest exported program read (a graph's JSON; bigger ones are
/// left unread and inputs go unnamed).
constexpr uint64_t MaxExportedProgramBytes = uint64_t(64) << 20;

} // namespace aoti

#endif // AOTI_PACKAGE_EXPORTEDPROGRAM_H
