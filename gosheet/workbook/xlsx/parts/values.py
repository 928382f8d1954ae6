"""Every worksheet's cell values read from the ``.xlsx`` parts in pure Python (expat), as
python-calamine reads them: the reader where calamine cannot be imported (LibreOffice's own
Python, WebAssembly Python), giving the same values cell for cell — text (a ``<t>`` trimmed
unless ``xml:space="preserve"``, Excel's ``_xHHHH_`` escapes undone, phonetic runs left
out), numbers, booleans, dates and times by the cell's number format (Excel's built-in date
formats and calamine's reading of a custom one), the 1900 and 1904 date systems, a formula's
cached value, an error value as :class:`ErrorValue` (calamine: an empty cell, which
:func:`error_cells` makes one). The grid starts at A1 and ends at the last cell that
holds something; a cell with a style and no value is empty.

:func:`workbook_grids` returns None where calamine refuses the file (an unknown cell type, a
shared string that is not there …): the caller then reads it as it would after calamine.
Every part is parsed by expat with no document type or entity declaration
(:func:`~.spans.parse_whole`), after :func:`gosheet.workbook.limits.archive.check_workbook` has
bounded the archive and each sheet.
"""

from __future__ import annotations

import math
import re
import xml.parsers.expat
import zipfile
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Any

from gosheet.workbook.unseen import Unsaved, unseen
from gosheet.workbook.xlsx.parts.package import WORKBOOK, relationships_in, rels_name, sheets_in
from gosheet.workbook.xlsx.parts.spans import Unsupported, find_spans, parse_whole

Grid = list[list[Any]]

WORKSHEET = "/worksheet"
# The patterns, compiled where first used (``re.compile`` keeps them): most commands read
# with python-calamine and need none of them (issue 38: a small round's start).
_ESCAPE = r"_x([0-9A-Fa-f]{4})_"
_ISO_DATE = r"(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?)?"
_ISO_TIME = r"(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?"
_TRIM = " \t\r\n"
#: Excel's built-in number formats that are dates or times (calamine's list)
BUILTIN_DATES = frozenset([*range(14, 23), *range(27, 37), 45, 47, *range(50, 59)])
BUILTIN_DURATIONS = frozenset([46])
DAY_MS = 86_400_000
EPOCH = datetime(1899, 12, 30)
LAST_DAY = datetime(9999, 12, 31, 23, 59, 59, 999000)


class Refused(Exception):
    """A workbook calamine refuses too: read it another way."""


class ErrorValue(str):
    """A cell's error value (``#DIV/0!``, ``#N/A``, ``#VALUE!`` …: a formula that fails, or
    the error typed), as every reader gives it: a text of its own type, which gosheet reads
    as a bad value of its cell — never as an empty cell, nor as a name."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__repr__(str(self))


#: The error values python-calamine reads (it refuses a workbook with another: ``#SPILL!`` …)
ERRORS = frozenset({"#DIV/0!", "#N/A", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!"})
_ERROR_CELL = rb'(?s)<c r="([A-Z]{1,3})([0-9]{1,7})"[^>]*?\st="e"[^>]*(?<!/)>(.*?)</c>'
_VALUE = rb"<v>([^<]*)</v>"


def error_cells(data: bytes) -> dict[tuple[int, int], ErrorValue]:
    """The error values of a worksheet part's cells (as Excel and LibreOffice write them:
    ``<c r="B7" t="e"><f>1/0</f><v>#DIV/0!</v></c>``) by 0-based (row, column): python-calamine
    reads them as empty cells."""
    if b't="e"' not in data:
        return {}
    found = {}
    for letters, digits, inside in re.compile(_ERROR_CELL).findall(data):
        value = re.search(_VALUE, inside)
        if value is not None and value.group(1).strip():
            column = 0
            for letter in letters:
                column = column * 26 + letter - 64
            text = value.group(1).decode("utf-8", "replace").strip()
            found[(int(digits) - 1, column - 1)] = ErrorValue(text)
    return found


def workbook_grids(path: Path) -> dict[str, Grid] | None:
    """Every worksheet's values by sheet name, in the workbook's order, each a rectangle of
    rows from A1 (``None`` for an empty cell, whole numbers as int, a date as a datetime);
    None when the file cannot be read so (calamine would refuse it as well)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return _read(archive)
    except (Refused, Unsupported, KeyError, ValueError, OverflowError, OSError):
        return None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError):
        return None


def _read(archive: zipfile.ZipFile) -> dict[str, Grid]:
    names = set(archive.namelist())
    book = archive.read(WORKBOOK)
    relations = {
        r.id: r
        for r in relationships_in(archive.read(rels_name(WORKBOOK)), WORKBOOK)
        if rels_name(WORKBOOK) in names
    }
    by_type = {r.type.rsplit("/", 1)[-1]: r.target for r in relations.values()}
    properties = find_spans(book, {"workbookPr"})
    is_1904 = bool(properties) and properties[0].attributes.get("date1904", "") in {"1", "true"}
    strings_part = by_type.get("sharedStrings", "xl/sharedStrings.xml")
    strings = shared_strings(archive.read(strings_part)) if strings_part in names else []
    styles_part = by_type.get("styles", "xl/styles.xml")
    kinds = cell_kinds(archive.read(styles_part)) if styles_part in names else []
    grids: dict[str, Grid] = {}
    for span in sheets_in(book):
        relation = relations.get(span.attributes.get("id", ""))
        if relation is None:
            raise Refused("a sheet without its relationship")
        if not relation.type.endswith(WORKSHEET):
            continue  # a chart sheet, a dialog or macro sheet: not read (as calamine)
        cells = SheetCells(strings, kinds, is_1904)
        parse_whole(cells.parser(), without_empty_rows(archive.read(relation.target)))
        grids[span.attributes.get("name", "")] = cells.grid()
    return grids


_EMPTY_ROW = rb'<row r="[0-9]+"[^>/]*(?:/>|>\s*</row>)'


def without_empty_rows(data: bytes) -> bytes:
    """A worksheet part without its empty rows (``<row r="1048576" ht="12.8"/>``: nothing
    in them, and LibreOffice writes one after a row is deleted — or a sheet may hold a
    million), taken out by one search in C rather than each seen by expat and Python. Only
    when every row has its number first (as every office suite writes them): a row without
    one is numbered after the row before it."""
    rows = sum(data.count(tag) for tag in (b"<row ", b"<row>", b"<row/>"))
    if rows != data.count(b'<row r="'):
        return data
    return re.compile(_EMPTY_ROW).sub(b"", data)


def text_of(pieces: list[str], preserve: bool) -> str:
    """A ``<t>``'s text: trimmed unless preserved, Excel's ``_xHHHH_`` escapes undone."""
    text = "".join(pieces)
    if not preserve:
        text = text.strip(_TRIM)
    return unescape(text) if "_x" in text else text


def unescape(text: str) -> str:
    """``text`` with Excel's ``_xHHHH_`` escapes undone (``_x000D_`` → a carriage return)."""
    return re.compile(_ESCAPE).sub(lambda m: chr(int(m.group(1), 16)), text)


class _Texts:
    """The text of ``<t>`` elements under a ``<si>`` or ``<is>``, phonetic runs left out."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pieces: list[str] | None = None
        self.preserve = False
        self.phonetic = 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == "rPh":
            self.phonetic += 1
        elif name == "t" and not self.phonetic:
            self.pieces = []
            self.preserve = attributes.get("xml:space") == "preserve"

    def end(self, name: str) -> None:
        if name == "rPh":
            self.phonetic -= 1
        elif name == "t" and self.pieces is not None:
            self.parts.append(text_of(self.pieces, self.preserve))
            self.pieces = None

    def take(self) -> str:
        text = "".join(self.parts)
        self.parts = []
        return text


def _local(name: str) -> str:
    return name.rpartition(":")[2] if ":" in name and not name.startswith("xml:") else name


def shared_strings(data: bytes) -> list[str]:
    """The shared strings table (``xl/sharedStrings.xml``)."""
    strings: list[str] = []
    texts = _Texts()
    inside = 0

    def start(qname: str, attributes: dict[str, str]) -> None:
        nonlocal inside
        name = _local(qname)
        if name == "si":
            inside += 1
        elif inside:
            texts.start(name, attributes)

    def end(qname: str) -> None:
        nonlocal inside
        name = _local(qname)
        if name == "si":
            inside -= 1
            strings.append(texts.take())
        elif inside:
            texts.end(name)

    def characters(data: str) -> None:
        if texts.pieces is not None:
            texts.pieces.append(data)

    parser = xml.parsers.expat.ParserCreate()
    parser.buffer_text = True
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parse_whole(parser, data)
    return strings


def cell_kinds(data: bytes) -> list[str]:
    """Each cell format's kind (``cellXfs``, by the ``s`` of a cell): ``date``, ``duration``
    or ``""`` (a number)."""
    codes = {
        s.attributes.get("numFmtId", ""): s.attributes.get("formatCode", "")
        for s in find_spans(data, {"numFmt"}, within={"numFmts"})
    }
    kinds = []
    for xf in find_spans(data, {"xf"}, within={"cellXfs"}):
        number = xf.attributes.get("numFmtId", "0")
        if number in codes:
            kinds.append(format_kind(codes[number]))
        elif number.isdigit() and int(number) in BUILTIN_DATES:
            kinds.append("date")
        else:
            kinds.append("duration" if number.isdigit() and int(number) == 46 else "")
    return kinds


def format_kind(code: str) -> str:
    """A custom number format's kind, as calamine reads it: ``date`` (a date or time
    letter outside quotes, brackets and escapes, in the first section), ``duration``
    (``[h]``, ``[mm]``, ``[ss]``) or ``""``.

    >>> [format_kind(c) for c in ("dd/mm/yy", "[h]:mm", '0.0"h"', "0\\\\d", "#,##0*y")]
    ['date', 'duration', '', '', '']
    """
    escaped = quoted = ampm = hms = False
    brackets = 0
    previous = " "
    for char in code:
        if escaped:
            escaped = False
        elif char in "_\\*":
            escaped = True
        elif quoted:
            quoted = char != '"'
        elif char == '"':
            quoted = True
        elif char == ";":
            return ""
        elif char == "[":
            brackets += 1
        elif char == "]" and brackets == 1 and hms:
            return "duration"
        elif char == "]":
            brackets = max(brackets - 1, 0)
        elif brackets == 0 and not ampm and char in "aA":
            ampm = True
        elif brackets == 0 and char in ("pm/PM" if ampm else "dmhysDMHYS"):
            return "date"
        elif not (hms and char.lower() == previous.lower()):
            hms = previous == "[" and char in "mhsMHS"
        previous = char
    return ""


class SheetCells:
    """The cells of one worksheet part, as expat finds them."""

    def __init__(self, strings: list[str], kinds: list[str], is_1904: bool) -> None:
        self.strings = strings
        self.kinds = kinds
        self.is_1904 = is_1904
        self.cells: dict[tuple[int, int], Any] = {}
        self.row = 0
        self.column = 0
        self.in_data = False
        self.cell: tuple[int, int] | None = None
        self.style = ""
        self.type = ""
        self.value: Any = _NOTHING
        self.pieces: list[str] | None = None
        self.texts: _Texts | None = None
        self.formula: list[str] | None = None  # the cell's formula, while read
        self.in_formula = False
        self.unsaved: dict[tuple[int, int], Unsaved] = {}  # formulas with no saved value
        self.merges: list[str] = []

    def parser(self) -> xml.parsers.expat.XMLParserType:
        parser = xml.parsers.expat.ParserCreate()
        parser.buffer_text = True
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        return parser

    def start(self, qname: str, attributes: dict[str, str]) -> None:
        name = _local(qname) if ":" in qname else qname
        if self.texts is not None:
            self.texts.start(name, attributes)
        elif name == "c" and self.in_data:
            self.start_cell(attributes)
        elif name == "v" and self.cell is not None:
            self.pieces = []
        elif name == "f" and self.cell is not None:
            self.formula, self.in_formula = [], True
        elif name == "is" and self.cell is not None:
            self.texts = _Texts()
        elif name == "row" and self.in_data:
            reference = attributes.get("r")
            if reference is not None:
                self.row = int(reference) - 1
        elif name == "sheetData":
            self.in_data = True
        elif name == "mergeCell":
            self.merges.append(attributes.get("ref", ""))

    def start_cell(self, attributes: dict[str, str]) -> None:
        reference = attributes.get("r")
        if reference is not None:
            self.cell = _position(reference)
            self.column = self.cell[1]
        else:
            self.cell = (self.row, self.column)
        self.style = attributes.get("s", "")
        self.type = attributes.get("t", "n")
        self.value = _NOTHING
        self.formula = None

    def end(self, qname: str) -> None:
        name = _local(qname) if ":" in qname else qname
        if self.texts is not None:
            if name == "is":
                self.value = self.texts.take() or None
                self.texts = None
            else:
                self.texts.end(name)
        elif name == "v" and self.pieces is not None:
            text = "".join(self.pieces)
            if self.type in {"inlineStr", "is"} or (not text and self.type in _PLAIN):
                pass  # (calamine: a plain <v> without text holds nothing)
            else:
                self.value = self.convert(text)
            self.pieces = None
        elif name == "f":
            self.in_formula = False
        elif name == "c" and self.cell is not None:
            if self.value is not _NOTHING:
                self.cells[self.cell] = self.value
            elif self.formula is not None:  # (a formula a program wrote, never computed)
                self.unsaved[self.cell] = Unsaved("".join(self.formula))
            self.cell = None
            self.column += 1
        elif name == "row" and self.in_data:
            self.row += 1
            self.column = 0
        elif name == "sheetData":
            self.in_data = False

    def characters(self, data: str) -> None:
        if self.pieces is not None:
            self.pieces.append(data)
        elif self.texts is not None and self.texts.pieces is not None:
            self.texts.pieces.append(data)
        elif self.in_formula and self.formula is not None:
            self.formula.append(data)

    def convert(self, text: str) -> Any:
        """A ``<v>``'s value by the cell's type."""
        kind = self.type
        if kind == "n":
            return self.number(text)
        if kind == "s":
            if not text.isdigit() or not text.isascii():
                return None  # (calamine: an error value, shown empty)
            if int(text) >= len(self.strings):
                raise Refused("a shared string that is not in the table")
            return self.strings[int(text)] or None
        if kind == "str":
            return text or None
        if kind == "b":
            if text in {"1", "true", "TRUE"}:
                return True
            if text in {"0", "false", "FALSE"}:
                return False
            raise Refused(f"a boolean cell of {text!r}")
        if kind == "e":
            if text not in ERRORS:
                raise Refused(f"an error value calamine does not read: {text!r}")
            return ErrorValue(text)
        if kind == "d":
            return iso_value(text)
        raise Refused(f"a cell of type {kind!r}")

    def number(self, text: str) -> Any:
        if text != text.strip() or "_" in text:
            return text  # not a number to calamine: the text as it is
        try:
            value = float(text)
        except ValueError:
            return text or None
        style = int(self.style) if self.style.isdigit() else 0
        kind = self.kinds[style] if style < len(self.kinds) else ""
        if kind == "date":
            return excel_date(value, self.is_1904)
        if kind == "duration":
            return timedelta(milliseconds=_round(value * DAY_MS))
        return int(value) if value.is_integer() else value

    def grid(self) -> Grid:
        """The cells as a rectangle of rows from A1 to the last cell that holds something."""
        if not self.cells:
            return []
        height = max(row for row, _ in self.cells) + 1
        width = max(column for _, column in self.cells) + 1
        grid: Grid = [[None] * width for _ in range(height)]
        for (row, column), value in self.cells.items():
            grid[row][column] = value
        unseen(grid, self.unsaved, self.merges)
        return grid


_PLAIN = frozenset({"n", "s", "b", "e"})
_NOTHING: Any = object()  # a cell without a value: no part of the grid's extent


def _position(reference: str) -> tuple[int, int]:
    """``B3`` → (2, 1): zero-based row and column."""
    column = 0
    for index, char in enumerate(reference):
        if "A" <= char <= "Z":
            column = column * 26 + ord(char) - 64
        elif "a" <= char <= "z":
            column = column * 26 + ord(char) - 96
        else:
            return int(reference[index:]) - 1, column - 1
    raise Refused(f"a cell reference without a row: {reference!r}")


def _round(value: float) -> int:
    """Rust's rounding: half away from zero."""
    return math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)


#: The first day (serial, after the 29 February correction) calamine's dates (chrono's, from
#: the year -262144) hold: before it, calamine gives the number itself.
CHRONO_FIRST_DAY = -96439723


def excel_date(value: float, is_1904: bool) -> Any:
    """A serial date as calamine gives it: a time under 1, a date (as a datetime at
    midnight) when whole, a datetime (to the millisecond) else; past 9999 the number."""
    days = value + 1462 if is_1904 else value
    if days < 60:
        days += 1  # Excel's 29 February 1900, which never was
    if days * DAY_MS <= -(2**63):
        raise Refused("a date before any calamine reads")  # (calamine panics)
    try:
        moment = EPOCH + timedelta(milliseconds=_round(days * DAY_MS))
    except OverflowError:
        moment = None
    if moment is None and value < 1.0 and days >= CHRONO_FIRST_DAY:
        # before the year 1 but within chrono's dates (calamine's): the time of day
        return (datetime.min + timedelta(milliseconds=_round(days * DAY_MS) % DAY_MS)).time()
    if moment is None or moment > LAST_DAY or moment.year < 1:
        return int(value) if value.is_integer() else value
    if value < 1.0:
        return moment.time()
    if value.is_integer():
        return datetime(moment.year, moment.month, moment.day)
    return moment


def iso_value(text: str) -> Any:
    """A ``t="d"`` cell's ISO 8601 text as calamine gives it (the text itself when it is
    not one calamine reads)."""
    found = re.fullmatch(_ISO_DATE, text)
    if found is not None:
        year, month, day, hour, minute, second, fraction = found.groups()
        if hour is None:
            return datetime(int(year), int(month), int(day))
        micro = int((fraction or "0").ljust(6, "0")[:6])
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), micro)
    found = re.fullmatch(_ISO_TIME, text)
    if found is not None:
        hour, minute, second, fraction = found.groups()
        micro = int((fraction or "0").ljust(6, "0")[:6])
        return time(int(hour), int(minute), int(second), micro)
    return text or None
