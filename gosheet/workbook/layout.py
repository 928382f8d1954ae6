"""How a sheet gosheet writes is laid out, whatever writes it (openpyxl, or the part writer
of :mod:`gosheet.workbook.parts`): the font, the columns' widths, the rows' heights."""

from __future__ import annotations

from collections.abc import Sequence
from types import NoneType
from typing import Any

from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import SheetData

FONT_NAME = "Arial"
"""A named font on every cell: Arial holds Latin, Cyrillic and Greek, and LibreOffice on Linux
takes its metric twin Liberation Sans — never a serif fallback (issue 14)."""


def content_width(data: SheetData, index: int) -> float:
    """A column's width in characters: the layout's, or its longest text (numbers included)
    and two characters of padding; a wrapped column keeps its width, and none passes 60."""
    column = data.columns[index]
    if column.wrap:
        return column.width
    cells = [row[index] for row in data.rows if index < len(row)]
    return _width(column.width, column.header, _longest(cells))


def column_values(data: SheetData) -> list[Sequence[Any]]:
    """The values of each column, row by row (None where a row is shorter)."""
    rows = data.rows
    count = len(data.columns)
    if all(len(row) == count for row in rows):
        return list(zip(*rows, strict=True)) if rows else [() for _ in range(count)]
    return [[row[i] if i < len(row) else None for row in rows] for i in range(count)]


def content_widths(data: SheetData, values: Rows | None = None) -> list[float]:
    """Every column's :func:`content_width`, read column by column; ``values``: the columns'
    :func:`column_values`, when they are known already."""
    values = column_values(data) if values is None else values
    return [
        column.width if column.wrap else _width(column.width, column.header, _longest(cells))
        for column, cells in zip(data.columns, values, strict=True)
    ]


def _longest(cells: Sequence[Any]) -> int:
    """The length of the longest of the cells (None aside) as ``str`` writes them."""
    kinds = set(map(type, cells))
    present = [v for v in cells if v is not None] if NoneType in kinds else cells
    if not present:
        return 0
    if kinds <= {str, NoneType}:
        return max(map(len, present))
    if kinds <= {int, NoneType}:  # the longest whole number is the largest or the smallest
        return max(len(str(max(present))), len(str(min(present))))
    return max(map(len, map(str, present)))


def _width(width: float, header: str, longest: int) -> float:
    longest = max([longest, *(len(word) for word in header.split())])
    return min(60.0, max(width, longest + 2.0))


def wide_header(data: SheetData, widths: Sequence[float] | None = None) -> bool:
    """Whether a header is wider than its column (the header row is then two lines high);
    ``widths``: the columns' :func:`content_widths`, when they are known already."""
    widths = content_widths(data) if widths is None else widths
    return any(len(c.header) + 2 > widths[i] for i, c in enumerate(data.columns))


def row_heights(data: SheetData) -> dict[int, int]:
    """The rows (1-based, the header is 1) with wrapped text and the height of their longest
    cell (not every office suite recomputes row heights when it opens a file)."""
    wrapped = [i for i, c in enumerate(data.columns) if c.wrap]
    heights: dict[int, int] = {}
    if not wrapped:
        return heights
    for r, row in enumerate(data.rows, start=2):
        lines = 1
        for i in wrapped:
            text = str(row[i]) if i < len(row) and row[i] is not None else ""
            per_line = max(1, int(data.columns[i].width * 1.1))
            lines = max(lines, -(-len(text) // per_line))
        if lines > 1:
            heights[r] = 15 * lines
    return heights
