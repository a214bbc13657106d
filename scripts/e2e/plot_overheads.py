#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Draws the per-forward overheads of a GPU bench run as an SVG bar chart
(log scale, one bar per mode, each preset's aim as a tick). Stdlib only.

    plot_overheads.py RESULTS.jsonl docs/overheads.svg

RESULTS.jsonl is what `gpu_scenarios.py bench` wrote (the raw results are
kept in docs/gpu-runs/).
"""
import json
import math
import sys

AIMS = {"pinpoint-ima.yaml": 1.1, "nan-hunt.yaml": 2.0, "print-all.yaml": 4.0,
        "rule matching nothing": 1.01}


def main():
    rows = [json.loads(l) for l in open(sys.argv[1])]
    machine = next((r for r in rows if r.get("event") == "machine"), {})
    bench = [r for r in rows if r.get("event") == "bench" and r.get("ratio")]
    ours = [r for r in bench if r["mode"].endswith(".yaml") or "nothing" in r["mode"]]
    others = [r for r in bench if r not in ours]
    order = sorted(ours, key=lambda r: r["ratio"]) + sorted(others, key=lambda r: r["ratio"])
    w, left, bar, gap, top = 1000, 300, 22, 8, 78
    h = top + len(order) * (bar + gap) + 50
    xmax = math.log10(max(r["ratio"] for r in order) * 1.5)
    x = lambda ratio: left + (w - left - 170) * math.log10(max(ratio, 1.0)) / xmax
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           'font-family="sans-serif" font-size="13">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="10" y="22" font-size="15" font-weight="bold">Per-forward '
           f'latency relative to the uninstrumented model (log scale)</text>',
           f'<text x="10" y="42" fill="#555">12-layer transformer, d=256, batch '
           f'8x256 tokens, dynamic shapes; {machine.get("device", "?")}, torch '
           f'{machine.get("torch", "?")}.</text>',
           '<text x="10" y="60" fill="#555">Blue: aoti-instrument presets; grey: '
           "today's tools; red tick: the aim for that preset.</text>"]
    for tick in [1, 2, 4, 10, 20, 50]:
        if math.log10(tick) <= xmax:
            out.append(f'<line x1="{x(tick):.1f}" y1="{top - 5}" x2="{x(tick):.1f}" '
                       f'y2="{h - 40}" stroke="#ddd"/>')
            out.append(f'<text x="{x(tick):.1f}" y="{h - 25}" text-anchor="middle">'
                       f'{tick}x</text>')
    for i, r in enumerate(order):
        y = top + i * (bar + gap)
        color = "#3b7dd8" if r in ours else "#999"
        out.append(f'<text x="{left - 8}" y="{y + bar - 6}" text-anchor="end">'
                   f'{r["mode"]}</text>')
        out.append(f'<rect x="{left}" y="{y}" width="{max(x(r["ratio"]) - left, 2):.1f}" '
                   f'height="{bar}" fill="{color}"/>')
        out.append(f'<text x="{x(r["ratio"]) + 6:.1f}" y="{y + bar - 6}">'
                   f'{r["ratio"]:.2f}x ({r["ms_per_forward"]:.2f} ms)</text>')
        if r["mode"] in AIMS:
            ax = x(AIMS[r["mode"]])
            out.append(f'<line x1="{ax:.1f}" y1="{y - 2}" x2="{ax:.1f}" '
                       f'y2="{y + bar + 2}" stroke="#d33" stroke-width="3"/>')
    out.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
