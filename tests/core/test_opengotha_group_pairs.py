"""A window's pair weights from blocks kept per pair of score groups
(gosheet/core/opengotha/group_pairs.py): the same weights as weighing every pair, window
after window, whether the windows share whole groups or only some of a group's players."""

from __future__ import annotations

import numpy as np

from gosheet.core.opengotha.group_pairs import GroupPairWeights


def test_blocks_give_every_pairs_weight_window_after_window() -> None:
    rng = np.random.default_rng(5)
    group = np.sort(rng.integers(0, 6, 120))  # positions 0..119 in group order
    secret = rng.integers(0, 10**12, (120, 120))
    weighed: list[int] = []

    def weigh(i: np.ndarray, j: np.ndarray) -> np.ndarray:
        weighed.append(len(i))
        return secret[np.minimum(i, j), np.maximum(i, j)]

    pairs = GroupPairWeights(group, weigh)
    everyone = np.arange(120)
    windows = [everyone[(group >= g) & (group <= g + 1)] for g in range(5)]
    windows.append(everyone[group >= 3][::2])  # some of the players of groups 3 to 5 only
    windows.append(windows[1])  # a window again
    for core in windows:
        a, b = np.triu_indices(len(core), k=1)
        assert np.array_equal(pairs.of(core), secret[core[a], core[b]])
    # each group's pairs and each two neighbouring groups' pairs weighed once for the five
    # windows of whole groups; the window again weighed nothing
    sizes = np.bincount(group)
    whole = sum(s * (s - 1) // 2 for s in sizes) + sum(sizes[:-1] * sizes[1:])
    part = windows[5]
    assert sum(weighed) == whole + len(part) * (len(part) - 1) // 2
