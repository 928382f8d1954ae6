"""A sheet gosheet writes whole (:class:`~gosheet.workbook.sheets.SheetData`) as an
OpenDocument ``<table:table>``: the header row (repeated on every printed page), the rows,
the columns' widths and formats (:mod:`.looks`), the drop-down list of results — what the
``.xlsx`` writer (:mod:`gosheet.workbook.xlsx.parts.sheet_xml`) gives a worksheet. Cells are
texts, numbers, booleans, dates and times, each as LibreOffice writes it."""

from __future__ import annotations

import hashlib
import math
import re
from datetime import date, datetime, time
from typing import Any

from gosheet.workbook.ods.looks import DATE_CODE, Looks
from gosheet.workbook.sheets import Note, SheetData, column_letter, writable
from gosheet.workbook.sheets.layout import (
    column_values,
    content_widths,
    page_setup,
    row_heights,
    wide_header,
)
from gosheet.workbook.xlsx.parts.spans import escape

_SPACES = re.compile(r"  +|^ |\t")


def paragraph(text: str) -> str:
    """One line of text as ``text:p`` content: runs of spaces as ``text:s``, tabs as
    ``text:tab`` (as LibreOffice keeps them).

    >>> paragraph(" a  b\\tc")
    '<text:s/>a <text:s/>b<text:tab/>c'
    """

    def space(found: re.Match[str]) -> str:
        run = found.group(0)
        if run == "\t":
            return "<text:tab/>"
        if found.start() == 0 and run == " ":
            return "<text:s/>"
        rest = len(run) - 1
        return " " + ("<text:s/>" if rest == 1 else f'<text:s text:c="{rest}"/>')

    return _SPACES.sub(space, escape(text))


def text_cell(text: str, style: str = "") -> str:
    """A text cell (its lines as paragraphs); empty text: an empty cell."""
    if not text:
        return f"<table:table-cell{style}/>"
    lines = "".join(f"<text:p>{paragraph(line)}</text:p>" for line in text.split("\n"))
    return f'<table:table-cell{style} office:value-type="string">{lines}</table:table-cell>'


def value_attributes(value: Any) -> tuple[str, str] | None:
    """The value attributes and the shown text of a number, boolean, date or time; None for
    a text (or an empty cell)."""
    if isinstance(value, bool):
        word = "true" if value else "false"
        return f' office:value-type="boolean" office:boolean-value="{word}"', word.upper()
    if isinstance(value, int | float) and math.isfinite(value):
        shown = repr(value) if isinstance(value, float) and not value.is_integer() else str(value)
        number = str(int(value)) if isinstance(value, float) and value.is_integer() else repr(value)
        return f' office:value-type="float" office:value="{number}"', shown.removesuffix(".0")
    if isinstance(value, datetime | date) and not isinstance(value, time):
        if isinstance(value, datetime) and (value.hour, value.minute, value.second) != (0, 0, 0):
            iso = value.replace(tzinfo=None, microsecond=0).isoformat()
        else:
            iso = value.strftime("%Y-%m-%d") if value.year >= 1000 else value.isoformat()[:10]
        return f' office:value-type="date" office:date-value="{iso}"', iso
    if isinstance(value, time):
        duration = f"PT{value.hour:02}H{value.minute:02}M{value.second:02}S"
        return f' office:value-type="time" office:time-value="{duration}"', str(value)
    return None


def cell(value: Any, style: str = "", date_style: str = "") -> str:
    """One cell of ``value`` (``style``: its ``table:style-name`` attribute, or empty;
    ``date_style`` the one a date takes)."""
    if value is None:
        return f"<table:table-cell{style}/>"
    typed = value_attributes(value)
    if typed is None:
        return text_cell(str(writable.cell_text(value)), style)
    attributes, shown = typed
    if "date-value" in attributes and date_style:
        style = date_style
    return (
        f"<table:table-cell{style}{attributes}><text:p>{escape(shown)}</text:p></table:table-cell>"
    )


def row(cells: list[str]) -> str:
    """The cells of a row, the empty ones at its end left out and runs of empty ones
    repeated (one element each run)."""
    empty = "<table:table-cell/>"
    while cells and cells[-1] == empty:
        cells.pop()
    out: list[str] = []
    run = 0
    for text in [*cells, ""]:
        if text == empty:
            run += 1
            continue
        if run:
            out.append(
                empty if run == 1 else f'<table:table-cell table:number-columns-repeated="{run}"/>'
            )
            run = 0
        out.append(text)
    return "".join(out) or empty


def validation(data: SheetData) -> tuple[str, str] | None:
    """The drop-down list of ``data`` as a ``table:content-validation``: its name and XML."""
    dropdown = data.dropdown
    if dropdown is None or not dropdown.rows:
        return None
    values = ";".join('"' + v.replace('"', '""') + '"' for v in dropdown.values)
    sheet = "'" + data.name.replace("'", "''") + "'"
    base = f"{sheet}.{column_letter(dropdown.column)}2"
    body = (
        'table:condition="{cond}" table:allow-empty-cell="true" table:display-list="unsorted" '
        'table:base-cell-address="{base}"'
    ).format(cond=escape(f"of:cell-content-is-in-list({values})"), base=escape(base))
    name = "gsval-" + hashlib.sha1(body.encode()).hexdigest()[:10]
    return name, f'<table:content-validation table:name="{name}" {body}/>'


def spread(cells: list[str], note: Note, style: str) -> None:
    """The note's cell of a row styled ``style`` (wrapped), spanning its columns: the cells
    under it covered (they are empty)."""
    if note.first >= len(cells):
        return
    span = note.last - note.first + 1
    spanned = f' table:number-columns-spanned="{span}" table:number-rows-spanned="1"'
    cells[note.first] = cells[note.first].replace(
        "<table:table-cell", "<table:table-cell" + style + spanned, 1
    )
    del cells[note.first + 1 : note.last + 1]
    covered = ["<table:covered-table-cell/>"] * (span - 1)
    cells[note.first + 1 : note.first + 1] = covered


def table_xml(
    data: SheetData,
    looks: Looks,
    validation_name: str | None = None,
    master: str | None = None,
) -> str:
    """The ``<table:table>`` of ``data``; the styles it needs are added to ``looks``;
    ``master``: the master page it prints with."""
    columns = data.columns
    values = column_values(data)
    widths = content_widths(data, values)
    header_style = f' table:style-name="{looks.cell(header=True)}"'
    date_style = f' table:style-name="{looks.cell(code=DATE_CODE)}"'
    body = [
        looks.cell(code=c.number_format, wrap=c.wrap, centre=c.centre, left=c.left, top=c.top)
        for c in columns
    ]
    notes = {n.row + 2: n for n in data.notes}
    note_style = f' table:style-name="{looks.cell(wrap=True, left=True)}"' if notes else ""
    style = looks.table(master)
    out = [f'<table:table table:name="{escape(data.name)}" table:style-name="{style}">']
    columns_xml = [
        f'<table:table-column table:style-name="{looks.column(w)}" '
        f'table:default-cell-style-name="{b}"/>'
        for w, b in zip(widths, body, strict=True)
    ]
    repeated = data.title_columns if not page_setup(data, widths).fit_width else 0
    if repeated:  # the first columns on every page of a sheet too wide for one
        columns_xml.insert(repeated, "</table:table-header-columns>")
        columns_xml.insert(0, "<table:table-header-columns>")
    out.extend(columns_xml)
    high = 30.0 if wide_header(data, widths) else None
    out.append(f'<table:table-header-rows><table:table-row table:style-name="{looks.row(high)}">')
    out.append(row([cell(h, header_style) for h in data.headers]))
    out.append("</table:table-row></table:table-header-rows>")
    heights = row_heights(data)
    plain = looks.row(None)
    dropdown = data.dropdown
    for r, line in enumerate(data.rows, start=2):
        style = looks.row(heights[r]) if r in heights else plain
        out.append(f'<table:table-row table:style-name="{style}">')
        cells = [cell(v, "", date_style) for v in line[: len(columns)]]
        if r in notes:
            spread(cells, notes[r], note_style)
        if validation_name and dropdown is not None and r - 1 <= dropdown.rows:
            while len(cells) <= dropdown.column:
                cells.append("<table:table-cell/>")
            named = f' table:content-validation-name="{validation_name}"'
            cells[dropdown.column] = cells[dropdown.column].replace(
                "<table:table-cell", "<table:table-cell" + named, 1
            )
        out.append(row(cells))
        out.append("</table:table-row>")
    out.append("</table:table>")
    return "".join(out)
