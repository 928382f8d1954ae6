"""How a large round's matching is shared with helper processes (:mod:`gosheet.parallel`,
:func:`~gosheet.core.opengotha.engine.match_blocks`), one at a time, in two steps. While this
process finds the first pairing of the largest block, a first helper matches some other
blocks whole (:func:`early`); then a second helper takes some of the blocks left and the last
windows of the largest block's local search (solved ahead from the first pairing), this
process the rest (:func:`plan`), the two loads as even as a guess of their times makes them.

The guess (:func:`block_cost`, :meth:`LocalSearch.window_cost
<gosheet.core.opengotha.local_search.LocalSearch.window_cost>`): the blossom's time grows
as a graph's players to the power 2.7 (measured on windows of 58 to 244 players, and on
blocks' candidate graphs, as of half their players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gosheet.core.opengotha.candidates import DENSE_UP_TO, windows
from gosheet.records import record

if TYPE_CHECKING:
    from gosheet.core.opengotha.arrays import IntArray
    from gosheet.core.opengotha.info import PairingInfo
    from gosheet.core.settings import Settings

#: The power of a graph's players its blossom's time grows as.
POWER = 2.7

#: A helper starts only for a share of at least this (a 128-player window's time, some 3 ms:
#: less is not worth a process).
HELPER_LEAST = 128.0**POWER


def graph_cost(players: int) -> float:
    """The guessed time of the blossom on a dense graph of ``players``."""
    return float(players**POWER)


def first_cost(players: int) -> float:
    """The guessed time of a block's first pairing
    (:func:`~gosheet.core.opengotha.engine.first_pairs`): every pair of a small block; else
    its candidate graph, as a dense graph of half its players."""
    return graph_cost(players) if players <= DENSE_UP_TO else graph_cost(players // 2)


def block_cost(settings: Settings, info: PairingInfo, members: IntArray) -> float:
    """The guessed time of :func:`~gosheet.core.opengotha.engine.match` on a block: its first
    pairing (:func:`first_cost`), then, above ``DENSE_UP_TO`` players, each window of its
    local search once."""
    if len(members) <= DENSE_UP_TO:
        return first_cost(len(members))
    cores, _ = windows(settings, info, members)
    return first_cost(len(members)) + sum(graph_cost(len(core)) for core in cores)


def early(first: float, others: list[float]) -> tuple[int, ...]:
    """The other blocks (``others``: their guessed times) the first helper matches while this
    process finds the largest block's first pairing (``first``: its guessed time), the
    longest first: each whose half still fits in that time. Adding a block of time ``c`` to
    a helper's load ``L`` changes the round's guessed time — ``max(first, L)``, then what is
    left shared evenly — by ``max(first, L + c) - max(first, L) - c / 2``: a gain while
    ``L + c / 2 < first``."""
    load, chosen = 0.0, []
    for k in sorted(range(len(others)), key=lambda k: -others[k]):
        if load + others[k] / 2 < first:
            chosen.append(k)
            load += others[k]
    return tuple(sorted(chosen))


@record
class Share:
    """The helper's share: which of the other blocks (their places in the list given to
    :func:`plan`), how many of the largest block's last windows, and its guessed time."""

    blocks: tuple[int, ...]
    windows: int
    load: float


def plan(others: list[float], windows: list[float]) -> Share:
    """The helper's share of the other blocks (``others``: their guessed times) and of the
    largest block's windows (``windows``, in the order of its sweep: the helper takes the
    last ones, which this process reaches last), such that the longer of the two loads is
    as short as this finds: for each number of last windows, the other blocks, the longest
    first, while they fit in half of the whole."""
    total = sum(others) + sum(windows)
    longest_first = sorted(range(len(others)), key=lambda k: -others[k])
    best: tuple[float, Share] | None = None
    for tail in range(len(windows) + 1):
        load = sum(windows[len(windows) - tail :])
        chosen = []
        for k in longest_first:
            if load + others[k] <= total / 2:
                chosen.append(k)
                load += others[k]
        longer = max(load, total - load)
        if best is None or longer < best[0]:
            best = (longer, Share(tuple(sorted(chosen)), tail, load))
    assert best is not None
    return best[1]


__all__ = [
    "HELPER_LEAST",
    "POWER",
    "Share",
    "block_cost",
    "early",
    "first_cost",
    "graph_cost",
    "plan",
]
