#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The phase transition of the completion families, ours against CaDiCaL (on our CNF).

For each family (blocked, diagonals), each n and each value of the family's parameter, COUNT
random instances (`nqueens instance N --family F ... --seed S`) are decided by `nqueens complete`
and by CaDiCaL on `nqueens complete --to-dimacs` (the CNF is written beforehand and not timed),
one process after the other, each with a timeout. Answers must agree wherever both decide (the
script stops otherwise). Writes one CSV row per instance and an SVG plot: the completable
fraction and the median time against the parameter, one line per n, ours and CaDiCaL in two
colours; prints a table of the points nearest the transition (completable fraction nearest 1/2).

The parameters: blocked, the open squares per row x = n - B/n (B = n^2 - x n blocked squares);
diagonals, the excluded diagonals per row d/n. Usage (bench/transition.sh builds first):
  bench/transition.py [--sizes 20,30,40,50] [--count 10] [--timeout 10] [--out DIR]
                      [--families blocked,diagonals] [--values 6.5,7,7.5]
--values replaces the families' sweeps by those parameter values (for runs at the transition).
"""
import argparse
import csv
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NQUEENS = os.path.join(ROOT, "build", "release", "nqueens")

FAMILIES = {
    # family: (parameter label, values, instance options for (n, value))
    "blocked": ("open squares per row (x = n - blocked / n)",
                [4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 9.0, 10.0],
                lambda n, x: ["--blocked", str(n * n - round(x * n))]),
    "diagonals": ("excluded diagonals / n",
                  [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3],
                  lambda n, f: ["--diagonals", str(round(f * n))]),
}


def timed(command, timeout, stdout=subprocess.DEVNULL):
    """(seconds, exit code) of a command; the code is None when it ran past the timeout."""
    start = time.perf_counter()
    try:
        code = subprocess.run(command, stdout=stdout, stderr=subprocess.DEVNULL,
                              timeout=timeout + 5).returncode
    except subprocess.TimeoutExpired:
        code = None
    return min(time.perf_counter() - start, timeout), code


def decide(scratch, n, family, options, seed, timeout):
    """One instance: our answer and time, CaDiCaL's; answers are 'yes', 'no' or 'timeout'."""
    instance = os.path.join(scratch, "in.txt")
    cnf = os.path.join(scratch, "in.cnf")
    with open(instance, "w") as out:
        made = subprocess.run([NQUEENS, "instance", str(n), "--family", family, *options,
                               "--seed", str(seed)], stdout=out, stderr=subprocess.PIPE, text=True)
    if made.returncode != 0:
        return None  # e.g. fewer diagonals can be excluded with this seed
    with open(cnf, "w") as out:
        subprocess.run([NQUEENS, "complete", instance, "--to-dimacs"], stdout=out, check=True)
    ours_s, ours = timed([NQUEENS, "complete", instance, "--timeout", str(timeout)], timeout)
    theirs_s, theirs = timed(["cadical", "-q", "-t", str(int(math.ceil(timeout))), cnf], timeout)
    ours = {0: "yes", 1: "no"}.get(ours, "timeout")
    theirs = {10: "yes", 20: "no"}.get(theirs, "timeout")
    if "timeout" not in (ours, theirs) and ours != theirs:
        sys.exit(f"transition.py: the solvers disagree on n {n} {family} {options} seed {seed}")
    return ours, ours_s, theirs, theirs_s


def sweep(args, writer):
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for family in args.families:
            _, values, options_for = FAMILIES[family]
            values = args.values or values
            for n in args.sizes:
                for value in values:
                    for seed in range(1, args.count + 1):
                        got = decide(scratch, n, family, options_for(n, value), seed, args.timeout)
                        if got is None:
                            continue
                        ours, ours_s, theirs, theirs_s = got
                        row = {"family": family, "n": n, "parameter": value, "seed": seed,
                               "ours": ours, "ours_s": f"{ours_s:.4f}", "cadical": theirs,
                               "cadical_s": f"{theirs_s:.4f}"}
                        writer.writerow(row)
                        rows.append(row)
                    print(f"{family} n={n} {value}: done", file=sys.stderr, flush=True)
    return rows


def points(rows):
    """Per (family, n, parameter): instances, completable fraction, median times."""
    groups = {}
    for r in rows:
        groups.setdefault((r["family"], int(r["n"]), float(r["parameter"])), []).append(r)
    out = {}
    for key, rs in groups.items():
        decided = [r for r in rs if "yes" in (r["ours"], r["cadical"]) or
                   "no" in (r["ours"], r["cadical"])]
        yes = sum(1 for r in decided if "yes" in (r["ours"], r["cadical"]))
        out[key] = {
            "count": len(rs),
            "completable": yes / len(decided) if decided else float("nan"),
            "ours": statistics.median(float(r["ours_s"]) for r in rs),
            "cadical": statistics.median(float(r["cadical_s"]) for r in rs),
            "ours_timeouts": sum(r["ours"] == "timeout" for r in rs),
            "cadical_timeouts": sum(r["cadical"] == "timeout" for r in rs),
            "worst": max(float(r["ours_s"]) - 2 * float(r["cadical_s"]) - 0.02 for r in rs),
        }
    return out


def svg_plot(stats, path):
    """Two panels per family (completable fraction; median seconds, log scale)."""
    colours = {"ours": "#1f6fb2", "cadical": "#c8512b"}
    width, height, margin = 1000, 660, 60
    panel_w, panel_h = (width - 3 * margin) / 2, (height - 20 - 3 * margin) / 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    times = [v[k] for v in stats.values() for k in ("ours", "cadical") if v[k] > 0]
    t_lo = math.log10(max(min(times, default=1e-3), 1e-3))
    t_hi = math.log10(max(times, default=1))
    if t_hi - t_lo < 1:
        t_hi = t_lo + 1
    for col, (family, (label, values, _)) in enumerate(FAMILIES.items()):
        x0 = margin + col * (panel_w + margin)
        sizes = sorted({n for (f, n, _) in stats if f == family})
        for row, kind in enumerate(("completable", "time")):
            y0 = margin / 2 + row * (panel_h + margin)
            parts.append(f'<rect x="{x0}" y="{y0}" width="{panel_w}" height="{panel_h}" '
                         f'fill="none" stroke="#999"/>')
            lo, hi = min(values), max(values)

            def px(v):
                return x0 + (v - lo) / (hi - lo) * panel_w

            def py(v):
                if kind == "completable":
                    return y0 + (1 - v) * panel_h
                return y0 + (1 - (math.log10(max(v, 1e-3)) - t_lo) / (t_hi - t_lo)) * panel_h

            title = (f"{family}: completable fraction" if kind == "completable"
                     else f"{family}: median seconds (log)")
            parts.append(f'<text x="{x0}" y="{y0 - 6}" font-weight="bold">{title}</text>')
            for v in values:
                parts.append(f'<text x="{px(v)}" y="{y0 + panel_h + 14}" '
                             f'text-anchor="middle">{v:g}</text>')
            parts.append(f'<text x="{x0 + panel_w / 2}" y="{y0 + panel_h + 28}" '
                         f'text-anchor="middle">{label}</text>')
            ticks = [0, 0.5, 1] if kind == "completable" else [
                10 ** e for e in range(math.floor(t_lo), math.ceil(t_hi) + 1)]
            for t in ticks:
                if kind == "time" and not (t_lo <= math.log10(t) <= t_hi):
                    continue
                parts.append(f'<text x="{x0 - 4}" y="{py(t) + 4}" text-anchor="end">{t:g}</text>')
                parts.append(f'<line x1="{x0}" x2="{x0 + panel_w}" y1="{py(t)}" y2="{py(t)}" '
                             f'stroke="#eee"/>')
            solvers = ["ours"] if kind == "completable" else ["ours", "cadical"]
            for i, n in enumerate(sizes):
                dash = ["", "6,3", "2,3", "8,3,2,3", "1,2"][i % 5]
                for solver in solvers:
                    key = "completable" if kind == "completable" else solver
                    pts = [(v, stats[(family, n, v)][key]) for v in values
                           if (family, n, v) in stats and not math.isnan(stats[(family, n, v)][key])]
                    if not pts:
                        continue
                    colour = "#333" if kind == "completable" else colours[solver]
                    path_d = " ".join(f"{'M' if j == 0 else 'L'}{px(v):.1f},{py(y):.1f}"
                                      for j, (v, y) in enumerate(pts))
                    parts.append(f'<path d="{path_d}" fill="none" stroke="{colour}" '
                                 f'stroke-width="1.8" stroke-dasharray="{dash}"/>')
                    lv, ly = pts[-1]
                    parts.append(f'<text x="{px(lv) + 3}" y="{py(ly) + 4}" fill="{colour}" '
                                 f'font-size="10">n={n}</text>')
    legend_y = height - 30
    parts.append(f'<text x="{margin}" y="{legend_y}" fill="{colours["ours"]}">'
                 f'&#9632; nqueens complete</text>')
    parts.append(f'<text x="{margin + 170}" y="{legend_y}" fill="{colours["cadical"]}">'
                 f'&#9632; CaDiCaL on our CNF</text>')
    parts.append(f'<text x="{margin + 360}" y="{legend_y}" fill="#555">one line per n '
                 f'(dash pattern); times: medians, a timeout counting as the timeout</text>')
    parts.append(f'<text x="{margin}" y="{legend_y + 18}" fill="#555">completable: the share '
                 f'of the instances either solver decided (no point where neither decided any)'
                 f'</text>')
    parts.append("</svg>")
    with open(path, "w") as out:
        out.write("\n".join(parts) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,30,40,50",
                        type=lambda s: [int(x) for x in s.split(",")])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "transition"))
    parser.add_argument("--families", default=",".join(FAMILIES),
                        type=lambda s: [f for f in s.split(",") if f in FAMILIES or
                                        parser.error(f"unknown family {f!r}")])
    parser.add_argument("--values", type=lambda s: [float(x) for x in s.split(",")],
                        help="parameter values instead of each family's sweep")
    parser.add_argument("--plot-only", action="store_true",
                        help="redraw the plot and the table from OUT/transition.csv")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    csv_path = os.path.join(args.out, "transition.csv")
    fields = ["family", "n", "parameter", "seed", "ours", "ours_s", "cadical", "cadical_s"]
    if args.plot_only:
        with open(csv_path) as f:
            rows = list(csv.DictReader(f))
    else:
        with open(csv_path, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=fields)
            writer.writeheader()
            rows = sweep(args, writer)
    stats = points(rows)
    svg_plot(stats, os.path.join(args.out, "transition.svg"))
    print("| family | n | parameter | instances | completable | ours median s | CaDiCaL median s "
          "| ratio | timeouts ours / CaDiCaL | worst: ours - 2 CaDiCaL - 20 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for family in sorted({f for (f, _, _) in stats}):
        for n in sorted({n for (f, n, _) in stats if f == family}):
            near = min(((v, s) for (f, m, v), s in stats.items() if f == family and m == n),
                       key=lambda vs: abs(vs[1]["completable"] - 0.5)
                       if not math.isnan(vs[1]["completable"]) else 9)
            v, s = near
            ratio = s["ours"] / s["cadical"] if s["cadical"] > 0 else float("inf")
            print(f"| {family} | {n} | {v:g} | {s['count']} | {s['completable']:.2f} "
                  f"| {s['ours']:.3f} | {s['cadical']:.3f} | {ratio:.2f} "
                  f"| {s['ours_timeouts']} / {s['cadical_timeouts']} | {s['worst']:+.3f} |")
    print(f"CSV and SVG in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
