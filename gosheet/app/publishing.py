"""The tournament's pages (:func:`publish`): an index, each round's pairings, the standings
and the crosstable, as HTML that holds everything it needs — the command line's ``publish``
and "Publish pages" in any front end. A workbook (its path or bytes) in; the pages written
into a folder, or handed back as bytes by file name (:attr:`Published.pages`) for a front end
that has no folder (the page in the browser).
"""

from __future__ import annotations

from pathlib import Path

from gosheet.app.files import OptionError, Source, on_disk
from gosheet.core.event import parse_site_address
from gosheet.core.model import Tournament
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import field, record

INDEX = "index.html"


@record
class Published:
    """The pages: each file's name and bytes (UTF-8 HTML), and the folder they were written
    into (None: not written)."""

    tournament: Tournament
    pages: dict[str, bytes] = field(default_factory=dict)
    folder: Path | None = None

    def message(self) -> str:
        if self.folder is None:
            return ngettext(
                "Made {count} page: open {index}.",
                "Made {count} pages: open {index}.",
                len(self.pages),
            ).format(count=len(self.pages), index=INDEX)
        return ngettext(
            "Wrote {count} page in {folder}: open {index}.",
            "Wrote {count} pages in {folder}: open {index}.",
            len(self.pages),
        ).format(count=len(self.pages), folder=self.folder, index=self.folder / INDEX)


def site_base(url: str | None) -> str | None:
    """The pages' address as the command line's ``--url`` gives it (None: no QR code),
    checked: an ``http://`` or ``https://`` address of a site, without a query or a fragment
    (the pages' names are put after it). Anything else raises
    :class:`~gosheet.app.files.OptionError`.

    >>> site_base("https://go.example.org/cup-2026")
    'https://go.example.org/cup-2026'
    """
    if url is None:
        return None
    try:
        text = parse_site_address(url)  # the Settings sheet's Site address, checked alike
    except ValueError:
        text = ""
    if not text:
        raise OptionError(
            _(
                "'--url': {url} is not the address of a site; give it as "
                "https://example.org/cup/ (http:// or https://, no ? or #)"
            ).format(url=url)
        )
    return text


def site_pages(tournament: Tournament, url: str | None = None) -> dict[str, bytes]:
    """Each page's file name and HTML (UTF-8), in the tournament's language; with the
    site's address ``url``, each round's page and the index carry a QR code of their own
    address (default: the Settings sheet's ``Site address``, where there is one)."""
    from gosheet.formats.site import pages  # Jinja2, loaded only here
    from gosheet.formats.site.view import site_of

    made = pages(site_of(tournament), url or tournament.settings.site_address or None)
    return {name: html.encode("utf-8") for name, html in made.items()}


def publish(
    book: Source,
    folder: Path | None,
    *,
    book_name: str = "tournament.xlsx",
    url: str | None = None,
) -> Published:
    """The pages of a workbook (a path, or its bytes called ``book_name``), written into
    ``folder`` (made if missing) when there is one; ``url``: the address they will have
    (:func:`site_base`), for their QR codes."""
    from gosheet.workbook.books import open_book  # not when the command line's parser is built

    url = site_base(url)
    with on_disk(book, book_name) as path:
        tournament = open_book(path).read().tournament
    if folder is None:
        return Published(tournament, site_pages(tournament, url))
    from gosheet.formats.site import publish as write_site  # Jinja2, loaded only here

    written = write_site(tournament, folder, url or tournament.settings.site_address or None)
    return Published(tournament, {p.name: p.read_bytes() for p in written}, folder)
