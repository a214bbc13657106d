# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -*- Python -*-
# lit configuration for aoti-instrument's regression tests (see
# mlir/examples/standalone/test/lit.cfg.py in llvm-project for the model).

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "aoti-instrument"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.aoti_obj_root, "test")

# `not`, FileCheck and the tool itself must be found on PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.aoti_tools_dir, append_path=True)
llvm_config.use_default_substitutions()

config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%torch_include", config.torch_include_dir))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%aoti_python", config.aoti_python))
config.substitutions.append(("%resource_dir", config.clang_resource_dir))
config.substitutions.append(("%repo", config.aoti_src_root))
# Braced, so that no substitution above is a prefix of them. For tests that
# run the tool under a different PATH: the tool's own directory, the
# directory of the Python that has the pinned torch, and the PATH tests
# normally run with.
config.substitutions.append(("%{aoti_bin}", config.aoti_tools_dir))
config.substitutions.append(
    ("%{aoti_python_bin}", os.path.dirname(config.aoti_python)))
config.substitutions.append(("%{test_path}", config.environment["PATH"]))
# `%{seed_cache} DIR`: a fresh AOTI_CACHE_DIR for a test that rebuilds the
# CPU fixture, holding the shared precompiled headers and runtime object
# (Inputs/seed-cache.py), made once per tool build instead of in each test.
config.substitutions.append(("%{seed_cache}", " ".join([
    config.python_executable,
    os.path.join(config.test_source_root, "Inputs", "seed-cache.py"),
    "--seed", os.path.join(config.test_exec_root, "seed-cache"),
    "--torch-include", config.torch_include_dir or "none"])))

# Each torch release's headers, fetched once into the cache by
# lib/Analysis/fetch_torch_headers.py (scripts/bootstrap.sh fetches every supported
# release): `REQUIRES: torch-headers-2.13` runs a test only where they are, so
# that no test downloads. The tool under test uses that cache too.
torch_headers = os.path.join(config.aoti_cache_dir, "torch-headers")
config.environment["AOTI_CACHE_DIR"] = config.aoti_cache_dir
config.substitutions.append(("%{torch_headers}", torch_headers))
if os.path.isdir(torch_headers):
    for release in sorted(os.listdir(torch_headers)):
        if os.path.isfile(os.path.join(torch_headers, release, "fetched.json")):
            config.available_features.add("torch-headers-" + release)
# The derived 2.12-2.15 CUDA forms (Inputs/derived/README.md) need two torch
# 2.13 headers (aoti_runtime/model_base.h, utils.h) before the pinned 2.11
# ones: copied here from the cached 2.13 headers (no torch header is kept in
# the repository); `REQUIRES: derived-overlay` where they are needed.
derived_overlay = os.path.join(config.test_exec_root, "derived-torch-2.13-overlay")
overlay_from = os.path.join(torch_headers, "2.13", "include", "torch", "csrc",
                            "inductor", "aoti_runtime")
if all(os.path.isfile(os.path.join(overlay_from, f))
       for f in ("model_base.h", "utils.h")):
    import shutil
    overlay_to = os.path.join(derived_overlay, "torch", "csrc", "inductor",
                              "aoti_runtime")
    os.makedirs(overlay_to, exist_ok=True)
    for f in ("model_base.h", "utils.h"):
        shutil.copyfile(os.path.join(overlay_from, f), os.path.join(overlay_to, f))
    config.available_features.add("derived-overlay")
config.substitutions.append(("%derived_overlay", derived_overlay))
config.substitutions.append(("%derived_flags", " ".join([
    "-std=c++20", "-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
    "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DUSE_CUDA",
    "-I" + derived_overlay, "-I" + config.torch_include_dir,
    "-I" + os.path.join(config.cuda_home, "include")])))
# Real wrappers of each release (test/Inputs/releases/torch-<X.Y>/<case>/).
releases_dir = os.path.join(config.test_source_root, "Inputs", "releases")
if os.path.isdir(releases_dir):
    for name in sorted(os.listdir(releases_dir)):
        if name.startswith("torch-"):
            config.available_features.add("release-inputs-" + name[len("torch-"):])

# Never let the user's environment change what the tests see.
for var in ["AOTI_INSTRUMENT_DISABLE", "AOTI_INSTRUMENT_LOG", "CUDA_HOME"]:
    config.environment.pop(var, None)

# `REQUIRES: landlock` where a test needs the rebuild's sandbox on: the
# kernel has Landlock (`aoti-instrument --version` says which ABI).
import subprocess
try:
    version = subprocess.run(
        [os.path.join(config.aoti_tools_dir, "aoti-instrument"), "--version"],
        capture_output=True, text=True, timeout=60).stdout
    if "Landlock ABI" in version:
        config.available_features.add("landlock")
except (OSError, subprocess.TimeoutExpired):
    pass

if config.torch_include_dir:
    config.available_features.add("torch")
if os.path.exists(os.path.join(config.cuda_home, "include", "cuda.h")):
    config.available_features.add("cuda-headers")
if os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
    llvm_config.with_environment("PATH", "/usr/local/cuda/bin", append_path=True)
