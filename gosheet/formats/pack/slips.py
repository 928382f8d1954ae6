"""The result slips of the printed pack: four a page, with cut lines, each with its table, its
players, a box to tick for each result and a QR code of the round's page."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Flowable,
)

from gosheet.formats.addresses import address, player_page
from gosheet.formats.pack.codes import SLIP_CODE, draw_code
from gosheet.formats.pack.language import printing
from gosheet.formats.pack.page import (
    BOLD,
    FONT,
    MARGIN,
)
from gosheet.formats.pack.view import Pack, RoundView, Slip

SLIPS_A_PAGE = 4


class Slips(Flowable):
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
