# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where does a package's output first leave a reference?

    import aoti_instrument
    c = aoti_instrument.compare("model.pt2", reference, args)
    print(c)        # first divergence: #37 triton_poi_fused_... wrote buf41, ...
    c.first         # a Divergence, or None
    c.launches      # every launch output compared, with its error

``reference`` is an ``nn.Module`` or an ``ExportedProgram`` (run here, node
by node), or the path of another ``.pt2`` of the same model (another torch
release, other Inductor settings, another dtype or device; run in
``reference_python``), or of an ExportedProgram saved by
``torch.export.save``. The command line does the same:

    python -m aoti_instrument.compare model.pt2 reference.pt2 --inputs inputs.pt

How (docs/compare.md): the package is instrumented to write a summary of
every launch's tensors (min, max, mean, NaN and Inf counts: the runtime's
statistics, taken on the device with no host sync per launch) and run once;
each launch output is aligned with the reference's value (an FX node of the
launch's source nodes with its shape; for two packages, the launch with the
same last source node); the first whose summary differs is a suspect. Then
the tensors of the launches up to it (``window`` of them) are saved and
compared element by element; the first that differs beyond the tolerance
is the divergence, and whether its inputs matched says whether it started
there. A suspect that the tensors clear moves the search on. Only the
summaries and one window of tensors are held at a time.

This module is callable (``aoti_instrument.compare(...)`` is its
``compare``), so that the function and ``python -m aoti_instrument.compare``
share a name.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _compare_align as align
from . import _compare_run as sides

PathLike = Union[str, Path]


@dataclass
class Launch:
    """One launch output and what the comparison found."""
    ordinal: int
    kernel: str
    line: int
    source_nodes: List[str]
    buffer: str
    reference: Optional[str] = None  # the node (or reference launch) compared
    status: str = "unmapped"  # matched, differs, suspect, unmapped
    why: str = ""
    error: Optional[align.Error] = None
    stage: str = ""  # summary or tensor
    candidates: List[str] = field(default_factory=list)  # reference names


@dataclass
class Divergence:
    """The first launch whose output left the reference."""
    ordinal: int
    kernel: str
    buffer: str
    source_nodes: List[str]
    wrapper: str
    line: int
    max_abs: float
    max_rel: float
    mismatched: int
    numel: int
    inputs_matched: Optional[bool]
    reference: str
    stack_trace: Optional[str] = None
    inputs_differ: List[str] = field(default_factory=list)
    constants_differ: List[str] = field(default_factory=list)

    @property
    def capture_rule(self) -> str:
        """The rule that captures this launch for replay (docs/capture.md)."""
        return ("{name: capture-divergence, match: {ordinals: %d}, "
                "capture: true}" % self.ordinal)

    def __str__(self) -> str:
        nodes = ", ".join(self.source_nodes)
        where = f"{self.wrapper}:{self.line}" + (
            f", source nodes [{nodes}]" if nodes else "")
        if self.inputs_matched:
            came = "from inputs that matched"
        elif self.inputs_matched is None:
            came = "from inputs not all compared"
        else:
            came = "from inputs that already differed (" + ", ".join(
                self.inputs_differ) + ")"
        text = (f"first divergence: #{self.ordinal} {self.kernel} ({where}) "
                f"wrote {self.buffer}, {self.mismatched:,} of {self.numel:,} "
                f"elements off (max abs {self.max_abs:.3g}, rel "
                f"{self.max_rel:.3g}) {came}")
        if self.constants_differ:
            text += "; its constants differ: " + ", ".join(self.constants_differ)
        if self.stack_trace:
            text += f"; {self.stack_trace}"
        return text


@dataclass
class Comparison:
    """What aoti_instrument.compare found."""
    first: Optional[Divergence]
    launches: List[Launch]
    runs: int  # of the package
    reference_runs: int
    seconds: float
    peak_tensor_bytes: int
    rtol: Optional[float] = None
    atol: Optional[float] = None

    @property
    def unmapped(self) -> List[Launch]:
        return [l for l in self.launches if l.status == "unmapped"]

    def __str__(self) -> str:
        if self.first is not None:
            return str(self.first)
        compared = sum(l.status == "matched" for l in self.launches)
        return (f"no divergence: {compared} launch outputs matched the "
                f"reference, {len(self.unmapped)} not compared")


class _Search:
    """The state of one comparison: the package, the reference, the
    alignment and what each launch output came to."""

    def __init__(self, package: sides.PackageSide, reference: Any,
                 inputs: Path, rtol: Optional[float], atol: Optional[float],
                 window: int, progress: Callable[[str], None]):
        self.package, self.reference, self.inputs = package, reference, inputs
        self.rtol, self.atol, self.window = rtol, atol, window
        self.progress = progress
        self.sites = {s["ordinal"]: s for s in package.inventory["sites"]
                      if s.get("function", "run_impl") == "run_impl"}
        self.provenance = sides.read_provenance(package.package)
        order = (reference.order if isinstance(reference, sides.ProgramSide)
                 else None)
        with_provenance = self._sites_with_provenance()
        # Launches whose nodes are their own, not borrowed from the next
        # comment (align.node_groups).
        self.own_nodes = {s["ordinal"] for s in with_provenance
                          if s.get("source_nodes")}
        groups = align.node_groups(with_provenance, order)
        self.outputs = [o for s in self.sites.values()
                        for o in align.launch_outputs(
                            s, groups.get(s["ordinal"], []))]
        self.keys = align.package_keys(list(self.sites.values()))
        self.launches = {(o.ordinal, o.buffer): Launch(
            o.ordinal, o.kernel, o.line, o.source_nodes, o.buffer)
            for o in self.outputs}
        self.peak_bytes = 0
        self.package_outputs: Optional[Path] = None
        self.reference_outputs: Any = None  # tensors, or a package's file
        self.saved: Dict[int, Path] = {}
        self.shapes: Dict[str, List[int]] = {}  # reference node -> shape
        self.ref_keys: Dict[str, Tuple[int, str]] = {}
        self.ref_provenance = (
            sides.read_provenance(reference.package)
            if isinstance(reference, sides.PackageSide) else {})

    def _sites_with_provenance(self) -> List[Dict[str, Any]]:
        """The sites, each without a source-nodes comment of its own (a C++
        kernel of a CPU wrapper) given the pre-grad nodes its provenance
        names, where the package carries provenance."""
        sites = []
        for s in self.sites.values():
            nodes = sides.provenance_of(
                self.provenance.get(s.get("provenance", "")), "pre_grad_nodes")
            sites.append(dict(s, source_nodes=nodes)
                         if nodes and not s.get("source_nodes") else s)
        return sites

    def _user_line(self, launch: Launch) -> Optional[str]:
        """The user's line of ``launch``: from the reference program's
        node, else from the provenance of the package (or of the reference
        package's launch it was compared with)."""
        if isinstance(self.reference, sides.ProgramSide):
            line = self.reference.stack_trace(launch.reference)
            if line:
                return line
        handles = [(self.provenance, self.sites[launch.ordinal])]
        if isinstance(self.reference, sides.PackageSide) and \
                launch.reference in self.ref_keys:
            ordinal = self.ref_keys[launch.reference][0]
            handles += [(self.ref_provenance, s)
                        for s in self.reference.inventory["sites"]
                        if s["ordinal"] == ordinal]
        for provenance, site in handles:
            for trace in sides.provenance_of(
                    provenance.get(site.get("provenance", "")), "stack_traces"):
                line = sides.user_line(trace)
                if line:
                    return line
        return None

    # -- stage 1: summaries --------------------------------------------
    def summarize(self) -> None:
        run = self.package.run(sides.SUMMARY_RULES, self.inputs, "summaries")
        got = sides.stats_by_launch(run["events"])
        self.package_outputs = run["outputs"]
        want = self._reference_summaries()
        self.shapes = {n: w["shape"] for n, w in want.items() if w}
        for o in self.outputs:
            launch = self.launches[(o.ordinal, o.buffer)]
            mine = got.get(o.ordinal, {}).get(o.buffer)
            if mine is None:
                launch.why = "not summarized (no statistics for its dtype)"
                continue
            self._screen(o, launch, mine, want)

    def _reference_summaries(self) -> Dict[str, Dict[str, Any]]:
        if isinstance(self.reference, sides.ProgramSide):
            out: Dict[str, Dict[str, Any]] = {}
            self.reference_outputs = sides.output_tensors(self.reference.run(
                lambda n, v: out.__setitem__(n, align.summary_of(v))))
            return out
        ref = self.reference
        run = ref.run(sides.SUMMARY_RULES, self.inputs, "summaries")
        self.reference_outputs = run["outputs"]
        stats = sides.stats_by_launch(run["events"])
        return self._index_reference_package(ref.inventory, stats)

    def _index_reference_package(self, inventory, stats):
        """Key (package_keys) -> the reference launch's summary."""
        out = {}
        sites = [s for s in inventory["sites"]
                 if s.get("function", "run_impl") == "run_impl"]
        for (ordinal, buffer), key in align.package_keys(sites).items():
            out[key] = stats.get(ordinal, {}).get(buffer)
            self.ref_keys[key] = (ordinal, buffer)
        return out

    def _candidates(self, o: align.Output, mine, want) -> List[str]:
        if isinstance(self.reference, sides.ProgramSide):
            own = align.reference_candidates(o, self.shapes, mine["shape"])
            if o.ordinal in self.own_nodes:
                # A launch whose comment (or provenance) names its nodes
                # holds one of them: a node outside that happens to match
                # (another block's linear of the same shape) is no
                # candidate.
                return own
            return own + align.neighbour_candidates(
                o, self.reference.order, self.shapes, mine["shape"])
        key = self.keys.get((o.ordinal, o.buffer))
        ok = key is not None and want.get(key) is not None and \
            align.same_layout(want[key]["shape"], mine["shape"])
        return [key] if ok else []

    def _screen(self, o, launch, mine, want) -> None:
        candidates = self._candidates(o, mine, want)
        if not candidates:
            if isinstance(self.reference, sides.ProgramSide):
                launch.why = ("no node of its source nodes has its shape in "
                              "the reference (an intermediate fused away)"
                              if o.source_nodes else "no source node known")
            else:
                launch.why = "no launch of the reference holds the same value"
            return
        rtol, atol = align.tolerances(
            [mine["dtype"], want[candidates[0]]["dtype"]], self.rtol, self.atol)
        fits = [c for c in candidates
                if not align.summaries_differ(mine, want[c], rtol, atol)]
        launch.reference = fits[0] if fits else candidates[0]
        launch.status = "matched" if fits else "suspect"
        launch.stage = "summary"
        launch.candidates = candidates

    # -- stage 2: tensors around a suspect -----------------------------
    def suspects(self) -> List[Launch]:
        return sorted((l for l in self.launches.values()
                       if l.status == "suspect"), key=lambda l: l.ordinal)

    def examine(self, suspect: Launch) -> Optional[Launch]:
        """Saves the launches of the window that ends at ``suspect`` and
        compares their tensors; the first that differs, if any."""
        return self.examine_ordinals(
            [o for o in self.mapped_ordinals()
             if suspect.ordinal - self.window < o <= suspect.ordinal],
            f"tensors-{suspect.ordinal}")

    def mapped_ordinals(self) -> List[int]:
        """The ordinals of launches with an output aligned to the reference."""
        return sorted({l.ordinal for l in self.launches.values()
                       if l.reference})

    def examine_ordinals(self, ordinals: List[int],
                         tag: str) -> Optional[Launch]:
        """Saves the tensors of the launches ``ordinals`` in one run of each
        side and compares them; the first launch output that differs."""
        mine = sides.saved_tensors(self.package.run(
            sides.SAVE_RULES.format(ordinals=sides.ordinal_ranges(ordinals)),
            self.inputs, tag)["saves"])
        want = self._reference_values(ordinals, tag)
        self.saved.update(mine)
        first = None
        for ordinal in ordinals:
            for launch in self._launches_at(ordinal):
                self._compare_tensors(launch, mine.get(ordinal), want)
                if launch.status == "differs" and first is None:
                    first = launch
        return first

    # -- when the summaries saw nothing --------------------------------
    def outputs_differ(self) -> bool:
        """Whether the package's outputs differ from the reference's,
        element by element (the summaries screen: they can match while
        elements are off)."""
        import torch

        def load(value):
            if isinstance(value, Path):
                return sides.output_tensors(torch.load(
                    value, map_location="cpu", weights_only=False))
            return value or []

        got, want = load(self.package_outputs), load(self.reference_outputs)
        if len(got) != len(want):
            return True
        for g, w in zip(got, want):
            if not align.same_layout(g.shape, w.shape):
                return True
            rtol, atol = align.tolerances(
                [str(g.dtype)[6:], str(w.dtype)[6:]], self.rtol, self.atol)
            if not align.tensor_error(g, w, rtol, atol).matched:
                return True
        return False

    def sample_search(self, runs_left: int) -> Optional[Launch]:
        """The first differing launch when no summary differed: the tensors
        of ``window`` launches spread over the run are saved and compared,
        then those between the last that matched and the first that did
        not, until the span fits one window (two runs for a few hundred
        launches)."""
        span = self.mapped_ordinals()
        found: Optional[Launch] = None
        while span and runs_left > 0:
            step = max(1, -(-len(span) // self.window))
            sample = span[step - 1::step] if step > 1 else span
            if sample[-1] != span[-1]:
                sample.append(span[-1])
            self.progress(f"sampling {len(sample)} of {len(span)} launches "
                          f"(#{span[0]}-#{span[-1]})")
            hit = self.examine_ordinals(sample, f"sample-{span[0]}-{span[-1]}")
            runs_left -= 1
            if hit is None or step == 1:
                return hit or found
            found = hit
            before = [o for o in sample if o < hit.ordinal]
            low = before[-1] if before else span[0] - 1
            span = [o for o in span if low < o < hit.ordinal]
        return found

    def _launches_at(self, ordinal: int) -> List[Launch]:
        return [l for l in self.launches.values()
                if l.ordinal == ordinal and l.reference]

    def _reference_values(self, ordinals, tag) -> Dict[str, Any]:
        wanted = {c for o in ordinals for l in self._launches_at(o)
                  for c in (l.candidates or [l.reference])}
        if isinstance(self.reference, sides.ProgramSide):
            held: Dict[str, Any] = {}
            self.reference.run(lambda n, v: held.__setitem__(
                n, v.detach().clone()) if n in wanted else None)
            self.peak_bytes = max(self.peak_bytes, sum(
                v.numel() * v.element_size() for v in held.values()))
            return held
        ref_ordinals = [self.ref_keys[k][0] for k in wanted if k in self.ref_keys]
        files = sides.saved_tensors(self.reference.run(
            sides.SAVE_RULES.format(ordinals=sides.ordinal_ranges(ref_ordinals)),
            self.inputs, tag)["saves"])
        return _PackageValues(files, self.ref_keys)

    def _compare_tensors(self, launch: Launch, file: Optional[Path], want) -> None:
        from safetensors.torch import load_file

        if file is None:
            launch.status, launch.why = "unmapped", "its tensors were not saved"
            return
        got = load_file(str(file)).get(launch.buffer)
        if got is None:
            launch.status, launch.why = "unmapped", "its output was not saved"
            return
        best = None
        for name in launch.candidates or [launch.reference]:
            value = want.get(name)
            if value is None or not align.same_layout(value.shape, got.shape):
                continue
            rtol, atol = align.tolerances(
                [str(got.dtype)[6:], str(value.dtype)[6:]], self.rtol, self.atol)
            err = align.tensor_error(got, value, rtol, atol)
            if best is None or err.mismatched < best[1].mismatched:
                best = (name, err)
        if best is None:
            launch.status, launch.why = "unmapped", "the reference's value is missing"
            return
        launch.reference, launch.error = best
        launch.status = "matched" if best[1].matched else "differs"
        launch.stage = "tensor"

    # -- the verdict ----------------------------------------------------
    def divergence(self, launch: Launch) -> Divergence:
        site = self.sites[launch.ordinal]
        differ, unknown = self._inputs_that_differ(launch)
        trace = self._user_line(launch)
        err = launch.error
        return Divergence(
            ordinal=launch.ordinal, kernel=launch.kernel, buffer=launch.buffer,
            source_nodes=launch.source_nodes,
            wrapper=Path(self.package.inventory.get("file", "wrapper.cpp")).name,
            line=site["line"], max_abs=err.max_abs, max_rel=err.max_rel,
            mismatched=err.mismatched, numel=err.numel,
            inputs_matched=None if unknown and not differ else not differ,
            reference=str(launch.reference), stack_trace=trace,
            inputs_differ=differ,
            constants_differ=self._constants_that_differ(launch))

    def _constants_that_differ(self, launch: Launch) -> List[str]:
        """The launch's constants (weights) that differ from the reference
        module's parameter or buffer of that name (``fc2_weight`` is
        ``fc2.weight``); none are compared against a package."""
        if not isinstance(self.reference, sides.ProgramSide) or \
                launch.ordinal not in self.saved:
            return []
        from safetensors.torch import load_file

        saved = load_file(str(self.saved[launch.ordinal]))
        state = self.reference.constants()
        differ = []
        for t in self.sites[launch.ordinal]["tensors"]:
            got, want = saved.get(t["name"]), state.get(t["name"])
            if t.get("origin") != "constant" or got is None or want is None \
                    or got.numel() != want.numel():
                continue
            if list(got.shape) != list(want.shape) or t.get("view"):
                # A view of the whole constant (a transpose): its values as
                # a sorted list.
                got = got.reshape(-1).sort().values
                want = want.reshape(-1).sort().values
            rtol, atol = align.tolerances([str(got.dtype)[6:]], self.rtol,
                                          self.atol)
            if not align.tensor_error(got, want, rtol, atol).matched and \
                    t["name"] not in differ:
                differ.append(t["name"])
        return differ

    def _inputs_that_differ(self, launch: Launch) -> Tuple[List[str], bool]:
        """The activations among the launch's inputs that an earlier launch
        wrote and that differed; whether some could not be judged."""
        differ, unknown = [], False
        site = self.sites[launch.ordinal]
        for t in site["tensors"]:
            if t["role"] in ("out", "ret") or t.get("origin") != "buffer":
                continue
            writer = self._last_writer(t["name"], launch.ordinal)
            if writer is None or writer.status in ("unmapped", "suspect"):
                unknown = True
            elif writer.status == "differs" and t["name"] not in differ:
                differ.append(t["name"])
        return differ, unknown

    def _last_writer(self, buffer: str, before: int) -> Optional[Launch]:
        writers = [l for l in self.launches.values()
                   if l.buffer == buffer and l.ordinal < before]
        return max(writers, key=lambda l: l.ordinal) if writers else None


class _PackageValues(dict):
    """Reference values of a package's launches, loaded from its saves by
    key when asked for."""

    def __init__(self, files: Dict[int, Path], keys: Dict[str, Tuple[int, str]]):
        super().__init__()
        self.files, self.keys = files, keys

    def get(self, key, default=None):
        from safetensors.torch import load_file

        if key not in self.keys or self.keys[key][0] not in self.files:
            return default
        ordinal, buffer = self.keys[key]
        return load_file(str(self.files[ordinal])).get(buffer, default)


def _as_reference(reference: Any, args, kwargs, python: str, work: Path,
                  progress) -> Any:
    """An ExportedProgram side or a package side for ``reference``."""
    import torch

    if isinstance(reference, (str, Path)):
        path = Path(reference)
        if _is_aoti_package(path):
            return sides.PackageSide(path, python, work, "reference", progress)
        reference = torch.export.load(str(path))
    if isinstance(reference, torch.nn.Module):
        progress("exporting the reference module")
        reference = torch.export.export(reference, tuple(args), kwargs or None)
    return sides.ProgramSide(reference, args, kwargs or {})


def _is_aoti_package(path: Path) -> bool:
    import zipfile

    with zipfile.ZipFile(path) as z:
        return any("/data/aotinductor/" in f"/{n}" for n in z.namelist())


def compare(package: PathLike, reference: Any, args: Sequence[Any], *,
            kwargs: Optional[Dict[str, Any]] = None,
            rtol: Optional[float] = None, atol: Optional[float] = None,
            python: Optional[str] = None,
            reference_python: Optional[str] = None, window: int = 16,
            max_runs: int = 8, progress: bool = True,
            work_dir: Optional[PathLike] = None) -> Comparison:
    """The first launch of ``package`` whose output leaves ``reference``
    on ``args`` (and ``kwargs``). ``rtol``/``atol``: the tolerance of every
    comparison (default: by dtype, the looser of the two sides';
    _compare_align.DEFAULT_TOLERANCES). ``python``/``reference_python``: the
    interpreters whose torch runs each package (default: this one).
    ``window``: how many launches up to a suspect have their tensors saved
    at once. ``max_runs``: how many package runs the search may take.
    ``progress``: a line on stderr per step. ``work_dir``: where the
    instrumented packages, events and saves go (default: a temporary
    directory, removed afterwards)."""
    say = (lambda m: print(f"[compare] {m}", file=sys.stderr, flush=True)) \
        if progress else (lambda m: None)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="aoti-compare-") as scratch:
        work = Path(work_dir) if work_dir is not None else Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        inputs = sides.save_inputs(work / "inputs.pt", args, kwargs or {})
        py = python or sides.default_python()
        pkg = sides.PackageSide(Path(package), py, work, "package", say)
        ref = _as_reference(reference, args, kwargs, reference_python or py,
                            work, say)
        search = _Search(pkg, ref, inputs, rtol, atol, window, say)
        search.summarize()
        first = None
        if not search.suspects() and search.outputs_differ():
            say("every summary matched but the outputs differ: sampling "
                "launches")
            found = search.sample_search(max_runs - pkg.runs)
            if found is not None:
                first = search.divergence(found)
        for suspect in search.suspects() if first is None else []:
            if pkg.runs >= max_runs:
                say(f"stopped after {pkg.runs} runs (max_runs)")
                break
            if suspect.status != "suspect":
                continue  # examined with an earlier window
            say(f"suspect #{suspect.ordinal} {suspect.kernel}: saving its "
                f"window of {window} launches")
            found = search.examine(suspect)
            if found is not None:
                first = search.divergence(found)
                break
        launches = sorted(search.launches.values(), key=lambda l: l.ordinal)
        return Comparison(first, launches, pkg.runs, ref.runs,
                          time.monotonic() - start, search.peak_bytes,
                          rtol, atol)


def _load_inputs(path: str) -> Tuple[List[Any], Dict[str, Any]]:
    import torch

    saved = torch.load(path, weights_only=False)
    if isinstance(saved, dict) and "args" in saved:
        return list(saved["args"]), dict(saved.get("kwargs") or {})
    if isinstance(saved, (list, tuple)):
        return list(saved), {}
    return [saved], {}


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m aoti_instrument.compare",
        description="The first launch of PACKAGE whose output leaves "
        "REFERENCE (another .pt2 of the model, or an ExportedProgram saved "
        "by torch.export.save). Exit 0: no divergence; 1: one was found; "
        "2: bad usage; 3: a side could not be run or read.")
    p.add_argument("package")
    p.add_argument("reference")
    p.add_argument("--inputs", required=True,
                   help="torch.save of the inputs: a list of args, or "
                   "{'args': [...], 'kwargs': {...}}")
    p.add_argument("--rtol", type=float)
    p.add_argument("--atol", type=float)
    p.add_argument("--python", help="the Python whose torch runs PACKAGE")
    p.add_argument("--reference-python",
                   help="the Python whose torch runs REFERENCE")
    p.add_argument("--window", type=int, default=16)
    p.add_argument("--json", action="store_true",
                   help="the result as one JSON object on stdout")
    a = p.parse_args(argv)
    try:
        args, kwargs = _load_inputs(a.inputs)
        c = compare(a.package, a.reference, args, kwargs=kwargs, rtol=a.rtol,
                    atol=a.atol, python=a.python,
                    reference_python=a.reference_python, window=a.window)
    except (OSError, ValueError, RuntimeError) as e:
        # The tool's ToolError and a side that did not run are RuntimeErrors.
        print(f"python -m aoti_instrument.compare: error: {e}",
              file=sys.stderr)
        return 3
    if a.json:
        print(json.dumps(to_json(c)))
    else:
        print(c)
    return 1 if c.first is not None else 0


def to_json(c: Comparison) -> Dict[str, Any]:
    from dataclasses import asdict

    launches = []
    for l in c.launches:
        d = {k: v for k, v in asdict(l).items() if k != "candidates"}
        launches.append(d)
    first = asdict(c.first) if c.first else None
    if first:
        first["capture_rule"] = c.first.capture_rule
        first["report"] = str(c.first)
    return {"first": first, "launches": launches, "runs": c.runs,
            "reference_runs": c.reference_runs,
            "seconds": round(c.seconds, 2),
            "peak_tensor_bytes": c.peak_tensor_bytes}


class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> Comparison:
        return compare(*args, **kwargs)


if __name__ == "__main__":
    sys.exit(main())
else:
    sys.modules[__name__].__class__ = _CallableModule
