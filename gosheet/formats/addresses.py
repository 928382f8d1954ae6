"""Where each published page lives, relative to the site's base address: the one place the
pages (:mod:`gosheet.formats.site`) and the paper that points to them (QR codes on the
pairing lists and the result slips, :mod:`gosheet.formats.pack`) agree on.

A player's page is named after the player's name, not the row in Players, so that a slip
printed before the organiser sorted Players still leads to the right page (a team's after
its name too): the name in ASCII
letters, then six hexadecimal digits of the name's hash (two names that read the same in
ASCII do not share a page). No letter is dropped: the accents go (é → e, ñ → n), the letters
that are not an accented Latin letter are spelt as their language writes them without it
(:data:`LATIN`: Ł → l, Ø → o, ß → ss, Æ → ae, Đ → d, ı → i …), and Cyrillic is
transliterated as in Russian (and Ukrainian, Belarusian) passports, ICAO Doc 9303
(:data:`CYRILLIC`: Иванов → ivanov, Щукин → shchukin, Юрьев → iurev). Names in another
script (Greek, Chinese …) keep the hash alone: ``player-1a2b3c.html``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

INDEX_PAGE = "index.html"
STANDINGS_PAGE = "standings.html"
CROSSTABLE_PAGE = "crosstable.html"
TEAM_STANDINGS_PAGE = "team-standings.html"  # a team tournament's
TEAM_CROSSTABLE_PAGE = "team-crosstable.html"

#: Latin letters that are no accented letter (NFKD leaves them whole), as ASCII, in lower
#: case: a page's name is case-folded first (Æ is æ then).
LATIN = {
    "ł": "l", "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    "ħ": "h", "ŧ": "t", "ŋ": "ng", "ĸ": "k", "ſ": "s", "ƒ": "f", "ə": "e",
}  # fmt: skip
#: Cyrillic as ICAO Doc 9303 transliterates it (Russian passports since 2013; ё and й,
#: ї and ў lose their marks with the accents first: е, и, і, у).
CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
    "и": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "ie", "ы": "y", "ь": "", "э": "e", "ю": "iu", "я": "ia",
    "і": "i", "є": "ie", "ґ": "g", "ђ": "d", "ѕ": "dz", "ј": "j", "љ": "lj", "њ": "nj",
    "ћ": "c", "џ": "dz",
}  # fmt: skip
ASCII = str.maketrans(LATIN | CYRILLIC)


def round_page(number: int) -> str:
    """The page of round ``number``'s pairings."""
    return f"round-{number}.html"


def player_page(name: str) -> str:
    """The page of the player called ``name`` (surname and first name, as in round sheets)."""
    return _named("player", name)


def team_page(name: str) -> str:
    """The page of the team called ``name`` (a team tournament's; its name, not its number,
    as a team's name is what the Teams sheet keeps it by).

    >>> team_page("Санкт-Петербург"), team_page("Poitiers 1")
    ('team-sankt-peterburg-f881a8.html', 'team-poitiers-1-83a67e.html')
    """
    return _named("team", name)


def _named(kind: str, name: str) -> str:
    """``kind-slug-hash.html``: the name in ASCII letters (at most 40), then six hexadecimal
    digits of the name's hash (spaces folded, case-folded)."""
    key = " ".join(name.split()).casefold()
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]
    ascii_name = in_ascii(key)
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_name))[:40].strip("-")
    return f"{kind}-{slug}-{digest}.html" if slug else f"{kind}-{digest}.html"


def in_ascii(text: str) -> str:
    """``text`` (case-folded) in ASCII letters: accents dropped, the other letters spelt as
    :data:`LATIN` and :data:`CYRILLIC` say; what remains outside ASCII is left out.

    >>> in_ascii("łukasiewicz ødegård straße yılmaz đorđević æsir щукин юрьев")
    'lukasiewicz odegard strasse yilmaz dordevic aesir shchukin iurev'
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain.translate(ASCII).encode("ascii", "ignore").decode("ascii")


def address(base: str, page: str) -> str:
    """``page``'s full address under ``base`` (a site's address, with or without its final
    slash)."""
    return base if not page else f"{base.rstrip('/')}/{page}"
