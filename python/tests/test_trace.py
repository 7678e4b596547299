# SPDX-License-Identifier: MIT
import collections.abc
import html
import itertools
import json
import re

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


@pytest.mark.parametrize("method", nqueens.TRACE_METHODS)
def test_sentences_are_the_command_lines(cli, method):
    n = {"blind": 4, "random": 8, "first": 12}.get(method, 5)
    _, out, _ = cli("trace", n, "--method", method, "--seed", 3)
    sentences = [e.sentence for e in nqueens.trace(n, method=method, seed=3)]
    assert sentences == out.splitlines()
    assert sentences[0].startswith("Step 1, line ")


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


def test_a_trace_is_still_a_lazy_iterator_of_events():
    t = nqueens.trace(6, method="recursive", first=True)
    assert isinstance(t, nqueens.Trace) and isinstance(t, collections.abc.Iterator)
    assert iter(t) is t
    first = next(t)
    assert (first.step, first.kind, first.board) == (1, "place", (0, -1, -1, -1, -1, -1))
    rest = list(t)
    assert [e.step for e in rest] == list(range(2, len(rest) + 2))
    assert rest[-1].kind == "solution" and sum(e.kind == "solution" for e in rest) == 1
    with pytest.raises(StopIteration):
        next(t)
    # An endless search stops when the trace is closed (or dropped) and the iteration ends.
    endless = nqueens.trace(32, first=False)
    assert [e.step for e in itertools.islice(endless, 3000)] == list(range(1, 3001))
    endless.close()
    assert list(endless) == []
    unstarted = nqueens.trace(6, first=True)  # its search has not started; closing it ends it all the same
    unstarted.close()
    assert list(unstarted) == []
    assert repr(nqueens.trace(8, method="random", seed=3)) == (
        "Trace(n=8, method='random', first=False, max_steps=None, seed=3)")


def page_data(page):
    """The trace's JSON that a page holds."""
    match = re.search(r'<script id="trace" type="application/json">(.*?)</script>', page, re.S)
    assert match, page[:300]
    return json.loads(match.group(1))


def assert_self_contained(page):
    """Nothing the page refers to lies outside it (as the command line's test of its page)."""
    for outside in ("https:", "src=", "@import", "fetch(", "XMLHttpRequest"):
        assert outside not in page, outside
    for ref, inside in (('href="', "#"), ("href='", "#"), ("url(", "#"),
                        ("http:", "//www.w3.org/2000/svg")):
        for at in [m.start() for m in re.finditer(re.escape(ref), page)]:
            assert page.startswith(inside, at + len(ref)), page[at:at + 60]


def test_a_trace_shows_itself_in_a_notebook_as_the_player():
    t = nqueens.trace(6, method="recursive", first=True)
    shown = t._repr_html_()
    assert re.fullmatch(r'<iframe [^<>]*></iframe>', shown), shown[:300]
    attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', shown))
    assert set(attrs) >= {"title", "srcdoc", "style", "sandbox"}
    assert "6 queens, recursive" in attrs["title"]
    assert re.search(r"height: \d{3}px", attrs["style"])
    page = html.unescape(attrs["srcdoc"])
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert_self_contained(page)
    assert_self_contained(shown.replace(attrs["srcdoc"], ""))
    assert "createPlayer" in page and '<div id="player">' in page
    assert 'class="masthead"' not in page  # the embedded page: its heading for screen readers
    data = page_data(page)
    events = list(nqueens.trace(6, method="recursive", first=True))
    assert (data["n"], data["method"], data["first"], data["steps"]) == (6, "recursive", True,
                                                                        len(events))
    kind, board = data["fields"].index("kind"), len(data["fields"])  # [fields..., board, vars]
    assert [[e[kind], e[board]] for e in data["events"]][-1] == [
        data["kinds"].index("solution"), [c for c in events[-1].board]]
    assert page == t.html(embedded=True)
    # Showing it runs its own search: the iterator has not moved.
    assert next(t).step == 1


@pytest.mark.parametrize("n, method, first, max_steps, seed", [
    (5, "recursive", False, None, 1),
    (6, "amb", True, None, 1),
    (8, "blind", False, 300, 1),
    (8, "random", False, None, 3),
])
def test_the_page_is_the_command_lines_byte_for_byte(cli, tmp_path, n, method, first, max_steps,
                                                     seed):
    out = tmp_path / "trace.html"
    args = ["trace", n, "--method", method, "--seed", seed, "--format", "html", "-o", out]
    args += ["--first"] if first else []
    args += ["--max-steps", max_steps] if max_steps else []
    code, _, err = cli(*args)
    assert code == 0, err
    t = nqueens.trace(n, method=method, first=first, max_steps=max_steps, seed=seed)
    assert t.html() == out.read_text()


def test_a_shown_trace_holds_the_command_lines_number_of_steps():
    assert nqueens.Trace.PAGE_STEPS == 200_000
    assert "200,000" in nqueens.Trace.__doc__
    capped = page_data(nqueens.trace(5, first=False).html(embedded=True))
    assert (capped["capped"], capped["max_steps"], capped["cut"]) == (True, 200_000, False)
    cut = page_data(nqueens.trace(8, first=False, max_steps=50).html(embedded=True))
    assert (cut["capped"], cut["max_steps"], cut["cut"], len(cut["events"])) == (False, 50, True,
                                                                                 50)
    with pytest.raises(ValueError, match="too large for trace"):
        nqueens.Trace(33)
