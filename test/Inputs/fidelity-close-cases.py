# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The cases of test/census/fidelity-tolerance.test: fidelity.close() on
hand-made outputs."""
import sys

import torch

sys.path.insert(0, sys.argv[1])
import fidelity  # noqa: E402

ref = torch.tensor([1.0, 1e-7, -2.0])


def off(i, v, like=ref):
    t = like.clone()
    t[i] = v
    return t


print("near-zero, unstable:", fidelity.close(off(1, 3e-7), ref, 6e-8))
print("near-zero, stable:", fidelity.close(off(1, 3e-7), ref, 0.0))
print("1e-4 off at scale 2:", fidelity.close(off(2, -2.0001), ref, 6e-8))
print("within twice the spread:", fidelity.close(off(2, -2.0001), ref, 1e-4))
bf = torch.tensor([1.0, 0.5], dtype=torch.bfloat16)
print("bf16 one step:", fidelity.close(off(1, 0.50390625, bf), bf, 1e-4))
print("bf16 0.1 off:", fidelity.close(off(1, 0.6, bf), bf, 1e-4))
nan = off(1, float("nan"))
print("same NaNs:", fidelity.close(nan.clone(), nan, 6e-8))
print("a new NaN:", fidelity.close(nan, ref, 6e-8))
