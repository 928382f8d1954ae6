"""Reading a ``Round N`` sheet: its games, byes and results, the names found back among the
players, the values that stand beside or below its tables (slips to look at), and the sheets
that look like rounds under another name (``Round1``, ``Rnd 3``, ``Round 1 (2)`` …)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

from gosheet.core.errors import Problem
from gosheet.core.fields import parse_komi
from gosheet.core.model import Game, Result, Round
from gosheet.core.results import ResultError, parse_result
from gosheet.i18n import words
from gosheet.i18n.catalog import N_, _, current
from gosheet.workbook.headers import normalise_header
from gosheet.workbook.names import NameIndex
from gosheet.workbook.reading import BookState, Grid, ProblemList, blank, cell_text, int_cell
from gosheet.workbook.sheets import (
    BYE_LABEL,
    FIRST_PLAYER,
    SECOND_PLAYER,
    cell_name,
    column_letter,
    round_number_of,
    round_sheet_name,
    rounds_in_force_of,
)

ROUND_COLUMNS = {
    "table": ("Table",),
    "white": ("White", FIRST_PLAYER),
    "black": ("Black", SECOND_PLAYER),
    "handicap": ("Handicap",),
    "komi": ("Komi",),
    "result": ("Result",),
}
NO_PLAYER = {"white": N_("no White player"), "black": N_("no Black player")}

ROUND_WORDS = "round|rnd|rd|r|ronde|runde|ronda|rodada|tour|turno|tura|kolo|kierros|тур|раунд"
ROUND_LIKE = re.compile(
    rf"^\s*(?:{ROUND_WORDS})\s*\.?\s*[-_#№]?\s*(\d+)\s*(?:\(\s*\d+\s*\))?\s*$", re.IGNORECASE
)
"""A sheet name that says "round 3" in another way: ``Round1``, ``Rnd 3``, ``Ronde 2``,
``Тур 2``, ``R3``, ``Round 1 (2)`` (a copy Excel made)."""


# ------------------------------------------------------------------ cells, read fast
# A big tournament's cells repeat: a player's name in every round, a few ranks, clubs,
# results and komi. The functions of ``reading``, ``results`` and ``fields`` are pure, so
# their answer for a short text (or number) seen before is kept; an error is never kept (its
# message is in the language of the moment), the function raises it again.

KEPT_LENGTH = 200  # longer texts are not kept (a few odd cells would hold much memory)
_str_text = lru_cache(maxsize=1 << 16)(cell_text)
_str_result = lru_cache(maxsize=1 << 10)(parse_result)
_komi_of_text = lru_cache(maxsize=1 << 10)(parse_komi)


def text_of(value: Any) -> str:
    """:func:`~gosheet.workbook.reading.cell_text`, kept for each text seen."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_text(value)
    return "" if value is None else cell_text(value)


def result_of(value: Any) -> Result | None:
    """:func:`~gosheet.core.results.parse_result`, kept for each text seen."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_result(value)
    return parse_result(value)


def komi_of(value: Any) -> float:
    """:func:`~gosheet.core.fields.parse_komi`, kept for each text seen (it reads a value's
    ``str()`` alone, so a number is looked up by its text: ``-0.0`` is not ``0.0``)."""
    text = str(value)
    return _komi_of_text(text) if len(text) <= KEPT_LENGTH else parse_komi(value)


def round_like(sheet: str) -> int | None:
    """The number of a sheet that looks like a round but is not named ``Round N``."""
    if round_number_of(sheet) is not None:
        return None
    match = ROUND_LIKE.match(sheet)
    return int(match.group(1)) if match else None


def look_alike_problem(sheet: str, number: int, names: Sequence[str]) -> Problem:
    """What to do with a sheet that looks like round ``number``: rename it, or (when the round
    is there already) delete the copy."""
    proper = words.local(round_sheet_name(number), current(), words.SHEETS)
    if any(round_number_of(name) == number for name in names):
        fix = _(
            "'{sheet}' is there already: if this sheet is a copy of it, delete it or give it "
            "a name without a round number; if this one holds the results, rename it "
            "'{sheet}' (and the other one otherwise)"
        ).format(sheet=proper)
    else:
        fix = _("rename it '{sheet}'").format(sheet=proper)
    return Problem(
        sheet,
        "",
        None,
        _(
            "looks like a round sheet, but gosheet reads only sheets named 'Round N' (it would "
            "pair this round again): {fix}"
        ).format(fix=fix),
    )


def stray(row: int, column: int, value: Any, result_column: int, beside: bool) -> str:
    """What a value outside the tables may be: ``beside``, in a column without a header; else
    in a row without a table and players."""
    text = cell_text(value)
    looks_like_result = False
    with suppress(ResultError):
        looks_like_result = parse_result(text) is not None
    if beside:
        if column == result_column + 1 or looks_like_result:
            into = cell_name(row, result_column)
            return _(
                "beside the table, not read: a result typed one column to the right? "
                "(it belongs in {cell})"
            ).format(cell=into)
        return _("beside the table, in a column without a header: not read")
    if column == result_column or looks_like_result:
        return _(
            "in a row without a table number nor players (below or between the tables): not "
            "read — a result typed in the wrong row?"
        )
    return _("in a row without a table number nor players (below or between the tables): not read")


def read_round(
    sheet: str,
    number: int,
    grid: Grid,
    index: NameIndex,
    problems: ProblemList,
    state: BookState,
    found: dict[str, int] | None = None,
) -> Round:
    """One round sheet's games and byes; its problems into ``problems``, where its results
    are and what to look at into ``state``. ``found``: the player of each name cell read so
    far (as typed), shared by the round sheets of one workbook, which add to it."""
    known: dict[str, int] = {} if found is None else found
    if not grid:
        problems.add(sheet, 0, 0, None, _("the header row is missing"))
        return Round(number)
    headers = [normalise_header(h) for h in grid[0]]
    col: dict[str, int] = {}
    for key, labels in ROUND_COLUMNS.items():
        for label in labels:
            if normalise_header(label) in headers:
                col[key] = headers.index(normalise_header(label))
                break
    for key in ("table", "white", "black", "result"):
        if key not in col:
            wanted = _("' or '").join(
                words.local(label, current(), words.ROUNDS) for label in ROUND_COLUMNS[key]
            )
            problems.add(
                sheet, 0, 0, None, _("no '{column}' column in the header row").format(column=wanted)
            )
    if any(k not in col for k in ("table", "white", "black", "result")):
        return Round(number)

    at_table, at_white, at_black = col["table"], col["white"], col["black"]
    at_result = col["result"]
    at_handicap, at_komi = col.get("handicap"), col.get("komi")
    width = len(headers)
    reach = max(col.values()) + 1  # a shorter row is read as if padded with empty cells
    without_header = [c for c, header in enumerate(headers) if not header]
    result_letter = column_letter(at_result)  # the result cell of row r: cell_name(r, at_result)
    bye_words = (BYE_LABEL.casefold(), "technical win")
    seen: dict[int, tuple[int, int]] = {}  # player → his cell so far (0-based row, column)
    games: list[Game] = []
    byes: list[int] = []
    tables: set[int] = set()

    def note(r: int, c: int, value: Any, beside: bool) -> None:
        message = stray(r, c, value, at_result, beside)
        state.notes.append(Problem(sheet, cell_name(r, c), value, message))

    def player_at(raw: Any, r: int, key: str) -> int | None:
        column = col[key]
        player = known.get(raw) if type(raw) is str else None
        if player is not None and player not in seen:  # a name read before, in another round
            seen[player] = (r, column)
            return player
        value = text_of(raw)
        if not value:
            problems.add(sheet, r, column, None, _(NO_PLAYER[key]))
            return None
        found = index.resolve(value)
        if isinstance(found, str):
            problems.add(sheet, r, column, value, found)
            return None
        if found in seen:
            problems.add(
                sheet,
                r,
                column,
                value,
                _("the same player twice in this round (also at {cell})").format(
                    cell=cell_name(*seen[found])
                ),
            )
            return None
        seen[found] = (r, column)
        if type(raw) is str:
            known[raw] = found
        return found

    for r in range(1, len(grid)):
        row = grid[r]
        size = len(row)
        for c in range(width, size):  # columns beyond the header row
            if not blank(row[c]):
                note(r, c, row[c], beside=True)
        for c in without_header:  # a column without a header
            if c < size and not blank(row[c]):
                note(r, c, row[c], beside=True)
        cells = row if size >= reach else [*row, *([None] * (reach - size))]
        table_cell, white_cell, black_cell = cells[at_table], cells[at_white], cells[at_black]
        if blank(table_cell) and blank(white_cell) and blank(black_cell):
            if all(blank(v) for v in row):
                continue
            for c, value in enumerate(row[:width]):
                if headers[c] and not blank(value):
                    note(r, c, value, beside=False)
            continue
        if isinstance(table_cell, str) and table_cell.strip().casefold() in bye_words:
            player = player_at(white_cell, r, "white")
            if player is not None:
                byes.append(player)
            continue
        raw = cells[at_result]
        if type(table_cell) is int and table_cell >= 1:  # (int_cell's answer, quicker)
            table = table_cell
        elif blank(table_cell) and blank(raw):
            table = 0  # an organiser's line without a table: pair gives it one
        else:
            try:
                table = int_cell(table_cell, 1)
            except ValueError:
                bye = words.local(BYE_LABEL, current(), words.CELLS)
                problems.add(
                    sheet,
                    r,
                    at_table,
                    table_cell,
                    _("not a table number (or '{bye}')").format(bye=bye),
                )
                continue
        if table and table in tables:
            problems.add(sheet, r, at_table, table_cell, _("the same table twice"))
        tables.add(table)
        white, black = player_at(white_cell, r, "white"), player_at(black_cell, r, "black")
        try:
            result = result_of(raw)
        except ResultError as error:
            problems.add(sheet, r, at_result, raw, str(error))
            result = None
        else:
            if result is not None and raw != result.value:
                state.result_fixes.append((sheet, f"{result_letter}{r + 1}", result.value))
        handicap, komi = 0, 0.0
        raw = cells[at_handicap] if at_handicap is not None else None
        if type(raw) is int and 0 <= raw <= 9:  # (int_cell's answer, quicker)
            handicap = raw
        elif not blank(raw):
            try:
                handicap = int_cell(raw, 0, 9)
            except ValueError:
                problems.add(sheet, r, col["handicap"], raw, _("not a handicap (0 to 9 stones)"))
        raw = cells[at_komi] if at_komi is not None else None
        if not blank(raw):
            try:
                komi = komi_of(raw)
            except ValueError:
                problems.add(sheet, r, col["komi"], raw, _("not a komi (a number such as 6.5)"))
        if white is not None and black is not None:
            games.append(Game(table, white, black, handicap, komi, result))
            if table:
                state.result_cells[(number, table)] = (sheet, f"{result_letter}{r + 1}")
    return Round(number, tuple(games), tuple(byes), rounds_in_force_of(list(grid[0])))


def player_cells(grid: Grid) -> list[tuple[int, int, str]]:
    """Every name of a round sheet's player columns (White and Black, or the first and the
    second player; a bye's name too): (0-based row, column, text)."""
    if not grid:
        return []
    headers = [normalise_header(h) for h in grid[0]]
    columns = [
        headers.index(normalise_header(label))
        for key in ("white", "black")
        for label in ROUND_COLUMNS[key]
        if normalise_header(label) in headers
    ]
    found = []
    for r in range(1, len(grid)):
        for c in columns:
            text = cell_text(grid[r][c]) if c < len(grid[r]) else ""
            if text:
                found.append((r, c, text))
    return found
