"""The QR codes of the printed pack (``gosheet print --url``), drawn as vector rectangles
(one a run of dark modules, :func:`gosheet.formats.qr.dark_runs`), quiet zone included: a
QR code of the round's page in the heading of each pairing list (:class:`Heading`), and on
each result slip one a player, to the player's page (:func:`draw_code`).
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from gosheet.formats.qr import dark_runs, modules

WALL_CODE = 28 * mm  # the pairing lists' code, quiet zone included: 0.7 mm a module or more
SLIP_CODE = 25 * mm  # a slip's codes: 0.55 mm a module or more for a player's page's address
TITLE, NOTE, ADDRESS = 16.0, 11.0, 9.0  # the heading's type sizes


def draw_code(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """The QR code of ``text``, ``size`` points square, its lower left corner at (x, y):
    a white square (the quiet zone kept clear of stripes and lines) and the dark runs."""
    code = modules(text)
    module = size / len(code)
    canvas.saveState()
    canvas.setFillColor(colors.white)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColor(colors.black)
    top = y + size
    for row, column, length in dark_runs(code):
        # a hair wider than the module, so that no white seam shows between runs
        canvas.rect(
            x + column * module,
            top - (row + 1) * module,
            length * module + 0.01,
            module + 0.01,
            stroke=0,
            fill=1,
        )
    canvas.restoreState()


class Heading(Flowable):
    """A list's title, its note, and — with the round page's ``address`` — that address in
    small type and its QR code at the right."""

    def __init__(self, title: str, note: str, address: str | None, fonts: tuple[str, str]):
        super().__init__()
        self.title, self.note, self.address = title, note, address
        self.font, self.bold = fonts

    def text_height(self) -> float:
        return (
            TITLE * 1.3 + (NOTE * 1.4 if self.note else 0) + (ADDRESS * 1.4 if self.address else 0)
        )

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.height = max(self.text_height(), WALL_CODE if self.address else 0) + 4 * mm
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        y = self.height - TITLE
        c.setFont(self.bold, TITLE)
        c.drawString(0, y, self.title)
        if self.note:
            y -= NOTE * 1.4
            c.setFont(self.font, NOTE)
            c.drawString(0, y, self.note)
        if self.address:
            y -= ADDRESS * 1.4
            c.setFont(self.font, ADDRESS)
            c.setFillColor(colors.HexColor("#333333"))
            room = self.width - WALL_CODE - 4 * mm
            c.drawString(0, y, shortened(self.address, self.font, ADDRESS, room))
            c.setFillColor(colors.black)
            draw_code(c, self.address, self.width - WALL_CODE, self.height - WALL_CODE, WALL_CODE)


def shortened(text: str, font: str, size: float, room: float) -> str:
    """``text`` as it fits ``room`` points (an ellipsis in the middle when it does not)."""
    if pdfmetrics.stringWidth(text, font, size) <= room:
        return text
    keep = len(text)
    while keep > 8:
        keep -= 1
        cut = text[: keep // 2] + "…" + text[len(text) - keep // 2 :]
        if pdfmetrics.stringWidth(cut, font, size) <= room:
            return cut
    return text[:8] + "…"
