"""Reading the ``Keep apart`` sheet: two players who must not meet while it can be avoided
(siblings, a couple, a parent and child, players of one club in the first rounds), each pair
until a round, or for the whole tournament (``Until round`` left empty)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gosheet.core.model import KeepApart
from gosheet.i18n import words
from gosheet.i18n.catalog import N_, _, current
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets.columns import Refused, RowReader, Rule
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.names import NameIndex
from gosheet.workbook.sheets.reading import ProblemList, blank, cell_text, int_cell

KEEP_APART = "Keep apart"
KEEP_APART_HEADERS = ("Player 1", "Player 2", "Until round")


def _player(index: NameIndex) -> Callable[[Any], int]:
    """How a player's cell is read: the player its name finds."""

    def read(value: Any) -> int:
        typed = cell_text(value)
        if not typed:
            raise Refused(_("no player"), None)
        found = index.resolve(typed)
        if isinstance(found, str):
            raise Refused(found, typed)
        return found

    return read


def _round(value: Any) -> int:
    return int_cell(value, 1)


def keep_apart_rules(index: NameIndex) -> tuple[Rule, ...]:
    """The columns of the sheet, in the order of their problems (``index`` finds the
    players)."""
    player = _player(index)
    return (
        Rule("Player 1", player, missing=N_("no player")),
        Rule("Player 2", player, missing=N_("no player")),
        Rule("Until round", _round, N_("not a round number (empty: the whole tournament)")),
    )


def keep_apart_columns(grid: Rows, problems: ProblemList) -> dict[str, int] | None:
    """Each column's header → its column; None if a player's column is missing (told)."""
    headers = [normalise_header(h) for h in grid[0]]
    columns: dict[str, int] = {}
    for label in KEEP_APART_HEADERS:
        if normalise_header(label) in headers:
            columns[label] = headers.index(normalise_header(label))
        elif label != "Until round":
            column = words.local(label, current(), words.KEEP_APART)
            problems.add(
                KEEP_APART,
                0,
                0,
                None,
                _("no '{column}' column in the header row").format(column=column),
            )
    return columns if "Player 1" in columns and "Player 2" in columns else None


def read_keep_apart(
    grid: Rows | None, index: NameIndex, problems: ProblemList
) -> tuple[KeepApart, ...]:
    """Every pair of the sheet (none when there is no such sheet); each problem by its cell.
    The columns are read by their rules (:func:`keep_apart_rules`)."""
    if not grid:
        return ()
    columns = keep_apart_columns(grid, problems)
    if columns is None:
        return ()
    reader = RowReader(KEEP_APART, columns, problems)
    rules = keep_apart_rules(index)
    width = max(columns.values()) + 1
    pick = reader.picker(rules, width)  # a column the sheet lacks: an empty cell
    steps = reader.steps(rules)
    pairs: list[KeepApart] = []
    for r in range(1, len(grid)):
        cells = list(grid[r][:width])
        cells += [None] * (width + 1 - len(cells))
        picked = pick(cells)
        if all(blank(value) for value in picked):
            continue
        values = reader.read_row(steps, picked, r, {})
        assert values is not None  # (no rule here stops)
        first, second = values["Player 1"], values["Player 2"]
        if first is not None and second is not None:
            if first == second:
                typed = picked[1]
                problems.add(KEEP_APART, r, columns["Player 2"], typed, _("the same player twice"))
            else:
                pairs.append(KeepApart(first, second, values["Until round"]))
    return tuple(pairs)
