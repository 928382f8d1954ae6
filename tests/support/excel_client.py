"""A fake Excel client for the xlwings tests (``tests/frontends/excel/``): what Excel's
JavaScript client sends as a book's JSON and does with the actions xlwings' remote engine
sends back (:class:`ExcelClient`), a real xlwings Book opened on that JSON
(:func:`remote_opener`), and pressing a button (:func:`run`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import xlwings as xw
from openpyxl import load_workbook

from gosheet.frontends.excel.xlwings_book import plain
from gosheet.workbook.port import Grid

# Text Excel would turn into a number, a date or a formula in a General cell (and
# a number it would keep as text in a text cell): the client lists both in .coerced
COERCIBLE = re.compile(r"^\s*([+-]?\d+([.,]\d+)?|\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?|=.*)\s*$")


# ----------------------------------------------------------- a fake client


def cell_of(address: str) -> tuple[int, int]:
    """``$H$5`` → (4, 7), 0-based."""
    match = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", address)
    assert match, address
    column = 0
    for letter in match.group(1):
        column = column * 26 + ord(letter) - 64
    return int(match.group(2)) - 1, column - 1


class Sheet:
    def __init__(self, name: str, values: list[list[Any]] | None = None) -> None:
        self.name = name
        self.values: dict[tuple[int, int], Any] = {}
        for r, row in enumerate(values or []):
            for c, value in enumerate(row):
                if value not in ("", None):
                    self.values[(r, c)] = value
        self.formats: dict[tuple[int, int], str] = {}
        self.colors: dict[tuple[int, int], str | None] = {}
        self.notes: dict[tuple[int, int], str] = {}
        self.frozen: str | None = None

    def grid(self) -> Grid:
        if not self.values:
            return [[""]]
        rows = max(r for r, _ in self.values) + 1
        columns = max(c for _, c in self.values) + 1
        return [[self.values.get((r, c), "") for c in range(columns)] for r in range(rows)]

    def rows(self) -> Grid:
        """Values as openpyxl would read them back from a saved file."""
        return [[None if v == "" else plain(v) for v in row] for row in self.grid()]


class ExcelClient:
    """What Excel's JavaScript client does with a book's JSON and actions."""

    def __init__(self, client: str = "Office.js", notes: bool = True) -> None:
        self.client = client
        self.with_notes = notes and client == "Office.js"
        self.sheets: list[Sheet] = []
        self.active = 0
        self.alerts: list[list[Any]] = []
        self.coerced: list[str] = []
        self.funcs: list[str] = []

    @classmethod
    def from_file(cls, path: Path, client: str = "Office.js", notes: bool = True) -> ExcelClient:
        self = cls(client, notes)
        workbook = load_workbook(path)
        for ws in workbook.worksheets:
            rows = [["" if v is None else v for v in row] for row in ws.iter_rows(values_only=True)]
            self.sheets.append(Sheet(ws.title, rows))
        return self

    def sheet(self, name: str) -> Sheet:
        return next(s for s in self.sheets if s.name == name)

    def payload(self, floats: bool = False) -> dict[str, Any]:
        """The book as the client sends it; ``floats``: every number as a
        float (as a Python client reading through COM would)."""

        def number(value: Any) -> Any:
            if isinstance(value, bool) or not isinstance(value, int | float):
                return value
            return float(value) if floats else plain(value)  # JSON.stringify(5.0) == "5"

        sheets = []
        for sheet in self.sheets:
            entry: dict[str, Any] = {
                "name": sheet.name,
                "values": [[number(v) for v in row] for row in sheet.grid()],
                "pictures": [],
                "tables": [],
            }
            if self.with_notes:
                entry["notes"] = [{"address": f"{a1(*cell)}"} for cell in sheet.notes]
            sheets.append(entry)
        data = {
            "client": self.client,
            "version": xw.__version__,
            "book": {"name": "cup.xlsm", "active_sheet_index": self.active, "selection": "A1"},
            "names": [],
            "sheets": sheets,
        }
        return json.loads(json.dumps(data))

    def apply(self, actions: list[dict[str, Any]]) -> None:
        for action in json.loads(json.dumps(actions)):  # what travels is JSON
            self.funcs.append(action["func"])
            getattr(self, "do_" + action["func"])(action)

    def _range(self, action: dict[str, Any]) -> Iterator[tuple[int, int]]:
        for r in range(action["start_row"], action["start_row"] + action["row_count"]):
            for c in range(action["start_column"], action["start_column"] + action["column_count"]):
                yield r, c

    def _at(self, action: dict[str, Any]) -> Sheet:
        return self.sheets[action["sheet_position"]]

    def do_addSheet(self, action: dict[str, Any]) -> None:
        position, name = action["args"]
        self.sheets.insert(position, Sheet(name))

    def do_sheetDelete(self, action: dict[str, Any]) -> None:
        del self.sheets[action["sheet_position"]]

    def do_setSheetName(self, action: dict[str, Any]) -> None:
        """A sheet renamed keeps its values, formats, colours and notes (Excel's way)."""
        self._at(action).name = action["args"][0]

    def do_setValues(self, action: dict[str, Any]) -> None:
        sheet = self._at(action)
        r0, c0 = action["start_row"], action["start_column"]
        for r, row in enumerate(action["values"]):
            for c, value in enumerate(row):
                cell = (r0 + r, c0 + c)
                text_cell = sheet.formats.get(cell) == "@"
                if isinstance(value, str) and COERCIBLE.match(value) and not text_cell:
                    self.coerced.append(f"{sheet.name}!{a1(*cell)}: {value!r} read as a number")
                if isinstance(value, int | float) and text_cell:
                    self.coerced.append(f"{sheet.name}!{a1(*cell)}: {value!r} kept as text")
                if value in ("", None):
                    sheet.values.pop(cell, None)
                else:
                    sheet.values[cell] = value

    def do_setNumberFormat(self, action: dict[str, Any]) -> None:
        sheet = self._at(action)
        for cell in self._range(action):
            sheet.formats[cell] = action["args"][0]

    def do_setRangeColor(self, action: dict[str, Any]) -> None:
        sheet = self._at(action)
        for cell in self._range(action):
            sheet.colors[cell] = action["args"][0]

    def do_rangeClearContents(self, action: dict[str, Any]) -> None:
        sheet = self._at(action)
        for cell in self._range(action):
            sheet.values.pop(cell, None)

    def do_addNote(self, action: dict[str, Any]) -> None:
        assert self.with_notes, "a note on a client that cannot add one"
        address, text = action["args"]
        cell = cell_of(address)
        assert cell not in self._at(action).notes, "a second note on a cell"
        self._at(action).notes[cell] = text

    def do_deleteNote(self, action: dict[str, Any]) -> None:
        del self._at(action).notes[cell_of(action["args"][0])]

    def do_freezePaneAtRange(self, action: dict[str, Any]) -> None:
        self._at(action).frozen = action["args"][0]

    def do_activateSheet(self, action: dict[str, Any]) -> None:
        self.active = action["args"][0]

    def do_alert(self, action: dict[str, Any]) -> None:
        self.alerts.append(action["args"])

    # formatting this model does not keep
    def _ignore(self, action: dict[str, Any]) -> None:
        pass

    do_setFontProperty = do_setWrapText = do_setColumnWidth = _ignore
    do_setHorizontalAlignment = do_setVerticalAlignment = _ignore


def a1(row: int, column: int) -> str:
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"${letters}${row + 1}"


def remote_opener() -> Callable[[dict[str, Any]], Any]:
    """Open a client's JSON as a real xlwings Book on the remote engine (xlwings PRO's,
    with ``XLWINGS_LICENSE_KEY=noncommercial`` set by the caller)."""
    from xlwings.pro import _xlremote

    # xlwings caches cell reads by value across books, and 5 == 5.0: clear it,
    # or a book sending floats would read another's integers
    _xlremote.get_range_api.cache_clear()

    def open_book(data: dict[str, Any]) -> Any:
        impl = _xlremote.App(_xlremote.Apps(), add_book=False).books.open(data)
        return xw.Book(impl=impl)

    return open_book


def run(
    remote: Callable[[dict[str, Any]], Any],
    client: ExcelClient,
    entry: Callable[[Any], str],
    floats: bool = False,
) -> tuple[str, list[dict[str, Any]]]:
    """Press a button: the message shown and the actions sent back."""
    book = remote(client.payload(floats))
    message = entry(book)
    sent: list[dict[str, Any]] = book.json()["actions"]
    client.apply(sent)
    return message, sent
