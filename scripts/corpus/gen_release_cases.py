#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""AOT-compiles small CPU models with the torch of the running Python and
copies AOTInductor's generated sources into a release corpus directory.

Run it with the Python of a virtualenv that has the torch release wanted
(scripts/corpus/make_release_corpus.sh makes one per release):

  python gen_release_cases.py --out test/Inputs/releases/torch-2.11 [CASE...]

For each case it writes OUT/<case>/: the text files AOTI generated
(wrapper.cpp, kernel.cpp, *_metadata.json, and for package_cpp_only
CMakeLists.txt and the compile/linker flags JSON), names stripped of their
content hashes, contents exactly as torch wrote them; and case.json (torch
version, model, inputs, options). Binaries (.so, .o, weights) are never
copied. A case this torch cannot compile leaves no directory; its error is
printed and the exit status is 1.

Cases (all on the CPU, fp32, tiny; models seeded, so a re-run gives the same
models):
  mlp_cpu              2-layer MLP, static shapes, default settings
  transformer_cpu_dyn  2-layer transformer (d=64, 4 heads), dynamic batch and
                       sequence (test/e2e/models.py's Transformer)
  mlp_cpu_cpponly      the MLP with aot_inductor.package_cpp_only=True
  cond_cpu             torch.cond on a data-dependent predicate (x.sum() > 0)
  custom_op_cpu        a C++ custom op (load_inline, TORCH_LIBRARY, fake kernel
                       registered in Python), run through AOTI's proxy executor

Inductor's cache, its precompiled headers ($TMPDIR is pointed there) and the
custom op's build go to --work (a fixed path by default, so the paths AOTI
writes into the wrappers' trailers are the same on every run); it is emptied
before and deleted after, unless --keep-work.
"""
import argparse
import json
import os
import platform
import re
import shutil
import sys
import tempfile
import time
import traceback
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "test", "e2e"))

CASES = ["mlp_cpu", "transformer_cpu_dyn", "mlp_cpu_cpponly", "cond_cpu",
         "custom_op_cpu"]

# Generated files worth keeping: text sources and their metadata. Anything
# else in the package (wrapper .so, weights .o/.bin, cubins) is left out.
TEXT_SUFFIXES = (".cpp", ".h", ".json", ".ld", "CMakeLists.txt")
# AOTI names files <hash>.wrapper.cpp, <hash>_metadata.json, ...: a content
# hash of 20+ lowercase letters and digits before the first '.' or '_'.
HASH_PREFIX = re.compile(r"^[a-z0-9]{20,}[._]")

CUSTOM_OP_SOURCE = r"""
// y = x * scale + shift, elementwise: a custom op AOTI has no C shim for.
at::Tensor scale_shift(const at::Tensor& x, double scale, double shift) {
  TORCH_CHECK(x.device().is_cpu(), "scale_shift: CPU tensors only");
  return x * scale + shift;
}
TORCH_LIBRARY(aoti_release, m) {
  m.def("scale_shift(Tensor x, float scale, float shift) -> Tensor");
}
TORCH_LIBRARY_IMPL(aoti_release, CPU, m) {
  m.impl("scale_shift", &scale_shift);
}
"""


def log(*args):
    print("[gen_release_cases]", *args, file=sys.stderr, flush=True)


def cond_model():
    import torch
    import torch.nn as nn

    class Cond(nn.Module):
        """Two branches chosen by the sign of the input's sum: the wrapper
        reads the predicate back and calls one of two subgraphs."""

        def __init__(self):
            super().__init__()
            self.l1 = nn.Linear(16, 32)
            self.pos = nn.Linear(32, 8)
            self.neg = nn.Linear(32, 8)

        def forward(self, x):
            h = torch.relu(self.l1(x))
            return torch.cond(x.sum() > 0,
                              lambda h: torch.sigmoid(self.pos(h)),
                              lambda h: torch.tanh(self.neg(h)) * 2.0,
                              (h,))

    return Cond()


def custom_op_model(build_dir):
    """Builds and loads the C++ op (once per process), registers its fake
    kernel for export, and returns a model that calls it between Inductor
    kernels."""
    import torch
    from torch.utils.cpp_extension import load_inline

    import models

    if not hasattr(torch.ops.aoti_release, "scale_shift"):
        os.makedirs(build_dir, exist_ok=True)
        load_inline(name="aoti_release_ops", cpp_sources=[CUSTOM_OP_SOURCE],
                    is_python_module=False, build_directory=build_dir)

        @torch.library.register_fake("aoti_release::scale_shift")
        def _(x, scale, shift):
            return torch.empty_like(x)

    class CustomOp(models.MLP):
        """The MLP with the custom op between its layers."""

        def forward(self, x):
            h = torch.ops.aoti_release.scale_shift(self.l1(x), 0.5, 1.0)
            return self.l2(torch.relu(h))

    return CustomOp()


def build_case(name, work):
    """Returns (module, example_args, dynamic_shapes, inductor_configs,
    description), seeded."""
    import torch
    import models

    if name in ("mlp_cpu", "mlp_cpu_cpponly"):
        m, args, dyn = models.build("mlp")
        configs = ({"aot_inductor.package_cpp_only": True}
                   if name == "mlp_cpu_cpponly" else {})
        what = "models.MLP (16 -> 32 -> 8), static shapes"
        return m, args, dyn, configs, what
    if name == "transformer_cpu_dyn":
        m, args, dyn = models.build("transformer", dynamic=True, layers=2,
                                    d=64, heads=4, batch=2, seq=32)
        return (m, args, dyn, {}, "models.Transformer, 2 layers, d=64, 4 "
                "heads, dynamic batch (1..64) and sequence (2..512)")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    args = (torch.randn(4, 16, generator=gen),)
    if name == "cond_cpu":
        return (cond_model().eval(), args, None, {},
                "torch.cond on x.sum() > 0: sigmoid(linear) or "
                "2 * tanh(linear) of relu(linear(x))")
    if name == "custom_op_cpu":
        m = custom_op_model(os.path.join(work, "custom_op_build"))
        return (m.eval(), args, None, {},
                "linear -> aoti_release::scale_shift (C++ custom op, "
                "load_inline) -> relu -> linear")
    raise SystemExit(f"unknown case {name!r}; known: {', '.join(CASES)}")


def stripped_name(member):
    """'m/data/aotinductor/model/abc...xyz.wrapper.cpp' -> 'wrapper.cpp'."""
    return HASH_PREFIX.sub("", os.path.basename(member))


def copy_sources(pt2, dest):
    """Copies the generated text files of the .pt2 into dest, byte for byte,
    under names without hashes. Returns the names written."""
    written = []
    with zipfile.ZipFile(pt2) as z:
        for member in sorted(z.namelist()):
            if "/data/aotinductor/" not in member or member.endswith("/"):
                continue
            if not member.endswith(TEXT_SUFFIXES):
                continue
            name = stripped_name(member)
            if name in written:
                raise SystemExit(f"{pt2}: two files would be named {name}")
            with z.open(member) as src, open(os.path.join(dest, name), "wb") as dst:
                shutil.copyfileobj(src, dst)
            written.append(name)
    if "wrapper.cpp" not in written:
        raise SystemExit(f"{pt2}: no wrapper.cpp among {written}")
    return written


def outputs_match(pt2, model, args):
    """Loads the compiled package and compares one forward with eager mode."""
    import torch

    with torch.no_grad():
        eager = model(*args)
        compiled = torch._inductor.aoti_load_package(pt2)(*args)
    eager = [eager] if isinstance(eager, torch.Tensor) else list(eager)
    compiled = [compiled] if isinstance(compiled, torch.Tensor) else list(compiled)
    return len(eager) == len(compiled) and all(
        torch.allclose(e, c, rtol=1e-4, atol=1e-5) for e, c in zip(eager, compiled))


def vec_isa():
    """The CPU vector ISA Inductor picked (it shapes kernel.cpp)."""
    try:
        from torch._inductor.cpu_vec_isa import pick_vec_isa
        return str(pick_vec_isa()) or "none"
    except Exception as e:  # the module moved in some release
        return f"unknown ({type(e).__name__})"


def generate(name, out_root, work):
    import torch

    model, args, dyn, configs, what = build_case(name, work)
    ep = torch.export.export(model, args, dynamic_shapes=dyn)
    pt2 = os.path.join(work, f"{name}.pt2")
    t0 = time.time()
    torch._inductor.aoti_compile_and_package(ep, package_path=pt2,
                                             inductor_configs=configs)
    seconds = time.time() - t0
    dest = os.path.join(out_root, name)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    files = sorted(copy_sources(pt2, dest))
    case = {
        "case": name,
        "torch": torch.__version__,
        "python": platform.python_version(),
        "device": "cpu",
        "model": what,
        "inputs": [list(a.shape) for a in args],
        "dynamic_shapes": repr(dyn) if dyn else None,
        "inductor_configs": configs,
        "cpu_vec_isa": vec_isa(),
        "generator": "scripts/corpus/gen_release_cases.py",
        "files": files,
    }
    if not configs.get("aot_inductor.package_cpp_only"):
        # Only the default package carries a built .so to run.
        case["runs_like_eager"] = outputs_match(pt2, model, args)
    with open(os.path.join(dest, "case.json"), "w") as f:
        json.dump(case, f, indent=1)
        f.write("\n")
    lines = sum(1 for _ in open(os.path.join(dest, "wrapper.cpp")))
    log(f"{name}: AOTI {seconds:.1f}s, wrapper.cpp {lines} lines, "
        f"files {files}, runs_like_eager={case.get('runs_like_eager', 'n/a')}")


def main(argv=None):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cases", nargs="*", default=CASES, metavar="CASE",
                   help=f"cases to generate (default: all of {', '.join(CASES)})")
    p.add_argument("--out", required=True,
                   help="release directory, e.g. test/Inputs/releases/torch-2.11")
    p.add_argument("--work", default=None,
                   help="scratch dir for Inductor's cache and the custom op "
                        "build (default: <tmp>/aoti-release-gen/torch-X.Y)")
    p.add_argument("--keep-work", action="store_true",
                   help="leave the scratch dir (and its .pt2 packages) behind")
    a = p.parse_args(argv)
    for c in a.cases:
        if c not in CASES:
            p.error(f"unknown case {c!r}; known: {', '.join(CASES)}")

    # Fixed before torch is imported: Inductor reads it for every path.
    import importlib.metadata
    release = ".".join(importlib.metadata.version("torch").split(".")[:2])
    work = os.path.abspath(a.work or os.path.join(
        tempfile.gettempdir(), "aoti-release-gen", f"torch-{release}"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(work, "inductor")
    os.environ["TORCH_EXTENSIONS_DIR"] = os.path.join(work, "extensions")
    # Inductor puts precompiled headers (~120 MB each) under the temp dir,
    # not under its cache dir: keep them in work too (and for g++, ninja).
    tmp = os.path.join(work, "tmp")
    os.makedirs(tmp)
    os.environ["TMPDIR"] = tempfile.tempdir = tmp

    import torch
    log(f"torch {torch.__version__}, python {platform.python_version()}, "
        f"out {a.out}, work {work}")
    os.makedirs(a.out, exist_ok=True)
    failed = {}
    for name in a.cases:
        try:
            generate(name, a.out, work)
        except Exception as e:
            traceback.print_exc()
            first = (str(e).strip().splitlines() or [""])[0]
            failed[name] = f"{type(e).__name__}: {first}"
            shutil.rmtree(os.path.join(a.out, name), ignore_errors=True)
            log(f"{name}: FAILED: {failed[name]}")
    if not a.keep_work:
        shutil.rmtree(work, ignore_errors=True)
    for name in a.cases:
        log(f"summary {name}: {'FAILED: ' + failed[name] if name in failed else 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
