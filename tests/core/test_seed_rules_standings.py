"""The seed of the McMahon system (docs/systems.md §A, Russian), sentence by sentence.

This part: the standings (Подведение итогов) and the coefficients (Расчет
коэффициентов).

Each test quotes the sentence it checks in its docstring and says in English
what it checks. Tournaments are built directly with the pure core; every
expected number is worked out by hand in the test.
"""

from __future__ import annotations

from fractions import Fraction as F

from support.mcmahon import player, tournament

from gosheet.core.model import Game, Result, Round, Tournament
from gosheet.core.standings import standings

# ---------------------------------------------------------------- Подведение итогов


def five_player_event() -> Tournament:
    """Groups "1d": A 3d, B 1d start at 1; C 2k, E 5k, D 10k start at 0.

    R1: A beats B; C–D jigo; E bye.
    R2: C beats A; B wins by forfeit against E (E did not come); D absent.
    R3: A–D jigo; C beats B; E absent.

    MMS: A 1+1+0+½ = 2½; B 1+0+1+0 = 2; C 0+½+1+1 = 2½; D 0+½+½+½ = 1½;
    E 0+1+½+½ = 2.  Wins: A 1½, B 1, C 2½, D 1, E 1.
    SOS (games played on the board only): A = B+C+D = 2+2½+1½ = 6;
    B = A+C = 5; C = D+A+B = 1½+2½+2 = 6; D = C+A = 5; E = 0.
    SODOS: A = B + ½D = 2 + ¾ = 2¾; B = 0 (the forfeit win adds 0);
    C = ½D + A + B = ¾ + 2½ + 2 = 5¼; D = ½C + ½A = 1¼ + 1¼ = 2½; E = 0.
    """
    players = [
        player(1, "A", "3d"),
        player(2, "B", "1d"),
        player(3, "C", "2k"),
        player(4, "D", "10k", not_playing=(2,)),
        player(5, "E", "5k", not_playing=(3,)),
    ]
    rounds = (
        Round(
            1, (Game(1, 1, 2, result=Result.WHITE_WINS), Game(2, 3, 4, result=Result.JIGO)), (5,)
        ),
        Round(
            2,
            (
                Game(1, 1, 3, result=Result.BLACK_WINS),
                Game(2, 2, 5, result=Result.WHITE_WINS_BY_FORFEIT),
            ),
        ),
        Round(3, (Game(1, 1, 4, result=Result.JIGO), Game(2, 2, 3, result=Result.BLACK_WINS))),
    )
    t = tournament(players, groups="1d", rounds=3)
    for rnd in rounds:
        t = t.with_round(rnd)
    return t


def test_standings_made_per_group() -> None:
    """«Итоги подводятся для каждой группы отдельно.»

    C has the most wins (2½) but is in the lower group: the table lists group 1
    (A, B) then group 2 (C, D, E), and places start again at 1 in group 2.
    """
    rows = standings(five_player_event()).rows
    assert [(r.player.number, r.group, r.place) for r in rows] == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 2, 1),
        (4, 2, 2),
        (5, 2, 3),
    ]
    assert [r.number for r in rows] == [1, 2, 3, 4, 5]


def test_standings_by_wins_then_sos() -> None:
    """«При подведении итогов учитываются показатели: количество побед, коэффициент Бухгольца,
    коэффициент Бергера.»

    In group 2, C (2½ wins) is first; D and E have 1 win each, and D (SOS 5)
    is above E (SOS 0), although E is stronger and has more MMS.
    """
    rows = standings(five_player_event()).rows
    values = {r.player.number: (r.record.wins, *r.tiebreaks) for r in rows}
    assert values == {
        1: (F(3, 2), 6, F(11, 4)),
        2: (1, 5, 0),
        3: (F(5, 2), 6, F(21, 4)),
        4: (1, 5, F(5, 2)),
        5: (1, 0, 0),
    }
    assert [r.player.number for r in rows if r.group == 2] == [3, 4, 5]


def test_standings_sodos_after_sos() -> None:
    """«При подведении итогов учитываются показатели: количество побед, коэффициент Бухгольца,
    коэффициент Бергера.»

    Groups "1d": P 2d starts at 1; X 5k, Y 1k, Q 10k at 0. R1: X beats P, Y
    beats Q; R2: Q beats X, P beats Y. MMS: P 2, Q 1, X 1, Y 1. X and Y have 1
    win and SOS 3 each; SODOS X = 2 (beat P), Y = 1 (beat Q): X is above Y
    although Y is stronger. Q (1 win, SOS 2, SODOS 1) is third.
    """
    players = [
        player(1, "P", "2d"),
        player(2, "X", "5k"),
        player(3, "Y", "1k"),
        player(4, "Q", "10k"),
    ]
    t = tournament(players, groups="1d", rounds=2)
    t = t.with_round(
        Round(1, (Game(1, 2, 1, result=Result.WHITE_WINS), Game(2, 3, 4, result=Result.WHITE_WINS)))
    )
    t = t.with_round(
        Round(2, (Game(1, 4, 2, result=Result.WHITE_WINS), Game(2, 1, 3, result=Result.WHITE_WINS)))
    )
    rows = [r for r in standings(t).rows if r.group == 2]
    assert [(r.player.number, r.place) for r in rows] == [(2, 1), (3, 2), (4, 3)]
    assert [(r.record.wins, *r.tiebreaks) for r in rows] == [(1, 3, 2), (1, 3, 1), (1, 2, 1)]


def test_mms_does_not_rank() -> None:
    """«Количество очков Мак-Магона никак не учитывается при подведении итогов!»

    One group. X (1d, the strongest) is absent all three rounds: 1½ MMS, 0
    wins. Y: win, loss, loss: 1 MMS, 1 win. P: loss, jigo, loss: ½ MMS, ½ win.
    Q wins three (3), R: loss, jigo, win (1½). Order by wins: Q, R, Y, P, X —
    X is last although his MMS is above Y's and P's.
    """
    players = [
        player(1, "X", "1d", not_playing=(1, 2, 3)),
        player(2, "Y", "5k"),
        player(3, "P", "5k"),
        player(4, "Q", "5k"),
        player(5, "R", "5k"),
    ]
    t = tournament(players, rounds=3)
    t = t.with_round(
        Round(1, (Game(1, 2, 3, result=Result.WHITE_WINS), Game(2, 4, 5, result=Result.WHITE_WINS)))
    )
    t = t.with_round(
        Round(2, (Game(1, 4, 2, result=Result.WHITE_WINS), Game(2, 3, 5, result=Result.JIGO)))
    )
    t = t.with_round(
        Round(3, (Game(1, 5, 2, result=Result.WHITE_WINS), Game(2, 3, 4, result=Result.BLACK_WINS)))
    )
    rows = standings(t).rows
    assert [(r.record.score, r.record.wins) for r in rows] == [
        (3, 3),
        (F(3, 2), F(3, 2)),
        (1, 1),
        (F(1, 2), F(1, 2)),
        (F(3, 2), 0),
    ]
    assert [r.player.number for r in rows] == [4, 5, 2, 3, 1]
    assert [r.place for r in rows] == [1, 2, 3, 4, 5]


# ---------------------------------------------------------------- Расчет коэффициентов


def test_sos_sum_of_opponents_mms_regardless_of_result() -> None:
    """«Коэффициент Бухгольца (SOS) - сумма всех очков ММ соперников, независимо от результатов
    встреч между ними.»

    A lost to C, beat B and drew with D; his SOS counts all three final MMS:
    2 + 2½ + 1½ = 6. C (won twice, drew once): 1½ + 2½ + 2 = 6.
    """
    sos = {r.player.number: r.tiebreaks[0] for r in standings(five_player_event()).rows}
    assert (sos[1], sos[3], sos[4]) == (6, 6, 5)


def test_sodos_beaten_plus_half_drawn() -> None:
    """«Коэффициент Бергера (SODOS) - сумма всех очков ММ соперников, у которых данный участник
    выиграл, плюс 1/2 суммы всех очков соперников, с которыми данный участник сыграл вничью.»

    A beat B (2) and drew with D (1½): 2 + ¾ = 2¾; lost to C: 0. C drew with
    D, beat A and B: ¾ + 2½ + 2 = 5¼. D drew twice: ½·2½ + ½·2½ = 2½.
    """
    sodos = {r.player.number: r.tiebreaks[1] for r in standings(five_player_event()).rows}
    assert (sodos[1], sodos[3], sodos[4]) == (F(11, 4), F(21, 4), F(5, 2))


def test_unplayed_games_and_technical_wins_add_zero() -> None:
    """«Для не сыгранных игр и технических побед коэффициенты Бухгольца и Бергера я не
    расчитывал, то есть к сумме добавлялся 0.»

    B's forfeit win over E adds 0 to B's SOS (5 = A + C only) and SODOS (0).
    E had a bye, a no-show and an absent round: SOS 0, SODOS 0, although E's
    MMS is 2. D's absent round adds 0: SOS 5 = C + A.
    """
    rows = {r.player.number: r for r in standings(five_player_event()).rows}
    assert rows[2].tiebreaks == (5, 0)
    assert rows[5].record.score == 2
    assert rows[5].tiebreaks == (0, 0)
    assert rows[4].tiebreaks[0] == 5
