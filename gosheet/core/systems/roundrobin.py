"""Round robin (all play all) for club events and final groups: every player meets every
other once, in the order of the Berger tables.

The players get their numbers 1 … N by the lot (the tournament's random seed, over the players'
identities) among those registered for round 1, and keep them: from round 2 on they are read
back from round 1 as played; with an odd N a dummy N + 1 makes the bye. Round r pairs, on the
circle of numbers 1 … M − 1 (M = N, or N + 1), the players ``r + i`` and ``r − i`` (mod M − 1),
and the player M with ``r``: the Berger tables. Colours alternate so that nobody has more than
one White more than Black (or the reverse) over the whole event, and a player's colours
alternate from round to round as far as the tables allow. The event has M − 1 rounds (N − 1,
or N with an odd count). A player who does not play a round leaves his scheduled opponent a
bye; a player added after round 1 cannot join (the schedule is fixed).

>>> [sorted(p) for p in berger_round(4, 1)]
[[0, 3], [1, 2]]
>>> len({frozenset(p) for r in range(1, 6) for p in berger_round(6, r)})
15
"""

from __future__ import annotations

import random

from gosheet.core.errors import ConsistencyError
from gosheet.core.games import game_of
from gosheet.core.matching import Criterion, LexicographicWeights
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.core.pairing import PairCost, Pairing, Weighing, check_can_pair, explain
from gosheet.i18n.catalog import _, ngettext
from gosheet.i18n.words import N_w

CRITERION = Criterion(
    "Berger table",
    1,
    N_w("1 for the pair the Berger tables give this round (all play all: no other pair is made)"),
)


def berger_round(m: int, r: int) -> list[tuple[int, int]]:
    """The pairs (White, Black) of round ``r`` (1 …) among positions 0 … ``m`` − 1 (``m``
    even; position ``m`` − 1 is the one outside the circle)."""
    circle = m - 1
    k = r - 1
    fixed = (k, m - 1) if k % 2 == 0 else (m - 1, k)
    pairs = [fixed]
    for i in range(1, m // 2):
        a, b = (k + i) % circle, (k - i) % circle
        pairs.append((a, b) if i % 2 == 1 else (b, a))
    return pairs


def numbers(tournament: Tournament) -> list[Player]:
    """The players in the order of their Berger numbers: as round 1 was played once it is
    (:func:`seated_in_round_one`), else drawn by the lot from the players' identities."""
    if tournament.rounds:  # those seated in round 1, whatever 'Not playing' says since
        first = tournament.rounds[0]
        as_played = seated_in_round_one(tournament, first)
        if as_played is not None:
            return as_played
        seated = {n for g in first.games for n in (g.white, g.black)} | set(first.byes)
        order = [p for p in tournament.players if p.number in seated]
    else:
        order = [p for p in tournament.players if p.plays_in(1)]
    order.sort(key=lambda p: p.identity)  # the lot never depends on the rows' order
    random.Random(f"{tournament.settings.random_seed}:berger").shuffle(order)
    return order


def seated_in_round_one(tournament: Tournament, first: Round) -> list[Player] | None:
    """The Berger numbers read back from round 1 as played: its k-th table holds the k-th
    pair of the Berger table of round 1 (White first) and its bye the player paired with the
    dummy. So the schedule stays the one round 1 began, whatever the lot or the order of
    Players says later (an older gosheet drew it from the rows). None when round 1 does not
    read so (typed otherwise by hand)."""
    games = sorted(first.games, key=lambda g: g.table)
    n = 2 * len(games) + len(first.byes)
    m = n + n % 2
    if len(first.byes) != n % 2 or n < 2:
        return None
    at: list[int | None] = [None] * m
    tables = iter(games)
    for a, b in berger_round(m, 1):
        if m - 1 in (a, b) and m > n:  # the dummy's pair: the bye
            at[b if a == m - 1 else a] = first.byes[0]
            continue
        game = next(tables)
        at[a], at[b] = game.white, game.black
    known = {p.number for p in tournament.players}
    seated = [number for number in at[:n] if number in known]
    if len(set(seated)) != n:
        return None
    return [tournament.player(number) for number in seated]


def _schedule(tournament: Tournament, number: int) -> list[tuple[Player | None, Player | None]]:
    seated = numbers(tournament)
    late = [p.name for p in tournament.players if p not in seated and p.plays_in(number)]
    if late:
        raise ConsistencyError(
            _(
                "round robin: {players} joined after round 1; an all-play-all schedule is "
                "fixed at round 1 (start a new tournament, or mark them 'Not playing')"
            ).format(players=", ".join(late))
        )
    m = len(seated) + len(seated) % 2
    if number > m - 1:
        raise ConsistencyError(
            ngettext(
                "round robin: its {rounds} round is paired",
                "round robin: every one of the {rounds} rounds is paired",
                m - 1,
            ).format(rounds=m - 1)
        )
    at: list[Player | None] = [*seated, *([None] * (m - len(seated)))]
    return [(at[a], at[b]) for a, b in berger_round(m, number)]


def weigh(tournament: Tournament) -> Weighing:
    """The pairs of the next round: the Berger table's, valued 1 (explain shows them)."""
    number = tournament.next_round_number
    present = [p for p in tournament.players if p.plays_in(number)]
    position = {p.number: k for k, p in enumerate(present)}
    values: dict[tuple[int, int], tuple[int, ...]] = {}
    for white, black in _schedule(tournament, number):
        if white is None or black is None or white.number not in position:
            continue
        if black.number in position:
            i, j = sorted((position[white.number], position[black.number]))
            values[(i, j)] = (1,)
    weights = LexicographicWeights([CRITERION], max_edges=max(1, len(present) // 2))
    return Weighing(number, tuple(present), weights, values)


def pair(tournament: Tournament) -> Pairing:
    """The next round of the Berger tables."""
    number = check_can_pair(tournament)
    settings = tournament.settings
    komi = settings.komi if game_of(settings.game).go else 0.0
    weights = LexicographicWeights([CRITERION], max_edges=max(1, len(tournament.players)))
    games: list[Game] = []
    costs: list[PairCost] = []
    byes: list[int] = []
    for white, black in _schedule(tournament, number):
        playing = [p for p in (white, black) if p is not None and p.plays_in(number)]
        if len(playing) == 2 and white is not None and black is not None:
            games.append(Game(len(games) + 1, white.number, black.number, 0, komi))
            costs.append(explain(white.number, black.number, weights, (1,)))
        elif len(playing) == 1:
            byes.append(playing[0].number)
    return Pairing(number, tuple(games), tuple(sorted(byes)), tuple(costs))
