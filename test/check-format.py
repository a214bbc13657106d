#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The project's C++ and CUDA files are formatted as .clang-format says
(LLVM style, the runtime's statement macros declared).

    check-format.py CLANG_FORMAT [REPO] [--fix]
    check-format.py --self-test CLANG_FORMAT

Files: what git tracks under lib/, tools/, unittests/ and fuzz/ with a
.cpp, .h, .cu or .cuh extension, but the fuzzers' seed corpora (wrappers
torch generated). Exit 1 naming each file that differs, with the first
lines of clang-format's diagnostics; --fix formats them in place.
--self-test shows the check can fail: a badly formatted file is named, its
formatted self is not.
"""
import os
import re
import subprocess
import sys
import tempfile

DIRS = ("lib/", "tools/", "unittests/", "fuzz/")
CODE = re.compile(r"\.(cpp|h|cu|cuh)$")
NOT_OURS = re.compile(r"^fuzz/[^/]+/corpus/")


def sources(repo):
    names = subprocess.run(["git", "-C", repo, "ls-files", *DIRS], check=True,
                           capture_output=True, text=True).stdout.split("\n")
    return [n for n in names if CODE.search(n) and not NOT_OURS.match(n)]


def differs(clang_format, path):
    """clang-format's first diagnostics for `path`, or "" when it is
    formatted."""
    p = subprocess.run([clang_format, "--dry-run", "--Werror", path],
                       capture_output=True, text=True)
    return "" if p.returncode == 0 else (p.stderr or p.stdout or "differs")


def check(clang_format, repo, names, fix=False):
    bad = []
    for name in names:
        path = os.path.join(repo, name)
        message = differs(clang_format, path)
        if not message:
            continue
        bad.append(name)
        print(f"{name}: not formatted as .clang-format says")
        print("\n".join(message.splitlines()[:6]))
        if fix:
            subprocess.run([clang_format, "-i", path], check=True)
    return bad


def self_test(clang_format):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, ".clang-format"), "w") as f:
            f.write("BasedOnStyle: LLVM\n")
        with open(os.path.join(d, "bad.cpp"), "w") as f:
            f.write("int  f( int x ){return x;}\n")
        with open(os.path.join(d, "good.cpp"), "w") as f:
            f.write("int f(int x) { return x; }\n")
        bad = check(clang_format, d, ["bad.cpp", "good.cpp"])
    ok = bad == ["bad.cpp"]
    print("self-test " + ("passed" if ok else f"FAILED: named {bad}"))
    return 0 if ok else 1


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--self-test" in sys.argv:
        return self_test(args[0])
    clang_format = args[0]
    repo = args[1] if len(args) > 1 else "."
    names = sources(repo)
    bad = check(clang_format, repo, names, fix="--fix" in sys.argv)
    print(f"{len(names)} files, {len(bad)} not formatted"
          + (" (formatted now)" if bad and "--fix" in sys.argv else ""))
    return 1 if bad and "--fix" not in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
