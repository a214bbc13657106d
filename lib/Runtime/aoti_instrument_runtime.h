//===- aoti_instrument_runtime.h - Code the instrumented wrapper calls ----===//
//
// The umbrella of the runtime: its headers by concern, in aoti_rt/, in the
// order they build on each other. aoti-instrument pastes them, made one text
// at build time (cmake/Amalgamate.cmake), into every instrumented
// wrapper.cpp (after the wrapper's own #include), so the output compiles
// with the wrapper's original command and needs nothing else.
//
// Constraints (AOTI's stable ABI): only the AOTI C shim (aoti_torch_*), the
// CUDA runtime/driver API (when AOTI_RT_CUDA is 1) and the C++17 standard
// library (plus POSIX sigaction/write for the CPU crash handler). No libtorch
// C++ API. Everything has internal linkage (anonymous namespace), or hidden
// visibility when the definitions are compiled apart (AOTI_RT_SEPARATE,
// aoti_rt/abi.h), so two instrumented models in one process do not collide.
//
// Environment variables read at run time (names configurable per Program):
//   AOTI_INSTRUMENT_DISABLE=1   all instrumentation off, no rebuild needed
//   AOTI_INSTRUMENT_LOG=FILE    events go to FILE (appended) instead of stderr
//   AOTI_INSTRUMENT_JSONL=FILE  events also go to FILE as JSON lines
//   AOTI_INSTRUMENT_SAVE_DIR=D  where saves go (overrides the rules file)
//   AOTI_INSTRUMENT_STATS_HOST=1  CUDA statistics by copying to the host
//                               instead of the embedded reduction kernel
//   RANK, LOCAL_RANK            (torchrun's) lines, JSON events and save
//                               sessions say which process and device
//
// lib/Runtime/README.md describes the event formats and the save layout.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_INSTRUMENT_RUNTIME_H
#define AOTI_INSTRUMENT_RUNTIME_H

#include "aoti_rt/run_scope.h"
#include "aoti_rt/format.h"
#include "aoti_rt/dtype.h"
#include "aoti_rt/tensor.h"
#include "aoti_rt/state.h"
#include "aoti_rt/cpu_crash.h"
#include "aoti_rt/cuda_stats.h"
#include "aoti_rt/cuda_crumbs.h"
#include "aoti_rt/items.h"
#include "aoti_rt/safetensors.h"
#include "aoti_rt/probe_text.h"
#include "aoti_rt/nan.h"
#include "aoti_rt/deferred.h"
#include "aoti_rt/buffers.h"
#include "aoti_rt/run_scope_impl.h"
#include "aoti_rt/probe.h"
#include "aoti_rt/guards.h"

#endif // AOTI_INSTRUMENT_RUNTIME_H
