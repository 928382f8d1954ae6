"""The Standings of gosheet's own systems: the seed McMahon (per group, by wins and the
tiebreaks), Swiss (by points and the tiebreaks) and FUS (by final level)."""

from __future__ import annotations

from gosheet.core.games import game_of
from gosheet.core.model import Tournament
from gosheet.core.standings import StandingsRow, standings
from gosheet.core.systems.fus_levels import FusRow, fus_standings
from gosheet.workbook.sheets import Column, SheetData
from gosheet.workbook.standings.common import (
    Spec,
    crosstable_columns,
    number,
    player_columns,
    standings_table,
)


def mcmahon_standings_sheet(tournament: Tournament) -> SheetData:
    """Per McMahon group, by wins then the tiebreaks."""
    table = standings(tournament)
    line_of = {row.player.number: row.number for row in table.rows}
    entries = {row.player.number: row.record.entries for row in table.rows}
    spec: Spec[StandingsRow] = [
        (Column("No.", 5), lambda r: r.number),
        (Column("Group", 7), lambda r: r.group),
        (Column("Place", 7), lambda r: r.place),
        *player_columns("Name", "First name"),
        (Column("Rank", 6), lambda r: r.player.rank_text),
        *player_columns("Club"),
        (Column("Start MMS", 10), lambda r: number(r.record.start_score)),
        *crosstable_columns(tournament, entries, line_of),
        (Column("Wins", 7), lambda r: number(r.record.wins)),
        (Column("MMS", 7), lambda r: number(r.record.score)),
        *(
            (Column(name, 8), lambda r, k=k: number(r.tiebreaks[k]))
            for k, name in enumerate(table.tiebreak_names)
        ),
    ]
    return standings_table(tournament, table.rows, spec)


def swiss_standings_sheet(tournament: Tournament) -> SheetData:
    """The whole field by points, then the tiebreaks of the settings."""
    table = standings(tournament)
    line_of = {row.player.number: row.number for row in table.rows}
    entries = {row.player.number: row.record.entries for row in table.rows}
    rank = ("Rank",) if game_of(tournament.settings.game).go else ()
    spec: Spec[StandingsRow] = [
        (Column("No.", 5), lambda r: r.number),
        (Column("Place", 7), lambda r: r.place),
        *player_columns("Name", "First name", *rank, "Rating", "Club"),
        *crosstable_columns(tournament, entries, line_of),
        (Column("Points", 7), lambda r: number(r.record.score)),
        *(
            (Column(name, max(8, len(name) + 1)), lambda r, k=k: number(r.tiebreaks[k]))
            for k, name in enumerate(table.tiebreak_names)
        ),
    ]
    return standings_table(tournament, table.rows, spec)


def fus_standings_sheet(tournament: Tournament) -> SheetData:
    """By final level, FUS coefficient, wins; each round's game and step."""
    table = fus_standings(tournament)
    line_of = {row.player.number: row.number for row in table}
    entries = {row.player.number: row.record.entries for row in table}
    spec: Spec[FusRow] = [
        (Column("No.", 5), lambda r: r.number),
        (Column("Place", 7), lambda r: r.place),
        *player_columns("Name", "First name"),
        (Column("Rank", 6), lambda r: r.player.rank_text),
        *player_columns("Rating", "Club"),
        (Column("Start level", 8), lambda r: r.record.start_level),
        *crosstable_columns(tournament, entries, line_of),
        *(
            (Column(f"Step {rnd.number}", 7, centre=True), lambda r, k=k: r.record.steps[k])
            for k, rnd in enumerate(tournament.rounds)
        ),
        (Column("Level", 7), lambda r: r.record.level),
        (Column("Wins", 6), lambda r: r.record.wins),
        (Column("Losses", 7), lambda r: r.record.losses),
        (Column("FUS coefficient", 12), lambda r: r.coefficient),
    ]
    return standings_table(tournament, table, spec)
