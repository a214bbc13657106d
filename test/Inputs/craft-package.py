#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper (no fixture): writes one hostile package (or rules file) for
the security tests (test/security/).

    craft-package.py CASE OUT [--scratch DIR]
    craft-package.py --list

Every package starts from the real CPU fixture (mlp_cpu/wrapper.cpp and
kernel.cpp, stored as m.wrapper.cpp and m.kernel.cpp in
pkg/data/aotinductor/model/, as make-package.py does) and a small .so with a
weights blob (make-package.py's `so:N`), then changes one thing: the
recorded build commands (the `// Compile cmd` / `// Link cmd` trailers at
the end of both files, which the rebuild runs), the .so, the archive, or it
writes a rules file instead. The payloads live in the scratch dir DIR
(default OUT.scratch, made here) and can only ever create the marker file
DIR/marker-<CASE>: a test checks that no DIR/marker-* exists afterwards.
DIR/out/ is made empty: cases that name outputs name them there, so a test
checks that it stays empty. DIR/pkg/ holds the model's sources as stored in
the package (for the wrapper form: aoti-instrument DIR/pkg/m.wrapper.cpp).

Cases (the flag cases name the command they change: the wrapper's compile,
the kernels' compile or the link):

  compiler-sh         compiler `/bin/sh -c "touch DIR/marker-..."`
  compiler-sh-name    the same with a bare `sh`
  compiler-python     compiler `python3 -c "open('DIR/marker-...','w')"`
  compiler-script     compiler `/bin/sh`; kernel.cpp is also a shell script
                      (`#if 0` / `touch ...; exit 0` / `#endif`, still C++)
  compiler-in-package compiler DIR/bin/g++, a script that touches the marker
                      and runs g++; the package holds the same script as
                      entry `g++` (mode 0755) in its model folder (no
                      trailer can name it there: the work dir's name is
                      random), and DIR/pkg/m.wrapper.cpp records
                      DIR/pkg/g++ (beside it)
  notcpp              a "wrapper" that is a shell script, with a /bin/sh
                      compile and link trailer
  flag-wrapper        wrapper's compile: -wrapper "/bin/sh,-c,touch DIR/marker-..."
  flag-plugin         kernels' compile: -fplugin=DIR/evil.so
  flag-specs          wrapper's compile: -specs=DIR/evil.specs (as and ld
                      replaced by DIR/fakebin/ scripts)
  flag-B              kernels' compile and link: -B DIR/fakebin/ (as, ld)
  flag-rsp            wrapper's compile: @DIR/rsp.txt (holds a -wrapper)
  flag-ld-plugin      link: -Wl,--plugin,DIR/evil.so
  flag-depfile        kernels' compile: -MD -MF DIR/out/dep.d
  flag-ld-output      link: -Wl,-o,DIR/out/x.so
  flag-ld-map         link: -Wl,-Map=DIR/out/map.txt
  flag-fuse-ld        link: -fuse-ld=DIR/fakebin/ld
  flag-xclang-load    wrapper's compile: -Xclang -load -Xclang DIR/evil.so
  flag-iquote         wrapper's compile: -iquote DIR/inc
  flag-idirafter      kernels' compile: -idirafter DIR/inc
  flag-include-dir    kernels' compile: -IDIR/inc (before torch's: its
                      cpp_prefix.h, an #error, would win)
  flag-lib-dir        link: -L DIR/lib (holds a libtorch.so linker script
                      naming DIR/evil.so)
  flags-all           every flag above but a -D, each in its command
  section-name        the weights' section is named
                      `.lrodata,"a"\\n.incbin "DIR/secret"\\n#` (patched into
                      .shstrtab); DIR/secret holds aoti-secret-0c7f3e9b1a
  symbol-name         a blob `__x"\\n.incbin "DIR/secret` + _start/_end
                      (patched into the symbol tables) that the wrapper
                      names in a comment, as AOTI's embedded cubins are named
  zip-bomb-model      a 1 GiB entry of zeros (about 5 MB deflated) in the
                      model folder
  zip-bomb-outside    the same as pkg/extra/bomb.bin
  many-entries        70000 tiny entries in the model folder
  big-stored          one 3 MB stored entry in the model folder
  trailer-claims      the weights blob says 4 GiB are appended after the
                      ELF image (size + 8, then the magic number; torch's
                      model_base.h and codecache.py); 2 MB are
  trailer-ok          8 MB of weights really appended, as torch does
                      (16 KiB aligned, the magic number last)
  elf-symtab-huge     .symtab's section header says sh_size = 2^40
  rules-regex         OUT is a rules file whose kernel_regex is
                      ((((a{0,255}){0,255}){0,255}){0,255})
  rules-deep          OUT is a rules file nested 100000 flow sequences deep
  rules-big-scalar    OUT is a rules file with a 50 MB scalar on one line,
                      a syntax error at its end
  escape-include      the wrapper's compile has -I to a dir whose name holds
                      an ESC sequence (\\x1b[31m) and a carriage return
  flag-opt-info       kernels' compile: -fopt-info-all=.bashrc (relative:
                      the compiler's working directory)
  flag-compare-debug  kernels' compile: -fcompare-debug=-B. (the driver runs
                      again with -B.: a cc1plus in its working directory)
  flag-writes         wrapper's compile: -foptimization-record-file,
                      -frewrite-map-file, -fbasic-block-sections=list,
                      -fmemory-profile, -fopt-info-all, each naming DIR/out/
  flag-include-file   wrapper's compile: -include DIR/secret.h (the analysis
                      and the compile would quote it)
  flag-define-backtick wrapper's compile: -DAOTI_X=`touch DIR/marker-...`
                      (a shell running the printed command would run it)
  name-newline        the model's folder is named `mo\\ndel` (a newline)
  name-escape         the wrapper's entry name holds \\x1b]0;pwned\\x07
  asm-incbin          kernel.cpp has asm(".incbin \\"DIR/secret\\"")
  asm-fill            kernel.cpp has a 400 MB .fill in its data
  cpu-loop            kernel.cpp has a constexpr loop of 2^34 steps in
                      2^17-step nests (past GCC's per-loop limit, under its
                      2^33-operation limit only after minutes)
  include-secret      the wrapper includes DIR/secret.h by absolute path

Needs g++ (and gcc) on PATH. Generation takes well under 15 s for every case
(the zip bombs about 2 s each: zlib level 1, streamed).
"""
import argparse
import importlib.util
import os
import stat
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MLP = os.path.join(HERE, "mlp_cpu")

_spec = importlib.util.spec_from_file_location(
    "make_package", os.path.join(HERE, "make-package.py"))
make_package = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_package)

ARCHIVE = "pkg"
MODEL_DIR = f"{ARCHIVE}/data/aotinductor/model"
RECORDED = "/opt/gcc/bin/g++"  # the fixtures' recorded compiler
SECRET = "aoti-secret-0c7f3e9b1a"  # in DIR/secret
TRAILER_MAGIC = 0x0123456789ABCDEF  # any value: torch picks a random one

# Which recorded command each flag case changes, and what it inserts
# ({D}: the scratch dir, {M}: the marker).
FLAGS = {
    "flag-wrapper": (["wrapper"], '-wrapper "/bin/sh,-c,touch {M}"'),
    "flag-plugin": (["kernel"], "-fplugin={D}/evil.so"),
    "flag-specs": (["wrapper"], "-specs={D}/evil.specs"),
    "flag-B": (["kernel", "link"], "-B {D}/fakebin/"),
    "flag-rsp": (["wrapper"], "@{D}/rsp.txt"),
    "flag-ld-plugin": (["link"], "-Wl,--plugin,{D}/evil.so"),
    "flag-depfile": (["kernel"], "-MD -MF {D}/out/dep.d"),
    "flag-ld-output": (["link"], "-Wl,-o,{D}/out/x.so"),
    "flag-ld-map": (["link"], "-Wl,-Map={D}/out/map.txt"),
    "flag-fuse-ld": (["link"], "-fuse-ld={D}/fakebin/ld"),
    "flag-xclang-load": (["wrapper"], "-Xclang -load -Xclang {D}/evil.so"),
    "flag-iquote": (["wrapper"], "-iquote {D}/inc"),
    "flag-idirafter": (["kernel"], "-idirafter {D}/inc"),
    "flag-include-dir": (["kernel"], "-I{D}/inc"),
    "flag-lib-dir": (["link"], "-L {D}/lib"),
    # GCC writes FILE relative to its working directory (the user's, before
    # the sandbox): a `.bashrc` there got the kernel paths' notes.
    "flag-opt-info": (["kernel"], "-fopt-info-all=.bashrc"),
    # Re-runs the driver with -B.: a cc1plus in the working directory ran.
    "flag-compare-debug": (["kernel"], "-fcompare-debug=-B."),
    "flag-writes": (["wrapper"],
                    "-foptimization-record-file={D}/out/record "
                    "-frewrite-map-file={D}/out/map "
                    "-fbasic-block-sections=list={D}/out/sections "
                    "-fmemory-profile={D}/out/profile "
                    "-fopt-info-all={D}/out/opt"),
    "flag-include-file": (["wrapper"], "-include {D}/secret.h"),
    "flag-define-backtick": (["wrapper"], "'-DAOTI_X=`touch {M}`'"),
}

# Flags the rebuild keeps: their attack is on the printed command only.
KEPT = {"flag-define-backtick"}

CASES = [
    "compiler-sh", "compiler-sh-name", "compiler-python", "compiler-script",
    "compiler-in-package", "notcpp", *FLAGS, "flags-all", "section-name",
    "symbol-name", "zip-bomb-model", "zip-bomb-outside", "many-entries",
    "big-stored", "trailer-claims", "trailer-ok", "elf-symtab-huge",
    "rules-regex", "rules-deep", "rules-big-scalar", "escape-include",
    "name-newline", "name-escape", "asm-incbin", "asm-fill", "cpu-loop",
    "include-secret",
]


# ---------------------------------------------------------------------------
# Sources and their recorded commands
# ---------------------------------------------------------------------------

def fixture(name):
    with open(os.path.join(MLP, name)) as f:
        return f.read()


def edit_command(text, label, edit):
    """Applies EDIT to the command recorded under `// LABEL` in TEXT."""
    head = f"// {label}\n// "
    start = text.index(head) + len(head)
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return text[:start] + edit(text[start:end]) + text[end:]


def set_compiler(text, compiler):
    """Every recorded command of TEXT run by COMPILER instead."""
    out = text.replace(f"// {RECORDED} ", f"// {compiler} ")
    assert out != text
    return out


def insert_after_compiler(flags):
    def edit(command):
        program, rest = command.split(" ", 1)
        return f"{program} {flags} {rest}"
    return edit


class Sources:
    """The model's wrapper and kernel sources, edited per case."""

    def __init__(self):
        self.wrapper = fixture("wrapper.cpp")
        self.kernel = fixture("kernel.cpp")

    def insert(self, where, flags):
        for w in where:
            if w == "wrapper":
                self.wrapper = edit_command(
                    self.wrapper, "Compile cmd", insert_after_compiler(flags))
            elif w == "link":
                self.wrapper = edit_command(
                    self.wrapper, "Link cmd", insert_after_compiler(flags))
            elif w == "kernel":
                self.kernel = edit_command(
                    self.kernel, "Compile cmd", insert_after_compiler(flags))
            else:
                raise ValueError(w)

    def set_compiler(self, compiler):
        self.wrapper = set_compiler(self.wrapper, compiler)
        self.kernel = set_compiler(self.kernel, compiler)


# ---------------------------------------------------------------------------
# Files of the scratch dir
# ---------------------------------------------------------------------------

def write(path, data, mode=None):
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    if mode is not None:
        os.chmod(path, mode)


def touch_script(marker, then="exit 1"):
    return f"#!/bin/sh\ntouch {marker}\n{then}\n"


def write_secret(scratch):
    """DIR/secret and DIR/secret.h: the secret, as data and as a header
    that would quote it in an error."""
    write(os.path.join(scratch, "secret"), SECRET + "\n")
    write(os.path.join(scratch, "secret.h"), f'#error "{SECRET}"\n')


def make_payloads(scratch, marker):
    """What the flag cases point at; each only creates MARKER."""
    write_secret(scratch)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "evil.c")
        write(src, f"""\
#include <fcntl.h>
#include <unistd.h>
/* Runs when loaded: as a gcc plugin, an ld plugin or a clang plugin. */
__attribute__((constructor)) static void evil(void) {{
  int fd = open("{marker}", O_WRONLY | O_CREAT, 0644);
  if (fd >= 0) close(fd);
}}
int plugin_is_GPL_compatible;
int plugin_init(void *info, void *args) {{ return 0; }}
int onload(void *tv) {{ return 0; }}
""")
        subprocess.run(["gcc", "-shared", "-fPIC", src, "-o",
                        os.path.join(scratch, "evil.so")], check=True)
    # Scripts that touch the marker, then do the real tool's job.
    write(os.path.join(scratch, "fakebin", "as"),
          touch_script(marker, 'exec as "$@"'), 0o755)
    write(os.path.join(scratch, "fakebin", "ld"),
          touch_script(marker, 'exec ld "$@"'), 0o755)
    write(os.path.join(scratch, "evil.specs"), f"""\
*invoke_as:
%{{!S:-o %|.s |
 {scratch}/fakebin/as %(asm_options) %m.s %A }}

*linker:
{scratch}/fakebin/ld

""")
    write(os.path.join(scratch, "rsp.txt"),
          f'-wrapper "/bin/sh,-c,touch {marker}"\n')
    # A header that shadows torch's, should the dir ever be searched.
    write(os.path.join(scratch, "inc", "torch", "csrc", "inductor",
                       "cpp_prefix.h"),
          '#error "the package\'s own include dir was used"\n')
    # A library dir whose libtorch.so is a linker script pulling in the
    # plugin (it would run when the model is loaded).
    write(os.path.join(scratch, "lib", "libtorch.so"),
          f"INPUT({scratch}/evil.so)\n")


# ---------------------------------------------------------------------------
# Shared libraries
# ---------------------------------------------------------------------------

def weights_so(tmp, n=256):
    return make_package.shared_library(tmp, n)


def asm_so(tmp, asm, name="w"):
    path = os.path.join(tmp, name + ".s")
    write(path, asm + '\t.section .note.GNU-stack,"",@progbits\n')
    return make_package.link_shared(tmp, path, name)


def blob_asm(section, symbol, data_lines):
    return (f'\t.section {section}, "a"\n\t.balign 64\n'
            f"\t.globl {symbol}_start\n{symbol}_start:\n{data_lines}\n"
            f"\t.globl {symbol}_end\n{symbol}_end:\n")


def byte_lines(n):
    return "\n".join(f"\t.byte {i * 7 % 256}" for i in range(n))


def patch_unique(path, old, new):
    """Replaces every NUL-delimited string OLD in the file by NEW (same
    length: the string tables keep their layout)."""
    assert len(old) == len(new), (old, new)
    with open(path, "rb") as f:
        data = f.read()
    count = data.count(b"\0" + old + b"\0")
    assert count >= 1, old
    data = data.replace(b"\0" + old + b"\0", b"\0" + new + b"\0")
    write(path, data)
    return count


def page_append(path, payload):
    """Appends PAYLOAD 16 KiB aligned, as codecache.py does."""
    with open(path, "ab") as f:
        size = f.tell()
        f.write(b" " * (16384 - size % 16384))
        f.write(payload)


def trailer_so(tmp, claimed, appended):
    """A .so whose 16-byte blob says CLAIMED bytes (weights + 8) follow the
    image, followed by APPENDED."""
    so = asm_so(tmp, blob_asm(".lrodata", "_binary_constants_bin",
                              f"\t.quad {claimed}\n\t.quad {TRAILER_MAGIC}"))
    page_append(so, appended)
    return so


def huge_symtab_so(tmp):
    so = weights_so(tmp)
    with open(so, "r+b") as f:
        elf = f.read()
        assert elf[:4] == b"\x7fELF" and elf[4] == 2  # ELF64
        shoff, = struct.unpack_from("<Q", elf, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
        for i in range(shnum):
            hdr = shoff + i * shentsize
            sh_type, = struct.unpack_from("<I", elf, hdr + 4)
            if sh_type == 2:  # SHT_SYMTAB
                f.seek(hdr + 0x20)  # sh_size
                f.write(struct.pack("<Q", 1 << 40))
                return so
    raise AssertionError("no .symtab")


# ---------------------------------------------------------------------------
# Archives
# ---------------------------------------------------------------------------

def write_package(out, sources, so, extra=(), model_dir=MODEL_DIR,
                  wrapper_name="m.wrapper.cpp"):
    """OUT: the model's wrapper, kernel and .so (in MODEL_DIR, the wrapper
    named WRAPPER_NAME), then EXTRA (callables taking the ZipFile), then
    torch's bookkeeping entries."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        z.writestr(f"{model_dir}/{wrapper_name}", sources.wrapper)
        z.writestr(f"{model_dir}/m.kernel.cpp", sources.kernel)
        z.write(so, f"{model_dir}/m.wrapper.so")
        for add in extra:
            add(z)
        make_package.add_bookkeeping(z, ARCHIVE)


def executable_entry(name, text):
    def add(z):
        info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | 0o755) << 16
        z.writestr(info, text)
    return add


def zeros_entry(name, size=1 << 30):
    """SIZE bytes of zeros, deflated while streamed (never held whole)."""
    def add(z):
        info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        # zlib level 1: fast, and zeros still shrink about 230 times.
        if hasattr(zipfile.ZipInfo, "compress_level"):  # Python >= 3.13
            info.compress_level = 1
        else:
            info._compresslevel = 1
        chunk = bytes(1 << 20)
        with z.open(info, "w", force_zip64=True) as f:
            for _ in range(size // len(chunk)):
                f.write(chunk)
    return add


def many_entries(count=70000):
    def add(z):
        for i in range(count):
            info = zipfile.ZipInfo(f"{MODEL_DIR}/m.tiny{i:05d}.txt",
                                   date_time=(2024, 1, 1, 0, 0, 0))
            z.writestr(info, "x")
    return add


def stored_entry(name, size):
    def add(z):
        data = bytes(i * 31 % 251 for i in range(251)) * (size // 251 + 1)
        z.writestr(name, data[:size], compress_type=zipfile.ZIP_STORED)
    return add


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------

def craft(case, out, scratch, tmp):
    marker = os.path.join(scratch, f"marker-{case}")
    src = Sources()
    so = None
    extra = []
    model_dir, wrapper_name = MODEL_DIR, "m.wrapper.cpp"

    if case == "compiler-sh":
        src.set_compiler(f'/bin/sh -c "touch {marker}"')
    elif case == "compiler-sh-name":
        src.set_compiler(f'sh -c "touch {marker}"')
    elif case == "compiler-python":
        src.set_compiler(f"python3 -c \"open('{marker}','w')\"")
    elif case == "compiler-script":
        src.set_compiler("/bin/sh")
        # Run by sh: touches the marker and exits. Compiled: C++ as before.
        src.kernel = f"#if 0\ntouch {marker}; exit 0\n#endif\n" + src.kernel
    elif case == "compiler-in-package":
        script = touch_script(marker, 'exec g++ "$@"')
        write(os.path.join(scratch, "bin", "g++"), script, 0o755)
        write(os.path.join(scratch, "pkg", "g++"), script, 0o755)
        local = Sources()
        local.set_compiler(os.path.join(scratch, "pkg", "g++"))
        src.set_compiler(os.path.join(scratch, "bin", "g++"))
        extra.append(executable_entry(f"{MODEL_DIR}/g++", script))
    elif case == "notcpp":
        src.wrapper = (
            f"#!/bin/sh\ntouch {marker}\nexit 0\n\n"
            "// Compile cmd\n"
            "// /bin/sh /tmp/torchinductor_root/c/notcpp.wrapper.cpp -c -o "
            "/tmp/torchinductor_root/c/notcpp.wrapper.o\n"
            "// Link cmd\n"
            "// /bin/sh /tmp/torchinductor_root/c/notcpp.wrapper.o -shared "
            "-o /tmp/torchinductor_root/c/notcpp.wrapper.so\n")
        src.kernel = set_compiler(src.kernel, "/bin/sh")
    elif case in FLAGS or case == "flags-all":
        make_payloads(scratch, marker)
        for name, (where, flags) in FLAGS.items():
            # A -D value is kept (quoted where printed): flags-all holds
            # the flags a rebuild leaves out.
            if case == name or (case == "flags-all" and name not in KEPT):
                src.insert(where, flags.format(D=scratch, M=marker))
    elif case == "section-name":
        write(os.path.join(scratch, "secret"), SECRET + "\n")
        evil = f'.lrodata,"a"\n.incbin "{scratch}/secret"\n#'.encode()
        placeholder = b".lrodata" + b"x" * (len(evil) - len(".lrodata"))
        so = asm_so(tmp, blob_asm(placeholder.decode(),
                                  "_binary_constants_bin", byte_lines(256)))
        patch_unique(so, placeholder, evil)
    elif case == "symbol-name":
        write(os.path.join(scratch, "secret"), SECRET + "\n")
        evil = f'__x"\n.incbin "{scratch}/secret'
        placeholder = "__x" + "y" * (len(evil) - 3)
        so = asm_so(tmp, blob_asm(".lrodata", "_binary_constants_bin",
                                  byte_lines(256)) +
                    blob_asm(".lrodata", placeholder, byte_lines(64)))
        for suffix in ("_start", "_end"):
            patch_unique(so, (placeholder + suffix).encode(),
                         (evil + suffix).encode())
        # AOTI's wrapper names the blobs it uses (embedded cubins).
        src.wrapper = f"/* embedded: {evil}_start */\n" + src.wrapper
    elif case == "zip-bomb-model":
        extra.append(zeros_entry(f"{MODEL_DIR}/bomb.bin"))
    elif case == "zip-bomb-outside":
        extra.append(zeros_entry(f"{ARCHIVE}/extra/bomb.bin"))
    elif case == "many-entries":
        extra.append(many_entries())
    elif case == "big-stored":
        extra.append(stored_entry(f"{MODEL_DIR}/big.bin", 3 << 20))
    elif case == "trailer-claims":
        so = trailer_so(tmp, (4 << 30) + 8, bytes(2 << 20))
    elif case == "trailer-ok":
        weights = bytes(range(256)) * ((8 << 20) // 256)
        so = trailer_so(tmp, len(weights) + 8,
                        weights + struct.pack("<Q", TRAILER_MAGIC))
    elif case == "elf-symtab-huge":
        so = huge_symtab_so(tmp)
    elif case == "rules-regex":
        write(out, "rules:\n  - name: catastrophic\n"
                   '    match: {kernel_regex: '
                   '"((((a{0,255}){0,255}){0,255}){0,255})"}\n'
                   "    sync: true\n")
        return
    elif case == "rules-deep":
        depth = 100000
        write(out, "rules: " + "[" * depth + "]" * depth + "\n")
        return
    elif case == "rules-big-scalar":
        with open(out, "w") as f:
            f.write("rules:\n  - match: {kernel: ")
            chunk = "a" * (1 << 20)
            for _ in range(50):
                f.write(chunk)
            f.write("}x\n")
        return
    elif case == "escape-include":
        src.insert(["wrapper"], '"-I/opt/evil\x1b[31mred\rinclude"')
    elif case == "name-newline":
        model_dir = f"{ARCHIVE}/data/aotinductor/mo\ndel"
    elif case == "name-escape":
        wrapper_name = "m\x1b]0;pwned\x07.wrapper.cpp"
    elif case == "asm-incbin":
        write_secret(scratch)
        src.kernel = (f'asm(".section .rodata\\n.incbin \\"{scratch}/secret\\"'
                      f'\\n.previous");\n' + src.kernel)
    elif case == "asm-fill":
        src.kernel = ('asm(".section .data\\n.fill 400000000, 1, 0x41'
                      '\\n.previous");\n' + src.kernel)
    elif case == "cpu-loop":
        src.kernel = (
            "constexpr long aoti_spin() { long s = 0;\n"
            "  for (long i = 0; i < (1L << 17); ++i)\n"
            "    for (long j = 0; j < (1L << 17); ++j) s += i ^ j;\n"
            "  return s; }\n"
            "constexpr long aoti_spun = aoti_spin();\n" + src.kernel)
    elif case == "include-secret":
        write_secret(scratch)
        src.wrapper = f'#include "{scratch}/secret.h"\n' + src.wrapper
    else:
        raise SystemExit(f"craft-package.py: unknown case '{case}' "
                         f"(--list lists them)")

    if so is None:
        so = weights_so(tmp)
    write_package(out, src, so, extra, model_dir, wrapper_name)
    # The model's sources as stored, for the wrapper form.
    pkg = os.path.join(scratch, "pkg")
    if case == "compiler-in-package":
        src = local
    write(os.path.join(pkg, "m.wrapper.cpp"), src.wrapper)
    write(os.path.join(pkg, "m.kernel.cpp"), src.kernel)


def main():
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("case", nargs="?")
    p.add_argument("out", nargs="?")
    p.add_argument("--scratch", help="payload dir (default: OUT.scratch)")
    p.add_argument("--list", action="store_true", help="list the cases")
    a = p.parse_args()
    if a.list:
        print("\n".join(CASES))
        return 0
    if not a.case or not a.out:
        p.error("CASE and OUT are required")
    if a.case not in CASES:
        p.error(f"unknown case '{a.case}' (--list lists them)")
    scratch = os.path.abspath(a.scratch or a.out + ".scratch")
    os.makedirs(os.path.join(scratch, "out"), exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        craft(a.case, a.out, scratch, tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
