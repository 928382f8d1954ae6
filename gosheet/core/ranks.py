"""Go ranks: ``30k`` … ``1k``, ``1d`` … ``9d``, ``1p`` … ``9p``.

A rank is kept as one integer, OpenGotha's scale: ``30k`` = -30, ``1k`` = -1,
``1d`` = 0, ``9d`` = 8, and professional ranks above the amateur ones
(``1p`` = 9 … ``9p`` = 17), so that sorting by the integer sorts by strength.

>>> parse_rank("3k"), parse_rank("2d"), parse_rank("1p")
(-3, 1, 9)
>>> format_rank(-3), format_rank(1), format_rank(9)
('3k', '2d', '1p')
"""

from __future__ import annotations

import re

WEAKEST = -30
STRONGEST = 17

_RANK_RE = re.compile(
    r"^\s*(\d{1,2})\s*[-\s]?\s*(k|kyu|d|dan|p|pro|кю|к|дан|д|про|п)\.?\s*$", re.IGNORECASE
)
"""A rank as organisers type it, in English, French, Catalan or Russian: ``3k``, ``2 dan``,
``5 kyu``, ``11к``, ``5 кю``, ``2д``, ``2 дан``, ``1 про``."""
_KINDS = {"к": "k", "д": "d", "п": "p"}


class RankError(ValueError):
    """A rank that cannot be read, with the text that was given."""


def parse_rank(text: object) -> int:
    """Read a rank such as ``"3k"``, ``"2 dan"``, ``"1P"``, ``"5 кю"``; raise :class:`RankError`.

    >>> parse_rank("2 дан"), parse_rank("11к"), parse_rank("2Д"), parse_rank("5 kyu")
    (1, -11, 1, -5)
    """
    if not isinstance(text, str):
        raise RankError(f"{text!r} is not a rank (expected e.g. 3k, 2d, 1p)")
    match = _RANK_RE.match(text)
    if match is None:
        raise RankError(f"{text!r} is not a rank (expected e.g. 3k, 2d, 1p)")
    number = int(match.group(1))
    kind = match.group(2)[0].lower()
    kind = _KINDS.get(kind, kind)
    if kind == "k" and 1 <= number <= 30:
        return -number
    if kind == "d" and 1 <= number <= 9:
        return number - 1
    if kind == "p" and 1 <= number <= 9:
        return 8 + number
    raise RankError(f"{text!r} is out of range (30k to 9d, or 1p to 9p)")


def format_rank(rank: int) -> str:
    """The usual spelling of a rank integer."""
    if not WEAKEST <= rank <= STRONGEST:
        raise ValueError(f"rank {rank} outside {WEAKEST}..{STRONGEST}")
    if rank < 0:
        return f"{-rank}k"
    if rank <= 8:
        return f"{rank + 1}d"
    return f"{rank - 8}p"


def nominal_rating(rank: int) -> int:
    """EGF-style rating of the middle of a rank: 1k = 2000, 1d = 2100, 20k = 100.

    Professional ranks are placed above 9d, 30 points a pro dan (1p = 2930),
    so that the rating grows with the rank integer.
    """
    if rank <= 8:
        return 2100 + 100 * rank
    return 2900 + 30 * (rank - 8)


def rank_of_rating(rating: int) -> int:
    """The rank a rating falls in (EGF: 2050..2149 is 1d), between 30k and 9d.

    >>> [format_rank(rank_of_rating(r)) for r in (2100, 2049, 2000, 1234, -2000, 3100)]
    ['1d', '1k', '1k', '9k', '30k', '9d']
    """
    return max(WEAKEST, min(8, (rating - 2050) // 100))
