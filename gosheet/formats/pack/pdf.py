"""The printed pack: one PDF (reportlab) of a round's pairing list by table in large type,
the same list by name, the result slips (four a page, with cut lines), the standings and
the crosstable — each table as wide as the page allows, in landscape when it is wide, its
header repeated on every page, the tournament, the round and the page number on each.

The font is DejaVu Sans, shipped in ``fonts/`` with its licence: it holds Latin, Cyrillic
and Greek, so names print as typed on any machine (reportlab's own fonts hold Latin-1 only).
Every word is in the tournament's language (the pack's ``language``; ``_p`` marks the
``printing`` domain's messages, :mod:`gosheet.formats.pack.language`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from io import BytesIO
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus import Table as PdfTable

from gosheet.formats.addresses import address, player_page, round_page
from gosheet.formats.pack.codes import SLIP_CODE, Heading, draw_code
from gosheet.formats.pack.language import printing
from gosheet.formats.pack.view import WHAT, Pack, RoundView, Slip, Table

FONTS = Path(__file__).with_name("fonts")
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 12 * mm
LARGE, NORMAL, SMALLEST = 14.0, 10.0, 6.0  # type sizes: the wall, the rest, the least
WALL_LEAST, NORMAL_LEAST = 10.0, 8.0  # the least a list is made to fit fewer pages
WALL = 12.0
"""The wall's lists (by table, by name) are read from a step away: a list that fits one page
at this size or more is printed so, without its club and country column if need be
(:meth:`_Story.wall_part`)."""
LEADING, TOP, BOTTOM = 1.2, 0.15, 0.2  # a row's leading and padding, in type sizes
ROW = LEADING + TOP + BOTTOM  # a row's height in type sizes
FRAME_PADDING = 6  # reportlab's frame keeps that much inside each of its sides
PADDING = 4  # points each side of a cell's text
HEADER_FILL = colors.HexColor("#DDE4EE")
STRIPE = colors.HexColor("#F3F5F8")
SLIPS_A_PAGE = 4


def register_fonts() -> None:
    """DejaVu Sans and its bold, once."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSans-Bold.ttf")))


def page_size(canvas: Canvas) -> tuple[float, float]:
    """The size of the page being drawn (portrait or landscape)."""
    size = canvas._pagesize  # type: ignore[attr-defined]  # reportlab's own, not in its stubs
    return float(size[0]), float(size[1])


class _NumberedCanvas(Canvas):
    """Writes "page N of M" once every page is known, in the pack's ``language`` (which
    the PDF also declares, but for English, as it always was)."""

    language = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if self.language != "en":
            kwargs["lang"] = self.language
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab's own, not in its stubs

    def save(self) -> None:
        total = len(self._pages)
        _p = printing(self.language)
        for page in self._pages:
            self.__dict__.update(page)
            width = page_size(self)[0]
            self.setFont(FONT, 8)
            number = self.getPageNumber()
            words = _p("page {number} of {total}").format(number=number, total=total)
            self.drawRightString(width - MARGIN, MARGIN / 2, words)
            super().showPage()
        super().save()


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


class _Slips(Flowable):
    """A page of result slips, one above the other, with dashed cut lines."""

    def __init__(
        self, pack: Pack, view: RoundView, slips: Sequence[Slip], url: str | None = None
    ) -> None:
        super().__init__()
        self.pack, self.view, self.slips, self.url = pack, view, slips, url
        _p = printing(pack.language)
        self.heading = _p("{name} — round {number}").format(name=pack.name, number=view.number)
        self.table = _p("Table {number}")
        signed = {
            "White": _p("White, signed"),
            "Black": _p("Black, signed"),
            "First player": _p("First player, signed"),
            "Second player": _p("Second player, signed"),
        }
        english = ("White", "Black") if pack.game == "go" else ("First player", "Second player")
        self.signed = tuple(signed[side] for side in english)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, available_height - 1
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        high = self.height / SLIPS_A_PAGE
        for k, slip in enumerate(self.slips):
            top = self.height - k * high
            if k:
                c.setDash(4, 3)
                c.setStrokeColor(colors.grey)
                c.line(-MARGIN / 2, top, self.width + MARGIN / 2, top)
                c.setDash()
                c.setStrokeColor(colors.black)
            self._slip(slip, top - 8 * mm, high)

    def _slip(self, slip: Slip, y: float, high: float) -> None:
        c, width, head = self.canv, self.width, y
        c.setFont(FONT, 10)
        c.drawString(0, y, self.heading)
        c.setFont(BOLD, 18)
        c.drawRightString(width, y - 4, self.table.format(number=slip.table))
        y -= 11 * mm
        names = max(
            [32 * mm]
            + [pdfmetrics.stringWidth(side, FONT, 11) + 4 * mm for side in self.pack.sides]
        )
        for side, player in zip(self.pack.sides, slip.players, strict=True):
            c.setFont(FONT, 11)
            c.drawString(0, y, side)
            c.setFont(BOLD, 14)
            c.drawString(names, y, player)
            y -= 8 * mm
        if slip.terms:
            c.setFont(FONT, 11)
            c.drawString(names, y + 1 * mm, slip.terms)
            y -= 7 * mm
        if self.url and all(slip.names):
            self._codes(slip, head)
            width -= 2 * SLIP_CODE + 6 * mm
        x = 0.0
        size = _choices_size(slip.choices, width)
        c.setFont(FONT, size)
        for choice in slip.choices:
            c.rect(x, y - 1 * mm, 5 * mm, 5 * mm)
            c.drawString(x + 7 * mm, y, choice)
            x += 9 * mm + pdfmetrics.stringWidth(choice, FONT, size) + 10 * mm
        c.setFont(FONT, 9)
        y -= 10 * mm
        for k, signed in enumerate(self.signed):
            x = k * width / 2
            start = max(28 * mm, pdfmetrics.stringWidth(signed, FONT, 9) + 2 * mm)
            c.line(x + start, y, x + width / 2 - 8 * mm, y)
            c.drawString(x, y + 1, signed)

    def _codes(self, slip: Slip, head: float) -> None:
        """One QR code a player, to the player's page, at the slip's right under its
        table number (``head``: the heading's line), each above its side's word."""
        assert self.url is not None
        c = self.canv
        c.setFont(FONT, 8)
        for k, (name, side) in enumerate(zip(slip.names, self.pack.sides, strict=True)):
            x = self.width - (2 - k) * SLIP_CODE - (1 - k) * 3 * mm
            y = head - 7 * mm - SLIP_CODE
            draw_code(c, address(self.url, player_page(name)), x, y, SLIP_CODE)
            c.drawCentredString(x + SLIP_CODE / 2, y - 3 * mm, side)


def _choices_size(choices: Sequence[str], width: float, size: float = 12) -> float:
    """The type size (at most ``size``) at which a slip's boxes and their words fit a line."""
    while size > 8:
        wide = sum(19 * mm + pdfmetrics.stringWidth(choice, FONT, size) for choice in choices)
        if wide - 10 * mm <= width:
            break
        size -= 0.5
    return size


def _title(text: str, size: float = 16) -> Paragraph:
    return Paragraph(
        _escape(text), ParagraphStyle("title", fontName=BOLD, fontSize=size, leading=size * 1.3)
    )


def _note(text: str) -> Paragraph:
    return Paragraph(_escape(text), ParagraphStyle("note", fontName=FONT, fontSize=11, leading=15))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _chunks(slips: Sequence[Slip], size: int) -> Iterable[Sequence[Slip]]:
    for start in range(0, len(slips), size):
        yield slips[start : start + size]


def _header(heading: str) -> Any:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        height = page_size(canvas)[1]
        canvas.setFont(FONT, 8)
        canvas.drawString(MARGIN, height - 9 * mm, heading)
        canvas.drawString(MARGIN, MARGIN / 2, heading)
        canvas.restoreState()

    return draw


def _wide(table: Table, size: float) -> bool:
    return bool(sum(column_widths(table, size)) > A4[0] - 2 * MARGIN)


class _Story:
    """The flowables of a pack, part after part, each part on a new page in the orientation
    its width asks for (``first``: the first page's orientation)."""

    def __init__(self, pack: Pack, view: RoundView, url: str | None = None) -> None:
        self.pack, self.view, self.url = pack, view, url
        self.flowables: list[Flowable] = []
        self.current = self.first = ""

    def new_page(self, orientation: str) -> None:
        if self.flowables:
            if orientation != self.current:
                self.flowables.append(NextPageTemplate(orientation))
            self.flowables.append(PageBreak())
        self.first = self.first or orientation
        self.current = orientation

    def part(self, table: Table, size: float, note: str = "", title: str | None = None) -> None:
        """A table under its title, on a new page, flowing on as many pages as it needs."""
        self.new_page("landscape" if _wide(table, size) else "portrait")
        self.flowables.append(_title(title or table.title))
        if note:
            self.flowables.append(_note(note))
        self.flowables.append(Spacer(1, 4 * mm))
        self.flowables.append(flow_table(table, size, _width(self.current)))

    def fitted_part(
        self, table: Table, size: float, least: float, note: str = "", page: str | None = None
    ) -> None:
        """A table on one page when it fits there at ``least`` points or more (in the
        orientation that gives it the larger type); else on as few pages as it fits at
        ``least``, the rows shared evenly between them (no page of a few orphans), each
        under its heading. ``page``: the published page the heading's QR code leads to."""
        there = address(self.url, page) if self.url and page else None
        heading = Heading(table.title, note, there, (FONT, BOLD))
        self.lay_out(table, fit_pages(table, size, least, heading), note, there)

    def wall_part(self, table: Table, note: str = "") -> None:
        """A list for the wall (by table, by name), 14 points at most: on one page in
        :data:`WALL` (12) points or more when it fits one so — with its club and country
        column, else without it (long names and clubs); else as :meth:`fitted_part` (as
        few pages as hold it at 10 points or more, without the club and country column
        only if with it the type would be smaller than 10 and without it not)."""
        there = address(self.url, round_page(self.view.number)) if self.url else None
        heading = Heading(table.title, note, there, (FONT, BOLD))
        shapes = [table, without(table, table.origins)] if table.origins else [table]
        for least in (WALL, WALL_LEAST):
            for shape in shapes:
                fit = fit_pages(shape, LARGE, least, heading)
                if (len(fit.pages) == 1 or least < WALL) and shown_size(shape, fit) >= least:
                    self.lay_out(shape, fit, note, there)
                    return
        self.lay_out(table, fit_pages(table, LARGE, WALL_LEAST, heading), note, there)

    def lay_out(self, table: Table, fit: Fit, note: str, there: str | None) -> None:
        """``table`` laid out as ``fit`` says, each page under its heading."""
        self.new_page(fit.orientation)
        for k, rows in enumerate(fit.pages):
            if k:
                self.flowables.append(PageBreak())
            self.flowables.append(Heading(table.title, note, there, (FONT, BOLD)))
            self.flowables.append(flow_table(table, fit.size, _width(self.current), rows))

    def pairings(self) -> None:
        self.wall_part(self.view.by_table, self.view.note)

    def names(self) -> None:
        self.wall_part(self.view.by_name)

    def slips(self) -> None:
        """The result slips, four a page, in portrait."""
        if not self.view.slips:
            return
        self.new_page("portrait")
        for k, page in enumerate(_chunks(self.view.slips, SLIPS_A_PAGE)):
            if k:
                self.flowables.append(PageBreak())
            self.flowables.append(_Slips(self.pack, self.view, page, self.url))

    def standings(self) -> None:
        """The standings, a table a group, each group under its title (one group: none)."""
        _p = printing(self.pack.language)
        tables = self.pack.standings
        for k, table in enumerate(tables):
            title = _p("Standings — {group}").format(group=table.title)
            if len(tables) == 1:
                self.fitted_part(replace(table, title=_p("Standings")), NORMAL, NORMAL_LEAST)
                continue
            if k == 0:
                self.part(table, NORMAL, title=title)
                continue
            self.flowables.append(CondPageBreak(60 * mm))
            self.flowables.append(Spacer(1, 6 * mm))
            self.flowables.append(_title(title, 13))
            self.flowables.append(Spacer(1, 2 * mm))
            self.flowables.append(flow_table(table, NORMAL, _width(self.current)))

    def crosstable(self) -> None:
        self.fitted_part(self.pack.crosstable, NORMAL, NORMAL_LEAST)


#: What each part of :data:`~gosheet.formats.pack.view.WHAT` adds to the story.
PARTS: dict[str, Callable[[_Story], None]] = {
    "pairings": _Story.pairings,
    "names": _Story.names,
    "slips": _Story.slips,
    "standings": _Story.standings,
    "crosstable": _Story.crosstable,
}


def render(
    pack: Pack,
    round_number: int | None = None,
    what: Sequence[str] = WHAT,
    url: str | None = None,
) -> bytes:
    """The pack's PDF for one round (the last paired by default): the parts ``what`` names,
    in the order of :data:`~gosheet.formats.pack.view.WHAT`; with the published pages'
    address ``url``, QR codes to the round's page on its lists and to the players' pages
    on the slips."""
    register_fonts()
    _p = printing(pack.language)
    view = pack.round(round_number)
    heading = _p("{name} — round {number}").format(name=pack.name, number=view.number)
    out = BytesIO()
    doc = BaseDocTemplate(
        out,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=heading,
        author="gosheet",
    )
    on_page = _header(heading)
    templates = {}
    for name, size in (("portrait", A4), ("landscape", landscape(A4))):
        frame = Frame(MARGIN, MARGIN, size[0] - 2 * MARGIN, size[1] - 2 * MARGIN, id=name)
        templates[name] = PageTemplate(name, [frame], onPage=on_page, pagesize=size)
    story = _Story(pack, view, url)
    for item in WHAT:
        if item in what:
            PARTS[item](story)
    order = ["landscape", "portrait"] if story.first == "landscape" else ["portrait", "landscape"]
    doc.addPageTemplates([templates[name] for name in order])
    flowables = story.flowables
    if flowables and isinstance(flowables[-1], PageBreak):
        flowables.pop()
    if not flowables:
        flowables.append(_note(_p("Nothing to print.")))

    class Numbered(_NumberedCanvas):
        language = pack.language

    doc.build(flowables, canvasmaker=Numbered)
    return out.getvalue()


def _width(orientation: str) -> float:
    return float((landscape(A4) if orientation == "landscape" else A4)[0] - 2 * MARGIN)


def _height(orientation: str) -> float:
    """The height a page's frame gives its flowables."""
    page = landscape(A4) if orientation == "landscape" else A4
    return float(page[1] - 2 * MARGIN - 2 * FRAME_PADDING)


@dataclass(frozen=True)
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
    shown = fitted(table, size, _width(orientation))[0]
    room = _height(orientation) - heading.wrap(_width(orientation), _height(orientation))[1]
    return shown, max(1, math.floor((room - 2) / (ROW * shown)) - 1)


def shown_size(table: Table, fit: Fit) -> float:
    """The type size ``table`` is printed in, laid out as ``fit``."""
    return fitted(table, fit.size, _width(fit.orientation))[0]


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
