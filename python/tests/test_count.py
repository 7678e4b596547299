# SPDX-License-Identifier: MIT
import json

import pytest

import nqueens
from conftest import cli_message

# OEIS A000170 and A002562, typed in from the published tables (independent of the library).
KNOWN = {1: (1, 1), 2: (0, 0), 3: (0, 0), 4: (2, 1), 5: (10, 2), 6: (4, 1), 7: (40, 6),
         8: (92, 12), 9: (352, 46), 10: (724, 92), 11: (2680, 341), 12: (14200, 1787),
         13: (73712, 9233), 14: (365596, 45752), 15: (2279184, 285053)}


@pytest.mark.parametrize("n", sorted(KNOWN))
def test_counts_are_the_published_ones(n):
    r = nqueens.count(n)
    assert (r.total, r.unique) == KNOWN[n]
    assert nqueens.known_count(n) == KNOWN[n]
    # the classes add up: sizes times counts give the total, counts give the unique ones
    assert sum(size * k for size, k in r.classes.items()) == r.total
    assert sum(r.classes.values()) == r.unique


@pytest.mark.parametrize("engine", ["backtrack", "halves", "auto"])
def test_every_engine_and_thread_count_agrees(engine):
    for threads in (1, 2, 3):
        r = nqueens.count(13, threads=threads, engine=engine)
        assert (r.total, r.unique, r.threads) == (73712, 9233, threads)
    assert nqueens.count(13, engine=engine).engine in ("backtrack", "halves")


def test_the_result_is_a_record_and_a_dict():
    r = nqueens.count(8)
    d = dict(r)
    assert d == r.to_dict()
    assert d["total"] == 92 and d["classes"] == {1: 0, 2: 0, 4: 1, 8: 11}
    assert set(d) >= {"n", "total", "unique", "classes", "nodes", "seconds"}
    assert r["unique"] == 12 and r.nodes > 0 and r.seconds >= 0
    with pytest.raises(KeyError):
        r["nope"]
    assert isinstance(r.total, int)


def test_the_fields_are_those_of_the_command_lines_json(cli):
    code, out, _ = cli("count", "9", "--json", "--threads", "2")
    assert code == 0
    printed = json.loads(out)
    only_the_program = ("memory_peak_bytes", "check")  # its process's peak, its --check verdict
    r = nqueens.count(9, threads=2)
    assert list(dict(r)) == [key for key in printed if key not in only_the_program]
    for key in ("n", "total", "unique", "symmetric180", "symmetric90", "engine", "subproblems",
                "subproblems_done", "threads", "complete"):
        assert r[key] == printed[key], key
    assert {str(size): k for size, k in r.classes.items()} == printed["classes"]


def test_numpy_integers_are_sizes():
    np = pytest.importorskip("numpy")
    assert nqueens.count(np.int64(9)).total == 352
    assert nqueens.count(np.uint8(6)).total == 4


@pytest.mark.parametrize("args", [["40"], ["0"], ["-3"], ["1000000000000000000000000"],
                                  ["29", "--engine", "halves"]])
def test_bad_input_gives_the_command_lines_message(cli, args):
    code, _, err = cli("count", *args)
    assert code == 2
    n = int(args[0])
    kwargs = {"engine": args[2]} if len(args) > 1 else {}
    with pytest.raises(ValueError) as raised:
        nqueens.count(n, **kwargs)
    assert str(raised.value) == cli_message(err)


def test_bad_types_and_names():
    with pytest.raises(TypeError):
        nqueens.count(8.0)
    with pytest.raises(TypeError):
        nqueens.count(True)
    with pytest.raises(TypeError):
        nqueens.count("8")
    with pytest.raises(ValueError, match="unknown engine 'fast'"):
        nqueens.count(8, engine="fast")
    with pytest.raises(ValueError, match="threads"):
        nqueens.count(8, threads=0)
