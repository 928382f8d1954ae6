"""A list of players as organisers keep it: a title (and blank rows) above the header row, a
footer below the players ("Total", "6 inscrits", a count or a sum), a section title among
them (a merged "Late registrations" row). The roster reader and the Players sheet's reader
find the header row among the first :data:`HEADER_ROWS` rows and read such rows as what
they are (:func:`row_kind`), not as players.

>>> header_row([["Tournoi de Noël 2026"], [], ["Nom", "Prénom", "Niveau"], ["Roy", "Léa", "3k"]])
2
>>> row_kind(["Total", None, 6], 0, tail=True), row_kind(["Late registrations"], 0, tail=False)
('footer', 'section')
>>> row_kind(["6 inscrits"], 0, tail=True), row_kind([None, None, 6, 12345], 0, tail=True)
('footer', 'footer')
>>> row_kind(["Dupont", "Jean", "3k"], 0, tail=False) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gosheet.i18n import words
from gosheet.workbook.sheets.headers import canonical_header, match_opengotha_headers
from gosheet.workbook.sheets.reading import blank, cell_text

#: The rows looked through for the header row: a title, a date, a blank row or two above it.
HEADER_ROWS = 10

FOOTER = "footer"
SECTION = "section"

#: The first word of a footer's first cell (folded: no accents, lower case), in the languages
#: organisers write their lists in (not "Sum" nor "Suma": surnames too).
_FOOTER_WORD = re.compile(
    r"(total|totals|totaux|totale|somme|count|итого|всего|сумма)\b", re.IGNORECASE
)
#: What a footer's first cell may start with, unfolded (:data:`_FOOTER_WORD` decides).
_FOOTER_START = re.compile(r"(tot|som|count|ито|все|сум)", re.IGNORECASE)
_FOOTER_INITIALS = frozenset("TtSsCcИиВвСс")
#: A count of the players, alone in its row: "6 inscrits", "45 players", "12 игроков".
_COUNT = re.compile(r"\d+\s+\D.*")


def header_key(cell: Any, language: str = "en") -> str | None:
    """The Players column a header cell names (a synonym, or gosheet's word in any language,
    ``language``'s first), or None."""
    if blank(cell) or not isinstance(cell, str):
        return None
    known = canonical_header(cell) or words.canonical(cell, words.PLAYERS, language)
    if known is None:
        known = next(iter(match_opengotha_headers([cell])), None)
    return known


def header_row(grid: Sequence[Sequence[Any]], language: str = "en") -> int:
    """The 0-based row of the header among the first :data:`HEADER_ROWS`: the first one with a
    Name column and another column gosheet knows, else the first with a Name column, else the
    first row (whose problems the reader then tells)."""
    named = None
    for r, row in enumerate(grid[:HEADER_ROWS]):
        keys = {header_key(cell, language) for cell in row} - {None}
        if "Name" in keys:
            if len(keys) > 1:
                return r
            named = r if named is None else named
    return named or 0


def _numbers_only(filled: Sequence[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in filled)


def footer_like(row: Sequence[Any], name_column: int) -> bool:
    """Whether ``row`` reads as a footer: its first cell starts with "Total" (or its like), a
    count of the players is alone in it ("6 inscrits"), or it holds numbers only, with no
    name (a count or a sum; see :func:`row_kind`)."""
    filled = [v for v in row if not blank(v)]
    if not filled:
        return False
    first = cell_text(filled[0])
    if isinstance(filled[0], str) and _FOOTER_WORD.match(words.normalise(first)):
        return True
    if len(filled) == 1 and isinstance(filled[0], str) and _COUNT.fullmatch(first):
        return True
    name = row[name_column] if name_column < len(row) else None
    return blank(name) and _numbers_only(filled)


def row_kind(row: Sequence[Any], name_column: int, tail: bool) -> str | None:
    """:data:`FOOTER`, :data:`SECTION` or None (a player's row, or a blank one).

    A footer: a row :func:`footer_like`; one of numbers only only in the ``tail`` (after the
    last player), else it is a player whose name is missing. A section title: a text alone
    in its row (the first cell of a merge across the row), in another column than the names,
    or of two words or more, or ending with ":" (a name alone in its row, one word, is still
    a player, whose missing rank is told)."""
    name = row[name_column] if name_column < len(row) else None
    if (  # (nearly every row: a name, and more beside it; its words are not a footer's)
        type(name) is str
        and name[:1].isalpha()
        and len(row) - row.count(None) - row.count("") > 1
        and (name[0] not in _FOOTER_INITIALS or not _FOOTER_START.match(name))
    ):
        return None
    if footer_like(row, name_column):
        filled = [v for v in row if not blank(v)]
        if tail or not _numbers_only(filled):
            return FOOTER
        return None
    filled_at = [(c, v) for c, v in enumerate(row) if not blank(v)]
    if len(filled_at) != 1 or not isinstance(filled_at[0][1], str):
        return None
    column, value = filled_at[0]
    text = cell_text(value)
    if column != name_column or len(text.split()) > 1 or text.endswith(":"):
        return SECTION
    return None


def tail_start(grid: Sequence[Sequence[Any]], name_column: int) -> int:
    """The first row of the list's tail: the rows after the last player's, blank or
    :func:`footer_like`."""
    start = len(grid)
    while start > 0:
        row = grid[start - 1]
        if not (all(blank(v) for v in row) or footer_like(row, name_column)):
            break
        start -= 1
    return start


def first_filled(row: Sequence[Any]) -> tuple[int, Any]:
    """The column and value of the row's first cell that holds something."""
    return next(((c, v) for c, v in enumerate(row) if not blank(v)), (0, None))
