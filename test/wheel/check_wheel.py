#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the wheel scripts/wheel/make_wheel.py made, as a user's machine
would see it:

    check_wheel.py WHEEL|DIR --readelf LLVM_READELF --auditwheel-python PY \\
                   --torch-include DIR --wrapper WRAPPER.cpp [--emulator EXE]

- its contents: the tool (executable), clang's builtin headers, every
  preset of the checkout, the license of everything linked in and the
  relinking note, the console script, tags that match its name;
- the tool, by llvm-readelf: the ELF machine of the wheel's tag (x86_64 or
  aarch64), no program interpreter, no dynamic section (so no NEEDED entry);
- auditwheel show: no external library, a tag no higher than the wheel's;
- the tool unpacked alone, run with an empty environment (no HOME, no
  PATH) and, where `unshare` can, with /usr/lib/llvm-19 hidden: --version,
  --list-presets, and a wrapper instrumented with a preset by name, parsed
  with the wheel's own builtin headers. A tool of another architecture than
  this machine's (the aarch64 wheel of scripts/build_wheel_aarch64.sh on
  x86-64) runs under --emulator, by default qemu-<arch>-static or
  qemu-<arch> from PATH (Debian: qemu-user-static).
"""
import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FAILURES = []
# The wheel's architecture (its platform tag) and the ELF machine its tool
# must have, as llvm-readelf names it.
READELF_MACHINES = {"x86_64": "Advanced Micro Devices X86-64",
                    "aarch64": "AArch64"}


def check(cond, what, detail=""):
    print(("PASS " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)
        if detail:
            print(detail)


def contents(wheel):
    with zipfile.ZipFile(wheel) as z:
        infos = {i.filename: i for i in z.infolist()}
        meta = {n: z.read(n).decode() for n in infos
                if ".dist-info/" in n and (n.count("/") == 1 or
                                           n.endswith("/THIRD-PARTY.md"))}
    names = set(infos)
    data = "aoti_instrument/data/"
    exe = infos.get(data + "bin/aoti-instrument")
    check(exe is not None and (exe.external_attr >> 16) & 0o111,
          "the tool is in the wheel, executable")
    check(any(re.fullmatch(data + r"lib/clang/\d+/include/stddef\.h", n)
              for n in names), "clang's builtin headers are beside it")
    presets = sorted(f for f in os.listdir(os.path.join(REPO, "yaml-rules"))
                     if f.endswith(".yaml"))
    check(all(data + "share/aoti-instrument/yaml-rules/" + p in names
              for p in presets), f"every preset is there ({len(presets)})")
    licenses = {n.rsplit("/", 1)[1] for n in names if "/licenses/" in n}
    for need in ("LLVM-and-Clang", "yaml-cpp", "libzip", "zlib", "bzip2",
                 "xz-liblzma", "zstd", "GCC-runtime-libstdc++-libgcc",
                 "glibc", "glibc-LGPL-2.1", "RELINKING"):
        check(need in licenses, f"license file {need}")
    check("LICENSE" in licenses and "THIRD-PARTY.md" in licenses,
          "aoti-instrument's own LICENSE and THIRD-PARTY.md")
    metadata = next(v for k, v in meta.items() if k.endswith("/METADATA"))
    check("License-Expression: Apache-2.0 WITH LLVM-exception\n" in metadata,
          "METADATA: License-Expression")
    check(all(f"License-File: licenses/{n}\n" in metadata for n in licenses),
          "METADATA: a License-File line for each license file")
    third = next((v for k, v in meta.items() if k.endswith("THIRD-PARTY.md")), "")
    check(all(f"`{n}`" in third for n in licenses
              if n not in ("LICENSE", "THIRD-PARTY.md")),
          "THIRD-PARTY.md names every license file the wheel carries")
    wheel_file = next(v for k, v in meta.items() if k.endswith("/WHEEL"))
    tags = re.findall(r"^Tag: (\S+)$", wheel_file, re.M)
    name_tags = os.path.basename(wheel)[:-4].split("-", 2)[2]
    expanded = ["py3-none-" + p for p in name_tags.split("-", 2)[2].split(".")]
    check(tags == expanded and "Root-Is-Purelib: false" in wheel_file,
          f"WHEEL tags {tags} match the file name")
    entry = next(v for k, v in meta.items() if k.endswith("entry_points.txt"))
    check("aoti-instrument = aoti_instrument._tool:main" in entry,
          "the console script aoti-instrument")
    glibc = re.search(r"manylinux_(\d+)_(\d+)_(x86_64|aarch64)$",
                      name_tags.split(".")[0])
    check(glibc is not None, f"a manylinux tag of x86_64 or aarch64: {name_tags}")
    if glibc is None:
        sys.exit(1)
    return (int(glibc.group(1)), int(glibc.group(2))), glibc.group(3)


def static_binary(exe, readelf, arch):
    p = subprocess.run([readelf, "--file-header", "--program-headers",
                        "--dynamic-table", exe],
                       capture_output=True, text=True)
    out = p.stdout + p.stderr
    machine = re.search(r"^\s*Machine:\s*(.+?)\s*$", out, re.M)
    check(machine is not None and machine.group(1) == READELF_MACHINES[arch],
          f"the tool's ELF machine is {arch}'s "
          f"({machine.group(1) if machine else '?'})", out[:2000])
    # llvm-readelf prints the program headers (LOAD...) and, for a dynamic
    # executable, INTERP, DYNAMIC and "Dynamic section at ...: (NEEDED)".
    check(p.returncode == 0 and " LOAD " in out and
          not re.search(r"\bINTERP\b|\bDYNAMIC\b|Dynamic section|NEEDED", out),
          "the tool has no interpreter and no dynamic section (no NEEDED)",
          out[-2000:])
    control = subprocess.run([readelf, "--program-headers", "--dynamic-table",
                              sys.executable], capture_output=True, text=True)
    check("INTERP" in control.stdout and "Dynamic section" in control.stdout,
          "(the same check sees them in a dynamic executable: "
          f"{sys.executable})")


def auditwheel(wheel, python, tag_glibc, arch):
    p = subprocess.run([python, "-m", "auditwheel", "show", wheel],
                       capture_output=True, text=True)
    out = p.stdout + p.stderr
    m = re.search(rf'platform tag:\s*"manylinux_(\d+)_(\d+)_{arch}"', out)
    check(p.returncode == 0 and m and
          (int(m.group(1)), int(m.group(2))) <= tag_glibc and
          "requires no external shared libraries" in out,
          f"auditwheel show accepts it at manylinux_{tag_glibc[0]}_"
          f"{tag_glibc[1]} or lower ({m.group(0) if m else '?'})", out)


def run_alone(cmd, cwd):
    """cmd in an empty environment, LLVM hidden where unshare can."""
    hide = "/usr/lib/llvm-19"
    if os.path.isdir(hide) and subprocess.run(
            ["unshare", "-m", "true"], capture_output=True).returncode == 0:
        empty = os.path.join(cwd, "empty")
        os.makedirs(empty, exist_ok=True)
        cmd = ["unshare", "-m", "sh", "-c",
               'mount --bind "$1" "$2" && shift 2 && exec "$@"', "sh",
               empty, hide] + cmd
    return subprocess.run(cmd, capture_output=True, text=True, env={},
                          cwd=cwd)


def emulator_for(arch, given):
    """The command prefix that runs a tool of `arch` here: none on its own
    architecture, else the emulator (given or qemu's from PATH)."""
    if arch == platform.machine():
        return []
    # A name is looked up on PATH, as a shell would.
    exe = (shutil.which(given) if given else None) or \
        shutil.which(f"qemu-{arch}-static") or shutil.which(f"qemu-{arch}")
    check(bool(exe), f"an emulator runs the {arch} tool on this "
          f"{platform.machine()} machine (qemu-{arch}-static: Debian's "
          "qemu-user-static)")
    if exe:
        print(f"(the {arch} tool runs under {exe})")
    # Static: it still runs with the environment emptied and LLVM hidden.
    return [os.path.abspath(exe)] if exe else None


def unpacked_tool(wheel, torch_include, wrapper, tmp, emulator):
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp)
    exe = os.path.join(tmp, "aoti_instrument", "data", "bin", "aoti-instrument")
    os.chmod(exe, 0o755)
    if emulator is None:
        return exe
    exe_cmd = emulator + [exe]
    p = run_alone(exe_cmd + ["--version"], tmp)
    check(p.returncode == 0 and p.stdout.startswith("aoti-instrument "),
          "--version with an empty environment", p.stderr)
    p = run_alone(exe_cmd + ["--list-presets"], tmp)
    check(p.returncode == 0 and "nan-hunt " in p.stdout,
          "--list-presets with an empty environment", p.stderr)
    out = os.path.join(tmp, "out.cpp")
    p = run_alone(exe_cmd + [wrapper, "-rules", "nan-hunt", "-o", out,
                   "--torch-include=" + torch_include], tmp)
    check(p.returncode == 0 and os.path.getsize(out) > 0 and
          "launch sites" in p.stdout + p.stderr,
          "a wrapper instrumented with -rules nan-hunt, with the wheel's "
          "builtin headers", p.stdout + p.stderr)
    return exe


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("wheel", help="the wheel, or a directory holding one")
    p.add_argument("--readelf", required=True)
    p.add_argument("--auditwheel-python", required=True)
    p.add_argument("--torch-include", required=True)
    p.add_argument("--wrapper", required=True)
    p.add_argument("--emulator", default="",
                   help="runs a tool of another architecture (default: "
                        "qemu-<arch>-static or qemu-<arch> from PATH)")
    a = p.parse_args()
    wheels = [a.wheel] if os.path.isfile(a.wheel) else [
        os.path.join(a.wheel, f) for f in os.listdir(a.wheel)
        if f.startswith("aoti_instrument-") and f.endswith(".whl")]
    check(len(wheels) == 1, f"one wheel in {a.wheel}: {wheels}")
    if len(wheels) != 1:
        sys.exit(1)
    tag_glibc, arch = contents(wheels[0])
    emulator = emulator_for(arch, a.emulator)
    with tempfile.TemporaryDirectory() as tmp:
        exe = unpacked_tool(wheels[0], a.torch_include, a.wrapper, tmp,
                            emulator)
        static_binary(exe, a.readelf, arch)
    auditwheel(wheels[0], a.auditwheel_python, tag_glibc, arch)
    print(f"{len(FAILURES)} failed" if FAILURES else "all checks passed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
