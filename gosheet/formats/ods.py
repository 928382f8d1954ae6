"""The first sheet of an OpenDocument spreadsheet (``.ods``) read in pure Python, as
python-calamine reads it: the roster reader where calamine cannot be imported (LibreOffice's
own Python, WebAssembly Python). ``content.xml`` is parsed by expat, no document type or
entity declaration allowed (:func:`gosheet.workbook.parts.spans.parse_whole`), after
:func:`gosheet.workbook.limits.check_workbook` has bounded the archive.

What calamine does, this does: repeated rows and cells (``table:number-rows-repeated``,
``table:number-columns-repeated``) stand for as many, but empty ones at the end of a row
or of the table stand for nothing; a covered cell (under a merge) is a cell; a number,
percentage or currency is its ``office:value``; a date its ``office:date-value`` (a date, or a
datetime with a time); a time its ``office:time-value`` (a time under 24 hours, else the
text); a text joins its paragraphs with line breaks and counts ``text:s`` spaces. The grid
starts at A1 and ends at the last cell that holds something; an empty cell is ``""``.
"""

from __future__ import annotations

import re
import xml.parsers.expat
import zipfile
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from gosheet.workbook.parts.spans import parse_whole

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_SEP = "\x01"
_CELLS = {f"{TABLE}{_SEP}table-cell", f"{TABLE}{_SEP}covered-table-cell"}
_ROW = f"{TABLE}{_SEP}table-row"
_TABLE = f"{TABLE}{_SEP}table"
_PARAGRAPH = f"{TEXT}{_SEP}p"
_SPACE = f"{TEXT}{_SEP}s"
_VALUE_ATTRIBUTES = (
    f"{OFFICE}{_SEP}value",
    f"{OFFICE}{_SEP}string-value",
    f"{OFFICE}{_SEP}date-value",
    f"{OFFICE}{_SEP}time-value",
    f"{OFFICE}{_SEP}boolean-value",
)
_VALUE_TYPE = f"{OFFICE}{_SEP}value-type"
_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?)?")
_DURATION = re.compile(r"PT(\d+)H(\d+)M(\d+)(?:\.(\d{1,9}))?S")


class OdsError(ValueError):
    """The file is not an OpenDocument spreadsheet calamine would read."""


class TooLarge(OdsError):
    """The sheet is larger than asked for: its size, counted without making it."""

    def __init__(self, rows: int, columns: int) -> None:
        super().__init__(f"{rows:,} rows and {columns:,} columns")
        self.rows = rows
        self.columns = columns


Run = tuple[Any, int]  # a value (None: an empty cell) and how many cells in a row hold it


class Sheet:
    """One table: its rows as runs of cells, each row with its repeat count."""

    def __init__(self) -> None:
        self.rows: list[tuple[list[Run], int]] = []

    def extent(self) -> tuple[int, int, int]:
        """The first and last row entries that hold something (-1: none), and the width."""
        first, last, width = -1, -1, 0
        for index, (runs, _) in enumerate(self.rows):
            if any(value is not None for value, _ in runs):
                first = index if first < 0 else first
                last = index
                width = max(width, _filled_width(runs))
        return first, last, width

    def size(self) -> tuple[int, int]:
        """(rows, columns) of :meth:`grid`, counted without making it."""
        _, last, width = self.extent()
        return (sum(repeat for _, repeat in self.rows[: last + 1]), width) if last >= 0 else (0, 0)

    def grid(self) -> list[list[Any]]:
        """The rows from A1 to the last cell that holds something (``""`` for an empty
        cell), each as wide as the widest."""
        first, last, width = self.extent()
        grid: list[list[Any]] = []
        blank = [""] * width
        for index, (runs, repeat) in enumerate(self.rows[: last + 1]):
            empty = index < first or all(value is None for value, _ in runs)
            row = blank if empty else _cells(runs, width)
            grid.extend(list(row) for _ in range(repeat))
        return grid


def _filled_width(runs: list[Run]) -> int:
    """How far the row's cells reach, empty ones at its end left out."""
    width = sum(count for _, count in runs)
    for value, count in reversed(runs):
        if value is not None:
            break
        width -= count
    return width


def _cells(runs: list[Run], width: int) -> list[Any]:
    row: list[Any] = []
    for value, count in runs:
        row.extend(["" if value is None else value] * min(count, width - len(row)))
        if len(row) >= width:
            break
    row.extend([""] * (width - len(row)))
    return row


class _Reader:
    """expat's handlers over ``content.xml``: the first table's rows."""

    def __init__(self) -> None:
        self.sheets: list[Sheet] = []
        self.sheet: Sheet | None = None
        self.row: list[Run] | None = None
        self.row_repeat = 1
        self.cell_repeat = 1
        self.value: Any = None
        self.text: list[str] | None = None
        self.paragraphs = 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if self.text is not None:
            if name == _PARAGRAPH:
                self.paragraphs += 1
                if self.paragraphs > 1:
                    self.text.append("\n")
            elif name == _SPACE:
                self.text.append(" " * _count(attributes.get(f"{TEXT}{_SEP}c", "1")))
        elif name in _CELLS and self.row is not None:
            self.cell_repeat = _count(attributes.get(f"{TABLE}{_SEP}number-columns-repeated", "1"))
            self.value = _cell_value(attributes)
            if self.value is _TEXT:
                self.text, self.paragraphs = [], 0
        elif name == _ROW and self.sheet is not None:
            self.row = []
            self.row_repeat = _count(attributes.get(f"{TABLE}{_SEP}number-rows-repeated", "1"))
        elif name == _TABLE and f"{TABLE}{_SEP}name" in attributes:
            self.sheet = Sheet()
            self.sheets.append(self.sheet)

    def end(self, name: str) -> None:
        if name in _CELLS and self.row is not None:
            if self.text is not None:
                self.value, self.text = "".join(self.text), None
            self.row.append((self.value, self.cell_repeat))
        elif self.text is not None:
            return
        elif name == _ROW and self.sheet is not None and self.row is not None:
            self.sheet.rows.append((self.row, self.row_repeat))
            self.row = None
        elif name == _TABLE:
            self.sheet = None

    def characters(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)


_TEXT: Any = object()  # a text cell whose value is its paragraphs


def _count(text: str) -> int:
    if not text.isdigit():
        raise OdsError(f"a repeat count of {text!r}")
    return int(text)


def _cell_value(attributes: dict[str, str]) -> Any:
    """The value a cell's attributes give: the first value attribute, as calamine; a text
    cell without one is its paragraphs (:data:`_TEXT`); None: empty."""
    string = False
    for key, raw in attributes.items():
        if key == _VALUE_ATTRIBUTES[0]:
            try:
                return float(raw)
            except ValueError:
                raise OdsError(f"a number of {raw!r}") from None
        if key == _VALUE_ATTRIBUTES[1]:
            return raw
        if key == _VALUE_ATTRIBUTES[2]:
            return iso_date(raw)
        if key == _VALUE_ATTRIBUTES[3]:
            return iso_duration(raw)
        if key == _VALUE_ATTRIBUTES[4]:
            return raw in {"true", "TRUE"}
        if key == _VALUE_TYPE:
            string = raw == "string"
    return _TEXT if string else None


def iso_date(text: str) -> Any:
    """``office:date-value``: a date, a datetime with a time, else the text.

    >>> iso_date("1990-05-01"), iso_date("1991-01-02T03:04:05")
    (datetime.date(1990, 5, 1), datetime.datetime(1991, 1, 2, 3, 4, 5))
    """
    found = _DATE.fullmatch(text)
    if found is None:
        return text
    year, month, day, hour, minute, second, fraction = found.groups()
    try:
        if hour is None:
            return date(int(year), int(month), int(day))
        micro = int((fraction or "0").ljust(6, "0")[:6])
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), micro)
    except ValueError:
        return text


def iso_duration(text: str) -> Any:
    """``office:time-value``: a time of day under 24 hours, else the text.

    >>> iso_duration("PT10H30M00S"), iso_duration("PT30H00M00S")
    (datetime.time(10, 30), 'PT30H00M00S')
    """
    found = _DURATION.fullmatch(text)
    if found is None:
        return text
    hours, minutes, seconds, fraction = found.groups()
    micro = int((fraction or "0").ljust(6, "0")[:6])
    try:
        return time(int(hours), int(minutes), int(seconds), micro)
    except ValueError:
        return text


def first_sheet(path: Path, max_rows: int, max_columns: int) -> list[list[Any]]:
    """The first sheet's values (``""`` for an empty cell); :class:`TooLarge` beyond
    ``max_rows`` or ``max_columns`` (nothing made), :class:`OdsError` (or a zip or XML
    error) when calamine would not read the file either."""
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        if "mimetype" not in names:
            raise OdsError("'mimetype' file not found in archive")
        if archive.read("mimetype").strip() != b"application/vnd.oasis.opendocument.spreadsheet":
            raise OdsError("not an OpenDocument spreadsheet (its mimetype)")
        if "META-INF/manifest.xml" not in names:
            raise OdsError("'META-INF/manifest.xml' file not found in archive")
        if b"encryption-data" in archive.read("META-INF/manifest.xml"):
            raise OdsError("Workbook is password protected")
        if "content.xml" not in names:
            raise OdsError("'content.xml' file not found in archive")
        content = archive.read("content.xml")
    reader = _Reader()
    parser = xml.parsers.expat.ParserCreate(namespace_separator=_SEP)
    parser.buffer_text = True
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.characters
    parse_whole(parser, content)
    if not reader.sheets:
        return []
    rows, columns = reader.sheets[0].size()
    if rows > max_rows or columns > max_columns:
        raise TooLarge(rows, columns)
    return reader.sheets[0].grid()
