# SPDX-License-Identifier: MIT
import json

import pytest

import nqueens

LINES = {True: "column", False: "diagonal"}


def as_cli_json(e):
    """A TraceEvent in the command line's jsonl form (1-based)."""
    j = {"step": e.step, "event": e.kind}
    if e.kind == "solution":
        j["number"] = e.solution
        j["perm"] = [c + 1 for c in e.placement]
        return j
    j["row"], j["col"] = e.row + 1, e.col + 1
    if e.kind == "reject":
        j["by"] = {"row": e.by_row + 1, "col": e.by_col + 1, "line": LINES[e.same_column]}
    return j


@pytest.mark.parametrize("method", ["recursive", "iterative", "nested", "bitmask"])
@pytest.mark.parametrize("first", [True, False])
def test_events_are_the_command_lines(cli, method, first):
    args = ["trace", 6, "--method", method, "--format", "jsonl"] + (["--first"] if first else [])
    _, out, _ = cli(*args)
    expected = [json.loads(line) for line in out.splitlines() if line]
    expected = [j for j in expected if "summary" not in j]
    got = [as_cli_json(e) for e in nqueens.trace(6, method=method, first=first)]
    assert got == expected
    solutions = [e.placement for e in nqueens.trace(6, method=method, first=first)
                 if e.kind == "solution"]
    assert len(solutions) == (1 if first else 4)
    assert all(nqueens.verify(s) is None for s in solutions)


def test_the_trace_counts_what_the_method_counts():
    events = list(nqueens.trace(8, first=False))
    placed = sum(e.kind == "place" for e in events)
    rejected = sum(e.kind == "reject" for e in events)
    assert sum(e.kind == "solution" for e in events) == 92
    assert placed + rejected == nqueens.classic(8, "recursive", mode="count").placements
    assert [e.step for e in events] == list(range(1, len(events) + 1))


def test_max_steps_and_bad_input():
    assert len(list(nqueens.trace(10, first=False, max_steps=100))) == 100
    with pytest.raises(ValueError, match="unknown method 'permutations'"):
        nqueens.trace(6, method="permutations")
    with pytest.raises(ValueError, match="too large for trace"):
        nqueens.trace(33)
