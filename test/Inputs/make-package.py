#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper (no fixture): writes a .pt2-shaped zip archive for lit tests.

    make-package.py OUT.pt2 [--archive NAME] [--model NAME] ENTRY...

Each ENTRY is `NAME=SOURCE`, stored as `<archive>/data/aotinductor/<model>/NAME`
(or, when NAME starts with '/', as NAME without the slash, anywhere in the
archive). SOURCE is a file path, or:
  so:N          a shared library (built here with g++) holding, like an AOTI
                model's .so, an N-byte weights blob between
                _binary_constants_bin_start and _binary_constants_bin_end
  so-noweights  a shared library without those symbols
  text:STRING   the string itself
The archive also gets torch's bookkeeping entries (archive_format, ...).
"""
import argparse
import os
import subprocess
import tempfile
import zipfile

WEIGHTS_ASM = """\t.section .lrodata, "a"
\t.balign 64
\t.globl _binary_constants_bin_start
_binary_constants_bin_start:
{data}
\t.globl _binary_constants_bin_end
_binary_constants_bin_end:
\t.section .note.GNU-stack,"",@progbits
"""


def shared_library(tmp, n):
    asm = os.path.join(tmp, "w.s")
    with open(asm, "w") as f:
        if n is None:
            f.write("\t.text\n\t.globl f\nf:\n\tret\n"
                    "\t.section .note.GNU-stack,\"\",@progbits\n")
        else:
            f.write(WEIGHTS_ASM.format(data="\n".join(
                f"\t.byte {i * 7 % 256}" for i in range(n))))
    return link_shared(tmp, asm)


def link_shared(tmp, asm, name="w"):
    """Links the assembly file ASM into TMP/NAME.so (also used by
    craft-package.py)."""
    so = os.path.join(tmp, name + ".so")
    subprocess.run(["g++", "-shared", "-fPIC", asm, "-o", so], check=True)
    return so


def add_bookkeeping(z, archive):
    """torch's bookkeeping entries of a .pt2 (also used by craft-package.py)."""
    z.writestr(f"{archive}/archive_format", "pt2")
    z.writestr(f"{archive}/archive_version", "0")
    z.writestr(f"{archive}/.data/version", "1\n")
    z.writestr(f"{archive}/byteorder", "little")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--archive", default="pkg")
    p.add_argument("--model", default="model")
    p.add_argument("entries", nargs="*")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp, \
            zipfile.ZipFile(a.out, "w", zipfile.ZIP_STORED) as z:
        for entry in a.entries:
            name, source = entry.split("=", 1)
            name = (name[1:] if name.startswith("/") else
                    f"{a.archive}/data/aotinductor/{a.model}/{name}")
            if source.startswith("text:"):
                z.writestr(name, source[5:])
            elif source.startswith("so:"):
                z.write(shared_library(tmp, int(source[3:])), name)
            elif source == "so-noweights":
                z.write(shared_library(tmp, None), name)
            else:
                z.write(source, name)
        add_bookkeeping(z, a.archive)


if __name__ == "__main__":
    main()
