"""The results of a tournament as every rating body's file lists them: the players in final
order with their places, the ranking criteria, and each round's game seen from the player
(:class:`ResultsTable`), built from the standings of the tournament's own system — OpenGotha's
placement criteria, the seed McMahon (groups, wins, tiebreaks), Swiss (points, tiebreaks) or
FUS (level, coefficient, wins).

Only the players who played a game or had a bye are listed (as OpenGotha's
``Tournament.isPlayerImplied``: a player whose only round was a bye too); the line numbers the
games refer to are those of this list. A round without a game is written as OpenGotha's
``ScoredPlayer.halfGamesStrings`` writes it (:func:`no_game_sign`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from fractions import Fraction

from gosheet.core.model import Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.standings_table import StandingsModel, exact, standings_model
from gosheet.core.systems import system_of
from gosheet.records import field, record

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


@record
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

    def text(self, *, slash: bool = True, drop_forfeit: bool = False, full: bool = True) -> str:
        """OpenGotha's notation: ``12+/w0``, ``3-!b2``, ``0+`` (a round without a game);
        not ``full`` (OpenGotha's short game format): ``12+``, without colour nor handicap —
        but a forfeit keeps its ``!`` (OpenGotha's short format drops it, and the EGD would
        rate the game)."""
        if self.opponent == 0:
            return f"0{self.result}   "  # no type, colour nor handicap
        if self.forfeit and drop_forfeit:
            return "0="
        kind = ("!" if self.forfeit else "/") if slash else ""
        if not full:
            return f"{self.opponent}{self.result}{'!' if self.forfeit and slash else ''}"
        return f"{self.opponent}{self.result}{kind}{self.colour}{self.handicap}"


@record
class ResultLine:
    """A player's line: ``place`` is shared with the line above when ``tied``."""

    line: int
    place: int
    tied: bool
    player: Player
    values: tuple[Fraction, ...]
    rounds: tuple[HalfGame, ...]
    ids: Mapping[str, str] = field(default_factory=dict)  # "ffg", "aga": from the workbook


@record
class ResultsTable:
    settings: Settings
    criteria: tuple[str, ...]  # short names of the ranking columns
    lines: tuple[ResultLine, ...]
    rounds: int
    short_name: str = ""
    size: int = 19
    handicap_correction: int | None = None  # None: no handicap rule to tell
    internet: bool = False  # played on the internet: the EGF class is D (or X)
    full_games: bool = True  # OpenGotha's game format: full (12+/w0) or short (12+)
    games: int = 0  # the games of every round, as OpenGotha's table of games holds them
    #: every player of the tournament in the standings' order, listed or not (the AGA file
    #: names them all, as OpenGotha does), with his ids
    roster: tuple[tuple[Player, Mapping[str, str]], ...] = ()
    #: an OpenGotha file's first and last day that Settings could not hold (the last day
    #: before the first), written as OpenGotha writes them when Settings gives no dates
    file_dates: tuple[dt.date, dt.date] | None = None
    #: pair go and rengo: the units' games left out (no rating body rates them)
    left_out: int = 0

    def dates(self, today: dt.date) -> tuple[dt.date, dt.date]:
        """The first and last day: the settings', else the OpenGotha file's, else today."""
        days = self.settings.dates
        if days:
            return days[0], days[-1]
        return self.file_dates or (today, today)


def _sign(points: Fraction) -> str:
    return "+" if points >= 1 else "=" if points > 0 else "-"


def no_game_sign(t: Tournament, player: Player, rnd: Round) -> str:
    """The result of a round ``player`` has no game in (``0+``, ``0=``, ``0-``), as
    OpenGotha's ``ScoredPlayer.halfGamesStrings`` writes it: a bye or an absence by the
    points it is worth (``genMMS2ValueBye``/``Absent`` under McMahon, ``genNBW2…`` under
    Swiss: 1 ``+``, ½ ``=``, 0 ``-``); a player registered for the round but left unpaired
    (OpenGotha's "not assigned", worth nothing) ``-``. Under gosheet's rules, such a player
    scores as absent (docs/systems.md): the sign of the points the standings gave."""
    system = system_of(t.settings)
    bye = player.number in rnd.byes
    if system.opengotha and not bye and player.plays_in(rnd.number):
        return "-"
    return _sign(system.unplayed_points(t.settings, bye=bye))


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


#: The short names of the ranking columns, by the standings' keys (gosheet's columns,
#: OpenGotha's criteria); a key of none is its own short name.
SHORT_NAMES: dict[str, str] = {
    **OG_SHORT,
    **TIEBREAK_SHORT,
    "Points": "PTS",
    "Level": "LEVEL",
    "FUS coefficient": "COEF",
}


def criteria_names(model: StandingsModel) -> tuple[str, ...]:
    """The short names of the columns that rank the players."""
    keys = model.keys
    return tuple(SHORT_NAMES.get(keys[k], keys[k]) for k in model.criteria)


def results_table(
    t: Tournament,
    ids: Mapping[int, Mapping[str, str]] | None = None,
    *,
    short_name: str = "",
    size: int = 19,
    internet: bool = False,
    full_games: bool = True,
) -> ResultsTable:
    """The results of ``t``: its players who played (or had a bye) in final order."""
    implied = {p for rnd in t.rounds for g in rnd.games for p in (g.white, g.black)}
    implied |= {p for rnd in t.rounds for p in rnd.byes}
    model = standings_model(t, len(t.rounds))
    ordered = [row for row in model.rows if row.player.number in implied]
    line_of = {row.player.number: k for k, row in enumerate(ordered, start=1)}
    lines: list[ResultLine] = []
    previous: tuple[int | None, int] | None = None
    for k, row in enumerate(ordered, start=1):
        number = row.player.number
        key = (row.group, row.place)
        tied = key == previous
        place = lines[-1].place if tied else k
        previous = key
        values = tuple(exact(row.values[c]) for c in model.criteria)
        halves = []
        for rnd in t.rounds:
            game = rnd.game_of(number)
            if game is None:
                halves.append(HalfGame(0, no_game_sign(t, t.player(number), rnd)))
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
        criteria_names(model),
        tuple(lines),
        len(t.rounds),
        short_name,
        size,
        correction,
        internet,
        full_games,
        sum(len(rnd.games) for rnd in t.rounds),
        tuple((row.player, dict((ids or {}).get(row.player.number, {}))) for row in model.rows),
    )


def score_text(value: Fraction) -> str:
    """A criterion's value: ``12``, ``12.5``, ``3.25`` (OpenGotha writes ``12½``, which its
    ISO-8859-15 files turn into ``12?``)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
