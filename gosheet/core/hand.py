"""The director's hand on the pairing, the same for every system: players kept apart, the
avoidance of the same club and country, fixed tables, and the lines the organiser typed into
the next round's sheet before pairing it.

- **Keep apart** (the ``Keep apart`` sheet): a criterion right below "as many games as
  possible" and above every other one. The systems whose criteria are packed into one weight
  (seed McMahon, Swiss) get it as a criterion (:func:`with_hand`); FUS and OpenGotha's engine
  leave the pairs out of the graph when a matching as large exists without them
  (:func:`avoidable`), and otherwise keep them, last resort.
- **Avoid same club / country** (settings of gosheet's own systems): a criterion right below
  the score criterion (:func:`with_hand`; FUS: below the level difference).
- **Organiser's lines** (:func:`organisers_lines`, :func:`pair_around`): the lines of the next
  round's sheet are kept as typed; their players are left out of the pairing of the others.
- **Fixed tables** (the ``Fixed table`` column of ``Players``, :func:`place_tables`): a player's
  game is on his table, whoever the opponent; the other games take the free tables in order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import count

from gosheet.core.errors import ConsistencyError
from gosheet.core.matching import Criterion, LexicographicWeights, maximum_matching_size
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.core.pairing import Pairing, Weighing, check_can_pair
from gosheet.i18n.catalog import _
from gosheet.i18n.words import N_w
from gosheet.records import replace

KEEP_APART = Criterion(
    "keep apart",
    1,
    N_w(
        "Players of the Keep apart sheet never meet while it can be avoided (above every "
        "criterion but the number of games)."
    ),
)
OTHER_CLUB = Criterion(
    "other club", 1, N_w("Avoid same club: opponents from different clubs where the scores allow.")
)
OTHER_COUNTRY = Criterion(
    "other country",
    1,
    N_w("Avoid same country: opponents from different countries where the scores allow."),
)


def same_club(a: Player, b: Player) -> bool:
    return bool(a.club) and a.club.casefold() == b.club.casefold()


def same_country(a: Player, b: Player) -> bool:
    return bool(a.country) and a.country.casefold() == b.country.casefold()


def with_hand(
    tournament: Tournament, weighing: Weighing, below: str, apart_at: int = 1
) -> Weighing:
    """``weighing`` (packed lexicographic criteria) with the director's criteria: ``keep
    apart`` after its first criterion (the number of games) when the round keeps players
    apart, ``other club`` / ``other country`` after the criterion named ``below`` when the
    settings ask. Unchanged when neither applies."""
    weights = weighing.weights
    if not isinstance(weights, LexicographicWeights):
        raise TypeError("the director's criteria go into packed lexicographic weights")
    apart = tournament.kept_apart(weighing.number)
    settings = tournament.settings
    order = weighing.order
    inserts: list[tuple[int, Criterion, Callable[[Player, Player], int]]] = []
    if apart:
        inserts.append(
            (apart_at, KEEP_APART, lambda a, b: int(frozenset((a.number, b.number)) not in apart))
        )
    names = [c.name for c in weights.criteria]
    at = names.index(below) + 1
    if settings.avoid_same_club:
        inserts.append((at, OTHER_CLUB, lambda a, b: int(not same_club(a, b))))
    if settings.avoid_same_country:
        inserts.append((at, OTHER_COUNTRY, lambda a, b: int(not same_country(a, b))))
    if not inserts:
        return weighing
    criteria = list(weights.criteria)
    # from the last place to the first, so that each place still means the original one
    for place, criterion, _rule in sorted(inserts, key=lambda x: -x[0]):
        criteria.insert(place, criterion)
    values: dict[tuple[int, int], tuple[int, ...]] = {}
    for (i, j), vector in weighing.values.items():
        extended = list(vector)
        for place, _criterion, value in sorted(inserts, key=lambda x: -x[0]):
            extended.insert(place, value(order[i], order[j]))
        values[(i, j)] = tuple(extended)
    return replace(
        weighing,
        weights=LexicographicWeights(criteria, max_edges=weights.max_edges),
        values=values,
    )


def avoidable(
    vertex_count: int, edges: Sequence[tuple[int, int]], apart: Callable[[int, int], bool]
) -> tuple[list[tuple[int, int]], bool]:
    """The edges without the pairs kept apart when a matching of them is as large as one of
    every edge (then none of them is needed: the pairs never meet), with False; else every
    edge, with True (some pair kept apart must meet, or fewer games would be played)."""
    allowed = [(a, b) for a, b in edges if not apart(a, b)]
    if len(allowed) == len(edges):
        return list(edges), False
    if maximum_matching_size(vertex_count, allowed) == maximum_matching_size(vertex_count, edges):
        return allowed, False
    return list(edges), True


def organisers_lines(tournament: Tournament) -> Round | None:
    """The last round when it holds lines the organiser typed before pairing it: none of its
    results is entered, and a player of that round stands in none of its lines, or a line has
    no table number (gosheet numbers every table it pairs)."""
    if not tournament.rounds:
        return None
    last = tournament.rounds[-1]
    if any(game.result is not None for game in last.games):
        return None
    placed = {p for game in last.games for p in (game.white, game.black)} | set(last.byes)
    waiting = [p for p in tournament.players if p.plays_in(last.number) and p.number not in placed]
    return last if waiting or any(game.table <= 0 for game in last.games) else None


def pair_around(
    tournament: Tournament, pair: Callable[[Tournament], Pairing], lines: Round | None = None
) -> Pairing:
    """The next round of ``tournament`` paired by ``pair`` around the organiser's ``lines``
    (kept as typed; their players are not paired again), on the fixed tables."""
    number = check_can_pair(tournament)
    if lines is not None and lines.number != number:
        raise ConsistencyError(
            _("the organiser's lines are of round {lines}, not {number}").format(
                lines=lines.number, number=number
            )
        )
    held_games = lines.games if lines is not None else ()
    held_byes = lines.byes if lines is not None else ()
    held = {p for g in held_games for p in (g.white, g.black)} | set(held_byes)
    rest = replace(
        tournament,
        players=tuple(
            replace(p, not_playing=p.not_playing | {number}) if p.number in held else p
            for p in tournament.players
        ),
    )
    if any(p.plays_in(number) for p in rest.players):
        pairing = pair(rest)
    else:
        pairing = Pairing(number, (), ())
    komi = tournament.settings.komi
    typed = tuple(
        replace(g, komi=komi) if g.handicap == 0 and g.komi == 0 and komi else g for g in held_games
    )
    games = place_tables(tournament.players, typed, pairing.games)
    return Pairing(number, games, (*held_byes, *pairing.byes), pairing.costs)


def place_tables(
    players: Sequence[Player], typed: Sequence[Game], paired: Sequence[Game]
) -> tuple[Game, ...]:
    """The games of a round on their tables: the organiser's lines with a table number keep
    it; then each game of a player with a fixed table (the first of the two if both have one)
    goes to that table if it is free; the others take the free tables in order (the
    organiser's lines without a table number last)."""
    fixed = {p.number: p.fixed_table for p in players if p.fixed_table is not None}
    placed = [g for g in typed if g.table > 0]
    taken = {g.table for g in placed}
    waiting: list[Game] = []
    for game in [*sorted(paired, key=lambda g: g.table), *(g for g in typed if g.table <= 0)]:
        wanted = [fixed[p] for p in (game.white, game.black) if p in fixed]
        table = next((t for t in wanted if t not in taken), None)
        if table is None:
            waiting.append(game)
            continue
        taken.add(table)
        placed.append(replace(game, table=table))
    free = (t for t in count(1) if t not in taken)
    placed += [replace(game, table=next(free)) for game in waiting]
    return tuple(sorted(placed, key=lambda g: g.table))
