# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pieces of aoti_instrument.compare that need no package: alignment of
launch outputs with FX nodes, tolerances, errors, summaries, the user's
line. The end-to-end runs are test/e2e/compare_e2e.py (ctest e2e_compare).
"""
import math

import pytest
import torch

from aoti_instrument import _compare_align as align
from aoti_instrument import _compare_run as run


def site(ordinal, kernel, nodes, tensors):
    return {"ordinal": ordinal, "kernel": kernel, "line": 100 + ordinal,
            "source_nodes": nodes,
            "tensors": [{"name": n, "role": r, "origin": o}
                        for n, r, o in tensors]}


# The launches of a CPU wrapper (torch 2.11, compare_e2e.py's Net): a C++
# kernel has no comment of its own; the next extern call's lists its nodes.
CPU_SITES = [
    site(0, "aoti_torch_cpu_addmm_out", ["linear"],
         [("buf0", "out", "buffer"), ("fc1_bias", "in", "constant"),
          ("arg8_1", "in", "input")]),
    site(1, "cpp_fused_relu_0", [], [("buf1", "inout", "buffer")]),
    site(2, "aoti_torch_cpu_addmm_out", ["relu", "linear_1"],
         [("buf2", "out", "buffer"), ("buf1", "in", "buffer")]),
    site(3, "cpp_fused__softmax_2", [],
         [("buf2", "in", "buffer"), ("buf8", "out", "buffer"),
          ("buf9", "out", "buffer")]),
]


def test_a_kernel_without_a_comment_gets_the_next_comments_nodes():
    groups = align.node_groups(CPU_SITES, ["linear", "relu", "linear_1",
                                           "softmax"])
    assert groups == {0: ["linear"], 1: ["relu", "linear_1"],
                      2: ["relu", "linear_1"], 3: ["softmax"]}


def test_kernels_after_the_last_comment_need_the_graph_order():
    assert 3 not in align.node_groups(CPU_SITES)


def test_outputs_are_written_tensors_each_once():
    outs = align.launch_outputs(site(5, "k", ["a"], [
        ("buf1", "inout", "buffer"), ("buf2", "out", "buffer"),
        ("buf2", "out", "buffer"), ("arg0_1", "out", "input"),
        ("buf3", "in", "buffer"), ("buf4", "ret", "buffer")]))
    assert [o.buffer for o in outs] == ["buf1", "buf2", "buf4"]
    assert [o.position for o in outs] == [0, 1, 2]


def test_candidates_are_source_nodes_of_the_shape_last_first():
    out = align.launch_outputs(CPU_SITES[2], ["relu", "linear_1"])[0]
    shapes = {"relu": [8, 64], "linear_1": [8, 64], "linear": [8, 32]}
    assert align.reference_candidates(out, shapes, [8, 64]) == [
        "linear_1", "relu"]
    assert align.reference_candidates(out, shapes, [8, 1]) == []


def test_package_keys_name_outputs_across_releases():
    keys = align.package_keys(CPU_SITES)
    assert keys[(0, "buf0")] == "linear"
    assert keys[(2, "buf2")] == "linear_1"
    assert keys[(1, "buf1")] == "cpp_fused_relu@1"
    assert keys[(3, "buf8")] == "cpp_fused__softmax@1#0"
    assert keys[(3, "buf9")] == "cpp_fused__softmax@1#1"


def test_a_key_two_outputs_share_is_left_out():
    sites = [site(0, "e", ["x"], [("buf0", "out", "buffer")]),
             site(1, "e", ["x"], [("buf1", "out", "buffer")])]
    assert align.package_keys(sites) == {}


@pytest.mark.parametrize("dtypes,want", [
    (["float32"], (1e-4, 1e-5)),
    (["float32", "bfloat16"], (1.6e-2, 1e-5)),
    (["int64"], (0.0, 0.0)),
])
def test_default_tolerances_are_the_loosest_dtypes(dtypes, want):
    assert align.tolerances(dtypes, None, None) == want


def test_given_tolerances_win():
    assert align.tolerances(["bfloat16"], 0.5, 0.25) == (0.5, 0.25)


def test_tensor_error_counts_the_elements_off():
    want = torch.tensor([1.0, 2.0, float("nan"), float("inf"), 0.0])
    got = torch.tensor([1.0, 2.5, float("nan"), float("inf"), 0.0])
    e = align.tensor_error(got, want, 1e-4, 1e-5)
    assert (e.mismatched, e.numel) == (1, 5)
    assert e.max_abs == pytest.approx(0.5)
    assert e.max_rel == pytest.approx(0.25)
    assert not e.matched


def test_nan_against_a_number_is_off():
    e = align.tensor_error(torch.tensor([float("nan")]), torch.tensor([1.0]),
                           1e-4, 1e-5)
    assert e.mismatched == 1 and math.isinf(e.max_abs)


def test_within_tolerance_matches():
    want = torch.linspace(-1, 1, 100)
    e = align.tensor_error(want + 1e-6, want, 1e-4, 1e-5)
    assert e.matched and e.max_abs == pytest.approx(1e-6, rel=0.05)


def test_summary_is_the_runtimes_statistics():
    s = align.summary_of(torch.tensor([[1.0, float("nan")], [3.0, float("inf")]]))
    assert s == {"shape": [2, 2], "dtype": "float32", "numel": 4, "min": 1.0,
                 "max": 3.0, "mean": 2.0, "nan": 1, "inf": 1}


def test_summaries_screen_by_nan_counts_and_moments():
    a = align.summary_of(torch.linspace(0, 1, 64))
    assert not align.summaries_differ(a, dict(a), 1e-4, 1e-5)
    assert align.summaries_differ(a, dict(a, nan=1), 1e-4, 1e-5)
    assert align.summaries_differ(a, dict(a, mean=a["mean"] + 0.1), 1e-4, 1e-5)


def test_ordinal_ranges():
    assert run.ordinal_ranges([7, 1, 2, 3, 3, 9, 10]) == "1-3,7,9-10"
    assert run.ordinal_ranges([4]) == "4"


def test_the_users_line_is_the_innermost_frame_outside_torch():
    import os

    linear = os.path.join(os.path.dirname(torch.__file__), "nn", "modules",
                          "linear.py")
    trace = (f'  File "/home/u/model.py", line 88, in forward\n'
             f'    h = self.norm(h + a)\n'
             f'  File "{linear}", line 134, in forward\n'
             f'    return F.linear(input, self.weight, self.bias)\n')
    frames = run.parse_frames(trace)
    assert frames[0] == ("/home/u/model.py", 88, "h = self.norm(h + a)")

    side = run.ProgramSide.__new__(run.ProgramSide)
    side.meta = {"add_7": {"stack_trace": trace}}
    assert side.stack_trace("add_7") == "model.py:88 h = self.norm(h + a)"
    assert side.stack_trace("other") is None


def test_the_module_is_callable_and_names_its_types():
    import aoti_instrument

    assert callable(aoti_instrument.compare)
    assert aoti_instrument.Divergence.__name__ == "Divergence"
    d = aoti_instrument.Divergence(
        ordinal=37, kernel="triton_poi_fused_add_12", buffer="buf41",
        source_nodes=["add_7", "layer_norm_3"], wrapper="wrapper.cpp",
        line=2210, max_abs=2.1, max_rel=0.4, mismatched=3072, numel=32768,
        inputs_matched=True, reference="layer_norm_3",
        stack_trace="model.py:88 h = self.norm(h + a)")
    assert str(d) == (
        "first divergence: #37 triton_poi_fused_add_12 (wrapper.cpp:2210, "
        "source nodes [add_7, layer_norm_3]) wrote buf41, 3,072 of 32,768 "
        "elements off (max abs 2.1, rel 0.4) from inputs that matched; "
        "model.py:88 h = self.norm(h + a)")
    assert "ordinals: 37" in d.capture_rule


def test_neighbours_are_nearby_nodes_of_the_shape_nearest_first():
    order = ["linear_5", "add_2", "rms_norm_3", "linear_6", "gelu", "add_3"]
    shapes = {"linear_5": [2, 8], "add_2": [2, 8], "rms_norm_3": [2, 8],
              "linear_6": [2, 32], "gelu": [2, 32], "add_3": [2, 8]}
    out = align.launch_outputs(
        site(12, "cpp_fused_add_mean_mul_pow_rsqrt_4", [],
             [("buf19", "out", "buffer")]), ["rms_norm_3", "linear_6"])[0]
    assert align.neighbour_candidates(out, order, shapes, [2, 8], span=2) == [
        "add_2", "linear_5", "add_3"]
    assert align.neighbour_candidates(out, order, shapes, [2, 8], span=0) == []


@pytest.mark.parametrize("a,b,same", [
    ([2, 64, 1024], [2, 64, 1024], True),
    ([128, 1024], [2, 64, 1024], True),     # a reshape of leading dims
    ([1024, 128], [128, 1024], False),      # a transpose
    ([4], [2, 2], False),
    ([], [], True),
])
def test_same_layout(a, b, same):
    assert align.same_layout(a, b) is same


# -- provenance a package carries (kernel_information.json) -------------

TRACE = ('File "/home/u/model.py", line 12, in forward\n'
         '    h = torch.relu(self.fc1(x))\n'
         '  File "/opt/venv/lib/python3.12/site-packages/torch/nn/modules/'
         'linear.py", line 134, in forward\n'
         '    return F.linear(input, self.weight, self.bias)')


def test_the_users_line_skips_frames_of_any_installed_torch():
    # The torch of the machine that built the package is not this one.
    assert run.user_line(TRACE) == "model.py:12 h = torch.relu(self.fc1(x))"
    assert run.user_line(None) is None
    assert run.user_line('File "/x/site-packages/torch/a.py", line 1, in f\n'
                         '    pass') is None


def test_package_text_in_the_users_line_is_escaped():
    line = run.user_line('File "/m/model.py", line 3, in f\n'
                         '    x = 1  # \x1b[31mred\x07')
    assert line == "model.py:3 x = 1  # \\x1b[31mred\\x07"


def write_package(path, entries):
    import zipfile
    with zipfile.ZipFile(path, "w") as z:
        for name, text in entries.items():
            z.writestr(name, text)
    return path


def test_provenance_is_read_from_the_package(tmp_path):
    import json
    info = {"cpp_fused_relu_0:2": {"stack_traces": [TRACE],
                                   "pre_grad_nodes": ["relu"]},
            "odd": "not an entry"}
    pkg = write_package(tmp_path / "p.pt2", {
        "p/data/aotinductor/model/kernel_information.json": json.dumps(info)})
    got = run.read_provenance(pkg)
    assert list(got) == ["cpp_fused_relu_0:2"]
    assert run.provenance_of(got["cpp_fused_relu_0:2"], "pre_grad_nodes") == \
        ["relu"]
    assert run.provenance_of({"pre_grad_nodes": "relu"}, "pre_grad_nodes") == []
    assert run.provenance_of(None, "stack_traces") == []


def test_provenance_that_is_missing_or_unreadable_is_none(tmp_path):
    assert run.read_provenance(write_package(tmp_path / "a.pt2", {
        "p/data/aotinductor/model/x.wrapper.cpp": "int x;"})) == {}
    assert run.read_provenance(write_package(tmp_path / "b.pt2", {
        "p/data/aotinductor/model/kernel_information.json": "{not json"})) == {}
    assert run.read_provenance(write_package(tmp_path / "c.pt2", {
        "p/data/aotinductor/model/kernel_information.json": "[1, 2]"})) == {}
    (tmp_path / "d.pt2").write_bytes(b"not a zip")
    assert run.read_provenance(tmp_path / "d.pt2") == {}
