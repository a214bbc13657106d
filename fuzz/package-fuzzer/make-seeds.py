#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the seeds of the package fuzzer (fuzz/package-fuzzer/).

    make-seeds.py [OUT_DIR]                       the seeds kept in the repo
    make-seeds.py --from-packages DIR OUT_DIR     real packages, shrunk

Without --from-packages: small .pt2 packages and model .so files in the forms
AOTI writes (default OUT_DIR: corpus/ beside this script), each a few KB:
the real test/Inputs/mlp_cpu wrapper and kernel (cut, or whole and
deflated), and tiny shared libraries built here with g++ from assembly, as
test/Inputs/make-package.py builds them, holding a weights blob between
_binary_constants_bin_start and _end (section .lrodata), an embedded cubin
(__triton_kernel_0_start/_end), the appended weights of torch's mmap'ed form
(the blob holds their size + 8 and a magic number; they follow the ELF
image, padded to 16 KiB), or nothing. The output is the same on every run
(fixed zip dates, no build id).

With --from-packages: every DIR/*.pt2 (the end-to-end tests' packages in
$AOTI_CACHE_DIR/packages) is written again to OUT_DIR with its entries, their
order and their compression, and its real .so, but with its wrapper.cpp and
kernel.cpp cut to their first lines, the lines naming embedded symbols and
the `// Compile cmd` trailer. Those over --max-size (the fuzzer's -max_len)
are left out: libFuzzer would cut them, and a cut archive has no central
directory. scripts/fuzz.sh does this before each run of the package fuzzer,
into the run's corpus; none of it goes into the repo.
"""
import argparse
import hashlib
import io
import pathlib
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]
MLP_CPU = REPO / "test" / "Inputs" / "mlp_cpu"

# Zip entries get this date, so that the seeds are the same on every run.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# model_base.h maps appended weights from a 16 KiB boundary.
TRAILER_ALIGN = 16384
# What the file names of a model hold in place of AOTI's content hashes.
WRAPPER_HASH = "cwrapper" + "0" * 44
KERNEL_HASH = "ckernel" + "0" * 45
# The blob the fixed wrapper text of the fuzzer names (PackageFuzzer.cpp).
CUBIN_SYMBOL = "__triton_kernel_0"
CONSTANTS_SYMBOL = "_binary_constants_bin"
# Lines a cut source keeps from its start.
HEAD_LINES = 24


# --- Shared libraries --------------------------------------------------------

def weights(n, seed=7):
    return bytes(i * seed % 256 for i in range(n))


def blob_asm(symbol, data, section=".lrodata", writable=False,
             size_symbol=False):
    """Assembly defining `data` between `<symbol>_start` and `_end`."""
    lines = [f'\t.section {section}, "a{"w" if writable else ""}"',
             "\t.balign 64",
             f"\t.globl {symbol}_start",
             f"{symbol}_start:"]
    for i in range(0, len(data), 16):
        lines.append("\t.byte " + ",".join(str(b) for b in data[i:i + 16]))
    lines += [f"\t.globl {symbol}_end", f"{symbol}_end:"]
    if size_symbol:
        lines += [f"\t.globl {symbol}_size",
                  f"\t.set {symbol}_size, {len(data)}"]
    return "\n".join(lines) + "\n"


def shared_library(tmp, *blobs):
    """A tiny .so (no libc, small pages) with a function and `blobs`."""
    asm = pathlib.Path(tmp) / "seed.s"
    asm.write_text("\t.text\n\t.globl aoti_seed_run\naoti_seed_run:\n\tret\n" +
                   "".join(blobs) +
                   '\t.section .note.GNU-stack,"",@progbits\n')
    so = pathlib.Path(tmp) / "seed.so"
    subprocess.run(["g++", "-shared", "-fPIC", "-nostdlib",
                    "-Wl,-z,max-page-size=64", "-Wl,-z,noseparate-code",
                    "-Wl,--build-id=none", str(asm), "-o", str(so)],
                   check=True)
    return so.read_bytes()


def with_trailer(tmp, appended):
    """A .so whose weights follow its ELF image, as torch writes those over
    2 GB: the blob holds their size + 8 and the magic number that ends them.
    """
    magic = 0x5EED_A071_0BAD_CAFE
    so = shared_library(tmp, blob_asm(
        CONSTANTS_SYMBOL, struct.pack("<QQ", len(appended) + 8, magic)))
    pad = TRAILER_ALIGN - len(so) % TRAILER_ALIGN
    return so + b" " * pad + appended + struct.pack("<Q", magic)


# --- Sources -----------------------------------------------------------------

def shrink_source(text):
    """The first lines of an AOTI source, the lines naming embedded symbols
    (`__X_start`) and its `// Compile cmd` / `// Link cmd` trailer."""
    lines = text.splitlines(keepends=True)
    trailer = next((i for i, l in enumerate(lines)
                    if l.startswith("// Compile cmd")), len(lines))
    kept = lines[:HEAD_LINES]
    kept.append("// ... cut by make-seeds.py ...\n")
    kept += [l for l in lines[HEAD_LINES:trailer] if "_start" in l]
    return "".join(kept + lines[trailer:])


# --- Archives ----------------------------------------------------------------

def zip_bytes(entries, compression=zipfile.ZIP_STORED, zip64=False):
    """A zip archive of (name, bytes) `entries`, in order; `zip64` gives every
    local header a zip64 extra field."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = compression
            with z.open(info, "w", force_zip64=zip64) as f:
                f.write(data)
    return out.getvalue()


def with_zip64_end(data):
    """`data` (a zip with no comment) with a zip64 end of central directory
    record and locator before its end record, which then defers to them."""
    eocd = len(data) - 22
    (sig, disk, cd_disk, n_disk, n_total, cd_size,
     cd_offset, comment) = struct.unpack("<IHHHHIIH", data[eocd:])
    assert sig == 0x06054B50 and comment == 0
    record = struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, disk, cd_disk,
                         n_disk, n_total, cd_size, cd_offset)
    locator = struct.pack("<IIQI", 0x07064B50, 0, eocd, 1)
    end = struct.pack("<IHHHHIIH", sig, disk, cd_disk, 0xFFFF, 0xFFFF,
                      0xFFFFFFFF, 0xFFFFFFFF, 0)
    return data[:eocd] + record + locator + end


def bookkeeping(archive):
    """The entries torch writes beside the models."""
    return [(f"{archive}/archive_format", b"pt2"),
            (f"{archive}/archive_version", b"1"),
            (f"{archive}/.data/version", b"1\n"),
            (f"{archive}/byteorder", b"little"),
            (f"{archive}/.data/serialization_id", b"0" * 40)]


def model_entries(archive, model, wrapper, kernel=None, so=None, extra=()):
    """A model's entries in torch's order: sources, metadata, .so."""
    prefix = f"{archive}/data/aotinductor/{model}/" if archive is not None \
        else f"data/aotinductor/{model}/"
    meta = b'{"AOTI_DEVICE_KEY": "cpu"}'
    entries = [(prefix + f"{WRAPPER_HASH}.wrapper.cpp", wrapper)]
    if kernel is not None:
        entries.append((prefix + f"{KERNEL_HASH}.kernel.cpp", kernel))
    entries.append((prefix + f"{WRAPPER_HASH}.wrapper_metadata.json", meta))
    if kernel is not None:
        entries.append((prefix + f"{KERNEL_HASH}.kernel_metadata.json", meta))
    if so is not None:
        entries.append((prefix + f"{WRAPPER_HASH}.wrapper.so", so))
    return entries + [(prefix + name, data) for name, data in extra]


def package(*models, archive="model", **kwargs):
    """A .pt2: each of `models` is (name, model_entries keyword arguments)."""
    entries = []
    for name, files in models:
        entries += model_entries(archive, name, **files)
    return zip_bytes(entries + bookkeeping(archive or "model"), **kwargs)


# --- The seeds ---------------------------------------------------------------

def cuda_wrapper():
    """A wrapper text that loads the embedded cubin, as
    aot_inductor.embed_kernel_binary writes it."""
    return (f"// AOTI CUDA wrapper (cut)\n"
            f"extern const unsigned char {CUBIN_SYMBOL}_start[];\n"
            f"extern const unsigned char {CUBIN_SYMBOL}_end[];\n"
            f"static void load() {{ loadKernel({CUBIN_SYMBOL}_start); }}\n"
            f"// Compile cmd\n// g++ -c wrapper.cpp\n").encode()


def repo_seeds(tmp):
    """name -> bytes of every seed kept in the repo."""
    wrapper = (MLP_CPU / "wrapper.cpp").read_bytes()
    kernel = (MLP_CPU / "kernel.cpp").read_bytes()
    cut_wrapper = shrink_source(wrapper.decode()).encode()
    cut_kernel = shrink_source(kernel.decode()).encode()
    so = shared_library(tmp, blob_asm(CONSTANTS_SYMBOL, weights(256)))
    cubin = b"\x7fELF" + weights(60, 13)  # a cubin is an ELF file too
    cuda_so = shared_library(
        tmp, blob_asm(CONSTANTS_SYMBOL, weights(128)),
        blob_asm(CUBIN_SYMBOL, cubin, section=".rodata"))
    objcopy_so = shared_library(
        tmp, blob_asm(CONSTANTS_SYMBOL, weights(96, 3), section=".ldata",
                      writable=True, size_symbol=True))
    bare_so = shared_library(tmp)
    trailer_so = with_trailer(tmp, weights(512, 5))
    cpu = dict(wrapper=cut_wrapper, kernel=cut_kernel, so=so)
    cpu_package = package(("model", cpu))
    return {
        "cpu-cut.pt2": cpu_package,
        "cpu-deflated.pt2": package(
            ("model", dict(wrapper=wrapper, kernel=kernel, so=so)),
            compression=zipfile.ZIP_DEFLATED),
        "cpu-zip64.pt2": with_zip64_end(package(("model", cpu), zip64=True)),
        "cpu-no-archive-folder.pt2": package(("model", cpu), archive=None),
        "cpp-only.pt2": package(
            ("model", dict(wrapper=cut_wrapper, kernel=cut_kernel))),
        "cuda-cubin.pt2": package(("model", dict(
            wrapper=cuda_wrapper(), so=cuda_so,
            extra=[(f"{CUBIN_SYMBOL}.cubin", cubin)]))),
        "trailer.pt2": package(("model", dict(wrapper=cut_wrapper,
                                               so=trailer_so))),
        "two-models.pt2": package(
            ("model", cpu), ("second", dict(wrapper=cuda_wrapper(),
                                            so=cuda_so))),
        "two-so.pt2": package(("model", dict(
            wrapper=cut_wrapper, so=so, extra=[("other.so", bare_so)]))),
        "stripped-so.pt2": package(("model", dict(wrapper=cut_wrapper,
                                                  so=bare_so))),
        "entry-leaves-model.pt2": package(("model", dict(
            wrapper=cut_wrapper, so=so,
            extra=[("../../../escape.txt", b"outside\n")]))),
        "not-aoti.pt2": zip_bytes(bookkeeping("model")),
        "weights.so": so,
        "weights-cubin.so": cuda_so,
        "weights-ldata-size.so": objcopy_so,
        "trailer.so": trailer_so,
        "no-weights.so": bare_so,
    }


def shrunk_package(data):
    """A real package with its sources cut (shrink_source), everything else
    as it is."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            content = src.read(info)
            if info.filename.endswith((".wrapper.cpp", ".kernel.cpp")):
                content = shrink_source(
                    content.decode(errors="replace")).encode()
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = info.compress_type
            dst.writestr(copy, content)
    return out.getvalue()


def write_shrunk_packages(src_dir, out_dir, max_size):
    out_dir.mkdir(parents=True, exist_ok=True)
    seen, written, too_big = set(), 0, 0
    for path in sorted(src_dir.glob("*.pt2")):
        try:
            data = shrunk_package(path.read_bytes())
        except (zipfile.BadZipFile, OSError) as e:
            print(f"make-seeds: skipping {path}: {e}", file=sys.stderr)
            continue
        digest = hashlib.sha1(data).hexdigest()
        if len(data) > max_size:
            too_big += 1
        elif digest not in seen:
            seen.add(digest)
            (out_dir / f"real-{path.stem}.pt2").write_bytes(data)
            written += 1
    print(f"make-seeds: {written} shrunk packages in {out_dir} "
          f"({too_big} over {max_size} bytes left out)", file=sys.stderr)


def write_repo_seeds(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in repo_seeds(tmp).items():
            (out_dir / name).write_bytes(data)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("out", nargs="?", type=pathlib.Path,
                   default=HERE / "corpus")
    p.add_argument("--from-packages", type=pathlib.Path, metavar="DIR",
                   help="shrink the real packages DIR/*.pt2 into OUT")
    p.add_argument("--max-size", type=int, default=1 << 20,
                   help="leave out shrunk packages over this many bytes")
    a = p.parse_args()
    if a.from_packages:
        write_shrunk_packages(a.from_packages, a.out, a.max_size)
    else:
        write_repo_seeds(a.out)


if __name__ == "__main__":
    main()
