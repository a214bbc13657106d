//===- LaunchMatch.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/LaunchMatch.h"
#include "Support/AOTINames.h"
#include <set>

using namespace aoti;
using llvm::StringRef;

LaunchMatch aoti::matchLaunches(const CrumbReport &Report, StringRef Function) {
  LaunchMatch M;
  std::set<StringRef> Seen;
  bool AllCompleted = !Report.Windows.empty();
  for (const CrumbWindow &W : Report.Windows) {
    M.Unlisted += W.Unlisted;
    M.MayBeAfter |= W.Kind == CrumbWindow::Form::NotKnownCompleted ||
                    W.Kind == CrumbWindow::Form::AllCompleted;
    if (W.Kind != CrumbWindow::Form::AllCompleted)
      AllCompleted = false;
    else if (W.LastCompleted)
      M.AllCompletedLast = &*W.LastCompleted;
    for (const ReportedLaunch &L : W.Launches) {
      if (!Seen.insert(L.Text).second)
        continue;
      ++M.WindowSize;
      if (L.Known && names::launchesCubinFunction(L.Kernel, Function))
        M.Candidates.push_back(&L);
      else if (L.Known && names::isExternOp(L.Kernel))
        M.Externs.push_back(&L);
    }
  }
  if (!AllCompleted)
    M.AllCompletedLast = nullptr;
  return M;
}

namespace {

std::string windowText(const LaunchMatch &M) {
  std::string Text = "the report's window of " + std::to_string(M.WindowSize);
  if (M.Unlisted)
    Text +=
        " (and " + std::to_string(M.Unlisted) + " launches it does not list)";
  return Text;
}

std::string noMatchText(const LaunchMatch &M, StringRef Function) {
  if (M.AllCompletedLast)
    return "outside the report's window: it says every instrumented launch "
           "completed, the last was " +
           M.AllCompletedLast->Text +
           ", so the fault is in work enqueued after it";
  std::string Text = "outside the report's window: no launch of " +
                     windowText(M) + " runs " + Function.str();
  if (M.Unlisted)
    Text += "; it may be one of those not listed";
  else if (M.MayBeAfter)
    Text += "; the fault is in work enqueued after them";
  if (!M.Externs.empty()) {
    Text += "; unless " + Function.str() +
            " is a library's kernel (cuBLAS, cuDNN, ATen's) run by one of "
            "the window's extern ops: ";
    for (size_t I = 0; I < M.Externs.size(); ++I)
      Text += (I ? "; " : "") + M.Externs[I]->Text;
  }
  return Text;
}

} // namespace

std::string aoti::describeLaunchMatch(const LaunchMatch &M,
                                      StringRef Function) {
  if (M.Candidates.empty())
    return noMatchText(M, Function);
  if (M.Candidates.size() == 1)
    return M.Candidates.front()->Text + " (the only launch of " +
           Function.str() + " in " + windowText(M) + ")";
  std::string Text = std::to_string(M.Candidates.size()) + " launches of " +
                     Function.str() + " in " + windowText(M) +
                     ", which the breadcrumbs cannot tell apart (they record "
                     "no grid): ";
  for (size_t I = 0; I < M.Candidates.size(); ++I)
    Text += (I ? "; " : "") + M.Candidates[I]->Text;
  return Text;
}
