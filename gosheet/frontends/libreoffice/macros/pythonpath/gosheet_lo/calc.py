"""The open workbook through UNO: finding it, reading every sheet, and values on
their way to and from Calc."""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, Any

from .errors import Failure

if TYPE_CHECKING:  # (LibreOffice's own Python may be older than gosheet's)
    #: Every sheet's values by its name, row by row: ``gosheet.workbook.port.Grids`` (the
    #: macros import no gosheet).
    Grids = dict[str, list[list[Any]]]

CELL_RE = re.compile(r"^\$?([A-Z]{1,3})\$?([1-9][0-9]{0,6})$")  # a cell's name, as A1


def uno_module() -> Any:
    """The ``uno`` module (imported when needed, so that these modules can be read
    and tested by a Python without LibreOffice)."""
    return importlib.import_module("uno")


def is_spreadsheet(candidate: Any) -> bool:
    try:
        return bool(candidate.supportsService("com.sun.star.sheet.SpreadsheetDocument"))
    except Exception:
        return False


def find_document(args: tuple[Any, ...], context: Any) -> Any:
    """The workbook to act on: a spreadsheet passed as an argument, else the
    document the macro was called from (the current one; ``context`` is the
    macro's ``XSCRIPTCONTEXT``)."""
    for candidate in args:
        if is_spreadsheet(candidate):
            return candidate
    document = context.getDocument() if context is not None else None
    if not is_spreadsheet(document):
        raise Failure(
            "Open a gosheet workbook (.xlsx or .ods) in LibreOffice Calc first, "
            "then use the gosheet menu; gosheet ▸ New tournament… or Import roster… "
            "starts one."
        )
    return document


def cell_value(value: Any) -> Any:
    """A value read from Calc as gosheet expects it.

    >>> [cell_value(v) for v in (3.0, 2.5, "", "1-0")]
    [3, 2.5, None, '1-0']
    """
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if value == "":
        return None
    return value


def read_sheets(document: Any) -> Grids:
    """Every sheet's used area, row by row, from A1."""
    sheets = document.getSheets()
    grids: Grids = {}
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
        grids[sheet.getName()] = [[cell_value(v) for v in row] for row in area.getDataArray()]
    return grids


def to_calc(value: Any) -> Any:
    """A value for ``setDataArray``: numbers as floats, text as text, nothing as ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def write_value(cell: Any, value: Any) -> None:
    if value is None:
        cell.setString("")
    elif isinstance(value, (bool, int, float)):
        cell.setValue(float(value))
    else:
        cell.setString(str(value))  # as text, never read as a formula or a date


def number_format_key(document: Any, code: str) -> int:
    """The document's key of a number format (added when it has none)."""
    uno = uno_module()
    formats = document.getNumberFormats()
    locale = uno.createUnoStruct("com.sun.star.lang.Locale")
    key = formats.queryKey(code, locale, False)
    if key == -1:
        key = formats.addNew(code, locale)
    return int(key)
