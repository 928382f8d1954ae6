"""The seed of the McMahon system (docs/systems.md §A, Russian), sentence by sentence.

This part: the draw (Жеребьевка).

Each test quotes the sentence it checks in its docstring and says in English
what it checks. Tournaments are built directly with the pure core; every
expected number is worked out by hand in the test.
"""

from __future__ import annotations

from fractions import Fraction as F

from support.mcmahon import p2, pairs, play, player, tournament

from gosheet.core.model import Outcome
from gosheet.core.scoring import records
from gosheet.core.standings import standings
from gosheet.core.systems import pair_next_round

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

    Four groups by ranks "2d, 1k, 4k": 3d, 1d, 2k, 5k start at 3, 2, 1, 0.
    Round 1: 3d–1d a jigo, 2k beats 5k, so the table is 3d (3½), 1d (2½),
    2k (2), 5k (0). 3d has met 1d and takes the closest score left, 2k (2 MMS),
    not 5k (0): 3d–2k, 1d–5k. (No same-MMS pair can be made here; where one can,
    it comes first: ``test_founding_documents``.)
    """
    players = [
        player(1, "A", "3d"),
        player(2, "B", "1d"),
        player(3, "C", "2k"),
        player(4, "D", "5k"),
    ]
    t = tournament(players, groups="2d, 1k, 4k")
    assert pairs(pair_next_round(t)) == [p2(1, 2), p2(3, 4)]
    t = play(t, {p2(1, 2): None, p2(3, 4): 3})
    assert [records(t)[n].score for n in (1, 2, 3, 4)] == [F(7, 2), F(5, 2), 2, 0]
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
