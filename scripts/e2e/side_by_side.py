#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which tool names which failure, and at what cost per forward
(docs/benchmarks.md, "Side by side"). On the GPU machine, after
`source scripts/e2e/device_setup.sh`:

  python3 scripts/e2e/side_by_side.py --work /tmp/aoti-pt2 --out $OUT \
      [--scenarios ima,assert,...] [--tools ours,memcheck,...]

Scenarios (models of test/e2e/models.py, AOT-compiled with torch's
defaults; each has good inputs and bad ones):
  ima        an unchecked user Triton gather with an index of 10^8
  assert     an embedding lookup with an id past the table: Inductor's
             device-side bounds assert
  oob        a user Triton kernel writing 64 elements past its output's end
             (no fault under the caching allocator)
  uninit     a user Triton kernel accumulating into a fresh torch.empty
  nan-weight a NaN in the first linear's weight
  launch     a user Triton launch with a grid over the device limit (70000
             programs on its second axis): refused, not a fault

Tools:
  ours                the preset for the scenario (pinpoint-ima, catch-oob,
                      catch-uninit, nan-hunt)
  memcheck, initcheck compute-sanitizer, under the caching allocator
  memcheck-nocache,   the same with PYTORCH_NO_CUDA_MEMORY_CACHING=1
  initcheck-nocache
  coredump            CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 (no global, shared
                      or local memory in the dump), read with cuda-gdb
  check-inputs        AOTI_RUNTIME_CHECK_INPUTS=1 on the original package
  printer2            upstream's debug_intermediate_value_printer="2"
                      (regenerated from Python)
  nan-asserts         upstream's nan_asserts=True (regenerated)

Each (scenario, tool) is one process: the package loaded, 2 warm-up and
--forwards timed forwards on the good inputs (the cost: ms per forward,
against the original package's in its own process; where the bug is in the
model, the good inputs meet it too, and a forward whose report throws is
timed all the same), then one forward on the bad inputs. `named` says whether the tool's output names the launch at
fault (its kernel, by the substring listed per scenario, in the tool's
report; for the printer, in its last lines before the failure). One JSON
line per pair in OUT/results.jsonl; `--table` prints the markdown table of
results files.
"""
import argparse
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu_common  # noqa: E402
from gpu_common import log, record, sh  # noqa: E402

CS = "/usr/local/cuda/bin/compute-sanitizer"
CUDA_GDB = "/usr/local/cuda/bin/cuda-gdb"

# scenario -> (models.py model, preset of ours, bad-input maker, substring
# of the launch at fault, as the tools name it)
SCENARIOS = {
    "ima": ("gather_ima", "pinpoint-ima", "gather_bad", "gather"),
    "assert": ("embed", "pinpoint-ima", "embed_bad", "embedding"),
    "oob": ("user_oob", "catch-oob", None, "scale_rows"),
    "uninit": ("user_uninit", "catch-uninit", None, "add_rows"),
    # The weight itself: Inductor lowers the bias-free first linear to an
    # extern mm (aoti_torch_cuda_mm_out), whose output is where NaN appears.
    "nan-weight": ("nan_weight", "nan-hunt", None, "l1_weight"),
    "launch": ("fail_grid", "pinpoint-ima", "rows_70000", "copy_rows"),
}
TOOLS = ["original", "ours", "memcheck", "memcheck-nocache", "initcheck",
         "initcheck-nocache", "coredump", "check-inputs", "printer2",
         "nan-asserts"]
UPSTREAM = {"printer2": {"aot_inductor.debug_intermediate_value_printer": "2"},
            "nan-asserts": {"nan_asserts": True}}

RUN = gpu_common.SKIP_ISA_PROBE + r"""
import json, sys, time, torch
pt2, good, bad, forwards = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
model = torch._inductor.aoti_load_package(pt2)
g = [a.cuda() for a in torch.load(good)]
r = {"good_errors": 0}

def forward(args):
    try:
        model(*args)
    except Exception as e:  # a report that throws (the bug is in the model)
        r["good_errors"] += 1
        r.setdefault("good_error", str(e).strip().splitlines()[0][:300])

for _ in range(2):
    forward(g)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(forwards):
    forward(g)
torch.cuda.synchronize()
r["ms"] = (time.perf_counter() - t0) / forwards * 1e3
print(json.dumps(r), flush=True)
sys.stderr.write("=== bad input ===\n")
sys.stderr.flush()
try:
    out = model(*[a.cuda() for a in torch.load(bad)])
    torch.cuda.synchronize()
    r["bad_ok"] = True
except Exception as e:
    r["bad_ok"] = False
    r["error"] = str(e).strip().splitlines()[0][:300]
print(json.dumps(r), flush=True)
"""


def bad_inputs(kind, pt2, good):
    """The scenario's bad inputs beside its package; None: the good ones
    (the bug is in the model)."""
    import torch
    if kind is None:
        return good
    x = torch.load(good)
    if kind == "gather_bad":
        x[0][7] = 10 ** 8
    elif kind == "embed_bad":
        x[0][0, 3] = 5000
    elif kind == "rows_70000":
        x = [torch.randn(70000, 64)]
    path = os.path.join(os.path.dirname(pt2), f"inputs-{kind}.pt")
    torch.save(x, path)
    return path


def package(scenario, tool):
    model = SCENARIOS[scenario][0]
    if tool in UPSTREAM:
        return gpu_common.compiled(f"{model}-{tool}", model,
                                   configs=UPSTREAM[tool])
    pt2 = gpu_common.compiled(model, model)
    if tool == "ours":
        preset = SCENARIOS[scenario][1]
        return gpu_common.instrument(pt2, gpu_common.preset(preset), preset)
    return pt2


def named_by(tool, text, want):
    """Whether the tool's report names the launch at fault."""
    if tool == "original":
        return want in text
    if tool.startswith(("memcheck", "initcheck")):
        m = re.search(r"ERROR SUMMARY: (\d+) error", text)
        return bool(m and int(m.group(1)) > 0 and want in text)
    if tool == "printer2":
        bad = text.split("=== bad input ===", 1)[-1].splitlines()
        return any(want in l for l in bad[-15:])
    return want in text.split("=== bad input ===", 1)[-1]


def one(scenario, tool):
    model, _, bad_kind, want = SCENARIOS[scenario]
    pt2 = package(scenario, tool)
    base = gpu_common.compiled(model, model)
    good = os.path.join(os.path.dirname(base), "inputs.pt")
    bad = bad_inputs(bad_kind, base, good)
    env, wrap, forwards = {}, [], A.forwards
    report = None
    if tool.startswith(("memcheck", "initcheck")):
        wrap = [CS, "--tool", tool.split("-")[0], "--print-limit", "5"]
        forwards = 3
        if tool.endswith("-nocache"):
            env["PYTORCH_NO_CUDA_MEMORY_CACHING"] = "1"
    elif tool == "coredump":
        report = os.path.join(A.work, "cores", f"{scenario}.core")
        os.makedirs(os.path.dirname(report), exist_ok=True)
        if os.path.exists(report):
            os.remove(report)
        env.update({"CUDA_ENABLE_COREDUMP_ON_EXCEPTION": "1",
                    "CUDA_COREDUMP_FILE": report,
                    "CUDA_COREDUMP_GENERATION_FLAGS":
                        "skip_nonrelocated_elf_images,skip_global_memory,"
                        "skip_shared_memory,skip_local_memory"})
    elif tool == "check-inputs":
        env["AOTI_RUNTIME_CHECK_INPUTS"] = "1"
    t0 = time.time()
    p = sh(wrap + [sys.executable, "-c", RUN, pt2, good, bad, str(forwards)],
           env=env, timeout=900, check=False)
    wall = time.time() - t0
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    r = json.loads(lines[-1]) if lines else {}
    text = p.stdout + p.stderr
    if report and os.path.exists(report):
        g = sh([CUDA_GDB, "-batch", "-ex", f"target cudacore {report}"],
               timeout=300, check=False)
        text += "\n=== bad input ===\n" + g.stdout + g.stderr
        r["core_mb"] = round(os.path.getsize(report) / 2 ** 20, 1)
    failed = not r.get("bad_ok", False)
    record(event="side-by-side", scenario=scenario, tool=tool,
           ms_per_forward=r.get("ms") and round(r["ms"], 3),
           forwards=forwards, wall_s=round(wall, 1), rc=p.returncode,
           failed=failed, error=r.get("error") or r.get("good_error"),
           good_errors=r.get("good_errors"),
           named=named_by(tool, text, want), want=want,
           core_mb=r.get("core_mb"),
           excerpt=[l[:240] for l in text.split("=== bad input ===", 1)[-1]
                    .splitlines() if want in l or "aoti-instrument" in l
                    or "ERROR SUMMARY" in l or "error" in l.lower()][:6])


def failed_check(lines):
    """The tensor whose nan_asserts check failed (it names no kernel)."""
    for l in lines:
        m = re.search(r'aoti_torch_check_inf_and_nan\("([^"]+)"', l)
        if m:
            return m.group(1)
    return None


def table(paths):
    """Rows of the files in order: a later run of a pair replaces an
    earlier one."""
    rows = [json.loads(l) for path in paths for l in open(path)
            if '"side-by-side"' in l]
    base = {r["scenario"]: r["ms_per_forward"] for r in rows
            if r["tool"] == "original"}
    tools = [t for t in TOOLS if any(r["tool"] == t for r in rows)]
    print("| scenario | " + " | ".join(tools) + " |")
    print("| --- |" + " --- |" * len(tools))
    for s in SCENARIOS:
        cells = []
        for t in tools:
            # A later run of the same pair replaces an earlier one.
            r = next((r for r in reversed(rows)
                      if r["scenario"] == s and r["tool"] == t), None)
            if not r:
                cells.append("")
                continue
            x = (f"{r['ms_per_forward'] / base[s]:.1f}x"
                 if r.get("ms_per_forward") and base.get(s) else "?")
            checked = failed_check(r.get("excerpt", []))
            cells.append(("**named**" if r["named"] else
                          f"failed, at the check of `{checked}`" if checked
                          else "failed, unnamed" if r["failed"] else "silent")
                         + f" ({x})")
        print(f"| {s} | " + " | ".join(cells) + " |")


def main():
    global A
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/aoti-pt2")
    p.add_argument("--out", default=os.environ.get("OUT", "/tmp/aoti-pt2-out"))
    p.add_argument("--scenarios", default=",".join(SCENARIOS))
    p.add_argument("--tools", default=",".join(TOOLS))
    p.add_argument("--forwards", type=int, default=20,
                   help="timed forwards on the good inputs (3 under "
                        "compute-sanitizer)")
    p.add_argument("--table", metavar="RESULTS_JSONL", nargs="+",
                   help="print the markdown table of results files (later "
                        "rows replace earlier ones) and exit")
    A = p.parse_args()
    if A.table:
        table(A.table)
        return
    gpu_common.A = A
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    for s in A.scenarios.split(","):
        if s not in SCENARIOS:
            sys.exit(f"unknown scenario {s!r}; known: {', '.join(SCENARIOS)}")
        for t in A.tools.split(","):
            if t not in TOOLS:
                sys.exit(f"unknown tool {t!r}; known: {', '.join(TOOLS)}")
            log("side by side", s, t)
            try:
                one(s, t)
            except Exception as e:  # record, go on with the next pair
                record(event="side-by-side-failed", scenario=s, tool=t,
                       error=str(e)[:2000])


if __name__ == "__main__":
    main()
