"""The workbook file adapter: an ``.xlsx`` (or ``.xlsm``) read into cell grids, sheets
written, saved safely.

Two engines, one behaviour. The default reads the cell values with python-calamine (one parse
of the workbook, no cell objects) — or, where calamine cannot be imported (LibreOffice's own
Python, WebAssembly Python; ``GOSHEET_PURE``), with gosheet's own reader of the parts
(:mod:`gosheet.workbook.xlsx.parts.values`, the same values cell for cell) — and saves by
rewriting only the parts a command changed (:mod:`gosheet.workbook.xlsx.parts`: the sheets
gosheet writes whole, the cells it changes in the organiser's sheets, the sheet list, the
styles) — every other part is copied byte for byte.
``openpyxl`` loads the whole workbook into objects and writes it all again: the path of a new
workbook made from the template, of any code that asks for :attr:`XlsxBook.workbook`, and the
fallback when the part writer meets what it does not change safely. The environment variable
``GOSHEET_XLSX_ENGINE=openpyxl`` makes it the only one (the benchmark's baseline);
``GOSHEET_XLSX_ENGINE=parts`` forbids the fallback (the tests: a workbook the part writer
cannot save is then an error, never hidden).

Saving never leaves a half-written workbook: the new file is written to a temporary file beside
the original, the original is copied to ``NAME.backup.xlsx`` and into the history folder
``NAME.history/``, and only then does the new file replace it
(:mod:`gosheet.workbook.saving.atomic`).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from gosheet import accelerators
from gosheet.core.errors import FileProblem
from gosheet.workbook.edits import Edits
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.limits.files import book_target, regular_file
from gosheet.workbook.port import BookPort, CellValue, Grid, Grids, SheetRenamer
from gosheet.workbook.saving.atomic import (
    Fingerprint,
    backup_path,
    check_archive,
    replacing,
    tidy,
)
from gosheet.workbook.saving.locks import holding, refuse_if_busy
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.sheets.reader import gc_paused, read_book
from gosheet.workbook.sheets.reading import BookState

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = ["Engine", "XlsxBook", "backup_path"]

Engine = Literal["fast", "parts", "openpyxl"]
ENGINE_VARIABLE = "GOSHEET_XLSX_ENGINE"


def chosen_engine(engine: str | None = None) -> Engine:
    """The engine asked for, else ``GOSHEET_XLSX_ENGINE``, else ``fast``."""
    name = engine or os.environ.get(ENGINE_VARIABLE) or "fast"
    if name == "fast" or name == "parts" or name == "openpyxl":
        return name  # type: ignore[return-value]  # (mypy does not narrow a str by ==)
    raise FileProblem(f"{ENGINE_VARIABLE}={name!r}: the engines are fast, parts and openpyxl")


class XlsxBook(BookPort, SheetRenamer):
    """An open ``.xlsx`` workbook, a workbook port that renames sheets."""

    fingerprint: Fingerprint | None = None  # the file as read: a save refuses if it changed
    saved_by: str | None = None  # "parts" or "openpyxl": how the last save was written
    engine: Engine = "openpyxl"

    def __init__(self, workbook: Workbook | None, path: Path | None = None) -> None:
        self._workbook = workbook
        self.path = path
        self._grids: Grids | None = None  # as read (fast engine)
        self._edits = Edits([])
        self._log: list[tuple[str, tuple[Any, ...]]] = []  # fast: to replay into openpyxl

    @classmethod
    def open(cls, path: str | Path, engine: str | None = None) -> XlsxBook:
        path = regular_file(path, "workbook")
        if path.suffix.lower() not in (".xlsx", ".xlsm"):
            raise FileProblem(f"{path}: not an .xlsx workbook")
        check_workbook(path, book=True)
        tidy(path)  # a killed command's temporary and lock files
        try:
            fingerprint = Fingerprint.of(path)  # before the load: a change meanwhile is seen
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error
        chosen = chosen_engine(engine)
        if chosen == "openpyxl":
            from gosheet.workbook.xlsx.openpyxl_book import load

            book = cls(load(path), path)
        else:
            book = cls(None, path)
            book.engine = chosen
            book._grids = read_grids(path)
            if book._grids is None:  # calamine could not: openpyxl reads it, or says why
                from gosheet.workbook.xlsx.openpyxl_book import load

                book._workbook = load(path)
            else:
                book._edits = Edits(list(book._grids))
        book.fingerprint = fingerprint
        return book

    @classmethod
    @contextmanager
    def editing(cls, path: str | Path, engine: str | None = None) -> Iterator[XlsxBook]:
        """Open ``path`` to change it, holding gosheet's own lock until the block ends (a
        second gosheet command on it waits), refusing at once a workbook open elsewhere."""
        path = Path(path)
        if not path.parent.is_dir():
            cls.open(path, engine)  # raises "no such file", the same message as without a lock
        with holding(path):
            refuse_if_busy(path.resolve())
            yield cls.open(path, engine)

    @property
    def workbook(self) -> Workbook:
        """The workbook as openpyxl objects (loaded on first use, with the changes made so
        far; from then on every change goes through openpyxl)."""
        if self._workbook is None:
            from gosheet.workbook.xlsx import openpyxl_book as xlsx_openpyxl

            assert self.path is not None
            workbook = xlsx_openpyxl.load(self.path)
            for kind, args in self._log:
                if kind == "render":
                    xlsx_openpyxl.render(workbook, *args)
                else:
                    xlsx_openpyxl.set_cell(workbook, *args)
            self._workbook = workbook
        return self._workbook

    @property
    def fast(self) -> bool:
        """Whether the part writer saves this workbook (openpyxl was never needed)."""
        return self._workbook is None

    def grids(self) -> Grids:
        """Every sheet's cell values, row by row (with the changes made so far)."""
        if not self.fast:
            from gosheet.workbook.xlsx.openpyxl_book import grids

            return grids(self.workbook)
        assert self._grids is not None
        return self._edits.grids(self._grids.__getitem__)

    def read(self) -> BookState:
        return read_book(self.grids())

    def render(self, data: SheetData, index: int | None = None) -> None:
        """Write ``data`` as a whole sheet, replacing one of the same name (names that differ
        by case only are one sheet, as in Excel)."""
        if not self.fast:
            from gosheet.workbook.xlsx.openpyxl_book import render

            render(self.workbook, data, index)
            return
        self._log.append(("render", (data, index)))
        self._edits.render(data, index)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        if not self.fast:
            from gosheet.workbook.xlsx.openpyxl_book import set_cell

            set_cell(self.workbook, sheet, cell, value)
            return
        if sheet not in self._edits.order:
            raise KeyError(f"Worksheet {sheet} does not exist.")
        self._log.append(("set", (sheet, cell, value)))
        self._edits.set_cell(sheet, cell, value)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet (the workbook's language changed: ``Round 1`` → ``Тур 1``), keeping
        everything in it; the formulas and defined names that name it follow. Done through
        openpyxl (a change of language is rare): the workbook is loaded with the changes made
        so far, and openpyxl saves it."""
        from gosheet.workbook.xlsx.openpyxl_book import renamed_in_formulas

        workbook = self.workbook
        workbook[old].title = new
        renamed_in_formulas(workbook, old, new)

    def save(
        self, path: str | Path | None = None, *, backup: bool = True, action: str = "save"
    ) -> Path:
        """Save (``action`` names the change in the workbook's history); refused if the
        file changed since it was read."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise FileProblem("no file name to save to")
        book_target(target)
        same = self.path is not None and target.resolve() == self.path.resolve()
        expected = self.fingerprint if same else None
        saved = None
        if self.fast:
            saved = self._save_parts(target, backup=backup, expected=expected, action=action)
        self.saved_by = "parts"
        if saved is None:
            from gosheet.workbook.xlsx.openpyxl_book import save_atomically

            self.saved_by = "openpyxl"
            saved = save_atomically(
                self.workbook, target, backup=backup, expected=expected, action=action
            )
        if same:
            self.fingerprint = Fingerprint.of(saved)
        return saved

    def _save_parts(
        self, target: Path, *, backup: bool, expected: Fingerprint | None, action: str
    ) -> Path | None:
        """Save with the part writer; None when it cannot (nothing was written)."""
        from gosheet.workbook.xlsx.parts.package import Package
        from gosheet.workbook.xlsx.parts.saving import Changes, write
        from gosheet.workbook.xlsx.parts.spans import Damaged, Unsupported

        assert self.path is not None
        target = target.resolve()
        edits = self._edits
        changes = Changes(list(edits.order), edits.rendered, edits.patches)
        try:
            package = Package(self.path)
            keep = backup_path(target) if backup else None
            history = action if backup else None
            with replacing(target, expected=expected, backup=keep, history=history) as temporary:
                write(package, changes, temporary)
                check_archive(temporary, target)
        except Damaged as why:
            raise FileProblem(f"{self.path}: cannot be read as a workbook ({why})") from None
        except Unsupported as why:
            if self.engine == "parts":
                raise FileProblem(f"{target}: the part writer cannot save it ({why})") from None
            return None
        return target


def read_grids(path: Path) -> Grids | None:
    """Every worksheet's values as openpyxl gives them (None for an empty cell, whole numbers
    as int, dates as datetime): python-calamine's reading where it can be imported, else
    gosheet's own reader of the parts, which gives the same values; None when the file cannot
    be read so (openpyxl then reads it, or says why)."""
    if accelerators.available("python_calamine"):
        return calamine_grids(path)
    return pure_grids(path)


def pure_grids(path: Path) -> Grids | None:
    """:func:`read_grids` without python-calamine: expat over the sheets' parts."""
    from gosheet.workbook.xlsx.parts.values import workbook_grids

    with gc_paused():  # (a big workbook's rows: many lists, no cycles)
        return workbook_grids(path)


def calamine_grids(path: Path) -> Grids | None:
    """:func:`read_grids` through python-calamine (None when it cannot be imported)."""
    from concurrent.futures import ThreadPoolExecutor

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

    with gc_paused():  # (a big workbook's rows: many lists, no cycles)
        try:
            workbook = CalamineWorkbook.from_path(str(path))
            names = [s.name for s in workbook.sheets_metadata if _is_worksheet(s)]
            if len(names) > 1 and path.stat().st_size > PARALLEL_READ_FROM and threads_start():
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
    from gosheet.workbook.xlsx.parts.values import with_errors

    return with_errors(grids, path)  # (calamine reads an error value as an empty cell)


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
