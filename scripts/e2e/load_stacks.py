#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where a package load spends its time: prints the main thread's Python
stack every 8 s while torch._inductor.aoti_load_package(PT2) runs, then the
times of `import torch` (with CUDA's start) and of the load. On the GPU
machine (after `source scripts/e2e/device_setup.sh`):

  python3 scripts/e2e/load_stacks.py /tmp/aoti-pt2/llama8_1x16/model.pt2

There it found 43 s of cpu_vec_isa.py check_build (docs/benchmarks.md,
"Side by side"), which is why the GPU scripts put gpu_common.SKIP_ISA_PROBE
before their loads.
"""
import faulthandler
import sys
import time

faulthandler.dump_traceback_later(8, repeat=True, file=sys.stdout)
t0 = time.time()
import torch  # noqa: E402

torch.zeros(1).cuda()
t1 = time.time()
torch._inductor.aoti_load_package(sys.argv[1])
t2 = time.time()
faulthandler.cancel_dump_traceback_later()
print(f"import+cuda {t1 - t0:.1f} s, load {t2 - t1:.1f} s", flush=True)
