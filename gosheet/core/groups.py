"""McMahon groups of the seed: the roster, sorted 9d … 30k, cut into N groups.

The bottom group starts with 0 McMahon points and each group above with one
more (seed, "Подготовка к старту"). Groups are numbered from the top: group 1
is the strongest, so its starting score is ``group_count - 1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gosheet.core.model import Player
from gosheet.core.settings import McMahonGroups


def strength_key(player: Player) -> tuple[int, int, str]:
    """Sort key, strongest first: rank, then rating, then name."""
    rating = player.rating if player.rating is not None else -(10**6)
    return (-player.rank, -rating, player.name.casefold())


def group_count(spec: McMahonGroups, players: Sequence[Player]) -> int:
    """How many groups there are: fixed by ranks, or by the count (never fewer
    than a group number an organiser has already written)."""
    written = max((p.group for p in players if p.group is not None), default=0)
    return max(spec.count, written)


def group_by_rank(spec: McMahonGroups, rank: int) -> int:
    """The group of a rank when groups are given by their lowest ranks."""
    for index, lowest in enumerate(spec.bounds):
        if rank >= lowest:
            return index + 1
    return len(spec.bounds) + 1


def equal_groups(count: int, players: Sequence[Player]) -> dict[int, int]:
    """Cut the players, sorted by strength, into ``count`` groups of about equal
    size without splitting a rank; returns player number → group.

    The cut before group g+1 is the rank boundary nearest to g·n/count; with
    fewer distinct ranks than groups, the lower groups stay empty.
    """
    ordered = sorted(players, key=strength_key)
    n = len(ordered)
    breaks = [i for i in range(1, n) if ordered[i].rank != ordered[i - 1].rank]
    cuts: list[int] = []
    for g in range(1, count):
        target = g * n / count
        candidates = [b for b in breaks if not cuts or b > cuts[-1]]
        if not candidates:
            break
        cuts.append(min(candidates, key=lambda b: (abs(b - target), b)))
    result: dict[int, int] = {}
    group = 1
    for index, player in enumerate(ordered):
        while group - 1 < len(cuts) and index >= cuts[group - 1]:
            group += 1
        result[player.number] = group
    return result


def assign_groups(spec: McMahonGroups, players: Sequence[Player]) -> tuple[Player, ...]:
    """Give a group to every player who has none; a written group is kept.

    With a count, the cut is made over the whole current roster, and only the
    players without a group take theirs from it.
    """
    if spec.by_rank:
        computed = {p.number: group_by_rank(spec, p.rank) for p in players}
    else:
        computed = equal_groups(spec.count, players)
    return tuple(p if p.group is not None else _with_group(p, computed[p.number]) for p in players)


def _with_group(player: Player, group: int) -> Player:
    return replace(player, group=group)


def start_score(player: Player, groups: int) -> int:
    """McMahon score before round 1: 0 for the bottom group, +1 a group above."""
    if player.group is None:
        raise ValueError(f"{player.name} has no McMahon group")
    return groups - player.group
