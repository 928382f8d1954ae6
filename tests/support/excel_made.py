"""Workbooks as Excel writes them, for the campaign of the organiser's edits
(``tests/workbook/test_excel_made_edits.py``).

A tournament workbook is taken apart into a model of its cells (:class:`Book`: sheets of
:class:`Cell` by row and column, hidden rows and columns, widths, frozen header, AutoFilter,
dropdowns), edited as Excel edits — rows deleted and inserted (the cells below move, the
formulas' references follow), rows sorted, sheets moved, copied (``Round 2 (2)``) and renamed —
and written back by :func:`write_book` in Excel's own conventions, never through openpyxl:
the shared strings table (or inline strings, ``t="inlineStr"``, as some tools write), a
``<dimension ref>`` of the used range, ``s=`` style indexes into a ``styles.xml`` with Excel's
mandatory fills, rows with ``r``, ``spans`` and ``x14ac:dyDescent``, cells with ``r``, numbers
as ``<v>``, booleans ``t="b"``, errors ``t="e"``, formulas with their cached values
(``<f>…</f><v>…</v>``, a text one ``t="str"``; a formula filled down shared,
``t="shared"``), an empty sheet as ``<sheetData/>``, hidden rows
and columns, ``<autoFilter>`` and ``filterMode``, frozen panes, ``docProps`` and a theme.
"""

from __future__ import annotations

import copy
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from openpyxl import load_workbook

from support.excel_styles import STYLES, THEME

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT = "application/vnd.openxmlformats-officedocument"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
X14AC = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"

PLAIN, BOLD, FORMATTED, DATE, ONE_DECIMAL, TIME = range(6)
"""The cell styles of :data:`STYLES` (``s=`` indexes): the default, a bold header, an empty
cell with a fill (formatting only), a date, a number with one decimal, a time (``h:mm``: what
Excel makes of ``1:0`` typed)."""


@dataclass
class Cell:
    """A cell as Excel keeps it: ``value`` (a formula's cached value), its ``formula``
    (without ``=``), an ``error`` (``#N/A``) and a style index."""

    value: Any = None
    formula: str | None = None
    error: str | None = None
    style: int = PLAIN


@dataclass
class Sheet:
    name: str
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)  # (row, column), 1-based
    hidden_rows: set[int] = field(default_factory=set)
    hidden_columns: set[int] = field(default_factory=set)
    widths: dict[int, float] = field(default_factory=dict)
    frozen: bool = False  # the header row frozen
    autofilter: bool = False  # an AutoFilter over the used range
    filtered: bool = False  # rows hidden by the filter (filterMode)
    validations: list[tuple[str, str]] = field(default_factory=list)  # (sqref, formula1)

    def value(self, row: int, column: int) -> Any:
        cell = self.cells.get((row, column))
        return None if cell is None else cell.value

    def set(self, row: int, column: int, value: Any, formula: str | None = None) -> None:
        style = self.cells[(row, column)].style if (row, column) in self.cells else PLAIN
        self.cells[(row, column)] = Cell(value, formula, style=style)

    def column(self, header: str) -> int:
        """The column (1-based) headed ``header`` in row 1."""
        for (row, column), cell in self.cells.items():
            if row == 1 and cell.value == header:
                return column
        raise KeyError(f"{self.name}: no column {header!r}")

    def row_of(self, header: str, value: Any) -> int:
        """The row where column ``header`` holds ``value``."""
        column = self.column(header)
        for (row, at), cell in self.cells.items():
            if at == column and cell.value == value:
                return row
        raise KeyError(f"{self.name}: no {value!r} in {header!r}")

    def last_row(self) -> int:
        return max((r for (r, _), c in self.cells.items() if c.value is not None), default=0)

    def last_column(self) -> int:
        return max((c for (_, c), cell in self.cells.items() if cell.value is not None), default=0)

    def values(self) -> dict[tuple[int, int], Any]:
        """Every cell's value (a formula's cached one, an error's text), formatting left out."""
        return {
            at: (c.error if c.error else c.value)
            for at, c in self.cells.items()
            if c.value is not None or c.error
        }


@dataclass
class Book:
    sheets: list[Sheet]

    def __getitem__(self, name: str) -> Sheet:
        return next(s for s in self.sheets if s.name == name)

    # ---------------------------------------------------------------- Excel's edits

    def delete_rows(self, sheet: str, row: int, count: int = 1) -> None:
        """Home → Delete → Sheet rows: the rows below move up, every formula's references to
        them follow (a reference into the rows deleted: ``#REF!``, never met here)."""
        self._shift(sheet, row, -count)

    def insert_rows(self, sheet: str, row: int, count: int = 1) -> None:
        """Home → Insert → Sheet rows above ``row``: the rows from it move down."""
        self._shift(sheet, row, count)

    def _shift(self, name: str, row: int, by: int) -> None:
        target = self[name]
        moved: dict[tuple[int, int], Cell] = {}
        for (r, c), cell in target.cells.items():
            if by < 0 and row <= r < row - by:
                continue  # deleted
            moved[(r + by if r >= row else r, c)] = cell
        target.cells = moved
        target.hidden_rows = {
            r + by if r >= row else r
            for r in target.hidden_rows
            if not (by < 0 and row <= r < row - by)
        }
        for sheet in self.sheets:
            for cell in sheet.cells.values():
                if cell.formula:
                    cell.formula = shifted(cell.formula, sheet.name, name, row, by)

    def sort_rows(self, sheet: str, header: str, reverse: bool = False, first: int = 2) -> None:
        """Data → Sort by the column ``header``, rows ``first`` to the last (empty cells last,
        numbers before texts, as Excel)."""
        target = self[sheet]
        column = target.column(header)
        last = target.last_row()
        rows = {
            r: {c: cell for (rr, c), cell in target.cells.items() if rr == r}
            for r in range(first, last + 1)
        }

        def key(r: int) -> tuple[int, Any]:
            value = target.value(r, column)
            if value is None:
                return (2, 0)
            return (0, value) if isinstance(value, int | float) else (1, str(value).casefold())

        present = [r for r in rows if any(c.value is not None for c in rows[r].values())]
        order = sorted(present, key=key, reverse=reverse)
        if reverse:  # empty cells stay last
            order = [r for r in order if key(r)[0] != 2] + [r for r in order if key(r)[0] == 2]
        kept = {at: c for at, c in target.cells.items() if not first <= at[0] <= last}
        for new, old in enumerate(order, start=first):
            for c, cell in rows[old].items():
                if cell.formula:  # a reference to its own row follows it
                    cell.formula = moved_row(cell.formula, sheet, old, new)
                kept[(new, c)] = cell
        target.cells = kept

    def move_sheet(self, name: str, index: int) -> None:
        sheet = self[name]
        self.sheets.remove(sheet)
        self.sheets.insert(index, sheet)

    def copy_sheet(self, name: str, new: str) -> Sheet:
        """Move or Copy → Create a copy: Excel names it ``NAME (2)``, put before the next."""
        sheet = copy.deepcopy(self[name])
        sheet.name = new
        self.sheets.insert(self.sheets.index(self[name]) + 1, sheet)
        return sheet

    def rename_sheet(self, name: str, new: str) -> None:
        old = re.escape(name)
        for sheet in self.sheets:
            for cell in sheet.cells.values():
                if cell.formula:
                    cell.formula = re.sub(rf"'{old}'!|\b{old}!", quoted(new) + "!", cell.formula)
        self[name].name = new

    def add_sheet(self, name: str, index: int | None = None) -> Sheet:
        sheet = Sheet(name)
        self.sheets.insert(len(self.sheets) if index is None else index, sheet)
        return sheet


REFERENCE = re.compile(r"(?:('[^']+'|[A-Za-z_][\w.]*)!)?(\$?)([A-Z]{1,3})(\$?)(\d+)")


def quoted(sheet: str) -> str:
    return sheet if re.fullmatch(r"[A-Za-z_]\w*", sheet) else "'" + sheet.replace("'", "''") + "'"


def moved_row(formula: str, sheet: str, old: int, new: int) -> str:
    """``formula`` of sheet ``sheet`` moved from row ``old`` to ``new`` by a sort: its
    references to its own row follow it (Excel's way with a row's relative references)."""

    def move(match: re.Match[str]) -> str:
        named, dollar_c, letters, dollar_r, digits = match.groups()
        mine = named is None or named.strip("'").replace("''", "'") == sheet
        number = new if mine and not dollar_r and int(digits) == old else int(digits)
        return f"{named + '!' if named else ''}{dollar_c}{letters}{dollar_r}{number}"

    return REFERENCE.sub(move, formula)


def shifted(formula: str, home: str, sheet: str, row: int, by: int) -> str:
    """``formula`` (on sheet ``home``) after rows from ``row`` of ``sheet`` moved by ``by``."""

    def move(match: re.Match[str]) -> str:
        named, dollar_c, letters, dollar_r, digits = match.groups()
        target = home if named is None else named.strip("'").replace("''", "'")
        number = int(digits)
        if target == sheet and number >= row:
            number = max(row, number + by) if by < 0 else number + by
        return f"{named + '!' if named else ''}{dollar_c}{letters}{dollar_r}{number}"

    return REFERENCE.sub(move, formula)


# ---------------------------------------------------------------- from a gosheet workbook


def from_workbook(path: Path) -> Book:
    """A saved workbook's cells (values, formulas as written, formatting-only cells as such),
    hidden rows and columns, widths, frozen panes and dropdowns: what Excel would open."""
    workbook = load_workbook(path)
    sheets = []
    for ws in workbook.worksheets:
        sheet = Sheet(ws.title)
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, str) and value.startswith("="):
                    sheet.cells[(cell.row, cell.column)] = Cell(None, value[1:])
                elif value is not None:
                    style = BOLD if cell.row == 1 else PLAIN
                    sheet.cells[(cell.row, cell.column)] = Cell(value, style=style)
                elif cell.has_style and cell.style_id:
                    sheet.cells[(cell.row, cell.column)] = Cell(None, style=FORMATTED)
        for letter, dimension in ws.column_dimensions.items():
            if dimension.width:
                sheet.widths[column_index(letter)] = float(dimension.width)
        sheet.frozen = ws.freeze_panes is not None
        sheet.validations = [
            (str(v.sqref), v.formula1) for v in ws.data_validations.dataValidation if v.formula1
        ]
        sheets.append(sheet)
    return Book(sheets)


def column_index(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def column_letters(index: int) -> str:
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


# ---------------------------------------------------------------- written as Excel writes


def write_book(book: Book, path: Path, inline: bool = False) -> Path:
    """The workbook as Excel saves it (the module's docstring); ``inline``: every text an
    inline string (``t="inlineStr"``), no shared strings part, as some tools write."""
    strings: dict[str, int] = {}
    counted = [0]

    def shared(text: str) -> int:
        counted[0] += 1
        return strings.setdefault(text, len(strings))

    parts = {
        f"xl/worksheets/sheet{i}.xml": sheet_xml(s, i == 1, shared, inline)
        for i, s in enumerate(book.sheets, 1)
    }
    count = len(book.sheets)
    sheet_types = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
        f'ContentType="{CONTENT}.spreadsheetml.worksheet+xml"/>'
        for i in range(1, count + 1)
    )
    shared_type = (
        f'<Override PartName="/xl/sharedStrings.xml" '
        f'ContentType="{CONTENT}.spreadsheetml.sharedStrings+xml"/>'
        if strings
        else ""
    )
    parts["[Content_Types].xml"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/'
        'vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        f'ContentType="{CONTENT}.spreadsheetml.sheet.main+xml"/>'
        f"{sheet_types}"
        f'<Override PartName="/xl/theme/theme1.xml" ContentType="{CONTENT}.theme+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{CONTENT}.spreadsheetml.styles+xml"/>'
        f"{shared_type}"
        '<Override PartName="/docProps/core.xml" '
        'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        f'<Override PartName="/docProps/app.xml" ContentType="{CONTENT}.extended-properties+xml"/>'
        "</Types>"
    )
    parts["_rels/.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships '
        f'xmlns="{PKG_REL}">'
        f'<Relationship Id="rId3" Type="{REL}/extended-properties" Target="docProps/app.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/'
        "relationships/"
        'metadata/core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>"
    )
    parts["docProps/app.xml"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
        'extended-properties" '
        'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
        "<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity>"
        "<ScaleCrop>false</ScaleCrop><AppVersion>16.0300</AppVersion></Properties>"
    )
    parts["docProps/core.xml"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
        'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        "<dc:creator>Organiser</dc:creator><cp:lastModifiedBy>Organiser</cp:lastModifiedBy>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2026-11-28T09:00:00Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2026-11-29T18:30:00Z</dcterms:modified>'
        "</cp:coreProperties>"
    )
    parts["xl/workbook.xml"] = workbook_xml(book)
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, count + 1)
    )
    rels += f'<Relationship Id="rId{count + 1}" Type="{REL}/theme" Target="theme/theme1.xml"/>'
    rels += f'<Relationship Id="rId{count + 2}" Type="{REL}/styles" Target="styles.xml"/>'
    if strings:
        rels += (
            f'<Relationship Id="rId{count + 3}" Type="{REL}/sharedStrings" '
            'Target="sharedStrings.xml"/>'
        )
    parts["xl/_rels/workbook.xml.rels"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<Relationships xmlns="{PKG_REL}">{rels}</Relationships>'
    )
    parts["xl/theme/theme1.xml"] = THEME
    parts["xl/styles.xml"] = STYLES
    if strings:
        items = "".join(f"<si>{text_element(text)}</si>" for text in strings)
        parts["xl/sharedStrings.xml"] = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
            f'<sst xmlns="{MAIN}" count="{counted[0]}" uniqueCount="{len(strings)}">{items}</sst>'
        )
    order = ["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"]
    order += [p for p in parts if p not in order]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in order:
            archive.writestr(name, parts[name])
    return path


def workbook_xml(book: Book) -> str:
    sheets = "".join(
        f'<sheet name="{escape(s.name, {chr(34): "&quot;"})}" sheetId="{i}" r:id="rId{i}"/>'
        for i, s in enumerate(book.sheets, 1)
    )
    names = "".join(
        f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
        f"{escape(quoted(s.name))}!$A$1:${column_letters(s.last_column())}${s.last_row()}</"
        "definedName>"
        for i, s in enumerate(book.sheets)
        if s.autofilter
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<workbook xmlns="{MAIN}" xmlns:r="{REL}" xmlns:mc="{MC}" mc:Ignorable="x15 xr xr6 '
        'xr10 xr2" '
        'xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main" '
        'xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" '
        'xmlns:xr6="http://schemas.microsoft.com/office/spreadsheetml/2016/revision6" '
        'xmlns:xr10="http://schemas.microsoft.com/office/spreadsheetml/2016/revision10" '
        'xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2">'
        '<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27328"/>'
        '<workbookPr defaultThemeVersion="166925"/>'
        '<bookViews><workbookView xWindow="-110" yWindow="-110" windowWidth="25820" '
        'windowHeight="15500" activeTab="1"/></bookViews>'
        f"<sheets>{sheets}</sheets>"
        + (f"<definedNames>{names}</definedNames>" if names else "")
        + '<calcPr calcId="191029"/></workbook>'
    )


def text_element(text: str) -> str:
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return f"<t{space}>{escape(text)}</t>"


def number_text(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def shared_formulas(sheet: Sheet) -> dict[tuple[int, int], str]:
    """The ``<f>`` element of each cell of a formula filled down (Excel's shared formulas: the
    first cell holds the formula and the range, ``t="shared" ref="K2:K10" si="0"``, the others
    ``<f t="shared" si="0"/>``): a run of two or more cells of a column whose formulas are the
    first one's, moved to their rows."""
    found: dict[tuple[int, int], str] = {}
    formulas = sorted((c, r) for (r, c), cell in sheet.cells.items() if cell.formula)
    runs: list[list[tuple[int, int]]] = []
    for c, r in formulas:
        run = runs[-1] if runs else None
        if run and run[-1] == (c, r - 1):
            first = sheet.cells[(run[0][1], c)].formula or ""
            if moved_row(first, sheet.name, run[0][1], r) == sheet.cells[(r, c)].formula:
                run.append((c, r))
                continue
        runs.append([(c, r)])
    index = 0
    for run in runs:
        if len(run) < 2:
            continue
        (c, top), (_, bottom) = run[0], run[-1]
        letter = column_letters(c)
        formula = escape(sheet.cells[(top, c)].formula or "")
        found[(top, c)] = (
            f'<f t="shared" ref="{letter}{top}:{letter}{bottom}" si="{index}">{formula}</f>'
        )
        for _, r in run[1:]:
            found[(r, c)] = f'<f t="shared" si="{index}"/>'
        index += 1
    return found


def cell_xml(
    reference: str, cell: Cell, shared: Callable[[str], int], inline: bool, element: str = ""
) -> str:
    """A cell as Excel writes it; ``element``: its ``<f>`` when it is part of a shared formula."""
    style = f' s="{cell.style}"' if cell.style else ""
    head = f'<c r="{reference}"{style}'
    formula = element or (f"<f>{escape(cell.formula)}</f>" if cell.formula else "")
    value = cell.value
    if cell.error:
        return f'{head} t="e">{formula}<v>{escape(cell.error)}</v></c>'
    if value is None:
        return f"{head}/>" if not formula else f"{head}>{formula}</c>"
    if isinstance(value, bool):
        return f'{head} t="b">{formula}<v>{int(value)}</v></c>'
    if isinstance(value, int | float):
        return f"{head}>{formula}<v>{number_text(value)}</v></c>"
    text = str(value)
    if formula:  # a formula's text result
        return f'{head} t="str">{formula}<v>{escape(text)}</v></c>'
    if inline:
        return f'{head} t="inlineStr"><is>{text_element(text)}</is></c>'
    return f'{head} t="s"><v>{shared(text)}</v></c>'


def sheet_xml(sheet: Sheet, selected: bool, shared: Callable[[str], int], inline: bool) -> str:
    rows: dict[int, dict[int, Cell]] = {}
    for (r, c), cell in sheet.cells.items():
        rows.setdefault(r, {})[c] = cell
    for r in sheet.hidden_rows:
        rows.setdefault(r, {})
    last_row = max(rows, default=0)
    last_column = max((c for row in rows.values() for c in row), default=0)
    dimension = (
        f"A1:{column_letters(last_column)}{last_row}"
        if rows and (last_row, last_column) != (1, 1)
        else "A1"
    )
    body = []
    filled = shared_formulas(sheet)
    for r in sorted(rows):
        cells = rows[r]
        spans = f' spans="{min(cells)}:{max(cells)}"' if cells else ""
        hidden = ' hidden="1"' if r in sheet.hidden_rows else ""
        inner = "".join(
            cell_xml(f"{column_letters(c)}{r}", cells[c], shared, inline, filled.get((r, c), ""))
            for c in sorted(cells)
        )
        body.append(f'<row r="{r}"{spans}{hidden} x14ac:dyDescent="0.25">{inner}</row>')
    data = f"<sheetData>{''.join(body)}</sheetData>" if body else "<sheetData/>"
    pane = (
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
        if sheet.frozen
        else '<selection activeCell="A1" sqref="A1"/>'
    )
    tab = ' tabSelected="1"' if selected else ""
    widths = dict(sheet.widths)
    columns = sorted(set(widths) | sheet.hidden_columns)
    cols = "".join(
        f'<col min="{c}" max="{c}" width="{widths.get(c, 8.7109375)}"'
        + (' hidden="1"' if c in sheet.hidden_columns else "")
        + ' customWidth="1"/>'
        for c in columns
    )
    filter_ref = f"A1:{column_letters(sheet.last_column())}{sheet.last_row()}"
    validations = "".join(
        f'<dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" '
        f'sqref="{escape(sqref)}"><formula1>{escape(formula)}</formula1></dataValidation>'
        for sqref, formula in sheet.validations
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}" xmlns:mc="{MC}" mc:Ignorable="x14ac xr xr2 '
        'xr3" '
        f'xmlns:x14ac="{X14AC}" '
        'xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" '
        'xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2" '
        'xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3" '
        'xr:uid="{00000000-0001-0000-0000-000000000000}">'
        + ('<sheetPr filterMode="1"/>' if sheet.filtered else "")
        + f'<dimension ref="{dimension}"/>'
        f'<sheetViews><sheetView{tab} workbookViewId="0">{pane}</sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="14.5" x14ac:dyDescent="0.35"/>'
        + (f"<cols>{cols}</cols>" if cols else "")
        + data
        + (f'<autoFilter ref="{filter_ref}"/>' if sheet.autofilter else "")
        + (
            f'<dataValidations count="{len(sheet.validations)}">{validations}</dataValidations>'
            if validations
            else ""
        )
        + '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
        "</worksheet>"
    )


# ---------------------------------------------------------------- reading a saved file back


def sheet_part(path: Path, name: str) -> bytes:
    """The XML bytes of the sheet ``name`` of the saved workbook ``path`` (found through the
    workbook's sheet list and relationships, as any reader finds it)."""
    with zipfile.ZipFile(path) as archive:
        book = archive.read("xl/workbook.xml").decode()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        for tag in re.findall(r"<(?:\w+:)?sheet\b[^>]*>", book):
            shown = re.search(r'\bname="([^"]*)"', tag)
            rid = re.search(r'\br:id="([^"]*)"', tag) or re.search(r':id="([^"]*)"', tag)
            assert shown is not None and rid is not None, tag
            if unescaped(shown.group(1)) != name:
                continue
            for rel in re.findall(r"<Relationship\b[^>]*>", rels):
                if f'Id="{rid.group(1)}"' in rel:
                    target = re.search(r'Target="([^"]*)"', rel)
                    assert target is not None
                    part = target.group(1).lstrip("/")
                    return archive.read(part if part.startswith("xl/") else f"xl/{part}")
    raise KeyError(f"{path.name}: no sheet {name!r}")


def unescaped(text: str) -> str:
    for entity, char in (("&quot;", '"'), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">")):
        text = text.replace(entity, char)
    return text.replace("&amp;", "&")
