#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trims a CUDA GPU core dump to what `aoti-instrument explain` reads.

    scripts/dev/trim_core.py IN OUT [--keep-all-images] [--drop-memory]

Keeps every section but the ELF images of loaded modules (.cudbg.relfimg.*,
.cudbg.elfimg.*): of those, only the ones whose functions hold the PC of a
faulting lane (the warp's error PC when valid, else the lane's PC), or in a
dump without a fault (made on request: a hang) of any lane, and an
unrelocated image only beside a relocated one it keeps. Section indices
(sh_link, e_shstrndx) are remapped and the section name table is rebuilt;
table rows (sh_info) are left as they are. A real dump of a resnet (9.6 MB,
25 images of cuDNN and cuBLAS kernels) trims to about 1 MB. --drop-memory
also drops what explain never reads (memory, registers, predicates,
backtraces, parameters, constant banks, barriers): the core fuzzer's seed
(fuzz/core-fuzzer/corpus). IN may be gzipped; OUT is gzipped when it ends in
.gz. Standard library only.

The layout read here is that of lib/CoreDump/CudaCoreFormat.h (the public
cudacoredump.h of cuda-gdb); test/Inputs/coredump/README.md says how the
committed dumps were made.
"""
import argparse
import gzip
import struct
import sys

SHT_LOUSER = 0x80000000
ELF_IMAGE, RELOCATED_IMAGE, WARP_TABLE, LANE_TABLE = 6, 7, 14, 15
# Managed, global, local, shared memory, registers, backtrace, predicates,
# parameters, uniform registers and predicates, constant banks, barriers.
MEMORY = {1, 2, 3, 4, 5, 8, 17, 18, 19, 20, 21, 23}
SHF_INFO_LINK = 0x40
SHN_XINDEX = 0xFFFF
SHN_LORESERVE = 0xFF00
EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
SHDR = struct.Struct("<IIQQQQIIQQ")
SYM = struct.Struct("<IBBHQQ")
STT_FUNC = 2
SHT_SYMTAB = 2


class Section:
    def __init__(self, raw, data):
        (self.name, self.type, self.flags, self.addr, self.offset, self.size,
         self.link, self.info, self.align, self.entsize) = raw
        nobits = self.type == 8
        self.data = b"" if nobits else data[self.offset:self.offset + self.size]
        if not nobits and len(self.data) != self.size:
            sys.exit("trim_core.py: a section lies past the end of the file")

    def kind(self):
        return self.type - SHT_LOUSER if self.type > SHT_LOUSER else 0

    def rows(self):
        if not self.entsize:
            return []
        return [self.data[i:i + self.entsize]
                for i in range(0, len(self.data), self.entsize)]


def read_sections(data):
    ehdr = EHDR.unpack_from(data, 0)
    if ehdr[0][:4] != b"\x7fELF" or ehdr[2] != 190 or ehdr[1] != 4:
        sys.exit("trim_core.py: not a CUDA GPU core dump (ELF, CORE, EM_CUDA)")
    shoff, shentsize, shnum, shstrndx = ehdr[6], ehdr[11], ehdr[12], ehdr[13]
    first = SHDR.unpack_from(data, shoff)
    if shnum == 0:
        shnum = first[5]
    if shstrndx == SHN_XINDEX:
        shstrndx = first[6]
    sections = [Section(SHDR.unpack_from(data, shoff + i * shentsize), data)
                for i in range(shnum)]
    return ehdr, sections, shstrndx


def name_of(sections, shstrndx, s):
    table = sections[shstrndx].data
    return table[s.name:table.index(b"\0", s.name)]


def explained_pcs(sections):
    """The PCs explain shows: of every lane that reports an exception (the
    warp's error PC when valid, else the lane's), or in a dump without one
    (made on request, as the watchdog's of a hang), of every lane."""
    faulting, resident = set(), set()
    for lanes in sections:
        if lanes.kind() != LANE_TABLE:
            continue
        warp = sections[lanes.link].rows()[lanes.info]
        error_pc, = struct.unpack_from("<Q", warp, 0)
        error_pc_valid, = struct.unpack_from("<I", warp, 24)
        for row in lanes.rows():
            virtual_pc, = struct.unpack_from("<Q", row, 0)
            exception, = struct.unpack_from("<I", row, 32)
            if exception:
                faulting.add(error_pc if error_pc_valid else virtual_pc)
            else:
                resident.add(virtual_pc)
    return faulting or resident


def image_functions(image):
    """(start, size) of every STT_FUNC symbol of the ELF image."""
    if image[:4] != b"\x7fELF" or len(image) < EHDR.size:
        return []
    ehdr = EHDR.unpack_from(image, 0)
    shoff, shentsize, shnum = ehdr[6], ehdr[11], ehdr[12]
    found = []
    for i in range(shnum):
        sh = SHDR.unpack_from(image, shoff + i * shentsize)
        if sh[1] != SHT_SYMTAB or not sh[9]:
            continue
        for at in range(sh[4], sh[4] + sh[5], sh[9]):
            _, info, _, _, value, size = SYM.unpack_from(image, at)
            if info & 0xF == STT_FUNC:
                found.append((value, size))
    return found


def images_to_keep(sections, pcs):
    keep = set()
    for i, s in enumerate(sections):
        if s.kind() == RELOCATED_IMAGE and any(
                start <= pc < start + size
                for start, size in image_functions(s.data) for pc in pcs):
            keep.add(i)
    modules = {(sections[i].link, sections[i].info) for i in keep}
    for i, s in enumerate(sections):
        if s.kind() == ELF_IMAGE and (s.link, s.info) in modules:
            keep.add(i)
    return keep


def write_core(ehdr, sections, shstrndx, kept):
    new_index = {old: new for new, old in enumerate(kept)}
    names = bytearray(b"\0")
    name_at = {}
    for old in kept:
        name = sections[old].kept_name
        if name not in name_at:
            name_at[name] = len(names)
            names += name + b"\0"
    sections[shstrndx].data = bytes(names)
    body = bytearray(EHDR.size)
    headers = []
    for old in kept:
        s = sections[old]
        if s.align > 1:
            body += b"\0" * (-len(body) % s.align)
        offset = len(body) if s.type != 0 else 0
        body += s.data
        link = new_index[s.link] if s.link else 0
        info = new_index[s.info] if s.flags & SHF_INFO_LINK else s.info
        size = len(s.data) if s.type != 8 else s.size
        headers.append([name_at[s.kept_name], s.type, s.flags, s.addr,
                        offset, size, link, info, s.align, s.entsize])
    return finish(ehdr, body, headers, new_index[shstrndx])


def finish(ehdr, body, headers, shstrndx):
    body += b"\0" * (-len(body) % 8)
    shoff = len(body)
    shnum = len(headers)
    if shnum >= SHN_LORESERVE:
        headers[0][5] = shnum
    if shstrndx >= SHN_LORESERVE:
        headers[0][6] = shstrndx
    for h in headers:
        body += SHDR.pack(*h)
    fields = list(ehdr)
    fields[6] = shoff
    fields[12] = 0 if shnum >= SHN_LORESERVE else shnum
    fields[13] = SHN_XINDEX if shstrndx >= SHN_LORESERVE else shstrndx
    body[0:EHDR.size] = EHDR.pack(*fields)
    return bytes(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--keep-all-images", action="store_true",
                        help="keep every image (only rewrite the file)")
    parser.add_argument("--drop-memory", action="store_true",
                        help="drop the sections explain does not read")
    args = parser.parse_args()
    with open(args.input, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    ehdr, sections, shstrndx = read_sections(data)
    for s in sections:
        s.kept_name = name_of(sections, shstrndx, s)
    images = {RELOCATED_IMAGE, ELF_IMAGE}
    keep = (set(range(len(sections))) if args.keep_all_images else
            images_to_keep(sections, explained_pcs(sections)))
    dropped_kinds = MEMORY if args.drop_memory else set()
    kept = [i for i, s in enumerate(sections)
            if (s.kind() not in images or i in keep)
            and s.kind() not in dropped_kinds]
    for old in kept:
        if sections[old].link and sections[old].link not in kept:
            sys.exit(f"trim_core.py: section {old} links to a dropped one")
    out = write_core(ehdr, sections, shstrndx, kept)
    opener = gzip.open if args.output.endswith(".gz") else open
    with opener(args.output, "wb") as f:
        f.write(out)
    dropped = len(sections) - len(kept)
    print(f"{args.output}: {len(kept)} sections ({dropped} dropped), "
          f"{len(out)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
