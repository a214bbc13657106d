#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The census of extern call forms: does every preset keep a model that
calls each op of torch's C shim bit-identical to the original?

The ops come from ops.py (one tiny call each, tried on the CPU and CUDA);
which shim functions exist, and the call form of each (which arguments are
read, written, created by the call, optional, lists, returned scalars), is
the tool's own reading of the shim headers of the torch that runs this
(`aoti-instrument --list-shim-ops=json`), so the table says what the
analysis believes of each op beside what was measured.

    census.py build  --device cpu|cuda --work DIR [--jobs N] [--ops A,B]
    census.py check  --device cpu|cuda --work DIR --out OUT [--presets ...]
    census.py all    (build, then check)
    census.py table  OUT/census.jsonl... [--forms FORMS.json ...] --md FILE
                     [--json FILE]

build: each op of ops.py for the device is first run eagerly (an op the
  device or this build of torch cannot run is recorded with its error) and
  exported alone (likewise); the rest are grouped in catalog order,
  --ops-per-model to a model, and each model is AOT-compiled into
  WORK/<model>/model.pt2 in a subprocess (ops marked `force` made Inductor
  fallbacks first, random ops with fallback_random). A model that does not
  compile is split in two and each half compiled, down to the op that
  fails. What exists is reused: WORK is keyed by the catalog, so the
  default WORK ($AOTI_CACHE_DIR/census/torch-<X.Y.Z>/<device>-<isa>) is a
  cache: a package compiled for AVX-512 dies with SIGILL on an AVX2
  machine, so the CPU's vector ISA is part of the key.
check: for each model, the shim functions its wrapper calls (read from the
  wrapper's text, and compared with the tool's --list: a call the tool
  does not list as a launch is a finding), then every preset instruments
  it (--jobs at a time), then ONE process loads the original and every
  variant and runs each --runs times on the model's inputs (the RNG seeded
  the same before every call): each run's outputs must be bit-identical to
  the original's (an output the original itself does not repeat bit for
  bit, an atomics-based sum, is compared with torch.allclose and said so),
  and each variant's stderr must hold nothing but the tool's own lines.
  One JSON object per event in OUT/census.jsonl (this run's: a file
  before it is replaced).
table: docs/census.md's tables from those events: one row per shim
  function of the device's shim headers: its call form, the op, and
  covered (the model, every preset bit-identical with a clean stderr), or
  failed (what), or why not (the op's error, or ops.py's reason).

Exit status of build/check/all: 1 when a preset broke a model (outputs,
a crash, or noise on stderr), or the tool missed an extern call; 0
otherwise (ops that cannot run here are recorded, not failures).

Environment: AOTI_TOOL (default <repo>/build/bin/aoti-instrument).
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FIDELITY = os.path.join(REPO, "scripts", "e2e", "fidelity.py")
sys.path.insert(0, HERE)

# Concurrent runs of the tool and of fidelity.py (main sets them).
TOOL_SLOTS = RUN_SLOTS = None
PRESETS = ["pinpoint-ima", "pinpoint-ima-sparse", "pinpoint-sync",
           "print-all", "save-kernels", "nan-hunt", "input-guards",
           "catch-oob", "catch-uninit"]
A = None


def log(*a):
    print("[census]", *a, file=sys.stderr, flush=True)


# The events printed as they happen (all of them go to census.jsonl): the
# run's head and what fails, so that a log cut to its first lines (CI's)
# still shows why.
FAILURES = []


def is_failure(kv):
    return kv.get("passed") is False or bool(kv.get("missed"))


def record(**kv):
    kv["t"] = time.strftime("%H:%M:%S")
    line = json.dumps(kv)
    if kv["event"] == "census" or is_failure(kv) or A.verbose:
        print(line, flush=True)
    if is_failure(kv):
        FAILURES.append(line)
    if A.out:
        os.makedirs(A.out, exist_ok=True)
        with open(os.path.join(A.out, "census.jsonl"), "a") as f:
            f.write(line + "\n")


def tool():
    return os.environ.get(
        "AOTI_TOOL", os.path.join(REPO, "build", "bin", "aoti-instrument")).split()


def run(cmd, env=None, timeout=1200):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def tail(text, n=12):
    return "\n".join(text.strip().splitlines()[-n:])


def catalog_key():
    """What a built model depends on: ops.py and how it is compiled."""
    h = hashlib.sha256(COMPILE.encode())
    with open(os.path.join(HERE, "ops.py"), "rb") as fh:
        h.update(fh.read())
    return h.hexdigest()[:12]


def default_work(device):
    import torch
    cache = os.environ.get("AOTI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "aoti-instrument")
    where = device
    if device == "cpu":
        from torch._inductor import cpu_vec_isa
        where = "cpu-" + (str(cpu_vec_isa.pick_vec_isa()) or "novec")
    return os.path.join(cache, "census", "torch-" + torch.__version__.split("+")[0],
                        where)


# ------------------------------------------------------------------ plan

def capability_missing(op):
    """Why this machine cannot run `op` (ops.Op.needs), or None."""
    import torch
    if A.device != "cuda":
        return None
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    for need in op.needs:
        if need.startswith("sm") and cc < int(need[2:]):
            return f"needs {need}, the GPU is sm{cc}"
        if need == "fp8" and cc < 89:
            return f"needs FP8 (sm89+), the GPU is sm{cc}"
    return None


def census_module(entries):
    """A module that runs each entry's call on its inputs (its slice of the
    forward's arguments) and its weights (the module's parameters: what
    freezing folds into constants), and returns every tensor they give."""
    import torch

    class Census(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.weights = torch.nn.ParameterList()
            self.slices = []
            for op, _ in entries:
                ws = op.weights(A.device) if op.weights else []
                first = len(self.weights)
                self.weights.extend(torch.nn.Parameter(w, requires_grad=False)
                                    for w in ws)
                self.slices.append((first, first + len(ws)))

        def forward(self, *xs):
            outs, i = [], 0
            for (op, n), (w0, w1) in zip(entries, self.slices):
                r = op.call(*xs[i:i + n], *[self.weights[k]
                                             for k in range(w0, w1)])
                i += n
                for t in (r if isinstance(r, (tuple, list)) else [r]):
                    if isinstance(t, torch.Tensor):
                        outs.append(t)
            return tuple(outs)
    return Census()


def model_inputs(ops_):
    import torch
    entries, args = [], []
    for op in ops_:
        ins = op.inputs(A.device)
        entries.append((op, len(ins)))
        args += ins
    torch.manual_seed(0)
    return entries, tuple(args)


def try_op(op):
    """(ok, stage, error): the op run eagerly and exported alone."""
    import torch
    if op.why:
        return False, "catalog", op.why
    if A.device not in op.devices:
        return False, "catalog", f"not tried on {A.device}"
    missing = capability_missing(op)
    if missing:
        return False, "hardware", missing
    if not op.force and not op.proxy and not shim_declares(op):
        return False, "shim", (f"this torch's shim declares no "
                               f"{op.shim_function(A.device)}")
    try:
        entries, args = model_inputs([op])
        m = census_module(entries).eval()
        with torch.no_grad():
            m(*args)
    except Exception as e:  # noqa: BLE001 - any error is the op's reason
        return False, "eager", first_line(e)
    try:
        torch.export.export(m, args, strict=False)
    except Exception as e:  # noqa: BLE001
        return False, "export", first_line(e)
    return True, None, None


def shim_declares(op):
    """Whether the running torch's generated shim header for the device
    declares the op's function (an op it does not declare is lowered,
    decomposed or run through the proxy executor; torch 2.11's Inductor
    still calls aoti_torch_cuda__grouped_mm, which its shim lacks, and the
    wrapper does not compile)."""
    import torch
    shim = os.path.join(os.path.dirname(torch.__file__), "include", "torch",
                        "csrc", "inductor", "aoti_torch")
    if not hasattr(shim_declares, "text"):
        shim_declares.text = ""
        for header in (f"generated/c_shim_{A.device}.h",
                       f"c/shim_{A.device}.h", "c/shim.h"):
            if os.path.exists(os.path.join(shim, header)):
                with open(os.path.join(shim, header)) as f:
                    shim_declares.text += f.read()
    return op.shim_function(A.device) + "(" in shim_declares.text


def first_line(e):
    text = str(e).strip() or repr(e)
    return text.splitlines()[0][:300]


def plan():
    """Each op's eager and export check, cached in WORK/plan.json."""
    import ops
    path = os.path.join(A.work, "plan.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    result = []
    for op in ops.OPS:
        ok, stage, error = try_op(op)
        result.append({"op": op.name, "ok": ok, "stage": stage,
                       "error": error})
        if not ok:
            record(event="op-skipped", device=A.device, op=op.name,
                   stage=stage, error=error)
    os.makedirs(A.work, exist_ok=True)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    return result


# ----------------------------------------------------------------- build

COMPILE = r"""
import json, os, sys, torch
sys.path.insert(0, sys.argv[1])
import ops, census
spec = json.loads(sys.argv[2])
census.A = census.parse_args(["build", "--device", spec["device"],
                              "--work", spec["work"]])
by_name = {o.name: o for o in ops.OPS}
chosen = [by_name[n] for n in spec["ops"]]
from torch._inductor import config, decomposition, lowering
config.fallback_random = True
# oneDNN's fused ops (shim_cpu.h) come with freezing: a group of those only.
config.freezing = any(op.freezing for op in chosen)
for op in chosen:
    if op.force:
        o = op.overload()
        lowering.lowerings.pop(o, None)
        decomposition.decompositions.pop(o, None)
        lowering.make_fallback(o, warn=False, override_decomp=True)
entries, args = census.model_inputs(chosen)
m = census.census_module(entries).eval()
d = spec["dir"]
tmp = os.path.join(d, "compiling.pt2")
with torch.no_grad():
    ep = torch.export.export(m, args, strict=False)
    torch._inductor.aoti_compile_and_package(ep, package_path=tmp)
torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
with open(os.path.join(d, "ops.json"), "w") as f:
    json.dump({"ops": spec["ops"], "random": any(o.random for o in chosen)}, f)
os.replace(tmp, os.path.join(d, "model.pt2"))
"""


def compile_group(name, group):
    """AOT-compiles the ops `group` into WORK/name; (ok, error)."""
    d = os.path.join(A.work, name)
    if os.path.exists(os.path.join(d, "model.pt2")):
        # Built by an earlier run: this run's events still say what it holds.
        record(event="built", device=A.device, model=name, ops=group,
               seconds=0, cached=True)
        return True, None
    os.makedirs(d, exist_ok=True)
    spec = {"device": A.device, "work": A.work, "dir": d, "ops": group}
    env = {"TORCHINDUCTOR_CACHE_DIR": os.path.join(A.work, "inductor-cache"),
           "TORCHINDUCTOR_COMPILE_THREADS": str(A.compile_threads)}
    t0 = time.time()
    rc, out, err = run([sys.executable, "-c", COMPILE, HERE, json.dumps(spec)],
                       env, timeout=A.compile_timeout)
    with open(os.path.join(d, "build.log"), "w") as f:
        f.write(out + err)
    ok = rc == 0
    record(event="built" if ok else "build-failed", device=A.device,
           model=name, ops=group, seconds=round(time.time() - t0, 1),
           **({} if ok else {"error": tail(err, 6)}))
    return ok, None if ok else tail(err, 3)


def build_bisect(name, group):
    """Compiles `group`; when it fails, each half on its own, down to the
    ops that fail alone (recorded as not built)."""
    ok, error = compile_group(name, group)
    if ok:
        return [name]
    if len(group) == 1:
        record(event="op-skipped", device=A.device, op=group[0],
               stage="compile", error=error.splitlines()[-1][:300])
        return []
    half = len(group) // 2
    return (build_bisect(name + "a", group[:half]) +
            build_bisect(name + "b", group[half:]))


def groups_to_build():
    """The ops that passed plan(), in catalog order, --ops-per-model to a
    group, the ops compiled with freezing in groups of their own:
    [(model name, ops)]."""
    import ops
    freezing = {o.name for o in ops.OPS if o.freezing}
    ok = [p["op"] for p in plan() if p["ok"]]
    if A.ops:
        wanted = set(A.ops.split(","))
        ok = [o for o in ok if o in wanted]
    groups = []
    for kind in ([o for o in ok if o not in freezing],
                 [o for o in ok if o in freezing]):
        groups += [kind[i:i + A.ops_per_model]
                   for i in range(0, len(kind), A.ops_per_model)]
    return [(f"m{i:02d}", g) for i, g in enumerate(groups)]


# check_model's answer when the original package itself fails to run.
ORIGINAL_FAILED = "original-failed"


def build_and_check(name, group, built, check):
    """Builds `group` (bisected as it must be) and, when `check`, checks
    each model built; a model whose original package fails to run is split
    in two and each half built and checked, down to the op that fails
    alone. True when a preset failed."""
    failed = False
    for model in build_bisect(name, group):
        built.append(model)
        status = check_model(model) if check else False
        if status != ORIGINAL_FAILED:
            failed |= bool(status)
            continue
        with open(os.path.join(A.work, model, "ops.json")) as f:
            ops_ = json.load(f)["ops"]
        if len(ops_) == 1:
            record(event="op-skipped", device=A.device, op=ops_[0],
                   stage="run", error="the original package fails to run")
            continue
        half = len(ops_) // 2
        failed |= build_and_check(model + "a", ops_[:half], built, check)
        failed |= build_and_check(model + "b", ops_[half:], built, check)
    return failed


def run_pipeline(check):
    """Builds every group (--jobs at a time) and, when `check`, checks
    each model as soon as it is built; the models built go to
    WORK/models.json. True when a check failed."""
    built = []
    with cf.ThreadPoolExecutor(A.jobs) as pool:
        failed = any(list(pool.map(
            lambda group: build_and_check(*group, built, check),
            groups_to_build())))
    with open(os.path.join(A.work, "models.json"), "w") as f:
        json.dump(sorted(built), f)
    return failed


# ----------------------------------------------------------------- check

SHIM_CALL = re.compile(r"\b(aoti_torch_(?:cpu|cuda|aten|mps|xpu)_\w+|"
                       r"aoti_torch_proxy_executor_call_function)\s*\(")


def wrapper_text(pt2):
    with zipfile.ZipFile(pt2) as z:
        names = [n for n in z.namelist() if n.endswith("wrapper.cpp")]
        return z.read(names[0]).decode() if names else ""


def called_shim_functions(pt2):
    """The shim op functions the wrapper calls, by its text."""
    return sorted(set(SHIM_CALL.findall(wrapper_text(pt2))))


def listed_externs(pt2):
    """The extern and proxy launches the tool lists (--list=json)."""
    rc, out, err = run(tool() + [pt2, "--list=json"])
    if rc:
        return None, tail(err)
    kernels = set()
    for m in re.finditer(r'"kind":\s*"(extern|proxy)",\s*"kernel":\s*"([^"]+)"',
                         out):
        kernels.add(m.group(2))
    return kernels, None


def instrument(model_dir, preset):
    out = os.path.join(model_dir, preset + ".pt2")
    if os.path.exists(out):
        if A.reuse_variants:
            return preset, True, ""
        os.remove(out)  # made by another build of the tool, maybe
    t0 = time.time()
    with TOOL_SLOTS:
        rc, _, err = run(tool() + [os.path.join(model_dir, "model.pt2"),
                                   "-rules", preset, "-o", out])
    return preset, rc == 0, (tail(err, 1) if rc == 0 else tail(err, 8)), \
        round(time.time() - t0, 1)


def check_model(name):
    d = os.path.join(A.work, name)
    pt2 = os.path.join(d, "model.pt2")
    with open(os.path.join(d, "ops.json")) as f:
        meta = json.load(f)
    if A.wrappers:
        os.makedirs(A.wrappers, exist_ok=True)
        with open(os.path.join(A.wrappers, f"{A.device}-{name}.wrapper.cpp"),
                  "w") as f:
            f.write(wrapper_text(pt2))
    calls = called_shim_functions(pt2)
    with TOOL_SLOTS:
        listed, list_error = listed_externs(pt2)
    missed = sorted(set(calls) - (listed or set()))
    record(event="calls", device=A.device, model=name, ops=meta["ops"],
           calls=calls, listed=sorted(listed or []), missed=missed,
           list_error=list_error)
    failures = bool(missed) or list_error is not None
    with cf.ThreadPoolExecutor(len(A.presets.split(","))) as pool:
        done = list(pool.map(lambda p: instrument(d, p), A.presets.split(",")))
    variants = [("original", pt2)]
    for preset, ok, text, *secs in done:
        record(event="instrumented" if ok else "instrument-failed",
               device=A.device, model=name, preset=preset, summary=text,
               seconds=secs[0] if secs else None)
        if ok:
            variants.append((preset, os.path.join(d, preset + ".pt2")))
        else:
            failures = True
    spec = {"device": A.device, "inputs": os.path.join(d, "inputs.pt"),
            "variants": variants, "runs": A.runs,
            "preload": [os.path.join(HERE, "ops.py")]}  # the custom ops
    # save-kernels writes its safetensors under the current directory: the
    # model's, never the caller's.
    with RUN_SLOTS:
        rc, out, err = run([sys.executable, FIDELITY, json.dumps(spec)],
                           env={"AOTI_INSTRUMENT_SAVE_DIR":
                                os.path.join(d, "saves")},
                           timeout=A.run_timeout)
    lines = [l for l in out.splitlines() if l.startswith("{")]
    if rc or not lines:
        record(event="run-crashed", device=A.device, model=name, rc=rc,
               stderr=tail(err, 30))
        return True
    res = json.loads(lines[-1])
    if "original_failed" in res:
        record(event="original-failed", device=A.device, model=name,
               error=res["original_failed"],
               stderr=tail(res.get("stderr", "")))
        return ORIGINAL_FAILED
    for preset, r in res["variants"].items():
        extra = r.get("noise", [])
        ok = r["ok"] and r.get("identical") and not extra
        failures |= not ok
        record(event="ran", device=A.device, model=name, preset=preset,
               ok=r["ok"], identical=r.get("identical"),
               differing_outputs=r.get("differing_outputs"),
               deviation=r.get("deviation"), error=r.get("error"), noise=extra,
               unstable_outputs=res["unstable_outputs"],
               spread=res.get("spread"), passed=bool(ok))
    return failures


def phase_check():
    path = os.path.join(A.work, "models.json")
    if not os.path.exists(path):
        raise SystemExit(f"no {path}: run the build phase first")
    with open(path) as f:
        models = json.load(f)
    with cf.ThreadPoolExecutor(max(1, A.jobs // 4)) as pool:
        return any(status is True for status in pool.map(check_model, models))


# ----------------------------------------------------------------- table

def read_events(paths):
    events = []
    for p in paths:
        with open(p) as f:
            events += [json.loads(l) for l in f if l.strip()]
    return events


def phase_table():
    import table
    if not A.forms:
        raise SystemExit("table: --forms FILE (aoti-instrument "
                         "--list-shim-ops=json of the same torch) is needed")
    table.main(A, read_events)


def census_info():
    """The census event: what this run is on."""
    import torch
    info = {"torch": torch.__version__.split("+")[0], "build": torch.__version__}
    if A.device == "cuda":
        info["device_name"] = torch.cuda.get_device_name()
        info["capability"] = "sm%d%d" % torch.cuda.get_device_capability()
    else:
        from torch._inductor import cpu_vec_isa
        info["isa"] = str(cpu_vec_isa.pick_vec_isa())
    return info


# ------------------------------------------------------------------ main

def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("phase", choices=["build", "check", "all", "table"])
    p.add_argument("events", nargs="*", help="table: census.jsonl files")
    p.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    p.add_argument("--work", help="models and variants (default: the cache)")
    p.add_argument("--out", help="where census.jsonl goes (default: WORK)")
    p.add_argument("--ops", help="only these ops (comma-separated names)")
    p.add_argument("--ops-per-model", type=int, default=16)
    p.add_argument("--presets", default=",".join(PRESETS))
    p.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    p.add_argument("--compile-threads", type=int, default=2)
    p.add_argument("--verbose", action="store_true",
                   help="print every event (census.jsonl holds them all)")
    p.add_argument("--compile-timeout", type=int, default=1200)
    p.add_argument("--run-timeout", type=int, default=900)
    p.add_argument("--runs", type=int, default=2,
                   help="calls of each variant (the second replays nan-hunt's probes)")
    p.add_argument("--reuse-variants", action="store_true",
                   help="check: keep the instrumented packages a run before "
                   "made (default: instrument again: the tool may have "
                   "changed)")
    p.add_argument("--expect", help="check, all: a census.py table --json "
                   "summary; exit 1 when a function it has covered is not "
                   "covered now")
    p.add_argument("--wrappers", help="check: copy each model's wrapper.cpp "
                   "here (<device>-<model>.wrapper.cpp)")
    p.add_argument("--forms", help="table: aoti-instrument "
                   "--list-shim-ops=json of the torch the events are of")
    p.add_argument("--md", help="table: the Markdown file to write")
    p.add_argument("--title", help="table: the section's title (default: "
                   "the census event's torch, device and ISA)")
    p.add_argument("--json", help="table: the summary JSON to write")
    return p.parse_args(argv)


def main():
    global A
    A = parse_args()
    if A.phase == "table":
        return phase_table()
    A.work = A.work or default_work(A.device)
    A.work = os.path.join(A.work, f"{catalog_key()}-g{A.ops_per_model}")
    A.out = A.out or A.work
    log("work:", A.work)
    os.makedirs(A.out, exist_ok=True)
    open(os.path.join(A.out, "census.jsonl"), "w").close()  # this run's
    record(event="census", device=A.device, phase=A.phase, **census_info())
    global TOOL_SLOTS, RUN_SLOTS
    TOOL_SLOTS = threading.BoundedSemaphore(A.jobs)
    RUN_SLOTS = threading.BoundedSemaphore(max(1, A.jobs // 4))
    if A.phase == "check":
        failed = phase_check()
    else:
        failed = run_pipeline(check=A.phase == "all")
    if A.expect and A.phase != "build":
        failed |= not still_covered(A.expect)
    for line in FAILURES:
        log("failed:", line)
    log(f"{'FAILED' if failed else 'passed'}; every event in "
        f"{os.path.join(A.out, 'census.jsonl')}")
    sys.exit(1 if failed else 0)


def still_covered(expected_path):
    """Whether every shim function the summary at `expected_path` has
    covered on this device is covered by this run's events (A.out's
    census.jsonl: a fresh --out). Prints each one that is not."""
    import table
    import torch
    include = os.path.join(os.path.dirname(torch.__file__), "include")
    rc, out, err = run(tool() + ["--list-shim-ops=json",
                                 f"--torch-include={include}"])
    if rc:
        log("--list-shim-ops failed:", tail(err))
        return False
    now = table.summary_of(json.loads(out), read_events(
        [os.path.join(A.out, "census.jsonl")]), A.device,
        len(A.presets.split(",")))
    with open(expected_path) as f:
        expected = [s for s in json.load(f) if s["device"] == A.device]
    lost = [name for s in expected for name, r in s["functions"].items()
            if r["status"] == "covered" and
            now.get(name, {}).get("status") != "covered"]
    gained = [name for name, r in now.items() if r["status"] == "covered" and
              not any(expected_s["functions"].get(name, {}).get("status") ==
                      "covered" for expected_s in expected)]
    for name in lost:
        log(f"no longer covered: {name}: {now.get(name, {}).get('status')}: "
            f"{now.get(name, {}).get('detail')}")
    for name in gained:
        log(f"covered now, not in {expected_path}: {name}")
    log(f"{sum(r['status'] == 'covered' for r in now.values())} functions "
        f"covered; {len(lost)} of {expected_path}'s lost")
    return not lost


if __name__ == "__main__":
    main()
