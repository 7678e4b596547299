#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How far `solve N --method first --estimate` is from the truth, on the rows already finished.

A finished row's proof (docs/first/nNNN.proof.xz) lists every piece of every refuted probe with
the nodes its search took, so the nodes a probe's refutation cost are known. For each refuted
probe of at least MIN_NODES nodes this builds the checkpoint a run would hold just before the
probe (the steps of the rows above it and of the columns left of it in its row), asks
`--estimate PATHS` how many nodes the probe will take, and compares. The real figure is the sum
of the pieces' nodes: a piece cut in two loses the nodes searched before the cut, so it is a
little low, never high.

Usage: bench/first_estimate_error.py [FROM [TO [PATHS [MIN_NODES [LIMIT [FRACTION]]]]]]
       (default 1 100 1000 100000 30 0; NQ_BIN picks the binary; THREADS the threads, default 1)
FRACTION > 0 estimates in the middle of the probe instead, as a checkpoint holds it once that
share of the probe's steps are made (in the proof's order, which is the order they were made),
against the nodes of the pieces the steps after it refute.
Prints one line per probe and then the error's median and worst, as the ratio estimate / real.
"""
import glob
import json
import lzma
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BIN = os.environ.get("NQ_BIN", os.path.join(ROOT, "build/release/nqueens"))


def fnv1a(data: bytes) -> int:
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def checkpoint_text(n, steps):
    """A checkpoint file (appkit/first_checkpoint.hpp) holding STEPS, with its checksum."""
    body = "nqueens-first-checkpoint 1\nversion any\nn %d\n" % n + "".join(s + "\n" for s in steps)
    return body + "checksum %016x\n" % fnv1a(body.encode())


def refuted_probes(path):
    """The proof's steps, and each probe (row, column) left of the answer's column, refuted, with
    the nodes of its pieces."""
    steps, nodes, completed, answer = [], {}, set(), []
    for line in lzma.open(path, "rt"):
        word = line.split()
        if word and word[0] == "A":
            answer = [int(c) for c in word[1:]]
        if not word or word[0] not in "XSCR" or len(word[0]) != 1:
            continue
        steps.append(line.rstrip("\n"))
        probe = (int(word[1]), int(word[2]))
        if word[0] == "X":
            nodes[probe] = nodes.get(probe, 0) + int(word[3])
        elif word[0] in "CR":
            completed.add(probe)
    # Threads probe columns right of the answer's too; the answer never needed those.
    return steps, {p: v for p, v in nodes.items()
                   if answer and p not in completed and p[1] < answer[p[0] - 1]}


def before(steps, probe, fraction):
    """The steps a run holds when PROBE is its row's leftmost open column and the first FRACTION
    of the probe's own steps are made, and the nodes of the pieces its later steps refute."""
    row, column = probe
    own = [s for s in steps if s.split()[:3] == ["X", str(row), str(column)] or
           s.split()[:3] == ["S", str(row), str(column)]]
    made = own[:int(fraction * len(own))]
    kept = []
    for s in steps:
        word = s.split()
        r, c = int(word[1]), int(word[2])
        if r < row or (r == row and c < column and word[0] != "R"):
            kept.append(s)
    left = sum(int(s.split()[3]) for s in own[len(made):] if s[0] == "X")
    return kept + made, left


def estimate(n, steps, paths, limit, threads, scratch):
    path = os.path.join(scratch, "n%d.checkpoint" % n)
    with open(path, "w") as f:
        f.write(checkpoint_text(n, steps))
    r = subprocess.run([BIN, "solve", str(n), "--method", "first", "--estimate", str(paths),
                        "--json", "--threads", str(threads), "--timeout", str(limit),
                        "--checkpoint", path], capture_output=True, text=True)
    if r.returncode not in (0, 124):
        raise SystemExit("n = %d: --estimate failed (exit %d): %s" % (n, r.returncode, r.stderr))
    return json.loads(r.stdout)


def main():
    args = sys.argv[1:]
    lo, hi = (int(args[0]) if args else 1), (int(args[1]) if len(args) > 1 else 100)
    paths = int(args[2]) if len(args) > 2 else 1000
    min_nodes = int(float(args[3])) if len(args) > 3 else 100000
    limit = float(args[4]) if len(args) > 4 else 30
    fraction = float(args[5]) if len(args) > 5 else 0
    threads = int(os.environ.get("THREADS", "1"))
    ratios = []
    print("| n | probe: row, column | real nodes left | estimate ± error | paths | estimate / real |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for proof in sorted(glob.glob(os.path.join(ROOT, "docs/first/n[0-9][0-9][0-9].proof.xz"))):
            n = int(os.path.basename(proof)[1:4])
            if not lo <= n <= hi:
                continue
            steps, probes = refuted_probes(proof)
            for probe, real in sorted(probes.items()):
                if real < min_nodes:
                    continue
                held, real = before(steps, probe, fraction)
                if real < min_nodes:
                    continue
                j = estimate(n, held, paths, limit, threads, scratch)
                if (j.get("row"), j.get("column")) != probe or j.get("completions"):
                    print("| %d | %d, %d | %d | stood elsewhere: %s |" % (n, *probe, real, j))
                    continue
                ratio = j["nodes"] / real
                ratios.append((ratio, n, probe))
                print("| %d | %d, %d | %.3g | %.3g ± %.1g | %d | %.2f |" % (
                    n, *probe, real, j["nodes"], j["error"], j["paths"], ratio), flush=True)
    print()
    summary("estimate / real", ratios)


def summary(what, ratios):
    if not ratios:
        return
    r = sorted(x[0] for x in ratios)
    low, high = min(ratios), max(ratios)
    print("%d probes: %s median %.2f, quartiles %.2f and %.2f; lowest %.3g (n = %d, row %d "
          "column %d), highest %.3g (n = %d, row %d column %d); within a factor 2: %d%%" % (
              len(r), what, statistics.median(r), r[len(r) // 4], r[(3 * len(r)) // 4],
              low[0], low[1], *low[2], high[0], high[1], *high[2],
              round(100 * sum(1 for x in r if 0.5 <= x <= 2) / len(r))))


if __name__ == "__main__":
    main()
