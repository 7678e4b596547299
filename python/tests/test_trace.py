# SPDX-License-Identifier: MIT
import json

import pytest

import nqueens

NINE = [m for m in nqueens.TRACE_METHODS if m not in ("random", "first")]


def as_cli_json(e):
    """A TraceEvent in the command line's jsonl form (1-based)."""
    j = {"step": e.step, "event": e.kind, "code_line": e.line}
    if e.row >= 0:
        j["row"] = e.row + 1
    if e.col >= 0:
        j["col"] = e.col + 1
    if e.by_row >= 0 or e.by_col >= 0:
        j["by"] = {
            "row": e.by_row + 1 if e.by_row >= 0 else None,
            "col": e.by_col + 1 if e.by_col >= 0 else None,
            "line": e.along,
        }
    elif e.along:
        j["along"] = e.along
    j["board"] = [c + 1 if c >= 0 else None for c in e.board]
    if e.kind == "solution":
        j["perm"] = [c + 1 for c in e.placement]
    if e.number:
        j["number"] = e.number
    j.update(placements=e.placements, checks=e.checks, nodes=e.nodes)
    j["vars"] = {k: list(v) if isinstance(v, tuple) else v for k, v in e.vars.items()}
    return j


@pytest.mark.parametrize("method", nqueens.TRACE_METHODS)
@pytest.mark.parametrize("first", [True, False])
def test_events_are_the_command_lines(cli, method, first):
    # blind at 6 and the local search at 6 (a board it gets stuck on, 5e5 events) are long.
    n = {"blind": 4, "random": 8}.get(method, 6)
    args = ["trace", n, "--method", method, "--format", "jsonl", "--seed", 1]
    args += ["--first"] if first else []
    _, out, _ = cli(*args)
    expected = [json.loads(line) for line in out.splitlines() if line]
    expected = [j for j in expected if "summary" not in j]
    events = list(nqueens.trace(n, method=method, first=first, seed=1))
    assert [as_cli_json(e) for e in events] == expected
    solutions = [e.placement for e in events if e.kind == "solution"]
    assert len(solutions) == (1 if first or method in ("random", "first") else
                              nqueens.known_count(n)[0])
    assert all(nqueens.verify(s) is None for s in solutions)


@pytest.mark.parametrize("method", NINE)
def test_the_trace_counts_what_the_method_counts(method):
    n = 5
    events = list(nqueens.trace(n, method=method, first=False))
    run = nqueens.classic(n, method, mode="count")
    assert sum(e.kind == "solution" for e in events) == run.count
    last = events[-1]
    assert (last.placements, last.checks, last.nodes) == (run.placements, run.checks, run.nodes)
    assert [e.step for e in events] == list(range(1, len(events) + 1))


def test_random_ends_on_the_answer_of_solve():
    for n, seed in [(8, 1), (12, 5), (20, 7)]:
        last = list(nqueens.trace(n, method="random", seed=seed))[-1]
        assert last.kind == "solution"
        assert list(last.board) == nqueens.solve(n, method="random", seed=seed).tolist()


def test_listings_name_the_line_of_each_kind():
    recursive = nqueens.listing("recursive")
    assert "cols[row] = c" in recursive.lines[recursive.kinds["place"] - 1]
    assert str(recursive).splitlines()[8].startswith("  9  ")
    for method in nqueens.TRACE_METHODS:
        listing = nqueens.listing(method, 5)
        for e in nqueens.trace(5, method=method, max_steps=200):
            if method == "nested" and e.kind in ("place", "remove"):
                continue  # each row's own line: test_nested_tells_each_row_from_its_own_loop
            assert e.line == listing.kinds[e.kind], (method, e.kind)


def test_nested_tells_each_row_from_its_own_loop():
    def loops(n):
        return sum("for (cols[" in line for line in nqueens.listing("nested", n).lines)

    assert (loops(4), loops(8), loops(12)) == (4, 8, 5)  # past 8 rows, rows 4 to n - 2 are one line
    n = 6
    listing = nqueens.listing("nested", n)
    events = list(nqueens.trace(n, method="nested", first=False))
    iterative = list(nqueens.trace(n, method="iterative", first=False))
    assert [(e.kind, e.row, e.col) for e in events] == [(e.kind, e.row, e.col) for e in iterative]
    assert [e.line for e in events] != [e.line for e in iterative]
    said = {
        "place": lambda e: f"if (!safe({e.row}, cols[{e.row}])) continue;",
        "remove": lambda e: f"for (cols[{e.row}] = 0; cols[{e.row}] < n; cols[{e.row}]++) {{",
        "reject": lambda e: "return false",
        "solution": lambda e: "report(cols)",
    }
    for e in events:
        assert said[e.kind](e) in listing.lines[e.line - 1], (e.step, e.kind, e.row, e.line)
        assert "k" not in e.vars
    assert nqueens.listing("recursive", 4) == nqueens.listing("recursive", 9)
    with pytest.raises(ValueError, match="trace"):
        nqueens.listing("nested", 33)


def test_max_steps_and_bad_input():
    assert len(list(nqueens.trace(10, first=False, max_steps=100))) == 100
    with pytest.raises(ValueError, match="unknown method 'bogus' .*random, first"):
        nqueens.trace(6, method="bogus")
    with pytest.raises(ValueError, match="too large for trace"):
        nqueens.trace(33)
    with pytest.raises(ValueError, match="random method needs a board with a solution"):
        nqueens.trace(3, method="random")
    with pytest.raises(ValueError, match="unknown method"):
        nqueens.listing("bogus")
