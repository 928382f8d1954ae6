"""Cells that look empty but are not what the organiser sees, as the file readers give them:
a cell covered by a merge over several rows (:class:`Covered`: the merge shows its first
cell's value across the others, and a value typed before the merge hides under it) and a
formula with no saved value (:class:`Unsaved`: written by a program that does not compute,
and not opened and saved in Excel or LibreOffice since).

Each is an empty text of its own type: every reader that does not look for it reads an empty
cell, as before; the readers of the cells where it matters (a round's ``Result``) refuse it,
naming the cell and the way out.

>>> covered, unsaved = Covered("H3:H4"), Unsaved("IF(A1>0,1,0)")
>>> (covered == "", covered.merge, unsaved.strip() == "", unsaved.formula)
(True, 'H3:H4', True, 'IF(A1>0,1,0)')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gosheet.workbook.sheets import column_number


class Covered(str):
    """A cell under a merge over several rows (not its first): ``merge``, the merged range."""

    __slots__ = ("merge",)
    merge: str

    def __new__(cls, merge: str) -> Covered:
        cell = super().__new__(cls, "")
        cell.merge = merge
        return cell

    def __repr__(self) -> str:
        return f"Covered({self.merge!r})"


class Unsaved(str):
    """A formula cell with no saved value: ``formula``, its text (without ``=``)."""

    __slots__ = ("formula",)
    formula: str

    def __new__(cls, formula: str) -> Unsaved:
        cell = super().__new__(cls, "")
        cell.formula = formula
        return cell

    def __repr__(self) -> str:
        return f"Unsaved({self.formula!r})"


def area(ref: str) -> tuple[int, int, int, int] | None:
    """The 0-based (first row, first column, last row, last column) of a range ``A1:B2``."""
    corners = []
    for corner in ref.split(":"):
        letters = corner.rstrip("0123456789")
        digits = corner[len(letters) :]
        if not letters.isalpha() or not letters.isascii() or not digits.isdigit():
            return None
        corners.append((int(digits) - 1, column_number(letters) - 1))
    if len(corners) != 2:
        return None
    (r1, c1), (r2, c2) = corners
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def cover(grid: list[list[Any]], merges: Iterable[str]) -> None:
    """Mark in ``grid`` (changed in place) the cells covered by each merge of ``merges`` that
    spans several rows, within the grid's extent (beyond it, a cell holds nothing anyway)."""
    for ref in merges:
        found = area(ref)
        if found is None or found[0] == found[2]:
            continue
        first_row, first_column, last_row, last_column = found
        marker = Covered(ref.upper())
        for r in range(first_row, min(last_row, len(grid) - 1) + 1):
            row = grid[r]
            for c in range(first_column, min(last_column, len(row) - 1) + 1):
                if (r, c) != (first_row, first_column):
                    row[c] = marker


def unseen(
    grid: list[list[Any]], unsaved: dict[tuple[int, int], Unsaved], merges: list[str]
) -> None:
    """Put in ``grid`` (in place, within its extent, where it holds nothing) the formulas with
    no saved value, and mark the cells under a merge."""
    for (row, column), formula in unsaved.items():
        if row < len(grid) and column < len(grid[row]) and grid[row][column] is None:
            grid[row][column] = formula
    if merges:
        cover(grid, merges)
