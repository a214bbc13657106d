# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the GPU machine's scripts share (gpu_scenarios.py, side_by_side.py,
zoo.py): the parsed arguments `A`, log/record/sh, the tool and the presets,
AOT-compiling a models.py model into a .pt2 package and instrumenting it,
the start of every script that loads a package (SKIP_ISA_PROBE), and the
host-time sampler (scripts/bench/hostprof.cpp) run on one package.

Each script sets `gpu_common.A` to its parsed arguments: `record` appends
to A.out/results.jsonl, `compiled` and `instrument` work in A.work.
"""
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEST_E2E = os.path.join(REPO, "test", "e2e")  # models.py, harness.py
for _p in (TEST_E2E, HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)

A = None  # the parsed arguments of the script that runs


def log(*a):
    print("[gpu]", *a, file=sys.stderr, flush=True)


def record(**kv):
    """One JSON line on stdout and in A.out/results.jsonl."""
    kv["t"] = time.strftime("%H:%M:%S")
    line = json.dumps(kv)
    print(line, flush=True)
    with open(os.path.join(A.out, "results.jsonl"), "a") as f:
        f.write(line + "\n")


def sh(cmd, env=None, timeout=600, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    if check and p.returncode:
        sys.stderr.write(p.stdout[-3000:] + p.stderr[-3000:])
        raise RuntimeError(f"failed ({p.returncode}): {' '.join(cmd)}")
    return p


def tool():
    """The aoti-instrument command (device_setup.sh sets AOTI_TOOL)."""
    return os.environ["AOTI_TOOL"].split()


def preset(name):
    return os.path.join(REPO, "yaml-rules", name + ".yaml")


# Put before every script here that loads a package. aoti_load_package
# compares this machine with the package's (for a warning), and on the GPU
# machine's CPU that takes 45 s per process: cpu_vec_isa.py checks
# AVX512-VNNI and AMX by starting a Python that imports torch, each time,
# whatever TORCHINDUCTOR_VEC_ISA_OK says (torch 2.11; the faulthandler
# stacks of scripts/e2e/load_stacks.py, docs/benchmarks.md, "Side by side").
SKIP_ISA_PROBE = r"""
import torch._inductor.codecache
torch._inductor.codecache.get_device_information = lambda device_type: {}
"""


# --------------------------------------------------------- .pt2 packages


def compiled(name, model, dtype="fp32", dynamic=False, configs=None, **opts):
    """AOT-compiles a models.py model into WORK/name/model.pt2 with torch's
    default settings (or inductor `configs`); saves inputs and eager
    outputs."""
    import torch
    import models
    d = os.path.join(A.work, name)
    pt2 = os.path.join(d, "model.pt2")
    if os.path.exists(pt2):
        return pt2
    os.makedirs(d, exist_ok=True)
    dt = {"fp32": torch.float32, "bf16": torch.bfloat16}[dtype]
    m, args, dyn = models.build(model, device="cuda", dtype=dt,
                                dynamic=dynamic, **opts)
    with torch.no_grad():
        eager = m(*args)
    ep = torch.export.export(m, args, dynamic_shapes=dyn)
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(d, "compiling.pt2"),
        inductor_configs=configs)
    record(event="compiled", case=name, seconds=round(time.time() - t0, 1))
    torch.save([a.cpu() for a in args], os.path.join(d, "inputs.pt"))
    torch.save([eager.cpu()], os.path.join(d, "eager.pt"))
    os.replace(os.path.join(d, "compiling.pt2"), pt2)
    return pt2


def instrument(pt2, rules, variant):
    """`aoti-instrument model.pt2 -rules R -o VARIANT.pt2` beside pt2."""
    out = os.path.join(os.path.dirname(pt2), variant + ".pt2")
    if not os.path.exists(out):
        t0 = time.time()
        p = sh(tool() + [pt2, "-rules", rules, "-o", out])
        record(event="instrumented", case=os.path.basename(os.path.dirname(pt2)),
               variant=variant, seconds=round(time.time() - t0, 1),
               summary=p.stderr.strip().splitlines()[-2:])
    return out


# ------------------------------------------- host time (hostprof.cpp)


HOSTPROF_LOOP = SKIP_ISA_PROBE + r"""
import sys, time, torch
pt2, inputs, forwards, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
m = torch._inductor.aoti_load_package(pt2)
args = [a.cuda() for a in torch.load(inputs)]
for _ in range(20):
    m(*args)
torch.cuda.synchronize()
open(start, "w").close()  # hostprof.cpp samples from here
t0 = time.perf_counter()
for i in range(forwards):
    m(*args)
    if i % 20 == 19:
        torch.cuda.synchronize()
torch.cuda.synchronize()
wall = (time.perf_counter() - t0) / forwards * 1e6
import ctypes
ctypes.CDLL(None).hostprof_write()  # while the package's .so is on disk
# The GPU side: kernels per forward, by name (10 forwards, torch.profiler).
import collections, json
from torch.profiler import profile, ProfilerActivity
from torch.autograd import DeviceType
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for _ in range(10):
        m(*args)
    torch.cuda.synchronize()
ev = [e for e in prof.events() if e.device_type == DeviceType.CUDA]
names = collections.Counter(e.name[:60] for e in ev)
print(json.dumps({"kernels_per_forward": len(ev) / 10,
                  "top": [[n, c / 10] for n, c in names.most_common(8)]}))
print(wall)
"""


def hostprof_variant(path, inputs, so, work, txt, forwards):
    """One package alone in a process, `forwards` forwards sampled by the
    hostprof.cpp library `so` (every 200 us): the samples read against the
    package's own .so (torch deletes the extracted one) into `txt` (and
    `txt` as .json); returns (wall us per forward, the GPU side: kernels per
    forward and the most frequent)."""
    name = os.path.basename(txt)[:-4]
    raw = os.path.join(work, name + ".raw")
    start = raw + ".start"
    if os.path.exists(start):
        os.remove(start)
    env = {"HOSTPROF_OUT": raw, "HOSTPROF_START_FILE": start,
           "HOSTPROF_US": "200",
           "LD_PRELOAD": os.environ.get("LD_PRELOAD", "") + " " + so}
    p = sh([sys.executable, "-c", HOSTPROF_LOOP, path, inputs, str(forwards),
            start], env=env, timeout=600)
    wall = float(p.stdout.strip().splitlines()[-1])
    gpu = json.loads(p.stdout.strip().splitlines()[-2])
    import zipfile
    mods = []
    with zipfile.ZipFile(path) as z:
        for e in z.namelist():
            if e.endswith(".so"):
                copy = os.path.join(work, name + "-" + os.path.basename(e))
                with open(copy, "wb") as f:
                    f.write(z.read(e))
                mods += ["--module", os.path.basename(e) + "=" + copy]
    q = sh([sys.executable, os.path.join(REPO, "scripts", "bench",
                                         "hostprof.py"), raw, "--per",
            str(forwards), "--us-per-sample", "200", "--top", "60",
            "--json", txt[:-4] + ".json", "--callees", "aoti_rt::"] + mods)
    with open(txt, "w") as f:
        f.write(f"wall {wall:.1f} us per forward\n" + q.stdout)
    # The samples beside the text, for another reading later (hostprof.py
    # needs the modules too: they are in the package).
    sh(["xz", "-k", "-f", "-T2", raw])
    shutil.copy(raw + ".xz", os.path.join(os.path.dirname(txt),
                                          os.path.basename(raw) + ".xz"))
    return wall, gpu, q.stdout.splitlines()[0]


def build_hostprof(work):
    """scripts/bench/hostprof.cpp built into WORK; its path."""
    so = os.path.join(work, "hostprof.so")
    sh(["g++", "-O2", "-shared", "-fPIC",
        os.path.join(REPO, "scripts", "bench", "hostprof.cpp"), "-o", so])
    return so
