# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reading a capture bundle (docs/capture.md, "The bundle"), every part of it
checked before anything is launched: manifest.json, before.safetensors,
after.safetensors and, for a Triton launch, kernel.cubin."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

from . import _safetensors
from ._errors import BundleError
from ._params import pack_params

FORMAT = "aoti-instrument-capture"
VERSION = 1
MANIFEST = "manifest.json"
BEFORE = "before.safetensors"
AFTER = "after.safetensors"
SHIM_PREFIXES = ("aoti_torch_cuda_", "aoti_torch_cpu_", "aoti_torch_xpu_",
                 "aoti_torch_mps_", "aoti_torch_")
RETURN_PARAM = re.compile(r"ret(\d+)")


@dataclass
class TensorSpec:
    """One tensor argument of the manifest (``tensors[index]``)."""
    index: int
    key: str
    handle: str
    role: str
    dtype: str
    sizes: List[int]
    strides: List[int]
    storage_offset: int
    extent_bytes: int

    @property
    def torch_dtype(self):
        return _safetensors.torch_dtype(self.dtype)

    @property
    def elements(self) -> int:
        """The number of elements of the extent."""
        return self.extent_bytes // self.torch_dtype.itemsize


@dataclass
class Launch:
    """A Triton launch: the cubin's function, its grid and block."""
    function: str
    grid: List[int]
    block: List[int]
    shared_mem_bytes: int


@dataclass
class Bundle:
    """A capture bundle, read and checked: ``manifest`` as parsed,
    ``tensors`` its tensor arguments, ``before``/``after`` their extents
    by key (one-dimensional CPU tensors; ``after`` None when the captured
    launch did not complete)."""
    path: Path
    manifest: Dict[str, Any]
    tensors: List[TensorSpec]
    before: Dict[str, Any] = field(default_factory=dict)
    after: Optional[Dict[str, Any]] = None
    cubin: Optional[bytes] = None
    launch: Optional[Launch] = None
    op: Any = None
    returned: Dict[int, int] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.manifest["kind"]

    @property
    def kernel(self) -> str:
        return self.manifest["kernel"]

    @property
    def completed(self) -> bool:
        return self.manifest["completed"]

    @property
    def device_type(self) -> str:
        """``cuda`` or ``cpu``: the manifest's device, else what the launch
        says (a Triton kernel, a shim of a device)."""
        device = self.manifest.get("device")
        if isinstance(device, dict) and isinstance(device.get("type"), str):
            return device["type"]
        function = self.manifest.get("extern", {}).get("function", "")
        return "cpu" if function.startswith("aoti_torch_cpu_") else "cuda"


_REQUIRED = object()
_INT = lambda v: isinstance(v, int) and not isinstance(v, bool)  # noqa: E731
_KINDS: Dict[str, Callable[[Any], bool]] = {
    "an integer": _INT,
    "a non-negative integer": lambda v: _INT(v) and v >= 0,
    "a string": lambda v: isinstance(v, str),
    "true or false": lambda v: isinstance(v, bool),
    "an object": lambda v: isinstance(v, dict),
    "a list": lambda v: isinstance(v, list),
    "a list of integers": lambda v: isinstance(v, list) and all(map(_INT, v)),
}


class Fields:
    """The fields of one JSON object of ``file``, at ``where`` in it
    (``tensors[2].``), each checked for its kind as it is read."""

    def __init__(self, file: Any, obj: Any, where: str = ""):
        self.file, self.obj, self.where = file, obj, where
        if not isinstance(obj, dict):
            raise self.error(
                f"{where.rstrip('.') or 'the file'} is not a JSON object")

    def get(self, key: str, kind: str, default: Any = _REQUIRED) -> Any:
        if key not in self.obj:
            if default is _REQUIRED:
                raise self.error(f"{self.where}{key} is missing")
            return default
        value = self.obj[key]
        if not _KINDS[kind](value):
            raise self.error(
                f"{self.where}{key} is {json.dumps(value)}, not {kind}")
        return value

    def sub(self, where: str, obj: Any) -> "Fields":
        return Fields(self.file, obj, f"{self.where}{where}.")

    def error(self, what: str) -> BundleError:
        return BundleError(self.file, what)


def load_bundle(path: Any) -> Bundle:
    """The bundle in directory ``path``, read and checked; BundleError
    names the file at fault and what is wrong."""
    root = Path(path)
    if not root.is_dir():
        raise BundleError(root, "no such bundle directory")
    fields = Fields(root / MANIFEST, _read_manifest(root / MANIFEST))
    _check_header(fields)
    specs = [_tensor_spec(fields.sub(f"tensors[{i}]", obj), i)
             for i, obj in enumerate(fields.get("tensors", "a list"))]
    bundle = Bundle(root, fields.obj, specs)
    if bundle.kind == "triton":
        _load_triton(bundle, fields)
    else:
        _load_extern(bundle, fields)
    bundle.before = _read_extents(root / BEFORE, bundle,
                                  set(bundle.returned.values()))
    if (root / AFTER).exists() or bundle.completed:
        bundle.after = _read_extents(root / AFTER, bundle, set())
    return bundle


def _read_manifest(path: Path) -> Any:
    if not path.is_file():
        raise BundleError(path, "missing")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise BundleError(path, f"not JSON ({err})") from None


def _check_header(fields: Fields) -> None:
    """format, version, kind, kernel and completed."""
    fmt = fields.get("format", "a string")
    if fmt != FORMAT:
        raise fields.error(f"format is {fmt!r}, not {FORMAT!r}")
    version = fields.get("version", "an integer")
    if version != VERSION:
        raise fields.error(f"version {version} is not known (this replay "
                           f"reads version {VERSION})")
    kind = fields.get("kind", "a string")
    if kind not in ("triton", "extern"):
        raise fields.error(f"kind is {kind!r}, neither 'triton' nor 'extern'")
    fields.get("kernel", "a string")
    if not fields.get("completed", "true or false"):
        fields.get("error", "a string", "")


def _tensor_spec(fields: Fields, index: int) -> TensorSpec:
    spec = TensorSpec(
        index, fields.get("key", "a string"),
        fields.get("handle", "a string", ""),
        fields.get("role", "a string", "unknown"),
        fields.get("dtype", "a string"),
        fields.get("sizes", "a list of integers"),
        fields.get("strides", "a list of integers"),
        fields.get("storage_offset", "a non-negative integer", 0),
        fields.get("extent_bytes", "a non-negative integer"))
    dtype = spec.torch_dtype
    if dtype is None:
        raise fields.error(
            f"{fields.where}dtype {spec.dtype!r} is no torch dtype")
    if len(spec.sizes) != len(spec.strides):
        raise fields.error(f"{fields.where}sizes and strides differ in length")
    if spec.extent_bytes % dtype.itemsize:
        raise fields.error(
            f"{fields.where}extent_bytes {spec.extent_bytes} is not a multiple "
            f"of {spec.dtype}'s {dtype.itemsize} bytes")
    span = span_elements(spec.sizes, spec.strides) * dtype.itemsize
    if spec.extent_bytes < span:
        raise fields.error(
            f"{fields.where}extent_bytes {spec.extent_bytes} is less than the "
            f"{span} bytes that sizes {spec.sizes} and strides {spec.strides} "
            "span")
    return spec


def span_elements(sizes: List[int], strides: List[int]) -> int:
    """Elements from a view's first element to its last one, both included."""
    if any(size == 0 for size in sizes):
        return 0
    return 1 + sum((size - 1) * abs(stride)
                   for size, stride in zip(sizes, strides))


def _load_triton(bundle: Bundle, fields: Fields) -> None:
    """launch, params and the cubin they name."""
    launch = fields.sub("launch", fields.get("launch", "an object"))
    name = launch.get("cubin", "a string", "kernel.cubin")
    if not name or Path(name).name != name:
        raise launch.error(
            f"launch.cubin {name!r} is not a file name in the bundle")
    bundle.launch = Launch(
        launch.get("function", "a string"), _dims(launch, "grid", [1, 1, 1]),
        _block(launch),
        launch.get("shared_mem_bytes", "a non-negative integer", 0))
    pack_params(fields.get("params", "a list"), [0] * len(bundle.tensors),
                fields.file)
    cubin = bundle.path / name
    if not cubin.is_file():
        raise BundleError(cubin, "missing")
    bundle.cubin = cubin.read_bytes()
    if not bundle.cubin:
        raise BundleError(cubin, "empty")


def _dims(launch: Fields, key: str, default: Any) -> List[int]:
    dims = launch.get(key, "a list of integers", default)
    if not 1 <= len(dims) <= 3 or min(dims) < 1:
        raise launch.error(f"launch.{key} {dims} is not 1 to 3 positive sizes")
    return dims + [1] * (3 - len(dims))


def _block(launch: Fields) -> List[int]:
    """launch.block, else 32 threads a warp of launch.num_warps."""
    if "block" in launch.obj:
        return _dims(launch, "block", None)
    warps = launch.get("num_warps", "a non-negative integer")
    return [32 * warps, 1, 1]


def _load_extern(bundle: Bundle, fields: Fields) -> None:
    """The ATen overload of extern.function and its arguments."""
    extern = fields.sub("extern", fields.get("extern", "an object"))
    function = extern.get("function", "a string")
    bundle.op = aten_overload(function)
    if bundle.op is None:
        raise extern.error(f"extern.function {function!r} is no shim of an "
                           "ATen operator that this torch has")
    schema = {arg.name: arg for arg in bundle.op._schema.arguments}
    given = set()
    for i, obj in enumerate(extern.get("args", "a list")):
        arg = extern.sub(f"args[{i}]", obj)
        name = _extern_arg(arg, schema, len(bundle.tensors), bundle.op)
        if name not in schema and arg.obj.get("tensor") is not None:
            _return_slot(arg, name, bundle.returned)
        given.add(name)
    missing = [name for name, arg in schema.items()
               if name not in given and not arg.has_default_value()]
    if missing:
        raise extern.error(f"extern.args lack {', '.join(missing)}, which "
                           f"{bundle.op} needs")


def _return_slot(arg: Fields, name: str, returned: Dict[int, int]) -> None:
    """``retN``: the operator's returned value N is tensor ``tensor``."""
    if isinstance(arg.obj["tensor"], list):
        raise arg.error(f"{arg.where}tensor: a returned value is one tensor")
    returned[int(RETURN_PARAM.fullmatch(name).group(1))] = arg.obj["tensor"]


def _extern_arg(arg: Fields, schema: Dict[str, Any], tensors: int,
                op: Any) -> str:
    """The checked name of one extern argument, its tensors in range."""
    name = arg.get("name", "a string")
    if name not in schema and not RETURN_PARAM.fullmatch(name):
        raise arg.error(f"{arg.where}name {name!r} is no argument of {op}")
    refs = arg.obj.get("tensor")
    for ref in refs if isinstance(refs, list) else [refs]:
        if ref is not None and not (_INT(ref) and 0 <= ref < tensors):
            raise arg.error(f"{arg.where}tensor {json.dumps(ref)} is no index "
                            f"of the {tensors} tensors")
    return name


def aten_overload(function: str) -> Any:
    """The ATen overload of shim ``function`` (``aoti_torch_cuda_addmm_out``
    -> ``torch.ops.aten.addmm.out``), or None: the name without its prefix
    is tried whole as ``.default``, then split at each ``_`` from the right
    into operator and overload."""
    rest = next((function[len(p):] for p in SHIM_PREFIXES
                 if function.startswith(p)), "")
    candidates = [(rest, "default")] + [
        (rest[:i], rest[i + 1:]) for i in range(len(rest) - 1, 0, -1)
        if rest[i] == "_"]
    for op, overload in candidates:
        found = _overload(op, overload)
        if found is not None:
            return found
    return None


def _overload(op: str, overload: str) -> Any:
    import torch
    if not op or not overload:
        return None
    try:
        packet = getattr(torch.ops.aten, op)
    except (AttributeError, RuntimeError):
        return None
    return getattr(packet, overload) if overload in packet.overloads() else None


def _read_extents(path: Path, bundle: Bundle, optional: set) -> Dict[str, Any]:
    """Each tensor's extent in ``path``, checked against the manifest;
    tensors whose index is in ``optional`` may be absent."""
    if not path.is_file():
        raise BundleError(path, "missing")
    try:
        _, stored = _safetensors.read(path)
    except _safetensors.SafetensorsError as err:
        raise BundleError(path, str(err)) from None
    extents = {}
    for spec in bundle.tensors:
        if spec.key in stored:
            extents[spec.key] = _extent(path, spec, stored[spec.key])
        elif spec.index not in optional:
            raise BundleError(path, f"no tensor {spec.key!r} ({MANIFEST}'s "
                              f"tensors[{spec.index}])")
    return extents


def _extent(path: Path, spec: TensorSpec, tensor: Any) -> Any:
    """The stored extent of ``spec``, checked: its dtype's, or its bytes
    (``U8``) where safetensors has no code for the dtype."""
    where = f"{MANIFEST}'s tensors[{spec.index}]"
    if (str(tensor.dtype) == "torch.uint8" and spec.dtype != "uint8"
            and tensor.dim() == 1 and tensor.numel() == spec.extent_bytes):
        return tensor.view(spec.torch_dtype)
    if tensor.dtype != spec.torch_dtype:
        raise BundleError(path, f"{spec.key!r} is {tensor.dtype}, "
                          f"{where}.dtype is {spec.dtype}")
    nbytes = tensor.numel() * tensor.element_size()
    if nbytes != spec.extent_bytes or tensor.dim() != 1:
        raise BundleError(path, f"{spec.key!r} holds {nbytes} bytes in "
                          f"{tensor.dim()} dimensions, {where}.extent_bytes is "
                          f"{spec.extent_bytes} (one dimension)")
    return tensor
