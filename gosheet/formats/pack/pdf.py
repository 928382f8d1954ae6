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

from collections.abc import Iterable, Sequence
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

from gosheet.formats.pack.language import printing
from gosheet.formats.pack.view import WHAT, Pack, RoundView, Slip, Table

FONTS = Path(__file__).with_name("fonts")
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 12 * mm
LARGE, NORMAL, SMALLEST = 14.0, 10.0, 6.0  # type sizes: the wall, the rest, the least
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


def column_widths(table: Table, size: float) -> list[float]:
    """Each column as wide as its widest text at ``size`` points, with padding."""
    widths = []
    for i, header in enumerate(table.headers):
        cells = [r[i] for r in table.rows if i < len(r)]
        font = [BOLD if i in table.names else FONT] * len(cells)
        wide = max(
            [pdfmetrics.stringWidth(header, BOLD, size)]
            + [pdfmetrics.stringWidth(c, f, size) for c, f in zip(cells, font, strict=True)]
        )
        widths.append(wide + 2 * PADDING + 2)
    return widths


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


def flow_table(table: Table, size: float, width: float) -> PdfTable:
    """A table repeating its header row on every page, striped, names in bold."""
    size, widths = fitted(table, size, width)
    data = [list(table.headers), *table.rows]
    pdf = PdfTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, size, size * 1.25),
        ("FONT", (0, 0), (-1, 0), BOLD, size, size * 1.25),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.25),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    for i in table.numeric:
        style.append(("ALIGN", (i, 0), (i, -1), "RIGHT"))
    for i in table.names:
        style.append(("FONT", (i, 1), (i, -1), BOLD, size, size * 1.25))
    pdf.setStyle(TableStyle(style))
    return pdf


class _Slips(Flowable):
    """A page of result slips, one above the other, with dashed cut lines."""

    def __init__(self, pack: Pack, view: RoundView, slips: Sequence[Slip]) -> None:
        super().__init__()
        self.pack, self.view, self.slips = pack, view, slips
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
        c, width = self.canv, self.width
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


def render(pack: Pack, round_number: int | None = None, what: Sequence[str] = WHAT) -> bytes:  # noqa: C901
    """The pack's PDF for one round (the last paired by default): the parts ``what`` names,
    in the order of :data:`~gosheet.formats.pack.view.WHAT`."""
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
    story: list[Flowable] = []
    current = first = ""

    def part(table: Table, size: float, note: str = "", title: str | None = None) -> None:
        nonlocal current, first
        orientation = "landscape" if _wide(table, size) else "portrait"
        width = (landscape(A4) if orientation == "landscape" else A4)[0] - 2 * MARGIN
        if story:
            if orientation != current:
                story.append(NextPageTemplate(orientation))
            story.append(PageBreak())
        first = first or orientation
        current = orientation
        story.append(_title(title or table.title))
        if note:
            story.append(_note(note))
        story.append(Spacer(1, 4 * mm))
        story.append(flow_table(table, size, width))

    chosen = [w for w in WHAT if w in what]
    for item in chosen:
        if item == "pairings":
            part(view.by_table, LARGE, view.note)
        elif item == "names":
            part(view.by_name, LARGE)
        elif item == "slips" and view.slips:
            if story:
                if current != "portrait":
                    story.append(NextPageTemplate("portrait"))
                story.append(PageBreak())
            first = first or "portrait"
            current = "portrait"
            for k, page in enumerate(_chunks(view.slips, SLIPS_A_PAGE)):
                if k:
                    story.append(PageBreak())
                story.append(_Slips(pack, view, page))
        elif item == "standings":
            for k, table in enumerate(pack.standings):
                title = _p("Standings — {group}").format(group=table.title)
                if k == 0:
                    part(
                        table,
                        NORMAL,
                        title=title if len(pack.standings) > 1 else _p("Standings"),
                    )
                else:
                    story.append(CondPageBreak(60 * mm))
                    story.append(Spacer(1, 6 * mm))
                    story.append(_title(title, 13))
                    story.append(Spacer(1, 2 * mm))
                    story.append(flow_table(table, NORMAL, _width(current)))
        elif item == "crosstable":
            part(pack.crosstable, NORMAL)
    order = ["landscape", "portrait"] if first == "landscape" else ["portrait", "landscape"]
    doc.addPageTemplates([templates[name] for name in order])
    if story and isinstance(story[-1], PageBreak):
        story.pop()
    if not story:
        story.append(_note(_p("Nothing to print.")))

    class Numbered(_NumberedCanvas):
        language = pack.language

    doc.build(story, canvasmaker=Numbered)
    return out.getvalue()


def _width(orientation: str) -> float:
    return float((landscape(A4) if orientation == "landscape" else A4)[0] - 2 * MARGIN)
