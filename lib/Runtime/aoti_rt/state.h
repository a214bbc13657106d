//===- aoti_rt/state.h - Per-Program state and output -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One ProgramState per instrumented wrapper: settings from the environment,
// the sinks (stderr, log, JSONL), site texts, failures and warnings.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_STATE_H
#define AOTI_RT_STATE_H

#include "cuda_api.h"
#include "format.h"
#include "tensor.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
AOTI_RT_COLD_BEGIN
namespace detail {

//--- Per-Program state, output ---------------------------------------------//

struct ProgramState {
  const Program *Prog = nullptr;
  std::atomic<int64_t> Calls{0};
  bool Disabled = false;
  FILE *Log = nullptr;     ///< null: stderr
  FILE *Jsonl = nullptr;   ///< null: none
  FILE *Reports = nullptr; ///< AOTI_INSTRUMENT_REPORTS; null: none
  std::string LogPath, JsonlPath, SaveDir;
  std::mutex SaveMutex;   ///< session directory, manifest
  std::string SessionDir; ///< created on the first save
  bool SaveBroken = false;
  std::atomic<bool> WarnedCapture{false};
  std::atomic<bool> WarnedCrumbs{false};
  std::atomic<bool> WarnedCrumbHostFn{false};
  std::atomic<bool> WarnedBuffers{false};
  std::atomic<bool> WarnedSave{false};
  /// Its sinks are in the fatal-signal handler's table (fatal_signal.h).
  std::atomic<bool> SignalSinks{false};
  bool StatsHost = false; ///< AOTI_INSTRUMENT_STATS_HOST
  /// One process of a distributed job (RANK, LOCAL_RANK as torchrun sets
  /// them; -1: not set): every line, JSON event and session directory says
  /// which one, and on CUDA which device was current.
  int Rank = -1, LocalRank = -1;
};

/// " rank 1 (local 1) cuda:1" for the text prefix, and the matching JSON
/// members; both empty outside a distributed job.
inline void rankTags(const ProgramState &S, std::string &Text,
                     std::string &Json) {
  Text.clear();
  Json.clear();
  if (S.Rank < 0 && S.LocalRank < 0)
    return;
  if (S.Rank >= 0) {
    Text += " rank " + std::to_string(S.Rank);
    Json += "\"rank\":" + std::to_string(S.Rank) + ",";
  }
  if (S.LocalRank >= 0) {
    Text += (S.Rank >= 0 ? " (local " : " local rank ") +
            std::to_string(S.LocalRank) + (S.Rank >= 0 ? ")" : "");
    Json += "\"local_rank\":" + std::to_string(S.LocalRank) + ",";
  }
#if AOTI_RT_CUDA
  int Device = -1;
  if (cudaGetDevice(&Device) == cudaSuccess && Device >= 0) {
    Text += " cuda:" + std::to_string(Device);
    Json += "\"device\":\"cuda:" + std::to_string(Device) + "\",";
  } else {
    cudaGetLastError();
  }
#endif
}

/// \p Json[0, N) (one object) with \p Members ("name":value, each followed
/// by a comma) put first in it.
template <class Sink>
void writeWithMembers(Sink &Out, const char *Json, size_t N,
                      const char *Members) {
  if (!*Members || N == 0 || Json[0] != '{') {
    Out.add(Json, N);
    return;
  }
  Out.add('{');
  Out.add(Members);
  Out.add(Json + 1, N - 1);
}

inline void appendWithMembers(std::string &Out, const std::string &Json,
                              const std::string &Members) {
  StringSink Sink{Out};
  writeWithMembers(Sink, Json.data(), Json.size(), Members.c_str());
}

/// The head of every text line; a line's tags go before its ']'.
constexpr char kLineHead[] = "[aoti-instrument]";

/// \p Line[0, N) with \p Tags (rankTags' text) in its "[aoti-instrument]"
/// head: "[aoti-instrument rank 1 (local 1) cuda:1]".
template <class Sink>
void writeTagged(Sink &Out, const char *Line, size_t N, const char *Tags) {
  const size_t Open = sizeof kLineHead - 2; // the tags go before the ']'
  if (!*Tags || N < Open + 1 ||
      std::memcmp(Line, kLineHead, sizeof kLineHead - 1) != 0) {
    Out.add(Line, N);
    return;
  }
  Out.add(Line, Open);
  Out.add(Tags);
  Out.add(Line + Open, N - Open);
}

inline void appendTagged(std::string &Out, const std::string &Line,
                         const std::string &Tags) {
  StringSink Sink{Out};
  writeTagged(Sink, Line.data(), Line.size(), Tags.c_str());
}

struct Global {
  std::mutex Mutex; ///< states
  std::vector<ProgramState *> States;
  std::mutex OutMutex; ///< whole lines, all sinks
  std::atomic<uint64_t> HostSyncs{0};
  std::atomic<uint64_t> DeviceStatsPasses{0};
  std::atomic<uint64_t> DeviceNanPasses{0};
  std::atomic<uint64_t> DeviceTensorScans{0}; ///< tensors in those passes
  std::atomic<uint64_t> PooledBuffers{0}; ///< redzoned bases from a ZonePool
  /// Deferred probes and guards replayed from a trace (replay.h).
  std::atomic<uint64_t> ReplayedSteps{0};
  std::atomic<bool> WarnedKernels{false}; ///< runtimeKernelsOrWarn
};

inline Global &global() {
  static Global *G = new Global(); // never destroyed: used from atexit
  return *G;
}

inline ProgramState *stateFor(const Program &P) {
  thread_local const Program *CachedProg = nullptr;
  thread_local ProgramState *CachedState = nullptr;
  if (CachedProg == &P)
    return CachedState;
  Global &G = global();
  std::lock_guard<std::mutex> Lock(G.Mutex);
  ProgramState *Found = nullptr;
  for (ProgramState *S : G.States)
    if (S->Prog == &P)
      Found = S;
  if (!Found) {
    Found = new ProgramState();
    Found->Prog = &P;
    const char *Disable =
        std::getenv(orDefault(P.disable_env, "AOTI_INSTRUMENT_DISABLE"));
    Found->Disabled = Disable && std::strcmp(Disable, "0") != 0;
    if (const char *Log =
            std::getenv(orDefault(P.log_env, "AOTI_INSTRUMENT_LOG")))
      if (*Log) {
        Found->LogPath = Log;
        Found->Log = std::fopen(Log, "a");
      }
    const char *Jsonl =
        std::getenv(orDefault(P.jsonl_env, "AOTI_INSTRUMENT_JSONL"));
    Found->JsonlPath = (Jsonl && *Jsonl) ? Jsonl : orDefault(P.jsonl_path, "");
    if (!Found->JsonlPath.empty() && !Found->Disabled)
      Found->Jsonl = std::fopen(Found->JsonlPath.c_str(), "a");
    const char *Reports = std::getenv("AOTI_INSTRUMENT_REPORTS");
    if (Reports && *Reports && !Found->Disabled)
      Found->Reports = std::fopen(Reports, "a");
    const char *SaveDir = std::getenv("AOTI_INSTRUMENT_SAVE_DIR");
    Found->SaveDir = (SaveDir && *SaveDir)
                         ? SaveDir
                         : orDefault(P.save_dir, "aoti-instrument-saves");
    const char *Host = std::getenv("AOTI_INSTRUMENT_STATS_HOST");
    Found->StatsHost = Host && std::strcmp(Host, "0") != 0;
    for (auto [Name, Field] : {std::make_pair("RANK", &Found->Rank),
                               std::make_pair("LOCAL_RANK", &Found->LocalRank)})
      if (const char *V = std::getenv(Name)) {
        char *End = nullptr;
        long N = std::strtol(V, &End, 10);
        if (*V && End && !*End && N >= 0 && N < (1L << 30))
          *Field = static_cast<int>(N);
      }
    G.States.push_back(Found);
  }
  CachedProg = &P;
  CachedState = Found;
  return Found;
}

/// Whether the JSON of an event is a report (what the reports file gets):
/// anything but what a probe observes of a launch that went right.
inline bool isReportJson(const std::string &Json) {
  static const char Head[] = "{\"event\":\"";
  if (Json.compare(0, sizeof Head - 1, Head) != 0)
    return false;
  for (const char *Observed : {"launch\"", "stats\"", "values\"", "saved\""})
    if (Json.compare(sizeof Head - 1, std::strlen(Observed), Observed) == 0)
      return false;
  return true;
}

/// What leads a report's object in the reports file: "pid":P,"tid":T, and
/// the rank tags' members \p TagJson.
template <class Sink>
void writeReportMembers(Sink &Out, long Pid, long Tid, const char *TagJson) {
  Out.add("\"pid\":");
  writeInt(Out, Pid);
  Out.add(",\"tid\":");
  writeInt(Out, Tid);
  Out.add(',');
  Out.add(TagJson);
}

/// Several events written at once (one write and flush per sink): the
/// lines of one probe. Callers build the JSON of observations only when a
/// JSONL file is open (`WantJson`); reports always come with theirs.
/// Each line and object is tagged as it is added: the rank tags (rankTags)
/// in the text's head and first in the JSON; a report's object also says
/// which process and thread (the OS thread id, as Python's
/// threading.get_native_id()) it comes from.
struct EventBuf {
  /// \p Tid: the thread the reports are of (the watchdog reports another
  /// thread's run); 0: this one.
  explicit EventBuf(const ProgramState &S, long Tid = 0)
      : WantJson(S.Jsonl != nullptr), ReportsOpen(S.Reports != nullptr) {
    rankTags(S, TagText, TagJson);
    if (ReportsOpen) {
      StringSink Out{ReportMembers};
      writeReportMembers(Out, static_cast<long>(::getpid()),
                         Tid ? Tid : static_cast<long>(::syscall(SYS_gettid)),
                         TagJson.c_str());
    }
  }
  void add(const std::string &Line, const std::string &Json) {
    appendTagged(Text, Line, TagText);
    Text += '\n';
    if (WantJson && !Json.empty()) {
      appendWithMembers(Jsonl, Json, TagJson);
      Jsonl += '\n';
    }
    if (ReportsOpen && isReportJson(Json)) {
      appendWithMembers(Reports, Json, ReportMembers);
      Reports += '\n';
    }
  }
  bool WantJson;    ///< JSON wanted
  bool ReportsOpen; ///< a reports file is open
  std::string Text, Jsonl, Reports;

private:
  std::string TagText, TagJson, ReportMembers;
};

inline void emit(ProgramState &S, EventBuf &B) {
  if (B.Text.empty() && B.Jsonl.empty())
    return;
  Global &G = global();
  std::lock_guard<std::mutex> Lock(G.OutMutex);
  FILE *Out = S.Log ? S.Log : stderr;
  std::fwrite(B.Text.data(), 1, B.Text.size(), Out);
  std::fflush(Out);
  if (S.Jsonl && !B.Jsonl.empty()) {
    std::fwrite(B.Jsonl.data(), 1, B.Jsonl.size(), S.Jsonl);
    std::fflush(S.Jsonl);
  }
  if (S.Reports && !B.Reports.empty()) {
    std::fwrite(B.Reports.data(), 1, B.Reports.size(), S.Reports);
    std::fflush(S.Reports);
  }
  B.Text.clear();
  B.Jsonl.clear();
  B.Reports.clear();
}

/// One event: a text line (to the log or stderr) and, when JSON lines are
/// on, \p Json (an object) to the JSONL file.
inline void emit(ProgramState &S, const std::string &Line,
                 const std::string &Json, long Tid = 0) {
  EventBuf B(S, Tid);
  B.add(Line, Json);
  emit(S, B);
}

AOTI_RT_COLD_END // every probe
inline const SiteInfo *findSite(const Program &P, int Ordinal) {
  if (!P.sites)
    return nullptr;
  if (Ordinal >= 0 && Ordinal < P.num_sites &&
      P.sites[Ordinal].ordinal == Ordinal)
    return &P.sites[Ordinal];
  for (int I = 0; I < P.num_sites; ++I)
    if (P.sites[I].ordinal == Ordinal)
      return &P.sites[I];
  return nullptr;
}
AOTI_RT_COLD_BEGIN

inline const char *phaseName(Phase Ph) {
  return Ph == kBefore ? "before" : "after";
}

/// "#3 triton_x (wrapper.cpp:917, source nodes [linear, relu])"
template <class Sink>
void writeSiteText(Sink &Out, const Program &P, int Ordinal,
                   const SiteInfo *Site) {
  Out.add('#');
  writeInt(Out, Ordinal);
  Out.add(' ');
  if (!Site) {
    Out.add(kReportUnknownSite);
    return;
  }
  Out.add(orDefault(Site->kernel, "?"));
  Out.add(" (");
  Out.add(baseName(P.wrapper_file));
  Out.add(':');
  writeInt(Out, Site->line);
  if (Site->source_nodes && *Site->source_nodes) {
    Out.add(kReportSourceNodes);
    Out.add(Site->source_nodes);
    Out.add(']');
  }
  Out.add(')');
}

inline std::string siteText(const Program &P, int Ordinal,
                            const SiteInfo *Site) {
  std::string S;
  StringSink Out{S};
  writeSiteText(Out, P, Ordinal, Site);
  return S;
}

/// "; to replay it alone, add to the rules: {name: capture-N, ...}" for a
/// launch a capture can record (a Triton kernel's, an extern op's),
/// nothing for another kind: what a report that names one launch ends
/// with.
template <class Sink>
void writeCaptureHint(Sink &Out, const Program &P, int Ordinal) {
  const SiteInfo *SI = findSite(P, Ordinal);
  const char *Kind = SI ? orDefault(SI->kind, "") : "";
  if (std::strcmp(Kind, "triton") != 0 &&
      std::strcmp(Kind, "user_triton") != 0 && std::strcmp(Kind, "extern") != 0)
    return;
  Out.add("; to replay it alone, add to the rules: ");
  Out.add(kCaptureRuleHead);
  writeInt(Out, Ordinal);
  Out.add(kCaptureRuleMiddle);
  writeInt(Out, Ordinal);
  Out.add(kCaptureRuleTail);
}

inline std::string captureHint(const Program &P, int Ordinal) {
  std::string S;
  StringSink Out{S};
  writeCaptureHint(Out, P, Ordinal);
  return S;
}

/// The fields every site event has in JSON.
inline JsonObj siteJson(const char *Event, const Program &P, int64_t Run,
                        const char *PhaseStr, int Ordinal,
                        const SiteInfo *Site) {
  JsonObj J;
  J.str("event", Event).num("run", Run);
  if (PhaseStr)
    J.str("phase", PhaseStr);
  J.num("ordinal", Ordinal);
  J.str("kernel", Site ? orDefault(Site->kernel, "") : "");
  J.str("kind", Site ? orDefault(Site->kind, "") : "");
  J.str("wrapper", baseName(P.wrapper_file));
  J.num("line", Site ? Site->line : 0);
  J.str("source_nodes", Site ? orDefault(Site->source_nodes, "") : "");
  J.str("aten_ops", Site ? orDefault(Site->aten_ops, "") : "");
  if (Site && Site->stream && *Site->stream)
    J.str("stream", Site->stream);
  return J;
}

[[noreturn]] inline void abortNow() {
  std::fflush(nullptr);
  std::abort();
}

/// While an exception the runtime threw (its report already written)
/// unwinds on this thread: std::uncaught_exceptions() during that unwinding;
/// -1 otherwise. ~RunScope then adds no "run failed" report of its own.
inline int &reportedUnwindDepth() {
  thread_local int Depth = -1;
  return Depth;
}

/// Throws the error whose report was just emitted.
[[noreturn]] inline void throwReported(const std::string &Message) {
  reportedUnwindDepth() = std::uncaught_exceptions() + 1;
  throw std::runtime_error(Message);
}

/// After the event was emitted: throw, abort or go on.
inline void fail(OnFail F, const std::string &Message) {
  if (F == kThrow)
    throwReported(Message);
  if (F == kAbort)
    abortNow();
}

inline void warnOnce(ProgramState &S, std::atomic<bool> &Flag,
                     const std::string &Message, int64_t Run) {
  if (Flag.exchange(true))
    return;
  emit(S,
       "[aoti-instrument] warning: " + Message + " (run " +
           std::to_string(static_cast<long long>(Run)) + ")",
       JsonObj()
           .str("event", "warning")
           .num("run", Run)
           .str("message", Message)
           .done());
}

/// For tests: host syncs, device statistics passes and NaN-count passes
/// made so far, and the tensors those passes scanned.
inline uint64_t hostSyncCount() { return global().HostSyncs.load(); }
inline uint64_t deviceStatsPassCount() {
  return global().DeviceStatsPasses.load();
}
inline uint64_t deviceNanPassCount() { return global().DeviceNanPasses.load(); }
inline uint64_t replayedStepCount() { return global().ReplayedSteps.load(); }
inline uint64_t deviceTensorScanCount() {
  return global().DeviceTensorScans.load();
}
/// Redzoned buffers that took their storage from an earlier run's.
inline uint64_t pooledBufferCount() { return global().PooledBuffers.load(); }

} // namespace detail
AOTI_RT_COLD_END
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_STATE_H
