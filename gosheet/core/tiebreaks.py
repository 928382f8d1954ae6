"""Tiebreaks, registered by the name the Settings sheet uses.

Each is a function of one player's record and everybody's records, except
"Direct encounter", which needs the tied players (:mod:`gosheet.core.standings`).
Unplayed games and technical wins add 0 (seed: "Для не сыгранных игр и
технических побед … к сумме добавлялся 0"; for Swiss, systems.md §3 [D]).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm

from gosheet.core.model import Outcome
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.settings_fields import TIEBREAK_NAMES

Tiebreak = Callable[[PlayerRecord, Mapping[int, PlayerRecord]], Fraction]
ZERO = Fraction(0)
DIRECT_ENCOUNTER = "Direct encounter"


_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)


def opponent_scores(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> list[Fraction]:
    """One value a round: the final score of the opponent of a game played on
    the board, 0 for a round without one (bye, forfeit, absence)."""
    return [
        everyone[e.opponent].score if e.outcome in _PLAYED and e.opponent is not None else ZERO
        for e in record.entries
    ]


def exact_sum(values: Sequence[Fraction]) -> Fraction:
    """The sum of ``values``, added as whole numbers of their least common denominator: the
    same fraction as ``sum``, without a fraction made at each step (a big field's
    tiebreaks add some hundred thousand).

    >>> exact_sum([Fraction(1, 2), Fraction(3), Fraction(1, 3)])
    Fraction(23, 6)
    """
    unit = lcm(*[v.denominator for v in values])
    return Fraction(sum(v.numerator * (unit // v.denominator) for v in values), unit)


def sos(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """SOS, Buchholz: the sum of the scores (McMahon: MMS) of all opponents
    played, whatever the result (seed: "сумма всех очков ММ соперников")."""
    return exact_sum(opponent_scores(record, everyone))


def buchholz_cut_1(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """Buchholz without the lowest of its values (one a round)."""
    values = sorted(opponent_scores(record, everyone))
    return exact_sum(values[1:])


def median_buchholz(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """Buchholz without the highest and the lowest of its values."""
    values = sorted(opponent_scores(record, everyone))
    return exact_sum(values[1:-1])


def sodos(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """SODOS, Sonneborn–Berger: the scores of the opponents beaten, plus half
    of those drawn with (seed: "коэффициент Бергера")."""
    beaten: list[Fraction] = []
    drawn: list[Fraction] = []
    for e in record.entries:
        if e.opponent is None:
            continue
        if e.outcome is Outcome.WIN:
            beaten.append(everyone[e.opponent].score)
        elif e.outcome is Outcome.JIGO:
            drawn.append(everyone[e.opponent].score)
    return exact_sum(beaten) + exact_sum(drawn) / 2 if drawn else exact_sum(beaten)


def cumulative(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """The sum of the player's running score after each round (without the
    starting score): early points weigh more."""
    running, total = ZERO, ZERO
    for gained in record.gains:
        running += gained
        total += running
    return total


def wins(record: PlayerRecord, everyone: Mapping[int, PlayerRecord]) -> Fraction:
    """Games won, on the board or by forfeit, and byes."""
    won = (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.BYE)
    return Fraction(sum(1 for e in record.entries if e.outcome in won))


REGISTRY: dict[str, Tiebreak] = {
    "SOS": sos,
    "SODOS": sodos,
    "Buchholz": sos,
    "Buchholz cut 1": buchholz_cut_1,
    "Median Buchholz": median_buchholz,
    "Sonneborn-Berger": sodos,
    "Cumulative": cumulative,
    "Wins": wins,
}

assert set(REGISTRY) | {DIRECT_ENCOUNTER} == set(TIEBREAK_NAMES)
