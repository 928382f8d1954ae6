"""The workbook file adapter (openpyxl): read a ``.xlsx`` into cell grids,
render :class:`SheetData`, and save safely.

Saving never leaves a half-written workbook: the new file is written to a
temporary file beside the original, the original is copied to
``NAME.backup.xlsx`` and into the history folder ``NAME.history/``, and only
then does the new file replace it (:mod:`gosheet.workbook.atomic`).
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import MergedCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from gosheet.core.errors import FileProblem, InputError, Problem
from gosheet.workbook import limits
from gosheet.workbook.atomic import Fingerprint, replacing
from gosheet.workbook.locks import holding, refuse_if_busy
from gosheet.workbook.reader import BookState, read_book
from gosheet.workbook.sheets import HEADER_COLOUR, SheetData

VBA_PART = "xl/vbaProject.bin"
# A named font on every cell: Arial holds Latin, Cyrillic and Greek, and LibreOffice on Linux
# takes its metric twin Liberation Sans — never a serif fallback (issue 14).
FONT_NAME = "Arial"
BODY_FONT = Font(name=FONT_NAME, size=10)
HEADER_FONT = Font(name=FONT_NAME, size=10, bold=True)
HEADER_FILL = PatternFill("solid", fgColor=HEADER_COLOUR)
HEADER_BORDER = Border(bottom=Side(style="thin"))


def backup_path(path: Path) -> Path:
    """``tournament.xlsx`` → ``tournament.backup.xlsx``."""
    return path.with_name(f"{path.stem}.backup{path.suffix}")


class XlsxBook:
    """An open ``.xlsx`` workbook."""

    fingerprint: Fingerprint | None = None  # the file as read: a save refuses if it changed

    def __init__(self, workbook: Workbook, path: Path | None = None) -> None:
        self.workbook = workbook
        self.path = path

    @classmethod
    def open(cls, path: str | Path) -> XlsxBook:
        path = limits.regular_file(path, "workbook")
        if path.suffix.lower() not in (".xlsx", ".xlsm"):
            raise FileProblem(f"{path}: not an .xlsx workbook")
        limits.check_workbook(path)
        try:
            fingerprint = Fingerprint.of(path)  # before the load: a change meanwhile is seen
            workbook = load_workbook(path, keep_vba=path.suffix.lower() == ".xlsm")
        except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
            raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error
        except Exception as error:  # a damaged part: openpyxl raises whatever its parser met
            problem = f"{type(error).__name__}: {error}"[:300]
            raise FileProblem(f"{path}: cannot be read as a workbook ({problem})") from error
        book = cls(workbook, path)
        book.fingerprint = fingerprint
        return book

    @classmethod
    @contextmanager
    def editing(cls, path: str | Path) -> Iterator[XlsxBook]:
        """Open ``path`` to change it, holding gosheet's own lock until the block ends (a
        second gosheet command on it waits), refusing at once a workbook open elsewhere."""
        path = Path(path)
        if not path.parent.is_dir():
            cls.open(path)  # raises "no such file", the same message as without a lock
        with holding(path):
            refuse_if_busy(path.resolve())
            yield cls.open(path)

    def grids(self) -> dict[str, list[list[Any]]]:
        """Every sheet's cell values, row by row."""
        return {
            ws.title: [list(row) for row in ws.iter_rows(values_only=True)]
            for ws in self.workbook.worksheets
        }

    def read(self) -> BookState:
        return read_book(self.grids())

    def render(self, data: SheetData, index: int | None = None) -> Worksheet:
        """Write ``data`` as a whole sheet, replacing one of the same name."""
        same = [n for n in self.workbook.sheetnames if n.casefold() == data.name.casefold()]
        if same:  # 'standings' is the Standings sheet (names differ by case only in Excel)
            old = self.workbook[same[0]]
            index = self.workbook.sheetnames.index(same[0]) if index is None else index
            self.workbook.remove(old)
        ws: Worksheet = self.workbook.create_sheet(data.name, index)
        render_sheet(ws, data)
        return ws

    def set_cell(self, sheet: str, cell: str, value: Any) -> None:
        target = self.workbook[sheet][cell]
        if isinstance(target, MergedCell):
            merged = next(str(m) for m in self.workbook[sheet].merged_cells.ranges if cell in m)
            message = f"merged with other cells ({merged}), and gosheet writes here: unmerge them"
            raise InputError([Problem(sheet, cell, None, message)])
        target.value = limits.cell_text(value)
        _as_text(target)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet (the workbook's language changed: ``Round 1`` → ``Тур 1``), keeping
        everything in it; the formulas and defined names that name it follow."""
        self.workbook[old].title = new
        renamed_in_formulas(self.workbook, old, new)

    def save(
        self, path: str | Path | None = None, *, backup: bool = True, action: str = "save"
    ) -> Path:
        """Save (``action`` names the change in the workbook's history); refused if the
        file changed since it was read."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise FileProblem("no file name to save to")
        limits.book_target(target)
        same = self.path is not None and target.resolve() == self.path.resolve()
        expected = self.fingerprint if same else None
        saved = save_atomically(
            self.workbook, target, backup=backup, expected=expected, action=action
        )
        if same:
            self.fingerprint = Fingerprint.of(saved)
        return saved


def renamed_in_formulas(workbook: Workbook, old: str, new: str) -> None:
    """Every reference to the sheet ``old`` (``'Round 1'!H2``, ``Players!A1``) in the cells'
    formulas and the defined names, made a reference to ``new``."""

    def quoted(name: str) -> str:
        return "'" + name.replace("'", "''") + "'"

    plain = f"|{re.escape(old)}" if re.fullmatch(r"[A-Za-z_][\w.]*", old) else ""
    reference = re.compile(rf"(?<![\w'.])(?:{re.escape(quoted(old))}{plain})!")

    def follow(text: str) -> str:
        return reference.sub(lambda _: quoted(new) + "!", text)

    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" and isinstance(cell.value, str) and old in cell.value:
                    cell.value = follow(cell.value)
    for defined in workbook.defined_names.values():
        if defined.attr_text and old in defined.attr_text:
            defined.attr_text = follow(defined.attr_text)


def _as_text(cell: Any) -> None:
    """A text that starts with '=' stays text: gosheet never writes a formula, and a name or
    a value from a roster or an OpenGotha file must not become one ("formula injection")."""
    if isinstance(cell.value, str) and cell.value.startswith("="):
        cell.data_type = "s"


def render_sheet(ws: Worksheet, data: SheetData) -> None:
    """Headers, rows, widths, frozen header, print titles, fit to page width."""
    ws.append([limits.cell_text(h) for h in data.headers])
    for row in data.rows:
        ws.append([limits.cell_text(v) for v in row])
    for cells in ws.iter_rows(min_row=2):
        for cell in cells:
            _as_text(cell)
            cell.font = BODY_FONT
    for index, column in enumerate(data.columns, start=1):
        letter = get_column_letter(index)
        ws.column_dimensions[letter].width = content_width(data, index - 1)
        header = ws.cell(row=1, column=index)
        header.font, header.fill, header.border = HEADER_FONT, HEADER_FILL, HEADER_BORDER
        header.alignment = Alignment(wrap_text=True, vertical="center")
        if not (column.number_format or column.wrap or column.centre):
            continue
        alignment = Alignment(
            wrap_text=column.wrap or None,
            vertical="top" if column.wrap else None,
            horizontal="center" if column.centre else None,
        )
        for r in range(2, len(data.rows) + data.blank_rows + 2):
            cell = ws.cell(row=r, column=index)
            if column.number_format:
                cell.number_format = column.number_format
            cell.alignment = alignment
    if any(len(c.header) + 2 > content_width(data, i) for i, c in enumerate(data.columns)):
        ws.row_dimensions[1].height = 30
    _fit_wrapped_rows(ws, data)
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape" if data.landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    if data.title:
        _centre(ws.oddHeader).text = limits.header_text(data.title)
    _centre(ws.oddFooter).text = "&P / &N"
    if data.dropdown is not None and data.dropdown.rows:
        dropdown = data.dropdown
        letter = get_column_letter(dropdown.column + 1)
        validation = DataValidation(
            type="list",
            formula1='"' + ",".join(dropdown.values) + '"',
            allow_blank=True,
            showErrorMessage=False,  # gosheet itself reads and checks other spellings
        )
        validation.add(f"{letter}2:{letter}{dropdown.rows + 1}")
        ws.add_data_validation(validation)


def content_width(data: SheetData, index: int) -> float:
    """A column's width in characters: the layout's, or its longest text (numbers included)
    and two characters of padding; a wrapped column keeps its width, and none passes 60."""
    column = data.columns[index]
    if column.wrap:
        return column.width
    cells = (row[index] for row in data.rows if index < len(row))
    longest = max((len(str(v)) for v in cells if v is not None), default=0)
    longest = max(longest, *(len(word) for word in column.header.split()))
    return min(60.0, max(column.width, longest + 2.0))


def _fit_wrapped_rows(ws: Worksheet, data: SheetData) -> None:
    """Give rows with wrapped text the height of their longest cell (not every
    office suite recomputes row heights when it opens a file)."""
    wrapped = [i for i, c in enumerate(data.columns) if c.wrap]
    for r, row in enumerate(data.rows, start=2):
        lines = 1
        for i in wrapped:
            text = str(row[i]) if i < len(row) and row[i] is not None else ""
            per_line = max(1, int(data.columns[i].width * 1.1))
            lines = max(lines, -(-len(text) // per_line))
        if lines > 1:
            ws.row_dimensions[r].height = 15 * lines


def _centre(item: HeaderFooterItem | None) -> Any:
    """The centre part of a page header or footer (always present in openpyxl)."""
    assert item is not None and item.center is not None
    return item.center


def save_atomically(
    workbook: Workbook,
    target: Path,
    *,
    backup: bool = True,
    expected: Fingerprint | None = None,
    action: str = "save",
) -> Path:
    """Write to a temporary file, keep a backup and a history entry of the old one (with
    ``backup``), then replace (:func:`gosheet.workbook.atomic.replacing`).

    Whatever fails, the original is untouched and no temporary file is left.
    """
    target = target.resolve()
    keep = backup_path(target) if backup else None
    with replacing(
        target, expected=expected, backup=keep, history=action if backup else None
    ) as temporary:
        workbook.save(temporary)
        with zipfile.ZipFile(temporary) as archive:  # complete and readable?
            if archive.testzip() is not None:
                raise FileProblem(f"{target}: the new workbook came out damaged; nothing changed")
            if target.suffix.lower() == ".xlsm" and VBA_PART not in archive.namelist():
                raise FileProblem(
                    f"{target}: an .xlsm must keep its VBA project, and this workbook has "
                    "none; nothing changed (make a macro-enabled workbook with "
                    "'gosheet excel-template')"
                )
    return target
