# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One Triton launch of a bundle through the CUDA driver (ctypes on
libcuda.so.1): the cubin loaded with cuModuleLoadData, each tensor's extent
allocated with cuMemAlloc at exactly its size, the kernel launched once on
a stream of its own."""

from __future__ import annotations

import ctypes
from typing import Any, Dict

from ._bundle import Bundle
from ._params import PackedParams, pack_params

CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
DEFAULT_SHARED_LIMIT = 48 * 1024


class LaunchError(Exception):
    """The launch, or what prepares it, failed: ``text`` says how
    (``CUDA_ERROR_... (its string)`` for a driver call), ``call`` the
    driver call that failed, if one did."""

    def __init__(self, text: str, call: str = ""):
        super().__init__(text)
        self.text, self.call = text, call


class Driver:
    """libcuda.so.1 through ctypes; a call that fails raises LaunchError."""

    def __init__(self) -> None:
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as err:
            raise LaunchError(f"no CUDA driver ({err})") from None

    def __call__(self, name: str, *args: Any) -> None:
        result = getattr(self.lib, name)(*args)
        if result != 0:
            raise LaunchError(self.describe(result), name)

    def describe(self, result: int) -> str:
        """``CUDA_ERROR_... (its string)`` of a CUresult."""
        name, text = ctypes.c_char_p(), ctypes.c_char_p()
        self.lib.cuGetErrorName(result, ctypes.byref(name))
        self.lib.cuGetErrorString(result, ctypes.byref(text))
        return (f"{(name.value or b'CUDA error %d' % result).decode()} "
                f"({(text.value or b'unknown').decode()})")


def run_triton(bundle: Bundle, device: int) -> Dict[str, Any]:
    """Launches the bundle's kernel once on CUDA device ``device`` and
    returns each tensor's extent after it; LaunchError when a call fails
    (nothing is copied back or freed then: the context may be lost)."""
    driver = Driver()
    _use_device(driver, device)
    module, function = _load_function(driver, bundle)
    pointers = [_upload(driver, bundle.before[spec.key])
                for spec in bundle.tensors]
    params = pack_params(bundle.manifest["params"], pointers)
    stream = ctypes.c_void_p()
    driver("cuStreamCreate", ctypes.byref(stream), ctypes.c_uint(0))
    _launch(driver, function, bundle, stream, params)
    driver("cuStreamSynchronize", stream)
    after = {spec.key: _download(driver, pointer, bundle.before[spec.key])
             for spec, pointer in zip(bundle.tensors, pointers)}
    for pointer in pointers:
        if pointer:
            driver("cuMemFree_v2", ctypes.c_uint64(pointer))
    driver("cuStreamDestroy_v2", stream)
    driver("cuModuleUnload", module)
    return after


def _use_device(driver: Driver, device: int) -> None:
    """Makes the device's primary context (torch's too) current."""
    handle, context = ctypes.c_int(), ctypes.c_void_p()
    driver("cuInit", ctypes.c_uint(0))
    driver("cuDeviceGet", ctypes.byref(handle), ctypes.c_int(device))
    driver("cuDevicePrimaryCtxRetain", ctypes.byref(context), handle)
    driver("cuCtxSetCurrent", context)


def _load_function(driver: Driver, bundle: Bundle) -> Any:
    module, function = ctypes.c_void_p(), ctypes.c_void_p()
    image = ctypes.create_string_buffer(bundle.cubin)  # NUL-terminated: PTX too
    driver("cuModuleLoadData", ctypes.byref(module), image)
    driver("cuModuleGetFunction", ctypes.byref(function), module,
           bundle.launch.function.encode())
    shared = bundle.launch.shared_mem_bytes
    if shared > DEFAULT_SHARED_LIMIT:
        driver("cuFuncSetAttribute", function,
               ctypes.c_int(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES),
               ctypes.c_int(shared))
    return module, function


def _upload(driver: Driver, extent: Any) -> int:
    """A device allocation of exactly the extent's bytes, holding them
    (0 for an empty extent)."""
    nbytes = extent.numel() * extent.element_size()
    if nbytes == 0:
        return 0
    pointer = ctypes.c_uint64()
    driver("cuMemAlloc_v2", ctypes.byref(pointer), ctypes.c_size_t(nbytes))
    driver("cuMemcpyHtoD_v2", pointer, ctypes.c_void_p(extent.data_ptr()),
           ctypes.c_size_t(nbytes))
    return pointer.value


def _download(driver: Driver, pointer: int, like: Any) -> Any:
    import torch
    extent = torch.empty_like(like)
    nbytes = extent.numel() * extent.element_size()
    if nbytes:
        driver("cuMemcpyDtoH_v2", ctypes.c_void_p(extent.data_ptr()),
               ctypes.c_uint64(pointer), ctypes.c_size_t(nbytes))
    return extent


def _launch(driver: Driver, function: Any, bundle: Bundle, stream: Any,
            params: PackedParams) -> None:
    launch = bundle.launch
    dims = [ctypes.c_uint(d) for d in launch.grid + launch.block]
    driver("cuLaunchKernel", function, *dims,
           ctypes.c_uint(launch.shared_mem_bytes), stream, params.array, None)
