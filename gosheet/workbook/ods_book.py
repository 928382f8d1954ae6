"""The ``.ods`` workbook file adapter (:class:`OdsBook`): an OpenDocument spreadsheet — what
LibreOffice saves by default — read into cell grids, sheets written, saved safely; the same
port, the same behaviour as :class:`~gosheet.workbook.xlsx.XlsxBook`, in pure Python.

Reading: every table of ``content.xml`` (:mod:`gosheet.workbook.odf.cells`), within gosheet's
limits (only cells holding a value count), with the values the ``.xlsx`` path gives for the
same workbook saved as ``.xlsx``. Saving: ``content.xml`` rewritten where gosheet changed it —
the tables it writes whole, the cells it sets in the organiser's tables, renamed sheets,
its styles — every other byte and every other part kept (:mod:`gosheet.workbook.odf.writing`);
written to a temporary file beside the workbook, the previous version kept as
``NAME.backup.ods`` and in ``NAME.history/``, then put in place in one step
(:mod:`gosheet.workbook.atomic`). What the writer cannot change safely is refused before
anything is written: there is no fallback writer of ``.ods``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook import limits
from gosheet.workbook.atomic import Fingerprint, backup_path, check_archive, replacing
from gosheet.workbook.locks import holding, refuse_if_busy
from gosheet.workbook.odf.cells import read_tables
from gosheet.workbook.odf.package import grids_of, read_book
from gosheet.workbook.parts.cells import position
from gosheet.workbook.parts.spans import Unsupported, check_well_formed
from gosheet.workbook.port import BookPort, CellValue, Grid, Grids, SheetRenamer
from gosheet.workbook.reader import BookState
from gosheet.workbook.reader import read_book as read_tournament
from gosheet.workbook.sheets import SheetData

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
        self._order = list(grids)
        self._rendered: dict[str, SheetData] = {}
        self._patches: dict[str, dict[str, Any]] = {}
        self._renamed: dict[str, str] = {}  # the sheet's name in the file → its name now

    @classmethod
    def open(cls, path: str | Path) -> OdsBook:
        path = limits.regular_file(path, "workbook")
        if path.suffix.lower() != ODS_SUFFIX:
            raise FileProblem(f"{path}: not an .ods workbook")
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
        out = {}
        for name in self._order:
            if name in self._rendered:
                data = self._rendered[name]
                out[name] = [list(data.headers), *(list(r) for r in data.rows)]
                continue
            grid = [list(row) for row in self._grids[self._original(name)]]
            for cell, value in self._patches.get(name, {}).items():
                put(grid, *position(cell), value)
            out[name] = grid
        return out

    def _original(self, name: str) -> str:
        return next((old for old, new in self._renamed.items() if new == name), name)

    def read(self) -> BookState:
        return read_tournament(self.grids())

    def render(self, data: SheetData, index: int | None = None) -> None:
        """Write ``data`` as a whole sheet, replacing one of the same name (names that differ
        by case only are one sheet)."""
        same = [n for n in self._order if n.casefold() == data.name.casefold()]
        if same:
            index = self._order.index(same[0]) if index is None else index
            self._order.remove(same[0])
            self._rendered.pop(same[0], None)
            self._patches.pop(same[0], None)
        self._order.insert(len(self._order) if index is None else index, data.name)
        self._rendered[data.name] = replace(data, rows=[list(r) for r in data.rows])

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        if sheet not in self._order:
            raise KeyError(f"Worksheet {sheet} does not exist.")
        data = self._rendered.get(sheet)
        if data is None:
            position(cell)  # a reference gosheet can write
            self._patches.setdefault(sheet, {})[cell.upper()] = value
            return
        row, column = position(cell)
        if row == 1:
            columns = list(data.columns)
            while len(columns) < column:
                columns.append(type(columns[0])(""))
            columns[column - 1] = replace(columns[column - 1], header=str(value))
            data.columns = tuple(columns)
        else:
            put(data.rows, row - 1, column, value)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet, keeping everything in it; the formulas and ranges that name it
        follow."""
        if old not in self._order:
            raise KeyError(f"Worksheet {old} does not exist.")
        self._order[self._order.index(old)] = new
        for table in (self._rendered, self._patches):
            if old in table:
                table[new] = table.pop(old)  # type: ignore[assignment]
        if new in self._rendered:
            self._rendered[new] = replace(self._rendered[new], name=new)
        else:
            original = self._original(old)
            self._renamed[original] = new

    def save(
        self, path: str | Path | None = None, *, backup: bool = True, action: str = "save"
    ) -> Path:
        """Save (``action`` names the change in the workbook's history); refused if the
        file changed since it was read, or if what changed cannot be written safely
        (nothing is written then)."""
        from gosheet.workbook.odf.writing import Changes, new_content, write_archive

        target = Path(path) if path is not None else self.path
        if target.suffix.lower() != ODS_SUFFIX:
            raise FileProblem(
                _("{path}: an .ods workbook is saved as .ods; nothing written").format(path=target)
            )
        same = target.resolve() == self.path.resolve()
        expected = self.fingerprint if same else None
        changes = Changes(list(self._order), self._rendered, self._patches, self._renamed)
        try:
            content = new_content(self._content, changes)
            check_well_formed(content)
            read_tables(content)
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
            write_archive(self.path, content, temporary)
            check_archive(temporary, target)
        saved = target.resolve()
        if same:
            self.fingerprint = Fingerprint.of(saved)
        return saved


def put(grid: Grid, row: int, column: int, value: CellValue) -> None:
    """Set a cell of a grid of values (1-based row and column), growing it as needed."""
    while len(grid) < row:
        grid.append([])
    line = grid[row - 1]
    while len(line) < column:
        line.append(None)
    line[column - 1] = limits.cell_text(value)
