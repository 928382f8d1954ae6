"""How a sheet gosheet writes is laid out, whatever writes it (openpyxl, or the part writer
of :mod:`gosheet.workbook.parts`): the font, the columns' widths, the rows' heights."""

from __future__ import annotations

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
    cells = (row[index] for row in data.rows if index < len(row))
    longest = max((len(str(v)) for v in cells if v is not None), default=0)
    longest = max(longest, *(len(word) for word in column.header.split()))
    return min(60.0, max(column.width, longest + 2.0))


def wide_header(data: SheetData) -> bool:
    """Whether a header is wider than its column (the header row is then two lines high)."""
    return any(len(c.header) + 2 > content_width(data, i) for i, c in enumerate(data.columns))


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
