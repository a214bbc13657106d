#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Saves of CUDA tensors (GpuRuntime's, in WORK/saves-cuda) equal the saves of
their CPU twins (WORK/saves-cpu), bit for bit, and load with safetensors.

    check_saves.py WORK
"""
import glob
import os
import sys

import torch
from safetensors.torch import load_file


def main():
    root = sys.argv[1]
    cuda = sorted(glob.glob(root + "/saves-cuda/session-0001/*.safetensors"))
    cpu = sorted(glob.glob(root + "/saves-cpu/session-0001/*.safetensors"))
    ok = len(cuda) == 1 and len(cpu) == 1
    n = 0
    if ok:
        a, b = load_file(cuda[0]), load_file(cpu[0])
        ok = sorted(a) == sorted(b) and len(a) >= 5
        for k in a:
            x, y = a[k], b[k]
            ok = ok and (x.dtype == y.dtype and x.shape == y.shape
                         and x.is_contiguous()
                         and torch.equal(x.view(-1).view(torch.uint8),
                                         y.view(-1).view(torch.uint8)))
            n += 1
    names = [os.path.basename(p) for p in cuda]
    print(("PASS" if ok else "FAIL") + f" saves: {n} CUDA tensors load with "
          f"safetensors and equal their CPU twins bitwise ({names})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
