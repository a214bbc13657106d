# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The two sides of a comparison (aoti_instrument.compare): a package run
once, instrumented to summarize or save its launches' tensors, in a Python
of the torch it was built with; and a reference ExportedProgram run node by
node in this process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import _tool
from ._package import instrument

# Runs a package once on the saved inputs, in a process of its own (its
# torch may not be this one's): AOTI_INSTRUMENT_* in the environment say
# where the runtime writes its events and saves.
RUNNER = r"""
import sys, torch
package, inputs, out = sys.argv[1:4]
saved = torch.load(inputs, weights_only=False)
model = torch._inductor.aoti_load_package(package)
# The package's own device: a CUDA package against its CPU twin gets the
# same inputs, each side on its device.
device = model.get_metadata().get("AOTI_DEVICE_KEY")
if device:
    saved = torch.utils._pytree.tree_map(
        lambda v: v.to(device) if isinstance(v, torch.Tensor) else v, saved)
torch.manual_seed(0)
with torch.no_grad():
    result = model(*saved["args"], **saved["kwargs"])
torch.save(result, out)
"""

SUMMARY_RULES = """\
version: 1
description: "aoti_instrument.compare: a summary of every launch's tensors"
rules:
  - name: compare-summaries
    match: {function: run_impl}
    print: {level: stats, when: after, tensors: all, defer: true}
"""

SAVE_RULES = """\
version: 1
description: "aoti_instrument.compare: the tensors of launches {ordinals}"
rules:
  - name: compare-tensors
    match: {{function: run_impl, ordinals: "{ordinals}"}}
    save: {{when: after, tensors: all}}
"""


def ordinal_ranges(ordinals: Sequence[int]) -> str:
    """``[1, 2, 3, 7]`` as the rules' ``"1-3,7"``."""
    parts, run = [], []
    for o in sorted(set(ordinals)):
        if run and o == run[-1] + 1:
            run.append(o)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [o]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


def list_package(package: Path, python: str) -> Dict[str, Any]:
    """The first model's inventory of ``package`` (``--list=json``)."""
    proc = _tool.run([str(package), "--list=json", f"--python={python}"])
    listing = json.loads(proc.stdout)
    models = listing.get("models")
    if models is None:  # a wrapper.cpp
        return listing
    if not models:
        raise ValueError(f"{package}: the package holds no model")
    return models[0]["inventory"]


class PackageSide:
    """A .pt2 run with a rules file of the comparison's, in ``python``."""

    def __init__(self, package: Path, python: str, work: Path, label: str,
                 progress: Callable[[str], None]):
        self.package, self.python, self.label = package, python, label
        self.work, self.progress = work, progress
        self.inventory = list_package(package, python)
        self.runs = 0

    def run(self, rules: str, inputs: Path, tag: str) -> Dict[str, Any]:
        """Instruments the package with ``rules``, runs it once on
        ``inputs``; its events (JSON lines) and the directory of its saves."""
        d = self.work / f"{self.label}-{tag}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "rules.yaml").write_text(rules)
        self.progress(f"{self.label}: instrumenting for {tag}")
        pkg = instrument(self.package, d / "rules.yaml", d / "model.pt2",
                         python=self.python)
        env = dict(os.environ, AOTI_INSTRUMENT_JSONL=str(d / "events.jsonl"),
                   AOTI_INSTRUMENT_LOG=str(d / "events.log"),
                   AOTI_INSTRUMENT_SAVE_DIR=str(d / "saves"))
        self.progress(f"{self.label}: running for {tag}")
        proc = subprocess.run([self.python, "-c", RUNNER, str(pkg),
                               str(inputs), str(d / "outputs.pt")],
                              env=env, capture_output=True, text=True)
        self.runs += 1
        if proc.returncode != 0:
            raise RuntimeError(f"{self.package} did not run "
                               f"({self.label}, {tag}):\n{proc.stderr[-4000:]}")
        events = []
        if (d / "events.jsonl").exists():
            with open(d / "events.jsonl") as f:
                events = [json.loads(line) for line in f if line.strip()]
        return {"events": events, "saves": d / "saves",
                "outputs": d / "outputs.pt"}


def saved_tensors(saves: Path) -> Dict[int, Path]:
    """Ordinal -> the safetensors file of its launch (after, run 1)."""
    files: Dict[int, Path] = {}
    for manifest in saves.glob("*/manifest.jsonl"):
        with open(manifest) as f:
            for line in f:
                entry = json.loads(line)
                if str(entry.get("run")) == "1" and entry.get("phase") == "after":
                    files[int(entry["ordinal"])] = manifest.parent / entry["file"]
    return files


def stats_by_launch(events: List[Dict[str, Any]]) -> Dict[int, Dict[str, Any]]:
    """Ordinal -> tensor name -> the summary its stats event gives (run 1)."""
    out: Dict[int, Dict[str, Any]] = {}
    for e in events:
        if e.get("event") == "stats" and str(e.get("run")) == "1":
            out.setdefault(int(e["ordinal"]), {})[e["tensor"]] = e
    return out


class ProgramSide:
    """An ExportedProgram run node by node in this process, handing each
    node's tensor value to a callback (its values are freed after their
    last use, as torch.fx.Interpreter does)."""

    def __init__(self, program: Any, args: Sequence[Any],
                 kwargs: Dict[str, Any]):
        self.program, self.args, self.kwargs = program, args, kwargs
        self.meta = {n.name: n.meta for n in program.graph.nodes}
        self.order = [n.name for n in program.graph.nodes
                      if n.op == "call_function"]
        self.runs = 0

    def run(self, visit: Callable[[str, Any], None]) -> Any:
        """Runs the program node by node, ``visit(name, value)`` for each
        tensor a node makes; returns the program's output."""
        import torch
        import torch.fx

        module = self.program.module()

        class Recorder(torch.fx.Interpreter):
            def run_node(self, n):
                value = super().run_node(n)
                if isinstance(value, torch.Tensor):
                    visit(n.name, value)
                return value

        torch.manual_seed(0)
        flat = list(self.args) + list(self.kwargs.values())
        with torch.no_grad():
            output = Recorder(module).run(*flat)
        self.runs += 1
        return output

    def constants(self) -> Dict[str, Any]:
        """The program's parameters, buffers and constants by the names a
        wrapper gives them (``fc2.weight`` is ``fc2_weight``)."""
        values = dict(self.program.state_dict)
        values.update(getattr(self.program, "constants", {}) or {})
        return {k.replace(".", "_"): v for k, v in values.items()
                if hasattr(v, "shape")}

    def stack_trace(self, node: str) -> Optional[str]:
        """The user's line that made ``node`` (user_line of its
        ``stack_trace``, which torch.export records)."""
        return user_line((self.meta.get(node) or {}).get("stack_trace"))


# A frame of torch itself (nn.Linear's forward is not the user's line; the
# model's call of it is): this process's torch, or any installed torch (a
# package's provenance names the paths of the machine that built it).
_TORCH_FRAME = re.compile(r"[/\\](site|dist)-packages[/\\]torch[/\\]")


def user_line(trace: Optional[str]) -> Optional[str]:
    """``file:line code`` of the innermost frame of a Python traceback's
    text that is not in torch itself; None without one. Package text is
    data: characters that are not printable are escaped."""
    import torch

    if not trace:
        return None
    own = os.path.dirname(os.path.realpath(torch.__file__)) + os.sep
    for path, lineno, code in reversed(parse_frames(trace)):
        if _TORCH_FRAME.search(path) or \
                os.path.realpath(path).startswith(own):
            continue
        return printable(f"{os.path.basename(path)}:{lineno} {code}".strip())
    return None


def printable(text: str) -> str:
    """``text`` with every character that is not printable as its escape
    (``\\x1b``), so that text read from a package cannot steer a
    terminal."""
    return "".join(c if c.isprintable() else
                   c.encode("unicode_escape").decode("ascii") for c in text)


# kernel_information.json is a few kilobytes per kernel: anything larger
# than this is not read (a package's sizes are not trusted).
PROVENANCE_LIMIT = 64 << 20


def read_provenance(package: Path) -> Dict[str, Dict[str, Any]]:
    """The package's kernel_information.json (written with
    ``config.trace.provenance_tracking_level``): debug handle
    (``cpp_fused_relu_0:2``, the wrapper's ``[Provenance debug handles]``
    comment, ``--list=json``'s ``provenance``) -> its ``stack_traces`` and
    ``pre_grad_nodes``. Empty when the package has none or it is unreadable."""
    import zipfile

    try:
        with zipfile.ZipFile(package) as z:
            for info in z.infolist():
                if not info.filename.endswith("/kernel_information.json"):
                    continue
                if info.file_size > PROVENANCE_LIMIT:
                    return {}
                with z.open(info) as f:
                    data = json.loads(f.read(PROVENANCE_LIMIT + 1))
                return {str(k): v for k, v in data.items()
                        if isinstance(v, dict)} if isinstance(data, dict) else {}
    except (OSError, ValueError, zipfile.BadZipFile):
        return {}
    return {}


def provenance_of(entry: Optional[Dict[str, Any]], key: str) -> List[str]:
    """A list of strings of a kernel_information.json entry (``stack_traces``,
    ``pre_grad_nodes``); [] where it is missing or not one."""
    value = (entry or {}).get(key)
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, str)]


def parse_frames(trace: str) -> List[tuple]:
    """(path, line, code) of each ``File "...", line N, in f`` frame of a
    Python traceback's text."""
    frames = []
    lines = trace.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r'\s*File "([^"]+)", line (\d+)', line)
        if m:
            code = lines[i + 1].strip() if i + 1 < len(lines) and \
                not lines[i + 1].lstrip().startswith("File ") else ""
            frames.append((m.group(1), int(m.group(2)), code))
    return frames


def output_tensors(value: Any) -> List[Any]:
    """The tensors of a model's output (a tensor, or a tuple, list or dict
    of them), in pytree order."""
    import torch
    import torch.utils._pytree as pytree

    return [v for v in pytree.tree_leaves(value) if isinstance(v, torch.Tensor)]


def save_inputs(path: Path, args: Sequence[Any], kwargs: Dict[str, Any]) -> Path:
    import torch

    torch.save({"args": list(args), "kwargs": dict(kwargs)}, path)
    return path


def default_python() -> str:
    return sys.executable
