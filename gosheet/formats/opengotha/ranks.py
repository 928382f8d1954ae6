"""A player's rank as OpenGotha reads it from its file (``Player.convertKDPToInt``).

OpenGotha takes the number before the last letter: ``K`` is a kyu rank, ``D`` a dan rank,
``P`` a professional one (1P–3P as 7D, 4P–6P as 8D, beyond as 9D), any other letter a kyu
rank; the rank is then held between 30K and 9D. A rank it cannot read at all it holds as
-99, writes as ``99K``, and reads back as 30K — which is how ``99K`` comes to be in real files.

>>> [file_rank(text) for text in ("3k", "99K", "12D", "0d", "abc")]
[(-3, False), (-30, True), (8, True), (-1, True), (-30, True)]
"""

from __future__ import annotations

import re

from gosheet.core.ranks import WEAKEST, RankError, parse_rank

__all__ = ["file_rank", "kdp_to_int"]

UNREADABLE = -99
"""What OpenGotha holds for a rank it cannot read (written ``99K``)."""
_STRONGEST = 8  # 9D
_NUMBER = re.compile(r"[+-]?[0-9]+")


def kdp_to_int(text: str) -> int:
    """OpenGotha's ``Player.convertKDPToInt``: -30 (30K) to 8 (9D), or -99 (unreadable)."""
    draft = text.strip() or " "
    number, letter = draft[:-1], draft[-1]
    if not _NUMBER.fullmatch(number):
        return UNREADABLE
    n = int(number)
    if letter in "dD":
        rank = n - 1
    elif letter in "pP":
        rank = 6 if n <= 3 else 7 if n <= 6 else 8
    else:  # K, or any other letter
        rank = -n
    return max(WEAKEST, min(_STRONGEST, rank))


def file_rank(text: str) -> tuple[int, bool]:
    """The rank of a player of an OpenGotha file, and whether it was read otherwise than
    written: gosheet's own reading (30K to 9D, 1P to 9P) where it applies, else OpenGotha's
    (:func:`kdp_to_int`; an unreadable rank is 30K, as OpenGotha reads back what it saves)."""
    try:
        return parse_rank(text.strip()), False
    except RankError:
        return max(WEAKEST, kdp_to_int(text)), True
