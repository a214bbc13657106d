#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
import subprocess
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


def tool_command():
    """The aoti-instrument to run: $AOTI_TOOL (may carry extra arguments, as
    on the GPU machine), else the repo's build."""
    if os.environ.get("AOTI_TOOL"):
        return os.environ["AOTI_TOOL"].split()
    return [os.path.join(REPO, "build", "bin", "aoti-instrument")]


def variant_dir(case_dir, variant):
    return os.path.join(case_dir, "variants", variant or "plain")


def cmd_instrument(a):
    """Instrument the wrapper here (where libclang is), for a later build
    elsewhere with `build --variant`."""
    out_dir = variant_dir(a.dir, a.variant)
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, os.path.basename(wrapper_path(a.dir)))
    cmd = tool_command() + [wrapper_path(a.dir), "-rules",
                            os.path.abspath(a.rules), "-o", out]
    run(cmd)
    with open(os.path.join(out_dir, "rules.txt"), "w") as f:
        f.write(os.path.abspath(a.rules) + "\n")
    log(f"instrumented: {out}")


def run(cmd, **kw):
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


def cmake_exe():
    """A CMake >= 3.27 (AOTI's CMakeLists.txt asks for it): the venv's."""
    venv_cmake = os.path.join(os.path.dirname(sys.executable), "cmake")
    return venv_cmake if os.path.exists(venv_cmake) else "cmake"


def torch_cmake_prefix_path():
    """torch.utils.cmake_prefix_path, found without importing torch (3-4 s
    of CPU a build here)."""
    import importlib.util
    spec = importlib.util.find_spec("torch")
    if spec is None:
        raise SystemExit("no torch for this Python: its CMake config is needed")
    return os.path.join(spec.submodule_search_locations[0], "share", "cmake")


def cmd_build(a):
    """Builds the model's .so from AOTI's own CMakeLists.txt; with --rules,
    through the CMake step cmake/AOTIInstrument.cmake; with --variant alone,
    from a wrapper instrumented earlier by `instrument`."""
    model_dir = os.path.dirname(wrapper_path(a.dir))
    out_dir = variant_dir(a.dir, a.variant)
    build_dir = os.path.join(out_dir, "build")
    cmd = [cmake_exe(), "-S", model_dir, "-B", build_dir,
           "-DCMAKE_BUILD_TYPE=Release",
           f"-DCMAKE_PREFIX_PATH={torch_cmake_prefix_path()}"]
    if shutil.which("ninja"):
        cmd += ["-G", "Ninja"]
    if shutil.which("ccache") and os.environ.get("CCACHE_DIR"):
        # scripts/env.sh's ccache: the kernels and the plain wrapper compile
        # once for every variant, each instrumented wrapper once per text.
        cmd += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
    if a.rules:
        tool = tool_command()
        cmd += [f"-DCMAKE_PROJECT_INCLUDE={REPO}/cmake/AOTIInstrument.cmake",
                f"-DAOTI_INSTRUMENT_RULES={os.path.abspath(a.rules)}",
                f"-DAOTI_INSTRUMENT_TOOL={tool[0]}"]
        if len(tool) > 1:
            cmd.append("-DAOTI_INSTRUMENT_EXTRA_ARGS=" + ";".join(tool[1:]))
    elif a.variant:
        pre = os.path.join(out_dir, os.path.basename(wrapper_path(a.dir)))
        if not os.path.exists(pre):
            raise SystemExit(f"{pre}: run `instrument --variant {a.variant}` "
                             "first, or pass --rules")
        # A copy of AOTI's model dir with the instrumented wrapper in place.
        src = os.path.join(out_dir, "src")
        shutil.rmtree(src, ignore_errors=True)
        shutil.copytree(model_dir, src)
        shutil.copy(pre, os.path.join(src, os.path.basename(pre)))
        cmd[2] = src
    t0 = time.time()
    run(cmd, stdout=subprocess.DEVNULL)
    run([cmake_exe(), "--build", build_dir], stdout=subprocess.DEVNULL)
    so = os.path.join(build_dir, "libaoti_model.so")
    log(f"built {so} in {time.time() - t0:.1f}s")


def cmd_run(a):
    import torch

    case = load_case(a.dir)
    so = os.path.join(variant_dir(a.dir, a.variant), "build", "libaoti_model.so")
    model_dir = os.path.dirname(wrapper_path(a.dir))
    if case["device"] == "cuda":
        runner = torch._C._aoti.AOTIModelContainerRunnerCuda(so, 1, "cuda",
                                                             model_dir)
    else:
        runner = torch._C._aoti.AOTIModelContainerRunnerCpu(so, 1)
    inputs = torch.load(a.inputs or os.path.join(a.dir, "inputs.pt"))
    inputs = [x.to(case["device"]) for x in inputs]
    result = {"variant": a.variant or "plain", "ok": True}
    try:
        outs = runner.run(inputs)
        if case["device"] == "cuda":
            torch.cuda.synchronize()
    except Exception as e:  # the instrumented model's own report
        result.update(ok=False, error=str(e).strip().splitlines()[0])
        print(json.dumps(result), flush=True)
        if a.expect_error:
            return
        raise SystemExit(1)
    if a.expect_error:
        raise SystemExit("expected the run to fail, but it succeeded")
    outs = [o.cpu() for o in outs]
    name = f"outputs-{a.variant or 'plain'}.pt"
    torch.save(outs, os.path.join(a.dir, name))
    plain = os.path.join(a.dir, "outputs-plain.pt")
    if a.variant and os.path.exists(plain):
        ref = torch.load(plain)
        result["bit_identical"] = all(
            r.dtype == o.dtype and r.shape == o.shape and
            torch.equal(r.view(torch.uint8) if r.is_floating_point() else r,
                        o.view(torch.uint8) if o.is_floating_point() else o)
            for r, o in zip(ref, outs))
    eager = torch.load(os.path.join(a.dir, "eager.pt"))
    result["max_abs_diff_vs_eager"] = max(
        (o.float() - e.float()).abs().max().item() for o, e in zip(outs, eager))
    if a.iters:
        sync = torch.cuda.synchronize if case["device"] == "cuda" else (lambda: None)
        for _ in range(10):
            runner.run(inputs)
        sync()
        t0 = time.perf_counter()
        for _ in range(a.iters):
            runner.run(inputs)
        sync()
        result["ms_per_forward"] = (time.perf_counter() - t0) / a.iters * 1e3
    print(json.dumps(result), flush=True)


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
    i = sub.add_parser("instrument", help="instrument the wrapper (needs the tool)")
    i.add_argument("--dir", required=True)
    i.add_argument("--rules", required=True)
    i.add_argument("--variant", required=True)
    i.set_defaults(func=cmd_instrument)
    b = sub.add_parser("build", help="build the model .so with CMake")
    b.add_argument("--dir", required=True)
    b.add_argument("--variant", help="name of the instrumented build")
    b.add_argument("--rules", help="instrument through cmake/AOTIInstrument.cmake")
    b.set_defaults(func=cmd_build)
    r = sub.add_parser("run", help="load the .so, run it, compare")
    r.add_argument("--dir", required=True)
    r.add_argument("--variant")
    r.add_argument("--inputs", help="a torch.save'd list of inputs")
    r.add_argument("--iters", type=int, default=0, help="time N forwards")
    r.add_argument("--expect-error", action="store_true",
                   help="succeed only if the run raises")
    r.set_defaults(func=cmd_run)
    a = p.parse_args(argv)
    a.func(a)


if __name__ == "__main__":
    main()
