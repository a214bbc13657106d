#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Self and inclusive host time per function from a scripts/bench/hostprof.cpp
sample file (its return addresses and /proc/self/maps), symbolized from each
module's ELF symbol table (.symtab, else .dynsym), names demangled with
c++filt where it is installed.

    python3 scripts/bench/hostprof.py SAMPLES [--top 30] [--json OUT]
        [--per N] [--us-per-sample US] [--module NAME=PATH]...
        [--callees SUBSTR]...

--callees SUBSTR adds, for each function whose name contains SUBSTR, the
time of the functions it calls directly (its children in the samples).

--module reads the symbols of the module whose file name is NAME from PATH
(a copy of it): torch deletes a package's extracted .so while the process
runs, so its symbols are read from the same .so taken out of the .pt2.
Functions of a module that cannot be read show as "? (file gone)", of a
module without symbols as "?".

--lines NAME adds the source lines of the samples that stopped in module
NAME (its own code, self time), innermost inlined line first, from its
debug info through addr2line (build it with -g).

--per N divides the sample counts by N (for example the number of forwards
sampled) and --us-per-sample gives the sampling period, so that each row
reads as microseconds per forward.
"""
import argparse
import bisect
import collections
import json
import os
import shutil
import struct
import subprocess
import sys


def elf_functions(path):
    """(start, end, name) of the FUNC symbols of an ELF file, sorted; [] when
    it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if data[:4] != b"\x7fELF" or data[4] != 2:  # 64-bit only
        return []
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = []
    for i in range(shnum):
        off = shoff + i * shentsize
        (name, stype, flags, addr, offset, size, link, info, align,
         entsize) = struct.unpack_from("<IIQQQQIIQQ", data, off)
        sections.append((stype, offset, size, link, entsize))
    funcs = []
    for want in (2, 11):  # SHT_SYMTAB, then SHT_DYNSYM
        for stype, offset, size, link, entsize in sections:
            if stype != want or not entsize:
                continue
            stroff = sections[link][1]
            for j in range(size // entsize):
                st_name, st_info, _, _, value, sz = struct.unpack_from(
                    "<IBBHQQ", data, offset + j * entsize)
                if (st_info & 0xF) != 2 or not value:  # STT_FUNC
                    continue
                end = data.index(b"\0", stroff + st_name)
                funcs.append((value, value + max(sz, 1),
                              data[stroff + st_name:end].decode("latin-1")))
        if funcs:
            break
    funcs.sort()
    return funcs


def demangle(names):
    if not names or not shutil.which("c++filt"):
        return {n: n for n in names}
    p = subprocess.run(["c++filt"], input="\n".join(names), text=True,
                       capture_output=True)
    out = p.stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else \
        {n: n for n in names}


def load(path):
    stacks, maps = [], []
    with open(path) as f:
        header = f.readline()
        assert header.startswith("samples"), header
        for line in f:
            if line.startswith("maps"):
                break
            stacks.append([int(x, 16) for x in line.split()])
        for line in f:
            parts = line.split()
            if len(parts) < 6 or "x" not in parts[1]:
                continue
            lo, hi = (int(x, 16) for x in parts[0].split("-"))
            maps.append((lo, hi, int(parts[2], 16), parts[5]))
    return stacks, maps


def symbolizer(maps, overrides):
    maps.sort()
    starts = [m[0] for m in maps]
    base = {}
    for lo, _, off, path in sorted(maps):  # the load base of each module
        base.setdefault(path, lo - off)
    funcs = {}

    def symbol(addr):
        i = bisect.bisect_right(starts, addr) - 1
        if i < 0 or addr >= maps[i][1]:
            return "?"
        path = maps[i][3]
        module = path.rsplit("/", 1)[-1]
        if path not in funcs:
            funcs[path] = elf_functions(overrides.get(module, path))
            if not funcs[path] and not os.path.exists(
                    overrides.get(module, path)):
                funcs[path] = None
        if funcs[path] is None:
            return module + "!? (file gone)"
        fs, rel = funcs[path], addr - base[path]
        j = bisect.bisect_right(fs, (rel, float("inf"), "")) - 1
        if j >= 0 and fs[j][0] <= rel < fs[j][1]:
            return module + "!" + fs[j][2]
        return module + "!?"
    return symbol


def self_lines(stacks, maps, module, overrides, top):
    """(count, "function at file:line") of the samples whose interrupted
    frame is in \p module, by source line (addr2line, innermost first)."""
    base, path = None, None
    for lo, _, off, p in sorted(maps):
        if p.rsplit("/", 1)[-1] == module and base is None:
            base, path = lo - off, overrides.get(module, p)
    if base is None:
        return []
    spans = [(lo, hi) for lo, hi, _, p in maps
             if p.rsplit("/", 1)[-1] == module]
    rel = collections.Counter(
        s[2] - base for s in stacks
        if len(s) > 2 and any(lo <= s[2] < hi for lo, hi in spans))
    addrs = sorted(rel)
    out = subprocess.run(["addr2line", "-e", path, "-f", "-C", "-a"] +
                         [hex(x) for x in addrs],
                         capture_output=True, text=True).stdout.splitlines()
    lines, cur, fn = collections.Counter(), None, None
    for ln in out:
        if ln.startswith("0x"):
            cur, fn = int(ln, 16), None
        elif fn is None:
            fn = ln
        else:
            lines[f"{fn[:60]} at {ln.rsplit('/', 1)[-1]}"] += rel[cur]
            fn = ""  # one line per address: the innermost
    return lines.most_common(top)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("samples")
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--per", type=float, default=0,
                   help="divide counts by this (forwards sampled)")
    p.add_argument("--us-per-sample", type=float, default=1000)
    p.add_argument("--json")
    p.add_argument("--callees", action="append", default=[],
                   help="the direct callees of functions matching this")
    p.add_argument("--module", action="append", default=[],
                   help="NAME=PATH: the symbols of module NAME from PATH")
    p.add_argument("--lines", action="append", default=[],
                   help="the self time of module NAME by source line")
    a = p.parse_args()
    stacks, maps = load(a.samples)
    symbol = symbolizer(maps, dict(m.split("=", 1) for m in a.module))
    cache = {}

    def sym(x):
        if x not in cache:
            cache[x] = symbol(x)
        return cache[x]

    self_t, incl = collections.Counter(), collections.Counter()
    children = collections.defaultdict(collections.Counter)
    # backtrace()'s first two frames are the handler and the signal
    # trampoline; the interrupted function follows.
    framed = []
    for s in stacks:
        # Callers' return addresses: the call is the byte before.
        framed.append([sym(x if i == 0 else x - 1)
                       for i, x in enumerate(s[2:]) if x])
    names = demangle(sorted({n.split("!", 1)[1] for f in framed for n in f}))

    def pretty(n):
        if "!" not in n:
            return n
        mod, fn = n.split("!", 1)
        return f"{names.get(fn, fn)[:110]}  [{mod}]"

    wanted_cache = {}

    def wanted(n):
        if n not in wanted_cache:
            wanted_cache[n] = any(c in pretty(n) for c in a.callees)
        return wanted_cache[n]

    for frames in framed:
        if not frames:
            continue
        self_t[frames[0]] += 1
        for f in set(frames):
            incl[f] += 1
        # frames[i] is called by frames[i + 1]; a recursive caller once.
        seen = set()
        for i in range(len(frames) - 1, 0, -1):
            caller = frames[i]
            if caller in seen:
                continue
            seen.add(caller)
            if wanted(caller):
                children[caller][frames[i - 1]] += 1
        for f in frames[:1]:
            if wanted(f):
                children[f]["(self)"] += 1
    scale = (a.us_per_sample / a.per) if a.per else 1
    unit = "us/forward" if a.per else "samples"
    total = len(stacks)
    print(f"{total} samples" + (f", {total * scale:.1f} us per forward"
                                if a.per else ""))
    rows = {}
    for title, c in (("self", self_t), ("inclusive", incl)):
        print(f"\n== {title} ({unit}) ==")
        rows[title] = []
        for n, k in c.most_common(a.top):
            print(f"{k * scale:10.2f}  {100.0 * k / max(total, 1):5.1f}%  "
                  f"{pretty(n)}")
            rows[title].append({"fn": pretty(n), "value": round(k * scale, 3),
                                "pct": round(100.0 * k / max(total, 1), 2)})
    for caller, c in sorted(children.items(), key=lambda kv: -incl[kv[0]]):
        print(f"\n== callees of {pretty(caller)} "
              f"({incl[caller] * scale:.2f} {unit}) ==")
        rows.setdefault("callees", {})[pretty(caller)] = []
        for n, k in c.most_common(12):
            print(f"{k * scale:10.2f}  {pretty(n)}")
            rows["callees"][pretty(caller)].append(
                {"fn": pretty(n), "value": round(k * scale, 3)})
    overrides = dict(m.split("=", 1) for m in a.module)
    for module in a.lines:
        print(f"\n== source lines of {module} (self, {unit}) ==")
        for where, k in self_lines(stacks, maps, module, overrides, a.top):
            print(f"{k * scale:10.2f}  {where}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"samples": total, "unit": unit, **rows}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
