# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The census's tables (census.py table): one row per op of the device's
C shim, from the tool's reading of the shim headers (--list-shim-ops=json
of the same torch release) and the events of census runs (census.jsonl).

A function is
  covered        a model called it (its wrapper's text says) and every
                 preset left that model bit-identical with a clean stderr
  FAILED         a model called it and some preset did not (what, and the
                 model's other calls, which may be the cause)
  not called     its op was built into a model but the wrapper does not call
                 it: Inductor lowered or decomposed it, or called another
                 overload (which the row of that one shows)
  not tried      the catalog's reason, the op's error eagerly or in export,
                 a capability the machine lacks, or no catalog entry
"""
import json
import os
import sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                   "scripts", "e2e")]
import fidelity  # noqa: E402
import ops  # noqa: E402


def summarize_form(fn):
    """`ret x2, opt-tensor, list`: the call form of one op, short."""
    parts = []
    rets = sum(p["form"] == "ret-tensor" for p in fn["params"])
    if rets:
        parts.append(f"ret x{rets}" if rets > 1 else "ret")
    for form, name in [("ret-scalar", "ret scalar"), ("opt-tensor", "opt tensor"),
                       ("tensor-list", "tensor list"),
                       ("opt-tensor-list", "opt tensor list")]:
        if any(p["form"] == form for p in fn["params"]):
            parts.append(name)
    if any(p.get("role") == "out" for p in fn["params"]):
        parts.append("out=")
    if fn["in_place"]:
        parts.append("in place")
    return ", ".join(parts) or "in -> nothing"


class Results:
    """What the events say of each shim function of one device."""

    def __init__(self, runs, device):
        """runs: the events of each census.jsonl, a list each; a model's name
        is its run's (a file, or the part after a census event)."""
        self.device = device
        self.info = {}
        self.calls = {}       # model -> functions its wrapper calls
        self.model_ops = {}   # model -> catalog ops built into it
        self.failures = {}    # model -> [what failed]
        self.passed = {}      # model -> presets that passed
        self.skipped = {}     # op -> (stage, error)
        self.harness = {}     # model -> why it could not be checked
        self.run, self.run_has_models = 0, False
        for events in runs:
            self.run, self.run_has_models = self.run + 1, False
            for e in events:
                if e.get("device") == device:
                    self.take(e)

    def take(self, e):
        kind = e["event"]
        if kind == "census":
            self.run += self.run_has_models  # a new run in the same file
            self.run_has_models = False
            self.info = e
            return
        self.run_has_models = True
        model = f"run{self.run}/{e['model']}" if "model" in e else None
        if kind == "built":
            self.model_ops[model] = e["ops"]
            self.failures[model], self.passed[model] = [], set()
        elif kind == "calls":
            self.calls[model] = e["calls"]
            for f in e.get("missed", []):
                self.failures[model].append(f"the tool does not list {f}")
        elif kind == "ran":
            # Judged by today's rule: lines the harness itself makes
            # (fidelity.HARNESS_LINE) are no instrumentation's noise.
            e = dict(e, noise=[l for l in e.get("noise") or []
                               if not fidelity.HARNESS_LINE.search(l)])
            if e["ok"] and e["identical"] and not e["noise"]:
                self.passed[model].add(e["preset"])
            else:
                self.failures[model].append(describe_failure(e))
        elif kind == "instrument-failed":
            self.failures.setdefault(model, []).append(
                f"{e['preset']}: not instrumented: {str(e.get('summary'))[:120]}")
        elif kind in ("run-crashed", "original-failed"):
            # The original package or the harness failed: nothing is known
            # of the presets on this model.
            self.harness[model] = f"{kind}: " + str(
                e.get("error") or e.get("stderr") or "")[:120]
        elif kind == "op-skipped":
            self.skipped[e["op"]] = (e["stage"], e["error"])

    def checked(self, model):
        return model in self.calls and model not in self.harness and (
            self.passed.get(model) or self.failures.get(model))


def describe_failure(e):
    what = []
    if e.get("error"):
        what.append(e["error"][:100])
    if e.get("differing_outputs"):
        what.append(f"outputs {e['differing_outputs']} differ")
    if e.get("noise"):
        what.append("stderr: " + e["noise"][0][:100])
    return f"{e['preset']}: " + "; ".join(what)


def catalog_by_function(device):
    """Shim function -> the catalog ops that should call it."""
    out = {}
    for op in ops.OPS:
        out.setdefault(op.shim_function(device), []).append(op)
    return out


def row(fn, res, catalog, presets):
    """(status, detail) of shim function `fn` (a --list-shim-ops entry)."""
    name = fn["function"]
    callers = [m for m, c in res.calls.items() if name in c and res.checked(m)]
    if callers:
        bad = [m for m in callers if res.failures.get(m)]
        good = [m for m in callers if not res.failures.get(m) and
                len(res.passed.get(m, ())) == presets]
        if good:
            return "covered", f"{good[0]}: {presets} presets bit-identical, clean stderr"
        if bad:
            m = bad[0]
            return "FAILED", f"{m}: " + " / ".join(res.failures[m][:2])
    for op in catalog.get(name, []):
        if op.name in res.skipped:
            stage, error = res.skipped[op.name]
            return "not tried", f"{op.name}: {stage}: {error}"
        built = [m for m, o in res.model_ops.items() if op.name in o]
        if built and any(res.checked(m) for m in built):
            return "not called", (f"{op.name} built into {built[0]}: export "
                                  "or Inductor replaced it (a decomposition, "
                                  "a kernel of its own, another overload)")
        why = [res.harness[m] for m in built if m in res.harness]
        if built:
            return "not checked", f"{op.name} built into {built[0]}: " + (
                why[0] if why else "the run ended first")
    if catalog.get(name):
        return "not tried", f"{catalog[name][0].name}: no census run had it"
    return "not tried", "no entry in scripts/census/ops.py"


def markdown(forms, res, device, presets):
    """The rows of one device's table: each op of its headers (the
    generated one first), and the proxy executor."""
    catalog = catalog_by_function(device)
    headers = [f"c_shim_{device}.h"] + (["shim_cpu.h"] if device == "cpu"
                                        else []) + ["shim.h"]
    fns = [f for h in headers for f in forms["ops"] if f["header"] == h]
    rows = []
    for fn in fns:
        status, detail = row(fn, res, catalog, presets)
        rows.append((fn["function"], fn["header"], summarize_form(fn), status,
                     detail, fn["returns_tensors"]))
    proxy = row({"function": "aoti_torch_proxy_executor_call_function"}, res,
                catalog, presets)
    rows.append(("aoti_torch_proxy_executor_call_function", "shim.h",
                 "custom op: tensor list, outputs made undefined first",
                 *proxy, False))
    return rows


def header_counts(rows):
    """`c_shim_cuda.h: 155 ops, 138 returning tensors: 74 covered, ...`,
    a line per header."""
    lines = []
    for header in OrderedDict((r[1], None) for r in rows):
        mine = [r for r in rows if r[1] == header]
        def tally(rs):
            counts = OrderedDict()
            for r in rs:
                counts[r[3]] = counts.get(r[3], 0) + 1
            return ", ".join(f"{n} {s}" for s, n in counts.items())
        ret = [r for r in mine if r[5]]
        lines.append(f"- {header}: {len(mine)} functions ({tally(mine)}); "
                     f"the {len(ret)} returning tensors: {tally(ret) or '-'}")
    return lines


def render(rows, info, device):
    title = info.get("title") or (
        f"{device.upper()}, torch {info.get('torch', '?')}" +
        (f", {info['device_name']}" if info.get("device_name") else "") +
        (f", CPU vector ISA {info['isa']}" if info.get("isa") else ""))
    lines = [f"### {title}", ""] + header_counts(rows) + [
        "", "| function | header | call form | result | detail |",
        "| --- | --- | --- | --- | --- |"]
    for name, header, form, status, detail, _ in rows:
        lines.append(f"| `{name}` | {header} | {form} | {status} | "
                     f"{detail.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def summary_json(rows, info, device):
    return {"device": device, "torch": info.get("torch"),
            "device_name": info.get("device_name"),
            "functions": {r[0]: {"header": r[1], "form": r[2], "status": r[3],
                                 "detail": r[4], "returns_tensors": r[5]}
                          for r in rows}}


def summary_of(forms, events, device, presets):
    """Shim function -> its row (summary_json's) for the events of one run."""
    res = Results([events], device)
    rows = markdown(forms, res, device, presets)
    return summary_json(rows, res.info, device)["functions"]


def main(args, read_events):
    """census.py table: the sections of every device the events have, for
    the release whose --list-shim-ops=json is args.forms."""
    events = [read_events([path]) for path in args.events]
    with open(args.forms) as f:
        forms = json.load(f)
    presets = len(args.presets.split(","))
    sections, summaries = [], []
    for device in ("cpu", "cuda"):
        res = Results(events, device)
        if not res.calls:
            continue
        rows = markdown(forms, res, device, presets)
        if args.title:
            res.info = dict(res.info, title=args.title)
        sections.append(render(rows, res.info, device))
        summaries.append(summary_json(rows, res.info, device))
    text = "\n".join(sections)
    if args.md:
        with open(args.md, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summaries, f, indent=1)
            f.write("\n")
