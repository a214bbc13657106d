# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""load_package's cache key (aoti_instrument.cached_package): another build
of the tool with the same version makes another entry, so that a stale
instrumented package is never reused."""
import os

from aoti_instrument import _package, _tool


def test_another_tool_build_makes_another_cache_entry(tmp_path, monkeypatch):
    pkg = tmp_path / "model.pt2"
    pkg.write_bytes(b"a package's bytes")
    rules = tmp_path / "rules.yaml"
    rules.write_text("rules: [{breadcrumb: true}]\n")
    exe = tmp_path / "aoti-instrument"
    exe.write_bytes(b"one build")
    monkeypatch.setattr(_tool, "tool_path", lambda: exe)
    first = _package.cached_package(pkg, str(rules))
    assert first == _package.cached_package(pkg, str(rules))
    exe.write_bytes(b"another build")
    os.utime(exe, ns=(1, 1))  # whatever the clock: size and mtime change
    second = _package.cached_package(pkg, str(rules))
    assert second != first
    assert second.parent == first.parent
