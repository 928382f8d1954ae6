"""Standings of the scored systems.

- Seed McMahon: per group, by wins, then the tiebreaks of the settings (seed
  default SOS, SODOS). The McMahon score itself does not rank (``docs/systems.md`` §A:
  "Количество очков Мак-Магона никак не учитывается при подведении итогов!").
- Swiss: the whole field, by points, then the tiebreaks (default Buchholz,
  Buchholz cut 1, Sonneborn-Berger, Wins).

"Direct encounter" is computed among the players still tied when it comes:
the points each scored against the others, counted only when all of them met.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import lcm

from gosheet.core.groups import strength_key
from gosheet.core.model import Outcome, Player, Tournament
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.scoring import records
from gosheet.core.systems import system_of
from gosheet.core.tiebreaks import DIRECT_ENCOUNTER, REGISTRY
from gosheet.i18n.collation import Collated
from gosheet.records import record


@record
class StandingsRow:
    """One line: ``number`` runs 1..N over the whole table (the crosstable
    refers to it); ``place`` is the place inside the group, shared on a tie."""

    number: int
    group: int
    place: int
    player: Player
    record: PlayerRecord
    tiebreaks: tuple[Fraction, ...]


@record
class Standings:
    """The standings: the tiebreaks' names and a row a player, in order."""

    tiebreak_names: tuple[str, ...]
    rows: tuple[StandingsRow, ...]


POINTS = {Outcome.WIN: Fraction(1), Outcome.JIGO: Fraction(1, 2)}


def direct_encounter(tied: list[int], table: dict[int, PlayerRecord]) -> dict[int, Fraction]:
    """Points each tied player scored on the board against the others; all 0
    unless every two of them met."""
    members = set(tied)
    scored: dict[int, Fraction] = {p: Fraction(0) for p in tied}
    met: set[frozenset[int]] = set()
    for player in tied:
        for entry in table[player].entries:
            if entry.opponent in members and entry.outcome.played:
                met.add(frozenset((player, entry.opponent)))
                scored[player] += POINTS.get(entry.outcome, Fraction(0))
    pairs = len(tied) * (len(tied) - 1) // 2
    if len(tied) < 2 or len(met) < pairs:
        return {p: Fraction(0) for p in tied}
    return scored


def tied_order(player: Player, language: str) -> tuple[int, int, Collated, tuple[str, ...]]:
    """Players tied on every criterion: the stronger first (rank, then rating), then by name
    in the tournament's language (:mod:`gosheet.i18n.collation`; the collator is built only
    when two players tie on all of it), then what else tells them apart (never the rows)."""
    rank, rating, *_ = strength_key(player)
    return rank, rating, Collated(player.name, language), player.identity


def standings(tournament: Tournament, rounds: int | None = None) -> Standings:
    """The standings after ``rounds`` rounds (default: all paired rounds)."""
    table = records(tournament, rounds)
    names = tournament.settings.tiebreaks
    swiss = not system_of(tournament.settings).scores_wins
    players = {p.number: p for p in tournament.players}
    group = {n: 1 if swiss else r.group for n, r in table.items()}
    keys: dict[int, list[Fraction]] = {n: [r.score if swiss else r.wins] for n, r in table.items()}
    for name in names:
        if name == DIRECT_ENCOUNTER:
            tied: dict[tuple[object, ...], list[int]] = defaultdict(list)
            for n in table:
                key = (group[n], *keys[n])
                tied[key].append(n)
            for members in tied.values():
                for n, value in direct_encounter(members, table).items():
                    keys[n].append(value)
        else:
            for n, record in table.items():
                keys[n].append(REGISTRY[name](record, table))
    language = tournament.settings.language
    whole = _whole(keys)
    order = sorted(
        table,
        key=lambda n: (group[n], tuple(-v for v in whole[n]), tied_order(players[n], language)),
    )
    rows: list[StandingsRow] = []
    above = 0  # the players above in the group
    for index, n in enumerate(order):
        previous = rows[-1] if rows else None
        if previous is None or previous.group != group[n]:
            place, above = 1, 0
        elif whole[previous.player.number] == whole[n]:
            place = previous.place
        else:
            place = above + 1
        above += 1
        rows.append(
            StandingsRow(index + 1, group[n], place, players[n], table[n], tuple(keys[n][1:]))
        )
    return Standings(names, tuple(rows))


def _whole(keys: dict[int, list[Fraction]]) -> dict[int, tuple[int, ...]]:
    """Each player's values as whole numbers of one unit (the least common multiple of their
    denominators): the same order and the same ties as the fractions, compared faster.

    >>> _whole({1: [Fraction(3, 2), Fraction(1, 3)], 2: [Fraction(2), Fraction(0)]})
    {1: (9, 2), 2: (12, 0)}
    """
    unit = lcm(*{v.denominator for values in keys.values() for v in values})
    return {
        n: tuple(v.numerator * (unit // v.denominator) for v in values)
        for n, values in keys.items()
    }
