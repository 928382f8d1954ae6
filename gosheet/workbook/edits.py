"""What a command changed in an open workbook file, until it is saved — the same for an
``.xlsx`` (:class:`~gosheet.workbook.xlsx.book.XlsxBook`) and an ``.ods``
(:class:`~gosheet.workbook.ods.book.OdsBook`): the sheets in their new order, those gosheet
writes whole (:class:`~gosheet.workbook.sheets.SheetData`), the cells it sets in the
organiser's sheets; and every sheet's values with those changes made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gosheet.records import replace
from gosheet.workbook.port import CellValue, Grid, Grids
from gosheet.workbook.sheets import SheetData, writable
from gosheet.workbook.xlsx.parts.cells import position


class Edits:
    """The sheets in order (``order``), those written whole (``rendered``), and the cells
    set in the others (``patches``: sheet → reference → value)."""

    def __init__(self, order: list[str]) -> None:
        self.order = list(order)
        self.rendered: dict[str, SheetData] = {}
        self.patches: dict[str, dict[str, Any]] = {}

    def grids(self, grid_of: Callable[[str], Grid]) -> Grids:
        """Every sheet's values with the changes made (``grid_of``: a sheet's values as
        read, by its name)."""
        out = {}
        for name in self.order:
            if name in self.rendered:
                data = self.rendered[name]
                out[name] = [list(data.headers), *(list(r) for r in data.rows)]
                continue
            grid = [list(row) for row in grid_of(name)]
            for cell, value in self.patches.get(name, {}).items():
                put(grid, *position(cell), value)
            out[name] = grid
        return out

    def render(self, data: SheetData, index: int | None = None) -> None:
        """``data`` as a whole sheet, replacing one of the same name (names that differ by
        case only are one sheet, as in Excel and LibreOffice)."""
        same = [n for n in self.order if n.casefold() == data.name.casefold()]
        if same:
            index = self.order.index(same[0]) if index is None else index
            self.order.remove(same[0])
            self.rendered.pop(same[0], None)
            self.patches.pop(same[0], None)
        self.order.insert(len(self.order) if index is None else index, data.name)
        self.rendered[data.name] = replace(data, rows=[list(r) for r in data.rows])

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        """One cell set: in a sheet written whole, in its data; else a patch."""
        if sheet not in self.order:
            raise KeyError(f"Worksheet {sheet} does not exist.")
        data = self.rendered.get(sheet)
        if data is None:
            self.patches.setdefault(sheet, {})[cell.upper()] = value
            return
        row, column = position(cell)
        if row == 1:
            columns = list(data.columns)
            while len(columns) < column:
                columns.append(type(columns[0])(""))
            columns[column - 1] = replace(columns[column - 1], header=str(value))
            data.columns = tuple(columns)
        else:
            put(data.rows, row - 1, column, value)


def put(grid: Grid, row: int, column: int, value: CellValue) -> None:
    """Set a cell of a grid of values (1-based row and column), growing it as needed."""
    while len(grid) < row:
        grid.append([])
    line = grid[row - 1]
    while len(line) < column:
        line.append(None)
    line[column - 1] = writable.cell_text(value)
