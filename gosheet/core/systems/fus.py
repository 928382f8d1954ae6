"""FUS pairing (``docs/systems.md`` §2.3–2.5; the founding text: §B).

"Pairs are matched so as to minimise handicaps; matching starts from the
leaders" («пары стыкуются по принципу минимизации фор … Последовательная
стыковка пар начинается с лидеров»). Made exact:

1. The players of the round are ordered by level, then tournament points
   (levels gained), then rating, then name.
2. No pair ever plays twice. As many games as possible are made; who is left
   without an opponent (the odd player, or players who have met everyone
   possible) gets a technical win: the lowest in the order without an earlier
   one, then the lowest (:func:`~gosheet.core.matching.choose_left_out`).
3. Handicaps as small as possible: the pairings of the others whose sum of squared level
   differences is least (two games half a stone apart beat one a stone apart, so no pair
   is wide while two narrow ones would do); among them, the one whose handicap list — each
   player's level difference, read from the leaders down — is least
   (lexicographically) is taken
   (:func:`~gosheet.core.matching.lexicographic_perfect_matching`).

The lower level takes Black; the handicap is the level difference h in
half-stones, capped: h = 2H − 1 → H stones (H = 1: Black moves first, no stone)
and komi 0.5; h = 2H → H stones and reverse komi 0.5 − (K − 0.5), or 0.5 when
the settings say no reverse komi; h = 0 → an even game with komi K.
"""

from __future__ import annotations

from gosheet.core.hand import avoidable, same_club, same_country, with_hand
from gosheet.core.matching import (
    Criterion,
    LexicographicWeights,
    choose_left_out,
    lexicographic_perfect_matching,
)
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.pairing import PairCost, Pairing, Weighing, check_can_pair, choose_colours
from gosheet.core.settings import Settings
from gosheet.core.systems.fus_levels import FusRecord, fus_records, players_order
from gosheet.i18n.words import N_w
from gosheet.records import record


@record
class Handicap:
    """The conditions of a game between levels ``level`` apart."""

    stones: int
    komi: float


def handicap_for(difference: int, settings: Settings) -> Handicap:
    """Stones and komi for a level difference (half-stones), capped.

    >>> s = Settings(komi=6.5)
    >>> [handicap_for(h, s) for h in (0, 1, 2, 3)]  # doctest: +NORMALIZE_WHITESPACE
    [Handicap(stones=0, komi=6.5), Handicap(stones=1, komi=0.5),
     Handicap(stones=1, komi=-5.5), Handicap(stones=2, komi=0.5)]
    """
    h = min(abs(difference), 2 * settings.handicap_cap)
    if h == 0:
        return Handicap(0, settings.komi)
    stones = (h + 1) // 2
    if h % 2 == 1 or not settings.reverse_komi:
        return Handicap(stones, 0.5)
    return Handicap(stones, 0.5 - (settings.komi - 0.5))


def pairing_order(
    tournament: Tournament, round_number: int, records: dict[int, FusRecord]
) -> list[Player]:
    """Present players by level, levels gained, rating, then name."""
    present = [p for p in tournament.players if p.plays_in(round_number)]
    return sorted(
        present,
        key=lambda p: (-records[p.number].level, -records[p.number].gained, players_order(p)),
    )


def weigh(tournament: Tournament) -> Weighing:
    """Every pair not yet played of the next round, with its level difference
    (lower is better; the pairing minimises them read from the leaders down,
    which one weight cannot hold: see :func:`pair`)."""
    number = tournament.next_round_number
    records = fus_records(tournament)
    order = pairing_order(tournament, number, records)
    level = [records[p.number].level for p in order]
    widest = max(level, default=0) - min(level, default=0)
    criterion = Criterion(
        "level difference",
        widest,
        N_w(
            "lower is better: the handicaps are made as small as possible (the sum of the "
            "squared differences least), then read from the leaders down"
        ),
    )
    met = tournament.have_met()
    values: dict[tuple[int, int], tuple[int, ...]] = {
        (i, j): (abs(level[i] - level[j]),)
        for i in range(len(order))
        for j in range(i + 1, len(order))
        if frozenset((order[i].number, order[j].number)) not in met
    }
    weights = LexicographicWeights([criterion], max_edges=len(order) // 2)
    weighing = Weighing(number, tuple(order), weights, values)
    return with_hand(tournament, weighing, "level difference", apart_at=0)


def pair(tournament: Tournament) -> Pairing:
    """Pair the next round of a FUS tournament."""
    number = check_can_pair(tournament)
    records = fus_records(tournament)
    order = pairing_order(tournament, number, records)
    n = len(order)
    level = [records[p.number].level for p in order]
    met = tournament.have_met()
    edges = [
        (i, j)
        for i in range(n)
        for j in range(i + 1, n)
        if frozenset((order[i].number, order[j].number)) not in met
    ]
    apart = tournament.kept_apart(number)
    edges, forced = avoidable(
        n, edges, lambda i, j: frozenset((order[i].number, order[j].number)) in apart
    )
    had_bye = [any(p.number in r.byes for r in tournament.rounds) for p in order]
    willing = sorted(range(n), key=lambda i: (had_bye[i], -i))  # no bye yet, lowest first
    left_out = set(choose_left_out(n, edges, willing))
    kept = [i for i in range(n) if i not in left_out]
    index = {vertex: k for k, vertex in enumerate(kept)}
    widest = max(level, default=0) - min(level, default=0)

    def cost_of(i: int, j: int) -> int:
        """The level difference; a pair kept apart (when one must meet) above any
        difference; then the same club, the same country (when the settings avoid them)."""
        a, b = order[i], order[j]
        cost = abs(level[i] - level[j])
        if forced and frozenset((a.number, b.number)) in apart:
            cost += widest + 1
        cost = 2 * cost + (tournament.settings.avoid_same_club and same_club(a, b))
        return 2 * cost + (tournament.settings.avoid_same_country and same_country(a, b))

    apart_first = widest * widest * (n // 2) + 1  # above any sum of squared differences

    def closeness(i: int, j: int) -> int:
        """The squared level difference; a pair kept apart (when one must meet) above any
        sum of them."""
        forced_apart = forced and frozenset((order[i].number, order[j].number)) in apart
        return forced_apart * apart_first + (level[i] - level[j]) ** 2

    kept_edges = [(i, j) for i, j in edges if i not in left_out and j not in left_out]
    cost = {(index[i], index[j]): cost_of(i, j) for i, j in kept_edges}
    first = {(index[i], index[j]): closeness(i, j) for i, j in kept_edges}
    matched = lexicographic_perfect_matching(len(kept), cost, first=first)
    pairs = sorted(tuple(sorted((kept[a], kept[b]))) for a, b in matched)

    games: list[Game] = []
    costs: list[PairCost] = []
    for table, (i, j) in enumerate(pairs, start=1):
        a, b = order[i].number, order[j].number
        if level[i] != level[j]:
            white, black = (a, b) if level[i] > level[j] else (b, a)
        else:
            white, black = choose_colours(tournament, number, a, b)
        conditions = handicap_for(level[i] - level[j], tournament.settings)
        games.append(Game(table, white, black, conditions.stones, conditions.komi))
        difference = abs(level[i] - level[j])
        costs.append(PairCost(a, b, difference, (("level difference", difference),)))
    byes = tuple(order[i].number for i in sorted(left_out))
    return Pairing(number, tuple(games), byes, tuple(costs))
