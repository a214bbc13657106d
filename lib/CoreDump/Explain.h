//===- Explain.h - What a CUDA core dump says of its fault ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `aoti-instrument explain CORE`: the dump's device and driver, then each
// fault (FaultGroups.h) on lines of its own: the exception, the kernel (the
// function of the dump's relocated image that holds the PC, demangled) with
// its grid and block dimensions, the first faulting thread, the PC as
// kernel+offset, the source line (the image's line table, else that of a
// package's cubin of the same kernel), and with a crumb report, the
// launch that ran it (LaunchMatch.h). When the dump is lost or cut short,
// explainAssertions says the same from the device-side assertions the run
// printed (DeviceAssert.h): the kernel is the package's cubin whose line
// table has the assertion's file and line.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_COREDUMP_EXPLAIN_H
#define AOTI_COREDUMP_EXPLAIN_H

#include "CoreDump/CrumbReport.h"
#include "CoreDump/CudaCore.h"
#include "CoreDump/DeviceAssert.h"
#include "CoreDump/DeviceImage.h"
#include "CoreDump/FaultGroups.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace aoti {

/// A cubin from elsewhere than the dump (a package's), named for messages.
struct ExtraCubin {
  std::string Name;
  llvm::StringRef Bytes;
};

/// Where a fault's PC is.
struct FaultSite {
  /// The function of the dump's images that holds the PC ("" when none
  /// does) and the PC's offset in it (or from the grid's entry point, when
  /// FromGridEntry).
  std::string Function;
  uint64_t Offset = 0;
  bool FromGridEntry = false;
  std::optional<SourceLine> Line;
  /// Where Line comes from when not from the dump: an ExtraCubin's name.
  std::string LineFrom;
};

/// ELF images read once each, when first needed: a dump's, or a package's
/// cubins (an image LLVM cannot read stays unread: null).
class ImageCache {
public:
  static ImageCache ofCore(const CudaCore &Core);
  static ImageCache ofCubins(llvm::ArrayRef<ExtraCubin> Cubins);

  /// Image \p Index; null when LLVM cannot read it.
  const DeviceImage *image(size_t Index);

private:
  explicit ImageCache(std::vector<llvm::StringRef> Bytes);
  std::vector<llvm::StringRef> Bytes;
  std::vector<std::optional<DeviceImage>> Images;
  std::vector<bool> Tried;
};

/// Where \p Fault's PC is in the dump's images (\p CoreImages), its line
/// taken from the cubins \p Extra (read through \p ExtraImages) when the
/// dump's image has none.
FaultSite locateFault(const CudaCore &Core, const FaultGroup &Fault,
                      ImageCache &CoreImages, llvm::ArrayRef<ExtraCubin> Extra,
                      ImageCache &ExtraImages);

struct ExplainInput {
  llvm::StringRef CorePath;
  const CudaCore *Core = nullptr;
  llvm::ArrayRef<ExtraCubin> Extra; ///< --package's cubins.
  const CrumbReport *Report = nullptr;
};

/// Prints what \p In's dump says of its faults to \p OS; an error (exit
/// code 10) when no lane of it reports an exception.
llvm::Error explainCore(const ExplainInput &In, llvm::raw_ostream &OS);

struct AssertionInput {
  /// Why no dump explains it: "none given", or what is wrong with it.
  std::string DumpNote;
  llvm::StringRef ReportPath;
  llvm::ArrayRef<DeviceAssertion> Assertions;
  llvm::ArrayRef<ExtraCubin> Extra;    ///< --package's cubins.
  const CrumbReport *Report = nullptr; ///< Null: the file holds none.
};

/// The kernel of \p A: the functions of the first cubin of \p Extra (read
/// through \p ExtraImages) whose line table has A's file and line, and that
/// cubin's name (empty: none).
struct AssertionKernel {
  std::vector<std::string> Functions;
  std::string From;
};
AssertionKernel findAssertionKernel(const DeviceAssertion &A,
                                    llvm::ArrayRef<ExtraCubin> Extra,
                                    ImageCache &ExtraImages);

/// Prints what \p In's assertions say, one fact per line as explainCore.
void explainAssertions(const AssertionInput &In, llvm::raw_ostream &OS);

} // namespace aoti

#endif // AOTI_COREDUMP_EXPLAIN_H
