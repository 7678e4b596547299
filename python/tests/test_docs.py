# SPDX-License-Identifier: MIT
"""The examples in the package's docstrings run and print what they say."""
import doctest

import nqueens


def test_docstring_examples():
    failed, tried = doctest.testmod(nqueens, optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failed == 0


def test_every_public_name_is_documented():
    for name in nqueens.__all__:
        value = getattr(nqueens, name)
        if callable(value):
            assert value.__doc__ and value.__doc__.strip(), name
