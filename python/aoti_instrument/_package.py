# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Instrumenting packages from Python: instrument(), load_package()."""

from __future__ import annotations

import hashlib
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

from . import _reports, _tool
from ._coredump import arm_coredump
from ._version import __version__

PathLike = Union[str, "os.PathLike[str]"]
# A rules file or a preset's name, or several of them (`-rules` each, their
# rules together: a preset and a rule of your own).
Rules = Union[PathLike, Sequence[PathLike]]
LOG = logging.getLogger("aoti_instrument")


def presets() -> Dict[str, str]:
    """The presets ``rules`` takes by name, each with what it is for
    (``aoti-instrument --list-presets``)."""
    found = {}
    for line in _tool.run(["--list-presets"]).stdout.splitlines():
        name, _, purpose = line.partition(" ")
        if name:
            found[name] = purpose.strip()
    return found


PRESETS_DIR = _tool.DATA_DIR / "share" / "aoti-instrument" / "yaml-rules"


def _rules_name(rules: PathLike) -> str:
    """The file name of ``rules`` without .yaml: a preset's name."""
    name = Path(rules).name
    return name[:-len(".yaml")] if name.endswith(".yaml") else name


def rules_file(rules: PathLike) -> Optional[Path]:
    """The file ``rules`` means, as the tool resolves it
    (lib/Rules/Presets.cpp, resolveRules): a file that exists, else the
    preset of that name (with or without .yaml); None for neither (the tool
    then says what is wrong). load_package hashes that file's bytes."""
    path = Path(rules)
    if path.exists():
        return path
    preset = PRESETS_DIR / f"{_rules_name(rules)}.yaml"
    return preset if str(rules) == path.name and preset.is_file() else None


def _rules_list(rules: Rules) -> List[PathLike]:
    """``rules`` as a list: one file or preset, or several."""
    if isinstance(rules, (str, os.PathLike)):
        return [rules]
    return list(rules)


def _default_output(package: Path, rules: Rules) -> Path:
    names = "+".join(_rules_name(r) for r in _rules_list(rules))
    return package.with_name(f"{package.stem}.{names}{package.suffix}")


def instrument(package: PathLike, rules: Rules,
               output: Optional[PathLike] = None, *,
               python: Optional[str] = None,
               torch_version: Optional[str] = None,
               torch_include: Optional[PathLike] = None,
               embed_runtime: bool = False,
               compiler_flags: Sequence[str] = (),
               cxx: Optional[str] = None,
               max_unpacked_size: Optional[str] = None,
               echo: bool = False) -> Path:
    """Instruments ``package`` (a .pt2, or a wrapper.cpp) as ``rules`` (a
    rules file, or a preset's name: ``"nan-hunt"``; or a list of them, whose
    rules apply together) says and returns the output's path: ``output``,
    by default ``<stem>.<rules>.pt2`` beside the package. The package is rebuilt with the torch of ``python`` (default:
    this interpreter). ``torch_version``/``torch_include`` pick the headers
    to parse with, ``embed_runtime`` pastes the runtime into a wrapper
    output, ``compiler_flags`` are the flags after ``--``, ``cxx`` is the
    C++ compiler that rebuilds the package (``--cxx``), ``max_unpacked_size``
    how much the package may unpack to (``--max-unpacked-size``, e.g.
    ``"64G"``), ``echo`` shows what the tool prints as it works. Raises
    ToolError (with the tool's message and exit code) when the tool fails;
    nothing is written then."""
    package = Path(package)
    out = Path(output) if output is not None else _default_output(package,
                                                                    rules)
    args = [str(package)]
    for r in _rules_list(rules):
        args += ["-rules", str(r)]
    args += ["-o", str(out), "--python", python or sys.executable]
    if torch_version:
        args.append(f"--torch-version={torch_version}")
    if torch_include:
        args.append(f"--torch-include={torch_include}")
    if embed_runtime:
        args.append("--embed-runtime")
    if cxx:
        args.append(f"--cxx={cxx}")
    if max_unpacked_size:
        args.append(f"--max-unpacked-size={max_unpacked_size}")
    if compiler_flags:
        args += ["--", *compiler_flags]
    proc = _tool.run(args, echo=echo)
    for line in (proc.stdout + proc.stderr).splitlines():
        LOG.info("%s", line)
    return out


# What the tool reads at most of a rules file (lib/Rules/RulesLoader.cpp).
_MAX_RULES_BYTES = 1 << 20


def _sha256(path: Path, limit: Optional[int] = None,
            what: str = "package") -> str:
    """The SHA-256 of ``path``'s bytes, read as the tool reads its inputs
    (lib/Support/RegularFile.h): a regular file once links are followed
    (a FIFO or a device raises ToolError with the tool's exit code 2, or 5
    for a rules file, before anything is read), and never more than its
    size when opened, nor than ``limit``."""
    code = 5 if what == "rules file" else 2
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _tool.ToolError(
                f"{path}: error: {what} is not a regular file", code, [])
        if limit is not None and st.st_size > limit:
            raise _tool.ToolError(
                f"{path}: error: {what} is larger than the {limit} bytes it "
                "may have", code, [])
        h = hashlib.sha256()
        left = st.st_size
        while left > 0:
            block = os.read(fd, min(left, 1 << 20))
            if not block:
                break
            h.update(block)
            left -= len(block)
        return h.hexdigest()
    finally:
        os.close(fd)


def cache_dir() -> Path:
    """Where load_package keeps instrumented packages: the tool's cache
    ($AOTI_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, /aoti-instrument),
    under packages/."""
    root = os.environ.get("AOTI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or
        os.path.join(_tool.home(), ".cache"), "aoti-instrument")
    return Path(root) / "packages"


_TOOL_IDENTITY: Dict[tuple, str] = {}


def _tool_identity() -> str:
    """The SHA-256 of the tool executable's bytes, computed once per
    process and file state (path, size, mtime): another build of the same
    version (a reinstall, a developer build) instruments differently."""
    exe = _tool.tool_path()
    st = exe.stat()
    state = (str(exe), st.st_size, st.st_mtime_ns)
    if state not in _TOOL_IDENTITY:
        digest = hashlib.sha256()
        with open(exe, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        _TOOL_IDENTITY[state] = digest.hexdigest()
    return _TOOL_IDENTITY[state]


def cached_package(package: PathLike, rules: Rules) -> Optional[Path]:
    """The cache entry load_package uses for ``package`` and ``rules``: its
    name holds the hashes of the package's bytes, of each rules file's
    bytes, of the tool (its version and its executable's bytes) and of this
    interpreter's torch (the rebuild's), so that a change of any of them
    makes another entry. None when a ``rules`` is neither a file nor a
    preset."""
    import torch

    package = Path(package)
    rules_paths = [rules_file(r) for r in _rules_list(rules)]
    if not rules_paths or None in rules_paths:
        return None
    key = hashlib.sha256("\n".join([
        _sha256(package),
        *(_sha256(p, _MAX_RULES_BYTES, "rules file") for p in rules_paths),
        __version__, _tool_identity(),
        torch.__version__, sys.executable]).encode()).hexdigest()[:24]
    return cache_dir() / f"{package.stem}-{key}.pt2"


class InstrumentedModel:
    """A loaded instrumented package: calls it as the model returned by
    torch._inductor.aoti_load_package (every other attribute is that
    model's), with the runtime's reports as ReportError and ReportWarning.
    ``package`` is the instrumented .pt2."""

    def __init__(self, model: Any, package: Path):
        self.model = model
        self.package = package

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _reports.call(self.model, args, kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def __repr__(self) -> str:
        return f"InstrumentedModel({str(self.package)!r})"


def load_package(package: PathLike, rules: Rules, *,
                 coredump: Union[bool, PathLike] = False,
                 **aoti_load_package_kwargs: Any) -> InstrumentedModel:
    """Instruments ``package`` as ``rules`` says (a rules file or a preset's
    name, or a list of them) with the torch of this interpreter, once (cache_dir(), see
    cached_package()), and loads the result with
    torch._inductor.aoti_load_package(path, **aoti_load_package_kwargs).
    Calling the returned model raises ReportError when an instrumented run
    fails, with the runtime's report.

    ``coredump``: True (dumps in the current directory) or a directory arms
    the CUDA core dump first (arm_coredump; docs/coredump.md), so that a
    fault leaves a dump for ``aoti-instrument explain``; CoreDumpError when
    CUDA is already initialised in this process."""
    if coredump is not False:
        arm_coredump(None if coredump is True else coredump)
    import torch._inductor

    out = cached_package(package, rules)
    if out is None:
        # Neither a file nor a preset: the tool refuses it, with its message.
        with tempfile.TemporaryDirectory() as scratch:
            instrument(package, rules, Path(scratch) / "refused.pt2")
        raise AssertionError(f"aoti-instrument took rules {rules!r}")
    if not out.is_file():
        LOG.info("instrumenting %s with %s into %s (once)", package, rules,
                 out)
        out.parent.mkdir(parents=True, exist_ok=True)
        instrument(package, rules, out)  # written atomically by the tool
    _reports.channel()  # before the model's first run reads the environment
    model = torch._inductor.aoti_load_package(str(out),
                                              **aoti_load_package_kwargs)
    return InstrumentedModel(model, out)
