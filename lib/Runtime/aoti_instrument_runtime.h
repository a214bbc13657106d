//===- aoti_instrument_runtime.h - Code the instrumented wrapper calls ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The umbrella of the runtime: its headers by concern, in aoti_rt/, each
// including what it uses (each compiles alone: ctest runtime-header-*).
// aoti-instrument pastes them, made one text at build time
// (cmake/Amalgamate.cmake), into every instrumented wrapper.cpp (after the
// wrapper's own #include), so the output compiles with the wrapper's
// original command and needs nothing else.
//
// Constraints (AOTI's stable ABI): only the AOTI C shim (aoti_torch_*), the
// CUDA runtime/driver API (when AOTI_RT_CUDA is 1) and the C++17 standard
// library (plus POSIX sigaction/write for the fatal-signal handler). No
// libtorch C++ API. Everything has internal linkage (anonymous namespace),
// or hidden visibility when the definitions are compiled apart
// (AOTI_RT_SEPARATE, aoti_rt/abi.h), so two instrumented models in one
// process do not collide.
//
// Environment variables read at run time (names configurable per Program):
//   AOTI_INSTRUMENT_DISABLE=1   all instrumentation off, no rebuild needed
//   AOTI_INSTRUMENT_LOG=FILE    events go to FILE (appended) instead of stderr
//   AOTI_INSTRUMENT_JSONL=FILE  events also go to FILE as JSON lines
//   AOTI_INSTRUMENT_SAVE_DIR=D  where saves go (overrides the rules file)
//   AOTI_INSTRUMENT_WATCHDOG=30[:abort|:dump]  the watchdog (watchdog.h)
//                               for every model, whatever the rules say
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

// What the wrapper calls: RunScope and the tables the tool emits (abi.h).
#include "aoti_rt/run_scope.h"

// RunScope's members, by concern; each header includes what it uses. A
// wrapper built with the definitions apart (AOTI_RT_SEPARATE) sees only
// the API above: none of the headers (<signal.h>, <cuda.h>, ...) below.
#if AOTI_RT_DEFINITIONS
// Bottom up (each after what it uses): not sorted.
// clang-format off
#include "aoti_rt/run_scope_device.h"
#include "aoti_rt/run_scope_batch.h"
#include "aoti_rt/run_scope_replay.h"
#include "aoti_rt/run_scope_deferred.h"
#include "aoti_rt/run_scope_buffers.h"
#include "aoti_rt/run_scope_guards.h"
#include "aoti_rt/run_scope_capture.h"
#include "aoti_rt/run_scope_probe.h"
#include "aoti_rt/run_scope_impl.h"
// clang-format on
#endif

#endif // AOTI_INSTRUMENT_RUNTIME_H
