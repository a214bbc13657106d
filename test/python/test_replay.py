# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""python -m aoti_instrument.replay on capture bundles written here as
docs/capture.md specifies them (safetensors bytes written by hand), their
tensors computed by real torch operators: extern shims replayed on the CPU
(out variants, a returned tensor, an in-place operator, strided views, a
storage offset), --compare and its exit codes, bundles that cannot be read,
the Triton parameters packed for cuLaunchKernel, a Triton launch through a
stand-in libcuda.so.1 built here (the driver's ABI, without a GPU), and,
where CUDA is, a Triton-free kernel (PTX) launched through the real
driver."""

import ctypes
import json
import math
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import aoti_instrument
from aoti_instrument.replay import (BundleError, load_bundle, main,
                                    pack_params, replay, stale_pointers)

ST_DTYPES = {torch.float64: "F64", torch.float32: "F32", torch.float16: "F16",
             torch.bfloat16: "BF16", torch.int64: "I64", torch.int32: "I32",
             torch.int16: "I16", torch.int8: "I8", torch.uint8: "U8",
             torch.bool: "BOOL"}


def safetensors_bytes(tensors):
    """A .safetensors file of ``tensors`` (name -> 1-D tensor), by hand."""
    header, blobs, offset = {"__metadata__": {"format": "pt"}}, [], 0
    for name, tensor in tensors.items():
        data = tensor.contiguous().cpu().view(torch.uint8).numpy().tobytes()
        header[name] = {"dtype": ST_DTYPES[tensor.dtype], "shape": [tensor.numel()],
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + b"".join(blobs)


def span(tensor):
    """Elements from the view's first element to its last one."""
    if tensor.numel() == 0:
        return 0
    return 1 + sum((s - 1) * st for s, st in zip(tensor.shape, tensor.stride()))


def extent(tensor):
    """The view's extent: its first element to its last, one dimension."""
    return torch.as_strided(tensor, (span(tensor),), (1,),
                            tensor.storage_offset()).detach().cpu().clone()


class Writer:
    """A bundle as the runtime writes one: tensors are recorded (their
    extent before) as they are named, their extents after at write()."""

    def __init__(self, kind, kernel, device="cpu"):
        self.manifest = {
            "format": "aoti-instrument-capture", "version": 1, "kind": kind,
            "kernel": kernel, "ordinal": 1, "run": 1,
            "wrapper": "model.wrapper.cpp", "wrapper_line": 10,
            "source_nodes": [], "aten_ops": [],
            "torch_version": torch.__version__.split("+")[0],
            "device": {"type": device, "index": 0}, "tensors": []}
        self.live, self.before = [], {}

    def tensor(self, key, role, tensor, returned=False):
        self.manifest["tensors"].append({
            "key": key, "handle": f"buf_{key}", "role": role,
            "dtype": str(tensor.dtype).replace("torch.", ""),
            "sizes": list(tensor.shape), "strides": list(tensor.stride()),
            "storage_offset": tensor.storage_offset(),
            "extent_bytes": span(tensor) * tensor.element_size()})
        self.live.append((key, tensor))
        if not returned:
            self.before[key] = extent(tensor)
        return len(self.manifest["tensors"]) - 1

    def write(self, path, after=None, completed=True):
        path.mkdir(parents=True, exist_ok=True)
        self.manifest["completed"] = completed
        (path / "manifest.json").write_text(json.dumps(self.manifest, indent=1))
        (path / "before.safetensors").write_bytes(safetensors_bytes(self.before))
        if completed:
            after = after or {key: extent(t) for key, t in self.live}
            (path / "after.safetensors").write_bytes(safetensors_bytes(after))
        return path


def tensor_arg(name, index, cxx="AtenTensorHandle"):
    return {"name": name, "type": cxx, "tensor": index}


def addmm_writer(device="cpu"):
    """addmm.out: out = 0.5 * self + 2 * mat1 @ mat2, a bias broadcast."""
    torch.manual_seed(0)
    out = torch.empty(4, 5, device=device)
    bias, mat1, mat2 = (torch.randn(5, device=device), torch.randn(4, 3, device=device),
                        torch.randn(3, 5, device=device))
    w = Writer("extern", f"aoti_torch_{device}_addmm_out", device)
    w.manifest["extern"] = {"function": f"aoti_torch_{device}_addmm_out", "args": [
        tensor_arg("out", w.tensor("out", "out", out)),
        tensor_arg("self", w.tensor("self", "in", bias)),
        tensor_arg("mat1", w.tensor("mat1", "in", mat1)),
        tensor_arg("mat2", w.tensor("mat2", "in", mat2)),
        {"name": "beta", "type": "double", "value": 0.5},
        {"name": "alpha", "type": "double", "value": 2.0}]}
    torch.ops.aten.addmm.out(bias, mat1, mat2, beta=0.5, alpha=2.0, out=out)
    return w


@pytest.fixture
def addmm(tmp_path):
    return addmm_writer().write(tmp_path / "addmm")


def run_main(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_addmm_out_replays_and_compares_identical(addmm, capsys):
    code, out, err = run_main(capsys, addmm, "--compare")
    assert code == 0, (out, err)
    assert out.splitlines() == [
        "replay: aoti_torch_cpu_addmm_out completed",
        "replay: compare: every extent is identical to after.safetensors"]
    result = replay(addmm, compare=True)
    assert result.completed and result.error is None and result.differences == []
    bundle = load_bundle(addmm)
    assert bundle.op is torch.ops.aten.addmm.out
    assert [t.key for t in bundle.tensors] == ["out", "self", "mat1", "mat2"]


def test_load_bundle_reads_the_extents(addmm):
    bundle = load_bundle(addmm)
    mat1 = bundle.before["mat1"].view(4, 3)
    mat2 = bundle.before["mat2"].view(3, 5)
    expected = torch.addmm(bundle.before["self"], mat1, mat2, beta=0.5, alpha=2.0)
    assert bundle.before["out"].dtype == torch.float32
    assert bundle.before["out"].shape == (20,) and bundle.after["out"].shape == (20,)
    assert torch.equal(bundle.after["out"].view(4, 5), expected)


def test_an_extent_stored_as_its_bytes(tmp_path, capsys):
    # Where safetensors has no code for a dtype, the bytes are stored (U8).
    w = addmm_writer()
    w.before["self"] = w.before["self"].view(torch.uint8)
    path = w.write(tmp_path / "b")
    bundle = load_bundle(path)
    assert bundle.before["self"].dtype == torch.float32
    assert bundle.before["self"].shape == (5,)
    assert run_main(capsys, path, "--compare")[0] == 0


def test_compare_names_the_tensor_that_differs(tmp_path, capsys):
    w = addmm_writer()
    after = {key: extent(t) for key, t in w.live}
    after["out"][3] += 1.0
    after["out"][17] = float("nan")
    path = w.write(tmp_path / "b", after=after)
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 3
    lines = out.splitlines()
    assert lines[0] == "replay: aoti_torch_cpu_addmm_out completed"
    assert len(lines) == 2 and lines[1].startswith(
        "replay: compare: out (buf_out): 2 of 20 elements differ, the first at "
        "element 3 of the extent (replayed "), lines
    code, out, _ = run_main(capsys, path)  # no --compare: the launch completed
    assert code == 0 and out == "replay: aoti_torch_cpu_addmm_out completed\n"


def test_mm_out_strided_views_and_a_storage_offset(tmp_path, capsys):
    torch.manual_seed(1)
    base = torch.randn(8, 6)
    self_ = base[2:6, 1:4]                      # storage offset 13, rows of 6
    mat2 = torch.randn(5, 3).t()                # strides (1, 3)
    out = torch.full((5, 4), -1.0).t()          # written through strides (1, 4)
    w = Writer("extern", "mm", "cpu")
    w.manifest["extern"] = {"function": "aoti_torch_cpu_mm_out", "args": [
        tensor_arg("out", w.tensor("out", "out", out)),
        tensor_arg("self", w.tensor("self", "in", self_)),
        tensor_arg("mat2", w.tensor("mat2", "in", mat2))]}
    torch.ops.aten.mm.out(self_, mat2, out=out)
    path = w.write(tmp_path / "mm")
    spec = load_bundle(path).tensors[1]
    assert (spec.storage_offset, spec.strides) == (13, [6, 1])
    assert spec.extent_bytes == 21 * 4          # rows 2..5, columns 1..3
    code, out_text, _ = run_main(capsys, path, "--compare")
    assert code == 0, out_text
    written = load_bundle(path).after["out"].view(5, 4).t()
    assert torch.equal(written, out) and torch.allclose(written, self_ @ mat2)


def test_convolution_returns_ret0(tmp_path, capsys):
    torch.manual_seed(2)
    x, weight, bias = torch.randn(1, 2, 6, 6), torch.randn(3, 2, 3, 3), torch.randn(3)
    w = Writer("extern", "convolution", "cpu")
    args = [tensor_arg("input", w.tensor("input", "in", x)),
            tensor_arg("weight", w.tensor("weight", "in", weight)),
            tensor_arg("bias", w.tensor("bias", "in", bias), "AtenTensorHandle*"),
            {"name": "stride", "type": "const int64_t*", "value": [2, 1]},
            {"name": "padding", "type": "const int64_t*", "value": [1, 0]},
            {"name": "dilation", "type": "const int64_t*", "value": [1, 1]},
            {"name": "transposed", "type": "int32_t", "value": 0},
            {"name": "output_padding", "type": "const int64_t*", "value": [0, 0]},
            {"name": "groups", "type": "int64_t", "value": 1}]
    result = torch.ops.aten.convolution.default(x, weight, bias, [2, 1], [1, 0], [1, 1],
                                                False, [0, 0], 1)
    args.append(tensor_arg("ret0", w.tensor("ret0", "out", result, returned=True),
                           "AtenTensorHandle*"))
    w.manifest["extern"] = {"function": "aoti_torch_cpu_convolution", "args": args}
    path = w.write(tmp_path / "conv")
    bundle = load_bundle(path)
    assert bundle.returned == {0: 3} and "ret0" not in bundle.before
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 0, out
    # The returned tensor's view is compared too.
    assert list(result.stride()) == [36, 12, 4, 1]
    w.manifest["tensors"][3]["strides"] = [36, 1, 12, 3]  # channels last, same span
    code, out, _ = run_main(capsys, w.write(tmp_path / "conv2"), "--compare")
    assert code == 3 and "ret0 (buf_ret0): returned with sizes [1, 3, 3, 4]" in out


def test_in_place_fill_writes_only_its_view(tmp_path, capsys):
    base = torch.arange(10, dtype=torch.float64)
    view = base[1::3]                           # elements 1, 4, 7: extent 1..7
    w = Writer("extern", "fill_", "cpu")
    w.manifest["extern"] = {"function": "aoti_torch_cpu_fill__Scalar", "args": [
        tensor_arg("self", w.tensor("self", "inout", view)),
        {"name": "value", "type": "double", "value": 2.5}]}
    torch.ops.aten.fill_.Scalar(view, 2.5)
    path = w.write(tmp_path / "fill")
    assert load_bundle(path).op is torch.ops.aten.fill_.Scalar
    assert load_bundle(path).after["self"].tolist() == [2.5, 2, 3, 2.5, 5, 6, 2.5]
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 0, out
    # A gap of the view is part of the extent: were it written, compare says so.
    after = {"self": extent(view)}
    after["self"][1] = 2.5
    path = w.write(tmp_path / "fill2", after=after)
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 3 and "1 of 7 elements differ, the first at element 1" in out
    assert "(replayed 2.0, captured 2.5)" in out


def test_a_failing_operator_is_a_failed_launch(tmp_path, capsys):
    w = Writer("extern", "mm", "cpu")
    w.manifest["extern"] = {"function": "aoti_torch_cpu_mm_out", "args": [
        tensor_arg("out", w.tensor("out", "out", torch.zeros(2, 2))),
        tensor_arg("self", w.tensor("self", "in", torch.ones(2, 3))),
        tensor_arg("mat2", w.tensor("mat2", "in", torch.ones(4, 2)))]}
    path = w.write(tmp_path / "mm", completed=False)
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 1
    assert out.startswith("replay: mm failed: RuntimeError: ") and "2x3 and 4x2" in out
    assert replay(path).completed is False


def test_a_launch_that_did_not_complete_when_captured(tmp_path, capsys):
    w = addmm_writer()
    w.manifest["error"] = ("CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory "
                           "access was encountered)")
    path = w.write(tmp_path / "b", completed=False)
    assert load_bundle(path).after is None
    code, out, _ = run_main(capsys, path)
    assert code == 0
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 3
    assert "the captured launch did not complete (CUDA_ERROR_ILLEGAL_ADDRESS" in out


def _edit_manifest(path, edit):
    manifest = json.loads((path / "manifest.json").read_text())
    edit(manifest)
    (path / "manifest.json").write_text(json.dumps(manifest))


def _set(*keys_and_value):
    """A manifest edit: the field at ``keys`` set to the value."""
    *keys, value = keys_and_value

    def edit(manifest):
        target = manifest
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return lambda path: _edit_manifest(path, edit)


def _pop(*keys):
    """A manifest edit: the field at ``keys`` removed."""
    def edit(manifest):
        target = manifest
        for key in keys[:-1]:
            target = target[key]
        target.pop(keys[-1])
    return lambda path: _edit_manifest(path, edit)


def _cut(name, end):
    """A file of the bundle cut to its bytes [0, end)."""
    return lambda path: (path / name).write_bytes(
        (path / name).read_bytes()[:end])


def _unlink(name):
    return lambda path: (path / name).unlink()


# Each damage of the addmm bundle, and what the error line says after
# "replay: error: <bundle>/".
BAD_BUNDLES = {
    "no manifest": (_unlink("manifest.json"), "manifest.json: missing"),
    "manifest not JSON": (
        lambda p: (p / "manifest.json").write_text("{"),
        "manifest.json: not JSON"),
    "another format": (
        _set("format", "other"),
        "manifest.json: format is 'other', not 'aoti-instrument-capture'"),
    "version 2": (
        _set("version", 2),
        "manifest.json: version 2 is not known (this replay reads version 1)"),
    "sizes not integers": (
        _set("tensors", 1, "sizes", ["5"]),
        'manifest.json: tensors[1].sizes is ["5"], not a list of integers'),
    "no extent_bytes": (_pop("tensors", 0, "extent_bytes"),
                        "manifest.json: tensors[0].extent_bytes is missing"),
    "truncated before": (
        _cut("before.safetensors", -4),
        "before.safetensors: truncated: tensor 'mat2' ends at byte 208 of the "
        "data, which holds 204"),
    "truncated header": (_cut("after.safetensors", 6),
                         "after.safetensors: truncated: 6 bytes"),
    "tensor key missing": (
        _set("tensors", 2, "key", "nope"),
        "before.safetensors: no tensor 'nope' (manifest.json's tensors[2])"),
    "extent_bytes off": (
        _set("tensors", 0, "extent_bytes", 84),
        "before.safetensors: 'out' holds 80 bytes in 1 dimensions, "
        "manifest.json's tensors[0].extent_bytes is 84 (one dimension)"),
    "dtype off": (  # F32 stored: not the bytes of any dtype
        _set("tensors", 1, "dtype", "int32"),
        "before.safetensors: 'self' is torch.float32, manifest.json's "
        "tensors[1].dtype is int32"),
    "extent shorter than view": (
        _set("tensors", 1, "extent_bytes", 16),
        "manifest.json: tensors[1].extent_bytes 16 is less than the 20 bytes "
        "that sizes [5] and strides [1] span"),
    "unknown shim": (
        _set("extern", "function", "aoti_torch_cpu_no_such_op_out"),
        "manifest.json: extern.function 'aoti_torch_cpu_no_such_op_out' is no "
        "shim of an ATen operator that this torch has"),
    "unknown argument": (
        _set("extern", "args", 1, "name", "selff"),
        "manifest.json: extern.args[1].name 'selff' is no argument of "
        "aten.addmm.out"),
    "argument missing": (
        _pop("extern", "args", 2),
        "manifest.json: extern.args lack mat1, which aten.addmm.out needs"),
    "tensor index out of range": (
        _set("extern", "args", 3, "tensor", 9),
        "manifest.json: extern.args[3].tensor 9 is no index of the 4 tensors"),
    "no after though completed": (_unlink("after.safetensors"),
                                  "after.safetensors: missing"),
}


@pytest.mark.parametrize("case", sorted(BAD_BUNDLES))
def test_a_bundle_that_cannot_be_read_exits_2(case, addmm, capsys):
    damage, message = BAD_BUNDLES[case]
    damage(addmm)
    code, out, err = run_main(capsys, addmm, "--compare")
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"replay: error: {addmm}/{message}"), err
    with pytest.raises(BundleError):
        load_bundle(addmm)


def test_no_bundle_directory(tmp_path, capsys):
    code, _, err = run_main(capsys, tmp_path / "none")
    assert code == 2
    assert err == f"replay: error: {tmp_path}/none: no such bundle directory\n"


def _package_env():
    env = dict(os.environ)
    root = str(Path(aoti_instrument.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return env


def test_python_m_exit_codes_and_no_traceback(addmm):
    command = [sys.executable, "-W", "error::RuntimeWarning", "-m",
               "aoti_instrument.replay"]
    done = subprocess.run(command + [str(addmm), "--compare"], capture_output=True,
                          text=True, env=_package_env())
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith("replay: aoti_torch_cpu_addmm_out completed\n")
    (addmm / "before.safetensors").write_bytes(b"\xff" * 12)
    done = subprocess.run(command + [str(addmm)], capture_output=True, text=True,
                          env=_package_env())
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"replay: error: {addmm}/before.safetensors: truncated: a header of "
        f"{2**64 - 1} bytes, but only 4 bytes follow its length\n")


def test_import_aoti_instrument_imports_no_torch():
    code = ("import sys, aoti_instrument; f = aoti_instrument.load_bundle; "
            "e = aoti_instrument.BundleError; import aoti_instrument.replay as r; "
            "print('torch' in sys.modules, r.load_bundle is f, r.BundleError is e)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=_package_env(), check=True)
    assert done.stdout.split() == ["False", "True", "True"]


# Triton launches: a kernel of hand-written PTX (cuModuleLoadData takes PTX
# as well as a cubin), so no compiler nor Triton is needed.
ADD_SCALAR_PTX = """
.version 7.0
.target sm_75
.address_size 64

.visible .entry add_scalar(.param .u64 p_x, .param .u32 p_n, .param .f32 p_v)
{
    .reg .pred %p<2>;
    .reg .b32 %r<3>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<5>;

    ld.param.u64 %rd1, [p_x];
    ld.param.u32 %r1, [p_n];
    ld.param.f32 %f1, [p_v];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f2, [%rd4];
    add.f32 %f3, %f2, %f1;
    st.global.f32 [%rd4], %f3;
DONE:
    ret;
}
"""


def add_scalar_bundle(path, x, offset=0, n=None, value=0.25, null_pointer=False):
    """x[offset/4 : offset/4 + n] += value, as add_scalar launches it."""
    n = x.numel() - offset // 4 if n is None else n
    w = Writer("triton", "add_scalar", "cuda")
    index = w.tensor("in_out_ptr0", "inout", x)
    w.manifest["launch"] = {"cubin": "kernel.cubin", "function": "add_scalar",
                            "grid": [1, 1, 1], "block": [128, 1, 1], "num_warps": 4,
                            "shared_mem_bytes": 0}
    pointer = ({"tensor": None, "value": 0} if null_pointer
               else {"tensor": index, "offset": offset})
    w.manifest["params"] = [
        {"name": "var_0", "type": "CUdeviceptr", "kind": "pointer", **pointer},
        {"name": "var_1", "type": "int32_t", "kind": "scalar", "value": n,
         "bytes": struct.pack("<i", n).hex()},
        {"name": "var_2", "type": "float", "kind": "scalar", "value": value,
         "bytes": struct.pack("<f", value).hex()}]
    expected = x.clone()
    expected[offset // 4:offset // 4 + n] += value
    path = w.write(path, after={"in_out_ptr0": expected})
    (path / "kernel.cubin").write_bytes(ADD_SCALAR_PTX.encode())
    return path


def test_triton_bundle_is_read_without_cuda(tmp_path):
    bundle = load_bundle(add_scalar_bundle(tmp_path / "b", torch.arange(8.0)))
    assert bundle.kind == "triton" and bundle.launch.function == "add_scalar"
    assert bundle.launch.grid == [1, 1, 1] and bundle.launch.block == [128, 1, 1]
    assert bundle.cubin.startswith(b"\n.version 7.0")


def test_a_pointer_to_no_tensor_is_passed_as_captured(tmp_path):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0),
                             null_pointer=True)
    assert stale_pointers(load_bundle(path)) == []      # null: no scratch
    _set("params", 0, "value", 0x7F00DEAD0000)(path)
    assert stale_pointers(load_bundle(path)) == [
        "params[0] (var_0) is 0x7f00dead0000, a pointer to no tensor of the "
        "bundle: passed as captured"]
    packed = pack_params(load_bundle(path).manifest["params"], [0])
    assert packed.values[0].value == 0x7F00DEAD0000


def test_triton_bundle_errors(tmp_path, capsys):
    path = add_scalar_bundle(tmp_path / "a", torch.arange(8.0))
    (path / "kernel.cubin").unlink()
    code, _, err = run_main(capsys, path)
    assert code == 2 and err == f"replay: error: {path}/kernel.cubin: missing\n"
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0))
    _set("launch", "cubin", "../a/kernel.cubin")(path)
    code, _, err = run_main(capsys, path)
    assert code == 2 and "launch.cubin '../a/kernel.cubin' is not a file name" in err
    _set("launch", "cubin", "kernel.cubin")(path)
    _set("params", 1, "bytes", "8000")(path)
    code, _, err = run_main(capsys, path)
    assert code == 2
    assert "manifest.json: params[1].bytes holds 2 bytes, its type 4" in err


@pytest.mark.skipif(torch.cuda.is_available(), reason="a machine without CUDA")
def test_triton_replay_without_cuda_fails(tmp_path, capsys):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0))
    code, out, _ = run_main(capsys, path)
    assert code == 1
    assert out.startswith("replay: add_scalar failed: "), out
    assert "CUDA_ERROR_" in out or "no CUDA driver" in out, out


def pointer(**fields):
    return {"name": "p", "type": "CUdeviceptr", "kind": "pointer", **fields}


def scalar(cxx, **fields):
    return {"name": "s", "type": cxx, "kind": "scalar", **fields}


def test_pack_params_values_and_bytes():
    params = [
        pointer(tensor=0, offset=0), pointer(tensor=1, offset=24),
        pointer(tensor=None, value=0),
        scalar("int32_t", value=128, bytes="80000000"),
        scalar("int64_t", value=-5),
        scalar("float", value=None, bytes="0100c07f"),
        scalar("double", value=0.1),
        scalar("uint32_t", value=4000000000),
        scalar("bool", value=True),
        scalar("half", value=1.5),
        scalar("__nv_bfloat16", value=1.0, bytes="803f"),
        scalar("MyPair", bytes="0102030405"),
        pointer(type="void*", tensor=None, value=None, bytes="0010000000000000"),
    ]
    packed = pack_params(params, [0x7F0000001000, 0x7F0000200000])
    raw = [bytes(value) for value in packed.values]
    assert raw == [
        struct.pack("<Q", 0x7F0000001000), struct.pack("<Q", 0x7F0000200018),
        bytes(8), struct.pack("<i", 128), struct.pack("<q", -5),
        bytes.fromhex("0100c07f"),                  # a NaN's payload kept
        struct.pack("<d", 0.1), struct.pack("<I", 4000000000), b"\x01",
        struct.pack("<e", 1.5), bytes.fromhex("803f"), bytes.fromhex("0102030405"),
        struct.pack("<Q", 0x1000)]
    assert math.isnan(packed.values[5].value)
    assert [packed.array[i] for i in range(len(params))] == [
        ctypes.addressof(value) for value in packed.values]


@pytest.mark.parametrize("param, message", [
    ({"kind": "scalar", "type": "int32_t", "value": 1, "bytes": "0100"},
     "params[0].bytes holds 2 bytes, its type 4"),
    ({"kind": "scalar", "type": "int32_t", "value": 1, "bytes": "zz"},
     "params[0].bytes 'zz' is not hex"),
    ({"kind": "scalar", "type": "Opaque", "value": 1},
     "params[0]: type 'Opaque' is unknown and no bytes give its value"),
    ({"kind": "scalar", "type": "int32_t", "value": 1.5},
     "params[0].value 1.5 does not fit its type"),
    ({"kind": "pointer", "tensor": 2, "offset": 0},
     "params[0].tensor 2 is no index of the 2 tensors"),
    ({"kind": "grid", "type": "int"}, "params[0].kind is 'grid'"),
])
def test_pack_params_refuses(param, message):
    with pytest.raises(BundleError) as info:
        pack_params([param], [0, 0], "b/manifest.json")
    assert str(info.value).startswith(f"b/manifest.json: {message}"), str(info.value)


# The CUDA driver's ABI without a GPU: a libcuda.so.1 of the calls the
# replay makes, on host memory, whose cuLaunchKernel runs add_scalar itself
# from the parameter array it is given, and which logs each call to stderr.
FAKE_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int fault;
int cuInit(unsigned flags) { return flags; }
int cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return ordinal ? 101 : 0; }
int cuDevicePrimaryCtxRetain(void **ctx, int dev) { *ctx = (void *)16; return 0; }
int cuCtxSetCurrent(void *ctx) { return ctx == (void *)16 ? 0 : 201; }
int cuModuleLoadData(void **module, const char *image) {
  *module = (void *)32;
  return strstr(image, ".entry add_scalar") ? 0 : 200;
}
int cuModuleGetFunction(void **fn, void *module, const char *name) {
  *fn = (void *)48;
  return strcmp(name, "add_scalar") ? 500 : 0;
}
int cuFuncSetAttribute(void *fn, int attribute, int value) {
  fprintf(stderr, "fake: attribute %d = %d\n", attribute, value);
  return 0;
}
int cuMemAlloc_v2(uint64_t *ptr, size_t bytes) {
  fprintf(stderr, "fake: alloc %zu\n", bytes);
  *ptr = (uint64_t)malloc(bytes);
  return 0;
}
int cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) {
  memcpy((void *)dst, src, n);
  return 0;
}
int cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) {
  fprintf(stderr, "fake: dtoh %zu\n", n);
  memcpy(dst, (void *)src, n);
  return 0;
}
int cuMemFree_v2(uint64_t ptr) { free((void *)ptr); return 0; }
int cuStreamCreate(void **stream, unsigned flags) { *stream = (void *)64; return 0; }
int cuStreamDestroy_v2(void *stream) { return 0; }
int cuModuleUnload(void *module) { return 0; }
int cuStreamSynchronize(void *stream) { return fault ? 700 : 0; }
int cuCtxSynchronize(void) { return fault ? 700 : 0; }
int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned shared, void *stream,
                   void **params, void **extra) {
  float *x = *(float **)params[0];
  int32_t n = *(int32_t *)params[1];
  float v = *(float *)params[2];
  fprintf(stderr, "fake: launch %u %u %u, %u %u %u, %u\n", gx, gy, gz, bx, by,
          bz, shared);
  fault = x == NULL;
  for (int32_t i = 0; !fault && i < n && i < (int32_t)bx; ++i)
    x[i] += v;
  return stream == (void *)64 && !extra ? 0 : 1;
}
int cuGetErrorName(int error, const char **name) {
  *name = error == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS" : "CUDA_ERROR_OTHER";
  return 0;
}
int cuGetErrorString(int error, const char **text) {
  *text = error == 700 ? "an illegal memory access was encountered" : "other";
  return 0;
}
"""


@pytest.fixture(scope="module")
def fake_driver(tmp_path_factory):
    """A directory holding the fake libcuda.so.1."""
    if torch.cuda.is_available():
        pytest.skip("the real driver is here: the CUDA tests use it")
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler for the fake libcuda.so.1")
    root = tmp_path_factory.mktemp("fake-driver")
    (root / "fake.c").write_text(FAKE_DRIVER)
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(root / "libcuda.so.1"),
                    str(root / "fake.c")], check=True)
    return root


def replay_with(driver_dir, *argv):
    env = _package_env()
    env["LD_LIBRARY_PATH"] = str(driver_dir)
    return subprocess.run([sys.executable, "-m", "aoti_instrument.replay",
                           *map(str, argv)], capture_output=True, text=True,
                          env=env)


def test_triton_launch_through_the_driver_abi(fake_driver, tmp_path):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0), offset=8, n=6)
    done = replay_with(fake_driver, path, "--compare")
    assert done.returncode == 0, done
    assert done.stdout == ("replay: add_scalar completed\nreplay: compare: "
                           "every extent is identical to after.safetensors\n")
    assert "fake: alloc 32\n" in done.stderr        # exactly the extent
    assert "fake: launch 1 1 1, 128 1 1, 0\n" in done.stderr
    assert "fake: attribute" not in done.stderr       # 0 bytes of shared
    _set("launch", "shared_mem_bytes", 96 * 1024)(path)
    _set("params", 2, "bytes", struct.pack("<f", 2.0).hex())(path)
    done = replay_with(fake_driver, path, "--compare")
    assert done.returncode == 3, done
    assert "fake: attribute 8 = 98304\n" in done.stderr
    assert "6 of 8 elements differ, the first at element 2 of the extent " \
           "(replayed 4.0, captured 2.25)" in done.stdout


def test_triton_fault_through_the_driver_abi(fake_driver, tmp_path):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0),
                             null_pointer=True)
    done = replay_with(fake_driver, path, "--compare")
    assert done.returncode == 1, done
    assert done.stdout == ("replay: add_scalar failed: CUDA_ERROR_ILLEGAL_ADDRESS"
                           " (an illegal memory access was encountered)\n")
    assert "fake: dtoh" not in done.stderr            # nothing copied back
    done = replay_with(fake_driver, path, "--device", "1")
    assert done.returncode == 1
    assert done.stdout == ("replay: add_scalar failed: CUDA_ERROR_OTHER (other) "
                           "in cuDeviceGet\n")


needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(),
                                reason="no CUDA device: Triton replays need one")


@needs_cuda
def test_triton_replay_completes_and_compares(tmp_path, capsys):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0))
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 0, out
    assert out.startswith("replay: add_scalar completed\n")
    # A pointer into the tensor: elements 2 to 7 only.
    path = add_scalar_bundle(tmp_path / "c", torch.arange(8.0), offset=8, n=6)
    assert run_main(capsys, path, "--compare")[0] == 0
    after = load_bundle(path).after["in_out_ptr0"]
    assert after.tolist() == [0, 1, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25]


@needs_cuda
def test_triton_replay_finds_the_difference(tmp_path, capsys):
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0), value=0.5)
    _set("params", 2, "bytes", struct.pack("<f", 1.5).hex())(path)
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 3
    assert "8 of 8 elements differ, the first at element 0" in out
    assert "(replayed 1.5, captured 0.5)" in out


@needs_cuda
def test_triton_fault_exits_1(tmp_path):
    # A sticky error ends the CUDA context: another process.
    path = add_scalar_bundle(tmp_path / "b", torch.arange(8.0), null_pointer=True)
    done = subprocess.run([sys.executable, "-m", "aoti_instrument.replay", str(path),
                           "--compare"], capture_output=True, text=True,
                          env=_package_env())
    assert done.returncode == 1, done
    assert done.stdout.startswith(
        "replay: add_scalar failed: CUDA_ERROR_ILLEGAL_ADDRESS ("), done


@needs_cuda
def test_extern_cuda_replay(tmp_path, capsys):
    path = addmm_writer("cuda").write(tmp_path / "b")
    code, out, _ = run_main(capsys, path, "--compare")
    assert code == 0, out
    assert out.startswith("replay: aoti_torch_cuda_addmm_out completed")
