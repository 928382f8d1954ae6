"""The pure-Python arrays OpenGotha's rules run on without numpy (LibreOffice's Python, the
page) promise what numpy gives: these pin the parts the engine's usual paths do not reach —
assigning through a slice or a mask, a scalar given first to ``minimum``/``maximum``, and
``any`` — against numpy itself, so a rule written later with them pairs the same both ways."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gosheet.core.opengotha import arrays

VALUES = [5, -3, 8, 0, 2]


def both(values: list[Any]) -> tuple[arrays.Vec, Any]:
    return arrays.array(values), np.array(values, dtype=np.int64)


@pytest.mark.parametrize("key", [slice(1, 4), slice(None, None, 2), slice(3, None)])
@pytest.mark.parametrize("scalar", [True, False])
def test_assigning_through_a_slice(key: slice, scalar: bool) -> None:
    pure, numpy = both(VALUES)
    length = len(range(*key.indices(len(VALUES))))
    given = list(range(10, 10 + length))
    pure[key] = 7 if scalar else arrays.array(given)
    numpy[key] = 7 if scalar else given
    assert pure.tolist() == numpy.tolist()
    assert pure.tolist() != VALUES


def test_assigning_through_a_mask_and_through_positions() -> None:
    pure, numpy = both(VALUES)
    pure[pure > 1] = 0
    numpy[numpy > 1] = 0
    assert pure.tolist() == numpy.tolist() == [0, -3, 0, 0, 0]
    pure, numpy = both(VALUES)
    pure[arrays.array([4, 0])] = arrays.array([9, 8])
    numpy[np.array([4, 0])] = np.array([9, 8])
    assert pure.tolist() == numpy.tolist() == [8, -3, 8, 0, 9]


def test_minimum_and_maximum_with_the_scalar_first() -> None:
    pure, numpy = both(VALUES)
    assert arrays.minimum(2, pure).tolist() == np.minimum(2, numpy).tolist() == [2, -3, 2, 0, 2]
    assert arrays.maximum(1, pure).tolist() == np.maximum(1, numpy).tolist() == [5, 1, 8, 1, 2]


@pytest.mark.parametrize("values", [[0, 0, 0], [0, 3, 0], []])
def test_any(values: list[int]) -> None:
    pure, numpy = both(values)
    assert arrays.any(pure) is bool(np.any(numpy))


CODES = st.lists(st.integers(min_value=-3, max_value=40), max_size=30)


@given(CODES)
def test_distinct_is_numpy_unique(values: list[int]) -> None:
    """``distinct`` (the engine's ``numpy.unique``, without numpy.ma's import) gives numpy's
    values and type, with either module's arrays."""
    pure, numpy = both(values)
    expected = np.unique(numpy)
    given_by_numpy = arrays.distinct(numpy)
    assert given_by_numpy.dtype == expected.dtype
    assert given_by_numpy.tolist() == expected.tolist() == arrays.distinct(pure).tolist()


@given(CODES, CODES)
def test_among_is_numpy_isin(values: list[int], others: list[int]) -> None:
    """``among(values, sorted others)`` (the engine's ``numpy.isin``, by a binary search) gives
    numpy's answers with either module's arrays: empty sides, values past either end."""
    pure, numpy = both(values)
    ordered = sorted(others)
    expected = np.isin(numpy, np.array(others, dtype=np.int64)).tolist()
    assert arrays.among(numpy, np.array(ordered, dtype=np.int64)).tolist() == expected
    assert arrays.among(pure, arrays.array(ordered)).tolist() == expected
