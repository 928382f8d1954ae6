"""A window's pair weights from blocks kept per pair of score groups
(gosheet/core/opengotha/group_pairs.py): the same weights as weighing every pair, window
after window, whether the windows share whole groups or only some of a group's players."""

from __future__ import annotations

import numpy as np
import pytest

from gosheet.core.opengotha import arrays, group_pairs
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


def test_all_windows_at_once_weigh_in_few_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """``of_all``: every window's weights as ``of`` gives them, the blocks none has weighed
    before weighed together — in pieces of ``CHUNK`` pairs, ``BATCH`` pairs before the windows
    are put together (both lowered here, so that the pieces and the batches show)."""
    rng = np.random.default_rng(8)
    group = np.sort(rng.integers(0, 8, 160))
    secret = rng.integers(0, 10**12, (160, 160))
    calls: list[int] = []

    def weigh(i: np.ndarray, j: np.ndarray) -> np.ndarray:
        calls.append(len(i))
        return secret[np.minimum(i, j), np.maximum(i, j)]

    everyone = np.arange(160)
    windows = [everyone[(group >= g) & (group <= g + 1)] for g in range(7)]
    windows.append(everyone[group >= 4][1::2])
    expected = [secret[np.minimum(*pair), np.maximum(*pair)] for pair in map(pairs_of, windows)]
    found = GroupPairWeights(group, weigh).of_all(windows)
    assert all(np.array_equal(f, e) for f, e in zip(found, expected, strict=True))
    assert len(calls) == 1  # one call for the eight windows
    calls.clear()
    monkeypatch.setattr(group_pairs, "CHUNK", 100)
    monkeypatch.setattr(group_pairs, "BATCH", 1500)
    again = GroupPairWeights(group, weigh)
    found = again.of_all(windows)
    assert all(np.array_equal(f, e) for f, e in zip(found, expected, strict=True))
    assert max(calls) == 100 and len(calls) > sum(calls) // 100
    weighed = sum(calls)
    assert all(np.array_equal(again.of(w), e) for w, e in zip(windows, expected, strict=True))
    assert sum(calls) > weighed  # the last blocks kept, not every window's


def pairs_of(core: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.triu_indices(len(core), k=1)
    return core[a], core[b]


def test_upper_pairs_are_triu_indices() -> None:
    """``upper_pairs``: numpy's ``triu_indices`` (kept, read-only, up to ``UPPER_KEPT``), the
    pure arrays' own above it or without numpy."""
    for size in (0, 1, 2, 7, group_pairs.UPPER_KEPT, group_pairs.UPPER_KEPT + 1):
        a, b = group_pairs.upper_pairs(np, size)
        expected = np.triu_indices(size, k=1)
        assert np.array_equal(a, expected[0]) and np.array_equal(b, expected[1])
        assert group_pairs.upper_pairs(np, size)[0] is a or size > group_pairs.UPPER_KEPT
    assert not group_pairs.upper_pairs(np, 7)[0].flags.writeable
    pa, pb = group_pairs.upper_pairs(arrays, 7)
    assert (pa.tolist(), pb.tolist()) == tuple(x.tolist() for x in np.triu_indices(7, k=1))
