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

pyuca reads its table (1.8 MB of text) when its collator is built, about 0.1 s: it is built
only when a list is sorted (never at ``gosheet --help`` or on import of gosheet), once a
process. :class:`Collated` compares lazily, so a sort whose names are only a last tiebreak
builds nothing unless two entries tie on everything before them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

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


@functools.cache
def _reordering(language: str) -> Callable[[int], int] | None:
    """How a primary weight moves under ``language``'s ``[reorder …]`` (None: it stays).

    The script's span of primaries moves to where Latin begins; what lay from Latin to it
    (Latin, Greek, Coptic …) moves up by the script's length: a rotation, so every other
    weight keeps its place and its order."""
    script = REORDERED.get(language)
    if script is None:
        return None
    collator = _collator()
    weights: list[int] = [
        w
        for block in SCRIPTS[script]
        for cp in block
        if unicodedata.category(chr(cp)).startswith("L")
        and 0 < (w := collator.sort_key(chr(cp))[0]) < IMPLICIT
    ]
    low, high = min(weights), max(weights)
    latin: int = collator.sort_key("a")[0]
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
    key: Key = _collator().sort_key(" ".join(name.split()))
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
