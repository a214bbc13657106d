#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A benchmark zoo: the presets' cost on real architectures (random weights,
fp32, eval, seed 0), each model AOT-compiled to a .pt2 package
(torch.export.export(strict=False), then aoti_compile_and_package) and
instrumented with every preset by `$AOTI_TOOL model.pt2 -rules R -o V.pt2`.

Models (MODELS; add one by adding a builder there):
  resnet18       torchvision resnet18, 8 x 3 x 224 x 224
  mobilenet_v3   torchvision mobilenet_v3_large, 8 x 3 x 224 x 224
  convnext       torchvision convnext_tiny, 8 x 3 x 224 x 224
  vit            torchvision vit_b_16 (ViT-B/16, 86M parameters, not timm's
                 smaller vit_small), 8 x 3 x 224 x 224
  bert           transformers BertModel (6 layers, hidden 768, 12 heads,
                 no pooler), input_ids and an attention mask of ones,
                 8 x 128: last_hidden_state
  llama_decode   transformers LlamaForCausalLM (8 layers, hidden 512, as
                 gpu_scenarios.llama_pt2), 1 x 16 tokens: logits (launch-bound)
  llama_prefill  the same at 1 x 512 tokens
  transformer12  models.py's 12-layer transformer with its dynamic shapes,
                 8 x 256 tokens (gpu_scenarios.py's bench part)
  moe            models.py's mixture-of-experts block (a softmax router,
                 torch.topk, 8 expert MLPs as batched einsum, a gather by
                 the top-k indices), fp32, 512 tokens x 512
  moe_bf16       the same in bf16, the chosen experts' outputs added back to
                 their tokens with index_add, 512 x 512 (torch 2.11's AOTI
                 cannot compile torch._grouped_mm experts on CUDA: its
                 wrapper calls aoti_torch_cuda__grouped_mm, which 2.11's
                 shim does not declare)
  llama_bf16     llama_decode's decoder in bf16 at 1 x 128 tokens: its
                 attention is the extern cuDNN SDPA (outputs returned
                 through the shim's out-parameters, some undefined)

Phases (each a subcommand; each stops starting work when --deadline
seconds have passed, so one call fits the device's 10 minutes; what exists
in --work is reused, so a phase cut short is finished by calling it again):
  build       AOT-compiles each model into WORK/<model>/model.pt2 and saves
              its inputs (inputs.pt) and eager outputs (eager.pt); one
              subprocess per model, --jobs at a time; a model whose
              model.pt2 exists is skipped, one that fails is recorded and
              the others go on. Inductor's cache is kept in WORK/cache.
  instrument  every model x preset with $AOTI_TOOL (--jobs at a time) into
              WORK/<model>/<preset>.pt2, skipped when it exists: seconds and
              the tool's summary (its last stderr line); and each model's
              launch sites (`$AOTI_TOOL model.pt2 --list`).
  bench       per model, ONE process loads the original and every variant
              and times them round-robin (--rounds rounds, order shuffled
              each round, of --iters forwards each, more for a fast model
              (a round of the original lasts --min-round-ms), a sync after each
              round's forwards; the garbage collector off while timing;
              --pin CPUs): median, p10, p90 ms per forward and x vs the
              original's median, and the paired x: the median over rounds
              of the variant's time over the original's in the same round,
              with its 95% bootstrap interval (every round's ms kept in
              rounds_ms). The table shows the paired x where a run has it.
  profile     per model, one process: wall us per forward of each variant
              (round-robin, no profiler), then torch.profiler over
              --forwards forwards of each: kernels and GPU busy us per
              forward, and the kernels the variant ADDED (names absent from
              the original's profile: the runtime's own) with their device
              us per forward; with the model's launch sites, host us per
              launch = (variant wall - original wall) / launches (the
              host's cost where the model is launch-bound; elsewhere it
              holds added GPU time too). Per-kernel tables in
              OUT/zoo-profile-<model>.txt.
  fidelity    per model, ONE process loads the original and every variant
              and calls each --runs times (scripts/e2e/fidelity.py): every
              output bit-identical to the original's (one the original
              itself does not repeat, an atomics-based sum, compared with
              allclose), and nothing on stderr (the C++ side's included)
              but the tool's own lines
  armed       the cost of an armed CUDA core dump: per model,
              --processes pairs of processes, one with the dump armed
              (docs/coredump.md's environment) and one without, in
              alternating order, each timing the original and the chosen
              presets round-robin like bench: arming's own cost (armed
              original / plain original, across processes, median and
              range over the pairs) and each preset's with the dump armed.
  hostprof    per model and variant, one process sampled by
              scripts/bench/hostprof.cpp over --forwards forwards: self and
              inclusive host us per forward by function, in
              OUT/zoo-hostprof-<model>-<variant>.txt.
  table       Markdown tables from zoo.jsonl files: models x presets,
              "1.03x (1.01-1.05)" = median (p10-p90) vs the original, each
              preset's range over the zoo, cells over the preset's aim in
              bold; the profile's added GPU and host time; with
              --launch-us, each profiled cell's launch floor (the stream
              operations it adds x a bare launch) and whether the median
              meets the aim or the floor + 10%.
Results: one JSON object per line appended to OUT/zoo.jsonl (event, model,
variant, ...), each also printed on stdout.

On the GPU machine (device_setup.sh sets AOTI_TOOL and the LD_PRELOAD the
AOTI .so files need there; the work dir is ignored by git and is not a
carried path, so it stays on a warm machine between calls; a call cut by
--deadline is finished by the same command again):
  source scripts/e2e/device_setup.sh
  python3 scripts/e2e/zoo.py build --work build-zoo --out $OUT
  python3 scripts/e2e/zoo.py instrument --work build-zoo --out $OUT
  python3 scripts/e2e/zoo.py bench \\
      --models resnet18,mobilenet_v3,convnext,vit \\
      --work build-zoo --out $OUT
  python3 scripts/e2e/zoo.py bench \\
      --models bert,llama_decode,llama_prefill,transformer12 \\
      --work build-zoo --out $OUT
  python3 scripts/e2e/zoo.py profile --work build-zoo --out $OUT
  python3 scripts/e2e/zoo.py hostprof --models resnet18 \\
      --presets nan-hunt --work build-zoo --out $OUT
Then here, with the zoo.jsonl files brought back:
  python3 scripts/e2e/zoo.py table run1/zoo.jsonl run2/zoo.jsonl ...
A CPU smoke test: --device cpu (build, bench; instrument needs AOTI_TOOL).
"""
import argparse
import concurrent.futures as cf
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEST_E2E = os.path.join(REPO, "test", "e2e")  # models.py, harness.py
sys.path[:0] = [HERE, TEST_E2E]
from gpu_common import SKIP_ISA_PROBE, build_hostprof, hostprof_variant  # noqa: E402

PRESETS = ["pinpoint-ima", "pinpoint-ima-sparse", "input-guards", "nan-hunt",
           "catch-oob", "catch-uninit", "print-all"]
# The overhead each preset aims to stay under (x vs the original).
AIMS = {"pinpoint-ima-sparse": 1.05, "input-guards": 1.05, "nan-hunt": 1.25,
        "catch-oob": 1.25, "catch-uninit": 1.5, "print-all": 3.0}
A = None  # the parsed arguments
START = time.time()
LOCK = threading.Lock()


# ---------------------------------------------------------------- the zoo

def generator():
    import torch
    return torch.Generator().manual_seed(1)


def torchvision_model(name, batch=8):
    def build():
        import torch
        import torchvision
        torch.manual_seed(0)
        m = getattr(torchvision.models, name)(weights=None)
        x = torch.randn(batch, 3, 224, 224, generator=generator())
        return m, (x,), None
    return build


def bert(batch=8, tokens=128):
    import torch
    import transformers

    class LastHidden(torch.nn.Module):
        def __init__(self, enc):
            super().__init__()
            self.enc = enc

        def forward(self, ids, mask):
            out = self.enc(input_ids=ids, attention_mask=mask)
            return out.last_hidden_state

    cfg = transformers.BertConfig(hidden_size=768, num_hidden_layers=6,
                                  num_attention_heads=12,
                                  intermediate_size=3072, vocab_size=30522)
    torch.manual_seed(0)
    m = LastHidden(transformers.BertModel(cfg, add_pooling_layer=False))
    ids = torch.randint(0, cfg.vocab_size, (batch, tokens),
                        generator=generator())
    return m, (ids, torch.ones(batch, tokens, dtype=torch.int64)), None


def llama(tokens, layers=8, batch=1):
    """gpu_scenarios.llama_pt2's decoder (models.llama_logits)."""
    def build():
        import models
        m, vocab = models.llama_logits(layers)
        ids = torch_randint(vocab, (batch, tokens))
        return m, (ids,), None
    return build


def torch_randint(high, shape):
    import torch
    return torch.randint(0, high, shape, generator=generator())


def transformer12():
    import models
    return models.build("transformer", dynamic=True)


def moe(bf16=False, tokens=512, d=512):
    """models.py's mixture-of-experts block (8 experts, top 2): fp32 with
    the chosen experts gathered, or bf16 with them added back in place
    (index_add)."""
    def build():
        import torch
        import models
        torch.manual_seed(0)
        m = models.MoE(d=d, hidden=2 * d,
                       combine="index_add" if bf16 else "gather")
        x = torch.randn(tokens, d, generator=generator())
        if bf16:
            m, x = m.to(torch.bfloat16), x.to(torch.bfloat16)
        return m, (x,), None
    return build


def llama_bf16(tokens=128, layers=8):
    """The decoder of llama() in bf16: Inductor calls SDPA as the extern
    cuDNN attention, whose outputs the shim returns (some undefined)."""
    def build():
        import torch
        import models
        m, vocab = models.llama_logits(layers)
        return m.to(torch.bfloat16), (torch_randint(vocab, (1, tokens)),), None
    return build


# name -> () -> (module, example args, dynamic_shapes or None), on the CPU;
# build_one moves them to --device.
MODELS = {
    "resnet18": torchvision_model("resnet18"),
    "mobilenet_v3": torchvision_model("mobilenet_v3_large"),
    "convnext": torchvision_model("convnext_tiny"),
    "vit": torchvision_model("vit_b_16"),
    "bert": bert,
    "llama_decode": llama(16),
    "llama_prefill": llama(512),
    "transformer12": transformer12,
    "moe": moe(),
    "moe_bf16": moe(bf16=True),
    "llama_bf16": llama_bf16(),
}


# ------------------------------------------------------------ plumbing

def log(*a):
    print("[zoo]", *a, flush=True)


def record(**kv):
    kv["t"] = time.strftime("%H:%M:%S")
    line = json.dumps(kv)
    with LOCK:
        print(line, flush=True)
        with open(os.path.join(A.out, "zoo.jsonl"), "a") as f:
            f.write(line + "\n")


def seconds_left():
    return A.deadline - (time.time() - START)


def run_cmd(cmd, env=None):
    """Runs cmd until the deadline: (returncode, stdout, stderr); the
    returncode is None when it ran out of time (it is killed)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=dict(os.environ, **(env or {})))
    try:
        out, err = p.communicate(timeout=max(1.0, seconds_left()))
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        p.kill()
        try:  # its children may hold the pipes a while longer
            out, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            out, err = "", "(its output was lost: the pipes stayed open)"
        return None, out, err


def json_lines(text):
    rows = []
    for line in text.splitlines():
        try:
            rows.append(json.loads(line) if line.startswith("{") else None)
        except ValueError:
            pass
    return [r for r in rows if isinstance(r, dict)]


def tail(text, n=15):
    return "\n".join(text.strip().splitlines()[-n:])[-3000:]


def tool():
    return os.environ["AOTI_TOOL"].split()


def model_dir(name):
    return os.path.join(A.work, name)


def package(name, variant="original"):
    base = "model" if variant == "original" else variant
    return os.path.join(model_dir(name), base + ".pt2")


def preset_rules(name):
    """A preset's rules: yaml-rules/<name>.yaml, or a path to a .yaml."""
    if name.endswith(".yaml"):
        return name
    return os.path.join(REPO, "yaml-rules", name + ".yaml")


def variant_name(preset):
    if preset.endswith(".yaml"):
        return os.path.basename(preset)[:-len(".yaml")]
    return preset


def chosen(csv, known=None):
    names = [n for n in csv.split(",") if n]
    unknown = [n for n in names if known is not None and n not in known]
    if unknown:
        raise SystemExit(f"unknown: {', '.join(unknown)}; known: "
                         f"{', '.join(known)}")
    return names


def in_parallel(fn, items, jobs):
    """fn(item) for every item, `jobs` at a time; an item whose turn comes
    after the deadline (less than 20 s left) is recorded as not started."""
    def guarded(item):
        if seconds_left() < 20:
            record(event="not-started", phase=A.phase, item=str(item))
            return
        try:
            fn(item)
        except Exception as e:  # record, go on with the others
            record(event=A.phase + "-error", item=str(item), error=repr(e))
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        for f in [pool.submit(guarded, i) for i in items]:
            f.result()


# ---------------------------------------------------------------- build

def outputs_list(out):
    import torch
    return [out] if isinstance(out, torch.Tensor) else list(out)


def versions():
    v = {"torch": sys.modules["torch"].__version__}
    for lib in ("torchvision", "transformers"):
        if lib in sys.modules:
            v[lib] = sys.modules[lib].__version__
    return v


def build_one(name):
    """The body of one build subprocess: compiles MODELS[name] into
    WORK/name/model.pt2 (through compiling.pt2) with its inputs and eager
    outputs; prints one JSON object."""
    import torch
    d = model_dir(name)
    os.makedirs(d, exist_ok=True)
    m, args, dyn = MODELS[name]()
    m = m.to(A.device).eval()
    args = tuple(a.to(A.device) for a in args)
    t0 = time.time()
    with torch.no_grad():
        eager = outputs_list(m(*args))
        ep = torch.export.export(m, args, dynamic_shapes=dyn, strict=False)
    t1 = time.time()
    tmp = os.path.join(d, "compiling.pt2")
    torch._inductor.aoti_compile_and_package(ep, package_path=tmp)
    t2 = time.time()
    torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
    torch.save([o.cpu() for o in eager], os.path.join(d, "eager.pt"))
    os.replace(tmp, package(name))
    print(json.dumps({
        "ok": True, "export_s": round(t1 - t0, 1),
        "compile_s": round(t2 - t1, 1),
        "parameters": sum(p.numel() for p in m.parameters()),
        "inputs": [list(a.shape) for a in args],
        "outputs": [list(o.shape) for o in eager],
        "pt2_mb": round(os.path.getsize(package(name)) / 2**20, 1),
        "versions": versions()}))


def build_env():
    """Inductor's and Triton's caches in WORK (what a call cut short
    compiled is reused by the next), and the cores shared by the jobs."""
    cache = os.path.join(A.work, "cache")
    env = {"TORCHINDUCTOR_CACHE_DIR": os.path.join(cache, "inductor"),
           "TRITON_CACHE_DIR": os.path.join(cache, "triton"),
           "TORCHINDUCTOR_COMPILE_THREADS":
               str(max(2, (os.cpu_count() or 2) // A.parallel))}
    return {k: os.environ.get(k, v) for k, v in env.items()}


def build_model(name):
    t0 = time.time()
    rc, out, err = run_cmd([sys.executable, os.path.abspath(__file__),
                            "build-one", name, "--work", A.work,
                            "--out", A.out, "--device", A.device], build_env())
    with open(os.path.join(model_dir(name), "build.log"), "w") as f:
        f.write(out + err)
    seconds = round(time.time() - t0, 1)
    done = [r for r in json_lines(out) if r.get("ok")]
    if rc == 0 and done:
        record(event="built", model=name, device=A.device, seconds=seconds,
               **done[-1])
    else:
        record(event="build-failed", model=name, device=A.device,
               seconds=seconds, timed_out=rc is None, rc=rc, error=tail(err))


def phase_build():
    todo = []
    for name in chosen(A.models, MODELS):
        if os.path.exists(package(name)):
            log(name, "already built:", package(name))
        else:
            os.makedirs(model_dir(name), exist_ok=True)
            todo.append(name)
    A.parallel = max(1, min(A.jobs, len(todo)))
    in_parallel(build_model, todo, A.parallel)


# ----------------------------------------------------------- instrument

def count_launches(name):
    """Launch sites of the model's package (`--list`: the lines whose first
    character that is not a space is a digit); cached in WORK/name."""
    cache = os.path.join(model_dir(name), "launches.txt")
    if os.path.exists(cache):
        return int(open(cache).read())
    rc, out, err = run_cmd(tool() + [package(name), "--list"])
    if rc != 0:
        record(event="launches-failed", model=name, rc=rc, error=tail(err))
        return None
    n = sum(1 for l in out.splitlines() if l.strip()[:1].isdigit())
    with open(cache, "w") as f:
        f.write(str(n))
    record(event="launches", model=name, launches=n)
    return n


def instrument_one(job):
    name, preset = job
    out = package(name, variant_name(preset))
    t0 = time.time()
    rc, _, err = run_cmd(tool() + [package(name), "-rules",
                                   preset_rules(preset), "-o", out])
    lines = err.strip().splitlines()
    record(event="instrumented" if rc == 0 else "instrument-failed",
           model=name, variant=variant_name(preset),
           seconds=round(time.time() - t0, 1), rc=rc,
           summary=lines[-1] if lines else "",
           **({} if rc == 0 else {"error": tail(err)}))


def built_models():
    names = []
    for name in chosen(A.models):
        if os.path.exists(package(name)):
            names.append(name)
        else:
            record(event="missing", phase=A.phase, model=name,
                   path=package(name))
    return names


def phase_instrument():
    if not os.environ.get("AOTI_TOOL"):
        raise SystemExit("AOTI_TOOL is not set "
                         "(source scripts/e2e/device_setup.sh)")
    names = built_models()
    jobs = [(n, p) for n in names for p in chosen(A.presets)
            if not os.path.exists(package(n, variant_name(p)))]
    in_parallel(count_launches, names, A.jobs)
    in_parallel(instrument_one, jobs, A.jobs)


# ------------------------------------------------- bench and profile

# The start of BENCH and PROFILE, as gpu_scenarios.py's LOAD_VARIANTS but on
# any device, and a variant that fails (to load, or later) is reported and
# left out while the others go on. argv[1]: JSON with variants ([name,
# path], the original first), inputs, device and the phase's numbers.
LOAD = SKIP_ISA_PROBE + r"""
import gc, json, random, statistics, sys, time, torch
S = json.loads(sys.argv[1])
cuda = S["device"].startswith("cuda")
sync = torch.cuda.synchronize if cuda else (lambda: None)
args = [a.to(S["device"]) for a in torch.load(S["inputs"])]
# --inputs alternate: every other forward gets a copy of the inputs, both
# alive, as a caller that makes the next input while the last is still
# referenced.
args_odd = [a.clone() for a in args] if S.get("alternate") else args
print(json.dumps({"info": {"device_name": torch.cuda.get_device_name()
                           if cuda else "cpu", "torch": torch.__version__}}),
      flush=True)


def failed(n, e):
    text = str(e).strip() or repr(e)
    print(json.dumps({"variant": n, "error": text.splitlines()[0][:300]}),
          flush=True)
    models.pop(n, None)
    if n == "original":
        sys.exit("the original package failed")


def forwards(n, count):
    # Seconds per forward of `count` forwards back to back, then a sync.
    m = models[n]
    sync()
    t0 = time.perf_counter()
    for i in range(count):
        m(*(args_odd if i % 2 else args))
    sync()
    return (time.perf_counter() - t0) / count


def round_robin(rounds, iters):
    # Seconds per forward of each variant alive at the end, per round.
    times = {n: [] for n in models}
    rng = random.Random(0)
    for _ in range(rounds):
        order = list(models)
        rng.shuffle(order)
        for n in order:
            try:
                times[n].append(forwards(n, iters))
            except Exception as e:
                failed(n, e)
    return {n: t for n, t in times.items() if n in models}


models = {}
for n, p in S["variants"]:
    try:
        models[n] = torch._inductor.aoti_load_package(p)
        forwards(n, 5)
    except Exception as e:
        failed(n, e)
"""


BENCH = LOAD + r"""
# Enough forwards per round that a round of the original takes at least
# min_round_ms: a launch-bound model of 0.6 ms is noisy over 20 forwards.
per = forwards("original", 10)
iters = max(S["iters"], int(S["min_round_ms"] / 1e3 / max(per, 1e-6)) + 1)
print(json.dumps({"info": {"iters": iters}}), flush=True)
gc.collect()
gc.disable()  # a collection inside a timed round is noise, not cost
times = round_robin(S["rounds"], iters)
gc.enable()
base = statistics.median(times["original"])
for n, t in times.items():
    ms = [x * 1e3 for x in t]
    s = sorted(ms)
    med = statistics.median(s)
    p10, p90 = s[len(s) // 10], s[(len(s) * 9) // 10]
    print(json.dumps({"variant": n, "median_ms": round(med, 4),
                      "p10_ms": round(p10, 4), "p90_ms": round(p90, 4),
                      "x": round(med / (base * 1e3), 3),
                      "x_p10": round(p10 / (base * 1e3), 3),
                      "x_p90": round(p90 / (base * 1e3), 3),
                      "rounds_ms": [round(x, 4) for x in ms]}), flush=True)
"""


PROFILE = LOAD + r"""
from torch.profiler import profile, ProfilerActivity
from torch.autograd import DeviceType
F = S["forwards"]
kind = DeviceType.CUDA if cuda else DeviceType.CPU
wall = {n: statistics.median(t) * 1e6 for n, t in
        round_robin(S["wall_rounds"], S["wall_iters"]).items()}


def kernels(n):
    with profile(activities=[ProfilerActivity.CUDA if cuda else
                             ProfilerActivity.CPU]) as prof:
        for _ in range(F):
            models[n](*args)
        sync()
    return prof, [e for e in prof.events() if e.device_type == kind]


def busy_us(ev):
    # Device time covered by at least one kernel (overlaps counted once).
    busy, end = 0.0, None
    for a, b in sorted((e.time_range.start, e.time_range.end) for e in ev):
        if end is None or a > end:
            busy, end = busy + b - a, b
        elif b > end:
            busy, end = busy + b - end, b
    return busy


def by_name(ev):
    k = {}
    for e in ev:
        c, t = k.get(e.name, (0, 0.0))
        k[e.name] = (c + 1, t + e.time_range.end - e.time_range.start)
    return k


original = None
with open(S["report"], "w") as f:
    for n in [n for n in wall if n in models]:
        try:
            prof, ev = kernels(n)
        except Exception as e:
            failed(n, e)
            continue
        k = by_name(ev)
        original = set(k) if original is None else original
        added = sorted(((c, t, name) for name, (c, t) in k.items()
                        if name not in original), key=lambda a: -a[1])
        r = {"variant": n, "wall_us_per_forward": round(wall[n], 1),
             "kernels_per_forward": len(ev) / F,
             "gpu_busy_us_per_forward": round(busy_us(ev) / F, 1),
             "added_kernels_per_forward": sum(c for c, _, _ in added) / F,
             "added_us_per_forward": round(sum(t for _, t, _ in added) / F, 1),
             "added_top": [[name[:60], c / F, round(t / F, 1)]
                           for c, t, name in added[:6]]}
        print(json.dumps(r), flush=True)
        f.write("===== " + json.dumps(r) + "\n")
        sort = "self_device_time_total" if cuda else "self_cpu_time_total"
        f.write(prof.key_averages().table(
            sort_by=sort, row_limit=15, max_name_column_width=60) + "\n")
"""


def variants_of(name):
    """[name, path] of the original and every chosen preset's package that
    exists (those missing are recorded)."""
    variants = [["original", package(name)]]
    for p in chosen(A.presets):
        path = package(name, variant_name(p))
        if os.path.exists(path):
            variants.append([variant_name(p), path])
        else:
            record(event="missing", phase=A.phase, model=name,
                   variant=variant_name(p), path=path)
    return variants


def in_one_process(name, script, env=None, pin=None, **numbers):
    """Runs `script` (BENCH, PROFILE) over the model's variants in one
    process (with `env` added to its environment, on the CPUs `pin` names
    if any: taskset's list); its device info and the results it printed,
    errors recorded. Runtime events go to WORK/name/<phase>-events.log."""
    events = os.path.join(model_dir(name), A.phase + "-events.log")
    if os.path.exists(events):
        os.remove(events)
    spec = dict(numbers, variants=variants_of(name), device=A.device,
                inputs=os.path.join(model_dir(name), "inputs.pt"))
    taskset = ["taskset", "-c", pin] if pin else []
    rc, out, err = run_cmd(taskset + [sys.executable, "-c", script,
                                      json.dumps(spec)],
                           dict(env or {}, AOTI_INSTRUMENT_LOG=events))
    lines = json_lines(out)
    info = {}
    for l in lines:
        info.update(l.get("info", {}))
    for l in lines:
        if "error" in l:
            record(event=A.phase + "-error", model=name, **l)
    if rc != 0:
        record(event=A.phase + "-failed", model=name, rc=rc,
               timed_out=rc is None, error=tail(err))
    return info, [l for l in lines if "variant" in l and "error" not in l]


def each_built_model(fn):
    """fn(name) for each built model, one after the other, until the
    deadline."""
    for name in built_models():
        if seconds_left() < 30:
            record(event="not-started", phase=A.phase, model=name)
            continue
        log(A.phase, name)
        fn(name)


def paired(ratios):
    """The median of per-round ratios (a variant's time over the
    original's in the same round: drift between rounds cancels) and its 95%
    bootstrap interval (1,000 resamples of the rounds, seeded)."""
    rng = random.Random(1)
    boot = sorted(statistics.median(rng.choices(ratios, k=len(ratios)))
                  for _ in range(1000))
    lo, hi = boot[len(boot) // 40], boot[len(boot) * 39 // 40 - 1]
    return {"x_paired": round(statistics.median(ratios), 4),
            "x_paired_ci": [round(lo, 4), round(hi, 4)]}


def round_ratios(row, original):
    return [v / o for v, o in zip(row["rounds_ms"], original["rounds_ms"])]


def with_paired(rows):
    """rows with paired() of each against the original's rounds."""
    by = {r["variant"]: r for r in rows}
    if "original" not in by:
        return rows
    return [dict(r, **paired(round_ratios(r, by["original"]))) for r in rows]


def bench_model(name):
    info, rows = in_one_process(name, BENCH, pin=A.pin, rounds=A.rounds,
                                iters=A.iters, min_round_ms=A.min_round_ms,
                                alternate=A.inputs == "alternate")
    for r in with_paired(rows):
        record(event="bench", model=name, rounds=A.rounds, pin=A.pin,
               inputs=A.inputs, **info, **r)


def profile_model(name):
    launches = count_launches(name) if os.environ.get("AOTI_TOOL") else None
    info, rows = in_one_process(
        name, PROFILE, forwards=A.forwards, wall_rounds=5, wall_iters=20,
        report=os.path.join(A.out, f"zoo-profile-{name}.txt"))
    base = next((r["wall_us_per_forward"] for r in rows
                 if r["variant"] == "original"), None)
    for r in rows:
        per_launch = None
        if launches and base is not None:
            per_launch = round((r["wall_us_per_forward"] - base) / launches, 3)
        record(event="profile", model=name, forwards=A.forwards,
               launches=launches, host_us_per_launch=per_launch, **info, **r)


def hostprof_model(name, so):
    """Each variant alone in a process under scripts/bench/hostprof.cpp
    (built at so): where its host time goes
    (OUT/zoo-hostprof-<model>-<variant>.txt)."""
    inputs = os.path.join(model_dir(name), "inputs.pt")
    for variant, path in variants_of(name):
        if seconds_left() < 30:
            record(event="not-started", phase=A.phase, model=name,
                   variant=variant)
            continue
        txt = os.path.join(A.out, f"zoo-hostprof-{name}-{variant}.txt")
        wall, gpu, sampled = hostprof_variant(path, inputs, so, A.work, txt,
                                              A.forwards)
        record(event="hostprof", model=name, variant=variant,
               wall_us_per_forward=round(wall, 1), **gpu,
               sampled_us_per_forward=sampled)


# The environment that arms the CUDA core dump (docs/coredump.md).
ARMED = {"CUDA_ENABLE_COREDUMP_ON_EXCEPTION": "1",
         "CUDA_COREDUMP_GENERATION_FLAGS":
         "skip_nonrelocated_elf_images,skip_global_memory,"
         "skip_shared_memory,skip_local_memory",
         "CUDA_COREDUMP_FILE": "/tmp/zoo-core.%p"}


def armed_model(name):
    """--processes pairs of processes, armed and not, alternating (which
    comes first alternates too): each times the original and the chosen
    presets round-robin (BENCH). Arming acts on the whole process, so its
    cost is a ratio across processes (armed original / plain original, per
    pair, median and spread over the pairs); a preset's cost with the dump
    armed is its x inside the armed process, times that ratio."""
    pairs = []
    for i in range(A.processes):
        got = {}
        for armed in ([False, True] if i % 2 == 0 else [True, False]):
            if seconds_left() < 30:
                break
            _, rows = in_one_process(name, BENCH, env=ARMED if armed else {},
                                     pin=A.pin, rounds=A.rounds,
                                     iters=A.iters,
                                     min_round_ms=A.min_round_ms)
            got[armed] = {r["variant"]: r for r in rows}
        if len(got) == 2 and "original" in got[False] and "original" in got[True]:
            pairs.append(got)
    if not pairs:
        return
    arming = sorted(p[True]["original"]["median_ms"] /
                    p[False]["original"]["median_ms"] for p in pairs)
    for v in pairs[0][True]:
        inside = sorted(p[True][v]["x"] for p in pairs if v in p[True])
        # Every armed process's rounds together, paired in their process.
        pooled = paired([x for p in pairs if v in p[True]
                         for x in round_ratios(p[True][v],
                                               p[True]["original"])])
        total = sorted(p[True][v]["median_ms"] / p[False]["original"]["median_ms"]
                       for p in pairs if v in p[True])
        record(event="armed", model=name, variant=v, processes=len(pairs),
               rounds=A.rounds, arming_x=round(statistics.median(arming), 3),
               arming_x_range=[round(arming[0], 3), round(arming[-1], 3)],
               x_inside_armed=round(statistics.median(inside), 3),
               x_inside_range=[round(inside[0], 3), round(inside[-1], 3)],
               x_total=round(statistics.median(total), 3),
               x_total_range=[round(total[0], 3), round(total[-1], 3)],
               x_inside_paired=pooled["x_paired"],
               x_inside_paired_ci=pooled["x_paired_ci"])


def phase_armed():
    each_built_model(armed_model)


def phase_hostprof():
    so = build_hostprof(A.work)
    each_built_model(lambda name: hostprof_model(name, so))


def phase_bench():
    each_built_model(bench_model)


def fidelity_model(name):
    """The original and every variant in one process (fidelity.py): outputs
    bit for bit, and what each variant added to stderr."""
    spec = {"device": A.device, "variants": variants_of(name), "runs": A.runs,
            "inputs": os.path.join(model_dir(name), "inputs.pt")}
    rc, out, err = run_cmd([sys.executable, os.path.join(HERE, "fidelity.py"),
                            json.dumps(spec)],
                           {"AOTI_INSTRUMENT_SAVE_DIR":
                            os.path.join(model_dir(name), "saves")})
    lines = [l for l in json_lines(out) if "variants" in l or
             "original_failed" in l]
    if rc != 0 or not lines:
        record(event="fidelity-failed", model=name, rc=rc, error=tail(err))
        return
    res = lines[-1]
    if "original_failed" in res:
        record(event="fidelity-failed", model=name,
               error=res["original_failed"])
        return
    for variant, r in res["variants"].items():
        extra = r.get("noise", [])
        record(event="fidelity", model=name, variant=variant, ok=r["ok"],
               identical=r.get("identical"), error=r.get("error"),
               differing_outputs=r.get("differing_outputs"),
               unstable_outputs=res["unstable_outputs"], noise=extra,
               clean=not extra)


def phase_fidelity():
    each_built_model(fidelity_model)


def phase_profile():
    each_built_model(profile_model)


# ---------------------------------------------------------------- table

def read_events(paths):
    events = []
    for path in paths:
        with open(path) as f:
            events += [json.loads(l) for l in f if l.startswith("{")]
    return events


def latest(events, event):
    """(model, variant) -> the last such event."""
    return {(e["model"], e["variant"]): e for e in events
            if e.get("event") == event and "variant" in e}


def ordered(seen, first):
    return [n for n in first if n in seen] + sorted(set(seen) - set(first))


def x_of(r):
    """A bench row's x: the paired median where the run has one."""
    return r.get("x_paired", r["x"])


def bench_cell(r, preset):
    """"1.03x (0.98–1.21)": median vs the original's (p10–p90); from runs
    with paired rounds, "1.031x [1.024–1.040] (0.98–1.21)": the median of
    the per-round ratios [its 95% interval]. Bold: over the aim."""
    xv = x_of(r)
    x = f"{xv:.3f}x" if "x_paired" in r else f"{xv:.2f}x"
    if preset in AIMS and xv > AIMS[preset]:
        x = f"**{x}**"
    ci = r.get("x_paired_ci")
    ci = f" [{ci[0]:.3f}–{ci[1]:.3f}]" if ci else ""
    return f"{x}{ci} ({r['x_p10']:.2f}–{r['x_p90']:.2f})"


def bench_table(events, launches):
    bench = latest(events, "bench")
    models = ordered({m for m, _ in bench}, MODELS)
    presets = ordered({v for _, v in bench} - {"original"}, PRESETS)
    print("| model | launches | original ms | " + " | ".join(presets) + " |")
    print("| --- " * (3 + len(presets)) + "|")
    for m in models:
        o = bench.get((m, "original"))
        cells = [bench_cell(bench[m, p], p) if (m, p) in bench else "–"
                 for p in presets]
        ms = f"{o['median_ms']:.3f}" if o else "?"
        print(f"| {m} | {launches.get(m, '?')} | {ms} | " +
              " | ".join(cells) + " |")
    ranges = []
    for p in presets:
        rows = [bench[m, p] for m in models if (m, p) in bench]
        xs = [x_of(r) for r in rows]
        f = ".3f" if any("x_paired" in r for r in rows) else ".2f"
        ranges.append(f"{min(xs):{f}}–{max(xs):{f}}x" if xs else "–")
    print("| zoo range | | | " + " | ".join(ranges) + " |")
    print("| aim | | | " + " | ".join(
        f"{AIMS[p]:.2f}x" if p in AIMS else "–" for p in presets) + " |")
    print("\nCells: median x vs the original in the same process (p10–p90 "
          "of the variant over the original's median); with three decimals "
          "and [a 95% interval]: the median over rounds of the variant's "
          "time over the original's in the same round; bold: over the aim.")


def profile_table(events):
    prof = latest(events, "profile")
    if not prof:
        return
    models = ordered({m for m, _ in prof}, MODELS)
    presets = ordered({v for _, v in prof} - {"original"}, PRESETS)
    print("\n| model | kernels / fwd | GPU busy us | wall us | " +
          " | ".join(presets) + " |")
    print("| --- " * (4 + len(presets)) + "|")
    for m in models:
        o = prof.get((m, "original"), {})
        cells = []
        for p in presets:
            r = prof.get((m, p))
            if not r:
                cells.append("–")
                continue
            host = r.get("host_us_per_launch")
            host = "?" if host is None else f"{host:.2f}"
            cells.append(f"+{r['added_us_per_forward']:.0f} us GPU, "
                         f"{host} us/launch")
        print(f"| {m} | {o.get('kernels_per_forward', '?')} | "
              f"{o.get('gpu_busy_us_per_forward', '?')} | "
              f"{o.get('wall_us_per_forward', '?')} | " +
              " | ".join(cells) + " |")
    print("\nCells: device time of the kernels the variant added, per "
          "forward; host us per launch = (variant wall - original wall) / "
          "launch sites.")


def floor_of(bench, prof, model, preset, launch_us):
    """(K, floor x) of a preset on a model: K = the stream operations it
    adds per forward (kernels and memsets: the variant's kernels per
    forward less the original's, from the profile), each costing the host
    a bare launch (launch_us); floor = 1 + K * launch_us / the original's
    median forward. None when a number is missing."""
    o, r, b = (prof.get((model, "original")), prof.get((model, preset)),
               bench.get((model, "original")))
    if not (o and r and b):
        return None
    k = r["kernels_per_forward"] - o["kernels_per_forward"]
    return k, 1 + k * launch_us / (b["median_ms"] * 1000)


def floor_table(events, launch_us):
    """Each profiled cell with an aim: its launch floor, floor + 10%, and
    whether the median meets the aim, or, where the aim is below the
    floor, the floor + 10%."""
    bench, prof = latest(events, "bench"), latest(events, "profile")
    rows = []
    for m in ordered({m for m, _ in prof}, MODELS):
        for p in [p for p in PRESETS if p in AIMS and (m, p) in bench]:
            f = floor_of(bench, prof, m, p, launch_us)
            if f is None:
                continue
            x = x_of(bench[m, p])
            # The floor stands in for the aim only where the aim is below it.
            verdict = ("aim met" if x <= AIMS[p] else
                       "floor + 10% met" if AIMS[p] < f[1] and
                       x <= f[1] * 1.1 else "over")
            rows.append(f"| {m} | {p} | {f[0]:.0f} | {f[1]:.2f}x | "
                        f"{f[1] * 1.1:.2f}x | {AIMS[p]:.2f}x | {x:.2f}x | "
                        f"{verdict} |")
    if not rows:
        return
    print("\n| model | preset | stream ops added | launch floor | floor + "
          "10% | aim | median | |")
    print("| --- " * 8 + "|")
    print("\n".join(rows))
    print(f"\nLaunch floor: 1 + (stream operations the preset adds per "
          f"forward x {launch_us:g} us, a bare launch's host cost) / the "
          f"original's median forward, for a host-bound model.")


def phase_table():
    paths = A.jsonl or [os.path.join(A.out, "zoo.jsonl")]
    events = read_events(paths)
    launches = {e["model"]: e["launches"] for e in events
                if e.get("launches") is not None and "model" in e}
    bench_table(events, launches)
    profile_table(events)
    if A.launch_us:
        floor_table(events, A.launch_us)


# ----------------------------------------------------------------- main

def parse_args():
    p = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="phase", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--work", required=True,
                        help="packages, inputs, logs, caches (kept "
                             "between calls)")
    common.add_argument("--out", default=os.environ.get("OUT", "zoo-out"),
                        help="zoo.jsonl and reports (default $OUT)")
    common.add_argument("--models", default=",".join(MODELS))
    common.add_argument("--presets", default=",".join(PRESETS),
                        help="names in yaml-rules/, or paths to .yaml files")
    common.add_argument("--device", default="cuda")
    common.add_argument("--deadline", type=float, default=540,
                        help="seconds after which no work starts and running "
                             "work is killed")
    b = sub.add_parser("build", parents=[common],
                       help="AOT-compile the models")
    b.add_argument("--jobs", type=int, default=6)
    i = sub.add_parser("instrument", parents=[common],
                       help="every model x preset with $AOTI_TOOL")
    i.add_argument("--jobs", type=int, default=8)
    r = sub.add_parser("bench", parents=[common],
                       help="round-robin latency of each model's variants")
    r.add_argument("--rounds", type=int, default=25)
    r.add_argument("--iters", type=int, default=20,
                   help="forwards per variant per round, at least")
    r.add_argument("--min-round-ms", type=float, default=100.0,
                   help="more forwards per round for a fast model: a round "
                        "of the original lasts at least this long")
    r.add_argument("--pin", default=None,
                   help="taskset's CPU list for the process (default: "
                        "left to the scheduler)")
    r.add_argument("--inputs", choices=["same", "alternate"], default="same",
                   help="alternate: every other forward gets a copy of the "
                        "inputs (a caller that makes a new input tensor "
                        "while the last one is still referenced)")
    f = sub.add_parser("profile", parents=[common],
                       help="torch.profiler of each model's variants")
    f.add_argument("--forwards", type=int, default=10)
    fi = sub.add_parser("fidelity", parents=[common],
                        help="every variant bit for bit against the original")
    fi.add_argument("--runs", type=int, default=3,
                    help="calls of each variant (later calls replay)")
    a = sub.add_parser("armed", parents=[common],
                       help="the cost of an armed CUDA core dump: processes "
                            "armed and not, alternating")
    a.add_argument("--processes", type=int, default=6,
                   help="pairs of processes (armed, plain)")
    a.add_argument("--rounds", type=int, default=10)
    a.add_argument("--iters", type=int, default=20)
    a.add_argument("--min-round-ms", type=float, default=100.0)
    a.add_argument("--pin", default="2-3",
                   help="taskset's CPU list for every process (processes "
                        "left to the scheduler differ by up to 30%%)")
    h = sub.add_parser("hostprof", parents=[common],
                       help="where each variant's host time goes "
                            "(scripts/bench/hostprof.cpp), one process each")
    h.add_argument("--forwards", type=int, default=2000)
    t = sub.add_parser("table", help="Markdown tables of zoo.jsonl files")
    t.add_argument("jsonl", nargs="*", help="default: OUT/zoo.jsonl")
    t.add_argument("--out", default=os.environ.get("OUT", "zoo-out"))
    t.add_argument("--launch-us", type=float, default=None,
                   help="a bare launch's host cost on the machine of the "
                        "run (run_gpu_tests.sh prints it: TIME per launch "
                        "of a tiny kernel): adds the launch floors")
    o = sub.add_parser("build-one", parents=[common],
                       help="(run by build) compile one model in this process")
    o.add_argument("model", choices=list(MODELS))
    return p.parse_args()


def main():
    global A
    A = parse_args()
    if A.phase == "table":
        return phase_table()
    A.work, A.out = os.path.abspath(A.work), os.path.abspath(A.out)
    if A.phase == "build-one":
        return build_one(A.model)
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    log(A.phase, "work", A.work, "out", A.out, "device", A.device)
    globals()["phase_" + A.phase]()


if __name__ == "__main__":
    main()
