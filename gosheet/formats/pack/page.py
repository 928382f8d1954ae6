"""The printed pack's page: the font (DejaVu Sans, shipped in ``fonts/`` with its licence: it
holds Latin, Cyrillic and Greek, so names print as typed on any machine; reportlab's own fonts
hold Latin-1 only), the type sizes and margins, a title, a note and the heading on every page,
and "page N of M" in the pack's language."""

from __future__ import annotations

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
    Paragraph,
)

from gosheet.formats.pack.language import printing

FONTS = Path(__file__).with_name("fonts")
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 12 * mm
LARGE, NORMAL, SMALLEST = 14.0, 10.0, 6.0  # type sizes: the wall, the rest, the least
WALL_LEAST, NORMAL_LEAST = 10.0, 8.0  # the least a list is made to fit fewer pages
LEADING, TOP, BOTTOM = 1.2, 0.15, 0.2  # a row's leading and padding, in type sizes
ROW = LEADING + TOP + BOTTOM  # a row's height in type sizes
FRAME_PADDING = 6  # reportlab's frame keeps that much inside each of its sides
PADDING = 4  # points each side of a cell's text
HEADER_FILL = colors.HexColor("#DDE4EE")
STRIPE = colors.HexColor("#F3F5F8")


def register_fonts() -> None:
    """DejaVu Sans and its bold, once."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSans-Bold.ttf")))


def page_size(canvas: Canvas) -> tuple[float, float]:
    """The size of the page being drawn (portrait or landscape)."""
    size = canvas._pagesize  # type: ignore[attr-defined]  # reportlab's own, not in its stubs
    return float(size[0]), float(size[1])


class NumberedCanvas(Canvas):
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


def title_paragraph(text: str, size: float = 16) -> Paragraph:
    return Paragraph(
        escaped(text), ParagraphStyle("title", fontName=BOLD, fontSize=size, leading=size * 1.3)
    )


def note_paragraph(text: str) -> Paragraph:
    return Paragraph(escaped(text), ParagraphStyle("note", fontName=FONT, fontSize=11, leading=15))


def small_paragraph(text: str) -> Paragraph:
    """A table's legend, below it."""
    return Paragraph(escaped(text), ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10))


def escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def page_header(heading: str) -> Any:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        height = page_size(canvas)[1]
        canvas.setFont(FONT, 8)
        canvas.drawString(MARGIN, height - 9 * mm, heading)
        canvas.drawString(MARGIN, MARGIN / 2, heading)
        canvas.restoreState()

    return draw


def frame_width(orientation: str) -> float:
    return float((landscape(A4) if orientation == "landscape" else A4)[0] - 2 * MARGIN)


def frame_height(orientation: str) -> float:
    """The height a page's frame gives its flowables."""
    page = landscape(A4) if orientation == "landscape" else A4
    return float(page[1] - 2 * MARGIN - 2 * FRAME_PADDING)
