"""Standings of the seed McMahon: made per group, by wins, then the tiebreaks
of the settings (seed default SOS, SODOS). The McMahon score itself does not
rank (seed: "Количество очков Мак-Магона никак не учитывается при подведении
итогов!").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gosheet.core.groups import strength_key
from gosheet.core.model import Player, Tournament
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.scoring import records
from gosheet.core.tiebreaks import REGISTRY


@dataclass(frozen=True)
class StandingsRow:
    """One line: ``number`` runs 1..N over the whole table (the crosstable
    refers to it); ``place`` is the place inside the group, shared on a tie."""

    number: int
    group: int
    place: int
    player: Player
    record: PlayerRecord
    tiebreaks: tuple[Fraction, ...]


@dataclass(frozen=True)
class Standings:
    tiebreak_names: tuple[str, ...]
    rows: tuple[StandingsRow, ...]

    def number_of(self, player: int) -> int:
        for row in self.rows:
            if row.player.number == player:
                return row.number
        raise KeyError(player)


def standings(tournament: Tournament, rounds: int | None = None) -> Standings:
    """The standings after ``rounds`` rounds (default: all paired rounds)."""
    table = records(tournament, rounds)
    names = tournament.settings.tiebreaks
    players = {p.number: p for p in tournament.players}
    lines: list[tuple[int, tuple[Fraction, ...], Player, PlayerRecord]] = []
    for number, record in table.items():
        values = tuple(REGISTRY[name](record, table) for name in names)
        lines.append((record.group, (record.wins, *values), players[number], record))
    lines.sort(key=lambda x: (x[0], tuple(-v for v in x[1]), strength_key(x[2])))
    rows: list[StandingsRow] = []
    for index, (group, key, player, record) in enumerate(lines):
        previous = rows[-1] if rows else None
        if previous is not None and previous.group == group and lines[index - 1][1] == key:
            place = previous.place
        elif previous is not None and previous.group == group:
            place = sum(1 for r in rows if r.group == group) + 1
        else:
            place = 1
        rows.append(StandingsRow(index + 1, group, place, player, record, key[1:]))
    return Standings(names, tuple(rows))
