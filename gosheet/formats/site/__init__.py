"""``gosheet publish``: the tournament's pages for the club's site — an index, each round's
pairings (by table and by name), the standings and the crosstable — in one folder that
holds everything it needs (the style sheet is inside each page, no script, no font to
fetch): readable on a phone, printable. Jinja2 templates (``templates/``) with every
value escaped. The pages speak the tournament's language (``<html lang="…">``): the
templates mark their words ``{{ _p("…") }}``, messages of the ``printing`` domain
(:mod:`gosheet.formats.pack.language`).
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
from gosheet.formats.addresses import address, round_page
from gosheet.formats.pack.language import Gettext, cell, printing
from gosheet.formats.pack.view import Pack, pack_of
from gosheet.workbook.atomic import replacing
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
        text = gettext(message).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return Markup(text.replace('"', "&quot;"))

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


def pages(pack: Pack, url: str | None = None) -> dict[str, str]:
    """Each page's file name and HTML, in the pack's language; with the site's address
    ``url``, the index and each round's page carry a QR code of their own address."""
    env = environment()
    _p = printing(pack.language)
    env.globals.update(_p=in_text(_p), lang=pack.language)
    out = {
        "index.html": env.get_template("index.html").render(
            pack=pack, page_title=_p("Index"), **qr_block(_p, url, "")
        )
    }
    round_template = env.get_template("round.html")
    for view in pack.rounds:
        out[f"round-{view.number}.html"] = round_template.render(
            pack=pack,
            view=view,
            current=view.number,
            page_title=_p("Round {number}").format(number=view.number),
            **qr_block(_p, url, round_page(view.number)),
        )
    tables = env.get_template("tables.html")
    out["standings.html"] = tables.render(
        pack=pack, tables=pack.standings, current="standings", page_title=_p("Standings")
    )
    out["crosstable.html"] = tables.render(
        pack=pack,
        tables=[pack.crosstable],
        current="crosstable",
        page_title=_p("Crosstable"),
        legend=legend(pack.language),
    )
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
        for name, html in pages(pack_of(tournament), url).items():
            target = folder / name
            temporary = pages_in_place.enter_context(replacing(target))
            temporary.write_text(html, encoding="utf-8")
            written.append(target)
    return written
