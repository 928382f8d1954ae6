"""The ``.ods`` workbook file adapter (:class:`OdsBook`): an OpenDocument spreadsheet — what
LibreOffice saves by default — read into cell grids, sheets written, saved safely; the same
port, the same behaviour as :class:`~gosheet.workbook.xlsx.book.XlsxBook`, in pure Python.

Reading: every table of ``content.xml`` (:mod:`gosheet.workbook.ods.cells`), within gosheet's
limits (only cells holding a value count), with the values the ``.xlsx`` path gives for the
same workbook saved as ``.xlsx``. Saving: ``content.xml`` rewritten where gosheet changed it —
the tables it writes whole, the cells it sets in the organiser's tables, renamed sheets,
its styles — every other byte and every other part kept (:mod:`gosheet.workbook.ods.writing`);
written to a temporary file beside the workbook, the previous version kept as
``NAME.backup.ods`` and in ``NAME.history/``, then put in place in one step
(:mod:`gosheet.workbook.saving.atomic`). What the writer cannot change safely is refused before
anything is written: there is no fallback writer of ``.ods``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import replace
from gosheet.workbook.edits import Edits
from gosheet.workbook.limits.files import regular_file
from gosheet.workbook.ods.cells import read_tables
from gosheet.workbook.ods.package import grids_of, read_book
from gosheet.workbook.ods.pages import Pages, styles_of
from gosheet.workbook.port import BookPort, CellValue, Grids, SheetRenamer
from gosheet.workbook.saving.atomic import Fingerprint, backup_path, check_archive, replacing, tidy
from gosheet.workbook.saving.locks import holding, refuse_if_busy
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.sheets.reader import read_book as read_tournament
from gosheet.workbook.sheets.reading import BookState
from gosheet.workbook.xlsx.parts.spans import Unsupported, check_well_formed

ODS_SUFFIX = ".ods"


class OdsBook(BookPort, SheetRenamer):
    """An open ``.ods`` workbook, a workbook port that renames sheets."""

    saved_by = "ods"
    engine = "ods"

    def __init__(self, path: Path, content: bytes, grids: Grids) -> None:
        self.path = path
        self.fingerprint: Fingerprint | None = None
        self._content = content
        self._grids = grids
        self._edits = Edits(list(grids))
        self._renamed: dict[str, str] = {}  # the sheet's name in the file → its name now

    @classmethod
    def open(cls, path: str | Path) -> OdsBook:
        path = regular_file(path, "workbook")
        if path.suffix.lower() != ODS_SUFFIX:
            raise FileProblem(f"{path}: not an .ods workbook")
        tidy(path)  # a killed command's temporary and lock files
        try:
            fingerprint = Fingerprint.of(path)  # before the load: a change meanwhile is seen
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error
        content, tables = read_book(path)
        book = cls(path, content, grids_of(tables))
        book.fingerprint = fingerprint
        return book

    @classmethod
    @contextmanager
    def editing(cls, path: str | Path) -> Iterator[OdsBook]:
        """Open ``path`` to change it, holding gosheet's own lock until the block ends,
        refusing at once a workbook open elsewhere (as :meth:`XlsxBook.editing`)."""
        path = Path(path)
        if not path.parent.is_dir():
            cls.open(path)  # raises "no such file", the same message as without a lock
        with holding(path):
            refuse_if_busy(path.resolve())
            yield cls.open(path)

    def grids(self) -> Grids:
        """Every sheet's cell values, row by row (with the changes made so far)."""
        return self._edits.grids(lambda name: self._grids[self._original(name)])

    def _original(self, name: str) -> str:
        """The sheet's name in the file (before a rename)."""
        return next((old for old, new in self._renamed.items() if new == name), name)

    def read(self) -> BookState:
        return read_tournament(self.grids())

    def render(self, data: SheetData, index: int | None = None) -> None:
        """Write ``data`` as a whole sheet, replacing one of the same name (names that differ
        by case only are one sheet)."""
        self._edits.render(data, index)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        self._edits.set_cell(sheet, cell, value)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet, keeping everything in it; the formulas and ranges that name it
        follow."""
        edits = self._edits
        if old not in edits.order:
            raise KeyError(f"Worksheet {old} does not exist.")
        edits.order[edits.order.index(old)] = new
        if old in edits.patches:
            edits.patches[new] = edits.patches.pop(old)
        if old in edits.rendered:
            edits.rendered[new] = replace(edits.rendered.pop(old), name=new)
        else:
            self._renamed[self._original(old)] = new

    def save(
        self, path: str | Path | None = None, *, backup: bool = True, action: str = "save"
    ) -> Path:
        """Save (``action`` names the change in the workbook's history); refused if the
        file changed since it was read, or if what changed cannot be written safely
        (nothing is written then)."""
        from gosheet.workbook.ods.writing import Changes, new_content, write_archive

        target = Path(path) if path is not None else self.path
        if target.suffix.lower() != ODS_SUFFIX:
            raise FileProblem(
                _("{path}: an .ods workbook is saved as .ods; nothing written").format(path=target)
            )
        same = target.resolve() == self.path.resolve()
        expected = self.fingerprint if same else None
        edits = self._edits
        changes = Changes(list(edits.order), edits.rendered, edits.patches, self._renamed)
        try:
            pages = Pages(styles_of(self.path)) if edits.rendered else None
            content = new_content(self._content, changes, pages)
            check_well_formed(content)
            read_tables(content)
            styles = pages.new_styles() if pages is not None else None
            if styles is not None:
                check_well_formed(styles)
        except Unsupported as why:
            raise FileProblem(
                _(
                    "{path}: gosheet cannot write this .ods safely ({why}); nothing written; "
                    "save it as .xlsx in LibreOffice and run the command on that"
                ).format(path=target, why=why)
            ) from None
        keep = backup_path(target.resolve()) if backup else None
        history = action if backup else None
        with replacing(target, expected=expected, backup=keep, history=history) as temporary:
            write_archive(self.path, content, temporary, styles)
            check_archive(temporary, target)
        saved = target.resolve()
        if same:
            self.fingerprint = Fingerprint.of(saved)
        return saved
