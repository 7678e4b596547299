# SPDX-License-Identifier: MIT
import numpy as np
import pytest

import nqueens


def test_the_quintal_queens_are_the_command_lines(cli):
    _, out, _ = cli("infinite", 200)
    got = nqueens.infinite(200)
    assert got.dtype == np.uint32 and [int(c) + 1 for c in got] == list(map(int, out.split()))


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_every_power_of_five_prefix_is_a_solution(k):
    prefix = nqueens.infinite(5 ** k)
    assert sorted(prefix) == list(range(5 ** k))
    assert nqueens.verify(prefix) is None


def test_bad_input():
    with pytest.raises(ValueError, match="K must be at least 1"):
        nqueens.infinite(0)
    with pytest.raises(ValueError, match="too large for infinite"):
        nqueens.infinite(5 ** 14)
