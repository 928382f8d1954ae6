"""OpenGotha's Strasbourg score (STS, SOSTS) and cup score (CPS), and V4's Breizh criteria
kept but not computed (gosheet.core.opengotha: scores, placement, info, parameters).

Every expected number is computed by hand in the comments, in OpenGotha's units: scores
doubled ("x2"). The same criteria against OpenGotha itself:
tests/formats/test_opengotha_criteria.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.opengotha.info import main_criterion, pairing_info, score_range
from gosheet.core.opengotha.parameters import OpenGothaParameters
from gosheet.core.opengotha.placement import Placement
from gosheet.core.opengotha.scores import cup_scores, score_players, strasbourg_scores
from gosheet.core.opengotha.values import parse_criteria
from gosheet.core.settings import Settings
from gosheet.core.standings_table import standings_model

W, B, J = Result.WHITE_WINS, Result.BLACK_WINS, Result.JIGO


def _rnd(number: int, *games: tuple[int, int, int, Result], byes: tuple[int, ...] = ()) -> Round:
    """A round from (white, black, handicap, result) tuples."""
    return Round(
        number, tuple(Game(i + 1, w, b, h, result=r) for i, (w, b, h, r) in enumerate(games)), byes
    )


def _values(table: Placement, name: str, r: int) -> list[int]:
    return [table.value(n, name, r) for n in sorted(table.scored)]


# ------------------------------------------------------------------------- the cup score
# Swiss, 3 rounds, no bye. CPS x2 after each round: the score so far doubled, plus the round's.
#   R1: Abe beats Baker, Cole beats Dunn    R2: Cole beats Abe, Baker beats Dunn
#   R3: Abe beats Dunn, Cole and Baker jigo
#   Abe   2 | 2·2 + 0 = 4 | 2·4 + 2 = 10  (5)      Baker 0 | 0 + 2 = 2 | 2·2 + 1 = 5  (2½)
#   Cole  2 | 2·2 + 2 = 6 | 2·6 + 1 = 13  (6½)     Dunn  0 | 0         | 0
CUP = Tournament(
    Settings(rules="opengotha", system="swiss", rounds=3).replace(placement=("CPS", "NBW")),
    (
        Player(1, "Abe", rank=1),
        Player(2, "Baker", rank=0),
        Player(3, "Cole", rank=-1),
        Player(4, "Dunn", rank=-2),
    ),
    (
        _rnd(1, (1, 2, 0, W), (3, 4, 0, W)),
        _rnd(2, (1, 3, 0, B), (2, 4, 0, W)),
        _rnd(3, (1, 4, 0, W), (3, 2, 0, J)),
    ),
)


def test_the_cup_score_doubles_the_score_so_far_each_round() -> None:
    table = Placement(CUP)
    assert _values(table, "CPS", 0) == [2, 0, 2, 0]
    assert _values(table, "CPS", 1) == [4, 2, 6, 0]
    assert _values(table, "CPS", 2) == [10, 5, 13, 0]
    assert _values(table, "CPS", -1) == [0, 0, 0, 0]  # before round 1
    # Cole 6½ is first though Abe has as many wins (2½ against 2: NBW comes after CPS)
    rows = table.standings(2)
    assert [(s.number, s.values) for s in rows] == [
        (3, (Fraction(13, 2), Fraction(5, 2))),
        (1, (Fraction(5), Fraction(2))),
        (2, (Fraction(5, 2), Fraction(3, 2))),
        (4, (Fraction(0), Fraction(0))),
    ]


def test_bye_and_absent_points_add_to_the_cup_score_undoubled() -> None:
    # Eve: bye in round 1 (1 point: x2 2), absent in round 2 (0), wins round 3.
    # Games doubled: 0, 0, 2 -> 0, 0, 2; bye points so far (as NBW, rounded down): 2, 2, 2.
    eve = Player(5, "Eve", rank=-3, not_playing=frozenset({2}))
    t = Tournament(
        CUP.settings,
        (*CUP.players, eve),
        (
            _rnd(1, (1, 2, 0, W), (3, 4, 0, W), byes=(5,)),
            _rnd(2, (1, 3, 0, B), (2, 4, 0, W)),
            _rnd(3, (1, 5, 0, B), (3, 2, 0, J), byes=(4,)),
        ),
    )
    assert score_players(t)[5].cps2 == [2, 2, 4]
    assert score_players(t)[4].cps2 == [0, 0, 2]  # Dunn's bye of round 3
    assert cup_scores([2, 0, 2], [0, 2, 2]) == [2, 6, 12]


def test_a_cup_score_first_makes_the_pairing_groups() -> None:
    """OpenGotha's ``mainCriterion``: the first of NBW, MMS and CPS; its groups, from 0 to
    2^(round - 1), by the cup score halved."""
    assert main_criterion(CUP.settings) == "CPS"
    assert score_range(CUP.settings, 3) == (0, 4)
    assert score_range(CUP.settings, 4) == (0, 8)
    t = Tournament(CUP.settings.replace(rounds=4), CUP.players, CUP.rounds)
    scored = score_players(t, 4)
    info = pairing_info(t.settings, 4, t.players, scored, Placement(t, scored).column)
    # CPS halved after round 3: Abe 5, Baker 2, Cole 6, Dunn 0 -> groups from the top (8)
    assert list(info.group) == [8 - 5, 8 - 2, 8 - 6, 8 - 0]
    swiss = CUP.settings.replace(placement=("NBW", "CPS"))
    assert main_criterion(swiss) == "NBW"
    assert main_criterion(CUP.settings.replace(placement=("STS", "SOSTS"))) == "NBW"


# -------------------------------------------------------------------- the Strasbourg score
# McMahon, 4 rounds, bar 1d (0), zero 30k: SMMS of the top group 30 (x2 60).
# OpenGotha's bonus: MMS x2 after round 4 - 2 = 2 equal to 2·(30 + 0 + 2) = 64 -> +4 (x2)
# in rounds 2, 3, 4; MMS x2 after round 3 equal to 2·(30 + 0 + 3) = 66 -> +4 more in 3, 4.
#   Abe 2d (SMMS 30) wins all: MMS x2 62 64 66 68 -> STS 62, 68, 74, 76 (38)
#   Baker 1d (30) wins R1, R2, loses R3 to Abe, wins R4: MMS 62 64 64 66 -> 62, 68, 68, 70
#   Cole 1k (29), Dunn 2k (28), Egan 3k (27): no bonus, STS = MMS
STRASBOURG = Tournament(
    Settings(rules="opengotha", system="mcmahon", rounds=4).replace(
        mm_bar=0, placement=("STS", "SOSTS")
    ),
    (
        Player(1, "Abe", rank=1),
        Player(2, "Baker", rank=0),
        Player(3, "Cole", rank=-1),
        Player(4, "Dunn", rank=-2),
        Player(5, "Egan", rank=-3),
    ),
    (
        _rnd(1, (1, 3, 0, W), (2, 4, 0, W), byes=(5,)),
        _rnd(2, (1, 4, 0, W), (2, 5, 0, W), byes=(3,)),
        _rnd(3, (1, 2, 0, W), (3, 5, 2, B), byes=(4,)),
        _rnd(4, (1, 5, 0, W), (2, 3, 0, W), byes=(4,)),
    ),
)


def test_the_top_group_winners_of_the_last_rounds_get_the_bonus() -> None:
    scored = score_players(STRASBOURG)
    assert scored[1].mms2 == [62, 64, 66, 68]
    assert scored[1].sts2 == [62, 68, 74, 76]
    assert scored[2].mms2 == [62, 64, 64, 66]
    assert scored[2].sts2 == [62, 68, 68, 70]
    assert scored[3].sts2 == scored[3].mms2  # from below the bar: no bonus
    table = Placement(STRASBOURG)
    assert _values(table, "STS", -1) == [60, 60, 58, 56, 54]  # before round 1: 2·SMMS
    assert [s.number for s in table.standings(3)][:2] == [1, 2]


def test_the_bonus_counts_from_30k_whatever_the_zero() -> None:
    """OpenGotha compares with 2·(30 + bar + rounds - 2), not with the McMahon zero: with
    the zero at 20k the same winner's MMS is 20 lower, and gets no bonus."""
    settings = STRASBOURG.settings.replace(mm_zero=-20)
    scored = score_players(Tournament(settings, STRASBOURG.players, STRASBOURG.rounds))
    assert scored[1].sts2 == scored[1].mms2 == [42, 44, 46, 48]
    # a round index below 0 (2 rounds: rounds - 3 = -1) reads 0 and is never written
    assert strasbourg_scores([4, 6], 2, -30) == [8, 10]


def test_sosts_sums_the_opponents_sts_with_the_handicap() -> None:
    """As SOSM: the opponent's STS ± 2 × handicap (+ as White), the player's own SMMS for a
    round without a game."""
    table = Placement(STRASBOURG)
    scored = table.scored
    sts = {n: sp.sts2[3] for n, sp in scored.items()}  # after round 4
    # Egan: R1 bye (own 54), R2 Baker, R3 Black against Cole who gave 2 (Cole's STS - 4), R4 Abe
    assert table.value(5, "SOSTS", 3) == 54 + sts[2] + (sts[3] - 4) + sts[1]
    # Cole: R1 Abe, R2 bye (own 58), R3 White giving 2 to Egan (+4), R4 Baker
    assert table.value(3, "SOSTS", 3) == sts[1] + 58 + (sts[5] + 4) + sts[2]
    # "Unplayed games count half": OpenGotha reads the opponents' "virtual" STS, which it
    # never fills: 0, the handicap and the own SMMS of rounds without a game remain.
    half = Placement(Tournament(STRASBOURG.settings.replace(unplayed_half=True), *_rest()))
    assert half.value(5, "SOSTS", 3) == 54 + 0 + (0 - 4) + 0
    assert half.value(3, "SOSTS", 3) == 0 + 58 + (0 + 4) + 0


def _rest() -> tuple[tuple[Player, ...], tuple[Round, ...]]:
    return STRASBOURG.players, STRASBOURG.rounds


def test_the_standings_show_the_strasbourg_columns() -> None:
    model = standings_model(STRASBOURG)
    assert model.keys[-2:] == ("STS", "SOSTS")
    assert model.rows[0].values[-2:] == (Fraction(38), table_sosts(1))


def table_sosts(number: int) -> Fraction:
    return Fraction(Placement(STRASBOURG).value(number, "SOSTS", 3), 2)


# ------------------------------------------------------------- OpenGotha V4's Breizh criteria
def test_breizh_criteria_are_kept_and_ranked_by_the_others() -> None:
    assert parse_criteria("BZS, SOSB, SOSOSB") == ("BZS", "SOSB", "SOSOSB")
    og = OpenGothaParameters(placement=("BZS", "SOSB", "SOSOSB"))
    assert og.ranked_by("swiss") == ("NBW", "SOSW", "SOSOSW")
    assert og.ranked_by("mcmahon") == ("MMS", "SOSM", "SOSOSM")
    assert og.replace(placement=("MMS", "BZS", "SOSM")).ranked_by("mcmahon") == ("MMS", "SOSM")
    t = Tournament(CUP.settings.replace(placement=("BZS", "SOSB", "SOSOSB")), *_cup())
    assert Placement(t).criteria == ("NBW", "SOSW", "SOSOSW")
    assert main_criterion(t.settings) == "NBW"
    assert standings_model(t).keys[-3:] == ("NBW", "SOSW", "SOSOSW")


def _cup() -> tuple[tuple[Player, ...], tuple[Round, ...]]:
    return CUP.players, CUP.rounds


@pytest.mark.parametrize("name", ["BZ", "SOSX", "Breizh"])
def test_other_unknown_criteria_are_still_refused(name: str) -> None:
    with pytest.raises(ValueError, match="unknown placement criterion"):
        parse_criteria(f"MMS, {name}")
