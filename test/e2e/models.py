# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The models the end-to-end harness compiles with AOTInductor.

Each entry of MODELS builds (module, example_args, dynamic_shapes) for a device
and dtype. They are small on purpose, except `transformer`, whose size is set
by its options (the GPU benchmarks use 12 layers, d=256, 8 heads).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(16, 32)
        self.l2 = nn.Linear(32, 8)

    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))


class MLPBias(nn.Module):
    """An MLP whose output bias is a keyword input: called as
    `m(x, bias=b)`, exported with `kwargs={"bias": b}`, so the package's
    input spec names it."""

    def __init__(self):
        super().__init__()
        self.mlp = MLP()

    def forward(self, x, *, bias):
        return self.mlp(x) + bias


def wrong_inputs(x, bias, model_device):
    """Calls of an MLPBias package (compiled for float32 x of [2..8, 16] on
    `model_device`, bias of [8]) that break what it was compiled for, each
    with the report aoti-instrument must give (a regular expression):
    (case, args, kwargs, expected)."""
    other = "cpu" if model_device != "cpu" else "meta"
    where = "cuda:0" if model_device != "cpu" else "cpu"
    x_on_other = x.to(other)
    return [
        ("wrong-device", (x_on_other,), {"bias": bias},
         rf"input 0 \(\w+\): on {other}(:0)?, the model runs on {where}"),
        ("wrong-dtype", (x.half(),), {"bias": bias},
         r"input 0 \(\w+\): dtype float16, compiled for float32"),
        ("out-of-range", (torch.cat([x, x, x])[:9],), {"bias": bias},
         r"input 0 \(\w+\): dim 0 is 9, compiled for 2\.\.8"),
        ("non-contiguous", (x.t().contiguous().t(),), {"bias": bias},
         r"input 0 \(\w+\): strides \[1, 4\], compiled for \(16, 1\)"),
        ("named-keyword", (x,), {"bias": bias[:4]},
         r"input 1 \(\w+, 'bias'\): dim 0 is 4, compiled for 8"),
    ]


class NanChain(nn.Module):
    """The log of a negative activation makes NaN three kernels before the
    output: linear -> log (NaN here) -> linear -> layer norm."""

    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(16, 32)
        self.l2 = nn.Linear(32, 32)
        self.ln = nn.LayerNorm(32)

    def forward(self, x):
        h = torch.relu(self.l1(x)) * 2.0 + 0.5       # clean
        h = torch.log(h - 1.0)                        # NaN where h < 1
        h = self.l2(h)
        return self.ln(torch.tanh(h))


class Embed(nn.Module):
    """Token ids index an embedding table: an out-of-range id reads outside
    it. AOTI cannot guard the ids' values; aoti-instrument can."""

    def __init__(self, vocab=1000, d=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.ln = nn.LayerNorm(d)
        self.out = nn.Linear(d, 16)

    def forward(self, ids):
        return self.out(self.ln(self.tok(ids)))


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for z in (q, k, v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Transformer(nn.Module):
    def __init__(self, vocab=1000, d=256, heads=8, layers=12, max_seq=512):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_seq, d)
        self.blocks = nn.ModuleList(Block(d, heads) for _ in range(layers))
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.tok(ids) + self.pos(pos)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln(x))


def _user_triton_gather():
    """A user-defined Triton kernel that gathers rows by index without a
    bounds check (torch.library.triton_op + wrap_triton), for the IMA
    scenario. Imported lazily: triton exists only where CUDA does."""
    import triton
    import triton.language as tl
    from torch.library import triton_op, wrap_triton

    @triton.jit
    def gather_rows_kernel(table_ptr, idx_ptr, out_ptr, D: tl.constexpr):
        row = tl.program_id(0)
        i = tl.load(idx_ptr + row)
        cols = tl.arange(0, D)
        tl.store(out_ptr + row * D + cols, tl.load(table_ptr + i * D + cols))

    @triton_op("aoti_e2e::gather_rows", mutates_args={})
    def gather_rows(table: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        out = torch.empty((idx.numel(), table.shape[1]), device=table.device,
                          dtype=table.dtype)
        wrap_triton(gather_rows_kernel)[(idx.numel(),)](table, idx, out,
                                                        D=table.shape[1])
        return out

    return gather_rows


class GatherIMA(nn.Module):
    """Gathers rows with an unchecked user Triton kernel, then runs Inductor
    kernels on them: an out-of-range index faults inside the user kernel."""

    def __init__(self, rows=1000, d=64):
        super().__init__()
        self.table = nn.Parameter(torch.randn(rows, d))
        self.ln = nn.LayerNorm(d)
        self.out = nn.Linear(d, 16)
        self.gather = _user_triton_gather()

    def forward(self, idx):
        h = self.gather(self.table, idx) * 2.0
        return self.out(torch.relu(self.ln(h)))


def _user_triton_bugs():
    """Two user-defined Triton kernels with memory bugs that do not fault,
    for the redzone and poison scenarios (catch-oob, catch-uninit):
    `scale_rows` writes 64 elements past the end of its output (its last
    row runs on); and `add_rows` accumulates into the fresh `torch.empty`
    output it was given instead of setting it (reads memory nothing
    wrote)."""
    import triton
    import triton.language as tl
    from torch.library import triton_op, wrap_triton

    @triton.jit
    def scale_rows_kernel(x_ptr, out_ptr, n_rows, D: tl.constexpr,
                          EXTRA: tl.constexpr):
        row = tl.program_id(0)
        cols = tl.arange(0, D)
        tl.store(out_ptr + row * D + cols, tl.load(x_ptr + row * D + cols) * 2.0)
        extra = tl.arange(0, EXTRA)
        # The bug: the last row writes EXTRA more elements.
        tl.store(out_ptr + row * D + D + extra, tl.zeros([EXTRA], tl.float32),
                 mask=(extra < EXTRA) & (row == n_rows - 1))

    @triton.jit
    def add_rows_kernel(x_ptr, y_ptr, out_ptr, D: tl.constexpr):
        row = tl.program_id(0)
        cols = tl.arange(0, D)
        # The bug: out is fresh memory, read as if it held zeros.
        acc = tl.load(out_ptr + row * D + cols)
        tl.store(out_ptr + row * D + cols,
                 acc + tl.load(x_ptr + row * D + cols) +
                 tl.load(y_ptr + row * D + cols))

    @triton.jit
    def shift_rows_kernel(x_ptr, out_ptr, D: tl.constexpr,
                          EXTRA: tl.constexpr):
        row = tl.program_id(0)
        cols = tl.arange(0, D)
        tl.store(out_ptr + row * D + cols, tl.load(x_ptr + row * D + cols) + 1.0)
        extra = tl.arange(0, EXTRA)
        # The bug: the first row also writes EXTRA elements before the start.
        tl.store(out_ptr - EXTRA + extra, tl.zeros([EXTRA], tl.float32),
                 mask=(extra < EXTRA) & (row == 0))

    @triton_op("aoti_e2e::shift_rows", mutates_args={})
    def shift_rows(x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        wrap_triton(shift_rows_kernel)[(x.shape[0],)](x, out, D=x.shape[1],
                                                      EXTRA=16)
        return out

    @triton_op("aoti_e2e::scale_rows", mutates_args={})
    def scale_rows(x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        wrap_triton(scale_rows_kernel)[(x.shape[0],)](
            x, out, x.shape[0], D=x.shape[1], EXTRA=64)
        return out

    @triton_op("aoti_e2e::add_rows", mutates_args={})
    def add_rows(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        wrap_triton(add_rows_kernel)[(x.shape[0],)](x, y, out, D=x.shape[1])
        return out

    return scale_rows, add_rows, shift_rows


def _user_triton_grid():
    """A user Triton kernel launched with one program per row on the grid's
    second axis: more rows than the device allows there (65535) and the
    launch is refused (`invalid argument`), a failure that is not a fault
    (gpu_scenarios.py's `failures` part)."""
    import triton
    import triton.language as tl
    from torch.library import triton_op, wrap_triton

    @triton.jit
    def copy_rows_kernel(x_ptr, out_ptr, D: tl.constexpr):
        row = tl.program_id(1)
        cols = tl.arange(0, D)
        tl.store(out_ptr + row * D + cols, tl.load(x_ptr + row * D + cols))

    @triton_op("aoti_e2e::copy_rows", mutates_args={})
    def copy_rows(x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        wrap_triton(copy_rows_kernel)[(1, x.shape[0])](x, out, D=x.shape[1])
        return out

    return copy_rows


class Failures(nn.Module):
    """Failures chosen by the input's row count at run time (dynamic rows,
    fp32 [rows, 64]): "grid" launches a user Triton kernel with a grid of
    rows on its second axis (refused above 65535 rows); "oom" makes a
    [rows, rows] product (out of memory at a few hundred thousand rows)."""

    def __init__(self, which, d=64):
        super().__init__()
        self.which = which
        self.inp = nn.Linear(d, d)
        self.out = nn.Linear(d, 16)
        if which == "grid":
            self.copy_rows = _user_triton_grid()

    def forward(self, x):
        h = torch.relu(self.inp(x))
        if self.which == "grid":
            h = self.copy_rows(h)
        else:
            h = torch.softmax(h @ h.T, dim=1) @ h
        return self.out(torch.tanh(h))


class UserBugs(nn.Module):
    """Inductor kernels around one buggy user Triton kernel (which: "oob",
    "uninit"; "oob_deep" and "before": deeper, so that the buggy kernel's
    output is a buffer run_impl reuses, written past its end or before its
    start); fp32, [rows, 64]."""

    def __init__(self, which, d=64):
        super().__init__()
        self.which = which
        self.inp = nn.Linear(d, d)
        self.mid = nn.Linear(d, d)
        self.out = nn.Linear(d, 16)
        self.scale_rows, self.add_rows, self.shift_rows = _user_triton_bugs()

    def forward(self, x):
        h = torch.relu(self.inp(x))
        if self.which == "oob":
            h = self.scale_rows(h)
        elif self.which == "uninit":
            h = self.add_rows(h, x)
        else:
            h = torch.relu(self.mid(h)) * 0.5
            h = torch.sigmoid(self.mid(h))
            h = (self.scale_rows(h) if self.which == "oob_deep"
                 else self.shift_rows(h))
            h = torch.relu(self.mid(h))
        return self.out(torch.tanh(h))


def llama_logits(layers=8):
    """A Llama-style decoder (transformers' LlamaForCausalLM from a small
    config: hidden 512, 8 heads, vocab 32000, random weights, seed 0) that
    returns the logits only; and its vocabulary size."""
    import transformers

    class Logits(nn.Module):
        def __init__(self, lm):
            super().__init__()
            self.lm = lm

        def forward(self, ids):
            return self.lm(input_ids=ids, use_cache=False).logits

    cfg = transformers.LlamaConfig(
        vocab_size=32000, hidden_size=512, intermediate_size=1408,
        num_hidden_layers=layers, num_attention_heads=8, num_key_value_heads=8,
        max_position_embeddings=1024)
    torch.manual_seed(0)
    return Logits(transformers.LlamaForCausalLM(cfg)).eval(), cfg.vocab_size


class LlamaGather(nn.Module):
    """A small Llama-style decoder (transformers' LlamaForCausalLM, 4
    layers, hidden 256, vocab 8000) whose token embeddings are reordered by
    the unchecked user Triton gather before the layers: an out-of-range
    row faults in the gather, with the decoder's launches after it."""

    def __init__(self):
        super().__init__()
        self.lm = small_llama()
        self.gather = _user_triton_gather()

    def forward(self, ids, rows):
        emb = self.lm.model.embed_tokens(ids)[0]
        emb = self.gather(emb, rows)[None]
        return self.lm(inputs_embeds=emb, use_cache=False).logits


class LlamaIds(nn.Module):
    """The same decoder from token ids: an id past the vocabulary trips the
    device-side assert of Inductor's embedding kernel."""

    def __init__(self):
        super().__init__()
        self.lm = small_llama()

    def forward(self, ids):
        return self.lm(input_ids=ids, use_cache=False).logits


def small_llama():
    import transformers
    cfg = transformers.LlamaConfig(
        vocab_size=8000, hidden_size=256, intermediate_size=704,
        num_hidden_layers=4, num_attention_heads=8, num_key_value_heads=2,
        max_position_embeddings=512)
    torch.manual_seed(0)
    return transformers.LlamaForCausalLM(cfg)


class ConvGather(nn.Module):
    """torchvision's resnet18 whose layer1 features (channels last, 64 per
    pixel) are reordered by the unchecked user Triton gather: an
    out-of-range pixel index faults in the middle of the convnet."""

    def __init__(self):
        super().__init__()
        import torchvision
        torch.manual_seed(0)
        self.net = torchvision.models.resnet18()
        self.gather = _user_triton_gather()

    def forward(self, x, pixels):
        n = self.net
        f = n.layer1(n.maxpool(n.relu(n.bn1(n.conv1(x)))))
        b, c, h, w = f.shape
        g = self.gather(f.permute(0, 2, 3, 1).reshape(-1, c), pixels)
        f = g.reshape(b, h, w, c).permute(0, 3, 1, 2)
        f = n.layer4(n.layer3(n.layer2(f)))
        return n.fc(torch.flatten(n.avgpool(f), 1))


class ConvChannels(nn.Module):
    """resnet18 whose layer1 channels are picked by an index input: an
    index past the 64 channels trips the device-side assert of Inductor's
    indexing kernel in the middle of the convnet."""

    def __init__(self):
        super().__init__()
        import torchvision
        torch.manual_seed(0)
        self.net = torchvision.models.resnet18()

    def forward(self, x, channels):
        n = self.net
        f = n.layer1(n.maxpool(n.relu(n.bn1(n.conv1(x)))))
        f = n.layer4(n.layer3(n.layer2(f[:, channels])))
        return n.fc(torch.flatten(n.avgpool(f), 1))


class MoE(nn.Module):
    """A mixture-of-experts block as LLMs serve it: a softmax router picks
    the top k of `experts` expert MLPs per token (torch.topk, whose two
    tensors the C shim returns through AtenTensorHandle* out-parameters),
    the experts run on every token as batched matmuls (einsum), and the
    chosen experts' outputs, weighted by their renormalized router
    probabilities, are combined: gathered by the top-k indices and summed
    (combine="gather"), or added back to their tokens in place
    (combine="index_add", as dispatching kernels do); a residual around it.
    """

    def __init__(self, d=64, hidden=128, experts=8, k=2, combine="gather"):
        super().__init__()
        self.k, self.combine = k, combine
        self.router = nn.Linear(d, experts)
        self.w1 = nn.Parameter(torch.randn(experts, d, hidden) * d ** -0.5)
        self.w2 = nn.Parameter(torch.randn(experts, hidden, d) * hidden ** -0.5)

    def forward(self, x):  # x: [tokens, d]
        probs = torch.softmax(self.router(x).float(), dim=-1)
        w, idx = torch.topk(probs, self.k, dim=-1)
        w = (w / w.sum(-1, keepdim=True)).to(x.dtype)
        h = F.silu(torch.einsum("td,edh->teh", x, self.w1))
        y = torch.einsum("teh,ehd->ted", h, self.w2)
        if self.combine == "gather":
            chosen = torch.gather(y, 1,
                                  idx[..., None].expand(-1, -1, x.shape[-1]))
            return x + (chosen * w[..., None]).sum(1)
        token = torch.arange(x.shape[0], device=x.device).repeat_interleave(
            self.k)
        picked = y[token, idx.reshape(-1)] * w.reshape(-1, 1)
        return x + torch.zeros_like(x).index_add(0, token, picked)


def build(name, device="cpu", dtype=torch.float32, dynamic=False,
          layers=12, d=256, heads=8, batch=8, seq=256):
    """Returns (module, example_args, dynamic_shapes) ready for export."""
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    Dim = torch.export.Dim
    if name == "mlp":
        m, args = MLP(), (torch.randn(4, 16, generator=gen),)
        dyn = {"x": {0: Dim("batch", min=1, max=1024)}} if dynamic else None
    elif name == "mlp_bias":
        # The keyword input comes last: export(m, args[:1],
        # kwargs={"bias": args[1]}).
        m = MLPBias()
        args = (torch.randn(4, 16, generator=gen),
                torch.randn(8, generator=gen))
        dyn = ({"x": {0: Dim("batch", min=2, max=8)}, "bias": None}
               if dynamic else None)
    elif name == "nan_chain":
        m, args = NanChain(), (torch.randn(4, 16, generator=gen),)
        dyn = {"x": {0: Dim("batch", min=1, max=1024)}} if dynamic else None
    elif name == "embed":
        m, args = Embed(), (torch.randint(0, 1000, (4, 32), generator=gen),)
        dyn = {"ids": {0: Dim("batch", min=1, max=64),
                       1: Dim("seq", min=2, max=512)}} if dynamic else None
    elif name == "transformer":
        m = Transformer(d=d, heads=heads, layers=layers)
        args = (torch.randint(0, 1000, (batch, seq), generator=gen),)
        dyn = {"ids": {0: Dim("batch", min=1, max=64),
                       1: Dim("seq", min=2, max=512)}} if dynamic else None
    elif name == "gather_ima":
        m, args = GatherIMA(), (torch.randint(0, 1000, (32,), generator=gen),)
        dyn = None
    elif name in ("user_oob", "user_uninit", "user_oob_deep", "user_before"):
        m = UserBugs(name[len("user_"):])
        args, dyn = (torch.randn(128, 64, generator=gen),), None
    elif name == "nan_weight":
        # A NaN in a weight (as a bad checkpoint has): the first linear's
        # output holds NaN, and every later kernel's.
        m, args = MLP(), (torch.randn(4, 16, generator=gen),)
        with torch.no_grad():
            m.l1.weight[3, 5] = float("nan")
        dyn = None
    elif name == "llama_gather":
        m = LlamaGather()
        args = (torch.randint(0, 8000, (1, 16), generator=gen),
                torch.randperm(16, generator=gen))
        dyn = None
    elif name == "llama_ids":
        m, args = LlamaIds(), (torch.randint(0, 8000, (1, 16), generator=gen),)
        dyn = None
    elif name == "conv_gather":
        m = ConvGather()
        args = (torch.randn(2, 3, 224, 224, generator=gen),
                torch.randperm(2 * 56 * 56, generator=gen))
        dyn = None
    elif name == "conv_channels":
        m = ConvChannels()
        args = (torch.randn(2, 3, 224, 224, generator=gen),
                torch.randperm(64, generator=gen))
        dyn = None
    elif name == "moe":
        m, args = MoE(), (torch.randn(64, 64, generator=gen),)
        dyn = None
    elif name == "moe_index_add":
        m, args = MoE(combine="index_add"), (torch.randn(64, 64, generator=gen),)
        dyn = None
    elif name in ("fail_grid", "fail_oom"):
        m = Failures(name[len("fail_"):])
        args = (torch.randn(128, 64, generator=gen),)
        dyn = {"x": {0: Dim("rows", min=2, max=1 << 20)}}
    else:
        raise SystemExit(f"unknown model {name!r}; known: {', '.join(NAMES)}")
    m = m.to(device=device)
    if dtype != torch.float32:
        m = m.to(dtype=dtype)
    args = tuple(a.to(device) if a.is_floating_point() is False else
                 a.to(device=device, dtype=dtype) for a in args)
    return m.eval(), args, dyn


NAMES = ["mlp", "mlp_bias", "nan_chain", "embed", "transformer", "gather_ima",
         "user_oob", "user_uninit", "user_oob_deep", "user_before",
         "fail_grid", "fail_oom", "nan_weight", "llama_gather", "llama_ids",
         "conv_gather", "conv_channels", "moe", "moe_index_add"]
