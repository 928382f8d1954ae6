"""An ``.ods`` archive opened: its ``mimetype`` and manifest checked (a password-protected
file is refused), ``content.xml`` read (never past :data:`~gosheet.workbook.limits.MAX_PART_BYTES`)
and its tables turned into the grids gosheet reads — the values the ``.xlsx`` path gives for
the same workbook saved as ``.xlsx``: whole numbers as ``int``, dates as ``datetime``, an
empty cell None. The archive is bounded first
(:func:`gosheet.workbook.limits.archive.check_workbook`: sizes, ratios, entries)."""

from __future__ import annotations

import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook import limits
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.ods.cells import Bounds, OdsError, Table, read_tables
from gosheet.workbook.port import Grids
from gosheet.workbook.xlsx.parts.spans import Unsupported

MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
CONTENT = "content.xml"
MANIFEST = "META-INF/manifest.xml"


def content_of(archive: zipfile.ZipFile) -> bytes:
    """``content.xml`` of an OpenDocument spreadsheet (:class:`OdsError` when the archive is
    not one, or is encrypted)."""
    names = set(archive.namelist())
    if "mimetype" not in names:
        raise OdsError("'mimetype' file not found in archive")
    if archive.read("mimetype").strip() != MIMETYPE:
        raise OdsError("not an OpenDocument spreadsheet (its mimetype)")
    if MANIFEST not in names:
        raise OdsError(f"'{MANIFEST}' file not found in archive")
    if b"encryption-data" in bounded(archive, MANIFEST):
        raise OdsError("Workbook is password protected")
    if CONTENT not in names:
        raise OdsError(f"'{CONTENT}' file not found in archive")
    return bounded(archive, CONTENT)


def bounded(archive: zipfile.ZipFile, name: str) -> bytes:
    """A part's bytes, never more than :data:`~gosheet.workbook.limits.MAX_PART_BYTES`
    (whatever the archive's directory says)."""
    with archive.open(name) as stream:
        data = stream.read(limits.MAX_PART_BYTES + 1)
    if len(data) > limits.MAX_PART_BYTES:
        raise OdsError(f"the part {name} unpacks to more than {limits.MAX_PART_BYTES:,} bytes")
    return data


def workbook_bounds(label: str) -> Bounds:
    """gosheet's limits of a workbook (:mod:`gosheet.workbook.limits`)."""
    return Bounds(label, limits.MAX_ROWS, limits.MAX_COLUMNS, limits.MAX_CELLS)


def read_book(path: Path) -> tuple[bytes, list[Table]]:
    """``content.xml`` and its tables, within gosheet's limits; :class:`FileProblem` for a
    file that is not an ``.ods`` workbook gosheet reads, naming why."""
    check_workbook(path, sheets=False)
    try:
        with zipfile.ZipFile(path) as archive:
            content = content_of(archive)
        tables = read_tables(content, workbook_bounds(str(path)))
    except (OdsError, Unsupported, zipfile.BadZipFile, OSError, EOFError) as why:
        if type(why).__name__ == "OutOfBounds":
            raise FileProblem(str(why)) from None
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(path=path, error=why)
        ) from None
    if len(tables) > limits.MAX_SHEETS:
        raise FileProblem(f"{path}: {len(tables)} sheets, more than {limits.MAX_SHEETS}")
    names = [t.name.casefold() for t in tables]
    if len(set(names)) != len(names) or "" in names:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(
                path=path, error="two sheets of one name, or a sheet without a name"
            )
        )
    return content, tables


def book_value(value: Any) -> Any:
    """A value as the ``.xlsx`` path gives it: a whole number an ``int``, a date a
    ``datetime``, an empty text None."""
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() else value
    if kind is date:
        return datetime(value.year, value.month, value.day)
    return value


def grids_of(tables: list[Table]) -> Grids:
    """Every table's grid, as the ``.xlsx`` path gives a sheet's."""
    return {table.name: table.grid(None, book_value) for table in tables}
