# SPDX-License-Identifier: MIT
"""The n-queens problem: count, enumerate, solve, complete, trace and draw.

A Python face on the nqueens C++ library (the same code as the ``nqueens`` command line):

>>> import nqueens
>>> nqueens.count(8).total
92
>>> nqueens.solve(8, method="first").tolist()
[0, 4, 7, 5, 2, 6, 1, 3]
>>> nqueens.verify([0, 2, 1]).message
'queens at row 2 column 3 and row 3 column 2 share a diagonal'

Placements are sequences of 0-based column numbers, one per row (lists, tuples or NumPy
arrays); the text formats of the command line stay 1-based, and so do the messages, which name
rows and columns as people count them. Arrays the library returns are NumPy ``uint32`` (one
placement) or ``uint8`` (many placements of n <= 32, one per row of a 2-D array).

Long calls release the GIL, use every core unless told otherwise, and stop with
``KeyboardInterrupt`` on Ctrl-C. Bad arguments raise ``ValueError`` with the message the command
line prints.
"""

from __future__ import annotations

import dataclasses
import html as _html
import itertools
import json as _json
import operator
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core

__version__: str = _core.__version__

__all__ = [
    "REGISTRY",
    "Attack",
    "Board",
    "ClassicResult",
    "CountResult",
    "SYMMETRIES",
    "Sheet",
    "Trace",
    "TraceEvent",
    "Listing",
    "CLASSIC_METHODS",
    "COMPARE_METHODS",
    "TRACE_METHODS",
    "classic",
    "compare",
    "complete",
    "count",
    "count_completions",
    "infinite",
    "known_count",
    "listing",
    "solutions",
    "solutions_array",
    "solve",
    "trace",
    "verify",
]

Placement = Union[Sequence[int], np.ndarray]

#: What the library names, as ``nqueens info --json`` prints it: ``choices`` (each option's values,
#: with a few words on each), ``limits`` (each job's range of n) and ``defaults``. The names,
#: limits and defaults below are read from it.
REGISTRY: Dict[str, Any] = _json.loads(_core.REGISTRY_JSON)


def _default(key: str) -> Any:
    return REGISTRY["defaults"][key]["value"]


#: The 8 symmetries of the square, in the library's order (the identity first).
SYMMETRIES: Tuple[str, ...] = tuple(_core.symmetry_names())

#: The textbook methods of :func:`classic`.
CLASSIC_METHODS: Tuple[str, ...] = tuple(_core.classic_methods())

#: What :func:`compare` runs, in its order: the nine of :data:`CLASSIC_METHODS`, then ``random``
#: (local search) and ``first`` (the lexicographically first solution).
COMPARE_METHODS: Tuple[str, ...] = tuple(_core.compare_methods())


class _AsDict:
    """Results read as attributes and convert to a dict: ``r.total``, ``dict(r)``, ``r.to_dict()``."""

    def to_dict(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore

    def keys(self) -> List[str]:
        return [f.name for f in dataclasses.fields(self)]  # type: ignore

    def __getitem__(self, key: str) -> Any:
        if key not in self.keys():
            raise KeyError(key)
        return getattr(self, key)


@dataclasses.dataclass(frozen=True)
class CountResult(_AsDict):
    """What :func:`count` found.

    ``total`` is every solution (OEIS A000170), ``unique`` the classes under the 8 symmetries of
    the square (A002562); ``classes`` maps a class size (1, 2, 4 or 8) to the number of classes of
    that size; ``symmetric180`` and ``symmetric90`` are the solutions fixed by the half and the
    quarter turn; ``nodes`` the queens placed by the search; the search was split into
    ``subproblems`` pieces (``subproblems_done`` finished, ``subproblems_resumed`` of them taken
    from earlier work); ``memory_bytes`` is the engine's plan. The fields are those of
    ``nqueens count --json``, in its order.
    """

    n: int
    total: int
    unique: int
    symmetric180: int
    symmetric90: int
    classes: Dict[int, int]
    engine: str
    nodes: int
    subproblems: int
    subproblems_done: int
    subproblems_resumed: int
    memory_bytes: int
    threads: int
    seconds: float
    complete: bool


@dataclasses.dataclass(frozen=True)
class Attack:
    """The first attacking pair of a placement (0-based squares): queen ``b`` (the later row) is
    attacked by queen ``a`` along ``line`` ("column", "diagonal" or "anti-diagonal")."""

    row_a: int
    col_a: int
    row_b: int
    col_b: int
    line: str
    message: str  # as `nqueens verify` says it, 1-based

    def __str__(self) -> str:
        return self.message


class Board:
    """A placement of n queens, one per row: ``Board([1, 3, 0, 2])``.

    Notebooks draw it (``_repr_svg_``); ``str(board)`` is the text board the command line reads
    back. It is a read-only sequence of 0-based columns and converts to a NumPy array.
    """

    __slots__ = ("_columns", "_stabilizer")

    def __init__(self, columns: Placement, *, _stabilizer: Optional[int] = None) -> None:
        self._columns = _core.placement(columns)  # checked: integers, each on the board
        self._columns.setflags(write=False)
        self._stabilizer = _stabilizer

    # -- the placement --------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The board size: the number of rows (and of queens)."""
        return int(self._columns.size)

    @property
    def columns(self) -> np.ndarray:
        """The column of each row, 0-based, as a read-only ``uint32`` array."""
        return self._columns

    def tolist(self) -> List[int]:
        return [int(c) for c in self._columns]

    def perm(self) -> str:
        """The 1-based perm form of the command line: ``"2 4 1 3"``."""
        return " ".join(str(int(c) + 1) for c in self._columns)

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[int]:
        return iter(self.tolist())

    def __getitem__(self, row: int) -> int:
        return int(self._columns[row])

    def __array__(self, dtype: Any = None) -> np.ndarray:
        return self._columns if dtype is None else self._columns.astype(dtype)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return bool(np.array_equal(self._columns, other._columns))
        return NotImplemented

    def __lt__(self, other: "Board") -> bool:
        return self.tolist() < other.tolist()

    def __hash__(self) -> int:
        return hash(self._columns.tobytes())

    def __repr__(self) -> str:
        return f"Board({self.tolist()})"

    # -- checks -----------------------------------------------------------------------------------
    def verify(self) -> Optional[Attack]:
        """None for a solution, else the first attacking pair (see :func:`verify`)."""
        return verify(self._columns)

    @property
    def is_solution(self) -> bool:
        return self.verify() is None

    # -- symmetry ---------------------------------------------------------------------------------
    def transform(self, symmetry: str) -> "Board":
        """The image under one of :data:`SYMMETRIES` (e.g. ``"rotate90"``, a quarter turn
        clockwise). Needs a permutation (one queen per column too)."""
        return Board(_core.transform(self._columns, symmetry))

    def images(self) -> Dict[str, "Board"]:
        """All 8 images, by symmetry name."""
        return {s: self.transform(s) for s in SYMMETRIES}

    def canonical(self) -> "Board":
        """The representative of the symmetry class: the lexicographically smallest image."""
        return Board(_core.canonical(self._columns))

    def symmetries(self) -> List[str]:
        """The symmetries that map the board to itself (always at least "identity")."""
        bits = self._stabilizer if self._stabilizer is not None else _core.stabilizer(self._columns)
        return [s for i, s in enumerate(SYMMETRIES) if bits >> i & 1]

    @property
    def class_size(self) -> int:
        """How many distinct boards its symmetry class holds: 8, 4, 2 or 1."""
        return 8 // len(self.symmetries())

    # -- drawings ---------------------------------------------------------------------------------
    def render(self, style: str = "text", title: str = "") -> str:
        """``"text"`` (rows of ``.`` and ``Q``), ``"unicode"`` (a chessboard) or ``"svg"``."""
        return _core.render(self._columns, style, title)

    def __str__(self) -> str:
        return self.render("text")

    def _repr_svg_(self) -> str:
        return _inline_svg(self.render("svg"))

    def _repr_html_(self) -> str:
        return f'<div class="nqueens-board" style="max-width:24em">{self._repr_svg_()}</div>'


_drawings = itertools.count(1)


def _inline_svg(svg: str) -> str:
    """The SVG for a notebook page, where many drawings share one document: without the XML
    declaration, and with ids of its own (each drawing's pattern depends on its size)."""
    body = svg[svg.index("<svg"):]
    suffix = f"-nq{next(_drawings)}"
    for name in ("dark", "queen", "squares"):
        body = body.replace(f'id="{name}"', f'id="{name}{suffix}"')
        body = body.replace(f"url(#{name})", f"url(#{name}{suffix})")
        body = body.replace(f'href="#{name}"', f'href="#{name}{suffix}"')
    return body


def _board_of(array: np.ndarray, stabilizer: Optional[int] = None) -> Board:
    board = Board.__new__(Board)
    board._columns = np.array(array, dtype=np.uint32)
    board._columns.setflags(write=False)
    board._stabilizer = stabilizer
    return board


class Sheet:
    """Many boards of one size on one SVG image, each captioned with its columns (1-based): what
    ``nqueens enumerate --format svg`` draws. Notebooks show it; ``str()`` is the SVG."""

    def __init__(self, boards: Iterable[Placement], title: str = "", per_row: int = 0) -> None:
        self.svg: str = _core.render_sheet(list(boards), title, per_row)

    def __str__(self) -> str:
        return self.svg

    def _repr_svg_(self) -> str:
        return _inline_svg(self.svg)


# -- counting -------------------------------------------------------------------------------------
def count(n: int, threads: Optional[int] = None, engine: str = "auto") -> CountResult:
    """Count every solution of n queens and the unique ones, on all cores (or ``threads``).

    ``engine`` is "auto", "backtrack" or "halves" (meet in the middle, n = 4..28), as for
    ``nqueens count``; n goes up to 32.

    >>> r = count(10); (r.total, r.unique, r.classes[8])
    (724, 92, 89)
    """
    return CountResult(**_core.count(n, threads, engine))


def known_count(n: int) -> Optional[Tuple[int, int]]:
    """The published (total, unique) counts for n = 1..27 (OEIS A000170, A002562), else None."""
    return _core.known_count(n)


# -- solutions ------------------------------------------------------------------------------------
def solutions(
    n: int,
    unique: bool = False,
    skip: int = 0,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
) -> Iterator[Board]:
    """Every solution of n queens as a Board, lazily, in lexicographic order of the columns.

    With ``unique``, one board per symmetry class (its canonical image), each knowing the
    symmetries that fix it (``board.symmetries()``). ``skip`` and ``limit`` page through the
    stream. The search runs ahead on other threads, a few thousand boards at most.

    >>> [b.perm() for b in solutions(6)]
    ['2 4 6 1 3 5', '3 6 2 5 1 4', '4 1 5 2 6 3', '5 3 1 6 4 2']
    """
    skip = _whole_number(skip, "skip")
    limit = None if limit is None else _whole_number(limit, "limit")
    batches = _core.SolutionBatches(n, unique, threads)  # bad n or threads raise here, not later
    return _paged(batches, skip, limit)


def _whole_number(value: Any, name: str) -> int:
    """``value`` as a whole number (an int or NumPy integer, 0 or more), in the words the command
    line uses for its --skip and --limit."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    number = operator.index(value)  # TypeError for floats and strings
    if number < 0:
        raise ValueError(f"{name} must be a whole number, got '{number}'")
    return number


def _paged(batches: Any, skip: int, limit: Optional[int]) -> Iterator[Board]:
    left = limit
    try:
        if left == 0:
            return
        for columns, stabilizers in batches:
            if skip >= len(columns):
                skip -= len(columns)
                continue
            for i in range(skip, len(columns)):
                yield _board_of(columns[i], None if stabilizers is None else int(stabilizers[i]))
                if left is not None:
                    left -= 1
                    if left == 0:
                        return
            skip = 0
    finally:
        batches.close()


def solutions_array(
    n: int,
    unique: bool = False,
    skip: int = 0,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
) -> np.ndarray:
    """The solutions of :func:`solutions` at once, as a ``(k, n)`` ``uint8`` array."""
    return _core.solutions_array(n, unique, skip, limit, threads)


def solve(
    n: int,
    method: str = _default("solve.method"),
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> np.ndarray:
    """One solution of n queens as a ``uint32`` array (owning the library's memory, no copy).

    ``method``: "construct" (an explicit formula, any n up to 2^32 - 1; 10^7 queens take well
    under a second), "random" (local search; ``seed``), "first" (the lexicographically first
    solution, n <= 128; ``threads``) or "backtrack" (plain search, n <= 32). ``timeout`` (seconds)
    raises ``TimeoutError`` when a search gives up. n = 2 and 3 have no solution: ValueError.
    """
    return _core.solve(n, method, seed, threads, timeout)


def verify(placement: Placement) -> Optional[Attack]:
    """None if no two queens attack each other, else the first attacking pair: the first row
    whose queen an earlier queen attacks, and the earliest such queen.

    >>> verify([1, 3, 0, 2]) is None
    True
    """
    found = _core.verify(placement)
    return None if found is None else Attack(*found)


# -- traces ---------------------------------------------------------------------------------------
#: The methods :func:`trace` follows: the textbook nine, then ``random`` (the local search of
#: ``solve(method="random")``) and ``first`` (the probing search of ``solve(method="first")``).
TRACE_METHODS: Tuple[str, ...] = tuple(_core.trace_methods())


@dataclasses.dataclass(frozen=True)
class TraceEvent(_AsDict):
    """One step of a traced search (docs/trace.md lists every method's kinds).

    ``kind`` is what happened ("place", "reject", "remove", "solution", "candidate", "conflict",
    "swap", "choose", "fail", "move", "probe", ...), told by line ``line`` of the method's
    :func:`listing`. ``row``, ``col`` is the square it is about and ``by_row``, ``by_col`` the
    other queen involved (an attacker, the row swapped with), -1 when none; ``along`` the line
    they share ("column", "diagonal", "anti-diagonal", or "row"/"column" for a cut of
    ``first``). ``board`` holds each row's column after the event (-1: no queen), ``vars`` the
    listing's variables there (ints, tuples, bit masks as text like "0b0110"), and
    ``placements``, ``checks``, ``nodes`` the work so far, counted as :func:`classic` counts it.
    ``number`` is a solution's (or a run's, a start's) number, or a level's boards.
    ``sentence`` is what the player and ``nqueens trace`` say for it, rows and columns counted
    from 1: "Step 2, line 17: row 2, column 1 is attacked by the queen on row 1, column 1 (same
    column)."
    """

    step: int
    kind: str
    line: int
    row: int
    col: int
    by_row: int
    by_col: int
    along: str
    board: Tuple[int, ...]
    vars: Dict[str, Any]
    placements: int
    checks: int
    nodes: int
    number: int
    sentence: str

    @property
    def same_column(self) -> bool:
        """The square is attacked along its column."""
        return self.along == "column"

    @property
    def placement(self) -> Optional[Tuple[int, ...]]:
        """A solution's columns (the board), None for other kinds."""
        return self.board if self.kind == "solution" else None

    @property
    def solution(self) -> int:
        """A solution's number (1, 2, ...), 0 for other kinds."""
        return self.number if self.kind == "solution" else 0


@dataclasses.dataclass(frozen=True)
class Listing:
    """A traced method's listing: ``lines`` of JavaScript-like code (``lines[k - 1]`` is line k),
    and ``kinds``, the line each kind of event comes from."""

    method: str
    lines: Tuple[str, ...]
    kinds: Dict[str, int]

    def __str__(self) -> str:
        return "\n".join(f"{i:3}  {line}" for i, line in enumerate(self.lines, 1))


def trace(
    n: int,
    method: str = _default("trace.method"),
    first: bool = _default("trace.first"),
    max_steps: Optional[int] = None,
    seed: int = _default("trace.seed"),
) -> Trace:
    """A method's search as a lazy stream of events (a :class:`Trace`), for any of
    :data:`TRACE_METHODS`, stopping at the first solution when ``first``; ``seed`` is random's.
    In a notebook, the trace shows itself as the player of ``nqueens trace --format html``."""
    return Trace(n, method, first, max_steps, seed)  # bad input raises now


def listing(method: str, n: int = 8) -> Listing:
    """The listing of a traced method for a board of ``n`` queens, and the line of each of its
    kinds of event. Only ``nested``'s depends on ``n``: its loops, one a row, are written out for
    it, and its ``kinds`` are row 1's lines (each row's ``place`` and ``remove`` come from its own
    loop; an event's ``line`` says which)."""
    lines, kinds = _core.trace_listing(method, n)
    return Listing(method, tuple(lines), dict(kinds))


class Trace(Iterator[TraceEvent]):
    """What :func:`trace` returns: an iterator of :class:`TraceEvent`, lazy (the search starts at
    the first ``next()`` and runs on its own thread, some thousands of events ahead of the loop
    at most; ``close()`` stops it), that also shows itself in a notebook as the player of
    ``nqueens trace --format html``: the board, the method's code with the running line marked,
    its variables, the counters and the controls (play, step back and forward, next solution,
    speed).

    The player is a self-contained page (no request, no file) in an ``<iframe srcdoc>``
    (``_repr_html_``): JupyterLab and Notebook show it in a trusted notebook, and a notebook
    exported to HTML by nbconvert keeps it. It holds the trace's first ``max_steps`` steps, or,
    without ``max_steps``, at most 200,000 (:attr:`PAGE_STEPS`, the cap of the command line's
    page too; about 100 bytes a step), and says so when it is cut. Showing the trace runs the
    search again from the start (the same events: the search is deterministic, ``seed``
    included), so it neither uses nor moves the iterator. :meth:`html` is the page itself.

    >>> t = trace(4, method="recursive")
    >>> t
    Trace(n=4, method='recursive', first=False, max_steps=None, seed=1)
    >>> next(t).kind, sum(1 for e in t if e.kind == "solution")
    ('place', 2)
    >>> "<iframe" in t._repr_html_()
    True
    """

    #: The most steps a page holds unless ``max_steps`` says otherwise.
    PAGE_STEPS: int = _core.TRACE_PAGE_STEPS

    def __init__(
        self,
        n: int,
        method: str = _default("trace.method"),
        first: bool = _default("trace.first"),
        max_steps: Optional[int] = None,
        seed: int = _default("trace.seed"),
    ) -> None:
        self._chunks = _core.TraceChunks(n, method, first, max_steps, seed)  # checks the input
        self._events = _events(self._chunks)
        self.n, self.method, self.first, self.max_steps, self.seed = (
            n, method, first, max_steps, seed)

    def __iter__(self) -> Trace:
        return self

    def __next__(self) -> TraceEvent:
        return next(self._events)

    def close(self) -> None:
        """Stop the search; the iteration ends."""
        self._events.close()
        self._chunks.close()

    def html(self, embedded: bool = False) -> str:
        """The trace page: with ``embedded=False`` what ``nqueens trace N --format html`` writes
        for the same trace, byte for byte; with ``embedded=True`` the page for a frame (the
        title for screen readers only, narrower margins), as the notebook shows it."""
        return _core.trace_page(self.n, self.method, self.first, self.max_steps, self.seed,
                                embedded)

    def _repr_html_(self) -> str:
        title = f"Trace player: {self.n} queens, {self.method}"
        return (f'<iframe class="nqueens-trace" title="{_html.escape(title)}" '
                f'sandbox="allow-scripts" style="width: 100%; height: {_PLAYER_HEIGHT}px; '
                f'border: 1px solid rgba(128, 128, 128, 0.35); border-radius: 6px" '
                f'srcdoc="{_html.escape(self.html(embedded=True))}"></iframe>')

    def __repr__(self) -> str:
        return (f"Trace(n={self.n!r}, method={self.method!r}, first={self.first!r}, "
                f"max_steps={self.max_steps!r}, seed={self.seed!r})")


# The player's frame: at a notebook's width (about 1000 px) the board, the controls, the code and
# the variables; the counters and the search tree below scroll into view inside it.
_PLAYER_HEIGHT = 720


def _events(chunks: Any) -> Iterator[TraceEvent]:
    try:
        for chunk in chunks:
            for event in chunk:
                yield TraceEvent(*event)
    finally:
        chunks.close()


# -- completion -----------------------------------------------------------------------------------
Squares = Iterable[Tuple[int, int]]


def complete(
    n: int,
    queens: Squares = (),
    blocked: Squares = (),
    excluded_sums: Iterable[int] = (),
    excluded_differences: Iterable[int] = (),
) -> Optional[Board]:
    """A solution that keeps the given ``queens`` (0-based (row, column) pairs), avoids the
    ``blocked`` squares and the excluded diagonals (each given by its row + column or its
    row - column, 0-based), or None if there is none (n-Queens Completion, NP-complete)."""
    solution, _, _, _ = _core.complete(
        n, list(queens), list(blocked), 1, list(excluded_sums), list(excluded_differences)
    )
    return None if solution is None else _board_of(solution)


def count_completions(
    n: int,
    queens: Squares = (),
    blocked: Squares = (),
    excluded_sums: Iterable[int] = (),
    excluded_differences: Iterable[int] = (),
) -> int:
    """How many solutions keep the given queens and avoid the blocked squares and the excluded
    diagonals."""
    _, found, _, _ = _core.complete(
        n, list(queens), list(blocked), None, list(excluded_sums), list(excluded_differences)
    )
    return int(found)


# -- the textbook methods -------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ClassicResult(_AsDict):
    """A textbook method's run: its solutions (a ``(k, n)`` array, empty for mode "count") and
    its work: ``placements`` (candidates generated), ``checks`` (safety tests), ``nodes``."""

    method: str
    n: int
    count: int
    solutions: np.ndarray
    placements: int
    checks: int
    nodes: int
    seconds: float


def classic(n: int, method: str, mode: str = _default("classic.mode")) -> ClassicResult:
    """Run one of :data:`CLASSIC_METHODS` (the nine textbook methods, "blind" to "bitmask");
    ``mode`` one of :data:`REGISTRY`'s ``classic.mode`` ("all", "first", "count")."""
    return ClassicResult(**_core.classic(n, method, mode))


def compare(
    n: int,
    methods: Optional[Sequence[str]] = None,
    budget: float = _default("compare.budget"),
    first: bool = _default("compare.first"),
) -> List[Dict[str, Any]]:
    """The methods side by side, as ``nqueens compare``: one dict per method of
    :data:`COMPARE_METHODS` (rows that ``pandas.DataFrame`` takes), skipping those estimated to
    need more than ``budget`` seconds and stopping those that run past it (``skipped`` says why;
    their counters are None). ``mode`` says what a row did: "count" (searched the whole board,
    every solution counted: the nine, unless ``first``) or "first" (stopped at its first
    solution: random and first always, the nine too with ``first=True``, as ``nqueens compare
    --first``). The counters are those of one run (random's: the run of median nodes of seeds
    1..5); ``seconds`` is the median time of one run over ``repeats`` runs (timed in samples of at
    least 1 ms, at least 3 samples and 5 ms in all, as the budget allows).

    >>> [(r["method"], r["mode"], r["solutions"]) for r in compare(6, ["recursive", "random"])]
    [('recursive', 'count', 4), ('random', 'first', 1)]
    >>> [(r["mode"], r["solutions"]) for r in compare(6, ["recursive"], first=True)]
    [('first', 1)]
    """
    return _core.compare(n, methods, budget, first)


def infinite(k: int) -> np.ndarray:
    """The first k columns (0-based) of the quintal queens: an infinite placement whose first
    5^j rows solve the 5^j board for every j."""
    return _core.infinite(k)
