//===- CrumbReport.cpp ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CoreDump/CrumbReport.h"
#include "Runtime/aoti_rt/abi.h"
#include "Support/ToolError.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include <array>

using namespace aoti;
using llvm::StringRef;
namespace rt = aoti_rt::detail;

namespace {

/// Where a window's head is in a report body, and which.
struct Head {
  size_t At = StringRef::npos;
  CrumbWindow::Form Kind = CrumbWindow::Form::FirstIncomplete;
  StringRef Text;
};

/// The window heads of a report body, found left to right: each head's
/// next place is kept, so that a body is searched once per head however
/// many windows it has.
class HeadFinder {
public:
  explicit HeadFinder(StringRef Body) : Body(Body) {
    for (size_t I = 0; I < Heads.size(); ++I)
      Next[I] = Body.find(Heads[I].first);
  }

  /// The first head at or after the start of \p Rest, a suffix of the body.
  Head next(StringRef Rest) {
    const size_t From = Body.size() - Rest.size();
    Head First;
    for (size_t I = 0; I < Heads.size(); ++I) {
      if (Next[I] != StringRef::npos && Next[I] < From)
        Next[I] = Body.find(Heads[I].first, From);
      if (Next[I] != StringRef::npos && Next[I] - From < First.At)
        First = Head{Next[I] - From, Heads[I].second, Heads[I].first};
    }
    return First;
  }

private:
  static constexpr std::array<std::pair<const char *, CrumbWindow::Form>, 3>
      Heads{{
          {rt::kReportFirstIncomplete, CrumbWindow::Form::FirstIncomplete},
          {rt::kReportNotKnownCompleted, CrumbWindow::Form::NotKnownCompleted},
          {rt::kReportAllCompleted, CrumbWindow::Form::AllCompleted},
      }};
  StringRef Body;
  std::array<size_t, 3> Next{};
};

/// Reads one report body (the text after "CUDA error '...'") from left to
/// right; an error names the column of the body where reading stopped.
class WindowParser {
public:
  WindowParser(StringRef Body, unsigned Line) : Body(Body), Rest(Body) {
    Window.Line = Line;
  }

  /// Reads the window at the head \p H (at or after the cursor) and what
  /// follows it; the text before the head names the stream.
  std::optional<std::string> parse(const Head &H, CrumbWindow &Out);
  StringRef rest() const { return Rest; }
  size_t column() const { return Body.size() - Rest.size() + 1; }

private:
  bool expect(StringRef Text, std::string &Error);
  std::optional<std::string> launch(ReportedLaunch &L);
  std::optional<std::string> knownLaunch(ReportedLaunch &L);
  std::optional<std::string> list(std::vector<ReportedLaunch> &Launches);
  std::optional<std::string> every(bool Open);
  void lastCompleted();

  StringRef Body;
  StringRef Rest;
  CrumbWindow Window;
};

bool WindowParser::expect(StringRef Text, std::string &Error) {
  if (Rest.consume_front(Text))
    return true;
  Error = "expected '" + Text.str() + "'";
  return false;
}

/// "name (file:line[, source nodes [a, b]])" after "#N ".
std::optional<std::string> WindowParser::knownLaunch(ReportedLaunch &L) {
  size_t Open = Rest.take_front(MaxReportName + 2).find(" (");
  if (Open == StringRef::npos || Open == 0 || Open > MaxReportName ||
      Rest.take_front(Open).contains(' '))
    return "expected a kernel name and ' ('";
  L.Kernel = Rest.take_front(Open).str();
  Rest = Rest.drop_front(Open + 2);
  StringRef Near = Rest.take_front(MaxReportName + 1);
  size_t Nodes = Near.find(rt::kReportSourceNodes);
  size_t Close = Near.find(')');
  size_t End = std::min(Nodes, Close);
  size_t Colon =
      End > MaxReportName ? StringRef::npos : Rest.take_front(End).rfind(':');
  if (Colon == StringRef::npos ||
      Rest.slice(Colon + 1, End).getAsInteger(10, L.WrapperLine))
    return "expected 'wrapper file:line'";
  L.WrapperFile = Rest.take_front(Colon).str();
  Rest = Rest.drop_front(End);
  if (Rest.consume_front(rt::kReportSourceNodes)) {
    size_t Bracket = Rest.take_front(MaxReportNodes + 1).find(']');
    if (Bracket == StringRef::npos || Bracket > MaxReportNodes)
      return "expected the source nodes' closing ']'";
    L.SourceNodes = Rest.take_front(Bracket).str();
    Rest = Rest.drop_front(Bracket + 1);
  }
  std::string Error;
  return expect(")", Error) ? std::nullopt : std::optional(Error);
}

/// One launch, as cuda_crumbs.h's Describe writes it.
std::optional<std::string> WindowParser::launch(ReportedLaunch &L) {
  StringRef Start = Rest;
  if (Rest.consume_front(rt::kReportTooFarBack) ||
      Rest.consume_front(rt::kReportUnknown)) {
    L.Text = Start.take_front(Start.size() - Rest.size()).str();
    return std::nullopt;
  }
  uint64_t Ordinal = 0;
  if (!Rest.consume_front("#") || Rest.consumeInteger(10, Ordinal) ||
      !Rest.consume_front(" "))
    return "expected a launch ('#N kernel (file:line) in run R')";
  L.Ordinal = Ordinal;
  L.Known = !Rest.consume_front(rt::kReportUnknownSite);
  if (L.Known)
    if (std::optional<std::string> Error = knownLaunch(L))
      return Error;
  int64_t Run = 0;
  if (!Rest.consume_front(rt::kReportInRun) || Rest.consumeInteger(10, Run))
    return "expected ' in run R' after the launch";
  L.Run = Run;
  L.Text = Start.take_front(Start.size() - Rest.size()).str();
  return std::nullopt;
}

/// "A, B, C[, ... (K more, through X)]".
std::optional<std::string>
WindowParser::list(std::vector<ReportedLaunch> &Launches) {
  do {
    if (Launches.size() >= MaxWindowLaunches)
      return "more than " + std::to_string(MaxWindowLaunches) + " launches";
    if (Rest.consume_front(rt::kReportMoreHead)) {
      if (Rest.consumeInteger(10, Window.Unlisted) ||
          !Rest.consume_front(rt::kReportMoreThrough))
        return "expected 'K more, through' a launch";
      Window.Unlisted -= Window.Unlisted > 0;
      ReportedLaunch &Last = Launches.emplace_back();
      if (std::optional<std::string> Error = launch(Last))
        return Error;
      std::string Error;
      return expect(")", Error) ? std::nullopt : std::optional(Error);
    }
    ReportedLaunch &L = Launches.emplace_back();
    if (std::optional<std::string> Error = launch(L))
      return Error;
  } while (Rest.starts_with(", ") &&
           (Rest.starts_with(rt::kReportMoreHead) || Rest.consume_front(", ")));
  return std::nullopt;
}

/// " (one breadcrumb per N launches)" or " (breadcrumbs at most N launches
/// apart, ...)", with ", none after these: ..." before the ')' when
/// \p Open.
std::optional<std::string> WindowParser::every(bool Open) {
  std::string Error;
  if (!expect(" (", Error))
    return Error;
  const bool Windowed = Rest.consume_front(rt::kReportWindow);
  if (!Windowed && !expect(rt::kReportPer, Error))
    return Error;
  if (Rest.consumeInteger(10, Window.Every))
    return "expected the launches per breadcrumb";
  if (!expect(Windowed ? rt::kReportWindowTail : rt::kReportPerTail, Error) ||
      (Open && !expect(rt::kReportNoneAfter, Error)) || !expect(")", Error))
    return Error;
  return std::nullopt;
}

/// "; last completed: none | <launch>" when there; what follows (a rule to
/// add, another stream's report) is left to the caller.
void WindowParser::lastCompleted() {
  if (!Rest.consume_front(rt::kReportLastCompleted) ||
      Rest.consume_front(rt::kReportNone))
    return;
  ReportedLaunch Last;
  StringRef Before = Rest;
  if (launch(Last))
    Rest = Before; // a hint, not a launch: leave it
  else
    Window.LastCompleted = std::move(Last);
}

std::optional<std::string> WindowParser::parse(const Head &H,
                                               CrumbWindow &Out) {
  // The stream's name, after what an earlier window left (a rule to add).
  StringRef Before = Rest.take_front(H.At);
  size_t Semi = Before.rfind("; ");
  if (Semi != StringRef::npos)
    Before = Before.drop_front(Semi + 2);
  Before.consume_front(rt::kReportOtherThreads);
  Window.Stream = Before.trim(" ;:").take_front(MaxReportName).str();
  Window.Kind = H.Kind;
  Rest = Rest.drop_front(H.At + H.Text.size());
  std::optional<std::string> Error;
  if (H.Kind == CrumbWindow::Form::AllCompleted) {
    ReportedLaunch Last;
    if ((Error = launch(Last)))
      return Error;
    Window.LastCompleted = std::move(Last);
    std::string E;
    if (!expect(rt::kReportAfterLast, E))
      return E;
  } else if (H.Kind == CrumbWindow::Form::FirstIncomplete &&
             !Rest.consume_front(rt::kReportOneOf)) {
    if ((Error = launch(Window.Launches.emplace_back())))
      return Error;
    lastCompleted();
  } else {
    if (H.Kind == CrumbWindow::Form::FirstIncomplete)
      Window.Kind = CrumbWindow::Form::OneOf;
    if ((Error = list(Window.Launches)) ||
        (Error = every(Window.Kind == CrumbWindow::Form::NotKnownCompleted)))
      return Error;
    lastCompleted();
  }
  Out = std::move(Window);
  return std::nullopt;
}

llvm::Error badReport(StringRef Location, const llvm::Twine &Why) {
  return makeToolError(ExitCode::BadReport, Location.str(), Why.str(),
                       "--report takes the stderr or the JSON log of a run "
                       "instrumented with breadcrumbs (pinpoint-ima, "
                       "pinpoint-ima-sparse) that hit a CUDA error or whose "
                       "watchdog reported a hang on the GPU");
}

/// The windows of a report's text (from its head on, \p Message).
StringRef reportBody(StringRef Message) {
  // The watchdog's "hang: the GPU has not completed a launch for T
  // (watchdog D, then A): <windows>".
  StringRef Rest = Message;
  if (Rest.consume_front(rt::kReportDeviceHang)) {
    size_t When = Rest.find("): ");
    return When == StringRef::npos ? "" : Rest.drop_front(When + 3);
  }
  // After "CUDA error '<error>' ": "(<when>): <windows>", or a probe's
  // "at or before #N ... in run R; <windows>".
  Rest = Rest.drop_front(StringRef(rt::kReportCudaError).size());
  size_t Quote = Rest.find("' ");
  Rest = Quote == StringRef::npos ? "" : Rest.drop_front(Quote + 2);
  size_t When = Rest.starts_with("(") ? Rest.find("): ") : StringRef::npos;
  return When == StringRef::npos ? Rest : Rest.drop_front(When + 3);
}

/// The windows of report line \p Line (the report's text from
/// "[aoti-instrument] CUDA error '" or "[aoti-instrument] hang: the GPU"
/// on).
llvm::Error parseReportLine(StringRef Path, StringRef Message, unsigned Line,
                            size_t Column, CrumbReport &Report) {
  StringRef Rest = reportBody(Message);
  HeadFinder Heads(Rest);
  while (true) {
    Head H = Heads.next(Rest);
    if (H.At == StringRef::npos)
      return llvm::Error::success();
    if (Report.Windows.size() >= MaxReportWindows)
      return badReport(Path, "more than " + llvm::Twine(MaxReportWindows) +
                                 " crumb reports");
    WindowParser Parser(Rest, Line);
    CrumbWindow Window;
    if (std::optional<std::string> Error = Parser.parse(H, Window))
      return badReport((Path + ":" + llvm::Twine(Line) + ":" +
                        llvm::Twine(Column + Message.size() - Rest.size() +
                                    Parser.column() - 1))
                           .str(),
                       "unreadable crumb report: " + *Error);
    Report.Windows.push_back(std::move(Window));
    Rest = Parser.rest();
  }
}

/// Where a report starts in \p Line: a CUDA error's or a GPU hang's.
size_t reportStart(StringRef Line) {
  return std::min(Line.find(rt::kReportCudaError),
                  Line.find(rt::kReportDeviceHang));
}

/// The report text of one line: from the report's start in a stderr line,
/// or the message of a JSON cuda_error event or device hang event. "" when
/// it has none.
std::string reportText(StringRef Line, size_t &Column) {
  Column = 1;
  if (Line.starts_with("{") &&
      (Line.contains("cuda_error") || Line.contains("\"hang\""))) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Line);
    if (!V) {
      llvm::consumeError(V.takeError());
      return "";
    }
    const llvm::json::Object *O = V->getAsObject();
    std::optional<StringRef> Message =
        O ? O->getString("message") : std::nullopt;
    std::optional<StringRef> Event = O ? O->getString("event") : std::nullopt;
    if (!Message || (Event != "cuda_error" && Event != "hang"))
      return "";
    size_t At = reportStart(*Message);
    return At == StringRef::npos ? "" : Message->drop_front(At).str();
  }
  size_t At = reportStart(Line);
  if (At == StringRef::npos)
    return "";
  Column = At + 1;
  return Line.drop_front(At).str();
}

} // namespace

llvm::Expected<CrumbReport> aoti::parseCrumbReport(StringRef Path,
                                                   StringRef Text) {
  CrumbReport Report;
  unsigned LineNo = 0;
  bool SawError = false;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    if (Line.size() > MaxReportLine)
      continue;
    size_t Column = 1;
    std::string Message = reportText(Line.rtrim('\r'), Column);
    if (Message.empty())
      continue;
    SawError = true;
    if (llvm::Error E = parseReportLine(Path, Message, LineNo, Column, Report))
      return std::move(E);
  }
  if (Report.Windows.empty())
    return badReport(Path, SawError
                               ? "its CUDA errors carry no breadcrumb report "
                                 "(no window of launches)"
                               : "no crumb report in it (no '[aoti-instrument] "
                                 "CUDA error' or 'hang: the GPU' line, no "
                                 "cuda_error or hang event)");
  return Report;
}
