"""The ``.xlsx`` (or ``.xlsm``) workbook file: read into cell grids, sheets written, saved
safely — by one of two engines, one behaviour.

- :class:`~gosheet.workbook.xlsx.parts_book.PartsBook`, the default: the cell values read
  with python-calamine, or gosheet's own reader of the parts where calamine cannot be
  imported (:mod:`gosheet.workbook.xlsx.grids`), and a save that rewrites only the parts a
  command changed (:mod:`gosheet.workbook.xlsx.parts`) — every other part is copied byte for
  byte. Where the part writer meets what it does not change safely, it hands the workbook,
  with the changes made so far, to the other engine.
- :class:`~gosheet.workbook.xlsx.openpyxl_book.OpenpyxlBook`: openpyxl loads the whole
  workbook into objects and writes it all again — a new workbook made from the template, and
  the part writer's fallback.

The environment variable ``GOSHEET_XLSX_ENGINE`` chooses: ``fast`` (the default: the part
writer, falling back to openpyxl), ``parts`` (the same part writer, with no fallback: the
tests, where a workbook the part writer cannot save is an error, never hidden) or
``openpyxl`` (openpyxl alone: the benchmark's baseline).

Saving never leaves a half-written workbook: the new file is written to a temporary file
beside the original, the original is copied to ``NAME.backup.xlsx`` and into the history
folder ``NAME.history/``, and only then does the new file replace it
(:mod:`gosheet.workbook.saving.atomic`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from gosheet.core.errors import FileProblem
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.limits.files import book_target, regular_file
from gosheet.workbook.port import BookPort, SheetRenamer
from gosheet.workbook.saving.atomic import Fingerprint, tidy
from gosheet.workbook.saving.locks import holding, refuse_if_busy
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import BookState

if TYPE_CHECKING:
    from openpyxl import Workbook

Engine = Literal["fast", "parts", "openpyxl"]
ENGINE_VARIABLE = "GOSHEET_XLSX_ENGINE"


def chosen_engine(engine: str | None = None) -> Engine:
    """The engine asked for, else ``GOSHEET_XLSX_ENGINE``, else ``fast``."""
    name = engine or os.environ.get(ENGINE_VARIABLE) or "fast"
    if name == "fast" or name == "parts" or name == "openpyxl":
        return name  # type: ignore[return-value]  # (mypy does not narrow a str by ==)
    raise FileProblem(f"{ENGINE_VARIABLE}={name!r}: the engines are fast, parts and openpyxl")


class XlsxBook(BookPort, SheetRenamer):
    """An open ``.xlsx`` workbook, a workbook port that renames sheets: what both engines
    share — opening (:meth:`open`, :meth:`editing`), reading the tournament, and a save
    refused when the file changed since it was read."""

    path: Path | None = None
    fingerprint: Fingerprint | None = None  # the file as read: a save refuses if it changed
    saved_by: str | None = None  # "parts" or "openpyxl": how the last save was written
    engine: Engine = "openpyxl"

    @classmethod
    def open(cls, path: str | Path, engine: str | None = None) -> XlsxBook:
        """The workbook at ``path``, checked against the limits, by the engine asked for
        (:func:`chosen_engine`); read by openpyxl whatever the engine when calamine and
        gosheet's own reader cannot read it (openpyxl then reads it, or says why)."""
        from gosheet.workbook.xlsx.grids import read_grids
        from gosheet.workbook.xlsx.parts_book import PartsBook

        path = regular_file(path, "workbook")
        if path.suffix.lower() not in (".xlsx", ".xlsm"):
            raise FileProblem(f"{path}: not an .xlsx workbook")
        plain = check_workbook(path, book=True)  # (the sheets without errors, formulas, merges)
        tidy(path)  # a killed command's temporary and lock files
        try:
            fingerprint = Fingerprint.of(path)  # before the load: a change meanwhile is seen
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error
        chosen = chosen_engine(engine)
        grids = None if chosen == "openpyxl" else read_grids(path, plain)
        book: XlsxBook
        if grids is None:  # (openpyxl, and its engine, loaded only then)
            from gosheet.workbook.xlsx.openpyxl_book import OpenpyxlBook, load

            book = OpenpyxlBook(load(path), path)
            book.engine = chosen
        else:
            book = PartsBook(path, grids, fallback=chosen == "fast")
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
        """The workbook as openpyxl objects, with the changes made so far."""
        raise NotImplementedError

    @property
    def fast(self) -> bool:
        """Whether the part writer saves this workbook (openpyxl was never needed)."""
        return False

    def read(self) -> BookState:
        return read_book(self.grids())

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
        saved = self.write(target, backup=backup, expected=expected, action=action)
        if same:
            self.fingerprint = Fingerprint.of(saved)
        return saved

    def write(
        self, target: Path, *, backup: bool, expected: Fingerprint | None, action: str
    ) -> Path:
        """The engine's save to ``target`` (refused if the file is not ``expected``)."""
        raise NotImplementedError
