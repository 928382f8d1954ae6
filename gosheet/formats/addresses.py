"""Where each published page lives, relative to the site's base address: the one place the
pages (:mod:`gosheet.formats.site`) and the paper that points to them (QR codes on the
pairing lists and the result slips, :mod:`gosheet.formats.pack`) agree on.

A player's page is named after the player's name, not the row in Players, so that a slip
printed before the organiser sorted Players still leads to the right page: the readable
ASCII part of the name, then six hexadecimal digits of the name's hash (names in Cyrillic
or any other script get a page of their own too, and two names that read the same in ASCII
do not share one).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

INDEX_PAGE = "index.html"
STANDINGS_PAGE = "standings.html"
CROSSTABLE_PAGE = "crosstable.html"


def round_page(number: int) -> str:
    """The page of round ``number``'s pairings."""
    return f"round-{number}.html"


def player_page(name: str) -> str:
    """The page of the player called ``name`` (surname and first name, as in round sheets)."""
    key = " ".join(name.split()).casefold()
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]
    ascii_name = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode("ascii")
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_name))[:40].strip("-")
    return f"player-{slug}-{digest}.html" if slug else f"player-{digest}.html"


def address(base: str, page: str) -> str:
    """``page``'s full address under ``base`` (a site's address, with or without its final
    slash)."""
    return base if not page else f"{base.rstrip('/')}/{page}"
