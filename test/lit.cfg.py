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
# The derived 2.12-2.15 CUDA forms (Inputs/derived/README.md): their language
# flags, with the two torch 2.13 headers the 2.13+ forms need before 2.11's.
config.substitutions.append(("%derived_overlay", os.path.join(
    config.test_source_root, "Inputs", "derived", "torch-2.13-overlay")))
config.substitutions.append(("%derived_flags", " ".join([
    "-std=c++20", "-DTORCH_INDUCTOR_CPP_WRAPPER", "-DSTANDALONE_TORCH_HEADER",
    "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DUSE_CUDA",
    "-I" + os.path.join(config.test_source_root, "Inputs", "derived",
                        "torch-2.13-overlay"),
    "-I" + config.torch_include_dir,
    "-I" + os.path.join(config.cuda_home, "include")])))
# Braced, so that no substitution above is a prefix of them. For tests that
# run the tool under a different PATH: the tool's own directory, the
# directory of the Python that has the pinned torch, and the PATH tests
# normally run with.
config.substitutions.append(("%{aoti_bin}", config.aoti_tools_dir))
config.substitutions.append(
    ("%{aoti_python_bin}", os.path.dirname(config.aoti_python)))
config.substitutions.append(("%{test_path}", config.environment["PATH"]))

# Each torch release's headers, fetched once into the cache by
# scripts/fetch_torch_headers.py (scripts/bootstrap.sh fetches every supported
# release): `REQUIRES: torch-headers-2.13` runs a test only where they are, so
# that no test downloads. The tool under test uses that cache too.
torch_headers = os.path.join(config.aoti_cache_dir, "torch-headers")
config.environment["AOTI_CACHE_DIR"] = config.aoti_cache_dir
config.substitutions.append(("%{torch_headers}", torch_headers))
if os.path.isdir(torch_headers):
    for release in sorted(os.listdir(torch_headers)):
        if os.path.isfile(os.path.join(torch_headers, release, "fetched.json")):
            config.available_features.add("torch-headers-" + release)
# Real wrappers of each release (test/Inputs/releases/torch-<X.Y>/<case>/).
releases_dir = os.path.join(config.test_source_root, "Inputs", "releases")
if os.path.isdir(releases_dir):
    for name in sorted(os.listdir(releases_dir)):
        if name.startswith("torch-"):
            config.available_features.add("release-inputs-" + name[len("torch-"):])

# Never let the user's environment change what the tests see.
for var in ["AOTI_INSTRUMENT_DISABLE", "AOTI_INSTRUMENT_LOG", "CUDA_HOME"]:
    config.environment.pop(var, None)

if config.torch_include_dir:
    config.available_features.add("torch")
if os.path.exists(os.path.join(config.cuda_home, "include", "cuda.h")):
    config.available_features.add("cuda-headers")
if os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
    llvm_config.with_environment("PATH", "/usr/local/cuda/bin", append_path=True)
