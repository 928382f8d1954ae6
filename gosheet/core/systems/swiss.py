"""Swiss for any board game (the Oware organisers' book, and the common Swiss
rules: ``docs/systems.md`` §3; the book's own words: §C).

Round 1: the players, best to worst (rating, else rank; without either, a
strength tier and then the lot), are cut in halves; the first of the top half
meets the first of the bottom half, and so on (ten players A…J: A–F, B–G, C–H,
D–I, E–J); with an odd count the bottom half has one more and the last player
has the bye. Later rounds: score groups, the top half of a group against its
bottom half, never the same pair twice, floaters, first-move balance.

Both are one maximum-weight matching whose integer weights rank the pairings
by :data:`CRITERIA`, most important first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from gosheet.core.games import game_of
from gosheet.core.hand import with_hand
from gosheet.core.matching import Criterion, LexicographicWeights
from gosheet.core.model import Game, Outcome, Player, Tournament
from gosheet.core.pairing import PairCost, Pairing, Weighing, check_can_pair, explain
from gosheet.core.scoring import records
from gosheet.i18n.words import N_w
from gosheet.records import record

FIRST, SECOND = "first", "second"

CRITERIA = (
    ("games", N_w("Everybody plays; one bye only with an odd count.")),
    ("no repeat", N_w("Never the same pair twice while it can be avoided.")),
    ("one bye each", N_w("No second bye while it can be avoided.")),
    ("bye to the lowest", N_w("The bye to the lowest-ranked player of the lowest score group.")),
    (
        "first-move rules",
        N_w(
            "Nobody moves first (or second) three times running, nor more "
            "than twice more often than the other way."
        ),
    ),
    (
        "score gap",
        N_w(
            "Opponents from the same score group, else the nearest scores (gaps squared: "
            "a floater meets the next group down, never skips one)."
        ),
    ),
    ("floaters", N_w("Nobody floats down (or up) to another score group twice running.")),
    ("first-move balance", N_w("Each player gets the first move he is due where possible.")),
    (
        "halves",
        N_w(
            "Inside a score group, the top half against the bottom half in order "
            "(A–F, B–G …); a floater is the last of its group and meets the first of the next."
        ),
    ),
)


def pairing_numbers(tournament: Tournament) -> dict[int, int]:
    """The initial ranking, 1 = best: by rating (or the rank's), players with
    neither after those with one, by strength tier, then by lot (drawn from the
    tournament's random seed over the players' identities, not their rows, so it can be
    checked again and sorting Players changes nothing)."""
    lot = sorted(tournament.players, key=lambda p: p.identity)  # never the rows' order
    random.Random(f"{tournament.settings.random_seed}:lot").shuffle(lot)
    drawn = {p.number: i for i, p in enumerate(lot)}
    unmarked = middle_tier([p.tier for p in tournament.players if p.tier is not None])

    def key(p: Player) -> tuple[int, int, Fraction, int]:
        strength = -p.known_rating if p.has_strength else 0
        tier = Fraction(p.tier) if p.tier is not None else unmarked
        return (0 if p.has_strength else 1, strength, tier, drawn[p.number])

    ordered = sorted(tournament.players, key=key)
    return {p.number: i + 1 for i, p in enumerate(ordered)}


def middle_tier(tiers: Sequence[int]) -> Fraction:
    """Where a player with no tier stands among those marked: in the middle of
    the tiers given; after tier 1 when only the best are marked, before the
    weakest when only they are.

    >>> middle_tier([1, 3]), middle_tier([1]), middle_tier([2]), middle_tier([])
    (Fraction(2, 1), Fraction(3, 2), Fraction(3, 2), Fraction(0, 1))
    """
    if not tiers:
        return Fraction(0)
    low, high = min(tiers), max(tiers)
    if low == high:
        return Fraction(2 * low + (1 if low == 1 else -1), 2)
    return Fraction(low + high, 2)


def mover(game: Game, kind: str) -> int:
    """Who moved first: Black in go, the player on the left in other games."""
    return game.black if game_of(kind).go else game.white


def first_moves(tournament: Tournament, player: int) -> list[bool]:
    """For each game played on the board so far: did the player move first?"""
    kind = tournament.settings.game
    history = []
    for rnd in tournament.rounds:
        game = rnd.game_of(player)
        if game is not None and game.outcome_for(player) in (
            Outcome.WIN,
            Outcome.LOSS,
            Outcome.JIGO,
            Outcome.PENDING,
        ):
            history.append(mover(game, kind) == player)
    return history


@record
class Due:
    """What a player's first-move history asks for the next game."""

    must: str | None  # FIRST/SECOND: the rule leaves no choice
    wants: str | None  # FIRST/SECOND: the balance or alternation asks for it
    strength: int  # how strongly it wants it (|firsts − seconds|)

    @classmethod
    def of(cls, history: Sequence[bool]) -> Due:
        difference = sum(1 if f else -1 for f in history)
        must = None
        if difference >= 2 or list(history[-2:]) == [True, True]:
            must = SECOND
        elif difference <= -2 or list(history[-2:]) == [False, False]:
            must = FIRST
        if difference > 0:
            wants: str | None = SECOND
        elif difference < 0:
            wants = FIRST
        elif history:
            wants = SECOND if history[-1] else FIRST
        else:
            wants = None
        return cls(must, must or wants, abs(difference))


def first_move(a: Due, b: Due, lot: bool) -> bool:
    """Does ``a`` (the higher-ranked of the pair) move first?"""
    if a.must or b.must:
        if a.must:
            return a.must == FIRST
        return b.must == SECOND
    if a.wants and b.wants and a.wants != b.wants:
        return a.wants == FIRST
    if a.wants and not b.wants:
        return a.wants == FIRST
    if b.wants and not a.wants:
        return b.wants == SECOND
    if a.wants and b.wants:  # both want the same: the stronger claim, else the higher-ranked
        if b.strength > a.strength:
            return b.wants == SECOND
        return a.wants == FIRST
    return lot


def weigh(tournament: Tournament) -> Weighing:
    """Every pair of the next round, valued by :data:`CRITERIA`."""
    return _weigh(tournament)[0]


def _weigh(tournament: Tournament) -> tuple[Weighing, list[Due]]:
    number = tournament.next_round_number
    table = records(tournament)
    ranking = pairing_numbers(tournament)
    present = [p for p in tournament.players if p.plays_in(number)]
    order = sorted(present, key=lambda p: (-table[p.number].score, ranking[p.number]))
    n = len(order)
    half = [int(table[p.number].score * 2) for p in order]
    widest = max(half, default=0) - min(half, default=0)
    groups: dict[int, list[int]] = {}
    for i, score in enumerate(half):
        groups.setdefault(score, []).append(i)
    place = {i: members.index(i) for members in groups.values() for i in members}
    size = {i: len(groups[half[i]]) for i in range(n)}
    had_bye = [any(p.number in r.byes for r in tournament.rounds) for p in order]
    dues = [Due.of(first_moves(tournament, p.number)) for p in order]
    floats = last_floats(tournament)
    floated = [floats.get(p.number) for p in order]
    met = tournament.have_met()

    bounds = (1, 1, 2, 2 * n, 1, widest**2, 2, 1, 2 * n)
    criteria = [Criterion(name, b, rule) for (name, rule), b in zip(CRITERIA, bounds, strict=True)]
    weights = LexicographicWeights(criteria, max_edges=n // 2)
    values: dict[tuple[int, int], tuple[int, ...]] = {}
    for i in range(n):
        for j in range(i + 1, n):
            gap = half[i] - half[j]
            if gap == 0:
                halves = 2 * n - abs(place[j] - place[i] - size[i] // 2)
            else:
                halves = 2 * n - (size[i] - 1 - place[i]) - place[j]
            vector = (
                1,
                int(frozenset((order[i].number, order[j].number)) not in met),
                had_bye[i] + had_bye[j],
                2 * n - i - j,
                int(not (dues[i].must and dues[i].must == dues[j].must)),
                widest**2 - gap * gap,
                2 - (gap > 0 and floated[i] == "down") - (gap > 0 and floated[j] == "up"),
                int(not (dues[i].wants and dues[i].wants == dues[j].wants)),
                max(0, halves),
            )
            values[(i, j)] = vector
    weighing = Weighing(number, tuple(order), weights, values)
    return with_hand(tournament, weighing, "score gap"), dues


def pair(tournament: Tournament) -> Pairing:
    """Pair the next round of a Swiss tournament."""
    number = check_can_pair(tournament)
    weighing, dues = _weigh(tournament)
    order, n = weighing.order, len(weighing.order)
    matched = weighing.solve()
    paired = {v for pair in matched for v in pair}

    settings = tournament.settings
    lot = random.Random(f"{settings.random_seed}:first move:{number}")
    first_table_lot = lot.random() < 0.5
    games: list[Game] = []
    costs: list[PairCost] = []
    for table_number, (i, j) in enumerate(matched, start=1):
        if number == 1 and not (dues[i].wants or dues[j].wants):
            draw = first_table_lot == (table_number % 2 == 1)
        else:
            draw = lot.random() < 0.5
        a_first = first_move(dues[i], dues[j], draw)
        first, second = (order[i], order[j]) if a_first else (order[j], order[i])
        if game_of(settings.game).go:
            white, black = second.number, first.number
            komi = settings.komi
        else:
            white, black = first.number, second.number
            komi = 0.0
        games.append(Game(table_number, white, black, 0, komi))
        costs.append(
            explain(order[i].number, order[j].number, weighing.weights, weighing.values[(i, j)])
        )
    byes = tuple(order[i].number for i in range(n) if i not in paired)
    return Pairing(number, tuple(games), byes, tuple(costs))


def last_floats(tournament: Tournament) -> dict[int, str]:
    """ "down" or "up" for each player whose last game was against a lower or a
    higher score (as the scores stood before that round)."""
    if not tournament.rounds:
        return {}
    before = records(tournament, len(tournament.rounds) - 1)
    floats: dict[int, str] = {}
    for game in tournament.rounds[-1].games:
        white, black = before[game.white].score, before[game.black].score
        if white != black:
            floats[game.white] = "down" if white > black else "up"
            floats[game.black] = "up" if white > black else "down"
    return floats
