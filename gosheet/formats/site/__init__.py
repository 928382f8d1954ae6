"""``gosheet publish``: the tournament's pages for the club's site — an index that finds a
player by name, each round's pairings (by table and by name), the standings, the crosstable
and a page per player (his games, his next game, his line of the standings) — in one folder
that holds everything it needs (the style sheet is inside each page, no font to fetch; the
index's search field is a few lines of script inside it, and the index works without them):
readable on a phone without scrolling sideways (but the crosstable), printable. The pages'
names come from :mod:`gosheet.formats.addresses`, their contents from
:mod:`gosheet.formats.site.view`. Jinja2 templates (``templates/``) with every value
escaped. The pages speak the tournament's language (``<html lang="…">``): the templates mark
their words ``{{ _p("…") }}`` and ``{{ ngettext_p("…", "…", n) }}``, messages of the
``printing`` domain (:mod:`gosheet.formats.pack.language`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from gosheet.core.errors import FileProblem
from gosheet.core.model import Tournament
from gosheet.formats.addresses import (
    CROSSTABLE_PAGE,
    INDEX_PAGE,
    STANDINGS_PAGE,
    TEAM_CROSSTABLE_PAGE,
    TEAM_STANDINGS_PAGE,
    address,
    round_page,
)
from gosheet.formats.pack.language import Gettext, Ngettext, cell, printing, printing_plural
from gosheet.formats.site.view import Site, site_of
from gosheet.workbook.saving.atomic import replacing
from gosheet.workbook.sheets import BYE_RESULT


def legend(language: str) -> str:
    """What a crosstable cell says, in ``language`` (``bye``: the workbook's word for it)."""
    _p = printing(language)
    return _p(
        "A crosstable cell reads: the opponent's line, + won, - lost, = drawn, ! not played, "
        "then the colour (w/b, or 1/2: moved first or second) and the handicap; {bye}: a "
        "technical win; - alone: absent."
    ).format(bye=cell(BYE_RESULT, language))


def environment() -> Environment:
    return Environment(
        loader=PackageLoader("gosheet.formats.site", "templates"),
        autoescape=select_autoescape(("html", "css")),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def in_text(gettext: Gettext) -> Callable[[str], Markup]:
    """The templates' ``_p``: a message escaped for the text of an element (``&``, ``<``,
    ``>`` and ``"``; an apostrophe stays one, as the templates always wrote it). Its
    ``.format(…)`` escapes the values it puts in."""

    def _p(message: str) -> Markup:
        return _escaped(gettext(message))

    return _p


QR_SIZE = 160  # CSS pixels: about 4 cm on paper, 1 mm a module for a long address


def qr_block(_p: Gettext, url: str | None, page: str) -> dict[str, Any]:
    """What the ``qr.html`` partial shows on ``page`` (its file name; ``""``: the site
    itself): a QR code of the page's own address under the site's address ``url``, so that
    the page printed and pinned to the wall leads to the page online. Nothing without
    ``url``."""
    if url is None:
        return {"qr": None, "qr_address": ""}
    from gosheet.formats.qr import svg

    here = address(url, page)
    label = _p("QR code of this page: {address}").format(address=here)
    return {"qr": Markup(svg(here, QR_SIZE, label)), "qr_address": here}


def _escaped(text: str) -> Markup:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Markup(text.replace('"', "&quot;"))


def in_text_plural(ngettext: Ngettext) -> Callable[[str, str, int], Markup]:
    """The templates' ``ngettext_p``: :func:`in_text`'s for a message with a count."""

    def ngettext_p(singular: str, plural: str, count: int) -> Markup:
        return _escaped(ngettext(singular, plural, count))

    return ngettext_p


def pages(site: Site, url: str | None = None) -> dict[str, str]:
    """Each page's file name and HTML, in the site's language; with the site's address
    ``url``, the index and each round's page carry a QR code of their own address."""
    pack = site.pack
    env = environment()
    _p = printing(pack.language)
    env.globals.update(
        _p=in_text(_p),
        ngettext_p=in_text_plural(printing_plural(pack.language)),
        lang=pack.language,
        site=site,
        pack=pack,
        round_page=round_page,
        index_page=INDEX_PAGE,
        standings_page=STANDINGS_PAGE,
        crosstable_page=CROSSTABLE_PAGE,
        team_standings_page=TEAM_STANDINGS_PAGE,
        team_crosstable_page=TEAM_CROSSTABLE_PAGE,
    )
    out = {
        INDEX_PAGE: env.get_template("index.html").render(
            page_title=_p("Index"), **qr_block(_p, url, "")
        )
    }
    round_template = env.get_template("round.html")
    for view in site.rounds:
        out[round_page(view.number)] = round_template.render(
            view=view,
            current=view.number,
            page_title=_p("Round {number}").format(number=view.number),
            **qr_block(_p, url, round_page(view.number)),
        )
    out[STANDINGS_PAGE] = env.get_template("standings.html").render(
        current="standings", page_title=_p("Standings")
    )
    out[CROSSTABLE_PAGE] = env.get_template("tables.html").render(
        tables=[pack.crosstable],
        links=[site.crosstable_links],
        current="crosstable",
        page_title=_p("Crosstable"),
        legend=legend(pack.language),
    )
    if site.teams is not None:
        teams = site.teams.view
        out[TEAM_STANDINGS_PAGE] = env.get_template("team_standings.html").render(
            current="team-standings", page_title=teams.standings.title
        )
        out[TEAM_CROSSTABLE_PAGE] = env.get_template("tables.html").render(
            tables=[teams.crosstable],
            links=[site.teams.crosstable_links],
            current="team-crosstable",
            page_title=_p("Team crosstable"),
            legend=teams.crosstable_legend,
        )
        team_template = env.get_template("team.html")
        for team in site.teams.teams:
            out[team.team.page] = team_template.render(page=team, page_title=team.team.name)
    player_template = env.get_template("player.html")
    for page in site.players:
        out[page.player.page] = player_template.render(page=page, page_title=page.player.name)
    return out


def publish(tournament: Tournament, folder: Path, url: str | None = None) -> list[Path]:
    """Write the pages into ``folder`` (made if missing); the files written (``url``: the
    site's address, for the QR codes)."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise FileProblem(f"{folder}: not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileProblem(f"{folder}: cannot write the pages ({error.strerror})") from error
    written = []
    with ExitStack() as pages_in_place:  # every page written before any takes its name
        for name, html in pages(site_of(tournament), url).items():
            target = folder / name
            temporary = pages_in_place.enter_context(replacing(target))
            temporary.write_text(html, encoding="utf-8")
            written.append(target)
    return written
