# SPDX-License-Identifier: MIT
"""A tour of nqueens from Python, cell by cell as in a notebook (# %% marks a cell; in Jupyter,
a Board on the last line of a cell draws itself).

    python3 examples/python/tour.py            # after `pip install .`, or with
    PYTHONPATH=build/release/python python3 examples/python/tour.py
"""
# %% Count: every solution and the unique ones, on all cores.
import time

import nqueens

r = nqueens.count(12)
print(f"12 queens: {r.total} solutions, {r.unique} unique, in {r.seconds:.3f} s")
print("classes by size:", r.classes)
print("as a dict:", {k: v for k, v in dict(r).items() if k in ("n", "total", "unique")})

# %% Draw: the lexicographically first solution of 8 queens, as text and as SVG.
board = nqueens.Board(nqueens.solve(8, method="first"))
print(board.perm())
print(board)
print(board.render("unicode"))
svg = board._repr_svg_()  # what a notebook shows for `board`
print(f"SVG drawing: {len(svg)} characters")
print("symmetries that fix 2 4 1 3:", nqueens.Board([1, 3, 0, 2]).symmetries())

# %% Enumerate: a lazy stream, and NumPy arrays of all solutions.
for b in nqueens.solutions(8, unique=True, limit=3):
    print(b.perm(), "class of", b.class_size)
a = nqueens.solutions_array(10)
print("10 queens:", a.shape, a.dtype, "- first column used by the solutions:", sorted(set(a[:, 0])))

# %% Trace: how backtracking finds the first solution of 5 queens.
for e in nqueens.trace(5, method="recursive", first=True):
    if e.kind == "reject":
        print(f"{e.step:3} reject ({e.row},{e.col}) attacked by ({e.by_row},{e.by_col})")
    elif e.kind == "solution":
        print(f"{e.step:3} solution {e.placement}")
    else:
        print(f"{e.step:3} {e.kind} ({e.row},{e.col})")

# %% Every method steps, each event from a line of its listing, with the variables there.
amb = nqueens.listing("amb")
for e in nqueens.trace(4, method="amb", max_steps=6):
    print(f"{e.kind:9} line {e.line:2}: {amb.lines[e.line - 1].strip()[:40]:40} {e.vars}")

# %% Solve huge: ten million queens by construction, verified.
start = time.perf_counter()
huge = nqueens.solve(10_000_000)
built = time.perf_counter() - start
print(f"10^7 queens built in {built:.3f} s; valid: {nqueens.verify(huge) is None} "
      f"({time.perf_counter() - start:.3f} s with the check)")

# %% Complete: a board with queens already placed and squares blocked.
done = nqueens.complete(20, queens=[(0, 0), (1, 5)], blocked=[(2, 2), (2, 3)])
print("completion of 20 queens:", done.perm() if done else None)
print("completions of 8 queens with a queen on a1:", nqueens.count_completions(8, queens=[(0, 0)]))

# %% The textbook methods side by side (rows a pandas.DataFrame takes).
for row in nqueens.compare(8, budget=2):
    print(f"{row['method']:13} {row['solutions']!s:>6} solutions {row['placements']!s:>9} placements")

# %% The infinite quintal queens: the first 25 rows solve the 25-board.
print(nqueens.infinite(25).tolist(), nqueens.verify(nqueens.infinite(25)) is None)
