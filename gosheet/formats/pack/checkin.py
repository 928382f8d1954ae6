"""The check-in list (``gosheet print BOOK --what checkin``): every player by name, a box to
tick as he comes to the desk, his club, rank and rating (and country, when the roster gives
countries), in the tournament's language; sorted by name, its header repeated on every page.
What was ticked is then typed in the Players sheet's ``Confirmed`` column (docs/workbook.md),
and round 1 is paired without the players not confirmed.

A document of its own, before round 1: it needs no round paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gosheet.core.model import Player, Tournament
from gosheet.formats.pack.language import printing
from gosheet.formats.pack.view import Table
from gosheet.i18n import collation, words
from gosheet.workbook.sheets.names import labels

#: The part's name in ``--what``.
CHECKIN = "checkin"
BOX = "☐"  # U+2610 BALLOT BOX, in DejaVu Sans
BOX_SIZE = 18  # points: a box a pen ticks


def checkin_table(tournament: Tournament, language: str | None = None) -> Table:
    """The list as a printed table: a box, the name, club, rank, rating (country)."""
    language = language or tournament.settings.language
    _p = printing(language)
    players = tournament.players
    countries = any(p.country for p in players)
    english = ["Name", "Club", "Rank", "Rating"] + (["Country"] if countries else [])
    headers = (_p("Here"), *(words.local(h, language, words.PLAYERS) for h in english))
    names = labels(players)
    rows = [
        [BOX, names[p.number], *_details(p, countries)]
        for p in sorted(players, key=lambda p: collation.sort_key(names[p.number], language))
    ]
    title = _p("Check-in — {name}").format(name=tournament.settings.name).rstrip(" —")
    return Table(title, headers, rows, numeric=frozenset({4}), names=frozenset({1}))


def _details(player: Player, countries: bool) -> list[str]:
    rating = "" if player.rating is None else str(player.rating)
    return [player.club, player.rank_text, rating] + ([player.country] if countries else [])


def checkin_note(language: str) -> str:
    """What to do with the ticks."""
    _p = printing(language)
    column = words.local("Confirmed", language, words.PLAYERS)
    sheet = words.local("Players", language, words.SHEETS)
    return _p(
        "Tick each player as he arrives; then type yes (or x) in the '{column}' column of "
        "the '{sheet}' sheet: round 1 is paired without the players not confirmed."
    ).format(column=column, sheet=sheet)


def checkin_pdf(tournament: Tournament, language: str | None = None) -> bytes:
    """The check-in list's PDF (A4 portrait, the type made smaller when the list is wide:
    more players a page beat larger names)."""
    from gosheet.formats.pack.loading import reportlab_loadable

    with reportlab_loadable():  # (Pillow, which reportlab imports, may not be importable)
        return _render(checkin_table(tournament, language), language or _language(tournament))


def _language(tournament: Tournament) -> str:
    return tournament.settings.language


def _render(table: Table, language: str) -> bytes:
    from io import BytesIO

    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Spacer
    from reportlab.platypus.flowables import Flowable

    from gosheet.formats.pack import fitting, page

    page.register_fonts()
    size = A4
    out = BytesIO()
    doc = BaseDocTemplate(out, pagesize=size, title=table.title, author="gosheet")
    frame = Frame(page.MARGIN, page.MARGIN, size[0] - 2 * page.MARGIN, size[1] - 2 * page.MARGIN)
    on_page = page.page_header(table.title)  # the list's title on every page, top and bottom
    doc.addPageTemplates([PageTemplate("checkin", [frame], onPage=on_page, pagesize=size)])
    flowables: Sequence[Flowable] = [
        page.title_paragraph(table.title),
        page.note_paragraph(checkin_note(language)),
        Spacer(1, 4),
        _boxed(fitting.flow_table(table, page.LARGE, size[0] - 2 * page.MARGIN)),
    ]

    class Numbered(page.NumberedCanvas):
        pass

    Numbered.language = language
    doc.build(list(flowables), canvasmaker=Numbered)
    return out.getvalue()


def _boxed(flow: Any) -> Any:
    """The boxes large enough to tick, centred; a line under each player."""
    from reportlab.platypus import TableStyle

    from gosheet.formats.pack import page

    flow.setStyle(
        TableStyle(
            [
                ("FONT", (0, 1), (0, -1), page.FONT, BOX_SIZE, BOX_SIZE),
                ("ALIGN", (0, 0), (0, -1), "CENTER"),
                ("LINEBELOW", (0, 1), (-1, -1), 0.3, "#AAAAAA"),
            ]
        )
    )
    return flow
