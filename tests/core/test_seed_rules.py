"""The seed of the McMahon system (docs/systems.md §A, Russian), sentence by sentence.

This part: preparing the start (McMahon groups) and the game (scores). The
draw: ``test_seed_rules_pairing``; the standings and coefficients:
``test_seed_rules_standings``.

Each test quotes the sentence it checks in its docstring and says in English
what it checks. Tournaments are built directly with the pure core; every
expected number is worked out by hand in the test.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest
from support.mcmahon import groups_of, one_round, p2, pairs, play, player, tournament

from gosheet.core.errors import ConsistencyError
from gosheet.core.groups import equal_groups
from gosheet.core.model import Outcome, Player, Result
from gosheet.core.ranks import parse_rank
from gosheet.core.scoring import records
from gosheet.core.systems import pair_next_round

# ---------------------------------------------------------------- Подготовка к старту


def test_roster_sorted_from_9d_to_30k() -> None:
    """«…список участников, отсортированный по силе игры от 9d до 30k.»

    Whatever the roster's order, the strength order runs 9d … 30k: with one
    group per rank, 9d is group 1 (top) and 30k the last group, and in round 1
    of a single group the tables go down that order.
    """
    ranks = {1: "30k", 2: "1d", 3: "9d", 4: "1k", 5: "5k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    assert groups_of("5", players) == {3: 1, 2: 2, 4: 3, 5: 4, 1: 5}
    pairing = pair_next_round(tournament(players, groups="1"))
    assert pairs(pairing) == [p2(3, 2), p2(4, 5)]
    assert pairing.byes == (1,)


def test_roster_split_into_n_groups_by_count() -> None:
    """«Список делится на N групп.»

    With N = 3 and six players of six ranks, the sorted roster is cut into
    three groups of two, strongest first.
    """
    ranks = {1: "10k", 2: "3d", 3: "30k", 4: "1k", 5: "9d", 6: "2k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    assert groups_of("3", players) == {5: 1, 2: 1, 4: 2, 6: 2, 1: 3, 3: 3}


def test_roster_split_into_groups_by_rank_boundaries() -> None:
    """«Список делится на N групп.»

    With boundaries "1d, 5k": 1d and stronger → group 1, 1k … 5k → group 2,
    6k and weaker → group 3.
    """
    ranks = {1: "3d", 2: "1d", 3: "1k", 4: "5k", 5: "6k", 6: "30k", 7: "9d"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    assert groups_of("1d, 5k", players) == {1: 1, 2: 1, 7: 1, 3: 2, 4: 2, 5: 3, 6: 3}


def test_groups_may_have_different_sizes() -> None:
    """«В каждой группе может быть разное количество участников.»

    Boundaries "1d, 5k" over 2d, 1k×4, 10k, 20k give groups of 1, 4 and 2;
    five players of five ranks in N = 2 groups give 2 and 3.
    """
    ranks = {1: "2d", 2: "1k", 3: "2k", 4: "3k", 5: "5k", 6: "10k", 7: "20k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    assert Counter(groups_of("1d, 5k", players).values()) == {1: 1, 2: 4, 3: 2}
    five = [player(n, f"P{n}", r) for n, r in {1: "1d", 2: "1k", 3: "2k", 4: "3k", 5: "4k"}.items()]
    assert groups_of("2", five) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 2}


def test_count_mode_never_splits_a_rank() -> None:
    """«Список делится на N групп. В каждой группе может быть разное количество участников.»

    In count mode players of one rank stay together: three 1d and one 2k in
    N = 2 groups give 3 + 1, not 2 + 2.
    """
    players = [
        player(1, "A", "1d"),
        player(2, "B", "1d"),
        player(3, "C", "1d"),
        player(4, "D", "2k"),
    ]
    assert groups_of("2", players) == {1: 1, 2: 1, 3: 1, 4: 2}
    assert equal_groups(2, players) == {1: 1, 2: 1, 3: 1, 4: 2}


def test_count_mode_makes_n_groups_when_the_ranks_allow() -> None:
    """«Список делится на N групп.»

    One 1d, three 1k and five 10k in N = 3 groups: the only split into three
    groups that keeps every rank whole is {1d}, {1k×3}, {10k×5}; the bottom
    group then starts with 0 McMahon points.
    """
    players = [player(1, "A", "1d")]
    players += [player(n, f"K{n}", "1k") for n in (2, 3, 4)]
    players += [player(n, f"W{n}", "10k") for n in (5, 6, 7, 8, 9)]
    assert groups_of("3", players) == {1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3}
    assert records(tournament(players, groups="3"))[9].start_score == 0


def test_bottom_group_zero_and_one_more_per_group_up() -> None:
    """«Нижней группе 0 очков. Очки ММ повышаются к верхней группе на 1 очко за каждую группу.»

    Four groups by boundaries "3d, 1k, 10k": starting MMS 3, 2, 1, 0 from the
    top group down; a group written by hand on a player is kept. (Moving the
    only 30k to group 1 leaves group 4 empty: group 3 is then the bottom one
    and starts at 0, so group 1 starts at 2 — issue 16.)
    """
    ranks = {1: "5d", 2: "2d", 3: "1k", 4: "9k", 5: "10k", 6: "30k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    start = {
        n: r.start_score for n, r in records(tournament(players, groups="3d, 1k, 10k")).items()
    }
    assert start == {1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0}
    moved = [*players[:5], Player(6, "P6", rank=parse_rank("30k"), group=1)]
    moved_start = records(tournament(moved, groups="3d, 1k, 10k"))
    assert moved_start[6].start_score == moved_start[1].start_score == 2


def test_bottom_group_starts_at_zero_with_fewer_ranks_than_groups() -> None:
    """«Нижней группе 0 очков.»

    Four players of two ranks (2d, 2d, 5k, 5k) with N = 3: only two groups can
    be made without splitting a rank; the bottom one (the 5k) must start with
    0 MMS and the 2d with 1.
    """
    players = [
        player(1, "A", "2d"),
        player(2, "B", "2d"),
        player(3, "C", "5k"),
        player(4, "D", "5k"),
    ]
    start = {n: r.start_score for n, r in records(tournament(players, groups="3")).items()}
    assert start == {1: 1, 2: 1, 3: 0, 4: 0}


# ---------------------------------------------------------------- Организация игры


def test_only_registered_players_are_paired() -> None:
    """«Регистрируем игроков, участвующих в данном туре игры.»

    A player who is not playing round 1 appears in no game and gets no
    technical win; the four others are paired, without a bye.
    """
    players = [
        player(1, "A", "3d"),
        player(2, "B", "2d", not_playing=(1,)),
        player(3, "C", "1d"),
        player(4, "D", "1k"),
        player(5, "E", "2k"),
    ]
    pairing = pair_next_round(tournament(players))
    assert pairs(pairing) == [p2(1, 3), p2(4, 5)]
    assert pairing.byes == ()


def test_results_are_awaited_before_the_next_round() -> None:
    """«Объявляется начало тура и запускается приём результатов.»

    While a game has no result it scores nothing and the next round cannot be
    paired.
    """
    players = [player(1, "A", "1k"), player(2, "B", "2k")]
    t = tournament(players)
    pairing = pair_next_round(t)
    t = t.with_round(pairing.as_round())
    table = records(t)
    assert table[1].entries[0].outcome is Outcome.PENDING
    assert (table[1].score, table[2].score, table[1].wins) == (0, 0, 0)
    with pytest.raises(ConsistencyError):
        pair_next_round(t)


def test_win_one_mms_loss_zero() -> None:
    """«Каждый выигравший получает 1 очко ММ. Проигравший - 0 очков ММ.»

    A win adds 1 MMS, a loss 0 (both players start at 0 in one group).
    """
    table = one_round(Result.BLACK_WINS)
    assert (table[1].score, table[2].score) == (0, 1)


def test_jigo_half_mms() -> None:
    """«При ничьей … - 0.5 очков ММ.»

    A jigo adds ½ MMS to both players.
    """
    table = one_round(Result.JIGO)
    assert (table[1].score, table[2].score) == (F(1, 2), F(1, 2))


def test_no_show_half_mms() -> None:
    """«При … неявке - 0.5 очков ММ.»

    A player who does not come to his game (forfeit loss, `0-1!` or `1-0!`)
    gets ½ MMS (the setting's default); the opponent wins 1. Both absent
    (`0-0!`): ½ each.
    """
    table = one_round(Result.BLACK_WINS_BY_FORFEIT)
    assert (table[1].score, table[2].score) == (F(1, 2), 1)
    table = one_round(Result.WHITE_WINS_BY_FORFEIT)
    assert (table[1].score, table[2].score) == (1, F(1, 2))
    table = one_round(Result.BOTH_LOSE_BY_FORFEIT)
    assert (table[1].score, table[2].score) == (F(1, 2), F(1, 2))


def test_no_show_points_follow_the_settings() -> None:
    """«При … неявке - 0.5 очков ММ.»

    The ½ of a no-show is the setting "Points for a forfeit loss": set to 0,
    the no-show scores 0 and the winner still 1.
    """
    table = one_round(Result.WHITE_WINS_BY_FORFEIT, forfeit_loss_points=F(0))
    assert (table[1].score, table[2].score) == (1, 0)


def test_absent_round_half_mms() -> None:
    """«При … неявке - 0.5 очков ММ.» (a round the player did not register for)

    A round the player does not play adds ½ MMS (setting "Points for an
    absent round"), and 0 wins; set to 0 it adds nothing.
    """
    table = one_round(Result.WHITE_WINS)
    assert table[3].entries[0].outcome is Outcome.ABSENT
    assert (table[3].score, table[3].wins) == (F(1, 2), 0)
    table = one_round(Result.WHITE_WINS, absent_points=F(0))
    assert (table[3].score, table[3].wins) == (0, 0)


def test_wins_column() -> None:
    """«В графу "количество побед" заносится: 1 очко за победу, 0 очков за проигрыш или
    неявку, 0.5 очков - если сыграют вничью.»

    Wins: 1 a win (on the board or by forfeit), 0 a loss or a no-show, ½ a
    jigo, 0 an absent round.
    """
    expected = {
        Result.WHITE_WINS: (1, 0),
        Result.BLACK_WINS: (0, 1),
        Result.JIGO: (F(1, 2), F(1, 2)),
        Result.BOTH_LOSE: (0, 0),
        Result.WHITE_WINS_BY_FORFEIT: (1, 0),
        Result.BLACK_WINS_BY_FORFEIT: (0, 1),
        Result.BOTH_LOSE_BY_FORFEIT: (0, 0),
    }
    for result, wins in expected.items():
        table = one_round(result)
        assert (table[1].wins, table[2].wins, table[3].wins) == (*wins, 0), result


def test_process_repeats_for_every_round() -> None:
    """«Процесс повторяется для каждой игры турнира.»

    Four players A > B > C > D in one group, three rounds, the stronger always
    wins: rounds A–B C–D, A–C B–D, A–D B–C; the MMS add up to 3, 2, 1, 0, and a
    fourth round is refused.
    """
    players = [
        player(1, "A", "4d"),
        player(2, "B", "3d"),
        player(3, "C", "2d"),
        player(4, "D", "1d"),
    ]
    t = tournament(players, rounds=3)
    t = play(t, {p2(1, 2): 1, p2(3, 4): 3})
    assert [frozenset((g.white, g.black)) for g in t.rounds[0].games] == [p2(1, 2), p2(3, 4)]
    t = play(t, {p2(1, 3): 1, p2(2, 4): 2})
    assert [frozenset((g.white, g.black)) for g in t.rounds[1].games] == [p2(1, 3), p2(2, 4)]
    t = play(t, {p2(1, 4): 1, p2(2, 3): 2})
    assert [frozenset((g.white, g.black)) for g in t.rounds[2].games] == [p2(1, 4), p2(2, 3)]
    table = records(t)
    assert [table[n].score for n in (1, 2, 3, 4)] == [3, 2, 1, 0]
    assert [table[n].wins for n in (1, 2, 3, 4)] == [3, 2, 1, 0]
    with pytest.raises(ConsistencyError):
        pair_next_round(t)
