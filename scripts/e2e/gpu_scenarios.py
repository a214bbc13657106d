#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The GPU scenarios of docs/gpu-results.md and the overheads of
docs/benchmarks.md, on the GPU machine (source scripts/e2e/device_setup.sh
first: it installs the carried wheel and sets AOTI_TOOL).

    gpu_scenarios.py PART... [--build pt2|cmake] --work DIR --out $OUT

How each model is built (--build):
  pt2    (the default) .pt2 packages, as users ship them: AOT-compiled with
         torch's default settings (aoti_compile_and_package); every variant
         made by `aoti-instrument model.pt2 -rules R -o variant.pt2` and
         loaded, as the original package is, with
         torch._inductor.aoti_load_package. The uninstrumented package is
         `original` in the results. --work defaults to /tmp/aoti-pt2.
  cmake  AOTI's package_cpp_only output built from its own CMakeLists.txt
         through test/e2e/harness.py, every variant instrumented by the
         CMake step cmake/AOTIInstrument.cmake, run with
         AOTIModelContainerRunnerCuda. The uninstrumented build is `plain`
         in the results. --work defaults to /tmp/aoti-gpu.

Parts (each idempotent: what exists in --work is reused). With either build:
  ima       a user Triton gather without bounds check, run with a bad index
            (--ima-runs runs each): the original, pinpoint-ima and
            pinpoint-ima-sparse, then pinpoint-ima-sparse with the rule its
            report gives (the faulting launch named alone); a value guard
            that refuses the bad index before any launch, the same loaded
            model then running the good one; with --ima-sanitizer (on by
            default with --build cmake), compute-sanitizer memcheck's time
            to report beside the original's and pinpoint-ima's
  nan       NaN provenance with nan-hunt on a NaN-making model
  saves     a kernel's inputs saved before launch vs eager tensors
  fidelity  12-layer transformer (dynamic shapes) in fp32 and bf16: every
            observation-only preset bit-identical to the original (nan-hunt
            on bf16 with on_fail: warn); batched print-all statistics print
            what one launch per probe prints
  nanwarn   a NaN check with on_fail: warn on the bf16 transformer: every
            NaN-making launch reported, the outputs bit-identical
  oob       a write past the end of a buffer run_impl reuses and one before
            the start of a buffer, each in a user Triton kernel deep in a
            model: catch-oob names the one launch
  failures  failures that are not faults, chosen at run time (a launch
            with a grid over the device limit, an out-of-memory, AOTI's
            input check), with the original and pinpoint-ima, nan-hunt,
            print-all: each report must say where the run was
  bench     latency per forward of the 12-layer transformer, fp32, 8 x 256
            tokens, each build timed its own way (docs/benchmarks.md holds
            numbers of both):
            pt2: the original and every variant loaded in ONE process and
            timed round-robin (--rounds rounds of --iters forwards each;
            medians and spread); plus the tool's own time to instrument
            the package
            cmake: one process per mode (harness.py run --iters): plain,
            each preset, a rule matching nothing, CUDA_LAUNCH_BLOCKING and
            PYTORCH_NO_CUDA_MEMORY_CACHING, upstream's printer 2/3 and
            nan_asserts, compute-sanitizer; and the wrapper's host compile
            time
From .pt2 packages only (refused with --build cmake):
  inputs    wrong inputs to a CUDA package (a CPU tensor, float16, a batch
            out of the compiled range, a non-contiguous tensor, a keyword
            input of the wrong size): the original package, and
            pinpoint-ima, nan-hunt, print-all, which must each name the
            input as the cause before any launch
  buffers   memory bugs that do not fault, each in a user Triton kernel
            between Inductor kernels (models.py UserBugs): a write past its
            output's end (catch-oob.yaml) and an accumulation into a fresh
            torch.empty (catch-uninit.yaml); the original package (silent?
            outputs vs eager) and the preset (what it names); then
            catch-oob and catch-uninit on the 12-layer transformer: outputs
            bit-identical, and their cost beside the original in one process
  decode    launch-bound: a Llama-style decoder (transformers'
            LlamaForCausalLM from a small config, 8 layers, random weights,
            fp32, batch 1 x 16 tokens, logits only), the original and
            pinpoint-ima, pinpoint-ima-sparse, nan-hunt, print-all loaded in ONE
            process and timed round-robin like `bench`, with nan-hunt
            without batching too (--all-variants: also pinpoint-sync and
            print-all without defer), twice (--loops): forwards back to
            back, and as decode steps (each output read on the host before
            the next forward); its wrapper.cpp kept in OUT
  buildtime scripts/bench/bench_pt2.py on the 12-layer transformer's
            package: instrumenting it vs compiling its wrapper
  serve     concurrent serving: scripts/e2e/serve_threads.cpp drives the
            gather_ima container (4 model instances, 4 threads, 4 streams,
            one bad index), the original, pinpoint-ima and
            pinpoint-ima-sparse, 20 processes
            each: no deadlock, the bad thread's launch named
  profile   torch.profiler of the presets on the decoder and the transformer:
            kernels and GPU busy time per forward, the top CPU-side calls
  hostprof  where each preset's host time goes on the decoder: each
            variant alone in a process under scripts/bench/hostprof.cpp (a
            sampling profiler: perf and gdb are not on the GPU machine),
            --hostprof-forwards back-to-back forwards; self and inclusive
            microseconds per forward per function in OUT/hostprof-*.txt
  ranks     one process per GPU (2 GPUs): RANK/LOCAL_RANK set as torchrun
            sets them, the nan_weight package with a NaN check, JSON lines
            and saves; every line, event and save session names its rank
            and device
  api       the GPU scenarios through the Python API of the installed wheel
            (aoti_instrument.load_package(pt2, preset)), each in its own
            process: nan-hunt raises ReportError naming the kernel that
            makes the NaN; pinpoint-ima and pinpoint-ima-sparse raise it
            naming the faulting user Triton launch (a bad index: the call
            that notices the fault raises); every observation preset gives
            outputs bit-identical to the original on the 12-layer
            transformer; a second load_package is served from the cache
Both builds side by side, whatever --build says:
  cpponly   why the package_cpp_only (CMake) build of the bf16 transformer
            differs from its .pt2: outputs of both, the first kernel whose
            saved tensors differ, and both wrappers kept in OUT for a diff
Results: one JSON object per line in OUT/results.jsonl; the runs' logs in
OUT/logs.tar.gz.
"""
import argparse
import concurrent.futures as cf
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as C  # noqa: E402
from gpu_common import (HERE, REPO, SKIP_ISA_PROBE, TEST_E2E,  # noqa: E402
                        build_hostprof, compiled, hostprof_variant,
                        instrument, log, preset, record, sh, tool)

HARNESS = [sys.executable, os.path.join(TEST_E2E, "harness.py")]
# The presets that only observe: outputs bit-identical to the original.
OBSERVATION = ["pinpoint-ima", "pinpoint-sync", "print-all", "nan-hunt",
               "save-kernels"]
# The parts, by the builds they run on.
BOTH = ["ima", "nan", "saves", "fidelity", "nanwarn", "oob", "failures",
        "bench"]
PT2_ONLY = ["capture", "replays", "capture_cost", "inputs", "buffers", "decode", "buildtime", "serve", "profile",
            "hostprof", "ranks", "api"]
SIDE_BY_SIDE = ["cpponly"]
WORK = {"pt2": "/tmp/aoti-pt2", "cmake": "/tmp/aoti-gpu"}
OUT = {"pt2": "/tmp/aoti-pt2-out", "cmake": "/tmp/aoti-gpu-out"}
# fidelity's presets unless --fidelity-presets says.
FIDELITY = {"pt2": OBSERVATION, "cmake": OBSERVATION + ["input-guards"]}
A = None  # the parsed arguments (gpu_common.A too)
B = None  # Pt2Case or CmakeCase, as --build says


# ------------------------------------------------------------- helpers


def same(a, b):
    """Whether two torch.save'd lists of tensors are bit-identical."""
    import torch
    x, y = torch.load(a), torch.load(b)
    return len(x) == len(y) and all(
        p.shape == q.shape and p.dtype == q.dtype and
        torch.equal(p.view(torch.uint8), q.view(torch.uint8)) for p, q in zip(x, y))


def identical(r, ref):
    """Whether run r's outputs are bit-identical to the run ref's."""
    return bool(r["ok"] and ref["ok"] and same(r["outputs"], ref["outputs"]))


def lines_with(text, *words, n=4):
    return [l[:240] for l in text.splitlines() if any(w in l for w in words)][:n]


def excerpt(text, pattern, n=3):
    return [l for l in text.splitlines() if re.search(pattern, l)][:n]


def write_rules(name, text):
    """WORK/name.yaml holding text; its path."""
    path = os.path.join(A.work, name + ".yaml")
    with open(path, "w") as f:
        f.write(text)
    return path


def save_log(name, text):
    """WORK/logs/name.log (OUT/logs.tar.gz at the end)."""
    os.makedirs(os.path.join(A.work, "logs"), exist_ok=True)
    with open(os.path.join(A.work, "logs", name + ".log"), "w") as f:
        f.write(text)


def fresh_log(name):
    """A log path in the work dir, emptied: the runtime appends to its log,
    and the logs of earlier calls on a warm machine must not be compared."""
    path = os.path.join(A.work, name)
    if os.path.exists(path):
        os.remove(path)
    return path


def count_lines(path):
    return sum(1 for _ in open(path)) if os.path.exists(path) else 0


# ---------------------------------------------------- the two builds

RUN = SKIP_ISA_PROBE + r"""
import json, sys, time, torch
pt2, inputs, outputs, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
model = torch._inductor.aoti_load_package(pt2)
args = [a.cuda() for a in torch.load(inputs)]
r = {"ok": True}
try:
    for _ in range(runs):
        out = model(*args)
    torch.cuda.synchronize()
    out = [out] if isinstance(out, torch.Tensor) else list(out)
    torch.save([o.cpu() for o in out], outputs)
except Exception as e:
    r = {"ok": False, "error": str(e).strip().splitlines()[0][:300]}
print(json.dumps(r))
"""


def run_package(pt2, inputs, tag, env=None, wrap=None):
    """pt2 loaded in a fresh process (under `wrap`, a command prefix, if
    any) and called once on inputs: {ok, error, stderr, outputs (a
    torch.save'd list beside pt2, out-TAG.pt), seconds (the process)}."""
    out = os.path.join(os.path.dirname(pt2), f"out-{tag}.pt")
    t0 = time.time()
    p = sh((wrap or []) + [sys.executable, "-c", RUN, pt2, inputs, out, "1"],
           env=env, check=False, timeout=900)
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    r = json.loads(lines[-1]) if lines else {"ok": False, "error": "crashed"}
    r["stderr"] = p.stderr
    r["outputs"] = out if r["ok"] else None
    r["seconds"] = time.time() - t0
    return r


class Pt2Case:
    """A models.py model as a .pt2 package, WORK/NAME/model.pt2 (with
    inputs.pt and eager.pt); each variant WORK/NAME/VARIANT.pt2."""
    ORIGINAL = "original"
    PARALLEL = 1  # compiled in this process: one at a time

    def __init__(self, name, model, dtype="fp32", dynamic=False, configs=None):
        self.name = name
        self.pt2 = compiled(name, model, dtype=dtype, dynamic=dynamic,
                            configs=configs)
        self.dir = os.path.dirname(self.pt2)
        self.inputs = os.path.join(self.dir, "inputs.pt")
        self.paths = {self.ORIGINAL: self.pt2}

    @staticmethod
    def make(jobs):
        """Each (case, name, rules) instrumented, one after the other (a
        name of None: the original, nothing to make)."""
        for case, name, rules in jobs:
            if name:
                case.paths[name] = instrument(case.pt2, rules, name)

    def variants(self, named):
        self.make([(self, name, rules) for name, rules in named])

    def path(self, variant=None):
        return self.paths[variant or self.ORIGINAL]

    def sites(self):
        inv = json.loads(sh(tool() + [self.pt2, "--list=json"]).stdout)
        return inv["models"][0]["inventory"]["sites"]

    def loader(self, variant=None):
        """Python that defines call(args) on the variant (after `import
        torch`)."""
        return SKIP_ISA_PROBE + (
            "model = torch._inductor.aoti_load_package("
            f"{self.path(variant)!r})\n"
            "def call(args):\n    return model(*args)\n")

    def run(self, variant=None, inputs=None, tag=None, env=None, wrap=None):
        return run_package(self.path(variant), inputs or self.inputs,
                           tag or variant or self.ORIGINAL, env=env, wrap=wrap)


class CmakeCase:
    """A models.py model as AOTI's package_cpp_only output (harness.py
    compile: WORK/NAME/pkg, inputs.pt, eager.pt), built with its own
    CMakeLists.txt into WORK/NAME/variants/VARIANT/build/libaoti_model.so,
    each variant through the CMake step cmake/AOTIInstrument.cmake."""
    ORIGINAL = "plain"
    PARALLEL = 4  # compiled by harness.py processes

    def __init__(self, name, model, dtype="fp32", dynamic=False, configs=None):
        self.name = name
        self.dir = os.path.join(A.work, name)
        self.inputs = os.path.join(self.dir, "inputs.pt")
        if not os.path.exists(os.path.join(self.dir, "case.json")):
            cmd = HARNESS + ["compile", "--out", self.dir, "--model", model,
                             "--device", "cuda", "--dtype", dtype]
            if dynamic:
                cmd.append("--dynamic")
            for k, v in (configs or {}).items():
                cmd += ["--config", f"{k}={v!r}"]
            sh(cmd, timeout=900)

    @staticmethod
    def make(jobs):
        """Each (case, name, rules) built, and the plain build of each case
        (a name of None: only that), 8 at a time."""
        plain = {case.dir: (case, None, None) for case, _, _ in jobs}
        with cf.ThreadPoolExecutor(8) as ex:
            list(ex.map(lambda j: j[0].build(j[1], j[2]),
                        list(plain.values()) + [j for j in jobs if j[1]]))

    def variants(self, named):
        self.make([(self, name, rules) for name, rules in named])

    def build(self, variant=None, rules=None):
        so = os.path.join(self.dir, "variants", variant or "plain", "build",
                          "libaoti_model.so")
        if not os.path.exists(so):
            cmd = HARNESS + ["build", "--dir", self.dir]
            if variant:
                cmd += ["--variant", variant]
            if rules:
                cmd += ["--rules", rules]
            t0 = time.time()
            sh(cmd, timeout=900)
            record(event="built", case=self.name, variant=variant or "plain",
                   seconds=round(time.time() - t0, 1))
        return so

    def wrapper(self):
        import harness
        return harness.wrapper_path(self.dir)

    def sites(self):
        return json.loads(sh(tool() + [self.wrapper(), "--list=json"]).stdout)[
            "sites"]

    def loader(self, variant=None):
        """Python that defines call(args) on the variant (after `import
        torch`)."""
        return (f"runner = torch._C._aoti.AOTIModelContainerRunnerCuda("
                f"{self.build(variant)!r}, 1, 'cuda', "
                f"{os.path.dirname(self.wrapper())!r})\n"
                "def call(args):\n    return runner.run(args)\n")

    def run(self, variant=None, inputs=None, tag=None, env=None, wrap=None,
            iters=0):
        """harness.py run in a fresh process (under `wrap`, a command prefix,
        if any): its result ({ok, error, ms_per_forward with iters, ...})
        with stderr, outputs (WORK/NAME/outputs-VARIANT.pt) and seconds (the
        process). `tag` is pt2's: the outputs are named by the variant."""
        if not variant:
            self.build()
        cmd = HARNESS + ["run", "--dir", self.dir]
        if variant:
            cmd += ["--variant", variant]
        if inputs:
            cmd += ["--inputs", inputs]
        if iters:
            cmd += ["--iters", str(iters)]
        t0 = time.time()
        p = sh((wrap or []) + cmd, env=env, check=False, timeout=900)
        last = [l for l in p.stdout.splitlines() if l.startswith("{")]
        r = json.loads(last[-1]) if last else {"ok": False, "error": "no result"}
        r["stderr"] = p.stderr
        r["outputs"] = os.path.join(
            self.dir, f"outputs-{variant or 'plain'}.pt") if r["ok"] else None
        r["seconds"] = time.time() - t0
        return r


def model_cases(specs):
    """A case of the chosen build for each (name, model, options), in
    order; the CMake ones compiled side by side, the packages one after the
    other in this thread."""
    def make(s):
        return B(*s[:2], **(s[2] if len(s) > 2 else {}))
    if B.PARALLEL == 1:
        return [make(s) for s in specs]
    with cf.ThreadPoolExecutor(B.PARALLEL) as ex:
        return list(ex.map(make, specs))


def model_case(name, model, **opts):
    return B(name, model, **opts)


def original_or(case, name):
    """The variant argument of case.run for a variant's name in records."""
    return None if name == case.ORIGINAL else name


# ------------------------------------------- parts with either build

# Put after `import sys, torch` and a case's loader (call(args)): the bad
# inputs refused before any launch, then the good ones in the same process,
# against the original's outputs. argv: bad, good, the original's outputs.
GUARD = r"""
def outputs(out):
    return [out] if isinstance(out, torch.Tensor) else list(out)
bad = [x.cuda() for x in torch.load(sys.argv[1])]
good = [x.cuda() for x in torch.load(sys.argv[2])]
try:
    call(bad)
    print('GUARD-MISSED')
except Exception:
    print('GUARD-REFUSED')
out = outputs(call(good))
torch.cuda.synchronize()
ref = torch.load(sys.argv[3]) if sys.argv[3] else None
print('AFTER-OK', ref is not None and len(ref) == len(out) and all(
    o.dtype == r.dtype and o.shape == r.shape and
    torch.equal(o.cpu().view(torch.uint8), r.view(torch.uint8))
    for o, r in zip(out, ref)))
"""

CS = "/usr/local/cuda/bin/compute-sanitizer"


def part_ima():
    import torch
    case = model_case("gather_ima", "gather_ima")
    good = case.inputs
    bad = os.path.join(case.dir, "bad-inputs.pt")
    x = torch.load(good)
    x[0][7] = 10 ** 8            # row 10^8 of a 1000-row table
    torch.save(x, bad)
    sites = case.sites()
    record(event="ima-sites", sites=[(s["ordinal"], s["kind"], s["kernel"])
                                     for s in sites])
    user = [s for s in sites if s["kind"] == "user_triton"][0]
    want = f"#{user['ordinal']} {user['kernel']}"
    guard = write_rules("ima-guard", "input_guards:\n  inputs:\n"
                        "    - {input: 0, dtype: int64, values: [0, 999]}\n")
    names = ["pinpoint-ima", "pinpoint-ima-sparse"]
    case.variants([(n, preset(n)) for n in names] + [("guard", guard)])
    ref = case.run(tag="original-good")

    def repeat(name):
        """A.ima_runs runs; how many name the kernel, how many name it
        alone (not as one of several), the first run's text."""
        named = exact = 0
        first = ""
        for i in range(A.ima_runs):
            r = case.run(original_or(case, name), inputs=bad,
                         tag=f"ima-{name}-{i}")
            text = r["stderr"] + r.get("error", "")
            named += want in text
            exact += f"first launch that did not complete: {want} " in text
            save_log(f"ima-{name}-{i}", text)
            if i == 0:
                first = text
                record(event="ima-run", variant=name, failed=not r["ok"],
                       illegal_memory_access="illegal memory access" in text,
                       names_kernel=want in text,
                       seconds=round(r["seconds"], 2),
                       excerpt=lines_with(text, "aoti-instrument", "illegal",
                                          n=5))
        record(event="ima-repeat", variant=name, runs=A.ima_runs, named=named,
               named_alone=exact, kernel=want, expected_kernel=user["kernel"],
               expected_ordinal=user["ordinal"])
        return first

    texts = {name: repeat(name) for name in [case.ORIGINAL] + names}
    # The sparse report's rule, added to the sparse preset: the fault, when
    # it comes again, is named alone.
    m = re.search(r"add to the rules: (\{name: exact-window, match: "
                  r"\{ordinals: \"[0-9,-]+\"\}, breadcrumb: true\})",
                  texts["pinpoint-ima-sparse"])
    record(event="ima-window-rule", rule=m.group(1) if m else None)
    if m:
        with open(preset("pinpoint-ima-sparse")) as f:
            rules = write_rules("ima-sparse-window", f.read().rstrip("\n") +
                                "\n  - " + m.group(1) + "\n")
        case.variants([("pinpoint-ima-sparse-window", rules)])
        repeat("pinpoint-ima-sparse-window")
    # The guard: a readable error before any launch, then a good call in the
    # same process.
    script = "import sys, torch\n" + case.loader("guard") + GUARD
    p = sh([sys.executable, "-c", script, bad, good, ref["outputs"] or ""],
           check=False)
    then_ok = "AFTER-OK True" in p.stdout
    record(event="ima-guard", refused="GUARD-REFUSED" in p.stdout,
           then_ok=then_ok, good_input_ok=then_ok,
           excerpt=lines_with(p.stderr, "aoti-instrument", n=2))
    save_log("ima-guard", p.stdout + p.stderr)
    # compute-sanitizer: time until it reports the bad access.
    if A.ima_sanitizer and os.path.exists(CS):
        cs_log = os.path.join(A.work, "logs", "compute-sanitizer.txt")
        os.makedirs(os.path.dirname(cs_log), exist_ok=True)
        r = case.run(inputs=bad, tag="ima-compute-sanitizer",
                     wrap=[CS, "--tool", "memcheck", "--print-limit", "3",
                           "--log-file", cs_log])
        text = open(cs_log).read() if os.path.exists(cs_log) else ""
        record(event="ima-compute-sanitizer", seconds=round(r["seconds"], 2),
               names_kernel="gather_rows_kernel" in text,
               excerpt=excerpt(text, r"Invalid|gather_rows|ERROR SUMMARY", 4))
        # The same bad run without any tool, and with pinpoint-ima, timed
        # the same way (process start to report).
        for name in [case.ORIGINAL, "pinpoint-ima"]:
            r = case.run(original_or(case, name), inputs=bad,
                         tag=f"ima-timed-{name}")
            record(event="ima-time-to-report", variant=name,
                   seconds=round(r["seconds"], 2))


def part_nan():
    case = model_case("nan_chain", "nan_chain")
    case.variants([("nan-hunt", preset("nan-hunt"))])
    r = case.run("nan-hunt")
    text = r["stderr"] + r.get("error", "")
    save_log("nan-hunt", text)
    record(event="nan", failed=not r["ok"],
           report=lines_with(text, "NaN", "nan", n=4),
           sites=[(s["ordinal"], s["kernel"], s["aten_ops"])
                  for s in case.sites()])


def part_saves():
    import glob
    import torch
    import models
    from safetensors.torch import load_file
    case = model_case("mlp_cuda", "mlp")
    rules = write_rules("save-inputs", """rules:
  - name: inputs-of-relu
    match: {kernel: "triton_poi_fused_addmm_relu_*"}
    save: {when: before, tensors: inputs}
""")
    case.variants([("save-inputs", rules)])
    ref = case.run()
    saves = os.path.join(A.work, "saves")
    r = case.run("save-inputs", env={"AOTI_INSTRUMENT_SAVE_DIR": saves})
    err = r["stderr"]
    save_log("saves", err + json.dumps({k: v for k, v in r.items()
                                        if k != "stderr"}))
    files = sorted(glob.glob(os.path.join(saves, "*", "*.safetensors")))
    m, args, _ = models.build("mlp", device="cuda")
    with torch.no_grad():
        x = args[0]
        mm = x @ m.l1.weight.t()          # what the extern mm wrote into buf1
    saved = load_file(files[-1]) if files else {}
    record(event="saves", files=[os.path.basename(f) for f in files],
           tensors={k: list(v.shape) for k, v in saved.items()},
           buf1_equals_eager_mm=bool(saved) and torch.allclose(
               saved["buf1"], mm.cpu(), rtol=0, atol=1e-5),
           buf1_max_abs_diff=(saved["buf1"] - mm.cpu()).abs().max().item() if saved else None,
           l1_bias_equal=bool(saved) and torch.equal(saved["l1_bias"], m.l1.bias.detach().cpu()),
           bit_identical=identical(r, ref), ok=r["ok"],
           error=r.get("error"), stderr=excerpt(err, r"aoti-instrument|rror", 4))


def nan_hunt_warn():
    """nan-hunt.yaml with on_fail: warn: the run goes on past a report."""
    with open(preset("nan-hunt")) as f:
        return write_rules("nan-hunt-warn", f.read().replace(
            "on_fail: throw", "on_fail: warn"))


def part_fidelity():
    presets = A.fidelity_presets.split(",")
    dtypes = A.fidelity_dtypes.split(",")
    cases = model_cases([(f"transformer12_{dtype}", "transformer",
                          {"dtype": dtype, "dynamic": True})
                         for dtype in dtypes])
    jobs = []
    for dtype, case in zip(dtypes, cases):
        # nan-hunt on bf16 keeps running past a report: fidelity is the
        # question.
        jobs += [(case, name, nan_hunt_warn() if name == "nan-hunt" and
                  dtype == "bf16" else preset(name)) for name in presets]
        if "print-all" in presets:
            jobs.append((case, "print-all-unbatched", print_all_unbatched()))
    B.make(jobs)
    for dtype, case in zip(dtypes, cases):
        ref = case.run(tag="original")
        for name in presets:
            events = fresh_log(f"{dtype}-{name}.log")
            r = case.run(name, env={"AOTI_INSTRUMENT_LOG": events,
                                    "AOTI_INSTRUMENT_SAVE_DIR":
                                    os.path.join(A.work, f"saves-{dtype}")})
            record(event="fidelity", dtype=dtype, variant=name, preset=name,
                   ok=r["ok"], bit_identical=identical(r, ref),
                   error=r.get("error"), events=count_lines(events))
        if "print-all" in presets:
            # Batched statistics print what one launch per probe prints.
            events = fresh_log(f"{dtype}-print-all-unbatched.log")
            r = case.run("print-all-unbatched",
                         env={"AOTI_INSTRUMENT_LOG": events})
            # Lines may differ only where the run itself does: the seeds
            # SDPA draws each call (a CPU int64 scalar) are named.
            batched = open(os.path.join(A.work, f"{dtype}-print-all.log")
                           ).read().splitlines()
            unbatched = open(events).read().splitlines()
            diff = [(a, b) for a, b in zip(batched, unbatched) if a != b]
            record(event="print-batched-same", dtype=dtype, ok=r["ok"],
                   lines=len(batched), same_count=len(batched) == len(unbatched),
                   differing=len(diff),
                   differing_tensors=sorted({
                       a.split("   ")[0].split()[-2] + " " +
                       " ".join(a.split("   ")[1].split()[:3])
                       for a, _ in diff if "   " in a}),
                   first_diff=f"{diff[0][0]!r} / {diff[0][1]!r}" if diff else None)


def part_nanwarn():
    """A NaN check with on_fail: warn on the bf16 transformer: every
    NaN-making launch is reported and the outputs stay bit-identical."""
    case = model_case("transformer12_bf16", "transformer", dtype="bf16",
                      dynamic=True)
    rules = write_rules("nan-warn", "rules:\n  - {name: nans, nan_check: "
                        "{when: after, tensors: outputs, on_fail: warn}}\n")
    case.variants([("nan-warn", rules)])
    ref = case.run(tag="original")
    events = fresh_log("bf16-nan-warn.events")
    r = case.run("nan-warn", env={"AOTI_INSTRUMENT_LOG": events})
    lines = open(events).read().splitlines() if os.path.exists(events) else []
    save_log("bf16-nan-warn", "\n".join(lines))
    record(event="fidelity", dtype="bf16", preset="nan-hunt (on_fail: warn)",
           ok=r["ok"], bit_identical=identical(r, ref),
           nan_reports=len([l for l in lines if "NaN in" in l]),
           first=lines[:1])


def part_oob():
    """The one launch behind a write past the end of a buffer run_impl
    reuses, and before the start of one (models.py UserBugs "oob_deep",
    "before"): catch-oob names it alone, not the buffer's writers."""
    for model, what in [("user_oob_deep", "wrote past the end of"),
                        ("user_before", "wrote before the start of")]:
        case = model_case(model, model)
        case.variants([("catch-oob", preset("catch-oob"))])
        r = case.run("catch-oob")
        text = r["stderr"] + r.get("error", "")
        line = next((l for l in text.splitlines()
                     if "[aoti-instrument]" in l and what in l), "")
        kernel = "scale_rows" if model == "user_oob_deep" else "shift_rows"
        record(event="buffers-one-launch", model=model, failed=not r["ok"],
               named_alone=bool(re.match(r"\[aoti-instrument\] #\d+ \S*" +
                                         kernel, line)),
               writers_listed="the launches that wrote it" in text,
               report=line[:400],
               excerpt=lines_with(text, "aoti-instrument", n=4))


def replay(bundle, *flags, wrap=None):
    """`python -m aoti_instrument.replay BUNDLE FLAGS` (under `wrap`, a
    command prefix): (exit code, stdout + stderr)."""
    p = sh((wrap or []) + [sys.executable, "-m", "aoti_instrument.replay",
                           bundle, *flags], check=False, timeout=900)
    return p.returncode, p.stdout + p.stderr


def captured(case, variant, inputs=None, tag=None):
    """Runs the capturing variant with its bundles in a fresh directory:
    (the run, the bundles' directories)."""
    saves = os.path.join(case.dir, "saves-" + (tag or variant))
    shutil.rmtree(saves, ignore_errors=True)
    r = case.run(variant, inputs=inputs, tag=tag or variant,
                 env={"AOTI_INSTRUMENT_SAVE_DIR": saves})
    return r, sorted(glob.glob(os.path.join(saves, "session-*", "capture-*")))


def capture_case(model, kernel):
    """The models.py model with a variant that captures the launches of
    `kernel` (a glob)."""
    case = model_case(model, model)
    rules = write_rules(f"capture-{model}", "rules:\n  - name: capture-it\n"
                        f"    match: {{kernel: \"{kernel}\"}}\n"
                        "    capture: true\n")
    case.variants([("capture", rules)])
    return case


def memcheck(bundle, tag):
    """compute-sanitizer memcheck on the replay of `bundle`: its lines that
    name the access (the log kept as logs/TAG)."""
    if not os.path.exists(CS):
        return None
    rc, out = replay(bundle, wrap=[CS, "--tool", "memcheck", "--print-limit",
                                   "3"])
    save_log(tag, out)
    return excerpt(out, r"Invalid|Program hit|at 0x|ERROR SUMMARY|\.py:\d+", 6)


def capture_fault(model, kernel, bad, expect):
    """The launch of `kernel` (a glob) captured on bad inputs: the run's
    report, the fault replayed alone A.ima_runs times, and memcheck on the
    replay."""
    case = capture_case(model, kernel)
    r, bundles = captured(case, "capture", inputs=bad(case), tag="capture-bad")
    text = r["stderr"] + r.get("error", "")
    save_log(f"capture-{model}", text)
    rec = {"event": "capture-fault", "model": model, "failed": not r["ok"],
           "bundles": len(bundles),
           "report": lines_with(text, "capture of", n=2)}
    if bundles:
        runs = [replay(bundles[0]) for _ in range(A.ima_runs)]
        rec["replays"] = len(runs)
        rec["reproduced"] = sum(rc == 1 and expect in out for rc, out in runs)
        rec["replay_line"] = runs[0][1].strip().splitlines()[-1:]
        rec["memcheck"] = memcheck(bundles[0], f"capture-{model}-memcheck")
    record(**rec)


def capture_oob(model, kernel):
    """A write out of bounds that does not fault: the launch captured on a
    good run, replayed alone under memcheck."""
    r, bundles = captured(capture_case(model, kernel), "capture")
    rec = {"event": "capture-oob", "model": model, "ok": r["ok"],
           "bundles": len(bundles)}
    if bundles:
        rec["replay"] = replay(bundles[0])[1].strip().splitlines()[-1:]
        rec["memcheck"] = memcheck(bundles[0], f"capture-{model}-memcheck")
    record(**rec)


def capture_good(name, model, **opts):
    """Every Triton launch of a good run captured and replayed alone:
    how many replay bit-identically, by kernel family."""
    case = model_case(name, model, **opts)
    case.variants([("capture-all", os.path.join(REPO, "test", "Inputs",
                                                "capture", "capture.yaml"))])
    r, bundles = captured(case, "capture-all")
    kinds = {}
    for b in bundles:
        rc, out = replay(b, "--compare")
        family = re.sub(r"^capture-r\d+-\d+-", "", os.path.basename(b))
        family = ("extern" if family.startswith("aoti_torch_")
                  else family.split("_")[1] if family.startswith("triton_")
                  else "user")
        n, same = kinds.get(family, (0, 0))
        kinds[family] = (n + 1, same + (rc == 0))
        if rc:
            save_log(f"capture-{name}-{os.path.basename(b)}", out)
    record(event="capture-good", model=name, ok=r["ok"],
           bundles=len(bundles), identical_by_family=kinds,
           bundle_bytes=sum(os.path.getsize(os.path.join(d, f))
                            for d in bundles for f in os.listdir(d)))


def part_capture():
    """Capture and replay (docs/capture.md): an illegal memory access in a
    user Triton kernel, a device-side assert in an Inductor kernel (an
    embedding's index out of range), an out-of-bounds write that does not
    fault, each captured and replayed alone (and under memcheck)."""
    import torch

    def bad_gather(case):
        x = torch.load(case.inputs)
        x[0][7] = 10 ** 8
        path = os.path.join(case.dir, "bad-inputs.pt")
        torch.save(x, path)
        return path

    def bad_ids(case):
        x = torch.load(case.inputs)
        x[0][0, 3] = 5000  # of a 1000-row embedding
        path = os.path.join(case.dir, "bad-inputs.pt")
        torch.save(x, path)
        return path

    capture_fault("gather_ima", "gather_rows*", bad_gather, "ILLEGAL_ADDRESS")
    capture_fault("embed", "triton_*embedding*", bad_ids, "ASSERT")
    capture_oob("user_oob_deep", "scale_rows*")


def part_replays():
    """Good launches captured and replayed bit-identically: pointwise (the
    MLP's), reductions (the embedding model's layer norm), templates (the
    MLP's matrix products as Triton templates, max_autotune)."""
    capture_good("capture_mlp", "mlp")
    capture_good("capture_embed", "embed")
    capture_good("capture_mm_template", "mlp",
                 configs={"max_autotune": True,
                          "max_autotune_gemm_backends": "TRITON"})
    part_capture_cost()


def part_capture_cost():
    """What capturing costs the runs after the one that captured (each
    launch is captured once per process): every launch's rule against the
    original, in one process, round-robin."""
    rules = os.path.join(REPO, "test", "Inputs", "capture", "capture.yaml")
    for name in ["capture_mlp", "capture_embed"]:
        pt2 = model_case(name, name.split("_", 1)[1]).pt2
        bench_variants(pt2, name, [("capture-all", rules)])


def part_failures():
    """Failures that are not faults, made on purpose at run time, each run
    by the original and by pinpoint-ima, nan-hunt and print-all: whatever
    the preset, the report must name where the run was. The row count of
    the input picks the failure."""
    import torch
    grid, oom = model_cases([("fail_grid", "fail_grid"),
                             ("fail_oom", "fail_oom")])

    def inputs(case, rows):
        path = os.path.join(case.dir, f"inputs-{rows}.pt")
        torch.save([torch.randn(rows, 64)], path)
        return path

    cases = [
        # 70000 programs on the grid's second axis: the launch is refused.
        ("grid-over-limit", grid, inputs(grid, 70000), None),
        # A [400000, 400000] fp32 product: 640 GB.
        ("out-of-memory", oom, inputs(oom, 400000), None),
        # One row, under the export's minimum of 2: AOTI's own input check.
        ("aoti-input-check", grid, inputs(grid, 1),
         {"AOTI_RUNTIME_CHECK_INPUTS": "1"}),
    ]
    presets = ["pinpoint-ima", "nan-hunt", "print-all"]
    B.make([(case, v, preset(v)) for case in (grid, oom) for v in presets])
    for label, case, path, env in cases:
        for v in [case.ORIGINAL] + presets:
            r = case.run(original_or(case, v), inputs=path, tag=f"{label}-{v}",
                         env=env)
            text = r["stderr"] + r.get("error", "")
            record(event="failure", case=label, variant=v, failed=not r["ok"],
                   error=r.get("error"),
                   placed=any(w in text for w in ("failed: an exception",
                                                  "CUDA error")),
                   report=lines_with(text, "[aoti-instrument]", n=4))


def part_bench():
    case = model_case("transformer12_fp32", "transformer", dynamic=True)
    nothing = write_rules("match-nothing", "rules:\n  - {name: none, match: "
                          "{kernel: no_such_kernel_*}, sync: true}\n")
    if A.build == "cmake":
        bench_per_process(case, nothing)
        return
    bench_variants(case.pt2, "transformer12 fp32 dyn 8x256",
                   [("match-nothing", nothing),
                    ("pinpoint-ima", preset("pinpoint-ima"))] +
                   [(n, preset(n)) for n in ["pinpoint-ima-sparse", "nan-hunt",
                                             "print-all"]] +
                   [("nan-hunt-unbatched", nan_hunt_unbatched()),
                    ("print-all-unbatched", print_all_unbatched())] +
                   extra_variants())


def bench_per_process(case, nothing):
    """bench with --build cmake: each mode in its own process (harness.py
    run --iters), against the plain build's ms per forward; then the
    wrapper's own host compile time."""
    presets = OBSERVATION + ["input-guards"]
    # Upstream's equivalents, regenerated from Python with their configs.
    upstream = {
        "printer2": {"aot_inductor.debug_intermediate_value_printer": "2"},
        "printer3": {"aot_inductor.debug_intermediate_value_printer": "3"},
        "nan_asserts": {"nan_asserts": True}}
    up = dict(zip(upstream, model_cases([
        (f"transformer12_fp32_{k}", "transformer",
         {"dynamic": True, "configs": cfg}) for k, cfg in upstream.items()])))
    B.make([(case, "match-nothing", nothing)] +
           [(case, p, preset(p)) for p in presets] +
           [(u, None, None) for u in up.values()])
    devnull = {"AOTI_INSTRUMENT_LOG": os.path.join(A.work, "bench.events")}
    modes = [("uninstrumented", case, None, {}),
             ("rule matching nothing", case, "match-nothing", {})]
    modes += [(p + ".yaml", case, p, dict(devnull, AOTI_INSTRUMENT_SAVE_DIR=
                                          os.path.join(A.work, "bench-saves")))
              for p in presets]
    modes += [("CUDA_LAUNCH_BLOCKING=1", case, None, {"CUDA_LAUNCH_BLOCKING": "1"}),
              ("PYTORCH_NO_CUDA_MEMORY_CACHING=1", case, None,
               {"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}),
              ("both", case, None, {"CUDA_LAUNCH_BLOCKING": "1",
                                    "PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}),
              ("upstream printer level 2", up["printer2"], None, {}),
              ("upstream printer level 3", up["printer3"], None, {}),
              ("upstream nan_asserts", up["nan_asserts"], None, {}),
              ("compute-sanitizer memcheck", case, None, {})]
    base = None
    for label, c, variant, env in modes:
        iters = 10 if "print" in label or "save" in label or "sync" in label else 50
        wrap = None
        if "sanitizer" in label:
            iters, wrap = 3, [CS, "--tool", "memcheck", "--log-file", os.devnull]
        r = c.run(variant, iters=iters, env=env, wrap=wrap)
        ms = r.get("ms_per_forward")
        if label == "uninstrumented":
            base = ms
        record(event="bench", mode=label, ms_per_forward=ms, iters=iters,
               ratio=round(ms / base, 2) if ms and base else None, ok=r["ok"])
    # Host compile time of the wrapper: the build step's time per variant is
    # in the "built" events; here the wrapper's own compile, isolated.
    import torch
    wrapper = case.wrapper()
    flags = json.load(open(wrapper.replace(".wrapper.cpp",
                                           ".wrapper_compile_flags.json")))
    inc = os.path.join(os.path.dirname(torch.__file__), "include")
    base_flags = ["-std=c++17", "-O1", "-fPIC", "-c", "-o", os.devnull,
                  f"-I{inc}", "-I/usr/local/cuda/include"] + [
        "-D" + x.strip() for x in flags["definitions"]]
    for label, src in [("original", wrapper)] + [
            (p, os.path.join(case.dir, "variants", p, "build", "aoti-instrument",
                             os.path.basename(wrapper)))
            for p in ["pinpoint-ima", "print-all"]]:
        t0 = time.time()
        p = sh(["g++"] + base_flags + [src], check=False)
        record(event="host-compile", wrapper=label,
               seconds=round(time.time() - t0, 1), ok=p.returncode == 0)

# ------------------------------------- variants in one process (pt2)

LOAD_VARIANTS = SKIP_ISA_PROBE + r"""
import json, sys, torch
names, paths = sys.argv[1].split(","), sys.argv[2].split(",")
args = [a.cuda() for a in torch.load(sys.argv[3])]
models = {n: torch._inductor.aoti_load_package(p) for n, p in zip(names, paths)}
for m in models.values():
    for _ in range(5):
        m(*args)
torch.cuda.synchronize()
"""


BENCH = LOAD_VARIANTS + r"""
import random, statistics, time
rounds, iters = int(sys.argv[4]), int(sys.argv[5])
# "step": each forward's output read by the host before the next forward, as
# a decode loop samples each token (the host cannot run ahead of the GPU).
step = len(sys.argv) > 6 and sys.argv[6] == "step"
times = {n: [] for n in names}
rng = random.Random(0)
for r in range(rounds):
    order = names[:]
    rng.shuffle(order)
    for n in order:
        m = models[n]
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            out = m(*args)
            if step:
                (out[0] if isinstance(out, (list, tuple)) else out).reshape(-1)[-1].item()
        torch.cuda.synchronize()
        times[n].append((time.perf_counter() - t0) / iters * 1e3)
base = statistics.median(times[names[0]])
for n in names:
    t = sorted(times[n])
    print(json.dumps({"variant": n, "median_ms": round(statistics.median(t), 4),
                      "p10_ms": round(t[len(t) // 10], 4),
                      "p90_ms": round(t[(len(t) * 9) // 10], 4),
                      "x": round(statistics.median(t) / base, 3)}))
"""


PROFILE = LOAD_VARIANTS + r"""
from torch.profiler import profile, ProfilerActivity
from torch.autograd import DeviceType
forwards, out = int(sys.argv[4]), sys.argv[5]
with open(out, "w") as f:
    for n in names:
        m = models[n]
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(forwards):
                m(*args)
            torch.cuda.synchronize()
        ev = [e for e in prof.events() if e.device_type == DeviceType.CUDA]
        iv = sorted((e.time_range.start, e.time_range.end) for e in ev)
        busy, end = 0.0, None
        for a, b in iv:
            if end is None or a > end:
                busy += b - a
                end = b
            elif b > end:
                busy += b - end
                end = b
        span = (iv[-1][1] - iv[0][0]) if iv else 0
        by = {}
        for e in ev:
            k = e.name[:48]
            c, t = by.get(k, (0, 0.0))
            by[k] = (c + 1, t + e.time_range.end - e.time_range.start)
        top = sorted(by.items(), key=lambda kv: -kv[1][1])[:10]
        r = {"variant": n, "kernels_per_forward": len(ev) / forwards,
             "top_device_us_per_forward": [[k, c / forwards, round(t / forwards, 1)]
                                           for k, (c, t) in top],
             "gpu_busy_us_per_forward": round(busy / forwards, 1),
             "gpu_span_us_per_forward": round(span / forwards, 1)}
        print(json.dumps(r), flush=True)
        f.write("===== " + json.dumps(r) + "\n")
        f.write(prof.key_averages().table(sort_by="self_cpu_time_total",
                                          row_limit=18, max_name_column_width=60))
        f.write(prof.key_averages().table(sort_by="self_device_time_total",
                                          row_limit=12, max_name_column_width=60))
"""


def variants_in_one_process(pt2, variants, script, args, log, timeout):
    """Runs `script` (PROFILE, BENCH) in one process over the original
    package and each (name, rules) variant, with the variants' names and
    package paths, the inputs and `args`; the JSON objects it prints."""
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    names, paths = ["original"], [pt2]
    for name, rules in variants:
        names.append(name)
        paths.append(instrument(pt2, rules, name))
    env = {"AOTI_INSTRUMENT_LOG": os.path.join(A.work, log)}
    p = sh([sys.executable, "-c", script, ",".join(names), ",".join(paths),
            inputs] + args, env=env, timeout=timeout)
    return [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]


def profile_variants(pt2, model, variants, tag):
    """torch.profiler over 10 forwards of each variant, all loaded in one
    process: kernels and GPU busy time per forward, and the top CPU-side
    calls (OUT/profile-TAG.txt)."""
    for r in variants_in_one_process(
            pt2, variants, PROFILE,
            ["10", os.path.join(A.out, f"profile-{tag}.txt")],
            "profile-events.log", 900):
        record(event="profile", model=model, **r)


def part_profile():
    """Where the time of each preset goes, on the launch-bound decoder and
    the GPU-bound transformer (torch.profiler); --profile-models and
    --profile-presets choose."""
    presets = [(n, preset(n)) for n in A.profile_presets.split(",")]
    models = A.profile_models.split(",")
    if "decoder" in models:
        profile_variants(llama_pt2(), "llama8 1x16", presets, "llama8")
    if "transformer" in models:
        profile_variants(compiled("transformer12_fp32", "transformer",
                                  dynamic=True), "transformer12 8x256",
                         presets, "t12")




def bench_variants(pt2, model, variants, loop="async"):
    """Times the original package and each (name, rules) variant in one
    process, round-robin; records one `bench` event per variant. `loop`:
    "async" (forwards back to back, one sync at the end of each round: the
    host runs ahead of the GPU) or "step" (each forward's last output
    element read on the host before the next, as a decode loop does)."""
    for r in variants_in_one_process(pt2, variants, BENCH,
                                     [str(A.rounds), str(A.iters), loop],
                                     "bench-events.log", 1200):
        record(event="bench", model=model, loop=loop, rounds=A.rounds,
               iters=A.iters, **r)


def print_all_now():
    """print-all.yaml as it was before `defer: true`: a sync per probe."""
    return write_rules("print-all-now", "rules:\n  - {name: print-every-launch, "
                       "print: {level: stats, when: both, tensors: all}}\n")


def nan_hunt_unbatched():
    """nan-hunt.yaml with one NaN-count launch per probe (`batch: false`),
    as it was before batching."""
    return write_rules("nan-hunt-unbatched", "rules:\n  - {name: first-nan, "
                       "nan_check: {when: after, tensors: outputs, check: nan, "
                       "on_fail: throw, defer: true, batch: false}}\n")


def print_all_unbatched():
    """print-all.yaml with one statistics launch per probe (`batch: false`),
    as it was before batching."""
    return write_rules("print-all-unbatched", "rules:\n  - {name: "
                       "print-every-launch, print: {level: stats, when: both, "
                       "tensors: all, defer: true, batch: false}}\n")


def extra_variants():
    """The variants measured before (pinpoint-sync, print-all without
    defer), with --all-variants."""
    return ([("pinpoint-sync", preset("pinpoint-sync")),
             ("print-all-now", print_all_now())] if A.all_variants else [])

# ------------------------------------- parts from .pt2 packages only

def part_buffers():
    import torch
    for model, name in [("user_oob", "catch-oob"), ("user_uninit", "catch-uninit")]:
        pt2 = compiled(model, model)
        d = os.path.dirname(pt2)
        inputs = os.path.join(d, "inputs.pt")
        eager = torch.load(os.path.join(d, "eager.pt"))
        ref = run_package(pt2, inputs, "original")
        diff = None
        if ref["ok"]:
            diff = max((o.float() - e.float()).abs().max().item()
                       for o, e in zip(torch.load(ref["outputs"]), eager))
        record(event="buffers-original", model=model, ok=ref["ok"],
               max_abs_diff_vs_eager=diff,
               excerpt=lines_with(ref["stderr"], "aoti-instrument", "error", n=3))
        r = run_package(instrument(pt2, preset(name), name), inputs, name)
        text = r["stderr"] + r.get("error", "")
        record(event="buffers-caught", model=model, variant=name,
               failed=not r["ok"],
               report=lines_with(text, "aoti-instrument", n=4))
    pt2 = compiled("transformer12_fp32", "transformer", dynamic=True)
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    ref = run_package(pt2, inputs, "original")
    for name in ["catch-oob", "catch-uninit"]:
        r = run_package(instrument(pt2, preset(name), name), inputs, name)
        record(event="fidelity", dtype="fp32", variant=name, ok=r["ok"],
               bit_identical=r["ok"] and ref["ok"] and
               same(r["outputs"], ref["outputs"]),
               error=r.get("error"),
               excerpt=lines_with(r["stderr"], "aoti-instrument", n=3))
    bench_variants(pt2, "transformer12 fp32 dyn 8x256",
                   [(n, preset(n)) for n in ["catch-oob", "catch-uninit",
                                             "nan-hunt"]])




WRONG_INPUTS = SKIP_ISA_PROBE + r"""
import json, sys, torch
sys.path.insert(0, sys.argv[3])
import models
model = torch._inductor.aoti_load_package(sys.argv[1])
x, bias = [t.cuda() for t in torch.load(sys.argv[2])]
results = {}
for case, args, kwargs, expected in models.wrong_inputs(x, bias, "cuda"):
    r = {"expected": expected}
    try:
        out = model(*args, **kwargs)
        torch.cuda.synchronize()
        r["refused"] = False
    except Exception as e:
        r["refused"] = True
        r["error"] = str(e).strip().splitlines()[0][:300]
    sys.stderr.flush()
    print("END-OF-CASE " + case, file=sys.stderr, flush=True)
    results[case] = r
    if not r["refused"]:
        try:
            torch.cuda.synchronize()
        except Exception:
            break  # the context is gone (the original package)
print(json.dumps(results))
"""


def part_inputs():
    """Wrong inputs to a CUDA package (models.wrong_inputs: a CPU tensor, a
    float16 one, a batch outside the compiled range, a non-contiguous one,
    a keyword input of the wrong size), each named as the cause by
    pinpoint-ima, nan-hunt and print-all before any launch; the original
    package's behaviour recorded beside them."""
    import torch
    d = os.path.join(A.work, "mlp_bias")
    pt2 = os.path.join(d, "model.pt2")
    if not os.path.exists(pt2):
        import models
        os.makedirs(d, exist_ok=True)
        m, args, dyn = models.build("mlp_bias", device="cuda", dynamic=True)
        ep = torch.export.export(m, args[:1], kwargs={"bias": args[1]},
                                 dynamic_shapes=dyn)
        torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(d, "compiling.pt2"))
        torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
        os.replace(os.path.join(d, "compiling.pt2"), pt2)
    inputs = os.path.join(d, "inputs.pt")
    for v in ["original", "pinpoint-ima", "nan-hunt", "print-all"]:
        p = pt2 if v == "original" else instrument(pt2, preset(v), v)
        q = sh([sys.executable, "-c", WRONG_INPUTS, p, inputs, TEST_E2E],
               check=False, timeout=300)
        lines = [l for l in q.stdout.splitlines() if l.startswith("{")]
        results = json.loads(lines[-1]) if lines else {}
        reports = q.stderr.split("END-OF-CASE ")
        for i, (case, r) in enumerate(results.items()):
            report = reports[i] if i < len(reports) else ""
            line = next((l for l in report.splitlines()
                         if "wrong input" in l), "")
            record(event="wrong-input", variant=v, case=case,
                   refused=r["refused"], error=r.get("error"),
                   named=bool(re.search(r["expected"], line)),
                   report=line[:300],
                   excerpt=lines_with(report, "aoti-instrument", "Error",
                                      "error", n=3))
        if not results:
            record(event="wrong-input", variant=v, case="all", refused=None,
                   excerpt=q.stderr[-800:])




def part_serve():
    """Concurrent serving: serve_threads.cpp runs the
    gather_ima package's model container with 4 model instances from 4
    threads on 4 streams; thread 2 sends a bad index on its 3rd run. Each
    variant 20 times: every process must end (no deadlock), and the report
    must name the bad thread's launch (its thread id and stream)."""
    import glob
    import re
    import zipfile
    import torch
    pt2 = compiled("gather_ima", "gather_ima")
    d = os.path.dirname(pt2)
    tdir = os.path.dirname(torch.__file__)
    exe = os.path.join(A.work, "serve_threads")
    if not os.path.exists(exe):
        sh(["g++", "-std=c++17", "-O1", "-DUSE_CUDA",
            os.path.join(HERE, "serve_threads.cpp"), "-o", exe,
            "-isystem", os.path.join(tdir, "include"),
            "-isystem", "/usr/local/cuda/include",
            "-L" + os.path.join(tdir, "lib"), "-Wl,--no-as-needed",
            "-ltorch", "-ltorch_cpu", "-ltorch_cuda", "-lc10", "-lc10_cuda",
            "-Wl,--as-needed", "-L/usr/local/cuda/lib64", "-lcudart", "-ldl",
            "-lpthread", "-Wl,-rpath," + os.path.join(tdir, "lib"),
            "-Wl,-rpath,/usr/local/cuda/lib64"], timeout=300)
    variants = {"original": pt2}
    for name in ["pinpoint-ima", "pinpoint-ima-sparse"]:
        variants[name] = instrument(pt2, preset(name), name)
    for name, p in variants.items():
        unpacked = os.path.join(d, "unpacked-" + name)
        if not os.path.exists(unpacked):
            zipfile.ZipFile(p).extractall(unpacked)
        so = glob.glob(os.path.join(unpacked, "**", "data", "aotinductor",
                                    "*", "*.so"), recursive=True)[0]
        ends, named, deadlocks, excerpt, bad_line = 0, 0, 0, None, []
        for i in range(A.serve_runs):
            r = sh([exe, so, os.path.dirname(so), "4", "4", "2", "3", "6"],
                   check=False, timeout=120)
            text = r.stdout + r.stderr
            deadlocks += r.returncode == 3
            ends += r.returncode in (0, -6, 134)  # done, or aborted by CUDA
            bad = re.search(r"THREAD 2 tid (\d+) stream (0x[0-9a-f]+)", r.stdout)
            # Exact crumbs name the launch; sparse ones list it among the
            # launches since the last crumb that arrived (before "; last
            # completed", which names a launch that did complete).
            mine = bad and re.search(
                rf"thread {bad.group(1)}, stream {bad.group(2)}: "
                r"(first launch that did not complete: (?P<one>one of )?|"
                r"(?P<open>launches not known to have completed: ))"
                r"(?P<named>[^;\n]*)", text)
            if mine and (mine.group("one") or mine.group("open")):
                mine = "gather_rows_kernel" in mine.group("named")
            elif mine:
                mine = re.match(r"#\d+ gather_rows_kernel", mine.group("named"))
            named += bool(mine)
            if i == 0:
                excerpt = lines_with(text, "[aoti-instrument]", "RESULT",
                                     "THREAD", "DEADLOCK", n=14)
                bad_line = [l for l in text.splitlines() if bad and
                            f"thread {bad.group(1)}, stream" in l][:1]
        record(event="serve", variant=name, runs=A.serve_runs, ended=ends,
               deadlocks=deadlocks, named_bad_thread=named, excerpt=excerpt,
               bad_thread_report=bad_line)




RANK_RUN = SKIP_ISA_PROBE + r"""
import json, os, sys, torch
pt2, inputs, local = sys.argv[1], sys.argv[2], int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local)
model = torch._inductor.aoti_load_package(pt2, device_index=local)
args = [a.cuda(local) for a in torch.load(inputs)]
out = model(*args)
torch.cuda.synchronize()
out = out if isinstance(out, torch.Tensor) else out[0]
print(json.dumps({"rank": int(os.environ["RANK"]), "device": str(out.device)}))
"""


def part_ranks():
    """One process per GPU: two processes with RANK,
    LOCAL_RANK and WORLD_SIZE set as torchrun sets them, each running the
    nan_weight package on its own GPU, instrumented with a NaN check that
    warns, JSON lines and saves of the first run. Every line, JSON event
    and save session must name its process's rank and device."""
    import glob
    import torch
    n = torch.cuda.device_count()
    if n < 2:
        record(event="ranks", skipped=f"{n} GPU(s): needs 2")
        return
    pt2 = compiled("nan_weight", "nan_weight")
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    rules = write_rules(
        "ranks", "version: 1\nsettings:\n  calls: {first: 1}\nrules:\n"
        "  - {name: nan, nan_check: {when: after, tensors: outputs, "
        "check: nan, on_fail: warn, defer: true}}\n"
        "  - {name: save, match: {kind: [triton, extern]}, "
        "save: {when: after, tensors: outputs}}\n")
    variant = instrument(pt2, rules, "ranks")
    work = os.path.join(A.work, "ranks-run")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    procs = []
    for rank in range(2):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank),
                   WORLD_SIZE="2",
                   AOTI_INSTRUMENT_JSONL=os.path.join(work, f"events-{rank}.jsonl"),
                   AOTI_INSTRUMENT_SAVE_DIR=os.path.join(work, "saves"))
        procs.append(subprocess.Popen(
            [sys.executable, "-c", RANK_RUN, variant, inputs], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    for rank, p in enumerate(procs):
        out, err = p.communicate(timeout=300)
        lines = [l for l in err.splitlines() if l.startswith("[aoti-instrument")]
        tag = f"[aoti-instrument rank {rank} (local {rank}) cuda:{rank}]"
        events = [json.loads(l) for l in
                  open(os.path.join(work, f"events-{rank}.jsonl"))]
        sessions = sorted(os.path.basename(x) for x in glob.glob(
            os.path.join(work, "saves", f"session-*-rank{rank}")))
        manifest = []
        for sdir in sessions:
            mf = os.path.join(work, "saves", sdir, "manifest.jsonl")
            if os.path.exists(mf):
                manifest += [json.loads(l) for l in open(mf)]
        record(event="ranks", rank=rank, rc=p.returncode,
               result=out.strip().splitlines()[-1:],
               lines=len(lines),
               lines_tagged=sum(l.startswith(tag) for l in lines),
               nan_reported=any("NaN in" in l for l in lines),
               events=len(events),
               events_tagged=sum(e.get("rank") == rank and
                                 e.get("local_rank") == rank and
                                 e.get("device") == f"cuda:{rank}"
                                 for e in events),
               sessions=sessions,
               saves=len(manifest),
               saves_tagged=sum(m.get("rank") == rank and
                                m.get("device") == f"cuda:{rank}"
                                for m in manifest),
               excerpt=lines[:3])




API_RUN = SKIP_ISA_PROBE + r"""
import json, sys, time, torch, aoti_instrument
pt2, rules, inputs, outputs, calls = sys.argv[1:6]
t0 = time.time()
model = aoti_instrument.load_package(pt2, rules)
r = {"package": str(model.package), "load_s": round(time.time() - t0, 1)}
args = [a.cuda() for a in torch.load(inputs)]
try:
    for call in range(1, int(calls) + 1):
        r["call"] = call
        out = model(*args)
    torch.cuda.synchronize()
    out = [out] if isinstance(out, torch.Tensor) else list(out)
    torch.save([o.cpu() for o in out], outputs)
    r["ok"] = True
except aoti_instrument.ReportError as e:
    r.update(ok=False, report=str(e)[:400], kernel=e.kernel,
             ordinal=e.ordinal, event=e.event.get("event"),
             cause=type(e.__cause__).__name__)
except Exception as e:
    r.update(ok=False, error=f"{type(e).__name__}: {str(e)[:300]}")
print(json.dumps(r))
"""


def run_api(pt2, rules, inputs, tag, calls=1):
    """Loads pt2 with aoti_instrument.load_package(pt2, rules) in a fresh
    process and calls it `calls` times: what it returned or raised."""
    out = os.path.join(os.path.dirname(pt2), f"out-api-{tag}.pt")
    p = sh([sys.executable, "-c", API_RUN, pt2, rules, inputs, out,
            str(calls)], check=False)
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    r = json.loads(lines[-1]) if lines else {"ok": False, "error": "crashed",
                                              "stderr": p.stderr[-1500:]}
    r["outputs"] = out if r.get("ok") else None
    return r


def part_api():
    import aoti_instrument
    record(event="api-wheel", version=aoti_instrument.__version__,
           tool=str(aoti_instrument.tool_path()))
    # NaN provenance: the first kernel whose outputs hold a NaN.
    pt2 = compiled("nan_chain", "nan_chain")
    sites = json.loads(sh(tool() + [pt2, "--list=json"]).stdout)[
        "models"][0]["inventory"]["sites"]
    want = next(s for s in sites if "log" in s["kernel"].split("_") or
                "aten.log" in s["aten_ops"])
    r = run_api(pt2, "nan-hunt", os.path.join(os.path.dirname(pt2), "inputs.pt"),
                "nan-hunt")
    record(event="api-nan", report_error=r.get("event") == "nan",
           named=r.get("kernel") == want["kernel"], want=want["kernel"],
           **{k: r.get(k) for k in ("report", "cause", "call", "error")})
    # A fault in a user Triton kernel, chosen at run time: the call that
    # notices it raises (the next call: CUDA errors are asynchronous).
    pt2 = compiled("gather_ima", "gather_ima")
    d = os.path.dirname(pt2)
    bad = os.path.join(d, "bad-inputs.pt")
    if not os.path.exists(bad):
        import torch
        x = torch.load(os.path.join(d, "inputs.pt"))
        x[0][7] = 10 ** 8
        torch.save(x, bad)
    sites = json.loads(sh(tool() + [pt2, "--list=json"]).stdout)[
        "models"][0]["inventory"]["sites"]
    user = next(s for s in sites if s["kind"] == "user_triton")
    for name in ("pinpoint-ima", "pinpoint-ima-sparse"):
        r = run_api(pt2, name, bad, "ima-" + name, calls=3)
        record(event="api-ima", preset=name,
               report_error=r.get("event") == "cuda_error",
               named=f"#{user['ordinal']} {user['kernel']}" in r.get("report", ""),
               want=f"#{user['ordinal']} {user['kernel']}",
               **{k: r.get(k) for k in ("report", "cause", "call", "error")})
    # Fidelity: every observation preset bit-identical to the original; a
    # second load_package of the same package and rules is a cache hit.
    pt2 = compiled("transformer12_fp32", "transformer", dynamic=True)
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    ref = run_package(pt2, inputs, "original")
    for name in OBSERVATION:
        r = run_api(pt2, name, inputs, "fid-" + name)
        again = run_api(pt2, name, inputs, "fid-again-" + name)
        record(event="api-fidelity", preset=name, ok=r.get("ok"),
               bit_identical=bool(r.get("ok") and ref["ok"] and
                                  same(r["outputs"], ref["outputs"])),
               first_load_s=r.get("load_s"), cached_load_s=again.get("load_s"),
               same_entry=r.get("package") == again.get("package"),
               error=r.get("error") or r.get("report"))




def part_hostprof():
    """Each preset alone in a process, sampled by hostprof.cpp."""
    so = build_hostprof(A.work)
    pt2 = llama_pt2()
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    n = A.hostprof_forwards
    for name in A.hostprof_variants.split(","):
        path = pt2 if name == "original" else instrument(pt2, preset(name), name)
        txt = os.path.join(A.out, f"hostprof-llama8-{name}.txt")
        wall, gpu, sampled = hostprof_variant(path, inputs, so, A.work, txt, n)
        record(event="hostprof", model="llama8 1x16", variant=name,
               wall_us_per_forward=round(wall, 1), **gpu,
               sampled_us_per_forward=sampled)




def llama_pt2(layers=8, batch=1, tokens=16):
    """A Llama-style decoder as a package: transformers' LlamaForCausalLM
    from a small config, random weights (seed 0), fp32, static shapes."""
    import torch
    import transformers
    name = f"llama{layers}_{batch}x{tokens}"
    d = os.path.join(A.work, name)
    pt2 = os.path.join(d, "model.pt2")
    if os.path.exists(pt2):
        return pt2
    os.makedirs(d, exist_ok=True)
    import models
    lm, vocab = models.llama_logits(layers)
    m = lm.cuda()
    ids = torch.randint(0, vocab, (batch, tokens), device="cuda")
    with torch.no_grad():
        eager = m(ids)
        ep = torch.export.export(m, (ids,))
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(d, "compiling.pt2"))
    record(event="compiled", case=name, seconds=round(time.time() - t0, 1),
           transformers=transformers.__version__)
    torch.save([ids.cpu()], os.path.join(d, "inputs.pt"))
    torch.save([eager.cpu()], os.path.join(d, "eager.pt"))
    os.replace(os.path.join(d, "compiling.pt2"), pt2)
    return pt2


def keep_wrapper(pt2, name):
    """The package's wrapper.cpp, copied to OUT/name (to study it here)."""
    import zipfile
    with zipfile.ZipFile(pt2) as z:
        for n in z.namelist():
            if n.endswith(".wrapper.cpp"):
                with open(os.path.join(A.out, name), "wb") as f:
                    f.write(z.read(n))


def part_decode():
    pt2 = llama_pt2()
    keep_wrapper(pt2, "llama8-1x16.wrapper.cpp")
    out = sh(tool() + [pt2, "--list"], check=False).stdout
    record(event="decode-model", launches=sum(
        1 for l in out.splitlines() if l.strip()[:1].isdigit()))
    variants = ([("pinpoint-ima", preset("pinpoint-ima"))] +
                [(n, preset(n)) for n in ["pinpoint-ima-sparse", "nan-hunt",
                                          "print-all"]] +
                [("nan-hunt-unbatched", nan_hunt_unbatched()),
                 ("print-all-unbatched", print_all_unbatched())] +
                extra_variants())
    for loop in A.loops.split(","):
        bench_variants(pt2, "llama8 fp32 1x16 (launch-bound)", variants, loop)


def part_buildtime():
    pt2 = compiled("transformer12_fp32", "transformer", dynamic=True)
    p = sh([sys.executable, os.path.join(REPO, "scripts", "bench", "bench_pt2.py"),
            pt2, "--rounds", "5"], timeout=1200)
    print(p.stdout, flush=True)
    for l in p.stderr.splitlines():
        if l.startswith("{"):
            record(event="buildtime", **json.loads(l))

# ------------------------------------------ both builds side by side

def part_cpponly():
    """package_cpp_only (CMake) build vs .pt2 of the bf16 transformer."""
    import torch
    d = os.path.join(A.work, "cpponly_bf16")
    harness = [sys.executable, os.path.join(TEST_E2E, "harness.py")]
    if not os.path.exists(os.path.join(d, "case.json")):
        sh(harness + ["compile", "--model", "transformer", "--device", "cuda",
                      "--dtype", "bf16", "--dynamic", "--out", d], timeout=900)
    pt2 = compiled("transformer12_bf16", "transformer", dtype="bf16",
                   dynamic=True)
    sh(harness + ["build", "--dir", d], timeout=900)
    r = sh(harness + ["run", "--dir", d], check=False)
    cmake_out = torch.load(os.path.join(d, "outputs-plain.pt")) \
        if os.path.exists(os.path.join(d, "outputs-plain.pt")) else None
    inputs = os.path.join(d, "inputs.pt")
    ref = run_package(pt2, inputs, "cpponly-ref")
    pt2_out = torch.load(ref["outputs"]) if ref["ok"] else None
    record(event="cpponly-outputs",
           cmake_nan=None if cmake_out is None else int(torch.isnan(cmake_out[0].float()).sum()),
           pt2_nan=None if pt2_out is None else int(torch.isnan(pt2_out[0].float()).sum()),
           cmake_run=r.stdout.strip().splitlines()[-1:] + r.stderr.strip().splitlines()[-2:])
    # Keep both wrappers and build files for a diff.
    import glob, zipfile
    os.makedirs(os.path.join(A.out, "cpponly"), exist_ok=True)
    for f in glob.glob(os.path.join(d, "pkg", "**", "*"), recursive=True):
        base = os.path.basename(f)
        if base.endswith((".wrapper.cpp", "CMakeLists.txt", "_flags.json")):
            shutil.copy(f, os.path.join(A.out, "cpponly", "cpponly-" + base.split(".")[-2] + "." + base.split(".")[-1]))
    with zipfile.ZipFile(pt2) as z:
        for n in z.namelist():
            if n.endswith(".wrapper.cpp"):
                open(os.path.join(A.out, "cpponly", "pt2-wrapper.cpp"), "wb").write(z.read(n))


def main():
    global A, B
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("parts", nargs="+", metavar="PART",
                   choices=BOTH + PT2_ONLY + SIDE_BY_SIDE,
                   help=", ".join(BOTH + PT2_ONLY + SIDE_BY_SIDE))
    p.add_argument("--build", choices=["pt2", "cmake"], default="pt2",
                   help="how each model is built: pt2 (default) .pt2 "
                        "packages instrumented by aoti-instrument; cmake "
                        "package_cpp_only builds through harness.py and "
                        "cmake/AOTIInstrument.cmake")
    p.add_argument("--work", help="what is compiled and built, reused by "
                   f"later calls (default {WORK['pt2']}; --build cmake: "
                   f"{WORK['cmake']})")
    p.add_argument("--out", default=os.environ.get("OUT"),
                   help=f"results.jsonl and the files kept (default $OUT, "
                        f"else {OUT['pt2']}; --build cmake: {OUT['cmake']})")
    p.add_argument("--rounds", type=int, default=25,
                   help="bench, decode, buffers (pt2): rounds of --iters "
                        "forwards per variant")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--ima-runs", type=int, default=5)
    p.add_argument("--ima-sanitizer", action=argparse.BooleanOptionalAction,
                   help="ima: also time compute-sanitizer memcheck's report "
                        "(default: on with --build cmake, off with pt2)")
    p.add_argument("--serve-runs", type=int, default=20)
    p.add_argument("--loops", default="async,step",
                   help="decode: how forwards follow each other, timed "
                        "apart: async (back to back), step (each output "
                        "read on the host first, as a decode loop does)")
    p.add_argument("--fidelity-dtypes", default="fp32,bf16")
    p.add_argument("--fidelity-presets",
                   help="fidelity: the presets, in this order (default "
                        f"{','.join(FIDELITY['pt2'])}; --build cmake: also "
                        "input-guards)")
    p.add_argument("--profile-models", default="decoder,transformer")
    p.add_argument("--profile-presets",
                   default="pinpoint-ima,nan-hunt,print-all,catch-oob,catch-uninit")
    p.add_argument("--hostprof-forwards", type=int, default=3000)
    p.add_argument("--hostprof-variants", default="original,pinpoint-ima,nan-hunt")
    p.add_argument("--all-variants", action="store_true",
                   help="bench and decode: also pinpoint-sync and print-all "
                        "without defer")
    A = C.A = p.parse_args()
    if A.build == "cmake":
        refused = [x for x in A.parts if x in PT2_ONLY]
        if refused:
            p.error(f"{', '.join(refused)}: from .pt2 packages only "
                    "(leave out --build cmake)")
    A.work = A.work or WORK[A.build]
    A.out = A.out or OUT[A.build]
    if A.ima_sanitizer is None:
        A.ima_sanitizer = A.build == "cmake"
    A.fidelity_presets = A.fidelity_presets or ",".join(FIDELITY[A.build])
    B = {"pt2": Pt2Case, "cmake": CmakeCase}[A.build]
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    import torch
    record(event="machine", build=A.build,
           device=torch.cuda.get_device_name(0)
           if torch.cuda.is_available() else None,
           torch=torch.__version__, cuda=torch.version.cuda)
    failed = []
    for part in A.parts:
        log("part", part)
        t0 = time.time()
        try:
            globals()["part_" + part]()
        except Exception as e:  # record, go on with the next part
            record(event="part-failed", part=part, error=str(e)[:2000])
            failed.append(part)
        record(event="part-done", part=part, seconds=round(time.time() - t0, 1))
    if os.path.isdir(os.path.join(A.work, "logs")):
        subprocess.run(["tar", "czf", os.path.join(A.out, "logs.tar.gz"), "-C",
                        A.work, "logs"], check=False)
    if failed:
        sys.exit("parts that failed: " + ", ".join(failed))


if __name__ == "__main__":
    main()
