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

from enum import Enum

from gosheet.core.model import Game, Player, Result, Tournament
from gosheet.core.settings import Settings
from gosheet.records import field, record


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


@record(frozen=False)
class ScoredPlayer:
    """One player's rounds and running scores (index ``r`` = round ``r + 1``)."""

    player: Player
    smms: int
    participation: list[Participation] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)
    sts2: list[int] = field(default_factory=list)  # Strasbourg score (strasbourg_scores)
    cps2: list[int] = field(default_factory=list)  # cup score (cup_scores)

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
        taken2: list[int] = []  # each round's doubled points from its game
        for r in range(count):
            game = seats[r].get(number)
            if game is not None:
                status = paired
                white, black = POINTS2[game.result]
                taken2.append(white if game.white == number else black)
                games_nbw2 += taken2[-1]
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
            if game is None:
                taken2.append(0)
            participation.append(status)
            games.append(game)
            nbw2, mms2 = extra_nbw2, extra_mms2
            if round_down:
                nbw2, mms2 = nbw2 // 2 * 2, mms2 // 2 * 2
            nbw2s.append(games_nbw2 + nbw2)
            mms2s.append(twice_smms + games_nbw2 + mms2)
            sp.cps2.append(nbw2)  # the bye and absent points so far, as NBW counts them
        sp.cps2 = cup_scores(taken2, sp.cps2)
        sp.sts2 = strasbourg_scores(sp.mms2, settings.rounds or count, og.mm_bar)
        scored[number] = sp
    return scored


def cup_scores(points2: list[int], extra2: list[int]) -> list[int]:
    """The doubled cup score (CPS) after each round, as OpenGotha's ``fillBaseScoringInfo``
    (step 2) makes it: the score of the games so far is doubled at each new round, then the
    round's points are added (``points2``, doubled, forfeits included); the bye and absent
    points so far (``extra2``, as they count in NBW: doubled, rounded down if so set) are
    added to each round's value, undoubled. A win in round 1 thus weighs more than any
    number of wins after it, as in a cup, where the first loss decides.

    >>> cup_scores([2, 0, 2], [0, 0, 0])  # won, lost, won: 1, 2, 5 points
    [2, 4, 10]
    >>> cup_scores([0, 2, 2], [0, 2, 2])  # a bye in round 1 (1 point), then two wins
    [0, 4, 8]
    """
    out, games = [], 0
    for taken, extra in zip(points2, extra2, strict=True):
        games = 2 * games + taken
        out.append(games + extra)
    return out


def strasbourg_scores(mms2: list[int], rounds: int, mm_bar: int) -> list[int]:
    """The doubled Strasbourg score (STS) after each round, from the doubled McMahon score
    (OpenGotha's ``fillBaseScoringInfo``, step 2b): the MMS, plus 2 in the last three rounds
    to a player whose MMS after round ``rounds - 2`` is exactly that of a top-group player
    who won every round so far (``2 · (30 + bar + rounds - 2)``: OpenGotha counts from 30k,
    whatever the McMahon zero), and 2 more in the last two rounds if also after round
    ``rounds - 1`` (the winners of the quarter- and semi-finals of a top-group knock-out).
    A round index below 0 or beyond the rounds scored is left alone, as in OpenGotha.

    >>> strasbourg_scores([10, 12, 14, 16, 18], 5, 0)  # 5 rounds, bar 1d, far below it
    [10, 12, 14, 16, 18]
    >>> strasbourg_scores([62, 64, 66, 68, 70], 5, 0)  # won rounds 1-4 from SMMS 30
    [62, 64, 70, 76, 78]
    """
    sts2 = list(mms2)

    def mms_after(r: int) -> int:
        return mms2[r] if 0 <= r < len(mms2) else 0

    def bonus(first: int) -> None:
        for r in range(first, rounds):
            if 0 <= r < len(sts2):
                sts2[r] += 4

    if mms_after(rounds - 3) == 2 * (30 + mm_bar + rounds - 2):
        bonus(rounds - 3)
    if mms_after(rounds - 2) == 2 * (30 + mm_bar + rounds - 1):
        bonus(rounds - 2)
    return sts2
