#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The watchdog end to end on the CPU, each model built here:

  loop       a package whose torch.while_loop never ends for one input (its
             step comes from the input and is 0), watched at 2 s
             (`settings: {watchdog: {after: 2s}}`): reported while it
             hangs, within the deadline and a second, naming the loop's
             subgraph and how many times it went round; the report is in
             the reports file as the calling thread's; the process goes on
             hanging (`report`) until this test kills it.
  abort      the same with AOTI_INSTRUMENT_WATCHDOG=2:abort (the variable
             overrides the rules): the report, then SIGABRT.
  finite     the same package with step 1: ten iterations, no report; with
             AOTI_INSTRUMENT_WATCHDOG=soon, a warning and no watchdog.
  unload     two watched models loaded, run and unloaded in turn in one
             process: the watchdog thread goes with its library.
  slow       a custom op that sleeps 1.2 s, three times in a row (3.6 s in
             all, never 2 s without a new launch): no report.
  stall      that op sleeping 3 s once: reported once, the run goes on and
             ends ("hang over"); in Python the call returns and
             aoti_instrument.HangWarning carries the report.

    watchdog_e2e.py --work DIR [--only CASE]

Exit 0 when every check holds. Needs aoti_instrument importable with its
tool (test/e2e/run_from_wheel.sh makes that venv).
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixture_cache  # noqa: E402

FAILURES = []
DEADLINE = 2.0
HERE = os.path.abspath(__file__)


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


class Loop(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 16)

    def forward(self, x, step):
        def cond(i, h):
            return i < 10

        def body(i, h):
            return i + step, torch.tanh(self.fc(h))

        start = torch.zeros((), dtype=torch.int64, device=x.device)
        _, h = torch._higher_order_ops.while_loop(cond, body, (start, x))
        return h * 2


@torch.library.custom_op("watchdog_e2e::nap", mutates_args=())
def nap(x: torch.Tensor, seconds: float) -> torch.Tensor:
    time.sleep(seconds)
    return x + 1


@nap.register_fake
def _(x, seconds):
    return torch.empty_like(x)


class Slow(torch.nn.Module):
    def __init__(self, naps):
        super().__init__()
        self.naps = naps
        self.fc = torch.nn.Linear(16, 16)

    def forward(self, x):
        for seconds in self.naps:
            x = torch.ops.watchdog_e2e.nap(torch.relu(self.fc(x)), seconds)
        return x


def build(model, args, path):
    """AOT-compiles ``model`` into ``path``, once per work dir and, across
    runs, once per torch and CPU (fixture_cache.py, keyed by this file and
    the package's name: each name stands for one model)."""
    def make(out):
        with torch.no_grad():
            ep = torch.export.export(model, args)
            torch._inductor.aoti_compile_and_package(ep, package_path=out)

    name = os.path.basename(path)[:-4]
    return fixture_cache.cached_file(f"watchdog-{name}", path, make, [HERE])


def rules(work, then="report"):
    path = os.path.join(work, f"watchdog-{then}.yaml")
    with open(path, "w") as f:
        f.write("version: 1\n"
                "description: \"watchdog_e2e.py: breadcrumbs, watched\"\n"
                "settings:\n"
                f"  watchdog: {{after: {DEADLINE:g}s, then: {then}}}\n"
                "rules:\n"
                "  - name: crumbs\n"
                "    breadcrumb: true\n")
    return path


# What a child process runs: loads the instrumented package and calls it.
CHILD = r"""
import sys, time, warnings, torch
sys.path.insert(0, sys.argv[1])
import watchdog_e2e, aoti_instrument
model = aoti_instrument.load_package(sys.argv[2], sys.argv[3])
case = sys.argv[4]
x = torch.randn(4, 16)
print("calling", flush=True)
t0 = time.time()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    if case == "loop":
        model(x, torch.tensor(int(sys.argv[5])))
    else:
        model(x)
hangs = [w for w in caught if issubclass(w.category, aoti_instrument.HangWarning)]
print(f"returned after {time.time() - t0:.1f} s, hang warnings: {len(hangs)}",
      flush=True)
for w in hangs:
    print("HangWarning:", w.message, flush=True)
"""


def start(work, package, rules_path, case, *extra, env=None):
    reports = os.path.join(work, f"reports-{case}-{os.getpid()}-{time.time()}.jsonl")
    e = dict(os.environ, AOTI_INSTRUMENT_REPORTS=reports, **(env or {}))
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, os.path.dirname(HERE), package,
         rules_path, case, *extra], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=e)
    return proc, reports


def wait_for(proc, needle, timeout):
    """Reads stderr until a line holds ``needle``; (line, seconds since
    the child said 'calling'), or (None, None) after ``timeout``."""
    import selectors

    sel = selectors.DefaultSelector()
    sel.register(proc.stderr, selectors.EVENT_READ)
    sel.register(proc.stdout, selectors.EVENT_READ)
    called = None
    end = time.time() + timeout
    while time.time() < end:
        for key, _ in sel.select(timeout=0.2):
            line = key.fileobj.readline()
            if not line:
                continue
            sys.stderr.write("  | " + line)
            if line.startswith("calling"):
                called = time.time()
            if needle in line:
                return line, (time.time() - called) if called else None
        if proc.poll() is not None:
            break
    return None, None


def events(path):
    """The JSON reports in ``path`` (a line still being written is left
    out)."""
    if not os.path.exists(path):
        return []
    out = []
    with open(path) as f:
        for line in f:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
    return out


def loop_package(work):
    args = (torch.randn(4, 16), torch.ones((), dtype=torch.int64))
    torch.manual_seed(0)
    return build(Loop().eval(), args, os.path.join(work, "loop.pt2"))


def case_loop(work):
    pkg = loop_package(work)
    proc, reports = start(work, pkg, rules(work), "loop", "0")
    line, after = wait_for(proc, "hang:", 120 + DEADLINE)
    alive = proc.poll() is None
    # The same report reaches the reports file right after stderr.
    for _ in range(50):
        if any(e.get("event") == "hang" for e in events(reports)):
            break
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    check(line is not None, "loop: the never-ending while_loop is reported")
    if line is None:
        return
    check(after is not None and DEADLINE <= after <= DEADLINE + 1.5,
          f"loop: within the deadline and a second ({after:.1f} s)")
    check("while_loop_" in line and "goes round a loop" in line,
          "loop: the report names the loop's subgraph and its iterations")
    check(alive, "loop: `report` leaves the process waiting")
    hangs = [e for e in events(reports) if e.get("event") == "hang"]
    check(len(hangs) == 1 and hangs[0].get("iterations", 0) > 0 and
          hangs[0].get("subgraph", "").startswith("while_loop_"),
          f"loop: one JSON report with the subgraph and the count "
          f"({[(h.get('subgraph'), h.get('iterations')) for h in hangs]})")
    # The child calls the model on its main thread, whose id is its pid.
    check(bool(hangs) and hangs[0].get("tid") == hangs[0].get("pid"),
          "loop: the report is the calling thread's, not the watchdog's")


def case_abort(work):
    pkg = loop_package(work)
    proc, _ = start(work, pkg, rules(work), "loop", "0",
                    env={"AOTI_INSTRUMENT_WATCHDOG": f"{DEADLINE:g}:abort"})
    line, _ = wait_for(proc, "hang:", 120 + DEADLINE)
    try:
        rc = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = None
    rest = proc.stderr.read()
    check(line is not None, "abort: the hang is reported first")
    check(rc == -signal.SIGABRT,
          f"abort: then the process aborts (exit {rc})")
    check("aborting the process" in rest, "abort: and says so")


def case_finite(work):
    pkg = loop_package(work)
    proc, reports = start(work, pkg, rules(work), "loop", "1")
    out, err = proc.communicate(timeout=120)
    check(proc.returncode == 0 and "hang" not in err,
          f"finite: ten iterations, no report (exit {proc.returncode})")
    proc, _ = start(work, pkg, rules(work), "loop", "1",
                    env={"AOTI_INSTRUMENT_WATCHDOG": "soon\x1b[31m"})
    out, err = proc.communicate(timeout=120)
    check(proc.returncode == 0 and "AOTI_INSTRUMENT_WATCHDOG='soon?[31m' is "
          "not a deadline" in err and "\x1b" not in err,
          "finite: a variable that is no deadline is said (escaped), and "
          "the watchdog is off")


UNLOAD = r"""
import gc, sys, time, torch
sys.path.insert(0, sys.argv[1])
import aoti_instrument
x, step = torch.randn(4, 16), torch.tensor(1)
for rules in sys.argv[3:]:
    model = aoti_instrument.load_package(sys.argv[2], rules)
    model(x, step)
    del model
    gc.collect()  # its library unloaded: its watchdog thread must be gone
    time.sleep(1.0)
print("unloaded", flush=True)
"""


def case_unload(work):
    """A watched model unloaded, then another loaded: the first one's
    watchdog thread, whose code was in its library, must not outlive it."""
    pkg = loop_package(work)
    proc = subprocess.run(
        [sys.executable, "-c", UNLOAD, os.path.dirname(HERE), pkg,
         rules(work), rules(work, "abort")], capture_output=True, text=True,
        timeout=300)
    check(proc.returncode == 0 and "unloaded" in proc.stdout,
          f"unload: two watched models loaded and unloaded in turn "
          f"(exit {proc.returncode}; {proc.stderr.strip()[-300:]})")


def slow_package(work, naps, name):
    torch.manual_seed(0)
    return build(Slow(naps).eval(), (torch.randn(4, 16),),
                 os.path.join(work, name))


def case_slow(work):
    pkg = slow_package(work, [1.2, 1.2, 1.2], "slow.pt2")
    proc, reports = start(work, pkg, rules(work), "slow")
    out, err = proc.communicate(timeout=300)
    sys.stderr.write(err[-2000:])
    check(proc.returncode == 0, f"slow: the run ends (exit {proc.returncode})")
    check("hang" not in err and not any(
        e.get("event") == "hang" for e in events(reports)),
        "slow: never 2 s without a new launch: no report")


def case_stall(work):
    pkg = slow_package(work, [3.0], "stall.pt2")
    proc, reports = start(work, pkg, rules(work), "slow")
    out, err = proc.communicate(timeout=300)
    sys.stderr.write(err[-2000:] + out[-2000:])
    check(proc.returncode == 0, f"stall: the run ends (exit {proc.returncode})")
    check(err.count("hang:") == 1 and "hang over" in err,
          "stall: reported once, then over")
    check("hang warnings: 1" in out and "HangWarning: hang: run" in out,
          "stall: Python's call gets a HangWarning with the report")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--only")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    cases = {"loop": case_loop, "abort": case_abort, "finite": case_finite,
             "unload": case_unload, "slow": case_slow, "stall": case_stall}
    for name, run in cases.items():
        if a.only and name not in a.only.split(","):
            continue
        t0 = time.time()
        run(a.work)
        print(f"-- {name}: {time.time() - t0:.0f} s", flush=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
