//===- aoti_rt/run_scope_batch.h - RunScope: batched launches ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RunScope::flushBatch: the launch of the counts the run's deferred probes
// batched (deferred.h, deferred_run.h). Below the trace, the deferred probes
// and the buffers, which all flush the batch: when a launch writes what a
// pending count reads (RunScope::flushBatchFor), when a replayed guard
// says so, when a merged fill finds the launch full.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_RUN_SCOPE_BATCH_H
#define AOTI_RT_RUN_SCOPE_BATCH_H

#include "cuda_api.h"
#include "cuda_stats.h"
#include "deferred.h"
#include "deferred_run.h"
#include "run_scope.h"

#include <string>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN

#if !AOTI_RT_CUDA
// CPU checks are never deferred: no batch is ever pending.
AOTI_RT_OUTLINE bool RunScope::flushBatch(std::string &) {
  BatchPending = false;
  return true;
}
#else

/// Launches the batched counts (NanBatch, StatsBatch) and lets their
/// storage go.
AOTI_RT_OUTLINE bool RunScope::flushBatch(std::string &Err) {
  using namespace detail;
  BatchPending = false;
  if (!Deferred ||
      (Deferred->PendingNan.empty() && Deferred->PendingStats.empty()))
    return true;
  DeferredRun &D = *Deferred;
  DeviceGuard Guard(D.Device, currentDevice());
  const RuntimeKernels *Fns = kernels(D.Device, Err);
  bool Ok = Fns != nullptr;
  const cudaStream_t St = static_cast<cudaStream_t>(StreamPtr);
  if (Ok && !D.PendingStats.empty()) {
    StatsLaunch &L = D.PendingStats.Launch;
    Ok = launchStatsDescs(Fns->StatsFn, D.Area, L, mostBlocks(L.inl, L.n), St,
                          Err);
  }
  if (Ok && !D.PendingNan.empty())
    Ok = launchNanDescs(Fns->NanFn, D.Area, D.PendingNan.Launch, St, Err);
  // On failure, the slots stay pending: "not counted".
  D.PendingNan.clear();
  D.PendingStats.clear();
  return Ok;
}

#endif // AOTI_RT_CUDA

AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_RUN_SCOPE_BATCH_H
