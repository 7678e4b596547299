# SPDX-License-Identifier: MIT
"""Ctrl-C stops a long call with KeyboardInterrupt, promptly, and the library goes on working.
interrupt_main() delivers SIGINT's effect as the signal handler would (no timing race with a
real signal between fork and exec)."""
import _thread
import threading
import time

import pytest

import nqueens


def interrupted(call, after=0.3):
    timer = threading.Timer(after, _thread.interrupt_main)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - start


@pytest.mark.parametrize("call", [
    lambda: nqueens.solve(64, method="first", threads=2),  # about a minute
    lambda: nqueens.count(20, engine="backtrack", threads=1),  # a minute or more
    lambda: nqueens.count(28, threads=1),  # its tables alone take a minute or more
    lambda: nqueens.classic(14, "board-scan"),
    lambda: nqueens.count_completions(20),  # 39 billion
    lambda: list(nqueens.solutions(16)),
    lambda: nqueens.solutions_array(16, unique=True, threads=1),
    lambda: list(nqueens.trace(14, first=False)),
], ids=["solve-first", "count", "count-set-up", "classic", "complete", "solutions", "solutions_array", "trace"])
def test_a_long_call_stops_at_ctrl_c(call):
    # Well before the call would end by itself. count() stops between subproblems, and at
    # n = 20 one of those takes seconds on a loaded machine (docs/journal/tests.md, "A subproblem
    # of n = 20 under load").
    assert interrupted(call) < 20
    assert nqueens.count(8).total == 92  # and the library still works


def test_other_python_threads_run_during_a_long_call():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        # Long enough for several ticks whatever the engine's speed; n = 15 is too short
        # (docs/journal/tests.md, "A ticker beside a count on one thread").
        nqueens.count(17, threads=1)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 3  # the GIL was released while counting
