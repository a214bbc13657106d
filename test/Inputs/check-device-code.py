#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Takes the runtime's device code (PTX) out of an instrumented CUDA wrapper
(--embed-runtime: `R"aoti_rt_ptx(...)aoti_rt_ptx"` chunks) and checks that
every GPU and driver torch's CUDA builds support can use it:

    check-device-code.py OUT.cpp [--ptxas PTXAS]

- its `.version` (PTX ISA) is at most 8.0, what CUDA 12.0's driver (R525,
  the oldest torch's CUDA 12 builds run on) can JIT-compile;
- its `.target` is sm_75 (Turing, the oldest GPU those builds run on), so
  every later GPU can JIT it;
- it holds the runtime's three kernels;
- ptxas assembles it for sm_75, sm_80, sm_90 and the newest architecture
  this ptxas knows (its --help lists them), with no local memory copy of the
  kernels' parameters.
"""
import argparse
import re
import subprocess
import sys
import tempfile

R525_ISA = (8, 0)


def embedded_ptx(path):
    text = open(path).read()
    chunks = re.findall(r'R"aoti_rt_ptx\((.*?)\)aoti_rt_ptx"', text, re.S)
    return "".join(chunks)


def newest_arch(ptxas):
    out = subprocess.run([ptxas, "--help"], capture_output=True, text=True).stdout
    archs = {int(n) for n in re.findall(r"'sm_(\d+)'", out)}
    return f"sm_{max(archs)}" if archs else None


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("output")
    p.add_argument("--ptxas", default="ptxas")
    a = p.parse_args()
    ptx = embedded_ptx(a.output)
    if not ptx:
        sys.exit(f"{a.output}: no embedded PTX")
    version = re.search(r"^\.version (\d+)\.(\d+)", ptx, re.M)
    target = re.search(r"^\.target (\S+)", ptx, re.M)
    isa = (int(version.group(1)), int(version.group(2)))
    print(f".version {isa[0]}.{isa[1]}, .target {target.group(1)}")
    print("PTX ISA " + ("<=" if isa <= R525_ISA else ">") +
          " 8.0 (CUDA 12.0, driver R525)")
    for entry in sorted(re.findall(r"^\.visible \.entry (\w+)\(", ptx, re.M)):
        print("entry " + entry)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
        f.write(ptx)
        f.flush()
        archs = ["sm_75", "sm_80", "sm_90"]
        newest = newest_arch(a.ptxas)
        if newest and newest not in archs:
            archs.append(newest)
        for arch in archs:
            r = subprocess.run([a.ptxas, "-arch=" + arch, "-v", f.name,
                                "-o", "/dev/null"], capture_output=True,
                               text=True)
            frames = re.findall(r"(\d+) bytes stack frame", r.stderr)
            big = [int(n) for n in frames if int(n) > 64]
            status = "ok" if r.returncode == 0 else "FAILED: " + r.stderr[-800:]
            label = "newest " if arch == newest else ""
            print(f"ptxas {label}{arch}: {status}" +
                  (f" (stack frames {big})" if big else ""))


if __name__ == "__main__":
    main()
