"""The workbook through openpyxl (:class:`OpenpyxlBook`): the path every workbook can take —
a new workbook made from gosheet's template, and the fallback of the part writer
(:class:`~gosheet.workbook.xlsx.parts_book.PartsBook`) for a workbook it does not change
(``GOSHEET_XLSX_ENGINE=openpyxl`` takes it always). Loading and saving a big workbook this way
takes seconds; the part writer, a fraction of that."""

from __future__ import annotations

import functools
import io
import re
import zipfile
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import MergedCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from gosheet.core.errors import FileProblem, InputError, Problem
from gosheet.workbook import limits
from gosheet.workbook.port import CellValue, Grids
from gosheet.workbook.saving.atomic import Fingerprint, backup_path, check_archive, replacing
from gosheet.workbook.sheets import HEADER_COLOUR, SheetData, column_number, writable
from gosheet.workbook.sheets.layout import (
    FONT_NAME,
    MARGINS,
    content_widths,
    page_setup,
    row_heights,
    wide_header,
)
from gosheet.workbook.unseen import cover
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.parts.package import sheet_parts
from gosheet.workbook.xlsx.parts.sheet_xml import refuse_long_texts
from gosheet.workbook.xlsx.parts.values import ErrorValue, unescape

BODY_FONT = Font(name=FONT_NAME, size=10)
HEADER_FONT = Font(name=FONT_NAME, size=10, bold=True)
HEADER_FILL = PatternFill("solid", fgColor=HEADER_COLOUR)
HEADER_BORDER = Border(bottom=Side(style="thin"))


def load(path: Path) -> Workbook:
    """The workbook at ``path`` as openpyxl reads it (macros kept for an ``.xlsm``), without
    the empty rows and cells beyond gosheet's limits (:func:`within_limits`)."""
    try:
        return load_workbook(within_limits(path), keep_vba=path.suffix.lower() == ".xlsm")
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error
    except Exception as error:  # a damaged part: openpyxl raises whatever its parser met
        problem = f"{type(error).__name__}: {error}"[:300]
        raise FileProblem(f"{path}: cannot be read as a workbook ({problem})") from error


_FAR_ROW = re.compile(rb'<row r="([0-9]{5,7})"[^>]*?(?:/>|>.*?</row>)', re.DOTALL)
_FAR_CELL = re.compile(rb'<c r="([A-Z]{2,3})[0-9]+"[^>]*?(?:/>|>\s*</c>)')


def _far_row(match: re.Match[bytes]) -> bytes:
    return b"" if int(match.group(1)) > limits.MAX_ROWS else match.group(0)


def _far_cell(match: re.Match[bytes]) -> bytes:
    far = column_number(match.group(1).decode()) > limits.MAX_COLUMNS
    return b"" if far else match.group(0)


def within_limits(path: Path) -> Path | io.BytesIO:
    """``path``, or its archive without the rows and cells beyond gosheet's limits (rows past
    :data:`~gosheet.workbook.limits.MAX_ROWS`, columns past ``MAX_COLUMNS``), which hold
    nothing (:func:`~gosheet.workbook.limits.archive.check_workbook` refused any that does):
    openpyxl makes an object of every row and cell, and the empty ``<row r="1048576">`` LibreOffice
    writes after a row is deleted (or a million of them) would cost it seconds and gigabytes.
    A workbook saved by openpyxl then lacks them: their formatting only."""
    changed: dict[str, bytes] = {}
    with zipfile.ZipFile(path) as archive:
        for name in sheet_parts(archive, str(path)):
            data = archive.read(name)
            kept = _FAR_CELL.sub(_far_cell, _FAR_ROW.sub(_far_row, data))
            if len(kept) != len(data):
                changed[name] = kept
        if not changed:
            return path
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
            for info in archive.infolist():
                copy.writestr(info, changed.get(info.filename) or archive.read(info.filename))
    out.seek(0)
    return out


def grids(workbook: Workbook, saved: Grids | None = None) -> Grids:
    """Every sheet's cell values, row by row, from A1 to the last row and column that hold
    something (as calamine gives them: rows and cells of formatting only add nothing). A
    formula's value is its saved one, taken from ``saved`` (the file's values as gosheet's own
    reader gives them: openpyxl keeps a formula, not its value); without ``saved``, the
    formula's text."""
    found = {}
    for ws in workbook.worksheets:
        grid = trimmed(_values(ws, (saved or {}).get(ws.title)))
        cover(grid, [str(merged) for merged in ws.merged_cells.ranges])  # (within the extent)
        found[ws.title] = grid
    return found


def _values(ws: Worksheet, saved: list[list[Any]] | None = None) -> list[list[Any]]:
    """The sheet's values as calamine gives them: an error value (``#N/A`` …) as
    :class:`ErrorValue`, Excel's escapes (``_x000D_``, ``_x0001_``) undone; a formula, its
    value in ``saved`` (the sheet as gosheet's own reader gives it), when given."""
    rows = [list(row) for row in ws.iter_rows(values_only=True)]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if type(value) is not str:
                continue
            if value[:1] == "#" and ws.cell(r + 1, c + 1).data_type == "e":
                row[c] = ErrorValue(value)
            elif saved is not None and value[:1] == "=" and ws.cell(r + 1, c + 1).data_type == "f":
                inside = r < len(saved) and c < len(saved[r])
                row[c] = saved[r][c] if inside else None
            elif "_x" in value:
                row[c] = unescape(value)
    return rows


def trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    """``rows`` without the empty rows after the last that holds something, each cut after
    the last column that holds something in any row."""
    height = next(
        (i + 1 for i in range(len(rows) - 1, -1, -1) if any(v is not None for v in rows[i])), 0
    )
    width = max(
        (
            next((j + 1 for j in range(len(row) - 1, -1, -1) if row[j] is not None), 0)
            for row in rows[:height]
        ),
        default=0,
    )
    return [row[:width] for row in rows[:height]]


def render(workbook: Workbook, data: SheetData, index: int | None = None) -> Worksheet:
    """Write ``data`` as a whole sheet, replacing one of the same name."""
    same = [n for n in workbook.sheetnames if n.casefold() == data.name.casefold()]
    if same:  # 'standings' is the Standings sheet (names differ by case only in Excel)
        old = workbook[same[0]]
        index = workbook.sheetnames.index(same[0]) if index is None else index
        workbook.remove(old)
    ws: Worksheet = workbook.create_sheet(data.name, index)
    render_sheet(ws, data)
    return ws


def set_cell(workbook: Workbook, sheet: str, cell: str, value: Any) -> None:
    target = workbook[sheet][cell]
    if isinstance(target, MergedCell):
        merged = next(str(m) for m in workbook[sheet].merged_cells.ranges if cell in m)
        message = f"merged with other cells ({merged}), and gosheet writes here: unmerge them"
        raise InputError([Problem(sheet, cell, None, message)])
    if writable.too_long(value):
        raise writable.long_text(f"{sheet}!{cell}", value)
    target.value = writable.cell_text(value)
    as_text(target)


def as_text(cell: Any) -> None:
    """A text that starts with '=' stays text: gosheet never writes a formula, and a name or
    a value from a roster or an OpenGotha file must not become one ("formula injection")."""
    if isinstance(cell.value, str) and cell.value.startswith("="):
        cell.data_type = "s"


def render_sheet(ws: Worksheet, data: SheetData) -> None:
    """Headers, rows, widths, frozen header, print titles, fit to page width."""
    refuse_long_texts(data)
    ws.append([writable.cell_text(h) for h in data.headers])
    for row in data.rows:
        ws.append([writable.cell_text(v) for v in row])
    for cells in ws.iter_rows(min_row=2):
        for cell in cells:
            as_text(cell)
            cell.font = BODY_FONT
    widths = content_widths(data)
    for index, column in enumerate(data.columns, start=1):
        letter = get_column_letter(index)
        ws.column_dimensions[letter].width = widths[index - 1]
        header = ws.cell(row=1, column=index)
        header.font, header.fill, header.border = HEADER_FONT, HEADER_FILL, HEADER_BORDER
        header.alignment = Alignment(wrap_text=True, vertical="center")
        if not (column.number_format or column.wrap or column.centre or column.left or column.top):
            continue
        alignment = Alignment(
            wrap_text=column.wrap or None,
            vertical="top" if column.wrap or column.top else None,
            horizontal="center" if column.centre else "left" if column.left else None,
        )
        for r in range(2, len(data.rows) + data.blank_rows + 2):
            cell = ws.cell(row=r, column=index)
            if column.number_format:
                cell.number_format = column.number_format
            cell.alignment = alignment
    merge_notes(ws, data)
    if wide_header(data, widths):
        ws.row_dimensions[1].height = 30
    for number, height in row_heights(data).items():
        ws.row_dimensions[number].height = height
    ws.freeze_panes = "A2"
    print_setup(ws, data, widths)
    if data.title:
        _centre(ws.oddHeader).text = writable.header_text(data.title)
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


NOTE_ALIGNMENT = Alignment(wrap_text=True, vertical="top", horizontal="left")


def merge_notes(ws: Worksheet, data: SheetData) -> None:
    """Each note's cell wrapped, and merged with those to its right."""
    for note in data.notes:
        number = note.row + 2
        ws.cell(row=number, column=note.first + 1).alignment = NOTE_ALIGNMENT
        if note.last > note.first:
            ws.merge_cells(
                start_row=number,
                start_column=note.first + 1,
                end_row=number,
                end_column=note.last + 1,
            )


def print_setup(ws: Worksheet, data: SheetData, widths: list[float]) -> None:
    """The header row on every page, the orientation, the margins, and fit to the page's
    width where that stays legible (:func:`~gosheet.workbook.sheets.layout.page_setup`); a sheet
    too wide has its :attr:`~SheetData.title_columns` on every page instead."""
    setup = page_setup(data, widths)
    ws.print_title_rows = "1:1"
    if not setup.fit_width and data.title_columns:
        ws.print_title_cols = f"A:{get_column_letter(data.title_columns)}"
    ws.page_setup.orientation = "landscape" if setup.landscape else "portrait"
    ws.page_margins = PageMargins(**MARGINS)
    if setup.fit_width:
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=setup.fit_width)


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
    ``backup``), then replace (:func:`gosheet.workbook.saving.atomic.replacing`).

    Whatever fails, the original is untouched and no temporary file is left.
    """
    target = target.resolve()
    keep = backup_path(target) if backup else None
    with replacing(
        target, expected=expected, backup=keep, history=action if backup else None
    ) as temporary:
        workbook.save(temporary)
        check_archive(temporary, target)
    return target


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


class OpenpyxlBook(XlsxBook):
    """An ``.xlsx`` as openpyxl's objects (``GOSHEET_XLSX_ENGINE=openpyxl``, a new workbook
    from the template, and the part writer's fallback): every change made to them, the whole
    workbook written again by a save."""

    def __init__(self, workbook: Workbook, path: Path | None = None) -> None:
        self.opened = workbook
        self.path = path

    @property
    def workbook(self) -> Workbook:
        return self.opened

    def grids(self) -> Grids:
        """Every sheet's cell values, row by row (with the changes made so far); a formula's,
        its value saved in the file (:func:`grids`)."""
        return grids(self.opened, self.saved_values)

    @functools.cached_property
    def saved_values(self) -> Grids | None:
        """The file's cell values as gosheet's own reader gives them, for the formulas' saved
        values (None: no file, or one that reader cannot read)."""
        if self.path is None:
            return None
        from gosheet.workbook.xlsx.parts.values import workbook_grids

        return workbook_grids(self.path)

    def render(self, data: SheetData, index: int | None = None) -> None:
        """Write ``data`` as a whole sheet, replacing one of the same name (names that differ
        by case only are one sheet, as in Excel)."""
        render(self.opened, data, index)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        set_cell(self.opened, sheet, cell, value)

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet (the workbook's language changed: ``Round 1`` → ``Тур 1``), keeping
        everything in it; the formulas and defined names that name it follow."""
        self.opened[old].title = new
        renamed_in_formulas(self.opened, old, new)

    def write(
        self, target: Path, *, backup: bool, expected: Fingerprint | None, action: str
    ) -> Path:
        self.saved_by = "openpyxl"
        return save_atomically(self.opened, target, backup=backup, expected=expected, action=action)
