# SPDX-License-Identifier: MIT
"""Shared by the tests: the command-line program (NQ_BINARY, set by CTest) to compare with."""
import os
import subprocess

import pytest


@pytest.fixture
def cli():
    """Runs `nqueens ARGS...`; returns (exit code, stdout, stderr)."""
    binary = os.environ.get("NQ_BINARY")
    if not binary:
        pytest.fail("NQ_BINARY is not set: run the tests through ctest, or point it at nqueens")

    def run(*args, stdin=None):
        done = subprocess.run([binary, *map(str, args)], input=stdin, capture_output=True,
                              text=True, timeout=300)
        return done.returncode, done.stdout, done.stderr

    return run


def cli_message(stderr):
    """The one-line error of the command line, without its 'nqueens: ' prefix."""
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("nqueens: "), line
    return line[len("nqueens: "):]
