#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The watchdog on the GPU machine, each model built here: a
2-block decoder with a user Triton kernel between its blocks that spins
while a flag in its input is 7 (not 0: AOTI runs user kernels while it
compiles, on zero-filled integer inputs).

  report    flag 7, the pinpoint-ima preset, AOTI_INSTRUMENT_WATCHDOG=3: the
            call returns (CUDA is asynchronous) and the host waits in a
            synchronize; the watchdog names the spinning launch as the
            first that did not complete, while it hangs.
  dump      the same with `3:dump` and the dump armed (load_package(...,
            coredump=True), which also arms the user-triggered dump): the
            report, the driver's dump, the abort; `aoti-instrument explain`
            on the dump (kept in --out for the tests made from it).
  threads   4 threads, 4 model instances, each on a stream of its own;
            one gets flag 7: only its thread is named.

    watchdog_gpu.py --work DIR --out DIR [--only CASE]

Prints ok/FAIL per check; exit 0 when every check holds. Needs
aoti_instrument installed (scripts/e2e/device_setup.sh), CUDA and Triton.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FAILURES = []
DEADLINE = 3
WORK = [""]  # the work directory, where spinner_model.py is


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


MODEL = r'''
import sys, torch, triton, triton.language as tl
sys.path.insert(0, SCRIPTS_BENCH)
from compare_scale import Block


@triton.jit
def spin_kernel(x_ptr, flag_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    f = tl.load(flag_ptr)
    while f == 7:  # LINE-SPIN: never changes for flag 7
        f = tl.load(flag_ptr, volatile=True)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * f.to(tl.float32), mask=mask)


@torch.library.triton_op("watchdog_gpu::spin", mutates_args=())
def spin(x: torch.Tensor, flag: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    torch.library.wrap_triton(spin_kernel)[(triton.cdiv(n, 1024),)](
        x, flag, out, n, BLOCK=1024)
    return out


class Spinner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(1000, 256)
        self.b0 = Block(256, 4)
        self.b1 = Block(256, 4)
        self.head = torch.nn.Linear(256, 1000, bias=False)

    def forward(self, tokens, flag):
        x = self.b0(self.embed(tokens))
        x = torch.ops.watchdog_gpu.spin(x, flag)
        return self.head(self.b1(x))
'''.replace("SCRIPTS_BENCH", repr(os.path.join(HERE, "..", "..", "scripts",
                                                "bench")))

# Triton reads a kernel's source from its file: the model is written to
# WORK/spinner_model.py, which the children import.
HEAD = "import sys\nsys.path.insert(0, sys.argv[-1])\nfrom spinner_model import *\n"

BUILD = HEAD + r'''
torch.manual_seed(0)
m = Spinner().eval().cuda()
args = (torch.randint(0, 1000, (2, 64), device="cuda"),
        torch.ones((), dtype=torch.int32, device="cuda"))
with torch.no_grad():
    ep = torch.export.export(m, args)
    torch._inductor.aoti_compile_and_package(ep, package_path=sys.argv[1])
'''

# argv: package, case ("one" or "threads"), coredump dir or "".
RUN = HEAD + r'''
import threading, aoti_instrument
pkg, case, cores = sys.argv[1], sys.argv[2], sys.argv[3]
import torch
kw = {"coredump": cores} if cores else {}
models = [aoti_instrument.load_package(pkg, "pinpoint-ima", **kw)
          for _ in range(4 if case == "threads" else 1)]
tokens = torch.randint(0, 1000, (2, 64), device="cuda")
one = torch.ones((), dtype=torch.int32, device="cuda")
stuck = torch.full((), 7, dtype=torch.int32, device="cuda")
for m in models:  # healthy first calls: loading, autotuning
    m(tokens, one)
torch.cuda.synchronize()
print("calling", flush=True)

def work(i, model, flag, rounds):
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        for _ in range(rounds):
            model(tokens, flag)
        s.synchronize()
    print(f"thread {i} (tid {threading.get_native_id()}) done", flush=True)

if case == "threads":
    ts = [threading.Thread(target=work, args=(
        i, models[i], stuck if i == 2 else one, 1 if i == 2 else 200))
        for i in range(4)]
    for t in ts:
        t.start()
    print("tids", flush=True)
    time.sleep(0.5)
    for i, t in enumerate(ts):
        print(f"thread {i} tid {t.native_id}", flush=True)
    for t in ts:
        t.join()
else:
    models[0](tokens, stuck)
    torch.cuda.synchronize()
'''.replace("import threading", "import time, threading")


def spawn(code, *args, env=None):
    return subprocess.Popen([sys.executable, "-c", code, *args, WORK[0]],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=dict(os.environ, **(env or {})))


def read_until(proc, needles, timeout):
    """Lines of ``proc`` until one holds a needle (or it ends, or the
    timeout): (all lines, the matching line, seconds after 'calling')."""
    import selectors
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    lines, called, end = [], None, time.time() + timeout
    while time.time() < end:
        if not sel.select(timeout=0.5):
            if proc.poll() is not None:
                break
            continue
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        lines.append(line)
        sys.stdout.write("  | " + line)
        if line.startswith("calling"):
            called = time.time()
        if any(n in line for n in needles):
            return lines, line, (time.time() - called) if called else None
    return lines, None, None


def case_report(pkg, work, out):
    p = spawn(RUN, pkg, "one", "",
              env={"AOTI_INSTRUMENT_WATCHDOG": str(DEADLINE)})
    lines, line, after = read_until(p, ["hang:"], 240)
    alive = p.poll() is None
    p.kill()
    p.wait()
    check(line is not None and "spin_kernel" in line,
          "report: the spinning launch is named while it hangs")
    check(after is not None and after <= DEADLINE + 2,
          f"report: within the deadline and 2 s ({after})")
    check("first launch that did not complete" in (line or ""),
          "report: as the first launch that did not complete")
    check(alive, "report: the process goes on waiting")
    with open(os.path.join(out, "watchdog-report.txt"), "w") as f:
        f.writelines(lines)


def case_dump(pkg, work, out):
    cores = os.path.join(work, "cores")
    shutil.rmtree(cores, ignore_errors=True)
    p = spawn(RUN, pkg, "one", cores,
              env={"AOTI_INSTRUMENT_WATCHDOG": f"{DEADLINE}:dump"})
    lines, line, _ = read_until(p, ["aborting the process", "SIGABRT"], 300)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = None
    lines += p.stdout.readlines()
    text = "".join(lines)
    with open(os.path.join(out, "watchdog-dump.stderr"), "w") as f:
        f.write(text)
    dumps = [d for d in glob.glob(os.path.join(cores, "cuda-core*"))
             if "corepipe" not in d]
    check("hang:" in text and "spin_kernel" in text,
          "dump: the hang is reported first")
    check(bool(dumps), f"dump: the driver wrote a dump ({dumps})")
    check(rc is not None and rc != 0, f"dump: then the process ends ({rc})")
    check("asking the CUDA driver for a core dump" in text,
          "dump: the watchdog says it asks the driver for a dump")
    check("SIGABRT before any" not in text,
          "dump: a SIGABRT says why it came")
    for d in dumps:
        shutil.copy(d, os.path.join(out, "watchdog-" + os.path.basename(d)))
    inst = glob.glob(os.path.expanduser(
        "~/.cache/aoti-instrument/packages/spinner-*.pt2"))
    if dumps and inst:
        shutil.copy(inst[0], os.path.join(out, "watchdog-spinner-instrumented.pt2"))
        e = subprocess.run(os.environ["AOTI_TOOL"].split() + [
            "explain", dumps[0], "--report",
            os.path.join(out, "watchdog-dump.stderr"), "--package", inst[0]],
            capture_output=True, text=True)
        with open(os.path.join(out, "watchdog-explain.txt"), "w") as f:
            f.write(f"exit {e.returncode}\n{e.stdout}\n{e.stderr}")
        print(e.stdout[-3000:], e.stderr[-2000:])
        check(e.returncode == 0 and "running: spin_kernel" in e.stdout,
              f"dump: explain names the spinning kernel ({e.returncode})")
        check("launch: #" in e.stdout and "spin_kernel_0" in e.stdout,
              "dump: explain names the launch the watchdog named")


def case_threads(pkg, work, out):
    p = spawn(RUN, pkg, "threads", "",
              env={"AOTI_INSTRUMENT_WATCHDOG": str(DEADLINE)})
    lines, line, _ = read_until(p, ["hang:"], 240)
    more, _, _ = read_until(p, ["never"], 4)  # the others finish meanwhile
    p.kill()
    p.wait()
    lines += more
    with open(os.path.join(out, "watchdog-threads.txt"), "w") as f:
        f.writelines(lines)
    tids = {}
    for l in lines:
        if l.startswith("thread ") and " tid " in l:
            i, tid = l.split()[1], l.split()[-1]
            tids[int(i)] = tid
    hangs = [l for l in lines if "hang:" in l]
    check(len(hangs) == 1, f"threads: one hang reported ({len(hangs)})")
    stuck = tids.get(2)
    check(bool(hangs) and stuck is not None and f"thread {stuck}" in hangs[0]
          and not any(f"thread {tids[i]}" in hangs[0]
                      for i in tids if i != 2),
          f"threads: only the stuck thread ({stuck}) is named")
    done = [l for l in lines if l.endswith("done\n")]
    check(len(done) == 3, f"threads: the 3 others finished ({len(done)})")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--only")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    os.makedirs(a.out, exist_ok=True)
    pkg = os.path.join(a.work, "spinner.pt2")
    WORK[0] = a.work
    with open(os.path.join(a.work, "spinner_model.py"), "w") as f:
        f.write(MODEL)
    if not os.path.exists(pkg):
        t0 = time.time()
        subprocess.run([sys.executable, "-c", BUILD, pkg, a.work], check=True)
        print(f"built {pkg} in {time.time() - t0:.0f} s", flush=True)
    cases = {"report": case_report, "threads": case_threads,
             "dump": case_dump}
    for name, run in cases.items():
        if a.only and name not in a.only.split(","):
            continue
        t0 = time.time()
        try:
            run(pkg, a.work, a.out)
        except Exception as e:
            check(False, f"{name}: {type(e).__name__}: {e}")
        print(f"-- {name}: {time.time() - t0:.0f} s", flush=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
