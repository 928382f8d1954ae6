"""The limits of what gosheet reads and writes, checked before anything is parsed.

A workbook (or a roster spreadsheet) is a zip archive of XML parts. Before openpyxl or
calamine builds anything, :func:`check_workbook` looks at the archive's directory (sizes,
compression ratios, duplicate names — nothing is extracted) and scans each sheet's XML as a
stream of bytes for the cell, row, dimension and merge references, without building a tree,
so a file that would take gigabytes or minutes to load is refused in a fraction of a second
with a message naming the sheet and the cell. The limits are far above any real tournament
(docs/workbook.md lists them). :func:`regular_file` refuses a pipe, a folder or a device
before it is opened; :func:`cell_text` and :func:`header_text` keep what gosheet writes
valid (XML 1.0 characters only, Excel's 255 characters of a page header).
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import zipfile
from collections.abc import Iterator
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook.parts.package import WORKBOOK, relationships_in, rels_name, sheets_in
from gosheet.workbook.parts.spans import Unsupported

MAX_ROWS = 20_000
"""Rows of one sheet (a tournament of 2,000 players over 10 rounds has under 2,100)."""
MAX_COLUMNS = 200
"""Columns of one sheet (column GR)."""
MAX_CELLS = 1_000_000
"""Cells of a whole workbook, merged cells counted one by one (as openpyxl makes them)."""
MAX_SHEETS = 250
MAX_FILE_BYTES = 50_000_000
"""A workbook file on disk (a big tournament's workbook is well under 1 MB)."""
MAX_PART_BYTES = 100_000_000
"""One part of the archive, uncompressed (a sheet's XML, the shared strings …)."""
MAX_ARCHIVE_BYTES = 200_000_000
"""All parts together, uncompressed."""
MAX_RATIO = 200
"""Uncompressed / compressed size of a part over :data:`RATIO_FROM` bytes (sheets: ~10)."""
RATIO_FROM = 1_000_000
MAX_ENTRIES = 10_000
MAX_ROSTER_BYTES = 20_000_000
"""A roster file (CSV or spreadsheet); 20,000 players take about 1 MB."""
MAX_XML_BYTES = 50_000_000
"""An OpenGotha tournament file."""
MAX_XML_DEPTH = 64
"""Nesting of an OpenGotha file's elements (OpenGotha's own files: 4 levels)."""
MAX_STRUCTURE_BYTES = 10_000_000
"""``xl/workbook.xml`` or its relationships (a workbook of 250 sheets: about 30 KB)."""
MAX_HEADER = 255
"""Characters of a page header or footer, codes included: Excel refuses more."""
BOOK_SUFFIXES = (".xlsx", ".xlsm")

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|dimension|mergeCell)\b([^>]*)>")
_R = re.compile(rb'\sr\s*=\s*["\']([^"\']*)["\']')
_REF = re.compile(rb'\sref\s*=\s*["\']([^"\']*)["\']')
_CELL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,7})")
_WORKSHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml")
_CHUNK = 1 << 20


def regular_file(path: str | os.PathLike[str], what: str = "file") -> Path:
    """``path`` if it is a regular file (after links); a pipe, a folder, a device or a missing
    file is refused at once, never opened."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise FileProblem(_("{path}: no such file").format(path=path)) from None
    except OSError as error:
        raise FileProblem(
            _("{path}: cannot be read ({error})").format(path=path, error=error.strerror or error)
        ) from None
    if stat.S_ISDIR(mode):
        raise FileProblem(f"{path}: is a folder, not a {what}")
    if not stat.S_ISREG(mode):
        raise FileProblem(
            f"{path}: not a regular file (a pipe, socket or device); gosheet reads a {what} "
            "only from a file on disk"
        )
    return path


def check_size(path: Path, limit: int, what: str) -> None:
    """Refuse a file larger than ``limit`` bytes."""
    size = path.stat().st_size
    if size > limit:
        raise FileProblem(
            f"{path}: {size:,} bytes, more than gosheet reads in a {what} ({limit:,} bytes)"
        )


def book_target(path: str | os.PathLike[str]) -> Path:
    """``path`` if gosheet can write a workbook under its name (``.xlsx``; an ``.xlsm`` only
    from a macro-enabled template). Another extension would name another format."""
    path = Path(path)
    if path.suffix.lower() not in BOOK_SUFFIXES:
        right = path.with_suffix(".xlsx").name if path.suffix else f"{path.name}.xlsx"
        raise FileProblem(
            _(
                "{path}: gosheet writes a tournament workbook as .xlsx, not {suffix}; name it "
                "{right} (a macro-enabled .xlsm comes from 'gosheet excel-template'); nothing "
                "written"
            ).format(path=path, suffix=path.suffix or _("a file without an extension"), right=right)
        )
    return path


def cell_text(value: object) -> object:
    """A text without the characters XML 1.0 cannot hold (control characters but tab and
    newline, lone surrogates, U+FFFE, U+FFFF); other values unchanged."""
    if isinstance(value, str) and _ILLEGAL.search(value):
        return _ILLEGAL.sub("", value)
    return value


def header_text(title: str, room: int = MAX_HEADER - 2) -> str:
    """A page header's text: ``&`` doubled (Excel's codes start with one), XML-clean, at most
    ``room`` characters (Excel's 255 less the ``&C`` before it), cut on a whole character."""
    clean = str(cell_text(title))
    if len(clean.replace("&", "&&")) <= room:
        return clean.replace("&", "&&")
    cut = clean[: room - 1]
    while len(cut.replace("&", "&&")) > room - 1:
        cut = cut[:-1]
    return cut.replace("&", "&&") + "…"


def column_number(letters: str) -> int:
    """``A`` → 1, ``Z`` → 26, ``AA`` → 27."""
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - 64
    return number


def check_workbook(path: Path, label: str | None = None, *, sheets: bool = True) -> None:
    """Refuse an archive (``.xlsx``, ``.xlsm``, ``.ods``) beyond the limits, before it is
    parsed; with ``sheets``, scan every worksheet of an ``.xlsx`` too."""
    label = label or str(path)
    check_size(path, MAX_FILE_BYTES, "workbook")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            _check_directory(label, infos)
            if sheets:
                _check_sheets(label, archive)
    except zipfile.BadZipFile as error:
        raise FileProblem(
            _("{path}: not a workbook (not a zip archive: {error})").format(path=label, error=error)
        ) from None
    except (zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as error:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(path=label, error=error)
        ) from None


def _check_directory(label: str, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_ENTRIES:
        raise FileProblem(f"{label}: {len(infos):,} parts, more than {MAX_ENTRIES:,}")
    seen: set[str] = set()
    total = 0
    for info in infos:
        name = info.filename
        if name.casefold() in seen:
            raise FileProblem(f"{label}: the part {name} is in the archive twice (damaged file)")
        seen.add(name.casefold())
        if info.file_size > MAX_PART_BYTES:
            raise FileProblem(
                f"{label}: the part {name} unpacks to {info.file_size:,} bytes, more than "
                f"gosheet reads ({MAX_PART_BYTES:,})"
            )
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > RATIO_FROM and ratio > MAX_RATIO:
            raise FileProblem(
                f"{label}: the part {name} unpacks {ratio:,.0f} times its size (a 'zip bomb'; "
                f"workbooks stay under {MAX_RATIO})"
            )
        total += info.file_size
        if total > MAX_ARCHIVE_BYTES:
            raise FileProblem(
                f"{label}: unpacks to more than {MAX_ARCHIVE_BYTES:,} bytes; gosheet reads no more"
            )


def sheet_parts(archive: zipfile.ZipFile, label: str = "") -> dict[str, str]:
    """Each worksheet part of an ``.xlsx`` and its sheet's name: every part under
    ``xl/worksheets/`` (named as the part when ``xl/workbook.xml`` does not name it) and every
    part a sheet of ``xl/workbook.xml`` refers to, wherever it is. The workbook part and its
    relationships are read by the part writer's reader (:mod:`.parts.package`: expat, no
    tree, no DTD), each after its size is bounded (:data:`MAX_STRUCTURE_BYTES`)."""
    names = set(archive.namelist())
    parts = {n: n for n in names if _WORKSHEET_PART.fullmatch(n)}
    if WORKBOOK not in names:
        return parts
    label = label or archive.filename or "workbook"
    try:
        book = _bounded(archive, WORKBOOK, label)
        rels = rels_name(WORKBOOK)
        related = (
            relationships_in(_bounded(archive, rels, label), WORKBOOK) if rels in names else []
        )
        targets = {r.id: r.target for r in related}
        for sheet in sheets_in(book):
            target = targets.get(sheet.attributes.get("id", ""))
            if target in names:
                parts[target] = sheet.attributes.get("name", "")
    except Unsupported as why:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(path=label, error=why)
        ) from None
    return parts


def _bounded(archive: zipfile.ZipFile, name: str, label: str) -> bytes:
    with archive.open(name) as stream:
        data = stream.read(MAX_STRUCTURE_BYTES + 1)
    if len(data) > MAX_STRUCTURE_BYTES:
        raise FileProblem(f"{label}: the part {name} is more than {MAX_STRUCTURE_BYTES:,} bytes")
    return data


def _check_sheets(label: str, archive: zipfile.ZipFile) -> None:
    parts = sheet_parts(archive, label)
    if len(parts) > MAX_SHEETS:
        raise FileProblem(f"{label}: {len(parts)} sheets, more than {MAX_SHEETS}")
    cells = 0
    for part, sheet in sorted(parts.items()):
        cells += _scan_sheet(label, sheet, _chunks(archive, part, label))
        if cells > MAX_CELLS:
            raise FileProblem(
                f"{label}: more than {MAX_CELLS:,} cells (the last counted in sheet "
                f"'{sheet}'); gosheet reads no more"
            )


def _chunks(archive: zipfile.ZipFile, part: str, label: str) -> Iterator[bytes]:
    """The part's bytes a chunk at a time, never more than :data:`MAX_PART_BYTES` (whatever
    the archive's directory says)."""
    read = 0
    with archive.open(part) as stream:
        while chunk := stream.read(_CHUNK):
            read += len(chunk)
            if read > MAX_PART_BYTES:
                raise FileProblem(
                    f"{label}: the part {part} unpacks to more than {MAX_PART_BYTES:,} bytes"
                )
            yield chunk


_CELL_COLUMN = re.compile(rb'<c r="\$?([A-Za-z]{1,7})')
_ROW_NUMBER = re.compile(rb'<row r="([^"]*)"')
_AREA = re.compile(rb"<(dimension|mergeCell) ([^>]*)>")


def _whole_tags(label: str, sheet: str, chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The chunks cut after their last ``>``: no tag is split between two pieces."""
    rest = b""
    for chunk in chunks:
        data = rest + chunk
        end = data.rfind(b">") + 1
        data, rest = data[:end], data[end:]
        if len(rest) > 10 * _CHUNK:
            raise FileProblem(f"{label}: sheet '{sheet}' is not well-formed XML")
        yield data


def _area_cells(label: str, sheet: str, tag: bytes, attributes: bytes) -> int:
    """The cells a ``mergeCell`` covers (its references checked, as a ``dimension``'s)."""
    ref = _REF.search(attributes)
    if ref is None:
        return 0
    corners = [_reference(label, sheet, c) for c in ref.group(1).split(b":")[:2]]
    if tag != b"mergeCell" or len(corners) != 2:
        return 0
    (c1, r1), (c2, r2) = corners
    return (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)


def _refuse_beyond(label: str, sheet: str, cells: int) -> None:
    if cells > MAX_CELLS:
        raise FileProblem(
            f"{label}: sheet '{sheet}' has more than {MAX_CELLS:,} cells; gosheet reads no more"
        )


def _scan_sheet(label: str, sheet: str, chunks: Iterator[bytes]) -> int:
    """The cells a sheet's XML holds, its references checked against the limits: a few
    passes of literal searches a chunk at a time (a sheet of 100,000 cells in hundredths of
    a second) for the form every office suite writes (``<row r="7"``, ``<c r="B7"``); any
    other form (prefixed tags, references omitted or not first) is read tag by tag
    (:func:`_scan_sheet_slowly`)."""
    cells = 0
    pieces = _whole_tags(label, sheet, chunks)
    seen: list[bytes] = []
    for data in pieces:
        seen.append(data)
        columns = _CELL_COLUMN.findall(data)
        rows = _ROW_NUMBER.findall(data)
        tags = sum(data.count(t) for t in (b"<c ", b"<c>", b"<c/>"))
        row_tags = sum(data.count(t) for t in (b"<row ", b"<row>", b"<row/>"))
        if tags != len(columns) or row_tags != len(rows) or b":c " in data or b":row " in data:
            return _scan_sheet_slowly(label, sheet, itertools.chain(seen, pieces))
        cells += tags
        for text in rows:
            if not text.isdigit() or int(text) < 1 or int(text) > MAX_ROWS:
                number = _row_number(label, sheet, text)
                _within(label, sheet, f"row {number}", number, 1)
        for letters in set(columns):
            if len(letters) > 2 or column_number(letters.decode()) > MAX_COLUMNS:
                far = next(re.finditer(rb'<c r="\$?' + letters + rb"([0-9]*)", data))
                _reference(label, sheet, letters + far.group(1))
        for tag, attributes in _AREA.findall(data):
            cells += _area_cells(label, sheet, tag, b" " + attributes)
        _refuse_beyond(label, sheet, cells)
    return cells


def _scan_sheet_slowly(label: str, sheet: str, pieces: Iterator[bytes]) -> int:
    """The cells a sheet's XML holds, a tag at a time (cells and rows numbered by their
    place); ``pieces`` as :func:`_whole_tags` gives them."""
    row = cells = column = 0
    for data in pieces:
        for match in _TAG.finditer(data):
            tag, attributes = match.group(1), match.group(2)
            if tag == b"c":
                cells += 1
                r = _R.search(attributes)
                if r is None:
                    column += 1
                    _within(label, sheet, f"row {row}, column {column}", row, column)
                    continue
                column, number = _reference(label, sheet, r.group(1))
                row = number or row
            elif tag == b"row":
                r = _R.search(attributes)
                column = 0
                row = row + 1 if r is None else _row_number(label, sheet, r.group(1))
                _within(label, sheet, f"row {row}", row, 1)
            else:
                cells += _area_cells(label, sheet, tag, attributes)
            _refuse_beyond(label, sheet, cells)
    return cells


def _row_number(label: str, sheet: str, text: bytes) -> int:
    if not text.isdigit() or int(text) < 1:
        raise FileProblem(
            f"{label}: sheet '{sheet}': row number {text.decode('utf-8', 'replace')!r} is "
            "not a row (1, 2, 3 …); the file is damaged"
        )
    return int(text)


def _reference(label: str, sheet: str, text: bytes) -> tuple[int, int]:
    """(column, row) of a cell reference such as ``B7`` (row 0 when it names a column)."""
    decoded = text.decode("utf-8", "replace").replace("$", "")
    match = _CELL.fullmatch(decoded)
    if match is None or int(match.group(2)) < 1:
        raise FileProblem(
            f"{label}: sheet '{sheet}': {decoded!r} is not a cell reference (like B7); "
            "the file is damaged"
        )
    column, row = column_number(match.group(1)), int(match.group(2))
    _within(label, sheet, decoded.upper(), row, column)
    return column, row


def _within(label: str, sheet: str, where: str, row: int, column: int) -> None:
    if row > MAX_ROWS or column > MAX_COLUMNS:
        raise FileProblem(
            f"{label}: {sheet}!{where}: beyond what gosheet reads in a sheet ({MAX_ROWS:,} rows, "
            f"{MAX_COLUMNS} columns); delete what lies beyond (or its formatting) and save again"
        )
