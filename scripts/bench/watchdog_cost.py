#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the watchdog costs a healthy run: each model's package instrumented
twice with breadcrumbs after every launch (the pinpoint-ima preset's rule),
once without and once with `settings: {watchdog: {after: 30s}}`, both
loaded in this one process and called in interleaved rounds (separate
processes differ by more than what is measured here).

    python3 scripts/bench/watchdog_cost.py --work DIR [--device cpu|cuda]
        [--rounds 30] [--calls 20] [--models mlp,decoder4,convnet,while_loop]

Prints, per model, the median per-call time of each variant over the
rounds and their ratio (with the watchdog / without), as JSON lines.
Models: an MLP, a 4-block decoder (scripts/bench/compare_scale.py's), a
small convolutional network, and test/e2e/watchdog_e2e.py's while_loop
(10 iterations). Needs aoti_instrument installed (the wheel) and torch.
"""
import argparse
import json
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "e2e"))

RULES = """version: 1
description: "watchdog_cost.py: breadcrumbs{what}"
{settings}rules:
  - name: breadcrumbs
    breadcrumb: true
"""


class Mlp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.Sequential(*[
            m for _ in range(6) for m in (torch.nn.Linear(256, 256),
                                          torch.nn.GELU())])

    def forward(self, x):
        return self.layers(x)


class ConvNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16),
            torch.nn.ReLU(), torch.nn.Conv2d(16, 32, 3, stride=2, padding=1),
            torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
            torch.nn.Linear(32, 10))

    def forward(self, x):
        return self.body(x)


def models(device):
    from compare_scale import Decoder
    from watchdog_e2e import Loop

    torch.manual_seed(0)
    yield "mlp", Mlp(), (torch.randn(32, 256),)
    yield "decoder4", Decoder(4), (torch.randint(0, 1000, (2, 64)),)
    yield "convnet", ConvNet(), (torch.randn(8, 3, 32, 32),)
    yield "while_loop", Loop(), (torch.randn(4, 16),
                                 torch.ones((), dtype=torch.int64))


def build(model, args, path):
    if not os.path.exists(path):
        with torch.no_grad():
            ep = torch.export.export(model, args)
            torch._inductor.aoti_compile_and_package(ep, package_path=path)
    return path


def rules(work, watched):
    path = os.path.join(work, f"crumbs{'-watched' if watched else ''}.yaml")
    with open(path, "w") as f:
        f.write(RULES.format(
            what=", watched" if watched else "",
            settings="settings: {watchdog: {after: 30s}}\n" if watched else ""))
    return path


def per_call(model, args, calls, device):
    t0 = time.perf_counter()
    for _ in range(calls):
        model(*args)
    if device == "cuda":
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) / calls


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--work", required=True)
    p.add_argument("--device", default="cpu")
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--calls", type=int, default=20)
    p.add_argument("--models", help="only these, comma-separated")
    a = p.parse_args()
    import aoti_instrument

    os.makedirs(a.work, exist_ok=True)
    plain, watched = rules(a.work, False), rules(a.work, True)
    for name, model, args in models(a.device):
        if a.models and name not in a.models.split(","):
            continue
        model = model.eval().to(a.device)
        args = tuple(t.to(a.device) for t in args)
        pkg = build(model, args, os.path.join(a.work, f"{name}-{a.device}.pt2"))
        variants = {"crumbs": aoti_instrument.load_package(pkg, plain),
                    "crumbs+watchdog": aoti_instrument.load_package(pkg, watched)}
        times = {k: [] for k in variants}
        with torch.no_grad():
            for m in variants.values():
                per_call(m, args, 3, a.device)  # warm-up
            for r in range(a.rounds):
                order = list(variants) if r % 2 == 0 else list(variants)[::-1]
                for k in order:
                    times[k].append(per_call(variants[k], args, a.calls,
                                             a.device))
        med = {k: statistics.median(v) for k, v in times.items()}
        print(json.dumps({
            "model": name, "device": a.device, "rounds": a.rounds,
            "calls": a.calls,
            "ms": {k: round(v * 1e3, 4) for k, v in med.items()},
            "ratio": round(med["crumbs+watchdog"] / med["crumbs"], 4)}),
            flush=True)


if __name__ == "__main__":
    sys.exit(main())
