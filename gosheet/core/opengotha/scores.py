"""The scores OpenGotha's pairing and placement read, round by round: how each player took
part in each round, wins (NBW) and McMahon score (MMS).

Like OpenGotha, scores are kept doubled (``nbw2``, ``mms2``) so that half points stay
integers, and rounds are indexed from 0: ``nbw2[r]`` is the score after round ``r + 1``.
:meth:`ScoredPlayer.nbw2_after` and :meth:`ScoredPlayer.mms2_after` also answer for
``r = -1`` (before the first round).

>>> from gosheet.core.model import Game, Player, Result, Round, Tournament
>>> from gosheet.core.settings import Settings
>>> t = Tournament(
...     Settings(rules="opengotha", rounds=3),
...     (Player(1, "Lee", rank=-5), Player(2, "Kim", rank=2), Player(3, "Ito", rank=-25)),
...     (Round(1, (Game(1, 2, 1, result=Result.WHITE_WINS),), byes=(3,)),),
... )
>>> scored = score_players(t)
>>> [(s.smms, s.mms2_after(0), s.nbw2_after(0)) for s in scored.values()]
[(25, 50, 0), (32, 66, 2), (10, 22, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gosheet.core.model import Game, Player, Result, Tournament
from gosheet.core.settings import Settings


class Participation(Enum):
    """How a player took part in one round (OpenGotha's ``ScoredPlayer`` statuses)."""

    ABSENT = "absent"  # not participating in the round
    NOT_ASSIGNED = "not assigned"  # participating, neither paired nor bye
    PAIRED = "paired"
    BYE = "bye"


#: Doubled points of (White, Black) for each result; no result yet scores nothing.
POINTS2: dict[Result | None, tuple[int, int]] = {
    None: (0, 0),
    Result.WHITE_WINS: (2, 0),
    Result.BLACK_WINS: (0, 2),
    Result.JIGO: (1, 1),
    Result.BOTH_LOSE: (0, 0),
    Result.WHITE_WINS_BY_FORFEIT: (2, 0),
    Result.BLACK_WINS_BY_FORFEIT: (0, 2),
    Result.BOTH_LOSE_BY_FORFEIT: (0, 0),
    Result.BOTH_WIN: (2, 2),
    Result.JIGO_BY_FORFEIT: (1, 1),
    Result.BOTH_WIN_BY_FORFEIT: (2, 2),
}


def points2(game: Game, player: int) -> int:
    """The doubled points ``player`` took from ``game`` (OpenGotha's ``getWX2``)."""
    white, black = POINTS2[game.result]
    return white if game.white == player else black


def smms(player: Player, settings: Settings) -> int:
    """Starting McMahon score: the rank clamped to floor and bar, counted from the zero,
    plus the player's correction."""
    og = settings.opengotha
    rank = max(og.mm_floor, min(og.mm_bar, player.known_rank))
    return rank - og.mm_zero + player.mms_correction


@dataclass
class ScoredPlayer:
    """One player's rounds and running scores (index ``r`` = round ``r + 1``)."""

    player: Player
    smms: int
    participation: list[Participation] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.player.number

    def nbw2_after(self, r: int) -> int:
        return self.nbw2[r] if r >= 0 else 0

    def mms2_after(self, r: int) -> int:
        return self.mms2[r] if r >= 0 else 2 * self.smms

    def opponent(self, r: int) -> int | None:
        game = self.games[r]
        return None if game is None else game.opponent_of(self.number)


def score_players(t: Tournament, rounds: int | None = None) -> dict[int, ScoredPlayer]:
    """Every player's participation, games, NBW and MMS in rounds ``1 .. rounds`` (default:
    the rounds paired so far), by player number, in roster order."""
    settings = t.settings
    count = len(t.rounds) if rounds is None else rounds
    by_number = {r.number: r for r in t.rounds}
    seats: list[dict[int, Game]] = []  # each round's game of each player (the last listed)
    byes: list[frozenset[int]] = []  # each round's byes (none for a round not paired)
    for number in range(1, count + 1):
        played = by_number.get(number)
        seat: dict[int, Game] = {}
        if played is not None:
            for g in played.games:
                seat[g.white] = seat[g.black] = g
        seats.append(seat)
        byes.append(frozenset(played.byes) if played is not None else frozenset())
    og = settings.opengotha
    bye_nbw2, bye_mms2 = int(og.nbw_bye * 2), int(og.mms_bye * 2)
    absent_nbw2, absent_mms2 = int(og.nbw_absent * 2), int(og.mms_absent * 2)
    round_down = og.round_down
    paired, bye, absent = Participation.PAIRED, Participation.BYE, Participation.ABSENT
    not_assigned = Participation.NOT_ASSIGNED
    scored: dict[int, ScoredPlayer] = {}
    for p in t.players:
        number, away = p.number, p.not_playing
        sp = ScoredPlayer(p, smms(p, settings))
        twice_smms = 2 * sp.smms
        participation, games, nbw2s, mms2s = sp.participation, sp.games, sp.nbw2, sp.mms2
        games_nbw2 = extra_nbw2 = extra_mms2 = 0
        for r in range(count):
            game = seats[r].get(number)
            if game is not None:
                status = paired
                white, black = POINTS2[game.result]
                games_nbw2 += white if game.white == number else black
            elif number in byes[r]:
                status = bye
                extra_nbw2 += bye_nbw2
                extra_mms2 += bye_mms2
            elif r + 1 in away:
                status = absent
                extra_nbw2 += absent_nbw2
                extra_mms2 += absent_mms2
            else:
                status = not_assigned
            participation.append(status)
            games.append(game)
            nbw2, mms2 = extra_nbw2, extra_mms2
            if round_down:
                nbw2, mms2 = nbw2 // 2 * 2, mms2 // 2 * 2
            nbw2s.append(games_nbw2 + nbw2)
            mms2s.append(twice_smms + games_nbw2 + mms2)
        scored[number] = sp
    return scored
