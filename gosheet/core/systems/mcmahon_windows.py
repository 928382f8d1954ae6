"""The seed McMahon's matching on a very large field: windows of the table.

One matching over a whole field of near pairs (:mod:`.mcmahon_near`) costs about the square of
the field (rustworkx's blossom scans every player at each of its n / 2 stages): 3.1 s of
processor time for a round of 4,500 players, four times that for twice the field. From
:data:`WINDOWS_FROM` players present the same weights (the same criteria, the same pairs,
the same draw settling ties, so the same order of pairings) are matched a window of the table
at a time (0.34 s for those 4,500):

1. **A first pairing**, down the table: the next :data:`WINDOW` players (or more: four times
   the longest pair the round may hold), with those the windows above left unpaired, are
   matched; the pairs in the window's upper half are kept,
   the others go on into the next window. Players left over at the end (their possible
   opponents all taken above) are matched again with a stretch of the table around them,
   widened until everyone is paired.
2. **Each window again**, overlapping by half: the players of a window's consecutive
   places and their opponents are matched again among themselves, and a better pairing of
   them replaces theirs; a window is solved again whenever a player of it changed opponent,
   until none improves.

What is guaranteed: the bye is the player the criteria give it (the first, no bye yet then
the lowest, whom all the others can be paired without: the pairing found shows that they
can), every player present but the bye has an opponent, and no window's players with their
opponents can be paired among themselves any better by the criteria (nor as well: the draw
leaves no ties). So it is the best pairing of the whole field unless a better one changes
opponents all along more than a window at once: such a pairing is not searched for (the
proof of :mod:`.mcmahon_near` does not reach that far). Measured, it is the same pairing as
the whole field's matching, game for game (``benchmarks/bench_scale.py`` and
``bench_pairing.py`` on rounds of 3,500 to 20,000 players, ``tests/core/test_mcmahon_windows.py``
with small windows round after round). Where the whole
table cannot pair all but that bye, :func:`windowed_solve` answers None and the whole field's
matching decides (another bye).
"""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.matching import DRAW_BITS, draw, solve
from gosheet.core.pairing import Weighing
from gosheet.core.systems.mcmahon_near import repacked

#: Rounds of as many players present or more are matched a window at a time; smaller ones
#: in one matching of their near pairs (the best pairing, by proof: under 1.4 s here).
WINDOWS_FROM = 3000
#: Consecutive places of the table in a window (their opponents join them), at least
#: :data:`REACHES` times the longest pair the round may hold (:mod:`.mcmahon_near`'s reach).
WINDOW = 100
REACHES = 4

#: For each place, the places below it it may be paired with, and the pair's weight.
Below = list[list[tuple[int, int]]]


def windowed_solve(
    weighing: Weighing, had_bye: Sequence[bool], window: int | None = None
) -> list[tuple[int, int]] | None:
    """The pairs of a weighing made of near pairs, matched a window at a time (see the
    module); None when the whole table cannot pair all but the bye. The window: ``window``
    places, by default :data:`WINDOW` or :data:`REACHES` times the longest near pair."""
    n = len(weighing.order)
    packed, values = repacked(weighing)
    if window is None:
        longest = max((j - i for i, j in values), default=1)
        window = max(WINDOW, REACHES * longest)
    preference = sorted(range(n), key=lambda v: (had_bye[v], -v))
    bye = preference[0] if n % 2 else -1
    below, bound = drawn_below(n, values, packed.max_weight, bye)
    places = [v for v in range(n) if v != bye]
    partner = first_pairing(places, below, bound, window)
    if partner is None:
        return None
    improve(places, partner, below, bound, window)
    return sorted((v, partner[v]) for v in places if v < partner[v])


def drawn_below(
    n: int, values: dict[tuple[int, int], int], max_weight: int, bye: int = -1
) -> tuple[Below, int]:
    """The pairs of ``values`` but the bye's, weighed with the draw as one matching of the
    whole field weighs them (:func:`~gosheet.core.matching.drawn_weights`, whose pairs are
    ``(low, high)`` as these), each under its higher place; and their bound."""
    bits = DRAW_BITS
    factor = (n // 2 + 1) << bits
    below: Below = [[] for _ in range(n)]
    for (i, j), w in values.items():
        if bye != i and bye != j:
            below[i].append((j, w * factor + draw(i, j, bits)))
    bound = max([max_weight, 1, *values.values()])
    return below, bound * factor + (1 << bits)


def matched(group: Sequence[int], below: Below, bound: int) -> dict[int, int]:
    """The best pairing of the places of ``group`` among themselves, the most pairs first:
    each place's opponent."""
    index = {v: k for k, v in enumerate(group)}
    edges = [(index[u], index[v], w) for u in group for v, w in below[u] if v in index]
    found = solve(len(group), edges, bound, max_cardinality=True)
    partner: dict[int, int] = {}
    for a, b in found:
        partner[group[a]], partner[group[b]] = group[b], group[a]
    return partner


def first_pairing(
    places: Sequence[int], below: Below, bound: int, window: int
) -> dict[int, int] | None:
    """Down the table a window at a time, keeping each window's pairs of its upper half; the
    players the last window leaves over are then paired with a stretch of the table around
    them, widened until it pairs everyone (None if even the whole table cannot)."""
    partner: dict[int, int] = {}
    carried: list[int] = []
    start = 0
    while start < len(places):
        taken = places[start : start + max(window - len(carried), window // 2)]
        start += len(taken)
        group = carried + list(taken)
        found = matched(group, below, bound)
        upper = taken[len(taken) // 2] if start < len(places) else len(below)
        partner.update((u, v) for u, v in found.items() if u < upper and v < upper)
        carried = [u for u in group if u not in partner]
    return partner if not carried else mended(places, partner, carried, below, bound, window)


def mended(
    places: Sequence[int],
    partner: dict[int, int],
    unpaired: Sequence[int],
    below: Below,
    bound: int,
    window: int,
) -> dict[int, int] | None:
    """``partner`` with the ``unpaired`` paired too: the players within ``window`` places of
    them and their opponents matched again, the stretch doubled until all are paired."""
    rank = {v: k for k, v in enumerate(places)}
    reach = window
    while True:
        low = max(0, min(rank[u] for u in unpaired) - reach)
        high = max(rank[u] for u in unpaired) + reach + 1
        inside = places[low:high]
        group = sorted(set(inside) | {partner[v] for v in inside if v in partner})
        found = matched(group, below, bound)
        if len(found) == len(group):
            partner.update(found)
            return partner
        if low == 0 and high >= len(places):
            return None
        reach *= 2


def improve(
    places: Sequence[int], partner: dict[int, int], below: Below, bound: int, window: int
) -> None:
    """Each window (half-overlapping) matched again with its players' opponents, until no
    window's pairing improves; ``partner`` changed in place."""
    step = max(1, window // 2)
    rank = {v: k for k, v in enumerate(places)}
    count = max(1, -(-(len(places) - step) // step))
    waiting = set(range(count))
    while waiting:
        w = min(waiting)
        waiting.discard(w)
        inside = places[w * step : w * step + window]
        group = sorted(set(inside) | {partner[v] for v in inside})
        found = matched(group, below, bound)
        changed = [v for v in group if found.get(v) != partner[v]]
        if not changed:
            continue
        if len(found) < len(group):  # (cannot be: their own pairing pairs them all)
            continue
        partner.update(found)
        for v in changed:
            k = min(rank[v] // step, count - 1)
            waiting.update(x for x in (k - 1, k) if 0 <= x < count)
