"""OpenGotha's engine piece by piece, on small hand-made tournaments: scores, the bye,
handicaps and colours, the criteria, and properties of whole tournaments paired round after
round. Every expected number is worked out in a comment from OpenGotha's rules.

Every test runs on both paths of the engine: numpy's and pure Python's
(:mod:`support.engine_paths`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.engine_paths import PATHS, engine_path
from support.examples import examples

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.opengotha import engine
from gosheet.core.opengotha.arrays import backend
from gosheet.core.opengotha.costs import det_random, handicap, pair_costs
from gosheet.core.opengotha.info import java_div, score_range
from gosheet.core.opengotha.scores import score_players, smms
from gosheet.core.opengotha.values import parse_club_groups
from gosheet.core.settings import Settings

MM = Settings.preset("mcmahon", rules="opengotha", rounds=5)
SWISS = Settings.preset("swiss", rules="opengotha", rounds=5)


def players(*ranks: int, club: str = "", country: str = "") -> tuple[Player, ...]:
    return tuple(
        Player(k, f"P{k:02d}", "X", rank, 2100 + 100 * rank, club, country)
        for k, rank in enumerate(ranks, start=1)
    )


@pytest.fixture(autouse=True, params=PATHS)
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every test on both paths of the engine: "numpy" and "pure"."""
    with engine_path(request.param):
        yield request.param


def ij(*pairs: tuple[int, int]) -> tuple[Any, Any]:
    """The pairs as two arrays of the engine's path."""
    xp = backend()
    first = xp.array([a for a, _ in pairs], dtype=xp.int64)
    return first, xp.array([b for _, b in pairs], dtype=xp.int64)


def test_java_division_truncates_toward_zero() -> None:
    assert [java_div(7, 2), java_div(-7, 2), java_div(7, -2), java_div(-7, -2)] == [3, -3, -3, 3]


def test_det_random_is_max_minus_the_value_when_the_first_name_sorts_after() -> None:
    """``Pairing.detRandom`` (OpenGotha 3.5x): the names joined in alphabetical order, then
    ``max − value`` when the first player's name sorts after the second's."""
    # "AB": 65·1 + 66·2 = 197; 197 · 1234567 = 243209699; mod 101 = 83; swapped: 100 − 83
    assert det_random(100, "A", "B") == 83
    assert det_random(100, "B", "A") == 17
    for a, b in [("LeeAnn", "KimBo"), ("Ä", "Z"), ("Zed", "Ä")]:
        assert det_random(1000, a, b) + det_random(1000, b, a) == 1000
    assert det_random(1000, "same", "same") == det_random(1000, "same", "same")
    # Java's order is by UTF-16 code units: "Z" (90) before "a" (97) before "Ä" (196)
    assert det_random(10, "a", "Z") == 10 - det_random(10, "Z", "a")


def test_the_bye_goes_to_the_last_of_equals_in_opengothas_list() -> None:
    """Three 30k players lost round 1 and tie for the bye of round 2 (rank − 30 + 2 × MMS 10
    = −10, no bye yet). OpenGotha's list is the standings after round 1: equal MMS, then SOSM
    — Aaron's opponent (10k) scored least, so Aaron is the last of the three and gets the
    bye: not Zed (the last by name) nor Moe (the last registered)."""
    ps = (
        Player(1, "Aaron", "A", -30),
        Player(2, "Zed", "Z", -30),
        Player(3, "Moe", "M", -30),
        Player(4, "Strong", "S", 4),
        Player(5, "Middle", "M", -1),
        Player(6, "Weaker", "W", -10, not_playing=frozenset({2})),
    )
    r1 = Round(
        1,
        (
            Game(1, 4, 2, result=Result.WHITE_WINS),
            Game(2, 5, 3, result=Result.WHITE_WINS),
            Game(3, 6, 1, result=Result.WHITE_WINS),
        ),
    )
    t = Tournament(MM, ps, (r1,))
    prepared = engine.prepare(t)
    weights = {p.surname: w for p, w in prepared.bye_weights}
    assert weights["Aaron"] == weights["Zed"] == weights["Moe"] == -30 + 2 * 10
    assert min(weights.values()) == -10
    assert prepared.bye is not None and prepared.bye.surname == "Aaron"
    listed = [p.surname for p, _ in prepared.bye_weights]
    assert listed[-3:] == ["Zed", "Moe", "Aaron"]  # by SOSM: 4d's MMS > 1k's > 10k's
    assert engine.pair(t).byes == (1,)
    # a bye already received weighs 1000: had Aaron had the bye of round 1, the last of
    # the two others in the list (Moe: 1k's MMS < 4d's) would get this one
    again = engine.prepare(Tournament(MM, ps, (Round(1, r1.games[:2], byes=(1,)),)))
    assert {p.surname: w for p, w in again.bye_weights}["Aaron"] == -30 + 2 * 11 + 1000
    assert again.bye is not None and again.bye.surname == "Moe"


def test_starting_mms_clamps_the_rank_to_floor_and_bar_and_adds_the_correction() -> None:
    # bar 4d (3), floor 20k (-20), zero 30k (-30): 7d → 3 + 30 = 33; 25k → -20 + 30 = 10;
    # 5k with a correction of +2 → -5 + 30 + 2 = 27
    assert smms(Player(1, "A", rank=6), MM) == 33
    assert smms(Player(2, "B", rank=-25), MM) == 10
    assert smms(Player(3, "C", rank=-5, mms_correction=2), MM) == 27


def test_bye_and_absent_points_add_up_then_round_down() -> None:
    # Round 1 absent (MMS ½), round 2 bye (MMS 1), round 3 absent (½): after round 1 the
    # ½ is rounded down to 0; after round 2, 1½ → 1; after round 3, 2 → 2 (doubled: 0, 2, 4)
    p = (Player(1, "A", rank=-10, not_playing=frozenset({1, 3})), Player(2, "B", rank=-10))
    rounds = (Round(1), Round(2, byes=(1,)), Round(3))
    t = Tournament(MM, p, rounds)
    scored = score_players(t)
    assert [m - 2 * 20 for m in scored[1].mms2] == [0, 2, 4]
    unrounded = score_players(Tournament(MM.replace(round_down=False), p, rounds))
    assert [m - 2 * 20 for m in unrounded[1].mms2] == [1, 3, 4]


def test_groups_count_every_score_between_floor_and_bar_even_empty() -> None:
    # McMahon before round 3 (index 2): from floor − 1 + 30 = 9 to bar + 2 + 2 + 30 = 37
    assert score_range(MM, 3) == (9, 37)
    # Swiss by wins: 0 … round index
    assert score_range(SWISS, 3) == (0, 2)


def test_handicap_from_mms_with_correction_threshold_and_ceiling() -> None:
    # 5k (MMS 25) against 15k (MMS 15): 10 stones − correction 1 = 9 (the ceiling)
    t = Tournament(MM, players(-5, -15, 2, 0, -7, -7))
    prepared = engine.prepare(t)
    at = {p.number: k for k, p in enumerate(prepared.info.players)}
    i, j = ij((at[1], at[2]), (at[2], at[1]), (at[3], at[4]), (at[1], at[5]))
    # 3d and 1d are both at the no-handicap threshold (1d): even; 5k–7k: 2 − 1 = 1
    assert handicap(MM, prepared.info, i, j).tolist() == [9, -9, 0, 1]
    capped = MM.replace(hd_ceiling=4)
    assert handicap(capped, prepared.info, i, j).tolist() == [4, -4, 0, 1]


def test_stronger_player_takes_white_in_a_handicap_game() -> None:
    t = Tournament(MM, players(-5, -8))
    pairing = engine.pair(t)
    (game,) = pairing.games
    # 5k (MMS 25) against 8k (22): 3 − 1 = 2 stones, the 5k is White
    assert (game.white, game.black, game.handicap) == (1, 2, 2)
    assert game.komi == 0.5


def test_even_game_white_goes_to_the_player_with_fewer_whites() -> None:
    ps = players(-5, -5, -5, -5)
    r1 = Round(
        1,
        (
            Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),  # 1 White wins, 2 Black
            Game(2, 3, 4, 0, 6.5, Result.BLACK_WINS),  # 3 White, 4 Black wins
        ),
    )
    t = Tournament(MM, ps, (r1,))
    # winners 1 (had White) and 4 (had Black) meet, so do losers 2 (Black) and 3 (White):
    # in each pair the one who had Black takes White
    games = {(g.white, g.black) for g in engine.pair(t).games}
    assert games == {(4, 1), (2, 3)}


def test_bye_mcmahon_lowest_rank_plus_twice_mms_last_of_equals_in_name_order() -> None:
    # Three equal 10k players: the weights tie, the last by name (P03) gets the bye.
    t = Tournament(MM, players(-10, -10, -10))
    assert engine.pair(t).byes == (3,)
    # Once P03 has had a bye he weighs 1000 more: P02 now.
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),), byes=(3,))
    assert engine.pair(Tournament(MM, t.players, (r1,))).byes == (2,)


def test_bye_swiss_counts_forty_per_win_under_the_fewest_wins_rule() -> None:
    # Bye rule "fewest wins", Swiss: rank + 40 × wins. P01 (10k) has won a game: -10 + 40 = 30;
    # P02 (5k, lost): -5; P03 (3k) had the bye before: -3 + 40 (bye = a win) + 1000 → P02.
    ps = players(-10, -5, -3)
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),), byes=(3,))
    fewest_wins = SWISS.replace(bye_rule="fewest wins")
    assert engine.pair(Tournament(fewest_wins, ps, (r1,))).byes == (2,)


def test_absent_players_are_not_paired() -> None:
    ps = (*players(-5, -6, -7, -8), Player(5, "P05", "X", -9, 1200, not_playing=frozenset({1})))
    pairing = engine.pair(Tournament(MM, ps))
    assert 5 not in {p for g in pairing.games for p in (g.white, g.black)}
    assert pairing.byes == ()


def test_never_met_weighs_the_duplicate_weight_and_met_weighs_nothing() -> None:
    ps = players(-5, -5, -5, -5)
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS), Game(2, 3, 4, 0, 6.5, Result.JIGO)))
    prepared = engine.prepare(Tournament(MM, ps, (r1,)))
    at = {p.number: k for k, p in enumerate(prepared.info.players)}
    costs = pair_costs(MM, prepared.info, *ij((at[1], at[2]), (at[1], at[3])))
    assert costs["baseDuplicateGameCost"].tolist() == [0, MM.opengotha.pai_avoid_duplicates]


def test_geography_same_club_gets_nothing_other_clubs_more() -> None:
    # Before round 1 nobody is above the thresholds (1d rank threshold, 4d bar, no wins):
    # same club and country → ratio 0 → f(W, 0) = W → 10^11 − 10^11 = 0.
    ps = (
        Player(1, "A", "X", -5, 1600, "Paris", "FR"),
        Player(2, "B", "X", -5, 1600, "Paris", "FR"),
        Player(3, "C", "X", -5, 1600, "Lyon", "FR"),
        Player(4, "D", "X", -5, 1600, "Köln", "DE"),
    )
    prepared = engine.prepare(Tournament(MM, ps))
    geo = pair_costs(MM, prepared.info, *ij((0, 1), (0, 2), (0, 3)))["secGeoCost"].tolist()
    assert geo[0] == 0
    assert 0 < geo[1] < geo[2] <= MM.opengotha.pai_avoid_same_geo
    # other club: ratio 3 · 1.2 / 27 groups + 0.5 / 27; f = W(1 − x)(1 + x/2)
    groups = 27  # floor − 1 … bar + 2 before round 1: 9 … 35
    x = min(3 * 1.2 / groups, 1.0) + 0.5 / groups
    assert geo[1] == 10**11 - int(10**11 * (1.0 - x) * (1.0 + 0.5 * x))


def test_dudd_scenarios_and_compensation() -> None:
    # Round 2 of a 4-player McMahon: P01, P02 won round 1 (MMS 26), P03, P04 lost (25).
    ps = players(-5, -5, -5, -5)
    r1 = Round(
        1, (Game(1, 1, 3, 0, 6.5, Result.WHITE_WINS), Game(2, 2, 4, 0, 6.5, Result.WHITE_WINS))
    )
    t = Tournament(MM, ps, (r1,))
    prepared = engine.prepare(t)
    info = prepared.info
    # nobody was drawn up or down in round 1 (equal scores): scenario 2 → 2 w, w = 10^8 / 5
    # MID of a group of 2: (w / 2) · (2 − 1 − |2c − 1|) / 2 = 0 for c = 0 and c = 1
    w = MM.opengotha.pai_dudd_weight // 5
    a, b = info.players.index(ps[0]), info.players.index(ps[3])
    dudd = pair_costs(MM, info, *ij((min(a, b), max(a, b))))["mainDUDDCost"].tolist()
    assert dudd == [2 * w]
    same_group = pair_costs(MM, info, *ij((0, 1)))["mainDUDDCost"].tolist()
    assert same_group == [0]


def _play(t: Tournament, rng: random.Random) -> Tournament:
    pairing = engine.pair(t)
    games = tuple(
        Game(g.table, g.white, g.black, g.handicap, g.komi, rng.choice(list(Result)[:2]))
        for g in pairing.games
    )
    return t.with_round(Round(pairing.round_number, games, pairing.byes))


@settings(
    max_examples=examples(25),
    deadline=None,
    # the path fixture enters its path once for every example: nothing to reset
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    n=st.integers(min_value=2, max_value=24),
    seed=st.integers(min_value=0, max_value=10**6),
    system=st.sampled_from(["mcmahon", "swiss"]),
)
def test_whole_tournaments_pair_everyone_once_and_never_twice_the_same_pair(
    n: int, seed: int, system: str
) -> None:
    rng = random.Random(seed)
    rounds = min(5, max(1, n - 1))
    s = Settings.preset(system, rules="opengotha", rounds=rounds)
    ps = tuple(
        Player(
            k,
            f"N{rng.randint(0, 99):02d}",
            f"F{k}",
            rng.randint(-30, 6),
            rng.randint(100, 2700),
            rng.choice(["A", "B", "C"]),
            rng.choice(["FR", "DE"]),
            not_playing=frozenset({r for r in range(1, rounds + 1) if rng.random() < 0.1}),
        )
        for k in range(1, n + 1)
    )
    # a round nobody plays cannot be paired (pairing refuses it): not a case for this test
    assume(all(any(p.plays_in(r) for p in ps) for r in range(1, rounds + 1)))
    t = Tournament(s, ps)
    met: set[frozenset[int]] = set()
    for number in range(1, rounds + 1):
        t = _play(t, rng)
        played = t.rounds[-1]
        present = {p.number for p in ps if p.plays_in(number)}
        seated = [p for g in played.games for p in (g.white, g.black)]
        assert sorted(seated + list(played.byes)) == sorted(present)
        assert len(played.byes) == len(present) % 2
        pairs = {frozenset((g.white, g.black)) for g in played.games}
        # Repeats only when a round-robin is exhausted among those present: with at most
        # rounds ≤ n − 1 and 10 % absences this is rare; it must at least stay < all pairs.
        if len(present) >= 2 * rounds + 2:
            assert not pairs & met
        met |= pairs
        for g in played.games:
            assert 0 <= g.handicap <= s.opengotha.hd_ceiling
            if s.system == "swiss":
                assert g.handicap == 0


def test_settings_fraction_fields_reach_the_scores() -> None:
    s = MM.replace(mms_bye=Fraction(1, 2), round_down=False)
    p = players(-10, -10, -10)
    t = Tournament(s, p, (Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),), byes=(3,)),))
    assert score_players(t)[3].mms2 == [2 * 20 + 1]


@pytest.mark.parametrize("blocks", [False, True])
def test_small_fields_are_the_same_with_or_without_blocks(blocks: bool) -> None:
    rng = random.Random(3)
    ps = tuple(Player(k, f"P{k:03d}", "X", rng.randint(-25, 5), 1500) for k in range(1, 41))
    t = Tournament(MM.replace(og_blocks=blocks), ps)
    t = _play(_play(t, rng), rng)
    assert len(engine.pair(t).games) == 20


def test_categories_keep_players_apart() -> None:
    # Two categories: 5k and stronger (0), weaker (1); avoid mixing weight 2·10^13.
    s = MM.replace(categories=(-5,), pai_avoid_mixing_categories=20_000_000_000_000)
    prepared = engine.prepare(Tournament(s, players(-3, -4, -10, -12)))
    at = {p.number: k for k, p in enumerate(prepared.info.players)}
    same, mixed = (at[1], at[2]), (at[1], at[3])
    costs = pair_costs(s, prepared.info, *ij(same, mixed))
    # x = |0 − 1| / 2 categories: f = W · (1 − ½) · (1 + ½ · ½) = W · 0.625
    assert costs["mainCategoryCost"].tolist() == [20_000_000_000_000, 12_500_000_000_000]
    # the score difference only counts inside a category
    assert costs["mainScoreDiffCost"].tolist()[1] == 0
    # groups run through the categories: the weaker category's groups come after
    assert prepared.info.group[at[3]] > prepared.info.group[at[1]]
    # every group holds one player (MMS 27, 26 | 20, 18): MID places cost 0, scenario 2 gives
    # 2w = 2 · 10^8 / 5; a different category divides it by (1 + 1)^4
    assert costs["mainDUDDCost"].tolist()[1] == 2 * (MM.opengotha.pai_dudd_weight // 5) // 16


def test_a_club_group_counts_as_half_a_club_away() -> None:
    # Paris and Versailles form a club group; Lyon does not belong to it. Before round 1
    # nobody is above a threshold, so the geography cost is 10^11 − f(10^11, r):
    # same club r = 0; same group r = 3 / 2 / 27 + 0.5 / 27; other club r = 3 · 1.2 / 27 + 0.5 / 27
    s = MM.replace(club_groups=(("Île-de-France", ("Paris", "Versailles")),))
    ps = (
        Player(1, "A", "X", -5, 1600, "Paris", "FR"),
        Player(2, "B", "X", -5, 1600, "Versailles", "FR"),
        Player(3, "C", "X", -5, 1600, "Lyon", "FR"),
        Player(4, "D", "X", -5, 1600, "Paris", "FR"),
    )
    prepared = engine.prepare(Tournament(s, ps))
    at = {p.number: k for k, p in enumerate(prepared.info.players)}
    pairs = ((at[1], at[4]), (at[1], at[2]), (at[1], at[3]))
    geo = pair_costs(s, prepared.info, *ij(*pairs))["secGeoCost"].tolist()

    def expected(r: float) -> int:
        return 10**11 - int(10**11 * (1.0 - r) * (1.0 + 0.5 * r)) if r else 0

    groups = 27
    assert geo == [
        expected(0.0),
        expected(3 / 2.0 / groups + 0.5 / groups),
        expected(3 * 1.2 / groups + 0.5 / groups),
    ]
    assert geo[0] < geo[1] < geo[2]


@pytest.mark.parametrize("typed", ["Toulouse 31To", "Toulouse:", ": 31To", "A: x; A: y"])
def test_club_groups_typed_wrong_are_refused_with_the_rule(typed: str) -> None:
    with pytest.raises(ValueError, match=r"club|group|colon"):
        parse_club_groups(typed)
