#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Does an instrumented package behave exactly like the original? A
process loads the original .pt2 and a variant, calls each on the same
inputs (the RNG seeded the same before every call) and compares every
output bit for bit with the original's; the variant's stderr (the C++
side's too: fd 2 is a file around each load and call) is kept apart. The
variants run in one child process; when it dies (a variant's segmentation
fault), each runs in a process of its own beside the original, so the one
that kills its process is reported as such ("isolate": false runs them in
this process).

    fidelity.py SPEC.json        (or the JSON itself as the argument)

SPEC: {"device": "cpu"|"cuda", "inputs": "inputs.pt" (a torch.save'd list),
       "variants": [["original", "model.pt2"], ["nan-hunt", "v.pt2"], ...],
       "runs": 2, "preload": ["ops.py"] (Python files run first: the custom
       ops the packages call)}
Prints one JSON object: "outputs" (count), "unstable_outputs" (indices of
outputs that calls of the original itself do not repeat bit for bit, such
as sums made with atomics: those are compared with torch.allclose, or
within twice the largest difference the original's own calls showed
("spread") or 4 epsilons of the output's largest magnitude (close()); ATen's
deterministic algorithms are on, warn_only, and an output a variant
changes is checked against four more calls of the original),
"original_stderr", and per variant "ok", "error", "identical",
"differing_outputs" (with "deviation": the largest difference of each
from the original's, where one can be measured, to set beside "spread"),
"noise" (what noise() finds in its stderr) and the
end of its "stderr". Used by scripts/census/census.py and by
zoo.py's fidelity phase; noise() says which stderr lines a variant added.
"""
import json
import os
import re
import runpy
import sys
import tempfile

# What an instrumented run may print on stderr besides what the original
# printed: the tool's own lines. Anything else (a c10 back-trace, a shim
# warning) is noise that the instrumentation made.
OWN_LINE = re.compile(r"^\[aoti-instrument\]|^aoti-instrument")


# c10's log prefix: `[W1128 19:51:00.275256028 Context.cpp:160] `; the
# same warning of the original and of a variant differs only there.
LOG_PREFIX = re.compile(r"^\[[WEIF]\d{4} [\d:.]+ ([^\]]*)\] ")


# What run_variants' own deterministic mode makes ATen print for a kernel
# without a deterministic form, whenever it runs (its count differs from
# call to call): the harness's, not the variant's.
HARNESS_LINE = re.compile(r"does not have a deterministic implementation")


def noise(stderr, original):
    """The lines of `stderr` that are neither the tool's nor the original's."""
    def plain(line):
        return LOG_PREFIX.sub(r"[\1] ", line)
    seen = set(plain(line) for line in original.splitlines())
    return [line for line in stderr.splitlines()
            if line.strip() and not OWN_LINE.match(line) and
            not HARNESS_LINE.search(line) and plain(line) not in seen][:20]


class Captured:
    """Runs fn with fd 2 going to a temporary file; .text holds it after."""

    def __init__(self):
        self.text = ""

    def __call__(self, fn):
        with tempfile.TemporaryFile() as f:
            sys.stderr.flush()
            saved = os.dup(2)
            os.dup2(f.fileno(), 2)
            try:
                return fn(), None
            except Exception as e:  # noqa: BLE001 - the variant's failure
                return None, e
            finally:
                sys.stderr.flush()
                os.dup2(saved, 2)
                os.close(saved)
                f.seek(0)
                self.text = f.read().decode(errors="replace")


def first_line(e):
    text = str(e).strip() or repr(e)
    return text.splitlines()[0][:300]


def same_bits(a, b):
    import torch
    if a is None or b is None:  # an output the model returns as None
        return a is None and b is None
    if a.shape != b.shape or a.dtype != b.dtype:
        return False

    def bits(t):
        return t.reshape(-1).contiguous().view(torch.uint8)
    return torch.equal(bits(a), bits(b))


def deviation(a, b):
    """The largest elementwise difference of two floating outputs (NaNs in
    the same places count as equal), or None when they cannot be compared
    so."""
    import torch
    if a is None or b is None or a.shape != b.shape or a.dtype != b.dtype:
        return None
    if not (a.is_floating_point() or a.is_complex()) or a.numel() == 0:
        return None
    both_nan = torch.isnan(a) & torch.isnan(b)
    d = (a.double() - b.double()).abs() if not a.is_complex() else (a - b).abs()
    return float(torch.where(both_nan, torch.zeros_like(d), d).max())


# An unstable output's rounding allowance, in units of its dtype's epsilon
# times the output's largest magnitude: what a sum added in another order
# may differ by where its terms cancel to near zero (allclose's relative
# tolerance is then of the small result, not of the terms).
ROUNDING_ULPS = 4


def close(a, b, spread=0.0):
    """allclose; or, for an output whose original's own calls differ
    (spread > 0: sums with atomics whose terms cancel differ by more than
    allclose allows, call to call), within twice `spread`, the largest
    difference those calls showed, or within ROUNDING_ULPS epsilons of the
    output's scale (five calls of the original can under-sample the
    orders an atomic sum is added in)."""
    import torch
    if a is None or b is None:
        return a is None and b is None
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point() or a.is_complex():
        if torch.allclose(a, b, equal_nan=True):
            return True
        d = deviation(a, b)
        if d is None or spread <= 0:
            return False
        real = b.real if b.is_complex() else b
        scale = float(real.double().abs().nan_to_num(0, 0, 0).max())
        return d <= max(2 * spread,
                        ROUNDING_ULPS * torch.finfo(real.dtype).eps * scale)
    return torch.equal(a, b)


def differing(outs, ref, stable, spread=None):
    """Indices of outputs of `outs` unlike `ref`'s (-1: their count)."""
    bad = [-1] if len(outs) != len(ref) else []
    for i, (a, b) in enumerate(zip(outs, ref)):
        ok = (same_bits(a, b) if stable[i]
              else close(a, b, (spread or {}).get(i, 0.0)))
        if not ok:
            bad.append(i)
    return bad


def run_variants(spec):
    """The original and spec's variants in this process: the JSON object
    the module's docstring describes."""
    import torch
    import torch._inductor.codecache
    # aoti_load_package probes the CPU's vector ISA in child processes for
    # a warning (tens of seconds on the GPU machine): not needed here.
    torch._inductor.codecache.get_device_information = lambda device_type: {}
    # ATen's kernels that add with atomics (index_add, embedding bags,
    # pooling and upsampling backward) take their deterministic form where
    # they have one: what remains is found by recheck().
    torch.use_deterministic_algorithms(True, warn_only=True)
    for path in spec.get("preload", []):  # custom ops the packages call
        runpy.run_path(path)
    dev = spec["device"]
    args = [a.to(dev) for a in torch.load(spec["inputs"])]

    def call(model):
        torch.manual_seed(0)
        if dev.startswith("cuda"):
            torch.cuda.manual_seed(0)
        out = model(*args)
        if dev.startswith("cuda"):
            torch.cuda.synchronize()
        out = [out] if isinstance(out, torch.Tensor) else list(out)
        return [None if o is None else o.detach().cpu().clone() for o in out]

    cap = Captured()
    results, models = {}, {}
    for name, path in spec["variants"]:
        m, err = cap(lambda: torch._inductor.aoti_load_package(path))
        if err is not None:
            results[name] = {"ok": False, "error": "load: " + first_line(err),
                             "stderr": cap.text[-3000:]}
        else:
            models[name] = m
    if "original" not in models:
        return {"original_failed": results["original"]["error"]}
    ref, err = cap(lambda: call(models["original"]))
    if err is not None:
        return {"original_failed": first_line(err), "stderr": cap.text[-3000:]}
    original_stderr = cap.text
    again, _ = cap(lambda: call(models["original"]))
    stable = [same_bits(a, b) for a, b in zip(ref, again)]
    spread = {}  # output -> the largest difference among the original's calls

    def note_spread(outs, indices):
        for i in indices:
            if not stable[i]:
                d = deviation(ref[i], outs[i])
                spread[i] = max(spread.get(i, 0.0), d or 0.0)

    note_spread(again, range(len(ref)))

    def recheck(bad):
        # An output a variant changed: does the original itself change it
        # from call to call (atomics)? Then it is compared with allclose,
        # or within twice the differences the original's calls showed.
        for _ in range(4):
            more, _ = cap(lambda: call(models["original"]))
            for i in bad:
                stable[i] = stable[i] and same_bits(ref[i], more[i])
            note_spread(more, bad)

    for name, m in models.items():
        if name == "original":
            continue
        texts, error, bad, off = [], None, [], {}
        for _ in range(spec.get("runs", 2)):
            out, err = cap(lambda: call(m))
            texts.append(cap.text)
            if err is not None:
                error = first_line(err)
                break
            now = [i for i in differing(out, ref, stable, spread) if i >= 0]
            if now:
                recheck(now)
            for i in differing(out, ref, stable, spread):
                if i not in bad:
                    bad.append(i)
                if i >= 0:
                    d = deviation(out[i], ref[i])
                    off[str(i)] = max(off.get(str(i)) or 0.0, d or 0.0)
        text = "".join(texts)
        results[name] = {"ok": error is None, "error": error,
                         "identical": error is None and not bad,
                         "differing_outputs": bad,
                         "deviation": off,
                         "noise": noise(text, original_stderr),
                         "stderr": text[-4000:]}
    return {"outputs": len(ref),
            "unstable_outputs": [i for i, s in enumerate(stable) if not s],
            "spread": {str(i): d for i, d in spread.items()},
            "original_stderr": original_stderr[-3000:], "variants": results}


def run_child(spec):
    """run_variants(spec) in a child process: its result, or None and how
    the process died."""
    import subprocess
    p = subprocess.run([sys.executable, os.path.abspath(__file__),
                        json.dumps(dict(spec, isolate=False))],
                       capture_output=True, text=True)
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if lines and not p.returncode:
        return json.loads(lines[-1]), None, p.stderr
    how = (f"killed by signal {-p.returncode}" if p.returncode < 0
           else f"exit status {p.returncode}")
    return None, how, p.stderr


def run_isolated(spec):
    """Every variant in one child process beside the original; when that
    process dies (a variant's segmentation fault), each variant in a
    process of its own, so the one that crashes is named and the others
    are still compared."""
    res, _, _ = run_child(spec)
    if res is not None:
        return res
    merged = None
    for name, path in spec["variants"][1:]:
        one = dict(spec, variants=[spec["variants"][0], [name, path]])
        res, how, stderr = run_child(one)
        if res is None:
            res = {"variants": {name: {
                "ok": False, "error": f"the process died ({how})",
                "identical": False, "differing_outputs": [],
                "noise": noise(stderr, ""), "stderr": stderr[-4000:]}}}
        if "original_failed" in res:
            return res
        if merged is None:
            merged = {k: v for k, v in res.items() if k != "variants"}
            merged["variants"] = {}
        merged["variants"].update(res["variants"])
    return merged or {"variants": {}}


def main():
    arg = sys.argv[1]
    spec = json.loads(open(arg).read() if os.path.exists(arg) else arg)
    run = run_isolated if spec.get("isolate", True) else run_variants
    print(json.dumps(run(spec)))


if __name__ == "__main__":
    main()
