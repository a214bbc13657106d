#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Benchmark `aoti-instrument W --list` against `clang++ -fsyntax-only` (and,
for reference, `g++ -fsyntax-only`) on the same file with the same flags.

Stdlib only. For each wrapper the three commands run interleaved
(tool, clang++, g++, tool, clang++, g++, ...) --repeat times, so load on the
machine hits all three alike; min and median wall time and min CPU time
(user+sys of the process and its children, from wait4) are reported, with
the ratio tool/clang++. Besides the given wrappers, enlarged variants of one
real wrapper (--enlarge-base) whose run_impl has about --enlarge-sizes lines
(scripts/bench/enlarge_wrapper.py) show how the time grows with run_impl.

The clang++ command is the one the tool's analysis runs, with the flags the
tool parses W with as `aoti-instrument W --print-flags` prints them (the
resource dir among them):
`clang++ -fsyntax-only -w -fno-caret-diagnostics FLAGS -xc++ W`; g++ gets
the same FLAGS but the resource dir. One check, untimed, that FLAGS are what
the tool parses with: `aoti-instrument W --list -- FLAGS` (FLAGS given
explicitly, used as given) prints exactly what `aoti-instrument W --list`
prints.

    PATH=$VENV/bin:$PATH scripts/bench/bench_list.py            # everything
    scripts/bench/bench_list.py --repeat 3 --enlarge-sizes '' W.cpp
    scripts/bench/bench_list.py --json results.json
"""

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import enlarge_wrapper  # noqa: E402

DEFAULT_WRAPPERS = [
    "test/Inputs/transformer12_cuda_dyn/wrapper.cpp",
    "test/Inputs/transformer12_cuda_dyn_bf16/wrapper.cpp",
    "test/Inputs/mlp_cuda/wrapper.cpp",
]
DEFAULT_BASE = "test/Inputs/transformer12_cuda_dyn/wrapper.cpp"


# ---------------------------------------------------------------------------
# The flags the tool parses with: aoti-instrument W --print-flags
# ---------------------------------------------------------------------------

ORIGIN_NOTE = "compile flags from the "


def find_torch_include(python):
    """Like aoti::findTorchIncludeDir: find_spec, without importing torch."""
    exe = shutil.which(python)
    if not exe:
        return ""
    code = ("import importlib.util as u\n"
            "s = u.find_spec('torch')\n"
            "print(s.submodule_search_locations[0] if s else '')")
    try:
        out = subprocess.run([exe, "-c", code], capture_output=True, text=True,
                             timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    d = out.stdout.strip()
    inc = d + "/include" if out.returncode == 0 and d else ""
    return inc if os.path.isdir(inc) else ""


def tool_flags(tool, path):
    """(args, origin, notes): the flags TOOL parses PATH with (its
    --print-flags line, read as a shell reads it), where they came from
    ("compile command comment", ...) and its notes on what was adapted."""
    p = subprocess.run([tool, path, "--print-flags"], capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise SystemExit("%s --print-flags failed (exit %d):\n%s" % (
            path, p.returncode, p.stderr))
    notes = tool_notes(p.stderr, path)
    origin = [n[len(ORIGIN_NOTE):] for n in notes if n.startswith(ORIGIN_NOTE)]
    return (shlex.split(p.stdout), origin[0] if origin else "",
            [n for n in notes if not n.startswith(ORIGIN_NOTE)])


def tool_notes(stderr, path):
    prefix = path + ": note: "
    return [l[len(prefix):] for l in stderr.splitlines() if l.startswith(prefix)]


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

def run_timed(argv):
    """(wall seconds, CPU seconds user+sys incl. children, exit status)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime + ru.ru_stime, p.returncode


def summarize(samples):
    walls = [s[0] for s in samples]
    cpus = [s[1] for s in samples]
    return {"wall_min": min(walls), "wall_median": statistics.median(walls),
            "cpu_min": min(cpus), "cpu_median": statistics.median(cpus),
            "wall": walls, "cpu": cpus}


def count_lines(text):
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def run_impl_lines(text):
    try:
        lay = enlarge_wrapper.Layout(text.splitlines(keepends=True))
        return lay.run_impl_lines
    except ValueError:
        lines = text.splitlines()
        b = next((i for i, l in enumerate(lines)
                  if enlarge_wrapper.RUN_IMPL_RE.match(l)), None)
        if b is None:
            return 0
        e = next((i for i in range(b + 1, len(lines))
                  if lines[i].startswith("}")), len(lines) - 1)
        return e - b + 1


def check_same_listing(baseline, path, listed, log):
    """The baseline build must list what the tool lists (untimed)."""
    other = subprocess.run([baseline, path, "--list=json"],
                           capture_output=True, text=True)
    if other.returncode != 0 or other.stdout != listed:
        raise SystemExit("%s: the baseline tool's --list=json differs from "
                         "the tool's" % path)
    log("  checks: the baseline tool's --list=json is identical")


def bench_one(entry, cmds, repeat, log):
    samples = {name: [] for name in cmds}
    for r in range(repeat):
        for name, argv in cmds.items():
            wall, cpu, rc = run_timed(argv)
            if rc != 0:
                out = subprocess.run(argv, capture_output=True, text=True)
                raise SystemExit("%s failed (exit %d) on %s:\n%s\n%s" % (
                    name, rc, entry["file"], shlex.join(argv),
                    out.stderr[-3000:]))
            samples[name].append((wall, cpu))
        log("  run %d/%d: %s" % (r + 1, repeat, "  ".join(
            "%s %.2fs" % (n, s[-1][0]) for n, s in samples.items())))
    entry["timings"] = {n: summarize(s) for n, s in samples.items()}


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def machine_info(clang, gxx):
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass

    def first_line(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True
                                  ).stdout.splitlines()[0]
        except (OSError, IndexError):
            return "?"
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            mem = "%.0f GiB" % (int(f.readline().split()[1]) / 2**20)
    except (OSError, ValueError, IndexError):
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "memory": mem,
            "kernel": platform.release(),
            "clang": first_line([clang, "--version"]),
            "gxx": first_line([gxx, "--version"]) if gxx else None,
            "python": platform.python_version()}


def git_head():
    try:
        out = subprocess.run(["git", "-C", REPO, "rev-parse", "--short=12",
                              "HEAD"], capture_output=True, text=True)
        return out.stdout.strip() or "?"
    except OSError:
        return "?"


def fit(xs, ys):
    """Least-squares line: (slope, intercept, r2)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    slope = sxy / sxx if sxx else 0.0
    icpt = my - slope * mx
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - (icpt + slope * x)) ** 2 for x, y in zip(xs, ys))
    return slope, icpt, (1 - ss_res / ss_tot) if ss_tot else 1.0


def markdown(results):
    out = []
    entries = results["entries"]
    names = []
    for e in entries:
        for n in e["timings"]:
            if n not in names:
                names.append(n)
    head = ["wrapper", "lines", "run_impl lines", "sites"]
    head += ["%s wall min / med (s)" % n for n in names]
    head += ["%s CPU min (s)" % n for n in names]
    head += ["tool / clang++ (wall min)", "tool / clang++ (CPU min)"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for e in entries:
        t = e["timings"]
        row = [e["label"], "{:,}".format(e["lines"]),
               "{:,}".format(e["run_impl_lines"]), "{:,}".format(e["sites"])]
        row += ["%.2f / %.2f" % (t[n]["wall_min"], t[n]["wall_median"])
                if n in t else "-" for n in names]
        row += ["%.2f" % t[n]["cpu_min"] if n in t else "-" for n in names]
        row += ["%.2fx" % e["ratio_wall"], "**%.2fx**" % e["ratio_cpu"]]
        out.append("| " + " | ".join(row) + " |")
    checks = []
    for e in entries:
        c = "%s: %s sites" % (e["label"], "{:,}".format(e["sites"]))
        if "sites_expected" in e:
            c += " (= %d x %d: %s)" % (
                e["copies"], e["sites_expected"] // e["copies"],
                "OK" if e["sites"] == e["sites_expected"] else "MISMATCH")
        if not e["explicit_flags_same_output"]:
            c += " (clang++ flags may differ from the tool's: see the log)"
        checks.append(c)
    out.append("")
    out.append("Checks (untimed): every command exited 0; " + "; ".join(checks)
               + ". For every file `--list -- <the clang++ flags>` (those of "
               "`--print-flags`) prints what `--list` prints: %s." %
               all(e["explicit_flags_same_output"] for e in entries))
    first = entries[0]
    out.append("")
    same = all(e["commands"]["clang++"].replace(e["file"], "") ==
               first["commands"]["clang++"].replace(first["file"], "")
               for e in entries)
    out.append("The commands timed for %s (%s):" % (
        first["label"], "the other files get the same flags" if same else
        "flags differ between files: see the JSON output"))
    out.append("")
    out.append("```sh")
    for n, c in first["commands"].items():
        out.append(c)
    out.append("```")
    lookup = results.get("torch_lookup")
    if lookup:
        out.append("")
        out.append("The python3 torch lookup the tool runs when the trailer's "
                   "torch dir does not exist here (`%s -c 'find_spec(\"torch\")'`"
                   ", timed alone): wall min %.0f ms, CPU min %.0f ms." % (
                       lookup["python"], 1e3 * lookup["wall_min"],
                       1e3 * lookup["cpu_min"]))

    lin = results.get("linearity")
    if lin:
        out.append("")
        out.append("Growth with run_impl (%s, launch region repeated K times; "
                   "min of %d; increments over K=1):" % (
                       lin["base"], results["repeat"]))
        out.append("")
        out.append("| K | run_impl lines | sites | tool wall min (s) | "
                   "clang++ wall min (s) | tool CPU min (s) | clang++ CPU min (s) | "
                   "tool / clang++ (CPU) | tool CPU ms per extra 1,000 run_impl lines | "
                   "tool CPU ms per extra launch site |")
        out.append("|" + "---|" * 10)
        for r in lin["rows"]:
            out.append("| %d | %s | %s | %.2f | %.2f | %.2f | %.2f | %.2fx | %s | %s |" % (
                r["copies"], "{:,}".format(r["run_impl_lines"]),
                "{:,}".format(r["sites"]),
                r["tool_wall"], r["clang_wall"], r["tool_cpu"], r["clang_cpu"],
                r["tool_cpu"] / r["clang_cpu"],
                "%.1f" % r["ms_per_kline"] if r["ms_per_kline"] is not None else "-",
                "%.2f" % r["ms_per_site"] if r["ms_per_site"] is not None else "-"))
        out.append("")
        for key, name in (("tool_cpu", "tool CPU"), ("clang_cpu", "clang++ CPU"),
                          ("tool_wall", "tool wall"),
                          ("clang_wall", "clang++ wall"),
                          ("overhead_cpu", "tool - clang++ CPU")):
            f = lin["fits"][key]
            out.append("- least-squares fit, %s = %.3f s + %.1f ms per 1,000 "
                       "run_impl lines (R^2 = %.4f)" % (
                           name, f["intercept"], f["slope_ms_per_kline"], f["r2"]))
    return "\n".join(out)


def linearity(entries, base_label):
    rows = [e for e in entries if e.get("copies")]
    if len(rows) < 2:
        return None
    rows.sort(key=lambda e: e["run_impl_lines"])
    b = rows[0]
    table = []
    for e in rows:
        t = e["timings"]
        d_lines = e["run_impl_lines"] - b["run_impl_lines"]
        d_sites = e["sites"] - b["sites"]
        d_cpu = t["tool"]["cpu_min"] - b["timings"]["tool"]["cpu_min"]
        table.append({
            "copies": e["copies"], "run_impl_lines": e["run_impl_lines"],
            "sites": e["sites"],
            "tool_wall": t["tool"]["wall_min"],
            "clang_wall": t["clang++"]["wall_min"],
            "tool_cpu": t["tool"]["cpu_min"],
            "clang_cpu": t["clang++"]["cpu_min"],
            "ms_per_kline": 1e6 * d_cpu / d_lines if d_lines else None,
            "ms_per_site": 1e3 * d_cpu / d_sites if d_sites else None})
    xs = [r["run_impl_lines"] for r in table]
    fits = {}
    for key in ("tool_cpu", "clang_cpu", "tool_wall", "clang_wall"):
        s, i, r2 = fit(xs, [r[key] for r in table])
        fits[key] = {"slope_ms_per_kline": s * 1e6, "intercept": i, "r2": r2}
    s, i, r2 = fit(xs, [r["tool_cpu"] - r["clang_cpu"] for r in table])
    fits["overhead_cpu"] = {"slope_ms_per_kline": s * 1e6, "intercept": i,
                            "r2": r2}
    return {"base": base_label, "rows": table, "fits": fits}


# ---------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wrappers", nargs="*", help="wrapper.cpp files (default: "
                    + ", ".join(DEFAULT_WRAPPERS) + ")")
    ap.add_argument("-n", "--repeat", type=int, default=5,
                    help="timed runs of each command per wrapper (default 5)")
    ap.add_argument("--tool", default=os.path.join(REPO, "build/bin/aoti-instrument"))
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--gxx", default="g++", help="g++ for reference; '' to skip")
    ap.add_argument("--baseline-tool", metavar="TOOL",
                    help="also time another build of the tool (an earlier "
                    "commit's), interleaved with the rest as 'baseline "
                    "tool'; its --list=json must equal the tool's")
    ap.add_argument("--torch-include-variant", action="store_true",
                    help="also time `aoti-instrument --torch-include=DIR W "
                    "--list`, which skips the python3 lookup of torch")
    ap.add_argument("--enlarge-base", default=DEFAULT_BASE)
    ap.add_argument("--enlarge-sizes", default="10000,25000,50000,100000",
                    help="approximate run_impl lines of enlarged variants of "
                    "--enlarge-base, comma-separated; '' for none")
    ap.add_argument("--gxx-on-enlarged", action="store_true",
                    help="time g++ on the enlarged variants too (slow)")
    ap.add_argument("--workdir", help="where enlarged variants are written "
                    "(default: a temporary directory, removed afterwards)")
    ap.add_argument("--json", metavar="FILE",
                    help="also write all results as JSON to FILE ('-': print "
                    "JSON instead of Markdown)")
    ap.add_argument("--render", metavar="FILE",
                    help="print the Markdown report of an earlier --json FILE "
                    "and exit")
    args = ap.parse_args(argv)
    if args.render:
        with open(args.render, encoding="utf-8") as f:
            print(report(json.load(f)))
        return 0

    os.chdir(REPO)
    log = (lambda m: print(m, file=sys.stderr, flush=True))
    wrappers = args.wrappers or DEFAULT_WRAPPERS
    programs = [args.tool, shutil.which(args.clang)]
    if args.baseline_tool:
        programs.append(args.baseline_tool)
    for tool_bin in programs:
        if not tool_bin or not os.access(tool_bin, os.X_OK):
            raise SystemExit("not found: %s" % tool_bin)
    gxx = shutil.which(args.gxx) if args.gxx else None
    python = "python3"
    torch_include = find_torch_include(python)
    if not torch_include:
        raise SystemExit("no torch found by the python3 on PATH; put the "
                         "torch venv's bin/ first on PATH")

    workdir = args.workdir or tempfile.mkdtemp(prefix="aoti-bench-")
    os.makedirs(workdir, exist_ok=True)
    inputs = [(w, os.path.basename(os.path.dirname(os.path.abspath(w))) or w,
               None) for w in wrappers]
    sizes = [int(s) for s in args.enlarge_sizes.split(",") if s.strip()]
    if sizes:
        with open(args.enlarge_base, encoding="utf-8") as f:
            base_text = f.read()
        base_layout = enlarge_wrapper.Layout(base_text.splitlines(keepends=True))
        base_label = os.path.basename(os.path.dirname(args.enlarge_base))
        inputs.append((args.enlarge_base, base_label + " (K=1)", 1))
        for size in sizes:
            k = base_layout.copies_for(size)
            text, _ = enlarge_wrapper.enlarge(base_text, k)
            d = os.path.join(workdir, "%s_x%d" % (base_label, k))
            os.makedirs(d, exist_ok=True)
            path = os.path.join(d, "wrapper.cpp")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            inputs.append((path, "%s x%d" % (base_label, k), k))

    results = {
        "command": " ".join(shlex.quote(a) for a in [
            "scripts/bench/bench_list.py"] + (argv if argv is not None
                                              else sys.argv[1:])),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds"),
        "machine": machine_info(args.clang, gxx),
        "loadavg_start": os.getloadavg(),
        "repeat": args.repeat,
        "tool": args.tool,
        "baseline_tool": args.baseline_tool,
        "commit": git_head(),
        "entries": [],
    }
    log("machine: %(nproc)s CPUs, %(cpu)s, %(clang)s" % results["machine"])
    log("load average at start: %.2f %.2f %.2f" % results["loadavg_start"])

    base_sites = None
    for path, label, copies in inputs:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        flags, origin, notes = tool_flags(args.tool, path)
        clang_argv = [args.clang, "-fsyntax-only", "-w",
                      "-fno-caret-diagnostics"] + flags + ["-xc++", path]
        gxx_flags = [f for f in flags if not f.startswith("-resource-dir=")]
        gxx_argv = ([gxx, "-fsyntax-only", "-w", "-fno-diagnostics-show-caret"]
                    + gxx_flags + ["-xc++", path]) if gxx else None
        tool_argv = [args.tool, path, "--list"]
        entry = {"label": label, "file": path, "copies": copies,
                 "lines": count_lines(text), "run_impl_lines": run_impl_lines(text),
                 "flags_origin": origin, "flag_notes": notes, "commands": {
                     "tool": shlex.join(tool_argv),
                     "clang++": shlex.join(clang_argv)}}
        log("\n== %s (%s lines, run_impl %s lines)" % (
            label, entry["lines"], entry["run_impl_lines"]))
        log("  clang++: " + entry["commands"]["clang++"])
        for note in notes:
            log("  note: " + note)

        # Untimed checks: the launch count, and that the flags are the ones
        # the tool parses with.
        listed = subprocess.run([args.tool, path, "--list=json"],
                                capture_output=True, text=True)
        if listed.returncode != 0:
            raise SystemExit("%s --list failed (exit %d):\n%s" % (
                path, listed.returncode, listed.stderr))
        entry["sites"] = len(json.loads(listed.stdout)["sites"])
        table = subprocess.run(tool_argv, capture_output=True, text=True)
        explicit = subprocess.run(tool_argv + ["--"] + flags,
                                  capture_output=True, text=True)
        entry["explicit_flags_same_output"] = (
            explicit.returncode == 0 and explicit.stdout == table.stdout)
        if not entry["explicit_flags_same_output"]:
            log("  WARNING: `--list -- <the --print-flags flags>` prints "
                "something else than `--list`")
        log("  checks: %d launch sites; `--list -- FLAGS` output identical: %s"
            % (entry["sites"], entry["explicit_flags_same_output"]))
        if copies == 1:
            base_sites = entry["sites"]
        if copies and base_sites:
            entry["sites_expected"] = copies * base_sites
            ok = entry["sites"] == entry["sites_expected"]
            log("  enlarged x%d: --list reports %d sites, expected %d x %d = %d: %s"
                % (copies, entry["sites"], copies, base_sites,
                   entry["sites_expected"], "OK" if ok else "MISMATCH"))
            if not ok:
                raise SystemExit("enlarged variant lost launch sites")

        cmds = {"tool": tool_argv, "clang++": clang_argv}
        if gxx_argv and (not copies or copies == 1 or args.gxx_on_enlarged):
            cmds["g++"] = gxx_argv
            entry["commands"]["g++"] = shlex.join(gxx_argv)
        if args.baseline_tool:
            cmds["baseline tool"] = [args.baseline_tool, path, "--list"]
            entry["commands"]["baseline tool"] = shlex.join(
                cmds["baseline tool"])
            check_same_listing(args.baseline_tool, path, listed.stdout, log)
        if args.torch_include_variant:
            cmds["tool --torch-include"] = [
                args.tool, "--torch-include=" + torch_include, path, "--list"]
        bench_one(entry, cmds, args.repeat, log)
        t = entry["timings"]
        entry["ratio_wall"] = t["tool"]["wall_min"] / t["clang++"]["wall_min"]
        entry["ratio_cpu"] = t["tool"]["cpu_min"] / t["clang++"]["cpu_min"]
        entry["ratio_wall_median"] = (t["tool"]["wall_median"]
                                      / t["clang++"]["wall_median"])
        log("  tool/clang++: %.2fx (wall min), %.2fx (CPU min)" % (
            entry["ratio_wall"], entry["ratio_cpu"]))
        results["entries"].append(entry)

    py = shutil.which(python)
    if py:
        code = "import importlib.util as u; print(u.find_spec('torch'))"
        samples = [run_timed([py, "-c", code])[:2] for _ in range(args.repeat)]
        results["torch_lookup"] = dict(summarize(samples), python=python)
    results["loadavg_end"] = os.getloadavg()
    if sizes:
        results["linearity"] = linearity(results["entries"], base_label)
    if not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)

    if args.json:
        payload = json.dumps(results, indent=2)
        if args.json == "-":
            print(payload)
            return 0
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(payload + "\n")
    print(report(results))
    return 0


def report(results):
    m = results["machine"]
    header = ("Machine: %d CPUs (%s), %s; %s; g++: %s. Load average %.2f at "
              "start, %.2f at end. Min of %d interleaved runs. Tool: %s (repo "
              "at %s). Command: `%s`.\n" % (
                  m["nproc"], m["cpu"], m["memory"], m["clang"], m["gxx"],
                  results["loadavg_start"][0], results["loadavg_end"][0],
                  results["repeat"], results["tool"], results["commit"],
                  results["command"]))
    return header + "\n" + markdown(results)


if __name__ == "__main__":
    sys.exit(main())
