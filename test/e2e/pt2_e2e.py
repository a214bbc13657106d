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
import pt2_fixtures  # noqa: E402

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
    return pt2_fixtures.compiled(WORK, name, dynamic)


def instrument(pt2, rules, variant):
    out = os.path.join(os.path.dirname(pt2), variant + ".pt2")
    if os.path.exists(out):
        os.remove(out)
    p = sh([TOOL, pt2, "-rules", rules, "-o", out])
    return out, p.stderr


class Worker:
    """test/e2e/pt2_worker.py: the one process (of this torch) that loads
    and runs the packages, started again if a package kills it."""

    def __init__(self):
        self.proc, self.jobs = None, 0

    def call(self, kind, pt2, inputs, outputs, env=None):
        """Runs one job: (its answer, or None if the worker died; the text
        the job wrote to fds 1 and 2)."""
        if self.proc is None:
            self.proc = subprocess.Popen(
                [sys.executable, os.path.join(HERE, "pt2_worker.py"), HERE],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.jobs += 1
        err = os.path.join(WORK, f"job-{self.jobs}.err")
        if os.path.exists(outputs):
            os.remove(outputs)
        job = {"kind": kind, "pt2": pt2, "inputs": inputs,
               "outputs": outputs, "env": env or {}, "stderr": err}
        try:
            self.proc.stdin.write(json.dumps(job) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        answer = json.loads(line) if line else None
        if answer is None:
            rc = self.proc.wait()
            self.proc = None
            sys.stderr.write(f"pt2_worker.py died (exit {rc}) in {kind} of "
                             f"{pt2}\n")
        try:
            with open(err, errors="replace") as f:
                return answer, f.read()
        except OSError:  # the worker died before the job began
            return answer, ""

    def close(self):
        """Ends the worker: its exit status (0 if none ran), which a
        package that breaks the process's exit (its runtime's destructors,
        atexit) makes nonzero."""
        if self.proc is None:
            return 0
        self.proc.stdin.close()
        rc = self.proc.wait()
        self.proc = None
        return rc


WORKER = Worker()


def run_python_many(jobs):
    """Loads and runs each (pt2, inputs, tag, env) of `jobs` with
    aoti_load_package, in the worker (env set for its job only):
    [(outputs or None, its stderr)]."""
    ran = []
    for pt2, inputs, tag, env in jobs:
        out = os.path.join(os.path.dirname(pt2), f"out-py-{tag}.pt")
        _, err = WORKER.call("run", pt2, inputs, out, env)
        ran.append((torch.load(out) if os.path.exists(out) else None, err))
    return ran


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
    answer, err = WORKER.call("guard", out, inputs, after)
    check(bool(answer and answer.get("refused")),
          "guards: an out-of-range token id is refused")
    check("5000" in err and "999" in err,
          "guards: the message gives the bad value and the range")
    check(answer is not None and "error" not in answer and
          same(torch.load(after), ref),
          "guards: the same loaded package then computes the right output")


def compiled_with_keyword(name):
    return pt2_fixtures.compiled_with_keyword(WORK, name)


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
        results, err = WORKER.call("wrong_inputs", out, inputs, after)
        if results is None or "error" in results:
            check(False, f"inputs: {name}: the calls ran "
                         f"({(results or {}).get('error')}; {err[-600:]})")
            continue
        reports = err.split("END-OF-CASE ")
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
    _, err = WORKER.call("wrong_inputs", out, inputs, after)
    check(re.search(r"wrong input: input 0 \(\w+, 'x'\): dtype float16",
                    err) is not None,
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
    rc = WORKER.close()
    check(rc == 0, f"the process that loaded the packages exits cleanly "
                   f"(exit {rc})")
    print(f"{len(FAILURES)} failed" if FAILURES else "all checks passed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
