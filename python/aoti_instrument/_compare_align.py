# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which value of the reference each launch's output holds, and how far
apart two values are (aoti_instrument.compare).

A launch of the wrapper (``--list=json``'s site) writes output tensors
(roles ``out``, ``ret``, ``inout``, from the shim's declarations); its
``source_nodes`` are the FX nodes Inductor fused into it, topologically
sorted, named as in the ExportedProgram's graph. An output holds the value
of one of them (usually the last), unless it is an intermediate that no
node of the graph has (a mean of a fused layer norm): it is then not
compared, and said so.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

OUTPUT_ROLES = ("out", "ret", "inout")

# (rtol, atol) by dtype: torch.testing's, but float32's rtol is 1e-4 rather
# than 1.3e-6, since a compiled kernel sums in another order than eager mode
# does. A comparison of two dtypes takes the looser one's. Integers and
# bools must be equal.
DEFAULT_TOLERANCES = {
    "float64": (1e-7, 1e-7),
    "float32": (1e-4, 1e-5),
    "float16": (1e-3, 1e-5),
    "bfloat16": (1.6e-2, 1e-5),
    "float8_e4m3fn": (1.25e-1, 1e-3),
    "float8_e5m2": (2.5e-1, 1e-3),
}


def tolerances(dtypes: Iterable[str], rtol: Optional[float],
               atol: Optional[float]) -> Tuple[float, float]:
    """(rtol, atol) for values of ``dtypes`` (names like ``float32``): the
    given ones, else the loosest default of the dtypes (0, 0 for integers)."""
    found = [DEFAULT_TOLERANCES[d] for d in dtypes if d in DEFAULT_TOLERANCES]
    r = max((t[0] for t in found), default=0.0)
    a = max((t[1] for t in found), default=0.0)
    return (r if rtol is None else rtol, a if atol is None else atol)


@dataclass
class Output:
    """One output tensor of one launch."""
    ordinal: int
    kernel: str
    line: int
    source_nodes: List[str]
    buffer: str
    position: int  # among the launch's outputs
    inputs: List[Tuple[str, str]] = field(default_factory=list)  # (name, origin)


def node_groups(sites: Sequence[Dict[str, Any]],
                order: Optional[Sequence[str]] = None) -> Dict[int, List[str]]:
    """Ordinal -> the FX nodes its outputs may hold. A launch whose own
    comment names them: those. A C++ kernel of a CPU wrapper has no comment
    of its own: the next comment lists its nodes with the next extern
    call's (`[relu, linear_1]` before the addmm that follows
    cpp_fused_relu_0), so each launch before a comment gets that comment's
    nodes; those after the last comment get the nodes of ``order`` (the
    reference graph's, when known) after every node a comment names."""
    groups: Dict[int, List[str]] = {}
    pending: List[int] = []
    named = set()
    for site in sorted(sites, key=lambda s: s["ordinal"]):
        nodes = list(site.get("source_nodes") or [])
        if not nodes:
            pending.append(site["ordinal"])
            continue
        named.update(nodes)
        for ordinal in pending + [site["ordinal"]]:
            groups[ordinal] = nodes
        pending = []
    if pending and order:
        last = max((i for i, n in enumerate(order) if n in named), default=-1)
        tail = list(order[last + 1:])
        for ordinal in pending:
            groups[ordinal] = tail
    return groups


def launch_outputs(site: Dict[str, Any],
                   nodes: Optional[List[str]] = None) -> List[Output]:
    """The output tensors of a ``--list=json`` site, in argument order; a
    tensor named twice (a view of it) once. ``nodes``: what node_groups
    says of the site (default: its own source nodes)."""
    outs: List[Output] = []
    seen = set()
    if nodes is None:
        nodes = list(site.get("source_nodes") or [])
    inputs = [(t["name"], t.get("origin", "")) for t in site["tensors"]
              if t["role"] not in ("out", "ret")]
    for t in site["tensors"]:
        if t["role"] in OUTPUT_ROLES and t.get("origin") == "buffer" and \
                t["name"] not in seen:
            seen.add(t["name"])
            outs.append(Output(site["ordinal"], site["kernel"], site["line"],
                               nodes, t["name"], len(outs), inputs))
    return outs


def same_layout(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether tensors of shapes ``a`` and ``b`` can hold the same value
    element for element: the same shape, or the same number of elements
    and the same last dimension (a reshape that merges leading dimensions,
    as an extern matrix product's [128, 1024] output of a [2, 64, 1024]
    linear; a transpose is not one)."""
    a, b = list(a), list(b)
    if a == b:
        return True
    return bool(a) and bool(b) and a[-1] == b[-1] and \
        math.prod(a) == math.prod(b)


def reference_candidates(out: Output, shapes: Dict[str, Sequence[int]],
                         shape: Sequence[int]) -> List[str]:
    """The source nodes of ``out``'s launch whose reference value has
    ``shape``, last first (the usual holder of a fused kernel's output)."""
    return [n for n in reversed(out.source_nodes)
            if n in shapes and same_layout(shapes[n], shape)]


def neighbour_candidates(out: Output, order: Sequence[str],
                         shapes: Dict[str, Sequence[int]],
                         shape: Sequence[int], span: int = 24) -> List[str]:
    """Nodes of the reference graph near ``out``'s source nodes (``span``
    nodes either side, in graph order) whose value has ``shape``, nearest
    first: what a C++ kernel of a CPU wrapper may also hold when the
    comment it takes its nodes from does not name them all (a residual add
    fused into the next norm's kernel)."""
    position = {n: i for i, n in enumerate(order)}
    spots = [position[n] for n in out.source_nodes if n in position]
    if not spots:
        return []
    lo, hi = min(spots) - span, max(spots) + span
    near = [n for n in order[max(lo, 0):hi + 1]
            if n not in out.source_nodes and n in shapes and
            same_layout(shapes[n], shape)]
    return sorted(near, key=lambda n: min(abs(position[n] - p) for p in spots))


def package_keys(sites: Sequence[Dict[str, Any]]) -> Dict[Tuple[int, str], str]:
    """(ordinal, buffer) -> what names that output across two packages of
    one model: the launch's own last source node, or, for a launch with no
    comment, its kernel's name without the trailing index and how many
    launches of that name came before; with the output's position when the
    launch writes several. A key two outputs share is left out."""
    keys: Dict[Tuple[int, str], str] = {}
    seen: Dict[str, int] = {}
    for site in sorted(sites, key=lambda s: s["ordinal"]):
        nodes = site.get("source_nodes") or []
        if nodes:
            base = nodes[-1]
        else:
            stem = re.sub(r"_[0-9]+$", "", site["kernel"])
            seen[stem] = seen.get(stem, 0) + 1
            base = f"{stem}@{seen[stem]}"
        outs = launch_outputs(site)
        for o in outs:
            keys[(o.ordinal, o.buffer)] = (
                base if len(outs) == 1 else f"{base}#{o.position}")
    counts: Dict[str, int] = {}
    for k in keys.values():
        counts[k] = counts.get(k, 0) + 1
    return {o: k for o, k in keys.items() if counts[k] == 1}


@dataclass
class Error:
    """How far a tensor is from its reference."""
    max_abs: float
    max_rel: float
    mismatched: int
    numel: int

    @property
    def matched(self) -> bool:
        return self.mismatched == 0


def tensor_error(got: Any, want: Any, rtol: float, atol: float) -> Error:
    """Elementwise: an element is off when |got - want| > atol + rtol *
    |want| (NaN against NaN and equal infinities are equal)."""
    import torch

    g = got.detach().to("cpu", torch.float64).reshape(-1)
    w = want.detach().to("cpu", torch.float64).reshape(-1)
    both_nan = torch.isnan(g) & torch.isnan(w)
    same = (g == w) | both_nan
    diff = torch.where(same, torch.zeros_like(g), (g - w).abs())
    diff = torch.nan_to_num(diff, nan=math.inf)
    off = diff > atol + rtol * w.abs().nan_to_num(nan=0.0, posinf=0.0)
    scale = w.abs().nan_to_num(nan=0.0)
    rel = torch.where(diff == 0, torch.zeros_like(diff), torch.where(
        scale > 0, diff / scale, torch.full_like(diff, math.inf)))
    return Error(max_abs=float(diff.max()) if diff.numel() else 0.0,
                 max_rel=float(rel.max()) if rel.numel() else 0.0,
                 mismatched=int(off.sum()), numel=int(g.numel()))


# The statistics a summary holds: the runtime's `stats` event's fields.
SUMMARY_FIELDS = ("min", "max", "mean", "nan", "inf")


def summary_of(value: Any) -> Dict[str, Any]:
    """``value``'s summary as the runtime's stats event gives it."""
    import torch

    t = value.detach()
    if t.is_complex():
        t = torch.view_as_real(t)
    f = t.to(torch.float64)
    finite = f[torch.isfinite(f)]
    return {"shape": list(value.shape), "dtype": str(value.dtype)[6:],
            "numel": value.numel(),
            "min": float(finite.min()) if finite.numel() else None,
            "max": float(finite.max()) if finite.numel() else None,
            "mean": float(finite.mean()) if finite.numel() else None,
            "nan": int(torch.isnan(f).sum()), "inf": int(torch.isinf(f).sum())}


def summaries_differ(a: Dict[str, Any], b: Dict[str, Any], rtol: float,
                     atol: float) -> bool:
    """Whether two summaries say the tensors differ: NaN or Inf counts that
    differ, or a min, max or mean farther apart than four times the
    tolerance at the tensor's scale (a screen: the tensors themselves
    decide)."""
    if a.get("nan") != b.get("nan") or a.get("inf") != b.get("inf"):
        return True
    scale = max(abs(v) for v in (a.get("min"), a.get("max"), b.get("min"),
                                 b.get("max"), 0.0) if v is not None)
    for key in ("min", "max", "mean"):
        x, y = a.get(key), b.get(key)
        if (x is None) != (y is None):
            return True
        if x is not None and abs(x - y) > 4 * (atol + rtol * scale):
            return True
    return False
