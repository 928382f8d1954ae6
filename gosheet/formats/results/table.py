"""The results of a tournament as every rating body's file lists them: the players in final
order with their places, the ranking criteria, and each round's game seen from the player
(:class:`ResultsTable`), built from the standings of the tournament's own system — OpenGotha's
placement criteria, the seed McMahon (groups, wins, tiebreaks), Swiss (points, tiebreaks) or
FUS (level, coefficient, wins).

Only the players who played a game or had a bye are listed (as OpenGotha does); the line
numbers the games refer to are those of this list.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from gosheet.core.model import Outcome, Player, Result, Tournament
from gosheet.core.opengotha.placement import Placement
from gosheet.core.settings import Settings
from gosheet.core.standings import standings
from gosheet.core.systems import system_of
from gosheet.core.systems.fus_levels import fus_standings

#: OpenGotha's short names of its placement criteria, as results files head their columns.
OG_SHORT = {
    "SOSW": "SOS",
    "SOSM": "SOS",
    "SOSWM1": "SOS-1",
    "SOSMM1": "SOS-1",
    "SOSWM2": "SOS-2",
    "SOSMM2": "SOS-2",
    "SODOSW": "SODOS",
    "SODOSM": "SODOS",
    "SOSOSW": "SOSOS",
    "SOSOSM": "SOSOS",
    "CUSSW": "CUSS",
    "CUSSM": "CUSS",
    "RATING": "RATNG",
}
#: gosheet's tiebreaks, as short names.
TIEBREAK_SHORT = {
    "SOS": "SOS",
    "SODOS": "SODOS",
    "Buchholz": "BUCH",
    "Buchholz cut 1": "BUC-1",
    "Median Buchholz": "MBUCH",
    "Sonneborn-Berger": "SB",
    "Cumulative": "CUSS",
    "Direct encounter": "DE",
    "Wins": "NBW",
}


@dataclass(frozen=True)
class HalfGame:
    """One round of one player: ``opponent`` the opponent's line (0: no game), ``result``
    ``+`` ``-`` ``=`` (``?``: no result yet), ``forfeit`` when not played on the board,
    ``colour`` ``w`` or ``b`` ("" without a game), ``handicap`` the stones."""

    opponent: int
    result: str
    forfeit: bool = False
    colour: str = ""
    handicap: int = 0
    table: int = 0

    def text(self, *, slash: bool = True, drop_forfeit: bool = False) -> str:
        """OpenGotha's notation: ``12+/w0``, ``3-!b2``, ``0+`` (a round without a game)."""
        if self.opponent == 0:
            return f"0{self.result}   "  # no type, colour nor handicap
        if self.forfeit and drop_forfeit:
            return "0="
        kind = ("!" if self.forfeit else "/") if slash else ""
        return f"{self.opponent}{self.result}{kind}{self.colour}{self.handicap}"


@dataclass(frozen=True)
class ResultLine:
    """A player's line: ``place`` is shared with the line above when ``tied``."""

    line: int
    place: int
    tied: bool
    player: Player
    values: tuple[Fraction, ...]
    rounds: tuple[HalfGame, ...]
    ids: Mapping[str, str] = field(default_factory=dict)  # "ffg", "aga": from the workbook


@dataclass(frozen=True)
class ResultsTable:
    settings: Settings
    criteria: tuple[str, ...]  # short names of the ranking columns
    lines: tuple[ResultLine, ...]
    rounds: int
    short_name: str = ""
    size: int = 19
    handicap_correction: int | None = None  # None: no handicap rule to tell

    def dates(self, today: dt.date) -> tuple[dt.date, dt.date]:
        days = self.settings.dates
        return (days[0], days[-1]) if days else (today, today)


def _sign(points: Fraction) -> str:
    return "+" if points >= 1 else "=" if points > 0 else "-"


_WHITE_SIGN = {
    Result.WHITE_WINS: ("+", "-"),
    Result.BLACK_WINS: ("-", "+"),
    Result.JIGO: ("=", "="),
    Result.BOTH_LOSE: ("-", "-"),
    Result.BOTH_WIN: ("+", "+"),
    Result.WHITE_WINS_BY_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
    Result.BOTH_LOSE_BY_FORFEIT: ("-", "-"),
    Result.JIGO_BY_FORFEIT: ("=", "="),
    Result.BOTH_WIN_BY_FORFEIT: ("+", "+"),
}


def _non_game_points(settings: Settings, outcome: Outcome) -> Fraction:
    """The points of a round without a game: OpenGotha's MMS (McMahon) or NBW (Swiss)
    values, gosheet's bye and absent points, FUS's bye (a win) and absence (nothing)."""
    bye = outcome is Outcome.BYE
    if system_of(settings).opengotha:
        og = settings.opengotha
        if settings.system == "mcmahon":
            return og.mms_bye if bye else og.mms_absent
        return og.nbw_bye if bye else og.nbw_absent
    if settings.system == "fus":
        return Fraction(1 if bye else 0)
    return settings.bye_points if bye else settings.absent_points


def _ordered(t: Tournament) -> list[tuple[int, tuple[int, ...], tuple[Fraction, ...]]]:
    """(player, tie key, criteria values) in the order of the system's standings; the tie
    key is the same for players sharing a place."""
    if system_of(t.settings).opengotha:
        rows = Placement(t).standings(len(t.rounds) - 1)
        return [(s.number, (s.place,), s.values) for s in rows]
    if t.settings.system == "fus":
        return [
            (
                r.player.number,
                (r.place,),
                (Fraction(r.record.level), Fraction(r.coefficient), Fraction(r.record.wins)),
            )
            for r in fus_standings(t)
        ]
    mcmahon = t.settings.system == "mcmahon"
    return [
        (
            r.player.number,
            (r.group, r.place),
            (r.record.wins if mcmahon else r.record.score, *r.tiebreaks),
        )
        for r in standings(t).rows
    ]


def criteria_names(settings: Settings) -> tuple[str, ...]:
    """The short names of the ranking columns of a tournament's system."""
    if system_of(settings).opengotha:
        names = [c.upper().replace("-", "M") for c in settings.opengotha.placement]
        return tuple(OG_SHORT.get(n, n) for n in names if n != "NULL")
    if settings.system == "fus":
        return ("LEVEL", "COEF", "NBW")
    first = "NBW" if settings.system == "mcmahon" else "PTS"
    return (first, *(TIEBREAK_SHORT[n] for n in settings.tiebreaks))


def results_table(
    t: Tournament,
    ids: Mapping[int, Mapping[str, str]] | None = None,
    *,
    short_name: str = "",
    size: int = 19,
) -> ResultsTable:
    """The results of ``t``: its players who played (or had a bye) in final order."""
    implied = {p for rnd in t.rounds for g in rnd.games for p in (g.white, g.black)}
    implied |= {p for rnd in t.rounds for p in rnd.byes}
    ordered = [row for row in _ordered(t) if row[0] in implied]
    line_of = {number: k for k, (number, _, _) in enumerate(ordered, start=1)}
    lines: list[ResultLine] = []
    previous: tuple[int, ...] | None = None
    for k, (number, key, values) in enumerate(ordered, start=1):
        tied = key == previous
        place = lines[-1].place if tied else k
        previous = key
        halves = []
        for rnd in t.rounds:
            game = rnd.game_of(number)
            if game is None:
                outcome = rnd.outcome_for(number)
                halves.append(HalfGame(0, _sign(_non_game_points(t.settings, outcome))))
                continue
            white = number == game.white
            sign = "?" if game.result is None else _WHITE_SIGN[game.result][0 if white else 1]
            halves.append(
                HalfGame(
                    line_of[game.opponent_of(number)],
                    sign,
                    game.result is not None and game.result.by_forfeit,
                    "w" if white else "b",
                    game.handicap,
                    game.table,
                )
            )
        lines.append(
            ResultLine(
                k,
                place,
                tied,
                t.player(number),
                values,
                tuple(halves),
                dict((ids or {}).get(number, {})),
            )
        )
    correction: int | None = None
    if system_of(t.settings).opengotha:
        correction = t.settings.opengotha.hd_correction
    return ResultsTable(
        t.settings,
        criteria_names(t.settings),
        tuple(lines),
        len(t.rounds),
        short_name,
        size,
        correction,
    )


def score_text(value: Fraction) -> str:
    """A criterion's value: ``12``, ``12.5``, ``3.25`` (OpenGotha writes ``12½``, which its
    ISO-8859-15 files turn into ``12?``)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
