"""McMahon groups of the seed: the roster, sorted 9d … 30k, cut into N groups.

The bottom group starts with 0 McMahon points and each group above with one
more (``docs/systems.md`` §A, "Подготовка к старту": «Нижней группе 0 очков»).
Groups are numbered from the top: group 1 is the strongest, so its starting
score is ``group_count - 1``. The bottom group is the lowest group that has players:
with groups by ranks ``1d, 5k`` and nobody below 5k, the 1k … 5k start at 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player
from gosheet.records import replace


def strength_key(player: Player) -> tuple[int, int, str, tuple[str, ...]]:
    """Sort key, strongest first: rank, then rating, then name, then what else tells the
    player apart (:attr:`Player.identity`): never his row."""
    rating = player.rating if player.rating is not None else -(10**6)
    return (-player.known_rank, -rating, player.name.casefold(), player.identity)


def group_count(players: Sequence[Player]) -> int:
    """How many groups count for the starting scores, once every player has one:
    down to the lowest group that has players (seed: «Нижней группе 0 очков» —
    the bottom group starts at 0, also when the ranks given leave a group
    below it empty)."""
    return max((p.group for p in players if p.group is not None), default=1)


def groups_made(spec: McMahonGroups, players: Sequence[Player]) -> int:
    """How many groups the cut of ``spec`` makes of ``players``: by a number N,
    at most one a rank (a rank is never split), so fewer than N when the
    players have fewer ranks; by ranks, the groups that have players.

    >>> from gosheet.core.mcmahon_groups import McMahonGroups
    >>> roster = [Player(1, "A", rank=1), Player(2, "B", rank=-5)]
    >>> groups_made(McMahonGroups(3), roster)
    2
    """
    if spec.by_rank:
        return len({group_by_rank(spec, p.known_rank) for p in players})
    return min(spec.count, len({p.known_rank for p in players}))


def group_by_rank(spec: McMahonGroups, rank: int) -> int:
    """The group of a rank when groups are given by their lowest ranks."""
    for index, lowest in enumerate(spec.bounds):
        if rank >= lowest:
            return index + 1
    return len(spec.bounds) + 1


def equal_groups(count: int, players: Sequence[Player]) -> dict[int, int]:
    """Cut the players, sorted by strength, into ``count`` groups of sizes as
    equal as possible without splitting a rank; player number → group.

    With fewer distinct ranks than ``count``, each rank is a group. Among the
    cuts, the one with the least sum of squared differences from the mean size
    is taken (exact integer arithmetic; on a tie, the earliest cut).
    """
    ordered = sorted(players, key=strength_key)
    blocks: list[list[Player]] = []
    for player in ordered:
        if blocks and blocks[-1][0].known_rank == player.known_rank:
            blocks[-1].append(player)
        else:
            blocks.append([player])
    groups = min(count, len(blocks))
    n = len(ordered)
    sizes = [len(b) for b in blocks]
    # best[g][i]: (cost, cuts) of the first i blocks in g groups
    infinity = (float("inf"), ())
    best: list[list[tuple[float, tuple[int, ...]]]] = [
        [infinity] * (len(blocks) + 1) for _ in range(groups + 1)
    ]
    best[0][0] = (0, ())
    for g in range(1, groups + 1):
        for i in range(g, len(blocks) + 1):
            for j in range(g - 1, i):
                cost, cuts = best[g - 1][j]
                size = sum(sizes[j:i])
                total = cost + (groups * size - n) ** 2
                if total < best[g][i][0]:
                    best[g][i] = (total, (*cuts, i))
    cuts = best[groups][len(blocks)][1]
    result: dict[int, int] = {}
    start = 0
    for group, end in enumerate(cuts, start=1):
        for block in blocks[start:end]:
            for player in block:
                result[player.number] = group
        start = end
    return result


def group_of_nearest_rank(player: Player, grouped: Sequence[Player]) -> int:
    """A late player's group: the most common group among players of the same
    rank, else the group of the player nearest in rank (the stronger on a tie)."""
    rank = player.known_rank
    same = [p.group for p in grouped if p.known_rank == rank and p.group is not None]
    if same:
        return max(sorted(set(same)), key=same.count)
    nearest = min(grouped, key=lambda p: (abs(p.known_rank - rank), -p.known_rank))
    assert nearest.group is not None
    return nearest.group


def assign_groups(spec: McMahonGroups, players: Sequence[Player]) -> tuple[Player, ...]:
    """Give a group to every player who has none; a written group is kept.

    By ranks: the group of the player's rank. By count: the equal cut of the
    whole roster at the start; a player added once groups exist joins the
    group of his rank (:func:`group_of_nearest_rank`), so no one else moves.
    """
    grouped = [p for p in players if p.group is not None]
    if spec.by_rank:
        computed = {p.number: group_by_rank(spec, p.known_rank) for p in players}
    elif grouped:
        computed = {p.number: group_of_nearest_rank(p, grouped) for p in players if p.group is None}
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
