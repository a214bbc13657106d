#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command and succeeds only if it exits with the given code.

    %python %inputs/expect-exit.py CODE -- COMMAND [ARGS...]

lit's internal shell has `not` (any non-zero code) but no portable way to
check one exact code; aoti-instrument documents one code per kind of failure.
COMMAND shares this script's stdin, stdout and stderr, so its messages can
still be piped into FileCheck. On a mismatch this script says what happened
on stderr and exits 1.
"""

import subprocess
import sys


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write("usage: expect-exit.py CODE -- COMMAND [ARGS...]\n")
        return 2
    try:
        want = int(argv[1])
    except ValueError:
        sys.stderr.write(f"expect-exit.py: bad exit code '{argv[1]}'\n")
        return 2
    command = argv[3:]
    sys.stdout.flush()
    try:
        got = subprocess.run(command).returncode
    except OSError as e:
        sys.stderr.write(f"expect-exit.py: cannot run '{command[0]}': {e}\n")
        return 1
    if got != want:
        how = f"was killed by signal {-got}" if got < 0 else f"exited with {got}"
        sys.stderr.write(
            f"expect-exit.py: '{command[0]}' {how}, expected exit code {want}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
