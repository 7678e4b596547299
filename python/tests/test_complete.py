# SPDX-License-Identifier: MIT
import itertools
import random

import pytest

import nqueens
from conftest import cli_message


def brute_force(n, queens, blocked, sums=(), differences=()):
    """Every solution of n that keeps the queens and avoids the blocked squares and the excluded
    diagonals, by trying all permutations (written here, independent of the library)."""
    found = []
    for p in itertools.permutations(range(n)):
        if any(abs(p[a] - p[b]) == b - a for a, b in itertools.combinations(range(n), 2)):
            continue
        if any(r + p[r] in sums or r - p[r] in differences for r in range(n)):
            continue
        if all(p[r] == c for r, c in queens) and not any(p[r] == c for r, c in blocked):
            found.append(p)
    return found


def test_random_instances_against_brute_force():
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(4, 7)
        queens = []
        for r in rng.sample(range(n), rng.randint(0, 2)):
            queens.append((r, rng.randrange(n)))
        squares = [(r, c) for r in range(n) for c in range(n) if (r, c) not in queens]
        blocked = rng.sample(squares, rng.randint(0, n))
        if any(a[1] == b[1] or abs(a[1] - b[1]) == abs(a[0] - b[0])
               for a, b in itertools.combinations(queens, 2)):
            continue  # not a well-formed instance (tested below)
        expected = brute_force(n, queens, blocked)
        assert nqueens.count_completions(n, queens, blocked) == len(expected)
        board = nqueens.complete(n, queens=queens, blocked=blocked)
        if not expected:
            assert board is None
        else:
            assert tuple(board) in expected


def test_the_command_line_agrees(cli):
    code, out, _ = cli("complete", "--size", 10, "--queens", "1:1,2:4", "--count")
    assert code == 0
    assert nqueens.count_completions(10, queens=[(0, 0), (1, 3)]) == int(out)
    board = nqueens.complete(60, queens=[(0, 0), (5, 9)], blocked=[(1, 2)])
    assert board.is_solution and board[0] == 0 and board[5] == 9 and board[1] != 2


def test_bad_instances_give_the_command_lines_message(cli):
    code, _, err = cli("complete", "--size", 4, "--queens", "1:1,2:2")
    assert code == 2
    with pytest.raises(ValueError) as raised:
        nqueens.complete(4, queens=[(0, 0), (1, 1)])
    assert str(raised.value) == cli_message(err)
    with pytest.raises(ValueError, match=r"a column = 4 is too large for this board \(at most 3\)"):
        nqueens.complete(4, queens=[(0, 4)])
    with pytest.raises(ValueError, match="must be a positive whole number|must be a whole number"):
        nqueens.complete(4, blocked=[(-1, 0)])
    with pytest.raises(ValueError, match="pairs"):
        nqueens.complete(4, queens=[(0, 1, 2)])


def test_excluded_diagonals_against_brute_force():
    rng = random.Random(19)
    with_completion = without = 0
    for _ in range(60):
        n = rng.randint(4, 7)
        sums = rng.sample(range(2 * n - 1), rng.randint(0, n // 2 + 1))
        differences = rng.sample(range(1 - n, n), rng.randint(0, n // 2 + 1))
        expected = brute_force(n, [], [], sums, differences)
        got = nqueens.count_completions(n, excluded_sums=sums, excluded_differences=differences)
        assert got == len(expected), (n, sums, differences)
        board = nqueens.complete(n, excluded_sums=sums, excluded_differences=differences)
        if expected:
            assert tuple(board) in expected
            with_completion += 1
        else:
            assert board is None
            without += 1
    assert with_completion > 5 and without > 5


def test_excluded_diagonals_as_the_command_line_reads_them(cli, tmp_path):
    # D + k and D - k lines name 1-based sums and differences: row + column = k, row - column = k.
    path = tmp_path / "in.txt"
    path.write_text("8\nD + 2\nD + 16\nD - 0\nD - 3\n")
    code, out, _ = cli("complete", path, "--count")
    assert code == 0
    assert nqueens.count_completions(8, excluded_sums=[0, 14], excluded_differences=[0, 3]) == int(out)


def test_bad_excluded_diagonals():
    with pytest.raises(ValueError, match=r"row \+ column = 7 is off this board \(0 to 6\)"):
        nqueens.complete(4, excluded_sums=[7])
    with pytest.raises(ValueError, match=r"row - column = -4 is off this board \(-3 to 3\)"):
        nqueens.complete(4, excluded_differences=[-4])
    with pytest.raises(ValueError, match="off this board"):
        nqueens.complete(4, excluded_differences=[2**80])
    with pytest.raises(ValueError, match="whole numbers"):
        nqueens.complete(4, excluded_sums=["1"])
    with pytest.raises(ValueError, match="given twice"):
        nqueens.complete(6, excluded_sums=[3, 3])
    with pytest.raises(ValueError, match="on the excluded diagonal"):
        nqueens.complete(6, queens=[(1, 2)], excluded_differences=[-1])
