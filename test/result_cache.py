# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Results of test work that is a function of its inputs (a compile check,
a clang-tidy run), kept in $AOTI_CACHE_DIR/<name> under a key that hashes
those inputs, as ccache keeps objects: used by
test/Inputs/compile-check.py and test/check-function-size.py.
AOTI_TEST_NO_CACHE=1 (or no AOTI_CACHE_DIR) keeps nothing."""
import json
import os


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
