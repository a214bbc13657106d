#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper (no fixture): stops aoti-instrument with a signal while it
rebuilds a package, and says what was left behind (test/security/
interrupt.test).

    interrupt-run.py --signal INT|TERM|HUP --tmp DIR --output OUT -- TOOL ARGS...

The tool runs with TMPDIR=DIR (empty). Once a program of the rebuild runs (a
process whose working directory is in the tool's work directory, DIR/
aoti-instrument-*), the signal goes to the tool alone, as `kill` sends it.
Then, one line each:

  started: yes | no             a program of the rebuild was seen running
  exit: -SIG                    how the tool ended (-2: SIGINT, as a shell
                                sees it 130)
  programs left: none | PID...  the rebuild's programs still running 2 s
                                after the tool ended
  tmp: empty | NAME...          what DIR holds
  output: absent | present      OUT, and anything named OUT.tmp-* beside it
"""
import argparse
import glob
import os
import signal
import subprocess
import sys
import time


def rebuild_programs(tmp):
    """PIDs of the processes working in a work directory under TMP."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{entry}/cwd")
            with open(f"/proc/{entry}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if cwd.startswith(tmp + "/aoti-instrument-") and state != "Z":
            found.append(int(entry))
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--signal", required=True, choices=["INT", "TERM", "HUP"])
    p.add_argument("--tmp", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    tmp = os.path.realpath(a.tmp)
    os.makedirs(tmp, exist_ok=True)
    env = dict(os.environ, TMPDIR=tmp)
    # As a shell starts it: lit's workers ignore SIGINT, and an ignored
    # signal stays ignored across exec (the tool keeps it so, as nohup
    # wants).
    def default_signals():
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)

    tool = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            preexec_fn=default_signals)
    started, seen = False, []
    deadline = time.time() + 300
    while time.time() < deadline and tool.poll() is None:
        seen = rebuild_programs(tmp)
        if seen:
            started = True
            break
        time.sleep(0.05)
    time.sleep(0.3)  # well into the compile
    tool.send_signal(getattr(signal, "SIG" + a.signal))
    try:
        rc = tool.wait(timeout=60)
    except subprocess.TimeoutExpired:
        tool.kill()
        rc = "timeout"
    time.sleep(2)
    left = [pid for pid in rebuild_programs(tmp)]
    print("started:", "yes" if started else "no")
    print(f"exit: {rc}")
    print("programs left:", " ".join(map(str, left)) or "none")
    print("tmp:", " ".join(sorted(os.listdir(tmp))) or "empty")
    beside = glob.glob(glob.escape(a.output) + ".tmp-*")
    print("output:", "present" if os.path.exists(a.output) or beside
          else "absent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
