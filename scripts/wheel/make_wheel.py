#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Makes the aoti-instrument wheel from the fully static tool (cmake's
aoti-instrument-static target, cmake/AOTIPortable.cmake), clang's builtin
headers, the presets, the Python package (python/aoti_instrument) and the
license files of everything linked into the tool; then checks it.

    make_wheel.py --tool BIN --resource-dir DIR --libzip PREFIX \\
                  --version X.Y.Z --out DIST [--sysroot DIR]

The wheel is for the tool's own architecture (its ELF header): x86_64, or
aarch64 when cross-compiled by scripts/build_wheel_aarch64.sh, whose arm64
libraries come from the sysroot --sysroot names (its PACKAGES file gives
their versions for the relinking note).

Layout of the wheel (what the tool and the package look for):

    aoti_instrument/__init__.py ...           the Python API
    aoti_instrument/data/bin/aoti-instrument  the tool
    aoti_instrument/data/lib/clang/<N>/include  clang's builtin headers
    aoti_instrument/data/share/aoti-instrument/yaml-rules/*.yaml  presets
    aoti_instrument-X.Y.Z.dist-info/licenses/...  what is linked in, and how
                                                  to relink with another glibc

Checks, each fatal: the tool has no program interpreter and no dynamic
section (so no NEEDED entry); `auditwheel show` finds no external library
and accepts a platform tag no higher than the one the wheel carries. The tag
is the lowest manylinux tag whose reference system has a kernel the tool
starts on (static glibc refuses kernels older than its ELF ABI note says:
3.2 for Debian bookworm's, so manylinux_2_17, CentOS 7's 3.10; the 2_5 and
2_12 systems had 2.6 kernels), and never lower than what auditwheel
accepts; aarch64 has no tag below manylinux2014 (PEP 599), and its glibc
asks for Linux 3.7. Prints the wheel's path.
"""

import argparse
import base64
import hashlib
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import zipfile

from metadata import core_metadata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
NAME = "aoti_instrument"

# manylinux tags by glibc version, with the kernel of their reference
# system (PEP 513, 571, 599): the lowest one whose kernel the tool accepts.
MANYLINUX_KERNELS = [((2, 5), (2, 6, 18), "manylinux1"),
                     ((2, 12), (2, 6, 32), "manylinux2010"),
                     ((2, 17), (3, 10, 0), "manylinux2014")]
# The ELF machines the wheel is made for (e_machine: platform tag's arch)
# and the lowest manylinux glibc each one has a tag for.
ELF_MACHINES = {62: "x86_64", 183: "aarch64"}
LOWEST_GLIBC = {"x86_64": (2, 5), "aarch64": (2, 17)}

# What the static link takes in, and the Debian files that hold each one's
# license (libzip's comes from its source, --libzip).
LICENSES = [
    ("LLVM-and-Clang", "/usr/share/doc/llvm-19/copyright"),
    ("yaml-cpp", "/usr/share/doc/libyaml-cpp-dev/copyright"),
    ("zlib", "/usr/share/doc/zlib1g/copyright"),
    ("bzip2", "/usr/share/doc/libbz2-1.0/copyright"),
    ("xz-liblzma", "/usr/share/doc/liblzma5/copyright"),
    ("zstd", "/usr/share/doc/libzstd1/copyright"),
    ("GCC-runtime-libstdc++-libgcc", "/usr/share/doc/gcc-12-base/copyright"),
    ("glibc", "/usr/share/doc/libc6/copyright"),
    ("glibc-LGPL-2.1", "/usr/share/common-licenses/LGPL-2.1"),
]

RELINKING = """\
How to relink aoti-instrument with another GNU C Library
==========================================================

The aoti-instrument executable in this wheel (aoti_instrument/data/bin/
aoti-instrument) is linked statically with the GNU C Library (glibc, LGPL
2.1: glibc-LGPL-2.1 here), GCC's libstdc++ and libgcc (GPL 3 with the GCC
Runtime Library Exception), LLVM and Clang (Apache 2.0 with LLVM
exceptions), yaml-cpp (MIT), libzip (BSD 3-clause), zlib, bzip2, xz's
liblzma and zstd; each one's license is in this directory.

It was linked from Debian {debian} packages ({libc}) by
{script} of aoti-instrument {version}, source revision
{revision}. The complete source of aoti-instrument is that revision of its
repository; the source of glibc is in Debian's source package
{libc_source} (`apt-get source {libc_source}`).

To link the tool with a modified glibc, as section 6 of the LGPL allows:
build glibc as a static archive (libc.a and its crt objects), check out the
revision above and run

    scripts/bootstrap.sh
    cmake -S . -B build -DAOTI_PORTABLE=ON \\
      -DCMAKE_EXE_LINKER_FLAGS="-nostartfiles -L<your glibc>/lib ..."
    cmake --build build --target aoti-instrument-static

(or run {script} with that glibc installed as the system's).
The library objects of aoti-instrument (build/lib/libAOTI*.a, one per layer) can
be linked again with any glibc without recompiling them.
"""


def elf_facts(path):
    """(architecture, has PT_INTERP, has PT_DYNAMIC, minimum kernel from
    the ABI note)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise SystemExit(f"{path}: not a 64-bit little-endian ELF file")
    machine, = struct.unpack_from("<H", data, 0x12)
    if machine not in ELF_MACHINES:
        raise SystemExit(f"{path}: ELF machine {machine}, neither x86-64 "
                         "nor AArch64")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    interp = dynamic = False
    kernel = None
    for i in range(phnum):
        p_type, _, p_offset, _, _, p_filesz = struct.unpack_from(
            "<IIQQQQ", data, phoff + i * phentsize)
        interp |= p_type == 3
        dynamic |= p_type == 2
        if p_type == 4:  # PT_NOTE: find NT_GNU_ABI_TAG ("GNU", OS 0 = Linux)
            pos, end = p_offset, p_offset + p_filesz
            while pos + 12 <= end:
                namesz, descsz, ntype = struct.unpack_from("<III", data, pos)
                name = data[pos + 12:pos + 12 + namesz]
                desc_at = pos + 12 + (namesz + 3) // 4 * 4
                if ntype == 1 and name == b"GNU\0" and descsz >= 16:
                    os_id, *version = struct.unpack_from("<IIII", data, desc_at)
                    if os_id == 0:
                        kernel = tuple(version)
                pos = desc_at + (descsz + 3) // 4 * 4
    return ELF_MACHINES[machine], interp, dynamic, kernel


def platform_tags(kernel, arch):
    """The manylinux tags (PEP 600 name, legacy alias) for a tool of `arch`
    that needs at least `kernel`."""
    for glibc, ref_kernel, alias in MANYLINUX_KERNELS:
        if glibc < LOWEST_GLIBC[arch]:
            continue
        if kernel is None or ref_kernel >= kernel:
            return glibc, [f"manylinux_{glibc[0]}_{glibc[1]}_{arch}",
                           f"{alias}_{arch}"]
    raise SystemExit(f"the tool needs Linux {kernel}: newer than any "
                     "manylinux reference system this script knows")


def deb_version(package, field="Version"):
    return subprocess.run(["dpkg-query", "-W", f"-f=${{{field}}}", package],
                          capture_output=True, text=True).stdout.strip()


def sysroot_version(sysroot, package):
    """The version of `package` that arm64_sysroot.sh unpacked."""
    with open(os.path.join(sysroot, "PACKAGES")) as f:
        for line in f:
            name, version, _ = line.split()
            if name == package:
                return version
    raise SystemExit(f"{sysroot}/PACKAGES names no {package}")


def built_from(args, arch):
    """(what the relinking note says the tool was linked from, the build
    script, how to get glibc's source)."""
    if arch == "x86_64":
        libc = deb_version("libc6")
        return ("libc6 " + libc + ", libstdc++ " +
                deb_version("libstdc++-12-dev") + ", llvm " +
                deb_version("llvm-19-dev"),
                "scripts/build_wheel.sh", f"glibc={libc}")
    # Debian's cross toolchain: its arm64 glibc and libstdc++ are built from
    # the cross-toolchain-base and gcc-12-cross source packages, which hold
    # glibc's and GCC's source.
    if not args.sysroot:
        raise SystemExit("an aarch64 tool needs --sysroot (arm64_sysroot.sh)")
    libc = "libc6-dev-arm64-cross"
    source = (deb_version(libc, "source:Package") + "=" +
              deb_version(libc, "source:Version"))
    return (f"{libc} {deb_version(libc)}, libstdc++-12-dev-arm64-cross " +
            deb_version("libstdc++-12-dev-arm64-cross") + ", llvm-19-dev:arm64 " +
            sysroot_version(args.sysroot, "llvm-19-dev"),
            "scripts/build_wheel_aarch64.sh", source)


def git_revision():
    """The checkout's commit, or the one an sdist was made from (its
    SOURCE_REVISION, written by scripts/wheel/aoti_build.py)."""
    recorded = os.path.join(REPO, "SOURCE_REVISION")
    if os.path.exists(recorded) and not os.path.exists(
            os.path.join(REPO, ".git")):
        with open(recorded) as f:
            return f.read().strip() + " (from its sdist)"
    p = subprocess.run(["git", "-C", REPO, "rev-parse", "HEAD"],
                       capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain",
                            "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    rev = p.stdout.strip() or "unknown"
    return rev + (" (with uncommitted changes)" if dirty else "")


def stage(args, root, tags, arch):
    pkg = os.path.join(root, NAME)
    shutil.copytree(os.path.join(REPO, "python", NAME), pkg,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc",
                                                  "_version.py"))
    with open(os.path.join(pkg, "_version.py"), "w") as f:
        f.write(f'"""Written by scripts/wheel/make_wheel.py."""\n'
                f'__version__ = "{args.version}"\n')
    data = os.path.join(pkg, "data")
    os.makedirs(os.path.join(data, "bin"))
    shutil.copyfile(args.tool, os.path.join(data, "bin", "aoti-instrument"))
    os.chmod(os.path.join(data, "bin", "aoti-instrument"), 0o755)
    major = os.path.basename(os.path.normpath(args.resource_dir))
    shutil.copytree(os.path.join(args.resource_dir, "include"),
                    os.path.join(data, "lib", "clang", major, "include"))
    rules = os.path.join(data, "share", "aoti-instrument", "yaml-rules")
    shutil.copytree(os.path.join(REPO, "yaml-rules"), rules)
    info = os.path.join(root, f"{NAME}-{args.version}.dist-info")
    licenses = os.path.join(info, "licenses")
    os.makedirs(licenses)
    for name, src in LICENSES:
        shutil.copyfile(src, os.path.join(licenses, name))
    shutil.copyfile(os.path.join(args.libzip, "LICENSE"),
                    os.path.join(licenses, "libzip"))
    # aoti-instrument's own license, and what it links in (THIRD-PARTY.md).
    for own in ("LICENSE", "THIRD-PARTY.md"):
        shutil.copyfile(os.path.join(REPO, own), os.path.join(licenses, own))
    libc, script, libc_source = built_from(args, arch)
    with open(os.path.join(licenses, "RELINKING"), "w") as f:
        f.write(RELINKING.format(
            debian=open("/etc/debian_version").read().strip(),
            libc=libc, script=script, libc_source=libc_source,
            version=args.version, revision=git_revision()))
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(core_metadata(args.version, [
            f"licenses/{n}" for n in sorted(os.listdir(licenses))]))
    with open(os.path.join(info, "WHEEL"), "w") as f:
        f.write("Wheel-Version: 1.0\n"
                "Generator: aoti-instrument scripts/wheel/make_wheel.py\n"
                "Root-Is-Purelib: false\n" +
                "".join(f"Tag: py3-none-{t}\n" for t in tags))
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        f.write("[console_scripts]\n"
                "aoti-instrument = aoti_instrument._tool:main\n")
    return info


def record_hash(path):
    with open(path, "rb") as f:
        data = f.read()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return "sha256=" + digest.rstrip(b"=").decode(), len(data)


def write_wheel(root, info, wheel):
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            files.append(os.path.relpath(os.path.join(dirpath, name), root))
    record = os.path.relpath(os.path.join(info, "RECORD"), root)
    lines = []
    for rel in files:
        digest, size = record_hash(os.path.join(root, rel))
        lines.append(f"{rel},{digest},{size}")
    lines.append(f"{record},,")
    with open(os.path.join(root, record), "w") as f:
        f.write("\n".join(lines) + "\n")
    # dist-info last, as the wheel spec recommends; fixed times: the same
    # inputs make the same wheel.
    files.sort(key=lambda rel: (rel.startswith(os.path.basename(info)), rel))
    tmp = wheel + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED,
                         compresslevel=9) as z:
        for rel in files + [record]:
            path = os.path.join(root, rel)
            zi = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            mode = os.stat(path).st_mode
            zi.external_attr = (stat.S_IFREG |
                                (0o755 if mode & 0o100 else 0o644)) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(zi, f.read(), compresslevel=9)
    os.replace(tmp, wheel)


def check_auditwheel(wheel, glibc, arch):
    """`auditwheel show` must find no external library and accept a tag no
    higher than the wheel's; returns what it printed."""
    p = subprocess.run([sys.executable, "-m", "auditwheel", "show", wheel],
                       capture_output=True, text=True)
    out = p.stdout + p.stderr
    m = re.search(rf'platform tag:\s*"manylinux_(\d+)_(\d+)_{arch}"', out)
    if p.returncode or not m:
        raise SystemExit(f"auditwheel show refused {wheel}:\n{out}")
    if "requires no external shared libraries" not in out:
        raise SystemExit(f"auditwheel found external libraries:\n{out}")
    accepted = (int(m.group(1)), int(m.group(2)))
    if accepted > glibc:
        raise SystemExit(f"auditwheel accepts manylinux_{accepted[0]}_"
                         f"{accepted[1]} at best, above the wheel's tag:\n{out}")
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tool", required=True, help="the static aoti-instrument")
    p.add_argument("--resource-dir", required=True,
                   help="clang's resource dir (lib/clang/<major>)")
    p.add_argument("--libzip", required=True,
                   help="prefix of static_libzip.sh (its LICENSE)")
    p.add_argument("--version", required=True)
    p.add_argument("--out", required=True, help="directory for the wheel")
    p.add_argument("--sysroot", default="",
                   help="the arm64 sysroot of an aarch64 tool's libraries "
                        "(scripts/wheel/arm64_sysroot.sh)")
    args = p.parse_args()

    arch, interp, dynamic, kernel = elf_facts(args.tool)
    if interp or dynamic:
        raise SystemExit(f"{args.tool} is not fully static (program "
                         f"interpreter: {interp}, dynamic section: {dynamic})")
    glibc, tags = platform_tags(kernel, arch)
    os.makedirs(args.out, exist_ok=True)
    wheel = os.path.join(args.out, f"{NAME}-{args.version}-py3-none-"
                                   f"{'.'.join(tags)}.whl")
    for old in os.listdir(args.out):
        if old.startswith(f"{NAME}-") and old.endswith(".whl"):
            os.remove(os.path.join(args.out, old))
    with tempfile.TemporaryDirectory() as root:
        info = stage(args, root, tags, arch)
        write_wheel(root, info, wheel)
    out = check_auditwheel(wheel, glibc, arch)
    kernel_text = ".".join(map(str, kernel)) if kernel else "?"
    accepted = re.search(r'platform tag:\s*"([^"]+)"', out).group(1)
    print(f"{wheel}: {os.path.getsize(wheel) / 1e6:.1f} MB, tagged "
          f"{'.'.join(tags)}; the {arch} tool is static (no interpreter, no NEEDED), "
          f"for Linux {kernel_text} and newer; auditwheel show accepts "
          f"{accepted}")


if __name__ == "__main__":
    main()
