"""The weights of a window's pairs (``engine.match``'s local search), each pair of score
groups weighed once: two neighbouring windows share a group, and its pairs were weighed
for each (a quarter of all the pairs weighed at 5,000 players)."""

from __future__ import annotations

from collections.abc import Callable

from gosheet.core.opengotha.arrays import IntArray, namespace, run_starts

Weigh = Callable[[IntArray, IntArray], IntArray]


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
        xp = namespace(core)
        size = len(core)
        groups = self.group[core].tolist()
        starts = run_starts(self.group[core])
        ends = [*starts[1:], size]
        table = xp.zeros(size * size, dtype=xp.int64)  # row by row: (a, b) at a · size + b
        for s, (start, end) in enumerate(zip(starts, ends, strict=True)):
            for later_start, later_end in zip(starts[s:], ends[s:], strict=True):
                x, y = core[start:end], core[later_start:later_end]
                block = self._block(groups[start], groups[later_start], x, y)
                if later_start == start:  # inside a group: its pairs above the diagonal
                    a, b = xp.triu_indices(len(x), k=1)
                    table[(start + a) * size + start + b] = block
                else:
                    rows = xp.repeat(xp.arange(start, end), later_end - later_start)
                    columns = xp.tile(xp.arange(later_start, later_end), end - start)
                    table[rows * size + columns] = block
        a, b = xp.triu_indices(size, k=1)
        weights: IntArray = table[a * size + b]
        return weights

    def _block(self, g: int, h: int, x: IntArray, y: IntArray) -> IntArray:
        """The weights of the pairs of ``x`` (group ``g``) and ``y`` (group ``h``): those of
        a group with itself as its pairs above the diagonal, else as an x-by-y table, row by
        row. Kept for the next window that holds the same players of the two groups."""
        xp = namespace(x)
        kept = self._blocks.get((g, h))
        if kept is not None and xp.array_equal(kept[0], x) and xp.array_equal(kept[1], y):
            return kept[2]
        if g == h and len(x) == len(y) and xp.array_equal(x, y):
            a, b = xp.triu_indices(len(x), k=1)
            block = self.weigh(x[a], x[b])
        else:
            block = self.weigh(xp.repeat(x, len(y)), xp.tile(y, len(x)))
        self._blocks[(g, h)] = (x, y, block)
        return block
