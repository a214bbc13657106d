#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the runtime's files from Python, as a user would read them.

  check_outputs.py saves BINARY OUTDIR   saves load with safetensors.torch
  check_outputs.py jsonl BINARY OUTDIR   every JSON line parses

Runs the GoogleTest binary's producer (PythonFixture.*) with
AOTI_RT_TEST_OUT=OUTDIR, then checks what it wrote.
"""
import json
import math
import os
import shutil
import subprocess
import sys


def run_producer(binary, out, name):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = dict(os.environ, AOTI_RT_TEST_OUT=out)
    proc = subprocess.run([binary, "--gtest_filter=PythonFixture." + name],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0 or "[  PASSED  ] 1 test" not in proc.stdout:
        sys.exit(f"producer {name} failed:\n{proc.stdout}\n{proc.stderr}")
    return os.path.join(out, "PythonFixture." + name)


def check_saves(binary, out):
    import torch
    from safetensors import safe_open
    from safetensors.torch import load_file

    d = run_producer(binary, out, "WriteSaves")
    with open(os.path.join(d, "expected.json")) as f:
        expected = json.load(f)
    session = expected["session"]
    names = sorted(os.listdir(session))
    want = sorted(list(expected["files"]) + ["manifest.jsonl"])
    assert names == want, f"session holds {names}, expected {want}"
    checked = 0
    for fname, tensors in expected["files"].items():
        path = os.path.join(session, fname)
        loaded = load_file(path)
        assert sorted(loaded) == sorted(tensors), (fname, sorted(loaded))
        for name, (dtype, shape, values) in tensors.items():
            t = loaded[name]
            assert t.dtype == getattr(torch, dtype), (fname, name, t.dtype)
            assert list(t.shape) == shape, (fname, name, t.shape)
            assert t.is_contiguous()
            got = t.float().flatten().tolist() if dtype != "bool" else \
                t.flatten().tolist()
            if dtype == "int64":
                got = t.flatten().tolist()  # exact, beyond float precision
            for g, w in zip(got, values):
                if w == "nan":
                    assert math.isnan(g), (fname, name, got)
                else:
                    assert g == w, (fname, name, got, values)
            checked += 1
        with safe_open(path, framework="pt") as f:
            meta = f.metadata()
        run, ordinal = fname[3:].split("_")[:2]
        assert meta["run"] == run and meta["ordinal"] == ordinal, meta
        assert meta["phase"] in fname, meta
    manifest = [json.loads(l) for l in open(os.path.join(session,
                                                         "manifest.jsonl"))]
    assert sorted(m["file"] for m in manifest) == sorted(expected["files"])
    for m in manifest:
        for key in ("run", "ordinal", "kernel", "phase", "line", "tensors"):
            assert key in m, (key, m)
        saved = load_file(os.path.join(session, m["file"]))
        for t in m["tensors"]:
            assert list(saved[t["name"]].shape) == t["shape"], (m, t)
            assert str(saved[t["name"]].dtype) == "torch." + t["dtype"], t
    print(f"ok: {checked} tensors in {len(expected['files'])} files, "
          f"{len(manifest)} manifest lines")


def check_jsonl(binary, out):
    d = run_producer(binary, out, "WriteJsonl")
    path = os.path.join(d, "events.jsonl")
    events = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"{path}:{n}: not JSON ({e}): {line!r}")
    kinds = [e["event"] for e in events]
    for want in ("guard", "launch", "stats", "values", "nan", "saved"):
        assert want in kinds, (want, kinds)
    for e in events:
        assert e["run"] == 1, e
    stats = {e["tensor"]: e for e in events if e["event"] == "stats"}
    buf = stats['buf"quoted\\name']
    assert buf["nan"] == 1 and buf["inf"] == 2 and buf["min"] == 1.0, buf
    assert buf["shape"] == [2, 2] and buf["dtype"] == "float32", buf
    assert stats["ids"]["max"] == 5000, stats["ids"]
    nan = next(e for e in events if e["event"] == "nan")
    assert nan["tensors"][0]["nan"] == 1 and nan["inputs_clean"], nan
    values = next(e for e in events if e["event"] == "values"
                  and e["tensor"] == "ids")
    assert values["values"] == [1, 5000, 7], values
    fvalues = next(e for e in events if e["event"] == "values"
                   and e["tensor"] != "ids")
    assert fvalues["values"] == [1.0, "nan", "inf", "-inf"], fvalues
    guards = [e for e in events if e["event"] == "guard"]
    assert any("value 5000 out of range [0, 999]" in p
               for g in guards for p in g["problems"]), guards
    assert any("input dims differ" in g["message"] for g in guards), guards
    print(f"ok: {len(events)} events parsed: {sorted(set(kinds))}")


def main():
    mode, binary, out = sys.argv[1:4]
    {"saves": check_saves, "jsonl": check_jsonl}[mode](binary, out)


if __name__ == "__main__":
    main()
