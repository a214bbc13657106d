//===- Explain.cpp --------------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/Explain.h"
#include "CoreDump/LaunchMatch.h"
#include "Support/ToolError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

using namespace aoti;
using llvm::StringRef;

ImageCache::ImageCache(std::vector<StringRef> Bytes) : Bytes(std::move(Bytes)) {
  Images.resize(this->Bytes.size());
  Tried.resize(this->Bytes.size());
}

ImageCache ImageCache::ofCore(const CudaCore &Core) {
  std::vector<StringRef> Bytes;
  for (const CoreImage &Image : Core.images())
    Bytes.push_back(Image.Bytes);
  return ImageCache(std::move(Bytes));
}

ImageCache ImageCache::ofCubins(llvm::ArrayRef<ExtraCubin> Cubins) {
  std::vector<StringRef> Bytes;
  for (const ExtraCubin &Cubin : Cubins)
    Bytes.push_back(Cubin.Bytes);
  return ImageCache(std::move(Bytes));
}

const DeviceImage *ImageCache::image(size_t Index) {
  if (!Tried[Index]) {
    Tried[Index] = true;
    llvm::Expected<DeviceImage> Image = DeviceImage::read(Bytes[Index]);
    if (Image)
      Images[Index] = std::move(*Image);
    else
      llvm::consumeError(Image.takeError()); // what it would name stays unnamed
  }
  return Images[Index] ? &*Images[Index] : nullptr;
}

namespace {

/// The function of the dump's images of the fault's device that holds the
/// PC, with the PC's line there.
bool findInImages(const CudaCore &Core, const CoreLane &Lane,
                  ImageCache &Images, FaultSite &Site) {
  for (size_t I = 0; I < Core.images().size(); ++I) {
    if (Core.images()[I].Device != Lane.Device)
      continue;
    const DeviceImage *Image = Images.image(I);
    std::optional<ImageFunction> F =
        Image ? Image->functionAt(Lane.pc()) : std::nullopt;
    if (!F)
      continue;
    Site.Function = F->Name;
    Site.Offset = Lane.pc() - F->Start;
    Site.Line = Image->lineAt(Lane.pc());
    return true;
  }
  return false;
}

/// The line of the same function and offset in a cubin of \p Extra.
void findLineInExtra(llvm::ArrayRef<ExtraCubin> Extra, ImageCache &Images,
                     FaultSite &Site) {
  for (size_t I = 0; I < Extra.size(); ++I) {
    const DeviceImage *Image = Images.image(I);
    std::optional<ImageFunction> F =
        Image ? Image->functionNamed(Site.Function) : std::nullopt;
    if (!F || Site.Offset >= F->Size)
      continue;
    if ((Site.Line = Image->lineAt(F->Start + Site.Offset))) {
      Site.LineFrom = Extra[I].Name;
      return;
    }
  }
}

std::string dim3Text(const Dim3 &D) {
  return "(" + std::to_string(D[0]) + "," + std::to_string(D[1]) + "," +
         std::to_string(D[2]) + ")";
}

std::string hex(uint64_t V) { return "0x" + llvm::utohexstr(V, true); }

/// One line of output: what the dump and report quote is escaped and cut
/// (ToolError.h printableMessage).
void line(llvm::raw_ostream &OS, const llvm::Twine &Text) {
  OS << printableMessage(Text.str(), /*KeepNewlines=*/false) << "\n";
}

void printDevices(llvm::raw_ostream &OS, const CudaCore &Core) {
  for (size_t I = 0; I < Core.devices().size(); ++I) {
    const CoreDevice &D = Core.devices()[I];
    std::string Sm =
        D.SmType.empty() || D.SmType == "?"
            ? "sm_" + std::to_string(D.SmMajor) + std::to_string(D.SmMinor)
            : D.SmType;
    line(OS, "device " + llvm::Twine(I) + ": " + D.Name + ", " + Sm + ", " +
                 llvm::Twine(D.NumSMs) + " SMs");
  }
  if (const std::optional<CoreMeta> &M = Core.meta())
    line(OS, "driver: " + llvm::Twine(M->DriverMajor) + "." +
                 llvm::Twine(M->DriverMinor) + ", CUDA " +
                 llvm::Twine(M->CudaMajor) + "." + llvm::Twine(M->CudaMinor));
}

std::string exceptionText(uint32_t Code) {
  StringRef Name = cudacore::exceptionName(Code);
  return (Name.empty() ? "unknown exception" : Name.str()) + " (exception " +
         std::to_string(Code) + ")";
}

std::string kernelText(const CudaCore &Core, const FaultGroup &G,
                       const FaultSite &Site) {
  std::string Text = Site.Function.empty()
                         ? std::string("unknown (no relocated image of the "
                                       "dump holds the PC)")
                         : llvm::demangle(Site.Function);
  const CoreGrid *Grid = Core.findGrid(G.First.Device, G.First.GridId);
  if (!Grid)
    return Text + ", grid " + std::to_string(G.First.GridId) +
           " (not in the dump's grid table)";
  return Text + ", grid " + dim3Text(Grid->GridDim) + ", block dim " +
         dim3Text(Grid->BlockDim);
}

std::string pcText(const CoreLane &L, const FaultSite &Site) {
  std::string Whose = L.ErrorPCValid ? "the warp's error PC" : "the lane's PC";
  if (!Site.Function.empty())
    return llvm::demangle(Site.Function) + "+" + hex(Site.Offset) + " (" +
           hex(L.pc()) + ", " + Whose + ")";
  if (Site.FromGridEntry)
    return hex(L.pc()) + " (the kernel's entry+" + hex(Site.Offset) + ", " +
           Whose + ")";
  return hex(L.pc()) + " (" + Whose + ")";
}

std::string sourceText(const FaultSite &Site) {
  if (!Site.Line)
    return Site.Function.empty()
               ? "unknown"
               : "unknown (no line table of the kernel's image covers the "
                 "PC; --package may have one)";
  std::string Text = Site.Line->File + ":" + std::to_string(Site.Line->Line);
  if (!Site.LineFrom.empty())
    Text += " (from " + Site.LineFrom + ")";
  return Text;
}

void printFault(llvm::raw_ostream &OS, const ExplainInput &In,
                const FaultGroup &G, const FaultSite &Site,
                const std::string &Label) {
  const CoreLane &L = G.First;
  line(OS, Label + ": " + exceptionText(L.Exception) + ", reported by " +
               llvm::Twine(G.Lanes) + (G.Lanes == 1 ? " lane" : " lanes") +
               " of " + llvm::Twine(G.Warps) +
               (G.Warps == 1 ? " warp" : " warps"));
  line(OS, "kernel: " + kernelText(*In.Core, G, Site));
  line(OS, "thread: block " + dim3Text(L.BlockIdx) + ", thread " +
               dim3Text(L.ThreadIdx) + " (the first; device " +
               llvm::Twine(L.Device) + ", SM " + llvm::Twine(L.SmId) +
               ", warp " + llvm::Twine(L.WarpId) + ", lane " +
               llvm::Twine(L.Lane) + ")");
  line(OS, "pc: " + pcText(L, Site));
  line(OS, "source: " + sourceText(Site));
  if (!In.Report)
    return;
  if (Site.Function.empty())
    line(OS, "launch: unknown (the kernel is not known to match the "
             "report's launches)");
  else
    line(OS, "launch: " +
                 describeLaunchMatch(matchLaunches(*In.Report, Site.Function),
                                     Site.Function));
}

} // namespace

FaultSite aoti::locateFault(const CudaCore &Core, const FaultGroup &Fault,
                            ImageCache &CoreImages,
                            llvm::ArrayRef<ExtraCubin> Extra,
                            ImageCache &ExtraImages) {
  FaultSite Site;
  const CoreLane &L = Fault.First;
  if (!findInImages(Core, L, CoreImages, Site)) {
    const CoreGrid *Grid = Core.findGrid(L.Device, L.GridId);
    if (Grid && L.pc() >= Grid->FunctionEntry) {
      Site.Offset = L.pc() - Grid->FunctionEntry;
      Site.FromGridEntry = true;
    }
  }
  if (!Site.Line && !Site.Function.empty())
    findLineInExtra(Extra, ExtraImages, Site);
  return Site;
}

namespace {

/// The warps of one grid in a dump without a fault: the PC most of them
/// are at (Top, with its warps) and how many PCs they are at.
struct RunningGrid {
  FaultGroup Top;
  uint64_t Warps = 0;
  size_t Pcs = 0;
};

std::vector<RunningGrid> runningGrids(llvm::ArrayRef<CoreLane> Resident) {
  std::vector<RunningGrid> Grids;
  for (const FaultGroup &G : groupFaults(Resident)) {
    auto It = llvm::find_if(Grids, [&](const RunningGrid &R) {
      return R.Top.First.Device == G.First.Device &&
             R.Top.First.GridId == G.First.GridId;
    });
    if (It == Grids.end()) {
      Grids.push_back({G, G.Warps, 1});
      continue;
    }
    It->Warps += G.Warps;
    ++It->Pcs;
    if (G.Warps > It->Top.Warps)
      It->Top = G;
  }
  return Grids;
}

void printRunning(llvm::raw_ostream &OS, const ExplainInput &In,
                  const RunningGrid &R, const FaultSite &Site,
                  const std::string &Label) {
  const CoreLane &L = R.Top.First;
  line(OS, Label + ": " + kernelText(*In.Core, R.Top, Site));
  line(OS,
       "warps: " + llvm::Twine(R.Warps) + " resident, at " +
           llvm::Twine(R.Pcs) + (R.Pcs == 1 ? " PC" : " PCs") +
           (R.Pcs == 1 ? ""
                       : "; " + llvm::Twine(R.Top.Warps) + " at the PC below"));
  line(OS, "thread: block " + dim3Text(L.BlockIdx) + ", thread " +
               dim3Text(L.ThreadIdx) + " (the first there; device " +
               llvm::Twine(L.Device) + ", SM " + llvm::Twine(L.SmId) +
               ", warp " + llvm::Twine(L.WarpId) + ")");
  line(OS, "pc: " + pcText(L, Site));
  line(OS, "source: " + sourceText(Site));
  if (In.Report && !Site.Function.empty())
    line(OS, "launch: " +
                 describeLaunchMatch(matchLaunches(*In.Report, Site.Function),
                                     Site.Function));
}

/// A dump without a fault, made on request (the watchdog's dump of a hang,
/// CUDA_ENABLE_USER_TRIGGERED_COREDUMP, cuda-gdb's generate-core-file):
/// each grid that was running, where most of its warps were.
void explainRunning(const ExplainInput &In, llvm::raw_ostream &OS) {
  printDevices(OS, *In.Core);
  line(OS, "no fault: the dump was made on request (a hang's, by the "
           "watchdog or by hand); what ran on the GPU:");
  ImageCache CoreImages = ImageCache::ofCore(*In.Core);
  ImageCache ExtraImages = ImageCache::ofCubins(In.Extra);
  std::vector<RunningGrid> Grids = runningGrids(In.Core->residentWarps());
  for (size_t I = 0; I < Grids.size(); ++I)
    printRunning(
        OS, In, Grids[I],
        locateFault(*In.Core, Grids[I].Top, CoreImages, In.Extra, ExtraImages),
        Grids.size() == 1 ? std::string("running")
                          : "running " + std::to_string(I + 1) + " of " +
                                std::to_string(Grids.size()));
}

} // namespace

llvm::Error aoti::explainCore(const ExplainInput &In, llvm::raw_ostream &OS) {
  std::vector<FaultGroup> Groups = groupFaults(In.Core->faultingLanes());
  if (Groups.empty() && !In.Core->residentWarps().empty()) {
    explainRunning(In, OS);
    return llvm::Error::success();
  }
  if (Groups.empty())
    return makeToolError(
        ExitCode::NoFault, In.CorePath.str(),
        "no lane reports an exception (" +
            std::to_string(In.Core->lanesRead()) +
            (In.Core->lanesRead() == 1 ? " lane" : " lanes") +
            " read) and none runs: the dump is neither of a fault nor of a "
            "hang",
        "a dump made on request (the watchdog's, "
        "CUDA_ENABLE_USER_TRIGGERED_COREDUMP, cuda-gdb's generate-core-file) "
        "shows what runs; this one shows nothing");
  printDevices(OS, *In.Core);
  ImageCache CoreImages = ImageCache::ofCore(*In.Core);
  ImageCache ExtraImages = ImageCache::ofCubins(In.Extra);
  for (size_t I = 0; I < Groups.size(); ++I) {
    std::string Label = Groups.size() == 1
                            ? "fault"
                            : "fault " + std::to_string(I + 1) + " of " +
                                  std::to_string(Groups.size());
    printFault(
        OS, In, Groups[I],
        locateFault(*In.Core, Groups[I], CoreImages, In.Extra, ExtraImages),
        Label);
  }
  return llvm::Error::success();
}

AssertionKernel aoti::findAssertionKernel(const DeviceAssertion &A,
                                          llvm::ArrayRef<ExtraCubin> Extra,
                                          ImageCache &ExtraImages) {
  AssertionKernel K;
  for (size_t I = 0; I < Extra.size(); ++I) {
    const DeviceImage *Image = ExtraImages.image(I);
    if (!Image || !Image->hasLine(A.File, A.Line))
      continue;
    // Its kernels; the device functions they call (__assertfail, libdevice's
    // slow paths) only when it has none.
    bool AnyEntry = llvm::any_of(
        Image->functions(), [](const ImageFunction &F) { return F.Entry; });
    for (const ImageFunction &F : Image->functions())
      if (F.Entry || !AnyEntry)
        K.Functions.push_back(F.Name);
    K.From = Extra[I].Name;
    return K;
  }
  return K;
}

namespace {

bool printsNoFunction(const DeviceAssertion &A) {
  return A.Function.empty() || A.Function == "unknown";
}

std::string assertionKernelText(const DeviceAssertion &A,
                                const AssertionKernel &K, bool HavePackage) {
  if (!K.Functions.empty()) {
    std::string Names;
    for (const std::string &F : K.Functions)
      Names += (Names.empty() ? "" : ", ") + llvm::demangle(F);
    return Names +
           " (its cubin's line table has the assertion's line: " + K.From + ")";
  }
  std::string Printed = printsNoFunction(A) ? "unknown" : A.Function;
  if (!HavePackage)
    return Printed + (printsNoFunction(A)
                          ? " (Triton's assertions name none; --package "
                            "finds the cubin whose line table has the "
                            "assertion's file and line)"
                          : " (as the assertion prints it)");
  return Printed + " (no cubin of the package has " + A.File + ":" +
         std::to_string(A.Line) +
         " in its line table: not one of the package's kernels)";
}

std::string assertionLaunchText(const AssertionInput &In,
                                const AssertionKernel &K) {
  if (!In.Report)
    return "unknown (" + In.ReportPath.str() +
           " holds no breadcrumb report that can be read)";
  if (K.Functions.empty())
    return "unknown (the kernel is not known to match the report's "
           "launches)";
  for (const std::string &F : K.Functions) {
    LaunchMatch M = matchLaunches(*In.Report, F);
    if (!M.Candidates.empty())
      return describeLaunchMatch(M, F);
  }
  return describeLaunchMatch(matchLaunches(*In.Report, K.Functions.front()),
                             K.Functions.front());
}

void printAssertion(llvm::raw_ostream &OS, const AssertionInput &In,
                    const DeviceAssertion &A, ImageCache &ExtraImages,
                    const std::string &Label) {
  line(OS, Label + ": `" + A.Message + "` failed, printed by " +
               llvm::Twine(A.Threads) +
               (A.Threads == 1 ? " thread (" : " threads (") + In.ReportPath +
               ":" + llvm::Twine(A.TextLine) + ")");
  AssertionKernel K = findAssertionKernel(A, In.Extra, ExtraImages);
  line(OS, "kernel: " + assertionKernelText(A, K, !In.Extra.empty()));
  line(OS, "thread: block " + dim3Text(A.Block) + ", thread " +
               dim3Text(A.Thread) + " (the first printed)");
  line(OS, "source: " + A.File + ":" + llvm::Twine(A.Line));
  line(OS, "launch: " + assertionLaunchText(In, K));
}

} // namespace

void aoti::explainAssertions(const AssertionInput &In, llvm::raw_ostream &OS) {
  line(OS, "dump: " + In.DumpNote +
               "; explained from the device-side assertions in " +
               In.ReportPath);
  ImageCache ExtraImages = ImageCache::ofCubins(In.Extra);
  for (size_t I = 0; I < In.Assertions.size(); ++I)
    printAssertion(OS, In, In.Assertions[I], ExtraImages,
                   In.Assertions.size() == 1
                       ? std::string("assertion")
                       : "assertion " + std::to_string(I + 1) + " of " +
                             std::to_string(In.Assertions.size()));
}
