"""The match sheets of a team round in the printed pack: one a match, as many a page as fit
whole (two of four boards on a portrait page), each with its round, its tables and its two
teams; a line a board (board, table, White and Black with their ranks and, below each, his
team, handicap, komi, and room to write the result); a grid for the match's board points and
team points; and a line for each captain to sign. With the pages' address (``gosheet print
--url``), a QR code of each team's page beside the grid, each above its team's name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, TableStyle
from reportlab.platypus import Table as PdfTable

from gosheet.formats.addresses import address
from gosheet.formats.pack.codes import SLIP_CODE, draw_code
from gosheet.formats.pack.language import header, printing
from gosheet.formats.pack.page import BOLD, FONT, HEADER_FILL, PADDING, escaped
from gosheet.formats.pack.teams import MatchSheet

SIZE = 10.5  # the boards' type
SMALL = 8  # a player's rank and team, below his name
ROW_PADDING = 5  # points above and below a board's line: room to write its result
RESULT_WIDE = 26 * mm
CODES_GAP = 4 * mm  # between the two teams' codes, and between the grid and them
CAPTION = 7.5  # a team's name under its code


class CutLine(Flowable):
    """A dashed line across the page above a match sheet that follows another on its page
    (none at the top of a page)."""

    shown = True

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        frame = getattr(self, "_frame", None)  # reportlab's: the frame it is laid out in
        self.shown = not (frame is not None and getattr(frame, "_atTop", False))
        return available_width, 8 * mm if self.shown else 0

    def draw(self) -> None:
        if not self.shown:
            return
        c = self.canv
        c.saveState()
        c.setDash(4, 3)
        c.setStrokeColor(colors.grey)
        c.line(0, 4 * mm, self.width, 4 * mm)
        c.restoreState()


class TeamCodes(Flowable):
    """The QR codes of a match's two teams' pages, side by side, each above its team's name
    (in smaller type, or cut short with …, when it is wider than its code)."""

    def __init__(self, addresses: tuple[str, str], names: tuple[str, str]) -> None:
        super().__init__()
        self.addresses, self.names = addresses, names
        self.width = 2 * SLIP_CODE + CODES_GAP
        self.height = SLIP_CODE + CAPTION * 1.6

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        for k, (there, name) in enumerate(zip(self.addresses, self.names, strict=True)):
            x = k * (SLIP_CODE + CODES_GAP)
            draw_code(c, there, x, self.height - SLIP_CODE, SLIP_CODE)
            size, shown = caption(name, SLIP_CODE)
            c.setFont(FONT, size)
            c.drawCentredString(x + SLIP_CODE / 2, 1, shown)


def caption(name: str, room: float) -> tuple[float, str]:
    """``name`` in :data:`CAPTION` points, or smaller (6 at least) to fit ``room`` points,
    else cut short with ….

    >>> from gosheet.formats.pack.page import register_fonts
    >>> register_fonts()
    >>> caption("3. Lorient", 25 * 2.835)
    (7.5, '3. Lorient')
    >>> caption("3. Poitiers Université Go Club", 25 * 2.835)
    (6.0, '3. Poitiers Université…')
    """
    for size in (CAPTION, 7.0, 6.5, 6.0):
        if pdfmetrics.stringWidth(name, FONT, size) <= room:
            return size, name
    while name and pdfmetrics.stringWidth(name + "…", FONT, 6.0) > room:
        name = name[:-1]
    return 6.0, name.rstrip() + "…"


def match_sheets(
    sheets: Sequence[MatchSheet],
    sides: tuple[str, str],
    language: str,
    width: float,
    url: str | None = None,
) -> list[Flowable]:
    """The flowables of a round's match sheets, each kept whole on its page, a cut line
    between two on a page; ``url``: the published pages' address (the teams' QR codes)."""
    return [
        KeepTogether(
            [*([CutLine()] if k else []), *match_sheet(sheet, sides, language, width, url)]
        )
        for k, sheet in enumerate(sheets)
    ]


def _style(name: str, size: float, font: str = FONT, **more: Any) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * 1.25, **more)


def match_sheet(
    sheet: MatchSheet,
    sides: tuple[str, str],
    language: str,
    width: float,
    url: str | None = None,
) -> list[Flowable]:
    """One match sheet: its heading, its boards, its score (and, with the pages' address
    ``url``, the teams' QR codes beside it) and the captains' lines."""
    _p = printing(language)
    heading = _p("Round {number}: match at tables {tables}").format(
        number=sheet.round_number, tables=sheet.tables
    )
    teams = f"{escaped(sheet.first)}  –  {escaped(sheet.second)}"
    return [
        Paragraph(escaped(heading), _style("match-heading", 11, textColor=colors.HexColor("#333"))),
        Paragraph(teams, _style("match-teams", 16, BOLD, spaceBefore=2, spaceAfter=6)),
        _boards(sheet, sides, language, width),
        Spacer(1, 4 * mm),
        _score(sheet, language, width)
        if url is None
        else _score_and_codes(sheet, language, width, url),
        Spacer(1, 6 * mm),
        _signatures(sheet, language, width),
    ]


def _player(name: str, rank: str, team: str, size: float) -> Paragraph:
    """A player in bold, his rank and team below in small grey type."""
    below = f"{rank} · {team}" if rank else team
    return Paragraph(
        f"<font name='{BOLD}'>{escaped(name)}</font><br/><font size={SMALL} color='#444444'>"
        f"{escaped(below)}</font>",
        _style("player", size),
    )


def _names_size(sheet: MatchSheet, room: float) -> float:
    """The names' type: as large as :data:`SIZE` while the longest fits ``room`` points on
    one line, 9 points at least (a longer name wraps)."""
    longest = max(
        pdfmetrics.stringWidth(name, BOLD, 1) for b in sheet.boards for name in (b.white, b.black)
    )
    return max(9.0, min(SIZE, room / longest)) if longest else SIZE


def _boards(sheet: MatchSheet, sides: tuple[str, str], language: str, width: float) -> PdfTable:
    words = [header(w, language) for w in ("Table", "Handicap", "Komi", "Result")]
    _p = printing(language)
    # Translators: the column of a match sheet that holds each board's number
    board = _p("Board")
    heads = [board, words[0], sides[0], sides[1], words[1], words[2], words[3]]
    go = any(b.handicap for b in sheet.boards)
    if not go:  # a game without handicap and komi: no such columns
        heads = [h for k, h in enumerate(heads) if k not in (4, 5)]
    fixed = [_wide(h) for h in heads[:2]] + [_wide(h) for h in heads[4:-1]] + [RESULT_WIDE]
    name = (width - sum(fixed)) / 2
    widths = [*fixed[:2], name, name, *fixed[2:]]
    size = _names_size(sheet, name - 2 * PADDING - 2)
    rows: list[list[Any]] = [heads]
    for b in sheet.boards:
        terms = [b.handicap, b.komi] if go else []
        rows.append(
            [
                str(b.board),
                str(b.table),
                _player(b.white, b.white_rank, b.white_team, size),
                _player(b.black, b.black_rank, b.black_team, size),
                *terms,
                b.result,
            ]
        )
    table = PdfTable(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, SIZE, SIZE * 1.25),
                ("FONT", (0, 0), (-1, 0), BOLD, SIZE - 1, (SIZE - 1) * 1.25),
                ("FONT", (0, 1), (0, -1), BOLD, SIZE + 2, (SIZE + 2) * 1.25),
                ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#888888")),
                ("BOX", (0, 0), (-1, -1), 1, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
                ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
                ("TOPPADDING", (0, 1), (-1, -1), ROW_PADDING),
                ("BOTTOMPADDING", (0, 1), (-1, -1), ROW_PADDING),
                ("ALIGN", (0, 0), (1, -1), "CENTER"),
                ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
                *([("ALIGN", (4, 0), (5, -1), "CENTER")] if go else []),
                ("FONT", (-1, 1), (-1, -1), BOLD, SIZE + 2, (SIZE + 2) * 1.25),
            ]
        )
    )
    return table


def _wide(text: str) -> float:
    return max(pdfmetrics.stringWidth(text, BOLD, SIZE - 1) + 2 * PADDING + 2, 11 * mm)


def _score(sheet: MatchSheet, language: str, width: float) -> PdfTable:
    """The match's result: each team's board points and team points, in boxes to fill (or
    filled, once every board has its result)."""
    _p = printing(language)
    label = _p("Match result")
    rows = [
        [label, sheet.first, sheet.second],
        [_p("Board points"), *sheet.board_points],
        [_p("Team points"), *sheet.team_points],
    ]
    first = max(pdfmetrics.stringWidth(r[0], BOLD, SIZE) for r in rows) + 12
    team = min((width - first) / 2, 62 * mm)
    table = PdfTable(
        [[rows[0][0], _team(rows[0][1]), _team(rows[0][2])], *rows[1:]],
        colWidths=[first, team, team],
        rowHeights=[None, 9 * mm, 9 * mm],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, SIZE, SIZE * 1.25),
                ("FONT", (0, 0), (0, -1), BOLD, SIZE, SIZE * 1.25),
                ("FONT", (1, 1), (-1, -1), BOLD, SIZE + 3, (SIZE + 3) * 1.25),
                ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#888888")),
                ("BOX", (0, 0), (-1, -1), 1, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (1, 1), (-1, -1), "CENTER"),
            ]
        )
    )
    return table


def _score_and_codes(sheet: MatchSheet, language: str, width: float, url: str) -> PdfTable:
    """The score grid, and at its right the QR codes of the two teams' pages."""
    codes = TeamCodes(
        (address(url, sheet.pages[0]), address(url, sheet.pages[1])), (sheet.first, sheet.second)
    )
    room = width - codes.width - CODES_GAP
    table = PdfTable([[_score(sheet, language, room), codes]], colWidths=[room + CODES_GAP, None])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                *((side, (0, 0), (-1, -1), 0) for side in ("LEFTPADDING", "RIGHTPADDING")),
                *((side, (0, 0), (-1, -1), 0) for side in ("TOPPADDING", "BOTTOMPADDING")),
            ]
        )
    )
    return table


def _team(name: str) -> Paragraph:
    return Paragraph(escaped(name), _style("team", SIZE, BOLD, alignment=1))


def _signatures(sheet: MatchSheet, language: str, width: float) -> PdfTable:
    """A line for each captain to sign, his team named under it."""
    _p = printing(language)
    words = [
        _p("Captain of {team}, signed").format(team=team) for team in (sheet.first, sheet.second)
    ]
    gap = 16 * mm
    half = (width - gap) / 2
    first, second = (Paragraph(escaped(w), _style("signed", 9)) for w in words)
    table = PdfTable(
        [["", "", ""], [first, "", second]],
        colWidths=[half, gap, half],
        rowHeights=[8 * mm, None],
    )
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black),
                ("LINEBELOW", (2, 0), (2, 0), 0.8, colors.black),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table
