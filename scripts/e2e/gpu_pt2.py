#!/usr/bin/env python3
"""GPU scenarios from .pt2 packages, as users ship them (source
scripts/e2e/device_setup.sh first: it sets AOTI_TOOL to the portable
aoti-instrument). Every instrumented package is made by
`aoti-instrument model.pt2 -rules R -o variant.pt2` and compared with the
original package, both loaded with torch._inductor.aoti_load_package.

    gpu_pt2.py PART... --work /tmp/aoti-pt2 --out $OUT

Parts:
  ima       a user Triton gather without bounds check, run with a bad index
            (5 runs each): the original package, pinpoint-ima and
            pinpoint-ima-sparse, then pinpoint-ima-sparse with the rule its
            report gives (the faulting launch named alone); a value
            guard
  oob       a write past the end of a buffer run_impl reuses and one before
            the start of a buffer, each in a user Triton kernel deep in a
            model: catch-oob names the one launch
  inputs    wrong inputs to a CUDA package (a CPU tensor, float16, a batch
            out of the compiled range, a non-contiguous tensor, a keyword
            input of the wrong size): the original package, and
            pinpoint-ima, nan-hunt, print-all, which must each name the
            input as the cause before any launch
  failures  failures that are not faults, chosen at run time (a launch
            with a grid over the device limit, an out-of-memory, AOTI's
            input check), with the original and pinpoint-ima, nan-hunt,
            print-all: each report must say where the run was
  nan       NaN provenance with nan-hunt on a NaN-making model
  fidelity  12-layer transformer (dynamic shapes) in fp32 and bf16: every
            observation-only preset bit-identical to the original package
  bench     12-layer transformer, fp32, 8 x 256 tokens: the original and
            every variant loaded in ONE process and timed round-robin
            (--rounds rounds of --iters forwards each); medians and spread;
            plus the tool's own time to instrument the package
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
  buffers   memory bugs that do not fault, each in a user Triton kernel
            between Inductor kernels (models.py UserBugs): a write past its
            output's end (catch-oob.yaml) and an accumulation into a fresh
            torch.empty (catch-uninit.yaml); the original package (silent?
            outputs vs eager) and the preset (what it names); then
            catch-oob and catch-uninit on the 12-layer transformer: outputs
            bit-identical, and their cost beside the original in one process
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
  cpponly   why the package_cpp_only (CMake) build of the bf16 transformer
            differs from its .pt2: outputs of both, the first kernel whose
            saved tensors differ, and both wrappers kept in OUT for a diff
Results: one JSON object per line in OUT/results.jsonl.
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEST_E2E = os.path.join(REPO, "test", "e2e")  # models.py, harness.py
sys.path[:0] = [HERE, TEST_E2E]
import gpu_scenarios  # noqa: E402  (its log/record/sh; record writes OUT/results.jsonl)
from gpu_scenarios import log, record, sh  # noqa: E402

OBSERVATION = ["pinpoint-ima", "pinpoint-sync", "print-all", "nan-hunt",
               "save-kernels"]
A = None  # the parsed arguments, shared with gpu_scenarios


def tool():
    return os.environ["AOTI_TOOL"].split()


def preset(name):
    return os.path.join(REPO, "yaml-rules", name + ".yaml")


def compiled(name, model, dtype="fp32", dynamic=False, configs=None, **opts):
    """AOT-compiles a models.py model into WORK/name/model.pt2 with torch's
    default settings (or inductor `configs`); saves inputs and eager
    outputs."""
    import torch
    import models
    d = os.path.join(A.work, name)
    pt2 = os.path.join(d, "model.pt2")
    if os.path.exists(pt2):
        return pt2
    os.makedirs(d, exist_ok=True)
    dt = {"fp32": torch.float32, "bf16": torch.bfloat16}[dtype]
    m, args, dyn = models.build(model, device="cuda", dtype=dt,
                                dynamic=dynamic, **opts)
    with torch.no_grad():
        eager = m(*args)
    ep = torch.export.export(m, args, dynamic_shapes=dyn)
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(d, "compiling.pt2"),
        inductor_configs=configs)
    record(event="compiled", case=name, seconds=round(time.time() - t0, 1))
    torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
    torch.save([eager.cpu()], os.path.join(d, "eager.pt"))
    os.replace(os.path.join(d, "compiling.pt2"), pt2)
    return pt2


def instrument(pt2, rules, variant):
    out = os.path.join(os.path.dirname(pt2), variant + ".pt2")
    if not os.path.exists(out):
        t0 = time.time()
        p = sh(tool() + [pt2, "-rules", rules, "-o", out])
        record(event="instrumented", case=os.path.basename(os.path.dirname(pt2)),
               variant=variant, seconds=round(time.time() - t0, 1),
               summary=p.stderr.strip().splitlines()[-2:])
    return out


# Put before every script here that loads a package. aoti_load_package
# compares this machine with the package's (for a warning), and on the GPU
# machine's CPU that takes 45 s per process: cpu_vec_isa.py checks
# AVX512-VNNI and AMX by starting a Python that imports torch, each time,
# whatever TORCHINDUCTOR_VEC_ISA_OK says (torch 2.11; the faulthandler
# stacks of scripts/e2e/load_stacks.py, docs/benchmarks.md, "Side by side").
SKIP_ISA_PROBE = r"""
import torch._inductor.codecache
torch._inductor.codecache.get_device_information = lambda device_type: {}
"""

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


def run(pt2, inputs, tag, runs=1, env=None):
    out = os.path.join(os.path.dirname(pt2), f"out-{tag}.pt")
    p = sh([sys.executable, "-c", RUN, pt2, inputs, out, str(runs)], env=env,
           check=False)
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    r = json.loads(lines[-1]) if lines else {"ok": False, "error": "crashed"}
    r["stderr"] = p.stderr
    r["outputs"] = out if r["ok"] else None
    return r


def same(a, b):
    import torch
    x, y = torch.load(a), torch.load(b)
    return len(x) == len(y) and all(
        p.shape == q.shape and p.dtype == q.dtype and
        torch.equal(p.view(torch.uint8), q.view(torch.uint8)) for p, q in zip(x, y))


def lines_with(text, *words, n=4):
    return [l[:240] for l in text.splitlines() if any(w in l for w in words)][:n]


def part_ima():
    import torch
    pt2 = compiled("gather_ima", "gather_ima")
    d = os.path.dirname(pt2)
    good = os.path.join(d, "inputs.pt")
    bad = os.path.join(d, "bad-inputs.pt")
    x = torch.load(good)
    x[0][7] = 10 ** 8
    torch.save(x, bad)
    inv = json.loads(sh(tool() + [pt2, "--list=json"]).stdout)
    sites = inv["models"][0]["inventory"]["sites"]
    user = [s for s in sites if s["kind"] == "user_triton"][0]
    want = f"#{user['ordinal']} {user['kernel']}"
    variants = {"original": pt2}
    for name in ["pinpoint-ima", "pinpoint-ima-sparse"]:
        variants[name] = instrument(pt2, preset(name), name)

    def repeat(name, p):
        """A.ima_runs runs; how many name the kernel, how many name it
        alone (not as one of several), the first run's text."""
        named = exact = 0
        first = ""
        for i in range(A.ima_runs):
            r = run(p, bad, f"ima-{name}-{i}")
            text = r["stderr"] + r.get("error", "")
            named += want in text
            exact += f"first launch that did not complete: {want} " in text
            if i == 0:
                first = text
                record(event="ima-run", variant=name, failed=not r["ok"],
                       names_kernel=want in text,
                       excerpt=lines_with(text, "aoti-instrument", "illegal", n=5))
        record(event="ima-repeat", variant=name, runs=A.ima_runs, named=named,
               named_alone=exact, kernel=want)
        return first

    texts = {name: repeat(name, p) for name, p in variants.items()}
    # The sparse report's rule, added to the sparse preset: the fault, when
    # it comes again, is named alone.
    m = re.search(r"add to the rules: (\{name: exact-window, match: "
                  r"\{ordinals: \"[0-9,-]+\"\}, breadcrumb: true\})",
                  texts["pinpoint-ima-sparse"])
    record(event="ima-window-rule", rule=m.group(1) if m else None)
    if m:
        rules = os.path.join(A.work, "ima-sparse-window.yaml")
        with open(preset("pinpoint-ima-sparse")) as f, open(rules, "w") as g:
            g.write(f.read().rstrip("\n") + "\n  - " + m.group(1) + "\n")
        repeat("pinpoint-ima-sparse-window",
               instrument(pt2, rules, "pinpoint-ima-sparse-window"))
    rules = os.path.join(A.work, "ima-guard.yaml")
    with open(rules, "w") as f:
        f.write("input_guards:\n  inputs:\n"
                "    - {input: 0, dtype: int64, values: [0, 999]}\n")
    guarded = instrument(pt2, rules, "guard")
    r = run(guarded, bad, "guard-bad")
    ok = run(guarded, good, "guard-good")
    ref = run(pt2, good, "original-good")
    record(event="ima-guard", refused=not r["ok"],
           excerpt=lines_with(r["stderr"], "aoti-instrument", n=2),
           good_input_ok=ok["ok"] and same(ok["outputs"], ref["outputs"]))


def part_buffers():
    import torch
    for model, name in [("user_oob", "catch-oob"), ("user_uninit", "catch-uninit")]:
        pt2 = compiled(model, model)
        d = os.path.dirname(pt2)
        inputs = os.path.join(d, "inputs.pt")
        eager = torch.load(os.path.join(d, "eager.pt"))
        ref = run(pt2, inputs, "original")
        diff = None
        if ref["ok"]:
            diff = max((o.float() - e.float()).abs().max().item()
                       for o, e in zip(torch.load(ref["outputs"]), eager))
        record(event="buffers-original", model=model, ok=ref["ok"],
               max_abs_diff_vs_eager=diff,
               excerpt=lines_with(ref["stderr"], "aoti-instrument", "error", n=3))
        r = run(instrument(pt2, preset(name), name), inputs, name)
        text = r["stderr"] + r.get("error", "")
        record(event="buffers-caught", model=model, variant=name,
               failed=not r["ok"],
               report=lines_with(text, "aoti-instrument", n=4))
    pt2 = compiled("transformer12_fp32", "transformer", dynamic=True)
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    ref = run(pt2, inputs, "original")
    for name in ["catch-oob", "catch-uninit"]:
        r = run(instrument(pt2, preset(name), name), inputs, name)
        record(event="fidelity", dtype="fp32", variant=name, ok=r["ok"],
               bit_identical=r["ok"] and ref["ok"] and
               same(r["outputs"], ref["outputs"]),
               error=r.get("error"),
               excerpt=lines_with(r["stderr"], "aoti-instrument", n=3))
    bench_variants(pt2, "transformer12 fp32 dyn 8x256",
                   [(n, preset(n)) for n in ["catch-oob", "catch-uninit",
                                             "nan-hunt"]])


def part_oob():
    """The one launch behind a write past the end of a buffer run_impl
    reuses, and before the start of one (models.py UserBugs "oob_deep",
    "before"): catch-oob names it alone, not the buffer's writers."""
    for model, what in [("user_oob_deep", "wrote past the end of"),
                        ("user_before", "wrote before the start of")]:
        pt2 = compiled(model, model)
        inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
        r = run(instrument(pt2, preset("catch-oob"), "catch-oob"), inputs,
                "catch-oob")
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


def part_failures():
    """Failures that are not faults, made on purpose at run time, each run
    by the original package and by pinpoint-ima, nan-hunt and print-all:
    whatever the preset, the report must name where the run was. The row
    count of the input picks the failure."""
    import torch
    grid = compiled("fail_grid", "fail_grid")
    oom = compiled("fail_oom", "fail_oom")

    def inputs(pt2, rows):
        path = os.path.join(os.path.dirname(pt2), f"inputs-{rows}.pt")
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
    for case, pt2, path, env in cases:
        for v in ["original", "pinpoint-ima", "nan-hunt", "print-all"]:
            p = pt2 if v == "original" else instrument(pt2, preset(v), v)
            r = run(p, path, f"{case}-{v}", env=env)
            text = r["stderr"] + r.get("error", "")
            record(event="failure", case=case, variant=v, failed=not r["ok"],
                   error=r.get("error"),
                   placed=any(w in text for w in ("failed: an exception",
                                                  "CUDA error")),
                   report=lines_with(text, "[aoti-instrument]", n=4))


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
    rules = os.path.join(A.work, "ranks.yaml")
    with open(rules, "w") as f:
        f.write("version: 1\nsettings:\n  calls: {first: 1}\nrules:\n"
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
    ref = run(pt2, inputs, "original")
    for name in OBSERVATION:
        r = run_api(pt2, name, inputs, "fid-" + name)
        again = run_api(pt2, name, inputs, "fid-again-" + name)
        record(event="api-fidelity", preset=name, ok=r.get("ok"),
               bit_identical=bool(r.get("ok") and ref["ok"] and
                                  same(r["outputs"], ref["outputs"])),
               first_load_s=r.get("load_s"), cached_load_s=again.get("load_s"),
               same_entry=r.get("package") == again.get("package"),
               error=r.get("error") or r.get("report"))


def part_nan():
    pt2 = compiled("nan_chain", "nan_chain")
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    out = instrument(pt2, preset("nan-hunt"), "nan-hunt")
    r = run(out, inputs, "nan-hunt")
    record(event="nan", failed=not r["ok"],
           report=lines_with(r["stderr"] + r.get("error", ""), "NaN", "nan", n=4))


def fresh_log(name):
    """A log path in the work dir, emptied: the runtime appends to its log,
    and the logs of earlier calls on a warm machine must not be compared."""
    path = os.path.join(A.work, name)
    if os.path.exists(path):
        os.remove(path)
    return path


def part_fidelity():
    for dtype in A.fidelity_dtypes.split(","):
        pt2 = compiled(f"transformer12_{dtype}", "transformer", dtype=dtype,
                       dynamic=True)
        inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
        ref = run(pt2, inputs, "original")
        for name in A.fidelity_presets.split(","):
            rules = preset(name)
            if name == "nan-hunt" and dtype == "bf16":
                # Keep running past a report: fidelity is the question.
                rules = os.path.join(A.work, "nan-warn.yaml")
                with open(rules, "w") as f:
                    f.write(open(preset("nan-hunt")).read().replace(
                        "on_fail: throw", "on_fail: warn"))
            r = run(instrument(pt2, rules, name), inputs, name,
                    env={"AOTI_INSTRUMENT_LOG": fresh_log(f"{dtype}-{name}.log")})
            record(event="fidelity", dtype=dtype, variant=name, ok=r["ok"],
                   bit_identical=r["ok"] and ref["ok"] and
                   same(r["outputs"], ref["outputs"]),
                   error=r.get("error"))
        if "print-all" in A.fidelity_presets.split(","):
            # Batched statistics print what one launch per probe prints.
            log = fresh_log(f"{dtype}-print-all-unbatched.log")
            r = run(instrument(pt2, print_all_unbatched(), "print-all-unbatched"),
                    inputs, "print-all-unbatched",
                    env={"AOTI_INSTRUMENT_LOG": log})
            # Lines may differ only where the run itself does: the seeds
            # SDPA draws each call (a CPU int64 scalar) are named.
            batched = open(os.path.join(A.work, f"{dtype}-print-all.log")
                           ).read().splitlines()
            unbatched = open(log).read().splitlines()
            diff = [(a, b) for a, b in zip(batched, unbatched) if a != b]
            record(event="print-batched-same", dtype=dtype, ok=r["ok"],
                   lines=len(batched), same_count=len(batched) == len(unbatched),
                   differing=len(diff),
                   differing_tensors=sorted({
                       a.split("   ")[0].split()[-2] + " " +
                       " ".join(a.split("   ")[1].split()[:3])
                       for a, _ in diff if "   " in a}),
                   first_diff=f"{diff[0][0]!r} / {diff[0][1]!r}" if diff else None)


# The start of BENCH and PROFILE (variants_in_one_process): every variant
# loaded in this process, 5 warm-up forwards each.
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


HOSTPROF_LOOP = SKIP_ISA_PROBE + r"""
import sys, time, torch
pt2, inputs, forwards, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
m = torch._inductor.aoti_load_package(pt2)
args = [a.cuda() for a in torch.load(inputs)]
for _ in range(20):
    m(*args)
torch.cuda.synchronize()
open(start, "w").close()  # hostprof.cpp samples from here
t0 = time.perf_counter()
for i in range(forwards):
    m(*args)
    if i % 20 == 19:
        torch.cuda.synchronize()
torch.cuda.synchronize()
wall = (time.perf_counter() - t0) / forwards * 1e6
import ctypes
ctypes.CDLL(None).hostprof_write()  # while the package's .so is on disk
# The GPU side: kernels per forward, by name (10 forwards, torch.profiler).
import collections, json
from torch.profiler import profile, ProfilerActivity
from torch.autograd import DeviceType
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for _ in range(10):
        m(*args)
    torch.cuda.synchronize()
ev = [e for e in prof.events() if e.device_type == DeviceType.CUDA]
names = collections.Counter(e.name[:60] for e in ev)
print(json.dumps({"kernels_per_forward": len(ev) / 10,
                  "top": [[n, c / 10] for n, c in names.most_common(8)]}))
print(wall)
"""


def hostprof_variant(path, inputs, so, work, txt, forwards):
    """One package alone in a process, `forwards` forwards sampled by the
    hostprof.cpp library `so` (every 200 us): the samples read against the
    package's own .so (torch deletes the extracted one) into `txt` (and
    `txt` as .json); returns (wall us per forward, the GPU side: kernels per
    forward and the most frequent)."""
    name = os.path.basename(txt)[:-4]
    raw = os.path.join(work, name + ".raw")
    start = raw + ".start"
    if os.path.exists(start):
        os.remove(start)
    env = {"HOSTPROF_OUT": raw, "HOSTPROF_START_FILE": start,
           "HOSTPROF_US": "200",
           "LD_PRELOAD": os.environ.get("LD_PRELOAD", "") + " " + so}
    p = sh([sys.executable, "-c", HOSTPROF_LOOP, path, inputs, str(forwards),
            start], env=env, timeout=600)
    wall = float(p.stdout.strip().splitlines()[-1])
    gpu = json.loads(p.stdout.strip().splitlines()[-2])
    import zipfile
    mods = []
    with zipfile.ZipFile(path) as z:
        for e in z.namelist():
            if e.endswith(".so"):
                copy = os.path.join(work, name + "-" + os.path.basename(e))
                with open(copy, "wb") as f:
                    f.write(z.read(e))
                mods += ["--module", os.path.basename(e) + "=" + copy]
    q = sh([sys.executable, os.path.join(REPO, "scripts", "bench",
                                         "hostprof.py"), raw, "--per",
            str(forwards), "--us-per-sample", "200", "--top", "60",
            "--json", txt[:-4] + ".json", "--callees", "aoti_rt::"] + mods)
    with open(txt, "w") as f:
        f.write(f"wall {wall:.1f} us per forward\n" + q.stdout)
    # The samples beside the text, for another reading later (hostprof.py
    # needs the modules too: they are in the package).
    sh(["xz", "-k", "-f", "-T2", raw])
    shutil.copy(raw + ".xz", os.path.join(os.path.dirname(txt),
                                          os.path.basename(raw) + ".xz"))
    return wall, gpu, q.stdout.splitlines()[0]


def build_hostprof(work):
    """scripts/bench/hostprof.cpp built into WORK; its path."""
    so = os.path.join(work, "hostprof.so")
    sh(["g++", "-O2", "-shared", "-fPIC",
        os.path.join(REPO, "scripts", "bench", "hostprof.cpp"), "-o", so])
    return so


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
    path = os.path.join(A.work, "print-all-now.yaml")
    with open(path, "w") as f:
        f.write("rules:\n  - {name: print-every-launch, print: {level: stats, "
                "when: both, tensors: all}}\n")
    return path


def nan_hunt_unbatched():
    """nan-hunt.yaml with one NaN-count launch per probe (`batch: false`),
    as it was before batching."""
    path = os.path.join(A.work, "nan-hunt-unbatched.yaml")
    with open(path, "w") as f:
        f.write("rules:\n  - {name: first-nan, nan_check: {when: after, "
                "tensors: outputs, check: nan, on_fail: throw, defer: true, "
                "batch: false}}\n")
    return path


def print_all_unbatched():
    """print-all.yaml with one statistics launch per probe (`batch: false`),
    as it was before batching."""
    path = os.path.join(A.work, "print-all-unbatched.yaml")
    with open(path, "w") as f:
        f.write("rules:\n  - {name: print-every-launch, print: {level: stats, "
                "when: both, tensors: all, defer: true, batch: false}}\n")
    return path


def extra_variants():
    """The variants measured before (pinpoint-sync, print-all without
    defer), with --all-variants."""
    return ([("pinpoint-sync", preset("pinpoint-sync")),
             ("print-all-now", print_all_now())] if A.all_variants else [])


def part_bench():
    pt2 = compiled("transformer12_fp32", "transformer", dynamic=True)
    nothing = os.path.join(A.work, "match-nothing.yaml")
    with open(nothing, "w") as f:
        f.write("rules:\n  - {name: none, match: {kernel: no_such_kernel_*}, "
                "sync: true}\n")
    bench_variants(pt2, "transformer12 fp32 dyn 8x256",
                   [("match-nothing", nothing),
                    ("pinpoint-ima", preset("pinpoint-ima"))] +
                   [(n, preset(n)) for n in ["pinpoint-ima-sparse", "nan-hunt",
                                             "print-all"]] +
                   [("nan-hunt-unbatched", nan_hunt_unbatched()),
                    ("print-all-unbatched", print_all_unbatched())] +
                   extra_variants())


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
    ref = run(pt2, inputs, "cpponly-ref")
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
    global A
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("parts", nargs="+",
                   choices=["ima", "nan", "fidelity", "bench", "decode", "api",
                            "buildtime", "cpponly", "buffers", "failures",
                            "inputs", "oob",
                            "serve", "ranks", "profile", "hostprof"])
    p.add_argument("--work", default="/tmp/aoti-pt2")
    p.add_argument("--out", default=os.environ.get("OUT", "/tmp/aoti-pt2-out"))
    p.add_argument("--rounds", type=int, default=25)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--ima-runs", type=int, default=5)
    p.add_argument("--serve-runs", type=int, default=20)
    p.add_argument("--loops", default="async,step",
                   help="decode: how forwards follow each other, timed "
                        "apart: async (back to back), step (each output "
                        "read on the host first, as a decode loop does)")
    p.add_argument("--fidelity-dtypes", default="fp32,bf16")
    p.add_argument("--fidelity-presets", default=",".join(OBSERVATION),
                   help="fidelity: the presets, in this order")
    p.add_argument("--profile-models", default="decoder,transformer")
    p.add_argument("--profile-presets",
                   default="pinpoint-ima,nan-hunt,print-all,catch-oob,catch-uninit")
    p.add_argument("--hostprof-forwards", type=int, default=3000)
    p.add_argument("--hostprof-variants", default="original,pinpoint-ima,nan-hunt")
    p.add_argument("--all-variants", action="store_true",
                   help="bench and decode: also pinpoint-sync and print-all "
                        "without defer")
    A = gpu_scenarios.A = p.parse_args()
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    for part in A.parts:
        log("part", part)
        try:
            globals()["part_" + part]()
        except Exception as e:  # record, go on with the next part
            record(event="part-failed", part=part, error=str(e)[:2000])


if __name__ == "__main__":
    main()
