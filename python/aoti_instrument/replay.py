# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Replaying a capture bundle: one launch, alone (docs/capture.md).

    python -m aoti_instrument.replay BUNDLE [--compare] [--device N]

launches the bundle's kernel once (a Triton kernel through the CUDA driver,
each tensor allocated at exactly its extent; an extern shim as its ATen
overload), prints ``replay: <kernel> completed`` or ``replay: <kernel>
failed: <error>``, and with --compare each tensor whose extent differs from
after.safetensors. Exit codes: 0 completed (and identical), 1 the launch
failed, 2 the bundle cannot be read, 3 --compare found a difference.

From Python: ``load_bundle(path)`` -> Bundle, ``replay(bundle_or_path,
device=None, compare=False)`` -> ReplayResult; BundleError when the bundle
cannot be read. Needs torch and, for CUDA launches, the CUDA driver.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from ._bundle import Bundle, TensorSpec, load_bundle, span_elements
from ._errors import BundleError
from ._cuda import LaunchError
from ._params import PackedParams, pack_params

__all__ = ["Bundle", "BundleError", "Difference", "PackedParams",
           "ReplayResult", "TensorSpec", "load_bundle", "main", "pack_params",
           "replay", "stale_pointers"]


@dataclass
class Difference:
    """A tensor whose extent after the replay is not after.safetensors':
    ``count`` of ``total`` elements differ, the first at ``first`` (an
    index into the extent), ``replayed``/``captured`` its two values;
    ``note`` says what else differs (a returned tensor's view, a launch
    that did not complete when it was captured)."""
    key: Optional[str]
    handle: str = ""
    count: int = 0
    total: int = 0
    first: Optional[int] = None
    replayed: str = ""
    captured: str = ""
    note: str = ""

    def __str__(self) -> str:
        if self.key is None:
            return self.note
        name = f"{self.key} ({self.handle})" if self.handle else self.key
        if self.note:
            return f"{name}: {self.note}"
        return (f"{name}: {self.count} of {self.total} elements differ, the "
                f"first at element {self.first} of the extent (replayed "
                f"{self.replayed}, captured {self.captured})")


@dataclass
class ReplayResult:
    """What a replay did: ``completed``, else ``error`` (``CUDA_ERROR_...
    (...)``, or the exception of an extern operator); ``differences`` what
    --compare found."""
    kernel: str
    completed: bool
    error: Optional[str] = None
    differences: List[Difference] = field(default_factory=list)


def replay(bundle_or_path: Any, device: Optional[int] = None,
           compare: bool = False) -> ReplayResult:
    """Launches the bundle's kernel once on CUDA device ``device`` (default
    0; a CPU shim runs on the CPU) and, with ``compare``, compares each
    tensor's extent after it with after.safetensors."""
    bundle = (bundle_or_path if isinstance(bundle_or_path, Bundle)
              else load_bundle(bundle_or_path))
    try:
        extents = _run(bundle, 0 if device is None else device)
    except LaunchError as err:
        where = ("" if err.call in ("", "cuLaunchKernel", "cuStreamSynchronize")
                 else f" in {err.call}")
        return ReplayResult(bundle.kernel, False, err.text + where)
    result = ReplayResult(bundle.kernel, True)
    if compare:
        result.differences = compare_extents(bundle, extents)
    return result


def _run(bundle: Bundle, device: int) -> Dict[str, Any]:
    """The extents after one launch of the bundle, by key."""
    if bundle.kind == "triton":
        from ._cuda import run_triton
        return run_triton(bundle, device)
    return _run_extern(bundle, device)


def _run_extern(bundle: Bundle, device: int) -> Dict[str, Any]:
    """Calls the shim's ATen overload with the bundle's arguments by name,
    each tensor a view of an allocation of exactly its extent; the
    extents after it, and the tensors it returned, by key."""
    target = _torch_device(bundle, device)
    inputs = [spec for spec in bundle.tensors
              if spec.index not in bundle.returned.values()]
    flats = {spec.index: _materialize(spec, bundle.before[spec.key], target)
             for spec in inputs}
    views = {spec.index: flats[spec.index].as_strided(spec.sizes,
                                                      spec.strides, 0)
             for spec in inputs}
    try:
        returned = _call(bundle.op, _extern_kwargs(bundle, views), target)
    except Exception as err:  # noqa: BLE001 -- the operator's own failure
        raise LaunchError(_failure_text(err, target)) from None
    extents = {bundle.tensors[i].key: flat.cpu() for i, flat in flats.items()}
    for slot, index in bundle.returned.items():
        extents[bundle.tensors[index].key] = (
            returned[slot] if slot < len(returned) else None)
    return extents


def _torch_device(bundle: Bundle, device: int) -> Any:
    import torch
    if bundle.device_type == "cpu":
        return torch.device("cpu")
    if not torch.cuda.is_available():
        raise LaunchError("CUDA is not available to torch")
    return torch.device("cuda", device)


def _materialize(spec: TensorSpec, extent: Any, device: Any) -> Any:
    """A fresh allocation of the extent's elements, holding them."""
    import torch
    flat = torch.empty(spec.elements, dtype=spec.torch_dtype, device=device)
    flat.copy_(extent)
    return flat


def _extern_kwargs(bundle: Bundle, views: Dict[int, Any]) -> Dict[str, Any]:
    """The manifest's extern args by the schema's names (return slots
    ``retN`` left out): tensors as their views, lists of them, or None."""
    schema = {arg.name for arg in bundle.op._schema.arguments}
    kwargs = {}
    for arg in bundle.manifest["extern"]["args"]:
        if arg["name"] not in schema:
            continue
        if "tensor" not in arg:
            kwargs[arg["name"]] = arg.get("value")
        elif isinstance(arg["tensor"], list):
            kwargs[arg["name"]] = [_view(views, r) for r in arg["tensor"]]
        else:
            kwargs[arg["name"]] = _view(views, arg["tensor"])
    return kwargs


def _view(views: Dict[int, Any], index: Optional[int]) -> Any:
    return None if index is None else views[index]


def _call(op: Any, kwargs: Dict[str, Any], device: Any) -> List[Any]:
    """Runs ``op`` (on a stream of its own on CUDA), synchronized; its
    returned values as a list."""
    import torch
    if device.type == "cuda":
        torch.cuda.synchronize(device)
        stream = torch.cuda.Stream(device)
        with torch.cuda.stream(stream):
            result = op(**kwargs)
        stream.synchronize()
    else:
        result = op(**kwargs)
    return list(result) if isinstance(result, (tuple, list)) else [result]


def _failure_text(err: Exception, device: Any) -> str:
    """``CUDA_ERROR_... (...)`` when the CUDA context holds an error, else
    the exception's type and first line."""
    context_error = _context_error() if device.type == "cuda" else None
    if context_error:
        return context_error
    lines = str(err).strip().splitlines()
    return f"{type(err).__name__}: {lines[0] if lines else ''}"


def _context_error() -> Optional[str]:
    """The sticky error of the current CUDA context, if it holds one."""
    from ._cuda import Driver
    try:
        driver = Driver()
    except LaunchError:
        return None
    result = driver.lib.cuCtxSynchronize()
    return driver.describe(result) if result else None


def compare_extents(bundle: Bundle,
                    extents: Dict[str, Any]) -> List[Difference]:
    """Each tensor whose extent after the replay differs from
    after.safetensors, byte for byte."""
    if bundle.after is None:
        error = bundle.manifest.get("error") or "no error recorded"
        return [Difference(None, note=(
            f"the captured launch did not complete ({error}), the replay did: "
            "no after.safetensors to compare with"))]
    found = []
    for spec in bundle.tensors:
        if spec.key in bundle.after and spec.key in extents:
            difference = _difference(bundle, spec, extents[spec.key],
                                     bundle.after[spec.key])
            if difference is not None:
                found.append(difference)
    return found


def _difference(bundle: Bundle, spec: TensorSpec, replayed: Any,
                captured: Any) -> Optional[Difference]:
    """How the replayed extent differs from the captured one; for a tensor
    the operator returned, its view first."""
    if spec.index in bundle.returned.values():
        if replayed is None:
            return Difference(spec.key, spec.handle,
                              note="the operator returned no tensor for it")
        view = (list(replayed.shape), list(replayed.stride()))
        if view != (spec.sizes, spec.strides):
            return Difference(spec.key, spec.handle, note=(
                f"returned with sizes {view[0]} and strides {view[1]}, "
                f"captured with sizes {spec.sizes} and strides {spec.strides}"))
        replayed = _extent_of(replayed)
    return _bytes_difference(spec, replayed.cpu(), captured)


def _extent_of(tensor: Any) -> Any:
    """The one-dimensional extent of a view: its first element to its last."""
    count = span_elements(list(tensor.shape), list(tensor.stride()))
    return tensor.as_strided((count,), (1,), tensor.storage_offset())


def _bytes_difference(spec: TensorSpec, replayed: Any,
                      captured: Any) -> Optional[Difference]:
    """Elements whose bytes differ: how many, the first, its two values."""
    import torch
    size = captured.element_size()
    if replayed.numel() != captured.numel():
        return Difference(spec.key, spec.handle, note=(
            f"{replayed.numel()} elements replayed, "
            f"{captured.numel()} captured"))
    ours = replayed.contiguous().view(torch.uint8).reshape(-1, size)
    theirs = captured.contiguous().view(torch.uint8).reshape(-1, size)
    differs = (ours != theirs).any(dim=1)
    count = int(differs.sum())
    if count == 0:
        return None
    first = int(differs.nonzero()[0, 0])
    return Difference(spec.key, spec.handle, count, captured.numel(), first,
                      _element(replayed, first), _element(captured, first))


def _element(extent: Any, index: int) -> str:
    """Element ``index`` as Python prints its value, else its bytes."""
    import torch
    try:
        return repr(extent[index].item())
    except (RuntimeError, TypeError):
        raw = extent[index:index + 1].contiguous().view(torch.uint8)
        return "0x" + bytes(raw.tolist()).hex()


def stale_pointers(bundle: Bundle) -> List[str]:
    """The Triton pointer parameters that point to no tensor of the bundle
    and are not null (a scratch buffer of the captured process): they are
    passed as captured, which this process has not allocated."""
    if bundle.kind != "triton":
        return []
    return [f"params[{i}] ({param.get('name', '?')}) is {param['value']:#x}, "
            "a pointer to no tensor of the bundle: passed as captured"
            for i, param in enumerate(bundle.manifest["params"])
            if param.get("kind") == "pointer" and param.get("tensor") is None
            and param.get("value")]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m aoti_instrument.replay",
        description="Launch the kernel of a capture bundle once "
                    "(docs/capture.md).")
    parser.add_argument("bundle", help="the bundle directory")
    parser.add_argument("--compare", action="store_true",
                        help="compare each tensor's extent after the replay "
                             "with after.safetensors, byte for byte")
    parser.add_argument("--device", type=int, default=None, metavar="N",
                        help="the CUDA device to replay on (default 0)")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: 0 completed (identical with --compare), 1 the launch
    failed, 2 the bundle cannot be read, 3 --compare found a difference."""
    args = _parser().parse_args(argv)
    try:
        bundle = load_bundle(args.bundle)
    except BundleError as err:
        print(f"replay: error: {err}", file=sys.stderr)
        return 2
    for warning in stale_pointers(bundle):
        print(f"replay: warning: {warning}", file=sys.stderr)
    result = replay(bundle, device=args.device, compare=args.compare)
    if not result.completed:
        print(f"replay: {result.kernel} failed: {result.error}")
        return 1
    print(f"replay: {result.kernel} completed")
    for difference in result.differences:
        print(f"replay: compare: {difference}")
    if args.compare and not result.differences:
        print("replay: compare: every extent is identical to after.safetensors")
    return 3 if result.differences else 0


if __name__ == "__main__":
    sys.exit(main())
