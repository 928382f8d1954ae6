"""The Standings sheet drawn from a standings model: the columns' headers and widths, the
values as spreadsheet numbers, players of one name told apart, the words in the workbook's
language (:mod:`gosheet.i18n.words`: the headers, ``bye``, the title)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gosheet.core.model import Tournament
from gosheet.core.standings_table import BYE, Kind, StandingsModel
from gosheet.i18n import words
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import STANDINGS, Column, SheetData
from gosheet.workbook.sheets.layout import fitted
from gosheet.workbook.sheets.names import tags

#: Each column's least width (a column of no entry: its header's length and 2, at least 8).
WIDTHS: dict[str, float] = {
    "No.": 5,
    "Group": 7,
    "Place": 7,
    "Name": 20,
    "First name": 14,
    "Rank": 6,
    "Rating": 7,
    "Club": 12,
    "Country": 8,
    "Start MMS": 7,
    "Start level": 7,
    "Wins": 7,
    "MMS": 7,
    "Points": 7,
    "Level": 7,
    "Losses": 7,
    "FUS coefficient": 12,
}
KIND_WIDTHS: dict[Kind, float] = {Kind.ROUND: 7, Kind.STEP: 7}  # "20+/w": the widest
CENTRED = (Kind.GROUP, Kind.PLACE, Kind.ROUND, Kind.STEP)  # a place apart from the name
CENTRED_KEYS = ("Rating",)  # a number apart from the club after it ("2280 Berlin")
NUMBERS = (Kind.START, Kind.SCORE)  # the columns whose values may be fractions


def number(value: Fraction) -> int | float:
    """A score as a spreadsheet number: 3 or 3.5 (exact for halves and quarters)."""
    return int(value) if value.denominator == 1 else float(value)


def sheet_values(model: StandingsModel, tournament: Tournament) -> Grid:
    """The model's rows as the sheet's cells, in English: scores as numbers, and players of
    the same name told apart as in the round sheets — the first name (or the name) followed
    by the club or the EGD PIN, ``Min (Seoul)``."""
    lines = [list(row.values) for row in model.rows]
    keys = model.keys
    for at, column in enumerate(model.columns):
        if column.kind not in NUMBERS:
            continue
        for line in lines:
            value = line[at]
            if type(value) is Fraction:
                line[at] = number(value)
    extra = tags(tournament.players)
    named = next((keys.index(h) for h in ("First name", "Name") if h in keys), None)
    if named is not None and extra:
        for row, line in zip(model.rows, lines, strict=True):
            tag = extra.get(row.player.number)
            if tag:
                line[named] = f"{line[named] or ''}{tag}".strip()
    return lines


def finished(tournament: Tournament, language: str = "en") -> str:
    """The sheet's title: the tournament and the last complete round, in ``language``."""
    done = sum(1 for r in tournament.rounds if r.complete)
    title = words.spellings("{name} — standings after round {n}", words.TITLES)[language]
    return title.format(name=tournament.settings.name, n=done)


#: The columns that wrap in a sheet too wide for a page (:func:`fitted`): their least width,
#: and when they give it up (the club first, then the names).
NARROWED: dict[str, tuple[float, int]] = {"Club": (12, 1), "Name": (12, 2), "First name": (10, 2)}


def columns_of(model: StandingsModel, language: str, units: bool = False) -> tuple[Column, ...]:
    """The sheet's columns: each key's header in ``language``, its width, rounds centred.
    ``units`` (pair go, rengo): the members stand where a first name does, under
    ``Players``."""
    return tuple(
        Column(
            header(c.key, language, units),
            WIDTHS.get(c.key) or KIND_WIDTHS.get(c.kind) or max(8, len(c.key) + 2),
            centre=c.kind in CENTRED or c.key in CENTRED_KEYS,
            least=NARROWED.get(c.key, (0.0, 1))[0],
            stage=NARROWED.get(c.key, (0.0, 1))[1],
        )
        for c in model.columns
    )


def header(key: str, language: str, units: bool = False) -> str:
    """A column's header in ``language`` (``First name`` is ``Players`` over units)."""
    if units and key == "First name":
        return words.local("Players", language, words.SHEETS)
    return words.local(key, language, words.STANDINGS)


def localised_byes(model: StandingsModel, lines: Sequence[list[Any]], language: str) -> None:
    """The rounds' ``bye`` in ``language`` (``своб.``, ``exempt``)."""
    if language == "en":
        return
    word = words.local(BYE, language, words.CELLS)
    rounds = [k for k, column in enumerate(model.columns) if column.kind is Kind.ROUND]
    for line in lines:
        for k in rounds:
            if line[k] == BYE:
                line[k] = word


def sheet_of(model: StandingsModel, tournament: Tournament, language: str = "en") -> SheetData:
    """The ``Standings`` sheet of ``model``: a header row and one row a player, in
    ``language`` (its name stays the English ``Standings``: the port names its sheets)."""
    lines = sheet_values(model, tournament)
    localised_byes(model, lines, language)
    return fitted(
        SheetData(
            STANDINGS,
            columns_of(model, language, tournament.settings.tournament_type.plays_as_units),
            lines,
            title=finished(tournament, language),
            landscape=True,
            # too wide for a page (many rounds): the places and names on every page
            title_columns=next((k + 1 for k, c in enumerate(model.columns) if c.key == "Name"), 0),
        )
    )
