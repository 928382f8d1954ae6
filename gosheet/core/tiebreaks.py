"""Tiebreaks, registered by the name the Settings sheet uses.

Each is a function of one player's record and everybody's records. Unplayed
games and technical wins add 0 (seed: "Для не сыгранных игр и технических
побед … к сумме добавлялся 0").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from gosheet.core.model import Outcome
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.settings import TIEBREAK_NAMES

Tiebreak = Callable[[PlayerRecord, Mapping[int, PlayerRecord]], Fraction]


def sos(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """SOS, Buchholz: the sum of the McMahon scores of all opponents played,
    whatever the result (seed: "сумма всех очков ММ соперников")."""
    return sum(
        (
            everyone[e.opponent].score
            for e in record.entries
            if e.outcome.played and e.opponent is not None
        ),
        Fraction(0),
    )


def sodos(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """SODOS: the McMahon scores of the opponents beaten, plus half of those
    drawn with (seed: "коэффициент Бергера")."""
    total = Fraction(0)
    for e in record.entries:
        if e.opponent is None:
            continue
        if e.outcome is Outcome.WIN:
            total += everyone[e.opponent].score
        elif e.outcome is Outcome.JIGO:
            total += everyone[e.opponent].score / 2
    return total


REGISTRY: dict[str, Tiebreak] = {"SOS": sos, "SODOS": sodos}

assert tuple(REGISTRY) == TIEBREAK_NAMES
