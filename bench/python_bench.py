# SPDX-License-Identifier: MIT
"""Measurements behind bench/python.sh (see there). Prints a Markdown table per part."""
import json
import statistics
import subprocess
import sys
import time

import nqueens


def student_count(n):
    """What a student writes first: a recursive backtracker over a list of columns, checking
    each new queen against every earlier one."""
    solutions = 0
    cols = []

    def safe(col):
        row = len(cols)
        for r, c in enumerate(cols):
            if c == col or abs(c - col) == row - r:
                return False
        return True

    def place():
        nonlocal solutions
        if len(cols) == n:
            solutions += 1
            return
        for col in range(n):
            if safe(col):
                cols.append(col)
                place()
                cols.pop()

    place()
    return solutions


def timed(f):
    start = time.perf_counter()
    value = f()
    return time.perf_counter() - start, value


def main():
    binary, n, runs, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    known = nqueens.known_count(n)

    print(f"## count({n}), {threads} threads: Python module and command line, alternated\n")
    cli_times, py_times = [], []
    for _ in range(runs):
        t, out = timed(lambda: subprocess.run([binary, "count", str(n), "--threads", str(threads),
                                               "-q", "--json"], check=True, capture_output=True,
                                              text=True).stdout)
        assert json.loads(out)["total"] == known[0], out
        cli_times.append(t)
        t, r = timed(lambda: nqueens.count(n, threads=threads))
        assert (r.total, r.unique) == known
        py_times.append(t)
    cli, py = statistics.median(cli_times), statistics.median(py_times)
    print("| | median s | runs |\n|---|---|---|")
    print(f"| nqueens count {n} | {cli:.3f} | {' '.join(f'{t:.3f}' for t in cli_times)} |")
    print(f"| nqueens.count({n}) | {py:.3f} | {' '.join(f'{t:.3f}' for t in py_times)} |")
    print(f"\nPython / command line: {py / cli:.4f}\n")

    print("## Arrays\n\n| call | median s (5 runs) |\n|---|---|")
    for label, f in [("solutions_array(12)", lambda: nqueens.solutions_array(12)),
                     ("solve(10**7)", lambda: nqueens.solve(10**7)),
                     ("verify(solve(10**7))", None)]:
        if f is None:
            big = nqueens.solve(10**7)
            f = lambda: nqueens.verify(big)  # noqa: E731
        print(f"| {label} | {statistics.median(timed(f)[0] for _ in range(5)):.4f} |")

    print("\n## Against a student's list-based backtracker (one thread each)\n")
    print("| n | student s | nqueens.count s | ratio |\n|---|---|---|---|")
    for m in (10, 12):
        s, count = timed(lambda: student_count(m))
        assert count == nqueens.known_count(m)[0]
        ours = statistics.median(timed(lambda: nqueens.count(m, threads=1))[0] for _ in range(5))
        print(f"| {m} | {s:.3f} | {ours:.5f} | {s / ours:,.0f}x |")


if __name__ == "__main__":
    main()
