"""An ``.xlsx``'s cell values, every worksheet's, read once as grids (None for an empty cell,
whole numbers as int, dates as datetime, as openpyxl gives them): with python-calamine (one
parse of the workbook, no cell objects; a large workbook's sheets on two threads), or where
calamine cannot be imported (LibreOffice's own Python, WebAssembly Python; ``GOSHEET_PURE``)
with gosheet's own reader of the parts (:mod:`gosheet.workbook.xlsx.parts.values`, the same
values cell for cell)."""

from __future__ import annotations

import functools
from collections.abc import Collection
from datetime import date, datetime
from pathlib import Path
from typing import Any

from gosheet import accelerators
from gosheet.collector import paused
from gosheet.workbook.port import Grid, Grids


def read_grids(path: Path, plain: Collection[str] = ()) -> Grids | None:
    """Every worksheet's values as openpyxl gives them (None for an empty cell, whole numbers
    as int, dates as datetime): python-calamine's reading where it can be imported, else
    gosheet's own reader of the parts, which gives the same values; None when the file cannot
    be read so (openpyxl then reads it, or says why). ``plain``: the worksheet parts known to
    hold no error value, formula or merge (the limits' scan found none)."""
    if accelerators.available("python_calamine"):
        return calamine_grids(path, plain)
    return pure_grids(path)


def pure_grids(path: Path) -> Grids | None:
    """:func:`read_grids` without python-calamine: expat over the sheets' parts."""
    from gosheet.workbook.xlsx.parts.values import workbook_grids

    with paused():  # (a big workbook's rows: many lists, no cycles)
        return workbook_grids(path)


def calamine_grids(path: Path, plain: Collection[str] = ()) -> Grids | None:
    """:func:`read_grids` through python-calamine (None when it cannot be imported)."""
    calamine = accelerators.load("python_calamine")
    if calamine is None:
        return None
    CalamineWorkbook = calamine.CalamineWorkbook
    failures = (
        calamine.CalamineError,
        calamine.PasswordError,
        calamine.XmlError,
        calamine.ZipError,
        OSError,
        ValueError,
        KeyError,
        OverflowError,  # (a duration past Python's timedelta)
    )

    def sheet(name: str) -> Grid:
        # a workbook object of its own: calamine parses on two cores (it lets go of the
        # interpreter), 0.18 s -> 0.12 s for a 5,000-player workbook
        rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(name)
        grid: Grid = rows.to_python(skip_empty_area=False)
        return grid

    with paused():  # (a big workbook's rows: many lists, no cycles)
        try:
            workbook = CalamineWorkbook.from_path(str(path))
            names = [s.name for s in workbook.sheets_metadata if _is_worksheet(s)]
            if len(names) > 1 and path.stat().st_size > PARALLEL_READ_FROM and threads_start():
                from concurrent.futures import ThreadPoolExecutor  # (a large workbook's only)

                with ThreadPoolExecutor(2, thread_name_prefix="gosheet-read") as pool:
                    raw = dict(zip(names, pool.map(sheet, names), strict=True))
            else:
                raw = {
                    name: workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)
                    for name in names
                }
        except failures:
            return None
        except BaseException as error:  # a panic of calamine's (pyo3's PanicException)
            if type(error).__name__ == "PanicException":
                return None  # (a duration past chrono's range: as the pure reader, openpyxl)
            raise
        grids = {name: [_values(row) for row in rows] for name, rows in raw.items()}
    from gosheet.workbook.xlsx.parts.hidden import with_errors

    # (calamine: an error value, a formula unsaved: empty)
    return with_errors(grids, path, plain)


#: A workbook file this large (bytes) has its sheets parsed on two threads.
PARALLEL_READ_FROM = 256 * 1024


@functools.cache
def threads_start() -> bool:
    """Whether this Python can start a thread: WebAssembly Python (Pyodide) cannot, and then
    a large workbook's sheets are parsed one after the other."""
    import threading

    try:
        thread = threading.Thread(target=lambda: None, name="gosheet-probe")
        thread.start()
    except RuntimeError:  # "can't start new thread"
        return False
    thread.join()
    return True


def _is_worksheet(sheet: Any) -> bool:
    return "work" in str(getattr(sheet, "typ", "WorkSheet")).lower()


def _values(row: list[Any]) -> list[Any]:
    """:func:`_value` of each cell of a row; a text or a number (nearly every cell) is turned
    without a call."""
    return [
        (value or None)  # "" → None
        if (kind := type(value)) is str
        else (int(value) if value.is_integer() else value)
        if kind is float
        else _value(value)
        for value in row
    ]


def _value(value: Any) -> Any:
    if value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value
