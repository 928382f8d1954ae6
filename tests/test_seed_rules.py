"""The seed of the McMahon system (seeds/000, Russian), sentence by sentence.

Each test quotes the sentence it checks in its docstring and says in English
what it checks. Tournaments are built directly with the pure core; every
expected number is worked out by hand in the test.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest

from gosheet.core.errors import ConsistencyError
from gosheet.core.groups import assign_groups, equal_groups
from gosheet.core.model import Game, Outcome, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.ranks import parse_rank
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.scoring import records
from gosheet.core.settings import McMahonGroups, Settings
from gosheet.core.standings import standings
from gosheet.core.systems import pair_next_round

# ---------------------------------------------------------------- helpers


def player(number: int, name: str, rank: str, not_playing: tuple[int, ...] = ()) -> Player:
    return Player(number, name, rank=parse_rank(rank), not_playing=frozenset(not_playing))


def tournament(
    players: list[Player], groups: str = "1", rounds: int = 5, **kw: object
) -> Tournament:
    settings = Settings(rounds=rounds, mcmahon_groups=McMahonGroups.parse(groups), **kw)
    return Tournament(settings, tuple(players))


def pairs(pairing: Pairing) -> list[frozenset[int]]:
    """The pairs in table order."""
    assert [g.table for g in pairing.games] == list(range(1, len(pairing.games) + 1))
    return [frozenset((g.white, g.black)) for g in pairing.games]


def won_by(game: Game, winner: int | None, forfeit: bool = False) -> Game:
    """The game with its result: ``winner`` wins (None: jigo), on the board or by forfeit."""
    if winner is None:
        result = Result.JIGO
    elif winner == game.white:
        result = Result.WHITE_WINS_BY_FORFEIT if forfeit else Result.WHITE_WINS
    else:
        assert winner == game.black
        result = Result.BLACK_WINS_BY_FORFEIT if forfeit else Result.BLACK_WINS
    return Game(game.table, game.white, game.black, game.handicap, game.komi, result)


def play(t: Tournament, winners: dict[frozenset[int], int | None]) -> Tournament:
    """Pair the next round and enter the results: pair → winner (None: jigo)."""
    pairing = pair_next_round(t)
    games = tuple(won_by(g, winners[frozenset((g.white, g.black))]) for g in pairing.games)
    return t.with_round(Round(pairing.round_number, games, pairing.byes))


def p2(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def groups_of(spec: str, players: list[Player]) -> dict[int, int]:
    grouped = assign_groups(McMahonGroups.parse(spec), players)
    return {p.number: p.group or 0 for p in grouped}


def one_round(result: Result, **kw: object) -> dict[int, PlayerRecord]:
    """Player 1 (White) and 2 (Black) play one game with ``result``; 3 is absent."""
    players = [player(1, "A", "1k"), player(2, "B", "1k"), player(3, "C", "1k", (1,))]
    t = tournament(players, **kw).with_round(Round(1, (Game(1, 1, 2, result=result),)))
    return records(t)


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
    top group down; a group written by hand on a player is kept.
    """
    ranks = {1: "5d", 2: "2d", 3: "1k", 4: "9k", 5: "10k", 6: "30k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    start = {
        n: r.start_score for n, r in records(tournament(players, groups="3d, 1k, 10k")).items()
    }
    assert start == {1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0}
    moved = [*players[:5], Player(6, "P6", rank=parse_rank("30k"), group=1)]
    assert records(tournament(moved, groups="3d, 1k, 10k"))[6].start_score == 3


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


# ---------------------------------------------------------------- Жеребьевка


def test_table_sorted_by_mms_descending() -> None:
    """«Турнирная таблица сортируется по убыванию очков ММ.»

    One group A > B > C > D; round 1 B beats A and D beats C. In round 2 the
    table is B, D (1 MMS) then A, C (0): table 1 is B–D, table 2 A–C,
    although A and C are stronger.
    """
    players = [
        player(1, "A", "4d"),
        player(2, "B", "3d"),
        player(3, "C", "2d"),
        player(4, "D", "1d"),
    ]
    t = play(tournament(players), {p2(1, 2): 2, p2(3, 4): 4})
    assert pairs(pair_next_round(t)) == [p2(2, 4), p2(1, 3)]


def test_top_player_meets_the_next_one() -> None:
    """«Для первого (верхнего в таблице) участника подбираем участника, стоящего ниже в таблице с
    таким же или близким количеством очков ММ (как правило, им является второй участник в
    таблице).»

    Round 1, one group, everyone at 0 MMS: the first of the table (the
    strongest) plays the second.
    """
    players = [
        player(1, "C", "2k"),
        player(2, "A", "3d"),
        player(3, "D", "5k"),
        player(4, "B", "1d"),
    ]
    assert pairs(pair_next_round(tournament(players)))[0] == p2(2, 4)


def test_top_player_meets_the_closest_mms() -> None:
    """«…подбираем участника, стоящего ниже в таблице с таким же или близким количеством очков
    ММ…»

    Two groups: 3d, 1d start at 1 MMS, 2k, 5k at 0. Round 1: 3d beats 1d, 2k
    beats 5k, so the table is 3d (2), 1d (1), 2k (1), 5k (0). 3d has met 1d and
    takes the closest score left, 2k (1 MMS), not 5k (0): 3d–2k, 1d–5k.
    """
    players = [
        player(1, "A", "3d"),
        player(2, "B", "1d"),
        player(3, "C", "2k"),
        player(4, "D", "5k"),
    ]
    t = tournament(players, groups="2")
    assert pairs(pair_next_round(t)) == [p2(1, 2), p2(3, 4)]
    t = play(t, {p2(1, 2): 1, p2(3, 4): 3})
    assert [records(t)[n].score for n in (1, 2, 3, 4)] == [2, 1, 1, 0]
    assert pairs(pair_next_round(t)) == [p2(1, 3), p2(2, 4)]


def test_going_down_the_table() -> None:
    """«Опускаемся ниже по таблице, подбирая пары аналогичным пункту 2 образом.»

    Six players at equal MMS: 1st–2nd on table 1, 3rd–4th on table 2,
    5th–6th on table 3.
    """
    ranks = {1: "6k", 2: "1d", 3: "4k", 4: "2d", 5: "1k", 6: "9k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    assert pairs(pair_next_round(tournament(players))) == [p2(4, 2), p2(5, 3), p2(1, 6)]


def test_going_down_each_takes_the_nearest_one_still_free() -> None:
    """«Для первого … участника подбираем участника, стоящего ниже в таблице …
    Опускаемся ниже по таблице, подбирая пары аналогичным пункту 2 образом.»

    Six players (6d … 1d) drew round 1 as 1–2, 3–4, 5–6, so all still have equal
    MMS and keep their order. Going down the table: 1 takes 3 (2 is played),
    2 takes 4? No — then 5–6 would repeat; so 2 takes 5 and 4 takes 6. The
    table-order criterion (squared distances: 2²+3²+2² = 17, every other
    pairing without repeats costs 21 or more) picks exactly 1–3, 2–5, 4–6.
    """
    players = [player(n, f"P{n}", f"{7 - n}d") for n in range(1, 7)]
    t = play(tournament(players), {p2(1, 2): None, p2(3, 4): None, p2(5, 6): None})
    assert pairs(pair_next_round(t)) == [p2(1, 3), p2(2, 5), p2(4, 6)]


def test_no_pair_plays_twice() -> None:
    """«При формировании пар также ведется учёт того, кто с кем уже сыграл, чтобы не поставить
    пару играть во второй раз.»

    Round 1 A–B and C–D both end in jigo: all four still have equal MMS and the
    table order would give A–B, C–D again; round 2 must pair A and B with C and
    D instead.
    """
    players = [
        player(1, "A", "4d"),
        player(2, "B", "3d"),
        player(3, "C", "2d"),
        player(4, "D", "1d"),
    ]
    t = play(tournament(players), {p2(1, 2): None, p2(3, 4): None})
    second = pair_next_round(t)
    assert set(pairs(second)) in ({p2(1, 3), p2(2, 4)}, {p2(1, 4), p2(2, 3)})
    assert second.byes == ()


def test_odd_count_gives_a_technical_win() -> None:
    """«Если пары по какой-либо причине не хватает (нечетное количество игроков …) - им
    засчитывается техническая победа.»

    Three players: the two first play, the last of the table has a technical
    win, worth 1 MMS and 1 win, and 0 to SOS and SODOS.
    """
    players = [player(1, "A", "1d"), player(2, "B", "1k"), player(3, "C", "2k")]
    t = tournament(players)
    pairing = pair_next_round(t)
    assert pairs(pairing) == [p2(1, 2)]
    assert pairing.byes == (3,)
    t = play(t, {p2(1, 2): 1})
    row = {r.player.number: r for r in standings(t).rows}[3]
    assert row.record.entries[0].outcome is Outcome.BYE
    assert (row.record.score, row.record.wins, row.tiebreaks) == (1, 1, (0, 0))


def test_players_who_have_met_get_technical_wins() -> None:
    """«Если пары по какой-либо причине не хватает (… или игроки уже отыграли между собой) - им
    засчитывается техническая победа.»

    Two players who met in round 1 cannot meet again: in round 2 both have a
    technical win and there is no game.
    """
    t = play(tournament([player(1, "A", "1d"), player(2, "B", "1k")]), {p2(1, 2): 2})
    second = pair_next_round(t)
    assert second.games == ()
    assert sorted(second.byes) == [1, 2]


def test_bye_goes_to_the_lowest_player_without_a_bye() -> None:
    """«Если пары по какой-либо причине не хватает (нечетное количество игроков …) - им
    засчитывается техническая победа.»

    The technical win goes to the lowest player of the table who has not had
    one. Groups "1d": A, B, C, D (dan) start at 1, E (kyu) at 0. Round 1: A–B,
    C–D, E bye; A and C win. Table: A, C (2), B, D, E (1). E is lowest but has
    had the bye, so D gets it; A–C and B–E play (equal MMS).
    """
    players = [
        player(1, "A", "4d"),
        player(2, "B", "3d"),
        player(3, "C", "2d"),
        player(4, "D", "1d"),
        player(5, "E", "1k"),
    ]
    t = tournament(players, groups="1d")
    first = pair_next_round(t)
    assert (pairs(first), first.byes) == ([p2(1, 2), p2(3, 4)], (5,))
    t = play(t, {p2(1, 2): 1, p2(3, 4): 3})
    assert [records(t)[n].score for n in (1, 2, 3, 4, 5)] == [2, 1, 2, 1, 1]
    second = pair_next_round(t)
    assert (pairs(second), second.byes) == ([p2(1, 3), p2(2, 5)], (4,))


def test_pairs_of_equal_mms_as_far_as_possible() -> None:
    """«…главное чтобы пары складывались по возможности из людей с одинаковым количеством очков
    ММ.»

    Groups "1d": A, B, C, D start at 1, E, F at 0. Round 1 A–B, C–D, E–F all
    end in jigo (1½, 1½, 1½, 1½, ½, ½). In round 2 E–F cannot meet again, so E
    and F each play one of A … D (gap 1) and the two left of A … D play each
    other (gap 0): three games, no bye, no repeat.
    """
    ranks = {1: "4d", 2: "3d", 3: "2d", 4: "1d", 5: "1k", 6: "2k"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    t = play(tournament(players, groups="1d"), {p2(1, 2): None, p2(3, 4): None, p2(5, 6): None})
    score = {n: r.score for n, r in records(t).items()}
    assert score == {1: F(3, 2), 2: F(3, 2), 3: F(3, 2), 4: F(3, 2), 5: F(1, 2), 6: F(1, 2)}
    second = pair_next_round(t)
    assert second.byes == ()
    assert not set(pairs(second)) & {p2(1, 2), p2(3, 4), p2(5, 6)}
    gaps = sorted(abs(score[g.white] - score[g.black]) for g in second.games)
    assert gaps == [0, 1, 1]


def test_odd_sized_score_group_gives_one_crossing_pair() -> None:
    """«…главное чтобы пары складывались по возможности из людей с одинаковым количеством очков
    ММ.»

    One group A > B > C > D > E > F. Round 1 A–B, C–D, E–F; A, C and E win.
    Round 2: the winners are at 1 MMS and the losers at 0; with six players
    one game must cross the two scores (three at each). Round 2 is A–C, then
    E meets the top loser B, then D–F: exactly one pair with a gap.
    """
    ranks = {1: "6d", 2: "5d", 3: "4d", 4: "3d", 5: "2d", 6: "1d"}
    players = [player(n, f"P{n}", r) for n, r in ranks.items()]
    t = play(tournament(players), {p2(1, 2): 1, p2(3, 4): 3, p2(5, 6): 5})
    assert pairs(pair_next_round(t)) == [p2(1, 3), p2(5, 2), p2(4, 6)]


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
