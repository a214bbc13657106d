# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reading a .safetensors file with torch alone (no ``safetensors`` package).

The format: an 8-byte little-endian header length N, N bytes of JSON (an
object: ``__metadata__``, a string-to-string map, and one entry per tensor
with ``dtype``, ``shape`` and ``data_offsets`` [begin, end) into the data
that follows the header), then the data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Tuple

# The safetensors dtype names, each with torch's name of that dtype.
DTYPES = {
    "F64": "float64", "F32": "float32", "F16": "float16", "BF16": "bfloat16",
    "I64": "int64", "I32": "int32", "I16": "int16", "I8": "int8",
    "U64": "uint64", "U32": "uint32", "U16": "uint16", "U8": "uint8",
    "BOOL": "bool", "F8_E4M3": "float8_e4m3fn", "F8_E5M2": "float8_e5m2",
    "F8_E4M3FNUZ": "float8_e4m3fnuz", "F8_E5M2FNUZ": "float8_e5m2fnuz",
    "F8_E8M0": "float8_e8m0fnu", "C64": "complex64", "C128": "complex128",
}


class SafetensorsError(ValueError):
    """The file is no safetensors file, or a damaged one."""


def torch_dtype(name: str):
    """torch's dtype named ``name`` (``float32``, ``torch.float32``), or
    None."""
    import torch
    dtype = getattr(torch, name[len("torch."):] if name.startswith("torch.")
                    else name, None)
    return dtype if isinstance(dtype, torch.dtype) else None


def read(path: Path) -> Tuple[Dict[str, str], Dict[str, Any]]:
    """The metadata and the tensors of ``path``: each a CPU tensor of its
    dtype and shape, on a copy of its bytes."""
    data = path.read_bytes()
    header, start = _header(data)
    metadata = header.pop("__metadata__", None) or {}
    if not isinstance(metadata, dict):
        raise SafetensorsError("__metadata__ is not an object")
    tensors = {name: _tensor(name, entry, data, start)
               for name, entry in header.items()}
    return metadata, tensors


def _header(data: bytes) -> Tuple[Dict[str, Any], int]:
    """The parsed JSON header and where the data starts."""
    if len(data) < 8:
        raise SafetensorsError(
            f"truncated: {len(data)} bytes, less than the 8 of the header "
            "length")
    length = int.from_bytes(data[:8], "little")
    if 8 + length > len(data):
        raise SafetensorsError(
            f"truncated: a header of {length} bytes, but only "
            f"{len(data) - 8} bytes follow its length")
    try:
        header = json.loads(data[8:8 + length].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise SafetensorsError(f"the header is not JSON ({err})") from None
    if not isinstance(header, dict):
        raise SafetensorsError("the header is not a JSON object")
    return header, 8 + length


def _tensor(name: str, entry: Any, data: bytes, start: int):
    """Tensor ``name`` of the header: its dtype, shape and bytes checked."""
    import torch
    if not isinstance(entry, dict):
        raise SafetensorsError(f"tensor {name!r}: its entry is not an object")
    dtype = torch_dtype(DTYPES.get(entry.get("dtype"), ""))
    if dtype is None:
        raise SafetensorsError(
            f"tensor {name!r}: unknown dtype {entry.get('dtype')!r}")
    shape = _ints(name, entry, "shape")
    begin, end = _offsets(name, entry, len(data) - start)
    numel = 1
    for size in shape:
        numel *= size
    if numel * dtype.itemsize != end - begin:
        raise SafetensorsError(
            f"tensor {name!r}: shape {shape} of {entry['dtype']} needs "
            f"{numel * dtype.itemsize} bytes, its data_offsets hold "
            f"{end - begin}")
    if end == begin:
        return torch.empty(shape, dtype=dtype)
    raw = bytearray(data[start + begin:start + end])
    return torch.frombuffer(raw, dtype=torch.uint8).view(dtype).reshape(shape)


def _ints(name: str, entry: Dict[str, Any], field: str) -> list:
    value = entry.get(field)
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for v in value):
        raise SafetensorsError(
            f"tensor {name!r}: {field} is not a list of non-negative integers")
    return value


def _offsets(name: str, entry: Dict[str, Any], size: int) -> Tuple[int, int]:
    offsets = _ints(name, entry, "data_offsets")
    if len(offsets) != 2 or offsets[0] > offsets[1]:
        raise SafetensorsError(f"tensor {name!r}: bad data_offsets {offsets}")
    if offsets[1] > size:
        raise SafetensorsError(
            f"truncated: tensor {name!r} ends at byte {offsets[1]} of the "
            f"data, which holds {size}")
    return offsets[0], offsets[1]
