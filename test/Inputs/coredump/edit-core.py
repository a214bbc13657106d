#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test helper: writes a damaged or changed copy of a CUDA GPU core dump.

    edit-core.py IN OUT [EDIT...]

IN may be gzipped (without EDITs, OUT is IN decompressed). Each EDIT is one
of:
  truncate=N             keep the first N bytes
  shdr=I:FIELD=V         set field FIELD (name, type, offset, size, link,
                         info, entsize) of section header I to V
  ehdr=FIELD=V           set e_type, e_machine or osabi of the ELF header
  no-exceptions          zero the exception of every lane
  no-lanes               empty every lane table (no warp was resident)
  rename=OLD=NEW         replace the bytes OLD by NEW (same length) anywhere
  image=I                write section I's contents alone (a cubin) to OUT
Offsets and values are decimal or 0x hex. Standard library only; the layout
is lib/CoreDump/CudaCoreFormat.h's.
"""
import gzip
import struct
import sys

SHDR = struct.Struct("<IIQQQQIIQQ")
FIELDS = {"name": 0, "type": 1, "offset": 4, "size": 5, "link": 6,
          "info": 7, "entsize": 9}
EHDR = {"e_type": (16, "<H"), "e_machine": (18, "<H"), "osabi": (7, "<B")}
LANE_TABLE = 0x80000000 + 15


def shdr_at(data, index):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    return shoff + index * 64


def set_shdr(data, spec):
    index, assignment = spec.split(":", 1)
    field, value = assignment.split("=")
    at = shdr_at(data, int(index, 0))
    header = list(SHDR.unpack_from(data, at))
    header[FIELDS[field]] = int(value, 0)
    SHDR.pack_into(data, at, *header)


def no_exceptions(data):
    shnum, = struct.unpack_from("<H", data, 0x3C)
    for i in range(shnum):
        header = SHDR.unpack_from(data, shdr_at(data, i))
        if header[1] != LANE_TABLE or not header[9]:
            continue
        for row in range(header[4], header[4] + header[5], header[9]):
            struct.pack_into("<I", data, row + 32, 0)


def no_lanes(data):
    shnum, = struct.unpack_from("<H", data, 0x3C)
    for i in range(shnum):
        at = shdr_at(data, i)
        header = list(SHDR.unpack_from(data, at))
        if header[1] == LANE_TABLE:
            header[FIELDS["size"]] = 0
            SHDR.pack_into(data, at, *header)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    with open(argv[1], "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    data = bytearray(data)
    for edit in argv[3:]:
        op, _, arg = edit.partition("=")
        if op == "truncate":
            del data[int(arg, 0):]
        elif op == "shdr":
            set_shdr(data, arg)
        elif op == "ehdr":
            field, value = arg.split("=")
            offset, fmt = EHDR[field]
            struct.pack_into(fmt, data, offset, int(value, 0))
        elif op == "no-exceptions":
            no_exceptions(data)
        elif op == "no-lanes":
            no_lanes(data)
        elif op == "rename":
            old, new = (s.encode() for s in arg.split("="))
            assert len(old) == len(new), "rename keeps the length"
            data = bytearray(data.replace(old, new))
        elif op == "image":
            header = SHDR.unpack_from(data, shdr_at(data, int(arg, 0)))
            data = data[header[4]:header[4] + header[5]]
        else:
            sys.exit(f"edit-core.py: unknown edit '{edit}'")
    with open(argv[2], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
