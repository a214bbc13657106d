# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The sdist (scripts/wheel/aoti_build.py, pyproject.toml's backend), as
scripts/release.sh makes it and as pip builds it:

- it holds every tracked file under aoti_instrument-X.Y.Z/, PKG-INFO (the
  wheel's metadata: license expression and files) and the commit it was
  made of, and two builds are byte-identical;
- pip, building it on a machine without the toolchain, stops before any
  build and names each missing piece and how to get it.

The full build from the sdist (minutes) is scripts/release.sh's.
"""
import os
import subprocess
import sys
import tarfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "scripts", "wheel"))

import aoti_build  # noqa: E402


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    os.environ["AOTI_SDIST_ALLOW_DIRTY"] = "1"  # a developer's tree
    out = tmp_path_factory.mktemp("sdist")
    name = aoti_build.build_sdist(str(out))
    return out / name


def tracked():
    out = subprocess.run(["git", "-C", REPO, "ls-files", "-z"], check=True,
                         capture_output=True).stdout.decode()
    return {p for p in out.split("\0")
            if p and os.path.lexists(os.path.join(REPO, p))}


def test_holds_every_tracked_file_and_its_metadata(sdist):
    base = f"aoti_instrument-{aoti_build.version()}"
    assert sdist.name == base + ".tar.gz"
    with tarfile.open(sdist) as tar:
        names = set(tar.getnames())
        info = tar.extractfile(f"{base}/PKG-INFO").read().decode()
        revision = tar.extractfile(f"{base}/SOURCE_REVISION").read().decode()
    assert {n[len(base) + 1:] for n in names} == tracked() | {
        "PKG-INFO", "SOURCE_REVISION"}
    assert "pyproject.toml" in tracked()
    assert f"Version: {aoti_build.version()}\n" in info
    assert "License-Expression: Apache-2.0 WITH LLVM-exception\n" in info
    assert "License-File: LICENSE\n" in info
    head = subprocess.run(["git", "-C", REPO, "rev-parse", "HEAD"],
                          check=True, capture_output=True, text=True).stdout
    assert revision == head


def test_two_builds_are_identical(sdist, tmp_path):
    again = tmp_path / sdist.name
    aoti_build.build_sdist(str(tmp_path))
    assert again.read_bytes() == sdist.read_bytes()


def test_without_the_toolchain_pip_names_what_is_missing(sdist, tmp_path):
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path)
    src = tmp_path / sdist.name[:-len(".tar.gz")]
    env = dict(os.environ, PATH="/nonexistent", AOTI_CACHE_DIR=str(tmp_path),
               AOTI_WHEEL_PYTHON="/nonexistent/python")
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                        "--no-build-isolation", "--no-index",
                        "--wheel-dir", str(tmp_path / "out"), str(src)],
                       capture_output=True, text=True, env=env)
    said = p.stdout + p.stderr
    assert p.returncode != 0, said
    for piece in ("cmake (a program on PATH)", "ninja", "a static libzip",
                  "auditwheel", "scripts/bootstrap.sh --wheel-only",
                  "apt-get install clang-19 llvm-19-dev"):
        assert piece in said, said
    assert not (tmp_path / "out").exists() or not os.listdir(tmp_path / "out")
