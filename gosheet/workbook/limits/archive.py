"""A workbook's archive checked before anything is parsed (:func:`check_workbook`): its
directory (sizes, compression ratios, duplicate names — nothing is extracted), the macros an
``.xlsx`` may not hold, and each sheet's XML scanned as a stream of bytes for the cell, row,
dimension and merge references, without building a tree, so that a file that would take
gigabytes or minutes to load is refused in a fraction of a second with a message naming the
sheet and the cell. What counts is what cells hold: an empty row or a cell of a style only
(LibreOffice's ``<row r="1048576">`` after a row is deleted) is anywhere in Excel's sheet,
and costs only its parsing (:data:`~gosheet.workbook.limits.MAX_ELEMENTS`)."""

from __future__ import annotations

import functools
import itertools
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook.limits import (
    EXCEL_COLUMNS,
    EXCEL_ROWS,
    MAX_ARCHIVE_BYTES,
    MAX_CELLS,
    MAX_COLUMNS,
    MAX_ELEMENTS,
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_PART_BYTES,
    MAX_RATIO,
    MAX_ROWS,
    MAX_SHEETS,
    RATIO_FROM,
)
from gosheet.workbook.limits.files import check_size
from gosheet.workbook.sheets import column_letter, column_number
from gosheet.workbook.xlsx.parts.package import sheet_parts

# (the patterns of a rare case, compiled when first needed: :func:`_compiled`)
_TAG = rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|dimension|mergeCell)\b([^>]*)>"
_R = rb'\sr\s*=\s*["\']([^"\']*)["\']'
_REF = re.compile(rb'\sref\s*=\s*["\']([^"\']*)["\']')
_CELL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,7})")
_CHUNK = 1 << 20
RESAVE = "open it in LibreOffice and save it again (what it cannot place is left out)"


def check_workbook(
    path: Path, label: str | None = None, *, sheets: bool = True, book: bool = False
) -> frozenset[str]:
    """Refuse an archive (``.xlsx``, ``.xlsm``, ``.ods``) beyond the limits, before it is
    parsed; with ``sheets``, scan every worksheet of an ``.xlsx`` too; with ``book`` (a
    tournament workbook, which gosheet may save), refuse an ``.xlsx`` holding macros.

    The worksheet parts scanned that hold no error value, no formula and no merge (their
    XML as every office suite writes it): what python-calamine reads as they are, which
    :func:`gosheet.workbook.xlsx.parts.hidden.with_errors` need not read again."""
    label = label or str(path)
    check_size(path, MAX_FILE_BYTES, "workbook")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            _check_directory(label, infos)
            if book and path.suffix.lower() == ".xlsx":
                refuse_macros(label, [info.filename for info in infos])
            if sheets:
                return _check_sheets(label, archive)
    except zipfile.BadZipFile as error:
        raise FileProblem(
            _("{path}: not a workbook (not a zip archive: {error})").format(path=label, error=error)
        ) from None
    except (zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as error:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(path=label, error=error)
        ) from None
    return frozenset()


def refuse_macros(label: str, names: list[str]) -> None:
    """Refuse an ``.xlsx`` that holds a VBA project (Excel refuses to open it): only an
    ``.xlsm`` holds macros. LibreOffice saving it again as ``.xlsx`` leaves them out."""
    macros = [n for n in names if n.rsplit("/", 1)[-1].casefold() == "vbaproject.bin"]
    if macros:
        raise FileProblem(
            _(
                "{path}: an .xlsx workbook holding macros ({part}), which Excel refuses to "
                "open; save it again in LibreOffice as .xlsx (the macros are left out), or as "
                ".xlsm (Excel 2007-365, macro-enabled) to keep them; nothing read"
            ).format(path=label, part=macros[0])
        )


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


def _check_sheets(label: str, archive: zipfile.ZipFile) -> frozenset[str]:
    parts = sheet_parts(archive, label)
    if len(parts) > MAX_SHEETS:
        raise FileProblem(f"{label}: {len(parts)} sheets, more than {MAX_SHEETS}")
    cells = 0
    bounds: list[tuple[str, str, int]] = []  # the sheets whose every cell tag was counted
    plain: set[str] = set()
    for part, sheet in sorted(parts.items()):
        counted, exact, hidden = _scan_sheet(label, sheet, _chunks(archive, part, label))
        if not hidden:
            plain.add(part)
        cells += counted
        if not exact:
            bounds.append((part, sheet, counted))
        if cells > MAX_CELLS and bounds:  # then the cells that hold something, told apart
            for bound_part, bound_sheet, bound in bounds:
                pieces = _whole_tags(label, bound_sheet, _chunks(archive, bound_part, label))
                cells += _count_held(label, bound_sheet, pieces) - bound
            bounds = []
        if cells > MAX_CELLS:
            raise FileProblem(
                f"{label}: more than {MAX_CELLS:,} cells (the last counted in sheet "
                f"'{sheet}'); gosheet reads no more"
            )
    return frozenset(plain)


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


@functools.cache
def _compiled(pattern: bytes) -> re.Pattern[bytes]:
    """A pattern of a rare case (a sheet in another form, or at the limits), compiled once
    when first needed: most workbooks never need it."""
    return re.compile(pattern)


_HOLDING = rb'<c r="([A-Z]{1,3})([0-9]{1,7})"[^>]*(?<!/)>(?!\s*</c>)'
_ODD_ROW = re.compile(  # a row number that is not one from 1 to 1,048,576
    rb'<row r="(?![1-9][0-9]{0,5}"|10[0-3][0-9]{4}"|104[0-7][0-9]{3}"|1048[0-4][0-9]{2}"'
    rb'|10485[0-6][0-9]"|104857[0-6]")([^"]*)"'
)
_AREA = re.compile(rb"<(dimension|mergeCell) ([^>]*)>")
_EMPTY_END = rb"\s*</(?:[A-Za-z_][\w.-]*:)?c\s*>"
# The form every office suite writes, a cell's reference first: a cell tag of another form
# (no reference, or not first, or not a reference) or a row tag without its number first.
_ODD_CELL = re.compile(rb'<c(?:[>/]| (?!r="[A-Z]{1,3}[1-9][0-9]{0,6}"))')
_ODD_ROW_TAG = re.compile(rb'<row(?:[>/]| (?!r="))')


def _far_pattern() -> re.Pattern[bytes]:
    """The cell references that may lie beyond :data:`MAX_COLUMNS` or :data:`MAX_ROWS` (and
    so every one beyond Excel's last cell): more letters or digits than the limit's, or as
    many from its first one on — a few more than those beyond, each then checked exactly."""
    letters, digits = column_letter(MAX_COLUMNS - 1), str(MAX_ROWS)
    columns = f"[A-Z]{{{len(letters) + 1},3}}[0-9]|[{letters[0]}-Z][A-Z]{{{len(letters) - 1}}}[0-9]"
    rows = (
        f'[A-Z]{{1,3}}(?:[0-9]{{{len(digits) + 1},7}}|[{digits[0]}-9][0-9]{{{len(digits) - 1}}})"'
    )
    return re.compile(f'<c r="(?={columns}|{rows})([A-Z]{{1,3}})([0-9]{{1,7}})"'.encode())


_FAR = _far_pattern()


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
    """The cells a ``mergeCell`` covers (its references checked against the limits: openpyxl
    makes a cell of each); a ``dimension``'s references are checked as references only (it
    declares an area, which may hold nothing)."""
    ref = _REF.search(attributes)
    if ref is None:
        return 0
    merge = tag == b"mergeCell"
    corners = [_reference(label, sheet, c, merge) for c in ref.group(1).split(b":")[:2]]
    if not merge or len(corners) != 2:
        return 0
    (c1, r1), (c2, r2) = corners
    return (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)


def _refuse_beyond(label: str, sheet: str, cells: int, elements: int = 0) -> None:
    if cells > MAX_CELLS:
        raise FileProblem(
            f"{label}: sheet '{sheet}' has more than {MAX_CELLS:,} cells; gosheet reads no more"
        )
    if elements > MAX_ELEMENTS:
        raise FileProblem(
            f"{label}: sheet '{sheet}' has more than {MAX_ELEMENTS:,} rows and cells, even "
            "empty ones; gosheet reads no more"
        )


def _scan_sheet(label: str, sheet: str, chunks: Iterator[bytes]) -> tuple[int, bool, bool]:
    """The cells a sheet's XML holds (those that hold something: a value, a text, a
    formula), their references checked against the limits, whether that count is exact
    (else every cell tag, empty or not, was counted), and whether the sheet may hold what
    python-calamine reads as empty (an error value, a formula, a merge; or any other form
    than the usual one): a few literal searches a chunk
    at a time (a sheet of 100,000 cells in hundredths of a second) for the form every office
    suite writes (``<row r="7"``, ``<c r="B7"``); any other form (prefixed tags, references
    omitted or not first) is read tag by tag (:func:`_scan_sheet_slowly`).

    Every cell tag is counted first, empty or not: while they stay within
    :data:`MAX_CELLS` (the workbook's too: :func:`_check_sheets`), and none lies where a
    cell that holds something may not (:data:`_FAR`), the cells that hold something need not
    be told apart; beyond, they are (``_HOLDING``), and the sheet refused as before.

    An empty row or cell (formatting only: ``<row r="1048576" ht="12.8"/>``,
    ``<c r="XFD5" s="3"/>``) is anywhere in Excel's sheet: LibreOffice writes one after a
    row is deleted. Only its reference is checked, and it counts among the
    :data:`MAX_ELEMENTS` of a sheet."""
    tags = held = areas = elements = 0
    exact = False  # the cells that hold something told apart (tags: every cell tag)
    hidden = False
    pieces = _whole_tags(label, sheet, chunks)
    seen: list[bytes] = []
    for data in pieces:
        seen.append(data)
        if (
            _ODD_CELL.search(data)
            or _ODD_ROW_TAG.search(data)
            or b":c " in data
            or b":row " in data
        ):
            return _scan_sheet_slowly(label, sheet, itertools.chain(seen, pieces)), True, True
        count = data.count(b"<c ")
        elements += count + data.count(b"<row ")
        tags += count
        for odd in _ODD_ROW.findall(data):
            _row_number(label, sheet, odd)
        _check_far(label, sheet, data)
        if b"<dimension " in data or b"<mergeCell " in data:
            hidden = hidden or b"<mergeCell " in data
            for tag, attributes in _AREA.findall(data):
                areas += _area_cells(label, sheet, tag, b" " + attributes)
        hidden = hidden or b't="e"' in data or b"</f>" in data
        if not exact and tags + areas > MAX_CELLS:
            exact = True
            held = sum(len(_compiled(_HOLDING).findall(before)) for before in seen[:-1])
        if exact:
            held += len(_compiled(_HOLDING).findall(data))
        _refuse_beyond(label, sheet, (held if exact else tags) + areas, elements)
    return (held if exact else tags) + areas, exact, hidden


def _check_far(label: str, sheet: str, data: bytes) -> None:
    """The references of ``data`` beyond Excel's last cell (a damaged file), and those of
    cells holding something beyond :data:`MAX_COLUMNS` or :data:`MAX_ROWS`: refused."""
    found = list(_FAR.finditer(data))
    if not found:
        return
    far = [(m.group(1), m.group(2)) for m in found]
    for letters in {c for c, d in far if len(c) == 3}:
        if column_number(letters.decode()) > EXCEL_COLUMNS:
            digits = next(d for c, d in far if c == letters)
            _reference(label, sheet, letters + digits, False)
    for digits in {d for c, d in far if len(d) == 7}:
        if int(digits) > EXCEL_ROWS:
            letters = next(c for c, d in far if d == digits)
            _reference(label, sheet, letters + digits, False)
    holding = _compiled(_HOLDING)
    held = [ref for ref, m in zip(far, found, strict=True) if holding.match(data, m.start())]
    for letters in {c for c, d in held if len(c) > 1}:
        if column_number(letters.decode()) > MAX_COLUMNS:
            digits = next(d for c, d in held if c == letters)
            _reference(label, sheet, letters + digits)
    for digits in {d for c, d in held if len(d) > 4}:
        if int(digits) > MAX_ROWS:
            letters = next(c for c, d in held if d == digits)
            _reference(label, sheet, letters + digits)


def _count_held(label: str, sheet: str, pieces: Iterator[bytes]) -> int:
    """The cells of a sheet in the usual form, already scanned (:func:`_scan_sheet`), that
    hold something (not ``<c r="B7" s="1"/>`` nor ``<c r="B7"></c>``), and the cells of its
    merges, refused beyond the limits."""
    cells = elements = 0
    for data in pieces:
        elements += data.count(b"<c ") + data.count(b"<row ")
        cells += len(_compiled(_HOLDING).findall(data))
        for tag, attributes in _AREA.findall(data):
            cells += _area_cells(label, sheet, tag, b" " + attributes)
        _refuse_beyond(label, sheet, cells, elements)
    return cells


def _scan_sheet_slowly(label: str, sheet: str, pieces: Iterator[bytes]) -> int:
    """The cells a sheet's XML holds, a tag at a time (cells and rows numbered by their
    place); ``pieces`` as :func:`_whole_tags` gives them."""
    row = cells = column = elements = 0
    tags, empty_end, reference = _compiled(_TAG), _compiled(_EMPTY_END), _compiled(_R)
    for data in pieces:
        for match in tags.finditer(data):
            tag, attributes = match.group(1), match.group(2)
            if tag == b"c":
                elements += 1
                holds = not attributes.endswith(b"/") and not empty_end.match(data, match.end())
                cells += holds
                r = reference.search(attributes)
                if r is None:
                    column += 1
                    if holds:
                        _within(label, sheet, f"row {row}, column {column}", row, column)
                    continue
                column, number = _reference(label, sheet, r.group(1), holds)
                row = number or row
            elif tag == b"row":
                elements += 1
                r = reference.search(attributes)
                column = 0
                row = row + 1 if r is None else _row_number(label, sheet, r.group(1))
            else:
                cells += _area_cells(label, sheet, tag, attributes)
            _refuse_beyond(label, sheet, cells, elements)
    return cells


def _row_number(label: str, sheet: str, text: bytes) -> int:
    if not text.isdigit() or int(text) < 1:
        raise FileProblem(
            f"{label}: sheet '{sheet}': row number {text.decode('utf-8', 'replace')!r} is "
            f"not a row (1, 2, 3 …); the file is damaged: {RESAVE}"
        )
    number = int(text)
    if number > EXCEL_ROWS:
        raise FileProblem(
            f"{label}: {sheet}!row {number}: beyond the last row of a sheet "
            f"({EXCEL_ROWS:,}); the file is damaged: {RESAVE}"
        )
    return number


def _reference(label: str, sheet: str, text: bytes, held: bool = True) -> tuple[int, int]:
    """(column, row) of a cell reference such as ``B7``, written as Excel writes it (capital
    letters, no ``$``, a row from 1) and within Excel's last cell (XFD1048576); ``held``: a
    cell that holds something, or a merged area, within gosheet's limits too."""
    decoded = text.decode("utf-8", "replace")
    match = _CELL.fullmatch(decoded)
    if match is None or decoded != decoded.upper() or match.group(2).startswith("0"):
        raise FileProblem(
            f"{label}: sheet '{sheet}': {decoded!r} is not a cell reference (like B7); "
            f"the file is damaged: {RESAVE}"
        )
    column, row = column_number(match.group(1)), int(match.group(2))
    if column > EXCEL_COLUMNS or row > EXCEL_ROWS:
        raise FileProblem(
            f"{label}: {sheet}!{decoded}: beyond the last cell of a sheet (XFD{EXCEL_ROWS}); "
            f"the file is damaged: {RESAVE}"
        )
    if held:
        _within(label, sheet, decoded, row, column)
    return column, row


def _within(label: str, sheet: str, where: str, row: int, column: int) -> None:
    if row > MAX_ROWS or column > MAX_COLUMNS:
        raise FileProblem(
            f"{label}: {sheet}!{where}: beyond what gosheet reads in a sheet ({MAX_ROWS:,} rows, "
            f"{MAX_COLUMNS} columns); move what it holds within them (or delete it) and save "
            "again"
        )
