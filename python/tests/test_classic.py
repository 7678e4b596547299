# SPDX-License-Identifier: MIT
import json

import pytest

import nqueens


@pytest.mark.parametrize("method", nqueens.CLASSIC_METHODS)
def test_every_method_and_its_counters_are_the_command_lines(cli, method):
    _, out, _ = cli("classic", 6, "--method", method, "--json")
    want = json.loads(out)
    r = nqueens.classic(6, method)
    assert (r.count, r.placements, r.checks, r.nodes) == (
        want["solutions"], want["placements"], want["checks"], want["nodes"])
    assert [" ".join(str(c + 1) for c in row) for row in r.solutions] == want["perms"]
    assert r.solutions.shape == (4, 6)
    first = nqueens.classic(6, method, mode="first")
    assert first.count == 1 and first.solutions.shape == (1, 6)
    assert nqueens.classic(6, method, mode="count").solutions.shape == (0, 6)


def test_compare_is_the_command_lines_table(cli):
    _, out, _ = cli("compare", 9, "--budget", 5, "--json")
    want = {row["method"]: row for row in json.loads(out)["methods"]}
    rows = nqueens.compare(9, budget=5)
    assert nqueens.COMPARE_METHODS == nqueens.CLASSIC_METHODS + ("random", "first")
    assert [r["method"] for r in rows] == list(nqueens.COMPARE_METHODS)
    for r in rows:
        w = want[r["method"]]
        assert r["mode"] == w["mode"] == ("first" if r["method"] in ("random", "first") else "count")
        if r["ran"]:
            assert (r["solutions"], r["placements"], r["checks"], r["nodes"]) == (
                w["solutions"], w["placements"], w["checks"], w["nodes"])
            assert r["repeats"] >= 3 and r["seconds"] > 0
        else:
            assert r["skipped"] == w["skipped"] and r["solutions"] is None
            assert r["repeats"] is None
    assert [r["solutions"] for r in rows if r["mode"] == "first"] == [1, 1]
    some = nqueens.compare(12, methods=["blind", "bitmask"], budget=1)
    assert some[0]["ran"] is False and "over the budget of 1 s" in some[0]["skipped"]
    assert some[1]["solutions"] == 14200


def test_compare_first_stops_every_method_at_one_solution(cli):
    _, out, _ = cli("compare", 8, "--first", "--budget", 5, "--json")
    want = {row["method"]: row for row in json.loads(out)["methods"]}
    rows = nqueens.compare(8, budget=5, first=True)
    assert [r["method"] for r in rows] == list(nqueens.COMPARE_METHODS)
    for r in rows:
        w = want[r["method"]]
        assert r["mode"] == w["mode"] == "first"
        assert r["ran"] and r["finished"] and r["skipped"] is None
        assert r["solutions"] == w["solutions"] == 1
        assert (r["placements"], r["checks"], r["nodes"]) == (
            w["placements"], w["checks"], w["nodes"])
        if r["method"] in nqueens.CLASSIC_METHODS:
            once = nqueens.classic(8, r["method"], mode="first")
            assert (r["placements"], r["checks"], r["nodes"]) == (
                once.placements, once.checks, once.nodes)
    counted = nqueens.compare(8, ["recursive"], budget=5)[0]
    assert counted["mode"] == "count" and counted["solutions"] == 92
    assert rows[3]["placements"] < counted["placements"]


def test_bad_input():
    with pytest.raises(ValueError, match="unknown method 'quick'"):
        nqueens.classic(6, "quick")
    with pytest.raises(ValueError, match="unknown mode"):
        nqueens.classic(6, "recursive", mode="some")
    with pytest.raises(ValueError, match="too large for classic"):
        nqueens.classic(33, "recursive")
    with pytest.raises(ValueError, match="budget"):
        nqueens.compare(6, budget=0)
    with pytest.raises(ValueError, match=r"unknown method 'quick' \(blind, .*, random, first\)"):
        nqueens.compare(6, methods=["quick"])
