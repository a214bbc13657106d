#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aoti_instrument.compare on the GPU machine, each model built here:

  bf16         a bf16 CUDA package of a 4-block decoder against its fp32
               module: the first launch beyond the bf16 tolerance is named,
               with its error, from inputs that matched.
  bf16-bug     the same, the fp32 reference's block 2 up projection
               perturbed, with a tolerance the user gives (--bug-tol): that
               launch is named through the bf16 rounding of the others.
  twin         a CUDA package against its CPU twin (two .pt2 of one model),
               through the command line: the launches of the two devices
               align, and no divergence is found beyond the fp32
               tolerance, or the first one is named.
  resnet       torchvision's resnet18 on CUDA against its module with
               layer3.0.conv1's weight perturbed, at a TF32 tolerance
               (1e-2): the convolution that reads it is named.

    compare_gpu.py --work DIR [--only CASE] [--bug-tol T]

Prints ok/FAIL per check and one JSON line per case (its report, runs,
seconds, reference tensors held); exit 0 when every check holds. Needs
aoti_instrument installed (scripts/e2e/device_setup.sh) and CUDA.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "bench"))
from compare_scale import Decoder  # noqa: E402
from compare_e2e import build  # noqa: E402  (AOT-compiles once per path)

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


def record(case, c, **extra):
    f = c.first
    print(json.dumps(dict(
        case=case, report=str(c), runs=c.runs, reference_runs=c.reference_runs,
        seconds=round(c.seconds, 1),
        reference_mib=round(c.peak_tensor_bytes / 2**20, 1),
        matched=sum(l.status == "matched" for l in c.launches),
        unmapped=len(c.unmapped),
        first=None if f is None else dict(
            ordinal=f.ordinal, kernel=f.kernel, source_nodes=f.source_nodes,
            max_abs=f.max_abs, max_rel=f.max_rel, mismatched=f.mismatched,
            numel=f.numel, inputs_matched=f.inputs_matched), **extra)),
        flush=True)


def decoder(layers, device, dtype):
    torch.manual_seed(0)
    return Decoder(layers).eval().to(device, dtype)


def tokens(device):
    torch.manual_seed(1)
    return (torch.randint(0, 1000, (2, 64), device=device),)


def earlier_matched(c):
    f = c.first
    earlier = [l for l in c.launches if l.ordinal < f.ordinal]
    return all(l.status in ("matched", "unmapped") for l in earlier) and \
        any(l.status == "matched" for l in earlier)


def case_bf16(work):
    import aoti_instrument

    args = tokens("cuda")
    pkg = build(decoder(4, "cuda", torch.bfloat16), args,
                os.path.join(work, "decoder4-bf16.pt2"))
    c = aoti_instrument.compare(pkg, decoder(4, "cuda", torch.float32), args,
                                work_dir=os.path.join(work, "bf16"))
    print(c)
    record("bf16", c)
    f = c.first
    check(f is not None, "bf16: a launch beyond the bf16 tolerance is named")
    if f is None:
        return
    check(f.max_abs > 0 and f.mismatched > 0 and f.numel > 0,
          f"bf16: with its error (max abs {f.max_abs:.3g}, rel "
          f"{f.max_rel:.3g}, {f.mismatched} of {f.numel})")
    check(f.inputs_matched is True, "bf16: from inputs that matched")
    check(earlier_matched(c), "bf16: every launch before it matched")


def case_bf16_bug(work, tol):
    import aoti_instrument

    args = tokens("cuda")
    pkg = build(decoder(4, "cuda", torch.bfloat16), args,
                os.path.join(work, "decoder4-bf16.pt2"))
    ref = decoder(4, "cuda", torch.float32)
    with torch.no_grad():
        w = ref.blocks[2].up.weight
        w.add_(0.05 * torch.randn_like(w))
    c = aoti_instrument.compare(pkg, ref, args, rtol=tol, atol=tol,
                                work_dir=os.path.join(work, "bf16-bug"))
    print(c)
    record("bf16-bug", c, tolerance=tol)
    f = c.first
    want = "linear_10"  # block 2's up projection (4 linears a block)
    check(f is not None and want in f.source_nodes,
          f"bf16-bug: block 2's up projection ({want}) is named at "
          f"rtol=atol={tol} ({f.source_nodes if f else None})")
    check(f is not None and f.inputs_matched is True,
          "bf16-bug: from inputs that matched")


def case_twin(work):
    args = tokens("cpu")
    gpu = build(decoder(2, "cuda", torch.float32), tokens("cuda"),
                os.path.join(work, "decoder2-cuda.pt2"))
    cpu = build(decoder(2, "cpu", torch.float32), args,
                os.path.join(work, "decoder2-cpu.pt2"))
    inputs = os.path.join(work, "tokens.pt")
    torch.save({"args": list(args), "kwargs": {}}, inputs)
    t0 = time.time()
    proc = subprocess.run(
        [sys.executable, "-m", "aoti_instrument.compare", gpu, cpu,
         "--inputs", inputs, "--json"], capture_output=True, text=True)
    sys.stderr.write(proc.stderr[-3000:])
    try:
        result = json.loads(proc.stdout)
    except ValueError:
        result = None
    check(proc.returncode in (0, 1) and result is not None,
          f"twin: the CLI ran ({proc.returncode})")
    if result is None:
        return
    matched = [l for l in result["launches"] if l["status"] == "matched"]
    first = result["first"]
    print(json.dumps(dict(case="twin", exit=proc.returncode,
                          seconds=round(time.time() - t0, 1),
                          matched=len(matched),
                          launches=len(result["launches"]),
                          report=first["report"] if first else None)))
    check(len(matched) >= 8,
          f"twin: CUDA and CPU launches aligned ({len(matched)} matched)")
    check((proc.returncode == 1) == (first is not None),
          "twin: exit 1 exactly when a divergence is found")


def conv_reading(program, parameter):
    """The graph node that reads ``parameter`` (layer3.0.conv1.weight)."""
    placeholder = next(k for k, v in program.graph_signature
                       .inputs_to_parameters.items() if v == parameter)
    node = next(n for n in program.graph.nodes if n.name == placeholder)
    return next(iter(node.users)).name


def case_resnet(work):
    import aoti_instrument
    import torchvision

    torch.manual_seed(0)
    model = torchvision.models.resnet18().eval().cuda()
    torch.manual_seed(1)
    args = (torch.randn(4, 3, 224, 224, device="cuda"),)
    pkg = build(model, args, os.path.join(work, "resnet18.pt2"))
    ref = torchvision.models.resnet18().eval().cuda()
    ref.load_state_dict(model.state_dict())
    with torch.no_grad():
        w = ref.layer3[0].conv1.weight
        w.add_(0.2 * torch.randn_like(w) * w.std())
    want = conv_reading(torch.export.export(ref, args), "layer3.0.conv1.weight")
    # cuDNN convolutions run in TF32 by default (torch.backends.cudnn.
    # allow_tf32), eagerly and in the package, with other algorithms: 1e-3
    # apart, beyond the float32 tolerance. The user's tolerance says so.
    c = aoti_instrument.compare(pkg, ref, args, rtol=1e-2, atol=1e-2,
                                work_dir=os.path.join(work, "resnet"))
    print(c)
    record("resnet", c, want=want)
    f = c.first
    check(f is not None and want in f.source_nodes,
          f"resnet: layer3.0.conv1's convolution ({want}) is named "
          f"({f.source_nodes if f else None})")
    # Its input is the in-place ReLU's (relu_) buffer, which a fused
    # batch-norm kernel writes in place: compared, or said to be unknown,
    # never "already differed".
    check(f is not None and f.inputs_matched is not False,
          f"resnet: not from inputs that already differed "
          f"({f.inputs_differ if f else None})")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--only")
    p.add_argument("--bug-tol", type=float, default=0.05)
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    cases = {"bf16": lambda: case_bf16(a.work),
             "bf16-bug": lambda: case_bf16_bug(a.work, a.bug_tol),
             "twin": lambda: case_twin(a.work),
             "resnet": lambda: case_resnet(a.work)}
    for name, run in cases.items():
        if a.only and name not in a.only.split(","):
            continue
        t0 = time.time()
        try:
            run()
        except Exception as e:  # one case's failure does not hide the others
            check(False, f"{name}: {type(e).__name__}: {str(e)[-2000:]}")
        print(f"-- {name}: {time.time() - t0:.0f} s", flush=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
