#!/usr/bin/env python3
"""An independent check of --list=json: finds launch calls in run_impl by
their spelling (the tool itself uses the AST), and compares kernel names in
order. Prints `oracle: N sites agree` or each difference, exits 1 on any.

    launch-oracle.py wrapper.cpp sites.json
    launch-oracle.py --all INPUTS_DIR -- TOOL_ARGS...   (every */wrapper.cpp,
        listed by `aoti-instrument W --list=json TOOL_ARGS...`)
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


def compare(wrapper, inventory):
    text = open(wrapper).read()
    sites = [s for s in inventory["sites"] if s["function"] == "run_impl"]
    found = []
    for line in run_impl_lines(text):
        if line.strip().startswith("//"):
            continue
        for m in CALL.finditer(line):
            if m.group(2):
                found.append(m.group(2))
            elif m.group(3) and not UTILITY.match(m.group(3)):
                found.append(m.group(3))
            elif m.group(4):
                found.append(m.group(4))
            elif m.group(1).startswith("aoti_torch_proxy"):
                found.append(m.group(1))
    listed = [s["kernel"] for s in sites]
    if found == listed:
        print(f"oracle: {len(found)} sites agree")
        return 0
    print(f"oracle: {len(found)} calls found by spelling, {len(listed)} listed")
    for i, (a, b) in enumerate(zip(found, listed)):
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
