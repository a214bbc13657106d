#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aoti_instrument.compare end to end on the CPU, each model built here:

  perturbed    the package against its own module with fc2's weight
               perturbed in the reference: the first divergence is fc2's
               launch (source node linear_1), from inputs that matched,
               with the user's line of this file.
  same         the package against its own module: no divergence.
  wrong-op     a custom op whose compiled form (an Inductor decomposition
               registered here) differs from its eager implementation:
               its launch is named.
  screen-miss  a custom op compiled into a permutation of its eager
               value: every summary matches, the outputs do not; the
               launches are sampled and the op's launch is named.
  provenance   two packages built with provenance tracking, the second
               with fc2 perturbed: the user's line comes from the
               package's kernel_information.json.
  releases     the package against the same model built with another torch
               release (--newest-python), through the command line: no
               divergence beyond tolerance, or the first one named.
  cli-errors   the command line: a reference that does not exist (exit
               3, named, no traceback) and bad usage (exit 2).

    compare_e2e.py --work DIR [--newest-python PY] [--only CASE]

Exit 0 when every check holds. Needs aoti_instrument importable with its
tool (the wheel installed; test/e2e/run_from_wheel.sh makes that venv).
"""
import argparse
import json
import os
import subprocess
import sys
import time

import torch
import torch._inductor.decomposition

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixture_cache  # noqa: E402

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.fc2 = torch.nn.Linear(64, 64)
        self.norm = torch.nn.LayerNorm(64)
        self.fc3 = torch.nn.Linear(64, 16)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = self.norm(h + torch.tanh(self.fc2(h)))  # LINE-FC2
        return self.fc3(h).softmax(-1)


def make_net():
    torch.manual_seed(0)
    return Net().eval()


def inputs():
    torch.manual_seed(1)
    return (torch.randn(8, 32),)


def build(model, args, path, provenance=False):
    """AOT-compiles ``model`` into ``path`` (once per work dir and, across
    runs, once per torch and CPU: fixture_cache.py, keyed by this file and
    the package's name, so each name must stand for one model);
    ``provenance``: with config.trace.provenance_tracking_level = 1 (the
    package carries kernel_information.json)."""
    name = os.path.basename(path)[:-4]

    def make(out):
        t0 = time.time()
        level = 1 if provenance else 0
        # Not from Inductor's own cache, whose key leaves out source lines:
        # the provenance would name this file's lines of an earlier edit.
        with torch.no_grad(), torch._inductor.config.patch(
                {"trace.provenance_tracking_level": level,
                 "fx_graph_cache": False}):
            ep = torch.export.export(model, args)
            torch._inductor.aoti_compile_and_package(ep, package_path=out)
        print(f"built {name} in {time.time() - t0:.0f} s", flush=True)

    return fixture_cache.cached_file(f"compare-{name}", path, make,
                                     [__file__], {"provenance": provenance})


def fc2_line():
    with open(__file__) as f:
        return next(i for i, l in enumerate(f, 1) if "# LINE-FC2" in l
                    and "next(" not in l)


def case_perturbed(work):
    import aoti_instrument

    args = inputs()
    pkg = build(make_net(), args, os.path.join(work, "net.pt2"))
    ref = make_net()
    with torch.no_grad():
        ref.fc2.weight.add_(0.5 * torch.randn_like(ref.fc2.weight))
    c = aoti_instrument.compare(pkg, ref, args, work_dir=os.path.join(
        work, "perturbed"))
    print(c)
    f = c.first
    check(f is not None, "perturbed: a divergence is found")
    if f is None:
        return
    check("linear_1" in f.source_nodes,
          f"perturbed: it is fc2's launch (source nodes {f.source_nodes})")
    check(f.inputs_matched is True, "perturbed: from inputs that matched")
    check(f.constants_differ == ["fc2_weight"],
          f"perturbed: its constant fc2_weight differs ({f.constants_differ})")
    check(f.mismatched > 0 and f.max_abs > 1e-3,
          f"perturbed: elements off ({f.mismatched}, max abs {f.max_abs:.3g})")
    want = f"compare_e2e.py:{fc2_line()}"
    check(bool(f.stack_trace) and f.stack_trace.startswith(want),
          f"perturbed: the user's line {want} (got {f.stack_trace!r})")
    check(str(c).startswith(f"first divergence: #{f.ordinal} {f.kernel} ("),
          "perturbed: the one-line report")
    check(f"ordinals: {f.ordinal}" in f.capture_rule,
          "perturbed: the capture rule names the launch")
    earlier = [l for l in c.launches if l.ordinal < f.ordinal]
    check(earlier and all(l.status in ("matched", "unmapped") for l in earlier)
          and any(l.status == "matched" for l in earlier),
          "perturbed: the launches before it matched")


def case_same(work):
    import aoti_instrument

    args = inputs()
    pkg = build(make_net(), args, os.path.join(work, "net.pt2"))
    c = aoti_instrument.compare(pkg, make_net(), args,
                                work_dir=os.path.join(work, "same"))
    print(c)
    check(c.first is None, "same: no divergence against its own module")
    matched = [l for l in c.launches if l.status == "matched"]
    check(len(matched) >= 3, f"same: {len(matched)} launch outputs matched")
    check(c.runs == 1, f"same: one package run, no tensors saved ({c.runs})")


@torch.library.custom_op("compare_e2e::scale_shift", mutates_args=())
def scale_shift(x: torch.Tensor) -> torch.Tensor:
    return x * 2 + 1


@scale_shift.register_fake
def _(x):
    return torch.empty_like(x)


class WithOp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(32, 32)

    def forward(self, x):
        h = torch.sigmoid(self.fc(x))
        return torch.ops.compare_e2e.scale_shift(h).sum(-1)


# What Inductor compiles the op into: not what it does eagerly. Registered
# before anything compiles (Inductor caches its decomposition table).
@torch._inductor.decomposition.register_decomposition(
    torch.ops.compare_e2e.scale_shift.default)
def _wrong(x):
    return x * 2 + 1.5


def case_wrong_op(work):
    import aoti_instrument

    args = inputs()
    torch.manual_seed(2)
    model = WithOp().eval()
    pkg = build(model, args, os.path.join(work, "with_op.pt2"))
    c = aoti_instrument.compare(pkg, model, args,
                                work_dir=os.path.join(work, "wrong-op"))
    print(c)
    f = c.first
    check(f is not None and "scale_shift" in f.source_nodes,
          f"wrong-op: the custom op's launch is named "
          f"({f.source_nodes if f else None})")
    check(f is not None and f.inputs_matched is True,
          "wrong-op: from inputs that matched")


@torch.library.custom_op("compare_e2e::mirror", mutates_args=())
def mirror(x: torch.Tensor) -> torch.Tensor:
    return x.clone()


@mirror.register_fake
def _(x):
    return torch.empty_like(x)


# Compiled, the op reverses each row: every summary (min, max, mean, NaN
# and Inf counts) is the eager value's, only the elements' order differs.
@torch._inductor.decomposition.register_decomposition(
    torch.ops.compare_e2e.mirror.default)
def _mirrored(x):
    return x.flip(-1)


class WithMirror(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.fc2 = torch.nn.Linear(64, 64)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        # The last op: no later launch's summary shows the permutation.
        return torch.ops.compare_e2e.mirror(torch.tanh(self.fc2(h)))


def case_screen_miss(work):
    """A wrong op the summaries cannot see (a permutation): the outputs
    differ, so launches are sampled and the mirror's launch is named."""
    import aoti_instrument

    args = inputs()
    torch.manual_seed(3)
    model = WithMirror().eval()
    pkg = build(model, args, os.path.join(work, "with_mirror.pt2"))
    c = aoti_instrument.compare(pkg, model, args,
                                work_dir=os.path.join(work, "screen-miss"))
    print(c)
    f = c.first
    check(f is not None and "mirror" in f.source_nodes,
          f"screen-miss: the mirror's launch is named "
          f"({f.source_nodes if f else None})")
    check(f is not None and f.inputs_matched is True,
          "screen-miss: from inputs that matched")
    check(c.runs <= 4, f"screen-miss: found in {c.runs} package runs")
    summaries = [l for l in c.launches if l.stage == "summary"]
    check(all(l.status == "matched" for l in summaries),
          "screen-miss: no summary differed (the sampling found it)")


BUILD_ONLY = "--build-net"


def case_provenance(work):
    """Two packages, no program: the user's line comes from the packages'
    provenance (kernel_information.json), and a C++ kernel with no comment
    of its own gets the nodes its provenance names."""
    import aoti_instrument

    args = inputs()
    pkg = build(make_net(), args, os.path.join(work, "net-prov.pt2"), True)
    ref = make_net()
    with torch.no_grad():
        ref.fc2.weight.add_(0.5 * torch.randn_like(ref.fc2.weight))
    other = build(ref, args, os.path.join(work, "net-prov-perturbed.pt2"), True)
    c = aoti_instrument.compare(pkg, other, args, work_dir=os.path.join(
        work, "provenance"))
    print(c)
    f = c.first
    check(f is not None and "linear_1" in f.source_nodes,
          "provenance: fc2's launch is named")
    if f is None:
        return
    want = f"compare_e2e.py:{fc2_line()}"
    check(bool(f.stack_trace) and f.stack_trace.startswith(want),
          f"provenance: the user's line {want} from the package "
          f"(got {f.stack_trace!r})")
    relu = [l for l in c.launches if l.kernel.startswith("cpp_fused_relu")]
    check(bool(relu) and all(l.source_nodes == ["relu"] for l in relu),
          f"provenance: the C++ relu kernel's nodes are its own "
          f"({[l.source_nodes for l in relu]})")


def case_releases(work, newest):
    if not newest:
        print("skip releases: no --newest-python")
        return
    args = inputs()
    pinned = build(make_net(), args, os.path.join(work, "net.pt2"))
    other = os.path.join(work, "net-newest.pt2")
    subprocess.run([newest, __file__, BUILD_ONLY, other], check=True)
    torch.save({"args": list(args), "kwargs": {}},
               os.path.join(work, "inputs.pt"))
    proc = subprocess.run(
        [sys.executable, "-m", "aoti_instrument.compare", pinned, other,
         "--inputs", os.path.join(work, "inputs.pt"), "--reference-python",
         newest, "--json"], capture_output=True, text=True)
    sys.stderr.write(proc.stderr[-3000:])
    check(proc.returncode in (0, 1), f"releases: the CLI ran ({proc.returncode})")
    if proc.returncode not in (0, 1):
        return
    result = json.loads(proc.stdout)
    matched = [l for l in result["launches"] if l["status"] == "matched"]
    first = result["first"]
    print(first["report"] if first else f"releases: {len(matched)} matched")
    check(len(matched) >= 3,
          f"releases: launches of the two releases aligned ({len(matched)})")
    check(first is None or (first["kernel"] and first["mismatched"] > 0),
          "releases: no divergence, or the first one named")
    check((proc.returncode == 1) == (first is not None),
          "releases: exit 1 exactly when a divergence is found")


def case_cli_errors(work):
    args = inputs()
    pinned = build(make_net(), args, os.path.join(work, "net.pt2"))
    torch.save(list(args), os.path.join(work, "inputs-list.pt"))
    cli = [sys.executable, "-m", "aoti_instrument.compare"]
    proc = subprocess.run(cli + [pinned, os.path.join(work, "missing.pt2"),
                                 "--inputs", os.path.join(work, "inputs-list.pt")],
                          capture_output=True, text=True)
    check(proc.returncode == 3 and "missing.pt2" in proc.stderr and
          "Traceback" not in proc.stderr,
          f"cli-errors: a reference that does not exist: exit 3, named "
          f"({proc.returncode}: {proc.stderr.strip()[-200:]})")
    proc = subprocess.run(cli + [pinned], capture_output=True, text=True)
    check(proc.returncode == 2, f"cli-errors: bad usage: exit 2 "
                                f"({proc.returncode})")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == BUILD_ONLY:
        build(make_net(), inputs(), sys.argv[2])
        return 0
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--newest-python")
    p.add_argument("--only")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    cases = {"perturbed": lambda: case_perturbed(a.work),
             "same": lambda: case_same(a.work),
             "wrong-op": lambda: case_wrong_op(a.work),
             "screen-miss": lambda: case_screen_miss(a.work),
             "provenance": lambda: case_provenance(a.work),
             "releases": lambda: case_releases(a.work, a.newest_python),
             "cli-errors": lambda: case_cli_errors(a.work)}
    for name, run in cases.items():
        if a.only and name != a.only:
            continue
        t0 = time.time()
        run()
        print(f"-- {name}: {time.time() - t0:.0f} s", flush=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
