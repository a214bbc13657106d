# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The census's catalog: for each ATen op that AOTInductor can call through
the C shim, a tiny call of it with inputs of its own (census.py groups them
into models, several ops a model).

Each entry is an Op:
  name     the op overload as torchgen/aoti/fallback_ops.py names it
           ("aten.topk.default"); census.py maps it to the shim function
           (`aoti_torch_<device>_topk`) and checks that a wrapper calls it
  inputs   (device) -> list of tensors: the model's inputs for this op
           (seeded, so every build gives the same ones)
  call     (*inputs) -> a tensor or a tuple of them: what the model runs
  devices  where the op is tried ("cpu", "cuda")
  force    Inductor lowers the op itself (a Triton or C++ kernel, or a
           decomposition): the census makes it (or the overload `force`
           names, the graph's op behind an out= function) a fallback, as an
           Inductor that lowers it differently would call it, so that its
           call form is exercised. A forced op is a fallback for the whole
           model: the calls around other entries use ops no entry forces
           (sub, sin, cos, clamp), never +, * or abs
  dtype    the floating dtype of the inputs where one is chosen per device
           (attention: fp16/bf16 on CUDA)
  needs    a capability the machine must have: "sm80", "sm90" (compute
           capability at least), "fp8"
  random   its outputs depend on the RNG: the census seeds it before each
           call of each variant
  weights  (device) -> list of tensors: the model's parameters for this op,
           passed to call after its inputs
  freezing compiled with torch._inductor.config.freezing (the weights
           become constants; oneDNN's fused ops of shim_cpu.h), in models
           of such ops only
  function the shim function it calls, when its name is not
           `aoti_torch_<device>_<op>[_<overload>]` ("{device}" is filled)
  why      why the op is not tried at all (never emitted by Inductor, or
           nothing can export it): the table's reason

Ops the shim declares and this catalog has no entry for are listed by the
table as "no entry" so a newly added shim op shows up as work to do.
"""
import torch

aten = torch.ops.aten


class Op:
    def __init__(self, name, inputs=None, call=None, devices=("cpu", "cuda"),
                 force=False, needs=(), random=False, why=None, weights=None,
                 freezing=False, function=None):
        self.name = name
        self.inputs = inputs
        self.call = call
        self.devices = tuple(devices)
        self.force = force
        self.needs = tuple(needs)
        self.random = random
        self.why = why
        self.weights = weights
        self.freezing = freezing
        self.function = function

    def overload(self):
        """The OpOverload a forced entry makes a fallback: `force` when it
        names one (the graph's op behind an out= shim function:
        aten.scatter.src for scatter_src_out), else the entry's own."""
        name = self.force if isinstance(self.force, str) else self.name
        ns, op, overload = name.split(".")
        return getattr(getattr(getattr(torch.ops, ns), op), overload)

    @property
    def proxy(self):
        """A custom op: AOTI calls it through the proxy executor."""
        return self.name.startswith(CUSTOM_NS + ".")

    def shim_function(self, device):
        """The function a wrapper calls for it: `aoti_torch_<device>_` then
        the op, then `_<overload>` unless the overload is `default`."""
        if self.proxy:
            return "aoti_torch_proxy_executor_call_function"
        if self.function:
            return self.function.format(device=device)
        _, op, overload = self.name.split(".")
        suffix = op if overload == "default" else f"{op}_{overload}"
        return f"aoti_torch_{device}_{suffix}"


# Custom ops (torch.library, Python kernels), which AOTI runs through its
# proxy executor: outputs it makes (`aoti_torch_new_uninitialized_tensor`,
# filled by the call) and an argument it mutates in place. A process that
# loads such a package must import this module first (fidelity.py's
# "preload").
CUSTOM_NS = "census"


@torch.library.custom_op("census::pair", mutates_args=())
def _pair(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return x * 2, x + 1


@_pair.register_fake
def _pair_fake(x):
    return torch.empty_like(x), torch.empty_like(x)


@torch.library.custom_op("census::accumulate", mutates_args=("acc",))
def _accumulate(acc: torch.Tensor, x: torch.Tensor) -> None:
    acc.add_(x)


@_accumulate.register_fake
def _accumulate_fake(acc, x):
    return None


def _accumulated(acc, x):
    acc = torch.sin(acc)
    torch.ops.census.accumulate(acc, x)
    return acc


def _gen():
    return torch.Generator().manual_seed(0)


def R(*shape, dtype=torch.float32, device="cpu", g=None):
    """Normal values."""
    return torch.randn(*shape, generator=g or _gen()).to(dtype).to(device)


def U(*shape, lo=0.1, hi=1.0, dtype=torch.float32, device="cpu"):
    """Uniform values in [lo, hi)."""
    t = torch.rand(*shape, generator=_gen()) * (hi - lo) + lo
    return t.to(dtype).to(device)


def I(high, *shape, device="cpu", dtype=torch.int64):
    """Integers in [0, high)."""
    return torch.randint(0, high, shape, generator=_gen(),
                         dtype=dtype).to(device)


def SPD(n, device="cpu"):
    """A symmetric positive definite matrix."""
    a = torch.randn(n, n, generator=_gen())
    return (a @ a.T + n * torch.eye(n)).to(device)


def _attn(dev, dtype):
    q = R(2, 4, 16, 32, dtype=dtype, device=dev)
    k = R(2, 4, 16, 32, dtype=dtype, device=dev, g=torch.Generator().manual_seed(1))
    v = R(2, 4, 16, 32, dtype=dtype, device=dev, g=torch.Generator().manual_seed(2))
    return [q, k, v]


def _half(dev):
    return torch.bfloat16 if dev == "cuda" else torch.float32


def _pool_in(dev, dims=2):
    return [R(2, 3, *([8] * dims), device=dev)]


OPS = [
    # --- custom ops through the proxy executor
    Op("census.pair.default", lambda d: [R(4, 8, device=d)],
       lambda x: torch.ops.census.pair(x)),
    Op("census.accumulate.default",
       lambda d: [R(4, 8, device=d), R(4, 8, device=d)], _accumulated),
    # --- sorting, selection, scans: several tensors returned (ret handles)
    Op("aten.topk.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.topk.default(x, 3)),
    Op("aten.sort.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.sort.default(x, -1, True), force=True),
    Op("aten.sort.stable", lambda d: [R(4, 16, device=d)],
       lambda x: aten.sort.stable(x, stable=True, dim=-1)),
    Op("aten.kthvalue.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.kthvalue.default(x, 3, -1)),
    Op("aten.mode.default", lambda d: [I(4, 4, 16, device=d).float()],
       lambda x: aten.mode.default(x, -1)),
    Op("aten.median.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.median.default(x)),
    Op("aten.nanmedian.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.nanmedian.default(x)),
    Op("aten.cummax.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.cummax.default(x, 1)),
    Op("aten.cummin.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.cummin.default(x, 1)),
    Op("aten.cumsum.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.cumsum.default(x, 1), force=True),
    Op("aten.cumprod.default", lambda d: [U(4, 16, device=d)],
       lambda x: aten.cumprod.default(x, 1), force=True),
    Op("aten.logcumsumexp.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.logcumsumexp.default(x, 1), force=True),
    # --- data-dependent output sizes
    Op("aten.nonzero.default", lambda d: [(R(4, 16, device=d) > 0)],
       lambda m: aten.nonzero.default(m)),
    Op("aten.nonzero_static.default", lambda d: [(R(4, 16, device=d) > 0)],
       lambda m: aten.nonzero_static.default(m, size=70)),
    Op("aten.masked_select.default",
       lambda d: [R(4, 16, device=d), R(4, 16, device=d, g=torch.Generator().manual_seed(3)) > 0],
       lambda x, m: aten.masked_select.default(x, m)),
    Op("aten.repeat_interleave.Tensor", lambda d: [I(3, 8, device=d)],
       lambda r: aten.repeat_interleave.Tensor(r)),
    Op("aten.index.Tensor", lambda d: [R(4, 16, device=d), R(4, 16, device=d) > 0],
       lambda x, m: aten.index.Tensor(x, [m])),
    # --- indexing and scatter: in-place and out= forms, optional lists
    Op("aten.index_put.default",
       lambda d: [R(8, 4, device=d), I(8, 6, device=d), R(6, 4, device=d)],
       lambda x, i, v: aten.index_put.default(x, [i], v, True), force=True),
    Op("aten.index_reduce.default",
       lambda d: [R(8, 4, device=d), I(8, 6, device=d), R(6, 4, device=d)],
       lambda x, i, s: aten.index_reduce.default(x, 0, i, s, "amax")),
    Op("aten.scatter.src_out",
       lambda d: [R(4, 8, device=d), I(8, 4, 3, device=d), R(4, 3, device=d)],
       lambda x, i, s: aten.scatter.src(x, 1, i, s), force="aten.scatter.src"),
    Op("aten.scatter.value_out",
       lambda d: [R(4, 8, device=d), I(8, 4, 3, device=d)],
       lambda x, i: aten.scatter.value(x, 1, i, 2.5), force="aten.scatter.value"),
    Op("aten.scatter_reduce.two_out",
       lambda d: [R(4, 8, device=d), I(8, 4, 3, device=d), R(4, 3, device=d)],
       lambda x, i, s: aten.scatter_reduce.two(x, 1, i, s, "amax")),
    Op("aten.masked_scatter.default",
       lambda d: [R(4, 8, device=d), R(4, 8, device=d) > 0, R(32, device=d)],
       lambda x, m, s: aten.masked_scatter.default(x, m, s)),
    Op("aten.bucketize.Tensor",
       lambda d: [R(4, 8, device=d), torch.linspace(-2, 2, 9).to(d)],
       lambda x, b: aten.bucketize.Tensor(x, b)),
    Op("aten.searchsorted.Tensor",
       lambda d: [torch.linspace(-2, 2, 9).to(d), R(4, 8, device=d)],
       lambda s, x: aten.searchsorted.Tensor(s, x)),
    Op("aten.searchsorted.Scalar",
       lambda d: [torch.linspace(-2, 2, 9).to(d)],
       lambda s: aten.searchsorted.Scalar(s, 0.3), force=True),
    Op("aten.histc.default", lambda d: [R(64, device=d)],
       lambda x: aten.histc.default(x, 10, -2.0, 2.0)),
    Op("aten.histogram.bin_ct", lambda d: [R(64, device=d)],
       lambda x: aten.histogram.bin_ct(x, 10), devices=("cpu",)),
    Op("aten._histogramdd_from_bin_cts.default", lambda d: [R(64, 2, device=d)],
       lambda x: aten._histogramdd_from_bin_cts.default(x, [4, 4]),
       devices=("cpu",)),
    # --- pooling with indices, adaptive pooling
    Op("aten.max_pool2d_with_indices.default", lambda d: _pool_in(d),
       lambda x: aten.max_pool2d_with_indices.default(x, [2, 2], [2, 2]),
       force=True),
    Op("aten.max_pool3d_with_indices.default", lambda d: _pool_in(d, 3),
       lambda x: aten.max_pool3d_with_indices.default(x, [2, 2, 2], [2, 2, 2]), force=True),
    Op("aten.adaptive_max_pool2d.default", lambda d: _pool_in(d),
       lambda x: aten.adaptive_max_pool2d.default(x, [3, 3]), force=True),
    Op("aten.adaptive_max_pool3d.default", lambda d: _pool_in(d, 3),
       lambda x: aten.adaptive_max_pool3d.default(x, [3, 3, 3])),
    Op("aten._adaptive_avg_pool2d.default", lambda d: _pool_in(d),
       lambda x: aten._adaptive_avg_pool2d.default(x, [3, 3]), force=True),
    Op("aten._adaptive_avg_pool3d.default", lambda d: _pool_in(d, 3),
       lambda x: aten._adaptive_avg_pool3d.default(x, [3, 3, 3])),
    Op("aten.avg_pool2d.default", lambda d: _pool_in(d),
       lambda x: aten.avg_pool2d.default(x, [3, 3], [2, 2]), force=True),
    Op("aten.avg_pool3d.default", lambda d: _pool_in(d, 3),
       lambda x: aten.avg_pool3d.default(x, [3, 3, 3], [2, 2, 2])),
    Op("aten.fractional_max_pool2d.default",
       lambda d: _pool_in(d) + [U(2, 3, 2, device=d)],
       lambda x, s: aten.fractional_max_pool2d.default(x, [2, 2], [4, 4], s), force=True),
    Op("aten.fractional_max_pool3d.default",
       lambda d: _pool_in(d, 3) + [U(2, 3, 3, device=d)],
       lambda x, s: aten.fractional_max_pool3d.default(x, [2, 2, 2], [4, 4, 4], s), force=True),
    Op("aten.max_unpool2d.default",
       lambda d: _pool_in(d),
       lambda x: aten.max_unpool2d.default(
           *aten.max_pool2d_with_indices.default(x, [2, 2], [2, 2]), [8, 8])),
    Op("aten.max_unpool3d.default",
       lambda d: _pool_in(d, 3),
       lambda x: aten.max_unpool3d.default(
           *aten.max_pool3d_with_indices.default(x, [2, 2, 2], [2, 2, 2]),
           [8, 8, 8], [2, 2, 2], [0, 0, 0])),
    # --- backward ops, called directly
    Op("aten.max_pool2d_with_indices_backward.default",
       lambda d: _pool_in(d) + [R(2, 3, 4, 4, device=d)],
       lambda x, g: aten.max_pool2d_with_indices_backward.default(
           g, x, [2, 2], [2, 2], [0, 0], [1, 1], False,
           aten.max_pool2d_with_indices.default(x, [2, 2], [2, 2])[1]), force=True),
    Op("aten.max_pool3d_with_indices_backward.default",
       lambda d: _pool_in(d, 3) + [R(2, 3, 4, 4, 4, device=d)],
       lambda x, g: aten.max_pool3d_with_indices_backward.default(
           g, x, [2, 2, 2], [2, 2, 2], [0, 0, 0], [1, 1, 1], False,
           aten.max_pool3d_with_indices.default(x, [2, 2, 2], [2, 2, 2])[1])),
    Op("aten.adaptive_max_pool2d_backward.default",
       lambda d: _pool_in(d) + [R(2, 3, 3, 3, device=d)],
       lambda x, g: aten.adaptive_max_pool2d_backward.default(
           g, x, aten.adaptive_max_pool2d.default(x, [3, 3])[1])),
    Op("aten.adaptive_max_pool3d_backward.default",
       lambda d: _pool_in(d, 3) + [R(2, 3, 3, 3, 3, device=d)],
       lambda x, g: aten.adaptive_max_pool3d_backward.default(
           g, x, aten.adaptive_max_pool3d.default(x, [3, 3, 3])[1])),
    Op("aten._adaptive_avg_pool2d_backward.default",
       lambda d: _pool_in(d) + [R(2, 3, 3, 3, device=d)],
       lambda x, g: aten._adaptive_avg_pool2d_backward.default(g, x)),
    Op("aten._adaptive_avg_pool3d_backward.default",
       lambda d: _pool_in(d, 3) + [R(2, 3, 3, 3, 3, device=d)],
       lambda x, g: aten._adaptive_avg_pool3d_backward.default(g, x)),
    Op("aten.avg_pool2d_backward.default",
       lambda d: _pool_in(d) + [R(2, 3, 3, 3, device=d)],
       lambda x, g: aten.avg_pool2d_backward.default(
           g, x, [3, 3], [2, 2], [0, 0], False, True, None), force=True),
    Op("aten.avg_pool3d_backward.default",
       lambda d: _pool_in(d, 3) + [R(2, 3, 3, 3, 3, device=d)],
       lambda x, g: aten.avg_pool3d_backward.default(
           g, x, [3, 3, 3], [2, 2, 2], [0, 0, 0], False, True, None), force=True),
    Op("aten.fractional_max_pool2d_backward.default",
       lambda d: _pool_in(d) + [U(2, 3, 2, device=d), R(2, 3, 4, 4, device=d)],
       lambda x, s, g: aten.fractional_max_pool2d_backward.default(
           g, x, [2, 2], [4, 4],
           aten.fractional_max_pool2d.default(x, [2, 2], [4, 4], s)[1])),
    Op("aten.fractional_max_pool3d_backward.default",
       lambda d: _pool_in(d, 3) + [U(2, 3, 3, device=d), R(2, 3, 4, 4, 4, device=d)],
       lambda x, s, g: aten.fractional_max_pool3d_backward.default(
           g, x, [2, 2, 2], [4, 4, 4],
           aten.fractional_max_pool3d.default(x, [2, 2, 2], [4, 4, 4], s)[1])),
    Op("aten.replication_pad1d_backward.default",
       lambda d: [R(2, 3, 8, device=d), R(2, 3, 12, device=d)],
       lambda x, g: aten.replication_pad1d_backward.default(g, x, [2, 2])),
    Op("aten.replication_pad2d_backward.default",
       lambda d: [R(2, 3, 8, 8, device=d), R(2, 3, 12, 12, device=d)],
       lambda x, g: aten.replication_pad2d_backward.default(g, x, [2, 2, 2, 2])),
    Op("aten.upsample_bicubic2d_backward.default",
       lambda d: [R(2, 3, 16, 16, device=d)],
       lambda g: aten.upsample_bicubic2d_backward.default(
           g, [16, 16], [2, 3, 8, 8], False)),
    Op("aten.upsample_linear1d_backward.default",
       lambda d: [R(2, 3, 16, device=d)],
       lambda g: aten.upsample_linear1d_backward.default(
           g, [16], [2, 3, 8], False)),
    Op("aten.upsample_trilinear3d_backward.default",
       lambda d: [R(2, 3, 8, 8, 8, device=d)],
       lambda g: aten.upsample_trilinear3d_backward.default(
           g, [8, 8, 8], [2, 3, 4, 4, 4], False)),
    Op("aten.grid_sampler_2d_backward.default",
       lambda d: [R(2, 3, 6, 6, device=d), R(2, 3, 8, 8, device=d),
                  U(2, 6, 6, 2, lo=-1, hi=1, device=d)],
       lambda g, x, grid: aten.grid_sampler_2d_backward.default(
           g, x, grid, 0, 0, False, [True, True])),
    Op("aten.soft_margin_loss_backward.default",
       lambda d: [R(4, 8, device=d), R(4, 8, device=d).sign(), R(1, device=d)[0]],
       lambda x, t, g: aten.soft_margin_loss_backward.default(g, x, t, 1), force=True),
    Op("aten.masked_scatter_backward.default",
       lambda d: [R(4, 8, device=d), R(4, 8, device=d) > 0],
       lambda g, m: aten.masked_scatter_backward.default(g, m, [32])),
    Op("aten.convolution_backward.default",
       lambda d: [R(2, 3, 8, 8, device=d), R(4, 3, 3, 3, device=d),
                  R(2, 4, 6, 6, device=d)],
       lambda x, w, g: aten.convolution_backward.default(
           g, x, w, [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1,
           [True, True, True])),
    Op("aten._cdist_backward.default",
       lambda d: [R(4, 3, device=d), R(5, 3, device=d)],
       lambda a, b: aten._cdist_backward.default(
           torch.ones(4, 5, device=a.device), a, b, 2.0,
           aten._cdist_forward.default(a, b, 2.0, None))),
    Op("aten._pdist_backward.default", lambda d: [R(5, 3, device=d)],
       lambda a: aten._pdist_backward.default(
           torch.ones(10, device=a.device), a, 2.0,
           aten._pdist_forward.default(a, 2.0))),
    Op("aten._embedding_bag_dense_backward.default",
       lambda d: [R(2, 4, device=d), I(10, 8, device=d),
                  torch.tensor([0, 0, 0, 1, 1, 1, 1, 1]).to(d),
                  torch.tensor([3, 5]).to(d), torch.tensor([0, 0]).to(d)],
       lambda g, i, offset2bag, bag_size, max_indices:
           aten._embedding_bag_dense_backward.default(
               g, i, offset2bag, bag_size, max_indices, 10, False, 0, None)),
    Op("aten._embedding_bag_per_sample_weights_backward.default",
       lambda d: [R(10, 4, device=d), I(10, 8, device=d),
                  torch.tensor([0, 3]).to(d)],
       lambda w, i, o: aten._embedding_bag_per_sample_weights_backward.default(
           torch.ones(2, 4, device=w.device), w, i, o,
           aten._embedding_bag.default(w, i, o, False, 0, False,
                                       torch.ones(8, device=w.device))[1], 0)),
    Op("aten._segment_reduce_backward.default",
       lambda d: [R(6, device=d), torch.tensor([2, 4]).to(d)],
       lambda x, lens: aten._segment_reduce_backward.default(
           torch.ones(2, device=x.device),
           aten.segment_reduce.default(x, "sum", lengths=lens), x, "sum",
           lengths=lens)),
    Op("aten._scaled_dot_product_efficient_attention_backward.default",
       lambda d: _attn(d, torch.float32),
       lambda q, k, v: aten._scaled_dot_product_efficient_attention_backward.default(
           torch.ones_like(q), q, k, v, None,
           *aten._scaled_dot_product_efficient_attention.default(
               q, k, v, None, True)[:4], 0.0, [True, True, True, False]),
       devices=("cuda",)),
    Op("aten._scaled_dot_product_flash_attention_backward.default",
       lambda d: _attn(d, torch.bfloat16),
       lambda q, k, v: _flash_backward(q, k, v), devices=("cuda",),
       needs=("sm80",)),
    Op("aten._scaled_dot_product_cudnn_attention_backward.default",
       lambda d: _attn(d, torch.bfloat16),
       lambda q, k, v: _cudnn_backward(q, k, v), devices=("cuda",),
       needs=("sm80",)),
    Op("aten._scaled_dot_product_flash_attention_for_cpu_backward.default",
       lambda d: _attn(d, torch.float32),
       lambda q, k, v: aten._scaled_dot_product_flash_attention_for_cpu_backward.default(
           torch.ones_like(q), q, k, v,
           *aten._scaled_dot_product_flash_attention_for_cpu.default(q, k, v),
           0.0, False), devices=("cpu",)),
    Op("aten._efficient_attention_backward.default",
       lambda d: [t.transpose(1, 2).contiguous() for t in _attn(d, torch.float32)],
       lambda q, k, v: _efficient_backward(q, k, v), devices=("cuda",)),
    Op("aten._flash_attention_backward.default",
       lambda d: [t.transpose(1, 2).contiguous() for t in _attn(d, torch.bfloat16)],
       lambda q, k, v: _flash_attention_backward(q, k, v), devices=("cuda",),
       needs=("sm80",)),
    # --- attention forward: several returns, some undefined, scalar returns
    Op("aten._scaled_dot_product_flash_attention_for_cpu.default",
       lambda d: _attn(d, torch.float32),
       lambda q, k, v: aten._scaled_dot_product_flash_attention_for_cpu.default(
           q, k, v, 0.0, True), devices=("cpu",)),
    Op("aten._scaled_dot_product_efficient_attention.default",
       lambda d: _attn(d, torch.float32) + [R(16, 16, device=d)],
       lambda q, k, v, b: aten._scaled_dot_product_efficient_attention.default(
           q, k, v, b.expand(2, 4, 16, 16), False)[0], devices=("cuda",)),
    Op("aten._scaled_dot_product_flash_attention.default",
       lambda d: _attn(d, torch.bfloat16),
       lambda q, k, v: aten._scaled_dot_product_flash_attention.default(
           q, k, v, 0.0, True)[:2], devices=("cuda",), needs=("sm80",)),
    Op("aten._scaled_dot_product_cudnn_attention.default",
       lambda d: _attn(d, torch.bfloat16),
       lambda q, k, v: aten._scaled_dot_product_cudnn_attention.default(
           q, k, v, None, False, 0.0, True)[0], devices=("cuda",),
       needs=("sm80",)),
    Op("aten._efficient_attention_forward.default",
       lambda d: [t.transpose(1, 2).contiguous() for t in _attn(d, torch.float32)],
       lambda q, k, v: aten._efficient_attention_forward.default(
           q, k, v, None, None, None, None, None, 0.0, 0, True)[:2],
       devices=("cuda",)),
    Op("aten._flash_attention_forward.default",
       lambda d: [t.transpose(1, 2).contiguous() for t in _attn(d, torch.bfloat16)],
       lambda q, k, v: aten._flash_attention_forward.default(
           q, k, v, None, None, 16, 16, 0.0, True, False)[:2],
       devices=("cuda",), needs=("sm80",)),
    Op("aten._scaled_dot_product_flash_attention.quantized",
       why="FP8 flash attention (FlashAttention 3) is not in torch's PyPI CUDA builds"),
    Op("aten._flash_attention_forward.quantized",
       why="FP8 flash attention (FlashAttention 3) is not in torch's PyPI CUDA builds"),
    Op("aten._scaled_dot_product_fused_attention_overrideable.default",
       why="for out-of-tree backends (XPU, PrivateUse1): no CUDA or CPU kernel"),
    Op("aten._scaled_dot_product_fused_attention_overrideable_backward.default",
       why="for out-of-tree backends (XPU, PrivateUse1): no CUDA or CPU kernel"),
    Op("aten._scaled_dot_product_attention_math_for_mps.default",
       why="MPS only"),
    # --- matrix products: out= forms, optional bias, fp8 and grouped
    Op("aten.mm.out", lambda d: [R(8, 16, device=d), R(16, 8, device=d)],
       lambda a, b: aten.mm.default(a, b)),
    Op("aten.addmm.out",
       lambda d: [R(8, device=d), R(8, 16, device=d), R(16, 8, device=d)],
       lambda c, a, b: aten.addmm.default(c, a, b)),
    Op("aten.bmm.out", lambda d: [R(2, 8, 16, device=d), R(2, 16, 8, device=d)],
       lambda a, b: aten.bmm.default(a, b)),
    Op("aten.baddbmm.out",
       lambda d: [R(2, 8, 8, device=d), R(2, 8, 16, device=d), R(2, 16, 8, device=d)],
       lambda c, a, b: aten.baddbmm.default(c, a, b, beta=0.5)),
    Op("aten.addbmm.default",
       lambda d: [R(8, 8, device=d), R(2, 8, 16, device=d), R(2, 16, 8, device=d)],
       lambda c, a, b: aten.addbmm.default(c, a, b), force=True),
    Op("aten.addmv.default",
       lambda d: [R(8, device=d), R(8, 16, device=d), R(16, device=d)],
       lambda c, a, v: aten.addmv.default(c, a, v), force=True),
    Op("aten._addmm_activation.default",
       lambda d: [R(8, device=d), R(8, 16, device=d), R(16, 8, device=d)],
       lambda c, a, b: aten._addmm_activation.default(c, a, b, use_gelu=True),
       force=True),
    Op("aten.mm.dtype_out",
       lambda d: [R(16, 32, dtype=torch.bfloat16, device=d),
                  R(32, 16, dtype=torch.bfloat16, device=d)],
       lambda a, b: aten.mm.dtype(a, b, torch.float32), devices=("cuda",),
       needs=("sm80",)),
    Op("aten._int_mm.out",
       lambda d: [I(64, 32, 64, device=d, dtype=torch.int8),
                  I(64, 64, 32, device=d, dtype=torch.int8)],
       lambda a, b: aten._int_mm.default(a, b)),
    Op("aten._scaled_mm.default",
       lambda d: [R(16, 32, device=d).to(torch.float8_e4m3fn),
                  R(16, 32, device=d).to(torch.float8_e4m3fn)],
       lambda a, b: aten._scaled_mm.default(
           a, b.t(), torch.tensor(1.0, device=a.device),
           torch.tensor(1.0, device=a.device), out_dtype=torch.bfloat16),
       devices=("cuda",), needs=("fp8",)),
    Op("aten._scaled_mm.out",
       why="the out= overload: Inductor calls _scaled_mm.default"),
    Op("aten._scaled_grouped_mm.default",
       lambda d: [R(32, 32, device=d).to(torch.float8_e4m3fn),
                  R(2, 32, 32, device=d).to(torch.float8_e4m3fn)],
       lambda a, b: aten._scaled_grouped_mm.default(
           a, b.transpose(-2, -1), torch.ones(32, device=a.device),
           torch.ones(2, 32, device=a.device),
           offs=torch.tensor([16, 32], device=a.device, dtype=torch.int32),
           out_dtype=torch.bfloat16), devices=("cuda",), needs=("sm90",)),
    Op("aten._grouped_mm.default",
       lambda d: [R(32, 32, dtype=torch.bfloat16, device=d),
                  R(2, 32, 16, dtype=torch.bfloat16, device=d)],
       lambda a, b: aten._grouped_mm.default(
           a, b, offs=torch.tensor([16, 32], device=a.device,
                                   dtype=torch.int32)),
       needs=("sm90",)),
    Op("aten._weight_int8pack_mm.default",
       lambda d: [R(8, 32, device=d), I(127, 16, 32, device=d, dtype=torch.int8),
                  U(16, device=d)],
       lambda x, w, s: aten._weight_int8pack_mm.default(x, w, s)),
    Op("aten._weight_int4pack_mm.default",
       lambda d: [R(8, 128, dtype=torch.bfloat16, device=d),
                  I(16, 16, 128, device=d, dtype=torch.int32)],
       lambda x, w: _int4pack_mm(x, w), devices=("cuda",), needs=("sm80",)),
    Op("aten._weight_int4pack_mm_with_scales_and_zeros.default",
       why="XPU only"),
    Op("aten._dyn_quant_matmul_4bit.default",
       why="needs KleidiAI (Arm CPUs); x86 builds have no kernel"),
    Op("aten._dyn_quant_pack_4bit_weight.default",
       why="needs KleidiAI (Arm CPUs); x86 builds have no kernel"),
    Op("aten._trilinear.default",
       lambda d: [R(4, 8, device=d), R(4, 8, device=d), R(4, 8, device=d)],
       lambda a, b, c: aten._trilinear.default(a, b, c, [], [], [], [])),
    Op("aten._cdist_forward.default",
       lambda d: [R(4, 3, device=d), R(5, 3, device=d)],
       lambda a, b: aten._cdist_forward.default(a, b, 2.0, None)),
    Op("aten._pdist_forward.default", lambda d: [R(5, 3, device=d)],
       lambda a: aten._pdist_forward.default(a, 2.0)),
    Op("aten.convolution.default",
       lambda d: [R(2, 3, 8, 8, device=d), R(4, 3, 3, 3, device=d), R(4, device=d)],
       lambda x, w, b: aten.convolution.default(
           x, w, b, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)),
    # --- linear algebra (cuSOLVER / MAGMA / LAPACK)
    Op("aten.cholesky_inverse.default", lambda d: [SPD(6, d)],
       lambda a: aten.cholesky_inverse.default(torch.linalg.cholesky(a))),
    Op("aten.cholesky_solve.default", lambda d: [SPD(6, d), R(6, 2, device=d)],
       lambda a, b: aten.cholesky_solve.default(b, torch.linalg.cholesky(a))),
    Op("aten.triangular_solve.default", lambda d: [SPD(6, d), R(6, 2, device=d)],
       lambda a, b: aten.triangular_solve.default(b, torch.linalg.cholesky(a),
                                                  upper=False)),
    Op("aten.geqrf.default", lambda d: [R(6, 4, device=d)],
       lambda a: aten.geqrf.default(a)),
    Op("aten.ormqr.default", lambda d: [R(6, 4, device=d), R(6, 3, device=d)],
       lambda a, c: aten.ormqr.default(*aten.geqrf.default(a), c)),
    Op("aten.lu_unpack.default", lambda d: [SPD(5, d)],
       lambda a: aten.lu_unpack.default(*torch.linalg.lu_factor(a))),
    # --- FFT and complex numbers
    Op("aten._fft_r2c.default", lambda d: [R(4, 16, device=d)],
       lambda x: aten.view_as_real.default(
           aten._fft_r2c.default(x, [1], 0, True)).clone()),
    Op("aten._fft_c2c.default", lambda d: [R(4, 16, 2, device=d)],
       lambda x: aten.view_as_real.default(aten._fft_c2c.default(
           aten.view_as_complex.default(x), [1], 0, True)).clone()),
    Op("aten.view_as_complex.default", lambda d: [R(4, 16, 2, device=d)],
       lambda x: aten.view_as_real.default(
           aten.view_as_complex.default(x)).sin()),
    Op("aten.view_as_real.default", lambda d: [R(4, 16, 2, device=d)],
       lambda x: aten.view_as_real.default(
           aten.view_as_complex.default(x.sin())).cos()),
    Op("aten.polar.default", lambda d: [U(4, 8, device=d), R(4, 8, device=d)],
       lambda a, t: aten.view_as_real.default(aten.polar.default(a, t)).clone()),
    Op("aten.angle.default", lambda d: [R(4, 8, 2, device=d)],
       lambda x: aten.angle.default(aten.view_as_complex.default(x)),
       force=True),
    # --- embedding bags (optional per-sample weights)
    Op("aten._embedding_bag.default",
       lambda d: [R(10, 4, device=d), I(10, 8, device=d),
                  torch.tensor([0, 3]).to(d), U(8, device=d)],
       lambda w, i, o, p: aten._embedding_bag.default(w, i, o, False, 0, False, p)),
    Op("aten._embedding_bag_forward_only.default",
       lambda d: [R(10, 4, device=d), I(10, 8, device=d),
                  torch.tensor([0, 3]).to(d)],
       lambda w, i, o: aten._embedding_bag_forward_only.default(w, i, o, False, 1)),
    # --- normalization, recurrent cells
    Op("aten._fused_rms_norm.default",
       lambda d: [R(4, 16, device=d), U(16, device=d)],
       lambda x, w: aten._fused_rms_norm.default(x, [16], w, 1e-5)[0], force=True),
    Op("aten._thnn_fused_lstm_cell.default",
       lambda d: [R(4, 32, device=d), R(4, 32, device=d), R(4, 8, device=d),
                  R(32, device=d)],
       lambda a, b, c, bias: aten._thnn_fused_lstm_cell.default(a, b, c, bias, bias),
       devices=("cuda",)),
    Op("aten._cudnn_rnn.default",
       why="cuDNN RNNs are exported as aten.lstm/gru and decomposed"),
    # --- segments, quantization observers
    Op("aten.segment_reduce.default",
       lambda d: [R(6, device=d), torch.tensor([2, 4]).to(d)],
       lambda x, lens: aten.segment_reduce.default(x, "sum", lengths=lens)),
    Op("aten._fused_moving_avg_obs_fq_helper_functional.default",
       lambda d: [R(4, 8, device=d)],
       lambda x: aten._fused_moving_avg_obs_fq_helper_functional.default(
           x, torch.ones(1, dtype=torch.int64, device=x.device),
           torch.ones(1, dtype=torch.int64, device=x.device),
           torch.tensor([-1.0], device=x.device),
           torch.tensor([1.0], device=x.device),
           torch.tensor([0.1], device=x.device),
           torch.tensor([0], dtype=torch.int32, device=x.device),
           0.01, 0, 255, 0)[:2]),
    Op("aten._fused_moving_avg_obs_fq_helper.default",
       why="in-place on its running statistics: export functionalizes it into "
           "_fused_moving_avg_obs_fq_helper_functional"),
    # --- random: fallback_random makes Inductor call them
    Op("aten.rand.default", lambda d: [R(1, device=d)],
       lambda x: aten.rand.default([4, 8], device=x.device) - x, random=True),
    Op("aten.randn.default", lambda d: [R(1, device=d)],
       lambda x: aten.randn.default([4, 8], device=x.device) - x, random=True),
    Op("aten.randint.low", lambda d: [R(1, device=d)],
       lambda x: aten.randint.low(2, 9, [4, 8], device=x.device) - x,
       random=True),
    Op("aten.randint.default", lambda d: [R(1, device=d)],
       lambda x: aten.randint.default(9, [4, 8], device=x.device) - x,
       random=True, force=True),
    Op("aten.randperm.default", lambda d: [R(1, device=d)],
       lambda x: aten.randperm.default(16, device=x.device) - x, random=True),
    Op("aten.bernoulli_.float", lambda d: [R(4, 8, device=d)],
       lambda x: torch.bernoulli(torch.full_like(x, 0.5)) - x, random=True),
    Op("aten.exponential.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.exponential.default(x, 2.0) - x, random=True),
    Op("aten.uniform.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.uniform.default(x, -1.0, 1.0) - x, random=True),
    Op("aten.normal_functional.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.normal_functional.default(x, 0.0, 2.0) - x, random=True),
    Op("aten.native_dropout.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.native_dropout.default(x, 0.5, True), random=True),
    # --- pointwise ops and views Inductor lowers itself
    Op("aten.abs.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.abs.default(x), force=True),
    Op("aten.add.Tensor", lambda d: [R(4, 8, device=d), R(4, 8, device=d)],
       lambda a, b: aten.add.Tensor(a, b, alpha=2), force=True),
    Op("aten.add.Scalar", lambda d: [R(4, 8, device=d)],
       lambda a: aten.add.Scalar(a, 1.5), force=True),
    Op("aten.mul.Tensor", lambda d: [R(4, 8, device=d), R(4, 8, device=d)],
       lambda a, b: aten.mul.Tensor(a, b), force=True),
    Op("aten.mul.Scalar", lambda d: [R(4, 8, device=d)],
       lambda a: aten.mul.Scalar(a, 1.5), force=True),
    Op("aten.pow.Tensor_Tensor", lambda d: [U(4, 8, device=d), R(4, 8, device=d)],
       lambda a, b: aten.pow.Tensor_Tensor(a, b), force=True),
    Op("aten.pow.Tensor_Scalar", lambda d: [U(4, 8, device=d)],
       lambda a: aten.pow.Tensor_Scalar(a, 2.5), force=True),
    Op("aten.pow.Scalar", lambda d: [R(4, 8, device=d)],
       lambda a: aten.pow.Scalar(1.5, a), force=True),
    Op("aten.gcd.default", lambda d: [I(60, 4, 8, device=d), I(60, 4, 8, device=d)],
       lambda a, b: aten.gcd.default(a, torch.clamp_min(b, 1))),
    Op("aten.cat.default", lambda d: [R(4, 8, device=d), R(2, 8, device=d)],
       lambda a, b: aten.cat.default([a, b]), force=True),
    Op("aten.pad.default", lambda d: [R(2, 3, 8, device=d)],
       lambda x: aten.pad.default(x.sin(), [1, 2], "reflect").cos(), force=True),
    Op("aten.hann_window.default", lambda d: [R(16, device=d)],
       lambda x: aten.hann_window.default(16, device=x.device) - x, force=True),
    Op("aten.permute.default", lambda d: [R(2, 3, 4, device=d)],
       lambda x: aten.permute.default(x.sin(), [2, 0, 1]).cos(), force=True),
    Op("aten.reshape.default", lambda d: [R(2, 3, 4, device=d)],
       lambda x: aten.reshape.default(x.sin(), [6, 4]).cos(), force=True),
    Op("aten.squeeze.dim", lambda d: [R(2, 1, 4, device=d)],
       lambda x: aten.squeeze.dim(x.sin(), 1).cos(), force=True),
    Op("aten.slice.Tensor", lambda d: [R(6, 4, device=d)],
       lambda x: aten.slice.Tensor(x.sin(), 0, 1, 5).cos(), force=True),
    Op("aten.narrow.default", lambda d: [R(6, 4, device=d)],
       lambda x: aten.narrow.default(x.sin(), 0, 1, 3).cos(), force=True),
    Op("aten.view.dtype", lambda d: [R(4, 8, device=d)],
       lambda x: aten.view.dtype(x.sin(), torch.int32) - 1, force=True),
    # --- in the shim since torch 2.12 (c_shim_cpu.h and c_shim_cuda.h)
    Op("aten.grid_sampler_3d.default",
       lambda d: [R(2, 3, 4, 4, 4, device=d), U(2, 3, 3, 3, 3, lo=-1, hi=1, device=d)],
       lambda x, grid: aten.grid_sampler_3d.default(x, grid, 0, 0, False),
       force=True),
    Op("aten.grid_sampler_3d_backward.default",
       lambda d: [R(2, 3, 3, 3, 3, device=d), R(2, 3, 4, 4, 4, device=d),
                  U(2, 3, 3, 3, 3, lo=-1, hi=1, device=d)],
       lambda g, x, grid: aten.grid_sampler_3d_backward.default(
           g, x, grid, 0, 0, False, [True, True])),
    Op("aten.rand_like.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.rand_like.default(x) - x, random=True, force=True),
    Op("aten.randn_like.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.randn_like.default(x) - x, random=True, force=True),
    Op("aten.randint_like.default", lambda d: [R(4, 8, device=d)],
       lambda x: aten.randint_like.default(x, 9) - x, random=True, force=True),
    Op("aten.randint_like.low_dtype", lambda d: [R(4, 8, device=d)],
       lambda x: aten.randint_like.low_dtype(x, 2, 9) - x, random=True,
       force=True),
    Op("aten.rand_like.generator",
       why="an explicit torch.Generator: export refuses generator arguments"),
    Op("aten.randn_like.generator",
       why="an explicit torch.Generator: export refuses generator arguments"),
    Op("aten._flash_attention_forward.no_dropout_inplace",
       why="FlashAttention's in-place variant for KV-cache serving (torch "
           "2.13+): not reached by export's SDPA"),
    # --- oneDNN's fused ops (shim_cpu.h), with freezing
    Op("mkldnn._convolution_pointwise.default",
       lambda d: [R(2, 3, 8, 8, device=d)],
       lambda x, w, b: torch.relu(torch.nn.functional.conv2d(x, w, b, padding=1)),
       weights=lambda d: [R(8, 3, 3, 3, device=d), R(8, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu_mkldnn__convolution_pointwise"),
    Op("mkldnn._convolution_pointwise.binary",
       lambda d: [R(2, 8, 8, 8, device=d), R(2, 8, 8, 8, device=d)],
       lambda x, y, w, b: torch.nn.functional.conv2d(x, w, b, padding=1) + y,
       weights=lambda d: [R(8, 8, 3, 3, device=d), R(8, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu_mkldnn__convolution_pointwise_binary"),
    Op("mkldnn._convolution_pointwise_.binary",
       lambda d: [R(2, 8, 8, 8, device=d)],
       lambda x, w, b: _conv_add_inplace(x, w, b),
       weights=lambda d: [R(8, 8, 3, 3, device=d), R(8, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu_mkldnn__convolution_pointwise_binary_"),
    Op("mkldnn._convolution_transpose_pointwise.default",
       lambda d: [R(2, 8, 4, 4, device=d)],
       lambda x, w, b: torch.nn.functional.conv_transpose2d(x, w, b, stride=2),
       weights=lambda d: [R(8, 4, 2, 2, device=d), R(4, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu_mkldnn__convolution_transpose_pointwise"),
    Op("mkldnn._linear_pointwise.default",
       lambda d: [R(4, 16, device=d)],
       lambda x, w, b: torch.nn.functional.gelu(torch.nn.functional.linear(x, w, b)),
       weights=lambda d: [R(16, 16, device=d), R(16, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu__linear_pointwise"),
    Op("mkldnn._linear_pointwise.binary",
       lambda d: [R(4, 16, device=d), R(4, 16, device=d)],
       lambda x, y, w: torch.nn.functional.linear(x, w) + y,
       weights=lambda d: [R(16, 16, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu__linear_pointwise_binary"),
    Op("aten.mkldnn_rnn_layer.default",
       lambda d: [R(2, 5, 16, device=d)],
       lambda x, wi, wh, bi, bh: _lstm(x, wi, wh, bi, bh),
       weights=lambda d: [R(64, 16, device=d), R(64, 16, device=d),
                          R(64, device=d), R(64, device=d)],
       devices=("cpu",), freezing=True,
       function="aoti_torch_cpu_mkldnn_rnn_layer"),
    Op("mkl._mkl_linear.default",
       why="Inductor takes oneDNN's _linear_pointwise for an fp32 linear of "
           "this build, not MKL's packed one",
       function="aoti_torch_cpu__mkl_linear"),
    Op("onednn.qlinear_pointwise.tensor",
       why="PT2E-quantized models (prepare_pt2e/convert_pt2e with "
           "X86InductorQuantizer): not in this catalog",
       function="aoti_torch_cpu__qlinear_pointwise_tensor"),
    Op("onednn.qlinear_pointwise.binary_tensor",
       why="PT2E-quantized models: not in this catalog",
       function="aoti_torch_cpu__qlinear_pointwise_binary_tensor"),
    Op("onednn.qconv_pointwise.tensor",
       why="PT2E-quantized models: not in this catalog",
       function="aoti_torch_cpu__qconv_pointwise_tensor"),
    Op("onednn.qconv2d_pointwise.binary_tensor",
       why="PT2E-quantized models: not in this catalog",
       function="aoti_torch_cpu__qconv2d_pointwise_binary_tensor"),
    Op("quantized.int4mm_packed_weight_cpu.default",
       why="int4 weight-only quantized CPU models: not in this catalog",
       function="aoti_torch_cpu__weight_int4pack_mm_cpu_tensor"),
    Op("_c10d_functional.all_reduce.default",
       why="collectives need a process group (torch.distributed)",
       function="aoti_torch_cpu__c10d_functional_all_reduce"),
    Op("_c10d_functional.all_reduce_.default",
       why="collectives need a process group (torch.distributed)",
       function="aoti_torch_cpu__c10d_functional_all_reduce_"),
    Op("_c10d_functional.wait_tensor.default",
       why="collectives need a process group (torch.distributed)",
       function="aoti_torch_cpu__c10d_functional_wait_tensor"),
    # --- never emitted by Inductor
    Op("aten._efficientzerotensor.default",
       why="makes a ZeroTensor, which exported programs cannot hold"),
    Op("aten._to_sparse.default",
       why="sparse tensors: AOTInductor compiles dense tensors only"),
    Op("aten.to_sparse.default",
       why="sparse tensors: AOTInductor compiles dense tensors only"),
    Op("aten.fill_.Scalar",
       why="in-place: export functionalizes it (fill.Scalar, lowered)"),
    Op("aten.bernoulli_.Tensor",
       why="in-place: export functionalizes it (bernoulli.p)"),
    Op("aten.resize_.default",
       why="in-place resize: export functionalizes it away"),
    Op("aten.resize_as_.default",
       why="in-place resize: export functionalizes it away"),
    Op("aten.set_.source_Tensor",
       why="in-place storage swap: export functionalizes it away"),
    Op("aten.randint.low_out",
       why="an out= overload Inductor never calls (it calls randint.low)"),
    Op("aten.rand.generator",
       why="an explicit torch.Generator: export refuses generator arguments"),
    Op("aten.randn.generator",
       why="an explicit torch.Generator: export refuses generator arguments"),
    Op("aten.randint.generator",
       why="an explicit torch.Generator: export refuses generator arguments"),
    Op("aten.amax.default",
       why="stable-ABI helper (c_shim_aten.h) for C++ extensions; Inductor "
           "lowers amax itself"),
    Op("aten.new_empty.default",
       why="stable-ABI helper (c_shim_aten.h) for C++ extensions"),
    Op("aten.new_zeros.default",
       why="stable-ABI helper (c_shim_aten.h) for C++ extensions"),
    Op("aten.full.default",
       why="stable-ABI helper (c_shim_aten.h) for C++ extensions"),
    Op("aten.subtract.Tensor",
       why="stable-ABI helper (c_shim_aten.h) for C++ extensions"),
]


def _flash_backward(q, k, v):
    out, lse, cq, ck, mq, mk, seed, off, _ = \
        aten._scaled_dot_product_flash_attention.default(q, k, v, 0.0, True)
    return aten._scaled_dot_product_flash_attention_backward.default(
        torch.ones_like(out), q, k, v, out, lse, cq, ck, mq, mk, 0.0, True,
        seed, off)


def _cudnn_backward(q, k, v):
    r = aten._scaled_dot_product_cudnn_attention.default(
        q, k, v, None, True, 0.0, True)
    out, lse, cq, ck, mq, mk, seed, off = r[:8]
    return aten._scaled_dot_product_cudnn_attention_backward.default(
        torch.ones_like(out), q, k, v, out, lse, seed, off, None, cq, ck,
        mq, mk, 0.0, True)


def _efficient_backward(q, k, v):
    out, lse, seed, off, _, _ = aten._efficient_attention_forward.default(
        q, k, v, None, None, None, None, None, 0.0, 0, True)
    return aten._efficient_attention_backward.default(
        torch.ones_like(out), q, k, v, None, out, None, None, 16, 16, lse,
        0.0, seed, off, 0, False)


def _flash_attention_backward(q, k, v):
    out, lse, seed, off, _ = aten._flash_attention_forward.default(
        q, k, v, None, None, 16, 16, 0.0, True, False)
    return aten._flash_attention_backward.default(
        torch.ones_like(out), q, k, v, out, lse, None, None, 16, 16, 0.0,
        True, seed, off)


def _conv_add_inplace(x, w, b):
    y = torch.sin(x)  # a buffer of the model's own, added to in place
    y += torch.nn.functional.conv2d(x, w, b, padding=1)
    return y


def _lstm(x, wi, wh, bi, bh):
    out, _, _ = torch._VF.lstm(x, (torch.zeros(1, 2, 16, device=x.device),
                                   torch.zeros(1, 2, 16, device=x.device)),
                               [wi, wh, bi, bh], True, 1, 0.0, False, False,
                               True)
    return out


def _int4pack_mm(x, w):
    packed = aten._convert_weight_to_int4pack.default(
        (w[:, ::2] << 4 | w[:, 1::2]).to(torch.uint8), 8)
    scales = torch.ones(128 // 32, 16, 2, dtype=x.dtype, device=x.device)
    return aten._weight_int4pack_mm.default(x, packed, 32, scales)


# Ops the census adds to Inductor's fallbacks for the models it builds:
# every forced entry's overload.
def forced(ops):
    return [o.overload() for o in ops if o.force]
