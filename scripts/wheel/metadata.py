# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The core metadata (PEP 643/639) of aoti-instrument's distributions: the
wheel's METADATA (make_wheel.py) and the sdist's PKG-INFO (aoti_build.py)
are both this text."""
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def core_metadata(version, license_files):
    """Metadata-Version 2.4 text naming `license_files` (paths inside the
    distribution), with the README as its description."""
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    license_lines = "".join(f"License-File: {n}\n" for n in license_files)
    return ("Metadata-Version: 2.4\n"
            "Name: aoti-instrument\n"
            f"Version: {version}\n"
            "Summary: Debugging instrumentation for PyTorch AOTInductor "
            "packages (.pt2): NaN hunts, illegal memory accesses, input "
            "guards, redzones, statistics, saves\n"
            "Requires-Python: >=3.9\n"
            "License-Expression: Apache-2.0 WITH LLVM-exception\n"
            "Classifier: Operating System :: POSIX :: Linux\n"
            "Classifier: Programming Language :: C++\n"
            "Classifier: Programming Language :: Python :: 3\n"
            "Classifier: Topic :: Software Development :: Debuggers\n"
            f"{license_lines}"
            "Description-Content-Type: text/markdown\n\n" + readme)
