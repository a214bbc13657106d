#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a stand-in torch wheel for the tests of the headers cache: a few
files under torch/include (version.h says VERSION, aoti_runtime/model.h is
empty), one outside it that must not be extracted, and the dist-info pip
needs to take it from a --find-links directory.

    fake-torch-wheel.py DIR VERSION     (writes DIR/torch-VERSION-cp311-...whl)
"""
import os
import sys
import zipfile


def main():
    out_dir, version = sys.argv[1:3]
    major, minor, patch = version.split(".")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(
        out_dir, f"torch-{version}-cp311-cp311-manylinux_2_28_x86_64.whl")
    info = f"torch-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("torch/__init__.py", "")
        z.writestr("torch/lib/libtorch_cpu.so", "not headers\n")
        z.writestr("torch/include/torch/headeronly/version.h",
                   f"#define TORCH_VERSION_MAJOR {major}\n"
                   f"#define TORCH_VERSION_MINOR {minor}\n"
                   f"#define TORCH_VERSION_PATCH {patch}\n")
        z.writestr("torch/include/torch/csrc/inductor/aoti_runtime/model.h",
                   "#pragma once\n")
        z.writestr(f"{info}/METADATA",
                   f"Metadata-Version: 2.1\nName: torch\nVersion: {version}\n")
        z.writestr(f"{info}/WHEEL",
                   "Wheel-Version: 1.0\nGenerator: aoti-instrument tests\n"
                   "Root-Is-Purelib: false\n"
                   "Tag: cp311-cp311-manylinux_2_28_x86_64\n")
        z.writestr(f"{info}/RECORD", "")
    print(path)


if __name__ == "__main__":
    main()
