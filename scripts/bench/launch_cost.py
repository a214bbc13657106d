#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Host time per launch that each runtime action adds (docs/benchmarks.md).

    python3 scripts/bench/launch_cost.py --out $OUT/launch_cost.jsonl
        [--launches 141] [--rounds 25] [--forwards 20] [--warmup 3]
        [--numel 4096] [--tensors 4] [--variants bare,breadcrumb,...]
        [--spin-us 0]
        [--arch sm_90] [--build-dir DIR] [--dry-run] [--compile-only]

Builds scripts/bench/launch_cost.cu against the runtime (lib/Runtime) and
the torch of this Python (its headers, libtorch*, its libcudart), with the runtime's
kernels as the tool embeds them (--stats-ptx: the build's
lib/stats_kernel.ptx, which clang makes; on the GPU machine
.device/stats_kernel.ptx, carried by scripts/e2e/make_device_bundle.sh),
runs the benchmark, prints a Markdown table and writes its JSON lines (one
per variant) to --out.

Needs a CUDA GPU, nvcc ($CUDA_HOME/bin, /usr/local/cuda/bin or PATH) and g++.
--dry-run prints the commands only; --compile-only stops after `nvcc -c`
(both work without a GPU and without libtorch_cuda).
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SRC = os.path.join(HERE, "launch_cost.cu")
RUNTIME = os.path.join(REPO, "lib", "Runtime")
SYSTEM_LIBSTDCXX = "/usr/lib/x86_64-linux-gnu/libstdc++.so.6"


def find_nvcc(explicit):
    if explicit:
        return explicit
    cands = []
    if os.environ.get("CUDA_HOME"):
        cands.append(os.path.join(os.environ["CUDA_HOME"], "bin", "nvcc"))
    cands.append("/usr/local/cuda/bin/nvcc")
    for c in cands:
        if os.access(c, os.X_OK):
            return c
    w = shutil.which("nvcc")
    if w:
        return w
    sys.exit("launch_cost.py: nvcc not found (set CUDA_HOME or --nvcc)")


def torch_dir(python):
    out = subprocess.run(
        [python, "-c", "import torch, os; print(os.path.dirname(torch.__file__)); print(torch.__version__)"],
        check=True, capture_output=True, text=True).stdout.split("\n")
    return out[0].strip(), out[1].strip()


def torch_cudart_dir(tdir):
    """The directory of the libcudart torch loads (pip wheels ship their own)."""
    for sub in ("nvidia/cu13/lib", "nvidia/cuda_runtime/lib"):
        d = os.path.normpath(os.path.join(tdir, "..", sub))
        if os.path.isdir(d) and any(f.startswith("libcudart.so") for f in os.listdir(d)):
            return d
    return None


def commands(args, tdir, nvcc, build):
    cuda_home = os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    ptx = os.path.abspath(args.stats_ptx)
    obj = os.path.join(build, "launch_cost.o")
    exe = os.path.join(build, "launch_cost")
    # As an AOTI wrapper is compiled (the defines of its compile command),
    # but by nvcc, for the <<<>>> launches of the tiny kernel.
    cc_cmd = [nvcc, "-c", "-std=c++17", "-O2", "-arch=" + args.arch,
              "-ccbin", args.cxx, "-Xcompiler", "-Wall",
              "-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
              "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DUSE_CUDA",
              "-isystem", os.path.join(tdir, "include"),
              "-I", RUNTIME, SRC, "-o", obj]
    # Linked by g++ itself, so --no-as-needed surely precedes the torch
    # libraries (Ubuntu's g++ links --as-needed: libtorch_cuda, which
    # registers the CUDA allocator, would be dropped) and the shared cudart
    # is the one torch loads (rpath to it first), not a second, static copy.
    tlib = os.path.join(tdir, "lib")
    cudart_dir = torch_cudart_dir(tdir)
    rpaths = ([cudart_dir] if cudart_dir else []) + [tlib]
    link_cmd = [args.cxx, obj, "-o", exe, "-L" + tlib,
                "-Wl,--no-as-needed", "-ltorch", "-ltorch_cuda", "-lc10",
                "-lc10_cuda", "-ltorch_cpu", "-Wl,--as-needed"]
    if cudart_dir:
        link_cmd += ["-L" + cudart_dir]
    link_cmd += ["-L" + os.path.join(cuda_home, "lib64"), "-lcudart",
                 "-L" + os.path.join(cuda_home, "lib64", "stubs"), "-lcuda",
                 "-lpthread", "-ldl", "-lrt"]
    for r in rpaths:
        link_cmd.append("-Wl,-rpath," + r)
    run_cmd = [exe, "--stats-ptx", ptx, "--launches", str(args.launches),
               "--rounds", str(args.rounds), "--forwards", str(args.forwards),
               "--warmup", str(args.warmup), "--numel", str(args.numel),
               "--tensors", str(args.tensors), "--seed", str(args.seed),
               "--log", args.log]
    if args.variants:
        run_cmd += ["--variants", args.variants]
    if args.stats_host:
        run_cmd.append("--stats-host")
    if args.spin_us:
        run_cmd += ["--spin-us", str(args.spin_us)]
    return cc_cmd, link_cmd, run_cmd


def run_env(args):
    env = dict(os.environ)
    # docs/gpu-machine notes: AOTI .so loads crashed in std::regex unless the
    # system libstdc++ came first. This binary links that libstdc++ itself;
    # preloading it too is harmless and rules the pitfall out.
    if not args.no_preload and os.path.exists(SYSTEM_LIBSTDCXX):
        pre = env.get("LD_PRELOAD", "")
        env["LD_PRELOAD"] = SYSTEM_LIBSTDCXX + (":" + pre if pre else "")
    return env


def table(rows):
    out = ["| variant | µs / launch (wall, median) | p10-p90 | + vs bare (paired median) "
           "| µs / launch (enqueue, median) | p10-p90 | + vs bare (paired median) | ms / forward |",
           "| --- | --- | --- | --- | --- | --- | --- | --- |"]

    def f(x, d=2):
        return "-" if x is None else f"{x:.{d}f}"

    for r in rows:
        w, e = r["wall_us_per_launch"], r["enqueue_us_per_launch"]
        pw, pe = r["wall_minus_bare_paired_us"], r["enqueue_minus_bare_paired_us"]
        out.append(f"| {r['variant']} | {f(w['median'])} | {f(w['p10'])}-{f(w['p90'])} "
                   f"| {f(pw['median'])} | {f(e['median'])} | {f(e['p10'])}-{f(e['p90'])} "
                   f"| {f(pe['median'])} | {f(r['wall_ms_per_forward'], 3)} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="write the JSON lines here")
    ap.add_argument("--launches", type=int, default=141, help="launches per forward")
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--forwards", type=int, default=20, help="forwards per variant per round")
    ap.add_argument("--warmup", type=int, default=3, help="untimed forwards per variant")
    ap.add_argument("--numel", type=int, default=4096, help="floats per tensor")
    ap.add_argument("--tensors", type=int, default=4, help="tensors the launches cycle over")
    ap.add_argument("--variants", default="", help="comma-separated subset (bare is always timed)")
    ap.add_argument("--seed", type=int, default=1, help="of the round order shuffle")
    ap.add_argument("--log", default="/dev/null", help="AOTI_INSTRUMENT_LOG for the run")
    ap.add_argument("--stats-host", action="store_true",
                    help="statistics from host copies (AOTI_INSTRUMENT_STATS_HOST=1)")
    ap.add_argument("--spin-us", type=int, default=0,
                    help="each tiny kernel busy-waits this long on the GPU (GPU-bound loop)")
    ap.add_argument("--arch", default="sm_90", help="nvcc -arch for the tiny kernel (H100/H200: sm_90)")
    ap.add_argument("--cxx", default="g++", help="host compiler (nvcc -ccbin, and the link)")
    ap.add_argument("--nvcc")
    ap.add_argument("--stats-ptx", default=next(
        (p for p in (os.path.join(REPO, ".device", "stats_kernel.ptx"),
                     os.path.join(REPO, "build", "lib", "stats_kernel.ptx"))
         if os.path.exists(p)), os.path.join(REPO, "build", "lib", "stats_kernel.ptx")),
        help="the runtime kernels' PTX (default: .device/ or the build's)")
    ap.add_argument("--python", default=sys.executable, help="a Python with torch")
    ap.add_argument("--build-dir", help="default: a new temporary directory")
    ap.add_argument("--no-preload", action="store_true",
                    help=f"do not LD_PRELOAD {SYSTEM_LIBSTDCXX}")
    ap.add_argument("--dry-run", action="store_true", help="print the commands only")
    ap.add_argument("--compile-only", action="store_true", help="stop after nvcc -c")
    args = ap.parse_args()

    nvcc = find_nvcc(args.nvcc)
    tdir, tver = torch_dir(args.python)
    build = args.build_dir or tempfile.mkdtemp(prefix="launch_cost-")
    os.makedirs(build, exist_ok=True)
    cc_cmd, link_cmd, run_cmd = commands(args, tdir, nvcc, build)

    if args.dry_run:
        for c in (cc_cmd, link_cmd, run_cmd):
            print(shlex.join(c))
        return 0

    steps = [("compile", cc_cmd)]
    if not args.compile_only:
        steps.append(("link", link_cmd))
    for name, c in steps:
        print(f"[{name}] {shlex.join(c)}", file=sys.stderr, flush=True)
        r = subprocess.run(c, capture_output=True, text=True)
        if r.stdout or r.stderr:
            sys.stderr.write(r.stdout + r.stderr)
        if r.returncode != 0:
            sys.exit(f"launch_cost.py: {name} step failed (exit {r.returncode})")
    if args.compile_only:
        print(f"compiled: {os.path.join(build, 'launch_cost.o')}", file=sys.stderr)
        return 0

    print(f"[run] {shlex.join(run_cmd)}", file=sys.stderr, flush=True)
    r = subprocess.run(run_cmd, stdout=subprocess.PIPE, text=True, env=run_env(args))
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    rows = []
    for ln in lines:
        try:
            rows.append(json.loads(ln))
        except json.JSONDecodeError:
            print(f"launch_cost.py: not JSON: {ln}", file=sys.stderr)
    for ln in r.stdout.splitlines():
        if not ln.startswith("{"):
            print(ln, file=sys.stderr)
    if r.returncode != 0:
        sys.exit(f"launch_cost.py: the benchmark failed (exit {r.returncode})")
    for row in rows:
        row["torch"] = tver
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
    dev = rows[0]["device"] if rows else "?"
    print(f"{dev}, torch {tver}: {args.launches} launches per forward, "
          f"{args.rounds} rounds x {args.forwards} forwards per variant, interleaved"
          f"{f', kernels spin {args.spin_us} us' if args.spin_us else ''}\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
