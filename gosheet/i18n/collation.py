"""Names in the order people read them: every list gosheet sorts by name (the print pack's
"where do I play?", the check-in list, the published index and rounds by name, players tied
in the standings) is sorted here, by the Unicode Collation Algorithm (UTS #10) with the
tailoring of the tournament's language, as CLDR gives it.

The algorithm is pyuca's (MIT, pure Python: it runs in LibreOffice's own Python and in
Pyodide, where no compiled package exists), over its table of Unicode 10's default weights
(DUCET, :data:`TABLE`). Its levels are what a reader expects: the letters first (Ødegård
between O and P, Łukasiewicz between L and M, Çelik beside Celik), then the accents, then
the case — ``emile < Emile < émile < Émile``, all before ``Emilia``.

The default table already holds what Catalan needs: ``l·`` is a contraction, an ``l`` with
an accent, so ``l·l`` sorts as ``ll`` (``Palau < Palla < Pal·la < Palma``); CLDR's ``ca.xml``
has no tailoring of its own since its root holds this. On top of the default weights, as
CLDR tailors the languages gosheet speaks:

- **ru** (CLDR ``ru.xml``: ``[reorder Cyrl]``): Cyrillic before Latin (then Greek and the
  rest as they were) — ``Иванов`` before ``Adams``; in every other language Cyrillic names
  come after the Latin ones;
- **fr** (CLDR ``fr.xml``): no tailoring for French of France (``[backwards 2]`` is
  Canada's, ``fr_CA``);
- **en**, **ca**: the root order (``ca``: the ``l·l`` above).

pyuca reads its table (1.8 MB of text) when its collator is built, about 0.1 s. Names
written in Latin, Greek and Cyrillic letters (with their diacritics, ASCII's punctuation, the
dashes and quotation marks) are collated by the same algorithm over the part of the table
they use (:mod:`gosheet.i18n.collation_table`, 1,540 entries, read in a few milliseconds):
the same keys as pyuca's, and pyuca's collator is built only for a name with another letter,
once a process. :class:`Collated` compares lazily, so a sort whose names are only a last
tiebreak builds nothing unless two entries tie on everything before them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from pyuca.collator import BaseCollator as Collator

#: The one table of pyuca's that gosheet reads: the front ends that carry pyuca (the
#: LibreOffice extension, the page's wheels, the Lite wheel) leave its four others out.
TABLE = "allkeys-10.0.0.txt"
#: pyuca's files that no front end carries: its tables of older Unicode versions.
UNUSED_TABLES = re.compile(r"^pyuca/allkeys-(?!10\.0\.0\.txt$)[^/]*$")

#: The CLDR tailoring of each language gosheet speaks, as CLDR writes it (documentation and
#: the tests' reference: each rule is implemented below, on pyuca's keys).
TAILORINGS = {"en": "", "fr": "", "ca": "", "ru": "[reorder Cyrl]"}
#: The scripts a language puts first (CLDR's ``[reorder …]``).
REORDERED = {"ru": "Cyrl"}
#: The code points of each reorderable script's letters (Unicode's Cyrillic blocks).
SCRIPTS = {
    "Cyrl": (
        range(0x0400, 0x0530),
        range(0x1C80, 0x1C90),
        range(0x2DE0, 0x2E00),
        range(0xA640, 0xA6A0),
    )
}
#: Where the implicit weights of the code points the table does not list begin.
IMPLICIT = 0xFB40
Key = tuple[int, ...]


@functools.cache
def _collator() -> Collator:
    """pyuca's collator of Unicode 10's table (:data:`TABLE`; pyuca's default is 9's), built
    at the first name sorted (its table read then)."""
    from pyuca.collator import Collator_10_0_0

    return Collator_10_0_0()


Element = tuple[int, int, int]
Levels = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class _SmallTable(NamedTuple):
    """:mod:`gosheet.i18n.collation_table` read: its entries by their code points, the code
    points a name may hold to be collated by it (those with an entry of their own), those
    that end an entry of several (without one of them, no contraction can be made), and each
    code point's weights by level (its elements' non-zero primaries, secondaries,
    tertiaries)."""

    entries: dict[tuple[int, ...], list[Element]]
    covered: frozenset[int]
    followers: frozenset[int]
    levels: dict[int, Levels]


def _by_level(elements: list[Element]) -> Levels:
    return (
        tuple(e[0] for e in elements if e[0]),
        tuple(e[1] for e in elements if e[1]),
        tuple(e[2] for e in elements if e[2]),
    )


@functools.cache
def _small_table() -> _SmallTable:
    from gosheet.i18n.collation_table import ENTRIES

    entries: dict[tuple[int, ...], list[Element]] = {}
    for item in ENTRIES.split():
        chars, elements = item.split(";")
        entries[tuple(int(c, 16) for c in chars.split("_"))] = [
            (int(e[:4], 16), int(e[5:9], 16), int(e[10:14], 16)) for e in elements.split(",")
        ]
    singles = {k[0]: _by_level(v) for k, v in entries.items() if len(k) == 1}
    followers = frozenset(c for k in entries if len(k) > 1 for c in k[1:])
    return _SmallTable(entries, frozenset(singles), followers, singles)


def _small_key(text: str) -> Key | None:
    """``text``'s UCA key by the small table, as pyuca computes it over the whole one, or
    None when a letter of ``text`` is not in the small table."""
    small = _small_table()
    points = [ord(c) for c in unicodedata.normalize("NFD", text)]
    if not small.covered.issuperset(points):
        return None
    if small.followers.isdisjoint(points):  # no contraction can be made: a letter at a time
        levels = [small.levels[p] for p in points]
    else:
        levels = [_by_level(_elements(points, small.entries))]
    return (
        *(w for level in levels for w in level[0]),
        0,
        *(w for level in levels for w in level[1]),
        0,
        *(w for level in levels for w in level[2]),
        0,  # pyuca's separator before a fourth level, which this table has not
    )


def _elements(points: list[int], entries: dict[tuple[int, ...], list[Element]]) -> list[Element]:
    """The collation elements of ``points`` (all covered), as pyuca finds them: the longest
    entry at each place, then a combining mark further on (not blocked) that makes a longer
    entry with it."""
    rest = list(points)
    elements: list[Element] = []
    while rest:
        length = next(n for n in (3, 2, 1) if tuple(rest[:n]) in entries)
        start, value, rest = rest[:length], entries[tuple(rest[:length])], rest[length:]
        last = None
        for at, mark in enumerate(rest):
            combining = unicodedata.combining(chr(mark))
            if combining == 0 or combining == last:
                break
            last = combining
            longer = entries.get((*start, mark))
            if longer is not None:
                del rest[at]
                value = longer
                break
        elements.extend(value)
    return elements


@functools.cache
def _reordering(language: str) -> Callable[[int], int] | None:
    """How a primary weight moves under ``language``'s ``[reorder …]`` (None: it stays).

    The script's span of primaries moves to where Latin begins; what lay from Latin to it
    (Latin, Greek, Coptic …) moves up by the script's length: a rotation, so every other
    weight keeps its place and its order."""
    script = REORDERED.get(language)
    if script is None:
        return None
    from gosheet.i18n import collation_table as known  # the span, from pyuca's table

    (low, high), latin = known.SPANS[script], known.LATIN_FIRST
    length = high - low + 1
    drop = low - latin

    def moved(weight: int) -> int:
        if low <= weight <= high:
            return weight - drop
        if latin <= weight < low:
            return weight + length
        return weight

    return moved


def collation_key(name: str, language: str = "en") -> Key:
    """The UCA sort key of ``name`` in ``language`` (tailored as the module says), spaces
    around it and between words counted once."""
    text = " ".join(name.split())
    key = _small_key(text)
    if key is None:
        key = _collator().sort_key(text)
    moved = _reordering(_language(language))
    if moved is None:
        return key
    end = key.index(0) if 0 in key else len(key)  # the primaries, before the first separator
    return tuple(moved(w) for w in key[:end]) + key[end:]


def sort_key(name: str, language: str = "en") -> tuple[Key, str]:
    """The key to sort names by: the collation's, then the name itself (two names that
    collate equal still come in one order, every time)."""
    return collation_key(name, language), name


def sorted_names(names: Iterable[str], language: str = "en") -> list[str]:
    """``names`` in ``language``'s order."""
    return sorted(names, key=lambda name: sort_key(name, language))


def _language(language: str) -> str:
    """``fr-CA``, ``ru_RU`` … as their language; gosheet's tailorings are by language."""
    return language.replace("_", "-").split("-", 1)[0].casefold()


@functools.total_ordering
class Collated:
    """A name that compares in ``language``'s order, its key computed only when compared:
    the last part of a sort key (``(score, Collated(name, language))``) costs nothing, and
    builds no collator, unless two entries tie on everything before it."""

    __slots__ = ("_key", "language", "name")

    def __init__(self, name: str, language: str = "en") -> None:
        self.name = name
        self.language = language
        self._key: tuple[Key, str] | None = None

    def key(self) -> tuple[Key, str]:
        """The name's :func:`sort_key`, computed once."""
        if self._key is None:
            self._key = sort_key(self.name, self.language)
        return self._key

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Collated):
            return NotImplemented
        return self.name == other.name  # (the key ends with the name)

    def __lt__(self, other: Collated) -> bool:
        return self.name != other.name and self.key() < other.key()

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"Collated({self.name!r}, {self.language!r})"
