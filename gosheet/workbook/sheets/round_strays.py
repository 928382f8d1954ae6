"""The values of a round sheet that stand beside or below its tables (a result typed one column
to the right, or in a row without a table): not read, noted as slips to look at."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

from gosheet.core.errors import Problem
from gosheet.core.results import ResultError
from gosheet.i18n import words
from gosheet.i18n.catalog import _
from gosheet.workbook.sheets import ORIGIN_HEADERS, cell_name
from gosheet.workbook.sheets.cell_cache import KEPT_LENGTH, result_of
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.reading import BookState, blank, cell_text


def looks_like_result(value: Any) -> bool:
    """Whether a cell reads as a game's result (``1-0``, ``B+`` …); the answer for a text
    seen before is kept (the clubs and countries of a big field repeat, and a text that is
    no result was read anew each time: its error is never kept).

    >>> looks_like_result("W+"), looks_like_result("Berlin"), looks_like_result("Berlin")
    (True, False, False)
    """
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _text_looks_like_result(value)
    return _looks_like_result(value)


def _looks_like_result(value: Any) -> bool:
    with suppress(ResultError):
        return result_of(cell_text(value)) is not None
    return False


_text_looks_like_result = lru_cache(maxsize=1 << 12)(_looks_like_result)


def stray(row: int, column: int, value: Any, result_column: int, beside: bool) -> str:
    """What a value outside the tables may be: ``beside``, in a column without a header (or
    a result in a column of the players' clubs or countries); else in a row without a table
    and players."""
    result_like = looks_like_result(value)
    if beside:
        if column == result_column + 1 or result_like:
            into = cell_name(row, result_column)
            return _(
                "beside the table, not read: a result typed one column to the right? "
                "(it belongs in {cell})"
            ).format(cell=into)
        return _("beside the table, in a column without a header: not read")
    if column == result_column or result_like:
        return _(
            "in a row without a table number nor players (below or between the tables): not "
            "read — a result typed in the wrong row?"
        )
    return _("in a row without a table number nor players (below or between the tables): not read")


class Strays:
    """The values of a round sheet outside its tables, noted in ``state`` (slips to look at)."""

    def __init__(self, sheet: str, headers: Sequence[Any], at_result: int, state: BookState):
        self.sheet = sheet
        self.named = [bool(normalise_header(h)) for h in headers]
        self.without_header = [c for c, named in enumerate(self.named) if not named]
        self.origins = [  # the players' clubs and countries: no result is typed there
            c
            for c, h in enumerate(headers)
            if isinstance(h, str) and words.canonical(h, words.ROUNDS) in ORIGIN_HEADERS
        ]
        self.at_result = at_result
        self.notes = state.notes

    def note(self, r: int, c: int, value: Any, beside: bool) -> None:
        message = stray(r, c, value, self.at_result, beside)
        self.notes.append(Problem(self.sheet, cell_name(r, c), value, message))

    def beside(self, row: Sequence[Any], r: int) -> None:
        """The values of row ``r`` beyond the header row or in a column without a header."""
        size = len(row)
        for c in range(len(self.named), size):  # columns beyond the header row
            if not blank(row[c]):
                self.note(r, c, row[c], beside=True)
        for c in self.without_header:  # a column without a header
            if c < size and not blank(row[c]):
                self.note(r, c, row[c], beside=True)
        for c in self.origins:  # a result typed into a club's or a country's column
            if c < size and type(row[c]) is str and looks_like_result(row[c]):
                self.note(r, c, row[c], beside=True)

    def below(self, row: Sequence[Any], r: int) -> None:
        """The values of row ``r``, a row without a table number nor players."""
        for c, value in enumerate(row[: len(self.named)]):
            if self.named[c] and not blank(value):
                self.note(r, c, value, beside=False)
