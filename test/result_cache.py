# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Results of test work that is a function of its inputs (a compile check,
a clang-tidy run), kept in $AOTI_CACHE_DIR/<name> under a key that hashes
those inputs, as ccache keeps objects: used by
test/Inputs/compile-check.py, test/cached-compile.py and
test/check-function-size.py.
AOTI_TEST_NO_CACHE=1 (or no AOTI_CACHE_DIR) keeps nothing."""
import glob
import hashlib
import json
import os
import shutil
import subprocess


def file_identity(path):
    """A file as ccache's direct mode sees a compiler: path, size, time."""
    try:
        st = os.stat(path)
        return f"{path}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        return f"{path}:-"


class KeyedResults:
    def __init__(self, name):
        base = os.environ.get("AOTI_CACHE_DIR")
        self.dir = (None if not base or os.environ.get("AOTI_TEST_NO_CACHE")
                    else os.path.join(base, name))

    def get(self, key):
        """The result kept under `key`, or None."""
        if not self.dir:
            return None
        try:
            with open(os.path.join(self.dir, key + ".json")) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def put(self, key, value):
        if not self.dir:
            return
        os.makedirs(self.dir, exist_ok=True)
        path = os.path.join(self.dir, key + ".json")
        with open(path + f".{os.getpid()}", "w") as f:
            json.dump(value, f)
        os.replace(path + f".{os.getpid()}", path)


IDENTITY_FILES = ["torch/csrc/api/include/torch/version.h",
                  "torch/csrc/inductor/aoti_runtime/model_base.h",
                  "torch/csrc/inductor/aoti_torch/c/shim.h"]


class CompileChecks:
    """Compile checks that passed, keyed by what decides them: the
    compiler (path, size, time, --version), the flags (a temporary
    directory's left out), the bytes of every file of the output's
    directory, the overlay's files, and the identity of torch's and CUDA's
    headers."""

    def __init__(self, torch_include, overlay):
        self.kept = KeyedResults("compile-check")
        h = hashlib.sha256()
        for f in IDENTITY_FILES:
            h.update(file_identity(os.path.join(torch_include, f)).encode())
        h.update(file_identity("/usr/local/cuda/include/cuda.h").encode())
        # The overlay lies in the build dir: named from there, so that a
        # result is kept for any clone's path.
        self.overlay = overlay
        for f in sorted(glob.glob(os.path.join(overlay or "/nonexistent",
                                               "**"), recursive=True)):
            if os.path.isfile(f):
                h.update(os.path.relpath(f, overlay).encode() + b"\0" +
                         open(f, "rb").read())
        self.headers = h.hexdigest()
        self.compilers = {}

    def compiler(self, cc):
        if cc not in self.compilers:
            path = shutil.which(cc) or cc
            v = subprocess.run([cc, "--version"], capture_output=True,
                               text=True).stdout
            self.compilers[cc] = file_identity(os.path.realpath(path)) + v
        return self.compilers[cc]

    def key_of(self, cc, args, files):
        """The key of a check by compiler `cc` with arguments `args` (as
        they should count: paths that differ between runs written
        otherwise or left out) over `files`, (name, path) pairs hashed by
        name and bytes."""
        h = hashlib.sha256(self.headers.encode())
        h.update(self.compiler(cc).encode())
        for arg in args:
            h.update(arg.encode() + b"\0")
        for name, path in files:
            h.update(name.encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
        return h.hexdigest()

    def key(self, cc, cmd, out_dir, tmp):
        """key_of a check of the files of `out_dir`: the overlay named as
        such, arguments under the temporary dir `tmp` left out."""
        args = [arg.replace(self.overlay, "<overlay>") if self.overlay else arg
                for arg in cmd]
        files = [(name, os.path.join(out_dir, name))
                 for name in sorted(os.listdir(out_dir))]
        return self.key_of(cc, [a for a in args if not a.startswith(tmp)],
                           files)

    def passed(self, key):
        return self.kept.get(key) is not None

    def remember(self, key):
        self.kept.put(key, {"passed": True})
