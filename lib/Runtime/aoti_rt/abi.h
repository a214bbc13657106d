//===- aoti_rt/abi.h - What emitter, runtime, kernels share -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one definition of everything that crosses a boundary of the
// instrumentation runtime:
//  - the tables the tool emits into an instrumented wrapper (SiteInfo,
//    TensorRef, Probe, InputGuard, DimRef, Program and their enums), written
//    with designated initializers (lib/Instrument/Rewriter.cpp), so a field
//    renamed or moved here is a compile error in the output, never a silent
//    misreading;
//  - the statistics kernel's parameter and results (detail::StatsDesc,
//    StatsLaunch, Stats, DKind), used by the host runtime and by
//    stats_kernel.cu (nvcc), which includes this file.
// It also says how the runtime is compiled (one TU or two) and in which
// namespace. Plain data and enums only: no code, no library beyond
// <cstdint>, so nvcc's device compiler reads it as the host compiler does.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_ABI_H
#define AOTI_RT_ABI_H

#include <cstdint>

// The AOTI shim's tensor handle (torch/csrc/inductor/aoti_torch/c/macros.h
// declares the same alias).
struct AtenTensorOpaque;
using AtenTensorHandle = AtenTensorOpaque *;

// Whether the runtime is built for a CUDA wrapper (the tool defines it
// before the runtime's text; 0: a CPU wrapper).
#ifndef AOTI_RT_CUDA
#define AOTI_RT_CUDA 0
#endif

// How the runtime is compiled. By default every definition is in the file
// that includes it (an instrumented wrapper built by itself: one TU).
// With AOTI_RT_SEPARATE=1 that file sees only the API and the hot inline
// path, and one other file compiled with AOTI_RT_IMPL=1 as well holds the
// rest: what the tool does when it drives the build (a .pt2 rebuild), the
// runtime's object compiled once and cached. Either way each model's .so
// has its own copy, invisible outside it, so instrumented models share a
// process.
#ifndef AOTI_RT_SEPARATE
#define AOTI_RT_SEPARATE 0
#endif
#ifndef AOTI_RT_IMPL
#define AOTI_RT_IMPL 0
#endif
#define AOTI_RT_DEFINITIONS (!AOTI_RT_SEPARATE || AOTI_RT_IMPL)
#if AOTI_RT_SEPARATE
#define AOTI_RT_NAMESPACE_BEGIN                                                \
  namespace aoti_rt __attribute__((visibility("hidden"))) {
#define AOTI_RT_NAMESPACE_END }
#define AOTI_RT_OUTLINE
#else
#define AOTI_RT_NAMESPACE_BEGIN                                                \
  namespace {                                                                  \
  namespace aoti_rt {
#define AOTI_RT_NAMESPACE_END                                                  \
  }                                                                            \
  }
#define AOTI_RT_OUTLINE inline
#endif

// Cold code: what runs once per run or only when something is reported
// (settings and output, reports, saves, guards, a probe that synchronizes
// anyway) is compiled without optimization when the definitions are in the
// wrapper's own TU: at -O3 its code generation was most of what an
// instrumented wrapper's compile added (docs/benchmarks.md), for no run
// time that matters. The per-launch path (a breadcrumb, a deferred check,
// host statistics loops) keeps the wrapper's flags. The object compiled
// apart (AOTI_RT_SEPARATE) is compiled once: all of it optimized. nvcc's
// front end does not know the GCC pragma (it warns): under nvcc all of it
// is optimized too.
#if !AOTI_RT_SEPARATE && defined(__clang__)
#define AOTI_RT_COLD_BEGIN _Pragma("clang optimize off")
#define AOTI_RT_COLD_END _Pragma("clang optimize on")
#elif !AOTI_RT_SEPARATE && defined(__GNUC__) && !defined(__NVCC__)
#define AOTI_RT_COLD_BEGIN                                                     \
  _Pragma("GCC push_options") _Pragma("GCC optimize(\"O0\")")
#define AOTI_RT_COLD_END _Pragma("GCC pop_options")
#else
#define AOTI_RT_COLD_BEGIN
#define AOTI_RT_COLD_END
#endif

AOTI_RT_NAMESPACE_BEGIN

/// What a launch does with a tensor; a bitmask so Unknown counts as both.
enum Role : uint8_t { kIn = 1, kOut = 2, kInOut = 3, kUnknownRole = 3 };
enum Phase : uint8_t { kBefore = 0, kAfter = 1 };
enum OnFail : uint8_t { kThrow = 0, kAbort = 1, kWarn = 2 };

/// What the watchdog does once a run has made no progress for its deadline
/// (rules `settings: {watchdog: {then: ...}}`, AOTI_INSTRUMENT_WATCHDOG).
enum WatchdogThen : uint8_t {
  kWatchReport = 0,
  kWatchAbort = 1,
  kWatchDump = 2
};
enum PrintLevel : uint8_t {
  kPrintNone = 0,
  kPrintNames =
      1, ///< "[aoti-instrument] run 1 after #3 triton_x (wrapper.cpp:917)"
  kPrintStats = 2, ///< + one line per tensor: dtype shape strides device numel
                   ///< min max mean nan inf
  kPrintValues = 3 ///< + up to Program::max_print_values values per tensor
};
enum CheckBits : uint8_t { kCheckNan = 1, kCheckInf = 2 };

/// One launch site of the wrapper (a row of --list).
struct SiteInfo {
  int ordinal;
  const char *kernel;
  const char *kind;         ///< "triton", "extern", ...
  int line;                 ///< in the original wrapper.cpp
  const char *source_nodes; ///< "linear, relu" (may be "")
  const char *aten_ops;     ///< "aten.addmm, aten.relu" (may be "")
  /// The launch's stream when it is not run_impl's (multi-stream AOTI:
  /// "stream1"); nullptr or "" for run_impl's stream.
  const char *stream;
  /// The subgraph of a `torch.while_loop` or `torch.cond` the launch is in
  /// (`while_loop_body_graph_0`), from the wrapper's `// subgraph:`
  /// comment; nullptr or "" outside one.
  const char *subgraph = nullptr;
};

/// Whether a probe's tensor argument always holds a tensor.
enum class Presence : uint8_t {
  Defined,
  /// A tensor the launch returned (`AtenTensorHandle* retN`: attention's
  /// debug mask and philox state come back undefined) or an optional one:
  /// a probe skips it, saying nothing, when it holds no tensor.
  MaybeUndefined
};

/// A tensor argument of a launch, named as in run_impl.
struct TensorRef {
  const char *name;
  uint8_t role; ///< Role bits
  AtenTensorHandle handle;
  /// A constant of the model that no launch of the wrapper writes (the tool
  /// knows): its bytes are the same for the whole run, so a deferred NaN
  /// check counts it (for "inputs were clean") only when it reports.
  bool stable = false;
  Presence presence = Presence::Defined;
};

/// One element of a captured Triton launch's `kernel_args_` (rules
/// `capture`; docs/capture.md), in order.
struct KernelParam {
  const char *name; ///< the helper's local: "var_0"
  const char *type; ///< its type as declared: "CUdeviceptr", "int32_t"
  uint32_t size;    ///< sizeof that local
  /// Index into KernelLaunch::tensors of the tensor whose data_ptr() it
  /// holds; -1: a scalar, or a pointer that is no tensor's.
  int32_t tensor;
};

/// A Triton launch as its call_ helper makes it, right before launchKernel
/// (rules `capture`).
struct KernelLaunch {
  const char *function;    ///< the kernel's name in its cubin
  const char *cubin_path;  ///< the file loadKernel reads, or null
  const void *cubin_image; ///< the cubin embedded in the .so, or null
  const char *cubin_dir;   ///< the helper's cubin directory, or null
  uint32_t grid[3];
  uint32_t num_warps;
  uint32_t shared_mem; ///< dynamic shared memory, bytes
  void **args;         ///< kernel_args_
  const KernelParam *params;
  int32_t num_params;
  const TensorRef *tensors; ///< the helper's tensor parameters
  int32_t num_tensors;
  void *stream;
};

/// A parameter of a captured extern op's shim function, as its
/// declaration has it (rules `capture`).
struct ShimParam {
  const char *name; ///< "out", "self", "stride", "stride_len_", "ret0"
  const char *type; ///< "AtenTensorHandle", "const int64_t*", "double"
  uint8_t role;     ///< Role bits of a tensor passed there (the tool knows)
  /// The call writes its result through it (`ret0`, the declaration says):
  /// nothing to read before the call.
  bool returned = false;
};

/// How a captured shim argument is recorded: by its C type.
enum ShimArgKind : uint8_t {
  kArgOther = 0, ///< a type the capture does not read (its bytes are lost)
  kArgTensor,    ///< AtenTensorHandle
  kArgTensorPtr, ///< AtenTensorHandle*: optional, a list, or a return
  kArgInt,       ///< int64_t, int32_t
  kArgDouble,    ///< double
  kArgInt64Ptr,  ///< int64_t*: optional, a list, or a return
  kArgInt32Ptr,  ///< int32_t*
  kArgDoublePtr, ///< double*
  kArgString,    ///< const char*
};

/// One argument of a captured shim call, as passed.
struct ShimArg {
  uint8_t kind; ///< ShimArgKind
  int64_t i;
  double d;
  const void *p;
};

/// What to do at one site in one phase (before or after the launch).
struct Probe {
  bool sync;          ///< after: synchronize the stream, check the error
  bool breadcrumb;    ///< after: record the ordinal in stream order
                      ///< (CUDA); before/after: the site being run or
                      ///< last completed, for the CPU crash handler
  uint8_t nan_roles;  ///< roles whose tensors are checked; 0: no check
  uint8_t nan_checks; ///< CheckBits
  OnFail nan_on_fail;
  PrintLevel print;
  uint8_t print_roles; ///< roles whose tensors are printed (stats/values)
  bool save;           ///< write a safetensors file of the tensors
  uint8_t save_roles;
  /// CUDA: count NaN/Inf on the device without a host sync per launch; the
  /// counts are read once, at the end of the run, and the first offending
  /// launch (in launch order) is reported then. Ignored on the CPU.
  bool nan_deferred = false;
  /// CUDA: the print's statistics (kPrintNames, kPrintStats) are taken on
  /// the device without a host sync, and its lines written at the end of
  /// the run, in launch order (those of every launch that completed when a
  /// CUDA error ends the run early). Ignored on the CPU.
  bool print_deferred = false;
  /// after: check the redzones of the buffers this launch writes (CPU: now;
  /// CUDA: in stream order by the runtime's kernel, before the buffer's
  /// next writer, which records the first launch that damaged each zone;
  /// read at the end of the run). Only does something when run_impl's
  /// buffers have redzones (RunScope::buffer).
  bool redzones = false;
  /// With breadcrumb (CUDA): the crumb is written after every Nth launch of
  /// the stream only (0 or 1: after each), one stream operation per N
  /// launches; a report then names the launches since the last crumb that
  /// completed, among which the fault is (rules `breadcrumb: {every: N}`).
  uint8_t crumb_every = 1;
  /// crumb_every is a window's most launches (rules `breadcrumb: {window:
  /// N}`): the crumb is written where crumb_close says (the planner placed
  /// it so that no Triton kernel runs twice in a window), or where the
  /// stream's window reached crumb_every launches at run time.
  bool crumb_window = false;
  bool crumb_close = false;
};

/// What happens to the buffers run_impl allocates (rules `buffers:`), for
/// RunScope::buffer and RunScope::reuse.
struct BufferPolicy {
  uint32_t redzone_bytes; ///< guard bytes before and after; 0: none
  OnFail redzone_on_fail;
  bool poison;         ///< fill new and reused buffers
  uint8_t poison_byte; ///< the fill of non-floating dtypes (floats: NaN)
};

/// The byte redzones are filled with.
constexpr uint8_t kRedzoneCanary = 0xCB;
/// The byte floating-point buffers are poisoned with: 0xFF.. is a NaN in
/// every floating dtype (float64/32/16, bfloat16, both float8 kinds).
constexpr uint8_t kPoisonFloatByte = 0xFF;

/// A constraint on one graph input, checked before any launch.
struct InputGuard {
  int index;              ///< position in input_handles
  const char *name;       ///< arg0_1
  const char *dtype;      ///< "float32", "int64", ... or nullptr
  const char *device;     ///< "cuda", "cpu" or nullptr
  int rank;               ///< -1: any
  const int64_t *dim_min; ///< rank entries, or nullptr; -1: no bound
  const int64_t *dim_max;
  bool contiguous;
  int alignment;        ///< bytes (16), 0: none
  bool has_value_range; ///< integer/float values in [value_min, value_max]
  double value_min;
  double value_max;
  bool finite; ///< no NaN/Inf
  OnFail on_fail;
  /// The user's name of the input ("ids"; "" when the package does not
  /// say) and where the guard is in the rules file ("rules.yaml:12:7").
  const char *exported = "";
  const char *rule = "";
};

/// What one graph input was compiled for (the wrapper's check_input_N, read
/// by lib/Analysis/InputSpecs.cpp), checked before any launch of every
/// observed run (RunScope::checkInputs).
struct CompiledInput {
  int index;            ///< position in input_handles
  const char *name;     ///< the wrapper's name, arg0_1
  const char *exported; ///< the user's name ("ids"), or "" when unknown
  const char *dtype;    ///< "float32", or nullptr: not checked
  int device_type;      ///< c10::DeviceType (0 cpu, 1 cuda); -1: not checked
  /// The number of dims the check reads: exactly (rank_exact) or at least.
  int rank;
  bool rank_exact;
  const int64_t *dim_min; ///< rank entries (inclusive); -1: no bound
  const int64_t *dim_max;
  const int64_t *strides; ///< rank entries; -1: not checked
};

/// `inputs[a].dim(da) == inputs[b].dim(db)` for every pair in a group.
struct DimRef {
  int input;
  int dim;
};

/// Everything about one instrumented wrapper; a static object in it.
struct Program {
  const char *wrapper_file;
  const char *rules_digest;
  const SiteInfo *sites;
  int num_sites;
  const char *disable_env; ///< default "AOTI_INSTRUMENT_DISABLE"
  const char *log_env;     ///< default "AOTI_INSTRUMENT_LOG"
  const char *jsonl_env;   ///< default "AOTI_INSTRUMENT_JSONL"
  const char *jsonl_path;  ///< from the rules file; "" for none
  const char *save_dir;    ///< default "aoti-instrument-saves"
  int first_calls;      ///< observe only the first N calls of run_impl; 0: all
  int every_calls;      ///< observe every Nth call; 0/1: all
  int max_print_values; ///< values printed per tensor at kPrintValues
  /// Deferred counts (NaN counts, statistics) are batched across launches
  /// (deferred.h, PendingBatch), and so are the checks of CUDA buffers'
  /// redzones (buffers.h); the wrapper calls RunScope::beforeWrite before
  /// each launch. Only for programs whose launches all run on run_impl's
  /// stream.
  bool batch_deferred;
  /// What each graph input was compiled for (num_inputs entries, by
  /// position; none when the rules turn the check off) and what a mismatch
  /// does.
  const CompiledInput *inputs = nullptr;
  int num_inputs = 0;
  OnFail inputs_on_fail = kThrow;
  /// Where the inputs are pinned, deferred probes are replayed from the
  /// last run's trace (replay.h; rules `settings: replay_probes`).
  bool replay_probes = true;
  /// The package the wrapper came from and its model there (null: a
  /// wrapper instrumented alone): what a capture's manifest names.
  const char *package = nullptr;
  const char *model = nullptr;
  /// The watchdog (watchdog.h): a run that makes no progress for this many
  /// milliseconds is reported, then `watchdog_then` is done; 0: off unless
  /// AOTI_INSTRUMENT_WATCHDOG says otherwise.
  int watchdog_ms = 0;
  WatchdogThen watchdog_then = kWatchReport;
};

namespace detail {

/// What the runtime and the kernel know of a dtype.
enum DKind : int32_t {
  kDUnknown = 0,
  kDF32 = 1,
  kDF64 = 2,
  kDF16 = 3,
  kDBF16 = 4,
  kDF8E4M3FN = 5,
  kDF8E5M2 = 6,
  kDF8E4M3FNUZ = 7,
  kDF8E5M2FNUZ = 8,
  kDI8 = 9,
  kDI16 = 10,
  kDI32 = 11,
  kDI64 = 12,
  kDU8 = 13,
  kDU16 = 14,
  kDU32 = 15,
  kDU64 = 16,
  kDBool = 17,
  kDC32 = 18,
  kDC64 = 19,
  kDC128 = 20,
};

/// The statistics of one tensor. Floating tensors: min,
/// max, sum over the finite values, count = finite values. Integer tensors:
/// imin/imax exact, count = numel.
struct Stats {
  double min, max, sum;
  int64_t imin, imax;
  uint64_t nan, inf, count;
};
static_assert(sizeof(Stats) == 64, "Stats: layout changed");

/// Dimensions a descriptor holds after coalescing.
constexpr int kMaxKernelDims = 8;

/// What the statistics kernel scans: one tensor.
struct StatsDesc {
  uint64_t data;
  int64_t numel;
  int32_t kind;
  int32_t ndim;
  int32_t flags;  ///< kDescContiguous, kDescIndex32
  int32_t blocks; ///< blocks along x that scan this tensor
  int64_t sizes[kMaxKernelDims];
  int64_t strides[kMaxKernelDims];
};
static_assert(sizeof(StatsDesc) == 160, "StatsDesc: layout changed");

/// StatsDesc::flags: one dim, stride 1, 16-byte aligned data of 2- or
/// 4-byte elements (the kernel reads 16 bytes at a time).
constexpr int32_t kDescContiguous = 1;
/// StatsDesc::flags: numel and every element's offset fit in 31 bits (the
/// kernel's index arithmetic of other layouts is then 32-bit: a 64-bit
/// division is a long software routine on the GPU, per dim per element).
constexpr int32_t kDescIndex32 = 2;

/// The statistics kernel's only parameter (well under the 4 KB limit).
constexpr int kInlineDescs = 16;
struct StatsLaunch {
  const StatsDesc *descs; ///< null: inl[0..n)
  Stats *acc;             ///< n accumulators (device), initial state
  uint32_t *counter;      ///< blocks done (device), 0
  Stats *out;             ///< n results (mapped host or device memory)
  int32_t n;
  int32_t pad;
  StatsDesc inl[kInlineDescs];
};
static_assert(sizeof(StatsLaunch) == 2600, "StatsLaunch: layout changed");

/// What the NaN-count kernel scans: the bytes of a dense floating tensor
/// (its elements fill [data, data + numel * element size) exactly: a
/// contiguous layout or a permutation of one), in any order. Only NaN and
/// Inf are counted, from the bits (no decoding), which is all a NaN check
/// needs: a deferred check of a probe whose tensors are all dense takes
/// this kernel instead of the statistics one.
struct NanDesc {
  uint64_t data;
  int64_t numel;
  int32_t kind;   ///< DKind, a floating one
  int32_t blocks; ///< blocks of the launch's flat grid that scan it
};
static_assert(sizeof(NanDesc) == 24, "NanDesc: layout changed");

/// Bytes of a tensor one block of the NaN-count kernel scans, and the most
/// blocks one tensor takes (a bigger one is scanned in several passes).
constexpr int64_t kNanBlockBytes = 16384;
constexpr int64_t kNanMaxBlocks = 65536;

/// The rules-file item a report of sparse breadcrumbs suggests
/// (cuda_crumbs.h): a breadcrumb after every launch of the listed ordinals
/// (head, "3-6,9", tail), so that a fault among them, when it comes again,
/// is named exactly. The rules reader takes it as one item of `rules:`
/// (unittests/PlannerTest.cpp, TheReportsRuleMakesItsWindowExact).
constexpr char kExactWindowRuleHead[] =
    "{name: exact-window, match: {ordinals: \"";
constexpr char kExactWindowRuleTail[] = "\"}, breadcrumb: true}";

/// The rules-file item a report that names one Triton launch suggests:
/// capture it (docs/capture.md) to replay it alone. The rules reader takes
/// it as one item of `rules:` (unittests/PlannerTest.cpp,
/// TheReportsCaptureRuleCapturesTheLaunch).
constexpr char kCaptureRuleHead[] = "{name: capture-";
constexpr char kCaptureRuleMiddle[] = ", match: {ordinals: \"";
constexpr char kCaptureRuleTail[] = "\"}, capture: true}";

/// The phrases of the report a CUDA error gets from the breadcrumbs
/// (cuda_crumbs.h crumbReport, state.h siteText, probe_text.h), which
/// `aoti-instrument explain --report` reads back
/// (lib/CoreDump/CrumbReport.cpp): a line starts with kReportCudaError, or
/// with kReportDeviceHang (the watchdog's report of a GPU that stopped
/// completing launches, watchdog.h), and each stream's window of launches
/// follows one of the heads, after the line's first "): ".
constexpr char kReportCudaError[] = "[aoti-instrument] CUDA error '";
constexpr char kReportDeviceHang[] =
    "[aoti-instrument] hang: the GPU has not completed a launch for ";
constexpr char kReportFirstIncomplete[] =
    "first launch that did not complete: ";
constexpr char kReportOneOf[] = "one of ";
constexpr char kReportNotKnownCompleted[] =
    "launches not known to have completed: ";
constexpr char kReportAllCompleted[] =
    "every instrumented launch completed, the last was ";
constexpr char kReportAfterLast[] = ": the fault is in work enqueued after it";
constexpr char kReportLastCompleted[] = "; last completed: ";
constexpr char kReportNone[] = "none";
constexpr char kReportPer[] = "one breadcrumb per ";
constexpr char kReportPerTail[] = " launches";
constexpr char kReportWindow[] = "breadcrumbs at most ";
constexpr char kReportWindowTail[] =
    " launches apart, no Triton kernel twice between two";
constexpr char kReportNoneAfter[] =
    ", none after these: the fault may also be in work enqueued after them";
constexpr char kReportMoreHead[] = ", ... (";
constexpr char kReportMoreThrough[] = " more, through ";
constexpr char kReportOtherThreads[] = "in flight on other threads: ";
/// One launch: "#3 kernel (file.wrapper.cpp:120, source nodes [a, b]) in
/// run 1", "#3 (unknown site) in run 1", or one of the two unknowns.
constexpr char kReportSourceNodes[] = ", source nodes [";
constexpr char kReportInRun[] = " in run ";
constexpr char kReportUnknownSite[] = "(unknown site)";
constexpr char kReportTooFarBack[] = "(unknown: too far back)";
constexpr char kReportUnknown[] = "(unknown)";

/// Poison the NaN-count kernel writes after its counts (RunScope::reuse
/// and RunScope::buffer merge their fills into the next batched count
/// launch instead of a memset each): `bytes` bytes of the byte `value` at
/// `data`. The launch's last block writes them once every block has
/// counted, so a fill may cover bytes the same launch counts.
struct FillDesc {
  uint64_t data;
  uint32_t bytes;
  uint32_t value; ///< the byte, in the low 8 bits
};
static_assert(sizeof(FillDesc) == 16, "FillDesc: layout changed");
/// Fills one count launch carries; a merged fill's bytes at most, and a
/// launch's (one block writes them); larger fills are memsets.
constexpr int kNanFills = 8;
constexpr uint32_t kMergedFillBytes = 64u << 10;
constexpr uint32_t kMergedFillLaunchBytes = 256u << 10;

/// The NaN-count kernel's only parameter: 928 bytes, against the
/// statistics kernel's 2,600 (a launch's parameters are copied by the
/// driver on the host, per launch). The results are Stats with nan, inf
/// and count (finite values) set, min/max/sum as statsInit() leaves them.
constexpr int kNanDescs = 32;
struct NanLaunch {
  Stats *acc;        ///< n accumulators (device): nan and inf used, 0
  uint32_t *counter; ///< blocks done (device), 0
  Stats *out;        ///< n results (mapped host or device memory)
  int32_t n;
  int32_t nfills; ///< fills[0, nfills), after the counts
  NanDesc d[kNanDescs];
  FillDesc fills[kNanFills];
};
static_assert(sizeof(NanLaunch) == 928, "NanLaunch: layout changed");

/// A buffer with redzones (RunScope::buffer): `zone` bytes of canary at
/// `start`, the buffer's `bytes`, `zone` bytes of canary. With
/// kZoneAttribute, out[record] is its record and `site` the launch that
/// wrote it last.
struct ZoneDesc {
  uint64_t start;
  uint64_t bytes;
  uint32_t zone;
  int32_t record;
  int32_t site;
  int32_t pad;
};
static_assert(sizeof(ZoneDesc) == 32, "ZoneDesc: layout changed");

/// What the redzone kernel found in one buffer's zones: the first and last
/// damaged byte of each (offsets from the zone's start), -1 when intact;
/// with kZoneAttribute, the ordinal of the first launch after which each
/// zone was found damaged (-1: none yet).
struct ZoneResult {
  int32_t firstBefore, lastBefore, firstAfter, lastAfter;
  int32_t siteBefore, siteAfter;
};
static_assert(sizeof(ZoneResult) == 24, "ZoneResult: layout changed");

/// ZoneLaunch::mode.
enum ZoneMode : uint8_t {
  kZoneCheck = 0,     ///< read the zones into out[0, n)
  kZoneFill = 1,      ///< write the canary into the zones
  kZoneAttribute = 2, ///< a zone found damaged whose record (out[desc's
                      ///< record]) names no launch yet gets its damage and
                      ///< the desc's site: the launch that wrote it last
};

/// The redzone kernel's parameter (ZoneMode says what it does with the
/// zones of descs[0, n)). One block per buffer. descs and out are in memory
/// the device reads and writes (mapped host memory), except that a launch
/// for one buffer passes its descriptor inline.
struct ZoneLaunch {
  const ZoneDesc *descs; ///< null: inl
  ZoneResult *out;
  int32_t n;
  uint8_t canary;
  uint8_t mode; ///< ZoneMode
  uint8_t pad[2];
  ZoneDesc inl;
};
static_assert(sizeof(ZoneLaunch) == 56, "ZoneLaunch: layout changed");

} // namespace detail

AOTI_RT_NAMESPACE_END

#endif // AOTI_RT_ABI_H
