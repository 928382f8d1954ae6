"""How a sheet gosheet writes is laid out, whatever writes it (openpyxl, or the part writer
of :mod:`gosheet.workbook.xlsx.parts`): the font, the columns' widths, the rows' heights."""

from __future__ import annotations

from collections.abc import Sequence
from types import NoneType
from typing import Any

from gosheet.records import record, replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import Column, Note, SheetData

FONT_NAME = "Arial"
"""A named font on every cell: Arial holds Latin, Cyrillic and Greek, and LibreOffice on Linux
takes its metric twin Liberation Sans — never a serif fallback (issue 14)."""


def content_width(data: SheetData, index: int) -> float:
    """A column's width in characters: the layout's, or its longest text (numbers included)
    and two characters of padding; a wrapped column keeps its width, and none passes 60."""
    return content_widths(data)[index]


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
    if data.notes:
        values = _without_notes(values, data.notes)
    return [
        column.width if column.wrap else _width(column.width, column.header, _longest(cells))
        for column, cells in zip(data.columns, values, strict=True)
    ]


def _without_notes(values: Rows, notes: Sequence[Note]) -> Rows:
    """The columns' values without the notes' (a note is merged across columns: it widens
    none of them)."""
    columns = [list(cells) for cells in values]
    for note in notes:
        if note.first < len(columns) and note.row < len(columns[note.first]):
            columns[note.first][note.row] = None
    return columns


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
    if wrapped:
        counted: dict[tuple[int, str], int] = {}  # (a club's name comes back row after row)
        for r, row in enumerate(data.rows, start=2):
            lines = 1
            for i in wrapped:
                text = str(row[i]) if i < len(row) and row[i] is not None else ""
                taken = counted.get((i, text))
                if taken is None:
                    width = data.columns[i].width
                    taken = counted[(i, text)] = max(_lines(text, width), _words_lines(text, width))
                lines = max(lines, taken)
            if lines > 1:
                heights[r] = 15 * lines
    if data.notes:
        widths = content_widths(data)
        for note in data.notes:
            row = data.rows[note.row] if note.row < len(data.rows) else []
            text = str(row[note.first]) if note.first < len(row) else ""
            width = sum(widths[note.first : note.last + 1])
            # every note row's height is set: an office suite sizes a merged cell's row as
            # if its text wrapped in its first column alone
            lines = _lines(text, width)
            heights[note.row + 2] = max(heights.get(note.row + 2, 15), 15 * lines)
    return heights


def _lines(text: str, width: float) -> int:
    """The lines a text takes wrapped in ``width`` characters (at least one), as measured in
    LibreOffice's prints of Arial 10: some 1.3 Latin characters a unit of width, 0.9
    Cyrillic ones (wider, and their longer words wrap sooner)."""
    per_line = max(1, int(width * _per_unit(text)))
    return max(1, -(-len(text) // per_line))


NARROW = frozenset(" fijlrt.,;:'!|()-/")
WIDE = frozenset("mwMWжшщыюмЖШЩЮЫМ@%")


def text_points(text: str) -> float:
    """The width of ``text`` in Arial 10, in points, roughly: Arial's narrow letters, its wide
    ones, its capitals and the rest (Latin and Cyrillic) — never less than the truth by
    much, for a wrapped cell's lines to be counted high rather than low."""
    return sum(
        3.0 if c in NARROW else 8.5 if c in WIDE else 7.0 if c.isupper() else 5.6 for c in text
    )


def _pieces(text: str) -> list[str]:
    """The pieces a line of ``text`` may break between: its words, split after a hyphen."""
    return text.replace("-", "- ").split()


def _words_lines(text: str, width: float) -> int:
    """The lines ``text`` takes wrapped word by word in a column ``width`` characters wide
    (:func:`text_points`): a line holds the words that fit it, a word too long its own."""
    room = width * 5.56 - 2.0
    lines, used, space = 1, 0.0, 0.0
    for piece in _pieces(text):
        size = text_points(piece)
        if used and used + space + size > room:
            lines, used, space = lines + 1, 0.0, 0.0
        used += space + size
        space = 0.0 if piece.endswith("-") else 3.0  # "Ki-in": no space after the hyphen
        while used > room:  # a word longer than the line runs on to the next
            lines, used = lines + 1, used - room
    return lines


def _per_unit(text: str) -> float:
    """The characters of ``text`` a unit of column width holds (see :func:`_lines`)."""
    return 1.3 if text.isascii() else 0.9


# ------------------------------------------------------------------ the printed page

MIN_SCALE = 0.8
"""A sheet is fitted to the page's width only if that keeps its 10 pt text at 8 pt or more;
wider, it prints at full size on pages side by side, its first columns on each."""
PAGE_POINTS = {False: 523.0, True: 720.0}
"""The printable width of a page, portrait (False) and landscape (True), in points: the
narrower of A4 and Letter, inside margins of half an inch (:data:`MARGINS`)."""
MARGINS = {"left": 0.5, "right": 0.5, "top": 0.75, "bottom": 0.75, "header": 0.3, "footer": 0.3}
"""The margins of every printed sheet, in inches."""


@record
class PageSetup:
    """How a sheet prints: the page's orientation, and whether it is scaled down to the
    page's width (``scale``: the scale that takes, 1 when it fits as it is)."""

    landscape: bool
    fit_width: bool
    scale: float


def column_points(width: float) -> float:
    """A column's width in characters in points, as printed: the wider of Excel's (a digit of
    Arial 10, 7 pixels, and 5 of padding) and LibreOffice's (a digit of Liberation Sans 10,
    5.56 points) — the workbook's default font is Arial 10
    (:func:`gosheet.workbook.template.plain_font`)."""
    return max((width * 7 + 5) * 0.75, width * 5.56 + 3.75)


def page_setup(data: SheetData, widths: Sequence[float] | None = None) -> PageSetup:
    """Portrait when the sheet fits a portrait page's width at :data:`MIN_SCALE` or more (and
    it does not ask for landscape), else landscape; scaled to the page's width when that
    keeps it legible, else printed at full size over pages side by side."""
    widths = content_widths(data) if widths is None else widths
    natural = sum(column_points(w) for w in widths) or 1.0
    landscape = data.landscape or natural * MIN_SCALE > PAGE_POINTS[False]
    scale = min(1.0, PAGE_POINTS[landscape] / natural)
    fit = scale >= MIN_SCALE
    return PageSetup(landscape, fit, scale if fit else 1.0)


def fitted(data: SheetData) -> SheetData:
    """``data`` as it prints one page wide: unchanged when it fits a page's width at
    :data:`MIN_SCALE` as it is (:func:`page_setup`); else its columns that may be narrowed
    (:attr:`~gosheet.workbook.sheets.Column.least`: a round sheet's clubs, then its names; the
    Standings' club, then the names) are narrowed just enough for it to fit a landscape page at
    :data:`MIN_SCALE`, their text wrapping onto a second line, and every cell of the table
    sits at the top of its row. A column is never narrowed below its ``least``, nor below its
    longest word (a word is not cut); a sheet still too wide so is left as it is (printed on
    pages side by side, its first columns on each)."""
    widths = content_widths(data)
    if not any(c.least for c in data.columns) or page_setup(data, widths).fit_width:
        return data
    room = PAGE_POINTS[True] / MIN_SCALE
    values = column_values(data)
    floors = [  # (a column that is never narrowed needs none)
        _floor(c, cells) if c.least else 0.0 for c, cells in zip(data.columns, values, strict=True)
    ]
    new = list(widths)
    for stage in sorted({c.stage for c in data.columns if c.least}):
        chosen = [
            i
            for i, c in enumerate(data.columns)
            if c.least and c.stage == stage and floors[i] < widths[i]
        ]
        new = _capped(new, chosen, floors, room)
        if _points(new) <= room:
            break
    if _points(new) > room:
        return data
    columns = tuple(
        replace(c, width=w, wrap=True, top=True) if w < old else replace(c, top=True)
        for c, w, old in zip(data.columns, new, widths, strict=True)
    )
    return replace(data, columns=columns, landscape=True)


def _floor(column: Column, cells: Sequence[Any]) -> float:
    """The least width ``column`` may take: its ``least``, or its longest word (a club's
    ``Санкт-Петербургский`` breaks at its hyphen) and a character of padding."""
    texts = {cell for cell in cells if isinstance(cell, str)}  # (a club's name repeats)
    pieces = {piece for text in texts for piece in _pieces(text)}
    return max([column.least, *((text_points(p) + 2.0) / 5.56 for p in pieces)])


def _points(widths: Sequence[float]) -> float:
    return sum(column_points(w) for w in widths)


def _capped(
    widths: Sequence[float], chosen: Sequence[int], floors: Sequence[float], room: float
) -> list[float]:
    """``widths`` with the ``chosen`` columns capped at one width (none below its floor):
    the widest cap that fits ``room`` points, or every chosen column at its floor."""

    def capped(cap: float) -> list[float]:
        return [max(floors[i], min(w, cap)) if i in chosen else w for i, w in enumerate(widths)]

    if not chosen:
        return list(widths)
    low, high = min(floors[i] for i in chosen), max(widths[i] for i in chosen)
    if _points(capped(low)) > room:
        return capped(low)
    for _ in range(40):  # the widest cap that fits, to a hundredth of a character
        middle = (low + high) / 2
        low, high = (middle, high) if _points(capped(middle)) <= room else (low, middle)
    return capped(int(low * 10) / 10)
