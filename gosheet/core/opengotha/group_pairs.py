"""The weights of a window's pairs (``engine.match``'s local search), each pair of score
groups weighed once: two neighbouring windows share a group, and its pairs were weighed
for each (a quarter of all the pairs weighed at 5,000 players). The windows' blocks are
weighed together, a few calls for all the windows (:meth:`GroupPairWeights.of_all`): a call
of the costs costs some 0.15 ms however few its pairs, and a 600-player round has 27
windows of four blocks or so."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from gosheet.core.opengotha.arrays import IntArray, namespace, run_starts

Weigh = Callable[[IntArray, IntArray], IntArray]

#: numpy's pairs above the diagonal are kept for sizes up to this (windows, groups: the same
#: sizes again and again; 0.5 MiB each at most).
UPPER_KEPT = 256

#: The blocks' pairs are weighed this many at a time at most (the costs' temporary arrays
#: stay small: a call of 10,000 pairs weighs each twice as fast as one of 200,000).
CHUNK = 1 << 14

#: … and at most this many are weighed before the windows that need them are put together
#: (the memory of a 20,000-player field's windows, some millions of pairs).
BATCH = 1 << 18

#: A window's plan: its size, then each block's place in the window (the first group's
#: start and end, the second's) and its number among the blocks weighed.
Plan = tuple[int, list[tuple[int, int, int, int, int]]]


class GroupPairWeights:
    """The weights of every pair of a window's players, from blocks kept per pair of groups:
    the pairs inside a group, or between two groups, as found in the windows."""

    def __init__(self, group: IntArray, weigh: Weigh) -> None:
        self.group = group  # each position's group
        self.weigh = weigh  # the weight of pairs (i[t], j[t]) of positions
        self._blocks: dict[tuple[int, int], tuple[IntArray, IntArray, IntArray]] = {}

    def of(self, core: IntArray) -> IntArray:
        """The weights of the pairs (``core[a]``, ``core[b]``), (a, b) in the order of
        ``xp.triu_indices(len(core), 1)``."""
        return self.of_all([core])[0]

    def of_all(self, cores: list[IntArray]) -> list[IntArray]:
        """:meth:`of` of each of ``cores``, the blocks none has weighed before weighed
        together (:data:`BATCH` pairs at most at a time)."""
        if not cores:
            return []
        xp = namespace(cores[0])
        kept: dict[tuple[int, int], tuple[IntArray, IntArray, int]] = {}
        # the blocks known, then those weighed, by number (None: no window needs it again)
        blocks: list[IntArray | None] = []
        for key, (x, y, block) in self._blocks.items():
            kept[key] = (x, y, len(blocks))
            blocks.append(block)
        found: list[IntArray] = []
        firsts: list[IntArray] = []  # the pairs of the blocks to weigh
        seconds: list[IntArray] = []
        plans: list[Plan] = []  # the windows whose blocks are weighed or to weigh
        for core in cores:
            groups = self.group[core].tolist()
            starts = run_starts(self.group[core])
            ends = [*starts[1:], len(core)]
            placed: list[tuple[int, int, int, int, int]] = []
            for s, (start, end) in enumerate(zip(starts, ends, strict=True)):
                for later_start, later_end in zip(starts[s:], ends[s:], strict=True):
                    x, y = core[start:end], core[later_start:later_end]
                    key = (groups[start], groups[later_start])
                    same = kept.get(key)
                    if same is None or not (
                        xp.array_equal(same[0], x) and xp.array_equal(same[1], y)
                    ):
                        first, second = _pairs(xp, x, y, later_start == start)
                        firsts.append(first)
                        seconds.append(second)
                        same = (x, y, len(blocks) + len(firsts) - 1)
                        kept[key] = same
                    placed.append((start, end, later_start, later_end, same[2]))
            plans.append((len(core), placed))
            if sum(len(f) for f in firsts) >= BATCH or core is cores[-1]:
                blocks += self._weighed(xp, firsts, seconds)
                found += [_assembled(xp, plan, blocks) for plan in plans]
                firsts, seconds, plans = [], [], []
                live = {number for _, _, number in kept.values()}
                blocks = [b if k in live else None for k, b in enumerate(blocks)]
        self._blocks = {key: (x, y, _known(blocks[number])) for key, (x, y, number) in kept.items()}
        return found

    def _weighed(self, xp: Any, firsts: list[IntArray], seconds: list[IntArray]) -> list[IntArray]:
        """The weights of each block of pairs (``firsts[k]``, ``seconds[k]``), weighed
        :data:`CHUNK` pairs at a time."""
        if not firsts:
            return []
        first, second = xp.concatenate(firsts), xp.concatenate(seconds)
        pieces = [
            self.weigh(first[s : s + CHUNK], second[s : s + CHUNK])
            for s in range(0, len(first), CHUNK)
        ]
        weights = pieces[0] if len(pieces) == 1 else xp.concatenate(pieces)
        found: list[IntArray] = []
        at = 0
        for size in map(len, firsts):
            # (a copy: a block kept for later windows does not hold the whole batch)
            found.append(xp.array(weights[at : at + size]))
            at += size
        return found


def _pairs(xp: Any, x: IntArray, y: IntArray, same: bool) -> tuple[IntArray, IntArray]:
    """The pairs of a block: those of a group with itself above the diagonal
    (``xp.triu_indices``' order), else every pair of ``x`` and ``y``, row by row."""
    if same:
        a, b = upper_pairs(xp, len(x))
        return x[a], x[b]
    return xp.repeat(x, len(y)), xp.tile(y, len(x))


def _known(block: IntArray | None) -> IntArray:
    if block is None:  # pragma: no cover  # a block kept is never released
        raise AssertionError("a kept block was released")
    return block


def _assembled(xp: Any, plan: Plan, blocks: list[IntArray | None]) -> IntArray:
    """A window's weights in ``xp.triu_indices(size, 1)``'s order, from its blocks."""
    size, placed = plan
    table = xp.zeros(size * size, dtype=xp.int64)  # row by row: (a, b) at a · size + b
    for start, end, later_start, later_end, number in placed:
        block = _known(blocks[number])
        if later_start == start:  # inside a group: its pairs above the diagonal
            a, b = upper_pairs(xp, end - start)
            table[(start + a) * size + start + b] = block
        else:
            rows = xp.repeat(xp.arange(start, end), later_end - later_start)
            columns = xp.tile(xp.arange(later_start, later_end), end - start)
            table[rows * size + columns] = block
    a, b = upper_pairs(xp, size)
    weights: IntArray = table[a * size + b]
    return weights


def upper_pairs(xp: Any, size: int) -> tuple[IntArray, IntArray]:
    """``xp.triu_indices(size, k=1)``: the pairs (a, b), a < b, of ``0 .. size − 1``, row by
    row; numpy's kept, read-only, for a size up to :data:`UPPER_KEPT` (each costs a boolean
    matrix and a search of it)."""
    if size > UPPER_KEPT or getattr(xp, "ndarray", None) is None:  # large, or pure arrays
        pairs: tuple[IntArray, IntArray] = xp.triu_indices(size, k=1)
        return pairs
    return _kept_upper_pairs(xp, size)


@lru_cache(maxsize=64)
def _kept_upper_pairs(xp: Any, size: int) -> tuple[IntArray, IntArray]:
    a, b = xp.triu_indices(size, k=1)
    a.flags.writeable = b.flags.writeable = False
    return a, b
