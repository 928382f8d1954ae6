"""Which pairs the whole-field matching weighs in a large field.

OpenGotha weighs every pair (n² / 2 of them) and solves a dense matching in O(n³): 80 s for
2,000 players. A pair's cost falls steeply with the score-group distance (10^11 per group
against 10^8 for draw-ups and 5·10^6 for the seeding), so the optimal matching of a large
field only ever uses pairs that are near in score, and inside a group the pairs the
seeding wants. The candidate graph holds:

- each player with the :data:`WINDOW` players on either side of him in the order of score
  groups and places (draw-ups and draw-downs, small groups; this chain also keeps a perfect
  matching possible);
- between two neighbouring groups, every pair of their players where the draw-up and
  draw-down modes want them (the :data:`DUDD_REGION` players at the top, middle or bottom);
- inside a group, each player with the :data:`SEED_SPREAD` players on either side of the
  place the group's seed system pairs him with (split and slip: half a group away; split
  and fold: the mirror place; split and random: every pair of the two halves of a group of
  up to :data:`RANDOM_DENSE_UP_TO`).

A field of up to :data:`DENSE_UP_TO` players is matched on every pair. The benchmark
(``benchmarks/bench_opengotha.py``) compares the total cost with the dense matching's.
"""

from __future__ import annotations

import numpy as np

from gosheet.core.egf.info import IntArray, PairingInfo
from gosheet.core.settings import Settings

WINDOW = 16
SEED_SPREAD = 12
DENSE_UP_TO = 192
RANDOM_DENSE_UP_TO = 400
DUDD_REGION = 96


def all_pairs(members: IntArray) -> tuple[IntArray, IntArray]:
    """Every pair of ``members`` (positions), each once."""
    a, b = np.triu_indices(len(members), k=1)
    return members[a], members[b]


def _seed_system(settings: Settings, round_number: int) -> str:
    if round_number <= settings.pai_last_round_seed_system1:
        return settings.pai_seed_system1
    return settings.pai_seed_system2


def _offsets(ordered: IntArray, targets: IntArray) -> tuple[list[IntArray], list[IntArray]]:
    """Pairs of each ``ordered[k]`` with ``ordered[targets[k] + d]``, |d| ≤ the spread:
    :data:`SEED_SPREAD`, or a tenth of a larger group (its floaters shift the places)."""
    firsts, seconds = [], []
    m = len(ordered)
    spread = max(SEED_SPREAD, m // 10)
    for d in range(-spread, spread + 1):
        partner = targets + d
        ok = (partner >= 0) & (partner < m)
        firsts.append(ordered[ok])
        seconds.append(ordered[partner[ok]])
    return firsts, seconds


def _region(group: IntArray, mode: str) -> IntArray:
    """The players of a group (by place) a draw-up or draw-down prefers: the whole group if
    it has at most :data:`DUDD_REGION`, else that many at its top, middle or bottom."""
    m = len(group)
    if m <= DUDD_REGION:
        return group
    start = {"TOP": 0, "BOT": m - DUDD_REGION}.get(mode, (m - DUDD_REGION) // 2)
    return group[start : start + DUDD_REGION]


def candidate_pairs(
    settings: Settings, info: PairingInfo, members: IntArray
) -> tuple[IntArray, IntArray]:
    """The pairs (i, j), i < j, of ``members`` (positions in ``info``) to weigh."""
    if len(members) <= DENSE_UP_TO:
        return all_pairs(members)
    ordered = members[np.lexsort((info.place[members], info.group[members]))]
    count = len(ordered)
    firsts: list[IntArray] = []
    seconds: list[IntArray] = []
    for d in range(1, min(WINDOW, count - 1) + 1):
        firsts.append(ordered[: count - d])
        seconds.append(ordered[d:])
    system = _seed_system(settings, info.round_number)
    groups = info.group[ordered]
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    ends = np.r_[starts[1:], count]
    for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
        group = ordered[start:end]
        m = len(group)
        if m <= WINDOW + 1:
            continue  # the window already holds every pair of the group
        k = np.arange(m)
        if system == "SPLITANDFOLD":
            more_f, more_s = _offsets(group, m - 1 - k)
        elif system == "SPLITANDSLIP" or m > RANDOM_DENSE_UP_TO:
            up_f, up_s = _offsets(group, k + m // 2)
            down_f, down_s = _offsets(group, k - m // 2)
            more_f, more_s = up_f + down_f, up_s + down_s
        else:  # split and random: every pair across the halves
            top, bottom = group[: (m + 1) // 2], group[(m + 1) // 2 :]
            more_f = [np.repeat(top, len(bottom))]
            more_s = [np.tile(bottom, len(top))]
        firsts += more_f
        seconds += more_s
    for (u_start, u_end), (l_start, l_end) in zip(
        zip(starts.tolist(), ends.tolist(), strict=True),
        zip(starts.tolist()[1:], ends.tolist()[1:], strict=False),
        strict=False,
    ):
        upper = _region(ordered[u_start:u_end], settings.pai_dudd_upper_mode)
        lower = _region(ordered[l_start:l_end], settings.pai_dudd_lower_mode)
        firsts.append(np.repeat(upper, len(lower)))
        seconds.append(np.tile(lower, len(upper)))
    i, j = np.concatenate(firsts), np.concatenate(seconds)
    low, high = np.minimum(i, j), np.maximum(i, j)
    keep = low != high
    n = len(info.players)
    codes = np.unique(low[keep] * n + high[keep])
    return codes // n, codes % n


def near_pairs(info: PairingInfo, members: IntArray) -> tuple[IntArray, IntArray]:
    """Every pair of ``members`` in the same or neighbouring score groups."""
    ordered = members[np.argsort(info.group[members], kind="stable")]
    groups = info.group[ordered]
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    ends = np.r_[starts[1:], len(ordered)]
    firsts: list[IntArray] = [np.zeros(0, dtype=np.int64)]
    seconds: list[IntArray] = [np.zeros(0, dtype=np.int64)]
    for k, (start, end) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
        group = ordered[start:end]
        a, b = np.triu_indices(len(group), k=1)
        firsts.append(group[a])
        seconds.append(group[b])
        if k + 1 < len(starts) and groups[starts[k + 1]] == groups[start] + 1:
            following = ordered[starts[k + 1] : ends[k + 1]]
            firsts.append(np.repeat(group, len(following)))
            seconds.append(np.tile(following, len(group)))
    i, j = np.concatenate(firsts), np.concatenate(seconds)
    return np.minimum(i, j), np.maximum(i, j)
