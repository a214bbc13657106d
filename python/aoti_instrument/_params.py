# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A Triton launch's parameters as the bundle's manifest records them, as
the ctypes objects cuLaunchKernel takes: read (and so checked) when the
bundle is loaded (_bundle), packed with the tensors' addresses when it is
launched (_cuda)."""

from __future__ import annotations

import ctypes
import struct
from dataclasses import dataclass
from typing import Any, Dict, List, Sequence

from ._errors import BundleError

_INTEGERS = {
    "int8_t": ctypes.c_int8, "uint8_t": ctypes.c_uint8,
    "int16_t": ctypes.c_int16, "uint16_t": ctypes.c_uint16,
    "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64,
    "int": ctypes.c_int, "unsigned": ctypes.c_uint,
    "unsigned int": ctypes.c_uint,
    "long": ctypes.c_long, "unsigned long": ctypes.c_ulong,
    "long long": ctypes.c_longlong, "unsigned long long": ctypes.c_ulonglong,
    "size_t": ctypes.c_size_t, "bool": ctypes.c_bool,
}
_FLOATS = {"float": ctypes.c_float, "double": ctypes.c_double}
# 16-bit floating-point types: their bits, as torch rounds a value to them.
_HALVES = {"half": "float16", "__half": "float16", "at::Half": "float16",
           "c10::Half": "float16", "__nv_bfloat16": "bfloat16",
           "bfloat16": "bfloat16", "at::BFloat16": "bfloat16",
           "c10::BFloat16": "bfloat16"}


@dataclass
class PackedParams:
    """The kernel's parameters: ``values`` one ctypes object a parameter,
    ``array`` the ``void*[]`` of their addresses that cuLaunchKernel takes."""
    values: List[Any]
    array: Any


def pack_params(params: Sequence[Any], addresses: Sequence[int],
                file: Any = "manifest.json") -> PackedParams:
    """The manifest's ``params`` as ctypes objects: a pointer to tensor i
    is ``addresses[i]`` plus its offset, any other pointer its captured
    value, a scalar its ``bytes`` (else its ``value``) as its C++ type."""
    values = [_param(param, i, addresses, file)
              for i, param in enumerate(params)]
    array = (ctypes.c_void_p * max(len(values), 1))(
        *[ctypes.addressof(value) for value in values])
    return PackedParams(values, array)


def _param(param: Any, i: int, addresses: Sequence[int], file: Any) -> Any:
    where = f"params[{i}]"
    if not isinstance(param, dict):
        raise BundleError(file, f"{where} is not a JSON object")
    kind = param.get("kind")
    if kind == "pointer":
        return ctypes.c_uint64(_address(param, where, addresses, file))
    if kind == "scalar":
        return _scalar(param, where, file)
    raise BundleError(
        file, f"{where}.kind is {kind!r}, neither 'pointer' nor 'scalar'")


def _address(param: Dict[str, Any], where: str, addresses: Sequence[int],
             file: Any) -> int:
    tensor, offset = param.get("tensor"), param.get("offset", 0)
    if tensor is None:
        return _captured_pointer(param, where, file)
    if not _is_int(tensor) or not 0 <= tensor < len(addresses):
        raise BundleError(file, f"{where}.tensor {tensor!r} is no index of the "
                          f"{len(addresses)} tensors")
    if not _is_int(offset):
        raise BundleError(file, f"{where}.offset {offset!r} is not an integer")
    return (addresses[tensor] + offset) % (1 << 64)


def _captured_pointer(param: Dict[str, Any], where: str, file: Any) -> int:
    """A pointer to no tensor: its captured ``bytes``, else its ``value``."""
    if param.get("bytes") is not None:
        return _from_bytes(ctypes.c_uint64, param["bytes"], where, file).value
    value = param.get("value")
    if not _is_int(value):
        raise BundleError(file, f"{where}: a pointer to no tensor needs its "
                          "bytes or an integer value")
    return value % (1 << 64)


def _scalar(param: Dict[str, Any], where: str, file: Any) -> Any:
    """A scalar as its C++ type: from ``bytes`` where given, else ``value``."""
    ctype = _scalar_ctype(str(param.get("type", "")))
    raw = param.get("bytes")
    if raw is not None:
        return _from_bytes(ctype, raw, where, file)
    if ctype is None:
        raise BundleError(file, f"{where}: type {param.get('type')!r} is "
                          "unknown and no bytes give its value")
    return _from_value(ctype, param.get("value"), where, file)


def _scalar_ctype(cxx_type: str) -> Any:
    """The ctypes type of a C++ scalar type; ``float16``/``bfloat16`` for
    the 16-bit floats; None for a type this does not know."""
    name = " ".join(cxx_type.replace("const ", " ").split())
    return _INTEGERS.get(name) or _FLOATS.get(name) or _HALVES.get(name)


def _from_bytes(ctype: Any, raw: Any, where: str, file: Any) -> Any:
    try:
        data = bytes.fromhex(raw)
    except (TypeError, ValueError):
        raise BundleError(file, f"{where}.bytes {raw!r} is not hex") from None
    if ctype is None:
        return (ctypes.c_char * len(data)).from_buffer_copy(data)
    if isinstance(ctype, str):
        ctype = ctypes.c_uint16
    if len(data) != ctypes.sizeof(ctype):
        raise BundleError(file, f"{where}.bytes holds {len(data)} bytes, its "
                          f"type {ctypes.sizeof(ctype)}")
    return ctype.from_buffer_copy(data)


def _from_value(ctype: Any, value: Any, where: str, file: Any) -> Any:
    if isinstance(ctype, str):
        return ctypes.c_uint16(_half_bits(ctype, value, where, file))
    if ctype in _FLOATS.values() and isinstance(value, (int, float)) \
            and not isinstance(value, bool):
        return ctype(value)
    if ctype not in _FLOATS.values() and isinstance(value, (int, bool)):
        return ctype(value)
    raise BundleError(file, f"{where}.value {value!r} does not fit its type")


def _half_bits(dtype: str, value: Any, where: str, file: Any) -> int:
    import torch
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise BundleError(file, f"{where}.value {value!r} is not a number")
    half = torch.tensor([value], dtype=getattr(torch, dtype))
    return struct.unpack("<H", bytes(half.view(torch.uint8).tolist()))[0]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
