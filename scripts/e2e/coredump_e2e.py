#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CUDA core dump's end-to-end runs on the GPU machine: faults with the
dump armed, from .pt2 packages (source scripts/e2e/device_setup.sh first).

    coredump_e2e.py PHASE... --work DIR --out $OUT [--runs 5]

Cases (models.py, each a .pt2 with good and bad inputs):
  llama_gather   a Llama-style decoder whose embeddings pass an unchecked
                 user Triton gather: a row index of 10^8 -> illegal address
                 in gather_rows_kernel
  llama_ids      the same decoder from token ids: an id past the vocabulary
                 -> the device-side assert of Inductor's embedding kernel
  conv_gather    resnet18 with the user gather after layer1: a pixel index
                 of 10^8 -> illegal address in gather_rows_kernel
  conv_channels  resnet18 picking layer1's channels by an index input: a
                 channel of 5000 -> the device-side assert of Inductor's
                 indexing kernel

Phases:
  build    AOT-compiles the cases side by side (one process each), then
           instruments each with pinpoint-ima-sparse and pinpoint-ima
  faults   each case on its bad inputs with the dump armed: the original
           once, pinpoint-ima-sparse --runs times (armed by the environment
           recipe of docs/coredump.md), and once through the Python API
           (load_package(pt2, "pinpoint-ima-sparse", coredump=DIR)): exit
           status, whether our report was printed, the dump; then
           `aoti-instrument explain [DUMP] --report STDERR --package PT2`
           (from the device's assertion lines when the dump is cut short or
           missing): the launch it names against the case's faulting
           kernel; cuda-gdb's view of the first dump as a reference (when
           cuda-gdb is there)
  capture  the capture loop (docs/capture.md), as a user follows it: the rule that the report
           of pinpoint-ima (the IMA, the assert) or catch-oob (a write past
           the end of a buffer that does not fault, models.py's
           user_oob_deep, built too) prints, added to that preset; the same
           run again gives the bundle, replayed alone 3 times (the fault
           must come back each time) and under compute-sanitizer memcheck,
           initcheck and racecheck
  keep     the first sparse dump of each case, gzip'd, into OUT, and the
           asserting kernels' cubins (OUT/cubins-CASE.tgz) (fixtures)
Results: one JSON object per line in OUT/coredump.jsonl; logs in
OUT/coredump-logs.tgz.
"""
import argparse
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as C  # noqa: E402
from gpu_common import SKIP_ISA_PROBE, log, preset, sh, tool  # noqa: E402

# case: (models.py name, the input to break, how, what faults, the kernel)
CASES = {
    "llama_gather": (1, "row", "illegal address", "gather_rows_kernel"),
    "llama_ids": (0, "id", "device-side assert", "embedding"),
    "conv_gather": (1, "row", "illegal address", "gather_rows_kernel"),
    "conv_channels": (1, "channel", "device-side assert", "index"),
}
CUDA_GDB = "/usr/local/cuda/bin/cuda-gdb"
# The environment that arms the dump (docs/coredump.md).
SKIP = ("skip_nonrelocated_elf_images,skip_global_memory,skip_shared_memory,"
        "skip_local_memory")
A = None


def record(**kv):
    kv["t"] = time.strftime("%H:%M:%S")
    line = json.dumps(kv)
    print(line, flush=True)
    with open(os.path.join(A.out, "coredump.jsonl"), "a") as f:
        f.write(line + "\n")


def case_dir(case):
    return os.path.join(A.work, case)


def package(case, variant="original"):
    return os.path.join(case_dir(case), ("model" if variant == "original"
                                         else variant) + ".pt2")


COMPILE = SKIP_ISA_PROBE + r"""
import os, sys, torch
sys.path.insert(0, sys.argv[3])
import models
name, d = sys.argv[1], sys.argv[2]
m, args, dyn = models.build(name, device="cuda")
ep = torch.export.export(m, args, dynamic_shapes=dyn)
torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(d, "compiling.pt2"))
torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
os.replace(os.path.join(d, "compiling.pt2"), os.path.join(d, "model.pt2"))
"""


def bad_inputs(case):
    """WORK/case/bad.pt: the good inputs with one index broken."""
    import torch
    which, what, _, _ = CASES[case]
    x = torch.load(os.path.join(case_dir(case), "inputs.pt"))
    t = x[which].view(-1)
    t[min(7, t.numel() - 1)] = {"row": 10 ** 8, "id": 500000,
                                "channel": 5000}[what]
    path = os.path.join(case_dir(case), "bad.pt")
    torch.save(x, path)
    return path


def phase_build():
    procs = {}
    for case in list(CASES) + (["user_oob_deep"] if A.oob else []):
        os.makedirs(case_dir(case), exist_ok=True)
        if not os.path.exists(package(case)):
            procs[case] = subprocess.Popen(
                [sys.executable, "-c", COMPILE, case, case_dir(case),
                 C.TEST_E2E], stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, text=True)
    for case, p in procs.items():
        out = p.communicate(timeout=900)[0]
        record(event="compiled", case=case, rc=p.returncode,
               tail=out.strip().splitlines()[-3:] if p.returncode else [])
    for case in list(CASES) + ["user_oob_deep"]:
        if not os.path.exists(package(case)):
            continue
        if case in CASES:
            bad_inputs(case)
        for v in (["pinpoint-ima-sparse", "pinpoint-ima"] if case in CASES
                  else ["catch-oob"]):
            if not os.path.exists(package(case, v)):
                p = sh(tool() + [package(case), "-rules", preset(v), "-o",
                                 package(case, v)], check=False)
                record(event="instrumented", case=case, variant=v,
                       rc=p.returncode, summary=p.stderr.strip()[-300:])


RUN = SKIP_ISA_PROBE + r"""
import sys, torch
model = torch._inductor.aoti_load_package(sys.argv[1])
args = [a.cuda() for a in torch.load(sys.argv[2])]
out = model(*args)
torch.cuda.synchronize()
print("COMPLETED")
"""


# The Python API's arming (load_package(..., coredump=DIR)): no variable
# set beforehand; the package instrumented by load_package itself.
RUN_API = SKIP_ISA_PROBE + r"""
import sys, torch, aoti_instrument
model = aoti_instrument.load_package(sys.argv[1], "pinpoint-ima-sparse",
                                     coredump=sys.argv[3])
args = [a.cuda() for a in torch.load(sys.argv[2])]
out = model(*args)
torch.cuda.synchronize()
print("COMPLETED")
"""


def armed_env(core):
    return {"CUDA_ENABLE_COREDUMP_ON_EXCEPTION": "1",
            "CUDA_COREDUMP_GENERATION_FLAGS": SKIP,
            "CUDA_COREDUMP_FILE": core + ".%p"}


def run_armed(case, variant, i):
    """One bad run with the dump armed: (returncode, stderr, dump path)."""
    cores = os.path.join(A.work, "cores")
    os.makedirs(cores, exist_ok=True)
    stem = os.path.join(cores, f"{case}-{variant}-{i}")
    for old in glob.glob(stem + ".*"):
        os.remove(old)
    bad = os.path.join(case_dir(case), "bad.pt")
    if variant == "api":
        shutil.rmtree(stem, ignore_errors=True)
        p = subprocess.run([sys.executable, "-c", RUN_API, package(case), bad,
                            stem], capture_output=True, text=True, timeout=600)
        dumps = glob.glob(os.path.join(stem, "cuda-core.*"))
    else:
        p = subprocess.run([sys.executable, "-c", RUN, package(case, variant),
                            bad], capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, **armed_env(stem)))
        dumps = glob.glob(stem + ".*")
    logs = os.path.join(A.work, "logs")
    os.makedirs(logs, exist_ok=True)
    err = os.path.join(logs, f"{case}-{variant}-{i}.stderr")
    with open(err, "w") as f:
        f.write(p.stderr)
    return p.returncode, p.stderr, (dumps[0] if dumps else None), err


def explain(dump, report, pt2):
    """`aoti-instrument explain [DUMP] --report REPORT --package PT2`: (rc,
    output), or None when the tool has no explain. With no dump (or one the
    driver cut short) explain reads the device-side assertions REPORT holds."""
    p = sh(tool() + ["explain"] + ([dump] if dump else []) +
           ["--report", report, "--package", pt2], check=False)
    if "explain" in p.stderr and "Unknown command" in p.stderr:
        return None
    return p.returncode, p.stdout + p.stderr


def reference(dump):
    if not os.path.exists(CUDA_GDB):
        return None
    p = sh([CUDA_GDB, "-batch", "-ex", f"target cudacore {dump}", "-ex",
            "info cuda kernels", "-ex", "bt 3", "-ex", "info line *$pc"],
           check=False, timeout=120)
    return (p.stdout + p.stderr)[-2500:]


def fault_case(case, variant, runs):
    _, _, fault, kernel = CASES[case]
    named = printed = dumped = 0
    for i in range(runs):
        rc, err, dump, err_path = run_armed(case, variant, i)
        dumped += dump is not None
        report = [l for l in err.splitlines() if "[aoti-instrument]" in l]
        printed += bool(report)
        rec = {"event": "fault-run", "case": case, "variant": variant,
               "run": i, "rc": rc, "dump_bytes": os.path.getsize(dump)
               if dump else None, "report": [l[:600] for l in report[:3]],
               "stderr_tail": err.strip().splitlines()[-3:]}
        if variant != "original":
            # load_package instruments the original in the process: the
            # cubins are the original's.
            ex = explain(dump, err_path, package(
                case, "original" if variant == "api" else variant))
            if ex:
                rec["explain_rc"], out = ex[0], ex[1]
                rec["explain"] = out.strip().splitlines()[:12]
                launch = [l for l in out.splitlines()
                          if l.startswith("launch: #")]
                rec["explain_launch"] = launch[0] if launch else None
                named += bool(ex[0] == 0 and launch and kernel in launch[0]
                              and "the only launch" in launch[0])
        if dump and i == 0:
            rec["cuda_gdb"] = reference(dump)
        record(**rec)
    record(event="fault-summary", case=case, variant=variant, runs=runs,
           dumped=dumped, report_printed=printed, explain_named=named,
           expected_fault=fault, expected_kernel=kernel)


def phase_faults():
    for case in CASES:
        if os.path.exists(package(case, "pinpoint-ima-sparse")):
            for v, runs in [("original", 1), ("pinpoint-ima-sparse", A.runs),
                            ("api", 1)]:
                if v in A.variants.split(","):
                    fault_case(case, v, runs)


CS = "/usr/local/cuda/bin/compute-sanitizer"
# The capture loop (report, capture rule, replay): case -> (the preset whose report names the launch, the
# inputs it runs on, what the replay's failure says).
LOOPS = {"llama_gather": ("pinpoint-ima", "bad.pt", "ILLEGAL_ADDRESS"),
         "conv_channels": ("pinpoint-ima", "bad.pt", "ASSERT"),
         "user_oob_deep": ("catch-oob", "inputs.pt", None)}
RULE = re.compile(r"add to the rules: (\{name: capture-\d+, match: "
                  r"\{ordinals: \"\d+\"\}, capture: true\})")


def run_plain(pt2, inputs, env=None):
    p = subprocess.run([sys.executable, "-c", RUN, pt2, inputs],
                       capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stderr


def replay(bundle, wrap=()):
    p = subprocess.run([*wrap, sys.executable, "-m", "aoti_instrument.replay",
                        bundle], capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def with_rule(text, rule):
    """The rules file TEXT with RULE first in its rules list, which it
    gets when it has none (catch-oob's preset has only buffers:)."""
    if re.search(r"^rules:\s*$", text, re.M):
        return re.sub(r"^rules:\s*$", "rules:\n  - " + rule, text, count=1,
                      flags=re.M)
    return text.rstrip("\n") + "\nrules:\n  - " + rule + "\n"


def capture_loop(case):
    """The report's rule, added to the preset that gave it: the bundle of
    the same run, replayed alone 3 times and under memcheck."""
    preset_name, inputs, expect = LOOPS[case]
    inputs = os.path.join(case_dir(case), inputs)
    _, err = run_plain(package(case, preset_name), inputs)
    m = RULE.search(err)
    rec = {"event": "capture-loop", "case": case, "preset": preset_name,
           "rule": m.group(1) if m else None,
           "report": [l[:500] for l in err.splitlines()
                      if "[aoti-instrument]" in l][:2]}
    if not m:
        return record(**rec)
    with open(preset(preset_name)) as f:
        rules = with_rule(f.read(), m.group(1))
    path = os.path.join(case_dir(case), "capture-rule.yaml")
    with open(path, "w") as f:
        f.write(rules)
    out = package(case, "capture")
    sh(tool() + [package(case), "-rules", path, "-o", out])
    saves = os.path.join(case_dir(case), "saves")
    shutil.rmtree(saves, ignore_errors=True)
    run_plain(out, inputs, {"AOTI_INSTRUMENT_SAVE_DIR": saves})
    bundles = sorted(glob.glob(os.path.join(saves, "session-*", "capture-*")))
    rec["bundles"] = [os.path.basename(b) for b in bundles]
    if bundles:
        runs = [replay(bundles[0]) for _ in range(3)]
        rec["reproduced"] = sum(rc == 1 and expect in o for rc, o in runs) \
            if expect else None
        rec["replay_last_line"] = runs[0][1].strip().splitlines()[-1:]
        if os.path.exists(CS):
            rc, o = replay(bundles[0], [CS, "--tool", "memcheck",
                                        "--print-limit", "3"])
            rec["memcheck"] = [l for l in o.splitlines() if re.search(
                r"Invalid|ERROR SUMMARY|\.py:\d+|Program hit|Assertion", l)
                and "Host Frame" not in l][:6]
            for tool_name in ("initcheck", "racecheck"):
                rc, o = replay(bundles[0], [CS, "--tool", tool_name,
                                            "--print-limit", "3"])
                rec[tool_name] = [l for l in o.splitlines() if re.search(
                    r"ERROR SUMMARY|RACECHECK SUMMARY|Uninitialized|hazard|"
                    r"\.py:\d+|Program hit", l) and "Host Frame" not in l
                    and "Assertion" not in l][:6]
    record(**rec)


def phase_capture():
    for case in LOOPS:
        if os.path.exists(package(case, LOOPS[case][0])):
            capture_loop(case)


def keep_cubins(case):
    """OUT/cubins-CASE.tgz: the package's cubins (test/Inputs/coredump's
    fixtures for asserts: `explain --package` names the one that asserts)."""
    import zipfile
    keep = os.path.join(A.work, "keep", case)
    os.makedirs(keep, exist_ok=True)
    with zipfile.ZipFile(package(case)) as z:
        for n in z.namelist():
            if n.endswith(".cubin"):
                with open(os.path.join(keep, os.path.basename(n)), "wb") as f:
                    f.write(z.read(n))
    subprocess.run(["tar", "czf", os.path.join(A.out, f"cubins-{case}.tgz"),
                    "-C", keep, "."], check=False)


def phase_keep():
    for case in CASES:
        if os.path.exists(package(case)) and "assert" in CASES[case][2]:
            keep_cubins(case)
        dumps = sorted(glob.glob(os.path.join(
            A.work, "cores", f"{case}-pinpoint-ima-sparse-0.*")))
        if dumps:
            with open(dumps[0], "rb") as f, gzip.open(os.path.join(
                    A.out, f"core-{case}.gz"), "wb") as g:
                shutil.copyfileobj(f, g)


def main():
    global A
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("phases", nargs="+",
                   choices=["build", "faults", "capture", "keep"])
    p.add_argument("--work", default="/tmp/aoti-core")
    p.add_argument("--out", default=os.environ.get("OUT", "/tmp/aoti-core-out"))
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--cases", help="comma-separated (default: all)")
    p.add_argument("--oob", action=argparse.BooleanOptionalAction,
                   default=True, help="build: also models.py's user_oob_deep "
                   "(the capture phase's silent out-of-bounds write)")
    p.add_argument("--variants", default="original,pinpoint-ima-sparse,api",
                   help="faults: which runs (comma-separated)")
    A = C.A = p.parse_args()
    if A.cases:
        for c in list(CASES):
            if c not in A.cases.split(","):
                del CASES[c]
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    for ph in A.phases:
        t0 = time.time()
        log("phase", ph)
        globals()["phase_" + ph]()
        record(event="phase-done", phase=ph, seconds=round(time.time() - t0, 1))
    subprocess.run(["tar", "czf", os.path.join(A.out, "coredump-logs.tgz"),
                    "-C", A.work, "logs"], check=False)


if __name__ == "__main__":
    main()
