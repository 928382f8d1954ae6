"""The Standings of gosheet's own systems: the seed McMahon (per group, by wins and the
tiebreaks), Swiss (by points and the tiebreaks) and FUS (by final level).

The seed McMahon's sheet has a title row before each group when there are two or more
("Group 1" in the Name column, every other cell empty), so that the places restarting at 1
are visibly the places of another group. gosheet never reads Standings back; the print
pack and the site take the title rows out (:func:`without_group_titles`) and make one
table a group."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

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
    sheet = standings_table(tournament, table.rows, spec)
    return with_group_titles(sheet, [row.group for row in table.rows])


GROUP_TITLE = "Group {}"


def with_group_titles(sheet: SheetData, groups: Sequence[int]) -> SheetData:
    """The sheet with a title row ("Group 1", in the Name column) before each group's
    first row — the rows are in group order — when there are two groups or more."""
    if len(set(groups)) < 2:
        return sheet
    at = sheet.headers.index("Name")
    rows: list[list[Any]] = []
    previous: int | None = None
    for group, row in zip(groups, sheet.rows, strict=True):
        if group != previous:
            title: list[Any] = [None] * len(sheet.columns)
            title[at] = GROUP_TITLE.format(group)
            rows.append(title)
            previous = group
        rows.append(row)
    return replace(sheet, rows=rows)


def is_group_title(headers: Sequence[str], row: Sequence[Any]) -> bool:
    """A title row of :func:`with_group_titles`: no line number, ``Group N`` as the name."""
    if "No." not in headers or "Name" not in headers:
        return False
    name = row[headers.index("Name")]
    return (
        row[headers.index("No.")] is None
        and isinstance(name, str)
        and name.startswith(GROUP_TITLE.format(""))
    )


def without_group_titles(sheet: SheetData) -> SheetData:
    """The sheet's players' rows only (the group titles taken out)."""
    headers = sheet.headers
    return replace(sheet, rows=[r for r in sheet.rows if not is_group_title(headers, r)])


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
