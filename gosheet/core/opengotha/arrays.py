"""The arrays of OpenGotha's engine: numpy's when it can be imported, else this module's own,
a pure-Python stand-in for the part of numpy's API the engine uses.

OpenGotha's rules (the costs of a pair, the candidate graph, the windows of the local search,
colours, handicaps) are written once, against numpy's functions and operators, with ``xp``
standing for the array module: ``xp = namespace(info.group)``. With numpy, ``xp`` *is* numpy
and the engine weighs millions of pairs at once; without it (LibreOffice's own Python,
WebAssembly Python, ``GOSHEET_PURE``), ``xp`` is this module and the same lines run over
Python lists. Only one-dimensional arrays of ``int``, ``float`` and ``bool`` exist here,
and every operation gives what numpy gives on int64, float64 and bool (exact integers; the
doubles of the concave criteria computed in the same order, so truncated alike):

>>> a = array([3, -7, 2])
>>> (a * 2 + 1).tolist(), (a // 2).tolist(), where(a > 0, a, 0).tolist()
([7, -13, 5], [1, -4, 1], [3, 0, 2])
>>> a[array([2, 0])].tolist(), a[a > 0].tolist(), lexsort((array([1, 0, 0]), a)).tolist()
([2, 3], [3, 2], [1, 2, 0])
>>> ((1.0 - a / 4.0) * 10).astype(int64).tolist()
[2, 27, 5]
"""

from __future__ import annotations

import operator
import sys
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress
from itertools import repeat as scalars
from typing import TYPE_CHECKING, Any

from gosheet import accelerators

if TYPE_CHECKING:  # the engine's arrays are typed as numpy's: this module stands in for it
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
else:
    IntArray = Any

#: The dtypes, as ``astype`` and the constructors take them.
int64 = int
float64 = float
bool_ = bool
inf = float("inf")

Binary = Callable[[Any, Any], Any]


#: A field of at most this many players is paired with this module's arrays even where numpy
#: can be imported: numpy's import (some 60 ms) costs more than the pure arrays lose on
#: such a field (``benchmarks/bench_small_fields.py``: about 25 ms at 120 players, 70 ms at
#: 200). Both give the same costs, so the same games (``tests/core/test_opengotha_pure.py``).
PURE_UP_TO = 160


def backend(players: int | None = None) -> Any:
    """The array module new arrays are made with: numpy, unless it cannot be imported or is
    switched off (:mod:`gosheet.accelerators`), or ``players`` (the field's size) is at most
    :data:`PURE_UP_TO` and numpy is not imported yet — then this module."""
    small = players is not None and players <= PURE_UP_TO and "numpy" not in sys.modules
    numpy = None if small else accelerators.load("numpy")
    return numpy if numpy is not None else sys.modules[__name__]


def namespace(example: Any) -> Any:
    """The array module of ``example`` (an array): this module for a :class:`Vec`, else
    numpy."""
    if isinstance(example, Vec):
        return sys.modules[__name__]
    return sys.modules["numpy"]


def _values(other: Any, length: int) -> Iterable[Any]:
    return other.v if isinstance(other, Vec) else scalars(other, length)


def _binary(op: Binary) -> Callable[[Vec, Any], Vec]:
    def method(self: Vec, other: Any) -> Vec:
        return Vec(list(map(op, self.v, _values(other, len(self.v)))))

    return method


def _reflected(op: Binary) -> Callable[[Vec, Any], Vec]:
    def method(self: Vec, other: Any) -> Vec:
        return Vec(list(map(op, scalars(other, len(self.v)), self.v)))

    return method


class Vec:
    """A one-dimensional array: numpy's operators element by element, a scalar broadcast;
    indexed by a position, a slice, an array of positions (gathered) or of booleans (kept)."""

    __slots__ = ("v",)
    __hash__ = None  # type: ignore[assignment]  # compared element by element, as numpy

    def __init__(self, values: list[Any]) -> None:
        self.v = values

    def __len__(self) -> int:
        return len(self.v)

    def __iter__(self) -> Any:
        return iter(self.v)

    def __repr__(self) -> str:  # pragma: no cover  # read only in a debugger or a failed assertion
        return f"Vec({self.v!r})"

    def tolist(self) -> list[Any]:
        return list(self.v)

    def astype(self, dtype: type) -> Vec:
        return Vec(list(map(dtype, self.v)))

    def max(self) -> Any:
        return max(self.v)

    def min(self) -> Any:
        return min(self.v)

    def sum(self) -> Any:
        return sum(self.v)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, Vec):
            keys = key.v
            if keys and type(keys[0]) is bool:
                return Vec(list(compress(self.v, keys)))
            return Vec(list(map(self.v.__getitem__, keys)))
        if isinstance(key, slice):
            return Vec(self.v[key])
        return self.v[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        v = self.v
        if isinstance(key, slice):
            v[key] = (
                value.v if isinstance(value, Vec) else [value] * len(range(*key.indices(len(v))))
            )
            return
        if not isinstance(key, Vec):
            v[key] = value
            return
        keys = key.v
        if keys and type(keys[0]) is bool:
            keys = [k for k, keep in enumerate(keys) if keep]
        for k, x in zip(keys, _values(value, len(keys)), strict=False):
            v[k] = x

    __add__ = _binary(operator.add)
    __radd__ = _reflected(operator.add)
    __sub__ = _binary(operator.sub)
    __rsub__ = _reflected(operator.sub)
    __mul__ = _binary(operator.mul)
    __rmul__ = _reflected(operator.mul)
    __floordiv__ = _binary(operator.floordiv)
    __rfloordiv__ = _reflected(operator.floordiv)
    __truediv__ = _binary(operator.truediv)
    __rtruediv__ = _reflected(operator.truediv)
    __mod__ = _binary(operator.mod)
    __pow__ = _binary(operator.pow)
    __and__ = _binary(operator.and_)
    __rand__ = _reflected(operator.and_)
    __or__ = _binary(operator.or_)
    __ror__ = _reflected(operator.or_)
    __lt__ = _binary(operator.lt)
    __le__ = _binary(operator.le)
    __gt__ = _binary(operator.gt)
    __ge__ = _binary(operator.ge)
    __eq__ = _binary(operator.eq)  # type: ignore[assignment]
    __ne__ = _binary(operator.ne)  # type: ignore[assignment]

    def __neg__(self) -> Vec:
        return Vec(list(map(operator.neg, self.v)))

    def __invert__(self) -> Vec:  # on booleans only, as the engine uses it
        return Vec([not x for x in self.v])


def array(values: Iterable[Any] | Vec, dtype: type | None = None) -> Vec:
    """An array of ``values`` (converted to ``dtype`` if given)."""
    items = values.v if isinstance(values, Vec) else values
    return Vec(list(items) if dtype is None else list(map(dtype, items)))


def zeros(length: int, dtype: type = float) -> Vec:
    return Vec([dtype(0)] * length)


def ones(length: int, dtype: type = float) -> Vec:
    return Vec([dtype(1)] * length)


def full(length: int, value: Any, dtype: type | None = None) -> Vec:
    return Vec([value if dtype is None else dtype(value)] * length)


def arange(start: int, stop: int | None = None, dtype: type = int) -> Vec:
    return Vec(list(range(start) if stop is None else range(start, stop)))


def where(condition: Vec, yes: Any, no: Any) -> Vec:
    cond = condition.v
    if not isinstance(yes, Vec) and not isinstance(no, Vec):
        return Vec([yes if c else no for c in cond])
    if not isinstance(no, Vec):
        return Vec([a if c else no for c, a in zip(cond, yes.v, strict=False)])
    if not isinstance(yes, Vec):
        return Vec([yes if c else b for c, b in zip(cond, no.v, strict=False)])
    return Vec([a if c else b for c, a, b in zip(cond, yes.v, no.v, strict=False)])


def minimum(a: Any, b: Any) -> Vec:
    if not isinstance(a, Vec):
        a, b = b, a
    return Vec([x if x < y else y for x, y in zip(a.v, _values(b, len(a.v)), strict=False)])


def maximum(a: Any, b: Any) -> Vec:
    if not isinstance(a, Vec):
        a, b = b, a
    return Vec([x if x > y else y for x, y in zip(a.v, _values(b, len(a.v)), strict=False)])


def clip(a: Vec, low: Any, high: Any) -> Vec:
    return Vec([low if x < low else high if x > high else x for x in a.v])


def abs(a: Vec) -> Vec:  # numpy's name
    return Vec(list(map(operator.abs, a.v)))


def any(a: Vec) -> bool:
    return True in map(bool, a.v)


def array_equal(a: Vec, b: Vec) -> bool:
    return a.v == b.v


def concatenate(parts: Sequence[Vec]) -> Vec:
    return Vec(list(chain.from_iterable(p.v for p in parts)))


def repeat(a: Vec, times: int) -> Vec:
    """numpy's ``repeat``: each element ``times`` times in a row."""
    return Vec([x for x in a.v for _ in range(times)])


def tile(a: Vec, times: int) -> Vec:
    return Vec(a.v * times)


def triu_indices(size: int, k: int = 1) -> tuple[Vec, Vec]:
    """The pairs (a, b), a + k ≤ b < size, row by row (numpy's order)."""
    first = [a for a in range(size) for _ in range(a + k, size)]
    second = [b for a in range(size) for b in range(a + k, size)]
    return Vec(first), Vec(second)


def flatnonzero(a: Vec) -> Vec:
    return Vec([k for k, x in enumerate(a.v) if x])


def lexsort(keys: Sequence[Vec]) -> Vec:
    """The positions sorted by the last key, then the one before … (stable, as numpy's)."""
    rows = list(zip(*(k.v for k in reversed(keys)), strict=True))
    return Vec(sorted(range(len(rows)), key=rows.__getitem__))


def argsort(a: Vec, kind: str = "stable") -> Vec:
    return Vec(sorted(range(len(a.v)), key=a.v.__getitem__))


def sort(a: Vec) -> Vec:
    return Vec(sorted(a.v))


def unique(a: Vec) -> Vec:
    return Vec(sorted(set(a.v)))


def setdiff1d(a: Vec, b: Vec) -> Vec:
    return Vec(sorted(set(a.v).difference(b.v)))


def isin(a: Vec, b: Vec) -> Vec:
    inside = set(b.v)
    return Vec([x in inside for x in a.v])


def searchsorted(ordered: Vec, values: Vec) -> Vec:
    keys = ordered.v
    return Vec([bisect_left(keys, x) for x in values.v])


def distinct(a: Any) -> Any:
    """The distinct values of ``a`` (an array of either module), sorted: ``numpy.unique(a)``
    without its hash table and its look for a masked array (which imports ``numpy.ma``, some
    6 ms): one sort and one comparison, faster on the engine's arrays (2,000-12,000 codes:
    0.05-0.5 ms instead of 0.25-1.5)."""
    if isinstance(a, Vec):
        return unique(a)
    numpy = sys.modules["numpy"]
    ordered = numpy.sort(a)
    if len(ordered) < 2:
        return ordered
    keep = numpy.empty(len(ordered), dtype=bool)
    keep[0] = True
    numpy.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def among(values: Any, ordered: Any) -> Any:
    """Whether each of ``values`` is one of ``ordered`` (sorted): ``numpy.isin(values,
    ordered)`` by a binary search, without ``isin``'s sorting of ``values`` (and its hashing
    of ``ordered``)."""
    if isinstance(values, Vec):
        return isin(values, ordered)
    numpy = sys.modules["numpy"]
    if len(ordered) == 0:
        return numpy.zeros(len(values), dtype=bool)
    at = numpy.searchsorted(ordered, values)
    numpy.minimum(at, len(ordered) - 1, out=at)
    return ordered[at] == values


def run_starts(values: Any) -> list[int]:
    """Where each run of equal values of ``values`` (an array of either module) starts."""
    items = values.tolist()
    return [k for k in range(len(items)) if k == 0 or items[k] != items[k - 1]]
