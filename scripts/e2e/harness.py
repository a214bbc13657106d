#!/usr/bin/env python3
"""End-to-end harness: export and AOTI-compile a model, instrument its wrapper,
build it, run it, compare with the uninstrumented build.

Stages can run separately (the tool needs libclang; the GPU machine may lack
it, and CI has no GPU):

  harness.py compile --model transformer --device cuda --dynamic --out DIR
  harness.py instrument --dir DIR --rules yaml-rules/nan-hunt.yaml --variant nan
  harness.py build --dir DIR [--variant nan]
  harness.py run --dir DIR [--variant nan] [--inputs bad.pt] [--iters 50]

A case directory holds case.json (what was compiled), pkg/ (AOTI's
package_cpp_only output: wrapper.cpp, CMakeLists.txt, kernels, weights),
inputs.pt (example inputs) and eager.pt (eager-mode outputs).
"""
import argparse
import ast
import glob
import json
import os
import shutil
import sys
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

DTYPES = {"fp32": "float32", "bf16": "bfloat16", "fp16": "float16"}


def log(*args):
    print("[harness]", *args, file=sys.stderr, flush=True)


def load_case(case_dir):
    with open(os.path.join(case_dir, "case.json")) as f:
        return json.load(f)


def wrapper_path(case_dir):
    found = glob.glob(os.path.join(case_dir, "pkg", "**", "*.wrapper.cpp"),
                      recursive=True)
    found = [p for p in found if "/variants/" not in p]
    if len(found) != 1:
        raise SystemExit(f"{case_dir}: expected one *.wrapper.cpp, found {found}")
    return found[0]


def cmd_compile(a):
    import torch
    import models

    dtype = getattr(torch, DTYPES[a.dtype])
    m, args, dyn = models.build(a.model, device=a.device, dtype=dtype,
                                dynamic=a.dynamic, layers=a.layers, d=a.d,
                                heads=a.heads, batch=a.batch, seq=a.seq)
    os.makedirs(a.out, exist_ok=True)
    with torch.no_grad():
        eager = m(*args)
    ep = torch.export.export(m, args, dynamic_shapes=dyn)
    configs = {"aot_inductor.package_cpp_only": True}
    for kv in a.config or []:
        k, v = kv.split("=", 1)
        try:
            configs[k] = ast.literal_eval(v)   # True, 2, "x"
        except (ValueError, SyntaxError):
            configs[k] = v
    pt2 = os.path.join(a.out, "model.pt2")
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(ep, package_path=pt2,
                                             inductor_configs=configs)
    compile_s = time.time() - t0
    pkg = os.path.join(a.out, "pkg")
    shutil.rmtree(pkg, ignore_errors=True)
    with zipfile.ZipFile(pt2) as z:
        z.extractall(pkg)
    torch.save([x.cpu() for x in args], os.path.join(a.out, "inputs.pt"))
    torch.save([eager.cpu()] if isinstance(eager, torch.Tensor)
               else [e.cpu() for e in eager], os.path.join(a.out, "eager.pt"))
    case = {"model": a.model, "device": a.device, "dtype": a.dtype,
            "dynamic": a.dynamic, "layers": a.layers, "d": a.d,
            "heads": a.heads, "batch": a.batch, "seq": a.seq,
            "configs": configs, "torch": torch.__version__,
            "aoti_compile_s": round(compile_s, 1)}
    with open(os.path.join(a.out, "case.json"), "w") as f:
        json.dump(case, f, indent=1)
    w = wrapper_path(a.out)
    log(f"compiled {a.model} ({a.device}, {a.dtype}, dynamic={a.dynamic}) in "
        f"{compile_s:.1f}s: {os.path.relpath(w, a.out)} "
        f"({sum(1 for _ in open(w))} lines)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="stage", required=True)
    c = sub.add_parser("compile", help="export + AOTI-compile a model")
    c.add_argument("--model", required=True)
    c.add_argument("--device", default="cpu")
    c.add_argument("--dtype", default="fp32", choices=sorted(DTYPES))
    c.add_argument("--dynamic", action="store_true")
    c.add_argument("--layers", type=int, default=12)
    c.add_argument("--d", type=int, default=256)
    c.add_argument("--heads", type=int, default=8)
    c.add_argument("--batch", type=int, default=8)
    c.add_argument("--seq", type=int, default=256)
    c.add_argument("--config", action="append", metavar="KEY=VALUE",
                   help="extra inductor config (e.g. nan_asserts=True)")
    c.add_argument("--out", required=True)
    c.set_defaults(func=cmd_compile)
    a = p.parse_args(argv)
    a.func(a)


if __name__ == "__main__":
    main()
