"""Reading the ``Keep apart`` sheet: two players who must not meet while it can be avoided
(siblings, a couple, a parent and child, players of one club in the first rounds), each pair
until a round, or for the whole tournament (``Until round`` left empty)."""

from __future__ import annotations

from typing import Any

from gosheet.core.model import KeepApart
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current
from gosheet.workbook.headers import normalise_header
from gosheet.workbook.names import NameIndex
from gosheet.workbook.reading import Grid, ProblemList, blank, cell_text, int_cell

KEEP_APART = "Keep apart"
KEEP_APART_HEADERS = ("Player 1", "Player 2", "Until round")


def read_keep_apart(
    grid: Grid | None, index: NameIndex, problems: ProblemList
) -> tuple[KeepApart, ...]:
    """Every pair of the sheet (none when there is no such sheet); each problem by its cell."""
    if not grid:
        return ()
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
    if len(columns) < 2:
        return ()

    def get(row: list[Any], label: str) -> Any:
        at = columns.get(label)
        return row[at] if at is not None and at < len(row) else None

    def player(row: list[Any], r: int, label: str) -> int | None:
        typed = cell_text(get(row, label))
        if not typed:
            problems.add(KEEP_APART, r, columns[label], None, _("no player"))
            return None
        found = index.resolve(typed)
        if isinstance(found, str):
            problems.add(KEEP_APART, r, columns[label], typed, found)
            return None
        return found

    pairs: list[KeepApart] = []
    for r in range(1, len(grid)):
        row = list(grid[r])
        if all(blank(get(row, label)) for label in KEEP_APART_HEADERS):
            continue
        first, second = player(row, r, "Player 1"), player(row, r, "Player 2")
        until = None
        raw = get(row, "Until round")
        if not blank(raw):
            try:
                until = int_cell(raw, 1)
            except ValueError:
                message = _("not a round number (empty: the whole tournament)")
                problems.add(KEEP_APART, r, columns["Until round"], raw, message)
        if first is not None and second is not None:
            if first == second:
                typed = get(row, "Player 2")
                problems.add(KEEP_APART, r, columns["Player 2"], typed, _("the same player twice"))
            else:
                pairs.append(KeepApart(first, second, until))
    return tuple(pairs)
