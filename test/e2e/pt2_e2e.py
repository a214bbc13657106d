#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""End-to-end tests of .pt2 packages on the CPU, with the torch of the Python
that runs this script (ctest runs it once with the pinned torch and once with
the newest): models are AOT-compiled into .pt2 packages with torch's default
settings, instrumented by `aoti-instrument model.pt2 -rules R -o out.pt2`, and
loaded both with torch._inductor.aoti_load_package and with a C++ program
using torch::inductor::AOTIModelPackageLoader (test/e2e/pt2_runner.cpp).

    pt2_e2e.py --work DIR [--presets-by-name]

With --presets-by-name (how the wheel is tested, test/wheel/wheel_e2e.sh:
AOTI_TOOL is then the wheel's console script) the presets are given by name
(`-rules nan-hunt`), as a user of the installed tool gives them; else by
their path in the checkout.

Checks: every observation-only preset (catch-oob and catch-uninit included: on a
correct model they change nothing) gives outputs bit-identical to the
original package through both loaders, and its reports name the package's
kernels; nan-hunt names the kernel that makes a NaN; input guards refuse a
bad token id with a readable message and the same loaded model then runs a
good input; every preset names a wrong input (device, dtype, a dim out of
its range, strides, a keyword input by its keyword) as the cause; the original package is never modified; --list and
--print-compile-command work on a package.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import fixture_cache  # noqa: E402
import models  # noqa: E402

TOOL = os.environ.get("AOTI_TOOL",
                      os.path.join(REPO, "build", "bin", "aoti-instrument"))
TORCH_DIR = os.path.dirname(torch.__file__)
OBSERVATION_PRESETS = ["pinpoint-ima", "pinpoint-sync", "print-all",
                       "nan-hunt", "save-kernels", "catch-oob", "catch-uninit"]
FAILURES = []
WORK = None
BY_NAME = False


def preset(name):
    """What -rules gets for a preset: its name, or its file."""
    return name if BY_NAME else os.path.join(REPO, "yaml-rules", name + ".yaml")


def check(cond, what):
    print(("PASS " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def sh(cmd, env=None, check_rc=True):
    p = subprocess.run(cmd, capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    if check_rc and p.returncode:
        sys.stderr.write(p.stdout[-4000:] + p.stderr[-4000:])
        raise SystemExit(f"failed ({p.returncode}): {' '.join(cmd)}")
    return p


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def compiled(name, dynamic=False):
    """AOT-compiles models.py's `name` into DIR/name/model.pt2 (torch's
    default settings: weights inside the .so), once per work dir and, across
    runs, once per torch and CPU (fixture_cache.py)."""
    d = os.path.join(WORK, name)
    pt2 = os.path.join(d, "model.pt2")
    if not os.path.exists(pt2):
        def make(out):
            m, args, dyn = models.build(name, dynamic=dynamic)
            ep = torch.export.export(m, args, dynamic_shapes=dyn)
            torch._inductor.aoti_compile_and_package(
                ep, package_path=os.path.join(out, "model.pt2"))
            torch.save(list(args), os.path.join(out, "inputs.pt"))
        fixture_cache.cached(f"pt2-{name}", d, make, [__file__],
                             {"dynamic": dynamic})
    return pt2


def instrument(pt2, rules, variant):
    out = os.path.join(os.path.dirname(pt2), variant + ".pt2")
    if os.path.exists(out):
        os.remove(out)
    p = sh([TOOL, pt2, "-rules", rules, "-o", out])
    return out, p.stderr


PY_RUN_MANY = r"""
import json, os, sys, torch
for job in json.load(open(sys.argv[1])):
    before = {k: os.environ.get(k) for k in job["env"]}
    os.environ.update(job["env"])
    try:
        model = torch._inductor.aoti_load_package(job["pt2"])
        out = model(*torch.load(job["inputs"]))
        torch.save([out] if isinstance(out, torch.Tensor) else list(out),
                   job["outputs"])
    except Exception as e:
        print("RUN-FAILED", e, file=sys.stderr)
    for k, v in before.items():  # one job's variables are not the next's
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    sys.stderr.flush()
    print("\nEND-OF-JOB", file=sys.stderr, flush=True)
"""


def run_python_many(jobs):
    """Loads and runs each (pt2, inputs, tag, env) of `jobs` with
    aoti_load_package, in one fresh process (one torch import; each package
    is its own .so, with its own runtime; env set for its job only):
    [(outputs or None, its stderr)]."""
    spec, outs = [], []
    for pt2, inputs, tag, env in jobs:
        outs.append(os.path.join(os.path.dirname(pt2), f"out-py-{tag}.pt"))
        if os.path.exists(outs[-1]):
            os.remove(outs[-1])
        spec.append({"pt2": pt2, "inputs": inputs, "outputs": outs[-1],
                     "env": env or {}})
    path = os.path.join(WORK, "jobs.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    p = sh([sys.executable, "-c", PY_RUN_MANY, path], check_rc=False)
    errs = p.stderr.split("\nEND-OF-JOB\n")
    if p.returncode:
        sys.stderr.write(p.stderr[-4000:])
    return [(torch.load(out) if os.path.exists(out) else None,
             errs[i] if i < len(errs) else "")
            for i, out in enumerate(outs)]


def run_python(pt2, inputs, tag, env=None):
    """run_python_many of one job: (outputs or None, stderr)."""
    return run_python_many([(pt2, inputs, tag, env)])[0]


def runner():
    """Builds test/e2e/pt2_runner.cpp against this torch, once per work dir
    and, across runs, once per torch (fixture_cache.py)."""
    d = os.path.join(WORK, "pt2_runner")
    exe = os.path.join(d, "pt2_runner")
    if not os.path.exists(exe):
        if os.path.isfile(d):  # an older layout of the work dir
            os.remove(d)

        def make(out):
            inc = os.path.join(TORCH_DIR, "include")
            lib = os.path.join(TORCH_DIR, "lib")
            sh([os.environ.get("CXX", "g++"), "-std=c++20", "-O1",
                os.path.join(HERE, "pt2_runner.cpp"), "-o",
                os.path.join(out, "pt2_runner"),
                "-I" + inc, "-I" + os.path.join(inc, "torch/csrc/api/include"),
                "-L" + lib, "-ltorch", "-ltorch_cpu", "-lc10",
                "-Wl,-rpath," + lib])
        fixture_cache.cached("pt2-runner", d, make,
                             [os.path.join(HERE, "pt2_runner.cpp")],
                             {"cxx": os.environ.get("CXX", "g++"),
                              "torch_dir": TORCH_DIR})
    return exe


def run_cpp(pt2, inputs, tag, env=None):
    out = os.path.join(os.path.dirname(pt2), f"out-cpp-{tag}.pt")
    # The model's .so needs libtorch like any AOTI model in a C++ program.
    env = dict(env or {}, LD_LIBRARY_PATH=os.path.join(TORCH_DIR, "lib"))
    p = sh([runner(), pt2, inputs, out], env=env, check_rc=False)
    outs = torch.load(out, weights_only=False) if p.returncode == 0 else None
    return outs, p.stderr


def same(a, b):
    return (a is not None and b is not None and len(a) == len(b) and
            all(torch.equal(x, y) for x, y in zip(a, b)))


def listed_sites(pt2):
    inv = json.loads(sh([TOOL, pt2, "--list=json"]).stdout)
    return [s for m in inv["models"] for s in m["inventory"]["sites"]]


def scenario_presets():
    pt2 = compiled("mlp")
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    digest = sha256(pt2)
    sites = listed_sites(pt2)
    kernels = [f"#{s['ordinal']} {s['kernel']}" for s in sites]
    check(len(sites) >= 3, f"--list on the package: {len(sites)} launch sites")
    steps = sh([TOOL, pt2, "--print-compile-command"]).stdout
    check(steps.count("\n# ") + steps.startswith("# ") >= 4 and
          "$WORK" in steps and "-o" in steps,
          "--print-compile-command prints the rebuild's steps")

    env = {name: {"AOTI_INSTRUMENT_SAVE_DIR": os.path.join(WORK, "saves-" + name)}
           for name in OBSERVATION_PRESETS}
    outs = {}
    for name in OBSERVATION_PRESETS:
        outs[name], summary = instrument(pt2, preset(name), name)
        check("1 model instrumented" in summary,
              f"{name}: the tool reports the instrumented package")
    ran = run_python_many(
        [(pt2, inputs, "plain", None)] +
        [(outs[n], inputs, n, env[n]) for n in OBSERVATION_PRESETS])
    ref_py = ran[0][0]
    ref_cpp, _ = run_cpp(pt2, inputs, "plain")
    check(same(ref_py, ref_cpp), "the original package gives the same outputs "
                                 "through both loaders")
    for name, (got_py, err_py) in zip(OBSERVATION_PRESETS, ran[1:]):
        got_cpp, err_cpp = run_cpp(outs[name], inputs, name, env[name])
        check(same(got_py, ref_py),
              f"{name}: aoti_load_package outputs bit-identical to the original")
        check(same(got_cpp, ref_cpp),
              f"{name}: AOTIModelPackageLoader outputs bit-identical to the original")
        if name == "print-all":
            for err, loader in ((err_py, "aoti_load_package"),
                                (err_cpp, "AOTIModelPackageLoader")):
                check(all(k in err for k in kernels),
                      f"print-all through {loader}: reports name every kernel "
                      f"({', '.join(kernels)})")
        if name == "save-kernels":
            saves = env[name]["AOTI_INSTRUMENT_SAVE_DIR"]
            files = glob.glob(os.path.join(saves, "*", "*.safetensors"))
            from safetensors.torch import load_file
            check(len(files) >= 2 and all(load_file(f) for f in files),
                  f"save-kernels: {len(files)} safetensors files that load")
    check(sha256(pt2) == digest, "the original package is unchanged")


def scenario_nan():
    pt2 = compiled("nan_chain")
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    sites = listed_sites(pt2)
    first_log = next(s for s in sites if "log" in s["kernel"].split("_")
                     or ("aten.log" in s["aten_ops"] and s["kind"] != "extern"))
    want = f"#{first_log['ordinal']} {first_log['kernel']}"
    out, _ = instrument(pt2, preset("nan-hunt"), "nan-hunt")
    got, err = run_python(out, inputs, "nan-hunt")
    check(got is None and want in err,
          f"nan-hunt through aoti_load_package: the run fails naming {want}")
    got, err = run_cpp(out, inputs, "nan-hunt")
    check(got is None and want in err,
          f"nan-hunt through AOTIModelPackageLoader: the run fails naming {want}")
    print(next((l for l in err.splitlines() if want in l), err[-500:]))


GUARD_RUN = r"""
import sys, torch
model = torch._inductor.aoti_load_package(sys.argv[1])
good = torch.load(sys.argv[2])
bad = [good[0].clone().index_fill_(1, torch.tensor([3]), 5000)]
try:
    model(*bad)
    print("GUARD-MISSED")
except Exception:
    print("GUARD-REFUSED")
out = model(*good)
torch.save([out], sys.argv[3])
"""


def scenario_guards():
    pt2 = compiled("embed", dynamic=True)
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    ref, _ = run_python(pt2, inputs, "plain")
    rules = os.path.join(WORK, "embed-guards.yaml")
    with open(rules, "w") as f:
        f.write("input_guards:\n  inputs:\n"
                "    - {input: 0, dtype: int64, values: [0, 999]}\n")
    out, _ = instrument(pt2, rules, "guards")
    after = os.path.join(os.path.dirname(pt2), "out-guards.pt")
    p = sh([sys.executable, "-c", GUARD_RUN, out, inputs, after],
           check_rc=False)
    check("GUARD-REFUSED" in p.stdout,
          "guards: an out-of-range token id is refused")
    check("5000" in p.stderr and "999" in p.stderr,
          "guards: the message gives the bad value and the range")
    check(p.returncode == 0 and same(torch.load(after), ref),
          "guards: the same loaded package then computes the right output")


WRONG_INPUTS_RUN = r"""
import json, re, sys, torch
sys.path.insert(0, sys.argv[4])
import models
model = torch._inductor.aoti_load_package(sys.argv[1])
x, bias = torch.load(sys.argv[2])
results = {}
for case, args, kwargs, expected in models.wrong_inputs(x, bias, "cpu"):
    try:
        model(*args, **kwargs)
        results[case] = {"refused": False, "expected": expected}
    except Exception as e:
        results[case] = {"refused": True, "expected": expected}
    sys.stderr.flush()
    print("END-OF-CASE " + case, file=sys.stderr, flush=True)
out = model(x, bias=bias)
torch.save([out], sys.argv[3])
print(json.dumps(results))
"""


def compiled_with_keyword(name):
    """models.py's `name` (its last input a keyword one) as a .pt2 with a
    dynamic batch; once per work dir (and torch and CPU, as compiled)."""
    d = os.path.join(WORK, name)
    pt2 = os.path.join(d, "model.pt2")
    if not os.path.exists(pt2):
        def make(out):
            m, args, dyn = models.build(name, dynamic=True)
            ep = torch.export.export(m, args[:1], kwargs={"bias": args[1]},
                                     dynamic_shapes=dyn)
            torch._inductor.aoti_compile_and_package(
                ep, package_path=os.path.join(out, "model.pt2"))
            torch.save(list(args), os.path.join(out, "inputs.pt"))
        fixture_cache.cached(f"pt2-keyword-{name}", d, make, [__file__])
    return pt2


def scenario_inputs():
    """A wrong input is named as the cause, before any launch, by every
    preset (here pinpoint-ima, nan-hunt, print-all): a tensor on another
    device, a wrong dtype, a dim outside the compiled range, a
    non-contiguous input, and a keyword input named by its keyword; the
    same loaded model then runs a good input bit-identically."""
    pt2 = compiled_with_keyword("mlp_bias")
    inputs = os.path.join(os.path.dirname(pt2), "inputs.pt")
    x, bias = torch.load(inputs)
    ref = [torch._inductor.aoti_load_package(pt2)(x, bias=bias)]
    for name in ["pinpoint-ima", "nan-hunt", "print-all"]:
        out, err = instrument(pt2, preset(name), name)
        check("inputs checked against what the model was compiled for" in err,
              f"inputs: {name}'s summary says the inputs are checked")
        after = os.path.join(os.path.dirname(pt2), f"out-inputs-{name}.pt")
        p = sh([sys.executable, "-c", WRONG_INPUTS_RUN, out, inputs, after,
                HERE], check_rc=False)
        if p.returncode:
            check(False, f"inputs: {name}: the script ran ({p.stderr[-600:]})")
            continue
        results = json.loads(p.stdout.strip().splitlines()[-1])
        reports = p.stderr.split("END-OF-CASE ")
        for i, (case, r) in enumerate(results.items()):
            report = reports[i] if i < len(reports) else ""
            line = next((l for l in report.splitlines()
                         if "wrong input" in l), "")
            check(r["refused"] and re.search(r["expected"], line),
                  f"inputs: {name}, {case}: refused, reported as "
                  f"/{r['expected']}/ (got {line[:200]!r})")
            check("left run_impl" not in report,
                  f"inputs: {name}, {case}: no second report of where the "
                  "run was")
        check(same(torch.load(after), ref),
              f"inputs: {name}: the same loaded model then runs a good "
              "input bit-identically")
    scenario_inputs_named(pt2, inputs)


def with_exported_program(pt2, out):
    """A copy of pt2 that holds the exported program too, as torch.export's
    archive writes it (`<root>/models/model.json`): what package_pt2 with
    exported_programs, or torch.export.save beside the AOTI files, gives."""
    import io
    import zipfile
    m, args, dyn = models.build("mlp_bias", dynamic=True)
    ep = torch.export.export(m, args[:1], kwargs={"bias": args[1]},
                             dynamic_shapes=dyn)
    buf = io.BytesIO()
    torch.export.save(ep, buf)
    with zipfile.ZipFile(buf) as z:
        name = next(n for n in z.namelist() if n.endswith("models/model.json"))
        program = z.read(name)
    with zipfile.ZipFile(pt2) as src, zipfile.ZipFile(out, "w") as dst:
        root = src.namelist()[0].split("/")[0]
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        dst.writestr(root + "/models/model.json", program)
    return out


def scenario_inputs_named(pt2, inputs):
    """With the exported program in the package, a positional input is
    named by the user's name too."""
    named = with_exported_program(
        pt2, os.path.join(os.path.dirname(pt2), "with-program.pt2"))
    inv = json.loads(sh([TOOL, named, "--list=json"]).stdout)
    exported = [i.get("exported") for i in inv["models"][0]["inventory"]["inputs"]]
    check(exported == ["x", "bias"],
          f"inputs: --list=json names the inputs as the exported program "
          f"does ({exported})")
    out, _ = instrument(named, preset("pinpoint-ima"), "named-pinpoint-ima")
    after = os.path.join(os.path.dirname(pt2), "out-inputs-named.pt")
    p = sh([sys.executable, "-c", WRONG_INPUTS_RUN, out, inputs, after,
            HERE], check_rc=False)
    check(re.search(r"wrong input: input 0 \(\w+, 'x'\): dtype float16",
                    p.stderr) is not None,
          "inputs: with the exported program, input 0 is named 'x'")


def main():
    global WORK, BY_NAME
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", required=True)
    p.add_argument("--presets-by-name", action="store_true",
                   help="-rules NAME, as for an installed tool")
    p.add_argument("scenarios", nargs="*",
                   default=["presets", "nan", "guards", "inputs"])
    a = p.parse_args()
    BY_NAME = a.presets_by_name
    WORK = os.path.join(a.work, "torch-" + torch.__version__.split("+")[0])
    os.makedirs(WORK, exist_ok=True)
    print(f"torch {torch.__version__} ({TORCH_DIR})", flush=True)
    for s in a.scenarios:
        started = time.monotonic()
        globals()["scenario_" + s]()
        print(f"({s}: {time.monotonic() - started:.0f} s)", flush=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all checks passed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
