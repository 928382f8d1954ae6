"""A table of the printed pack fitted to the page: each column as wide as its widest text, the
type as large as the page's width allows, the rows shared evenly between the fewest pages,
portrait or landscape, the header row repeated on each."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Flowable,
    TableStyle,
)
from reportlab.platypus import Table as PdfTable

from gosheet.formats.pack.page import (
    BOLD,
    BOTTOM,
    FONT,
    HEADER_FILL,
    LEADING,
    MARGIN,
    PADDING,
    ROW,
    SMALLEST,
    STRIPE,
    TOP,
    frame_height,
    frame_width,
)
from gosheet.formats.pack.view import Table
from gosheet.records import record, replace

_UNITS: dict[int, tuple[Table, list[float]]] = {}


def unit_widths(table: Table) -> list[float]:
    """Each column's widest text (its header in bold, names in bold) at 1 point: a text is
    as much wider as its type is larger, so the widths at any size follow from these (the
    fitting of a list tries many sizes). The last few tables' are kept."""
    kept = _UNITS.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    units = []
    for i, header in enumerate(table.headers):
        font = BOLD if i in table.names else FONT
        cells = {r[i] for r in table.rows if i < len(r)}
        units.append(
            max(
                [pdfmetrics.stringWidth(header, BOLD, 1)]
                + [pdfmetrics.stringWidth(c, font, 1) for c in cells]
            )
        )
    if len(_UNITS) >= 16:
        _UNITS.clear()
    _UNITS[id(table)] = (table, units)
    return units


def column_widths(table: Table, size: float) -> list[float]:
    """Each column as wide as its widest text at ``size`` points, with padding."""
    return [unit * size + 2 * PADDING + 2 for unit in unit_widths(table)]


def fitted(table: Table, size: float, width: float) -> tuple[float, list[float]]:
    """The type size (at most ``size``) at which the table fits ``width``, and its columns."""
    widths = column_widths(table, size)
    total = sum(widths)
    if total > width:
        size = max(
            SMALLEST,
            size * (width - 2 * PADDING * len(widths)) / (total - 2 * PADDING * len(widths)),
        )
        widths = column_widths(table, size)
        scale = min(1.0, width / sum(widths))
        widths = [w * scale for w in widths]
    return size, widths


def flow_table(
    table: Table, size: float, width: float, rows: Sequence[list[str]] | None = None
) -> PdfTable:
    """A table repeating its header row on every page, striped, names in bold; ``rows``:
    a page's share of the table's rows (the columns as wide as the whole table's)."""
    size, widths = fitted(table, size, width)
    data = [list(table.headers), *(table.rows if rows is None else rows)]
    pdf = PdfTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, size, size * LEADING),
        ("FONT", (0, 0), (-1, 0), BOLD, size, size * LEADING),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), size * TOP),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * BOTTOM),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    for i in table.numeric:
        style.append(("ALIGN", (i, 0), (i, -1), "RIGHT"))
    for i in table.names:
        style.append(("FONT", (i, 1), (i, -1), BOLD, size, size * LEADING))
    pdf.setStyle(TableStyle(style))
    return pdf


def is_wide(table: Table, size: float) -> bool:
    return bool(sum(column_widths(table, size)) > A4[0] - 2 * MARGIN)


@record
class Fit:
    """How a table is laid out: the orientation, the type size asked of :func:`flow_table`
    and the rows of each page."""

    orientation: str
    size: float
    pages: list[list[list[str]]]


def rows_a_page(
    table: Table, size: float, orientation: str, heading: Flowable
) -> tuple[float, int]:
    """The type size the table takes at ``size`` (narrowed to the page's width) and how
    many of its rows a page then holds under ``heading`` and the header row."""
    shown = fitted(table, size, frame_width(orientation))[0]
    room = (
        frame_height(orientation)
        - heading.wrap(frame_width(orientation), frame_height(orientation))[1]
    )
    return shown, max(1, math.floor((room - 2) / (ROW * shown)) - 1)


def shown_size(table: Table, fit: Fit) -> float:
    """The type size ``table`` is printed in, laid out as ``fit``."""
    return fitted(table, fit.size, frame_width(fit.orientation))[0]


def without(table: Table, columns: frozenset[int]) -> Table:
    """``table`` without ``columns`` (its numeric and name columns renumbered)."""
    kept = [i for i in range(len(table.headers)) if i not in columns]
    at = {old: new for new, old in enumerate(kept)}
    return replace(
        table,
        headers=tuple(table.headers[i] for i in kept),
        rows=[[row[i] for i in kept if i < len(row)] for row in table.rows],
        numeric=frozenset(at[i] for i in table.numeric if i in at),
        names=frozenset(at[i] for i in table.names if i in at),
        origins=frozenset(),
    )


def fit_pages(table: Table, size: float, least: float, heading: Flowable) -> Fit:
    """The layout of ``table``, its type at most ``size`` points: in an orientation where
    the page's width lets it have ``least`` points or more (either, if neither does), on the
    fewest pages; then in the larger type those pages hold, portrait before landscape. The
    rows are shared evenly between the pages (each within one row of the others): no page
    of a few orphans."""
    rows = table.rows
    sizes = [size - 0.5 * k for k in range(int((size - least) / 0.5) + 1)]
    best: tuple[bool, int, float, int, str, float] | None = None
    for turn, orientation in enumerate(("portrait", "landscape")):
        tried = [(asked, *rows_a_page(table, asked, orientation, heading)) for asked in sizes]
        legible = [t for t in tried if t[1] >= least - 0.01]
        pages = max(1, math.ceil(len(rows) / max(t[2] for t in legible or tried)))
        share = math.ceil(len(rows) / pages)
        asked, shown, _ = next(t for t in legible or tried if t[2] >= share)
        found = (not legible, pages, -shown, turn, orientation, asked)
        best = found if best is None or found < best else best
    assert best is not None
    _, pages, _, _, orientation, asked = best
    shares = [rows[k * len(rows) // pages : (k + 1) * len(rows) // pages] for k in range(pages)]
    return Fit(orientation, asked, shares)
