"""A stand-in for the book xlwings Lite hands a script, limited to what Lite has.

xlwings Lite gives each ``@script`` function the open workbook as ``book: xw.Book``:
xlwings' remote Book inside Pyodide, filled with every sheet's values when the script
starts, whose writes Excel carries out when the script returns. Excel is not here, so the
tests of ``gosheet excel-template --lite`` hand the scripts this stand-in instead, which
models an Excel workbook (:class:`Excel`: cells, text formats, fills, notes, frozen rows)
and exposes only the calls of xlwings' API that Lite documents for a script —
values read and written, sheets added, deleted, renamed and activated, number formats,
bold, fill colours, wrap and alignment, column widths in points, frozen panes, notes —
with Lite's limits: colours and formats can be set, not read back
synchronously; ``used_range`` is a snapshot of the values (``A1`` on an empty sheet);
widths are points; the engine is ``remote``. Every other attribute is refused
(``AttributeError``: the classes have ``__slots__``): ``api`` (Office.js itself),
``app.alert`` (xlwings Lite has no message box: what a script prints shows in its output
pane), ``screen_updating`` read back, page setup, data validation, ``fullname`` as a path
are not there: a script that needs an API Lite does not have fails its test.

It runs on CPython and inside Pyodide (no import but the standard library), so that the
scripts are tried where Lite runs them.
"""

from __future__ import annotations

import re
from typing import Any

COERCIBLE = re.compile(r"^\s*([+-]?\d+([.,]\d+)?|\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?)\s*$")
INVALID_NAME = re.compile(r"[\[\]:*?/\\]")
CELL = re.compile(r"^\$?([A-Z]{1,3})\$?([1-9][0-9]*)$")


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def parse_cell(address: str) -> tuple[int, int]:
    """``$H$5`` → (5, 8), 1-based."""
    match = CELL.match(address.strip().upper())
    if not match:
        raise ValueError(f"not a cell address: {address!r}")
    return int(match.group(2)), column_number(match.group(1))


# ------------------------------------------------------------- the model (Excel)


class SheetModel:
    """One worksheet as Excel holds it."""

    def __init__(self, name: str, rows: list[list[Any]] | None = None) -> None:
        self.name = name
        self.cells: dict[tuple[int, int], Any] = {}
        for r, row in enumerate(rows or [], start=1):
            for c, value in enumerate(row, start=1):
                if value not in (None, ""):
                    self.cells[(r, c)] = value
        self.formats: dict[tuple[int, int], str] = {}
        self.fills: dict[tuple[int, int], str | None] = {}
        self.notes: dict[tuple[int, int], str] = {}
        self.bold: set[tuple[int, int]] = set()
        self.widths: dict[int, float] = {}
        self.frozen: str | None = None
        self.hidden = False

    def last(self) -> tuple[int, int]:
        if not self.cells:
            return 1, 1
        return max(r for r, _ in self.cells), max(c for _, c in self.cells)

    def rows(self) -> list[list[Any]]:
        """The values from A1 to the last used cell, ``None`` where empty."""
        last_row, last_column = self.last()
        return [
            [self.cells.get((r, c)) for c in range(1, last_column + 1)]
            for r in range(1, last_row + 1)
        ]


class Excel:
    """The workbook Excel has open, and what the scripts made it show."""

    def __init__(self, name: str = "cup.xlsx") -> None:
        self.name = name
        self.sheets: list[SheetModel] = []
        self.active = 0
        self.coerced: list[str] = []  # text Excel would have turned into a number or date

    def sheet(self, name: str) -> SheetModel:
        for sheet in self.sheets:
            if sheet.name.casefold() == name.casefold():
                return sheet
        raise KeyError(name)

    def book(self) -> Book:
        """What Lite hands the next script."""
        return Book(self)


# ------------------------------------------------------------- Lite's API


class Engine:
    __slots__ = ()

    @property
    def name(self) -> str:
        return "remote"


class App:
    __slots__ = ("_excel",)

    def __init__(self, excel: Excel) -> None:
        self._excel = excel

    @property
    def engine(self) -> Engine:
        return Engine()


class Book:
    __slots__ = ("_excel",)

    def __init__(self, excel: Excel) -> None:
        self._excel = excel

    @property
    def app(self) -> App:
        return App(self._excel)

    @property
    def name(self) -> str:
        return self._excel.name

    @property
    def sheets(self) -> Sheets:
        return Sheets(self._excel)


class Sheets:
    __slots__ = ("_excel",)

    def __init__(self, excel: Excel) -> None:
        self._excel = excel

    def __len__(self) -> int:
        return len(self._excel.sheets)

    def __iter__(self) -> Any:
        return iter([Sheet(self._excel, s) for s in self._excel.sheets])

    def __getitem__(self, key: str | int) -> Sheet:
        if isinstance(key, int):
            return Sheet(self._excel, self._excel.sheets[key])
        return Sheet(self._excel, self._excel.sheet(key))

    @property
    def active(self) -> Sheet:
        return Sheet(self._excel, self._excel.sheets[self._excel.active])

    def add(
        self, name: str | None = None, before: Sheet | None = None, after: Sheet | None = None
    ) -> Sheet:
        sheets = self._excel.sheets
        name = name or f"Sheet{len(sheets) + 1}"
        _check_name(self._excel, name, None)
        if before is not None:
            index = sheets.index(before._model)
        elif after is not None:
            index = sheets.index(after._model) + 1
        else:
            index = self._excel.active + 1  # Excel adds after the active sheet
        model = SheetModel(name)
        sheets.insert(index, model)
        self._excel.active = index
        return Sheet(self._excel, model)


def _check_name(excel: Excel, name: str, own: SheetModel | None) -> None:
    if not name or len(name) > 31 or INVALID_NAME.search(name) or name.startswith("'"):
        raise ValueError(f"Excel refuses the sheet name {name!r}")
    if any(s.name.casefold() == name.casefold() and s is not own for s in excel.sheets):
        raise ValueError(f"A sheet named {name!r} already exists")


class FreezePanes:
    __slots__ = ("_model",)

    def __init__(self, model: SheetModel) -> None:
        self._model = model

    def freeze_at(self, frozen_range: str) -> None:
        self._model.frozen = frozen_range


class Sheet:
    __slots__ = ("_excel", "_model")

    def __init__(self, excel: Excel, model: SheetModel) -> None:
        self._excel = excel
        self._model = model

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and other._model is self._model

    def __hash__(self) -> int:
        return id(self._model)

    @property
    def name(self) -> str:
        return self._model.name

    @name.setter
    def name(self, value: str) -> None:
        _check_name(self._excel, value, self._model)
        self._model.name = value

    @property
    def book(self) -> Book:
        return Book(self._excel)

    def delete(self) -> None:
        sheets = self._excel.sheets
        if len(sheets) == 1:
            raise ValueError("Excel cannot delete a workbook's last sheet")
        index = sheets.index(self._model)
        sheets.remove(self._model)
        if self._excel.active >= index:
            self._excel.active = max(0, self._excel.active - 1)

    def activate(self) -> None:
        self._excel.active = self._excel.sheets.index(self._model)

    @property
    def used_range(self) -> Range:
        last_row, last_column = self._model.last()
        return Range(self, (1, 1), (last_row, last_column))

    @property
    def freeze_panes(self) -> FreezePanes:
        return FreezePanes(self._model)

    def range(self, cell1: str | tuple[int, int], cell2: tuple[int, int] | None = None) -> Range:
        if isinstance(cell1, str):
            first, _, second = cell1.partition(":")
            start = parse_cell(first)
            return Range(self, start, parse_cell(second) if second else start)
        return Range(self, cell1, cell2 or cell1)

    def __getitem__(self, address: str) -> Range:
        return self.range(address)


class Font:
    __slots__ = ("_range",)

    def __init__(self, owner: Range) -> None:
        self._range = owner

    @property
    def bold(self) -> bool:
        raise NotImplementedError("xlwings Lite: font.bold can be set, not read")

    @bold.setter
    def bold(self, value: bool) -> None:
        for cell in self._range._cells():
            (self._range._model.bold.add if value else self._range._model.bold.discard)(cell)


class Note:
    __slots__ = ("_cell", "_model")

    def __init__(self, model: SheetModel, cell: tuple[int, int]) -> None:
        self._model = model
        self._cell = cell

    @property
    def text(self) -> str:
        return self._model.notes[self._cell]

    def delete(self) -> None:
        self._model.notes.pop(self._cell, None)


def _hex(color: Any) -> str | None:
    if color is None:
        return None
    if isinstance(color, str):
        return (color if color.startswith("#") else "#" + color).lower()
    red, green, blue = color
    return f"#{red:02x}{green:02x}{blue:02x}"


class Range:
    __slots__ = ("_first", "_last", "_model", "_ndim", "_sheet")

    def __init__(
        self, sheet: Sheet, first: tuple[int, int], last: tuple[int, int], ndim: int | None = None
    ) -> None:
        self._sheet = sheet
        self._model = sheet._model
        self._first = (min(first[0], last[0]), min(first[1], last[1]))
        self._last = (max(first[0], last[0]), max(first[1], last[1]))
        self._ndim = ndim

    def _cells(self) -> list[tuple[int, int]]:
        return [
            (r, c)
            for r in range(self._first[0], self._last[0] + 1)
            for c in range(self._first[1], self._last[1] + 1)
        ]

    @property
    def row(self) -> int:
        return self._first[0]

    @property
    def column(self) -> int:
        return self._first[1]

    @property
    def last_cell(self) -> Range:
        return Range(self._sheet, self._last, self._last)

    def options(self, ndim: int | None = None) -> Range:
        return Range(self._sheet, self._first, self._last, ndim)

    @property
    def value(self) -> Any:
        rows = [
            [self._model.cells.get((r, c)) for c in range(self._first[1], self._last[1] + 1)]
            for r in range(self._first[0], self._last[0] + 1)
        ]
        if self._ndim == 2:
            return rows
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        if len(rows) == 1:
            return rows[0]
        if all(len(row) == 1 for row in rows):
            return [row[0] for row in rows]
        return rows

    @value.setter
    def value(self, data: Any) -> None:
        if not isinstance(data, (list, tuple)):
            data = [[data]]
        elif not data or not isinstance(data[0], (list, tuple)):
            data = [list(data)]
        top, left = self._first
        for r, row in enumerate(data, start=top):
            for c, value in enumerate(row, start=left):
                self._write((r, c), value)

    def _write(self, cell: tuple[int, int], value: Any) -> None:
        if value is None or value == "":
            self._model.cells.pop(cell, None)
            return
        if (
            isinstance(value, str)
            and self._model.formats.get(cell) != "@"
            and COERCIBLE.match(value)
        ):
            self._excel_coerced(cell, value)
        if not isinstance(value, (str, int, float, bool)):
            raise TypeError(f"xlwings Lite cannot write a {type(value).__name__}: {value!r}")
        self._model.cells[cell] = value

    def _excel_coerced(self, cell: tuple[int, int], value: str) -> None:
        self._sheet._excel.coerced.append(f"{self._model.name}!{cell}: {value!r}")

    def clear_contents(self) -> None:
        for cell in self._cells():
            self._model.cells.pop(cell, None)

    def _set(self, store: dict[tuple[int, int], Any], value: Any) -> None:
        for cell in self._cells():
            store[cell] = value

    number_format = property(
        lambda self: _unread("number_format"),
        lambda self, value: self._set(self._model.formats, str(value)),
    )
    color = property(
        lambda self: _unread("color"),
        lambda self, value: self._set(self._model.fills, _hex(value)),
    )

    @property
    def font(self) -> Font:
        return Font(self)

    def _formatting(self, value: Any) -> None:
        if value is None:
            raise ValueError("a format of None")

    wrap_text = property(lambda self: _unread("wrap_text"), _formatting)
    vertical_alignment = property(lambda self: _unread("vertical_alignment"), _formatting)
    horizontal_alignment = property(lambda self: _unread("horizontal_alignment"), _formatting)

    @property
    def column_width(self) -> float:
        return _unread("column_width")

    @column_width.setter
    def column_width(self, points: float) -> None:
        if not 0 <= points <= 255 * 7.5:
            raise ValueError(f"a column width of {points} points")
        for c in range(self._first[1], self._last[1] + 1):
            self._model.widths[c] = float(points)

    @property
    def note(self) -> Note | None:
        cell = self._first
        return Note(self._model, cell) if cell in self._model.notes else None

    def add_note(self, text: str) -> None:
        if self._first in self._model.notes:
            raise ValueError("the cell has a note already")
        self._model.notes[self._first] = text


def _unread(what: str) -> Any:
    raise NotImplementedError(f"xlwings Lite: {what} can be set, not read back in a script")
