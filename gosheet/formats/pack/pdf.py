"""The printed pack: one PDF (reportlab) of a round's pairing list by table in large type,
the same list by name, the result slips (:mod:`.slips`), the standings and the crosstable —
each table as wide as the page allows, in landscape when it is wide (:mod:`.fitting`), its
header repeated on every page, the tournament, the round and the page number on each
(:mod:`.page`: the font, the sizes, the headings). Every word is in the tournament's language
(the pack's ``language``; ``_p`` marks the ``printing`` domain's messages,
:mod:`gosheet.formats.pack.language`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from io import BytesIO

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)

from gosheet.formats.addresses import address, round_page
from gosheet.formats.pack.codes import Heading
from gosheet.formats.pack.fitting import Fit, fit_pages, flow_table, is_wide, shown_size, without
from gosheet.formats.pack.language import printing
from gosheet.formats.pack.match_sheets import match_sheets
from gosheet.formats.pack.page import (
    BOLD,
    FONT,
    LARGE,
    MARGIN,
    NORMAL,
    NORMAL_LEAST,
    WALL_LEAST,
    NumberedCanvas,
    frame_width,
    note_paragraph,
    page_header,
    register_fonts,
    small_paragraph,
    title_paragraph,
)
from gosheet.formats.pack.slips import SLIPS_A_PAGE, Slips
from gosheet.formats.pack.view import WHAT, Pack, RoundView, Slip, Table
from gosheet.records import replace

WALL = 12.0
"""The wall's lists (by table, by name) are read from a step away: a list that fits one page
at this size or more is printed so, without its club and country column if need be
(:meth:`_Story.wall_part`)."""


def _chunks(slips: Sequence[Slip], size: int) -> Iterable[Sequence[Slip]]:
    for start in range(0, len(slips), size):
        yield slips[start : start + size]


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
        self.new_page("landscape" if is_wide(table, size) else "portrait")
        self.flowables.append(title_paragraph(title or table.title))
        if note:
            self.flowables.append(note_paragraph(note))
        self.flowables.append(Spacer(1, 4 * mm))
        self.flowables.append(flow_table(table, size, frame_width(self.current)))

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
            self.flowables.append(flow_table(table, fit.size, frame_width(self.current), rows))

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
            self.flowables.append(Slips(self.pack, self.view, page, self.url))

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
            self.flowables.append(title_paragraph(title, 13))
            self.flowables.append(Spacer(1, 2 * mm))
            self.flowables.append(flow_table(table, NORMAL, frame_width(self.current)))

    def crosstable(self) -> None:
        self.fitted_part(self.pack.crosstable, NORMAL, NORMAL_LEAST)

    def matches(self) -> None:
        """A team round's match sheets, as many a portrait page as fit whole."""
        teams = self.pack.teams
        sheets = teams.matches.get(self.view.number, []) if teams else []
        if not sheets:
            return
        self.new_page("portrait")
        width = frame_width(self.current)
        self.flowables.extend(
            match_sheets(sheets, self.pack.sides, self.pack.language, width, self.url)
        )

    def team_standings(self) -> None:
        if self.pack.teams is not None:
            self.legended(self.pack.teams.standings, self.pack.teams.legend)

    def team_crosstable(self) -> None:
        if self.pack.teams is not None:
            self.legended(self.pack.teams.crosstable, self.pack.teams.crosstable_legend)

    def legended(self, table: Table, legend: str) -> None:
        """A team table as :meth:`fitted_part` lays it out, what its cells mean below."""
        self.fitted_part(table, NORMAL, NORMAL_LEAST)
        self.flowables.append(Spacer(1, 3 * mm))
        self.flowables.append(small_paragraph(legend))


#: What each part of :data:`~gosheet.formats.pack.view.WHAT` adds to the story.
PARTS: dict[str, Callable[[_Story], None]] = {
    "pairings": _Story.pairings,
    "names": _Story.names,
    "slips": _Story.slips,
    "standings": _Story.standings,
    "crosstable": _Story.crosstable,
    "matches": _Story.matches,
    "team-standings": _Story.team_standings,
    "team-crosstable": _Story.team_crosstable,
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
    on_page = page_header(heading)
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
        flowables.append(note_paragraph(_p("Nothing to print.")))

    class Numbered(NumberedCanvas):
        language = pack.language

    doc.build(flowables, canvasmaker=Numbered)
    return out.getvalue()
