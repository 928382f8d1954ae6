"""The seed's McMahon (``docs/systems.md`` §1.1; the founding text, "Как работает система
Мак-Магон": §A).

"The table is sorted by McMahon score, descending. For the first player we
pick one below with the same or the closest score (usually the second); we go
down the table the same way; who has played whom is kept, so that no pair plays
twice; a player left without a pair (odd count, or has already met everyone
near) gets a technical win."

The greedy reading is made exact and global: one maximum-weight matching over
all pairs not yet played, whose integer weights rank the pairings by these
criteria, most important first (see :data:`CRITERIA_RULES`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gosheet.core.groups import assign_groups, strength_key
from gosheet.core.hand import with_hand
from gosheet.core.matching import Criterion, LexicographicWeights
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.pairing import (
    PairCost,
    Pairing,
    Weighing,
    check_can_pair,
    choose_colours,
    colour_balances,
    explain,
)
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.scoring import records
from gosheet.core.systems import mcmahon_windows
from gosheet.core.systems.mcmahon_near import blocked_counts, near_pairs, near_solve
from gosheet.i18n.words import N_w
from gosheet.records import replace

#: Fields of more players are matched on the pairs the best pairing can hold
#: (:mod:`.mcmahon_near`): the same pairs; smaller ones on every pair, as fast.
NEAR_FROM = 100

CRITERIA_RULES = (
    (
        "games",
        N_w(
            "As many games as possible: a technical win only for a player left without an "
            "opponent (seed)."
        ),
    ),
    ("bye to a new player", N_w("A technical win goes to a player who has not had one.")),
    (
        "bye to the lowest",
        N_w(
            "The player left over is the lowest in the table (seed: going down the table, the "
            "last one remains)."
        ),
    ),
    (
        "MMS gap",
        N_w(
            "Opponents with the same or the closest McMahon score (seed); gaps are squared, so "
            "two games one point apart beat one two points apart: the player left over in a "
            "group meets the top of the next group down, whose own player left over goes on "
            "down."
        ),
    ),
    (
        "same MMS",
        N_w(
            "Between pairings whose MMS gaps are equally close: as many pairs as possible of "
            "players with the same McMahon score."
        ),
    ),
    (
        "table order",
        N_w(
            "Each player with the next one down the table (seed: the first with the second); "
            "distances are squared, so that going down the table, each player takes the "
            "nearest one still free."
        ),
    ),
)


def pairing_order(
    tournament: Tournament, round_number: int, table: Mapping[int, PlayerRecord]
) -> list[Player]:
    """Players of the round, sorted by McMahon score, then strength, then name."""
    present = [p for p in tournament.players if p.plays_in(round_number)]
    return sorted(present, key=lambda p: (-table[p.number].score, strength_key(p)))


def weigh(tournament: Tournament, near: bool = False) -> Weighing:
    """Every pair not yet played of the next round, valued by :data:`CRITERIA_RULES`; with
    ``near``, only the pairs the best pairing can hold (:mod:`.mcmahon_near`), none kept
    apart either."""
    number = tournament.next_round_number
    players = assign_groups(tournament.settings.mcmahon_groups, tournament.players)
    tournament = replace(tournament, players=players)
    table = records(tournament)
    order = pairing_order(tournament, number, table)
    n = len(order)
    half_scores = [int(table[p.number].score * 2) for p in order]
    had_bye = [any(p.number in r.byes for r in tournament.rounds) for p in order]
    met = tournament.have_met()
    widest = max(half_scores, default=0) - min(half_scores, default=0)

    bounds = (1, 2, 2 * n, widest**2, 1, n * n)
    criteria = [
        Criterion(name, bound, rule)
        for (name, rule), bound in zip(CRITERIA_RULES, bounds, strict=True)
    ]
    weights = LexicographicWeights(criteria, max_edges=n // 2)
    if near:
        apart = met | tournament.kept_apart(number)
        blocked = blocked_counts(tournament, number, order)
        pairs: Iterable[tuple[int, int]] = near_pairs(blocked, n % 2)
    else:
        apart = met
        pairs = ((i, j) for i in range(n) for j in range(i + 1, n))
    numbers = [p.number for p in order]
    square_widest, square_n = widest**2, n * n
    values: dict[tuple[int, int], tuple[int, ...]] = {}
    for i, j in pairs:
        if frozenset((numbers[i], numbers[j])) in apart:
            continue
        gap = half_scores[i] - half_scores[j]
        values[(i, j)] = (
            1,
            had_bye[i] + had_bye[j],
            2 * n - i - j,
            square_widest - gap * gap,
            int(gap == 0),
            square_n - (j - i) * (j - i),  # the table distance, squared
        )
    return with_hand(tournament, Weighing(number, tuple(order), weights, values), "MMS gap")


def best_pairs(tournament: Tournament) -> tuple[Weighing, list[tuple[int, int]]]:
    """The round's weighing and its best pairs (positions): from the pairs the best pairing
    can hold (:mod:`.mcmahon_near`, the same pairs), a window of the table at a time on a
    very large field (:mod:`.mcmahon_windows`), else from every pair."""
    if len(tournament.players) > NEAR_FROM:
        weighing = weigh(tournament, near=True)
        had_bye = [any(p.number in r.byes for r in tournament.rounds) for p in weighing.order]
        found = None
        if len(weighing.order) >= mcmahon_windows.WINDOWS_FROM:
            found = mcmahon_windows.windowed_solve(weighing, had_bye)
        if found is None:
            found = near_solve(weighing, had_bye)
        if found is not None:
            return weighing, found
    weighing = weigh(tournament)
    return weighing, weighing.solve()


def pair(tournament: Tournament) -> Pairing:
    """Pair the next round of a seed-McMahon tournament."""
    number = check_can_pair(tournament)
    weighing, matched = best_pairs(tournament)
    order, n = weighing.order, len(weighing.order)
    paired = {v for pair in matched for v in pair}
    byes = tuple(order[i].number for i in range(n) if i not in paired)
    komi = tournament.settings.komi
    balances = colour_balances(tournament)
    games: list[Game] = []
    costs: list[PairCost] = []
    # Pairs are (higher, lower) positions: sorted, table 1 holds the best-placed player.
    for table_number, (i, j) in enumerate(matched, start=1):
        white, black = choose_colours(
            tournament, number, order[i].number, order[j].number, balances
        )
        games.append(Game(table_number, white, black, handicap=0, komi=komi))
        costs.append(
            explain(order[i].number, order[j].number, weighing.weights, weighing.values[(i, j)])
        )
    return Pairing(number, tuple(games), byes, tuple(costs))
