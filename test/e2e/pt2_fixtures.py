# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The .pt2 packages test/e2e/pt2_e2e.py tests, AOT-compiled from models.py
with torch's default settings (weights inside the .so). This file and
models.py are what a package's fixture key hashes (fixture_cache.py): an
edit to the test's checks does not compile the models again."""
import os

import torch

import fixture_cache
import models


def compiled(work, name, dynamic=False):
    """models.py's `name` as WORK/name/model.pt2 with its inputs beside it
    (inputs.pt), once per work dir and, across runs, once per torch and
    CPU."""
    d = os.path.join(work, name)
    pt2 = os.path.join(d, "model.pt2")
    if not os.path.exists(pt2):
        def make(out):
            m, args, dyn = models.build(name, dynamic=dynamic)
            ep = torch.export.export(m, args, dynamic_shapes=dyn)
            torch._inductor.aoti_compile_and_package(
                ep, package_path=os.path.join(out, "model.pt2"))
            torch.save(list(args), os.path.join(out, "inputs.pt"))
        fixture_cache.cached(f"pt2-{name}", d, make, [__file__],
                             {"dynamic": dynamic})
    return pt2


def compiled_with_keyword(work, name):
    """models.py's `name` (its last input a keyword one) as a .pt2 with a
    dynamic batch, as compiled() makes one."""
    d = os.path.join(work, name)
    pt2 = os.path.join(d, "model.pt2")
    if not os.path.exists(pt2):
        def make(out):
            m, args, dyn = models.build(name, dynamic=True)
            ep = torch.export.export(m, args[:1], kwargs={"bias": args[1]},
                                     dynamic_shapes=dyn)
            torch._inductor.aoti_compile_and_package(
                ep, package_path=os.path.join(out, "model.pt2"))
            torch.save(list(args), os.path.join(out, "inputs.pt"))
        fixture_cache.cached(f"pt2-keyword-{name}", d, make, [__file__])
    return pt2
