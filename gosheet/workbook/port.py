"""The workbook port: what every front end gives the actions, and the one grid type.

A port is an open workbook seen through three methods (:class:`BookPort`): every sheet's cell
values (:data:`Grids`), a whole sheet written from :class:`~gosheet.workbook.sheets.SheetData`,
one cell written. The ``.xlsx`` file (:class:`gosheet.workbook.xlsx.book.XlsxBook`), Excel through
xlwings, LibreOffice through the JSON bridge (:class:`gosheet.app.bridge.RecordingBook`) and
the workbook in its language (:class:`gosheet.workbook.sheets.language.InLanguage`) are ports.

A port that can also rename a sheet (the workbook's ``Language`` changed: gosheet's sheets
take their names in the new one) is a :class:`SheetRenamer` too; ``isinstance`` tells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, runtime_checkable

if TYPE_CHECKING:  # (sheets.py takes its grid type from here)
    from gosheet.workbook.sheets import SheetData

#: A cell's value as a port gives it: a text, a number, a boolean, a date, or None (empty).
CellValue: TypeAlias = Any
#: One sheet's values, row by row from A1 (rows may be of different lengths).
Grid: TypeAlias = list[list[CellValue]]
#: Every sheet's values by the sheet's name, in the workbook's order.
Grids: TypeAlias = dict[str, Grid]
#: Rows of values only read (a grid, a tuple of tuples …): what a writer lays out.
Rows: TypeAlias = Sequence[Sequence[CellValue]]


class BookPort(Protocol):
    """The three things an action needs from an open workbook."""

    def grids(self) -> Grids:
        """Every sheet's cell values."""
        ...

    def render(self, data: SheetData, index: int | None = None) -> object:
        """Write ``data`` as a whole sheet, replacing one of its name (at its place, unless
        ``index`` says where)."""
        ...

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        """Write one cell (``cell``: its name, ``C5``)."""
        ...


@runtime_checkable
class SheetRenamer(Protocol):
    """A port that can rename a sheet (keeping what is in it)."""

    def rename_sheet(self, old: str, new: str) -> None: ...


__all__ = ["BookPort", "CellValue", "Grid", "Grids", "Rows", "SheetRenamer"]
