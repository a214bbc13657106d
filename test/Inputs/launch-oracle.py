#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""An independent check of --list=json: finds launch calls in run_impl by
their spelling (the tool itself uses the AST), and compares kernel names in
order. Prints `oracle: N sites agree` or each difference, exits 1 on any.

    launch-oracle.py wrapper.cpp sites.json
    launch-oracle.py --all INPUTS_DIR -- TOOL_ARGS...   (every */wrapper.cpp,
        listed by `aoti-instrument W --list=json TOOL_ARGS...`)

On CUDA wrappers it also compares each launch's stream (multi-stream AOTI,
torch 2.14+), found from the stream-guard lines and the helpers' stream
argument.
"""
import glob
import os
import subprocess
import json
import re
import sys

UTILITY = re.compile(r"aoti_torch_(get_|empty_strided|create_|clone|delete_|new_|"
                     r"dtype_|device_type_|item_|scalar_to_tensor|wrap_|assign_|"
                     r"check_|print_|_reinterpret|_alloc_from_pool|as_strided|"
                     r"grad_mode|proxy_executor_call_function)")
CALL = re.compile(r"\b(call_(\w+)|(aoti_torch_\w+)|(cpp_fused_\w+)|"
                  r"aoti_torch_proxy_executor_call_function)\(")


def run_impl_lines(text):
    start = text.index("void AOTInductorModel::run_impl(")
    end = text.index("} // AOTInductorModel::run_impl", start)
    return text[start:end].splitlines()


# Multi-stream AOTI (torch 2.14+): `cudaStream_t stream1 =
# _aoti_aux_stream_cache.get(1, ...)`; extern ops run on the stream that
# `_aoti_current_stream_guard = std::make_unique<AOTICudaStreamGuard>(S, ...)`
# set until `_aoti_current_stream_guard.reset()`; a call_ helper runs on the
# stream passed before `kernels`.
AUX_VAR = re.compile(r"cudaStream_t (\w+) = _aoti_aux_stream_cache\.get\((\d+),")
AUX_GET = re.compile(r"^_aoti_aux_stream_cache\.get\((\d+),")
GUARD_SET = re.compile(r"_aoti_current_stream_guard = std::make_unique<"
                       r"AOTICudaStreamGuard>\((.*), this->device_idx_\);")
GUARD_RESET = "_aoti_current_stream_guard.reset();"
HELPER_STREAM = re.compile(r"this->device_idx_, (\w+), kernels, ")


def stream_name(expr, aux_vars):
    """What --list=json calls the stream spelled `expr`."""
    m = AUX_GET.match(expr)
    if m and m.group(1) in aux_vars:
        return aux_vars[m.group(1)]
    return expr


def compare(wrapper, inventory):
    text = open(wrapper).read()
    sites = [s for s in inventory["sites"] if s["function"] == "run_impl"]
    found = []
    streams = []
    aux_vars = {}
    current = "stream"
    for line in run_impl_lines(text):
        if line.strip().startswith("//"):
            continue
        if m := AUX_VAR.search(line):
            aux_vars[m.group(2)] = m.group(1)
        if m := GUARD_SET.search(line):
            current = stream_name(m.group(1), aux_vars)
        elif GUARD_RESET in line:
            current = "stream"
        for m in CALL.finditer(line):
            if m.group(2):
                found.append(m.group(2))
                h = HELPER_STREAM.search(line, m.end())
                streams.append(h.group(1) if h else "stream")
            elif m.group(3) and not UTILITY.match(m.group(3)):
                found.append(m.group(3))
                streams.append(current)
            elif m.group(4):
                found.append(m.group(4))
                streams.append("stream")
            elif m.group(1).startswith("aoti_torch_proxy"):
                found.append(m.group(1))
                streams.append(current)
    listed = [s["kernel"] for s in sites]
    # CPU launches have no stream; inventories without the field are old.
    listed_streams = [s.get("stream", "stream") for s in sites]
    if found == listed and (inventory["device"] != "cuda" or
                            streams == listed_streams):
        on = sorted(set(streams) - {"stream"})
        print(f"oracle: {len(found)} sites agree" +
              (f" (also on {', '.join(on)})" if on else ""))
        return 0
    print(f"oracle: {len(found)} calls found by spelling, {len(listed)} listed")
    for i, (a, b) in enumerate(zip(zip(found, streams),
                                   zip(listed, listed_streams))):
        if a != b:
            print(f"  first difference at #{i}: spelling {a}, listed {b}")
            break
    return 1


def main(argv):
    if argv[1] != "--all":
        return compare(argv[1], json.load(open(argv[2])))
    failed = 0
    for w in sorted(glob.glob(os.path.join(argv[2], "*", "wrapper.cpp"))):
        r = subprocess.run(["aoti-instrument", w, "--list=json"] + argv[4:],
                           capture_output=True, text=True)
        print(os.path.basename(os.path.dirname(w)), r.returncode, end=" ")
        failed |= r.returncode or compare(w, json.loads(r.stdout))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
