# SPDX-License-Identifier: MIT
import json
import os

import numpy as np
import pytest

import nqueens


def perms(text):
    return [line for line in text.splitlines() if line]


@pytest.mark.parametrize("n", [1, 4, 6, 8, 9])
def test_the_stream_is_the_command_lines(cli, n):
    _, out, _ = cli("enumerate", n)
    assert [b.perm() for b in nqueens.solutions(n)] == perms(out)


def test_unique_boards_and_their_symmetries_are_the_command_lines(cli):
    _, out, _ = cli("enumerate", 10, "--unique", "--format", "jsonl")
    expected = [j for j in map(json.loads, perms(out)) if not j.get("summary")]
    got = list(nqueens.solutions(10, unique=True))
    assert len(got) == len(expected) == 92
    for board, want in zip(got, expected):
        assert [c + 1 for c in board] == want["perm"]
        assert board.symmetries() == want["fixed_by"]
        assert board.class_size == want["class_size"]
        assert board.canonical() == board


@pytest.mark.parametrize("skip,limit", [(0, 5), (3, 4), (90, None), (100, 10), (5000, 7), (0, 0)])
def test_skip_and_limit_page_like_the_command_line(cli, skip, limit):
    args = ["enumerate", 11, "--skip", skip] + ([] if limit is None else ["--limit", limit])
    _, out, _ = cli(*args)
    got = [b.perm() for b in nqueens.solutions(11, skip=skip, limit=limit)]
    assert got == perms(out)
    array = nqueens.solutions_array(11, skip=skip, limit=limit)
    assert [" ".join(str(c + 1) for c in row) for row in array] == perms(out)


def test_the_array_is_the_stream():
    array = nqueens.solutions_array(12)
    assert array.shape == (14200, 12) and array.dtype == np.uint8
    assert np.array_equal(array, np.array([b.tolist() for b in nqueens.solutions(12)]))
    unique = nqueens.solutions_array(12, unique=True)
    assert unique.shape == (1787, 12)
    # rows are in lexicographic order and are solutions
    assert [tuple(r) for r in array] == sorted(tuple(r) for r in array)
    assert all(nqueens.verify(r) is None for r in unique)


def test_threads_do_not_change_the_stream():
    one = nqueens.solutions_array(10, threads=1)
    assert np.array_equal(one, nqueens.solutions_array(10, threads=3))


def os_threads():
    return len(os.listdir("/proc/self/task"))


def test_a_stream_left_early_stops_its_search():
    before = os_threads()
    stream = nqueens.solutions(16, threads=2)  # 14.7 million solutions: never read to the end
    first = [next(stream) for _ in range(3)]
    assert first[0].perm() == "1 3 5 2 13 9 14 12 15 6 16 7 4 11 8 10"
    assert os_threads() > before  # the search runs on threads of its own
    stream.close()  # the generator's finally closes the C++ stream and joins its threads
    assert os_threads() == before
    for _ in nqueens.solutions(16, limit=2):
        pass


def test_bad_arguments():
    with pytest.raises(ValueError, match="too large for solutions"):
        nqueens.solutions(33)
    with pytest.raises(ValueError, match="skip must be a whole number, got '-1'"):
        nqueens.solutions(8, skip=-1)
    with pytest.raises(ValueError, match="skip must be a whole number, got '-1'"):
        nqueens.solutions_array(8, skip=-1)
    with pytest.raises(TypeError):
        nqueens.solutions(8, limit=2.5)
    assert len(list(nqueens.solutions(8, skip=np.int64(90)))) == 2
    with pytest.raises(ValueError, match="limit"):
        nqueens.solutions_array(8, limit=-2)
    with pytest.raises(ValueError, match="N must be a positive whole number"):
        nqueens.solutions_array(-1)
