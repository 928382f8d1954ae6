"""The Oware organisers' book ("Llibre Auale Torneig", docs/systems.md §C, in Catalan),
sentence by sentence, then the common Swiss rules the issue adds to it
(``docs/systems.md`` §3): later rounds, byes, scoring, tiebreaks, and the
Oware workbook's own words.

This part: the pure core's pairings — the number of rounds, round one, later
rounds, first moves and byes (:mod:`gosheet.core`). The same book through the
workbook and the command line: ``workbook/test_swiss_book_workbook`` and
``frontends/cli/test_swiss_book_cli``.

Each test's docstring quotes the sentence of the book (or the rule of the
issue) it follows and says in English what is checked. Expected pairings and
numbers are worked out by hand in the comments, never taken from the code.

Internal convention: ``Game.white`` is the LEFT column player; in Oware the
left player ("First player") moves first; result "1-0" = the left player wins.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from support.pairing import pairs_of
from support.swiss import (
    LETTERS,
    game_with,
    lettered,
    named_tables,
    opponent,
    oware,
    played,
    tournament,
)

from gosheet.core.kinds import proposed_rounds
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.ranks import parse_rank
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round, swiss

# ============================================================ Quantitat de rondes


@pytest.mark.parametrize(
    ("players", "rounds"), [(8, 4), (10, 4), (12, 5), (16, 5), (20, 6), (32, 7), (64, 8)]
)
def test_rounds_formula(players: int, rounds: int) -> None:
    """«Qtt rondes := 1,3 vegades log base2 de qtt jugadors … el multipliquem per
    1,3 i arrodonim al més proper.» The number of rounds is 1.3 · log2 N rounded
    to the nearest whole number. By hand: 8 → 3.9 → 4; 10 → 4.32 → 4;
    12 → 4.66 → 5; 16 → 5.2 → 5; 20 → 5.62 → 6; 32 → 6.5 → 7 (a half rounds
    up); 64 → 7.8 → 8."""
    assert proposed_rounds(players) == rounds
    assert oware(rounds=None).rounds_for(players) == rounds


def test_rounds_worked_example_of_the_book() -> None:
    """«Si tenim 10 jugadors, farem Rondes := 1,3 * log2 (10) = 1,3 * 3,32 = 4,3.
    O sigui, farem 4 rondes.» Ten players: 1.3 · 3.32 = 4.3, so 4 rounds."""
    assert round(math.log2(10), 2) == 3.32
    assert round(1.3 * 3.32, 1) == 4.3
    assert proposed_rounds(10) == 4
    assert oware(rounds=None).rounds_for(10) == 4
    # A number set by the organiser wins over the proposal.
    assert oware(rounds=6).rounds_for(10) == 6


def test_rounds_with_a_calculator_without_log2() -> None:
    """«log base 2 X := (log base n X) / (log base n 2) … en base 10 … Igual si el
    que fa són logaritmes neperians.» The change of base gives the same number of
    rounds, with base-10 and natural logarithms, for every field up to 300."""
    for n in range(2, 301):
        for log in (math.log10, math.log):
            value = 1.3 * log(n) / log(2)
            if n == 32:  # exactly 6.5: the half goes up
                expected = 7
            else:
                assert abs(value - math.floor(value) - 0.5) > 1e-6, n
                expected = math.floor(value + 0.5)
            assert proposed_rounds(n) == expected, (n, value)


# ================================================== Aparellament de la primera ronda


def test_round_one_ten_players_by_rating() -> None:
    """«Ordenem els jugadors de millor a pitjor. Tallem la llista per la meitat.
    Aparellem el primer de la primera meitat amb el primer de la segona meitat …
    Els nostres 10 jugadors són A … J, ordenats de millor a pitjor. A la primera
    ronda els aparellarem: A-F, B-G, C-H, D-I i E-J.» The roster is typed in a
    shuffled order; the ratings say A > B > … > J; tables 1 to 5 are A–F, B–G,
    C–H, D–I, E–J, and nobody has a bye."""
    order = list("GCJAEHBIFD")  # the roster's order: not the strength order
    players = tuple(
        Player(i + 1, letter, rating=2000 - 50 * LETTERS.index(letter))
        for i, letter in enumerate(order)
    )
    pairing = pair_next_round(Tournament(oware(), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    assert pairing.byes == ()


def test_round_one_ten_go_players_by_rank_only() -> None:
    """«Si els tenim classificats per altres torneigs …» With ranks only (a Go
    roster, no ratings), the rank orders them: A 5d … J 5k (no 0 in between:
    5d 4d 3d 2d 1d 1k 2k 3k 4k 5k) play A–F, B–G, C–H, D–I, E–J."""
    ranks = ["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k", "5k"]
    order = list("JIHGFEDCBA")  # weakest typed first
    players = tuple(
        Player(i + 1, letter, rank=parse_rank(ranks[LETTERS.index(letter)]))
        for i, letter in enumerate(order)
    )
    pairing = pair_next_round(Tournament(Settings.preset("swiss", "go", rounds=4), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]


def test_round_one_odd_count_the_worst_has_the_bye() -> None:
    """«Si el nombre de jugadors fos senar és la segona meitat la que ha de tenir
    un jugador més i és el pitjor el que ha de quedar-se sense jugar en aquesta
    ronda.» Eleven players A … K: the top half is A–E (5), the bottom half F–K
    (6); A–F, B–G, C–H, D–I, E–J, and K, the worst, has the bye."""
    players = lettered(11)
    pairing = pair_next_round(Tournament(oware(), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    assert pairing.byes == (11,)  # K


def test_round_one_without_information_is_by_lot_and_reproducible() -> None:
    """«Si no tenim CAP informació del nivell dels jugadors, farem el primer
    aparellament a l'atzar.» Without ratings, ranks or tiers the first round is
    drawn by lot from the tournament's Random seed: the same seed gives the same
    round (tables, players and who moves first); other seeds give other draws,
    and the draw does not simply follow the roster's order (1–6, 2–7, …)."""
    players = lettered(10, ratings=False)

    def first_round(seed: int) -> tuple[tuple[int, int], ...]:
        t = Tournament(oware(random_seed=seed), players)
        return tuple((g.white, g.black) for g in pair_next_round(t).games)

    assert first_round(12345) == first_round(12345)
    draws = {first_round(seed) for seed in range(20)}
    assert len(draws) >= 15  # 20 seeds: almost all different
    roster_order = {frozenset((i, i + 5)) for i in range(1, 6)}
    not_roster_order = [
        d for d in draws if {frozenset(p) for p in d} != roster_order
    ]  # the lot, not the roster, decides
    assert len(not_roster_order) >= 15
    # Everyone plays once; ten players, no bye.
    for d in draws:
        assert sorted(p for pair in d for p in pair) == list(range(1, 11))


def _tiered(tiers: Sequence[int | None], seed: int) -> tuple[tuple[Player, ...], Pairing]:
    players = tuple(Player(i + 1, f"P{i + 1:02d}", tier=tier) for i, tier in enumerate(tiers))
    return players, pair_next_round(Tournament(oware(random_seed=seed), players))


@pytest.mark.parametrize(
    "tiers",
    [
        [2, 1, 3, 2, 1, 3, 2, 1, 3, 2],  # ten players: 3 best, 4 middle, 3 weakest
        [2, 1, 2, 1, 1, 2, 2, 1, 2, 1, 1, 2],  # only two tiers, 6 and 6
        [3, 3, 2, 1, 2, 1, 3, 2, 2, 3, 1],  # eleven: one has the bye
    ],
    ids=["ten-three-tiers", "twelve-two-tiers", "eleven-three-tiers"],
)
def test_round_one_with_some_information_keeps_best_and_weakest_apart(
    tiers: list[int],
) -> None:
    """«Si només tenim "alguna" informació del nivell dels jugadors, tipus quins
    sembla que són els millors, o quins els pitjors, intentarem que, en aquesta
    primera ronda, com a mínim, els millors no juguin entre ells ni els pitjors
    entre ells.» With a strength Tier column (1 = among the best), for 30 lots:
    no two players of the best tier meet, nor two of the weakest tier."""
    best, worst = min(tiers), max(tiers)
    for seed in range(30):
        players, pairing = _tiered(tiers, seed)
        tier = {p.number: p.tier for p in players}
        for g in pairing.games:
            both = (tier[g.white], tier[g.black])
            assert both != (best, best), (seed, g)
            assert both != (worst, worst), (seed, g)
        if len(tiers) % 2:
            assert len(pairing.byes) == 1
            assert tier[pairing.byes[0]] == worst  # the bye: one of the weakest


def test_round_one_only_the_best_marked() -> None:
    """«… tipus quins sembla que són els millors …» The organiser marks only the
    players who seem the best (Tier 1) and leaves the others blank. Eleven
    players, three marked: whatever the lot, the bye («és el pitjor el que ha de
    quedar-se sense jugar») never goes to one of the three best, and the best
    never meet each other."""
    tiers = [1, None, None, 1, None, None, None, 1, None, None, None]
    for seed in range(10):
        players, pairing = _tiered(tiers, seed)
        marked = {p.number for p in players if p.tier == 1}
        assert pairing.byes and pairing.byes[0] not in marked, seed
        for g in pairing.games:
            assert not {g.white, g.black} <= marked


# ======================================================= Later rounds (issue, §3)


def test_later_round_score_groups_top_half_against_bottom_half() -> None:
    """Issue: «Later rounds: score groups, top half against bottom half inside a
    group». Eight players 1 … 8 (best first). Round 1 (typed by hand): 1–5,
    2–6, 3–7, 4–8, the better player wins everywhere, first moves chosen so that
    1, 2, 7, 8 moved first. Round 2: the winners {1, 2, 3, 4} form one score
    group, halves {1, 2} and {3, 4}: 1–3, 2–4; the losers {5, 6, 7, 8}: 5–7,
    6–8. Each pair's players moved differently in round 1, so each gets the
    other move now: 3 moves first against 1, 4 against 2, 5 against 7, 6
    against 8."""
    r1 = played(1, [(1, 5, "1-0"), (2, 6, "1-0"), (7, 3, "0-1"), (8, 4, "0-1")])
    pairing = pair_next_round(tournament(8, [r1]))
    assert pairs_of(pairing) == {
        frozenset({1, 3}),
        frozenset({2, 4}),
        frozenset({5, 7}),
        frozenset({6, 8}),
    }
    firsts = {g.white for g in pairing.games}  # Oware: the left player moves first
    assert firsts == {3, 4, 5, 6}
    assert pairing.byes == ()


def test_later_round_never_the_same_pair_twice() -> None:
    """Issue: «no repeated pairing». Four players. Round 1: 1–3 (1 wins), 2–4
    (2 wins); round 2: 1–2 and 3–4, both drawn. Scores 1.5, 1.5, 0.5, 0.5: the
    score groups would pair 1–2 and 3–4 again; the only pairing without a
    repeat is 1–4, 2–3."""
    r1 = played(1, [(1, 3, "1-0"), (4, 2, "0-1")])
    r2 = played(2, [(2, 1, "½-½"), (3, 4, "½-½")])
    pairing = pair_next_round(tournament(4, [r1, r2]))
    assert pairs_of(pairing) == {frozenset({1, 4}), frozenset({2, 3})}


def test_later_round_a_repeat_when_it_cannot_be_avoided() -> None:
    """«… while one can be avoided»: two players, two rounds; the second round
    cannot avoid the same pair, and it is still paired (not refused)."""
    r1 = played(1, [(1, 2, "1-0")])
    pairing = pair_next_round(tournament(2, [r1], rounds=2))
    assert pairs_of(pairing) == {frozenset({1, 2})}
    assert game_with(pairing, 1).white == 2  # and the first move changes hands


def _floater_rounds() -> list[Round]:
    """Ten players 1 … 10. Round 1: 1–6, 2–7, 3–8, 4–9, 5–10, the better
    player wins. Round 2: the winners' group {1 … 5} is odd: 1–3 and 2–4 inside
    it, 5 floats down to 6, the top of the losers; 7–9, 8–10. Every game of
    round 2 is drawn. First moves alternate for everybody (no one is bound)."""
    r1 = played(1, [(1, 6, "1-0"), (2, 7, "1-0"), (8, 3, "0-1"), (9, 4, "0-1"), (5, 10, "1-0")])
    r2 = played(2, [(3, 1, "½-½"), (4, 2, "½-½"), (6, 5, "½-½"), (7, 9, "½-½"), (10, 8, "½-½")])
    return [r1, r2]


def _check_floater_round(pairing: Pairing) -> tuple[int, int]:
    """The two groups after round 2: {1 … 5} on 1.5 and {6 … 10} on 0.5, both
    odd: exactly one game joins them. Returns (its upper, its lower) player."""
    upper = {1, 2, 3, 4, 5}
    crossing = [g for g in pairing.games if len({g.white, g.black} & upper) == 1]
    assert len(crossing) == 1
    g = crossing[0]
    return (g.white, g.black) if g.white in upper else (g.black, g.white)


def test_later_round_floaters_not_the_same_player_twice_running() -> None:
    """Issue: «floaters (not the same player twice running)»; §3: «the odd
    player of a group floats down (not the same player twice running)». After
    :func:`_floater_rounds`, the group {1 … 5} on 1.5 points is odd again; its
    natural floater, the last one (5), floated down in round 2, and others can
    float instead: 5 stays in its group. Likewise 6 floated up in round 2: the
    floater from above meets another player of {6 … 10}."""
    pairing = pair_next_round(tournament(10, _floater_rounds()))
    down, up = _check_floater_round(pairing)
    assert down != 5
    assert up != 6
    assert not pairs_of(pairing) & {
        frozenset(p)
        for p in ((1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (1, 3), (2, 4), (5, 6), (7, 9), (8, 10))
    }


def test_later_round_floater_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control for the test above: with the memory of last round's floats
    switched off, the same round floats 5 down to 6's group again (so the test
    above does see the rule at work)."""
    monkeypatch.setattr(swiss, "last_floats", lambda t: {})
    pairing = pair_next_round(tournament(10, _floater_rounds()))
    down, _up = _check_floater_round(pairing)
    assert down == 5


def test_later_round_a_floater_meets_the_next_score_group() -> None:
    """§3: «score groups; … the odd player of a group floats down» — to the next
    group, not past it. Six players. Round 1: 1–4 (1 wins), 2–5 (2 wins), 3–6
    (6 wins); round 2: 1–2 (1 wins), 6–3 (3 wins), 4–5 (4 wins). Scores: 1 has
    2 points, 2, 3, 4, 6 have 1, 5 has 0. The leader 1 floats down into the
    1-point group and 5 floats up into it (1–3 or 1–6 and 5–3 or 5–6): the
    leader never meets the last player, two score groups away."""
    r1 = played(1, [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "0-1")])
    r2 = played(2, [(2, 1, "0-1"), (6, 3, "0-1"), (4, 5, "1-0")])
    pairing = pair_next_round(tournament(6, [r1, r2]))
    assert opponent(pairing, 1) in {3, 6}
    assert opponent(pairing, 5) in {3, 6}


def test_first_move_never_three_times_running() -> None:
    """Issue: «first-move balance (never three times running …)». Four players.
    Round 1: 1 first against 3, 4 first against 2; round 2: 1 first against 4,
    2 first against 3. Histories: 1 first, first; 2 second, first; 3 second,
    second; 4 first, second. Round 3 can only be 1–2 and 3–4 (no repeats).
    1 must now move second although 2 would rather (by alternation) move
    second too: 2 moves first; 3 must move first although 4 would rather move
    first: 3 moves first."""
    r1 = played(1, [(1, 3, "1-0"), (4, 2, "0-1")])
    r2 = played(2, [(1, 4, "0-1"), (2, 3, "½-½")])
    pairing = pair_next_round(tournament(4, [r1, r2]))
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4})}
    assert game_with(pairing, 1).white == 2
    assert game_with(pairing, 3).white == 3


def test_first_move_difference_at_most_two() -> None:
    """Issue: «first-move balance (… difference at most two)». Six players, a
    round robin typed by hand for four rounds (all draws):
    R1 1–6 2–5 3–4, R2 1–5 6–4 2–3, R3 1–4 5–3 6–2, R4 1–3 4–2 5–6.
    Histories (F = moved first, S = second): 1 F F S F (two more firsts, not
    three running); 2 S F S F (wants to move second); 3 S S F S (two more
    seconds); 6 S F F S (wants first); 4 F S F S; 5 F S S F. Round 5 has one
    pairing without repeats: 1–2, 3–6, 4–5. 1 moving first would make the
    difference 3: 2 moves first against its wish; 3 moving second would make
    it −3: 3 moves first against 6's wish; 4–5 follow their wishes: 4 first."""
    r1 = played(1, [(1, 6, "½-½"), (5, 2, "½-½"), (4, 3, "½-½")])
    r2 = played(2, [(1, 5, "½-½"), (6, 4, "½-½"), (2, 3, "½-½")])
    r3 = played(3, [(4, 1, "½-½"), (3, 5, "½-½"), (6, 2, "½-½")])
    r4 = played(4, [(1, 3, "½-½"), (2, 4, "½-½"), (5, 6, "½-½")])
    pairing = pair_next_round(tournament(6, [r1, r2, r3, r4]))
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5})}
    assert {g.white for g in pairing.games} == {2, 3, 4}


def test_first_move_in_go_is_blacks() -> None:
    """In Go, Black moves first (Game.black); the same history in a Go
    tournament: 1 played Black twice, so 1 gets White in round 3."""
    r1 = Round(1, (Game(1, 3, 1, 0, 6.5, Result.BLACK_WINS), Game(2, 2, 4, 0, 6.5, Result.JIGO)))
    r2 = Round(2, (Game(1, 4, 1, 0, 6.5, Result.WHITE_WINS), Game(2, 3, 2, 0, 6.5, Result.JIGO)))
    t = Tournament(Settings.preset("swiss", "go", rounds=3), lettered(4), (r1, r2))
    pairing = pair_next_round(t)
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4})}
    assert game_with(pairing, 1).white == 1  # 1 moved first twice: now second (White)
    assert game_with(pairing, 3).black == 3  # 3 moved second twice: now first (Black)


def test_bye_to_the_lowest_score_group() -> None:
    """Issue: «the bye to the lowest-ranked player of the lowest score group who
    has not had one». Seven players. Round 1: 1–4 (1 wins), 2–5 (5 wins), 3–6
    (6 wins), 7 has the bye. Scores: 1, 5, 6, 7 have 1; 2, 3, 4 have 0. The
    lowest score group is {2, 3, 4}; its lowest-ranked is 4 — not 5 or 6, who
    are ranked lower but scored."""
    r1 = played(1, [(1, 4, "1-0"), (5, 2, "1-0"), (6, 3, "1-0")], byes=[7])
    pairing = pair_next_round(tournament(7, [r1]))
    assert pairing.byes == (4,)
    assert pairs_of(pairing) >= {frozenset({2, 3})}  # the rest of the 0 group


def test_bye_to_a_player_who_has_not_had_one() -> None:
    """Five players. Round 1: 1–3 (1 wins), 2–4 (2 wins), 5 has the bye;
    round 2: 1–2 (1 wins), 5–3 (3 wins), 4 has the bye. Scores: 1 has 2;
    2, 3, 4, 5 have 1. The lowest group is {2, 3, 4, 5}; 5 and 4 have had a
    bye, so the bye goes to 3; the others pair without repeats: 1–4, 2–5."""
    r1 = played(1, [(1, 3, "1-0"), (2, 4, "1-0")], byes=[5])
    r2 = played(2, [(1, 2, "1-0"), (5, 3, "0-1")], byes=[4])
    pairing = pair_next_round(tournament(5, [r1, r2]))
    assert pairing.byes == (3,)
    assert pairs_of(pairing) == {frozenset({1, 4}), frozenset({2, 5})}


def test_bye_skips_an_absent_player() -> None:
    """A player who does not play the round (Not playing) gets neither a game
    nor the bye; with him away the field is even and nobody has a bye."""
    players = tuple(
        Player(
            i + 1,
            LETTERS[i],
            rating=2000 - 25 * i,
            not_playing=frozenset({1}) if i == 4 else frozenset(),
        )
        for i in range(5)
    )
    pairing = pair_next_round(Tournament(oware(), players))
    assert pairing.byes == ()
    assert 5 not in {p for g in pairing.games for p in (g.white, g.black)}
    assert pairs_of(pairing) == {frozenset({1, 3}), frozenset({2, 4})}


def test_a_random_field_plays_all_proposed_rounds() -> None:
    """Sanity of the whole: 20 players with ratings play the proposed 6 rounds
    (1.3 · log2 20 = 5.62) with random results, no pair twice."""
    lot = random.Random(5)
    t = Tournament(oware(rounds=None, random_seed=5), lettered(20))
    assert t.settings.rounds_for(20) == 6
    for _ in range(6):
        pairing = pair_next_round(t)
        games = tuple(
            Game(g.table, g.white, g.black, 0, 0.0, lot.choice(list(Result)[:3]))
            for g in pairing.games
        )
        assert not pairs_of(pairing) & t.have_met()
        t = t.with_round(Round(pairing.round_number, games, pairing.byes))
    assert len(t.rounds) == 6
