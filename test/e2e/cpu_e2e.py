#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""CPU end-to-end tests with the pinned torch: AOTI-compile a small model
(package_cpp_only), instrument it through cmake/AOTIInstrument.cmake, build
it from AOTI's own CMakeLists.txt, run it, and check what happened.

    cpu_e2e.py SCENARIO --work DIR

Scenarios (one ctest test each):
  presets   every preset on an MLP: outputs bit-identical to the plain build;
            printed stats equal torch's; saved tensors load with safetensors
            and equal eager mode's; events as JSON lines
  nan       nan-hunt on a model whose log of a negative activation makes NaN:
            the run fails naming the kernel that made it
  guards    input guards on a token-id model: wrong dtype, wrong shape and an
            out-of-range id each fail with a readable error before any
            launch; the same process then runs a good input
  disable   AOTI_INSTRUMENT_DISABLE=1 turns a failing NaN check off without a
            rebuild; settings.calls selects which calls are observed
  buffers   catch-oob.yaml and catch-uninit.yaml: on the MLP as generated,
            outputs bit-identical; then on copies of its wrapper with a
            failure made on purpose in the generated C++ kernel (its relu
            loop runs 8 floats past its buffer; its bias store adds to the
            fresh buffer instead of setting it): the redzone report names
            the kernel, the buffer and the bytes; the poison makes the NaN
            check name the kernel that read unwritten memory
  failures  an exception leaving run_impl is placed by any preset: copies of
            the MLP's wrapper whose last addmm gets mismatched shapes (the
            op fails inside the shim, AOTI's check throws), or whose last
            buffer is too large to allocate (out of memory); a wrong input
            named as the cause by each preset, and AOTI's own input check
            placed when the presets' check is off; and a copy whose relu
            kernel calls std::abort(): the process dies by SIGABRT, which
            the breadcrumbs name the launch of (stderr and JSON lines)
  capture   rules `capture` on the MLP: one bundle per extern op (addmm),
            each replayed alone through torch.ops, bit-identical
"""
import argparse
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import fixture_cache  # noqa: E402
import harness  # noqa: E402
import models  # noqa: E402

FAILURES = []


def check(cond, what):
    print(("PASS " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def harness_run(*args, env=None, check_rc=True):
    """Runs a harness stage in a subprocess (a fresh process per .so, as a
    user would) and returns (returncode, stdout, stderr)."""
    cmd = [sys.executable, os.path.join(HERE, "harness.py")]
    p = subprocess.run(cmd + list(args), capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    if check_rc and p.returncode:
        sys.stderr.write(p.stdout + p.stderr)
        raise SystemExit(f"harness {' '.join(args)} failed ({p.returncode})")
    return p.returncode, p.stdout, p.stderr


def result_of(stdout):
    return json.loads(stdout.strip().splitlines()[-1])


def compiled(work, name, **opts):
    """The case dir of `name`, AOTI-compiled once per work dir and, across
    runs, once per torch and CPU (fixture_cache.py); built and run plain."""
    case = os.path.join(work, name)
    if not os.path.exists(os.path.join(case, "case.json")):
        args = ["compile", "--model", opts.pop("model", name)]
        for k, v in opts.items():
            args += [f"--{k}"] if v is True else [f"--{k}", str(v)]
        fixture_cache.cached(
            f"case-{name}", case, lambda out: harness_run(*args, "--out", out),
            [os.path.join(HERE, "harness.py")], args)
        harness_run("build", "--dir", case)
        harness_run("run", "--dir", case)
    return case


def variant(case, name, rules, env=None, **run_args):
    harness_run("build", "--dir", case, "--variant", name, "--rules", rules)
    extra = []
    for k, v in run_args.items():
        extra += [f"--{k.replace('_', '-')}"] if v is True else [f"--{k}", str(v)]
    return harness_run("run", "--dir", case, "--variant", name, *extra,
                       env=env, check_rc=False)


class captured_stderr:
    """Collects what this process (C++ included) writes to fd 2."""

    def __enter__(self):
        import tempfile
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile(mode="w+")
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        return False

    def read(self):
        self.file.seek(0)
        return self.file.read()


STAT_LINE = re.compile(
    r"\[aoti-instrument\] run (\d+) (before|after) #(\d+) (\S+)\s+(\S+) (\S+) "
    r"(\S+) \[([^\]]*)\].* numel (\d+) min (\S+) max (\S+) mean (\S+) nan (\d+) inf (\d+)")


def stats_lines(text):
    return [m.groups() for m in map(STAT_LINE.search, text.splitlines()) if m]


def preset(name):
    return os.path.join(REPO, "yaml-rules", name + ".yaml")


def scenario_presets(work):
    case = compiled(work, "mlp")
    for name in ["pinpoint-ima", "pinpoint-sync", "print-all", "nan-hunt",
                 "save-kernels", "input-guards"]:
        # Fresh per run: the checks below count what this run wrote.
        saves = os.path.join(work, "saves-" + name)
        jsonl = os.path.join(work, f"events-{name}.jsonl")
        shutil.rmtree(saves, ignore_errors=True)
        if os.path.exists(jsonl):
            os.remove(jsonl)
        rc, out, err = variant(case, name, preset(name),
                               env={"AOTI_INSTRUMENT_SAVE_DIR": saves,
                                    "AOTI_INSTRUMENT_JSONL": jsonl})
        r = result_of(out)
        check(rc == 0 and r["ok"], f"{name}: the instrumented MLP runs")
        check(r.get("bit_identical") is True,
              f"{name}: outputs bit-identical to the plain build")

        if name == "print-all":
            # The last launch writes the model's output (buf3): its printed
            # stats must be torch's own.
            out_t = torch.load(os.path.join(case, "outputs-plain.pt"))[0]
            lines = [l for l in stats_lines(err) if l[1] == "after"]
            last = [l for l in lines if l[2] == str(max(int(x[2]) for x in lines))]
            final = [l for l in last if l[6] == "float32" and
                     l[7] == ", ".join(map(str, out_t.shape))]
            check(bool(final), "print-all: stats printed for the output")
            if final:
                mn, mx, mean = (float(v) for v in final[0][9:12])
                check(abs(mn - out_t.min().item()) <= 1e-5 and
                      abs(mx - out_t.max().item()) <= 1e-5 and
                      abs(mean - out_t.mean().item()) <= 1e-5,
                      f"print-all: output stats {mn} {mx} {mean} equal torch's "
                      f"{out_t.min().item()} {out_t.max().item()} "
                      f"{out_t.mean().item()}")
            x = torch.load(os.path.join(case, "inputs.pt"))[0]
            ins = [l for l in stats_lines(err) if l[4] == "arg4_1"]
            check(bool(ins) and abs(float(ins[0][11]) - x.mean().item()) < 1e-5
                  and int(ins[0][8]) == x.numel(),
                  "print-all: input stats equal torch's")
            events = [json.loads(l) for l in open(jsonl)] if os.path.exists(jsonl) else []
            check(len(events) > 0, f"print-all: {len(events)} JSON-lines events, each valid JSON")

        if name == "save-kernels":
            from safetensors.torch import load_file
            files = sorted(glob.glob(os.path.join(saves, "*", "*.safetensors")))
            check(len(files) == 2, f"save-kernels: 2 files (before/after the "
                                   f"C++ kernel), got {len(files)}")
            after = [f for f in files if f.endswith("_after.safetensors")]
            if after:
                saved = load_file(after[0])
                m, args, _ = models.build("mlp")
                with torch.no_grad():
                    want = torch.relu(m.l1(*args))
                got = saved.get("buf1")
                check(got is not None and torch.allclose(got, want, atol=1e-6),
                      "save-kernels: saved buf1 after cpp_fused_relu_0 equals "
                      "eager relu(linear(x))")
            manifest = glob.glob(os.path.join(saves, "*", "manifest.jsonl"))
            check(len(manifest) == 1 and all(json.loads(l) for l in open(manifest[0])),
                  "save-kernels: manifest.jsonl present and valid")
            # A second process never overwrites the first one's files.
            harness_run("run", "--dir", case, "--variant", name,
                        env={"AOTI_INSTRUMENT_SAVE_DIR": saves})
            sessions = glob.glob(os.path.join(saves, "*"))
            check(len(sessions) == 2, f"save-kernels: a second run gets its own "
                                      f"session dir ({len(sessions)} dirs)")


def scenario_nan(work):
    case = compiled(work, "nan_chain")
    plain = torch.load(os.path.join(case, "outputs-plain.pt"))[0]
    check(torch.isnan(plain).any().item(), "nan: the plain model outputs NaN")
    rc, out, err = variant(case, "nan-hunt", preset("nan-hunt"),
                           expect_error=True)
    r = result_of(out)
    check(rc == 0 and not r["ok"], "nan: the nan-hunt build fails the run")
    report = r.get("error", "") + "\n" + err
    print(report)
    inv = subprocess.run(
        [harness.tool_command()[0], harness.wrapper_path(case), "--list=json"],
        capture_output=True, text=True, check=True)
    sites = json.loads(inv.stdout)["sites"]
    # The kernel that computes the log: its fused name says so (C++ kernels
    # carry no source-nodes comment), or its ATen ops do.
    first_log = next(s for s in sites if "log" in s["kernel"].split("_")
                     or ("aten.log" in s["aten_ops"] and s["kind"] != "extern"))
    check(f"#{first_log['ordinal']} {first_log['kernel']}" in report,
          f"nan: the report names #{first_log['ordinal']} {first_log['kernel']}, "
          "the first kernel that computes log")


def scenario_guards(work):
    case = compiled(work, "embed", dynamic=True)
    rules = os.path.join(work, "embed-guards.yaml")
    with open(rules, "w") as f:
        f.write("""input_guards:
  enforce_aoti_checks: true
  inputs:
    - {input: 0, dtype: int64, rank: 2, dims: [[1, 64], [2, 512]], values: [0, 999]}
""")
    harness_run("build", "--dir", case, "--variant", "guards", "--rules", rules)
    # In one process: bad inputs fail readably, then a good one runs.
    so = os.path.join(case, "variants", "guards", "build", "libaoti_model.so")
    runner = torch._C._aoti.AOTIModelContainerRunnerCpu(so, 1)
    good = torch.load(os.path.join(case, "inputs.pt"))
    bad = {
        "wrong dtype": [good[0].to(torch.int32)],
        "wrong shape": [good[0].unsqueeze(0)],
        "out-of-range id": [good[0].clone().index_fill_(1, torch.tensor([3]), 5000)],
    }
    for what, inputs in bad.items():
        # AOTI's runner raises a generic error; the model's own message goes
        # to the process's stderr (CONVERT_EXCEPTION_TO_ERROR_CODE).
        with captured_stderr() as captured:
            try:
                runner.run(inputs)
                refused = False
            except Exception:
                refused = True
        msg = captured.read()
        check(refused, f"guards: {what} is refused")
        if refused:
            print(f"{what}: {msg.strip()}")
            check("arg" in msg and ("input" in msg),
                  f"guards: {what} is refused with a message naming the input")
            if what == "out-of-range id":
                check("5000" in msg and "999" in msg,
                      "guards: the message gives the bad value and the range")
    outs = runner.run(good)
    ref = torch.load(os.path.join(case, "outputs-plain.pt"))
    check(torch.equal(outs[0], ref[0]),
          "guards: after the failures the same runner computes the right output")


def scenario_disable(work):
    case = compiled(work, "nan_chain")
    rc, out, _ = variant(case, "nan-hunt", preset("nan-hunt"),
                         env={"AOTI_INSTRUMENT_DISABLE": "1"})
    r = result_of(out)
    check(rc == 0 and r["ok"],
          "disable: AOTI_INSTRUMENT_DISABLE=1 turns the NaN check off, no rebuild")
    rules = os.path.join(work, "second-call.yaml")
    with open(rules, "w") as f:
        f.write("settings: {calls: {first: 1}}\n"
                "rules:\n  - {name: names, print: names}\n")
    rc, out, err = variant(case, "first-call", rules, iters=3)
    runs = {int(m.group(1)) for m in re.finditer(r"\[aoti-instrument\] run (\d+) ", err)}
    check(runs == {1}, f"disable: calls.first=1 observes only run 1 (saw {sorted(runs)})")


def patched_case(work, base, name, edit):
    """A copy of case `base` whose wrapper went through edit(text) -> text."""
    case = os.path.join(work, name)
    shutil.rmtree(case, ignore_errors=True)
    shutil.copytree(base, case, ignore=shutil.ignore_patterns("variants"))
    path = harness.wrapper_path(case)
    with open(path) as f:
        text = f.read()
    new = edit(text)
    check(new != text, f"{name}: the wrapper was patched")
    with open(path, "w") as f:
        f.write(new)
    return case


def kernel_body(text, kernel):
    """(start, end) of the definition of extern "C" kernel `kernel`."""
    m = re.search(r'extern "C"\s+void\s+' + kernel + r'\([^)]*\)\s*\{', text)
    depth, i = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return m.start(), i


def run_past_end(text):
    """The first loop of cpp_fused_relu_0 runs 8 elements past its bound."""
    b, e = kernel_body(text, "cpp_fused_relu_0")
    body = text[b:e]
    bound = re.search(r"x0<static_cast<int64_t>\((\d+)L\)", body).group(1)
    old = f"static_cast<int64_t>({bound}L)"
    body = body.replace(old, f"static_cast<int64_t>({int(bound) + 8}L)", 2)
    return text[:b] + body + text[e:]


def accumulate_into_fresh(text):
    """The bias store of cpp_fused_relu_0 adds to what out_ptr0 held."""
    b, e = kernel_body(text, "cpp_fused_relu_0")
    body = re.sub(r"(\w+)\.store\(out_ptr0 \+ (.*)\);",
                  r"(\1 + decltype(\1)::loadu(out_ptr0 + \2)).store(out_ptr0 + \2);",
                  text[b:e], count=1)
    return text[:b] + body + text[e:]


def scenario_buffers(work):
    case = compiled(work, "mlp")
    for name in ["catch-oob", "catch-uninit"]:
        rc, out, err = variant(case, name, preset(name))
        r = result_of(out)
        check(rc == 0 and r["ok"] and r.get("bit_identical") is True,
              f"{name}: the MLP as generated runs, outputs bit-identical")
        check("[aoti-instrument]" not in err, f"{name}: and reports nothing")

    def fails_naming(case, name, pattern, what):
        rc, out, err = variant(case, name, preset(name), expect_error=True)
        r = result_of(out)
        report = r.get("error", "") + "\n" + err
        print(report)
        check(rc == 0 and not r["ok"], f"{name}: the build fails the run")
        check(re.search(pattern, report) is not None, f"{name}: {what}")

    # 1. An out-of-bounds write that does not fault.
    fails_naming(patched_case(work, case, "mlp_oob", run_past_end), "catch-oob",
                 r"#1 cpp_fused_relu_0 \([^)]*wrapper\.cpp:\d+\) wrote past the "
                 r"end of buf1 \(allocated as buf0; bytes 0\.\.\d+ past its "
                 r"end, in its 64-byte redzone\) in run 1",
                 "the report names the kernel, the buffer and the bytes")

    # 2. A read of memory nothing wrote (accumulating into a fresh buffer).
    uninit = patched_case(work, case, "mlp_uninit", accumulate_into_fresh)
    fails_naming(uninit, "catch-uninit",
                 r"NaN in buf2 \(8 of 8 elements\) after #1 "
                 r"cpp_fused_relu_0 \([^)]*wrapper\.cpp:\d+\) in run 1",
                 "the NaN check names the kernel that read the fresh buffer")
    # Without poison, what the kernel reads is whatever the allocator hands
    # out: usually no NaN (the bug is silent), sometimes a freed buffer's
    # NaN. Not a check (it cannot be made deterministic), an observation.
    rc, out, err = variant(uninit, "nan-hunt", preset("nan-hunt"))
    r = result_of(out)
    print("note uninit: without poison nan-hunt "
          + ("saw nothing (silent)" if rc == 0 and r["ok"] else
             "saw NaN left in reused memory this time"))


def wrong_addmm(text):
    """The last addmm multiplies buf2 by itself: the op fails at run time."""
    return re.sub(r"aoti_torch_cpu_addmm_out\(buf3, buf2, buf1,",
                  "aoti_torch_cpu_addmm_out(buf3, buf2, buf2,", text, count=1)


def huge_buffer(text):
    """buf3 ([4, 8]) is allocated as [4, 2**60]: out of memory."""
    return re.sub(r"(static constexpr int64_t int_array_6\[\] = )\{4L, 8L\};",
                  r"\1{4L, 1152921504606846976L};", text, count=1)


def abort_in_relu(text):
    """cpp_fused_relu_0 calls std::abort() first thing."""
    b, e = kernel_body(text, "cpp_fused_relu_0")
    body = text[b:e]
    i = body.index("{") + 1
    return text[:b] + body[:i] + "\n    std::abort();" + body[i:] + text[e:]


def dies_by_sigabrt(work, case, site):
    """A process that dies by SIGABRT in a launch (as the CUDA driver's abort
    after a core dump ends one): no exception, atexit handler or destructor
    runs, and the SIGABRT handler names the launch."""
    aborts = patched_case(work, case, "mlp_abort_in_relu", abort_in_relu)
    jsonl = os.path.join(work, "events-abort-in-relu.jsonl")
    if os.path.exists(jsonl):
        os.remove(jsonl)
    rc, out, err = variant(aborts, "pinpoint-ima", preset("pinpoint-ima"),
                           env={"AOTI_INSTRUMENT_JSONL": jsonl})
    print(err)
    check(rc == -signal.SIGABRT,
          f"abort: the process dies by SIGABRT (rc {rc})")
    line = re.search(r"^\[aoti-instrument\] SIGABRT in #1 cpp_fused_relu_0 " +
                     site + r" in run 1$", err, re.M)
    check(line is not None, "abort: the report names the launch it came in")
    events = []
    if os.path.exists(jsonl):
        with open(jsonl) as f:
            events = [json.loads(l) for l in f if l.strip()]
    check(line is not None and
          {"event": "signal", "signal": "SIGABRT",
           "message": line.group(0)} in events,
          "abort: and its JSON event")


def scenario_failures(work):
    case = compiled(work, "mlp")
    site = r"\([^)]*wrapper\.cpp:\d+[^)]*\)"
    dies_by_sigabrt(work, case, site)
    for patch, what in [(wrong_addmm, "wrong shapes"), (huge_buffer, "OOM")]:
        bad = patched_case(work, case, "mlp_" + patch.__name__, patch)
        for name, where in [
                # CPU breadcrumbs probe before each launch: "in #2".
                ("pinpoint-ima", r"in #2 aoti_torch_cpu_addmm_out " + site +
                 r" or after it"),
                # nan-hunt probes after each launch: "after #1", next #2.
                ("nan-hunt", r"after #1 cpp_fused_relu_0 " + site +
                 r" completed on the host, before the next instrumented "
                 r"launch; the next launch is #2 aoti_torch_cpu_addmm_out")]:
            if patch is huge_buffer and name == "pinpoint-ima":
                # The allocation comes after #1, before #2's before-probe.
                where = r"in #1 cpp_fused_relu_0 " + site + r" or after it"
            rc, out, err = variant(bad, name, preset(name), expect_error=True)
            r = result_of(out)
            print(err)
            check(rc == 0 and not r["ok"], f"{what}, {name}: the run fails")
            check(re.search(r"\[aoti-instrument\] run 1 failed: an exception "
                            r"left run_impl " + where, err) is not None,
                  f"{what}, {name}: the report says where it happened")
    # A wrong input (one row too many for the static shape): every preset
    # names it before any launch, whatever AOTI_RUNTIME_CHECK_INPUTS says.
    x = torch.load(os.path.join(case, "inputs.pt"))
    wrong = os.path.join(work, "mlp-one-row-more.pt")
    torch.save([torch.randn(x[0].shape[0] + 1, *x[0].shape[1:])], wrong)
    rows = x[0].shape[0]
    for name in ["pinpoint-ima", "nan-hunt"]:
        rc, out, err = variant(case, name, preset(name),
                               env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
                               inputs=wrong, expect_error=True)
        print(err)
        check(rc == 0 and not result_of(out)["ok"],
              f"wrong input, {name}: the run fails")
        check(re.search(r"\[aoti-instrument\] run 1: wrong input: input 0 "
                        rf"\(\w+\): dim 0 is {rows + 1}, compiled for {rows}, "
                        r"checked before any launch", err) is not None,
              f"wrong input, {name}: named as the cause")
        check("left run_impl" not in err,
              f"wrong input, {name}: no second report")
    # With that check off, AOTI's own (AOTI_RUNTIME_CHECK_INPUTS=1) throws
    # from run_impl before any launch: the report says so.
    rules = os.path.join(work, "pinpoint-ima-no-input-check.yaml")
    with open(rules, "w") as f:
        f.write(open(preset("pinpoint-ima")).read() +
                "\nsettings: {check_inputs: off}\n")
    rc, out, err = variant(case, "pinpoint-ima-no-input-check", rules,
                           env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
                           inputs=wrong, expect_error=True)
    print(err)
    check(rc == 0 and not result_of(out)["ok"],
          "AOTI's input check: the run fails")
    check("unmatched dim value at 0" in err, "AOTI's input check: its message")
    check(re.search(r"\[aoti-instrument\] run 1 failed: an exception "
                    r"left run_impl before its first instrumented launch; "
                    r"the first launch is #0 \w+ " + site, err) is not None,
          "AOTI's input check: the report says where it happened")


def replay(bundle, *flags):
    """`python -m aoti_instrument.replay BUNDLE FLAGS` with this checkout's
    package: (exit code, output)."""
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
    p = subprocess.run([sys.executable, "-m", "aoti_instrument.replay",
                        bundle, *flags], capture_output=True, text=True,
                       env=env)
    return p.returncode, p.stdout + p.stderr


def scenario_capture(work):
    case = compiled(work, "mlp")
    saves = os.path.join(work, "saves-capture")
    shutil.rmtree(saves, ignore_errors=True)
    rules = os.path.join(REPO, "test", "Inputs", "capture", "capture.yaml")
    rc, out, err = variant(case, "capture", rules,
                           env={"AOTI_INSTRUMENT_SAVE_DIR": saves})
    r = result_of(out)
    check(rc == 0 and r["ok"] and r.get("bit_identical") is True,
          "capture: the MLP runs, outputs bit-identical to the plain build")
    bundles = sorted(glob.glob(os.path.join(saves, "session-*", "capture-*")))
    manifests = [json.load(open(os.path.join(b, "manifest.json")))
                 for b in bundles]
    externs = [m for m in manifests if m["kind"] == "extern"]
    check(len(externs) == 2 and len(bundles) == 2,
          f"capture: one bundle per extern op of the MLP (2), got "
          f"{[os.path.basename(b) for b in bundles]}")
    for b, m in zip(bundles, manifests):
        names = [a["name"] for a in m.get("extern", {}).get("args", [])]
        check(m["completed"] is True and m["extern"]["function"] ==
              m["kernel"] and names[:2] == ["out", "self"],
              f"capture: {os.path.basename(b)}: the shim call's arguments "
              f"by name ({names})")
        rc, text = replay(b, "--compare")
        check(rc == 0 and "identical" in text,
              f"capture: {os.path.basename(b)} replayed with torch.ops, "
              f"bit-identical: {text.strip().splitlines()[-1:]}")
    check(sum("completed; replay it alone: python -m aoti_instrument.replay"
              in l for l in err.splitlines()) == 2,
          "capture: each capture reported with its replay command")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", choices=["presets", "nan", "guards", "disable",
                                        "buffers", "failures", "capture"])
    p.add_argument("--work", required=True)
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    globals()["scenario_" + a.scenario](a.work)
    print(f"{a.scenario}: {len(FAILURES)} failed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
