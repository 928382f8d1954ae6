"""Pair go and rengo in the core: a unit's rank and rating are its members' mean rounded as
Pairgoth rounds (half up), its problems each told at a player, its games left out of what
rating bodies are sent."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.ranks import parse_rank
from gosheet.core.units import FEMALE, MALE, form_units, games_left_out, mean_half_up


@given(st.lists(st.integers(-3000, 3000), min_size=1, max_size=3))
def test_the_mean_is_rounded_half_up_exactly(values: list[int]) -> None:
    mean = Fraction(sum(values), len(values))
    got = mean_half_up(values)
    assert got - Fraction(1, 2) <= mean < got + Fraction(1, 2)  # a half: upwards


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [(("3k", "1d"), "1k"), (("3k", "2k"), "2k"), (("1k", "1d"), "1d"), (("5d", "1d", "2k"), "2d")],
)
def test_a_units_rank_is_its_members_mean(ranks: tuple[str, ...], expected: str) -> None:
    players = tuple(Player(i, f"P{i}", rank=parse_rank(r)) for i, r in enumerate(ranks, 1))
    formed = form_units(players, dict.fromkeys(range(1, len(ranks) + 1), "U"), len(ranks))
    assert formed.players[0].rank_text == expected


def test_ratings_clubs_and_not_playing_of_a_unit() -> None:
    players = (
        Player(1, "Sato", "Aki", rating=2101, club="Lyon", not_playing=frozenset({2})),
        Player(2, "Kim", "Min", rating=1850, club="Nice", country="FR"),
        Player(3, "Roe", "Max", rank=parse_rank("1k"), club="Lyon", country="FR"),
        Player(4, "Doe", "Eve", rank=parse_rank("1k"), club="Lyon", country="FR"),
    )
    formed = form_units(players, {1: "Wind", 2: "wind ", 3: "Fire", 4: "Fire"}, 2)
    wind, fire = formed.players
    assert (wind.number, wind.name, wind.rating, wind.rank) == (
        1,
        "Wind (Sato Aki, Kim Min)",
        1976,  # (2101 + 1850) / 2 = 1975.5, a half upwards
        None,
    )
    assert (wind.club, wind.country, fire.club, fire.country) == ("Lyon/Nice", "FR", "Lyon", "FR")
    assert fire.rank == parse_rank("1k") and fire.rating is None  # (no member's rating)
    assert wind.not_playing == {2} and not wind.plays_in(2) and wind.plays_in(3)
    assert formed.members == {1: (1, 2), 2: (3, 4)}
    assert formed.partly_out == ((1, 2, (1,)),)


def test_every_problem_of_the_units_at_once() -> None:
    players = tuple(Player(i, f"P{i}") for i in range(1, 9))
    units = {1: "A", 2: "B", 3: "B", 4: "B", 5: "C", 6: "C", 7: "D", 8: ""}
    sexes = {1: MALE, 5: MALE, 6: MALE, 7: FEMALE}
    formed = form_units(players, units, 2, sexes)
    told = sorted((p.player, p.kind, p.unit, p.count) for p in formed.problems)
    assert told == [
        (1, "alone", "A", 1),
        (4, "too many", "B", 3),
        (5, "not mixed", "C", 0),
        (6, "not mixed", "C", 0),
        (7, "alone", "D", 1),
        (8, "no unit", "", 0),
    ]
    assert formed.players == ()


def test_a_mixed_pair_needs_both_sexes_told() -> None:
    players = (Player(1, "A"), Player(2, "B"))
    formed = form_units(players, {1: "P", 2: "P"}, 2, {1: FEMALE})
    assert [(p.player, p.kind) for p in formed.problems] == [(2, "no sex")]
    assert form_units(players, {1: "P", 2: "P"}, 2, {1: FEMALE, 2: MALE}).problems == ()


def test_the_games_rating_bodies_get_none_of() -> None:
    members = {1: (Player(1, "A"), Player(3, "C")), 2: (Player(2, "B"), Player(4, "D"))}
    units = (Player(1, "U"), Player(2, "V"))
    played = Tournament(
        players=units, rounds=(Round(1, (Game(1, 1, 2, result=Result.WHITE_WINS),)),)
    )
    kept, left = games_left_out(played, members)
    assert left == 1
    assert [p.number for p in kept.players] == [1, 2, 3, 4]
    assert [r.games for r in kept.rounds] == [()]
