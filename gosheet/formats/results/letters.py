"""The letters of a results file: ISO-8859-15, the encoding OpenGotha writes them in and the
rating bodies read (the EGD's and the FFG's lists are ISO-8859 themselves).

OpenGotha writes ``?`` for a letter ISO-8859-15 lacks (``Łukasiewicz`` → ``?ukasiewicz``,
``Иванов`` → ``??????``): the rating body can no longer find the player. gosheet writes such a
letter as the nearest Latin letters instead: the accent dropped (ł ș ț ğ İ → l s t g I), the
letters that are no accented letter as their language writes them without it (ı → i, Đ → D,
the table of :mod:`gosheet.formats.addresses`), Cyrillic as passports transliterate it (ICAO
Doc 9303: Иванов → Ivanov, Щукин → Shchukin). A letter that fits ISO-8859-15 stays as it is
(é, ü, ß, Š, Œ …); one of another script (Greek, Chinese …) is written ``?``, as OpenGotha.
"""

from __future__ import annotations

import re
import unicodedata

from gosheet.core.model import Player
from gosheet.formats.addresses import CYRILLIC, LATIN
from gosheet.formats.results.table import ResultsTable
from gosheet.records import replace

ENCODING = "iso-8859-15"
#: The letters without accents spelt otherwise, in lower case (Ł → l, Щ → shch).
SPELLING = LATIN | CYRILLIC
_WORD = re.compile(r"\w+|\W+")


def fits(char: str) -> bool:
    """True when ISO-8859-15 holds ``char``."""
    try:
        char.encode(ENCODING)
    except UnicodeEncodeError:
        return False
    return True


def _letter(char: str) -> str:
    """One character ISO-8859-15 lacks, in its letters (``?`` for one it has none for)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return "".join(_spelt(c) for c in plain or char)


def _spelt(char: str) -> str:
    if fits(char):
        return char
    spelt = SPELLING.get(char.lower())
    if spelt is None:
        return "?"
    return spelt.capitalize() if char != char.lower() else spelt


def latin9(text: str) -> str:
    """``text`` in the letters of ISO-8859-15 (a word in capitals stays in capitals).

    >>> latin9("Łukasiewicz Yılmaz İsmail Straße Şerban Țurcanu ЩУКИН Пётр 王")
    'Lukasiewicz Yilmaz Ismail Straße Serban Turcanu SHCHUKIN Petr ?'
    """
    if all(fits(c) for c in text):
        return text
    out = []
    for word in _WORD.findall(text):
        spelt = "".join(c if fits(c) else _letter(c) for c in word)
        capitals = len(word) > 1 and word.isupper()
        out.append(spelt.upper() if capitals and spelt != word else spelt)
    return "".join(out)


def _player(player: Player) -> Player:
    return replace(
        player,
        surname=latin9(player.surname),
        first_name=latin9(player.first_name),
        club=latin9(player.club),
    )


def in_latin9(table: ResultsTable) -> tuple[ResultsTable, tuple[tuple[str, str], ...]]:
    """``table`` with its names (players, clubs, the event, its place) in the letters of
    ISO-8859-15, and the players' names respelt (``Łukasiewicz Jan`` → ``Lukasiewicz Jan``)."""
    s = table.settings
    settings = replace(s, name=latin9(s.name), location=latin9(s.location))
    lines = tuple(replace(line, player=_player(line.player)) for line in table.lines)
    roster = tuple((_player(p), ids) for p, ids in table.roster)
    respelt = tuple(
        (before.player.name, after.player.name)
        for before, after in zip(table.lines, lines, strict=True)
        if before.player.name != after.player.name
    )
    short = latin9(table.short_name)
    made = replace(table, settings=settings, lines=lines, roster=roster, short_name=short)
    return made, respelt
