# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The aoti-instrument executable this package ships, and running it.

The wheel carries one static binary (``data/bin/aoti-instrument``) with
clang's builtin headers and the presets beside it, in the layout the binary
looks for (``data/lib/clang/<major>``, ``data/share/aoti-instrument``). The
console script ``aoti-instrument`` and ``python -m aoti_instrument`` run it
with the arguments given.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import List, Mapping, Optional, Sequence

DATA_DIR = Path(__file__).resolve().parent / "data"


class ToolError(RuntimeError):
    """aoti-instrument failed: ``message`` is what it printed (its
    ``file:line:col: error: ...`` line and notes), ``exit_code`` its
    documented exit code (README, "Exit codes"), ``command`` what ran."""

    def __init__(self, message: str, exit_code: int, command: Sequence[str]):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.command = list(command)

    def __str__(self) -> str:
        return f"{self.message} (aoti-instrument exit code {self.exit_code})"


def tool_path() -> Path:
    """The aoti-instrument executable of this installation."""
    exe = DATA_DIR / "bin" / "aoti-instrument"
    if not exe.is_file():
        raise FileNotFoundError(
            f"{exe} is missing: this aoti_instrument was not installed from "
            "its wheel (scripts/build_wheel.sh builds one)")
    return exe


def home(env: Optional[Mapping[str, str]] = None) -> str:
    """$HOME of ``env`` (default os.environ), else the password database's
    home of this user, else the temporary directory."""
    value = (os.environ if env is None else env).get("HOME")
    if value:
        return value
    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except KeyError:
        return tempfile.gettempdir()


def tool_env(base: Optional[Mapping[str, str]] = None) -> dict:
    """The environment to run the tool in: ``base`` (default os.environ)
    with $HOME set when it is not. The binary is static: it must not look
    the home directory up in the password database itself (glibc would load
    its NSS modules), so Python, which can, does it here."""
    env = dict(os.environ if base is None else base)
    env["HOME"] = home(env)
    return env


def run(args: Sequence[str], *, env: Optional[Mapping[str, str]] = None,
        echo: bool = False) -> subprocess.CompletedProcess:
    """Runs the tool with ``args``; raises ToolError when it fails. Its
    output is captured; with ``echo`` its standard error also goes to this
    process's as it comes (what a long rebuild prints)."""
    command = [str(tool_path()), *map(str, args)]
    with subprocess.Popen(command, env=tool_env(env), text=True,
                          stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        if echo:
            out_parts: List[str] = []
            reader = threading.Thread(
                target=lambda: out_parts.append(proc.stdout.read()))
            reader.start()
            err_lines = []
            for line in proc.stderr:
                sys.stderr.write(line)
                sys.stderr.flush()
                err_lines.append(line)
            reader.join()
            out, err = "".join(out_parts), "".join(err_lines)
        else:
            out, err = proc.communicate()
        code = proc.wait()
    if code != 0:
        raise ToolError(err.strip() or f"failed: {' '.join(command)}", code,
                        command)
    return subprocess.CompletedProcess(command, code, out, err)


# The tool's subcommands (tools/aoti-instrument: ExplainCommand.cpp): each
# must come first on the command line, and none asks a Python anything.
SUBCOMMANDS = ("explain",)


def with_python(args: Sequence[str]) -> List[str]:
    """``args`` with ``--python=<this interpreter>`` first, unless they name
    a Python (before ``--``) or a subcommand. The tool asks a Python where
    torch is (the python3 on PATH by default); the one running this package
    is the one the wheel, and as a rule torch, went into, activated or
    not."""
    args = list(args)
    if args[:1] and args[0] in SUBCOMMANDS:
        return args
    own = args[:args.index("--")] if "--" in args else args
    if any(a.startswith(("--python", "-python")) for a in own):
        return args
    return [f"--python={sys.executable}", *args]


def main(argv: Optional[List[str]] = None) -> None:
    """The console script: becomes the tool (same arguments, but for
    with_python's; same exit code, same signals)."""
    exe = str(tool_path())
    args = with_python(sys.argv[1:] if argv is None else argv)
    os.execve(exe, [exe, *args], tool_env())
