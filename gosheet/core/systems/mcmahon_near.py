"""The seed McMahon's matching on a large field: only the pairs that can be in the best one.

The seed McMahon's criteria (:data:`~gosheet.core.systems.mcmahon.CRITERIA_RULES`) rank a
round's pairings by the score gaps (squared), then the pairs of the same score, then the
table distances (squared). Among four players two pairs apart, "uncrossing" them is always
at least as good, and strictly better once the table distance counts: for places
``i < k < l < j`` (scores never rising down the table),

- the pairs (i, j) and (k, l) (nested) against (i, k) and (l, j): the squared gaps
  ``(a + b + c)² + b²`` against ``a² + c²`` (a, b, c the score steps between the four), the
  pairs of the same score as many or more when the gaps are equal, the squared table
  distances strictly smaller;
- the pairs (i, k) crossing (j, l) outside, or (k', k) from above crossing (i, j): the pairs
  (i, k) and (j, l), alike.

So the best pairing holds a pair (i, j) only if every such exchange is *blocked*: one of its
new pairs has already played, is kept apart, or (when the settings avoid them) shares a club
or a country. Each player between i and j who is paired blocks with a pair of his own that
meets i or j, a different one for each of his pairs; hence, with ``f(x)`` the players ``x``
may not be paired with without a cost (met, kept apart, same club or country), ``U`` the
players left unpaired in the round and ``j − i`` the table distance,

    j − i ≤ 1 + U + 2 · (f(i) + f(j)).

:func:`near_pairs` holds every pair within that distance, so the best pairing of every pair
is the best pairing of these (a few per player after a few rounds): the same pairs, found
in a sparse graph. The bye goes first to the player the criteria give it
(no bye yet, then the lowest whom the others can all be paired without), and the matching
of the others is solved with the criteria below the bye packed again, each over the values
its candidate pairs take (the same order of matchings, in fewer bits: rustworkx can solve
them where the dense weights pass 120 bits). Ties between pairings of equal criteria are
settled by the same draw (:func:`~gosheet.core.matching.drawn_weights`).

Where the reasoning needs what it cannot check here — a round in which more than one player
(an even field: any) must stay unpaired — :func:`near_solve` answers None and the dense
matching runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gosheet.core.matching import Criterion, LexicographicWeights, max_weight_matching
from gosheet.core.model import Player, Tournament
from gosheet.core.pairing import Weighing

#: The criteria that say only who is left unpaired (constant once the bye is chosen).
WHO_PLAYS = ("games", "keep apart", "bye to a new player", "bye to the lowest")
#: Players tried for the bye, in the criteria's order, before the dense matching decides.
BYE_TRIES = 3


def blocked_counts(tournament: Tournament, number: int, order: Sequence[Player]) -> list[int]:
    """f(x) of each player of ``order``: the players he has met or is kept apart from, and,
    when the settings avoid them, the others of his club and country in the round."""
    counts: Counter[int] = Counter()
    for pair in tournament.have_met() | tournament.kept_apart(number):
        for player in pair:
            counts[player] += 1
    settings = tournament.settings
    blocked = [counts[p.number] for p in order]
    # (the same club or country as gosheet.core.hand's: a name, whatever its case)
    avoided = [("club", settings.avoid_same_club), ("country", settings.avoid_same_country)]
    for field in (name for name, avoid in avoided if avoid):
        names = [str(getattr(p, field)).casefold() for p in order]
        sizes = Counter(name for name in names if name)
        blocked = [
            f + (sizes[name] - 1 if name else 0) for f, name in zip(blocked, names, strict=True)
        ]
    return blocked


def near_pairs(blocked: Sequence[int], unpaired: int) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, of places within ``1 + unpaired + 2 (f(i) + f(j))``."""
    n = len(blocked)
    most = max(blocked, default=0)
    found: list[tuple[int, int]] = []
    for i, fi in enumerate(blocked):
        reach = 1 + unpaired + 2 * fi
        for j in range(i + 1, min(n, i + reach + 2 * most + 1)):
            if j - i <= reach + 2 * blocked[j]:
                found.append((i, j))
    return found


def repacked(weighing: Weighing) -> tuple[LexicographicWeights, dict[tuple[int, int], int]]:
    """The criteria below the bye's, each shifted to start at 0 over ``weighing``'s pairs and
    bounded by the largest value they take: the same order of pairings with as many pairs
    (a pair's shift is the same for every pairing), in fewer bits."""
    weights = weighing.weights
    if not isinstance(weights, LexicographicWeights):
        raise TypeError("the seed McMahon's criteria are packed lexicographic weights")
    names = [c.name for c in weights.criteria]
    kept = [k for k, name in enumerate(names) if name not in WHO_PLAYS]
    pairs = list(weighing.values)
    # one tuple per criterion (all of the same length: strict would check nothing here)
    columns = list(zip(*weighing.values.values(), strict=False)) or [()] * len(names)
    low = [min(columns[k], default=0) for k in kept]
    high = [max(columns[k], default=0) for k in kept]
    criteria = [
        Criterion(weights.criteria[k].name, top - bottom)
        for k, bottom, top in zip(kept, low, high, strict=True)
    ]
    packed = LexicographicWeights(criteria, max_edges=weights.max_edges)
    # packed.pack of each pair's shifted values, a criterion at a time (the same sums)
    totals = [0] * len(pairs)
    for k, bottom, multiplier in zip(kept, low, packed.multipliers, strict=True):
        totals = [t + (x - bottom) * multiplier for t, x in zip(totals, columns[k], strict=True)]
    values = dict(zip(pairs, totals, strict=True))
    return packed, values


def near_solve(weighing: Weighing, had_bye: Sequence[bool]) -> list[tuple[int, int]] | None:
    """The best pairs of a weighing made of :func:`near_pairs` (every pair it holds allowed:
    none already played or kept apart), as the dense matching finds them; None when more
    players than the field's parity must stay unpaired, or the bye's first
    :data:`BYE_TRIES` candidates cannot have it (then the dense matching decides)."""
    n = len(weighing.order)
    packed, values = repacked(weighing)
    # the bye's criteria: a player without a bye first, then the lowest in the table; the
    # first whom the others can all be paired without is the one every best pairing leaves
    # out (those a largest matching can leave out form a matroid)
    preference = sorted(range(n), key=lambda v: (had_bye[v], -v))
    for left_out in [[]] if n % 2 == 0 else [[v] for v in preference[:BYE_TRIES]]:
        edges = [
            (i, j, w) for (i, j), w in values.items() if i not in left_out and j not in left_out
        ]
        found = max_weight_matching(n, edges, max_weight=packed.max_weight, max_cardinality=True)
        if 2 * len(found) == n - len(left_out):
            return sorted(found)
    return None
