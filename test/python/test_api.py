# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Python API of the installed wheel (python/aoti_instrument), end to
end on real packages: instrument(), load_package() and its cache, reports
as ReportError / ReportWarning (from several threads too), ToolError, the
console script and ``python -m``."""

import os
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
import torch

import aoti_instrument
from aoti_instrument import ReportError, ReportWarning, ToolError


def outputs(model, inputs):
    out = model(*inputs)
    return [out] if isinstance(out, torch.Tensor) else list(out)


def test_presets_have_a_purpose():
    presets = aoti_instrument.presets()
    assert {"nan-hunt", "pinpoint-ima", "print-all", "input-guards"} <= set(presets)
    assert all(len(purpose) > 20 for purpose in presets.values()), presets


def test_load_package_is_bit_identical_and_cached(mlp, monkeypatch):
    entry = aoti_instrument.cached_package(mlp.pt2, "pinpoint-ima")
    if entry.exists():
        entry.unlink()
    model = aoti_instrument.load_package(mlp.pt2, "pinpoint-ima")
    assert model.package == entry and entry.is_file()
    got = outputs(model, mlp.inputs)
    assert all(torch.equal(a, b) for a, b in zip(got, mlp.reference()))

    def no_rebuild(*args, **kwargs):
        raise AssertionError("load_package rebuilt a cached package")
    monkeypatch.setattr(aoti_instrument._package, "instrument", no_rebuild)
    again = aoti_instrument.load_package(mlp.pt2, "pinpoint-ima.yaml")
    assert again.package == entry
    assert all(torch.equal(a, b)
               for a, b in zip(outputs(again, mlp.inputs), got))


def test_a_nan_raises_report_error_naming_the_kernel(nan_chain, first_nan_site):
    model = aoti_instrument.load_package(nan_chain.pt2, "nan-hunt")
    with pytest.raises(ReportError) as info:
        model(*nan_chain.inputs)
    err = info.value
    want = f"#{first_nan_site['ordinal']} {first_nan_site['kernel']}"
    assert str(err).startswith("NaN in ") and want in str(err), str(err)
    assert err.kernel == first_nan_site["kernel"]
    assert err.ordinal == first_nan_site["ordinal"]
    assert err.event["event"] == "nan" and err.event["tid"] == threading.get_native_id()
    assert isinstance(err.__cause__, RuntimeError)
    assert err.events[-1] is err.event


def test_reports_go_to_the_thread_that_ran(mlp, nan_chain, first_nan_site):
    bad = aoti_instrument.load_package(nan_chain.pt2, "nan-hunt")
    good = aoti_instrument.load_package(mlp.pt2, "pinpoint-ima")
    ref = mlp.reference()
    seen = {"bad": [], "good": []}

    def run_bad():
        for _ in range(20):
            try:
                bad(*nan_chain.inputs)
                seen["bad"].append("no error")
            except ReportError as e:
                seen["bad"].append(e.kernel)

    def run_good():
        for _ in range(20):
            got = outputs(good, mlp.inputs)
            seen["good"].append(all(torch.equal(a, b) for a, b in zip(got, ref)))

    threads = [threading.Thread(target=run_bad), threading.Thread(target=run_good)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen["bad"] == [first_nan_site["kernel"]] * 20, seen["bad"]
    assert seen["good"] == [True] * 20


def test_a_warn_level_report_is_a_warning(nan_chain, first_nan_site, tmp_path):
    rules = tmp_path / "warn-nan.yaml"
    rules.write_text("version: 1\nrules:\n  - name: warn-nan\n"
                     "    nan_check: {when: after, tensors: outputs, "
                     "check: nan, on_fail: warn}\n")
    model = aoti_instrument.load_package(nan_chain.pt2, rules)
    with pytest.warns(ReportWarning) as record:
        out = outputs(model, nan_chain.inputs)
    assert out and torch.isnan(out[0]).any()
    first = [w.message for w in record if isinstance(w.message, ReportWarning)][0]
    assert first.event["kernel"] == first_nan_site["kernel"], str(first)


def test_instrument_returns_the_output(mlp, tmp_path):
    out = aoti_instrument.instrument(mlp.pt2, "pinpoint-sync",
                                     tmp_path / "sync.pt2")
    assert out == tmp_path / "sync.pt2" and out.stat().st_size > 0


def test_several_rules_apply_together(mlp, tmp_path):
    # A preset by name and a rules file of one's own (-rules each): the
    # default output is named after both, the cache entry differs from the
    # preset's alone, and a rule name both give is the tool's rules error.
    extra = tmp_path / "names.yaml"
    extra.write_text("rules:\n  - {name: names, print: {level: names}}\n")
    pkg = tmp_path / "mlp.pt2"
    pkg.write_bytes(mlp.pt2.read_bytes())
    out = aoti_instrument.instrument(pkg, ["pinpoint-sync", extra])
    assert out == tmp_path / "mlp.pinpoint-sync+names.pt2" and out.is_file()
    assert (aoti_instrument.cached_package(pkg, ["pinpoint-sync", extra]) !=
            aoti_instrument.cached_package(pkg, "pinpoint-sync"))
    assert aoti_instrument.cached_package(pkg, ["pinpoint-sync", "no"]) is None
    clash = tmp_path / "clash.yaml"
    clash.write_text("rules:\n  - {name: sync-every-launch, print: {level: names}}\n")
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(pkg, ["pinpoint-sync", clash],
                                   tmp_path / "never.pt2")
    assert info.value.exit_code == 5
    assert "is given by two rules files" in info.value.message
    assert not (tmp_path / "never.pt2").exists()


def test_bad_rules_raise_tool_error(mlp, tmp_path):
    out = tmp_path / "never.pt2"
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(mlp.pt2, "nan-hnt", out)
    assert info.value.exit_code == 5
    assert "no such rules file or preset" in info.value.message
    assert "nan-hunt" in info.value.message  # the presets are listed
    assert not out.exists()
    with pytest.raises(ToolError) as info:
        aoti_instrument.load_package(mlp.pt2, "nan-hnt")
    assert info.value.exit_code == 5


def test_a_bad_package_raises_tool_error(tmp_path):
    bad = tmp_path / "bad.pt2"
    bad.write_bytes(b"PK\x03\x04 not a zip archive")
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(bad, "nan-hunt", tmp_path / "out.pt2")
    assert info.value.exit_code == 2, info.value.message
    assert str(bad) in info.value.message


def test_fifos_and_devices_are_refused_not_read(mlp, tmp_path):
    # The cache key reads the package and the rules as the tool does: a
    # FIFO would block forever, /dev/zero never end.
    fifo = tmp_path / "fifo.pt2"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.pt2"
    zero.symlink_to("/dev/zero")
    for package in (fifo, zero):
        with pytest.raises(ToolError) as info:
            aoti_instrument.load_package(package, "nan-hunt")
        assert info.value.exit_code == 2
        assert "not a regular file" in info.value.message
    rules = tmp_path / "rules.yaml"
    rules.symlink_to("/dev/zero")
    with pytest.raises(ToolError) as info:
        aoti_instrument.load_package(mlp.pt2, str(rules))
    assert info.value.exit_code == 5
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(mlp.pt2, str(rules), tmp_path / "o.pt2")
    assert info.value.exit_code == 5
    assert "rules file is a character device" in info.value.message


def test_a_zip_bomb_raises_tool_error_unless_its_size_is_accepted(tmp_path):
    # 32 MiB of zeros deflate to 32 KB: refused as a likely zip bomb.
    bomb = tmp_path / "bomb.pt2"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("p/data/aotinductor/m/m.wrapper.cpp", "int x;")
        z.writestr("p/data/aotinductor/m/zeros", bytes(32 << 20))
    out = tmp_path / "out.pt2"
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(bomb, "nan-hunt", out)
    assert info.value.exit_code == 2, info.value.message
    assert "zip bomb" in info.value.message
    with pytest.raises(ToolError) as info:
        aoti_instrument.instrument(bomb, "nan-hunt", out,
                                   max_unpacked_size="1M")
    assert "--max-unpacked-size" in info.value.message
    assert not out.exists()


def test_console_script_and_module_without_home(mlp, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "HOME"}
    bin_dir = Path(sys.executable).parent
    script = subprocess.run([str(bin_dir / "aoti-instrument"), "--version"],
                            capture_output=True, text=True, env=env)
    assert script.returncode == 0 and "aoti-instrument" in script.stdout
    module = subprocess.run([sys.executable, "-m", "aoti_instrument",
                             "--list-presets"], capture_output=True,
                            text=True, env=env, cwd=tmp_path)
    assert module.returncode == 0 and "nan-hunt" in module.stdout
    # Outside the venv (no python3 with torch on PATH) the console script
    # still rebuilds with its own interpreter's torch.
    steps = subprocess.run([str(bin_dir / "aoti-instrument"), str(mlp.pt2),
                            "--print-compile-command"], capture_output=True,
                           text=True, cwd=tmp_path,
                           env=dict(env, PATH="/usr/bin:/bin"))
    assert steps.returncode == 0, steps.stderr
    assert os.path.dirname(torch.__file__) in steps.stdout
    missing = subprocess.run([sys.executable, "-m", "aoti_instrument",
                              "x.pt2", "-rules", "nan-hunt", "-o", "y.pt2"],
                             capture_output=True, text=True, env=env,
                             cwd=tmp_path)
    assert missing.returncode == 2 and "x.pt2" in missing.stderr, missing.stderr


def test_console_script_runs_subcommands(tmp_path):
    """A subcommand comes first: the console script adds no --python before
    it (the tool would take `explain` for the input file)."""
    bin_dir = Path(sys.executable).parent
    help_ = subprocess.run([str(bin_dir / "aoti-instrument"), "explain",
                            "--help"], capture_output=True, text=True)
    assert help_.returncode == 0, help_.stderr
    assert "aoti-instrument explain [options] [<core dump>]" in help_.stdout
    not_a_core = tmp_path / "core.1"
    not_a_core.write_text("not an ELF file")
    module = subprocess.run([sys.executable, "-m", "aoti_instrument",
                             "explain", str(not_a_core)],
                            capture_output=True, text=True)
    assert module.returncode == 8, module.stderr
    assert "core.1" in module.stderr
