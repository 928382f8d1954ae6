"""A sheet gosheet writes whole (:class:`SheetData`) as worksheet XML, written straight out
(no cell objects): headers, rows, widths, the frozen header row, print titles, the page
set-up, a drop-down list — what
:func:`gosheet.workbook.xlsx.openpyxl_book.render_sheet` gives through openpyxl, in a
fraction of the time.

The rows are written column by column, without a call per cell (:func:`column_cells`): a
column of texts has each different text's ending made once (or none, when no text needs
escaping or its spaces kept), a column of numbers is written in one go; a column holding
anything else (booleans, dates, a number that is not finite) is written by :func:`cell_xml`,
which says what every cell is, a call per cell."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, time
from types import NoneType
from typing import Any

from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import HEADER_COLOUR, SheetData, column_letter, writable
from gosheet.workbook.sheets.layout import (
    FONT_NAME,
    MARGINS,
    column_values,
    content_widths,
    page_setup,
    row_heights,
    wide_header,
)
from gosheet.workbook.xlsx.parts.spans import escape
from gosheet.workbook.xlsx.parts.styles import CellFormat, Styles

NOTE = CellFormat(FONT_NAME, wrap=True, vertical="top", horizontal="left")
"""A note merged across columns (:class:`~gosheet.workbook.sheets.Note`)."""
HEADER = CellFormat(
    FONT_NAME, bold=True, fill=HEADER_COLOUR, bottom_border=True, wrap=True, vertical="center"
)
EPOCH = datetime(1899, 12, 30)

# What makes a text more than the characters between its tags: what XML escapes and what
# writable.cell_text takes out (control characters but tab and newline, lone surrogates,
# U+FFFE, U+FFFF). A text with none of them is written as it is.
_SPECIAL = '[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]'


def _special(text: str) -> bool:
    """Whether ``text`` holds one of :data:`_SPECIAL`'s characters: those taken out are never
    printable, so a printable text needs no pattern (compiled on first use: 0.3 ms)."""
    if "&" in text or "<" in text or ">" in text or '"' in text:
        return True
    return not text.isprintable() and re.search(_SPECIAL, text) is not None


def cell_xml(ref: str, value: Any, style: int | None) -> str:
    """One cell: text as an inline string (never a formula), numbers, booleans, dates."""
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s}/>' if s else ""
    if isinstance(value, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float) and -writable.MAX_NUMBER <= value <= writable.MAX_NUMBER:
        return f'<c r="{ref}"{s}><v>{value!r}</v></c>'
    if isinstance(value, datetime | date) and not isinstance(value, time):
        moment = value if isinstance(value, datetime) else datetime.combine(value, time())
        serial = (moment.replace(tzinfo=None) - EPOCH).total_seconds() / 86400
        return f'<c r="{ref}"{s}><v>{serial!r}</v></c>'
    text = escape(str(writable.cell_text(value)))
    if not text:  # an empty text is an empty cell (as openpyxl writes it)
        return f'<c r="{ref}"{s}/>' if s else ""
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{text}</t></is></c>'


def text_ending(text: str, s: str) -> str:
    """What follows ``<c r="B7`` in :func:`cell_xml`'s cell of ``text`` (a ``str``) when the
    cell's style attribute is ``s`` (``' s="3"'`` or empty); empty when there is no cell."""
    if _special(text):
        text = escape(str(writable.cell_text(text)))
    if not text:
        return f'"{s}/>' if s else ""
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'"{s} t="inlineStr"><is><t{space}>{text}</t></is></c>'


def column_cells(values: Sequence[Any], letter: str, style: int, numbers: list[str]) -> list[str]:
    """A column's cells (``values``, in the rows ``numbers``) as :func:`cell_xml` writes each,
    with ``style``; an empty string where there is no cell. A column of texts (and empty
    cells) has each text's ending made once; a column of numbers is written in one go."""
    s = f' s="{style}"' if style else ""
    start = f'<c r="{letter}'
    empty = f'"{s}/>' if s else ""
    kinds = set(map(type, values))
    if kinds <= {str, NoneType}:
        unique = set(values)
        texts = [v for v in unique if v is not None]
        if not _special("".join(texts)) and all(v and v == v.strip() for v in texts):
            # texts written as they are (no escape, no space kept): in one go
            text = f'"{s} t="inlineStr"><is><t>'
            return [
                f"{start}{n}{text}{v}</t></is></c>"
                if v is not None
                else (f"{start}{n}{empty}" if empty else "")
                for n, v in zip(numbers, values, strict=True)
            ]
        endings = {v: empty if v is None else text_ending(v, s) for v in unique}
        return [
            f"{start}{n}{ending}" if ending else ""
            for n, ending in zip(numbers, map(endings.__getitem__, values), strict=True)
        ]
    if kinds <= {int, float, NoneType} and _within_excel(values):
        return [
            f'{start}{n}"{s}><v>{v!r}</v></c>'
            if v is not None
            else (f"{start}{n}{empty}" if empty else "")
            for n, v in zip(numbers, values, strict=True)
        ]
    return [cell_xml(f"{letter}{n}", v, style) for n, v in zip(numbers, values, strict=True)]


def _within_excel(values: Sequence[int | float | None]) -> bool:
    """Whether every number of ``values`` is one Excel holds (finite, within its range)."""
    high = writable.MAX_NUMBER
    return all(-high <= v <= high for v in values if v is not None)


def refuse_long_texts(data: SheetData, values: Rows | None = None) -> None:
    """Refuse (:class:`~gosheet.core.errors.FileProblem`, naming the cell) a sheet with a
    text longer than a cell holds (Excel's 32,767 characters), before anything is written;
    ``values``: the columns' :func:`~gosheet.workbook.sheets.layout.column_values`, if known."""
    for index, header in enumerate(data.headers):
        if writable.too_long(header):
            raise writable.long_text(f"{data.name}!{column_letter(index)}1", str(header))
    for index, column in enumerate(column_values(data) if values is None else values):
        texts = [v for v in column if type(v) is str]
        if texts and max(map(len, texts)) > writable.MAX_TEXT:
            row, text = next((r, v) for r, v in enumerate(column, 2) if writable.too_long(v))
            raise writable.long_text(f"{data.name}!{column_letter(index)}{row}", text)


def rows_xml(
    data: SheetData,
    letters: list[str],
    body: list[int],
    out: list[str],
    values: Rows | None = None,
    note_style: int | None = None,
) -> None:
    """The data rows of ``data`` (from row 2), each cell as :func:`cell_xml` writes it with
    its column's letters and style (a note's: ``note_style``), appended to ``out``;
    ``values``: the columns' :func:`~gosheet.workbook.sheets.layout.column_values`, when they are
    known already."""
    heights = row_heights(data)
    numbers = [str(r) for r in range(2, len(data.rows) + 2)]
    values = column_values(data) if values is None else values
    cells = [
        column_cells(column, letter, style, numbers)
        for column, letter, style in zip(values, letters, body, strict=True)
    ]
    for note in data.notes:
        if note.first < len(cells) and note.row < len(numbers):
            value = values[note.first][note.row]
            ref = f"{letters[note.first]}{numbers[note.row]}"
            cells[note.first][note.row] = cell_xml(ref, value, note_style)
    rows = zip(*cells, strict=True) if cells else [() for _ in numbers]
    join = "".join
    for r, row in enumerate(rows, start=2):
        height = heights.get(r) if heights else None
        out.append(f'<row r="{r}" ht="{height}" customHeight="1">' if height else f'<row r="{r}">')
        out.append(join(row))
        out.append("</row>")


def sheet_xml(data: SheetData, styles: Styles) -> bytes:
    """The worksheet part of ``data``; the cell formats are added to ``styles``."""
    columns = data.columns
    letters = [column_letter(i) for i in range(len(columns))]
    header_style = styles.index(HEADER)
    body = [
        styles.index(
            CellFormat(
                FONT_NAME,
                number_format=c.number_format,
                wrap=c.wrap,
                vertical="top" if c.wrap or c.top else None,
                horizontal="center" if c.centre else "left" if c.left else None,
            )
        )
        for c in columns
    ]
    formatted = [bool(c.number_format or c.wrap or c.centre or c.left or c.top) for c in columns]
    cells = column_values(data)
    refuse_long_texts(data, cells)
    widths = content_widths(data, cells)
    setup = page_setup(data, widths)
    last_row = len(data.rows) + 1 + (data.blank_rows if any(formatted) else 0)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<sheetPr><pageSetUpPr fitToPage="{int(setup.fit_width)}"/></sheetPr>'
        f'<dimension ref="A1:{letters[-1] if letters else "A"}{max(last_row, 1)}"/>'
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" '
        'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" '
        'sqref="A2"/></sheetView></sheetViews><sheetFormatPr baseColWidth="8" '
        'defaultRowHeight="15"/>'
    ]
    if columns:
        out.append("<cols>")
        for i, width in enumerate(widths):
            out.append(f'<col min="{i + 1}" max="{i + 1}" width="{width!r}" customWidth="1"/>')
        out.append("</cols>")
    out.append("<sheetData>")
    high = ' ht="30" customHeight="1"' if wide_header(data, widths) else ""
    out.append(f'<row r="1"{high}>')
    out.extend(cell_xml(f"{letters[i]}1", h, header_style) for i, h in enumerate(data.headers))
    out.append("</row>")
    rows_xml(data, letters, body, out, cells, styles.index(NOTE) if data.notes else None)
    for r in range(len(data.rows) + 2, last_row + 1):
        blank = "".join(
            cell_xml(f"{letters[i]}{r}", None, body[i]) for i in range(len(columns)) if formatted[i]
        )
        out.append(f'<row r="{r}">{blank}</row>')
    out.append("</sheetData>")
    merged = [n for n in data.notes if n.last > n.first]
    if merged:
        out.append(f'<mergeCells count="{len(merged)}">')
        out.extend(
            f'<mergeCell ref="{letters[n.first]}{n.row + 2}:{letters[n.last]}{n.row + 2}"/>'
            for n in merged
        )
        out.append("</mergeCells>")
    dropdown = data.dropdown
    if dropdown is not None and dropdown.rows:
        letter = column_letter(dropdown.column)
        values = escape('"' + ",".join(dropdown.values) + '"')
        out.append(
            '<dataValidations count="1"><dataValidation type="list" allowBlank="1" '
            f'showErrorMessage="0" sqref="{letter}2:{letter}{dropdown.rows + 1}">'
            f"<formula1>{values}</formula1></dataValidation></dataValidations>"
        )
    orientation = "landscape" if setup.landscape else "portrait"
    margins = " ".join(f'{side}="{inches}"' for side, inches in MARGINS.items())
    fit = ' fitToWidth="1" fitToHeight="0"' if setup.fit_width else ""
    out.append(
        f'<pageMargins {margins}/><pageSetup orientation="{orientation}"{fit}/><headerFooter>'
    )
    if data.title:
        out.append(f"<oddHeader>{escape('&C' + writable.header_text(data.title))}</oddHeader>")
    out.append("<oddFooter>&amp;C&amp;P / &amp;N</oddFooter></headerFooter></worksheet>")
    return "".join(out).encode("utf-8")
