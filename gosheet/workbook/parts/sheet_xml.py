"""A sheet gosheet writes whole (:class:`SheetData`) as worksheet XML, written straight out
(no cell objects): headers, rows, widths, the frozen header row, print titles, the page
set-up, a drop-down list — what :func:`gosheet.workbook.xlsx.render_sheet` gives through
openpyxl, in a fraction of the time."""

from __future__ import annotations

import math
from datetime import date, datetime, time
from typing import Any

from gosheet.workbook import limits
from gosheet.workbook.layout import FONT_NAME, content_width, row_heights, wide_header
from gosheet.workbook.parts.spans import escape
from gosheet.workbook.parts.styles import CellFormat, Styles
from gosheet.workbook.sheets import HEADER_COLOUR, SheetData, column_letter

HEADER = CellFormat(
    FONT_NAME, bold=True, fill=HEADER_COLOUR, bottom_border=True, wrap=True, vertical="center"
)
EPOCH = datetime(1899, 12, 30)


def cell_xml(ref: str, value: Any, style: int | None) -> str:
    """One cell: text as an inline string (never a formula), numbers, booleans, dates."""
    s = f' s="{style}"' if style else ""
    if value is None:
        return f'<c r="{ref}"{s}/>' if s else ""
    if isinstance(value, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float) and math.isfinite(value):
        return f'<c r="{ref}"{s}><v>{value!r}</v></c>'
    if isinstance(value, datetime | date) and not isinstance(value, time):
        moment = value if isinstance(value, datetime) else datetime.combine(value, time())
        serial = (moment.replace(tzinfo=None) - EPOCH).total_seconds() / 86400
        return f'<c r="{ref}"{s}><v>{serial!r}</v></c>'
    text = escape(str(limits.cell_text(value)))
    if not text:  # an empty text is an empty cell (as openpyxl writes it)
        return f'<c r="{ref}"{s}/>' if s else ""
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{text}</t></is></c>'


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
                vertical="top" if c.wrap else None,
                horizontal="center" if c.centre else None,
            )
        )
        for c in columns
    ]
    formatted = [bool(c.number_format or c.wrap or c.centre) for c in columns]
    heights = row_heights(data)
    last_row = len(data.rows) + 1 + (data.blank_rows if any(formatted) else 0)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
        f'<dimension ref="A1:{letters[-1] if letters else "A"}{max(last_row, 1)}"/>'
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" '
        'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" '
        'sqref="A2"/></sheetView></sheetViews><sheetFormatPr baseColWidth="8" '
        'defaultRowHeight="15"/>'
    ]
    if columns:
        out.append("<cols>")
        for i in range(len(columns)):
            width = content_width(data, i)
            out.append(f'<col min="{i + 1}" max="{i + 1}" width="{width!r}" customWidth="1"/>')
        out.append("</cols>")
    out.append("<sheetData>")
    high = ' ht="30" customHeight="1"' if wide_header(data) else ""
    out.append(f'<row r="1"{high}>')
    out.extend(cell_xml(f"{letters[i]}1", h, header_style) for i, h in enumerate(data.headers))
    out.append("</row>")
    for r, row in enumerate(data.rows, start=2):
        height = heights.get(r)
        high = f' ht="{height}" customHeight="1"' if height else ""
        out.append(f'<row r="{r}"{high}>')
        for i, letter in enumerate(letters):
            value = row[i] if i < len(row) else None
            out.append(cell_xml(f"{letter}{r}", value, body[i]))
        out.append("</row>")
    for r in range(len(data.rows) + 2, last_row + 1):
        cells = "".join(
            cell_xml(f"{letters[i]}{r}", None, body[i]) for i in range(len(columns)) if formatted[i]
        )
        out.append(f'<row r="{r}">{cells}</row>')
    out.append("</sheetData>")
    dropdown = data.dropdown
    if dropdown is not None and dropdown.rows:
        letter = column_letter(dropdown.column)
        values = escape('"' + ",".join(dropdown.values) + '"')
        out.append(
            '<dataValidations count="1"><dataValidation type="list" allowBlank="1" '
            f'showErrorMessage="0" sqref="{letter}2:{letter}{dropdown.rows + 1}">'
            f"<formula1>{values}</formula1></dataValidation></dataValidations>"
        )
    orientation = "landscape" if data.landscape else "portrait"
    out.append(
        '<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/>'
        f'<pageSetup orientation="{orientation}" fitToWidth="1" fitToHeight="0"/><headerFooter>'
    )
    if data.title:
        out.append(f"<oddHeader>{escape('&C' + limits.header_text(data.title))}</oddHeader>")
    out.append("<oddFooter>&amp;C&amp;P / &amp;N</oddFooter></headerFooter></worksheet>")
    return "".join(out).encode("utf-8")
