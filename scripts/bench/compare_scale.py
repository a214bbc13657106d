#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What aoti_instrument.compare costs on a larger model: a decoder of
--layers transformer blocks (attention, MLP, RMS norms; ~330 launches at
12 layers on the CPU), AOT-compiled once into --work, compared with its own
module in which one weight of layer --layer is perturbed.

    python3 scripts/bench/compare_scale.py --work DIR [--layers 12]
        [--layer 7] [--device cpu|cuda] [--dtype float32|bfloat16]
        [--rtol R --atol A]

(a bf16 package against its bf16 module differs by rounding everywhere:
give a tolerance above it, e.g. --rtol 0.05 --atol 0.05.)

Prints the report, the launch it names (it must be the perturbed layer's
first launch: exit 1 otherwise), the package runs the search took, its wall
time, the reference tensors held at once, and the peak resident memory of
this process (the reference side) and of the package's runs.
Needs aoti_instrument installed (the wheel) and torch.
"""
import argparse
import os
import resource
import sys
import time

import torch


class Block(torch.nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.RMSNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim, bias=False)
        self.proj = torch.nn.Linear(dim, dim, bias=False)
        self.norm2 = torch.nn.RMSNorm(dim)
        self.up = torch.nn.Linear(dim, 4 * dim, bias=False)
        self.down = torch.nn.Linear(4 * dim, dim, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, t, 3, self.heads,
                                               d // self.heads).unbind(2)
        a = torch.nn.functional.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
            is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm2(x))))


class Decoder(torch.nn.Module):
    def __init__(self, layers, dim=256, heads=4, vocab=1000):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.blocks = torch.nn.ModuleList(Block(dim, heads)
                                          for _ in range(layers))
        self.norm = torch.nn.RMSNorm(dim)
        self.head = torch.nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


def model(a):
    torch.manual_seed(0)
    m = Decoder(a.layers).eval().to(a.device, getattr(torch, a.dtype))
    return m


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--work", required=True)
    p.add_argument("--layers", type=int, default=12)
    p.add_argument("--layer", type=int, default=7)
    p.add_argument("--device", default="cpu")
    p.add_argument("--dtype", default="float32")
    p.add_argument("--rtol", type=float)
    p.add_argument("--atol", type=float)
    a = p.parse_args()
    import aoti_instrument

    os.makedirs(a.work, exist_ok=True)
    torch.manual_seed(1)
    args = (torch.randint(0, 1000, (2, 64), device=a.device),)
    pkg = os.path.join(a.work, f"decoder{a.layers}-{a.device}-{a.dtype}.pt2")
    if not os.path.exists(pkg):
        t0 = time.time()
        with torch.no_grad():
            ep = torch.export.export(model(a), args)
            torch._inductor.aoti_compile_and_package(ep, package_path=pkg)
        print(f"compiled {pkg} in {time.time() - t0:.0f} s")
    ref = model(a)
    with torch.no_grad():
        w = ref.blocks[a.layer].up.weight
        w.add_(0.05 * torch.randn_like(w))
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.time()
    c = aoti_instrument.compare(pkg, ref, args, rtol=a.rtol, atol=a.atol,
                                work_dir=os.path.join(a.work, "compare"))
    wall = time.time() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(c)
    sites = len({l.ordinal for l in c.launches})
    print(f"launches: {sites}, outputs compared: "
          f"{sum(l.status != 'unmapped' for l in c.launches)}, "
          f"not mapped: {len(c.unmapped)}")
    print(f"package runs: {c.runs}, reference runs: {c.reference_runs}, "
          f"wall: {wall:.0f} s, reference tensors held at once: "
          f"{c.peak_tensor_bytes / 2**20:.1f} MiB, peak RSS: this process "
          f"{rss / 1024:.0f} MiB (before compare {rss0 / 1024:.0f} MiB), "
          f"the package's runs and rebuilds {children / 1024:.0f} MiB")
    # Each block's linears in order: qkv, proj, up, down (linear, linear_1,
    # ... in the exported graph).
    want = f"linear_{a.layer * 4 + 2}"
    ok = c.first is not None and want in c.first.source_nodes
    print(("ok: " if ok else "FAIL: expected ") + f"the launch of {want} "
          f"(layer {a.layer}'s up projection)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
