# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The PEP 517 build backend of aoti-instrument's sdist (pyproject.toml).

`pip install aoti_instrument-X.Y.Z.tar.gz` builds the tool from source the
way scripts/build_wheel.sh does (cmake with AOTI_PORTABLE: a fully static
tool, then scripts/wheel/make_wheel.py and its checks) when the toolchain is
present, and otherwise stops before building, naming every missing piece
and how to get it. It installs nothing on the system itself.

build_sdist (scripts/release.sh): every file git tracks, under
aoti_instrument-X.Y.Z/, with PKG-INFO; from a checkout only.

Environment: AOTI_BUILD_DIR (where the wheel's build goes; default a
directory under the system's temporary one, removed afterwards),
AOTI_CACHE_DIR (as in scripts/env.sh: the static libzip is looked for
there), AOTI_WHEEL_PYTHON (a python3 with auditwheel; default this one, or
the tools venv of scripts/bootstrap.sh).
"""
import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
NAME = "aoti_instrument"
LLVM_MAJOR = 19
# Debian/Ubuntu packages of the toolchain (scripts/bootstrap.sh's list, less
# torch, the fuzzers' and the tests' own).
DEBIAN_PACKAGES = (f"clang-{LLVM_MAJOR} llvm-{LLVM_MAJOR}-dev "
                   f"libclang-{LLVM_MAJOR}-dev libyaml-cpp-dev libzip-dev "
                   "libzstd-dev liblzma-dev libbz2-dev zlib1g-dev cmake "
                   "ninja-build g++ pkg-config dpkg-dev")


def version():
    """The project's version: CMakeLists.txt's project(... VERSION)."""
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        m = re.search(r"project\(aoti-instrument VERSION ([0-9.]+)", f.read())
    if not m:
        raise RuntimeError("CMakeLists.txt names no project version")
    return m.group(1)


def pkg_info():
    """The sdist's core metadata: the wheel's METADATA, its license files
    the sdist's own."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from metadata import core_metadata
    return core_metadata(version(), ["LICENSE", "THIRD-PARTY.md"])


def tracked_files():
    """Every file git tracks in this checkout, sorted."""
    if not os.path.isdir(os.path.join(ROOT, ".git")) and not os.path.isfile(
            os.path.join(ROOT, ".git")):
        raise RuntimeError("an sdist is made from a git checkout "
                           f"(no .git in {ROOT})")
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True,
                         capture_output=True).stdout
    return sorted(p for p in out.decode().split("\0") if p)


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{version()}"
    path = os.path.join(sdist_directory, base + ".tar.gz")
    os.makedirs(sdist_directory, exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as gz, tarfile.open(
            fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for rel in tracked_files():
            full = os.path.join(ROOT, rel)
            if os.path.lexists(full):
                tar.add(full, arcname=f"{base}/{rel}", recursive=False,
                        filter=_normalized)
        _add_text(tar, f"{base}/PKG-INFO", pkg_info())
        _add_text(tar, f"{base}/SOURCE_REVISION", _revision() + "\n")
    return os.path.basename(path)


def _add_text(tar, name, text):
    data = text.encode()
    info = tarfile.TarInfo(name)
    info.size, info.mode = len(data), 0o644
    tar.addfile(info, io.BytesIO(data))


def _revision():
    """The commit the sdist is made of; refused with uncommitted changes,
    which the sdist would not hold."""
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                            "--untracked-files=no"], check=True,
                           capture_output=True, text=True).stdout.strip()
    if dirty and not os.environ.get("AOTI_SDIST_ALLOW_DIRTY"):
        raise RuntimeError("uncommitted changes: an sdist is made of a "
                           "commit (AOTI_SDIST_ALLOW_DIRTY=1 to make one "
                           "anyway, from the committed files' working "
                           "copies)")
    return subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"],
                          check=True, capture_output=True,
                          text=True).stdout.strip()


def _normalized(info):
    """Reproducible members: no owner, no mtime from this checkout."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info


def _cache_dir():
    return os.environ.get("AOTI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "aoti-instrument")


def _wheel_python():
    """A python3 that has auditwheel, which make_wheel.py runs."""
    candidates = [os.environ.get("AOTI_WHEEL_PYTHON"), sys.executable,
                  os.path.join(_cache_dir(), "venv-tools", "bin", "python")]
    for py in filter(None, candidates):
        if os.path.exists(py) and subprocess.run(
                [py, "-c", "import auditwheel"],
                capture_output=True).returncode == 0:
            return py
    return None


def missing_toolchain():
    """What the build needs and does not find, each with how to get it."""
    missing = []
    for tool in ("cmake", "ninja", "c++"):
        if not shutil.which(tool):
            missing.append(f"{tool} (a program on PATH)")
    llvm = f"/usr/lib/llvm-{LLVM_MAJOR}"
    for what, rel in (("LLVM's CMake package", "lib/cmake/llvm/LLVMConfig.cmake"),
                      ("Clang's CMake package",
                       "lib/cmake/clang/ClangConfig.cmake"),
                      ("clang's static libraries", "lib/libclangTooling.a")):
        if not os.path.exists(os.path.join(llvm, rel)):
            missing.append(f"{what} ({llvm}/{rel})")
    if not os.path.exists("/usr/include/yaml-cpp/yaml.h"):
        missing.append("yaml-cpp's headers (/usr/include/yaml-cpp)")
    if not os.path.exists(os.path.join(_cache_dir(), "static-libzip", "lib",
                                       "libzip.a")):
        missing.append("a static libzip (scripts/wheel/static_libzip.sh "
                       f"{_cache_dir()}/static-libzip)")
    if not _wheel_python():
        missing.append("auditwheel in this python or AOTI_WHEEL_PYTHON "
                       "(pip install 'auditwheel==6.*')")
    return missing


def _explain(missing):
    lines = "\n".join(f"  - {m}" for m in missing)
    return ("aoti-instrument builds a static tool from LLVM/Clang "
            f"{LLVM_MAJOR}; this machine lacks:\n{lines}\n"
            "On Debian bookworm or Ubuntu 24.04, as root, from this source "
            "tree: scripts/bootstrap.sh --wheel-only (installs all of it), "
            f"or by hand: apt-get install {DEBIAN_PACKAGES}, then "
            "scripts/wheel/static_libzip.sh and pip install auditwheel. "
            "Or install a prebuilt wheel instead of this sdist.")


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    missing = missing_toolchain()
    if missing:  # said plainly (no traceback), before anything is built
        print(f"error: {_explain(missing)}", file=sys.stderr, flush=True)
        raise SystemExit(1)
    build = os.environ.get("AOTI_BUILD_DIR")
    temp = None if build else tempfile.mkdtemp(prefix="aoti-sdist-build-")
    build = build or temp
    try:
        return _build_into(build, wheel_directory)
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)


def _build_into(build, wheel_directory):
    env = dict(os.environ, CCACHE_BASEDIR=ROOT)
    launcher = (["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                 "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
                if shutil.which("ccache") else [])
    subprocess.run(
        ["cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
         "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
         "-DAOTI_PORTABLE=ON",
         f"-DAOTI_STATIC_LIBZIP={_cache_dir()}/static-libzip",
         f"-DAOTI_WHEEL_PYTHON={_wheel_python()}"] + launcher,
        check=True, env=env, stdout=sys.stderr)
    subprocess.run(["cmake", "--build", build, "--target", "wheel"],
                   check=True, env=env, stdout=sys.stderr)
    dist = os.path.join(build, "dist")
    wheels = [w for w in os.listdir(dist) if w.endswith(".whl")]
    if len(wheels) != 1:
        raise RuntimeError(f"{dist}: expected one wheel, found {wheels}")
    os.makedirs(wheel_directory, exist_ok=True)
    shutil.copy2(os.path.join(dist, wheels[0]), wheel_directory)
    return wheels[0]


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []
