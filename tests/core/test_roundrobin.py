"""Round robin (all play all, Berger tables): every pair once, one bye a round with an odd
count, colours balanced, standings by points then Sonneborn-Berger and direct encounter
(issue 16, "The director's hand": "all play all, Berger tables, colours balanced, a bye with
an odd count, rounds = N − 1 or N")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples
from support.pairing import check_pairing

from gosheet.core.errors import ConsistencyError
from gosheet.core.kinds import all_play_all_rounds
from gosheet.core.model import Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.standings import standings
from gosheet.core.systems import pair_next_round, system_of
from gosheet.core.systems.roundrobin import berger_round
from gosheet.records import replace


def field(n: int, seed: int = 1, game: str = "go") -> Tournament:
    s = Settings.preset("roundrobin", game, rounds=None, random_seed=seed)
    players = tuple(
        Player(k, f"P{k:02d}", "X", -k if game == "go" else None, 2400 - 30 * k)
        for k in range(1, n + 1)
    )
    return Tournament(s, players)


def play_all(t: Tournament) -> Tournament:
    for _ in range(all_play_all_rounds(len(t.players))):
        pairing = pair_next_round(t)
        check_pairing(t, pairing.games, pairing.byes)
        t = t.with_round(simulate_round(t, pairing.as_round()))
    return t


@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(2, 16), seed=st.integers(0, 10**6), oware=st.booleans())
def test_every_pair_meets_once_and_each_has_one_bye_when_odd(
    n: int, seed: int, oware: bool
) -> None:
    t = play_all(field(n, seed, "oware" if oware else "go"))
    pairs = Counter(frozenset((g.white, g.black)) for r in t.rounds for g in r.games)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}
    byes = Counter(b for r in t.rounds for b in r.byes)
    assert byes == (Counter(range(1, n + 1)) if n % 2 else Counter())
    first = Counter(g.white for r in t.rounds for g in r.games)
    second = Counter(g.black for r in t.rounds for g in r.games)
    assert all(abs(first[p] - second[p]) <= 1 for p in range(1, n + 1)), "colours balanced"
    with pytest.raises(ConsistencyError):
        pair_next_round(t)


def test_the_berger_tables_seat_everybody_each_round() -> None:
    for m in range(2, 24, 2):
        for r in range(1, m):
            assert sorted(x for pair in berger_round(m, r) for x in pair) == list(range(m))


def test_rounds_are_n_minus_1_or_n() -> None:
    assert [all_play_all_rounds(n) for n in (2, 3, 4, 7, 8)] == [1, 3, 3, 7, 7]
    assert field(8).settings.rounds_for(8) == 7
    assert system_of(field(8).settings).rounds_proposed


def test_a_player_not_playing_a_round_leaves_his_opponent_a_bye() -> None:
    t = field(4)
    absent = t.players[0]
    t = Tournament(
        t.settings,
        (replace(absent, not_playing=frozenset({2})), *t.players[1:]),
    )
    r1 = pair_next_round(t)
    t = t.with_round(simulate_round(t, r1.as_round()))
    r2 = pair_next_round(t)
    assert len(r2.games) == 1 and len(r2.byes) == 1
    assert absent.number not in {g.white for g in r2.games} | {g.black for g in r2.games}


def test_a_player_added_after_round_1_cannot_join() -> None:
    t = field(4)
    t = t.with_round(simulate_round(t, pair_next_round(t).as_round()))
    late = Tournament(t.settings, (*t.players, Player(5, "Late", "L", -3)), t.rounds)
    with pytest.raises(ConsistencyError, match="joined after round 1"):
        pair_next_round(late)


def played(t: Tournament, winner: str) -> Tournament:
    """Every round of ``t`` paired and played: White wins, or the stronger (lower number)."""
    for _ in range(all_play_all_rounds(len(t.players))):
        pairing = pair_next_round(t)
        games = tuple(
            replace(
                g,
                result=Result.WHITE_WINS
                if winner == "white" or g.white < g.black
                else Result.BLACK_WINS,
            )
            for g in pairing.games
        )
        t = t.with_round(Round(pairing.round_number, games, pairing.byes))
    return t


def test_standings_by_points_then_sonneborn_berger_then_direct_encounter() -> None:
    t = played(field(4), "stronger")
    assert t.settings.tiebreaks == ("Sonneborn-Berger", "Direct encounter")
    rows = standings(t).rows
    assert [(r.player.number, r.place, r.record.score) for r in rows] == [
        (1, 1, 3), (2, 2, 2), (3, 3, 1), (4, 4, 0)
    ]  # fmt: skip
    # three players, White always wins: each beats one, loses to one and has a bye (a cycle,
    # colours balanced): 2 points each, Sonneborn-Berger 2 (the beaten one's points), the
    # direct encounter 1 each — one shared place
    cycle = standings(played(field(3), "white")).rows
    assert [(r.place, r.record.score) for r in cycle] == [(1, 2)] * 3
    assert {r.tiebreaks for r in cycle} == {(2, 1)}


def test_the_schedule_is_read_back_from_round_one() -> None:
    """Round 1 as played fixes the Berger numbers: a round 1 drawn by another lot (an older
    gosheet drew it from the rows of Players) goes on as it began, every pair once."""
    for n in (5, 6, 9):
        t = field(n, seed=3)
        drawn = pair_next_round(replace(t, settings=replace(t.settings, random_seed=99)))
        t = t.with_round(simulate_round(t, drawn.as_round()))
        t = play_all_from(t)
        pairs = Counter(frozenset((g.white, g.black)) for r in t.rounds for g in r.games)
        assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}, n


def play_all_from(t: Tournament) -> Tournament:
    while len(t.rounds) < all_play_all_rounds(len(t.players)):
        pairing = pair_next_round(t)
        check_pairing(t, pairing.games, pairing.byes)
        t = t.with_round(simulate_round(t, pairing.as_round()))
    return t
