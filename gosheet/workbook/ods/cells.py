"""Every table of an OpenDocument spreadsheet's ``content.xml`` read in pure Python (expat, no
document type or entity declaration: :func:`gosheet.workbook.xlsx.parts.spans.parse_whole`).

Repeated rows and cells (``table:number-rows-repeated``, ``table:number-columns-repeated``)
are runs, never made one by one: a table LibreOffice ends with 1,048,576 empty rows costs one
entry. Only rows that hold a value are kept, with their place; a covered cell (under a merge)
is a cell; a number, percentage or currency is its ``office:value``; a date its
``office:date-value`` (a date, or a datetime with a time); a time its ``office:time-value``;
a boolean its ``office:boolean-value``; a formula its cached value (without one:
:class:`~gosheet.workbook.unseen.Unsaved`; a cell under a merge of several rows:
:class:`~gosheet.workbook.unseen.Covered`); an error (``#DIV/0!``)
the text LibreOffice shows. A text joins its paragraphs with line breaks and reads ``text:s``
(spaces), ``text:tab`` and ``text:line-break``; annotations (comments) and drawings in a cell
are not its value. With :class:`Bounds`, a cell holding a value beyond the rows or columns
allowed, or more such cells than allowed, is refused as soon as it is read — empty rows and
columns, however many, count for nothing.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Any

from gosheet.records import field, record
from gosheet.workbook.sheets import cell_name
from gosheet.workbook.unseen import Unsaved, cover
from gosheet.workbook.xlsx.parts.spans import parse_whole

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
SEP = "\x01"
_CELLS = {f"{TABLE}{SEP}table-cell", f"{TABLE}{SEP}covered-table-cell"}
_ROW = f"{TABLE}{SEP}table-row"
_TABLE = f"{TABLE}{SEP}table"
_PARAGRAPH = f"{TEXT}{SEP}p"
_HEADING = f"{TEXT}{SEP}h"
_SPACE = f"{TEXT}{SEP}s"
_TAB = f"{TEXT}{SEP}tab"
_BREAK = f"{TEXT}{SEP}line-break"
_ANNOTATION = f"{OFFICE}{SEP}annotation"
_HIDDEN_CONTENT = (_ANNOTATION, f"{DRAW}{SEP}")
_ROWS_REPEATED = f"{TABLE}{SEP}number-rows-repeated"
_COLUMNS_REPEATED = f"{TABLE}{SEP}number-columns-repeated"
_VALUE_TYPE = f"{OFFICE}{SEP}value-type"
_FORMULA = f"{TABLE}{SEP}formula"
_ROWS_SPANNED = f"{TABLE}{SEP}number-rows-spanned"
_COLUMNS_SPANNED = f"{TABLE}{SEP}number-columns-spanned"
_ERROR = (f"{CALCEXT}{SEP}value-type", "error")
_DATE = re.compile(r"(-?\d{4,})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?)?")
_DURATION = re.compile(r"PT(\d+)H(\d+)M(\d+)(?:\.(\d{1,9}))?S")
MAX_REPEAT = 1 << 40  # a repeat count past any sheet (LibreOffice's: 1,048,576 rows)
MAX_SPACES = 10_000_000
"""Spaces that ``text:s`` elements may stand for in a whole file (a cell holds at most 32,767
characters; a file of millions of ``<text:s text:c="32767"/>`` would take gigabytes)."""


class OdsError(ValueError):
    """``content.xml`` is not an OpenDocument spreadsheet's (or a cell is beyond the bounds:
    :class:`OutOfBounds`)."""


class OutOfBounds(OdsError):
    """A cell holding a value lies beyond the bounds, or there are more such cells."""


Run = tuple[Any, int]
"""A value (None: an empty cell) and how many cells side by side hold it."""


@record(frozen=False)
class Table:
    """One sheet: its name, style and the rows that hold a value, each as (its 0-based row,
    its runs, how many rows repeat it); ``height``: every row counted, empty ones too."""

    name: str
    style: str = ""
    rows: list[tuple[int, list[Run], int]] = field(default_factory=list)
    height: int = 0
    merges: list[str] = field(default_factory=list)  # cells merged over several rows: A3:A4

    def size(self) -> tuple[int, int]:
        """(rows, columns) from A1 to the last cell holding a value."""
        if not self.rows:
            return 0, 0
        first, _, repeat = self.rows[-1]
        return first + repeat, max(filled_width(runs) for _, runs, _ in self.rows)

    def grid(
        self, empty: Any = None, convert: Callable[[Any], Any] | None = None
    ) -> list[list[Any]]:
        """The rows from A1 to the last cell holding a value, each as wide as the widest
        (``empty`` for an empty cell; ``convert`` applied to every value)."""
        height, width = self.size()
        grid: list[list[Any]] = []
        for first, runs, repeat in self.rows:
            while len(grid) < first:
                grid.append([empty] * width)
            row = cells(runs, width, empty, convert)
            grid.extend(list(row) for _ in range(repeat))
        assert len(grid) == height
        cover(grid, self.merges)
        return grid


def filled_width(runs: list[Run]) -> int:
    """How far a row's cells reach, empty ones at its end left out."""
    width = sum(count for _, count in runs)
    for value, count in reversed(runs):
        if value is not None:
            break
        width -= count
    return width


def cells(
    runs: list[Run], width: int, empty: Any = None, convert: Callable[[Any], Any] | None = None
) -> list[Any]:
    """A row's runs as ``width`` cells."""
    row: list[Any] = []
    for value, count in runs:
        if value is not None and convert is not None:
            value = convert(value)
        row.extend([empty if value is None else value] * min(count, width - len(row)))
        if len(row) >= width:
            break
    row.extend([empty] * (width - len(row)))
    return row


@record
class Bounds:
    """The most rows and columns a cell holding a value may lie in, and the most such cells
    of the whole file; ``label`` names the file in the message."""

    label: str
    rows: int
    columns: int
    cells: int


class _Reader:
    """expat's handlers over ``content.xml``: every top-level table's rows with a value."""

    def __init__(self, bounds: Bounds | None, breaks: bool) -> None:
        self.bounds = bounds
        self.breaks = breaks
        self.tables: list[Table] = []
        self.table: Table | None = None
        self.depth = 0  # tables inside a table (a cell's sub-table): not read
        self.row: list[Run] | None = None
        self.row_repeat = 1
        self.cell_repeat = 1
        self.column = 0  # the cell's, in its row
        self.value: Any = None
        self.text: list[str] | None = None
        self.paragraphs = 0
        self.hidden = 0  # inside an annotation or a drawing
        self.counted = 0  # cells holding a value, every table
        self.spaces = 0  # spaces made from text:s

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if self.hidden or name.startswith(_HIDDEN_CONTENT):
            self.hidden += 1
        elif self.text is not None:
            self._text_start(name, attributes)
        elif name == _TABLE:
            self.depth += 1
            if self.depth == 1:
                self.table = Table(
                    attributes.get(f"{TABLE}{SEP}name", ""),
                    attributes.get(f"{TABLE}{SEP}style-name", ""),
                )
                self.tables.append(self.table)
        elif self.depth != 1:
            return
        elif name in _CELLS and self.row is not None:
            self.cell_repeat = count(attributes.get(_COLUMNS_REPEATED, "1"))
            self.value = cell_value(attributes)
            if self.value is None and _FORMULA in attributes:  # (a program that does not compute)
                self.value = Unsaved(attributes[_FORMULA].partition(":")[2] or attributes[_FORMULA])
            spanned = attributes.get(_ROWS_SPANNED, "1")
            if spanned != "1" and self.table is not None:
                across = count(attributes.get(_COLUMNS_SPANNED, "1"))
                top, left = self.table.height, self.column
                corners = ((top, left), (top + count(spanned) - 1, left + across - 1))
                self.table.merges.append(":".join(cell_name(*c) for c in corners))
            if self.value is TEXT_VALUE:
                self.text, self.paragraphs = [], 0
        elif name == _ROW and self.table is not None:
            self.row, self.column = [], 0
            self.row_repeat = count(attributes.get(_ROWS_REPEATED, "1"))

    def _text_start(self, name: str, attributes: dict[str, str]) -> None:
        assert self.text is not None
        if name == _PARAGRAPH or (name == _HEADING and self.breaks):
            self.paragraphs += 1
            if self.paragraphs > 1:
                self.text.append("\n")
        elif name == _SPACE:
            spaces = min(count(attributes.get(f"{TEXT}{SEP}c", "1")), 32_767)
            self.spaces += spaces
            if self.spaces > MAX_SPACES:
                raise OdsError(f"texts of more than {MAX_SPACES:,} spaces")
            self.text.append(" " * spaces)
        elif name == _TAB and self.breaks:
            self.text.append("\t")
        elif name == _BREAK and self.breaks:
            self.text.append("\n")

    def end(self, name: str) -> None:
        if self.hidden:
            self.hidden -= 1
        elif name in _CELLS and self.row is not None and self.depth == 1:
            if self.text is not None:
                self.value, self.text = "".join(self.text) or None, None
            runs = self.row
            self.column += self.cell_repeat
            if runs and runs[-1][0] is None and self.value is None:
                runs[-1] = (None, runs[-1][1] + self.cell_repeat)
            else:
                runs.append((self.value, self.cell_repeat))
        elif self.text is not None:
            return
        elif name == _ROW and self.table is not None and self.row is not None and self.depth == 1:
            self._row_end(self.table, self.row)
        elif name == _TABLE:
            self.depth -= 1
            if self.depth == 0:
                self.table = None

    def _row_end(self, table: Table, runs: list[Run]) -> None:
        self.row = None
        first, repeat = table.height, self.row_repeat
        table.height += repeat
        if all(value is None for value, _ in runs):
            return
        table.rows.append((first, runs, repeat))
        if self.bounds is not None:
            self._check(table, first, runs, repeat)

    def _check(self, table: Table, first: int, runs: list[Run], repeat: int) -> None:
        bounds = self.bounds
        assert bounds is not None
        column, where = 0, None
        for value, width in runs:
            if value is not None:
                if column + width > bounds.columns:
                    where = (first, max(column, bounds.columns))
                    break
                self.counted += width * repeat
            column += width
        if where is None and first + repeat > bounds.rows:
            where = (max(first, bounds.rows), next(_value_columns(runs)))
        if where is not None:
            raise OutOfBounds(
                f"{bounds.label}: {table.name}!{cell_name(*where)}: beyond what gosheet reads "
                f"in a sheet ({bounds.rows:,} rows, {bounds.columns} columns); delete what "
                "lies beyond and save again"
            )
        if self.counted > bounds.cells:
            raise OutOfBounds(
                f"{bounds.label}: more than {bounds.cells:,} cells (the last counted in sheet "
                f"'{table.name}'); gosheet reads no more"
            )

    def characters(self, data: str) -> None:
        if self.text is not None and not self.hidden:
            self.text.append(data)


def _value_columns(runs: list[Run]) -> Any:
    column = 0
    for value, width in runs:
        if value is not None:
            yield column
        column += width


TEXT_VALUE: Any = object()  # a text cell whose value is its paragraphs


def count(text: str) -> int:
    """A repeat count (``number-rows-repeated``, ``text:c`` …)."""
    if not text.isdigit() or not 0 < int(text) <= MAX_REPEAT:
        raise OdsError(f"a repeat count of {text!r}")
    return int(text)


def cell_value(attributes: dict[str, str]) -> Any:
    """The value a cell's attributes give; a text cell without ``office:string-value``, or an
    error, is its paragraphs (:data:`TEXT_VALUE`); None: empty."""
    kind = attributes.get(_VALUE_TYPE)
    if kind is None:
        return None
    if attributes.get(_ERROR[0]) == _ERROR[1]:
        return TEXT_VALUE
    if kind in ("float", "percentage", "currency"):
        raw = attributes.get(f"{OFFICE}{SEP}value", "")
        try:
            return float(raw)
        except ValueError:
            raise OdsError(f"a number of {raw!r}") from None
    if kind == "date":
        return iso_date(attributes.get(f"{OFFICE}{SEP}date-value", ""))
    if kind == "time":
        return iso_duration(attributes.get(f"{OFFICE}{SEP}time-value", ""))
    if kind == "boolean":
        return attributes.get(f"{OFFICE}{SEP}boolean-value", "") in {"true", "TRUE", "1"}
    if kind == "string" and f"{OFFICE}{SEP}string-value" in attributes:
        return attributes[f"{OFFICE}{SEP}string-value"] or None
    return TEXT_VALUE


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


def read_tables(
    content: bytes, bounds: Bounds | None = None, *, breaks: bool = True
) -> list[Table]:
    """Every top-level table of ``content.xml`` in order (``breaks``: ``text:tab`` and
    ``text:line-break`` read as a tab and a new line, as LibreOffice saves them in an
    ``.xlsx``; without, left out, as python-calamine reads them); :class:`OdsError` for what
    is not a spreadsheet's content, :class:`~gosheet.workbook.xlsx.parts.spans.Damaged` for XML
    that is not well-formed (or declares a document type or an entity)."""
    reader = _Reader(bounds, breaks)
    parser = xml.parsers.expat.ParserCreate(namespace_separator=SEP)
    parser.buffer_text = True
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.characters
    parse_whole(parser, content)
    return reader.tables
