"""The Standings sheet of a tournament under OpenGotha's rules: every player, ordered by
the placement criteria of the settings (OpenGotha's names and values), with each round's
game in OpenGotha's notation."""

from __future__ import annotations

from dataclasses import dataclass

from gosheet.core.model import Player, Tournament
from gosheet.core.opengotha.placement import Placement, Standing
from gosheet.core.scorecard import RoundEntry, round_entries
from gosheet.workbook.sheets import Column, SheetData
from gosheet.workbook.standings.common import (
    Spec,
    crosstable_columns,
    number,
    player_columns,
    standings_table,
)


@dataclass(frozen=True)
class OGLine:
    """A line of the table: the player, his place, his rounds and criteria values."""

    player: Player
    line: int
    standing: Standing
    entries: tuple[RoundEntry, ...]


def opengotha_standings_sheet(tournament: Tournament) -> SheetData:
    """Standings by OpenGotha's placement criteria after the last complete round."""
    done = 0
    for rnd in tournament.rounds:
        if not rnd.complete:
            break
        done += 1
    criteria = tournament.settings.opengotha.placement
    rows = Placement(tournament).standings(done - 1, criteria)
    table = round_entries(tournament.rounds, (s.number for s in rows))
    lines = [
        OGLine(tournament.player(s.number), k, s, table[s.number])
        for k, s in enumerate(rows, start=1)
    ]
    line_of = {line.player.number: line.line for line in lines}
    entries = {line.player.number: line.entries for line in lines}
    spec: Spec[OGLine] = [
        (Column("No.", 5), lambda r: r.line),
        (Column("Place", 7), lambda r: None if r.standing.ex_aequo else r.standing.place),
        *player_columns("Name", "First name", "Rank", "Rating", "Club", "Country"),
        *crosstable_columns(tournament, entries, line_of),
        *(
            (Column(name, max(8, len(name) + 2)), lambda r, k=k: number(r.standing.values[k]))
            for k, name in enumerate(criteria)
        ),
    ]
    return standings_table(tournament, lines, spec)
