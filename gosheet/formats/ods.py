"""The first sheet of an OpenDocument spreadsheet (``.ods``) read in pure Python, as
python-calamine reads it: the roster reader where calamine cannot be imported (LibreOffice's
own Python, WebAssembly Python). The cells are read by the workbook's own reader of
``content.xml`` (:mod:`gosheet.workbook.ods.cells`: expat, no document type or entity
declaration), after :func:`gosheet.workbook.limits.archive.check_workbook` has bounded the archive.

What calamine does, this does: repeated rows and cells (``table:number-rows-repeated``,
``table:number-columns-repeated``) stand for as many, but empty ones at the end of a row
or of the table stand for nothing; a covered cell (under a merge) is a cell; a number,
percentage or currency is its ``office:value``; a date its ``office:date-value`` (a date, or a
datetime with a time); a time its ``office:time-value`` (a time under 24 hours, else the
text); a text joins its paragraphs with line breaks and counts ``text:s`` spaces. The grid
starts at A1 and ends at the last cell that holds something; an empty cell is ``""``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from gosheet.workbook.ods.cells import OdsError, iso_date, iso_duration, read_tables
from gosheet.workbook.ods.package import content_of

__all__ = ["OdsError", "TooLarge", "all_sheets", "first_sheet", "iso_date", "iso_duration"]


class TooLarge(OdsError):
    """The sheet is larger than asked for: its size, counted without making it."""

    def __init__(self, rows: int, columns: int) -> None:
        super().__init__(f"{rows:,} rows and {columns:,} columns")
        self.rows = rows
        self.columns = columns


def first_sheet(path: Path, max_rows: int, max_columns: int) -> list[list[Any]]:
    """The first sheet's values (``""`` for an empty cell); :class:`TooLarge` beyond
    ``max_rows`` or ``max_columns`` (nothing made), :class:`OdsError` (or a zip or XML
    error) when calamine would not read the file either."""
    with zipfile.ZipFile(path) as archive:
        content = content_of(archive)
    tables = read_tables(content, breaks=False)
    if not tables:
        return []
    rows, columns = tables[0].size()
    if rows > max_rows or columns > max_columns:
        raise TooLarge(rows, columns)
    return tables[0].grid("")


def all_sheets(path: Path, max_rows: int, max_columns: int) -> dict[str, list[list[Any]]]:
    """Every sheet's values by its name, in the file's order, as :func:`first_sheet` gives the
    first (:class:`TooLarge` for a sheet beyond the bounds)."""
    with zipfile.ZipFile(path) as archive:
        content = content_of(archive)
    sheets: dict[str, list[list[Any]]] = {}
    for table in read_tables(content, breaks=False):
        rows, columns = table.size()
        if rows > max_rows or columns > max_columns:
            raise TooLarge(rows, columns)
        sheets.setdefault(table.name, table.grid(""))
    return sheets
