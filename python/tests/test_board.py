# SPDX-License-Identifier: MIT
import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import nqueens

SVG = "{http://www.w3.org/2000/svg}"


def attacks(p):
    """Every attacking pair, by the definition: same column or same diagonal (written here)."""
    return [(a, b) for a, b in itertools.combinations(range(len(p)), 2)
            if p[a] == p[b] or abs(p[a] - p[b]) == b - a]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_verify_names_the_first_attacking_pair_of_every_board(n):
    for p in itertools.product(range(n), repeat=n):
        found = nqueens.verify(p)
        pairs = attacks(p)
        if not pairs:
            assert found is None
            continue
        first = min(pairs, key=lambda ab: (ab[1], ab[0]))
        assert (found.row_a, found.row_b) == first
        assert (found.col_a, found.col_b) == (p[first[0]], p[first[1]])
        expected = ("column" if p[first[0]] == p[first[1]] else
                    "diagonal" if p[first[0]] - first[0] == p[first[1]] - first[1] else
                    "anti-diagonal")
        assert found.line == expected


def test_verify_says_what_the_command_line_says(cli):
    for perm in ["2 4 1 3", "1 3 2", "1 1 1", "3 1 2"]:
        code, out, _ = cli("verify", "-", stdin=perm + "\n")
        found = nqueens.verify([int(c) - 1 for c in perm.split()])
        assert out.strip() == ("valid" if found is None else f"invalid: {found}")
        assert code == (0 if found is None else 1)


def test_placements_come_as_lists_tuples_and_arrays():
    for given in ([1, 3, 0, 2], (1, 3, 0, 2), np.array([1, 3, 0, 2], dtype=np.int8),
                  np.array([1, 3, 0, 2], dtype=np.uint64), range(0)):
        assert nqueens.verify(given) is None
    with pytest.raises(ValueError, match="column -1 of row 1 is outside a board of size 2"):
        nqueens.verify([0, -1])
    with pytest.raises(ValueError, match="column 4 of row 0"):
        nqueens.Board([4, 0, 1, 2])
    with pytest.raises(TypeError):
        nqueens.verify(np.array([0.0, 1.0]))
    with pytest.raises(TypeError):
        nqueens.verify("1 3 0 2")
    with pytest.raises(TypeError):
        nqueens.verify([0, 1.5])
    with pytest.raises(ValueError, match="one-dimensional"):
        nqueens.verify(np.zeros((2, 2), dtype=int))


def test_a_board_is_a_sequence_and_an_array():
    b = nqueens.Board([1, 3, 0, 2])
    assert len(b) == b.n == 4 and list(b) == [1, 3, 0, 2] and b[1] == 3
    assert b.perm() == "2 4 1 3" and repr(b) == "Board([1, 3, 0, 2])"
    assert np.asarray(b).dtype == np.uint32 and b.columns.tolist() == [1, 3, 0, 2]
    with pytest.raises(ValueError):
        b.columns[0] = 2  # read-only
    assert b == nqueens.Board((1, 3, 0, 2)) and b != nqueens.Board([2, 0, 3, 1])
    assert len({b, nqueens.Board([1, 3, 0, 2])}) == 1
    assert b.is_solution and not nqueens.Board([0, 1, 2, 3]).is_solution


def test_str_is_the_text_board_the_command_line_reads(cli):
    b = nqueens.Board([1, 3, 0, 2])
    assert str(b) == ".Q..\n...Q\nQ...\n..Q.\n"
    _, out, _ = cli("render", "-", "--format", "unicode", stdin="2 4 1 3\n")
    assert b.render("unicode") == out


def test_the_eight_symmetries_by_their_definitions():
    n = 8
    p = nqueens.solve(n, method="first").tolist()
    where = {(r, c) for r, c in enumerate(p)}
    maps = {"identity": lambda r, c: (r, c), "rotate90": lambda r, c: (c, n - 1 - r),
            "rotate180": lambda r, c: (n - 1 - r, n - 1 - c), "rotate270": lambda r, c: (n - 1 - c, r),
            "flip_horizontal": lambda r, c: (r, n - 1 - c), "flip_vertical": lambda r, c: (n - 1 - r, c),
            "transpose": lambda r, c: (c, r), "anti_transpose": lambda r, c: (n - 1 - c, n - 1 - r)}
    assert set(nqueens.SYMMETRIES) == set(maps)
    images = nqueens.Board(p).images()
    for name, f in maps.items():
        assert {(r, c) for r, c in enumerate(images[name])} == {f(r, c) for r, c in where}, name
    assert nqueens.Board(p).canonical() == min(images.values())
    assert nqueens.Board([1, 3, 0, 2]).symmetries() == ["identity", "rotate90", "rotate180",
                                                          "rotate270"]
    with pytest.raises(ValueError, match="unknown symmetry"):
        nqueens.Board(p).transform("spin")
    with pytest.raises(ValueError):
        nqueens.Board([0, 0]).transform("rotate90")  # not a permutation


def test_notebooks_draw_the_board():
    b = nqueens.Board(nqueens.solve(10))
    svg = ET.fromstring(b._repr_svg_())
    assert svg.tag == SVG + "svg"
    queens = [u for u in svg.iter(SVG + "use")]
    assert len(queens) == 10
    cell = float(queens[0].get("width"))
    left = min(float(u.get("x")) for u in queens)
    # each queen stands on its row and column
    for row, u in enumerate(queens):
        assert float(u.get("y")) == row * cell
        assert float(u.get("x")) - left == cell * b[row] - cell * min(b)
    # two drawings on one page keep their own ids
    other = nqueens.Board([1, 3, 0, 2])._repr_html_()
    ids = [e.get("id") for e in svg.iter() if e.get("id")]
    assert ids and not any(f'id="{i}"' in other for i in ids)
    assert other.startswith('<div class="nqueens-board"') and "<?xml" not in other


def test_a_sheet_of_boards():
    sheet = nqueens.Sheet(nqueens.solutions(6), title="six")
    root = ET.fromstring(str(sheet))
    assert root.tag == SVG + "svg" and "six" in str(sheet)
    assert "2 4 6 1 3 5" in str(sheet)
    with pytest.raises(ValueError):
        nqueens.Sheet([[0], [1, 3, 0, 2]])  # two sizes
