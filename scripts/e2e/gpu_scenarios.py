#!/usr/bin/env python3
"""The GPU scenarios of docs/gpu-results.md and the overheads of
docs/benchmarks.md, on the GPU machine (source scripts/e2e/device_setup.sh
first: it unpacks the portable aoti-instrument and sets AOTI_TOOL).

    gpu_scenarios.py PART... --work /tmp/aoti-gpu --out $OUT

Parts (each idempotent: what exists in --work is reused):
  ima       user Triton gather without bounds check, run with a bad index:
            plain (5 runs), pinpoint-ima (5 runs), an input value guard,
            compute-sanitizer memcheck (time to report)
  nan       NaN provenance with nan-hunt.yaml
  saves     a kernel's inputs saved before launch vs eager tensors
  fidelity  12-layer transformer, dynamic shapes, fp32 and bf16: every
            observation-only preset gives bit-identical outputs
  nanwarn   nan-hunt with on_fail: warn on the bf16 transformer
  bench     latency per forward: plain, each preset, a rule matching
            nothing, upstream printer 2/3 and nan_asserts, CUDA_LAUNCH_BLOCKING
            and PYTORCH_NO_CUDA_MEMORY_CACHING; host compile times
Results: one JSON object per line in OUT/results.jsonl, logs beside it.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEST_E2E = os.path.join(REPO, "test", "e2e")  # models.py, harness.py
HARNESS = [sys.executable, os.path.join(TEST_E2E, "harness.py")]
PRESETS = ["pinpoint-ima", "pinpoint-sync", "print-all", "nan-hunt",
           "save-kernels", "input-guards"]
A = None


def log(*a):
    print("[gpu]", *a, file=sys.stderr, flush=True)


def record(**kv):
    kv["t"] = time.strftime("%H:%M:%S")
    line = json.dumps(kv)
    print(line, flush=True)
    with open(os.path.join(A.out, "results.jsonl"), "a") as f:
        f.write(line + "\n")


def sh(cmd, env=None, timeout=600, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    if check and p.returncode:
        sys.stderr.write(p.stdout[-3000:] + p.stderr[-3000:])
        raise RuntimeError(f"failed ({p.returncode}): {' '.join(cmd)}")
    return p


def case_dir(name):
    return os.path.join(A.work, name)


def compile_case(name, *opts):
    d = case_dir(name)
    if not os.path.exists(os.path.join(d, "case.json")):
        sh(HARNESS + ["compile", "--out", d] + list(opts), timeout=900)
    return d


def build(d, variant=None, rules=None):
    so = os.path.join(d, "variants", variant or "plain", "build",
                      "libaoti_model.so")
    if not os.path.exists(so):
        cmd = HARNESS + ["build", "--dir", d]
        if variant:
            cmd += ["--variant", variant]
        if rules:
            cmd += ["--rules", rules]
        t0 = time.time()
        sh(cmd, timeout=900)
        record(event="built", case=os.path.basename(d), variant=variant or "plain",
               seconds=round(time.time() - t0, 1))
    return so


def run(d, variant=None, inputs=None, iters=0, env=None, expect_error=False,
        wrap=None):
    cmd = HARNESS + ["run", "--dir", d]
    if variant:
        cmd += ["--variant", variant]
    if inputs:
        cmd += ["--inputs", inputs]
    if iters:
        cmd += ["--iters", str(iters)]
    if expect_error:
        cmd.append("--expect-error")
    t0 = time.time()
    p = sh((wrap or []) + cmd, env=env, check=False, timeout=900)
    wall = time.time() - t0
    last = [l for l in p.stdout.splitlines() if l.startswith("{")]
    result = json.loads(last[-1]) if last else {"ok": False, "error": "no result"}
    return result, p.stderr, wall


def preset(name):
    return os.path.join(REPO, "yaml-rules", name + ".yaml")


def write_rules(name, text):
    path = os.path.join(A.work, name + ".yaml")
    with open(path, "w") as f:
        f.write(text)
    return path


def save_log(name, text):
    os.makedirs(os.path.join(A.work, "logs"), exist_ok=True)
    with open(os.path.join(A.work, "logs", name + ".log"), "w") as f:
        f.write(text)


def excerpt(text, pattern, n=3):
    return [l for l in text.splitlines() if re.search(pattern, l)][:n]


# --- ima -------------------------------------------------------------------


def part_ima():
    import torch
    d = compile_case("gather_ima", "--model", "gather_ima", "--device", "cuda")
    good = torch.load(os.path.join(d, "inputs.pt"))
    bad_path = os.path.join(d, "bad-inputs.pt")
    bad = [good[0].clone()]
    bad[0][7] = 10 ** 8          # row 10^8 of a 1000-row table
    torch.save(bad, bad_path)
    guard_rules = write_rules("ima-guard", """input_guards:
  inputs:
    - {input: 0, dtype: int64, values: [0, 999]}
""")
    with cf.ThreadPoolExecutor(3) as ex:
        list(ex.map(lambda v: build(d, *v), [(None, None),
             ("pinpoint-ima", preset("pinpoint-ima")), ("guard", guard_rules)]))
    inv = json.loads(sh(os.environ["AOTI_TOOL"].split() +
                        [harness_wrapper(d), "--list=json"]).stdout)
    user = [s for s in inv["sites"] if s["kind"] == "user_triton"][0]
    record(event="ima-sites", sites=[(s["ordinal"], s["kind"], s["kernel"])
                                     for s in inv["sites"]])
    run(d)   # the reference outputs of the plain build
    for variant in [None, "pinpoint-ima"]:
        named = 0
        for i in range(5):
            r, err, wall = run(d, variant, inputs=bad_path, expect_error=True)
            text = err + r.get("error", "")
            ima = "illegal memory access" in text
            names = f"#{user['ordinal']} {user['kernel']}" in text
            named += names
            save_log(f"ima-{variant or 'plain'}-{i}", text)
            if i == 0:
                record(event="ima-run", variant=variant or "plain",
                       illegal_memory_access=ima, names_kernel=names,
                       seconds=round(wall, 2),
                       excerpt=excerpt(text, r"aoti-instrument|illegal|Error", 6))
        record(event="ima-repeat", variant=variant or "plain", runs=5,
               named=named, expected_kernel=user["kernel"],
               expected_ordinal=user["ordinal"])
    # The guard: a readable error before any launch, then a good call in the
    # same process.
    code = f"""
import sys, torch
sys.path.insert(0, {TEST_E2E!r})
r = torch._C._aoti.AOTIModelContainerRunnerCuda({build(d, 'guard')!r}, 1, 'cuda', {os.path.dirname(harness_wrapper(d))!r})
bad = [x.cuda() for x in torch.load({bad_path!r})]
good = [x.cuda() for x in torch.load({os.path.join(d, 'inputs.pt')!r})]
try:
    r.run(bad); print('GUARD-MISSED')
except Exception:
    print('GUARD-REFUSED')
out = r.run(good)[0]; torch.cuda.synchronize()
ref = torch.load({os.path.join(d, 'outputs-plain.pt')!r})[0]
print('AFTER-OK', torch.equal(out.cpu(), ref))
"""
    p = sh([sys.executable, "-c", code], check=False)
    record(event="ima-guard", refused="GUARD-REFUSED" in p.stdout,
           then_ok="AFTER-OK True" in p.stdout,
           excerpt=excerpt(p.stderr, r"aoti-instrument", 2))
    save_log("ima-guard", p.stdout + p.stderr)
    # compute-sanitizer: time until it reports the bad access.
    cs = "/usr/local/cuda/bin/compute-sanitizer"
    if os.path.exists(cs):
        cs_log = os.path.join(A.work, "logs", "compute-sanitizer.txt")
        r, err, wall = run(d, None, inputs=bad_path, expect_error=True,
                           wrap=[cs, "--tool", "memcheck", "--print-limit", "3",
                                 "--log-file", cs_log])
        text = open(cs_log).read() if os.path.exists(cs_log) else ""
        record(event="ima-compute-sanitizer", seconds=round(wall, 2),
               names_kernel="gather_rows_kernel" in text,
               excerpt=excerpt(text, r"Invalid|gather_rows|ERROR SUMMARY", 4))
        # The same bad run without any tool, and with pinpoint-ima, timed
        # the same way (process start to report).
        for variant in [None, "pinpoint-ima"]:
            r, err, wall = run(d, variant, inputs=bad_path, expect_error=True)
            record(event="ima-time-to-report", variant=variant or "plain",
                   seconds=round(wall, 2))


def harness_wrapper(d):
    sys.path.insert(0, TEST_E2E)
    import harness
    return harness.wrapper_path(d)


# --- nan -------------------------------------------------------------------


def part_nan():
    d = compile_case("nan_chain", "--model", "nan_chain", "--device", "cuda")
    build(d)
    build(d, "nan-hunt", preset("nan-hunt"))
    run(d)
    r, err, _ = run(d, "nan-hunt", expect_error=True)
    inv = json.loads(sh(os.environ["AOTI_TOOL"].split() +
                        [harness_wrapper(d), "--list=json"]).stdout)
    save_log("nan-hunt", err)
    report = excerpt(err, r"\[aoti-instrument\] NaN", 1)
    record(event="nan", failed=not r["ok"], report=report,
           sites=[(s["ordinal"], s["kernel"], s["aten_ops"]) for s in inv["sites"]])


# --- saves -----------------------------------------------------------------


def part_saves():
    import torch
    d = compile_case("mlp_cuda", "--model", "mlp", "--device", "cuda")
    rules = write_rules("save-inputs", """rules:
  - name: inputs-of-relu
    match: {kernel: "triton_poi_fused_addmm_relu_*"}
    save: {when: before, tensors: inputs}
""")
    build(d)
    build(d, "save-inputs", rules)
    run(d)
    saves = os.path.join(A.work, "saves")
    r, err, _ = run(d, "save-inputs", env={"AOTI_INSTRUMENT_SAVE_DIR": saves})
    save_log("saves", err + json.dumps(r))
    sys.path.insert(0, TEST_E2E)
    import glob
    import models
    from safetensors.torch import load_file
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
           bit_identical=r.get("bit_identical"), ok=r["ok"],
           error=r.get("error"), stderr=excerpt(err, r"aoti-instrument|rror", 4))


# --- fidelity ---------------------------------------------------------------


TRANSFORMERS = {"fp32": ("transformer12_fp32", "fp32"),
                "bf16": ("transformer12_bf16", "bf16")}
NOMATCH = "rules:\n  - {name: nothing, match: {kernel: no_such_kernel}, sync: true}\n"


def transformer(dtype):
    name, dt = TRANSFORMERS[dtype]
    return compile_case(name, "--model", "transformer", "--device", "cuda",
                        "--dynamic", "--dtype", dt)


def part_fidelity():
    dirs = {}
    with cf.ThreadPoolExecutor(2) as ex:
        for dt, d in zip(TRANSFORMERS, ex.map(transformer, TRANSFORMERS)):
            dirs[dt] = d
    jobs = [(d, None, None) for d in dirs.values()]
    jobs += [(d, p, preset(p)) for d in dirs.values() for p in PRESETS]
    with cf.ThreadPoolExecutor(8) as ex:
        list(ex.map(lambda j: build(*j), jobs))
    for dt, d in dirs.items():
        run(d)
        for p in PRESETS:
            logf = os.path.join(A.work, f"{dt}-{p}.events")
            r, err, _ = run(d, p, env={"AOTI_INSTRUMENT_LOG": logf,
                                       "AOTI_INSTRUMENT_SAVE_DIR":
                                       os.path.join(A.work, f"saves-{dt}")})
            record(event="fidelity", dtype=dt, preset=p, ok=r["ok"],
                   bit_identical=r.get("bit_identical"),
                   events=sum(1 for _ in open(logf)) if os.path.exists(logf) else 0)


# --- bench -----------------------------------------------------------------


def part_nanwarn():
    """nan-hunt with on_fail: warn on the bf16 transformer: every NaN-making
    launch is reported and the outputs stay bit-identical."""
    d = transformer("bf16")
    rules = write_rules("nan-warn", "rules:\n  - {name: nans, nan_check: "
                        "{when: after, tensors: outputs, on_fail: warn}}\n")
    build(d)
    build(d, "nan-warn", rules)
    run(d)
    logf = os.path.join(A.work, "bf16-nan-warn.events")
    r, err, _ = run(d, "nan-warn", env={"AOTI_INSTRUMENT_LOG": logf})
    lines = open(logf).read().splitlines() if os.path.exists(logf) else []
    save_log("bf16-nan-warn", "\n".join(lines))
    record(event="fidelity", dtype="bf16", preset="nan-hunt (on_fail: warn)",
           ok=r["ok"], bit_identical=r.get("bit_identical"),
           nan_reports=len([l for l in lines if "NaN in" in l]),
           first=lines[:1])


def part_bench():
    d = transformer("fp32")
    # Upstream's equivalents, regenerated from Python with their configs.
    upstream = {
        "printer2": 'aot_inductor.debug_intermediate_value_printer="2"',
        "printer3": 'aot_inductor.debug_intermediate_value_printer="3"',
        "nan_asserts": "nan_asserts=True"}
    with cf.ThreadPoolExecutor(3) as ex:
        dirs = ex.map(lambda kv: compile_case(
            f"transformer12_fp32_{kv[0]}", "--model", "transformer", "--device",
            "cuda", "--dynamic", "--config", kv[1]), upstream.items())
        up = dict(zip(upstream, dirs))
    nomatch = write_rules("nomatch", NOMATCH)
    jobs = [(d, None, None), (d, "nomatch", nomatch)]
    jobs += [(d, p, preset(p)) for p in PRESETS]
    jobs += [(u, None, None) for u in up.values()]
    with cf.ThreadPoolExecutor(8) as ex:
        list(ex.map(lambda j: build(*j), jobs))
    devnull = {"AOTI_INSTRUMENT_LOG": os.path.join(A.work, "bench.events")}
    modes = [("uninstrumented", d, None, {}),
             ("rule matching nothing", d, "nomatch", {})]
    modes += [(p + ".yaml", d, p, dict(devnull, AOTI_INSTRUMENT_SAVE_DIR=
                                       os.path.join(A.work, "bench-saves")))
              for p in PRESETS]
    modes += [("CUDA_LAUNCH_BLOCKING=1", d, None, {"CUDA_LAUNCH_BLOCKING": "1"}),
              ("PYTORCH_NO_CUDA_MEMORY_CACHING=1", d, None,
               {"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}),
              ("both", d, None, {"CUDA_LAUNCH_BLOCKING": "1",
                                 "PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}),
              ("upstream printer level 2", up["printer2"], None, {}),
              ("upstream printer level 3", up["printer3"], None, {}),
              ("upstream nan_asserts", up["nan_asserts"], None, {}),
              ("compute-sanitizer memcheck", d, None, {})]
    base = None
    for label, cd, variant, env in modes:
        iters = 10 if "print" in label or "save" in label or "sync" in label else 50
        wrap = None
        if "sanitizer" in label:
            iters, wrap = 3, ["/usr/local/cuda/bin/compute-sanitizer", "--tool",
                              "memcheck", "--log-file", os.devnull]
        r, err, _ = run(cd, variant, iters=iters, env=env, wrap=wrap)
        ms = r.get("ms_per_forward")
        if label == "uninstrumented":
            base = ms
        record(event="bench", mode=label, ms_per_forward=ms, iters=iters,
               ratio=round(ms / base, 2) if ms and base else None, ok=r["ok"])
    # Host compile time of the wrapper: the build step's time per variant is
    # in the "built" events; here the wrapper's own compile, isolated.
    sys.path.insert(0, TEST_E2E)
    import harness
    flags = json.load(open(harness.wrapper_path(d).replace(".wrapper.cpp",
                                                       ".wrapper_compile_flags.json")))
    import torch
    inc = os.path.join(os.path.dirname(torch.__file__), "include")
    base_flags = ["-std=c++17", "-O1", "-fPIC", "-c", "-o", os.devnull,
                  f"-I{inc}", "-I/usr/local/cuda/include"] + [
        "-D" + x.strip() for x in flags["definitions"]]
    for label, src in [("original", harness.wrapper_path(d))] + [
            (p, os.path.join(d, "variants", p, "build", "aoti-instrument",
                             os.path.basename(harness.wrapper_path(d))))
            for p in ["pinpoint-ima", "print-all"]]:
        t0 = time.time()
        p = sh(["g++"] + base_flags + [src], check=False)
        record(event="host-compile", wrapper=label,
               seconds=round(time.time() - t0, 1), ok=p.returncode == 0)


def main():
    global A
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("parts", nargs="+",
                   choices=["ima", "nan", "saves", "fidelity", "nanwarn", "bench"])
    p.add_argument("--work", default="/tmp/aoti-gpu")
    p.add_argument("--out", default=os.environ.get("OUT", "/tmp/aoti-gpu-out"))
    A = p.parse_args()
    os.makedirs(A.work, exist_ok=True)
    os.makedirs(A.out, exist_ok=True)
    import torch
    record(event="machine", device=torch.cuda.get_device_name(0),
           torch=torch.__version__, cuda=torch.version.cuda)
    for part in A.parts:
        t0 = time.time()
        try:
            globals()["part_" + part]()
        except Exception as e:   # keep going: later parts still report
            record(event="part-failed", part=part, error=repr(e)[:500])
        record(event="part-done", part=part, seconds=round(time.time() - t0, 1))
    subprocess.run(["tar", "czf", os.path.join(A.out, "logs.tar.gz"), "-C",
                    A.work, "logs"], check=False)


if __name__ == "__main__":
    main()
