"""The workbook port over a workbook open in Excel, through xlwings.

:class:`XlwingsBook` gives the actions of :mod:`gosheet.app.actions` what they
need — every sheet's cell values, whole sheets rendered from
:class:`~gosheet.workbook.sheets.SheetData`, single cells — on any xlwings Book:
Excel on Windows (COM) and macOS (AppleScript), and xlwings' remote book
(xlwings Server, Office.js), whose writes are recorded as actions for the
Excel client to carry out.

The engines' xlwings APIs differ; the adapter does what an engine supports
and lists what it skipped in :attr:`XlwingsBook.skipped`:

- everywhere: values, number formats (text columns as text, so that Excel
  does not read ``1-0`` as a date), bold filled header, column widths
  (characters on the desktop, points on the remote book);
- alignment and wrapping: desktop, and the remote book of an Office.js client;
- frozen header row: the remote book, and Windows through Excel's own COM
  call (xlwings has none for the desktop engines);
- Result dropdown, print titles, one page wide: Windows (COM) only. The
  dropdown is only left in place where its error alert could be switched off,
  as in the ``.xlsx`` gosheet writes: gosheet accepts ``W+``, ``B+``, ``=`` …,
  which a strict dropdown would refuse;
- notes on bad cells: desktop, and the remote book of an Office.js client.

The module imports no xlwings at run time: it works on the Book it is given.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from gosheet.core.errors import Problem
from gosheet.frontends.excel.template import CONTROL, PROBLEM_HEADER_ROW, PROBLEM_HEADERS
from gosheet.i18n.catalog import N_
from gosheet.records import record
from gosheet.workbook.port import BookPort, CellValue, Grid, Grids, SheetRenamer
from gosheet.workbook.sheets import HEADER_COLOUR, SheetData, column_letter
from gosheet.workbook.sheets.layout import page_setup

if TYPE_CHECKING:
    import xlwings as xw

TEXT = "@"
# as in the .xlsx: (221, 228, 238)
HEADER_FILL = (int(HEADER_COLOUR[:2], 16), int(HEADER_COLOUR[2:4], 16), int(HEADER_COLOUR[4:], 16))
MARK_FILL = (255, 199, 206)  # Excel's "bad" red
NOTE_PREFIX = "gosheet: "
MARKED_FILL, MARKED_NOTE, NOT_MARKED = "fill", "fill and note", "-"
MARKS = (MARKED_FILL, MARKED_NOTE, NOT_MARKED)
CELL_RE = re.compile(r"^[A-Z]{1,3}[1-9][0-9]*$")
DESKTOP_ENGINES = ("excel",)  # xlwings' engine name for Excel on Windows and macOS


def plain(value: Any) -> Any:
    """A cell value as openpyxl's ``values_only`` gives it: Excel keeps every
    number as a double, which xlwings hands over as a float; whole ones are
    written as integers in a file and come back as ``int``.

    >>> [plain(5.0), plain(6.5), plain(True), plain("1-0"), plain(None)]
    [5, 6.5, True, '1-0', None]
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def points(characters: float) -> float:
    """A column width in characters (Calibri 11: 7 pixels a character and 5
    of padding) in points, the unit of the Office.js engines.

    >>> points(10)
    56.25
    """
    return round((characters * 7 + 5) * 0.75, 2)


class XlwingsBook(BookPort, SheetRenamer):
    """An open workbook as a :class:`~gosheet.workbook.port.BookPort`."""

    def __init__(self, book: xw.Book) -> None:
        self.book = book
        self.skipped: set[str] = set()  # what this engine could not do

    @property
    def engine(self) -> str:
        return str(self.book.app.engine.name)

    @property
    def desktop(self) -> bool:
        return self.engine in DESKTOP_ENGINES

    @property
    def windows(self) -> bool:
        return self.desktop and sys.platform.startswith("win")

    # ------------------------------------------------------------ the port

    def grids(self) -> Grids:
        """Every sheet's values from A1 to the last used cell, row by row."""
        return {sheet.name: self._grid(sheet) for sheet in self.book.sheets}

    @staticmethod
    def _grid(sheet: xw.Sheet) -> Grid:
        last = sheet.used_range.last_cell
        values = sheet.range((1, 1), (last.row, last.column)).options(ndim=2).value
        return [[plain(v) for v in row] for row in values]

    def render(self, data: SheetData, index: int | None = None) -> xw.Sheet:
        """Write ``data`` as a whole sheet, replacing one of the same name (at
        its place, unless ``index`` says where), as the ``.xlsx`` adapter does."""
        names = [s.name for s in self.book.sheets]
        position = len(names) if index is None else index
        existing = [n for n in names if n.casefold() == data.name.casefold()]
        if existing:
            if index is None:
                position = names.index(existing[0])
            self.book.sheets[existing[0]].delete()
        sheet = self._add_sheet(data.name, position)
        self._fill(sheet, data)
        return sheet

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        target = self.book.sheets[sheet].range(cell)
        if isinstance(value, str):  # text stays text ("1-0" is no date)
            target.number_format = TEXT
        target.value = value

    def rename_sheet(self, old: str, new: str) -> None:
        """Rename a sheet (the workbook's language changed); Excel keeps what is in it, and
        makes the formulas that name it follow."""
        self.book.sheets[old].name = new

    # ------------------------------------------------------------ rendering

    def _add_sheet(self, name: str, position: int) -> xw.Sheet:
        sheets = self.book.sheets
        count = len(sheets)
        if position <= 0:
            return sheets.add(name, before=sheets[0])
        return sheets.add(name, after=sheets[min(position, count) - 1])

    def _fill(self, sheet: xw.Sheet, data: SheetData) -> None:
        width = len(data.columns)
        # One block is written at once: every row as wide as the widest (the Explain sheet's
        # lines below its games are shorter than its header).
        full = max([width, *(len(row) for row in data.rows)])
        rows = [[*row, *([None] * (full - len(row)))] for row in data.rows]
        last = 1 + len(rows) + data.blank_rows
        for c, column in enumerate(data.columns, start=1):
            fmt = column.number_format
            if fmt is None and _all_text(row[c - 1] for row in rows):
                fmt = TEXT  # keep Excel from reading text as dates or numbers
            if fmt and last > 1:
                sheet.range((2, c), (last, c)).number_format = fmt
        headers = [*data.headers, *([None] * (full - width))]
        sheet.range((1, 1)).value = [headers, *rows]
        header = sheet.range((1, 1), (1, width))
        header.font.bold = True
        header.color = HEADER_FILL
        self._try(N_("alignment"), lambda: setattr(header, "wrap_text", True))
        for c, column in enumerate(data.columns, start=1):
            chars = min(column.width, 255.0)
            sheet.range((1, c)).column_width = chars if self.desktop else points(chars)
            if last > 1 and (column.wrap or column.centre):
                self._align(sheet.range((2, c), (last, c)), column.wrap, column.centre)
        self._freeze_header(sheet)
        if data.dropdown is not None and data.dropdown.rows:
            self._dropdown(sheet, data)
        if self.windows:
            self._try(N_("page setup"), lambda: _windows_page_setup(sheet, data))

    def _align(self, cells: xw.Range, wrap: bool, centre: bool) -> None:
        def align() -> None:
            if wrap:
                cells.wrap_text = True
                cells.vertical_alignment = "top"
            if centre:
                cells.horizontal_alignment = "center"

        self._try(N_("alignment"), align)

    def _freeze_header(self, sheet: xw.Sheet) -> None:
        try:
            sheet.freeze_panes.freeze_at("1:1")
        except NotImplementedError:  # the desktop engines have no xlwings call
            if self.windows:
                self._try(N_("frozen header"), lambda: _windows_freeze_header(sheet))
            else:
                self.skipped.add(N_("frozen header"))

    def _dropdown(self, sheet: xw.Sheet, data: SheetData) -> None:
        assert data.dropdown is not None
        dropdown = data.dropdown
        if not self.windows:
            self.skipped.add(N_("Result dropdown"))
            return
        column = dropdown.column + 1
        cells = sheet.range((2, column), (dropdown.rows + 1, column))

        def add() -> None:
            cells.data_validation.set_list(list(dropdown.values), in_cell_dropdown=True)
            try:
                cells.api.Validation.ShowError = False
            except Exception:
                cells.data_validation.delete()  # no dropdown rather than a strict one
                raise

        self._try(N_("Result dropdown"), add)

    def _try(self, what: str, step: Callable[[], object]) -> None:
        """Formatting the engine may not support, or a native call that
        failed: skip it (the values are written), and say so."""
        try:
            step()
        except Exception:
            self.skipped.add(what)

    # ---------------------------------------------------------- messages

    def alert(self, message: str, critical: bool = False) -> None:
        self.book.app.alert(message, "gosheet", mode="critical" if critical else "info")

    def pick_files(self, title: str, kinds: str) -> list[str] | None:
        """Files chosen in Excel's Open dialog, several at once (``kinds``: what the dialog
        offers, as ``Workbooks (*.xlsx;*.ods),*.xlsx;*.ods``): their paths, ``[]`` when
        cancelled; None where Excel offers no such dialog (Excel on the web, xlwings
        Server, a Mac)."""
        if not self.windows:
            return None
        chosen = self.book.app.api.GetOpenFilename(kinds, 1, title, None, True)
        if not isinstance(chosen, list | tuple):  # False: cancelled
            return []
        return [str(path) for path in chosen]

    def activate(self, sheet: str) -> None:
        with suppress(Exception):
            self.book.sheets[sheet].activate()

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """No screen updates while writing (desktop Excel)."""
        if not self.desktop:
            yield
            return
        app = self.book.app
        app.screen_updating = False
        try:
            yield
        finally:
            app.screen_updating = True


def _all_text(values: Iterator[Any]) -> bool:
    seen = False
    for value in values:
        if value is None:
            continue
        if not isinstance(value, str):
            return False
        seen = True
    return seen


def _windows_freeze_header(sheet: xw.Sheet) -> None:
    """Excel's own calls (COM): freezing belongs to the window."""
    sheet.activate()
    window = sheet.book.app.api.ActiveWindow
    window.FreezePanes = False
    window.SplitColumn = 0
    window.SplitRow = 1
    window.FreezePanes = True


def _windows_page_setup(sheet: xw.Sheet, data: SheetData) -> None:
    """Print titles, orientation, one page wide where the text stays at 8 pt or more (else
    full size, the first columns on every page), title and page numbers (COM): as the
    files gosheet writes say (:func:`~gosheet.workbook.sheets.layout.page_setup`)."""
    fit = page_setup(data)
    setup = sheet.api.PageSetup
    setup.PrintTitleRows = "$1:$1"
    setup.Orientation = 2 if fit.landscape else 1  # xlLandscape, xlPortrait
    if fit.fit_width:
        setup.Zoom = False
        setup.FitToPagesWide = 1
        setup.FitToPagesTall = False
    else:
        setup.Zoom = 100
        if data.title_columns:
            setup.PrintTitleColumns = f"$A:${column_letter(data.title_columns - 1)}"
    if data.title:
        setup.CenterHeader = data.title.replace("&", "&&")
    setup.CenterFooter = "&P / &N"


# ------------------------------------------------------------ deferred writes


class Deferred(BookPort, SheetRenamer):
    """A port that reads a workbook once and keeps what an action writes
    until :meth:`apply`: an action that fails has written nothing."""

    def __init__(self, book: XlwingsBook, grids: Grids | None = None) -> None:
        self.book = book
        self._grids = grids
        self.writes: list[tuple[str, tuple[Any, ...]]] = []

    def grids(self) -> Grids:
        if self._grids is None:
            self._grids = self.book.grids()
        return self._grids

    def render(self, data: SheetData, index: int | None = None) -> None:
        self.writes.append(("render", (data, index)))

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        self.writes.append(("set", (sheet, cell, value)))

    def rename_sheet(self, old: str, new: str) -> None:
        self.writes.append(("rename", (old, new)))

    def apply(self) -> list[str]:
        """Carry out the writes; the names of the sheets rendered."""
        rendered = []
        with self.book.quiet():
            for kind, args in self.writes:
                if kind == "set":
                    self.book.set_cell(*args)
                elif kind == "rename":
                    self.book.rename_sheet(*args)
                else:
                    self.book.render(*args)
                    rendered.append(args[0].name)
        return rendered


# ----------------------------------------------------------- checking marks


@record
class Mark:
    """A problem as listed on the Control sheet, and how its cell was marked."""

    sheet: str
    cell: str  # "" for a problem of a whole sheet
    marked: str  # MARKED_FILL, MARKED_NOTE or NOT_MARKED

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.cell}" if self.cell else self.sheet


def _split_where(where: str) -> tuple[str, str]:
    """``Round 2!H5`` → (``Round 2``, ``H5``); ``Players`` → (``Players``, "")."""
    sheet, _, cell = where.rpartition("!")
    if sheet and CELL_RE.match(cell):
        return sheet, cell
    return where, ""


def listed_marks(grids: Grids) -> list[Mark]:
    """The problems listed on the Control sheet by the last check."""
    marks = []
    for row in list(grids.get(CONTROL, ()))[PROBLEM_HEADER_ROW:]:
        cells = [*row, None, None, None]
        where, marked = cells[0], cells[2]
        if isinstance(where, str) and where.strip() and marked in MARKS:
            marks.append(Mark(*_split_where(where.strip()), marked))
    return marks


def clear_marks(book: XlwingsBook, marks: Sequence[Mark]) -> None:
    """Take the last check's fill and notes off, and its list off the Control sheet."""
    names = {s.name for s in book.book.sheets}
    for mark in marks:
        if mark.marked == NOT_MARKED or mark.sheet not in names:
            continue
        cell = book.book.sheets[mark.sheet].range(mark.cell)
        cell.color = None
        if mark.marked == MARKED_NOTE:
            note = _note(book, cell)
            if note is not None:
                note.delete()
    if marks and CONTROL in names:
        first = PROBLEM_HEADER_ROW + 1
        control = book.book.sheets[CONTROL]
        control.range((first, 1), (first + len(marks) - 1, 3)).clear_contents()


def _note(book: XlwingsBook, cell: xw.Range) -> Any:
    try:
        return cell.note
    except NotImplementedError:
        book.skipped.add(N_("notes"))
        return None


def mark_problems(book: XlwingsBook, problems: Sequence[Problem]) -> list[Mark]:
    """Colour each bad cell and give it a note (where the engine can add one);
    list every problem on the Control sheet. Returns the marks listed."""
    names = {s.name for s in book.book.sheets}
    messages: dict[tuple[str, str], list[str]] = {}
    for problem in problems:
        messages.setdefault((problem.sheet, problem.cell), []).append(problem.message)
    marked: dict[tuple[str, str], str] = {}
    for (sheet, where), texts in messages.items():
        if not where or sheet not in names:
            marked[(sheet, where)] = NOT_MARKED
            continue
        cell = book.book.sheets[sheet].range(where)
        cell.color = MARK_FILL
        marked[(sheet, where)] = MARKED_FILL
        if _note(book, cell) is None:
            try:
                cell.add_note(NOTE_PREFIX + "; ".join(texts))
            except (NotImplementedError, ValueError):
                book.skipped.add(N_("notes"))
            else:
                marked[(sheet, where)] = MARKED_NOTE
    marks = [Mark(p.sheet, p.cell, marked[(p.sheet, p.cell)]) for p in problems]
    control = _control_sheet(book)
    if marks:
        rows = [
            [mark.where, _problem_text(problem), mark.marked]
            for mark, problem in zip(marks, problems, strict=True)
        ]
        first = control.range((PROBLEM_HEADER_ROW + 1, 1), (PROBLEM_HEADER_ROW + len(rows), 3))
        first.number_format = TEXT
        control.range((PROBLEM_HEADER_ROW + 1, 1)).value = rows
    return marks


def _problem_text(problem: Problem) -> str:
    if problem.value is None or problem.value == "":
        return problem.message
    return f"{problem.value!r}: {problem.message}"


def _control_sheet(book: XlwingsBook) -> xw.Sheet:
    """The Control sheet; a workbook without one (a plain .xlsx opened with
    the xlwings add-in) gets one, first, for the problem list."""
    if CONTROL in {s.name for s in book.book.sheets}:
        return book.book.sheets[CONTROL]
    sheets = book.book.sheets
    sheet = sheets.add(CONTROL, before=sheets[0])
    sheet.range((PROBLEM_HEADER_ROW - 1, 1)).value = "Problems found by the last check"
    sheet.range((PROBLEM_HEADER_ROW, 1)).value = [list(PROBLEM_HEADERS)]
    return sheet
