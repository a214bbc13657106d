#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Functions of one purpose, checked: clang-tidy's readability-function-size
and readability-function-cognitive-complexity (thresholds in .clang-tidy) over
every translation unit of lib/, tools/ and unittests/ in
BUILD/compile_commands.json, over the runtime's headers (lib/Runtime/aoti_rt,
header-only: checked through the umbrella header, for a CPU and a CUDA
wrapper), and, with CUDA_INCLUDE, over the GPU tests (unittests/runtime/gpu,
their own CMake project: compiled here as its CMakeLists.txt compiles them,
with BUILD's CUDA prelude). CUDA sources (.cu) are not given to clang-tidy:
their functions' lines are counted from the braces (the same LineThreshold).
Prints each finding as clang-tidy does and exits 1 when there is one that
test/function-size-baseline.txt does not list (findings in code written
before the check covered it; each to be split, then removed from the list).

Each clang-tidy run's findings are kept in $AOTI_CACHE_DIR/function-size,
keyed by what decides them: clang-tidy's version, .clang-tidy, the run's
command (the clone's and the build's paths left out), the bytes of the file
it checks and of every header under lib/, tools/ and unittests/, and the
identity of torch's and CUDA's headers (path, size, time of their version
files). A run whose key is kept is not run again; any change to the
project's code is. AOTI_TEST_NO_CACHE=1 runs everything.

    test/check-function-size.py CLANG_TIDY BUILD TORCH_INCLUDE [CUDA_INCLUDE]
"""
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

from result_cache import KeyedResults, file_identity

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARNING = re.compile(r"^(/\S+):\d+:\d+: warning: .*\[readability-[a-z-]+\]$")
# A finding's key in the baseline: the file (from the repo) and the function.
FUNCTION = re.compile(r"^(/\S+):\d+:\d+: warning: function '([^']+)'")
BASELINE = os.path.join(REPO, "test", "function-size-baseline.txt")
SCOPES = ("lib", "tools", "unittests")
# The runtime compiled as a wrapper compiles it (unittests/runtime).
WRAPPER_FLAGS = ["-x", "c++", "-std=c++17", "-DTORCH_INDUCTOR_CPP_WRAPPER",
                 "-DSTANDALONE_TORCH_HEADER",
                 "-DC10_USING_CUSTOM_GENERATED_MACROS"]


def ours(path):
    rel = os.path.relpath(path, REPO)
    return rel.startswith(tuple(d + os.sep for d in SCOPES))


def findings(cmd):
    run = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in run.stdout.splitlines()
             if WARNING.match(l) and ours(WARNING.match(l).group(1))]
    if run.returncode != 0 and not lines:
        sys.stderr.write(f"{' '.join(cmd)} failed:\n{run.stderr[-2000:]}\n")
        lines.append(f"error: clang-tidy failed on {cmd[-1]}")
    return lines


class FindingsCache:
    """Findings of earlier runs, keyed by what decides them (the doc)."""

    def __init__(self, tidy, build, torch_inc, cuda_inc):
        self.kept = KeyedResults("function-size")
        self.build = build
        h = hashlib.sha256(subprocess.run(
            [tidy, "--version"], capture_output=True, text=True).stdout.encode())
        for f in [os.path.join(REPO, ".clang-tidy")] + sorted(
                os.path.join(d, n) for scope in SCOPES
                for d, _, names in os.walk(os.path.join(REPO, scope))
                for n in names if n.endswith((".h", ".def", ".inc", ".td"))):
            h.update(os.path.relpath(f, REPO).encode() + b"\0")
            h.update(open(f, "rb").read())
        for f in [os.path.join(torch_inc, "torch/csrc/api/include/torch/version.h"),
                  os.path.join(cuda_inc or "/nonexistent", "cuda.h")]:
            h.update(file_identity(f).encode())
        self.common = h.hexdigest()

    def key(self, cmd):
        h = hashlib.sha256(self.common.encode())
        for arg in cmd[1:]:
            h.update(arg.replace(REPO, "<repo>").replace(
                self.build, "<build>").encode() + b"\0")
        unit = next((a for a in cmd if a.startswith(REPO) and
                     os.path.isfile(a)), None)
        if unit:
            h.update(open(unit, "rb").read())
        return h.hexdigest()

    def findings(self, cmd):
        key = self.key(cmd)
        kept = self.kept.get(key)
        if kept is not None:
            return [l.replace("<repo>", REPO) for l in kept]
        lines = findings(cmd)
        if not any(l.startswith("error: ") for l in lines):
            self.kept.put(key, [l.replace(REPO, "<repo>") for l in lines])
        return lines


def commands(tidy, build, torch_inc, cuda_inc):
    config = ["--config-file=" + os.path.join(REPO, ".clang-tidy"), "--quiet"]
    with open(os.path.join(build, "compile_commands.json")) as f:
        units = sorted({e["file"] for e in json.load(f) if ours(e["file"])})
    for unit in units:
        yield [tidy, *config, "-p", build, unit]
    umbrella = os.path.join(REPO, "lib/Runtime/aoti_instrument_runtime.h")
    flavours = [[]] + ([["-DUSE_CUDA", "-DAOTI_RT_CUDA=1", "-isystem",
                         cuda_inc]] if cuda_inc else [])
    for extra in flavours:
        yield [tidy, *config, "--header-filter=" + re.escape(
                   os.path.join(REPO, "lib/Runtime")), umbrella, "--",
               *WRAPPER_FLAGS, *extra, "-isystem", torch_inc]
    yield from gpu_test_commands(tidy, config, build, torch_inc, cuda_inc)


def gpu_test_commands(tidy, config, build, torch_inc, cuda_inc):
    """The GPU tests (unittests/runtime/gpu), as their CMakeLists.txt
    compiles them: the wrapper's flags, the CUDA prelude of BUILD."""
    gpu = os.path.join(REPO, "unittests", "runtime", "gpu")
    gen = os.path.join(build, "unittests", "runtime", "gen")
    if not cuda_inc or not os.path.exists(os.path.join(gen, "prelude_cuda.h")):
        return
    for name in sorted(os.listdir(gpu)):
        if name.endswith(".cpp"):
            yield [tidy, *config, "--header-filter=" + re.escape(gpu),
                   os.path.join(gpu, name), "--", *WRAPPER_FLAGS,
                   "-DUSE_CUDA", "-I", gen, "-isystem", torch_inc,
                   "-isystem", cuda_inc]


def line_threshold():
    with open(os.path.join(REPO, ".clang-tidy")) as f:
        return int(re.search(r"LineThreshold:\s*(\d+)", f.read()).group(1))


def code_only(text):
    """\p text with comments, strings, character literals and preprocessor
    lines blanked (line breaks kept)."""
    token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'
                       r"'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:[^\n]*\\\n)*[^\n]*",
                       re.S | re.M)
    return token.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


SCOPE_HEAD = re.compile(r"(?:template\s*<[^{]*>\s*)?(?:(?:namespace|struct|"
                        r"class|union)\b|extern\s*$)")


def brace_functions(path):
    """(line, name, lines) of each function defined in \p path, found by
    counting braces: a block at namespace, extern "C" or class scope whose
    head has a parameter list. lines as clang-tidy counts them (the closing
    brace's line less the opening one's)."""
    with open(path) as f:
        text = code_only(f.read())
    stack, head, line, found = [], "", 1, []
    for c in text:
        if c == "{":
            kind = "other"
            if all(k == "scope" for k, _, _ in stack):
                h = " ".join(head.split())
                if SCOPE_HEAD.match(h):
                    kind = "scope"
                elif "(" in h and not h.startswith("enum") and \
                        not h.endswith("="):
                    kind = "function"
            name = [n for n in re.findall(r"([~\w:]+)\s*\(", head)
                    if not n.startswith("__")]  # __launch_bounds__(...)
            stack.append((kind, line, name[0] if name else "?"))
            head = ""
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "function":
                    found.append((start, name, line - start))
            head = ""
        elif c == ";":
            head = ""
        else:
            head += c
        line += c == "\n"
    return found


def cu_findings():
    """Functions of the .cu files of lib/, tools/ and unittests/ over
    LineThreshold, as clang-tidy words a finding."""
    limit, lines = line_threshold(), []
    for scope in SCOPES:
        for root, _, files in os.walk(os.path.join(REPO, scope)):
            for name in sorted(files):
                if not name.endswith(".cu"):
                    continue
                path = os.path.join(root, name)
                for start, fn, n in brace_functions(path):
                    if n > limit:
                        lines.append(
                            f"{path}:{start}:1: warning: function '{fn}' "
                            "exceeds recommended size/complexity thresholds "
                            f"({n} lines including whitespace and comments, "
                            f"threshold {limit}) [readability-function-size]")
    return lines


def baseline():
    """How many findings test/function-size-baseline.txt allows, by (file,
    function): a line each, "FILE FUNCTION" (a test's body is TestBody:
    its lines say how many of a file's may stay)."""
    allowed = collections.Counter()
    if os.path.exists(BASELINE):
        with open(BASELINE) as f:
            for line in map(str.strip, f):
                if line and not line.startswith("#"):
                    allowed[tuple(line.split(None, 1))] += 1
    return allowed


def key(finding):
    m = FUNCTION.match(finding)
    if not m:
        return None
    return (os.path.relpath(m.group(1), REPO), m.group(2))


def new_findings(found, allowed):
    """The findings of \p found beyond what \p allowed lets stay."""
    left, new = collections.Counter(allowed), []
    for line in found:
        k = key(line)
        if k and left[k] > 0:
            left[k] -= 1
        else:
            new.append(line)
    return new


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    tidy, build, torch_inc = sys.argv[1:4]
    cuda_inc = sys.argv[4] if len(sys.argv) == 5 else ""
    if not shutil.which(tidy):
        sys.exit(f"error: no clang-tidy at '{tidy}' (scripts/bootstrap.sh "
                 "installs clang-tidy-19)")
    cmds = list(commands(tidy, build, torch_inc, cuda_inc))
    cache = FindingsCache(tidy, os.path.abspath(build), torch_inc, cuda_inc)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        found = sorted({l for ls in pool.map(cache.findings, cmds) for l in ls}
                       | set(cu_findings()))
    new = new_findings(found, baseline())
    for line in found:
        print(("known: " if line not in new else "") + line)
    print(f"{len(cmds)} clang-tidy runs and the .cu files: {len(found)} "
          f"findings, {len(new)} not in {os.path.relpath(BASELINE, REPO)}")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
