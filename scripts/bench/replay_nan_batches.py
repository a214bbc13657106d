#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Replays the batched NaN counts of a nan-hunt-instrumented wrapper.cpp
without a GPU: how many count launches one run makes, and how full they are.

    aoti-instrument wrapper.cpp -rules yaml-rules/nan-hunt.yaml -o nh.cpp
    python3 scripts/bench/replay_nan_batches.py nh.cpp

It follows run_impl's text in order, as the runtime sees it
(lib/Runtime/aoti_rt/deferred.h, NanBatch): every probe adds its outputs
and its inputs not counted yet this run (constants passed as stable are
skipped), a `beforeWrite` guard launches the batch when a tensor it names
is pending, and a probe that would overflow 32 tensors launches it first.
Buffers are tracked by name through `auto bufN = std::move(bufM);  // reuse`
and through a view taken over as a new buffer (`auto bufN = ...
reinterpret_tensor_wrapper(bufM, ...)); bufM.reset();  // reuse`): both are
the same bytes. An approximation: the 16 MiB bound and byte-level overlap
of views are not modelled (a view counts as its base buffer). On the
wrapper of the 8-layer Llama-style decoder (docs/benchmarks.md,
"Launch-bound and GPU-bound") it gives 25 count launches per forward, as
torch.profiler counts on the GPU (`gpu_scenarios.py hostprof`); before views
were followed it gave 8.
"""
import argparse
import re

MAX_TENSORS = 32  # kNanDescs


def replay(lines):
    alias = {}

    def ident(name):
        while name in alias:
            name = alias[name]
        return name

    pending, seen = set(), set()
    sizes, launches, reasons = [], 0, {"write": 0, "full": 0}

    def flush(reason):
        if pending:
            sizes.append(len(pending))
            reasons[reason] += 1
            pending.clear()

    for line in lines:
        m = re.search(r"auto (buf\d+) = std::move\((buf\d+)\);\s*// reuse", line)
        if m:
            alias[m.group(1)] = m.group(2)
            continue
        # A view taken over as a new buffer (`auto bufN = ...
        # reinterpret_tensor_wrapper(bufM, ...)); bufM.reset();  // reuse`):
        # the same bytes.
        m = re.search(r"auto (buf\d+) = .*reinterpret_tensor_wrapper\((buf\d+),",
                      line)
        if m:
            alias[m.group(1)] = m.group(2)
            continue
        m = re.search(r"aoti_rt_w\[\] = \{(.*)\}; aoti_rt_run\.beforeWrite", line)
        if m:
            written = [ident(n) for n in re.findall(r'\{"(\w+)"', m.group(1))]
            if any(w in pending for w in written):
                flush("write")
            seen.difference_update(written)
            continue
        if "aoti_rt_run.beforeWrite(" in line and "nullptr, -1" in line:
            flush("write")
            seen.clear()
            continue
        m = re.search(r"aoti_rt_t\[\] = \{(.*)\};", line)
        if not m:
            continue
        launches += 1
        add = []
        # {"buf3", ::aoti_rt::kOut, buf3[, stable[, ::aoti_rt::Presence::X]]}
        for name, role, stable in re.findall(
                r'\{"(\w+)", ::aoti_rt::(k\w+), \w+(?:, (true|false))?'
                r'(?:, ::aoti_rt::Presence::\w+)?\}', m.group(1)):
            stable = stable == "true"
            i = ident(name)
            if role in ("kOut", "kInOut") or (role == "kIn" and not stable
                                              and i not in seen):
                add.append(i)
        add = [i for i in dict.fromkeys(add) if i not in pending]
        if len(pending) + len(add) > MAX_TENSORS:
            flush("full")
        pending.update(add)
        seen.update(add)
    flush("full")  # the run's end
    return launches, sizes, reasons


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("wrapper", help="a wrapper instrumented with nan-hunt.yaml")
    a = p.parse_args()
    with open(a.wrapper) as f:
        launches, sizes, reasons = replay(f.read().split("\n"))
    if not launches:
        raise SystemExit(f"{a.wrapper}: no probes (not instrumented with a NaN check?)")
    print(f"{launches} probed launches, {len(sizes)} count launches per run "
          f"({reasons['write']} before a write, the rest full or at the end), "
          f"{sum(sizes) / max(1, len(sizes)):.1f} tensors each")


if __name__ == "__main__":
    main()
