#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper (no fixture): runs aoti-instrument on a hostile input in a
fresh home, temporary directory and working directory, and says what it did
to the machine (test/security/sandbox.test).

    attack-run.py --scratch DIR [--output OUT] [--secret TEXT] -- TOOL ARGS...

Before the run, DIR/env/ gets:
  home/      HOME, with a .bashrc;
  tmp/       TMPDIR, empty;
  cwd/       the working directory, empty but for what a cloned model
             repository could hold: a .bashrc and executable `cc1plus`, `as`,
             `ld` and `collect2` scripts that create DIR/env/marker-cwd-<name>.
Every file under DIR (the case's scratch directory, HOME and the working
directory among them) is recorded, OUT excepted. The tool runs with a 600 s
limit. Then one line each, for FileCheck:

  exit: N                       the tool's exit status (-SIG for a signal)
  markers: none | NAME...       marker files anywhere under DIR
  bashrc: unchanged | changed   both .bashrc files
  new files: none | PATH...     files under DIR that were not there, OUT
                                and the tool's own outputs (cmd, err files
                                given with --ignore) apart
  changed files: none | PATH... files under DIR whose bytes changed
  tmp: empty | PATH...          what TMPDIR holds afterwards
  secret in output: no | yes    TEXT in OUT (its bytes, and each entry's
                                when it is a zip); "no output" without OUT
  secret in messages: no | yes  TEXT in the tool's stdout or stderr
  raw controls in messages: no | yes
then `stderr:` and the tool's stderr, `stdout:` and its stdout.
"""
import argparse
import hashlib
import os
import subprocess
import sys
import zipfile

SCRIPTS = ("cc1plus", "as", "ld", "collect2")


def snapshot(root, skip):
    """path -> sha256 of every regular file under ROOT, SKIP apart."""
    files = {}
    for base, dirs, names in os.walk(root):
        for name in names:
            path = os.path.join(base, name)
            if os.path.abspath(path) in skip or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                files[path] = hashlib.sha256(f.read()).hexdigest()
    return files


def plant(env):
    home, tmp, cwd = (os.path.join(env, d) for d in ("home", "tmp", "cwd"))
    for d in (home, tmp, cwd):
        os.makedirs(d, exist_ok=True)
    for d in (home, cwd):
        with open(os.path.join(d, ".bashrc"), "w") as f:
            f.write("# planted by attack-run.py\n")
    for name in SCRIPTS:
        path = os.path.join(cwd, name)
        with open(path, "w") as f:
            f.write(f"#!/bin/sh\ntouch {env}/marker-cwd-{name}\nexit 1\n")
        os.chmod(path, 0o755)
    return home, tmp, cwd


def contains(path, secret):
    """Whether SECRET is in the bytes of PATH, or of any entry of it."""
    with open(path, "rb") as f:
        if secret in f.read():
            return True
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if secret in z.read(info):
                    return True
    return False


def raw_controls(text):
    return any((ord(c) < 0x20 and c not in "\n\t") or ord(c) == 0x7f or
               0x80 <= ord(c) <= 0x9f for c in text)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--scratch", required=True)
    p.add_argument("--output")
    p.add_argument("--secret", default="aoti-secret-0c7f3e9b1a")
    p.add_argument("--ignore", action="append", default=[],
                   help="files the test itself writes under the scratch dir")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    scratch = os.path.abspath(a.scratch)
    env_dir = os.path.join(scratch, "env")
    home, tmp, cwd = plant(env_dir)
    output = os.path.abspath(a.output) if a.output else None
    skip = {os.path.abspath(x) for x in a.ignore} | ({output} if output else set())
    before = snapshot(scratch, skip)

    env = dict(os.environ, HOME=home, TMPDIR=tmp)
    env.pop("CXX", None)
    proc = subprocess.run(command, cwd=cwd, env=env, capture_output=True,
                          timeout=600)
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")

    after = snapshot(scratch, skip)
    markers = sorted(os.path.relpath(f, scratch) for f in after
                     if os.path.basename(f).startswith("marker-"))
    new = sorted(os.path.relpath(f, scratch) for f in after
                 if f not in before and not os.path.basename(f).startswith(
                     "marker-"))
    changed = sorted(os.path.relpath(f, scratch) for f in after
                     if f in before and before[f] != after[f])
    bashrc = all(before.get(os.path.join(d, ".bashrc")) ==
                 after.get(os.path.join(d, ".bashrc")) for d in (home, cwd))
    left = sorted(os.listdir(tmp))
    secret = a.secret.encode()
    if output and os.path.exists(output):
        in_output = "yes" if contains(output, secret) else "no"
    else:
        in_output = "no output"

    print(f"exit: {proc.returncode}")
    print("markers:", " ".join(markers) or "none")
    print("bashrc:", "unchanged" if bashrc else "changed")
    print("new files:", " ".join(new) or "none")
    print("changed files:", " ".join(changed) or "none")
    print("tmp:", " ".join(left) or "empty")
    print("secret in output:", in_output)
    print("secret in messages:", "yes" if a.secret in out + err else "no")
    print("raw controls in messages:",
          "yes" if raw_controls(out + err) else "no")
    print("stderr:")
    print(err, end="" if err.endswith("\n") or not err else "\n")
    print("stdout:")
    print(out, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
