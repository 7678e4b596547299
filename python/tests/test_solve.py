# SPDX-License-Identifier: MIT
import numpy as np
import pytest

import nqueens
from conftest import cli_message


@pytest.mark.parametrize("method", ["construct", "random", "first", "backtrack"])
@pytest.mark.parametrize("n", [1, 4, 5, 8, 13, 20, 31])
def test_every_method_gives_what_the_command_line_gives(cli, method, n):
    solution = nqueens.solve(n, method=method)
    assert solution.dtype == np.uint32 and solution.shape == (n,)
    assert nqueens.verify(solution) is None
    _, out, _ = cli("solve", n, "--method", method)
    assert " ".join(str(c + 1) for c in solution) == out.strip()


def test_the_first_solution_is_oeis_a141843():
    assert nqueens.solve(8, method="first").tolist() == [0, 4, 7, 5, 2, 6, 1, 3]
    assert (nqueens.solve(30, method="first", threads=1) ==
            nqueens.solve(30, method="backtrack")).all()


def test_seeds_are_reproducible(cli):
    a = nqueens.solve(1000, method="random", seed=7)
    assert np.array_equal(a, nqueens.solve(1000, method="random", seed=7))
    assert not np.array_equal(a, nqueens.solve(1000, method="random", seed=8))
    _, out, _ = cli("solve", 1000, "--method", "random", "--seed", 7)
    assert " ".join(str(c + 1) for c in a) == out.strip()


def test_huge_boards_come_without_a_copy():
    big = nqueens.solve(10**7)
    assert big.shape == (10**7,)
    assert not big.flags.owndata  # the library's vector, kept alive by the array
    assert nqueens.verify(big) is None
    assert big[:4].tolist() == [1, 3, 5, 7]


def test_a_timeout_raises_timeout_error():
    with pytest.raises(TimeoutError, match="gave up after 0.3 s"):
        nqueens.solve(64, method="first", timeout=0.3)  # about a minute on two cores


@pytest.mark.parametrize("args", [("3",), ("2", "--method", "first"), ("33", "--method", "backtrack"),
                                  ("129", "--method", "first"), ("4294967296",)])
def test_bad_input_gives_the_command_lines_message(cli, args):
    code, _, err = cli("solve", *args)
    assert code in (1, 2)
    method = args[2] if len(args) > 1 else "construct"
    with pytest.raises(ValueError) as raised:
        nqueens.solve(int(args[0]), method=method)
    assert str(raised.value) == cli_message(err)


def test_bad_options():
    with pytest.raises(ValueError, match="unknown method 'fast'"):
        nqueens.solve(8, method="fast")
    with pytest.raises(ValueError, match="seed is for method 'random'"):
        nqueens.solve(8, seed=3)
    with pytest.raises(ValueError, match="threads is for method 'first'"):
        nqueens.solve(8, threads=2)
    with pytest.raises(ValueError, match="timeout"):
        nqueens.solve(8, method="first", timeout=0)
