"""What a cell or a page header gosheet writes may hold: XML 1.0 characters only, Excel's
32,767 characters of a cell's text and its largest number, 255 characters of a page header."""

from __future__ import annotations

import re

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _

MAX_TEXT = 32_767
"""Characters of a cell's text: Excel holds no more (gosheet reads and writes no longer one)."""
MAX_NUMBER = 9.99999999999999e307
"""The largest number Excel holds in a cell (beyond it, or not finite: written as text)."""
MAX_HEADER = 255
"""Characters of a page header or footer, codes included: Excel refuses more."""

_ILLEGAL = "[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]"
"""What XML 1.0 cannot hold: characters none of which is printable, so that a printable text
(nearly every one) is known clean without the pattern (compiled on first use: 0.3 ms)."""


def cell_text(value: object) -> object:
    """A text without the characters XML 1.0 cannot hold (control characters but tab and
    newline, lone surrogates, U+FFFE, U+FFFF; the readers take them out too, so that what is
    read is what is written); a number Excel cannot hold (not finite, or beyond
    :data:`MAX_NUMBER`) as its text; other values unchanged."""
    if isinstance(value, str):
        if value.isprintable() or re.search(_ILLEGAL, value) is None:
            return value
        return re.sub(_ILLEGAL, "", value)
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and not -MAX_NUMBER <= value <= MAX_NUMBER:  # type: ignore[operator]  # (NaN too)
        return repr(value)
    return value


def too_long(value: object) -> bool:
    """Whether ``value`` is a text longer than a cell holds (:data:`MAX_TEXT`)."""
    return isinstance(value, str) and len(value) > MAX_TEXT


def long_text(where: str, value: str) -> FileProblem:
    """The refusal of a text too long for a cell, to be written at ``where`` (Sheet!B7)."""
    return FileProblem(
        _(
            "{where}: a text of {count:,} characters, more than a cell holds ({limit:,}, "
            "Excel's limit); nothing written"
        ).format(where=where, count=len(value), limit=MAX_TEXT)
    )


def header_text(title: str, room: int = MAX_HEADER - 2) -> str:
    """A page header's text: ``&`` doubled (Excel's codes start with one), XML-clean, at most
    ``room`` characters (Excel's 255 less the ``&C`` before it), cut on a whole character."""
    clean = str(cell_text(title))
    if len(clean.replace("&", "&&")) <= room:
        return clean.replace("&", "&&")
    cut = clean[: room - 1]
    while len(cut.replace("&", "&&")) > room - 1:
        cut = cut[:-1]
    return cut.replace("&", "&&") + "…"
