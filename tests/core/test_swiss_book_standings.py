"""The Oware organisers' book ("Llibre Auale Torneig", docs/systems.md §C, in Catalan) and
the common Swiss rules of ``docs/systems.md`` §3, continued from
``test_swiss_book_pairing`` (which says how these tests are written).

This part: the pure core's scores and tiebreaks (:mod:`gosheet.core`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from support.swiss import ALL_TIEBREAKS, HALF, five_players, lettered, oware, played, tournament

from gosheet.core.model import Player, Tournament
from gosheet.core.scoring import records
from gosheet.core.standings import standings

# ================================================================ Scoring (issue)


def test_scoring_win_draw_loss_and_bye() -> None:
    """Issue: «win 1, draw ½, loss 0, bye worth a win unless the settings say
    otherwise». Five players, one round: 1–3 drawn, 4 (left) beats 2, 5 has
    the bye: 1 and 3 have ½, 4 has 1, 2 has 0, 5 has 1 and one win. With
    'Points for a bye' ½ or 0 the bye is worth that, and still counts as a
    win."""
    r1 = played(1, [(1, 3, "½-½"), (4, 2, "1-0")], byes=[5])
    table = records(tournament(5, [r1]))
    assert {n: r.score for n, r in table.items()} == {1: HALF, 2: 0, 3: HALF, 4: 1, 5: 1}
    assert table[5].wins == 1
    for points in (HALF, Fraction(0)):
        table = records(tournament(5, [r1], bye_points=points))
        assert table[5].score == points
        assert table[5].wins == 1


def test_scoring_forfeits_and_absence() -> None:
    """Forfeits (typed "1-0!"): the winner scores 1 and the absent loser 0 (the
    Swiss default); a round not played scores 0 by default."""
    players = (*lettered(4), Player(5, "E", rating=1000, not_playing=frozenset({1})))
    r1 = played(1, [(1, 3, "1-0!"), (2, 4, "0-1")])
    table = records(Tournament(oware(), players, (r1,)))
    assert {n: r.score for n, r in table.items()} == {1: 1, 2: 0, 3: 0, 4: 1, 5: 0}


# =============================================================== Tiebreaks (issue)


# Worked by hand from five_players(); opponents' scores one a round (0 for a bye):
#   P1: P2 2, P3 2, P4 1.5    P2: P1 2, P5 1.5, bye 0    P3: P4 1.5, P1 2, P5 1.5
#   P4: P3 2, bye 0, P1 2     P5: bye 0, P2 2, P3 2
EXPECTED_TIEBREAKS: dict[str, dict[int, Fraction | int]] = {
    # the sum of the three
    "Buchholz": {1: Fraction(11, 2), 2: Fraction(7, 2), 3: Fraction(5), 4: Fraction(4), 5: 4},
    # without the lowest
    "Buchholz cut 1": {1: Fraction(4), 2: Fraction(7, 2), 3: Fraction(7, 2), 4: 4, 5: 4},
    # without the highest and the lowest: the middle one
    "Median Buchholz": {1: Fraction(2), 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 2, 5: 2},
    # beaten opponents' scores + half of drawn ones: P1 2 + 1.5; P2 1.5; P3 0.75 + 2 + 0.75;
    # P4 ½ · 2; P5 ½ · 2
    "Sonneborn-Berger": {1: Fraction(7, 2), 2: Fraction(3, 2), 3: Fraction(7, 2), 4: 1, 5: 1},
    # running scores summed: P1 1+1+2, P2 0+1+2, P3 ½+1.5+2, P4 ½+1.5+1.5, P5 1+1+1.5
    "Cumulative": {1: Fraction(4), 2: Fraction(3), 3: Fraction(4), 4: HALF * 7, 5: HALF * 7},
    # P1, P2, P3 tied on 2 but P2 and P3 never met; P4 and P5 never met: 0 for all
    "Direct encounter": {1: Fraction(0), 2: 0, 3: 0, 4: 0, 5: 0},
    # won games and byes: P1 2, P2 1 + bye, P3 1, P4 bye, P5 bye
    "Wins": {1: Fraction(2), 2: 2, 3: 1, 4: 1, 5: 1},
}


@pytest.mark.parametrize("name", ALL_TIEBREAKS)
def test_each_tiebreak_by_hand(name: str) -> None:
    """Issue: «Standings with the tiebreaks such organisers use …: Buchholz,
    Buchholz cut 1, median Buchholz, Sonneborn–Berger, cumulative, direct
    encounter, number of wins». Each one's value for each player of
    :func:`five_players`, as worked out by hand in EXPECTED_TIEBREAKS."""
    table = standings(five_players((name,)))
    got = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert got == EXPECTED_TIEBREAKS[name]
    assert {row.player.number: row.record.score for row in table.rows} == {
        1: 2,
        2: 2,
        3: 2,
        4: HALF * 3,
        5: HALF * 3,
    }


def test_all_tiebreaks_together_and_shared_places() -> None:
    """All seven in the Settings order: P1 (Buchholz 5.5), P3 (5), P2 (3.5) on
    2 points; P4 and P5 equal on every tiebreak share 4th place."""
    table = standings(five_players())
    assert [row.player.number for row in table.rows[:3]] == [1, 3, 2]
    assert [row.place for row in table.rows] == [1, 2, 3, 4, 4]
    assert {row.player.number for row in table.rows[3:]} == {4, 5}


def six_players(tiebreaks: Sequence[str]) -> Tournament:
    """Three rounds, six players, worked by hand:

    R1: 1–2 1-0, 3–5 1-0, 4–6 1-0
    R2: 1–3 ½-½, 2–4 ½-½, 5–6 0-1
    R3: 2–3 1-0, 1–6 0-1, 4–5 1-0

    Scores: 4 2.5; 6 2; 1, 2, 3 1.5 each; 5 0. Among 1, 2, 3, who all met:
    1 beat 2 and drew 3 (1.5), 2 beat 3 (1), 3 drew 1 (0.5).
    Buchholz: 1 met 2, 3, 6: 1.5 + 1.5 + 2 = 5; 2 met 1, 4, 3: 1.5 + 2.5 + 1.5
    = 5.5; 3 met 5, 1, 2: 0 + 1.5 + 1.5 = 3."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 5, "1-0"), (4, 6, "1-0")]),
        played(2, [(1, 3, "½-½"), (2, 4, "½-½"), (5, 6, "0-1")]),
        played(3, [(2, 3, "1-0"), (1, 6, "0-1"), (4, 5, "1-0")]),
    )
    return Tournament(oware(rounds=3, tiebreaks=tuple(tiebreaks)), players, rounds)


def test_direct_encounter_three_way_tie_all_met() -> None:
    """Direct encounter, a three-way tie where all met: 1 (1.5 points among
    them), 2 (1), 3 (0.5) — in that order, although Buchholz alone would put
    2 first (5.5, then 1 with 5, then 3 with 3)."""
    table = standings(six_players(("Direct encounter", "Buchholz")))
    assert [row.player.number for row in table.rows] == [4, 6, 1, 2, 3, 5]
    de = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert (de[1], de[2], de[3]) == (Fraction(3, 2), Fraction(1), HALF)
    assert de[4] == de[6] == de[5] == 0  # alone on their score: nothing to compare

    by_buchholz = standings(six_players(("Buchholz", "Direct encounter")))
    assert [row.player.number for row in by_buchholz.rows] == [4, 6, 2, 1, 3, 5]


def test_direct_encounter_three_way_tie_not_all_met() -> None:
    """Direct encounter, a three-way tie where not all met (P2 and P3 of
    :func:`five_players`): it decides nothing (0 for each), and the next
    tiebreak (Wins: P1 2, P2 2, P3 1; then Cumulative: P1 4, P2 3) decides."""
    table = standings(five_players(("Direct encounter", "Wins", "Cumulative")))
    assert [row.player.number for row in table.rows[:3]] == [1, 2, 3]
    assert [row.tiebreaks[0] for row in table.rows[:3]] == [0, 0, 0]


def test_direct_encounter_two_players_who_met() -> None:
    """Direct encounter, two tied players who met: the winner of their game
    first. Four players: R1 Zeta–Alpha 1-0, Mid–Last 1-0; R2 Zeta–Mid 0-1,
    Alpha–Last 1-0. Zeta and Alpha both have 1 point; Zeta beat Alpha: Zeta
    1, Alpha 0, and Zeta is placed first although without the tiebreak the
    tie would be listed alphabetically (Alpha first) on a shared place."""
    players = (Player(1, "Zeta"), Player(2, "Alpha"), Player(3, "Mid"), Player(4, "Last"))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 4, "1-0")]),
        played(2, [(1, 3, "0-1"), (2, 4, "1-0")]),
    )
    t = Tournament(oware(rounds=2, tiebreaks=("Direct encounter",)), players, rounds)
    table = standings(t)
    assert [row.player.number for row in table.rows] == [3, 1, 2, 4]
    de = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert (de[1], de[2]) == (Fraction(1), Fraction(0))
    assert [row.place for row in table.rows] == [1, 2, 3, 4]

    plain = standings(Tournament(oware(rounds=2, tiebreaks=()), players, rounds))
    assert [row.player.number for row in plain.rows] == [3, 2, 1, 4]
    assert [row.place for row in plain.rows] == [1, 2, 2, 4]
