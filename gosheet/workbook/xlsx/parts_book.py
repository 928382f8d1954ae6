"""The part writer's engine (:class:`PartsBook`, ``GOSHEET_XLSX_ENGINE`` ``fast`` or
``parts``): the cell values read once, as grids (:mod:`gosheet.workbook.xlsx.grids`), a
command's changes kept as edits of them (:class:`~gosheet.workbook.edits.Edits`), and a save
that rewrites only the parts they change (:mod:`gosheet.workbook.xlsx.parts`).

``fast`` and ``parts`` are this one engine: ``fast`` hands the workbook to openpyxl
(:class:`~gosheet.workbook.xlsx.openpyxl_book.OpenpyxlBook`, the changes made so far replayed
into it) when the part writer meets what it does not change safely, or when a caller asks for
the openpyxl objects (:attr:`PartsBook.workbook`) or renames a sheet; ``parts`` refuses to
save such a workbook instead (the tests: a workbook the part writer cannot save is then an
error, never hidden)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from gosheet.collector import paused
from gosheet.core.errors import FileProblem
from gosheet.workbook.edits import Edits
from gosheet.workbook.port import CellValue, Grids
from gosheet.workbook.saving.atomic import Fingerprint, backup_path, check_archive, replacing
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.xlsx.book import XlsxBook

if TYPE_CHECKING:
    from openpyxl import Workbook

    from gosheet.workbook.xlsx.openpyxl_book import OpenpyxlBook


class PartsBook(XlsxBook):
    """An ``.xlsx`` read as grids and saved by the part writer; with ``fallback``, by
    openpyxl where the part writer cannot."""

    def __init__(self, path: Path, grids: Grids, *, fallback: bool = True) -> None:
        self.path = path
        self.source = path  # the file the grids were read from (``path`` may change)
        self.engine = "fast" if fallback else "parts"
        self.fallback = fallback
        self.grids_read = grids  # the cell values as read
        self.edits = Edits(list(grids))
        self.log: list[tuple[str, tuple[Any, ...]]] = []  # the changes, to replay into openpyxl
        self.openpyxl: OpenpyxlBook | None = None  # the fallback, once taken

    @property
    def fast(self) -> bool:
        return self.openpyxl is None

    def handed_over(self) -> OpenpyxlBook:
        """The workbook in openpyxl's hands (loaded on first use, with the changes made so
        far; from then on every change goes through openpyxl)."""
        if self.openpyxl is None:
            from gosheet.workbook.xlsx.openpyxl_book import OpenpyxlBook, load

            book = OpenpyxlBook(load(self.source), self.path)
            for kind, args in self.log:
                if kind == "render":
                    book.render(*args)
                else:
                    book.set_cell(*args)
            self.openpyxl = book
        return self.openpyxl

    @property
    def workbook(self) -> Workbook:
        return self.handed_over().workbook

    def grids(self) -> Grids:
        """Every sheet's cell values, row by row (with the changes made so far)."""
        if self.openpyxl is not None:
            return self.openpyxl.grids()
        return self.edits.grids(self.grids_read.__getitem__)

    def render(self, data: SheetData, index: int | None = None) -> None:
        """Write ``data`` as a whole sheet, replacing one of the same name (names that differ
        by case only are one sheet, as in Excel)."""
        if self.openpyxl is not None:
            self.openpyxl.render(data, index)
            return
        self.log.append(("render", (data, index)))
        self.edits.render(data, index)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        if self.openpyxl is not None:
            self.openpyxl.set_cell(sheet, cell, value)
            return
        if sheet not in self.edits.order:
            raise KeyError(f"Worksheet {sheet} does not exist.")
        self.log.append(("set", (sheet, cell, value)))
        self.edits.set_cell(sheet, cell, value)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet through openpyxl (a change of language is rare)."""
        self.handed_over().rename_sheet(old, new)

    def write(
        self, target: Path, *, backup: bool, expected: Fingerprint | None, action: str
    ) -> Path:
        saved = None
        if self.openpyxl is None:
            saved = self.write_parts(target, backup=backup, expected=expected, action=action)
        self.saved_by = "parts"
        if saved is None:
            self.saved_by = "openpyxl"
            saved = self.handed_over().write(
                target, backup=backup, expected=expected, action=action
            )
        return saved

    def write_parts(
        self, target: Path, *, backup: bool, expected: Fingerprint | None, action: str
    ) -> Path | None:
        """Save with the part writer; None when it cannot (nothing was written)."""
        from gosheet.workbook.xlsx.parts.package import Package
        from gosheet.workbook.xlsx.parts.saving import Changes, write
        from gosheet.workbook.xlsx.parts.spans import Damaged, Unsupported

        target = target.resolve()
        changes = Changes(list(self.edits.order), self.edits.rendered, self.edits.patches)
        try:
            package = Package(self.source)
            keep = backup_path(target) if backup else None
            history = action if backup else None
            with replacing(target, expected=expected, backup=keep, history=history) as temporary:
                with paused():  # (a big sheet's rows and cells: many objects, no cycles)
                    write(package, changes, temporary)
                check_archive(temporary, target)
        except Damaged as why:
            raise FileProblem(f"{self.source}: cannot be read as a workbook ({why})") from None
        except Unsupported as why:
            if not self.fallback:
                raise FileProblem(f"{target}: the part writer cannot save it ({why})") from None
            return None
        return target
